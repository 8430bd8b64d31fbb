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

/* Appends `text` to out[*n ..] (stopping before `limit`) with its control
 * characters written out as the host's terminal output writes them
 * (docs/cli.md): the target may be a file's name, and this line reaches the
 * terminal raw. ESC, CR, LF and tab as \e \r \n \t, other C0 and DEL as
 * \xNN, and C1 controls, bidi marks, overrides and isolates and U+2028/9
 * (in UTF-8) as \u{NNNN}. */
static void copy_visible(char *out, size_t *n, size_t limit, const char *text)
{
    /* As Swift's String(radix:) writes them: \u{...} upper case, \xNN lower. */
    static const char hex[] = "0123456789ABCDEF", lower[] = "0123456789abcdef";
    char shown[16];
    for (const unsigned char *p = (const unsigned char *)text; p && *p;) {
        size_t length = 0, used = 1;
        unsigned code = 0;
        if (p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
            code = p[1];
            used = 2;
        } else if (p[0] == 0xD8 && p[1] == 0x9C) {
            code = 0x061C;
            used = 2;
        } else if (p[0] == 0xE2 && p[1] && p[2]) {
            unsigned c = 0x2000u | ((unsigned)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            if ((p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80
                && (c == 0x200E || c == 0x200F || (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))) {
                code = c;
                used = 3;
            }
        }
        if (used > 1) {
            shown[length++] = '\\';
            shown[length++] = 'u';
            shown[length++] = '{';
            if (code > 0xFFF) shown[length++] = hex[(code >> 12) & 0xF];
            if (code > 0xFF) shown[length++] = hex[(code >> 8) & 0xF];
            shown[length++] = hex[(code >> 4) & 0xF];
            shown[length++] = hex[code & 0xF];
            shown[length++] = '}';
        } else if (p[0] < 0x20 || p[0] == 0x7F) {
            shown[length++] = '\\';
            switch (p[0]) {
            case 0x1B: shown[length++] = 'e'; break;
            case '\r': shown[length++] = 'r'; break;
            case '\n': shown[length++] = 'n'; break;
            case '\t': shown[length++] = 't'; break;
            default:
                shown[length++] = 'x';
                shown[length++] = lower[p[0] >> 4];
                shown[length++] = lower[p[0] & 0xF];
            }
        } else {
            shown[length++] = (char)p[0];
        }
        if (*n + length > limit) return;
        for (size_t i = 0; i < length; i++) out[(*n)++] = shown[i];
        p += used;
    }
}

static void copy_context(char *out, const char *target, const char *function)
{
    size_t n = 0;
    copy_visible(out, &n, TEXT - 64, target);
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
