/* vec_value.cuh: the generic value model of the vector kernels (cuda/kernels): one value of any
 * built-in type as a 64-bit word of bits (gg_val), loaded, stored and cast by its run-time type
 * code, and every built-in unary, binary and index-unary operator evaluated by its GG_opcode in
 * the operator's domain. The rules themselves are GG_cuda_semiring.cuh's typed templates (gg_cast,
 * gg_unop, gg_binop, gg_compare), which follow GG_opcodes.h and cast.c; this layer only dispatches
 * on the codes, so one kernel serves every combination of types and operators.
 *
 * Why run-time dispatch: the vector kernels are memory-bound (a few bytes per position), codes are
 * kernel arguments so every branch is warp-uniform, and one instance per kernel keeps the build
 * fast. The wide switches (casts between two codes, operators by domain) are out of line
 * (__noinline__) so each call site stays small; the common case of a cast to the same type never
 * calls them. */
#ifndef GG_CUDA_VEC_VALUE_CUH
#define GG_CUDA_VEC_VALUE_CUH

#include "GG_cuda_semiring.cuh"
#include "GG_cuda_vec_kernels.h"

#include <cstdint>
#include <cstring>

/* The bits of one value, in the low bytes (little endian, as both sides store them); the bytes
 * above the type's size are zero. */
struct gg_val {
    uint64_t u;
};

template <typename T> __host__ __device__ inline T gg_get(gg_val v)
{
    T t;
    memcpy(&t, &v.u, sizeof t);
    return t;
}

template <typename T> __host__ __device__ inline gg_val gg_put(T t)
{
    gg_val v{0};
    memcpy(&v.u, &t, sizeof t);
    return v;
}

/* Whether code is a built-in type code (1 .. 11). */
__host__ __device__ inline bool gg_builtin(int code)
{
    return code >= GG_CUDA_BOOL && code <= GG_CUDA_FP64;
}

/* Bytes of a value of a built-in type. */
__host__ __device__ inline uint32_t gg_size_of(int code)
{
    switch (code) {
    case GG_CUDA_BOOL:
    case GG_CUDA_INT8:
    case GG_CUDA_UINT8: return 1;
    case GG_CUDA_INT16:
    case GG_CUDA_UINT16: return 2;
    case GG_CUDA_INT32:
    case GG_CUDA_UINT32:
    case GG_CUDA_FP32: return 4;
    default: return 8;
    }
}

/* Value k of an array of `size`-byte values (raw bits: no type is needed to copy a value). */
__host__ __device__ inline gg_val gg_load_sized(const void *x, uint64_t k, uint32_t size)
{
    switch (size) {
    case 1: return gg_val{((const uint8_t *)x)[k]};
    case 2: return gg_val{((const uint16_t *)x)[k]};
    case 4: return gg_val{((const uint32_t *)x)[k]};
    default: return gg_val{((const uint64_t *)x)[k]};
    }
}

__host__ __device__ inline void gg_store_sized(void *x, uint64_t k, uint32_t size, gg_val v)
{
    switch (size) {
    case 1: ((uint8_t *)x)[k] = (uint8_t)v.u; return;
    case 2: ((uint16_t *)x)[k] = (uint16_t)v.u; return;
    case 4: ((uint32_t *)x)[k] = (uint32_t)v.u; return;
    default: ((uint64_t *)x)[k] = v.u; return;
    }
}

__host__ __device__ inline gg_val gg_load(const void *x, uint64_t k, int code)
{
    return gg_load_sized(x, k, gg_size_of(code));
}

__host__ __device__ inline void gg_store(void *x, uint64_t k, int code, gg_val v)
{
    gg_store_sized(x, k, gg_size_of(code), v);
}

/* ---- casts (cast.c's rules, through gg_cast) ------------------------------------------------- */

template <typename Z> __host__ __device__ inline Z gg_cast_from(gg_val v, int from)
{
    Z z{};
    gg_with_any_type(from, [&](auto tag) { z = gg_cast<Z>(gg_get<decltype(tag)>(v)); });
    return z;
}

__host__ __device__ __noinline__ inline gg_val gg_cast_slow(gg_val v, int from, int to)
{
    gg_val r{0};
    gg_with_any_type(to, [&](auto tag) { r = gg_put(gg_cast_from<decltype(tag)>(v, from)); });
    return r;
}

/* v (of type `from`) as type `to`. */
__host__ __device__ inline gg_val gg_convert(gg_val v, int from, int to)
{
    return from == to ? v : gg_cast_slow(v, from, to);
}

/* ---- operators --------------------------------------------------------------------------------
 * Built-in operators have xtype == ytype (the domain) and a result of the domain, BOOL (the
 * comparisons and the index tests) or INT32/INT64 (positional). Each evaluation computes in the
 * natural result type and casts to the operator's zcode, which for built-in operators is the same
 * type, so the cast is free. */

/* The operator families by code. */
__host__ __device__ inline bool gg_op_unary(int op)
{
    return op >= GG_OP_IDENTITY && op <= GG_OP_BNOT;
}

__host__ __device__ inline bool gg_op_positional(int op)
{
    return op >= GG_OP_FIRSTI && op <= GG_OP_SECONDJ1;
}

__host__ __device__ inline bool gg_op_binary(int op)
{
    return (op >= GG_OP_LOR && op <= GG_OP_DIV) || op == GG_OP_ANY || gg_op_positional(op);
}

__host__ __device__ inline bool gg_op_index(int op)
{
    return op >= GG_OP_ROWINDEX && op <= GG_OP_VALUEGE;
}

__host__ __device__ inline bool gg_is_compare(int op)
{
    return op >= GG_OP_EQ && op <= GG_OP_LE;
}

/* The type of x op y for a non-positional binary operator in domain `code`. */
__device__ inline int gg_binop_rcode(int op, int code)
{
    return gg_is_compare(op) ? GG_CUDA_BOOL : code;
}

/* x op y for a non-positional binary operator in domain `code` (of type gg_binop_rcode). */
__device__ __noinline__ inline gg_val gg_binop_val(int op, int code, gg_val x, gg_val y)
{
    gg_val r{0};
    bool cmp = gg_is_compare(op);
    gg_with_any_type(code, [&](auto tag) {
        using T = decltype(tag);
        T a = gg_get<T>(x), b = gg_get<T>(y);
        r = cmp ? gg_put(gg_compare<T>(op, a, b)) : gg_put(gg_binop<T>(op, a, b));
    });
    return r;
}

/* The value of a positional binary operator (GxB_FIRSTI ... SECONDJ1) for two operands at the
 * same entry (i, j) (eWise and apply: GG_positional_value(op, i, j, i, j)). */
__device__ inline int64_t gg_positional(int op, uint64_t i, uint64_t j)
{
    switch (op) {
    case GG_OP_FIRSTI:
    case GG_OP_SECONDI: return (int64_t)i;
    case GG_OP_FIRSTI1:
    case GG_OP_SECONDI1: return (int64_t)i + 1;
    case GG_OP_FIRSTJ:
    case GG_OP_SECONDJ: return (int64_t)j;
    default: return (int64_t)j + 1; /* FIRSTJ1, SECONDJ1 */
    }
}

/* z = op(x, y), x of op.xcode and y of op.ycode, for operands at entry (i, 0) of a vector. */
__device__ inline gg_val gg_eval_binary(const GG_cuda_op &op, gg_val x, gg_val y, uint64_t i)
{
    if (gg_op_positional(op.opcode))
        return gg_convert(gg_put(gg_positional(op.opcode, i, 0)), GG_CUDA_INT64, op.zcode);
    gg_val r = gg_binop_val(op.opcode, op.xcode, x, gg_convert(y, op.ycode, op.xcode));
    return gg_convert(r, gg_binop_rcode(op.opcode, op.xcode), op.zcode);
}

__device__ __noinline__ inline gg_val gg_unop_val(int op, int code, gg_val x)
{
    gg_val r{0};
    gg_with_any_type(code, [&](auto tag) {
        using T = decltype(tag);
        r = gg_put(gg_unop<T>(op, gg_get<T>(x)));
    });
    return r;
}

/* z = op(x), x of op.xcode. */
__device__ inline gg_val gg_eval_unary(const GG_cuda_op &op, gg_val x)
{
    return gg_convert(gg_unop_val(op.opcode, op.xcode, x), op.xcode, op.zcode);
}

/* z = op(x, i, j, y) for an index-unary operator (GG_opcodes.h's GG_IDX_* rules and the VALUE
 * comparisons), x of op.xcode (not read by the positional ones), y (the thunk) of op.ycode. */
__device__ __noinline__ inline gg_val gg_eval_index(GG_cuda_op op, gg_val x, uint64_t i, uint64_t j,
                                                    gg_val y)
{
    int o = op.opcode;
    if (o >= GG_OP_VALUEEQ && o <= GG_OP_VALUEGE) {
        int c = o == GG_OP_VALUEEQ   ? GG_OP_EQ
                : o == GG_OP_VALUENE ? GG_OP_NE
                : o == GG_OP_VALUELT ? GG_OP_LT
                : o == GG_OP_VALUELE ? GG_OP_LE
                : o == GG_OP_VALUEGT ? GG_OP_GT
                                     : GG_OP_GE;
        GG_cuda_op cmp = {c, op.xcode, op.ycode, op.zcode};
        return gg_eval_binary(cmp, x, y, i);
    }
    /* positional: the thunk as a signed 64-bit number; index arithmetic wraps */
    int64_t k = gg_cast_from<int64_t>(y, op.ycode);
    uint64_t w;
    bool b;
    switch (o) {
    case GG_OP_ROWINDEX: w = i + (uint64_t)k; break;
    case GG_OP_COLINDEX: w = j + (uint64_t)k; break;
    case GG_OP_DIAGINDEX: w = j - (i + (uint64_t)k); break;
    default:
        switch (o) {
        case GG_OP_TRIL: b = (int64_t)(j - i) <= k; break;
        case GG_OP_TRIU: b = (int64_t)(j - i) >= k; break;
        case GG_OP_DIAG: b = (int64_t)(j - i) == k; break;
        case GG_OP_OFFDIAG: b = (int64_t)(j - i) != k; break;
        case GG_OP_COLLE: b = (int64_t)j <= k; break;
        case GG_OP_COLGT: b = (int64_t)j > k; break;
        case GG_OP_ROWLE: b = (int64_t)i <= k; break;
        default: b = (int64_t)i > k; break; /* ROWGT */
        }
        return gg_convert(gg_put(b), GG_CUDA_BOOL, op.zcode);
    }
    /* ROWINDEX ... DIAGINDEX: the sum wrapped to the result type (INT32 or INT64) */
    return gg_convert(gg_put(w), GG_CUDA_UINT64, op.zcode);
}

#endif /* GG_CUDA_VEC_VALUE_CUH */
