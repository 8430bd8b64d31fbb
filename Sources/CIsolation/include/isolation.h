/*
 * isolation.h - the Linux calls a supervisor and its workers need that
 * glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
 * not define.
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

/* SIGKILL this process when its parent dies (PR_SET_PDEATHSIG). */
bool rh_die_with_parent(void);

#endif
