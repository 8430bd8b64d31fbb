/*
 * lottie_descriptor.c - the descriptor's values from a file (refreshHost,
 * else the composition's name, the author and the file name), and names from
 * a file made fit for one line of a message or a descriptor.
 */
#define _XOPEN_SOURCE 700 /* strdup */

#include "lottie_check.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- strings for messages and descriptors -------------------------------- */

/* Copies at most `limit` bytes of `s` (cut at a character boundary), with
 * control characters as spaces and bytes that are not UTF-8 as '?': names
 * from a file go on one line of a message or a descriptor. */
void lottie_clean_copy(char *out, size_t out_size, const char *s, size_t limit)
{
    size_t n = 0;
    if (limit >= out_size)
        limit = out_size - 1;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t len = rhc_utf8_char(p, SIZE_MAX);
        if (n + (len ? len : 1) > limit)
            break;
        if (len == 0) {
            out[n++] = '?';
            p++;
        } else if (len == 1) {
            out[n++] = (*p < 0x20 || *p == 0x7F) ? ' ' : (char)*p;
            p++;
        } else {
            memcpy(out + n, p, len);
            n += len;
            p += len;
        }
    }
    out[n] = '\0';
}

/* A quoted name for a message: "Box". */
const char *lottie_quoted(char *buffer, size_t size, const char *name)
{
    char clean[NAME_IN_MESSAGE + 1];
    lottie_clean_copy(clean, sizeof clean, name, NAME_IN_MESSAGE);
    snprintf(buffer, size, "\"%s\"", clean);
    return buffer;
}

static bool has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F)
            return true;
    return false;
}

static char *copy_string(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* ---- the descriptor's values --------------------------------------------- */

/* A refreshHost string field: absent (NULL, true), or a clean string. */
static bool host_string(checker_t *c, const json_value_t *host, const char *key, size_t limit, const char **out)
{
    *out = NULL;
    const json_value_t *v = json_get(host, key);
    if (v == NULL)
        return true;
    if (v->type != JSON_STRING)
        return fail(c, "refreshHost.%s is %s, not a string", key, json_type_name(v->type));
    if (v->count == 0)
        return fail(c, "refreshHost.%s is empty", key);
    if (v->count > limit)
        return fail(c, "refreshHost.%s is %u bytes long; it may be at most %zu", key, v->count, limit);
    if (has_control(v->as.string))
        return fail(c, "refreshHost.%s has a control character (a line break, a tab)", key);
    *out = v->as.string;
    return true;
}

bool lottie_check_descriptor(checker_t *c, const json_value_t *root, const char *file_name, lottie_file_t *file)
{
    static const char *const keys[] = { "id", "name", "version", "vendor", "description", "height", "drawing" };
    const json_value_t *host = json_get(root, "refreshHost");
    if (host != NULL && host->type != JSON_OBJECT)
        return fail(c, "\"refreshHost\" is %s, not an object", json_type_name(host->type));
    for (uint32_t i = 0; host && i < host->count; i++) {
        bool known = false;
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            known = known || strcmp(host->as.members[i].key, keys[k]) == 0;
        char q[NAME_IN_MESSAGE + 4];
        if (!known)
            return fail(c, "refreshHost has the unknown key %s: its keys are id, name, version, vendor, "
                           "description, height and drawing", lottie_quoted(q, sizeof q, host->as.members[i].key));
    }
    const char *id = NULL, *name = NULL, *version = NULL, *vendor = NULL, *description = NULL;
    if (!host_string(c, host, "id", 255, &id) || !host_string(c, host, "name", 64, &name) ||
        !host_string(c, host, "version", 32, &version) || !host_string(c, host, "vendor", 255, &vendor) ||
        !host_string(c, host, "description", 512, &description))
        return false;
    char q[NAME_IN_MESSAGE + 4];
    /* A short id ("bloom") is put under "lottie.", as a file name is; one
     * with dots is the designer's own reverse-DNS id and is kept. */
    char short_id[300];
    if (id != NULL && strchr(id, '.') == NULL) {
        snprintf(short_id, sizeof short_id, "lottie.%s", id);
        if (!rhc_is_reverse_dns(short_id))
            return fail(c, "refreshHost.id %s may hold only letters, digits, '-' and '_' (or be reverse-DNS, like "
                           "com.example.spinner)", lottie_quoted(q, sizeof q, id));
        id = short_id;
    }
    if (id != NULL && !rhc_is_reverse_dns(id))
        return fail(c, "refreshHost.id %s is not reverse-DNS (like com.example.spinner: letters, digits, '-' and "
                       "'_' in two or more parts joined by dots)", lottie_quoted(q, sizeof q, id));
    const char *drawing = NULL;
    if (!host_string(c, host, "drawing", 16, &drawing))
        return false;
    if (drawing != NULL && strcmp(drawing, "shapes") != 0 && strcmp(drawing, "pixels") != 0)
        return fail(c, "refreshHost.drawing is %s; it is \"shapes\" or \"pixels\"",
                    lottie_quoted(q, sizeof q, drawing));
    file->pixels_only = drawing != NULL && strcmp(drawing, "pixels") == 0;
    const json_value_t *height = json_get(host, "height");
    if (height != NULL && height->type != JSON_NUMBER)
        return fail(c, "refreshHost.height is %s, not a number", json_type_name(height->type));
    if (height != NULL && !(height->as.number > 1 && height->as.number <= 1000))
        return fail(c, "refreshHost.height is %g; it must be above 1 and at most 1000 (points)", height->as.number);

    /* The stem: the file name without ".json". */
    char stem[256];
    lottie_clean_copy(stem, sizeof stem, file_name, sizeof stem - 1);
    size_t sn = strlen(stem);
    if (sn > 5 && stem[sn - 5] == '.' && tolower((unsigned char)stem[sn - 4]) == 'j' &&
        tolower((unsigned char)stem[sn - 3]) == 's' && tolower((unsigned char)stem[sn - 2]) == 'o' &&
        tolower((unsigned char)stem[sn - 1]) == 'n')
        stem[sn - 5] = '\0';
    else if (sn > 7 && strcasecmp(stem + sn - 7, ".lottie") == 0)
        stem[sn - 7] = '\0';

    char fallback_name[65], fallback_vendor[256], fallback_description[513];
    if (name == NULL) {
        const char *nm = json_get_string(root, "nm");
        lottie_clean_copy(fallback_name, sizeof fallback_name, nm ? nm : "", 64);
        /* Trim spaces a control character became. */
        size_t n = strlen(fallback_name);
        while (n > 0 && fallback_name[n - 1] == ' ')
            fallback_name[--n] = '\0';
        char *start = fallback_name;
        while (*start == ' ')
            start++;
        if (*start == '\0')
            lottie_clean_copy(fallback_name, sizeof fallback_name, stem, 64);
        else
            memmove(fallback_name, start, strlen(start) + 1);
        if (fallback_name[0] == '\0')
            snprintf(fallback_name, sizeof fallback_name, "Lottie");
        name = fallback_name;
    }
    if (vendor == NULL) {
        const char *author = json_get_string(json_get(root, "meta"), "a");
        if (author != NULL && author[0] != '\0') {
            lottie_clean_copy(fallback_vendor, sizeof fallback_vendor, author, 255);
            vendor = fallback_vendor;
        }
    }
    if (description == NULL) {
        char clean_file[400];
        lottie_clean_copy(clean_file, sizeof clean_file, file_name, 255);
        snprintf(fallback_description, sizeof fallback_description, "Lottie animation from %s", clean_file);
        description = fallback_description;
    }
    /* "lottie." + the stem when the file names no id. */
    rhc_style_strings_t *strings = &file->strings;
    strings->id = id ? strdup(id) : rhc_id_from_name("lottie.", stem, "animation");
    strings->name = strdup(name);
    strings->version = strdup(version ? version : "1.0.0");
    strings->vendor = copy_string(vendor);
    strings->description = strdup(description);
    if (strings->id == NULL || strings->name == NULL || strings->version == NULL || strings->description == NULL ||
        (vendor != NULL && strings->vendor == NULL))
        return fail(c, "out of memory");
    if (height != NULL) {
        file->style_height = height->as.number;
    } else {
        /* The animation's own height, within what a header shows. */
        double h = file->height;
        file->style_height = h > LOTTIE_DEFAULT_MAX_HEIGHT ? LOTTIE_DEFAULT_MAX_HEIGHT : h < 2 ? 2 : h;
    }
    return true;
}
