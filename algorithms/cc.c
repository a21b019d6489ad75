/* cc.c: connected components by min-label hooking and shortcutting (grb_algorithms.h).
 *
 * Source: Zhang, Azad and Hu, "FastSV: a distributed-memory connected component algorithm with fast
 * convergence" (SIAM PP 2020), the algorithm of LAGraph's LAGr_ConnectedComponents. Every vertex u has
 * a parent f(u) (initially u, by GrB_apply with GrB_ROWINDEX_INT64) and a grandparent gf = f(f). Per
 * iteration, with mngf(u) = the smallest gf over u's neighbours (GrB_mxv, MIN_SECOND; for a directed
 * graph also over A'):
 *   stochastic hooking  f(f(u)) = min(f(f(u)), mngf(u))
 *   aggressive hooking  f(u) = min(f(u), mngf(u))
 *   shortcutting        f(u) = min(f(u), gf(u))
 * then gf = f(f) (GrB_extract with f's values as the index list), until gf stops changing. Labels only
 * decrease and the smallest vertex of a component is always its own parent, so at the end every
 * vertex's label is the smallest vertex id of its component.
 * LAGraph scatters the stochastic hooking with GrB_assign and a MIN accumulator over repeated
 * indices, which the spec leaves undefined; here it is GrB_Vector_build with GrB_MIN_INT64 as the
 * duplicate operator, which the spec defines. Both that and the gather need f's values on the host.
 *
 * GG_alg_cc_propagate is minimum-label propagation: f = ROWINDEX, then f min= A min.second f (and
 * over A' for a directed graph) until f stops changing. Up to diameter + 1 iterations instead of
 * FastSV's few, but every call reads and writes whole vectors, so on a GPU nothing but the one
 * scalar of the stopping test crosses to the host (grb_algorithms.h says when each fits). */
#include "alg_internal.h"

#include <stdlib.h>

/* parent[v] = f(v) for every v (f is dense); idx and val are scratch of n entries. */
static GrB_Info host_parents(GrB_Index *parent, GrB_Index *idx, int64_t *val, GrB_Vector f, GrB_Index n)
{
    GrB_Index nv = n;
    GrB_Info info = GrB_Vector_extractTuples_INT64(idx, val, &nv, f);
    for (GrB_Index k = 0; info == GrB_SUCCESS && k < nv; k++) parent[idx[k]] = (GrB_Index)val[k];
    return info;
}

GrB_Info GG_alg_cc(GrB_Vector *component, GrB_Matrix A, bool symmetric, char *msg)
{
    if (component == NULL)
        return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'component' is NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;

    GrB_Vector f = NULL, gf = NULL, next = NULL, mngf = NULL, hook = NULL, diff = NULL;
    GrB_Index *parent = malloc((n + 1) * sizeof(GrB_Index));
    GrB_Index *idx = malloc((n + 1) * sizeof(GrB_Index));
    int64_t *val = malloc((n + 1) * sizeof(int64_t));
    if (parent == NULL || idx == NULL || val == NULL) {
        info = GG_alg_error(msg, __func__, GrB_OUT_OF_MEMORY, "out of memory for %llu vertices",
                            (unsigned long long)n);
        goto done;
    }
    GG_ALG_TRY(GrB_Vector_new(&f, GrB_INT64, n));
    GG_ALG_TRY(GrB_Vector_new(&next, GrB_INT64, n));
    GG_ALG_TRY(GrB_Vector_new(&mngf, GrB_INT64, n));
    GG_ALG_TRY(GrB_Vector_new(&hook, GrB_INT64, n));
    GG_ALG_TRY(GrB_Vector_new(&diff, GrB_BOOL, n));
    GG_ALG_TRY(GrB_Vector_assign_INT64(f, NULL, NULL, 0, GrB_ALL, n, NULL));
    GG_ALG_TRY(GrB_Vector_apply_IndexOp_INT64(f, NULL, NULL, GrB_ROWINDEX_INT64, f, 0, NULL));
    GG_ALG_TRY(GrB_Vector_dup(&gf, f));

    for (bool changed = true; changed;) {
        GG_ALG_TRY(GrB_mxv(mngf, NULL, NULL, GrB_MIN_SECOND_SEMIRING_INT64, A, gf, NULL));
        if (!symmetric)
            GG_ALG_TRY(GrB_mxv(mngf, NULL, GrB_MIN_INT64, GrB_MIN_SECOND_SEMIRING_INT64, A, gf, GrB_DESC_T0));
        /* stochastic hooking, indexed by the parents before this iteration's updates */
        GrB_Index nm = n;
        GG_ALG_TRY(host_parents(parent, idx, val, f, n));
        GG_ALG_TRY(GrB_Vector_extractTuples_INT64(idx, val, &nm, mngf));
        for (GrB_Index k = 0; k < nm; k++) idx[k] = parent[idx[k]];
        GG_ALG_TRY(GrB_Vector_clear(hook));
        GG_ALG_TRY(GrB_Vector_build_INT64(hook, idx, val, nm, GrB_MIN_INT64));
        GG_ALG_TRY(GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, hook, NULL));
        /* aggressive hooking and shortcutting */
        GG_ALG_TRY(GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, mngf, NULL));
        GG_ALG_TRY(GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, gf, NULL));
        /* gf = f(f); stop when it did not change */
        GG_ALG_TRY(host_parents(parent, idx, val, f, n));
        GG_ALG_TRY(GrB_Vector_extract(next, NULL, NULL, f, parent, n, NULL));
        GG_ALG_TRY(GrB_Vector_eWiseMult_BinaryOp(diff, NULL, NULL, GrB_NE_INT64, next, gf, NULL));
        GG_ALG_TRY(GrB_Vector_reduce_BOOL(&changed, NULL, GrB_LOR_MONOID_BOOL, diff, NULL));
        GrB_Vector swap = gf;
        gf = next;
        next = swap;
    }
    *component = f;
    f = NULL;
done:
    GrB_Vector_free(&f);
    GrB_Vector_free(&gf);
    GrB_Vector_free(&next);
    GrB_Vector_free(&mngf);
    GrB_Vector_free(&hook);
    GrB_Vector_free(&diff);
    free(parent);
    free(idx);
    free(val);
    return info;
}

/* Iteration cost, in GraphBLAS calls (on a GPU each is a kernel or two plus its launch, and the
 * reduce also waits for the device): 2 per iteration for a symmetric A, 3 for a directed one.
 * - The update is one mxv per direction with f as both input and output and MIN as the
 *   accumulator: no separate min vector, no eWiseAdd, no dup or clear.
 * - Labels only ever decrease, so f changed exactly when the sum of its labels did: one reduce
 *   (PLUS) replaces the copy of the old f, the eWiseMult NE and the LOR reduce. The sum is at most
 *   n(n-1)/2 and stays exact in INT64 while n <= 2^32; larger graphs go to FastSV, whose test
 *   compares labels.
 * - No frontier of changed vertices. Only they can lower a neighbour's label, so u could be f
 *   restricted to them; but the device mxv is a pull over every row of A whatever u's sparsity
 *   (GPU SpMSpV is the next issue), so a sparse u reads no fewer entries, while making it costs two
 *   or three more calls per iteration and a copy of the old f. On the CPU backend it measured
 *   slower too (Doc/decisions.md). */
GrB_Info GG_alg_cc_propagate(GrB_Vector *component, GrB_Matrix A, bool symmetric, char *msg)
{
    if (component == NULL)
        return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'component' is NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;
    if (n > ((GrB_Index)1 << 32)) return GG_alg_cc(component, A, symmetric, msg);

    GrB_Vector f = NULL;
    GG_ALG_TRY(GrB_Vector_new(&f, GrB_INT64, n));
    GG_ALG_TRY(GrB_Vector_assign_INT64(f, NULL, NULL, 0, GrB_ALL, n, NULL));
    GG_ALG_TRY(GrB_Vector_apply_IndexOp_INT64(f, NULL, NULL, GrB_ROWINDEX_INT64, f, 0, NULL));
    for (int64_t sum = (int64_t)(n * (n - 1) / 2), last = -1; sum != last;) {
        GG_ALG_TRY(GrB_mxv(f, NULL, GrB_MIN_INT64, GrB_MIN_SECOND_SEMIRING_INT64, A, f, NULL));
        if (!symmetric)
            GG_ALG_TRY(GrB_mxv(f, NULL, GrB_MIN_INT64, GrB_MIN_SECOND_SEMIRING_INT64, A, f, GrB_DESC_T0));
        last = sum;
        GG_ALG_TRY(GrB_Vector_reduce_INT64(&sum, NULL, GrB_PLUS_MONOID_INT64, f, NULL));
    }
    *component = f;
    f = NULL;
done:
    GrB_Vector_free(&f);
    return info;
}
