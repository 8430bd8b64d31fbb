/*
 * fixture_base.h - the minimal valid plugin that every test fixture builds on.
 *
 * A fixture is one .c file in this folder that breaks exactly one rule of
 * refresh_host.h. It defines a few of the macros below, includes this header,
 * and then defines the callbacks it named; everything it leaves alone is the
 * minimal valid plugin:
 *
 *   - one style, id "test.fixture.<FIXTURE_NAME>", display name
 *     "Fixture <FIXTURE_NAME>", version "1.0.0", height 60, cycle 0.5 s
 *     linear with no delay, slide-down presentation, anchor top;
 *   - setup makes one 20 x 20 RECT under the root, destroy frees the
 *     instance, exit calls done at once, and nothing else (no pull, no init,
 *     no deinit);
 *   - the entry declares this header's ABI version and is exported as
 *     rh_entry, the only symbol the library exports.
 *
 * Macros a fixture may define BEFORE including this header:
 *
 *   FIXTURE_NAME        "done_twice": names the style (see above). Required
 *                       unless FIXTURE_STYLES is given.
 *   FIXTURE_ID          the style's id. Default "test.fixture." FIXTURE_NAME.
 *   FIXTURE_ANCHOR      the anchor of every style. Default RH_ANCHOR_TOP.
 *   FIXTURE_STYLES      the whole descriptor list, as comma-separated
 *                       FIXTURE_STYLE(id, display name, height) items.
 *                       Default: one style from the macros above.
 *   FIXTURE_ABI_MAJOR   abi_version.major. Default RH_ABI_VERSION_MAJOR.
 *   FIXTURE_ABI_MINOR   abi_version.minor. Default RH_ABI_VERSION_MINOR.
 *   FIXTURE_ENTRY_NAME  the name of the exported entry function. Default
 *                       rh_entry.
 *   FIXTURE_CYCLE_DURATION  every style's cycle_duration. Default 0.5.
 *   FIXTURE_INSTANCE_EXTRA  more designated initialisers for the instance
 *                       table (ABI 1.3's `.position = f,`), each followed by
 *                       a comma; the functions must be declared before the
 *                       include. Default none.
 *   FIXTURE_PRESENTATION  every style's presentation. Default
 *                       RH_PRESENTATION_SLIDE_DOWN.
 *   FIXTURE_TAGS        every style's tags (a NULL-terminated array). Default NULL.
 *   FIXTURE_DESCRIPTOR_EXTRA  more designated initialisers for every
 *                       descriptor, each followed by a comma (ABI 1.3's
 *                       `.flags = RH_STYLE_REDUCED_MOTION,`). Default none.
 *
 * and these, each the NAME OF A FUNCTION the fixture defines after the
 * include (this header declares it, static, with the signature shown):
 *
 *   FIXTURE_INIT     bool f(const char *library_path)          default: none
 *   FIXTURE_DEINIT   void f(void)                              default: none
 *   FIXTURE_SETUP    bool f(const rh_instance_t *instance, rh_layer_t root)
 *                                                 default: fixture_base_setup
 *   FIXTURE_DESTROY  void f(const rh_instance_t *instance)
 *                                               default: fixture_base_destroy
 *   FIXTURE_PULL     void f(const rh_instance_t *instance, double distance,
 *                           double ratio, double velocity)     default: none
 *   FIXTURE_EXIT     void f(const rh_instance_t *instance, rh_done_fn done)
 *                                                  default: fixture_base_exit
 *   FIXTURE_STATE_CHANGED  void f(const rh_instance_t *instance,
 *                                 rh_state_t old_state, rh_state_t new_state)
 *                                                            default: none
 *   FIXTURE_SETUP_FOR_CYCLE  void f(const rh_instance_t *)   default: none
 *   FIXTURE_CYCLE            void f(const rh_instance_t *)   default: none
 *   FIXTURE_RESET            void f(const rh_instance_t *)   default: none
 *   FIXTURE_STYLE_DESCRIPTOR  const rh_style_descriptor_t *f(uint32_t index)
 *                                    default: fixture_base_style_descriptor
 *
 * and FIXTURE_ACCEPT_ANY_ID (defined, no value): create() makes the first
 * style for any id instead of returning NULL for an unknown one.
 *
 * A replacement may call the default it replaces (fixture_base_setup, ...)
 * to do the usual work and add its own. fixture_logf() logs a formatted
 * line through the host. Every fixture is built, by the tests, with
 *
 *   cc -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -o lib<name>.so <name>.c -pthread
 *
 * so this header emits no warning whichever of its parts a fixture uses.
 */
#ifndef FIXTURE_BASE_H
#define FIXTURE_BASE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_host.h"

/* The base's own functions: a fixture may use or replace each of them. */
#define FIXTURE_UNUSED __attribute__((unused))

/* One style instance. calloc'd by create, so every field starts zeroed. */
typedef struct fixture {
    rh_instance_t instance; /* instance.plugin_data points back here */
    const rh_host_t *host;
    rh_layer_t root;        /* set by fixture_base_setup */
    rh_layer_t rect;        /* the 20 x 20 RECT, set by fixture_base_setup */
    rh_done_fn done;        /* unused by the base: for a fixture that keeps
                               exit's done to call it later */
    int cycles;             /* unused by the base: a fixture's own counter */
    void *extra;            /* unused by the base: a fixture's own state (it frees it) */
} fixture_t;

/* ------------------------------------------------------------------------ */
/* The minimal plugin's callbacks                                            */
/* ------------------------------------------------------------------------ */

/* Makes one 20 x 20 RECT under the root. */
FIXTURE_UNUSED static bool fixture_base_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    f->root = root;
    f->rect = f->host->layer_create(f->host, RH_LAYER_RECT, root);
    if (f->rect == RH_LAYER_NONE)
        return false;
    f->host->layer_set(f->host, f->rect, RH_PROP_WIDTH, 20.0);
    f->host->layer_set(f->host, f->rect, RH_PROP_HEIGHT, 20.0);
    return true;
}

/* Frees the instance. */
FIXTURE_UNUSED static void fixture_base_destroy(const rh_instance_t *instance)
{
    free(instance->plugin_data);
}

/* No exit animation: calls done before returning. */
FIXTURE_UNUSED static void fixture_base_exit(const rh_instance_t *instance, rh_done_fn done)
{
    (void)instance;
    done();
}

/* Logs one printf-formatted line through the host. */
FIXTURE_UNUSED __attribute__((format(printf, 3, 4))) static void
fixture_logf(const fixture_t *f, rh_log_level_t level, const char *format, ...)
{
    char line[128];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    f->host->log(f->host, level, line);
}

/* ------------------------------------------------------------------------ */
/* The fixture's replacements: declared here, defined after the include      */
/* ------------------------------------------------------------------------ */

#ifdef FIXTURE_INIT
static bool FIXTURE_INIT(const char *library_path);
#else
#define FIXTURE_INIT NULL
#endif

#ifdef FIXTURE_DEINIT
static void FIXTURE_DEINIT(void);
#else
#define FIXTURE_DEINIT NULL
#endif

#ifdef FIXTURE_SETUP
static bool FIXTURE_SETUP(const rh_instance_t *instance, rh_layer_t root);
#else
#define FIXTURE_SETUP fixture_base_setup
#endif

#ifdef FIXTURE_DESTROY
static void FIXTURE_DESTROY(const rh_instance_t *instance);
#else
#define FIXTURE_DESTROY fixture_base_destroy
#endif

#ifdef FIXTURE_PULL
static void FIXTURE_PULL(const rh_instance_t *instance, double distance, double ratio,
                         double velocity);
#else
#define FIXTURE_PULL NULL
#endif

#ifdef FIXTURE_EXIT
static void FIXTURE_EXIT(const rh_instance_t *instance, rh_done_fn done);
#else
#define FIXTURE_EXIT fixture_base_exit
#endif

#ifdef FIXTURE_STATE_CHANGED
static void FIXTURE_STATE_CHANGED(const rh_instance_t *instance, rh_state_t old_state, rh_state_t new_state);
#else
#define FIXTURE_STATE_CHANGED NULL
#endif

#ifdef FIXTURE_SETUP_FOR_CYCLE
static void FIXTURE_SETUP_FOR_CYCLE(const rh_instance_t *instance);
#else
#define FIXTURE_SETUP_FOR_CYCLE NULL
#endif

#ifdef FIXTURE_CYCLE
static void FIXTURE_CYCLE(const rh_instance_t *instance);
#else
#define FIXTURE_CYCLE NULL
#endif

#ifdef FIXTURE_RESET
static void FIXTURE_RESET(const rh_instance_t *instance);
#else
#define FIXTURE_RESET NULL
#endif

#ifdef FIXTURE_STYLE_DESCRIPTOR
static const rh_style_descriptor_t *FIXTURE_STYLE_DESCRIPTOR(uint32_t index);
#else
#define FIXTURE_STYLE_DESCRIPTOR fixture_base_style_descriptor
#endif

/* ------------------------------------------------------------------------ */
/* Descriptors                                                               */
/* ------------------------------------------------------------------------ */

#ifndef FIXTURE_ANCHOR
#define FIXTURE_ANCHOR RH_ANCHOR_TOP
#endif

#ifndef FIXTURE_CYCLE_DURATION
#define FIXTURE_CYCLE_DURATION 0.5
#endif

/* More designated initialisers for every descriptor (ABI 1.3's fields, say
 * `.flags = RH_STYLE_REDUCED_MOTION,`), each followed by a comma. */
#ifndef FIXTURE_TAGS
#define FIXTURE_TAGS NULL
#endif
#ifndef FIXTURE_DESCRIPTOR_EXTRA
#define FIXTURE_DESCRIPTOR_EXTRA
#endif
#ifndef FIXTURE_PRESENTATION
#define FIXTURE_PRESENTATION RH_PRESENTATION_SLIDE_DOWN
#endif

/* One style's descriptor: everything but id, display name and height is
 * the same for every fixture. */
#define FIXTURE_STYLE(ID, NAME, HEIGHT)                                     \
    {                                                                       \
        .struct_size = sizeof(rh_style_descriptor_t),                       \
        .id = ID,                                                           \
        .name = NAME,                                                       \
        .version = "1.0.0",                                                 \
        .vendor = "RefreshHost tests",                                      \
        .description = "A test fixture; see Tests/Fixtures/README.md.",     \
        .tags = FIXTURE_TAGS,                                               \
        .height = HEIGHT,                                                   \
        .cycle_duration = FIXTURE_CYCLE_DURATION,                           \
        .cycle_delay = 0.0,                                                 \
        .cycle_curve = RH_CURVE_LINEAR,                                     \
        .cycle_spring_damping = 0.8,                                        \
        .cycle_spring_velocity = 1.0,                                       \
        .presentation = FIXTURE_PRESENTATION,                               \
        .anchor = FIXTURE_ANCHOR,                                           \
        FIXTURE_DESCRIPTOR_EXTRA                                            \
    }

#ifndef FIXTURE_STYLES
#ifndef FIXTURE_NAME
#error "define FIXTURE_NAME (or FIXTURE_STYLES) before including fixture_base.h"
#endif
#ifndef FIXTURE_ID
#define FIXTURE_ID "test.fixture." FIXTURE_NAME
#endif
#define FIXTURE_STYLES FIXTURE_STYLE(FIXTURE_ID, "Fixture " FIXTURE_NAME, 60.0)
#endif

static const rh_style_descriptor_t fixture_descriptors[] = { FIXTURE_STYLES };

#define FIXTURE_STYLE_COUNT ((uint32_t)(sizeof fixture_descriptors / sizeof fixture_descriptors[0]))

/* ------------------------------------------------------------------------ */
/* The entry                                                                 */
/* ------------------------------------------------------------------------ */

static uint32_t fixture_style_count(void)
{
    return FIXTURE_STYLE_COUNT;
}

FIXTURE_UNUSED static const rh_style_descriptor_t *fixture_base_style_descriptor(uint32_t index)
{
    return index < FIXTURE_STYLE_COUNT ? &fixture_descriptors[index] : NULL;
}

/* Makes an instance of the style `style_id`; NULL for an unknown id. */
static const rh_instance_t *fixture_create(const rh_host_t *host, const char *style_id)
{
    if (host == NULL || style_id == NULL)
        return NULL;
    uint32_t index = 0;
    while (index < FIXTURE_STYLE_COUNT && strcmp(style_id, fixture_descriptors[index].id) != 0)
        index++;
    if (index == FIXTURE_STYLE_COUNT) {
#ifdef FIXTURE_ACCEPT_ANY_ID
        index = 0; /* deliberately: any id makes the first style */
#else
        return NULL; /* unknown id */
#endif
    }
    fixture_t *f = calloc(1, sizeof *f);
    if (f == NULL)
        return NULL;
    f->host = host;
    f->instance = (rh_instance_t){
        .struct_size = sizeof(rh_instance_t),
        .plugin_data = f,
        .setup = FIXTURE_SETUP,
        .destroy = FIXTURE_DESTROY,
        .pull = FIXTURE_PULL,
        .exit = FIXTURE_EXIT,
        .state_changed = FIXTURE_STATE_CHANGED,
        .setup_for_cycle = FIXTURE_SETUP_FOR_CYCLE,
        .cycle = FIXTURE_CYCLE,
        .reset = FIXTURE_RESET,
#ifdef FIXTURE_INSTANCE_EXTRA
        FIXTURE_INSTANCE_EXTRA
#endif
    };
    return &f->instance;
}

#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR RH_ABI_VERSION_MAJOR
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR RH_ABI_VERSION_MINOR
#endif

static const rh_entry_t fixture_entry = {
    .abi_version = { FIXTURE_ABI_MAJOR, FIXTURE_ABI_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = FIXTURE_INIT,
    .deinit = FIXTURE_DEINIT,
    .style_count = fixture_style_count,
    .style_descriptor = FIXTURE_STYLE_DESCRIPTOR,
    .create = fixture_create,
};

#ifndef FIXTURE_ENTRY_NAME
#define FIXTURE_ENTRY_NAME rh_entry
#endif

/* The one exported symbol (a prototype too, for a name other than rh_entry). */
RH_EXPORT const rh_entry_t *FIXTURE_ENTRY_NAME(void);

RH_EXPORT const rh_entry_t *FIXTURE_ENTRY_NAME(void)
{
    return &fixture_entry;
}

#endif /* FIXTURE_BASE_H */
