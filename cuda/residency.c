/* residency.c: the C side of residency (DESIGN.md §4): a container's device mirror (c->dev) gets
 * the device copy of its HiSparse tree and of its CSR/CSC views on first demand; later calls find
 * them there and copy nothing. Every copy is counted (GG_cuda_transfer_counts) and traced with its
 * bytes and reason. The store drops the mirror on every write (GG_device_drop), so a mirror never
 * describes stale content. */
#include "GG_cuda_backend.h"
#include "GG_cuda_mirror.h"
#include "GG_hisparse.h"

#include <stdlib.h>

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

GrB_Info GG_cuda_mirror_hs(GG_container *A, GG_cuda_hs *out)
{
    const GG_hs_matrix *h;
    GrB_Info info = GG_view_hs(A, &h);
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

GrB_Info GG_cuda_mirror_cview(GG_container *A, bool by_col, GG_cuda_cview *out)
{
    const GG_cview *v;
    GrB_Info info = by_col ? GG_view_csc(A, &v) : GG_view_csr(A, &v);
    if (info != GrB_SUCCESS) return info;
    int w = by_col ? 1 : 0;
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *m = mirror_of(A);
    if (m == NULL) {
        info = GrB_OUT_OF_MEMORY;
    } else if (!m->has_view[w]) {
        /* one allocation, four aligned arrays: vec (hypersparse only), ptr, idx, x */
        uint64_t nnz = v->ptr[v->nvec];
        size_t vsize = A->type->size;
        size_t bvec = v->vec == NULL ? 0 : align16(v->nvec * sizeof(uint64_t));
        size_t bptr = align16((v->nvec + 1) * sizeof(uint64_t));
        size_t bidx = align16(nnz * sizeof(uint64_t)), bx = align16(nnz * vsize);
        size_t total = bvec + bptr + bidx + bx;
        char *mem = GG_cuda_malloc(total);
        bool ok = mem != NULL &&
                  (v->vec == NULL || GG_cuda_upload(mem, v->vec, v->nvec * sizeof(uint64_t))) &&
                  GG_cuda_upload(mem + bvec, v->ptr, (v->nvec + 1) * sizeof(uint64_t)) &&
                  GG_cuda_upload(mem + bvec + bptr, v->idx, nnz * sizeof(uint64_t)) &&
                  GG_cuda_upload(mem + bvec + bptr + bidx, v->x, nnz * vsize);
        if (!ok) {
            info = mem == NULL ? GrB_OUT_OF_MEMORY : GrB_PANIC;
            GG_cuda_free(mem);
        } else {
            /* the longest vector decides whether the push product needs its long-column pass */
            uint64_t max_len = 0;
            for (uint64_t k = 0; k < v->nvec; k++)
                if (v->ptr[k + 1] - v->ptr[k] > max_len) max_len = v->ptr[k + 1] - v->ptr[k];
            m->view_mem[w] = mem;
            m->view[w] = (GG_cuda_cview){
                .nvec = v->nvec,
                .vec = v->vec == NULL ? NULL : (const uint64_t *)mem,
                .ptr = (const uint64_t *)(mem + bvec),
                .idx = (const uint64_t *)(mem + bvec + bptr),
                .x = mem + bvec + bptr + bidx,
                .type_code = A->type->code,
                .value_size = (int)vsize,
                .max_len = max_len};
            m->has_view[w] = true;
            GG_trace("residency: %s view to the device, %zu bytes (first device use of this "
                     "%llu x %llu object since it was written)",
                     by_col ? "CSC" : "CSR", total, (unsigned long long)A->nrows,
                     (unsigned long long)A->ncols);
        }
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
