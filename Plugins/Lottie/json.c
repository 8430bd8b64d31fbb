/*
 * json.c - see json.h. A recursive-descent parser that builds the tree in an
 * arena: an 8 MiB Lottie file is mostly numbers, so each value is one small
 * node, children are copied into one contiguous block when their container
 * closes (they wait on a shared stack until then), and everything is freed
 * at once.
 */
#include "json.h"

#include "adapter_common.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- arena --------------------------------------------------------------- */

typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t used, size;
    max_align_t data[]; /* aligned storage follows */
} arena_chunk_t;

#define ARENA_CHUNK (256u * 1024u)

struct json_document {
    arena_chunk_t *chunks;
    json_value_t root;
};

static void *arena_alloc(json_document_t *doc, size_t size)
{
    size = (size + 15u) & ~(size_t)15u;
    arena_chunk_t *c = doc->chunks;
    if (c == NULL || c->size - c->used < size) {
        size_t capacity = size > ARENA_CHUNK ? size : ARENA_CHUNK;
        c = malloc(sizeof *c + capacity);
        if (c == NULL)
            return NULL;
        c->size = capacity;
        c->used = 0;
        c->next = doc->chunks;
        doc->chunks = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    return p;
}

void json_free(json_document_t *doc)
{
    if (doc == NULL)
        return;
    arena_chunk_t *c = doc->chunks;
    while (c != NULL) {
        arena_chunk_t *next = c->next;
        free(c);
        c = next;
    }
    free(doc);
}

const json_value_t *json_root(const json_document_t *doc)
{
    return doc ? &doc->root : NULL;
}

/* ---- parser state -------------------------------------------------------- */

typedef struct {
    const char *text, *p, *end;
    size_t line;
    const char *line_start;
    int depth;
    json_document_t *doc;
    /* Children of the containers being parsed, waiting to be copied out. */
    json_value_t *values;
    size_t value_count, value_capacity;
    json_member_t *members;
    size_t member_count, member_capacity;
    /* Scratch for decoding one string. */
    char *scratch;
    size_t scratch_capacity;
    char *error;
    size_t error_size;
    bool failed;
} parser_t;

/* Records the first error, at `at`, as "line L, column C: message". */
static bool fail_at(parser_t *ps, const char *at, const char *format, ...)
{
    if (ps->failed)
        return false;
    ps->failed = true;
    if (ps->error == NULL || ps->error_size == 0)
        return false;
    /* Columns count characters (UTF-8 lead bytes) so they match an editor. */
    size_t column = 1;
    for (const char *q = ps->line_start; q < at; q++)
        if (((unsigned char)*q & 0xC0) != 0x80)
            column++;
    char message[JSON_ERROR_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    snprintf(ps->error, ps->error_size, "line %zu, column %zu: %s", ps->line, column, message);
    return false;
}

static bool out_of_memory(parser_t *ps)
{
    return fail_at(ps, ps->p, "out of memory");
}

static void skip_space(parser_t *ps)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (c == '\n') {
            ps->p++;
            ps->line++;
            ps->line_start = ps->p;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            ps->p++;
        } else {
            break;
        }
    }
}

/* Names the character at p for a message: 'x', a code, or the end. */
static const char *describe(parser_t *ps, char *buffer, size_t size)
{
    if (ps->p >= ps->end)
        return "the end of the file";
    unsigned char c = (unsigned char)*ps->p;
    if (c >= 0x21 && c < 0x7F)
        snprintf(buffer, size, "'%c'", c);
    else
        snprintf(buffer, size, "byte 0x%02X", c);
    return buffer;
}

/* ---- strings ------------------------------------------------------------- */

static bool scratch_reserve(parser_t *ps, size_t need)
{
    if (need <= ps->scratch_capacity)
        return true;
    size_t capacity = ps->scratch_capacity ? ps->scratch_capacity : 256;
    while (capacity < need)
        capacity *= 2;
    char *grown = realloc(ps->scratch, capacity);
    if (grown == NULL)
        return false;
    ps->scratch = grown;
    ps->scratch_capacity = capacity;
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads the 4 hex digits after "\u" at p; -1 when they are not hex. */
static long read_hex4(const char *p, const char *end)
{
    if (end - p < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(p[i]);
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Records an error and makes the string parser return NULL. */
#define FAIL_NULL(...)          \
    do {                        \
        fail_at(__VA_ARGS__);   \
        return NULL;            \
    } while (0)

/* Parses a string at p (on the opening quote) into the arena. */
static const char *parse_string(parser_t *ps, uint32_t *length_out)
{
    const char *start = ps->p;
    ps->p++; /* the quote */
    size_t length = 0;
    for (;;) {
        if (ps->p >= ps->end)
            FAIL_NULL(ps, start, "this string is not closed (no '\"' before the end of the file)");
        unsigned char c = (unsigned char)*ps->p;
        if (c == '"') {
            ps->p++;
            break;
        }
        /* Room for the longest thing one step can append (4 bytes). */
        if (!scratch_reserve(ps, length + 5))
            FAIL_NULL(ps, ps->p, "out of memory");
        if (c == '\n') {
            fail_at(ps, ps->p, "this string is not closed before the end of the line");
            return NULL;
        }
        if (c < 0x20) {
            fail_at(ps, ps->p, "a control character (byte 0x%02X) in a string: write it as an escape", c);
            return NULL;
        }
        if (c == '\\') {
            const char *escape = ps->p;
            if (ps->end - ps->p < 2)
                FAIL_NULL(ps, escape, "the file ends inside an escape");
            char e = ps->p[1];
            ps->p += 2;
            switch (e) {
            case '"': ps->scratch[length++] = '"'; break;
            case '\\': ps->scratch[length++] = '\\'; break;
            case '/': ps->scratch[length++] = '/'; break;
            case 'b': ps->scratch[length++] = '\b'; break;
            case 'f': ps->scratch[length++] = '\f'; break;
            case 'n': ps->scratch[length++] = '\n'; break;
            case 'r': ps->scratch[length++] = '\r'; break;
            case 't': ps->scratch[length++] = '\t'; break;
            case 'u': {
                long cp = read_hex4(ps->p, ps->end);
                if (cp < 0)
                    FAIL_NULL(ps, escape, "\\u must be followed by 4 hex digits");
                ps->p += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    long low = (ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u')
                                   ? read_hex4(ps->p + 2, ps->end)
                                   : -1;
                    if (low < 0xDC00 || low > 0xDFFF)
                        FAIL_NULL(ps, escape, "\\u%04lX is half of a surrogate pair with no second half", cp);
                    ps->p += 6;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    FAIL_NULL(ps, escape, "\\u%04lX is the second half of a surrogate pair, alone", cp);
                } else if (cp == 0) {
                    /* Strings end up as C strings (names, rlottie's keys). */
                    FAIL_NULL(ps, escape, "\\u0000 (a NUL character) in a string is not supported");
                }
                length += put_utf8(ps->scratch + length, (unsigned long)cp);
                break;
            }
            default:
                if (e >= 0x21 && e < 0x7F)
                    fail_at(ps, escape, "\\%c is not a JSON escape", e);
                else
                    fail_at(ps, escape, "a '\\' must be followed by an escape letter");
                return NULL;
            }
            continue;
        }
        if (c < 0x80) {
            ps->scratch[length++] = (char)c;
            ps->p++;
            continue;
        }
        size_t n = rhc_utf8_char((const unsigned char *)ps->p, (size_t)(ps->end - ps->p));
        if (n == 0)
            FAIL_NULL(ps, ps->p, "a string holds bytes that are not UTF-8 (byte 0x%02X)", c);
        memcpy(ps->scratch + length, ps->p, n);
        length += n;
        ps->p += n;
    }
    if (length > UINT32_MAX - 1)
        FAIL_NULL(ps, start, "a string is too long");
    char *copy = arena_alloc(ps->doc, length + 1);
    if (copy == NULL)
        FAIL_NULL(ps, ps->p, "out of memory");
    if (length > 0) /* no scratch yet for "" */
        memcpy(copy, ps->scratch, length);
    copy[length] = '\0';
    *length_out = (uint32_t)length;
    return copy;
}

/* ---- numbers ------------------------------------------------------------- */

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool parse_number(parser_t *ps, json_value_t *out)
{
    const char *start = ps->p, *q = ps->p;
    if (q < ps->end && *q == '-')
        q++;
    if (q < ps->end && (*q == 'I' || *q == 'i'))
        return fail_at(ps, start, "-Infinity is not JSON: write a number");
    if (q >= ps->end || !is_digit(*q))
        return fail_at(ps, start, "a '-' must be followed by digits");
    if (*q == '0') {
        q++;
        if (q < ps->end && is_digit(*q))
            return fail_at(ps, start, "a number may not start with 0 (write 7, not 07)");
    } else {
        while (q < ps->end && is_digit(*q))
            q++;
    }
    const char *point = NULL;
    if (q < ps->end && *q == '.') {
        point = q++;
        if (q >= ps->end || !is_digit(*q))
            return fail_at(ps, start, "a '.' in a number must be followed by digits");
        while (q < ps->end && is_digit(*q))
            q++;
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < ps->end && (*q == '+' || *q == '-'))
            q++;
        if (q >= ps->end || !is_digit(*q))
            return fail_at(ps, start, "an exponent in a number must have digits");
        while (q < ps->end && is_digit(*q))
            q++;
    }
    /* strtod wants a NUL-terminated copy, with the locale's decimal point
     * (the host may have set a locale that writes 1,5). */
    size_t n = (size_t)(q - start);
    const char *decimal = localeconv()->decimal_point;
    size_t decimal_length = (decimal && *decimal) ? strlen(decimal) : 1;
    char small[64];
    char *copy = n + decimal_length < sizeof small ? small : malloc(n + decimal_length + 1);
    if (copy == NULL)
        return out_of_memory(ps);
    size_t at = 0;
    for (const char *c = start; c < q; c++) {
        if (c == point && decimal && *decimal) {
            memcpy(copy + at, decimal, decimal_length);
            at += decimal_length;
        } else {
            copy[at++] = *c;
        }
    }
    copy[at] = '\0';
    errno = 0;
    char *stop = NULL;
    double value = strtod(copy, &stop);
    bool whole = stop == copy + at;
    bool overflow = errno == ERANGE && isinf(value);
    if (copy != small)
        free(copy);
    if (!whole)
        return fail_at(ps, start, "this number could not be read");
    if (overflow || !isfinite(value))
        return fail_at(ps, start, "this number is too large for a double");
    /* An underflow reads as 0 or a tiny number, which is what it means. */
    out->type = JSON_NUMBER;
    out->as.number = value;
    ps->p = q;
    return true;
}

/* ---- values -------------------------------------------------------------- */

static bool parse_value(parser_t *ps, json_value_t *out);

static bool push_value(parser_t *ps, const json_value_t *v)
{
    if (ps->value_count == ps->value_capacity) {
        size_t capacity = ps->value_capacity ? ps->value_capacity * 2 : 256;
        json_value_t *grown = realloc(ps->values, capacity * sizeof *grown);
        if (grown == NULL)
            return out_of_memory(ps);
        ps->values = grown;
        ps->value_capacity = capacity;
    }
    ps->values[ps->value_count++] = *v;
    return true;
}

static bool push_member(parser_t *ps, const json_member_t *m)
{
    if (ps->member_count == ps->member_capacity) {
        size_t capacity = ps->member_capacity ? ps->member_capacity * 2 : 64;
        json_member_t *grown = realloc(ps->members, capacity * sizeof *grown);
        if (grown == NULL)
            return out_of_memory(ps);
        ps->members = grown;
        ps->member_capacity = capacity;
    }
    ps->members[ps->member_count++] = *m;
    return true;
}

static bool parse_array(parser_t *ps, json_value_t *out)
{
    const char *open = ps->p;
    ps->p++;
    size_t mark = ps->value_count;
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == ']') {
        ps->p++;
    } else {
        for (;;) {
            json_value_t item;
            if (!parse_value(ps, &item) || !push_value(ps, &item))
                return false;
            skip_space(ps);
            if (ps->p >= ps->end)
                return fail_at(ps, open, "this '[' is not closed (no ']' before the end of the file)");
            if (*ps->p == ']') {
                ps->p++;
                break;
            }
            if (*ps->p != ',') {
                char what[24];
                return fail_at(ps, ps->p, "expected ',' or ']' after a list item, found %s",
                               describe(ps, what, sizeof what));
            }
            ps->p++;
            skip_space(ps);
            if (ps->p < ps->end && *ps->p == ']')
                return fail_at(ps, ps->p, "a ',' right before ']' (a trailing comma) is not JSON");
        }
    }
    size_t count = ps->value_count - mark;
    if (count > UINT32_MAX)
        return fail_at(ps, open, "a list is too long");
    out->type = JSON_ARRAY;
    out->count = (uint32_t)count;
    out->as.items = NULL;
    if (count > 0) {
        out->as.items = arena_alloc(ps->doc, count * sizeof(json_value_t));
        if (out->as.items == NULL)
            return out_of_memory(ps);
        memcpy(out->as.items, ps->values + mark, count * sizeof(json_value_t));
    }
    ps->value_count = mark;
    return true;
}

static bool parse_object(parser_t *ps, json_value_t *out)
{
    const char *open = ps->p;
    ps->p++;
    size_t mark = ps->member_count;
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == '}') {
        ps->p++;
    } else {
        for (;;) {
            char what[24];
            if (ps->p >= ps->end)
                return fail_at(ps, open, "this '{' is not closed (no '}' before the end of the file)");
            if (*ps->p != '"')
                return fail_at(ps, ps->p, "expected a key in double quotes, found %s",
                               describe(ps, what, sizeof what));
            json_member_t member;
            uint32_t key_length = 0;
            member.key = parse_string(ps, &key_length);
            if (member.key == NULL)
                return false;
            skip_space(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail_at(ps, ps->p, "expected ':' after the key \"%.40s\", found %s", member.key,
                               describe(ps, what, sizeof what));
            ps->p++;
            if (!parse_value(ps, &member.value) || !push_member(ps, &member))
                return false;
            skip_space(ps);
            if (ps->p >= ps->end)
                return fail_at(ps, open, "this '{' is not closed (no '}' before the end of the file)");
            if (*ps->p == '}') {
                ps->p++;
                break;
            }
            if (*ps->p != ',')
                return fail_at(ps, ps->p, "expected ',' or '}' after a value, found %s",
                               describe(ps, what, sizeof what));
            ps->p++;
            skip_space(ps);
            if (ps->p < ps->end && *ps->p == '}')
                return fail_at(ps, ps->p, "a ',' right before '}' (a trailing comma) is not JSON");
        }
    }
    size_t count = ps->member_count - mark;
    if (count > UINT32_MAX)
        return fail_at(ps, open, "an object is too long");
    out->type = JSON_OBJECT;
    out->count = (uint32_t)count;
    out->as.members = NULL;
    if (count > 0) {
        out->as.members = arena_alloc(ps->doc, count * sizeof(json_member_t));
        if (out->as.members == NULL)
            return out_of_memory(ps);
        memcpy(out->as.members, ps->members + mark, count * sizeof(json_member_t));
    }
    ps->member_count = mark;
    return true;
}

static bool literal(parser_t *ps, const char *word, json_type_t type, json_value_t *out)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
        return false;
    ps->p += n;
    out->type = type;
    return true;
}

static bool parse_value(parser_t *ps, json_value_t *out)
{
    skip_space(ps);
    memset(out, 0, sizeof *out);
    if (ps->p >= ps->end)
        return fail_at(ps, ps->p, "expected a value, found the end of the file");
    char c = *ps->p;
    switch (c) {
    case '{':
    case '[': {
        if (ps->depth >= JSON_MAX_DEPTH)
            return fail_at(ps, ps->p, "lists and objects are nested more than %d deep", JSON_MAX_DEPTH);
        ps->depth++;
        bool ok = c == '{' ? parse_object(ps, out) : parse_array(ps, out);
        ps->depth--;
        return ok;
    }
    case '"': {
        uint32_t length = 0;
        out->as.string = parse_string(ps, &length);
        out->type = JSON_STRING;
        out->count = length;
        return out->as.string != NULL;
    }
    case 't':
        if (literal(ps, "true", JSON_TRUE, out))
            return true;
        break;
    case 'f':
        if (literal(ps, "false", JSON_FALSE, out))
            return true;
        break;
    case 'n':
        if (literal(ps, "null", JSON_NULL, out))
            return true;
        break;
    case 'N':
        return fail_at(ps, ps->p, "NaN is not JSON: write a number");
    case 'I':
        return fail_at(ps, ps->p, "Infinity is not JSON: write a number");
    default:
        if (c == '-' || is_digit(c))
            return parse_number(ps, out);
        break;
    }
    char what[24];
    return fail_at(ps, ps->p, "expected a value, found %s", describe(ps, what, sizeof what));
}

json_document_t *json_parse(const char *text, size_t length, char *error, size_t error_size)
{
    parser_t ps = {
        .text = text, .p = text, .end = text + length, .line = 1, .line_start = text,
        .error = error, .error_size = error_size,
    };
    if (error && error_size)
        error[0] = '\0';
    /* A byte-order mark is not JSON, but editors write one; skip it. */
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        ps.p += 3;
        ps.line_start = ps.p;
    }
    ps.doc = calloc(1, sizeof *ps.doc);
    if (ps.doc == NULL) {
        if (error && error_size)
            snprintf(error, error_size, "out of memory");
        return NULL;
    }
    skip_space(&ps);
    if (ps.p >= ps.end) {
        fail_at(&ps, ps.p, "the file is empty");
    } else if (parse_value(&ps, &ps.doc->root)) {
        skip_space(&ps);
        if (ps.p < ps.end) {
            char what[24];
            fail_at(&ps, ps.p, "more text after the end of the JSON value: %s", describe(&ps, what, sizeof what));
        }
    }
    free(ps.values);
    free(ps.members);
    free(ps.scratch);
    if (ps.failed) {
        json_free(ps.doc);
        return NULL;
    }
    return ps.doc;
}

/* ---- lookups ------------------------------------------------------------- */

const json_value_t *json_get(const json_value_t *object, const char *key)
{
    if (object == NULL || object->type != JSON_OBJECT)
        return NULL;
    for (uint32_t i = object->count; i > 0; i--)
        if (strcmp(object->as.members[i - 1].key, key) == 0)
            return &object->as.members[i - 1].value;
    return NULL;
}

const json_value_t *json_get_typed(const json_value_t *object, const char *key, json_type_t type)
{
    const json_value_t *v = json_get(object, key);
    return (v && v->type == type) ? v : NULL;
}

const char *json_get_string(const json_value_t *object, const char *key)
{
    const json_value_t *v = json_get_typed(object, key, JSON_STRING);
    return v ? v->as.string : NULL;
}

bool json_get_number(const json_value_t *object, const char *key, double *out)
{
    const json_value_t *v = json_get_typed(object, key, JSON_NUMBER);
    if (v == NULL)
        return false;
    *out = v->as.number;
    return true;
}

const char *json_type_name(json_type_t type)
{
    switch (type) {
    case JSON_NULL: return "null";
    case JSON_FALSE:
    case JSON_TRUE: return "a boolean";
    case JSON_NUMBER: return "a number";
    case JSON_STRING: return "a string";
    case JSON_ARRAY: return "a list";
    case JSON_OBJECT: return "an object";
    }
    return "a value";
}
