/* build.c: building a HiSparse tree in the papers' two phases. Tuples are first put in tree order
 * and duplicates grouped: input already in tree order is used as it is; otherwise, when both
 * coordinates fit 32 bits, (key, value) pairs are counted and scattered (into the level-1 blocks of
 * each strip of d rows when the input is sorted by rows, else into buckets by the top key bits,
 * each bucket then sorted: the cost profile of a CSR build), and with wider coordinates a merge
 * sort orders a permutation. The skeleton pass then walks the ordered entries once, closing
 * nodes bottom-up and choosing for each the cheapest representation (a leaf of the best kind, or
 * an inner node over its children's best); it records only nodes above level 1, whose leaves are
 * cheap to re-derive. One pool of the total size is allocated and every node filled from its
 * record. */
#include "hs_internal.h"

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

/* ---- node choice ------------------------------------------------------------------------------- */

typedef struct {
    uint8_t tag;
    uint64_t size;
} hs_choice;

/* The smallest COO node of n entries. Among equal sizes the papers' choice wins (COO1 for one
 * entry, COO2 for two, COO4 for more), else the widest X: vector loads for free. */
static hs_choice coo_choice(uint64_t n, bool inner, unsigned cb, uint64_t vb)
{
    unsigned pref = n <= 1 ? 1 : n == 2 ? 2 : 4;
    hs_choice c = {(uint8_t)hs_coo_tag(inner, pref), hs_coo_geom(n, pref, cb, vb).size};
    for (unsigned X = 4; X >= 1; X /= 2) {
        uint64_t size = hs_coo_geom(n, X, cb, vb).size;
        if (size < c.size) c = (hs_choice){(uint8_t)hs_coo_tag(inner, X), size};
    }
    return c;
}

#define SMALL_LEAF 256 /* level-1 choices for fewer entries come from a table */

typedef struct {
    int b, h;
    uint64_t vb; /* value bytes in leaves */
    GrB_Index nrows, ncols;
    const hs_stream *s;
    uint64_t same1;   /* diff(k) below this: entries k-1 and k share their level-1 node */
    uint8_t digit[64]; /* the highest bit of diff(k) to the level of the first digit they differ in */
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
    for (int bit = 0; bit < 64; bit++) {
        int d = bit / per;
        S->digit[bit] = (uint8_t)(d < S->h ? d : S->h - 1);
    }
    for (uint64_t n = 1; n < SMALL_LEAF; n++) {
        hs_choice c = coo_choice(n, false, 1, vb);
        uint64_t bm = hs_bitmap_geom(n, dbits, vb).size;
        S->small[n] = bm <= c.size ? (hs_choice){GG_HS_LEAF_BITMAP, bm} : c;
    }
}

/* The cheapest level-1 leaf for n entries whose first is entry `first`; preference on ties:
 * dense, bitmap, COO4, COO2, COO1. */
static inline hs_choice leaf1_choice(const hs_shape *S, uint64_t n, uint64_t first)
{
    hs_choice c;
    if (n < SMALL_LEAF) {
        c = S->small[n];
    } else {
        c = coo_choice(n, false, 1, S->vb);
        uint64_t bm = hs_bitmap_geom(n, S->b, S->vb).size;
        if (bm <= c.size) c = (hs_choice){GG_HS_LEAF_BITMAP, bm};
    }
    /* a complete block (at most d*d entries) may be dense */
    if (n > (1ULL << (2 * S->b))) return c;
    GrB_Index i, j;
    ent_local(S->s, first, S->h, &i, &j);
    uint64_t m = hs_mask(S->b);
    if (n == hs_extent(S->nrows, i & ~m, S->b) * hs_extent(S->ncols, j & ~m, S->b)) {
        uint64_t size = hs_dense_leaf_size(n, S->vb);
        if (size <= c.size) c = (hs_choice){GG_HS_LEAF_DENSE, size};
    }
    return c;
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

/* Closes the open node at level >= 2: chooses leaf or inner, records it and adds it to its parent
 * (if any). The cost of a subtree is its bytes; the parent's child word is the parent's. */
static bool close_node(hs_skel *K, int level)
{
    const hs_shape *S = K->S;
    hs_open *o = &K->open[level];
    hs_choice inner = coo_choice(o->nkids, true, 1, 8);
    if (hs_dense_inner_size(S->b) < inner.size)
        inner = (hs_choice){GG_HS_INNER_DENSE, hs_dense_inner_size(S->b)};
    uint64_t inner_total = inner.size + o->kids_bytes, best;
    hs_choice leaf = coo_choice(o->n, false, hs_coord_bytes(level, S->b), S->vb);
    hs_rec r = {o->first, o->n, 0, 0, 0, -1, -1, 0, (uint8_t)level, 0};
    if (o->n <= UINT32_MAX && leaf.size <= inner_total) {
        K->nrec = o->mark;
        r.tag = leaf.tag;
        r.size = best = leaf.size;
    } else {
        r.tag = inner.tag;
        r.size = inner.size;
        r.kids_bytes = level == 2 ? o->kids_bytes : 0;
        r.first_child = o->first_child;
        r.nkids = o->nkids;
        best = inner_total;
    }
    if (!push(K, &r)) return false;
    if (level < S->h) {
        hs_open *p = &K->open[level + 1];
        int64_t id = (int64_t)K->nrec - 1;
        p->n += o->n;
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

/* Closes the level-1 node ending before entry `end`. */
static inline bool close_leaf1(hs_skel *K, uint64_t end)
{
    hs_open *o = &K->open[1];
    o->n = end - o->first;
    hs_choice c = leaf1_choice(K->S, o->n, o->first);
    if (K->S->h == 1) {
        hs_rec r = {o->first, o->n, c.size, 0, 0, -1, -1, 0, 1, c.tag};
        return push(K, &r);
    }
    hs_open *p = &K->open[2];
    p->n += o->n;
    p->kids_bytes += c.size;
    p->nkids++;
    return true;
}

/* The skeleton pass over n >= 1 ordered unique entries. */
static bool skeleton(hs_skel *K, uint64_t n)
{
    const hs_shape *S = K->S;
    for (int level = 1; level <= S->h; level++) open_node(K, level, 0);
    for (uint64_t k = 1; k < n; k++) {
        uint64_t x = ent_diff(S->s, k);
        if (x < S->same1) continue; /* same level-1 node */
        int D = S->digit[hs_msb(x)]; /* nodes at levels 1..D end here */
        if (!close_leaf1(K, k)) return false;
        for (int level = 2; level <= D; level++)
            if (!close_node(K, level)) return false;
        for (int level = 1; level <= D; level++) open_node(K, level, k);
    }
    if (!close_leaf1(K, n)) return false;
    for (int level = 2; level <= S->h; level++)
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

static void fill_leaf(const hs_fill *F, int level, int tag, uint8_t *node, uint64_t first,
                      uint64_t n)
{
    const hs_shape *S = F->S;
    if (tag == GG_HS_LEAF_DENSE) {
        fill_values(F, node, first, n);
        return;
    }
    uint32_t count = (uint32_t)n;
    memcpy(node, &count, 4);
    GrB_Index li, lj;
    if (tag == GG_HS_LEAF_BITMAP) {
        hs_geom g = hs_bitmap_geom(n, S->b, S->vb);
        uint16_t *rowstart = (uint16_t *)(node + 4);
        uint64_t *bm = (uint64_t *)(node + g.coords), d = 1ULL << S->b;
        for (uint64_t k = 0; k < n; k++) {
            ent_local(F->s, first + k, 1, &li, &lj);
            uint64_t pos = (li << S->b) | lj;
            bm[pos / 64] |= 1ULL << (pos % 64);
            if (li + 1 < d) rowstart[li + 1]++;
        }
        for (uint64_t r = 1; r < d; r++) rowstart[r] = (uint16_t)(rowstart[r] + rowstart[r - 1]);
        fill_values(F, node + g.values, first, n);
        return;
    }
    unsigned cb = hs_coord_bytes(level, S->b);
    hs_geom g = hs_coo_geom(n, hs_coo_x(tag), cb, S->vb);
    for (uint64_t k = 0; k < n; k++) {
        ent_local(F->s, first + k, level, &li, &lj);
        put_coord(node + g.coords, cb, k, li, lj);
    }
    fill_values(F, node + g.values, first, n);
}

/* Writes an inner node's child list: `kids` children, child k at (ci[k], cj[k]) with word w[k]. */
typedef struct {
    uint8_t *node;
    int tag, dbits;
    uint64_t k;
    hs_geom g;
} hs_inner_writer;

static void inner_begin(hs_inner_writer *W, uint8_t *node, int tag, uint32_t nkids, int dbits)
{
    W->node = node;
    W->tag = tag;
    W->dbits = dbits;
    W->k = 0;
    if (tag != GG_HS_INNER_DENSE) {
        W->g = hs_coo_geom(nkids, hs_coo_x(tag), 1, 8);
        memcpy(node, &nkids, 4);
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

/* A level-2 inner node and the level-1 leaves laid out before it. */
static void fill_level2(const hs_fill *F, const hs_rec *r)
{
    const hs_shape *S = F->S;
    uint64_t cursor = r->offset - r->kids_bytes, ci, cj;
    hs_inner_writer W;
    inner_begin(&W, F->pool + r->offset, r->tag, r->nkids, S->b);
    uint64_t end = r->first + r->n;
    for (uint64_t first = r->first; first < end;) {
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
    inner_begin(&W, F->pool + r->offset, r->tag, r->nkids, F->S->b);
    uint64_t ci, cj;
    for (int64_t c = r->first_child; c >= 0; c = K->rec[c].next) {
        const hs_rec *k = &K->rec[c];
        child_pos(F->S, k->first, r->level, &ci, &cj);
        inner_put(&W, ci, cj, hs_word(k->offset, k->tag));
    }
}

/* ---- building from a stream ------------------------------------------------------------------------ */

GrB_Info hs_build_stream(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols, int dbits,
                         const hs_stream *s, bool iso)
{
    GG_hs_matrix R;
    memset(&R, 0, sizeof R);
    R.type = type;
    R.nrows = nrows;
    R.ncols = ncols;
    R.scale = 1.0;
    R.dbits = (uint8_t)dbits;
    R.height = (uint8_t)hs_height(nrows, ncols, dbits);
    R.nvals = s->n;
    if (s->n == 0) {
        *A = R;
        return GrB_SUCCESS;
    }
    R.iso = iso;

    hs_stream st = *s; /* the array form of coordinates needs the digit width too */
    hs_keyfmt_make(&st.f, nrows, ncols, dbits);
    s = &st;
    hs_shape S;
    shape_init(&S, dbits, nrows, ncols, iso ? 0 : type->size, s);
    hs_skel K = {.S = &S};
    size_t dsize = s->v.dup != NULL ? s->v.dup->ztype->size : 0;
    char *scratch = GG_malloc(3 * dsize + type->size);
    if (scratch == NULL || !skeleton(&K, s->n)) {
        GG_free(scratch);
        GG_free(K.rec);
        return GrB_OUT_OF_MEMORY;
    }

    /* Offsets in record order (children before parents); the iso value follows the header. */
    uint64_t cursor = HS_HEADER_BYTES + (iso ? hs_align(type->size, 16) : 0);
    for (size_t k = 0; k < K.nrec; k++) {
        cursor += K.rec[k].kids_bytes;
        K.rec[k].offset = cursor;
        cursor += K.rec[k].size;
    }
    uint8_t *pool = cursor <= SIZE_MAX ? GG_calloc(1, (size_t)cursor) : NULL;
    if (pool == NULL) {
        GG_free(scratch);
        GG_free(K.rec);
        return GrB_OUT_OF_MEMORY;
    }
    R.pool = (GG_hs_pool *)pool;
    atomic_init(&R.pool->refs, 1);
    R.pool->bytes = cursor;
    if (iso) hs_stream_value(s, 0, pool + HS_HEADER_BYTES, scratch);

    const hs_values *v = &s->v;
    bool plain_dup = v->dup == NULL || (v->to_d.f == NULL && v->from_d.f == NULL &&
                                        v->dup->ztype->size == type->size);
    hs_fill F = {&S, s, pool, type->size,
                 v->src == NULL && v->run == NULL && v->to_z.f == NULL && !v->x_iso && plain_dup,
                 scratch};
    for (size_t k = 0; k < K.nrec; k++) {
        const hs_rec *r = &K.rec[k];
        if (!hs_is_inner(r->tag))
            fill_leaf(&F, r->level, r->tag, pool + r->offset, r->first, r->n);
        else if (r->level == 2)
            fill_level2(&F, r);
        else
            fill_inner(&F, &K, r);
    }
    const hs_rec *root = &K.rec[K.nrec - 1];
    R.root = hs_word(root->offset, root->tag);
    GG_free(scratch);
    GG_free(K.rec);
    *A = R;
    return GrB_SUCCESS;
}

/* ---- ordering tuples --------------------------------------------------------------------------------- */

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
    hs_pair *pairs;
    GrB_Index *perm, *tmp, *I, *J, *run, *zeros;
} hs_tmp;

static void tmp_free(hs_tmp *T)
{
    GG_free(T->pairs);
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

/* Sorts the pairs of each bucket (bucket q ends at end[q]) by key bits [0, bits), stably;
 * returns the number of distinct keys, or 0 when out of memory. */
static uint64_t sort_buckets(hs_pair *P, const uint64_t *end, uint64_t nbuckets, uint64_t biggest,
                             int bits)
{
    hs_pair *spare = biggest > 32 ? GG_malloc(biggest * sizeof *spare) : NULL;
    if (biggest > 32 && spare == NULL) return 0;
    uint64_t distinct = 0;
    for (uint64_t q = 0, lo = 0; q < nbuckets; lo = end[q++]) {
        hs_pair *a = P + lo;
        uint64_t len = end[q] - lo;
        if (!msd_sort(a, spare, len, bits)) {
            GG_free(spare);
            return 0;
        }
        for (uint64_t k = 0; k < len; k++) distinct += k == 0 || a[k].key != a[k - 1].key;
    }
    GG_free(spare);
    return distinct;
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

/* Input sorted by rows: every strip of d rows splits by column block into level-1 blocks, which
 * keep the entries row-major. A counting pass lists the blocks strip by strip (a block's number is
 * its strip's first number plus the order in which the strip first touches it, the same in both
 * passes), the blocks are sorted by the key of their origin, and a scatter pass writes each entry
 * straight to its place in tree order, as a CSR build counts rows and scatters. False when out of
 * memory. */
static bool order_strips(const GG_hs_tuples *t, const hs_keyfmt *f, const hs_keytab *KT,
                         bool carry, hs_pair *P, GrB_Index ncols)
{
    uint64_t n = t->n, nblocks = ((ncols - 1) >> f->b) + 1;
    uint64_t *slot = GG_malloc(nblocks * sizeof *slot); /* column block -> its number in a strip */
    uint64_t *touched = GG_malloc((nblocks < n ? nblocks : n) * sizeof *touched);
    hs_pair *blocks = NULL; /* (origin key, block number), then (key, first position) */
    uint64_t *count = NULL, nb = 0, cap = 0;
    bool ok = slot != NULL && touched != NULL;
    for (uint64_t q = 0; ok && q < nblocks; q++) slot[q] = UINT64_MAX;
    /* pass 1: the blocks and their sizes */
    for (uint64_t lo = 0; ok && lo < n;) {
        GrB_Index strip = t->row[lo] >> f->b;
        uint64_t hi = lo, ng = 0;
        for (; hi < n && t->row[hi] >> f->b == strip; hi++) {
            uint64_t J = t->col[hi] >> f->b;
            if (slot[J] != UINT64_MAX) continue;
            slot[J] = ng;
            touched[ng++] = J;
        }
        if (nb + ng > cap) {
            cap = 2 * (nb + ng);
            hs_pair *p = GG_realloc(blocks, cap * sizeof *p);
            uint64_t *c = p != NULL ? GG_realloc(count, cap * sizeof *c) : NULL;
            if (p != NULL) blocks = p;
            if (c == NULL) {
                ok = false;
                break;
            }
            count = c;
        }
        for (uint64_t g = 0; g < ng; g++) {
            blocks[nb + g] = (hs_pair){tab_key(KT, strip << f->b, touched[g] << f->b), nb + g};
            count[nb + g] = 0;
        }
        for (uint64_t k = lo; k < hi; k++) count[nb + slot[t->col[k] >> f->b]]++;
        for (uint64_t g = 0; g < ng; g++) slot[touched[g]] = UINT64_MAX;
        nb += ng;
        lo = hi;
    }
    /* blocks in tree order; each block's count becomes its next position */
    hs_pair *tmp = ok ? GG_malloc((nb > 0 ? nb : 1) * sizeof *tmp) : NULL;
    ok = ok && tmp != NULL && msd_sort(blocks, tmp, nb, 2 * f->bits);
    for (uint64_t q = 0, pos = 0; ok && q < nb; q++) {
        uint64_t c = count[blocks[q].src];
        count[blocks[q].src] = pos;
        pos += c;
    }
    /* pass 2: the scatter */
    const char *x = t->x;
    size_t xsize = t->xtype->size;
    for (uint64_t lo = 0, base = 0; ok && lo < n;) {
        GrB_Index strip = t->row[lo] >> f->b;
        uint64_t hi = lo, ng = 0;
        for (; hi < n && t->row[hi] >> f->b == strip; hi++) {
            uint64_t J = t->col[hi] >> f->b;
            if (slot[J] == UINT64_MAX) {
                slot[J] = ng;
                touched[ng++] = J;
            }
            uint64_t payload = carry ? load_bits(x + hi * xsize, xsize) : hi;
            P[count[base + slot[J]]++] = (hs_pair){tab_key(KT, t->row[hi], t->col[hi]), payload};
        }
        for (uint64_t g = 0; g < ng; g++) slot[touched[g]] = UINT64_MAX;
        base += ng;
        lo = hi;
    }
    GG_free(tmp);
    GG_free(blocks);
    GG_free(count);
    GG_free(touched);
    GG_free(slot);
    return ok;
}

/* Puts the tuples in tree order: fills s (unique entries, their coordinates and values). */
static GrB_Info order_tuples(const GG_hs_tuples *t, GrB_Type type, GrB_Index nrows,
                             GrB_Index ncols, int b, hs_stream *s, hs_tmp *T)
{
    uint64_t n = t->n;
    const hs_keyfmt *f = &s->f;
    bool narrow = hs_keyfmt_make(&s->f, nrows, ncols, b);
    size_t xsize = t->xtype->size;
    hs_keytab *KT = narrow ? GG_malloc(sizeof *KT) : NULL;
    if (narrow && KT == NULL) return GrB_OUT_OF_MEMORY;
    if (narrow) keytab_make(KT, f);

    /* One pass: bounds, and whether the input already is in tree order or sorted by rows (and
     * with how many duplicates). */
    bool sorted = true, by_rows = narrow && t->col != NULL;
    uint64_t nu = n, nu_rows = n, prev = 0;
    for (uint64_t k = 0; k < n; k++) {
        GrB_Index i = t->row[k], j = t->col != NULL ? t->col[k] : 0;
        if (i >= nrows || j >= ncols) {
            GG_free(KT);
            return GrB_INDEX_OUT_OF_BOUNDS;
        }
        if (!sorted && !by_rows) continue;
        int c;
        if (narrow) {
            uint64_t key = tab_key(KT, i, j);
            c = k == 0 ? -1 : prev < key ? -1 : prev > key;
            prev = key;
            if (by_rows && k > 0) {
                GrB_Index pi = t->row[k - 1], pj = t->col[k - 1];
                by_rows = pi < i || (pi == i && pj <= j);
                nu_rows -= pi == i && pj == j;
            }
        } else {
            c = k == 0 ? -1 : hs_cmp(t->row[k - 1], t->col != NULL ? t->col[k - 1] : 0, i, j, b);
        }
        sorted = sorted && c <= 0;
        nu -= sorted && c == 0;
    }

    if (sorted) {
        GG_free(KT);
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

    /* Narrow keys: (key, payload) pairs in tree order, from the strips of input sorted by rows,
     * or by a bucket sort: one counting pass and one scatter into 2^10 buckets by the top key
     * bits (few enough for the scatter to stream, one page per bucket in the TLB), then each
     * bucket sorted on its own, in cache when the data are spread. The payload is the value
     * itself when value and tree type fit 8 bytes (the fill then reads values in order instead of
     * gathering them), else the input position. */
    bool carry = !t->x_iso && xsize <= 8 && type->size <= 8;
    hs_pair *P = T->pairs = hs_alloc_n(n, sizeof(hs_pair));
    bool ok = P != NULL;
    if (ok && by_rows && ((ncols - 1) >> b) < 8 * n + 1024) {
        ok = order_strips(t, f, KT, carry, P, ncols);
        nu = nu_rows;
    } else if (ok) {
        int key_bits = 2 * f->bits, hb = key_bits < HS_BUCKET_BITS ? key_bits : HS_BUCKET_BITS;
        int shift = key_bits - hb;
        uint64_t nbuckets = 1ULL << hb, biggest = 0;
        uint64_t *count = GG_calloc((size_t)nbuckets, sizeof *count);
        ok = count != NULL;
        for (uint64_t k = 0; ok && k < n; k++)
            count[tab_key(KT, t->row[k], t->col != NULL ? t->col[k] : 0) >> shift]++;
        for (uint64_t q = 0, sum = 0; ok && q < nbuckets; q++) {
            uint64_t c = count[q];
            if (c > biggest) biggest = c;
            count[q] = sum;
            sum += c;
        }
        const char *x = t->x;
        for (uint64_t k = 0; ok && k < n; k++) {
            uint64_t key = tab_key(KT, t->row[k], t->col != NULL ? t->col[k] : 0);
            P[count[key >> shift]++] = (hs_pair){key, carry ? load_bits(x + k * xsize, xsize) : k};
        }
        nu = ok ? sort_buckets(P, count, nbuckets, biggest, shift) : 0; /* count[q]: bucket end */
        ok = nu > 0;
        GG_free(count);
    }
    GG_free(KT);
    if (!ok) return GrB_OUT_OF_MEMORY;
    s->n = nu;
    s->P = P;

    if (carry) {
        /* The payloads become the tree's values. Unless they already are (no duplicates, no
         * cast), each run of equal keys folds in place into the first unique slot. */
        const hs_values *v = &s->v;
        bool plain = nu == n && v->to_z.f == NULL &&
                     (v->dup == NULL || (v->to_d.f == NULL && v->from_d.f == NULL));
        s->bits = true;
        if (plain) return GrB_SUCCESS;
        hs_values pv = *v;
        pv.x = (const char *)&P[0].src; /* input k's bytes lie at &P[k].src */
        pv.xsize = sizeof(hs_pair);
        pv.src = NULL;
        uint8_t z[8], *scratch = GG_malloc(3 * (v->dup != NULL ? v->dup->ztype->size : 1));
        if (scratch == NULL) return GrB_OUT_OF_MEMORY;
        for (uint64_t lo = 0, u = 0; lo < n; u++) {
            uint64_t hi = lo + 1;
            while (hi < n && P[hi].key == P[lo].key) hi++;
            fold_run(&pv, lo, hi, z, scratch);
            P[u].key = P[lo].key;
            P[u].src = load_bits(z, type->size);
            lo = hi;
        }
        GG_free(scratch);
        return GrB_SUCCESS;
    }
    /* Positions as payloads: move them to src, runs of equal keys to run, keys compacted. */
    T->tmp = hs_alloc_n(n, sizeof(GrB_Index));
    T->run = nu < n ? hs_alloc_n(nu + 1, sizeof(GrB_Index)) : NULL;
    if (T->tmp == NULL || (nu < n && T->run == NULL)) return GrB_OUT_OF_MEMORY;
    for (uint64_t k = 0, u = 0; k < n; k++) {
        T->tmp[k] = P[k].src;
        if (k > 0 && P[k].key == P[u - 1].key) continue;
        if (T->run != NULL) T->run[u] = k;
        P[u++].key = P[k].key;
    }
    if (T->run != NULL) T->run[nu] = n;
    s->v.src = T->tmp;
    s->v.run = T->run;
    return GrB_SUCCESS;
}

/* True when every input value is bitwise equal to the first. */
static bool all_equal(const GG_hs_tuples *t)
{
    size_t size = t->xtype->size;
    const char *x = t->x;
    if (t->n == 0) return true;
    if (size > 8) {
        for (uint64_t k = 1; k < t->n; k++)
            if (memcmp(x, x + k * size, size) != 0) return false;
        return true;
    }
    uint64_t first = load_bits(x, size);
    for (uint64_t k = 1; k < t->n; k++)
        if (load_bits(x + k * size, size) != first) return false;
    return true;
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
    GrB_Info info = order_tuples(t, type, nrows, ncols, b, &s, &T);
    bool dups = s.n < t->n;
    if (info == GrB_SUCCESS && dups && dup == NULL && !t->x_iso && !(flags & GG_HS_LAST_WINS))
        info = GrB_INVALID_VALUE;
    if (info == GrB_SUCCESS) {
        bool iso = !(flags & GG_HS_NO_ISO) &&
                   (t->x_iso || ((!dups || s.v.dup == NULL) && all_equal(t)));
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
