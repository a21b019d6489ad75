/* test_oom.c: allocation-failure sweeps. Each method runs with its k-th allocation failing, for
 * k = 1, 2, ... until it succeeds; every failure must return GrB_OUT_OF_MEMORY, leave the object
 * exactly as it was (same tuples, no output created) and leave no block behind. */
#include "containers_test.h"

#include "GG_internal.h"

typedef struct {
    GrB_Matrix A;   /* the object under test */
    GrB_Matrix E;   /* an empty matrix, the target of build */
    GrB_Vector v;   /* a vector with entries */
    GrB_Scalar s;   /* a scalar holding a value */
    GrB_Matrix out; /* an output handle, preset to the sentinel */
    GrB_Scalar sout;
    GrB_Format format;
    /* A's content before the sweep */
    GrB_Index n, *I, *J;
    double *X;
    /* arrays for import, and a blob for deserialize */
    GrB_Index np, ni, nx, *Ap, *Ai;
    double *Ax;
    unsigned char *blob;
    GrB_Index blob_size;
} ctx_t;

static ctx_t C;

/* Tuples of a matrix, read with injection off. */
static void tuples(GrB_Matrix A, GrB_Index *n, GrB_Index **I, GrB_Index **J, double **X)
{
    OK(GrB_Matrix_nvals(n, A));
    *I = malloc((*n + 1) * sizeof **I);
    *J = malloc((*n + 1) * sizeof **J);
    *X = malloc((*n + 1) * sizeof **X);
    assert_true(*I != NULL && *J != NULL && *X != NULL);
    GrB_Index m = *n;
    OK(GrB_Matrix_extractTuples_FP64(*I, *J, *X, &m, A));
}

static void snapshot(void)
{
    free(C.I);
    free(C.J);
    free(C.X);
    tuples(C.A, &C.n, &C.I, &C.J, &C.X);
}

static void unchanged(void)
{
    GrB_Index n, *I, *J;
    double *X;
    tuples(C.A, &n, &I, &J, &X);
    assert_int_equal(n, C.n);
    for (GrB_Index k = 0; k < n; k++)
        assert_true(I[k] == C.I[k] && J[k] == C.J[k] && X[k] == C.X[k]);
    free(I);
    free(J);
    free(X);
    GrB_Index ne = 1;
    OK(GrB_Matrix_nvals(&ne, C.E));
    assert_int_equal(ne, 0);
    assert_ptr_equal(C.out, CT_SENTINEL(GrB_Matrix));
    assert_ptr_equal(C.sout, CT_SENTINEL(GrB_Scalar));
}

/* The shape of A that prepare_A rebuilds before each attempt (checking the content assembles
 * A's pending work, which the next attempt must find again). */
static GrB_Index A_nrows, A_n, A_p;
static void make_A(GrB_Index nrows, GrB_Index n, GrB_Index p);
static void prepare_A(void)
{
    make_A(A_nrows, A_n, A_p);
}

/* Runs op with allocation k failing, k = 1, 2, ..., until it succeeds, and returns the k that
 * succeeded (1: the method allocated nothing). `prepare`, when given, rebuilds the state before
 * each attempt. `strict`: a failed call may not change the block count at all (no pending work
 * is assembled on the way). */
static int64_t sweep(const char *name, GrB_Info (*op)(void), bool strict, void (*prepare)(void))
{
    if (prepare != NULL) prepare();
    snapshot();
    int64_t k = 1;
    for (;; k++) {
        assert_true(k < 100000);
        if (prepare != NULL) prepare();
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = op();
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        if (info != GrB_OUT_OF_MEMORY) fail_msg("%s, allocation %lld: %d", name, (long long)k, info);
        if (strict && GG_mem_live_blocks() != live)
            fail_msg("%s, allocation %lld: %lld blocks leaked", name, (long long)k,
                     (long long)(GG_mem_live_blocks() - live));
        unchanged();
    }
    if (C.out != CT_SENTINEL(GrB_Matrix)) OK(GrB_Matrix_free(&C.out));
    if (C.sout != CT_SENTINEL(GrB_Scalar)) OK(GrB_Scalar_free(&C.sout));
    C.out = CT_SENTINEL(GrB_Matrix);
    C.sout = CT_SENTINEL(GrB_Scalar);
    return k;
}

/* A sweep of a method that must allocate, so that the sweep tests something. */
#define SWEEP(name, op, strict, prepare) assert_true(sweep(name, op, strict, prepare) > 1)

/* A with `n` stored entries and `p` pending updates (new positions). */
static void make_A(GrB_Index nrows, GrB_Index n, GrB_Index p)
{
    A_nrows = nrows, A_n = n, A_p = p;
    if (C.A != NULL) OK(GrB_Matrix_free(&C.A));
    OK(GrB_Matrix_new(&C.A, GrB_FP64, nrows, 50));
    for (GrB_Index k = 0; k < n; k++) OK(GrB_Matrix_setElement_FP64(C.A, k, (k * 7) % nrows, k % 25));
    OK(GrB_Matrix_wait(C.A, GrB_MATERIALIZE));
    for (GrB_Index k = 0; k < p; k++)
        OK(GrB_Matrix_setElement_FP64(C.A, -(double)k, (k * 3) % nrows, 25 + k % 25));
}

static int setup(void **state)
{
    (void)state;
    memset(&C, 0, sizeof C);
    C.out = CT_SENTINEL(GrB_Matrix);
    C.sout = CT_SENTINEL(GrB_Scalar);
    OK(GrB_Matrix_new(&C.E, GrB_FP64, 40, 50));
    OK(GrB_Vector_new(&C.v, GrB_FP64, 30));
    for (GrB_Index k = 0; k < 30; k += 3) OK(GrB_Vector_setElement_FP64(C.v, k, k));
    OK(GrB_Vector_wait(C.v, GrB_MATERIALIZE));
    OK(GrB_Scalar_new(&C.s, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(C.s, 2.5));
    make_A(40, 100, 0);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    OK(GrB_Matrix_free(&C.A));
    OK(GrB_Matrix_free(&C.E));
    OK(GrB_Vector_free(&C.v));
    OK(GrB_Scalar_free(&C.s));
    free(C.I);
    free(C.J);
    free(C.X);
    free(C.Ap);
    free(C.Ai);
    free(C.Ax);
    free(C.blob);
    return 0;
}

/* ---- the methods under test ---------------------------------------------------------------------- */

static GrB_Info op_new(void)
{
    return GrB_Matrix_new(&C.out, GrB_FP64, 10, 10);
}
static GrB_Info op_dup(void)
{
    return GrB_Matrix_dup(&C.out, C.A);
}
static GrB_Info op_scalar_new(void)
{
    return GrB_Scalar_new(&C.sout, GrB_FP64);
}
static GrB_Info op_scalar_dup(void)
{
    return GrB_Scalar_dup(&C.sout, C.s);
}
static GrB_Info op_build(void)
{
    const GrB_Index I[6] = {5, 1, 5, 39, 0, 1}, J[6] = {2, 49, 2, 0, 0, 49};
    const double X[6] = {1, 2, 3, 4, 5, 6};
    return GrB_Matrix_build_FP64(C.E, I, J, X, 6, GrB_PLUS_FP64);
}
static GrB_Info op_wait(void)
{
    return GrB_Matrix_wait(C.A, GrB_MATERIALIZE);
}
static GrB_Info op_nvals(void)
{
    GrB_Index n;
    return GrB_Matrix_nvals(&n, C.A);
}
static GrB_Info op_get(void)
{
    double x;
    GrB_Info info = GrB_Matrix_extractElement_FP64(&x, C.A, 0, 0);
    return info == GrB_NO_VALUE ? GrB_SUCCESS : info;
}
static GrB_Info op_tuples(void)
{
    GrB_Index n = C.n;
    GrB_Index *I = malloc((n + 1) * sizeof *I);
    GrB_Info info = GrB_Matrix_extractTuples_FP64(I, NULL, NULL, &n, C.A);
    free(I);
    return info;
}
/* One more update than the log holds: its arrays must grow. */
static GrB_Info op_set(void)
{
    return GrB_Matrix_setElement_FP64(C.A, 77, 39, 49);
}
static GrB_Info op_set_scalar(void)
{
    return GrB_Matrix_setElement_Scalar(C.A, C.s, 39, 49);
}
static GrB_Info op_remove(void)
{
    return GrB_Matrix_removeElement(C.A, 0, 0);
}
static GrB_Info op_resize(void)
{
    return GrB_Matrix_resize(C.A, 30, 40);
}
static GrB_Info op_csr(void)
{
    const GG_cview *v;
    return GG_view_csr(GG_MAT(C.A), &v);
}
static GrB_Info op_csc(void)
{
    const GG_cview *v;
    return GG_view_csc(GG_MAT(C.A), &v);
}
static GrB_Info op_hint(void)
{
    GrB_Format f;
    return GrB_Matrix_exportHint(&f, C.A);
}
static GrB_Info op_export(void)
{
    GrB_Index np = C.np, ni = C.ni, nx = C.nx;
    return GrB_Matrix_export_FP64(C.Ap, C.Ai, C.Ax, &np, &ni, &nx, C.format, C.A);
}
static GrB_Info op_import(void)
{
    return GrB_Matrix_import_FP64(&C.out, GrB_FP64, 40, 50, C.Ap, C.Ai, C.Ax, C.np, C.ni, C.nx,
                                  C.format);
}
static GrB_Info op_serialize(void)
{
    GrB_Index size = 0;
    GrB_Info info = GrB_Matrix_serializeSize(&size, C.A);
    if (info != GrB_SUCCESS) return info;
    free(C.blob);
    C.blob = malloc(size);
    C.blob_size = size;
    return GrB_Matrix_serialize(C.blob, &C.blob_size, C.A);
}
static GrB_Info op_deserialize(void)
{
    return GrB_Matrix_deserialize(&C.out, NULL, C.blob, C.blob_size);
}
static GrB_Info op_diag(void)
{
    return GrB_Matrix_diag(&C.out, C.v, -3);
}
static GrB_Info op_extract_scalar(void)
{
    return GrB_Matrix_extractElement_Scalar(C.s, C.A, 0, 0);
}
static GrB_Info op_vector_build(void)
{
    GrB_Vector w = NULL;
    GrB_Info info = GrB_Vector_new(&w, GrB_INT32, 10);
    if (info != GrB_SUCCESS) return info;
    const GrB_Index I[4] = {9, 0, 9, 3};
    const int32_t X[4] = {1, 2, 3, 4};
    info = GrB_Vector_build_INT32(w, I, X, 4, GrB_PLUS_INT32);
    GrB_Vector_free(&w);
    return info;
}

/* ---- sweeps --------------------------------------------------------------------------------------- */

static void test_create(void **state)
{
    (void)state;
    SWEEP("GrB_Matrix_new", op_new, true, NULL);
    SWEEP("GrB_Scalar_new", op_scalar_new, true, NULL);
    SWEEP("GrB_Scalar_dup", op_scalar_dup, true, NULL);
    SWEEP("GrB_Matrix_dup", op_dup, true, NULL);
    SWEEP("GrB_Matrix_build", op_build, true, NULL);
    OK(GrB_Matrix_clear(C.E));
    SWEEP("GrB_Matrix_diag", op_diag, true, NULL);
    SWEEP("GrB_Vector_build", op_vector_build, true, NULL);
}

/* Pending work: its assembly fails cleanly, the log stays. */
static void test_pending(void **state)
{
    (void)state;
    GrB_Info (*const readers[])(void) = {op_wait, op_nvals, op_get, op_tuples,
                                         op_extract_scalar};
    const char *names[] = {"wait", "nvals", "extractElement", "extractTuples",
                           "extractElement_Scalar"};
    for (size_t r = 0; r < sizeof readers / sizeof readers[0]; r++) {
        make_A(40, 100, 300);
        SWEEP(names[r], readers[r], true, prepare_A);
        assert_int_equal(GG_MAT(C.A)->pending.n, 0);
    }
    /* dup and resize of a matrix with pending work may assemble it before failing: the content
     * stays (resize's failure after the assembly showed without the tree checker, whose own
     * allocations moved the failing one elsewhere: "resize, allocation 11: -4 blocks") */
    make_A(40, 100, 300);
    SWEEP("GrB_Matrix_dup (pending)", op_dup, false, prepare_A);
    make_A(40, 100, 300);
    SWEEP("resize (pending)", op_resize, false, prepare_A);
    assert_int_equal(GG_MAT(C.A)->pending.n, 0);
}

/* The log grows: 256 updates fill its first capacity, the next one reallocates. */
static void test_log_growth(void **state)
{
    (void)state;
    GrB_Info (*const writers[])(void) = {op_set, op_set_scalar, op_remove};
    const char *names[] = {"setElement", "setElement_Scalar", "removeElement"};
    for (size_t w = 0; w < 3; w++) {
        make_A(40, 100, 256);
        assert_int_equal(GG_MAT(C.A)->pending.n, GG_MAT(C.A)->pending.cap);
        SWEEP(names[w], writers[w], true, prepare_A);
        assert_int_equal(GG_MAT(C.A)->pending.n, 257);
        make_A(40, 100, 0);
        SWEEP(names[w], writers[w], true, prepare_A); /* the first entry of an empty log */
    }
}

/* Views and exports, dense and hypersparse. */
static void test_views_and_io(void **state)
{
    (void)state;
    const GrB_Index rows[2] = {40, 4000};
    for (int h = 0; h < 2; h++) {
        make_A(rows[h], 100, 0);
        SWEEP("CSR view", op_csr, true, NULL);
        SWEEP("CSC view", op_csc, true, NULL);
        make_A(rows[h], 100, 0);
        SWEEP("exportHint", op_hint, true, NULL);
    }
    make_A(40, 100, 0);
    for (int f = 0; f < 3; f++) {
        C.format = (GrB_Format)f;
        OK(GrB_Matrix_exportSize(&C.np, &C.ni, &C.nx, C.format, C.A));
        free(C.Ap);
        free(C.Ai);
        free(C.Ax);
        C.Ap = malloc(C.np * sizeof *C.Ap);
        C.Ai = malloc(C.ni * sizeof *C.Ai);
        C.Ax = malloc(C.nx * sizeof *C.Ax);
        make_A(40, 100, 0);
        /* COO export reads the store itself; CSR and CSC build a view */
        assert_int_equal(sweep("export", op_export, true, NULL) > 1, C.format != GrB_COO_FORMAT);
        SWEEP("import", op_import, true, NULL);
    }
    /* serialize allocates nothing once A is assembled */
    assert_int_equal(sweep("serialize", op_serialize, true, NULL), 1);
    SWEEP("deserialize", op_deserialize, true, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pending, setup, teardown),
        cmocka_unit_test_setup_teardown(test_log_growth, setup, teardown),
        cmocka_unit_test_setup_teardown(test_views_and_io, setup, teardown),
    };
    int64_t live = -1;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    live = GG_mem_live_blocks();
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    /* every object the tests made is gone: no block leaked */
    if (GG_mem_live_blocks() != live) {
        print_error("%lld blocks leaked\n", (long long)(GG_mem_live_blocks() - live));
        failed++;
    }
    GrB_finalize();
    return failed;
}
