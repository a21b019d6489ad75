/* pagerank.c: PageRank with dangling-vertex redistribution (grb_algorithms.h).
 *
 * Source: Page, Brin, Motwani and Winograd, "The PageRank citation ranking" (1999), in the form of
 * the GAP benchmark suite (Beamer, Asanovic, Patterson 2015: damping 0.85, stop when the 1-norm of
 * the change falls below a tolerance) and LAGraph's LAGr_PageRank, which also hands the rank of
 * vertices without out-edges back to every vertex evenly. One iteration:
 *   w = r .* (damping ./ outdegree)     (GrB_eWiseMult; only vertices with out-edges)
 *   s = sum of r over dangling vertices (complemented structural mask of outdegree, GrB_reduce)
 *   r' = (1 - damping + damping * s) / n + A'w    (GrB_mxv, PLUS_SECOND, A transposed by descriptor)
 * outdegree = A * 1 with the PLUS_ONEB semiring, so only A's structure counts. */
#include "alg_internal.h"

GrB_Info GG_alg_pagerank(GrB_Vector *rank, int *iterations, GrB_Matrix A, double damping, double tol,
                         int max_iter, char *msg)
{
    if (rank == NULL) return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'rank' is NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;
    if (!(damping >= 0 && damping < 1))
        return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'damping' is %g, not in [0,1)",
                            damping);
    if (!(tol >= 0)) return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'tol' is %g", tol);
    if (max_iter < 1)
        return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'max_iter' is %d", max_iter);
    if (n == 0) return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'A' has no vertices");

    GrB_Semiring plus_second = NULL, plus_oneb = NULL;
    GrB_Vector r = NULL, next = NULL, scale = NULL, w = NULL, t = NULL;
    const double dn = (double)n;
    int iter = 0;

    GG_ALG_TRY(GrB_Semiring_new(&plus_second, GrB_PLUS_MONOID_FP64, GrB_SECOND_FP64));
    GG_ALG_TRY(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64));
    GG_ALG_TRY(GrB_Vector_new(&r, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&next, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&scale, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&w, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_new(&t, GrB_FP64, n));
    GG_ALG_TRY(GrB_Vector_assign_FP64(r, NULL, NULL, 1 / dn, GrB_ALL, n, NULL));
    /* scale = damping / outdegree, present only for vertices with out-edges */
    GG_ALG_TRY(GrB_mxv(scale, NULL, NULL, plus_oneb, A, r, NULL));
    GG_ALG_TRY(GrB_Vector_apply_BinaryOp1st_FP64(scale, NULL, NULL, GrB_DIV_FP64, damping, scale, NULL));

    while (iter < max_iter) {
        iter++;
        double dangling = 0, change = 0;
        GG_ALG_TRY(GrB_Vector_apply(t, scale, NULL, GrB_IDENTITY_FP64, r, GrB_DESC_RSC));
        GG_ALG_TRY(GrB_Vector_reduce_FP64(&dangling, NULL, GrB_PLUS_MONOID_FP64, t, NULL));
        GG_ALG_TRY(GrB_Vector_eWiseMult_BinaryOp(w, NULL, NULL, GrB_TIMES_FP64, r, scale, NULL));
        GG_ALG_TRY(GrB_Vector_assign_FP64(next, NULL, NULL, (1 - damping + damping * dangling) / dn, GrB_ALL,
                                          n, NULL));
        GG_ALG_TRY(GrB_mxv(next, NULL, GrB_PLUS_FP64, plus_second, A, w, GrB_DESC_T0));
        GG_ALG_TRY(GrB_Vector_eWiseMult_BinaryOp(t, NULL, NULL, GrB_MINUS_FP64, next, r, NULL));
        GG_ALG_TRY(GrB_Vector_apply(t, NULL, NULL, GrB_ABS_FP64, t, NULL));
        GG_ALG_TRY(GrB_Vector_reduce_FP64(&change, NULL, GrB_PLUS_MONOID_FP64, t, NULL));
        GrB_Vector swap = r;
        r = next;
        next = swap;
        if (change < tol) break;
    }
    *rank = r;
    r = NULL;
    if (iterations != NULL) *iterations = iter;
done:
    GrB_Semiring_free(&plus_second);
    GrB_Semiring_free(&plus_oneb);
    GrB_Vector_free(&r);
    GrB_Vector_free(&next);
    GrB_Vector_free(&scale);
    GrB_Vector_free(&w);
    GrB_Vector_free(&t);
    return info;
}
