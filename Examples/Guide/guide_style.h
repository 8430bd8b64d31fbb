/*
 * guide_style.h - the boilerplate of the guide's chapter 5 (entry,
 * descriptor, create, destroy), shared by the chapter examples in
 * Examples/Guide so that each shows only its own ability.
 *
 * An example includes refresh_host.h, defines `struct style` (its first
 * member `const rh_host_t *host`, and `rh_layer_t root`), STYLE_ID and
 * STYLE_NAME, and the names of the hooks it has, then includes this file and
 * defines those hooks. Every hook takes the instance's `struct style *`:
 *
 *   style_setup(s, root) -> bool      required: build the layers
 *   STYLE_PULL           void f(struct style *, double ratio)
 *   STYLE_STATE_CHANGED  void f(struct style *, rh_state_t new_state)
 *   STYLE_SETUP_FOR_CYCLE, STYLE_CYCLE, STYLE_RESET, STYLE_DESTROY
 *                        void f(struct style *)   (DESTROY: before the free)
 *   STYLE_EXIT           void f(struct style *, rh_done_fn done)
 *                        (without it, exit calls done at once)
 *
 * ABI 1.3's hooks (chapter 11), each optional:
 *   STYLE_POSITION       void f(struct style *, const rh_pull_t *pull)
 *                        (called in every phase instead of STYLE_PULL)
 *   STYLE_EXIT_WITH_RESULT  void f(struct style *, const rh_refresh_result_t *,
 *                        rh_done_fn done)   (called instead of STYLE_EXIT)
 *   STYLE_CLOSED         void f(struct style *)
 *
 * STYLE_HEIGHT (80), STYLE_CYCLE_DURATION (1.0) and STYLE_PRESENTATION
 * (RH_PRESENTATION_SLIDE_DOWN) may be defined too, and
 * STYLE_DESCRIPTOR_EXTRA: more designated initialisers for the descriptor
 * (ABI 1.3's `.flags = RH_STYLE_THEMEABLE,`), each followed by a comma. The
 * descriptor's cycle curve is linear.
 */
#ifndef GUIDE_STYLE_H
#define GUIDE_STYLE_H

#include <stdlib.h>
#include <string.h>

#ifndef STYLE_HEIGHT
#define STYLE_HEIGHT 80
#endif
#ifndef STYLE_CYCLE_DURATION
#define STYLE_CYCLE_DURATION 1.0
#endif
#ifndef STYLE_DESCRIPTOR_EXTRA
#define STYLE_DESCRIPTOR_EXTRA
#endif
#ifndef STYLE_PRESENTATION
#define STYLE_PRESENTATION RH_PRESENTATION_SLIDE_DOWN
#endif

static bool style_setup(struct style *s, rh_layer_t root);
static struct style *style_of(const rh_instance_t *i) { return (struct style *)i->plugin_data; }

static bool guide_setup(const rh_instance_t *i, rh_layer_t root)
{
    style_of(i)->root = root;
    return style_setup(style_of(i), root);
}

#ifdef STYLE_DESTROY
static void STYLE_DESTROY(struct style *);
#endif
static void guide_destroy(const rh_instance_t *i)
{
#ifdef STYLE_DESTROY
    STYLE_DESTROY(style_of(i));
#endif
    free(style_of(i));
    free((void *)i);
}

#ifdef STYLE_PULL
static void STYLE_PULL(struct style *, double ratio);
static void guide_pull(const rh_instance_t *i, double distance, double ratio, double velocity)
{
    (void)distance;
    (void)velocity;
    STYLE_PULL(style_of(i), ratio);
}
#define GUIDE_PULL guide_pull
#else
#define GUIDE_PULL NULL
#endif

#ifdef STYLE_STATE_CHANGED
static void STYLE_STATE_CHANGED(struct style *, rh_state_t new_state);
static void guide_state_changed(const rh_instance_t *i, rh_state_t old_state, rh_state_t new_state)
{
    (void)old_state;
    STYLE_STATE_CHANGED(style_of(i), new_state);
}
#define GUIDE_STATE_CHANGED guide_state_changed
#else
#define GUIDE_STATE_CHANGED NULL
#endif

/* setup_for_cycle, cycle and reset: void f(struct style *). */
#define GUIDE_HOOK(name, hook)                                         \
    static void hook(struct style *);                                  \
    static void name(const rh_instance_t *i) { hook(style_of(i)); }
#ifdef STYLE_SETUP_FOR_CYCLE
GUIDE_HOOK(guide_setup_for_cycle, STYLE_SETUP_FOR_CYCLE)
#define GUIDE_SETUP_FOR_CYCLE guide_setup_for_cycle
#else
#define GUIDE_SETUP_FOR_CYCLE NULL
#endif
#ifdef STYLE_CYCLE
GUIDE_HOOK(guide_cycle, STYLE_CYCLE)
#define GUIDE_CYCLE guide_cycle
#else
#define GUIDE_CYCLE NULL
#endif
#ifdef STYLE_RESET
GUIDE_HOOK(guide_reset, STYLE_RESET)
#define GUIDE_RESET guide_reset
#else
#define GUIDE_RESET NULL
#endif

#ifdef STYLE_EXIT
static void STYLE_EXIT(struct style *, rh_done_fn done);
static void guide_exit(const rh_instance_t *i, rh_done_fn done) { STYLE_EXIT(style_of(i), done); }
#else
static void guide_exit(const rh_instance_t *i, rh_done_fn done)
{
    (void)i;
    done();
}
#endif

#ifdef STYLE_POSITION
static void STYLE_POSITION(struct style *, const rh_pull_t *pull);
static void guide_position(const rh_instance_t *i, const rh_pull_t *pull) { STYLE_POSITION(style_of(i), pull); }
#define GUIDE_POSITION guide_position
#else
#define GUIDE_POSITION NULL
#endif
#ifdef STYLE_EXIT_WITH_RESULT
static void STYLE_EXIT_WITH_RESULT(struct style *, const rh_refresh_result_t *result, rh_done_fn done);
static void guide_exit_with_result(const rh_instance_t *i, const rh_refresh_result_t *result, rh_done_fn done)
{
    STYLE_EXIT_WITH_RESULT(style_of(i), result, done);
}
#define GUIDE_EXIT_WITH_RESULT guide_exit_with_result
#else
#define GUIDE_EXIT_WITH_RESULT NULL
#endif
#ifdef STYLE_CLOSED
GUIDE_HOOK(guide_closed, STYLE_CLOSED)
#define GUIDE_CLOSED guide_closed
#else
#define GUIDE_CLOSED NULL
#endif

static const rh_style_descriptor_t guide_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = STYLE_ID,
    .name = STYLE_NAME,
    .version = "1.0.0",
    .description = "An example from the guide, docs/writing-a-style.md.",
    .height = STYLE_HEIGHT,
    .cycle_duration = STYLE_CYCLE_DURATION,
    .cycle_curve = RH_CURVE_LINEAR,
    .presentation = STYLE_PRESENTATION,
    .anchor = RH_ANCHOR_TOP,
    STYLE_DESCRIPTOR_EXTRA
};

static uint32_t guide_style_count(void) { return 1; }
static const rh_style_descriptor_t *guide_style_descriptor(uint32_t index)
{
    return index == 0 ? &guide_descriptor : NULL;
}

static const rh_instance_t *guide_create(const rh_host_t *host, const char *id)
{
    if (!host || !id || strcmp(id, STYLE_ID) != 0) return NULL;
    struct style *s = calloc(1, sizeof *s);
    rh_instance_t *i = calloc(1, sizeof *i);
    if (!s || !i) {
        free(s);
        free(i);
        return NULL;
    }
    s->host = host;
    *i = (rh_instance_t){
        .struct_size = sizeof *i, .plugin_data = s, .setup = guide_setup, .destroy = guide_destroy,
        .pull = GUIDE_PULL, .state_changed = GUIDE_STATE_CHANGED, .setup_for_cycle = GUIDE_SETUP_FOR_CYCLE,
        .cycle = GUIDE_CYCLE, .exit = guide_exit, .reset = GUIDE_RESET,
        .position = GUIDE_POSITION, .closed = GUIDE_CLOSED, .exit_with_result = GUIDE_EXIT_WITH_RESULT,
    };
    return i;
}

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    static const rh_entry_t entry = {
        .abi_version = {RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH},
        .struct_size = sizeof(rh_entry_t),
        .style_count = guide_style_count,
        .style_descriptor = guide_style_descriptor,
        .create = guide_create,
    };
    return &entry;
}

#endif /* GUIDE_STYLE_H */
