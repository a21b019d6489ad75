/* ewise.c: the CUDA eWiseAdd / eWiseMult slots. Vectors take the vector path (cuda/slots/vector.c).
 * For two matrices whose operator the trees' merge knows (ew_op, inputs of its type, both with
 * entries), both trees come from their device mirrors (cuda/store: the device tree itself, or a
 * copy of a host tree made once), the descriptor's transposes flip their transposed flags, and
 * GG_cuda_hs_ewise builds T's tree on the device. Without a mask or an accumulator, and with C of
 * the operator's type, T's tree is C's new content as it is. Every other built-in operator and
 * type the vector kernels take (typecasts included) merges the inputs' device tuples instead
 * (GG_cuda_mat_ewise): betweenness centrality's DIV, the comparisons, FIRST/SECOND, positional
 * ones. T's tuples then go through the device write-back (GG_cuda_mslot.h). Either way the result
 * stays on the device.
 * Declines (before touching C): user-defined operators or types, and what the device build does
 * not take (coordinates wider than 32 bits, 2^31 or more entries). */
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mslot.h"
#include "GG_hisparse.h"

static bool ew_op(int opcode, GG_cuda_ew_op *op)
{
    switch (opcode) {
    case GG_OP_FIRST: *op = GG_CUDA_EW_FIRST; return true;
    case GG_OP_SECOND: *op = GG_CUDA_EW_SECOND; return true;
    case GG_OP_PLUS: *op = GG_CUDA_EW_PLUS; return true;
    case GG_OP_MINUS: *op = GG_CUDA_EW_MINUS; return true;
    case GG_OP_TIMES: *op = GG_CUDA_EW_TIMES; return true;
    case GG_OP_MIN: *op = GG_CUDA_EW_MIN; return true;
    case GG_OP_MAX: *op = GG_CUDA_EW_MAX; return true;
    case GG_OP_LOR: *op = GG_CUDA_EW_LOR; return true;
    case GG_OP_LAND: *op = GG_CUDA_EW_LAND; return true;
    case GG_OP_LXOR: *op = GG_CUDA_EW_LXOR; return true;
    default: return false;
    }
}

static bool ew_kind(int code, GG_cuda_ew_kind *kind)
{
    if (code < GrB_BOOL_CODE || code > GrB_FP64_CODE) return false;
    *kind = (GG_cuda_ew_kind)(GG_CUDA_EW_BOOL + (code - GrB_BOOL_CODE));
    return true;
}

/* T = op0(A) (+) op1(B) as a device tree of op's type (never iso). */
static GrB_Info ewise_tree(GG_cuda_hs *t, GrB_BinaryOp op, GG_container *A, GG_container *B,
                           const GG_desc *d, bool mult, GG_cuda_ew_op eop, GG_cuda_ew_kind kind)
{
    GG_cuda_hs a, b;
    GrB_Info info = GG_cuda_mirror_hs(A, &a);
    if (info == GrB_SUCCESS) info = GG_cuda_mirror_hs(B, &b);
    if (info != GrB_SUCCESS) return info;
    a.transposed ^= d->tran0;
    b.transposed ^= d->tran1;
    int dbits = __builtin_ctz((unsigned)GG_hs_node_dim());
    GG_cuda_hs_code rc = GG_cuda_hs_ewise(t, &a, &b, eop, kind, (int)op->ztype->code, dbits, mult);
    if (rc == GG_CUDA_HS_UNSUPPORTED)
        return GG_decline("the device build does not take these trees (wide coordinates or "
                          "2^31 entries)");
    return rc == GG_CUDA_HS_OK ? GrB_SUCCESS : rc == GG_CUDA_HS_OOM ? GrB_OUT_OF_MEMORY : GrB_PANIC;
}

/* T = op0(A) (+) op1(B) as device tuples of op's result type, merged from both inputs' tuples. */
static GrB_Info ewise_tuples(GG_cuda_tuples *T, GrB_BinaryOp op, GG_container *A, GG_container *B,
                             const GG_desc *d, bool mult)
{
    GG_cuda_tuples a = {0}, b = {0};
    GG_cuda_op o = GG_cuda_op_of_binary(op);
    GrB_Info info = GG_cuda_mat_tuples(A, d->tran0, GG_CUDA_ORDER_ROW, &a);
    if (info == GrB_SUCCESS) info = GG_cuda_mat_tuples(B, d->tran1, GG_CUDA_ORDER_ROW, &b);
    if (info == GrB_SUCCESS)
        info = GG_cuda_mslot_info(GG_cuda_mat_ewise(T, &a, &b, &o, mult),
                                  "2^31 entries or more in the inputs together");
    GG_cuda_tuples_release(&a);
    GG_cuda_tuples_release(&b);
    return info;
}

static GrB_Info ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                      GG_container *A, GG_container *B, const GG_desc *d, bool mult)
{
    GG_cuda_ew_op eop = GG_CUDA_EW_FIRST; /* set by ew_op where the tree merge is taken */
    GG_cuda_ew_kind kind = GG_CUDA_EW_BOOL;
    GrB_Type_Code code = op->ztype->code;
    if (C->h.kind == GG_KIND_VECTOR) return GG_cuda_vslot_ewise(C, M, accum, op, A, B, d, mult);
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    GG_cuda_op o = GG_cuda_op_of_binary(op);
    if (!GG_cuda_vec_op_supported(&o)) return GG_decline("no device kernel for this operator");
    GrB_Index na, nb;
    GrB_Info info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info != GrB_SUCCESS) return info;
    info = GG_CUDA_VEC_TAKE(d, na + nb, C, M, A, B);
    if (info != GrB_SUCCESS) return info;
    /* the trees' merge: its operators on inputs of their own type, each with entries */
    bool tree = ew_op(op->opcode, &eop) && ew_kind(code, &kind) && op->xtype->code == code &&
                op->ytype->code == code && A->type->code == code && B->type->code == code &&
                na > 0 && nb > 0;

    GG_cuda_mcall k;
    info = GG_cuda_mcall_begin(&k, C, M, accum, d);
    bool direct = tree && M == NULL && !d->mask_comp && accum == NULL && C->type == op->ztype;
    GG_cuda_hs t = {0};
    GG_cuda_tuples T = {0};
    if (info == GrB_SUCCESS && tree) info = ewise_tree(&t, op, A, B, d, mult, eop, kind);
    if (info == GrB_SUCCESS && direct) {
        info = GG_cuda_mat_install(C, &t); /* takes t's pool */
        if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync())
            info = GrB_PANIC;
    } else if (info == GrB_SUCCESS) {
        if (tree) {
            info = GG_cuda_mslot_info(GG_cuda_tuples_of(&T, &t, GG_cuda_mcall_order(&k)),
                                      "no device tuples for this type");
            GG_cuda_free((void *)t.pool);
        } else {
            info = ewise_tuples(&T, op, A, B, d, mult);
        }
        if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
        GG_cuda_tuples_release(&T);
    }
    GG_cuda_mcall_end(&k);
    return info;
}

GrB_Info GG_cuda_ewise_add(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                           GG_container *A, GG_container *B, const GG_desc *d)
{
    return ewise(C, M, accum, op, A, B, d, false);
}

GrB_Info GG_cuda_ewise_mult(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                            GG_container *A, GG_container *B, const GG_desc *d)
{
    return ewise(C, M, accum, op, A, B, d, true);
}
