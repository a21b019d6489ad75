/* vector.c: the device copy of a vector container (GG_cuda_store.h): upload on first device read
 * since the last host write, download on a host read after a device write, nvals fetched on
 * demand, setElement of a full device copy in place, and the release of the copy. Every copy goes through GG_cuda_upload/download, so it is
 * counted (GxG transfer counters) and traced with its bytes and reason. */
#include "GG_cuda_store.h"
#include "GG_cuda_backend.h"
#include "GG_cuda_vec_kernels.h"

#include <stdlib.h>
#include <time.h>

/* The device copy of c, NULL when none (the host never holds anything else in c->dv). */
static GG_cuda_vec *dv_of(GG_container *c)
{
    return (GG_cuda_vec *)c->dv;
}

/* ---- a deferred masked assign ------------------------------------------------------------------
 * One kept at a time (GG_cuda_vec_defer_assign): C<M, struct>(:) = value, done by the push that
 * claims it or, before any other use of C or M, by settle. */
static pthread_mutex_t deferred_lock = PTHREAD_MUTEX_INITIALIZER;
static GG_cuda_deferred deferred;
static bool deferred_active;

GrB_Info GG_cuda_vec_deferred_run(const GG_cuda_deferred *op)
{
    GG_cuda_tdesc t = {.kind = GG_CUDA_T_SCALAR, .s1code = op->ccode, .tcode = op->ccode};
    memcpy(t.s1, op->value, sizeof op->value);
    int rc = GG_cuda_vec_assign_inplace(dv_of(op->C), op->ccode, &t, &dv_of(op->M)->d, 0, true);
    GG_trace("cuda assign: the deferred assign runs on its own");
    return rc == GG_CUDA_VRC_UNSUPPORTED ? GrB_PANIC : GG_cuda_info(rc);
}

/* Runs the deferred assign first when it involves c (any, for c NULL). */
static GrB_Info settle(GG_container *c)
{
    pthread_mutex_lock(&deferred_lock);
    bool hit = deferred_active && (c == NULL || c == deferred.C || c == deferred.M);
    GG_cuda_deferred op = deferred;
    if (hit) deferred_active = false;
    pthread_mutex_unlock(&deferred_lock);
    return hit ? GG_cuda_vec_deferred_run(&op) : GrB_SUCCESS;
}

int GG_cuda_vec_settle_all(void)
{
    return settle(NULL);
}

bool GG_cuda_vec_defer_assign(const GG_cuda_deferred *op)
{
    pthread_mutex_lock(&deferred_lock);
    bool free_slot = !deferred_active;
    if (free_slot) {
        deferred = *op;
        deferred_active = true;
    }
    pthread_mutex_unlock(&deferred_lock);
    return free_slot;
}

bool GG_cuda_vec_deferred_claim(GG_container *mask, GG_container *u, GG_cuda_deferred *op)
{
    pthread_mutex_lock(&deferred_lock);
    bool hit = deferred_active && deferred.C == mask && deferred.M == u;
    if (hit) {
        *op = deferred;
        deferred_active = false;
    }
    pthread_mutex_unlock(&deferred_lock);
    return hit;
}

void GG_cuda_vec_release(GG_cuda_vec *v)
{
    GG_cuda_free(v->d.i);
    GG_cuda_free(v->d.b);
    GG_cuda_free(v->d.x);
    GG_cuda_free(v->count);
    for (int k = 0; k < 3; k++) GG_cuda_free(v->retired[k]);
    memset(v, 0, sizeof *v);
}

void GG_cuda_vec_free(struct GG_container *c)
{
    GG_cuda_vec *v = dv_of(c);
    if (v == NULL) return;
    /* a deferred assign into c is moot; one masked by c runs before c's list goes */
    pthread_mutex_lock(&deferred_lock);
    if (deferred_active && deferred.C == c) deferred_active = false;
    pthread_mutex_unlock(&deferred_lock);
    settle(c);
    GG_cuda_vec_release(v);
    free(v);
    c->dv = NULL;
}

/* Polls a tagged count word for up to SPIN_NS: true once its tag is there. A kernel that fails
 * never writes it: the caller then waits for the stream, which reports the error. */
#define SPIN_NS 200000
static bool spin_for_tag(volatile uint64_t *w, unsigned tag)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        for (int k = 0; k < 64; k++)
            if ((*w >> 32) == tag) return true;
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000000000LL + (t.tv_nsec - t0.tv_nsec) > SPIN_NS) return false;
    }
}

int GG_cuda_vec_nvals(struct GG_container *c, uint64_t *nvals)
{
    GG_cuda_vec *v = dv_of(c);
    if (v == NULL) return GrB_PANIC;
    GrB_Info info = settle(c);
    if (info != GrB_SUCCESS) return info;
    if (!v->nvals_known && GG_cuda_is_count_word(v->count)) {
        /* written by the kernel into pinned host memory: a tagged count is read as soon as its
         * tag appears (no wait for the stream), any other once the stream is complete */
        volatile uint64_t *w = v->count;
        if (v->count_tag == 0 || !spin_for_tag(w, v->count_tag)) {
            if (!GG_cuda_sync()) return GrB_PANIC;
            if (v->count_tag != 0 && (*w >> 32) != v->count_tag) return GrB_PANIC;
        }
        v->d.nvals = v->count_tag != 0 ? (*w & 0xffffffffu) : *w;
        v->nvals_known = true;
        GG_trace("residency: nvals of a device-written vector of %llu, read from pinned memory",
                 (unsigned long long)v->d.n);
    } else if (!v->nvals_known) {
        if (!GG_cuda_download(&v->d.nvals, v->count, sizeof(uint64_t))) return GrB_PANIC;
        if (v->count_tag != 0) v->d.nvals &= 0xffffffffu;
        v->nvals_known = true;
        GG_trace("residency: nvals of a device-written vector of %llu, 8 bytes to the host",
                 (unsigned long long)v->d.n);
    }
    *nvals = v->d.nvals;
    return GrB_SUCCESS;
}

/* Bytes of `count` elements of `size`, or false on overflow. */
static bool bytes_of(uint64_t count, size_t size, size_t *bytes)
{
    return count <= SIZE_MAX && GG_mul_size((size_t)count, size, bytes);
}

/* c's jumbled list made a bitmap in place (GG_cuda_vec.jumbled): the scatter does not depend on
 * the order. The list's arrays are retired, not freed, since a reader of the list may still hold
 * them. Out of memory leaves the list as it was. */
static GrB_Info unjumble(GG_container *c)
{
    GG_cuda_vec *v = dv_of(c);
    if (!v->jumbled) return GrB_SUCCESS;
    uint64_t nvals;
    GrB_Info info = (GrB_Info)GG_cuda_vec_nvals(c, &nvals);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_vec b;
    info = GG_cuda_info(GG_cuda_vec_to_bitmap(&b, &v->d));
    if (info != GrB_SUCCESS) return info;
    for (int k = 0; k < 3; k++) GG_cuda_free(v->retired[k]);
    v->retired[0] = v->d.i;
    v->retired[1] = v->d.x;
    v->retired[2] = v->count;
    v->d = b.d;
    v->count = b.count;
    v->count_tag = 0;
    v->list_stamp = 0;
    v->nvals_known = b.nvals_known;
    v->jumbled = false;
    GG_trace("residency: an unordered list of %llu entries made a bitmap of %llu for a reader "
             "that needs positions or order", (unsigned long long)nvals, (unsigned long long)v->d.n);
    return GrB_SUCCESS;
}

int GG_cuda_vec_download(struct GG_container *c)
{
    GG_cuda_vec *v = dv_of(c);
    if (v == NULL) return GrB_PANIC;
    uint64_t nvals;
    GrB_Info info = settle(c);
    if (info == GrB_SUCCESS) info = unjumble(c); /* the host form lists its indices in order */
    if (info == GrB_SUCCESS) info = (GrB_Info)GG_cuda_vec_nvals(c, &nvals);
    if (info != GrB_SUCCESS) return info;
    const GG_vdata *d = &v->d;
    GG_vdata h;
    info = GG_vdata_alloc(&h, d->n, d->size, (GG_vform_kind)d->form, nvals, d->iso);
    if (info != GrB_SUCCESS) return info;
    size_t xb = 0, ib = 0, bb = 0;
    bool ok = bytes_of(GG_vdata_nx(&h), d->size, &xb) &&
              (d->form != GG_VF_SPARSE || bytes_of(nvals, sizeof(uint64_t), &ib)) &&
              (d->form != GG_VF_BITMAP || bytes_of(d->n, 1, &bb));
    ok = ok && (xb == 0 || GG_cuda_download(h.x, d->x, xb)) &&
         (ib == 0 || GG_cuda_download(h.i, d->i, ib)) && (bb == 0 || GG_cuda_download(h.b, d->b, bb));
    if (!ok) {
        GG_vdata_free(&h);
        return GrB_PANIC;
    }
    h.nvals = nvals;
    GG_trace("residency: vector of %llu (%llu entries) to the host, %zu bytes (host read after a "
             "device write)",
             (unsigned long long)d->n, (unsigned long long)nvals, xb + ib + bb);
    GG_vdata_free(&c->v);
    c->v = h;
    c->res |= GG_RES_HOST;
    return GrB_SUCCESS;
}

bool GG_cuda_vec_set(GG_container *c, uint64_t i, const void *z)
{
    if (settle(c) != GrB_SUCCESS) return false;
    GG_cuda_vec *v = dv_of(c);
    if (v == NULL || v->d.form != GG_VF_FULL || i >= v->d.n || v->d.x == NULL) return false;
    bool spread = v->d.iso;
    if (spread) {
        /* its one value at every position first, in a new array (the old one goes stream-ordered,
         * after the kernels queued to read it) */
        GG_cuda_vec b;
        if (GG_cuda_vec_to_bitmap(&b, &v->d) != GG_CUDA_VRC_OK) return false;
        GG_cuda_vec_release(v);
        *v = b;
    }
    /* a failed copy leaves the same entries (spread or not): the store then logs the update */
    if (!GG_cuda_upload((char *)v->d.x + i * v->d.size, z, v->d.size)) return false;
    GG_cuda_vec_written(c);
    GG_trace("cuda: setElement of a full device vector of %llu done on the device, %zu bytes%s",
             (unsigned long long)v->d.n, (size_t)v->d.size,
             spread ? " (its one value spread first)" : "");
    return true;
}

/* ---- reads and writes by the CUDA slots ------------------------------------------------------- */

/* Bytes of a device copy of h's arrays, and the copy itself (into v, allocated here). */
static GrB_Info upload(GG_cuda_vec *v, const GG_vdata *h)
{
    memset(v, 0, sizeof *v);
    v->d = *h;
    v->d.i = NULL;
    v->d.b = NULL;
    v->d.x = NULL;
    v->nvals_known = true;
    /* one entry is one value: marked iso, the frontier products see a constant frontier
     * (a BFS's first level is a setElement on the host) */
    if (h->form == GG_VF_SPARSE && h->nvals == 1) v->d.iso = true;
    size_t xb = 0, ib = 0, bb = 0;
    if (!bytes_of(GG_vdata_nx(h), h->size, &xb) ||
        (h->form == GG_VF_SPARSE && !bytes_of(h->nvals, sizeof(uint64_t), &ib)) ||
        (h->form == GG_VF_BITMAP && !bytes_of(h->n, 1, &bb)))
        return GrB_OUT_OF_MEMORY;
    bool ok = true;
    if (xb > 0) ok = (v->d.x = GG_cuda_malloc(xb)) != NULL;
    if (ok && ib > 0) ok = (v->d.i = GG_cuda_malloc(ib)) != NULL;
    if (ok && bb > 0) ok = (v->d.b = GG_cuda_malloc(bb)) != NULL;
    if (!ok) {
        GG_cuda_vec_release(v);
        return GrB_OUT_OF_MEMORY;
    }
    ok = (xb == 0 || GG_cuda_upload(v->d.x, h->x, xb)) &&
         (ib == 0 || GG_cuda_upload(v->d.i, h->i, ib)) && (bb == 0 || GG_cuda_upload(v->d.b, h->b, bb));
    if (!ok) {
        GG_cuda_vec_release(v);
        return GrB_PANIC;
    }
    GG_trace("residency: vector of %llu (%llu entries, %s) to the device, %zu bytes (device read "
             "after a host write)",
             (unsigned long long)h->n, (unsigned long long)h->nvals,
             h->form == GG_VF_SPARSE ? "sparse" : h->form == GG_VF_BITMAP ? "bitmap" : "full",
             xb + ib + bb);
    return GrB_SUCCESS;
}

/* c's device content (uploaded when stale); a jumbled list is made a bitmap unless any_order. */
static GrB_Info vec_in(GG_container *c, bool any_order, const GG_cuda_vec **out)
{
    GrB_Info settled = settle(c);
    if (settled != GrB_SUCCESS) return settled;
    pthread_mutex_lock(&c->lock);
    bool current = (c->res & GG_RES_DEVICE) && c->dv != NULL && c->pending.n == 0;
    pthread_mutex_unlock(&c->lock);
    if (!current) {
        /* the host copy (pending work applied) is the content: replace the stale device copy */
        const GG_vdata *h;
        GrB_Info info = GG_vec_host(c, &h);
        if (info != GrB_SUCCESS) return info;
        GG_cuda_vec *v = malloc(sizeof *v);
        if (v == NULL) return GrB_OUT_OF_MEMORY;
        info = upload(v, h);
        if (info != GrB_SUCCESS) {
            free(v);
            return info;
        }
        /* Two user threads reading the same host-resident input may both get here: the first to
         * install wins and the other drops its copy, so a copy a reader already holds is never
         * freed under it (Doc/decisions.md, "Residency under concurrent readers"). */
        pthread_mutex_lock(&c->lock);
        if ((c->res & GG_RES_DEVICE) && c->dv != NULL && c->pending.n == 0) {
            GG_cuda_vec_release(v);
            free(v);
        } else {
            GG_cuda_vec_free(c);
            c->dv = v;
            c->res |= GG_RES_DEVICE;
        }
        pthread_mutex_unlock(&c->lock);
    }
    pthread_mutex_lock(&c->lock);
    GrB_Info info = GrB_SUCCESS;
    GG_cuda_vec *v = dv_of(c);
    if (!any_order) {
        info = unjumble(c);
    } else if (v->d.form == GG_VF_SPARSE && !v->nvals_known) {
        uint64_t nvals; /* a list's readers size their work by its length */
        info = (GrB_Info)GG_cuda_vec_nvals(c, &nvals);
    }
    *out = v;
    pthread_mutex_unlock(&c->lock);
    return info;
}

GrB_Info GG_cuda_vec_in(GG_container *c, const GG_cuda_vec **out)
{
    return vec_in(c, false, out);
}

GrB_Info GG_cuda_vec_in_any(GG_container *c, const GG_cuda_vec **out)
{
    return vec_in(c, true, out);
}

GrB_Info GG_cuda_vec_reserve(GG_container *c)
{
    pthread_mutex_lock(&c->lock);
    if (c->dv == NULL) c->dv = calloc(1, sizeof(GG_cuda_vec));
    bool ok = c->dv != NULL;
    pthread_mutex_unlock(&c->lock);
    return ok ? GrB_SUCCESS : GrB_OUT_OF_MEMORY;
}

void GG_cuda_vec_install(GG_container *c, GG_cuda_vec *v)
{
    /* a launch error here shows again at the next wait, which reports it */
    (void)settle(c);
    GG_vec_device_written(c); /* the host copy and the views are stale from now on */
    pthread_mutex_lock(&c->lock);
    GG_cuda_vec *d = dv_of(c);
    /* the old buffers go back stream-ordered, after the kernels already queued to read them */
    GG_cuda_vec_release(d);
    *d = *v;
    memset(v, 0, sizeof *v);
    c->res = GG_RES_DEVICE;
    pthread_mutex_unlock(&c->lock);
}

void GG_cuda_vec_written(GG_container *c)
{
    (void)settle(c); /* as in GG_cuda_vec_install */
    GG_vec_device_written(c); /* the host copy and the views are stale from now on */
    pthread_mutex_lock(&c->lock);
    c->res = GG_RES_DEVICE;
    pthread_mutex_unlock(&c->lock);
}
