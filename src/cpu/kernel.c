/* kernel.c: the non-inline parts of GG_cpu_kernel.h: operand casting, semiring preparation with
 * fast-path selection, the parallel chunk driver, tuple buffers and mask views. */
#include "GG_cpu_kernel.h"
#include "GG_hisparse.h"

#ifdef _OPENMP
#include <omp.h>
#endif

const bool GG_cpu_true = true;
static const bool GG_cpu_false = false;

/* ---- operands ---------------------------------------------------------------------------------- */

GrB_Info GG_cpu_operand(const void **out, void **owned, const void *x, GrB_Type xtype,
                        GrB_Index n, GrB_Type optype)
{
    *owned = NULL;
    if (xtype == optype) {
        *out = x;
        return GrB_SUCCESS;
    }
    size_t bytes;
    if (n > SIZE_MAX || !GG_mul_size(n == 0 ? 1 : (size_t)n, optype->size, &bytes))
        return GrB_OUT_OF_MEMORY;
    bool castable = GG_types_compatible(optype, xtype);
    void *y = castable ? GG_malloc(bytes) : GG_calloc(1, bytes);
    if (y == NULL) return GrB_OUT_OF_MEMORY;
    if (castable) GG_cast_array(y, optype, x, xtype, n);
    *out = y;
    *owned = y;
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_opnd_values(GG_cpu_opnd *o, const void *x, GrB_Type xtype, GrB_Type optype,
                            bool iso)
{
    *o = (GG_cpu_opnd){.x = x, .stride = iso ? 0 : xtype->size, .same = xtype == optype};
    if (o->same) return GrB_SUCCESS;
    o->cast = GG_cast_get(optype->code, xtype->code);
    if (o->cast != NULL && !iso) return GrB_SUCCESS;
    /* a value that cannot be cast reads as zero; an iso one is cast here, once */
    o->zero = GG_calloc(1, optype->size < 16 ? 16 : optype->size);
    if (o->zero == NULL) return GrB_OUT_OF_MEMORY;
    if (o->cast != NULL) {
        o->cast(o->zero, x);
        o->x = o->zero;
        o->same = true;
        o->cast = NULL;
    }
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_opnd_get(GG_cpu_opnd *o, GG_container *X, bool csc, GrB_Type optype)
{
    const GG_cview *v;
    *o = (GG_cpu_opnd){0};
    GrB_Info info = csc ? GG_view_csc(X, &v) : GG_view_csr(X, &v);
    bool matrix = X->h.kind == GG_KIND_MATRIX;
    const GG_hs_matrix *h = NULL;
    if (info == GrB_SUCCESS && matrix) info = GG_view_hs_built(X, &h);
    if (info != GrB_SUCCESS) return info;
    /* an iso tree whose value the view would only repeat (unscaled); a content whose tree is
     * still owed is read from the view, without a build to learn that */
    bool iso = h != NULL && GG_hs_iso_value(h) != NULL && h->scale == 1.0;
    info = GG_cpu_opnd_values(o, iso ? GG_hs_iso_value(h) : v->x, X->type, optype, iso);
    o->v = v;
    return info;
}

void GG_cpu_opnd_free(GG_cpu_opnd *o)
{
    GG_free(o->zero);
    *o = (GG_cpu_opnd){0};
}

/* ---- sorting --------------------------------------------------------------------------------------- */

void GG_cpu_sort_index(GrB_Index *a, GrB_Index n)
{
    /* quicksort (median of three) down to short runs, recursing into the smaller side only, then
     * one insertion sort over the whole array, whose runs are already in place */
    while (n > 24) {
        GrB_Index mid = n / 2, last = n - 1, t;
#define GG_ORDER(x, y) if (a[y] < a[x]) t = a[x], a[x] = a[y], a[y] = t
        GG_ORDER(0, mid);
        GG_ORDER(0, last);
        GG_ORDER(mid, last);
#undef GG_ORDER
        GrB_Index pivot = a[mid], lo = 0, hi = last;
        for (;;) {
            while (a[lo] < pivot) lo++;
            while (a[hi] > pivot) hi--;
            if (lo >= hi) break;
            t = a[lo], a[lo] = a[hi], a[hi] = t;
            lo++, hi--;
        }
        GrB_Index left = hi + 1;
        if (left < n - left) {
            GG_cpu_sort_index(a, left);
            a += left, n -= left;
        } else {
            GG_cpu_sort_index(a + left, n - left);
            n = left;
        }
    }
    for (GrB_Index i = 1; i < n; i++) {
        GrB_Index v = a[i], j = i;
        for (; j > 0 && a[j - 1] > v; j--) a[j] = a[j - 1];
        a[j] = v;
    }
}

/* ---- semirings ------------------------------------------------------------------------------------ */

/* The extreme values of each built-in type: MIN's terminal is its type's minimum, MAX's the
 * maximum (for floating point the infinities, which NaN does not displace under MIN and MAX). */
#define GG_EXTREMES(unused, T, E, K)                                                               \
    static const E GG_lowest_##T = GG_MIN_OF(K, T), GG_highest_##T = GG_MAX_OF(K, T);
GG_WITH_N(GG_EXTREMES, ~)
#undef GG_EXTREMES

/* A monoid's terminal value: on BOOL, LOR (and PLUS, MAX, which are LOR there) stops at true,
 * LAND (TIMES, MIN) at false; on other built-in types MIN stops at the type's minimum and MAX
 * at its maximum. Other monoids have none the kernels use. */
static const void *terminal_of(GrB_BinaryOp add)
{
    if (add->opcode == GG_OP_USER) return NULL;
    if (add->ztype->code != GrB_BOOL_CODE) {
        bool min = add->opcode == GG_OP_MIN;
        if (!min && add->opcode != GG_OP_MAX) return NULL;
        switch (add->ztype->code) {
#define GG_EXTREME_CASE(unused, T, E, K)                                                           \
    case GrB_##T##_CODE: return min ? (const void *)&GG_lowest_##T : (const void *)&GG_highest_##T;
            GG_WITH_N(GG_EXTREME_CASE, ~)
#undef GG_EXTREME_CASE
        default: return NULL;
        }
    }
    switch (add->opcode) {
    case GG_OP_LOR:
    case GG_OP_PLUS:
    case GG_OP_MAX: return &GG_cpu_true;
    case GG_OP_LAND:
    case GG_OP_TIMES:
    case GG_OP_MIN: return &GG_cpu_false;
    default: return NULL;
    }
}

static bool all_of_code(GrB_BinaryOp op, GrB_Type_Code code)
{
    return op->ztype->code == code && op->xtype->code == code && op->ytype->code == code;
}

GG_sr_kind GG_sr_prepare(GG_sr *sr, GrB_Semiring s, bool flip, GrB_Type atype, GrB_Type btype)
{
    GrB_BinaryOp add = s->add->op, mul = s->mul;
    *sr = (GG_sr){
        .mul = mul->f,
        .add = add->f,
        .asize = GG_sr_atype(s, flip)->size,
        .bsize = GG_sr_btype(s, flip)->size,
        .zsize = add->ztype->size,
        .flip = flip,
        .terminal = terminal_of(add),
        .positional = GG_opcode_positional(mul->opcode) ? mul : NULL,
        .any = add->opcode == GG_OP_ANY,
    };
    if (atype != GG_sr_atype(s, flip) || btype != GG_sr_btype(s, flip)) return GG_SR_GENERIC;
    /* the multiplier as the engine applies it, unflipped: mul(b, a) is FIRST(a, b) for SECOND */
    int mulop = mul->opcode;
    if (flip && mulop == GG_OP_FIRST)
        mulop = GG_OP_SECOND;
    else if (flip && mulop == GG_OP_SECOND)
        mulop = GG_OP_FIRST;
#define GG_SR_MATCH(unused, ADD, MUL, T, E, K)                                                     \
    if (add->opcode == GG_OP_##ADD && mulop == GG_OP_##MUL &&                                      \
        all_of_code(add, GrB_##T##_CODE) && all_of_code(mul, GrB_##T##_CODE))                      \
        return GG_SR_##ADD##_##MUL##_##T;
    GG_SR_FAST(GG_SR_MATCH, ~)
#undef GG_SR_MATCH
    return GG_SR_GENERIC;
}

/* ---- parallel chunks ------------------------------------------------------------------------------ */

void GG_cpu_parallel(int nthreads, int nchunks, GG_cpu_chunk_fn *fn, void *ctx)
{
    if (nthreads <= 1 || nchunks <= 1) {
        for (int c = 0; c < nchunks; c++) fn(ctx, c, 0);
        return;
    }
#ifdef _OPENMP
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 1)
    for (int c = 0; c < nchunks; c++) fn(ctx, c, omp_get_thread_num());
#else
    for (int c = 0; c < nchunks; c++) fn(ctx, c, 0);
#endif
}

int GG_cpu_nchunks(int nthreads, GrB_Index items)
{
    GrB_Index n = nthreads <= 1 ? 1 : (GrB_Index)nthreads * 8;
    if (n > items) n = items;
    return n == 0 ? 1 : (int)n;
}

void GG_cpu_split(const GrB_Index *prefix, GrB_Index n, int nchunks, GrB_Index *bounds)
{
    GrB_Index total = prefix[n];
    bounds[0] = 0;
    for (int c = 1; c < nchunks; c++) {
        /* the first item whose running total reaches c/nchunks of the whole */
        GrB_Index target = (GrB_Index)((double)total * c / nchunks);
        bounds[c] = GG_lower_bound(prefix, bounds[c - 1], n, target);
    }
    bounds[nchunks] = n;
}

/* ---- tuple buffers ------------------------------------------------------------------------------- */

bool GG_tbuf_reserve(GG_tbuf *b, GrB_Index extra, size_t size)
{
    if (b->n + extra <= b->cap) return true;
    GrB_Index cap = b->cap < 256 ? 256 : b->cap;
    while (cap < b->n + extra) cap *= 2;
    size_t bi, bx;
    if (cap > SIZE_MAX || !GG_mul_size(cap, sizeof(GrB_Index), &bi) ||
        !GG_mul_size(cap, size == 0 ? 1 : size, &bx))
        return false;
    GrB_Index *row = GG_realloc(b->row, bi);
    if (row == NULL) return false;
    b->row = row;
    GrB_Index *col = GG_realloc(b->col, bi);
    if (col == NULL) return false;
    b->col = col;
    char *x = GG_realloc(b->x, bx);
    if (x == NULL) return false;
    b->x = x;
    b->cap = cap;
    return true;
}

void GG_tbuf_free(GG_tbuf *b)
{
    GG_free(b->row);
    GG_free(b->col);
    GG_free(b->x);
    *b = (GG_tbuf){0};
}

GrB_Info GG_tbuf_concat(GG_coo *T, GG_tbuf *bufs, int nb, size_t size)
{
    GrB_Index total = 0;
    for (int c = 0; c < nb; c++) total += bufs[c].n;
    GrB_Info info = GG_cpu_coo_alloc(T, total, size);
    if (info == GrB_SUCCESS) {
        GrB_Index *start = GG_malloc(((size_t)nb + 1) * sizeof(GrB_Index));
        if (start == NULL) {
            GG_coo_free(T);
            *T = (GG_coo){0};
            info = GrB_OUT_OF_MEMORY;
        } else {
            start[0] = 0;
            for (int c = 0; c < nb; c++) start[c + 1] = start[c] + bufs[c].n;
            int nth = GG_cpu_nthreads_move(total);
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1)
            for (int c = 0; c < nb; c++) {
                GrB_Index n = bufs[c].n, s = start[c];
                if (n == 0) continue;
                memcpy(T->row + s, bufs[c].row, n * sizeof(GrB_Index));
                memcpy(T->col + s, bufs[c].col, n * sizeof(GrB_Index));
                memcpy((char *)T->x + s * size, bufs[c].x, n * size);
            }
            GG_free(start);
        }
    }
    for (int c = 0; c < nb; c++) GG_tbuf_free(&bufs[c]);
    return info;
}

/* ---- masks ------------------------------------------------------------------------------------------ */

GrB_Info GG_cpu_mrows_get(GG_cpu_mrows *mr, GG_container *M, const GG_desc *d, bool csc)
{
    *mr = (GG_cpu_mrows){.comp = d->mask_comp};
    if (M == NULL) return GrB_SUCCESS;
    GG_cpu_mask mk;
    GG_cpu_mask_test(&mk, M->type, d);
    mr->to_bool = mk.to_bool;
    mr->size = mk.size;
    return csc ? GG_view_csc(M, &mr->v) : GG_view_csr(M, &mr->v);
}
