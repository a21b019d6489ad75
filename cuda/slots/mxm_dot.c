/* mxm_dot.c: the masked dot product path of the CUDA mxm slot (dispatched from mxm.c):
 * T<M> = op0(A) (+.*) op1(B) only at M's entries, each the intersection of a row of op0(A) (A's
 * CSR view, its CSC view under tran0) with a column of op1(B) (B's CSC view, its CSR view under
 * tran1), by the kernel of cuda/kernels/mxm_dot.cu; then the device write-back, so C stays on the
 * device (GG_cuda_mslot.h). Triangle counting's C<L, struct> = L L' is one such call.
 *
 * When the dot path takes a call: M present and not complemented, and sparse relative to the
 * work: at most GG_DOT_MASK_RATIO entries per entry of A and B together (GxB_AxB_METHOD = DOT takes
 * any such mask, another method declines). The dot product's cost is one intersection per mask
 * entry, O(nnz(M)) intersections of the inputs' own vectors; a saxpy's is the flop count, which
 * only grows with the inputs (for TC's L L' on power-law graphs it is sum deg^2, far above
 * nnz(L)). A mask with many more entries than the inputs is the case a saxpy wins (each of its
 * rows is a few scattered input rows), so it is left to it. The ratio is unmeasured: the
 * GPU-host run that times the saxpy path against this one should set it (Doc/decisions.md).
 *
 * Declines, touching nothing: no mask or a complemented one, a mask too dense for the rule,
 * user-defined types or operators, a semiring without a device rule, dimensions beyond 2^32 or
 * inputs of 2^31 entries or more (the device views' and tuples' limits), and small host-resident
 * calls unless CUDA is forced. */
#include "GG_cuda_mslot.h"
#include "GG_cuda_mxm_dot.h"

/* Mask entries per entry of A and B together that the dot path still takes (unmeasured). */
#define GG_DOT_MASK_RATIO 4

/* The product and its write-back, once the call is taken. */
static GrB_Info dot(GG_container *C, GG_container *M, GrB_BinaryOp accum, int add,
                    const GG_cuda_op *mul, GG_container *A, GG_container *B, const GG_desc *d)
{
    GrB_Index cvals = 1;
    GrB_Info info = GrB_SUCCESS;
    if (accum == NULL && !d->replace) info = GG_container_nvals(C, &cvals);
    if (info != GrB_SUCCESS) return info;
    /* T lies inside the mask: without an accumulator and with nothing of C to keep (replace, or C
     * empty), C is T, and the write-back neither reads C nor looks up the mask (as on the CPU) */
    bool as_is = accum == NULL && (d->replace || cvals == 0);
    GG_desc plain = {.replace = d->replace};
    GG_cuda_mcall k;
    GG_cuda_tuples own_m = {0}, T = {0};
    const GG_cuda_tuples *m = &k.m;
    info = GG_cuda_mcall_begin(&k, C, as_is ? NULL : M, accum, as_is ? &plain : d);
    if (info == GrB_SUCCESS && as_is) {
        /* C is T (not read): the mask's tree order, no sort, and the build takes T as it comes */
        info = GG_cuda_mat_tuples(M, false, GG_CUDA_ORDER_TREE, &own_m);
        m = &own_m;
    }
    /* a mask without entries needs no view of the inputs (none is uploaded) */
    T.code = mul->zcode;
    bool work = info == GrB_SUCCESS && m->n > 0;
    GG_cuda_cview av, bv;
    if (work) info = GG_cuda_mirror_cview(A, d->tran0, &av);
    if (work && info == GrB_SUCCESS) info = GG_cuda_mirror_cview(B, !d->tran1, &bv);
    if (work && info == GrB_SUCCESS) {
        GG_trace("cuda mxm: masked dot product over %llu mask entries (rows of A%s, columns of "
                 "B%s)%s",
                 (unsigned long long)m->n, d->tran0 ? "'" : "", d->tran1 ? "'" : "",
                 as_is ? ", the result as it is" : "");
        info = GG_cuda_mslot_info(GG_cuda_mat_dot(&T, m, d->mask_struct, &av, &bv, add, mul),
                                  "no device kernel for this semiring");
    }
    GG_cuda_tuples_release(&own_m);
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    return info;
}

GrB_Info GG_cuda_mxm_dot(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                         GrB_Semiring semiring, GG_container *A, GG_container *B, const GG_desc *d)
{
    if (M == NULL) return GG_decline("no mask (the dot product computes a mask's entries only)");
    if (d->mask_comp) return GG_decline("a complemented mask");
    if (d->axb_method != GxB_DEFAULT && d->axb_method != GxB_AxB_DOT)
        return GG_decline("GxB_AxB_METHOD asks for another method than the dot product");
    int add = semiring->add->op->opcode;
    if (add == GG_OP_USER || semiring->mul->opcode == GG_OP_USER)
        return GG_decline("user-defined operator");
    GG_cuda_op mul = GG_cuda_op_of_binary(semiring->mul);
    if (!GG_cuda_mat_dot_supported(add, &mul))
        return GG_decline("no device kernel for this semiring");
    const GrB_Index wide = (GrB_Index)1 << 32;
    GrB_Index inner = d->tran0 ? A->nrows : A->ncols;
    if (C->nrows > wide || C->ncols > wide || inner > wide)
        return GG_decline("a dimension beyond 2^32 (the device views' limit)");
    GrB_Index nm, na, nb;
    GrB_Info info = GG_container_nvals(M, &nm);
    if (info == GrB_SUCCESS) info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info != GrB_SUCCESS) return info;
    const GrB_Index big = (GrB_Index)1 << 31;
    if (nm >= big || na >= big || nb >= big)
        return GG_decline("2^31 entries or more (the device views' and tuples' limit)");
    if (d->axb_method != GxB_AxB_DOT && nm > GG_DOT_MASK_RATIO * (na + nb))
        return GG_decline("the mask is too dense for the dot product");
    info = GG_CUDA_VEC_TAKE(d, nm + na + nb, C, M, A, B);
    return info == GrB_SUCCESS ? dot(C, M, accum, add, &mul, A, B, d) : info;
}
