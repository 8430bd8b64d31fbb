/*
 * fuzz_lottie.c - libFuzzer target for the Lottie adapter's reading of a
 * designer's file: the strict JSON parser, then every check the adapter runs
 * on the document (composition, markers, features, descriptor), exactly as
 * lottie_file_load runs them on a file's bytes. `make fuzz` builds it with
 * the adapter's own sources under AddressSanitizer and UBSan.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "json.h"
#include "lottie_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char error[JSON_ERROR_MAX];
    json_document_t *document = json_parse((const char *)data, size, error, sizeof error);
    if (document == NULL) {
        /* The parser's one promise on failure: a terminated line. */
        if (memchr(error, '\0', sizeof error) == NULL)
            __builtin_trap();
        return 0;
    }
    lottie_file_t file;
    memset(&file, 0, sizeof file);
    char why[256];
    if (lottie_file_check(json_root(document), "fuzz.json", &file, why, sizeof why))
        lottie_file_release(&file);
    else if (memchr(why, '\0', sizeof why) == NULL)
        __builtin_trap();
    json_free(document);
    return 0;
}
