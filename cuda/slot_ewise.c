/* slot_ewise.c: the CUDA eWiseAdd / eWiseMult slots for two matrices. Both trees come from their
 * device mirrors (GG_cuda_mirror_hs), the descriptor's transposes flip their transposed flags, and
 * GG_cuda_hs_ewise builds the result tree on the device. The result comes back to the host as a
 * tree (one pool copy) and is converted to tuples for the store: adopted as C's content when there
 * is no mask and no accumulator, else handed to the CPU write-back.
 * Vectors take the vector path (cuda/slots/vector.c). Declines (before touching C): user-defined or positional operators, operators whose
 * x, y and z types differ, inputs not of the operator's type, and what the device build does not
 * take (coordinates wider than 32 bits, 2^31 or more entries). */
#include "../src/cpu/GG_cpu.h"
#include "GG_cuda_backend.h"
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_vslot.h"
#include "GG_hisparse.h"
#include "GG_opcodes.h"

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

static GrB_Info ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                      GG_container *A, GG_container *B, const GG_desc *d, bool mult)
{
    GG_cuda_ew_op eop;
    GG_cuda_ew_kind kind;
    GrB_Type_Code code = op->ztype->code;
    if (C->h.kind == GG_KIND_VECTOR) return GG_cuda_vslot_ewise(C, M, accum, op, A, B, d, mult);
    if (!ew_op(op->opcode, &eop) || !ew_kind(code, &kind))
        return GG_decline("no device kernel for this operator and type");
    if (op->xtype->code != code || op->ytype->code != code || A->type->code != code ||
        B->type->code != code)
        return GG_decline("the operator's types differ from the inputs' (typecast)");
    GrB_Index na, nb;
    GrB_Info info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info != GrB_SUCCESS) return info;
    if (na == 0 || nb == 0)
        return GG_decline("an input without entries leaves nothing to merge");
    if (GG_cuda_too_small(d, na + nb)) return GG_decline("too few entries to pay for the device");
    GG_cuda_hs a, b, t;
    info = GG_cuda_mirror_hs(A, &a);
    if (info == GrB_SUCCESS) info = GG_cuda_mirror_hs(B, &b);
    if (info != GrB_SUCCESS) return info;
    a.transposed ^= d->tran0;
    b.transposed ^= d->tran1;
    int dbits = __builtin_ctz((unsigned)GG_hs_node_dim());
    GG_cuda_hs_code rc = GG_cuda_hs_ewise(&t, &a, &b, eop, kind, code, dbits, mult);
    if (rc == GG_CUDA_HS_UNSUPPORTED)
        return GG_decline("the device build does not take these trees (wide coordinates or "
                          "2^31 entries)");
    if (rc == GG_CUDA_HS_OOM) return GrB_OUT_OF_MEMORY;
    if (rc != GG_CUDA_HS_OK) return GrB_PANIC;

    GG_hs_matrix R;
    GG_hs_init(&R, op->ztype, t.nrows, t.ncols);
    if (t.pool != NULL) {
        GG_hs_pool *pool = GG_malloc((size_t)t.pool_bytes);
        bool ok = pool != NULL && GG_cuda_download(pool, t.pool, (size_t)t.pool_bytes);
        GG_cuda_free((void *)t.pool);
        if (!ok) {
            GG_free(pool);
            return pool == NULL ? GrB_OUT_OF_MEMORY : GrB_PANIC;
        }
        R.pool = pool;
        R.root = t.root;
        R.nvals = t.nvals;
        R.dbits = (uint8_t)t.dbits;
        R.height = (uint8_t)t.height;
    }
    GG_coo T;
    info = GG_hs_to_coo(&R, &T);
    GG_hs_free(&R);
    if (info != GrB_SUCCESS) return info;
    if (M == NULL && accum == NULL && C->type == op->ztype) return GG_container_adopt(C, &T);
    return GG_cpu_writeback(C, M, accum, &T, op->ztype, d);
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
