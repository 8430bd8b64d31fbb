/*
 * wrong_thread.c - RefreshHost test fixture.
 *
 * Breaks: calls a host service from another thread. In setup, after the
 * usual RECT, it starts a pthread that calls host->layer_set on the root,
 * joins it, and logs (from the main thread) "thread status=<n>"; the host
 * must refuse the call with RH_ERR_WRONG_THREAD (-4) and change nothing.
 * Link with -pthread.
 */
/* For pthreads under strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>

#define FIXTURE_NAME "wrong_thread"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

typedef struct thread_call {
    const rh_host_t *host;
    rh_layer_t root;
    rh_status_t status;
} thread_call_t;

static void *fixture_thread(void *arg)
{
    thread_call_t *call = arg;
    call->status = call->host->layer_set(call->host, call->root, RH_PROP_OPACITY, 0.5);
    return NULL;
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    thread_call_t call = { .host = f->host, .root = root, .status = RH_OK };
    pthread_t thread;
    if (pthread_create(&thread, NULL, fixture_thread, &call) != 0) {
        f->host->log(f->host, RH_LOG_WARNING, "wrong_thread: pthread_create failed");
        return true;
    }
    pthread_join(thread, NULL);
    fixture_logf(f, RH_LOG_INFO, "thread status=%d", (int)call.status);
    return true;
}
