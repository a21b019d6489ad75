/* build.c: building a HiSparse tree in the papers' two phases. Tuples are first put in tree order
 * and duplicates grouped: input already in tree order is used as it is; otherwise, when both
 * coordinates fit 32 bits, (key, value) pairs are counted and scattered (input sorted by rows goes
 * block by block to its place, the blocks of d^2 or d columns of each strip counted first, or the
 * level-1 blocks of each strip of d rows when only those are well filled; other input goes into
 * buckets by the top key bits, each bucket then sorted: the cost profile of a CSR build), and
 * with wider coordinates a merge sort orders a permutation. The skeleton pass then walks the
 * ordered entries once, closing nodes bottom-up and choosing for each the cheapest representation
 * (a leaf of the best kind, or an inner node over its children's best); it records only nodes
 * above level 1, whose leaves are cheap to re-derive. One pool of the total size is allocated and
 * every node filled from its record.
 *
 * Every phase over the entries runs in parallel (OpenMP) on large inputs: parts with fixed
 * boundaries, combined in order, so the tree is bit for bit the one a single thread builds
 * (Doc/decisions.md, "Parallel matrix build"). */
#include "hs_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ---- parallel phases (hs_internal.h) ---------------------------------------------------------- */

static _Atomic int forced_parts;

void GG_hs_set_build_parts(int parts)
{
    atomic_store(&forced_parts, parts < 0 ? 0 : parts > HS_MAX_PARTS ? HS_MAX_PARTS : parts);
}

bool hs_parts_forced(void)
{
    return atomic_load(&forced_parts) > 0;
}

int hs_parts(uint64_t work)
{
    int forced = atomic_load(&forced_parts);
    if (forced > 0) return forced;
    int parts = GG_nthreads_for(work); /* the library's one thread rule (src/core/threads.c) */
    return parts > HS_MAX_PARTS ? HS_MAX_PARTS : parts;
}

/* Phase times of a build on stderr, when GRAPHBLAS_GPU_BUILD_TIMES is set (not empty, not "0";
 * read once): each mark prints the wall time and the CPU time of the process (all threads) since
 * the previous one, so that a build's serial phases show at the thread counts of the machine it
 * runs on, and the work itself on a loaded one (Doc/performance.md). NULL starts the clocks. */
static double clock_ms(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static void hs_phase(const char *name)
{
    static _Atomic int wanted = -1;
    static _Thread_local double last, last_cpu;
    int w = atomic_load_explicit(&wanted, memory_order_relaxed);
    if (w < 0) {
        const char *e = getenv("GRAPHBLAS_GPU_BUILD_TIMES");
        w = e != NULL && e[0] != '\0' && strcmp(e, "0") != 0;
        atomic_store_explicit(&wanted, w, memory_order_relaxed);
    }
    if (!w) return;
    double now = clock_ms(CLOCK_MONOTONIC), cpu = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
    if (name != NULL)
        fprintf(stderr, "build phase %-12s %9.3f ms wall %9.3f ms cpu\n", name, now - last,
                cpu - last_cpu);
    last = now;
    last_cpu = cpu;
}

/* Start of part p of np over [0, n) (part np starts at n): sizes differ by at most one. */
static inline uint64_t part_start(uint64_t n, int p, int np)
{
    uint64_t q = n / (uint64_t)np, r = n % (uint64_t)np;
    return q * (uint64_t)p + ((uint64_t)p < r ? (uint64_t)p : r);
}

/* ---- value sources ------------------------------------------------------------------------------ */

static inline void store_bits(void *p, uint64_t w, size_t size)
{
    switch (size) {
    case 1: memcpy(p, &w, 1); break;
    case 2: memcpy(p, &w, 2); break;
    case 4: memcpy(p, &w, 4); break;
    case 8: memcpy(p, &w, 8); break;
    default: memcpy(p, &w, size);
    }
}

/* The bytes of a value of at most 8 bytes as a word (fixed-size copies compile to one load). */
static inline uint64_t load_bits(const void *p, size_t size)
{
    uint64_t w = 0;
    switch (size) {
    case 1: memcpy(&w, p, 1); break;
    case 2: memcpy(&w, p, 2); break;
    case 4: memcpy(&w, p, 4); break;
    case 8: memcpy(&w, p, 8); break;
    default: memcpy(&w, p, size);
    }
    return w;
}

static inline const char *source_value(const hs_values *v, GrB_Index k)
{
    if (v->x_iso) return v->x;
    return v->x + (v->src != NULL ? v->src[k] : k) * v->xsize;
}

/* z = the value of inputs lo..hi-1 (one unique position): the last one cast to the tree type, or
 * with dup, all cast to dup's type and folded in input order, then cast to the tree type. */
static void fold_run(const hs_values *v, GrB_Index lo, GrB_Index hi, void *z, void *scratch)
{
    if (v->dup == NULL) {
        hs_cast_apply(&v->to_z, z, source_value(v, hi - 1));
        return;
    }
    size_t dsize = v->dup->ztype->size;
    char *acc = scratch, *next = acc + dsize, *res = next + dsize;
    hs_cast_apply(&v->to_d, acc, source_value(v, lo));
    for (GrB_Index r = lo + 1; r < hi; r++) {
        hs_cast_apply(&v->to_d, next, source_value(v, r));
        v->dup->f(res, acc, next);
        memcpy(acc, res, dsize);
    }
    hs_cast_apply(&v->from_d, z, acc);
}

void hs_stream_value(const hs_stream *s, GrB_Index u, void *z, void *scratch)
{
    if (s->bits) {
        memcpy(z, &s->P[u].src, s->v.to_z.size);
        return;
    }
    const hs_values *v = &s->v;
    fold_run(v, v->run != NULL ? v->run[u] : u, v->run != NULL ? v->run[u + 1] : u + 1, z, scratch);
}

/* ---- node choice (the cost model is hs_layout.h's) ---------------------------------------------- */

#define SMALL_LEAF 256 /* level-1 choices for fewer entries come from a table */

typedef struct {
    int b, h;
    uint64_t vb; /* value bytes in leaves */
    GrB_Index nrows, ncols;
    const hs_stream *s;
    uint64_t same1;   /* diff(k) below this: entries k-1 and k share their level-1 node */
    uint8_t digit[64]; /* the highest bit of diff(k) to the level of the first digit they differ in */
    uint64_t er, ec;   /* in-bounds height of the last row of level-1 blocks, width of the last column */
    hs_choice small[SMALL_LEAF]; /* best sparse level-1 leaf by entry count */
} hs_shape;

/* ---- entries of a stream ------------------------------------------------------------------------ */

/* How entries k-1 and k differ: key XOR, or the OR of the coordinates' XORs. */
static inline uint64_t ent_diff(const hs_stream *s, uint64_t k)
{
    if (s->P != NULL) return s->P[k].key ^ s->P[k - 1].key;
    return (s->I[k] ^ s->I[k - 1]) | (s->J[k] ^ s->J[k - 1]);
}

/* Coordinates of entry k within its level-`level` node (all of them when level >= h). */
static void ent_local_key(const hs_stream *s, uint64_t k, int level, GrB_Index *i, GrB_Index *j)
{
    hs_key_split(&s->f, s->P[k].key, level, i, j);
}

static inline __attribute__((always_inline)) void ent_local(const hs_stream *s, uint64_t k,
                                                            int level, GrB_Index *i, GrB_Index *j)
{
    if (s->P == NULL) {
        uint64_t m = hs_mask(level * s->f.b);
        *i = s->I[k] & m;
        *j = s->J[k] & m;
    } else if (level == 1 && s->f.h > 1) { /* the lowest digits, the common case */
        uint64_t key = s->P[k].key, m = hs_mask(s->f.b);
        *i = (key >> s->f.b) & m;
        *j = key & m;
    } else {
        ent_local_key(s, k, level, i, j);
    }
}

static void shape_init(hs_shape *S, int dbits, GrB_Index nrows, GrB_Index ncols, uint64_t vb,
                       const hs_stream *s)
{
    S->b = dbits;
    S->h = hs_height(nrows, ncols, dbits);
    S->vb = vb;
    S->nrows = nrows;
    S->ncols = ncols;
    S->s = s;
    int per = s->P != NULL ? 2 * dbits : dbits; /* bits of one digit in diff() */
    S->same1 = 1ULL << per;
    S->er = nrows > 0 ? ((nrows - 1) & hs_mask(dbits)) + 1 : 0;
    S->ec = ncols > 0 ? ((ncols - 1) & hs_mask(dbits)) + 1 : 0;
    for (int bit = 0; bit < 64; bit++) {
        int d = bit / per;
        S->digit[bit] = (uint8_t)(d < S->h ? d : S->h - 1);
    }
    for (uint64_t n = 1; n < SMALL_LEAF; n++) S->small[n] = hs_leaf1_choice(n, dbits, vb, false);
}

/* The cheapest level-1 leaf for n entries whose first is entry `first`. */
/* Whether n entries may fill a level-1 block: a complete block may be dense; it holds d*d
 * entries, or fewer at the matrix's edges. */
static inline bool leaf1_may_fill(const hs_shape *S, uint64_t n)
{
    uint64_t d = 1ULL << S->b;
    return n == d * d || n == S->er * d || n == d * S->ec || n == S->er * S->ec;
}

/* The cheapest level-1 leaf for n entries of the block holding (i, j) (read only when n may fill
 * it). */
static inline hs_choice leaf1_choice_at(const hs_shape *S, uint64_t n, GrB_Index i, GrB_Index j)
{
    GrB_Index m = hs_mask(S->b);
    bool full = leaf1_may_fill(S, n) &&
                n == hs_extent(S->nrows, i & ~m, S->b) * hs_extent(S->ncols, j & ~m, S->b);
    return n < SMALL_LEAF && !full ? S->small[n] : hs_leaf1_choice(n, S->b, S->vb, full);
}

static inline hs_choice leaf1_choice(const hs_shape *S, uint64_t n, uint64_t first)
{
    GrB_Index i = 0, j = 0;
    if (leaf1_may_fill(S, n)) ent_local(S->s, first, S->h, &i, &j);
    return leaf1_choice_at(S, n, i, j);
}

/* ---- the skeleton --------------------------------------------------------------------------------- */

/* A node above level 1 (or a level-1 root). The level-1 leaves of a level-2 inner node are not
 * recorded: they are laid out just before it (kids_bytes in all) and re-derived by the fill. */
typedef struct {
    uint64_t first, n;   /* its entries */
    uint64_t size;       /* bytes of the node itself */
    uint64_t kids_bytes; /* level-2 inner node: bytes of its leaves */
    uint64_t offset;
    int64_t first_child, next; /* recorded children of an inner node above level 2 */
    uint32_t nkids;
    uint8_t level, tag;
} hs_rec;

typedef struct {
    uint64_t first, n, kids_bytes;
    uint32_t nkids;
    size_t mark; /* records when the node opened: a node that becomes a leaf drops those after */
    int64_t first_child, last_child;
} hs_open;

typedef struct {
    const hs_shape *S;
    hs_rec *rec;
    size_t nrec, cap;
    hs_open open[GG_HS_MAX_LEVELS + 2];
} hs_skel;

static bool push(hs_skel *K, const hs_rec *r)
{
    if (K->nrec == K->cap) {
        size_t cap = K->cap < 64 ? 64 : 2 * K->cap;
        hs_rec *p = GG_realloc(K->rec, cap * sizeof *p);
        if (p == NULL) return false;
        K->rec = p;
        K->cap = cap;
    }
    K->rec[K->nrec++] = *r;
    return true;
}

static inline void open_node(hs_skel *K, int level, uint64_t first)
{
    K->open[level] = (hs_open){first, 0, 0, 0, K->nrec, -1, -1};
}

/* Records r (a node of level >= 2 whose subtree takes `best` bytes) and adds it to its parent. */
static bool attach(hs_skel *K, const hs_rec *r, uint64_t best)
{
    if (!push(K, r)) return false;
    if (r->level < K->S->h) {
        hs_open *p = &K->open[r->level + 1];
        int64_t id = (int64_t)K->nrec - 1;
        p->n += r->n;
        p->kids_bytes += best;
        p->nkids++;
        if (p->last_child >= 0)
            K->rec[p->last_child].next = id;
        else
            p->first_child = id;
        p->last_child = id;
    }
    return true;
}

/* The record of the open node o at level >= 2, leaf or inner, whichever is cheaper; *best: the
 * bytes of its subtree. */
static hs_rec node_rec(const hs_shape *S, const hs_open *o, int level, uint64_t *best)
{
    hs_choice c = hs_node_choice(o->n, o->nkids, o->kids_bytes, level, S->b, S->vb, best);
    hs_rec r = {o->first, o->n, c.size, 0, 0, -1, -1, 0, (uint8_t)level, (uint8_t)c.tag};
    if (hs_is_inner(c.tag)) {
        r.kids_bytes = level == 2 ? o->kids_bytes : 0;
        r.first_child = o->first_child;
        r.nkids = o->nkids;
    }
    return r;
}

/* Closes the open node at level >= 2: chooses leaf or inner, records it and adds it to its parent
 * (if any). The cost of a subtree is its bytes; the parent's child word is the parent's. */
static bool close_node(hs_skel *K, int level)
{
    hs_open *o = &K->open[level];
    uint64_t best;
    hs_rec r = node_rec(K->S, o, level, &best);
    if (!hs_is_inner(r.tag)) K->nrec = o->mark;
    return attach(K, &r, best);
}

/* Adds a level-1 leaf of n entries to its open parent p. */
static inline void add_leaf1(hs_open *p, uint64_t n, hs_choice c)
{
    p->n += n;
    p->kids_bytes += c.size;
    p->nkids++;
}

/* Closes the level-1 node ending before entry `end`. */
static inline bool close_leaf1(hs_skel *K, uint64_t end)
{
    hs_open *o = &K->open[1];
    o->n = end - o->first;
    hs_choice c = leaf1_choice(K->S, o->n, o->first);
    if (K->S->h == 1) {
        hs_rec r = {o->first, o->n, c.size, 0, 0, -1, -1, 0, 1, (uint8_t)c.tag};
        return push(K, &r);
    }
    add_leaf1(&K->open[2], o->n, c);
    return true;
}

/* The highest level of the nodes that end between entries k-1 and k (0: they share their level-1
 * node; never the root's level). */
static inline int ent_level(const hs_shape *S, uint64_t k)
{
    uint64_t x = ent_diff(S->s, k);
    return x < S->same1 ? 0 : S->digit[hs_msb(x)];
}

/* The skeleton pass over the ordered unique entries [lo, hi), hi > lo, which hold whole nodes of
 * level `top`: closes the nodes of levels 1..top. Above that, only the parent level's totals are
 * kept (open[top + 1]). top = h is the whole pass. */
static bool skeleton_range(hs_skel *K, uint64_t lo, uint64_t hi, int top)
{
    const hs_shape *S = K->S;
    for (int level = 1; level <= top + (top < S->h); level++) open_node(K, level, lo);
    for (uint64_t k = lo + 1; k < hi; k++) {
        int D = ent_level(S, k); /* nodes at levels 1..D end here */
        if (D == 0) continue;    /* same level-1 node */
        if (D > top) D = top;
        if (!close_leaf1(K, k)) return false;
        for (int level = 2; level <= D; level++)
            if (!close_node(K, level)) return false;
        for (int level = 1; level <= D; level++) open_node(K, level, k);
    }
    if (!close_leaf1(K, hi)) return false;
    for (int level = 2; level <= top; level++)
        if (!close_node(K, level)) return false;
    return true;
}

/* Adds r, a node of level 2 closed elsewhere, to K (at K->rec[*at]), then closes K's nodes of
 * levels 3..D, which end after it, and opens their successors at entry `next`. */
static bool replay_level2(hs_skel *K, hs_rec r, int D, uint64_t next, size_t *at)
{
    r.next = -1;
    if (!attach(K, &r, r.size + r.kids_bytes)) return false;
    *at = K->nrec - 1;
    for (int level = 3; level <= D; level++)
        if (!close_node(K, level)) return false;
    for (int level = 3; level <= D; level++) open_node(K, level, next);
    return true;
}

/* One part of a parallel skeleton pass: entries [lo, hi), whole nodes of the split level. */
typedef struct {
    uint64_t lo, hi;
    hs_skel K;
    bool ok;
} hs_skel_part;

/* The first entry at or after k that starts a node of level `top` (n: none). */
static uint64_t node_start(const hs_shape *S, uint64_t k, int top)
{
    while (k > 0 && k < S->s->n && ent_level(S, k) < top) k++;
    return k;
}

/* The skeleton pass in np parts split between nodes of level top (1 when h = 2, else 2), each
 * closing the nodes of levels up to top. The records of the parts (nodes of level 2, in order)
 * are then replayed, in order, into K, which closes the levels above exactly as one pass would;
 * with top = 1 the root adds up the parts' leaves. The parts stay in part[] for the fill. */
static bool skeleton_parts(hs_skel *K, hs_skel_part *part, int np)
{
    const hs_shape *S = K->S;
    uint64_t n = S->s->n;
    int top = S->h >= 3 ? 2 : 1;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
    for (int p = 0; p < np; p++) {
        hs_skel_part *q = &part[p];
        q->lo = node_start(S, part_start(n, p, np), top);
        q->hi = node_start(S, part_start(n, p + 1, np), top);
        q->K = (hs_skel){.S = S};
        q->ok = q->hi == q->lo || skeleton_range(&q->K, q->lo, q->hi, top);
    }
    for (int p = 0; p < np; p++)
        if (!part[p].ok) return false;
    if (top == 1) {
        open_node(K, 2, 0);
        for (int p = 0; p < np; p++) {
            if (part[p].hi == part[p].lo) continue;
            const hs_open *o = &part[p].K.open[2];
            K->open[2].n += o->n;
            K->open[2].kids_bytes += o->kids_bytes;
            K->open[2].nkids += o->nkids;
        }
        return close_node(K, 2);
    }
    for (int level = 3; level <= S->h; level++) open_node(K, level, 0);
    for (int p = 0; p < np; p++) {
        for (size_t k = 0, at; k < part[p].K.nrec; k++) {
            const hs_rec *r = &part[p].K.rec[k]; /* a node of level 2, closed by the part */
            uint64_t next = r->first + r->n;
            if (!replay_level2(K, *r, next < n ? ent_level(S, next) : 0, next, &at)) return false;
        }
    }
    for (int level = 3; level <= S->h; level++)
        if (!close_node(K, level)) return false;
    return true;
}

/* ---- the fill -------------------------------------------------------------------------------------- */

typedef struct {
    const hs_shape *S;
    const hs_stream *s;
    uint8_t *pool;
    size_t vsize;   /* the tree type's size */
    bool bulk;      /* values are the source array itself, in stream order */
    char *scratch;  /* 3 values of dup's type */
} hs_fill;

static void fill_values(const hs_fill *F, uint8_t *dst, uint64_t first, uint64_t n)
{
    if (F->S->vb == 0 || n == 0) return;
    if (F->s->bits) {
        const hs_pair *P = F->s->P + first;
        for (uint64_t k = 0; k < n; k++) store_bits(dst + k * F->vsize, P[k].src, F->vsize);
        return;
    }
    if (F->bulk) {
        memcpy(dst, F->s->v.x + first * F->vsize, n * F->vsize);
        return;
    }
    for (uint64_t k = 0; k < n; k++) hs_stream_value(F->s, first + k, dst + k * F->vsize, F->scratch);
}

static void put_coord(uint8_t *c, unsigned cb, uint64_t k, uint64_t i, uint64_t j)
{
    switch (cb) {
    case 1:
        c[2 * k] = (uint8_t)i;
        c[2 * k + 1] = (uint8_t)j;
        break;
    case 2:
        ((uint16_t *)c)[2 * k] = (uint16_t)i;
        ((uint16_t *)c)[2 * k + 1] = (uint16_t)j;
        break;
    case 4:
        ((uint32_t *)c)[2 * k] = (uint32_t)i;
        ((uint32_t *)c)[2 * k + 1] = (uint32_t)j;
        break;
    default:
        ((uint64_t *)c)[2 * k] = i;
        ((uint64_t *)c)[2 * k + 1] = j;
    }
}

/* Writes the coordinates of a leaf's n entries one by one, in tree order; its values go to
 * values[0, n). */
typedef struct {
    int tag, b;
    unsigned cb;        /* COO: coordinate bytes */
    uint8_t *coords;    /* COO pairs, or the bitmap */
    uint16_t *rowstart; /* bitmap */
    uint8_t *values;
    uint64_t k;         /* entries written */
} hs_leaf_writer;

static void leaf_begin(hs_leaf_writer *L, const hs_shape *S, int level, int tag, uint8_t *node,
                       uint64_t n)
{
    *L = (hs_leaf_writer){.tag = tag, .b = S->b, .values = node};
    if (tag == GG_HS_LEAF_DENSE) return;
    uint32_t count = (uint32_t)n;
    memcpy(node, &count, 4);
    hs_geom g;
    if (tag == GG_HS_LEAF_BITMAP) {
        g = hs_bitmap_geom(n, S->b, S->vb);
        L->rowstart = (uint16_t *)(node + 4);
    } else {
        L->cb = hs_coord_bytes(level, S->b);
        g = hs_coo_geom(n, hs_coo_x(tag), L->cb, S->vb);
    }
    L->coords = node + g.coords;
    L->values = node + g.values;
}

/* The next entry, at (li, lj) within the leaf. */
static inline void leaf_put(hs_leaf_writer *L, uint64_t li, uint64_t lj)
{
    if (L->tag == GG_HS_LEAF_BITMAP) {
        uint64_t pos = (li << L->b) | lj, *bm = (uint64_t *)L->coords;
        bm[pos / 64] |= 1ULL << (pos % 64);
        if (li + 1 < (1ULL << L->b)) L->rowstart[li + 1]++;
    } else if (L->tag != GG_HS_LEAF_DENSE) {
        put_coord(L->coords, L->cb, L->k, li, lj);
    }
    L->k++;
}

static void leaf_end(hs_leaf_writer *L)
{
    if (L->tag != GG_HS_LEAF_BITMAP) return;
    for (uint64_t r = 1; r < (1ULL << L->b); r++)
        L->rowstart[r] = (uint16_t)(L->rowstart[r] + L->rowstart[r - 1]);
}

static void fill_leaf(const hs_fill *F, int level, int tag, uint8_t *node, uint64_t first,
                      uint64_t n)
{
    hs_leaf_writer L;
    leaf_begin(&L, F->S, level, tag, node, n);
    GrB_Index li, lj;
    for (uint64_t k = 0; tag != GG_HS_LEAF_DENSE && k < n; k++) {
        ent_local(F->s, first + k, tag == GG_HS_LEAF_BITMAP ? 1 : level, &li, &lj);
        leaf_put(&L, li, lj);
    }
    leaf_end(&L);
    fill_values(F, L.values, first, n);
}

/* Writes an inner node's child list: `kids` children, child k at (ci[k], cj[k]) with word w[k]. */
typedef struct {
    uint8_t *node;
    int tag, dbits;
    uint64_t k;
    hs_geom g;
} hs_inner_writer;

/* Starts writing at child k0; the count too when `head` (one writer of a node does that). */
static void inner_begin(hs_inner_writer *W, uint8_t *node, int tag, uint32_t nkids, int dbits,
                        uint64_t k0, bool head)
{
    W->node = node;
    W->tag = tag;
    W->dbits = dbits;
    W->k = k0;
    if (tag != GG_HS_INNER_DENSE) {
        W->g = hs_coo_geom(nkids, hs_coo_x(tag), 1, 8);
        if (head) memcpy(node, &nkids, 4);
    }
}

static void inner_put(hs_inner_writer *W, uint64_t ci, uint64_t cj, uint64_t word)
{
    if (W->tag == GG_HS_INNER_DENSE) {
        memcpy(W->node + 8 * ((ci << W->dbits) | cj), &word, 8);
        return;
    }
    W->node[W->g.coords + 2 * W->k] = (uint8_t)ci;
    W->node[W->g.coords + 2 * W->k + 1] = (uint8_t)cj;
    memcpy(W->node + W->g.values + 8 * W->k, &word, 8);
    W->k++;
}

/* Position of the child holding entry k in its level-`level` parent. */
static inline void child_pos(const hs_shape *S, uint64_t k, int level, uint64_t *ci, uint64_t *cj)
{
    GrB_Index i, j;
    ent_local(S->s, k, level, &i, &j);
    int shift = (level - 1) * S->b;
    *ci = i >> shift;
    *cj = j >> shift;
}

/* A level-2 inner node and the level-1 leaves laid out before it: the leaves of entries
 * [lo, end), whole leaves, the first of them child k0 of the node laid out at `cursor` (head: the
 * node's count too). */
static void fill_level2(const hs_fill *F, const hs_rec *r, uint64_t lo, uint64_t end,
                        uint64_t cursor, uint64_t k0, bool head)
{
    const hs_shape *S = F->S;
    uint64_t ci, cj;
    hs_inner_writer W;
    inner_begin(&W, F->pool + r->offset, r->tag, r->nkids, S->b, k0, head);
    for (uint64_t first = lo; first < end;) {
        uint64_t e = first + 1;
        while (e < end && ent_diff(S->s, e) < S->same1) e++;
        hs_choice c = leaf1_choice(S, e - first, first);
        fill_leaf(F, 1, c.tag, F->pool + cursor, first, e - first);
        child_pos(S, first, 2, &ci, &cj);
        inner_put(&W, ci, cj, hs_word(cursor, c.tag));
        cursor += c.size;
        first = e;
    }
}

static void fill_inner(const hs_fill *F, const hs_skel *K, const hs_rec *r)
{
    hs_inner_writer W;
    inner_begin(&W, F->pool + r->offset, r->tag, r->nkids, F->S->b, 0, true);
    uint64_t ci, cj;
    for (int64_t c = r->first_child; c >= 0; c = K->rec[c].next) {
        const hs_rec *k = &K->rec[c];
        child_pos(F->S, k->first, r->level, &ci, &cj);
        inner_put(&W, ci, cj, hs_word(k->offset, k->tag));
    }
}

/* ---- building from a stream ------------------------------------------------------------------------ */

/* Fills a recorded node (a level-2 inner node with its leaves). */
static void fill_record(const hs_fill *F, const hs_skel *K, const hs_rec *r)
{
    if (!hs_is_inner(r->tag))
        fill_leaf(F, r->level, r->tag, F->pool + r->offset, r->first, r->n);
    else if (r->level == 2)
        fill_level2(F, r, r->first, r->first + r->n, r->offset - r->kids_bytes, 0, true);
    else
        fill_inner(F, K, r);
}

/* The fill, in parallel over the records; a level-2 root (h = 2) is filled by the skeleton's
 * parts, each part's leaves laid out after those of the parts before it. */
static void fill_all(const hs_fill *F0, const hs_skel *K, const hs_skel_part *part, int np,
                     size_t scratch_size)
{
    const hs_rec *root = &K->rec[K->nrec - 1];
    int nth = hs_threads(np);
    if (np > 1 && F0->S->h == 2 && hs_is_inner(root->tag)) {
        uint64_t cursor[HS_MAX_PARTS], k0[HS_MAX_PARTS];
        cursor[0] = root->offset - root->kids_bytes;
        k0[0] = 0;
        for (int p = 1; p < np; p++) {
            cursor[p] = cursor[p - 1] + part[p - 1].K.open[2].kids_bytes;
            k0[p] = k0[p - 1] + part[p - 1].K.open[2].nkids;
        }
        HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
        for (int p = 0; p < np; p++) {
            hs_fill F = *F0;
            F.scratch += (size_t)hs_thread_id() * scratch_size;
            fill_level2(&F, root, part[p].lo, part[p].hi, cursor[p], k0[p], p == 0);
        }
        return;
    }
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 16)")
    for (size_t k = 0; k < K->nrec; k++) {
        hs_fill F = *F0;
        F.scratch += (size_t)hs_thread_id() * scratch_size;
        fill_record(&F, K, &K->rec[k]);
    }
}

/* The header fields of a tree of nvals entries (no pool yet). */
static void tree_head(GG_hs_matrix *R, GrB_Type type, GrB_Index nrows, GrB_Index ncols, int dbits,
                      GrB_Index nvals, bool iso)
{
    memset(R, 0, sizeof *R);
    R->type = type;
    R->nrows = nrows;
    R->ncols = ncols;
    R->scale = 1.0;
    R->dbits = (uint8_t)dbits;
    R->height = (uint8_t)hs_height(nrows, ncols, dbits);
    R->nvals = nvals;
    R->iso = nvals > 0 && iso;
}

/* Lays out K's records in record order (children before parents; the iso value follows the
 * header), allocates the pool and makes it R's, with K's last record as the root. NULL when out
 * of memory. */
static uint8_t *skeleton_pool(GG_hs_matrix *R, hs_skel *K)
{
    uint64_t cursor = HS_HEADER_BYTES + (R->iso ? hs_align(R->type->size, 16) : 0);
    for (size_t k = 0; k < K->nrec; k++) {
        cursor += K->rec[k].kids_bytes;
        K->rec[k].offset = cursor;
        cursor += K->rec[k].size;
    }
    uint8_t *pool = cursor <= SIZE_MAX ? GG_huge(GG_calloc(1, (size_t)cursor), cursor) : NULL;
    if (pool == NULL) return NULL;
    R->pool = (GG_hs_pool *)pool;
    atomic_init(&R->pool->refs, 1);
    R->pool->bytes = cursor;
    const hs_rec *root = &K->rec[K->nrec - 1];
    R->root = hs_word(root->offset, root->tag);
    return pool;
}

GrB_Info hs_build_stream(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols, int dbits,
                         const hs_stream *s, bool iso)
{
    GG_hs_matrix R;
    tree_head(&R, type, nrows, ncols, dbits, s->n, iso);
    if (s->n == 0) {
        *A = R;
        return GrB_SUCCESS;
    }

    hs_stream st = *s; /* the array form of coordinates needs the digit width too */
    hs_keyfmt_make(&st.f, nrows, ncols, dbits);
    s = &st;
    hs_shape S;
    shape_init(&S, dbits, nrows, ncols, iso ? 0 : type->size, s);
    hs_skel K = {.S = &S};
    int np = S.h >= 2 ? hs_parts(s->n) : 1;
    size_t dsize = s->v.dup != NULL ? s->v.dup->ztype->size : 0;
    size_t scratch_size = 3 * dsize + type->size; /* per thread */
    char *scratch = hs_alloc_n((uint64_t)hs_threads(np), scratch_size);
    hs_skel_part *part = np > 1 ? GG_calloc((size_t)np, sizeof *part) : NULL;
    bool ok = scratch != NULL && (np == 1 || part != NULL);
    if (ok) ok = np == 1 ? skeleton_range(&K, 0, s->n, S.h) : skeleton_parts(&K, part, np);
    for (int p = 0; part != NULL && p < np; p++) GG_free(part[p].K.rec);

    uint8_t *pool = ok ? skeleton_pool(&R, &K) : NULL;
    if (pool == NULL) {
        GG_free(part);
        GG_free(scratch);
        GG_free(K.rec);
        return GrB_OUT_OF_MEMORY;
    }
    if (iso) hs_stream_value(s, 0, pool + HS_HEADER_BYTES, scratch);

    const hs_values *v = &s->v;
    bool plain_dup = v->dup == NULL || (v->to_d.f == NULL && v->from_d.f == NULL &&
                                        v->dup->ztype->size == type->size);
    hs_fill F = {&S, s, pool, type->size,
                 v->src == NULL && v->run == NULL && v->to_z.f == NULL && !v->x_iso && plain_dup,
                 scratch};
    fill_all(&F, &K, part, np, scratch_size);
    GG_free(part);
    GG_free(scratch);
    GG_free(K.rec);
    *A = R;
    return GrB_SUCCESS;
}

/* ---- sorting ------------------------------------------------------------------------------------------ */

/* Digits of at most 8 bits keep the scatter of a large array streaming (256 destinations); an
 * array that fits in cache takes up to 12-bit digits and so fewer passes. */
#define RADIX_BITS_STREAM 8
#define RADIX_BITS_CACHE 12
#define HS_CACHE_PAIRS 65536 /* 1 MiB of pairs */

hs_pair *hs_radix_sort(hs_pair *a, hs_pair *tmp, uint64_t n, int bits)
{
    int most = n <= HS_CACHE_PAIRS ? RADIX_BITS_CACHE : RADIX_BITS_STREAM;
    int passes = (bits + most - 1) / most;
    int width = passes > 0 ? (bits + passes - 1) / passes : 1;
    uint64_t size = 1ULL << width, mask = size - 1;
    uint64_t *count = GG_calloc((size_t)(passes > 0 ? passes : 1) * size, sizeof *count);
    if (count == NULL) return NULL;
    for (uint64_t k = 0; k < n; k++)
        for (int p = 0; p < passes; p++) count[p * size + ((a[k].key >> (p * width)) & mask)]++;
    hs_pair *src = a, *dst = tmp;
    for (int p = 0; p < passes; p++) {
        uint64_t *c = count + (size_t)p * size;
        int shift = p * width;
        if (c[(src[0].key >> shift) & mask] == n) continue;
        for (uint64_t d = 0, sum = 0; d < size; d++) {
            uint64_t t = c[d];
            c[d] = sum;
            sum += t;
        }
        for (uint64_t k = 0; k < n; k++) dst[c[(src[k].key >> shift) & mask]++] = src[k];
        hs_pair *t = src;
        src = dst;
        dst = t;
    }
    GG_free(count);
    return src;
}

void hs_sort_perm(GrB_Index *p, GrB_Index *tmp, uint64_t n, const GrB_Index *row,
                  const GrB_Index *col, int b)
{
    const uint64_t run = 16;
    for (uint64_t lo = 0; lo < n; lo += run) {
        uint64_t hi = lo + run < n ? lo + run : n;
        for (uint64_t k = lo + 1; k < hi; k++) {
            GrB_Index t = p[k];
            uint64_t m = k;
            for (; m > lo && hs_cmp(row[t], col[t], row[p[m - 1]], col[p[m - 1]], b) < 0; m--)
                p[m] = p[m - 1];
            p[m] = t;
        }
    }
    GrB_Index *src = p, *dst = tmp;
    for (uint64_t width = run; width < n; width *= 2) {
        for (uint64_t lo = 0; lo < n; lo += 2 * width) {
            uint64_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            uint64_t a = lo, c = mid, k = lo;
            while (a < mid && c < hi)
                dst[k++] = hs_cmp(row[src[c]], col[src[c]], row[src[a]], col[src[a]], b) < 0 ? src[c++]
                                                                                             : src[a++];
            while (a < mid) dst[k++] = src[a++];
            while (c < hi) dst[k++] = src[c++];
        }
        GrB_Index *t = src;
        src = dst;
        dst = t;
    }
    if (src != p) memcpy(p, src, n * sizeof *p);
}

/* Temporaries of one build, all freed at the end. */
typedef struct {
    hs_pair *pairs, *spare;
    GrB_Index *perm, *tmp, *I, *J, *run, *zeros;
} hs_tmp;

static void tmp_free(hs_tmp *T)
{
    GG_free(T->pairs);
    GG_free(T->spare);
    GG_free(T->perm);
    GG_free(T->tmp);
    GG_free(T->I);
    GG_free(T->J);
    GG_free(T->run);
    GG_free(T->zeros);
}

/* Groups a sequence in tree order (input k at position order[k], or k) into unique I, J and run
 * boundaries (run only when some position repeats). */
static GrB_Info group_runs(hs_stream *s, hs_tmp *T, uint64_t n, uint64_t nu, const GrB_Index *row,
                           const GrB_Index *col, const GrB_Index *order)
{
    T->I = hs_alloc_n(nu, sizeof(GrB_Index));
    T->J = hs_alloc_n(nu, sizeof(GrB_Index));
    T->run = nu < n ? hs_alloc_n(nu + 1, sizeof(GrB_Index)) : NULL;
    if (T->I == NULL || T->J == NULL || (nu < n && T->run == NULL)) return GrB_OUT_OF_MEMORY;
    uint64_t u = 0;
    for (uint64_t k = 0; k < n; k++) {
        GrB_Index q = order != NULL ? order[k] : k;
        GrB_Index i = row[q], j = col != NULL ? col[q] : 0;
        if (k > 0 && i == T->I[u - 1] && j == T->J[u - 1]) continue;
        if (T->run != NULL) T->run[u] = k;
        T->I[u] = i;
        T->J[u] = j;
        u++;
    }
    if (T->run != NULL) T->run[nu] = n;
    s->I = T->I;
    s->J = T->J;
    s->v.run = T->run;
    return GrB_SUCCESS;
}

#define HS_BUCKET_BITS 10
#define HS_MAX_SEGMENTS (1 << HS_BUCKET_BITS) /* buckets; at least HS_MAX_PARTS */

/* Sorts a[0..n) stably by key bits [0, bits) with scratch tmp (n pairs): insertion sort when
 * tiny, LSD radix when the pairs fit in cache, else one MSD pass on the top bits into 2^10
 * buckets (few enough to stream) and each bucket recursively. False when out of memory. */
static bool msd_sort(hs_pair *a, hs_pair *tmp, uint64_t n, int bits)
{
    if (n <= 32) {
        for (uint64_t k = 1; k < n; k++) {
            hs_pair e = a[k];
            uint64_t m = k;
            for (; m > 0 && a[m - 1].key > e.key; m--) a[m] = a[m - 1];
            a[m] = e;
        }
        return true;
    }
    if (n <= HS_CACHE_PAIRS || bits <= 2 * HS_BUCKET_BITS) {
        hs_pair *r = hs_radix_sort(a, tmp, n, bits);
        if (r != NULL && r != a) memcpy(a, r, n * sizeof *a);
        return r != NULL;
    }
    int shift = bits - HS_BUCKET_BITS;
    uint64_t mask = (1u << HS_BUCKET_BITS) - 1;
    uint64_t *end = GG_calloc((size_t)mask + 1, sizeof *end);
    if (end == NULL) return false;
    for (uint64_t k = 0; k < n; k++) end[(a[k].key >> shift) & mask]++;
    for (uint64_t q = 0, sum = 0; q <= mask; q++) {
        uint64_t c = end[q];
        end[q] = sum;
        sum += c;
    }
    for (uint64_t k = 0; k < n; k++) tmp[end[(a[k].key >> shift) & mask]++] = a[k];
    memcpy(a, tmp, n * sizeof *a);
    bool ok = true;
    for (uint64_t q = 0, lo = 0; ok && q <= mask; lo = end[q++])
        ok = msd_sort(a + lo, tmp, end[q] - lo, shift);
    GG_free(end);
    return ok;
}

/* Keys by table: each byte of a coordinate spreads to its key bits through one lookup. */
typedef struct {
    uint64_t row[4][256], col[4][256];
} hs_keytab;

static void keytab_make(hs_keytab *T, const hs_keyfmt *f)
{
    memset(T, 0, sizeof *T);
    for (int p = 0; p < f->bits; p++) {
        int k = p / f->b, o = p % f->b, pi, pj;
        if (k < f->h - 1) {
            pi = 2 * f->b * k + f->b + o;
            pj = 2 * f->b * k + o;
        } else {
            o = p - f->b * (f->h - 1);
            pi = 2 * f->b * (f->h - 1) + f->top + o;
            pj = 2 * f->b * (f->h - 1) + o;
        }
        for (int v = 0; v < 256; v++) {
            if (!((v >> (p % 8)) & 1)) continue;
            T->row[p / 8][v] |= 1ULL << pi;
            T->col[p / 8][v] |= 1ULL << pj;
        }
    }
}

/* hs_key(f, i, j) for coordinates of at most 32 bits. */
static inline uint64_t tab_key(const hs_keytab *T, GrB_Index i, GrB_Index j)
{
    return T->row[0][i & 255] | T->row[1][(i >> 8) & 255] | T->row[2][(i >> 16) & 255] |
           T->row[3][(i >> 24) & 255] | T->col[0][j & 255] | T->col[1][(j >> 8) & 255] |
           T->col[2][(j >> 16) & 255] | T->col[3][(j >> 24) & 255];
}

/* ---- input sorted by rows ------------------------------------------------------------------------
 * Every strip of d rows splits by column block into level-1 blocks, which keep the entries
 * row-major. A counting pass lists the blocks strip by strip (a block's number is its strip's first
 * number plus the order in which the strip first touches it, the same in both passes), the blocks
 * are sorted by the key of their origin, and a scatter pass writes each entry straight to its place
 * in tree order, as a CSR build counts rows and scatters. The input splits into parts at strip
 * boundaries; each part has its own table of column blocks and numbers its blocks after those of
 * the parts before it. When the blocks hold few entries (RMAT-like input spreads each strip over
 * thousands of blocks), the scatter is a random write per entry and the buckets are faster. */

#define HS_STRIP_FILL 8 /* entries per block, on average, below which the buckets take over */

typedef struct {
    uint64_t lo, hi;          /* its input: whole strips */
    uint64_t *slot, *touched; /* column block -> its number in the current strip; those touched */
    hs_pair *blocks;          /* (origin key, number in the part) */
    uint64_t *count;          /* entries per block */
    uint64_t nb, cap, base;   /* its blocks; the blocks of the parts before it */
    bool ok, sparse;          /* sparse: more blocks than its entries / HS_STRIP_FILL (it stopped) */
} hs_strip_part;

/* The first entry at or after k that starts a strip (n: none). */
static uint64_t strip_start(const GG_hs_tuples *t, uint64_t k, int b)
{
    while (k > 0 && k < t->n && t->row[k] >> b == t->row[k - 1] >> b) k++;
    return k;
}

/* The counting pass over one part. */
static void strips_count(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT,
                         uint64_t nblocks, hs_strip_part *q)
{
    uint64_t len = q->hi - q->lo;
    q->slot = GG_malloc(nblocks * sizeof *q->slot);
    q->touched = GG_malloc((nblocks < len ? nblocks : len) * sizeof *q->touched);
    q->ok = q->slot != NULL && q->touched != NULL;
    for (uint64_t g = 0; q->ok && g < nblocks; g++) q->slot[g] = UINT64_MAX;
    for (uint64_t lo = q->lo; q->ok && lo < q->hi;) {
        GrB_Index strip = t->row[lo] >> f->b;
        uint64_t hi = lo, ng = 0;
        for (; hi < q->hi && t->row[hi] >> f->b == strip; hi++) {
            uint64_t J = t->col[hi] >> f->b;
            if (q->slot[J] != UINT64_MAX) continue;
            q->slot[J] = ng;
            q->touched[ng++] = J;
        }
        if ((q->nb + ng) * HS_STRIP_FILL > len) {
            q->sparse = true;
            break;
        }
        if (q->nb + ng > q->cap) {
            q->cap = 2 * (q->nb + ng);
            hs_pair *p = GG_realloc(q->blocks, q->cap * sizeof *p);
            uint64_t *c = p != NULL ? GG_realloc(q->count, q->cap * sizeof *c) : NULL;
            if (p != NULL) q->blocks = p;
            if (c == NULL) {
                q->ok = false;
                break;
            }
            q->count = c;
        }
        for (uint64_t g = 0; g < ng; g++) {
            q->blocks[q->nb + g] =
                (hs_pair){tab_key(KT, strip << f->b, q->touched[g] << f->b), q->nb + g};
            q->count[q->nb + g] = 0;
        }
        for (uint64_t k = lo; k < hi; k++) q->count[q->nb + q->slot[t->col[k] >> f->b]]++;
        for (uint64_t g = 0; g < ng; g++) q->slot[q->touched[g]] = UINT64_MAX;
        q->nb += ng;
        lo = hi;
    }
}

/* The scatter pass over one part: pos[block] is the next place of each block's entries. */
static void strips_scatter(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT,
                           bool carry, const hs_strip_part *q, uint64_t *pos, hs_pair *P)
{
    const char *x = t->x;
    size_t xsize = t->xtype->size;
    for (uint64_t lo = q->lo, base = q->base; lo < q->hi;) {
        GrB_Index strip = t->row[lo] >> f->b;
        uint64_t hi = lo, ng = 0;
        for (; hi < q->hi && t->row[hi] >> f->b == strip; hi++) {
            uint64_t J = t->col[hi] >> f->b;
            if (q->slot[J] == UINT64_MAX) {
                q->slot[J] = ng;
                q->touched[ng++] = J;
            }
            uint64_t payload = carry ? load_bits(x + hi * xsize, xsize) : hi;
            P[pos[base + q->slot[J]]++] = (hs_pair){tab_key(KT, t->row[hi], t->col[hi]), payload};
        }
        for (uint64_t g = 0; g < ng; g++) q->slot[q->touched[g]] = UINT64_MAX;
        base += ng;
        lo = hi;
    }
}

/* (key, payload) pairs in tree order into P from input sorted by rows, in np parts: 1 done, 0 out of
 * memory, -1 when the blocks of some part are too sparse for this to pay (nothing written; each
 * part gives up as soon as it sees that). */
static int order_strips(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT, bool carry,
                        hs_pair *P, GrB_Index ncols, int np)
{
    uint64_t n = t->n, nblocks = ((ncols - 1) >> f->b) + 1;
    hs_strip_part *part = GG_calloc((size_t)np, sizeof *part);
    if (part == NULL) return 0;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
    for (int p = 0; p < np; p++) {
        part[p].lo = strip_start(t, part_start(n, p, np), f->b);
        part[p].hi = strip_start(t, part_start(n, p + 1, np), f->b);
        strips_count(t, f, KT, nblocks, &part[p]);
    }
    int result = 1;
    uint64_t nb = 0;
    for (int p = 0; p < np; p++) {
        if (!part[p].ok) result = 0;
        if (part[p].sparse && result == 1) result = -1;
        part[p].base = nb;
        nb += part[p].nb;
    }
    /* the blocks in tree order; each block's count becomes its next position */
    hs_pair *blocks = result == 1 ? hs_alloc_n(nb, sizeof *blocks) : NULL;
    hs_pair *tmp = result == 1 ? hs_alloc_n(nb, sizeof *tmp) : NULL;
    uint64_t *pos = result == 1 ? hs_alloc_n(nb, sizeof *pos) : NULL;
    if (result == 1 && (blocks == NULL || tmp == NULL || pos == NULL)) result = 0;
    if (result == 1) {
        for (int p = 0; p < np; p++)
            for (uint64_t g = 0, b = part[p].base; g < part[p].nb; g++, b++) {
                blocks[b] = (hs_pair){part[p].blocks[g].key, b};
                pos[b] = part[p].count[g];
            }
        if (!msd_sort(blocks, tmp, nb, 2 * f->bits)) result = 0;
    }
    if (result == 1) {
        for (uint64_t q = 0, at = 0; q < nb; q++) {
            uint64_t c = pos[blocks[q].src];
            pos[blocks[q].src] = at;
            at += c;
        }
        HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
        for (int p = 0; p < np; p++) strips_scatter(t, f, KT, carry, &part[p], pos, P);
    }
    for (int p = 0; p < np; p++) {
        GG_free(part[p].slot);
        GG_free(part[p].touched);
        GG_free(part[p].blocks);
        GG_free(part[p].count);
    }
    GG_free(part);
    GG_free(blocks);
    GG_free(tmp);
    GG_free(pos);
    return result;
}

/* ---- input sorted by rows: the blocks of each strip -------------------------------------------------
 * In tree order the entries of a strip of d^q rows (q = 2 in a tree of three levels or more, else 1)
 * come in blocks of d^q columns, column block after column block; inside a block of level 2, by
 * the origin of their level-1 block, (i_1, j_1), then row-major. Input sorted by rows reaches that
 * order in two stable passes per strip, both with few destinations: each level-1 strip (d rows,
 * in cache) is sorted by j_1 (its order becomes (j_1, i_0, column block, j_0)), and then scattered
 * by column block straight to the block's place in tree order, level-1 strips in order, so that
 * within a block the order is (i_1, j_1, i_0, j_0). With q = 1 the scatter alone does it. The places
 * come from a counting pass (parts hold whole strips, so they count into disjoint rows of the
 * table) and the tree order of the blocks' origins. This pays while the blocks hold HS_BLOCK_FILL
 * entries or more on average (RMAT-20: 64 x 64 level-2 blocks of 4000 entries) and no strip holds
 * more than a thread's share of a large input. */

#define HS_BLOCK_FILL 16
#define HS_STRIP_ANY ((uint64_t)1 << 22) /* entries of a strip, balanced or not */

typedef struct {
    const GG_hs_tuples *t;
    const hs_keytab *KT;
    int q, b;               /* strip level, digit bits */
    int key_bits;           /* bits of a tree key */
    int np;                 /* parts: part p holds strips [sp[p], sp[p + 1]) */
    uint64_t nstrips, ncb;  /* strips, column blocks */
    uint64_t nblk, z;       /* blocks (s, J) at s * ncb + J; those not empty */
    uint64_t *start;        /* strip s: input [start[s], start[s + 1]) */
    uint64_t *count;        /* entries of each block */
    hs_pair *order;         /* the z blocks not empty in tree order: (origin key, s * ncb + J) */
    hs_pair *mem[2];        /* the arrays of the blocks' sort */
    uint64_t sp[HS_MAX_PARTS + 1];
    bool carry;
} hs_blocks;

static void blocks_free(hs_blocks *B)
{
    GG_free(B->start);
    GG_free(B->count);
    GG_free(B->mem[0]);
    GG_free(B->mem[1]);
}

/* B->order: the blocks not empty (B->count) in tree order of their origins. False when out of
 * memory. */
static bool blocks_order(hs_blocks *B)
{
    uint64_t z = 0, qb = (uint64_t)B->q * B->b;
    for (uint64_t g = 0; g < B->nblk; g++) z += B->count[g] > 0;
    B->mem[0] = hs_alloc_n(z, sizeof(hs_pair));
    B->mem[1] = hs_alloc_n(z, sizeof(hs_pair));
    if (B->mem[0] == NULL || B->mem[1] == NULL) return false;
    B->z = 0;
    for (uint64_t g = 0; g < B->nblk; g++)
        if (B->count[g] > 0)
            B->mem[0][B->z++] = (hs_pair){tab_key(B->KT, (g / B->ncb) << qb, (g % B->ncb) << qb), g};
    B->order = B->z > 0 ? hs_radix_sort(B->mem[0], B->mem[1], B->z, B->key_bits) : B->mem[0];
    return B->order != NULL;
}

/* Splits input sorted by rows into strips and (count) counts the entries of its blocks, in np
 * parts, and lists them in B->order; without count, B->count is left zero for the caller to fill
 * (and blocks_order to run). 1 done, 0 out of memory, -1 when the blocks are too sparse or the
 * strips too unequal for the blocks to pay (*B then holds nothing to free). */
static int blocks_plan(hs_blocks *B, const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT,
                       bool carry, GrB_Index nrows, GrB_Index ncols, int np, bool count)
{
    uint64_t n = t->n;
    int q = f->h >= 3 ? 2 : 1, qb = q * f->b;
    *B = (hs_blocks){.t = t, .KT = KT, .q = q, .b = f->b, .np = np,
                     .nstrips = ((nrows - 1) >> qb) + 1, .ncb = ((ncols - 1) >> qb) + 1,
                     .key_bits = 2 * f->bits, .carry = carry};
    if (__builtin_mul_overflow(B->nstrips, B->ncb, &B->nblk) || B->nblk > n / HS_BLOCK_FILL)
        return -1;
    B->start = hs_alloc_n(B->nstrips + 1, sizeof *B->start);
    if (B->start == NULL) return 0;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static)")
    for (uint64_t s = 0; s <= B->nstrips; s++)
        B->start[s] = s < B->nstrips ? GG_lower_bound(t->row, 0, n, s << qb) : n;
    uint64_t biggest = 0;
    bool monotone = true; /* always, unless the input was not scanned and is not sorted */
    for (uint64_t s = 0; s < B->nstrips; s++) {
        monotone = monotone && B->start[s] <= B->start[s + 1];
        if (B->start[s + 1] - B->start[s] > biggest) biggest = B->start[s + 1] - B->start[s];
    }
    if (!monotone || (biggest > HS_STRIP_ANY && biggest * (uint64_t)hs_threads(np) > n)) {
        blocks_free(B);
        return -1;
    }
    /* part p: the strips that start in its share of the input */
    for (int p = 0; p < np; p++)
        B->sp[p] = p == 0 ? 0 : GG_lower_bound(B->start, 0, B->nstrips, part_start(n, p, np));
    B->sp[np] = B->nstrips;
    B->count = GG_calloc((size_t)B->nblk, sizeof *B->count);
    if (B->count == NULL) return 0;
    if (!count) return 1;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
    for (int p = 0; p < np; p++)
        for (uint64_t s = B->sp[p]; s < B->sp[p + 1]; s++)
            for (uint64_t k = B->start[s]; k < B->start[s + 1]; k++)
                B->count[s * B->ncb + (t->col[k] >> qb)]++;
    return blocks_order(B);
}

/* The end of the level-1 strip of input sorted by rows that starts at lo (at most hi). */
static inline uint64_t l1_strip_end(const GrB_Index *row, uint64_t lo, uint64_t hi, int b)
{
    uint64_t e = lo + 1;
    while (e < hi && row[e] >> b == row[lo] >> b) e++;
    return e;
}

/* Orders the input [lo, hi) of one level-1 strip stably by j_1, the column's level-1 digit, into
 * (*order)[0, hi - lo) (cap: its size, grown as needed); end[c] becomes the end of digit c's
 * entries there. False when out of memory. */
static bool l1_order(const GrB_Index *col, uint64_t lo, uint64_t hi, int b, uint64_t **order,
                     uint64_t *cap, uint64_t *end)
{
    uint64_t len = hi - lo, d = 1ULL << b, m = d - 1;
    if (len > *cap) {
        GG_free(*order);
        *cap = 2 * len;
        *order = hs_alloc_n(*cap, sizeof **order);
        if (*order == NULL) return false;
    }
    uint64_t *o = *order;
    memset(end, 0, d * sizeof *end);
    for (uint64_t k = lo; k < hi; k++) end[(col[k] >> b) & m]++;
    for (uint64_t c = 0, sum = 0; c < d; c++) {
        uint64_t n = end[c];
        end[c] = sum;
        sum += n;
    }
    for (uint64_t k = lo; k < hi; k++) o[end[(col[k] >> b) & m]++] = k;
    return true;
}

/* Writes the pairs of strip s into P, block (s, J)'s from next[J] on (next advances); order and
 * cap: the caller's scratch for l1_order. False when out of memory. *same (carry): stays true
 * while every value equals the first input value. */
static bool strip_write(const hs_blocks *B, uint64_t s, uint64_t *next, uint64_t **order,
                        uint64_t *cap, hs_pair *P, bool *same)
{
    const GG_hs_tuples *t = B->t;
    const GrB_Index *row = t->row, *col = t->col;
    const char *x = t->x;
    size_t xsize = t->xtype->size;
    uint64_t first = B->carry ? load_bits(x, xsize) : 0;
    uint64_t end[GG_HS_DIM_MAX];
    int b = B->b, qb = B->q * b;
    for (uint64_t lo = B->start[s], hi; lo < B->start[s + 1]; lo = hi) {
        /* one level-1 strip: [lo, hi), in the order of order[] (q = 2) or as it comes */
        hi = l1_strip_end(row, lo, B->start[s + 1], b);
        uint64_t len = B->q == 2 ? hi - lo : 0;
        if (len > 0 && !l1_order(col, lo, hi, b, order, cap, end)) return false;
        const uint64_t *o = *order;
        bool all = *same;
        for (uint64_t e = lo; e < hi; e++) {
            uint64_t k = len > 0 ? o[e - lo] : e, payload = k;
            if (B->carry) {
                payload = load_bits(x + k * xsize, xsize);
                all = all && payload == first;
            }
            P[next[col[k] >> qb]++] = (hs_pair){tab_key(B->KT, row[k], col[k]), payload};
        }
        *same = all;
    }
    return true;
}

/* (key, payload) pairs in tree order into P from input sorted by rows, in np parts; *equal (carry
 * only): every value equals the first. 1 done, 0 out of memory, -1 when the blocks are too sparse
 * or the strips too unequal for this to pay (nothing written). */
static int order_blocks(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT, bool carry,
                        hs_pair *P, GrB_Index nrows, GrB_Index ncols, int np, bool *equal)
{
    hs_blocks B;
    int result = blocks_plan(&B, t, f, KT, carry, nrows, ncols, np, true);
    if (result != 1) {
        if (result == 0) blocks_free(&B);
        return result;
    }
    /* each block's count becomes its first place */
    for (uint64_t k = 0, at = 0; k < B.z; k++) {
        uint64_t c = B.count[B.order[k].src];
        B.count[B.order[k].src] = at;
        at += c;
    }
    bool ok = true, same = true;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1) reduction(&&: ok, same)")
    for (int p = 0; p < np; p++) {
        uint64_t *next = hs_alloc_n(B.ncb, sizeof *next), *order = NULL, cap = 0;
        bool part_ok = next != NULL, part_same = true;
        for (uint64_t s = B.sp[p]; part_ok && s < B.sp[p + 1]; s++) {
            memcpy(next, B.count + s * B.ncb, B.ncb * sizeof *next);
            part_ok = strip_write(&B, s, next, &order, &cap, P, &part_same);
        }
        GG_free(next);
        GG_free(order);
        ok = ok && part_ok;
        same = same && part_same;
    }
    *equal = same;
    blocks_free(&B);
    return ok ? 1 : 0;
}

/* ---- runs of equal keys -------------------------------------------------------------------------------
 * Ordered pairs come in segments that never split a run of equal keys (the buckets, or parts of
 * the strips' output). Each segment settles on its own, while it is in cache: with values as
 * payloads, each run folds into one pair at the segment's front; otherwise its runs are only
 * counted. The segments' unique pairs are then gathered, in parallel, into one array. */

typedef struct {
    bool carry;          /* payloads are values (else input positions) */
    bool cast;           /* a lone value changes on its way into the tree (a cast) */
    hs_values pv;        /* how payloads fold (their source array is set per call) */
    size_t vsize;        /* the tree type's size */
    char *scratch;       /* per thread: 3 values of dup's type */
    size_t scratch_size;
} hs_settle;

/* Settles P[lo, hi) (whole runs); returns its distinct keys. */
static uint64_t settle(const hs_settle *c, hs_pair *P, uint64_t lo, uint64_t hi)
{
    uint64_t u = lo;
    if (!c->carry) {
        for (uint64_t k = lo; k < hi; k++) u += k == lo || P[k].key != P[k - 1].key;
        return u - lo;
    }
    hs_values pv = c->pv;
    pv.x = (const char *)&P[0].src; /* input k's bytes lie at &P[k].src */
    char *scratch = c->scratch + (size_t)hs_thread_id() * c->scratch_size;
    for (uint64_t k = lo; k < hi; u++) {
        uint64_t e = k + 1;
        while (e < hi && P[e].key == P[k].key) e++;
        if (e == k + 1 && !c->cast) {
            if (u != k) P[u] = P[k];
        } else {
            uint8_t z[8];
            fold_run(&pv, k, e, z, scratch);
            P[u] = (hs_pair){P[k].key, load_bits(z, c->vsize)};
        }
        k = e;
    }
    return u - lo;
}

/* Moves the unique pairs of settled segment [lo, hi) to Q[u0..] (Q may be P: then the segments
 * before it must have moved already): the pairs (carry), or the keys, with the input positions to
 * src and the runs to run (either NULL when not wanted). */
static void move_segment(const hs_settle *c, const hs_pair *P, hs_pair *Q, uint64_t lo, uint64_t hi,
                         uint64_t u0, uint64_t u1, GrB_Index *src, GrB_Index *run)
{
    if (c->carry) {
        memmove(Q + u0, P + lo, (u1 - u0) * sizeof *Q);
        return;
    }
    uint64_t prev = 0;
    for (uint64_t k = lo, u = u0; k < hi; k++) {
        hs_pair e = P[k]; /* read before Q[u] (u <= k) is written */
        if (src != NULL) src[k] = e.src;
        if (k > lo && e.key == prev) continue;
        prev = e.key;
        if (run != NULL) run[u] = k;
        Q[u++].key = e.key;
    }
}

/* Segment q of the pairs is [bound[q], bound[q + 1]) and holds ucount[q] distinct keys, settled.
 * Makes them the stream's unique entries: the values (carry) folded into the pairs, or the input
 * positions in src and the runs in run. One thread compacts the pairs in place, segment after
 * segment; several copy their segments into a new array. */
static GrB_Info gather(const GG_hs_tuples *t, const hs_settle *c, hs_stream *s, hs_tmp *T,
                       const uint64_t *bound, uint64_t *ucount, uint64_t nseg, int np)
{
    uint64_t n = t->n, nu = 0;
    for (uint64_t q = 0; q <= nseg; q++) { /* ucount[q]: the distinct keys before segment q */
        uint64_t u = q < nseg ? ucount[q] : 0;
        ucount[q] = nu;
        nu += u;
    }
    s->n = nu;
    s->bits = c->carry;
    s->P = T->pairs;
    if (c->carry && nu == n) return GrB_SUCCESS; /* nothing folded: the pairs stay */
    hs_pair *Q = T->pairs;
    if (hs_threads(np) > 1) {
        Q = T->spare = GG_huge(hs_alloc_n(nu, sizeof *Q), nu * sizeof *Q);
        if (Q == NULL) return GrB_OUT_OF_MEMORY;
    }
    /* Positions as payloads: to src, runs of equal keys to run. One value shared by all needs
     * neither. */
    if (!c->carry && !t->x_iso) {
        T->tmp = hs_alloc_n(n, sizeof(GrB_Index));
        T->run = nu < n ? hs_alloc_n(nu + 1, sizeof(GrB_Index)) : NULL;
        if (T->tmp == NULL || (nu < n && T->run == NULL)) return GrB_OUT_OF_MEMORY;
        s->v.src = T->tmp;
        s->v.run = T->run;
        if (T->run != NULL) T->run[nu] = n;
    }
    if (Q == T->pairs) {
        for (uint64_t q = 0; q < nseg; q++)
            move_segment(c, T->pairs, Q, bound[q], bound[q + 1], ucount[q], ucount[q + 1], T->tmp,
                         T->run);
        return GrB_SUCCESS;
    }
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
    for (uint64_t q = 0; q < nseg; q++)
        move_segment(c, T->pairs, Q, bound[q], bound[q + 1], ucount[q], ucount[q + 1], T->tmp,
                     T->run);
    GG_free(T->pairs); /* before the pool is allocated */
    T->pairs = Q;
    T->spare = NULL;
    s->P = Q;
    return GrB_SUCCESS;
}

/* Splits ordered pairs P[0..n) into np segments that each begin a run of equal keys and settles
 * them (the strips' output). */
static void settle_parts(const hs_settle *c, hs_pair *P, uint64_t n, int np, uint64_t *bound,
                         uint64_t *ucount)
{
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1)")
    for (int p = 0; p <= np; p++) {
        uint64_t k = part_start(n, p, np);
        while (k > 0 && k < n && P[k].key == P[k - 1].key) k++;
        bound[p] = k;
    }
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1)")
    for (int p = 0; p < np; p++) ucount[p] = settle(c, P, bound[p], bound[p + 1]);
}

/* ---- input in any order ------------------------------------------------------------------------------
 * One counting pass and one scatter into 2^10 buckets by the top key bits (few enough for the scatter
 * to stream, one page per bucket in the TLB), then each bucket sorted and settled on its own, in
 * cache when the data are spread. Each part of the input counts and scatters into its own slice of
 * every bucket, the slices in input order, so the scatter stays stable; the buckets are then sorted
 * in parallel. Bucket q is [bound[q], bound[q + 1]); *nbuckets tells how many there are. False
 * when out of memory. */
static bool order_buckets(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT,
                          const hs_settle *c, hs_pair *P, int np, uint64_t *bound, uint64_t *ucount,
                          uint64_t *nbuckets)
{
    uint64_t n = t->n;
    int key_bits = 2 * f->bits, hb = key_bits < HS_BUCKET_BITS ? key_bits : HS_BUCKET_BITS;
    int shift = key_bits - hb;
    uint64_t nb = *nbuckets = 1ULL << hb;
    uint64_t *pos = GG_calloc((size_t)np * nb, sizeof *pos); /* part p, bucket q */
    if (pos == NULL) return false;
    const GrB_Index *col = t->col;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1)")
    for (int p = 0; p < np; p++) {
        uint64_t *cnt = pos + (size_t)p * nb;
        for (uint64_t k = part_start(n, p, np); k < part_start(n, p + 1, np); k++)
            cnt[tab_key(KT, t->row[k], col != NULL ? col[k] : 0) >> shift]++;
    }
    bound[0] = 0;
    uint64_t biggest = 0;
    for (uint64_t q = 0, sum = 0; q < nb; q++) {
        for (int p = 0; p < np; p++) {
            uint64_t cnt = pos[(size_t)p * nb + q];
            pos[(size_t)p * nb + q] = sum;
            sum += cnt;
        }
        bound[q + 1] = sum;
        if (sum - bound[q] > biggest) biggest = sum - bound[q];
    }
    /* Sort scratch: a bucket's worth per thread, reused while in cache; where that would take
     * more than n pairs (skewed input), one slice of n pairs per bucket. */
    uint64_t nth = (uint64_t)hs_threads(np);
    bool per_thread = nth * biggest <= n;
    hs_pair *spare = hs_alloc_n(per_thread ? nth * biggest : n, sizeof *spare);
    if (spare == NULL) {
        GG_free(pos);
        return false;
    }
    const char *x = t->x;
    size_t xsize = t->xtype->size;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1)")
    for (int p = 0; p < np; p++) {
        uint64_t *next = pos + (size_t)p * nb;
        for (uint64_t k = part_start(n, p, np); k < part_start(n, p + 1, np); k++) {
            uint64_t key = tab_key(KT, t->row[k], col != NULL ? col[k] : 0);
            P[next[key >> shift]++] = (hs_pair){key, c->carry ? load_bits(x + k * xsize, xsize) : k};
        }
    }
    GG_free(pos);
    bool ok = true;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1) reduction(&&: ok)")
    for (uint64_t q = 0; q < nb; q++) {
        uint64_t lo = bound[q], hi = bound[q + 1];
        hs_pair *tmp = per_thread ? spare + (uint64_t)hs_thread_id() * biggest : spare + lo;
        bool sorted = msd_sort(P + lo, tmp, hi - lo, shift);
        ucount[q] = sorted ? settle(c, P, lo, hi) : 0;
        ok = ok && sorted;
    }
    GG_free(spare);
    return ok;
}

/* ---- input sorted by rows, strip by strip -------------------------------------------------------------
 * In a tree of three levels or more, the blocks of input sorted by rows (above) are the level-2
 * nodes, and each lies whole in its strip; inside a block, the level-1 blocks of one level-1
 * strip (d rows) follow each other in the order of j_1, the column's level-1 digit. So no pairs
 * are needed at all: each level-1 strip, counted per level-1 column block as it comes (in cache),
 * gives its level-1 blocks twice: once for the skeleton of the strip's level-2 nodes (and their
 * counts), and once, in column order, for the fill, which then writes each entry in input order
 * straight to its place in its leaf (inside a level-1 block, input order is tree order). The
 * nodes above level 2 come from the blocks' records, replayed in the tree order of the blocks'
 * origins as the parallel skeleton replays its parts' (each block one entry of a stream of
 * origins, which also
 * gives the inner nodes their children's places). This saves writing and twice reading n pairs of
 * 16 bytes of fresh memory (Doc/performance.md). It applies to unique entries whose values fit a
 * word (or an iso tree), and gives way (-1) where a node above level 2 would be a leaf, since its
 * entries come from many strips. */

typedef struct {
    const hs_blocks *B;
    const hs_settle *c;
    const hs_shape *S; /* the tree's shape; its stream: the blocks' origins, and the values */
    hs_rec *rec;       /* the blocks' records, block g's at rec[g] */
    uint8_t *pool;     /* the fill pass: the pool, record offsets set */
    GrB_Index nrows, ncols;
    /* not NULL when the input was not scanned: the skeleton checks its order and range, and sets
     * *unordered when some strip was not sorted by rows, unique and in range */
    _Atomic bool *unordered;
} hs_strips;

/* One part's scratch. Per column block J of a strip (ncb each): the open level-2 node (skeleton),
 * or (fill) the level-2 node being written: its record, the child list of an inner node, the next
 * leaf's place, and the node's own leaf. Per level-1 column block of a window (l1_window each):
 * its entries in the current level-1 strip (l1cnt; the fill then keeps there the block's slot),
 * the blocks touched, and (fill) a bit per block and the leaf writer of each slot. */
typedef struct {
    uint32_t *l1cnt;
    uint64_t *l1touched, *bits;
    hs_leaf_writer *l1leaf;
    hs_open *open;
    const hs_rec **rec;
    hs_inner_writer *inner;
    uint64_t *cursor;
    hs_leaf_writer *leaf;
} hs_strip_scratch;

/* Level-1 column blocks counted at once: 256 KiB of counts, in cache. */
#define HS_L1_WINDOW ((uint64_t)1 << 16)

/* Level-1 column blocks of a strip of ncb column blocks that the passes count at once. */
static inline uint64_t l1_window(const hs_blocks *B)
{
    uint64_t nw = B->ncb << B->b;
    return nw < HS_L1_WINDOW ? nw : HS_L1_WINDOW;
}

/* The rows of the level-1 strip [lo, hi): row r's entries are [cur[r], rend[r]). Returns the
 * rows. */
static uint64_t l1_rows(const GrB_Index *row, uint64_t lo, uint64_t hi, uint64_t *cur,
                        uint64_t *rend)
{
    uint64_t nr = 0;
    for (uint64_t k = lo; k < hi; nr++) {
        cur[nr] = k;
        while (k < hi && row[k] == row[cur[nr]]) k++;
        rend[nr] = k;
    }
    return nr;
}

/* Counts the entries of rows [cur[r], rend[r]) (r < nr, each sorted by column) whose level-1
 * column block lies in the window [w0, w0 + width): cnt[g - w0] for block g, each block the
 * first time into touched and (bits not NULL) its bit into bits; next[r] becomes the end of row
 * r's entries in the window. Returns the blocks touched. */
static uint64_t l1_count(const GrB_Index *col, int b, const uint64_t *cur, const uint64_t *rend,
                         uint64_t nr, uint64_t w0, uint64_t width, hs_strip_scratch *X,
                         uint64_t *next)
{
    uint64_t nt = 0;
    for (uint64_t r = 0; r < nr; r++) {
        uint64_t k = cur[r];
        for (; k < rend[r] && (col[k] >> b) - w0 < width; k++) {
            uint64_t g = (col[k] >> b) - w0;
            if (X->l1cnt[g]++ == 0) {
                X->l1touched[nt++] = g;
                if (X->bits != NULL) X->bits[g / 64] |= 1ULL << (g % 64);
            }
        }
        next[r] = k;
    }
    return nt;
}

/* For input that was not scanned (its strips' bounds from binary searches that assumed order):
 * true when the inputs [lo, hi) of a strip that starts at first are sorted by rows then columns
 * without duplicates from the input before them on (if in the strip), and their columns are in
 * range. With every strip's first and last rows inside it and below nrows, all strips passing
 * means the whole input is sorted by rows, unique and in range: what the scan would have found. */
static bool l1_sorted(const GrB_Index *row, const GrB_Index *col, uint64_t first, uint64_t lo,
                      uint64_t hi, GrB_Index ncols)
{
    /* narrow keys: ncols <= 2^32, so a row of 32 bits and a column in range make one word in
     * (row, column) order; without branches the loop vectorizes */
    bool ok = col[lo] < ncols && row[lo] >> 32 == 0;
    for (uint64_t k = lo > first ? lo : lo + 1; k < hi; k++) {
        GrB_Index i = row[k], j = col[k];
        ok &= (j < ncols) & (i >> 32 == 0) & ((i << 32 | j) > (row[k - 1] << 32 | col[k - 1]));
    }
    return ok;
}

/* The skeleton of strip s's blocks, from counts alone, and their counts (B->count). A level-2 node's record depends only on the
 * sizes of its level-1 blocks, in any order (the sums commute), so each level-1 strip is counted
 * per level-1 column block as it comes, a window of l1_window blocks at a time (each row, sorted
 * by column, resumes where the window before stopped); every block's level-2 node is closed at
 * the end. Writes block J's record to rec[J]. */
static bool strip_skeleton(const hs_strips *W, uint64_t s, hs_strip_scratch *X, hs_rec *rec)
{
    const hs_blocks *B = W->B;
    const hs_shape *S = W->S;
    const GrB_Index *row = B->t->row, *col = B->t->col;
    int b = B->b;
    uint64_t nw = B->ncb << b, width = l1_window(B), cur[GG_HS_DIM_MAX], rend[GG_HS_DIM_MAX];
    uint64_t *count = B->count + s * B->ncb;
    uint64_t last = B->start[s + 1] - 1;
    if (W->unordered != NULL && (row[B->start[s]] >> (B->q * b) != s ||
                                 row[last] >> (B->q * b) != s || row[last] >= W->nrows)) {
        *W->unordered = true;
        return false;
    }
    for (uint64_t J = 0; J < B->ncb; J++) /* first: the replay sets it */
        X->open[J] = (hs_open){0, 0, 0, 0, 0, -1, -1};
    for (uint64_t lo = B->start[s], hi; lo < B->start[s + 1]; lo = hi) {
        hi = l1_strip_end(row, lo, B->start[s + 1], b);
        if (W->unordered != NULL && !l1_sorted(row, col, B->start[s], lo, hi, W->ncols)) {
            *W->unordered = true;
            return false;
        }
        uint64_t nr = l1_rows(row, lo, hi, cur, rend);
        for (uint64_t w0 = 0; w0 < nw; w0 += width) {
            uint64_t nt = l1_count(col, b, cur, rend, nr, w0, width, X, cur);
            for (uint64_t k = 0; k < nt; k++) {
                uint64_t g = X->l1touched[k], n = X->l1cnt[g];
                X->l1cnt[g] = 0;
                g += w0;
                add_leaf1(&X->open[g >> b], n, leaf1_choice_at(S, n, row[lo], g << b));
            }
        }
    }
    for (uint64_t J = 0; J < B->ncb; J++) {
        uint64_t best;
        count[J] = X->open[J].n;
        if (count[J] > 0) rec[J] = node_rec(S, &X->open[J], 2, &best);
    }
    return true;
}

/* The value bits of input k in the tree type (carry; cast when the tree needs it). */
static inline uint64_t strip_value(const hs_strips *W, uint64_t k, void *scratch)
{
    const GG_hs_tuples *t = W->B->t;
    if (!W->c->cast) return load_bits(t->x + k * t->xtype->size, t->xtype->size);
    uint8_t z[8];
    fold_run(&W->S->s->v, k, k + 1, z, scratch);
    return load_bits(z, W->c->vsize);
}

/* The fill of strip s's blocks straight from the input, level-1 strip by level-1 strip, a window
 * of level-1 column blocks at a time: the blocks are counted, then taken in column order (their
 * bits), each a leaf of its block's inner node, laid out after the leaves before it, or a run of
 * entries of the block's own leaf, whose first place is reserved; then every entry goes, in input
 * order, to the next place of its block (inside a level-1 block, input order is tree order). */
static bool strip_fill(const hs_strips *W, uint64_t s, hs_strip_scratch *X, const hs_rec *rec,
                       void *scratch)
{
    const hs_blocks *B = W->B;
    const hs_shape *S = W->S;
    const GrB_Index *row = B->t->row, *col = B->t->col;
    int b = B->b;
    uint64_t d = 1ULL << b, m = d - 1, m2 = hs_mask(2 * b), nw = B->ncb << b, width = l1_window(B);
    uint64_t cur[GG_HS_DIM_MAX], rend[GG_HS_DIM_MAX], next[GG_HS_DIM_MAX];
    size_t vsize = S->vb;
    const uint64_t *count = B->count + s * B->ncb;
    for (uint64_t J = 0; J < B->ncb; J++) {
        if (count[J] == 0) continue;
        const hs_rec *q = X->rec[J] = &rec[J];
        if (hs_is_inner(q->tag)) {
            inner_begin(&X->inner[J], W->pool + q->offset, q->tag, q->nkids, b, 0, true);
            X->cursor[J] = q->offset - q->kids_bytes;
        } else {
            leaf_begin(&X->leaf[J], S, 2, q->tag, W->pool + q->offset, q->n);
        }
    }
    for (uint64_t lo = B->start[s], hi; lo < B->start[s + 1]; lo = hi) {
        hi = l1_strip_end(row, lo, B->start[s + 1], b);
        uint64_t nr = l1_rows(row, lo, hi, cur, rend), i1 = (row[lo] >> b) & m;
        for (uint64_t w0 = 0; w0 < nw; w0 += width) {
            uint64_t nt = l1_count(col, b, cur, rend, nr, w0, width, X, next);
            for (uint64_t wd = 0, t = 0; t < nt; wd++) {
                for (uint64_t bw = X->bits[wd]; bw != 0; bw &= bw - 1) {
                    uint64_t gl = wd * 64 + (uint64_t)__builtin_ctzll(bw), g = gl + w0, J = g >> b;
                    uint64_t n = X->l1cnt[gl];
                    hs_leaf_writer *L = &X->l1leaf[t];
                    X->l1cnt[gl] = (uint32_t)t;
                    X->l1touched[t++] = gl;
                    if (hs_is_inner(X->rec[J]->tag)) {
                        hs_choice ch = leaf1_choice_at(S, n, row[lo], g << b);
                        leaf_begin(L, S, 1, ch.tag, W->pool + X->cursor[J], n);
                        inner_put(&X->inner[J], i1, g & m, hs_word(X->cursor[J], ch.tag));
                        X->cursor[J] += ch.size;
                    } else {
                        *L = X->leaf[J];
                        X->leaf[J].k += n;
                    }
                }
                X->bits[wd] = 0;
            }
            for (uint64_t r = 0; r < nr; r++) {
                for (uint64_t k = cur[r]; k < next[r]; k++) {
                    uint64_t g = col[k] >> b;
                    hs_leaf_writer *L = &X->l1leaf[X->l1cnt[g - w0]];
                    if (vsize > 0) store_bits(L->values + L->k * vsize, strip_value(W, k, scratch), vsize);
                    if (hs_is_inner(X->rec[g >> b]->tag))
                        leaf_put(L, row[k] & m, col[k] & m);
                    else
                        leaf_put(L, row[k] & m2, col[k] & m2);
                }
                cur[r] = next[r];
            }
            for (uint64_t t = 0; t < nt; t++) {
                uint64_t gl = X->l1touched[t];
                X->l1cnt[gl] = 0;
                if (hs_is_inner(X->rec[(gl + w0) >> b]->tag)) leaf_end(&X->l1leaf[t]);
            }
        }
    }
    for (uint64_t J = 0; J < B->ncb; J++)
        if (count[J] > 0 && !hs_is_inner(X->rec[J]->tag)) leaf_end(&X->leaf[J]);
    return true;
}

/* One part's pass over its strips: the skeleton of each strip's blocks into W->rec, or (pool set)
 * their fill. False when out of memory. */
static bool strips_pass(const hs_strips *W, int p)
{
    const hs_blocks *B = W->B;
    bool fill = W->pool != NULL;
    size_t ncb = (size_t)B->ncb, width = (size_t)l1_window(B);
    hs_strip_scratch X = {.l1cnt = GG_calloc(width, sizeof(uint32_t)),
                          .l1touched = hs_alloc_n(width, sizeof(uint64_t)),
                          .bits = fill ? GG_calloc((width + 63) / 64, sizeof(uint64_t)) : NULL,
                          .l1leaf = fill ? hs_alloc_n(width, sizeof(hs_leaf_writer)) : NULL,
                          .open = fill ? NULL : hs_alloc_n(ncb, sizeof(hs_open)),
                          .rec = fill ? hs_alloc_n(ncb, sizeof(const hs_rec *)) : NULL,
                          .inner = fill ? hs_alloc_n(ncb, sizeof(hs_inner_writer)) : NULL,
                          .cursor = fill ? hs_alloc_n(ncb, sizeof(uint64_t)) : NULL,
                          .leaf = fill ? hs_alloc_n(ncb, sizeof(hs_leaf_writer)) : NULL};
    bool ok = X.l1cnt != NULL && X.l1touched != NULL &&
              (fill ? X.bits != NULL && X.l1leaf != NULL && X.rec != NULL && X.inner != NULL &&
                          X.cursor != NULL && X.leaf != NULL
                    : X.open != NULL);
    void *scratch = W->c->scratch + (size_t)hs_thread_id() * W->c->scratch_size;
    for (uint64_t s = B->sp[p]; ok && !(W->unordered != NULL && *W->unordered) && s < B->sp[p + 1]; s++) {
        hs_rec *rec = W->rec + s * B->ncb;
        if (B->start[s + 1] == B->start[s]) continue;
        ok = fill ? strip_fill(W, s, &X, rec, scratch) : strip_skeleton(W, s, &X, rec);
    }
    GG_free(X.l1cnt);
    GG_free(X.l1touched);
    GG_free(X.bits);
    GG_free(X.l1leaf);
    GG_free(X.open);
    GG_free(X.rec);
    GG_free(X.inner);
    GG_free(X.cursor);
    GG_free(X.leaf);
    return ok;
}

/* Builds A from input sorted by rows with unique entries, strip by strip, in a tree of three
 * levels or more; s: the stream's key format and values, c: how payloads are cast (values ride in
 * the pairs, or iso). 1 done, 0 out of memory, -1 not applicable (A
 * untouched). */
static int build_strips(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                        const GG_hs_tuples *t, const hs_keytab *KT, const hs_settle *c,
                        const hs_stream *s, bool iso, int np, bool verify)
{
    const hs_keyfmt *f = &s->f;
    hs_blocks B;
    int result = blocks_plan(&B, t, f, KT, c->carry, nrows, ncols, np, false);
    if (result != 1) {
        if (result == 0) blocks_free(&B);
        return result;
    }
    hs_phase("plan");
    GG_hs_matrix R;
    tree_head(&R, type, nrows, ncols, f->b, t->n, iso);
    /* the shape's stream: the blocks' origins in tree order (set once the skeleton counted them) */
    hs_stream so = {.f = *f, .v = s->v};
    hs_shape S;
    shape_init(&S, f->b, nrows, ncols, iso ? 0 : type->size, &so);
    /* the blocks' records, block g's at rec[g]; the skeleton counts the blocks too */
    hs_rec *rec = hs_alloc_n(B.nblk, sizeof *rec);
    hs_skel K = {.S = &S};
    _Atomic bool unordered = false;
    hs_strips W = {&B, c, &S, rec, NULL, nrows, ncols, verify ? &unordered : NULL};
    bool ok = rec != NULL;
    if (ok) {
        HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1) reduction(&&: ok)")
        for (int p = 0; p < np; p++) ok = strips_pass(&W, p) && ok;
    }
    W.unordered = NULL;
    result = unordered ? -1 : ok && blocks_order(&B) ? 1 : 0;
    size_t *at = result == 1 ? hs_alloc_n(B.z, sizeof *at) : NULL;
    if (result == 1 && at == NULL) result = 0;
    hs_phase("skeleton");
    so.n = B.z;
    so.P = B.order;
    shape_init(&S, f->b, nrows, ncols, iso ? 0 : type->size, &so); /* P decides its digit width */
    /* the levels above 2, over the blocks in tree order */
    for (int level = 3; result == 1 && level <= S.h; level++) open_node(&K, level, 0);
    for (uint64_t k = 0; result == 1 && k < B.z; k++) {
        hs_rec r = rec[B.order[k].src];
        r.first = k;
        if (!replay_level2(&K, r, k + 1 < B.z ? ent_level(&S, k + 1) : 0, k + 1, &at[k]))
            result = 0;
    }
    for (int level = 3; result == 1 && level <= S.h; level++)
        if (!close_node(&K, level)) result = 0;
    for (size_t k = 0; result == 1 && k < K.nrec; k++)
        if (K.rec[k].level > 2 && !hs_is_inner(K.rec[k].tag)) result = -1;
    hs_phase("replay");
    uint8_t *pool = result == 1 ? skeleton_pool(&R, &K) : NULL;
    if (result == 1 && pool == NULL) result = 0;
    hs_phase("pool");
    if (result == 1) {
        if (iso) hs_stream_value(&so, 0, pool + HS_HEADER_BYTES, c->scratch); /* input 0's */
        for (uint64_t k = 0; k < B.z; k++) rec[B.order[k].src].offset = K.rec[at[k]].offset;
        hs_phase("offsets");
        W.pool = pool;
        ok = true;
        HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1) reduction(&&: ok)")
        for (int p = 0; p < np; p++) ok = strips_pass(&W, p) && ok;
        hs_phase("fill");
        hs_fill F = {&S, &so, pool, type->size, false, c->scratch};
        for (size_t k = 0; k < K.nrec; k++)
            if (K.rec[k].level > 2) fill_inner(&F, &K, &K.rec[k]);
        hs_phase("inner");
        if (ok) {
            *A = R;
        } else {
            GG_hs_free(&R);
            result = 0;
        }
    }
    blocks_free(&B);
    GG_free(rec);
    GG_free(at);
    GG_free(K.rec);
    return result;
}

/* True when every input value is bitwise equal to the first. */
static bool all_equal(const GG_hs_tuples *t)
{
    size_t size = t->xtype->size;
    const char *x = t->x;
    uint64_t n = t->n;
    if (n == 0) return true;
    int np = hs_parts(n);
    bool equal = true;
    uint64_t first = size <= 8 ? load_bits(x, size) : 0;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1) reduction(&&: equal)")
    for (int p = 0; p < np; p++) {
        bool same = true;
        for (uint64_t k = part_start(n, p, np); same && k < part_start(n, p + 1, np); k++)
            same = size > 8 ? memcmp(x, x + k * size, size) == 0
                            : load_bits(x + k * size, size) == first;
        equal = equal && same;
    }
    return equal;
}

/* ---- ordering tuples ------------------------------------------------------------------------------- */

/* What one part of the input shows: an index out of range; whether it goes on in tree order
 * (sorted) or row-major order (rows) from the entry before it, and how many entries equal the one
 * before them in that order (each count only while its order holds). KT is NULL for wide keys. */
typedef struct {
    bool bad, sorted, rows;
    uint64_t dups, rdups;
} hs_scan;

static void scan_part(const GG_hs_tuples *t, GrB_Index nrows, GrB_Index ncols, int b,
                      const hs_keytab *KT, uint64_t lo, uint64_t hi, hs_scan *r)
{
    bool narrow = KT != NULL;
    *r = (hs_scan){false, true, narrow && t->col != NULL, 0, 0};
    uint64_t prev = narrow && lo > 0 ? tab_key(KT, t->row[lo - 1], t->col != NULL ? t->col[lo - 1] : 0)
                                     : 0;
    for (uint64_t k = lo; k < hi; k++) {
        GrB_Index i = t->row[k], j = t->col != NULL ? t->col[k] : 0;
        if (i >= nrows || j >= ncols) {
            r->bad = true;
            return;
        }
        if (!r->sorted && !r->rows) continue;
        int c = 1;
        if (narrow) {
            if (r->sorted) { /* once out of order, the keys are not needed */
                uint64_t key = tab_key(KT, i, j);
                c = k == 0 ? -1 : prev < key ? -1 : prev > key;
                prev = key;
            }
            if (r->rows && k > 0) {
                GrB_Index pi = t->row[k - 1], pj = t->col[k - 1];
                r->rows = pi < i || (pi == i && pj <= j);
                r->rdups += pi == i && pj == j;
            }
        } else {
            c = k == 0 ? -1 : hs_cmp(t->row[k - 1], t->col != NULL ? t->col[k - 1] : 0, i, j, b);
        }
        r->sorted = r->sorted && c <= 0;
        r->dups += r->sorted && c == 0;
    }
}

/* Entries at the input's start that show input sorted by rows leaving tree order (the first
 * row that spans two level-1 column blocks, then the next row of its level-1 strip). */
#define HS_PREFIX ((uint64_t)1 << 16)

/* True when the input's first HS_PREFIX entries already leave tree order, so that the scan could
 * not find it sorted: input sorted by rows may then go to the strips unscanned (they check it). */
static bool leaves_tree_order(const GG_hs_tuples *t, const hs_keytab *KT)
{
    uint64_t end = t->n < HS_PREFIX ? t->n : HS_PREFIX;
    for (uint64_t k = 1; k < end; k++)
        if (tab_key(KT, t->row[k], t->col[k]) < tab_key(KT, t->row[k - 1], t->col[k - 1]))
            return true;
    return false;
}

/* build_strips for input sorted by rows (verify: perhaps, unscanned), once it is known whether
 * the tree is iso. */
static int strips_try(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                      const GG_hs_tuples *t, const hs_keytab *KT, const hs_settle *c,
                      const hs_stream *s, bool want_iso, int *equal, int np, bool verify)
{
    if (want_iso && !t->x_iso && *equal < 0) *equal = all_equal(t);
    hs_phase("iso_test");
    bool iso = want_iso && (t->x_iso || *equal == 1);
    return iso || c->carry ? build_strips(A, type, nrows, ncols, t, KT, c, s, iso, np, verify) : -1;
}

/* Puts the tuples in tree order: fills s (unique entries, their coordinates and values); *equal
 * becomes 1 or 0 when a pass over the values found whether all of them are the same. want_iso: an
 * iso tree is allowed (then, when it is certain, only the first value is cast). Unique input
 * sorted by rows may be built into *A strip by strip instead: then *built becomes true. */
static GrB_Info order_tuples(const GG_hs_tuples *t, GrB_Type type, GrB_Index nrows,
                             GrB_Index ncols, int b, bool want_iso, hs_stream *s, hs_tmp *T,
                             int *equal, GG_hs_matrix *A, bool *built)
{
    uint64_t n = t->n;
    const hs_keyfmt *f = &s->f;
    bool narrow = hs_keyfmt_make(&s->f, nrows, ncols, b);
    size_t xsize = t->xtype->size;
    hs_keytab *KT = narrow ? GG_malloc(sizeof *KT) : NULL;
    if (narrow && KT == NULL) return GrB_OUT_OF_MEMORY;
    if (narrow) keytab_make(KT, f);

    int np = hs_parts(n);
    /* Narrow keys: (key, payload) pairs in tree order, from the strips of input sorted by rows, or
     * by the buckets. The payload is the value itself when value and tree type fit 8 bytes (the
     * fill then reads values in order instead of gathering them), else the input position. */
    hs_settle c = {.carry = !t->x_iso && xsize <= 8 && type->size <= 8, .vsize = type->size};
    const hs_values *v = &s->v;
    c.cast = v->dup == NULL ? v->to_z.f != NULL : v->to_d.f != NULL || v->from_d.f != NULL;
    c.pv = *v;
    c.pv.xsize = sizeof(hs_pair);
    c.pv.src = NULL;
    c.scratch_size = 3 * (v->dup != NULL ? v->dup->ztype->size : 1);
    c.scratch = narrow ? hs_alloc_n((uint64_t)hs_threads(np), c.scratch_size) : NULL;

    /* Input that leaves tree order at once may be sorted by rows: the strips take it unscanned,
     * checking order, uniqueness and range in their first pass, and give way (-1) when it is not
     * (the scan then decides, and reports what is out of range). */
    bool strips_tried = false;
    if (c.scratch != NULL && t->col != NULL && f->h >= 3 && leaves_tree_order(t, KT)) {
        int r = strips_try(A, type, nrows, ncols, t, KT, &c, s, want_iso, equal, np, true);
        if (r >= 0) {
            *built = r == 1;
            GG_free(KT);
            GG_free(c.scratch);
            return r == 1 ? GrB_SUCCESS : GrB_OUT_OF_MEMORY;
        }
        strips_tried = true;
    }

    /* One pass: bounds, and whether the input already is in tree order or sorted by rows (and
     * with how many duplicates). */
    hs_scan scan[HS_MAX_PARTS];
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(static, 1)")
    for (int p = 0; p < np; p++)
        scan_part(t, nrows, ncols, b, KT, part_start(n, p, np), part_start(n, p + 1, np), &scan[p]);
    bool sorted = true, by_rows = narrow && t->col != NULL;
    uint64_t nu = n, nu_rows = n;
    hs_phase("scan");
    for (int p = 0; p < np; p++) {
        if (scan[p].bad) {
            GG_free(KT);
            GG_free(c.scratch);
            return GrB_INDEX_OUT_OF_BOUNDS;
        }
        sorted = sorted && scan[p].sorted;
        by_rows = by_rows && scan[p].rows;
        nu -= scan[p].dups;
        nu_rows -= scan[p].rdups;
    }

    if (sorted) {
        GG_free(KT);
        GG_free(c.scratch);
        if (nu == n) {
            s->I = t->row;
            s->J = t->col;
            if (t->col == NULL) {
                T->zeros = n > 0 ? GG_calloc((size_t)n, sizeof(GrB_Index)) : NULL;
                if (n > 0 && T->zeros == NULL) return GrB_OUT_OF_MEMORY;
                s->J = T->zeros;
            }
            s->n = n;
            return GrB_SUCCESS;
        }
        s->n = nu;
        return group_runs(s, T, n, nu, t->row, t->col, NULL);
    }

    if (!narrow) {
        /* a vector's column indices are all 0: the comparison reads them from a zero array */
        const GrB_Index *col = t->col;
        if (col == NULL) {
            T->zeros = GG_calloc((size_t)n, sizeof(GrB_Index));
            if (T->zeros == NULL) return GrB_OUT_OF_MEMORY;
            col = T->zeros;
        }
        T->perm = hs_alloc_n(n, sizeof(GrB_Index));
        T->tmp = hs_alloc_n(n, sizeof(GrB_Index));
        if (T->perm == NULL || T->tmp == NULL) return GrB_OUT_OF_MEMORY;
        for (uint64_t k = 0; k < n; k++) T->perm[k] = k;
        hs_sort_perm(T->perm, T->tmp, n, t->row, col, b);
        nu = 0;
        for (uint64_t k = 0; k < n; k++)
            nu += k == 0 || t->row[T->perm[k]] != t->row[T->perm[k - 1]] ||
                  col[T->perm[k]] != col[T->perm[k - 1]];
        s->n = nu;
        s->v.src = T->perm;
        return group_runs(s, T, n, nu, t->row, col, T->perm);
    }

    if (c.scratch != NULL && by_rows && nu_rows == n && f->h >= 3 && !strips_tried) {
        int r = strips_try(A, type, nrows, ncols, t, KT, &c, s, want_iso, equal, np, false);
        if (r >= 0) {
            *built = r == 1;
            GG_free(KT);
            GG_free(c.scratch);
            return r == 1 ? GrB_SUCCESS : GrB_OUT_OF_MEMORY;
        }
    }
    uint64_t nseg = (uint64_t)np, *bound = hs_alloc_n(HS_MAX_SEGMENTS + 1, sizeof *bound);
    uint64_t *ucount = hs_alloc_n(HS_MAX_SEGMENTS + 1, sizeof *ucount);
    T->pairs = GG_huge(hs_alloc_n(n, sizeof(hs_pair)), n * sizeof(hs_pair));
    int strips = c.scratch != NULL && bound != NULL && ucount != NULL && T->pairs != NULL ? -1 : 0;
    bool same = true;
    if (strips < 0 && by_rows) {
        strips = order_blocks(t, f, KT, c.carry, T->pairs, nrows, ncols, np, &same);
        if (strips > 0 && c.carry) *equal = same;
    }
    if (strips < 0 && by_rows && ((ncols - 1) >> b) * (uint64_t)np < n)
        strips = order_strips(t, f, KT, c.carry, T->pairs, ncols, np);
    /* Unique values that all cast to the same value make an iso tree, which keeps only the first
     * (a graph loaded without weights: ones cast to FP64). */
    bool only_first = nu_rows == n && want_iso && *equal == 1;
    if (strips > 0 && (nu_rows < n || c.cast) && !only_first) {
        settle_parts(&c, T->pairs, n, np, bound, ucount);
    } else if (strips > 0) { /* nothing to settle: one segment */
        if (c.cast) settle(&c, T->pairs, 0, 1);
        nseg = 1;
        bound[0] = 0;
        bound[1] = ucount[0] = n;
    }
    bool ok = strips > 0 ||
              (strips < 0 && order_buckets(t, f, KT, &c, T->pairs, np, bound, ucount, &nseg));
    GG_free(KT);
    GrB_Info info = ok ? gather(t, &c, s, T, bound, ucount, nseg, np) : GrB_OUT_OF_MEMORY;
    GG_free(c.scratch);
    GG_free(bound);
    GG_free(ucount);
    return info;
}

GrB_Info hs_build_tuples(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                         const GG_hs_tuples *t, GrB_BinaryOp dup, unsigned flags, int b)
{
    hs_stream s;
    memset(&s, 0, sizeof s);
    s.v.x = t->x;
    s.v.xsize = t->xtype->size;
    s.v.x_iso = t->x_iso;
    s.v.dup = t->x_iso ? NULL : dup;
    s.v.to_z = hs_cast_make(type, t->xtype);
    if (s.v.dup != NULL) {
        s.v.to_d = hs_cast_make(dup->ztype, t->xtype);
        s.v.from_d = hs_cast_make(type, dup->ztype);
    }
    hs_tmp T;
    memset(&T, 0, sizeof T);
    int equal = -1; /* every input value the same: 1 or 0 when the ordering found out */
    bool built = false;
    hs_phase(NULL);
    GrB_Info info = order_tuples(t, type, nrows, ncols, b, !(flags & GG_HS_NO_ISO), &s, &T,
                                 &equal, A, &built);
    if (built) return GrB_SUCCESS; /* nothing held in T */
    bool dups = s.n < t->n;
    if (info == GrB_SUCCESS && dups && dup == NULL && !t->x_iso && !(flags & GG_HS_LAST_WINS))
        info = GrB_INVALID_VALUE;
    if (info == GrB_SUCCESS) {
        bool iso = !(flags & GG_HS_NO_ISO) &&
                   (t->x_iso || ((!dups || s.v.dup == NULL) && (equal >= 0 ? equal : all_equal(t))));
        info = hs_build_stream(A, type, nrows, ncols, b, &s, iso);
    }
    tmp_free(&T);
    return info;
}

GrB_Info GG_hs_build(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                     const GG_hs_tuples *t, GrB_BinaryOp dup, unsigned flags)
{
    return hs_build_tuples(A, type, nrows, ncols, t, dup, flags,
                           __builtin_ctz((unsigned)GG_hs_node_dim()));
}

GrB_Info GG_hs_build_cview(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                           const GG_cview *v, bool by_col, unsigned flags)
{
    GrB_Index n = v->nvec > 0 ? v->ptr[v->nvec] : 0;
    GrB_Index *major = hs_alloc_n(n, sizeof(GrB_Index));
    if (major == NULL && n > 0) return GrB_OUT_OF_MEMORY;
    for (GrB_Index k = 0; k < v->nvec; k++)
        for (GrB_Index p = v->ptr[k]; p < v->ptr[k + 1]; p++)
            major[p] = v->vec != NULL ? v->vec[k] : k;
    GG_hs_tuples t = {by_col ? v->idx : major, by_col ? major : v->idx, v->x, type, false, n};
    GrB_Info info = GG_hs_build(A, type, nrows, ncols, &t, NULL, flags);
    GG_free(major);
    return info;
}
