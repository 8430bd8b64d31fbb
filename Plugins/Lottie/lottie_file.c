/*
 * lottie_file.c - see lottie_file.h: a file read, parsed, checked (lottie_check.h
 * lists the checks and their files) and handed to rlottie.
 */
#include "lottie_file.h"
#include "lottie_effects.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lottie_check.h"
#include "lottie_dotlottie.h"

/* ---- together ------------------------------------------------------------ */

bool lottie_file_check(const json_value_t *root, const char *file_name, lottie_file_t *file, char *error,
                       size_t error_size)
{
    checker_t c = { .error = error, .size = error_size };
    memset(file, 0, sizeof *file);
    bool ok = lottie_check_composition(&c, root, file) && lottie_check_markers(&c, root, file) &&
              lottie_check_features(&c, root, file) && lottie_check_descriptor(&c, root, file_name, file);
    if (!ok)
        lottie_file_release(file);
    return ok;
}

void lottie_file_release(lottie_file_t *file)
{
    rhc_style_strings_free(&file->strings);
    lottie_effects_free(file->effects);
    file->effects = NULL;
}

/* FNV-1a: tells rlottie's model cache (keyed by our key) that changed
 * bytes are a different model, so a file edited while the host runs is not
 * served from the cache as it was. */
static uint64_t fingerprint(const char *bytes, size_t length)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < length; i++) {
        h ^= (unsigned char)bytes[i];
        h *= 1099511628211ull;
    }
    return h;
}

bool lottie_file_load(const lottie_source_t *source, lottie_file_t *file, Lottie_Animation **animation,
                      char *error, size_t error_size)
{
    char name[NAME_IN_MESSAGE * 2];
    lottie_clean_copy(name, sizeof name, source->file_name, sizeof name - 1);
    memset(file, 0, sizeof *file);
    if (animation != NULL)
        *animation = NULL;
    if (source->error[0] != '\0') {
        snprintf(error, error_size, "%s", source->error);
        return false;
    }
    /* The host shows the path (the descriptor's source) as UTF-8. */
    if (!rhc_is_utf8(source->path, strlen(source->path))) {
        snprintf(error, error_size, "%s: the file's name is not valid UTF-8: rename it", name);
        return false;
    }
    char reason[RH_REASON_MAX];
    size_t length = 0;
    char *bytes = lottie_read_source(source, &length, reason, sizeof reason);
    if (bytes == NULL) {
        snprintf(error, error_size, "%s: %s", name, reason);
        return false;
    }
    if (lottie_is_dotlottie_name(source->file_name)) {
        /* The archive's animation, read in memory; the rest as for a .json. */
        size_t inner_length = 0;
        char *inner = lottie_dotlottie_animation(bytes, length, &inner_length, reason, sizeof reason);
        free(bytes);
        if (inner == NULL) {
            snprintf(error, error_size, "%s: %s", name, reason);
            return false;
        }
        bytes = inner;
        length = inner_length;
    }
    char where[JSON_ERROR_MAX + 32];
    json_document_t *doc = json_parse(bytes, length, where, sizeof where);
    if (doc == NULL) {
        snprintf(error, error_size, "%s: not JSON: %s", name, where);
        free(bytes);
        return false;
    }
    bool ok = lottie_file_check(json_root(doc), source->file_name, file, reason, sizeof reason);
    if (ok && animation != NULL)
        file->effects = lottie_effects_read(json_root(doc));
    json_free(doc);
    if (!ok) {
        snprintf(error, error_size, "%s: %s", name, reason);
        free(bytes);
        return false;
    }
    /* rlottie gets the bytes (after a byte-order mark, which its reader
     * does not skip), never a path to open. */
    const char *data = bytes;
    if (length >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0)
        data += 3;
    size_t key_size = strlen(source->path) + 32;
    char *key = malloc(key_size);
    Lottie_Animation *anim = NULL;
    if (key != NULL) {
        snprintf(key, key_size, "%s#%016llx", source->path, (unsigned long long)fingerprint(bytes, length));
        anim = lottie_animation_from_data(data, key, source->folder);
        free(key);
    }
    free(bytes);
    if (anim == NULL) {
        snprintf(error, error_size, "%s: rlottie could not read it", name);
        lottie_file_release(file);
        return false;
    }
    if (lottie_animation_get_totalframe(anim) == 0) {
        snprintf(error, error_size, "%s: rlottie could not read it (it found no frames)", name);
        lottie_animation_destroy(anim);
        lottie_file_release(file);
        return false;
    }
    if (animation != NULL)
        *animation = anim;
    else
        lottie_animation_destroy(anim);
    return true;
}
