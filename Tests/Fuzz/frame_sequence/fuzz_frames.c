/*
 * fuzz_frames.c - libFuzzer target for what the frame-sequence adapter reads
 * from a style folder: style.ini, and the PNG, GIF and WebP files it probes
 * while scanning and decodes in setup. The first byte picks the reader, the
 * rest is the file. A probe that succeeds is followed by the decode, as the
 * instance does, within a pixel budget so one input stays fast.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frame_sequence.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Touches every pixel of a frame, so a short buffer is caught by ASan. */
static bool take(void *user, uint32_t index, const uint8_t *rgba, size_t stride)
{
    const fs_probe_t *probe = user;
    (void)index;
    unsigned sum = 0;
    for (uint32_t y = 0; y < probe->height; y++)
        for (size_t x = 0; x < (size_t)probe->width * 4; x++)
            sum += rgba[y * stride + x];
    return sum != 0xFFFFFFFFu;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t which = data[0] % 4;
    /* A private copy: the readers get malloc'd bytes, as from fs_read_file. */
    fs_bytes_t bytes = { malloc(size - 1 + 1), size - 1 };
    if (bytes.data == NULL)
        return 0;
    memcpy(bytes.data, data + 1, size - 1);
    char err[FS_ERROR_MAX];
    if (which == 0) {
        fs_ini_t ini;
        memset(&ini, 0, sizeof ini);
        if (fs_ini_parse((const char *)bytes.data, bytes.size, &ini, err, sizeof err))
            fs_ini_free(&ini);
        free(bytes.data);
        return 0;
    }
    fs_probe_t probe;
    memset(&probe, 0, sizeof probe);
    bool ok = which == 1   ? fs_png_probe(&bytes, &probe, err, sizeof err)
              : which == 2 ? fs_gif_probe(&bytes, &probe, err, sizeof err)
                           : fs_webp_probe(&bytes, &probe, err, sizeof err);
    if (ok && (uint64_t)probe.width * probe.height * (probe.frame_count ? probe.frame_count : 1) <= 1u << 20) {
        if (which == 1)
            fs_png_decode(&bytes, probe.width, probe.height, take, &probe, 0, err, sizeof err);
        else if (which == 2)
            fs_gif_decode(&bytes, probe.width, probe.height, probe.frame_count, take, &probe, err, sizeof err);
        else
            fs_webp_decode(&bytes, probe.width, probe.height, probe.frame_count, take, &probe, err, sizeof err);
    }
    if (ok)
        free(probe.delays_ms);
    free(bytes.data);
    return 0;
}
