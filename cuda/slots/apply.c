/* apply.c: the CUDA apply slot. A vector output takes the vector path (cuda/slots/vector.c). For a
 * matrix, T = f(op0(A)) is computed over A's device tuples with every built-in operator and cast
 * the value model knows (GG_cuda_mat_apply), then the device write-back installs C's new tree on
 * the device (GG_cuda_mslot.h). Declines, touching nothing: user-defined types or operators,
 * operators without a device rule, and small host-resident calls unless CUDA is forced. */
#include "GG_cuda_mslot.h"

GrB_Info GG_cuda_apply(GG_container *C, GG_container *M, GrB_BinaryOp accum, const GG_apply_op *op,
                       GG_container *A, const GG_desc *d)
{
    if (C->h.kind == GG_KIND_VECTOR) return GG_cuda_vslot_apply(C, M, accum, op, A, d);
    GG_cuda_mt t = {0};
    GrB_Info info = GG_cuda_apply_decode(op, A->type, &t.kind, &t.op, t.s1, &t.s1code);
    if (info != GrB_SUCCESS) return info;
    GrB_Index n;
    info = GG_container_nvals(A, &n);
    if (info == GrB_SUCCESS) info = GG_CUDA_VEC_TAKE(d, n, C, M, A);
    return info == GrB_SUCCESS ? GG_cuda_mslot_unary(C, M, accum, A, d, &t) : info;
}
