/* mm_internal.h: what the Matrix Market reader and writer share: the table of built-in types
 * (names, sizes, value ranges, typed build and extract), value parsing and formatting, messages,
 * and the (i,j)-sorted tuple list used for duplicate and symmetry checks. */
#ifndef GG_MM_INTERNAL_H
#define GG_MM_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "gg_mmio.h"

typedef enum { MM_KIND_BOOL, MM_KIND_SIGNED, MM_KIND_UNSIGNED, MM_KIND_FLOAT } mm_kind;

typedef struct mm_type {
    const GrB_Type *type; /* the predefined handle */
    const char *cname;    /* LAGraph's name: "int8_t" */
    const char *grbname;  /* "GrB_INT8" */
    size_t size;
    mm_kind kind;
    int64_t min; /* value range of the integer kinds */
    uint64_t max;
    GrB_Info (*build)(GrB_Matrix C, const GrB_Index *I, const GrB_Index *J, const void *X, GrB_Index n);
    GrB_Info (*extract)(GrB_Index *I, GrB_Index *J, void *X, GrB_Index *n, GrB_Matrix A);
} mm_type;

/* The table entry of a built-in type, or NULL. */
const mm_type *mm_type_of(GrB_Type type);
const mm_type *mm_type_named(const char *name, size_t len);

/* Outcome of parsing one value token. */
typedef enum { MM_VALUE_OK, MM_VALUE_INVALID, MM_VALUE_RANGE } mm_value_status;

/* Parses the whole token [s, s+len) as a value of type t into out (t->size bytes). */
mm_value_status mm_parse_value(const mm_type *t, const char *s, size_t len, void *out);

/* Parses the whole token as an unsigned decimal integer; false on anything else or overflow. */
bool mm_parse_index(const char *s, size_t len, uint64_t *out);

/* out = -x in type t; false when the result is not representable (the minimum of a signed type). */
bool mm_negate(const mm_type *t, const void *x, void *out);

/* Values equal in type t: bitwise for integers; by == for floats, with NaN equal to NaN. */
bool mm_equal(const mm_type *t, const void *a, const void *b);

/* Writes x as text into buf (at least 32 bytes); returns the length. */
int mm_format_value(const mm_type *t, const void *x, char *buf);

/* Writes v in decimal into buf (at least 21 bytes); returns the length. */
int mm_format_index(char *buf, uint64_t v);

/* vsnprintf into msg when msg is not NULL; returns info. */
GrB_Info mm_message(GrB_Info info, char *msg, size_t msglen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A tuple with its origin, sortable by (i, j, k). */
typedef struct mm_tuple {
    GrB_Index i, j;
    uint64_t k;
} mm_tuple;

int mm_tuple_cmp(const void *a, const void *b);

#endif
