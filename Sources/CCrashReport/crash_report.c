/*
 * crash_report.c - see crash_report.h. The handler uses only functions on
 * POSIX's async-signal-safe list (write, sigaction, raise, signal).
 */
#define _DEFAULT_SOURCE /* SA_ONSTACK */
#include "crash_report.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

enum { DEPTH = 16, TEXT = 512 };

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous[CRASH_COUNT];

/* Plugin calls in flight: contexts[0 .. depth-1]. Deeper calls than DEPTH
 * keep counting but are reported as the deepest one recorded. */
static char contexts[DEPTH][TEXT];
static volatile sig_atomic_t depth;
static rh_call_slot_t *published;

void rh_crash_attach_slot(rh_call_slot_t *slot)
{
    published = slot;
}

static void copy_text(char *out, size_t size, const char *text)
{
    size_t n = 0;
    for (const char *p = text; p && *p && n + 1 < size; p++) out[n++] = *p;
    out[n] = '\0';
}

static void publish(const char *target, const char *function)
{
    rh_call_slot_t *slot = published;
    if (!slot) return;
    if (function) {
        copy_text(slot->function, sizeof slot->function, function);
        copy_text(slot->target, sizeof slot->target, target);
    }
    slot->depth = (uint32_t)depth;
    slot->sequence = slot->sequence + 1;
}

static void copy_context(char *out, const char *target, const char *function)
{
    size_t n = 0;
    for (const char *p = target; p && *p && n < TEXT - 64; p++) out[n++] = *p;
    const char *in = " crashed (%s) in ";
    for (const char *p = in; *p && n < TEXT - 1; p++) out[n++] = *p;
    for (const char *p = function; p && *p && n < TEXT - 1; p++) out[n++] = *p;
    out[n] = '\0';
}

void rh_crash_enter(const char *target, const char *function)
{
    if (depth < DEPTH) copy_context(contexts[depth], target, function);
    depth = depth + 1;
    publish(target, function);
}

void rh_crash_leave(void)
{
    if (depth > 0) depth = depth - 1;
    publish(NULL, NULL);
}

const char *rh_signal_name(int signal_number)
{
    switch (signal_number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
    }
}

static void put(const char *text)
{
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

static void on_crash(int signal_number, siginfo_t *info, void *context)
{
    size_t slot = 0;
    while (slot < CRASH_COUNT && crash_signals[slot] != signal_number) slot++;
    if (depth == 0 && slot < CRASH_COUNT) {
        /* Not in a plugin: a host bug. Let the previous handler report it. */
        struct sigaction *p = &previous[slot];
        sigaction(signal_number, p, NULL);
        if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction) {
            p->sa_sigaction(signal_number, info, context);
            return;
        }
        if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
            p->sa_handler(signal_number);
            return;
        }
        raise(signal_number);
        return;
    }
    const char *text = contexts[depth <= DEPTH ? depth - 1 : DEPTH - 1];
    const char *mark = strstr(text, "%s");
    put("Error: ");
    if (mark) {
        ssize_t ignored = write(STDERR_FILENO, text, (size_t)(mark - text));
        (void)ignored;
        put(rh_signal_name(signal_number));
        put(mark + 2);
    } else {
        put(text);
    }
    put("; `refresh-host validate` on its .so reports such crashes without stopping\n");
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void rh_crash_report_install(void)
{
    for (size_t i = 0; i < CRASH_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_crash;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[i], &action, &previous[i]);
    }
}

void rh_signal_default_raise(int signal_number)
{
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
}
