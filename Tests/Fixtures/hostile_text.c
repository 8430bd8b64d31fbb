/*
 * hostile_text.c - RefreshHost test fixture.
 *
 * Breaks: a style's strings must be plain text. Its display name, vendor
 * and description, and the line it logs at setup and each cycle, hold an
 * escape sequence (colour, a title change, a screen clear), a carriage
 * return, a newline that starts a forged "Error:" line (after a CR and on
 * its own), and a right-to-left override (U+202E); the test also gives
 * its file a name with an escape sequence in it. Every human output (list,
 * info, the run timeline, the validator's table, errors, the live
 * preview's status line) must show these characters written out, never
 * raw, and whole; JSON must carry them exactly.
 */
#define FIXTURE_NAME "hostile_text"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_CYCLE fixture_cycle

/* \033 is ESC; \342\200\256 is U+202E RIGHT-TO-LEFT OVERRIDE in UTF-8. */
#define HOSTILE_NAME "Hostile\033[31m Text\r\nError: forged name\342\200\256eman\nError: 2nd"
#define HOSTILE_VENDOR "Evil\033]0;pwned\007 Corp"
#define HOSTILE_DESCRIPTION "line one\nError: forged description\rX\033[2J\342\200\256end"
#define HOSTILE_LOG "log\033[31m red\r\nError: forged log line\342\200\256"

#define FIXTURE_STYLES                                                      \
    {                                                                       \
        .struct_size = sizeof(rh_style_descriptor_t),                       \
        .id = "test.fixture.hostile_text",                                  \
        .name = HOSTILE_NAME,                                               \
        .version = "1.0.0",                                                 \
        .vendor = HOSTILE_VENDOR,                                           \
        .description = HOSTILE_DESCRIPTION,                                 \
        .tags = NULL,                                                       \
        .height = 60.0,                                                     \
        .cycle_duration = 0.5,                                              \
        .cycle_delay = 0.0,                                                 \
        .cycle_curve = RH_CURVE_LINEAR,                                     \
        .cycle_spring_damping = 0.8,                                        \
        .cycle_spring_velocity = 1.0,                                       \
        .presentation = RH_PRESENTATION_SLIDE_DOWN,                         \
        .anchor = RH_ANCHOR_TOP,                                            \
    }
#include "fixture_base.h"

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root)) return false;
    fixture_logf(instance->plugin_data, RH_LOG_WARNING, "%s", HOSTILE_LOG);
    return true;
}

static void fixture_cycle(const rh_instance_t *instance)
{
    fixture_logf(instance->plugin_data, RH_LOG_INFO, "%s", HOSTILE_LOG);
}
