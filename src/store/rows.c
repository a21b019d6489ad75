/* rows.c: a matrix built from tuples sorted by rows keeps them as its CSR view, its tree owed.
 *
 * Input sorted by rows then columns without duplicates (cleaned graphs, files and exports written
 * by row) is already its CSR view: row pointers from one pass over the rows, the columns and the
 * values copied, as SuiteSparse stores it. The tree needs them in tree order, a permutation that
 * RMAT's scattered blocks make a bucket pass (Doc/performance.md, "Matrix build from input sorted
 * by rows"); so the content waits in the view (GG_container_adopt_csr: the rows of the COO owed
 * too) and the tree is built from it when a tree reader first asks, as for every CPU write-back's
 * result (store.c, tree_pay). The view is the one view_build derives from the same tuples, plain
 * or hypersparse by the same rule, so a reader sees the same view whichever way it came.
 *
 * One pass, in parallel parts of the input, checks the order, the bounds and uniqueness while it
 * copies the columns and writes the row pointers of the rows that start in its part; each value
 * block is copied (cast) right after its columns. The first part to see a tuple out of order or
 * out of range stops them all, and the build gives way to the tree build, which reports an index
 * out of range and folds duplicates (random-order input fails at its first tuples). */
#include "GG_store_private.h"

#include <stdatomic.h>

/* Tuples a part checks between looks at whether another part has already failed. */
#define ROWS_BLOCK 4096

typedef struct {
    const GrB_Index *row, *col;
    const char *x;
    GrB_Type xtype, type;
    GrB_Index n, nrows, ncols;
    GrB_Index *ptr; /* nrows + 1 pointers, or NULL when the view is hypersparse for sure */
    GrB_Index *idx;
    char *z;
    GrB_Index *starts; /* rows starting in each part */
    atomic_bool bad;
} rows_pass;

/* Checks and copies tuples [lo, hi) of part p; false at the first tuple out of order (not strictly
 * after the one before it) or out of range. A row r starting at tuple k (k = 0, or a row above the
 * previous tuple's) sets ptr[q] = k for every q in (previous row, r]: each pointer is written by
 * the first tuple at or past its row, so the parts write disjoint pointers. */
static bool rows_block(rows_pass *P, GrB_Index lo, GrB_Index hi, GrB_Index *starts)
{
    const GrB_Index *row = P->row, *col = P->col;
    GrB_Index pr = lo > 0 ? row[lo - 1] : 0, pc = lo > 0 ? col[lo - 1] : 0;
    GrB_Index k = lo, bad = 0;
    if (k == 0) {
        GrB_Index r = row[0];
        if (r >= P->nrows || col[0] >= P->ncols) return false;
        if (P->ptr != NULL)
            for (GrB_Index q = 0; q <= r; q++) P->ptr[q] = 0;
        P->idx[0] = col[0];
        pr = r;
        pc = col[0];
        ++*starts;
        k = 1;
    }
    for (; k < hi; k++) {
        GrB_Index r = row[k], j = col[k];
        if (r != pr) {
            if (r < pr || r >= P->nrows) return false;
            if (P->ptr != NULL)
                for (GrB_Index q = pr + 1; q <= r; q++) P->ptr[q] = k;
            ++*starts;
            bad |= j >= P->ncols;
        } else {
            bad |= (j <= pc) | (j >= P->ncols);
        }
        P->idx[k] = j;
        pr = r;
        pc = j;
    }
    if (bad) return false;
    size_t xs = P->xtype->size, zs = P->type->size;
    if (P->xtype == P->type)
        memcpy(P->z + lo * zs, P->x + lo * xs, (hi - lo) * zs);
    else
        GG_cast_array(P->z + lo * zs, P->type, P->x + lo * xs, P->xtype, hi - lo);
    return true;
}

/* The check and copy of part p of nparts. */
static void rows_part(rows_pass *P, int p, int nparts)
{
    GrB_Index lo = P->n * (GrB_Index)p / (GrB_Index)nparts;
    GrB_Index hi = P->n * (GrB_Index)(p + 1) / (GrB_Index)nparts, starts = 0;
    for (GrB_Index b = lo; b < hi; b += ROWS_BLOCK) {
        if (atomic_load_explicit(&P->bad, memory_order_relaxed)) return;
        GrB_Index e = hi - b < ROWS_BLOCK ? hi : b + ROWS_BLOCK;
        /* a row that starts at b itself is counted by the tuple at b (it differs from b - 1) */
        if (!rows_block(P, b, e, &starts)) {
            atomic_store_explicit(&P->bad, true, memory_order_relaxed);
            return;
        }
    }
    P->starts[p] = starts;
}

/* Part p's nonempty rows into vec and ptr from slot `slot` on: the hypersparse view's lists. */
static void rows_list(const rows_pass *P, int p, int nparts, GrB_Index slot, GrB_Index *vec,
                      GrB_Index *ptr)
{
    GrB_Index lo = P->n * (GrB_Index)p / (GrB_Index)nparts;
    GrB_Index hi = P->n * (GrB_Index)(p + 1) / (GrB_Index)nparts;
    for (GrB_Index k = lo; k < hi; k++) {
        if (k > 0 && P->row[k] == P->row[k - 1]) continue;
        vec[slot] = P->row[k];
        ptr[slot++] = k;
    }
}

/* The hypersparse lists of the nonempty rows from the plain pointers (nrows + 1 of them). */
static void rows_compact(const GrB_Index *ptr, GrB_Index nrows, GrB_Index *vec, GrB_Index *hptr)
{
    GrB_Index s = 0;
    for (GrB_Index i = 0; i < nrows; i++) {
        if (ptr[i] == ptr[i + 1]) continue;
        vec[s] = i;
        hptr[s++] = ptr[i];
    }
    hptr[s] = ptr[nrows];
}

GrB_Info GG_mat_build_rows(GG_container *c, const GrB_Index *row, const GrB_Index *col,
                           const void *x, GrB_Type xtype, GrB_Index n, GrB_BinaryOp dup)
{
    /* a dup operator of another type than c's casts every value through its own */
    if (n == 0 || (dup != NULL && dup->ztype != c->type)) return GrB_NO_VALUE;
    /* input out of order at its start (random order) allocates nothing */
    GrB_Index probe = n < 64 ? n : 64;
    for (GrB_Index k = 1; k < probe; k++)
        if (row[k] < row[k - 1] || (row[k] == row[k - 1] && col[k] <= col[k - 1]))
            return GrB_NO_VALUE;

    GrB_Index nrows = c->nrows;
    bool counted = GG_view_dim_counted(nrows, n);
    int nparts = GG_nthreads_for(n);
    rows_pass P = {row, col, x, xtype, c->type, n, nrows, c->ncols, NULL, NULL, NULL, NULL, false};
    P.idx = GG_huge(GG_store_alloc(n, sizeof(GrB_Index)), n * sizeof(GrB_Index));
    P.z = GG_huge(GG_store_alloc(n, c->type->size), n * c->type->size);
    P.starts = GG_calloc((size_t)nparts, sizeof(GrB_Index));
    if (counted) P.ptr = GG_store_alloc(nrows + 1, sizeof(GrB_Index));
    GG_cview v = {0};
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (P.idx == NULL || P.z == NULL || P.starts == NULL || (counted && P.ptr == NULL)) goto done;

    if (nparts == 1) {
        rows_part(&P, 0, 1);
    } else {
#pragma omp parallel for num_threads(nparts) schedule(static, 1)
        for (int p = 0; p < nparts; p++) rows_part(&P, p, nparts);
    }
    info = GrB_NO_VALUE;
    if (atomic_load(&P.bad)) goto done;

    GrB_Index nonempty = 0;
    for (int p = 0; p < nparts; p++) nonempty += P.starts[p];
    info = GrB_OUT_OF_MEMORY;
    if (counted && !GG_view_is_hyper(nrows, nonempty)) {
        /* the rows after the last one start past the end */
        for (GrB_Index q = row[n - 1] + 1; q <= nrows; q++) P.ptr[q] = n;
        v.nvec = nrows;
        v.ptr = P.ptr;
        P.ptr = NULL;
    } else {
        v.nvec = nonempty;
        v.vec = GG_store_alloc(nonempty, sizeof(GrB_Index));
        v.ptr = GG_store_alloc(nonempty + 1, sizeof(GrB_Index));
        if (v.vec == NULL || v.ptr == NULL) goto done;
        if (counted) {
            for (GrB_Index q = row[n - 1] + 1; q <= nrows; q++) P.ptr[q] = n;
            rows_compact(P.ptr, nrows, v.vec, v.ptr);
        } else {
            GrB_Index slot = 0;
            for (int p = 0; p < nparts; p++) {
                GrB_Index s = P.starts[p];
                P.starts[p] = slot;
                slot += s;
            }
#pragma omp parallel for num_threads(nparts) schedule(static, 1)
            for (int p = 0; p < nparts; p++) rows_list(&P, p, nparts, P.starts[p], v.vec, v.ptr);
            v.ptr[nonempty] = n;
        }
    }
    v.idx = P.idx;
    v.x = P.z;
    GG_free(P.starts);
    GG_free(P.ptr);
    /* frees the view's arrays itself when it fails */
    return GG_container_adopt_csr(c, &v, NULL);

done:
    GG_free(P.idx);
    GG_free(P.z);
    GG_free(P.starts);
    GG_free(P.ptr);
    GG_free(v.vec);
    GG_free(v.ptr);
    return info;
}
