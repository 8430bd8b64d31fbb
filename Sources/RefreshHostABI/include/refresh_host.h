/*
 * refresh_host.h - the RefreshHost plugin ABI.
 *
 * A refresh style is a shared object that exports one function, rh_entry().
 * The host (refresh-host, or any program built on the RefreshHost library)
 * loads the object with dlopen(RTLD_NOW | RTLD_LOCAL), calls rh_entry(),
 * checks the ABI version, and from then on talks to the library only through
 * the tables declared here.
 *
 * This header is self-contained C99: it needs <stdint.h>, <stdbool.h> and
 * <stddef.h> and nothing else. Compile a plugin with
 *
 *     cc -std=c11 -fPIC -fvisibility=hidden -shared -I<dir of this file> \
 *        -o libmystyle.so mystyle.c
 *
 * Conventions used in every comment below (modelled on CLAP's headers):
 *   [main-thread]  called on, or only callable from, the host's main thread:
 *                  the thread that loaded the library. RefreshHost is single
 *                  threaded; it never calls a plugin from another thread, and
 *                  a host service called from another thread does nothing,
 *                  logs the misuse and returns RH_ERR_WRONG_THREAD.
 *   [owned: X]     who owns a pointer and how long it stays valid.
 *   Times are seconds (double), distances are points (double, y grows
 *   downward), angles are radians (positive turns clockwise on screen),
 *   colours are straight (non-premultiplied) RGBA components in [0, 1].
 *
 * Processes
 *   A host may load one library in several processes, and refresh-host
 *   does: a scanner process loads it to read its descriptors (rh_entry,
 *   init, style_count, style_descriptor, deinit), and every command that
 *   runs a style loads it again in a worker process of its own, which may
 *   be killed at any moment. So init and deinit may run many times, in
 *   different processes, at the same time: keep nothing in them that must
 *   happen once. What a plugin prints on stdout or stderr is not shown to
 *   the user; use the log service. A crash, an exit(), or a call that does
 *   not return within the host's budget (refresh-host: 2 s, --budget) ends
 *   only the plugin's process, and the host reports the style and the
 *   callback. Descriptors may be cached by file identity (path, device,
 *   inode, size, modification time): a changed file is read again. Since
 *   1.4 the identities of the data files a library lists (data_paths) are
 *   part of that key, so a library that makes styles from files is read
 *   again when one of them changes.
 *
 * Versioning policy
 *   RH_ABI_VERSION_{MAJOR,MINOR,PATCH} describe this header.
 *   - PATCH: documentation and clarifications only; layout and meaning of
 *     everything stay the same.
 *   - MINOR: additions only: new extension ids (refresh_host_ext.h), new enum
 *     values, new constants; up to 1.4 also new fields appended at the end
 *     of a struct that carries struct_size (since 1.5 the core tables are
 *     frozen, and new abilities are extensions). A plugin built
 *     against 1.N runs on every host >= 1.N. A host refuses a plugin whose
 *     minor is newer than its own, because the plugin may rely on services
 *     the host does not have. A host never passes a plugin an enum value
 *     (a state, say) newer than the minor the plugin declares.
 *   - MAJOR: anything else (a field removed, moved or retyped, a meaning
 *     changed). A host refuses a plugin with a different major.
 *   Every struct that may grow starts with (or right after the version holds)
 *   a uint32_t struct_size, set to sizeof() of the struct as the writer knows
 *   it. A reader only touches fields that lie inside struct_size; use
 *   RH_HAS_FIELD() for that.
 *
 * Changes
 *   1.0: the first version.
 *   1.1: layer_set_gradient (appended to rh_host_t), rh_gradient_t,
 *        rh_gradient_stop_t, RH_GRADIENT_MAX_STOPS.
 *        Later, with no layout change: bounds on values that made the host's
 *        own loops endless (RH_MIN_DURATION, RH_MIN_CYCLE_DURATION,
 *        RH_PATH_MAX_NUMBER, RH_PATH_ARC_MAX_TURNS, RH_MAX_CHAINED_PER_FRAME),
 *        and "Processes" above (what was always allowed, now written down).
 *   1.2: drawing. Appended to rh_host_t: layer_add_keyframe_animation,
 *        layer_get_presentation, layer_get_presentation_color, layer_set_dash,
 *        layer_set_mask, image_create, image_load, image_release,
 *        layer_set_image, layer_set_image_sequence, pixel_scale,
 *        timer_schedule, timer_cancel, layer_set_font. New enum values:
 *        properties 20-32 (stroke trim, line cap and join, miter limit, dash
 *        phase, fill rule, shadow, contents gravity and scale),
 *        RH_COLOR_SHADOW, RH_LAYER_IMAGE, RH_PATH_ARC_NEGATIVE,
 *        RH_CURVE_CUBIC_BEZIER, RH_CURVE_STEPS, RH_WARN_ADJUSTED and
 *        RH_WARN_NO_EFFECT (statuses a host returns only to plugins that
 *        declare 1.2 or later). Appended to
 *        rh_timing_t and rh_basic_animation_t: `function` (the new curves'
 *        parameters); to rh_gradient_t: `kind` (radial gradients). TEXT
 *        layers draw their stroke (it was silently ignored).
 *   1.3: lifecycle. New types: rh_result_t and rh_refresh_result_t (how a
 *        refresh ended), rh_trigger_t, rh_physics_t, rh_edge_t,
 *        rh_haptic_t, rh_pull_phase_t and rh_pull_t (the position in every
 *        phase, with the finger's x), rh_announcements_t, rh_param_t and
 *        rh_param_value_t (typed parameters), rh_theme_t, rh_environment_t,
 *        the RH_STYLE_* flags. New enum values: RH_PRESENTATION_FRONT,
 *        RH_STATE_NO_MORE. Appended to rh_style_descriptor_t:
 *        trigger_distance, max_pull, trigger, physics, flags, announcements,
 *        param_count, params. Appended to rh_instance_t: position, closed,
 *        exit_with_result. Appended to rh_host_t: environment, param_get,
 *        haptic, announce.
 *   1.4: styles from data files. Appended to rh_entry_t: style_error (why a
 *        style_descriptor() returned NULL) and data_paths (the files and
 *        folders the descriptors are made from, which the host's descriptor
 *        cache keys on); to rh_style_descriptor_t: source. RH_REASON_MAX,
 *        RH_DATA_PATHS_MAX.
 *        Later, with no layout change: RH_MAX_LAYER_DEPTH, a bound on how
 *        deep layers nest (there was none), which applies to plugins of
 *        every ABI version.
 *   1.5: the core tables are frozen: nothing is appended to rh_host_t,
 *        rh_instance_t, rh_entry_t or rh_style_descriptor_t any more. New
 *        abilities are extensions with versioned ids, fetched with
 *        rh_host_t.get_extension and declared in refresh_host_ext.h, which
 *        says how they work and lists them. One rule for services newer
 *        than the minor a plugin declares (see rh_host_t), where 1.1-1.3's
 *        comments said two different things.
 */
#ifndef REFRESH_HOST_H
#define REFRESH_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RH_ABI_VERSION_MAJOR 1
#define RH_ABI_VERSION_MINOR 5
#define RH_ABI_VERSION_PATCH 0

/* Marks the one symbol a plugin exports. Build with -fvisibility=hidden so
 * that nothing else leaks out of the library. */
#if defined(_WIN32)
#define RH_EXPORT __declspec(dllexport)
#else
#define RH_EXPORT __attribute__((visibility("default")))
#endif

/* True when the struct at `ptr`, whose writer set ptr->struct_size, is large
 * enough to hold `field`. Use it before reading a field added in a later
 * minor version. */
#define RH_HAS_FIELD(ptr, type, field) \
    ((ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* Strict C11 has no M_PI; angles here are radians. */
#define RH_PI 3.14159265358979323846

/* ------------------------------------------------------------------------ */
/* Basic types                                                               */
/* ------------------------------------------------------------------------ */

typedef struct rh_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} rh_version_t;

/* Status returned by every host service that can fail. Negative is an
 * error; on error nothing was changed and the host logged one line saying
 * which call, which argument and why. */
typedef int32_t rh_status_t;
enum {
    RH_OK = 0,
    RH_ERR_INVALID_LAYER = -1,    /* unknown, removed or foreign layer handle */
    RH_ERR_INVALID_ARGUMENT = -2, /* NULL where a value is required, unknown enum */
    RH_ERR_OUT_OF_RANGE = -3,     /* NaN, infinity, or a value outside its range */
    RH_ERR_WRONG_THREAD = -4,     /* called from a thread other than the host's */
    RH_ERR_BAD_STATE = -5,        /* e.g. commit with no open animation, call after destroy */
    RH_ERR_LIMIT = -6,            /* a per-instance limit (layers, path size) was reached */
    /* Since 1.2, and returned only to plugins that declare 1.2 or later (an
     * older plugin gets RH_OK in its place): the call succeeded, but the host
     * did something slightly different from what was asked, as documented
     * for that call (a font family that is not installed was replaced by the
     * fallback; a path that starts with a line-to starts with a move-to),
     * and logged one line saying what. Test for errors with `status < 0`. */
    RH_WARN_ADJUSTED = 1,
    /* Since 1.2, and returned only to plugins that declare 1.2 or later: the
     * value was stored (layer_get returns it, animations of it run), but the
     * layer's kind does not draw it: a stroke property or stroke colour on a
     * GROUP or IMAGE, a fill colour on a GROUP, RH_PROP_FILL_RULE on anything
     * but a PATH, font properties on anything but TEXT, contents properties
     * on anything but an IMAGE. Returned by layer_set, layer_set_color,
     * layer_add_animation and layer_add_keyframe_animation; the host logs one
     * line per layer and property, the first time. RH_WARN_ADJUSTED wins when
     * both apply. */
    RH_WARN_NO_EFFECT = 2
};

/* A layer handle. 0 is never a valid layer. Handles are small integers, not
 * pointers: a stale or made-up handle is detected and refused, never
 * dereferenced. A handle is only valid for the instance it was created for. */
typedef uint32_t rh_layer_t;
#define RH_LAYER_NONE ((rh_layer_t)0)

typedef struct rh_color {
    double r, g, b, a;
} rh_color_t;

/* Since 1.1. One colour stop of a linear gradient: `color` (straight RGBA in
 * [0, 1]) at `offset` in [0, 1] along the line from start to end. */
typedef struct rh_gradient_stop {
    double offset;
    rh_color_t color;
} rh_gradient_stop_t;

/* Since 1.1. A linear gradient, as CAGradientLayer's: colours change along
 * the line from (start_x, start_y) to (end_x, end_y), in unit coordinates of
 * the layer's bounds ((0,0) top-left, (1,1) bottom-right; values outside
 * [0, 1] are allowed). Before the first stop the first colour holds, after
 * the last the last one. Between two stops at the same offset the colour
 * changes abruptly. See layer_set_gradient. */
#define RH_GRADIENT_MAX_STOPS 16
/* Since 1.2. The shape of a gradient (rh_gradient_t.kind).
 *   LINEAR: as above.
 *   RADIAL: as CAGradientLayer's radial type: the first stop's colour at the
 *           start point, the last stop's on the ellipse centred on the start
 *           point whose half-axes are |end_x - start_x| x width and
 *           |end_y - start_y| x height (so start (0.5, 0.5), end (1, 1) fills
 *           the bounds' inscribed ellipse). Outside it the last colour holds.
 *           Both half-axes must be above 0. */
typedef int32_t rh_gradient_kind_t;
enum {
    RH_GRADIENT_LINEAR = 0,
    RH_GRADIENT_RADIAL = 1
};

typedef struct rh_gradient {
    uint32_t struct_size;            /* sizeof(rh_gradient_t) */
    double start_x, start_y;         /* start point, |v| <= 1e3 */
    double end_x, end_y;             /* end point, |v| <= 1e3; must differ from the start */
    uint32_t stop_count;             /* 2 <= v <= RH_GRADIENT_MAX_STOPS */
    const rh_gradient_stop_t *stops; /* stop_count stops, offsets non-decreasing in [0, 1] */
    /* ---- Since 1.2 (read only when struct_size covers it; else LINEAR) ---- */
    rh_gradient_kind_t kind;
} rh_gradient_t;

/* The refresh states the host's controller moves through. */
typedef int32_t rh_state_t;
enum {
    RH_STATE_IDLE = 0,       /* nothing shown, nothing running */
    RH_STATE_PULLING = 1,    /* header visible, below the trigger distance (or bouncing back) */
    RH_STATE_ARMED = 2,      /* finger down past the trigger distance: release to refresh */
    RH_STATE_REFRESHING = 3, /* cycles are running */
    RH_STATE_EXITING = 4,    /* the exit animation is running; waiting for done */
    RH_STATE_RESETTING = 5,  /* header closing; reset follows, then idle */
    /* Since 1.3, and passed only to a 1.3 footer (environment.edge is
     * RH_EDGE_BOTTOM): the last load ended with RH_RESULT_NO_MORE. The footer
     * stays here, showing that there is nothing more, and does not load
     * again until the host resets it (new content, a refresh at the top). */
    RH_STATE_NO_MORE = 6
};

/* Since 1.3. How a refresh ended (rh_refresh_result_t.kind). */
typedef int32_t rh_result_t;
enum {
    RH_RESULT_SUCCESS = 0, /* new content arrived, or the content is current */
    RH_RESULT_FAILURE = 1, /* the refresh failed (no network, server error) */
    RH_RESULT_NO_MORE = 2  /* there is nothing more to load (footers, mostly) */
};

/* Since 1.3. A refresh's result, handed to exit_with_result.
 * [owned: host] the struct and `message` are valid during the call only;
 * copy what you keep. */
typedef struct rh_refresh_result {
    uint32_t struct_size;  /* sizeof(rh_refresh_result_t) as the host knows it */
    rh_result_t kind;
    /* A short line for the user from the app ("3 new posts", "No
     * connection"), UTF-8, at most 255 bytes, or NULL when there is none. */
    const char *message;
} rh_refresh_result_t;

/* How the header is shown while the list is pulled down. */
typedef int32_t rh_presentation_t;
enum {
    RH_PRESENTATION_SLIDE_DOWN = 0, /* header moves down with the content */
    RH_PRESENTATION_BACKGROUND = 1, /* header sits behind the content and is uncovered */
    /* Since 1.3: the list stays still and the header floats over it, moving
     * down with the pull (Material's indicator, as Android's
     * SwipeRefreshLayout slides it in). The host moves the root as for
     * SLIDE_DOWN: its top is at distance - height while distance <= height,
     * so at the start of a pull the header is above the top edge and slides
     * in; past height the anchor decides. The root is drawn above the list;
     * `distance` is how far the header has travelled. A style does not move
     * its own layers by `distance` to follow the pull: the root moves.
     * Since refresh-host's fix of this point the host does so for every
     * plugin, whatever ABI it declares; before it, the root stayed at its
     * resting place for the whole pull, against these lines, and a style that
     * moved its own layers by `distance` to make up for that now moves twice. */
    RH_PRESENTATION_FRONT = 2
};
/* The names the pull-to-refresh libraries use for the first two. */
#define RH_PRESENTATION_TRANSLATE RH_PRESENTATION_SLIDE_DOWN
#define RH_PRESENTATION_BEHIND RH_PRESENTATION_BACKGROUND

/* Since 1.3. When a pull starts a refresh (rh_style_descriptor_t.trigger,
 * rh_environment_t.trigger). A host may override the style's choice. */
typedef int32_t rh_trigger_t;
enum {
    RH_TRIGGER_DEFAULT = 0,    /* the host's choice (refresh-host: ON_RELEASE); never in rh_environment_t */
    RH_TRIGGER_ON_RELEASE = 1, /* the finger lifts past the trigger distance (Material, Compose) */
    RH_TRIGGER_ON_REACH = 2    /* the pull reaches the trigger distance, finger still down (iOS, Cupertino) */
};

/* Since 1.3. The scroll physics a run uses (rh_style_descriptor_t.physics
 * says which the style was designed for; the host may run another). The
 * formulas, with x the finger's travel past the edge, d the viewport height,
 * T the trigger distance and M the maximum pull:
 *   IOS:             shown = (1 - 1/(x*0.55/d + 1)) * d (UIScrollView's rubber
 *                    band), settles with a critically damped spring
 *                    (omega = 12/s), the header closes in 0.25 s ease-in-out.
 *   MATERIAL:        shown = min(0.5 * x, M), M = 1.5 * T by default; the list
 *                    does not move (use with RH_PRESENTATION_FRONT); snaps in
 *                    0.15 s, closes in 0.2 s.
 *   ANDROID_STRETCH: as MATERIAL for the header, and the list stretches by
 *                    s = 0.016*u + 0.016*(1 - e^(-u*e/0.33)) of its height,
 *                    u = x / d, receding over 0.4 s.
 *   SMART:           shown = M * (1 - 100^(-0.5*x/d)), M = 2.5 * T by default
 *                    (SmartRefreshLayout); settles and closes in 0.3 s with
 *                    a viscous-fluid curve.
 * Every settle is monotonic: the shown distance moves from where it is to
 * its target without passing it. */
typedef int32_t rh_physics_t;
enum {
    RH_PHYSICS_DEFAULT = 0, /* the host's choice (refresh-host: IOS); never in rh_environment_t */
    RH_PHYSICS_IOS = 1,
    RH_PHYSICS_MATERIAL = 2,
    RH_PHYSICS_ANDROID_STRETCH = 3,
    RH_PHYSICS_SMART = 4
};

/* Since 1.3. The edge an instance sits at (rh_environment_t.edge). */
typedef int32_t rh_edge_t;
enum {
    RH_EDGE_TOP = 0,   /* a header: pull down to refresh */
    RH_EDGE_BOTTOM = 1 /* a footer: pull up (or reach the end) to load more; only for
                          styles that set RH_STYLE_FOOTER */
};

/* Since 1.3. A haptic the host plays (or, without a motor, records and
 * shows): see rh_host_t.haptic. The host plays RH_HAPTIC_MEDIUM by itself
 * once per pull, when the pull arms (RH_TRIGGER_ON_RELEASE) or triggers
 * (RH_TRIGGER_ON_REACH). */
typedef int32_t rh_haptic_t;
enum {
    RH_HAPTIC_SELECTION = 0,
    RH_HAPTIC_LIGHT = 1,
    RH_HAPTIC_MEDIUM = 2,
    RH_HAPTIC_HEAVY = 3,
    RH_HAPTIC_SUCCESS = 4,
    RH_HAPTIC_WARNING = 5,
    RH_HAPTIC_ERROR = 6
};

/* Since 1.3. What moves the header (rh_pull_t.phase). */
typedef int32_t rh_pull_phase_t;
enum {
    RH_PULL_DRAGGING = 0,  /* a finger is down */
    RH_PULL_RETURNING = 1, /* released without a refresh: going back to closed */
    RH_PULL_SETTLING = 2,  /* a refresh started: going to the resting height */
    RH_PULL_RESTING = 3,   /* refreshing at the resting height, no finger */
    RH_PULL_CLOSING = 4    /* the refresh ended: the header is closing */
};

/* Since 1.3. The header's position, handed to rh_instance_t.position.
 * [owned: host] valid during the call only. */
typedef struct rh_pull {
    uint32_t struct_size;  /* sizeof(rh_pull_t) as the host knows it */
    rh_pull_phase_t phase;
    double distance;       /* shown pull in points, >= 0: how far the list moved
                              (TRANSLATE, BEHIND) or the header travelled (FRONT) */
    double ratio;          /* distance / trigger distance, >= 0; above 1 past the
                              trigger, up to max_pull / trigger distance */
    double velocity;       /* the finger's speed in points per second, positive pulling
                              toward the content (down for a header); 0 without a finger */
    double finger_x;       /* the finger's x in points from the viewport's left edge;
                              NaN when no finger is down */
    double finger_fraction;/* finger_x / viewport width, in [0, 1]; NaN without a finger */
} rh_pull_t;

/* Where the style's root layer sits once the pull passes `height`. With an
 * anchor other than TOP, on release the root snaps to the top over 0.25 s and
 * the style gets one pull(height, 1.0, 0). */
typedef int32_t rh_anchor_t;
enum {
    RH_ANCHOR_TOP = 0,    /* stays at the top of the revealed area */
    RH_ANCHOR_MIDDLE = 1, /* centred in the revealed area */
    RH_ANCHOR_BOTTOM = 2  /* pinned to the bottom, right above the content */
};

/* Timing curves. SPRING and KEYFRAMES are for animate blocks only. */
typedef int32_t rh_curve_t;
enum {
    RH_CURVE_LINEAR = 0,
    RH_CURVE_EASE_IN = 1,
    RH_CURVE_EASE_OUT = 2,
    RH_CURVE_EASE_IN_OUT = 3,
    RH_CURVE_SPRING = 4,   /* damped spring; see rh_timing_t */
    RH_CURVE_KEYFRAMES = 5,/* block made of keyframes; see animate_keyframe */
    /* Since 1.2; their parameters are in rh_timing_function_t. */
    RH_CURVE_CUBIC_BEZIER = 6, /* CSS cubic-bezier(x1, y1, x2, y2) */
    RH_CURVE_STEPS = 7         /* CSS steps(n, jump-end | jump-start) */
};

/* Since 1.2. A timing curve with its parameters, wherever a curve may be
 * CUBIC_BEZIER or STEPS (rh_timing_t.function, rh_basic_animation_t.function,
 * rh_keyframe_animation_t.functions). For other curves the numbers are
 * ignored.
 *   CUBIC_BEZIER: progress follows the Bezier (0,0) (x1,y1) (x2,y2) (1,1),
 *                 as CSS and CAMediaTimingFunction: 0 <= x1, x2 <= 1 and
 *                 |y1|, |y2| <= 10 (a y outside [0, 1] overshoots).
 *   STEPS:        `steps` equal jumps, 1 <= steps <= 1000. With
 *                 RH_STEP_JUMP_END the value holds its start for the first
 *                 step and reaches the end only at the end (CSS steps(n)),
 *                 with RH_STEP_JUMP_START it jumps at the start of each step
 *                 (CSS steps(n, jump-start)). */
typedef int32_t rh_step_position_t;
enum {
    RH_STEP_JUMP_END = 0,
    RH_STEP_JUMP_START = 1
};
typedef struct rh_timing_function {
    rh_curve_t curve;
    double x1, y1, x2, y2;           /* CUBIC_BEZIER */
    uint32_t steps;                  /* STEPS */
    rh_step_position_t step_position;/* STEPS */
} rh_timing_function_t;

typedef int32_t rh_log_level_t;
enum {
    RH_LOG_DEBUG = 0,
    RH_LOG_INFO = 1,
    RH_LOG_WARNING = 2,
    RH_LOG_ERROR = 3
};

/* ------------------------------------------------------------------------ */
/* Layers                                                                     */
/* ------------------------------------------------------------------------ */

/* Layers work like Core Animation layers. A layer has a bounds size, a
 * position (where its anchor point sits in the parent's coordinates), an
 * anchor point in unit coordinates (default 0.5, 0.5), and a transform made
 * of translation, rotation and scale applied about the anchor point. Its
 * content is drawn in local coordinates (0,0)-(width,height); children are
 * placed in those same local coordinates. Opacity multiplies down the tree.
 * Siblings draw in order of z-position, then of creation. */
typedef int32_t rh_layer_kind_t;
enum {
    RH_LAYER_GROUP = 0,   /* draws nothing itself; holds children */
    RH_LAYER_RECT = 1,    /* fills/strokes its bounds, with corner radius */
    RH_LAYER_ELLIPSE = 2, /* the ellipse inscribed in its bounds */
    RH_LAYER_PATH = 3,    /* a path in local coordinates (layer_set_path) */
    RH_LAYER_TEXT = 4,    /* one line of text centred in its bounds, in the fill colour;
                             since 1.2 outlined with the stroke colour at the line width */
    RH_LAYER_IMAGE = 5    /* since 1.2: its fill colour in its bounds, and over it an
                             image (layer_set_image, layer_set_image_sequence) placed by
                             RH_PROP_CONTENTS_GRAVITY and RH_PROP_CONTENTS_SCALE */
};

/* Numeric layer properties. Every one is animatable. Defaults in brackets;
 * the accepted range follows. A value outside it is refused with
 * RH_ERR_OUT_OF_RANGE. */
typedef int32_t rh_property_t;
enum {
    RH_PROP_POSITION_X = 0,      /* [0] |v| <= 1e6 */
    RH_PROP_POSITION_Y = 1,      /* [0] |v| <= 1e6 */
    RH_PROP_WIDTH = 2,           /* [0] bounds width, 0 <= v <= 1e6 */
    RH_PROP_HEIGHT = 3,          /* [0] bounds height, 0 <= v <= 1e6 */
    RH_PROP_ANCHOR_X = 4,        /* [0.5] |v| <= 1e3 */
    RH_PROP_ANCHOR_Y = 5,        /* [0.5] |v| <= 1e3 */
    RH_PROP_ROTATION = 6,        /* [0] radians, |v| <= 1e6 */
    RH_PROP_SCALE_X = 7,         /* [1] |v| <= 1e4 */
    RH_PROP_SCALE_Y = 8,         /* [1] |v| <= 1e4 */
    RH_PROP_SCALE = 9,           /* sets/animates SCALE_X and SCALE_Y together; reads SCALE_X */
    RH_PROP_TRANSLATION_X = 10,  /* [0] |v| <= 1e6, applied after rotation and scale */
    RH_PROP_TRANSLATION_Y = 11,  /* [0] |v| <= 1e6 */
    RH_PROP_OPACITY = 12,        /* [1] 0 <= v <= 1 */
    RH_PROP_CORNER_RADIUS = 13,  /* [0] 0 <= v <= 1e6 (RECT, and the clip of any layer) */
    RH_PROP_LINE_WIDTH = 14,     /* [1] 0 <= v <= 1e3, used when the stroke colour is not clear */
    RH_PROP_Z_POSITION = 15,     /* [0] |v| <= 1e6, orders siblings */
    RH_PROP_HIDDEN = 16,         /* [0] 0 or 1; animations snap at their end */
    RH_PROP_CLIPS_TO_BOUNDS = 17,/* [0] 0 or 1; clips children to bounds and corner radius */
    RH_PROP_FONT_SIZE = 18,      /* [17] TEXT only, 1 <= v <= 1000 */
    RH_PROP_FONT_WEIGHT = 19,    /* [0] TEXT only, 0 regular or 1 bold (see layer_set_font) */
    /* ---- Since 1.2 ---------------------------------------------------------
     * Strokes: apply to the stroke of RECT, ELLIPSE, PATH and TEXT layers. */
    RH_PROP_STROKE_START = 20,   /* [0] 0 <= v <= 1: the stroke is drawn from this fraction of
                                    the outline's length (all subpaths, in order) ... */
    RH_PROP_STROKE_END = 21,     /* [1] 0 <= v <= 1: ... to this one, as CAShapeLayer's
                                    strokeStart / strokeEnd. start >= end draws no stroke.
                                    Fills are never trimmed. */
    RH_PROP_LINE_CAP = 22,       /* [0] an rh_line_cap_t; snaps (not tweened) */
    RH_PROP_LINE_JOIN = 23,      /* [0] an rh_line_join_t; snaps */
    RH_PROP_MITER_LIMIT = 24,    /* [10] 1 <= v <= 1e3 (as CAShapeLayer) */
    RH_PROP_DASH_PHASE = 25,     /* [0] |v| <= 1e6, points into the dash pattern where the
                                    stroke starts (layer_set_dash); animate it to march */
    RH_PROP_FILL_RULE = 26,      /* [0] an rh_fill_rule_t; snaps (PATH layers) */
    /* Shadow (every kind): the layer's drawn content and its children's
     * (through its mask, if it has one: the shadow is the masked shape's,
     * and the mask does not cut the shadow), blurred, in the shadow colour
     * (RH_COLOR_SHADOW, default opaque black), under the layer. Nothing is
     * drawn while the opacity is 0. */
    RH_PROP_SHADOW_OPACITY = 27, /* [0] 0 <= v <= 1, multiplies the shadow colour's alpha */
    RH_PROP_SHADOW_RADIUS = 28,  /* [3] 0 <= v <= RH_SHADOW_MAX_RADIUS points of blur (the
                                    Gaussian's standard deviation is radius / 2, as CALayer) */
    RH_PROP_SHADOW_OFFSET_X = 29,/* [0] |v| <= 1e3, in the parent's coordinates, unrotated */
    RH_PROP_SHADOW_OFFSET_Y = 30,/* [0] |v| <= 1e3 (positive is down) */
    /* IMAGE layers */
    RH_PROP_CONTENTS_GRAVITY = 31,/* [0] an rh_contents_gravity_t; snaps */
    RH_PROP_CONTENTS_SCALE = 32  /* [1] 1e-2 <= v <= 1e2: image pixels per point, for
                                    RH_GRAVITY_CENTER (a 2x image at 2 shows at its point size) */
};
#define RH_PROP_COUNT 33

/* Since 1.2. Values of the snapping (enumerated) properties. Like HIDDEN,
 * they take exactly these values; an animation of one snaps at its end. */
typedef int32_t rh_line_cap_t;
enum { RH_LINE_CAP_BUTT = 0, RH_LINE_CAP_ROUND = 1, RH_LINE_CAP_SQUARE = 2 };
typedef int32_t rh_line_join_t;
enum { RH_LINE_JOIN_MITER = 0, RH_LINE_JOIN_ROUND = 1, RH_LINE_JOIN_BEVEL = 2 };
typedef int32_t rh_fill_rule_t;
enum { RH_FILL_RULE_NON_ZERO = 0, RH_FILL_RULE_EVEN_ODD = 1 };
/* Where an IMAGE layer's image goes in its bounds (CALayer.contentsGravity). */
typedef int32_t rh_contents_gravity_t;
enum {
    RH_GRAVITY_RESIZE = 0,        /* stretched to the bounds */
    RH_GRAVITY_RESIZE_ASPECT = 1, /* as large as fits, centred, aspect kept */
    RH_GRAVITY_RESIZE_ASPECT_FILL = 2, /* as small as covers, centred, aspect kept, cut
                                          at the bounds */
    RH_GRAVITY_CENTER = 3         /* its own size (pixels / contents scale, and since 1.5
                                     / the image's scale: image_load's @2x and @3x), centred */
};
/* The largest shadow blur radius, in points: the blur's cost grows with it. */
#define RH_SHADOW_MAX_RADIUS 100

/* Colour properties. Both default to clear, except a TEXT layer's fill,
 * which defaults to opaque black. Colours tween inside animate blocks. */
typedef int32_t rh_color_property_t;
enum {
    RH_COLOR_FILL = 0,   /* fill (background of RECT, colour of TEXT) */
    RH_COLOR_STROKE = 1, /* outline, RH_PROP_LINE_WIDTH wide */
    RH_COLOR_SHADOW = 2  /* since 1.2: the shadow's colour, default opaque black */
};

/* One element of a path. Coordinates are in the layer's local space. */
typedef int32_t rh_path_op_t;
enum {
    RH_PATH_MOVE_TO = 0,  /* p[0],p[1] = x,y */
    RH_PATH_LINE_TO = 1,  /* p[0],p[1] = x,y */
    RH_PATH_CURVE_TO = 2, /* cubic Bezier: p[0..3] controls, p[4],p[5] end point */
    RH_PATH_ARC = 3,      /* p[0],p[1] centre, p[2] radius, p[3] start, p[4] end angle;
                             swept in increasing angle (clockwise on screen); an end
                             below the start is raised by 2*pi until it is not. If
                             the path has a current point, a straight line joins it
                             to the arc's start (as cairo and Core Graphics do). A
                             sweep of more than RH_PATH_ARC_MAX_TURNS turns is
                             shortened by whole turns (the same outline, the same end
                             point): RH_OK, one log line. */
    RH_PATH_CLOSE = 4,    /* no points */
    RH_PATH_ARC_NEGATIVE = 5 /* since 1.2: as ARC, swept in decreasing angle (counter-
                             clockwise on screen); an end above the start is lowered
                             by 2*pi until it is not */
};
typedef struct rh_path_element {
    rh_path_op_t op;
    double p[6];
} rh_path_element_t;
#define RH_PATH_MAX_ELEMENTS 4096
/* Every number of a path element (coordinate, radius, angle) is finite and
 * within +-RH_PATH_MAX_NUMBER; layer_set_path refuses the whole path otherwise
 * (RH_ERR_OUT_OF_RANGE, one log line). */
#define RH_PATH_MAX_NUMBER 1e6
#define RH_PATH_ARC_MAX_TURNS 2
/* Strokes are centred on the outline; line width is in the layer's local
 * units, so it scales with the layer.
 *
 * A path should start with a MOVE_TO (or an arc, which starts its own
 * subpath). One that starts with a LINE_TO or CURVE_TO has no point to draw
 * from: the host draws that first element as a MOVE_TO to its end point, logs
 * one line, and (since 1.2, to 1.2 plugins) returns RH_WARN_ADJUSTED. */

/* Since 1.2. A path: `count` elements (at most RH_PATH_MAX_ELEMENTS). */
typedef struct rh_path {
    const rh_path_element_t *elements;
    size_t count;
} rh_path_t;

/* Since 1.2. The longest dash pattern (layer_set_dash). */
#define RH_DASH_MAX_COUNT 32

/* ------------------------------------------------------------------------ */
/* Animations                                                                 */
/* ------------------------------------------------------------------------ */

/* The shortest animation the host tweens, in seconds (see rh_timing_t and
 * rh_basic_animation_t). */
#define RH_MIN_DURATION 0.001

/* How deep layers may nest: a child of the root is 1 level below it, and
 * layer_create() refuses (RH_LAYER_NONE, with a log line) a layer that would
 * be deeper than this. The host walks from a layer to the root on every
 * call and draws the tree level by level, so a chain thousands deep would
 * spend the plugin's call budget in the host's own code; a style nests a
 * few levels, a Lottie adapter a few dozen. Since 1.4, with no layout
 * change, and for every ABI version: a plugin that declares 1.0 gets the
 * same limit. */
#define RH_MAX_LAYER_DEPTH 128

/* Called when an animation ends. finished is true when it ran to its end,
 * false when it was cancelled (replaced by an animation on the same layer
 * and property, layer_remove_animations, layer_remove). [main-thread]
 * The host calls it from its own frame loop, never from inside the host
 * service that caused it. After the instance's destroy() the host never
 * calls that instance's completions again. Work that falls due at one
 * instant is bounded per frame: of the completions and timers scheduled
 * while a frame runs and due in that frame, RefreshHost runs at most
 * RH_MAX_CHAINED_PER_FRAME; the rest run in the next frame, with one log line
 * (so a completion that restarts a zero-duration block runs that many times
 * a frame, not for ever). */
#define RH_MAX_CHAINED_PER_FRAME 1000
typedef void (*rh_completion_fn)(void *user, bool finished);

/* Timing of an animate block. */
typedef struct rh_timing {
    uint32_t struct_size;   /* sizeof(rh_timing_t) */
    double duration;        /* 0 <= v <= 3600; 0 applies the changes at once, and so
                               does 0 < v < RH_MIN_DURATION (RH_OK, one log line) */
    double delay;           /* 0 <= v <= 3600, from now */
    rh_curve_t curve;       /* any rh_curve_t */
    double spring_damping;  /* SPRING only (ignored otherwise): damping ratio, 0 < v <= 1
                               (1 = no overshoot) */
    double spring_velocity; /* SPRING only: initial velocity in "whole changes per second",
                               -100 <= v <= 100, as UIKit's initialSpringVelocity */
    /* ---- Since 1.2 (read only when struct_size covers it) ---- */
    rh_timing_function_t function; /* read when curve is CUBIC_BEZIER or STEPS; its own
                                      `curve` must then equal `curve` */
} rh_timing_t;

/* A key-path ("layer") animation, as CABasicAnimation: the property shows
 * from -> to over duration, repeated and reversed as asked, then the
 * animation is removed and the property shows its own (model) value again.
 * It never changes the model value. This is how a layer turns 2*pi or more
 * in one cycle. While it runs it overrides any animate-block animation of
 * the same property on that layer. */
typedef struct rh_basic_animation {
    uint32_t struct_size;  /* sizeof(rh_basic_animation_t) */
    rh_property_t property;/* any numeric property but HIDDEN and CLIPS_TO_BOUNDS */
    double from;
    double to;
    double duration;       /* RH_MIN_DURATION <= v <= 3600: one pass from -> to; the
                              whole animation (duration x passes, x 2 when it
                              autoreverses) lasts at least RH_MIN_DURATION too, or
                              layer_add_animation refuses it (RH_ERR_OUT_OF_RANGE) */
    double delay;          /* 0 <= v <= 3600, from now */
    rh_curve_t curve;      /* LINEAR, EASE_IN, EASE_OUT or EASE_IN_OUT */
    double repeat_count;   /* passes; 0 means 1; fractional allowed; INFINITY repeats
                              until removed. A reversed pass counts as part of its pass. */
    bool autoreverse;      /* each pass runs from -> to -> from (twice the duration) */
    /* ---- Since 1.2 (read only when struct_size covers it) ---- */
    rh_timing_function_t function; /* read when curve is CUBIC_BEZIER or STEPS (also
                                      allowed here since 1.2); its `curve` must equal `curve` */
} rh_basic_animation_t;

/* Since 1.2. What a keyframe animation animates (rh_keyframe_animation_t.kind). */
typedef int32_t rh_value_kind_t;
enum {
    RH_VALUE_NUMBER = 0,  /* a numeric property: numbers[] */
    RH_VALUE_COLOR = 1,   /* a colour property: colors[] */
    RH_VALUE_PATH = 2,    /* a PATH layer's path (a morph): paths[] */
    RH_VALUE_GRADIENT = 3 /* a layer's gradient, stop by stop: gradients[] */
};

/* Since 1.2. A keyframe ("layer") animation, as CAKeyframeAnimation: the
 * value passes through `count` values at `key_times` over `duration`,
 * repeated and reversed as asked, then the animation is removed and the
 * model value shows again. It never changes the model value. Between two
 * keyframes the value tweens with that segment's timing function: numbers
 * linearly, colours component by component (straight RGBA), paths point by
 * point, gradients point, offset and colour by stop. A from -> to animation of
 * a colour, path or gradient is a keyframe animation with count 2.
 * Morphs: every path must have the same elements in the same order (the same
 * ops; arcs morph centre, radius and angles), and every gradient the same
 * kind and stop count, or the call is refused.
 * Snapping properties (HIDDEN, CLIPS_TO_BOUNDS, FONT_WEIGHT, LINE_CAP,
 * LINE_JOIN, FILL_RULE, CONTENTS_GRAVITY) step: each keyframe's value holds
 * until the next key time. */
#define RH_KEYFRAMES_MAX 256
typedef struct rh_keyframe_animation {
    uint32_t struct_size;        /* sizeof(rh_keyframe_animation_t) */
    rh_value_kind_t kind;
    int32_t property;            /* NUMBER: an rh_property_t (not SCALE); COLOR: an
                                    rh_color_property_t; PATH and GRADIENT: 0 */
    uint32_t count;              /* 2 <= v <= RH_KEYFRAMES_MAX values */
    const double *key_times;     /* count times in [0, 1], non-decreasing, the first 0 and
                                    the last 1; NULL spaces the values evenly */
    const double *numbers;       /* NUMBER: count values, each in the property's range */
    const rh_color_t *colors;    /* COLOR: count colours */
    const rh_path_t *paths;      /* PATH: count paths of the same structure */
    const rh_gradient_t *gradients; /* GRADIENT: count valid gradients of one kind and
                                    stop count (each as layer_set_gradient accepts) */
    const rh_timing_function_t *functions; /* count - 1, one per segment; NULL: all
                                    LINEAR. LINEAR, EASE_*, CUBIC_BEZIER or STEPS. */
    double duration;             /* RH_MIN_DURATION <= v <= 3600: one pass */
    double delay;                /* 0 <= v <= 3600, from now */
    double repeat_count;         /* as rh_basic_animation_t */
    bool autoreverse;            /* as rh_basic_animation_t */
} rh_keyframe_animation_t;

/* Since 1.2. How a mask layer masks (layer_set_mask). */
typedef int32_t rh_mask_mode_t;
enum {
    RH_MASK_ALPHA = 0, /* the mask layer's subtree is drawn (colours ignored, alpha kept):
                          the masked layer shows where it is opaque */
    RH_MASK_PATH = 1   /* the mask layer's own shape (PATH, RECT with its corner radius,
                          ELLIPSE), filled by its fill rule, clips the masked layer;
                          its colours, children and opacity are ignored */
};

/* Since 1.2. An image handle, made by image_create or image_load, valid for
 * the instance that made it until image_release or destroy(). 0 is never an
 * image. Like layer handles, stale or made-up ones are refused. */
typedef uint32_t rh_image_t;
#define RH_IMAGE_NONE ((rh_image_t)0)
/* Each side of an image is at most this many pixels. */
#define RH_IMAGE_MAX_SIDE 4096
/* The pixels one instance may hold at once, summed over its live images at
 * 4 bytes a pixel (64 MiB): past it image_create and image_load refuse with
 * RH_ERR_LIMIT. */
#define RH_IMAGE_MAX_BYTES (64u * 1024u * 1024u)
/* The most images one sequence may step through. */
#define RH_IMAGE_SEQUENCE_MAX 1024

/* Since 1.2. Pixels a plugin hands to image_create: width x height pixels of
 * straight (not premultiplied) RGBA, 8 bits a channel, rows `stride` bytes
 * apart (stride >= 4 x width), top row first. */
typedef struct rh_image_pixels {
    uint32_t struct_size;  /* sizeof(rh_image_pixels_t) */
    uint32_t width;        /* 1 <= v <= RH_IMAGE_MAX_SIDE */
    uint32_t height;       /* 1 <= v <= RH_IMAGE_MAX_SIDE */
    size_t stride;         /* >= 4 * width, <= 4 * RH_IMAGE_MAX_SIDE + 64 */
    const uint8_t *rgba;   /* height rows of stride bytes */
} rh_image_pixels_t;

/* Since 1.2. Frames an IMAGE layer steps through on the host's clock
 * (layer_set_image_sequence): frames[i] shows from i x frame_duration after
 * the sequence starts; after the last frame it starts again, repeat_count
 * passes in all (0 means 1, INFINITY for ever); when the passes are over the
 * last frame stays. */
typedef struct rh_image_sequence {
    uint32_t struct_size;      /* sizeof(rh_image_sequence_t) */
    uint32_t count;            /* 1 <= v <= RH_IMAGE_SEQUENCE_MAX */
    const rh_image_t *frames;  /* count images of this instance (the same may repeat) */
    double frame_duration;     /* RH_MIN_DURATION <= v <= 3600 seconds a frame */
    double delay;              /* 0 <= v <= 3600: the first frame shows until then */
    double repeat_count;       /* passes; 0 means 1; fractional allowed; INFINITY for ever */
} rh_image_sequence_t;

/* Since 1.2. A TEXT layer's font (layer_set_font). */
typedef struct rh_font {
    uint32_t struct_size;  /* sizeof(rh_font_t) */
    const char *family;    /* a fontconfig family name ("DejaVu Serif", "sans-serif"), at
                              most 255 bytes of UTF-8; NULL keeps the default family */
    double weight;         /* 1 <= v <= 1000 as CSS (400 regular, 700 bold), or 0 to
                              follow RH_PROP_FONT_WEIGHT (0 -> 400, 1 -> 700) */
    bool italic;
} rh_font_t;
/* The family every TEXT layer uses unless layer_set_font names another, and
 * the one used in place of a family fontconfig cannot find. */
#define RH_FONT_DEFAULT_FAMILY "DejaVu Sans"

/* Since 1.2. A host timer (timer_schedule). 0 is never a timer. */
typedef uint32_t rh_timer_t;
#define RH_TIMER_NONE ((rh_timer_t)0)
/* Pending timers one instance may hold at once. */
#define RH_MAX_TIMERS 1024

/* ------------------------------------------------------------------------ */
/* Lifecycle: announcements, parameters, theme, environment (since 1.3)       */
/* ------------------------------------------------------------------------ */

/* Since 1.3. What a screen reader says as the refresh moves on
 * (rh_style_descriptor_t.announcements). Each string is UTF-8, at most 255
 * bytes; NULL (or a struct_size that does not cover the field) means the
 * host's default, shown here for a header (a footer's: "Pull up to load
 * more", "Release to load more", "Loading", "Loaded", "Loading failed",
 * "No more data"). An empty string means "say nothing here". The host says
 * `pulling` when a pull starts, `armed` when it arms, `refreshing` when a
 * refresh starts, and one of the last three when it ends; never more than
 * one per state change. Keep them free of gesture teaching ("Refreshing",
 * not "Swipe down..."), and let them name the outcome.
 * [owned: plugin] as the descriptor. */
typedef struct rh_announcements {
    uint32_t struct_size;   /* sizeof(rh_announcements_t) */
    const char *pulling;    /* "Pull to refresh" */
    const char *armed;      /* "Release to refresh" */
    const char *refreshing; /* "Refreshing" */
    const char *success;    /* "Refreshed" */
    const char *failure;    /* "Refresh failed" */
    const char *no_more;    /* "No more data" */
} rh_announcements_t;

/* Since 1.3. A typed parameter a style declares (frei0r's idea): the user
 * sets it per run (refresh-host: --param ID=VALUE), the style reads it with
 * param_get. [owned: plugin] as the descriptor. A descriptor with a bad
 * parameter is refused at load, with the parameter's id and what is wrong. */
#define RH_PARAM_MAX_COUNT 64     /* parameters per style */
#define RH_PARAM_MAX_ID 32        /* bytes of an id: [a-z0-9_-], starts with a letter */
#define RH_PARAM_MAX_CHOICES 32   /* choices of a CHOICE */
#define RH_PARAM_MAX_TEXT 255     /* bytes of a TEXT value, a label or a choice */
typedef int32_t rh_param_kind_t;
enum {
    RH_PARAM_NUMBER = 0, /* a double in [min, max] */
    RH_PARAM_COLOR = 1,  /* an rh_color_t */
    RH_PARAM_BOOL = 2,   /* true or false */
    RH_PARAM_CHOICE = 3, /* one of `choices`, by index */
    RH_PARAM_TEXT = 4    /* UTF-8, at most RH_PARAM_MAX_TEXT bytes, no control characters */
};
typedef struct rh_param {
    uint32_t struct_size;        /* sizeof(rh_param_t) */
    const char *id;              /* unique within the style: "speed". Required. */
    const char *label;           /* for people: "Spin speed"; may be NULL */
    rh_param_kind_t kind;
    double min, max;             /* NUMBER: finite, |v| <= 1e6, min < max */
    double default_number;       /* NUMBER: in [min, max] */
    rh_color_t default_color;    /* COLOR: components in [0, 1] */
    bool default_bool;           /* BOOL */
    const char *const *choices;  /* CHOICE: NULL-terminated, 1..RH_PARAM_MAX_CHOICES distinct names */
    uint32_t default_choice;     /* CHOICE: an index into choices */
    const char *default_text;    /* TEXT: may be NULL (empty) */
} rh_param_t;

/* Since 1.3. A parameter's value for this instance (param_get). Only the
 * field of the parameter's kind is meaningful. */
typedef struct rh_param_value {
    uint32_t struct_size; /* set by the caller: sizeof(rh_param_value_t) */
    rh_param_kind_t kind; /* written by the host */
    double number;
    rh_color_t color;
    bool boolean;
    uint32_t choice;
    /* TEXT: [owned: host] UTF-8, valid until the instance is destroyed;
     * never NULL for a TEXT parameter. */
    const char *text;
} rh_param_value_t;

/* Since 1.3. The app's colours. Only styles that set RH_STYLE_THEMEABLE
 * are expected to follow them; the others may ignore them. */
typedef struct rh_theme {
    uint32_t struct_size; /* sizeof(rh_theme_t) as the writer knows it */
    rh_color_t primary;   /* the indicator's main colour */
    rh_color_t accent;    /* a second colour for details */
    rh_color_t background;/* what the header sits on */
    bool dark;            /* the app is in dark mode */
} rh_theme_t;

/* Since 1.3. Everything the host decided for this instance, fixed for the
 * instance's life (a host that changes any of it makes a new instance).
 * Filled in by rh_host_t.environment. */
typedef struct rh_environment {
    uint32_t struct_size;           /* set by the caller: sizeof(rh_environment_t) */
    rh_edge_t edge;                 /* header or footer */
    rh_presentation_t presentation; /* in effect (the style's, unless the host overrides it) */
    rh_trigger_t trigger;           /* in effect; never RH_TRIGGER_DEFAULT */
    rh_physics_t physics;           /* in effect; never RH_PHYSICS_DEFAULT */
    double trigger_distance;        /* in effect, points */
    double resting_height;          /* the style's height: where a refresh rests */
    double max_pull;                /* in effect, points: the pull never shows more */
    double viewport_width;          /* points */
    double viewport_height;         /* points */
    /* The user asked for less motion (iOS "Reduce Motion", Android "Remove
     * animations"). A style that sets RH_STYLE_REDUCED_MOTION then runs a
     * calm variant: no layer moves faster than RH_REDUCED_MOTION_MAX_SPEED
     * or turns faster than RH_REDUCED_MOTION_MAX_TURN (the validator checks
     * it), no bounce, no stretch; fades and colour changes are fine. */
    bool reduce_motion;
    rh_theme_t theme;
} rh_environment_t;
/* The reduce-motion limits: points per second of a layer's on-screen
 * position, radians per second of its rotation. */
#define RH_REDUCED_MOTION_MAX_SPEED 60.0
#define RH_REDUCED_MOTION_MAX_TURN 1.0

/* ------------------------------------------------------------------------ */
/* The host: services a style instance may call                               */
/* ------------------------------------------------------------------------ */

/* One rh_host_t per instance, made by the host and handed to create().
 *
 * Which services a plugin may call (one rule for every version): those of
 * the minor it declares and older are always there, because a host refuses
 * a plugin whose minor is newer than its own. Before calling one newer than
 * the minor it declares (a plugin built against this header that declares
 * 1.2 and wants 1.3's environment, say), it checks host->abi_version.minor,
 * or host->struct_size with RH_HAS_FIELD(host, rh_host_t, field): an older
 * host's table ends before that field. The table is frozen at 1.4; what
 * came later is an extension (get_extension), which needs no version check:
 * a host without it returns NULL.
 * [owned: host] valid from create() until destroy() has returned. (The host
 * keeps it callable afterwards so that a stray call is refused with
 * RH_ERR_BAD_STATE and reported rather than crashing; do not rely on it.)
 * Every function here is [main-thread] and takes that same `host` pointer
 * back as its first argument; NULL is refused, any other pointer is
 * undefined behaviour. Functions returning rh_status_t never crash on bad
 * arguments: they log one line and return the error. */
typedef struct rh_host {
    rh_version_t abi_version; /* the ABI the host implements */
    uint32_t struct_size;     /* sizeof(rh_host_t) as the host knows it */
    void *host_data;          /* reserved for the host; do not touch */

    /* Host name and version, for logs. [owned: host] static strings. */
    const char *name;
    const char *version;

    /* Returns an extension table by id, or NULL if the host has none by that
     * id. Ids are "rh.<name>/<n>" for ours and "com.vendor.name/<n>" for
     * third parties; refresh_host_ext.h has the rule and ours (since 1.5;
     * before, every id was unknown). Any plugin may ask, whatever minor it
     * declares. [main-thread] (from another thread: NULL, and a log line)
     * [owned: host] valid as long as `host`. */
    const void *(*get_extension)(const struct rh_host *host, const char *id);

    /* Writes one line to the host's log, prefixed with the style's id.
     * `message` is UTF-8, copied by the host; NULL is ignored. */
    void (*log)(const struct rh_host *host, rh_log_level_t level, const char *message);

    /* The host clock, in seconds since the host's clock started. In deterministic
     * runs (tests, rendering) this is virtual time: read it, never the wall
     * clock, or the same gesture will not give the same frames. */
    double (*now)(const struct rh_host *host);

    /* Creates a layer of `kind` as the last child of `parent` (the root layer
     * given to setup(), or a layer made by this instance). Returns its
     * handle, or RH_LAYER_NONE on error (bad kind, bad parent, too many
     * layers: RefreshHost allows 4096 per instance, root included; a parent
     * already RH_MAX_LAYER_DEPTH levels below the root, refused at once with
     * a log line). The layer lives until layer_remove() or the instance's
     * destroy(). */
    rh_layer_t (*layer_create)(const struct rh_host *host, rh_layer_kind_t kind, rh_layer_t parent);

    /* Removes a layer and all its children, cancelling their animations.
     * The root layer cannot be removed (RH_ERR_INVALID_LAYER). */
    rh_status_t (*layer_remove)(const struct rh_host *host, rh_layer_t layer);

    /* Sets a numeric property. Inside an animate block the change tweens
     * from the value on screen; outside, it applies at once and cancels a
     * block animation of that property. */
    rh_status_t (*layer_set)(const struct rh_host *host, rh_layer_t layer, rh_property_t property,
                             double value);

    /* Reads a property's model value (the value set last, not the one on
     * screen mid-animation) into *out. */
    rh_status_t (*layer_get)(const struct rh_host *host, rh_layer_t layer, rh_property_t property,
                             double *out);

    /* Sets a colour property; animates like layer_set. [owned: caller]
     * `color` is read during the call only. */
    rh_status_t (*layer_set_color)(const struct rh_host *host, rh_layer_t layer,
                                   rh_color_property_t property, const rh_color_t *color);

    /* Sets the text of a TEXT layer. `utf8` must be valid UTF-8 of at most
     * 1024 bytes; it is copied. Not animatable. */
    rh_status_t (*layer_set_text)(const struct rh_host *host, rh_layer_t layer, const char *utf8);

    /* Replaces the path of a PATH layer with `count` elements (at most
     * RH_PATH_MAX_ELEMENTS). Copied during the call. It applies at once, also
     * inside an animate block; to morph one path into another, use
     * layer_add_keyframe_animation (1.2) with RH_VALUE_PATH. */
    rh_status_t (*layer_set_path)(const struct rh_host *host, rh_layer_t layer,
                                  const rh_path_element_t *elements, size_t count);

    /* Opens an animate block, as UIView.animate: every layer_set and
     * layer_set_color until the matching animate_commit tweens with
     * `timing`. Blocks nest; a change belongs to the innermost open block.
     * [owned: caller] `timing` is read during the call only. */
    rh_status_t (*animate_begin)(const struct rh_host *host, const rh_timing_t *timing);

    /* Inside a KEYFRAMES block: changes made after this call, up to the next
     * animate_keyframe or the commit, reach their value between
     * relative_start and relative_start + relative_duration (fractions of
     * the block's duration, both in [0, 1], their sum <= 1). Before its
     * first keyframe a property holds the value it had when the block began;
     * between keyframes it holds. A property may change in several keyframes
     * of one block. RH_ERR_BAD_STATE outside a KEYFRAMES block. */
    rh_status_t (*animate_keyframe)(const struct rh_host *host, double relative_start,
                                    double relative_duration);

    /* Closes the innermost animate block. `completion` (may be NULL) is
     * called once with `user` when the block's delay + duration have passed
     * (finished = true; also when the block changed nothing), or earlier
     * with finished = false if its animations are cancelled. */
    rh_status_t (*animate_commit)(const struct rh_host *host, rh_completion_fn completion, void *user);

    /* Adds a key-path animation to a layer. One animation per (layer,
     * property): adding another replaces it, and the old one completes with
     * finished = false. `completion` may be NULL. */
    rh_status_t (*layer_add_animation)(const struct rh_host *host, rh_layer_t layer,
                                       const rh_basic_animation_t *animation,
                                       rh_completion_fn completion, void *user);

    /* Cancels every animation (block and key-path) on a layer. The layer
     * shows its model values at once. */
    rh_status_t (*layer_remove_animations)(const struct rh_host *host, rh_layer_t layer);

    /* Reads a colour property's model value into *out. */
    rh_status_t (*layer_get_color)(const struct rh_host *host, rh_layer_t layer,
                                   rh_color_property_t property, rh_color_t *out);

    /* ---- Since 1.1 ---------------------------------------------------- */

    /* Paints the fill of a RECT (inside its corner radius), ELLIPSE or PATH
     * layer with the linear gradient `gradient` instead of its fill colour.
     * The stroke is unchanged; the layer's opacity still multiplies. NULL
     * removes the gradient and the fill colour shows again. [owned: caller]
     * `gradient` and its stops are copied during the call.
     * Not animatable: it applies at once, also inside an animate block (the
     * block neither tweens nor delays it); animate the layer's opacity or
     * position instead.
     * Errors (nothing changed, one log line): RH_ERR_INVALID_ARGUMENT for a
     * GROUP or TEXT layer, a struct_size smaller than 1.1's rh_gradient_t, or
     * stops == NULL; RH_ERR_OUT_OF_RANGE for a NaN or infinite number, a
     * point outside |v| <= 1e3, start == end, fewer than 2 or more than
     * RH_GRADIENT_MAX_STOPS stops, an offset outside [0, 1] or below the one
     * before it, or a colour component outside [0, 1].
     * Versions: as every service, by the rule above rh_host_t: a plugin
     * that declares 1.1 or later calls it without checking; one that
     * declares 1.0 checks host->abi_version first. */
    rh_status_t (*layer_set_gradient)(const struct rh_host *host, rh_layer_t layer,
                                      const rh_gradient_t *gradient);

    /* ---- Since 1.2 ----------------------------------------------------
     * Versions by the rule above rh_host_t: a plugin that declares 1.2 or
     * later calls these without checking; one that declares less checks
     * host->abi_version first. All are [main-thread], copy what they are given during
     * the call ([owned: caller]), and on an error change nothing, log one
     * line and return the status named. */

    /* Adds a keyframe animation (rh_keyframe_animation_t) to a layer. It
     * takes the slot of its (layer, property): a key-path animation of the
     * same numeric property, or a keyframe animation of the same colour
     * property, path or gradient, is replaced and completes with
     * finished = false. `completion` (may be NULL) as layer_add_animation.
     * While it runs it overrides animate-block animations of its value.
     * PATH needs a PATH layer; GRADIENT a RECT, ELLIPSE or PATH layer.
     * Errors: RH_ERR_INVALID_ARGUMENT for NULL, a struct_size smaller than
     * 1.2's, an unknown kind, property or curve, a missing values array, a
     * layer of the wrong kind, or paths or gradients of different structure;
     * RH_ERR_OUT_OF_RANGE for a count outside [2, RH_KEYFRAMES_MAX], a bad
     * key time, timing function, duration, delay or repeat count, or a value
     * the property, layer_set_path or layer_set_gradient would refuse (with
     * the status that call returns: RH_ERR_LIMIT for a path of more than
     * RH_PATH_MAX_ELEMENTS elements, RH_ERR_INVALID_ARGUMENT for an unknown
     * path op or a NULL elements or stops array). RH_PROP_SCALE is refused
     * (RH_ERR_INVALID_ARGUMENT): animate SCALE_X and SCALE_Y. Paths are
     * taken as layer_set_path takes them: one that starts with a LINE_TO or
     * CURVE_TO starts with a MOVE_TO its end point (one log line,
     * RH_WARN_ADJUSTED), an over-long arc is shortened (one log line). */
    rh_status_t (*layer_add_keyframe_animation)(const struct rh_host *host, rh_layer_t layer,
                                                const rh_keyframe_animation_t *animation,
                                                rh_completion_fn completion, void *user);

    /* Reads what is on screen now (the presentation value: key-path and
     * keyframe animations, else animate blocks, else the model value) into
     * *out, as CALayer.presentation() does. layer_get reads the model value.
     * RH_PROP_SCALE reads SCALE_X. Errors: RH_ERR_INVALID_ARGUMENT for a
     * NULL out or an unknown property. */
    rh_status_t (*layer_get_presentation)(const struct rh_host *host, rh_layer_t layer,
                                          rh_property_t property, double *out);
    rh_status_t (*layer_get_presentation_color)(const struct rh_host *host, rh_layer_t layer,
                                                rh_color_property_t property, rh_color_t *out);

    /* Sets the stroke's dash pattern: `count` lengths in points, alternately
     * drawn and skipped, repeated along the (trimmed) outline from
     * RH_PROP_DASH_PHASE; an odd count repeats the pattern twice, as
     * CAShapeLayer and cairo do. count 0 (lengths may then be NULL) makes the
     * stroke solid again. Not animatable (animate the phase).
     * Errors: RH_ERR_INVALID_ARGUMENT for lengths == NULL with count > 0 or a
     * GROUP or IMAGE layer; RH_ERR_LIMIT for count > RH_DASH_MAX_COUNT;
     * RH_ERR_OUT_OF_RANGE for a length that is negative, NaN, infinite or
     * over 1e6, or lengths that are all 0. */
    rh_status_t (*layer_set_dash)(const struct rh_host *host, rh_layer_t layer, const double *lengths,
                                  uint32_t count);

    /* Masks `layer` with `mask`, which must be a direct child of `layer`.
     * The mask layer is not drawn as a child any more: it is drawn (ALPHA)
     * or outlined (PATH) in `layer`'s local coordinates, with its own
     * transform, and `layer`'s content and other children show only through
     * it (rh_mask_mode_t). A layer has at most one mask; setting another
     * replaces it (the old one is drawn as a child again). mask =
     * RH_LAYER_NONE removes the mask. Removing the mask layer removes the
     * mask. Not animatable; the mask layer's own properties are.
     * Errors: RH_ERR_INVALID_LAYER for a layer that is not this instance's;
     * RH_ERR_INVALID_ARGUMENT for a mask that is not a direct child of
     * `layer`, an unknown mode, or PATH mode with a mask layer of a kind that
     * has no shape (GROUP, TEXT, IMAGE). */
    rh_status_t (*layer_set_mask)(const struct rh_host *host, rh_layer_t layer, rh_layer_t mask,
                                  rh_mask_mode_t mode);

    /* Makes an image from pixels (rh_image_pixels_t, copied) and stores its
     * handle in *out. The image counts against RH_IMAGE_MAX_BYTES until
     * image_release or destroy(). Errors: RH_ERR_INVALID_ARGUMENT for a NULL
     * argument or a struct_size smaller than 1.2's; RH_ERR_OUT_OF_RANGE for a
     * side of 0 or over RH_IMAGE_MAX_SIDE or a bad stride; RH_ERR_LIMIT when
     * the instance's images would pass RH_IMAGE_MAX_BYTES. *out is
     * RH_IMAGE_NONE on error. */
    rh_status_t (*image_create)(const struct rh_host *host, const rh_image_pixels_t *pixels,
                                rh_image_t *out);

    /* Decodes a PNG asset that ships beside the plugin and stores its
     * handle in *out. `path` is relative to the folder that holds the
     * plugin's .so ("assets/drop.png"); if the .so the host found is a
     * symbolic link, the folder of the file it resolves to. UTF-8, at most
     * 1024 bytes. The file
     * must resolve (symbolic links followed) to a regular file inside that
     * folder: an absolute path, a path with a ".." part, or one that leaves
     * the folder (through a link or otherwise) is refused. The size in the
     * PNG's IHDR is checked before anything is decoded. Decoded at the call,
     * once per version of the file in the host process: a later image_load of
     * the same unchanged file (same device, inode, size, mtime and ctime), by
     * this instance or another, shares the decoded pixels (the host keeps up
     * to 64 MiB of decoded assets, the least recently loaded going first);
     * each call still makes its own handle, counted against
     * RH_IMAGE_MAX_BYTES as a decode would be. Errors: RH_ERR_INVALID_ARGUMENT for NULL, an absolute path or one
     * that leaves the plugin's folder, a file that is missing, not a regular
     * file or not a PNG, or one that does not decode; RH_ERR_OUT_OF_RANGE for
     * a side over RH_IMAGE_MAX_SIDE (or a file larger than any such PNG can
     * be); RH_ERR_LIMIT as image_create. The log line names the file and the
     * cause.
     *
     * Since 1.5, for a plugin that declares 1.5 or later: scale variants. A
     * name without a scale ("assets/icon.png") reads the file for the
     * output's pixel_scale() among icon.png (1x), icon@2x.png and
     * icon@3x.png beside it: the smallest at least the scale, else the
     * largest there is (UIKit's rule); with none of the variants, the name
     * as given. The image then carries that scale, so it shows at the same
     * size in points whichever file was read: RH_GRAVITY_CENTER divides its
     * pixels by the contents scale times the image's scale (the other
     * gravities fit the bounds and are unchanged). A name that says its
     * scale ("icon@2x.png") is read as it is, at scale 1, as before; a
     * plugin declaring 1.4 or older always gets exactly the file it named. */
    rh_status_t (*image_load)(const struct rh_host *host, const char *path, rh_image_t *out);

    /* Releases an image. Layers showing it keep showing it (the host holds
     * its pixels until no layer does), but the handle is no longer valid and
     * its bytes no longer count against the limit once no layer shows it.
     * Errors: RH_ERR_INVALID_ARGUMENT for an unknown or released handle. */
    rh_status_t (*image_release)(const struct rh_host *host, rh_image_t image);

    /* Shows `image` in an IMAGE layer (RH_IMAGE_NONE: no image), replacing a
     * sequence. Not animatable. Errors: RH_ERR_INVALID_ARGUMENT for a layer
     * that is not IMAGE or an image that is not this instance's. */
    rh_status_t (*layer_set_image)(const struct rh_host *host, rh_layer_t layer, rh_image_t image);

    /* Steps an IMAGE layer through a sequence of images on the host's clock
     * (rh_image_sequence_t), starting now: no call per frame is needed.
     * `completion` (may be NULL) is called once with finished = true when
     * the passes are over (never, for INFINITY), or with false when
     * layer_set_image, another sequence, layer_remove_animations or
     * layer_remove replaces it. NULL `sequence` stops it; when a sequence
     * stops (NULL, layer_remove_animations) the frame on screen stays as the
     * layer's image. A running sequence counts as one of the layer's
     * animations. Errors: RH_ERR_INVALID_ARGUMENT for a layer that is not
     * IMAGE, a struct_size smaller than 1.2's, NULL frames or an image that
     * is not this instance's; RH_ERR_OUT_OF_RANGE for a count outside
     * [1, RH_IMAGE_SEQUENCE_MAX], a frame duration, delay or repeat count
     * out of range. */
    rh_status_t (*layer_set_image_sequence)(const struct rh_host *host, rh_layer_t layer,
                                            const rh_image_sequence_t *sequence,
                                            rh_completion_fn completion, void *user);

    /* The output's device pixels per point (2 for a 2x render; the live
     * terminal preview says what its pixels are when the instance is made),
     * so a style can rasterise its images at the size they will be shown.
     * Constant for the instance's life: a host whose scale changes makes a
     * new instance or, as the live preview on a terminal resize, keeps the
     * old scale and lets the renderer resample.
     * Returns a value in [0.1, 16]; a stray host pointer gets 1. */
    double (*pixel_scale)(const struct rh_host *host);

    /* Calls `callback(user, true)` once, `delay` seconds of host time from
     * now (0 <= delay <= 3600; 0 means in the frame loop, after the current
     * call returns), from the host's frame loop, and stores the timer's
     * handle in *out (may be NULL). The RH_MAX_CHAINED_PER_FRAME rule
     * applies. A timer is cancelled by timer_cancel, and dropped unrun at
     * destroy(). Errors: RH_ERR_INVALID_ARGUMENT for a NULL callback;
     * RH_ERR_OUT_OF_RANGE for a delay that is NaN, negative or over 3600;
     * RH_ERR_LIMIT past RH_MAX_TIMERS pending timers (a timer is pending
     * from this call until its callback has run, also after timer_cancel).
     * A callback that crashes or hangs is handled as a completion's would
     * be (refresh-host: it ends the plugin's process, reported as in
     * "completion"). Handles are not reused while pending. */
    rh_status_t (*timer_schedule)(const struct rh_host *host, double delay, rh_completion_fn callback,
                                  void *user, rh_timer_t *out);

    /* Cancels a pending timer: its callback is called once with
     * finished = false, from the frame loop (never from inside this call),
     * so `user` can be freed there. Errors: RH_ERR_INVALID_ARGUMENT for a
     * timer that is unknown, already run or already cancelled. */
    rh_status_t (*timer_cancel)(const struct rh_host *host, rh_timer_t timer);

    /* Sets a TEXT layer's font (rh_font_t); NULL restores the default
     * (RH_FONT_DEFAULT_FAMILY, weight from RH_PROP_FONT_WEIGHT, upright).
     * The family is looked up with fontconfig; when no installed font has
     * that family the layer uses RH_FONT_DEFAULT_FAMILY, the host logs one
     * line and returns RH_WARN_ADJUSTED. The nearest installed weight is
     * used. Not animatable. Errors: RH_ERR_INVALID_ARGUMENT for a layer that
     * is not TEXT, a struct_size smaller than 1.2's, or a family that is not
     * valid UTF-8 or is longer than 255 bytes; RH_ERR_OUT_OF_RANGE for a
     * weight that is not 0 and not in [1, 1000]. */
    rh_status_t (*layer_set_font)(const struct rh_host *host, rh_layer_t layer, const rh_font_t *font);

    /* ---- Since 1.3 (by the rule above rh_host_t: a plugin that declares
     *      1.3 or later calls these without checking; one that declares less
     *      checks abi_version or struct_size first) ---- */

    /* Writes what the host decided for this instance into *out: only the
     * fields that out->struct_size covers (set it to sizeof(rh_environment_t)
     * first). The values are constant for the instance's life; read them in
     * setup. Errors: RH_ERR_INVALID_ARGUMENT for NULL or a struct_size
     * smaller than 1.3's first field group (8 bytes). */
    rh_status_t (*environment)(const struct rh_host *host, rh_environment_t *out);

    /* Writes the value of the parameter `id` (one the style's descriptor
     * declares) into *out, set out->struct_size first: the user's value, or
     * the declared default. Constant for the instance's life. Errors:
     * RH_ERR_INVALID_ARGUMENT for a NULL id or out, a struct_size smaller
     * than sizeof(rh_param_value_t) of 1.3, or an id the style does not
     * declare. */
    rh_status_t (*param_get)(const struct rh_host *host, const char *id, rh_param_value_t *out);

    /* Asks for a haptic (a tick at a detent, a success buzz at the end).
     * Use them sparingly: the host already plays one when a pull arms or
     * triggers. Errors: RH_ERR_INVALID_ARGUMENT for an unknown kind;
     * RH_ERR_LIMIT for a second request in one frame, or past 8 in one
     * refresh (from the pull to the header closing). */
    rh_status_t (*haptic)(const struct rh_host *host, rh_haptic_t kind);

    /* Asks the host to announce `text` to assistive technology now ("3 new
     * posts"), in addition to the declared announcements. UTF-8, at most 255
     * bytes, copied. Errors: RH_ERR_INVALID_ARGUMENT for NULL, empty, not
     * UTF-8 or too long; RH_ERR_LIMIT for a second one in one frame, or past
     * 8 in one refresh. */
    rh_status_t (*announce)(const struct rh_host *host, const char *text);
} rh_host_t;

/* ------------------------------------------------------------------------ */
/* A style instance: what the plugin implements                               */
/* ------------------------------------------------------------------------ */

/* The exit's completion. The plugin calls it, with no arguments, exactly
 * once when its exit animation has finished. It is a plain C function
 * pointer bound by the host to this instance; calling it twice, after the
 * host's exit deadline, or after destroy() is harmless (the host ignores it
 * and reports it). [main-thread] */
typedef void (*rh_done_fn)(void);

/* A running style, returned by rh_entry_t.create(). [owned: plugin] valid
 * until destroy() returns. The host calls every function here on its main
 * thread, never re-entrantly from inside a host service, and in this order:
 *
 *   setup -> ( pull* | state_changed )* ->
 *     [ refresh: setup_for_cycle, cycle (repeated while refreshing) ->
 *       exit -> (done) -> reset ]* -> destroy
 *
 * state_changed(..., REFRESHING) comes before the first setup_for_cycle;
 * pull is not called while refreshing, exiting or resetting (since 1.3,
 * position() is, in every state; and closed() follows reset(), or a pull
 * that returned to 0 without a refresh). tick, if
 * present, is called once per rendered frame in any state.
 * Functions marked optional may be NULL. */
typedef struct rh_instance {
    uint32_t struct_size; /* sizeof(rh_instance_t) */
    void *plugin_data;    /* for the plugin; the host never touches it */

    /* Builds the style's layers under `root`, a RECT the host made for this
     * instance: width = the viewport width, height = the style's height,
     * fill clear. Its size does not change during the instance's life (a host
     * whose viewport changes makes a new instance). The root may be coloured
     * (a background) but not removed.
     * Return false if the style cannot run; the host then calls destroy()
     * and reports the instance as failed. Required. */
    bool (*setup)(const struct rh_instance *instance, rh_layer_t root);

    /* Frees everything. The host removes the instance's layers and
     * animations itself after this returns. May arrive in any state,
     * including mid-cycle and mid-exit. Required. */
    void (*destroy)(const struct rh_instance *instance);

    /* The user is pulling (or the list is bouncing back) and the host is not
     * refreshing. distance = max(0, -content offset) in points, ratio =
     * min(distance, height) / height in [0, 1], velocity = finger speed in
     * points per second (positive pulling down, 0 when no finger). Also
     * called once with (height, 1, 0) when a non-TOP anchored root snaps to
     * the top at release. Never called while refreshing. Optional. */
    void (*pull)(const struct rh_instance *instance, double distance, double ratio, double velocity);

    /* The controller moved from old_state to new_state. Optional. */
    void (*state_changed)(const struct rh_instance *instance, rh_state_t old_state,
                          rh_state_t new_state);

    /* Puts the layers in their start position before each cycle (outside
     * any animate block). Optional. */
    void (*setup_for_cycle)(const struct rh_instance *instance);

    /* One animation cycle. Called inside an animate block the host opened
     * with the style's cycle_duration, cycle_delay and cycle curve, so plain
     * layer_set calls tween over the cycle. When the block completes, the
     * host runs another cycle if still refreshing, else calls exit. An end
     * request never cuts a cycle short. Optional (a style may animate from
     * setup_for_cycle, tick or key-path animations alone). */
    void (*cycle)(const struct rh_instance *instance);

    /* The refresh has ended: run the exit animation and call `done` when it
     * has finished (from an animation completion, typically). A style
     * without an exit animation calls done() before returning. The host
     * waits for done() up to its exit deadline (5 s by default) and then
     * carries on without it; animations still running then are not
     * cancelled, and reset() follows as usual. A done() during or after
     * destroy() is ignored and reported. Optional: NULL means no exit
     * animation. */
    void (*exit)(const struct rh_instance *instance, rh_done_fn done);

    /* The header has closed: return every layer to its state after setup.
     * Optional. */
    void (*reset)(const struct rh_instance *instance);

    /* Once per frame, for procedural motion: `time` is host time (as now()),
     * `dt` the time since the previous tick (0 on the first). Optional. */
    void (*tick)(const struct rh_instance *instance, double time, double dt);

    /* Returns the instance's extension table by id, or NULL. Optional. */
    const void *(*get_extension)(const struct rh_instance *instance, const char *id);

    /* ---- Since 1.3 (the host reads these only when struct_size covers
     *      them, and only from a plugin that declares 1.3 or later) ---- */

    /* The header's position changed, in any state: while the finger drags,
     * while the list returns from a pull that did not refresh, while it
     * settles into the refresh, while refreshing (a finger may pull further)
     * and while the header closes after the exit. Called at most once per
     * frame, only when something in *pull changed. When set, the host calls
     * this instead of pull(). Optional. */
    void (*position)(const struct rh_instance *instance, const rh_pull_t *pull);

    /* The header is fully closed: the shown distance reached 0 after a pull
     * that did not refresh, or after a refresh (following reset()). Optional. */
    void (*closed)(const struct rh_instance *instance);

    /* As exit(), with how the refresh ended, so the style can play a
     * different ending for a failure. When set, the host calls this instead
     * of exit(); `done` is as exit()'s. A style whose descriptor sets
     * RH_STYLE_EXIT_WHILE_CLOSING gets this (or exit) while the header
     * already closes. Optional. */
    void (*exit_with_result)(const struct rh_instance *instance, const rh_refresh_result_t *result,
                             rh_done_fn done);
} rh_instance_t;

/* ------------------------------------------------------------------------ */
/* Describing styles                                                          */
/* ------------------------------------------------------------------------ */

/* [owned: plugin] the descriptor and every string it points to stay valid
 * and unchanged until deinit(). Strings are UTF-8. */
#define RH_MIN_CYCLE_DURATION 0.01
typedef struct rh_style_descriptor {
    uint32_t struct_size;        /* sizeof(rh_style_descriptor_t) */
    const char *id;              /* reverse-DNS, unique: "com.example.compass". Required. */
    const char *name;            /* display name: "Compass". Required. */
    const char *version;         /* the style's own version: "1.2.0". Required. */
    const char *vendor;          /* may be NULL */
    const char *description;     /* one sentence; may be NULL */
    const char *const *tags;     /* NULL-terminated list ("colourful", ...); may be NULL */
    double height;               /* resting height while refreshing (and, before 1.3 or
                                    with trigger_distance 0, the trigger distance), 1 < v <= 1000 */
    double cycle_duration;       /* seconds of one cycle, RH_MIN_CYCLE_DURATION <= v <= 60;
                                    a shorter cycle refuses the style at load */
    double cycle_delay;          /* delay of each cycle's animate block (the cycle's changes
                                    start this long after it begins), 0 <= v <= 60 */
    rh_curve_t cycle_curve;      /* curve of the cycle's animate block */
    double cycle_spring_damping; /* read only when cycle_curve is SPRING (UIKit: 0.8) */
    double cycle_spring_velocity;/* read only when cycle_curve is SPRING (UIKit: 1.0) */
    rh_presentation_t presentation;
    rh_anchor_t anchor;

    /* ---- Since 1.3 (read only when struct_size covers them; a 1.0-1.2
     *      style gets the defaults in brackets) ---- */

    /* How far a pull must go to start a refresh, in points [0: height].
     * 0, or 1 < v <= 1000. May be more or less than `height`, where a
     * refresh rests. */
    double trigger_distance;
    /* The most the pull shows, in points [0: the physics' default]. 0, or
     * trigger distance <= v <= 2000. */
    double max_pull;
    rh_trigger_t trigger;        /* [RH_TRIGGER_DEFAULT] */
    rh_physics_t physics;        /* the physics the style was designed for [RH_PHYSICS_DEFAULT] */
    uint32_t flags;              /* RH_STYLE_* [0] */
    const rh_announcements_t *announcements; /* may be NULL: the host's defaults */
    uint32_t param_count;        /* 0 <= v <= RH_PARAM_MAX_COUNT */
    const rh_param_t *params;    /* param_count parameters; NULL when param_count is 0 */

    /* ---- Since 1.4 (read only when struct_size covers it) ---- */

    /* The data file this style is made from (a Lottie file, a folder of
     * frames), as an absolute path, for a library that makes styles from
     * designers' files; NULL for a style written in code. The host shows it
     * (info, validate), names it in messages, and `refresh-host remove`
     * takes out the style folder that holds it. At most 4096 bytes. */
    const char *source;
} rh_style_descriptor_t;

/* Since 1.3: rh_style_descriptor_t.flags. Unknown bits refuse the style. */
#define RH_STYLE_THEMEABLE (1u << 0)      /* follows rh_environment_t.theme */
#define RH_STYLE_REDUCED_MOTION (1u << 1) /* honours rh_environment_t.reduce_motion */
#define RH_STYLE_FOOTER (1u << 2)         /* also works at the bottom edge (RH_EDGE_BOTTOM) */
#define RH_STYLE_EXIT_WHILE_CLOSING (1u << 3) /* the header closes while the exit runs */
#define RH_STYLE_KNOWN_FLAGS 0xFu

/* ------------------------------------------------------------------------ */
/* The entry point                                                            */
/* ------------------------------------------------------------------------ */

/* [owned: plugin] static: valid from rh_entry() until the library is
 * unloaded. The host reads abi_version first and refuses the library, before
 * calling anything else, if the major differs from its own or the minor is
 * newer than its own. */
typedef struct rh_entry {
    rh_version_t abi_version; /* set to { RH_ABI_VERSION_MAJOR, _MINOR, _PATCH } */
    uint32_t struct_size;     /* sizeof(rh_entry_t) */

    /* Called once, first, with the library's absolute path. Return false to
     * refuse to load; the host then calls nothing else. Optional. */
    bool (*init)(const char *library_path);

    /* Called once, last, after every instance is destroyed. Optional. */
    void (*deinit)(void);

    /* The number of styles in this library, at least 1. Required. */
    uint32_t (*style_count)(void);

    /* The descriptor at `index` in [0, style_count()), NULL outside it.
     * Required. */
    const rh_style_descriptor_t *(*style_descriptor)(uint32_t index);

    /* Makes a new instance of the style with id `style_id` for `host`, or
     * returns NULL if the id is unknown or the instance cannot be made.
     * Several instances of one style may live at once and must not share
     * mutable state. Required. */
    const rh_instance_t *(*create)(const rh_host_t *host, const char *style_id);

    /* ---- Since 1.4 (the host calls these only when struct_size covers
     *      them, and only for a plugin that declares 1.4 or later) ---- */

    /* Why style_descriptor(index) returned NULL: one line for the user that
     * names what is wrong, typically the data file and the problem
     * ("spinner.json: no \"loop\" marker and no frames"). The host shows it
     * in place of "returned NULL" (list --all, info, validate), and only
     * that style is disabled; the library's other styles load as usual.
     * [main-thread] called only right after style_descriptor(index)
     * returned NULL. Returns NULL when there is nothing to add.
     * [owned: plugin] valid until the next call into the library. The host
     * reads at most RH_REASON_MAX bytes and shows control characters as
     * spaces. Optional. */
    const char *(*style_error)(uint32_t index);

    /* The files and folders the descriptors are read from, for a library
     * whose styles come from data files. The host keys its descriptor cache
     * on each path's identity (device, inode, size, modification time) as
     * well as on the library's own, so a file that changes, appears or goes
     * away is seen by the next command: list a folder to notice files added
     * to or removed from it, and each file read to notice it changed. A path
     * that does not exist yet may be listed (its creation is noticed).
     * [main-thread] called after style_count() and the style_descriptor()
     * calls. Returns a NULL-terminated array of absolute paths, at most
     * RH_DATA_PATHS_MAX of them (the rest are ignored), each at most 4096
     * bytes; NULL means none. [owned: plugin] valid until deinit().
     * Optional. */
    const char *const *(*data_paths)(void);
} rh_entry_t;

/* Since 1.4: the most bytes of a style_error() line the host reads. */
#define RH_REASON_MAX 512
/* Since 1.4: the most paths of data_paths() the host keys its cache on. */
#define RH_DATA_PATHS_MAX 1024

/* The one symbol a plugin exports. Returns the library's entry; never NULL.
 * [main-thread] called once, right after dlopen, before anything else.
 *
 * It is a function rather than an exported data symbol (as CLAP's clap_entry
 * is) because a function with a C name is easy to export from every
 * language that can export C: Swift (@c / @_cdecl), Rust (#[no_mangle]),
 * Zig, Go's cgo. A C-named global is not, in Swift. */
RH_EXPORT const rh_entry_t *rh_entry(void);

/* The name the host looks up with dlsym. */
#define RH_ENTRY_SYMBOL "rh_entry"

#ifdef __cplusplus
}
#endif

#endif /* REFRESH_HOST_H */
