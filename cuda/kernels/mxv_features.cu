/* mxv_features.cu: the device pass behind the SVM's matrix features (GG_cuda_mxv_features.h), run
 * once per matrix and orientation and cached with its views. Three grid-stride kernels, each
 * reading one array once: the squared column lengths (a CUB block sum, one atomic per block),
 * the panel-change histogram over the row view's consecutive index pairs (shared-memory bins),
 * and a pass over the row starts that takes back the pairs that straddle two rows and counts the
 * non-empty rows. A pair (p-1, p) opens a new segment for panel width 2^s exactly when the two
 * column indices differ in bit s or above, so the highest differing bit alone places it in the
 * histogram of all 13 widths at once. A call's push work (the frontier's column lengths summed)
 * is one reduction kernel over the frontier (work_kernel), made per call, only where the slot asks
 * for it. */
#include "mat_common.cuh"
#include "GG_cuda_mxv_features.h"

#include <cub/block/block_reduce.cuh>

namespace
{

/* The histogram bin of an index pair (0 .. GG_SVM_NPANEL - 1), or -1 when the two indices lie in
 * one panel of every width. */
__device__ inline int pair_bin(uint64_t a, uint64_t b)
{
    uint64_t d = (a ^ b) >> GG_SVM_PANEL_LO;
    if (d == 0) return -1;
    int top = 63 - __clzll((long long)d); /* highest differing bit, minus GG_SVM_PANEL_LO */
    return top < GG_SVM_NPANEL - 1 ? top : GG_SVM_NPANEL - 1;
}

__global__ void __launch_bounds__(GG_VK_THREADS)
colsq_kernel(const uint64_t *ptr, uint64_t nvec, unsigned long long *sumsq)
{
    using Reduce = cub::BlockReduce<unsigned long long, GG_VK_THREADS>;
    __shared__ typename Reduce::TempStorage tmp;
    unsigned long long s = 0;
    for (uint64_t r = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; r < nvec;
         r += (uint64_t)gridDim.x * blockDim.x) {
        unsigned long long len = ptr[r + 1] - ptr[r];
        s += len * len;
    }
    s = Reduce(tmp).Sum(s);
    if (threadIdx.x == 0 && s != 0) atomicAdd(sumsq, s);
}

/* sign +1: every pair (p-1, p) of the index array; the row-start pass adds the straddling ones
 * again with sign -1 (two's complement: the 64-bit sums come out exact). */
__device__ inline void flush_bins(unsigned *bins, unsigned long long *hist, bool negate)
{
    __syncthreads();
    if (threadIdx.x < GG_SVM_NPANEL && bins[threadIdx.x] != 0) {
        unsigned long long v = bins[threadIdx.x];
        atomicAdd(hist + threadIdx.x, negate ? 0ull - v : v);
    }
}

__global__ void __launch_bounds__(GG_VK_THREADS)
pairs_kernel(const uint64_t *idx, uint64_t nnz, unsigned long long *hist)
{
    __shared__ unsigned bins[GG_SVM_NPANEL];
    if (threadIdx.x < GG_SVM_NPANEL) bins[threadIdx.x] = 0;
    __syncthreads();
    for (uint64_t p = 1 + blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; p < nnz;
         p += (uint64_t)gridDim.x * blockDim.x) {
        int k = pair_bin(idx[p - 1], idx[p]);
        if (k >= 0) atomicAdd(&bins[k], 1u);
    }
    flush_bins(bins, hist, false);
}

__global__ void __launch_bounds__(GG_VK_THREADS)
rows_kernel(const uint64_t *ptr, const uint64_t *idx, uint64_t nvec, unsigned long long *hist,
            unsigned long long *nonempty)
{
    __shared__ unsigned bins[GG_SVM_NPANEL];
    using Reduce = cub::BlockReduce<unsigned long long, GG_VK_THREADS>;
    __shared__ typename Reduce::TempStorage tmp;
    if (threadIdx.x < GG_SVM_NPANEL) bins[threadIdx.x] = 0;
    __syncthreads();
    unsigned long long rows = 0;
    for (uint64_t r = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; r < nvec;
         r += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t p = ptr[r];
        if (ptr[r + 1] == p) continue;
        rows++;
        int k = p > 0 ? pair_bin(idx[p - 1], idx[p]) : -1;
        if (k >= 0) atomicAdd(&bins[k], 1u);
    }
    rows = Reduce(tmp).Sum(rows);
    if (threadIdx.x == 0 && rows != 0) atomicAdd(nonempty, rows);
    flush_bins(bins, hist, true);
}

/* Term p of the push work: the length of the push view's column at the frontier's entry p (a
 * SPARSE x's index i[p]), or, for a BITMAP x, the lengths at the set flags among positions
 * [16 p, 16 p + 16), whose flags are read as one 16-byte word where they are whole and aligned:
 * a term a position, read a byte at a time, took 45 us over the 9M flags of the grid at 5 %
 * (ncu, H200, 2026-11-27), latency-bound at 0.8 TB/s. */
constexpr uint64_t WORK_FLAGS = 16;

struct work_term {
    GG_cuda_cview v;
    const uint64_t *i;
    const uint8_t *b;
    uint64_t n;
    __device__ unsigned long long operator()(uint64_t p) const
    {
        uint64_t p0;
        if (i != nullptr) return gg_cview_vector(v, i[p], &p0);
        uint64_t k0 = p * WORK_FLAGS;
        uint8_t f[WORK_FLAGS];
        if (k0 + WORK_FLAGS <= n && reinterpret_cast<uintptr_t>(b + k0) % 16 == 0) {
            uint4 w = *reinterpret_cast<const uint4 *>(b + k0);
            memcpy(f, &w, sizeof f);
        } else {
            for (uint64_t j = 0; j < WORK_FLAGS; j++) f[j] = k0 + j < n ? b[k0 + j] : 0;
        }
        unsigned long long s = 0;
        if (v.vec != nullptr) { /* hypersparse: a search a set flag */
            for (uint64_t j = 0; j < WORK_FLAGS; j++)
                if (f[j]) s += gg_cview_vector(v, k0 + j, &p0);
            return s;
        }
        /* every set flag's two offsets loaded before any is used: one round of gathers */
        uint64_t lo[WORK_FLAGS], hi[WORK_FLAGS];
#pragma unroll
        for (uint64_t j = 0; j < WORK_FLAGS; j++) {
            bool on = f[j] != 0 && k0 + j < v.nvec;
            lo[j] = on ? v.ptr[k0 + j] : 0;
            hi[j] = on ? v.ptr[k0 + j + 1] : 0;
        }
#pragma unroll
        for (uint64_t j = 0; j < WORK_FLAGS; j++) s += hi[j] - lo[j];
        return s;
    }
};

/* The push work in one launch: a term a thread (all of a term's column lengths loaded at once,
 * so a thread waits for one round of gathers), a block sum, and the last block to finish adds the
 * blocks' sums and stores the total in *out (pinned host memory where a count word was free),
 * then clears the counter. cub::DeviceReduce over the same terms took 58-66 us on RMAT-21 at 5-20
 * % (a bitmap x; ncu, H200, 2026-11-27, twelfth session), 28 % of the decided call at 5 %: its
 * grid is a few blocks an SM, so each thread walked many terms one dependent gather after
 * another. */
__global__ void __launch_bounds__(GG_VK_THREADS)
work_kernel(work_term term, uint64_t terms, unsigned long long *part, unsigned *done,
            unsigned long long *out)
{
    using Reduce = cub::BlockReduce<unsigned long long, GG_VK_THREADS>;
    __shared__ typename Reduce::TempStorage tmp;
    __shared__ bool last;
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    unsigned long long s = Reduce(tmp).Sum(p < terms ? term(p) : 0ull);
    if (threadIdx.x == 0) {
        part[blockIdx.x] = s;
        __threadfence();
        last = atomicAdd(done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last) return;
    __threadfence();
    unsigned long long t = 0;
    for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x)
        t += reinterpret_cast<volatile unsigned long long *>(part)[b];
    t = Reduce(tmp).Sum(t);
    if (threadIdx.x == 0) {
        *out = t;
        *done = 0;
    }
}

} // namespace

extern "C" int GG_cuda_mxv_push_work(const GG_cuda_cview *cols, const GG_vdata *x, uint64_t nvals,
                                     uint64_t *work)
{
    *work = 0;
    bool sparse = x->form == GG_VF_SPARSE;
    if (!sparse && x->form != GG_VF_BITMAP) return GG_CUDA_VRC_UNSUPPORTED;
    uint64_t terms = sparse ? nvals : (x->n + WORK_FLAGS - 1) / WORK_FLAGS;
    if (terms == 0 || cols->nvec == 0) return GG_CUDA_VRC_OK;
    uint64_t blocks = (terms + GG_VK_THREADS - 1) / GG_VK_THREADS;
    if (blocks > 0x7fffffffu) return GG_CUDA_VRC_UNSUPPORTED;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    work_term term{*cols, sparse ? x->i : nullptr, sparse ? nullptr : x->b, x->n};
    /* the sum goes straight into pinned memory when a word is left: the host reads it after the
     * wait with no copy (5.4 us less than a copy on the H200 host, Doc/performance.md) */
    gg_dev_buf temp, out;
    uint64_t *word = GG_cuda_count_word();
    if (word != nullptr) out.p = word;
    if ((word == nullptr && !out.get(sizeof(uint64_t))) || !temp.get(blocks * 8 + 8))
        return GG_CUDA_VRC_NOMEM;
    unsigned *done = reinterpret_cast<unsigned *>(temp.as<uint64_t>() + blocks);
    int rc = gg_vk_rc(cudaMemsetAsync(done, 0, sizeof *done, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    work_kernel<<<(unsigned)blocks, GG_VK_THREADS, 0, s>>>(
        term, terms, temp.as<unsigned long long>(), done, out.as<unsigned long long>());
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    bool got = word != nullptr ? GG_cuda_sync() : GG_cuda_download(work, out.p, sizeof *work);
    if (got && word != nullptr) *work = *(volatile uint64_t *)word;
    return got ? GG_CUDA_VRC_OK : GG_CUDA_VRC_ERROR;
}

extern "C" int GG_cuda_mxv_counts(const GG_cuda_cview *cols, const GG_cuda_cview *rows,
                                  uint64_t nnz, GG_svm_counts *out)
{
    static_assert(sizeof(GG_svm_counts) == (2 + GG_SVM_NPANEL) * sizeof(uint64_t),
                  "GG_svm_counts is a plain array of 64-bit counts");
    memset(out, 0, sizeof *out);
    if (nnz == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    gg_dev_buf buf;
    if (!buf.get(sizeof *out)) return GG_CUDA_VRC_NOMEM;
    auto *d = buf.as<unsigned long long>(); /* [sumsq, rows_nonempty, hist...] as GG_svm_counts */
    int rc = gg_vk_rc(cudaMemsetAsync(d, 0, sizeof *out, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    colsq_kernel<<<gg_vk_blocks(cols->nvec), GG_VK_THREADS, 0, s>>>(cols->ptr, cols->nvec, d);
    pairs_kernel<<<gg_vk_blocks(nnz), GG_VK_THREADS, 0, s>>>(rows->idx, nnz, d + 2);
    rows_kernel<<<gg_vk_blocks(rows->nvec), GG_VK_THREADS, 0, s>>>(rows->ptr, rows->idx,
                                                                   rows->nvec, d + 2, d + 1);
    rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK && !GG_cuda_download(out, d, sizeof *out)) rc = GG_CUDA_VRC_ERROR;
    return rc;
}
