/* select.c: the CPU select slot, C<M> = accum(C, the entries of op0(A) for which the index-unary
 * operator is true). The built-in positional tests are decided from the indices alone; other
 * operators are called per entry and their result cast to bool. Entries are flagged in parallel
 * chunks, then each chunk copies its kept entries to its offset. */
#include "GG_cpu.h"
#include "GG_opcodes.h"

typedef struct {
    GrB_IndexUnaryOp op;
    GG_cpu_cast a2x;     /* A's value to the operator's x type */
    GG_cast_fn z2bool;   /* the operator's result to bool */
    const void *thunk;   /* cast to the operator's y type */
    int64_t k;           /* the thunk of a positional test, as int64 */
    size_t asize;
} GG_select_ctx;

static bool is_positional_test(int opcode)
{
    return opcode >= GG_OP_TRIL && opcode <= GG_OP_ROWGT;
}

/* Flags the kept entries of [lo, hi) and returns how many there are. */
static GrB_Index select_flag(const GG_select_ctx *c, const GG_coo *a, bool *keep, GrB_Index lo,
                             GrB_Index hi, char *buf)
{
    GrB_Index count = 0;
    int opcode = c->op->opcode;
    switch (opcode) {
#define GG_SELECT_POSITIONAL(OP)                                                                   \
    case GG_OP_##OP:                                                                               \
        for (GrB_Index p = lo; p < hi; p++)                                                        \
            count += keep[p] = GG_IDX_##OP(bool, a->row[p], a->col[p], c->k);                      \
        return count;
        GG_SELECT_POSITIONAL(TRIL)
        GG_SELECT_POSITIONAL(TRIU)
        GG_SELECT_POSITIONAL(DIAG)
        GG_SELECT_POSITIONAL(OFFDIAG)
        GG_SELECT_POSITIONAL(COLLE)
        GG_SELECT_POSITIONAL(COLGT)
        GG_SELECT_POSITIONAL(ROWLE)
        GG_SELECT_POSITIONAL(ROWGT)
#undef GG_SELECT_POSITIONAL
    default: break;
    }
    char *z = buf + c->a2x.size;
    for (GrB_Index p = lo; p < hi; p++) {
        const void *x = GG_cpu_cast_in(&c->a2x, buf, (const char *)a->x + p * c->asize);
        c->op->f(z, x, a->row[p], a->col[p], c->thunk);
        bool b;
        if (c->z2bool != NULL)
            c->z2bool(&b, z);
        else
            memcpy(&b, z, sizeof b);
        count += keep[p] = b;
    }
    return count;
}

GrB_Info GG_cpu_select(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_IndexUnaryOp op,
                       GG_container *A, const void *thunk, GrB_Type ttype, const GG_desc *d)
{
    GG_coo a, t = {0};
    bool owned;
    GrB_Info info = GG_cpu_coo_of(A, d->tran0, &a, &owned);
    if (info != GrB_SUCCESS) return info;
    GrB_Index n = a.n;
    int nth = GG_cpu_nthreads(n);
    size_t ysize = op->ytype->size, bufsize = (op->xtype == NULL ? 0 : op->xtype->size) +
                                              op->ztype->size;
    char *scratch = GG_malloc(ysize + (size_t)nth * bufsize);
    bool *keep = GG_malloc(n == 0 ? 1 : n);
    GrB_Index *count = GG_calloc((size_t)nth + 1, sizeof(GrB_Index));
    if (scratch == NULL || keep == NULL || count == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    GG_cpu_cast_value(scratch, op->ytype, thunk, ttype);
    GG_select_ctx c = {.op = op, .a2x = GG_cpu_cast_make(op->xtype, A->type),
                       .z2bool = op->ztype->code == GrB_BOOL_CODE
                                     ? NULL
                                     : GG_cast_get(GrB_BOOL_CODE, op->ztype->code),
                       .thunk = scratch, .asize = A->type->size};
    if (is_positional_test(op->opcode)) memcpy(&c.k, scratch, sizeof c.k); /* y type INT64 */

#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++)
        count[k + 1] = select_flag(&c, &a, keep, n * k / nth, n * (k + 1) / nth,
                                   scratch + ysize + k * bufsize);
    for (int k = 0; k < nth; k++) count[k + 1] += count[k];
    info = GG_cpu_coo_alloc(&t, count[nth], A->type->size);
    if (info != GrB_SUCCESS) goto done;
    size_t asize = A->type->size;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++) {
        GrB_Index q = count[k];
        for (GrB_Index p = n * k / nth; p < n * (k + 1) / nth; p++) {
            if (!keep[p]) continue;
            t.row[q] = a.row[p];
            t.col[q] = a.col[p];
            memcpy((char *)t.x + q * asize, (const char *)a.x + p * asize, asize);
            q++;
        }
    }
done:
    GG_free(scratch);
    GG_free(keep);
    GG_free(count);
    if (owned) GG_coo_free(&a);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(C, M, accum, &t, A->type, d);
}
