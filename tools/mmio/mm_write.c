/* mm_write.c: the Matrix Market writer. It extracts the tuples in the matrix's own type, checks
 * symmetry when a symmetric or skew-symmetric file is asked for, and writes a header with LAGraph's
 * "%%GraphBLAS type" line so the reader restores the exact type. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mm_internal.h"

typedef struct mm_tuples {
    GrB_Index nrows, ncols, n;
    GrB_Index *I, *J;
    unsigned char *X;
} mm_tuples;

static void free_tuples(mm_tuples *t)
{
    free(t->I);
    free(t->J);
    free(t->X);
}

/* For symmetric (skew) output: every off-diagonal (i,j) needs (j,i) holding the same value (its
 * negation), and skew-symmetric matrices have no diagonal. */
static GrB_Info check_symmetry(const mm_tuples *t, const mm_type *ty, bool skew, char *msg, size_t msglen)
{
    const char *what = skew ? "skew-symmetric" : "symmetric";
    if (t->nrows != t->ncols)
        return mm_message(GrB_INVALID_VALUE, msg, msglen,
                          "a %" PRIu64 " x %" PRIu64 " matrix cannot be written as %s", t->nrows, t->ncols,
                          what);
    mm_tuple *s = malloc(t->n * sizeof(mm_tuple) + 1);
    if (!s) return mm_message(GrB_OUT_OF_MEMORY, msg, msglen, "out of memory");
    for (size_t k = 0; k < t->n; k++) s[k] = (mm_tuple){t->I[k], t->J[k], k};
    qsort(s, t->n, sizeof(mm_tuple), mm_tuple_cmp);
    GrB_Info info = GrB_SUCCESS;
    for (size_t k = 0; k < t->n && info == GrB_SUCCESS; k++) {
        GrB_Index i = s[k].i, j = s[k].j;
        if (i == j) {
            if (skew)
                info = mm_message(GrB_INVALID_VALUE, msg, msglen,
                                  "entry (%" PRIu64 ",%" PRIu64
                                  ") is on the diagonal of a skew-symmetric matrix",
                                  i + 1, j + 1);
            continue;
        }
        mm_tuple key = {j, i, 0};
        size_t lo = 0, hi = t->n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (mm_tuple_cmp(&s[mid], &key) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == t->n || s[lo].i != j || s[lo].j != i) {
            info =
                mm_message(GrB_INVALID_VALUE, msg, msglen,
                           "not %s: entry (%" PRIu64 ",%" PRIu64 ") has no mirror (%" PRIu64 ",%" PRIu64 ")",
                           what, i + 1, j + 1, j + 1, i + 1);
            continue;
        }
        const unsigned char *x = t->X + s[k].k * ty->size, *mirror = t->X + s[lo].k * ty->size;
        unsigned char expect[16];
        if (!skew) memcpy(expect, mirror, ty->size);
        if (skew && !mm_negate(ty, mirror, expect))
            info = mm_message(GrB_INVALID_VALUE, msg, msglen,
                              "not skew-symmetric: entry (%" PRIu64 ",%" PRIu64 ") cannot be negated", j + 1,
                              i + 1);
        else if (!mm_equal(ty, expect, x))
            info =
                mm_message(GrB_INVALID_VALUE, msg, msglen,
                           "not %s: entries (%" PRIu64 ",%" PRIu64 ") and (%" PRIu64 ",%" PRIu64 ") differ",
                           what, i + 1, j + 1, j + 1, i + 1);
    }
    free(s);
    return info;
}

/* Which tuples the file holds: all (general), i >= j (symmetric), i > j (skew-symmetric). */
static bool kept(GrB_Index i, GrB_Index j, unsigned flags)
{
    return (flags & GG_MM_SKEW) ? i > j : (flags & GG_MM_SYMMETRIC) ? i >= j : true;
}

static void write_coordinate(FILE *f, const mm_tuples *t, const mm_type *ty, unsigned flags)
{
    uint64_t count = 0;
    for (size_t k = 0; k < t->n; k++) count += kept(t->I[k], t->J[k], flags);
    fprintf(f, "%" PRIu64 " %" PRIu64 " %" PRIu64 "\n", t->nrows, t->ncols, count);
    char line[96];
    for (size_t k = 0; k < t->n; k++) {
        if (!kept(t->I[k], t->J[k], flags)) continue;
        int len = mm_format_index(line, t->I[k] + 1);
        line[len++] = ' ';
        len += mm_format_index(line + len, t->J[k] + 1);
        if (!(flags & GG_MM_PATTERN)) {
            line[len++] = ' ';
            len += mm_format_value(ty, t->X + k * ty->size, line + len);
        }
        line[len++] = '\n';
        fwrite(line, 1, (size_t)len, f);
    }
}

/* Column-major, every kept position; positions without an entry are written as 0. */
static GrB_Info write_array(FILE *f, const mm_tuples *t, const mm_type *ty, unsigned flags, char *msg,
                            size_t msglen)
{
    unsigned __int128 cells = (unsigned __int128)t->nrows * t->ncols;
    if (cells > (unsigned __int128)(SIZE_MAX / 16))
        return mm_message(GrB_INVALID_VALUE, msg, msglen,
                          "a %" PRIu64 " x %" PRIu64 " matrix is too large for the array format", t->nrows,
                          t->ncols);
    size_t sz = ty->size;
    unsigned char *dense = calloc((size_t)cells + 1, sz);
    if (!dense) return mm_message(GrB_OUT_OF_MEMORY, msg, msglen, "out of memory");
    for (size_t k = 0; k < t->n; k++) memcpy(dense + (t->J[k] * t->nrows + t->I[k]) * sz, t->X + k * sz, sz);
    fprintf(f, "%" PRIu64 " %" PRIu64 "\n", t->nrows, t->ncols);
    char val[32];
    for (GrB_Index j = 0; j < t->ncols; j++)
        for (GrB_Index i = 0; i < t->nrows; i++) {
            if (!kept(i, j, flags)) continue;
            int len = mm_format_value(ty, dense + (j * t->nrows + i) * sz, val);
            val[len++] = '\n';
            fwrite(val, 1, (size_t)len, f);
        }
    free(dense);
    return GrB_SUCCESS;
}

GrB_Info GG_mm_write(FILE *f, GrB_Matrix A, unsigned flags, char *msg, size_t msglen)
{
    if (!f || !A) return mm_message(GrB_NULL_POINTER, msg, msglen, "no file or no matrix");
    if ((flags & ~(GG_MM_ARRAY | GG_MM_PATTERN | GG_MM_SYMMETRIC | GG_MM_SKEW)) ||
        ((flags & GG_MM_SYMMETRIC) && (flags & GG_MM_SKEW)) ||
        ((flags & GG_MM_PATTERN) && (flags & (GG_MM_ARRAY | GG_MM_SKEW))))
        return mm_message(
            GrB_INVALID_VALUE, msg, msglen,
            "invalid flags 0x%x (array and pattern, symmetric and skew, pattern and skew exclude each other)",
            flags);
    GrB_Type type = NULL;
    GrB_Info info = GxB_Matrix_type(&type, A);
    if (info != GrB_SUCCESS)
        return mm_message(info, msg, msglen, "cannot query the matrix type (GrB_Info %d)", (int)info);
    const mm_type *ty = mm_type_of(type);
    if (!ty) return mm_message(GrB_NOT_IMPLEMENTED, msg, msglen, "only built-in types can be written");
    if ((flags & GG_MM_SKEW) && (ty->kind == MM_KIND_BOOL || ty->kind == MM_KIND_UNSIGNED))
        return mm_message(GrB_INVALID_VALUE, msg, msglen, "a %s matrix cannot be written as skew-symmetric",
                          ty->cname);

    mm_tuples t = {0};
    info = GrB_Matrix_nrows(&t.nrows, A);
    if (info == GrB_SUCCESS) info = GrB_Matrix_ncols(&t.ncols, A);
    if (info == GrB_SUCCESS) info = GrB_Matrix_nvals(&t.n, A);
    if (info != GrB_SUCCESS)
        return mm_message(info, msg, msglen, "cannot query the matrix (GrB_Info %d)", (int)info);
    t.I = malloc(t.n * sizeof(GrB_Index) + 1);
    t.J = malloc(t.n * sizeof(GrB_Index) + 1);
    t.X = malloc(t.n * ty->size + 1);
    if (!t.I || !t.J || !t.X) {
        free_tuples(&t);
        return mm_message(GrB_OUT_OF_MEMORY, msg, msglen, "out of memory");
    }
    GrB_Index n = t.n;
    info = ty->extract(t.I, t.J, t.X, &n, A);
    if (info != GrB_SUCCESS) {
        free_tuples(&t);
        return mm_message(info, msg, msglen, "cannot extract the tuples (GrB_Info %d)", (int)info);
    }
    t.n = n;
    if (flags & (GG_MM_SYMMETRIC | GG_MM_SKEW))
        info = check_symmetry(&t, ty, flags & GG_MM_SKEW, msg, msglen);
    if (info == GrB_SUCCESS) {
        const char *field = (flags & GG_MM_PATTERN)     ? "pattern"
                            : ty->kind == MM_KIND_FLOAT ? "real"
                                                        : "integer";
        const char *storage = (flags & GG_MM_SKEW)        ? "skew-symmetric"
                              : (flags & GG_MM_SYMMETRIC) ? "symmetric"
                                                          : "general";
        fprintf(f, "%%%%MatrixMarket matrix %s %s %s\n%%%%GraphBLAS type %s\n",
                (flags & GG_MM_ARRAY) ? "array" : "coordinate", field, storage, ty->cname);
        if (flags & GG_MM_ARRAY)
            info = write_array(f, &t, ty, flags, msg, msglen);
        else
            write_coordinate(f, &t, ty, flags);
    }
    free_tuples(&t);
    if (info == GrB_SUCCESS && (fflush(f) != 0 || ferror(f)))
        info = mm_message(GrB_INVALID_VALUE, msg, msglen, "write error: %s", strerror(errno ? errno : EIO));
    if (info == GrB_SUCCESS && msg && msglen) msg[0] = '\0';
    return info;
}

GrB_Info GG_mm_write_file(const char *path, GrB_Matrix A, unsigned flags, char *msg, size_t msglen)
{
    if (!path || !A) return mm_message(GrB_NULL_POINTER, msg, msglen, "no file name or no matrix");
    FILE *f = fopen(path, "w");
    if (!f)
        return mm_message(GrB_INVALID_VALUE, msg, msglen, "%s: cannot open for writing: %s", path,
                          strerror(errno));
    GrB_Info info = GG_mm_write(f, A, flags, msg, msglen);
    if (fclose(f) != 0 && info == GrB_SUCCESS)
        info = mm_message(GrB_INVALID_VALUE, msg, msglen, "%s: write error: %s", path, strerror(errno));
    return info;
}
