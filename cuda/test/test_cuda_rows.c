/* test_cuda_rows.c: an unmasked product's result kept on the device as its rows' CSR32, its tree
 * built on first demand (cuda/slots/mxm_saxpy.c, GG_cuda_mat_install_csr in cuda/store/matrix.c;
 * issue 13's peak memory). Every operation is run on a fresh waiting result W and on the same
 * product built at once through the write-back E (GG_cuda_spgemm_set_csr(0), as
 * GRAPHBLAS_GPU_SPGEMM_CSR=0 does), with CUDA forced, and the two outcomes (and W and E
 * afterwards) are compared entry by entry: mxv and vxm with full and sparse vectors, masked, W as
 * either operand of mxm and as its mask, W = W * W aliased, apply (plain and transposed), select,
 * eWiseAdd/Mult, reductions to a vector and a scalar, extractTuples, extractElement, setElement
 * (which ends the waiting state), transpose, dup, assign, serialize (the blobs byte for byte, so
 * the tree paid from the rows is the eager one), nvals, the CPU and AUTO backends reading W.
 * The readers that need no tree leave W waiting (nvals, the full-vector SpMV on the compact view,
 * the masked pull, W's CSR view as either mxm operand, the reductions to a vector and a scalar),
 * and the full-vector SpMV and the pull make no 64-bit view of them (only the compact view). Shapes: an empty result and a
 * hypersparse left operand are built as before (not waiting); one row waits. Allocation failures
 * swept over paying the tree and widening the views give GrB_OUT_OF_MEMORY, and the retry on W as
 * the failure left it gives E's outcome with W equal to E. Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
#include "GG_cuda.h"
#include "GG_cuda_backend.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test.h"
#include "GG_cuda_mtest.h"
#include "GG_cuda_mxm_narrow.h"
#include "GG_cuda_mxm_saxpy.h"

enum { N = 300 };

static GrB_Matrix A;    /* N x N operand */
static GrB_Vector x, u; /* full and sparse vectors of N */

static bool waits(GrB_Matrix C)
{
    return GG_cuda_mirror_rows_wait(&C->c);
}

/* C = L * R (PLUS_TIMES FP64, CUDA forced), waiting as its rows (rows true) or built at once. */
static GrB_Matrix product(GrB_Matrix L, GrB_Matrix R, bool rows)
{
    GrB_Index m, n;
    OK(GrB_Matrix_nrows(&m, L));
    OK(GrB_Matrix_ncols(&n, R));
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, m, n));
    set_backend(GxG_BACKEND_CUDA);
    GG_cuda_spgemm_set_csr(rows ? 1 : 0);
    size_t before = declines();
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L, R, NULL));
    GG_cuda_spgemm_set_csr(-1);
    assert_int_equal(declines(), before);
    assert_resident(C);
    return C;
}

/* What an operation gave: a matrix, a vector and a scalar, each optional. */
typedef struct {
    GrB_Matrix m;
    GrB_Vector v;
    double s;
} outcome;

typedef struct {
    const char *name;
    void (*run)(GrB_Matrix C, outcome *o);
    bool keeps_wait; /* the operation needs no tree: C still waits after it */
} op;

static GrB_Vector vec(void)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_FP64, N));
    return v;
}

static GrB_Matrix mat(void)
{
    GrB_Matrix m;
    OK(GrB_Matrix_new(&m, GrB_FP64, N, N));
    return m;
}

static void op_nvals(GrB_Matrix C, outcome *o)
{
    GrB_Index n;
    OK(GrB_Matrix_nvals(&n, C));
    o->s = (double)n;
}

static void op_mxv_full(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_mxv(o->v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, x, NULL));
}

static void op_vxm_full(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_vxm(o->v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, x, C, NULL));
}

static void op_mxv_sparse(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_mxv(o->v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, u, NULL));
}

static void op_vxm_sparse(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_vxm(o->v, NULL, NULL, GrB_MIN_PLUS_SEMIRING_FP64, u, C, NULL));
}

static void op_mxv_masked(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_mxv(o->v, u, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, x, GrB_DESC_SC));
}

static void op_left(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_mxm(o->m, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, A, NULL));
}

static void op_right(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_mxm(o->m, NULL, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A, C, NULL));
}

static void op_left_transposed(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_mxm(o->m, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, A, GrB_DESC_T0));
}

static void op_as_mask(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_mxm(o->m, C, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_S));
}

static void op_aliased(GrB_Matrix C, outcome *o)
{
    (void)o;
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, C, NULL));
}

static void op_accum_into(GrB_Matrix C, outcome *o)
{
    (void)o;
    OK(GrB_mxm(C, NULL, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL));
}

static void op_apply(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_apply(o->m, NULL, NULL, GrB_AINV_FP64, C, NULL));
}

static void op_apply_transposed(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_apply(o->m, NULL, NULL, GrB_AINV_FP64, C, GrB_DESC_T0));
}

static void op_select(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_select_INT64(o->m, NULL, NULL, GrB_TRIL, C, 0, NULL));
}

static void op_add(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_eWiseAdd_BinaryOp(o->m, NULL, NULL, GrB_PLUS_FP64, C, A, NULL));
}

static void op_mult(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_eWiseMult_BinaryOp(o->m, NULL, NULL, GrB_TIMES_FP64, A, C, NULL));
}

static void op_reduce_rows(GrB_Matrix C, outcome *o)
{
    o->v = vec();
    OK(GrB_Matrix_reduce_Monoid(o->v, NULL, NULL, GrB_PLUS_MONOID_FP64, C, NULL));
}

static void op_reduce_scalar(GrB_Matrix C, outcome *o)
{
    OK(GrB_Matrix_reduce_FP64(&o->s, NULL, GrB_PLUS_MONOID_FP64, C, NULL));
}

static void op_extract_element(GrB_Matrix C, outcome *o)
{
    for (GrB_Index k = 0; k < 64; k++) {
        double v = 0;
        GrB_Info info = GrB_Matrix_extractElement_FP64(&v, C, k * 7 % N, k * 13 % N);
        assert_true(info == GrB_SUCCESS || info == GrB_NO_VALUE);
        o->s = o->s * 3 + (info == GrB_SUCCESS ? v : -1000);
    }
}

static void op_set_element(GrB_Matrix C, outcome *o)
{
    (void)o;
    OK(GrB_Matrix_setElement_FP64(C, 12345, 3, 5));
    OK(GrB_Matrix_setElement_FP64(C, -7, N - 1, 0));
}

static void op_transpose(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_transpose(o->m, NULL, NULL, C, NULL));
}

static void op_dup(GrB_Matrix C, outcome *o)
{
    OK(GrB_Matrix_dup(&o->m, C));
}

static void op_assign(GrB_Matrix C, outcome *o)
{
    o->m = mat();
    OK(GrB_Matrix_assign(o->m, NULL, NULL, C, GrB_ALL, N, GrB_ALL, N, NULL));
}

/* The serialized blob (its hash in the scalar: W's tree, paid from its rows, must be the eager
 * tree byte for byte) and the matrix deserialized from it. */
static void op_serialize(GrB_Matrix C, outcome *o)
{
    GrB_Index size = 0;
    OK(GrB_Matrix_serializeSize(&size, C));
    unsigned char *blob = malloc(size);
    OK(GrB_Matrix_serialize(blob, &size, C));
    uint64_t h = 1469598103934665603ULL;
    for (GrB_Index k = 0; k < size; k++) h = (h ^ blob[k]) * 1099511628211ULL;
    o->s = (double)(h >> 12); /* exact in a double */
    OK(GrB_Matrix_deserialize(&o->m, GrB_FP64, blob, size));
    free(blob);
}

/* The CPU backend reading W (its tree downloaded), then CUDA again. */
static void op_cpu(GrB_Matrix C, outcome *o)
{
    set_backend(GxG_BACKEND_CPU);
    o->m = mat();
    OK(GrB_mxm(o->m, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, A, NULL));
    o->v = vec();
    OK(GrB_mxv(o->v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, x, NULL));
    set_backend(GxG_BACKEND_CUDA);
}

/* AUTO after the device write: whatever the rule picks reads W correctly. */
static void op_auto(GrB_Matrix C, outcome *o)
{
    set_backend(GxG_BACKEND_AUTO);
    o->m = mat();
    OK(GrB_mxm(o->m, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, C, NULL));
    set_backend(GxG_BACKEND_CUDA);
}

static void op_none(GrB_Matrix C, outcome *o)
{
    (void)C, (void)o; /* the comparison afterwards is extractTuples on W itself */
}

static const op ops[] = {
    {"nvals", op_nvals, true},
    {"extractTuples", op_none, true},
    {"mxv, full vector", op_mxv_full, true},
    {"reduce to a scalar", op_reduce_scalar, true},
    {"W * A", op_left, true},
    {"A * W (MIN_PLUS)", op_right, true},
    {"mxv under !u (the pull)", op_mxv_masked, true},
    {"reduce to a vector", op_reduce_rows, true},
    {"vxm, full vector", op_vxm_full, false},
    {"mxv, sparse vector", op_mxv_sparse, false},
    {"vxm, sparse vector (MIN_PLUS)", op_vxm_sparse, false},
    {"W' * A", op_left_transposed, false},
    {"A * A under W", op_as_mask, false},
    {"W = W * W", op_aliased, false},
    {"W += A * A", op_accum_into, false},
    {"apply", op_apply, false},
    {"apply, transposed", op_apply_transposed, false},
    {"select tril", op_select, false},
    {"eWiseAdd", op_add, false},
    {"eWiseMult", op_mult, false},
    {"extractElement", op_extract_element, false},
    {"setElement", op_set_element, false},
    {"transpose", op_transpose, false},
    {"dup", op_dup, false},
    {"serialize", op_serialize, false},
    {"assign", op_assign, false},
    {"the CPU backend", op_cpu, false},
    {"AUTO", op_auto, false},
};

static void outcome_free(outcome *o)
{
    GrB_free(&o->m);
    GrB_free(&o->v);
}

/* Both outcomes and both matrices equal (compared on the CPU backend, which reads them). */
static void same_outcome(const char *name, outcome *w, outcome *e, GrB_Matrix W, GrB_Matrix E)
{
    set_backend(GxG_BACKEND_CPU);
    if (w->s != e->s) fail_msg("%s: scalar %.17g against %.17g", name, w->s, e->s);
    assert_true((w->m == NULL) == (e->m == NULL) && (w->v == NULL) == (e->v == NULL));
    if (w->m != NULL) same_matrix(w->m, e->m, 0);
    if (w->v != NULL) same_vector(w->v, e->v, 0);
    same_matrix(W, E, 0);
    set_backend(GxG_BACKEND_CUDA);
}

/* Every operation on a fresh waiting W and a fresh eager E of the same product. */
static void every_operation(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        GrB_Matrix W = product(A, A, true), E = product(A, A, false);
        assert_true(waits(W));
        assert_false(waits(E));
        outcome ow = {0}, oe = {0};
        size_t before = declines();
        ops[k].run(W, &ow);
        size_t declined = declines() - before;
        ops[k].run(E, &oe);
        printf("%-32s W %s after it, %zu calls declined\n", ops[k].name,
               waits(W) ? "waits" : "built", declined);
        if (ops[k].keeps_wait && !waits(W)) fail_msg("%s paid W's tree", ops[k].name);
        /* the SpMV kernels and the pull read the compact view made on the rows: no 64-bit view */
        if ((ops[k].run == op_mxv_full || ops[k].run == op_mxv_masked) &&
            GG_cuda_mirror_has_cview(&W->c, false))
            fail_msg("%s widened W's rows into the 64-bit view", ops[k].name);
        same_outcome(ops[k].name, &ow, &oe, W, E);
        outcome_free(&ow), outcome_free(&oe);
        GrB_free(&W), GrB_free(&E);
    }
    set_backend(GxG_BACKEND_AUTO);
}

/* An empty result and a hypersparse left operand are built through the write-back (nothing
 * waits); a single row and a rectangular product wait; all equal the CPU's. */
static void shapes(void **state)
{
    (void)state;
    GrB_Matrix E0, R1, C1, H;
    OK(GrB_Matrix_new(&E0, GrB_FP64, N, 20)); /* no entries: A * E0 is empty */
    R1 = random_matrix(GrB_FP64, 1, N, 0.3);
    C1 = random_matrix(GrB_FP64, N, 40, 0.05);
    /* 2^32 rows (the saxpy slot's most), 50 of them used: op0's CSR view is hypersparse */
    OK(GrB_Matrix_new(&H, GrB_FP64, (GrB_Index)1 << 32, N));
    for (int k = 0; k < 200; k++)
        OK(GrB_Matrix_setElement_FP64(H, (double)(k % 9 + 1),
                                      (GG_cuda_test_next() % 50) * 80000000, GG_cuda_test_next() % N));
    struct {
        const char *name;
        GrB_Matrix L, R;
        bool waits;
    } cases[] = {{"empty result", A, E0, false},
                 {"one row", R1, A, true},
                 {"rectangular", A, C1, true},
                 {"hypersparse rows", H, A, false}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        GrB_Matrix W = product(cases[k].L, cases[k].R, true);
        if (waits(W) != cases[k].waits) fail_msg("%s: waits %d", cases[k].name, (int)waits(W));
        GrB_Matrix ref;
        GrB_Index m, n;
        OK(GrB_Matrix_nrows(&m, W));
        OK(GrB_Matrix_ncols(&n, W));
        OK(GrB_Matrix_new(&ref, GrB_FP64, m, n));
        set_backend(GxG_BACKEND_CPU);
        OK(GrB_mxm(ref, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, cases[k].L, cases[k].R, NULL));
        same_matrix(ref, W, 0);
        GrB_free(&ref), GrB_free(&W);
    }
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&E0), GrB_free(&R1), GrB_free(&C1), GrB_free(&H);
}

/* The k-th device allocation failing, k = 1, 2, ... until the operation no longer reaches it, for
 * operations that widen W's views (W * A, the full-vector mxv) or pay its tree (vxm, a host read):
 * each failure is GrB_OUT_OF_MEMORY with W unchanged (compared with E afterwards), and the retry
 * gives E's outcome. */
static void out_of_memory(void **state)
{
    (void)state;
    static const op swept[] = {{"W * A", op_left, true},
                               {"mxv, full vector", op_mxv_full, true},
                               {"vxm, full vector", op_vxm_full, false},
                               {"transpose", op_transpose, false}};
    /* under compute-sanitizer (GG_TEST_SANITIZER) the product's sweep alone: the four sweeps ran
     * past memcheck's 220 s limit on the H200 host (eleventh session) */
    size_t nswept = getenv("GG_TEST_SANITIZER") != NULL ? 1 : sizeof swept / sizeof swept[0];
    for (size_t q = 0; q < nswept; q++) {
        GrB_Matrix E = product(A, A, false);
        outcome oe = {0};
        swept[q].run(E, &oe);
        long failures = 0;
        for (int64_t k = 1; k < 100000; k++) {
            GrB_Matrix W = product(A, A, true);
            outcome ow = {0};
            assert_true(GG_cuda_sync());
            GG_cuda_fail_after(k);
            /* the call itself (the ops assert success) */
            GrB_Info info = GrB_SUCCESS;
            if (swept[q].run == op_left) {
                ow.m = mat();
                info = GrB_mxm(ow.m, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, W, A, NULL);
            } else if (swept[q].run == op_mxv_full || swept[q].run == op_vxm_full) {
                ow.v = vec();
                info = swept[q].run == op_mxv_full
                           ? GrB_mxv(ow.v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, W, x, NULL)
                           : GrB_vxm(ow.v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, x, W, NULL);
            } else {
                ow.m = mat();
                info = GrB_transpose(ow.m, NULL, NULL, W, NULL);
            }
            bool reached = GG_cuda_fail_after(0) == 0;
            if (reached && info != GrB_SUCCESS) {
                failures++;
                if (info != GrB_OUT_OF_MEMORY)
                    fail_msg("%s, allocation %lld failing: %d", swept[q].name, (long long)k,
                             (int)info);
                outcome_free(&ow);
                swept[q].run(W, &ow); /* the retry, on W as the failure left it */
            }
            same_outcome(swept[q].name, &ow, &oe, W, E);
            outcome_free(&ow);
            GrB_free(&W);
            if (!reached) break;
        }
        printf("%-20s %ld allocations failed in turn, each GrB_OUT_OF_MEMORY with W unchanged\n",
               swept[q].name, failures);
        assert_true(failures > 0);
        outcome_free(&oe);
        GrB_free(&E);
    }
    set_backend(GxG_BACKEND_AUTO);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    /* the row-wise saxpy (the narrow products of few rows are test_cuda_narrow.c's) */
    GG_cuda_mxm_narrow_set_rows(0);
    A = random_matrix(GrB_FP64, N, N, 0.02);
    x = random_vector(GrB_FP64, N, 1.0);
    u = random_vector(GrB_FP64, N, 0.05);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_operation),
        cmocka_unit_test(shapes),
        cmocka_unit_test(out_of_memory),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_free(&A), GrB_free(&x), GrB_free(&u);
    GrB_finalize();
    return failed;
}
