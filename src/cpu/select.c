/* select.c: the CPU select slot, C<M> = accum(C, the entries of op0(A) for which the index-unary
 * operator is true). The built-in positional tests are decided from the indices alone; other
 * operators are called per entry and their result cast to bool. Entries are flagged in parallel
 * chunks, then each chunk copies its kept entries to its offset. A vector keeps its form: a
 * sparse one is compacted, a bitmap or full one becomes a bitmap whose flags are the tests; an
 * iso vector under a test that reads no position is decided by one call. A matrix result that
 * replaces all of C (no mask, no accumulator; C of A's type, or both types built-in) is selected
 * from A's tree straight into C's CSR view when the test is positional (GG_hs_select:
 * whole leaves kept or dropped from their bounds, the rest in closed form) or decided once (an iso
 * tree under a value test), C's own tree left owed; an A whose tree is itself owed (built from
 * input sorted by rows, or a result read so far through views) goes from its CSR view to C's
 * under a positional test (select_view); other tests read A's tuples. */
#include "GG_cpu_vec.h"
#include "GG_hisparse.h"

#include <omp.h>

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

/* Whether the operator may read an entry's position (else its value decides alone). */
static bool reads_position(GrB_IndexUnaryOp op)
{
    return op->opcode == GG_OP_USER || is_positional_test(op->opcode) ||
           (op->opcode >= GG_OP_ROWINDEX && op->opcode <= GG_OP_DIAGINDEX);
}

/* Whether the test of the entry at (i, j) with value ax (A's type) keeps it. The built-in
 * positional tests compare indices only; buf holds the cast value and the operator's result. */
static inline bool select_one(const GG_select_ctx *c, const void *ax, GrB_Index i, GrB_Index j,
                              char *buf)
{
    switch (c->op->opcode) {
#define GG_SELECT_POSITIONAL(OP)                                                                   \
    case GG_OP_##OP: return GG_IDX_##OP(bool, i, j, c->k);
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
    c->op->f(z, GG_cpu_cast_in(&c->a2x, buf, ax), i, j, c->thunk);
    bool b;
    if (c->z2bool != NULL)
        c->z2bool(&b, z);
    else
        memcpy(&b, z, sizeof b);
    return b;
}

/* Flags the kept entries of [lo, hi) and returns how many there are. */
static GrB_Index select_flag(const GG_select_ctx *c, const GG_coo *a, bool *keep, GrB_Index lo,
                             GrB_Index hi, char *buf)
{
    GrB_Index count = 0;
    for (GrB_Index p = lo; p < hi; p++)
        count += keep[p] = select_one(c, (const char *)a->x + p * c->asize, a->row[p], a->col[p], buf);
    return count;
}

/* The test prepared: the thunk cast into scratch (which then holds per-thread buffers of *bufsize
 * bytes from offset *ysize on). */
static GrB_Info select_prepare(GG_select_ctx *c, char **scratch, size_t *ysize, size_t *bufsize,
                               int nth, GrB_IndexUnaryOp op, const void *thunk, GrB_Type ttype,
                               GrB_Type atype)
{
    *ysize = (op->ytype->size + 15) / 16 * 16;
    *bufsize = ((op->xtype == NULL ? 0 : op->xtype->size) + op->ztype->size + 15) / 16 * 16;
    *scratch = GG_malloc(*ysize + (size_t)nth * *bufsize);
    if (*scratch == NULL) return GrB_OUT_OF_MEMORY;
    GG_cpu_cast_value(*scratch, op->ytype, thunk, ttype);
    *c = (GG_select_ctx){.op = op, .a2x = GG_cpu_cast_make(op->xtype, atype),
                         .z2bool = op->ztype->code == GrB_BOOL_CODE
                                       ? NULL
                                       : GG_cast_get(GrB_BOOL_CODE, op->ztype->code),
                         .thunk = *scratch, .asize = atype->size};
    if (is_positional_test(op->opcode)) memcpy(&c->k, *scratch, sizeof c->k); /* y type INT64 */
    return GrB_SUCCESS;
}

/* A vector select in nth equal chunks of A's storage (GG_cpu_parallel). */
typedef struct {
    const GG_select_ctx *c;
    const GG_vdata *A;
    GG_vdata *T;
    int all;          /* every entry decided at once: 1 kept, 0 not; -1 each tested */
    uint8_t *keep;    /* SPARSE A: each entry's test */
    uint64_t *count;  /* chunk k's kept entries at k + 1, then (SPARSE) offsets at k */
    char *buf;        /* per-chunk scratch of bufsize bytes */
    size_t bufsize;
    uint64_t len;
    int nth;
} vselect_ctx;

/* A SPARSE A's chunk k: its entries tested and counted. */
static void vselect_flag(void *ctx, int k, int tid)
{
    (void)tid;
    vselect_ctx *v = ctx;
    const GG_vdata *A = v->A;
    size_t as = GG_vstride(A);
    uint64_t n = 0;
    for (uint64_t p = v->len * k / v->nth; p < v->len * (k + 1) / v->nth; p++)
        n += v->all >= 0 ? (uint64_t)v->all
                         : (v->keep[p] = select_one(v->c, (const char *)A->x + p * as, A->i[p], 0,
                                                    v->buf + k * v->bufsize));
    v->count[k + 1] = n;
}

/* A SPARSE A's chunk k: its kept entries copied to T from the chunk's offset. */
static void vselect_copy(void *ctx, int k, int tid)
{
    (void)tid;
    vselect_ctx *v = ctx;
    const GG_vdata *A = v->A;
    size_t asize = A->size;
    uint64_t q = v->count[k];
    for (uint64_t p = v->len * k / v->nth; p < v->len * (k + 1) / v->nth; p++) {
        if (v->all == 0 || (v->all < 0 && !v->keep[p])) continue;
        v->T->i[q] = A->i[p];
        if (!A->iso) GG_cpu_copy((char *)v->T->x + q * asize, (const char *)A->x + p * asize, asize);
        q++;
    }
}

/* A BITMAP or FULL A's chunk k: T's flags are the tests. */
static void vselect_bitmap(void *ctx, int k, int tid)
{
    (void)tid;
    vselect_ctx *v = ctx;
    const GG_vdata *A = v->A;
    size_t as = GG_vstride(A);
    uint64_t p = v->len * k / v->nth, end = v->len * (k + 1) / v->nth, i, q, n = 0;
    while (GG_cpu_vnext(A, &p, end, &i, &q)) {
        bool b = v->all >= 0 ? v->all
                             : select_one(v->c, (const char *)A->x + q * as, i, 0,
                                          v->buf + k * v->bufsize);
        v->T->b[i] = b;
        n += b;
    }
    v->count[k + 1] = n;
}

GrB_Info GG_cpu_vselect(GG_vdata *T, const GG_vdata *A, GrB_Type atype, GrB_IndexUnaryOp op,
                        const void *thunk, GrB_Type ttype)
{
    uint64_t len = GG_cpu_vlen(A);
    int nth = GG_cpu_nthreads(len);
    size_t ysize, bufsize, asize = atype->size;
    char *scratch;
    GG_select_ctx c;
    GrB_Info info = select_prepare(&c, &scratch, &ysize, &bufsize, nth, op, thunk, ttype, atype);
    if (info != GrB_SUCCESS) return info;
    char *buf = scratch + ysize;
    /* an iso vector under a test of the value alone: one call decides every entry */
    int all = -1;
    if (A->iso && !reads_position(op)) all = A->nvals > 0 && select_one(&c, A->x, 0, 0, buf);
    uint64_t *count = GG_calloc((size_t)nth + 1, sizeof(uint64_t));
    vselect_ctx v = {.c = &c, .A = A, .T = T, .all = all, .count = count, .buf = buf,
                     .bufsize = bufsize, .len = len, .nth = nth};
    if (count == NULL) goto oom;
    /* GG_cpu_parallel: no parallel region on one thread, where even that costs a team set-up */
    if (A->form == GG_VF_SPARSE) {
        v.keep = all >= 0 ? NULL : GG_malloc(len + 1);
        if (all < 0 && v.keep == NULL) goto oom;
        GG_cpu_parallel(nth, nth, vselect_flag, &v);
        for (int k = 0; k < nth; k++) count[k + 1] += count[k];
        if (GG_vdata_alloc(T, A->n, asize, GG_VF_SPARSE, count[nth], A->iso) != GrB_SUCCESS) goto oom;
        if (A->iso) memcpy(T->x, A->x, asize);
        GG_cpu_parallel(nth, nth, vselect_copy, &v);
    } else {
        /* a bitmap of the kept entries over A's values as they are */
        if (GG_vdata_alloc(T, A->n, asize, GG_VF_BITMAP, 0, A->iso) != GrB_SUCCESS) goto oom;
        if (GG_vdata_nx(A) > 0) memcpy(T->x, A->x, GG_vdata_nx(A) * asize);
        GG_cpu_parallel(nth, nth, vselect_bitmap, &v);
        for (int k = 0; k < nth; k++) T->nvals += count[k + 1];
    }
    GG_free(v.keep);
    GG_free(count);
    GG_free(scratch);
    return GrB_SUCCESS;
oom:
    GG_free(v.keep);
    GG_free(count);
    GG_free(scratch);
    return GrB_OUT_OF_MEMORY;
}

/* ---- matrices: tree to view ------------------------------------------------------------------ */

/* A positional test with its thunk (cast to INT64, the y type of the positional tests) in the
 * closed form of GG_hs_filter; false for any other operator. */
static bool positional_filter(GG_hs_filter *f, GrB_IndexUnaryOp op, const void *thunk, GrB_Type ttype)
{
    if (!is_positional_test(op->opcode)) return false;
    int64_t k;
    GG_cpu_cast_value(&k, GrB_INT64, thunk, ttype);
    f->lo = INT64_MIN, f->hi = k, f->outside = false;
    switch (op->opcode) {
    case GG_OP_TRIL: f->pos = GG_HS_POS_DIAG; return true;
    case GG_OP_TRIU: f->pos = GG_HS_POS_DIAG, f->lo = k, f->hi = INT64_MAX; return true;
    case GG_OP_DIAG: f->pos = GG_HS_POS_DIAG, f->lo = k; return true;
    case GG_OP_OFFDIAG: f->pos = GG_HS_POS_DIAG, f->lo = k, f->outside = true; return true;
    case GG_OP_COLLE: f->pos = GG_HS_POS_COL; return true;
    case GG_OP_COLGT: f->pos = GG_HS_POS_COL, f->outside = true; return true;
    case GG_OP_ROWLE: f->pos = GG_HS_POS_ROW; return true;
    case GG_OP_ROWGT: f->pos = GG_HS_POS_ROW, f->outside = true; return true;
    default: return false;
    }
}

/* C = select(op0(A)), all of C replaced, from the tree ha of A into C's CSR view (values cast to
 * C's type as they are placed): a positional test in closed form f, or (f NULL) an unscaled iso A
 * under a test of its value, which one call decides for every entry. */
static GrB_Info select_tree(GG_container *C, GrB_IndexUnaryOp op, const GG_hs_filter *f,
                            GG_container *A, const GG_hs_matrix *ha, const void *thunk,
                            GrB_Type ttype, bool tran)
{
    /* A's own tree unless transposed, so that what the conversion keeps in it (its entries per
     * leaf level, GG_hs_matrix) serves the next call: TC selects from the same A every run */
    GG_hs_matrix at = *ha;
    if (tran) GG_hs_transpose(&at);
    const GG_hs_matrix *a = tran ? &at : ha;
    if (f == NULL) { /* an iso tree under a value test: one call decides every entry */
        size_t ysize, bufsize;
        char *scratch;
        GG_select_ctx c;
        GrB_Info info = select_prepare(&c, &scratch, &ysize, &bufsize, 1, op, thunk, ttype, A->type);
        if (info != GrB_SUCCESS) return info;
        bool all = select_one(&c, GG_hs_iso_value(a), 0, 0, scratch + ysize);
        GG_free(scratch);
        if (!all) {
            GG_coo none = {0};
            return GG_container_adopt(C, &none);
        }
    }
    GG_cview t;
    /* no rows: C's tuples are filled from the view only if a reader asks for them */
    GrB_Info info = GG_hs_select(a, C->type, f, &t, NULL);
    if (info != GrB_SUCCESS) return info;
    return GG_container_adopt_csr(C, &t, NULL);
}

/* The entries of row i of a sorted view vector idx[b, e) that filter f keeps: [*p1, *p2) when
 * !f->outside, else [b, *p1) and [*p2, e). The test reads j alone (DIAG by j - i, COL) or i
 * alone (ROW), so the kept columns of a row are one range, found by two searches. */
static void view_kept(const GG_hs_filter *f, GrB_Index i, const GrB_Index *idx, GrB_Index b,
                      GrB_Index e, GrB_Index *p1, GrB_Index *p2)
{
    /* the columns j of row i with lo <= v <= hi, as an int64 range [jlo, jhi] (i >= 0: a bound
     * plus i only needs clamping at INT64_MAX) */
    int64_t jlo = f->lo, jhi = f->hi, ii = (int64_t)i;
    if (f->pos == GG_HS_POS_ROW) {
        bool in = ii >= f->lo && ii <= f->hi;
        jlo = in ? INT64_MIN : 1, jhi = in ? INT64_MAX : 0;
    } else if (f->pos == GG_HS_POS_DIAG) {
        jlo = f->lo > INT64_MAX - ii ? INT64_MAX : f->lo + ii;
        jhi = f->hi > INT64_MAX - ii ? INT64_MAX : f->hi + ii;
    }
    *p1 = jlo <= 0 ? b : GG_lower_bound(idx, b, e, (GrB_Index)jlo);
    *p2 = jhi < 0 ? b : jhi == INT64_MAX ? e : GG_lower_bound(idx, b, e, (GrB_Index)jhi + 1);
    if (*p2 < *p1) *p2 = *p1;
}

/* C = select(op0(A)) by a positional test, all of C replaced, from the rows of op0(A) (A's CSR
 * view, or its CSC view when transposed) into C's CSR view, values cast to C's type: for an A
 * whose tree is owed (built from input sorted by rows, or a result so far read through views),
 * which select_tree would first build and the tuples' path would expand to rows and copy entry by
 * entry. TC of grbgpu on a generated grid 1000^2 (FP64 A built from sorted rows; 16 threads, H200
 * host, thirteenth session): the tuples' path took 7.4 ms a select and left L as tuples for the
 * masked product (8.5 ms), against 3.1 and 2.3 ms for tc_repro's A with its tree. */
static GrB_Info select_view(GG_container *C, const GG_hs_filter *f, GG_container *A, bool tran)
{
    const GG_cview *v;
    GrB_Info info = GG_cpu_rows_of(A, tran, &v);
    if (info != GrB_SUCCESS) return info;
    const GrB_Index nvec = v->nvec;
    const size_t asize = A->type->size, csize = C->type->size;
    int nth = GG_cpu_nthreads(GG_cv_nnz(v) + nvec);
    GG_cview t = {.nvec = nvec};
    t.ptr = GG_malloc((nvec + 1) * sizeof *t.ptr);
    GrB_Index *part = GG_calloc((size_t)nth + 1, sizeof *part);
    if (v->vec != NULL) t.vec = GG_malloc((nvec == 0 ? 1 : nvec) * sizeof *t.vec);
    if (t.ptr == NULL || part == NULL || (v->vec != NULL && t.vec == NULL)) goto oom;
    if (v->vec != NULL) memcpy(t.vec, v->vec, nvec * sizeof *t.vec);
    /* each thread's rows counted, the parts' offsets scanned, then each row's start placed */
#pragma omp parallel num_threads(nth)
    {
        int k = omp_get_thread_num();
        GrB_Index r0 = nvec * (GrB_Index)k / (GrB_Index)nth, r1 = nvec * (GrB_Index)(k + 1) / (GrB_Index)nth;
        GrB_Index sum = 0;
        for (GrB_Index r = r0; r < r1; r++) {
            GrB_Index b = v->ptr[r], e = v->ptr[r + 1], p1, p2;
            view_kept(f, GG_cv_id(v, r), v->idx, b, e, &p1, &p2);
            t.ptr[r] = f->outside ? (p1 - b) + (e - p2) : p2 - p1;
            sum += t.ptr[r];
        }
        part[k + 1] = sum;
#pragma omp barrier
#pragma omp single
        for (int q = 0; q < nth; q++) part[q + 1] += part[q];
        sum = part[k];
        for (GrB_Index r = r0; r < r1; r++) {
            GrB_Index cnt = t.ptr[r];
            t.ptr[r] = sum;
            sum += cnt;
        }
    }
    GrB_Index nnz = part[nth];
    t.ptr[nvec] = nnz;
    t.idx = GG_malloc((nnz == 0 ? 1 : nnz) * sizeof *t.idx);
    t.x = GG_malloc((nnz == 0 ? 1 : nnz) * csize);
    if (t.idx == NULL || t.x == NULL) goto oom;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (GrB_Index r = 0; r < nvec; r++) {
        GrB_Index b = v->ptr[r], e = v->ptr[r + 1], p1, p2, q = t.ptr[r];
        view_kept(f, GG_cv_id(v, r), v->idx, b, e, &p1, &p2);
        GrB_Index seg[2][2] = {{f->outside ? b : p1, f->outside ? p1 : p2}, {p2, f->outside ? e : p2}};
        for (int s = 0; s < 2; s++) {
            GrB_Index len = seg[s][1] - seg[s][0];
            if (len == 0) continue;
            memcpy(t.idx + q, v->idx + seg[s][0], len * sizeof *t.idx);
            GG_cast_array((char *)t.x + q * csize, C->type, (const char *)v->x + seg[s][0] * asize,
                          A->type, len);
            q += len;
        }
    }
    GG_free(part);
    /* no rows: C's tuples are filled from the view only if a reader asks for them */
    return GG_container_adopt_csr(C, &t, NULL);
oom:
    GG_free(part), GG_free(t.ptr), GG_free(t.vec), GG_free(t.idx), GG_free(t.x);
    return GrB_OUT_OF_MEMORY;
}

GrB_Info GG_cpu_select(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_IndexUnaryOp op,
                       GG_container *A, const void *thunk, GrB_Type ttype, const GG_desc *d)
{
    if (C->h.kind == GG_KIND_VECTOR) {
        const GG_vdata *av;
        GG_vdata T;
        GrB_Info info;
        if (GG_cpu_vec_masked_out(C, M, d, &info)) return info;
        info = GG_vec_host(A, &av);
        if (info == GrB_SUCCESS) info = GG_cpu_vselect(&T, av, A->type, op, thunk, ttype);
        if (info != GrB_SUCCESS) return info;
        return GG_cpu_vec_writeback(C, M, accum, &T, true, A->type, d, NULL);
    }
    const GG_hs_matrix *ha = NULL;
    GrB_Info info = GG_view_hs_built(A, &ha);
    if (info != GrB_SUCCESS) return info;
    /* the tree path tests entries in its count and again in its placement: only for tests in
     * closed form (positional) or decided once (an iso tree under a value test); a test per
     * entry through the operator reads A's tuples once instead (cached with A: SSSP's light and
     * heavy selects of one A share them) */
    GG_hs_filter f;
    bool positional = positional_filter(&f, op, thunk, ttype);
    bool whole = M == NULL && !d->mask_comp && accum == NULL &&
                 (C->type == A->type || (C->type->code != GrB_UDT_CODE && A->type->code != GrB_UDT_CODE));
    if (whole && ha != NULL && (positional || (ha->iso && ha->scale == 1.0 && !reads_position(op))))
        return select_tree(C, op, positional ? &f : NULL, A, ha, thunk, ttype, d->tran0);
    if (whole && positional) return select_view(C, &f, A, d->tran0);
    GG_coo a, t = {0};
    bool owned;
    info = GG_cpu_coo_of(A, d->tran0, &a, &owned);
    if (info != GrB_SUCCESS) return info;
    GrB_Index n = a.n;
    int nth = GG_cpu_nthreads(n);
    size_t ysize, bufsize;
    char *scratch = NULL;
    GG_select_ctx c;
    bool *keep = GG_malloc(n == 0 ? 1 : n);
    GrB_Index *count = GG_calloc((size_t)nth + 1, sizeof(GrB_Index));
    if (keep == NULL || count == NULL ||
        select_prepare(&c, &scratch, &ysize, &bufsize, nth, op, thunk, ttype, A->type) != GrB_SUCCESS) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }

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
