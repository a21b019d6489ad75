/* bc.c: betweenness centrality from a batch of sources (grb_algorithms.h).
 *
 * Source: Brandes, "A faster algorithm for betweenness centrality" (J. Math. Sociology 2001), in the
 * batched linear-algebra form of the GraphBLAS C API spec's BC example and LAGraph's
 * LAGr_Betweenness (Buluc and Gilbert, "The Combinatorial BLAS", 2011). Row i of the ns x n
 * matrices belongs to source i.
 * Forward: paths(i,v) counts the shortest paths from source i to v; each step expands the frontier
 * with the PLUS_FIRST semiring (frontier'A sums the path counts of a vertex's predecessors) under the
 * complemented structural mask of paths, and the frontier's pattern is kept per depth.
 * Backward, deepest level first: w<level d> = bcu ./ paths, w<level d-1> = w A' (PLUS_FIRST, A
 * transposed by the descriptor), bcu += w .* paths, where bcu starts at 1 so that bcu = 1 + the
 * dependency. centrality = column sums of bcu - nsources. */
#include "alg_internal.h"

#include <stdlib.h>

/* Frees the per-depth patterns. */
static void free_levels(GrB_Matrix *levels, size_t depth)
{
    for (size_t d = 0; d < depth; d++) GrB_Matrix_free(&levels[d]);
    free(levels);
}

GrB_Info GG_alg_bc(GrB_Vector *centrality, GrB_Matrix A, const GrB_Index *sources, GrB_Index nsources,
                   char *msg)
{
    if (centrality == NULL)
        return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'centrality' is NULL");
    if (sources == NULL) return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'sources' is NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;
    if (nsources == 0) return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'nsources' is 0");
    for (GrB_Index i = 0; i < nsources; i++) {
        info = GG_alg_vertex(sources[i], n, "sources[i]", __func__, msg);
        if (info != GrB_SUCCESS) return info;
    }

    const GrB_Index ns = nsources;
    GrB_Semiring plus_first = NULL;
    GrB_Matrix paths = NULL, frontier = NULL, bcu = NULL, w = NULL;
    GrB_Matrix *levels = NULL;
    size_t depth = 0, capacity = 0;
    GrB_Index *rows = NULL, nvals = 0;
    double *ones = NULL;
    GrB_Vector c = NULL;

    GG_ALG_TRY(GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64));
    rows = malloc(ns * sizeof(GrB_Index));
    ones = malloc(ns * sizeof(double));
    if (rows == NULL || ones == NULL) {
        info = GG_alg_error(msg, __func__, GrB_OUT_OF_MEMORY, "out of memory for %llu sources",
                            (unsigned long long)ns);
        goto done;
    }
    for (GrB_Index i = 0; i < ns; i++) {
        rows[i] = i;
        ones[i] = 1;
    }
    GG_ALG_TRY(GrB_Matrix_new(&paths, GrB_FP64, ns, n));
    GG_ALG_TRY(GrB_Matrix_build_FP64(paths, rows, sources, ones, ns, GrB_PLUS_FP64));
    GG_ALG_TRY(GrB_Matrix_new(&frontier, GrB_FP64, ns, n));
    GG_ALG_TRY(GrB_mxm(frontier, paths, NULL, plus_first, paths, A, GrB_DESC_RSC));
    GG_ALG_TRY(GrB_Matrix_nvals(&nvals, frontier));
    while (nvals > 0) {
        if (depth == capacity) {
            size_t grown = capacity == 0 ? 16 : 2 * capacity;
            GrB_Matrix *more = realloc(levels, grown * sizeof(GrB_Matrix));
            if (more == NULL) {
                info = GG_alg_error(msg, __func__, GrB_OUT_OF_MEMORY, "out of memory at depth %zu", depth);
                goto done;
            }
            levels = more;
            capacity = grown;
        }
        levels[depth] = NULL;
        GG_ALG_TRY(GrB_Matrix_new(&levels[depth], GrB_BOOL, ns, n));
        depth++;
        GG_ALG_TRY(GrB_Matrix_assign_BOOL(levels[depth - 1], frontier, NULL, true, GrB_ALL, ns, GrB_ALL, n,
                                          GrB_DESC_S));
        GG_ALG_TRY(GrB_Matrix_eWiseAdd_BinaryOp(paths, NULL, NULL, GrB_PLUS_FP64, paths, frontier, NULL));
        GG_ALG_TRY(GrB_mxm(frontier, paths, NULL, plus_first, frontier, A, GrB_DESC_RSC));
        GG_ALG_TRY(GrB_Matrix_nvals(&nvals, frontier));
    }

    GG_ALG_TRY(GrB_Matrix_new(&bcu, GrB_FP64, ns, n));
    GG_ALG_TRY(GrB_Matrix_assign_FP64(bcu, NULL, NULL, 1.0, GrB_ALL, ns, GrB_ALL, n, NULL));
    GG_ALG_TRY(GrB_Matrix_new(&w, GrB_FP64, ns, n));
    for (size_t d = depth; d-- > 1;) {
        GG_ALG_TRY(GrB_Matrix_eWiseMult_BinaryOp(w, levels[d], NULL, GrB_DIV_FP64, bcu, paths, GrB_DESC_RS));
        GG_ALG_TRY(GrB_mxm(w, levels[d - 1], NULL, plus_first, w, A, GrB_DESC_RST1));
        GG_ALG_TRY(GrB_Matrix_eWiseMult_BinaryOp(bcu, NULL, GrB_PLUS_FP64, GrB_TIMES_FP64, w, paths, NULL));
    }
    GG_ALG_TRY(GrB_Vector_new(&c, GrB_FP64, n));
    GG_ALG_TRY(GrB_Matrix_reduce_Monoid(c, NULL, NULL, GrB_PLUS_MONOID_FP64, bcu, GrB_DESC_T0));
    GG_ALG_TRY(GrB_Vector_apply_BinaryOp2nd_FP64(c, NULL, NULL, GrB_MINUS_FP64, c, (double)ns, NULL));
    *centrality = c;
    c = NULL;
done:
    GrB_Semiring_free(&plus_first);
    GrB_Matrix_free(&paths);
    GrB_Matrix_free(&frontier);
    GrB_Matrix_free(&bcu);
    GrB_Matrix_free(&w);
    GrB_Vector_free(&c);
    free_levels(levels, depth);
    free(rows);
    free(ones);
    return info;
}
