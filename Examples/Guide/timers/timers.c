/* Timers: "Still working..." appears if a refresh lasts longer than 1.5 s.
 * One host timer, cancelled when the refresh ends first: no polling in tick. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, note;
    rh_timer_t slow;
};
#define STYLE_ID "com.example.timers"
#define STYLE_NAME "Timers"
#define STYLE_STATE_CHANGED timers_state
#define STYLE_RESET timers_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    s->note = h->layer_create(h, RH_LAYER_TEXT, root);
    h->layer_set(h, s->note, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->note, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->note, RH_PROP_WIDTH, 200);
    h->layer_set(h, s->note, RH_PROP_HEIGHT, 24);
    h->layer_set(h, s->note, RH_PROP_OPACITY, 0);
    h->layer_set_text(h, s->note, "Still working...");
    return s->note != RH_LAYER_NONE;
}

/* finished is false when the timer was cancelled: then there is nothing to show. */
static void timers_slow(void *user, bool finished)
{
    struct style *s = user;
    s->slow = RH_TIMER_NONE;
    if (!finished) return;
    const rh_timing_t fade_in = {.struct_size = sizeof fade_in, .duration = 0.3, .curve = RH_CURVE_EASE_OUT};
    if (s->host->animate_begin(s->host, &fade_in) < 0) return;
    s->host->layer_set(s->host, s->note, RH_PROP_OPACITY, 1);
    s->host->animate_commit(s->host, NULL, NULL);
}

static void timers_state(struct style *s, rh_state_t new_state)
{
    if (new_state == RH_STATE_REFRESHING)
        s->host->timer_schedule(s->host, 1.5, timers_slow, s, &s->slow);
    else if (new_state == RH_STATE_EXITING && s->slow != RH_TIMER_NONE)
        s->host->timer_cancel(s->host, s->slow); /* timers_slow(s, false) follows */
}

static void timers_reset(struct style *s)
{
    s->host->layer_remove_animations(s->host, s->note);
    s->host->layer_set(s->host, s->note, RH_PROP_OPACITY, 0);
}
