/*
 * crash_report.h - one line instead of a backtrace when a plugin crashes.
 *
 * The dispatcher marks every call into a plugin with rh_crash_enter() and
 * rh_crash_leave(). If the process receives SIGSEGV, SIGBUS, SIGILL, SIGFPE
 * or SIGABRT while a plugin call is in flight, the handler writes
 *   "Error: <target> crashed (SIGSEGV) in <function>; ..."
 * to stderr and dies of the same signal. A crash outside plugin code is
 * handed to whatever handler was installed before (Swift's backtracer), so
 * host bugs keep their backtrace.
 */
#ifndef REFRESH_HOST_CRASH_REPORT_H
#define REFRESH_HOST_CRASH_REPORT_H

#include <stdint.h>

/* The plugin call in flight, published where a supervising process can read
 * it: a worker maps one page shared with its supervisor and attaches it here,
 * so that when the worker crashes or hangs, the supervisor can name the
 * callback without trusting anything the worker says afterwards. Every field
 * is written by the worker only; the supervisor treats it as untrusted text. */
typedef struct rh_call_slot {
    /* Bumped on every enter and leave: an unchanged sequence with depth > 0
     * means the same plugin call is still running. */
    volatile uint64_t sequence;
    volatile uint32_t depth;
    uint32_t reserved;
    /* The innermost call's function ("cycle") and target, NUL-terminated. */
    char function[64];
    char target[192];
} rh_call_slot_t;

/* Publishes every later enter and leave in `slot` (NULL stops). */
void rh_crash_attach_slot(rh_call_slot_t *slot);

/* Installs the handlers; call once, early, on the main thread. */
void rh_crash_report_install(void);

/* A plugin call begins: `target` (e.g. "com.example.style#1") and
 * `function` (e.g. "cycle") are copied, truncated to fit. Calls nest. */
void rh_crash_enter(const char *target, const char *function);

/* The call that rh_crash_enter() marked has returned. */
void rh_crash_leave(void);

/* "SIGSEGV" for SIGSEGV, and so on for the signals a crash or a quit
 * brings; "a signal" for others. Async-signal-safe. */
const char *rh_signal_name(int signal_number);

/* Ends the process the way `signal_number` would have without any handler:
 * restores its default action, unblocks it and raises it (core dump, exit
 * status). Returns only for a signal whose default action is to carry on.
 * Async-signal-safe; the terminal and output guards end this way. */
void rh_signal_default_raise(int signal_number);

#endif
