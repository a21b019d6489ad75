/* select.c: the CUDA select slot. A vector output takes the vector path (cuda/slots/vector.c). For
 * a matrix, T keeps the entries of op0(A) where the index-unary operator holds; then C = T, or
 * C<M, replace> = accum(C, T) through the device write-back (GG_cuda_mslot.h). When the result is
 * T itself (no mask, no complement, no accumulator) and A is not transposed, C is made from what A
 * holds on the device (mat_select.cu): its tree-order keys filtered from A's decoded ones (kept in
 * A's mirror, so both halves of a split decode A once) with no tuples and no sort, installed as
 * they are (the tree is built from them only when asked for: SSSP's and TC's products read views
 * only), and its CSR/CSC views by filtering those A has, so the products over C build none. Otherwise T is computed over
 * A's device tuples (GG_cuda_mat_apply) and the write-back installs C's tree. Either way a
 * selected matrix stays on the device for the products that read it next.
 * Declines, touching nothing: user-defined types or operators, operators without a device rule,
 * and small host-resident calls unless CUDA is forced. */
#include "GG_cuda_mslot.h"
#include "GG_hisparse.h"

/* C's views from A's: each view A holds on the device, filtered. A view that cannot be made so
 * (hypersparse, or out of memory) is left to be built from C's tree when a product asks. */
static GrB_Info select_views(GG_container *A, const GG_cuda_mt *t, int ccode,
                             GG_cuda_cview views[2], void *mem[2])
{
    for (int w = 0; w < 2; w++) {
        mem[w] = NULL;
        GG_cuda_cview av;
        if (!GG_cuda_mirror_has_cview(A, w == 1) || GG_cuda_mirror_cview(A, w == 1, &av) != GrB_SUCCESS)
            continue;
        int rc = GG_cuda_cview_select(&views[w], &mem[w], &av, w == 1, t, ccode);
        if (rc == GG_CUDA_VRC_OK)
            GG_trace("cuda select: the result's %s view filtered from the input's (no sort)",
                     w == 1 ? "CSC" : "CSR");
        else if (rc != GG_CUDA_VRC_NOMEM && rc != GG_CUDA_VRC_UNSUPPORTED)
            return GG_cuda_info(rc);
    }
    return GrB_SUCCESS;
}

/* C = select(A) from A's tree-order keys and views: C's keys installed as they are (its tree waits
 * until something asks for it), its views filtered from A's. Nothing is installed unless C's keys
 * are made. */
static GrB_Info select_direct(GG_container *C, GG_container *A, const GG_cuda_mt *t)
{
    GG_cuda_hs hs;
    GG_cuda_hkeys K;
    const uint64_t *key = NULL;
    const void *x = NULL;
    struct timespec mark;
    double ms[3];
    (void)GG_cuda_trace_ms(&mark);
    GrB_Info info = GG_cuda_mirror_tkeys(A, &hs, &key, &x);
    if (info != GrB_SUCCESS) return info;
    ms[0] = GG_cuda_trace_ms(&mark);
    int ccode = (int)C->type->code;
    int dbits = __builtin_ctz((unsigned)GG_hs_node_dim());
    info = GG_cuda_mslot_info(GG_cuda_mat_select_keys(&K, C->nrows, C->ncols, dbits, key, x,
                                                      hs.nvals, (int)A->type->code, t, ccode),
                              "no device kernel for this operator");
    if (info != GrB_SUCCESS) return info;
    ms[1] = GG_cuda_trace_ms(&mark);
    /* the views are filtered before C's keys are installed: C may be A, whose views go with it */
    GG_cuda_cview views[2];
    void *mem[2];
    info = select_views(A, t, ccode, views, mem);
    ms[2] = GG_cuda_trace_ms(&mark);
    if (info == GrB_SUCCESS) {
        info = GG_cuda_mat_install_keys(C, &K);
    } else {
        GG_cuda_free((void *)K.key);
        GG_cuda_free((void *)K.x);
    }
    for (int w = 0; w < 2; w++) {
        if (info == GrB_SUCCESS && mem[w] != NULL)
            GG_cuda_mirror_adopt_cview(C, w == 1, &views[w], mem[w]);
        else
            GG_cuda_free(mem[w]);
    }
    if (info != GrB_SUCCESS) return info;
    GG_trace("cuda select: %llu x %llu result (%llu of %llu entries) made from the input's tree "
             "order (no tuples, no sort; its tree waits until asked for); ms: keys %.3f, kept "
             "%.3f, views %.3f",
             (unsigned long long)C->nrows, (unsigned long long)C->ncols,
             (unsigned long long)K.n, (unsigned long long)hs.nvals, ms[0], ms[1], ms[2]);
    /* GrB_BLOCKING: every method completes before it returns (DESIGN.md §4) */
    if (GG_global.mode == GrB_BLOCKING && !GG_cuda_sync()) return GrB_PANIC;
    return GrB_SUCCESS;
}

/* Whether C = select(A) can be made from A's tree order: the result is T itself and A's tree is
 * stored untransposed at C's node dimension, so its key order is C's. */
static bool direct_applies(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                           const GG_desc *d)
{
    if (M != NULL || accum != NULL || d->mask_comp || d->tran0) return false;
    GG_cuda_hs hs;
    if (GG_cuda_mirror_hs(A, &hs) != GrB_SUCCESS) return false;
    return !hs.transposed && hs.nrows == C->nrows && hs.ncols == C->ncols &&
           (1 << hs.dbits) == GG_hs_node_dim();
}

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
    if (info != GrB_SUCCESS) return info;
    if (direct_applies(C, M, accum, A, d)) return select_direct(C, A, &t);
    return GG_cuda_mslot_unary(C, M, accum, A, d, &t);
}
