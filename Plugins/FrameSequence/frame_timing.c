/*
 * frame_timing.c - fits frames of different lengths into the host's image
 * sequences, which have one frame duration: each frame is repeated for as
 * many steps as its delay holds.
 */
#include <math.h>
#include <stdlib.h>

#include "frame_sequence.h"

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b != 0) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Browsers (and MJRefresh, through ImageIO) show a delay of 10 ms or less
 * as 100 ms: files made for the web count on it. */
static uint32_t effective_delay(uint32_t ms)
{
    return ms <= FS_MIN_DELAY_MS ? FS_SLOW_DELAY_MS : ms;
}

bool fs_time_delays(fs_sequence_t *seq, const uint32_t *delays_ms, uint32_t count)
{
    if (count == 0 || count > RH_IMAGE_SEQUENCE_MAX)
        return false;
    uint32_t *ticks = malloc(count * sizeof *ticks);
    if (ticks == NULL)
        return false;
    uint32_t step = 0;
    for (uint32_t i = 0; i < count; i++)
        step = gcd(effective_delay(delays_ms[i]), step);
    if (step < FS_MIN_DELAY_MS)
        step = FS_MIN_DELAY_MS;
    /* The GCD keeps every frame's time exactly; when that would take more
     * steps than a sequence may have, coarser steps round each delay (never
     * below one step). Once the step is as long as the longest delay every
     * frame is one step, and count <= RH_IMAGE_SEQUENCE_MAX was checked, so
     * this ends. */
    for (;;) {
        uint64_t total = 0;
        for (uint32_t i = 0; i < count; i++) {
            double t = round((double)effective_delay(delays_ms[i]) / step);
            ticks[i] = t < 1.0 ? 1u : (uint32_t)t;
            total += ticks[i];
        }
        if (total <= RH_IMAGE_SEQUENCE_MAX) {
            seq->step_count = (uint32_t)total;
            break;
        }
        step += FS_MIN_DELAY_MS;
    }
    seq->ticks = ticks;
    seq->step_duration = step / 1000.0;
    return true;
}

bool fs_time_even(fs_sequence_t *seq, uint32_t count, double fps)
{
    uint32_t *ticks = malloc((count ? count : 1) * sizeof *ticks);
    if (ticks == NULL)
        return false;
    for (uint32_t i = 0; i < count; i++)
        ticks[i] = 1;
    seq->ticks = ticks;
    seq->step_count = count;
    seq->step_duration = 1.0 / fps;
    return true;
}
