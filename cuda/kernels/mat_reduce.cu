/* mat_reduce.cu: the reductions of the CUDA reduce slots over a matrix's compressed device view
 * (GG_cuda_mat_kernels.h): CUB DeviceReduce to one value, and DeviceSegmentedReduce to one value
 * per row or column, scattered into a bitmap vector on the device. The operators' rules are
 * gg_binop's (GG_cuda_semiring.cuh), shared with the SpMV and vector kernels. */
#include "GG_cuda_mat_kernels.h"
#include "vec_common.cuh"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_segmented_reduce.cuh>

#include <cstring>
#include <limits>

namespace {

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

/* Waits for the stream and copies `bytes` back (counted as a transfer). */
int finish_download(void *host, const void *dev, size_t bytes)
{
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) return gg_vk_rc(err);
    return GG_cuda_download(host, dev, bytes) ? GG_CUDA_VRC_OK : GG_CUDA_VRC_ERROR;
}

/* A CUB reduction in its two calls (size the temporary storage, then run) into out_bytes of device
 * output that are then copied to out_host. `cub_call(temp, temp_bytes, out)` makes one call. */
template <typename F> int cub_to_host(size_t out_bytes, void *out_host, F cub_call)
{
    size_t temp_bytes = 0;
    cudaError_t err = cub_call(nullptr, temp_bytes, nullptr);
    if (err != cudaSuccess) return gg_vk_rc(err);
    gg_dev_buf out, temp;
    if (!out.get(out_bytes) || !temp.get(temp_bytes)) return GG_CUDA_VRC_NOMEM;
    err = cub_call(temp.p, temp_bytes, out.p);
    return err != cudaSuccess ? gg_vk_rc(err) : finish_download(out_host, out.p, out_bytes);
}

/* Binds the device and returns f(op, init, stream) for the monoid `opcode` on the domain type of
 * type_code (init its identity_of); GG_CUDA_VRC_ERROR for other codes. */
template <typename F> int with_monoid(int opcode, int type_code, F f)
{
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    int rc = GG_CUDA_VRC_ERROR;
    gg_with_type(type_code, [&](auto tag) {
        using T = decltype(tag);
        rc = f(reduce_op<T>{opcode}, identity_of<T>(opcode), s);
    });
    return rc;
}

} // namespace

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


namespace {

/* T(i) = out[k] for every nonempty vector k of the view (i its index): T's flags, values and, per
 * block, its count. */
template <typename E>
__global__ void rows_kernel(uint64_t nvec, const uint64_t *vec, const uint64_t *ptr, const E *out,
                            uint8_t *b, E *x, uint64_t *count)
{
    unsigned long long c = 0;
    GG_VK_FOR(k, nvec)
    {
        if (ptr[k + 1] == ptr[k]) continue;
        uint64_t i = vec != nullptr ? vec[k] : k;
        b[i] = 1;
        x[i] = out[k];
        c++;
    }
    gg_block_count(count, c);
}

} // namespace

extern "C" int GG_cuda_reduce_rows(GG_cuda_vec *T, int opcode, int type_code,
                                   const GG_cuda_cview *v, uint64_t n)
{
    *T = GG_cuda_vec{};
    if (n > GG_VFORM_BITMAP_MAX) return GG_CUDA_VRC_UNSUPPORTED;
    return with_monoid(opcode, type_code, [&](auto op, auto init, cudaStream_t s) {
        using E = decltype(init);
        if (n == 0) {
            T->d = GG_vdata{0, 0, nullptr, nullptr, nullptr, sizeof(E), GG_VF_SPARSE, false};
            T->nvals_known = true;
            return (int)GG_CUDA_VRC_OK;
        }
        gg_dev_buf b, x, count, out, temp;
        if (!b.get(n) || !x.get(n * sizeof(E)) || !count.get(sizeof(uint64_t)))
            return (int)GG_CUDA_VRC_NOMEM;
        /* values at absent positions are zeroed too, so a download copies defined bytes */
        int rc = gg_vk_rc(cudaMemsetAsync(b.p, 0, n, s));
        if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(x.p, 0, n * sizeof(E), s));
        if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(count.p, 0, sizeof(uint64_t), s));
        if (rc == GG_CUDA_VRC_OK && v->nvec > 0) {
            const E *vx = static_cast<const E *>(v->x);
            size_t bytes = 0;
            rc = gg_vk_rc(cub::DeviceSegmentedReduce::Reduce(nullptr, bytes, vx, static_cast<E *>(nullptr),
                                                             (int64_t)v->nvec, v->ptr, v->ptr + 1,
                                                             op, init, s));
            if (rc == GG_CUDA_VRC_OK && (!out.get(v->nvec * sizeof(E)) || !temp.get(bytes)))
                rc = GG_CUDA_VRC_NOMEM;
            if (rc == GG_CUDA_VRC_OK)
                rc = gg_vk_rc(cub::DeviceSegmentedReduce::Reduce(temp.p, bytes, vx, out.as<E>(),
                                                                 (int64_t)v->nvec, v->ptr,
                                                                 v->ptr + 1, op, init, s));
            if (rc == GG_CUDA_VRC_OK) {
                rows_kernel<E><<<gg_vk_blocks(v->nvec), GG_VK_THREADS, 0, s>>>(
                    v->nvec, v->vec, v->ptr, out.as<E>(), b.as<uint8_t>(), x.as<E>(),
                    count.as<uint64_t>());
                rc = gg_vk_launched();
            }
        }
        if (rc != GG_CUDA_VRC_OK) return rc;
        T->d = GG_vdata{n, 0, nullptr, b.as<uint8_t>(), x.p, sizeof(E), GG_VF_BITMAP, false};
        b.release();
        x.release();
        T->count = static_cast<uint64_t *>(count.release());
        T->nvals_known = false;
        return (int)GG_CUDA_VRC_OK;
    });
}
