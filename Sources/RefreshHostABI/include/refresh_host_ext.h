/*
 * refresh_host_ext.h - RefreshHost's extensions (ABI 1.5 and later).
 *
 * The core tables of refresh_host.h (rh_host_t, rh_instance_t, rh_entry_t,
 * rh_style_descriptor_t) are frozen at ABI 1.4: nothing is appended to them
 * any more. Every ability added from 1.5 on is an extension, as CLAP's are:
 *
 *   - it has a string id with a version suffix, "rh.<name>/<n>" (ours) or
 *     "com.vendor.name/<n>" (a third party's). A new, incompatible revision
 *     of an extension is a new id ("rh.spring/2"); the old one stays, so a
 *     plugin asks for the newest it knows and falls back to older ones;
 *   - a plugin asks for it with host->get_extension(host, RH_EXT_...), which
 *     returns a pointer to a const table of function pointers, or NULL when
 *     the host does not offer that id (an older host, another host, an id
 *     with a version this host does not know). NULL is not an error: the
 *     plugin falls back to what the core offers, or does without;
 *   - a table is never extended once published: its layout is frozen with its
 *     id, so it has no struct_size;
 *   - [owned: host] the table lives as long as the host, which is longer than
 *     any instance: a plugin may fetch it once (in create or setup) and keep
 *     the pointer. Every function takes the instance's `host` pointer as its
 *     first argument, as rh_host_t's do, and acts on that instance only;
 *   - every function documents its thread, its errors and what it does with
 *     what it is given, with the same conventions as refresh_host.h
 *     ([main-thread], [owned: X], statuses). The same defences apply: NULL,
 *     NaN, infinities and values outside a documented range are refused with
 *     a status and one log line, never a crash; a call from another thread
 *     returns RH_ERR_WRONG_THREAD and changes nothing; a call after destroy
 *     returns RH_ERR_BAD_STATE.
 *
 * Which plugins may ask. Any plugin, whatever minor it declares: get_extension
 * has been in rh_host_t since 1.0 (a 1.0-1.4 host returns NULL for every id),
 * and a plugin does not need to declare 1.5 to get an extension (as in CLAP).
 * A plugin should declare the lowest minor whose core it needs; one that uses
 * 1.4's core and extensions declares 1.4 and still loads on a 1.4 host, where
 * it gets NULL and falls back. The statuses an extension function returns
 * follow the core's rule: RH_WARN_ADJUSTED and RH_WARN_NO_EFFECT only to
 * plugins that declare 1.2 or later (others get RH_OK in their place).
 *
 * get_extension itself is [main-thread]: from another thread it returns NULL
 * and the host logs the misuse. Ids are compared byte for byte (at most
 * RH_EXT_ID_MAX bytes are read): "rh.theme/1" is known, "rh.theme", "rh.theme/2"
 * and "RH.THEME/1" are not.
 *
 * In refresh-host, extensions run in the worker process with the rest of the
 * host services, so a plugin sees the same tables and the same results
 * in-process and in a worker; `refresh-host info` lists the ids it offers.
 *
 * Changes
 *   1.5: the extension rule above. Extensions: rh.theme/1, rh.spring/1,
 *        rh.compose/1, rh.timeline/1; then rh.effects/1.
 */
#ifndef REFRESH_HOST_EXT_H
#define REFRESH_HOST_EXT_H

#include "refresh_host.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest id a host reads, in bytes; a longer one is unknown. */
#define RH_EXT_ID_MAX 128

/* ------------------------------------------------------------------------ */
/* What a style does not draw: descriptor tags (since 1.5)                   */
/* ------------------------------------------------------------------------ */

/* A style made from a designer's file may carry features its library cannot
 * draw (a Lottie file's Gaussian Blur, say); it loads and draws the rest, as
 * the mobile players do, and says what it leaves out. The descriptor is
 * frozen and there is no library-level get_extension (a descriptor is read
 * before any instance exists, by `list` too), so this one is a convention on
 * rh_style_descriptor_t.tags: a tag that starts with RH_TAG_UNSUPPORTED is
 * not a tag but one line, after the prefix, naming a feature the style does
 * not draw or draws otherwise than its file says, where (a layer) and when
 * (its frames), and what is drawn instead:
 *
 *   "rh.unsupported:layer \"Glow\" (frames 0-60): \"Blur\" (Gaussian Blur)
 *    is skipped: the layer is drawn sharp"
 *
 * refresh-host shows these apart from the tags (list marks the style, info
 * and validate list the lines; validate warns, or fails with
 * --strict-features) and never among them. A 1.0-1.4 host shows them as
 * plain tags. Each is one line of at most RH_REASON_MAX bytes (an ordinary
 * tag stays at most 64); with the ordinary tags, at most 32 tags. */
#define RH_TAG_UNSUPPORTED "rh.unsupported:"

/* ------------------------------------------------------------------------ */
/* rh.theme/1: whether the theme was set (since 1.5)                         */
/* ------------------------------------------------------------------------ */

/* rh_environment_t.theme always holds colours: the app's, or the host's
 * defaults when the app gave none (refresh-host: its light or dark theme).
 * A style with colours of its own (RH_STYLE_THEMEABLE) should keep them
 * unless the app chose a theme; this says which of the theme's parts were
 * chosen by the app or the user (refresh-host: --theme
 * PRIMARY[,ACCENT[,BACKGROUND]] gives one to three colours, --dark the mode). */
#define RH_EXT_THEME "rh.theme/1"

/* Bits of rh_theme_ext_t.given's answer. A clear bit means the host's default. */
#define RH_THEME_GIVEN_PRIMARY (1u << 0)
#define RH_THEME_GIVEN_ACCENT (1u << 1)
#define RH_THEME_GIVEN_BACKGROUND (1u << 2)
#define RH_THEME_GIVEN_DARK (1u << 3) /* the light or dark mode was chosen, not defaulted */
#define RH_THEME_GIVEN_KNOWN 0xFu

typedef struct rh_theme_ext {
    /* Writes the RH_THEME_GIVEN_* bits of this instance's theme into *out:
     * 0 when every colour and the mode are the host's defaults. Constant for
     * the instance's life (as rh_environment_t); call it in setup, after or
     * instead of environment(). [main-thread]
     * Errors: RH_ERR_INVALID_ARGUMENT for a NULL out; RH_ERR_BAD_STATE
     * before setup or after destroy. *out is untouched on error. */
    rh_status_t (*given)(const rh_host_t *host, uint32_t *out);
} rh_theme_ext_t;

/* ------------------------------------------------------------------------ */
/* rh.spring/1: physical springs for every kind of animation (since 1.5)     */
/* ------------------------------------------------------------------------ */

/* A damped spring as Core Animation's CASpringAnimation: a mass on a spring
 * with a damper, released at the start value and pulled toward the end
 * value. The animation's progress p(t) = 1 - x(t), where x is the
 * displacement from the end value as a fraction of the whole change:
 *
 *   m x'' + c x' + k x = 0,   x(0) = 1,   x'(0) = -v
 *
 * with m = mass, k = stiffness, c = damping and v = initial_velocity (whole
 * changes per second toward the end value; negative starts moving away from
 * it). With w0 = sqrt(k / m) and the damping ratio z = c / (2 sqrt(k m)):
 *
 *   underdamped, z < 1:   wd = w0 sqrt(1 - z^2)
 *       x(t) = e^(-z w0 t) (cos(wd t) + (z w0 - v) / wd * sin(wd t))
 *   critically damped, z = 1 (|z - 1| < 1e-6 counts as 1):
 *       x(t) = e^(-w0 t) (1 + (w0 - v) t)
 *   overdamped, z > 1:    r1 = -w0 (z - sqrt(z^2 - 1)),  r2 = -w0 (z + sqrt(z^2 - 1))
 *       x(t) = c1 e^(r1 t) + c2 e^(r2 t),  c2 = (-v - r1) / (r2 - r1),  c1 = 1 - c2
 *
 * t is seconds of real time from the animation's (or segment's) start: the
 * spring is not stretched to fit a duration. The settling duration (as
 * CASpringAnimation.settlingDuration) is the first t after which |x| stays
 * below RH_SPRING_SETTLE_THRESHOLD: the host takes it from the envelope
 * e^(-z w0 t) sqrt(1 + ((z w0 - v) / wd)^2) when underdamped and from
 * |c1| e^(r1 t) + |c2| e^(r2 t) (critically: e^(-w0 t)(1 + |w0 - v| t))
 * otherwise, so it bounds every later displacement. When an animation ends
 * the value is exactly the end value; ended at its settling duration, the
 * jump is below the threshold, which no pixel shows. */
#define RH_EXT_SPRING "rh.spring/1"

#define RH_SPRING_SETTLE_THRESHOLD 1e-3
/* Ranges; a spring outside them is refused with RH_ERR_OUT_OF_RANGE. */
#define RH_SPRING_MAX_MASS 1e3         /* 0 < mass <= this (kg, as CA) */
#define RH_SPRING_MAX_STIFFNESS 1e5    /* 0 < stiffness <= this */
#define RH_SPRING_MAX_DAMPING 1e4      /* 0 < damping <= this */
#define RH_SPRING_MAX_VELOCITY 1e3     /* |initial_velocity| <= this */
/* A spring whose settling duration passes this many seconds is refused
 * (RH_ERR_OUT_OF_RANGE), as any animation over an hour is. */
#define RH_SPRING_MAX_SETTLE 3600.0

/* [owned: caller] read during the call only. CASpringAnimation's defaults:
 * mass 1, stiffness 100, damping 10, initial_velocity 0 (settles in about
 * 1.4 s). */
typedef struct rh_spring {
    uint32_t struct_size;    /* sizeof(rh_spring_t) */
    double mass;
    double stiffness;
    double damping;
    double initial_velocity;
} rh_spring_t;

typedef struct rh_spring_ext {
    /* Writes the spring's settling duration in seconds into *out (see above).
     * [main-thread] Errors: RH_ERR_INVALID_ARGUMENT for NULL or a struct_size
     * smaller than sizeof(rh_spring_t) of 1.5; RH_ERR_OUT_OF_RANGE for a
     * value outside the ranges above or a settling duration past
     * RH_SPRING_MAX_SETTLE. */
    rh_status_t (*settling_duration)(const rh_host_t *host, const rh_spring_t *spring, double *out);

    /* Opens an animate block (as rh_host_t.animate_begin) whose changes move
     * with `spring` and last its settling duration, after `delay` seconds
     * (0 <= delay <= 3600). Close it with rh_host_t.animate_commit. Colours
     * that overshoot are clamped to [0, 1] as they are shown.
     * [main-thread] Errors: as settling_duration, and RH_ERR_OUT_OF_RANGE for
     * a bad delay. */
    rh_status_t (*animate_begin)(const rh_host_t *host, const rh_spring_t *spring, double delay);

    /* Adds a key-path animation (as rh_host_t.layer_add_animation) that moves
     * with `spring`: animation->curve and ->function are ignored, and
     * animation->duration is 0 for the spring's settling duration, or the
     * length of one pass in seconds (RH_MIN_DURATION <= v <= 3600): a shorter
     * pass cuts the spring off (the value jumps to `to` at its end), a longer
     * one stays within the settle threshold of `to` once the spring has
     * settled. Repeats and autoreverse are
     * as the core's. [main-thread]
     * Errors: those of layer_add_animation for the animation, and those of
     * settling_duration for the spring. */
    rh_status_t (*layer_add_animation)(const rh_host_t *host, rh_layer_t layer,
                                       const rh_basic_animation_t *animation, const rh_spring_t *spring,
                                       rh_completion_fn completion, void *user);

    /* Adds a keyframe animation (as rh_host_t.layer_add_keyframe_animation)
     * whose every segment moves with `spring` from its keyframe to the next,
     * in the segment's own real time (duration x the segment's share of the
     * key times): a segment as long as the settling duration shows the whole
     * settle, a shorter one is cut off at its end. animation->functions is
     * ignored. animation->duration may not be 0. [main-thread]
     * Errors: those of layer_add_keyframe_animation and settling_duration. */
    rh_status_t (*layer_add_keyframe_animation)(const rh_host_t *host, rh_layer_t layer,
                                                const rh_keyframe_animation_t *animation,
                                                const rh_spring_t *spring, rh_completion_fn completion,
                                                void *user);
} rh_spring_ext_t;

/* ------------------------------------------------------------------------ */
/* rh.compose/1: additive and cumulative animations (since 1.5)              */
/* ------------------------------------------------------------------------ */

/* Core Animation's two flags for key-path and keyframe animations of numbers:
 *   ADDITIVE:   the animation's value is added to what the layer would show
 *               without it (its model value, or a running animate block's),
 *               instead of replacing it: animate from 0 to 0.3 to nudge a
 *               layer wherever it is. The sum is clamped to the property's
 *               range as it is shown.
 *   CUMULATIVE: each repeated pass starts where the previous one ended:
 *               pass n (from 0) adds n x (to - from) (keyframes: n x (last -
 *               first value)). A rotation from 0 to 1.6 turns repeated for
 *               ever keeps turning 1.6 turns a pass, with no jump back. With
 *               autoreverse a pass ends where it started, so it adds 0 (CA
 *               does the same). Shown values are clamped to the property's
 *               range (rotation: 1e6 radians, some 44 hours at 1.6 turns a
 *               second).
 * Neither flag changes the model value; the animation still takes its
 * (layer, property) slot, replacing the one there.
 *
 * Springs and these flags do not combine on one animation in rh.compose/1
 * and rh.spring/1: rh.spring/1's functions take no flags and this table's
 * take no spring, and since one (layer, property) holds one animation, a
 * second add replaces the first rather than composing with it. To bounce an
 * offset on top of a moving value, split it over two layers: the spring
 * animates a GROUP parent's translation while the child keeps its own
 * (additive or cumulative) animation; the two transforms multiply as any
 * parent's and child's do. A later version of one of these extensions may
 * take both. */
#define RH_EXT_COMPOSE "rh.compose/1"

#define RH_COMPOSE_ADDITIVE (1u << 0)
#define RH_COMPOSE_CUMULATIVE (1u << 1)
#define RH_COMPOSE_KNOWN 0x3u

typedef struct rh_compose_ext {
    /* As rh_host_t.layer_add_animation, with RH_COMPOSE_* `flags` (0 is the
     * core's behaviour). [main-thread]
     * Errors: those of layer_add_animation; RH_ERR_INVALID_ARGUMENT for an
     * unknown flag bit, or a flag on a snapping property (HIDDEN, LINE_CAP,
     * ...), which has nothing to add. */
    rh_status_t (*layer_add_animation)(const rh_host_t *host, rh_layer_t layer,
                                       const rh_basic_animation_t *animation, uint32_t flags,
                                       rh_completion_fn completion, void *user);

    /* As rh_host_t.layer_add_keyframe_animation, with `flags`; a flag needs
     * kind RH_VALUE_NUMBER (colours, paths and gradients do not add up:
     * RH_ERR_INVALID_ARGUMENT) and a non-snapping property. [main-thread] */
    rh_status_t (*layer_add_keyframe_animation)(const rh_host_t *host, rh_layer_t layer,
                                                const rh_keyframe_animation_t *animation, uint32_t flags,
                                                rh_completion_fn completion, void *user);
} rh_compose_ext_t;

/* ------------------------------------------------------------------------ */
/* rh.timeline/1: animations driven by the pull, not the clock (since 1.5)   */
/* ------------------------------------------------------------------------ */

/* A timeline is a time the style does not read from the clock: animations
 * added to it show the value at the timeline's time instead of at the
 * clock's (Core Animation's speed 0 + timeOffset, Lottie's progress). A
 * style prepares its animations once (in setup) and the pull scrubs them:
 * with RH_TIMELINE_PULL_RATIO or _PULL_DISTANCE the host moves the time
 * itself before each position()/pull() call, so the style makes no call per
 * frame at all; with RH_TIMELINE_MANUAL it makes one, set_time().
 *
 * An animation on a timeline is a key-path or keyframe animation as the
 * core's, read at active time = the timeline's time - its delay: before
 * that it shows its first value, past its active duration its last (it
 * never ends or completes by itself; the clock does not move it). It takes
 * its (layer, property) slot as any key-path animation: adding another
 * animation there, layer_remove_animations or layer_remove takes it off.
 * The same time gives the same frame however it was reached. Such an
 * animation is a pose the pull sets, not one the clock runs: a host's
 * counts of running animations (refresh-host's leak checks, its wait for
 * animations to end) leave it out. */
#define RH_EXT_TIMELINE "rh.timeline/1"

/* A timeline handle, valid for the instance that made it until release() or
 * destroy(). 0 is never a timeline; stale or made-up handles are refused. */
typedef uint32_t rh_timeline_t;
#define RH_TIMELINE_NONE ((rh_timeline_t)0)
/* Timelines one instance may hold at once. */
#define RH_MAX_TIMELINES 64
/* The largest |time| of a timeline (seconds, a ratio or points). */
#define RH_TIMELINE_MAX_TIME 1e6

/* What moves a timeline's time. */
typedef int32_t rh_timeline_source_t;
enum {
    RH_TIMELINE_MANUAL = 0,        /* set_time() only; starts at 0 */
    RH_TIMELINE_PULL_RATIO = 1,    /* rh_pull_t.ratio: distance / trigger distance, 0 when closed */
    RH_TIMELINE_PULL_DISTANCE = 2  /* rh_pull_t.distance, in points */
};

typedef struct rh_timeline_ext {
    /* Makes a timeline whose time `source` moves and stores its handle in
     * *out (RH_TIMELINE_NONE on error). A pull-driven one starts at the
     * header's position now. [main-thread]
     * Errors: RH_ERR_INVALID_ARGUMENT for a NULL out or an unknown source;
     * RH_ERR_LIMIT past RH_MAX_TIMELINES. */
    rh_status_t (*create)(const rh_host_t *host, rh_timeline_source_t source, rh_timeline_t *out);

    /* Moves a MANUAL timeline to `time` (|time| <= RH_TIMELINE_MAX_TIME);
     * its animations show that instant from the next frame drawn (and to
     * layer_get_presentation at once). [main-thread]
     * Errors: RH_ERR_INVALID_ARGUMENT for an unknown timeline; RH_ERR_BAD_STATE
     * for one the pull moves; RH_ERR_OUT_OF_RANGE for NaN, infinite or too
     * large a time. */
    rh_status_t (*set_time)(const rh_host_t *host, rh_timeline_t timeline, double time);

    /* Writes a timeline's time into *out. [main-thread]
     * Errors: RH_ERR_INVALID_ARGUMENT for NULL out or an unknown timeline. */
    rh_status_t (*get_time)(const rh_host_t *host, rh_timeline_t timeline, double *out);

    /* Adds a key-path animation to `layer` on `timeline` (see above): the
     * animation is checked as layer_add_animation checks it; its duration is
     * in the timeline's unit (a ratio of 1 for a pull to the trigger, say).
     * There is no completion. [main-thread]
     * Errors: RH_ERR_INVALID_ARGUMENT for an unknown timeline; those of
     * layer_add_animation otherwise. */
    rh_status_t (*layer_add_animation)(const rh_host_t *host, rh_timeline_t timeline, rh_layer_t layer,
                                       const rh_basic_animation_t *animation);

    /* As layer_add_animation, for a keyframe animation (any kind). */
    rh_status_t (*layer_add_keyframe_animation)(const rh_host_t *host, rh_timeline_t timeline,
                                                rh_layer_t layer, const rh_keyframe_animation_t *animation);

    /* Releases a timeline: its animations are taken off their layers (the
     * model values show again) and the handle is no longer valid.
     * [main-thread] Errors: RH_ERR_INVALID_ARGUMENT for an unknown or released
     * timeline. */
    rh_status_t (*release)(const rh_host_t *host, rh_timeline_t timeline);
} rh_timeline_ext_t;

/* ------------------------------------------------------------------------ */
/* rh.effects/1: Gaussian blur and compositing operators (since 1.5)         */
/* ------------------------------------------------------------------------ */

/* Two drawing abilities for any layer, as After Effects' Gaussian Blur effect
 * and Lottie's Merge Paths need them:
 *
 *   RH_EFFECT_BLUR_RADIUS  a Gaussian blur of everything the layer draws (its
 *       content, its children, its mask applied, its shadow), in its parent's
 *       points: the Gaussian's standard deviation is radius / 2, as a shadow's
 *       (RH_PROP_SHADOW_RADIUS). 0 (the default) draws it sharp; at most
 *       RH_EFFECTS_MAX_BLUR_RADIUS. The blur spreads past the layer's bounds by
 *       about 1.5 x radius. Animatable: tweens in an animate block and with
 *       this extension's animation functions.
 *   RH_EFFECT_COMPOSITE    how the layer's drawing (after its opacity and
 *       blur) combines with what its parent drew before it: the parent's own
 *       content and the siblings below it. A parent with a child that is not
 *       RH_COMPOSITE_OVER draws its content and children apart (offscreen) and
 *       then shows the result, so an operator never reaches past its parent.
 *       A whole number, RH_COMPOSITE_*; it snaps, never tweens.
 *
 * A drop shadow is the core's: RH_PROP_SHADOW_OPACITY, _RADIUS, _OFFSET_X,
 * _OFFSET_Y and RH_COLOR_SHADOW (refresh_host.h, 1.2) cast the shadow of the
 * layer's content and children, as After Effects' Drop Shadow does (its
 * direction and distance are the offset; its softness the radius). With a
 * blur, the shadow is cast by the sharp drawing and blurred with it.
 *
 * These are not rh_property_t values: rh_host_t's functions refuse them
 * (RH_ERR_INVALID_ARGUMENT), and this extension's functions take nothing
 * else. refresh-host draws them in PNG, GIF and WebP (the blur: three box
 * blurs in a row over the layer's pixels, within a few percent of the
 * Gaussian; operators: cairo's over, add, dest-out, dest-in and xor on an
 * offscreen group), in SVG (a blur as an SVG filter, <feGaussianBlur>, over
 * the layer's own vectors; add as a CSS blend, mix-blend-mode: plus-lighter,
 * over them; a parent whose children use out, intersect or xor embedded as
 * pixels at twice the page's resolution, cairo's SVG having no operators; the
 * rest of the page stays paths) and in the terminal preview (drawn as in
 * PNG, then shown in cells). */
#define RH_EXT_EFFECTS "rh.effects/1"

typedef int32_t rh_effect_property_t;
enum {
    RH_EFFECT_BLUR_RADIUS = 256, /* 0 <= v <= RH_EFFECTS_MAX_BLUR_RADIUS, default 0 */
    RH_EFFECT_COMPOSITE = 257    /* an rh_composite_t, default RH_COMPOSITE_OVER */
};

#define RH_EFFECTS_MAX_BLUR_RADIUS 100.0

typedef int32_t rh_composite_t;
enum {
    RH_COMPOSITE_OVER = 0,      /* drawn over (the core's; Merge Paths' merge and add) */
    RH_COMPOSITE_ADD = 1,       /* colours summed, clamped (a glow; cairo's ADD) */
    RH_COMPOSITE_OUT = 2,       /* removes what is under it where it covers (subtract) */
    RH_COMPOSITE_INTERSECT = 3, /* keeps what is under it only where it covers (intersect) */
    RH_COMPOSITE_XOR = 4        /* keeps what only one of the two covers (exclude intersections) */
};

typedef struct rh_effects_ext {
    /* Sets an effect property of `layer` to `value`; inside an open animate
     * block the change animates (a blur radius tweens, an operator snaps), as
     * rh_host_t.layer_set. [main-thread]
     * Errors: RH_ERR_INVALID_LAYER for a layer that is not one of this
     * instance's (never made, removed, another instance's); RH_ERR_INVALID_ARGUMENT
     * for a property that is not RH_EFFECT_*; RH_ERR_OUT_OF_RANGE for NaN, an
     * infinity, a radius below 0 or above RH_EFFECTS_MAX_BLUR_RADIUS, or an
     * operator that is not a whole RH_COMPOSITE_* value. Nothing changes on error. */
    rh_status_t (*set)(const rh_host_t *host, rh_layer_t layer, rh_effect_property_t property, double value);

    /* Writes the model value (with `presentation`, the value on screen now,
     * as layer_get_presentation) into *out. [main-thread]
     * Errors: as set, and RH_ERR_INVALID_ARGUMENT for a NULL out (*out untouched). */
    rh_status_t (*get)(const rh_host_t *host, rh_layer_t layer, rh_effect_property_t property, bool presentation,
                       double *out);

    /* As rh_host_t.layer_add_animation, for an effect: animation->property is
     * an RH_EFFECT_* value. The animation takes the (layer, property) slot as
     * the core's do; layer_remove_animations takes it off. [main-thread]
     * Errors: those of layer_add_animation; RH_ERR_INVALID_ARGUMENT for a
     * property that is not RH_EFFECT_*. */
    rh_status_t (*layer_add_animation)(const rh_host_t *host, rh_layer_t layer,
                                       const rh_basic_animation_t *animation, rh_completion_fn completion,
                                       void *user);

    /* As rh_host_t.layer_add_keyframe_animation, for an effect: kind
     * RH_VALUE_NUMBER and property RH_EFFECT_*. [main-thread]
     * Errors: those of layer_add_keyframe_animation; RH_ERR_INVALID_ARGUMENT
     * for another kind or property. */
    rh_status_t (*layer_add_keyframe_animation)(const rh_host_t *host, rh_layer_t layer,
                                                const rh_keyframe_animation_t *animation,
                                                rh_completion_fn completion, void *user);
} rh_effects_ext_t;

#ifdef __cplusplus
}
#endif

#endif /* REFRESH_HOST_EXT_H */
