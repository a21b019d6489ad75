/* select.c: the CUDA select slot. A vector output takes the vector path (cuda/slots/vector.c). For
 * a matrix, T keeps the entries of op0(A) where the index-unary operator holds (GG_cuda_mat_apply
 * over A's device tuples), then the device write-back installs C's new tree on the device
 * (GG_cuda_mslot.h): a selected matrix stays on the device for the products that read it next.
 * Declines, touching nothing: user-defined types or operators, operators without a device rule,
 * and small host-resident calls unless CUDA is forced. */
#include "GG_cuda_mslot.h"

GrB_Info GG_cuda_select(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_IndexUnaryOp op,
                        GG_container *A, const void *thunk, GrB_Type ttype, const GG_desc *d)
{
    if (C->h.kind == GG_KIND_VECTOR)
        return GG_cuda_vslot_select(C, M, accum, op, A, thunk, ttype, d);
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    GG_cuda_mt t = {.kind = GG_CUDA_T_SELECT, .op = GG_cuda_op_of_index(op, A->type)};
    if (!GG_cuda_vec_op_supported(&t.op)) return GG_decline("no device kernel for this operator");
    if (!GG_cuda_host_cast(t.s1, op->ytype, thunk, ttype)) return GG_decline("user-defined type");
    t.s1code = (int)op->ytype->code;
    GrB_Index n;
    GrB_Info info = GG_container_nvals(A, &n);
    if (info == GrB_SUCCESS) info = GG_CUDA_VEC_TAKE(d, n, C, M, A);
    return info == GrB_SUCCESS ? GG_cuda_mslot_unary(C, M, accum, A, d, &t) : info;
}
