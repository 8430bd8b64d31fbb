/*
 * gif_frames.c - GIFs. The scan walks the block structure itself (no LZW
 * decoding): signature, logical screen, each frame's rectangle, colour
 * table and delay, up to the trailer, so truncated files and absurd sizes
 * are caught before giflib allocates anything. Setup decodes with giflib
 * (DGifSlurp from memory) and composes each frame onto a canvas the way
 * browsers do: transparency, and disposal to background (cleared to
 * transparent, as browsers do, not to the background colour) or to the
 * previous canvas.
 */
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "frame_sequence.h"

/* giflib keeps every frame's indices until DGifSlurp returns; bound their
 * total so a small file cannot ask for gigabytes (64 Mi pixels, four times
 * what the decoded frames may hold). */
#define GIF_MAX_RASTER_PIXELS (64ull * 1024ull * 1024ull)

static uint32_t le16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

typedef struct walker {
    const uint8_t *p;
    size_t size;
    size_t pos;
} walker_t;

/* Skips data sub-blocks up to their terminator; false when the file ends
 * first. */
static bool skip_sub_blocks(walker_t *w)
{
    for (;;) {
        if (w->pos >= w->size)
            return false;
        uint8_t len = w->p[w->pos++];
        if (len == 0)
            return true;
        if (len > w->size - w->pos)
            return false;
        w->pos += len;
    }
}

bool fs_gif_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    walker_t w = { .p = bytes->data, .size = bytes->size, .pos = 0 };
    if (w.size < 6 || (memcmp(w.p, "GIF87a", 6) != 0 && memcmp(w.p, "GIF89a", 6) != 0)) {
        fs_format(err, n, "not a GIF (bad signature)");
        return false;
    }
    if (w.size < 13) {
        fs_format(err, n, "not a GIF (truncated header)");
        return false;
    }
    uint32_t width = le16(w.p + 6), height = le16(w.p + 8);
    if (width == 0 || height == 0) {
        fs_format(err, n, "a %u×%u screen; a frame needs at least one pixel", width, height);
        return false;
    }
    if (width > RH_IMAGE_MAX_SIDE || height > RH_IMAGE_MAX_SIDE) {
        fs_format(err, n, "%u×%u pixels; each side may have at most %d", width, height, RH_IMAGE_MAX_SIDE);
        return false;
    }
    uint8_t flags = w.p[10];
    bool global_table = (flags & 0x80) != 0;
    w.pos = 13;
    if (global_table) {
        size_t table = 3u << ((flags & 7) + 1);
        if (table > w.size - w.pos) {
            fs_format(err, n, "truncated (in its colour table)");
            return false;
        }
        w.pos += table;
    }
    uint32_t capacity = 16, count = 0;
    uint32_t *delays = malloc(capacity * sizeof *delays);
    if (delays == NULL) {
        fs_format(err, n, "out of memory");
        return false;
    }
    uint32_t pending_delay = 0; /* from the graphic control extension before a frame */
    uint64_t raster = 0;
    for (;;) {
        if (w.pos >= w.size) {
            fs_format(err, n, "truncated (no trailer after %u frame%s)", count, count == 1 ? "" : "s");
            goto fail;
        }
        uint8_t kind = w.p[w.pos];
        if (kind == 0x3B)
            break;
        if (kind == 0x21) {
            if (w.size - w.pos < 2) {
                fs_format(err, n, "truncated (in an extension at byte %zu)", w.pos);
                goto fail;
            }
            uint8_t label = w.p[w.pos + 1];
            w.pos += 2;
            if (label == 0xF9 && w.pos < w.size && w.p[w.pos] == 4 && w.size - w.pos >= 5)
                pending_delay = le16(w.p + w.pos + 2) * 10u;
            if (!skip_sub_blocks(&w)) {
                fs_format(err, n, "truncated (in an extension)");
                goto fail;
            }
            continue;
        }
        if (kind != 0x2C) {
            fs_format(err, n, "damaged (byte 0x%02X at offset %zu starts no block)", kind, w.pos);
            goto fail;
        }
        if (w.size - w.pos < 11) {
            fs_format(err, n, "truncated (in frame %u's descriptor)", count);
            goto fail;
        }
        uint32_t fw = le16(w.p + w.pos + 5), fh = le16(w.p + w.pos + 7);
        uint8_t frame_flags = w.p[w.pos + 9];
        w.pos += 10;
        if (fw == 0 || fh == 0 || fw > RH_IMAGE_MAX_SIDE || fh > RH_IMAGE_MAX_SIDE) {
            fs_format(err, n, "frame %u is %u×%u; each side must be 1 to %d pixels", count, fw, fh,
                      RH_IMAGE_MAX_SIDE);
            goto fail;
        }
        raster += (uint64_t)fw * fh;
        if (raster > GIF_MAX_RASTER_PIXELS) {
            fs_format(err, n, "its frames hold more than %llu Mi pixels", GIF_MAX_RASTER_PIXELS >> 20);
            goto fail;
        }
        if (frame_flags & 0x80) {
            size_t table = 3u << ((frame_flags & 7) + 1);
            if (table > w.size - w.pos) {
                fs_format(err, n, "truncated (in frame %u's colour table)", count);
                goto fail;
            }
            w.pos += table;
        } else if (!global_table) {
            fs_format(err, n, "frame %u has no colour table", count);
            goto fail;
        }
        if (w.pos >= w.size) {
            fs_format(err, n, "truncated (in frame %u)", count);
            goto fail;
        }
        uint8_t code_size = w.p[w.pos++];
        if (code_size < 1 || code_size > 8) {
            fs_format(err, n, "damaged (frame %u's LZW code size is %u)", count, code_size);
            goto fail;
        }
        if (!skip_sub_blocks(&w)) {
            fs_format(err, n, "truncated (in frame %u's pixels)", count);
            goto fail;
        }
        if (count == RH_IMAGE_SEQUENCE_MAX) {
            fs_format(err, n, "more than %d frames", RH_IMAGE_SEQUENCE_MAX);
            goto fail;
        }
        if (count == capacity) {
            capacity *= 2;
            uint32_t *grown = realloc(delays, capacity * sizeof *grown);
            if (grown == NULL) {
                fs_format(err, n, "out of memory");
                goto fail;
            }
            delays = grown;
        }
        delays[count++] = pending_delay;
        pending_delay = 0;
    }
    if (count == 0) {
        fs_format(err, n, "no frames");
        goto fail;
    }
    out->width = width;
    out->height = height;
    out->frame_count = count;
    out->delays_ms = delays;
    return true;
fail:
    free(delays);
    return false;
}

typedef struct gif_reader {
    const fs_bytes_t *bytes;
    size_t offset;
} gif_reader_t;

static int read_bytes(GifFileType *gif, GifByteType *buffer, int length)
{
    gif_reader_t *r = gif->UserData;
    size_t left = r->bytes->size - r->offset;
    size_t take = length < 0 ? 0 : (size_t)length;
    if (take > left)
        take = left;
    memcpy(buffer, r->bytes->data + r->offset, take);
    r->offset += take;
    return (int)take;
}

/* Draws frame i onto the canvas: opaque pixels from its colour table, the
 * transparent index left alone, clipped to the logical screen. */
static void draw_frame(const GifFileType *gif, const SavedImage *frame, const ColorMapObject *colors,
                       int transparent, uint8_t *canvas, uint32_t width, uint32_t height)
{
    const GifImageDesc *d = &frame->ImageDesc;
    for (int y = 0; y < d->Height; y++) {
        long cy = (long)d->Top + y;
        if (cy < 0 || cy >= (long)height)
            continue;
        for (int x = 0; x < d->Width; x++) {
            long cx = (long)d->Left + x;
            if (cx < 0 || cx >= (long)width)
                continue;
            int index = frame->RasterBits[(size_t)y * (size_t)d->Width + (size_t)x];
            if (index == transparent || index >= colors->ColorCount)
                continue;
            const GifColorType *c = &colors->Colors[index];
            uint8_t *px = canvas + ((size_t)cy * width + (size_t)cx) * 4;
            px[0] = c->Red;
            px[1] = c->Green;
            px[2] = c->Blue;
            px[3] = 255;
        }
    }
    (void)gif;
}

static void clear_rect(const GifImageDesc *d, uint8_t *canvas, uint32_t width, uint32_t height)
{
    for (long y = d->Top; y < (long)d->Top + d->Height; y++) {
        if (y < 0 || y >= (long)height)
            continue;
        long x0 = d->Left < 0 ? 0 : d->Left;
        long x1 = (long)d->Left + d->Width;
        if (x1 > (long)width)
            x1 = (long)width;
        if (x1 > x0)
            memset(canvas + ((size_t)y * width + (size_t)x0) * 4, 0, (size_t)(x1 - x0) * 4);
    }
}

bool fs_gif_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, uint32_t frame_count,
                   fs_frame_sink_t sink, void *user, char *err, size_t n)
{
    /* Walk it again first: the file may have changed since the scan, and
     * the walk bounds what giflib will allocate. */
    fs_probe_t probe;
    if (!fs_gif_probe(bytes, &probe, err, n))
        return false;
    free(probe.delays_ms);
    if (probe.width != width || probe.height != height || probe.frame_count != frame_count) {
        fs_format(err, n, "changed since the styles were read (%u×%u, %u frames; it was %u×%u, %u frames)",
                  probe.width, probe.height, probe.frame_count, width, height, frame_count);
        return false;
    }
    gif_reader_t reader = { .bytes = bytes, .offset = 0 };
    int error = 0;
    GifFileType *gif = DGifOpen(&reader, read_bytes, &error);
    if (gif == NULL) {
        fs_format(err, n, "does not decode as GIF (%s)", GifErrorString(error));
        return false;
    }
    bool ok = false;
    uint8_t *canvas = NULL, *previous = NULL;
    if (DGifSlurp(gif) != GIF_OK) {
        fs_format(err, n, "does not decode as GIF (%s)", GifErrorString(gif->Error));
        goto done;
    }
    if ((uint32_t)gif->ImageCount != frame_count) {
        fs_format(err, n, "decodes to %d frames, its blocks hold %u", gif->ImageCount, frame_count);
        goto done;
    }
    size_t canvas_bytes = (size_t)width * height * 4;
    canvas = calloc(1, canvas_bytes);
    previous = malloc(canvas_bytes);
    if (canvas == NULL || previous == NULL) {
        fs_format(err, n, "out of memory decoding it");
        goto done;
    }
    for (int i = 0; i < gif->ImageCount; i++) {
        const SavedImage *frame = &gif->SavedImages[i];
        GraphicsControlBlock gcb = { .DisposalMode = DISPOSAL_UNSPECIFIED,
                                     .TransparentColor = NO_TRANSPARENT_COLOR };
        /* GIF_ERROR only means "no control block": the defaults stand. */
        (void)DGifSavedExtensionToGCB(gif, i, &gcb);
        const ColorMapObject *colors = frame->ImageDesc.ColorMap ? frame->ImageDesc.ColorMap : gif->SColorMap;
        if (colors == NULL || frame->RasterBits == NULL) {
            fs_format(err, n, "frame %d has no colour table", i);
            goto done;
        }
        if (gcb.DisposalMode == DISPOSE_PREVIOUS)
            memcpy(previous, canvas, canvas_bytes);
        draw_frame(gif, frame, colors, gcb.TransparentColor, canvas, width, height);
        if (!sink(user, (uint32_t)i, canvas, (size_t)width * 4)) {
            fs_format(err, n, "the host refused frame %d", i);
            goto done;
        }
        if (gcb.DisposalMode == DISPOSE_BACKGROUND)
            clear_rect(&frame->ImageDesc, canvas, width, height);
        else if (gcb.DisposalMode == DISPOSE_PREVIOUS)
            memcpy(canvas, previous, canvas_bytes);
    }
    ok = true;
done:
    free(canvas);
    free(previous);
    DGifCloseFile(gif, &error);
    return ok;
}
