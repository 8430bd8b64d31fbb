// libwebp (BSD): WebPAnimEncoder writes animated WebP, WebPAnimDecoder reads it back in tests.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>
