/* ops_gxb.c: the GxB extensions of the algebra with SuiteSparse 7.4's names and types: the ANY
 * operators and monoids, GxB_PAIR_<T> (a second name of GrB_ONEB_<T>), the positional binary
 * operators (GxB_FIRSTI ... GxB_SECONDJ1) and the semirings built from them. Semantics are stated
 * in GG_opcodes.h (GG_BIN_ANY, GG_positional_value); the handles come from the header's GxB lists,
 * so an object missing on either side fails the build. */
#include "GG_opcodes.h"

/* ---- ANY ------------------------------------------------------------------------------------- */

#define GG_DEFINE_ANY(T, E, K)                                                                     \
    static void fn_GxB_ANY_##T(void *z, const void *x, const void *y)                              \
    {                                                                                              \
        E a, b;                                                                                    \
        memcpy(&a, x, sizeof(a));                                                                  \
        memcpy(&b, y, sizeof(b));                                                                  \
        E r = GG_BIN_ANY(K, T, E, a, b);                                                           \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    struct GG_BinaryOp_opaque GG_builtin_GxB_ANY_##T = {                                           \
        .h = GG_BUILTIN_HEADER(GG_KIND_BINARYOP, "GxB_ANY_" #T),                                   \
        .f = fn_GxB_ANY_##T,                                                                       \
        .ztype = &GG_builtin_GrB_##T,                                                              \
        .xtype = &GG_builtin_GrB_##T,                                                              \
        .ytype = &GG_builtin_GrB_##T,                                                              \
        .opcode = GG_OP_ANY,                                                                       \
    };                                                                                             \
    /* SuiteSparse reports 0 as the identity of every ANY monoid. */                               \
    struct GG_Monoid_opaque GG_builtin_GxB_ANY_##T##_MONOID = {                                    \
        .h = GG_BUILTIN_HEADER(GG_KIND_MONOID, "GxB_ANY_" #T "_MONOID"),                           \
        .op = &GG_builtin_GxB_ANY_##T,                                                             \
        .identity = &(E){0},                                                                       \
    };
#define GG_ANY_MEMBER(unused, T, E, K) GG_DEFINE_ANY(T, E, K)
GG_WITH_T(GG_ANY_MEMBER, ~)

/* ---- positional operators ------------------------------------------------------------------------
 * Their value depends on where the operands' entries are, which z = f(x, y) does not see: kernels
 * dispatch them by opcode (the CPU's GG_cpu_binop_at). f alone answers for entries at (0, 0). */
#define GG_DEFINE_POSITIONAL_BINOP(OP, T, E)                                                       \
    static void fn_GxB_##OP##_##T(void *z, const void *x, const void *y)                           \
    {                                                                                              \
        (void)x;                                                                                   \
        (void)y;                                                                                   \
        GG_positional_store(z, &GG_builtin_GrB_##T, GG_positional_value(GG_OP_##OP, 0, 0, 0, 0));  \
    }                                                                                              \
    struct GG_BinaryOp_opaque GG_builtin_GxB_##OP##_##T = {                                        \
        .h = GG_BUILTIN_HEADER(GG_KIND_BINARYOP, "GxB_" #OP "_" #T),                               \
        .f = fn_GxB_##OP##_##T,                                                                    \
        .ztype = &GG_builtin_GrB_##T,                                                              \
        .xtype = &GG_builtin_GrB_##T,                                                              \
        .ytype = &GG_builtin_GrB_##T,                                                              \
        .opcode = GG_OP_##OP,                                                                      \
    };
#define GG_POSITIONAL_FAMILY(OP)                                                                   \
    GG_DEFINE_POSITIONAL_BINOP(OP, INT32, int32_t) GG_DEFINE_POSITIONAL_BINOP(OP, INT64, int64_t)
GG_POSITIONAL_FAMILY(FIRSTI)
GG_POSITIONAL_FAMILY(FIRSTI1)
GG_POSITIONAL_FAMILY(FIRSTJ)
GG_POSITIONAL_FAMILY(FIRSTJ1)
GG_POSITIONAL_FAMILY(SECONDI)
GG_POSITIONAL_FAMILY(SECONDI1)
GG_POSITIONAL_FAMILY(SECONDJ)
GG_POSITIONAL_FAMILY(SECONDJ1)

/* ---- semirings ----------------------------------------------------------------------------------
 * <ADD>_<MUL>_<T>: the monoid ADD on T (GxB_ANY_<T>_MONOID or GrB_<ADD>_MONOID_<T>) with the
 * multiplier MUL on T (PAIR is GrB_ONEB_<T>, as in SuiteSparse). */
#define GG_ADD_ANY(T) GG_builtin_GxB_ANY_##T##_MONOID
#define GG_ADD_PLUS(T) GG_builtin_GrB_PLUS_MONOID_##T
#define GG_ADD_MIN(T) GG_builtin_GrB_MIN_MONOID_##T
#define GG_MUL_PAIR(T) GG_builtin_GrB_ONEB_##T
#define GG_MUL_FIRSTI(T) GG_builtin_GxB_FIRSTI_##T
#define GG_MUL_FIRSTJ(T) GG_builtin_GxB_FIRSTJ_##T
#define GG_MUL_SECONDI(T) GG_builtin_GxB_SECONDI_##T
#define GG_MUL_SECONDJ(T) GG_builtin_GxB_SECONDJ_##T
#define GG_DEFINE_GXB_SEMIRING(ADD, MUL, T)                                                        \
    struct GG_Semiring_opaque GG_builtin_GxB_##ADD##_##MUL##_##T = {                               \
        .h = GG_BUILTIN_HEADER(GG_KIND_SEMIRING, "GxB_" #ADD "_" #MUL "_" #T),                     \
        .add = &GG_ADD_##ADD(T),                                                                   \
        .mul = &GG_MUL_##MUL(T),                                                                   \
    };
#define GG_GXB_SEMIRING_MEMBER(ADD, MUL, T, E, K) GG_DEFINE_GXB_SEMIRING(ADD, MUL, T)
#define GG_POSITIONAL_SEMIRING(ADD, MUL)                                                           \
    GG_DEFINE_GXB_SEMIRING(ADD, MUL, INT32) GG_DEFINE_GXB_SEMIRING(ADD, MUL, INT64)
GG_WITH_T(GG_GXB_SEMIRING_MEMBER, ANY, PAIR)
GG_WITH_N(GG_GXB_SEMIRING_MEMBER, PLUS, PAIR)
GG_POSITIONAL_SEMIRING(ANY, FIRSTI)
GG_POSITIONAL_SEMIRING(MIN, FIRSTI)
GG_POSITIONAL_SEMIRING(ANY, FIRSTJ)
GG_POSITIONAL_SEMIRING(ANY, SECONDI)
GG_POSITIONAL_SEMIRING(MIN, SECONDI)
GG_POSITIONAL_SEMIRING(ANY, SECONDJ)

/* ---- exported handles ------------------------------------------------------------------------ */

#define GG_HANDLE_BINOP(name) GrB_BinaryOp name = &GG_builtin_##name;
#define GG_HANDLE_MONOID(name) GrB_Monoid name = &GG_builtin_##name;
#define GG_HANDLE_SEMIRING(name) GrB_Semiring name = &GG_builtin_##name;
GxG_GXB_BINARY_OPS(GG_HANDLE_BINOP)
GxG_GXB_MONOIDS(GG_HANDLE_MONOID)
GxG_GXB_SEMIRINGS(GG_HANDLE_SEMIRING)
#define GG_HANDLE_PAIR(T, ...) GrB_BinaryOp GxB_PAIR_##T = &GG_builtin_GrB_ONEB_##T;
GxG_BUILTIN_TYPES(GG_HANDLE_PAIR)
