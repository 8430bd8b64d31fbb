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

#endif
