/*
 * lottie_dotlottie.h - dotLottie archives (.lottie: a zip holding
 * manifest.json and one or more animations; version 1 keeps them in
 * animations/ and images in images/, version 2 in a/ and i/), read with
 * libzip from the bytes lottie_read_source read, in memory: nothing is ever
 * written to disk, so no entry can land outside the style's folder.
 *
 * The animation played is the manifest's first. The image files it shows
 * (images/ or i/, or its asset's "u") are embedded into it as data: URIs,
 * so rlottie never opens a file; an image the archive does not hold stays
 * a separate file, which the checks refuse. Archives that try
 * something are refused with one line: entries that climb out ("..") or
 * are absolute, symlinks, an entry that claims more than the limit or
 * inflates past what it claims (a zip bomb), a manifest naming an animation
 * that is not there, a file that is not a zip or is cut short.
 */
#ifndef LOTTIE_DOTLOTTIE_H
#define LOTTIE_DOTLOTTIE_H

#include <stdbool.h>
#include <stddef.h>

/* The most one entry may inflate to, and all of them together. */
#define LOTTIE_DOTLOTTIE_MAX_ENTRY (8u * 1024u * 1024u)
#define LOTTIE_DOTLOTTIE_MAX_TOTAL (32u * 1024u * 1024u)
#define LOTTIE_DOTLOTTIE_MAX_ENTRIES 1000u
/* Inflated / compressed past this (for entries over 1 MiB) is a bomb. */
#define LOTTIE_DOTLOTTIE_MAX_RATIO 100u

/* Whether `name` ends in ".lottie" (any case). */
bool lottie_is_dotlottie_name(const char *name);

/* The manifest's first animation, as malloc'd NUL-terminated JSON bytes,
 * from the archive's `size` bytes; NULL with one line (no file name) in
 * `error` when the archive is refused. */
char *lottie_dotlottie_animation(const char *archive, size_t size, size_t *length, char *error, size_t error_size);

#endif
