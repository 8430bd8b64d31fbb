/// The files of a C plugin project: `make` builds `lib<Name>.so` with cc and
/// pkg-config, against the installed header only.
enum CTemplate {
    static func files(_ p: ProjectNames) -> [GeneratedFile] {
        [
            GeneratedFile(path: "Makefile", contents: makefile(p)),
            GeneratedFile(path: p.lowercased + ".c", contents: source(p)),
            GeneratedFile(path: "README.md", contents: ProjectReadme.text(p, language: .c)),
            GeneratedFile(path: ".gitignore", contents: "lib*.so\n"),
        ]
    }

    static func makefile(_ p: ProjectNames) -> String {
        """
        # \(p.name): a RefreshHost style in C. `make` builds \(p.library) here.
        # The header comes from the installed RefreshHost, found with pkg-config
        # (set PKG_CONFIG_PATH=<prefix>/lib/pkgconfig for a prefix it does not search).

        LIB          := \(p.library)
        STYLE_ID     := \(p.id)
        SOURCES      := \(p.lowercased).c
        CC           ?= cc
        PKG_CONFIG   ?= pkg-config
        REFRESH_HOST ?= refresh-host
        PLUGIN_DIR   ?= $(HOME)/.local/lib/refresh-host/plugins
        CFLAGS       ?= -std=c11 -O2 -Wall -Wextra
        # libm for sinf, cosf, ...: a plugin links what it uses, or it loads only where the host happens to.
        LDLIBS       ?= -lm
        RH_CFLAGS     = $(shell $(PKG_CONFIG) --cflags refresh-host 2>/dev/null)
        RH_FOUND      = $(shell $(PKG_CONFIG) --exists refresh-host && echo yes)

        .PHONY: all validate run install clean

        all: $(LIB)

        $(LIB): $(SOURCES)
        \t$(if $(RH_FOUND),,$(error refresh-host.pc not found: install RefreshHost (make install) or set PKG_CONFIG_PATH))
        \t$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -shared $(RH_CFLAGS) -o $@ $(SOURCES) $(LDLIBS)

        \(MakeTargets.common(clean: "rm -f $(LIB)"))
        """
    }

    static func source(_ p: ProjectNames) -> String {
        let s = p.lowercased
        return """
        /*
         * \(p.name): a pull-to-refresh style for RefreshHost, made by `refresh-host new`.
         *
         * A coloured header with a white disc that grows as the list is pulled,
         * turns yellow when letting go would refresh, turns once per refresh cycle
         * and fades out when the refresh ends. Every callback of the ABI is here
         * with a note on when the host calls it; the optional ones may be removed
         * (leave their slot NULL). The whole contract is refresh_host.h, and
         * refresh_host_ext.h for the extensions (ABI 1.5).
         */
        #include "refresh_host.h"
        #include "refresh_host_ext.h"

        #include <stdlib.h>
        #include <string.h>

        static const rh_color_t header_color = {0.16, 0.62, 0.56, 1}; /* teal */
        static const rh_color_t disc_color = {1, 1, 1, 1};
        static const rh_color_t armed_color = {1, 0.84, 0.3, 1};      /* "let go to refresh" */
        static const rh_color_t failed_color = {0.85, 0.33, 0.31, 1}; /* a refresh that failed */
        #define DISC_SIZE 44.0
        #define MARK_SIZE 10.0

        /* One instance. The host may run several at once, so every mutable
         * thing lives here, none in globals. */
        typedef struct \(s)_style {
            rh_instance_t instance; /* what create() returns; plugin_data points back here */
            const rh_host_t *host;  /* the host's services for this instance */
            rh_layer_t disc;        /* the circle that grows and turns */
            rh_layer_t mark;        /* a dot on its rim, so the turn shows */
            rh_done_fn done;        /* the exit's done, until it has been called */
            bool calm;              /* the user asked for reduced motion (ABI 1.3) */
        } \(s)_style_t;

        static \(s)_style_t *state(const rh_instance_t *instance) { return instance->plugin_data; }

        /* Sizes a layer and puts its centre (the default anchor point) at x, y. */
        static void place(const rh_host_t *h, rh_layer_t layer, double x, double y, double size) {
            h->layer_set(h, layer, RH_PROP_WIDTH, size);
            h->layer_set(h, layer, RH_PROP_HEIGHT, size);
            h->layer_set(h, layer, RH_PROP_POSITION_X, x);
            h->layer_set(h, layer, RH_PROP_POSITION_Y, y);
        }

        /* setup: called once, first. Build the layers under `root`, a rect the
         * host made: as wide as the viewport, the descriptor's height tall. Return
         * false if the style cannot run. Required. */
        static bool \(s)_setup(const rh_instance_t *instance, rh_layer_t root) {
            \(s)_style_t *self = state(instance);
            const rh_host_t *h = self->host;
            double width = 0, height = 0;
            h->layer_get(h, root, RH_PROP_WIDTH, &width);
            h->layer_get(h, root, RH_PROP_HEIGHT, &height);
            /* What the host decided for this instance (ABI 1.3), fixed for its life. */
            rh_environment_t env = {.struct_size = sizeof env};
            bool have_env = h->environment(h, &env) == RH_OK;
            self->calm = have_env && env.reduce_motion;
            /* The header's colour: ours, unless the app chose a background. The
             * theme always holds colours (the host's defaults when the app gave
             * none); the rh.theme/1 extension (ABI 1.5) says which the app chose.
             * An extension may be missing (an older host): get_extension returns
             * NULL, and the style does without. */
            rh_color_t fill = header_color;
            const rh_theme_ext_t *theme = h->get_extension(h, RH_EXT_THEME);
            uint32_t given = 0;
            if (have_env && theme && theme->given(h, &given) == RH_OK && (given & RH_THEME_GIVEN_BACKGROUND))
                fill = env.theme.background;
            h->layer_set_color(h, root, RH_COLOR_FILL, &fill);

            self->disc = h->layer_create(h, RH_LAYER_ELLIPSE, root);
            self->mark = h->layer_create(h, RH_LAYER_ELLIPSE, self->disc);
            if (self->disc == RH_LAYER_NONE || self->mark == RH_LAYER_NONE) return false; /* the host logged why */
            place(h, self->disc, width / 2, height / 2, DISC_SIZE);
            h->layer_set_color(h, self->disc, RH_COLOR_FILL, &disc_color);
            /* Grows with the pull; with reduced motion it fades in at full size instead. */
            h->layer_set(h, self->disc, RH_PROP_SCALE, self->calm ? 1 : 0);
            h->layer_set(h, self->disc, RH_PROP_OPACITY, self->calm ? 0 : 1);
            /* A child sits in its parent's own coordinates: near the disc's top. */
            place(h, self->mark, DISC_SIZE / 2, MARK_SIZE, MARK_SIZE);
            h->layer_set_color(h, self->mark, RH_COLOR_FILL, &fill);
            h->log(h, RH_LOG_DEBUG, "layers ready");
            return true;
        }

        /* pull: the list is pulled (or bouncing back) and no refresh runs.
         * ratio = min(distance, height) / height, in [0, 1]; velocity in points
         * per second. Never called while refreshing. Optional. */
        static void \(s)_pull(const rh_instance_t *instance, double distance, double ratio, double velocity) {
            \(s)_style_t *self = state(instance);
            (void)distance;
            (void)velocity;
            if (self->calm) self->host->layer_set(self->host, self->disc, RH_PROP_OPACITY, ratio);
            else self->host->layer_set(self->host, self->disc, RH_PROP_SCALE, ratio);
        }

        /* state_changed: the controller moved from old_state to new_state
         * (idle, pulling, armed, refreshing, exiting, resetting). Optional. */
        static void \(s)_state_changed(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state) {
            \(s)_style_t *self = state(instance);
            (void)old_state;
            const rh_color_t *fill = new_state == RH_STATE_ARMED ? &armed_color : &disc_color;
            self->host->layer_set_color(self->host, self->disc, RH_COLOR_FILL, fill);
        }

        /* setup_for_cycle: before each cycle, outside any animate block, so these
         * changes apply at once: the start position of the cycle. Optional. */
        static void \(s)_setup_for_cycle(const rh_instance_t *instance) {
            \(s)_style_t *self = state(instance);
            const rh_host_t *h = self->host;
            h->layer_set(h, self->disc, RH_PROP_SCALE, 1); /* full size, also when the refresh began without a pull */
            h->layer_set(h, self->disc, RH_PROP_ROTATION, 0);
            h->layer_set(h, self->disc, RH_PROP_OPACITY, 1);
        }

        /* cycle: one cycle, called inside an animate block the host opened with
         * the descriptor's cycle duration, delay and curve: a plain layer_set
         * tweens over the cycle. The host calls setup_for_cycle and cycle again
         * while the refresh lasts. Optional. */
        static void \(s)_cycle(const rh_instance_t *instance) {
            \(s)_style_t *self = state(instance);
            /* One full turn; with reduced motion a fade instead (RH_STYLE_REDUCED_MOTION
             * promises no turn faster than 1 rad/s: `validate` measures it). */
            if (self->calm) self->host->layer_set(self->host, self->disc, RH_PROP_OPACITY, 0.4);
            else self->host->layer_set(self->host, self->disc, RH_PROP_ROTATION, 2 * RH_PI);
        }

        /* The exit block's completion: the fade has finished (or was cancelled). */
        static void \(s)_exit_finished(void *user, bool finished) {
            \(s)_style_t *self = user;
            (void)finished;
            rh_done_fn done = self->done;
            self->done = NULL;
            if (done) done();
        }

        /* exit_with_result (ABI 1.3): the refresh has ended, with `result` (valid
         * during the call only). Run the exit animation and call `done` exactly
         * once when it has finished (the host waits up to 5 s); with no exit
         * animation, call done() before returning. The host calls this instead
         * of exit(). Optional. */
        static void \(s)_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result,
                                           rh_done_fn done) {
            \(s)_style_t *self = state(instance);
            const rh_host_t *h = self->host;
            bool failed = result && result->kind == RH_RESULT_FAILURE;
            self->done = done;
            rh_timing_t fade = {.struct_size = sizeof fade, .duration = 0.3, .curve = RH_CURVE_EASE_IN};
            if (h->animate_begin(h, &fade) != RH_OK) { /* refused: no animation, so done now */
                \(s)_exit_finished(self, false);
                return;
            }
            /* A success swells and fades; a failure turns red and fades where it is. */
            h->layer_set(h, self->disc, RH_PROP_OPACITY, 0);
            if (failed) h->layer_set_color(h, self->disc, RH_COLOR_FILL, &failed_color);
            else h->layer_set(h, self->disc, RH_PROP_SCALE, 1.5);
            if (h->animate_commit(h, \(s)_exit_finished, self) != RH_OK) \(s)_exit_finished(self, false);
        }

        /* exit: as exit_with_result, for a host older than 1.3 (which would not
         * load this library: kept so the table is complete). Optional. */
        static void \(s)_exit(const rh_instance_t *instance, rh_done_fn done) {
            \(s)_exit_with_result(instance, NULL, done);
        }

        /* reset: the header has closed. Put every layer back as setup left it.
         * Optional. */
        static void \(s)_reset(const rh_instance_t *instance) {
            \(s)_style_t *self = state(instance);
            const rh_host_t *h = self->host;
            h->layer_set(h, self->disc, RH_PROP_OPACITY, self->calm ? 0 : 1);
            h->layer_set(h, self->disc, RH_PROP_SCALE, self->calm ? 1 : 0);
            h->layer_set(h, self->disc, RH_PROP_ROTATION, 0);
            h->layer_set_color(h, self->disc, RH_COLOR_FILL, &disc_color);
        }

        /* tick: once per rendered frame in every state, with host time (read
         * time from the host, never the wall clock) and the time since the last
         * tick. For procedural motion; this style needs none. Optional: a NULL
         * slot saves the host a call per frame. */
        static void \(s)_tick(const rh_instance_t *instance, double time, double dt) {
            (void)instance;
            (void)time;
            (void)dt;
        }

        /* get_extension: an extension table of this instance by id, or NULL.
         * Optional. */
        static const void *\(s)_get_extension(const rh_instance_t *instance, const char *id) {
            (void)instance;
            (void)id;
            return NULL;
        }

        /* destroy: free everything; may come in any state, even mid-cycle. The
         * host removes the layers and animations itself afterwards, and calls
         * nothing of this instance again. Required. */
        static void \(s)_destroy(const rh_instance_t *instance) { free(state(instance)); }

        /* What the host shows and how it drives the style. The strings must stay
         * valid until deinit: static ones do. */
        static const rh_style_descriptor_t \(s)_descriptor = {
            .struct_size = sizeof(rh_style_descriptor_t),
            .id = "\(p.id)",
            .name = "\(p.name)",
            .version = "0.1.0",
            .description = "A disc that grows with the pull and turns once per cycle.",
            .height = 80,           /* resting height while refreshing, points */
            .cycle_duration = 0.8,  /* seconds */
            .cycle_curve = RH_CURVE_LINEAR,
            .presentation = RH_PRESENTATION_SLIDE_DOWN,
            .anchor = RH_ANCHOR_TOP,
            /* ABI 1.3: how it behaves (each 0 or NULL means the host's default). */
            .trigger_distance = 0,  /* points a pull must travel: 0, the height */
            .max_pull = 0,          /* the most the pull shows: 0, the physics' default */
            .trigger = RH_TRIGGER_DEFAULT,  /* or RH_TRIGGER_ON_REACH, as iOS */
            .physics = RH_PHYSICS_DEFAULT,  /* or RH_PHYSICS_MATERIAL, ... */
            .flags = RH_STYLE_REDUCED_MOTION  /* cycle() honours env.reduce_motion */
                   | RH_STYLE_THEMEABLE,      /* setup() follows a background the app chose */
            .announcements = NULL,  /* the host's "Pull to refresh", ..., "Refresh failed" */
            .param_count = 0,       /* typed parameters for --param: see refresh_host.h */
            .params = NULL,
            /* ABI 1.4: the data file a style is made from; NULL for a style in code. */
            .source = NULL,
        };

        /* init: once, first, with the library's path. Return false to refuse to
         * load. Optional. */
        static bool \(s)_init(const char *library_path) {
            (void)library_path;
            return true;
        }

        /* deinit: once, last, after every instance is destroyed. Optional. */
        static void \(s)_deinit(void) {}

        static uint32_t \(s)_style_count(void) { return 1; }

        static const rh_style_descriptor_t *\(s)_style_descriptor(uint32_t index) {
            return index == 0 ? &\(s)_descriptor : NULL;
        }

        /* create: a new instance for `host`, or NULL for an id this library does
         * not have. */
        static const rh_instance_t *\(s)_create(const rh_host_t *host, const char *style_id) {
            if (strcmp(style_id, \(s)_descriptor.id) != 0) return NULL;
            \(s)_style_t *self = calloc(1, sizeof *self);
            if (!self) return NULL;
            self->host = host;
            self->instance = (rh_instance_t){
                .struct_size = sizeof(rh_instance_t),
                .plugin_data = self,
                .setup = \(s)_setup,
                .destroy = \(s)_destroy,
                .pull = \(s)_pull,
                .state_changed = \(s)_state_changed,
                .setup_for_cycle = \(s)_setup_for_cycle,
                .cycle = \(s)_cycle,
                .exit = \(s)_exit,
                .reset = \(s)_reset,
                .tick = \(s)_tick,
                .get_extension = \(s)_get_extension,
                /* ABI 1.3. position, when set, replaces pull and comes in every phase
                 * (settling, resting, closing too); closed says the header shut. */
                .position = NULL,
                .closed = NULL,
                .exit_with_result = \(s)_exit_with_result,
            };
            return &self->instance;
        }

        /* The one exported symbol: the host dlopens the library and calls it. */
        RH_EXPORT const rh_entry_t *rh_entry(void) {
            static const rh_entry_t entry = {
                .abi_version = {RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH},
                .struct_size = sizeof(rh_entry_t),
                .init = \(s)_init,
                .deinit = \(s)_deinit,
                .style_count = \(s)_style_count,
                .style_descriptor = \(s)_style_descriptor,
                .create = \(s)_create,
                /* ABI 1.4, for a library that makes styles from data files: why a
                 * descriptor is NULL, and the files it reads. Code needs neither. */
                .style_error = NULL,
                .data_paths = NULL,
            };
            return &entry;
        }

        """
    }
}
