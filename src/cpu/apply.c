/* apply.c: the CPU apply slot, C<M> = accum(C, f(op0(A))) entry by entry, where f is a unary
 * operator, a binary operator with a bound scalar, or an index-unary operator that also sees the
 * entry's position in op0(A). */
#include "GG_cpu.h"

typedef struct {
    const GG_apply_op *op;
    GG_cpu_cast a2in;    /* A's value to the operator's input that reads it */
    const void *bound;   /* the bound scalar or thunk, cast to its input's type */
    size_t asize, zsize; /* bytes of A's and of the result's values */
} GG_apply_ctx;

/* T's tuples [lo, hi): A's indices and f of A's values. */
static void apply_range(const GG_apply_ctx *c, const GG_coo *a, GG_coo *t, GrB_Index lo,
                        GrB_Index hi, void *buf)
{
    const GG_apply_op *op = c->op;
    if (hi > lo) {
        memcpy(t->row + lo, a->row + lo, (hi - lo) * sizeof(GrB_Index));
        memcpy(t->col + lo, a->col + lo, (hi - lo) * sizeof(GrB_Index));
    }
    for (GrB_Index p = lo; p < hi; p++) {
        const void *x = GG_cpu_cast_in(&c->a2in, buf, (const char *)a->x + p * c->asize);
        void *z = (char *)t->x + p * c->zsize;
        switch (op->kind) {
        case GG_APPLY_UNARY: op->unop->f(z, x); break;
        case GG_APPLY_BIND1ST:
            GG_cpu_binop_at(op->binop, z, c->bound, x, a->row[p], a->col[p], a->row[p], a->col[p]);
            break;
        case GG_APPLY_BIND2ND:
            GG_cpu_binop_at(op->binop, z, x, c->bound, a->row[p], a->col[p], a->row[p], a->col[p]);
            break;
        case GG_APPLY_INDEXOP: op->idxop->f(z, x, a->row[p], a->col[p], c->bound); break;
        }
    }
}

GrB_Info GG_cpu_apply(GG_container *C, GG_container *M, GrB_BinaryOp accum, const GG_apply_op *op,
                      GG_container *A, const GG_desc *d)
{
    GrB_Type ztype, intype, btype = NULL;
    switch (op->kind) {
    case GG_APPLY_UNARY: ztype = op->unop->ztype, intype = op->unop->xtype; break;
    case GG_APPLY_BIND1ST:
        ztype = op->binop->ztype, intype = op->binop->ytype, btype = op->binop->xtype;
        break;
    case GG_APPLY_BIND2ND:
        ztype = op->binop->ztype, intype = op->binop->xtype, btype = op->binop->ytype;
        break;
    default: ztype = op->idxop->ztype, intype = op->idxop->xtype, btype = op->idxop->ytype; break;
    }

    GG_coo a, t;
    bool owned;
    GrB_Info info = GG_cpu_coo_of(A, d->tran0, &a, &owned);
    if (info != GrB_SUCCESS) return info;
    GrB_Index n = a.n;
    int nth = GG_cpu_nthreads(n);
    size_t bsize = btype == NULL ? 0 : btype->size;
    size_t insize = intype == NULL ? 0 : intype->size;
    char *scratch = GG_malloc(bsize + (size_t)nth * insize + 1);
    info = scratch == NULL ? GrB_OUT_OF_MEMORY : GG_cpu_coo_alloc(&t, n, ztype->size);
    if (info != GrB_SUCCESS) {
        GG_free(scratch);
        if (owned) GG_coo_free(&a);
        return info;
    }
    if (btype != NULL) GG_cpu_cast_value(scratch, btype, op->scalar, op->stype);
    GG_apply_ctx c = {.op = op, .a2in = GG_cpu_cast_make(intype, A->type), .bound = scratch,
                      .asize = A->type->size, .zsize = ztype->size};
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++)
        apply_range(&c, &a, &t, n * k / nth, n * (k + 1) / nth, scratch + bsize + k * insize);
    GG_free(scratch);
    if (owned) GG_coo_free(&a);
    return GG_cpu_writeback(C, M, accum, &t, ztype, d);
}
