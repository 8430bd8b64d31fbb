/* Masks: a wave of colour seen through the shape of a heart. The mask is a
 * child of the masked layer; moving the stripes inside it needs no new path. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, window, stripes, heart;
};
#define STYLE_ID "com.example.masks"
#define STYLE_NAME "Masks"
#define STYLE_PULL masks_pull
#define STYLE_RESET masks_reset
#include "guide_style.h"

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t pale = {0.95, 0.85, 0.88, 1}, red = {0.9, 0.15, 0.3, 1};
    const rh_path_element_t heart[] = {
        {RH_PATH_MOVE_TO, {20, 36}},
        {RH_PATH_CURVE_TO, {4, 24, 0, 14, 6, 8}},
        {RH_PATH_CURVE_TO, {12, 2, 20, 6, 20, 12}},
        {RH_PATH_CURVE_TO, {20, 6, 28, 2, 34, 8}},
        {RH_PATH_CURVE_TO, {40, 14, 36, 24, 20, 36}},
        {RH_PATH_CLOSE, {0}},
    };
    /* The masked layer: a pale rect with a red rect (the fill level) inside. */
    s->window = h->layer_create(h, RH_LAYER_RECT, root);
    h->layer_set(h, s->window, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->window, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->window, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->window, RH_PROP_HEIGHT, 40);
    h->layer_set_color(h, s->window, RH_COLOR_FILL, &pale);
    s->stripes = h->layer_create(h, RH_LAYER_RECT, s->window);
    h->layer_set(h, s->stripes, RH_PROP_ANCHOR_Y, 0);
    h->layer_set(h, s->stripes, RH_PROP_POSITION_X, 20);
    h->layer_set(h, s->stripes, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->stripes, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->stripes, RH_PROP_HEIGHT, 40);
    h->layer_set_color(h, s->stripes, RH_COLOR_FILL, &red);
    /* The mask: a heart-shaped PATH child, used for its shape only. */
    s->heart = h->layer_create(h, RH_LAYER_PATH, s->window);
    h->layer_set(h, s->heart, RH_PROP_POSITION_X, 20);
    h->layer_set(h, s->heart, RH_PROP_POSITION_Y, 20);
    h->layer_set(h, s->heart, RH_PROP_WIDTH, 40);
    h->layer_set(h, s->heart, RH_PROP_HEIGHT, 40);
    h->layer_set_path(h, s->heart, heart, 6);
    return h->layer_set_mask(h, s->window, s->heart, RH_MASK_PATH) >= 0;
}

/* The heart fills from the bottom as you pull. */
static void masks_pull(struct style *s, double ratio)
{
    s->host->layer_set(s->host, s->stripes, RH_PROP_POSITION_Y, 40 - 34 * ratio);
}

static void masks_reset(struct style *s) { masks_pull(s, 0); }
