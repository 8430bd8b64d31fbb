/*
 * adapter_common.h - what the two adapters that make styles of designers'
 * files (Plugins/Lottie, Plugins/FrameSequence) share: they must read names
 * as the same UTF-8, hold ids to the host's one rule, make an id from a
 * file or folder name the same way and describe a style alike, so each of
 * these is written once and compiled into both libraries.
 *
 * A file beside the style folders rather than a folder of its own: every
 * folder under Plugins/ is one bundled library (the Makefile, the README and
 * the tests count them).
 *
 * Nothing here is exported: the libraries are built with
 * -fvisibility=hidden and export rh_entry alone. The rhc_ prefix keeps these
 * names apart from each adapter's own.
 */
#ifndef ADAPTER_COMMON_H
#define ADAPTER_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "refresh_host.h"

/* The length of the UTF-8 character at s (1 to 4), or 0 when the bytes there
 * are not one: overlong forms, surrogates, code points past U+10FFFF and a
 * sequence longer than the n bytes left all count as not UTF-8. A
 * NUL-terminated string may pass SIZE_MAX: its NUL, no continuation byte,
 * cuts a sequence short. */
size_t rhc_utf8_char(const unsigned char *s, size_t n);
/* Whether the n bytes at s are UTF-8, as the host requires of every string a
 * descriptor holds. */
bool rhc_is_utf8(const char *s, size_t n);

/* The host's rule for a style id: at least two dot-separated labels of
 * [A-Za-z0-9_-], at most 255 bytes. An adapter checks it itself, so that a
 * bad id is one file's error and not a library the host refuses. */
bool rhc_is_reverse_dns(const char *id);

/* The id of a style that names none: `prefix` ("lottie.") + `name` (a file's
 * stem, a folder's name) lowercased, each character outside [a-z0-9.-] a '-'
 * (one per UTF-8 character), and so is a dot that would leave an empty label;
 * `fallback` when nothing is left. Always reverse-DNS, so a designer never has
 * to name one. Malloc'd; NULL when out of memory. */
char *rhc_id_from_name(const char *prefix, const char *name, const char *fallback);

/* "dir/name", malloc'd (no second slash when dir ends in one). */
char *rhc_join(const char *dir, const char *name);

/* The real folder that holds the real file `path` names (links resolved),
 * malloc'd; NULL when it cannot be resolved. An adapter's bundled styles sit
 * beside its real .so, not beside a link to it. */
char *rhc_real_folder(const char *path);

/* A descriptor's strings, malloc'd: vendor may be NULL, the others are set
 * once a style has loaded. */
typedef struct rhc_style_strings {
    char *id, *name, *version, *vendor, *description;
} rhc_style_strings_t;

/* Frees the strings and sets them to NULL. */
void rhc_style_strings_free(rhc_style_strings_t *strings);

/* The descriptor of a style made from a designer's file, which only the file
 * and the adapter's choices (tags, anchor) shape: it slides down with the
 * content, its cycle is linear (the file's frames are the motion; the
 * animate block only times the cycle), it reads as well at the bottom of a
 * list (RH_STYLE_FOOTER), it has no parameters and leaves the rest to the
 * host. The strings stay owned by the caller. */
rh_style_descriptor_t rhc_descriptor(const rhc_style_strings_t *strings, const char *const *tags, double height,
                                     double cycle_duration, rh_anchor_t anchor, const char *source);

#endif /* ADAPTER_COMMON_H */
