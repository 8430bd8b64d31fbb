/*
 * thread_spin.c - RefreshHost test fixture.
 *
 * Breaks: keeps a thread of its own calling host services for ever. setup
 * (after the usual RECT) starts a detached pthread that calls
 * host->layer_set on the root in a tight loop, never joined, never stopped
 * (it gives up after 60 s so a broken host leaves no CPU burner behind). The
 * host must refuse every call with RH_ERR_WRONG_THREAD (-4), report it once,
 * not grow without bound, and still finish the run (or stop the worker) and
 * leave no process behind. setup returns only once the thread has made its
 * first (refused) call, or after 5 s, so the refusal is certain however
 * late a loaded machine schedules the thread.
 * Link with -pthread.
 */
/* For pthreads and clock_gettime under strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define FIXTURE_NAME "thread_spin"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

typedef struct spin {
    const rh_host_t *host;
    rh_layer_t root;
} spin_t;

static spin_t spin_args;
static atomic_bool spin_called;

static double spin_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *fixture_thread(void *arg)
{
    const spin_t *s = arg;
    double end = spin_now() + 60.0;
    (void)s->host->layer_set(s->host, s->root, RH_PROP_OPACITY, 0.5);
    atomic_store(&spin_called, true);
    while (spin_now() < end) {
        for (int i = 0; i < 1000; i++) (void)s->host->layer_set(s->host, s->root, RH_PROP_OPACITY, 0.5);
    }
    return NULL;
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root)) return false;
    const fixture_t *f = instance->plugin_data;
    spin_args.host = f->host;
    spin_args.root = root;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    atomic_store(&spin_called, false);
    if (pthread_create(&thread, &attributes, fixture_thread, &spin_args) != 0) {
        f->host->log(f->host, RH_LOG_WARNING, "thread_spin: pthread_create failed");
    } else {
        /* Wait for the first refused call: 1 ms naps, 5 s at most. */
        const struct timespec nap = {0, 1000000L};
        double give_up = spin_now() + 5.0;
        while (!atomic_load(&spin_called) && spin_now() < give_up) nanosleep(&nap, NULL);
    }
    pthread_attr_destroy(&attributes);
    return true;
}
