/* ops_builtin.c: every predefined unary, binary and index-unary operator, with its function, its
 * types, its opcode and its exported handle. Each function applies one operator rule of
 * GG_opcodes.h (which states the semantics), expanded over the family's type set with the
 * GG_WITH_* lists; the handles are defined from the public header's lists, so an operator missing
 * from either side fails the build. */
#include "GG_opcodes.h"

/* ---- unary operators ------------------------------------------------------------------------- */

#define GG_DEFINE_UNOP(NAME, OP, T, E, K)                                                          \
    static void fn_##NAME(void *z, const void *x)                                                  \
    {                                                                                              \
        E a;                                                                                       \
        memcpy(&a, x, sizeof(a));                                                                  \
        E r = GG_UN_##OP(K, T, E, a);                                                              \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    struct GG_UnaryOp_opaque GG_builtin_##NAME = {                                                 \
        .h = GG_BUILTIN_HEADER(GG_KIND_UNARYOP, #NAME),                                            \
        .f = fn_##NAME,                                                                            \
        .ztype = &GG_builtin_GrB_##T,                                                              \
        .xtype = &GG_builtin_GrB_##T,                                                              \
        .opcode = GG_OP_##OP,                                                                      \
    };
#define GG_UNOP_MEMBER(OP, T, E, K) GG_DEFINE_UNOP(GrB_##OP##_##T, OP, T, E, K)

GG_WITH_T(GG_UNOP_MEMBER, IDENTITY)
GG_WITH_T(GG_UNOP_MEMBER, AINV)
GG_WITH_T(GG_UNOP_MEMBER, MINV)
GG_DEFINE_UNOP(GrB_LNOT, LNOT, BOOL, bool, B)
GG_WITH_T(GG_UNOP_MEMBER, ABS)
GG_WITH_I(GG_UNOP_MEMBER, BNOT)

/* ---- binary operators ------------------------------------------------------------------------ */

/* ZT/ZE: the result's type suffix and C type (BOOL for comparisons, else the operand type). */
#define GG_DEFINE_BINOP(NAME, OP, ZT, ZE, T, E, K)                                                 \
    static void fn_##NAME(void *z, const void *x, const void *y)                                   \
    {                                                                                              \
        E a, b;                                                                                    \
        memcpy(&a, x, sizeof(a));                                                                  \
        memcpy(&b, y, sizeof(b));                                                                  \
        ZE r = GG_BIN_##OP(K, T, E, a, b);                                                         \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    struct GG_BinaryOp_opaque GG_builtin_##NAME = {                                                \
        .h = GG_BUILTIN_HEADER(GG_KIND_BINARYOP, #NAME),                                           \
        .f = fn_##NAME,                                                                            \
        .ztype = &GG_CAT(GG_builtin_GrB_, ZT),                                                     \
        .xtype = &GG_builtin_GrB_##T,                                                              \
        .ytype = &GG_builtin_GrB_##T,                                                              \
        .opcode = GG_OP_##OP,                                                                      \
    };
#define GG_ZT_SAME(T) T
#define GG_ZE_SAME(E) E
#define GG_ZT_BOOL(T) BOOL
#define GG_ZE_BOOL(E) bool
#define GG_BINOP_MEMBER(OP, Z, T, E, K)                                                            \
    GG_DEFINE_BINOP(GrB_##OP##_##T, OP, GG_ZT_##Z(T), GG_ZE_##Z(E), T, E, K)
#define GG_BOOL_BINOP(OP) GG_DEFINE_BINOP(GrB_##OP, OP, BOOL, bool, BOOL, bool, B)

GG_BOOL_BINOP(LOR)
GG_BOOL_BINOP(LAND)
GG_BOOL_BINOP(LXOR)
GG_BOOL_BINOP(LXNOR)
/* X(OP, type set, result) in the order of GxG_BINARY_OPS. */
#define GG_BINOP_FAMILIES(X)                                                                       \
    X(BOR, I, SAME) X(BAND, I, SAME) X(BXOR, I, SAME) X(BXNOR, I, SAME) X(EQ, T, BOOL)             \
    X(NE, T, BOOL) X(GT, T, BOOL) X(LT, T, BOOL) X(GE, T, BOOL) X(LE, T, BOOL) X(ONEB, T, SAME)    \
    X(FIRST, T, SAME) X(SECOND, T, SAME) X(MIN, T, SAME) X(MAX, T, SAME) X(PLUS, T, SAME)          \
    X(MINUS, T, SAME) X(TIMES, T, SAME) X(DIV, T, SAME)
#define GG_BINOP_FAMILY(OP, SET, Z) GG_WITH_##SET(GG_BINOP_MEMBER, OP, Z)
GG_BINOP_FAMILIES(GG_BINOP_FAMILY)

/* ---- index-unary operators ------------------------------------------------------------------- */

/* Positional operators do not read x and, as in SuiteSparse, have no xtype. */
#define GG_DEFINE_POSITIONAL(NAME, OP, ZT, ZE, YT, YE)                                             \
    static void fn_##NAME(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)         \
    {                                                                                              \
        (void)x;                                                                                   \
        (void)i;                                                                                   \
        (void)j;                                                                                   \
        YE b;                                                                                      \
        memcpy(&b, y, sizeof(b));                                                                  \
        ZE r = GG_IDX_##OP(ZE, i, j, b);                                                           \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    struct GG_IndexUnaryOp_opaque GG_builtin_##NAME = {                                            \
        .h = GG_BUILTIN_HEADER(GG_KIND_INDEXUNARYOP, #NAME),                                       \
        .f = fn_##NAME,                                                                            \
        .ztype = &GG_builtin_GrB_##ZT,                                                             \
        .xtype = NULL,                                                                             \
        .ytype = &GG_builtin_GrB_##YT,                                                             \
        .opcode = GG_OP_##OP,                                                                      \
    };
/* ROWINDEX, COLINDEX, DIAGINDEX: the result and the thunk share the type (INT32 or INT64). */
#define GG_INDEX_VALUE_OP(OP)                                                                      \
    GG_INDEX_VALUE_MEMBER(OP, INT32, int32_t) GG_INDEX_VALUE_MEMBER(OP, INT64, int64_t)
#define GG_INDEX_VALUE_MEMBER(OP, T, E) GG_DEFINE_POSITIONAL(GrB_##OP##_##T, OP, T, E, T, E)
/* The positional tests: a BOOL result, an INT64 thunk. */
#define GG_INDEX_TEST_OP(OP) GG_DEFINE_POSITIONAL(GrB_##OP, OP, BOOL, bool, INT64, int64_t)

GG_INDEX_VALUE_OP(ROWINDEX)
GG_INDEX_VALUE_OP(COLINDEX)
GG_INDEX_VALUE_OP(DIAGINDEX)
GG_INDEX_TEST_OP(TRIL)
GG_INDEX_TEST_OP(TRIU)
GG_INDEX_TEST_OP(DIAG)
GG_INDEX_TEST_OP(OFFDIAG)
GG_INDEX_TEST_OP(COLLE)
GG_INDEX_TEST_OP(COLGT)
GG_INDEX_TEST_OP(ROWLE)
GG_INDEX_TEST_OP(ROWGT)

/* VALUE<cmp>_T: z = (x cmp y), x and y of type T, the position ignored. */
#define GG_DEFINE_VALUE_CMP(CMP, OP, T, E, K)                                                      \
    static void fn_GrB_##OP##_##T(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y) \
    {                                                                                              \
        (void)i;                                                                                   \
        (void)j;                                                                                   \
        E a, b;                                                                                    \
        memcpy(&a, x, sizeof(a));                                                                  \
        memcpy(&b, y, sizeof(b));                                                                  \
        bool r = GG_BIN_##CMP(K, T, E, a, b);                                                      \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    struct GG_IndexUnaryOp_opaque GG_builtin_GrB_##OP##_##T = {                                    \
        .h = GG_BUILTIN_HEADER(GG_KIND_INDEXUNARYOP, "GrB_" #OP "_" #T),                           \
        .f = fn_GrB_##OP##_##T,                                                                    \
        .ztype = &GG_builtin_GrB_BOOL,                                                             \
        .xtype = &GG_builtin_GrB_##T,                                                              \
        .ytype = &GG_builtin_GrB_##T,                                                              \
        .opcode = GG_OP_##OP,                                                                      \
    };
GG_WITH_T(GG_DEFINE_VALUE_CMP, EQ, VALUEEQ)
GG_WITH_T(GG_DEFINE_VALUE_CMP, NE, VALUENE)
GG_WITH_T(GG_DEFINE_VALUE_CMP, LT, VALUELT)
GG_WITH_T(GG_DEFINE_VALUE_CMP, LE, VALUELE)
GG_WITH_T(GG_DEFINE_VALUE_CMP, GT, VALUEGT)
GG_WITH_T(GG_DEFINE_VALUE_CMP, GE, VALUEGE)

/* ---- exported handles ------------------------------------------------------------------------ */

#define GG_HANDLE_UNOP(name) GrB_UnaryOp name = &GG_builtin_##name;
#define GG_HANDLE_BINOP(name) GrB_BinaryOp name = &GG_builtin_##name;
#define GG_HANDLE_IDXOP(name) GrB_IndexUnaryOp name = &GG_builtin_##name;
GxG_UNARY_OPS(GG_HANDLE_UNOP)
GxG_LEGACY_UNARY_OPS(GG_HANDLE_UNOP)
GxG_BINARY_OPS(GG_HANDLE_BINOP)
GxG_INDEXUNARY_OPS(GG_HANDLE_IDXOP)
