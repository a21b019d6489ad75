/* slot_unary.c: the CUDA apply, select and reduce slots. Each decides first, touching nothing,
 * whether the device takes the call (built-in operator with a device kernel, every operand of
 * A's type so no typecast is needed, enough entries unless CUDA is forced), else declines with
 * the reason. The input is A's device view (residency.c: copied once, then reused until A is
 * written): CSR, or CSC when A is transposed, so entries come in the row-major order of op0(A).
 * The kernels' results come back to the host, where the tuples of T are assembled from the
 * host view and written to C by the CPU write-back (the only step that sees a mask or an
 * accumulator; the trace says when it does). */
#include "../src/cpu/GG_cpu.h" /* the CPU write-back and helpers (not on the include path) */
#include "GG_cuda_backend.h"
#include "GG_cuda_unary.h"
#include "GG_cuda_vslot.h"

_Static_assert((int)GG_CUDA_UOP_IDENTITY == (int)GG_OP_IDENTITY &&
                   (int)GG_CUDA_UOP_BNOT == (int)GG_OP_BNOT &&
                   (int)GG_CUDA_UOP_LNOT == (int)GG_OP_LNOT &&
                   (int)GG_CUDA_IOP_TRIL == (int)GG_OP_TRIL &&
                   (int)GG_CUDA_IOP_ROWGT == (int)GG_OP_ROWGT &&
                   (int)GG_CUDA_IOP_VALUEEQ == (int)GG_OP_VALUEEQ &&
                   (int)GG_CUDA_IOP_VALUEGE == (int)GG_OP_VALUEGE,
               "GG_cuda_unary.h's op codes must equal GG_opcodes.h's");

/* The row of each entry position of a host view, by a walk over its vectors: positions must be
 * visited in increasing order. */
typedef struct {
    const GG_cview *v;
    GrB_Index k;
} GG_rowwalk;

static GrB_Index row_at(GG_rowwalk *w, GrB_Index p)
{
    while (w->v->ptr[w->k + 1] <= p) w->k++;
    return w->v->vec == NULL ? w->k : w->v->vec[w->k];
}

/* Says in the trace that the CPU write-back runs on the host copy of T. */
static void trace_host_writeback(const char *slot, GG_container *M, GrB_BinaryOp accum)
{
    if (M != NULL || accum != NULL)
        GG_trace("cuda %s: result copied to the host; mask/accumulator applied there by the CPU "
                 "write-back",
                 slot);
}

/* op0(A)'s entry count and its device and host views by rows. */
typedef struct {
    GrB_Index n;
    GG_cuda_cview dv; /* copied once, then reused until A is written */
    const GG_cview *hv;
} GG_input;

/* Fills *in; declines, touching nothing, when the device has no kernel for the call (`kernel`
 * false) or A is too small for the device. */
static GrB_Info input_views(bool kernel, GG_container *A, const GG_desc *d, GG_input *in)
{
    if (!kernel) return GG_decline("no device kernel for this operator and type");
    GrB_Info info = GG_container_nvals(A, &in->n);
    if (info != GrB_SUCCESS) return info;
    if (GG_cuda_too_small(d, in->n)) return GG_decline("too few entries to pay for the device");
    info = GG_cuda_mirror_cview(A, d->tran0, &in->dv);
    return info == GrB_SUCCESS ? GG_cpu_rows_of(A, d->tran0, &in->hv) : info;
}

GrB_Info GG_cuda_apply(GG_container *C, GG_container *M, GrB_BinaryOp accum, const GG_apply_op *op,
                       GG_container *A, const GG_desc *d)
{
    if (C->h.kind == GG_KIND_VECTOR) return GG_cuda_vslot_apply(C, M, accum, op, A, d);
    int kind, opcode;
    GrB_Type ztype, intype, btype = NULL;
    switch (op->kind) {
    case GG_APPLY_UNARY:
        kind = GG_CUDA_APPLY_UNARY, opcode = op->unop->opcode;
        ztype = op->unop->ztype, intype = op->unop->xtype;
        break;
    case GG_APPLY_BIND1ST:
        kind = GG_CUDA_APPLY_BIND1ST, opcode = op->binop->opcode;
        ztype = op->binop->ztype, intype = op->binop->ytype, btype = op->binop->xtype;
        break;
    case GG_APPLY_BIND2ND:
        kind = GG_CUDA_APPLY_BIND2ND, opcode = op->binop->opcode;
        ztype = op->binop->ztype, intype = op->binop->xtype, btype = op->binop->ytype;
        break;
    default: return GG_decline("apply with an index-unary operator has no device kernel");
    }
    GrB_Type_Code t = A->type->code;
    if (opcode == GG_OP_USER) return GG_decline("user-defined operator");
    if (ztype->code != t || intype->code != t || (btype != NULL && btype->code != t))
        return GG_decline("the operator's types differ from the input's (typecast)");
    GG_input in;
    GrB_Info info = input_views(GG_cuda_apply_supported(kind, opcode, t), A, d, &in);
    if (info != GrB_SUCCESS) return info;
    char bound[16] = {0};
    if (btype != NULL) GG_cpu_cast_value(bound, btype, op->scalar, op->stype);
    GG_coo T;
    info = GG_cpu_coo_alloc(&T, in.n, ztype->size);
    if (info != GrB_SUCCESS) return info;
    info = GG_cuda_info(GG_cuda_apply_values(kind, opcode, t, in.dv.x, in.n, bound, T.x));
    if (info != GrB_SUCCESS) {
        GG_coo_free(&T);
        return info;
    }
    GG_rowwalk w = {in.hv, 0};
    for (GrB_Index p = 0; p < in.n; p++) {
        T.row[p] = row_at(&w, p);
        T.col[p] = in.hv->idx[p];
    }
    trace_host_writeback("apply", M, accum);
    return GG_cpu_writeback(C, M, accum, &T, ztype, d);
}

GrB_Info GG_cuda_select(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_IndexUnaryOp op,
                        GG_container *A, const void *thunk, GrB_Type ttype, const GG_desc *d)
{
    if (C->h.kind == GG_KIND_VECTOR)
        return GG_cuda_vslot_select(C, M, accum, op, A, thunk, ttype, d);
    GrB_Type_Code t = A->type->code;
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    /* the index operators without a kernel (ROWINDEX...) may have no x type to compare */
    bool kernel = GG_cuda_select_supported(op->opcode, t);
    bool positional = op->opcode >= GG_OP_TRIL && op->opcode <= GG_OP_ROWGT;
    if (kernel && !positional && op->xtype->code != t)
        return GG_decline("the operator's types differ from the input's (typecast)");
    GG_input in;
    GrB_Info info = input_views(kernel, A, d, &in);
    if (info != GrB_SUCCESS) return info;
    char y[16] = {0};
    GG_cpu_cast_value(y, op->ytype, thunk, ttype); /* INT64 for the positional tests */
    GrB_Index *pos = GG_malloc((in.n == 0 ? 1 : in.n) * sizeof(GrB_Index));
    if (pos == NULL) return GrB_OUT_OF_MEMORY;
    uint64_t kept;
    info = GG_cuda_info(GG_cuda_select_positions(op->opcode, t, &in.dv, y, pos, &kept));
    GG_coo T = {0};
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(&T, kept, A->type->size);
    if (info != GrB_SUCCESS) {
        GG_free(pos);
        return info;
    }
    size_t size = A->type->size;
    GG_rowwalk w = {in.hv, 0};
    for (GrB_Index q = 0; q < kept; q++) {
        GrB_Index p = pos[q];
        T.row[q] = row_at(&w, p);
        T.col[q] = in.hv->idx[p];
        memcpy((char *)T.x + q * size, (const char *)in.hv->x + p * size, size);
    }
    GG_free(pos);
    trace_host_writeback("select", M, accum);
    return GG_cpu_writeback(C, M, accum, &T, A->type, d);
}

/* Whether the device reduces with op on A's values: a built-in monoid operator of A's own type. */
static GrB_Info reduce_check(GrB_BinaryOp op, GG_container *A, const GG_desc *d, GrB_Index *n)
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
    if (GG_cuda_too_small(d, *n)) return GG_decline("too few entries to pay for the device");
    return GrB_SUCCESS;
}

GrB_Info GG_cuda_reduce_vector(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                               GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                               const GG_desc *d)
{
    (void)monoid; /* rows without entries give no entry: the identity is never needed */
    GrB_Index n;
    GrB_Info info = reduce_check(op, A, d, &n);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_cview dv;
    const GG_cview *hv;
    info = GG_cuda_mirror_cview(A, d->tran0, &dv);
    if (info == GrB_SUCCESS) info = GG_cpu_rows_of(A, d->tran0, &hv);
    if (info != GrB_SUCCESS) return info;
    size_t size = A->type->size;
    char *out = GG_malloc(hv->nvec * size + 1);
    if (out == NULL) return GrB_OUT_OF_MEMORY;
    info = GG_cuda_info(GG_cuda_reduce_vectors(op->opcode, A->type->code, &dv, out));
    GrB_Index m = 0;
    for (GrB_Index k = 0; k < hv->nvec; k++) m += hv->ptr[k + 1] > hv->ptr[k];
    GG_coo T = {0};
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(&T, m, size);
    if (info != GrB_SUCCESS) {
        GG_free(out);
        return info;
    }
    for (GrB_Index k = 0, e = 0; k < hv->nvec; k++) {
        if (hv->ptr[k + 1] == hv->ptr[k]) continue;
        T.row[e] = hv->vec == NULL ? k : hv->vec[k];
        T.col[e] = 0;
        memcpy((char *)T.x + e * size, out + k * size, size);
        e++;
    }
    GG_free(out);
    trace_host_writeback("reduce_vector", M, accum);
    return GG_cpu_writeback(w, M, accum, &T, op->ztype, d);
}

GrB_Info GG_cuda_reduce_scalar(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                               GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                               const GG_desc *d)
{
    if (A->h.kind == GG_KIND_VECTOR)
        return GG_cuda_vslot_reduce_scalar(s, c, ctype, accum, op, monoid, A, d);
    GrB_Index n;
    GrB_Info info = reduce_check(op, A, d, &n);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_cview dv;
    info = GG_cuda_mirror_cview(A, false, &dv);
    if (info != GrB_SUCCESS) return info;
    /* The device's value becomes the one entry of a 1 x 1 container; the CPU slot then does the
     * scalar output's rules (cast, accumulator, empty scalars) on it, exactly as for any input. */
    GG_coo one;
    info = GG_cpu_coo_alloc(&one, 1, A->type->size);
    if (info != GrB_SUCCESS) return info;
    one.row[0] = one.col[0] = 0;
    info = GG_cuda_info(GG_cuda_reduce_all(op->opcode, A->type->code, dv.x, n, one.x));
    GG_container t = {.h.kind = GG_KIND_VECTOR};
    if (info == GrB_SUCCESS) info = GG_container_init(&t, A->type, 1, 1);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&one);
        return info;
    }
    info = GG_container_adopt(&t, &one); /* a vector: no tree to build, cannot fail */
    if (info == GrB_SUCCESS) info = GG_cpu_reduce_scalar(s, c, ctype, accum, op, monoid, &t, d);
    GG_container_free_content(&t);
    return info;
}
