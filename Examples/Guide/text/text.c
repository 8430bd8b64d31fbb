/* Text: a title in a chosen font, outlined, whose weight grows as you pull.
 * A family that is not installed falls back to RH_FONT_DEFAULT_FAMILY. */
#include "refresh_host.h"

struct style {
    const rh_host_t *host;
    rh_layer_t root, title;
};
#define STYLE_ID "com.example.text"
#define STYLE_NAME "Text"
#define STYLE_PULL text_pull
#define STYLE_RESET text_reset
#include "guide_style.h"

static void text_font(struct style *s, double weight)
{
    const rh_font_t serif = {.struct_size = sizeof serif, .family = "DejaVu Serif", .weight = weight,
                             .italic = true};
    /* RH_WARN_ADJUSTED (1) if the family is missing: a success, with the fallback. */
    s->host->layer_set_font(s->host, s->title, &serif);
}

static bool style_setup(struct style *s, rh_layer_t root)
{
    const rh_host_t *h = s->host;
    const rh_color_t paper = {1, 0.97, 0.9, 1}, ink = {0.35, 0.2, 0.1, 1};
    s->title = h->layer_create(h, RH_LAYER_TEXT, root);
    h->layer_set(h, s->title, RH_PROP_POSITION_X, 187);
    h->layer_set(h, s->title, RH_PROP_POSITION_Y, 40);
    h->layer_set(h, s->title, RH_PROP_WIDTH, 300);
    h->layer_set(h, s->title, RH_PROP_HEIGHT, 40);
    h->layer_set(h, s->title, RH_PROP_FONT_SIZE, 28);
    h->layer_set_text(h, s->title, "Refreshing");
    h->layer_set_color(h, s->title, RH_COLOR_FILL, &paper);
    h->layer_set_color(h, s->title, RH_COLOR_STROKE, &ink); /* the letters' outline (since 1.2) */
    h->layer_set(h, s->title, RH_PROP_LINE_WIDTH, 1.5);
    text_font(s, 300);
    return s->title != RH_LAYER_NONE;
}

/* From light (300) to black (900): the host picks the nearest installed weight. */
static void text_pull(struct style *s, double ratio) { text_font(s, 300 + 600 * ratio); }

static void text_reset(struct style *s) { text_font(s, 300); }
