/*
 * v_undefined_symbol.c - RefreshHost test fixture.
 *
 * Breaks: every symbol a plugin uses must resolve when it loads. Its pull
 * calls fixture_missing_function, which nothing defines; `cc -shared`
 * links it anyway, and dlopen(RTLD_NOW) refuses the library ("undefined
 * symbol"). `validate` must fail loading.dlopen.
 */
#define FIXTURE_NAME "v_undefined_symbol"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

void fixture_missing_function(double distance); /* deliberately defined nowhere */

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)instance;
    (void)ratio;
    (void)velocity;
    fixture_missing_function(distance);
}
