/* Per-pixel loops the host runs on every image a plugin hands it, in C built
 * with -O2 even in debug builds: an unoptimised Swift loop over a header-sized
 * image costs milliseconds, and a style that draws a frame per frame (the
 * Lottie adapter) pays it every frame. */
#ifndef REFRESH_HOST_PIXELS_H
#define REFRESH_HOST_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Straight RGBA bytes (rows `stride` bytes apart) to cairo's premultiplied
 * ARGB32 words, native-endian, `width` x `height`, rounded c x a / 255 as
 * cairo's own premultiplication. */
void rh_premultiply_rgba(const uint8_t *rgba, size_t stride, size_t width, size_t height, uint32_t *out);

#endif
