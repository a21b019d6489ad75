/* test_edges.c: edge cases found by the reliability audit (issue 15), through the public API:
 * - GrB_kronecker into a result of GrB_INDEX_MAX+1 rows and columns (the largest dimension);
 * - a monoid's identity is neutral for every value (NaN and -0.0 included): a result is the fold
 *   of its terms from the first one, and the identity only stands for an empty fold. Checked on
 *   every path that folds on the CPU: reduce to a C scalar, to a GrB_Scalar (monoid and binary
 *   operator), rows and columns to a vector, and mxv/vxm with a full or a sparse input vector
 *   (the tree traversal and the view kernels), mxm. The expected values are SuiteSparse 7.4's. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)
#define BIG (GrB_INDEX_MAX + 1) /* 2^60 */
#define HALF (1ULL << 30)       /* HALF * HALF == BIG */

/* ---- kronecker ---------------------------------------------------------------------------------- */

static void test_kronecker_max_dimension(void **state)
{
    (void)state;
    GrB_Matrix A, B, C;
    OK(GrB_Matrix_new(&A, GrB_FP64, HALF, HALF));
    OK(GrB_Matrix_new(&B, GrB_FP64, HALF, HALF));
    OK(GrB_Matrix_new(&C, GrB_FP64, BIG, BIG));
    OK(GrB_Matrix_setElement_FP64(A, 2.0, HALF - 1, 1));
    OK(GrB_Matrix_setElement_FP64(B, 3.0, 5, HALF - 1));
    OK(GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, A, B, NULL));
    GrB_Index n;
    OK(GrB_Matrix_nvals(&n, C));
    assert_int_equal(n, 1);
    double x = 0;
    OK(GrB_Matrix_extractElement_FP64(&x, C, (HALF - 1) * HALF + 5, HALF + HALF - 1));
    assert_true(x == 6.0);
    /* the semiring and monoid forms share the check */
    OK(GrB_Matrix_kronecker_Monoid(C, NULL, NULL, GrB_PLUS_MONOID_FP64, A, B, NULL));
    OK(GrB_Matrix_kronecker_Semiring(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL));
    /* a product beyond 2^60 is no dimension of any C */
    GrB_Matrix A2;
    OK(GrB_Matrix_new(&A2, GrB_FP64, 2 * HALF, HALF));
    assert_int_equal(GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, A2, B, NULL),
                     GrB_DIMENSION_MISMATCH);
    OK(GrB_Matrix_free(&A2));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&C));
}

/* ---- identities are neutral --------------------------------------------------------------------- */

/* x is exactly `want` (NaN matches NaN; the sign of zero counts). */
static void expect_same(double got, double want, const char *what)
{
    bool same = isnan(want) ? isnan(got) : got == want && signbit(got) == signbit(want);
    if (!same) fail_msg("%s: got %g, expected %g", what, got, want);
}

/* The terms each monoid must return unchanged when alone. */
typedef struct {
    GrB_Monoid monoid;
    GrB_BinaryOp op;
    double term;
    const char *name;
} lone_term;

static const lone_term *lone_terms(size_t *n)
{
    static lone_term t[5];
    t[0] = (lone_term){GrB_MIN_MONOID_FP64, GrB_MIN_FP64, NAN, "MIN NaN"};
    t[1] = (lone_term){GrB_MAX_MONOID_FP64, GrB_MAX_FP64, NAN, "MAX NaN"};
    t[2] = (lone_term){GrB_PLUS_MONOID_FP64, GrB_PLUS_FP64, -0.0, "PLUS -0"};
    t[3] = (lone_term){GrB_MIN_MONOID_FP64, GrB_MIN_FP64, -INFINITY, "MIN -inf"};
    t[4] = (lone_term){GrB_TIMES_MONOID_FP64, GrB_TIMES_FP64, NAN, "TIMES NaN"};
    *n = 5;
    return t;
}

static void test_reduce_lone_term(void **state)
{
    (void)state;
    size_t nt;
    const lone_term *t = lone_terms(&nt);
    for (size_t k = 0; k < nt; k++) {
        GrB_Vector v, w;
        GrB_Matrix A;
        GrB_Scalar s;
        OK(GrB_Vector_new(&v, GrB_FP64, 10));
        OK(GrB_Vector_new(&w, GrB_FP64, 4));
        OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
        OK(GrB_Scalar_new(&s, GrB_FP64));
        OK(GrB_Vector_setElement_FP64(v, t[k].term, 7));
        OK(GrB_Matrix_setElement_FP64(A, t[k].term, 2, 1));
        double x = 1;
        OK(GrB_Vector_reduce_FP64(&x, NULL, t[k].monoid, v, NULL));
        expect_same(x, t[k].term, t[k].name);
        OK(GrB_Matrix_reduce_FP64(&x, NULL, t[k].monoid, A, NULL));
        expect_same(x, t[k].term, t[k].name);
        OK(GrB_Vector_reduce_Monoid_Scalar(s, NULL, t[k].monoid, v, NULL));
        OK(GrB_Scalar_extractElement_FP64(&x, s));
        expect_same(x, t[k].term, t[k].name);
        OK(GrB_Matrix_reduce_BinaryOp_Scalar(s, NULL, t[k].op, A, NULL));
        OK(GrB_Scalar_extractElement_FP64(&x, s));
        expect_same(x, t[k].term, t[k].name);
        for (int tran = 0; tran < 2; tran++) {
            OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, t[k].monoid, A, tran ? GrB_DESC_T0 : NULL));
            OK(GrB_Vector_extractElement_FP64(&x, w, tran ? 1 : 2));
            expect_same(x, t[k].term, t[k].name);
        }
        OK(GrB_Vector_free(&v));
        OK(GrB_Vector_free(&w));
        OK(GrB_Matrix_free(&A));
        OK(GrB_Scalar_free(&s));
    }
}

/* mxv and vxm where one output entry has a single term (A's value: the monoid with FIRST in mxv,
 * with SECOND in vxm), with u full (the tree traversal) and sparse (the view kernels), plain and
 * transposed; and mxm. */
static void test_products_lone_term(void **state)
{
    (void)state;
    size_t nt;
    const lone_term *t = lone_terms(&nt);
    for (size_t k = 0; k < nt; k++) {
        GrB_Semiring first, second;
        OK(GrB_Semiring_new(&first, t[k].monoid, GrB_FIRST_FP64));
        OK(GrB_Semiring_new(&second, t[k].monoid, GrB_SECOND_FP64));
        GrB_Matrix A, B, C;
        GrB_Vector u, w;
        OK(GrB_Matrix_new(&A, GrB_FP64, 5, 5));
        OK(GrB_Matrix_new(&B, GrB_FP64, 5, 5));
        OK(GrB_Matrix_new(&C, GrB_FP64, 5, 5));
        OK(GrB_Vector_new(&u, GrB_FP64, 5));
        OK(GrB_Vector_new(&w, GrB_FP64, 5));
        OK(GrB_Matrix_setElement_FP64(A, t[k].term, 3, 2));
        OK(GrB_Matrix_setElement_FP64(A, 4.0, 0, 0));
        OK(GrB_Matrix_setElement_FP64(B, 1.0, 2, 4));
        for (int full = 0; full < 2; full++) {
            OK(GrB_Vector_clear(u));
            for (GrB_Index i = 0; i < 5; i++)
                if (full || i == 2 || i == 3) OK(GrB_Vector_setElement_FP64(u, 1.0, i));
            double x = 1;
            OK(GrB_mxv(w, NULL, NULL, first, A, u, NULL));
            OK(GrB_Vector_extractElement_FP64(&x, w, 3));
            expect_same(x, t[k].term, t[k].name);
            OK(GrB_mxv(w, NULL, NULL, first, A, u, GrB_DESC_T0));
            OK(GrB_Vector_extractElement_FP64(&x, w, 2));
            expect_same(x, t[k].term, t[k].name);
            OK(GrB_vxm(w, NULL, NULL, second, u, A, NULL));
            OK(GrB_Vector_extractElement_FP64(&x, w, 2));
            expect_same(x, t[k].term, t[k].name);
            OK(GrB_vxm(w, NULL, NULL, second, u, A, GrB_DESC_T1));
            OK(GrB_Vector_extractElement_FP64(&x, w, 3));
            expect_same(x, t[k].term, t[k].name);
        }
        double x = 1;
        OK(GrB_mxm(C, NULL, NULL, first, A, B, NULL));
        OK(GrB_Matrix_extractElement_FP64(&x, C, 3, 4));
        expect_same(x, t[k].term, t[k].name);
        OK(GrB_Semiring_free(&first));
        OK(GrB_Semiring_free(&second));
        OK(GrB_Matrix_free(&A));
        OK(GrB_Matrix_free(&B));
        OK(GrB_Matrix_free(&C));
        OK(GrB_Vector_free(&u));
        OK(GrB_Vector_free(&w));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kronecker_max_dimension),
        cmocka_unit_test(test_reduce_lone_term),
        cmocka_unit_test(test_products_lone_term),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
