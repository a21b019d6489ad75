/* vwriteback.c: C<M,replace>(I) = accum(C(I), T) on vector content in its forms (GG_cpu_vec.h).
 *
 * In place (a BITMAP or FULL C) the result differs from C only where T has an entry, and, where
 * deletions are possible, at positions the mask or the region bounds: an accumulating write-back
 * touches T's entries alone; one without accum also visits the entries of a plain mask (or of
 * the region) to delete C's entries that T lacks; replace visits those of a complemented mask.
 * Only what no such set bounds needs a pass over all of C. So the update runs in two phases:
 * deletions first (a pass that may also delete entries T then sets again), then T's entries,
 * driven by whichever of T, the plain mask and the region is smallest.
 * Two SPARSE operands merge into a new SPARSE result; any other new result is C copied into a
 * BITMAP or FULL vector and updated in place. Large passes run in parallel chunks. */
#include "GG_cpu_vec.h"

/* ---- helpers on content ------------------------------------------------------------------------ */

void GG_cpu_vshrink(GG_vdata *v)
{
    size_t n = v->nvals == 0 ? 1 : (size_t)v->nvals;
    void *p;
    if ((p = GG_realloc(v->i, n * sizeof(uint64_t))) != NULL) v->i = p;
    if (!v->iso && (p = GG_realloc(v->x, n * v->size)) != NULL) v->x = p;
}

/* v's entries at storage positions [lo, hi) cast into the dense T; returns how many. */
static uint64_t vdense_range(GG_vdata *T, const GG_vdata *v, const GG_cpu_cast *cast, uint64_t lo,
                             uint64_t hi)
{
    size_t xs = GG_vstride(v), zsize = T->size;
    uint64_t p = lo, i, q, count = 0;
    while (GG_cpu_vnext(v, &p, hi, &i, &q)) {
        GG_cpu_cast_put(cast, (char *)T->x + i * zsize, (const char *)v->x + q * xs);
        if (T->b != NULL) T->b[i] = 1;
        count++;
    }
    return count;
}

GrB_Info GG_cpu_vdense(GG_vdata *T, const GG_vdata *v, GrB_Type ztype, GrB_Type xtype)
{
    size_t zsize = ztype->size;
    bool full = v->form == GG_VF_FULL;
    GrB_Info info = GG_vdata_alloc(T, v->n, zsize, full ? GG_VF_FULL : GG_VF_BITMAP, full ? v->n : 0,
                                   false);
    if (info != GrB_SUCCESS) return info;
    GG_cpu_cast cast = GG_cpu_cast_make(ztype, xtype == NULL ? ztype : xtype);
    uint64_t len = GG_cpu_vlen(v);
    int nth = GG_cpu_nthreads_move(len);
    uint64_t count = 0;
    if (nth <= 1) {
        /* no parallel region: even one thread's costs a team set-up */
        count = vdense_range(T, v, &cast, 0, len);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : count)
        for (int k = 0; k < nth; k++) count += vdense_range(T, v, &cast, len * k / nth, len * (k + 1) / nth);
    }
    if (!full) T->nvals = count;
    return GrB_SUCCESS;
}

/* ---- the rules ------------------------------------------------------------------------------------ */

/* A write-back prepared: casts and scratch sizes. */
typedef struct {
    const GG_cpu_vwb *w;
    size_t csize;
    GG_cpu_cast t2c, c2x, t2y, z2c;
    size_t xsize, ysize, scratch; /* accum's operands and the scratch one chunk needs */
} wb_ops;

static wb_ops wb_prepare(const GG_cpu_vwb *w, GrB_Type ttype)
{
    wb_ops o = {.w = w, .csize = w->ctype->size, .t2c = GG_cpu_cast_make(w->ctype, ttype),
                .scratch = 1};
    if (w->accum != NULL) {
        o.c2x = GG_cpu_cast_make(w->accum->xtype, w->ctype);
        o.t2y = GG_cpu_cast_make(w->accum->ytype, ttype);
        o.z2c = GG_cpu_cast_make(w->ctype, w->accum->ztype);
        o.xsize = w->accum->xtype->size;
        o.ysize = w->accum->ytype->size;
        /* whole cache lines: aligned for the operator's typed reads, and not shared by threads */
        o.scratch = GG_cpu_line_round(o.xsize + o.ysize + w->accum->ztype->size);
    }
    return o;
}

/* Position i inside the region. */
static inline bool wb_inside(const GG_cpu_vwb *w, uint64_t i)
{
    GrB_Index first;
    return w->region == NULL || GG_cpu_ilist_find(w->region, i, &first) > 0;
}

/* C(i) = T(i), or accum(C(i), T(i)) where C has an entry; C is non-iso BITMAP or FULL (or iso
 * and the value is known to equal its own: `iso` then skips the store). Returns the change of
 * C's entry count. */
static inline int64_t wb_put(const wb_ops *o, GG_vdata *C, uint64_t i, const void *tv, char *s)
{
    bool has_c = C->b == NULL || C->b[i];
    if (C->iso) {
        if (has_c) return 0;
        C->b[i] = 1;
        return 1;
    }
    char *cz = (char *)C->x + i * o->csize;
    if (has_c && o->w->accum != NULL) {
        char *xs = s, *ys = s + o->xsize, *zs = ys + o->ysize;
        o->w->accum->f(zs, GG_cpu_cast_in(&o->c2x, xs, cz), GG_cpu_cast_in(&o->t2y, ys, tv));
        GG_cpu_cast_do(&o->z2c, cz, zs);
        return 0;
    }
    GG_cpu_cast_put(&o->t2c, cz, tv);
    if (has_c) return 0;
    C->b[i] = 1;
    return 1;
}

/* ---- in place ------------------------------------------------------------------------------------- */

/* The sets that drive a pass. */
typedef enum { DRV_T, DRV_MASK, DRV_REGION, DRV_ALL } wb_driver;

/* Storage length of a driver (what a pass over it costs). */
static uint64_t drv_len(const GG_cpu_vwb *w, const GG_vdata *C, const GG_vdata *T, wb_driver d)
{
    switch (d) {
    case DRV_T: return GG_cpu_vlen(T);
    case DRV_MASK: return GG_cpu_vlen(w->mk.m);
    case DRV_REGION: return w->region->n;
    default: return C->n;
    }
}

/* The next position of driver d in [*k, end): *i; for DRV_T also T's value position *q. Region
 * drivers visit each distinct index once; mask drivers only true mask entries. */
static inline bool drv_next(const GG_cpu_vwb *w, const GG_vdata *C, const GG_vdata *T, wb_driver d,
                            uint64_t *k, uint64_t end, uint64_t *i, uint64_t *q)
{
    switch (d) {
    case DRV_T: return GG_cpu_vnext(T, k, end, i, q);
    case DRV_MASK:
        while (GG_cpu_vnext(w->mk.m, k, end, i, q))
            if (GG_cpu_vmask_true(&w->mk, *q)) return true;
        return false;
    case DRV_REGION: {
        const GG_cpu_ilist *L = w->region;
        while (*k < end) {
            uint64_t p = (*k)++;
            if (p > 0 && GG_cpu_ilist_val(L, p - 1) == GG_cpu_ilist_val(L, p)) continue;
            *i = GG_cpu_ilist_val(L, p);
            return true;
        }
        return false;
    }
    default: {
        uint64_t p = *k;
        if (C->b != NULL)
            while (p < end && !C->b[p]) p++;
        *k = p + 1;
        *i = p;
        return p < end;
    }
    }
}

typedef struct {
    const wb_ops *o;
    GG_vdata *C;
    const GG_vdata *T;
    wb_driver d;
    bool del_in, del_out; /* phase 1: which deletions */
} wb_pass;

/* Phase 1 over [lo, hi) of the driver: deletes C's entries that are allowed and inside without a
 * T entry to replace them (del_in; T's entries there come back in phase 2) or ruled out by the
 * mask (del_out). */
static int64_t pass_delete(const wb_pass *a, uint64_t lo, uint64_t hi)
{
    const GG_cpu_vwb *w = a->o->w;
    GG_vdata *C = a->C;
    GG_cpu_vcur mc = GG_cpu_vcur_make(w->mk.m);
    int64_t delta = 0;
    uint64_t k = lo, i, q;
    while (drv_next(w, C, a->T, a->d, &k, hi, &i, &q)) {
        if (!C->b[i]) continue;
        bool allowed = a->d == DRV_MASK ? !w->mk.comp : GG_cpu_vmask_allows(&w->mk, &mc, i);
        bool inside = a->d == DRV_REGION || wb_inside(w, i);
        if ((a->del_in && allowed && inside) || (a->del_out && !allowed)) {
            C->b[i] = 0;
            delta--;
        }
    }
    return delta;
}

/* Phase 2 over [lo, hi) of the driver: T's entries that are allowed and inside go into C. */
static int64_t pass_put(const wb_pass *a, uint64_t lo, uint64_t hi, char *scratch)
{
    const wb_ops *o = a->o;
    const GG_cpu_vwb *w = o->w;
    const GG_vdata *T = a->T;
    GG_cpu_vcur mc = GG_cpu_vcur_make(w->mk.m), tc = GG_cpu_vcur_make(T);
    size_t ts = GG_vstride(T);
    int64_t delta = 0;
    uint64_t k = lo, i, q;
    while (drv_next(w, a->C, T, a->d, &k, hi, &i, &q)) {
        if (a->d != DRV_T && !GG_cpu_vcur_find(&tc, i, &q)) continue;
        if (a->d != DRV_MASK && !GG_cpu_vmask_allows(&w->mk, &mc, i)) continue;
        if (a->d != DRV_REGION && !wb_inside(w, i)) continue;
        delta += wb_put(o, a->C, i, (const char *)T->x + q * ts, scratch);
    }
    return delta;
}

/* Runs one phase over the whole driver, in parallel chunks when long; returns the count change. */
static int64_t run_pass(const wb_pass *a, bool put, char *scratch, int nth)
{
    uint64_t len = drv_len(a->o->w, a->C, a->T, a->d);
    if (nth <= 1) return put ? pass_put(a, 0, len, scratch) : pass_delete(a, 0, len);
    int64_t delta = 0;
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : delta)
    for (int k = 0; k < nth; k++) {
        uint64_t lo = len * k / nth, hi = len * (k + 1) / nth;
        delta += put ? pass_put(a, lo, hi, scratch + k * a->o->scratch) : pass_delete(a, lo, hi);
    }
    return delta;
}

/* Whether writing T into the iso C leaves every value C's own: T iso with the same value once
 * cast, and no accumulator. */
static bool keeps_iso(const wb_ops *o, const GG_vdata *C, const GG_vdata *T)
{
    if (o->w->accum != NULL || !T->iso || T->nvals == 0 || o->csize > 64) return false;
    unsigned char v[64];
    GG_cpu_cast_put(&o->t2c, v, T->x);
    return memcmp(v, C->x, o->csize) == 0;
}

GrB_Info GG_cpu_vwb_update(GG_vdata *C, const GG_cpu_vwb *w, const GG_vdata *T, GrB_Type ttype)
{
    wb_ops o = wb_prepare(w, ttype);
    const GG_cpu_vmask *mk = &w->mk;
    bool has_mask = mk->m != NULL, plain = has_mask && !mk->comp;
    bool nothing_allowed = !has_mask && mk->comp;
    /* Phase 1: deletions, with the cheapest driver that bounds them (mask entries or region), or
     * every entry of C. T FULL replaces every allowed, inside entry, so nothing there to delete. */
    bool del_in = w->accum == NULL && T->form != GG_VF_FULL && !nothing_allowed;
    bool del_out = w->replace && (has_mask || mk->comp);
    wb_driver d1[2];
    int nd1 = 0;
    if (del_in || del_out) {
        bool all = (del_in && !plain && w->region == NULL) || (del_out && !(has_mask && mk->comp));
        if (all) {
            d1[nd1++] = DRV_ALL;
        } else {
            if ((del_in && plain) || del_out) d1[nd1++] = DRV_MASK;
            if (del_in && !plain) d1[nd1++] = DRV_REGION;
        }
    }
    /* Phase 2: T's entries, or those of a plain mask or of the region, whichever is shortest. */
    wb_driver d2 = DRV_T;
    uint64_t len2 = GG_cpu_vlen(T);
    if (plain && GG_cpu_vlen(mk->m) < len2) d2 = DRV_MASK, len2 = GG_cpu_vlen(mk->m);
    if (w->region != NULL && w->region->n < len2) d2 = DRV_REGION, len2 = w->region->n;
    bool puts = T->nvals > 0 && !nothing_allowed;

    /* Everything that may be allocated, before anything changes. */
    int nth1 = 1;
    for (int k = 0; k < nd1; k++) {
        int t = GG_cpu_nthreads(drv_len(w, C, T, d1[k]));
        if (t > nth1) nth1 = t;
    }
    int nth2 = puts ? GG_cpu_nthreads(len2) : 1;
    char *scratch = GG_malloc((size_t)nth2 * o.scratch);
    uint8_t *b = NULL;
    void *x = NULL;
    bool to_bitmap = nd1 > 0 && C->form == GG_VF_FULL;
    bool expand = C->iso && puts && !keeps_iso(&o, C, T);
    if (to_bitmap) b = GG_malloc(C->n == 0 ? 1 : (size_t)C->n);
    if (expand) {
        size_t bytes;
        x = GG_mul_size((size_t)C->n + 1, o.csize, &bytes) ? GG_malloc(bytes) : NULL;
    }
    if (scratch == NULL || (to_bitmap && b == NULL) || (expand && x == NULL)) {
        GG_free(scratch);
        GG_free(b);
        GG_free(x);
        return GrB_OUT_OF_MEMORY;
    }
    if (to_bitmap) {
        memset(b, 1, (size_t)C->n);
        C->b = b;
        C->form = GG_VF_BITMAP;
    }
    if (expand) {
        int nth = GG_cpu_nthreads_move(C->n);
#pragma omp parallel for num_threads(nth) schedule(static)
        for (uint64_t i = 0; i < C->n; i++) GG_cpu_copy((char *)x + i * o.csize, C->x, o.csize);
        GG_free(C->x);
        C->x = x;
        C->iso = false;
    }

    int64_t delta = 0;
    for (int k = 0; k < nd1; k++) {
        wb_pass a = {.o = &o, .C = C, .T = T, .d = d1[k], .del_in = del_in, .del_out = del_out};
        delta += run_pass(&a, false, NULL, nth1);
    }
    if (puts) {
        wb_pass a = {.o = &o, .C = C, .T = T, .d = d2};
        delta += run_pass(&a, true, scratch, nth2);
    }
    C->nvals = (uint64_t)((int64_t)C->nvals + delta);
    GG_free(scratch);
    if (C->form == GG_VF_BITMAP && C->nvals == C->n && C->n > 0) {
        GG_free(C->b);
        C->b = NULL;
        C->form = GG_VF_FULL;
    }
    return GrB_SUCCESS;
}

/* ---- a new result ---------------------------------------------------------------------------------- */

/* The merge of two SPARSE vectors over index range chunks. */
typedef struct {
    const wb_ops *o;
    const GG_vdata *C, *T;
    GG_vdata *Z;
} wb_merge_ctx;

/* Merges C[pc, ce) with T[pt, te); writes Z's entries from position `at` when write, else only
 * counts them. */
static uint64_t merge_range(const wb_merge_ctx *m, uint64_t pc, uint64_t ce, uint64_t pt,
                            uint64_t te, bool write, uint64_t at, char *s)
{
    const wb_ops *o = m->o;
    const GG_cpu_vwb *w = o->w;
    const GG_vdata *C = m->C, *T = m->T;
    GG_vdata *Z = m->Z;
    GG_cpu_vcur mc = GG_cpu_vcur_make(w->mk.m);
    size_t cs = GG_vstride(C), ts = GG_vstride(T), csize = o->csize;
    uint64_t n = 0;
    while (pc < ce || pt < te) {
        uint64_t ci = pc < ce ? C->i[pc] : UINT64_MAX, ti = pt < te ? T->i[pt] : UINT64_MAX;
        bool has_c = ci <= ti, has_t = ti <= ci;
        uint64_t i = has_c ? ci : ti;
        const char *cv = (const char *)C->x + pc * cs, *tv = (const char *)T->x + pt * ts;
        if (has_c) pc++;
        if (has_t) pt++;
        /* src: 0 nothing, 1 C's value, 2 T's value, 3 accum(C, T) */
        int src;
        if (!GG_cpu_vmask_allows(&w->mk, &mc, i))
            src = has_c && !w->replace ? 1 : 0;
        else if (!wb_inside(w, i))
            src = has_c ? 1 : 0;
        else if (w->accum == NULL)
            src = has_t ? 2 : 0;
        else
            src = has_c && has_t ? 3 : has_c ? 1 : 2;
        if (src == 0) continue;
        if (write) {
            uint64_t e = at + n;
            char *z = (char *)Z->x + e * csize;
            Z->i[e] = i;
            if (src == 1) {
                GG_cpu_copy(z, cv, csize);
            } else if (src == 2) {
                GG_cpu_cast_put(&o->t2c, z, tv);
            } else {
                char *xs = s, *ys = s + o->xsize, *zs = ys + o->ysize;
                w->accum->f(zs, GG_cpu_cast_in(&o->c2x, xs, cv), GG_cpu_cast_in(&o->t2y, ys, tv));
                GG_cpu_cast_do(&o->z2c, z, zs);
            }
        }
        n++;
    }
    return n;
}

static GrB_Info vwb_merge(GG_vdata *Z, const GG_vdata *C, const wb_ops *o, const GG_vdata *T)
{
    uint64_t nc = C->nvals, nt = T->nvals;
    int nth = GG_cpu_nthreads(nc + nt);
    int nr = nth > 1 ? 4 * nth : 1;
    uint64_t *pc = GG_malloc(((size_t)nr + 1) * 4 * sizeof(uint64_t));
    char *scratch = GG_malloc((size_t)nr * o->scratch);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (pc == NULL || scratch == NULL) goto done;
    uint64_t *pt = pc + nr + 1, *cnt = pt + nr + 1, *off = cnt + nr + 1;
    /* index ranges cut evenly through the longer input */
    const GG_vdata *big = nc >= nt ? C : T;
    pc[0] = pt[0] = 0;
    pc[nr] = nc;
    pt[nr] = nt;
    for (int k = 1; k < nr; k++) {
        uint64_t key = big->i[big->nvals * k / nr];
        pc[k] = GG_cpu_vseek(C->i, 0, nc, key);
        pt[k] = GG_cpu_vseek(T->i, 0, nt, key);
    }
    wb_merge_ctx m = {.o = o, .C = C, .T = T, .Z = Z};
    uint64_t total = 0;
    if (nr == 1) {
        total = nc + nt;
    } else {
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1)
        for (int k = 0; k < nr; k++) cnt[k] = merge_range(&m, pc[k], pc[k + 1], pt[k], pt[k + 1], false, 0, NULL);
        for (int k = 0; k < nr; k++) off[k] = total, total += cnt[k];
    }
    info = GG_vdata_alloc(Z, C->n, o->csize, GG_VF_SPARSE, total, false);
    if (info != GrB_SUCCESS) goto done;
    if (nr == 1) {
        Z->nvals = merge_range(&m, 0, nc, 0, nt, true, 0, scratch);
        GG_cpu_vshrink(Z);
    } else {
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1)
        for (int k = 0; k < nr; k++)
            merge_range(&m, pc[k], pc[k + 1], pt[k], pt[k + 1], true, off[k], scratch + k * o->scratch);
    }
done:
    GG_free(pc);
    GG_free(scratch);
    return info;
}

GrB_Info GG_cpu_vwb_new(GG_vdata *Z, const GG_vdata *C, const GG_cpu_vwb *w, const GG_vdata *T,
                        GrB_Type ttype)
{
    if (C->form == GG_VF_SPARSE && T->form == GG_VF_SPARSE) {
        wb_ops o = wb_prepare(w, ttype);
        return vwb_merge(Z, C, &o, T);
    }
    GrB_Info info = GG_cpu_vdense(Z, C, w->ctype, NULL);
    if (info == GrB_SUCCESS) info = GG_cpu_vwb_update(Z, w, T, ttype);
    if (info != GrB_SUCCESS) GG_vdata_free(Z);
    return info;
}

/* T's flags at [lo, hi) cleared where the mask rules the entry out; returns the entries kept. */
static uint64_t vfilter_range(GG_vdata *T, const GG_cpu_vmask *mk, uint64_t lo, uint64_t hi)
{
    uint64_t kept = 0;
    if (mk->structural && mk->m != NULL && mk->m->form == GG_VF_BITMAP) {
        /* a structural bitmap mask: its flags and T's, without a lookup per position; no
         * branch, so the loop vectorizes */
        const uint8_t *mb = mk->m->b;
        uint8_t comp = mk->comp;
        for (uint64_t i = lo; i < hi; i++) {
            T->b[i] = (uint8_t)(T->b[i] & ((mb[i] != 0) ^ comp));
            kept += T->b[i];
        }
        return kept;
    }
    GG_cpu_vcur mc = GG_cpu_vcur_make(mk->m);
    for (uint64_t i = lo; i < hi; i++) {
        if (!T->b[i]) continue;
        T->b[i] = GG_cpu_vmask_allows(mk, &mc, i);
        kept += T->b[i];
    }
    return kept;
}

GrB_Info GG_cpu_vfilter(GG_vdata *T, const GG_cpu_vmask *mk)
{
    if (T->form == GG_VF_FULL) {
        uint8_t *b = GG_malloc(T->n == 0 ? 1 : (size_t)T->n);
        if (b == NULL) return GrB_OUT_OF_MEMORY;
        memset(b, 1, (size_t)T->n);
        T->b = b;
        T->form = GG_VF_BITMAP;
    }
    uint64_t n = T->n, kept = 0;
    int nth = GG_cpu_nthreads_move(n);
    if (nth <= 1) {
        /* no parallel region: even one thread's costs a team set-up */
        kept = vfilter_range(T, mk, 0, n);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : kept)
        for (int k = 0; k < nth; k++) kept += vfilter_range(T, mk, n * k / nth, n * (k + 1) / nth);
    }
    T->nvals = kept;
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_vrestrict(GG_vdata *Z, const GG_vdata *T, const GG_cpu_vmask *mk,
                          const GG_cpu_ilist *region)
{
    GG_cpu_vwb w = {.mk = *mk, .region = region};
    wb_driver d = DRV_T;
    uint64_t len = GG_cpu_vlen(T);
    if (mk->m != NULL && !mk->comp && GG_cpu_vlen(mk->m) < len) d = DRV_MASK, len = GG_cpu_vlen(mk->m);
    if (region != NULL && region->n < len) d = DRV_REGION, len = region->n;
    uint64_t cap = len < T->nvals ? len : T->nvals;
    GrB_Info info = GG_vdata_alloc(Z, T->n, T->size, GG_VF_SPARSE, cap, T->iso);
    if (info != GrB_SUCCESS) return info;
    if (T->iso) memcpy(Z->x, T->x, T->size);
    GG_cpu_vcur mc = GG_cpu_vcur_make(mk->m), tc = GG_cpu_vcur_make(T);
    uint64_t k = 0, i, q, n = 0;
    while (drv_next(&w, NULL, T, d, &k, len, &i, &q)) {
        if (d != DRV_T && !GG_cpu_vcur_find(&tc, i, &q)) continue;
        if (d != DRV_MASK && !GG_cpu_vmask_allows(mk, &mc, i)) continue;
        if (d != DRV_REGION && !wb_inside(&w, i)) continue;
        Z->i[n] = i;
        if (!T->iso) GG_cpu_copy((char *)Z->x + n * T->size, GG_vdata_val(T, q), T->size);
        n++;
    }
    Z->nvals = n;
    GG_cpu_vshrink(Z);
    return GrB_SUCCESS;
}
