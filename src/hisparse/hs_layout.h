/* hs_layout.h: the one definition of the HiSparse tree layout, compiled by C (src/hisparse) and by
 * CUDA (cuda/hs_*.cu) alike, so a tree has the same bytes on both sides: node tags, child words,
 * where each field of a node lives and how big it is, coordinate widths, tree order and its keys,
 * and the cost model that picks each node's kind. Plain header: no GraphBLAS types, every function
 * static inline and usable on host and device (GG_HD). Doc/hisparse.md has a worked example.
 *
 * A matrix is a tree of d x d nodes living in one 16-byte-aligned pool. A node at level l covers
 * d^l x d^l cells; the root sits at level `height`, the smallest height with d^height >=
 * max(nrows, ncols). A child word is a byte offset from the pool start (a multiple of 16) with the
 * node's tag in its low 4 bits; 0 is the null child. Offsets 0..15 hold the pool header, so no node
 * lives at offset 0. Node kinds:
 *   inner dense   d*d child words (u64), row-major, null for empty children
 *   inner COO-X   u32 count, 8-bit (row, col) pairs, u64 child words; X = 1, 2, 4 pads the count to a
 *                 multiple of X and aligns both arrays for X-wide vector loads
 *   leaf dense    level 1, every in-bounds cell present: its values row-major, row stride = the
 *                 in-bounds width (no header)
 *   leaf bitmap   level 1: u32 count, u16 row starts (entries before each row), a d*d-bit presence
 *                 bitmap (u64 words), the present values row-major
 *   leaf COO-X    any level l: u32 count, (row, col) pairs of the narrowest unsigned width holding
 *                 l*log2(d) bits (8, 16, 32 or 64 bits), values; entries in tree order
 * Tree order is the order of a depth-first walk visiting children row-major: compare the base-d
 * digits of (row, col) from the top, row digit before column digit. Within a level-1 node it is
 * row-major; for one row (or one column) it is increasing column (row) order.
 * An iso matrix (all values equal, e.g. a pattern-only graph) stores no values in any node; its one
 * value lives in the pool right after the header. Node kinds are chosen at build time to minimise
 * bytes (a bottom-up pass over the skeleton), by the cost model at the end of this file. */
#ifndef HS_LAYOUT_H
#define HS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifndef GG_HD /* as src/store/GG_vform.h defines it */
#ifdef __CUDACC__
#define GG_HD __host__ __device__
#else
#define GG_HD
#endif
#endif

/* Node dimension d: a power of two in [GG_HS_DIM_MIN, GG_HS_DIM_MAX] (local coordinates of an
 * inner COO node fit a byte). */
#define GG_HS_DIM_MIN 2
#define GG_HS_DIM_MAX 256
#define GG_HS_MAX_LEVELS 64 /* d = 2 and a 2^60 dimension need 60 levels */

#define HS_HEADER_BYTES 16 /* the pool header (GG_hs_pool): node offsets start after it */

/* Node tags (the low 4 bits of a child word). */
typedef enum {
    GG_HS_NULL = 0,
    GG_HS_INNER_DENSE,
    GG_HS_INNER_COO1,
    GG_HS_INNER_COO2,
    GG_HS_INNER_COO4,
    GG_HS_LEAF_DENSE,
    GG_HS_LEAF_BITMAP,
    GG_HS_LEAF_COO1,
    GG_HS_LEAF_COO2,
    GG_HS_LEAF_COO4,
    GG_HS_NTAGS
} GG_hs_tag;

/* ---- bits ---------------------------------------------------------------------------------------- */

static inline GG_HD uint64_t hs_align(uint64_t x, uint64_t a)
{
    return (x + a - 1) & ~(a - 1);
}

static inline GG_HD uint64_t hs_mask(int bits)
{
    return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

static inline GG_HD int hs_msb(uint64_t x) /* x != 0 */
{
#ifdef __CUDA_ARCH__
    return 63 - __clzll((long long)x);
#else
    return 63 - __builtin_clzll(x);
#endif
}

/* ---- tags and child words ------------------------------------------------------------------------- */

static inline GG_HD bool hs_is_inner(int tag)
{
    return tag >= GG_HS_INNER_DENSE && tag <= GG_HS_INNER_COO4;
}

/* X of a COO tag: 1, 2 or 4. */
static inline GG_HD unsigned hs_coo_x(int tag)
{
    int k = tag >= GG_HS_LEAF_COO1 ? tag - GG_HS_LEAF_COO1 : tag - GG_HS_INNER_COO1;
    return 1u << k;
}

static inline GG_HD int hs_coo_tag(bool inner, unsigned X)
{
    int k = X == 1 ? 0 : X == 2 ? 1 : 2;
    return (inner ? GG_HS_INNER_COO1 : GG_HS_LEAF_COO1) + k;
}

static inline GG_HD uint64_t hs_word(uint64_t offset, int tag)
{
    return offset | (uint64_t)tag;
}

static inline GG_HD int hs_word_tag(uint64_t w)
{
    return (int)(w & 15);
}

static inline GG_HD uint64_t hs_word_offset(uint64_t w)
{
    return w & ~15ULL;
}

/* ---- geometry ------------------------------------------------------------------------------------ */

/* Bytes of one local coordinate in a COO leaf at `level`: the narrowest of 1, 2, 4, 8 holding
 * level * dbits bits. Inner COO nodes always use 1. */
static inline GG_HD unsigned hs_coord_bytes(int level, int dbits)
{
    int bits = level * dbits;
    return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

/* Alignment for arrays read X elements of `bytes` at a time (at most one 16-byte vector load). */
static inline GG_HD uint64_t hs_vec_align(uint64_t bytes, unsigned X)
{
    uint64_t a = bytes * X;
    if (a == 0) return 1;
    a &= ~a + 1; /* lowest set bit: a non-power-of-two value size still gets its natural alignment */
    return a > 16 ? 16 : a;
}

typedef struct {
    uint64_t coords; /* offset of the (row, col) pairs (a bitmap leaf: of the bitmap) */
    uint64_t values; /* offset of the values (or child words) */
    uint64_t size;   /* node bytes, a multiple of 16 */
} hs_geom;

/* A COO node of n entries padded to a multiple of X, `cb` bytes per coordinate, `vb` bytes per
 * value (8 for child words, 0 for an iso leaf). */
static inline GG_HD hs_geom hs_coo_geom(uint64_t n, unsigned X, unsigned cb, uint64_t vb)
{
    hs_geom g;
    uint64_t nx = hs_align(n, X);
    g.coords = hs_align(4, hs_vec_align(2 * cb, X));
    g.values = hs_align(g.coords + nx * 2 * cb, hs_vec_align(vb, X));
    g.size = hs_align(g.values + nx * vb, 16);
    return g;
}

/* A bitmap leaf: u32 count, u16 row starts at 4, the bitmap 16-aligned, then the values. */
static inline GG_HD uint64_t hs_bitmap_words(int dbits)
{
    return ((1ULL << (2 * dbits)) + 63) / 64;
}

static inline GG_HD hs_geom hs_bitmap_geom(uint64_t n, int dbits, uint64_t vb)
{
    hs_geom g;
    g.coords = hs_align(4 + 2 * (1ULL << dbits), 16);
    g.values = hs_align(g.coords + 8 * hs_bitmap_words(dbits), hs_vec_align(vb, 1));
    g.size = hs_align(g.values + n * vb, 16);
    return g;
}

static inline GG_HD uint64_t hs_dense_leaf_size(uint64_t n, uint64_t vb)
{
    return hs_align(n * vb, 16);
}

static inline GG_HD uint64_t hs_dense_inner_size(int dbits)
{
    return 8ULL << (2 * dbits);
}

/* In-bounds extent of the level-1 node at origin `origin` along a dimension of `dim`. */
static inline GG_HD uint64_t hs_extent(uint64_t dim, uint64_t origin, int dbits)
{
    uint64_t left = dim - origin, d = 1ULL << dbits;
    return left < d ? left : d;
}

/* Height of a tree: the smallest h >= 1 with d^h >= max(nrows, ncols). */
static inline GG_HD int hs_height(uint64_t nrows, uint64_t ncols, int dbits)
{
    uint64_t m = nrows > ncols ? nrows : ncols;
    int bits = m <= 1 ? 0 : hs_msb(m - 1) + 1;
    int h = (bits + dbits - 1) / dbits;
    return h < 1 ? 1 : h;
}

/* ---- reading a node ------------------------------------------------------------------------------- */

static inline GG_HD uint32_t hs_load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline GG_HD uint64_t hs_load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Local coordinate `which` (0 row, 1 col) of entry k in an array of cb-byte pairs. */
static inline GG_HD uint64_t hs_coord(const uint8_t *c, unsigned cb, uint64_t k, int which)
{
    switch (cb) {
    case 1: return c[2 * k + which];
    case 2: return ((const uint16_t *)c)[2 * k + which];
    case 4: return ((const uint32_t *)c)[2 * k + which];
    default: return ((const uint64_t *)c)[2 * k + which];
    }
}

/* ---- tree order ----------------------------------------------------------------------------------- */

/* <0, 0, >0 as (i1, j1) comes before, equals, follows (i2, j2) in tree order: the highest base-d
 * digit in which they differ decides, the row digit before the column digit of one level. */
static inline GG_HD int hs_cmp(uint64_t i1, uint64_t j1, uint64_t i2, uint64_t j2, int dbits)
{
    uint64_t x = i1 ^ i2, y = j1 ^ j2;
    if ((x | y) == 0) return 0;
    int dx = x != 0 ? hs_msb(x) / dbits : -1;
    int dy = y != 0 ? hs_msb(y) / dbits : -1;
    if (dx >= dy) return i1 < i2 ? -1 : 1;
    return j1 < j2 ? -1 : 1;
}

/* Tree-order keys. When both coordinates fit 32 bits, (i, j) maps to one 64-bit key whose order is
 * tree order: the base-d digits interleaved from the top, row digit first. The top digit is only as
 * wide as the dimension needs (`top` bits), so 2 * 32 key bits always suffice. */

typedef struct {
    int b, h, top; /* digit bits, digits, bits of the top digit */
    int bits;      /* bits of a coordinate: key bits are 2 * bits */
} hs_keyfmt;

/* The key format of an nrows x ncols tree; false when coordinates need more than 32 bits. */
static inline GG_HD bool hs_keyfmt_make(hs_keyfmt *f, uint64_t nrows, uint64_t ncols, int dbits)
{
    uint64_t m = nrows > ncols ? nrows : ncols;
    f->bits = m <= 1 ? 0 : hs_msb(m - 1) + 1;
    f->b = dbits;
    f->h = hs_height(nrows, ncols, dbits);
    f->top = f->bits - dbits * (f->h - 1);
    if (f->top < 0) f->top = 0;
    return f->bits <= 32;
}

static inline GG_HD uint64_t hs_key(const hs_keyfmt *f, uint64_t i, uint64_t j)
{
    uint64_t key = 0, m = hs_mask(f->b);
    int k = 0;
    for (; k < f->h - 1; k++) {
        int s = f->b * k;
        key |= (((i >> s) & m) << (2 * s + f->b)) | (((j >> s) & m) << (2 * s));
    }
    int s = f->b * k;
    return key | ((((i >> s) << f->top) | (j >> s)) << (2 * s));
}

/* The low `level` digits of the key's coordinates (all of them when level >= h). */
static inline GG_HD void hs_key_split(const hs_keyfmt *f, uint64_t key, int level, uint64_t *i,
                                      uint64_t *j)
{
    uint64_t m = hs_mask(f->b), ri = 0, rj = 0;
    int low = level < f->h ? level : f->h - 1;
    for (int k = 0; k < low; k++) {
        int s = f->b * k;
        ri |= ((key >> (2 * s + f->b)) & m) << s;
        rj |= ((key >> (2 * s)) & m) << s;
    }
    if (level >= f->h) {
        int s = f->b * (f->h - 1);
        uint64_t top = key >> (2 * s);
        ri |= (top >> f->top) << s;
        rj |= (top & hs_mask(f->top)) << s;
    }
    *i = ri;
    *j = rj;
}

/* ---- the cost model: each node's kind -------------------------------------------------------------- */

typedef struct {
    int tag;
    uint64_t size; /* bytes of the node */
} hs_choice;

static inline GG_HD hs_choice hs_choice_of(int tag, uint64_t size)
{
    hs_choice c;
    c.tag = tag;
    c.size = size;
    return c;
}

/* The smallest COO node of n entries. Among equal sizes the papers' choice wins (COO1 for one
 * entry, COO2 for two, COO4 for more), else the widest X: vector loads for free. */
static inline GG_HD hs_choice hs_coo_choice(uint64_t n, bool inner, unsigned cb, uint64_t vb)
{
    unsigned pref = n <= 1 ? 1 : n == 2 ? 2 : 4;
    hs_choice c = hs_choice_of(hs_coo_tag(inner, pref), hs_coo_geom(n, pref, cb, vb).size);
    for (unsigned X = 4; X >= 1; X /= 2) {
        uint64_t size = hs_coo_geom(n, X, cb, vb).size;
        if (size < c.size) c = hs_choice_of(hs_coo_tag(inner, X), size);
    }
    return c;
}

/* The cheapest level-1 leaf of n entries; `full`: they fill every in-bounds cell of their block,
 * so the leaf may be dense. Preference on ties: dense, bitmap, COO4, COO2, COO1. */
static inline GG_HD hs_choice hs_leaf1_choice(uint64_t n, int dbits, uint64_t vb, bool full)
{
    hs_choice c = hs_coo_choice(n, false, 1, vb);
    uint64_t bm = hs_bitmap_geom(n, dbits, vb).size;
    if (bm <= c.size) c = hs_choice_of(GG_HS_LEAF_BITMAP, bm);
    if (full && hs_dense_leaf_size(n, vb) <= c.size)
        c = hs_choice_of(GG_HS_LEAF_DENSE, hs_dense_leaf_size(n, vb));
    return c;
}

/* A node at `level` >= 2 holding n entries: the cheaper of an inner node over its `nkids` children
 * (kids_bytes: their subtrees) and one COO leaf (which wins ties). *best: the subtree's bytes. */
static inline GG_HD hs_choice hs_node_choice(uint64_t n, uint64_t nkids, uint64_t kids_bytes,
                                             int level, int dbits, uint64_t vb, uint64_t *best)
{
    hs_choice inner = hs_coo_choice(nkids, true, 1, 8);
    if (hs_dense_inner_size(dbits) < inner.size)
        inner = hs_choice_of(GG_HS_INNER_DENSE, hs_dense_inner_size(dbits));
    uint64_t inner_total = inner.size + kids_bytes;
    hs_choice leaf = hs_coo_choice(n, false, hs_coord_bytes(level, dbits), vb);
    if (n <= UINT32_MAX && leaf.size <= inner_total) {
        *best = leaf.size;
        return leaf;
    }
    *best = inner_total;
    return inner;
}

#endif /* HS_LAYOUT_H */
