/*
 * refresh_host_embed.h - librefreshhost, the RefreshHost embedding API.
 *
 * An application links librefreshhost.so to show RefreshHost's pull-to-refresh
 * styles (the same plugins `refresh-host list` shows) above its own lists:
 *
 *     rhe_host_t  one per process, made on the application's main thread. It
 *                 owns the search path, the catalogue of styles, the default
 *                 isolation, the per-call budget and the log callback.
 *     rhe_view_t  one running style for one scrollable: touches or overscroll
 *                 in, frame state out, the header drawn into the caller's
 *                 cairo_t or pixel buffer, events through a callback.
 *
 * The application keeps its list, its scrolling and its drawing; the library
 * says how far to move the content, where the header is, and draws the header.
 *
 * Build:  cc app.c $(pkg-config --cflags --libs refreshhost)
 *
 * This header is self-contained C99: it needs <stdbool.h>, <stddef.h>,
 * <stdint.h> and <string.h>. cairo_t is declared here as cairo.h declares it (an incomplete
 * struct _cairo), so including cairo.h is only needed to call cairo yourself.
 *
 * Conventions used in every comment below (as in refresh_host.h):
 *   [main-thread]  callable only from the host's thread: the thread that
 *                  called rhe_host_new. All hosts of a process share that
 *                  thread. A call from any other thread does nothing and
 *                  returns RHE_ERR_WRONG_THREAD (or NULL / 0 where a function
 *                  returns no status). The library starts threads and
 *                  processes of its own but never calls the application from
 *                  them: callbacks run on the host's thread, inside the call
 *                  that caused them.
 *   [any-thread]   callable from any thread at any time.
 *   [owned: X]     who owns a pointer and how long it stays valid.
 *   [time]         the caller's monotonic clock in seconds (CLOCK_MONOTONIC,
 *                  g_get_monotonic_time() / 1e6, a frame clock). The library
 *                  reads no clock of its own. Every call that takes `time`
 *                  first moves the view to it; a time earlier than the view's
 *                  last is refused with RHE_ERR_TIME_BACKWARDS, and NaN or an
 *                  infinity with RHE_ERR_OUT_OF_RANGE, and nothing happens.
 *                  A gap of more than 10 s between two calls (a suspended
 *                  app) counts as 10 s, so a refresh left running does not
 *                  replay hours of animation; events report the caller's
 *                  times all the same.
 *   Distances are points (double, y grows downward), scales are device
 *   pixels per point, colours are straight RGBA components in [0, 1].
 *
 * Statuses
 *   Every function that can fail returns an rhe_status_t: RHE_OK (0) or a
 *   positive RHE_OK_* on success, a negative RHE_ERR_* on error. On error
 *   nothing was changed and rhe_last_error() says which call, which argument
 *   and why in one line. A function that returns a pointer returns NULL on
 *   error and sets the same line.
 *
 * Handles
 *   rhe_host_t and rhe_view_t are opaque. A NULL handle is refused with
 *   RHE_ERR_INVALID_ARGUMENT (the free functions accept NULL and do nothing).
 *   The library keeps the set of live handles: a pointer that is not one (a
 *   freed view, say) is refused with RHE_ERR_INVALID_ARGUMENT, unless its
 *   memory has since been reused for a new handle. That is a safety net, not
 *   an API: do not use a handle after freeing it.
 *
 * Isolation and failure
 *   A style's code (a plugin .so) runs either in a supervised worker process
 *   (RHE_ISOLATION_WORKER, the default) or in the application's process
 *   (RHE_ISOLATION_IN_PROCESS: for trusted code and debugging; a crash there
 *   is the application's crash). A worker is the `refresh-host` executable's
 *   hidden `worker` subcommand; see rhe_host_options_t.worker_executable for
 *   where it is looked for. In a worker, a style that crashes, does not
 *   return within the budget, or sends what the host refuses gives the view
 *   exactly one RHE_EVENT_STYLE_FAILED event (with the reason), and the view
 *   goes on without the style: input, physics, states and refresh events
 *   continue exactly as before (the host's own controller runs them), frames
 *   keep coming with style_failed set, and nothing is drawn for the header.
 *   The application decides whether to free the view and make another one
 *   with another style. A style never takes the application down.
 *
 * Lifetime
 *   Free every view of a host before the host. rhe_host_free with live views
 *   returns RHE_ERR_BUSY and frees nothing (the host and its views keep
 *   working); free the views and call it again. A view's strings and the
 *   host's style list are owned by the library, valid as documented below.
 *
 * Reentrancy (calls made from inside an event callback of view V)
 *   rhe_view_begin_refresh / rhe_view_end_refresh on V: queued, applied when
 *     the outer call returns (at the outer call's time, before it returns);
 *     they return RHE_OK_QUEUED.
 *   rhe_view_free(V): deferred; V stays valid until the outer call returns,
 *     gets no more events, and is freed then; returns RHE_OK_QUEUED.
 *   Any other call on V, and rhe_host_rescan / rhe_host_free on its host:
 *     refused with RHE_ERR_REENTRANT.
 *   Calls on other views are allowed.
 *
 * Versioning
 *   RHE_VERSION_{MAJOR,MINOR,PATCH} describe this header; rhe_version() says
 *   which library is loaded. This API is versioned on its own: its numbers
 *   are not the plugin ABI's (refresh_host.h, RH_ABI_VERSION_*).
 *   - PATCH: documentation and clarifications only.
 *   - MINOR: additions only: new functions, new enum values, new fields
 *     appended to a struct that carries struct_size. An application built
 *     against 1.N runs with every library 1.M, M >= N.
 *   - MAJOR: anything else; the soname changes with it (librefreshhost.so.MAJOR
 *     when installed).
 *   Every struct that crosses the API starts with uint32_t struct_size: set
 *   it to sizeof() of the struct as you know it (RHE_INIT does). The library
 *   reads only fields inside struct_size (the rest take their documented
 *   defaults) and writes only fields inside struct_size. A struct_size
 *   smaller than the 1.0 struct is refused with RHE_ERR_INVALID_ARGUMENT.
 *
 * Changes
 *   1.0: the first version.
 *   1.1: rhe_view_set_size (a view's size and scale changed in place: same
 *        worker, no new view).
 */
#ifndef REFRESH_HOST_EMBED_H
#define REFRESH_HOST_EMBED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h> /* memset, for RHE_INIT */

#ifdef __cplusplus
extern "C" {
#endif

#define RHE_VERSION_MAJOR 1
#define RHE_VERSION_MINOR 1
#define RHE_VERSION_PATCH 0

/* Zeroes a struct and sets its struct_size: `rhe_view_options_t o; RHE_INIT(&o);`.
 * Zero is every field's default unless its comment says otherwise. */
#define RHE_INIT(ptr) \
    do { memset((ptr), 0, sizeof(*(ptr))); (ptr)->struct_size = (uint32_t)sizeof(*(ptr)); } while (0)

/* cairo's context, declared as cairo.h declares it. */
typedef struct _cairo cairo_t;

/* ------------------------------------------------------------------------ */
/* Basic types                                                               */
/* ------------------------------------------------------------------------ */

typedef struct rhe_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} rhe_version_t;

typedef int32_t rhe_status_t;
enum {
    RHE_OK = 0,
    /* Success, but the request waits: made from inside an event callback, it
     * is applied when the outer call returns (see "Reentrancy"). */
    RHE_OK_QUEUED = 1,
    RHE_ERR_INVALID_ARGUMENT = -1, /* NULL or stale handle, NULL where a value is required,
                                      unknown enum value, struct_size too small */
    RHE_ERR_OUT_OF_RANGE = -2,     /* NaN, infinity, or a number outside its documented range */
    RHE_ERR_WRONG_THREAD = -3,     /* called from a thread other than the host's */
    RHE_ERR_TIME_BACKWARDS = -4,   /* `time` is earlier than the view's last time */
    RHE_ERR_REENTRANT = -5,        /* not allowed from inside this view's event callback */
    RHE_ERR_BUSY = -6,             /* rhe_host_free while views of the host are alive */
    RHE_ERR_NOT_FOUND = -7,        /* no style with that id or name on the search path */
    RHE_ERR_NO_WORKER = -8,        /* worker isolation, and no refresh-host executable found */
    RHE_ERR_STYLE = -9,            /* the style failed while the view was being made
                                      (create, setup, a crash or hang in the worker) */
    RHE_ERR_SEARCH_PATH = -10,     /* a search path folder given in the options does not exist */
    RHE_ERR_INTERNAL = -11         /* anything else (out of memory, a failed fork); see rhe_last_error */
};

/* The refresh states (the same values as refresh_host.h's rh_state_t). */
typedef int32_t rhe_state_t;
enum {
    RHE_STATE_IDLE = 0,       /* nothing shown, nothing running */
    RHE_STATE_PULLING = 1,    /* header visible, below the trigger distance (or bouncing back) */
    RHE_STATE_ARMED = 2,      /* finger down past the trigger distance: release to refresh */
    RHE_STATE_REFRESHING = 3, /* the refresh runs: waiting for rhe_view_end_refresh */
    RHE_STATE_EXITING = 4,    /* the style's exit animation runs */
    RHE_STATE_RESETTING = 5,  /* the header is closing; idle follows */
    RHE_STATE_NO_MORE = 6     /* footers only: the last load ended with RHE_RESULT_NO_MORE */
};

/* How a refresh ended (rhe_view_end_refresh). */
typedef int32_t rhe_result_t;
enum {
    RHE_RESULT_SUCCESS = 0, /* new content arrived, or the content is current */
    RHE_RESULT_FAILURE = 1, /* the refresh failed (no network, server error) */
    RHE_RESULT_NO_MORE = 2  /* there is nothing more to load (footers, mostly) */
};

/* Where a view sits: a header at the top (pull down to refresh) or a footer
 * at the bottom (pull up to load more; only for styles with `footer` set). */
typedef int32_t rhe_edge_t;
enum {
    RHE_EDGE_TOP = 0,
    RHE_EDGE_BOTTOM = 1
};

/* Scroll physics (formulas in refresh_host.h, rh_physics_t). DEFAULT: the
 * style's declared physics, else iOS. */
typedef int32_t rhe_physics_t;
enum {
    RHE_PHYSICS_DEFAULT = 0,
    RHE_PHYSICS_IOS = 1,
    RHE_PHYSICS_MATERIAL = 2,
    RHE_PHYSICS_ANDROID_STRETCH = 3,
    RHE_PHYSICS_SMART = 4
};

/* When a pull starts a refresh. DEFAULT: the style's, else ON_RELEASE. */
typedef int32_t rhe_trigger_t;
enum {
    RHE_TRIGGER_DEFAULT = 0,
    RHE_TRIGGER_ON_RELEASE = 1, /* the finger lifts past the trigger distance */
    RHE_TRIGGER_ON_REACH = 2    /* the pull reaches the trigger distance, finger still down */
};

/* How the header is shown (refresh_host.h, rh_presentation_t). DEFAULT: the
 * style's. Note the values differ from rh_presentation_t's by one. */
typedef int32_t rhe_presentation_t;
enum {
    RHE_PRESENTATION_DEFAULT = 0,
    RHE_PRESENTATION_SLIDE_DOWN = 1, /* header moves with the content */
    RHE_PRESENTATION_BACKGROUND = 2, /* header sits behind the content and is uncovered */
    RHE_PRESENTATION_FRONT = 3       /* the content stays still, the header floats over it */
};

/* Where a view's style code runs. DEFAULT (in a view's options): the host's. */
typedef int32_t rhe_isolation_t;
enum {
    RHE_ISOLATION_DEFAULT = 0,    /* in host options: WORKER */
    RHE_ISOLATION_WORKER = 1,     /* a supervised `refresh-host worker` process */
    RHE_ISOLATION_IN_PROCESS = 2  /* this process: trusted code only */
};

/* Haptics (the same values as rh_haptic_t). The library plays none: it
 * reports them (RHE_EVENT_HAPTIC) for the application to play. */
typedef int32_t rhe_haptic_t;
enum {
    RHE_HAPTIC_SELECTION = 0,
    RHE_HAPTIC_LIGHT = 1,
    RHE_HAPTIC_MEDIUM = 2,
    RHE_HAPTIC_HEAVY = 3,
    RHE_HAPTIC_SUCCESS = 4,
    RHE_HAPTIC_WARNING = 5,
    RHE_HAPTIC_ERROR = 6
};

typedef int32_t rhe_log_level_t;
enum {
    RHE_LOG_DEBUG = 0,
    RHE_LOG_INFO = 1,
    RHE_LOG_WARNING = 2,
    RHE_LOG_ERROR = 3
};

typedef struct rhe_color {
    double r, g, b, a;
} rhe_color_t;

/* ------------------------------------------------------------------------ */
/* Library                                                                   */
/* ------------------------------------------------------------------------ */

/* [any-thread] The loaded library's version (compare with RHE_VERSION_*: the
 * library's major must equal the header's, its minor be at least the
 * header's). Since 1.0. */
rhe_version_t rhe_version(void);

/* [any-thread] The line that says why this thread's last failing call
 * failed, or "" when none has. [owned: library] valid until the next rhe_
 * call on this thread; copy it to keep it. Never NULL. Since 1.0. */
const char *rhe_last_error(void);

/* ------------------------------------------------------------------------ */
/* Host                                                                      */
/* ------------------------------------------------------------------------ */

typedef struct rhe_host rhe_host_t;

/* A log line from the library or a style: [main-thread], inside the call that
 * logged it. [owned: library] `line` (UTF-8, no newline) is valid during the
 * callback only. Do not call the library from a log callback (such calls
 * return RHE_ERR_REENTRANT). */
typedef void (*rhe_log_fn)(rhe_log_level_t level, const char *line, void *user_data);

typedef struct rhe_host_options {
    uint32_t struct_size;          /* sizeof(rhe_host_options_t) */
    /* Folders (or single .so files) to search for styles, in order, absolute
     * or relative to the current directory. [owned: caller] read during
     * rhe_host_new only. NULL (or a count of 0): the CLI's search path and its
     * registry cache, so the application sees what `refresh-host list` shows:
     * REFRESH_HOST_PLUGIN_PATH, ~/.local/lib/refresh-host/plugins, then the
     * worker executable's prefix (PREFIX/lib/refresh-host/plugins) and the
     * plugins/ folder beside it. With paths given, only those are searched
     * (the registry cache is still used). */
    const char *const *search_paths;
    size_t search_path_count;
    /* Where views' style code runs unless a view says otherwise. DEFAULT: WORKER. */
    rhe_isolation_t isolation;
    /* Seconds one call into a style may take in a worker before the
     * style is failed (hung), and a scanner child before its file is
     * skipped: the process's own time (running, sleeping, blocked; not
     * waiting for a CPU or stopped), with a wall cap of twice as many for
     * a view's calls (the caller's thread waits on them) and ten times as
     * many for a scan. 0: 2 s (refresh-host's default). Range (0, 60]. */
    double budget;
    /* The refresh-host executable whose hidden `worker` subcommand runs
     * styles (and scans plugin files). [owned: caller] read during
     * rhe_host_new only. NULL: looked for (1) beside librefreshhost.so (the
     * folder that holds it, then ../bin/refresh-host), then (2) on PATH. If
     * none is found rhe_host_new fails with RHE_ERR_NO_WORKER, whatever the
     * isolation (the catalogue is read by scanner children of it). */
    const char *worker_executable;
    /* Hears the host's and the styles' log lines; NULL: they are dropped
     * (a failing call still says why in rhe_last_error). */
    rhe_log_fn log;
    void *log_user_data;
    /* Lines below this level are not passed to `log`. Default (0): DEBUG. */
    rhe_log_level_t log_level;
} rhe_host_options_t;

/* Makes the host and reads the catalogue of styles (scanning what the
 * registry cache does not know, in child processes). The calling thread
 * becomes the host's thread [main-thread] for this host and its views, and
 * every other host made later must be made on it too (else
 * RHE_ERR_WRONG_THREAD). `options` NULL: all defaults. On success *out_host
 * is the host [owned: caller; free with rhe_host_free]; on error *out_host is
 * NULL. Errors: INVALID_ARGUMENT (out_host NULL, bad struct_size or enum),
 * OUT_OF_RANGE (budget), SEARCH_PATH, NO_WORKER. Since 1.0. */
rhe_status_t rhe_host_new(const rhe_host_options_t *options, rhe_host_t **out_host);

/* [main-thread] Frees the host. With live views it returns RHE_ERR_BUSY and
 * frees nothing. NULL: does nothing, RHE_OK. Since 1.0. */
rhe_status_t rhe_host_free(rhe_host_t *host);

/* [main-thread] Reads the search path again (new, changed and removed plugin
 * files). Invalidates every rhe_style_info_t and rhe_param_info_t string the
 * host handed out. Running views are not affected. Since 1.0. */
rhe_status_t rhe_host_rescan(rhe_host_t *host);

/* What a style declares (rhe_host_style_at), or how a view runs it
 * (rhe_view_get_style: physics, trigger and presentation then are the ones
 * in force, never DEFAULT, and edge set). Strings: [owned: host] UTF-8,
 * never NULL, valid until rhe_host_rescan or rhe_host_free (from
 * rhe_view_get_style: until the view is freed). */
typedef struct rhe_style_info {
    uint32_t struct_size;          /* sizeof(rhe_style_info_t) */
    const char *id;                /* "com.refreshhost.yelp" */
    const char *name;              /* "Yelp" */
    const char *version;           /* "1.0.0" */
    const char *file;              /* the plugin file it comes from */
    bool header;                   /* can sit at the top edge (every style but footer-only ones) */
    bool footer;                   /* can sit at the bottom edge */
    double height;                 /* resting height while refreshing, points */
    double trigger_distance;       /* how far a pull must go to refresh, points */
    double max_pull;               /* the most the pull shows, points; 0: the physics' default */
    rhe_physics_t physics;         /* declared (DEFAULT: none declared) */
    rhe_trigger_t trigger;         /* declared (DEFAULT: none declared) */
    rhe_presentation_t presentation;
    size_t param_count;            /* rhe_host_style_param_at's range */
} rhe_style_info_t;

/* [main-thread] How many styles the catalogue holds (those that can run:
 * not shadowed, rejected or quarantined), into *out_count. Since 1.0. */
rhe_status_t rhe_host_style_count(rhe_host_t *host, size_t *out_count);

/* [main-thread] The style at `index` (0 <= index < count, in the catalogue's
 * order: search-path order, then id), into *out (struct_size set by the
 * caller). Errors: OUT_OF_RANGE for an index past the end. Since 1.0. */
rhe_status_t rhe_host_style_at(rhe_host_t *host, size_t index, rhe_style_info_t *out);

typedef int32_t rhe_param_kind_t;
enum {
    RHE_PARAM_NUMBER = 0,  /* min, max, default_number */
    RHE_PARAM_COLOR = 1,   /* default_color; a value is "#RRGGBB" or "#RRGGBBAA" */
    RHE_PARAM_BOOLEAN = 2, /* default_boolean; a value is "true" or "false" */
    RHE_PARAM_CHOICE = 3,  /* choices, default_choice; a value is one of the choices */
    RHE_PARAM_TEXT = 4     /* default_text */
};

/* One parameter a style declares. Strings as in rhe_style_info_t. */
typedef struct rhe_param_info {
    uint32_t struct_size;          /* sizeof(rhe_param_info_t) */
    const char *id;                /* the name a value is given under */
    const char *label;             /* for people; the id when the style gave none */
    rhe_param_kind_t kind;
    double min, max, default_number;
    rhe_color_t default_color;
    bool default_boolean;
    const char *const *choices;    /* choice_count strings, NULL for other kinds */
    size_t choice_count;
    size_t default_choice;
    const char *default_text;      /* "" for other kinds */
} rhe_param_info_t;

/* [main-thread] Parameter `param_index` of the style at `style_index`.
 * Since 1.0. */
rhe_status_t rhe_host_style_param_at(rhe_host_t *host, size_t style_index, size_t param_index,
                                     rhe_param_info_t *out);

/* ------------------------------------------------------------------------ */
/* View                                                                      */
/* ------------------------------------------------------------------------ */

typedef struct rhe_view rhe_view_t;

typedef int32_t rhe_event_kind_t;
enum {
    /* A refresh started: load the data, then call rhe_view_end_refresh.
     * Exactly once per refresh, whether a pull or rhe_view_begin_refresh
     * started it (`programmatic` says which), and also after the style failed. */
    RHE_EVENT_REFRESH_REQUESTED = 0,
    RHE_EVENT_STATE_CHANGED = 1,   /* old_state -> new_state */
    RHE_EVENT_HAPTIC = 2,          /* play `haptic` */
    RHE_EVENT_ANNOUNCEMENT = 3,    /* say `text` to assistive technology */
    /* The style failed (crashed, hung past the budget, sent what the host
     * refuses); `text` is the reason. Once per view at most; see "Isolation
     * and failure". */
    RHE_EVENT_STYLE_FAILED = 4
};

/* [owned: library] valid during the callback only (`text` too). */
typedef struct rhe_event {
    uint32_t struct_size;          /* sizeof(rhe_event_t) as the library knows it */
    rhe_event_kind_t kind;
    double time;                   /* [time] when it happened (<= the current call's time) */
    rhe_state_t old_state;         /* STATE_CHANGED */
    rhe_state_t new_state;         /* STATE_CHANGED */
    rhe_haptic_t haptic;           /* HAPTIC */
    bool programmatic;             /* REFRESH_REQUESTED: started by rhe_view_begin_refresh */
    const char *text;              /* ANNOUNCEMENT, STYLE_FAILED (UTF-8); "" otherwise, never NULL */
} rhe_event_t;

/* Hears a view's events: [main-thread], inside the call that caused them, in
 * the order they happened. See "Reentrancy" for what it may call. */
typedef void (*rhe_event_fn)(rhe_view_t *view, const rhe_event_t *event, void *user_data);

/* A style parameter's value, as `refresh-host run --param NAME=VALUE` takes it. */
typedef struct rhe_param {
    const char *name;
    const char *value;
} rhe_param_t;

typedef struct rhe_view_options {
    uint32_t struct_size;          /* sizeof(rhe_view_options_t) */
    /* The scrollable's size in points, each in [10, 10000]. Required. */
    double width, height;
    /* Device pixels per point the style is told (it may pick images by it).
     * 0: 1. Range (0, 8]. Drawing may use another scale. */
    double scale;
    rhe_edge_t edge;
    rhe_physics_t physics;
    rhe_trigger_t trigger;
    rhe_presentation_t presentation;
    /* The dark theme (else the light one); with custom_colors, these colours. */
    bool dark;
    bool custom_colors;
    rhe_color_t primary, accent, background;
    bool reduce_motion;
    /* Values for the style's declared parameters. [owned: caller] read during
     * rhe_view_new only. A name the style does not declare or a value out of
     * its range is refused (RHE_ERR_INVALID_ARGUMENT). */
    const rhe_param_t *params;
    size_t param_count;
    rhe_isolation_t isolation;     /* DEFAULT: the host's */
    rhe_event_fn on_event;         /* NULL: events are dropped */
    void *user_data;               /* passed to on_event */
} rhe_view_options_t;

/* [main-thread] Starts the style `style` (an id or a short name, as the CLI
 * takes) for one scrollable, at [time] `time` (the view's clock starts
 * there). In worker isolation this starts a worker process and waits for the
 * style's create and setup (at most the budget for each call). On success
 * *out_view is the view [owned: caller; free with rhe_view_free before the
 * host]; on error NULL. Errors: INVALID_ARGUMENT, OUT_OF_RANGE, NOT_FOUND,
 * NO_WORKER, STYLE (the style failed to start: rhe_last_error says how).
 * Since 1.0. */
rhe_status_t rhe_view_new(rhe_host_t *host, const char *style, const rhe_view_options_t *options, double time,
                          rhe_view_t **out_view);

/* [main-thread] Ends the style (its worker too: the worker is given the
 * budget to end, then killed) and frees the view. From inside its own event
 * callback: deferred (RHE_OK_QUEUED). NULL: RHE_OK. Since 1.0. */
rhe_status_t rhe_view_free(rhe_view_t *view);

/* [main-thread] The style as the view runs it, into *out. Since 1.0. */
rhe_status_t rhe_view_get_style(rhe_view_t *view, rhe_style_info_t *out);

/* [main-thread] The scrollable's new size in points (`width`, `height`, each
 * in [10, 10000]) and the device pixels per point the style is told
 * (`scale` in (0, 8]; 0 keeps the view's), at [time] `time`. A window
 * resized by the user calls this on each new size; the view, its worker and
 * its events go on (no new view, no second RHE_EVENT_REFRESH_REQUESTED).
 * The same size and scale again: nothing happens. Otherwise the style gets
 * a new instance of itself in the same worker (refresh_host.h gives an
 * instance one viewport and one pixel scale for its life), set up at the
 * new size, and the view puts it where the old one was:
 *   - at rest (IDLE): nothing else; the next frame draws at the new size;
 *   - mid-pull (PULLING, ARMED), finger or overscroll down: the pull goes on
 *     at the finger's travel; the next move and release act as before;
 *   - mid-refresh (REFRESHING, EXITING): the refresh goes on (an end already
 *     asked for stays asked for); the style starts its refreshing animation
 *     (or its exit) again from the beginning, and the content's inset stays;
 *   - closing (RESETTING) or NO_MORE: the header is closed at once and the
 *     view is IDLE (one STATE_CHANGED says so).
 * The events of making the new instance and putting it there are not
 * reported, but for that one STATE_CHANGED. After the style failed: only the
 * view's geometry changes. If the style fails at the new size (its setup
 * refuses it, a crash or a hang), that is the view's one STYLE_FAILED and
 * the call still returns RHE_OK. A size below 10 points (a window collapsed
 * to nothing) is refused with OUT_OF_RANGE like any other out-of-range
 * value, and the view keeps its size: call again once there is a size to
 * show. Errors: INVALID_ARGUMENT (view), OUT_OF_RANGE (a size or scale NaN,
 * infinite or outside its range), TIME_BACKWARDS, REENTRANT (from the view's
 * own event callback). Since 1.1. */
rhe_status_t rhe_view_set_size(rhe_view_t *view, double time, double width, double height, double scale);

/* -- Input. Each moves the view to [time] first, then applies the input;
 * events caused by either fire before the call returns. Coordinates are
 * points, |value| <= 1e6 (else OUT_OF_RANGE). */

/* [main-thread] A finger touches down at `x` from the view's left edge. Since 1.0. */
rhe_status_t rhe_view_touch_down(rhe_view_t *view, double time, double x);
/* [main-thread] The finger has travelled `travel` points from where it
 * touched down, toward the content (down for a header, up for a footer;
 * negative: away), and is at `x`. Without a touch down: ignored. Since 1.0. */
rhe_status_t rhe_view_touch_move(rhe_view_t *view, double time, double travel, double x);
/* [main-thread] The finger lifts (or the gesture is cancelled): past the
 * trigger distance this starts a refresh. Since 1.0. */
rhe_status_t rhe_view_touch_up(rhe_view_t *view, double time);

typedef int32_t rhe_overscroll_phase_t;
enum {
    RHE_OVERSCROLL_BEGIN = 0,  /* the list is at its edge and a wheel / touchpad scroll begins */
    RHE_OVERSCROLL_UPDATE = 1, /* `delta` more points of overscroll (positive: pulling the header in) */
    RHE_OVERSCROLL_END = 2     /* the scroll ended (fingers lifted, or the wheel stopped): a release */
};

/* [main-thread] Overscroll from a wheel or touchpad, turned into a pull:
 * BEGIN is a touch down in the middle, each UPDATE adds `delta` to the
 * travel (never below 0) and moves the pull there, END releases. An UPDATE
 * without BEGIN begins. `delta` is ignored but for UPDATE. Since 1.0. */
rhe_status_t rhe_view_overscroll(rhe_view_t *view, double time, rhe_overscroll_phase_t phase, double delta);

/* [main-thread] Starts a refresh with no finger (an auto-refresh): the
 * header settles at its resting height and REFRESH_REQUESTED fires. While a
 * refresh runs it does nothing. Since 1.0. */
rhe_status_t rhe_view_begin_refresh(rhe_view_t *view, double time);

/* [main-thread] The data arrived: ends the refresh with `result` and
 * `message` (a short line for the user, UTF-8, at most 255 bytes, or NULL;
 * [owned: caller] copied). Outside a refresh it does nothing. Since 1.0. */
rhe_status_t rhe_view_end_refresh(rhe_view_t *view, double time, rhe_result_t result, const char *message);

/* -- Output. */

/* The view's frame: what to do with the content and where the header is. */
typedef struct rhe_frame {
    uint32_t struct_size;          /* sizeof(rhe_frame_t) */
    double time;                   /* [time] the frame shows */
    rhe_state_t state;
    double pull;                   /* the shown pull, points, >= 0 */
    /* How far to move the content from its resting place, points, >= 0: down
     * for a header, up for a footer. 0 for FRONT presentation (the content
     * stays; the header floats over it). */
    double content_offset;
    /* ANDROID_STRETCH: how much to stretch the content, a fraction of its
     * height (0: none), from the pulled edge. */
    double content_stretch;
    /* The inset the content keeps once the motion settles in this state:
     * the style's resting height while it refreshes (REFRESHING, EXITING),
     * 0 otherwise. */
    double resting_inset;
    /* The header's rectangle in the view's points ((0, 0) the view's
     * top-left). The library draws only inside it. Height 0: nothing to draw. */
    double header_x, header_y, header_width, header_height;
    bool header_in_front;          /* draw the header over the content (else under it) */
    /* The view is not at rest: ask for another frame (at the display's
     * rate). false: nothing changes until the next input. */
    bool needs_frames;
    bool style_failed;             /* the style failed; nothing is drawn for it */
} rhe_frame_t;

/* [main-thread] Moves the view to [time] and writes its frame into *out
 * (struct_size set by the caller). Every call that moves the view takes the
 * header's layers with its frame, so an advance at the time of the view's
 * last call (an input at the frame's time, then the frame) returns that frame
 * without asking the style again: in a worker, a frame of input, advance and
 * draw is one round trip. Since 1.0. */
rhe_status_t rhe_view_advance(rhe_view_t *view, double time, rhe_frame_t *out);

/* [main-thread] Draws the header of the view's current frame (the last
 * advance or input call: both take the header's layers, so drawing asks the
 * style nothing) into `cr`: cr's user space is the view's points, (0, 0) its
 * top-left (translate and clip as you like first). `scale` is the device
 * pixels per point the surface has; rasterised effects (blurs, images) follow
 * cr's own matrix, so it must agree with it. Only the header's rectangle is
 * drawn, over what is there; cr's state is restored. After the style failed:
 * draws nothing. Range: scale (0, 16]. Since 1.0. */
rhe_status_t rhe_view_draw_cairo(rhe_view_t *view, cairo_t *cr, double scale);

/* [main-thread] As rhe_view_draw_cairo, into the caller's pixels: `width` x
 * `height` pixels, `stride` bytes a row (>= 4 * width, a multiple of 4),
 * premultiplied ARGB32 in native-endian 32-bit words (CAIRO_FORMAT_ARGB32).
 * The buffer's pixel (0, 0) is the view's point (0, 0) and a point is
 * `scale` pixels. The header is composited over what the buffer holds;
 * pixels outside it are untouched. [owned: caller] used during the call
 * only. Range: width, height in [1, 16384], scale (0, 16]. Since 1.0. */
rhe_status_t rhe_view_draw_rgba(rhe_view_t *view, uint8_t *pixels, int32_t width, int32_t height, int32_t stride,
                                double scale);

#ifdef __cplusplus
}
#endif

#endif /* REFRESH_HOST_EMBED_H */
