/* io_oracle.c: sorted wide-typed tuple lists for the Matrix Market tests (io_oracle.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "io_oracle.h"

io_kind io_kind_of(GrB_Type type)
{
    if (type == GrB_FP32) return IO_FP32;
    if (type == GrB_FP64) return IO_FP64;
    if (type == GrB_UINT8 || type == GrB_UINT16 || type == GrB_UINT32 || type == GrB_UINT64)
        return IO_UNSIGNED;
    return IO_SIGNED;
}

static int entry_cmp(const void *a, const void *b)
{
    const io_entry *x = a, *y = b;
    if (x->i != y->i) return x->i < y->i ? -1 : 1;
    return (x->j > y->j) - (x->j < y->j);
}

void io_list_sort(io_list *L)
{
    qsort(L->e, L->n, sizeof(io_entry), entry_cmp);
}

void io_list_free(io_list *L)
{
    free(L->e);
    L->e = NULL;
    L->n = 0;
}

bool io_list_of_matrix(io_list *L, GrB_Matrix A, GrB_Type type)
{
    GrB_Index n;
    if (GrB_Matrix_nrows(&L->nrows, A) || GrB_Matrix_ncols(&L->ncols, A) || GrB_Matrix_nvals(&n, A))
        return false;
    L->kind = io_kind_of(type);
    L->n = n;
    L->e = calloc(n + 1, sizeof(io_entry));
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = malloc((n + 1) * sizeof(GrB_Index));
    void *X = malloc((n + 1) * 8);
    GrB_Info info = GrB_SUCCESS;
    switch (L->kind) {
    case IO_SIGNED:
        info = GrB_Matrix_extractTuples_INT64(I, J, X, &n, A);
        break;
    case IO_UNSIGNED:
        info = GrB_Matrix_extractTuples_UINT64(I, J, X, &n, A);
        break;
    case IO_FP32:
        info = GrB_Matrix_extractTuples_FP32(I, J, X, &n, A);
        break;
    case IO_FP64:
        info = GrB_Matrix_extractTuples_FP64(I, J, X, &n, A);
        break;
    }
    for (GrB_Index k = 0; k < n && info == GrB_SUCCESS; k++) {
        L->e[k].i = I[k];
        L->e[k].j = J[k];
        if (L->kind == IO_SIGNED)
            L->e[k].v.s = ((int64_t *)X)[k];
        else if (L->kind == IO_UNSIGNED)
            L->e[k].v.u = ((uint64_t *)X)[k];
        else if (L->kind == IO_FP32)
            L->e[k].v.d = ((float *)X)[k];
        else
            L->e[k].v.d = ((double *)X)[k];
    }
    free(I);
    free(J);
    free(X);
    io_list_sort(L);
    return info == GrB_SUCCESS;
}

static bool value_equal(io_kind kind, const io_entry *a, const io_entry *b)
{
    if (kind == IO_SIGNED) return a->v.s == b->v.s;
    if (kind == IO_UNSIGNED) return a->v.u == b->v.u;
    /* signbit tells -0.0 from 0.0 */
    return (a->v.d == b->v.d && signbit(a->v.d) == signbit(b->v.d)) || (isnan(a->v.d) && isnan(b->v.d));
}

bool io_list_equal(const io_list *a, const io_list *b, char *why, size_t whylen)
{
    if (a->nrows != b->nrows || a->ncols != b->ncols || a->n != b->n) {
        snprintf(why, whylen,
                 "%" PRIu64 " x %" PRIu64 " with %zu entries vs %" PRIu64 " x %" PRIu64 " with %zu", a->nrows,
                 a->ncols, a->n, b->nrows, b->ncols, b->n);
        return false;
    }
    for (size_t k = 0; k < a->n; k++) {
        const io_entry *x = &a->e[k], *y = &b->e[k];
        if (x->i != y->i || x->j != y->j || !value_equal(a->kind, x, y)) {
            snprintf(why, whylen,
                     "entry %zu: (%" PRIu64 ",%" PRIu64 ") vs (%" PRIu64 ",%" PRIu64 ") or its value differs",
                     k, x->i, x->j, y->i, y->j);
            return false;
        }
    }
    return true;
}
