/* mm_read.c: the Matrix Market reader. It reads the header (or infers LAGraph's implicit header
 * from the size line), LAGraph's "%%GraphBLAS type" line, the entries, and then builds the matrix
 * in one GrB_Matrix_build. It is strict: every malformed token, index out of range, surplus or
 * missing entry, and duplicate is an error naming the file and line, and nothing is returned on
 * failure. Doc/io.md lists the rules. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "mm_internal.h"

typedef enum { MM_COORDINATE, MM_ARRAY } mm_format;
typedef enum { MM_REAL, MM_INTEGER, MM_PATTERN } mm_field;
typedef enum { MM_GENERAL, MM_SYMMETRIC, MM_SKEW } mm_storage;

typedef struct mm_reader {
    FILE *f;
    const char *name;
    char *msg;
    size_t msglen;
    char *line; /* the current line, NUL-terminated, without its end of line */
    size_t cap, len;
    uint64_t lineno;
    /* the header */
    bool have_header;
    mm_format format;
    mm_field field;
    mm_storage storage;
    const mm_type *type;   /* the type values are parsed in */
    unsigned char one[16]; /* the value of a pattern entry: 1 in the parse type */
    GrB_Index nrows, ncols;
    uint64_t nentries; /* entries the file declares (array: implied by the size) */
    GrB_Index ai, aj;  /* the position of the next array entry */
    /* the entries: the file's, then their mirrors (symmetric and skew-symmetric) */
    GrB_Index *I, *J;
    unsigned char *X;
    size_t n, tcap;
    /* for the line of entry k: the size line's number and, for each comment or blank line among
     * the entries, the index of the entry that follows it */
    uint64_t size_line;
    uint64_t *skips;
    size_t nskips, skipcap;
} mm_reader;

static GrB_Info fail_at(mm_reader *r, uint64_t line, GrB_Info info, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static GrB_Info fail_at(mm_reader *r, uint64_t line, GrB_Info info, const char *fmt, ...)
{
    if (r->msg && r->msglen) {
        int k = snprintf(r->msg, r->msglen, "%s:%" PRIu64 ": ", r->name, line);
        if (k >= 0 && (size_t)k < r->msglen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(r->msg + k, r->msglen - (size_t)k, fmt, ap);
            va_end(ap);
        }
    }
    return info;
}

/* At the end of an empty file the line is 1, not 0. */
#define FAIL(r, info, ...) fail_at(r, (r)->lineno ? (r)->lineno : 1, info, __VA_ARGS__)

static GrB_Info out_of_memory(mm_reader *r)
{
    return mm_message(GrB_OUT_OF_MEMORY, r->msg, r->msglen, "%s: out of memory", r->name);
}

/* ---- lines and tokens ------------------------------------------------------------------------ */

/* Reads the next line. Returns GrB_SUCCESS, GrB_NO_VALUE at end of file, or an error. */
static GrB_Info next_line(mm_reader *r)
{
    errno = 0;
    ssize_t len = getline(&r->line, &r->cap, r->f);
    if (len < 0) {
        if (ferror(r->f)) return FAIL(r, GrB_INVALID_VALUE, "read error: %s", strerror(errno ? errno : EIO));
        return errno == ENOMEM ? out_of_memory(r) : GrB_NO_VALUE;
    }
    r->lineno++;
    if (memchr(r->line, '\0', (size_t)len)) return FAIL(r, GrB_INVALID_VALUE, "NUL byte in the line");
    while (len > 0 && (r->line[len - 1] == '\n' || r->line[len - 1] == '\r')) len--;
    r->line[len] = '\0';
    r->len = (size_t)len;
    return GrB_SUCCESS;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The next whitespace-separated token from *p: sets *tok and returns its length (0 at the end). */
static size_t next_token(const char **p, const char **tok)
{
    const char *s = *p;
    while (is_space(*s)) s++;
    *tok = s;
    while (*s && !is_space(*s)) s++;
    *p = s;
    return (size_t)(s - *tok);
}

static bool token_is(const char *tok, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(tok, word, len) == 0;
}

/* Blank lines and comments may appear anywhere before and between the entries. */
static bool is_skippable(const mm_reader *r)
{
    const char *p = r->line, *tok;
    return r->line[0] == '%' || next_token(&p, &tok) == 0;
}

/* A token as messages show it: at most TOK_SHOWN characters, bytes outside printable ASCII as '?',
 * and "..." when cut, so a message stays one readable line whatever the input holds. */
#define TOK_SHOWN 40

typedef struct shown_token {
    char s[TOK_SHOWN + 4];
} shown_token;

static shown_token show(const char *tok, size_t len)
{
    shown_token t;
    size_t n = len < TOK_SHOWN ? len : TOK_SHOWN;
    for (size_t k = 0; k < n; k++) t.s[k] = tok[k] >= 0x20 && tok[k] < 0x7f ? tok[k] : '?';
    strcpy(t.s + n, len > TOK_SHOWN ? "..." : "");
    return t;
}

/* ---- header ---------------------------------------------------------------------------------- */

static GrB_Info parse_banner(mm_reader *r)
{
    const char *p = r->line, *tok;
    size_t len = next_token(&p, &tok); /* %%MatrixMarket */
    len = next_token(&p, &tok);
    if (!token_is(tok, len, "matrix"))
        return FAIL(r, GrB_INVALID_VALUE, "unsupported object '%s' (expected 'matrix')", show(tok, len).s);
    len = next_token(&p, &tok);
    if (token_is(tok, len, "coordinate"))
        r->format = MM_COORDINATE;
    else if (token_is(tok, len, "array"))
        r->format = MM_ARRAY;
    else
        return FAIL(r, GrB_INVALID_VALUE, "unknown format '%s' (expected coordinate or array)",
                    show(tok, len).s);
    len = next_token(&p, &tok);
    if (token_is(tok, len, "real"))
        r->field = MM_REAL;
    else if (token_is(tok, len, "integer"))
        r->field = MM_INTEGER;
    else if (token_is(tok, len, "pattern"))
        r->field = MM_PATTERN;
    else if (token_is(tok, len, "complex"))
        return FAIL(r, GrB_NOT_IMPLEMENTED, "complex matrices are not supported");
    else
        return FAIL(r, GrB_INVALID_VALUE, "unknown field '%s' (expected real, integer, pattern or complex)",
                    show(tok, len).s);
    len = next_token(&p, &tok);
    if (token_is(tok, len, "general"))
        r->storage = MM_GENERAL;
    else if (token_is(tok, len, "symmetric"))
        r->storage = MM_SYMMETRIC;
    else if (token_is(tok, len, "skew-symmetric"))
        r->storage = MM_SKEW;
    else if (token_is(tok, len, "hermitian"))
        return FAIL(r, GrB_NOT_IMPLEMENTED, "hermitian matrices are not supported");
    else
        return FAIL(r, GrB_INVALID_VALUE,
                    "unknown symmetry '%s' (expected general, symmetric, skew-symmetric or hermitian)",
                    show(tok, len).s);
    len = next_token(&p, &tok);
    if (len) return FAIL(r, GrB_INVALID_VALUE, "unexpected '%s' after the symmetry", show(tok, len).s);
    if (r->field == MM_PATTERN && r->format == MM_ARRAY)
        return FAIL(r, GrB_INVALID_VALUE, "an array matrix cannot be pattern (use coordinate pattern)");
    if (r->field == MM_PATTERN && r->storage == MM_SKEW)
        return FAIL(r, GrB_INVALID_VALUE, "a pattern matrix cannot be skew-symmetric");
    r->have_header = true;
    return GrB_SUCCESS;
}

/* LAGraph's "%%GraphBLAS type <T>"; any other %%GraphBLAS line is a comment. */
static GrB_Info parse_type_line(mm_reader *r)
{
    const char *p = r->line, *tok;
    next_token(&p, &tok);
    size_t len = next_token(&p, &tok);
    if (!token_is(tok, len, "type")) return GrB_SUCCESS;
    while (is_space(*p)) p++;
    size_t n = strlen(p);
    while (n > 0 && is_space(p[n - 1])) n--;
    const mm_type *t = mm_type_named(p, n);
    if (!t) {
        const char *complex_names[] = {"float complex", "double complex", "GxB_FC32", "GxB_FC64"};
        for (size_t k = 0; k < sizeof(complex_names) / sizeof(complex_names[0]); k++)
            if (token_is(p, n, complex_names[k]))
                return FAIL(r, GrB_NOT_IMPLEMENTED, "complex type '%s' is not supported", complex_names[k]);
        return FAIL(r, GrB_INVALID_VALUE, "unknown GraphBLAS type '%s'", show(p, n).s);
    }
    if (r->storage == MM_SKEW && (t->kind == MM_KIND_BOOL || t->kind == MM_KIND_UNSIGNED))
        return FAIL(r, GrB_INVALID_VALUE, "a skew-symmetric matrix cannot have the unsigned type %s",
                    t->cname);
    r->type = t;
    return GrB_SUCCESS;
}

/* The size line: "nrows ncols nentries" (coordinate) or "nrows ncols" (array). */
static GrB_Info parse_size(mm_reader *r)
{
    const char *p = r->line, *tok;
    uint64_t v[3];
    int count = 0;
    size_t len;
    while ((len = next_token(&p, &tok)) != 0) {
        if (count == 3 || !mm_parse_index(tok, len, &v[count]))
            return FAIL(r, GrB_INVALID_VALUE,
                        "invalid size line '%s' (expected 'nrows ncols nvals' or 'nrows ncols')",
                        show(r->line, r->len).s);
        count++;
    }
    if (!r->have_header) {
        /* LAGraph's implicit header: the size line decides coordinate or array, real general */
        r->format = count == 2 ? MM_ARRAY : MM_COORDINATE;
        r->field = MM_REAL;
        r->storage = MM_GENERAL;
    }
    if (r->format == MM_COORDINATE && count != 3)
        return FAIL(r, GrB_INVALID_VALUE, "the size line of a coordinate matrix must be 'nrows ncols nvals'");
    if (r->format == MM_ARRAY && count != 2)
        return FAIL(r, GrB_INVALID_VALUE, "the size line of an array matrix must be 'nrows ncols'");
    const uint64_t dim_max = (uint64_t)GrB_INDEX_MAX + 1;
    if (v[0] > dim_max || v[1] > dim_max)
        return FAIL(r, GrB_INVALID_VALUE, "dimensions %" PRIu64 " x %" PRIu64 " exceed the limit %" PRIu64,
                    v[0], v[1], dim_max);
    r->nrows = v[0];
    r->ncols = v[1];
    if (r->storage != MM_GENERAL && r->nrows != r->ncols)
        return FAIL(r, GrB_INVALID_VALUE, "a %s matrix must be square, not %" PRIu64 " x %" PRIu64,
                    r->storage == MM_SKEW ? "skew-symmetric" : "symmetric", r->nrows, r->ncols);
    /* positions the storage can hold: all, the lower triangle, or the strictly lower one */
    unsigned __int128 n = r->nrows, positions;
    if (r->storage == MM_GENERAL)
        positions = n * r->ncols;
    else if (r->storage == MM_SYMMETRIC)
        positions = n * (n + 1) / 2;
    else
        positions = n ? n * (n - 1) / 2 : 0;
    if (r->format == MM_ARRAY) {
        if (positions > (unsigned __int128)(SIZE_MAX / 16))
            return FAIL(r, GrB_INVALID_VALUE, "array matrix %" PRIu64 " x %" PRIu64 " is too large", r->nrows,
                        r->ncols);
        r->nentries = (uint64_t)positions;
    } else {
        if (v[2] > positions)
            return FAIL(r, GrB_INVALID_VALUE,
                        "%" PRIu64 " entries do not fit in a %s %" PRIu64 " x %" PRIu64 " matrix", v[2],
                        r->storage == MM_GENERAL     ? "general"
                        : r->storage == MM_SYMMETRIC ? "symmetric"
                                                     : "skew-symmetric",
                        r->nrows, r->ncols);
        r->nentries = v[2];
    }
    r->size_line = r->lineno;
    return GrB_SUCCESS;
}

/* Everything up to and including the size line. */
static GrB_Info read_header(mm_reader *r)
{
    GrB_Info info;
    while ((info = next_line(r)) == GrB_SUCCESS) {
        const char *p = r->line, *tok;
        size_t len = next_token(&p, &tok);
        if (r->lineno == 1 && r->line[0] == '%' && token_is(tok, len, "%%MatrixMarket")) {
            info = parse_banner(r);
        } else if (r->lineno == 2 && r->have_header && r->line[0] == '%' &&
                   token_is(tok, len, "%%GraphBLAS")) {
            info = parse_type_line(r);
        } else if (!is_skippable(r)) {
            return parse_size(r);
        }
        if (info != GrB_SUCCESS) return info;
    }
    if (info == GrB_NO_VALUE)
        return FAIL(r, GrB_INVALID_VALUE, "end of file before the size line (nrows ncols [nvals])");
    return info;
}

/* ---- entries --------------------------------------------------------------------------------- */

static bool grow_tuples(mm_reader *r, size_t want)
{
    if (want <= r->tcap) return true;
    size_t cap = r->tcap ? 2 * r->tcap : 4096;
    if (cap < want) cap = want;
    GrB_Index *I = realloc(r->I, cap * sizeof(GrB_Index));
    if (!I) return false;
    r->I = I;
    GrB_Index *J = realloc(r->J, cap * sizeof(GrB_Index));
    if (!J) return false;
    r->J = J;
    unsigned char *X = realloc(r->X, cap * r->type->size);
    if (!X) return false;
    r->X = X;
    r->tcap = cap;
    return true;
}

static bool note_skip(mm_reader *r, uint64_t entry)
{
    if (r->nskips == r->skipcap) {
        size_t cap = r->skipcap ? 2 * r->skipcap : 64;
        uint64_t *s = realloc(r->skips, cap * sizeof(uint64_t));
        if (!s) return false;
        r->skips = s;
        r->skipcap = cap;
    }
    r->skips[r->nskips++] = entry;
    return true;
}

/* The line the k-th entry was read from. */
static uint64_t line_of_entry(const mm_reader *r, uint64_t k)
{
    size_t lo = 0, hi = r->nskips; /* count skips recorded before entry k was read */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->skips[mid] <= k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return r->size_line + 1 + k + lo;
}

static GrB_Info parse_value(mm_reader *r, const char *tok, size_t len, void *out)
{
    if (len == 0) return FAIL(r, GrB_INVALID_VALUE, "missing value");
    switch (mm_parse_value(r->type, tok, len, out)) {
    case MM_VALUE_OK:
        return GrB_SUCCESS;
    case MM_VALUE_RANGE:
        return FAIL(r, GrB_INVALID_VALUE, "value %s is out of range for %s", show(tok, len).s,
                    r->type->cname);
    default:
        return FAIL(r, GrB_INVALID_VALUE, "invalid %s value '%s'", r->type->cname, show(tok, len).s);
    }
}

static GrB_Info parse_entry(mm_reader *r)
{
    const char *p = r->line, *tok;
    size_t len;
    GrB_Index i, j;
    if (r->format == MM_ARRAY) {
        i = r->ai;
        j = r->aj;
        /* column-major; symmetric files hold the lower triangle, skew-symmetric the strict one */
        if (++r->ai == r->nrows) {
            r->aj++;
            r->ai = r->storage == MM_GENERAL ? 0 : r->storage == MM_SYMMETRIC ? r->aj : r->aj + 1;
        }
    } else {
        uint64_t v[2];
        const char *what[2] = {"row", "column"};
        GrB_Index dim[2] = {r->nrows, r->ncols};
        for (int d = 0; d < 2; d++) {
            len = next_token(&p, &tok);
            if (len == 0) return FAIL(r, GrB_INVALID_VALUE, "missing %s index", what[d]);
            if (!mm_parse_index(tok, len, &v[d]))
                return FAIL(r, GrB_INVALID_VALUE, "invalid %s index '%s'", what[d], show(tok, len).s);
            if (v[d] < 1 || v[d] > dim[d])
                return FAIL(r, GrB_INVALID_VALUE, "%s index %" PRIu64 " is out of range 1..%" PRIu64, what[d],
                            v[d], dim[d]);
        }
        i = v[0] - 1;
        j = v[1] - 1;
        if (r->storage == MM_SKEW && i == j)
            return FAIL(r, GrB_INVALID_VALUE,
                        "diagonal entry (%" PRIu64 ",%" PRIu64 ") in a skew-symmetric matrix", v[0], v[1]);
    }
    unsigned char *x = r->X + r->n * r->type->size;
    if (r->field == MM_PATTERN) {
        memcpy(x, r->one, r->type->size);
    } else {
        len = next_token(&p, &tok);
        GrB_Info info = parse_value(r, tok, len, x);
        if (info != GrB_SUCCESS) return info;
        if (r->storage == MM_SKEW && i != j) {
            unsigned char neg[16];
            if (!mm_negate(r->type, x, neg))
                return FAIL(r, GrB_INVALID_VALUE,
                            "value %s has no negation in %s for the skew-symmetric mirror", show(tok, len).s,
                            r->type->cname);
        }
    }
    len = next_token(&p, &tok);
    if (len) return FAIL(r, GrB_INVALID_VALUE, "unexpected '%s' after the entry", show(tok, len).s);
    r->I[r->n] = i;
    r->J[r->n] = j;
    r->n++;
    return GrB_SUCCESS;
}

static GrB_Info read_entries(mm_reader *r)
{
    GrB_Info info;
    for (uint64_t k = 0; k < r->nentries;) {
        info = next_line(r);
        if (info == GrB_NO_VALUE)
            return FAIL(r, GrB_INVALID_VALUE, "end of file after %" PRIu64 " of %" PRIu64 " entries", k,
                        r->nentries);
        if (info != GrB_SUCCESS) return info;
        if (is_skippable(r)) {
            if (!note_skip(r, k)) return out_of_memory(r);
            continue;
        }
        if (!grow_tuples(r, r->n + 1)) return out_of_memory(r);
        info = parse_entry(r);
        if (info != GrB_SUCCESS) return info;
        k++;
    }
    while ((info = next_line(r)) == GrB_SUCCESS)
        if (!is_skippable(r))
            return FAIL(r, GrB_INVALID_VALUE, "more entries than the %" PRIu64 " the size line declares",
                        r->nentries);
    return info == GrB_NO_VALUE ? GrB_SUCCESS : info;
}

/* Appends (j,i) for every off-diagonal (i,j): the value for symmetric, its negation for skew. */
static GrB_Info add_mirrors(mm_reader *r)
{
    size_t n = r->n, extra = 0;
    for (size_t k = 0; k < n; k++) extra += r->I[k] != r->J[k];
    if (!grow_tuples(r, n + extra)) return out_of_memory(r);
    size_t sz = r->type->size;
    for (size_t k = 0; k < n; k++) {
        if (r->I[k] == r->J[k]) continue;
        r->I[r->n] = r->J[k];
        r->J[r->n] = r->I[k];
        if (r->storage == MM_SKEW)
            mm_negate(r->type, r->X + k * sz, r->X + r->n * sz);
        else
            memcpy(r->X + r->n * sz, r->X + k * sz, sz);
        r->n++;
    }
    return GrB_SUCCESS;
}

/* The build merged some tuples: find the first entry in file order that repeats an earlier one
 * (itself or through a mirror) and report it. Runs only on this error path. */
static GrB_Info report_duplicate(mm_reader *r, size_t nfile)
{
    bool mirrored = r->storage != MM_GENERAL;
    mm_tuple *t = malloc((mirrored ? 2 * nfile : nfile) * sizeof(mm_tuple) + 1);
    if (!t) return out_of_memory(r);
    size_t n = 0;
    /* k = 2*entry (+1 for the mirror) keeps file order and tells the two apart */
    for (size_t k = 0; k < nfile; k++) {
        t[n++] = (mm_tuple){r->I[k], r->J[k], 2 * k};
        if (mirrored && r->I[k] != r->J[k]) t[n++] = (mm_tuple){r->J[k], r->I[k], 2 * k + 1};
    }
    qsort(t, n, sizeof(mm_tuple), mm_tuple_cmp);
    size_t best = SIZE_MAX;
    for (size_t k = 1; k < n; k++)
        if (t[k].i == t[k - 1].i && t[k].j == t[k - 1].j && (best == SIZE_MAX || t[k].k < t[best].k))
            best = k;
    GrB_Info info;
    if (best == SIZE_MAX) {
        info =
            mm_message(GrB_INVALID_VALUE, r->msg, r->msglen, "%s: the matrix build merged entries", r->name);
    } else {
        uint64_t later = t[best].k / 2, earlier = t[best - 1].k / 2;
        GrB_Index i = r->I[later], j = r->J[later];
        if (t[best].k % 2 || t[best - 1].k % 2)
            info = fail_at(r, line_of_entry(r, later), GrB_INVALID_VALUE,
                           "entry (%" PRIu64 ",%" PRIu64 ") and the entry on line %" PRIu64
                           " are mirrors of each other in a %s matrix",
                           i + 1, j + 1, line_of_entry(r, earlier),
                           r->storage == MM_SKEW ? "skew-symmetric" : "symmetric");
        else
            info = fail_at(r, line_of_entry(r, later), GrB_INVALID_VALUE,
                           "duplicate entry (%" PRIu64 ",%" PRIu64 "), first given on line %" PRIu64, i + 1,
                           j + 1, line_of_entry(r, earlier));
    }
    free(t);
    return info;
}

static GrB_Info build_matrix(mm_reader *r, GrB_Type result_type, GrB_Matrix *out)
{
    size_t nfile = r->n;
    GrB_Info info = r->storage == MM_GENERAL ? GrB_SUCCESS : add_mirrors(r);
    if (info != GrB_SUCCESS) return info;
    GrB_Matrix C = NULL;
    info = GrB_Matrix_new(&C, result_type, r->nrows, r->ncols);
    /* the build is skipped when there is nothing to build: the arrays may not exist */
    if (info == GrB_SUCCESS && r->n > 0) info = r->type->build(C, r->I, r->J, r->X, r->n);
    if (info == GrB_SUCCESS) info = GrB_Matrix_wait(C, GrB_MATERIALIZE);
    GrB_Index nvals = 0;
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals(&nvals, C);
    if (info != GrB_SUCCESS) {
        GrB_Matrix_free(&C);
        if (info == GrB_OUT_OF_MEMORY) return out_of_memory(r);
        return mm_message(info, r->msg, r->msglen,
                          "%s: building the %" PRIu64 " x %" PRIu64 " matrix failed (GrB_Info %d)", r->name,
                          r->nrows, r->ncols, (int)info);
    }
    if (nvals != r->n) {
        GrB_Matrix_free(&C);
        return report_duplicate(r, nfile);
    }
    *out = C;
    return GrB_SUCCESS;
}

GrB_Info GG_mm_read(GrB_Matrix *A, GrB_Type *type, FILE *f, const char *name, GrB_Type force, char *msg,
                    size_t msglen)
{
    if (!name) name = "(input)";
    if (!A || !f) return mm_message(GrB_NULL_POINTER, msg, msglen, "%s: no matrix handle or no file", name);
    if (force && !mm_type_of(force))
        return mm_message(GrB_INVALID_VALUE, msg, msglen, "%s: the forced type is not a built-in type", name);
    mm_reader r = {.f = f, .name = name, .msg = msg, .msglen = msglen};
    GrB_Info info = read_header(&r);
    if (info == GrB_SUCCESS) {
        if (!r.type)
            r.type = mm_type_of(r.field == MM_PATTERN   ? GrB_BOOL
                                : r.field == MM_INTEGER ? GrB_INT64
                                                        : GrB_FP64);
        mm_parse_value(r.type, "1", 1, r.one);
        r.ai = r.storage == MM_SKEW ? 1 : 0;
        info = read_entries(&r);
    }
    GrB_Matrix C = NULL;
    GrB_Type result_type = force ? force : (r.type ? *r.type->type : NULL);
    if (info == GrB_SUCCESS) info = build_matrix(&r, result_type, &C);
    free(r.line);
    free(r.I);
    free(r.J);
    free(r.X);
    free(r.skips);
    if (info != GrB_SUCCESS) return info;
    *A = C;
    if (type) *type = result_type;
    if (msg && msglen) msg[0] = '\0';
    return GrB_SUCCESS;
}

GrB_Info GG_mm_read_file(GrB_Matrix *A, GrB_Type *type, const char *path, GrB_Type force, char *msg,
                         size_t msglen)
{
    if (!path) return mm_message(GrB_NULL_POINTER, msg, msglen, "no file name");
    if (!A) return mm_message(GrB_NULL_POINTER, msg, msglen, "%s: no matrix handle", path);
    FILE *f = fopen(path, "r");
    if (!f) return mm_message(GrB_INVALID_VALUE, msg, msglen, "%s: cannot open: %s", path, strerror(errno));
    GrB_Info info = GG_mm_read(A, type, f, path, force, msg, msglen);
    fclose(f);
    return info;
}
