/* reduce.c: the CUDA reduce slots over a matrix (a vector input of the scalar reduction takes the
 * vector path, cuda/slots/vector.c). Both read A's compressed device view (cuda/store: uploaded once
 * from a host matrix, built on the device for a device-written one). The reduction to a vector
 * leaves T on the device and runs the vector write-back there (GG_cuda_vslot.h); the reduction to a
 * scalar brings back the one value the API returns and applies the scalar output's rules on the
 * host (GG_reduce_scalar_output, shared with the CPU). Declines, touching nothing: user-defined
 * operators, operators that are not a built-in monoid operator of A's own type, an input without
 * entries, and small host-resident calls unless CUDA is forced. */
#include "GG_cuda_vslot.h"

/* Whether the device reduces with op on A's values: a built-in monoid operator of A's own type;
 * into w (NULL for a scalar) by position, so w must pass the vector slots' dimension rule. */
static GrB_Info reduce_check(GrB_BinaryOp op, GG_container *A, GG_container *w, const GG_desc *d,
                             GrB_Index *n)
{
    GrB_Type_Code t = A->type->code;
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    if (op->xtype->code != t || op->ytype->code != t || op->ztype->code != t)
        return GG_decline("the operator's types differ from the input's (typecast)");
    if (!GG_cuda_reduce_supported(op->opcode, t))
        return GG_decline("no device kernel for this operator and type");
    GrB_Info info = GG_container_nvals(A, n);
    if (info != GrB_SUCCESS) return info;
    if (*n == 0) return GG_decline("no entries to reduce");
    return GG_CUDA_VEC_TAKE(d, *n, A, w);
}

GrB_Info GG_cuda_reduce_vector(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                               GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                               const GG_desc *d)
{
    (void)monoid; /* rows without entries give no entry: the identity is never needed */
    GrB_Index n;
    GrB_Info info = reduce_check(op, A, w, d, &n);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_vcall k;
    info = GG_cuda_vcall_begin(&k, w, M, accum, d);
    GG_cuda_cview dv;
    if (info == GrB_SUCCESS) info = GG_cuda_mirror_cview(A, d->tran0, &dv);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_vec T;
    int t = (int)A->type->code;
    info = GG_cuda_info(GG_cuda_reduce_rows(&T, op->opcode, t, &dv, w->nrows));
    if (info == GrB_SUCCESS) {
        GG_cuda_tdesc td = {.kind = GG_CUDA_T_VEC, .A = &T.d, .acode = t, .tcode = t};
        info = GG_cuda_vcall_finish(&k, &td);
    }
    GG_cuda_vec_release(&T);
    return info;
}

GrB_Info GG_cuda_reduce_scalar(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                               GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                               const GG_desc *d)
{
    if (A->h.kind == GG_KIND_VECTOR)
        return GG_cuda_vslot_reduce_scalar(s, c, ctype, accum, op, monoid, A, d);
    GrB_Index n;
    GrB_Info info = reduce_check(op, A, NULL, d, &n);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_tuples tt;
    const void *x;
    info = GG_cuda_mat_values(A, &x, &tt);
    unsigned char t[16];
    if (info == GrB_SUCCESS) info = GG_cuda_info(GG_cuda_reduce_all(op->opcode, A->type->code, x, n, t));
    GG_cuda_tuples_release(&tt);
    return info == GrB_SUCCESS ? GG_reduce_scalar_output(s, c, ctype, accum, t, true, op->ztype, monoid)
                               : info;
}
