/* GG_cuda_semiring.cuh: CUDA-private code shared by the SpMV kernels (hs_spmv.cu, cmrs.cu) and the
 * apply/select/reduce kernels (unary.cu): the domain types by type code (and the host dispatch to
 * one instance per domain), the built-in operators on one domain type T selected by op code,
 * typecasts of stored values with the library's rules (src/object/cast.c), atomic monoid updates
 * for global and shared memory, warp reductions that carry a "has a value" flag so no identity is
 * ever folded in (ANY has none that is safe to fold), and the SpMV launchers' common host steps
 * (error codes, the semiring and vector arguments). The operator rules mirror GG_opcodes.h's
 * GG_RULE_* / GG_BIN_* macros, which are C and cannot be included here; the CUDA test checks them
 * against the CPU backend. */
#ifndef GG_CUDA_SEMIRING_CUH
#define GG_CUDA_SEMIRING_CUH

#include "GG_cuda_spmv.h"
#include "GG_opcode_list.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
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

/* The type code of domain T, and an integer domain's bounds (std::numeric_limits is host-only in
 * device code); both are compile-time constants. */
template <typename T> struct gg_code {
    static constexpr int v = std::is_same_v<T, bool>       ? GG_CUDA_BOOL
                             : std::is_same_v<T, int8_t>   ? GG_CUDA_INT8
                             : std::is_same_v<T, uint8_t>  ? GG_CUDA_UINT8
                             : std::is_same_v<T, int16_t>  ? GG_CUDA_INT16
                             : std::is_same_v<T, uint16_t> ? GG_CUDA_UINT16
                             : std::is_same_v<T, int32_t>  ? GG_CUDA_INT32
                             : std::is_same_v<T, uint32_t> ? GG_CUDA_UINT32
                             : std::is_same_v<T, int64_t>  ? GG_CUDA_INT64
                             : std::is_same_v<T, uint64_t> ? GG_CUDA_UINT64
                             : std::is_same_v<T, float>    ? GG_CUDA_FP32
                             : std::is_same_v<T, double>   ? GG_CUDA_FP64
                                                           : 0;
    static_assert(v != 0, "not a domain of the device kernels");
};

template <typename T> struct gg_lim {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "an integer domain");
    /* the all-ones value cast back to the narrow type before the shift: ~ promotes 8- and 16-bit
     * operands to int, where ~0 >> 1 is still -1 */
    using U = std::make_unsigned_t<T>;
    static constexpr T hi = std::is_signed_v<T> ? (T)((U)~U{0} >> 1) : (T)(U)~U{0};
    static constexpr T lo = std::is_signed_v<T> ? (T)(-hi - 1) : T{0};
};

/* Calls f(T{}) for the domain type T of `code`; false for other codes. */
template <typename F> __host__ inline bool gg_with_type(int code, F &&f)
{
    switch (code) {
    case GG_CUDA_BOOL: f(bool{}); return true;
    case GG_CUDA_INT32: f(int32_t{}); return true;
    case GG_CUDA_UINT32: f(uint32_t{}); return true;
    case GG_CUDA_INT64: f(int64_t{}); return true;
    case GG_CUDA_UINT64: f(uint64_t{}); return true;
    case GG_CUDA_FP32: f(float{}); return true;
    case GG_CUDA_FP64: f(double{}); return true;
    default: return false;
    }
}

/* Calls f(T{}) for the type T of any built-in type code (all eleven, for the vector kernels of
 * cuda/kernels, which handle every built-in type); false for other codes. Host and device. */
template <typename F> __host__ __device__ inline bool gg_with_any_type(int code, F &&f)
{
    switch (code) {
    case GG_CUDA_BOOL: f(bool{}); return true;
    case GG_CUDA_INT8: f(int8_t{}); return true;
    case GG_CUDA_UINT8: f(uint8_t{}); return true;
    case GG_CUDA_INT16: f(int16_t{}); return true;
    case GG_CUDA_UINT16: f(uint16_t{}); return true;
    case GG_CUDA_INT32: f(int32_t{}); return true;
    case GG_CUDA_UINT32: f(uint32_t{}); return true;
    case GG_CUDA_INT64: f(int64_t{}); return true;
    case GG_CUDA_UINT64: f(uint64_t{}); return true;
    case GG_CUDA_FP32: f(float{}); return true;
    case GG_CUDA_FP64: f(double{}); return true;
    default: return false;
    }
}

/* The opcode lists of GG_cuda_spmv.h and GG_cuda_unary.h repeat GG_opcode values (those headers
 * are plain C for the slots); here both are checked against the one list. */
static_assert(+GG_CUDA_OP_LOR == +GG_OP_LOR && +GG_CUDA_OP_LAND == +GG_OP_LAND &&
                  +GG_CUDA_OP_LXOR == +GG_OP_LXOR && +GG_CUDA_OP_ONEB == +GG_OP_ONEB &&
                  +GG_CUDA_OP_FIRST == +GG_OP_FIRST && +GG_CUDA_OP_SECOND == +GG_OP_SECOND &&
                  +GG_CUDA_OP_MIN == +GG_OP_MIN && +GG_CUDA_OP_MAX == +GG_OP_MAX &&
                  +GG_CUDA_OP_PLUS == +GG_OP_PLUS && +GG_CUDA_OP_MINUS == +GG_OP_MINUS &&
                  +GG_CUDA_OP_TIMES == +GG_OP_TIMES && +GG_CUDA_OP_DIV == +GG_OP_DIV &&
                  +GG_CUDA_OP_ANY == +GG_OP_ANY,
              "GG_cuda_spmv.h's op codes are GG_opcode values");

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

/* Floating-point arithmetic through the round-to-nearest intrinsics, which the compiler never
 * contracts into an FMA with a neighbouring operation: each operator rounds once, as the CPU's
 * operator functions do, so results agree bit for bit. */
template <typename T> __device__ inline T gg_fp_arith(int op, T x, T y)
{
    constexpr bool f32 = sizeof(T) == 4;
    switch (op) {
    case GG_OP_PLUS: if constexpr (f32) return __fadd_rn(x, y); else return __dadd_rn(x, y);
    case GG_OP_MINUS: if constexpr (f32) return __fsub_rn(x, y); else return __dsub_rn(x, y);
    case GG_OP_TIMES: if constexpr (f32) return __fmul_rn(x, y); else return __dmul_rn(x, y);
    default: if constexpr (f32) return __fdiv_rn(x, y); else return __ddiv_rn(x, y); /* DIV */
    }
}

/* The binary operator `op` on T (x first) for every built-in operator whose result has the
 * operands' type (GG_opcodes.h's GG_BIN_* rules; the comparisons, whose result is BOOL, are
 * gg_compare). Integer arithmetic wraps; BOOL follows the library's rules (PLUS is LOR, TIMES
 * LAND, MINUS LXOR, DIV FIRST). The logical operators on other types give 0 or 1 of T, the
 * bitwise ones exist for integers (and BOOL) only. */
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
        case GG_OP_BAND:
        case GG_CUDA_OP_LAND: return x && y;
        case GG_CUDA_OP_MAX:
        case GG_CUDA_OP_PLUS:
        case GG_OP_BOR:
        case GG_CUDA_OP_LOR: return x || y;
        case GG_OP_LXNOR: return x == y;
        case GG_OP_BXNOR: return true; /* (bool) ~(x ^ y) */
        default: return x != y;        /* MINUS, LXOR, BXOR */
        }
    } else {
        /* integers add, subtract and multiply in their unsigned type, so they wrap */
        constexpr bool fp = std::is_floating_point_v<T>;
        using U = std::conditional_t<fp, T, gg_uint_of<T>>;
        switch (op) {
        case GG_CUDA_OP_FIRST: return x;
        case GG_CUDA_OP_SECOND:
        case GG_CUDA_OP_ANY: return y;
        case GG_CUDA_OP_ONEB: return (T)1;
        case GG_CUDA_OP_MIN: return gg_min(x, y);
        case GG_CUDA_OP_MAX: return gg_max(x, y);
        case GG_CUDA_OP_LOR: return (T)(x || y);
        case GG_CUDA_OP_LAND: return (T)(x && y);
        case GG_CUDA_OP_LXOR: return (T)(x != y);
        case GG_OP_LXNOR: return (T)(x == y);
        case GG_OP_BOR:
        case GG_OP_BAND:
        case GG_OP_BXOR:
        case GG_OP_BXNOR:
            if constexpr (fp) {
                return x; /* not an operator of floating-point types */
            } else {
                return op == GG_OP_BOR    ? (T)(x | y)
                       : op == GG_OP_BAND ? (T)(x & y)
                       : op == GG_OP_BXOR ? (T)(x ^ y)
                                          : (T) ~(x ^ y);
            }
        case GG_CUDA_OP_PLUS:
            if constexpr (fp) return gg_fp_arith(op, x, y); else return (T)((U)x + (U)y);
        case GG_CUDA_OP_MINUS:
            if constexpr (fp) return gg_fp_arith(op, x, y); else return (T)((U)x - (U)y);
        case GG_CUDA_OP_TIMES:
            if constexpr (fp) return gg_fp_arith(op, x, y); else return (T)((U)x * (U)y);
        default: /* DIV; for integers SuiteSparse's rule for division by zero and by -1 */
            if constexpr (fp) {
                return gg_fp_arith(op, x, y);
            } else if constexpr (std::is_signed_v<T>) {
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

/* The comparisons EQ ... LE on T (a BOOL result). */
template <typename T> __device__ inline bool gg_compare(int op, T x, T y)
{
    switch (op) {
    case GG_OP_EQ: return x == y;
    case GG_OP_NE: return x != y;
    case GG_OP_GT: return x > y;
    case GG_OP_LT: return x < y;
    case GG_OP_GE: return x >= y;
    default: return x <= y; /* LE */
    }
}

/* The unary operators on T (GG_opcodes.h's GG_UN_* rules): on BOOL, AINV and ABS are the
 * identity and MINV is true; integer AINV wraps and MINV is 1 / x by the integer DIV rule. */
template <typename T> __device__ inline T gg_unop(int op, T x)
{
    if constexpr (std::is_same_v<T, bool>) {
        switch (op) {
        case GG_OP_MINV: return true;
        case GG_OP_LNOT: return !x;
        default: return x; /* IDENTITY, AINV, ABS */
        }
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case GG_OP_AINV: return -x;
        case GG_OP_MINV: return gg_fp_arith(GG_OP_DIV, (T)1, x);
        case GG_OP_ABS: return (T)fabs((double)x);
        case GG_OP_LNOT: return (T)!x;
        default: return x; /* IDENTITY (BNOT is not an operator of floating-point types) */
        }
    } else {
        using U = gg_uint_of<T>;
        switch (op) {
        case GG_OP_AINV: return (T)((U)0 - (U)x);
        case GG_OP_MINV: return gg_binop<T>(GG_OP_DIV, (T)1, x);
        case GG_OP_ABS:
            if constexpr (std::is_signed_v<T>) return x >= 0 ? x : (T)((U)0 - (U)x);
            return x;
        case GG_OP_LNOT: return (T)!x;
        case GG_OP_BNOT: return (T)~x;
        default: return x;
        }
    }
}

/* Whether `code` is one of the domains the kernels are instantiated for. */
__host__ inline bool gg_domain(int code)
{
    return gg_with_type(code, [](auto) {});
}

/* Whether (add_op, mul_op) on domain code `t` is handled by these kernels. */
__host__ inline bool gg_spmv_supported(int add_op, int mul_op, int t)
{
    bool isbool = t == GG_CUDA_BOOL;
    bool domain = gg_domain(t);
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

/* A CUDA error to an SpMV code (GG_cuda_spmv.h). */
__host__ inline int gg_spmv_status(cudaError_t e)
{
    return e == cudaSuccess                 ? GG_CUDA_SPMV_OK
           : e == cudaErrorMemoryAllocation ? GG_CUDA_SPMV_NOMEM
                                            : GG_CUDA_SPMV_ERROR;
}

/* Sets the semiring and vector fields that every SpMV kernel's argument block carries. */
template <typename T, typename C>
__host__ inline void gg_spmv_args(C &c, int add_op, int mul_op, const void *identity,
                                  bool vec_first, const void *x, void *y, unsigned char *yp)
{
    memcpy(&c.ident, identity, sizeof(T));
    c.add = add_op;
    c.mul = mul_op;
    c.vec_first = vec_first;
    c.x = (const T *)x;
    c.y = (T *)y;
    c.yp = yp;
}

/* ---- atomic monoid updates: *p = add(*p, v), in global or shared memory ------------------------
 */

/* The unsigned word of T's size (4 or 8 bytes): T's bits, for compare-and-swap and shuffles. */
template <typename T>
using gg_word_t = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned int>;

/* The integer type CUDA's atomicMin and atomicMax take for an integer T of 4 or 8 bytes. */
template <typename T>
using gg_atomic_int_t =
    std::conditional_t<sizeof(T) == 8,
                       std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>,
                       std::conditional_t<std::is_signed_v<T>, int, unsigned int>>;

/* *p = *p op v by a compare-and-swap loop; returns *p as it was just before this update. */
template <typename T> __device__ inline T gg_atomic_cas(int op, T *p, T v)
{
    using U = gg_word_t<T>;
    U *up = reinterpret_cast<U *>(p);
    U old = *reinterpret_cast<volatile U *>(up), assumed;
    T cur;
    do {
        assumed = old;
        memcpy(&cur, &assumed, sizeof cur);
        T nv = gg_binop<T>(op, cur, v);
        U nu;
        memcpy(&nu, &nv, sizeof nu);
        if (nu == assumed) return cur;
        old = atomicCAS(up, assumed, nu);
    } while (old != assumed);
    return cur;
}

/* *p = *p op v for a non-BOOL domain and op other than ANY by the hardware's atomic where there is
 * one (PLUS, and MIN and MAX on the integers), else by compare-and-swap; returns *p as it was just
 * before this update. A caller that ignores the result gets the reduction form (RED) of the
 * atomic. */
template <typename T> __device__ inline T gg_atomic_old(int op, T *p, T v)
{
    if constexpr (std::is_floating_point_v<T>) {
        return op == GG_CUDA_OP_PLUS ? atomicAdd(p, v) : gg_atomic_cas<T>(op, p, v);
    } else {
        using A = gg_atomic_int_t<T>;
        A *q = reinterpret_cast<A *>(p);
        switch (op) {
        case GG_CUDA_OP_PLUS:
            if constexpr (sizeof(T) == 8)
                return (T)atomicAdd(reinterpret_cast<unsigned long long *>(p),
                                    (unsigned long long)v);
            else
                return (T)atomicAdd(reinterpret_cast<unsigned int *>(p), (unsigned int)v);
        case GG_CUDA_OP_MIN: return (T)atomicMin(q, (A)v);
        case GG_CUDA_OP_MAX: return (T)atomicMax(q, (A)v);
        default: return gg_atomic_cas<T>(op, p, v); /* TIMES */
        }
    }
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
    } else {
        gg_atomic_old<T>(op, p, v);
    }
}

/* gg_atomic, telling whether *p held the bits of `start` just before this update (true where the
 * update cannot tell: BOOL's stores and ANY's), so that a caller may leave a place's flag store to
 * its first update: an update that finds the start bits again (a sum back at -0) stores it once
 * more, which is harmless. The atomic then returns its old value (an ATOM where gg_atomic's may be
 * a RED). */
template <typename T> __device__ inline bool gg_atomic_from(int op, T *p, T v, T start)
{
    if constexpr (std::is_same_v<T, bool>) {
        gg_atomic<T>(op, p, v);
        return true;
    } else {
        if (op == GG_CUDA_OP_ANY) {
            gg_atomic<T>(op, p, v);
            return true;
        }
        T old = gg_atomic_old<T>(op, p, v);
        gg_word_t<T> a, b;
        memcpy(&a, &old, sizeof a);
        memcpy(&b, &start, sizeof b);
        return a == b;
    }
}

/* ---- warp reductions with a presence flag ------------------------------------------------------
 */

/* How a warp shuffle moves a word: up or down by delta, or from lane delta. */
enum { GG_SHFL_UP, GG_SHFL_DOWN, GG_SHFL_IDX };

/* One warp shuffle of an integer word. */
template <int MODE, typename W>
__device__ __forceinline__ W gg_shfl_word(W u, int delta, unsigned mask)
{
    if constexpr (MODE == GG_SHFL_UP)
        return __shfl_up_sync(mask, u, delta);
    else if constexpr (MODE == GG_SHFL_DOWN)
        return __shfl_down_sync(mask, u, delta);
    else
        return __shfl_sync(mask, u, delta);
}

/* One warp shuffle of T, moved as an integer of its size. */
template <int MODE, typename T>
__device__ __forceinline__ T gg_shfl(T v, int delta, unsigned mask = 0xffffffffu)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)gg_shfl_word<MODE>((int)v, delta, mask);
    } else {
        static_assert(sizeof(T) == 4 || sizeof(T) == 8, "a 4- or 8-byte domain");
        gg_word_t<T> u;
        memcpy(&u, &v, sizeof u);
        u = gg_shfl_word<MODE>(u, delta, mask);
        T r;
        memcpy(&r, &u, sizeof r);
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
        T o = gg_shfl<GG_SHFL_UP, T>(v, d);
        if (lane - d >= start) v = add(o, v);
    }
    bool tail = lane == 31 || ((heads >> (lane + 1)) & 1);
    return valid && tail;
}

/* Folds (has, v) over the whole warp into lane 0 (every lane must call it). */
template <typename T> __device__ inline void gg_warp_fold(int op, bool &has, T &v)
{
    for (int d = 16; d > 0; d /= 2) {
        T ov = gg_shfl<GG_SHFL_DOWN, T>(v, d);
        bool oh = __shfl_down_sync(0xffffffffu, (int)has, d);
        if (oh) {
            v = has ? gg_binop<T>(op, v, ov) : ov;
            has = true;
        }
    }
}

#endif /* GG_CUDA_SEMIRING_CUH */
