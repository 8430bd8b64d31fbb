/* Environment: dots in the app's colours, as many as the user asks, calm when asked. */
#include "refresh_host.h"

#define MAX_DOTS 7
struct style {
    const rh_host_t *host;
    rh_layer_t root, dot[MAX_DOTS];
    int count;
    bool calm;
};
static const rh_param_t params[] = {
    {.struct_size = sizeof(rh_param_t), .id = "dots", .label = "Dots", .kind = RH_PARAM_NUMBER,
     .min = 3, .max = MAX_DOTS, .default_number = 3},
};
#define STYLE_ID "com.example.dots"
#define STYLE_NAME "Dots"
#define STYLE_DESCRIPTOR_EXTRA \
    .flags = RH_STYLE_THEMEABLE | RH_STYLE_REDUCED_MOTION, .param_count = 1, .params = params,
#define STYLE_SETUP_FOR_CYCLE dots_cycle
#define STYLE_RESET dots_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    rh_environment_t env = {.struct_size = sizeof env};
    rh_param_value_t dots = {.struct_size = sizeof dots};
    if (h->environment(h, &env) < 0 || h->param_get(h, "dots", &dots) < 0) return false;
    s->calm = env.reduce_motion;
    s->count = (int)dots.number; /* 3 to 7: the host kept it in range */
    for (int i = 0; i < s->count; i++) {
        s->dot[i] = h->layer_create(h, RH_LAYER_ELLIPSE, root);
        h->layer_set(h, s->dot[i], RH_PROP_POSITION_X, 187.5 + (i - (s->count - 1) / 2.0) * 22);
        h->layer_set(h, s->dot[i], RH_PROP_POSITION_Y, 40);
        h->layer_set(h, s->dot[i], RH_PROP_WIDTH, 12);
        h->layer_set(h, s->dot[i], RH_PROP_HEIGHT, 12);
        /* Themeable: alternate the theme's primary and accent colours. */
        h->layer_set_color(h, s->dot[i], RH_COLOR_FILL, i % 2 ? &env.theme.accent : &env.theme.primary);
        if (s->dot[i] == RH_LAYER_NONE) return false;
    }
    return true;
}

/* A wave through the dots: each hops 8 pt in turn; with reduce-motion each
 * fades instead, since fades are calm and a hop is not. */
static void dots_cycle(struct style *s)
{
    for (int i = 0; i < s->count; i++) {
        const rh_basic_animation_t hop = {
            .struct_size = sizeof hop, .property = s->calm ? RH_PROP_OPACITY : RH_PROP_POSITION_Y,
            .from = s->calm ? 1 : 40, .to = s->calm ? 0.3 : 32, .duration = 0.25,
            .delay = i * 0.5 / s->count, .curve = RH_CURVE_EASE_IN_OUT, .autoreverse = true};
        s->host->layer_add_animation(s->host, s->dot[i], &hop, NULL, NULL);
    }
}

static void dots_reset(struct style *s)
{
    for (int i = 0; i < s->count; i++) s->host->layer_remove_animations(s->host, s->dot[i]);
}
