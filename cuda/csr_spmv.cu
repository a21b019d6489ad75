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
 * Semirings: PLUS_TIMES on FP32/FP64 is specialised (no presence flags: a row's result is the sum
 * started at the fold start, and it has an entry exactly when the row is not empty); every other
 * built-in semiring runs by op code (GG_cuda_semiring.cuh) with presence flags, so no identity is
 * folded in. */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"

#include <cuda_runtime.h>

#include <algorithm>
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
        using W = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;
        W u;
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

/* Chunk q of a long row by the whole block: its partial result. Its row's counter tells the block
 * that finished the row's last chunk, which then folds the row's partials and writes it (the
 * fence-then-count handshake of a one-pass reduction), and zeroes the counter for the next
 * product. */
template <typename T, bool PT>
__device__ inline void cs_chunk(const Cs<T> &c, uint64_t q, T *sv, bool *sh, bool *last)
{
    int lane = threadIdx.x & 31, w = threadIdx.x / 32;
    bool has = false;
    T v = c.ident;
    for (uint64_t k = c.chunk[2 * q] + threadIdx.x; k < c.chunk[2 * q + 1]; k += THREADS)
        cs_merge<T, PT>(c, has, v, true, cs_prod<T, PT>(c, k));
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
        c.part[q] = v;
        c.part_has[q] = has;
        __threadfence();
        *last = atomicAdd(c.done + j, 1u) == n - 1;
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
template <typename T, bool PT>
__global__ void __launch_bounds__(THREADS) cs_spmv(Cs<T> c, unsigned chunk_blocks)
{
    __shared__ T sv[WARPS];
    __shared__ bool sh[WARPS];
    __shared__ bool last;
    if (blockIdx.x < chunk_blocks) {
        for (uint64_t q = blockIdx.x; q < c.nchunks; q += chunk_blocks)
            cs_chunk<T, PT>(c, q, sv, sh, &last);
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

template <typename T>
int csr_typed(const GG_cuda_sview *S, int lanes, int add_op, int mul_op, const void *identity,
              bool vec_first, const void *x, void *y, unsigned char *yp)
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
    gg_spmv_args<T>(c, add_op, mul_op, identity, vec_first, x, y, yp);
    /* which operands the multiply reads (gg_binop: FIRST, and DIV on BOOL, return the first) */
    bool first =
        mul_op != GG_CUDA_OP_SECOND && mul_op != GG_CUDA_OP_ANY && mul_op != GG_CUDA_OP_ONEB;
    bool second = mul_op != GG_CUDA_OP_FIRST && mul_op != GG_CUDA_OP_ONEB &&
                  !(std::is_same_v<T, bool> && mul_op == GG_CUDA_OP_DIV);
    c.reads_a = vec_first ? second : first;
    c.reads_x = vec_first ? first : second;
    if constexpr (std::is_floating_point_v<T>) {
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
__global__ void sv_narrow(uint64_t nrows, uint64_t nvals, const uint64_t *ptr, const uint64_t *idx,
                          uint32_t *p32, uint64_t *p64, uint32_t *col, uint64_t long_min,
                          unsigned long long *list)
{
    uint64_t i0 = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t k = i0; k < nvals; k += step) col[k] = (uint32_t)idx[k];
    for (uint64_t r = i0; r <= nrows; r += step) {
        uint64_t b = ptr[r];
        if (p32 != nullptr)
            p32[r] = (uint32_t)b;
        else
            p64[r] = b;
        if (r < nrows && ptr[r + 1] - b > long_min) {
            unsigned long long at = atomicAdd(list, 1ull);
            list[1 + 3 * at] = r;
            list[2 + 3 * at] = b;
            list[3 + 3 * at] = ptr[r + 1];
        }
    }
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

} // namespace

extern "C" int GG_cuda_sview_of(GG_cuda_sview *S, void *mem[2], const GG_cuda_cview *V,
                                uint64_t nvals, uint64_t ncols, uint64_t long_min)
{
    mem[0] = mem[1] = nullptr;
    if (V->vec != nullptr || V->nvec >= ((uint64_t)1 << 32) || ncols >= ((uint64_t)1 << 32))
        return GG_CUDA_SPMV_UNSUPPORTED;
    uint64_t n = V->nvec;
    /* which rows are long follows from the lanes of the mean over all rows; the groups' lanes
     * then follow the mean over the rows they take (set below, once the long rows are known) */
    int lanes = lanes_for(n > 0 ? (double)nvals / (double)n : 1.0);
    if (long_min == 0) long_min = std::max(LONG_ITERS * (uint64_t)lanes, LONG_FLOOR);
    bool p32 = nvals < ((uint64_t)1 << 32);
    cudaStream_t s = GG_cuda_stream();

    /* the long rows: at most nvals / (long_min + 1) of them */
    uint64_t max_long = nvals / (long_min + 1);
    size_t blist = (1 + 3 * max_long) * sizeof(unsigned long long);
    size_t bptr = align16((n + 1) * (p32 ? 4 : 8)), bcol = align16(nvals * 4);
    unsigned long long *list = (unsigned long long *)GG_cuda_malloc(blist);
    char *narrow = (char *)GG_cuda_malloc(bptr + bcol);
    if (list == nullptr || narrow == nullptr) {
        GG_cuda_free(list);
        GG_cuda_free(narrow);
        return GG_CUDA_SPMV_NOMEM;
    }
    cudaError_t e = cudaMemsetAsync(list, 0, sizeof *list, s);
    if (e == cudaSuccess) {
        uint64_t work = std::max(nvals, n + 1);
        sv_narrow<<<grid_for(work, THREADS), THREADS, 0, s>>>(
            n, nvals, V->ptr, V->idx, p32 ? (uint32_t *)narrow : nullptr,
            p32 ? nullptr : (uint64_t *)narrow, (uint32_t *)(narrow + bptr), long_min, list);
        e = cudaGetLastError();
    }
    unsigned long long nlong = 0;
    std::vector<unsigned long long> rows;
    bool ok = e == cudaSuccess && GG_cuda_download(&nlong, list, sizeof nlong);
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
    if (n > nlong) lanes = lanes_for((double)(nvals - tb.long_nvals) / (double)(n - nlong));
    uint64_t nchunks = tb.chunk.size() / 2;
    size_t bchunk = align16(nchunks * 16), bcrow = align16(nchunks * 4), blrow = align16(nlong * 4),
           blfirst = align16((nlong + 1) * 4), bdone = align16(nlong * 4),
           bpart = align16(nchunks * 8), bhas = align16(nchunks);
    size_t btab = bchunk + bcrow + blrow + blfirst + bdone + bpart + bhas;
    char *tab = nullptr;
    *S = GG_cuda_sview{};
    if (nlong > 0) {
        tab = (char *)GG_cuda_malloc(btab);
        if (tab == nullptr) {
            GG_cuda_free(narrow);
            return GG_CUDA_SPMV_NOMEM;
        }
        char *t_crow = tab + bchunk, *t_lrow = t_crow + bcrow, *t_first = t_lrow + blrow,
             *t_done = t_first + blfirst, *t_part = t_done + bdone, *t_has = t_part + bpart;
        if (!(GG_cuda_upload(tab, tb.chunk.data(), nchunks * 16) &&
              GG_cuda_upload(t_crow, tb.chunk_row.data(), nchunks * 4) &&
              GG_cuda_upload(t_lrow, tb.row.data(), nlong * 4) &&
              GG_cuda_upload(t_first, tb.first.data(), (nlong + 1) * 4) &&
              cudaMemsetAsync(t_done, 0, nlong * 4, s) == cudaSuccess)) {
            GG_cuda_free(narrow);
            GG_cuda_free(tab);
            return GG_CUDA_SPMV_ERROR;
        }
        S->chunk = (const uint64_t *)tab;
        S->chunk_row = (const uint32_t *)t_crow;
        S->long_row = (const uint32_t *)t_lrow;
        S->long_first = (const uint32_t *)t_first;
        S->done = (unsigned *)t_done;
        S->part = t_part;
        S->part_has = (unsigned char *)t_has;
    }
    S->nrows = n;
    S->nvals = nvals;
    S->ptr = narrow;
    S->ptr32 = p32;
    S->col = (const uint32_t *)(narrow + bptr);
    S->x = V->x;
    S->type_code = V->type_code;
    S->value_size = V->value_size;
    S->lanes = lanes;
    S->long_min = long_min;
    S->nlong = nlong;
    S->nchunks = nchunks;
    S->bytes = bptr + bcol + (nlong > 0 ? btab : 0);
    mem[0] = narrow;
    mem[1] = tab;
    return GG_CUDA_SPMV_OK;
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
