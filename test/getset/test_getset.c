/* test_getset.c: GrB_get / GrB_set on every object kind through the public API: every field each
 * kind has (values read back, built-in names, the two-step string protocol, GrB_Scalar forms),
 * set-once names (GrB_ALREADY_SET), read-only fields, fields of another kind, wrong value forms,
 * NULL pointers, freed objects, and our GxG_ fields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define FAILS(call, code) assert_int_equal((call), (code))

/* Reads a string field both ways (size first, then the string) and checks they agree. */
#define EXPECT_STRING(obj, field, want)                                                            \
    do {                                                                                           \
        char buf_[GxB_MAX_NAME_LEN] = "garbage";                                                   \
        size_t n_ = 0;                                                                             \
        OK(GrB_get(obj, &n_, field));                                                              \
        assert_int_equal(n_, strlen(want) + 1);                                                    \
        OK(GrB_get(obj, buf_, field));                                                             \
        assert_string_equal(buf_, want);                                                           \
    } while (0)

#define EXPECT_INT32(obj, field, want)                                                             \
    do {                                                                                           \
        int32_t v_ = -12345;                                                                       \
        OK(GrB_get(obj, &v_, field));                                                              \
        assert_int_equal(v_, (want));                                                              \
    } while (0)

/* A built-in object reads back its identifier. */
#define EXPECT_NAME(obj) EXPECT_STRING(obj, GrB_NAME, #obj);

static void test_builtin_names(void **state)
{
    (void)state;
#define GG_TYPE_NAME(T, ...) EXPECT_NAME(GrB_##T)
#define GG_DESC_NAME(NAME, ...) EXPECT_NAME(NAME)
    GxG_BUILTIN_TYPES(GG_TYPE_NAME)
    GxG_UNARY_OPS(EXPECT_NAME)
    GxG_LEGACY_UNARY_OPS(EXPECT_NAME)
    GxG_BINARY_OPS(EXPECT_NAME)
    GxG_INDEXUNARY_OPS(EXPECT_NAME)
    GxG_MONOIDS(EXPECT_NAME)
    GxG_SEMIRINGS(EXPECT_NAME)
    GxG_DESCRIPTORS(GG_DESC_NAME)
#undef GG_TYPE_NAME
#undef GG_DESC_NAME
    EXPECT_STRING(GrB_GLOBAL, GrB_NAME, "GraphBLAS_gpu");
}

static void test_builtin_names_are_fixed(void **state)
{
    (void)state;
    char name[] = "renamed";
    FAILS(GrB_set(GrB_FP64, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_AINV_INT8, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_PLUS_FP64, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_TRIL, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_MIN_MONOID_FP64, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_MIN_PLUS_SEMIRING_FP64, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_DESC_RSC, name, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, name, GrB_NAME), GrB_INVALID_VALUE);
    assert_non_null(strstr(GxG_last_error(), "GrB_Global_set_String"));
    EXPECT_NAME(GrB_FP64);
    EXPECT_NAME(GrB_MIN_PLUS_SEMIRING_FP64);
    EXPECT_NAME(GrB_DESC_RSC);
}

static void test_builtin_types(void **state)
{
    (void)state;
#define GG_CHECK_TYPE(T, E, ...)                                                                   \
    EXPECT_INT32(GrB_##T, GrB_EL_TYPE_CODE, GrB_##T##_CODE);                                       \
    EXPECT_STRING(GrB_##T, GrB_EL_TYPE_STRING, "GrB_" #T);                                         \
    {                                                                                              \
        size_t size_ = 0;                                                                          \
        OK(GrB_get(GrB_##T, &size_, GrB_SIZE));                                                    \
        assert_int_equal(size_, sizeof(E));                                                        \
    }
    GxG_BUILTIN_TYPES(GG_CHECK_TYPE)
#undef GG_CHECK_TYPE
    int32_t v;
    FAILS(GrB_get(GrB_FP64, &v, GrB_SIZE), GrB_INVALID_VALUE); /* SIZE is not an INT32 */
    FAILS(GrB_get(GrB_FP64, &v, GrB_INP0_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_FP64, &v, GrB_OUTP_FIELD), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_FP64, (int32_t)4, GrB_SIZE), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_FP64, (int32_t)GrB_INT8_CODE, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_FP64, GrB_EL_TYPE_CODE, GrB_FP64_CODE);
}

/* ---- user objects: names can be set once ----------------------------------------------------- */

static void unary_fn(void *z, const void *x) { *(double *)z = -*(const double *)x; }
static void binary_fn(void *z, const void *x, const void *y)
{
    *(double *)z = *(const double *)x + *(const double *)y;
}
static void index_fn(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)x, (void)i, (void)j, (void)y;
    *(bool *)z = true;
}

#define EXPECT_NAME_ONCE(obj)                                                                      \
    do {                                                                                           \
        char first_[] = "first name", second_[] = "second name";                                  \
        OK(GrB_set(obj, first_, GrB_NAME));                                                        \
        EXPECT_STRING(obj, GrB_NAME, "first name");                                                \
        FAILS(GrB_set(obj, second_, GrB_NAME), GrB_ALREADY_SET);                                   \
        EXPECT_STRING(obj, GrB_NAME, "first name");                                                \
    } while (0)

static void test_user_names_set_once(void **state)
{
    (void)state;
    GrB_Type T;
    GrB_UnaryOp u;
    GrB_BinaryOp b;
    GrB_IndexUnaryOp iu;
    GrB_Monoid m;
    GrB_Semiring s;
    GrB_Scalar sc;
    GrB_Vector v;
    GrB_Matrix A;
    GrB_Descriptor d;
    OK(GrB_Type_new(&T, 16));
    OK(GrB_UnaryOp_new(&u, unary_fn, GrB_FP64, GrB_FP64));
    OK(GrB_BinaryOp_new(&b, binary_fn, GrB_FP64, GrB_FP64, GrB_FP64));
    OK(GrB_IndexUnaryOp_new(&iu, index_fn, GrB_BOOL, GrB_FP64, GrB_INT64));
    OK(GrB_Monoid_new_FP64(&m, b, 0.0));
    OK(GrB_Semiring_new(&s, m, GrB_TIMES_FP64));
    OK(GrB_Scalar_new(&sc, GrB_INT16));
    OK(GrB_Vector_new(&v, GrB_UINT8, 10));
    OK(GrB_Matrix_new(&A, GrB_FP32, 3, 4));
    OK(GrB_Descriptor_new(&d));
    /* containers and descriptors start unnamed */
    EXPECT_STRING(sc, GrB_NAME, "");
    EXPECT_STRING(v, GrB_NAME, "");
    EXPECT_STRING(A, GrB_NAME, "");
    EXPECT_STRING(d, GrB_NAME, "");
    EXPECT_NAME_ONCE(T);
    EXPECT_NAME_ONCE(u);
    EXPECT_NAME_ONCE(b);
    EXPECT_NAME_ONCE(iu);
    EXPECT_NAME_ONCE(m);
    EXPECT_NAME_ONCE(s);
    EXPECT_NAME_ONCE(sc);
    EXPECT_NAME_ONCE(v);
    EXPECT_NAME_ONCE(A);
    EXPECT_NAME_ONCE(d);
    const char *msg;
    OK(GrB_error(&msg, A));
    assert_non_null(strstr(msg, "GrB_Matrix_set_String"));
    /* the user type's name is what its element-type string reads */
    GrB_Matrix B;
    OK(GrB_Matrix_new(&B, T, 2, 2));
    EXPECT_INT32(B, GrB_EL_TYPE_CODE, GrB_UDT_CODE);
    EXPECT_STRING(B, GrB_EL_TYPE_STRING, "first name");
    EXPECT_INT32(T, GrB_EL_TYPE_CODE, GrB_UDT_CODE);
    size_t size;
    OK(GrB_get(T, &size, GrB_SIZE));
    assert_int_equal(size, 16);
    OK(GrB_free(&B));
    OK(GrB_free(&d));
    OK(GrB_free(&A));
    OK(GrB_free(&v));
    OK(GrB_free(&sc));
    OK(GrB_free(&s));
    OK(GrB_free(&m));
    OK(GrB_free(&iu));
    OK(GrB_free(&b));
    OK(GrB_free(&u));
    OK(GrB_free(&T));
}

static void test_name_length(void **state)
{
    (void)state;
    char longest[GxB_MAX_NAME_LEN], too_long[GxB_MAX_NAME_LEN + 1];
    memset(longest, 'a', sizeof longest - 1);
    longest[sizeof longest - 1] = '\0';
    memset(too_long, 'b', sizeof too_long - 1);
    too_long[sizeof too_long - 1] = '\0';
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_BOOL, 1, 1));
    FAILS(GrB_set(A, too_long, GrB_NAME), GrB_INVALID_VALUE);
    EXPECT_STRING(A, GrB_NAME, ""); /* a rejected name does not count as the one set */
    OK(GrB_set(A, longest, GrB_NAME));
    EXPECT_STRING(A, GrB_NAME, longest);
    OK(GrB_free(&A));
}

/* ---- operators, monoids, semirings ----------------------------------------------------------- */

#define EXPECT_TYPES(obj, in0, in1, out)                                                           \
    do {                                                                                           \
        EXPECT_INT32(obj, GrB_INP0_TYPE_CODE, GrB_##in0##_CODE);                                   \
        EXPECT_STRING(obj, GrB_INP0_TYPE_STRING, "GrB_" #in0);                                     \
        EXPECT_INT32(obj, GrB_INP1_TYPE_CODE, GrB_##in1##_CODE);                                   \
        EXPECT_STRING(obj, GrB_INP1_TYPE_STRING, "GrB_" #in1);                                     \
        EXPECT_INT32(obj, GrB_OUTP_TYPE_CODE, GrB_##out##_CODE);                                   \
        EXPECT_STRING(obj, GrB_OUTP_TYPE_STRING, "GrB_" #out);                                     \
    } while (0)

static void test_operator_types(void **state)
{
    (void)state;
    /* unary: no second input (SuiteSparse answers GrB_NO_VALUE and leaves the value alone) */
    EXPECT_INT32(GrB_AINV_INT32, GrB_INP0_TYPE_CODE, GrB_INT32_CODE);
    EXPECT_INT32(GrB_AINV_INT32, GrB_OUTP_TYPE_CODE, GrB_INT32_CODE);
    EXPECT_STRING(GrB_LNOT, GrB_OUTP_TYPE_STRING, "GrB_BOOL");
    int32_t v = 77;
    FAILS(GrB_get(GrB_AINV_INT32, &v, GrB_INP1_TYPE_CODE), GrB_NO_VALUE);
    assert_int_equal(v, 77);
    EXPECT_TYPES(GrB_PLUS_FP64, FP64, FP64, FP64);
    EXPECT_TYPES(GrB_LT_UINT16, UINT16, UINT16, BOOL);
    EXPECT_TYPES(GrB_VALUEGT_FP32, FP32, FP32, BOOL);
    EXPECT_INT32(GrB_TRIL, GrB_INP1_TYPE_CODE, GrB_INT64_CODE);
    EXPECT_INT32(GrB_TRIL, GrB_OUTP_TYPE_CODE, GrB_BOOL_CODE);
    EXPECT_INT32(GrB_ROWINDEX_INT32, GrB_OUTP_TYPE_CODE, GrB_INT32_CODE);
    EXPECT_TYPES(GrB_MAX_MONOID_INT8, INT8, INT8, INT8);
    EXPECT_INT32(GrB_MAX_MONOID_INT8, GrB_EL_TYPE_CODE, GrB_INT8_CODE);
    EXPECT_STRING(GrB_LOR_MONOID_BOOL, GrB_EL_TYPE_STRING, "GrB_BOOL");
    EXPECT_TYPES(GrB_PLUS_TIMES_SEMIRING_UINT64, UINT64, UINT64, UINT64);
    EXPECT_TYPES(GrB_LOR_LAND_SEMIRING_BOOL, BOOL, BOOL, BOOL);

    /* a user operator reports its own types */
    GrB_BinaryOp b;
    OK(GrB_BinaryOp_new(&b, binary_fn, GrB_FP64, GrB_INT32, GrB_UINT8));
    EXPECT_TYPES(b, INT32, UINT8, FP64);
    OK(GrB_free(&b));

    /* fields of other kinds, and read-only fields */
    FAILS(GrB_get(GrB_PLUS_FP64, &v, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_PLUS_TIMES_SEMIRING_FP64, &v, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_PLUS_FP64, &v, GrB_MASK_FIELD), GrB_INVALID_VALUE);
    size_t size;
    FAILS(GrB_get(GrB_PLUS_FP64, &size, GrB_SIZE), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_PLUS_FP64, (int32_t)GrB_INT8_CODE, GrB_OUTP_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_PLUS_MONOID_FP64, (int32_t)GrB_INT8_CODE, GrB_EL_TYPE_CODE),
          GrB_INVALID_VALUE);
    char name[] = "GrB_INT8";
    FAILS(GrB_set(GrB_PLUS_TIMES_SEMIRING_FP64, name, GrB_OUTP_TYPE_STRING), GrB_INVALID_VALUE);
    EXPECT_TYPES(GrB_PLUS_FP64, FP64, FP64, FP64);
}

/* ---- containers ------------------------------------------------------------------------------ */

static void test_container_fields(void **state)
{
    (void)state;
    GrB_Scalar s;
    GrB_Vector v;
    GrB_Matrix A;
    OK(GrB_Scalar_new(&s, GrB_INT16));
    OK(GrB_Vector_new(&v, GrB_UINT32, 5));
    OK(GrB_Matrix_new(&A, GrB_FP32, 3, 4));
    EXPECT_INT32(s, GrB_EL_TYPE_CODE, GrB_INT16_CODE);
    EXPECT_STRING(s, GrB_EL_TYPE_STRING, "GrB_INT16");
    EXPECT_INT32(v, GrB_EL_TYPE_CODE, GrB_UINT32_CODE);
    EXPECT_STRING(v, GrB_EL_TYPE_STRING, "GrB_UINT32");
    EXPECT_INT32(A, GrB_EL_TYPE_CODE, GrB_FP32_CODE);
    EXPECT_STRING(A, GrB_EL_TYPE_STRING, "GrB_FP32");

    /* the orientation hint: accepted when valid, the storage stays row-major */
    EXPECT_INT32(A, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    for (int32_t o = GrB_ROWMAJOR; o <= GrB_UNKNOWN; o++) {
        OK(GrB_set(A, o, GrB_STORAGE_ORIENTATION_HINT));
        EXPECT_INT32(A, GrB_STORAGE_ORIENTATION_HINT, GrB_ROWMAJOR);
    }
    FAILS(GrB_set(A, (int32_t)4, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    FAILS(GrB_set(A, (int32_t)-1, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    int32_t x;
    FAILS(GrB_get(v, &x, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    FAILS(GrB_set(v, (int32_t)GrB_COLMAJOR, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    FAILS(GrB_set(A, (int32_t)GrB_INT8_CODE, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(s, &x, GrB_SIZE), GrB_INVALID_VALUE);
    FAILS(GrB_get(A, &x, GxG_BACKEND), GrB_INVALID_VALUE);
    EXPECT_INT32(A, GrB_EL_TYPE_CODE, GrB_FP32_CODE);

    /* freed objects */
    GrB_Matrix stale = A;
    OK(GrB_free(&A));
    FAILS(GrB_get(stale, &x, GrB_EL_TYPE_CODE), GrB_UNINITIALIZED_OBJECT);
    char name[] = "x";
    FAILS(GrB_set(stale, name, GrB_NAME), GrB_UNINITIALIZED_OBJECT);
    GrB_Scalar stale_s = s;
    OK(GrB_free(&s));
    FAILS(GrB_get(GrB_GLOBAL, stale_s, GrB_API_VER_MAJOR), GrB_UNINITIALIZED_OBJECT);
    FAILS(GrB_get(stale_s, &x, GrB_EL_TYPE_CODE), GrB_UNINITIALIZED_OBJECT);
    OK(GrB_free(&v));
}

/* GxG_BACKEND as GrB_init sets it from GRAPHBLAS_GPU_BACKEND (tools/device-check.sh's "forced"
 * step runs every suite with cuda), AUTO when unset or not a backend's name. */
static int32_t env_backend(void)
{
    const char *e = getenv("GRAPHBLAS_GPU_BACKEND");
    if (e != NULL && strcasecmp(e, "cpu") == 0) return GxG_BACKEND_CPU;
    if (e != NULL && strcasecmp(e, "cuda") == 0) return GxG_BACKEND_CUDA;
    return GxG_BACKEND_AUTO;
}

/* ---- descriptors ----------------------------------------------------------------------------- */

static void test_descriptor_fields(void **state)
{
    (void)state;
#define GG_CHECK_DESC(NAME, OUTP, MASK, INP0, INP1)                                                \
    EXPECT_INT32(NAME, GrB_OUTP_FIELD, OUTP);                                                      \
    EXPECT_INT32(NAME, GrB_MASK_FIELD, MASK);                                                      \
    EXPECT_INT32(NAME, GrB_INP0_FIELD, INP0);                                                      \
    EXPECT_INT32(NAME, GrB_INP1_FIELD, INP1);                                                      \
    EXPECT_INT32(NAME, GxG_BACKEND, GxG_BACKEND_AUTO);                                             \
    FAILS(GrB_set(NAME, (int32_t)GrB_DEFAULT, GrB_OUTP_FIELD), GrB_INVALID_VALUE);
    GxG_DESCRIPTORS(GG_CHECK_DESC)
#undef GG_CHECK_DESC
    EXPECT_INT32(GrB_DESC_RSCT0T1, GrB_MASK_FIELD, GrB_COMP_STRUCTURE);

    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    EXPECT_INT32(d, GrB_OUTP_FIELD, GrB_DEFAULT);
    OK(GrB_set(d, (int32_t)GrB_REPLACE, GrB_OUTP_FIELD));
    OK(GrB_set(d, (int32_t)GrB_COMP, GrB_MASK_FIELD));
    OK(GrB_set(d, (int32_t)GrB_STRUCTURE, GrB_MASK_FIELD));
    OK(GrB_set(d, (int32_t)GrB_TRAN, GrB_INP1_FIELD));
    EXPECT_INT32(d, GrB_OUTP_FIELD, GrB_REPLACE);
    EXPECT_INT32(d, GrB_MASK_FIELD, GrB_COMP_STRUCTURE);
    EXPECT_INT32(d, GrB_INP0_FIELD, GrB_DEFAULT);
    EXPECT_INT32(d, GrB_INP1_FIELD, GrB_TRAN);
    FAILS(GrB_set(d, (int32_t)GrB_TRAN, GrB_OUTP_FIELD), GrB_INVALID_VALUE);
    FAILS(GrB_set(d, (int32_t)GrB_REPLACE, GrB_INP0_FIELD), GrB_INVALID_VALUE);
    FAILS(GrB_set(d, (int32_t)GrB_REPLACE, GrB_MASK_FIELD), GrB_INVALID_VALUE);
    const char *msg;
    OK(GrB_error(&msg, d));
    assert_non_null(strstr(msg, "GrB_Descriptor_set_INT32"));
    EXPECT_INT32(d, GrB_OUTP_FIELD, GrB_REPLACE);
    EXPECT_INT32(d, GrB_MASK_FIELD, GrB_COMP_STRUCTURE);

    /* per-descriptor backend */
    OK(GrB_set(d, (int32_t)GxG_BACKEND_CPU, GxG_BACKEND));
    EXPECT_INT32(d, GxG_BACKEND, GxG_BACKEND_CPU);
    FAILS(GrB_set(d, (int32_t)42, GxG_BACKEND), GrB_INVALID_VALUE);
    EXPECT_INT32(d, GxG_BACKEND, GxG_BACKEND_CPU);

    /* through a GrB_Scalar of another type (typecast) */
    GrB_Scalar s;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(s, (double)GrB_DEFAULT));
    OK(GrB_set(d, s, GrB_OUTP_FIELD));
    EXPECT_INT32(d, GrB_OUTP_FIELD, GrB_DEFAULT);
    OK(GrB_get(d, s, GrB_MASK_FIELD));
    double mask;
    OK(GrB_Scalar_extractElement_FP64(&mask, s));
    assert_true(mask == (double)GrB_COMP_STRUCTURE);
    OK(GrB_free(&s));

    FAILS(GrB_get(d, &(int32_t){0}, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(d, &(int32_t){0}, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    FAILS(GrB_get(d, &(int32_t){0}, GrB_BLOCKING_MODE), GrB_INVALID_VALUE);
    OK(GrB_free(&d));
}

/* ---- the global object ----------------------------------------------------------------------- */

static void test_global_fields(void **state)
{
    (void)state;
    EXPECT_INT32(GrB_GLOBAL, GrB_LIBRARY_VER_MAJOR, GxG_IMPLEMENTATION_MAJOR);
    EXPECT_INT32(GrB_GLOBAL, GrB_LIBRARY_VER_MINOR, GxG_IMPLEMENTATION_MINOR);
    EXPECT_INT32(GrB_GLOBAL, GrB_LIBRARY_VER_PATCH, GxG_IMPLEMENTATION_SUB);
    EXPECT_INT32(GrB_GLOBAL, GrB_API_VER_MAJOR, 2);
    EXPECT_INT32(GrB_GLOBAL, GrB_API_VER_MINOR, 1);
    EXPECT_INT32(GrB_GLOBAL, GrB_API_VER_PATCH, 0);
    EXPECT_INT32(GrB_GLOBAL, GrB_BLOCKING_MODE, GrB_NONBLOCKING);
    EXPECT_STRING(GrB_GLOBAL, GrB_NAME, "GraphBLAS_gpu");
    EXPECT_STRING(GrB_GLOBAL, GxG_LIBRARY_NAME, "GraphBLAS_gpu");

    int32_t avail = 0;
    OK(GrB_get(GrB_GLOBAL, &avail, GxG_BACKENDS_AVAILABLE));
    assert_true(avail & 1);
    assert_int_equal(avail & ~3, 0);
    char dev[256];
    size_t devlen = 0, mem = 1;
    OK(GrB_get(GrB_GLOBAL, &devlen, GxG_DEVICE_NAME));
    assert_true(devlen >= 1 && devlen <= sizeof dev);
    OK(GrB_get(GrB_GLOBAL, dev, GxG_DEVICE_NAME));
    assert_int_equal(strlen(dev) + 1, devlen);
    OK(GrB_get(GrB_GLOBAL, &mem, GxG_DEVICE_MEMORY));
    if (!(avail & 2)) {
        assert_string_equal(dev, "");
        assert_int_equal(mem, 0);
    } else {
        assert_true(mem > 0 && dev[0] != '\0');
    }

    /* every global field is read-only but the backend */
    const GrB_Field read_only[] = {GrB_LIBRARY_VER_MAJOR, GrB_LIBRARY_VER_MINOR,
                                   GrB_LIBRARY_VER_PATCH, GrB_API_VER_MAJOR,
                                   GrB_API_VER_MINOR,     GrB_API_VER_PATCH,
                                   GrB_BLOCKING_MODE,     GxG_BACKENDS_AVAILABLE};
    for (size_t k = 0; k < sizeof read_only / sizeof read_only[0]; k++)
        FAILS(GrB_set(GrB_GLOBAL, (int32_t)1, read_only[k]), GrB_INVALID_VALUE);
    char text[] = "x";
    FAILS(GrB_set(GrB_GLOBAL, text, GxG_DEVICE_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, text, GxG_LIBRARY_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)1, GxG_DEVICE_MEMORY), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_GLOBAL, GrB_BLOCKING_MODE, GrB_NONBLOCKING);

    /* the backend: as GRAPHBLAS_GPU_BACKEND set it (the suite may run with it forced) */
    EXPECT_INT32(GrB_GLOBAL, GxG_BACKEND, env_backend());
    OK(GrB_set(GrB_GLOBAL, (int32_t)GxG_BACKEND_CPU, GxG_BACKEND));
    EXPECT_INT32(GrB_GLOBAL, GxG_BACKEND, GxG_BACKEND_CPU);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)3, GxG_BACKEND), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)-1, GxG_BACKEND), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_GLOBAL, GxG_BACKEND, GxG_BACKEND_CPU);
    OK(GrB_set(GrB_GLOBAL, env_backend(), GxG_BACKEND));

    /* fields of other kinds */
    int32_t x;
    FAILS(GrB_get(GrB_GLOBAL, &x, GrB_EL_TYPE_CODE), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_GLOBAL, &x, GrB_OUTP_FIELD), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_GLOBAL, &x, (GrB_Field)9999), GrB_INVALID_VALUE);
}

/* The writable GxG_ settings of GrB_GLOBAL: node dimension, trace, device and pool limit. */
static void test_global_settings(void **state)
{
    (void)state;
    EXPECT_INT32(GrB_GLOBAL, GxG_HS_NODE_DIM, 128);
    OK(GrB_set(GrB_GLOBAL, (int32_t)16, GxG_HS_NODE_DIM));
    EXPECT_INT32(GrB_GLOBAL, GxG_HS_NODE_DIM, 16);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)12, GxG_HS_NODE_DIM), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)512, GxG_HS_NODE_DIM), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_GLOBAL, GxG_HS_NODE_DIM, 16);
    OK(GrB_set(GrB_GLOBAL, (int32_t)128, GxG_HS_NODE_DIM));

    EXPECT_INT32(GrB_GLOBAL, GxG_TRACE, 0);
    OK(GrB_set(GrB_GLOBAL, (int32_t)1, GxG_TRACE));
    EXPECT_INT32(GrB_GLOBAL, GxG_TRACE, 1);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)2, GxG_TRACE), GrB_INVALID_VALUE);
    OK(GrB_set(GrB_GLOBAL, (int32_t)0, GxG_TRACE));
    EXPECT_INT32(GrB_GLOBAL, GxG_TRACE, 0);

    /* the device is fixed once detection ran (reading GxG_BACKENDS_AVAILABLE runs it) */
    int32_t avail;
    OK(GrB_get(GrB_GLOBAL, &avail, GxG_BACKENDS_AVAILABLE));
    EXPECT_INT32(GrB_GLOBAL, GxG_DEVICE_ID, 0);
    OK(GrB_set(GrB_GLOBAL, (int32_t)0, GxG_DEVICE_ID));
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)1, GxG_DEVICE_ID), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)-1, GxG_DEVICE_ID), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_GLOBAL, GxG_DEVICE_ID, 0);

    size_t limit = 1;
    OK(GrB_get(GrB_GLOBAL, &limit, GxG_DEVICE_POOL_LIMIT));
    assert_true(limit == 0);
    limit = (size_t)1 << 30;
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &limit, GxG_DEVICE_POOL_LIMIT, sizeof limit));
    FAILS(GrB_Global_set_VOID(GrB_GLOBAL, &limit, GxG_DEVICE_POOL_LIMIT, 4), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, (int32_t)5, GxG_DEVICE_POOL_LIMIT), GrB_INVALID_VALUE);
    size_t got = 0;
    OK(GrB_get(GrB_GLOBAL, &got, GxG_DEVICE_POOL_LIMIT));
    assert_true(got == limit);
    GrB_Scalar s;
    OK(GrB_Scalar_new(&s, GrB_UINT64));
    OK(GrB_Scalar_setElement_UINT64(s, 4096));
    OK(GrB_set(GrB_GLOBAL, s, GxG_DEVICE_POOL_LIMIT));
    OK(GrB_get(GrB_GLOBAL, &got, GxG_DEVICE_POOL_LIMIT));
    assert_true(got == 4096);
    OK(GrB_free(&s));
    limit = 0;
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &limit, GxG_DEVICE_POOL_LIMIT, sizeof limit));

    /* the transfer counters are read-only; without a device they stay 0 */
    for (int f = GxG_H2D_COPIES; f <= GxG_D2H_BYTES; f++) {
        got = 7;
        OK(GrB_get(GrB_GLOBAL, &got, f));
        if (!(avail & 2)) assert_true(got == 0);
        FAILS(GrB_Global_set_VOID(GrB_GLOBAL, &got, f, sizeof got), GrB_INVALID_VALUE);
    }
}

static void test_blocking_mode(void **state)
{
    (void)state;
    OK(GrB_finalize());
    OK(GrB_init(GrB_BLOCKING));
    EXPECT_INT32(GrB_GLOBAL, GrB_BLOCKING_MODE, GrB_BLOCKING);
}

/* ---- value forms ----------------------------------------------------------------------------- */

static void test_wrong_value_forms(void **state)
{
    (void)state;
    int32_t i = 5;
    size_t z = 5;
    char buf[GxB_MAX_NAME_LEN] = "untouched";
    /* an INT32 field read as a string or size, a string field read as INT32, and back */
    FAILS(GrB_get(GrB_GLOBAL, buf, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_GLOBAL, &z, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_GLOBAL, &i, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_FP64, &i, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_FP64, buf, GrB_SIZE), GrB_INVALID_VALUE);
    FAILS(GrB_get(GrB_GLOBAL, &i, GxG_DEVICE_MEMORY), GrB_INVALID_VALUE);
    assert_string_equal(buf, "untouched");
    assert_int_equal(i, 5);
    assert_int_equal(z, 5);
    /* a string written through INT32 and the reverse */
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_INT8, 2, 2));
    FAILS(GrB_set(A, (int32_t)1, GrB_NAME), GrB_INVALID_VALUE);
    char rowmajor[] = "rowmajor";
    FAILS(GrB_set(A, rowmajor, GrB_STORAGE_ORIENTATION_HINT), GrB_INVALID_VALUE);
    const char *msg;
    OK(GrB_error(&msg, A));
    assert_non_null(strstr(msg, "GrB_STORAGE_ORIENTATION_HINT"));
    /* no field takes a void buffer */
    FAILS(GrB_get(A, (void *)buf, GrB_NAME), GrB_INVALID_VALUE);
    FAILS(GrB_set(A, (void *)buf, GrB_NAME, sizeof buf), GrB_INVALID_VALUE);
    FAILS(GrB_Global_get_VOID(GrB_GLOBAL, buf, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    FAILS(GrB_Descriptor_set_VOID(GrB_DESC_R, buf, GrB_OUTP_FIELD, 4), GrB_INVALID_VALUE);
    EXPECT_STRING(A, GrB_NAME, "");
    OK(GrB_free(&A));
}

static void test_scalar_forms(void **state)
{
    (void)state;
    GrB_Scalar s;
    /* INT32 fields into scalars of other types */
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_get(GrB_GLOBAL, s, GrB_API_VER_MAJOR));
    double d = 0;
    OK(GrB_Scalar_extractElement_FP64(&d, s));
    assert_true(d == 2.0);
    OK(GrB_get(GrB_FP32, s, GrB_EL_TYPE_CODE));
    OK(GrB_Scalar_extractElement_FP64(&d, s));
    assert_true(d == (double)GrB_FP32_CODE);
    /* a SIZE field */
    OK(GrB_get(GrB_INT64, s, GrB_SIZE));
    OK(GrB_Scalar_extractElement_FP64(&d, s));
    assert_true(d == 8.0);
    /* a string field cannot go through a scalar */
    FAILS(GrB_get(GrB_GLOBAL, s, GrB_NAME), GrB_INVALID_VALUE);
    OK(GrB_free(&s));

    OK(GrB_Scalar_new(&s, GrB_UINT8));
    OK(GrB_get(GrB_GLOBAL, s, GrB_API_VER_MINOR));
    uint8_t u = 0;
    OK(GrB_Scalar_extractElement_UINT8(&u, s));
    assert_int_equal(u, 1);

    /* writes: typecast from the scalar; an empty scalar is GrB_EMPTY_OBJECT */
    OK(GrB_Scalar_setElement_UINT8(s, GxG_BACKEND_CPU));
    OK(GrB_set(GrB_GLOBAL, s, GxG_BACKEND));
    EXPECT_INT32(GrB_GLOBAL, GxG_BACKEND, GxG_BACKEND_CPU);
    OK(GrB_Scalar_clear(s));
    FAILS(GrB_set(GrB_GLOBAL, s, GxG_BACKEND), GrB_EMPTY_OBJECT);
    OK(GrB_Scalar_setElement_UINT8(s, 9));
    FAILS(GrB_set(GrB_GLOBAL, s, GxG_BACKEND), GrB_INVALID_VALUE);
    FAILS(GrB_set(GrB_GLOBAL, s, GrB_API_VER_MAJOR), GrB_INVALID_VALUE);
    EXPECT_INT32(GrB_GLOBAL, GxG_BACKEND, GxG_BACKEND_CPU);
    OK(GrB_free(&s));

    /* a scalar of a user-defined type cannot carry a field */
    GrB_Type T;
    OK(GrB_Type_new(&T, 4));
    OK(GrB_Scalar_new(&s, T));
    FAILS(GrB_get(GrB_GLOBAL, s, GrB_API_VER_MAJOR), GrB_DOMAIN_MISMATCH);
    FAILS(GrB_set(GrB_GLOBAL, s, GxG_BACKEND), GrB_DOMAIN_MISMATCH);
    GrB_Index nvals = 1;
    OK(GrB_Scalar_nvals(&nvals, s));
    assert_int_equal(nvals, 0);
    OK(GrB_free(&s));
    OK(GrB_free(&T));
}

static void test_null_pointers(void **state)
{
    (void)state;
    int32_t i;
    size_t z;
    char buf[GxB_MAX_NAME_LEN];
    FAILS(GrB_Global_get_INT32(GrB_GLOBAL, NULL, GrB_API_VER_MAJOR), GrB_NULL_POINTER);
    FAILS(GrB_Global_get_INT32(NULL, &i, GrB_API_VER_MAJOR), GrB_NULL_POINTER);
    FAILS(GrB_Type_get_SIZE(GrB_FP64, NULL, GrB_SIZE), GrB_NULL_POINTER);
    FAILS(GrB_Type_get_SIZE(NULL, &z, GrB_SIZE), GrB_NULL_POINTER);
    FAILS(GrB_Matrix_get_String(NULL, buf, GrB_NAME), GrB_NULL_POINTER);
    FAILS(GrB_BinaryOp_get_String(GrB_PLUS_FP64, NULL, GrB_NAME), GrB_NULL_POINTER);
    FAILS(GrB_Monoid_get_Scalar(GrB_PLUS_MONOID_FP64, NULL, GrB_EL_TYPE_CODE), GrB_NULL_POINTER);
    FAILS(GrB_Semiring_get_VOID(GrB_PLUS_TIMES_SEMIRING_FP64, NULL, GrB_NAME), GrB_NULL_POINTER);
    FAILS(GrB_UnaryOp_set_String(GrB_AINV_FP64, NULL, GrB_NAME), GrB_NULL_POINTER);
    FAILS(GrB_IndexUnaryOp_set_Scalar(GrB_TRIL, NULL, GrB_NAME), GrB_NULL_POINTER);
    FAILS(GrB_Vector_set_VOID(NULL, buf, GrB_NAME, 1), GrB_NULL_POINTER);
    FAILS(GrB_Descriptor_set_INT32(NULL, GrB_REPLACE, GrB_OUTP_FIELD), GrB_NULL_POINTER);
    FAILS(GrB_Scalar_set_INT32(NULL, 0, GrB_NAME), GrB_NULL_POINTER);
    assert_non_null(strstr(GxG_last_error(), "GrB_Scalar_set_INT32"));
    /* NULL comes before an unknown field */
    FAILS(GrB_Global_get_INT32(GrB_GLOBAL, NULL, (GrB_Field)9999), GrB_NULL_POINTER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_builtin_names, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_builtin_names_are_fixed, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_builtin_types, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_user_names_set_once, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_name_length, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_operator_types, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_container_fields, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_descriptor_fields, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_global_fields, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_blocking_mode, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_global_settings, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_wrong_value_forms, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_scalar_forms, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_null_pointers, GG_test_setup, GG_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
