/* test_context.c: the library context. Before the first GrB_init every method but GrB_init,
 * GrB_finalize, GrB_getVersion and GrB_error returns GrB_PANIC (SuiteSparse); a second GrB_init
 * returns GrB_INVALID_VALUE and changes nothing; after GrB_finalize the library keeps working
 * (SuiteSparse) and a later GrB_init starts a fresh context. The tests run in order and share the process's context state. */
#include "api_check.h"

#include <string.h>

/* Calls every method of the API with harmless arguments and expects GrB_PANIC from each. */
#define PANIC(call) EXPECT_INFO(call, GrB_PANIC)

static GrB_Index idx[4];
static double buf[8];
static char str[GxB_MAX_NAME_LEN];

/* Typed families: V is the by-value argument type, E the element type (void for _UDT). */
#define PANIC_TYPED(T, E, V, CV)                                                                   \
    PANIC(GrB_Monoid_new_##T(&monoid, binop, (V)0));                                               \
    PANIC(GrB_Scalar_setElement_##T(s, (V)0));                                                     \
    PANIC(GrB_Scalar_extractElement_##T((E *)buf, s));                                             \
    PANIC(GrB_Vector_build_##T(v, idx, (const E *)buf, 1, NULL));                                  \
    PANIC(GrB_Vector_setElement_##T(v, (V)0, 0));                                                  \
    PANIC(GrB_Vector_extractElement_##T((E *)buf, v, 0));                                          \
    PANIC(GrB_Vector_extractTuples_##T(idx, (E *)buf, &n, v));                                     \
    PANIC(GrB_Matrix_build_##T(A, idx, idx, (const E *)buf, 1, NULL));                             \
    PANIC(GrB_Matrix_setElement_##T(A, (V)0, 0, 0));                                               \
    PANIC(GrB_Matrix_extractElement_##T((E *)buf, A, 0, 0));                                       \
    PANIC(GrB_Matrix_extractTuples_##T(idx, idx, (E *)buf, &n, A));                                \
    PANIC(                                                                                         \
        GrB_Matrix_import_##T(&A, type, 1, 1, idx, idx, (const E *)buf, 2, 1, 1, GrB_CSR_FORMAT)); \
    PANIC(GrB_Matrix_export_##T(idx, idx, (E *)buf, &n, &n, &n, GrB_CSR_FORMAT, A));               \
    PANIC(GrB_Vector_assign_##T(v, NULL, NULL, (V)0, GrB_ALL, 1, NULL));                           \
    PANIC(GrB_Matrix_assign_##T(A, NULL, NULL, (V)0, GrB_ALL, 1, GrB_ALL, 1, NULL));               \
    PANIC(GrB_Vector_apply_BinaryOp1st_##T(v, NULL, NULL, binop, (CV)0, v, NULL));                 \
    PANIC(GrB_Vector_apply_BinaryOp2nd_##T(v, NULL, NULL, binop, v, (CV)0, NULL));                 \
    PANIC(GrB_Vector_apply_IndexOp_##T(v, NULL, NULL, idxop, v, (CV)0, NULL));                     \
    PANIC(GrB_Vector_select_##T(v, NULL, NULL, idxop, v, (CV)0, NULL));                            \
    PANIC(GrB_Matrix_apply_BinaryOp1st_##T(A, NULL, NULL, binop, (CV)0, A, NULL));                 \
    PANIC(GrB_Matrix_apply_BinaryOp2nd_##T(A, NULL, NULL, binop, A, (CV)0, NULL));                 \
    PANIC(GrB_Matrix_apply_IndexOp_##T(A, NULL, NULL, idxop, A, (CV)0, NULL));                     \
    PANIC(GrB_Matrix_select_##T(A, NULL, NULL, idxop, A, (CV)0, NULL));                            \
    PANIC(GrB_Vector_reduce_##T((E *)buf, NULL, monoid, v, NULL));                                 \
    PANIC(GrB_Matrix_reduce_##T((E *)buf, NULL, monoid, A, NULL));

#define PANIC_KIND(K)                                                                              \
    {                                                                                              \
        GrB_##K h = NULL;                                                                          \
        PANIC(GrB_##K##_free(&h));                                                                 \
        PANIC(GrB_##K##_wait(h, GrB_COMPLETE));                                                    \
    }

#define PANIC_GETSET(K)                                                                            \
    {                                                                                              \
        GrB_##K h = NULL;                                                                          \
        int32_t i32 = 0;                                                                           \
        size_t sz = 0;                                                                             \
        PANIC(GrB_##K##_get_Scalar(h, s, GrB_NAME));                                               \
        PANIC(GrB_##K##_get_String(h, str, GrB_NAME));                                             \
        PANIC(GrB_##K##_get_INT32(h, &i32, GrB_NAME));                                             \
        PANIC(GrB_##K##_get_SIZE(h, &sz, GrB_NAME));                                               \
        PANIC(GrB_##K##_get_VOID(h, str, GrB_NAME));                                               \
        PANIC(GrB_##K##_set_Scalar(h, s, GrB_NAME));                                               \
        PANIC(GrB_##K##_set_String(h, str, GrB_NAME));                                             \
        PANIC(GrB_##K##_set_INT32(h, 0, GrB_NAME));                                                \
        PANIC(GrB_##K##_set_VOID(h, str, GrB_NAME, 1));                                            \
    }

#define PANIC_EWISE(E, OP)                                                                         \
    PANIC(GrB_Vector_eWise##E##_##OP(v, NULL, NULL, (GrB_##OP)NULL, v, v, NULL));                  \
    PANIC(GrB_Matrix_eWise##E##_##OP(A, NULL, NULL, (GrB_##OP)NULL, A, A, NULL));

static void expect_panic_everywhere(void)
{
    GrB_Type type = GrB_FP64;
    GrB_UnaryOp unop = GrB_AINV_FP64;
    GrB_BinaryOp binop = GrB_PLUS_FP64;
    GrB_IndexUnaryOp idxop = GrB_TRIL;
    GrB_Monoid monoid = GrB_PLUS_MONOID_FP64;
    GrB_Semiring semiring = GrB_PLUS_TIMES_SEMIRING_FP64;
    GrB_Scalar s = NULL;
    GrB_Vector v = NULL;
    GrB_Matrix A = NULL;
    GrB_Descriptor desc = NULL;
    GrB_Index n = 1;
    GrB_Format fmt = GrB_CSR_FORMAT;

    PANIC(GrB_Type_new(&type, 8));
    PANIC(GxB_Type_new(&type, 8, "t", NULL));
    PANIC(GrB_UnaryOp_new(&unop, api_fp64_neg, type, type));
    PANIC(GxB_UnaryOp_new(&unop, api_fp64_neg, type, type, "u", NULL));
    PANIC(GrB_BinaryOp_new(&binop, api_fp64_add, type, type, type));
    PANIC(GxB_BinaryOp_new(&binop, api_fp64_add, type, type, type, "b", NULL));
    PANIC(GrB_IndexUnaryOp_new(&idxop, api_fp64_idx, type, type, type));
    PANIC(GxB_IndexUnaryOp_new(&idxop, api_fp64_idx, type, type, type, "i", NULL));
    PANIC(GrB_Semiring_new(&semiring, monoid, binop));
    PANIC(GrB_Descriptor_new(&desc));
    PANIC(GrB_Descriptor_set(desc, GrB_OUTP, GrB_REPLACE));

    PANIC(GrB_Scalar_new(&s, type));
    PANIC(GrB_Scalar_dup(&s, s));
    PANIC(GrB_Scalar_clear(s));
    PANIC(GrB_Scalar_nvals(&n, s));
    PANIC(GrB_Vector_new(&v, type, 1));
    PANIC(GrB_Vector_dup(&v, v));
    PANIC(GrB_Vector_clear(v));
    PANIC(GrB_Vector_size(&n, v));
    PANIC(GrB_Vector_nvals(&n, v));
    PANIC(GrB_Vector_resize(v, 2));
    PANIC(GrB_Vector_removeElement(v, 0));
    PANIC(GrB_Vector_setElement_Scalar(v, s, 0));
    PANIC(GrB_Vector_extractElement_Scalar(s, v, 0));
    PANIC(GrB_Matrix_new(&A, type, 1, 1));
    PANIC(GrB_Matrix_dup(&A, A));
    PANIC(GrB_Matrix_diag(&A, v, 0));
    PANIC(GrB_Matrix_clear(A));
    PANIC(GrB_Matrix_resize(A, 2, 2));
    PANIC(GrB_Matrix_nrows(&n, A));
    PANIC(GrB_Matrix_ncols(&n, A));
    PANIC(GrB_Matrix_nvals(&n, A));
    PANIC(GrB_Matrix_removeElement(A, 0, 0));
    PANIC(GrB_Matrix_setElement_Scalar(A, s, 0, 0));
    PANIC(GrB_Matrix_extractElement_Scalar(s, A, 0, 0));
    PANIC(GrB_Matrix_exportHint(&fmt, A));
    PANIC(GrB_Matrix_exportSize(&n, &n, &n, GrB_CSR_FORMAT, A));
    PANIC(GrB_Matrix_serializeSize(&n, A));
    PANIC(GrB_Matrix_serialize(buf, &n, A));
    PANIC(GrB_Matrix_deserialize(&A, type, buf, sizeof buf));
    GxG_ALL_TYPES(PANIC_TYPED)
    GxG_OBJECT_KINDS(PANIC_KIND)
    GxG_GETSET_KINDS(PANIC_GETSET)

    PANIC(GrB_mxm(A, NULL, NULL, semiring, A, A, NULL));
    PANIC(GrB_vxm(v, NULL, NULL, semiring, v, A, NULL));
    PANIC(GrB_mxv(v, NULL, NULL, semiring, A, v, NULL));
    PANIC_EWISE(Add, Semiring)
    PANIC_EWISE(Add, Monoid)
    PANIC_EWISE(Add, BinaryOp)
    PANIC_EWISE(Mult, Semiring)
    PANIC_EWISE(Mult, Monoid)
    PANIC_EWISE(Mult, BinaryOp)
    PANIC(GrB_Vector_extract(v, NULL, NULL, v, GrB_ALL, 1, NULL));
    PANIC(GrB_Matrix_extract(A, NULL, NULL, A, GrB_ALL, 1, GrB_ALL, 1, NULL));
    PANIC(GrB_Col_extract(v, NULL, NULL, A, GrB_ALL, 1, 0, NULL));
    PANIC(GrB_Vector_assign(v, NULL, NULL, v, GrB_ALL, 1, NULL));
    PANIC(GrB_Matrix_assign(A, NULL, NULL, A, GrB_ALL, 1, GrB_ALL, 1, NULL));
    PANIC(GrB_Col_assign(A, NULL, NULL, v, GrB_ALL, 1, 0, NULL));
    PANIC(GrB_Row_assign(A, NULL, NULL, v, 0, GrB_ALL, 1, NULL));
    PANIC(GrB_Vector_assign_Scalar(v, NULL, NULL, s, GrB_ALL, 1, NULL));
    PANIC(GrB_Matrix_assign_Scalar(A, NULL, NULL, s, GrB_ALL, 1, GrB_ALL, 1, NULL));
    PANIC(GrB_Vector_apply(v, NULL, NULL, unop, v, NULL));
    PANIC(GrB_Matrix_apply(A, NULL, NULL, unop, A, NULL));
    PANIC(GrB_Vector_apply_BinaryOp1st_Scalar(v, NULL, NULL, binop, s, v, NULL));
    PANIC(GrB_Vector_apply_BinaryOp2nd_Scalar(v, NULL, NULL, binop, v, s, NULL));
    PANIC(GrB_Vector_apply_IndexOp_Scalar(v, NULL, NULL, idxop, v, s, NULL));
    PANIC(GrB_Vector_select_Scalar(v, NULL, NULL, idxop, v, s, NULL));
    PANIC(GrB_Matrix_apply_BinaryOp1st_Scalar(A, NULL, NULL, binop, s, A, NULL));
    PANIC(GrB_Matrix_apply_BinaryOp2nd_Scalar(A, NULL, NULL, binop, A, s, NULL));
    PANIC(GrB_Matrix_apply_IndexOp_Scalar(A, NULL, NULL, idxop, A, s, NULL));
    PANIC(GrB_Matrix_select_Scalar(A, NULL, NULL, idxop, A, s, NULL));
    PANIC(GrB_Matrix_reduce_Monoid(v, NULL, NULL, monoid, A, NULL));
    PANIC(GrB_Matrix_reduce_BinaryOp(v, NULL, NULL, binop, A, NULL));
    PANIC(GrB_Vector_reduce_Monoid_Scalar(s, NULL, monoid, v, NULL));
    PANIC(GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, binop, v, NULL));
    PANIC(GrB_Matrix_reduce_Monoid_Scalar(s, NULL, monoid, A, NULL));
    PANIC(GrB_Matrix_reduce_BinaryOp_Scalar(s, NULL, binop, A, NULL));
    PANIC(GrB_transpose(A, NULL, NULL, A, NULL));
    PANIC(GrB_Matrix_kronecker_Semiring(A, NULL, NULL, semiring, A, A, NULL));
    PANIC(GrB_Matrix_kronecker_Monoid(A, NULL, NULL, monoid, A, A, NULL));
    PANIC(GrB_Matrix_kronecker_BinaryOp(A, NULL, NULL, binop, A, A, NULL));

    /* nothing was created or written */
    assert_ptr_equal(type, GrB_FP64);
    assert_ptr_equal(binop, GrB_PLUS_FP64);
    assert_null(s);
    assert_null(v);
    assert_null(A);
    assert_null(desc);
}

/* A small round trip through a matrix: the context works. */
static void expect_working_library(void)
{
    GrB_Matrix A = NULL;
    double x = 0.0;
    EXPECT_OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    EXPECT_OK(GrB_Matrix_setElement_FP64(A, 2.5, 1, 2));
    EXPECT_OK(GrB_Matrix_extractElement_FP64(&x, A, 1, 2));
    assert_true(x == 2.5);
    EXPECT_OK(GrB_Matrix_free(&A));
}

static void test_before_init(void **state)
{
    (void)state;
    unsigned int ver = 0, sub = 0;
    EXPECT_OK(GrB_getVersion(&ver, &sub));
    assert_int_equal(ver, 2);
    assert_int_equal(sub, 1);
    expect_panic_everywhere();
    /* a bad mode is rejected and does not initialize */
    EXPECT_ERR(GrB_init((GrB_Mode)2), GrB_INVALID_VALUE, "mode");
    EXPECT_ERR(GrB_init((GrB_Mode)-1), GrB_INVALID_VALUE, "mode");
    GrB_Matrix A = NULL;
    PANIC(GrB_Matrix_new(&A, GrB_FP64, 1, 1));
}

static void test_init_twice(void **state)
{
    (void)state;
    EXPECT_OK(GrB_init(GrB_NONBLOCKING));
    expect_working_library();
    GrB_Matrix A = NULL;
    EXPECT_OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    EXPECT_OK(GrB_Matrix_setElement_FP64(A, 1.0, 0, 0));
    EXPECT_ERR(GrB_init(GrB_NONBLOCKING), GrB_INVALID_VALUE, NULL);
    EXPECT_ERR(GrB_init(GrB_BLOCKING), GrB_INVALID_VALUE, NULL);
    /* the running context and its objects are unaffected */
    GrB_Index n = 0;
    EXPECT_OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 1);
    int32_t mode = -1;
    EXPECT_OK(GrB_Global_get_INT32(GrB_GLOBAL, &mode, GrB_BLOCKING_MODE));
    assert_int_equal(mode, GrB_NONBLOCKING);
    EXPECT_OK(GrB_Matrix_free(&A));
    expect_working_library();
}

static void test_after_finalize(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    EXPECT_OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    EXPECT_OK(GrB_finalize());
    /* cleanup after finalize still works: nothing leaks, nothing panics */
    expect_working_library();
    EXPECT_OK(GrB_Matrix_free(&A));
    assert_null(A);
}

static void test_init_after_finalize(void **state)
{
    (void)state;
    EXPECT_OK(GrB_init(GrB_BLOCKING));
    expect_working_library();
    int32_t mode = -1;
    EXPECT_OK(GrB_Global_get_INT32(GrB_GLOBAL, &mode, GrB_BLOCKING_MODE));
    assert_int_equal(mode, GrB_BLOCKING);
    EXPECT_OK(GrB_finalize());
    EXPECT_OK(GrB_init(GrB_NONBLOCKING));
    expect_working_library();
    EXPECT_OK(GrB_finalize());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_before_init),
        cmocka_unit_test(test_init_twice),
        cmocka_unit_test(test_after_finalize),
        cmocka_unit_test(test_init_after_finalize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
