/*
 * timer_hostile.c - RefreshHost test fixture.
 *
 * Breaks: every rule of timer_schedule and timer_cancel (ABI 1.2), in one of
 * four ways chosen at build time:
 *   (default)      setup schedules t1 (0.5 s), t2 (1 s, cancelled at once), t3
 *                  (0 s), t4 (0.25 s; its callback cancels t4 itself, already
 *                  run), one with out = NULL (100 s, still pending at destroy),
 *                  then delay NaN, -1, 3601 and inf, a NULL callback, cancels
 *                  of 0, 12345 and t2 again; then 3600 s timers until refused
 *                  (RH_ERR_LIMIT), all of which it cancels. Logs each call as
 *                  "<label> status=<n>", each callback as
 *                  "fired <label> finished=<0|1> at <host time>", the filling
 *                  as "limit made <n> then status=<n>", and at 2 s how many
 *                  of those cancelled callbacks ran: "cancelled callbacks <n>".
 *   -DTIMER_STORM  a delay-0 timer whose callback schedules the next one, for
 *                  ever: the host's per-frame chain limit must bound it.
 *   -DTIMER_CRASH  a 0.2 s timer whose callback writes through NULL (SIGSEGV).
 *   -DTIMER_HANG   a 0.2 s timer whose callback spins (gives up after 30 s).
 * A timer must never crash or hang the host; a pending one must not run
 * after destroy.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <time.h>

#define FIXTURE_NAME "timer_hostile"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

typedef struct labelled {
    const fixture_t *f;
    const char *label;
} labelled_t;

FIXTURE_UNUSED static void fired(void *user, bool finished)
{
    const labelled_t *l = user;
    fixture_logf(l->f, RH_LOG_INFO, "fired %s finished=%d at %.4f", l->label, (int)finished, l->f->host->now(l->f->host));
}

static void schedule(const fixture_t *f, const char *label, double delay, rh_completion_fn callback, void *user,
                     rh_timer_t *out)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)f->host->timer_schedule(f->host, delay, callback, user, out));
}

#if defined(TIMER_STORM)

static void storm(void *user, bool finished)
{
    (void)finished;
    fixture_t *f = user;
    f->cycles++;
    f->host->timer_schedule(f->host, 0, storm, f, NULL);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    schedule(f, "storm", 0, storm, f, NULL);
    return true;
}

#elif defined(TIMER_CRASH) || defined(TIMER_HANG)

static void misbehave(void *user, bool finished)
{
    (void)user;
    (void)finished;
#if defined(TIMER_CRASH)
    int *volatile nowhere = NULL;
    *nowhere = 1;
#else
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (now.tv_sec - start.tv_sec < 30);
#endif
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    schedule(f, "misbehave", 0.2, misbehave, f, NULL);
    return true;
}

#else

static labelled_t t1, t2, t3, t4, late, counter;
static rh_timer_t t4_handle;

static void cancel_self(void *user, bool finished)
{
    fired(user, finished);
    const fixture_t *f = ((labelled_t *)user)->f;
    fixture_logf(f, RH_LOG_INFO, "cancel t4 in its callback status=%d", (int)f->host->timer_cancel(f->host, t4_handle));
}

static void count_cancelled(void *user, bool finished)
{
    fixture_t *f = user;
    if (!finished)
        f->cycles++;
}

static void report(void *user, bool finished)
{
    (void)finished;
    const fixture_t *f = ((labelled_t *)user)->f;
    fixture_logf(f, RH_LOG_INFO, "cancelled callbacks %d", f->cycles);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    t1 = (labelled_t){ f, "t1" }, t2 = (labelled_t){ f, "t2" }, t3 = (labelled_t){ f, "t3" };
    t4 = (labelled_t){ f, "t4" }, late = (labelled_t){ f, "late" }, counter = (labelled_t){ f, "report" };

    rh_timer_t t2_handle = RH_TIMER_NONE;
    schedule(f, "t1", 0.5, fired, &t1, NULL);
    schedule(f, "t2", 1.0, fired, &t2, &t2_handle);
    fixture_logf(f, RH_LOG_INFO, "cancel t2 status=%d", (int)h->timer_cancel(h, t2_handle));
    schedule(f, "t3", 0, fired, &t3, NULL);
    schedule(f, "t4", 0.25, cancel_self, &t4, &t4_handle);
    schedule(f, "late", 100, fired, &late, NULL);
    schedule(f, "report", 2, report, &counter, NULL);

    schedule(f, "delay NaN", NAN, fired, &t1, NULL);
    schedule(f, "delay -1", -1, fired, &t1, NULL);
    schedule(f, "delay 3601", 3601, fired, &t1, NULL);
    schedule(f, "delay inf", INFINITY, fired, &t1, NULL);
    schedule(f, "callback NULL", 1, NULL, &t1, NULL);
    fixture_logf(f, RH_LOG_INFO, "cancel 0 status=%d", (int)h->timer_cancel(h, RH_TIMER_NONE));
    fixture_logf(f, RH_LOG_INFO, "cancel 12345 status=%d", (int)h->timer_cancel(h, 12345));
    fixture_logf(f, RH_LOG_INFO, "cancel t2 again status=%d", (int)h->timer_cancel(h, t2_handle));

    static rh_timer_t filled[RH_MAX_TIMERS + 1];
    int made = 0;
    rh_status_t status = RH_OK;
    while (made <= RH_MAX_TIMERS && (status = h->timer_schedule(h, 3600, count_cancelled, f, &filled[made])) == RH_OK)
        made++;
    fixture_logf(f, RH_LOG_INFO, "limit made %d then status=%d", made, (int)status);
    for (int i = 0; i < made; i++)
        h->timer_cancel(h, filled[i]);
    return true;
}

#endif
