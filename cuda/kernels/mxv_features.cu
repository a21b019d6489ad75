/* mxv_features.cu: the device pass behind the SVM's matrix features (GG_cuda_mxv_features.h), run
 * once per matrix and orientation and cached with its views. Three grid-stride kernels, each
 * reading one array once: the squared column lengths (a CUB block sum, one atomic per block),
 * the panel-change histogram over the row view's consecutive index pairs (shared-memory bins),
 * and a pass over the row starts that takes back the pairs that straddle two rows and counts the
 * non-empty rows. A pair (p-1, p) opens a new segment for panel width 2^s exactly when the two
 * column indices differ in bit s or above, so the highest differing bit alone places it in the
 * histogram of all 13 widths at once. */
#include "vec_common.cuh"
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

} // namespace

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
