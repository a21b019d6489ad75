/* test_import_export.c: GrB_Matrix_import / export / exportSize / exportHint against the array
 * conventions and error codes observed with SuiteSparse 7.4: round trips in CSR, CSC and COO for
 * every type and a user-defined one, hypersparse and huge matrices, unsorted and duplicate
 * input, every invalid input (nothing is created) and short export arrays (nothing written). */
#include "containers_test.h"

static const GrB_Format formats[3] = {GrB_CSR_FORMAT, GrB_CSC_FORMAT, GrB_COO_FORMAT};

/* The 3x4 matrix (0,1)=2, (0,3)=1, (2,0)=3 in the three formats, as SuiteSparse exports it. */
static void test_fixed_arrays(void **state)
{
    (void)state;
    const GrB_Index I[3] = {0, 0, 2}, J[3] = {3, 1, 0};
    const double X[3] = {1, 2, 3};
    const GrB_Index want_p[3][5] = {{0, 2, 2, 3}, {0, 1, 2, 2, 3}, {0, 0, 2}};
    const GrB_Index want_i[3][3] = {{1, 3, 0}, {2, 0, 0}, {1, 3, 0}};
    const double want_x[3][3] = {{2, 1, 3}, {3, 2, 1}, {2, 1, 3}};
    const GrB_Index want_np[3] = {4, 5, 3};
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Matrix_build_FP64(A, I, J, X, 3, NULL));
    for (int f = 0; f < 3; f++) {
        GrB_Index np = 0, ni = 0, nx = 0;
        OK(GrB_Matrix_exportSize(&np, &ni, &nx, formats[f], A));
        assert_true(np == want_np[f] && ni == 3 && nx == 3);
        GrB_Index Ap[10], Ai[10];
        double Ax[10];
        np = ni = nx = 10;
        OK(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, formats[f], A));
        assert_true(np == want_np[f] && ni == 3 && nx == 3);
        for (GrB_Index k = 0; k < np; k++) assert_int_equal(Ap[k], want_p[f][k]);
        for (GrB_Index k = 0; k < 3; k++) {
            assert_int_equal(Ai[k], want_i[f][k]);
            assert_true(Ax[k] == want_x[f][k]);
        }
        /* and back */
        GrB_Matrix B = NULL;
        OK(GrB_Matrix_import_FP64(&B, GrB_FP64, 3, 4, Ap, Ai, Ax, np, ni, nx, formats[f]));
        GrB_Index oI[3], oJ[3], n = 3;
        double oX[3];
        OK(GrB_Matrix_extractTuples_FP64(oI, oJ, oX, &n, B));
        assert_true(n == 3 && oI[0] == 0 && oJ[0] == 1 && oX[0] == 2 && oI[2] == 2 &&
                    oJ[2] == 0 && oX[2] == 3);
        OK(GrB_Matrix_free(&B));
    }

    /* short arrays: an error, nothing written, the lengths kept */
    GrB_Index Ap[10] = {77, 77, 77}, Ai[10] = {77, 77, 77}, np = 3, ni = 3, nx = 3;
    double Ax[10] = {77, 77, 77};
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, A),
         GrB_INSUFFICIENT_SPACE);
    np = 4, ni = 2;
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, A),
         GrB_INSUFFICIENT_SPACE);
    ni = 3, nx = 2;
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSC_FORMAT, A),
         GrB_INSUFFICIENT_SPACE);
    np = 2, nx = 3;
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, GrB_COO_FORMAT, A),
         GrB_INSUFFICIENT_SPACE);
    assert_true(np == 2 && ni == 3 && nx == 3);
    for (int k = 0; k < 3; k++) assert_true(Ap[k] == 77 && Ai[k] == 77 && Ax[k] == 77);
    np = ni = nx = 10;
    INFO(GrB_Matrix_export_INT32(Ap, Ai, (int32_t *)Ax, &np, &ni, &nx, GrB_CSR_FORMAT, A),
         GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, (GrB_Format)9, A), GrB_INVALID_VALUE);
    INFO(GrB_Matrix_export_FP64(NULL, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, A),
         GrB_NULL_POINTER);
    INFO(GrB_Matrix_export_FP64(Ap, Ai, Ax, NULL, &ni, &nx, GrB_CSR_FORMAT, A), GrB_NULL_POINTER);
    INFO(GrB_Matrix_exportSize(&np, &ni, &nx, (GrB_Format)-1, A), GrB_INVALID_VALUE);
    assert_true(np == 10 && Ap[0] == 77);
    OK(GrB_Matrix_free(&A));
}

/* A random matrix of every type through every format and back. */
#define FORMAT_ROUND_TRIP(T, E, V, CV)                                                             \
    {                                                                                              \
        enum { NR = 9, NC = 13, N = 30 };                                                          \
        uint64_t seed = 5;                                                                         \
        GrB_Matrix A = NULL;                                                                       \
        OK(GrB_Matrix_new(&A, GrB_##T, NR, NC));                                                   \
        for (int k = 0; k < N; k++) {                                                              \
            GrB_Index i = ct_rand(&seed) % NR, j = ct_rand(&seed) % NC;                            \
            OK(GrB_Matrix_setElement_##T(A, (E)(1 + k % 5), i, j));                                \
        }                                                                                          \
        GrB_Index n = 0;                                                                           \
        OK(GrB_Matrix_nvals(&n, A));                                                               \
        GrB_Index I[N], J[N], I2[N], J2[N], Ap[N + NR + NC], Ai[N];                                \
        E X[N], X2[N], Ax[N];                                                                      \
        GrB_Index m = n;                                                                           \
        OK(GrB_Matrix_extractTuples_##T(I, J, X, &m, A));                                          \
        for (int f = 0; f < 3; f++) {                                                              \
            GrB_Index np = N + NR + NC, ni = N, nx = N;                                            \
            OK(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, formats[f], A));                   \
            assert_true(ni == n && nx == n);                                                       \
            GrB_Matrix B = NULL;                                                                   \
            OK(GrB_Matrix_import_##T(&B, GrB_##T, NR, NC, Ap, Ai, Ax, np, ni, nx, formats[f]));    \
            m = n;                                                                                 \
            OK(GrB_Matrix_extractTuples_##T(I2, J2, X2, &m, B));                                   \
            assert_int_equal(m, n);                                                                \
            for (GrB_Index k = 0; k < n; k++)                                                      \
                assert_true(I2[k] == I[k] && J2[k] == J[k] && X2[k] == X[k]);                      \
            OK(GrB_Matrix_free(&B));                                                               \
        }                                                                                          \
        OK(GrB_Matrix_free(&A));                                                                   \
    }

static void test_round_trips(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(FORMAT_ROUND_TRIP)
}

static void test_udt(void **state)
{
    (void)state;
    GrB_Type U = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    const GrB_Index Ap[5] = {0, 1, 1, 3, 3}, Ai[3] = {2, 1, 0};
    const ct_udt Ax[3] = {ct_udt_make(1, 1), ct_udt_make(2, 2), ct_udt_make(3, 3)};
    GrB_Matrix A = NULL;
    INFO(GrB_Matrix_import_UDT(&A, GrB_FP64, 3, 4, Ap, Ai, Ax, 5, 3, 3, GrB_CSC_FORMAT),
         GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_import_FP64(&A, U, 3, 4, Ap, Ai, (const double *)Ax, 5, 3, 3,
                                GrB_CSC_FORMAT),
         GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_import_UDT(&A, U, 3, 4, Ap, Ai, Ax, 5, 3, 3, GrB_CSC_FORMAT));
    /* a CSC import is column-oriented, as in SuiteSparse */
    GrB_Format hint = GrB_CSR_FORMAT;
    OK(GrB_Matrix_exportHint(&hint, A));
    assert_int_equal(hint, GrB_CSC_FORMAT);
    GrB_Index I[3], J[3], n = 3;
    ct_udt X[3];
    OK(GrB_Matrix_export_UDT(I, J, X, &n, &n, &n, GrB_COO_FORMAT, A));
    assert_int_equal(n, 3);
    /* COO comes out row-major: (0,2), (1,2), (2,0) */
    assert_true(I[0] == 0 && J[0] == 2 && ct_udt_equal(&X[0], &Ax[2]));
    assert_true(I[1] == 1 && J[1] == 2 && ct_udt_equal(&X[1], &Ax[1]));
    assert_true(I[2] == 2 && J[2] == 0 && ct_udt_equal(&X[2], &Ax[0]));
    double d[8];
    GrB_Index np = 8, ni = 8, nx = 8;
    INFO(GrB_Matrix_export_FP64(I, J, d, &np, &ni, &nx, GrB_COO_FORMAT, A), GrB_DOMAIN_MISMATCH);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Type_free(&U));
}

/* Hypersparse and huge: CSR export expands the pointers; COO carries any dimension. */
static void test_hypersparse_and_huge(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, B = NULL;
    OK(GrB_Matrix_new(&A, GrB_INT16, 10000, 20000));
    OK(GrB_Matrix_setElement_INT16(A, 1, 9999, 19999));
    OK(GrB_Matrix_setElement_INT16(A, 2, 5000, 3));
    OK(GrB_Matrix_setElement_INT16(A, 3, 5000, 1));
    GrB_Format hint = GrB_CSR_FORMAT;
    OK(GrB_Matrix_exportHint(&hint, A));
    assert_int_equal(hint, GrB_COO_FORMAT);
    GrB_Index *Ap = malloc(20001 * sizeof *Ap), Ai[3], np = 20001, ni = 3, nx = 3;
    int16_t Ax[3];
    assert_non_null(Ap);
    OK(GrB_Matrix_export_INT16(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, A));
    assert_int_equal(np, 10001);
    for (GrB_Index i = 0; i <= 10000; i++)
        assert_int_equal(Ap[i], i <= 5000 ? 0 : i <= 9999 ? 2 : 3);
    assert_true(Ai[0] == 1 && Ai[1] == 3 && Ai[2] == 19999 && Ax[0] == 3 && Ax[2] == 1);
    np = 20001;
    OK(GrB_Matrix_export_INT16(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSC_FORMAT, A));
    assert_int_equal(np, 20001);
    assert_true(Ap[0] == 0 && Ap[1] == 0 && Ap[2] == 1 && Ap[3] == 1 && Ap[4] == 2 &&
                Ap[19999] == 2 && Ap[20000] == 3);
    OK(GrB_Matrix_import_INT16(&B, GrB_INT16, 10000, 20000, Ap, Ai, Ax, np, ni, nx,
                               GrB_CSC_FORMAT));
    int16_t x = 0;
    OK(GrB_Matrix_extractElement_INT16(&x, B, 5000, 3));
    assert_int_equal(x, 2);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&A));
    free(Ap);

    /* a single entry at (2^60-2, 2^60-2) */
    const GrB_Index big = GrB_INDEX_MAX - 1, bi[1] = {big}, bj[1] = {big};
    const double bx[1] = {6.5};
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, GrB_INDEX_MAX, GrB_INDEX_MAX, bi, bj, bx, 1, 1, 1,
                              GrB_COO_FORMAT));
    OK(GrB_Matrix_exportHint(&hint, A));
    assert_int_equal(hint, GrB_COO_FORMAT);
    GrB_Index oi[1], oj[1], n1 = 1, n2 = 1, n3 = 1;
    double ox[1];
    OK(GrB_Matrix_export_FP64(oi, oj, ox, &n1, &n2, &n3, GrB_COO_FORMAT, A));
    assert_true(oi[0] == big && oj[0] == big && ox[0] == 6.5);
    OK(GrB_Matrix_exportSize(&n1, &n2, &n3, GrB_CSR_FORMAT, A));
    assert_true(n1 == GrB_INDEX_MAX + 1 && n2 == 1 && n3 == 1);
    OK(GrB_Matrix_free(&A));
}

/* Unsorted vectors are sorted; COO tuples may come in any order and the last of a repeated
 * position wins (SuiteSparse 7.4). */
static void test_unsorted_and_duplicates(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    const GrB_Index p[4] = {0, 2, 2, 3}, j[3] = {3, 1, 0};
    const double x[4] = {1, 4, 3, 2};
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, p, j, x, 4, 3, 3, GrB_CSR_FORMAT));
    GrB_Index I[4], J[4], n = 4;
    double X[4];
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, A));
    assert_true(n == 3 && J[0] == 1 && X[0] == 4 && J[1] == 3 && X[1] == 1);
    OK(GrB_Matrix_free(&A));

    const GrB_Index r[4] = {2, 0, 1, 0}, c[4] = {1, 2, 0, 2};
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, r, c, x, 4, 4, 4, GrB_COO_FORMAT));
    n = 4;
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, A));
    assert_true(n == 3 && I[0] == 0 && J[0] == 2 && X[0] == 2);
    OK(GrB_Matrix_free(&A));

    /* larger Ap/Ai/Ax arrays than needed are fine for CSR and CSC */
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, p, j, x, 4, 3, 4, GrB_CSR_FORMAT));
    OK(GrB_Matrix_free(&A));

    /* empty matrices */
    const GrB_Index zero[4] = {0, 0, 0, 0};
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, zero, j, x, 4, 0, 0, GrB_CSR_FORMAT));
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 0, 0, zero, j, x, 1, 0, 0, GrB_CSR_FORMAT));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, zero, j, x, 0, 0, 0, GrB_COO_FORMAT));
    OK(GrB_Matrix_free(&A));
}

/* Every invalid input: the SuiteSparse 7.4 code, and no matrix. */
static void test_import_errors(void **state)
{
    (void)state;
    GrB_Matrix A = CT_SENTINEL(GrB_Matrix);
    const GrB_Index p[4] = {0, 2, 2, 3}, j[3] = {3, 1, 0};
    const double x[4] = {1, 2, 3, 4};
    const struct {
        const GrB_Index *Ap, *Ai;
        GrB_Index np, ni, nx;
        GrB_Format format;
        GrB_Info want;
    } cases[] = {
        {p, j, 3, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_VALUE}, /* Ap shorter than nrows+1 */
        {p, j, 4, 2, 3, GrB_CSR_FORMAT, GrB_INVALID_VALUE}, /* Ai shorter than Ap[nrows] */
        {p, j, 4, 3, 2, GrB_CSR_FORMAT, GrB_INVALID_VALUE}, /* Ax too */
        {p, j, 4, 3, 3, GrB_CSC_FORMAT, GrB_INVALID_VALUE}, /* Ap shorter than ncols+1 */
        {(const GrB_Index[]){0, 2, 2, 100}, j, 4, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_VALUE},
        {(const GrB_Index[]){1, 2, 2, 3}, j, 4, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_OBJECT},
        {(const GrB_Index[]){0, 2, 1, 3}, j, 4, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_OBJECT},
        {(const GrB_Index[]){0, 200, 2, 3}, j, 4, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_OBJECT},
        {p, (const GrB_Index[]){1, 4, 0}, 4, 3, 3, GrB_CSR_FORMAT, GrB_INVALID_OBJECT},
        {p, (const GrB_Index[]){1, 1, 0}, 4, 3, 3, GrB_CSR_FORMAT, GrB_INDEX_OUT_OF_BOUNDS},
        {p, (const GrB_Index[]){1, 1, 7}, 4, 3, 3, GrB_CSR_FORMAT, GrB_INDEX_OUT_OF_BOUNDS},
        {(const GrB_Index[]){0, 3, 3, 3}, (const GrB_Index[]){3, 1, 3}, 4, 3, 3, GrB_CSR_FORMAT,
         GrB_INDEX_OUT_OF_BOUNDS}, /* unsorted repeat (SuiteSparse accepts it, corrupting A) */
        {(const GrB_Index[]){0, 3, 3, 3}, (const GrB_Index[]){7, 1, 1}, 4, 3, 3, GrB_CSR_FORMAT,
         GrB_INVALID_OBJECT},
        {(const GrB_Index[]){2, 0}, (const GrB_Index[]){1, 4}, 2, 2, 2, GrB_COO_FORMAT,
         GrB_INDEX_OUT_OF_BOUNDS},
        {(const GrB_Index[]){3, 0}, (const GrB_Index[]){1, 1}, 2, 2, 2, GrB_COO_FORMAT,
         GrB_INDEX_OUT_OF_BOUNDS},
        {p, j, 3, 2, 3, GrB_COO_FORMAT, GrB_INVALID_VALUE},
        {p, j, 3, 3, 2, GrB_COO_FORMAT, GrB_INVALID_VALUE},
        {p, j, 3, 3, 4, GrB_COO_FORMAT, GrB_INVALID_VALUE},
        {p, j, 4, 3, 3, (GrB_Format)3, GrB_INVALID_VALUE},
        {p, j, 4, 3, 3, (GrB_Format)-1, GrB_INVALID_VALUE},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        GrB_Info info = GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, cases[k].Ap, cases[k].Ai, x,
                                               cases[k].np, cases[k].ni, cases[k].nx,
                                               cases[k].format);
        if (info != cases[k].want) fail_msg("case %zu: got %d, want %d", k, info, cases[k].want);
        assert_ptr_equal(A, CT_SENTINEL(GrB_Matrix));
    }
    INFO(GrB_Matrix_import_FP64(&A, GrB_FP64, 0, 0, p, j, x, 0, 0, 0, GrB_CSR_FORMAT),
         GrB_INVALID_VALUE);
    INFO(GrB_Matrix_import_FP64(&A, GrB_INT32, 3, 4, p, j, x, 4, 3, 3, GrB_CSR_FORMAT),
         GrB_DOMAIN_MISMATCH);
    INFO(GrB_Matrix_import_FP64(&A, GrB_FP64, GrB_INDEX_MAX + 2, 4, p, j, x, 0, 0, 0,
                                GrB_COO_FORMAT),
         GrB_INVALID_VALUE);
    INFO(GrB_Matrix_import_FP64(NULL, GrB_FP64, 3, 4, p, j, x, 4, 3, 3, GrB_CSR_FORMAT),
         GrB_NULL_POINTER);
    INFO(GrB_Matrix_import_FP64(&A, NULL, 3, 4, p, j, x, 4, 3, 3, GrB_CSR_FORMAT),
         GrB_NULL_POINTER);
    INFO(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, NULL, j, x, 4, 3, 3, GrB_CSR_FORMAT),
         GrB_NULL_POINTER);
    INFO(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, p, NULL, x, 4, 3, 3, GrB_CSR_FORMAT),
         GrB_NULL_POINTER);
    INFO(GrB_Matrix_import_FP64(&A, GrB_FP64, 3, 4, p, j, NULL, 4, 0, 0, GrB_CSR_FORMAT),
         GrB_NULL_POINTER);
    assert_ptr_equal(A, CT_SENTINEL(GrB_Matrix));
}

/* exportHint follows SuiteSparse: COO for a hypersparse matrix (at most one row in 8 holds an
 * entry; an empty matrix included), CSC for n x 1, CSR otherwise. */
static void test_export_hint(void **state)
{
    (void)state;
    const struct {
        GrB_Index nrows, ncols, k;
        GrB_Format want;
    } cases[] = {
        {1, 1, 0, GrB_CSC_FORMAT},   {2, 2, 0, GrB_COO_FORMAT},
        {100, 100, 12, GrB_COO_FORMAT}, {100, 100, 13, GrB_CSR_FORMAT},
        {5, 1, 0, GrB_CSC_FORMAT},   {5, 1, 5, GrB_CSC_FORMAT},
        {1, 5, 0, GrB_CSR_FORMAT},   {1000, 1000, 125, GrB_COO_FORMAT},
        {1000, 1000, 126, GrB_CSR_FORMAT}, {5, 5, 1, GrB_CSR_FORMAT},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Matrix A = NULL;
        OK(GrB_Matrix_new(&A, GrB_FP64, cases[c].nrows, cases[c].ncols));
        for (GrB_Index i = 0; i < cases[c].k; i++) OK(GrB_Matrix_setElement_FP64(A, 1, i, 0));
        GrB_Format f = (GrB_Format)77;
        OK(GrB_Matrix_exportHint(&f, A));
        if (f != cases[c].want) fail_msg("case %zu: hint %d, want %d", c, f, cases[c].want);
        OK(GrB_Matrix_free(&A));
    }
    GrB_Format f = (GrB_Format)77;
    INFO(GrB_Matrix_exportHint(NULL, NULL), GrB_NULL_POINTER);
    INFO(GrB_Matrix_exportHint(&f, NULL), GrB_NULL_POINTER);
    assert_int_equal(f, 77);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_arrays),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_udt),
        cmocka_unit_test(test_hypersparse_and_huge),
        cmocka_unit_test(test_unsorted_and_duplicates),
        cmocka_unit_test(test_import_errors),
        cmocka_unit_test(test_export_hint),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
