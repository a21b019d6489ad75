/* vec_common.cuh: what the vector kernels' files (cuda/kernels/vec_*.cu) share on the host and
 * the device: launch shapes, CUDA errors as GG_CUDA_VRC_* codes, device buffers owned by one call,
 * a vector read by position whatever its form (gg_pview; a sparse input is scattered into a
 * temporary bitmap first, vec_form.cu), and the per-block count of a kernel's output entries. */
#ifndef GG_CUDA_VEC_COMMON_CUH
#define GG_CUDA_VEC_COMMON_CUH

#include "GG_cuda.h"
#include "vec_value.cuh"

#include <cuda_runtime.h>

/* Threads per block and the most blocks of a grid-stride launch. Unmeasured: set from the usual
 * shape of memory-bound kernels (256 threads, a few waves of an H100's 132 SMs); the lead's GPU
 * run should time them (a larger grid costs one more atomicAdd per block for the counts). */
constexpr unsigned GG_VK_THREADS = 256;
constexpr uint64_t GG_VK_MAX_BLOCKS = 2048;

inline unsigned gg_vk_blocks(uint64_t n)
{
    uint64_t b = (n + GG_VK_THREADS - 1) / GG_VK_THREADS;
    return b == 0 ? 1 : b > GG_VK_MAX_BLOCKS ? (unsigned)GG_VK_MAX_BLOCKS : (unsigned)b;
}

/* A CUDA error as a result code; the error is cleared so it does not surface in a later call. */
inline int gg_vk_rc(cudaError_t err)
{
    if (err == cudaSuccess) return GG_CUDA_VRC_OK;
    cudaGetLastError();
    return err == cudaErrorMemoryAllocation ? GG_CUDA_VRC_NOMEM : GG_CUDA_VRC_ERROR;
}

/* The result of the launches queued since the last check. */
inline int gg_vk_launched(void)
{
    return gg_vk_rc(cudaGetLastError());
}

/* One device buffer from GG_cuda_malloc, freed (stream-ordered) when the call that owns it returns
 * unless release()d into a result. */
struct gg_dev_buf {
    void *p = nullptr;
    gg_dev_buf() = default;
    gg_dev_buf(const gg_dev_buf &) = delete;
    gg_dev_buf &operator=(const gg_dev_buf &) = delete;
    ~gg_dev_buf() { GG_cuda_free(p); }
    bool get(size_t bytes) { return (p = GG_cuda_malloc(bytes)) != nullptr; }
    template <typename T> T *as() const { return static_cast<T *>(p); }
    void *release()
    {
        void *q = p;
        p = nullptr;
        return q;
    }
};

/* Whether d certainly holds no entry, decided on the host without reading the device: no vector,
 * no dimension, no values, or a sparse vector with nvals 0. A bitmap's nvals is never read (the
 * host may not know it after a device write): its flags say. */
inline bool gg_vd_empty(const GG_vdata *d)
{
    return d == nullptr || d->n == 0 || d->x == nullptr ||
           (d->form == GG_VF_SPARSE && (d->nvals == 0 || d->i == nullptr)) ||
           (d->form == GG_VF_BITMAP && d->b == nullptr);
}

/* A host scalar of type `code` (a value buffer of the call, maybe unaligned). */
inline gg_val gg_host_val(const void *p, int code)
{
    gg_val v{0};
    memcpy(&v.u, p, gg_size_of(code));
    return v;
}

/* x[0] = v, written by a kernel so that no host buffer is copied (and counted as a transfer) for
 * one value; queued (vec_form.cu). */
int gg_vk_store_one(void *x, uint32_t size, gg_val v);

/* ---- a vector read by position -------------------------------------------------------------- */

/* Entry i is present when any and (b == NULL or b[i]); its value is value i of x (value 0 when
 * iso), `size` bytes. */
struct gg_pview {
    const uint8_t *b;
    const void *x;
    uint32_t size;
    bool iso, any;
};

__device__ inline bool gg_pv_has(const gg_pview &v, uint64_t i)
{
    return v.any && (v.b == nullptr || v.b[i] != 0);
}

__device__ inline gg_val gg_pv_get(const gg_pview &v, uint64_t i)
{
    return gg_load_sized(v.x, v.iso ? 0 : i, v.size);
}

/* Scatters the entries of the sparse d into flags b (n bytes, cleared first) and, when x is not
 * NULL, their values into x (n values of d->size). With `test`, b[i] is instead whether the value
 * is true as a mask value (any nonzero byte, so -0.0 is true, as the CPU backend reads it). Queued on the
 * stream; the result code of the launches (vec_form.cu). */
int gg_vk_scatter(const GG_vdata *d, uint8_t *b, void *x, bool test);

/* v reads d: a bitmap or full d in place; a sparse d through flags and values scattered into
 * buffers allocated here (values only when d is not iso), or into b and x when given (b n bytes,
 * x n values). A structural-only use (mask flags) passes values = false: then a sparse d's flags
 * hold the mask truth (test) and v.x is NULL. */
inline int gg_pview_of(gg_pview *v, const GG_vdata *d, gg_dev_buf &fb, gg_dev_buf &xb,
                       uint8_t *b = nullptr, void *x = nullptr, bool values = true,
                       bool test = false)
{
    *v = gg_pview{nullptr, nullptr, d == nullptr ? 0 : d->size, false, false};
    if (gg_vd_empty(d)) return GG_CUDA_VRC_OK;
    v->any = true;
    v->iso = d->iso;
    v->x = d->x;
    if (d->form == GG_VF_FULL) return GG_CUDA_VRC_OK;
    if (d->form == GG_VF_BITMAP) {
        v->b = d->b;
        return GG_CUDA_VRC_OK;
    }
    if (b == nullptr) {
        if (!fb.get(d->n)) return GG_CUDA_VRC_NOMEM;
        b = fb.as<uint8_t>();
    }
    bool scatter_x = values && !d->iso;
    if (scatter_x && x == nullptr) {
        if (!xb.get(d->n * d->size)) return GG_CUDA_VRC_NOMEM;
        x = xb.p;
    }
    v->b = b;
    if (scatter_x) v->x = x;
    if (!values) v->x = nullptr;
    return gg_vk_scatter(d, b, scatter_x ? x : nullptr, test);
}

/* ---- counting a kernel's entries ---------------------------------------------------------------
 * Every thread of the block calls it once with its own count; one atomicAdd per block. */
__device__ inline void gg_block_count(uint64_t *count, unsigned long long c)
{
    __shared__ unsigned long long warp_sum[32];
    for (int d = 16; d > 0; d /= 2) c += __shfl_down_sync(0xffffffffu, c, d);
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sum[warp] = c;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long s = 0;
        for (unsigned w = 0; w < (blockDim.x + 31) / 32; w++) s += warp_sum[w];
        if (s != 0) atomicAdd(reinterpret_cast<unsigned long long *>(count), s);
    }
}

/* ---- a mask read at one position (the products and the in-place assign) ---------------------- */

/* Whether a value of `size` bytes at p has a nonzero byte (a value mask's truth, as the CPU
 * backend reads a mask value: -0.0 counts as true). */
__device__ inline bool gg_nonzero_bytes(const void *p, uint32_t size)
{
    switch (size) {
    case 1: return *(const uint8_t *)p != 0;
    case 2: return *(const uint16_t *)p != 0;
    case 4: return *(const uint32_t *)p != 0;
    case 8: return *(const uint64_t *)p != 0;
    default: {
        const uint8_t *b = (const uint8_t *)p;
        for (uint32_t k = 0; k < size; k++)
            if (b[k] != 0) return true;
        return false;
    }
    }
}

/* The first position of the sorted a[0 .. n) whose value is at least key (n when none is). */
template <class K> __device__ inline uint64_t gg_lower_bound(const K *a, uint64_t n, uint64_t key)
{
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Position idx of A: whether it holds an entry, and which stored value *p is (a sparse A is
 * searched: its indices are sorted). */
__device__ inline bool gg_vd_find(const GG_vdata &A, uint64_t idx, uint64_t *p)
{
    if (A.form == GG_VF_FULL) {
        *p = idx;
        return true;
    }
    if (A.form == GG_VF_BITMAP) {
        *p = idx;
        return A.b[idx] != 0;
    }
    uint64_t lo = gg_lower_bound(A.i, A.nvals, idx);
    *p = lo;
    return lo < A.nvals && A.i[lo] == idx;
}

/* The mask's verdict on row i (before the complement the caller applies). */
__device__ inline bool gg_mask_bit(const GG_vdata &M, bool mstruct, uint64_t i)
{
    uint64_t p;
    if (!gg_vd_find(M, i, &p)) return false;
    if (mstruct) return true;
    return gg_nonzero_bytes((const char *)M.x + (M.iso ? 0 : p * M.size), M.size);
}

/* The grid-stride loop over positions [0, n). */
#define GG_VK_FOR(i, n)                                                                            \
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (n);                    \
         i += (uint64_t)gridDim.x * blockDim.x)

#endif /* GG_CUDA_VEC_COMMON_CUH */
