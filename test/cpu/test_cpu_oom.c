/* test_cpu_oom.c: out of memory in the CPU backend's slots. Each operation runs with the k-th
 * allocation failing, for every k until it succeeds: it must return GrB_OUT_OF_MEMORY with the
 * output unchanged, or succeed with the right result, and leak nothing. Links the internals for
 * the allocator's failure injection and block counter (GG_mem_fail_after, GG_mem_live_blocks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "GG_internal.h"
#include "GG_test.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define N 40

typedef struct {
    GrB_Matrix A, M;
    GrB_Vector u, m;
    GrB_Descriptor d;
} inputs;

/* An operation on the output C (a matrix, or a vector when the operation wants one). */
typedef GrB_Info (*op_fn)(GrB_Matrix C, GrB_Vector w, const inputs *in);

static uint64_t seed = 12345;

static double rnd01(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) / 9007199254740992.0;
}

static GrB_Matrix random_matrix(GrB_Type type, double density)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, N, N));
    for (GrB_Index i = 0; i < N; i++)
        for (GrB_Index j = 0; j < N; j++)
            if (rnd01() < density) OK(GrB_Matrix_setElement_FP64(A, (int)(rnd01() * 9) - 4, i, j));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

static GrB_Vector random_vector(GrB_Type type, double density)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, type, N));
    for (GrB_Index i = 0; i < N; i++)
        if (rnd01() < density) OK(GrB_Vector_setElement_FP64(v, (int)(rnd01() * 9) - 4, i));
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return v;
}

/* Whether the two matrices (or vectors) hold the same tuples. */
static bool same(GrB_Matrix A, GrB_Vector a, GrB_Matrix B, GrB_Vector b)
{
    GrB_Index na, nb, I1[N * N], J1[N * N], I2[N * N], J2[N * N];
    double X1[N * N], X2[N * N];
    if (A != NULL) {
        GrB_Matrix_nvals(&na, A), GrB_Matrix_nvals(&nb, B);
        if (na != nb) return false;
        GrB_Matrix_extractTuples_FP64(I1, J1, X1, &na, A);
        GrB_Matrix_extractTuples_FP64(I2, J2, X2, &nb, B);
    } else {
        GrB_Vector_nvals(&na, a), GrB_Vector_nvals(&nb, b);
        if (na != nb) return false;
        GrB_Vector_extractTuples_FP64(I1, X1, &na, a);
        GrB_Vector_extractTuples_FP64(I2, X2, &nb, b);
        for (GrB_Index k = 0; k < na; k++) J1[k] = J2[k] = 0;
    }
    for (GrB_Index k = 0; k < na; k++)
        if (I1[k] != I2[k] || J1[k] != J2[k] || X1[k] != X2[k]) return false;
    return true;
}

/* Runs op on copies of the output with the k-th allocation failing, k = 1, 2, ... */
static void sweep(const char *name, op_fn op, bool vector_out, const inputs *in)
{
    GrB_Matrix C0 = NULL, want = NULL, C = NULL;
    GrB_Vector w0 = NULL, wantv = NULL, w = NULL;
    if (vector_out) {
        w0 = random_vector(GrB_FP64, 0.4);
        OK(GrB_Vector_dup(&wantv, w0));
    } else {
        C0 = random_matrix(GrB_FP64, 0.3);
        OK(GrB_Matrix_dup(&want, C0));
    }
    OK(op(want, wantv, in)); /* also builds the inputs' cached views */
    /* deferred work of the expected result (a line assign's log) is finished before counting */
    if (want != NULL) OK(GrB_Matrix_wait(want, GrB_MATERIALIZE));
    /* and a result the device wrote is brought to the host now: its first host read (the first
     * comparison below) would otherwise allocate its host copy inside the counted sweep */
    if (!same(want, wantv, want, wantv)) fail_msg("%s: the expected result differs from itself", name);
    int failures = 0;
    for (int64_t k = 1;; k++) {
        int64_t base = GG_mem_live_blocks();
        if (vector_out)
            OK(GrB_Vector_dup(&w, w0)), OK(GrB_Vector_wait(w, GrB_MATERIALIZE));
        else
            OK(GrB_Matrix_dup(&C, C0)), OK(GrB_Matrix_wait(C, GrB_MATERIALIZE));
        GG_mem_fail_after(k);
        GrB_Info info = op(C, w, in);
        GG_mem_fail_after(0);
        bool done = info == GrB_SUCCESS;
        if (done) {
            if (!same(want, wantv, C, w)) fail_msg("%s: wrong result after %d failures", name, failures);
        } else {
            if (info != GrB_OUT_OF_MEMORY) fail_msg("%s: k = %lld gave %d", name, (long long)k, info);
            if (!same(C0, w0, C, w)) fail_msg("%s: k = %lld changed the output", name, (long long)k);
            failures++;
        }
        GrB_Matrix_free(&C);
        GrB_Vector_free(&w);
        if (GG_mem_live_blocks() != base)
            fail_msg("%s: k = %lld leaked %lld blocks", name, (long long)k,
                     (long long)(GG_mem_live_blocks() - base));
        if (done) break;
    }
    assert_true(failures > 0); /* the sweep reached the slot's allocations */
    GrB_Matrix_free(&C0), GrB_Matrix_free(&want), GrB_Vector_free(&w0), GrB_Vector_free(&wantv);
}

static GrB_Info op_apply(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_Matrix_apply(C, in->M, GrB_PLUS_FP64, GrB_AINV_FP64, in->A, in->d);
}

static GrB_Info op_select(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_Matrix_select_INT64(C, in->M, GrB_MINUS_FP64, GrB_TRIL, in->A, 1, in->d);
}

static GrB_Info op_reduce(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)C;
    return GrB_Matrix_reduce_Monoid(w, in->m, GrB_TIMES_FP64, GrB_PLUS_MONOID_FP64, in->A, in->d);
}

static GrB_Info op_transpose(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_transpose(C, in->M, GrB_MAX_FP64, in->A, in->d);
}

static const GrB_Index list[] = {3, 1, 3, 7, 0, 39, 12, 5, 5, 20};

static GrB_Info op_extract(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)C;
    return GrB_Col_extract(w, in->m, GrB_PLUS_FP64, in->A, GrB_ALL, N, 4, in->d);
}

static GrB_Info op_assign(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    GrB_Matrix S;
    GrB_Info info = GrB_Matrix_new(&S, GrB_FP64, 10, 10);
    if (info != GrB_SUCCESS) return info;
    for (GrB_Index k = 0; k < 10 && info == GrB_SUCCESS; k++)
        info = GrB_Matrix_setElement_FP64(S, (double)k, k, (k * 3) % 10);
    if (info == GrB_SUCCESS) info = GrB_Matrix_assign(C, in->M, NULL, S, list, 10, list, 10, in->d);
    GrB_Matrix_free(&S);
    return info;
}

static GrB_Info op_assign_scalar(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_Matrix_assign_FP64(C, in->M, GrB_PLUS_FP64, 2.5, list, 10, GrB_ALL, N, in->d);
}

static GrB_Info op_row_assign(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_Row_assign(C, in->m, NULL, in->u, 6, GrB_ALL, N, in->d);
}

static GrB_Info op_col_assign(GrB_Matrix C, GrB_Vector w, const inputs *in)
{
    (void)w;
    return GrB_Col_assign(C, in->m, GrB_PLUS_FP64, in->u, GrB_ALL, N, 9, in->d);
}

static void test_oom_sweeps(void **state)
{
    (void)state;
    inputs in;
    in.A = random_matrix(GrB_INT32, 0.4);
    in.M = random_matrix(GrB_BOOL, 0.5);
    in.u = random_vector(GrB_FP32, 0.5);
    in.m = random_vector(GrB_INT8, 0.5);
    /* replace, a complemented mask and a transposed input */
    OK(GrB_Descriptor_new(&in.d));
    OK(GrB_Descriptor_set(in.d, GrB_OUTP, GrB_REPLACE));
    OK(GrB_Descriptor_set(in.d, GrB_MASK, GrB_COMP));
    sweep("apply", op_apply, false, &in);
    sweep("select", op_select, false, &in);
    sweep("assign", op_assign, false, &in);
    sweep("assign scalar", op_assign_scalar, false, &in);
    sweep("row assign", op_row_assign, false, &in);
    sweep("col assign", op_col_assign, false, &in);
    OK(GrB_Descriptor_set(in.d, GrB_INP0, GrB_TRAN));
    sweep("apply transposed", op_apply, false, &in);
    sweep("reduce columns", op_reduce, true, &in);
    sweep("transpose", op_transpose, false, &in);
    sweep("extract a row", op_extract, true, &in);

    /* a reduction to a GrB_Scalar leaves it as it was */
    GrB_Scalar s;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(s, 7));
    for (int64_t k = 1;; k++) {
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_reduce_Monoid_Scalar(s, GrB_PLUS_FP64, GrB_MAX_MONOID_FP64, in.A, NULL);
        GG_mem_fail_after(0);
        double x;
        OK(GrB_Scalar_extractElement_FP64(&x, s));
        if (info == GrB_SUCCESS) {
            assert_true(x == 7 + 4);
            break;
        }
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        assert_true(x == 7);
    }
    GrB_Scalar_free(&s);
    GrB_Matrix_free(&in.A), GrB_Matrix_free(&in.M), GrB_Vector_free(&in.u), GrB_Vector_free(&in.m);
    GrB_Descriptor_free(&in.d);
}

/* The sweeps fail host allocations inside the CPU slots: a run with CUDA forced
 * (tools/device-check.sh's "forced" step) keeps them there; the device's allocation failures are
 * cuda_oom's. */
static int cpu_setup(void **state)
{
    if (GG_test_setup(state) != 0) return -1;
    return GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND) == GrB_SUCCESS ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_oom_sweeps)};
    return cmocka_run_group_tests(tests, cpu_setup, GG_test_teardown);
}
