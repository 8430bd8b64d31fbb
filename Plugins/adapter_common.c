/*
 * adapter_common.c - see adapter_common.h. Built into each adapter with the
 * Makefile's STYLE_SOURCES_<Name>, compiled with the adapter's own flags.
 */
#define _XOPEN_SOURCE 700 /* realpath, strdup */

#include "adapter_common.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ---- UTF-8 ----------------------------------------------------------------- */

size_t rhc_utf8_char(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (len == 0 || c > 0xF4 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (len == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0)))
        return 0;
    if (len == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90)))
        return 0;
    return len;
}

bool rhc_is_utf8(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t len = rhc_utf8_char(p + i, n - i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

/* ---- ids ------------------------------------------------------------------- */

bool rhc_is_reverse_dns(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > 255)
        return false;
    int labels = 1;
    size_t label_length = 0;
    for (size_t i = 0; i < n; i++) {
        char c = id[i];
        if (c == '.') {
            if (label_length == 0)
                return false;
            labels++;
            label_length = 0;
            continue;
        }
        bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
        if (!ok)
            return false;
        label_length++;
    }
    return label_length > 0 && labels >= 2;
}

char *rhc_id_from_name(const char *prefix, const char *name, const char *fallback)
{
    char body[201];
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p && n < sizeof body - 1; p++) {
        unsigned char c = *p;
        if (c >= 0x80) {
            while ((p[1] & 0xC0) == 0x80)
                p++;
            c = '-';
        } else if (c >= 'A' && c <= 'Z') {
            c = (unsigned char)(c - 'A' + 'a');
        } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-')) {
            c = '-';
        }
        body[n++] = (char)c;
    }
    body[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (body[i] == '.' && (i == 0 || i + 1 == n || body[i + 1] == '.'))
            body[i] = '-';
    if (n == 0)
        snprintf(body, sizeof body, "%s", fallback);
    size_t size = strlen(prefix) + strlen(body) + 1;
    char *id = malloc(size);
    if (id != NULL)
        snprintf(id, size, "%s%s", prefix, body);
    return id;
}

/* ---- paths ----------------------------------------------------------------- */

char *rhc_join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    bool slash = a > 0 && dir[a - 1] == '/';
    char *path = malloc(a + b + 2);
    if (path == NULL)
        return NULL;
    memcpy(path, dir, a);
    if (!slash)
        path[a++] = '/';
    memcpy(path + a, name, b + 1);
    return path;
}

char *rhc_real_folder(const char *path)
{
    char real[PATH_MAX];
    if (path == NULL || realpath(path, real) == NULL)
        return NULL;
    char *slash = strrchr(real, '/');
    if (slash == NULL)
        return NULL;
    /* "/" is the one folder that keeps its slash. */
    *(slash == real ? slash + 1 : slash) = '\0';
    return strdup(real);
}

/* ---- the descriptor -------------------------------------------------------- */

void rhc_style_strings_free(rhc_style_strings_t *strings)
{
    free(strings->id);
    free(strings->name);
    free(strings->version);
    free(strings->vendor);
    free(strings->description);
    *strings = (rhc_style_strings_t){ 0 };
}

rh_style_descriptor_t rhc_descriptor(const rhc_style_strings_t *strings, const char *const *tags, double height,
                                     double cycle_duration, rh_anchor_t anchor, const char *source)
{
    return (rh_style_descriptor_t){
        .struct_size = sizeof(rh_style_descriptor_t),
        .id = strings->id,
        .name = strings->name,
        .version = strings->version,
        .vendor = strings->vendor,
        .description = strings->description,
        .tags = tags,
        .height = height,
        .cycle_duration = cycle_duration,
        .cycle_delay = 0.0,
        .cycle_curve = RH_CURVE_LINEAR,
        .cycle_spring_damping = 0.8,
        .cycle_spring_velocity = 1.0,
        .presentation = RH_PRESENTATION_SLIDE_DOWN,
        .anchor = anchor,
        .trigger_distance = 0.0,
        .max_pull = 0.0,
        .trigger = RH_TRIGGER_DEFAULT,
        .physics = RH_PHYSICS_DEFAULT,
        .flags = RH_STYLE_FOOTER,
        .announcements = NULL,
        .param_count = 0,
        .params = NULL,
        .source = source,
    };
}
