/* matrix.c: the write-back side shared by the CUDA slots over matrices (GG_cuda_mslot.h) and the
 * matrix path of apply and select. Every step reads device content (cuda/store: an upload only when
 * an operand was written on the host) and the result becomes C's device tree. */
#include "GG_cuda_mslot.h"
#include "GG_hisparse.h"

GrB_Info GG_cuda_mslot_info(int rc, const char *why)
{
    return rc == GG_CUDA_VRC_UNSUPPORTED ? GG_decline(why) : GG_cuda_info(rc);
}

GrB_Info GG_cuda_mcall_begin(GG_cuda_mcall *k, GG_container *C, GG_container *M,
                             GrB_BinaryOp accum, const GG_desc *d)
{
    memset(k, 0, sizeof *k);
    k->C = C;
    k->c.code = k->m.code = (int)C->type->code;
    if (accum != NULL) {
        if (accum->opcode == GG_OP_USER) return GG_decline("user-defined accumulator");
        k->accop = GG_cuda_op_of_binary(accum);
        if (!GG_cuda_vec_accum_supported(&k->accop))
            return GG_decline("no device kernel for this accumulator");
        k->wb.accum = &k->accop;
    }
    k->wb.mstruct = d->mask_struct;
    k->wb.mcomp = d->mask_comp;
    k->wb.replace = d->replace;
    GrB_Info info = GrB_SUCCESS;
    if (M != NULL) {
        info = GG_cuda_mat_tuples(M, false, &k->m);
        k->wb.M = &k->m;
    }
    if (info == GrB_SUCCESS && (M != NULL || accum != NULL || d->mask_comp))
        info = GG_cuda_mat_tuples(C, false, &k->c);
    return info;
}

GrB_Info GG_cuda_mcall_finish(GG_cuda_mcall *k, const GG_cuda_tuples *T)
{
    GG_container *C = k->C;
    GG_cuda_hs Z;
    int dbits = __builtin_ctz((unsigned)GG_hs_node_dim());
    int rc = GG_cuda_mat_writeback(&Z, C->nrows, C->ncols, dbits, &k->c, (int)C->type->code, T,
                                   &k->wb);
    GrB_Info info = GG_cuda_mslot_info(rc, "no device write-back for these types");
    if (info == GrB_SUCCESS) info = GG_cuda_mat_install(C, &Z);
    if (info == GrB_SUCCESS)
        GG_trace("cuda: %llu x %llu matrix result (%llu entries) written on the device%s",
                 (unsigned long long)C->nrows, (unsigned long long)C->ncols,
                 (unsigned long long)Z.nvals,
                 k->wb.M != NULL || k->wb.accum != NULL ? " through the masked write-back" : "");
    /* GrB_BLOCKING: every method completes before it returns (DESIGN.md §4) */
    if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync()) info = GrB_PANIC;
    return info;
}

void GG_cuda_mcall_end(GG_cuda_mcall *k)
{
    GG_cuda_tuples_release(&k->c);
    GG_cuda_tuples_release(&k->m);
}

GrB_Info GG_cuda_mslot_unary(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             GG_container *A, const GG_desc *d, const GG_cuda_mt *t)
{
    GG_cuda_mcall k;
    GG_cuda_tuples a = {0}, T = {0};
    GrB_Info info = GG_cuda_mcall_begin(&k, C, M, accum, d);
    if (info == GrB_SUCCESS) info = GG_cuda_mat_tuples(A, d->tran0, &a);
    if (info == GrB_SUCCESS)
        info = GG_cuda_mslot_info(GG_cuda_mat_apply(&T, &a, t), "no device kernel for this operator");
    GG_cuda_tuples_release(&a);
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    return info;
}
