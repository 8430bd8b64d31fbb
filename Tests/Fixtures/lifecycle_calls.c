/*
 * lifecycle_calls.c - RefreshHost test fixture.
 *
 * Breaks: nothing on its own calls; then every rule of ABI 1.3's services.
 * It declares a trigger distance (90) apart from its height (60), a max
 * pull, the on-reach trigger, smart physics, every flag but footer,
 * announcements and three parameters, and implements position, closed and
 * exit_with_result. setup reads the environment and every parameter, then
 * calls the services badly (environment with struct_size 0 and NULL,
 * param_get with an unknown id and NULL, haptic kind 99, announce NULL,
 * empty, 300 bytes, not UTF-8, a control character); the first tick asks
 * for two haptics and two announcements (the second of each is over the
 * one-per-frame limit). It logs each as `<label> status=<n>`, and each
 * callback's arguments.
 */
#include "refresh_host.h"

static const rh_announcements_t calls_announcements = {
    .struct_size = sizeof(rh_announcements_t),
    .refreshing = "Loading posts",
    .failure = "Could not load posts",
};
static const char *const calls_choices[] = { "slow", "fast", NULL };
static const rh_param_t calls_params[] = {
    { .struct_size = sizeof(rh_param_t), .id = "speed", .label = "Spin speed", .kind = RH_PARAM_NUMBER,
      .min = 0.5, .max = 4, .default_number = 1 },
    { .struct_size = sizeof(rh_param_t), .id = "mode", .kind = RH_PARAM_CHOICE, .choices = calls_choices,
      .default_choice = 1 },
    { .struct_size = sizeof(rh_param_t), .id = "caption", .kind = RH_PARAM_TEXT, .default_text = "hello" },
};

#define FIXTURE_NAME "lifecycle_calls"
#define FIXTURE_DESCRIPTOR_EXTRA                                                                       \
    .trigger_distance = 90, .max_pull = 200, .trigger = RH_TRIGGER_ON_REACH, .physics = RH_PHYSICS_SMART, \
    .flags = RH_STYLE_THEMEABLE | RH_STYLE_REDUCED_MOTION | RH_STYLE_EXIT_WHILE_CLOSING,                  \
    .announcements = &calls_announcements, .param_count = 3, .params = calls_params,
#define FIXTURE_SETUP calls_setup
#define FIXTURE_EXIT calls_exit
static void calls_position(const rh_instance_t *instance, const rh_pull_t *pull);
static void calls_closed(const rh_instance_t *instance);
static void calls_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done);
static void calls_tick(const rh_instance_t *instance, double time, double dt);
#define FIXTURE_INSTANCE_EXTRA                                                                         \
    .tick = calls_tick, .position = calls_position, .closed = calls_closed,                             \
    .exit_with_result = calls_exit_with_result,
#include "fixture_base.h"

static void calls_position(const rh_instance_t *instance, const rh_pull_t *pull)
{
    const fixture_t *f = instance->plugin_data;
    fixture_logf(f, RH_LOG_INFO, "position phase=%d distance=%.1f ratio=%.2f finger=%s", (int)pull->phase,
                 pull->distance, pull->ratio, pull->finger_x == pull->finger_x ? "yes" : "nan");
}

static void calls_closed(const rh_instance_t *instance)
{
    fixture_logf(instance->plugin_data, RH_LOG_INFO, "closed");
}

static void calls_exit(const rh_instance_t *instance, rh_done_fn done)
{
    fixture_logf(instance->plugin_data, RH_LOG_INFO, "plain exit");
    done();
}

static void calls_exit_with_result(const rh_instance_t *instance, const rh_refresh_result_t *result, rh_done_fn done)
{
    fixture_logf(instance->plugin_data, RH_LOG_INFO, "exit result=%d message=%s", (int)result->kind,
                 result->message ? result->message : "(none)");
    done();
}

static void calls_status(const fixture_t *f, const char *label, rh_status_t status)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)status);
}

static void calls_tick(const rh_instance_t *instance, double time, double dt)
{
    (void)time;
    fixture_t *f = instance->plugin_data;
    if (dt <= 0 || f->cycles++ != 0)
        return;
    calls_status(f, "haptic", f->host->haptic(f->host, RH_HAPTIC_SUCCESS));
    calls_status(f, "haptic again", f->host->haptic(f->host, RH_HAPTIC_LIGHT));
    calls_status(f, "announce", f->host->announce(f->host, "3 new posts"));
    calls_status(f, "announce again", f->host->announce(f->host, "4 new posts"));
}

static bool calls_setup(const rh_instance_t *instance, rh_layer_t root)
{
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    if (!fixture_base_setup(instance, root))
        return false;
    rh_environment_t env = { .struct_size = sizeof env };
    calls_status(f, "environment", h->environment(h, &env));
    fixture_logf(f, RH_LOG_INFO, "env trigger=%.0f rest=%.0f max=%.0f policy=%d physics=%d reduce=%d dark=%d",
                 env.trigger_distance, env.resting_height, env.max_pull, (int)env.trigger, (int)env.physics,
                 (int)env.reduce_motion, (int)env.theme.dark);
    rh_environment_t small = { .struct_size = 0 };
    calls_status(f, "environment size 0", h->environment(h, &small));
    calls_status(f, "environment NULL", h->environment(h, NULL));
    rh_param_value_t v = { .struct_size = sizeof v };
    calls_status(f, "param speed", h->param_get(h, "speed", &v));
    fixture_logf(f, RH_LOG_INFO, "speed=%.2f", v.number);
    calls_status(f, "param mode", h->param_get(h, "mode", &v));
    fixture_logf(f, RH_LOG_INFO, "mode=%u", v.choice);
    calls_status(f, "param caption", h->param_get(h, "caption", &v));
    fixture_logf(f, RH_LOG_INFO, "caption=%s", v.text ? v.text : "(null)");
    calls_status(f, "param unknown", h->param_get(h, "nope", &v));
    calls_status(f, "param NULL", h->param_get(h, NULL, &v));
    calls_status(f, "haptic 99", h->haptic(h, 99));
    calls_status(f, "announce NULL", h->announce(h, NULL));
    calls_status(f, "announce empty", h->announce(h, ""));
    char long_text[301];
    memset(long_text, 'a', 300);
    long_text[300] = '\0';
    calls_status(f, "announce 300 bytes", h->announce(h, long_text));
    calls_status(f, "announce not UTF-8", h->announce(h, "bad \xff\xfe"));
    calls_status(f, "announce control", h->announce(h, "line\nbreak"));
    return true;
}
