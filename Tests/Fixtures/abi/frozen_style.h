/*
 * frozen_style.h - the body of the frozen ABI fixtures (frozen_1_0.c,
 * frozen_1_1.c, frozen_1_2.c): one style that uses everything its ABI version offered,
 * built only against that version's verbatim header (-I abi/1.0 or abi/1.1),
 * so the structs it hands the host are the old, shorter ones.
 *
 * 1.0: every host service (log, now, get_extension, layer_create and
 * layer_remove, layer_set and layer_get of every property, layer_set_color
 * and layer_get_color, layer_set_text, layer_set_path with move, line, curve,
 * arc and close, animate blocks with every curve, springs and keyframe
 * blocks, key-path animations, layer_remove_animations) and every instance
 * callback but tick. 1.1 adds layer_set_gradient. 1.2 adds stroke trim, line
 * caps and shadows (frozen_1_2.c): a plugin of the last drawing ABI, which
 * knows nothing of 1.3's lifecycle fields, on a host that has them.
 *
 * The includer defines FROZEN_NAME ("1_0") before including this file.
 * With -DFROZEN_PROBES setup also makes the calls whose answers must not
 * change for an old plugin on a newer host (a 1.2 enum value is unknown to
 * it; RH_WARN_ADJUSTED is never returned to it) and logs each as
 * "<label> status=<n>"; those builds are for the tests, not for validate.
 */
#ifndef FROZEN_STYLE_H
#define FROZEN_STYLE_H

#include "refresh_host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FROZEN_ID "test.frozen.v" FROZEN_NAME

typedef struct frozen {
    const rh_host_t *host;
    rh_layer_t root, group, card, dot, arc, label;
    rh_done_fn done;
    int cycles;
} frozen_t;

static frozen_t *frozen_of(const rh_instance_t *instance) { return (frozen_t *)instance->plugin_data; }

static void frozen_set_color(frozen_t *f, rh_layer_t layer, rh_color_property_t p, double r, double g, double b,
                             double a)
{
    const rh_color_t c = {r, g, b, a};
    f->host->layer_set_color(f->host, layer, p, &c);
}

/* The arc: a three-quarter ring drawn with every path operation. */
static void frozen_set_arc_path(frozen_t *f)
{
    const rh_path_element_t path[] = {
        {RH_PATH_MOVE_TO, {36, 20, 0, 0, 0, 0}},
        {RH_PATH_ARC, {20, 20, 16, 0, 1.5 * RH_PI, 0}},
        {RH_PATH_LINE_TO, {20, 12, 0, 0, 0, 0}},
        {RH_PATH_CURVE_TO, {26, 12, 28, 16, 28, 20}},
        {RH_PATH_CLOSE, {0, 0, 0, 0, 0, 0}},
    };
    f->host->layer_set_path(f->host, f->arc, path, sizeof path / sizeof path[0]);
}

/* Every property and colour of every layer, as setup leaves them; reset
 * puts them back through the same function. */
static void frozen_apply_initial(frozen_t *f)
{
    const rh_host_t *h = f->host;
    h->layer_set(h, f->group, RH_PROP_POSITION_X, 120);
    h->layer_set(h, f->group, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, f->group, RH_PROP_WIDTH, 140);
    h->layer_set(h, f->group, RH_PROP_HEIGHT, 60);
    h->layer_set(h, f->group, RH_PROP_ANCHOR_X, 0.5);
    h->layer_set(h, f->group, RH_PROP_ANCHOR_Y, 0.5);
    h->layer_set(h, f->group, RH_PROP_OPACITY, 1);
    h->layer_set(h, f->group, RH_PROP_CLIPS_TO_BOUNDS, 0);
    h->layer_set(h, f->group, RH_PROP_TRANSLATION_X, 0);
    h->layer_set(h, f->group, RH_PROP_TRANSLATION_Y, 0);

    h->layer_set(h, f->card, RH_PROP_POSITION_X, 20);
    h->layer_set(h, f->card, RH_PROP_POSITION_Y, 30);
    h->layer_set(h, f->card, RH_PROP_WIDTH, 36);
    h->layer_set(h, f->card, RH_PROP_HEIGHT, 36);
    h->layer_set(h, f->card, RH_PROP_CORNER_RADIUS, 6);
    h->layer_set(h, f->card, RH_PROP_LINE_WIDTH, 2);
    h->layer_set(h, f->card, RH_PROP_Z_POSITION, 1);
    h->layer_set(h, f->card, RH_PROP_SCALE, 1);
    frozen_set_color(f, f->card, RH_COLOR_FILL, 0.2, 0.5, 0.9, 1);
    frozen_set_color(f, f->card, RH_COLOR_STROKE, 0.1, 0.2, 0.4, 1);

    h->layer_set(h, f->dot, RH_PROP_POSITION_X, 70);
    h->layer_set(h, f->dot, RH_PROP_POSITION_Y, 30);
    h->layer_set(h, f->dot, RH_PROP_WIDTH, 16);
    h->layer_set(h, f->dot, RH_PROP_HEIGHT, 16);
    h->layer_set(h, f->dot, RH_PROP_SCALE_X, 1);
    h->layer_set(h, f->dot, RH_PROP_SCALE_Y, 1);
    h->layer_set(h, f->dot, RH_PROP_HIDDEN, 0);
    frozen_set_color(f, f->dot, RH_COLOR_FILL, 0.9, 0.3, 0.2, 1);

    h->layer_set(h, f->arc, RH_PROP_POSITION_X, 115);
    h->layer_set(h, f->arc, RH_PROP_POSITION_Y, 30);
    h->layer_set(h, f->arc, RH_PROP_WIDTH, 40);
    h->layer_set(h, f->arc, RH_PROP_HEIGHT, 40);
    h->layer_set(h, f->arc, RH_PROP_ROTATION, 0);
    h->layer_set(h, f->arc, RH_PROP_LINE_WIDTH, 3);
    frozen_set_color(f, f->arc, RH_COLOR_FILL, 0.95, 0.8, 0.2, 1);
    frozen_set_color(f, f->arc, RH_COLOR_STROKE, 0.3, 0.3, 0.3, 1);
    frozen_set_arc_path(f);

    h->layer_set(h, f->label, RH_PROP_POSITION_X, 260);
    h->layer_set(h, f->label, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, f->label, RH_PROP_WIDTH, 100);
    h->layer_set(h, f->label, RH_PROP_HEIGHT, 24);
    h->layer_set(h, f->label, RH_PROP_FONT_SIZE, 15);
    h->layer_set(h, f->label, RH_PROP_FONT_WEIGHT, 1);
    h->layer_set(h, f->label, RH_PROP_OPACITY, 1);
    h->layer_set_text(h, f->label, "Pull " FROZEN_NAME);
    frozen_set_color(f, f->label, RH_COLOR_FILL, 0.2, 0.2, 0.2, 1);

#if RH_ABI_VERSION_MINOR >= 1
    {
        const rh_gradient_stop_t stops[] = {{0, {1, 1, 1, 0.6}}, {1, {0.2, 0.5, 0.9, 1}}};
        const rh_gradient_t gradient = {sizeof(rh_gradient_t), 0.5, 0, 0.5, 1, 2, stops};
        h->layer_set_gradient(h, f->card, &gradient);
    }
#endif
#if RH_ABI_VERSION_MINOR >= 2
    h->layer_set(h, f->arc, RH_PROP_STROKE_END, 0.75);
    h->layer_set(h, f->arc, RH_PROP_LINE_CAP, RH_LINE_CAP_ROUND);
    h->layer_set(h, f->card, RH_PROP_SHADOW_OPACITY, 0.3);
    h->layer_set(h, f->card, RH_PROP_SHADOW_RADIUS, 4);
#endif
}

#ifdef FROZEN_PROBES
static void frozen_log(frozen_t *f, const char *label, rh_status_t status)
{
    char line[96];
    snprintf(line, sizeof line, "%s status=%d", label, (int)status);
    f->host->log(f->host, RH_LOG_INFO, line);
}

static void frozen_probes(frozen_t *f)
{
    const rh_host_t *h = f->host;
    /* RH_PATH_ARC_NEGATIVE (5) is 1.2's: an unknown op to this plugin. */
    const rh_path_element_t negative[] = {{0, {36, 20, 0, 0, 0, 0}}, {5, {20, 20, 16, 0, -1, 0}}};
    frozen_log(f, "arc negative", h->layer_set_path(h, f->arc, negative, 2));
    /* RH_CURVE_CUBIC_BEZIER (6), in a block and in a key-path animation. */
    const rh_timing_t bezier = {sizeof(rh_timing_t), 0.2, 0, 6, 1, 0};
    const rh_status_t begun = h->animate_begin(h, &bezier);
    frozen_log(f, "curve 6 block", begun);
    if (begun >= 0) h->animate_commit(h, NULL, NULL);
    const rh_basic_animation_t spin = {sizeof(rh_basic_animation_t), RH_PROP_ROTATION, 0, 1, 0.5, 0, 6, 1, false};
    frozen_log(f, "curve 6 key-path", h->layer_add_animation(h, f->arc, &spin, NULL, NULL));
    /* A path that starts with a line-to: adjusted, but RH_OK to this plugin. */
    const rh_path_element_t line_first[] = {{RH_PATH_LINE_TO, {4, 4, 0, 0, 0, 0}}, {RH_PATH_LINE_TO, {30, 4, 0, 0, 0, 0}}};
    frozen_log(f, "line first", h->layer_set_path(h, f->arc, line_first, 2));
    frozen_set_arc_path(f);
}
#endif

static bool frozen_setup(const rh_instance_t *instance, rh_layer_t root)
{
    frozen_t *f = frozen_of(instance);
    const rh_host_t *h = f->host;
    f->root = root;
    frozen_set_color(f, root, RH_COLOR_FILL, 0.96, 0.96, 0.94, 1);
    f->group = h->layer_create(h, RH_LAYER_GROUP, root);
    f->card = h->layer_create(h, RH_LAYER_RECT, f->group);
    f->dot = h->layer_create(h, RH_LAYER_ELLIPSE, f->group);
    f->arc = h->layer_create(h, RH_LAYER_PATH, f->group);
    f->label = h->layer_create(h, RH_LAYER_TEXT, root);
    if (!f->group || !f->card || !f->dot || !f->arc || !f->label) return false;
    frozen_apply_initial(f);

    /* layer_remove, and the getters: a scratch layer made and removed again. */
    const rh_layer_t scratch = h->layer_create(h, RH_LAYER_RECT, root);
    double width = 0;
    rh_color_t fill = {0, 0, 0, 0};
    if (h->layer_get(h, f->card, RH_PROP_WIDTH, &width) != RH_OK || width != 36) return false;
    if (h->layer_get_color(h, f->card, RH_COLOR_FILL, &fill) != RH_OK || fill.b != 0.9) return false;
    if (h->layer_remove(h, scratch) != RH_OK) return false;
    /* No extensions were ever defined: NULL, not a crash. */
    if (h->get_extension && h->get_extension(h, "rh.none/1") != NULL) return false;
    if (!(h->now(h) >= 0)) return false;
#ifdef FROZEN_PROBES
    frozen_probes(f);
#endif
    return true;
}

static void frozen_destroy(const rh_instance_t *instance)
{
    free(frozen_of(instance));
    free((void *)instance);
}

static void frozen_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    frozen_t *f = frozen_of(instance);
    (void)distance;
    (void)velocity;
    f->host->layer_set(f->host, f->arc, RH_PROP_ROTATION, ratio * 2 * RH_PI);
    f->host->layer_set(f->host, f->group, RH_PROP_TRANSLATION_Y, 10 * ratio);
}

/* Armed: the dot springs up, in a block with a spring curve. */
static void frozen_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state)
{
    frozen_t *f = frozen_of(instance);
    (void)old_state;
    if (new_state != RH_STATE_ARMED) return;
    const rh_timing_t spring = {sizeof(rh_timing_t), 0.3, 0, RH_CURVE_SPRING, 0.5, 2};
    if (f->host->animate_begin(f->host, &spring) != RH_OK) return;
    f->host->layer_set(f->host, f->dot, RH_PROP_SCALE, 1.3);
    f->host->animate_commit(f->host, NULL, NULL);
}

/* Each cycle: the arc turns once (a key-path animation), the card's scale
 * steps through a keyframe block, the dot tweens with the host's cycle block. */
static void frozen_setup_for_cycle(const rh_instance_t *instance)
{
    frozen_t *f = frozen_of(instance);
    const rh_basic_animation_t spin = {sizeof(rh_basic_animation_t), RH_PROP_ROTATION, 0, 2 * RH_PI, 0.6, 0,
                                       RH_CURVE_EASE_IN_OUT, 1, false};
    f->host->layer_add_animation(f->host, f->arc, &spin, NULL, NULL);
    const rh_basic_animation_t blink = {sizeof(rh_basic_animation_t), RH_PROP_OPACITY, 1, 0.4, 0.3, 0,
                                        RH_CURVE_EASE_OUT, 1, true};
    f->host->layer_add_animation(f->host, f->label, &blink, NULL, NULL);
}

static void frozen_cycle_done(void *user, bool finished)
{
    (void)finished;
    ((frozen_t *)user)->cycles++;
}

static void frozen_cycle(const rh_instance_t *instance)
{
    frozen_t *f = frozen_of(instance);
    const rh_host_t *h = f->host;
    h->layer_set(h, f->dot, RH_PROP_POSITION_X, f->cycles % 2 ? 70 : 90);
    h->layer_set(h, f->dot, RH_PROP_HIDDEN, 0);
    const rh_timing_t frames = {sizeof(rh_timing_t), 0.5, 0, RH_CURVE_KEYFRAMES, 1, 0};
    if (h->animate_begin(h, &frames) != RH_OK) return;
    h->animate_keyframe(h, 0, 0.5);
    h->layer_set(h, f->card, RH_PROP_SCALE, 1.15);
    h->animate_keyframe(h, 0.5, 0.5);
    h->layer_set(h, f->card, RH_PROP_SCALE, 1);
    h->animate_commit(h, frozen_cycle_done, f);
}

static void frozen_exit_done(void *user, bool finished)
{
    frozen_t *f = user;
    (void)finished;
    rh_done_fn done = f->done;
    f->done = NULL;
    if (done) done();
}

static void frozen_exit(const rh_instance_t *instance, rh_done_fn done)
{
    frozen_t *f = frozen_of(instance);
    const rh_timing_t fade = {sizeof(rh_timing_t), 0.25, 0, RH_CURVE_EASE_IN, 1, 0};
    f->done = done;
    if (f->host->animate_begin(f->host, &fade) != RH_OK) {
        frozen_exit_done(f, false);
        return;
    }
    f->host->layer_set(f->host, f->group, RH_PROP_OPACITY, 0);
    f->host->animate_commit(f->host, frozen_exit_done, f);
}

#if RH_ABI_VERSION_MINOR >= 3
/* 1.3: the position in every phase (a 1.3 host calls this instead of pull),
 * and a failure ending that greys the dot before the usual fade. */
static void frozen_position(const rh_instance_t *instance, const rh_pull_t *pull)
{
    if (pull->phase == RH_PULL_DRAGGING || pull->phase == RH_PULL_RETURNING)
        frozen_pull(instance, pull->distance, pull->ratio > 1 ? 1 : pull->ratio, pull->velocity);
}

static void frozen_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                    rh_done_fn done)
{
    frozen_t *f = frozen_of(instance);
    if (result->kind == RH_RESULT_FAILURE) frozen_set_color(f, f->dot, RH_COLOR_FILL, 0.5, 0.5, 0.5, 1);
    frozen_exit(instance, done);
}
#endif

static void frozen_reset(const rh_instance_t *instance)
{
    frozen_t *f = frozen_of(instance);
    const rh_layer_t layers[] = {f->group, f->card, f->dot, f->arc, f->label};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++) f->host->layer_remove_animations(f->host, layers[i]);
    frozen_apply_initial(f);
}

static const rh_style_descriptor_t frozen_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = FROZEN_ID,
    .name = "Frozen ABI " FROZEN_NAME,
    .version = "1.0.0",
    .description = "Everything an old ABI offered, built against that ABI's header.",
    .height = 80,
    .cycle_duration = 0.5,
    .cycle_curve = RH_CURVE_EASE_IN_OUT,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_TOP,
#if RH_ABI_VERSION_MINOR >= 3
    .trigger_distance = 90,
    .max_pull = 200,
    .physics = RH_PHYSICS_IOS,
#endif
};

static uint32_t frozen_style_count(void) { return 1; }

static const rh_style_descriptor_t *frozen_style_descriptor(uint32_t index)
{
    return index == 0 ? &frozen_descriptor : NULL;
}

static const rh_instance_t *frozen_create(const rh_host_t *host, const char *style_id)
{
    if (!host || !style_id || strcmp(style_id, FROZEN_ID) != 0) return NULL;
    frozen_t *f = calloc(1, sizeof *f);
    rh_instance_t *instance = calloc(1, sizeof *instance);
    if (!f || !instance) {
        free(f);
        free(instance);
        return NULL;
    }
    f->host = host;
    *instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = f,
        .setup = frozen_setup,
        .destroy = frozen_destroy,
        .pull = frozen_pull,
        .state_changed = frozen_state_changed,
        .setup_for_cycle = frozen_setup_for_cycle,
        .cycle = frozen_cycle,
        .exit = frozen_exit,
        .reset = frozen_reset,
#if RH_ABI_VERSION_MINOR >= 3
        .position = frozen_position,
        .exit_with_result = frozen_exit_with_result,
#endif
    };
    return instance;
}

#if RH_ABI_VERSION_MINOR >= 4
/* 1.4's entry functions, as a style written in code answers them: no reason
 * (its descriptor is never NULL) and no data files. */
static const char *frozen_style_error(uint32_t index)
{
    (void)index;
    return NULL;
}
static const char *const *frozen_data_paths(void) { return NULL; }
#endif

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    static const rh_entry_t entry = {
        .abi_version = {RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH},
        .struct_size = sizeof(rh_entry_t),
        .style_count = frozen_style_count,
        .style_descriptor = frozen_style_descriptor,
        .create = frozen_create,
#if RH_ABI_VERSION_MINOR >= 4
        .style_error = frozen_style_error,
        .data_paths = frozen_data_paths,
#endif
    };
    return &entry;
}

#endif /* FROZEN_STYLE_H */
