/*
 * ext_calls.c - RefreshHost test fixture.
 *
 * Breaks: nothing. The ABI 1.5 fixture: it asks for every extension of
 * refresh_host_ext.h and uses each, logging every call as "<label> status=<n>"
 * (and what it read as "<label>: <value>"):
 *   rh.theme/1     given() in setup ("theme bits: <n>");
 *   rh.spring/1    settling_duration of CASpringAnimation's default spring
 *                  ("settle: <s>"), a key-path animation of the rect's x from
 *                  0 to 100 lasting it, and a spring block that widens the
 *                  rect to 40;
 *   rh.compose/1   a green 16 x 16 "spinner" RECT at x 300 turning 1.6 turns a second, cumulative and
 *                  repeated for ever; an additive bob of its y (model 30, +0 to
 *                  +10, autoreversed, 0.5 s); a cumulative additive keyframe
 *                  walk of its translation x (0, 5, 10 a second);
 *   rh.timeline/1  a 40 x 10 "bar" RECT at y 45 whose x goes 0 -> 200 and fill red -> blue as
 *                  the pull ratio goes 0 -> 1 (PULL_RATIO), and whose y scale
 *                  goes 1 -> 3 over a MANUAL timeline that pull() sets to
 *                  distance / 60;
 *   unknown ids    "rh.nothing/1", "rh.theme/2", "rh.theme", "RH.THEME/1", ""
 *                  and NULL: each must be NULL ("unknown <id>: null=<0|1>"),
 *                  and the plugin carries on without it.
 * Build with -DFIXTURE_ABI_MINOR=0 to show that any plugin may ask.
 */
#include <math.h>
#include <stdlib.h>

#define FIXTURE_NAME "ext_calls"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_DESTROY fixture_destroy
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"
#include "refresh_host_ext.h"

typedef struct ext_state {
    const rh_timeline_ext_t *timeline;
    rh_timeline_t manual;
    rh_layer_t spinner, bar;
} ext_state_t;

#define CALL(label, expr) fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)(expr))

static void theme_calls(const fixture_t *f)
{
    const rh_theme_ext_t *theme = f->host->get_extension(f->host, RH_EXT_THEME);
    if (theme == NULL) {
        fixture_logf(f, RH_LOG_INFO, "theme: missing");
        return;
    }
    uint32_t bits = 99;
    CALL("theme given", theme->given(f->host, &bits));
    fixture_logf(f, RH_LOG_INFO, "theme bits: %u", bits);
}

static void spring_calls(const fixture_t *f)
{
    const rh_spring_ext_t *spring = f->host->get_extension(f->host, RH_EXT_SPRING);
    if (spring == NULL) {
        fixture_logf(f, RH_LOG_INFO, "spring: missing");
        return;
    }
    rh_spring_t s = { sizeof(rh_spring_t), 1, 100, 10, 0 };
    double settle = -1;
    CALL("spring settle", spring->settling_duration(f->host, &s, &settle));
    fixture_logf(f, RH_LOG_INFO, "settle: %.4f", settle);
    rh_basic_animation_t a = { .struct_size = sizeof a, .property = RH_PROP_POSITION_X, .from = 0, .to = 100,
                               .duration = 0 };
    CALL("spring key-path", spring->layer_add_animation(f->host, f->rect, &a, &s, NULL, NULL));
    CALL("spring block", spring->animate_begin(f->host, &s, 0));
    f->host->layer_set(f->host, f->rect, RH_PROP_WIDTH, 40);
    CALL("spring commit", f->host->animate_commit(f->host, NULL, NULL));
}

static void compose_calls(const fixture_t *f, ext_state_t *e)
{
    const rh_compose_ext_t *compose = f->host->get_extension(f->host, RH_EXT_COMPOSE);
    if (compose == NULL) {
        fixture_logf(f, RH_LOG_INFO, "compose: missing");
        return;
    }
    e->spinner = f->host->layer_create(f->host, RH_LAYER_RECT, f->root);
    f->host->layer_set(f->host, e->spinner, RH_PROP_WIDTH, 16);
    f->host->layer_set(f->host, e->spinner, RH_PROP_HEIGHT, 16);
    f->host->layer_set(f->host, e->spinner, RH_PROP_POSITION_X, 300);
    f->host->layer_set(f->host, e->spinner, RH_PROP_POSITION_Y, 30);
    f->host->layer_set_color(f->host, e->spinner, RH_COLOR_FILL, &(rh_color_t){ 0, 0.6, 0, 1 });
    rh_basic_animation_t turn = { .struct_size = sizeof turn, .property = RH_PROP_ROTATION, .from = 0,
                                  .to = 1.6 * 2 * RH_PI, .duration = 1, .repeat_count = INFINITY };
    CALL("compose cumulative", compose->layer_add_animation(f->host, e->spinner, &turn, RH_COMPOSE_CUMULATIVE, NULL, NULL));
    rh_basic_animation_t bob = { .struct_size = sizeof bob, .property = RH_PROP_POSITION_Y, .from = 0, .to = 10,
                                 .duration = 0.5, .repeat_count = INFINITY, .autoreverse = true };
    CALL("compose additive", compose->layer_add_animation(f->host, e->spinner, &bob, RH_COMPOSE_ADDITIVE, NULL, NULL));
    static const double walk[3] = { 0, 5, 10 };
    rh_keyframe_animation_t kf = { .struct_size = sizeof kf, .kind = RH_VALUE_NUMBER, .property = RH_PROP_TRANSLATION_X,
                                   .count = 3, .numbers = walk, .duration = 1, .repeat_count = INFINITY };
    CALL("compose keyframes",
         compose->layer_add_keyframe_animation(f->host, e->spinner, &kf, RH_COMPOSE_ADDITIVE | RH_COMPOSE_CUMULATIVE,
                                               NULL, NULL));
}

static void timeline_calls(const fixture_t *f, ext_state_t *e)
{
    e->timeline = f->host->get_extension(f->host, RH_EXT_TIMELINE);
    if (e->timeline == NULL) {
        fixture_logf(f, RH_LOG_INFO, "timeline: missing");
        return;
    }
    e->bar = f->host->layer_create(f->host, RH_LAYER_RECT, f->root);
    f->host->layer_set(f->host, e->bar, RH_PROP_WIDTH, 40);
    f->host->layer_set(f->host, e->bar, RH_PROP_HEIGHT, 10);
    f->host->layer_set(f->host, e->bar, RH_PROP_POSITION_Y, 45);
    rh_timeline_t pull = RH_TIMELINE_NONE;
    CALL("timeline create ratio", e->timeline->create(f->host, RH_TIMELINE_PULL_RATIO, &pull));
    CALL("timeline create manual", e->timeline->create(f->host, RH_TIMELINE_MANUAL, &e->manual));
    rh_basic_animation_t slide = { .struct_size = sizeof slide, .property = RH_PROP_POSITION_X, .from = 0, .to = 200,
                                   .duration = 1 };
    CALL("timeline key-path", e->timeline->layer_add_animation(f->host, pull, e->bar, &slide));
    static const rh_color_t colours[2] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 } };
    rh_keyframe_animation_t fill = { .struct_size = sizeof fill, .kind = RH_VALUE_COLOR, .property = RH_COLOR_FILL,
                                     .count = 2, .colors = colours, .duration = 1 };
    CALL("timeline keyframes", e->timeline->layer_add_keyframe_animation(f->host, pull, e->bar, &fill));
    rh_basic_animation_t grow = { .struct_size = sizeof grow, .property = RH_PROP_SCALE_Y, .from = 1, .to = 3,
                                  .duration = 2 };
    CALL("timeline manual key-path", e->timeline->layer_add_animation(f->host, e->manual, e->bar, &grow));
}

static void unknown_ids(const fixture_t *f)
{
    static const char *const ids[] = { "rh.nothing/1", "rh.theme/2", "rh.theme", "RH.THEME/1", "" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        fixture_logf(f, RH_LOG_INFO, "unknown %s: null=%d", ids[i], f->host->get_extension(f->host, ids[i]) == NULL);
    fixture_logf(f, RH_LOG_INFO, "unknown NULL: null=%d", f->host->get_extension(f->host, NULL) == NULL);
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    ext_state_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return false;
    f->extra = e;
    theme_calls(f);
    spring_calls(f);
    compose_calls(f, e);
    timeline_calls(f, e);
    unknown_ids(f);
    return true;
}

/* One call per pull frame for the manual timeline; the ratio one needs none. */
static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    const ext_state_t *e = f->extra;
    if (e != NULL && e->timeline != NULL) {
        rh_status_t status = e->timeline->set_time(f->host, e->manual, distance / 60);
        if (status != RH_OK)
            fixture_logf(f, RH_LOG_WARNING, "timeline set status=%d", (int)status);
    }
}

static void fixture_destroy(const rh_instance_t *instance)
{
    fixture_t *f = instance->plugin_data;
    free(f->extra);
    fixture_base_destroy(instance);
}
