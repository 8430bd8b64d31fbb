#include "pixels.h"

#include <string.h>

void rh_premultiply_rgba(const uint8_t *rgba, size_t stride, size_t width, size_t height, uint32_t *out)
{
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + y * stride;
        for (size_t x = 0; x < width; x++) {
            const uint8_t *p = row + 4 * x;
            uint32_t a = p[3];
            uint32_t argb = 0;
            if (a == 255) {
                argb = 0xFF000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            } else if (a != 0) {
                uint32_t t = p[0] * a + 128;
                uint32_t r = (t + (t >> 8)) >> 8;
                t = p[1] * a + 128;
                uint32_t g = (t + (t >> 8)) >> 8;
                t = p[2] * a + 128;
                uint32_t b = (t + (t >> 8)) >> 8;
                argb = a << 24 | r << 16 | g << 8 | b;
            }
            *out++ = argb;
        }
    }
}
