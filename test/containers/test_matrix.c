/* test_matrix.c: GrB_Vector and GrB_Matrix through the public API: build -> extractTuples round
 * trips for every type and a user-defined one, SuiteSparse's duplicate and casting rules, huge
 * dimensions, pending setElement/removeElement interleavings against a dense reference, the
 * O(n log n) guard on element loops, resize, diag, dup/clear, and the exact code of every bad
 * input with the object left untouched. */
#include "containers_test.h"

/* ---- build / extractTuples round trips ---------------------------------------------------------- */

/* Distinct positions in shuffled order: build must sort them; values are small integers so that
 * every type holds them exactly. */
#define BUILD_ROUND_TRIP(T, E, V, CV)                                                              \
    {                                                                                              \
        enum { N = 40 };                                                                           \
        GrB_Index I[N], J[N], oI[N], oJ[N], n = N;                                                 \
        E X[N], oX[N];                                                                             \
        for (int k = 0; k < N; k++) {                                                              \
            GrB_Index p = (GrB_Index)((k * 37) % N);                                               \
            I[k] = p / 8;                                                                          \
            J[k] = p % 8;                                                                          \
            X[k] = (E)(p % 2 == 0 || GrB_##T == GrB_BOOL ? p % 2 + 1 : p);                         \
        }                                                                                          \
        GrB_Matrix A = NULL;                                                                       \
        OK(GrB_Matrix_new(&A, GrB_##T, 5, 8));                                                     \
        OK(GrB_Matrix_build_##T(A, I, J, X, N, NULL));                                             \
        OK(GrB_Matrix_extractTuples_##T(oI, oJ, oX, &n, A));                                       \
        assert_int_equal(n, N);                                                                    \
        for (GrB_Index p = 0; p < N; p++) {                                                        \
            assert_int_equal(oI[p], p / 8);                                                        \
            assert_int_equal(oJ[p], p % 8);                                                        \
            assert_true(oX[p] == (E)(p % 2 == 0 || GrB_##T == GrB_BOOL ? p % 2 + 1 : p));          \
        }                                                                                          \
        OK(GrB_Matrix_free(&A));                                                                   \
        GrB_Vector v = NULL;                                                                       \
        OK(GrB_Vector_new(&v, GrB_##T, N));                                                        \
        GrB_Index vI[N];                                                                           \
        for (int k = 0; k < N; k++) vI[k] = I[k] * 8 + J[k];                                       \
        OK(GrB_Vector_build_##T(v, vI, X, N, GrB_PLUS_##T));                                       \
        n = N;                                                                                     \
        OK(GrB_Vector_extractTuples_##T(oI, oX, &n, v));                                           \
        assert_int_equal(n, N);                                                                    \
        for (GrB_Index p = 0; p < N; p++) assert_int_equal(oI[p], p);                              \
        OK(GrB_Vector_free(&v));                                                                   \
    }

static void test_build_round_trip(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(BUILD_ROUND_TRIP)
}

static void test_build_udt(void **state)
{
    (void)state;
    GrB_Type U = NULL;
    GrB_BinaryOp add = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    OK(GrB_BinaryOp_new(&add, ct_udt_add, U, U, U));
    const GrB_Index I[4] = {3, 0, 3, 1}, J[4] = {2, 1, 2, 0};
    const ct_udt X[4] = {ct_udt_make(1, 1), ct_udt_make(2, 2), ct_udt_make(3, 3),
                         ct_udt_make(4, 4)};
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, U, 4, 3));
    INFO(GrB_Matrix_build_UDT(A, I, J, X, 4, NULL), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_build_UDT(A, I, J, X, 4, GrB_PLUS_FP64), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_build_UDT(A, I, J, X, 4, add));
    GrB_Index oI[4], oJ[4], n = 4;
    ct_udt oX[4];
    OK(GrB_Matrix_extractTuples_UDT(oI, oJ, oX, &n, A));
    assert_int_equal(n, 3);
    ct_udt sum = {4, 4, {'s', 'u', 'm', '\0'}};
    assert_true(oI[0] == 0 && oJ[0] == 1 && ct_udt_equal(&oX[0], &X[1]));
    assert_true(oI[1] == 1 && oJ[1] == 0 && ct_udt_equal(&oX[1], &X[3]));
    assert_true(oI[2] == 3 && oJ[2] == 2 && ct_udt_equal(&oX[2], &sum));
    ct_udt one;
    OK(GrB_Matrix_extractElement_UDT(&one, A, 3, 2));
    assert_true(ct_udt_equal(&one, &sum));
    INFO(GrB_Matrix_extractElement_UDT(&one, A, 2, 2), GrB_NO_VALUE);
    double d;
    INFO(GrB_Matrix_extractElement_FP64(&d, A, 3, 2), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_free(&A));
    OK(GrB_BinaryOp_free(&add));
    OK(GrB_Type_free(&U));
}

/* Results observed with SuiteSparse 7.4: duplicates combine in input order, and with a dup
 * operator every value goes through the operator's type, duplicated or not. */
static void test_build_dup_rules(void **state)
{
    (void)state;
    const GrB_Index I[3] = {0, 0, 1}, J[3] = {0, 0, 1};
    GrB_Matrix A = NULL;
    double d = 0;
    int32_t i32 = 0;

    const double minus[3] = {3, 0.5, 7};
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    OK(GrB_Matrix_build_FP64(A, I, J, minus, 3, GrB_MINUS_FP64));
    OK(GrB_Matrix_extractElement_FP64(&d, A, 0, 0));
    assert_true(d == 2.5);
    OK(GrB_Matrix_free(&A));

    OK(GrB_Matrix_new(&A, GrB_INT32, 2, 2));
    OK(GrB_Matrix_build_FP64(A, I, J, minus, 3, GrB_TIMES_FP64));
    OK(GrB_Matrix_extractElement_INT32(&i32, A, 0, 0));
    assert_int_equal(i32, 1);
    OK(GrB_Matrix_free(&A));

    const double frac[3] = {2.7, 2.7, 1.5};
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    OK(GrB_Matrix_build_FP64(A, I, J, frac, 3, GrB_PLUS_INT32));
    OK(GrB_Matrix_extractElement_FP64(&d, A, 0, 0));
    assert_true(d == 4);
    OK(GrB_Matrix_extractElement_FP64(&d, A, 1, 1));
    assert_true(d == 1);
    OK(GrB_Matrix_free(&A));

    const int32_t wrap[3] = {300, 300, 258};
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    OK(GrB_Matrix_build_INT32(A, I, J, wrap, 3, GrB_PLUS_UINT8));
    OK(GrB_Matrix_extractElement_FP64(&d, A, 0, 0));
    assert_true(d == 88);
    OK(GrB_Matrix_extractElement_FP64(&d, A, 1, 1));
    assert_true(d == 2);
    OK(GrB_Matrix_free(&A));

    const double big[3] = {100, 100, -1e10};
    int8_t i8 = 0;
    OK(GrB_Matrix_new(&A, GrB_INT8, 2, 2));
    OK(GrB_Matrix_build_FP64(A, I, J, big, 3, GrB_PLUS_FP64));
    OK(GrB_Matrix_extractElement_INT8(&i8, A, 0, 0));
    assert_int_equal(i8, 127);
    OK(GrB_Matrix_extractElement_INT8(&i8, A, 1, 1));
    assert_int_equal(i8, -128);
    OK(GrB_Matrix_free(&A));

    /* a Boolean operator on FP64 values: LOR(3, 0.5) is true, and 7 passes through BOOL */
    OK(GrB_Matrix_new(&A, GrB_FP64, 2, 2));
    OK(GrB_Matrix_build_FP64(A, I, J, minus, 3, GrB_LOR));
    OK(GrB_Matrix_extractElement_FP64(&d, A, 1, 1));
    assert_true(d == 1);
    OK(GrB_Matrix_free(&A));

    /* without an operator the values are cast once */
    GrB_Vector v = NULL;
    const GrB_Index vi[2] = {2, 0};
    const double vx[2] = {1.5, -2.5};
    OK(GrB_Vector_new(&v, GrB_INT16, 3));
    OK(GrB_Vector_build_FP64(v, vi, vx, 2, NULL));
    int16_t i16 = 0;
    OK(GrB_Vector_extractElement_INT16(&i16, v, 0));
    assert_int_equal(i16, -2);
    OK(GrB_Vector_extractElement_INT16(&i16, v, 2));
    assert_int_equal(i16, 1);
    OK(GrB_Vector_free(&v));
}

/* Many tuples in random order with repeats, at indices that use every bit up to 2^56: FIRST
 * keeps the earliest tuple of a position, SECOND the latest, PLUS sums them. */
static void test_build_large(void **state)
{
    (void)state;
    enum { N = 20000, G = 40 };
    static GrB_Index I[N], J[N];
    static double X[N], first[G][G], last[G][G], sum[G][G];
    static bool seen[G][G];
    memset(seen, 0, sizeof seen);
    memset(sum, 0, sizeof sum);
    uint64_t seed = 2024;
    for (int k = 0; k < N; k++) {
        GrB_Index r = ct_rand(&seed) % G, c = ct_rand(&seed) % G;
        I[k] = (r << 50) | (r * 977);
        J[k] = (c << 50) | (c * 131);
        X[k] = (double)(ct_rand(&seed) % 1000);
        if (!seen[r][c]) first[r][c] = X[k];
        seen[r][c] = true;
        last[r][c] = X[k];
        sum[r][c] += X[k];
    }
    const GrB_BinaryOp ops[3] = {GrB_FIRST_FP64, GrB_SECOND_FP64, GrB_PLUS_FP64};
    double(*const want[3])[G] = {first, last, sum};
    for (int o = 0; o < 3; o++) {
        GrB_Matrix A = NULL;
        OK(GrB_Matrix_new(&A, GrB_FP64, GrB_INDEX_MAX, GrB_INDEX_MAX));
        OK(GrB_Matrix_build_FP64(A, I, J, X, N, ops[o]));
        static GrB_Index oI[N], oJ[N];
        static double oX[N];
        GrB_Index n = N, p = 0;
        OK(GrB_Matrix_extractTuples_FP64(oI, oJ, oX, &n, A));
        for (GrB_Index r = 0; r < G; r++) {
            for (GrB_Index c = 0; c < G; c++) {
                if (!seen[r][c]) continue;
                assert_true(p < n);
                assert_int_equal(oI[p], (r << 50) | (r * 977));
                assert_int_equal(oJ[p], (c << 50) | (c * 131));
                assert_true(oX[p] == want[o][r][c]);
                p++;
            }
        }
        assert_int_equal(p, n);
        OK(GrB_Matrix_free(&A));
    }
}

/* A failed build leaves the object empty and usable. */
static void test_build_errors(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Type U = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Vector_new(&v, GrB_FP64, 3));
    const GrB_Index I[3] = {0, 2, 0}, J[3] = {1, 3, 1}, Ibad[3] = {0, 3, 1}, Jbad[3] = {0, 0, 4};
    const double X[3] = {1, 2, 3};
    GrB_Index n = 9;

    INFO(GrB_Matrix_build_FP64(NULL, I, J, X, 3, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_build_FP64(A, NULL, J, X, 3, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_build_FP64(A, I, NULL, X, 3, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_build_FP64(A, I, J, NULL, 3, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_build_FP64(A, I, J, NULL, 0, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_build_FP64(A, I, J, X, GrB_INDEX_MAX + 1, NULL), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_build_FP64(A, I, J, X, 3, NULL), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_build_FP64(A, Ibad, J, X, 3, GrB_PLUS_FP64), GrB_INDEX_OUT_OF_BOUNDS);
    INFO(GrB_Matrix_build_FP64(A, I, Jbad, X, 3, GrB_PLUS_FP64), GrB_INDEX_OUT_OF_BOUNDS);
    INFO(GrB_Matrix_build_FP64(A, I, J, X, 3, GrB_EQ_FP64), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_build_UDT(A, I, J, X, 3, NULL), GrB_DOMAIN_MISMATCH);
    const char *msg = NULL;
    OK(GrB_Matrix_error(&msg, A));
    assert_non_null(strstr(msg, "GrB_Matrix_build_UDT"));
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 0);

    INFO(GrB_Vector_build_FP64(v, NULL, X, 3, NULL), GrB_NULL_POINTER);
    INFO(GrB_Vector_build_FP64(v, I, X, 3, NULL), GrB_INVALID_VALUE);
    INFO(GrB_Vector_build_FP64(v, Jbad, X, 3, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    OK(GrB_Vector_nvals(&n, v));
    assert_int_equal(n, 0);

    /* the output must be empty, pending entries included */
    OK(GrB_Vector_setElement_FP64(v, 1, 1));
    INFO(GrB_Vector_build_FP64(v, I, X, 2, GrB_PLUS_FP64), GrB_OUTPUT_NOT_EMPTY);
    OK(GrB_Vector_removeElement(v, 1));
    OK(GrB_Vector_build_FP64(v, I, X, 2, GrB_PLUS_FP64));
    OK(GrB_Matrix_build_FP64(A, I, J, X, 3, GrB_PLUS_FP64));
    double d = 0;
    OK(GrB_Matrix_extractElement_FP64(&d, A, 0, 1));
    assert_true(d == 4);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Vector_free(&v));
    OK(GrB_Type_free(&U));
}

/* ---- elements ------------------------------------------------------------------------------------ */

static void test_elements(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    GrB_Scalar s = NULL;
    OK(GrB_Matrix_new(&A, GrB_INT32, 3, 3));
    OK(GrB_Scalar_new(&s, GrB_FP64));
    int32_t x = 5;
    double d = 0;

    INFO(GrB_Matrix_extractElement_INT32(&x, A, 1, 1), GrB_NO_VALUE);
    assert_int_equal(x, 5);
    OK(GrB_Matrix_setElement_FP64(A, 2.9, 1, 1));
    OK(GrB_Matrix_extractElement_INT32(&x, A, 1, 1));
    assert_int_equal(x, 2);
    OK(GrB_Matrix_setElement_INT32(A, 7, 1, 1));
    OK(GrB_Matrix_extractElement_FP64(&d, A, 1, 1));
    assert_true(d == 7);

    /* an empty scalar deletes the entry; extracting a missing entry empties the scalar */
    OK(GrB_Matrix_setElement_Scalar(A, s, 1, 1));
    INFO(GrB_Matrix_extractElement_INT32(&x, A, 1, 1), GrB_NO_VALUE);
    OK(GrB_Scalar_setElement_FP64(s, -3.5));
    OK(GrB_Matrix_setElement_Scalar(A, s, 2, 0));
    OK(GrB_Matrix_extractElement_Scalar(s, A, 0, 0));
    GrB_Index n = 9;
    OK(GrB_Scalar_nvals(&n, s));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_extractElement_Scalar(s, A, 2, 0));
    OK(GrB_Scalar_extractElement_FP64(&d, s));
    assert_true(d == -3);

    /* removing a missing entry succeeds */
    OK(GrB_Matrix_removeElement(A, 0, 0));
    OK(GrB_Matrix_removeElement(A, 2, 0));
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 0);

    /* indices out of range; nothing changes */
    OK(GrB_Matrix_setElement_INT32(A, 1, 0, 0));
    INFO(GrB_Matrix_setElement_INT32(A, 1, 3, 0), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_setElement_INT32(A, 1, 0, 3), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_extractElement_INT32(&x, A, 0, UINT64_MAX), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_removeElement(A, 3, 3), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_setElement_Scalar(A, s, 5, 0), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_extractElement_Scalar(s, A, 0, 5), GrB_INVALID_INDEX);
    INFO(GrB_Matrix_setElement_Scalar(A, NULL, 0, 0), GrB_NULL_POINTER);
    INFO(GrB_Matrix_extractElement_INT32(NULL, A, 0, 0), GrB_NULL_POINTER);
    const char *msg = NULL;
    OK(GrB_Matrix_error(&msg, A));
    assert_non_null(strstr(msg, "'x'"));
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 1);

    /* user-defined values against a built-in matrix, and the other way around */
    GrB_Type U = NULL;
    GrB_Matrix M = NULL;
    GrB_Scalar su = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    OK(GrB_Matrix_new(&M, U, 2, 2));
    OK(GrB_Scalar_new(&su, U));
    ct_udt u = ct_udt_make(1, 2);
    INFO(GrB_Matrix_setElement_UDT(A, &u, 0, 0), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_extractElement_UDT(&u, A, 1, 1), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_setElement_FP64(M, 1, 0, 0), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_setElement_Scalar(A, su, 0, 0), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_extractElement_Scalar(su, A, 0, 0), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_setElement_Scalar(M, s, 0, 0), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_setElement_UDT(M, &u, 1, 0));
    OK(GrB_Matrix_extractElement_Scalar(su, M, 1, 0));
    ct_udt back;
    OK(GrB_Scalar_extractElement_UDT(&back, su));
    assert_true(ct_udt_equal(&u, &back));
    OK(GrB_Matrix_free(&M));
    OK(GrB_Scalar_free(&su));
    OK(GrB_Type_free(&U));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Scalar_free(&s));
}

/* Random updates and reads against a dense reference: the last operation on a position wins,
 * whatever the interleaving of pending work and reads. */
static void test_pending_interleavings(void **state)
{
    (void)state;
    enum { NR = 7, NC = 6, STEPS = 6000 };
    uint64_t seed = 12345;
    ct_model m = ct_model_new(NR, NC);
    GrB_Matrix A = NULL;
    GrB_Scalar s = NULL, empty = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, NR, NC));
    OK(GrB_Scalar_new(&s, GrB_INT64));
    OK(GrB_Scalar_new(&empty, GrB_FP64));
    for (int step = 0; step < STEPS; step++) {
        GrB_Index i = ct_rand(&seed) % NR, j = ct_rand(&seed) % NC, p = i * NC + j;
        int64_t val = (int64_t)(ct_rand(&seed) % 1000) - 500;
        switch (ct_rand(&seed) % 10) {
        case 0:
        case 1:
        case 2:
            OK(GrB_Matrix_setElement_INT64(A, val, i, j));
            m.present[p] = true;
            m.value[p] = (double)val;
            break;
        case 3:
            OK(GrB_Scalar_setElement_INT64(s, val));
            OK(GrB_Matrix_setElement_Scalar(A, s, i, j));
            m.present[p] = true;
            m.value[p] = (double)val;
            break;
        case 4:
        case 5:
            OK(GrB_Matrix_removeElement(A, i, j));
            m.present[p] = false;
            break;
        case 6:
            OK(GrB_Matrix_setElement_Scalar(A, empty, i, j));
            m.present[p] = false;
            break;
        case 7: {
            double x = 0.25;
            GrB_Info info = GrB_Matrix_extractElement_FP64(&x, A, i, j);
            assert_int_equal(info, m.present[p] ? GrB_SUCCESS : GrB_NO_VALUE);
            if (m.present[p]) assert_true(x == m.value[p]);
            break;
        }
        case 8: {
            GrB_Index n = 0;
            OK(GrB_Matrix_nvals(&n, A));
            assert_int_equal(n, ct_model_nvals(&m));
            break;
        }
        default:
            if (step % 7 == 0) ct_model_check(&m, A);
            break;
        }
    }
    ct_model_check(&m, A);

    /* dup takes the pending work along, and the copies are independent afterwards */
    OK(GrB_Matrix_setElement_FP64(A, 99, 0, 0));
    m.present[0] = true;
    m.value[0] = 99;
    GrB_Matrix B = NULL;
    OK(GrB_Matrix_dup(&B, A));
    ct_model_check(&m, B);
    OK(GrB_Matrix_removeElement(B, 0, 0));
    ct_model_check(&m, A);
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    ct_model_check(&m, A);
    OK(GrB_Matrix_clear(A));
    GrB_Index n = 5, nr = 0;
    OK(GrB_Matrix_nvals(&n, A));
    OK(GrB_Matrix_nrows(&nr, A));
    assert_int_equal(n, 0);
    assert_int_equal(nr, NR);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Scalar_free(&s));
    OK(GrB_Scalar_free(&empty));
    ct_model_free(&m);
}

static void test_vector_pending(void **state)
{
    (void)state;
    enum { N = 10, STEPS = 3000 };
    uint64_t seed = 777;
    bool present[N] = {false};
    double value[N] = {0};
    GrB_Vector v = NULL;
    OK(GrB_Vector_new(&v, GrB_FP64, N));
    for (int step = 0; step < STEPS; step++) {
        GrB_Index i = ct_rand(&seed) % N;
        unsigned op = ct_rand(&seed) % 4;
        if (op < 2) {
            double x = (double)(ct_rand(&seed) % 100);
            OK(GrB_Vector_setElement_FP64(v, x, i));
            present[i] = true;
            value[i] = x;
        } else if (op == 2) {
            OK(GrB_Vector_removeElement(v, i));
            present[i] = false;
        } else {
            GrB_Index I[N], n = N, want = 0;
            double X[N];
            OK(GrB_Vector_extractTuples_FP64(I, X, &n, v));
            for (GrB_Index k = 0; k < N; k++) {
                if (!present[k]) continue;
                assert_int_equal(I[want], k);
                assert_true(X[want] == value[k]);
                want++;
            }
            assert_int_equal(n, want);
        }
    }
    OK(GrB_Vector_free(&v));
}

/* ---- cost of element loops ---------------------------------------------------------------------- */

/* 2e5 setElement calls at random positions, then one read: the batched log makes this
 * O(n log n); appending into a sorted store would be O(n^2), minutes rather than well under a
 * second. */
static void test_element_loop_cost(void **state)
{
    (void)state;
    enum { N = 200000 };
    uint64_t seed = 99;
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, 1000000, 1000000));
    double t0 = ct_seconds();
    for (int k = 0; k < N; k++) {
        GrB_Index i = ct_rand(&seed) % 1000000, j = ct_rand(&seed) % 1000000;
        OK(GrB_Matrix_setElement_FP64(A, k, i, j));
    }
    GrB_Index n = 0;
    OK(GrB_Matrix_nvals(&n, A));
    double t1 = ct_seconds();
    assert_true(n > N - 100 && n <= N);

    /* updates of existing entries interleaved with reads, then a loop of removals */
    seed = 99;
    for (int k = 0; k < N; k++) {
        GrB_Index i = ct_rand(&seed) % 1000000, j = ct_rand(&seed) % 1000000;
        OK(GrB_Matrix_setElement_FP64(A, -k, i, j));
        double x = 0;
        OK(GrB_Matrix_extractElement_FP64(&x, A, i, j));
        assert_true(x == -k);
    }
    seed = 99;
    for (int k = 0; k < N; k++) {
        GrB_Index i = ct_rand(&seed) % 1000000, j = ct_rand(&seed) % 1000000;
        OK(GrB_Matrix_removeElement(A, i, j));
    }
    OK(GrB_Matrix_nvals(&n, A));
    double t2 = ct_seconds();
    assert_int_equal(n, 0);
    print_message("setElement loop %.3f s, update/read and remove loops %.3f s\n", t1 - t0,
                  t2 - t1);
    assert_true(t1 - t0 < 3.0);
    assert_true(t2 - t1 < 3.0);
    OK(GrB_Matrix_free(&A));
}

/* ---- huge dimensions ---------------------------------------------------------------------------- */

static void test_huge_dimensions(void **state)
{
    (void)state;
    const GrB_Index big = GrB_INDEX_MAX - 1; /* 2^60 - 2 */
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, GrB_INDEX_MAX, GrB_INDEX_MAX));
    OK(GrB_Matrix_setElement_FP64(A, 1.5, big, big));
    OK(GrB_Matrix_setElement_FP64(A, 2.5, 0, big));
    GrB_Index I[3], J[3], n = 3;
    double X[3];
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, A));
    assert_int_equal(n, 2);
    assert_true(I[0] == 0 && J[0] == big && X[0] == 2.5);
    assert_true(I[1] == big && J[1] == big && X[1] == 1.5);
    INFO(GrB_Matrix_setElement_FP64(A, 1, GrB_INDEX_MAX, 0), GrB_INVALID_INDEX);

    /* build with huge indices, dup, resize to the largest dimension and back */
    GrB_Matrix B = NULL;
    const GrB_Index bi[3] = {big, 0, big}, bj[3] = {big, 5, big};
    const double bx[3] = {1, 2, 3};
    OK(GrB_Matrix_new(&B, GrB_FP64, GrB_INDEX_MAX, GrB_INDEX_MAX));
    OK(GrB_Matrix_build_FP64(B, bi, bj, bx, 3, GrB_PLUS_FP64));
    double d = 0;
    OK(GrB_Matrix_extractElement_FP64(&d, B, big, big));
    assert_true(d == 4);
    OK(GrB_Matrix_resize(B, GrB_INDEX_MAX + 1, GrB_INDEX_MAX + 1));
    INFO(GrB_Matrix_resize(B, GrB_INDEX_MAX + 2, 1), GrB_INVALID_VALUE);
    OK(GrB_Matrix_resize(B, 10, 10));
    OK(GrB_Matrix_nvals(&n, B));
    assert_int_equal(n, 1);

    GrB_Vector v = NULL;
    OK(GrB_Vector_new(&v, GrB_INT8, GrB_INDEX_MAX + 1));
    OK(GrB_Vector_setElement_INT8(v, 3, GrB_INDEX_MAX));
    int8_t c = 0;
    OK(GrB_Vector_extractElement_INT8(&c, v, GrB_INDEX_MAX));
    assert_int_equal(c, 3);
    INFO(GrB_Vector_new(&v, GrB_INT8, GrB_INDEX_MAX + 2), GrB_INVALID_VALUE);
    OK(GrB_Vector_free(&v));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&B));
}

/* ---- shape -------------------------------------------------------------------------------------- */

static void test_resize(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    for (GrB_Index i = 0; i < 4; i++)
        for (GrB_Index j = 0; j < 4; j++) OK(GrB_Matrix_setElement_FP64(A, i * 4 + j, i, j));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    OK(GrB_Matrix_setElement_FP64(A, 100, 3, 0)); /* pending when resized */
    OK(GrB_Matrix_resize(A, 3, 2));
    GrB_Index n = 0, nr = 0, nc = 0;
    OK(GrB_Matrix_nvals(&n, A));
    OK(GrB_Matrix_nrows(&nr, A));
    OK(GrB_Matrix_ncols(&nc, A));
    assert_true(n == 6 && nr == 3 && nc == 2);
    OK(GrB_Matrix_resize(A, 5, 5));
    double d = 0;
    OK(GrB_Matrix_extractElement_FP64(&d, A, 2, 1));
    assert_true(d == 9);
    INFO(GrB_Matrix_extractElement_FP64(&d, A, 3, 0), GrB_NO_VALUE);
    OK(GrB_Matrix_resize(A, 0, 5));
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_free(&A));

    GrB_Vector v = NULL;
    OK(GrB_Vector_new(&v, GrB_BOOL, 6));
    OK(GrB_Vector_setElement_BOOL(v, true, 5));
    OK(GrB_Vector_setElement_BOOL(v, true, 1));
    OK(GrB_Vector_resize(v, 3));
    OK(GrB_Vector_size(&n, v));
    assert_int_equal(n, 3);
    OK(GrB_Vector_nvals(&n, v));
    assert_int_equal(n, 1);
    INFO(GrB_Vector_resize(v, UINT64_MAX), GrB_INVALID_VALUE);
    OK(GrB_Vector_free(&v));
}

static void test_diag(void **state)
{
    (void)state;
    GrB_Vector v = NULL;
    GrB_Matrix D = NULL;
    OK(GrB_Vector_new(&v, GrB_INT32, 3));
    OK(GrB_Vector_setElement_INT32(v, 5, 1));
    OK(GrB_Vector_setElement_INT32(v, 6, 2));
    const struct {
        int64_t k;
        GrB_Index n, i0, j0;
    } cases[] = {{0, 3, 1, 1}, {-2, 5, 3, 1}, {3, 6, 1, 4}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        OK(GrB_Matrix_diag(&D, v, cases[c].k));
        GrB_Index nr = 0, nc = 0, I[3], J[3], n = 3;
        int32_t X[3];
        OK(GrB_Matrix_nrows(&nr, D));
        OK(GrB_Matrix_ncols(&nc, D));
        assert_true(nr == cases[c].n && nc == cases[c].n);
        OK(GrB_Matrix_extractTuples_INT32(I, J, X, &n, D));
        assert_int_equal(n, 2);
        assert_true(I[0] == cases[c].i0 && J[0] == cases[c].j0 && X[0] == 5);
        assert_true(I[1] == cases[c].i0 + 1 && J[1] == cases[c].j0 + 1 && X[1] == 6);
        OK(GrB_Matrix_free(&D));
    }
    D = CT_SENTINEL(GrB_Matrix);
    INFO(GrB_Matrix_diag(&D, v, INT64_MIN), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_diag(&D, v, INT64_MAX), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_diag(&D, NULL, 0), GrB_NULL_POINTER);
    INFO(GrB_Matrix_diag(NULL, v, 0), GrB_NULL_POINTER);
    assert_ptr_equal(D, CT_SENTINEL(GrB_Matrix));
    OK(GrB_Vector_free(&v));
}

/* ---- extractTuples ------------------------------------------------------------------------------ */

static void test_extract_tuples(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP32, 3, 3));
    OK(GrB_Matrix_setElement_FP32(A, 1.5f, 2, 0));
    OK(GrB_Matrix_setElement_FP32(A, 2.5f, 0, 2));
    OK(GrB_Matrix_setElement_FP32(A, 3.5f, 0, 1));
    GrB_Index I[4] = {9, 9, 9, 9}, J[4] = {9, 9, 9, 9}, n = 2;
    int64_t X[4] = {9, 9, 9, 9};
    INFO(GrB_Matrix_extractTuples_INT64(I, J, X, &n, A), GrB_INSUFFICIENT_SPACE);
    assert_int_equal(n, 2);
    for (int k = 0; k < 4; k++) assert_true(I[k] == 9 && J[k] == 9 && X[k] == 9);
    n = 3;
    OK(GrB_Matrix_extractTuples_INT64(NULL, J, X, &n, A));
    assert_true(n == 3 && J[0] == 1 && J[1] == 2 && J[2] == 0 && X[0] == 3 && X[2] == 1);
    assert_int_equal(I[0], 9);
    n = 4;
    OK(GrB_Matrix_extractTuples_INT64(I, NULL, NULL, &n, A));
    assert_true(n == 3 && I[0] == 0 && I[1] == 0 && I[2] == 2 && I[3] == 9);
    INFO(GrB_Matrix_extractTuples_INT64(I, J, X, NULL, A), GrB_NULL_POINTER);
    INFO(GrB_Matrix_extractTuples_UDT(I, J, X, &n, A), GrB_DOMAIN_MISMATCH);

    GrB_Matrix E = NULL;
    OK(GrB_Matrix_new(&E, GrB_FP32, 0, 0));
    n = 0;
    OK(GrB_Matrix_extractTuples_FP32(NULL, NULL, NULL, &n, E));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_free(&E));
    OK(GrB_Matrix_free(&A));
}

/* ---- handles ------------------------------------------------------------------------------------ */

static void test_handles(void **state)
{
    (void)state;
    GrB_Matrix A = CT_SENTINEL(GrB_Matrix), live = NULL;
    GrB_Vector v = CT_SENTINEL(GrB_Vector);
    INFO(GrB_Matrix_new(NULL, GrB_FP64, 2, 2), GrB_NULL_POINTER);
    INFO(GrB_Matrix_new(&A, NULL, 2, 2), GrB_NULL_POINTER);
    INFO(GrB_Matrix_new(&A, GrB_FP64, GrB_INDEX_MAX + 2, 2), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_new(&A, GrB_FP64, 2, UINT64_MAX), GrB_INVALID_VALUE);
    INFO(GrB_Vector_new(&v, GrB_FP64, UINT64_MAX), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_dup(&A, NULL), GrB_NULL_POINTER);
    assert_ptr_equal(A, CT_SENTINEL(GrB_Matrix));
    assert_ptr_equal(v, CT_SENTINEL(GrB_Vector));

    OK(GrB_Matrix_new(&live, GrB_FP64, 0, 0));
    GrB_Matrix stale = live;
    OK(GrB_Matrix_free(&live));
    assert_null(live);
    OK(GrB_Matrix_free(&live));
    OK(GrB_Matrix_free(NULL));
    GrB_Index n = 3;
    INFO(GrB_Matrix_free(&stale), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Matrix_nvals(&n, stale), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Matrix_setElement_FP64(stale, 1, 0, 0), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Matrix_wait(stale, GrB_COMPLETE), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Matrix_dup(&A, stale), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(n, 3);

    /* a vector is not a matrix */
    GrB_Vector w = NULL;
    OK(GrB_Vector_new(&w, GrB_FP64, 2));
    INFO(GrB_Matrix_nvals(&n, (GrB_Matrix)(void *)w), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Vector_wait(w, (GrB_WaitMode)5), GrB_INVALID_VALUE);
    OK(GrB_Vector_wait(w, GrB_COMPLETE));
    OK(GrB_Vector_free(&w));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_round_trip),
        cmocka_unit_test(test_build_udt),
        cmocka_unit_test(test_build_dup_rules),
        cmocka_unit_test(test_build_large),
        cmocka_unit_test(test_build_errors),
        cmocka_unit_test(test_elements),
        cmocka_unit_test(test_pending_interleavings),
        cmocka_unit_test(test_vector_pending),
        cmocka_unit_test(test_element_loop_cost),
        cmocka_unit_test(test_huge_dimensions),
        cmocka_unit_test(test_resize),
        cmocka_unit_test(test_diag),
        cmocka_unit_test(test_extract_tuples),
        cmocka_unit_test(test_handles),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
