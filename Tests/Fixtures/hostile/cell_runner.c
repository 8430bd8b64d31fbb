/*
 * cell_runner.c - the hostile matrix's process keeper. Not a plugin.
 *
 *   cell_runner DEADLINE GRACE REPORT -- COMMAND [ARGUMENTS...]
 *
 * Runs COMMAND in its own process group, with an empty signal mask, default
 * signal dispositions and no descriptor above 2 (the test process hands its
 * children a blocked mask and stray descriptors), and kills the group with
 * SIGKILL if it has not ended after DEADLINE seconds.
 *
 * It is a child subreaper (PR_SET_CHILD_SUBREAPER): whatever COMMAND leaves
 * behind, however it detached (a worker in another process group, a child a
 * plugin forked, a double fork with setsid), is re-parented here when its
 * parent ends, instead of to init. So once COMMAND has ended and GRACE
 * seconds have passed, every live child of this process is a process COMMAND
 * left running: each is recorded with its command line, then killed (and its
 * own children after it), so no cell can leave anything behind.
 *
 * REPORT gets, one per line:
 *   exit N | signal N | timeout     how COMMAND ended
 *   seconds S                       wall time from start to its end
 *   lingering PID CMDLINE           each process left running after GRACE
 *
 * The exit status is 0 when the report was written, 2 on a usage error.
 */
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void nap_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* Reaps every child that has ended; returns true if `watched` was among them. */
static int reap(pid_t watched, int *watched_status)
{
    int found = 0;
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid <= 0)
            return found;
        if (pid == watched) {
            *watched_status = status;
            found = 1;
        }
    }
}

/* The live (not zombie) children of this process, from /proc/<pid>/stat. */
static size_t live_children(pid_t *out, size_t capacity)
{
    size_t count = 0;
    pid_t self = getpid();
    DIR *proc = opendir("/proc");
    if (proc == NULL)
        return 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL && count < capacity) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || pid <= 0)
            continue;
        char path[64], text[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t n = read(fd, text, sizeof text - 1);
        close(fd);
        if (n <= 0)
            continue;
        text[n] = '\0';
        /* "pid (comm) state ppid ...": comm may hold spaces and parentheses. */
        char *close_paren = strrchr(text, ')');
        char state;
        long ppid;
        if (close_paren == NULL || sscanf(close_paren + 1, " %c %ld", &state, &ppid) != 2)
            continue;
        if (ppid == self && state != 'Z' && state != 'X')
            out[count++] = (pid_t)pid;
    }
    closedir(proc);
    return count;
}

static void write_cmdline(FILE *report, pid_t pid)
{
    char path[64], text[2048];
    snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0) {
        fputs("?", report);
        return;
    }
    for (ssize_t i = 0; i < n; i++)
        if (text[i] == '\0' || text[i] == '\n')
            text[i] = ' ';
    text[n] = '\0';
    fputs(text, report);
}

int main(int argc, char **argv)
{
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: cell_runner DEADLINE GRACE REPORT -- COMMAND [ARGUMENTS...]\n");
        return 2;
    }
    double deadline = atof(argv[1]), grace = atof(argv[2]);
    FILE *report = fopen(argv[3], "w");
    if (report == NULL) {
        perror(argv[3]);
        return 2;
    }
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0)
        perror("prctl(PR_SET_CHILD_SUBREAPER)");

    double start = now_seconds();
    pid_t child = fork();
    if (child < 0) {
        perror("fork");
        return 2;
    }
    if (child == 0) {
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int s = 1; s < NSIG; s++)
            if (s != SIGKILL && s != SIGSTOP)
                signal(s, SIG_DFL);
        fclose(report);
        for (int fd = 3; fd < 1024; fd++)
            close(fd);
        execvp(argv[5], argv + 5);
        perror(argv[5]);
        _exit(127);
    }
    setpgid(child, child); /* also here: whichever runs first, the group exists */

    int status = 0, timed_out = 0;
    while (!reap(child, &status)) {
        if (now_seconds() - start > deadline) {
            kill(-child, SIGKILL);
            kill(child, SIGKILL);
            timed_out = 1;
            while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        nap_ms(5);
    }
    double seconds = now_seconds() - start;
    if (timed_out)
        fprintf(report, "timeout\n");
    else if (WIFSIGNALED(status))
        fprintf(report, "signal %d\n", WTERMSIG(status));
    else
        fprintf(report, "exit %d\n", WEXITSTATUS(status));
    fprintf(report, "seconds %.3f\n", seconds);

    /* What COMMAND left behind: re-parented here as its parents end. */
    pid_t pids[256];
    double grace_end = now_seconds() + grace;
    size_t count;
    while ((count = live_children(pids, 256)) > 0 && now_seconds() < grace_end) {
        int ignored;
        reap(-1, &ignored);
        nap_ms(10);
    }
    int reported = 0;
    double give_up = now_seconds() + 10;
    while ((count = live_children(pids, 256)) > 0 && now_seconds() < give_up) {
        for (size_t i = 0; i < count; i++) {
            if (!reported) {
                fprintf(report, "lingering %ld ", (long)pids[i]);
                write_cmdline(report, pids[i]);
                fputc('\n', report);
            }
            kill(pids[i], SIGKILL);
        }
        reported = 1; /* their children, re-parented next, are the same leftovers */
        nap_ms(20);
        int ignored;
        reap(-1, &ignored);
    }
    int ignored;
    reap(-1, &ignored);
    fclose(report);
    return 0;
}
