/*
 * hostile.c - RefreshHost test fixture: the hostile plugin, one build per case.
 *
 * Breaks: whatever HOSTILE_DO says, the first time the entry point HOSTILE_AT
 * is reached in a process. The host must survive it: say in one line which
 * plugin failed and why, keep its outputs intact, leave nothing running.
 * Tests/Fixtures/hostile/README.md lists the cases and what each cell expects.
 *
 *   cc -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -DHOSTILE_AT=cycle -DHOSTILE_DO=crash_segv \
 *      [-DHOSTILE_MARK_DIR=\"/abs/dir\"] -o libhostile_cycle_crash_segv.so hostile.c
 *
 * HOSTILE_AT (where): constructor, init, deinit, style_count,
 *   style_descriptor, create, setup, pull, state_changed, setup_for_cycle,
 *   cycle, exit, reset, destroy, tick, completion (a key-path animation's
 *   completion that setup adds: root opacity 1 -> 1 over 0.1 s), ABI 1.3's
 *   position, closed and exit_with_result, or none.
 * HOSTILE_DO (what): crash_segv, crash_abort, hang_busy, hang_sleep,
 *   hang_read_stdin, print_stdout, close_fds, exit0, fork_linger, chdir,
 *   signal_handlers, or none.
 *
 * Otherwise it is a valid one-style plugin, id "test.hostile.<at>.<do>",
 * name "Hostile <at> <do>", height 60, cycle 0.5 s linear, with every
 * optional callback present (so each entry point is reached by a plain run),
 * exporting only rh_entry.
 *
 * HOSTILE_MARK_DIR (optional): before it acts, the fixture creates the empty
 * file "<dir>/<at>.<pid>" there, so the test knows the entry point was
 * reached and by which process. A compiled-in path, because the host may
 * hand its workers a clean environment or load the file through
 * /proc/self/fd, and neither may hide that the behaviour fired.
 *
 * Nothing it starts can outlive a broken host for long: a hang gives up after
 * HOSTILE_HANG_LIMIT seconds (60) and returns, the lingering child of
 * fork_linger sleeps 30 s and exits.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "refresh_host.h"

/* Entry points and behaviours as numbers, so the -D tokens can be compared. */
#define HOSTILE_AT_none 0
#define HOSTILE_AT_constructor 1
#define HOSTILE_AT_init 2
#define HOSTILE_AT_deinit 3
#define HOSTILE_AT_style_count 4
#define HOSTILE_AT_style_descriptor 5
#define HOSTILE_AT_create 6
#define HOSTILE_AT_setup 7
#define HOSTILE_AT_pull 8
#define HOSTILE_AT_state_changed 9
#define HOSTILE_AT_setup_for_cycle 10
#define HOSTILE_AT_cycle 11
#define HOSTILE_AT_exit 12
#define HOSTILE_AT_reset 13
#define HOSTILE_AT_destroy 14
#define HOSTILE_AT_tick 15
#define HOSTILE_AT_completion 16
/* ABI 1.3's callbacks. position and exit_with_result replace pull and exit,
 * so the plugin sets each only when it is the entry point under test. */
#define HOSTILE_AT_position 17
#define HOSTILE_AT_closed 18
#define HOSTILE_AT_exit_with_result 19

#define HOSTILE_DO_none 0
#define HOSTILE_DO_crash_segv 1
#define HOSTILE_DO_crash_abort 2
#define HOSTILE_DO_hang_busy 3
#define HOSTILE_DO_hang_sleep 4
#define HOSTILE_DO_hang_read_stdin 5
#define HOSTILE_DO_print_stdout 6
#define HOSTILE_DO_close_fds 7
#define HOSTILE_DO_exit0 8
#define HOSTILE_DO_fork_linger 9
#define HOSTILE_DO_chdir 10
#define HOSTILE_DO_signal_handlers 11

#ifndef HOSTILE_AT
#define HOSTILE_AT none
#endif
#ifndef HOSTILE_DO
#define HOSTILE_DO none
#endif

#define HOSTILE_CAT_(a, b) a##b
#define HOSTILE_CAT(a, b) HOSTILE_CAT_(a, b)
#define HOSTILE_STR_(x) #x
#define HOSTILE_STR(x) HOSTILE_STR_(x)

#define HOSTILE_WHERE HOSTILE_CAT(HOSTILE_AT_, HOSTILE_AT)
#define HOSTILE_WHAT HOSTILE_CAT(HOSTILE_DO_, HOSTILE_DO)

#define HOSTILE_ID "test.hostile." HOSTILE_STR(HOSTILE_AT) "." HOSTILE_STR(HOSTILE_DO)
#define HOSTILE_NAME "Hostile " HOSTILE_STR(HOSTILE_AT) " " HOSTILE_STR(HOSTILE_DO)

#ifndef HOSTILE_HANG_LIMIT
#define HOSTILE_HANG_LIMIT 60.0 /* seconds: a broken host cannot leave a burner forever */
#endif

static double hostile_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Records that the entry point was reached, in this process. */
static void hostile_mark(void)
{
#ifdef HOSTILE_MARK_DIR
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%ld", HOSTILE_MARK_DIR, HOSTILE_STR(HOSTILE_AT), (long)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd >= 0)
        close(fd);
#endif
}

static void hostile_ignore_signal(int signal_number)
{
    (void)signal_number;
}

/* Does HOSTILE_DO, once per process: the first time an entry point fires. */
static void hostile_act(void)
{
    static int done_once;
    if (done_once)
        return;
    done_once = 1;
    hostile_mark();
    const double until = hostile_seconds() + HOSTILE_HANG_LIMIT;
    switch (HOSTILE_WHAT) {
    case HOSTILE_DO_crash_segv: {
        /* A volatile store through a pointer the compiler cannot see is
         * NULL: a real fault, not the trap an optimiser turns a constant NULL
         * into, and not a store it drops (gcc -O2 drops a plain one). */
        volatile int *volatile target = NULL;
        *target = 1;
        break;
    }
    case HOSTILE_DO_crash_abort:
        abort();
    case HOSTILE_DO_hang_busy: {
        volatile unsigned long spins = 0;
        while (hostile_seconds() < until)
            spins++;
        break;
    }
    case HOSTILE_DO_hang_sleep:
        while (hostile_seconds() < until) {
            struct timespec nap = { 0, 100 * 1000 * 1000 };
            nanosleep(&nap, NULL); /* a signal cuts a nap short, never the hang */
        }
        break;
    case HOSTILE_DO_hang_read_stdin:
        /* Blocks on stdin; at end of file or on an error (a host that hands
         * its workers /dev/null, or no stdin at all) it tries again, so it
         * is a hang whatever stdin the host gives it. */
        while (hostile_seconds() < until) {
            char byte;
            if (read(STDIN_FILENO, &byte, 1) <= 0) {
                struct timespec nap = { 0, 50 * 1000 * 1000 };
                nanosleep(&nap, NULL);
            }
        }
        break;
    case HOSTILE_DO_print_stdout:
        /* Through stdio, as a plugin's debugging printf would: the host's own
         * Swift print shares that buffer. Not JSON, not a timeline line. */
        printf("hostile %s says hello on stdout\n", HOSTILE_ID);
        fflush(stdout);
        break;
    case HOSTILE_DO_close_fds:
        close(STDOUT_FILENO);
        close(STDERR_FILENO);
        break;
    case HOSTILE_DO_exit0:
        exit(0);
    case HOSTILE_DO_fork_linger: {
        pid_t child = fork();
        if (child == 0) {
            /* The child keeps the parent's command line and descriptors and
             * lingers; 30 s, then it goes on its own. */
            struct timespec nap = { 30, 0 };
            while (nanosleep(&nap, &nap) != 0 && errno == EINTR) {
            }
            _exit(0);
        }
        break;
    }
    case HOSTILE_DO_chdir: {
        /* Into a folder the test owns (this fixture's mark folder, or /):
         * a host that writes a relative output after this puts it there. */
#ifdef HOSTILE_MARK_DIR
        if (chdir(HOSTILE_MARK_DIR) != 0 && chdir("/") != 0)
            break;
#else
        if (chdir("/") != 0)
            break;
#endif
        break;
    }
    case HOSTILE_DO_signal_handlers: {
        /* Ignores what ends a process politely, and SIGCHLD, which makes the
         * kernel reap children at once: a host in this process can no longer
         * wait for its own children. */
        struct sigaction quiet;
        memset(&quiet, 0, sizeof quiet);
        quiet.sa_handler = hostile_ignore_signal;
        sigemptyset(&quiet.sa_mask);
        sigaction(SIGINT, &quiet, NULL);
        sigaction(SIGTERM, &quiet, NULL);
        sigaction(SIGHUP, &quiet, NULL);
        sigaction(SIGSEGV, &quiet, NULL);
        struct sigaction ignore;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGCHLD, &ignore, NULL);
        break;
    }
    default:
        break;
    }
}

#define HOSTILE_POINT(point)                       \
    do {                                           \
        if (HOSTILE_WHERE == HOSTILE_AT_##point)   \
            hostile_act();                         \
    } while (0)

__attribute__((constructor)) static void hostile_constructor(void)
{
    HOSTILE_POINT(constructor);
}

/* ------------------------------------------------------------------------ */
/* The style: one rect; every optional callback present                       */
/* ------------------------------------------------------------------------ */

typedef struct {
    rh_instance_t instance;
    const rh_host_t *host;
    rh_layer_t root;
    rh_layer_t rect;
} hostile_t;

static void hostile_completion(void *user, bool finished)
{
    (void)user;
    (void)finished;
    HOSTILE_POINT(completion);
}

static bool hostile_setup(const rh_instance_t *instance, rh_layer_t root)
{
    HOSTILE_POINT(setup);
    hostile_t *h = instance->plugin_data;
    const rh_host_t *host = h->host;
    h->root = root;
    h->rect = host->layer_create(host, RH_LAYER_RECT, root);
    if (h->rect == RH_LAYER_NONE)
        return false;
    host->layer_set(host, h->rect, RH_PROP_WIDTH, 20);
    host->layer_set(host, h->rect, RH_PROP_HEIGHT, 20);
    host->layer_set(host, h->rect, RH_PROP_POSITION_X, 30);
    host->layer_set(host, h->rect, RH_PROP_POSITION_Y, 30);
    host->layer_set_color(host, h->rect, RH_COLOR_FILL, &(rh_color_t){ 0.8, 0.1, 0.1, 1 });
    /* The completion entry point: a 0.1 s key-path animation that changes
     * nothing on screen (opacity 1 -> 1), so it fires early in every run. */
    rh_basic_animation_t still = { .struct_size = sizeof still, .property = RH_PROP_OPACITY, .from = 1, .to = 1,
                                   .duration = 0.1, .curve = RH_CURVE_LINEAR, .repeat_count = 1 };
    host->layer_add_animation(host, root, &still, hostile_completion, h);
    return true;
}

static void hostile_destroy(const rh_instance_t *instance)
{
    HOSTILE_POINT(destroy);
    free(instance->plugin_data);
}

static void hostile_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)velocity;
    HOSTILE_POINT(pull);
    hostile_t *h = instance->plugin_data;
    h->host->layer_set(h->host, h->rect, RH_PROP_SCALE, 0.5 + ratio / 2);
}

static void hostile_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    (void)instance;
    (void)old_state;
    (void)new_state;
    HOSTILE_POINT(state_changed);
}

static void hostile_setup_for_cycle(const rh_instance_t *instance)
{
    HOSTILE_POINT(setup_for_cycle);
    hostile_t *h = instance->plugin_data;
    h->host->layer_set(h->host, h->rect, RH_PROP_ROTATION, 0);
}

static void hostile_cycle(const rh_instance_t *instance)
{
    HOSTILE_POINT(cycle);
    hostile_t *h = instance->plugin_data; /* inside the host's cycle block: this tweens */
    h->host->layer_set(h->host, h->rect, RH_PROP_ROTATION, RH_PI / 2);
}

static void hostile_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    HOSTILE_POINT(exit);
    done();
}

static void hostile_reset(const rh_instance_t *instance)
{
    HOSTILE_POINT(reset);
    hostile_t *h = instance->plugin_data;
    h->host->layer_set(h->host, h->rect, RH_PROP_ROTATION, 0);
    h->host->layer_set(h->host, h->rect, RH_PROP_SCALE, 1);
}

static void hostile_position(const rh_instance_t *instance, const rh_pull_t *pull)
{
    HOSTILE_POINT(position);
    hostile_t *h = instance->plugin_data;
    h->host->layer_set(h->host, h->rect, RH_PROP_SCALE, 0.5 + (pull->ratio > 1 ? 1 : pull->ratio) / 2);
}

static void hostile_closed(const rh_instance_t *instance)
{
    (void)instance;
    HOSTILE_POINT(closed);
}

static void hostile_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                     rh_done_fn done)
{
    (void)instance;
    (void)result;
    HOSTILE_POINT(exit_with_result);
    done();
}

static void hostile_tick(const rh_instance_t *instance, double time, double dt)
{
    (void)instance;
    (void)time;
    (void)dt;
    HOSTILE_POINT(tick);
}

/* ------------------------------------------------------------------------ */
/* The entry                                                                  */
/* ------------------------------------------------------------------------ */

static const rh_style_descriptor_t hostile_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = HOSTILE_ID,
    .name = HOSTILE_NAME,
    .version = "1.0.0",
    .vendor = "RefreshHost tests",
    .description = "A hostile test fixture; see Tests/Fixtures/hostile/README.md.",
    .height = 60,
    .cycle_duration = 0.5,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_TOP,
};

static bool hostile_init(const char *library_path)
{
    (void)library_path;
    HOSTILE_POINT(init);
    return true;
}

static void hostile_deinit(void)
{
    HOSTILE_POINT(deinit);
}

static uint32_t hostile_style_count(void)
{
    HOSTILE_POINT(style_count);
    return 1;
}

static const rh_style_descriptor_t *hostile_style_descriptor(uint32_t index)
{
    HOSTILE_POINT(style_descriptor);
    return index == 0 ? &hostile_descriptor : NULL;
}

static const rh_instance_t *hostile_create(const rh_host_t *host, const char *style_id)
{
    HOSTILE_POINT(create);
    if (host == NULL || style_id == NULL || strcmp(style_id, hostile_descriptor.id) != 0)
        return NULL;
    hostile_t *h = calloc(1, sizeof *h);
    if (h == NULL)
        return NULL;
    h->host = host;
    h->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = h,
        .setup = hostile_setup,
        .destroy = hostile_destroy,
        .pull = hostile_pull,
        .state_changed = hostile_state_changed,
        .setup_for_cycle = hostile_setup_for_cycle,
        .cycle = hostile_cycle,
        .exit = hostile_exit,
        .reset = hostile_reset,
        .tick = hostile_tick,
        .position = HOSTILE_WHERE == HOSTILE_AT_position ? hostile_position : NULL,
        .closed = hostile_closed,
        .exit_with_result = HOSTILE_WHERE == HOSTILE_AT_exit_with_result ? hostile_exit_with_result : NULL,
    };
    return &h->instance;
}

RH_EXPORT const rh_entry_t *rh_entry(void);

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    static const rh_entry_t entry = {
        .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
        .struct_size = sizeof(rh_entry_t),
        .init = hostile_init,
        .deinit = hostile_deinit,
        .style_count = hostile_style_count,
        .style_descriptor = hostile_style_descriptor,
        .create = hostile_create,
    };
    return &entry;
}
