/*
 * ext_hostile.c - RefreshHost test fixture.
 *
 * Breaks: every rule of the ABI 1.5 extensions (refresh_host_ext.h), in
 * setup, logging each call as "<label> status=<n>" (get_extension's answers
 * as "<label> null=<0|1>"): NULL outputs and structs, a struct_size too
 * small, NaN, infinite and huge numbers, a spring that never settles, unknown
 * flag bits, flags on a snapping property and on colours, unknown and
 * released timelines, set_time on a pull-driven timeline, more than
 * RH_MAX_TIMELINES timelines ("timeline limit made <n> then status=<n>"),
 * and, from a second thread (joined), get_extension, theme.given,
 * spring.settling_duration and timeline.set_time. The host must refuse each
 * with its status and one log line, never crash, and change nothing.
 * Link with -pthread.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>

#define FIXTURE_NAME "ext_hostile"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"
#include "refresh_host_ext.h"

#define CALL(label, expr) fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)(expr))

typedef struct exts {
    const rh_theme_ext_t *theme;
    const rh_spring_ext_t *spring;
    const rh_compose_ext_t *compose;
    const rh_timeline_ext_t *timeline;
    rh_timeline_t manual;
} exts_t;

typedef struct thread_calls {
    const rh_host_t *host;
    const exts_t *x;
    bool table_null;
    rh_status_t theme, spring, timeline;
} thread_calls_t;

static void *other_thread(void *arg)
{
    thread_calls_t *t = arg;
    uint32_t bits = 0;
    double out = 0;
    rh_spring_t s = { sizeof s, 1, 100, 10, 0 };
    t->table_null = t->host->get_extension(t->host, RH_EXT_THEME) == NULL;
    t->theme = t->x->theme->given(t->host, &bits);
    t->spring = t->x->spring->settling_duration(t->host, &s, &out);
    t->timeline = t->x->timeline->set_time(t->host, t->x->manual, 0.5);
    return NULL;
}

static void spring_calls(const fixture_t *f, const exts_t *x)
{
    double out = 0;
    rh_spring_t ok = { sizeof ok, 1, 100, 10, 0 };
    CALL("spring NULL", x->spring->settling_duration(f->host, NULL, &out));
    CALL("spring out NULL", x->spring->settling_duration(f->host, &ok, NULL));
    rh_spring_t small = ok;
    small.struct_size = 4;
    CALL("spring struct_size 4", x->spring->settling_duration(f->host, &small, &out));
    const struct { const char *label; rh_spring_t s; } bad[] = {
        { "spring mass NaN", { sizeof ok, NAN, 100, 10, 0 } },
        { "spring mass 0", { sizeof ok, 0, 100, 10, 0 } },
        { "spring mass huge", { sizeof ok, 1e300, 100, 10, 0 } },
        { "spring stiffness inf", { sizeof ok, 1, INFINITY, 10, 0 } },
        { "spring stiffness -1", { sizeof ok, 1, -1, 10, 0 } },
        { "spring damping 0", { sizeof ok, 1, 100, 0, 0 } },
        { "spring damping NaN", { sizeof ok, 1, 100, NAN, 0 } },
        { "spring velocity huge", { sizeof ok, 1, 100, 10, 1e9 } },
        { "spring never settles", { sizeof ok, 1000, 1, 1e-6, 0 } },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CALL(bad[i].label, x->spring->settling_duration(f->host, &bad[i].s, &out));
    CALL("spring block delay NaN", x->spring->animate_begin(f->host, &ok, NAN));
    CALL("spring block delay huge", x->spring->animate_begin(f->host, &ok, 1e9));
    CALL("spring block NULL", x->spring->animate_begin(f->host, NULL, 0));
    rh_basic_animation_t a = { .struct_size = sizeof a, .property = RH_PROP_OPACITY, .from = 0, .to = 1 };
    CALL("spring key-path NULL", x->spring->layer_add_animation(f->host, f->rect, NULL, &ok, NULL, NULL));
    CALL("spring key-path layer 9999", x->spring->layer_add_animation(f->host, 9999, &a, &ok, NULL, NULL));
    CALL("spring key-path spring NULL", x->spring->layer_add_animation(f->host, f->rect, &a, NULL, NULL, NULL));
    a.duration = NAN;
    CALL("spring key-path duration NaN", x->spring->layer_add_animation(f->host, f->rect, &a, &ok, NULL, NULL));
    static const double one[1] = { 1 };
    rh_keyframe_animation_t kf = { .struct_size = sizeof kf, .kind = RH_VALUE_NUMBER, .property = RH_PROP_OPACITY,
                                   .count = 1, .numbers = one, .duration = 1 };
    CALL("spring keyframes count 1", x->spring->layer_add_keyframe_animation(f->host, f->rect, &kf, &ok, NULL, NULL));
}

static void compose_calls(const fixture_t *f, const exts_t *x)
{
    rh_basic_animation_t a = { .struct_size = sizeof a, .property = RH_PROP_ROTATION, .from = 0, .to = 1, .duration = 1 };
    CALL("compose flag 4", x->compose->layer_add_animation(f->host, f->rect, &a, 4, NULL, NULL));
    CALL("compose flags all", x->compose->layer_add_animation(f->host, f->rect, &a, 0xFFFFFFFFu, NULL, NULL));
    CALL("compose NULL", x->compose->layer_add_animation(f->host, f->rect, NULL, RH_COMPOSE_ADDITIVE, NULL, NULL));
    a.property = RH_PROP_LINE_CAP;
    CALL("compose line cap", x->compose->layer_add_animation(f->host, f->rect, &a, RH_COMPOSE_CUMULATIVE, NULL, NULL));
    a.property = RH_PROP_ROTATION;
    a.to = INFINITY;
    CALL("compose to inf", x->compose->layer_add_animation(f->host, f->rect, &a, RH_COMPOSE_CUMULATIVE, NULL, NULL));
    static const rh_color_t colours[2] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 } };
    rh_keyframe_animation_t kf = { .struct_size = sizeof kf, .kind = RH_VALUE_COLOR, .property = RH_COLOR_FILL,
                                   .count = 2, .colors = colours, .duration = 1 };
    CALL("compose colours", x->compose->layer_add_keyframe_animation(f->host, f->rect, &kf, RH_COMPOSE_ADDITIVE, NULL, NULL));
}

static void timeline_calls(const fixture_t *f, exts_t *x)
{
    rh_timeline_t pull = RH_TIMELINE_NONE, spare = RH_TIMELINE_NONE;
    double out = 0;
    CALL("timeline create out NULL", x->timeline->create(f->host, RH_TIMELINE_MANUAL, NULL));
    CALL("timeline create source 99", x->timeline->create(f->host, 99, &spare));
    CALL("timeline create ratio", x->timeline->create(f->host, RH_TIMELINE_PULL_RATIO, &pull));
    CALL("timeline create manual", x->timeline->create(f->host, RH_TIMELINE_MANUAL, &x->manual));
    CALL("timeline set NaN", x->timeline->set_time(f->host, x->manual, NAN));
    CALL("timeline set inf", x->timeline->set_time(f->host, x->manual, -INFINITY));
    CALL("timeline set 1e7", x->timeline->set_time(f->host, x->manual, 1e7));
    CALL("timeline set unknown", x->timeline->set_time(f->host, 777, 0.5));
    CALL("timeline set pull-driven", x->timeline->set_time(f->host, pull, 0.5));
    CALL("timeline get NULL", x->timeline->get_time(f->host, x->manual, NULL));
    CALL("timeline get unknown", x->timeline->get_time(f->host, 0, &out));
    rh_basic_animation_t a = { .struct_size = sizeof a, .property = RH_PROP_OPACITY, .from = 0, .to = 1, .duration = 1 };
    CALL("timeline add unknown", x->timeline->layer_add_animation(f->host, 777, f->rect, &a));
    CALL("timeline add NULL", x->timeline->layer_add_animation(f->host, x->manual, f->rect, NULL));
    a.to = NAN;
    CALL("timeline add NaN", x->timeline->layer_add_animation(f->host, x->manual, f->rect, &a));
    CALL("timeline keyframes NULL", x->timeline->layer_add_keyframe_animation(f->host, x->manual, f->rect, NULL));
    CALL("timeline release ratio", x->timeline->release(f->host, pull));
    CALL("timeline release again", x->timeline->release(f->host, pull));
    CALL("timeline set released", x->timeline->set_time(f->host, pull, 0.5));
    int made = 0;
    rh_status_t status = RH_OK;
    rh_timeline_t last = RH_TIMELINE_NONE;
    while ((status = x->timeline->create(f->host, RH_TIMELINE_MANUAL, &last)) == RH_OK && made < 1000)
        made++;
    fixture_logf(f, RH_LOG_INFO, "timeline limit made %d then status=%d", made, (int)status);
    fixture_logf(f, RH_LOG_INFO, "timeline refused handle %u", (unsigned)last);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    const fixture_t *f = instance->plugin_data;
    exts_t x = {
        .theme = f->host->get_extension(f->host, RH_EXT_THEME),
        .spring = f->host->get_extension(f->host, RH_EXT_SPRING),
        .compose = f->host->get_extension(f->host, RH_EXT_COMPOSE),
        .timeline = f->host->get_extension(f->host, RH_EXT_TIMELINE),
    };
    if (!x.theme || !x.spring || !x.compose || !x.timeline) {
        fixture_logf(f, RH_LOG_WARNING, "an extension is missing");
        return true;
    }
    CALL("theme given NULL", x.theme->given(f->host, NULL));
    spring_calls(f, &x);
    compose_calls(f, &x);
    timeline_calls(f, &x);

    thread_calls_t t = { .host = f->host, .x = &x, .table_null = false, .theme = RH_OK, .spring = RH_OK,
                         .timeline = RH_OK };
    pthread_t thread;
    if (pthread_create(&thread, NULL, other_thread, &t) != 0) {
        fixture_logf(f, RH_LOG_WARNING, "pthread_create failed");
        return true;
    }
    pthread_join(thread, NULL);
    fixture_logf(f, RH_LOG_INFO, "thread get_extension null=%d", (int)t.table_null);
    CALL("thread theme given", t.theme);
    CALL("thread spring settle", t.spring);
    CALL("thread timeline set", t.timeline);
    double now = -1;
    CALL("manual time after", x.timeline->get_time(f->host, x.manual, &now));
    fixture_logf(f, RH_LOG_INFO, "manual time: %.3f", now);
    return true;
}
