/* hs_device.cuh: private to cuda/hs_*.cu: the HiSparse node geometry, node-kind costs and tree-order
 * keys as __host__ __device__ functions. They restate src/hisparse/hs_internal.h and the cost model
 * of src/hisparse/build.c (which CUDA code cannot include: they pull in GG_internal.h) so a device
 * build lays out exactly the bytes of the host build; the bit-identity test (cuda/test/
 * test_cuda_hs.c) is what keeps the two in step. Also the temporaries of one device call, and CUB
 * calls sized and run on them. */
#ifndef HS_DEVICE_CUH
#define HS_DEVICE_CUH

#include "GG_cuda.h"
#include "GG_cuda_hsbuild.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#define HSD inline __host__ __device__

/* Node tags, numbered as GG_hs_tag. */
enum {
    HSD_NULL = 0,
    HSD_INNER_DENSE,
    HSD_INNER_COO1,
    HSD_INNER_COO2,
    HSD_INNER_COO4,
    HSD_LEAF_DENSE,
    HSD_LEAF_BITMAP,
    HSD_LEAF_COO1,
    HSD_LEAF_COO2,
    HSD_LEAF_COO4
};
#define HSD_HEADER_BYTES 16

HSD uint64_t hsd_align(uint64_t x, uint64_t a) { return (x + a - 1) & ~(a - 1); }
HSD uint64_t hsd_mask(int bits) { return bits >= 64 ? ~0ULL : (1ULL << bits) - 1; }
HSD int hsd_msb(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return 63 - __clzll((long long)x);
#else
    return 63 - __builtin_clzll(x);
#endif
}
HSD bool hsd_is_inner(int tag) { return tag >= HSD_INNER_DENSE && tag <= HSD_INNER_COO4; }
HSD unsigned hsd_coo_x(int tag)
{
    int k = tag >= HSD_LEAF_COO1 ? tag - HSD_LEAF_COO1 : tag - HSD_INNER_COO1;
    return 1u << k;
}
HSD int hsd_coo_tag(bool inner, unsigned X)
{
    int k = X == 1 ? 0 : X == 2 ? 1 : 2;
    return (inner ? HSD_INNER_COO1 : HSD_LEAF_COO1) + k;
}
HSD unsigned hsd_coord_bytes(int level, int dbits)
{
    int bits = level * dbits;
    return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}
HSD uint64_t hsd_vec_align(uint64_t bytes, unsigned X)
{
    uint64_t a = bytes * X;
    if (a == 0) return 1;
    a &= (~a + 1);
    return a > 16 ? 16 : a;
}

struct hsd_geom {
    uint64_t coords, values, size;
};

HSD hsd_geom hsd_coo_geom(uint64_t n, unsigned X, unsigned cb, uint64_t vb)
{
    hsd_geom g;
    uint64_t nx = hsd_align(n, X);
    g.coords = hsd_align(4, hsd_vec_align(2 * cb, X));
    g.values = hsd_align(g.coords + nx * 2 * cb, hsd_vec_align(vb, X));
    g.size = hsd_align(g.values + nx * vb, 16);
    return g;
}
HSD uint64_t hsd_bitmap_words(int dbits) { return ((1ULL << (2 * dbits)) + 63) / 64; }
HSD hsd_geom hsd_bitmap_geom(uint64_t n, int dbits, uint64_t vb)
{
    hsd_geom g;
    g.coords = hsd_align(4 + 2 * (1ULL << dbits), 16);
    g.values = hsd_align(g.coords + 8 * hsd_bitmap_words(dbits), hsd_vec_align(vb, 1));
    g.size = hsd_align(g.values + n * vb, 16);
    return g;
}
HSD uint64_t hsd_dense_leaf_size(uint64_t n, uint64_t vb) { return hsd_align(n * vb, 16); }
HSD uint64_t hsd_dense_inner_size(int dbits) { return 8ULL << (2 * dbits); }
HSD uint64_t hsd_extent(uint64_t dim, uint64_t origin, int dbits)
{
    uint64_t left = dim - origin, d = 1ULL << dbits;
    return left < d ? left : d;
}
HSD int hsd_height(uint64_t nrows, uint64_t ncols, int dbits)
{
    uint64_t m = nrows > ncols ? nrows : ncols;
    int bits = m <= 1 ? 0 : hsd_msb(m - 1) + 1;
    int h = (bits + dbits - 1) / dbits;
    return h < 1 ? 1 : h;
}

/* The node kinds chosen by the host build (src/hisparse/build.c: coo_choice, leaf1_choice and
 * close_node): tag and bytes. */
struct hsd_choice {
    int tag;
    uint64_t size;
};

HSD hsd_choice hsd_coo_choice(uint64_t n, bool inner, unsigned cb, uint64_t vb)
{
    unsigned pref = n <= 1 ? 1 : n == 2 ? 2 : 4;
    hsd_choice c = {hsd_coo_tag(inner, pref), hsd_coo_geom(n, pref, cb, vb).size};
    for (unsigned X = 4; X >= 1; X /= 2) {
        uint64_t size = hsd_coo_geom(n, X, cb, vb).size;
        if (size < c.size) c = hsd_choice{hsd_coo_tag(inner, X), size};
    }
    return c;
}

/* A level-1 leaf of n entries whose block has origin (r0, c0); preference on ties: dense, bitmap,
 * COO4, COO2, COO1. */
HSD hsd_choice hsd_leaf1_choice(uint64_t n, int b, uint64_t vb, uint64_t nrows, uint64_t ncols,
                                uint64_t r0, uint64_t c0)
{
    hsd_choice c = hsd_coo_choice(n, false, 1, vb);
    uint64_t bm = hsd_bitmap_geom(n, b, vb).size;
    if (bm <= c.size) c = hsd_choice{HSD_LEAF_BITMAP, bm};
    if (n > (1ULL << (2 * b))) return c;
    if (n == hsd_extent(nrows, r0, b) * hsd_extent(ncols, c0, b)) {
        uint64_t size = hsd_dense_leaf_size(n, vb);
        if (size <= c.size) c = hsd_choice{HSD_LEAF_DENSE, size};
    }
    return c;
}

/* The cheaper of an inner node over `nkids` children (kids_bytes their subtrees) and one COO leaf
 * at `level` >= 2 holding all n entries (the leaf wins ties). best: the subtree's bytes. */
HSD hsd_choice hsd_node_choice(uint64_t n, uint64_t nkids, uint64_t kids_bytes, int level, int b,
                               uint64_t vb, uint64_t *best)
{
    hsd_choice inner = hsd_coo_choice(nkids, true, 1, 8);
    if (hsd_dense_inner_size(b) < inner.size) inner = hsd_choice{HSD_INNER_DENSE, hsd_dense_inner_size(b)};
    uint64_t inner_total = inner.size + kids_bytes;
    hsd_choice leaf = hsd_coo_choice(n, false, hsd_coord_bytes(level, b), vb);
    if (n <= UINT32_MAX && leaf.size <= inner_total) {
        *best = leaf.size;
        return leaf;
    }
    *best = inner_total;
    return inner;
}

/* Tree-order keys (hs_keyfmt): coordinates of at most 32 bits, base-d digits interleaved from the
 * top, row digit first; the top digit only as wide as the dimension needs. */
struct hsd_fmt {
    int b, h, top, bits;
};

HSD bool hsd_fmt_make(hsd_fmt *f, uint64_t nrows, uint64_t ncols, int dbits)
{
    uint64_t m = nrows > ncols ? nrows : ncols;
    f->bits = m <= 1 ? 0 : hsd_msb(m - 1) + 1;
    f->b = dbits;
    f->h = hsd_height(nrows, ncols, dbits);
    f->top = f->bits - dbits * (f->h - 1);
    if (f->top < 0) f->top = 0;
    return f->bits <= 32;
}

HSD uint64_t hsd_key(const hsd_fmt &f, uint64_t i, uint64_t j)
{
    uint64_t key = 0, m = hsd_mask(f.b);
    int k = 0;
    for (; k < f.h - 1; k++) {
        int s = f.b * k;
        key |= (((i >> s) & m) << (2 * s + f.b)) | (((j >> s) & m) << (2 * s));
    }
    int s = f.b * k;
    return key | ((((i >> s) << f.top) | (j >> s)) << (2 * s));
}

/* The low `level` digits of the key's coordinates (all of them when level >= h). */
HSD void hsd_key_split(const hsd_fmt &f, uint64_t key, int level, uint64_t *i, uint64_t *j)
{
    uint64_t m = hsd_mask(f.b), ri = 0, rj = 0;
    int low = level < f.h ? level : f.h - 1;
    for (int k = 0; k < low; k++) {
        int s = f.b * k;
        ri |= ((key >> (2 * s + f.b)) & m) << s;
        rj |= ((key >> (2 * s)) & m) << s;
    }
    if (level >= f.h) {
        int s = f.b * (f.h - 1);
        uint64_t top = key >> (2 * s);
        ri |= (top >> f.top) << s;
        rj |= (top & hsd_mask(f.top)) << s;
    }
    *i = ri;
    *j = rj;
}

/* Id of the level-`level` node holding the entry with this key (0 at the root). */
HSD uint64_t hsd_node_id(const hsd_fmt &f, uint64_t key, int level)
{
    return level >= f.h ? 0 : key >> (2 * f.b * level);
}

/* Device temporaries of one call, freed (stream-ordered) when it returns. */
struct hsd_tmp {
    std::vector<void *> bufs;
    bool oom = false;
    hsd_tmp() = default;
    hsd_tmp(const hsd_tmp &) = delete;
    hsd_tmp &operator=(const hsd_tmp &) = delete;
    ~hsd_tmp()
    {
        for (void *p : bufs) GG_cuda_free(p);
    }
    template <class T> T *get(uint64_t n)
    {
        if (oom) return nullptr;
        void *p = GG_cuda_malloc((size_t)(n > 0 ? n : 1) * sizeof(T));
        if (p == nullptr) {
            oom = true;
            return nullptr;
        }
        bufs.push_back(p);
        return static_cast<T *>(p);
    }
};

/* A CUB call in its two passes (size the temporary storage, then run) with the storage from T;
 * `call(tmp, bytes)` makes one pass. */
template <class F> cudaError_t hsd_with_temp(hsd_tmp &T, F call)
{
    size_t bytes = 0;
    cudaError_t e = call(nullptr, bytes);
    if (e != cudaSuccess) return e;
    void *tmp = T.get<uint8_t>(bytes);
    if (tmp == nullptr) return cudaErrorMemoryAllocation;
    return call(tmp, bytes);
}

/* cudaError_t to a call's code (the sticky error is cleared). */
static inline GG_cuda_hs_code hsd_cuda_code(cudaError_t e)
{
    if (e == cudaSuccess) return GG_CUDA_HS_OK;
    cudaGetLastError();
    return e == cudaErrorMemoryAllocation ? GG_CUDA_HS_OOM : GG_CUDA_HS_CUDA_ERROR;
}

/* Builds *out from n sorted unique keys (format of nrows x ncols, node dimension 2^dbits) and
 * their values in key order (value_size bytes each), all on the device; iso: no values in the
 * nodes, x[0] is the one value. The pool comes from GG_cuda_malloc. (cuda/hs_build.cu) */
GG_cuda_hs_code hsd_build_sorted(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits,
                                 const uint64_t *keys, const void *x, uint64_t n, int type_code,
                                 int value_size, bool iso);

#endif /* HS_DEVICE_CUH */
