/* mxv.c: GrB_mxv and GrB_vxm on the CPU, both as w = R (+.*) u with R = op(A) (mxv) or op(A)'
 * (vxm), in one of two forms:
 * - pull: T(i) = R(i,:) (+.*) u, rows in parallel. u is first scattered into a dense array with a
 *   presence map, so each entry of R costs one lookup (the dense kernel below); when u's dimension
 *   is far beyond the work (hypersparse), the rows run through mxm.c's Gustavson engine instead,
 *   finding u's entries in its hypersparse view, so nothing is allocated by dimension.
 * - push: T' = u' * R', one Gustavson row that scatters the columns of R selected by u's entries;
 *   the mask is applied while scattering, so a sparse frontier under a mask touches only allowed
 *   positions. Its accumulator is dense or hashed by the work, never by the dimension alone.
 * The form is chosen by the input vector's density: push costs about nnz(u) average columns of R,
 * serially; pull costs R's entries (or those of the mask's rows), spread over the threads. A plain
 * mask restricts pull to its rows, a complemented one skips the rows it covers, and a terminal
 * monoid (LOR) ends a row at its first true term.
 * A full input vector on a matrix with a non-positional multiplier takes the HiSparse traversal
 * instead (GG_hs_mxv: SpMV, or SpMV^T for the transposed product, on the canonical tree with no
 * view), measured 1.1-4.5x faster than pull on the views for RMAT, uniform and grid matrices
 * (Doc/hisparse.md, "Canonical storage"). */
#include "GG_cpu_kernel.h"
#include "GG_hisparse.h"

/* ---- pull with u scattered dense ----------------------------------------------------------------- */

typedef struct {
    const GG_sr *sr;
    const GG_cview *A, *M;
    const GG_cpu_opnd *Ao;
    GG_cpu_mrows mr;
    const char *ux;    /* u's values in the multiplier's type, by index */
    const uint8_t *up; /* whether u has an entry at the index; NULL when u is full */
    bool by_mask;      /* iterate the mask's rows, not R's */
    GrB_Index *bounds; /* chunks of iterated rows */
    GrB_Index *count;  /* results per chunk, then where each chunk's results start */
    char *val;         /* per iterated row: its result ... */
    uint8_t *has;      /* ... and whether it has one */
    int failed;
} pull_ctx;

/* Iterated row r: R's vector *ka and the row index *i; false when the mask rules the row out. */
static inline bool pull_row(const pull_ctx *c, GrB_Index r, GrB_Index *i, GrB_Index *ka)
{
    const GG_cview *M = c->M;
    if (c->by_mask) {
        *i = GG_cv_id(M, r);
        return M->ptr[r] < M->ptr[r + 1] && GG_cpu_mrows_entry(&c->mr, M->ptr[r]) &&
               GG_cv_find(c->A, *i, ka);
    }
    *ka = r;
    *i = GG_cv_id(c->A, r);
    if (M == NULL) return true;
    GrB_Index km;
    bool set = GG_cv_find(M, *i, &km) && M->ptr[km] < M->ptr[km + 1] &&
               GG_cpu_mrows_entry(&c->mr, M->ptr[km]);
    return set != c->mr.comp;
}

GG_ALWAYS_INLINE void pull_chunk(const GG_sr *sr, pull_ctx *c, int chunk, int tid, void *z,
                                 void *t)
{
    (void)tid;
    GG_SCRATCH_ALIGN unsigned char tmp[16];
    const GG_cpu_opnd Ao = *c->Ao;
    const GrB_Index *Ap = c->A->ptr, *Ai = c->A->idx;
    const char *ux = c->ux;
    const uint8_t *up = c->up;
    GrB_Index found = 0;
    for (GrB_Index r = c->bounds[chunk]; r < c->bounds[chunk + 1]; r++) {
        GrB_Index i, ka;
        bool any = false;
        if (pull_row(c, r, &i, &ka)) {
            for (GrB_Index p = Ap[ka]; p < Ap[ka + 1]; p++) {
                GrB_Index k = Ai[p];
                if (up != NULL && !up[k]) continue;
                const char *a = GG_opnd_at(sr, &Ao, p, sr->asize, tmp);
                if (any) {
                    GG_sr_mul(sr, t, a, ux + k * sr->bsize, i, k, 0);
                    sr->add(z, z, t);
                } else {
                    GG_sr_mul(sr, z, a, ux + k * sr->bsize, i, k, 0);
                    any = true;
                }
                if (sr->terminal != NULL && memcmp(z, sr->terminal, sr->zsize) == 0) break;
            }
            if (any) memcpy(c->val + r * sr->zsize, z, sr->zsize);
        }
        c->has[r] = any;
        found += any;
    }
    c->count[chunk] = found;
}

GG_SR_INSTANCES(pull, pull_chunk, pull_ctx);

/* T = R * u with R's rows in A (already cast lazily) and u as a dense array of length n in the
 * multiplier's type: u's own values when u is full and of that type (its sorted entries are then
 * exactly that array), else a scatter of u with a presence map. */
static GrB_Info pull_dense(GG_coo *T, const GG_cpu_opnd *R, const GG_cpu_opnd *u, GrB_Index n,
                           const GG_cpu_mrows *mr, const GG_sr *sr, GG_sr_kind kind)
{
    pull_ctx c = {.sr = sr, .A = R->v, .M = mr->v, .Ao = R, .mr = *mr,
                  .by_mask = mr->v != NULL && !mr->comp && mr->v->nvec < R->v->nvec};
    const GG_cview *it = c.by_mask ? c.M : c.A;
    GrB_Index nu = GG_cv_nnz(u->v), niter = it->nvec;
    bool full = nu == n, own = !(full && u->same);
    char *ux = own ? GG_malloc((n == 0 ? 1 : n) * sr->bsize) : NULL;
    uint8_t *up = full ? NULL : GG_calloc(n, 1);
    int nth = GG_cpu_nthreads(GG_cv_nnz(c.A) + niter);
    int nchunks = GG_cpu_nchunks(nth, niter);
    c.bounds = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.count = GG_calloc((size_t)nchunks + 1, sizeof(GrB_Index));
    c.val = GG_malloc((niter == 0 ? 1 : niter) * sr->zsize);
    c.has = GG_malloc(niter == 0 ? 1 : niter);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if ((own && ux == NULL) || (!full && up == NULL) || c.bounds == NULL || c.count == NULL ||
        c.val == NULL || c.has == NULL)
        goto done;
    if (own) {
        /* u's single column: its entries' row indices and values, cast once */
        const GrB_Index *ui = u->v->idx;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(nu)) schedule(static)
        for (GrB_Index p = 0; p < nu; p++) {
            GG_SCRATCH_ALIGN unsigned char tmp[16];
            memcpy(ux + ui[p] * sr->bsize, GG_opnd_value(u, p, sr->bsize, tmp), sr->bsize);
            if (up != NULL) up[ui[p]] = 1;
        }
    }
    c.ux = own ? ux : u->x;
    c.up = up;
    /* rows weighted by their entries (the mask's rows by one each), from the views' running totals */
    GG_cpu_split(it->ptr, niter, nchunks, c.bounds);
    GG_cpu_parallel(nth, nchunks, pull_table[kind], &c);
    if (c.failed) goto done;
    GrB_Index total = 0;
    for (int k = 0; k < nchunks; k++) {
        GrB_Index f = c.count[k];
        c.count[k] = total;
        total += f;
    }
    info = GG_cpu_coo_alloc(T, total, sr->zsize);
    if (info != GrB_SUCCESS) goto done;
    memset(T->col, 0, total * sizeof(GrB_Index));
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(niter)) schedule(dynamic, 1)
    for (int k = 0; k < nchunks; k++) {
        GrB_Index o = c.count[k];
        for (GrB_Index r = c.bounds[k]; r < c.bounds[k + 1]; r++) {
            if (!c.has[r]) continue;
            T->row[o] = GG_cv_id(it, r);
            GG_cpu_copy((char *)T->x + o * sr->zsize, c.val + r * sr->zsize, sr->zsize);
            o++;
        }
    }
done:
    GG_free(ux);
    GG_free(up);
    GG_free(c.bounds);
    GG_free(c.count);
    GG_free(c.val);
    GG_free(c.has);
    return info;
}

/* ---- full u on the tree ------------------------------------------------------------------------ */

/* T = R (+.*) u through the tree of A, u holding all n entries (its sorted tuples are its values by
 * index). The dense result of m values is compacted into T's tuples. */
static GrB_Info mxv_tree(GG_coo *T, GG_container *A, GG_container *u, GrB_Semiring sr, bool rtran,
                         bool vxm, GrB_Index m)
{
    const GG_hs_matrix *a;
    const GG_coo *uc;
    GrB_Info info = GG_view_hs(A, &a);
    if (info == GrB_SUCCESS) info = GG_view_coo(u, &uc);
    if (info != GrB_SUCCESS) return info;
    GrB_BinaryOp mul = sr->mul;
    GrB_Type ztype = sr->add->op->ztype;
    size_t zsize = ztype->size;
    const void *x;
    void *x_owned = NULL;
    info = GG_cpu_operand(&x, &x_owned, uc->x, u->type, uc->n, vxm ? mul->xtype : mul->ytype);
    char *y = info == GrB_SUCCESS ? GG_malloc((size_t)(m > 0 ? m : 1) * zsize) : NULL;
    bool *present = y != NULL ? GG_malloc((size_t)(m > 0 ? m : 1)) : NULL;
    if (present == NULL) info = GrB_OUT_OF_MEMORY;
    if (info == GrB_SUCCESS) info = GG_hs_mxv(y, present, a, rtran, sr, x, vxm);
    GrB_Index nz = 0;
    for (GrB_Index i = 0; info == GrB_SUCCESS && i < m; i++) nz += present[i];
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(T, nz, zsize);
    if (info == GrB_SUCCESS) {
        for (GrB_Index i = 0, k = 0; i < m; i++) {
            if (!present[i]) continue;
            T->row[k] = i;
            T->col[k] = 0;
            memcpy((char *)T->x + k * zsize, y + i * zsize, zsize);
            k++;
        }
    }
    GG_free(x_owned);
    GG_free(y);
    GG_free(present);
    return info;
}

/* ---- GrB_mxv, GrB_vxm ----------------------------------------------------------------------------- */

/* Whether push is expected to be cheaper than pull for R (m x n, nnz entries). */
static bool prefer_push(GrB_Index m, GrB_Index n, GrB_Index nnz, GrB_Index nnz_u,
                        const GG_cpu_mrows *mr)
{
    double push = (double)nnz_u * ((double)nnz / (double)(n ? n : 1) + 1);
    double pull = (double)nnz + (double)n;
    if (mr->v != NULL && !mr->comp) {
        /* a plain mask limits pull to its rows */
        double rows = (double)GG_cv_nnz(mr->v) * ((double)nnz / (double)(m ? m : 1) + 1);
        if (rows < pull) pull = rows;
    }
    return push * GG_cpu_nthreads(nnz) < pull;
}

GrB_Info GG_cpu_mxv(GG_container *w, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                    GG_container *A, GG_container *u, const GG_desc *d, bool vxm)
{
    /* R = op(A) for mxv, op(A)' for vxm; stored R is A itself unless exactly one of them holds */
    bool rtran = d->tran0 != vxm;
    GrB_Index m = rtran ? A->ncols : A->nrows, n = rtran ? A->nrows : A->ncols;
    GrB_Index nnz_a, nnz_u;
    GrB_Info info = GG_container_nvals(A, &nnz_a);
    if (info == GrB_SUCCESS) info = GG_container_nvals(u, &nnz_u);
    if (info != GrB_SUCCESS) return info;
    if (A->h.kind == GG_KIND_MATRIX && nnz_u == n && m <= 2 * (nnz_a + n) + 1024 &&
        !GG_opcode_positional(semiring->mul->opcode)) {
        GG_coo T = {0};
        info = mxv_tree(&T, A, u, semiring, rtran, vxm, m);
        if (info != GrB_SUCCESS) return info;
        return GG_cpu_writeback(w, M, accum, &T, semiring->add->op->ztype, d);
    }
    GG_cpu_mrows mr;
    info = GG_cpu_mrows_get(&mr, M, d, false);
    if (info != GrB_SUCCESS) return info;
    bool push = prefer_push(m, n, nnz_a, nnz_u, &mr);

    /* The multiplier sees (a, u) for mxv and (u, a) for vxm. Pull's left operand is R and push's
     * is u', so push swaps the engine's operand order. */
    bool flip = push != vxm;
    GG_sr sr;
    GG_sr_kind kind = GG_sr_prepare(&sr, semiring, flip, push ? u->type : A->type,
                                    push ? A->type : u->type);
    GrB_Type atype = GG_sr_atype(semiring, flip), btype = GG_sr_btype(semiring, flip);
    GG_cpu_opnd left = {0}, right = {0};
    GG_coo T = {0};
    if (push) {
        /* u' has one row: u's CSC view; the rows of R' are R's columns; the mask as one row too */
        info = GG_cpu_mrows_get(&mr, M, d, true);
        if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&left, u, true, atype);
        if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&right, A, !rtran, btype);
        if (info == GrB_SUCCESS) info = GG_cpu_saxpy(&T, m, &left, &right, &mr, &sr, kind);
        if (info == GrB_SUCCESS) {
            /* T' is 1 x m: its columns are w's indices and its rows all zero */
            GrB_Index *rows = T.row;
            T.row = T.col;
            T.col = rows;
        }
    } else {
        /* dense u when its dimension is within the work, else u's own (hypersparse) view */
        bool dense = n <= 2 * (nnz_a + nnz_u) + 1024;
        info = GG_cpu_opnd_get(&left, A, rtran, atype);
        if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&right, u, dense, btype);
        if (info == GrB_SUCCESS)
            info = dense ? pull_dense(&T, &left, &right, n, &mr, &sr, kind)
                         : GG_cpu_saxpy(&T, 1, &left, &right, &mr, &sr, kind);
    }
    GG_cpu_opnd_free(&left);
    GG_cpu_opnd_free(&right);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(w, M, accum, &T, semiring->add->op->ztype, d);
}
