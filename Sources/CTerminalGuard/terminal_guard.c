/*
 * terminal_guard.c - see terminal_guard.h. Every function a handler reaches
 * is on POSIX's async-signal-safe list: write, tcsetattr, sigaction,
 * sigprocmask, raise.
 */
#define _XOPEN_SOURCE 700 /* sigaltstack, SA_ONSTACK */
#include "terminal_guard.h"
#include "crash_report.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define RESTORE_CAPACITY 256
#define MESSAGE_CAPACITY 256

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define CRASH_COUNT (sizeof crash_signals / sizeof crash_signals[0])
#define QUIT_COUNT (sizeof quit_signals / sizeof quit_signals[0])

static int guard_tty_fd = -1;
static int guard_out_fd = -1;
static struct termios guard_saved;
static char guard_restore[RESTORE_CAPACITY];
static size_t guard_restore_length;
static char guard_name[MESSAGE_CAPACITY];
static volatile sig_atomic_t guard_armed;
static volatile sig_atomic_t pending_quit;
static volatile sig_atomic_t pending_resize;

static struct sigaction previous_crash[CRASH_COUNT];
static struct sigaction previous_quit[QUIT_COUNT];
static struct sigaction previous_winch;

/* An alternate stack, so a stack overflow in a style still reaches the handler. */
static char alternate_stack[64 * 1024];

static void write_all(int fd, const char *bytes, size_t length)
{
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        bytes += n;
        length -= (size_t)n;
    }
}

void terminal_guard_restore(void)
{
    if (guard_out_fd >= 0)
        write_all(guard_out_fd, guard_restore, guard_restore_length);
    if (guard_tty_fd >= 0)
        tcsetattr(guard_tty_fd, TCSANOW, &guard_saved);
}

void terminal_guard_reraise(int signal_number)
{
    rh_signal_default_raise(signal_number);
    _exit(128 + signal_number); /* a signal whose default action is to carry on */
}

bool terminal_guard_window_size(int fd, int *columns, int *rows)
{
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0)
        return false;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return true;
}

static void on_crash(int signal_number)
{
    if (guard_armed) {
        guard_armed = 0;
        terminal_guard_restore();
        const char *name = rh_signal_name(signal_number);
        write_all(STDERR_FILENO, guard_name, strlen(guard_name));
        write_all(STDERR_FILENO, " crashed (", 10);
        write_all(STDERR_FILENO, name, strlen(name));
        write_all(STDERR_FILENO, "); terminal restored\n", 21);
    }
    rh_signal_default_raise(signal_number);
}

static void on_quit(int signal_number)
{
    if (pending_quit != 0 && guard_armed) {
        /* The loop has not picked up the first one: it is stuck. */
        guard_armed = 0;
        terminal_guard_restore();
        rh_signal_default_raise(signal_number);
        return;
    }
    pending_quit = signal_number;
}

static void on_winch(int signal_number)
{
    (void)signal_number;
    pending_resize = 1;
}

static bool install(int signal_number, void (*handler)(int), int flags, struct sigaction *previous)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, previous) == 0;
}

bool terminal_guard_arm(int tty_fd, int out_fd, const struct termios *saved, const char *restore,
                        size_t restore_length, const char *name)
{
    if (restore_length > RESTORE_CAPACITY || strlen(name) >= MESSAGE_CAPACITY)
        return false;
    guard_tty_fd = tty_fd;
    guard_out_fd = out_fd;
    guard_saved = *saved;
    memcpy(guard_restore, restore, restore_length);
    guard_restore_length = restore_length;
    strcpy(guard_name, name);
    pending_quit = 0;
    pending_resize = 0;

    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);

    bool ok = true;
    for (size_t i = 0; i < CRASH_COUNT; i++)
        ok = install(crash_signals[i], on_crash, SA_ONSTACK, &previous_crash[i]) && ok;
    for (size_t i = 0; i < QUIT_COUNT; i++)
        ok = install(quit_signals[i], on_quit, SA_RESTART, &previous_quit[i]) && ok;
    ok = install(SIGWINCH, on_winch, SA_RESTART, &previous_winch) && ok;
    /* A blocked mask is inherited through fork and exec (a test harness's
     * threads, a terminal multiplexer): unblock what the guard handles, or
     * a SIGTERM would never arrive. */
    sigset_t handled;
    sigemptyset(&handled);
    for (size_t i = 0; i < CRASH_COUNT; i++)
        sigaddset(&handled, crash_signals[i]);
    for (size_t i = 0; i < QUIT_COUNT; i++)
        sigaddset(&handled, quit_signals[i]);
    sigaddset(&handled, SIGWINCH);
    ok = sigprocmask(SIG_UNBLOCK, &handled, NULL) == 0 && ok;
    guard_armed = 1;
    if (!ok)
        terminal_guard_disarm();
    return ok;
}

void terminal_guard_disarm(void)
{
    if (!guard_armed)
        return;
    guard_armed = 0;
    for (size_t i = 0; i < CRASH_COUNT; i++)
        sigaction(crash_signals[i], &previous_crash[i], NULL);
    for (size_t i = 0; i < QUIT_COUNT; i++)
        sigaction(quit_signals[i], &previous_quit[i], NULL);
    sigaction(SIGWINCH, &previous_winch, NULL);
}

int terminal_guard_take_quit_signal(void)
{
    int signal_number = pending_quit;
    pending_quit = 0;
    return signal_number;
}

bool terminal_guard_take_resize(void)
{
    bool resized = pending_resize != 0;
    pending_resize = 0;
    return resized;
}
