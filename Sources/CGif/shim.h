// giflib (MIT): the GIF encoder writes with it, the tests decode with it.
#include <gif_lib.h>
