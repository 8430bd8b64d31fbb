/* rlottie's C API (Debian's librlottie-dev), for the tests and the benchmark
 * that compare the Lottie adapter's frames and cost with rlottie's own. The
 * host itself never links it: only the adapter plugin does. */
#include <rlottie_capi.h>
