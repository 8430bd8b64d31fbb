/*
 * bench_services.c - RefreshHost benchmark plugin (not a broken fixture).
 *
 * Times every host service, each function pointer of rh_host_t, called from
 * C as a style calls it, for `make bench`'s "services" section: its pull
 * callback (entered through the host's dispatcher) runs one round of every
 * service and keeps, per service, the mean and the longest single call. The
 * host reads the table through the one extra export, rh_bench_services.
 *
 * Each call is timed on its own with CLOCK_MONOTONIC, minus what reading the
 * clock costs, so a call that needs a set-up (an open animate block, a layer
 * to remove) is timed without it. Services with a per-frame limit (haptic,
 * announce) get one call a round, the limit; timers fewer, so that a round's
 * pending ones stay far under RH_MAX_TIMERS. A test checks that the table
 * names every member of rh_host_t, by offset, so a new service cannot be
 * left out. The extensions' functions (ABI 1.5) are a second table, read
 * through rh_bench_extension_services (bench_extension_rows.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>
#include <time.h>

#include "refresh_host.h"

static const rh_param_t bench_params[] = {
    { .struct_size = sizeof(rh_param_t), .id = "speed", .label = "Speed", .kind = RH_PARAM_NUMBER,
      .min = 0, .max = 10, .default_number = 1 },
};

#define FIXTURE_NAME "bench_services"
#define FIXTURE_PULL bench_pull
#define FIXTURE_DESCRIPTOR_EXTRA .param_count = 1, .params = bench_params,
#include "fixture_base.h"

/* One row of the table the bench prints. */
typedef struct bench_service {
    const char *name;   /* the rh_host_t member */
    size_t offset;      /* offsetof(rh_host_t, member): what the coverage test compares */
    const char *note;   /* how it is called, when that is not plain */
    uint64_t calls;     /* calls a round */
    double mean_ns;     /* the best round's mean, clock cost subtracted */
    double longest_ns;  /* the longest single call of any round */
    uint64_t failures;  /* calls that did not return RH_OK, over every round */
} bench_service_t;      /* all fields 8 bytes: the host reads it by offset */

/* What the calls act on, made once (untimed) at the first round. */
typedef struct bench_world {
    bool ready;
    rh_layer_t rect, text, path, image_layer, holder, mask, made;
    rh_image_t image, made_image;
    rh_timer_t timer;
    uint32_t i;
} bench_world_t;

static bench_world_t world;

typedef void (*bench_step_fn)(const rh_host_t *host, bench_world_t *w);
typedef rh_status_t (*bench_call_fn)(const rh_host_t *host, bench_world_t *w);

static void no_step(const rh_host_t *host, bench_world_t *w) { (void)host; (void)w; }
static void ignore_completion(void *user, bool finished) { (void)user; (void)finished; }

static const rh_path_element_t square[] = {
    { .op = RH_PATH_MOVE_TO, .p = { 0, 0 } },
    { .op = RH_PATH_LINE_TO, .p = { 20, 0 } },
    { .op = RH_PATH_LINE_TO, .p = { 20, 20 } },
    { .op = RH_PATH_CLOSE },
};
static const rh_color_t blue = { 0.2, 0.4, 0.9, 1 };

/* ---- the calls, one per member; a set-up or clean-up beside it when needed ---- */

static rh_status_t c_get_extension(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->get_extension(h, "com.example.none/1") == NULL ? RH_OK : RH_ERR_INVALID_ARGUMENT;
}
static rh_status_t c_log(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    h->log(h, RH_LOG_DEBUG, "bench");
    return RH_OK;
}
static rh_status_t c_now(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->now(h) >= 0 ? RH_OK : RH_ERR_INVALID_ARGUMENT;
}
static rh_status_t c_layer_create(const rh_host_t *h, bench_world_t *w)
{
    w->made = h->layer_create(h, RH_LAYER_RECT, w->holder);
    return w->made == RH_LAYER_NONE ? RH_ERR_LIMIT : RH_OK;
}
static void remove_made(const rh_host_t *h, bench_world_t *w) { h->layer_remove(h, w->made); }
static void make_layer(const rh_host_t *h, bench_world_t *w) { w->made = h->layer_create(h, RH_LAYER_RECT, w->holder); }
static rh_status_t c_layer_remove(const rh_host_t *h, bench_world_t *w) { return h->layer_remove(h, w->made); }
static rh_status_t c_layer_set(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set(h, w->rect, RH_PROP_POSITION_X, (double)(w->i % 100));
}
static rh_status_t c_layer_get(const rh_host_t *h, bench_world_t *w)
{
    double v;
    return h->layer_get(h, w->rect, RH_PROP_OPACITY, &v);
}
static rh_status_t c_layer_set_color(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set_color(h, w->rect, RH_COLOR_FILL, &blue);
}
static rh_status_t c_layer_set_text(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set_text(h, w->text, w->i % 2 ? "Refreshing" : "Pull to refresh");
}
static rh_status_t c_layer_set_path(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set_path(h, w->path, square, sizeof square / sizeof square[0]);
}
static const rh_timing_t quarter = { .struct_size = sizeof(rh_timing_t), .duration = 0.25, .curve = RH_CURVE_EASE_IN_OUT };
static const rh_timing_t keyframes = { .struct_size = sizeof(rh_timing_t), .duration = 0.25, .curve = RH_CURVE_KEYFRAMES };
static rh_status_t c_animate_begin(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->animate_begin(h, &quarter);
}
static void commit(const rh_host_t *h, bench_world_t *w) { (void)w; h->animate_commit(h, NULL, NULL); }
static void begin_keyframes(const rh_host_t *h, bench_world_t *w) { (void)w; h->animate_begin(h, &keyframes); }
static void begin(const rh_host_t *h, bench_world_t *w) { (void)w; h->animate_begin(h, &quarter); }
static rh_status_t c_animate_keyframe(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->animate_keyframe(h, 0, 0.5);
}
static rh_status_t c_animate_commit(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->animate_commit(h, NULL, NULL);
}
static rh_status_t c_layer_add_animation(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t a = { .struct_size = sizeof a, .property = RH_PROP_OPACITY, .from = 1, .to = 0.5,
                               .duration = 1, .curve = RH_CURVE_LINEAR };
    return h->layer_add_animation(h, w->rect, &a, NULL, NULL);
}
/* Three animations to cancel, as a style's exit finds them: a key-path
 * spin, a keyframe fade and an animate block's move. */
static void add_three(const rh_host_t *h, bench_world_t *w)
{
    rh_basic_animation_t spin = { .struct_size = sizeof spin, .property = RH_PROP_ROTATION, .from = 0, .to = 6.28,
                                  .duration = 1, .curve = RH_CURVE_LINEAR, .repeat_count = INFINITY };
    h->layer_add_animation(h, w->rect, &spin, NULL, NULL);
    double values[] = { 1, 0.2, 1 };
    rh_keyframe_animation_t fade = { .struct_size = sizeof fade, .kind = RH_VALUE_NUMBER, .property = RH_PROP_OPACITY,
                                     .count = 3, .numbers = values, .duration = 1 };
    h->layer_add_keyframe_animation(h, w->rect, &fade, NULL, NULL);
    h->animate_begin(h, &quarter);
    h->layer_set(h, w->rect, RH_PROP_POSITION_Y, (double)(w->i % 50));
    h->animate_commit(h, NULL, NULL);
}
static rh_status_t c_layer_remove_animations(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_remove_animations(h, w->rect);
}
static rh_status_t c_layer_get_color(const rh_host_t *h, bench_world_t *w)
{
    rh_color_t c;
    return h->layer_get_color(h, w->rect, RH_COLOR_FILL, &c);
}
static rh_status_t c_layer_set_gradient(const rh_host_t *h, bench_world_t *w)
{
    rh_gradient_stop_t stops[] = { { .offset = 0, .color = { 1, 0, 0, 1 } }, { .offset = 1, .color = blue } };
    rh_gradient_t g = { .struct_size = sizeof g, .start_x = 0, .start_y = 0, .end_x = 0, .end_y = 1,
                        .stop_count = 2, .stops = stops };
    return h->layer_set_gradient(h, w->path, &g);
}
static rh_status_t c_layer_add_keyframe_animation(const rh_host_t *h, bench_world_t *w)
{
    double values[] = { 1, 0.2, 1 };
    rh_keyframe_animation_t fade = { .struct_size = sizeof fade, .kind = RH_VALUE_NUMBER, .property = RH_PROP_OPACITY,
                                     .count = 3, .numbers = values, .duration = 1 };
    return h->layer_add_keyframe_animation(h, w->rect, &fade, NULL, NULL);
}
static rh_status_t c_layer_get_presentation(const rh_host_t *h, bench_world_t *w)
{
    double v;
    return h->layer_get_presentation(h, w->rect, RH_PROP_OPACITY, &v);
}
static rh_status_t c_layer_get_presentation_color(const rh_host_t *h, bench_world_t *w)
{
    rh_color_t c;
    return h->layer_get_presentation_color(h, w->rect, RH_COLOR_FILL, &c);
}
static rh_status_t c_layer_set_dash(const rh_host_t *h, bench_world_t *w)
{
    const double lengths[] = { 4, 2 };
    return h->layer_set_dash(h, w->path, lengths, 2);
}
static rh_status_t c_layer_set_mask(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set_mask(h, w->holder, w->mask, RH_MASK_ALPHA);
}
static void unmask(const rh_host_t *h, bench_world_t *w) { h->layer_set_mask(h, w->holder, RH_LAYER_NONE, RH_MASK_ALPHA); }
static uint8_t pixels[16 * 16 * 4];
static rh_status_t c_image_create(const rh_host_t *h, bench_world_t *w)
{
    rh_image_pixels_t p = { .struct_size = sizeof p, .width = 16, .height = 16, .stride = 64, .rgba = pixels };
    return h->image_create(h, &p, &w->made_image);
}
static void release_made(const rh_host_t *h, bench_world_t *w) { h->image_release(h, w->made_image); }
static void create_image(const rh_host_t *h, bench_world_t *w) { c_image_create(h, w); }
static rh_status_t c_image_load(const rh_host_t *h, bench_world_t *w)
{
    return h->image_load(h, "assets/bench.png", &w->made_image);
}
static rh_status_t c_image_release(const rh_host_t *h, bench_world_t *w) { return h->image_release(h, w->made_image); }
static rh_status_t c_layer_set_image(const rh_host_t *h, bench_world_t *w)
{
    return h->layer_set_image(h, w->image_layer, w->image);
}
static rh_status_t c_layer_set_image_sequence(const rh_host_t *h, bench_world_t *w)
{
    rh_image_t frames[] = { w->image, w->image };
    rh_image_sequence_t s = { .struct_size = sizeof s, .count = 2, .frames = frames, .frame_duration = 0.1,
                              .repeat_count = INFINITY };
    return h->layer_set_image_sequence(h, w->image_layer, &s, NULL, NULL);
}
static rh_status_t c_pixel_scale(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->pixel_scale(h) > 0 ? RH_OK : RH_ERR_INVALID_ARGUMENT;
}
static rh_status_t c_timer_schedule(const rh_host_t *h, bench_world_t *w)
{
    return h->timer_schedule(h, 10, ignore_completion, NULL, &w->timer);
}
static void schedule(const rh_host_t *h, bench_world_t *w) { c_timer_schedule(h, w); }
static void cancel(const rh_host_t *h, bench_world_t *w) { h->timer_cancel(h, w->timer); }
static rh_status_t c_timer_cancel(const rh_host_t *h, bench_world_t *w) { return h->timer_cancel(h, w->timer); }
static rh_status_t c_layer_set_font(const rh_host_t *h, bench_world_t *w)
{
    rh_font_t f = { .struct_size = sizeof f, .family = w->i % 2 ? "DejaVu Sans" : "DejaVu Serif", .weight = 400 };
    return h->layer_set_font(h, w->text, &f);
}
static rh_status_t c_environment(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    rh_environment_t e = { .struct_size = sizeof e };
    return h->environment(h, &e);
}
static rh_status_t c_param_get(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    rh_param_value_t v = { .struct_size = sizeof v };
    return h->param_get(h, "speed", &v);
}
static rh_status_t c_haptic(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->haptic(h, RH_HAPTIC_SELECTION);
}
static rh_status_t c_announce(const rh_host_t *h, bench_world_t *w)
{
    (void)w;
    return h->announce(h, "3 new posts");
}

/* ---- the table ---- */

#define ROUND_CALLS 2000
#define ROW(member, calls, prepare, call, finish, note) \
    { { #member, offsetof(rh_host_t, member), note, calls, 0, 0, 0 }, prepare, call, finish }

typedef struct bench_row {
    bench_service_t service;
    bench_step_fn prepare; /* untimed, before each call */
    bench_call_fn call;    /* timed */
    bench_step_fn finish;  /* untimed, after each call */
} bench_row_t;

static bench_row_t rows[] = {
    ROW(get_extension, ROUND_CALLS, no_step, c_get_extension, no_step, "an id the host does not have"),
    ROW(log, ROUND_CALLS, no_step, c_log, no_step, "DEBUG"),
    ROW(now, ROUND_CALLS, no_step, c_now, no_step, NULL),
    ROW(layer_create, ROUND_CALLS, no_step, c_layer_create, remove_made, "a RECT"),
    ROW(layer_remove, ROUND_CALLS, make_layer, c_layer_remove, no_step, "a RECT with no children"),
    ROW(layer_set, ROUND_CALLS, no_step, c_layer_set, no_step, "POSITION_X, outside a block"),
    ROW(layer_get, ROUND_CALLS, no_step, c_layer_get, no_step, NULL),
    ROW(layer_set_color, ROUND_CALLS, no_step, c_layer_set_color, no_step, NULL),
    ROW(layer_set_text, ROUND_CALLS, no_step, c_layer_set_text, no_step, "a new text each call"),
    ROW(layer_set_path, ROUND_CALLS, no_step, c_layer_set_path, no_step, "4 elements"),
    ROW(animate_begin, ROUND_CALLS, no_step, c_animate_begin, commit, NULL),
    ROW(animate_keyframe, ROUND_CALLS, begin_keyframes, c_animate_keyframe, commit, NULL),
    ROW(animate_commit, ROUND_CALLS, begin, c_animate_commit, no_step, "an empty block"),
    ROW(layer_add_animation, ROUND_CALLS, no_step, c_layer_add_animation, no_step, "replaces the last one"),
    ROW(layer_remove_animations, ROUND_CALLS, add_three, c_layer_remove_animations, no_step,
        "3 running: key-path, keyframe, block"),
    ROW(layer_get_color, ROUND_CALLS, no_step, c_layer_get_color, no_step, NULL),
    ROW(layer_set_gradient, ROUND_CALLS, no_step, c_layer_set_gradient, no_step, "2 stops"),
    ROW(layer_add_keyframe_animation, ROUND_CALLS, no_step, c_layer_add_keyframe_animation, no_step, "3 numbers"),
    ROW(layer_get_presentation, ROUND_CALLS, no_step, c_layer_get_presentation, no_step, NULL),
    ROW(layer_get_presentation_color, ROUND_CALLS, no_step, c_layer_get_presentation_color, no_step, NULL),
    ROW(layer_set_dash, ROUND_CALLS, no_step, c_layer_set_dash, no_step, "2 lengths"),
    ROW(layer_set_mask, ROUND_CALLS, no_step, c_layer_set_mask, unmask, "ALPHA"),
    ROW(image_create, ROUND_CALLS, no_step, c_image_create, release_made, "16 x 16"),
    ROW(image_load, 200, no_step, c_image_load, release_made, "a 32 x 32 PNG asset"),
    ROW(image_release, ROUND_CALLS, create_image, c_image_release, no_step, NULL),
    ROW(layer_set_image, ROUND_CALLS, no_step, c_layer_set_image, no_step, NULL),
    ROW(layer_set_image_sequence, ROUND_CALLS, no_step, c_layer_set_image_sequence, no_step, "2 frames"),
    ROW(pixel_scale, ROUND_CALLS, no_step, c_pixel_scale, no_step, NULL),
    ROW(timer_schedule, 200, no_step, c_timer_schedule, cancel, "pending ones kept under RH_MAX_TIMERS"),
    ROW(timer_cancel, 200, schedule, c_timer_cancel, no_step, NULL),
    ROW(layer_set_font, 200, no_step, c_layer_set_font, no_step, "two families in turn (fontconfig)"),
    ROW(environment, ROUND_CALLS, no_step, c_environment, no_step, NULL),
    ROW(param_get, ROUND_CALLS, no_step, c_param_get, no_step, "a NUMBER"),
    ROW(haptic, 1, no_step, c_haptic, no_step, "one a round: the per-frame limit"),
    ROW(announce, 1, no_step, c_announce, no_step, "one a round: the per-frame limit"),
};
#define ROW_COUNT (sizeof rows / sizeof rows[0])

#include "bench_extension_rows.h"

static bench_service_t table[ROW_COUNT];
static bench_service_t extension_table[EXTENSION_ROW_COUNT];
static bool measured;

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What two clock reads cost, taken off every timed call. */
static double clock_cost(void)
{
    double best = INFINITY;
    for (int round = 0; round < 5; round++) {
        double total = 0;
        for (int i = 0; i < ROUND_CALLS; i++) {
            double a = seconds();
            total += seconds() - a;
        }
        if (total / ROUND_CALLS < best)
            best = total / ROUND_CALLS;
    }
    return best;
}

static bool make_world(const fixture_t *f)
{
    const rh_host_t *h = f->host;
    world.rect = f->rect;
    world.holder = h->layer_create(h, RH_LAYER_GROUP, f->root);
    world.mask = h->layer_create(h, RH_LAYER_RECT, world.holder);
    world.text = h->layer_create(h, RH_LAYER_TEXT, f->root);
    world.path = h->layer_create(h, RH_LAYER_PATH, f->root);
    world.image_layer = h->layer_create(h, RH_LAYER_IMAGE, f->root);
    for (size_t i = 0; i < sizeof pixels; i++)
        pixels[i] = (uint8_t)(i * 7);
    rh_image_pixels_t p = { .struct_size = sizeof p, .width = 16, .height = 16, .stride = 64, .rgba = pixels };
    return world.holder && world.mask && world.text && world.path && world.image_layer &&
           h->image_create(h, &p, &world.image) == RH_OK && fetch_extensions(h);
}

/* One round of `count` rows into `out`; `fresh` starts their figures afresh. */
static void measure(const rh_host_t *h, bench_row_t *list, size_t count, bench_service_t *out, bool fresh, double cost)
{
    for (size_t r = 0; r < count; r++) {
        bench_row_t *row = &list[r];
        if (fresh) {
            row->service.mean_ns = INFINITY;
            row->service.longest_ns = 0;
            row->service.failures = 0;
        }
        double total = 0, longest = 0;
        for (uint32_t i = 0; i < (uint32_t)row->service.calls; i++) {
            world.i = i;
            row->prepare(h, &world);
            double a = seconds();
            rh_status_t status = row->call(h, &world);
            double t = seconds() - a - cost;
            row->finish(h, &world);
            if (status != RH_OK)
                row->service.failures++;
            total += t;
            if (t > longest)
                longest = t;
        }
        double mean = total / row->service.calls * 1e9;
        if (mean < row->service.mean_ns)
            row->service.mean_ns = mean;
        if (longest * 1e9 > row->service.longest_ns)
            row->service.longest_ns = longest * 1e9;
        out[r] = row->service;
    }
}

/* One round of every service. The pull's distance is the round's number,
 * from 0: round 0 makes the world and starts the table afresh. */
static void bench_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    if (!world.ready) {
        if (!make_world(f)) {
            fixture_logf(f, RH_LOG_ERROR, "bench: could not make its layers");
            return;
        }
        world.ready = true;
    }
    double cost = clock_cost();
    measure(h, rows, ROW_COUNT, table, distance == 0, cost);
    measure(h, extension_rows, EXTENSION_ROW_COUNT, extension_table, distance == 0, cost);
    measured = true;
}

/* The bench's table: every member of rh_host_t that is a function, in the
 * struct's order, with what the rounds so far measured (zeros before). */
__attribute__((visibility("default"))) const bench_service_t *rh_bench_services(uint32_t *count)
{
    *count = (uint32_t)ROW_COUNT;
    if (!measured) {
        for (size_t r = 0; r < ROW_COUNT; r++)
            table[r] = rows[r].service;
    }
    return table;
}

/* The same for every function of every extension table in refresh_host_ext.h,
 * named "<extension>.<member>", at its offset in its table. */
__attribute__((visibility("default"))) const bench_service_t *rh_bench_extension_services(uint32_t *count)
{
    *count = (uint32_t)EXTENSION_ROW_COUNT;
    if (!measured) {
        for (size_t r = 0; r < EXTENSION_ROW_COUNT; r++)
            extension_table[r] = extension_rows[r].service;
    }
    return extension_table;
}
