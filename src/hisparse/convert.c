/* convert.c: HiSparse to sorted COO and to CSR / CSC, and the select that keeps only the entries
 * a positional test passes (GG_hs_select: the same conversion, filtered). Tree order lists the
 * entries of any one row by increasing column and of any one column by increasing row, so a
 * stable placement by the major index of a walk in tree order leaves every vector sorted: a
 * counting scatter when the dimension is small enough to count by, a stable radix sort of the
 * majors otherwise (huge, hypersparse dimensions). Both honour the transposed flag (the major is then the content's other index) and
 * the scale.
 * The counting scatter runs in parallel over bands of majors (hs_walk_band, the bands of spmv.c):
 * a band counts and places only its own majors, walking the leaves that reach into it in tree
 * order, so each vector is filled in tree order with no sharing between threads, and the
 * vector pointers come straight from the counts. Serial, it was 1.1 s (CSR) and 3 s on RMAT-20
 * (Doc/performance.md).
 * A filter (a positional test in closed form) judges each leaf from its block's bounds first, so
 * only the entries of the leaves it cuts are tested, in the count and again in the placement. */
#include "hs_internal.h"

/* The logical matrix's entries ordered by (major, minor), with the values scaled: the minors and
 * values, and the majors per entry (maj: the radix way, and the counting way when asked for)
 * and/or as vector pointers (ptr, dim + 1
 * of them, the counting way). */
typedef struct {
    GrB_Index *maj, *ptr, *min;
    uint8_t *x;
    uint64_t n;        /* entries (those the filter kept) */
    GrB_Index nonempty; /* the counting way: vectors with an entry */
} hs_sorted;

static void sorted_free(hs_sorted *s)
{
    GG_free(s->maj);
    GG_free(s->ptr);
    GG_free(s->min);
    GG_free(s->x);
    memset(s, 0, sizeof *s);
}

/* A walk that counts or places entries: by bands of majors (counting), or in walk order with a
 * (major, position) pair each for the radix sort. */
typedef struct {
    const GG_hs_matrix *A;
    bool col_major;   /* the major index is the content column */
    GrB_Index lo, hi; /* counting: the band's majors */
    GrB_Index base;   /* counting: count and next are indexed by major - base */
    GrB_Index *count; /* counting: count[m + 1], entries of major m (the pointers once summed) */
    GrB_Index *next;  /* counting, placing: the next slot of each major */
    hs_sorted *out;
    hs_pair *pairs;   /* radix: (major, walk position) */
    uint64_t k;       /* radix: walk position */
    const GG_hs_filter *f; /* NULL: every entry */
    const hs_cast *to_z;   /* the values cast to another type (NULL: A's own) */
    size_t zsize;          /* bytes of an output value */
    bool want_maj;         /* counting: the majors per entry too */
} hs_conv;

/* The value x of an entry (NULL: the iso value) into output slot p: scaled, and cast when the
 * output has another type (built-in types only, at most 16 bytes). */
static inline void put_value(const hs_conv *c, const uint8_t *x, uint64_t p)
{
    uint8_t *z = c->out->x + p * c->zsize;
    if (c->to_z == NULL) {
        hs_read_value(c->A, x, z);
        return;
    }
    uint8_t t[16];
    hs_read_value(c->A, x, t);
    hs_cast_apply(c->to_z, z, t);
}

/* How much of leaf L the filter keeps, judged from the range of v over the leaf's block: the
 * logical block [i0, i1] x [j0, j1] has j - i in [j0 - i1, j1 - i0] (indices are below 2^60, so
 * the differences fit int64). */
static GG_hs_cover leaf_cover(const hs_conv *c, const hs_leaf *L)
{
    const GG_hs_matrix *A = c->A;
    const GG_hs_filter *f = c->f;
    if (f == NULL) return GG_HS_ALL;
    GrB_Index span = (GrB_Index)1 << (L->level * A->dbits < 63 ? L->level * A->dbits : 63);
    GrB_Index r1 = A->nrows - L->r0 < span ? A->nrows - 1 : L->r0 + span - 1;
    GrB_Index c1 = A->ncols - L->c0 < span ? A->ncols - 1 : L->c0 + span - 1;
    int64_t i0 = (int64_t)(A->transposed ? L->c0 : L->r0), i1 = (int64_t)(A->transposed ? c1 : r1);
    int64_t j0 = (int64_t)(A->transposed ? L->r0 : L->c0), j1 = (int64_t)(A->transposed ? r1 : c1);
    int64_t vlo = f->pos == GG_HS_POS_DIAG ? j0 - i1 : f->pos == GG_HS_POS_COL ? j0 : i0;
    int64_t vhi = f->pos == GG_HS_POS_DIAG ? j1 - i0 : f->pos == GG_HS_POS_COL ? j1 : i1;
    bool inside = vlo >= f->lo && vhi <= f->hi, apart = vhi < f->lo || vlo > f->hi;
    if (inside || apart) return inside != f->outside ? GG_HS_ALL : GG_HS_NONE;
    return GG_HS_SOME;
}

/* Whether the filter keeps the entry at content (r, col). */
static inline bool conv_keep(const hs_conv *c, GrB_Index r, GrB_Index col)
{
    const GG_hs_filter *f = c->f;
    GrB_Index i = c->A->transposed ? col : r, j = c->A->transposed ? r : col;
    int64_t v = f->pos == GG_HS_POS_DIAG  ? (int64_t)(j - i)
                : f->pos == GG_HS_POS_COL ? (int64_t)j
                                          : (int64_t)i;
    return (v >= f->lo && v <= f->hi) != f->outside;
}

/* Whether every major leaf L can hold lies in the band [c->lo, c->hi), so that its entries need
 * no band test. */
static bool leaf_in_band(const hs_conv *c, const hs_leaf *L)
{
    GrB_Index o = c->col_major ? L->c0 : L->r0;
    int bits = L->level * L->dbits;
    return bits < 63 && o >= c->lo && o <= c->hi && c->hi - o >= ((GrB_Index)1 << bits);
}

/* count_leaf of a COO leaf, its coordinate width fixed per loop (HS_COO_EACH). */
static void count_coo(const hs_conv *c, const hs_leaf *L, GG_hs_cover cover)
{
    GrB_Index *count = c->count, base = c->base, r0 = L->r0, c0 = L->c0;
    if (cover == GG_HS_ALL && leaf_in_band(c, L)) {
        if (c->col_major)
            HS_COO_EACH(L, k, li, lj, { (void)li; count[c0 + lj - base + 1]++; })
        else
            HS_COO_EACH(L, k, li, lj, { (void)lj; count[r0 + li - base + 1]++; })
        return;
    }
    HS_COO_EACH(L, k, li, lj, {
        GrB_Index m = c->col_major ? c0 + lj : r0 + li;
        if (m >= c->lo && m < c->hi && (cover == GG_HS_ALL || conv_keep(c, r0 + li, c0 + lj)))
            count[m - base + 1]++;
    })
}

static void count_leaf(void *ctx, const hs_leaf *L)
{
    const hs_conv *c = ctx;
    GG_hs_cover cover = leaf_cover(c, L);
    if (cover == GG_HS_NONE) return;
    if (hs_leaf_is_coo(L)) {
        count_coo(c, L, cover);
        return;
    }
    if (cover == GG_HS_ALL && !c->col_major && L->tag == GG_HS_LEAF_BITMAP) {
        /* a bitmap's row starts count its rows without reading an entry */
        uint64_t d = 1ULL << L->dbits;
        for (uint64_t li = 0; li < d; li++) {
            GrB_Index m = L->r0 + li;
            if (m >= c->lo && m < c->hi)
                c->count[m - c->base + 1] +=
                    (li + 1 < d ? L->rowstart[li + 1] : L->n) - L->rowstart[li];
        }
        return;
    }
    hs_iter it;
    uint64_t li, lj;
    hs_iter_init(&it, L);
    while (hs_iter_next(&it, &li, &lj)) {
        GrB_Index m = c->col_major ? L->c0 + lj : L->r0 + li;
        if (m >= c->lo && m < c->hi &&
            (cover == GG_HS_ALL || conv_keep(c, L->r0 + li, L->c0 + lj)))
            c->count[m - c->base + 1]++;
    }
}

/* Places each entry at `next[major]++` when its major is in the band (counting), or at its walk
 * position (radix). */
/* A bitmap leaf kept whole, placed by rows (the counting way, majors = content rows): a row's
 * columns from its bitmap words, its values (contiguous, row-major) in one copy when unscaled. */
static void place_bitmap_rows(hs_conv *c, const hs_leaf *L)
{
    const GG_hs_matrix *A = c->A;
    size_t size = A->type->size;
    uint64_t d = 1ULL << L->dbits;
    for (uint64_t li = 0; li < d; li++) {
        GrB_Index m = L->r0 + li;
        uint64_t k0 = L->rowstart[li], k1 = li + 1 < d ? L->rowstart[li + 1] : L->n;
        if (m < c->lo || m >= c->hi || k0 == k1) continue;
        uint64_t p0 = c->next[m - c->base], p = p0, first = li * d, last = first + d - 1;
        for (uint64_t pos = first; pos <= last; pos = (pos | 63) + 1) {
            uint64_t word = pos & ~63ULL, top = last - word < 63 ? last - word : 63;
            uint64_t w = hs_load64(L->coords + word / 8) & hs_mask((int)top + 1) &
                         ~hs_mask((int)(pos - word));
            for (; w != 0; w &= w - 1)
                c->out->min[p++] = L->c0 + (word + (uint64_t)__builtin_ctzll(w) - first);
        }
        for (uint64_t q = p0; c->out->maj != NULL && q < p; q++) c->out->maj[q] = m;
        c->next[m - c->base] = p;
        if (L->x == NULL) continue; /* iso: filled once placed (iso_fill) */
        if (!hs_scaled(A) && c->to_z == NULL)
            memcpy(c->out->x + p0 * size, L->x + k0 * size, (k1 - k0) * size);
        else
            for (uint64_t k = k0; k < k1; k++) put_value(c, L->x + k * size, p0 + k - k0);
    }
}

/* place_leaf of a COO leaf placed by the counting way (c->next), its coordinate width fixed per
 * loop (HS_COO_EACH). */
static void place_coo(hs_conv *c, const hs_leaf *L, GG_hs_cover cover)
{
    const size_t size = c->A->type->size;
    const bool col_major = c->col_major, test = !leaf_in_band(c, L), some = cover == GG_HS_SOME;
    const GrB_Index r0 = L->r0, c0 = L->c0, lo = c->lo, hi = c->hi, base = c->base;
    GrB_Index *next = c->next, *maj = c->out->maj, *min = c->out->min;
    HS_COO_EACH(L, k, li, lj, {
        GrB_Index r = r0 + li, col = c0 + lj;
        GrB_Index major = col_major ? col : r, minor = col_major ? r : col;
        if (test && (major < lo || major >= hi)) continue;
        if (some && !conv_keep(c, r, col)) continue;
        uint64_t p = next[major - base]++;
        if (maj != NULL) maj[p] = major;
        min[p] = minor;
        /* an iso A's values are filled in once placed (iso_fill) */
        if (L->x != NULL) put_value(c, L->x + k * size, p);
    })
}

static void place_leaf(void *ctx, const hs_leaf *L)
{
    hs_conv *c = ctx;
    size_t size = c->A->type->size;
    GG_hs_cover cover = leaf_cover(c, L);
    if (cover == GG_HS_NONE) return;
    if (c->next != NULL && hs_leaf_is_coo(L)) {
        place_coo(c, L, cover);
        return;
    }
    if (cover == GG_HS_ALL && !c->col_major && L->tag == GG_HS_LEAF_BITMAP && c->next != NULL) {
        place_bitmap_rows(c, L);
        return;
    }
    hs_iter it;
    uint64_t li, lj;
    hs_iter_init(&it, L);
    while (hs_iter_next(&it, &li, &lj)) {
        GrB_Index r = L->r0 + li, col = L->c0 + lj;
        GrB_Index major = c->col_major ? col : r, minor = c->col_major ? r : col;
        uint64_t p;
        if (c->next != NULL && (major < c->lo || major >= c->hi)) continue;
        if (cover == GG_HS_SOME && !conv_keep(c, r, col)) continue;
        if (c->next != NULL) {
            p = c->next[major - c->base]++;
        } else {
            p = c->k++;
            c->pairs[p] = (hs_pair){major, p};
        }
        if (c->out->maj != NULL) c->out->maj[p] = major;
        c->out->min[p] = minor;
        /* an iso A's values are filled in once placed (iso_fill) */
        if (L->x != NULL) put_value(c, L->x + (it.k - 1) * size, p);
    }
}

/* A band is heavy from this many entries on (below, a second thread costs more than it saves);
 * with the parts fixed by a test, from one entry on, so small inputs take the heavy path too. */
#define HS_HEAVY_MIN 16384

/* ---- heavy bands --------------------------------------------------------------------------------
 * A band holding more than a thread's share of the entries is not left to one thread (the rows
 * and columns 0..10 of LAGraph's TriangleCount input are half of it, in one band of 128): its
 * leaves, in walk order, are cut into groups of about equal entries; each group counts its
 * majors into a row of its own, running sums over the groups give each group where its entries
 * of each major begin, and the groups place in parallel, each vector still in tree order. */
typedef struct {
    hs_leaf *L;
    uint64_t n, cap;
    bool oom;
} leaf_list;

static void collect_leaf(void *ctx, const hs_leaf *L)
{
    leaf_list *l = ctx;
    if (l->oom) return;
    if (l->n == l->cap) {
        uint64_t cap = l->cap == 0 ? 256 : 2 * l->cap;
        hs_leaf *grown = GG_realloc(l->L, cap * sizeof *grown);
        if (grown == NULL) {
            l->oom = true;
            return;
        }
        l->L = grown;
        l->cap = cap;
    }
    l->L[l->n++] = *L;
}

/* Entries per band, each leaf counted in the band of its first major (an estimate for a leaf
 * wider than a band), leaves the filter drops whole not at all. The bands are walked in
 * parallel, each counting only the leaves that start in it (est[b], b: the walked band): one
 * walk of the whole tree on one thread was a serial step of every conversion (helper htc). */
typedef struct {
    GrB_Index *est, width, b;
    const hs_conv *c;
} band_est;

static void estimate_leaf(void *ctx, const hs_leaf *L)
{
    band_est *e = ctx;
    if ((e->c->col_major ? L->c0 : L->r0) / e->width != e->b || leaf_cover(e->c, L) == GG_HS_NONE)
        return;
    e->est[e->b] += L->n;
}

/* One heavy band [lo, hi): its leaves, their groups, and per group a row of counts (then of next
 * slots) over the band's majors, width + 1 each. */
typedef struct {
    GrB_Index lo, hi;
    leaf_list leaves;
    uint64_t *gb; /* group g: leaves gb[g] .. gb[g + 1] */
    int ng;
    GrB_Index *cnt;
} heavy_band;

static void heavy_free(heavy_band *h)
{
    GG_free(h->leaves.L);
    GG_free(h->gb);
    GG_free(h->cnt);
}

/* Collects the band's leaves and counts each group's majors into ptr[m + 1] (summed); false when
 * out of memory. */
static bool heavy_count(const hs_conv *proto, heavy_band *h, int nth, GrB_Index *ptr)
{
    const GG_hs_matrix *A = proto->A;
    GrB_Index w = h->hi - h->lo;
    hs_walk_band(A, proto->col_major ? 1 : 0, h->lo, h->hi, collect_leaf, &h->leaves);
    uint64_t nl = h->leaves.n, total = 0;
    h->ng = nl < (uint64_t)nth * 4 ? (int)nl : nth * 4;
    h->gb = GG_malloc(((size_t)h->ng + 1) * sizeof *h->gb);
    h->cnt = GG_calloc((size_t)h->ng * (w + 1), sizeof *h->cnt);
    if (h->leaves.oom || h->gb == NULL || h->cnt == NULL) return false;
    for (uint64_t k = 0; k < nl; k++) total += h->leaves.L[k].n;
    /* groups of about total / ng entries, in walk order */
    uint64_t k = 0, seen = 0;
    for (int g = 0; g < h->ng; g++) {
        h->gb[g] = k;
        uint64_t until = total * (uint64_t)(g + 1) / (uint64_t)h->ng;
        while (k < nl && (seen < until || k == h->gb[g])) seen += h->leaves.L[k++].n;
    }
    h->gb[h->ng] = nl;
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (int g = 0; g < h->ng; g++) {
        hs_conv c = *proto;
        c.lo = h->lo, c.hi = h->hi, c.base = h->lo, c.count = h->cnt + (size_t)g * (w + 1);
        for (uint64_t q = h->gb[g]; q < h->gb[g + 1]; q++) count_leaf(&c, &h->leaves.L[q]);
    }
    for (GrB_Index m = 0; m < w; m++)
        for (int g = 0; g < h->ng; g++) ptr[h->lo + m + 1] += h->cnt[(size_t)g * (w + 1) + m + 1];
    return true;
}

/* Places the band's entries from slot `at` on: each group's next slot per major from the running
 * sums, then the groups in parallel. ptr[m + 1] becomes the pointers. */
static void heavy_place(const hs_conv *proto, heavy_band *h, int nth, GrB_Index at,
                        GrB_Index *ptr)
{
    GrB_Index w = h->hi - h->lo;
    for (GrB_Index m = 0; m < w; m++) {
        for (int g = 0; g < h->ng; g++) {
            GrB_Index *slot = &h->cnt[(size_t)g * (w + 1) + m + 1], n = *slot;
            *slot = at;
            at += n;
        }
        ptr[h->lo + m + 1] = at;
    }
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (int g = 0; g < h->ng; g++) {
        hs_conv c = *proto;
        c.lo = h->lo, c.hi = h->hi, c.base = h->lo, c.next = h->cnt + (size_t)g * (w + 1) + 1;
        for (uint64_t q = h->gb[g]; q < h->gb[g + 1]; q++) place_leaf(&c, &h->leaves.L[q]);
    }
}

/* The counting way: ptr from per-band counts and a scan, then each band places its majors'
 * entries (proto: A, the orientation, the filter, the values' type and the output). Fills s->ptr
 * (dim + 1), s->min, s->x and, when proto->want_maj, s->maj, all allocated here once the count
 * is known, at the kept entries' size: sized for all of A's entries, a select's output (TC's
 * tril keeps half) reached glibc's 32 MB mmap bound on the grid and came back as fresh pages to
 * fault in on every call, at 16 threads a third of the select. Also s->n and s->nonempty. While
 * a band places, ptr[m + 1] is the next slot of major m, and ends as the pointer. */
static GrB_Info count_place(const hs_conv *proto, GrB_Index dim)
{
    const GG_hs_matrix *A = proto->A;
    bool col_major = proto->col_major;
    hs_sorted *s = proto->out;
    int np = hs_parts(A->nvals + dim), nth = hs_threads(np);
    /* three bands a part, not the SpMV's four: a band holding more than a part's share is split
     * over the threads (heavy bands), so the slack matters less here than each band's walk: the
     * grid 1000^2 at 16 parts missed four bands a part of 16,384 rows by two and took 7,813 of
     * 128, whose walks were half the select's work (16 threads on 2 cores, Doc/performance.md) */
    GrB_Index width = hs_band_width(A, dim, np, 3), nb = (dim + width - 1) / width;
    GrB_Index *ptr = hs_alloc_n(dim + 1, sizeof(GrB_Index));
    GrB_Index *tot = hs_alloc_n(nb + 1, sizeof(GrB_Index));
    GrB_Index *ne = hs_alloc_n(nb + 1, sizeof(GrB_Index));
    /* the heavy bands (is_heavy[b]: 1 + its index in heavy[]) */
    heavy_band *heavy = NULL;
    uint8_t *is_heavy = NULL;
    int nh = 0;
    bool ok = ptr != NULL && tot != NULL && ne != NULL;
    if (!ok) goto done;
    /* zeroed in parallel: a calloc's memset of the dimension ran on one thread */
    HS_OMP("omp parallel for num_threads(nth) schedule(static)")
    for (GrB_Index m = 0; m <= dim; m++) ptr[m] = 0;
    int yc = col_major ? 1 : 0;
    bool forced = hs_parts_forced();
    if ((nth > 1 || forced) && nb > 1) {
        GrB_Index *est = GG_calloc(nb, sizeof(GrB_Index));
        is_heavy = GG_calloc(nb, 1);
        ok = est != NULL && is_heavy != NULL;
        HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
        for (GrB_Index b = 0; b < (ok ? nb : 0); b++) {
            band_est e = {est, width, b, proto};
            hs_walk_band(A, yc, b * width, dim - b * width < width ? dim : (b + 1) * width,
                         estimate_leaf, &e);
        }
        for (GrB_Index b = 0; ok && b < nb; b++)
            if (est[b] * (GrB_Index)(nth > 1 ? nth : 2) > A->nvals &&
                est[b] >= (forced ? 1 : HS_HEAVY_MIN) && nh < 255)
                is_heavy[b] = (uint8_t)++nh;
        heavy = ok && nh > 0 ? GG_calloc((size_t)nh, sizeof *heavy) : NULL;
        ok = ok && (nh == 0 || heavy != NULL);
        for (GrB_Index b = 0; ok && b < nb; b++)
            if (is_heavy[b]) {
                heavy_band *h = &heavy[is_heavy[b] - 1];
                h->lo = b * width;
                h->hi = dim - h->lo < width ? dim : h->lo + width;
            }
        GG_free(est);
    }
    for (int k = 0; ok && k < nh; k++) ok = heavy_count(proto, &heavy[k], nth, ptr);
    if (!ok) goto done;
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (GrB_Index b = 0; b < nb; b++) {
        GrB_Index lo = b * width, hi = dim - lo < width ? dim : lo + width, sum = 0, full = 0;
        if (is_heavy == NULL || !is_heavy[b]) {
            hs_conv c = *proto;
            c.lo = lo, c.hi = hi, c.count = ptr;
            hs_walk_band(A, yc, lo, hi, count_leaf, &c);
        }
        for (GrB_Index m = lo; m < hi; m++) {
            sum += ptr[m + 1];
            full += ptr[m + 1] > 0;
        }
        tot[b] = sum;
        ne[b] = full;
    }
    GrB_Index total = 0, nonempty = 0;
    for (GrB_Index b = 0; b < nb; b++) {
        GrB_Index t = tot[b];
        tot[b] = total;
        total += t;
        nonempty += ne[b];
    }
    s->min = hs_alloc_n(total, sizeof(GrB_Index));
    s->x = hs_alloc_n(total, proto->zsize);
    if (proto->want_maj) s->maj = hs_alloc_n(total, sizeof(GrB_Index));
    ok = s->min != NULL && s->x != NULL && (!proto->want_maj || s->maj != NULL);
    if (!ok) goto done;
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (GrB_Index b = 0; b < nb; b++) {
        if (is_heavy != NULL && is_heavy[b]) continue;
        GrB_Index lo = b * width, hi = dim - lo < width ? dim : lo + width, sum = tot[b];
        for (GrB_Index m = lo; m < hi; m++) {
            GrB_Index n = ptr[m + 1];
            ptr[m + 1] = sum;
            sum += n;
        }
        hs_conv c = *proto;
        c.lo = lo, c.hi = hi, c.next = ptr + 1;
        hs_walk_band(A, yc, lo, hi, place_leaf, &c);
    }
    for (int k = 0; k < nh; k++) heavy_place(proto, &heavy[k], nth, tot[heavy[k].lo / width], ptr);
    s->ptr = ptr;
    s->n = total;
    s->nonempty = nonempty;
done:
    for (int k = 0; heavy != NULL && k < nh; k++) heavy_free(&heavy[k]);
    GG_free(heavy);
    GG_free(is_heavy);
    GG_free(tot);
    GG_free(ne);
    if (ok) return GrB_SUCCESS;
    GG_free(ptr);
    return GrB_OUT_OF_MEMORY;
}

/* ---- the radix way ---------------------------------------------------------------------------- */

/* Permutes the walk-ordered arrays of s by the sorted pairs. */
static GrB_Info permute(hs_sorted *s, const hs_pair *order, uint64_t n, size_t size)
{
    hs_sorted t = {.maj = hs_alloc_n(n, sizeof(GrB_Index)), .min = hs_alloc_n(n, sizeof(GrB_Index)),
                   .x = hs_alloc_n(n, size), .n = n};
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

/* Every one of the n values of c->out: an iso A's value, scaled and cast, written once and
 * copied. */
static void iso_fill(const hs_conv *c)
{
    hs_sorted *s = c->out;
    const uint64_t n = s->n;
    const size_t size = c->zsize;
    if (n == 0) return;
    put_value(c, NULL, 0);
    /* in ranges, one per thread: a one-byte type (an iso BOOL graph) as a memset each */
    int nth = hs_threads(hs_parts(n));
    HS_OMP("omp parallel for num_threads(nth) schedule(static)")
    for (int t = 0; t < nth; t++) {
        uint64_t lo = 1 + (n - 1) * (uint64_t)t / (uint64_t)nth;
        uint64_t hi = 1 + (n - 1) * (uint64_t)(t + 1) / (uint64_t)nth;
        if (size == 1)
            memset(s->x + lo, s->x[0], hi - lo);
        else
            for (uint64_t p = lo; p < hi; p++) memcpy(s->x + p * size, s->x, size);
    }
}

/* A's entries (those f keeps, f NULL: all) sorted by major, values of ztype (NULL: A's type; else
 * a built-in type): counting (s->ptr; s->maj too when want_maj) when the dimension is within
 * 8 n + 64, else by radix (s->maj). The counting way sizes its arrays by the kept entries; the
 * radix way's are sized for all of A's entries, only the kept ones written. */
static GrB_Info sort_by_major(const GG_hs_matrix *A, bool by_col, const GG_hs_filter *f,
                              bool want_maj, GrB_Type ztype, hs_sorted *out)
{
    uint64_t n = A->nvals;
    bool col_major = by_col != A->transposed;
    GrB_Index dim = col_major ? A->ncols : A->nrows;
    bool counting = dim <= 8 * n + 64;
    hs_cast cz;
    const hs_cast *to_z = NULL;
    if (ztype != NULL && ztype->code != A->type->code) {
        cz = hs_cast_make(ztype, A->type);
        to_z = &cz;
    }
    size_t size = ztype != NULL ? ztype->size : A->type->size;
    hs_sorted s = {0};
    hs_conv c = {.A = A, .col_major = col_major, .out = &s, .f = f, .to_z = to_z, .zsize = size,
                 .want_maj = want_maj};
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (counting) {
        info = count_place(&c, dim);
    } else {
        hs_pair *pairs = hs_alloc_n(n, sizeof *pairs), *tmp = hs_alloc_n(n, sizeof *tmp);
        s.min = hs_alloc_n(n, sizeof(GrB_Index));
        s.x = hs_alloc_n(n, size);
        s.maj = hs_alloc_n(n, sizeof(GrB_Index));
        c.pairs = pairs;
        if (pairs != NULL && tmp != NULL && s.min != NULL && s.x != NULL && s.maj != NULL) {
            hs_walk(A, place_leaf, &c);
            s.n = c.k;
            const hs_pair *order =
                s.n > 0 ? hs_radix_sort(pairs, tmp, s.n, hs_msb(dim - 1) + 1) : pairs;
            info = order == NULL ? GrB_OUT_OF_MEMORY : permute(&s, order, s.n, size);
        }
        GG_free(pairs);
        GG_free(tmp);
    }
    if (info != GrB_SUCCESS) {
        sorted_free(&s);
        return info;
    }
    if (A->iso) iso_fill(&c);
    *out = s;
    return info;
}

GrB_Info GG_hs_to_coo(const GG_hs_matrix *A, GG_coo *out)
{
    hs_sorted s = {0};
    GrB_Info info = sort_by_major(A, false, NULL, true, NULL, &s);
    if (info != GrB_SUCCESS) return info;
    GG_free(s.ptr);
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

/* The view of the entries f keeps (all when f is NULL); with majors, also each entry's major
 * index, in view order (the caller frees it). */
static GrB_Info to_cview(const GG_hs_matrix *A, bool by_col, const GG_hs_filter *f,
                         GrB_Type ztype, GrB_Index **majors, GG_cview *out)
{
    GrB_Index dim = by_col ? GG_hs_ncols(A) : GG_hs_nrows(A);
    hs_sorted s = {0};
    GrB_Info info = sort_by_major(A, by_col, f, majors != NULL, ztype, &s);
    if (info != GrB_SUCCESS) return info;
    uint64_t n = s.n;
    GrB_Index nonempty = s.nonempty;
    if (s.ptr == NULL)
        for (uint64_t k = 0; k < n; k++) nonempty += k == 0 || s.maj[k] != s.maj[k - 1];
    /* hypersparse when at most one vector in 8 holds an entry (dimensions 0 and 1 never are) */
    bool hyper = dim > 1 && nonempty <= dim / 8;
    GG_cview v = {0};
    if (!hyper && s.ptr != NULL) {
        v.nvec = dim;
        v.ptr = s.ptr;
        s.ptr = NULL;
        goto done;
    }
    v.nvec = hyper ? nonempty : dim;
    v.ptr = GG_calloc((size_t)v.nvec + 1, sizeof(GrB_Index));
    v.vec = hyper ? hs_alloc_n(nonempty, sizeof(GrB_Index)) : NULL;
    if (v.ptr == NULL || (hyper && v.vec == NULL)) {
        GG_free(v.ptr);
        GG_free(v.vec);
        sorted_free(&s);
        return GrB_OUT_OF_MEMORY;
    }
    if (s.ptr != NULL) {
        /* the nonempty vectors of the pointers */
        for (GrB_Index m = 0, slot = 0; m < dim; m++) {
            if (s.ptr[m + 1] == s.ptr[m]) continue;
            v.vec[slot] = m;
            v.ptr[++slot] = s.ptr[m + 1];
        }
    } else {
        for (uint64_t k = 0, slot = 0; k < n; k++) {
            if (hyper) {
                if (k == 0 || s.maj[k] != s.maj[k - 1]) v.vec[slot++] = s.maj[k];
                v.ptr[slot]++;
            } else {
                v.ptr[s.maj[k] + 1]++;
            }
        }
        for (GrB_Index m = 0; m < v.nvec; m++) v.ptr[m + 1] += v.ptr[m];
    }
done:
    GG_free(s.ptr);
    if (majors != NULL)
        *majors = s.maj;
    else
        GG_free(s.maj);
    v.idx = s.min;
    v.x = s.x;
    *out = v;
    return GrB_SUCCESS;
}

GrB_Info GG_hs_to_cview(const GG_hs_matrix *A, bool by_col, GG_cview *out)
{
    return to_cview(A, by_col, NULL, NULL, NULL, out);
}

GrB_Info GG_hs_select(const GG_hs_matrix *A, GrB_Type ztype, const GG_hs_filter *f, GG_cview *csr,
                      GrB_Index **rows)
{
    return to_cview(A, false, f, ztype, rows, csr);
}
