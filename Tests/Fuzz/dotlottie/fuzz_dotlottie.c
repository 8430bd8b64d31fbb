/*
 * fuzz_dotlottie.c - libFuzzer target for the Lottie adapter's reading of a
 * dotLottie archive (lottie_dotlottie.c): the bytes as a .lottie file's,
 * through libzip in memory, the entry checks (paths, links, sizes, bombs),
 * the manifest and its first animation, and the embedding of the images it
 * shows; then the animation it hands on through the strict JSON parser, as
 * lottie_file_load does. `make fuzz` builds it with the adapter's own
 * sources under AddressSanitizer and UBSan.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "lottie_dotlottie.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char error[512];
    size_t length = 0;
    char *animation = lottie_dotlottie_animation((const char *)data, size, &length, error, sizeof error);
    if (animation == NULL) {
        /* A refusal is one terminated line. */
        if (memchr(error, '\0', sizeof error) == NULL || memchr(error, '\n', strlen(error)) != NULL)
            __builtin_trap();
        return 0;
    }
    /* What it hands on is NUL-terminated at `length`, within the limit. */
    if (animation[length] != '\0' || length > LOTTIE_DOTLOTTIE_MAX_TOTAL)
        __builtin_trap();
    char why[JSON_ERROR_MAX];
    json_document_t *document = json_parse(animation, length, why, sizeof why);
    json_free(document);
    free(animation);
    return 0;
}
