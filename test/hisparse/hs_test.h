/* hs_test.h: shared helpers of the HiSparse tests: a deterministic random source, tuple sets with
 * an obviously-correct reference (sort + fold duplicates in input order), comparisons of a tree's
 * COO / CSR / CSC output against it, and the invariant check run after every build. */
#ifndef HS_TEST_H
#define HS_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_hisparse.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)

static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t rng_below(uint64_t *s, uint64_t n)
{
    return n == 0 ? 0 : rng_next(s) % n;
}

/* Tuples with values of `type` (size bytes each). */
typedef struct {
    GrB_Type type;
    GrB_Index nrows, ncols, n, cap;
    GrB_Index *I, *J;
    uint8_t *X;
} tuples;

static inline void tuples_init(tuples *t, GrB_Type type, GrB_Index nrows, GrB_Index ncols)
{
    memset(t, 0, sizeof *t);
    t->type = type;
    t->nrows = nrows;
    t->ncols = ncols;
}

static inline void tuples_add(tuples *t, GrB_Index i, GrB_Index j, const void *x)
{
    if (t->n == t->cap) {
        t->cap = t->cap < 16 ? 16 : 2 * t->cap;
        t->I = realloc(t->I, t->cap * sizeof *t->I);
        t->J = realloc(t->J, t->cap * sizeof *t->J);
        t->X = realloc(t->X, t->cap * t->type->size);
        assert_non_null(t->I);
        assert_non_null(t->J);
        assert_non_null(t->X);
    }
    t->I[t->n] = i;
    t->J[t->n] = j;
    memcpy(t->X + t->n * t->type->size, x, t->type->size);
    t->n++;
}

static inline void tuples_free(tuples *t)
{
    free(t->I);
    free(t->J);
    free(t->X);
    memset(t, 0, sizeof *t);
}

/* A value of a built-in type (or a 12-byte UDT) from a random 64-bit word, small enough that sums
 * of a few stay exact. */
static inline void random_value(GrB_Type type, uint64_t r, void *x)
{
    memset(x, 0, type->size);
    int64_t v = (int64_t)(r % 19) - 9;
    switch (type->code) {
    case GrB_BOOL_CODE: *(bool *)x = r & 1; break;
    case GrB_INT8_CODE: *(int8_t *)x = (int8_t)v; break;
    case GrB_UINT8_CODE: *(uint8_t *)x = (uint8_t)(r % 7); break;
    case GrB_INT16_CODE: *(int16_t *)x = (int16_t)v; break;
    case GrB_UINT16_CODE: *(uint16_t *)x = (uint16_t)(r % 1000); break;
    case GrB_INT32_CODE: *(int32_t *)x = (int32_t)v; break;
    case GrB_UINT32_CODE: *(uint32_t *)x = (uint32_t)(r % 1000); break;
    case GrB_INT64_CODE: *(int64_t *)x = v; break;
    case GrB_UINT64_CODE: *(uint64_t *)x = r % 1000; break;
    case GrB_FP32_CODE: *(float *)x = (float)v / 4; break;
    case GrB_FP64_CODE: *(double *)x = (double)v / 8; break;
    default: memcpy(x, &r, type->size < 8 ? type->size : 8); break;
    }
}

/* The reference: sorted by (major, minor), duplicates folded with dup (types all equal to t's)
 * in input order, or the last kept when dup is NULL. */
typedef struct {
    GrB_Index i, j, k;
} ref_key;

static int ref_cmp_rows(const void *a, const void *b)
{
    const ref_key *x = a, *y = b;
    if (x->i != y->i) return x->i < y->i ? -1 : 1;
    if (x->j != y->j) return x->j < y->j ? -1 : 1;
    return x->k < y->k ? -1 : x->k > y->k;
}

static inline void reference(const tuples *t, GrB_BinaryOp dup, bool by_col, tuples *out)
{
    size_t size = t->type->size;
    tuples_init(out, t->type, by_col ? t->ncols : t->nrows, by_col ? t->nrows : t->ncols);
    ref_key *k = malloc((t->n + 1) * sizeof *k);
    assert_non_null(k);
    for (GrB_Index q = 0; q < t->n; q++)
        k[q] = by_col ? (ref_key){t->J[q], t->I[q], q} : (ref_key){t->I[q], t->J[q], q};
    qsort(k, t->n, sizeof *k, ref_cmp_rows);
    uint8_t acc[64], tmp[64];
    for (GrB_Index q = 0; q < t->n;) {
        GrB_Index e = q + 1;
        while (e < t->n && k[e].i == k[q].i && k[e].j == k[q].j) e++;
        memcpy(acc, t->X + k[q].k * size, size);
        for (GrB_Index r = q + 1; r < e; r++) {
            if (dup != NULL) {
                dup->f(tmp, acc, t->X + k[r].k * size);
                memcpy(acc, tmp, size);
            } else {
                memcpy(acc, t->X + k[r].k * size, size);
            }
        }
        tuples_add(out, k[q].i, k[q].j, acc);
        q = e;
    }
    free(k);
}

/* The invariant checker must pass. */
static inline void check_tree(const GG_hs_matrix *A)
{
    char msg[256];
    GrB_Info info = GG_hs_check(A, msg, sizeof msg);
    if (info != GrB_SUCCESS) fail_msg("GG_hs_check: %s", msg);
}

/* Builds from t (checked), asserting success. */
static inline void build_ok(GG_hs_matrix *A, const tuples *t, GrB_BinaryOp dup, unsigned flags)
{
    GG_hs_tuples in = {t->I, t->J, t->X, t->type, false, t->n};
    OK(GG_hs_build(A, t->type, t->nrows, t->ncols, &in, dup, flags));
    check_tree(A);
}

/* The tree's sorted COO equals ref (sorted by rows). */
static inline void expect_coo(const GG_hs_matrix *A, const tuples *ref)
{
    GG_coo c;
    OK(GG_hs_to_coo(A, &c));
    assert_int_equal(c.n, ref->n);
    size_t size = ref->type->size;
    for (GrB_Index k = 0; k < c.n; k++) {
        if (c.row[k] != ref->I[k] || c.col[k] != ref->J[k] ||
            memcmp((uint8_t *)c.x + k * size, ref->X + k * size, size) != 0)
            fail_msg("entry %llu: (%llu, %llu) expected (%llu, %llu) or values differ",
                     (unsigned long long)k, (unsigned long long)c.row[k],
                     (unsigned long long)c.col[k], (unsigned long long)ref->I[k],
                     (unsigned long long)ref->J[k]);
    }
    GG_coo_free(&c);
}

/* The tree's CSR (by_col false) or CSC equals ref sorted by (major, minor). */
static inline void expect_cview(const GG_hs_matrix *A, bool by_col, const tuples *ref)
{
    GG_cview v;
    OK(GG_hs_to_cview(A, by_col, &v));
    GrB_Index dim = by_col ? GG_hs_ncols(A) : GG_hs_nrows(A);
    if (v.vec == NULL)
        assert_int_equal(v.nvec, dim);
    else
        assert_true(v.nvec <= dim / 8);
    size_t size = ref->type->size;
    GrB_Index q = 0;
    assert_int_equal(v.ptr[0], 0);
    for (GrB_Index k = 0; k < v.nvec; k++) {
        GrB_Index major = v.vec != NULL ? v.vec[k] : k;
        if (v.vec != NULL) {
            assert_true(major < dim);
            assert_true(k == 0 || v.vec[k - 1] < major);
            assert_true(v.ptr[k + 1] > v.ptr[k]);
        }
        for (GrB_Index p = v.ptr[k]; p < v.ptr[k + 1]; p++, q++) {
            assert_true(q < ref->n);
            assert_int_equal(major, ref->I[q]);
            assert_int_equal(v.idx[p], ref->J[q]);
            assert_memory_equal((uint8_t *)v.x + p * size, ref->X + q * size, size);
        }
    }
    assert_int_equal(q, ref->n);
    GG_hs_cview_free(&v);
}

/* COO, CSR and CSC of the tree all agree with the tuples t folded by dup. */
static inline void expect_all(const GG_hs_matrix *A, const tuples *t, GrB_BinaryOp dup)
{
    tuples rows, cols;
    reference(t, dup, false, &rows);
    reference(t, dup, true, &cols);
    assert_int_equal(A->nvals, rows.n);
    expect_coo(A, &rows);
    expect_cview(A, false, &rows);
    expect_cview(A, true, &cols);
    tuples_free(&rows);
    tuples_free(&cols);
}

/* t with rows and columns exchanged. */
static inline void tuples_transpose(const tuples *t, tuples *out)
{
    tuples_init(out, t->type, t->ncols, t->nrows);
    for (GrB_Index k = 0; k < t->n; k++) tuples_add(out, t->J[k], t->I[k], t->X + k * t->type->size);
}

#endif /* HS_TEST_H */
