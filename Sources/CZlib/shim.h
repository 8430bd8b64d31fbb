/* zlib: inflating a dotLottie archive's manifest and the CRC of the one
 * `new --from FILE.lottie --animation ID` writes (RefreshScaffold). */
#include <zlib.h>
