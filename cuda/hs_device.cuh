/* hs_device.cuh: private to cuda/hs_*.cu: what the device build and element-wise code share beyond
 * the tree layout (src/hisparse/hs_layout.h, the one definition that C and CUDA both compile, so a
 * device build lays out exactly the bytes of the host build; the bit-identity test cuda/test/
 * test_cuda_hs.c checks it): node ids of keys, the temporaries of one device call, and CUB calls
 * sized and run on them. */
#ifndef HS_DEVICE_CUH
#define HS_DEVICE_CUH

#include "GG_cuda.h"
#include "GG_cuda_hsbuild.h"
#include "hs_layout.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

/* Id of the level-`level` node holding the entry with this key (0 at the root). */
static inline GG_HD uint64_t hsd_node_id(const hs_keyfmt &f, uint64_t key, int level)
{
    return level >= f.h ? 0 : key >> (2 * f.b * level);
}

/* Finds stored (i, j) in the tree under child word w at `level` (the root: the tree's height) of
 * a tree of ncols stored columns with node dimension 2^b and vb value bytes an entry (0
 * for an iso tree): true with the byte offset of its value in the pool (an iso tree's is the leaf's
 * value array, which holds nothing: read the iso value instead). The walk of the host's lookup
 * (src/hisparse/layout.c) over the shared layout, on either side: the element-wise calls driven by
 * a mask's entries (hs_ewise.cu) look each one up in both inputs instead of decoding and merging
 * them whole. */
static inline GG_HD bool hsd_find(const uint8_t *pool, uint64_t w, int level, int b, uint64_t ncols,
                                  uint64_t vb, uint64_t i, uint64_t j, uint64_t *at)
{
    while (w != 0 && hs_is_inner(hs_word_tag(w))) {
        int shift = (level - 1) * b;
        uint64_t ci = (i >> shift) & hs_mask(b), cj = (j >> shift) & hs_mask(b);
        const uint8_t *p = pool + hs_word_offset(w);
        if (hs_word_tag(w) == GG_HS_INNER_DENSE) {
            w = hs_load64(p + 8 * ((ci << b) + cj));
        } else {
            /* inner COO: byte (row, col) pairs in row-major order, searched as one 16-bit key */
            uint64_t n = hs_load32(p), key = (ci << 8) | cj, lo = 0, hi = n;
            hs_geom g = hs_coo_geom(n, hs_coo_x(hs_word_tag(w)), 1, 8);
            w = 0;
            while (lo < hi) {
                uint64_t mid = lo + (hi - lo) / 2;
                uint64_t k = ((uint64_t)p[g.coords + 2 * mid] << 8) | p[g.coords + 2 * mid + 1];
                if (k == key) {
                    w = hs_load64(p + g.values + 8 * mid);
                    break;
                }
                if (k < key) lo = mid + 1; else hi = mid;
            }
        }
        level--;
    }
    if (w == 0) return false;
    uint64_t m = hs_mask(level * b), li = i & m, lj = j & m, off = hs_word_offset(w);
    const uint8_t *p = pool + off;
    int tag = hs_word_tag(w);
    if (tag == GG_HS_LEAF_DENSE) { /* level 1, every in-bounds cell, rows of the in-bounds width */
        *at = off + (li * hs_extent(ncols, j & ~m, b) + lj) * vb;
        return true;
    }
    if (tag == GG_HS_LEAF_BITMAP) {
        hs_geom g = hs_bitmap_geom(0, b, vb); /* its offsets do not depend on the count */
        const uint8_t *bm = p + g.coords;
        uint64_t pos = (li << b) + lj;
        if (!((hs_load64(bm + 8 * (pos / 64)) >> (pos % 64)) & 1)) return false;
        /* entries before row li, then the row's bits before lj (a row may span several words) */
        uint64_t k = ((const uint16_t *)(p + 4))[li];
        for (uint64_t q = li << b; q < pos;) {
            uint64_t word = hs_load64(bm + 8 * (q / 64)) >> (q % 64);
            uint64_t take = 64 - q % 64 < pos - q ? 64 - q % 64 : pos - q;
#ifdef __CUDA_ARCH__
            k += (uint64_t)__popcll(word & hs_mask((int)take));
#else
            k += (uint64_t)__builtin_popcountll(word & hs_mask((int)take));
#endif
            q += take;
        }
        *at = off + g.values + k * vb;
        return true;
    }
    uint64_t n = hs_load32(p), lo = 0, hi = n;
    unsigned cb = hs_coord_bytes(level, b);
    hs_geom g = hs_coo_geom(n, hs_coo_x(tag), cb, vb);
    while (lo < hi) { /* COO leaf: entries in tree order */
        uint64_t mid = lo + (hi - lo) / 2;
        int c = hs_cmp(hs_coord(p + g.coords, cb, mid, 0), hs_coord(p + g.coords, cb, mid, 1), li, lj, b);
        if (c == 0) {
            *at = off + g.values + mid * vb;
            return true;
        }
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return false;
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
