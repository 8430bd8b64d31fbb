/*
 * png_frames.c - PNG frames: the scan reads the IHDR only (33 bytes), so a
 * huge or broken frame is refused before anything is decoded; setup decodes
 * with cairo from the bytes we read ourselves (never from a path cairo
 * would open).
 */
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "frame_sequence.h"

static const uint8_t png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

bool fs_png_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n)
{
    const uint8_t *p = bytes->data;
    memset(out, 0, sizeof *out);
    if (bytes->size < sizeof png_signature || memcmp(p, png_signature, sizeof png_signature) != 0) {
        fs_format(err, n, "not a PNG (bad signature)");
        return false;
    }
    if (bytes->size < FS_PNG_HEADER_BYTES) {
        fs_format(err, n, "not a PNG (truncated header)");
        return false;
    }
    if (be32(p + 8) != 13 || memcmp(p + 12, "IHDR", 4) != 0) {
        fs_format(err, n, "not a PNG (no IHDR first)");
        return false;
    }
    uint32_t w = be32(p + 16), h = be32(p + 20);
    if (w == 0 || h == 0) {
        fs_format(err, n, "%u×%u pixels; a frame needs at least one", w, h);
        return false;
    }
    if (w > RH_IMAGE_MAX_SIDE || h > RH_IMAGE_MAX_SIDE) {
        fs_format(err, n, "%u×%u pixels; each side may have at most %d", w, h, RH_IMAGE_MAX_SIDE);
        return false;
    }
    out->width = w;
    out->height = h;
    out->frame_count = 1;
    return true;
}

typedef struct png_reader {
    const fs_bytes_t *bytes;
    size_t offset;
} png_reader_t;

static cairo_status_t read_bytes(void *closure, unsigned char *data, unsigned int length)
{
    png_reader_t *r = closure;
    if (length > r->bytes->size - r->offset)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(data, r->bytes->data + r->offset, length);
    r->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

/* cairo's ARGB32 is premultiplied native-endian words; the host wants
 * straight RGBA bytes. */
static void unpremultiply_row(const uint32_t *src, uint8_t *dst, uint32_t width, bool opaque)
{
    for (uint32_t x = 0; x < width; x++) {
        uint32_t px = src[x];
        uint32_t a = opaque ? 255 : px >> 24;
        uint32_t r = (px >> 16) & 0xFF, g = (px >> 8) & 0xFF, b = px & 0xFF;
        if (a != 0 && a != 255) {
            r = (r * 255 + a / 2) / a;
            g = (g * 255 + a / 2) / a;
            b = (b * 255 + a / 2) / a;
        }
        dst[4 * x + 0] = (uint8_t)(r > 255 ? 255 : r);
        dst[4 * x + 1] = (uint8_t)(g > 255 ? 255 : g);
        dst[4 * x + 2] = (uint8_t)(b > 255 ? 255 : b);
        dst[4 * x + 3] = (uint8_t)a;
    }
}

bool fs_png_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, fs_frame_sink_t sink, void *user,
                   uint32_t index, char *err, size_t n)
{
    /* The file may have changed since the scan: check its header again
     * before cairo allocates anything. */
    fs_probe_t probe;
    if (!fs_png_probe(bytes, &probe, err, n))
        return false;
    if (probe.width != width || probe.height != height) {
        fs_format(err, n, "%u×%u pixels now; it was %u×%u when the styles were read", probe.width, probe.height, width,
                  height);
        return false;
    }
    png_reader_t reader = { .bytes = bytes, .offset = 0 };
    cairo_surface_t *surface = cairo_image_surface_create_from_png_stream(read_bytes, &reader);
    cairo_status_t status = cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        /* cairo reports every libpng error as NO_MEMORY; the header was
         * checked, so it is almost always damaged data. */
        fs_format(err, n, "does not decode as PNG (%s)",
                  status == CAIRO_STATUS_NO_MEMORY ? "damaged image data, or out of memory"
                                                   : cairo_status_to_string(status));
        cairo_surface_destroy(surface);
        return false;
    }
    cairo_format_t format = cairo_image_surface_get_format(surface);
    if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) {
        /* Anything else cairo may hand back (A8 for some greys, wider
         * formats in newer cairo): paint it onto ARGB32. */
        cairo_surface_t *argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)height);
        cairo_t *cr = cairo_create(argb);
        cairo_set_source_surface(cr, surface, 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        surface = argb;
        format = CAIRO_FORMAT_ARGB32;
        if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
            fs_format(err, n, "out of memory decoding it");
            cairo_surface_destroy(surface);
            return false;
        }
    }
    cairo_surface_flush(surface);
    if ((uint32_t)cairo_image_surface_get_width(surface) != width ||
        (uint32_t)cairo_image_surface_get_height(surface) != height) {
        fs_format(err, n, "decodes to %d×%d, its header says %u×%u", cairo_image_surface_get_width(surface),
                  cairo_image_surface_get_height(surface), width, height);
        cairo_surface_destroy(surface);
        return false;
    }
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    uint8_t *rgba = malloc((size_t)width * height * 4);
    if (rgba == NULL) {
        fs_format(err, n, "out of memory decoding it");
        cairo_surface_destroy(surface);
        return false;
    }
    bool opaque = format == CAIRO_FORMAT_RGB24;
    for (uint32_t y = 0; y < height; y++)
        unpremultiply_row((const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride),
                          rgba + (size_t)y * width * 4, width, opaque);
    cairo_surface_destroy(surface);
    bool ok = sink(user, index, rgba, (size_t)width * 4);
    free(rgba);
    if (!ok)
        fs_format(err, n, "the host refused the frame");
    return ok;
}
