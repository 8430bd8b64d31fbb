/*
 * sequence_util.c - strings, natural order, numbers: what the scan and
 * style.ini need and libc does not quite give (strtod follows the locale,
 * strverscmp is a GNU extension and orders "f01" oddly).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame_sequence.h"

const char *const fs_state_names[FS_STATE_COUNT] = {
    [FS_REFRESHING] = "refreshing", [FS_PULLING] = "pulling", [FS_IDLE] = "idle", [FS_ARMED] = "armed",
    [FS_EXIT] = "exit",             [FS_SUCCESS] = "success", [FS_FAILURE] = "failure",
};

void fs_format(char *out, size_t n, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(out, n, format, args);
    va_end(args);
}

char *fs_strndup(const char *s, size_t n)
{
    char *copy = malloc(n + 1);
    if (copy == NULL)
        return NULL;
    memcpy(copy, s, n);
    copy[n] = '\0';
    return copy;
}

char *fs_strdup(const char *s)
{
    return s == NULL ? NULL : fs_strndup(s, strlen(s));
}

char *fs_clean_text(const char *s, size_t max_bytes)
{
    size_t n = strlen(s);
    char *out = malloc(n + 1);
    if (out == NULL)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t len = rhc_utf8_char(p + i, n - i);
        bool control = len == 1 && (p[i] < 0x20 || p[i] == 0x7F);
        if (len == 0 || control) {
            if (o + 1 > max_bytes)
                break;
            out[o++] = '?';
            i += len == 0 ? 1 : len;
            continue;
        }
        if (o + len > max_bytes)
            break;
        memcpy(out + o, p + i, len);
        o += len;
        i += len;
    }
    out[o] = '\0';
    return out;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int fs_natural_compare(const char *a, const char *b)
{
    const char *x = a, *y = b;
    while (*x && *y) {
        if (is_digit(*x) && is_digit(*y)) {
            /* Compare the runs as numbers: skip leading zeros, then the
             * longer run is larger, then digit by digit. */
            const char *xs = x, *ys = y;
            while (*xs == '0')
                xs++;
            while (*ys == '0')
                ys++;
            const char *xe = xs, *ye = ys;
            while (is_digit(*xe))
                xe++;
            while (is_digit(*ye))
                ye++;
            size_t xl = (size_t)(xe - xs), yl = (size_t)(ye - ys);
            if (xl != yl)
                return xl < yl ? -1 : 1;
            int c = memcmp(xs, ys, xl);
            if (c != 0)
                return c;
            x = xe;
            y = ye;
            continue;
        }
        if (*x != *y)
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        x++;
        y++;
    }
    if (*x || *y)
        return *x ? 1 : -1;
    /* Equal as numbers ("f1" and "f01"): byte order keeps the sort total. */
    return strcmp(a, b);
}

bool fs_ends_with_ci(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    if (m > n)
        return false;
    for (size_t i = 0; i < m; i++) {
        char c = s[n - m + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != suffix[i])
            return false;
    }
    return true;
}

bool fs_parse_number(const char *s, double *out)
{
    double value = 0.0, scale = 1.0;
    bool dot = false, digits = false;
    for (const char *p = s; *p; p++) {
        if (is_digit(*p)) {
            digits = true;
            if (dot) {
                scale /= 10.0;
                value += (*p - '0') * scale;
            } else {
                value = value * 10.0 + (*p - '0');
                if (value > 1e9)
                    return false;
            }
        } else if (*p == '.' && !dot) {
            dot = true;
        } else {
            return false;
        }
    }
    if (!digits)
        return false;
    *out = value;
    return true;
}
