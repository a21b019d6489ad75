/* dense_writeback.cu: the masked, accumulated write-back of a dense device result (the CUDA
 * mxv/vxm slot's last step, GG_cuda_dense.h): one thread per position applies the mask, the
 * accumulator and replace, so the product never returns to the host before it is final. */
#include "GG_cuda.h"
#include "GG_cuda_dense.h"
#include "GG_cuda_semiring.cuh"
#include "GG_cuda_unary.h"

#include <cstring>

namespace {

template <typename T>
__global__ void writeback_kernel(int accum_op, bool comp, bool replace, uint64_t n, const T *t,
                                 const unsigned char *tp, T *w, unsigned char *wp,
                                 const unsigned char *m)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
         i += (uint64_t)gridDim.x * blockDim.x) {
        bool has_t = tp[i], has_w = wp != nullptr && wp[i];
        bool allowed = m == nullptr ? !comp : (m[i] != 0) != comp;
        T z{};
        bool has_z;
        if (accum_op >= 0 && has_t && has_w) {
            z = gg_binop<T>(accum_op, w[i], t[i]);
            has_z = true;
        } else if (has_t) {
            z = t[i];
            has_z = true;
        } else {
            has_z = accum_op >= 0 && has_w;
            if (has_z) z = w[i];
        }
        if (allowed) {
            w[i] = z;
            wp[i] = has_z;
        } else if (replace) {
            wp[i] = 0;
        }
    }
}

struct dev_buf {
    void *p = nullptr;
    bool get(size_t bytes) { return (p = GG_cuda_malloc(bytes)) != nullptr; }
    ~dev_buf() { GG_cuda_free(p); }
};

} // namespace

extern "C" bool GG_cuda_dense_accum_supported(int op, int t)
{
    bool isbool = t == GG_CUDA_BOOL;
    return (op >= GG_CUDA_OP_ONEB && op <= GG_CUDA_OP_DIV) || op == GG_CUDA_OP_ANY ||
           (isbool && (op == GG_CUDA_OP_LOR || op == GG_CUDA_OP_LAND || op == GG_CUDA_OP_LXOR));
}

extern "C" int GG_cuda_dense_writeback(int type_code, int accum_op, bool comp, bool replace,
                                       uint64_t n, const void *t_dev, const unsigned char *tp_dev,
                                       const void *w_host, const unsigned char *wp_host,
                                       const unsigned char *m_host, void *z_host,
                                       unsigned char *zp_host)
{
    if (n == 0) return GG_CUDA_RC_OK;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    size_t size = 0;
    switch (type_code) {
    case GG_CUDA_BOOL: size = sizeof(bool); break;
    case GG_CUDA_INT32: case GG_CUDA_UINT32: case GG_CUDA_FP32: size = 4; break;
    default: size = 8; break;
    }
    /* w and its presence become the output arrays, initialised from the old w (or empty) */
    dev_buf w, wp, m;
    if (!w.get(n * size) || !wp.get(n) || (m_host != nullptr && !m.get(n))) return GG_CUDA_RC_NOMEM;
    bool ok = true;
    if (w_host != nullptr) {
        ok = GG_cuda_upload(w.p, w_host, n * size) && GG_cuda_upload(wp.p, wp_host, n);
    } else {
        ok = cudaMemsetAsync(wp.p, 0, n, s) == cudaSuccess;
    }
    if (ok && m_host != nullptr) ok = GG_cuda_upload(m.p, m_host, n);
    if (!ok) return GG_CUDA_RC_ERROR;
    uint64_t b = (n + 255) / 256;
    unsigned blocks = b > 65535 ? 65535 : (unsigned)b;
    const unsigned char *mp = static_cast<const unsigned char *>(m.p);
    unsigned char *wpp = static_cast<unsigned char *>(wp.p);
    switch (type_code) {
#define GG_WB_CASE(CODE, T)                                                                        \
    case CODE:                                                                                     \
        writeback_kernel<T><<<blocks, 256, 0, s>>>(accum_op, comp, replace, n,                    \
                                                   static_cast<const T *>(t_dev), tp_dev,          \
                                                   static_cast<T *>(w.p), wpp, mp);                \
        break;
        GG_WB_CASE(GG_CUDA_BOOL, bool)
        GG_WB_CASE(GG_CUDA_INT32, int32_t)
        GG_WB_CASE(GG_CUDA_UINT32, uint32_t)
        GG_WB_CASE(GG_CUDA_INT64, int64_t)
        GG_WB_CASE(GG_CUDA_UINT64, uint64_t)
        GG_WB_CASE(GG_CUDA_FP32, float)
        GG_WB_CASE(GG_CUDA_FP64, double)
#undef GG_WB_CASE
    default: return GG_CUDA_RC_ERROR;
    }
    if (cudaGetLastError() != cudaSuccess) return GG_CUDA_RC_ERROR;
    ok = GG_cuda_download(z_host, w.p, n * size) && GG_cuda_download(zp_host, wp.p, n);
    return ok ? GG_CUDA_RC_OK : GG_CUDA_RC_ERROR;
}
