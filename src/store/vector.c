/* vector.c: the content of a vector container (GG_store.h, Doc/vector-forms.md): a GG_vdata in
 * c->v, current on the host while c->res has GG_RES_HOST, the device copy in c->dv otherwise;
 * the pending log applied to it by the next host reader; and the COO view that the CPU backend
 * still reads, derived from c->v on demand.
 *
 * Invariants: every change of c->v drops the derived views first (drop_derived), since the COO
 * view may share c->v's arrays; every host write frees the device copy and leaves res =
 * GG_RES_HOST (host_written); readers change c->v only to download it or to apply a non-empty
 * log, so two readers never see it move under them; single-element updates take effect at once
 * where that costs O(1) and allocates nothing, and go to the log otherwise; all allocations
 * happen before c->v changes, so an out-of-memory failure leaves the content as it was (at most
 * in another form of the same entries). */
#include "GG_store_private.h"

/* The COO view shares c->v's indices (SPARSE) and values (SPARSE and FULL, not iso); the rest of
 * it is its own. */
static void drop_derived(GG_container *c)
{
    GG_views_drop(c);
    GG_coo *s = &c->store;
    if (s->row != c->v.i) GG_free(s->row);
    if (s->x != c->v.x) GG_free(s->x);
    GG_free(s->col);
    memset(s, 0, sizeof *s);
    c->coo_cached = false;
}

/* After a host write: the device copy describes old content. */
static void host_written(GG_container *c)
{
    GG_device_vec_free(c);
    c->res = GG_RES_HOST;
}

void GG_vstore_clear(GG_container *c)
{
    drop_derived(c);
    GG_pending_free(&c->pending);
    GG_vdata_free(&c->v);
    host_written(c);
}

/* ---- the pending log ------------------------------------------------------------------------- */

/* Whether applying the log keeps v iso: every value it sets equals the iso value byte for byte. */
static bool log_keeps_iso(const GG_vdata *v, const GG_pending *p)
{
    if (!v->iso) return false;
    bool has_value = GG_vdata_nx(v) > 0 && v->x != NULL;
    for (GrB_Index k = 0; k < p->n; k++)
        if (!p->del[k] && (!has_value || memcmp((char *)p->x + k * v->size, v->x, v->size) != 0))
            return false;
    return true;
}

/* v without its iso flag: the one value stored at every position (nvals of them when SPARSE). */
static GrB_Info expand_iso(GG_vdata *v)
{
    uint64_t nx = v->form == GG_VF_SPARSE ? v->nvals : v->n;
    if (v->form != GG_VF_SPARSE && v->n > GG_VFORM_BITMAP_MAX) return GrB_OUT_OF_MEMORY;
    char *x = GG_store_alloc(nx, v->size);
    if (x == NULL) return GrB_OUT_OF_MEMORY;
    if (GG_vdata_nx(v) > 0)
        for (uint64_t k = 0; k < nx; k++) memcpy(x + k * v->size, v->x, v->size);
    GG_free(v->x);
    v->x = x;
    v->iso = false;
    return GrB_SUCCESS;
}

/* Merges SPARSE v with the log's survivors keys[0..g); with i == NULL only counts the result.
 * An iso result (iso) copies no values. */
static uint64_t merge_sparse(const GG_vdata *v, const GG_pending *p, const GG_sort_key *keys,
                             GrB_Index g, bool iso, uint64_t *i, char *x)
{
    size_t size = v->size;
    uint64_t a = 0, k = 0, m = 0;
    while (a < v->nvals || k < g) {
        uint64_t idx;
        const void *src;
        if (k == g || (a < v->nvals && v->i[a] < keys[k].row)) {
            idx = v->i[a];
            src = GG_vdata_val(v, a++);
        } else {
            if (a < v->nvals && v->i[a] == keys[k].row) a++;
            GrB_Index q = keys[k++].seq;
            if (p->del[q]) continue;
            idx = p->row[q];
            src = (const char *)p->x + q * size;
        }
        if (i != NULL) {
            i[m] = idx;
            if (!iso) memcpy(x + m * size, src, size);
        }
        m++;
    }
    return m;
}

/* A SPARSE v with the log applied: one stable sort of the log, one merge. */
static GrB_Info apply_sparse(GG_vdata *v, const GG_pending *p, bool iso)
{
    GG_sort_key *keys;
    GrB_Index g;
    if (GG_pending_survivors(p, &keys, &g) != GrB_SUCCESS) return GrB_OUT_OF_MEMORY;
    uint64_t m = merge_sparse(v, p, keys, g, iso, NULL, NULL);
    uint64_t *i = GG_store_alloc(m, sizeof(uint64_t));
    char *x = iso ? NULL : GG_store_alloc(m, v->size);
    if (i == NULL || (!iso && x == NULL)) {
        GG_free(keys);
        GG_free(i);
        GG_free(x);
        return GrB_OUT_OF_MEMORY;
    }
    merge_sparse(v, p, keys, g, iso, i, x);
    GG_free(keys);
    GG_free(v->i);
    v->i = i;
    if (!iso) {
        GG_free(v->x);
        v->x = x;
    }
    v->nvals = m;
    return GrB_SUCCESS;
}

/* A BITMAP or FULL v with the log applied in call order, O(1) an operation. */
static void apply_dense(GG_vdata *v, const GG_pending *p)
{
    for (GrB_Index q = 0; q < p->n; q++) {
        uint64_t k = p->row[q];
        if (p->del[q]) {
            v->nvals -= v->b[k];
            v->b[k] = 0;
            continue;
        }
        if (v->form == GG_VF_BITMAP) {
            v->nvals += !v->b[k];
            v->b[k] = 1;
        }
        if (!v->iso) memcpy((char *)v->x + k * v->size, (char *)p->x + q * v->size, v->size);
    }
}

/* Applies c's log to its host content. A log as long as n / GG_VFORM_SPARSE_DIV turns a SPARSE
 * vector into a bitmap first (that many entries would make it one anyway), so it is applied
 * without sorting. */
static GrB_Info apply_log(GG_container *c)
{
    GG_vdata *v = &c->v;
    const GG_pending *p = &c->pending;
    bool iso = log_keeps_iso(v, p), removes = false;
    for (GrB_Index q = 0; q < p->n && !removes; q++) removes = p->del[q];
    GrB_Info info = GrB_SUCCESS;
    drop_derived(c);
    bool long_log = p->n >= v->n / GG_VFORM_SPARSE_DIV && v->n <= GG_VFORM_BITMAP_MAX;
    if (v->form == GG_VF_SPARSE && long_log) info = GG_vdata_convert(v, GG_VF_BITMAP);
    if (info == GrB_SUCCESS && v->form == GG_VF_FULL && removes)
        info = GG_vdata_convert(v, GG_VF_BITMAP);
    if (info != GrB_SUCCESS) return info;
    if (v->form == GG_VF_SPARSE) {
        info = apply_sparse(v, p, v->iso && iso);
        if (info != GrB_SUCCESS) return info;
        v->iso = v->iso && iso;
    } else {
        if (v->iso && !iso) info = expand_iso(v);
        if (info != GrB_SUCCESS) return info;
        apply_dense(v, p);
    }
    GG_pending_free(&c->pending);
    GG_vdata_conform(v);
    host_written(c);
    return GrB_SUCCESS;
}

GrB_Info GG_vstore_ready_locked(GG_container *c)
{
    if (!(c->res & GG_RES_HOST)) {
        GrB_Info info = GG_device_vec_download(c);
        if (info != GrB_SUCCESS) return info;
    }
    return c->pending.n == 0 ? GrB_SUCCESS : apply_log(c);
}

/* ---- GG_store.h ------------------------------------------------------------------------------ */

GrB_Info GG_vec_host(GG_container *c, const GG_vdata **v)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = GG_vstore_ready_locked(c);
    pthread_mutex_unlock(&c->lock);
    if (info == GrB_SUCCESS) *v = &c->v;
    return info;
}

GrB_Info GG_vec_host_mut(GG_container *c, GG_vdata **v)
{
    const GG_vdata *h;
    GrB_Info info = GG_vec_host(c, &h);
    if (info != GrB_SUCCESS) return info;
    drop_derived(c);
    host_written(c);
    *v = &c->v;
    return GrB_SUCCESS;
}

void GG_vec_written(GG_container *c)
{
    drop_derived(c);
    GG_vdata_conform(&c->v);
}

void GG_vec_adopt(GG_container *c, GG_vdata *v)
{
    drop_derived(c);
    GG_pending_free(&c->pending);
    GG_vdata_free(&c->v);
    c->v = *v;
    GG_vdata_init(v, v->n, v->size);
    GG_vdata_conform(&c->v);
    host_written(c);
}

GrB_Info GG_vec_nvals(GG_container *c, uint64_t *nvals)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info;
    if (!(c->res & GG_RES_HOST) && c->pending.n == 0) {
        info = GG_device_vec_nvals(c, nvals);
    } else {
        info = GG_vstore_ready_locked(c);
        if (info == GrB_SUCCESS) *nvals = c->v.nvals;
    }
    pthread_mutex_unlock(&c->lock);
    return info;
}

void GG_vec_device_written(GG_container *c)
{
    drop_derived(c);
    /* the slot read c (applying the log) before it wrote; what is left in it is obsolete */
    GG_pending_free(&c->pending);
    GG_vdata_free(&c->v);
    c->res = GG_RES_DEVICE;
}

/* ---- the container calls --------------------------------------------------------------------- */

GrB_Info GG_vstore_coo_locked(GG_container *c)
{
    if (c->coo_cached) return GrB_SUCCESS;
    const GG_vdata *v = &c->v;
    size_t size = v->size;
    GG_coo t = {.n = v->nvals};
    if (t.n > 0) {
        bool own_i = v->form != GG_VF_SPARSE, own_x = v->iso || v->form == GG_VF_BITMAP;
        t.row = own_i ? GG_store_alloc(t.n, sizeof(GrB_Index)) : v->i;
        t.x = own_x ? GG_store_alloc(t.n, size) : v->x;
        t.col = t.n <= SIZE_MAX ? GG_calloc((size_t)t.n, sizeof(GrB_Index)) : NULL;
        if (t.row == NULL || t.x == NULL || t.col == NULL) {
            if (own_i) GG_free(t.row);
            if (own_x) GG_free(t.x);
            GG_free(t.col);
            return GrB_OUT_OF_MEMORY;
        }
        uint64_t q = 0, k, p, e = 0;
        while ((own_i || own_x) && GG_vdata_next(v, &q, &k, &p)) {
            if (own_i) t.row[e] = k;
            if (own_x) memcpy((char *)t.x + e * size, GG_vdata_val(v, p), size);
            e++;
        }
    }
    c->store = t;
    c->coo_cached = true;
    return GrB_SUCCESS;
}

GrB_Info GG_vstore_dup(GG_container *dst, GG_container *src)
{
    const GG_vdata *v;
    GrB_Info info = GG_vec_host(src, &v);
    if (info == GrB_SUCCESS) info = GG_vdata_dup(&dst->v, v);
    return info;
}

/* v (BITMAP or FULL) readied for a dimension n above its own: SPARSE when that is the form for
 * it, else a BITMAP with room for n positions, the new ones empty. v->n is the caller's. */
static GrB_Info grow_dense(GG_vdata *v, uint64_t n)
{
    if (GG_vform_choose(n, v->nvals, v->iso) == GG_VF_SPARSE)
        return GG_vdata_convert(v, GG_VF_SPARSE);
    size_t bytes;
    uint8_t *b = GG_calloc((size_t)n, 1);
    void *x = NULL;
    if (b != NULL && !v->iso && GG_mul_size((size_t)n, v->size, &bytes))
        x = GG_realloc(v->x, bytes);
    if (b == NULL || (!v->iso && x == NULL)) {
        GG_free(b);
        return GrB_OUT_OF_MEMORY;
    }
    if (!v->iso) v->x = x;
    if (v->form == GG_VF_FULL)
        memset(b, 1, (size_t)v->n);
    else
        memcpy(b, v->b, (size_t)v->n);
    GG_free(v->b);
    v->b = b;
    v->form = GG_VF_BITMAP;
    return GrB_SUCCESS;
}

/* Drops v's entries at n and beyond, in place (the arrays keep their length). */
static void shrink(GG_vdata *v, uint64_t n)
{
    if (v->form == GG_VF_FULL) {
        v->nvals = n;
    } else if (v->form == GG_VF_BITMAP) {
        uint64_t m = 0;
        for (uint64_t k = 0; k < n; k++) m += v->b[k];
        v->nvals = m;
    } else {
        uint64_t p;
        GG_vdata_find(v, n, &p); /* p: the first entry at n or beyond */
        v->nvals = p;
    }
}

GrB_Info GG_vstore_resize(GG_container *c, GrB_Index n)
{
    const GG_vdata *h;
    GrB_Info info = GG_vec_host(c, &h);
    if (info != GrB_SUCCESS) return info;
    GG_vdata *v = &c->v;
    drop_derived(c);
    if (n > v->n && v->form != GG_VF_SPARSE) info = grow_dense(v, n);
    if (info != GrB_SUCCESS) return info;
    if (n < v->n) shrink(v, n);
    v->n = n;
    c->nrows = n;
    host_written(c);
    GG_vdata_conform(v);
    return GrB_SUCCESS;
}

GrB_Info GG_vstore_get(GG_container *c, GrB_Index i, void *x, GrB_Type xtype)
{
    pthread_mutex_lock(&c->lock);
    GrB_Info info = GG_vstore_ready_locked(c);
    uint64_t p;
    if (info == GrB_SUCCESS && GG_vdata_find(&c->v, i, &p)) {
        GG_caster cast = GG_caster_make(xtype, c->type);
        GG_caster_apply(&cast, x, GG_vdata_val(&c->v, p));
    } else if (info == GrB_SUCCESS) {
        info = GrB_NO_VALUE;
    }
    pthread_mutex_unlock(&c->lock);
    return info;
}

/* setElement at once, where that is O(1) and allocates nothing: an existing entry that is not
 * iso, a new one of a bitmap that is not iso, or an iso entry getting the iso value. False when
 * the log must take the update. */
static bool set_now(GG_container *c, GrB_Index k, const void *x, const GG_caster *cast)
{
    GG_vdata *v = &c->v;
    uint64_t p;
    bool found = GG_vdata_find(v, k, &p);
    if (!found && v->form != GG_VF_BITMAP) return false;
    if (v->iso) {
        if (GG_vdata_nx(v) == 0 || v->x == NULL) return false;
        char small[64], *z = v->size <= sizeof small ? small : GG_malloc(v->size);
        if (z == NULL) return false;
        GG_caster_apply(cast, z, x);
        bool same = memcmp(z, v->x, v->size) == 0;
        if (z != small) GG_free(z);
        if (!same) return false;
        if (found) return true; /* nothing changes */
    }
    drop_derived(c);
    if (!found) {
        v->b[k] = 1;
        v->nvals++;
    }
    if (!v->iso) GG_caster_apply(cast, (char *)v->x + p * v->size, x);
    host_written(c);
    GG_vdata_conform(v);
    return true;
}

/* setElement on the device copy, when only the device holds the content: logged instead, the
 * update would bring the whole vector to the host and back at the next device read (SSSP's
 * t(source) = 0 on a full t of +inf, 8 MB each way at n = 2^20). */
static bool set_on_device(GG_container *c, GrB_Index i, const void *x, const GG_caster *cast)
{
    if (c->pending.n != 0 || c->res != GG_RES_DEVICE || c->type->size > 64) return false;
    char z[64];
    GG_caster_apply(cast, z, x);
    return GG_device_vec_set(c, i, z);
}

GrB_Info GG_vstore_set(GG_container *c, GrB_Index i, const void *x, GrB_Type xtype)
{
    GG_caster cast = GG_caster_make(c->type, xtype);
    if (c->pending.n == 0 && (c->res & GG_RES_HOST) && set_now(c, i, x, &cast))
        return GrB_SUCCESS;
    if (set_on_device(c, i, x, &cast)) return GrB_SUCCESS;
    GrB_Info info = GG_pending_append(c, i, 0, false, x, &cast);
    if (info == GrB_SUCCESS) drop_derived(c);
    return info;
}

/* removeElement at once when there is nothing to remove or v is a bitmap; else logged. */
GrB_Info GG_vstore_remove(GG_container *c, GrB_Index i)
{
    GG_vdata *v = &c->v;
    uint64_t p;
    if (c->pending.n == 0 && (c->res & GG_RES_HOST)) {
        if (!GG_vdata_find(v, i, &p)) return GrB_SUCCESS;
        if (v->form == GG_VF_BITMAP) {
            drop_derived(c);
            v->b[i] = 0;
            v->nvals--;
            host_written(c);
            GG_vdata_conform(v);
            return GrB_SUCCESS;
        }
    }
    GrB_Info info = GG_pending_append(c, i, 0, true, NULL, NULL);
    if (info == GrB_SUCCESS) drop_derived(c);
    return info;
}

void GG_vstore_adopt_coo(GG_container *c, GG_coo *t)
{
    GG_vdata v;
    GG_vdata_init(&v, c->nrows, c->type->size);
    v.i = t->row;
    v.x = t->x;
    v.nvals = t->n;
    GG_free(t->col);
    memset(t, 0, sizeof *t);
    GG_vec_adopt(c, &v);
}

GrB_Info GG_vstore_tuples(GG_container *c, GrB_Index *I, void *X, GrB_Type xtype,
                          GrB_Index *nvals)
{
    const GG_vdata *v;
    GrB_Info info = GG_vec_host(c, &v);
    if (info != GrB_SUCCESS) return info;
    if (*nvals < v->nvals) return GrB_INSUFFICIENT_SPACE;
    /* the same type moves as plain copies */
    GG_caster cast = GG_caster_make(xtype, c->type);
    if (xtype->code == c->type->code) cast.f = NULL;
    info = GG_vdata_gather(v, I, X, &cast);
    if (info != GrB_SUCCESS) return info;
    *nvals = v->nvals;
    return GrB_SUCCESS;
}

/* ---- GrB_Vector_build ------------------------------------------------------------------------
 * Three ways, by what the tuples are: indices strictly increasing give the SPARSE content as they
 * stand (copied, values cast); tuples as many as n / GG_VFORM_SPARSE_DIV or more are scattered
 * into a bitmap (O(n + tuples), no sort); fewer go through the stable sort of GG_coo_build. A
 * position's values are combined in input order, as the sort does: a = (D) x1, a = dup(a, (D) x2),
 * ..., then (ztype) a, D being dup's type (ztype without dup).
 * The scatter runs in parallel by index ranges: each thread counts its slice of the tuples per
 * range, the input positions are then placed range by range (keeping input order inside each
 * range), and each range's tuples are scattered by one thread. FastSV's four hooking builds on
 * RMAT-18 (262,144 tuples each, many repeats; bench/cc_calls, one thread, 2-core development
 * machine under load, 2026-11-26) took 5-13 ms in all, against 46-51 ms with the sort and
 * 89-187 ms for SuiteSparse 7.4 in the same runs. */

/* Bytes moved as a fixed-size copy where the size is common. */
static inline void copy_value(void *z, const void *x, size_t size)
{
    switch (size) {
    case 1: memcpy(z, x, 1); break;
    case 2: memcpy(z, x, 2); break;
    case 4: memcpy(z, x, 4); break;
    case 8: memcpy(z, x, 8); break;
    default: memcpy(z, x, size);
    }
}

typedef struct {
    const GrB_Index *I;
    const char *X;
    size_t xsize, asize; /* a tuple's value, and the accumulator's (D) */
    GG_caster to_a;      /* x to D; f NULL: a plain copy */
    GrB_BinaryOp dup;
    uint64_t dim;
    uint8_t *b;
    char *a; /* the accumulated values, by position */
} build_scatter;

/* Tuple k into the bitmap; false on a repeated position without dup. *fresh: whether the
 * position was new. tmp: scratch for a cast operand (a cast is between built-in types only). */
static inline bool scatter_one(const build_scatter *s, uint64_t k, char *tmp, bool *fresh)
{
    uint64_t i = s->I[k];
    char *z = s->a + i * s->asize;
    const char *x = s->X + k * s->xsize;
    *fresh = !s->b[i];
    if (*fresh) {
        s->b[i] = 1;
        if (s->to_a.f != NULL)
            s->to_a.f(z, x);
        else
            copy_value(z, x, s->asize);
        return true;
    }
    if (s->dup == NULL) return false;
    const char *y = x;
    if (s->to_a.f != NULL) {
        s->to_a.f(tmp, x);
        y = tmp;
    }
    s->dup->f(z, z, y);
    return true;
}

/* Tuples perm[lo, hi) (or lo..hi-1 themselves when perm is NULL) in order; adds the positions
 * set to *count; false on a repeated position without dup. */
static bool scatter_run(const build_scatter *s, const uint64_t *perm, uint64_t lo, uint64_t hi,
                        uint64_t *count)
{
    _Alignas(16) char tmp[16];
    uint64_t set = 0;
    bool fresh, ok = true;
    for (uint64_t p = lo; p < hi && ok; p++) {
        ok = scatter_one(s, perm != NULL ? perm[p] : p, tmp, &fresh);
        set += fresh;
    }
    *count += set;
    return ok;
}

/* The scatter of tuples [0, n) on nth > 1 threads by index ranges, one a thread; perm (n
 * entries) and cnt (nth * nth + nth + 1) are scratch. */
static bool scatter_ranges(const build_scatter *s, uint64_t n, int nth, uint64_t *perm,
                           uint64_t *cnt, uint64_t *count)
{
    /* cnt[t * R + r]: the tuples of thread t's slice in range r, then where they go in perm */
    uint64_t R = (uint64_t)nth, dim = s->dim, *start = cnt + R * R;
    memset(cnt, 0, (size_t)(R * R) * sizeof *cnt);
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int t = 0; t < nth; t++) {
        uint64_t *c = cnt + (uint64_t)t * R;
        for (uint64_t k = n * (uint64_t)t / R; k < n * (uint64_t)(t + 1) / R; k++)
            c[s->I[k] * R / dim]++;
    }
    uint64_t sum = 0;
    for (uint64_t r = 0; r < R; r++) {
        start[r] = sum;
        for (uint64_t t = 0; t < R; t++) {
            uint64_t c = cnt[t * R + r];
            cnt[t * R + r] = sum;
            sum += c;
        }
    }
    start[R] = sum;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int t = 0; t < nth; t++) {
        uint64_t *c = cnt + (uint64_t)t * R;
        for (uint64_t k = n * (uint64_t)t / R; k < n * (uint64_t)(t + 1) / R; k++)
            perm[c[s->I[k] * R / dim]++] = k;
    }
    uint64_t set = 0;
    bool ok = true;
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1) reduction(+ : set) reduction(&& : ok)
    for (int r = 0; r < nth; r++) ok = scatter_run(s, perm, start[r], start[r + 1], &set) && ok;
    *count = set;
    return ok;
}

/* x[i] = (ztype) a[i] at the positions [lo, hi) that have an entry. */
static void recast_range(const build_scatter *s, char *x, const GG_caster *to_z, size_t zsize,
                         uint64_t lo, uint64_t hi)
{
    for (uint64_t i = lo; i < hi; i++)
        if (s->b[i]) GG_caster_apply(to_z, x + i * zsize, s->a + i * s->asize);
}

/* The bitmap build: GrB_INVALID_VALUE for a repeated position without dup. */
static GrB_Info build_bitmap(GG_vdata *v, const GrB_Index *I, const void *X, GrB_Type xtype,
                             uint64_t n, GrB_Type ztype, GrB_BinaryOp dup)
{
    uint64_t dim = v->n;
    GrB_Type atype = dup != NULL ? dup->ztype : ztype;
    int nth = GG_nthreads_for(n);
    build_scatter s = {.I = I, .X = X, .xsize = xtype->size, .asize = atype->size, .dup = dup,
                       .dim = dim};
    if (xtype->code != atype->code) s.to_a = GG_caster_make(atype, xtype);
    bool recast = atype->code != ztype->code;
    s.b = GG_calloc((size_t)dim, 1);
    s.a = GG_store_alloc(dim, atype->size);
    char *x = recast ? GG_store_alloc(dim, ztype->size) : s.a;
    uint64_t *perm = nth > 1 ? GG_store_alloc(n, sizeof(uint64_t)) : NULL;
    uint64_t *cnt = nth > 1 ? GG_store_alloc((uint64_t)nth * (uint64_t)(nth + 1) + 1, sizeof(uint64_t)) : NULL;
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (s.b == NULL || s.a == NULL || x == NULL || (nth > 1 && (perm == NULL || cnt == NULL)))
        goto fail;
    uint64_t count = 0;
    bool ok = nth > 1 ? scatter_ranges(&s, n, nth, perm, cnt, &count)
                      : scatter_run(&s, NULL, 0, n, &count);
    GG_free(perm);
    GG_free(cnt);
    perm = cnt = NULL;
    info = GrB_INVALID_VALUE; /* a repeated position without dup */
    if (!ok) goto fail;
    if (recast) {
        GG_caster to_z = GG_caster_make(ztype, atype);
        size_t zs = ztype->size;
        int nr = GG_nthreads_for(dim / 4);
        if (nr <= 1) {
            recast_range(&s, x, &to_z, zs, 0, dim);
        } else {
#pragma omp parallel for num_threads(nr) schedule(static)
            for (int t = 0; t < nr; t++)
                recast_range(&s, x, &to_z, zs, dim * (uint64_t)t / (uint64_t)nr,
                             dim * (uint64_t)(t + 1) / (uint64_t)nr);
        }
        GG_free(s.a);
    }
    v->form = GG_VF_BITMAP;
    v->b = s.b;
    v->x = x;
    v->nvals = count;
    return GrB_SUCCESS;
fail:
    GG_free(s.b);
    GG_free(s.a);
    if (recast) GG_free(x);
    GG_free(perm);
    GG_free(cnt);
    return info;
}

typedef struct {
    const GrB_Index *I;
    const char *X;
    GG_vdata *v;
    GG_caster to_a, to_z; /* x to dup's type D, D to the vector's type */
    size_t xsize, zsize;
    bool direct; /* D is the vector's type */
    bool same;   /* so is x's */
} sorted_copy;

/* Tuples [lo, hi) of a sorted build into v. */
static void sorted_range(const sorted_copy *c, uint64_t lo, uint64_t hi)
{
    if (hi == lo) return;
    GG_vdata *v = c->v;
    memcpy(v->i + lo, c->I + lo, (size_t)(hi - lo) * sizeof(uint64_t));
    if (c->direct && c->same) {
        memcpy((char *)v->x + lo * c->zsize, c->X + lo * c->xsize, (size_t)(hi - lo) * c->zsize);
        return;
    }
    _Alignas(16) char a[16];
    for (uint64_t k = lo; k < hi; k++) {
        char *z = (char *)v->x + k * c->zsize;
        const char *x = c->X + k * c->xsize;
        if (c->direct) {
            GG_caster_apply(&c->to_a, z, x);
        } else {
            GG_caster_apply(&c->to_a, a, x);
            GG_caster_apply(&c->to_z, z, a);
        }
    }
}

/* The SPARSE content of tuples whose indices strictly increase: I copied, values cast to ztype
 * (through D's type when there is a dup, as for every build). */
static GrB_Info build_sorted(GG_vdata *v, const GrB_Index *I, const void *X, GrB_Type xtype,
                             uint64_t n, GrB_Type ztype, GrB_BinaryOp dup)
{
    GrB_Type atype = dup != NULL ? dup->ztype : ztype;
    v->i = GG_store_alloc(n, sizeof(uint64_t));
    v->x = GG_store_alloc(n, ztype->size);
    if (v->i == NULL || v->x == NULL) {
        GG_vdata_free(v);
        return GrB_OUT_OF_MEMORY;
    }
    sorted_copy c = {.I = I, .X = X, .v = v, .to_a = GG_caster_make(atype, xtype),
                     .to_z = GG_caster_make(ztype, atype), .xsize = xtype->size,
                     .zsize = ztype->size, .direct = atype->code == ztype->code,
                     .same = xtype->code == ztype->code};
    int nth = GG_nthreads_for(n / 4);
    if (nth <= 1) {
        sorted_range(&c, 0, n);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int t = 0; t < nth; t++)
            sorted_range(&c, n * (uint64_t)t / (uint64_t)nth, n * (uint64_t)(t + 1) / (uint64_t)nth);
    }
    v->nvals = n;
    return GrB_SUCCESS;
}

/* Whether some index of I[lo, hi) is out of range (*bad) and whether they do not strictly increase
 * from I[lo - 1] on (*sorted false); the flags are only ever set that way. */
static void check_range(const GrB_Index *I, uint64_t lo, uint64_t hi, uint64_t dim, bool *bad,
                        bool *sorted)
{
    uint64_t prev = lo > 0 ? I[lo - 1] : 0;
    bool out = false, up = true;
    for (uint64_t k = lo; k < hi; k++) {
        out |= I[k] >= dim;
        up &= k == 0 || I[k] > prev;
        prev = I[k];
    }
    *bad = *bad || out;
    *sorted = *sorted && up;
}

GrB_Info GG_vstore_build(GG_container *c, const GrB_Index *I, const void *X, GrB_Type xtype,
                         GrB_Index n, GrB_BinaryOp dup)
{
    uint64_t dim = c->nrows;
    /* indices in range, and whether they strictly increase (then there is nothing to combine) */
    int nth = GG_nthreads_for(n);
    bool bad = false, sorted = true;
    if (nth <= 1) {
        check_range(I, 0, n, dim, &bad, &sorted);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static) reduction(|| : bad) reduction(&& : sorted)
        for (int t = 0; t < nth; t++) {
            bool out = false, up = true;
            check_range(I, n * (uint64_t)t / (uint64_t)nth, n * (uint64_t)(t + 1) / (uint64_t)nth,
                        dim, &out, &up);
            bad = bad || out;
            sorted = sorted && up;
        }
    }
    if (bad) return GrB_INDEX_OUT_OF_BOUNDS;
    GG_vdata v;
    GG_vdata_init(&v, dim, c->type->size);
    GrB_Info info;
    if (sorted) {
        info = build_sorted(&v, I, X, xtype, n, c->type, dup);
    } else if (dim <= GG_VFORM_BITMAP_MAX && n >= dim / GG_VFORM_SPARSE_DIV) {
        info = build_bitmap(&v, I, X, xtype, n, c->type, dup);
    } else {
        GG_coo t;
        info = GG_coo_build(&t, I, NULL, X, xtype, n, dim, 1, c->type, dup);
        if (info == GrB_SUCCESS) GG_vstore_adopt_coo(c, &t);
        return info;
    }
    if (info == GrB_SUCCESS) GG_vec_adopt(c, &v);
    return info;
}
