/* vec_mxv.cu: the device pull product of a matrix view with a vector in any form
 * (GG_cuda_vec_mxv.h). One group of G lanes per row of R (G = 4 ... 32 by the view's mean row
 * length, so short rows do not leave most of a warp idle): each lane folds its share of the row's
 * terms whose x(k) is present, carrying a has-value flag, then the group folds by shuffles and its
 * first lane writes T(i) and its flag. The row's mask bit is read before any term, so a masked
 * product touches only the rows it may write (BFS's pull step under a complemented mask skips
 * every visited vertex). Unmeasured choices (G by mean length, 256-thread blocks) are marked for
 * the GPU-host run. */
#include "../GG_cuda_semiring.cuh"
#include "GG_cuda.h"
#include "GG_cuda_vec_mxv.h"

namespace
{

constexpr int THREADS = 256;

unsigned blocks_for(uint64_t work)
{
    uint64_t b = (work + THREADS - 1) / THREADS;
    return b == 0 ? 1 : b > 65535u * 16 ? 65535u * 16 : (unsigned)b;
}

/* Whether a value of `size` bytes at p has a nonzero byte (a value mask's truth, as the CPU's
 * CPU backend reads a mask value: -0.0 counts as true). */
__device__ inline bool nonzero_bytes(const void *p, uint32_t size)
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

/* The mask's verdict on row i (before the complement the caller applies). */
__device__ inline bool mask_bit(const GG_vdata &M, bool mstruct, uint64_t i)
{
    uint64_t p;
    switch (M.form) {
    case GG_VF_FULL: p = i; break;
    case GG_VF_BITMAP:
        if (!M.b[i]) return false;
        p = i;
        break;
    default: { /* SPARSE: binary search of the sorted indices */
        uint64_t lo = 0, hi = M.nvals;
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (M.i[mid] < i)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo >= M.nvals || M.i[lo] != i) return false;
        p = lo;
    }
    }
    if (mstruct) return true;
    return nonzero_bytes((const char *)M.x + (M.iso ? 0 : p * M.size), M.size);
}

/* A shuffle down by d inside a group of G lanes (width G keeps the source lane in the group, whose
 * lanes are the only ones in gmask). */
template <typename T, int G> __device__ __forceinline__ T shfl_down_in_group(T v, int d, unsigned gmask)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)__shfl_down_sync(gmask, (int)v, d, G);
    } else {
        using W = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;
        W u;
        memcpy(&u, &v, sizeof u);
        u = __shfl_down_sync(gmask, u, d, G);
        T r;
        memcpy(&r, &u, sizeof r);
        return r;
    }
}

template <typename T> struct Pull {
    uint64_t nvec;
    const uint64_t *vec, *ptr, *idx;
    const void *av;
    int stype;
    bool need_a; /* the multiply reads A's value */
    int add, mul;
    bool vec_first, terminal_any, terminal_lor;
    const T *xd;
    const uint8_t *xp;
    bool xiso;
    const void *xisop; /* the one value of an iso x, of type xisocode */
    int xisocode;
    bool has_mask, mstruct, mcomp;
    GG_vdata M;
    T *y;
    uint8_t *yp;
    unsigned long long *count;
};

template <typename T, int G> __global__ void __launch_bounds__(THREADS) pull_kernel(Pull<T> c)
{
    __shared__ unsigned block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    const int lane = threadIdx.x % G;
    const unsigned gmask = G == 32 ? 0xffffffffu : ((1u << G) - 1) << (threadIdx.x & 31 & ~(G - 1));
    const uint64_t groups = (uint64_t)gridDim.x * (THREADS / G);
    unsigned found = 0;
    for (uint64_t r = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / G; r < c.nvec;
         r += groups) {
        uint64_t i = c.vec != nullptr ? c.vec[r] : r;
        if (c.has_mask && mask_bit(c.M, c.mstruct, i) == c.mcomp) continue;
        bool has = false;
        T acc{};
        for (uint64_t p = c.ptr[r] + lane; p < c.ptr[r + 1]; p += G) {
            uint64_t k = c.idx[p];
            if (c.xp != nullptr && !c.xp[k]) continue;
            T xv = c.xiso ? gg_load_cast<T>(c.xisop, 0, c.xisocode, 1.0) : c.xd[k];
            T a = c.need_a ? gg_load_cast<T>(c.av, p, c.stype, 1.0) : T{};
            T t = c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
            acc = has ? gg_binop<T>(c.add, acc, t) : t;
            has = true;
            /* a terminal value ends this lane's share; the group fold below keeps it */
            if (c.terminal_any) break;
            if constexpr (std::is_same_v<T, bool>)
                if (c.terminal_lor && acc) break;
        }
        for (int d = G / 2; d > 0; d /= 2) {
            T ov = shfl_down_in_group<T, G>(acc, d, gmask);
            bool oh = __shfl_down_sync(gmask, (int)has, d, G);
            if (oh) {
                acc = has ? gg_binop<T>(c.add, acc, ov) : ov;
                has = true;
            }
        }
        if (lane == 0) {
            c.yp[i] = has;
            if (has) {
                c.y[i] = acc;
                found++;
            }
        }
    }
    if (found != 0) atomicAdd(&block_count, found);
    __syncthreads();
    if (threadIdx.x == 0 && block_count != 0) atomicAdd(c.count, (unsigned long long)block_count);
}

template <typename T>
int pull_typed(GG_cuda_vec *Tv, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
               const GG_cuda_dense_x *x, int add_op, int mul_op, bool vec_first,
               const GG_cuda_rowmask *mask)
{
    cudaStream_t s = GG_cuda_stream();
    memset(Tv, 0, sizeof *Tv);
    Tv->d.n = m;
    Tv->d.size = sizeof(T);
    Tv->d.form = GG_VF_BITMAP;
    Tv->d.x = GG_cuda_malloc(m * sizeof(T));
    Tv->d.b = (uint8_t *)GG_cuda_malloc(m);
    Tv->count = (uint64_t *)GG_cuda_malloc(sizeof(uint64_t));
    if (Tv->d.x == nullptr || Tv->d.b == nullptr || Tv->count == nullptr) {
        GG_cuda_free(Tv->d.x);
        GG_cuda_free(Tv->d.b);
        GG_cuda_free(Tv->count);
        memset(Tv, 0, sizeof *Tv);
        return GG_CUDA_SPMV_NOMEM;
    }
    cudaMemsetAsync(Tv->d.b, 0, m, s);
    cudaMemsetAsync(Tv->count, 0, sizeof(uint64_t), s);
    Pull<T> c = {};
    c.nvec = V->nvec;
    c.vec = V->vec;
    c.ptr = V->ptr;
    c.idx = V->idx;
    c.av = V->x;
    c.stype = V->type_code;
    /* FIRST ignores x, SECOND ignores A (and the reverse when x comes first); ONEB and ANY of two
     * present terms ignore both values here: skipping the load halves the bytes of a pattern-only
     * product such as PLUS_SECOND or ANY_PAIR */
    int ignores_a = vec_first ? GG_CUDA_OP_FIRST : GG_CUDA_OP_SECOND;
    c.need_a = !(mul_op == ignores_a || mul_op == GG_CUDA_OP_ONEB ||
                 (mul_op == GG_CUDA_OP_ANY && !vec_first));
    c.add = add_op;
    c.mul = mul_op;
    c.vec_first = vec_first;
    c.terminal_any = add_op == GG_CUDA_OP_ANY;
    c.terminal_lor = std::is_same_v<T, bool> && (add_op == GG_CUDA_OP_LOR ||
                                                 add_op == GG_CUDA_OP_PLUS ||
                                                 add_op == GG_CUDA_OP_MAX);
    c.xd = (const T *)x->xd;
    c.xp = x->xp;
    c.xiso = x->iso;
    c.xisop = x->xd;
    c.xisocode = x->iso_code;
    c.has_mask = mask != nullptr && mask->M != nullptr;
    if (c.has_mask) {
        c.M = *mask->M;
        c.mstruct = mask->mstruct;
        c.mcomp = mask->mcomp;
    }
    c.y = (T *)Tv->d.x;
    c.yp = Tv->d.b;
    c.count = (unsigned long long *)Tv->count;
    if (c.nvec > 0) {
        /* lanes per row by the mean row length (unmeasured: re-tune on the GPU host) */
        double mean = (double)nnz / (double)c.nvec;
        int g = mean <= 6 ? 4 : mean <= 12 ? 8 : mean <= 24 ? 16 : 32;
        unsigned blocks = blocks_for(c.nvec * (uint64_t)g);
        switch (g) {
        case 4: pull_kernel<T, 4><<<blocks, THREADS, 0, s>>>(c); break;
        case 8: pull_kernel<T, 8><<<blocks, THREADS, 0, s>>>(c); break;
        case 16: pull_kernel<T, 16><<<blocks, THREADS, 0, s>>>(c); break;
        default: pull_kernel<T, 32><<<blocks, THREADS, 0, s>>>(c); break;
        }
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        GG_cuda_free(Tv->d.x);
        GG_cuda_free(Tv->d.b);
        GG_cuda_free(Tv->count);
        memset(Tv, 0, sizeof *Tv);
    }
    return gg_spmv_status(e);
}

/* ---- push ------------------------------------------------------------------------------------- */

template <typename T> struct Push {
    uint64_t nvec;
    const uint64_t *vec, *ptr, *idx; /* the view whose vector k is the column k of R */
    const void *av;
    int stype;
    bool need_a;
    int add, mul;
    bool vec_first;
    GG_vdata x; /* SPARSE */
    int xcode;
    bool has_mask, mstruct, mcomp;
    GG_vdata M;
    T *y;
    uint8_t *yp;
};

template <typename T> __global__ void fill_kernel(T *y, uint8_t *yp, uint64_t m, T v)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < m;
         i += (uint64_t)gridDim.x * blockDim.x) {
        y[i] = v;
        yp[i] = 0;
    }
}

/* The view's vector number of index k (a hypersparse view lists its vectors), or false. */
__device__ inline bool find_vec(const uint64_t *vec, uint64_t nvec, uint64_t k, uint64_t *r)
{
    if (vec == nullptr) {
        *r = k;
        return k < nvec;
    }
    uint64_t lo = 0, hi = nvec;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (vec[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    *r = lo;
    return lo < nvec && vec[lo] == k;
}

/* One group of G lanes per frontier entry: its column of R scattered into T. */
template <typename T, int G> __global__ void __launch_bounds__(THREADS) push_kernel(Push<T> c)
{
    const int lane = threadIdx.x % G;
    const uint64_t groups = (uint64_t)gridDim.x * (THREADS / G);
    for (uint64_t q = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / G; q < c.x.nvals;
         q += groups) {
        uint64_t k = c.x.i[q], r;
        if (!find_vec(c.vec, c.nvec, k, &r)) continue;
        T xv = gg_load_cast<T>(c.x.x, c.x.iso ? 0 : q, c.xcode, 1.0);
        for (uint64_t p = c.ptr[r] + lane; p < c.ptr[r + 1]; p += G) {
            uint64_t j = c.idx[p];
            if (c.has_mask && mask_bit(c.M, c.mstruct, j) == c.mcomp) continue;
            T a = c.need_a ? gg_load_cast<T>(c.av, p, c.stype, 1.0) : T{};
            T t = c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
            gg_atomic<T>(c.add, c.y + j, t);
            c.yp[j] = 1;
        }
    }
}

template <typename T>
int push_typed(GG_cuda_vec *Tv, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
               const GG_vdata *x, int xcode, int add_op, int mul_op, const void *identity,
               bool vec_first, const GG_cuda_rowmask *mask)
{
    cudaStream_t s = GG_cuda_stream();
    memset(Tv, 0, sizeof *Tv);
    Tv->d.n = m;
    Tv->d.size = sizeof(T);
    Tv->d.form = GG_VF_BITMAP;
    Tv->d.x = GG_cuda_malloc(m * sizeof(T));
    Tv->d.b = (uint8_t *)GG_cuda_malloc(m);
    if (Tv->d.x == nullptr || Tv->d.b == nullptr) {
        GG_cuda_free(Tv->d.x);
        GG_cuda_free(Tv->d.b);
        memset(Tv, 0, sizeof *Tv);
        return GG_CUDA_SPMV_NOMEM;
    }
    Push<T> c = {};
    c.nvec = V->nvec;
    c.vec = V->vec;
    c.ptr = V->ptr;
    c.idx = V->idx;
    c.av = V->x;
    c.stype = V->type_code;
    int ignores_a = vec_first ? GG_CUDA_OP_FIRST : GG_CUDA_OP_SECOND;
    c.need_a = !(mul_op == ignores_a || mul_op == GG_CUDA_OP_ONEB ||
                 (mul_op == GG_CUDA_OP_ANY && !vec_first));
    c.add = add_op;
    c.mul = mul_op;
    c.vec_first = vec_first;
    c.x = *x;
    c.xcode = xcode;
    c.has_mask = mask != nullptr && mask->M != nullptr;
    if (c.has_mask) {
        c.M = *mask->M;
        c.mstruct = mask->mstruct;
        c.mcomp = mask->mcomp;
    }
    c.y = (T *)Tv->d.x;
    c.yp = Tv->d.b;
    T ident;
    memcpy(&ident, identity, sizeof ident);
    if (m > 0) fill_kernel<T><<<blocks_for(m), THREADS, 0, s>>>(c.y, c.yp, m, ident);
    if (x->nvals > 0) {
        /* lanes per frontier entry by the view's mean vector length (unmeasured) */
        double mean = V->nvec > 0 ? (double)nnz / (double)V->nvec : 0;
        int g = mean <= 6 ? 4 : mean <= 12 ? 8 : mean <= 24 ? 16 : 32;
        unsigned blocks = blocks_for(x->nvals * (uint64_t)g);
        switch (g) {
        case 4: push_kernel<T, 4><<<blocks, THREADS, 0, s>>>(c); break;
        case 8: push_kernel<T, 8><<<blocks, THREADS, 0, s>>>(c); break;
        case 16: push_kernel<T, 16><<<blocks, THREADS, 0, s>>>(c); break;
        default: push_kernel<T, 32><<<blocks, THREADS, 0, s>>>(c); break;
        }
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        GG_cuda_free(Tv->d.x);
        GG_cuda_free(Tv->d.b);
        memset(Tv, 0, sizeof *Tv);
    }
    return gg_spmv_status(e);
}

/* ---- x in the shape the products read ---------------------------------------------------------- */

/* xd[k] = (T) x's value at k and xp[k] = presence, for every k < n (BITMAP / FULL x). */
template <typename T>
__global__ void densify_kernel(T *xd, uint8_t *xp, GG_vdata x, int xcode)
{
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < x.n;
         k += (uint64_t)gridDim.x * blockDim.x) {
        bool present = x.form == GG_VF_FULL || x.b[k];
        if (xp != nullptr) xp[k] = present;
        if (present) xd[k] = gg_load_cast<T>(x.x, x.iso ? 0 : k, xcode, 1.0);
    }
}

/* Scatters a SPARSE x: xd[i[p]] = (T) x[p], xp[i[p]] = 1 (xp zeroed before). */
template <typename T>
__global__ void scatter_kernel(T *xd, uint8_t *xp, GG_vdata x, int xcode)
{
    for (uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; p < x.nvals;
         p += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t k = x.i[p];
        xp[k] = 1;
        xd[k] = gg_load_cast<T>(x.x, x.iso ? 0 : p, xcode, 1.0);
    }
}

template <typename T>
int dense_typed(GG_cuda_dense_x *out, const GG_vdata *x, int xcode)
{
    cudaStream_t s = GG_cuda_stream();
    memset(out, 0, sizeof *out);
    bool same = xcode == gg_code<T>::v;
    if (x->form == GG_VF_FULL && x->iso) {
        /* one value, read (and cast) by the product itself: nothing to copy */
        out->iso = true;
        out->xd = x->x;
        out->iso_code = xcode;
        return GG_CUDA_SPMV_OK;
    }
    if (same && !x->iso && x->form != GG_VF_SPARSE) {
        out->xd = x->x;
        out->xp = x->form == GG_VF_BITMAP ? x->b : nullptr;
        return GG_CUDA_SPMV_OK;
    }
    bool full = x->form == GG_VF_FULL;
    size_t bytes = x->n * sizeof(T) + (full ? 0 : x->n);
    char *mem = (char *)GG_cuda_malloc(bytes);
    if (mem == nullptr) return GG_CUDA_SPMV_NOMEM;
    T *xd = (T *)mem;
    uint8_t *xp = full ? nullptr : (uint8_t *)(mem + x->n * sizeof(T));
    if (x->form == GG_VF_SPARSE) {
        cudaMemsetAsync(xp, 0, x->n, s);
        if (x->nvals > 0) scatter_kernel<T><<<blocks_for(x->nvals), THREADS, 0, s>>>(xd, xp, *x, xcode);
    } else if (x->n > 0) {
        densify_kernel<T><<<blocks_for(x->n), THREADS, 0, s>>>(xd, xp, *x, xcode);
    }
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        GG_cuda_free(mem);
        return gg_spmv_status(e);
    }
    out->xd = xd;
    out->xp = xp;
    out->own = mem;
    return GG_CUDA_SPMV_OK;
}

} // namespace

extern "C" int GG_cuda_vec_dense_input(GG_cuda_dense_x *out, const GG_vdata *x, int xcode,
                                       int type_code)
{
    if (xcode < GG_CUDA_BOOL || xcode > GG_CUDA_FP64) return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) { rc = dense_typed<decltype(tag)>(out, x, xcode); });
    return rc;
}

extern "C" bool GG_cuda_vec_pull_supported(int add_op, int mul_op, int type_code)
{
    return gg_spmv_supported(add_op, mul_op, type_code);
}

extern "C" int GG_cuda_vec_push(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                                const GG_vdata *x, int xcode, int add_op, int mul_op,
                                int type_code, const void *identity, bool vec_first,
                                const GG_cuda_rowmask *mask)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || V->type_code < GG_CUDA_BOOL ||
        V->type_code > GG_CUDA_FP64 || xcode < GG_CUDA_BOOL || xcode > GG_CUDA_FP64 ||
        x->form != GG_VF_SPARSE)
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = push_typed<decltype(tag)>(T, V, m, nnz, x, xcode, add_op, mul_op, identity, vec_first,
                                       mask);
    });
    return rc;
}

extern "C" int GG_cuda_vec_pull(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                                const GG_cuda_dense_x *x, int add_op, int mul_op, int type_code,
                                bool vec_first, const GG_cuda_rowmask *mask)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || V->type_code < GG_CUDA_BOOL ||
        V->type_code > GG_CUDA_FP64)
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = pull_typed<decltype(tag)>(T, V, m, nnz, x, add_op, mul_op, vec_first, mask);
    });
    return rc;
}
