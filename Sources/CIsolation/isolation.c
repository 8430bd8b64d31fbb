/* isolation.c - see isolation.h. */
#define _GNU_SOURCE
#include "isolation.h"

#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

int rh_memfd(const char *name)
{
    return memfd_create(name, MFD_CLOEXEC);
}

bool rh_pipe_cloexec(int fds[2])
{
    return pipe2(fds, O_CLOEXEC) == 0;
}

int rh_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest)
{
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

bool rh_die_with_parent(int signal_number)
{
    return prctl(PR_SET_PDEATHSIG, signal_number, 0, 0, 0) == 0;
}

void rh_keep_freed_memory(int bytes)
{
    /* Fixed thresholds also turn off glibc's dynamic ones, which follow the largest block freed. */
    mallopt(M_TRIM_THRESHOLD, bytes);
    mallopt(M_MMAP_THRESHOLD, bytes / 4);
}
