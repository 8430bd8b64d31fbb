/*
 * output_guard.h - temporary output files removed when the process is
 * interrupted.
 *
 * A command writes each output beside its target under a temporary name and
 * renames it into place when complete. If SIGINT, SIGTERM or SIGHUP ends the
 * process first, the handler installed here unlinks every registered
 * temporary, then lets the signal end the process as it would have (default
 * action, re-raised), so no partial file is left and the target is untouched.
 *
 * The table is fixed-size and the handler uses only async-signal-safe calls
 * (unlink, sigaction, sigprocmask, raise). Registering and unregistering are
 * safe from any thread. A handler that was installed before the first
 * registration (other than SIG_DFL and SIG_IGN) is called after the cleanup
 * instead of the default action; an ignored signal stays ignored. A handler
 * that someone installs later and that ends the process itself should call
 * rh_output_remove_temporaries() first.
 */
#ifndef REFRESH_HOST_OUTPUT_GUARD_H
#define REFRESH_HOST_OUTPUT_GUARD_H

#include <stddef.h>

/* How many temporaries may be registered at once, and their longest path. */
#define RH_OUTPUT_GUARD_SLOTS 64
#define RH_OUTPUT_GUARD_PATH_MAX 4096

/* Registers `path` (copied) and, the first time, installs the handlers.
 * Returns a slot number for rh_output_unregister, or -1 when the table is
 * full or the path too long (the file is then written unguarded). */
int rh_output_register(const char *path);

/* Forgets a slot: its file was renamed into place or removed. -1 is ignored. */
void rh_output_unregister(int slot);

/* Unlinks every registered temporary. Async-signal-safe. */
void rh_output_remove_temporaries(void);

/* Flushes stdio's stdout and reports whether everything written to it so far
 * reached the descriptor: 0, or the errno of the failure (the stream's error
 * flag is cleared). Swift cannot name `stdout` under strict concurrency. */
int rh_stdout_flush(void);

#endif
