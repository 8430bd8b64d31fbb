/*
 * fuzz_lottie.c - libFuzzer target for the Lottie adapter's reading of a
 * designer's file: the strict JSON parser, then every check the adapter runs
 * on the document (composition, markers, features, descriptor), exactly as
 * lottie_file_load runs them on a file's bytes, and the reading of what the
 * host draws beyond rlottie (lottie_effects.c, on any parsed document, checked
 * or not: its lookups and values at a few frames). `make fuzz` builds it with
 * the adapter's own sources under AddressSanitizer and UBSan.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "json.h"
#include "lottie_effects.h"
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
    lottie_effects_t *fx = lottie_effects_read(json_root(document));
    /* The first layer's name, copied: the table keeps nothing of the document. */
    char name[128] = "";
    const json_value_t *layers = json_get_typed(json_root(document), "layers", JSON_ARRAY);
    const char *nm = layers && layers->count > 0 ? json_get_string(&layers->as.items[0], "nm") : NULL;
    if (nm != NULL)
        strncat(name, nm, sizeof name - 1);
    json_free(document);
    const lottie_layer_fx_t *layer = lottie_effects_layer(fx, name);
    lottie_fx_values_t values;
    for (double frame = -1; frame < 3; frame += 0.5)
        lottie_fx_values(layer, lottie_fx_local_frame(layer, frame), &values);
    size_t paths;
    for (size_t i = 0; i <= lottie_fx_node_count(layer); i++)
        (void)lottie_fx_node_merge(layer, i, &paths);
    lottie_effects_free(fx);
    return 0;
}
