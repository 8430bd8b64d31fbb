/*
 * img_hostile.c - RefreshHost test fixture.
 *
 * Breaks: every rule of image_create, image_release, layer_set_image and
 * layer_set_image_sequence (ABI 1.2) in turn, after a first valid call of
 * each. Setup makes, under the root, the base's RECT and two IMAGE layers,
 * then calls (expected status in brackets):
 *   create: a 2 x 2 image with a padded stride [0], NULL pixels, NULL out,
 *     NULL rgba, struct_size 8 [-2]; width 0, width 4097, height 4097,
 *     stride 4 x width - 1, stride 2^31 [-3]
 *   budget: 1024 x 1024 images until one is refused (beside the 2 x 2 one,
 *     15 fit RH_IMAGE_MAX_BYTES, the 16th [-6]); one released [0] makes room for one more [0]; one shown,
 *     released [0], still counts [-6] until the layer shows none [0], [0]
 *   release: a made-up handle, the same twice [-2]
 *   set_image: the IMAGE layer [0], the RECT [-2], a made-up handle [-2], the
 *     previous instance's handle [-2] (when there is one), layer 9999 [-1]
 *   sequence: valid [0], 1025 and 0 frames [-3], NaN frame duration,
 *     negative delay, NaN repeat count, frame duration 1e-9 [-3], NULL frames,
 *     struct_size 8, a made-up frame, the RECT [-2]
 *   pixel_scale: logged as "scale=<v>"
 * and logs each result at RH_LOG_INFO as "<label> status=<n>". The first
 * IMAGE layer ends showing the 2 x 2 image, the second runs the valid
 * sequence. The 2 x 2 image's handle is kept (static) for the next instance.
 */
#include <math.h>
#include <stdint.h>

#define FIXTURE_NAME "img_hostile"
#define FIXTURE_SETUP fixture_setup
#include "fixture_base.h"

/* The 2 x 2 image of the instance before this one (a foreign handle). */
static rh_image_t previous_instance_image;

/* Straight RGBA, rows 12 bytes apart (4 bytes of padding a row). */
static const uint8_t two_by_two[24] = {
    255, 0, 0, 255,    0, 255, 0, 128,    0xEE, 0xEE, 0xEE, 0xEE,
    0, 0, 255, 0,      255, 255, 255, 64, 0xEE, 0xEE, 0xEE, 0xEE,
};

static void report(const fixture_t *f, const char *label, rh_status_t status)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%d", label, (int)status);
}

static rh_image_pixels_t pixels(uint32_t width, uint32_t height, size_t stride, const uint8_t *rgba)
{
    return (rh_image_pixels_t){ .struct_size = sizeof(rh_image_pixels_t), .width = width,
                                .height = height, .stride = stride, .rgba = rgba };
}

static void create_calls(const fixture_t *f, rh_image_t *good)
{
    const rh_host_t *h = f->host;
    rh_image_t out = 99;
    rh_image_pixels_t p = pixels(2, 2, 12, two_by_two);
    report(f, "create 2x2", h->image_create(h, &p, good));
    report(f, "create NULL pixels", h->image_create(h, NULL, &out));
    fixture_logf(f, RH_LOG_INFO, "out after error=%u", (unsigned)out);
    report(f, "create NULL out", h->image_create(h, &p, NULL));
    p = pixels(2, 2, 8, NULL);
    report(f, "create NULL rgba", h->image_create(h, &p, &out));
    p = pixels(2, 2, 8, two_by_two);
    p.struct_size = 8;
    report(f, "create struct_size 8", h->image_create(h, &p, &out));
    p = pixels(0, 2, 8, two_by_two);
    report(f, "create width 0", h->image_create(h, &p, &out));
    /* Sizes are refused before a byte is read: no buffer this big exists. */
    p = pixels(4097, 1, 4 * 4097, two_by_two);
    report(f, "create width 4097", h->image_create(h, &p, &out));
    p = pixels(1, 4097, 4, two_by_two);
    report(f, "create height 4097", h->image_create(h, &p, &out));
    p = pixels(2, 2, 7, two_by_two);
    report(f, "create stride 7", h->image_create(h, &p, &out));
    p = pixels(2, 2, (size_t)1 << 31, two_by_two);
    report(f, "create stride 2^31", h->image_create(h, &p, &out));
}

static void budget_calls(const fixture_t *f, rh_layer_t image_layer)
{
    const rh_host_t *h = f->host;
    enum { side = 1024 };
    uint8_t *big = calloc((size_t)side * side, 4);
    if (big == NULL)
        return;
    rh_image_pixels_t p = pixels(side, side, 4 * side, big);
    rh_image_t made[32] = { 0 };
    int count = 0;
    rh_status_t status = RH_OK;
    while (count < 32 && (status = h->image_create(h, &p, &made[count])) == RH_OK)
        count++;
    fixture_logf(f, RH_LOG_INFO, "budget made=%d", count);
    report(f, "budget next", status);
    report(f, "budget release one", h->image_release(h, made[0]));
    report(f, "budget after release", h->image_create(h, &p, &made[0]));
    /* A released image that a layer shows keeps its bytes. */
    h->layer_set_image(h, image_layer, made[1]);
    report(f, "budget release shown", h->image_release(h, made[1]));
    rh_image_t extra = RH_IMAGE_NONE;
    report(f, "budget shown still counts", h->image_create(h, &p, &extra));
    report(f, "budget layer shows none", h->layer_set_image(h, image_layer, RH_IMAGE_NONE));
    report(f, "budget freed", h->image_create(h, &p, &extra));
    /* Give it all back, so the rest of setup has room. */
    for (int i = 0; i < count; i++)
        if (i != 1)
            h->image_release(h, made[i]);
    h->image_release(h, extra);
    free(big);
}

static void sequence_calls(const fixture_t *f, rh_layer_t layer, rh_image_t image)
{
    const rh_host_t *h = f->host;
    static rh_image_t frames[1025];
    for (int i = 0; i < 1025; i++)
        frames[i] = image;
    rh_image_sequence_t s = { .struct_size = sizeof s, .count = 3, .frames = frames,
                              .frame_duration = 0.1, .delay = 0, .repeat_count = INFINITY };
    report(f, "sequence", h->layer_set_image_sequence(h, layer, &s, NULL, NULL));
    rh_image_sequence_t bad = s;
    bad.count = 1025;
    report(f, "sequence 1025 frames", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad.count = 0;
    report(f, "sequence 0 frames", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.frame_duration = NAN;
    report(f, "sequence NaN duration", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.frame_duration = 1e-9;
    report(f, "sequence duration 1e-9", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.delay = -1;
    report(f, "sequence delay -1", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.repeat_count = NAN;
    report(f, "sequence NaN repeat", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.frames = NULL;
    report(f, "sequence NULL frames", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    bad = s;
    bad.struct_size = 8;
    report(f, "sequence struct_size 8", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    static rh_image_t made_up[2];
    made_up[0] = image;
    made_up[1] = 424242;
    bad = s;
    bad.count = 2;
    bad.frames = made_up;
    report(f, "sequence made-up frame", h->layer_set_image_sequence(h, layer, &bad, NULL, NULL));
    report(f, "sequence on rect", h->layer_set_image_sequence(h, f->rect, &s, NULL, NULL));
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_layer_t still = h->layer_create(h, RH_LAYER_IMAGE, root);
    rh_layer_t moving = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set(h, still, RH_PROP_WIDTH, 20.0);
    h->layer_set(h, still, RH_PROP_HEIGHT, 20.0);

    rh_image_t good = RH_IMAGE_NONE;
    create_calls(f, &good);
    budget_calls(f, still);

    report(f, "release made-up", h->image_release(h, 31337));
    rh_image_t twice = RH_IMAGE_NONE;
    rh_image_pixels_t p = pixels(2, 2, 12, two_by_two);
    h->image_create(h, &p, &twice);
    h->image_release(h, twice);
    report(f, "release twice", h->image_release(h, twice));

    report(f, "set_image", h->layer_set_image(h, still, good));
    report(f, "set_image on rect", h->layer_set_image(h, f->rect, good));
    report(f, "set_image made-up", h->layer_set_image(h, still, 31337));
    report(f, "set_image layer 9999", h->layer_set_image(h, 9999, good));
    if (previous_instance_image != RH_IMAGE_NONE)
        report(f, "set_image foreign", h->layer_set_image(h, still, previous_instance_image));
    previous_instance_image = good;

    sequence_calls(f, moving, good);
    fixture_logf(f, RH_LOG_INFO, "scale=%g", h->pixel_scale(h));
    return true;
}
