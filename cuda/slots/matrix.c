/* matrix.c: the write-back side shared by the CUDA slots over matrices (GG_cuda_mslot.h) and the
 * matrix paths of apply, select and the assign of a scalar. Every step reads device content
 * (cuda/store: an upload only when an operand was written on the host) and the result becomes C's
 * device tree. */
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mslot.h"
#include "GG_hisparse.h"

_Static_assert((int)GG_CUDA_HS_OK == (int)GG_CUDA_VRC_OK &&
                   (int)GG_CUDA_HS_OOM == (int)GG_CUDA_VRC_NOMEM &&
                   (int)GG_CUDA_HS_UNSUPPORTED == (int)GG_CUDA_VRC_UNSUPPORTED,
               "GG_cuda_mslot_info reads the tree calls' codes as the vector kernels'");

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
        info = GG_cuda_mat_tuples(M, false, GG_CUDA_ORDER_ROW, &k->m);
        k->wb.M = &k->m;
    }
    if (info == GrB_SUCCESS && (M != NULL || accum != NULL || d->mask_comp))
        info = GG_cuda_mat_tuples(C, false, GG_CUDA_ORDER_ROW, &k->c);
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

GG_cuda_order GG_cuda_mcall_order(const GG_cuda_mcall *k)
{
    return GG_cuda_mwb_reads_c(&k->wb) ? GG_CUDA_ORDER_ROW : GG_CUDA_ORDER_TREE;
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
    if (info == GrB_SUCCESS) info = GG_cuda_mat_tuples(A, d->tran0, GG_cuda_mcall_order(&k), &a);
    if (info == GrB_SUCCESS)
        info = GG_cuda_mslot_info(GG_cuda_mat_apply(&T, &a, t), "no device kernel for this operator");
    GG_cuda_tuples_release(&a);
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    return info;
}

/* C<M, struct>(:, :) = v (v of C's type) with no accumulator into an empty or replaced C: C is
 * M's pattern with the one value v, made from M's tree in tree order as an iso tree (or M's pool
 * copied, when M is iso) and installed, with no tuples and no write-back. Betweenness centrality
 * records each BFS level so (levels[d]<frontier, struct> = true), 0.9 ms a call on RMAT-20 through
 * the write-back (Doc/performance.md). */
static GrB_Info assign_pattern(GG_container *C, GG_container *M, const unsigned char v[16])
{
    struct timespec mark;
    (void)GG_cuda_trace_ms(&mark);
    GG_cuda_hs m, z;
    GrB_Info info = GG_cuda_mirror_hs(M, &m);
    if (info != GrB_SUCCESS) return info;
    info = GG_cuda_mslot_info(GG_cuda_hs_pattern(&z, &m, __builtin_ctz((unsigned)GG_hs_node_dim()),
                                                 (int)C->type->code, v, (int)C->type->size),
                              "the device build does not take this mask (wide coordinates or 2^31 "
                              "entries)");
    if (info == GrB_SUCCESS) info = GG_cuda_mat_install(C, &z); /* takes z's pool */
    if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync()) info = GrB_PANIC;
    if (info == GrB_SUCCESS)
        GG_trace("cuda: assign of a scalar under a structural mask: C is the mask's pattern, iso, "
                 "made in tree order (%llu entries, %.3f ms)",
                 (unsigned long long)z.nvals, GG_cuda_trace_ms(&mark));
    return info;
}

GrB_Info GG_cuda_mslot_assign(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GG_container *A, const void *scalar, GrB_Type stype,
                              const GrB_Index *I, const GrB_Index *J, GG_assign_kind kind,
                              const GG_desc *d)
{
    if (kind != GG_ASSIGN_ALL || I != GrB_ALL || J != GrB_ALL)
        return GG_decline("matrix assign through index lists has no device kernel");
    if (A != NULL) return GG_decline("matrix assign of a matrix has no device kernel");
    /* T need only cover the positions the mask may allow: a mask's own entries (the write-back
     * reads their values), all of C without one or with a complemented one */
    bool dense = M == NULL || d->mask_comp;
    size_t cells = 0;
    bool fits = GG_mul_size((size_t)C->nrows, (size_t)C->ncols, &cells) && cells < ((size_t)1 << 31);
    if (scalar != NULL && dense && !fits)
        return GG_decline("a scalar over 2^31 positions or more (the device build's limit)");
    GrB_Index mvals = 0;
    if (M != NULL) {
        GrB_Info info = GG_container_nvals(M, &mvals);
        if (info != GrB_SUCCESS) return info;
    }
    /* a scalar over all of C writes every cell, however empty C and M are on the host: BC's
     * 4 x 2^20 fill of ones went to the CPU under AUTO by the operands' entries, and every later
     * device call then uploaded it (grbgpu compare bc on RMAT-20, H100: 171 ms under AUTO against
     * 51 ms with CUDA forced) */
    GrB_Index work = dense ? (fits ? cells : (GrB_Index)1 << 31) : mvals;
    GrB_Info info = scalar != NULL && dense ? GG_CUDA_FILL_TAKE(d, work, C, M)
                                            : GG_CUDA_VEC_TAKE(d, work, C, M);
    if (info != GrB_SUCCESS) return info;
    /* the scalar keeps its own type: the write-back casts it to C's, as the CPU does; an empty
     * GrB_Scalar (no value) is an empty T */
    unsigned char s[16];
    int scode = (int)C->type->code;
    if (scalar != NULL) {
        GrB_Type st = stype != NULL ? stype : C->type;
        if (!GG_cuda_host_cast(s, st, scalar, st)) return GG_decline("user-defined type");
        scode = (int)st->code;
        unsigned char v[16];
        GrB_Index cvals = 0;
        bool pattern = M != NULL && accum == NULL && d->mask_struct && !d->mask_comp &&
                       GG_cuda_host_cast(v, C->type, s, st);
        if (pattern && !d->replace) info = GG_container_nvals(C, &cvals);
        if (info != GrB_SUCCESS) return info;
        if (pattern && cvals == 0) return assign_pattern(C, M, v);
    }
    GG_cuda_mcall k;
    GG_cuda_tuples T = {.code = scode};
    info = GG_cuda_mcall_begin(&k, C, M, accum, d);
    if (info == GrB_SUCCESS && scalar != NULL)
        info = GG_cuda_mslot_info(GG_cuda_mat_fill(&T, dense ? NULL : &k.m, C->nrows, C->ncols, s,
                                                   scode),
                                  "no device fill for this scalar and shape");
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    return info;
}
