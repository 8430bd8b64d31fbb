/*
 * bad_values.c - RefreshHost test fixture.
 *
 * Breaks: passes invalid arguments to host services. On every pull it calls
 *   layer_set(rect, ROTATION, NaN)        expect RH_ERR_OUT_OF_RANGE (-3)
 *   layer_set(rect, OPACITY, 2.0)         expect RH_ERR_OUT_OF_RANGE (-3)
 *   layer_set(9999, OPACITY, 1.0)         expect RH_ERR_INVALID_LAYER (-1)
 *   layer_create(RECT, parent 12345)      expect RH_LAYER_NONE (0)
 * and logs each result at RH_LOG_INFO as "<call> status=<n>" (for
 * layer_create, n is the returned handle), so a test can read them in the
 * host's log. The host must refuse each without crashing.
 */
#include <math.h>

#define FIXTURE_NAME "bad_values"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void fixture_log_status(const fixture_t *f, const char *call, long status)
{
    fixture_logf(f, RH_LOG_INFO, "%s status=%ld", call, status);
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio,
                         double velocity)
{
    (void)distance;
    (void)ratio;
    (void)velocity;
    const fixture_t *f = instance->plugin_data;
    const rh_host_t *h = f->host;
    fixture_log_status(f, "layer_set(rotation, NaN)",
                       h->layer_set(h, f->rect, RH_PROP_ROTATION, NAN));
    fixture_log_status(f, "layer_set(opacity, 2.0)",
                       h->layer_set(h, f->rect, RH_PROP_OPACITY, 2.0));
    fixture_log_status(f, "layer_set(layer 9999)",
                       h->layer_set(h, (rh_layer_t)9999, RH_PROP_OPACITY, 1.0));
    fixture_log_status(f, "layer_create(parent 12345)",
                       (long)h->layer_create(h, RH_LAYER_RECT, (rh_layer_t)12345));
}
