/* hs_internal.h: private to src/hisparse: allocation and value helpers, leaf decoding and the tree
 * walker shared by the converters, traversals, checker and report, and the shared back end of every
 * build. The node layout itself (geometry, tree order, keys, node kinds) is hs_layout.h, which the
 * CUDA side includes too. */
#ifndef HS_INTERNAL_H
#define HS_INTERNAL_H

#include "GG_hisparse.h"

#include <stddef.h>

_Static_assert(_Alignof(max_align_t) >= 16, "pools rely on 16-byte aligned allocations");

_Static_assert(HS_HEADER_BYTES == sizeof(GG_hs_pool), "nodes start right after the pool header");

/* n elements of `size` bytes from GG_malloc; NULL on overflow or out of memory (n may be 0). */
static inline void *hs_alloc_n(uint64_t n, size_t size)
{
    size_t bytes;
    if (n > SIZE_MAX || !GG_mul_size((size_t)(n > 0 ? n : 1), size, &bytes)) return NULL;
    return GG_malloc(bytes);
}

/* ---- parallel phases ----------------------------------------------------------------------------
 * A phase (a build, a view, a traversal) splits its work into parts whose boundaries depend only on
 * the data and the number of parts, never on the threads that run them. The number of parts is the
 * library's thread rule (GG_nthreads_for, src/core: one part below two chunks of work, else as
 * many threads as OpenMP allows, each with at least a chunk), at most HS_MAX_PARTS;
 * GG_hs_set_build_parts forces it (tests). */

#ifdef _OPENMP
#include <omp.h>
#define HS_OMP(directive) _Pragma(directive)
#else
#define HS_OMP(directive)
#endif

#define HS_MAX_PARTS 256

int hs_parts(uint64_t work);

/* Whether a test fixed the number of parts (GG_hs_set_build_parts). */
bool hs_parts_forced(void);

/* Threads to run np parts. */
static inline int hs_threads(int np)
{
#ifdef _OPENMP
    int max = omp_get_max_threads();
    return np < max ? np : max;
#else
    (void)np;
    return 1;
#endif
}

static inline int hs_thread_id(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

/* ---- reading a pool --------------------------------------------------------------------------------- */

static inline const uint8_t *hs_base(const GG_hs_matrix *A)
{
    return (const uint8_t *)A->pool;
}

/* Value bytes per entry stored in A's leaves. */
static inline size_t hs_vbytes(const GG_hs_matrix *A)
{
    return A->iso ? 0 : A->type->size;
}

/* A decoded leaf. Its entries are numbered 0..n-1 in tree order and their values are contiguous in
 * that order (x + k * type size; x is NULL for an iso matrix). */
typedef struct {
    int tag, level, dbits;
    GrB_Index r0, c0; /* origin in content coordinates */
    uint64_t n;
    unsigned cb;          /* COO: coordinate bytes */
    uint64_t nc;          /* dense: in-bounds width */
    const uint8_t *coords; /* COO pairs, or the bitmap */
    const uint16_t *rowstart; /* bitmap */
    const uint8_t *x;
} hs_leaf;

/* Decodes the leaf behind word w (no validation: the checker has its own). */
static inline void hs_leaf_open(const GG_hs_matrix *A, uint64_t w, int level, GrB_Index r0,
                                GrB_Index c0, hs_leaf *L)
{
    const uint8_t *p = hs_base(A) + hs_word_offset(w);
    uint64_t vb = hs_vbytes(A);
    L->tag = hs_word_tag(w);
    L->level = level;
    L->dbits = A->dbits;
    L->r0 = r0;
    L->c0 = c0;
    L->cb = 0;
    L->nc = 0;
    L->coords = NULL;
    L->rowstart = NULL;
    if (L->tag == GG_HS_LEAF_DENSE) {
        L->nc = hs_extent(A->ncols, c0, A->dbits);
        L->n = hs_extent(A->nrows, r0, A->dbits) * L->nc;
        L->x = p;
    } else if (L->tag == GG_HS_LEAF_BITMAP) {
        hs_geom g = hs_bitmap_geom(0, A->dbits, vb);
        L->n = hs_load32(p);
        L->rowstart = (const uint16_t *)(p + 4);
        L->coords = p + g.coords;
        L->x = p + g.values;
    } else {
        L->n = hs_load32(p);
        L->cb = hs_coord_bytes(level, A->dbits);
        hs_geom g = hs_coo_geom(L->n, hs_coo_x(L->tag), L->cb, vb);
        L->coords = p + g.coords;
        L->x = p + g.values;
    }
    if (A->iso) L->x = NULL;
}

/* Sequential decoding of a leaf's local coordinates. */
typedef struct {
    const hs_leaf *L;
    uint64_t k;    /* entries returned so far */
    uint64_t wi;   /* bitmap: current word */
    uint64_t bits; /* bitmap: bits of that word not yet returned */
} hs_iter;

static inline void hs_iter_init(hs_iter *it, const hs_leaf *L)
{
    it->L = L;
    it->k = 0;
    it->wi = 0;
    it->bits = L->tag == GG_HS_LEAF_BITMAP && L->n > 0 ? hs_load64(L->coords) : 0;
}

/* The next entry's local (row, col); false after the last. */
static inline bool hs_iter_next(hs_iter *it, uint64_t *li, uint64_t *lj)
{
    const hs_leaf *L = it->L;
    if (it->k >= L->n) return false;
    switch (L->tag) {
    case GG_HS_LEAF_DENSE:
        *li = it->k / L->nc;
        *lj = it->k % L->nc;
        break;
    case GG_HS_LEAF_BITMAP: {
        while (it->bits == 0) it->bits = hs_load64(L->coords + 8 * ++it->wi);
        uint64_t pos = it->wi * 64 + (uint64_t)__builtin_ctzll(it->bits);
        it->bits &= it->bits - 1;
        *li = pos >> L->dbits;
        *lj = pos & hs_mask(L->dbits);
        break;
    }
    default:
        *li = hs_coord(L->coords, L->cb, it->k, 0);
        *lj = hs_coord(L->coords, L->cb, it->k, 1);
    }
    it->k++;
    return true;
}

/* Runs the statement (the macro's last arguments) for each entry of the COO leaf *L in tree
 * order, with its number k and local coordinates li, lj (uint64_t variables the statement reads;
 * `continue` goes to the next entry): one copy of the loop per coordinate width, so that the
 * width is not tested per entry as hs_iter_next does (the tree-to-view conversion's count and
 * placement, hisparse/convert.c). */
#define HS_COO_EACH_W(L, T, k, li, lj, ...)                                                        \
    {                                                                                              \
        const T *hs_q_ = (const T *)(L)->coords;                                                   \
        for (uint64_t k = 0; k < (L)->n; k++) {                                                    \
            uint64_t li = hs_q_[2 * k], lj = hs_q_[2 * k + 1];                                     \
            __VA_ARGS__                                                                            \
        }                                                                                          \
    }
#define HS_COO_EACH(L, k, li, lj, ...)                                                             \
    switch ((L)->cb) {                                                                             \
    case 1: HS_COO_EACH_W(L, uint8_t, k, li, lj, __VA_ARGS__) break;                               \
    case 2: HS_COO_EACH_W(L, uint16_t, k, li, lj, __VA_ARGS__) break;                              \
    case 4: HS_COO_EACH_W(L, uint32_t, k, li, lj, __VA_ARGS__) break;                              \
    default: HS_COO_EACH_W(L, uint64_t, k, li, lj, __VA_ARGS__)                                    \
    }

static inline bool hs_leaf_is_coo(const hs_leaf *L)
{
    return L->tag != GG_HS_LEAF_DENSE && L->tag != GG_HS_LEAF_BITMAP;
}

/* Children of an inner node, in row-major order of their position. */
typedef struct {
    const uint8_t *node;
    int tag, dbits;
    uint64_t n;    /* COO: count */
    uint64_t k;    /* next slot (dense) or entry (COO) */
    const uint8_t *coords;
    const uint8_t *words;
} hs_kids;

static inline void hs_kids_open(const GG_hs_matrix *A, uint64_t w, hs_kids *it)
{
    const uint8_t *p = hs_base(A) + hs_word_offset(w);
    it->node = p;
    it->tag = hs_word_tag(w);
    it->dbits = A->dbits;
    it->k = 0;
    if (it->tag == GG_HS_INNER_DENSE) {
        it->n = 1ULL << (2 * A->dbits);
        it->coords = NULL;
        it->words = p;
    } else {
        it->n = hs_load32(p);
        hs_geom g = hs_coo_geom(it->n, hs_coo_x(it->tag), 1, 8);
        it->coords = p + g.coords;
        it->words = p + g.values;
    }
}

/* The next non-null child: its word and position (ci, cj) in the node. */
static inline bool hs_kids_next(hs_kids *it, uint64_t *w, uint64_t *ci, uint64_t *cj)
{
    if (it->tag == GG_HS_INNER_DENSE) {
        while (it->k < it->n) {
            uint64_t k = it->k++;
            uint64_t word = hs_load64(it->words + 8 * k);
            if (word == 0) continue;
            *w = word;
            *ci = k >> it->dbits;
            *cj = k & hs_mask(it->dbits);
            return true;
        }
        return false;
    }
    if (it->k >= it->n) return false;
    uint64_t k = it->k++;
    *w = hs_load64(it->words + 8 * k);
    *ci = it->coords[2 * k];
    *cj = it->coords[2 * k + 1];
    return true;
}

/* Calls fn for every leaf, in tree order of the content. */
typedef void (*hs_leaf_fn)(void *ctx, const hs_leaf *L);
void hs_walk(const GG_hs_matrix *A, hs_leaf_fn fn, void *ctx);

/* Calls fn, in tree order, for every leaf whose band along content coordinate yc (0 rows, 1
 * columns) meets [lo, hi); a leaf may reach beyond the band, its entries there are fn's to skip. */
void hs_walk_band(const GG_hs_matrix *A, int yc, GrB_Index lo, GrB_Index hi, hs_leaf_fn fn,
                  void *ctx);

/* The width of the bands a phase of np parts cuts a dimension `dim` of A into: all of it for one
 * part, else a multiple of d^g (g >= 1), g chosen by the entries it makes the bands read
 * (layout.c), the widest of the cheapest that leaves per_part bands a part, and the multiple the
 * widest leaving per_part to twice per_part bands a part (d^g itself when that leaves no more): a
 * leaf of level l > g is read by each band it reaches. With the parts fixed by a test, d, so that
 * such leaves cross bands even on small inputs. Band edges fall on multiples of d^g, so level-1
 * leaves (dense and bitmap ones among them) never reach beyond a band, nor do leaves of level g or
 * below. */
GrB_Index hs_band_width(const GG_hs_matrix *A, GrB_Index dim, int np, int per_part);

/* ---- values ------------------------------------------------------------------------------------------- */

/* z = (ztype) x for builtin types, memcpy when the types are equal or user-defined. */
typedef struct {
    GG_cast_fn f;
    size_t size;
} hs_cast;

static inline hs_cast hs_cast_make(GrB_Type ztype, GrB_Type xtype)
{
    hs_cast c = {ztype->code == xtype->code ? NULL : GG_cast_get(ztype->code, xtype->code),
                 ztype->size};
    return c;
}

static inline void hs_cast_apply(const hs_cast *c, void *z, const void *x)
{
    if (c->f != NULL)
        c->f(z, x);
    else
        memcpy(z, x, c->size);
}

/* True when A's values are multiplied by a scale other than 1 on read. */
static inline bool hs_scaled(const GG_hs_matrix *A)
{
    return A->scale != 1.0;
}

/* Copies entry value `x` of A (or the iso value when x is NULL) into z (A's type), scaled. */
static inline void hs_read_value(const GG_hs_matrix *A, const void *x, void *z)
{
    memcpy(z, x != NULL ? x : GG_hs_iso_value(A), A->type->size);
    if (!hs_scaled(A)) return;
    if (A->type->code == GrB_FP32_CODE) {
        float f;
        memcpy(&f, z, sizeof f);
        f = (float)(f * A->scale);
        memcpy(z, &f, sizeof f);
    } else {
        double v;
        memcpy(&v, z, sizeof v);
        v *= A->scale;
        memcpy(z, &v, sizeof v);
    }
}

/* ---- sorting ----------------------------------------------------------------------------------------- */

typedef struct {
    uint64_t key, src;
} hs_pair;

/* Stable LSD radix sort of a[0..n) (n >= 1) by key bits [0, bits), with a scratch array of n;
 * returns the array holding the result (a or tmp), NULL when out of memory. Passes whose digit is
 * the same for every key are skipped. */
hs_pair *hs_radix_sort(hs_pair *a, hs_pair *tmp, uint64_t n, int bits);

/* ---- the shared back end of every build ----------------------------------------------------------------
 * A stream: unique entries in tree order, their coordinates either as arrays or as the keys of
 * (key, payload) pairs, and where each value comes from. */

typedef struct {
    const char *x; /* source values, xsize bytes each */
    size_t xsize;
    bool x_iso;                /* x holds one value for all */
    const GrB_Index *src;      /* value index of input k (NULL: k itself) */
    const GrB_Index *run;      /* unique entry u combines inputs run[u] .. run[u+1]-1 (NULL: u) */
    GrB_BinaryOp dup;          /* combines a run, in input order; NULL: the run's last value */
    hs_cast to_z, to_d, from_d; /* x to the tree type; x to dup's type; dup's type to the tree type */
} hs_values;

typedef struct {
    GrB_Index n;            /* unique entries */
    const GrB_Index *I, *J; /* coordinates, when P is NULL */
    const hs_pair *P;       /* else coordinates from P[k].key (format f) */
    hs_keyfmt f;
    bool bits;   /* the value of entry k is P[k].src's bytes (the tree type, at most 8 bytes) */
    hs_values v; /* otherwise */
} hs_stream;

/* Builds A from a stream (the skeleton pass, one pool, the fill). iso: every value is the stream's
 * first. Leaves *A untouched on failure. */
GrB_Info hs_build_stream(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols, int dbits,
                         const hs_stream *s, bool iso);
/* GG_hs_build with node dimension 2^dbits. */
GrB_Info hs_build_tuples(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                         const GG_hs_tuples *t, GrB_BinaryOp dup, unsigned flags, int dbits);
/* The value of unique entry u, into z (the tree type); scratch holds 3 values of dup's type. */
void hs_stream_value(const hs_stream *s, GrB_Index u, void *z, void *scratch);

/* Stable merge sort of the permutation p[0..n) by tree order of (row[p[k]], col[p[k]]); tmp holds n. */
void hs_sort_perm(GrB_Index *p, GrB_Index *tmp, uint64_t n, const GrB_Index *row,
                  const GrB_Index *col, int b);

/* Releases a pool reference (frees on the last). */
void hs_pool_release(GG_hs_pool *pool);

#endif /* HS_INTERNAL_H */
