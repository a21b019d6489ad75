/* cmrs.cu: SpMV on a compressed view by multi-row strips (Koza et al., "Compressed multirow
 * storage format for sparse matrices on graphics processing units", the CMRS kernel), and the rule
 * that picks it, the HiSparse kernel or the CSR groups (GG_cuda_spmv.h).
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
 * Choosing a kernel (GG_cuda_spmv_pick, the rule for the tree, CMRS and the CSR groups of
 * cuda/csr_spmv.cu): all three are bound by the bytes they read, so the rule compares those.
 *  - The CSR groups on the compact view read (nrows + 1) * 4 + nvals * (4 + v) bytes (32-bit row
 *    pointers while nvals < 2^32), cuSPARSE CSR32's bytes exactly; the tree reads its pool, which
 *    measured 0.5-0.6x cuSPARSE's best on RMAT and the grid and 0.15-0.25x on the banded and
 *    localized matrices (Doc/performance.md). So the compact view is taken whenever its bytes are
 *    at most CSR32's (it is not when the pointers need 64 bits) and it is eligible (not
 *    hypersparse, both dimensions under 2^32). Unmeasured when written (no GPU): a kernel at
 *    cuSPARSE's bytes is expected near cuSPARSE's time; GRAPHBLAS_GPU_SPMV=tree|cmrs|csr runs each
 *    so the rule can be checked in one run.
 *  - When it is worth making: the compact view costs one pass over the 64-bit view (which the
 *    pull and push products also use) plus, when that view is not on the device yet, its upload
 *    or device build, several products' worth. A one-off product does not repay that; PageRank's
 *    20-100 products on one matrix do. So, as in ski rental, the first full-vector product of a
 *    content runs the tree and the second makes the view (CSR_AT), unless the 64-bit view is
 *    already there, when only the cheap narrowing is left and the first product makes it. Both
 *    views count against the pool: when either cannot be had the product runs the tree.
 *  - Otherwise CMRS only when the needed 64-bit view is already on the device (making one costs
 *    more than a product) and reads fewer bytes than the tree by the measured margin CMRS_MARGIN
 *    (1.5-3x faster than the tree on the banded and localized matrices). */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

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
/* The full-vector product of one content at which the compact view is made (see the banner). */
constexpr unsigned CSR_AT = 2;

/* GRAPHBLAS_GPU_SPMV: -2 not read yet, -1 the rule, else a GG_cuda_spmv_kernel. */
std::atomic<int> forced{-2};

int forced_kernel()
{
    int v = forced.load(std::memory_order_relaxed);
    if (v == -2) {
        const char *e = getenv("GRAPHBLAS_GPU_SPMV");
        v = e == nullptr                ? -1
            : strcmp(e, "tree") == 0 ? GG_CUDA_SPMV_TREE
            : strcmp(e, "cmrs") == 0 ? GG_CUDA_SPMV_CMRS
            : strcmp(e, "csr") == 0  ? GG_CUDA_SPMV_CSR
                                     : -1;
        forced.store(v, std::memory_order_relaxed);
    }
    return v;
}

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

extern "C" void GG_cuda_spmv_force(int kernel)
{
    forced.store(kernel < 0 ? -1 : kernel, std::memory_order_relaxed);
}

extern "C" GG_cuda_spmv_kernel GG_cuda_spmv_pick(const GG_cuda_spmv_facts *f)
{
    const uint64_t lim = (uint64_t)1 << 32;
    bool csr_ok = !f->no_sview && f->nrows < lim && f->ncols < lim;
    int k = forced_kernel();
    if (k == GG_CUDA_SPMV_CSR) return csr_ok ? GG_CUDA_SPMV_CSR : GG_CUDA_SPMV_TREE;
    if (k == GG_CUDA_SPMV_CMRS || k == GG_CUDA_SPMV_TREE) return (GG_cuda_spmv_kernel)k;
    if (f->nvals == 0) return GG_CUDA_SPMV_TREE; /* nothing to read: the tree only fills y */
    double v = (double)f->value_size;
    double csr32 = (double)(f->nrows + 1) * 4 + (double)f->nvals * (4 + v);
    double csr = (double)(f->nrows + 1) * (f->nvals < lim ? 4 : 8) + (double)f->nvals * (4 + v);
    if (csr_ok && csr <= csr32 && (f->have_sview || f->have_cview || f->calls >= CSR_AT))
        return GG_CUDA_SPMV_CSR;
    double view = (double)(f->nrows + 1) * 8 + (double)f->nvals * (8 + v);
    if (f->have_cview && view < CMRS_MARGIN * (double)f->tree_bytes) return GG_CUDA_SPMV_CMRS;
    return GG_CUDA_SPMV_TREE;
}
