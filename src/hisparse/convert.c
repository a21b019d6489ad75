/* convert.c: HiSparse to sorted COO and to CSR / CSC. Tree order lists the entries of any one row
 * by increasing column and of any one column by increasing row, so a stable placement by the major
 * index of a walk in tree order leaves every vector sorted: a counting scatter when the dimension
 * is small enough to count by, a stable radix sort of the majors otherwise (huge, hypersparse
 * dimensions). Both honour the transposed flag (the major is then the content's other index) and
 * the scale. */
#include "hs_internal.h"

/* The logical matrix's entries ordered by (major, minor), with the values scaled. */
typedef struct {
    GrB_Index *maj, *min;
    uint8_t *x;
} hs_sorted;

typedef struct {
    const GG_hs_matrix *A;
    bool col_major; /* the major index is the content column */
    GrB_Index *next; /* counting: next slot per major, or count per major */
    hs_sorted *out;
    hs_pair *pairs; /* radix: (major, walk position) */
    uint64_t k;      /* walk position */
} hs_conv;

static void count_leaf(void *ctx, const hs_leaf *L)
{
    hs_conv *c = ctx;
    hs_iter it;
    uint64_t li, lj;
    hs_iter_init(&it, L);
    while (hs_iter_next(&it, &li, &lj)) c->next[c->col_major ? L->c0 + lj : L->r0 + li]++;
}

/* Places each entry at `next[major]++` (counting) or at its walk position (radix). */
static void place_leaf(void *ctx, const hs_leaf *L)
{
    hs_conv *c = ctx;
    size_t size = c->A->type->size;
    hs_iter it;
    uint64_t li, lj;
    hs_iter_init(&it, L);
    while (hs_iter_next(&it, &li, &lj)) {
        GrB_Index r = L->r0 + li, col = L->c0 + lj;
        GrB_Index major = c->col_major ? col : r, minor = c->col_major ? r : col;
        uint64_t p = c->next != NULL ? c->next[major]++ : c->k;
        if (c->pairs != NULL) c->pairs[c->k] = (hs_pair){major, c->k};
        c->k++;
        c->out->maj[p] = major;
        c->out->min[p] = minor;
        hs_read_value(c->A, L->x != NULL ? L->x + (it.k - 1) * size : NULL, c->out->x + p * size);
    }
}

static void sorted_free(hs_sorted *s)
{
    GG_free(s->maj);
    GG_free(s->min);
    GG_free(s->x);
    memset(s, 0, sizeof *s);
}

/* Permutes the walk-ordered arrays of s by the sorted pairs. */
static GrB_Info permute(hs_sorted *s, const hs_pair *order, uint64_t n, size_t size)
{
    hs_sorted t = {hs_alloc_n(n, sizeof(GrB_Index)), hs_alloc_n(n, sizeof(GrB_Index)), hs_alloc_n(n, size)};
    if (t.maj == NULL || t.min == NULL || t.x == NULL) {
        sorted_free(&t);
        return GrB_OUT_OF_MEMORY;
    }
    for (uint64_t p = 0; p < n; p++) {
        uint64_t k = order[p].src;
        t.maj[p] = order[p].key;
        t.min[p] = s->min[k];
        memcpy(t.x + p * size, s->x + k * size, size);
    }
    sorted_free(s);
    *s = t;
    return GrB_SUCCESS;
}

static GrB_Info sort_by_major(const GG_hs_matrix *A, bool by_col, hs_sorted *out)
{
    uint64_t n = A->nvals;
    size_t size = A->type->size;
    bool col_major = by_col != A->transposed;
    GrB_Index dim = col_major ? A->ncols : A->nrows;
    hs_sorted s = {hs_alloc_n(n, sizeof(GrB_Index)), hs_alloc_n(n, sizeof(GrB_Index)), hs_alloc_n(n, size)};
    hs_conv c = {A, col_major, NULL, &s, NULL, 0};
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (n > 0 && (s.maj == NULL || s.min == NULL || s.x == NULL)) goto done;
    if (dim <= 8 * n + 64) {
        c.next = GG_calloc((size_t)dim + 1, sizeof(GrB_Index));
        if (c.next == NULL) goto done;
        hs_walk(A, count_leaf, &c);
        for (GrB_Index m = 0, sum = 0; m < dim; m++) {
            GrB_Index t = c.next[m];
            c.next[m] = sum;
            sum += t;
        }
        hs_walk(A, place_leaf, &c);
        info = GrB_SUCCESS;
    } else {
        hs_pair *pairs = hs_alloc_n(n, sizeof *pairs), *tmp = hs_alloc_n(n, sizeof *tmp);
        c.pairs = pairs;
        if (pairs != NULL && tmp != NULL) {
            hs_walk(A, place_leaf, &c);
            const hs_pair *order = hs_radix_sort(pairs, tmp, n, hs_msb(dim - 1) + 1);
            info = order == NULL ? GrB_OUT_OF_MEMORY : permute(&s, order, n, size);
        }
        GG_free(pairs);
        GG_free(tmp);
    }
done:
    GG_free(c.next);
    if (info != GrB_SUCCESS)
        sorted_free(&s);
    else
        *out = s;
    return info;
}

GrB_Info GG_hs_to_coo(const GG_hs_matrix *A, GG_coo *out)
{
    hs_sorted s = {0};
    if (A->nvals > 0) {
        GrB_Info info = sort_by_major(A, false, &s);
        if (info != GrB_SUCCESS) return info;
    }
    out->n = A->nvals;
    out->row = s.maj;
    out->col = s.min;
    out->x = s.x;
    return GrB_SUCCESS;
}

void GG_hs_cview_free(GG_cview *v)
{
    GG_free(v->vec);
    GG_free(v->ptr);
    GG_free(v->idx);
    GG_free(v->x);
    memset(v, 0, sizeof *v);
}

GrB_Info GG_hs_to_cview(const GG_hs_matrix *A, bool by_col, GG_cview *out)
{
    uint64_t n = A->nvals;
    GrB_Index dim = by_col ? GG_hs_ncols(A) : GG_hs_nrows(A);
    hs_sorted s = {0};
    if (n > 0) {
        GrB_Info info = sort_by_major(A, by_col, &s);
        if (info != GrB_SUCCESS) return info;
    }
    GrB_Index nonempty = 0;
    for (uint64_t k = 0; k < n; k++) nonempty += k == 0 || s.maj[k] != s.maj[k - 1];
    /* hypersparse when at most one vector in 8 holds an entry (dimensions 0 and 1 never are) */
    bool hyper = dim > 1 && nonempty <= dim / 8;
    GG_cview v = {0};
    v.nvec = hyper ? nonempty : dim;
    v.ptr = GG_calloc((size_t)v.nvec + 1, sizeof(GrB_Index));
    v.vec = hyper ? hs_alloc_n(nonempty, sizeof(GrB_Index)) : NULL;
    if (v.ptr == NULL || (hyper && nonempty > 0 && v.vec == NULL)) {
        GG_free(v.ptr);
        GG_free(v.vec);
        sorted_free(&s);
        return GrB_OUT_OF_MEMORY;
    }
    for (uint64_t k = 0, slot = 0; k < n; k++) {
        if (hyper) {
            if (k == 0 || s.maj[k] != s.maj[k - 1]) v.vec[slot++] = s.maj[k];
            v.ptr[slot]++;
        } else {
            v.ptr[s.maj[k] + 1]++;
        }
    }
    for (GrB_Index m = 0; m < v.nvec; m++) v.ptr[m + 1] += v.ptr[m];
    GG_free(s.maj);
    v.idx = s.min;
    v.x = s.x;
    *out = v;
    return GrB_SUCCESS;
}
