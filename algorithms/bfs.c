/* bfs.c: breadth-first search from one source, levels and/or parents (grb_algorithms.h).
 *
 * Source: the level-synchronous BFS of the GraphBLAS C API spec's examples and LAGraph's
 * LAGr_BreadthFirstSearch, with direction optimisation after Beamer, Asanovic and Patterson,
 * "Direction-Optimizing Breadth-First Search" (SC 2012). One step computes the next frontier
 * q<!visited> = q'A, either as a push (GrB_vxm) or as a pull (GrB_mxv on A with the transposed
 * descriptor); the complemented structural mask keeps only unvisited vertices.
 * Levels use LOR_LAND on a Boolean frontier. Parents use MIN_FIRST (push) / MIN_SECOND (pull) on a
 * frontier that holds each vertex's own id (GrB_apply with GrB_ROWINDEX_INT64), so every new vertex
 * gets the smallest id among its frontier in-neighbours: the same answer in either direction.
 * Auto direction: pull once the frontier grows past n/8 vertices, push again once it shrinks below
 * n/512 (Beamer's thresholds without degree information; our choice of constants). */
#include "alg_internal.h"

/* Beamer's frontier-size thresholds, as divisors of n. */
#define BFS_TO_PULL 8
#define BFS_TO_PUSH 512

static bool bfs_push(GG_bfs_direction direction, bool push, GrB_Index nq, GrB_Index nq_last, GrB_Index n)
{
    if (direction != GG_BFS_AUTO) return direction == GG_BFS_PUSH;
    if (push) return !(nq > nq_last && nq > n / BFS_TO_PULL);
    return nq < nq_last && nq < n / BFS_TO_PUSH;
}

GrB_Info GG_alg_bfs(GrB_Vector *level, GrB_Vector *parent, GrB_Matrix A, GrB_Index source,
                    GG_bfs_direction direction, char *msg)
{
    if (level == NULL && parent == NULL)
        return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "arguments 'level' and 'parent' are both NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;
    if (level == parent)
        return GG_alg_error(msg, __func__, GrB_INVALID_VALUE,
                            "arguments 'level' and 'parent' are the same handle");
    if (direction != GG_BFS_AUTO && direction != GG_BFS_PUSH && direction != GG_BFS_PULL)
        return GG_alg_error(msg, __func__, GrB_INVALID_VALUE, "argument 'direction' is %d", (int)direction);
    info = GG_alg_vertex(source, n, "source", __func__, msg);
    if (info != GrB_SUCCESS) return info;

    GrB_Vector q = NULL, v = NULL, p = NULL;
    const bool parents = parent != NULL;
    GrB_Semiring push_sr = parents ? GrB_MIN_FIRST_SEMIRING_INT64 : GrB_LOR_LAND_SEMIRING_BOOL;
    GrB_Semiring pull_sr = parents ? GrB_MIN_SECOND_SEMIRING_INT64 : GrB_LOR_LAND_SEMIRING_BOOL;

    GG_ALG_TRY(GrB_Vector_new(&q, parents ? GrB_INT64 : GrB_BOOL, n));
    if (level != NULL) GG_ALG_TRY(GrB_Vector_new(&v, GrB_INT64, n));
    if (parents) {
        GG_ALG_TRY(GrB_Vector_new(&p, GrB_INT64, n));
        GG_ALG_TRY(GrB_Vector_setElement_INT64(p, (int64_t)source, source));
        GG_ALG_TRY(GrB_Vector_setElement_INT64(q, (int64_t)source, source));
    } else {
        GG_ALG_TRY(GrB_Vector_setElement_BOOL(q, true, source));
    }
    /* The visited set: parents are recorded as soon as a vertex is found, levels one step later. */
    GrB_Vector visited = parents ? p : v;

    GrB_Index nq = 1, nq_last = 0;
    bool push = true;
    for (int64_t k = 0; nq > 0; k++) {
        if (v != NULL) GG_ALG_TRY(GrB_Vector_assign_INT64(v, q, NULL, k, GrB_ALL, n, GrB_DESC_S));
        push = bfs_push(direction, push, nq, nq_last, n);
        if (push)
            GG_ALG_TRY(GrB_vxm(q, visited, NULL, push_sr, q, A, GrB_DESC_RSC));
        else
            GG_ALG_TRY(GrB_mxv(q, visited, NULL, pull_sr, A, q, GrB_DESC_RSCT0));
        nq_last = nq;
        GG_ALG_TRY(GrB_Vector_nvals(&nq, q));
        if (parents && nq > 0) {
            GG_ALG_TRY(GrB_Vector_assign(p, q, NULL, q, GrB_ALL, n, GrB_DESC_S));
            GG_ALG_TRY(GrB_Vector_apply_IndexOp_INT64(q, NULL, NULL, GrB_ROWINDEX_INT64, q, 0, NULL));
        }
    }
    if (level != NULL) *level = v;
    if (parents) *parent = p;
    v = p = NULL;
done:
    GrB_Vector_free(&q);
    GrB_Vector_free(&v);
    GrB_Vector_free(&p);
    return info;
}
