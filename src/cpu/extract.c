/* extract.c: the CPU extract slot, C<M> = accum(C, op0(A)(I, J)). Row k of T is row I[k] of
 * op0(A) with its columns renamed through J (duplicates in I or J repeat entries). Each row is
 * found by search, never by scanning the dimension, and its columns are matched either by
 * scanning the row against the inverted J or, when J is the shorter, by searching the row for each
 * J[l]. Rows are counted in parallel, then filled at their offsets. A vector input is gathered in
 * its form (GG_cpu_vextract): a bitmap or full one by direct reads, a sparse one by a search per
 * listed index. */
#include "GG_cpu_vec.h"

typedef struct {
    const GG_cview *v;    /* the rows of op0(A) */
    const GrB_Index *I;
    bool all_rows;        /* I is GrB_ALL: T's rows are the view's vectors */
    const GG_cpu_ilist *J;
    GrB_Index nj;
} GG_extract_ctx;

/* Task u: T's row *k, taken from vector *q of the view; false when that row of op0(A) is absent. */
static bool task_row(const GG_extract_ctx *c, GrB_Index u, GrB_Index *k, GrB_Index *q)
{
    if (c->all_rows) {
        *q = u;
        *k = c->v->vec == NULL ? u : c->v->vec[u];
        return true;
    }
    *k = u;
    return GG_cpu_cview_find(c->v, c->I[u], q);
}

/* Searching the row for each J[l] costs nj log(len); scanning it len log(nj). */
static bool probe_each_j(const GG_extract_ctx *c, GrB_Index len)
{
    return c->nj < len;
}

/* The first p in [lo, hi) with idx[p] >= j. */
static GrB_Index row_search(const GrB_Index *idx, GrB_Index lo, GrB_Index hi, GrB_Index j)
{
    while (lo < hi) {
        GrB_Index mid = lo + (hi - lo) / 2;
        if (idx[mid] < j)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Entries of T's row for vector q; with col non-NULL writes columns to col and source positions
 * to src (both from offset 0), sorted by column. */
static GrB_Index extract_row(const GG_extract_ctx *c, GrB_Index q, GrB_Index *col, GrB_Index *src)
{
    const GrB_Index *idx = c->v->idx;
    GrB_Index lo = c->v->ptr[q], hi = c->v->ptr[q + 1], n = 0;
    if (probe_each_j(c, hi - lo)) {
        for (GrB_Index l = 0; l < c->nj; l++) {
            GrB_Index j = GG_cpu_index(c->J->I, l);
            GrB_Index p = row_search(idx, lo, hi, j);
            if (p == hi || idx[p] != j) continue;
            if (col != NULL) col[n] = l, src[n] = p;
            n++;
        }
        return n;
    }
    for (GrB_Index p = lo; p < hi; p++) {
        GrB_Index first, count = GG_cpu_ilist_find(c->J, idx[p], &first);
        if (col != NULL)
            for (GrB_Index r = 0; r < count; r++)
                col[n + r] = GG_cpu_ilist_pos(c->J, first + r), src[n + r] = p;
        n += count;
    }
    if (col != NULL && !c->J->sorted) GG_cpu_sort2(col, src, n);
    return n;
}

/* ---- a vector in its form ------------------------------------------------------------------------ */

GrB_Info GG_cpu_vextract(GG_vdata *T, const GG_vdata *U, const GrB_Index *I, GrB_Index ni)
{
    size_t size = U->size, us = GG_vstride(U);
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
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : count)
        for (GrB_Index k = 0; k < ni; k++) {
            GrB_Index i = GG_cpu_index(I, k);
            if (!full) {
                T->b[k] = U->b[i];
                count += U->b[i];
            }
            if (!U->iso) GG_cpu_copy((char *)T->x + k * size, (const char *)U->x + i * size, size);
        }
        if (!full) T->nvals = count;
        return GrB_SUCCESS;
    }
    if (all) {
        GrB_Info info = GG_vdata_alloc(T, ni, size, GG_VF_SPARSE, U->nvals, U->iso);
        if (info != GrB_SUCCESS) return info;
        if (U->nvals > 0) memcpy(T->i, U->i, U->nvals * sizeof(uint64_t));
        memcpy(T->x, U->x, GG_vdata_nx(U) * size);
        return GrB_SUCCESS;
    }
    /* a sparse U: each listed index searched, counted per chunk, then written at its offset */
    uint64_t *count = GG_calloc((size_t)nth + 1, sizeof(uint64_t));
    if (count == NULL) return GrB_OUT_OF_MEMORY;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int c = 0; c < nth; c++) {
        GG_cpu_vcur cur = GG_cpu_vcur_make(U);
        uint64_t n = 0, q;
        for (GrB_Index k = ni * c / nth; k < ni * (c + 1) / nth; k++) n += GG_cpu_vcur_find(&cur, I[k], &q);
        count[c + 1] = n;
    }
    for (int c = 0; c < nth; c++) count[c + 1] += count[c];
    GrB_Info info = GG_vdata_alloc(T, ni, size, GG_VF_SPARSE, count[nth], U->iso);
    if (info == GrB_SUCCESS) {
        if (U->iso) memcpy(T->x, U->x, size);
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int c = 0; c < nth; c++) {
            GG_cpu_vcur cur = GG_cpu_vcur_make(U);
            uint64_t e = count[c], q;
            for (GrB_Index k = ni * c / nth; k < ni * (c + 1) / nth; k++) {
                if (!GG_cpu_vcur_find(&cur, I[k], &q)) continue;
                T->i[e] = k;
                if (!U->iso) GG_cpu_copy((char *)T->x + e * size, (const char *)U->x + q * us, size);
                e++;
            }
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
    const GG_cview *v;
    GG_cpu_ilist LJ = {0};
    GrB_Index *offset = NULL, *src = NULL;
    GG_coo t = {0};
    GrB_Info info = GG_cpu_rows_of(A, d->tran0, &v);
    if (info != GrB_SUCCESS) return info;
    info = GG_cpu_ilist_init(&LJ, J, nj, d->tran0 ? A->nrows : A->ncols);
    if (info != GrB_SUCCESS) goto done;
    GG_extract_ctx c = {.v = v, .I = I, .all_rows = I == GrB_ALL, .J = &LJ, .nj = nj};
    GrB_Index ntasks = c.all_rows ? v->nvec : ni;
    offset = GG_malloc((ntasks + 1) * sizeof(GrB_Index));
    if (offset == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    int nth = GG_cpu_nthreads(ntasks + v->ptr[v->nvec]);
    offset[0] = 0;
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index k, q;
        offset[u + 1] = task_row(&c, u, &k, &q) ? extract_row(&c, q, NULL, NULL) : 0;
    }
    for (GrB_Index u = 0; u < ntasks; u++) offset[u + 1] += offset[u];
    GrB_Index total = offset[ntasks];
    size_t size = A->type->size;
    info = GG_cpu_coo_alloc(&t, total, size);
    src = info == GrB_SUCCESS ? GG_malloc((total + 1) * sizeof(GrB_Index)) : NULL;
    if (src == NULL) {
        GG_coo_free(&t);
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index k, q, e = offset[u];
        if (offset[u + 1] == e || !task_row(&c, u, &k, &q)) continue;
        GrB_Index n = extract_row(&c, q, t.col + e, src + e);
        for (GrB_Index s = e; s < e + n; s++) {
            t.row[s] = k;
            memcpy((char *)t.x + s * size, (const char *)v->x + src[s] * size, size);
        }
    }
done:
    GG_free(offset);
    GG_free(src);
    GG_cpu_ilist_free(&LJ);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(C, M, accum, &t, A->type, d);
}
