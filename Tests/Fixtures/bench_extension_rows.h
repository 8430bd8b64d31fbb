/*
 * bench_extension_rows.h - the extensions' functions for bench_services.c.
 *
 * Every function of every extension table in refresh_host_ext.h (ABI 1.5),
 * named "<extension>.<member>" (theme.given, effects.set, ...), each fetched
 * once through get_extension and called as a style calls it. A test reads the
 * header's tables and checks this list names each member once, in order, so a
 * function added to an extension cannot be left unmeasured. Included by
 * bench_services.c after its world, its ROW macro and its call types.
 */
#include "refresh_host_ext.h"

/* The tables, fetched once at the first round (untimed). */
typedef struct bench_extensions {
    const rh_theme_ext_t *theme;
    const rh_spring_ext_t *spring;
    const rh_compose_ext_t *compose;
    const rh_timeline_ext_t *timeline;
    const rh_effects_ext_t *effects;
    rh_timeline_t manual, scratch;
} bench_extensions_t;

static bench_extensions_t ext;

static bool fetch_extensions(const rh_host_t *h)
{
    ext.theme = h->get_extension(h, RH_EXT_THEME);
    ext.spring = h->get_extension(h, RH_EXT_SPRING);
    ext.compose = h->get_extension(h, RH_EXT_COMPOSE);
    ext.timeline = h->get_extension(h, RH_EXT_TIMELINE);
    ext.effects = h->get_extension(h, RH_EXT_EFFECTS);
    return ext.theme && ext.spring && ext.compose && ext.timeline && ext.effects &&
           ext.timeline->create(h, RH_TIMELINE_MANUAL, &ext.manual) == RH_OK;
}

static const rh_spring_t bouncy = { .struct_size = sizeof(rh_spring_t), .mass = 1, .stiffness = 100, .damping = 10 };
static const double fade_values[] = { 1, 0.2, 1 };

static rh_basic_animation_t opacity_animation(void)
{
    return (rh_basic_animation_t){ .struct_size = sizeof(rh_basic_animation_t), .property = RH_PROP_OPACITY,
                                   .from = 1, .to = 0.5, .duration = 1, .curve = RH_CURVE_LINEAR };
}

static rh_keyframe_animation_t opacity_keyframes(void)
{
    return (rh_keyframe_animation_t){ .struct_size = sizeof(rh_keyframe_animation_t), .kind = RH_VALUE_NUMBER,
                                      .property = RH_PROP_OPACITY, .count = 3, .numbers = fade_values,
                                      .duration = 1 };
}

static rh_status_t x_theme_given(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    uint32_t given;
    return ext.theme->given(h, &given);
}

static rh_status_t x_spring_settling(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    double seconds;
    return ext.spring->settling_duration(h, &bouncy, &seconds);
}
static rh_status_t x_spring_begin(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return ext.spring->animate_begin(h, &bouncy, 0);
}
static rh_status_t x_spring_animation(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t a = opacity_animation();
    a.duration = 0; /* the spring's settling duration */
    return ext.spring->layer_add_animation(h, w->rect, &a, &bouncy, NULL, NULL);
}
static rh_status_t x_spring_keyframes(const rh_host_t *h, bench_world_t *w)
{
    rh_keyframe_animation_t k = opacity_keyframes();
    return ext.spring->layer_add_keyframe_animation(h, w->rect, &k, &bouncy, NULL, NULL);
}

static rh_status_t x_compose_animation(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t a = opacity_animation();
    a.property = RH_PROP_POSITION_X;
    return ext.compose->layer_add_animation(h, w->rect, &a, RH_COMPOSE_ADDITIVE, NULL, NULL);
}
static rh_status_t x_compose_keyframes(const rh_host_t *h, bench_world_t *w)
{
    rh_keyframe_animation_t k = opacity_keyframes();
    return ext.compose->layer_add_keyframe_animation(h, w->rect, &k, RH_COMPOSE_CUMULATIVE, NULL, NULL);
}

static rh_status_t x_timeline_create(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return ext.timeline->create(h, RH_TIMELINE_PULL_RATIO, &ext.scratch);
}
static void release_scratch(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    ext.timeline->release(h, ext.scratch);
}
static void create_scratch(const rh_host_t *h, bench_world_t *w) { x_timeline_create(h, w); }
static rh_status_t x_timeline_set_time(const rh_host_t *h, bench_world_t *w)
{
    return ext.timeline->set_time(h, ext.manual, (double)(w->i % 100) / 100);
}
static rh_status_t x_timeline_get_time(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    double time;
    return ext.timeline->get_time(h, ext.manual, &time);
}
static rh_status_t x_timeline_animation(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t a = opacity_animation();
    return ext.timeline->layer_add_animation(h, ext.manual, w->rect, &a);
}
static rh_status_t x_timeline_keyframes(const rh_host_t *h, bench_world_t *w)
{
    rh_keyframe_animation_t k = opacity_keyframes();
    return ext.timeline->layer_add_keyframe_animation(h, ext.manual, w->rect, &k);
}
static rh_status_t x_timeline_release(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return ext.timeline->release(h, ext.scratch);
}

static rh_status_t x_effects_set(const rh_host_t *h, bench_world_t *w)
{
    return ext.effects->set(h, w->rect, RH_EFFECT_BLUR_RADIUS, (double)(w->i % 20));
}
static rh_status_t x_effects_get(const rh_host_t *h, bench_world_t *w)
{
    double radius;
    return ext.effects->get(h, w->rect, RH_EFFECT_BLUR_RADIUS, true, &radius);
}
static rh_status_t x_effects_animation(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t a = opacity_animation();
    a.property = RH_EFFECT_BLUR_RADIUS;
    a.from = 0;
    a.to = 8;
    return ext.effects->layer_add_animation(h, w->rect, &a, NULL, NULL);
}
static rh_status_t x_effects_keyframes(const rh_host_t *h, bench_world_t *w)
{
    static const double radii[] = { 0, 6, 0 };
    rh_keyframe_animation_t k = opacity_keyframes();
    k.property = RH_EFFECT_BLUR_RADIUS;
    k.numbers = radii;
    return ext.effects->layer_add_keyframe_animation(h, w->rect, &k, NULL, NULL);
}

#define EXT_ROW(table, member, calls, prepare, call, finish, note) \
    { { #table "." #member, offsetof(rh_##table##_ext_t, member), note, calls, 0, 0, 0 }, prepare, call, finish }

static bench_row_t extension_rows[] = {
    EXT_ROW(theme, given, ROUND_CALLS, no_step, x_theme_given, no_step, NULL),
    EXT_ROW(spring, settling_duration, ROUND_CALLS, no_step, x_spring_settling, no_step, "CA's defaults"),
    EXT_ROW(spring, animate_begin, ROUND_CALLS, no_step, x_spring_begin, commit, NULL),
    EXT_ROW(spring, layer_add_animation, ROUND_CALLS, no_step, x_spring_animation, no_step, "duration 0: the settle"),
    EXT_ROW(spring, layer_add_keyframe_animation, ROUND_CALLS, no_step, x_spring_keyframes, no_step, "3 numbers"),
    EXT_ROW(compose, layer_add_animation, ROUND_CALLS, no_step, x_compose_animation, no_step, "ADDITIVE"),
    EXT_ROW(compose, layer_add_keyframe_animation, ROUND_CALLS, no_step, x_compose_keyframes, no_step,
            "CUMULATIVE, 3 numbers"),
    EXT_ROW(timeline, create, 200, no_step, x_timeline_create, release_scratch, "PULL_RATIO"),
    EXT_ROW(timeline, set_time, ROUND_CALLS, no_step, x_timeline_set_time, no_step, "MANUAL"),
    EXT_ROW(timeline, get_time, ROUND_CALLS, no_step, x_timeline_get_time, no_step, NULL),
    EXT_ROW(timeline, layer_add_animation, ROUND_CALLS, no_step, x_timeline_animation, no_step, NULL),
    EXT_ROW(timeline, layer_add_keyframe_animation, ROUND_CALLS, no_step, x_timeline_keyframes, no_step, "3 numbers"),
    EXT_ROW(timeline, release, 200, create_scratch, x_timeline_release, no_step, "an empty timeline"),
    EXT_ROW(effects, set, ROUND_CALLS, no_step, x_effects_set, no_step, "BLUR_RADIUS"),
    EXT_ROW(effects, get, ROUND_CALLS, no_step, x_effects_get, no_step, "BLUR_RADIUS, presentation"),
    EXT_ROW(effects, layer_add_animation, ROUND_CALLS, no_step, x_effects_animation, no_step, "BLUR_RADIUS"),
    EXT_ROW(effects, layer_add_keyframe_animation, ROUND_CALLS, no_step, x_effects_keyframes, no_step,
            "BLUR_RADIUS, 3 numbers"),
};
#define EXTENSION_ROW_COUNT (sizeof extension_rows / sizeof extension_rows[0])
