/*
 * sequence_style.c - the FrameSequence plugin's entry (ABI 1.4): one style
 * per folder of frames, made with no code from the designer, as MJRefresh's
 * GIF header does. README.md describes the folders; frame_sequence.h how
 * the files divide the work.
 *
 * The folders are scanned once per process, on the first call that needs
 * them (a scanner process asks for descriptors, a worker only creates one
 * style), and the catalog is read-only from then on, so instances share
 * nothing mutable. A broken folder disables only its own style: its
 * descriptor is NULL and style_error says why, starting with its name.
 *
 * Build (the root Makefile uses exactly this line):
 *   cc -std=c11 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *      -I<dir of refresh_host.h> -IPlugins -o libFrameSequenceStyle.so Plugins/FrameSequence/[every .c] \
 *      Plugins/adapter_common.c $(pkg-config --cflags --libs cairo libwebpdemux libwebp) -lgif -lm
 */
#include <stdlib.h>
#include <string.h>

#include "frame_sequence.h"

static char *own_dir;          /* the resolved folder that holds the library */
static fs_catalog_t *catalog;  /* NULL until first needed */

static fs_catalog_t *styles(void)
{
    if (catalog == NULL)
        catalog = fs_scan(own_dir);
    return catalog;
}

static bool fs_init(const char *library_path)
{
    free(own_dir);
    fs_catalog_free(catalog);
    catalog = NULL;
    /* The folder of the real file: a link to the library does not move its
     * bundled styles (the host's image_load follows the same rule). */
    own_dir = rhc_real_folder(library_path);
    return true;
}

static void fs_deinit(void)
{
    fs_catalog_free(catalog);
    catalog = NULL;
    free(own_dir);
    own_dir = NULL;
}

/* At least 1, as the header requires: with no style folder at all, style 0
 * is NULL and style_error says where the plugin looked. */
static uint32_t fs_style_count(void)
{
    const fs_catalog_t *c = styles();
    return c == NULL || c->count == 0 ? 1u : c->count;
}

static const rh_style_descriptor_t *fs_style_descriptor(uint32_t index)
{
    const fs_catalog_t *c = styles();
    if (c == NULL || index >= c->count || c->styles[index].error != NULL)
        return NULL;
    return &c->styles[index].descriptor;
}

static const char *fs_style_error(uint32_t index)
{
    const fs_catalog_t *c = styles();
    if (c == NULL)
        return "out of memory reading the style folders";
    if (c->count == 0)
        return index == 0 ? c->empty_error : NULL;
    return index < c->count ? c->styles[index].error : NULL;
}

static const char *const *fs_data_paths(void)
{
    const fs_catalog_t *c = styles();
    return c == NULL ? NULL : c->data_paths;
}

static const rh_instance_t *fs_create(const rh_host_t *host, const char *style_id)
{
    const fs_catalog_t *c = styles();
    if (host == NULL || style_id == NULL || c == NULL)
        return NULL;
    for (uint32_t i = 0; i < c->count; i++) {
        const fs_style_t *style = &c->styles[i];
        if (style->error == NULL && strcmp(style->strings.id, style_id) == 0)
            return fs_instance_create(host, style);
    }
    return NULL;
}

static const rh_entry_t fs_entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = fs_init,
    .deinit = fs_deinit,
    .style_count = fs_style_count,
    .style_descriptor = fs_style_descriptor,
    .create = fs_create,
    .style_error = fs_style_error,
    .data_paths = fs_data_paths,
};

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &fs_entry;
}
