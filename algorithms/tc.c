/* tc.c: triangle counting of an undirected graph (grb_algorithms.h).
 *
 * Source: the masked-SpGEMM formulation of Azad, Buluc and Gilbert, "Parallel triangle counting and
 * enumeration using matrix algebra" (IPDPSW 2015) and Wolf et al. (HPEC 2017), as LAGraph's
 * LAGr_TriangleCount method Sandia_LUT: with L = tril(A,-1) (GrB_select with GrB_TRIL) every
 * triangle k < j < i appears exactly once as an entry of C<L> = L L' (structural mask, the second
 * input transposed by the descriptor), and the count is the sum of C. The multiply is PLUS_ONEB
 * (PLUS_PAIR in SuiteSparse's names), so A's values, even explicit zeros, do not matter. */
#include "alg_internal.h"

GrB_Info GG_alg_tc(uint64_t *ntriangles, GrB_Matrix A, char *msg)
{
    if (ntriangles == NULL)
        return GG_alg_error(msg, __func__, GrB_NULL_POINTER, "argument 'ntriangles' is NULL");
    GrB_Index n = 0;
    GrB_Info info = GG_alg_square(&n, A, __func__, msg);
    if (info != GrB_SUCCESS) return info;

    GrB_Semiring plus_oneb = NULL;
    GrB_Matrix L = NULL, C = NULL;
    uint64_t count = 0;
    GG_ALG_TRY(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_UINT64, GrB_ONEB_UINT64));
    GG_ALG_TRY(GrB_Matrix_new(&L, GrB_BOOL, n, n));
    GG_ALG_TRY(GrB_Matrix_new(&C, GrB_UINT64, n, n));
    GG_ALG_TRY(GrB_Matrix_select_INT64(L, NULL, NULL, GrB_TRIL, A, -1, NULL));
    GG_ALG_TRY(GrB_mxm(C, L, NULL, plus_oneb, L, L, GrB_DESC_ST1));
    GG_ALG_TRY(GrB_Matrix_reduce_UINT64(&count, NULL, GrB_PLUS_MONOID_UINT64, C, NULL));
    *ntriangles = count;
done:
    GrB_Semiring_free(&plus_oneb);
    GrB_Matrix_free(&L);
    GrB_Matrix_free(&C);
    return info;
}
