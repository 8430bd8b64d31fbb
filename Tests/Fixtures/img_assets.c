/*
 * img_assets.c - RefreshHost test fixture.
 *
 * Breaks: the rules of image_load (ABI 1.2). It lives in a style folder
 * (DIR/Assets/libimg_assets.so) that the test fills with assets at test time
 * (ImageAssetTests). Setup loads each path below and logs "load <path>
 * status=<n>"; the valid one (assets/ok.png) is shown in an IMAGE layer and
 * its handle logged as "ok handle=<n>". Then the folder's own absolute path
 * to ok.png (from init's library path), NULL, a 1025-byte path, and a path
 * with invalid UTF-8, logged as "load absolute", "load NULL", "load long",
 * "load utf8". Which statuses the host must return is the test's business.
 */
#include <stdint.h>

#define FIXTURE_NAME "img_assets"
#define FIXTURE_SETUP fixture_setup
#define FIXTURE_INIT fixture_init
#include "fixture_base.h"

static char folder[4096];

static const char *const paths[] = {
    "assets/ok.png",         "./assets/ok.png",     "assets/../assets/ok.png", "../outside.png",
    "assets/missing.png",    "assets/liar.png",     "assets/cut.png",          "assets/big.png",
    "assets/not_png.png",    "assets/folder.png",   "assets/escape.png",       "assets/zero.png",
    "assets/fifo.png",       "assets/inside_link.png", "",                     "assets/lies_2048.png",
};

static bool fixture_init(const char *library_path)
{
    const char *slash = strrchr(library_path, '/');
    size_t n = slash ? (size_t)(slash - library_path) : 0;
    if (n >= sizeof folder)
        return false;
    memcpy(folder, library_path, n);
    folder[n] = '\0';
    return true;
}

static void load(const fixture_t *f, const char *label, const char *path, rh_image_t *out)
{
    fixture_logf(f, RH_LOG_INFO, "load %s status=%d", label, (int)f->host->image_load(f->host, path, out));
}

static bool fixture_setup(const rh_instance_t *instance, rh_layer_t root)
{
    if (!fixture_base_setup(instance, root))
        return false;
    fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    rh_image_t ok = RH_IMAGE_NONE;
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        rh_image_t out = RH_IMAGE_NONE;
        load(f, paths[i], paths[i], &out);
        if (i == 0)
            ok = out;
        else if (out != RH_IMAGE_NONE)
            h->image_release(h, out);
    }
    fixture_logf(f, RH_LOG_INFO, "ok handle=%u", (unsigned)ok);
    rh_layer_t layer = h->layer_create(h, RH_LAYER_IMAGE, root);
    h->layer_set_image(h, layer, ok);

    char absolute[4200];
    snprintf(absolute, sizeof absolute, "%s/assets/ok.png", folder);
    rh_image_t out = RH_IMAGE_NONE;
    load(f, "absolute", absolute, &out);
    load(f, "NULL", NULL, &out);
    char long_path[1100];
    memset(long_path, 'a', 1025);
    long_path[1025] = '\0';
    load(f, "long", long_path, &out);
    load(f, "utf8", "assets/\xff\xfe.png", &out);
    load(f, "NULL out", "assets/ok.png", NULL);
    return true;
}
