/* unary.cu: the device kernels of the CUDA apply, select and reduce slots (GG_cuda_unary.h):
 * element-wise apply of a unary operator or a binary operator with a bound scalar, the keep-flags
 * of select compacted with CUB DeviceSelect, and reductions with CUB DeviceReduce (to one value)
 * and DeviceSegmentedReduce (one value per row or column of a compressed view). Operators are
 * selected at run time by op code, so each domain type is instantiated once; the operators' rules
 * are gg_unop's and gg_binop's (GG_cuda_semiring.cuh), shared with the SpMV and vector kernels. */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"
#include "GG_cuda_unary.h"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <cstring>

namespace {

template <typename T>
__global__ void apply_kernel(int kind, int op, const T *x, uint64_t n, T bound, T *z)
{
    for (uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; p < n;
         p += (uint64_t)gridDim.x * blockDim.x) {
        T a = x[p];
        z[p] = kind == GG_CUDA_APPLY_UNARY     ? gg_unop<T>(op, a)
               : kind == GG_CUDA_APPLY_BIND1ST ? gg_binop<T>(op, bound, a)
                                               : gg_binop<T>(op, a, bound);
    }
}

/* The vector of entry p of a compressed view: the last k with ptr[k] <= p. */
__device__ inline uint64_t vector_of(const uint64_t *ptr, uint64_t nvec, uint64_t p)
{
    uint64_t lo = 0, hi = nvec;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (ptr[mid] <= p)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* keep[p] for the positional tests (GG_IDX_* rules) and the value comparisons with the thunk. */
template <typename T>
__global__ void select_kernel(int op, GG_cuda_cview v, uint64_t n, int64_t k, T y, uint8_t *keep)
{
    const T *x = static_cast<const T *>(v.x);
    for (uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; p < n;
         p += (uint64_t)gridDim.x * blockDim.x) {
        bool b;
        if (op >= GG_CUDA_IOP_TRIL && op <= GG_CUDA_IOP_ROWGT) {
            uint64_t q = vector_of(v.ptr, v.nvec, p);
            uint64_t i = v.vec == nullptr ? q : v.vec[q], j = v.idx[p];
            int64_t d = (int64_t)(j - i);
            switch (op) {
            case GG_CUDA_IOP_TRIL: b = d <= k; break;
            case GG_CUDA_IOP_TRIU: b = d >= k; break;
            case GG_CUDA_IOP_DIAG: b = d == k; break;
            case GG_CUDA_IOP_OFFDIAG: b = d != k; break;
            case GG_CUDA_IOP_COLLE: b = (int64_t)j <= k; break;
            case GG_CUDA_IOP_COLGT: b = (int64_t)j > k; break;
            case GG_CUDA_IOP_ROWLE: b = (int64_t)i <= k; break;
            default: b = (int64_t)i > k; break;
            }
        } else {
            T a = x[p];
            switch (op) {
            case GG_CUDA_IOP_VALUEEQ: b = a == y; break;
            case GG_CUDA_IOP_VALUENE: b = a != y; break;
            case GG_CUDA_IOP_VALUELT: b = a < y; break;
            case GG_CUDA_IOP_VALUELE: b = a <= y; break;
            case GG_CUDA_IOP_VALUEGT: b = a > y; break;
            default: b = a >= y; break;
            }
        }
        keep[p] = b;
    }
}

template <typename T> struct reduce_op {
    int op;
    __device__ T operator()(const T &a, const T &b) const { return gg_binop<T>(op, a, b); }
};

/* An identity of the monoid operator that also gives the CPU fold's result bit for bit: -0 for
 * floating-point PLUS (so a lone -0 stays -0) and NaN for floating-point MIN/MAX (which ignore a
 * NaN operand, so all-NaN input still gives NaN). */
template <typename T> T identity_of(int op)
{
    if constexpr (std::is_same_v<T, bool>) {
        return op == GG_CUDA_OP_TIMES || op == GG_CUDA_OP_MIN || op == GG_CUDA_OP_LAND;
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case GG_CUDA_OP_PLUS: return (T)-0.0;
        case GG_CUDA_OP_TIMES: return (T)1;
        default: return std::numeric_limits<T>::quiet_NaN();
        }
    } else {
        switch (op) {
        case GG_CUDA_OP_PLUS: return 0;
        case GG_CUDA_OP_TIMES: return 1;
        case GG_CUDA_OP_MIN: return std::numeric_limits<T>::max();
        default: return std::numeric_limits<T>::min();
        }
    }
}

unsigned blocks_for(uint64_t n)
{
    uint64_t b = (n + 255) / 256;
    return b == 0 ? 1 : b > 65535 ? 65535 : (unsigned)b;
}

/* Device buffers that free themselves (stream-ordered) on every exit path. */
struct dev_buf {
    void *p = nullptr;
    bool get(size_t bytes) { return (p = GG_cuda_malloc(bytes)) != nullptr; }
    ~dev_buf() { GG_cuda_free(p); }
};

int rc_of(cudaError_t err)
{
    if (err == cudaSuccess) return GG_CUDA_RC_OK;
    cudaGetLastError();
    return err == cudaErrorMemoryAllocation ? GG_CUDA_RC_NOMEM : GG_CUDA_RC_ERROR;
}

/* Waits for the stream and copies `bytes` back (counted as a transfer). */
int finish_download(void *host, const void *dev, size_t bytes)
{
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) return rc_of(err);
    return GG_cuda_download(host, dev, bytes) ? GG_CUDA_RC_OK : GG_CUDA_RC_ERROR;
}

/* A CUB reduction in its two calls (size the temporary storage, then run) into out_bytes of device
 * output that are then copied to out_host. `cub_call(temp, temp_bytes, out)` makes one call. */
template <typename F> int cub_to_host(size_t out_bytes, void *out_host, F cub_call)
{
    size_t temp_bytes = 0;
    cudaError_t err = cub_call(nullptr, temp_bytes, nullptr);
    if (err != cudaSuccess) return rc_of(err);
    dev_buf out, temp;
    if (!out.get(out_bytes) || !temp.get(temp_bytes)) return GG_CUDA_RC_NOMEM;
    err = cub_call(temp.p, temp_bytes, out.p);
    return err != cudaSuccess ? rc_of(err) : finish_download(out_host, out.p, out_bytes);
}

/* Binds the device and returns f(op, init, stream) for the monoid `opcode` on the domain type of
 * type_code (init its identity_of); GG_CUDA_RC_ERROR for other codes. */
template <typename F> int with_monoid(int opcode, int type_code, F f)
{
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    int rc = GG_CUDA_RC_ERROR;
    gg_with_type(type_code, [&](auto tag) {
        using T = decltype(tag);
        rc = f(reduce_op<T>{opcode}, identity_of<T>(opcode), s);
    });
    return rc;
}

} // namespace

extern "C" bool GG_cuda_apply_supported(int kind, int opcode, int t)
{
    if (!gg_domain(t)) return false;
    bool isbool = t == GG_CUDA_BOOL, isint = !isbool && t != GG_CUDA_FP32 && t != GG_CUDA_FP64;
    if (kind == GG_CUDA_APPLY_UNARY) {
        switch (opcode) {
        case GG_CUDA_UOP_IDENTITY:
        case GG_CUDA_UOP_AINV:
        case GG_CUDA_UOP_MINV:
        case GG_CUDA_UOP_ABS: return true;
        case GG_CUDA_UOP_LNOT: return isbool;
        case GG_CUDA_UOP_BNOT: return isint;
        default: return false;
        }
    }
    return (opcode >= GG_CUDA_OP_ONEB && opcode <= GG_CUDA_OP_DIV) || opcode == GG_CUDA_OP_ANY ||
           (isbool && (opcode == GG_CUDA_OP_LOR || opcode == GG_CUDA_OP_LAND ||
                       opcode == GG_CUDA_OP_LXOR));
}

extern "C" bool GG_cuda_select_supported(int opcode, int t)
{
    return gg_domain(t) && opcode >= GG_CUDA_IOP_TRIL && opcode <= GG_CUDA_IOP_VALUEGE;
}

extern "C" bool GG_cuda_reduce_supported(int opcode, int t)
{
    if (!gg_domain(t)) return false;
    switch (opcode) {
    case GG_CUDA_OP_PLUS:
    case GG_CUDA_OP_TIMES:
    case GG_CUDA_OP_MIN:
    case GG_CUDA_OP_MAX: return true;
    case GG_CUDA_OP_LOR:
    case GG_CUDA_OP_LAND: return t == GG_CUDA_BOOL;
    default: return false;
    }
}

extern "C" int GG_cuda_apply_values(int kind, int opcode, int type_code, const void *x_dev,
                                    uint64_t n, const void *bound, void *z_host)
{
    if (n == 0) return GG_CUDA_RC_OK;
    GG_cuda_bind();
    int rc = GG_CUDA_RC_ERROR;
    gg_with_type(type_code, [&](auto tag) {
        using T = decltype(tag);
        T b{};
        if (bound != nullptr) memcpy(&b, bound, sizeof b);
        dev_buf z;
        if (!z.get(n * sizeof(T))) {
            rc = GG_CUDA_RC_NOMEM;
            return;
        }
        apply_kernel<T><<<blocks_for(n), 256, 0, GG_cuda_stream()>>>(
            kind, opcode, static_cast<const T *>(x_dev), n, b, static_cast<T *>(z.p));
        rc = finish_download(z_host, z.p, n * sizeof(T));
    });
    return rc;
}

extern "C" int GG_cuda_select_positions(int opcode, int type_code, const GG_cuda_cview *v,
                                        const void *thunk, uint64_t *pos_host, uint64_t *kept)
{
    *kept = 0;
    uint64_t n = 0;
    if (v->nvec > 0 && !GG_cuda_download(&n, v->ptr + v->nvec, sizeof n)) return GG_CUDA_RC_ERROR;
    if (n == 0) return GG_CUDA_RC_OK;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    int rc = GG_CUDA_RC_ERROR;
    gg_with_type(type_code, [&](auto tag) {
        using T = decltype(tag);
        T y{};
        int64_t k = 0;
        if (opcode >= GG_CUDA_IOP_TRIL && opcode <= GG_CUDA_IOP_ROWGT)
            memcpy(&k, thunk, sizeof k);
        else
            memcpy(&y, thunk, sizeof y);
        dev_buf keep, out, num, temp;
        size_t temp_bytes = 0;
        thrust::counting_iterator<uint64_t> positions(0);
        cudaError_t err = cub::DeviceSelect::Flagged(nullptr, temp_bytes, positions,
                                                     static_cast<uint8_t *>(nullptr),
                                                     static_cast<uint64_t *>(nullptr),
                                                     static_cast<uint64_t *>(nullptr), n, s);
        if (err != cudaSuccess) {
            rc = rc_of(err);
            return;
        }
        if (!keep.get(n) || !out.get(n * sizeof(uint64_t)) || !num.get(sizeof(uint64_t)) ||
            !temp.get(temp_bytes)) {
            rc = GG_CUDA_RC_NOMEM;
            return;
        }
        select_kernel<T><<<blocks_for(n), 256, 0, s>>>(opcode, *v, n, k, y,
                                                       static_cast<uint8_t *>(keep.p));
        err = cub::DeviceSelect::Flagged(temp.p, temp_bytes, positions,
                                         static_cast<uint8_t *>(keep.p),
                                         static_cast<uint64_t *>(out.p),
                                         static_cast<uint64_t *>(num.p), n, s);
        if (err != cudaSuccess) {
            rc = rc_of(err);
            return;
        }
        uint64_t count = 0;
        rc = finish_download(&count, num.p, sizeof count);
        if (rc == GG_CUDA_RC_OK) rc = finish_download(pos_host, out.p, count * sizeof(uint64_t));
        if (rc == GG_CUDA_RC_OK) *kept = count;
    });
    return rc;
}

extern "C" int GG_cuda_reduce_all(int opcode, int type_code, const void *x_dev, uint64_t n,
                                  void *result_host)
{
    return with_monoid(opcode, type_code, [&](auto op, auto init, cudaStream_t s) {
        using T = decltype(init);
        const T *x = static_cast<const T *>(x_dev);
        return cub_to_host(sizeof(T), result_host, [&](void *temp, size_t &bytes, void *out) {
            return cub::DeviceReduce::Reduce(temp, bytes, x, static_cast<T *>(out), n, op, init,
                                             s);
        });
    });
}

extern "C" int GG_cuda_reduce_vectors(int opcode, int type_code, const GG_cuda_cview *v,
                                      void *out_host)
{
    if (v->nvec == 0) return GG_CUDA_RC_OK;
    return with_monoid(opcode, type_code, [&](auto op, auto init, cudaStream_t s) {
        using T = decltype(init);
        const T *x = static_cast<const T *>(v->x);
        size_t out_bytes = v->nvec * sizeof(T);
        return cub_to_host(out_bytes, out_host, [&](void *temp, size_t &bytes, void *out) {
            return cub::DeviceSegmentedReduce::Reduce(temp, bytes, x, static_cast<T *>(out),
                                                      (int64_t)v->nvec, v->ptr, v->ptr + 1, op,
                                                      init, s);
        });
    });
}
