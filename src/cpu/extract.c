/* extract.c: the CPU extract slot, C<M> = accum(C, op0(A)(I, J)). T = op0(A)(I, J) is built one
 * line at a time along the side of T with fewer lines to visit, so that the cost follows the index
 * lists and the entries extracted, not the dimensions of A:
 * - by rows: row k of T is row I[k] of op0(A), its columns renamed through the inverted J;
 * - by columns: column l of T is column J[l] of op0(A), its rows renamed through the inverted I.
 *   GrB_Col_extract is one such column; with GrB_DESC_T0 that column is row j of A, read directly.
 * A line of op0(A) is a vector of one of A's cached views (CSR or CSC, whichever holds op0(A)'s
 * rows or columns), found by search, never by scanning the dimension. Its entries are matched with
 * the cross list either by scanning the line against the inverted list or, when the list is the
 * shorter, by searching the line for each list entry. Lines are counted, then filled at their
 * offsets, in parallel only when the work pays for the threads. A vector input is gathered in its
 * form (GG_cpu_vextract): a bitmap or full one by direct reads, a sparse one by a search per
 * listed index. */
#include "GG_cpu_vec.h"

typedef struct {
    const GG_cview *v;     /* the lines of op0(A): its rows, or (by columns) its columns */
    const GrB_Index *L;    /* T's lines as indices of v's dimension (I, or J by columns) */
    bool all_lines;        /* L is GrB_ALL: T's lines are the view's vectors */
    const GG_cpu_ilist *X; /* the cross list, inverted (J, or I by columns) */
    GrB_Index nx;
} GG_extract_ctx;

/* Task u: T's line *k, taken from vector *q of the view; false when that line of op0(A) is
 * absent. */
static bool task_line(const GG_extract_ctx *c, GrB_Index u, GrB_Index *k, GrB_Index *q)
{
    if (c->all_lines) {
        *q = u;
        *k = c->v->vec == NULL ? u : c->v->vec[u];
        return true;
    }
    *k = u;
    return GG_cpu_cview_find(c->v, c->L[u], q);
}

/* Searching the line for each cross index costs nx log(len); scanning it len log(nx). */
static bool probe_each_x(const GG_extract_ctx *c, GrB_Index len)
{
    return c->nx < len;
}

/* Entries of T's line from vector q; with pos non-NULL writes their cross-list positions to pos
 * and source positions to src (both from offset 0), sorted by cross position. */
static GrB_Index extract_line(const GG_extract_ctx *c, GrB_Index q, GrB_Index *pos, GrB_Index *src)
{
    const GrB_Index *idx = c->v->idx;
    GrB_Index lo = c->v->ptr[q], hi = c->v->ptr[q + 1], n = 0;
    if (probe_each_x(c, hi - lo)) {
        for (GrB_Index l = 0; l < c->nx; l++) {
            GrB_Index j = GG_cpu_index(c->X->I, l);
            GrB_Index p = GG_lower_bound(idx, lo, hi, j);
            if (p == hi || idx[p] != j) continue;
            if (pos != NULL) pos[n] = l, src[n] = p;
            n++;
        }
        return n;
    }
    for (GrB_Index p = lo; p < hi; p++) {
        GrB_Index first, count = GG_cpu_ilist_find(c->X, idx[p], &first);
        if (pos != NULL)
            for (GrB_Index r = 0; r < count; r++)
                pos[n + r] = GG_cpu_ilist_pos(c->X, first + r), src[n + r] = p;
        n += count;
    }
    if (pos != NULL && !c->X->sorted) GG_cpu_sort2(pos, src, n);
    return n;
}

/* By columns when T has fewer columns than rows to visit (A a matrix: a vector is one column and
 * is read by rows). The columns' tuples are then put in row order by sorting the keys
 * row * nj + column, which must fit in an index. */
static bool by_columns(const GG_container *A, GrB_Index ni, GrB_Index nj)
{
    return A->h.kind == GG_KIND_MATRIX && nj < ni && (nj <= 1 || ni <= UINT64_MAX / nj);
}

/* The units of work of visiting ntasks lines of v: their entries (all of them, or the average
 * line's for each task) plus one per task. */
static GrB_Index line_work(const GG_cview *v, GrB_Index ntasks, bool all_lines)
{
    GrB_Index nnz = v->ptr[v->nvec];
    return ntasks + (all_lines || v->nvec == 0 ? nnz : ntasks * (nnz / v->nvec + 1));
}

/* ---- a vector in its form ------------------------------------------------------------------------ */

/* T(k) = U(I[k]) for k in [lo, hi), U BITMAP or FULL and T of its form; returns the entries. */
static uint64_t vgather(GG_vdata *T, const GG_vdata *U, const GrB_Index *I, GrB_Index lo,
                        GrB_Index hi)
{
    size_t size = U->size;
    bool full = U->form == GG_VF_FULL;
    uint64_t count = 0;
    for (GrB_Index k = lo; k < hi; k++) {
        GrB_Index i = GG_cpu_index(I, k);
        if (!full) {
            T->b[k] = U->b[i];
            count += U->b[i];
        }
        if (!U->iso) GG_cpu_copy((char *)T->x + k * size, (const char *)U->x + i * size, size);
    }
    return full ? hi - lo : count;
}

/* The listed indices I[lo, hi) that a SPARSE U holds: counted (T NULL), or written into T from
 * entry e on. Returns how many. */
static uint64_t vsearch(GG_vdata *T, const GG_vdata *U, const GrB_Index *I, GrB_Index lo,
                        GrB_Index hi, uint64_t e)
{
    size_t size = U->size, us = GG_vstride(U);
    GG_cpu_vcur cur = GG_cpu_vcur_make(U);
    uint64_t n = 0, q;
    for (GrB_Index k = lo; k < hi; k++) {
        if (!GG_cpu_vcur_find(&cur, I[k], &q)) continue;
        n++;
        if (T == NULL) continue;
        T->i[e] = k;
        if (!U->iso) GG_cpu_copy((char *)T->x + e * size, (const char *)U->x + q * us, size);
        e++;
    }
    return n;
}

GrB_Info GG_cpu_vextract(GG_vdata *T, const GG_vdata *U, const GrB_Index *I, GrB_Index ni)
{
    size_t size = U->size;
    bool all = I == GrB_ALL;
    int nth = GG_cpu_nthreads(ni);
    if (U->form != GG_VF_SPARSE) {
        /* a gather: T has U's form over the list's positions */
        bool full = U->form == GG_VF_FULL;
        GrB_Info info = GG_vdata_alloc(T, ni, size, full ? GG_VF_FULL : GG_VF_BITMAP, full ? ni : 0,
                                       U->iso);
        if (info != GrB_SUCCESS) return info;
        if (U->iso) memcpy(T->x, U->x, size);
        uint64_t count = 0;
        if (nth <= 1) {
            /* no parallel region: even one thread's costs a team set-up */
            count = vgather(T, U, I, 0, ni);
        } else {
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : count)
            for (int c = 0; c < nth; c++) count += vgather(T, U, I, ni * c / nth, ni * (c + 1) / nth);
        }
        if (!full) T->nvals = count;
        return GrB_SUCCESS;
    }
    if (all) {
        GrB_Info info = GG_vdata_alloc(T, ni, size, GG_VF_SPARSE, U->nvals, U->iso);
        if (info != GrB_SUCCESS) return info;
        if (U->nvals > 0) memcpy(T->i, U->i, U->nvals * sizeof(uint64_t));
        if (GG_vdata_nx(U) > 0) memcpy(T->x, U->x, GG_vdata_nx(U) * size);
        return GrB_SUCCESS;
    }
    /* a sparse U: each listed index searched, counted per chunk, then written at its offset */
    uint64_t *count = GG_calloc((size_t)nth + 1, sizeof(uint64_t));
    if (count == NULL) return GrB_OUT_OF_MEMORY;
    if (nth <= 1) {
        count[1] = vsearch(NULL, U, I, 0, ni, 0);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int c = 0; c < nth; c++) count[c + 1] = vsearch(NULL, U, I, ni * c / nth, ni * (c + 1) / nth, 0);
    }
    for (int c = 0; c < nth; c++) count[c + 1] += count[c];
    GrB_Info info = GG_vdata_alloc(T, ni, size, GG_VF_SPARSE, count[nth], U->iso);
    if (info == GrB_SUCCESS) {
        if (U->iso) memcpy(T->x, U->x, size);
        if (nth <= 1) {
            vsearch(T, U, I, 0, ni, 0);
        } else {
#pragma omp parallel for num_threads(nth) schedule(static)
            for (int c = 0; c < nth; c++) vsearch(T, U, I, ni * c / nth, ni * (c + 1) / nth, count[c]);
        }
    }
    GG_free(count);
    return info;
}

GrB_Info GG_cpu_extract(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                        const GrB_Index *I, GrB_Index ni, const GrB_Index *J, GrB_Index nj,
                        const GG_desc *d)
{
    if (A->h.kind == GG_KIND_VECTOR) {
        const GG_vdata *u;
        GG_vdata T;
        GrB_Info info;
        if (GG_cpu_vec_masked_out(C, M, d, &info)) return info;
        info = GG_vec_host(A, &u);
        if (info == GrB_SUCCESS) info = GG_cpu_vextract(&T, u, I, ni);
        if (info != GrB_SUCCESS) return info;
        return GG_cpu_vec_writeback(C, M, accum, &T, true, A->type, d, NULL);
    }
    bool cols = by_columns(A, ni, nj);
    const GrB_Index *L = cols ? J : I, *Xl = cols ? I : J;
    GrB_Index nx = cols ? ni : nj;
    const GG_cview *v;
    GG_cpu_ilist X = {0};
    GrB_Index *offset = NULL, *src = NULL, *keys = NULL;
    GG_coo t = {0};
    /* op0(A)'s rows are A's rows, or its columns when transposed; op0(A)'s columns the others */
    GrB_Info info = GG_cpu_rows_of(A, d->tran0 != cols, &v);
    if (info != GrB_SUCCESS) return info;
    info = GG_cpu_ilist_init(&X, Xl, nx, (d->tran0 != cols) ? A->nrows : A->ncols);
    if (info != GrB_SUCCESS) goto done;
    GG_extract_ctx c = {.v = v, .L = L, .all_lines = L == GrB_ALL, .X = &X, .nx = nx};
    GrB_Index ntasks = c.all_lines ? v->nvec : cols ? nj : ni;
    offset = GG_malloc((ntasks + 1) * sizeof(GrB_Index));
    if (offset == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    int nth = GG_cpu_nthreads(line_work(v, ntasks, c.all_lines));
    offset[0] = 0;
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index k, q;
        offset[u + 1] = task_line(&c, u, &k, &q) ? extract_line(&c, q, NULL, NULL) : 0;
    }
    for (GrB_Index u = 0; u < ntasks; u++) offset[u + 1] += offset[u];
    GrB_Index total = offset[ntasks];
    size_t size = A->type->size;
    info = GG_cpu_coo_alloc(&t, total, size);
    src = info == GrB_SUCCESS ? GG_malloc((total + 1) * sizeof(GrB_Index)) : NULL;
    /* by columns with several columns: the keys row * nj + column, to be sorted into row order */
    bool sort = cols && nj > 1;
    if (src != NULL && sort) keys = GG_malloc((total + 1) * sizeof(GrB_Index));
    if (src == NULL || (sort && keys == NULL)) {
        GG_coo_free(&t);
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    /* by rows a line's positions are T's columns, by columns its rows (or sort keys) */
    GrB_Index *pos = !cols ? t.col : sort ? keys : t.row;
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index k, q, e = offset[u];
        if (offset[u + 1] == e || !task_line(&c, u, &k, &q)) continue;
        GrB_Index n = extract_line(&c, q, pos + e, src + e);
        for (GrB_Index s = e; s < e + n; s++) {
            if (!cols)
                t.row[s] = k;
            else if (sort)
                keys[s] = keys[s] * nj + k;
            else
                t.col[s] = 0;
        }
    }
    if (sort) {
        GG_cpu_sort2(keys, src, total);
        for (GrB_Index s = 0; s < total; s++) t.row[s] = keys[s] / nj, t.col[s] = keys[s] % nj;
    }
    /* the values, in parallel chunks */
#pragma omp parallel for num_threads(nth) if (nth > 1) schedule(static)
    for (GrB_Index s = 0; s < total; s++)
        memcpy((char *)t.x + s * size, (const char *)v->x + src[s] * size, size);
done:
    GG_free(keys);
    GG_free(offset);
    GG_free(src);
    GG_cpu_ilist_free(&X);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(C, M, accum, &t, A->type, d);
}
