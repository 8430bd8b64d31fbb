/*
 * output_guard.c - see output_guard.h. The handler reaches only unlink,
 * sigaction, sigprocmask and raise (POSIX async-signal-safe) and lock-free
 * atomics on int.
 */
#define _POSIX_C_SOURCE 200809L
#include "output_guard.h"
#include "crash_report.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { FREE = 0, CLAIMED = 1, READY = 2 };

/* A slot is CLAIMED while its path is being copied, READY once the handler
 * may read it: the handler never sees a half-written path. */
static atomic_int states[RH_OUTPUT_GUARD_SLOTS];
static char paths[RH_OUTPUT_GUARD_SLOTS][RH_OUTPUT_GUARD_PATH_MAX];

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define QUIT_COUNT (sizeof quit_signals / sizeof quit_signals[0])
static struct sigaction previous[QUIT_COUNT];
static atomic_int installed;

void rh_output_remove_temporaries(void)
{
    for (int i = 0; i < RH_OUTPUT_GUARD_SLOTS; i++) {
        if (atomic_load(&states[i]) == READY)
            unlink(paths[i]);
    }
}

static void on_quit(int signal_number)
{
    rh_output_remove_temporaries();
    for (size_t i = 0; i < QUIT_COUNT; i++) {
        if (quit_signals[i] != signal_number)
            continue;
        void (*chained)(int) = previous[i].sa_handler;
        if ((previous[i].sa_flags & SA_SIGINFO) == 0 && chained != SIG_DFL && chained != SIG_IGN) {
            chained(signal_number);
            return;
        }
    }
    /* End the way the process would have without us: default action. */
    rh_signal_default_raise(signal_number);
}

static void install(void)
{
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1))
        return;
    for (size_t i = 0; i < QUIT_COUNT; i++) {
        struct sigaction current;
        if (sigaction(quit_signals[i], NULL, &current) != 0)
            continue;
        /* nohup and the like ignore SIGHUP on purpose: keep it ignored. */
        if ((current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_IGN)
            continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_quit;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(quit_signals[i], &action, &previous[i]);
    }
}

int rh_output_register(const char *path)
{
    size_t length = strlen(path);
    if (length >= RH_OUTPUT_GUARD_PATH_MAX)
        return -1;
    install();
    for (int i = 0; i < RH_OUTPUT_GUARD_SLOTS; i++) {
        int expected = FREE;
        if (!atomic_compare_exchange_strong(&states[i], &expected, CLAIMED))
            continue;
        memcpy(paths[i], path, length + 1);
        atomic_store(&states[i], READY);
        return i;
    }
    return -1;
}

void rh_output_unregister(int slot)
{
    if (slot >= 0 && slot < RH_OUTPUT_GUARD_SLOTS)
        atomic_store(&states[slot], FREE);
}

int rh_stdout_flush(void) {
    errno = 0;
    int failed = fflush(stdout) != 0 || ferror(stdout);
    int code = failed ? (errno ? errno : EIO) : 0;
    clearerr(stdout);
    return code;
}
