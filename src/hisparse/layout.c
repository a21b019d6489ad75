/* layout.c: the HiSparse matrix state (settings, sharing, transposition, scale), the tree walker
 * every traversal builds on, and single-element lookup by descending the tree. */
#include "hs_internal.h"

/* log2 of the node dimension used by new builds. */
static _Atomic int node_dbits = __builtin_ctz(GG_HS_DIM_DEFAULT);

_Static_assert((GG_HS_DIM_DEFAULT & (GG_HS_DIM_DEFAULT - 1)) == 0 &&
                   GG_HS_DIM_DEFAULT >= GG_HS_DIM_MIN && GG_HS_DIM_DEFAULT <= GG_HS_DIM_MAX,
               "GG_HS_DIM_DEFAULT must be a power of two in [2, 256]");

int GG_hs_node_dim(void)
{
    return 1 << atomic_load(&node_dbits);
}

GrB_Info GG_hs_set_node_dim(int d)
{
    if (d < GG_HS_DIM_MIN || d > GG_HS_DIM_MAX || (d & (d - 1)) != 0) return GrB_INVALID_VALUE;
    atomic_store(&node_dbits, __builtin_ctz((unsigned)d));
    return GrB_SUCCESS;
}

/* ---- state ------------------------------------------------------------------------------------ */

void GG_hs_init(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols)
{
    memset(A, 0, sizeof *A);
    A->type = type;
    A->nrows = nrows;
    A->ncols = ncols;
    A->scale = 1.0;
    A->dbits = (uint8_t)atomic_load(&node_dbits);
    A->height = (uint8_t)hs_height(nrows, ncols, A->dbits);
}

void hs_pool_release(GG_hs_pool *pool)
{
    if (pool != NULL && atomic_fetch_sub(&pool->refs, 1) == 1) GG_free(pool);
}

void GG_hs_free(GG_hs_matrix *A)
{
    hs_pool_release(A->pool);
    A->pool = NULL;
    A->root = 0;
    A->nvals = 0;
    A->iso = false;
    A->levels_kept = 0;
}

void GG_hs_share(GG_hs_matrix *dst, const GG_hs_matrix *src)
{
    *dst = *src;
    if (src->pool != NULL) atomic_fetch_add(&src->pool->refs, 1);
}

void GG_hs_transpose(GG_hs_matrix *A)
{
    A->transposed = !A->transposed;
}

GrB_Info GG_hs_set_scale(GG_hs_matrix *A, double scale)
{
    bool fp = A->type->code == GrB_FP32_CODE || A->type->code == GrB_FP64_CODE;
    if (!fp && scale != 1.0) return GrB_DOMAIN_MISMATCH;
    A->scale = scale;
    return GrB_SUCCESS;
}

GrB_Index GG_hs_nrows(const GG_hs_matrix *A)
{
    return A->transposed ? A->ncols : A->nrows;
}

GrB_Index GG_hs_ncols(const GG_hs_matrix *A)
{
    return A->transposed ? A->nrows : A->ncols;
}

const void *GG_hs_iso_value(const GG_hs_matrix *A)
{
    return A->iso ? hs_base(A) + HS_HEADER_BYTES : NULL;
}

/* ---- walking ------------------------------------------------------------------------------------ */

static void walk(const GG_hs_matrix *A, uint64_t w, int level, GrB_Index r0, GrB_Index c0,
                 hs_leaf_fn fn, void *ctx)
{
    if (!hs_is_inner(hs_word_tag(w))) {
        hs_leaf L;
        hs_leaf_open(A, w, level, r0, c0, &L);
        fn(ctx, &L);
        return;
    }
    hs_kids it;
    hs_kids_open(A, w, &it);
    int shift = (level - 1) * A->dbits;
    uint64_t cw, ci, cj;
    while (hs_kids_next(&it, &cw, &ci, &cj))
        walk(A, cw, level - 1, r0 + (ci << shift), c0 + (cj << shift), fn, ctx);
}

void hs_walk(const GG_hs_matrix *A, hs_leaf_fn fn, void *ctx)
{
    if (A->root != 0) walk(A, A->root, A->height, 0, 0, fn, ctx);
}

/* The first child of the COO inner node `it` from slot k on whose position is not before (i, j)
 * in row-major order (it->n if none): a gallop from k, then a binary search, so a short skip
 * costs a few steps. Positions are one byte each (d <= 256), i at most 256. */
static uint64_t kids_seek(const hs_kids *it, uint64_t k, uint64_t i, uint64_t j)
{
    const uint8_t *c = it->coords;
    const uint64_t key = i << 8 | j;
#define HS_KID_KEY(q) ((uint64_t)c[2 * (q)] << 8 | c[2 * (q) + 1])
    uint64_t lo = k, step = 1;
    while (lo + step < it->n && HS_KID_KEY(lo + step) < key) {
        lo += step;
        step *= 2;
    }
    /* the answer is in (lo, min(lo + step, n)], or lo itself */
    if (lo < it->n && HS_KID_KEY(lo) >= key) return lo;
    uint64_t hi = lo + step < it->n ? lo + step : it->n;
    lo++;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (HS_KID_KEY(mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
#undef HS_KID_KEY
    return lo;
}

/* The walk of the subtree at w restricted to content coordinate `yc` in [lo, hi): a child is
 * entered only when its band along yc meets the range. A dense inner node reads only the child
 * words of the band's rows or columns; a COO one tests each child. */
static void walk_band(const GG_hs_matrix *A, uint64_t w, int level, GrB_Index r0, GrB_Index c0,
                      int yc, GrB_Index lo, GrB_Index hi, hs_leaf_fn fn, void *ctx)
{
    if (!hs_is_inner(hs_word_tag(w))) {
        hs_leaf L;
        hs_leaf_open(A, w, level, r0, c0, &L);
        fn(ctx, &L);
        return;
    }
    int b = A->dbits, shift = (level - 1) * b;
    uint64_t d = 1ULL << b, o = yc ? c0 : r0;
    /* children kmin..kmax along yc meet [lo, hi) (o < hi: the caller entered this node) */
    uint64_t kmin = lo > o ? (lo - o) >> shift : 0, kmax = (hi - 1 - o) >> shift;
    if (kmax > d - 1) kmax = d - 1;
    hs_kids it;
    hs_kids_open(A, w, &it);
    if (it.tag == GG_HS_INNER_DENSE) {
        for (uint64_t ci = 0; ci < d; ci++) {
            if (!yc && (ci < kmin || ci > kmax)) continue;
            for (uint64_t cj = yc ? kmin : 0; cj <= (yc ? kmax : d - 1); cj++) {
                uint64_t cw = hs_load64(it.words + 8 * ((ci << b) + cj));
                if (cw != 0)
                    walk_band(A, cw, level - 1, r0 + (ci << shift), c0 + (cj << shift), yc, lo,
                              hi, fn, ctx);
            }
        }
        return;
    }
    /* a COO node's children are in row-major order of (ci, cj): a band of rows is one run of
     * them, found by a search, and a band of columns a run per row, each from its first cj >=
     * kmin. Testing every child instead cost each band the whole node: at 16 threads a grid's
     * 7,813 bands of 128 rows each tested the 184 children of the root and some 1,600 of its
     * level-2 nodes, on every walk of a conversion */
    uint64_t k = yc ? 0 : kids_seek(&it, 0, kmin, 0);
    while (k < it.n) {
        uint64_t ci = it.coords[2 * k], cj = it.coords[2 * k + 1];
        if (!yc && ci > kmax) break;
        if (yc && (cj < kmin || cj > kmax)) {
            k = kids_seek(&it, k, cj < kmin ? ci : ci + 1, kmin);
            continue;
        }
        walk_band(A, hs_load64(it.words + 8 * k), level - 1, r0 + (ci << shift),
                  c0 + (cj << shift), yc, lo, hi, fn, ctx);
        k++;
    }
}

void hs_walk_band(const GG_hs_matrix *A, int yc, GrB_Index lo, GrB_Index hi, hs_leaf_fn fn,
                  void *ctx)
{
    if (A->root != 0 && lo < hi) walk_band(A, A->root, A->height, 0, 0, yc, lo, hi, fn, ctx);
}

/* Entries per leaf level: ctx is a uint64_t[64] indexed by level. */
static void count_level(void *ctx, const hs_leaf *L)
{
    ((uint64_t *)ctx)[L->level] += L->n;
}

/* A subtree the count shares out: its child word and level. */
typedef struct {
    uint64_t w;
    int level;
} hs_sub;

/* Appends sub to subs; false when out of memory. */
static bool push_sub(hs_sub **subs, size_t *n, size_t *cap, hs_sub sub)
{
    if (*n == *cap) {
        size_t c = *cap < 64 ? 64 : 2 * *cap;
        hs_sub *g = GG_realloc(*subs, c * sizeof *g);
        if (g == NULL) return false;
        *subs = g;
        *cap = c;
    }
    (*subs)[(*n)++] = sub;
    return true;
}

/* Appends the children of the inner node w (of `level`) to subs; false when out of memory. */
static bool push_kids(const GG_hs_matrix *A, uint64_t w, int level, hs_sub **subs, size_t *n,
                      size_t *cap)
{
    hs_kids it;
    hs_kids_open(A, w, &it);
    uint64_t cw, ci, cj;
    bool ok = true;
    while (ok && hs_kids_next(&it, &cw, &ci, &cj)) ok = push_sub(subs, n, cap, (hs_sub){cw, level - 1});
    return ok;
}

/* Entries per leaf level of all of A into per_level, the subtrees shared out over the threads: the
 * root's children, or their children when those are too few to share (a leaf's origin does not
 * matter to a count, so every subtree is walked from 0, 0). One thread, or out of memory: one
 * walk. */
static void count_walk(const GG_hs_matrix *A, uint64_t per_level[64])
{
    int nth = hs_threads(hs_parts(A->nvals));
    hs_sub *subs = NULL, *more = NULL;
    size_t n = 0, cap = 0, m = 0, mcap = 0;
    bool ok = nth > 1 && A->root != 0 && hs_is_inner(hs_word_tag(A->root)) &&
              push_kids(A, A->root, A->height, &subs, &n, &cap);
    if (ok && n < 4 * (size_t)nth) {
        for (size_t k = 0; ok && k < n; k++)
            ok = hs_is_inner(hs_word_tag(subs[k].w))
                     ? push_kids(A, subs[k].w, subs[k].level, &more, &m, &mcap)
                     : push_sub(&more, &m, &mcap, subs[k]);
        GG_free(subs);
        subs = more, n = m;
        more = NULL;
    }
    uint64_t *part = ok ? GG_calloc((size_t)nth * 64, sizeof *part) : NULL;
    if (part == NULL) {
        GG_free(subs);
        hs_walk(A, count_level, per_level);
        return;
    }
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (size_t k = 0; k < n; k++)
        walk(A, subs[k].w, subs[k].level, 0, 0, count_level, part + 64 * hs_thread_id());
    for (int t = 0; t < nth; t++)
        for (int l = 0; l < 64; l++) per_level[l] += part[64 * t + l];
    GG_free(part);
    GG_free(subs);
}

/* Entries per leaf level into per_level (zeroed by the caller), from A's kept counts or by a walk
 * (count_walk) whose result A then keeps. The walk opens every leaf, one cache miss each: 1.6 ms
 * on one thread on the grid 1000^2 (54,533 leaves) on the development machine, which every SpMV
 * and tree-to-view conversion paid before it. Only the kept counts are written through the const
 * pointer, never the content: concurrent readers of one matrix may both count and store the same
 * numbers. */
static void level_counts(const GG_hs_matrix *A, uint64_t per_level[64])
{
    GG_hs_matrix *keep = (GG_hs_matrix *)A;
    bool keepable = A->height <= GG_HS_LEVELS_KEPT;
    if (keepable && __atomic_load_n(&keep->levels_kept, __ATOMIC_ACQUIRE)) {
        for (int l = 1; l <= A->height; l++)
            per_level[l] = __atomic_load_n(&keep->level_nvals[l - 1], __ATOMIC_RELAXED);
        return;
    }
    count_walk(A, per_level);
    if (!keepable) return;
    for (int l = 1; l <= A->height; l++)
        __atomic_store_n(&keep->level_nvals[l - 1], per_level[l], __ATOMIC_RELAXED);
    __atomic_store_n(&keep->levels_kept, 1, __ATOMIC_RELEASE);
}

/* Bands of width d^g read every leaf of level l > g once per band it reaches, d^(l - g) times, so
 * the narrowest bands are not always the fastest: on RMAT-16 (d 128, n 65536) about half of the
 * entries sit in level-2 leaves, and 512 bands of 128 read 3.7e9 entries where one pass reads
 * 2.9e7 (FastSV's SpMV at 2 threads took 450 ms instead of 7). So each width's reads are counted,
 * divided among the threads its bands can keep busy (half the bands, at most np): among the widths
 * within 5% of the least such cost, the widest leaving per_part bands a part (the threads take
 * them dynamically; skewed graphs need the slack), else the narrowest; widened to a multiple of
 * itself where it leaves more than twice per_part bands a part. One walk counts the entries per
 * leaf level; it opens each leaf once and reads no entry. */
GrB_Index hs_band_width(const GG_hs_matrix *A, GrB_Index dim, int np, int per_part)
{
    if (np <= 1 || A->height <= 1) return dim > 0 ? dim : 1;
    if (hs_parts_forced()) return 1ULL << A->dbits;
    uint64_t per_level[64] = {0};
    level_counts(A, per_level);
    int top = 0;
    double cost[64];
    double best = -1;
    for (int g = 1; g <= A->height && g * A->dbits < 63; g++) {
        GrB_Index w = 1ULL << (g * A->dbits), nb = (dim + w - 1) / w;
        double reads = 0;
        for (int l = 1; l <= A->height && l < 64; l++) {
            double times = 1;
            for (int k = g; k < l; k++) times *= (double)(1ULL << A->dbits);
            reads += (double)per_level[l] * times;
        }
        GrB_Index busy = nb / 2 < (GrB_Index)np ? nb / 2 : (GrB_Index)np;
        cost[g] = reads / (double)(busy > 0 ? busy : 1);
        if (best < 0 || cost[g] < best) best = cost[g];
        top = g;
        if (nb == 1) break;
    }
    int pick = 0;
    for (int g = top; g >= 1 && pick == 0; g--) {
        GrB_Index w = 1ULL << (g * A->dbits);
        if (cost[g] <= 1.05 * best && (dim + w - 1) / w >= (GrB_Index)per_part * (GrB_Index)np)
            pick = g;
    }
    for (int g = 1; g <= top && pick == 0; g++)
        if (cost[g] <= 1.05 * best) pick = g;
    /* d^g's next step is d times wider, so d^g alone may leave far more bands than asked for:
     * then a multiple of it, for at most twice per_part bands a part. Every band's walk down the
     * inner nodes costs about the same, so their number is what it costs: the grid 1000^2 at 16
     * parts took 7,813 bands of 128 columns where 16,384 gave 62, and A'x spent more time seeking
     * children of COO nodes than adding its entries. Band edges stay on multiples of d^g, so
     * leaves of level g and below still never cross one. */
    GrB_Index w = 1ULL << (pick * A->dbits), nb = (dim + w - 1) / w;
    GrB_Index most = 2 * (GrB_Index)per_part * (GrB_Index)np;
    return nb > most ? w * ((nb + most - 1) / most) : w;
}

/* ---- single elements ---------------------------------------------------------------------------- */

/* Position of local (li, lj) among the leaf's entries, or -1. */
static int64_t leaf_find(const hs_leaf *L, uint64_t li, uint64_t lj)
{
    if (L->tag == GG_HS_LEAF_DENSE) return (int64_t)(li * L->nc + lj);
    if (L->tag == GG_HS_LEAF_BITMAP) {
        uint64_t pos = (li << L->dbits) + lj, d = 1ULL << L->dbits;
        const uint8_t *bm = L->coords;
        if (!((hs_load64(bm + 8 * (pos / 64)) >> (pos % 64)) & 1)) return -1;
        /* entries before row li, then the row's bits before lj (a row may span several words) */
        int64_t k = L->rowstart[li];
        for (uint64_t p = li * d; p < pos;) {
            uint64_t word = hs_load64(bm + 8 * (p / 64)) >> (p % 64);
            uint64_t take = 64 - p % 64 < pos - p ? 64 - p % 64 : pos - p;
            k += __builtin_popcountll(word & hs_mask((int)take));
            p += take;
        }
        return k;
    }
    uint64_t lo = 0, hi = L->n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        int c = hs_cmp(hs_coord(L->coords, L->cb, mid, 0), hs_coord(L->coords, L->cb, mid, 1), li,
                       lj, L->dbits);
        if (c == 0) return (int64_t)mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* The child word at (ci, cj) of an inner node, 0 if none. */
static uint64_t child_find(const GG_hs_matrix *A, uint64_t w, uint64_t ci, uint64_t cj)
{
    hs_kids it;
    hs_kids_open(A, w, &it);
    if (it.tag == GG_HS_INNER_DENSE) return hs_load64(it.words + 8 * ((ci << A->dbits) + cj));
    uint64_t key = (ci << 8) | cj, lo = 0, hi = it.n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        uint64_t k = ((uint64_t)it.coords[2 * mid] << 8) | it.coords[2 * mid + 1];
        if (k == key) return hs_load64(it.words + 8 * mid);
        if (k < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Finds logical A(i, j): true with its leaf and position within it. */
static bool find(const GG_hs_matrix *A, GrB_Index i, GrB_Index j, hs_leaf *L, int64_t *pos)
{
    if (A->transposed) {
        GrB_Index t = i;
        i = j;
        j = t;
    }
    uint64_t w = A->root;
    int level = A->height, b = A->dbits;
    while (w != 0 && hs_is_inner(hs_word_tag(w))) {
        int shift = (level - 1) * b;
        w = child_find(A, w, (i >> shift) & hs_mask(b), (j >> shift) & hs_mask(b));
        level--;
    }
    if (w == 0) return false;
    uint64_t m = hs_mask(level * b);
    hs_leaf_open(A, w, level, i & ~m, j & ~m, L);
    *pos = leaf_find(L, i & m, j & m);
    return *pos >= 0;
}

bool GG_hs_has(const GG_hs_matrix *A, GrB_Index i, GrB_Index j)
{
    hs_leaf L;
    int64_t k;
    return find(A, i, j, &L, &k);
}

void *GG_hs_value_ptr(GG_hs_matrix *A, GrB_Index i, GrB_Index j)
{
    hs_leaf L;
    int64_t k;
    if (A->iso || hs_scaled(A) || A->pool == NULL || atomic_load(&A->pool->refs) != 1 ||
        !find(A, i, j, &L, &k))
        return NULL;
    return (void *)(L.x + (uint64_t)k * A->type->size);
}

GrB_Info GG_hs_get(const GG_hs_matrix *A, GrB_Index i, GrB_Index j, void *x, GrB_Type xtype)
{
    hs_leaf L;
    int64_t k;
    if (!find(A, i, j, &L, &k)) return GrB_NO_VALUE;
    size_t size = A->type->size;
    uint8_t stack[64], *v = size <= sizeof stack ? stack : GG_malloc(size);
    if (v == NULL) return GrB_OUT_OF_MEMORY;
    hs_read_value(A, L.x != NULL ? L.x + (uint64_t)k * size : NULL, v);
    hs_cast c = hs_cast_make(xtype, A->type);
    hs_cast_apply(&c, x, v);
    if (v != stack) GG_free(v);
    return GrB_SUCCESS;
}
