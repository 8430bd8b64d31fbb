/*
 * webp_frames.c - WebP, animated or still. The scan parses the container
 * with WebPDemux (canvas size, frame count, durations; no pixels); setup
 * decodes with WebPAnimDecoder, which composes the frames (offsets,
 * blending, disposal) onto a canvas in straight RGBA for us.
 */
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

#include "frame_sequence.h"

static bool signature_ok(const fs_bytes_t *bytes)
{
    return bytes->size >= 12 && memcmp(bytes->data, "RIFF", 4) == 0 && memcmp(bytes->data + 8, "WEBP", 4) == 0;
}

bool fs_webp_probe(const fs_bytes_t *bytes, fs_probe_t *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    if (!signature_ok(bytes)) {
        fs_format(err, n, "not a WebP (bad signature)");
        return false;
    }
    WebPData data = { .bytes = bytes->data, .size = bytes->size };
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    WebPDemuxer *demux = WebPDemuxPartial(&data, &state);
    if (demux == NULL || state != WEBP_DEMUX_DONE) {
        fs_format(err, n, "%s", state == WEBP_DEMUX_PARSING_HEADER || state == WEBP_DEMUX_PARSED_HEADER
                                    ? "not a WebP (truncated)"
                                    : "not a WebP (damaged container)");
        WebPDemuxDelete(demux);
        return false;
    }
    uint32_t width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    uint32_t height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    uint32_t count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    bool ok = false;
    uint32_t *delays = NULL;
    if (width == 0 || height == 0 || width > RH_IMAGE_MAX_SIDE || height > RH_IMAGE_MAX_SIDE) {
        fs_format(err, n, "%u×%u pixels; each side must have 1 to %d", width, height, RH_IMAGE_MAX_SIDE);
        goto done;
    }
    if (count == 0) {
        fs_format(err, n, "no frames");
        goto done;
    }
    if (count > RH_IMAGE_SEQUENCE_MAX) {
        fs_format(err, n, "%u frames; at most %d", count, RH_IMAGE_SEQUENCE_MAX);
        goto done;
    }
    delays = calloc(count, sizeof *delays);
    if (delays == NULL) {
        fs_format(err, n, "out of memory");
        goto done;
    }
    WebPIterator iter;
    if (WebPDemuxGetFrame(demux, 1, &iter)) {
        uint32_t i = 0;
        do {
            if (i < count)
                delays[i++] = iter.duration < 0 ? 0u : (uint32_t)iter.duration;
        } while (WebPDemuxNextFrame(&iter));
        WebPDemuxReleaseIterator(&iter);
    }
    out->width = width;
    out->height = height;
    out->frame_count = count;
    out->delays_ms = delays;
    delays = NULL;
    ok = true;
done:
    free(delays);
    WebPDemuxDelete(demux);
    return ok;
}

bool fs_webp_decode(const fs_bytes_t *bytes, uint32_t width, uint32_t height, uint32_t frame_count,
                    fs_frame_sink_t sink, void *user, char *err, size_t n)
{
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        fs_format(err, n, "libwebp's version does not match");
        return false;
    }
    options.color_mode = MODE_RGBA; /* straight, as the host wants */
    options.use_threads = 0;        /* the host's one thread */
    WebPData data = { .bytes = bytes->data, .size = bytes->size };
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
    if (decoder == NULL) {
        fs_format(err, n, "does not decode as WebP");
        return false;
    }
    bool ok = false;
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(decoder, &info)) {
        fs_format(err, n, "does not decode as WebP");
        goto done;
    }
    if (info.canvas_width != width || info.canvas_height != height || info.frame_count != frame_count) {
        fs_format(err, n, "changed since the styles were read (%u×%u, %u frames; it was %u×%u, %u frames)",
                  info.canvas_width, info.canvas_height, info.frame_count, width, height, frame_count);
        goto done;
    }
    for (uint32_t i = 0; i < frame_count; i++) {
        uint8_t *canvas = NULL;
        int timestamp = 0;
        if (!WebPAnimDecoderHasMoreFrames(decoder) || !WebPAnimDecoderGetNext(decoder, &canvas, &timestamp)) {
            fs_format(err, n, "frame %u does not decode", i);
            goto done;
        }
        if (!sink(user, i, canvas, (size_t)width * 4)) {
            fs_format(err, n, "the host refused frame %u", i);
            goto done;
        }
    }
    ok = true;
done:
    WebPAnimDecoderDelete(decoder);
    return ok;
}
