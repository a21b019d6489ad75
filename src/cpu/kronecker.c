/* kronecker.c: C<M> = accum(C, kron(op0(A), op1(B))) on the CPU, computed directly in sorted
 * order: T(ia*mb + ib, ja*nb + jb) = op(A(ia,ja), B(ib,jb)) for each pair of rows (ia of A, ib of
 * B), whose entries land at a position known in advance, so pairs of rows run in parallel with
 * no counting pass. Only stored rows are visited (hypersparse-safe). */
#include "GG_cpu_kernel.h"

typedef struct {
    GrB_BinaryOp op;
    const GG_cpu_opnd *A, *B;
    GrB_Index mb, nb;  /* dimensions of op1(B) */
    GrB_Index nnz_b;
    GrB_Index *ra, *rb, na, nb_rows; /* the non-empty row vectors of A and of B */
    GG_coo *T;
} kron_ctx;

/* Row pair q: non-empty row q / nb_rows of A with non-empty row q % nb_rows of B. */
static void kron_pair(const kron_ctx *c, GrB_Index q)
{
    const GG_cview *A = c->A->v, *B = c->B->v;
    GrB_Index ka = c->ra[q / c->nb_rows], kb = c->rb[q % c->nb_rows];
    GrB_Index a0 = A->ptr[ka], la = A->ptr[ka + 1] - a0, b0 = B->ptr[kb],
              lb = B->ptr[kb + 1] - b0;
    GrB_Index row = GG_cv_id(A, ka) * c->mb + GG_cv_id(B, kb);
    /* A's rows before ka produce ptr[ka] * nnz(B) entries; within row ka, B's rows before kb */
    GrB_Index o = a0 * c->nnz_b + la * b0;
    size_t xs = c->op->xtype->size, ys = c->op->ytype->size, zs = c->op->ztype->size;
    GG_coo *T = c->T;
    GG_SCRATCH_ALIGN unsigned char ta[16];
    GG_SCRATCH_ALIGN unsigned char tb[16];
    for (GrB_Index pa = a0; pa < a0 + la; pa++) {
        GrB_Index base = A->idx[pa] * c->nb;
        const char *x = GG_opnd_value(c->A, pa, xs, ta);
        for (GrB_Index pb = b0; pb < b0 + lb; pb++, o++) {
            T->row[o] = row;
            T->col[o] = base + B->idx[pb];
            GG_cpu_binop_at(c->op, (char *)T->x + o * zs, x, GG_opnd_value(c->B, pb, ys, tb),
                            GG_cv_id(A, ka), A->idx[pa], GG_cv_id(B, kb), B->idx[pb]);
        }
    }
}

/* The positions of v's non-empty vectors (*n of them); NULL when out of memory. */
static GrB_Index *nonempty(const GG_cview *v, GrB_Index *n)
{
    GrB_Index *list = GG_malloc((v->nvec == 0 ? 1 : v->nvec) * sizeof(GrB_Index));
    *n = 0;
    if (list == NULL) return NULL;
    for (GrB_Index k = 0; k < v->nvec; k++)
        if (v->ptr[k + 1] > v->ptr[k]) list[(*n)++] = k;
    return list;
}

GrB_Info GG_cpu_kronecker(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                          GG_container *A, GG_container *B, const GG_desc *d)
{
    GG_cpu_opnd a = {0}, b = {0};
    GG_coo T = {0};
    kron_ctx c = {.op = op, .A = &a, .B = &b, .T = &T};
    GrB_Info info = GG_cpu_opnd_get(&a, A, d->tran0, op->xtype);
    if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&b, B, d->tran1, op->ytype);
    size_t total = 0;
    if (info == GrB_SUCCESS) {
        c.nnz_b = GG_cv_nnz(b.v);
        c.mb = d->tran1 ? B->ncols : B->nrows;
        c.nb = d->tran1 ? B->nrows : B->ncols;
        if (!GG_mul_size(GG_cv_nnz(a.v), c.nnz_b, &total)) info = GrB_OUT_OF_MEMORY;
    }
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(&T, total, op->ztype->size);
    if (info == GrB_SUCCESS && total > 0) {
        c.ra = nonempty(a.v, &c.na);
        c.rb = nonempty(b.v, &c.nb_rows);
        if (c.ra != NULL && c.rb != NULL) {
            GrB_Index pairs = c.na * c.nb_rows;
            int nth = GG_cpu_nthreads(total);
#pragma omp parallel for num_threads(nth) schedule(dynamic, 64)
            for (GrB_Index q = 0; q < pairs; q++) kron_pair(&c, q);
        } else {
            GG_coo_free(&T);
            info = GrB_OUT_OF_MEMORY;
        }
        GG_free(c.ra);
        GG_free(c.rb);
    }
    GG_cpu_opnd_free(&a);
    GG_cpu_opnd_free(&b);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(C, M, accum, &T, op->ztype, d);
}
