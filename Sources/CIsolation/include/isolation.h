/*
 * isolation.h - the Linux and glibc calls a supervisor and its workers need
 * that Swift's Glibc module does not expose (glibc declares some only under
 * _GNU_SOURCE; malloc.h is not in the module at all).
 */
#ifndef REFRESH_HOST_ISOLATION_H
#define REFRESH_HOST_ISOLATION_H

#include <spawn.h>
#include <stdbool.h>

/* An anonymous shared-memory file, close-on-exec; -1 with errno on failure. */
int rh_memfd(const char *name);

/* A pipe whose two ends are close-on-exec; false with errno on failure. */
bool rh_pipe_cloexec(int fds[2]);

/* The spawned child closes every descriptor from `lowest` up, after its dup2s. */
int rh_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/* Sends `signal_number` to this process when its parent dies (PR_SET_PDEATHSIG). */
bool rh_die_with_parent(int signal_number);

/* Keeps up to `bytes` of freed heap in the process instead of returning it
 * to the kernel (and faulting it in again) after every large free. */
void rh_keep_freed_memory(int bytes);

#endif
