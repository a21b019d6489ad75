/* vdata.c: GG_vdata on the host (GG_store.h): allocation and release of a vector's content in its
 * three forms, conversions between them, copies and lookups. */
#include "GG_store_private.h"

void GG_vdata_init(GG_vdata *v, uint64_t n, size_t size)
{
    memset(v, 0, sizeof *v);
    v->n = n;
    v->size = (uint32_t)size;
    v->form = GG_VF_SPARSE;
}

void GG_vdata_free(GG_vdata *v)
{
    GG_free(v->i);
    GG_free(v->b);
    GG_free(v->x);
    GG_vdata_init(v, v->n, v->size);
}

void *GG_store_alloc(uint64_t count, size_t size)
{
    size_t bytes;
    if (count > SIZE_MAX || !GG_mul_size((size_t)count, size, &bytes)) return NULL;
    return GG_malloc(bytes == 0 ? 1 : bytes);
}

void *GG_store_calloc(uint64_t count, size_t size)
{
    size_t bytes;
    if (count > SIZE_MAX || !GG_mul_size((size_t)count, size, &bytes)) return NULL;
    return GG_calloc(bytes == 0 ? 1 : bytes, 1);
}

GrB_Info GG_vdata_alloc(GG_vdata *v, uint64_t n, size_t size, GG_vform_kind form, uint64_t nvals,
                        bool iso)
{
    GG_vdata_init(v, n, size);
    v->form = (uint8_t)form;
    v->iso = iso;
    v->nvals = nvals;
    bool ok = true;
    if (form == GG_VF_SPARSE) ok = (v->i = GG_store_alloc(nvals, sizeof(uint64_t))) != NULL;
    if (ok && form == GG_VF_BITMAP) {
        size_t bytes;
        ok = n <= SIZE_MAX && GG_mul_size((size_t)n, 1, &bytes) &&
             (v->b = GG_calloc(bytes == 0 ? 1 : bytes, 1)) != NULL;
    }
    uint64_t nx = GG_vdata_nx(v) == 0 && iso ? 1 : GG_vdata_nx(v);
    if (ok) ok = (v->x = form == GG_VF_BITMAP ? GG_store_calloc(nx, size) : GG_store_alloc(nx, size)) != NULL;
    if (ok) return GrB_SUCCESS;
    GG_vdata_free(v);
    return GrB_OUT_OF_MEMORY;
}

/* ---- listing the entries ---------------------------------------------------------------------- */

/* One value moved: cast, or copied when cast->f is NULL. */
static inline void put_value(const GG_caster *cast, void *z, const void *x)
{
    if (cast->f != NULL) {
        cast->f(z, x);
        return;
    }
    switch (cast->size) {
    case 1: memcpy(z, x, 1); break;
    case 4: memcpy(z, x, 4); break;
    case 8: memcpy(z, x, 8); break;
    default: memcpy(z, x, cast->size);
    }
}

/* Entries [lo, hi) of a SPARSE or FULL v (its positions lo..) into I and X. */
static void gather_packed(const GG_vdata *v, uint64_t *I, char *X, const GG_caster *cast,
                          uint64_t lo, uint64_t hi)
{
    if (I != NULL && v->form == GG_VF_SPARSE)
        memcpy(I + lo, v->i + lo, (size_t)(hi - lo) * sizeof(uint64_t));
    else if (I != NULL)
        for (uint64_t k = lo; k < hi; k++) I[k] = k;
    if (X == NULL) return;
    size_t xs = cast->size, vs = v->iso ? 0 : v->size;
    if (!v->iso && cast->f == NULL) {
        memcpy(X + lo * xs, (const char *)v->x + lo * vs, (size_t)(hi - lo) * xs);
        return;
    }
    for (uint64_t k = lo; k < hi; k++) put_value(cast, X + k * xs, (const char *)v->x + k * vs);
}

/* The entries of a BITMAP v at positions [lo, hi) into I and X from list position e. */
static void gather_bitmap(const GG_vdata *v, uint64_t *I, char *X, const GG_caster *cast,
                          uint64_t lo, uint64_t hi, uint64_t e)
{
    size_t xs = cast->size, vs = v->iso ? 0 : v->size;
    for (uint64_t k = lo; k < hi; k++) {
        if (!v->b[k]) continue;
        if (I != NULL) I[e] = k;
        if (X != NULL) put_value(cast, X + e * xs, (const char *)v->x + k * vs);
        e++;
    }
}

GrB_Info GG_vdata_gather(const GG_vdata *v, uint64_t *I, void *X, const GG_caster *cast)
{
    uint64_t len = v->form == GG_VF_SPARSE ? v->nvals : v->n;
    int nth = GG_nthreads_move(len);
    bool packed = v->form != GG_VF_BITMAP;
    if (v->nvals == 0) return GrB_SUCCESS;
    /* serially without a parallel region, which costs a team set-up even on one thread */
    if (nth <= 1 && packed) gather_packed(v, I, X, cast, 0, len);
    if (nth <= 1 && !packed) gather_bitmap(v, I, X, cast, 0, len, 0);
    if (nth <= 1) return GrB_SUCCESS;
    uint64_t T = (uint64_t)nth;
    if (packed) {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int t = 0; t < nth; t++)
            gather_packed(v, I, X, cast, len * (uint64_t)t / T, len * (uint64_t)(t + 1) / T);
        return GrB_SUCCESS;
    }
    /* a bitmap: each chunk's entries counted, then listed from the chunk's offset */
    uint64_t *start = GG_calloc((size_t)nth + 1, sizeof(uint64_t));
    if (start == NULL) return GrB_OUT_OF_MEMORY;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int t = 0; t < nth; t++) {
        uint64_t c = 0, hi = len * (uint64_t)(t + 1) / T;
        for (uint64_t k = len * (uint64_t)t / T; k < hi; k++) c += v->b[k];
        start[t + 1] = c;
    }
    for (int t = 0; t < nth; t++) start[t + 1] += start[t];
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int t = 0; t < nth; t++)
        gather_bitmap(v, I, X, cast, len * (uint64_t)t / T, len * (uint64_t)(t + 1) / T, start[t]);
    GG_free(start);
    return GrB_SUCCESS;
}

/* ---- conversions between the forms --------------------------------------------------------------
 * Every conversion allocates what the target needs before it touches v, so a failure leaves v as
 * it was. Values packed in entry order (SPARSE, FULL) keep their array when the target packs them
 * the same way, and an iso value is never moved. */

/* The entries [lo, hi) of a SPARSE v: flags set in b, values (x not NULL) scattered into x. */
static void scatter_sparse(const GG_vdata *v, uint8_t *b, char *x, uint64_t lo, uint64_t hi)
{
    size_t size = v->size;
    for (uint64_t p = lo; p < hi; p++) {
        b[v->i[p]] = 1;
        if (x != NULL) memcpy(x + v->i[p] * size, (const char *)v->x + p * size, size);
    }
}

/* SPARSE or FULL to BITMAP: flags set at the entries, values scattered to their positions. */
static GrB_Info to_bitmap(GG_vdata *v)
{
    if (v->n > GG_VFORM_BITMAP_MAX) return GrB_OUT_OF_MEMORY;
    uint8_t *b = GG_calloc(v->n == 0 ? 1 : (size_t)v->n, 1);
    void *x = NULL;
    bool scatter = v->form == GG_VF_SPARSE && !v->iso;
    if (b != NULL && scatter) x = GG_store_calloc(v->n, v->size);
    if (b == NULL || (scatter && x == NULL)) {
        GG_free(b);
        GG_free(x);
        return GrB_OUT_OF_MEMORY;
    }
    if (v->form == GG_VF_FULL) {
        memset(b, 1, (size_t)v->n);
    } else {
        /* the indices are distinct: no two entries write the same flag or value */
        int nth = GG_nthreads_move(v->nvals);
        uint64_t T = (uint64_t)nth, n = v->nvals;
        if (nth <= 1) {
            scatter_sparse(v, b, scatter ? x : NULL, 0, n);
        } else {
#pragma omp parallel for num_threads(nth) schedule(static)
            for (int t = 0; t < nth; t++)
                scatter_sparse(v, b, scatter ? x : NULL, n * (uint64_t)t / T, n * (uint64_t)(t + 1) / T);
        }
        GG_free(v->i);
        v->i = NULL;
    }
    if (scatter) {
        GG_free(v->x);
        v->x = x;
    }
    v->b = b;
    v->form = GG_VF_BITMAP;
    return GrB_SUCCESS;
}

/* BITMAP or FULL to SPARSE: the indices listed, values gathered (a FULL vector's values already
 * are in entry order). */
static GrB_Info to_sparse(GG_vdata *v)
{
    uint64_t *i = GG_store_alloc(v->nvals, sizeof(uint64_t));
    void *x = NULL;
    bool gather = v->form == GG_VF_BITMAP && !v->iso;
    if (i != NULL && gather) x = GG_store_alloc(v->nvals, v->size);
    if (i == NULL || (gather && x == NULL)) {
        GG_free(i);
        GG_free(x);
        return GrB_OUT_OF_MEMORY;
    }
    GG_caster copy = {NULL, v->size};
    if (GG_vdata_gather(v, i, gather ? x : NULL, &copy) != GrB_SUCCESS) {
        GG_free(i);
        GG_free(x);
        return GrB_OUT_OF_MEMORY;
    }
    GG_free(v->b);
    v->b = NULL;
    if (gather) {
        GG_free(v->x);
        v->x = x;
    }
    v->i = i;
    v->form = GG_VF_SPARSE;
    return GrB_SUCCESS;
}

GrB_Info GG_vdata_convert(GG_vdata *v, GG_vform_kind form)
{
    if (v->form == form) return GrB_SUCCESS;
    switch (form) {
    case GG_VF_SPARSE: return to_sparse(v);
    case GG_VF_BITMAP: return to_bitmap(v);
    case GG_VF_FULL:
        if (v->nvals != v->n) return GrB_INVALID_VALUE;
        if (!v->iso && v->n > GG_VFORM_BITMAP_MAX) return GrB_OUT_OF_MEMORY;
        /* complete: SPARSE indices are 0..n-1 and BITMAP flags all set, so the values already
         * are x[0..n) */
        GG_free(v->i);
        GG_free(v->b);
        v->i = NULL;
        v->b = NULL;
        v->form = GG_VF_FULL;
        return GrB_SUCCESS;
    }
    return GrB_INVALID_VALUE;
}

GrB_Info GG_vdata_conform(GG_vdata *v)
{
    /* a failed conversion keeps the current form, which is just as correct */
    (void)GG_vdata_convert(v, GG_vform_choose(v->n, v->nvals, v->iso));
    return GrB_SUCCESS;
}

GrB_Info GG_vdata_dup(GG_vdata *dst, const GG_vdata *src)
{
    GrB_Info info = GG_vdata_alloc(dst, src->n, src->size, (GG_vform_kind)src->form, src->nvals,
                                   src->iso);
    if (info != GrB_SUCCESS) return info;
    if (src->i != NULL && src->nvals > 0) memcpy(dst->i, src->i, src->nvals * sizeof(uint64_t));
    if (src->b != NULL && src->n > 0) memcpy(dst->b, src->b, (size_t)src->n);
    uint64_t nx = GG_vdata_nx(src);
    if (src->x != NULL && nx > 0) memcpy(dst->x, src->x, nx * src->size);
    return GrB_SUCCESS;
}

bool GG_vdata_find(const GG_vdata *v, uint64_t k, uint64_t *p)
{
    if (k >= v->n) return false;
    *p = k;
    if (v->form == GG_VF_FULL) return true;
    if (v->form == GG_VF_BITMAP) return v->b[k] != 0;
    uint64_t lo = GG_lower_bound(v->i, 0, v->nvals, k);
    *p = lo;
    return lo < v->nvals && v->i[lo] == k;
}
