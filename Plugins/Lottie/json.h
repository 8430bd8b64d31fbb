/*
 * json.h - a small, strict JSON parser for the Lottie adapter.
 *
 * Why our own: the adapter must say exactly where a designer's file is
 * broken (line and column) before rlottie, which only answers yes or no,
 * ever sees it, and it must look at every key (markers, expressions, layer
 * types) to explain what rlottie would silently drop.
 *
 * RFC 8259 and nothing more: no comments, no trailing commas, no NaN or
 * Infinity, strings must be valid UTF-8 (a leading byte-order mark is
 * skipped). Nesting is limited to JSON_MAX_DEPTH so that a hostile file
 * cannot exhaust the stack. Numbers are doubles; one that overflows a
 * double is an error, not infinity.
 */
#ifndef LOTTIE_JSON_H
#define LOTTIE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 128
/* Longest error message json_parse writes (including the NUL). */
#define JSON_ERROR_MAX 160

typedef enum {
    JSON_NULL = 0,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type_t;

typedef struct json_member json_member_t;

/* One value. Children are stored contiguously: an array's items are
 * `items[0..count)`, an object's members `members[0..count)` in file order. */
typedef struct json_value {
    json_type_t type;
    uint32_t line; /* where the value starts, 1-based */
    uint32_t column;
    uint32_t count; /* ARRAY items, OBJECT members, STRING bytes (without the NUL) */
    union {
        double number;
        const char *string; /* NUL-terminated, valid UTF-8, no NUL inside */
        struct json_value *items;
        json_member_t *members;
    } as;
} json_value_t;

struct json_member {
    const char *key; /* NUL-terminated, valid UTF-8 */
    json_value_t value;
};

/* A parsed document: the root value and the memory that holds everything. */
typedef struct json_document json_document_t;

/* Parses `length` bytes of `text` (which need not be NUL-terminated).
 * Returns NULL on error, with "line L, column C: what" in `error`
 * (columns count characters, not bytes). */
json_document_t *json_parse(const char *text, size_t length, char *error, size_t error_size);
const json_value_t *json_root(const json_document_t *document);
void json_free(json_document_t *document);

/* The value of `key` in an object (the last one, as a streaming reader such
 * as rlottie's keeps the last), or NULL when `object` is not an object or
 * has no such key. */
const json_value_t *json_get(const json_value_t *object, const char *key);
/* The same, only when the value has `type`. */
const json_value_t *json_get_typed(const json_value_t *object, const char *key, json_type_t type);
/* The string of a key, or NULL when missing or not a string. */
const char *json_get_string(const json_value_t *object, const char *key);
/* Stores the number of a key in *out; false when missing or not a number. */
bool json_get_number(const json_value_t *object, const char *key, double *out);
/* "a number", "a string", ... for messages. */
const char *json_type_name(json_type_t type);

#endif
