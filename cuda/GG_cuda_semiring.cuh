/* GG_cuda_semiring.cuh: CUDA-private device code shared by the SpMV kernels (hs_spmv.cu, cmrs.cu):
 * the built-in operators on one domain type T selected by op code, typecasts of stored values with
 * the library's rules (src/object/cast.c), atomic monoid updates for global and shared memory, and
 * warp reductions that carry a "has a value" flag so no identity is ever folded in (ANY has none
 * that is safe to fold). The operator rules mirror GG_opcodes.h's GG_RULE_* / GG_BIN_* macros,
 * which are C and cannot be included here; the CUDA test checks them against the CPU backend. */
#ifndef GG_CUDA_SEMIRING_CUH
#define GG_CUDA_SEMIRING_CUH

#include "GG_cuda_spmv.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

/* GrB_Type_Code values (GraphBLAS_gpu.h). */
enum {
    GG_CUDA_BOOL = 1,
    GG_CUDA_INT8,
    GG_CUDA_UINT8,
    GG_CUDA_INT16,
    GG_CUDA_UINT16,
    GG_CUDA_INT32,
    GG_CUDA_UINT32,
    GG_CUDA_INT64,
    GG_CUDA_UINT64,
    GG_CUDA_FP32,
    GG_CUDA_FP64
};

template <typename T> struct gg_code;
template <> struct gg_code<bool> {
    static constexpr int v = GG_CUDA_BOOL;
};
template <> struct gg_code<int32_t> {
    static constexpr int v = GG_CUDA_INT32;
};
template <> struct gg_code<uint32_t> {
    static constexpr int v = GG_CUDA_UINT32;
};
template <> struct gg_code<int64_t> {
    static constexpr int v = GG_CUDA_INT64;
};
template <> struct gg_code<uint64_t> {
    static constexpr int v = GG_CUDA_UINT64;
};
template <> struct gg_code<float> {
    static constexpr int v = GG_CUDA_FP32;
};
template <> struct gg_code<double> {
    static constexpr int v = GG_CUDA_FP64;
};

/* The integer domains' bounds (std::numeric_limits is host-only in device code). */
template <typename T> struct gg_lim;
template <> struct gg_lim<int32_t> {
    static constexpr int32_t lo = INT32_MIN, hi = INT32_MAX;
};
template <> struct gg_lim<uint32_t> {
    static constexpr uint32_t lo = 0, hi = UINT32_MAX;
};
template <> struct gg_lim<int64_t> {
    static constexpr int64_t lo = INT64_MIN, hi = INT64_MAX;
};
template <> struct gg_lim<uint64_t> {
    static constexpr uint64_t lo = 0, hi = UINT64_MAX;
};

/* ---- casts ------------------------------------------------------------------------------------
 */

/* A floating-point value to T: integers saturate and NaN becomes 0; BOOL is x != 0. */
template <typename T> __host__ __device__ inline T gg_from_fp(double x)
{
    if constexpr (std::is_same_v<T, bool>) {
        return x != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
        return (T)x;
    } else {
        constexpr T lo = gg_lim<T>::lo, hi = gg_lim<T>::hi;
        if (x != x) return 0;
        if (x <= (double)lo) return lo;
        if (x >= (double)hi) return hi;
        return (T)x;
    }
}

template <typename T, typename S> __host__ __device__ inline T gg_cast(S v)
{
    if constexpr (std::is_floating_point_v<S>) {
        return gg_from_fp<T>((double)v);
    } else {
        return (T)v; /* BOOL: v != 0; integers wrap */
    }
}

/* Stored value k of type code `s` at p, scaled (FP32/FP64: in double, rounded to the stored type
 * as src/hisparse reads it), cast to T. */
template <typename T>
__host__ __device__ inline T gg_load_cast(const void *p, uint64_t k, int s, double scale)
{
    switch (s) {
    case GG_CUDA_BOOL: return gg_cast<T>(((const bool *)p)[k]);
    case GG_CUDA_INT8: return gg_cast<T>(((const int8_t *)p)[k]);
    case GG_CUDA_UINT8: return gg_cast<T>(((const uint8_t *)p)[k]);
    case GG_CUDA_INT16: return gg_cast<T>(((const int16_t *)p)[k]);
    case GG_CUDA_UINT16: return gg_cast<T>(((const uint16_t *)p)[k]);
    case GG_CUDA_INT32: return gg_cast<T>(((const int32_t *)p)[k]);
    case GG_CUDA_UINT32: return gg_cast<T>(((const uint32_t *)p)[k]);
    case GG_CUDA_INT64: return gg_cast<T>(((const int64_t *)p)[k]);
    case GG_CUDA_UINT64: return gg_cast<T>(((const uint64_t *)p)[k]);
    case GG_CUDA_FP32: {
        float f = ((const float *)p)[k];
        if (scale != 1.0) f = (float)(f * scale);
        return gg_cast<T>(f);
    }
    default: {
        double f = ((const double *)p)[k];
        if (scale != 1.0) f *= scale;
        return gg_cast<T>(f);
    }
    }
}

/* ---- operators ----------------------------------------------------------------------------------
 */

template <typename T> using gg_uint_of = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;

template <typename T> __device__ inline T gg_min(T x, T y)
{
    if constexpr (std::is_floating_point_v<T>) {
        if (x != x) return y;
        if (y != y) return x;
    }
    return x < y ? x : y;
}

template <typename T> __device__ inline T gg_max(T x, T y)
{
    if constexpr (std::is_floating_point_v<T>) {
        if (x != x) return y;
        if (y != y) return x;
    }
    return x > y ? x : y;
}

/* The binary operator `op` on T (x first). Integer arithmetic wraps; BOOL follows the library's
 * rules (PLUS is LOR, TIMES LAND, MINUS LXOR, DIV FIRST). */
template <typename T> __device__ inline T gg_binop(int op, T x, T y)
{
    if constexpr (std::is_same_v<T, bool>) {
        switch (op) {
        case GG_CUDA_OP_FIRST:
        case GG_CUDA_OP_DIV: return x;
        case GG_CUDA_OP_SECOND:
        case GG_CUDA_OP_ANY: return y;
        case GG_CUDA_OP_ONEB: return true;
        case GG_CUDA_OP_MIN:
        case GG_CUDA_OP_TIMES:
        case GG_CUDA_OP_LAND: return x && y;
        case GG_CUDA_OP_MAX:
        case GG_CUDA_OP_PLUS:
        case GG_CUDA_OP_LOR: return x || y;
        default: return x != y; /* MINUS, LXOR */
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case GG_CUDA_OP_FIRST: return x;
        case GG_CUDA_OP_SECOND:
        case GG_CUDA_OP_ANY: return y;
        case GG_CUDA_OP_ONEB: return (T)1;
        case GG_CUDA_OP_MIN: return gg_min(x, y);
        case GG_CUDA_OP_MAX: return gg_max(x, y);
        case GG_CUDA_OP_PLUS: return x + y;
        case GG_CUDA_OP_MINUS: return x - y;
        case GG_CUDA_OP_TIMES: return x * y;
        default: return x / y; /* DIV */
        }
    } else {
        using U = gg_uint_of<T>;
        switch (op) {
        case GG_CUDA_OP_FIRST: return x;
        case GG_CUDA_OP_SECOND:
        case GG_CUDA_OP_ANY: return y;
        case GG_CUDA_OP_ONEB: return (T)1;
        case GG_CUDA_OP_MIN: return gg_min(x, y);
        case GG_CUDA_OP_MAX: return gg_max(x, y);
        case GG_CUDA_OP_PLUS: return (T)((U)x + (U)y);
        case GG_CUDA_OP_MINUS: return (T)((U)x - (U)y);
        case GG_CUDA_OP_TIMES: return (T)((U)x * (U)y);
        default: /* DIV, SuiteSparse's rule for division by zero and by -1 */
            if constexpr (std::is_signed_v<T>) {
                if (y == -1) return (T)((U)0 - (U)x);
                if (y == 0) return x == 0 ? 0 : x < 0 ? gg_lim<T>::lo : gg_lim<T>::hi;
                return x / y;
            } else {
                if (y == 0) return x == 0 ? 0 : gg_lim<T>::hi;
                return x / y;
            }
        }
    }
}

/* Whether (add_op, mul_op) on domain code `t` is handled by these kernels. */
__host__ inline bool gg_spmv_supported(int add_op, int mul_op, int t)
{
    bool isbool = t == GG_CUDA_BOOL;
    bool domain = isbool || t == GG_CUDA_INT32 || t == GG_CUDA_UINT32 || t == GG_CUDA_INT64 ||
                  t == GG_CUDA_UINT64 || t == GG_CUDA_FP32 || t == GG_CUDA_FP64;
    bool add = add_op == GG_CUDA_OP_PLUS || add_op == GG_CUDA_OP_TIMES ||
               add_op == GG_CUDA_OP_MIN || add_op == GG_CUDA_OP_MAX || add_op == GG_CUDA_OP_ANY ||
               (isbool && (add_op == GG_CUDA_OP_LOR || add_op == GG_CUDA_OP_LAND ||
                           add_op == GG_CUDA_OP_LXOR));
    bool mul =
        (mul_op >= GG_CUDA_OP_ONEB && mul_op <= GG_CUDA_OP_DIV) || mul_op == GG_CUDA_OP_ANY ||
        (isbool &&
         (mul_op == GG_CUDA_OP_LOR || mul_op == GG_CUDA_OP_LAND || mul_op == GG_CUDA_OP_LXOR));
    return domain && add && mul;
}

/* ---- atomic monoid updates: *p = add(*p, v), in global or shared memory ------------------------
 */

template <typename T> __device__ inline void gg_atomic_cas(int op, T *p, T v)
{
    using U = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned int>;
    U *up = reinterpret_cast<U *>(p);
    U old = *reinterpret_cast<volatile U *>(up), assumed;
    do {
        assumed = old;
        T cur;
        memcpy(&cur, &assumed, sizeof cur);
        T nv = gg_binop<T>(op, cur, v);
        U nu;
        memcpy(&nu, &nv, sizeof nu);
        if (nu == assumed) return;
        old = atomicCAS(up, assumed, nu);
    } while (old != assumed);
}

template <typename T> __device__ inline void gg_atomic(int op, T *p, T v)
{
    if (op == GG_CUDA_OP_ANY) {
        *reinterpret_cast<volatile T *>(p) = v;
        return;
    }
    if constexpr (std::is_same_v<T, bool>) {
        /* OR and AND only ever store one value, so racing byte stores are exact; XOR flips its
         * byte inside the aligned 32-bit word (allocations are at least word-granular) */
        switch (op) {
        case GG_CUDA_OP_PLUS:
        case GG_CUDA_OP_MAX:
        case GG_CUDA_OP_LOR:
            if (v) *reinterpret_cast<volatile bool *>(p) = true;
            return;
        case GG_CUDA_OP_TIMES:
        case GG_CUDA_OP_MIN:
        case GG_CUDA_OP_LAND:
            if (!v) *reinterpret_cast<volatile bool *>(p) = false;
            return;
        default: { /* LXOR */
            uintptr_t a = reinterpret_cast<uintptr_t>(p);
            if (v) atomicXor(reinterpret_cast<unsigned *>(a & ~(uintptr_t)3), 1u << (8 * (a & 3)));
            return;
        }
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        if (op == GG_CUDA_OP_PLUS) {
            atomicAdd(p, v);
            return;
        }
        gg_atomic_cas<T>(op, p, v);
    } else {
        using A = std::conditional_t<
            sizeof(T) == 8, std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>,
            std::conditional_t<std::is_signed_v<T>, int, unsigned int>>;
        A *q = reinterpret_cast<A *>(p);
        switch (op) {
        case GG_CUDA_OP_PLUS:
            if constexpr (sizeof(T) == 8)
                atomicAdd(reinterpret_cast<unsigned long long *>(p), (unsigned long long)v);
            else
                atomicAdd(reinterpret_cast<unsigned int *>(p), (unsigned int)v);
            return;
        case GG_CUDA_OP_MIN: atomicMin(q, (A)v); return;
        case GG_CUDA_OP_MAX: atomicMax(q, (A)v); return;
        default: gg_atomic_cas<T>(op, p, v); return; /* TIMES */
        }
    }
}

/* ---- warp reductions with a presence flag ------------------------------------------------------
 */

template <typename T> __device__ inline T gg_shfl_down(T v, int delta, unsigned mask = 0xffffffffu)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)__shfl_down_sync(mask, (int)v, delta);
    } else if constexpr (sizeof(T) == 8) {
        unsigned long long u;
        memcpy(&u, &v, 8);
        u = __shfl_down_sync(mask, u, delta);
        T r;
        memcpy(&r, &u, 8);
        return r;
    } else {
        unsigned u;
        memcpy(&u, &v, 4);
        u = __shfl_down_sync(mask, u, delta);
        T r;
        memcpy(&r, &u, 4);
        return r;
    }
}

template <typename T> __device__ inline T gg_shfl_up(T v, int delta)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)__shfl_up_sync(0xffffffffu, (int)v, delta);
    } else if constexpr (sizeof(T) == 8) {
        unsigned long long u;
        memcpy(&u, &v, 8);
        u = __shfl_up_sync(0xffffffffu, u, delta);
        T r;
        memcpy(&r, &u, 8);
        return r;
    } else {
        unsigned u;
        memcpy(&u, &v, 4);
        u = __shfl_up_sync(0xffffffffu, u, delta);
        T r;
        memcpy(&r, &u, 4);
        return r;
    }
}

/* Segmented fold across the warp: runs of consecutive valid lanes with equal keys (one output
 * each) are folded into their last lane, which then returns true holding the run's value. So a
 * warp issues one atomic per run instead of one per lane (A x on row-major leaves has long runs;
 * same-address atomics from one warp serialise). Every lane must call it. */
template <typename T, typename F>
__device__ inline bool gg_warp_segfold(uint64_t key, T &v, bool valid, F add)
{
    int lane = threadIdx.x & 31;
    uint64_t pk = __shfl_up_sync(0xffffffffu, key, 1);
    bool pv = __shfl_up_sync(0xffffffffu, (int)valid, 1);
    bool head = lane == 0 || !valid || !pv || pk != key;
    unsigned heads = __ballot_sync(0xffffffffu, head);
    int start = 31 - __clz(heads & (0xffffffffu >> (31 - lane)));
    for (int d = 1; d < 32; d *= 2) {
        T o = gg_shfl_up<T>(v, d);
        if (lane - d >= start) v = add(o, v);
    }
    bool tail = lane == 31 || ((heads >> (lane + 1)) & 1);
    return valid && tail;
}

/* Folds (has, v) over the whole warp into lane 0 (every lane must call it). */
template <typename T> __device__ inline void gg_warp_fold(int op, bool &has, T &v)
{
    for (int d = 16; d > 0; d /= 2) {
        T ov = gg_shfl_down<T>(v, d);
        bool oh = __shfl_down_sync(0xffffffffu, (int)has, d);
        if (oh) {
            v = has ? gg_binop<T>(op, v, ov) : ov;
            has = true;
        }
    }
}

#endif /* GG_CUDA_SEMIRING_CUH */
