/*
 * lottie_instance.h - one running Lottie style: the frame for the moment,
 * as shapes on host layers or as rlottie's pixels in an IMAGE layer,
 * scrubbed by the pull and timed on the host's clock (tick) for everything
 * else (armed, loop, endings).
 */
#ifndef LOTTIE_INSTANCE_H
#define LOTTIE_INSTANCE_H

#include "lottie_scan.h"
#include "refresh_host.h"

/* Reads `source` again (it may have changed since the scan), checks it and
 * makes an instance, or logs why not with host->log and returns NULL. */
const rh_instance_t *lottie_instance_create(const rh_host_t *host, const lottie_source_t *source);

#endif
