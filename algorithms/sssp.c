/* sssp.c: single-source shortest paths with non-negative weights (grb_algorithms.h).
 *
 * Both variants keep a dense tentative-distance vector t (+inf where unreached) and relax edges with
 * the MIN_PLUS semiring: a relaxation from a set of vertices x is r = x'A (GrB_vxm), and the
 * vertices it improves are c = (r < t) (GrB_eWiseMult with GrB_LT_FP64), written back as t<c> = r.
 *
 * Bellman-Ford (Bellman 1958, Ford 1956) as LAGraph's LAGraph_BF_basic writes it, d = min(d, d'A)
 * until nothing changes, restricted to a frontier: only the vertices improved in the last round are
 * relaxed in the next.
 *
 * Delta-stepping: Meyer and Sanders, "Delta-stepping: a parallelizable shortest path algorithm"
 * (J. Algorithms 2003), in the GraphBLAS form of LAGraph's LAGr_SingleSourceShortestPath:
 * A is split into light (w <= delta) and heavy (w > delta) edges with GrB_select; the bucket of the
 * smallest tentative distance m among the pending vertices, [m, m + delta), is closed under light
 * edges, then its vertices relax their heavy edges once. Our buckets start at m rather than at a
 * multiple of delta, and a "pending" set (improved since last processed) replaces the settled set,
 * so every vertex improved after its bucket is processed again: the loop is correct for any delta
 * and its fixpoint is the one Bellman-Ford reaches, bit for bit. */
#include "alg_internal.h"

#include <math.h>

/* t<c> = r where r < t; c receives the improvement mask (entries where r exists). */
static GrB_Info relax(GrB_Vector t, GrB_Vector c, GrB_Vector r, GrB_Vector x, GrB_Matrix A, GrB_Index n)
{
    GrB_Info info = GrB_vxm(r, NULL, NULL, GrB_MIN_PLUS_SEMIRING_FP64, x, A, GrB_DESC_R);
    if (info == GrB_SUCCESS)
        info = GrB_Vector_eWiseMult_BinaryOp(c, NULL, NULL, GrB_LT_FP64, r, t, GrB_DESC_R);
    if (info == GrB_SUCCESS) info = GrB_Vector_assign(t, c, NULL, r, GrB_ALL, n, NULL);
    return info;
}

/* Common start: checks, then t = +inf everywhere but t(source) = 0. */
static GrB_Info sssp_start(GrB_Vector *t, GrB_Index *n, GrB_Vector *dist, GrB_Matrix A, GrB_Index source,
                           const char *func, char *msg)
{
    if (dist == NULL) return GG_alg_error(msg, func, GrB_NULL_POINTER, "argument 'dist' is NULL");
    GrB_Info info = GG_alg_square(n, A, func, msg);
    if (info == GrB_SUCCESS) info = GG_alg_vertex(source, *n, "source", func, msg);
    if (info == GrB_SUCCESS) info = GG_alg_nonnegative(A, func, msg);
    if (info != GrB_SUCCESS) return info;
    info = GrB_Vector_new(t, GrB_FP64, *n);
    if (info == GrB_SUCCESS) info = GrB_Vector_assign_FP64(*t, NULL, NULL, INFINITY, GrB_ALL, *n, NULL);
    if (info == GrB_SUCCESS) info = GrB_Vector_setElement_FP64(*t, 0, source);
    if (info != GrB_SUCCESS) {
        GrB_Vector_free(t);
        return GG_alg_error(msg, func, info, "%s while initialising the distances", GG_alg_info_name(info));
    }
    return GrB_SUCCESS;
}

/* *dist = the finite entries of t. */
static GrB_Info sssp_finish(GrB_Vector *dist, GrB_Vector t, GrB_Index n)
{
    GrB_Vector d = NULL;
    GrB_Info info = GrB_Vector_new(&d, GrB_FP64, n);
    if (info == GrB_SUCCESS)
        info = GrB_Vector_select_FP64(d, NULL, NULL, GrB_VALUELT_FP64, t, INFINITY, NULL);
    if (info == GrB_SUCCESS)
        *dist = d;
    else
        GrB_Vector_free(&d);
    return info;
}

GrB_Info GG_alg_sssp_bellman_ford(GrB_Vector *dist, GrB_Matrix A, GrB_Index source, char *msg)
{
    GrB_Index n = 0, nf = 1;
    GrB_Vector t = NULL, f = NULL, r = NULL, c = NULL;
    GrB_Info info = sssp_start(&t, &n, dist, A, source, __func__, msg);
    if (info != GrB_SUCCESS) return info;

    GG_ALG_TRY(GrB_Vector_new(&f, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&r, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&c, GrB_BOOL, n));
    GG_ALG_TRY(GrB_Vector_setElement_FP64(f, 0, source));
    /* With non-negative weights every distance is reached along a simple path: at most n - 1 rounds
     * improve anything, so the loop ends. */
    while (nf > 0) {
        GG_ALG_TRY(relax(t, c, r, f, A, n));
        GG_ALG_TRY(GrB_Vector_apply(f, c, NULL, GrB_IDENTITY_FP64, r, GrB_DESC_R));
        GG_ALG_TRY(GrB_Vector_nvals(&nf, f));
    }
    GG_ALG_TRY(sssp_finish(dist, t, n));
done:
    GrB_Vector_free(&t);
    GrB_Vector_free(&f);
    GrB_Vector_free(&r);
    GrB_Vector_free(&c);
    return info;
}

GrB_Info GG_alg_sssp_delta(GrB_Vector *dist, GrB_Matrix A, GrB_Index source, double delta, char *msg)
{
    GrB_Index n = 0, nvals = 0;
    GrB_Vector t = NULL, pending = NULL, u = NULL, bucket = NULL, done_set = NULL, r = NULL, c = NULL;
    GrB_Matrix light = NULL, heavy = NULL;
    GrB_Info info = sssp_start(&t, &n, dist, A, source, __func__, msg);
    if (info != GrB_SUCCESS) return info;

    if (!(delta > 0)) {
        double sum = 0;
        GG_ALG_TRY(GrB_Matrix_nvals(&nvals, A));
        GG_ALG_TRY(GrB_Matrix_reduce_FP64(&sum, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
        delta = (nvals > 0 && sum > 0) ? sum / (double)nvals : 1;
    }
    GG_ALG_TRY(GrB_Matrix_new(&light, GrB_FP64, n, n));
    GG_ALG_TRY(GrB_Matrix_new(&heavy, GrB_FP64, n, n));
    GG_ALG_TRY(GrB_Matrix_select_FP64(light, NULL, NULL, GrB_VALUELE_FP64, A, delta, NULL));
    GG_ALG_TRY(GrB_Matrix_select_FP64(heavy, NULL, NULL, GrB_VALUEGT_FP64, A, delta, NULL));
    GG_ALG_TRY(GrB_Vector_new(&pending, GrB_BOOL, n));
    GG_ALG_TRY(GrB_Vector_new(&u, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&bucket, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&done_set, GrB_BOOL, n));
    GG_ALG_TRY(GrB_Vector_new(&r, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&c, GrB_BOOL, n));
    GG_ALG_TRY(GrB_Vector_setElement_BOOL(pending, true, source));

    for (;;) {
        /* u = the tentative distances of the pending vertices; the bucket is [min u, min u + delta). */
        GG_ALG_TRY(GrB_Vector_apply(u, pending, NULL, GrB_IDENTITY_FP64, t, GrB_DESC_RS));
        GG_ALG_TRY(GrB_Vector_nvals(&nvals, u));
        if (nvals == 0) break;
        double lo = INFINITY;
        GG_ALG_TRY(GrB_Vector_reduce_FP64(&lo, NULL, GrB_MIN_MONOID_FP64, u, NULL));
        double hi = lo + delta;
        if (!(hi > lo)) hi = nextafter(lo, INFINITY); /* delta below lo's precision */
        GG_ALG_TRY(GrB_Vector_select_FP64(bucket, NULL, NULL, GrB_VALUELT_FP64, u, hi, NULL));
        GG_ALG_TRY(GrB_Vector_clear(done_set));
        GG_ALG_TRY(GrB_Vector_nvals(&nvals, bucket));
        while (nvals > 0) {
            GG_ALG_TRY(GrB_Vector_assign_BOOL(done_set, bucket, NULL, true, GrB_ALL, n, GrB_DESC_S));
            GG_ALG_TRY(relax(t, c, r, bucket, light, n));
            GG_ALG_TRY(GrB_Vector_assign_BOOL(pending, c, NULL, true, GrB_ALL, n, NULL));
            GG_ALG_TRY(GrB_Vector_select_FP64(bucket, c, NULL, GrB_VALUELT_FP64, r, hi, GrB_DESC_R));
            GG_ALG_TRY(GrB_Vector_nvals(&nvals, bucket));
        }
        /* The bucket's vertices are final unless a later relaxation improves them again. */
        GG_ALG_TRY(GrB_Vector_apply(pending, done_set, NULL, GrB_IDENTITY_BOOL, pending, GrB_DESC_RSC));
        GG_ALG_TRY(GrB_Vector_apply(u, done_set, NULL, GrB_IDENTITY_FP64, t, GrB_DESC_RS));
        GG_ALG_TRY(relax(t, c, r, u, heavy, n));
        GG_ALG_TRY(GrB_Vector_assign_BOOL(pending, c, NULL, true, GrB_ALL, n, NULL));
    }
    GG_ALG_TRY(sssp_finish(dist, t, n));
done:
    GrB_Vector_free(&t);
    GrB_Vector_free(&pending);
    GrB_Vector_free(&u);
    GrB_Vector_free(&bucket);
    GrB_Vector_free(&done_set);
    GrB_Vector_free(&r);
    GrB_Vector_free(&c);
    GrB_Matrix_free(&light);
    GrB_Matrix_free(&heavy);
    return info;
}
