/* Images and frame sequences: a ball bounces through three PNG frames that
 * ship beside the plugin (assets/ball-N.png), on the host's clock: no call per
 * frame. Beside it, a badge drawn from pixels at the output's pixel scale. */
#include "refresh_host.h"

#include <stdint.h>

struct style {
    const rh_host_t *host;
    rh_layer_t root, ball, badge;
    rh_image_t frames[3], dot;
};
#define STYLE_ID "com.example.frames"
#define STYLE_NAME "Frames"
#define STYLE_SETUP_FOR_CYCLE frames_play
#define STYLE_RESET frames_reset
#include "guide_style.h"

/* A filled circle, `side` pixels square, straight RGBA. */
static rh_image_t make_dot(const rh_host_t *h, uint32_t side)
{
    rh_image_t image = RH_IMAGE_NONE;
    uint8_t *rgba = calloc((size_t)side * side, 4);
    if (!rgba) return image;
    for (uint32_t y = 0; y < side; y++)
        for (uint32_t x = 0; x < side; x++) {
            const double dx = x + 0.5 - side / 2.0, dy = y + 0.5 - side / 2.0;
            uint8_t *p = rgba + 4 * ((size_t)y * side + x);
            p[0] = 30;
            p[1] = 150;
            p[2] = 90;
            p[3] = dx * dx + dy * dy <= side * side / 4.0 ? 255 : 0;
        }
    const rh_image_pixels_t pixels = {sizeof pixels, side, side, 4 * (size_t)side, rgba};
    h->image_create(h, &pixels, &image); /* copied: the buffer is ours to free */
    free(rgba);
    return image;
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const char *paths[3] = {"assets/ball-1.png", "assets/ball-2.png", "assets/ball-3.png"};
    for (int i = 0; i < 3; i++)
        if (h->image_load(h, paths[i], &s->frames[i]) < 0) return false;

    s->ball = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set(h, s->ball, RH_PROP_POSITION_X, 170);
    h->layer_set(h, s->ball, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->ball, RH_PROP_WIDTH, 24);
    h->layer_set(h, s->ball, RH_PROP_HEIGHT, 24);
    h->layer_set_image(h, s->ball, s->frames[0]);

    /* 12 points wide on screen: 12 x pixel_scale pixels, shown at that scale. */
    const double scale = h->pixel_scale(h);
    s->dot = make_dot(h, (uint32_t)(12 * scale + 0.5));
    s->badge = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set(h, s->badge, RH_PROP_POSITION_X, 205);
    h->layer_set(h, s->badge, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->badge, RH_PROP_WIDTH, 24);
    h->layer_set(h, s->badge, RH_PROP_HEIGHT, 24);
    h->layer_set(h, s->badge, RH_PROP_CONTENTS_GRAVITY, RH_GRAVITY_CENTER);
    h->layer_set(h, s->badge, RH_PROP_CONTENTS_SCALE, scale);
    h->layer_set_image(h, s->badge, s->dot);
    return s->ball && s->badge && s->dot;
}

/* Down, middle, up, middle ... 0.125 s a frame: two bounces a cycle, until stopped. */
static void frames_play(struct style *s)
{
    const rh_image_t order[4] = {s->frames[0], s->frames[1], s->frames[2], s->frames[1]};
    const rh_image_sequence_t bounce = {.struct_size = sizeof bounce, .count = 4, .frames = order,
                                        .frame_duration = 0.125, .repeat_count = 2};
    s->host->layer_set_image_sequence(s->host, s->ball, &bounce, NULL, NULL);
}

static void frames_reset(struct style *s) { s->host->layer_set_image(s->host, s->ball, s->frames[0]); }
