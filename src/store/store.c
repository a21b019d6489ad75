/* store.c: the container calls of GG_internal.h: lifecycle, the log of pending single-element
 * updates, the views built on demand and cached until the next write, and the content of a
 * matrix. A matrix holds a HiSparse tree (c->hs); its sorted row-major tuples (c->store) are a
 * cached COO view of the tree, and CSR/CSC views come from that COO when it is cached, else from
 * the tree (Doc/hisparse.md, "Canonical storage"). A matrix whose content was adopted as tuples
 * (every CPU write-back) holds them alone, its tree owed (c->tree_owed): the tree is built from
 * them when a tree reader first asks (tree_pay), so content read only through views never
 * builds one. The pending log is empty while a tree is owed: an element write pays it first. A vector's content is a GG_vdata with a
 * residency state (vector.c, Doc/vector-forms.md); each call here hands a vector to its vector.c
 * half, and the views of a vector are derived from the COO view vector.c builds.
 *
 * Invariants: a matrix's cached CSR/CSC view lists the tree's entries (a logged write keeps it,
 * since the tree is unchanged; installing a tree or updating a tree value in place drops it; every
 * view reader assembles first), so the line reads of GrB_Row_assign and GrB_Col_assign can use
 * it with the log's entries of that line on top (mlog.c); a vector's views exist only while its
 * log is empty; a matrix's cached COO, when present, lists exactly
 * the tree's entries; a tree's structure is never modified once built (a write installs a new
 * one, since pools may be shared by dup and transpose; only a value of an unshared pool may be
 * updated in place); all allocations happen before anything is replaced,
 * so an out-of-memory failure leaves the container as it was. */
#include "GG_hisparse.h"
#include "GG_store_private.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- small helpers ------------------------------------------------------------------------------ */

static int pos_cmp(GrB_Index i1, GrB_Index j1, GrB_Index i2, GrB_Index j2)
{
    if (i1 != i2) return i1 < i2 ? -1 : 1;
    if (j1 != j2) return j1 < j2 ? -1 : 1;
    return 0;
}

/* The sort is stable, so equal positions keep their input order. */
typedef GG_sort_key sort_key;

#define RADIX_BITS 11
#define RADIX_SIZE (1 << RADIX_BITS)

/* The radix digit of a key at `shift` within its column (field 0) or row (field 1). */
static inline size_t digit(const sort_key *k, int field, int shift)
{
    return (size_t)(((field == 0 ? k->col : k->row) >> shift) & (RADIX_SIZE - 1));
}

/* Sorts keys[0..n) by (row, col), stably: insertion sort for short runs, else an LSD radix sort
 * (11 bits a pass, only over the bits in use, skipping passes where all digits agree), O(n) per
 * pass with one scratch array. *keys may be replaced by the scratch array. */
GrB_Info GG_sort_keys(sort_key **keys, GrB_Index n)
{
    sort_key *a = *keys;
    if (n <= 32) {
        for (GrB_Index k = 1; k < n; k++) {
            sort_key t = a[k];
            GrB_Index m = k;
            for (; m > 0 && pos_cmp(t.row, t.col, a[m - 1].row, a[m - 1].col) < 0; m--)
                a[m] = a[m - 1];
            a[m] = t;
        }
        return GrB_SUCCESS;
    }
    GrB_Index used[2] = {0, 0}; /* the bits in use by col, then row */
    for (GrB_Index k = 0; k < n; k++) {
        used[0] |= a[k].col;
        used[1] |= a[k].row;
    }
    sort_key *src = a, *dst = GG_store_alloc(n, sizeof *dst);
    GrB_Index *count = GG_malloc(RADIX_SIZE * sizeof *count);
    if (dst == NULL || count == NULL) {
        GG_free(dst);
        GG_free(count);
        return GrB_OUT_OF_MEMORY;
    }
    for (int field = 0; field < 2; field++) {
        for (int shift = 0; shift < 64 && (used[field] >> shift) != 0; shift += RADIX_BITS) {
            memset(count, 0, RADIX_SIZE * sizeof *count);
            for (GrB_Index k = 0; k < n; k++) count[digit(&src[k], field, shift)]++;
            if (count[digit(&src[0], field, shift)] == n) continue;
            for (GrB_Index d = 0, sum = 0; d < RADIX_SIZE; d++) {
                GrB_Index c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (GrB_Index k = 0; k < n; k++) dst[count[digit(&src[k], field, shift)]++] = src[k];
            sort_key *t = src;
            src = dst;
            dst = t;
        }
    }
    GG_free(count);
    GG_free(dst);
    *keys = src;
    return GrB_SUCCESS;
}

bool GG_coo_alloc(GG_coo *t, GrB_Index n, size_t size)
{
    memset(t, 0, sizeof *t);
    t->n = n;
    if (n == 0) return true;
    t->row = GG_store_alloc(n, sizeof(GrB_Index));
    t->col = GG_store_alloc(n, sizeof(GrB_Index));
    t->x = GG_store_alloc(n, size);
    if (t->row != NULL && t->col != NULL && t->x != NULL) return true;
    GG_coo_free(t);
    return false;
}

void GG_coo_free(GG_coo *t)
{
    GG_free(t->row);
    GG_free(t->col);
    GG_free(t->x);
    memset(t, 0, sizeof *t);
}

/* Position of (i, j) in the store, or of the first tuple after it; *found says which. */
static GrB_Index store_find(const GG_coo *t, GrB_Index i, GrB_Index j, bool *found)
{
    GrB_Index lo = 0, hi = t->n;
    while (lo < hi) {
        GrB_Index mid = lo + (hi - lo) / 2;
        if (pos_cmp(t->row[mid], t->col[mid], i, j) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = lo < t->n && t->row[lo] == i && t->col[lo] == j;
    return lo;
}

void GG_pending_free(GG_pending *p)
{
    GG_mlog_ix_free(p);
    GG_free(p->row);
    GG_free(p->col);
    GG_free(p->x);
    GG_free(p->del);
    memset(p, 0, sizeof *p);
}

static bool is_matrix(const GG_container *c)
{
    return c->h.kind == GG_KIND_MATRIX;
}

/* A CSR view built from the store shares idx and x with it; one built from the tree, and every
 * CSC view, owns all its arrays. */
void GG_views_drop(GG_container *c)
{
    GG_device_drop(c);
    /* a matrix's content is on the host once its mirror is gone: every caller made the host tree
     * current first (host_ready) or is replacing the content */
    if (is_matrix(c)) c->res = GG_RES_HOST;
    if (c->csr != NULL) {
        GG_free(c->csr->vec);
        GG_free(c->csr->ptr);
        if (c->csr_owned) {
            GG_free(c->csr->idx);
            GG_free(c->csr->x);
        }
        GG_free(c->csr);
        c->csr = NULL;
        c->csr_owned = false;
    }
    if (c->csc != NULL) {
        GG_free(c->csc->vec);
        GG_free(c->csc->ptr);
        GG_free(c->csc->idx);
        GG_free(c->csc->x);
        GG_free(c->csc);
        c->csc = NULL;
    }
}

/* ---- the tree of a matrix ------------------------------------------------------------------------ */

/* With GRAPHBLAS_GPU_CHECK set (not empty, not "0"; read once), every tree the store receives is
 * verified and a broken one aborts, so a failing invariant fails the tests: the test setup of
 * meson.build and fuzz/run.sh set it. The check is serial and walks the whole tree, so it stays
 * out of benchmarks and applications in every build type (Doc/decisions.md, "The tree checker"). */
static bool tree_check_wanted(void)
{
    static _Atomic int wanted = -1;
    int w = atomic_load_explicit(&wanted, memory_order_relaxed);
    if (w < 0) {
        const char *e = getenv("GRAPHBLAS_GPU_CHECK");
        w = e != NULL && e[0] != '\0' && strcmp(e, "0") != 0;
        atomic_store_explicit(&wanted, w, memory_order_relaxed);
    }
    return w;
}

static void tree_verify(const GG_hs_matrix *hs)
{
    if (!tree_check_wanted()) return;
    char msg[256] = "";
    /* a check that runs out of memory itself (failure injection) has found nothing */
    if (GG_hs_check(hs, msg, sizeof msg) == GrB_INVALID_OBJECT) {
        fprintf(stderr, "GraphBLAS_gpu: HiSparse invariant violated after a build: %s\n", msg);
        abort();
    }
}

/* Makes the host tree of a matrix current when its content is on the device only (GG_store.h):
 * one copy of the device pool, laid out as the host's. c->lock held. */
static GrB_Info host_ready(GG_container *c)
{
    if (c->res & GG_RES_HOST) return GrB_SUCCESS;
    GG_hs_matrix hs;
    GrB_Info info = GG_device_mat_download(c, &hs);
    if (info != GrB_SUCCESS) return info;
    tree_verify(&hs);
    GG_hs_free(&c->hs);
    c->hs = hs;
    c->coo_cached = hs.nvals == 0;
    c->res |= GG_RES_HOST;
    return GrB_SUCCESS;
}

void GG_mat_device_written(GG_container *c)
{
    GG_container_clear(c);
    c->coo_cached = false; /* the empty stand-in tree does not describe the content */
    c->res = GG_RES_DEVICE;
}

/* Builds c's tree from tuples into *out. */
static GrB_Info tree_build_tuples(const GG_container *c, const GG_hs_tuples *tu, GrB_BinaryOp dup,
                                  GG_hs_matrix *out)
{
    GrB_Info info = GG_hs_build(out, c->type, c->nrows, c->ncols, tu, dup, 0);
    if (info == GrB_SUCCESS) tree_verify(out);
    return info;
}

/* The tree of `t` (sorted, unique, of c's type). */
static GrB_Info tree_build(const GG_container *c, const GG_coo *t, GG_hs_matrix *out)
{
    GG_hs_tuples tu = {t->row, t->col, t->x, c->type, false, t->n};
    return tree_build_tuples(c, &tu, NULL, out);
}

/* Installs `t` (sorted, unique, of c's type) as the content of matrix c with its tree owed,
 * releasing the previous content, log and views; t is left empty. */
static void coo_install(GG_container *c, GG_coo *t)
{
    GG_container_clear(c);
    c->store = *t;
    memset(t, 0, sizeof *t);
    c->tree_owed = c->store.n > 0;
}

/* Fills the COO's rows from the cached CSR view when an adoption left them owed (c->lock held).
 * Rows of entries are owed only while that view is cached: every path that drops the view
 * without clearing the content pays the tree first (host_tree), which pays the rows; an empty
 * content (no tree owed) reads no view. */
static GrB_Info rows_pay(GG_container *c)
{
    if (!c->rows_owed) return GrB_SUCCESS;
    GrB_Index *row = GG_store_alloc(c->store.n, sizeof(GrB_Index));
    if (row == NULL) return GrB_OUT_OF_MEMORY;
    const GG_cview *v = c->csr;
    const GrB_Index nvec = c->store.n > 0 ? v->nvec : 0;
    int nth = GG_nthreads_for(c->store.n + nvec);
#pragma omp parallel for num_threads(nth) schedule(static)
    for (GrB_Index k = 0; k < nvec; k++) {
        GrB_Index i = v->vec != NULL ? v->vec[k] : k;
        for (GrB_Index p = v->ptr[k]; p < v->ptr[k + 1]; p++) row[p] = i;
    }
    c->store.row = row;
    c->rows_owed = false;
    return GrB_SUCCESS;
}

/* Builds the tree that c's content owes (c->lock held). The cached COO and views stay: they list
 * the same entries. */
static GrB_Info tree_pay(GG_container *c)
{
    if (!c->tree_owed) return GrB_SUCCESS;
    GG_hs_matrix hs;
    GrB_Info info = rows_pay(c);
    if (info != GrB_SUCCESS) return info;
    info = tree_build(c, &c->store, &hs);
    if (info != GrB_SUCCESS) return info;
    GG_hs_free(&c->hs);
    c->hs = hs;
    c->tree_owed = false;
    return GrB_SUCCESS;
}

/* The host tree current and built, for a writer through the log (which is relative to it). */
static GrB_Info host_tree(GG_container *c)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = host_ready(c);
    if (info == GrB_SUCCESS) info = tree_pay(c);
    pthread_mutex_unlock(&c->lock);
    return info;
}

/* Entries of matrix c with its log assembled, whether its tree is built or owed. */
static GrB_Index content_nvals(const GG_container *c)
{
    return c->tree_owed ? c->store.n : c->hs.nvals;
}

/* Makes c->store the tree's COO (a matrix whose pending log is assembled). */
static GrB_Info coo_cache(GG_container *c)
{
    if (c->coo_cached) return GrB_SUCCESS;
    GG_coo t;
    GrB_Info info = GG_hs_to_coo(&c->hs, &t);
    if (info != GrB_SUCCESS) return info;
    c->store = t;
    c->coo_cached = true;
    return GrB_SUCCESS;
}

/* Installs tree `hs` as the content of matrix c, releasing the previous content, log and views
 * (the COO view is derived on demand). */
static void tree_install(GG_container *c, GG_hs_matrix *hs)
{
    GG_container_clear(c);
    c->hs = *hs;
    c->coo_cached = false;
}

/* ---- lifecycle ----------------------------------------------------------------------------------- */

GrB_Info GG_container_init(GG_container *c, GrB_Type type, GrB_Index nrows, GrB_Index ncols)
{
    c->type = type;
    c->nrows = nrows;
    c->ncols = ncols;
    memset(&c->store, 0, sizeof c->store);
    memset(&c->pending, 0, sizeof c->pending);
    c->csr = NULL;
    c->csc = NULL;
    c->dev = NULL;
    c->orientation_hint = GrB_ROWMAJOR;
    GG_hs_init(&c->hs, type, nrows, ncols);
    GG_vdata_init(&c->v, nrows, type->size);
    c->res = GG_RES_HOST;
    c->dv = NULL;
    /* a matrix's empty store lists its empty tree; a vector's COO view is derived on demand */
    c->coo_cached = is_matrix(c);
    c->tree_owed = false;
    c->csr_owned = false;
    c->rows_owed = false;
    return pthread_mutex_init(&c->lock, NULL) == 0 ? GrB_SUCCESS : GrB_OUT_OF_MEMORY;
}

void GG_container_clear(GG_container *c)
{
    if (!is_matrix(c)) {
        GG_vstore_clear(c);
        return;
    }
    GG_views_drop(c);
    GG_coo_free(&c->store);
    GG_pending_free(&c->pending);
    GG_hs_free(&c->hs);
    GG_hs_init(&c->hs, c->type, c->nrows, c->ncols);
    c->coo_cached = true;
    c->tree_owed = false;
    c->rows_owed = false;
}

void GG_container_free_content(GG_container *c)
{
    GG_container_clear(c);
    pthread_mutex_destroy(&c->lock);
}

/* ---- assembly of pending updates ---------------------------------------------------------------- */

/* Merges the store with the surviving log entries keys[0..g). With out == NULL only counts the
 * result. */
static GrB_Index merge(const GG_container *c, const sort_key *keys, GrB_Index g, GG_coo *out)
{
    const GG_coo *s = &c->store;
    const GG_pending *p = &c->pending;
    size_t size = c->type->size;
    GrB_Index a = 0, k = 0, m = 0;
    while (a < s->n || k < g) {
        int cmp = a == s->n ? 1 : k == g ? -1
                                         : pos_cmp(s->row[a], s->col[a], keys[k].row, keys[k].col);
        GrB_Index i, j;
        const char *src;
        if (cmp < 0) {
            i = s->row[a];
            j = s->col[a];
            src = (const char *)s->x + a * size;
            a++;
        } else {
            if (cmp == 0) a++;
            GrB_Index q = keys[k++].seq;
            if (p->del[q]) continue;
            i = p->row[q];
            j = p->col[q];
            src = (const char *)p->x + q * size;
        }
        if (out != NULL) {
            out->row[m] = i;
            out->col[m] = j;
            memcpy((char *)out->x + m * size, src, size);
        }
        m++;
    }
    return m;
}

GrB_Info GG_pending_survivors(const GG_pending *p, sort_key **keys, GrB_Index *g)
{
    sort_key *k = GG_store_alloc(p->n, sizeof *k);
    if (k == NULL) return GrB_OUT_OF_MEMORY;
    for (GrB_Index q = 0; q < p->n; q++) k[q] = (sort_key){p->row[q], p->col[q], q};
    if (GG_sort_keys(&k, p->n) != GrB_SUCCESS) {
        GG_free(k);
        return GrB_OUT_OF_MEMORY;
    }
    GrB_Index m = 0;
    for (GrB_Index q = 0; q < p->n; q++) {
        bool superseded = q + 1 < p->n && k[q + 1].row == k[q].row && k[q + 1].col == k[q].col;
        if (!superseded) k[m++] = k[q];
    }
    *keys = k;
    *g = m;
    return GrB_SUCCESS;
}

/* Applies a matrix's log in call order: a stable sort by position, so the last operation on a
 * position wins, then one merge with the tree's COO; linear in n stored plus p pending entries
 * (the radix sort makes a few passes over the log). The result is the new content, its tree
 * owed. */
static GrB_Info assemble(GG_container *c)
{
    GG_pending *p = &c->pending;
    GrB_Info info = host_ready(c);
    if (info != GrB_SUCCESS || p->n == 0) return info;
    if (coo_cache(c) != GrB_SUCCESS) return GrB_OUT_OF_MEMORY;
    sort_key *keys;
    GrB_Index g;
    if (GG_pending_survivors(p, &keys, &g) != GrB_SUCCESS) return GrB_OUT_OF_MEMORY;
    GG_coo out;
    if (!GG_coo_alloc(&out, merge(c, keys, g, NULL), c->type->size)) {
        GG_free(keys);
        return GrB_OUT_OF_MEMORY;
    }
    merge(c, keys, g, &out);
    GG_free(keys);
    coo_install(c, &out);
    return GrB_SUCCESS;
}

/* Brings c's content up to date for a reader on the host (c->lock held). */
static GrB_Info prepare(GG_container *c)
{
    return is_matrix(c) ? assemble(c) : GG_vstore_ready_locked(c);
}

GrB_Info GG_container_wait(GG_container *c)
{
    pthread_mutex_lock(&c->lock);
    /* device content: a vector with a current device copy, a matrix with no host tree (whose log
     * is empty), which waiting must not bring to the host */
    bool device = is_matrix(c) ? !(c->res & GG_RES_HOST) : (c->res & GG_RES_DEVICE) != 0;
    GrB_Info info = (is_matrix(c) && !device) || c->pending.n > 0 ? prepare(c) : GrB_SUCCESS;
    pthread_mutex_unlock(&c->lock);
    /* device-written content is complete once the device work queued for it has run */
    if (info == GrB_SUCCESS && device) info = GG_device_sync();
    return info;
}

GrB_Info GG_container_nvals(GG_container *c, GrB_Index *nvals)
{
    if (!is_matrix(c)) return GG_vec_nvals(c, nvals);
    /* an indexed log counts what it adds and removes, so it needs no assembly; an unindexed one
     * (setElement/removeElement only) is assembled, as any full read does (the lock: a concurrent
     * reader may be assembling) */
    pthread_mutex_lock(&c->lock);
    GrB_Info info;
    if (!(c->res & GG_RES_HOST)) {
        /* a device-written matrix answers from its device tree, without bringing it to the host
         * (a host write brings it there first, so it has no log) */
        info = GG_device_mat_nvals(c, nvals);
    } else {
        info = c->pending.ix == NULL ? assemble(c) : GrB_SUCCESS;
        if (info == GrB_SUCCESS) *nvals = (GrB_Index)((int64_t)content_nvals(c) + GG_mlog_dnvals(c));
    }
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_container_get(GG_container *c, GrB_Index i, GrB_Index j, void *x, GrB_Type xtype)
{
    if (!is_matrix(c)) return GG_vstore_get(c, i, x, xtype);
    /* a position in an indexed log is read from it, any other from the tree; an unindexed log is
     * assembled first, as for nvals */
    pthread_mutex_lock(&c->lock);
    GrB_Index q;
    GrB_Info info = c->pending.ix == NULL ? assemble(c) : GrB_SUCCESS;
    if (info != GrB_SUCCESS) {
        /* out of memory indexing the log: nothing read */
    } else if (c->tree_owed && (info = rows_pay(c)) != GrB_SUCCESS) {
        /* out of memory filling the rows: nothing read */
    } else if (c->tree_owed) {
        /* no log while a tree is owed: the entry, if any, is in the tuples */
        bool found;
        GrB_Index pos = store_find(&c->store, i, j, &found);
        GG_caster cast = GG_caster_make(xtype, c->type);
        if (found) GG_caster_apply(&cast, x, (const char *)c->store.x + pos * c->type->size);
        info = found ? GrB_SUCCESS : GrB_NO_VALUE;
    } else if (!GG_mlog_find(c, i, j, &q)) {
        info = GG_hs_get(&c->hs, i, j, x, xtype);
    } else if (c->pending.del[q]) {
        info = GrB_NO_VALUE;
    } else {
        GG_caster cast = GG_caster_make(xtype, c->type);
        GG_caster_apply(&cast, x, (const char *)c->pending.x + q * c->type->size);
    }
    pthread_mutex_unlock(&c->lock);
    return info;
}

/* Positions of GG_container_get_many per batch of the log's lookups, and per thread's share. */
#define GET_BATCH 512

/* found, and the values into x (NULL: presence only), of positions [lo, hi) of `at` (c->lock
 * held, its log indexed or empty, no rows owed). False when a lookup ran out of memory. */
static bool get_batch(const GG_container *c, const GG_coo *at, GrB_Index lo, GrB_Index hi,
                      void *x, GrB_Type xtype, bool *found)
{
    size_t size = c->type->size, xs = x != NULL ? xtype->size : 0;
    GG_caster cast = GG_caster_make(x != NULL ? xtype : c->type, c->type);
    GrB_Index q[GET_BATCH];
    if (!c->tree_owed) GG_mlog_find_many(c, hi - lo, at->row + lo, at->col + lo, q);
    for (GrB_Index k = lo; k < hi; k++) {
        GrB_Index i = at->row[k], j = at->col[k];
        void *xk = (char *)x + k * xs;
        const void *from = NULL;
        if (c->tree_owed) {
            /* no log while a tree is owed: the entry, if any, is in the tuples */
            GrB_Index pos = store_find(&c->store, i, j, &found[k]);
            from = (const char *)c->store.x + pos * size;
        } else if (q[k - lo] != UINT64_MAX) {
            found[k] = !c->pending.del[q[k - lo]];
            from = (const char *)c->pending.x + q[k - lo] * size;
        } else if (x == NULL) {
            found[k] = GG_hs_has(&c->hs, i, j);
            continue;
        } else {
            GrB_Info info = GG_hs_get(&c->hs, i, j, xk, xtype);
            if (info != GrB_SUCCESS && info != GrB_NO_VALUE) return false;
            found[k] = info == GrB_SUCCESS;
            continue;
        }
        if (found[k] && x != NULL) GG_caster_apply(&cast, xk, from);
    }
    return true;
}

GrB_Info GG_container_get_many(GG_container *c, const GG_coo *at, void *x, GrB_Type xtype,
                               bool *found)
{
    pthread_mutex_lock(&c->lock);
    /* an unindexed log is assembled first, as for GG_container_get */
    GrB_Info info = c->pending.ix == NULL ? assemble(c) : GrB_SUCCESS;
    if (info == GrB_SUCCESS && c->tree_owed) info = rows_pay(c);
    if (info == GrB_SUCCESS) {
        GrB_Index n = at->n, nb = (n + GET_BATCH - 1) / GET_BATCH;
        /* a lookup costs several steps of a pass over memory */
        int nth = GG_nthreads_for(8 * n);
        _Atomic int failed = 0;
#pragma omp parallel for num_threads(nth) schedule(static)
        for (GrB_Index b = 0; b < nb; b++) {
            GrB_Index hi = (b + 1) * GET_BATCH < n ? (b + 1) * GET_BATCH : n;
            if (!get_batch(c, at, b * GET_BATCH, hi, x, xtype, found)) failed = 1;
        }
        if (failed) info = GrB_OUT_OF_MEMORY;
    }
    pthread_mutex_unlock(&c->lock);
    return info;
}

/* A matrix's copy shares the tree (copy-on-write: trees are never modified, so the first write
 * to either side installs a tree of its own), or copies the tuples of a content whose tree is
 * owed (three copies cost less than the build); a vector's copies its content. */
GrB_Info GG_container_dup(GG_container *dst, GG_container *src)
{
    dst->orientation_hint = src->orientation_hint;
    if (!is_matrix(src)) return GG_vstore_dup(dst, src);
    pthread_mutex_lock(&src->lock);
    GrB_Info info = assemble(src);
    if (info == GrB_SUCCESS && src->tree_owed) info = rows_pay(src);
    if (info == GrB_SUCCESS && src->tree_owed) {
        const GG_coo *s = &src->store;
        GG_coo t;
        if (GG_coo_alloc(&t, s->n, src->type->size)) {
            memcpy(t.row, s->row, s->n * sizeof(GrB_Index));
            memcpy(t.col, s->col, s->n * sizeof(GrB_Index));
            memcpy(t.x, s->x, s->n * src->type->size);
            coo_install(dst, &t);
        } else {
            info = GrB_OUT_OF_MEMORY;
        }
    } else if (info == GrB_SUCCESS) {
        GG_hs_free(&dst->hs);
        GG_hs_share(&dst->hs, &src->hs);
        dst->coo_cached = src->hs.nvals == 0;
    }
    pthread_mutex_unlock(&src->lock);
    return info;
}

/* A matrix's content is remade for the new dimensions (a tree's height depends on them) from its
 * entries inside them, its tree owed. */
static GrB_Info resize_matrix(GG_container *c, GrB_Index nrows, GrB_Index ncols)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = assemble(c);
    if (info == GrB_SUCCESS) info = coo_cache(c);
    if (info == GrB_SUCCESS) info = rows_pay(c);
    pthread_mutex_unlock(&c->lock);
    if (info != GrB_SUCCESS) return info;
    const GG_coo *s = &c->store;
    size_t size = c->type->size;
    GrB_Index m = 0;
    for (GrB_Index k = 0; k < s->n; k++) m += s->row[k] < nrows && s->col[k] < ncols;
    GG_coo t;
    if (!GG_coo_alloc(&t, m, size)) return GrB_OUT_OF_MEMORY;
    for (GrB_Index k = 0, q = 0; k < s->n; k++) {
        if (s->row[k] >= nrows || s->col[k] >= ncols) continue;
        t.row[q] = s->row[k];
        t.col[q] = s->col[k];
        memcpy((char *)t.x + q * size, (const char *)s->x + k * size, size);
        q++;
    }
    c->nrows = nrows;
    c->ncols = ncols;
    coo_install(c, &t);
    return GrB_SUCCESS;
}

GrB_Info GG_container_resize(GG_container *c, GrB_Index nrows, GrB_Index ncols)
{
    return is_matrix(c) ? resize_matrix(c, nrows, ncols) : GG_vstore_resize(c, nrows);
}

/* ---- writes -------------------------------------------------------------------------------------- */

GrB_Info GG_pending_reserve(GG_pending *p, size_t size, GrB_Index more)
{
    if (more <= p->cap - p->n) return GrB_SUCCESS;
    GrB_Index cap = p->cap == 0 ? 256 : 2 * p->cap;
    while (cap - p->n < more) {
        if (cap > SIZE_MAX / 2) return GrB_OUT_OF_MEMORY;
        cap *= 2;
    }
    size_t bytes_idx, bytes_x;
    if (cap > SIZE_MAX || !GG_mul_size((size_t)cap, sizeof(GrB_Index), &bytes_idx) ||
        !GG_mul_size((size_t)cap, size, &bytes_x))
        return GrB_OUT_OF_MEMORY;
    /* Each array is stored back as soon as it has grown, so a later failure loses nothing; a
     * first allocation that fails half-way is undone. */
    void *q;
    bool ok = (q = GG_realloc(p->row, bytes_idx)) != NULL;
    if (ok) p->row = q;
    ok = ok && (q = GG_realloc(p->col, bytes_idx)) != NULL;
    if (ok) p->col = q;
    ok = ok && (q = GG_realloc(p->x, bytes_x)) != NULL;
    if (ok) p->x = q;
    ok = ok && (q = GG_realloc(p->del, (size_t)cap)) != NULL;
    if (ok) p->del = q;
    if (!ok) {
        if (p->cap == 0) GG_pending_free(p);
        return GrB_OUT_OF_MEMORY;
    }
    p->cap = cap;
    return GrB_SUCCESS;
}

GrB_Info GG_pending_append(GG_container *c, GrB_Index i, GrB_Index j, bool del, const void *x,
                           const GG_caster *cast)
{
    GG_pending *p = &c->pending;
    GrB_Info info = GG_pending_reserve(p, c->type->size, 1);
    if (info != GrB_SUCCESS) return info;
    GG_views_drop(c);
    p->row[p->n] = i;
    p->col[p->n] = j;
    p->del[p->n] = del;
    if (!del) GG_caster_apply(cast, (char *)p->x + p->n * c->type->size, x);
    p->n++;
    return GrB_SUCCESS;
}

GrB_Info GG_container_set_pending(GG_container *c, GrB_Index i, GrB_Index j, const void *x,
                                  GrB_Type xtype)
{
    if (!is_matrix(c)) return GG_vstore_set(c, i, x, xtype);
    /* a write on the host starts from the host tree */
    GrB_Info info = host_tree(c);
    if (info != GrB_SUCCESS) return info;
    GG_caster cast = GG_caster_make(c->type, xtype);
    GrB_Index q;
    /* an unindexed log may hold (i, j) */
    bool logged = c->pending.ix != NULL ? GG_mlog_find(c, i, j, &q) : c->pending.n > 0;
    if (!logged) {
        /* An existing entry of an unshared, non-iso tree is updated in place (with its copy in
         * the cached COO), so update/read loops stay O(log n) a step; otherwise the log takes it
         * and the next full read builds a new tree (copy-on-write for a shared pool). */
        void *v = GG_hs_value_ptr(&c->hs, i, j);
        if (v != NULL) {
            GG_views_drop(c);
            GG_caster_apply(&cast, v, x);
            if (c->coo_cached) {
                bool found;
                GrB_Index pos = store_find(&c->store, i, j, &found);
                memcpy((char *)c->store.x + pos * c->type->size, v, c->type->size);
            }
            return GrB_SUCCESS;
        }
    }
    info = GG_mlog_reserve(c, 1);
    if (info == GrB_SUCCESS) GG_mlog_put(c, i, j, false, x, &cast);
    return info;
}

GrB_Info GG_container_value_ptrs(GG_container *c, const GG_coo *at, void **ptr, bool *ok)
{
    *ok = false;
    if (!is_matrix(c)) return GrB_SUCCESS;
    pthread_mutex_lock(&c->lock);
    GrB_Info info = assemble(c);
    if (info == GrB_SUCCESS && c->tree_owed) info = rows_pay(c);
    if (info != GrB_SUCCESS) goto done;
    for (GrB_Index k = 0; k < at->n; k++) {
        if (c->tree_owed) {
            /* the tuples are the content: their values are c's own */
            bool found;
            GrB_Index pos = store_find(&c->store, at->row[k], at->col[k], &found);
            if (!found) goto done;
            ptr[k] = (char *)c->store.x + pos * c->type->size;
        } else if ((ptr[k] = GG_hs_value_ptr(&c->hs, at->row[k], at->col[k])) == NULL) {
            goto done; /* absent, or a shared, iso or scaled tree */
        }
    }
    /* the views go (the CSR view may share the tuples' values, the CSC view copies them); a
     * built tree's cached tuples would go stale, so they go too and are derived on demand */
    GG_views_drop(c);
    if (!c->tree_owed && c->coo_cached) {
        GG_coo_free(&c->store);
        c->coo_cached = false;
    }
    *ok = true;
done:
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_container_remove_pending(GG_container *c, GrB_Index i, GrB_Index j)
{
    if (!is_matrix(c)) return GG_vstore_remove(c, i);
    GrB_Info info = host_tree(c);
    if (info != GrB_SUCCESS) return info;
    GrB_Index q;
    bool logged = c->pending.ix != NULL ? GG_mlog_find(c, i, j, &q) : c->pending.n > 0;
    if (!logged && !GG_hs_has(&c->hs, i, j)) return GrB_SUCCESS;
    info = GG_mlog_reserve(c, 1);
    if (info == GrB_SUCCESS) GG_mlog_put(c, i, j, true, NULL, NULL);
    return info;
}

/* A vector takes the tuples' arrays as a SPARSE content (vector.c), which cannot fail. */
GrB_Info GG_container_adopt(GG_container *c, GG_coo *t)
{
    if (!is_matrix(c))
        GG_vstore_adopt_coo(c, t);
    else
        coo_install(c, t);
    return GrB_SUCCESS;
}

GrB_Info GG_container_adopt_csr(GG_container *c, GG_cview *v, GrB_Index *rows)
{
    GG_cview *view = GG_malloc(sizeof *view);
    if (view == NULL) {
        GG_free(rows);
        GG_hs_cview_free(v);
        return GrB_OUT_OF_MEMORY;
    }
    GG_coo t = {.n = v->ptr[v->nvec], .row = rows, .col = v->idx, .x = v->x};
    coo_install(c, &t);
    /* the view shares idx and x with the COO (csr_owned false) */
    *view = *v;
    c->csr = view;
    c->rows_owed = rows == NULL;
    memset(v, 0, sizeof *v);
    return GrB_SUCCESS;
}

GrB_Info GG_container_build(GG_container *c, const GrB_Index *row, const GrB_Index *col,
                            const void *x, GrB_Type xtype, GrB_Index n, GrB_BinaryOp dup)
{
    if (!is_matrix(c)) return GG_vstore_build(c, row, x, xtype, n, dup);
    GrB_Info info = GG_mat_build_rows(c, row, col, x, xtype, n, dup);
    if (info != GrB_NO_VALUE) return info;
    GG_hs_tuples tu = {row, col, x, xtype, false, n};
    GG_hs_matrix hs;
    info = tree_build_tuples(c, &tu, dup, &hs);
    if (info == GrB_SUCCESS) tree_install(c, &hs);
    return info;
}

void GG_container_adopt_hs(GG_container *c, GG_hs_matrix *hs)
{
    tree_verify(hs);
    tree_install(c, hs);
}

GrB_Info GG_container_share(GG_container *C, GG_container *A, bool transpose_A)
{
    pthread_mutex_lock(&A->lock);
    GrB_Info info = assemble(A);
    if (info == GrB_SUCCESS) info = tree_pay(A);
    GG_hs_matrix hs;
    if (info == GrB_SUCCESS) GG_hs_share(&hs, &A->hs);
    pthread_mutex_unlock(&A->lock);
    if (info != GrB_SUCCESS) return info;
    if (transpose_A) GG_hs_transpose(&hs);
    /* C's old content may be A's own: install drops it only after the share took a reference */
    tree_install(C, &hs);
    C->coo_cached = hs.nvals == 0;
    return GrB_SUCCESS;
}

/* ---- building a store from tuples --------------------------------------------------------------- */

GrB_Info GG_coo_assemble(GG_coo *out, const GrB_Index *row, const GrB_Index *col, const void *x,
                         GrB_Type xtype, GrB_Index n, GrB_Index nrows, GrB_Index ncols,
                         GrB_Type ztype, GrB_BinaryOp dup, bool last_wins)
{
    bool sorted = true;
    for (GrB_Index k = 0; k < n; k++) {
        GrB_Index j = col != NULL ? col[k] : 0;
        if (row[k] >= nrows || j >= ncols) return GrB_INDEX_OUT_OF_BOUNDS;
        if (sorted && k > 0 && pos_cmp(row[k - 1], col != NULL ? col[k - 1] : 0, row[k], j) >= 0)
            sorted = false;
    }

    /* Sort (unless the input already is sorted and unique) and count the distinct positions. */
    sort_key *keys = NULL;
    GrB_Index nout = n;
    if (!sorted) {
        keys = GG_store_alloc(n, sizeof *keys);
        if (keys == NULL) return GrB_OUT_OF_MEMORY;
        for (GrB_Index k = 0; k < n; k++)
            keys[k] = (sort_key){row[k], col != NULL ? col[k] : 0, k};
        if (GG_sort_keys(&keys, n) != GrB_SUCCESS) {
            GG_free(keys);
            return GrB_OUT_OF_MEMORY;
        }
        nout = 0;
        for (GrB_Index k = 0; k < n; k++)
            if (k == 0 || keys[k].row != keys[k - 1].row || keys[k].col != keys[k - 1].col) nout++;
        if (nout < n && dup == NULL && !last_wins) {
            GG_free(keys);
            return GrB_INVALID_VALUE;
        }
    }

    GG_coo t;
    char *scratch = NULL;
    size_t zsize = ztype->size, xsize = xtype->size;
    size_t dsize = dup != NULL ? dup->ztype->size : 0;
    bool ok = GG_coo_alloc(&t, nout, zsize);
    if (ok && dup != NULL) {
        scratch = GG_malloc(3 * dsize);
        ok = scratch != NULL;
    }
    if (!ok) {
        GG_coo_free(&t);
        GG_free(keys);
        return GrB_OUT_OF_MEMORY;
    }

    /* With a dup operator every value goes through its type D, as in SuiteSparse (even a
     * position that occurs once): a = (D) x1, a = dup (a, (D) x2), ..., z = (ztype) a, the
     * tuples taken in input order. Without one the last tuple of a position is kept. */
    GG_caster to_z = GG_caster_make(ztype, xtype), to_d, from_d;
    char *acc = scratch, *next = scratch + dsize, *res = scratch + 2 * dsize;
    if (dup != NULL) {
        to_d = GG_caster_make(dup->ztype, xtype);
        from_d = GG_caster_make(ztype, dup->ztype);
    }
    const char *xv = x;
    GrB_Index m = 0;
    for (GrB_Index k = 0; k < n; m++) {
        /* the tuples k..e-1 share a position; without keys every position is distinct */
        GrB_Index q = keys != NULL ? keys[k].seq : k, e = k + 1;
        if (keys != NULL)
            while (e < n && keys[e].row == keys[k].row && keys[e].col == keys[k].col) e++;
        t.row[m] = row[q];
        t.col[m] = col != NULL ? col[q] : 0;
        char *z = (char *)t.x + m * zsize;
        if (dup != NULL) {
            GG_caster_apply(&to_d, acc, xv + q * xsize);
            for (GrB_Index r = k + 1; r < e; r++) {
                GG_caster_apply(&to_d, next, xv + keys[r].seq * xsize);
                dup->f(res, acc, next);
                memcpy(acc, res, dsize);
            }
            GG_caster_apply(&from_d, z, acc);
        } else {
            GrB_Index last = keys != NULL ? keys[e - 1].seq : k;
            GG_caster_apply(&to_z, z, xv + last * xsize);
        }
        k = e;
    }
    GG_free(scratch);
    GG_free(keys);
    *out = t;
    return GrB_SUCCESS;
}

GrB_Info GG_coo_build(GG_coo *out, const GrB_Index *row, const GrB_Index *col, const void *x,
                      GrB_Type xtype, GrB_Index n, GrB_Index nrows, GrB_Index ncols,
                      GrB_Type ztype, GrB_BinaryOp dup)
{
    return GG_coo_assemble(out, row, col, x, xtype, n, nrows, ncols, ztype, dup, false);
}

/* ---- views --------------------------------------------------------------------------------------- */

/* Which vector of a view holds entry k: its major index itself, its slot through a dense map, or
 * a binary search of the hypersparse vector list. */
typedef struct {
    const GrB_Index *major;
    const GrB_Index *map;
    const GrB_Index *vec;
    GrB_Index nvec;
} vector_lookup;

static GrB_Index lookup(const vector_lookup *L, GrB_Index k)
{
    GrB_Index m = L->major[k];
    if (L->map != NULL) return L->map[m];
    if (L->vec == NULL) return m;
    GrB_Index lo = 0, hi = L->nvec;
    while (hi - lo > 1) {
        GrB_Index mid = lo + (hi - lo) / 2;
        if (L->vec[mid] <= m)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Builds the view along rows (CSR) or columns (CSC) of the assembled store. CSR shares idx and x
 * with the row-major store; CSC places the entries by a stable bucket pass over the row-major
 * store, which leaves the rows of each column sorted. */
static GrB_Info view_build(GG_container *c, bool by_col, GG_cview **result)
{
    GrB_Info info = rows_pay(c);
    if (info != GrB_SUCCESS) return info;
    const GG_coo *s = &c->store;
    GrB_Index n = s->n, dim = by_col ? c->ncols : c->nrows;
    size_t size = c->type->size;
    GG_cview *v = GG_calloc(1, sizeof *v);
    GrB_Index *map = NULL, *next = NULL;
    vector_lookup L = {by_col ? s->col : s->row, NULL, NULL, 0};
    if (v == NULL) goto oom;

    if (GG_view_dim_counted(dim, n)) {
        /* Few enough vectors to count them directly. */
        map = GG_calloc((size_t)dim + 1, sizeof(GrB_Index));
        if (map == NULL) goto oom;
        for (GrB_Index k = 0; k < n; k++) map[L.major[k]]++;
        GrB_Index nonempty = 0;
        for (GrB_Index m = 0; m < dim; m++) nonempty += map[m] != 0;
        if (GG_view_is_hyper(dim, nonempty)) {
            v->nvec = nonempty;
            v->vec = GG_store_alloc(nonempty, sizeof(GrB_Index));
            v->ptr = GG_store_alloc(nonempty + 1, sizeof(GrB_Index));
            if (v->vec == NULL || v->ptr == NULL) goto oom;
            v->ptr[0] = 0;
            for (GrB_Index m = 0, slot = 0; m < dim; m++) {
                if (map[m] == 0) continue;
                v->vec[slot] = m;
                v->ptr[slot + 1] = v->ptr[slot] + map[m];
                map[m] = slot++;
            }
            L.map = map;
        } else {
            v->nvec = dim;
            v->ptr = GG_store_alloc(dim + 1, sizeof(GrB_Index));
            if (v->ptr == NULL) goto oom;
            v->ptr[0] = 0;
            for (GrB_Index m = 0; m < dim; m++) v->ptr[m + 1] = v->ptr[m] + map[m];
        }
    } else {
        /* More than 8 vectors per entry: hypersparse for sure; list the distinct indices. */
        v->vec = GG_store_alloc(n, sizeof(GrB_Index));
        if (v->vec == NULL) goto oom;
        if (by_col) {
            /* the store is row-major: sort the column indices */
            sort_key *keys = GG_store_alloc(n, sizeof *keys);
            if (keys == NULL) goto oom;
            for (GrB_Index k = 0; k < n; k++) keys[k] = (sort_key){s->col[k], 0, k};
            if (GG_sort_keys(&keys, n) != GrB_SUCCESS) {
                GG_free(keys);
                goto oom;
            }
            for (GrB_Index k = 0; k < n; k++) v->vec[k] = keys[k].row;
            GG_free(keys);
        } else if (n > 0) {
            memcpy(v->vec, L.major, n * sizeof(GrB_Index));
        }
        GrB_Index nvec = 0;
        for (GrB_Index k = 0; k < n; k++)
            if (k == 0 || v->vec[k] != v->vec[nvec - 1]) v->vec[nvec++] = v->vec[k];
        v->nvec = nvec;
        v->ptr = GG_calloc((size_t)nvec + 1, sizeof(GrB_Index));
        if (v->ptr == NULL) goto oom;
        L.vec = v->vec;
        L.nvec = nvec;
        for (GrB_Index k = 0; k < n; k++) v->ptr[lookup(&L, k) + 1]++;
        for (GrB_Index m = 0; m < nvec; m++) v->ptr[m + 1] += v->ptr[m];
    }

    if (!by_col) {
        v->idx = s->col;
        v->x = s->x;
    } else {
        v->idx = GG_store_alloc(n, sizeof(GrB_Index));
        v->x = GG_store_alloc(n, size);
        next = GG_store_alloc(v->nvec, sizeof(GrB_Index));
        if (v->idx == NULL || v->x == NULL || next == NULL) goto oom;
        if (v->nvec > 0) memcpy(next, v->ptr, v->nvec * sizeof(GrB_Index));
        for (GrB_Index k = 0; k < n; k++) {
            GrB_Index p = next[lookup(&L, k)]++;
            v->idx[p] = s->row[k];
            memcpy((char *)v->x + p * size, (const char *)s->x + k * size, size);
        }
    }
    GG_free(map);
    GG_free(next);
    *result = v;
    return GrB_SUCCESS;

oom:
    GG_free(map);
    GG_free(next);
    if (v != NULL) {
        GG_free(v->vec);
        GG_free(v->ptr);
        if (by_col) {
            GG_free(v->idx);
            GG_free(v->x);
        }
        GG_free(v);
    }
    return GrB_OUT_OF_MEMORY;
}

/* A matrix's view from its tree, when its COO is not cached (the walk and one placement pass cost
 * about what building the COO would, and skip it). */
static GrB_Info view_from_tree(GG_container *c, bool by_col, GG_cview **result)
{
    GG_cview *v = GG_malloc(sizeof *v);
    if (v == NULL) return GrB_OUT_OF_MEMORY;
    GrB_Info info = GG_hs_to_cview(&c->hs, by_col, v);
    if (info != GrB_SUCCESS) {
        GG_free(v);
        return info;
    }
    if (!by_col) c->csr_owned = true;
    *result = v;
    return GrB_SUCCESS;
}

static GrB_Info view_get(GG_container *c, bool by_col, const GG_cview **view)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = prepare(c);
    GG_cview **slot = by_col ? &c->csc : &c->csr;
    if (info == GrB_SUCCESS && *slot == NULL && !is_matrix(c)) info = GG_vstore_coo_locked(c);
    if (info == GrB_SUCCESS && *slot == NULL)
        info = c->coo_cached ? view_build(c, by_col, slot) : view_from_tree(c, by_col, slot);
    if (info == GrB_SUCCESS) *view = *slot;
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_view_csr(GG_container *c, const GG_cview **view)
{
    return view_get(c, false, view);
}

GrB_Info GG_view_csc(GG_container *c, const GG_cview **view)
{
    return view_get(c, true, view);
}

GrB_Info GG_view_coo(GG_container *c, const GG_coo **view)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = prepare(c);
    if (info == GrB_SUCCESS) info = is_matrix(c) ? coo_cache(c) : GG_vstore_coo_locked(c);
    if (info == GrB_SUCCESS && is_matrix(c)) info = rows_pay(c);
    if (info == GrB_SUCCESS) *view = &c->store;
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_container_tuples(GG_container *c, GrB_Index *I, GrB_Index *J, void *X,
                             GrB_Type xtype, GrB_Index *nvals)
{
    if (!is_matrix(c)) return GG_vstore_tuples(c, I, X, xtype, nvals);
    const GG_coo *t;
    GrB_Info info = GG_view_coo(c, &t);
    if (info != GrB_SUCCESS) return info;
    if (*nvals < t->n) return GrB_INSUFFICIENT_SPACE;
    if (t->n > 0) {
        if (I != NULL) memcpy(I, t->row, t->n * sizeof(GrB_Index));
        if (J != NULL) memcpy(J, t->col, t->n * sizeof(GrB_Index));
        if (X != NULL) GG_cast_array(X, xtype, t->x, c->type, t->n);
    }
    *nvals = t->n;
    return GrB_SUCCESS;
}

/* The tree of matrix c, built when owed unless `built_only` (then NULL). */
static GrB_Info view_hs(GG_container *c, bool built_only, const GG_hs_matrix **view)
{
    if (!is_matrix(c)) return GrB_INVALID_OBJECT;
    pthread_mutex_lock(&c->lock);
    GrB_Info info = assemble(c);
    if (info == GrB_SUCCESS && !built_only) info = tree_pay(c);
    if (info == GrB_SUCCESS) *view = c->tree_owed ? NULL : &c->hs;
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_view_hs(GG_container *c, const GG_hs_matrix **view)
{
    return view_hs(c, false, view);
}

GrB_Info GG_view_hs_built(GG_container *c, const GG_hs_matrix **view)
{
    return view_hs(c, true, view);
}

/* ---- lines: one row or column read and written without an assembly ------------------------------ */

/* The vector of view v holding line k: *lo, *hi bound its entries (empty when none). */
static void view_vector(const GG_cview *v, GrB_Index k, GrB_Index *lo, GrB_Index *hi)
{
    *lo = *hi = 0;
    GrB_Index q = k;
    if (v->vec != NULL) {
        GrB_Index a = GG_lower_bound(v->vec, 0, v->nvec, k);
        if (a == v->nvec || v->vec[a] != k) return;
        q = a;
    } else if (k >= v->nvec) {
        return;
    }
    *lo = v->ptr[q];
    *hi = v->ptr[q + 1];
}

/* Sorts the log entries qs[0..n) of one line by their index along it (rows of a column). */
static void sort_line(const GG_pending *p, bool by_col, GrB_Index *qs, GrB_Index n)
{
    const GrB_Index *minor = by_col ? p->row : p->col;
    for (GrB_Index a = 1; a < n; a++) {
        GrB_Index q = qs[a], b = a;
        for (; b > 0 && minor[qs[b - 1]] > minor[q]; b--) qs[b] = qs[b - 1];
        qs[b] = q;
    }
}

/* The line from the tree's view (tree entries v->idx/x[lo, hi)) and its log entries qs (sorted);
 * with out == NULL only counts. */
static GrB_Index line_merge(const GG_container *c, bool by_col, const GG_cview *v, GrB_Index lo,
                            GrB_Index hi, const GrB_Index *qs, GrB_Index nq, GG_coo *out)
{
    const GG_pending *p = &c->pending;
    const GrB_Index *minor = by_col ? p->row : p->col;
    size_t size = c->type->size;
    GrB_Index a = lo, b = 0, m = 0;
    while (a < hi || b < nq) {
        GrB_Index k;
        const char *src;
        if (b == nq || (a < hi && v->idx[a] < minor[qs[b]])) {
            k = v->idx[a];
            src = (const char *)v->x + a++ * size;
        } else {
            GrB_Index q = qs[b++];
            if (a < hi && v->idx[a] == minor[q]) a++;
            if (p->del[q]) continue;
            k = minor[q];
            src = (const char *)p->x + q * size;
        }
        if (out != NULL) {
            out->row[m] = k;
            out->col[m] = 0;
            memcpy((char *)out->x + m * size, src, size);
        }
        m++;
    }
    return m;
}

GrB_Info GG_container_line(GG_container *c, bool by_col, GrB_Index k, GG_coo *out)
{
    pthread_mutex_lock(&c->lock);
    /* the tree's own view: kept across log writes, dropped when an assembly installs a new tree */
    GG_cview **slot = by_col ? &c->csc : &c->csr;
    GrB_Info info = host_ready(c); /* a device-written matrix is read on the host from here */
    if (info == GrB_SUCCESS && *slot == NULL)
        info = c->coo_cached ? view_build(c, by_col, slot) : view_from_tree(c, by_col, slot);
    GrB_Index *qs = NULL, nq = 0, lo = 0, hi = 0;
    if (info == GrB_SUCCESS) info = GG_mlog_line(c, by_col, k, &qs, &nq);
    if (info == GrB_SUCCESS) {
        sort_line(&c->pending, by_col, qs, nq);
        view_vector(*slot, k, &lo, &hi);
        if (!GG_coo_alloc(out, line_merge(c, by_col, *slot, lo, hi, qs, nq, NULL), c->type->size))
            info = GrB_OUT_OF_MEMORY;
    }
    if (info == GrB_SUCCESS) line_merge(c, by_col, *slot, lo, hi, qs, nq, out);
    GG_free(qs);
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_container_update(GG_container *c, const GG_coo *old, const GG_coo *z)
{
    size_t size = c->type->size;
    GG_caster same = GG_caster_make(c->type, c->type);
    GrB_Info info = host_tree(c); /* the log holds changes to the host tree */
    if (info == GrB_SUCCESS) info = GG_mlog_index(c);
    if (info != GrB_SUCCESS) return info;
    /* two passes over the sorted tuples: count the operations, reserve, then log them */
    GrB_Index nops = 0;
    for (int pass = 0; pass < 2; pass++) {
        GrB_Index a = 0, b = 0;
        while (a < old->n || b < z->n) {
            int cmp = b == z->n   ? -1
                      : a == old->n ? 1
                                    : pos_cmp(old->row[a], old->col[a], z->row[b], z->col[b]);
            bool del = cmp < 0;
            const void *x = del ? NULL : (const char *)z->x + b * size;
            bool op = cmp != 0 || memcmp((const char *)old->x + a * size, x, size) != 0;
            GrB_Index i = del ? old->row[a] : z->row[b], j = del ? old->col[a] : z->col[b];
            a += cmp <= 0;
            b += cmp >= 0;
            if (!op) continue;
            if (pass == 0)
                nops++;
            else
                GG_mlog_put(c, i, j, del, x, &same);
        }
        if (pass == 0) {
            if (nops == 0) return GrB_SUCCESS;
            info = GG_mlog_reserve(c, nops);
            if (info != GrB_SUCCESS) return info;
        }
    }
    return GrB_SUCCESS;
}
