/*
 * bad_lifecycle.c - RefreshHost test fixture.
 *
 * Breaks: ABI 1.3's descriptor fields, one rule per style (NaN and huge
 * distances, a maximum below the trigger, unknown trigger and physics
 * values, unknown flags, a huge or NULL parameter list, malformed
 * parameters, bad announcements). The host must refuse each style with one
 * line naming the field, load the library's one good style, and never read
 * past what a field promises.
 */
#include <math.h>
#include "refresh_host.h"

#define LONG_TEXT \
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" \
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" \
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

static const char *const two_choices[] = {"a", "b", NULL};
static const char *const same_choices[] = {"a", "a", NULL};
static const char *const many_choices[] = {
    "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13", "c14", "c15", "c16", "c17",
    "c18", "c19", "c20", "c21", "c22", "c23", "c24", "c25", "c26", "c27", "c28", "c29", "c30", "c31", "c32", "c33",
    NULL};

#define PARAM(...) {.struct_size = sizeof(rh_param_t), __VA_ARGS__}
static const rh_param_t bad_id[] = {PARAM(.id = "Bad Id", .kind = RH_PARAM_BOOL)};
static const rh_param_t empty_range[] = {PARAM(.id = "speed", .kind = RH_PARAM_NUMBER, .min = 2, .max = 1)};
static const rh_param_t nan_default[] = {PARAM(.id = "speed", .kind = RH_PARAM_NUMBER, .min = 0, .max = 1,
                                               .default_number = NAN)};
static const rh_param_t huge_range[] = {PARAM(.id = "speed", .kind = RH_PARAM_NUMBER, .min = 0, .max = 1e300)};
static const rh_param_t no_choices[] = {PARAM(.id = "mode", .kind = RH_PARAM_CHOICE)};
static const rh_param_t twin_choices[] = {PARAM(.id = "mode", .kind = RH_PARAM_CHOICE, .choices = same_choices)};
static const rh_param_t too_many_choices[] = {PARAM(.id = "mode", .kind = RH_PARAM_CHOICE, .choices = many_choices)};
static const rh_param_t choice_out_of_range[] = {
    PARAM(.id = "mode", .kind = RH_PARAM_CHOICE, .choices = two_choices, .default_choice = 7)};
static const rh_param_t text_control[] = {PARAM(.id = "caption", .kind = RH_PARAM_TEXT, .default_text = "one\ntwo")};
static const rh_param_t long_label[] = {PARAM(.id = "caption", .label = LONG_TEXT, .kind = RH_PARAM_TEXT)};
static const rh_param_t unknown_kind[] = {PARAM(.id = "thing", .kind = 42)};
static const rh_param_t bad_colour[] = {PARAM(.id = "tint", .kind = RH_PARAM_COLOR, .default_color = {2, 0, 0, 1})};
static const rh_param_t twice[] = {PARAM(.id = "speed", .kind = RH_PARAM_BOOL), PARAM(.id = "speed", .kind = RH_PARAM_BOOL)};
static const rh_param_t short_param[] = {{.struct_size = 8, .id = "speed", .kind = RH_PARAM_BOOL}};

static const rh_announcements_t tiny_announcements = {.struct_size = 2};
static const rh_announcements_t long_announcement = {.struct_size = sizeof(rh_announcements_t), .refreshing = LONG_TEXT};
static const rh_announcements_t control_announcement = {.struct_size = sizeof(rh_announcements_t), .failure = "bad\x07"};

#define STYLE(ID, ...)                                              \
    {                                                               \
        .struct_size = sizeof(rh_style_descriptor_t),               \
        .id = "test.bad13." ID,                                     \
        .name = ID,                                                 \
        .version = "1.0.0",                                         \
        .height = 60,                                               \
        .cycle_duration = 0.5,                                      \
        .cycle_curve = RH_CURVE_LINEAR,                             \
        .anchor = RH_ANCHOR_TOP,                                    \
        __VA_ARGS__                                                 \
    }
#define FIXTURE_STYLES                                                                     \
    STYLE("good", .trigger_distance = 90, .max_pull = 200, .flags = RH_STYLE_THEMEABLE),  \
    STYLE("nan_trigger", .trigger_distance = NAN),                                         \
    STYLE("huge_trigger", .trigger_distance = 5000),                                       \
    STYLE("low_max", .trigger_distance = 100, .max_pull = 50),                             \
    STYLE("inf_max", .max_pull = INFINITY),                                                \
    STYLE("bad_trigger", .trigger = 7),                                                    \
    STYLE("bad_physics", .physics = -1),                                                   \
    STYLE("bad_presentation", .presentation = 3),                                          \
    STYLE("bad_flags", .flags = 0x100),                                                    \
    STYLE("huge_count", .param_count = 1000000, .params = bad_id),                         \
    STYLE("null_params", .param_count = 2),                                                \
    STYLE("bad_id", .param_count = 1, .params = bad_id),                                   \
    STYLE("empty_range", .param_count = 1, .params = empty_range),                         \
    STYLE("nan_default", .param_count = 1, .params = nan_default),                         \
    STYLE("huge_range", .param_count = 1, .params = huge_range),                           \
    STYLE("no_choices", .param_count = 1, .params = no_choices),                           \
    STYLE("twin_choices", .param_count = 1, .params = twin_choices),                       \
    STYLE("many_choices", .param_count = 1, .params = too_many_choices),                   \
    STYLE("choice_range", .param_count = 1, .params = choice_out_of_range),                \
    STYLE("text_control", .param_count = 1, .params = text_control),                       \
    STYLE("long_label", .param_count = 1, .params = long_label),                           \
    STYLE("unknown_kind", .param_count = 1, .params = unknown_kind),                       \
    STYLE("bad_colour", .param_count = 1, .params = bad_colour),                           \
    STYLE("twice", .param_count = 2, .params = twice),                                     \
    STYLE("short_param", .param_count = 1, .params = short_param),                         \
    STYLE("tiny_announcements", .announcements = &tiny_announcements),                     \
    STYLE("long_announcement", .announcements = &long_announcement),                       \
    STYLE("control_announcement", .announcements = &control_announcement)
#include "fixture_base.h"
