/* ewise.c: the CUDA eWiseAdd / eWiseMult slots. Vectors take the vector path (cuda/slots/vector.c).
 * For two matrices whose operator the trees' merge knows (ew_op: every built-in operator whose
 * result has its operands' type, DIV included, on inputs of its type, both with entries), both
 * trees come from their device mirrors (cuda/store: the device tree itself, or a copy of a host
 * tree made once), the descriptor's transposes flip their transposed flags, and the result is
 * made in tree order on the device and installed as C's new tree, with no tuples, no sort and no
 * write-back, when C has the operator's type and the mask is not complemented (ew_direct):
 *  - no mask, no accumulator: T's tree (GG_cuda_hs_ewise) is C;
 *  - a structural mask with replace (or an empty C), no accumulator: C = T restricted to M's
 *    pattern, driven by M's entries looked up in both trees (GG_cuda_hs_ewise_masked);
 *  - an accumulator the merge knows, no mask: C = C accum T, in a copy of C's pool when T's
 *    pattern lies within C's (GG_cuda_hs_accum_in_place), else by a second merge of both trees.
 * An intersection with one side much smaller than the other is driven by the smaller's entries as
 * a mask would be.
 * Why: betweenness centrality's backward sweep makes these calls on 4 x 2^20 matrices, and the
 * general path below (every operand decoded into row-ordered tuples, the masked write-back, C's
 * whole tree built again) cost 2.1 ms an eWiseMult on RMAT-20 (Doc/performance.md).
 * Every other call merges the inputs' device tuples (T's tree turned into tuples, or for the other
 * built-in operators and types the vector kernels take, typecasts included, GG_cuda_mat_ewise: the
 * comparisons, positional ones) and runs the device write-back (GG_cuda_mslot.h). Either way the
 * result stays on the device; aliased operands are read before C is replaced.
 * Declines (before touching C): user-defined operators or types, and what the device build does
 * not take (coordinates wider than 32 bits, 2^31 or more entries). */
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mslot.h"
#include "GG_hisparse.h"

/* The operators of the trees' merge (gg_binop's rules by GG_opcode): those whose result has the
 * operands' type. */
static bool ew_op(int opcode)
{
    switch (opcode) {
    case GG_OP_FIRST: case GG_OP_SECOND: case GG_OP_ONEB: case GG_OP_MIN: case GG_OP_MAX:
    case GG_OP_PLUS: case GG_OP_MINUS: case GG_OP_TIMES: case GG_OP_DIV: case GG_OP_LOR:
    case GG_OP_LAND: case GG_OP_LXOR: case GG_OP_LXNOR: case GG_OP_BOR: case GG_OP_BAND:
    case GG_OP_BXOR: case GG_OP_BXNOR: return true;
    default: return false;
    }
}

static bool ew_kind(int code, GG_cuda_ew_kind *kind)
{
    if (code < GrB_BOOL_CODE || code > GrB_FP64_CODE) return false;
    *kind = (GG_cuda_ew_kind)(GG_CUDA_EW_BOOL + (code - GrB_BOOL_CODE));
    return true;
}

#define EW_WIDE "the device build does not take these trees (wide coordinates or 2^31 entries)"

static int node_dbits(void)
{
    return __builtin_ctz((unsigned)GG_hs_node_dim());
}

/* T = op0(A) (+) op1(B) as a device tree of op's type (never iso); with M, restricted to M's
 * pattern. */
static GrB_Info ewise_tree(GG_cuda_hs *t, GG_container *M, GrB_BinaryOp op, GG_container *A,
                           GG_container *B, const GG_desc *d, bool mult, GG_cuda_ew_kind kind)
{
    GG_cuda_hs a, b, m;
    GrB_Info info = GG_cuda_mirror_hs(A, &a);
    if (info == GrB_SUCCESS) info = GG_cuda_mirror_hs(B, &b);
    if (info == GrB_SUCCESS && M != NULL) info = GG_cuda_mirror_hs(M, &m);
    if (info != GrB_SUCCESS) return info;
    a.transposed ^= d->tran0;
    b.transposed ^= d->tran1;
    int code = (int)op->ztype->code, dbits = node_dbits();
    /* an intersection with one side at most half the other is driven by the smaller's entries,
     * looked up in the larger, instead of decoding and merging both (the factor is a guess, not
     * measured: a lookup walks the tree's height where the merge reads and writes every entry of
     * both; sides of equal size keep the merge, whose equal patterns take the fold) */
    const GG_cuda_hs *drive = M != NULL ? &m : NULL;
    if (drive == NULL && mult && (2 * a.nvals <= b.nvals || 2 * b.nvals <= a.nvals))
        drive = a.nvals <= b.nvals ? &a : &b;
    return GG_cuda_mslot_info(
        drive != NULL ? GG_cuda_hs_ewise_masked(t, &a, &b, drive, op->opcode, kind, code, dbits, mult)
                      : GG_cuda_hs_ewise(t, &a, &b, op->opcode, kind, code, dbits, mult),
        EW_WIDE);
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

/* The paths of C<M> = accum(C, T) that install a tree made in tree order as C (ew_direct), and the
 * write-back every other call takes. */
typedef enum { EW_WRITEBACK, EW_PLAIN, EW_MASKED, EW_ACCUM } ew_path;

static GrB_Info ew_path_of(ew_path *path, GG_container *C, GG_container *M, GrB_BinaryOp accum,
                           GrB_BinaryOp op, const GG_desc *d)
{
    *path = EW_WRITEBACK;
    GrB_Type_Code code = op->ztype->code;
    if (d->mask_comp || C->type != op->ztype) return GrB_SUCCESS;
    if (M == NULL && accum == NULL) {
        *path = EW_PLAIN;
    } else if (M == NULL) {
        GG_cuda_op ao = GG_cuda_op_of_binary(accum);
        if (ew_op(accum->opcode) && GG_cuda_vec_accum_supported(&ao) && accum->xtype->code == code &&
            accum->ytype->code == code && accum->ztype->code == code)
            *path = EW_ACCUM;
    } else if (accum == NULL && d->mask_struct) {
        /* without replace, C's entries outside the mask stay: only an empty C has none */
        GrB_Index cvals = 0;
        GrB_Info info = d->replace ? GrB_SUCCESS : GG_container_nvals(C, &cvals);
        if (info != GrB_SUCCESS) return info;
        if (cvals == 0) *path = EW_MASKED;
    }
    return GrB_SUCCESS;
}

/* C = T, T restricted to M's pattern, or C accum T, made on the device in tree order and installed
 * as C's tree; C is replaced last, so an operand aliased with it is read first, and any failure
 * leaves it as it was. */
static GrB_Info ew_direct(ew_path path, GG_container *C, GG_container *M, GrB_BinaryOp accum,
                          GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d,
                          bool mult, GG_cuda_ew_kind kind)
{
    struct timespec mark;
    (void)GG_cuda_trace_ms(&mark);
    GG_cuda_hs z;
    GrB_Info info = ewise_tree(&z, path == EW_MASKED ? M : NULL, op, A, B, d, mult, kind);
    if (info != GrB_SUCCESS) return info;
    const char *how = path == EW_MASKED ? ", under the structural mask" : "";
    if (path == EW_ACCUM) {
        bool in_place = false;
        GG_cuda_hs c = {0}, t = z;
        int code = (int)C->type->code;
        info = GG_cuda_mirror_hs(C, &c);
        /* T within C's pattern (BC's bcu += w .* paths into a full bcu): C's pool updated in a copy */
        if (info == GrB_SUCCESS && c.nvals > 0 && t.nvals > 0)
            info = GG_cuda_mslot_info(GG_cuda_hs_accum_in_place(&z, &c, &t, accum->opcode, kind, code,
                                                                node_dbits(), &in_place),
                                      EW_WIDE);
        if (info == GrB_SUCCESS && c.nvals > 0 && t.nvals > 0 && !in_place)
            info = GG_cuda_mslot_info(GG_cuda_hs_ewise(&z, &c, &t, accum->opcode, kind, code,
                                                       node_dbits(), false),
                                      EW_WIDE);
        /* C accum T of an empty C is T; of an empty T, C as it is */
        if (info != GrB_SUCCESS || c.nvals > 0) GG_cuda_free((void *)t.pool);
        if (info != GrB_SUCCESS) return info;
        how = c.nvals == 0 ? ", accumulated into C (empty: C is T)"
              : in_place   ? ", accumulated into C in place"
                           : ", accumulated into C by a second merge";
        if (c.nvals > 0 && t.nvals == 0) {
            GG_trace("cuda: %s: C accum an empty T is C as it was", mult ? "eWiseMult" : "eWiseAdd");
            return GrB_SUCCESS;
        }
    }
    uint64_t nvals = z.nvals;
    info = GG_cuda_mat_install(C, &z); /* takes z's pool */
    if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync()) info = GrB_PANIC;
    if (info == GrB_SUCCESS)
        GG_trace("cuda: %s of two trees made in tree order and installed as C%s (%llu entries, "
                 "%.3f ms)",
                 mult ? "eWiseMult" : "eWiseAdd", how, (unsigned long long)nvals,
                 GG_cuda_trace_ms(&mark));
    return info;
}

static GrB_Info ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                      GG_container *A, GG_container *B, const GG_desc *d, bool mult)
{
    GG_cuda_ew_kind kind = GG_CUDA_EW_BOOL; /* set by ew_kind where the tree merge is taken */
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
    bool tree = ew_op(op->opcode) && ew_kind(code, &kind) && op->xtype->code == code &&
                op->ytype->code == code && A->type->code == code && B->type->code == code &&
                na > 0 && nb > 0;
    ew_path path = EW_WRITEBACK;
    if (tree) info = ew_path_of(&path, C, M, accum, op, d);
    if (info != GrB_SUCCESS) return info;
    if (path != EW_WRITEBACK) return ew_direct(path, C, M, accum, op, A, B, d, mult, kind);

    GG_cuda_mcall k;
    info = GG_cuda_mcall_begin(&k, C, M, accum, d);
    GG_cuda_hs t = {0};
    GG_cuda_tuples T = {0};
    if (info == GrB_SUCCESS && tree) {
        info = ewise_tree(&t, NULL, op, A, B, d, mult, kind);
        if (info == GrB_SUCCESS)
            info = GG_cuda_mslot_info(GG_cuda_tuples_of(&T, &t, GG_cuda_mcall_order(&k)),
                                      "no device tuples for this type");
        GG_cuda_free((void *)t.pool);
    } else if (info == GrB_SUCCESS) {
        info = ewise_tuples(&T, op, A, B, d, mult);
    }
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
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
