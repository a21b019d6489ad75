/* GraphBLAS_gpu.h: the public API of GraphBLAS_gpu, the GraphBLAS C API 2.1 on NVIDIA GPUs.
 *
 * Every spec 2.1 function, predefined object and enum value (exact spec values), the three GxB
 * callback typedefs, the GxB functions LAGraph's vanilla build needs, and our GxG_ extensions.
 * Typed families (the _BOOL ... _UDT suffixes) are declared through the X-macro lists below so that
 * one line states a family and the 12 declarations cannot drift apart.
 * GxB_SUITESPARSE_GRAPHBLAS is deliberately not defined: we are not SuiteSparse. */
#ifndef GRAPHBLAS_GPU_H
#define GRAPHBLAS_GPU_H

/* The standard headers SuiteSparse:GraphBLAS 7.4's GraphBLAS.h includes: client code written
 * against it uses PRIu64, INFINITY, INT_MAX, memcpy, va_list ... without including them itself. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Complex arithmetic as SuiteSparse provides it: <complex> (and <cmath>) for C++, <complex.h> for
 * C. Its macro I is removed again, as SuiteSparse does, so that I stays usable as a name (index
 * lists are called I throughout GraphBLAS code). */
#ifdef __cplusplus
extern "C++" {
#include <cmath>
#include <complex>
}
#else
#include <complex.h>
#undef I
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) || !defined(__GNUC__)
#define GxG_PUBLIC extern
#else
#define GxG_PUBLIC extern __attribute__((visibility("default")))
#endif

/* ---- versions ------------------------------------------------------------------------------- */

#define GRB_VERSION 2
#define GRB_SUBVERSION 1

#define GxG_IMPLEMENTATION_NAME "GraphBLAS_gpu"
#define GxG_IMPLEMENTATION_MAJOR 0
#define GxG_IMPLEMENTATION_MINOR 1
#define GxG_IMPLEMENTATION_SUB 0

/* ---- basic types and literals ----------------------------------------------------------------- */

typedef uint64_t GrB_Index;
#define GrB_INDEX_MAX ((GrB_Index)(1ULL << 60) - 1)
#define GrB_NULL NULL
#define GrB_INVALID_HANDLE NULL

typedef struct GG_Type_opaque *GrB_Type;
typedef struct GG_UnaryOp_opaque *GrB_UnaryOp;
typedef struct GG_BinaryOp_opaque *GrB_BinaryOp;
typedef struct GG_IndexUnaryOp_opaque *GrB_IndexUnaryOp;
typedef struct GG_Monoid_opaque *GrB_Monoid;
typedef struct GG_Semiring_opaque *GrB_Semiring;
typedef struct GG_Scalar_opaque *GrB_Scalar;
typedef struct GG_Vector_opaque *GrB_Vector;
typedef struct GG_Matrix_opaque *GrB_Matrix;
typedef struct GG_Descriptor_opaque *GrB_Descriptor;
typedef struct GG_Global_opaque *GrB_Global;

typedef void (*GxB_unary_function)(void *z, const void *x);
typedef void (*GxB_binary_function)(void *z, const void *x, const void *y);
typedef void (*GxB_index_unary_function)(void *z, const void *x, GrB_Index i, GrB_Index j,
                                         const void *y);

/* ---- enumerations (spec 2.1 values; ABI-relevant) ----------------------------------------------- */

typedef enum {
    GrB_SUCCESS = 0,
    GrB_NO_VALUE = 1,
    GrB_UNINITIALIZED_OBJECT = -1,
    GrB_NULL_POINTER = -2,
    GrB_INVALID_VALUE = -3,
    GrB_INVALID_INDEX = -4,
    GrB_DOMAIN_MISMATCH = -5,
    GrB_DIMENSION_MISMATCH = -6,
    GrB_OUTPUT_NOT_EMPTY = -7,
    GrB_NOT_IMPLEMENTED = -8,
    GrB_ALREADY_SET = -9,
    GrB_PANIC = -101,
    GrB_OUT_OF_MEMORY = -102,
    GrB_INSUFFICIENT_SPACE = -103,
    GrB_INVALID_OBJECT = -104,
    GrB_INDEX_OUT_OF_BOUNDS = -105,
    GrB_EMPTY_OBJECT = -106
} GrB_Info;

typedef enum { GrB_NONBLOCKING = 0, GrB_BLOCKING = 1 } GrB_Mode;
typedef enum { GrB_COMPLETE = 0, GrB_MATERIALIZE = 1 } GrB_WaitMode;
/* GxB_NTHREADS and GxB_CHUNK name both a descriptor field and a global option (SuiteSparse 7.4). */
#define GxB_NTHREADS 5
#define GxB_CHUNK 7
/* The descriptor enums carry SuiteSparse 7.4's GxB fields and values too (GxB_Desc_set, Doc/gxb.md). */
typedef enum {
    GrB_OUTP = 0,
    GrB_MASK = 1,
    GrB_INP0 = 2,
    GrB_INP1 = 3,
    GxB_DESCRIPTOR_NTHREADS = GxB_NTHREADS,
    GxB_DESCRIPTOR_CHUNK = GxB_CHUNK,
    GxB_AxB_METHOD = 1000,
    GxB_SORT = 35,
    GxB_COMPRESSION = 36,
    GxB_IMPORT = 37
} GrB_Desc_Field;
typedef enum {
    GrB_DEFAULT = 0,
    GxB_DEFAULT = 0,
    GrB_REPLACE = 1,
    GrB_COMP = 2,
    GrB_TRAN = 3,
    GrB_STRUCTURE = 4,
    GrB_COMP_STRUCTURE = 6,
    GxB_AxB_GUSTAVSON = 1001,
    GxB_AxB_DOT = 1003,
    GxB_AxB_HASH = 1004,
    GxB_AxB_SAXPY = 1005,
    GxB_SECURE_IMPORT = 502
} GrB_Desc_Value;
#define GxB_FAST_IMPORT GxB_DEFAULT
typedef enum { GrB_CSR_FORMAT = 0, GrB_CSC_FORMAT = 1, GrB_COO_FORMAT = 2 } GrB_Format;
typedef enum {
    GrB_UDT_CODE = 0,
    GrB_BOOL_CODE = 1,
    GrB_INT8_CODE = 2,
    GrB_UINT8_CODE = 3,
    GrB_INT16_CODE = 4,
    GrB_UINT16_CODE = 5,
    GrB_INT32_CODE = 6,
    GrB_UINT32_CODE = 7,
    GrB_INT64_CODE = 8,
    GrB_UINT64_CODE = 9,
    GrB_FP32_CODE = 10,
    GrB_FP64_CODE = 11
} GrB_Type_Code;
typedef enum { GrB_ROWMAJOR = 0, GrB_COLMAJOR = 1, GrB_BOTH = 2, GrB_UNKNOWN = 3 } GrB_Orientation;
typedef enum {
    GrB_OUTP_FIELD = 0,
    GrB_MASK_FIELD = 1,
    GrB_INP0_FIELD = 2,
    GrB_INP1_FIELD = 3,
    GrB_NAME = 10,
    GrB_LIBRARY_VER_MAJOR = 11,
    GrB_LIBRARY_VER_MINOR = 12,
    GrB_LIBRARY_VER_PATCH = 13,
    GrB_API_VER_MAJOR = 14,
    GrB_API_VER_MINOR = 15,
    GrB_API_VER_PATCH = 16,
    GrB_BLOCKING_MODE = 17,
    GrB_STORAGE_ORIENTATION_HINT = 100,
    GrB_EL_TYPE_CODE = 102,
    GrB_INP0_TYPE_CODE = 103,
    GrB_INP1_TYPE_CODE = 104,
    GrB_OUTP_TYPE_CODE = 105,
    GrB_EL_TYPE_STRING = 106,
    GrB_INP0_TYPE_STRING = 107,
    GrB_INP1_TYPE_STRING = 108,
    GrB_OUTP_TYPE_STRING = 109,
    GrB_SIZE = 110,
    /* GxG_ fields: our own settings, numbered from 8000 (Doc/getset.md). */
    GxG_BACKEND = 8000,          /* INT32, global and descriptor: a GxG_Backend value */
    GxG_BACKENDS_AVAILABLE = 8001, /* INT32, global, read-only: bit 0 CPU, bit 1 CUDA */
    GxG_DEVICE_NAME = 8002,      /* String, global, read-only: the GPU's name or "" */
    GxG_DEVICE_MEMORY = 8003,    /* SIZE, global, read-only: the GPU's memory in bytes or 0 */
    GxG_LIBRARY_NAME = 8004,     /* String, global, read-only: "GraphBLAS_gpu" */
    GxG_HS_NODE_DIM = 8005,      /* INT32, global: HiSparse node dimension d for matrices built
                                  * afterwards (a power of two, 2..256; default 128) */
    GxG_TRACE = 8006,            /* INT32, global: 1 writes one line per operation (backend, reason,
                                  * device transfers) to stderr; 0 (default) is silent */
    GxG_DEVICE_ID = 8007,        /* INT32, global: the CUDA device to use (before its first use) */
    GxG_DEVICE_POOL_LIMIT = 8008, /* SIZE, global: bytes the library may hold on the device
                                  * (0 = no limit beyond the device's memory) */
    GxG_CUDA_DECLINES = 8009,    /* SIZE, global, read-only: calls since GrB_init sent to the CUDA
                                  * backend that ran on the CPU instead (Doc/getset.md) */
    /* SIZE, global, read-only: host<->device transfers since the process started (copies and
     * bytes, each direction), for residency checks and grbgpu --stats */
    GxG_H2D_COPIES = 8010,
    GxG_H2D_BYTES = 8011,
    GxG_D2H_COPIES = 8012,
    GxG_D2H_BYTES = 8013
} GrB_Field;

typedef enum { GxG_BACKEND_AUTO = 0, GxG_BACKEND_CPU = 1, GxG_BACKEND_CUDA = 2 } GxG_Backend;

/* ---- typed families ----------------------------------------------------------------------------
 * X(suffix, element type, by-value argument type, const by-value argument type).
 * The _UDT forms pass user-defined values through void pointers, as the spec and SuiteSparse do. */
#define GxG_BUILTIN_TYPES(X)                                                                       \
    X(BOOL, bool, bool, bool)                                                                       \
    X(INT8, int8_t, int8_t, int8_t)                                                                 \
    X(UINT8, uint8_t, uint8_t, uint8_t)                                                             \
    X(INT16, int16_t, int16_t, int16_t)                                                             \
    X(UINT16, uint16_t, uint16_t, uint16_t)                                                         \
    X(INT32, int32_t, int32_t, int32_t)                                                             \
    X(UINT32, uint32_t, uint32_t, uint32_t)                                                         \
    X(INT64, int64_t, int64_t, int64_t)                                                             \
    X(UINT64, uint64_t, uint64_t, uint64_t)                                                         \
    X(FP32, float, float, float)                                                                    \
    X(FP64, double, double, double)
#define GxG_ALL_TYPES(X) GxG_BUILTIN_TYPES(X) X(UDT, void, void *, const void *)

/* The ten object kinds with a typed free/wait/error, and the eleven with get/set. */
#define GxG_OBJECT_KINDS(X)                                                                        \
    X(Type) X(UnaryOp) X(IndexUnaryOp) X(BinaryOp) X(Monoid) X(Semiring) X(Scalar) X(Vector)       \
    X(Matrix) X(Descriptor)
#define GxG_GETSET_KINDS(X) GxG_OBJECT_KINDS(X) X(Global)

/* ---- predefined objects ------------------------------------------------------------------------ */

GxG_PUBLIC const GrB_Index *GrB_ALL;
GxG_PUBLIC const GrB_Global GrB_GLOBAL;

#define GG_DECL_TYPE(T, ...) GxG_PUBLIC GrB_Type GrB_##T;
GxG_BUILTIN_TYPES(GG_DECL_TYPE)
#undef GG_DECL_TYPE

/* Operator lists by the spec's suffix sets: T all 11 types, N the 10 non-Boolean, I the 8 integers,
 * F the 2 floating-point types. X(name) receives the full identifier. */
#define GxG_EACH_T(X, P) X(P##BOOL) GxG_EACH_N(X, P)
#define GxG_EACH_N(X, P) GxG_EACH_I(X, P) GxG_EACH_F(X, P)
#define GxG_EACH_I(X, P)                                                                           \
    X(P##INT8) X(P##UINT8) X(P##INT16) X(P##UINT16) X(P##INT32) X(P##UINT32) X(P##INT64)           \
    X(P##UINT64)
#define GxG_EACH_F(X, P) X(P##FP32) X(P##FP64)

#define GxG_UNARY_OPS(X)                                                                           \
    GxG_EACH_T(X, GrB_IDENTITY_) GxG_EACH_T(X, GrB_AINV_) GxG_EACH_F(X, GrB_MINV_)               \
    X(GrB_LNOT) GxG_EACH_T(X, GrB_ABS_) GxG_EACH_I(X, GrB_BNOT_)
/* Integer and Boolean MINV left the spec in 1.3; SuiteSparse still exports them. */
#define GxG_LEGACY_UNARY_OPS(X) X(GrB_MINV_BOOL) GxG_EACH_I(X, GrB_MINV_)

#define GxG_BINARY_OPS(X)                                                                          \
    X(GrB_LOR) X(GrB_LAND) X(GrB_LXOR) X(GrB_LXNOR)                                               \
    GxG_EACH_I(X, GrB_BOR_) GxG_EACH_I(X, GrB_BAND_) GxG_EACH_I(X, GrB_BXOR_)                     \
    GxG_EACH_I(X, GrB_BXNOR_) GxG_EACH_T(X, GrB_EQ_) GxG_EACH_T(X, GrB_NE_)                       \
    GxG_EACH_T(X, GrB_GT_) GxG_EACH_T(X, GrB_LT_) GxG_EACH_T(X, GrB_GE_) GxG_EACH_T(X, GrB_LE_)   \
    GxG_EACH_T(X, GrB_ONEB_) GxG_EACH_T(X, GrB_FIRST_) GxG_EACH_T(X, GrB_SECOND_)                 \
    GxG_EACH_T(X, GrB_MIN_) GxG_EACH_T(X, GrB_MAX_) GxG_EACH_T(X, GrB_PLUS_)                      \
    GxG_EACH_T(X, GrB_MINUS_) GxG_EACH_T(X, GrB_TIMES_) GxG_EACH_T(X, GrB_DIV_)

#define GxG_INDEXUNARY_OPS(X)                                                                      \
    X(GrB_ROWINDEX_INT32) X(GrB_ROWINDEX_INT64) X(GrB_COLINDEX_INT32) X(GrB_COLINDEX_INT64)       \
    X(GrB_DIAGINDEX_INT32) X(GrB_DIAGINDEX_INT64) X(GrB_TRIL) X(GrB_TRIU) X(GrB_DIAG)             \
    X(GrB_OFFDIAG) X(GrB_COLLE) X(GrB_COLGT) X(GrB_ROWLE) X(GrB_ROWGT)                            \
    GxG_EACH_T(X, GrB_VALUEEQ_) GxG_EACH_T(X, GrB_VALUENE_) GxG_EACH_T(X, GrB_VALUELT_)           \
    GxG_EACH_T(X, GrB_VALUELE_) GxG_EACH_T(X, GrB_VALUEGT_) GxG_EACH_T(X, GrB_VALUEGE_)

#define GxG_MONOIDS(X)                                                                             \
    GxG_EACH_N(X, GrB_PLUS_MONOID_) GxG_EACH_N(X, GrB_TIMES_MONOID_)                              \
    GxG_EACH_N(X, GrB_MIN_MONOID_) GxG_EACH_N(X, GrB_MAX_MONOID_) X(GrB_LOR_MONOID_BOOL)          \
    X(GrB_LAND_MONOID_BOOL) X(GrB_LXOR_MONOID_BOOL) X(GrB_LXNOR_MONOID_BOOL)

#define GxG_SEMIRINGS(X)                                                                           \
    GxG_EACH_N(X, GrB_PLUS_TIMES_SEMIRING_) GxG_EACH_N(X, GrB_MIN_PLUS_SEMIRING_)                 \
    GxG_EACH_N(X, GrB_MAX_PLUS_SEMIRING_) GxG_EACH_N(X, GrB_MIN_TIMES_SEMIRING_)                  \
    GxG_EACH_N(X, GrB_MIN_MAX_SEMIRING_) GxG_EACH_N(X, GrB_MAX_MIN_SEMIRING_)                     \
    GxG_EACH_N(X, GrB_MAX_TIMES_SEMIRING_) GxG_EACH_N(X, GrB_PLUS_MIN_SEMIRING_)                  \
    GxG_EACH_N(X, GrB_MIN_FIRST_SEMIRING_) GxG_EACH_N(X, GrB_MIN_SECOND_SEMIRING_)                \
    GxG_EACH_N(X, GrB_MAX_FIRST_SEMIRING_) GxG_EACH_N(X, GrB_MAX_SECOND_SEMIRING_)                \
    X(GrB_LOR_LAND_SEMIRING_BOOL) X(GrB_LAND_LOR_SEMIRING_BOOL) X(GrB_LXOR_LAND_SEMIRING_BOOL)    \
    X(GrB_LXNOR_LOR_SEMIRING_BOOL)

/* X(name, outp, mask, inp0, inp1) with the descriptor's four field values. */
#define GxG_DESCRIPTORS(X)                                                                         \
    X(GrB_DESC_T1, GrB_DEFAULT, GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN)                               \
    X(GrB_DESC_T0, GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN, GrB_DEFAULT)                               \
    X(GrB_DESC_T0T1, GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN, GrB_TRAN)                                \
    X(GrB_DESC_C, GrB_DEFAULT, GrB_COMP, GrB_DEFAULT, GrB_DEFAULT)                                \
    X(GrB_DESC_S, GrB_DEFAULT, GrB_STRUCTURE, GrB_DEFAULT, GrB_DEFAULT)                           \
    X(GrB_DESC_CT1, GrB_DEFAULT, GrB_COMP, GrB_DEFAULT, GrB_TRAN)                                 \
    X(GrB_DESC_ST1, GrB_DEFAULT, GrB_STRUCTURE, GrB_DEFAULT, GrB_TRAN)                            \
    X(GrB_DESC_CT0, GrB_DEFAULT, GrB_COMP, GrB_TRAN, GrB_DEFAULT)                                 \
    X(GrB_DESC_ST0, GrB_DEFAULT, GrB_STRUCTURE, GrB_TRAN, GrB_DEFAULT)                            \
    X(GrB_DESC_CT0T1, GrB_DEFAULT, GrB_COMP, GrB_TRAN, GrB_TRAN)                                  \
    X(GrB_DESC_ST0T1, GrB_DEFAULT, GrB_STRUCTURE, GrB_TRAN, GrB_TRAN)                             \
    X(GrB_DESC_SC, GrB_DEFAULT, GrB_COMP_STRUCTURE, GrB_DEFAULT, GrB_DEFAULT)                     \
    X(GrB_DESC_SCT1, GrB_DEFAULT, GrB_COMP_STRUCTURE, GrB_DEFAULT, GrB_TRAN)                      \
    X(GrB_DESC_SCT0, GrB_DEFAULT, GrB_COMP_STRUCTURE, GrB_TRAN, GrB_DEFAULT)                      \
    X(GrB_DESC_SCT0T1, GrB_DEFAULT, GrB_COMP_STRUCTURE, GrB_TRAN, GrB_TRAN)                       \
    X(GrB_DESC_R, GrB_REPLACE, GrB_DEFAULT, GrB_DEFAULT, GrB_DEFAULT)                             \
    X(GrB_DESC_RT1, GrB_REPLACE, GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN)                              \
    X(GrB_DESC_RT0, GrB_REPLACE, GrB_DEFAULT, GrB_TRAN, GrB_DEFAULT)                              \
    X(GrB_DESC_RT0T1, GrB_REPLACE, GrB_DEFAULT, GrB_TRAN, GrB_TRAN)                               \
    X(GrB_DESC_RC, GrB_REPLACE, GrB_COMP, GrB_DEFAULT, GrB_DEFAULT)                               \
    X(GrB_DESC_RS, GrB_REPLACE, GrB_STRUCTURE, GrB_DEFAULT, GrB_DEFAULT)                          \
    X(GrB_DESC_RCT1, GrB_REPLACE, GrB_COMP, GrB_DEFAULT, GrB_TRAN)                                \
    X(GrB_DESC_RST1, GrB_REPLACE, GrB_STRUCTURE, GrB_DEFAULT, GrB_TRAN)                           \
    X(GrB_DESC_RCT0, GrB_REPLACE, GrB_COMP, GrB_TRAN, GrB_DEFAULT)                                \
    X(GrB_DESC_RST0, GrB_REPLACE, GrB_STRUCTURE, GrB_TRAN, GrB_DEFAULT)                           \
    X(GrB_DESC_RCT0T1, GrB_REPLACE, GrB_COMP, GrB_TRAN, GrB_TRAN)                                 \
    X(GrB_DESC_RST0T1, GrB_REPLACE, GrB_STRUCTURE, GrB_TRAN, GrB_TRAN)                            \
    X(GrB_DESC_RSC, GrB_REPLACE, GrB_COMP_STRUCTURE, GrB_DEFAULT, GrB_DEFAULT)                    \
    X(GrB_DESC_RSCT1, GrB_REPLACE, GrB_COMP_STRUCTURE, GrB_DEFAULT, GrB_TRAN)                     \
    X(GrB_DESC_RSCT0, GrB_REPLACE, GrB_COMP_STRUCTURE, GrB_TRAN, GrB_DEFAULT)                     \
    X(GrB_DESC_RSCT0T1, GrB_REPLACE, GrB_COMP_STRUCTURE, GrB_TRAN, GrB_TRAN)

#define GG_DECL_UNOP(name) GxG_PUBLIC GrB_UnaryOp name;
#define GG_DECL_BINOP(name) GxG_PUBLIC GrB_BinaryOp name;
#define GG_DECL_IDXOP(name) GxG_PUBLIC GrB_IndexUnaryOp name;
#define GG_DECL_MONOID(name) GxG_PUBLIC GrB_Monoid name;
#define GG_DECL_SEMIRING(name) GxG_PUBLIC GrB_Semiring name;
#define GG_DECL_DESC(name, ...) GxG_PUBLIC GrB_Descriptor name;
GxG_UNARY_OPS(GG_DECL_UNOP)
GxG_LEGACY_UNARY_OPS(GG_DECL_UNOP)
GxG_BINARY_OPS(GG_DECL_BINOP)
GxG_INDEXUNARY_OPS(GG_DECL_IDXOP)
GxG_MONOIDS(GG_DECL_MONOID)
GxG_SEMIRINGS(GG_DECL_SEMIRING)
GxG_DESCRIPTORS(GG_DECL_DESC)
#undef GG_DECL_UNOP
#undef GG_DECL_BINOP
#undef GG_DECL_IDXOP
#undef GG_DECL_MONOID
#undef GG_DECL_SEMIRING
#undef GG_DECL_DESC

/* ---- context ----------------------------------------------------------------------------------- */

GxG_PUBLIC GrB_Info GrB_init(GrB_Mode mode);
GxG_PUBLIC GrB_Info GrB_finalize(void);
GxG_PUBLIC GrB_Info GrB_getVersion(unsigned int *version, unsigned int *subversion);

/* ---- algebraic objects ------------------------------------------------------------------------- */

GxG_PUBLIC GrB_Info GrB_Type_new(GrB_Type *type, size_t sizeof_ctype);
GxG_PUBLIC GrB_Info GrB_UnaryOp_new(GrB_UnaryOp *op, GxB_unary_function f, GrB_Type ztype,
                                    GrB_Type xtype);
GxG_PUBLIC GrB_Info GrB_BinaryOp_new(GrB_BinaryOp *op, GxB_binary_function f, GrB_Type ztype,
                                     GrB_Type xtype, GrB_Type ytype);
GxG_PUBLIC GrB_Info GrB_IndexUnaryOp_new(GrB_IndexUnaryOp *op, GxB_index_unary_function f,
                                         GrB_Type ztype, GrB_Type xtype, GrB_Type ytype);
/* SuiteSparse 7.4's header routes the four constructors above here: binaries built against it
 * import these names. The extra strings name and define the object (the name becomes GrB_NAME). */
GxG_PUBLIC GrB_Info GxB_Type_new(GrB_Type *type, size_t sizeof_ctype, const char *type_name,
                                 const char *type_defn);
GxG_PUBLIC GrB_Info GxB_UnaryOp_new(GrB_UnaryOp *op, GxB_unary_function f, GrB_Type ztype,
                                    GrB_Type xtype, const char *name, const char *defn);
GxG_PUBLIC GrB_Info GxB_BinaryOp_new(GrB_BinaryOp *op, GxB_binary_function f, GrB_Type ztype,
                                     GrB_Type xtype, GrB_Type ytype, const char *name,
                                     const char *defn);
GxG_PUBLIC GrB_Info GxB_IndexUnaryOp_new(GrB_IndexUnaryOp *op, GxB_index_unary_function f,
                                         GrB_Type ztype, GrB_Type xtype, GrB_Type ytype,
                                         const char *name, const char *defn);

#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Monoid_new_##T(GrB_Monoid *monoid, GrB_BinaryOp op, V identity);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL
GxG_PUBLIC GrB_Info GrB_Semiring_new(GrB_Semiring *semiring, GrB_Monoid add, GrB_BinaryOp mul);

/* ---- Scalar ------------------------------------------------------------------------------------ */

GxG_PUBLIC GrB_Info GrB_Scalar_new(GrB_Scalar *s, GrB_Type type);
GxG_PUBLIC GrB_Info GrB_Scalar_dup(GrB_Scalar *s, const GrB_Scalar t);
GxG_PUBLIC GrB_Info GrB_Scalar_clear(GrB_Scalar s);
GxG_PUBLIC GrB_Info GrB_Scalar_nvals(GrB_Index *nvals, const GrB_Scalar s);
#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Scalar_setElement_##T(GrB_Scalar s, V x);                              \
    GxG_PUBLIC GrB_Info GrB_Scalar_extractElement_##T(E *x, const GrB_Scalar s);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL

/* ---- Vector ------------------------------------------------------------------------------------ */

GxG_PUBLIC GrB_Info GrB_Vector_new(GrB_Vector *v, GrB_Type type, GrB_Index n);
GxG_PUBLIC GrB_Info GrB_Vector_dup(GrB_Vector *w, const GrB_Vector u);
GxG_PUBLIC GrB_Info GrB_Vector_clear(GrB_Vector v);
GxG_PUBLIC GrB_Info GrB_Vector_size(GrB_Index *n, const GrB_Vector v);
GxG_PUBLIC GrB_Info GrB_Vector_nvals(GrB_Index *nvals, const GrB_Vector v);
GxG_PUBLIC GrB_Info GrB_Vector_resize(GrB_Vector w, GrB_Index n);
GxG_PUBLIC GrB_Info GrB_Vector_removeElement(GrB_Vector v, GrB_Index i);
GxG_PUBLIC GrB_Info GrB_Vector_setElement_Scalar(GrB_Vector w, const GrB_Scalar x, GrB_Index i);
GxG_PUBLIC GrB_Info GrB_Vector_extractElement_Scalar(GrB_Scalar x, const GrB_Vector v,
                                                     GrB_Index i);
#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Vector_build_##T(GrB_Vector w, const GrB_Index *I, const E *X,         \
                                             GrB_Index nvals, const GrB_BinaryOp dup);             \
    GxG_PUBLIC GrB_Info GrB_Vector_setElement_##T(GrB_Vector w, V x, GrB_Index i);                 \
    GxG_PUBLIC GrB_Info GrB_Vector_extractElement_##T(E *x, const GrB_Vector v, GrB_Index i);      \
    GxG_PUBLIC GrB_Info GrB_Vector_extractTuples_##T(GrB_Index *I, E *X, GrB_Index *nvals,         \
                                                     const GrB_Vector v);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL

/* ---- Matrix ------------------------------------------------------------------------------------ */

GxG_PUBLIC GrB_Info GrB_Matrix_new(GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols);
GxG_PUBLIC GrB_Info GrB_Matrix_dup(GrB_Matrix *C, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_diag(GrB_Matrix *C, const GrB_Vector v, int64_t k);
GxG_PUBLIC GrB_Info GrB_Matrix_clear(GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_resize(GrB_Matrix C, GrB_Index nrows, GrB_Index ncols);
GxG_PUBLIC GrB_Info GrB_Matrix_nrows(GrB_Index *nrows, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_ncols(GrB_Index *ncols, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_nvals(GrB_Index *nvals, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_removeElement(GrB_Matrix C, GrB_Index i, GrB_Index j);
GxG_PUBLIC GrB_Info GrB_Matrix_setElement_Scalar(GrB_Matrix C, const GrB_Scalar x, GrB_Index i,
                                                 GrB_Index j);
GxG_PUBLIC GrB_Info GrB_Matrix_extractElement_Scalar(GrB_Scalar x, const GrB_Matrix A, GrB_Index i,
                                                     GrB_Index j);
GxG_PUBLIC GrB_Info GrB_Matrix_exportHint(GrB_Format *format, GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_exportSize(GrB_Index *Ap_len, GrB_Index *Ai_len, GrB_Index *Ax_len,
                                          GrB_Format format, GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_serializeSize(GrB_Index *blob_size, GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_serialize(void *blob, GrB_Index *blob_size, GrB_Matrix A);
GxG_PUBLIC GrB_Info GrB_Matrix_deserialize(GrB_Matrix *C, GrB_Type type, const void *blob,
                                           GrB_Index blob_size);
#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Matrix_build_##T(GrB_Matrix C, const GrB_Index *I, const GrB_Index *J, \
                                             const E *X, GrB_Index nvals, const GrB_BinaryOp dup); \
    GxG_PUBLIC GrB_Info GrB_Matrix_setElement_##T(GrB_Matrix C, V x, GrB_Index i, GrB_Index j);    \
    GxG_PUBLIC GrB_Info GrB_Matrix_extractElement_##T(E *x, const GrB_Matrix A, GrB_Index i,       \
                                                      GrB_Index j);                                \
    GxG_PUBLIC GrB_Info GrB_Matrix_extractTuples_##T(GrB_Index *I, GrB_Index *J, E *X,             \
                                                     GrB_Index *nvals, const GrB_Matrix A);        \
    GxG_PUBLIC GrB_Info GrB_Matrix_import_##T(                                                     \
        GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols, const GrB_Index *Ap,       \
        const GrB_Index *Ai, const E *Ax, GrB_Index Ap_len, GrB_Index Ai_len, GrB_Index Ax_len,    \
        GrB_Format format);                                                                        \
    GxG_PUBLIC GrB_Info GrB_Matrix_export_##T(GrB_Index *Ap, GrB_Index *Ai, E *Ax,                 \
                                              GrB_Index *Ap_len, GrB_Index *Ai_len,                \
                                              GrB_Index *Ax_len, GrB_Format format, GrB_Matrix A);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL

/* ---- Descriptor -------------------------------------------------------------------------------- */

GxG_PUBLIC GrB_Info GrB_Descriptor_new(GrB_Descriptor *desc);
GxG_PUBLIC GrB_Info GrB_Descriptor_set(GrB_Descriptor desc, GrB_Desc_Field field,
                                       GrB_Desc_Value val);

/* ---- free, wait, error for every object kind ----------------------------------------------------- */

#define GG_DECL(K)                                                                                 \
    GxG_PUBLIC GrB_Info GrB_##K##_free(GrB_##K *object);                                           \
    GxG_PUBLIC GrB_Info GrB_##K##_wait(GrB_##K object, GrB_WaitMode mode);                         \
    GxG_PUBLIC GrB_Info GrB_##K##_error(const char **error, const GrB_##K object);
GxG_OBJECT_KINDS(GG_DECL)
#undef GG_DECL

/* ---- get / set ----------------------------------------------------------------------------------- */

#define GG_DECL(K)                                                                                 \
    GxG_PUBLIC GrB_Info GrB_##K##_get_Scalar(GrB_##K object, GrB_Scalar value, GrB_Field field);   \
    GxG_PUBLIC GrB_Info GrB_##K##_get_String(GrB_##K object, char *value, GrB_Field field);        \
    GxG_PUBLIC GrB_Info GrB_##K##_get_INT32(GrB_##K object, int32_t *value, GrB_Field field);      \
    GxG_PUBLIC GrB_Info GrB_##K##_get_SIZE(GrB_##K object, size_t *value, GrB_Field field);        \
    GxG_PUBLIC GrB_Info GrB_##K##_get_VOID(GrB_##K object, void *value, GrB_Field field);          \
    GxG_PUBLIC GrB_Info GrB_##K##_set_Scalar(GrB_##K object, GrB_Scalar value, GrB_Field field);   \
    GxG_PUBLIC GrB_Info GrB_##K##_set_String(GrB_##K object, char *value, GrB_Field field);        \
    GxG_PUBLIC GrB_Info GrB_##K##_set_INT32(GrB_##K object, int32_t value, GrB_Field field);       \
    GxG_PUBLIC GrB_Info GrB_##K##_set_VOID(GrB_##K object, void *value, GrB_Field field,           \
                                           size_t size);
GxG_GETSET_KINDS(GG_DECL)
#undef GG_DECL

/* ---- operations ---------------------------------------------------------------------------------- */

GxG_PUBLIC GrB_Info GrB_mxm(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                            const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
                            const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_vxm(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                            const GrB_Semiring semiring, const GrB_Vector u, const GrB_Matrix A,
                            const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_mxv(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                            const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Vector u,
                            const GrB_Descriptor desc);

/* eWiseAdd / eWiseMult: X(Add|Mult) x (Semiring|Monoid|BinaryOp) x (Vector|Matrix). */
#define GG_DECL(E, OP)                                                                             \
    GxG_PUBLIC GrB_Info GrB_Vector_eWise##E##_##OP(                                                \
        GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum, const GrB_##OP op,          \
        const GrB_Vector u, const GrB_Vector v, const GrB_Descriptor desc);                        \
    GxG_PUBLIC GrB_Info GrB_Matrix_eWise##E##_##OP(                                                \
        GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, const GrB_##OP op,          \
        const GrB_Matrix A, const GrB_Matrix B, const GrB_Descriptor desc);
GG_DECL(Add, Semiring)
GG_DECL(Add, Monoid)
GG_DECL(Add, BinaryOp)
GG_DECL(Mult, Semiring)
GG_DECL(Mult, Monoid)
GG_DECL(Mult, BinaryOp)
#undef GG_DECL

GxG_PUBLIC GrB_Info GrB_Vector_extract(GrB_Vector w, const GrB_Vector mask,
                                       const GrB_BinaryOp accum, const GrB_Vector u,
                                       const GrB_Index *I, GrB_Index ni, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Matrix_extract(GrB_Matrix C, const GrB_Matrix Mask,
                                       const GrB_BinaryOp accum, const GrB_Matrix A,
                                       const GrB_Index *I, GrB_Index ni, const GrB_Index *J,
                                       GrB_Index nj, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Col_extract(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                                    const GrB_Matrix A, const GrB_Index *I, GrB_Index ni,
                                    GrB_Index j, const GrB_Descriptor desc);

GxG_PUBLIC GrB_Info GrB_Vector_assign(GrB_Vector w, const GrB_Vector mask,
                                      const GrB_BinaryOp accum, const GrB_Vector u,
                                      const GrB_Index *I, GrB_Index ni, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Matrix_assign(GrB_Matrix C, const GrB_Matrix Mask,
                                      const GrB_BinaryOp accum, const GrB_Matrix A,
                                      const GrB_Index *I, GrB_Index ni, const GrB_Index *J,
                                      GrB_Index nj, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Col_assign(GrB_Matrix C, const GrB_Vector mask, const GrB_BinaryOp accum,
                                   const GrB_Vector u, const GrB_Index *I, GrB_Index ni,
                                   GrB_Index j, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Row_assign(GrB_Matrix C, const GrB_Vector mask, const GrB_BinaryOp accum,
                                   const GrB_Vector u, GrB_Index i, const GrB_Index *J,
                                   GrB_Index nj, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Vector_assign_Scalar(GrB_Vector w, const GrB_Vector mask,
                                             const GrB_BinaryOp accum, const GrB_Scalar x,
                                             const GrB_Index *I, GrB_Index ni,
                                             const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Matrix_assign_Scalar(GrB_Matrix C, const GrB_Matrix Mask,
                                             const GrB_BinaryOp accum, const GrB_Scalar x,
                                             const GrB_Index *I, GrB_Index ni, const GrB_Index *J,
                                             GrB_Index nj, const GrB_Descriptor desc);
#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Vector_assign_##T(GrB_Vector w, const GrB_Vector mask,                 \
                                              const GrB_BinaryOp accum, V x, const GrB_Index *I,   \
                                              GrB_Index ni, const GrB_Descriptor desc);            \
    GxG_PUBLIC GrB_Info GrB_Matrix_assign_##T(                                                     \
        GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum, V x, const GrB_Index *I,    \
        GrB_Index ni, const GrB_Index *J, GrB_Index nj, const GrB_Descriptor desc);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL

GxG_PUBLIC GrB_Info GrB_Vector_apply(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                                     const GrB_UnaryOp op, const GrB_Vector u,
                                     const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Matrix_apply(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                                     const GrB_UnaryOp op, const GrB_Matrix A,
                                     const GrB_Descriptor desc);
/* The bound-scalar, index-op and select families: K is Vector or Matrix, S the scalar's type. */
#define GG_DECL_APPLY(K, SUF, S)                                                                   \
    GxG_PUBLIC GrB_Info GrB_##K##_apply_BinaryOp1st_##SUF(                                         \
        GrB_##K C, const GrB_##K mask, const GrB_BinaryOp accum, const GrB_BinaryOp op, S x,       \
        const GrB_##K A, const GrB_Descriptor desc);                                               \
    GxG_PUBLIC GrB_Info GrB_##K##_apply_BinaryOp2nd_##SUF(                                         \
        GrB_##K C, const GrB_##K mask, const GrB_BinaryOp accum, const GrB_BinaryOp op,            \
        const GrB_##K A, S y, const GrB_Descriptor desc);                                          \
    GxG_PUBLIC GrB_Info GrB_##K##_apply_IndexOp_##SUF(                                             \
        GrB_##K C, const GrB_##K mask, const GrB_BinaryOp accum, const GrB_IndexUnaryOp op,        \
        const GrB_##K A, S y, const GrB_Descriptor desc);                                          \
    GxG_PUBLIC GrB_Info GrB_##K##_select_##SUF(GrB_##K C, const GrB_##K mask,                      \
                                               const GrB_BinaryOp accum,                           \
                                               const GrB_IndexUnaryOp op, const GrB_##K A, S y,    \
                                               const GrB_Descriptor desc);
#define GG_DECL(T, E, V, CV) GG_DECL_APPLY(Vector, T, CV) GG_DECL_APPLY(Matrix, T, CV)
GxG_ALL_TYPES(GG_DECL)
GG_DECL_APPLY(Vector, Scalar, const GrB_Scalar)
GG_DECL_APPLY(Matrix, Scalar, const GrB_Scalar)
#undef GG_DECL
#undef GG_DECL_APPLY

GxG_PUBLIC GrB_Info GrB_Matrix_reduce_Monoid(GrB_Vector w, const GrB_Vector mask,
                                             const GrB_BinaryOp accum, const GrB_Monoid monoid,
                                             const GrB_Matrix A, const GrB_Descriptor desc);
GxG_PUBLIC GrB_Info GrB_Matrix_reduce_BinaryOp(GrB_Vector w, const GrB_Vector mask,
                                               const GrB_BinaryOp accum, const GrB_BinaryOp op,
                                               const GrB_Matrix A, const GrB_Descriptor desc);
#define GG_DECL(K)                                                                                 \
    GxG_PUBLIC GrB_Info GrB_##K##_reduce_Monoid_Scalar(GrB_Scalar s, const GrB_BinaryOp accum,     \
                                                       const GrB_Monoid monoid, const GrB_##K A,   \
                                                       const GrB_Descriptor desc);                 \
    GxG_PUBLIC GrB_Info GrB_##K##_reduce_BinaryOp_Scalar(GrB_Scalar s, const GrB_BinaryOp accum,   \
                                                         const GrB_BinaryOp op, const GrB_##K A,   \
                                                         const GrB_Descriptor desc);
GG_DECL(Vector)
GG_DECL(Matrix)
#undef GG_DECL
#define GG_DECL(T, E, V, CV)                                                                       \
    GxG_PUBLIC GrB_Info GrB_Vector_reduce_##T(E *c, const GrB_BinaryOp accum,                      \
                                              const GrB_Monoid monoid, const GrB_Vector u,         \
                                              const GrB_Descriptor desc);                          \
    GxG_PUBLIC GrB_Info GrB_Matrix_reduce_##T(E *c, const GrB_BinaryOp accum,                      \
                                              const GrB_Monoid monoid, const GrB_Matrix A,         \
                                              const GrB_Descriptor desc);
GxG_ALL_TYPES(GG_DECL)
#undef GG_DECL

GxG_PUBLIC GrB_Info GrB_transpose(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                                  const GrB_Matrix A, const GrB_Descriptor desc);

#define GG_DECL(OP)                                                                                \
    GxG_PUBLIC GrB_Info GrB_Matrix_kronecker_##OP(GrB_Matrix C, const GrB_Matrix Mask,             \
                                                  const GrB_BinaryOp accum, const GrB_##OP op,     \
                                                  const GrB_Matrix A, const GrB_Matrix B,          \
                                                  const GrB_Descriptor desc);
GG_DECL(Semiring)
GG_DECL(Monoid)
GG_DECL(BinaryOp)
#undef GG_DECL

/* ---- GxB names with SuiteSparse semantics (what LAGraph's vanilla build uses) -------------------- */

#define GxB_MAX_NAME_LEN 128
typedef enum {
    GxB_SILENT = 0,
    GxB_SUMMARY = 1,
    GxB_SHORT = 2,
    GxB_COMPLETE = 3,
    GxB_SHORT_VERBOSE = 4,
    GxB_COMPLETE_VERBOSE = 5
} GxB_Print_Level;

/* GrB_init with the memory functions every allocation of the library uses (SuiteSparse 7.4):
 * malloc and free are required (GrB_NULL_POINTER), calloc and realloc may be NULL. */
GxG_PUBLIC GrB_Info GxB_init(GrB_Mode mode, void *(*user_malloc_function)(size_t),
                             void *(*user_calloc_function)(size_t, size_t),
                             void *(*user_realloc_function)(void *, size_t),
                             void (*user_free_function)(void *));
GxG_PUBLIC GrB_Info GxB_Matrix_type(GrB_Type *type, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GxB_Matrix_type_name(char *type_name, const GrB_Matrix A);
GxG_PUBLIC GrB_Info GxB_Vector_type_name(char *type_name, const GrB_Vector v);
GxG_PUBLIC GrB_Info GxB_Scalar_type_name(char *type_name, const GrB_Scalar s);
#define GG_DECL(K)                                                                                 \
    GxG_PUBLIC GrB_Info GxB_##K##_fprint(GrB_##K object, const char *name, GxB_Print_Level pr,     \
                                         FILE *f);
GxG_OBJECT_KINDS(GG_DECL)
#undef GG_DECL

/* ---- GxB options: SuiteSparse 7.4's GxB_get / GxB_set (Doc/gxb.md) ------------------------------
 * Enum values, constants and prototypes are SuiteSparse 7.4's, so programs built on its header run
 * on the alias library. Matrices are held by row whatever GxB_FORMAT says; the storage hints
 * (GxB_FORMAT, GxB_HYPER_SWITCH, GxB_BITMAP_SWITCH, GxB_SPARSITY_CONTROL) are recorded and read
 * back but do not change the storage. GxB_BURBLE is the operation trace (GxG_TRACE). */
typedef enum {
    GxB_HYPER_SWITCH = 0,       /* double: hypersparse switch of a matrix or of new matrices */
    GxB_BITMAP_SWITCH = 34,     /* double (matrix, vector); double[GxB_NBITMAP_SWITCH] (global) */
    GxB_FORMAT = 1,             /* GxB_Format_Value */
    GxB_MODE = 2,               /* global, read-only: the GrB_Mode given to GrB_init */
    GxB_LIBRARY_NAME = 8,       /* global, read-only, char *: the library's name */
    GxB_LIBRARY_VERSION = 9,    /* global, read-only, int[3] */
    GxB_LIBRARY_DATE = 10,      /* global, read-only, char * */
    GxB_LIBRARY_ABOUT = 11,     /* global, read-only, char * */
    GxB_LIBRARY_URL = 12,       /* global, read-only, char * */
    GxB_LIBRARY_LICENSE = 13,   /* global, read-only, char * */
    GxB_LIBRARY_COMPILE_DATE = 14, /* global, read-only, char * */
    GxB_LIBRARY_COMPILE_TIME = 15, /* global, read-only, char * */
    GxB_API_VERSION = 16,       /* global, read-only, int[3]: the C API version implemented */
    GxB_API_DATE = 17,          /* global, read-only, char * */
    GxB_API_ABOUT = 18,         /* global, read-only, char * */
    GxB_API_URL = 19,           /* global, read-only, char * */
    GxB_COMPILER_VERSION = 23,  /* global, read-only, int[3] */
    GxB_COMPILER_NAME = 24,     /* global, read-only, char * */
    GxB_LIBRARY_OPENMP = 25,    /* global, read-only, bool */
    GxB_GLOBAL_NTHREADS = GxB_NTHREADS, /* int */
    GxB_GLOBAL_CHUNK = GxB_CHUNK,       /* double */
    GxB_BURBLE = 99,            /* bool: the operation trace */
    GxB_PRINTF = 101,           /* function pointer, recorded */
    GxB_FLUSH = 102,            /* function pointer, recorded */
    GxB_MEMORY_POOL = 103,      /* int64_t[64], accepted and ignored */
    GxB_PRINT_1BASED = 104,     /* bool, recorded */
    GxB_SPARSITY_STATUS = 33,   /* matrix, vector, read-only, int */
    GxB_IS_HYPER = 6,           /* matrix, vector, read-only, bool (historical) */
    GxB_SPARSITY_CONTROL = 32   /* matrix, vector, int */
} GxB_Option_Field;
#define GxB_HYPER 0 /* historical name of GxB_HYPER_SWITCH */

typedef enum { GxB_BY_ROW = 0, GxB_BY_COL = 1, GxB_NO_FORMAT = -1 } GxB_Format_Value;
GxG_PUBLIC const GxB_Format_Value GxB_FORMAT_DEFAULT;
GxG_PUBLIC const double GxB_HYPER_DEFAULT, GxB_ALWAYS_HYPER, GxB_NEVER_HYPER;

#define GxB_HYPERSPARSE 1
#define GxB_SPARSE 2
#define GxB_BITMAP 4
#define GxB_FULL 8
#define GxB_NBITMAP_SWITCH 8
#define GxB_ANY_SPARSITY (GxB_HYPERSPARSE + GxB_SPARSE + GxB_BITMAP + GxB_FULL)
#define GxB_AUTO_SPARSITY GxB_ANY_SPARSITY

GxG_PUBLIC GrB_Info GxB_Global_Option_set(GxB_Option_Field field, ...);
GxG_PUBLIC GrB_Info GxB_Global_Option_set_INT32(GxB_Option_Field field, int32_t value);
GxG_PUBLIC GrB_Info GxB_Global_Option_set_FP64(GxB_Option_Field field, double value);
GxG_PUBLIC GrB_Info GxB_Global_Option_set_FP64_ARRAY(GxB_Option_Field field, double *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_set_INT64_ARRAY(GxB_Option_Field field, int64_t *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_set_FUNCTION(GxB_Option_Field field, void *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_get(GxB_Option_Field field, ...);
GxG_PUBLIC GrB_Info GxB_Global_Option_get_INT32(GxB_Option_Field field, int32_t *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_get_FP64(GxB_Option_Field field, double *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_get_INT64(GxB_Option_Field field, int64_t *value);
GxG_PUBLIC GrB_Info GxB_Global_Option_get_CHAR(GxB_Option_Field field, char **value);
GxG_PUBLIC GrB_Info GxB_Global_Option_get_FUNCTION(GxB_Option_Field field, void **value);
#define GG_DECL(K, OBJ)                                                                            \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_set(OBJ object, GxB_Option_Field field, ...);            \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_set_INT32(OBJ object, GxB_Option_Field field,            \
                                                    int32_t value);                                \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_set_FP64(OBJ object, GxB_Option_Field field,             \
                                                   double value);                                  \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_get(OBJ object, GxB_Option_Field field, ...);            \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_get_INT32(OBJ object, GxB_Option_Field field,            \
                                                    int32_t *value);                               \
    GxG_PUBLIC GrB_Info GxB_##K##_Option_get_FP64(OBJ object, GxB_Option_Field field,             \
                                                   double *value);
GG_DECL(Matrix, GrB_Matrix)
GG_DECL(Vector, GrB_Vector)
#undef GG_DECL
/* A NULL descriptor reads as the defaults. */
GxG_PUBLIC GrB_Info GxB_Desc_set(GrB_Descriptor desc, GrB_Desc_Field field, ...);
GxG_PUBLIC GrB_Info GxB_Desc_set_INT32(GrB_Descriptor desc, GrB_Desc_Field field, int32_t value);
GxG_PUBLIC GrB_Info GxB_Desc_set_FP64(GrB_Descriptor desc, GrB_Desc_Field field, double value);
GxG_PUBLIC GrB_Info GxB_Desc_get(GrB_Descriptor desc, GrB_Desc_Field field, ...);
GxG_PUBLIC GrB_Info GxB_Desc_get_INT32(GrB_Descriptor desc, GrB_Desc_Field field, int32_t *value);
GxG_PUBLIC GrB_Info GxB_Desc_get_FP64(GrB_Descriptor desc, GrB_Desc_Field field, double *value);
GxG_PUBLIC GrB_Info GxB_Descriptor_get(GrB_Desc_Value *value, GrB_Descriptor desc,
                                       GrB_Desc_Field field);

/* ---- GxB extensions: SuiteSparse's predefined ANY, PAIR and positional algebra ------------------
 * Exported data handles with SuiteSparse 7.4's names, types and semantics (Doc/gxb.md). ANY(x, y)
 * is y (any one of its operands: callers may rely on nothing but that); its monoid's identity is
 * 0. GxB_PAIR_<T> is the same object as GrB_ONEB_<T>. The positional operators read no value: in
 * C = A*B, FIRSTI gives i of A(i,k), FIRSTJ k, SECONDI k of B(k,j), SECONDJ j; in eWise and apply
 * they give the entry's row (I) or column (J); the ...1 forms add one. Their ztype, xtype and
 * ytype are all INT32 or INT64, as SuiteSparse reports them. */
#define GxG_EACH_POS(X, P) X(P##INT32) X(P##INT64)
#define GxG_GXB_BINARY_OPS(X)                                                                      \
    GxG_EACH_T(X, GxB_ANY_) GxG_EACH_POS(X, GxB_FIRSTI_) GxG_EACH_POS(X, GxB_FIRSTI1_)             \
    GxG_EACH_POS(X, GxB_FIRSTJ_) GxG_EACH_POS(X, GxB_FIRSTJ1_) GxG_EACH_POS(X, GxB_SECONDI_)       \
    GxG_EACH_POS(X, GxB_SECONDI1_) GxG_EACH_POS(X, GxB_SECONDJ_) GxG_EACH_POS(X, GxB_SECONDJ1_)
/* Second names of existing operators: GxB_PAIR_<T> is GrB_ONEB_<T>. */
#define GxG_GXB_BINARY_ALIASES(X) GxG_EACH_T(X, GxB_PAIR_)
#define GxG_GXB_MONOIDS(X)                                                                         \
    X(GxB_ANY_BOOL_MONOID) X(GxB_ANY_INT8_MONOID) X(GxB_ANY_UINT8_MONOID) X(GxB_ANY_INT16_MONOID)  \
    X(GxB_ANY_UINT16_MONOID) X(GxB_ANY_INT32_MONOID) X(GxB_ANY_UINT32_MONOID)                     \
    X(GxB_ANY_INT64_MONOID) X(GxB_ANY_UINT64_MONOID) X(GxB_ANY_FP32_MONOID) X(GxB_ANY_FP64_MONOID)
#define GxG_GXB_SEMIRINGS(X)                                                                       \
    GxG_EACH_T(X, GxB_ANY_PAIR_) GxG_EACH_N(X, GxB_PLUS_PAIR_) GxG_EACH_POS(X, GxB_ANY_FIRSTI_)    \
    GxG_EACH_POS(X, GxB_MIN_FIRSTI_) GxG_EACH_POS(X, GxB_ANY_FIRSTJ_)                             \
    GxG_EACH_POS(X, GxB_ANY_SECONDI_) GxG_EACH_POS(X, GxB_MIN_SECONDI_)                           \
    GxG_EACH_POS(X, GxB_ANY_SECONDJ_)

#define GG_DECL_BINOP(name) GxG_PUBLIC GrB_BinaryOp name;
#define GG_DECL_MONOID(name) GxG_PUBLIC GrB_Monoid name;
#define GG_DECL_SEMIRING(name) GxG_PUBLIC GrB_Semiring name;
GxG_GXB_BINARY_OPS(GG_DECL_BINOP)
GxG_GXB_BINARY_ALIASES(GG_DECL_BINOP)
GxG_GXB_MONOIDS(GG_DECL_MONOID)
GxG_GXB_SEMIRINGS(GG_DECL_SEMIRING)
#undef GG_DECL_BINOP
#undef GG_DECL_MONOID
#undef GG_DECL_SEMIRING

/* ---- GxG extensions ------------------------------------------------------------------------------ */

/* Text of the last error on no particular object (e.g. a NULL output handle). */
GxG_PUBLIC const char *GxG_last_error(void);

/* ---- GxG storage report (Doc/hisparse.md, `grbgpu stats`) ---------------------------------------
 * Writes the storage report of A's canonical HiSparse tree to f (NULL: stdout): bytes per entry of
 * HiSparse against CSR (32- and 64-bit indices) and COO holding the same values, row statistics,
 * and the nodes per kind and level with their mean entries (or children). name heads the report
 * (NULL: A's GrB_NAME, or "A"). Pending work on A is finished first. GrB_PANIC before GrB_init;
 * GrB_NULL_POINTER, GrB_UNINITIALIZED_OBJECT or GrB_INVALID_OBJECT for a bad A; GrB_OUT_OF_MEMORY;
 * GrB_INVALID_VALUE when writing to f fails. The format of the text may change between versions. */
GxG_PUBLIC GrB_Info GxG_Matrix_storage_report(GrB_Matrix A, const char *name, FILE *f);

/* ---- polymorphic names (C11 _Generic), accepting the argument types SuiteSparse 7.4 accepts ------ */

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)

/* Associations from a value (p empty) or pointer (p = *) C type to the typed function. */
#define GG_CASES(p, prefix)                                                                        \
    bool p : prefix##_BOOL, int8_t p : prefix##_INT8, uint8_t p : prefix##_UINT8,                  \
             int16_t p : prefix##_INT16, uint16_t p : prefix##_UINT16,                             \
             int32_t p : prefix##_INT32, uint32_t p : prefix##_UINT32,                             \
             int64_t p : prefix##_INT64, uint64_t p : prefix##_UINT64, float p : prefix##_FP32,    \
             double p : prefix##_FP64, const void * : prefix##_UDT, void * : prefix##_UDT
#define GG_PCASES(prefix)                                                                          \
    const bool * : prefix##_BOOL, bool * : prefix##_BOOL, const int8_t * : prefix##_INT8,          \
                   int8_t * : prefix##_INT8, const uint8_t * : prefix##_UINT8,                     \
                   uint8_t * : prefix##_UINT8, const int16_t * : prefix##_INT16,                   \
                   int16_t * : prefix##_INT16, const uint16_t * : prefix##_UINT16,                 \
                   uint16_t * : prefix##_UINT16, const int32_t * : prefix##_INT32,                 \
                   int32_t * : prefix##_INT32, const uint32_t * : prefix##_UINT32,                 \
                   uint32_t * : prefix##_UINT32, const int64_t * : prefix##_INT64,                 \
                   int64_t * : prefix##_INT64, const uint64_t * : prefix##_UINT64,                 \
                   uint64_t * : prefix##_UINT64, const float * : prefix##_FP32,                    \
                   float * : prefix##_FP32, const double * : prefix##_FP64,                        \
                   double * : prefix##_FP64, const void * : prefix##_UDT, void * : prefix##_UDT

#define GrB_Monoid_new(monoid, op, identity)                                                       \
    _Generic((identity), GG_CASES(, GrB_Monoid_new))(monoid, op, identity)
#define GrB_Scalar_setElement(s, x)                                                                \
    _Generic((x), GG_CASES(, GrB_Scalar_setElement))(s, x)
#define GrB_Scalar_extractElement(x, s)                                                            \
    _Generic((x), GG_PCASES(GrB_Scalar_extractElement))(x, s)
#define GrB_Vector_build(w, I, X, n, dup)                                                          \
    _Generic((X), GG_PCASES(GrB_Vector_build))(w, I, X, n, dup)
#define GrB_Vector_setElement(w, x, i)                                                             \
    _Generic((x), GG_CASES(, GrB_Vector_setElement), default : GrB_Vector_setElement_Scalar)(w, x, i)
#define GrB_Vector_extractElement(x, v, i)                                                         \
    _Generic((x), GG_PCASES(GrB_Vector_extractElement),                                            \
             default : GrB_Vector_extractElement_Scalar)(x, v, i)
#define GrB_Vector_extractTuples(I, X, n, v)                                                       \
    _Generic((X), GG_PCASES(GrB_Vector_extractTuples))(I, X, n, v)
#define GrB_Matrix_build(C, I, J, X, n, dup)                                                       \
    _Generic((X), GG_PCASES(GrB_Matrix_build))(C, I, J, X, n, dup)
#define GrB_Matrix_setElement(C, x, i, j)                                                          \
    _Generic((x), GG_CASES(, GrB_Matrix_setElement),                                               \
             default : GrB_Matrix_setElement_Scalar)(C, x, i, j)
#define GrB_Matrix_extractElement(x, A, i, j)                                                      \
    _Generic((x), GG_PCASES(GrB_Matrix_extractElement),                                            \
             default : GrB_Matrix_extractElement_Scalar)(x, A, i, j)
#define GrB_Matrix_extractTuples(I, J, X, n, A)                                                    \
    _Generic((X), GG_PCASES(GrB_Matrix_extractTuples))(I, J, X, n, A)
#define GrB_Matrix_import(A, type, nrows, ncols, Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, fmt)          \
    _Generic((Ax), GG_PCASES(GrB_Matrix_import))(A, type, nrows, ncols, Ap, Ai, Ax, Ap_len,        \
                                                 Ai_len, Ax_len, fmt)
#define GrB_Matrix_export(Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, fmt, A)                              \
    _Generic((Ax), GG_PCASES(GrB_Matrix_export))(Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, fmt, A)

#define GG_OBJ_CASES(p, suffix)                                                                    \
    GrB_Type p : GrB_Type_##suffix, GrB_UnaryOp p : GrB_UnaryOp_##suffix,                          \
                 GrB_BinaryOp p : GrB_BinaryOp_##suffix,                                           \
                 GrB_IndexUnaryOp p : GrB_IndexUnaryOp_##suffix,                                   \
                 GrB_Monoid p : GrB_Monoid_##suffix, GrB_Semiring p : GrB_Semiring_##suffix,       \
                 GrB_Scalar p : GrB_Scalar_##suffix, GrB_Vector p : GrB_Vector_##suffix,           \
                 GrB_Matrix p : GrB_Matrix_##suffix, GrB_Descriptor p : GrB_Descriptor_##suffix
#define GrB_free(object) _Generic((object), GG_OBJ_CASES(*, free))(object)
#define GrB_wait(object, mode) _Generic((object), GG_OBJ_CASES(, wait))(object, mode)
#define GrB_error(msg, object) _Generic((object), GG_OBJ_CASES(, error))(msg, object)

#define GG_GET_CASES(K)                                                                            \
    GrB_Scalar : GrB_##K##_get_Scalar, char * : GrB_##K##_get_String,                              \
                 int32_t * : GrB_##K##_get_INT32, size_t * : GrB_##K##_get_SIZE,                   \
                 void * : GrB_##K##_get_VOID
#define GG_SET_CASES(K)                                                                            \
    GrB_Scalar : GrB_##K##_set_Scalar, char * : GrB_##K##_set_String,                              \
                 int32_t : GrB_##K##_set_INT32, void * : GrB_##K##_set_VOID
#define GG_GETSET_OBJ(object, value, CASES)                                                        \
    _Generic((object), GrB_Scalar : _Generic((value), CASES(Scalar)),                              \
             GrB_Vector : _Generic((value), CASES(Vector)),                                        \
             GrB_Matrix : _Generic((value), CASES(Matrix)),                                        \
             GrB_UnaryOp : _Generic((value), CASES(UnaryOp)),                                      \
             GrB_IndexUnaryOp : _Generic((value), CASES(IndexUnaryOp)),                            \
             GrB_BinaryOp : _Generic((value), CASES(BinaryOp)),                                    \
             GrB_Monoid : _Generic((value), CASES(Monoid)),                                        \
             GrB_Semiring : _Generic((value), CASES(Semiring)),                                    \
             GrB_Type : _Generic((value), CASES(Type)),                                            \
             GrB_Descriptor : _Generic((value), CASES(Descriptor)),                                \
             GrB_Global : _Generic((value), CASES(Global)))
/* GxB_set / GxB_get: the first argument picks the object (a field alone: the global options). */
#define GxB_set(arg1, ...)                                                                         \
    _Generic((arg1), int : GxB_Global_Option_set, GxB_Option_Field : GxB_Global_Option_set,        \
             GrB_Vector : GxB_Vector_Option_set, GrB_Matrix : GxB_Matrix_Option_set,               \
             GrB_Descriptor : GxB_Desc_set)(arg1, __VA_ARGS__)
#define GxB_get(arg1, ...)                                                                         \
    _Generic((arg1), const int : GxB_Global_Option_get, int : GxB_Global_Option_get,               \
             const GxB_Option_Field : GxB_Global_Option_get,                                       \
             GxB_Option_Field : GxB_Global_Option_get, const GrB_Vector : GxB_Vector_Option_get,   \
             GrB_Vector : GxB_Vector_Option_get, const GrB_Matrix : GxB_Matrix_Option_get,         \
             GrB_Matrix : GxB_Matrix_Option_get, const GrB_Descriptor : GxB_Desc_get,              \
             GrB_Descriptor : GxB_Desc_get)(arg1, __VA_ARGS__)

#define GrB_get(object, value, ...) GG_GETSET_OBJ(object, value, GG_GET_CASES)(object, value, __VA_ARGS__)
#define GrB_set(object, value, ...) GG_GETSET_OBJ(object, value, GG_SET_CASES)(object, value, __VA_ARGS__)

#define GrB_eWiseMult(C, Mask, accum, op, A, B, desc)                                              \
    _Generic((C), GrB_Vector : _Generic((op), GrB_Semiring : GrB_Vector_eWiseMult_Semiring,        \
                                        GrB_Monoid : GrB_Vector_eWiseMult_Monoid,                  \
                                        GrB_BinaryOp : GrB_Vector_eWiseMult_BinaryOp),             \
             GrB_Matrix : _Generic((op), GrB_Semiring : GrB_Matrix_eWiseMult_Semiring,             \
                                   GrB_Monoid : GrB_Matrix_eWiseMult_Monoid,                       \
                                   GrB_BinaryOp : GrB_Matrix_eWiseMult_BinaryOp))(C, Mask, accum,  \
                                                                                  op, A, B, desc)
#define GrB_eWiseAdd(C, Mask, accum, op, A, B, desc)                                               \
    _Generic((C), GrB_Vector : _Generic((op), GrB_Semiring : GrB_Vector_eWiseAdd_Semiring,         \
                                        GrB_Monoid : GrB_Vector_eWiseAdd_Monoid,                   \
                                        GrB_BinaryOp : GrB_Vector_eWiseAdd_BinaryOp),              \
             GrB_Matrix : _Generic((op), GrB_Semiring : GrB_Matrix_eWiseAdd_Semiring,              \
                                   GrB_Monoid : GrB_Matrix_eWiseAdd_Monoid,                        \
                                   GrB_BinaryOp : GrB_Matrix_eWiseAdd_BinaryOp))(C, Mask, accum,   \
                                                                                 op, A, B, desc)
#define GrB_extract(arg1, Mask, accum, arg4, ...)                                                  \
    _Generic((arg1), GrB_Vector : _Generic((arg4), GrB_Vector : GrB_Vector_extract,                \
                                           GrB_Matrix : GrB_Col_extract),                          \
             GrB_Matrix : GrB_Matrix_extract)(arg1, Mask, accum, arg4, __VA_ARGS__)
#define GrB_assign(arg1, Mask, accum, arg4, arg5, ...)                                             \
    _Generic((arg1),                                                                               \
             GrB_Vector : _Generic((arg4), GG_CASES(, GrB_Vector_assign),                          \
                                   GrB_Scalar : GrB_Vector_assign_Scalar,                          \
                                   default : GrB_Vector_assign),                                   \
             default : _Generic((arg4), GG_CASES(, GrB_Matrix_assign),                             \
                                GrB_Scalar : GrB_Matrix_assign_Scalar,                             \
                                GrB_Vector : _Generic((arg5), const GrB_Index * : GrB_Col_assign,  \
                                                      GrB_Index * : GrB_Col_assign,                \
                                                      default : GrB_Row_assign),                   \
                                default : GrB_Matrix_assign))(arg1, Mask, accum, arg4, arg5,       \
                                                              __VA_ARGS__)
#define GG_ARG1(a, ...) a
#define GG_ARG2(a, b, ...) b
#define GG_APPLY_BIND(K, ...)                                                                      \
    _Generic((GG_ARG1(__VA_ARGS__, 0)), GrB_Scalar : GrB_##K##_apply_BinaryOp1st_Scalar,           \
             GG_CASES(, GrB_##K##_apply_BinaryOp1st),                                              \
             default : _Generic((GG_ARG2(__VA_ARGS__, 0, 0)),                                      \
                                GG_CASES(, GrB_##K##_apply_BinaryOp2nd),                           \
                                default : GrB_##K##_apply_BinaryOp2nd_Scalar))
#define GG_APPLY_IDX(K, ...)                                                                       \
    _Generic((GG_ARG2(__VA_ARGS__, 0, 0)), GG_CASES(, GrB_##K##_apply_IndexOp),                    \
             default : GrB_##K##_apply_IndexOp_Scalar)
#define GrB_apply(C, Mask, accum, op, ...)                                                         \
    _Generic((C),                                                                                  \
             GrB_Vector : _Generic((op), GrB_UnaryOp : GrB_Vector_apply,                           \
                                   GrB_BinaryOp : GG_APPLY_BIND(Vector, __VA_ARGS__),              \
                                   GrB_IndexUnaryOp : GG_APPLY_IDX(Vector, __VA_ARGS__)),          \
             GrB_Matrix : _Generic((op), GrB_UnaryOp : GrB_Matrix_apply,                           \
                                   GrB_BinaryOp : GG_APPLY_BIND(Matrix, __VA_ARGS__),              \
                                   GrB_IndexUnaryOp : GG_APPLY_IDX(Matrix, __VA_ARGS__)))(         \
        C, Mask, accum, op, __VA_ARGS__)
#define GrB_select(C, Mask, accum, op, x, y, d)                                                    \
    _Generic((C), GrB_Vector : _Generic((y), GG_CASES(, GrB_Vector_select),                        \
                                        default : GrB_Vector_select_Scalar),                       \
             GrB_Matrix : _Generic((y), GG_CASES(, GrB_Matrix_select),                             \
                                   default : GrB_Matrix_select_Scalar))(C, Mask, accum, op, x, y,  \
                                                                        d)
#define GG_REDUCE_TO_SCALAR(K, c, op)                                                              \
    _Generic((c), GG_PCASES(GrB_##K##_reduce),                                                     \
             default : _Generic((op), GrB_BinaryOp : GrB_##K##_reduce_BinaryOp_Scalar,             \
                                default : GrB_##K##_reduce_Monoid_Scalar))
#define GrB_reduce(arg1, arg2, arg3, arg4, ...)                                                    \
    _Generic((arg4), GrB_Vector : GG_REDUCE_TO_SCALAR(Vector, arg1, arg3),                         \
             GrB_Matrix : GG_REDUCE_TO_SCALAR(Matrix, arg1, arg3),                                 \
             GrB_Monoid : GrB_Matrix_reduce_Monoid,                                                \
             GrB_BinaryOp : GrB_Matrix_reduce_BinaryOp)(arg1, arg2, arg3, arg4, __VA_ARGS__)
#define GrB_kronecker(C, Mask, accum, op, A, B, desc)                                              \
    _Generic((op), GrB_Semiring : GrB_Matrix_kronecker_Semiring,                                   \
             GrB_Monoid : GrB_Matrix_kronecker_Monoid,                                             \
             GrB_BinaryOp : GrB_Matrix_kronecker_BinaryOp)(C, Mask, accum, op, A, B, desc)

#define GxB_fprint(object, pr, f)                                                                  \
    _Generic((object), GrB_Type : GxB_Type_fprint, GrB_UnaryOp : GxB_UnaryOp_fprint,               \
             GrB_BinaryOp : GxB_BinaryOp_fprint, GrB_IndexUnaryOp : GxB_IndexUnaryOp_fprint,       \
             GrB_Monoid : GxB_Monoid_fprint, GrB_Semiring : GxB_Semiring_fprint,                   \
             GrB_Scalar : GxB_Scalar_fprint, GrB_Vector : GxB_Vector_fprint,                       \
             GrB_Matrix : GxB_Matrix_fprint, GrB_Descriptor : GxB_Descriptor_fprint)(object,       \
                                                                                     #object, pr,  \
                                                                                     f)
#define GxB_print(object, pr) GxB_fprint(object, pr, NULL)

#endif /* C11 */

#ifdef __cplusplus
}
#endif

#endif /* GRAPHBLAS_GPU_H */
