/* transpose.c: the CPU transpose slot, C<M> = accum(C, A'), where a transposed input descriptor
 * cancels the transpose (T = A). The tuples of A' come from A's column view. */
#include "GG_cpu.h"

GrB_Info GG_cpu_transpose(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                          const GG_desc *d)
{
    GG_coo a, t;
    bool owned;
    GrB_Info info = GG_cpu_coo_of(A, !d->tran0, &a, &owned);
    if (info != GrB_SUCCESS) return info;
    if (owned) {
        t = a;
    } else {
        /* T must own its arrays: copy A's own tuples (C may even be A) */
        info = GG_cpu_coo_dup(&t, &a, A->type->size);
        if (info != GrB_SUCCESS) return info;
    }
    return GG_cpu_writeback(C, M, accum, &t, A->type, d);
}
