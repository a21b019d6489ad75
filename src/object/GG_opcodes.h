/* GG_opcodes.h: internal header of the algebra (types, operators, monoids, semirings).
 * It names every built-in operator kind (GG_opcode, type independent, so backends can pick a
 * kernel by opcode and type code), gives the per-type traits from which typed code is generated,
 * declares the built-in objects behind the exported handles, and holds the lifecycle shared by
 * the algebraic objects. */
#ifndef GG_OPCODES_H
#define GG_OPCODES_H

#include "GG_internal.h"

#include <math.h>

/* ---- operator codes: GG_opcode (GG_opcode_list.h, a plain header the CUDA kernels include too) */
#include "GG_opcode_list.h"

/* ---- per-type traits ----------------------------------------------------------------------------
 * GG_WITH_T/N/I/F(X, args...) call X(args..., T, E, K) for the type sets of GxG_EACH_T/N/I/F, in
 * the same order: T the suffix, E the C type, K the kind (B bool, S signed integer, U unsigned
 * integer, F floating point). The leading arguments carry a family (an operator name, a target
 * type) into the expansion, which the header's lists cannot. */
#define GG_WITH_T(X, ...) X(__VA_ARGS__, BOOL, bool, B) GG_WITH_N(X, __VA_ARGS__)
#define GG_WITH_N(X, ...) GG_WITH_I(X, __VA_ARGS__) GG_WITH_F(X, __VA_ARGS__)
#define GG_WITH_I(X, ...)                                                                          \
    X(__VA_ARGS__, INT8, int8_t, S) X(__VA_ARGS__, UINT8, uint8_t, U)                              \
    X(__VA_ARGS__, INT16, int16_t, S) X(__VA_ARGS__, UINT16, uint16_t, U)                          \
    X(__VA_ARGS__, INT32, int32_t, S) X(__VA_ARGS__, UINT32, uint32_t, U)                          \
    X(__VA_ARGS__, INT64, int64_t, S) X(__VA_ARGS__, UINT64, uint64_t, U)
#define GG_WITH_F(X, ...) X(__VA_ARGS__, FP32, float, F) X(__VA_ARGS__, FP64, double, F)

#define GG_CAT(a, b) GG_CAT_(a, b)
#define GG_CAT_(a, b) a##b

/* The largest and smallest value of a type (infinities for floating point). */
#define GG_MAX_OF(K, T) GG_CAT(GG_TYPEMAX_, K)(T)
#define GG_MIN_OF(K, T) GG_CAT(GG_TYPEMIN_, K)(T)
#define GG_TYPEMAX_B(T) true
#define GG_TYPEMAX_S(T) T##_MAX
#define GG_TYPEMAX_U(T) T##_MAX
#define GG_TYPEMAX_F(T) INFINITY
#define GG_TYPEMIN_B(T) false
#define GG_TYPEMIN_S(T) T##_MIN
#define GG_TYPEMIN_U(T) 0
#define GG_TYPEMIN_F(T) (-INFINITY)

/* ---- operator rules -----------------------------------------------------------------------------
 * The value of each built-in operator on C values: GG_UN_<OP>(K, T, E, x), GG_BIN_<OP>(K, T, E, x,
 * y) and GG_IDX_<OP>(E, i, j, y), for operands of C type E, type suffix T and kind K (see
 * GG_WITH_T). ops_builtin.c wraps them into the operators' functions; backends can inline them in
 * kernels so that a specialised kernel computes exactly what the operator object does.
 *
 * Semantics where C leaves them undefined follow SuiteSparse: integer arithmetic wraps; integer
 * division by zero gives 0 for 0/0 and otherwise the type's max (x > 0 or unsigned) or min
 * (x < 0); x / -1 is -x, wrapping; MINV is 1/x by the same rule. On BOOL, PLUS is LOR, TIMES and
 * MIN are LAND, MAX is LOR, MINUS is LXOR, DIV is FIRST, AINV and ABS are the identity, MINV is
 * true. Floating MIN/MAX return the other operand when one is NaN. GG_RULE_<OP>_<K> are the
 * per-kind pieces. */

/* Integers wrap: arithmetic runs in uint64_t (defined modulo 2^64) and the conversion back to a
 * signed type keeps the low bits, as GCC and Clang define it. */
#define GG_WRAP(E, v) ((E)(v))

#define GG_RULE_AINV_B(T, E, x) (x)
#define GG_RULE_AINV_S(T, E, x) GG_WRAP(E, 0 - (uint64_t)(x))
#define GG_RULE_AINV_U GG_RULE_AINV_S
#define GG_RULE_AINV_F(T, E, x) (-(x))

#define GG_RULE_ABS_B(T, E, x) (x)
#define GG_RULE_ABS_S(T, E, x) ((x) >= 0 ? (x) : GG_RULE_AINV_S(T, E, x))
#define GG_RULE_ABS_U GG_RULE_ABS_B
#define GG_RULE_ABS_F(T, E, x) ((E)fabs(x))

#define GG_RULE_DIV_B(T, E, x, y) (x)
#define GG_RULE_DIV_S(T, E, x, y)                                                                  \
    ((y) == -1  ? GG_RULE_AINV_S(T, E, x)                                                          \
     : (y) == 0 ? ((x) == 0 ? (E)0 : (x) < 0 ? (E)GG_MIN_OF(S, T) : (E)GG_MAX_OF(S, T))            \
                : (E)((x) / (y)))
#define GG_RULE_DIV_U(T, E, x, y)                                                                  \
    ((y) == 0 ? ((x) == 0 ? (E)0 : (E)GG_MAX_OF(U, T)) : (E)((x) / (y)))
#define GG_RULE_DIV_F(T, E, x, y) ((x) / (y))

#define GG_RULE_MINV_B(T, E, x) true
#define GG_RULE_MINV_S(T, E, x) GG_RULE_DIV_S(T, E, (E)1, x)
#define GG_RULE_MINV_U(T, E, x) GG_RULE_DIV_U(T, E, (E)1, x)
#define GG_RULE_MINV_F(T, E, x) ((E)1 / (x))

#define GG_RULE_PLUS_B(T, E, x, y) ((x) || (y))
#define GG_RULE_PLUS_S(T, E, x, y) GG_WRAP(E, (uint64_t)(x) + (uint64_t)(y))
#define GG_RULE_PLUS_U GG_RULE_PLUS_S
#define GG_RULE_PLUS_F(T, E, x, y) ((x) + (y))

#define GG_RULE_MINUS_B(T, E, x, y) ((x) != (y))
#define GG_RULE_MINUS_S(T, E, x, y) GG_WRAP(E, (uint64_t)(x) - (uint64_t)(y))
#define GG_RULE_MINUS_U GG_RULE_MINUS_S
#define GG_RULE_MINUS_F(T, E, x, y) ((x) - (y))

#define GG_RULE_TIMES_B(T, E, x, y) ((x) && (y))
#define GG_RULE_TIMES_S(T, E, x, y) GG_WRAP(E, (uint64_t)(x) * (uint64_t)(y))
#define GG_RULE_TIMES_U GG_RULE_TIMES_S
#define GG_RULE_TIMES_F(T, E, x, y) ((x) * (y))

/* On BOOL, the comparison forms are LAND and LOR. Floating point ignores a NaN operand and, on a
 * tie such as (+0, -0), returns y, as SuiteSparse does. */
#define GG_RULE_MIN_B(T, E, x, y) ((x) < (y) ? (x) : (y))
#define GG_RULE_MIN_S GG_RULE_MIN_B
#define GG_RULE_MIN_U GG_RULE_MIN_B
#define GG_RULE_MIN_F(T, E, x, y) (isnan(x) ? (y) : isnan(y) ? (x) : GG_RULE_MIN_B(T, E, x, y))
#define GG_RULE_MAX_B(T, E, x, y) ((x) > (y) ? (x) : (y))
#define GG_RULE_MAX_S GG_RULE_MAX_B
#define GG_RULE_MAX_U GG_RULE_MAX_B
#define GG_RULE_MAX_F(T, E, x, y) (isnan(x) ? (y) : isnan(y) ? (x) : GG_RULE_MAX_B(T, E, x, y))

#define GG_UN_IDENTITY(K, T, E, x) (x)
#define GG_UN_AINV(K, T, E, x) GG_CAT(GG_RULE_AINV_, K)(T, E, x)
#define GG_UN_MINV(K, T, E, x) GG_CAT(GG_RULE_MINV_, K)(T, E, x)
#define GG_UN_LNOT(K, T, E, x) (!(x))
#define GG_UN_ABS(K, T, E, x) GG_CAT(GG_RULE_ABS_, K)(T, E, x)
#define GG_UN_BNOT(K, T, E, x) ((E)~(x))

#define GG_BIN_LOR(K, T, E, x, y) ((x) || (y))
#define GG_BIN_LAND(K, T, E, x, y) ((x) && (y))
#define GG_BIN_LXOR(K, T, E, x, y) ((x) != (y))
#define GG_BIN_LXNOR(K, T, E, x, y) ((x) == (y))
#define GG_BIN_BOR(K, T, E, x, y) ((E)((x) | (y)))
#define GG_BIN_BAND(K, T, E, x, y) ((E)((x) & (y)))
#define GG_BIN_BXOR(K, T, E, x, y) ((E)((x) ^ (y)))
#define GG_BIN_BXNOR(K, T, E, x, y) ((E)~((x) ^ (y)))
#define GG_BIN_EQ(K, T, E, x, y) ((x) == (y))
#define GG_BIN_NE(K, T, E, x, y) ((x) != (y))
#define GG_BIN_GT(K, T, E, x, y) ((x) > (y))
#define GG_BIN_LT(K, T, E, x, y) ((x) < (y))
#define GG_BIN_GE(K, T, E, x, y) ((x) >= (y))
#define GG_BIN_LE(K, T, E, x, y) ((x) <= (y))
#define GG_BIN_ONEB(K, T, E, x, y) ((E)1)
#define GG_BIN_FIRST(K, T, E, x, y) (x)
#define GG_BIN_SECOND(K, T, E, x, y) (y)
#define GG_BIN_MIN(K, T, E, x, y) GG_CAT(GG_RULE_MIN_, K)(T, E, x, y)
#define GG_BIN_MAX(K, T, E, x, y) GG_CAT(GG_RULE_MAX_, K)(T, E, x, y)
#define GG_BIN_PLUS(K, T, E, x, y) GG_CAT(GG_RULE_PLUS_, K)(T, E, x, y)
#define GG_BIN_MINUS(K, T, E, x, y) GG_CAT(GG_RULE_MINUS_, K)(T, E, x, y)
#define GG_BIN_TIMES(K, T, E, x, y) GG_CAT(GG_RULE_TIMES_, K)(T, E, x, y)
#define GG_BIN_DIV(K, T, E, x, y) GG_CAT(GG_RULE_DIV_, K)(T, E, x, y)

/* Index-unary: i is the row, j the column (0 for vectors), y the thunk. Index arithmetic wraps
 * like the integer operators; (int64_t)(j - i) is the signed diagonal offset. */
#define GG_IDX_ROWINDEX(E, i, j, y) GG_WRAP(E, (uint64_t)(i) + (uint64_t)(y))
#define GG_IDX_COLINDEX(E, i, j, y) GG_WRAP(E, (uint64_t)(j) + (uint64_t)(y))
#define GG_IDX_DIAGINDEX(E, i, j, y) GG_WRAP(E, (uint64_t)(j) - ((uint64_t)(i) + (uint64_t)(y)))
#define GG_IDX_TRIL(E, i, j, y) ((int64_t)((j) - (i)) <= (y))
#define GG_IDX_TRIU(E, i, j, y) ((int64_t)((j) - (i)) >= (y))
#define GG_IDX_DIAG(E, i, j, y) ((int64_t)((j) - (i)) == (y))
#define GG_IDX_OFFDIAG(E, i, j, y) ((int64_t)((j) - (i)) != (y))
#define GG_IDX_COLLE(E, i, j, y) ((int64_t)(j) <= (y))
#define GG_IDX_COLGT(E, i, j, y) ((int64_t)(j) > (y))
#define GG_IDX_ROWLE(E, i, j, y) ((int64_t)(i) <= (y))
#define GG_IDX_ROWGT(E, i, j, y) ((int64_t)(i) > (y))

/* ---- GxB extension rules ----------------------------------------------------------------------
 * ANY returns its second operand, as SuiteSparse's function does; a kernel may return any operand
 * instead (the monoid promises nothing more). A positional operator's value, for x the entry
 * (ai, aj) of the first operand and y the entry (bi, bj) of the second, as the operation uses them
 * (after any transpose): in C(i,j) += A(i,k)*B(k,j) that is (i, k, k, j), in eWise and apply both
 * are the entry's own position. Results are cast to the operator's ztype (INT32 wraps). */
#define GG_BIN_ANY(K, T, E, x, y) (y)

static inline bool GG_opcode_positional(int opcode)
{
    return opcode >= GG_OP_FIRSTI && opcode <= GG_OP_SECONDJ1;
}

static inline int64_t GG_positional_value(int opcode, GrB_Index ai, GrB_Index aj, GrB_Index bi,
                                          GrB_Index bj)
{
    switch (opcode) {
    case GG_OP_FIRSTI: return (int64_t)ai;
    case GG_OP_FIRSTI1: return (int64_t)ai + 1;
    case GG_OP_FIRSTJ: return (int64_t)aj;
    case GG_OP_FIRSTJ1: return (int64_t)aj + 1;
    case GG_OP_SECONDI: return (int64_t)bi;
    case GG_OP_SECONDI1: return (int64_t)bi + 1;
    case GG_OP_SECONDJ: return (int64_t)bj;
    default: return (int64_t)bj + 1;
    }
}

/* Stores a positional value into z of the operator's ztype (INT32 or INT64). */
static inline void GG_positional_store(void *z, GrB_Type ztype, int64_t v)
{
    if (ztype->code == GrB_INT32_CODE) {
        int32_t w = (int32_t)v;
        memcpy(z, &w, sizeof(w));
    } else {
        memcpy(z, &v, sizeof(v));
    }
}

/* ---- built-in objects ---------------------------------------------------------------------------
 * Each exported handle NAME points at GG_builtin_NAME (types: GG_builtin_GrB_BOOL, ...). */
#define GG_DECL_BUILTIN_TYPE(T, ...) extern struct GG_Type_opaque GG_builtin_GrB_##T;
#define GG_DECL_BUILTIN_UNOP(name) extern struct GG_UnaryOp_opaque GG_builtin_##name;
#define GG_DECL_BUILTIN_BINOP(name) extern struct GG_BinaryOp_opaque GG_builtin_##name;
#define GG_DECL_BUILTIN_IDXOP(name) extern struct GG_IndexUnaryOp_opaque GG_builtin_##name;
#define GG_DECL_BUILTIN_MONOID(name) extern struct GG_Monoid_opaque GG_builtin_##name;
#define GG_DECL_BUILTIN_SEMIRING(name) extern struct GG_Semiring_opaque GG_builtin_##name;
GxG_BUILTIN_TYPES(GG_DECL_BUILTIN_TYPE)
GxG_UNARY_OPS(GG_DECL_BUILTIN_UNOP)
GxG_LEGACY_UNARY_OPS(GG_DECL_BUILTIN_UNOP)
GxG_BINARY_OPS(GG_DECL_BUILTIN_BINOP)
GxG_INDEXUNARY_OPS(GG_DECL_BUILTIN_IDXOP)
GxG_MONOIDS(GG_DECL_BUILTIN_MONOID)
GxG_SEMIRINGS(GG_DECL_BUILTIN_SEMIRING)
GxG_GXB_BINARY_OPS(GG_DECL_BUILTIN_BINOP)
GxG_GXB_MONOIDS(GG_DECL_BUILTIN_MONOID)
GxG_GXB_SEMIRINGS(GG_DECL_BUILTIN_SEMIRING)
#undef GG_DECL_BUILTIN_TYPE
#undef GG_DECL_BUILTIN_UNOP
#undef GG_DECL_BUILTIN_BINOP
#undef GG_DECL_BUILTIN_IDXOP
#undef GG_DECL_BUILTIN_MONOID
#undef GG_DECL_BUILTIN_SEMIRING

/* ---- lifecycle of the algebraic objects ------------------------------------------------------ */

/* Sets the GrB_NAME of a new user object from a constructor's name argument: NULL leaves it unset
 * (""), anything else (even "") is stored, truncated to GxB_MAX_NAME_LEN - 1 characters, and
 * counts as set. */
void GG_name_init(GG_header *h, const char *name);

/* Validates the arguments common to the operator constructors, in the order every entry point
 * uses: the output handle `op` and the function f (have_f) non-NULL, then types[0..ntypes) (ztype,
 * xtype, ytype) non-NULL, then each a valid type. Errors are reported as coming from `func`. */
GrB_Info GG_check_op_new(const char *func, const void *op, bool have_f, int ntypes,
                         const GrB_Type *types);

/* The shared part of the user-operator constructors: GG_check_op_new, then a new object of `size`
 * bytes and `kind` with its name set (GG_name_init) and opcode GG_OP_USER left to the caller.
 * Returns NULL with *info set on any failure; the caller fills in f and the types. */
void *GG_op_new(const char *func, const void *op, bool have_f, int ntypes, const GrB_Type *types,
                size_t size, GG_kind kind, const char *name, GrB_Info *info);

#endif /* GG_OPCODES_H */
