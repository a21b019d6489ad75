/* cmrs.cu: SpMV on a compressed view by multi-row strips (Koza et al., "Compressed multirow
 * storage format for sparse matrices on graphics processing units", the CMRS kernel), and the rule
 * that picks it or the HiSparse kernel (GG_cuda_spmv.h).
 *
 * A warp takes a strip of h consecutive vectors (rows); the strip's entries are contiguous in the
 * view, so the warp streams them coalesced however short the rows are. The paper stores each
 * entry's row-in-strip beside its column; on our CSR view the strip's h + 1 row pointers in shared
 * memory give it instead (a lane's entries only move forward, so a cursor finds the row). Each
 * lane keeps a run of one row in a register and parks it in its column of a per-warp h x 32
 * buffer (the paper's `buf`, padded to 33 columns); lane q then folds row q over the lanes' parts,
 * so the strip's rows are folded in parallel and written together, without atomics. h = 64 / (mean entries per row), clamped to [1, 16]: a strip holds
 * about two warp-widths of entries, the paper's efficiency model's sweet spot.
 *
 * Choosing a kernel (GG_cuda_spmv_pick): both kernels are bound by the bytes they read, so the
 * rule compares them: the tree's pool against the view's pointer, index and value arrays (64-bit
 * indices), CMRS only when the needed view is already on the device (making one costs more than
 * a product) and reads fewer bytes by the measured margin CMRS_MARGIN. */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"

#include <cuda_runtime.h>

namespace
{

constexpr int THREADS = 128; /* the paper's best block size */
constexpr int WARPS = THREADS / 32;
constexpr int MAX_H = 16;

template <typename T> struct Cm {
    uint64_t nvec;
    const uint64_t *vec, *ptr, *idx;
    const void *v;
    int stype, h;
    bool same;
    T ident;
    int add, mul;
    bool vec_first;
    const T *x;
    T *y;
    uint8_t *yp;
};

template <typename T, bool PT> __device__ inline T cm_prod(const Cm<T> &c, uint64_t k)
{
    T a = c.same ? ((const T *)c.v)[k] : gg_load_cast<T>(c.v, k, c.stype, 1.0);
    T xv = c.x[c.idx[k]];
    if constexpr (PT) return a * xv;
    return c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
}

template <typename T, bool PT> __device__ inline T cm_add(const Cm<T> &c, T a, T b)
{
    if constexpr (PT) return a + b;
    return gg_binop<T>(c.add, a, b);
}

template <typename T, bool PT> __global__ void __launch_bounds__(THREADS) cmrs_kernel(Cm<T> c)
{
    __shared__ __align__(16) unsigned char smem[WARPS * MAX_H * 33 * 8];
    __shared__ uint64_t rp[WARPS][MAX_H + 1];
    __shared__ unsigned masks[WARPS][32];
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    T *buf = reinterpret_cast<T *>(smem) + w * MAX_H * 33;
    uint64_t strips = (c.nvec + c.h - 1) / c.h;
    for (uint64_t s = blockIdx.x * (uint64_t)WARPS + w; s < strips;
         s += (uint64_t)gridDim.x * WARPS) {
        uint64_t r0 = s * c.h;
        int rows = (int)(c.nvec - r0 < (uint64_t)c.h ? c.nvec - r0 : c.h);
        if (lane <= rows) rp[w][lane] = c.ptr[r0 + lane];
        __syncwarp();
        uint64_t lo = rp[w][0], hi = rp[w][rows];
        int r = 0;
        unsigned mask = 0;
        T acc{};
        bool has = false;
        for (uint64_t k = lo + lane; k < hi; k += 32) {
            int rk = r;
            while (k >= rp[w][rk + 1]) rk++;
            T p = cm_prod<T, PT>(c, k);
            if (has && rk == r) {
                acc = cm_add<T, PT>(c, acc, p);
            } else {
                if (has) {
                    buf[r * 33 + lane] = acc;
                    mask |= 1u << r;
                }
                r = rk;
                acc = p;
                has = true;
            }
        }
        if (has) {
            buf[r * 33 + lane] = acc;
            mask |= 1u << r;
        }
        masks[w][lane] = mask;
        __syncwarp();
        /* lane q folds row q across the lanes that hold part of it (the row stride of 33 keeps
         * the lanes on distinct banks), and the strip's rows are written together */
        if (lane < rows) {
            T v = c.ident;
            bool hq = false;
            for (int i = 0; i < 32; i++) {
                if ((masks[w][i] >> lane) & 1) {
                    T b = buf[lane * 33 + i];
                    v = hq ? cm_add<T, PT>(c, v, b) : b;
                    hq = true;
                }
            }
            uint64_t row = c.vec != nullptr ? c.vec[r0 + lane] : r0 + lane;
            c.y[row] = v;
            if (c.yp != nullptr) c.yp[row] = hq;
        }
        __syncwarp(); /* rp, buf and masks are reused by the next strip */
    }
}

template <typename T> __global__ void cm_fill(T *y, uint8_t *yp, uint64_t n, T v)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
         i += (uint64_t)gridDim.x * blockDim.x) {
        y[i] = v;
        if (yp != nullptr) yp[i] = 0;
    }
}

unsigned blocks_for(uint64_t work)
{
    uint64_t b = (work + THREADS - 1) / THREADS;
    return b == 0 ? 1 : b > 65535 ? 65535 : (unsigned)b;
}

template <typename T>
int cmrs_typed(const GG_cuda_cview *V, uint64_t nrows, uint64_t nnz, int add_op, int mul_op,
               const void *identity, bool vec_first, const void *x, void *y, unsigned char *yp)
{
    cudaStream_t s = GG_cuda_stream();
    Cm<T> c = {};
    c.nvec = V->nvec;
    c.vec = V->vec;
    c.ptr = V->ptr;
    c.idx = V->idx;
    c.v = V->x;
    c.stype = V->type_code;
    c.same = V->type_code == gg_code<T>::v;
    gg_spmv_args<T>(c, add_op, mul_op, identity, vec_first, x, y, yp);
    if (V->vec != nullptr || V->nvec < nrows)
        cm_fill<T><<<blocks_for(nrows), THREADS, 0, s>>>(c.y, yp, nrows, c.ident);
    if (c.nvec > 0) {
        double mu = (double)nnz / (double)c.nvec;
        int h = mu > 0 ? (int)(64.0 / mu) : MAX_H;
        c.h = h < 1 ? 1 : h > MAX_H ? MAX_H : h;
        uint64_t strips = (c.nvec + c.h - 1) / c.h;
        bool pt = false;
        if constexpr (std::is_floating_point_v<T>)
            pt = add_op == GG_CUDA_OP_PLUS && mul_op == GG_CUDA_OP_TIMES;
        if (pt)
            cmrs_kernel<T, true><<<blocks_for(strips * 32), THREADS, 0, s>>>(c);
        else
            cmrs_kernel<T, false><<<blocks_for(strips * 32), THREADS, 0, s>>>(c);
    }
    return gg_spmv_status(cudaGetLastError());
}

/* CMRS must read at most this fraction of the tree's bytes to be chosen (measured). */
constexpr double CMRS_MARGIN = 1.0;

} // namespace

extern "C" int GG_cuda_cmrs_mxv(const GG_cuda_cview *V, uint64_t nrows, uint64_t nvals, int add_op,
                                int mul_op, int type_code, const void *identity, bool vec_first,
                                const void *x_dev, void *y_dev, unsigned char *ypresent_dev)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || V->type_code < GG_CUDA_BOOL ||
        V->type_code > GG_CUDA_FP64)
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = cmrs_typed<decltype(tag)>(V, nrows, nvals, add_op, mul_op, identity, vec_first, x_dev,
                                       y_dev, ypresent_dev);
    });
    return rc;
}

extern "C" bool GG_cuda_spmv_pick(uint64_t nvals, uint64_t tree_bytes, uint64_t view_bytes,
                                  bool have_view, bool tran)
{
    (void)tran; /* A' reads the CSC view, which have_view and view_bytes then describe */
    if (!have_view || nvals == 0) return false;
    return (double)view_bytes < CMRS_MARGIN * (double)tree_bytes;
}
