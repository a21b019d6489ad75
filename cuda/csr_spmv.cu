/* csr_spmv.cu: SpMV on a compact CSR view (GG_cuda_sview, GG_cuda_spmv.h): the view's maker from
 * the library's 64-bit CSR (or CSC) view, and the kernel family that reads it.
 *
 * Why a second view: SpMV is bound by the bytes it reads. The library's view holds 64-bit row
 * pointers and column indices, 16 + v bytes an entry, where cuSPARSE's CSR reads 4 + v; the
 * compact view narrows the column indices to 32 bits (the view is declined when a dimension
 * reaches 2^32) and the row pointers too when the entries fit 32 bits, and shares the values with
 * the view it was made from, so it reads exactly cuSPARSE's CSR32 bytes.
 *
 * The kernels: a group of G lanes takes a row (G = 1, 2, ..., 32: thread per row up to warp per
 * row), lanes striding over its entries, folded across the group by shuffles. G is fixed per
 * matrix at the view's making from the mean row length (the smallest power of two at or above
 * it, over the rows the groups take: the long rows below are not theirs), so a group's lanes are
 * mostly busy on regular matrices. Rows much longer than the group's width (more than LONG_ITERS
 * passes of the width the mean over all rows gives, and more than LONG_FLOOR entries) would leave
 * a warp stalled while the rest of the grid has finished, which is what the power-law rows of
 * RMAT do; they are skipped by the groups and split instead into chunks of CHUNK entries, one
 * block each;
 * the block that finishes a row's last chunk (a counter per long row) folds the row's partial
 * results. One launch does it all: the chunks' blocks come first in the grid, the groups' after,
 * so a product costs one kernel (a dependent launch costs about 5 us, DESIGN.md §8). The chunk
 * table is made on the host once, at the view's making (the long rows are few: at most
 * nvals / LONG_FLOOR). The partials and counters live in the view: products on one matrix run in
 * order on the library's one stream, so they never share them at the same time.
 *
 * The stream kernel (PLUS_TIMES on FP32/FP64 only): the groups read a row's entries G at a time,
 * so a warp's load touches 32 / G rows' lines and, on rows shorter than the group, fewer than 32
 * useful words; they reach 55-67 % of the copy bandwidth where cuSPARSE reaches 78-87 % (band,
 * local; Doc/performance.md). Here a block takes a tile of consecutive rows and loads all of the
 * tile's entries contiguously (THREADS x K of them a pass, K independent loads a thread, 128-bit
 * words where the arrays are aligned), their products into shared memory, then G lanes a row
 * (G from the tile's row count, so the block's lanes cover its rows) fold them from there. The
 * tiles are cut at the view's making with no pass over the rows on the host: tile b starts at
 * the first row r with r + ptr[r] >= b x I (a binary search a boundary on the device; r + ptr[r]
 * counts a row as one item besides its entries, so a run of empty rows fills tiles too; I is
 * THREADS x K less room for one short row, tile_items), and every long row is made a tile of its
 * own, which the stream skips (the chunks take it). The table keeps each tile's first entry
 * beside its first row, so that a block's entry loads wait for one lookup, not for a row pointer
 * after it. A tile then holds at most I rows and I + long_min entries, one pass, unless long_min
 * is more than half a pass (tests, or a caller's threshold): a tile whose entries exceed one
 * pass takes several, the rows that cross a pass adding to y. The chunks' blocks come first in
 * the same launch, as for the groups.
 *
 * The flat kernel (PLUS_TIMES on FP32/FP64; the rule's wherever there are at least as many
 * entries as rows, FLAT_RULE below; forced by GG_CUDA_CSR_FLAT and GRAPHBLAS_GPU_CSR_KERNEL=flat):
 * fixed windows of THREADS x K entries over all rows, long ones included, a block each, so that a
 * block's loads wait on nothing and every slot is full; rows cut by windows are summed from
 * per-window partials by a second, small kernel (below, "the flat kernel").
 *
 * Semirings: PLUS_TIMES on FP32/FP64 is specialised (no presence flags: a row's result is the sum
 * started at the fold start, and it has an entry exactly when the row is not empty); every other
 * built-in semiring runs by op code (GG_cuda_semiring.cuh) with presence flags, so no identity is
 * folded in. */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace
{

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;
constexpr uint64_t CHUNK = 2048; /* entries of a long row's chunk: 8 per thread */
constexpr uint64_t LONG_ITERS = 16;
constexpr uint64_t LONG_FLOOR = 256;

template <typename T> struct Cs {
    uint64_t nrows;
    const uint32_t *p32;
    const uint64_t *p64;
    const uint32_t *col;
    const void *v;
    int stype, lanes;
    bool same;
    uint64_t long_min;
    T ident;
    int add, mul;
    bool vec_first, reads_a, reads_x;
    const T *x;
    T *y;
    uint8_t *yp;
    /* long rows */
    const uint64_t *chunk;
    const uint32_t *chunk_row, *long_row, *long_first;
    uint64_t nlong, nchunks;
    T *part;
    uint8_t *part_has;
    unsigned *done;
    /* the stream kernel's tiles */
    const uint32_t *tile_row;
    const uint64_t *tile_nz;
    uint64_t ntiles;
    /* the flat kernel's windows */
    uint64_t nvals, nflat;
    const uint32_t *flat_row;
    T *flat_part;
    /* the flat pull (GG_cuda_csr_mxv_bits): x(k) present where bit k of xbits is set; the
     * partials' presence, and T's count of present rows */
    const uint32_t *xbits;
    uint8_t *flat_has;
    unsigned long long *count;
};

template <typename T> __device__ inline uint64_t row_ptr(const Cs<T> &c, uint64_t r)
{
    return c.p32 != nullptr ? (uint64_t)c.p32[r] : c.p64[r];
}

/* x(j) through the read-only cache (x is never written during a product). */
template <typename T> __device__ inline T x_at(const Cs<T> &c, uint32_t j)
{
    if constexpr (std::is_same_v<T, bool>)
        return c.x[j];
    else
        return __ldg(c.x + j);
}

template <typename T, bool PT> __device__ inline T cs_prod(const Cs<T> &c, uint64_t k)
{
    if constexpr (PT) {
        T a = c.same ? ((const T *)c.v)[k] : gg_load_cast<T>(c.v, k, c.stype, 1.0);
        return a * x_at(c, __ldg(c.col + k));
    }
    /* an operand the multiply ignores is not read (PageRank's PLUS_SECOND reads no values) */
    T a{}, xv{};
    if (c.reads_a) a = c.same ? ((const T *)c.v)[k] : gg_load_cast<T>(c.v, k, c.stype, 1.0);
    if (c.reads_x) xv = x_at(c, __ldg(c.col + k));
    return c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
}

/* A stored value as T, for the floating-point domains of the stream kernel and the chunks. */
template <typename T> __device__ inline T val_at(const Cs<T> &c, uint64_t k)
{
    return c.same ? __ldg((const T *)c.v + k) : gg_load_cast<T>(c.v, k, c.stype, 1.0);
}

/* val_at where the caller knows the values are of the domain's type (SAME): a plain load, so the
 * conversion's code stays out of that instantiation. */
template <typename T, bool SAME> __device__ inline T val_of(const Cs<T> &c, uint64_t k)
{
    if constexpr (SAME)
        return __ldg((const T *)c.v + k);
    else
        return val_at(c, k);
}

/* Four values from 16-byte-aligned p, by one or two 128-bit loads. */
template <typename T> __device__ inline void ld4(const T *p, T *a)
{
    if constexpr (sizeof(T) == 4) {
        float4 f = __ldg(reinterpret_cast<const float4 *>(p));
        a[0] = f.x, a[1] = f.y, a[2] = f.z, a[3] = f.w;
    } else {
        double2 d0 = __ldg(reinterpret_cast<const double2 *>(p));
        double2 d1 = __ldg(reinterpret_cast<const double2 *>(p) + 1);
        a[0] = d0.x, a[1] = d0.y, a[2] = d1.x, a[3] = d1.y;
    }
}

/* Where a loader's i-th entry (i < K) of this thread lies in its pass of THREADS x K entries:
 * VEC, thread t takes the quads o = 4 (t + (i / 4) x THREADS), for 128-bit loads; else
 * o = t + i x THREADS, warps reading consecutive words. */
template <int K, bool VEC> __device__ inline int ent_at(int i)
{
    return VEC ? 4 * ((int)threadIdx.x + (i / 4) * THREADS) + i % 4
               : (int)threadIdx.x + i * THREADS;
}

/* The column indices and values of this thread's entries w + ent_at(i), those in [n0, n1) (the
 * others 0), all K issued before any is used, so that a thread has K loads in flight where a loop
 * would have one. VEC: a quad wholly inside [n0, n1) by 128-bit loads (w a multiple of 4, the
 * column indices and values 16-byte aligned and of the domain's type: the caller checks), the
 * partial quads at the ends entry by entry, so no load reaches past an array. SAME (scalar loads
 * only): the caller knows the values are of the domain's type, so none is converted; I: the
 * offsets' type (32 bits where the caller knows the entries fit). */
template <typename T, int K, bool VEC, bool SAME = false, typename I = uint64_t>
__device__ inline void ld_entries(const Cs<T> &c, I w, int n0, int n1, uint32_t (&j)[K],
                                  T (&a)[K])
{
    if constexpr (VEC) {
        static_assert(K % 4 == 0, "quads");
#pragma unroll
        for (int i = 0; i < K / 4; i++) {
            int o = ent_at<K, true>(4 * i);
            if (o >= n0 && o + 4 <= n1) {
                uint4 q = __ldg(reinterpret_cast<const uint4 *>(c.col + w + o));
                j[4 * i] = q.x, j[4 * i + 1] = q.y, j[4 * i + 2] = q.z, j[4 * i + 3] = q.w;
                ld4((const T *)c.v + w + o, a + 4 * i);
            } else {
#pragma unroll
                for (int u = 0; u < 4; u++) {
                    bool in = o + u >= n0 && o + u < n1;
                    j[4 * i + u] = in ? __ldg(c.col + w + o + u) : 0;
                    a[4 * i + u] = in ? __ldg((const T *)c.v + w + o + u) : T{};
                }
            }
        }
    } else {
#pragma unroll
        for (int i = 0; i < K; i++) {
            int o = ent_at<K, false>(i);
            bool in = o >= n0 && o < n1;
            j[i] = in ? __ldg(c.col + w + o) : 0;
            a[i] = in ? val_of<T, SAME>(c, (uint64_t)w + o) : T{};
        }
    }
}

/* What a loader runs between issuing its entry loads and its gathers of x (loads of its own that
 * should be in flight beside the entries'): nothing by default. */
struct NoHook {
    __device__ void operator()() const {}
};

/* PLUS_TIMES products p[i] of the entries w + ent_at<K, false>(i) (0 outside [n0, n1)): the K
 * column and value loads, then mid(), then the K gathers of x. */
template <typename T, int K, typename F = NoHook>
__device__ inline void pt_products(const Cs<T> &c, uint64_t w, int n0, int n1, T (&p)[K],
                                   F mid = F{})
{
    uint32_t j[K];
    T a[K];
    ld_entries<T, K, false>(c, w, n0, n1, j, a);
    mid();
#pragma unroll
    for (int i = 0; i < K; i++) {
        int o = ent_at<K, false>(i);
        p[i] = o >= n0 && o < n1 ? a[i] * x_at(c, j[i]) : T{};
    }
}

/* The products of loaded entries (ld_entries's j, a) in [n0, n1) into sp, at their offsets: the
 * K gathers of x issued before any is used. */
template <typename T, int K, bool VEC>
__device__ inline void st_put(const Cs<T> &c, int n0, int n1, const uint32_t (&j)[K],
                              const T (&a)[K], T *sp)
{
    T xv[K];
#pragma unroll
    for (int i = 0; i < K; i++) {
        int o = ent_at<K, VEC>(i);
        xv[i] = o >= n0 && o < n1 ? x_at(c, j[i]) : T{};
    }
#pragma unroll
    for (int i = 0; i < K; i++) {
        int o = ent_at<K, VEC>(i);
        if (o >= n0 && o < n1) sp[o] = a[i] * xv[i];
    }
}

/* (has, v) += (oh, ov) under the monoid; PT carries no flags (every part starts at the fold
 * start, which is neutral for the sum). */
template <typename T, bool PT> __device__ inline void cs_merge(const Cs<T> &c, bool &has, T &v,
                                                               bool oh, T ov)
{
    if constexpr (PT) {
        v = v + ov;
    } else if (oh) {
        v = has ? gg_binop<T>(c.add, v, ov) : ov;
        has = true;
    }
}

/* One butterfly shuffle of T within groups of `width` lanes, moved as an integer of its size. */
template <typename T> __device__ inline T shfl_xor(T v, int d, int width)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)__shfl_xor_sync(0xffffffffu, (int)v, d, width);
    } else {
        gg_word_t<T> u;
        memcpy(&u, &v, sizeof u);
        u = __shfl_xor_sync(0xffffffffu, u, d, width);
        T r;
        memcpy(&r, &u, sizeof r);
        return r;
    }
}

/* The fold of the entries [b, e) by the `lanes` lanes of a group (stride lanes), left in every
 * lane of the group. Every lane of the warp must call it (the shuffles span the warp). */
template <typename T, bool PT>
__device__ inline void cs_fold(const Cs<T> &c, uint64_t b, uint64_t e, int g, int lanes, bool &has,
                               T &v)
{
    has = false;
    v = c.ident;
#pragma unroll 4
    for (uint64_t k = b + (uint64_t)g; k < e; k += (uint64_t)lanes)
        cs_merge<T, PT>(c, has, v, true, cs_prod<T, PT>(c, k));
    for (int d = lanes / 2; d > 0; d /= 2) {
        T ov = shfl_xor(v, d, lanes);
        bool oh = PT || __shfl_xor_sync(0xffffffffu, (int)has, d, lanes);
        cs_merge<T, PT>(c, has, v, oh, ov);
    }
}

/* Chunk q of a long row by the whole block: its partial result (ILP: PLUS_TIMES's products by
 * pt_products, for the stream kernel; the groups' kernel keeps the loop it was
 * measured with, whose registers set its occupancy). A row of one chunk is written at once; otherwise its row's
 * counter tells the block that finished the row's last chunk, which then folds the row's partials
 * and writes it (the fence-then-count handshake of a one-pass reduction), and zeroes the counter
 * for the next product. */
template <typename T, bool PT, bool ILP>
__device__ inline void cs_chunk(const Cs<T> &c, uint64_t q, T *sv, bool *sh, bool *last)
{
    int lane = threadIdx.x & 31, w = threadIdx.x / 32;
    bool has = false;
    T v = c.ident;
    uint64_t cb = c.chunk[2 * q], ce = c.chunk[2 * q + 1];
    if constexpr (PT && ILP) {
        constexpr int K = CHUNK / THREADS;
        T p[K];
        pt_products<T, K>(c, cb, 0, (int)(ce - cb), p);
#pragma unroll
        for (int i = 0; i < K; i++)
            if ((int)threadIdx.x + i * THREADS < (int)(ce - cb)) v = v + p[i];
    } else {
        for (uint64_t k = cb + threadIdx.x; k < ce; k += THREADS)
            cs_merge<T, PT>(c, has, v, true, cs_prod<T, PT>(c, k));
    }
    for (int d = 16; d > 0; d /= 2) {
        T ov = shfl_xor(v, d, 32);
        bool oh = PT || __shfl_xor_sync(0xffffffffu, (int)has, d);
        cs_merge<T, PT>(c, has, v, oh, ov);
    }
    if (lane == 0) {
        sv[w] = v;
        sh[w] = has;
    }
    __syncthreads();
    uint32_t j = c.chunk_row[q];
    uint32_t first = c.long_first[j], n = c.long_first[j + 1] - first;
    if (threadIdx.x == 0) {
        for (int i = 1; i < WARPS; i++) cs_merge<T, PT>(c, has, v, sh[i], sv[i]);
        if (n == 1) {
            /* a row of one chunk (most long rows of RMAT): no partial, no counter */
            uint32_t r = c.long_row[j];
            c.y[r] = v;
            if (c.yp != nullptr) c.yp[r] = true; /* a long row is never empty */
            *last = false;
        } else {
            c.part[q] = v;
            c.part_has[q] = has;
            __threadfence();
            *last = atomicAdd(c.done + j, 1u) == n - 1;
        }
    }
    __syncthreads();
    if (*last && w == 0) {
        /* the other blocks' partials, past any stale cache line */
        const volatile T *part = c.part;
        const volatile uint8_t *part_has = c.part_has;
        has = false;
        v = c.ident;
        for (uint32_t i = (uint32_t)lane; i < n; i += 32)
            cs_merge<T, PT>(c, has, v, part_has[first + i], part[first + i]);
        for (int d = 16; d > 0; d /= 2) {
            T ov = shfl_xor(v, d, 32);
            bool oh = PT || __shfl_xor_sync(0xffffffffu, (int)has, d);
            cs_merge<T, PT>(c, has, v, oh, ov);
        }
        if (lane == 0) {
            uint32_t r = c.long_row[j];
            c.y[r] = v;
            if (c.yp != nullptr) c.yp[r] = true; /* a long row is never empty */
            c.done[j] = 0;
        }
    }
    __syncthreads(); /* sv, sh and last are reused by the next chunk */
}

/* One launch for the whole product: the first chunk_blocks blocks take the long rows' chunks
 * (first, so those start early), the rest every other row, by groups of c.lanes lanes; their loop runs per
 * warp so the shuffles always have all 32 lanes. */
template <typename T, bool PT, bool ILP>
__device__ inline void cs_chunks(const Cs<T> &c, unsigned chunk_blocks)
{
    __shared__ T sv[WARPS];
    __shared__ bool sh[WARPS];
    __shared__ bool last;
    for (uint64_t q = blockIdx.x; q < c.nchunks; q += chunk_blocks)
        cs_chunk<T, PT, ILP>(c, q, sv, sh, &last);
}

template <typename T, bool PT>
__global__ void __launch_bounds__(THREADS) cs_spmv(Cs<T> c, unsigned chunk_blocks)
{
    if (blockIdx.x < chunk_blocks) {
        cs_chunks<T, PT, false>(c, chunk_blocks);
        return;
    }
    int lanes = c.lanes, per_warp = 32 / lanes;
    int lane = threadIdx.x & 31, g = lane % lanes;
    uint64_t warp = ((blockIdx.x - chunk_blocks) * (uint64_t)blockDim.x + threadIdx.x) / 32;
    uint64_t warps = (uint64_t)(gridDim.x - chunk_blocks) * blockDim.x / 32;
    for (uint64_t r0 = warp * per_warp; r0 < c.nrows; r0 += warps * per_warp) {
        uint64_t r = r0 + (uint64_t)(lane / lanes);
        uint64_t b = 0, e = 0;
        if (r < c.nrows) {
            b = row_ptr(c, r);
            e = row_ptr(c, r + 1);
        }
        bool mine = r < c.nrows && e - b <= c.long_min;
        bool has;
        T v;
        cs_fold<T, PT>(c, b, mine ? e : b, g, lanes, has, v);
        if (mine && g == 0) {
            c.y[r] = v;
            if (c.yp != nullptr) c.yp[r] = e > b;
        }
    }
}

/* ---- the stream kernel ----------------------------------------------------------------------- */

/* A tile's lanes a row: the most (up to a warp) that still give every row of the tile a group. */
__device__ inline int st_lanes(uint32_t rows)
{
    int g = 32;
    while (g > 1 && (uint32_t)(THREADS / g) < rows) g /= 2;
    return g;
}

/* One pass of a tile: the products of the entries w + o, o in [n0, n1) (n1 <= THREADS x K), into
 * sp[o] (ld_entries says which thread loads which, and how). mid() runs once the column and value
 * loads are issued, before the gathers of x wait on them. */
template <typename T, int K, bool VEC, typename F = NoHook>
__device__ inline void st_load(const Cs<T> &c, uint64_t w, int n0, int n1, T *sp, F mid = F{})
{
    if constexpr (VEC) {
        uint32_t j[K];
        T a[K];
        ld_entries<T, K, true>(c, w, n0, n1, j, a);
        mid();
        st_put<T, K, true>(c, n0, n1, j, a, sp);
    } else {
        T p[K];
        pt_products<T, K>(c, w, n0, n1, p, mid);
#pragma unroll
        for (int i = 0; i < K; i++) {
            int o = ent_at<K, false>(i);
            if (o >= n0 && o < n1) sp[o] = p[i];
        }
    }
}

/* The start of a sum: -0 on floating point, where -0 + t is t for every t (a row whose one term
 * is -0 sums to -0, as the CPU's fold from its first term gives; +0 would make it +0). */
template <typename T> __device__ constexpr T sum_start()
{
    if constexpr (std::is_floating_point_v<T>)
        return -T{0};
    else
        return T{};
}

/* The sum of sp[lo, hi) by the `lanes` lanes of a group (lane g starting at lo + g), left in
 * every lane of the group; every lane of the warp calls it (the shuffles). Four sums in turn, so
 * that a row much longer than its group (RMAT's rows of up to long_min entries at one lane) is
 * not one chain of dependent adds. */
template <typename T> __device__ inline T sp_sum(const T *sp, int lo, int hi, int g, int lanes)
{
    const T z = sum_start<T>();
    T v = z, v1 = z, v2 = z, v3 = z;
    int o = lo + g;
    for (; o + 3 * lanes < hi; o += 4 * lanes) {
        v = v + sp[o];
        v1 = v1 + sp[o + lanes];
        v2 = v2 + sp[o + 2 * lanes];
        v3 = v3 + sp[o + 3 * lanes];
    }
    for (; o < hi; o += lanes) v = v + sp[o];
    v = (v + v1) + (v2 + v3);
    for (int d = lanes / 2; d > 0; d /= 2) v = v + shfl_xor(v, d, lanes);
    return v;
}

/* Row r0 + i's bounds [b, e) in the fold's round starting at row `base` of rows: the first
 * round's fb, fe (loaded beside the entries), later rounds' loaded now; 0, 0 past the rows. */
template <typename T>
__device__ inline void round_bounds(const Cs<T> &c, uint64_t base, uint32_t i, uint32_t rows,
                                    uint64_t r0, uint64_t fb, uint64_t fe, uint64_t &b,
                                    uint64_t &e)
{
    b = fb;
    e = fe;
    if (base > 0) {
        b = e = 0;
        if (i < rows) {
            b = row_ptr(c, r0 + i);
            e = row_ptr(c, r0 + i + 1);
        }
    }
}

/* Tile t: its rows [r0, r1) and their entries [e0, e1) in passes of THREADS x K entries from
 * e0 rounded down to a multiple of 4 (one pass unless the tile's last row is long). Rows go to
 * groups of `lanes` lanes, row i to group i mod (THREADS / lanes) in every pass, so a row that
 * crosses a pass is written by the same thread each time: stored in the pass it starts in (an
 * empty row in the first), added to in the others. Every thread runs every loop the same number
 * of times (the shuffles and barriers). */
template <typename T, int K, bool VEC>
__device__ inline void st_tile(const Cs<T> &c, uint64_t t, T *sp)
{
    constexpr int TILE = THREADS * K;
    /* four independent loads: the entries' loads wait for one round trip, not two */
    uint64_t r0 = c.tile_row[t], r1 = c.tile_row[t + 1];
    uint64_t e0 = c.tile_nz[t], e1 = c.tile_nz[t + 1];
    uint32_t rows = (uint32_t)(r1 - r0);
    if (rows == 0 || (rows == 1 && e1 - e0 > c.long_min)) return; /* a long row: the chunks' */
    int lanes = st_lanes(rows), groups = THREADS / lanes;
    int grp = (int)threadIdx.x / lanes, g = (int)threadIdx.x % lanes;
    /* the first round's row bounds, loaded beside the entries rather than after them */
    uint64_t fb = 0, fe = 0;
    if ((uint32_t)grp < rows) {
        fb = row_ptr(c, r0 + grp);
        fe = row_ptr(c, r0 + grp + 1);
    }
    uint64_t a = e0 & ~(uint64_t)3;
    for (uint64_t w = a; w == a || w < e1; w += TILE) {
        __syncthreads(); /* the previous pass (or tile) is done reading sp */
        int n0 = (int)(std::max(w, e0) - w), n1 = (int)(std::min(w + TILE, e1) - w);
        st_load<T, K, VEC>(c, w, n0, n1, sp);
        __syncthreads();
        for (uint32_t base = 0; base < rows; base += (uint32_t)groups) {
            uint32_t i = base + (uint32_t)grp;
            uint64_t b, e;
            round_bounds(c, base, i, rows, r0, fb, fe, b, e);
            /* the row's entries in this pass, as offsets into sp (lo >= hi when none) */
            int lo = (int)std::min<uint64_t>(std::max(b, w) - w, TILE);
            int hi = e > w ? (int)(std::min<uint64_t>(e, w + TILE) - w) : 0;
            T v = sp_sum(sp, lo, hi, g, lanes);
            if (i < rows && g == 0) {
                uint64_t r = r0 + i;
                if (b == e ? w == a : (b >= w && b < w + TILE)) {
                    c.y[r] = v;
                    if (c.yp != nullptr) c.yp[r] = e > b;
                } else if (lo < hi) {
                    c.y[r] = c.y[r] + v;
                }
            }
        }
    }
}

/* One launch: the chunks' blocks first, as in cs_spmv, then the tiles, a block each (striding
 * when there are more tiles than blocks). */
template <typename T, int K, bool VEC>
__global__ void __launch_bounds__(THREADS) cs_stream(Cs<T> c, unsigned chunk_blocks)
{
    __shared__ __align__(16) T sp[THREADS * K];
    if (blockIdx.x < chunk_blocks) {
        cs_chunks<T, true, true>(c, chunk_blocks);
        return;
    }
    for (uint64_t t = blockIdx.x - chunk_blocks; t < c.ntiles; t += gridDim.x - chunk_blocks)
        st_tile<T, K, VEC>(c, t, sp);
}

/* ---- the flat kernel ------------------------------------------------------------------------- */

/* Why (Doc/decisions.md, "SpMV: the flat kernel" and "Fifteenth session"): the stream kernel's
 * tiles are cut at rows, so on the benchmark matrices they fill 74-87 % of their slots, and a row
 * longer than long_min leaves them for the chunks (on RMAT over half the entries, in blocks about
 * half full). Here window t is simply the entries [t x W, (t + 1) x W), W = THREADS x K, a block
 * each, every slot full:
 *  - the block issues its K loads a thread at once (scalar, entry tid + i x THREADS: a warp's load
 *    is one 128-byte line), then the lookups that wait on the window's first row (flat_row) and
 *    the first round's row pointers, then the K gathers of x; the products go to shared memory;
 *  - the window's segments are the part of the row its start cuts (the head, segment 0) and the
 *    rows it owns (those starting in it, from flat_row), in rounds of FL_ROUND row bounds kept in
 *    shared memory; groups of st_lanes(segments) lanes fold them, except a segment longer than
 *    16 lanes' worth of entries, which a group would fold alone while the block waits: those are
 *    listed and folded by whole warps;
 *  - the head goes to part[2t], the last owned row, when the window's end cuts it, to
 *    part[2t + 1], every other owned row (empty ones too) to y; a second, small kernel
 *    (cs_flat_fix, a thread a window) then sums each cut row's parts in window order (so the
 *    result does not depend on the blocks' timing) and writes it.
 * Measured against the kernel this replaced (the same windows with 128-bit loads, a fence and a
 * counter per cut row, the last block to arrive summing it) and its variants (the fifteenth
 * session's experiment, bench/gpu/spmv_lab on branch hlab, H100, ms, fp32 / fp64):
 *   - the fence and counter in the kernel instead of the second kernel: band 0.0982 / 0.1205
 *     against 0.0825 / 0.1072, local 0.1534 / 0.1872 against 0.1220 / 0.1600 (every writer's
 *     fence holds its block at the barrier after it); without any fix (wrong results, the floor
 *     of one kernel) 4-5 us less than with the second kernel;
 *   - 128-bit loads (a quad a thread): band 0.0874 / 0.1281, local 0.1268 / 0.1933 against the
 *     scalar loads' 0.0855 / 0.1086 and 0.1261 / 0.1616 (512 threads); entries copied to shared
 *     memory by cp.async, and the same pipelined over persistent blocks: 5-60 % slower;
 *   - 256 threads at K = 8 (40 registers, 6 blocks an SM) against 512 at K = 8 (3 blocks): band
 *     0.0812 / 0.1066 against 0.0842 / 0.1075, local 0.1228 / 0.1599 against 0.1267 / 0.1613,
 *     RMAT-21 0.520 / 0.584 against 0.518 / 0.580; 128 threads, K = 16, and 1,024 threads at K = 4
 *     were slower;
 *   - the unpredicated loads of full windows: 13-20 % slower (ncu: the same instruction count as
 *     cuSPARSE's, a lower issue rate).
 * It stays off shapes with more rows than entries (a window owns every row starting in it, so a
 * long run of empty rows falls to one block, FL_ROUND rows a round).
 *
 * The flat pull (PX, GG_cuda_csr_mxv_bits): the same windows for an x that is not full, its
 * presence a bit an index. A block loads its column indices, then their presence words, then the
 * value and x only where x is present (the same depth of dependent loads as the full product's);
 * each warp's ballot of its presence bits goes to shared memory, so that a segment's presence is
 * an OR of a few words, and the parts carry theirs to the fix kernel (flat_has). A row gets its
 * value and flag only when some term was present, and the blocks count those rows into the
 * product's count. H200, sixteenth session, spmspv_bench (PLUS_TIMES FP32, medians of 5), the
 * group pull (pull_kernel) / this, ms at 1 / 5 / 20 / 50 %: RMAT-21 0.79 / 0.88 / 1.08 / 1.23
 * against 0.43 / 0.44 / 0.51 / 0.63, grid 3000^2 0.37 / 0.44 / 0.53 / 0.54 against 0.23 / 0.26 /
 * 0.28 / 0.30, band 0.21 / 0.25 / 0.31 / 0.33 against 0.12 / 0.13 / 0.14 / 0.15. Its floor is a
 * random gather an entry (the presence word): at 0.1 % on RMAT-21 it took 0.40 ms where cuSPARSE's
 * whole SpMV took 0.47, so a pull cannot reach the push's times at low densities. */
constexpr int FL_ROUND = 1024;

template <typename T, int K> struct FlShared {
    T sp[THREADS * K];             /* the window's products */
    uint32_t so[FL_ROUND + 2];     /* segment k of the round: [so[k], so[k + 1]) */
    uint32_t wide[THREADS * K / 16 + 2]; /* the listed segments (longer than 16 lanes' worth) */
    int nwide;
    /* the flat pull: whether entry e's x was present, bit e % 32 of pb[e / 32] (entry
     * i x THREADS + tid's bit is its warp's ballot i), and the block's present rows */
    uint32_t pb[K * WARPS];
    unsigned made;
};

/* y(r) = v and its presence. */
template <typename T> __device__ inline void put_y(const Cs<T> &c, uint64_t r, T v, bool has)
{
    c.y[r] = v;
    if (c.yp != nullptr) c.yp[r] = has;
}

/* Segment k's fold v: the head (segment 0 of round 0, off = 1) to part[2t], row r0 + base + k -
 * off to part[2t + 1] when the window's end cuts it (the last owned row, cut), else to y. PX (the
 * flat pull): has is whether a present x met the segment; a part keeps it beside its value, a
 * row of y gets its value only when it has one, and counts in *made. */
template <typename T, bool PX>
__device__ inline void fl_out(const Cs<T> &c, uint64_t t, uint64_t r0, uint64_t r1, bool cut,
                              uint32_t base, int off, int k, T v, bool has, unsigned &made)
{
    uint64_t at = 2 * t;
    if (!(off && k == 0)) {
        uint64_t r = r0 + base + (uint64_t)(k - off);
        if (!(cut && r == r1 - 1)) {
            if constexpr (PX) {
                c.yp[r] = has;
                if (has) c.y[r] = v;
                made += has;
            } else {
                put_y(c, r, v, has);
            }
            return;
        }
        at++;
    }
    c.flat_part[at] = v;
    if constexpr (PX) c.flat_has[at] = has;
}

/* Whether any of the window's entries [lo, hi) met a present x (PX), by the `lanes` lanes of a
 * group (lane g reading words g, g + lanes, ...), left in every lane of the group; every lane of
 * the warp calls it (the shuffles). */
__device__ inline bool pb_any(const uint32_t *pb, int lo, int hi, int g, int lanes)
{
    uint32_t acc = 0;
    if (lo < hi) {
        const int w0 = lo >> 5, w1 = (hi - 1) >> 5;
        for (int w = w0 + g; w <= w1; w += lanes) {
            uint32_t m = pb[w];
            if (w == w0) m &= ~0u << (lo & 31);
            if (w == w1) m &= ~0u >> (31 - ((hi - 1) & 31));
            acc |= m;
        }
    }
    for (int d = lanes / 2; d > 0; d /= 2) acc |= __shfl_xor_sync(0xffffffffu, acc, d, lanes);
    return acc != 0;
}

/* FAST: the values are of the domain's type and the row pointers 32-bit (so are the entries'
 * offsets), the view's usual case, in 32-bit arithmetic; the other case (converted values or
 * 64-bit pointers) is its own instantiation, so that its code does not take the usual case's
 * registers (40 registers at K = 8 spilled 40-72 bytes with both in one). */
template <typename T, int K, bool FAST, bool EAGER, bool PX>
__device__ inline void fl_window(const Cs<T> &c, uint64_t t, FlShared<T, K> &s, unsigned &made)
{
    using I = std::conditional_t<FAST, uint32_t, uint64_t>;
    constexpr int W = THREADS * K;
    const int tid = (int)threadIdx.x;
    const I w0 = (I)(t * W);
    const int n = (int)(std::min<uint64_t>((uint64_t)w0 + W, c.nvals) - w0);
    auto rp = [&](I r) -> I {
        if constexpr (FAST)
            return c.p32[r];
        else
            return row_ptr(c, r);
    };
    uint32_t j[K];
    T a[K];
    if constexpr (PX) {
        /* the columns only: a value is loaded where its x is present */
#pragma unroll
        for (int i = 0; i < K; i++) {
            int o = tid + i * THREADS;
            j[i] = o < n ? __ldg(c.col + w0 + o) : 0;
        }
    } else {
        ld_entries<T, K, false, FAST, I>(c, w0, 0, n, j, a);
    }
    const I r0 = (I)c.flat_row[t], r1 = (I)c.flat_row[t + 1];
    const uint32_t nr = (uint32_t)(r1 - r0);
    /* a row pointer as an offset into the window, clamped to it */
    auto rel = [&](I p) { return (uint32_t)std::min(std::max(p, w0) - w0, (I)n); };
    uint32_t b0 = 0; /* the first round's bounds, loaded beside the entries */
    if ((uint32_t)tid <= std::min(nr, (uint32_t)THREADS - 1)) b0 = rel(rp(r0 + tid));
    /* the last owned row reaches past the window */
    const bool cut = nr > 0 && rp(r1) > w0 + (I)n;
    if (t >= gridDim.x) __syncthreads(); /* striding: the previous window is done with s */
    if constexpr (PX) {
        /* x's presence words, then the values and x where present (an absent term adds 0): the
         * same three dependent loads as the full product's (entries, x), the third skipped where
         * x is absent */
        uint32_t wd[K];
#pragma unroll
        for (int i = 0; i < K; i++) wd[i] = tid + i * THREADS < n ? __ldg(c.xbits + (j[i] >> 5)) : 0;
        uint32_t pr = 0; /* bit i: entry i's x is present */
#pragma unroll
        for (int i = 0; i < K; i++) {
            pr |= ((wd[i] >> (j[i] & 31)) & 1u) << i;
            uint32_t bal = __ballot_sync(0xffffffffu, (pr >> i) & 1u);
            if (tid % 32 == 0) s.pb[i * WARPS + tid / 32] = bal;
        }
#pragma unroll
        for (int i = 0; i < K; i++) {
            uint32_t o = tid + i * THREADS;
            T p = sum_start<T>(); /* an absent term adds nothing */
            if ((pr >> i) & 1u) {
                p = val_of<T, FAST>(c, (uint64_t)w0 + o) * x_at(c, j[i]);
            }
            if (o < (uint32_t)n) s.sp[o] = p;
        }
    } else if constexpr (EAGER) {
        /* each product as its gather lands (flat_launch_f says where): st_put's K gathers held
         * at once take 2K more registers */
#pragma unroll
        for (int i = 0; i < K; i++) {
            int e = tid + i * THREADS;
            if (e < n) s.sp[e] = a[i] * x_at(c, j[i]);
        }
    } else {
        st_put<T, K, false>(c, 0, n, j, a, s.sp);
    }
    for (uint32_t base = 0; base == 0 || base < nr; base += FL_ROUND) {
        const uint32_t cnt = std::min(nr - base, (uint32_t)FL_ROUND); /* rows this round */
        const int off = base == 0 ? 1 : 0, nseg = (int)cnt + off;
        __syncthreads(); /* the products are in sp; the previous round's bounds and list read */
        if (tid == 0) s.nwide = 0;
        if (base == 0) {
            if (tid == 0) s.so[0] = 0;
            if ((uint32_t)tid <= std::min(cnt, (uint32_t)THREADS - 1)) s.so[1 + tid] = b0;
            for (uint32_t i = THREADS + tid; i <= cnt; i += THREADS)
                s.so[1 + i] = rel(rp(r0 + i));
        } else {
            for (uint32_t i = tid; i <= cnt; i += THREADS) s.so[i] = rel(rp(r0 + base + i));
        }
        __syncthreads();
        const int lanes = st_lanes((uint32_t)nseg), groups = THREADS / lanes;
        const int grp = tid / lanes, g = tid % lanes, lim = 16 * lanes;
        for (int k0 = 0; k0 < nseg; k0 += groups) {
            int k = k0 + grp, lo = 0, hi = 0;
            if (k < nseg) {
                lo = (int)s.so[k];
                hi = (int)s.so[k + 1];
            }
            bool wide = hi - lo > lim;
            if (wide) {
                if (g == 0) s.wide[atomicAdd(&s.nwide, 1)] = (uint32_t)k;
                hi = lo;
            }
            T v = sp_sum(s.sp, lo, hi, g, lanes);
            bool has = PX ? pb_any(s.pb, lo, hi, g, lanes) : hi > lo;
            if (k < nseg && !wide && g == 0)
                fl_out<T, PX>(c, t, r0, r1, cut, base, off, k, v, has, made);
        }
        __syncthreads();
        const int nw = s.nwide, warp = tid / 32, lane = tid % 32;
        for (int b = warp; b < nw; b += WARPS) {
            int k = (int)s.wide[b];
            T v = sp_sum(s.sp, (int)s.so[k], (int)s.so[k + 1], lane, 32);
            bool has = PX ? pb_any(s.pb, (int)s.so[k], (int)s.so[k + 1], lane, 32) : true;
            if (lane == 0) fl_out<T, PX>(c, t, r0, r1, cut, base, off, k, v, has, made);
        }
    }
}

/* Blocks an SM (ptxas, sm_90, CUDA 13.0): at K <= 8, 6 (40 registers; the FAST instantiation
 * spills nothing in FP32 and 28 bytes in FP64 (36-44 in the build the fifteenth session
 * measured, whose loads were written out here rather than by ld_entries), the other 16-72
 * bytes); at K = 16 (tests and the bench only), 3 (64-80 registers, no spill). */
constexpr int fl_min_blocks(int k)
{
    return k <= 8 ? 6 : 3;
}

/* The block's count of present rows (PX) into *c.count: a warp sum, one shared atomic a warp,
 * one global atomic a block. */
template <typename T> __device__ inline void fl_count(const Cs<T> &c, unsigned made, unsigned *sm)
{
    if (threadIdx.x == 0) *sm = 0;
    __syncthreads();
    made = __reduce_add_sync(0xffffffffu, made);
    if (threadIdx.x % 32 == 0 && made != 0) atomicAdd(sm, made);
    __syncthreads();
    if (threadIdx.x == 0 && *sm != 0) atomicAdd(c.count, (unsigned long long)*sm);
}

/* A block a window (striding when GG_cuda_csr_set_flat_blocks caps the grid). */
template <typename T, int K, bool FAST, bool EAGER, bool PX>
__global__ void __launch_bounds__(THREADS, fl_min_blocks(K)) cs_flat(Cs<T> c)
{
    __shared__ __align__(16) FlShared<T, K> s;
    /* the fix kernel (launched dependent on this one) may be scheduled once every block has
     * started; it waits for this grid's completion before reading the partials */
    asm volatile("griddepcontrol.launch_dependents;");
    unsigned made = 0;
    for (uint64_t t = blockIdx.x; t < c.nflat; t += gridDim.x)
        fl_window<T, K, FAST, EAGER, PX>(c, t, s, made);
    if constexpr (PX) fl_count(c, made, &s.made);
}

/* The rows cut by a window's end: window t's last owned row, when it reaches past the window,
 * is part[2t + 1] + part[2 (t + 1)] + ... over the windows it reaches, in that order. */
template <typename T, bool PX> __global__ void cs_flat_fix(Cs<T> c, uint64_t w)
{
    /* launched as a programmatic dependent of cs_flat: its partials are complete and visible
     * only past this wait (a no-op when launched plainly) */
    asm volatile("griddepcontrol.wait;" ::: "memory");
    uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    bool has = false;
    uint64_t r1 = t + 1 < c.nflat ? c.flat_row[t + 1] : 0;
    if (t + 1 < c.nflat && r1 != c.flat_row[t]) {
        uint64_t end = row_ptr(c, r1);
        if (end > (t + 1) * w) {
            T v = c.flat_part[2 * t + 1];
            has = !PX || c.flat_has[2 * t + 1];
            for (uint64_t u = t + 1; u * w < end; u++) {
                v = v + c.flat_part[2 * u];
                if constexpr (PX) has = has || c.flat_has[2 * u];
            }
            if constexpr (PX) {
                c.yp[r1 - 1] = has;
                if (has) c.y[r1 - 1] = v;
            } else {
                put_y(c, r1 - 1, v, true);
            }
        }
    }
    if constexpr (PX) {
        int n = __syncthreads_count(has);
        if (threadIdx.x == 0 && n != 0) atomicAdd(c.count, (unsigned long long)n);
    }
}

unsigned grid_for(uint64_t threads, int block)
{
    uint64_t b = (threads + block - 1) / block;
    return b == 0 ? 1 : b > 65535 ? 65535 : (unsigned)b;
}

template <typename T, bool PT> void csr_launch(const Cs<T> &c)
{
    unsigned chunk_blocks = (unsigned)std::min<uint64_t>(c.nchunks, 65535);
    uint64_t groups_per_warp = 32 / (uint64_t)c.lanes;
    uint64_t warps = (c.nrows + groups_per_warp - 1) / groups_per_warp;
    unsigned row_blocks = grid_for(warps * 32, THREADS);
    cs_spmv<T, PT><<<chunk_blocks + row_blocks, THREADS, 0, GG_cuda_stream()>>>(c, chunk_blocks);
}

template <typename T, int K> void stream_launch_k(const Cs<T> &c, bool vec)
{
    unsigned chunk_blocks = (unsigned)std::min<uint64_t>(c.nchunks, 65535);
    unsigned tile_blocks = (unsigned)std::min<uint64_t>(c.ntiles, (uint64_t)1 << 24);
    if (chunk_blocks + tile_blocks == 0) return; /* no rows */
    if (vec)
        cs_stream<T, K, true><<<chunk_blocks + tile_blocks, THREADS, 0, GG_cuda_stream()>>>(
            c, chunk_blocks);
    else
        cs_stream<T, K, false><<<chunk_blocks + tile_blocks, THREADS, 0, GG_cuda_stream()>>>(
            c, chunk_blocks);
}

/* GG_cuda_csr_set_flat_blocks's grid (0: the default, a block a window). */
std::atomic<unsigned> flat_blocks{0};

/* The products' form (read once; GRAPHBLAS_GPU_FLAT_EAGER = 0 or 1 forces st_put's or the eager
 * one for both types, for same-run baselines): eager for FP64 on a view without long rows. H200,
 * sixteenth session, spmv_bench fp64 medians of 15, st_put / eager ms against cuSPARSE's best CSR
 * without preprocessing: band 0.1144 / 0.0972 (0.0983), local 0.1622 / 0.1471 (0.1421), grid
 * 0.2332 / 0.2118 (0.2525), RMAT-21 0.5129 / 0.5610 (0.4972), RMAT-18 0.0689 / 0.0726 (0.0687):
 * where x's gathers land near each other the eager form's fewer held registers win, where they
 * scatter (power-law rows: the view's long rows) st_put's K gathers in flight at once do. FP32
 * keeps st_put (no spill there). */
int flat_eager_knob()
{
    static const int v = (int)GG_cuda_env_or("GRAPHBLAS_GPU_FLAT_EAGER", -1);
    return v;
}

/* The fix kernel launched as a programmatic dependent of the window kernel, so that its launch
 * overlaps the window kernel's tail (GRAPHBLAS_GPU_FLAT_PDL=0: plainly, for baselines). H200,
 * sixteenth session, fp32 plain / dependent: band 0.0701 / 0.0706, local 0.1060 / 0.1026, RMAT-21
 * 0.4665 / 0.4651 ms (two processes; cuSPARSE moved up to 3.6 % between them). */
bool flat_pdl_knob()
{
    static const bool v = GG_cuda_env_or("GRAPHBLAS_GPU_FLAT_PDL", 1) != 0;
    return v;
}

template <typename T, int K, bool FAST, bool PX> void flat_launch_f(const Cs<T> &c, unsigned blocks)
{
    if constexpr (PX) {
        cs_flat<T, K, FAST, false, true><<<blocks, THREADS, 0, GG_cuda_stream()>>>(c);
        return;
    }
    int e = flat_eager_knob();
    bool eager = e < 0 ? sizeof(T) == 8 && c.nlong == 0 : e != 0;
    if (eager)
        cs_flat<T, K, FAST, true, false><<<blocks, THREADS, 0, GG_cuda_stream()>>>(c);
    else
        cs_flat<T, K, FAST, false, false><<<blocks, THREADS, 0, GG_cuda_stream()>>>(c);
}

template <typename T, int K, bool PX> void flat_launch_k(const Cs<T> &c)
{
    uint64_t cap = flat_blocks.load(std::memory_order_relaxed);
    unsigned blocks = (unsigned)std::min<uint64_t>(c.nflat, cap == 0 ? (uint64_t)1 << 24 : cap);
    if (blocks == 0) return; /* no rows */
    if (c.same && c.p32 != nullptr)
        flat_launch_f<T, K, true, PX>(c, blocks);
    else
        flat_launch_f<T, K, false, PX>(c, blocks);
    if (c.nflat <= 1) return;
    uint64_t w = (uint64_t)THREADS * K;
    if (!flat_pdl_knob()) {
        cs_flat_fix<T, PX><<<grid_for(c.nflat, THREADS), THREADS, 0, GG_cuda_stream()>>>(c, w);
        return;
    }
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid_for(c.nflat, THREADS));
    cfg.blockDim = dim3(THREADS);
    cfg.stream = GG_cuda_stream();
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    at[0].val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    cudaLaunchKernelEx(&cfg, cs_flat_fix<T, PX>, c, w);
}

/* The flat kernel at the view's tile_k (its windows were cut for it). */
template <typename T, bool PX = false> void flat_launch(const Cs<T> &c, int tile_k)
{
    if (tile_k == 4)
        flat_launch_k<T, 4, PX>(c);
    else if (tile_k == 16)
        flat_launch_k<T, 16, PX>(c);
    else
        flat_launch_k<T, 8, PX>(c);
}

/* The stream kernel at the view's tile_k; 128-bit loads when asked and the arrays allow them
 * (values of the domain's type, both arrays 16-byte aligned: the column indices always are). */
template <typename T> void stream_launch(const Cs<T> &c, int tile_k, bool vec)
{
    vec = vec && c.same && (uintptr_t)c.v % 16 == 0 && (uintptr_t)c.col % 16 == 0;
    if (tile_k == 4)
        stream_launch_k<T, 4>(c, vec);
    else if (tile_k == 16)
        stream_launch_k<T, 16>(c, vec);
    else
        stream_launch_k<T, 8>(c, vec);
}

/* The kernels' arguments for the view S (its arrays and tables; lanes 0: the view's rule). */
template <typename T> Cs<T> cs_of(const GG_cuda_sview *S, int lanes)
{
    Cs<T> c = {};
    c.nrows = S->nrows;
    c.p32 = S->ptr32 ? (const uint32_t *)S->ptr : nullptr;
    c.p64 = S->ptr32 ? nullptr : (const uint64_t *)S->ptr;
    c.col = S->col;
    c.v = S->x;
    c.stype = S->type_code;
    c.same = S->type_code == gg_code<T>::v;
    c.lanes = lanes > 0 ? lanes : S->lanes;
    c.long_min = S->long_min;
    c.chunk = S->chunk;
    c.chunk_row = S->chunk_row;
    c.done = S->done;
    c.long_row = S->long_row;
    c.long_first = S->long_first;
    c.nlong = S->nlong;
    c.nchunks = S->nchunks;
    c.part = (T *)S->part;
    c.part_has = S->part_has;
    c.tile_row = S->tile_row;
    c.tile_nz = S->tile_nz;
    c.ntiles = S->ntiles;
    c.nvals = S->nvals;
    c.nflat = S->nflat;
    c.flat_row = S->flat_row;
    c.flat_part = (T *)S->flat_part;
    c.flat_has = S->flat_has;
    return c;
}

template <typename T>
int csr_typed(const GG_cuda_sview *S, int lanes, int add_op, int mul_op, const void *identity,
              bool vec_first, const void *x, void *y, unsigned char *yp)
{
    Cs<T> c = cs_of<T>(S, lanes);
    gg_spmv_args<T>(c, add_op, mul_op, identity, vec_first, x, y, yp);
    /* which operands the multiply reads (gg_binop: FIRST, and DIV on BOOL, return the first) */
    bool first =
        mul_op != GG_CUDA_OP_SECOND && mul_op != GG_CUDA_OP_ANY && mul_op != GG_CUDA_OP_ONEB;
    bool second = mul_op != GG_CUDA_OP_FIRST && mul_op != GG_CUDA_OP_ONEB &&
                  !(std::is_same_v<T, bool> && mul_op == GG_CUDA_OP_DIV);
    c.reads_a = vec_first ? second : first;
    c.reads_x = vec_first ? first : second;
    if constexpr (std::is_floating_point_v<T>) {
        GG_cuda_csr_kernel k = GG_cuda_csr_which(S, lanes, add_op, mul_op, gg_code<T>::v);
        if (k == GG_CUDA_CSR_STREAM || k == GG_CUDA_CSR_STREAM_SCALAR) {
            stream_launch<T>(c, S->tile_k, k == GG_CUDA_CSR_STREAM);
            return gg_spmv_status(cudaGetLastError());
        }
        if (k == GG_CUDA_CSR_FLAT) {
            flat_launch<T>(c, S->tile_k);
            return gg_spmv_status(cudaGetLastError());
        }
        if (add_op == GG_CUDA_OP_PLUS && mul_op == GG_CUDA_OP_TIMES) {
            csr_launch<T, true>(c);
            return gg_spmv_status(cudaGetLastError());
        }
    }
    csr_launch<T, false>(c);
    return gg_spmv_status(cudaGetLastError());
}

/* ---- making the view ------------------------------------------------------------------------- */

/* Narrows the pointers (when p32) and the column indices, and lists the rows longer than
 * long_min as (row, begin, end) triples after a count in list[0]. */
template <typename P, typename I>
__global__ void sv_narrow(uint64_t nrows, uint64_t nvals, const P *ptr, const I *idx,
                          uint32_t *p32, uint64_t *p64, uint32_t *col, uint64_t long_min,
                          unsigned long long *list)
{
    uint64_t i0 = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    if (col != nullptr) /* null: the view's own arrays are the compact ones (CSR32) */
        for (uint64_t k = i0; k < nvals; k += step) col[k] = (uint32_t)idx[k];
    for (uint64_t r = i0; r <= nrows; r += step) {
        uint64_t b = ptr[r];
        if (p32 != nullptr)
            p32[r] = (uint32_t)b;
        else if (p64 != nullptr)
            p64[r] = b;
        if (r < nrows && ptr[r + 1] - b > long_min) {
            unsigned long long at = atomicAdd(list, 1ull);
            list[1 + 3 * at] = r;
            list[2 + 3 * at] = b;
            list[3 + 3 * at] = ptr[r + 1];
        }
    }
}

/* The stream kernel's tile boundaries: out[2b] = the first row r in [0, n] with r + ptr[r] >=
 * b x tile (r + ptr[r] rises by at least one a row, and n + ptr[n] >= b x tile for every b < nb),
 * out[2b + 1] = ptr[r]. */
template <typename P>
__global__ void sv_bounds(uint64_t n, const P *ptr, uint64_t tile, uint64_t nb, uint64_t *out)
{
    uint64_t b = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (b >= nb) return;
    uint64_t want = b * tile, lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (mid + ptr[mid] < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    out[2 * b] = lo;
    out[2 * b + 1] = ptr[lo];
}

/* The flat kernel's windows of `w` entries: out[t] = the first row r in [0, n] with ptr[r] >= t x w
 * (the first row starting in window t), t < nf; out[nf] = n (the last window owns the empty rows
 * at the end). */
template <typename P>
__global__ void sv_flat_rows(uint64_t n, const P *ptr, uint64_t w, uint64_t nf, uint32_t *out)
{
    uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (t > nf) return;
    uint64_t want = t * w, lo = 0, hi = n;
    while (t < nf && lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (ptr[mid] < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    out[t] = (uint32_t)(t < nf ? lo : n);
}

size_t align16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* Lanes for a mean row length: the smallest power of two at or above a fifth of it, in
 * [1, 32]. A group of G lanes loads its row's pointers once and then G entries a step, so fewer
 * lanes than entries keep more rows in flight. The G sweep of bench/gpu/spmv_bench (H100,
 * 2026-11-26, fp32 / fp64 ms) put the best G near a fifth of the mean: grid (mean 4) G = 1
 * 0.193 / 0.294 against 0.266 / 0.349 at G = 4 (the first rule, G >= mean); banded (mean 20)
 * G = 4 0.099 / 0.135 against 0.235 / 0.266 at G = 32; localized (mean 184) G = 32; RMAT-21
 * (short rows) G = 4 within 4-5 % of its best, G = 16. */
int lanes_for(double mean)
{
    int g = 1;
    while (g < 32 && (double)g < mean / 5) g *= 2;
    return g;
}

/* The items (rows plus entries) between the tiles' boundaries for passes of THREADS x tk entries:
 * less by long_min + 4 where that leaves at least half a pass, so that a tile's last row (at
 * most long_min entries past the boundary) and its first entry's rounding down to a multiple of
 * 4 still fit one pass. Without it about half of the localized matrix's tiles (rows of 184 on
 * average, up to 467) would take a second pass, a second round trip for a few entries. */
uint64_t tile_items(int tk, uint64_t long_min)
{
    uint64_t pass = (uint64_t)THREADS * (uint64_t)tk;
    return long_min + 4 <= pass / 2 ? pass - long_min - 4 : pass;
}

/* STREAM_RULE, the rule between the CSR kernels for PLUS_TIMES on FP32/FP64 (S->stream): the
 * stream kernel at every row length measured. bench/gpu/spmv_bench on the H100 (2026-11-26, sixth session, median of 20,
 * stream at K = 8 against the groups at the lanes_for rule, ms fp32 / fp64):
 *   rmat18 0.0777 / 0.0905 against 0.1118 / 0.1229;  rmat21 0.600 / 0.721 against 0.760 / 0.888;
 *   grid (mean 4, one lane a row) 0.184 / 0.262 against 0.201 / 0.291;
 *   band 0.0869 / 0.123 against 0.127 / 0.167;  local 0.130 / 0.201 against 0.149 / 0.204.
 * The grid was the groups' best case (each warp's loads already cover its 32 rows' lines), and
 * the stream still won there by 8-10 %. K = 8 is the best tile or within 5 % of it everywhere
 * (K = 16: band fp32 0.0830, local fp32 0.1287; K = 4 slower on all but RMAT-18 fp64). The groups
 * stay for every other semiring and type.
 * FLAT_RULE: the flat kernel (at the view's K) wherever there are at least as many entries as
 * rows, the stream kernel elsewhere. Until the fifteenth session it took only the views whose long
 * rows held a quarter of the entries (RMAT), where its full windows won by 6-12 %, and lost by
 * 10-25 % without long rows; rebuilt (scalar loads, no fence, the cut rows by a second kernel:
 * "the flat kernel" above) it beats the stream kernel on every benchmark matrix: fifteenth
 * session, H100, spmv_bench, ms fp32 / fp64, flat against stream: Doc/performance.md,
 * "Fifteenth session". It stays off shapes with more rows than entries (a window owns every row
 * starting in it, so long runs of empty rows fall to one block). */

/* The tiles' first rows and first entries: the (row, ptr[row]) boundaries found on the device,
 * every long row and the row after it (so that each long row is a tile of its own; `longs` holds
 * (row, begin, end) triples), and (n, nvals); in order of rows, once each. */
struct Tiles {
    std::vector<uint32_t> row;
    std::vector<uint64_t> nz;
};

Tiles tile_table(const std::vector<uint64_t> &bounds, const std::vector<unsigned long long> &longs,
                 uint64_t n, uint64_t nvals)
{
    std::vector<std::pair<uint64_t, uint64_t>> b;
    b.reserve(bounds.size() / 2 + longs.size() / 3 * 2 + 1);
    for (size_t k = 0; k + 1 < bounds.size(); k += 2) b.emplace_back(bounds[k], bounds[k + 1]);
    for (size_t j = 0; j + 2 < longs.size(); j += 3) {
        b.emplace_back(longs[j], longs[j + 1]);
        b.emplace_back(longs[j] + 1, longs[j + 2]);
    }
    b.emplace_back(n, nvals);
    std::sort(b.begin(), b.end());
    b.erase(std::unique(b.begin(), b.end()), b.end());
    Tiles t;
    t.row.reserve(b.size());
    t.nz.reserve(b.size());
    for (auto &p : b) {
        t.row.push_back((uint32_t)p.first);
        t.nz.push_back(p.second);
    }
    return t;
}

/* GG_cuda_csr_set_tile's K (0: the default), and GRAPHBLAS_GPU_CSR_KERNEL (-1 not read yet). */
constexpr int TILE_K = 8;
std::atomic<int> tile_k{0};
std::atomic<int> csr_forced{-1};

int csr_forced_kernel()
{
    int v = csr_forced.load(std::memory_order_relaxed);
    if (v == -1) {
        const char *e = getenv("GRAPHBLAS_GPU_CSR_KERNEL");
        v = e == nullptr                           ? GG_CUDA_CSR_RULE
            : strcmp(e, "groups") == 0        ? GG_CUDA_CSR_GROUPS
            : strcmp(e, "stream") == 0        ? GG_CUDA_CSR_STREAM
            : strcmp(e, "stream-scalar") == 0 ? GG_CUDA_CSR_STREAM_SCALAR
            : strcmp(e, "flat") == 0          ? GG_CUDA_CSR_FLAT
                                              : GG_CUDA_CSR_RULE;
        csr_forced.store(v, std::memory_order_relaxed);
    }
    return v;
}

/* The long rows' table from their (row, begin, end) triples, rows in order (the atomics listed
 * them in any): each row's chunks of CHUNK entries (begin, end, and the row's index in the table)
 * and its first chunk. */
struct Table {
    std::vector<uint64_t> chunk;
    std::vector<uint32_t> chunk_row, row, first;
    uint64_t long_nvals = 0;
};

Table chunk_table(const std::vector<unsigned long long> &rows, uint64_t nlong)
{
    std::vector<uint64_t> order(nlong);
    for (uint64_t j = 0; j < nlong; j++) order[j] = j;
    std::sort(order.begin(), order.end(),
              [&](uint64_t a, uint64_t b) { return rows[3 * a] < rows[3 * b]; });
    Table t;
    t.row.resize(nlong);
    t.first.resize(nlong + 1);
    for (uint64_t j = 0; j < nlong; j++) {
        const unsigned long long *r = &rows[3 * order[j]];
        t.row[j] = (uint32_t)r[0];
        t.first[j] = (uint32_t)(t.chunk.size() / 2);
        t.long_nvals += r[2] - r[1];
        for (uint64_t b = r[1]; b < r[2]; b += CHUNK) {
            t.chunk.push_back(b);
            t.chunk.push_back(std::min<uint64_t>(b + CHUNK, r[2]));
            t.chunk_row.push_back((uint32_t)j);
        }
    }
    t.first[nlong] = (uint32_t)(t.chunk.size() / 2);
    return t;
}

/* The rows of a view to compact: offsets and indices of P and I, and whether they are the compact
 * arrays already (CSR32: 32-bit offsets and indices, borrowed, not copied). */
template <typename P, typename I> struct sv_src {
    uint64_t nrows;
    const P *ptr;
    const I *idx;
    const void *x;
    int type_code, value_size;
    bool borrow;
};

template <typename P, typename I>
int sview_make(GG_cuda_sview *S, void *mem[2], const sv_src<P, I> &V, uint64_t nvals,
               uint64_t long_min)
{
    uint64_t n = V.nrows;
    /* which rows are long follows from the lanes of the mean over all rows; the groups' lanes
     * then follow the mean over the rows they take (set below, once the long rows are known) */
    int lanes = lanes_for(n > 0 ? (double)nvals / (double)n : 1.0);
    if (long_min == 0) long_min = std::max(LONG_ITERS * (uint64_t)lanes, LONG_FLOOR);
    bool p32 = V.borrow || nvals < ((uint64_t)1 << 32);
    cudaStream_t s = GG_cuda_stream();

    /* the long rows: at most nvals / (long_min + 1) of them; after their list, the tiles'
     * boundaries */
    int tk = tile_k.load(std::memory_order_relaxed);
    if (tk == 0) tk = TILE_K;
    uint64_t tile = tile_items(tk, long_min), nb = (n + nvals) / tile + 1;
    uint64_t max_long = nvals / (long_min + 1);
    size_t blist = align16((1 + 3 * max_long) * sizeof(unsigned long long));
    size_t bptr = V.borrow ? 0 : align16((n + 1) * (p32 ? 4 : 8)),
           bcol = V.borrow ? 0 : align16(nvals * 4);
    unsigned long long *list = (unsigned long long *)GG_cuda_malloc(blist + nb * 16);
    uint64_t *bounds = list != nullptr ? (uint64_t *)((char *)list + blist) : nullptr;
    char *narrow = V.borrow ? nullptr : (char *)GG_cuda_malloc(bptr + bcol);
    if (list == nullptr || (narrow == nullptr && !V.borrow)) {
        GG_cuda_free(list);
        GG_cuda_free(narrow);
        return GG_CUDA_SPMV_NOMEM;
    }
    cudaError_t e = cudaMemsetAsync(list, 0, sizeof *list, s);
    if (e == cudaSuccess) {
        uint64_t work = std::max(nvals, n + 1);
        sv_narrow<P, I><<<grid_for(work, THREADS), THREADS, 0, s>>>(
            n, nvals, V.ptr, V.idx, p32 && !V.borrow ? (uint32_t *)narrow : nullptr,
            p32 || V.borrow ? nullptr : (uint64_t *)narrow,
            V.borrow ? nullptr : (uint32_t *)(narrow + bptr), long_min, list);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) {
        sv_bounds<P><<<(unsigned)((nb + THREADS - 1) / THREADS), THREADS, 0, s>>>(n, V.ptr, tile,
                                                                                  nb, bounds);
        e = cudaGetLastError();
    }
    unsigned long long nlong = 0;
    std::vector<unsigned long long> rows;
    std::vector<uint64_t> bnd(2 * nb);
    bool ok = e == cudaSuccess && GG_cuda_download(&nlong, list, sizeof nlong) &&
              GG_cuda_download(bnd.data(), bounds, nb * 16);
    if (ok && nlong > 0) {
        rows.resize(3 * nlong);
        ok = GG_cuda_download(rows.data(), list + 1, 3 * nlong * sizeof(unsigned long long));
    }
    GG_cuda_free(list);
    if (!ok) {
        GG_cuda_free(narrow);
        return e != cudaSuccess ? gg_spmv_status(e) : GG_CUDA_SPMV_ERROR;
    }

    Table tb = chunk_table(rows, nlong);
    Tiles tl = tile_table(bnd, rows, n, nvals);
    uint64_t ntiles = tl.row.size() - 1;
    if (n > nlong) lanes = lanes_for((double)(nvals - tb.long_nvals) / (double)(n - nlong));
    uint64_t nchunks = tb.chunk.size() / 2;
    /* the flat kernel's windows: at least one when there are rows (it writes the empty ones) */
    uint64_t fw = (uint64_t)THREADS * (uint64_t)tk;
    uint64_t nflat = n == 0 ? 0 : std::max<uint64_t>(1, (nvals + fw - 1) / fw);
    size_t bfrow = align16((nflat + 1) * 4), bfpart = align16(2 * nflat * 8),
           bfhas = align16(2 * nflat);
    size_t bchunk = align16(nchunks * 16), bcrow = align16(nchunks * 4), blrow = align16(nlong * 4),
           blfirst = align16((nlong + 1) * 4), bdone = align16(nlong * 4),
           bpart = align16(nchunks * 8), bhas = align16(nchunks),
           btile = align16(tl.row.size() * 4), btnz = align16(tl.nz.size() * 8);
    size_t btab = bchunk + bcrow + blrow + blfirst + bdone + bpart + bhas + btile + btnz + bfrow +
                  bfpart + bfhas;
    char *tab = nullptr;
    *S = GG_cuda_sview{};
    if (nlong > 0 || ntiles > 0) {
        tab = (char *)GG_cuda_malloc(btab);
        if (tab == nullptr) {
            GG_cuda_free(narrow);
            return GG_CUDA_SPMV_NOMEM;
        }
        char *t_crow = tab + bchunk, *t_lrow = t_crow + bcrow, *t_first = t_lrow + blrow,
             *t_done = t_first + blfirst, *t_part = t_done + bdone, *t_has = t_part + bpart,
             *t_tile = t_has + bhas, *t_tnz = t_tile + btile, *t_frow = t_tnz + btnz,
             *t_fpart = t_frow + bfrow, *t_fhas = t_fpart + bfpart;
        ok = GG_cuda_upload(t_tile, tl.row.data(), tl.row.size() * 4) &&
             GG_cuda_upload(t_tnz, tl.nz.data(), tl.nz.size() * 8);
        if (ok && nflat > 0) {
            sv_flat_rows<P><<<(unsigned)((nflat + THREADS) / THREADS), THREADS, 0, s>>>(
                n, V.ptr, fw, nflat, (uint32_t *)t_frow);
            ok = cudaGetLastError() == cudaSuccess;
            S->nflat = nflat;
            S->flat_row = (const uint32_t *)t_frow;
            S->flat_part = t_fpart;
            S->flat_has = (unsigned char *)t_fhas;
        }
        if (ok && nlong > 0) {
            ok = GG_cuda_upload(tab, tb.chunk.data(), nchunks * 16) &&
                 GG_cuda_upload(t_crow, tb.chunk_row.data(), nchunks * 4) &&
                 GG_cuda_upload(t_lrow, tb.row.data(), nlong * 4) &&
                 GG_cuda_upload(t_first, tb.first.data(), (nlong + 1) * 4) &&
                 cudaMemsetAsync(t_done, 0, nlong * 4, s) == cudaSuccess;
            S->chunk = (const uint64_t *)tab;
            S->chunk_row = (const uint32_t *)t_crow;
            S->long_row = (const uint32_t *)t_lrow;
            S->long_first = (const uint32_t *)t_first;
            S->done = (unsigned *)t_done;
            S->part = t_part;
            S->part_has = (unsigned char *)t_has;
        }
        if (!ok) {
            GG_cuda_free(narrow);
            GG_cuda_free(tab);
            return GG_CUDA_SPMV_ERROR;
        }
        S->tile_row = (const uint32_t *)t_tile;
        S->tile_nz = (const uint64_t *)t_tnz;
    }
    S->nrows = n;
    S->nvals = nvals;
    S->ptr = V.borrow ? (const void *)V.ptr : narrow;
    S->ptr32 = p32;
    S->col = V.borrow ? (const uint32_t *)V.idx : (const uint32_t *)(narrow + bptr);
    S->x = V.x;
    S->type_code = V.type_code;
    S->value_size = V.value_size;
    S->lanes = lanes;
    S->long_min = long_min;
    S->nlong = nlong;
    S->nchunks = nchunks;
    S->ntiles = ntiles;
    S->tile_k = tk;
    S->stream = true; /* the stream kernel wherever it applies (STREAM_RULE above) */
    S->flat = n <= nvals; /* FLAT_RULE above */
    S->bytes = bptr + bcol + (tab != nullptr ? btab : 0);
    mem[0] = narrow;
    mem[1] = tab;
    return GG_CUDA_SPMV_OK;
}

} // namespace

extern "C" int GG_cuda_sview_of(GG_cuda_sview *S, void *mem[2], const GG_cuda_cview *V,
                                uint64_t nvals, uint64_t ncols, uint64_t long_min)
{
    mem[0] = mem[1] = nullptr;
    if (V->vec != nullptr || V->nvec >= ((uint64_t)1 << 32) || ncols >= ((uint64_t)1 << 32))
        return GG_CUDA_SPMV_UNSUPPORTED;
    sv_src<uint64_t, uint64_t> src{V->nvec, V->ptr, V->idx, V->x, V->type_code, V->value_size, false};
    return sview_make(S, mem, src, nvals, long_min);
}

extern "C" int GG_cuda_sview_of_csr32(GG_cuda_sview *S, void *mem[2], const GG_cuda_csr32 *R,
                                      int value_size, uint64_t long_min)
{
    mem[0] = mem[1] = nullptr;
    if (R->n == 0 || R->nrows >= ((uint64_t)1 << 32) || R->ncols >= ((uint64_t)1 << 32))
        return GG_CUDA_SPMV_UNSUPPORTED;
    sv_src<uint32_t, uint32_t> src{R->nrows, R->ptr, R->col, R->x, R->code, value_size, true};
    return sview_make(S, mem, src, R->n, long_min);
}

extern "C" int GG_cuda_csr_mxv(const GG_cuda_sview *S, int lanes, int add_op, int mul_op,
                               int type_code, const void *identity, bool vec_first,
                               const void *x_dev, void *y_dev, unsigned char *ypresent_dev)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || S->type_code < GG_CUDA_BOOL ||
        S->type_code > GG_CUDA_FP64 || (lanes != 0 && (lanes > 32 || (lanes & (lanes - 1)) != 0)))
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = csr_typed<decltype(tag)>(S, lanes, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                      ypresent_dev);
    });
    return rc;
}

extern "C" int GG_cuda_csr_mxv_bits(const GG_cuda_sview *S, int type_code, const void *x_dev,
                                    const uint32_t *xbits, void *y_dev, unsigned char *yp_dev,
                                    uint64_t *count)
{
    if ((type_code != GG_CUDA_FP32 && type_code != GG_CUDA_FP64) || S->type_code < GG_CUDA_BOOL ||
        S->type_code > GG_CUDA_FP64)
        return GG_CUDA_SPMV_UNSUPPORTED;
    cudaError_t e = cudaMemsetAsync(count, 0, sizeof *count, GG_cuda_stream());
    if (e != cudaSuccess || S->nrows == 0) return gg_spmv_status(e);
    auto run = [&](auto tag) {
        using T = decltype(tag);
        Cs<T> c = cs_of<T>(S, 0);
        c.x = (const T *)x_dev;
        c.xbits = xbits;
        c.y = (T *)y_dev;
        c.yp = yp_dev;
        c.count = (unsigned long long *)count;
        flat_launch<T, true>(c, S->tile_k);
    };
    if (type_code == GG_CUDA_FP32)
        run(float{});
    else
        run(double{});
    return gg_spmv_status(cudaGetLastError());
}

extern "C" GG_cuda_csr_kernel GG_cuda_csr_which(const GG_cuda_sview *S, int lanes, int add_op,
                                                int mul_op, int type_code)
{
    bool pt = add_op == GG_CUDA_OP_PLUS && mul_op == GG_CUDA_OP_TIMES &&
              (type_code == GG_CUDA_FP32 || type_code == GG_CUDA_FP64);
    if (lanes != 0 || !pt) return GG_CUDA_CSR_GROUPS;
    int k = csr_forced_kernel();
    if (k != GG_CUDA_CSR_RULE) return (GG_cuda_csr_kernel)k;
    return S->flat ? GG_CUDA_CSR_FLAT : S->stream ? GG_CUDA_CSR_STREAM : GG_CUDA_CSR_GROUPS;
}

extern "C" void GG_cuda_csr_force(GG_cuda_csr_kernel k)
{
    csr_forced.store((int)k, std::memory_order_relaxed);
}

extern "C" void GG_cuda_csr_set_tile(int k)
{
    tile_k.store(k == 4 || k == 8 || k == 16 ? k : 0, std::memory_order_relaxed);
}

extern "C" void GG_cuda_csr_set_flat_blocks(unsigned blocks)
{
    flat_blocks.store(blocks, std::memory_order_relaxed);
}
