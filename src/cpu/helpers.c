/* helpers.c: the small pieces several CPU kernels share (GG_cpu.h): casting one value, tuple
 * arrays and the tuples of a transposed input, mask lookup and inverted index lists. */
#include "GG_cpu.h"

#include <stdlib.h>

void GG_cpu_cast_value(void *z, GrB_Type ztype, const void *x, GrB_Type xtype)
{
    GG_cpu_cast c = GG_cpu_cast_make(ztype, xtype);
    GG_cpu_cast_do(&c, z, x);
}

/* ---- tuple arrays --------------------------------------------------------------------------- */

GrB_Info GG_cpu_coo_alloc(GG_coo *t, GrB_Index n, size_t size)
{
    size_t m = n == 0 ? 1 : (size_t)n, bytes_i, bytes_x;
    *t = (GG_coo){0};
    if (n > SIZE_MAX || !GG_mul_size(m, sizeof(GrB_Index), &bytes_i) ||
        !GG_mul_size(m, size == 0 ? 1 : size, &bytes_x))
        return GrB_OUT_OF_MEMORY;
    t->row = GG_malloc(bytes_i);
    t->col = GG_malloc(bytes_i);
    t->x = GG_malloc(bytes_x);
    if (t->row == NULL || t->col == NULL || t->x == NULL) {
        GG_coo_free(t);
        *t = (GG_coo){0};
        return GrB_OUT_OF_MEMORY;
    }
    t->n = n;
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_coo_dup(GG_coo *t, const GG_coo *a, size_t size)
{
    GrB_Info info = GG_cpu_coo_alloc(t, a->n, size);
    if (info != GrB_SUCCESS) return info;
    /* in parallel chunks: the copy and the first touch of the new pages */
    GrB_Index n = a->n;
    int nth = GG_cpu_nthreads(n);
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++) {
        GrB_Index lo = n * k / nth, m = n * (k + 1) / nth - lo;
        if (m == 0) continue;
        memcpy(t->row + lo, a->row + lo, m * sizeof(GrB_Index));
        memcpy(t->col + lo, a->col + lo, m * sizeof(GrB_Index));
        memcpy((char *)t->x + lo * size, (const char *)a->x + lo * size, m * size);
    }
    return GrB_SUCCESS;
}

static void swap2(GrB_Index *key, GrB_Index *val, GrB_Index a, GrB_Index b)
{
    GrB_Index k = key[a], v = val[a];
    key[a] = key[b], val[a] = val[b];
    key[b] = k, val[b] = v;
}

void GG_cpu_sort2(GrB_Index *key, GrB_Index *val, GrB_Index n)
{
    /* quicksort on the larger part iteratively, recursion on the smaller: O(log n) depth */
    while (n > 16) {
        GrB_Index mid = n / 2, last = n - 1;
        if (key[mid] < key[0]) swap2(key, val, mid, 0);
        if (key[last] < key[0]) swap2(key, val, last, 0);
        if (key[last] < key[mid]) swap2(key, val, last, mid);
        GrB_Index pivot = key[mid], lo = 0, hi = last;
        for (;;) {
            while (key[lo] < pivot) lo++;
            while (key[hi] > pivot) hi--;
            if (lo >= hi) break;
            swap2(key, val, lo++, hi--);
        }
        GrB_Index left = hi + 1;
        if (left < n - left) {
            GG_cpu_sort2(key, val, left);
            key += left, val += left, n -= left;
        } else {
            GG_cpu_sort2(key + left, val + left, n - left);
            n = left;
        }
    }
    for (GrB_Index a = 1; a < n; a++)
        for (GrB_Index b = a; b > 0 && key[b] < key[b - 1]; b--) swap2(key, val, b, b - 1);
}

GrB_Index GG_cpu_coo_lower_bound(const GG_coo *t, GrB_Index lo, GrB_Index hi, GrB_Index i,
                                 GrB_Index j)
{
    while (lo < hi) {
        GrB_Index mid = lo + (hi - lo) / 2;
        if (t->row[mid] < i || (t->row[mid] == i && t->col[mid] < j))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

GrB_Info GG_cpu_coo_of(GG_container *A, bool tran, GG_coo *out, bool *owned)
{
    *owned = false;
    if (!tran) {
        const GG_coo *v;
        GrB_Info info = GG_view_coo(A, &v);
        if (info != GrB_SUCCESS) return info;
        *out = *v;
        return GrB_SUCCESS;
    }
    const GG_cview *cv;
    GrB_Info info = GG_view_csc(A, &cv);
    if (info != GrB_SUCCESS) return info;
    size_t size = A->type->size;
    GrB_Index n = cv->ptr[cv->nvec];
    info = GG_cpu_coo_alloc(out, n, size);
    if (info != GrB_SUCCESS) return info;
    /* A's column k is row k of A', its row indices A''s column indices, already sorted. */
    int nth = GG_cpu_nthreads(n + cv->nvec);
    const GrB_Index nvec = cv->nvec;
#pragma omp parallel for num_threads(nth) schedule(guided)
    for (GrB_Index k = 0; k < nvec; k++) {
        GrB_Index j = cv->vec == NULL ? k : cv->vec[k], lo = cv->ptr[k], m = cv->ptr[k + 1] - lo;
        if (m == 0) continue;
        for (GrB_Index p = lo; p < lo + m; p++) out->row[p] = j;
        memcpy(out->col + lo, cv->idx + lo, m * sizeof(GrB_Index));
        memcpy((char *)out->x + lo * size, (const char *)cv->x + lo * size, m * size);
    }
    *owned = true;
    return GrB_SUCCESS;
}

/* ---- row access ------------------------------------------------------------------------------ */

GrB_Info GG_cpu_rows_of(GG_container *A, bool tran, const GG_cview **v)
{
    return tran ? GG_view_csc(A, v) : GG_view_csr(A, v);
}

bool GG_cpu_cview_find(const GG_cview *v, GrB_Index i, GrB_Index *k)
{
    if (v->vec == NULL) {
        *k = i;
        return i < v->nvec;
    }
    GrB_Index lo = GG_lower_bound(v->vec, 0, v->nvec, i);
    *k = lo;
    return lo < v->nvec && v->vec[lo] == i;
}

/* ---- masks ------------------------------------------------------------------------------------ */

#define GG_MASK_TRUE(N)                                                                            \
    static void mask_true_##N(void *z, const void *x)                                              \
    {                                                                                              \
        bool b = GG_cpu_mask_value(N, x);                                                          \
        memcpy(z, &b, sizeof b);                                                                   \
    }
GG_MASK_TRUE(1)
GG_MASK_TRUE(2)
GG_MASK_TRUE(4)
GG_MASK_TRUE(8)
#undef GG_MASK_TRUE

void GG_cpu_mask_test(GG_cpu_mask *mk, GrB_Type mtype, const GG_desc *d)
{
    *mk = (GG_cpu_mask){.comp = d->mask_comp};
    if (mtype == NULL) return;
    mk->size = mtype->size;
    mk->structural = d->mask_struct || mtype->code == GrB_UDT_CODE;
    if (!mk->structural) {
        static const GG_cast_fn tests[] = {[1] = mask_true_1, [2] = mask_true_2,
                                           [4] = mask_true_4, [8] = mask_true_8};
        mk->to_bool = tests[mk->size];
    }
}

GrB_Info GG_cpu_mask_init(GG_cpu_mask *mk, GG_container *M, const GG_desc *d)
{
    GG_cpu_mask_test(mk, M == NULL ? NULL : M->type, d);
    return M == NULL ? GrB_SUCCESS : GG_view_coo(M, &mk->m);
}

/* ---- index lists ------------------------------------------------------------------------------ */

typedef struct {
    GrB_Index val, pos;
} GG_ipair;

static int ipair_cmp(const void *a, const void *b)
{
    const GG_ipair *x = a, *y = b;
    if (x->val != y->val) return x->val < y->val ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* A direct map pays off for a list with many lookups over a range it nearly covers. */
static bool ilist_direct(GrB_Index n, GrB_Index dim)
{
    return n >= 64 && dim / 4 <= n;
}

GrB_Info GG_cpu_ilist_init(GG_cpu_ilist *L, const GrB_Index *I, GrB_Index n, GrB_Index dim)
{
    *L = (GG_cpu_ilist){.I = I, .n = n, .dim = dim, .identity = I == GrB_ALL, .sorted = true};
    if (I == GrB_ALL) return GrB_SUCCESS;
    for (GrB_Index k = 1; k < n && L->sorted; k++) L->sorted = I[k - 1] < I[k];
    /* a direct map has dim <= 4n + 3 words, so no size below overflows where n fits in memory */
    bool direct = ilist_direct(n, dim);
    size_t words = (L->sorted ? 0 : 2 * (size_t)n) + (direct ? (size_t)dim + 1 : 0), bytes;
    if (n > SIZE_MAX / 16 || !GG_mul_size(words + 1, sizeof(GrB_Index), &bytes))
        return GrB_OUT_OF_MEMORY;
    GrB_Index *mem = NULL;
    if (words > 0 && (mem = GG_malloc(bytes)) == NULL) return GrB_OUT_OF_MEMORY;
    L->own = mem;
    if (L->sorted) {
        L->val = (GrB_Index *)I;
    } else {
        L->val = mem;
        L->pos = mem + n;
    }
    if (direct) {
        /* a counting sort by index: the inverted order and the map at once */
        GrB_Index *start = mem + (L->sorted ? 0 : 2 * n);
        memset(start, 0, (dim + 1) * sizeof(GrB_Index));
        for (GrB_Index k = 0; k < n; k++) start[I[k] + 1]++;
        for (GrB_Index i = 0; i < dim; i++) start[i + 1] += start[i];
        if (!L->sorted) {
            for (GrB_Index k = 0; k < n; k++) {
                GrB_Index q = start[I[k]]++;
                L->val[q] = I[k];
                L->pos[q] = k;
            }
            for (GrB_Index i = dim; i > 0; i--) start[i] = start[i - 1];
            start[0] = 0;
        }
        L->start = start;
        return GrB_SUCCESS;
    }
    if (L->sorted) return GrB_SUCCESS;
    GG_ipair *pairs = GG_malloc(n * sizeof(GG_ipair));
    if (pairs == NULL) {
        GG_cpu_ilist_free(L);
        return GrB_OUT_OF_MEMORY;
    }
    for (GrB_Index k = 0; k < n; k++) pairs[k] = (GG_ipair){I[k], k};
    qsort(pairs, n, sizeof(GG_ipair), ipair_cmp);
    for (GrB_Index q = 0; q < n; q++) {
        L->val[q] = pairs[q].val;
        L->pos[q] = pairs[q].pos;
    }
    GG_free(pairs);
    return GrB_SUCCESS;
}

void GG_cpu_ilist_free(GG_cpu_ilist *L)
{
    GG_free(L->own);
    *L = (GG_cpu_ilist){0};
}
