/*
 * style_ini.c - a style folder's optional style.ini: `key = value` lines,
 * `#` comments. Strict on purpose: a misspelt key or a bad value is the
 * style's error, naming the line and the key, rather than a silent default
 * the designer never notices.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame_sequence.h"

static const char *const known_keys = "id, name, version, vendor, description, fps, scale, height";

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* A text value: valid UTF-8, no control characters, 1..max bytes. */
static bool text_value(const char *value, size_t max, char **slot, const char *key, unsigned line, char *err,
                       size_t n)
{
    size_t len = strlen(value);
    const char *problem = NULL;
    char why[64];
    if (len == 0) {
        problem = "is empty";
    } else if (!rhc_is_utf8(value, len)) {
        problem = "is not UTF-8";
    } else if (len > max) {
        fs_format(why, sizeof why, "is longer than %zu bytes", max);
        problem = why;
    } else {
        for (const char *p = value; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7F)
                problem = "has control characters";
    }
    if (problem != NULL) {
        fs_format(err, n, "style.ini line %u: %s %s", line, key, problem);
        return false;
    }
    *slot = fs_strdup(value);
    if (*slot == NULL) {
        fs_format(err, n, "style.ini: out of memory");
        return false;
    }
    return true;
}

static bool number_value(const char *value, double min, double max, bool min_open, double *slot, const char *key,
                         const char *range, unsigned line, char *err, size_t n)
{
    double v = 0.0;
    if (!fs_parse_number(value, &v) || v > max || v < min || (min_open && v <= min)) {
        fs_format(err, n, "style.ini line %u: %s = \"%.40s\" is not %s", line, key, value, range);
        return false;
    }
    *slot = v;
    return true;
}

static bool apply(fs_ini_t *ini, const char *key, const char *value, unsigned line, char *err, size_t n)
{
    /* The descriptor's own limits (descriptors.strings): name 64 bytes,
     * version 32, description 512. */
    if (strcmp(key, "id") == 0) {
        /* A short id ("bird") goes under "frames.", as a folder's name
         * does; one with dots is the designer's own reverse-DNS id. */
        char full[300];
        fs_format(full, sizeof full, "%s%s", strchr(value, '.') ? "" : "frames.", value);
        if (strlen(value) > 255 || !rhc_is_reverse_dns(full)) {
            fs_format(err, n,
                      "style.ini line %u: id = \"%.60s\" is not reverse-DNS (like com.example.bird) or a short "
                      "name of letters, digits, '-' and '_'",
                      line, value);
            return false;
        }
        return text_value(full, 255, &ini->strings.id, key, line, err, n);
    }
    if (strcmp(key, "name") == 0)
        return text_value(value, 64, &ini->strings.name, key, line, err, n);
    if (strcmp(key, "version") == 0)
        return text_value(value, 32, &ini->strings.version, key, line, err, n);
    if (strcmp(key, "vendor") == 0)
        return text_value(value, 64, &ini->strings.vendor, key, line, err, n);
    if (strcmp(key, "description") == 0)
        return text_value(value, 512, &ini->strings.description, key, line, err, n);
    if (strcmp(key, "fps") == 0)
        return number_value(value, 1.0, 120.0, false, &ini->fps, key, "a number from 1 to 120", line, err, n);
    if (strcmp(key, "scale") == 0)
        return number_value(value, 0.25, 8.0, false, &ini->scale, key, "a number from 0.25 to 8", line, err, n);
    if (strcmp(key, "height") == 0)
        return number_value(value, 1.0, 1000.0, true, &ini->height, key, "a number of points over 1, at most 1000",
                            line, err, n);
    fs_format(err, n, "style.ini line %u: unknown key \"%.40s\" (known: %s)", line, key, known_keys);
    return false;
}

bool fs_ini_parse(const char *text, size_t size, fs_ini_t *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, '\0', size) != NULL) {
        fs_format(err, n, "style.ini is not text (it holds a NUL byte)");
        return false;
    }
    char *copy = fs_strndup(text, size);
    if (copy == NULL) {
        fs_format(err, n, "style.ini: out of memory");
        return false;
    }
    char *cursor = copy;
    /* A BOM some editors write. */
    if ((unsigned char)cursor[0] == 0xEF && (unsigned char)cursor[1] == 0xBB && (unsigned char)cursor[2] == 0xBF)
        cursor += 3;
    unsigned line = 0;
    char seen[8][16];
    int seen_count = 0;
    bool ok = true;
    while (ok && cursor != NULL && *cursor != '\0') {
        line++;
        char *end = strchr(cursor, '\n');
        char *next = end ? end + 1 : NULL;
        if (end)
            *end = '\0';
        char *s = cursor;
        cursor = next;
        while (is_space(*s))
            s++;
        char *e = s + strlen(s);
        while (e > s && is_space(e[-1]))
            *--e = '\0';
        if (*s == '\0' || *s == '#')
            continue;
        char *eq = strchr(s, '=');
        if (eq == NULL) {
            fs_format(err, n, "style.ini line %u: expected key = value, found \"%.40s\"", line, s);
            ok = false;
            break;
        }
        char *key_end = eq;
        while (key_end > s && is_space(key_end[-1]))
            key_end--;
        *key_end = '\0';
        char *value = eq + 1;
        while (is_space(*value))
            value++;
        /* "..." keeps spaces at either end. */
        size_t vlen = strlen(value);
        if (vlen >= 2 && value[0] == '"' && value[vlen - 1] == '"') {
            value[vlen - 1] = '\0';
            value++;
        }
        if (*s == '\0') {
            fs_format(err, n, "style.ini line %u: a value with no key", line);
            ok = false;
            break;
        }
        for (int i = 0; i < seen_count; i++)
            if (strcmp(seen[i], s) == 0) {
                fs_format(err, n, "style.ini line %u: %s is set twice", line, s);
                ok = false;
            }
        if (!ok)
            break;
        ok = apply(out, s, value, line, err, n);
        /* Only known keys get here, and there are 8 of them. */
        if (ok && seen_count < 8 && strlen(s) < sizeof seen[0])
            memcpy(seen[seen_count++], s, strlen(s) + 1);
    }
    free(copy);
    if (!ok)
        fs_ini_free(out);
    return ok;
}

void fs_ini_free(fs_ini_t *ini)
{
    rhc_style_strings_free(&ini->strings);
    memset(ini, 0, sizeof *ini);
}
