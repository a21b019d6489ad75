/* transpose.c: GrB_transpose, C<M> = accum(C, A'); a transposing descriptor on INP0 cancels the
 * transpose. Without mask and accumulator, and with C of A's type, C shares A's HiSparse tree and
 * the transpose is the tree's flag: O(1) on any backend (Doc/hisparse.md, "Canonical storage"). */
#include "GG_ops.h"

GrB_Info GrB_transpose(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                       const GrB_Matrix A, const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    GG_op k = {.func = __func__, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, GG_KIND_MATRIX, "C"),
                       GG_ARG_OPT(Mask, GG_KIND_MATRIX, "Mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(A, GG_KIND_MATRIX, "A"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    k.d.tran1 = false;
    GG_container *c = GG_CONT(C), *m = GG_CONT(Mask), *a = GG_CONT(A);
    GG_TRY(GG_op_writeback_domain(&k, m, accum, c->type, a->type));

    GrB_Index r, cc;
    GG_shape(c, false, &r, &cc);
    GG_TRY(GG_op_dims(&k, a, "A", !k.d.tran0, r, cc));
    GG_TRY(GG_op_mask_dims(&k, m, r, cc));

    if (m == NULL && !k.d.mask_comp && accum == NULL && c->type == a->type) {
        GrB_Info info = GG_container_share(c, a, !k.d.tran0);
        return info == GrB_SUCCESS ? info : GG_op_fail(&k, info, "out of memory");
    }

    GG_DISPATCH(&k, TRANSPOSE, transpose, (c->type, a->type, accum), (c, m, accum, a, &k.d));
}
