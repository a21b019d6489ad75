/* test_errors_containers.c: every error class of the GrB_Scalar, GrB_Vector and GrB_Matrix
 * methods (construction, shape, elements, build, extractTuples, diag), with every typed suffix,
 * checking the exact GrB_Info, that nothing was touched, and that the error message names the
 * function and the argument. Doc/errors.md states the codes. */
#include "api_check.h"

#include <string.h>

/* ---- construction ---------------------------------------------------------------------------- */

static void test_new(void **state)
{
    (void)state;
    GrB_Matrix C = SENTINEL(GrB_Matrix);
    GrB_Vector w = SENTINEL(GrB_Vector);
    GrB_Scalar s = SENTINEL(GrB_Scalar);

    EXPECT_ERR(GrB_Matrix_new(NULL, GrB_FP64, 2, 2), GrB_NULL_POINTER, "A");
    EXPECT_ERR(GrB_Matrix_new(&C, NULL, 2, 2), GrB_NULL_POINTER, "type");
    EXPECT_BAD(Type, GrB_Matrix_new(&C, bad, 2, 2), "type");
    EXPECT_ERR(GrB_Matrix_new(&C, GrB_FP64, GrB_INDEX_MAX + 2, 2), GrB_INVALID_VALUE, "nrows");
    EXPECT_ERR(GrB_Matrix_new(&C, GrB_FP64, 2, UINT64_MAX), GrB_INVALID_VALUE, "ncols");
    EXPECT_ERR(GrB_Vector_new(NULL, GrB_FP64, 2), GrB_NULL_POINTER, "v");
    EXPECT_ERR(GrB_Vector_new(&w, NULL, 2), GrB_NULL_POINTER, "type");
    EXPECT_BAD(Type, GrB_Vector_new(&w, bad, 2), "type");
    EXPECT_ERR(GrB_Vector_new(&w, GrB_FP64, UINT64_MAX), GrB_INVALID_VALUE, "n");
    EXPECT_ERR(GrB_Scalar_new(NULL, GrB_FP64), GrB_NULL_POINTER, "s");
    EXPECT_ERR(GrB_Scalar_new(&s, NULL), GrB_NULL_POINTER, "type");
    EXPECT_BAD(Type, GrB_Scalar_new(&s, bad), "type");
    assert_ptr_equal(C, SENTINEL(GrB_Matrix));
    assert_ptr_equal(w, SENTINEL(GrB_Vector));
    assert_ptr_equal(s, SENTINEL(GrB_Scalar));

    /* the limits themselves are valid: empty objects and SuiteSparse's largest dimension 2^60 */
    EXPECT_OK(GrB_Matrix_new(&C, GrB_FP64, 0, 0));
    EXPECT_OK(GrB_Matrix_free(&C));
    EXPECT_OK(GrB_Matrix_new(&C, GrB_FP64, GrB_INDEX_MAX + 1, GrB_INDEX_MAX + 1));
    EXPECT_OK(GrB_Matrix_free(&C));
    EXPECT_OK(GrB_Vector_new(&w, GrB_FP64, GrB_INDEX_MAX + 1));
    EXPECT_OK(GrB_Vector_free(&w));
}

static void test_dup(void **state)
{
    (void)state;
    GrB_Matrix C = SENTINEL(GrB_Matrix);
    GrB_Vector w = SENTINEL(GrB_Vector);
    GrB_Scalar s = SENTINEL(GrB_Scalar);

    EXPECT_ERR(GrB_Matrix_dup(NULL, F.A), GrB_NULL_POINTER, "C");
    EXPECT_ERR(GrB_Matrix_dup(&C, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_dup(&C, bad), "A");
    EXPECT_ERR(GrB_Vector_dup(NULL, F.v), GrB_NULL_POINTER, "w");
    EXPECT_ERR(GrB_Vector_dup(&w, NULL), GrB_NULL_POINTER, "u");
    EXPECT_BAD(Vector, GrB_Vector_dup(&w, bad), "u");
    EXPECT_ERR(GrB_Scalar_dup(NULL, F.s), GrB_NULL_POINTER, "s");
    EXPECT_ERR(GrB_Scalar_dup(&s, NULL), GrB_NULL_POINTER, "t");
    EXPECT_BAD(Scalar, GrB_Scalar_dup(&s, bad), "t");
    assert_ptr_equal(C, SENTINEL(GrB_Matrix));
    assert_ptr_equal(w, SENTINEL(GrB_Vector));
    assert_ptr_equal(s, SENTINEL(GrB_Scalar));
    EXPECT_FIXTURE_UNTOUCHED();
}

static void test_diag(void **state)
{
    (void)state;
    GrB_Matrix C = SENTINEL(GrB_Matrix);
    EXPECT_ERR(GrB_Matrix_diag(NULL, F.v, 0), GrB_NULL_POINTER, "C");
    EXPECT_ERR(GrB_Matrix_diag(&C, NULL, 0), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Vector, GrB_Matrix_diag(&C, bad, 0), "v");
    /* n + |k| rows would exceed the largest dimension */
    EXPECT_ERR(GrB_Matrix_diag(&C, F.v, INT64_MAX), GrB_INVALID_VALUE, "k");
    EXPECT_ERR(GrB_Matrix_diag(&C, F.v, INT64_MIN), GrB_INVALID_VALUE, "k");
    assert_ptr_equal(C, SENTINEL(GrB_Matrix));
    EXPECT_FIXTURE_UNTOUCHED();

    GrB_Index n = 0;
    EXPECT_OK(GrB_Matrix_diag(&C, F.v, -2));
    EXPECT_OK(GrB_Matrix_nrows(&n, C));
    assert_int_equal(n, 8);
    EXPECT_OK(GrB_Matrix_free(&C));
}

/* ---- shape ----------------------------------------------------------------------------------- */

static void test_clear_resize(void **state)
{
    (void)state;
    EXPECT_ERR(GrB_Matrix_clear(NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_clear(bad), "A");
    EXPECT_ERR(GrB_Vector_clear(NULL), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Vector, GrB_Vector_clear(bad), "v");
    EXPECT_ERR(GrB_Scalar_clear(NULL), GrB_NULL_POINTER, "s");
    EXPECT_BAD(Scalar, GrB_Scalar_clear(bad), "s");

    EXPECT_ERR(GrB_Matrix_resize(NULL, 2, 2), GrB_NULL_POINTER, "C");
    EXPECT_BAD(Matrix, GrB_Matrix_resize(bad, 2, 2), "C");
    EXPECT_ERR_ON(F.A, GrB_Matrix_resize(F.A, GrB_INDEX_MAX + 2, 2), GrB_INVALID_VALUE, "nrows");
    EXPECT_ERR_ON(F.A, GrB_Matrix_resize(F.A, 2, UINT64_MAX), GrB_INVALID_VALUE, "ncols");
    EXPECT_ERR(GrB_Vector_resize(NULL, 2), GrB_NULL_POINTER, "w");
    EXPECT_BAD(Vector, GrB_Vector_resize(bad, 2), "w");
    EXPECT_ERR_ON(F.v, GrB_Vector_resize(F.v, UINT64_MAX), GrB_INVALID_VALUE, "n");
    EXPECT_FIXTURE_UNTOUCHED();
}

static void test_size_queries(void **state)
{
    (void)state;
    const GrB_Index untouched = 0xDEADBEEF;
    GrB_Index n = untouched;
    EXPECT_ERR(GrB_Matrix_nrows(NULL, F.A), GrB_NULL_POINTER, "nrows");
    EXPECT_ERR(GrB_Matrix_nrows(&n, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_nrows(&n, bad), "A");
    EXPECT_ERR(GrB_Matrix_ncols(NULL, F.A), GrB_NULL_POINTER, "ncols");
    EXPECT_ERR(GrB_Matrix_ncols(&n, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_ncols(&n, bad), "A");
    EXPECT_ERR(GrB_Matrix_nvals(NULL, F.A), GrB_NULL_POINTER, "nvals");
    EXPECT_ERR(GrB_Matrix_nvals(&n, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_nvals(&n, bad), "A");
    EXPECT_ERR(GrB_Vector_size(NULL, F.v), GrB_NULL_POINTER, "n");
    EXPECT_ERR(GrB_Vector_size(&n, NULL), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Vector, GrB_Vector_size(&n, bad), "v");
    EXPECT_ERR(GrB_Vector_nvals(NULL, F.v), GrB_NULL_POINTER, "nvals");
    EXPECT_ERR(GrB_Vector_nvals(&n, NULL), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Vector, GrB_Vector_nvals(&n, bad), "v");
    EXPECT_ERR(GrB_Scalar_nvals(NULL, F.s), GrB_NULL_POINTER, "nvals");
    EXPECT_ERR(GrB_Scalar_nvals(&n, NULL), GrB_NULL_POINTER, "s");
    EXPECT_BAD(Scalar, GrB_Scalar_nvals(&n, bad), "s");
    /* a live object of another kind is not a matrix */
    EXPECT_ERR(GrB_Matrix_nvals(&n, (GrB_Matrix)(void *)F.v), GrB_UNINITIALIZED_OBJECT, "A");
    EXPECT_ERR(GrB_Vector_nvals(&n, (GrB_Vector)(void *)F.A), GrB_UNINITIALIZED_OBJECT, "v");
    assert_int_equal(n, untouched);
    EXPECT_FIXTURE_UNTOUCHED();
}

/* ---- single elements ------------------------------------------------------------------------- */

static void test_remove_element(void **state)
{
    (void)state;
    EXPECT_ERR(GrB_Matrix_removeElement(NULL, 0, 0), GrB_NULL_POINTER, "C");
    EXPECT_BAD(Matrix, GrB_Matrix_removeElement(bad, 0, 0), "C");
    EXPECT_ERR_ON(F.A, GrB_Matrix_removeElement(F.A, 4, 1), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.A, GrB_Matrix_removeElement(F.A, 0, 5), GrB_INVALID_INDEX, "j");
    EXPECT_ERR_ON(F.A, GrB_Matrix_removeElement(F.A, UINT64_MAX, 1), GrB_INVALID_INDEX, "i");
    EXPECT_ERR(GrB_Vector_removeElement(NULL, 0), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Vector, GrB_Vector_removeElement(bad, 0), "v");
    EXPECT_ERR_ON(F.v, GrB_Vector_removeElement(F.v, 6), GrB_INVALID_INDEX, "i");
    EXPECT_FIXTURE_UNTOUCHED();
}

/* setElement / extractElement with a GrB_Scalar value. */
static void test_element_scalar(void **state)
{
    (void)state;
    EXPECT_ERR(GrB_Matrix_setElement_Scalar(NULL, F.s, 0, 0), GrB_NULL_POINTER, "C");
    EXPECT_ERR(GrB_Matrix_setElement_Scalar(F.A, NULL, 0, 0), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Matrix, GrB_Matrix_setElement_Scalar(bad, F.s, 0, 0), "C");
    EXPECT_BAD(Scalar, GrB_Matrix_setElement_Scalar(F.A, bad, 0, 0), "x");
    EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_Scalar(F.A, F.s, 4, 0), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_Scalar(F.A, F.s, 0, 5), GrB_INVALID_INDEX, "j");
    EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_Scalar(F.A, F.su, 0, 0), GrB_DOMAIN_MISMATCH, "x|C");
    EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_Scalar(F.U, F.s, 0, 0), GrB_DOMAIN_MISMATCH, "x|C");
    EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_Scalar(F.U, F.so, 0, 0), GrB_DOMAIN_MISMATCH, "x|C");

    EXPECT_ERR(GrB_Vector_setElement_Scalar(NULL, F.s, 0), GrB_NULL_POINTER, "w");
    EXPECT_ERR(GrB_Vector_setElement_Scalar(F.v, NULL, 0), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Vector, GrB_Vector_setElement_Scalar(bad, F.s, 0), "w");
    EXPECT_BAD(Scalar, GrB_Vector_setElement_Scalar(F.v, bad, 0), "x");
    EXPECT_ERR_ON(F.v, GrB_Vector_setElement_Scalar(F.v, F.s, 6), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.v, GrB_Vector_setElement_Scalar(F.v, F.su, 0), GrB_DOMAIN_MISMATCH, "x|w");
    EXPECT_ERR_ON(F.u, GrB_Vector_setElement_Scalar(F.u, F.so, 0), GrB_DOMAIN_MISMATCH, "x|w");

    EXPECT_ERR(GrB_Matrix_extractElement_Scalar(NULL, F.A, 0, 1), GrB_NULL_POINTER, "x");
    EXPECT_ERR(GrB_Matrix_extractElement_Scalar(F.s, NULL, 0, 1), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Scalar, GrB_Matrix_extractElement_Scalar(bad, F.A, 0, 1), "x");
    EXPECT_BAD(Matrix, GrB_Matrix_extractElement_Scalar(F.s, bad, 0, 1), "A");
    EXPECT_ERR_ON(F.s, GrB_Matrix_extractElement_Scalar(F.s, F.A, 4, 1), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.s, GrB_Matrix_extractElement_Scalar(F.s, F.A, 0, 5), GrB_INVALID_INDEX, "j");
    EXPECT_ERR_ON(F.su, GrB_Matrix_extractElement_Scalar(F.su, F.A, 0, 1), GrB_DOMAIN_MISMATCH,
                  "x|A");
    EXPECT_ERR_ON(F.so, GrB_Matrix_extractElement_Scalar(F.so, F.U, 1, 2), GrB_DOMAIN_MISMATCH,
                  "x|A");

    EXPECT_ERR(GrB_Vector_extractElement_Scalar(NULL, F.v, 0), GrB_NULL_POINTER, "x");
    EXPECT_ERR(GrB_Vector_extractElement_Scalar(F.s, NULL, 0), GrB_NULL_POINTER, "v");
    EXPECT_BAD(Scalar, GrB_Vector_extractElement_Scalar(bad, F.v, 0), "x");
    EXPECT_BAD(Vector, GrB_Vector_extractElement_Scalar(F.s, bad, 0), "v");
    EXPECT_ERR_ON(F.s, GrB_Vector_extractElement_Scalar(F.s, F.v, 6), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.su, GrB_Vector_extractElement_Scalar(F.su, F.v, 0), GrB_DOMAIN_MISMATCH, "x|v");
    EXPECT_FIXTURE_UNTOUCHED();
}

/* An empty GrB_Scalar: extracting an absent entry empties it, setting it removes the entry (SS). */
static void test_element_scalar_empty(void **state)
{
    (void)state;
    GrB_Scalar x = NULL;
    GrB_Index n = 9;
    EXPECT_OK(GrB_Scalar_new(&x, GrB_INT32));
    EXPECT_OK(GrB_Scalar_setElement_INT32(x, 7));
    EXPECT_OK(GrB_Matrix_extractElement_Scalar(x, F.A, 0, 0));
    EXPECT_OK(GrB_Scalar_nvals(&n, x));
    assert_int_equal(n, 0);
    EXPECT_OK(GrB_Matrix_setElement_Scalar(F.A, x, 0, 1));
    EXPECT_OK(GrB_Matrix_nvals(&n, F.A));
    assert_int_equal(n, 2);
    EXPECT_OK(GrB_Vector_extractElement_Scalar(x, F.v, 4));
    EXPECT_OK(GrB_Scalar_nvals(&n, x));
    assert_int_equal(n, 1);
    EXPECT_OK(GrB_Scalar_free(&x));
}

/* setElement / extractElement / Scalar_setElement / Scalar_extractElement for the 11 built-in
 * suffixes. U, u and su hold the user-defined type, so a built-in value is a domain mismatch. */
#define ELEMENT_CASES(T, E, V, CV)                                                                 \
    {                                                                                              \
        const E x = (E)1;                                                                          \
        E out = (E)0;                                                                              \
        EXPECT_ERR(GrB_Matrix_setElement_##T(NULL, x, 0, 0), GrB_NULL_POINTER, "C");               \
        EXPECT_BAD(Matrix, GrB_Matrix_setElement_##T(bad, x, 0, 0), "C");                          \
        EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_##T(F.A, x, 4, 0), GrB_INVALID_INDEX, "i");       \
        EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_##T(F.A, x, 0, 5), GrB_INVALID_INDEX, "j");       \
        EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_##T(F.U, x, 0, 0), GrB_DOMAIN_MISMATCH, "C|x");   \
        EXPECT_ERR(GrB_Vector_setElement_##T(NULL, x, 0), GrB_NULL_POINTER, "w");                  \
        EXPECT_BAD(Vector, GrB_Vector_setElement_##T(bad, x, 0), "w");                             \
        EXPECT_ERR_ON(F.v, GrB_Vector_setElement_##T(F.v, x, 6), GrB_INVALID_INDEX, "i");          \
        EXPECT_ERR_ON(F.u, GrB_Vector_setElement_##T(F.u, x, 0), GrB_DOMAIN_MISMATCH, "w|x");      \
        EXPECT_ERR(GrB_Scalar_setElement_##T(NULL, x), GrB_NULL_POINTER, "s");                     \
        EXPECT_BAD(Scalar, GrB_Scalar_setElement_##T(bad, x), "s");                                \
        EXPECT_ERR_ON(F.su, GrB_Scalar_setElement_##T(F.su, x), GrB_DOMAIN_MISMATCH, "s|x");       \
                                                                                                   \
        EXPECT_ERR(GrB_Matrix_extractElement_##T(NULL, F.A, 0, 1), GrB_NULL_POINTER, "x");         \
        EXPECT_ERR(GrB_Matrix_extractElement_##T(&out, NULL, 0, 1), GrB_NULL_POINTER, "A");        \
        EXPECT_BAD(Matrix, GrB_Matrix_extractElement_##T(&out, bad, 0, 1), "A");                   \
        EXPECT_ERR(GrB_Matrix_extractElement_##T(&out, F.A, 4, 1), GrB_INVALID_INDEX, "i");        \
        EXPECT_ERR(GrB_Matrix_extractElement_##T(&out, F.A, 0, 5), GrB_INVALID_INDEX, "j");        \
        EXPECT_ERR(GrB_Matrix_extractElement_##T(&out, F.U, 1, 2), GrB_DOMAIN_MISMATCH, "x|A");    \
        EXPECT_INFO(GrB_Matrix_extractElement_##T(&out, F.A, 0, 0), GrB_NO_VALUE);                 \
        EXPECT_ERR(GrB_Vector_extractElement_##T(NULL, F.v, 0), GrB_NULL_POINTER, "x");            \
        EXPECT_ERR(GrB_Vector_extractElement_##T(&out, NULL, 0), GrB_NULL_POINTER, "v");           \
        EXPECT_BAD(Vector, GrB_Vector_extractElement_##T(&out, bad, 0), "v");                      \
        EXPECT_ERR(GrB_Vector_extractElement_##T(&out, F.v, 6), GrB_INVALID_INDEX, "i");           \
        EXPECT_ERR(GrB_Vector_extractElement_##T(&out, F.u, 2), GrB_DOMAIN_MISMATCH, "x|v");       \
        EXPECT_INFO(GrB_Vector_extractElement_##T(&out, F.v, 1), GrB_NO_VALUE);                    \
        EXPECT_ERR(GrB_Scalar_extractElement_##T(NULL, F.s), GrB_NULL_POINTER, "x");               \
        EXPECT_ERR(GrB_Scalar_extractElement_##T(&out, NULL), GrB_NULL_POINTER, "s");              \
        EXPECT_BAD(Scalar, GrB_Scalar_extractElement_##T(&out, bad), "s");                         \
        EXPECT_ERR_ON(F.su, GrB_Scalar_extractElement_##T(&out, F.su), GrB_DOMAIN_MISMATCH,        \
                      "x|s");                                                                      \
        EXPECT_INFO(GrB_Scalar_extractElement_##T(&out, F.s_empty), GrB_NO_VALUE);                 \
        assert_true(out == (E)0);                                                                  \
    }

static void test_element_typed(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(ELEMENT_CASES)
    EXPECT_FIXTURE_UNTOUCHED();
}

/* The _UDT suffix passes values through void pointers: a NULL value is a NULL pointer, and a
 * built-in container is a domain mismatch. */
static void test_element_udt(void **state)
{
    (void)state;
    api_pair x = {5.0, 6.0}, out = {0.0, 0.0};
    EXPECT_ERR(GrB_Matrix_setElement_UDT(NULL, &x, 0, 0), GrB_NULL_POINTER, "C");
    EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_UDT(F.U, NULL, 0, 0), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Matrix, GrB_Matrix_setElement_UDT(bad, &x, 0, 0), "C");
    EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_UDT(F.U, &x, 3, 0), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.U, GrB_Matrix_setElement_UDT(F.U, &x, 0, 3), GrB_INVALID_INDEX, "j");
    EXPECT_ERR_ON(F.A, GrB_Matrix_setElement_UDT(F.A, &x, 0, 0), GrB_DOMAIN_MISMATCH, "C|x");
    EXPECT_ERR(GrB_Vector_setElement_UDT(NULL, &x, 0), GrB_NULL_POINTER, "w");
    EXPECT_ERR_ON(F.u, GrB_Vector_setElement_UDT(F.u, NULL, 0), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Vector, GrB_Vector_setElement_UDT(bad, &x, 0), "w");
    EXPECT_ERR_ON(F.u, GrB_Vector_setElement_UDT(F.u, &x, 3), GrB_INVALID_INDEX, "i");
    EXPECT_ERR_ON(F.v, GrB_Vector_setElement_UDT(F.v, &x, 0), GrB_DOMAIN_MISMATCH, "w|x");
    EXPECT_ERR(GrB_Scalar_setElement_UDT(NULL, &x), GrB_NULL_POINTER, "s");
    EXPECT_ERR_ON(F.su, GrB_Scalar_setElement_UDT(F.su, NULL), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Scalar, GrB_Scalar_setElement_UDT(bad, &x), "s");
    EXPECT_ERR_ON(F.s, GrB_Scalar_setElement_UDT(F.s, &x), GrB_DOMAIN_MISMATCH, "s|x");

    EXPECT_ERR(GrB_Matrix_extractElement_UDT(NULL, F.U, 1, 2), GrB_NULL_POINTER, "x");
    EXPECT_ERR(GrB_Matrix_extractElement_UDT(&out, NULL, 1, 2), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_extractElement_UDT(&out, bad, 1, 2), "A");
    EXPECT_ERR(GrB_Matrix_extractElement_UDT(&out, F.U, 3, 2), GrB_INVALID_INDEX, "i");
    EXPECT_ERR(GrB_Matrix_extractElement_UDT(&out, F.A, 0, 1), GrB_DOMAIN_MISMATCH, "x|A");
    EXPECT_ERR(GrB_Vector_extractElement_UDT(NULL, F.u, 2), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Vector, GrB_Vector_extractElement_UDT(&out, bad, 2), "v");
    EXPECT_ERR(GrB_Vector_extractElement_UDT(&out, F.u, 3), GrB_INVALID_INDEX, "i");
    EXPECT_ERR(GrB_Vector_extractElement_UDT(&out, F.v, 0), GrB_DOMAIN_MISMATCH, "x|v");
    EXPECT_ERR(GrB_Scalar_extractElement_UDT(NULL, F.su), GrB_NULL_POINTER, "x");
    EXPECT_BAD(Scalar, GrB_Scalar_extractElement_UDT(&out, bad), "s");
    EXPECT_ERR_ON(F.s, GrB_Scalar_extractElement_UDT(&out, F.s), GrB_DOMAIN_MISMATCH, "x|s");
    assert_true(out.re == 0.0 && out.im == 0.0);
    EXPECT_FIXTURE_UNTOUCHED();
}

/* ---- build and extractTuples ----------------------------------------------------------------- */

/* A0 (4x5) and v0 (size 6) are empty FP64 containers; A and v are not empty. */
#define BUILD_CASES(T, E, V, CV)                                                                   \
    {                                                                                              \
        const E X[3] = {(E)1, (E)1, (E)1};                                                         \
        const GrB_Index I[3] = {0, 1, 3}, J[3] = {0, 2, 4}, Irow4[3] = {0, 4, 1},                  \
                        Jcol5[3] = {0, 5, 1}, Idup[3] = {1, 1, 2}, Jdup[3] = {2, 2, 0},            \
                        Iv6[3] = {0, 6, 1};                                                        \
        EXPECT_ERR(GrB_Matrix_build_##T(NULL, I, J, X, 3, GrB_PLUS_FP64), GrB_NULL_POINTER, "C");  \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, NULL, J, X, 3, GrB_PLUS_FP64),              \
                      GrB_NULL_POINTER, "I");                                                      \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, I, NULL, X, 3, GrB_PLUS_FP64),              \
                      GrB_NULL_POINTER, "J");                                                      \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, I, J, NULL, 3, GrB_PLUS_FP64),              \
                      GrB_NULL_POINTER, "X");                                                      \
        EXPECT_BAD(Matrix, GrB_Matrix_build_##T(bad, I, J, X, 3, GrB_PLUS_FP64), "C");             \
        EXPECT_BAD(BinaryOp, GrB_Matrix_build_##T(F.A0, I, J, X, 3, bad), "dup");                  \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, Irow4, J, X, 3, GrB_PLUS_FP64),             \
                      GrB_INDEX_OUT_OF_BOUNDS, "I");                                               \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, I, Jcol5, X, 3, GrB_PLUS_FP64),             \
                      GrB_INDEX_OUT_OF_BOUNDS, "J");                                               \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, Idup, Jdup, X, 3, NULL), GrB_INVALID_VALUE, \
                      "dup");                                                                      \
        EXPECT_ERR_ON(F.A, GrB_Matrix_build_##T(F.A, I, J, X, 3, GrB_PLUS_FP64),                   \
                      GrB_OUTPUT_NOT_EMPTY, "C");                                                  \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, I, J, X, 3, F.pair_binop),                  \
                      GrB_DOMAIN_MISMATCH, "dup");                                                 \
        EXPECT_ERR_ON(F.A0, GrB_Matrix_build_##T(F.A0, I, J, X, 3, GrB_EQ_FP64),                   \
                      GrB_DOMAIN_MISMATCH, "dup");                                                 \
        EXPECT_ERR(GrB_Vector_build_##T(NULL, I, X, 3, GrB_PLUS_FP64), GrB_NULL_POINTER, "w");     \
        EXPECT_ERR_ON(F.v0, GrB_Vector_build_##T(F.v0, NULL, X, 3, GrB_PLUS_FP64),                 \
                      GrB_NULL_POINTER, "I");                                                      \
        EXPECT_ERR_ON(F.v0, GrB_Vector_build_##T(F.v0, I, NULL, 3, GrB_PLUS_FP64),                 \
                      GrB_NULL_POINTER, "X");                                                      \
        EXPECT_BAD(Vector, GrB_Vector_build_##T(bad, I, X, 3, GrB_PLUS_FP64), "w");                \
        EXPECT_BAD(BinaryOp, GrB_Vector_build_##T(F.v0, I, X, 3, bad), "dup");                     \
        EXPECT_ERR_ON(F.v0, GrB_Vector_build_##T(F.v0, Iv6, X, 3, GrB_PLUS_FP64),                  \
                      GrB_INDEX_OUT_OF_BOUNDS, "I");                                               \
        EXPECT_ERR_ON(F.v0, GrB_Vector_build_##T(F.v0, Idup, X, 3, NULL), GrB_INVALID_VALUE,       \
                      "dup");                                                                      \
        EXPECT_ERR_ON(F.v, GrB_Vector_build_##T(F.v, I, X, 3, GrB_PLUS_FP64),                      \
                      GrB_OUTPUT_NOT_EMPTY, "w");                                                  \
        EXPECT_ERR_ON(F.v0, GrB_Vector_build_##T(F.v0, I, X, 3, F.pair_binop),                     \
                      GrB_DOMAIN_MISMATCH, "dup");                                                 \
        EXPECT_ERR_ON(F.u, GrB_Vector_build_##T(F.u, I, X, 1, NULL), GrB_DOMAIN_MISMATCH, "w|X");  \
    }

static void test_build_typed(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(BUILD_CASES)
    EXPECT_FIXTURE_UNTOUCHED();

    /* the same arguments, corrected, succeed */
    const GrB_Index I[3] = {0, 1, 3}, J[3] = {0, 2, 4};
    const double X[3] = {1, 2, 3};
    EXPECT_OK(GrB_Matrix_build_FP64(F.A0, I, J, X, 3, NULL));
    EXPECT_OK(GrB_Vector_build_FP64(F.v0, I, X, 3, NULL));
}

static void test_build_udt(void **state)
{
    (void)state;
    const api_pair X[2] = {{1, 2}, {3, 4}};
    const GrB_Index I[2] = {0, 2}, J[2] = {1, 1}, Iout[2] = {0, 3};
    GrB_Matrix C = NULL;
    GrB_Vector w = NULL;
    EXPECT_OK(GrB_Matrix_new(&C, F.pair, 3, 3));
    EXPECT_OK(GrB_Vector_new(&w, F.pair, 3));
    EXPECT_ERR_ON(C, GrB_Matrix_build_UDT(C, I, J, NULL, 2, NULL), GrB_NULL_POINTER, "X");
    EXPECT_ERR_ON(C, GrB_Matrix_build_UDT(C, Iout, J, X, 2, NULL), GrB_INDEX_OUT_OF_BOUNDS, "I");
    EXPECT_ERR_ON(C, GrB_Matrix_build_UDT(C, I, J, X, 2, GrB_PLUS_FP64), GrB_DOMAIN_MISMATCH,
                  "dup");
    EXPECT_ERR_ON(F.A0, GrB_Matrix_build_UDT(F.A0, I, J, X, 2, NULL), GrB_DOMAIN_MISMATCH, "C|X");
    EXPECT_ERR_ON(F.U, GrB_Matrix_build_UDT(F.U, I, J, X, 2, NULL), GrB_OUTPUT_NOT_EMPTY, "C");
    EXPECT_ERR_ON(w, GrB_Vector_build_UDT(w, I, NULL, 2, NULL), GrB_NULL_POINTER, "X");
    EXPECT_ERR_ON(w, GrB_Vector_build_UDT(w, Iout, X, 2, NULL), GrB_INDEX_OUT_OF_BOUNDS, "I");
    EXPECT_ERR_ON(F.v0, GrB_Vector_build_UDT(F.v0, I, X, 2, NULL), GrB_DOMAIN_MISMATCH, "w|X");
    GrB_Index n = 9;
    EXPECT_OK(GrB_Matrix_nvals(&n, C));
    assert_int_equal(n, 0);
    EXPECT_OK(GrB_Vector_nvals(&n, w));
    assert_int_equal(n, 0);
    EXPECT_OK(GrB_Matrix_build_UDT(C, I, J, X, 2, F.pair_binop));
    EXPECT_OK(GrB_Vector_build_UDT(w, I, X, 2, NULL));
    EXPECT_OK(GrB_Matrix_free(&C));
    EXPECT_OK(GrB_Vector_free(&w));
    EXPECT_FIXTURE_UNTOUCHED();
}

/* Arrays preset to a pattern must keep it when extractTuples fails. */
#define TUPLE_CASES(T, E, V, CV)                                                                   \
    {                                                                                              \
        GrB_Index I[4] = {77, 77, 77, 77}, J[4] = {77, 77, 77, 77}, n = 4;                         \
        E X[4] = {(E)0, (E)0, (E)0, (E)0};                                                         \
        EXPECT_ERR(GrB_Matrix_extractTuples_##T(I, J, X, NULL, F.A), GrB_NULL_POINTER, "nvals");   \
        EXPECT_ERR(GrB_Matrix_extractTuples_##T(I, J, X, &n, NULL), GrB_NULL_POINTER, "A");        \
        EXPECT_BAD(Matrix, GrB_Matrix_extractTuples_##T(I, J, X, &n, bad), "A");                   \
        EXPECT_ERR(GrB_Matrix_extractTuples_##T(I, J, X, &n, F.U), GrB_DOMAIN_MISMATCH, "X|A");    \
        n = 2;                                                                                     \
        EXPECT_ERR(GrB_Matrix_extractTuples_##T(I, J, X, &n, F.A), GrB_INSUFFICIENT_SPACE,         \
                   "nvals|I|J|X");                                                                 \
        assert_int_equal(n, 2);                                                                    \
        EXPECT_ERR(GrB_Vector_extractTuples_##T(I, X, NULL, F.v), GrB_NULL_POINTER, "nvals");      \
        EXPECT_ERR(GrB_Vector_extractTuples_##T(I, X, &n, NULL), GrB_NULL_POINTER, "v");           \
        EXPECT_BAD(Vector, GrB_Vector_extractTuples_##T(I, X, &n, bad), "v");                      \
        EXPECT_ERR(GrB_Vector_extractTuples_##T(I, X, &n, F.u), GrB_DOMAIN_MISMATCH, "X|v");       \
        EXPECT_ERR(GrB_Vector_extractTuples_##T(I, X, &n, F.v), GrB_INSUFFICIENT_SPACE,            \
                   "nvals|I|X");                                                                   \
        assert_int_equal(n, 2);                                                                    \
        for (int k = 0; k < 4; k++) assert_true(I[k] == 77 && J[k] == 77 && X[k] == (E)0);         \
        /* SuiteSparse: a NULL array means "do not return this part" */                            \
        n = 4;                                                                                     \
        EXPECT_OK(GrB_Matrix_extractTuples_##T(NULL, NULL, X, &n, F.A));                           \
        assert_int_equal(n, 3);                                                                    \
        n = 4;                                                                                     \
        EXPECT_OK(GrB_Vector_extractTuples_##T(I, NULL, &n, F.v));                                 \
        assert_int_equal(n, 3);                                                                    \
    }

static void test_extract_tuples_typed(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(TUPLE_CASES)
    GrB_Index I[2], J[2], n = 2;
    api_pair X[2];
    EXPECT_ERR(GrB_Matrix_extractTuples_UDT(I, J, X, &n, F.A), GrB_DOMAIN_MISMATCH, "X|A");
    EXPECT_ERR(GrB_Vector_extractTuples_UDT(I, X, &n, F.v), GrB_DOMAIN_MISMATCH, "X|v");
    n = 0;
    EXPECT_ERR(GrB_Matrix_extractTuples_UDT(I, J, X, &n, F.U), GrB_INSUFFICIENT_SPACE,
               "nvals|I|J|X");
    assert_int_equal(n, 0);
    EXPECT_FIXTURE_UNTOUCHED();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_new, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_dup, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_diag, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_clear_resize, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_size_queries, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_remove_element, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_element_scalar, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_element_scalar_empty, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_element_typed, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_element_udt, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_build_typed, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_build_udt, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_extract_tuples_typed, api_setup, api_teardown),
    };
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
