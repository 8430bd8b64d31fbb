/*
 * lottie_dotlottie.c - see lottie_dotlottie.h.
 */
#define _XOPEN_SOURCE 700

#include "lottie_dotlottie.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <zip.h>

#include "json.h"

bool lottie_is_dotlottie_name(const char *name)
{
    size_t n = strlen(name);
    return n > 7 && strcasecmp(name + n - 7, ".lottie") == 0;
}

/* An entry name that stays inside the archive's own tree. */
static const char *bad_name(const char *name)
{
    if (name[0] == '/' || name[0] == '\\' || (name[0] != '\0' && name[1] == ':'))
        return "is an absolute path";
    if (strchr(name, '\\') != NULL)
        return "has a backslash in its path";
    for (const char *p = name; *p;) {
        const char *slash = strchr(p, '/');
        size_t len = slash ? (size_t)(slash - p) : strlen(p);
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return "climbs out of the archive (\"..\")";
        p += len + (slash ? 1 : 0);
    }
    return NULL;
}

/* Checks every entry before anything is read. */
static bool check_entries(zip_t *za, char *error, size_t error_size)
{
    zip_int64_t count = zip_get_num_entries(za, 0);
    if (count < 0 || (zip_uint64_t)count > LOTTIE_DOTLOTTIE_MAX_ENTRIES) {
        snprintf(error, error_size, "the archive has more than %u entries", LOTTIE_DOTLOTTIE_MAX_ENTRIES);
        return false;
    }
    zip_uint64_t total = 0;
    for (zip_int64_t i = 0; i < count; i++) {
        zip_stat_t st;
        if (zip_stat_index(za, (zip_uint64_t)i, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) {
            snprintf(error, error_size, "the archive's entry %lld cannot be read: %s", (long long)i + 1,
                     zip_strerror(za));
            return false;
        }
        const char *why = bad_name(st.name);
        if (why != NULL) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" %s", st.name, why);
            return false;
        }
        zip_uint8_t system = 0;
        zip_uint32_t attributes = 0;
        if (zip_file_get_external_attributes(za, (zip_uint64_t)i, 0, &system, &attributes) == 0 &&
            system == ZIP_OPSYS_UNIX && ((attributes >> 16) & S_IFMT) == S_IFLNK) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" is a symbolic link", st.name);
            return false;
        }
        if ((st.valid & ZIP_STAT_SIZE) && st.size > LOTTIE_DOTLOTTIE_MAX_ENTRY) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" is %.1f MiB inflated; an entry may be at most %u MiB",
                     st.name, (double)st.size / (1024.0 * 1024.0), LOTTIE_DOTLOTTIE_MAX_ENTRY / (1024u * 1024u));
            return false;
        }
        if ((st.valid & ZIP_STAT_SIZE) && (st.valid & ZIP_STAT_COMP_SIZE) && st.size > (1u << 20) &&
            st.size / (st.comp_size ? st.comp_size : 1) > LOTTIE_DOTLOTTIE_MAX_RATIO) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" inflates %llu times (a zip bomb?)", st.name,
                     (unsigned long long)(st.size / (st.comp_size ? st.comp_size : 1)));
            return false;
        }
        total += st.size;
        if (total > LOTTIE_DOTLOTTIE_MAX_TOTAL) {
            snprintf(error, error_size, "the archive inflates to more than %u MiB",
                     LOTTIE_DOTLOTTIE_MAX_TOTAL / (1024u * 1024u));
            return false;
        }
    }
    return true;
}

/* The entry `name`, whole, at most the size it declares (more is a bomb that
 * lied); NULL with `*missing` when there is no such entry. */
static char *read_entry(zip_t *za, const char *name, size_t *length, bool *missing, char *error, size_t error_size)
{
    *missing = false;
    zip_stat_t st;
    if (zip_stat(za, name, 0, &st) != 0) {
        *missing = true;
        return NULL;
    }
    zip_file_t *zf = zip_fopen(za, name, 0);
    if (zf == NULL) {
        snprintf(error, error_size, "the archive's entry \"%.80s\" cannot be read: %s", name, zip_strerror(za));
        return NULL;
    }
    size_t declared = (size_t)st.size;
    char *bytes = malloc(declared + 2);
    if (bytes == NULL) {
        zip_fclose(zf);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    size_t used = 0;
    for (;;) {
        /* One byte more than declared: inflating past the claim is refused. */
        zip_int64_t n = zip_fread(zf, bytes + used, declared + 1 - used);
        if (n < 0) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" is damaged: %s", name, zip_file_strerror(zf));
            free(bytes);
            zip_fclose(zf);
            return NULL;
        }
        if (n == 0)
            break;
        used += (size_t)n;
        if (used > declared) {
            snprintf(error, error_size, "the archive's entry \"%.80s\" inflates past the %zu bytes it declares (a zip bomb?)",
                     name, declared);
            free(bytes);
            zip_fclose(zf);
            return NULL;
        }
    }
    zip_fclose(zf);
    bytes[used] = '\0';
    *length = used;
    return bytes;
}

/* ---- images: the archive's image files embedded into the animation ------ */

typedef struct {
    char *data;
    size_t length, capacity;
    bool failed;
} text_t;

static void put(text_t *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->length + n + 1 > t->capacity) {
        size_t capacity = t->capacity ? t->capacity : 4096;
        while (capacity < t->length + n + 1)
            capacity *= 2;
        char *grown = realloc(t->data, capacity);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->data = grown;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, s, n);
    t->length += n;
    t->data[t->length] = '\0';
}

static void put_text(text_t *t, const char *s) { put(t, s, strlen(s)); }

static void put_string(text_t *t, const char *s)
{
    put_text(t, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char escaped[8];
        if (*p == '"' || *p == '\\') {
            escaped[0] = '\\';
            escaped[1] = (char)*p;
            put(t, escaped, 2);
        } else if (*p < 0x20) {
            snprintf(escaped, sizeof escaped, "\\u%04x", *p);
            put_text(t, escaped);
        } else {
            put(t, (const char *)p, 1);
        }
    }
    put_text(t, "\"");
}

/* An image asset and the data: URI that replaces its file. */
typedef struct {
    const json_value_t *asset;
    char *uri;
} embedded_t;

/* The document again, with each embedded image's asset as "e": 1 and "p" its
 * data: URI (json.c refuses NaN and infinities, so every number prints). */
static void put_value(text_t *t, const json_value_t *v, const embedded_t *images, size_t count)
{
    char number[40];
    switch (v->type) {
    case JSON_NULL: put_text(t, "null"); return;
    case JSON_FALSE: put_text(t, "false"); return;
    case JSON_TRUE: put_text(t, "true"); return;
    case JSON_NUMBER:
        snprintf(number, sizeof number, "%.17g", v->as.number);
        put_text(t, number);
        return;
    case JSON_STRING: put_string(t, v->as.string); return;
    case JSON_ARRAY:
        put_text(t, "[");
        for (uint32_t i = 0; i < v->count; i++) {
            if (i > 0)
                put_text(t, ",");
            put_value(t, &v->as.items[i], images, count);
        }
        put_text(t, "]");
        return;
    case JSON_OBJECT: {
        const char *uri = NULL;
        for (size_t i = 0; i < count; i++)
            if (images[i].asset == v)
                uri = images[i].uri;
        put_text(t, "{");
        bool first = true;
        for (uint32_t i = 0; i < v->count; i++) {
            const char *key = v->as.members[i].key;
            if (uri != NULL && (strcmp(key, "p") == 0 || strcmp(key, "u") == 0 || strcmp(key, "e") == 0))
                continue;
            if (!first)
                put_text(t, ",");
            first = false;
            put_string(t, key);
            put_text(t, ":");
            put_value(t, &v->as.members[i].value, images, count);
        }
        if (uri != NULL) {
            put_text(t, first ? "\"u\":\"\",\"e\":1,\"p\":" : ",\"u\":\"\",\"e\":1,\"p\":");
            put_string(t, uri);
        }
        put_text(t, "}");
        return;
    }
    }
}

static char *data_uri(const unsigned char *bytes, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    /* rlottie decodes PNG and JPEG; anything else is noted by the checks. */
    const char *mime = n >= 8 && memcmp(bytes, "\x89PNG\r\n\x1a\n", 8) == 0 ? "image/png"
                       : n >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF ? "image/jpeg"
                                                                                             : "application/octet-stream";
    size_t head = strlen("data:;base64,") + strlen(mime);
    char *uri = malloc(head + (n + 2) / 3 * 4 + 1);
    if (uri == NULL)
        return NULL;
    char *o = uri + snprintf(uri, head + 1, "data:%s;base64,", mime);
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16 | (i + 1 < n ? (uint32_t)bytes[i + 1] << 8 : 0) | (i + 2 < n ? bytes[i + 2] : 0);
        *o++ = digits[(v >> 18) & 63];
        *o++ = digits[(v >> 12) & 63];
        *o++ = i + 1 < n ? digits[(v >> 6) & 63] : '=';
        *o++ = i + 2 < n ? digits[v & 63] : '=';
    }
    *o = '\0';
    return uri;
}

/* The animation with the image files the archive holds (images/ or i/, or
 * the asset's own "u") embedded; an image not in the archive stays a file,
 * which the checks refuse with its name. NULL (and `error`) on a refusal;
 * `animation` itself when there is nothing to embed. */
static char *embed_images(zip_t *za, char *animation, size_t *length, char *error, size_t error_size)
{
    char where[JSON_ERROR_MAX + 32];
    json_document_t *doc = json_parse(animation, *length, where, sizeof where);
    if (doc == NULL)
        return animation; /* the checks say where it is not JSON */
    const json_value_t *assets = json_get_typed(json_root(doc), "assets", JSON_ARRAY);
    embedded_t *images = assets && assets->count ? calloc(assets->count, sizeof *images) : NULL;
    size_t count = 0;
    bool ok = true;
    for (uint32_t i = 0; ok && images && i < assets->count; i++) {
        const json_value_t *a = &assets->as.items[i];
        const char *p = json_get_string(a, "p");
        if (p == NULL || strncmp(p, "data:", 5) == 0 || json_get(a, "layers") != NULL || strlen(p) > 200)
            continue;
        const char *u = json_get_string(a, "u");
        while (u != NULL && *u == '/')
            u++;
        const char *folders[] = { u ? u : "", "images/", "i/" };
        for (size_t f = 0; f < 3; f++) {
            char name[512];
            snprintf(name, sizeof name, "%.250s%s", folders[f], p);
            if (bad_name(name) != NULL)
                continue;
            bool missing = false;
            size_t n = 0;
            char *bytes = read_entry(za, name, &n, &missing, error, error_size);
            if (bytes == NULL && !missing) {
                ok = false;
                break;
            }
            if (bytes == NULL)
                continue;
            images[count].asset = a;
            images[count].uri = data_uri((const unsigned char *)bytes, n);
            free(bytes);
            if (images[count].uri == NULL) {
                snprintf(error, error_size, "out of memory");
                ok = false;
                break;
            }
            count++;
            break;
        }
    }
    char *result = animation;
    if (ok && count > 0) {
        text_t t = { 0 };
        put_value(&t, json_root(doc), images, count);
        if (t.failed || t.length > LOTTIE_DOTLOTTIE_MAX_TOTAL) {
            snprintf(error, error_size, "the animation with its images is over %u MiB", LOTTIE_DOTLOTTIE_MAX_TOTAL >> 20);
            free(t.data);
            ok = false;
        } else {
            free(animation);
            result = t.data;
            *length = t.length;
        }
    }
    for (size_t i = 0; i < count; i++)
        free(images[i].uri);
    free(images);
    json_free(doc);
    if (!ok) {
        free(animation);
        return NULL;
    }
    return result;
}

char *lottie_dotlottie_animation(const char *archive, size_t size, size_t *length, char *error, size_t error_size)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *source = zip_source_buffer_create(archive, size, 0, &ze);
    if (source == NULL) {
        snprintf(error, error_size, "not a dotLottie archive: %s", zip_error_strerror(&ze));
        zip_error_fini(&ze);
        return NULL;
    }
    zip_t *za = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
    if (za == NULL) {
        snprintf(error, error_size, "not a dotLottie archive (a zip): %s", zip_error_strerror(&ze));
        zip_source_free(source);
        zip_error_fini(&ze);
        return NULL;
    }
    zip_error_fini(&ze);
    char *result = NULL;
    if (!check_entries(za, error, error_size))
        goto done;
    size_t manifest_length = 0;
    bool missing = false;
    char *manifest = read_entry(za, "manifest.json", &manifest_length, &missing, error, error_size);
    if (manifest == NULL) {
        if (missing)
            snprintf(error, error_size, "not a dotLottie archive: it has no manifest.json");
        goto done;
    }
    char where[JSON_ERROR_MAX + 32];
    json_document_t *doc = json_parse(manifest, manifest_length, where, sizeof where);
    free(manifest);
    if (doc == NULL) {
        snprintf(error, error_size, "the archive's manifest.json is not JSON: %s", where);
        goto done;
    }
    const json_value_t *animations = json_get_typed(json_root(doc), "animations", JSON_ARRAY);
    const char *id = animations && animations->count > 0 ? json_get_string(&animations->as.items[0], "id") : NULL;
    if (id == NULL || id[0] == '\0' || strlen(id) > 200 || bad_name(id) != NULL || strchr(id, '/') != NULL) {
        snprintf(error, error_size, "the archive's manifest.json lists no animation (\"animations\": [{\"id\": ...}])");
        json_free(doc);
        goto done;
    }
    /* Version 1 keeps animations in animations/, version 2 in a/. */
    char path[256];
    const char *const folders[] = { "animations/", "a/" };
    for (size_t f = 0; f < 2 && result == NULL; f++) {
        snprintf(path, sizeof path, "%s%s.json", folders[f], id);
        result = read_entry(za, path, length, &missing, error, error_size);
        if (result == NULL && !missing)
            break;
    }
    if (result == NULL && missing)
        snprintf(error, error_size, "the archive's manifest names the animation \"%.80s\", which is not in it "
                                    "(animations/%.80s.json or a/%.80s.json)", id, id, id);
    if (result != NULL)
        result = embed_images(za, result, length, error, error_size);
    json_free(doc);
done:
    zip_close(za);
    return result;
}
