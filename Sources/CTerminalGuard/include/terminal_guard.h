/*
 * terminal_guard.h - the part of the live terminal session that runs inside
 * signal handlers, so it is C and async-signal-safe.
 *
 * While armed, the guard holds a copy of the bytes that undo the session's
 * screen modes, the terminal attributes saved before raw mode and a crash
 * message prefix, all in static storage. Then:
 *
 *   - SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT (a crashing style): write the
 *     restore bytes, restore the attributes, print "<name> crashed (SIGSEGV);
 *     terminal restored" on stderr, and re-raise with the default action;
 *   - SIGINT, SIGTERM, SIGHUP: the first one is only recorded, for the frame
 *     loop to quit cleanly; a second one while the first is still pending
 *     (the loop is stuck, in a style, say) restores and re-raises at once;
 *   - SIGWINCH: recorded, for the loop to re-layout.
 */
#ifndef TERMINAL_GUARD_H
#define TERMINAL_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <termios.h>

/* Arms the guard. `restore` (restore_length bytes) is written to out_fd,
 * `saved` is put back on tty_fd with tcsetattr; `name` starts the crash line.
 * Copies everything; returns false if a buffer is too small or a handler
 * cannot be installed (nothing is left installed then). */
bool terminal_guard_arm(int tty_fd, int out_fd, const struct termios *saved, const char *restore,
                        size_t restore_length, const char *name);

/* Puts back the signal dispositions found when arming. Idempotent. */
void terminal_guard_disarm(void);

/* The quit signal received since the last call (SIGINT, SIGTERM, SIGHUP), or 0. */
int terminal_guard_take_quit_signal(void);

/* Whether SIGWINCH arrived since the last call. */
bool terminal_guard_take_resize(void);

/* Writes the restore bytes and puts the saved attributes back, as the
 * handlers do; for tests and for paths that cannot run Swift code. */
void terminal_guard_restore(void);

/* Ends the process with `signal_number`'s default action (core dump, exit
 * status), after the terminal has been restored. */
void terminal_guard_reraise(int signal_number) __attribute__((noreturn));

/* The terminal's size in cells; false if it will not say (variadic ioctl,
 * which Swift cannot call). */
bool terminal_guard_window_size(int fd, int *columns, int *rows);

#endif /* TERMINAL_GUARD_H */
