/* matrix.c: the device side of a matrix container (DESIGN.md §4; GG_cuda_store.h). Its device
 * mirror (c->dev, GG_cuda_mirror.h) holds the device tree, the CSR/CSC views (and their compact
 * SpMV views) and the SpMV schedule.
 *
 * Residency of a matrix (c->res): GG_RES_HOST when the host tree (c->hs) is current; GG_RES_DEVICE
 * when the mirror's tree is. A host-written matrix gets its device tree by an upload on first
 * device use (res gains DEVICE). A device slot's result is installed here as the mirror's tree with
 * no host tree at all (res = DEVICE, GG_mat_device_written); the host tree is made from it only
 * when a host reader asks (GG_cuda_mat_download, one copy of the pool: the layout is the same on
 * both sides), and nvals is answered from the tree's header without any copy. A select's result
 * is installed as its tree-order keys and values, its tree built from them only when something
 * asks for the tree itself (the products read views, made from the keys); an unmasked product's
 * result as its rows' CSR32 (its CSR view widened from them, the full-vector SpMV reading them as
 * its compact view), its tree built from them only when something asks for it. Views are derived on
 * the side that reads them: uploaded from the host views while the host tree is current, built on
 * the device from the device tree otherwise. Every copy is counted (GG_cuda_transfer_counts) and
 * traced with its bytes and reason. Any write drops the mirror (GG_device_drop), after the store
 * made the host tree current or replaced the content, so a mirror never describes stale content. */
#include "GG_cuda_backend.h"
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mirror.h"
#include "GG_cuda_store.h"
#include "GG_hisparse.h"

#include <stdlib.h>
#include <time.h>

/* c's mirror, created empty when missing; NULL when out of host memory. Called under c->lock. The
 * mirror is freed with free() in residency.cu, so it comes from calloc, not GG_calloc. */
static GG_cuda_mirror *mirror_of(GG_container *c)
{
    if (c->dev == NULL) c->dev = calloc(1, sizeof(GG_cuda_mirror));
    return c->dev;
}

/* A device copy of `bytes` host bytes at *dev: GrB_OUT_OF_MEMORY (device memory or the pool
 * limit) or GrB_PANIC (a CUDA error) with nothing held. */
static GrB_Info upload_new(void **dev, const void *host, size_t bytes)
{
    *dev = GG_cuda_malloc(bytes);
    if (*dev == NULL) return GrB_OUT_OF_MEMORY;
    if (GG_cuda_upload(*dev, host, bytes)) return GrB_SUCCESS;
    GG_cuda_free(*dev);
    *dev = NULL;
    return GrB_PANIC;
}

/* *Z = the tree of a product's result that waits as its rows' CSR32 R, as the write-back would
 * have built it from the product's tuples (the rows expanded from the offsets for the build
 * alone, nothing read from C), so it is the eager path's tree. */
static GrB_Info rows_tree(GG_container *A, const GG_cuda_csr32 *R, GG_cuda_hs *Z)
{
    GG_cuda_tuples T = {.n = R->n, .col = R->col, .x = R->x, .code = R->code,
                        .order = GG_CUDA_ORDER_ROW},
                   none = {.code = (int)A->type->code};
    GG_cuda_mwb wb = {0};
    int rc = GG_cuda_csr32_rows(R, &T.row);
    if (rc == GG_CUDA_VRC_OK)
        rc = GG_cuda_mat_writeback(Z, A->nrows, A->ncols, __builtin_ctz((unsigned)GG_hs_node_dim()),
                                   &none, (int)A->type->code, &T, &wb);
    GG_cuda_free(T.row);
    return GG_cuda_info(rc);
}

/* The tree of a result that waits for it, built now, in place, from what it holds: a select's
 * tree-order keys (m->tree_pending) or a product's rows (m->rows_pending). What it was built from
 * stays: the keys as the tree's decoded keys for a later select, the rows for the CSR view widened
 * from them and the compact view that borrows them. On failure (out of memory) nothing changes.
 * A->lock held. */
static GrB_Info pay_tree(GG_container *A, GG_cuda_mirror *m)
{
    if (m == NULL || !(m->tree_pending || m->rows_pending)) return GrB_SUCCESS;
    struct timespec mark;
    (void)GG_cuda_trace_ms(&mark);
    GG_cuda_hs Z;
    bool keys = m->tree_pending;
    GrB_Info info = GrB_SUCCESS;
    if (keys) {
        GG_cuda_hs_code rc = GG_cuda_hkeys_build(&Z, &m->pend);
        if (rc != GG_CUDA_HS_OK) info = rc == GG_CUDA_HS_OOM ? GrB_OUT_OF_MEMORY : GrB_PANIC;
    } else {
        info = rows_tree(A, &m->csr, &Z);
    }
    if (info != GrB_SUCCESS) return info;
    m->pool = (void *)Z.pool;
    m->pool_bytes = Z.pool_bytes;
    m->hs = Z;
    m->has_hs = true;
    m->tree_pending = m->rows_pending = false;
    GG_trace("residency: the tree of a %llu x %llu %s built on first demand from its %s (%llu "
             "entries, %.3f ms)",
             (unsigned long long)A->nrows, (unsigned long long)A->ncols,
             keys ? "select result" : "product result", keys ? "keys" : "rows",
             (unsigned long long)Z.nvals, GG_cuda_trace_ms(&mark));
    return GrB_SUCCESS;
}

/* Whether A's tree waits to be built from its keys, *K their facts (the keys stay valid until A is
 * written). */
static bool pending_keys(GG_container *A, GG_cuda_hkeys *K)
{
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool pending = m != NULL && m->tree_pending;
    if (pending) *K = m->pend;
    pthread_mutex_unlock(&A->lock);
    return pending;
}

/* The mirror's tree when it holds one or waits to build one (then built here), under c->lock;
 * *has false when the content is the host's. */
static GrB_Info device_tree(GG_container *A, GG_cuda_hs *out, bool *has)
{
    GrB_Info info = GrB_SUCCESS;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = A->dev;
    info = pay_tree(A, m);
    *has = info == GrB_SUCCESS && m != NULL && m->has_hs;
    if (*has) *out = m->hs;
    pthread_mutex_unlock(&A->lock);
    return info;
}

bool GG_cuda_mirror_iso(GG_container *A, void *value)
{
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool dev = m != NULL && (m->has_hs || m->tree_pending || m->rows_pending), iso = false;
    if (dev && m->has_hs) {
        iso = m->hs.iso && m->hs.scale == 1;
        if (iso) memcpy(value, m->hs.iso_value, A->type->size);
    } else if (dev && m->tree_pending) { /* a product's waiting rows: not known, so not iso */
        iso = m->pend.iso;
        if (iso) memcpy(value, m->pend.iso_value, A->type->size);
    }
    pthread_mutex_unlock(&A->lock);
    if (dev) return iso;
    const GG_hs_matrix *h;
    if (GG_view_hs(A, &h) != GrB_SUCCESS) return false;
    const void *v = GG_hs_iso_value(h);
    if (v == NULL || h->scale != 1) return false;
    memcpy(value, v, A->type->size);
    return true;
}

GrB_Info GG_cuda_mirror_hs(GG_container *A, GG_cuda_hs *out)
{
    bool has;
    GrB_Info info = device_tree(A, out, &has);
    if (info != GrB_SUCCESS || has) return info;
    const GG_hs_matrix *h;
    info = GG_view_hs(A, &h);
    if (info != GrB_SUCCESS) return info;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = mirror_of(A);
    if (m == NULL) {
        info = GrB_OUT_OF_MEMORY;
    } else if (!m->has_hs) {
        uint64_t bytes = h->pool == NULL ? 0 : h->pool->bytes;
        if (bytes > 0) info = upload_new(&m->pool, h->pool, bytes);
        if (info == GrB_SUCCESS) {
            GG_cuda_hs *d = &m->hs;
            memset(d, 0, sizeof *d);
            d->pool = m->pool;
            d->pool_bytes = m->pool_bytes = bytes;
            d->root = h->root;
            d->nrows = h->nrows;
            d->ncols = h->ncols;
            d->nvals = h->nvals;
            d->type_code = h->type->code;
            d->value_size = h->iso ? 0 : (int)h->type->size;
            d->dbits = h->dbits;
            d->height = h->height;
            d->transposed = h->transposed;
            d->iso = h->iso;
            d->scale = h->scale;
            const void *iso = GG_hs_iso_value(h);
            if (iso != NULL && h->type->size <= sizeof d->iso_value)
                memcpy(d->iso_value, iso, h->type->size);
            m->has_hs = true;
            A->res |= GG_RES_DEVICE;
            GG_trace("residency: HiSparse pool to the device, %llu bytes (first device use of this "
                     "%llu x %llu matrix since it was written)",
                     (unsigned long long)bytes, (unsigned long long)GG_hs_nrows(h),
                     (unsigned long long)GG_hs_ncols(h));
        }
    }
    if (info == GrB_SUCCESS) *out = m->hs;
    pthread_mutex_unlock(&A->lock);
    return info;
}

/* Rounds up to 16 bytes so every array of a view's one allocation stays aligned. */
static size_t align16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* The host view v copied into one device allocation (vec when hypersparse, ptr, idx, x). */
static GrB_Info view_upload(GG_container *A, const GG_cview *v, bool by_col, void **mem,
                            GG_cuda_cview *out)
{
    uint64_t nnz = v->ptr[v->nvec];
    size_t vsize = A->type->size;
    size_t bvec = v->vec == NULL ? 0 : align16(v->nvec * sizeof(uint64_t));
    size_t bptr = align16((v->nvec + 1) * sizeof(uint64_t));
    size_t bidx = align16(nnz * sizeof(uint64_t)), bx = align16(nnz * vsize);
    char *p = GG_cuda_malloc(bvec + bptr + bidx + bx);
    bool ok = p != NULL && (v->vec == NULL || GG_cuda_upload(p, v->vec, v->nvec * sizeof(uint64_t))) &&
              GG_cuda_upload(p + bvec, v->ptr, (v->nvec + 1) * sizeof(uint64_t)) &&
              GG_cuda_upload(p + bvec + bptr, v->idx, nnz * sizeof(uint64_t)) &&
              GG_cuda_upload(p + bvec + bptr + bidx, v->x, nnz * vsize);
    if (!ok) {
        GrB_Info info = p == NULL ? GrB_OUT_OF_MEMORY : GrB_PANIC;
        GG_cuda_free(p);
        return info;
    }
    /* the longest vector decides whether the push product needs its long-column pass */
    uint64_t max_len = 0;
    for (uint64_t k = 0; k < v->nvec; k++)
        if (v->ptr[k + 1] - v->ptr[k] > max_len) max_len = v->ptr[k + 1] - v->ptr[k];
    *mem = p;
    *out = (GG_cuda_cview){.nvec = v->nvec,
                           .vec = v->vec == NULL ? NULL : (const uint64_t *)p,
                           .ptr = (const uint64_t *)(p + bvec),
                           .idx = (const uint64_t *)(p + bvec + bptr),
                           .x = p + bvec + bptr + bidx,
                           .type_code = A->type->code,
                           .value_size = (int)vsize,
                           .max_len = max_len};
    GG_trace("residency: %s view to the device, %zu bytes (first device use of this %llu x %llu "
             "object since it was written)",
             by_col ? "CSC" : "CSR", bvec + bptr + bidx + bx, (unsigned long long)A->nrows, (unsigned long long)A->ncols);
    return GrB_SUCCESS;
}

double GG_cuda_trace_ms(struct timespec *mark)
{
    if (!GG_trace_on()) return 0;
    (void)GG_cuda_sync();
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    double ms = (double)(t.tv_sec - mark->tv_sec) * 1e3 + (double)(t.tv_nsec - mark->tv_nsec) * 1e-6;
    *mark = t;
    return ms;
}

/* The view built on the device from the device tree hs, or from the keys K of a tree not built
 * yet (the other NULL) (the host has no tree to derive it from): the tuples come in the view's
 * order (one stable sort by the major index alone, GG_cuda_hs_to_coo), so the view itself only
 * counts and copies. Why a sort and not a counting transpose: a row (column) is spread over the
 * leaves of a block strip in tree order, and its entries must keep their tree order (ascending
 * minor index), which scattering by atomics would lose; CUB's stable radix sort over the major
 * index's bits alone is the counting sort that keeps it (3 passes of 8 bits for 2^20 vectors,
 * against 8 for the 64-bit key it replaces). */
static GrB_Info view_build(GG_container *A, const GG_cuda_hs *hs, const GG_cuda_hkeys *K, bool by_col,
                           void **mem, GG_cuda_cview *out)
{
    GG_cuda_tuples t;
    struct timespec mark;
    (void)GG_cuda_trace_ms(&mark);
    GG_cuda_order order = by_col ? GG_CUDA_ORDER_COL : GG_CUDA_ORDER_ROW;
    GrB_Info info = GG_cuda_info(K != NULL ? GG_cuda_tuples_of_keys(&t, K, order)
                                           : GG_cuda_tuples_of(&t, hs, order));
    if (info == GrB_SUCCESS)
        info = GG_cuda_info(GG_cuda_cview_of(out, mem, &t, by_col ? A->ncols : A->nrows, by_col));
    GG_cuda_tuples_release(&t);
    if (info == GrB_SUCCESS)
        GG_trace("residency: %s view built on the device from the %s (%llu entries, %.3f ms)",
                 by_col ? "CSC" : "CSR", K != NULL ? "select's keys (no tree)" : "device tree",
                 (unsigned long long)(K != NULL ? K->n : hs->nvals), GG_cuda_trace_ms(&mark));
    return info;
}

GrB_Info GG_cuda_mirror_cview(GG_container *A, bool by_col, GG_cuda_cview *out)
{
    int w = by_col ? 1 : 0;
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *cur = A->dev;
    bool has = cur != NULL && cur->has_view[w];
    if (has) *out = cur->view[w];
    bool device_only = !(A->res & GG_RES_HOST);
    /* a product's rows (valid until A is written): the CSR view is theirs widened */
    GG_cuda_csr32 R = {0};
    bool rows = !has && !by_col && cur != NULL && cur->has_csr;
    if (rows) R = cur->csr;
    pthread_mutex_unlock(&A->lock);
    if (has) return GrB_SUCCESS;
    GG_cuda_hkeys K;
    bool pending = device_only && !rows && pending_keys(A, &K);

    /* a device-only matrix: from its device tree, or from its keys while the tree waits; else from
     * the host view */
    GG_cuda_cview v;
    void *mem = NULL;
    GrB_Info info;
    if (rows) {
        info = GG_cuda_info(GG_cuda_csr32_cview(&v, &mem, &R));
        if (info == GrB_SUCCESS)
            GG_trace("residency: CSR view widened on the device from the product's rows (%llu "
                     "entries, no tree)",
                     (unsigned long long)R.n);
    } else if (pending) {
        info = view_build(A, NULL, &K, by_col, &mem, &v);
    } else if (device_only) {
        GG_cuda_hs hs;
        info = GG_cuda_mirror_hs(A, &hs);
        if (info == GrB_SUCCESS) info = view_build(A, &hs, NULL, by_col, &mem, &v);
    } else {
        const GG_cview *hv;
        info = by_col ? GG_view_csc(A, &hv) : GG_view_csr(A, &hv);
        if (info == GrB_SUCCESS) info = view_upload(A, hv, by_col, &mem, &v);
    }
    if (info != GrB_SUCCESS) return info;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = mirror_of(A);
    if (m == NULL) {
        info = GrB_OUT_OF_MEMORY;
        GG_cuda_free(mem);
    } else if (m->has_view[w]) {
        GG_cuda_free(mem); /* another reader installed the same view meanwhile */
    } else {
        m->view_mem[w] = mem;
        m->view[w] = v;
        m->has_view[w] = true;
    }
    if (info == GrB_SUCCESS) *out = m->view[w];
    pthread_mutex_unlock(&A->lock);
    return info;
}

GrB_Info GG_cuda_mirror_schedule(GG_container *A, const GG_cuda_hs_schedule **s)
{
    GG_cuda_hs hs;
    GrB_Info info = GG_cuda_mirror_hs(A, &hs);
    if (info != GrB_SUCCESS) return info;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = A->dev;
    if (m == NULL || !m->has_hs) {
        info = GrB_PANIC; /* written between the two locks: the caller raced a writer */
    } else if (!m->has_sched) {
        info = GG_cuda_info(GG_cuda_hs_schedule_new(&m->hs, &m->sched));
        if (info == GrB_SUCCESS) {
            m->has_sched = true;
            GG_trace("residency: SpMV schedule built on the device, %llu bytes",
                     (unsigned long long)(m->sched == NULL ? 0
                                                            : GG_cuda_hs_schedule_bytes(m->sched)));
        }
    }
    if (info == GrB_SUCCESS) *s = m->sched;
    pthread_mutex_unlock(&A->lock);
    return info;
}

bool GG_cuda_mirror_has_cview(GG_container *A, bool by_col)
{
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool has = m != NULL && m->has_view[by_col ? 1 : 0];
    pthread_mutex_unlock(&A->lock);
    return has;
}

GrB_Info GG_cuda_mirror_tkeys(GG_container *A, GG_cuda_hs *hs, const uint64_t **key, const void **x)
{
    GrB_Info info = GG_cuda_mirror_hs(A, hs);
    if (info != GrB_SUCCESS) return info;
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *cur = A->dev;
    bool has = cur != NULL && cur->has_tkeys;
    if (has) {
        *key = cur->tkey;
        *x = cur->tkey_x;
    }
    pthread_mutex_unlock(&A->lock);
    if (has) return GrB_SUCCESS;

    size_t vsize = A->type->size, kb = 0, xb = 0;
    if (vsize != 1 && vsize != 2 && vsize != 4 && vsize != 8) return GG_decline("a value wider than 8 bytes");
    if (!GG_mul_size((size_t)hs->nvals, sizeof(uint64_t), &kb) ||
        !GG_mul_size((size_t)hs->nvals, vsize, &xb))
        return GrB_OUT_OF_MEMORY;
    uint64_t *k = NULL;
    void *v = NULL;
    if (hs->nvals > 0) {
        k = GG_cuda_malloc(kb);
        v = GG_cuda_malloc(xb);
        GG_cuda_hs_code rc = k == NULL || v == NULL ? GG_CUDA_HS_OOM : GG_cuda_hs_to_keys(hs, k, v);
        if (rc != GG_CUDA_HS_OK) {
            GG_cuda_free(k);
            GG_cuda_free(v);
            return rc == GG_CUDA_HS_UNSUPPORTED ? GG_decline("a transposed tree or coordinates wider than 32 bits")
                   : rc == GG_CUDA_HS_OOM       ? GrB_OUT_OF_MEMORY
                                                : GrB_PANIC;
        }
    }
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = A->dev;
    if (m == NULL || !m->has_hs || m->hs.pool != hs->pool) {
        info = GrB_PANIC; /* written between the two locks: the caller raced a writer */
    } else if (!m->has_tkeys) {
        m->tkey = k;
        m->tkey_x = v;
        m->has_tkeys = true;
        k = NULL;
        v = NULL;
        GG_trace("residency: the tree's %llu entries decoded into its key order on the device, kept "
                 "for selects", (unsigned long long)hs->nvals);
    }
    if (info == GrB_SUCCESS) {
        *key = m->tkey;
        *x = m->tkey_x;
    }
    pthread_mutex_unlock(&A->lock);
    GG_cuda_free(k); /* another reader kept the same keys meanwhile */
    GG_cuda_free(v);
    return info;
}

void GG_cuda_mirror_adopt_cview(GG_container *C, bool by_col, const GG_cuda_cview *v, void *mem)
{
    int w = by_col ? 1 : 0;
    pthread_mutex_lock(&C->lock);
    GG_cuda_mirror *m = C->dev;
    if (m != NULL && !m->has_view[w]) {
        m->view_mem[w] = mem;
        m->view[w] = *v;
        m->has_view[w] = true;
        mem = NULL;
    }
    pthread_mutex_unlock(&C->lock);
    GG_cuda_free(mem);
}

void GG_cuda_mirror_spmv_facts(GG_container *A, bool by_col, GG_cuda_spmv_facts *f)
{
    int w = by_col ? 1 : 0;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = mirror_of(A);
    if (m != NULL) {
        f->have_cview = m->has_view[w];
        /* a product's rows are the compact CSR view's arrays */
        f->have_sview = m->has_sview[w] || (w == 0 && m->has_csr);
        f->no_sview = m->no_sview[w];
        f->calls = ++m->spmv_calls[w];
    }
    pthread_mutex_unlock(&A->lock);
}

GrB_Info GG_cuda_mirror_sview(GG_container *A, bool by_col, uint64_t nvals, GG_cuda_sview *out)
{
    int w = by_col ? 1 : 0;
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *cur = A->dev;
    bool has = cur != NULL && cur->has_sview[w], none = cur != NULL && cur->no_sview[w];
    if (has) *out = cur->sview[w];
    /* a product's rows are the compact CSR view's arrays: only its tables are made */
    GG_cuda_csr32 R = {0};
    bool rows = !has && !none && !by_col && cur != NULL && cur->has_csr;
    if (rows) R = cur->csr;
    pthread_mutex_unlock(&A->lock);
    if (has) return GrB_SUCCESS;
    if (none) return GrB_NO_VALUE;

    GG_cuda_cview v = {0};
    GrB_Info info = rows ? GrB_SUCCESS : GG_cuda_mirror_cview(A, by_col, &v);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_sview sv;
    void *mem[2];
    int rc = rows ? GG_cuda_sview_of_csr32(&sv, mem, &R, (int)A->type->size, 0)
                  : GG_cuda_sview_of(&sv, mem, &v, nvals, by_col ? A->nrows : A->ncols, 0);
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = A->dev;
    /* the arrays the new view reads are still A's (else the caller raced a writer) */
    bool current = m != NULL && (rows ? m->has_csr && m->csr.x == R.x
                                      : m->has_view[w] && m->view[w].x == v.x);
    if (rc == GG_CUDA_SPMV_UNSUPPORTED) {
        if (m != NULL) m->no_sview[w] = true;
        info = GrB_NO_VALUE;
    } else if (rc != GG_CUDA_SPMV_OK) {
        info = GG_cuda_info(rc);
    } else if (!current || m->has_sview[w]) {
        /* another reader installed it meanwhile, or a writer replaced the view it shares values
         * with (the caller raced a writer) */
        GG_cuda_free(mem[0]);
        GG_cuda_free(mem[1]);
        info = m != NULL && m->has_sview[w] ? GrB_SUCCESS : GrB_PANIC;
    } else {
        memcpy(m->sview_mem[w], mem, sizeof mem);
        m->sview[w] = sv;
        m->has_sview[w] = true;
        GG_trace("residency: compact %s view for the SpMV made on the device%s, %llu bytes, %d "
                 "lanes a row, %llu long rows, %llu tiles; PLUS_TIMES on FP32/FP64 by the %s kernel",
                 by_col ? "CSC" : "CSR", rows ? " on the product's rows" : "",
                 (unsigned long long)sv.bytes, sv.lanes,
                 (unsigned long long)sv.nlong, (unsigned long long)sv.ntiles,
                 sv.stream ? "stream" : "groups");
    }
    if (info == GrB_SUCCESS) *out = m->sview[w];
    pthread_mutex_unlock(&A->lock);
    return info;
}

/* ---- device-written matrices ------------------------------------------------------------------ */

GrB_Info GG_cuda_mat_tuples(GG_container *A, bool tran, GG_cuda_order order, GG_cuda_tuples *t)
{
    GG_cuda_hs hs;
    GG_cuda_hkeys K;
    memset(t, 0, sizeof *t);
    int rc;
    if (!tran && pending_keys(A, &K)) {
        /* a select's result: its keys are its tree order (TC's mask reads them so) */
        rc = GG_cuda_tuples_of_keys(t, &K, order);
    } else {
        GrB_Info info = GG_cuda_mirror_hs(A, &hs);
        if (info != GrB_SUCCESS) return info;
        hs.transposed ^= tran;
        rc = GG_cuda_tuples_of(t, &hs, order);
    }
    if (rc == GG_CUDA_VRC_UNSUPPORTED)
        return GG_decline("coordinates wider than 32 bits or 2^31 entries (the device build's limits)");
    return GG_cuda_info(rc);
}

GrB_Info GG_cuda_mat_values(GG_container *A, const void **x, GG_cuda_tuples *t)
{
    memset(t, 0, sizeof *t);
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool viewed = (m != NULL && m->has_view[0]) || (A->res & GG_RES_HOST);
    bool rows = !viewed && m != NULL && m->has_csr;
    if (rows) *x = m->csr.x; /* a product's rows: their values, in the CSR view's order */
    pthread_mutex_unlock(&A->lock);
    if (rows) return GrB_SUCCESS;
    if (viewed) {
        GG_cuda_cview v;
        GrB_Info info = GG_cuda_mirror_cview(A, false, &v);
        if (info == GrB_SUCCESS) *x = v.x;
        return info;
    }
    /* a CSR view built here would cost a sort on the row bits (TC's count of C<L> = L*L' built
     * one for this alone) */
    GrB_Info info = GG_cuda_mat_tuples(A, false, GG_CUDA_ORDER_TREE, t);
    if (info == GrB_SUCCESS) *x = t->x;
    return info;
}

/* C's content becomes the device mirror m (every installer's last step): the host content, views
 * and old mirror go (their buffers stream-ordered, after the kernels queued to read them). */
static GrB_Info install_mirror(GG_container *C, GG_cuda_mirror *m)
{
    GG_mat_device_written(C);
    pthread_mutex_lock(&C->lock);
    C->dev = m;
    pthread_mutex_unlock(&C->lock);
    return GrB_SUCCESS;
}

GrB_Info GG_cuda_mat_install(GG_container *C, GG_cuda_hs *Z)
{
    GG_cuda_mirror *m = calloc(1, sizeof *m);
    if (m == NULL) {
        GG_cuda_free((void *)Z->pool);
        return GrB_OUT_OF_MEMORY;
    }
    m->pool = (void *)Z->pool;
    m->pool_bytes = Z->pool_bytes;
    m->hs = *Z;
    m->has_hs = true;
    return install_mirror(C, m);
}

GrB_Info GG_cuda_mat_install_keys(GG_container *C, const GG_cuda_hkeys *K)
{
    if (K->n == 0) {
        GG_cuda_hs Z;
        GG_cuda_hs_code rc = GG_cuda_hkeys_build(&Z, K);
        if (rc != GG_CUDA_HS_OK) return rc == GG_CUDA_HS_OOM ? GrB_OUT_OF_MEMORY : GrB_PANIC;
        return GG_cuda_mat_install(C, &Z);
    }
    GG_cuda_mirror *m = calloc(1, sizeof *m);
    if (m == NULL) {
        GG_cuda_free((void *)K->key);
        GG_cuda_free((void *)K->x);
        return GrB_OUT_OF_MEMORY;
    }
    m->pend = *K;
    m->tree_pending = true;
    m->tkey = (uint64_t *)K->key;
    m->tkey_x = (void *)K->x;
    m->has_tkeys = true;
    return install_mirror(C, m);
}

GrB_Info GG_cuda_mat_install_csr(GG_container *C, GG_cuda_csr32 *R)
{
    GG_cuda_mirror *m = calloc(1, sizeof *m);
    if (m == NULL) {
        GG_cuda_csr32_release(R);
        return GrB_OUT_OF_MEMORY;
    }
    m->csr = *R;
    m->has_csr = m->rows_pending = true;
    memset(R, 0, sizeof *R);
    return install_mirror(C, m);
}

bool GG_cuda_mirror_rows_wait(GG_container *A)
{
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool wait = m != NULL && m->rows_pending;
    pthread_mutex_unlock(&A->lock);
    return wait;
}

int GG_cuda_mat_nvals(struct GG_container *c, uint64_t *nvals)
{
    const GG_cuda_mirror *m = c->dev;
    if (m == NULL || !(m->has_hs || m->tree_pending || m->rows_pending)) return GrB_PANIC;
    *nvals = m->has_hs ? m->hs.nvals : m->tree_pending ? m->pend.n : m->csr.n;
    return GrB_SUCCESS;
}

int GG_cuda_mat_download(struct GG_container *c, void *tree)
{
    GG_hs_matrix *h = tree;
    GG_cuda_mirror *m = c->dev;
    GrB_Info info = pay_tree(c, m); /* c->lock is the caller's */
    if (info != GrB_SUCCESS) return info;
    if (m == NULL || !m->has_hs) return GrB_PANIC;
    const GG_cuda_hs *d = &m->hs;
    if (d->pool == NULL) {
        GG_hs_init(h, c->type, c->nrows, c->ncols);
        return GrB_SUCCESS;
    }
    GG_hs_pool *pool = GG_malloc((size_t)d->pool_bytes);
    if (pool == NULL) return GrB_OUT_OF_MEMORY;
    if (!GG_cuda_download(pool, d->pool, (size_t)d->pool_bytes)) {
        GG_free(pool);
        return GrB_PANIC;
    }
    /* the pool is the host's own from now on (the device build wrote a count of 1 already) */
    pool->refs = 1;
    *h = (GG_hs_matrix){.type = c->type,
                        .nrows = d->nrows,
                        .ncols = d->ncols,
                        .nvals = d->nvals,
                        .pool = pool,
                        .root = d->root,
                        .scale = d->scale,
                        .dbits = (uint8_t)d->dbits,
                        .height = (uint8_t)d->height,
                        .transposed = d->transposed,
                        .iso = d->iso};
    GG_trace("residency: HiSparse pool to the host, %llu bytes (host read of a device-written "
             "%llu x %llu matrix)",
             (unsigned long long)d->pool_bytes, (unsigned long long)c->nrows,
             (unsigned long long)c->ncols);
    return GrB_SUCCESS;
}
