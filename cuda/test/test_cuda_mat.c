/* test_cuda_mat.c: matrix results that stay on the device (issue 11: a GPU operation that produces
 * a matrix builds it on the device; the device masked write-back of matrices). Each parity case
 * runs apply, select, eWiseAdd, eWiseMult (the trees' operators and, by a merge of tuples, every
 * other built-in one) or the assign of a scalar over all of C once with GxG_BACKEND forced to the
 * CPU and once forced to CUDA, over no mask, a valued, structural or complemented mask, with and
 * without replace and an accumulator, and with C aliased to an input or the mask; the decline
 * counter must not move (the device computed it), the CUDA result must answer nvals without a
 * copy (it is device-resident) and its tuples must equal the CPU's. Selects without a mask or an
 * accumulator run no sort (GG_cuda_sort_count), and a device view costs one, none when the select
 * filtered it from its input's. Further tests cover the
 * residency contract: a device-resident select result feeds mxv and reduce through views built on
 * the device, moving no matrix content; host reads (extractTuples, extractElement, dup, transpose)
 * and host writes (setElement) see the device result; free with queued work; out of device
 * memory leaves C intact. The calls betweenness centrality makes (a masked DIV, an accumulated
 * TIMES, a masked assign of true) take their paths in tree order, traced, with no write-back and
 * no sort, and equal the CPU's.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
#include "GG_cuda_backend.h"
#include "GG_cuda.h"

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

#define NR 40
#define NC 50

/* The write-back variants: descriptor (mask kind, replace), the same with the first input
 * transposed, and whether a mask is passed. */
typedef struct {
    GrB_Descriptor d, dt;
    bool masked;
} wb_case;

static wb_case wbs[12];
static int nwbs;

static void init_cases(void)
{
    GrB_Descriptor d[] = {NULL, GrB_DESC_S, GrB_DESC_C, GrB_DESC_SC,
                          GrB_DESC_R, GrB_DESC_RS, GrB_DESC_RC, GrB_DESC_RSC};
    GrB_Descriptor dt[] = {GrB_DESC_T0, GrB_DESC_ST0, GrB_DESC_CT0, GrB_DESC_SCT0,
                           GrB_DESC_RT0, GrB_DESC_RST0, GrB_DESC_RCT0, GrB_DESC_RSCT0};
    nwbs = 0;
    for (size_t k = 0; k < sizeof d / sizeof d[0]; k++) wbs[nwbs++] = (wb_case){d[k], dt[k], true};
    wbs[nwbs++] = (wb_case){NULL, GrB_DESC_T0, false};
    wbs[nwbs++] = (wb_case){GrB_DESC_R, GrB_DESC_RT0, false};
}

/* One operation under test: writes C with mask M and accumulator acc under descriptor d. */
typedef GrB_Info (*op_fn)(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                          const void *ctx);

/* Runs f on both backends for every write-back case and accumulator, C starting from C0, the mask
 * of mtype; `alias` makes C the mask, `tran` transposes the first input. */
static void parity(const char *name, op_fn f, const void *ctx, GrB_Type ctype, GrB_Type mtype,
                   GrB_BinaryOp accum, bool alias, bool tran)
{
    for (int w = 0; w < nwbs; w++) {
        for (int a = 0; a < 2; a++) {
            GrB_Matrix C0 = random_matrix(ctype, NR, NC, 0.1);
            GrB_Matrix M = random_matrix(mtype, NR, NC, 0.3);
            GrB_Matrix C[2];
            for (int b = 0; b < 2; b++) {
                C[b] = mdup(C0);
                set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                size_t before = declines();
                GrB_Matrix mask = !wbs[w].masked ? NULL : alias ? C[b] : M;
                GrB_Info info = f(C[b], mask, a ? accum : NULL, tran ? wbs[w].dt : wbs[w].d, ctx);
                if (info != GrB_SUCCESS)
                    fail_msg("%s: case %d, accum %d, backend %d: %d", name, w, a, b, (int)info);
                if (b == 1 && declines() != before)
                    fail_msg("%s declined: case %d, accum %d", name, w, a);
                if (b == 1) assert_resident(C[1]);
            }
            set_backend(GxG_BACKEND_CPU);
            same_matrix(C[0], C[1], 0);
            GrB_free(&C0), GrB_free(&M), GrB_free(&C[0]), GrB_free(&C[1]);
        }
    }
}

/* ---- the operations ------------------------------------------------------------------------------ */

typedef struct {
    GrB_Matrix A, B;
    GrB_UnaryOp unop;
    GrB_BinaryOp binop;
    GrB_IndexUnaryOp idxop;
    double s;
} op_ctx;

static GrB_Info do_apply(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                         const void *ctx)
{
    const op_ctx *c = ctx;
    if (c->unop != NULL) return GrB_Matrix_apply(C, M, acc, c->unop, c->A, d);
    if (c->binop != NULL)
        return GrB_Matrix_apply_BinaryOp2nd_FP64(C, M, acc, c->binop, c->A, c->s, d);
    return GrB_Matrix_apply_IndexOp_INT64(C, M, acc, c->idxop, c->A, (int64_t)c->s, d);
}

static GrB_Info do_select(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                          const void *ctx)
{
    const op_ctx *c = ctx;
    return GrB_Matrix_select_FP64(C, M, acc, c->idxop, c->A, c->s, d);
}

static GrB_Info do_add(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                       const void *ctx)
{
    const op_ctx *c = ctx;
    return GrB_Matrix_eWiseAdd_BinaryOp(C, M, acc, c->binop, c->A, c->B, d);
}

static GrB_Info do_mult(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                        const void *ctx)
{
    const op_ctx *c = ctx;
    return GrB_Matrix_eWiseMult_BinaryOp(C, M, acc, c->binop, c->A, c->B, d);
}

/* ---- parity ---------------------------------------------------------------------------------- */

static void apply_parity(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.15), At = random_matrix(GrB_INT32, NC, NR, 0.15);
    /* T of FP64 into C of INT32 (cast in the write-back), MINUS accumulates C - T */
    op_ctx c1 = {.A = A, .unop = GrB_AINV_FP64};
    parity("apply AINV", do_apply, &c1, GrB_INT32, GrB_BOOL, GrB_MINUS_INT32, false, false);
    op_ctx c2 = {.A = A, .binop = GrB_TIMES_FP64, .s = 2.5};
    parity("apply TIMES 2nd", do_apply, &c2, GrB_FP64, GrB_FP32, GrB_PLUS_FP64, false, false);
    op_ctx c3 = {.A = At, .idxop = GrB_ROWINDEX_INT64, .s = 3};
    parity("apply ROWINDEX of A'", do_apply, &c3, GrB_INT64, GrB_INT32, GrB_MAX_INT64, false, true);
    op_ctx c4 = {.A = A, .binop = GrB_MINUS_FP64, .s = 1};
    parity("apply MINUS, C is the mask", do_apply, &c4, GrB_FP64, GrB_FP64, GrB_PLUS_FP64, true,
           false);
    GrB_free(&A), GrB_free(&At);
}

static void select_parity(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.2), At = random_matrix(GrB_FP64, NC, NR, 0.2);
    op_ctx c1 = {.A = A, .idxop = GrB_VALUEGT_FP64, .s = 5};
    parity("select VALUEGT", do_select, &c1, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false, false);
    op_ctx c2 = {.A = A, .idxop = GrB_TRIL, .s = 2};
    parity("select TRIL into INT32", do_select, &c2, GrB_INT32, GrB_INT64, GrB_MINUS_INT32, false,
           false);
    op_ctx c3 = {.A = At, .idxop = GrB_VALUELE_FP64, .s = 3};
    parity("select VALUELE of A'", do_select, &c3, GrB_FP64, GrB_UINT8, GrB_MIN_FP64, false, true);
    op_ctx c4 = {.A = A, .idxop = GrB_OFFDIAG, .s = 0};
    parity("select OFFDIAG, C is the mask", do_select, &c4, GrB_FP64, GrB_FP64, GrB_SECOND_FP64,
           true, false);
    GrB_free(&A), GrB_free(&At);
}

/* ---- select by the INT32 index-value operators ------------------------------------------------- */

static GrB_Info do_select_int64(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                                const void *ctx)
{
    const op_ctx *c = ctx;
    return GrB_Matrix_select_INT64(C, M, acc, c->idxop, c->A, (int64_t)c->s, d);
}

typedef struct {
    GrB_Matrix A, C;
    GrB_IndexUnaryOp op;
    int64_t y;
} wide_run;

static void wide_select(void *arg)
{
    wide_run *w = arg;
    OK(GrB_Matrix_select_INT64(w->C, NULL, NULL, w->op, w->A, w->y, NULL));
}

/* GrB_ROWINDEX/COLINDEX/DIAGINDEX_INT32 select as SuiteSparse 7.4 does: an entry stays when the
 * 64-bit i + y, j + y or j - (i + y) is nonzero (Doc/decisions.md, "select with INT32 index
 * operators"), so each thunk here, -d in int32, keeps every entry, where a test of the int32
 * value would drop row 3, column 7 or the diagonal j - i = -5 of A (vectors: position 3, all,
 * position 5). On the device's select paths: every write-back case and A' (the tuples,
 * mat_tuples.cu), C = select(A) from A's tree-order keys and from A's device CSR view
 * (mat_select.cu, both traced), and vectors sparse, bitmap and full (vec_ewise.cu): no decline,
 * the CPU's result, and C = select(A) is all of A on both backends. */
static void select_int32_index_ops(void **state)
{
    (void)state;
    const int64_t P32 = (int64_t)1 << 32;
    GrB_IndexUnaryOp ops[3] = {GrB_ROWINDEX_INT32, GrB_COLINDEX_INT32, GrB_DIAGINDEX_INT32};
    const int64_t ym[3] = {P32 - 3, -P32 - 7, -P32 - 5}, yv[3] = {P32 - 3, -P32, -P32 - 5};
    const char *names[3] = {"select ROWINDEX_INT32 2^32-3", "select COLINDEX_INT32 -2^32-7",
                            "select DIAGINDEX_INT32 -2^32-5"};
    GrB_Matrix At = random_matrix(GrB_FP64, NC, NR, 0.3);
    GrB_Vector u[3] = {random_vector(GrB_FP64, 1000, 0.01), random_vector(GrB_FP64, 1000, 0.5),
                       NULL};
    OK(GrB_Vector_new(&u[2], GrB_FP64, 1000));
    OK(GrB_Vector_assign_FP64(u[2], NULL, NULL, 2.0, GrB_ALL, 1000, NULL));
    OK(GrB_Vector_setElement_FP64(u[0], 1.0, 3)); /* the positions a wrap would drop */
    OK(GrB_Vector_setElement_FP64(u[0], 1.0, 5));
    for (int o = 0; o < 3; o++) {
        GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.3);
        op_ctx c = {.A = A, .idxop = ops[o], .s = (double)ym[o]}, ct = c;
        ct.A = At;
        parity(names[o], do_select_int64, &c, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false, false);
        parity(names[o], do_select_int64, &ct, GrB_FP64, GrB_INT32, GrB_MINUS_FP64, false, true);
        GrB_Index na, nc;
        OK(GrB_Matrix_nvals(&na, A));
        for (int b = 0; b < 2; b++) {
            wide_run w = {.A = A, .op = ops[o], .y = ym[o]};
            OK(GrB_Matrix_new(&w.C, GrB_FP64, NR, NC));
            set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
            size_t before = declines();
            char buf[8192];
            traced(wide_select, &w, buf, sizeof buf);
            if (b == 1) assert_non_null(strstr(buf, "made from the input's tree order"));
            /* A's CSR view to the device (a reduce by rows), then the view path */
            GrB_Vector rows;
            OK(GrB_Vector_new(&rows, GrB_FP64, NR));
            OK(GrB_Matrix_reduce_Monoid(rows, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
            GrB_Matrix C1;
            OK(GrB_Matrix_new(&C1, GrB_FP64, NR, NC));
            wide_run wv = {.A = A, .C = C1, .op = ops[o], .y = ym[o]};
            traced(wide_select, &wv, buf, sizeof buf);
            if (b == 1) {
                assert_non_null(strstr(buf, "CSR view filtered from the input's"));
                assert_true(declines() == before);
                assert_resident(w.C), assert_resident(C1);
            }
            set_backend(GxG_BACKEND_CPU);
            OK(GrB_Matrix_nvals(&nc, w.C));
            assert_int_equal(nc, na);
            same_matrix(w.C, A, 0);
            same_matrix(C1, A, 0);
            GrB_free(&w.C), GrB_free(&C1), GrB_free(&rows);
        }
        for (int f = 0; f < 3; f++) {
            GrB_Vector w[2];
            for (int b = 0; b < 2; b++) {
                OK(GrB_Vector_new(&w[b], GrB_FP64, 1000));
                set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                size_t before = declines();
                OK(GrB_Vector_select_INT64(w[b], NULL, NULL, ops[o], u[f], yv[o], NULL));
                if (b == 1) assert_true(declines() == before);
            }
            set_backend(GxG_BACKEND_CPU);
            same_vector(w[0], w[1], 0);
            same_vector(w[1], u[f], 0);
            GrB_free(&w[0]), GrB_free(&w[1]);
        }
        GrB_free(&A);
    }
    for (int f = 0; f < 3; f++) GrB_free(&u[f]);
    GrB_free(&At);
    set_backend(GxG_BACKEND_AUTO);
}

static void ewise_parity(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.2), B = random_matrix(GrB_FP64, NR, NC, 0.2);
    op_ctx c = {.A = A, .B = B, .binop = GrB_PLUS_FP64};
    parity("eWiseAdd PLUS", do_add, &c, GrB_FP64, GrB_BOOL, GrB_MINUS_FP64, false, false);
    parity("eWiseMult PLUS", do_mult, &c, GrB_FP64, GrB_FP64, GrB_TIMES_FP64, false, false);
    /* C of another type than the operator's: T's tree goes through the write-back */
    parity("eWiseAdd into INT64", do_add, &c, GrB_INT64, GrB_INT32, GrB_PLUS_INT64, false, false);
    /* A transposed: op0(A) is A' */
    GrB_Matrix At = random_matrix(GrB_FP64, NC, NR, 0.2);
    op_ctx t = {.A = At, .B = B, .binop = GrB_MINUS_FP64};
    parity("eWiseAdd MINUS of A'", do_add, &t, GrB_FP64, GrB_FP64, GrB_PLUS_FP64, false, true);
    GrB_free(&At);
    op_ctx m = {.A = A, .B = B, .binop = GrB_MIN_FP64};
    parity("eWiseMult MIN, C is the mask", do_mult, &m, GrB_FP64, GrB_FP64, GrB_PLUS_FP64, true,
           false);
    GrB_free(&A), GrB_free(&B);
}

/* Operators and types the trees' merge does not take (the comparisons, positional ones,
 * FIRST/SECOND through a typecast, an input without entries): the device merges the inputs'
 * tuples (GG_cuda_mat_ewise). DIV, which the trees' merge takes since it knows every operator
 * by its code, stays here for its write-back cases. Values include 0, so DIV meets x/0 on both
 * backends. */
static void ewise_merge_parity(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.2), B = random_matrix(GrB_FP64, NR, NC, 0.2);
    GrB_Matrix Ai = random_matrix(GrB_INT32, NR, NC, 0.2), Bi = random_matrix(GrB_INT32, NR, NC, 0.2);
    GrB_Matrix Ab = random_matrix(GrB_BOOL, NR, NC, 0.2), Bb = random_matrix(GrB_BOOL, NR, NC, 0.2);
    GrB_Matrix At = random_matrix(GrB_FP64, NC, NR, 0.2), E;
    OK(GrB_Matrix_new(&E, GrB_FP64, NR, NC));
    op_ctx div = {.A = A, .B = B, .binop = GrB_DIV_FP64};
    parity("eWiseMult DIV", do_mult, &div, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false, false);
    parity("eWiseAdd DIV", do_add, &div, GrB_FP64, GrB_FP64, GrB_TIMES_FP64, false, false);
    parity("eWiseMult DIV, C is the mask", do_mult, &div, GrB_FP64, GrB_FP64, GrB_PLUS_FP64, true,
           false);
    op_ctx idiv = {.A = Ai, .B = Bi, .binop = GrB_DIV_INT32};
    parity("eWiseAdd DIV INT32", do_add, &idiv, GrB_INT32, GrB_INT32, GrB_MINUS_INT32, false, false);
    op_ctx first = {.A = A, .B = B, .binop = GrB_FIRST_INT32}; /* FP64 inputs cast to INT32 */
    parity("eWiseAdd FIRST INT32 of FP64", do_add, &first, GrB_INT32, GrB_BOOL, GrB_PLUS_INT32,
           false, false);
    op_ctx second = {.A = Ai, .B = B, .binop = GrB_SECOND_FP64}; /* A INT32, B FP64 */
    parity("eWiseMult SECOND, A INT32", do_mult, &second, GrB_FP64, GrB_INT32, GrB_MINUS_FP64,
           false, false);
    op_ctx lt = {.A = A, .B = B, .binop = GrB_LT_FP64};
    parity("eWiseAdd LT into BOOL", do_add, &lt, GrB_BOOL, GrB_FP64, GrB_LOR, false, false);
    op_ctx eq = {.A = Ai, .B = Bi, .binop = GrB_EQ_INT32};
    parity("eWiseMult EQ into INT32", do_mult, &eq, GrB_INT32, GrB_BOOL, GrB_PLUS_INT32, false,
           false);
    op_ctx gt = {.A = Ab, .B = Bb, .binop = GrB_GT_BOOL};
    parity("eWiseAdd GT BOOL", do_add, &gt, GrB_BOOL, GrB_BOOL, GrB_LXOR, false, false);
    op_ctx pos = {.A = At, .B = B, .binop = GxB_SECONDJ_INT64};
    parity("eWiseMult SECONDJ of A'", do_mult, &pos, GrB_INT64, GrB_BOOL, GrB_PLUS_INT64, false,
           true);
    op_ctx empty = {.A = A, .B = E, .binop = GrB_DIV_FP64};
    parity("eWiseAdd DIV, B empty", do_add, &empty, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false,
           false);
    parity("eWiseMult DIV, B empty", do_mult, &empty, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false,
           false);
    GrB_free(&A), GrB_free(&B), GrB_free(&Ai), GrB_free(&Bi), GrB_free(&Ab), GrB_free(&Bb);
    GrB_free(&At), GrB_free(&E);
}

/* ---- assign of a scalar over all of C -------------------------------------------------------------- */

static GrB_Info do_assign_fp64(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                               const void *ctx)
{
    return GrB_Matrix_assign_FP64(C, M, acc, *(const double *)ctx, GrB_ALL, NR, GrB_ALL, NC, d);
}

static GrB_Info do_assign_bool(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                               const void *ctx)
{
    (void)ctx;
    return GrB_Matrix_assign_BOOL(C, M, acc, true, GrB_ALL, NR, GrB_ALL, NC, d);
}

static GrB_Info do_assign_scalar(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                                 const void *ctx)
{
    return GrB_Matrix_assign_Scalar(C, M, acc, *(const GrB_Scalar *)ctx, GrB_ALL, NR, GrB_ALL, NC,
                                    d);
}

/* C<M>(:, :) = s on the device (GG_cuda_mslot_assign): structural and valued masks (FP64 and
 * INT32 masks hold zeros), complemented ones and none, replace, accumulators, the scalar cast to
 * C's type, C as its own mask, and an empty GrB_Scalar. */
static void assign_scalar_parity(void **state)
{
    (void)state;
    double x = 2.5;
    parity("assign FP64", do_assign_fp64, &x, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false, false);
    parity("assign FP64 into INT32", do_assign_fp64, &x, GrB_INT32, GrB_INT32, GrB_MINUS_INT32,
           false, false);
    parity("assign BOOL", do_assign_bool, NULL, GrB_BOOL, GrB_FP64, GrB_LOR, false, false);
    parity("assign FP64, C is the mask", do_assign_fp64, &x, GrB_FP64, GrB_FP64, GrB_MINUS_FP64,
           true, false);
    GrB_Scalar e;
    OK(GrB_Scalar_new(&e, GrB_FP64));
    parity("assign an empty scalar", do_assign_scalar, &e, GrB_FP64, GrB_BOOL, GrB_PLUS_FP64, false,
           false);
    GrB_free(&e);
}

/* Under AUTO a scalar filling all of a new, empty C is taken by the cells it writes, not by its
 * operands' entries (none): BC's 4 x n fill of ones and SSSP's +inf distances went to the CPU, and
 * every later device call read them from there. A fill of few cells stays on the host. */
static void assign_fill_taken_by_cells(void **state)
{
    (void)state;
    set_backend(GxG_BACKEND_AUTO);
    const GrB_Index nc[2] = {100, (GrB_Index)1 << 16}; /* 400 cells; 2^18 cells */
    for (int big = 0; big < 2; big++) {
        GrB_Matrix C;
        OK(GrB_Matrix_new(&C, GrB_FP64, 4, nc[big]));
        size_t before = declines();
        OK(GrB_Matrix_assign_FP64(C, NULL, NULL, 1.0, GrB_ALL, 4, GrB_ALL, nc[big], NULL));
        assert_int_equal(declines(), before + (big ? 0 : 1));
        if (big) assert_resident(C);
        GrB_Index n;
        double x = 0;
        OK(GrB_Matrix_nvals(&n, C));
        assert_int_equal(n, 4 * nc[big]);
        OK(GrB_Matrix_extractElement_FP64(&x, C, 3, nc[big] - 1));
        assert_true(x == 1.0);
        GrB_free(&C);
        /* the same for a vector of as many positions (SSSP's +inf distances) */
        GrB_Vector v;
        OK(GrB_Vector_new(&v, GrB_FP64, 4 * nc[big]));
        before = declines();
        OK(GrB_Vector_assign_FP64(v, NULL, NULL, INFINITY, GrB_ALL, 4 * nc[big], NULL));
        assert_int_equal(declines(), before + (big ? 0 : 1));
        OK(GrB_Vector_nvals(&n, v));
        assert_int_equal(n, 4 * nc[big]);
        OK(GrB_Vector_extractElement_FP64(&x, v, 4 * nc[big] - 1));
        assert_true(isinf(x) && x > 0);
        GrB_free(&v);
    }
}

/* C aliased with an input: C = f(C) in place on both backends. */
static void aliased_input(void **state)
{
    (void)state;
    GrB_Matrix C0 = random_matrix(GrB_FP64, NR, NC, 0.2), M = random_matrix(GrB_BOOL, NR, NC, 0.4);
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        OK(GrB_Matrix_select_FP64(C[b], M, GrB_PLUS_FP64, GrB_VALUEGE_FP64, C[b], 4.0, GrB_DESC_R));
        OK(GrB_Matrix_apply(C[b], NULL, GrB_MINUS_FP64, GrB_AINV_FP64, C[b], NULL));
        OK(GrB_Matrix_eWiseAdd_BinaryOp(C[b], M, NULL, GrB_MAX_FP64, C[b], C0, GrB_DESC_S));
        OK(GrB_Matrix_eWiseMult_BinaryOp(C[b], NULL, NULL, GrB_TIMES_FP64, C[b], C[b], NULL));
        if (b == 1) assert_true(declines() == before);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C0), GrB_free(&M), GrB_free(&C[0]), GrB_free(&C[1]);
}

/* Results with no entry, and a mask with no entry. */
static void empty_results(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.1), E;
    GrB_Matrix C0 = random_matrix(GrB_FP64, NR, NC, 0.1);
    OK(GrB_Matrix_new(&E, GrB_BOOL, NR, NC));
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_select_FP64(C[b], NULL, NULL, GrB_VALUEGT_FP64, A, 100.0, NULL));
        if (b == 1) assert_resident(C[1]);
        GrB_Index n;
        OK(GrB_Matrix_nvals(&n, C[b]));
        assert_int_equal(n, 0);
        OK(GrB_Matrix_apply(C[b], E, GrB_PLUS_FP64, GrB_AINV_FP64, A, GrB_DESC_R)); /* none */
        OK(GrB_Matrix_nvals(&n, C[b]));
        assert_int_equal(n, 0);
        OK(GrB_Matrix_apply(C[b], E, NULL, GrB_AINV_FP64, A, GrB_DESC_SC)); /* all allowed */
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&A), GrB_free(&C0), GrB_free(&E), GrB_free(&C[0]), GrB_free(&C[1]);
}

/* ---- inputs in order (GG_cuda_order) ------------------------------------------------------------- */

/* C = select(op, op0(A), s) with no mask and no accumulator on both backends, the tuples compared;
 * returns how many device sorts the CUDA call ran (GG_cuda_sort_count). */
static unsigned long long select_sorts(GrB_Matrix A, GrB_IndexUnaryOp op, double s, bool tran)
{
    GrB_Index nr, nc;
    OK(GrB_Matrix_nrows(&nr, A));
    OK(GrB_Matrix_ncols(&nc, A));
    GrB_Matrix C[2];
    unsigned long long sorts = 0;
    for (int b = 0; b < 2; b++) {
        OK(GrB_Matrix_new(&C[b], GrB_FP64, tran ? nc : nr, tran ? nr : nc));
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        unsigned long long s0 = GG_cuda_sort_count();
        OK(GrB_Matrix_select_FP64(C[b], NULL, NULL, op, A, s, tran ? GrB_DESC_T0 : NULL));
        if (b == 1) {
            sorts = GG_cuda_sort_count() - s0;
            assert_true(declines() == before);
            assert_resident(C[1]);
        }
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C[0]), GrB_free(&C[1]);
    return sorts;
}

/* A select without a mask or an accumulator over an untransposed tree sorts nothing: A's tuples
 * come in its tree order, the kept ones stay in it, and the build takes them as they are. Value
 * and positional operators keeping some, none or all entries of a 2000 x 3000 matrix (several
 * levels of nodes), of an iso one, of a hypersparse 2^31 x 2^31 one, then a device-written input
 * (a select of a select, as SSSP's split reads A); a transposed input costs the build's one sort. */
static void select_in_tree_order_sorts_nothing(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 2000, 3000, 0.002), I, H, L;
    assert_int_equal(select_sorts(A, GrB_VALUEGT_FP64, 5, false), 0);
    assert_int_equal(select_sorts(A, GrB_VALUELE_FP64, 5, false), 0);
    assert_int_equal(select_sorts(A, GrB_TRIL, -1, false), 0);
    assert_int_equal(select_sorts(A, GrB_TRIU, 3, false), 0);
    assert_int_equal(select_sorts(A, GrB_OFFDIAG, 0, false), 0);
    assert_int_equal(select_sorts(A, GrB_DIAG, 0, false), 0);
    assert_int_equal(select_sorts(A, GrB_COLLE, 1500, false), 0);
    assert_int_equal(select_sorts(A, GrB_ROWGT, 700, false), 0);
    assert_int_equal(select_sorts(A, GrB_VALUEGT_FP64, 100, false), 0);  /* none kept */
    assert_int_equal(select_sorts(A, GrB_VALUEGE_FP64, -100, false), 0); /* all kept */
    assert_int_equal(select_sorts(A, GrB_VALUEGT_FP64, 5, true), 1);
    assert_int_equal(select_sorts(A, GrB_TRIL, 0, true), 1);
    set_backend(GxG_BACKEND_CPU);
    OK(GrB_Matrix_new(&I, GrB_FP64, 2000, 3000));
    OK(GrB_Matrix_apply_BinaryOp2nd_FP64(I, NULL, NULL, GrB_SECOND_FP64, A, 1.0, NULL));
    assert_int_equal(select_sorts(I, GrB_TRIU, 0, false), 0);
    H = random_matrix(GrB_FP64, (GrB_Index)1 << 31, (GrB_Index)1 << 31, 1e-16);
    assert_int_equal(select_sorts(H, GrB_VALUEGT_FP64, 5, false), 0);
    assert_int_equal(select_sorts(H, GrB_TRIL, 0, false), 0);
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_Matrix_new(&L, GrB_FP64, 2000, 3000));
    OK(GrB_Matrix_select_FP64(L, NULL, NULL, GrB_VALUELE_FP64, A, 12, NULL));
    assert_int_equal(select_sorts(L, GrB_VALUEGT_FP64, 4, false), 0);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&I), GrB_free(&H), GrB_free(&L);
}

/* The CSR and CSC views of a device-written matrix (read here by reductions by rows and by
 * columns) take one stable sort by the major index each, made once: a second read sorts nothing;
 * results equal the CPU's. */
static void device_views_sort_once(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_INT64, 3000, 2000, 0.003), R[2];
    GrB_Vector w[2], wt[2];
    unsigned long long first = 0, again = 0;
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_new(&R[b], GrB_INT64, 3000, 2000));
        OK(GrB_Vector_new(&w[b], GrB_INT64, 3000));
        OK(GrB_Vector_new(&wt[b], GrB_INT64, 2000));
        OK(GrB_Matrix_select_INT64(R[b], NULL, NULL, GrB_VALUEGT_INT64, A, 2, NULL));
        size_t before = declines();
        for (int r = 0; r < 2; r++) {
            unsigned long long s0 = GG_cuda_sort_count();
            OK(GrB_Matrix_reduce_Monoid(w[b], NULL, NULL, GrB_PLUS_MONOID_INT64, R[b], NULL));
            OK(GrB_Matrix_reduce_Monoid(wt[b], NULL, NULL, GrB_MIN_MONOID_INT64, R[b], GrB_DESC_T0));
            if (b == 1) *(r == 0 ? &first : &again) = GG_cuda_sort_count() - s0;
        }
        if (b == 1) assert_true(declines() == before);
    }
    set_backend(GxG_BACKEND_CPU);
    same_vector(w[0], w[1], 0);
    same_vector(wt[0], wt[1], 0);
    assert_true(first <= 2);
    assert_int_equal(again, 0);
    for (int b = 0; b < 2; b++) GrB_free(&R[b]), GrB_free(&w[b]), GrB_free(&wt[b]);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A);
}

/* ---- a select made from the input's tree order and views (mat_select.cu) ------------------------ */

/* Delta-stepping's split of A and more: light = A <= 8, heavy = A > 8, tril(A, -1) into INT32, and
 * a select keeping nothing (its views would be hypersparse: left to be built). */
static void split_calls(void *arg)
{
    GrB_Matrix *m = arg; /* A, then the four results */
    OK(GrB_Matrix_select_FP64(m[1], NULL, NULL, GrB_VALUELE_FP64, m[0], 8.0, NULL));
    OK(GrB_Matrix_select_FP64(m[2], NULL, NULL, GrB_VALUEGT_FP64, m[0], 8.0, NULL));
    OK(GrB_Matrix_select_INT64(m[3], NULL, NULL, GrB_TRIL, m[0], -1, NULL));
    OK(GrB_Matrix_select_FP64(m[4], NULL, NULL, GrB_VALUEGT_FP64, m[0], 100.0, NULL));
}

/* The four results' row and column reductions and a vxm over each, into r[0 .. 12). */
static void split_reads(GrB_Matrix *m, GrB_Vector u, GrB_Vector *r)
{
    for (int k = 0; k < 4; k++) {
        bool i32 = k == 2;
        GrB_Monoid plus = i32 ? GrB_PLUS_MONOID_INT32 : GrB_PLUS_MONOID_FP64;
        GrB_Monoid min = i32 ? GrB_MIN_MONOID_INT32 : GrB_MIN_MONOID_FP64;
        OK(GrB_Matrix_reduce_Monoid(r[3 * k], NULL, NULL, plus, m[k + 1], NULL));
        OK(GrB_Matrix_reduce_Monoid(r[3 * k + 1], NULL, NULL, min, m[k + 1], GrB_DESC_T0));
        OK(GrB_vxm(r[3 * k + 2], NULL, NULL, GrB_MIN_PLUS_SEMIRING_FP64, u, m[k + 1], NULL));
    }
}

/* With A's CSR and CSC views on the device, a select without mask or accumulator filters them into
 * the result's (reads of the result then sort nothing) and builds its tree from A's decoded key
 * order, decoded once for all the selects of A; a result with hypersparse views is left to build
 * its own; C aliased with A works. Everything equals the CPU's. */
static void select_filters_views(void **state)
{
    (void)state;
    GrB_Index nr = 700, nc = 600;
    GrB_Matrix m[2][5];
    GrB_Vector r[2][12], u[2];
    for (int b = 0; b < 2; b++) {
        m[b][0] = b == 0 ? random_matrix(GrB_FP64, nr, nc, 0.02) : mdup(m[0][0]);
        u[b] = b == 0 ? random_vector(GrB_FP64, nr, 0.3) : NULL;
        for (int k = 1; k <= 4; k++)
            OK(GrB_Matrix_new(&m[b][k], k == 3 ? GrB_INT32 : GrB_FP64, nr, nc));
        for (int k = 0; k < 12; k++) {
            bool i32 = k / 3 == 2 && k % 3 < 2;
            OK(GrB_Vector_new(&r[b][k], i32 ? GrB_INT32 : GrB_FP64, k % 3 == 0 ? nr : nc));
        }
    }
    OK(GrB_Vector_dup(&u[1], u[0]));
    set_backend(GxG_BACKEND_CPU);
    split_calls(m[0]);
    split_reads(m[0], u[0], r[0]);

    set_backend(GxG_BACKEND_CUDA);
    GrB_Vector rows, cols; /* A's views to the device */
    OK(GrB_Vector_new(&rows, GrB_FP64, nr));
    OK(GrB_Vector_new(&cols, GrB_FP64, nc));
    OK(GrB_Matrix_reduce_Monoid(rows, NULL, NULL, GrB_PLUS_MONOID_FP64, m[1][0], NULL));
    OK(GrB_Matrix_reduce_Monoid(cols, NULL, NULL, GrB_PLUS_MONOID_FP64, m[1][0], GrB_DESC_T0));
    size_t before = declines();
    char buf[16384];
    traced(split_calls, m[1], buf, sizeof buf);
    assert_true(declines() == before);
    const char *dec = strstr(buf, "decoded into its key order");
    assert_non_null(dec);
    assert_null(strstr(dec + 1, "decoded into its key order"));
    int made = 0, filtered = 0;
    for (const char *p = buf; (p = strstr(p, "made from the input's tree order")) != NULL; p++) made++;
    for (const char *p = buf; (p = strstr(p, "view filtered from the input's")) != NULL; p++) filtered++;
    assert_int_equal(made, 4);
    assert_int_equal(filtered, 6); /* CSR and CSC of the three results that keep entries */
    for (int k = 1; k <= 4; k++) assert_resident(m[1][k]);
    unsigned long long s0 = GG_cuda_sort_count();
    for (int k = 1; k <= 3; k++) {
        OK(GrB_Matrix_reduce_Monoid(r[1][3 * (k - 1)], NULL, NULL,
                                    k == 3 ? GrB_PLUS_MONOID_INT32 : GrB_PLUS_MONOID_FP64, m[1][k], NULL));
        OK(GrB_Matrix_reduce_Monoid(r[1][3 * (k - 1) + 1], NULL, NULL,
                                    k == 3 ? GrB_MIN_MONOID_INT32 : GrB_MIN_MONOID_FP64, m[1][k],
                                    GrB_DESC_T0));
    }
    assert_int_equal(GG_cuda_sort_count() - s0, 0);
    split_reads(m[1], u[1], r[1]);
    set_backend(GxG_BACKEND_CPU);
    for (int k = 1; k <= 4; k++) same_matrix(m[0][k], m[1][k], 0);
    for (int k = 0; k < 12; k++) same_vector(r[0][k], r[1][k], 1e-12);

    /* C aliased with A, whose views go with its old content */
    GrB_Matrix a[2];
    for (int b = 0; b < 2; b++) {
        a[b] = mdup(m[0][0]);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_reduce_Monoid(rows, NULL, NULL, GrB_PLUS_MONOID_FP64, a[b], NULL));
        OK(GrB_Matrix_select_FP64(a[b], NULL, NULL, GrB_VALUEGE_FP64, a[b], 3.0, NULL));
        OK(GrB_Matrix_reduce_Monoid(r[b][0], NULL, NULL, GrB_PLUS_MONOID_FP64, a[b], NULL));
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(a[0], a[1], 0);
    same_vector(r[0][0], r[1][0], 1e-12);
    for (int b = 0; b < 2; b++) {
        for (int k = 0; k < 5; k++) GrB_free(&m[b][k]);
        for (int k = 0; k < 12; k++) GrB_free(&r[b][k]);
        GrB_free(&u[b]), GrB_free(&a[b]);
    }
    GrB_free(&rows), GrB_free(&cols);
    set_backend(GxG_BACKEND_AUTO);
}

/* A select and the reads that need only its result's views (rows and columns reduced). */
typedef struct {
    GrB_Matrix A, L;
    GrB_Vector r[2];
} waits_run;

static void select_then_views(void *arg)
{
    waits_run *w = arg;
    OK(GrB_Matrix_select_FP64(w->L, NULL, NULL, GrB_VALUELE_FP64, w->A, 8.0, NULL));
    OK(GrB_Matrix_reduce_Monoid(w->r[0], NULL, NULL, GrB_PLUS_MONOID_FP64, w->L, NULL));
    OK(GrB_Matrix_reduce_Monoid(w->r[1], NULL, NULL, GrB_MAX_MONOID_FP64, w->L, GrB_DESC_T0));
}

/* A select's result waits as its tree-order keys: with no views of the input on the device, the
 * result's CSR and CSC views are made from its keys, no tree is built, and nvals needs no copy; a
 * host read builds the tree (once) and sees the CPU's content; a select of that result and of an
 * iso one too. */
static void select_tree_waits(void **state)
{
    (void)state;
    GrB_Index nr = 700, nc = 600;
    waits_run m[2];
    for (int b = 0; b < 2; b++) {
        m[b].A = b == 0 ? random_matrix(GrB_FP64, nr, nc, 0.02) : mdup(m[0].A);
        OK(GrB_Matrix_new(&m[b].L, GrB_FP64, nr, nc));
        OK(GrB_Vector_new(&m[b].r[0], GrB_FP64, nr));
        OK(GrB_Vector_new(&m[b].r[1], GrB_FP64, nc));
    }
    set_backend(GxG_BACKEND_CPU);
    select_then_views(&m[0]);
    set_backend(GxG_BACKEND_CUDA);
    size_t before = declines();
    char buf[16384];
    traced(select_then_views, &m[1], buf, sizeof buf);
    assert_true(declines() == before);
    assert_non_null(strstr(buf, "its tree waits until asked for"));
    assert_non_null(strstr(buf, "CSR view built on the device from the select's keys"));
    assert_non_null(strstr(buf, "CSC view built on the device from the select's keys"));
    assert_null(strstr(buf, "built on first demand"));
    assert_resident(m[1].L);
    for (int k = 0; k < 2; k++) same_vector(m[0].r[k], m[1].r[k], 1e-12);
    /* a select of the waiting result builds its tree (its keys are the tree's) */
    GrB_Matrix S[2], I[2], J[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_new(&S[b], GrB_FP64, nr, nc));
        OK(GrB_Matrix_select_FP64(S[b], NULL, NULL, GrB_TRIL, m[b].L, 0, NULL));
        /* an iso input: its kept entries wait with their one value */
        OK(GrB_Matrix_new(&I[b], GrB_FP64, nr, nc));
        OK(GrB_Matrix_new(&J[b], GrB_FP64, nr, nc));
        OK(GrB_Matrix_apply_BinaryOp2nd_FP64(I[b], NULL, NULL, GrB_SECOND_FP64, m[b].A, 2.5, NULL));
        OK(GrB_Matrix_select_FP64(J[b], NULL, NULL, GrB_TRIU, I[b], 1, NULL));
        OK(GrB_Matrix_select_FP64(I[b], NULL, NULL, GrB_COLLE, J[b], 300, NULL));
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(m[0].L, m[1].L, 0); /* the host read builds L's tree */
    same_matrix(S[0], S[1], 0);
    same_matrix(J[0], J[1], 0);
    same_matrix(I[0], I[1], 0);
    for (int b = 0; b < 2; b++) {
        GrB_free(&m[b].A), GrB_free(&m[b].L), GrB_free(&m[b].r[0]), GrB_free(&m[b].r[1]);
        GrB_free(&S[b]), GrB_free(&I[b]), GrB_free(&J[b]);
    }
    set_backend(GxG_BACKEND_AUTO);
}

/* ---- residency -------------------------------------------------------------------------------- */

/* A resident A -> select -> mxv / vxm / reduce chain copies only scalars (a few bytes each way);
 * afterwards host reads of the selected matrix see the device result. Square 3000 x 3000 and a
 * hypersparse 100000 x 100000 (views with a vector list) each. */
static void select_mxv_chain_moves_no_matrix(void **state)
{
    (void)state;
    GrB_Index dims[2] = {3000, 100000};
    double dens[2] = {0.002, 2e-7};
    for (int k = 0; k < 2; k++) {
        GrB_Index n = dims[k];
        GrB_Matrix A = random_matrix(GrB_FP64, n, n, dens[k]);
        GrB_Vector u = random_vector(GrB_FP64, n, 1.01), w[2];
        GrB_Matrix L[2];
        GrB_Scalar s[2];
        OK(GrB_Vector_new(&w[0], GrB_FP64, n));
        OK(GrB_Vector_new(&w[1], GrB_FP64, n));
        OK(GrB_Matrix_new(&L[0], GrB_FP64, n, n));
        OK(GrB_Matrix_new(&L[1], GrB_FP64, n, n));
        OK(GrB_Scalar_new(&s[0], GrB_FP64));
        OK(GrB_Scalar_new(&s[1], GrB_FP64));
        set_backend(GxG_BACKEND_CUDA);
        /* warm: A's tree and u reach the device */
        OK(GrB_Matrix_select_FP64(L[1], NULL, NULL, GrB_VALUELE_FP64, A, 8.0, NULL));
        OK(GrB_mxv(w[1], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L[1], u, NULL));
        size_t before = declines();
        GG_cuda_transfers t0, t;
        GG_cuda_transfer_counts(&t0);
        OK(GrB_Matrix_select_FP64(L[1], NULL, NULL, GrB_VALUELE_FP64, A, 6.0, NULL));
        OK(GrB_mxv(w[1], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L[1], u, NULL));
        OK(GrB_vxm(w[1], NULL, GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, u, L[1], NULL));
        OK(GrB_Matrix_reduce_Monoid_Scalar(s[1], NULL, GrB_PLUS_MONOID_FP64, L[1], NULL));
        GG_cuda_transfer_counts(&t);
        assert_true(declines() == before);
        unsigned long long up = t.h2d_bytes - t0.h2d_bytes, down = t.d2h_bytes - t0.d2h_bytes;
        printf("%llu x %llu: select -> mxv -> vxm -> reduce moved %llu bytes to the device, %llu "
               "to the host\n", (unsigned long long)n, (unsigned long long)n, up, down);
        assert_true(up <= 64);
        assert_true(down <= 64);
        assert_resident(L[1]);

        /* the same on the CPU, then the host reads of the device result */
        set_backend(GxG_BACKEND_CPU);
        OK(GrB_Matrix_select_FP64(L[0], NULL, NULL, GrB_VALUELE_FP64, A, 6.0, NULL));
        OK(GrB_mxv(w[0], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L[0], u, NULL));
        OK(GrB_vxm(w[0], NULL, GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, u, L[0], NULL));
        OK(GrB_Matrix_reduce_Monoid_Scalar(s[0], NULL, GrB_PLUS_MONOID_FP64, L[0], NULL));
        same_vector(w[0], w[1], 1e-12);
        double x0, x1;
        OK(GrB_Scalar_extractElement_FP64(&x0, s[0]));
        OK(GrB_Scalar_extractElement_FP64(&x1, s[1]));
        assert_true(fabs(x0 - x1) <= 1e-9 * fmax(1, fabs(x0)));
        same_matrix(L[0], L[1], 0);
        for (int b = 0; b < 2; b++) GrB_free(&w[b]), GrB_free(&L[b]), GrB_free(&s[b]);
        GrB_free(&A), GrB_free(&u);
    }
}

/* Reductions of a device-resident matrix to a vector by rows and by columns (CSR and CSC views
 * built on the device). */
static void reduce_device_result(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_INT64, 300, 200, 0.05), R[2];
    GrB_Vector w[2], wt[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_new(&R[b], GrB_INT64, 300, 200));
        OK(GrB_Vector_new(&w[b], GrB_INT64, 300));
        OK(GrB_Vector_new(&wt[b], GrB_INT64, 200));
        OK(GrB_Matrix_select_INT64(R[b], NULL, NULL, GrB_VALUEGT_INT64, A, 2, NULL));
        size_t before = declines();
        OK(GrB_Matrix_reduce_Monoid(w[b], NULL, NULL, GrB_PLUS_MONOID_INT64, R[b], NULL));
        OK(GrB_Matrix_reduce_Monoid(wt[b], NULL, NULL, GrB_MAX_MONOID_INT64, R[b], GrB_DESC_T0));
        if (b == 1) assert_true(declines() == before);
    }
    set_backend(GxG_BACKEND_CPU);
    same_vector(w[0], w[1], 0);
    same_vector(wt[0], wt[1], 0);
    for (int b = 0; b < 2; b++) GrB_free(&R[b]), GrB_free(&w[b]), GrB_free(&wt[b]);
    GrB_free(&A);
}

/* A reduction into a vector of 2^40 positions (a hypersparse matrix of a few entries, the
 * differential test's shape): with CUDA forced the device declines, since its bitmap of n flags
 * would not fit, and the CPU answers (it failed with GrB_OUT_OF_MEMORY before). */
static void reduce_huge_declines(void **state)
{
    (void)state;
    const GrB_Index n = (GrB_Index)1 << 40;
    GrB_Matrix A;
    GrB_Vector w;
    OK(GrB_Matrix_new(&A, GrB_INT32, n, n));
    OK(GrB_Matrix_setElement_INT32(A, 5, 3, n - 1));
    OK(GrB_Matrix_setElement_INT32(A, -2, n - 2, n - 1));
    OK(GrB_Matrix_setElement_INT32(A, 9, n - 2, 7));
    OK(GrB_Vector_new(&w, GrB_UINT16, n));
    set_backend(GxG_BACKEND_CUDA);
    size_t before = declines();
    OK(GrB_Matrix_reduce_BinaryOp(w, NULL, NULL, GrB_MIN_INT32, A, GrB_DESC_T0));
    assert_true(declines() > before);
    set_backend(GxG_BACKEND_CPU);
    GrB_Index nv;
    OK(GrB_Vector_nvals(&nv, w));
    assert_int_equal(nv, 2);
    uint16_t x;
    OK(GrB_Vector_extractElement_UINT16(&x, w, 7));
    assert_int_equal(x, 9);
    OK(GrB_Vector_extractElement_UINT16(&x, w, n - 1));
    assert_int_equal(x, (uint16_t)-2);
    GrB_free(&w), GrB_free(&A);
}

/* f(C, M, acc, d) into a copy of C0 on the CPU and then with CUDA forced: the same tuples, and the
 * device took the call (no decline, the result resident) when `device`, else declined it. */
static void shape_case(const char *name, op_fn f, const void *ctx, GrB_Matrix C0, GrB_Matrix M,
                       GrB_BinaryOp acc, GrB_Descriptor d, bool device)
{
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        GrB_Info info = f(C[b], M, acc, d, ctx);
        if (info != GrB_SUCCESS) fail_msg("%s: backend %d: %d", name, b, (int)info);
        if (b == 1 && device && declines() != before) fail_msg("%s: the CUDA slot declined", name);
        if (b == 1 && !device && declines() == before) fail_msg("%s: the device took it", name);
        if (b == 1 && device) assert_resident(C[1]);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C[0]), GrB_free(&C[1]);
}

static GrB_Info do_mxm(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_Descriptor d,
                       const void *ctx)
{
    const op_ctx *c = ctx;
    return GrB_mxm(C, M, acc, GrB_PLUS_TIMES_SEMIRING_FP64, c->A, c->B, d);
}

/* The device tuples' 32-bit coordinates (GG_cuda_tuples) at their bounds. An n x n matrix with
 * n = 2^32 and entries in its last row and column (coordinate 2^32 - 1, the widest a tuple holds;
 * the index operators and SECONDJ make the coordinates values) runs on the device through every
 * tuple path: the decode in tree order and transposed, the masked write-back's merge and mask
 * look-up, the merge of eWiseMult, and the row-wise product whose T has rows up to 2^32 - 1. With
 * n = 2^40 (the differential test's hypersparse shape) every one is declined before a coordinate
 * could be narrowed (the device build's limits: GG_cuda_tuples_of, the mxm slots' dimension
 * checks) and the CPU answers: apply, select, eWiseMult, A*A, and a product of 2^40 rows and 60
 * columns. */
static void coordinates_at_32_bits(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        const GrB_Index n = (GrB_Index)1 << (w == 0 ? 32 : 40), last = n - 1;
        const bool device = w == 0;
        GrB_Matrix A, R, B, E, Er;
        OK(GrB_Matrix_new(&A, GrB_FP64, n, n));
        OK(GrB_Matrix_setElement_FP64(A, 5, 3, last));
        OK(GrB_Matrix_setElement_FP64(A, 7, last - 1, last));
        OK(GrB_Matrix_setElement_FP64(A, 2, last, 5));
        OK(GrB_Matrix_setElement_FP64(A, 4, last, 3));
        OK(GrB_Matrix_setElement_FP64(A, 9, 5, 3));
        /* R: n x 50 with entries in rows 3, 5, last - 1 and last; B: 50 x 60 */
        OK(GrB_Matrix_new(&R, GrB_FP64, n, 50));
        OK(GrB_Matrix_new(&B, GrB_FP64, 50, 60));
        for (GrB_Index k = 0; k < 50; k++) {
            GrB_Index rows[4] = {3, 5, last - 1, last};
            OK(GrB_Matrix_setElement_FP64(R, (double)(k % 5 + 1), rows[k % 4], k));
            OK(GrB_Matrix_setElement_FP64(B, (double)(k % 3 + 1), k, (k * 7) % 60));
            OK(GrB_Matrix_setElement_FP64(B, 1, k, 59));
        }
        OK(GrB_Matrix_new(&E, GrB_FP64, n, n));
        OK(GrB_Matrix_new(&Er, GrB_FP64, n, 60));
        op_ctx row = {.A = A, .idxop = GrB_ROWINDEX_INT64, .s = 1};
        op_ctx col = {.A = A, .idxop = GrB_COLINDEX_INT64, .s = 0};
        op_ctx sel = {.A = A, .idxop = GrB_VALUEGT_FP64, .s = 3};
        op_ctx mult = {.A = A, .B = A, .binop = GxB_SECONDJ_INT64};
        op_ctx sq = {.A = A, .B = A}, prod = {.A = R, .B = B};
        shape_case("apply ROWINDEX", do_apply, &row, E, NULL, NULL, NULL, device);
        shape_case("apply COLINDEX of A'", do_apply, &col, E, NULL, NULL, GrB_DESC_T0, device);
        shape_case("C<A> += apply ROWINDEX", do_apply, &row, A, A, GrB_PLUS_FP64, GrB_DESC_S,
                   device);
        shape_case("select VALUEGT of A'", do_select, &sel, E, NULL, NULL, GrB_DESC_T0, device);
        shape_case("eWiseMult SECONDJ of A, A'", do_mult, &mult, E, NULL, NULL, GrB_DESC_T1,
                   device);
        shape_case("R*B, rows of C up to n - 1", do_mxm, &prod, Er, NULL, NULL, NULL, device);
        if (!device) shape_case("A*A", do_mxm, &sq, E, NULL, NULL, NULL, false);
        GrB_free(&A), GrB_free(&R), GrB_free(&B), GrB_free(&E), GrB_free(&Er);
    }
}

/* Host methods on a device-resident matrix: element reads, dup, transpose, setElement (a host
 * write that first brings the content to the host), wait, and free with its work still queued. */
static void host_methods_see_device_result(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.3), C[2], D[2], T[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Matrix_new(&C[b], GrB_FP64, NR, NC));
        OK(GrB_Matrix_apply_BinaryOp2nd_FP64(C[b], NULL, NULL, GrB_TIMES_FP64, A, 3.0, NULL));
        if (b == 1) {
            OK(GrB_Matrix_wait(C[1], GrB_MATERIALIZE));
            assert_resident(C[1]);
        }
        set_backend(GxG_BACKEND_CPU);
        OK(GrB_Matrix_dup(&D[b], C[b]));
        OK(GrB_Matrix_new(&T[b], GrB_FP64, NC, NR));
        OK(GrB_transpose(T[b], NULL, NULL, C[b], NULL));
        OK(GrB_Matrix_setElement_FP64(C[b], -7.25, 3, 4));
        OK(GrB_Matrix_removeElement(C[b], 0, 0));
    }
    double x;
    OK(GrB_Matrix_extractElement_FP64(&x, C[1], 3, 4));
    assert_true(x == -7.25);
    same_matrix(C[0], C[1], 0);
    same_matrix(D[0], D[1], 0);
    same_matrix(T[0], T[1], 0);
    for (int b = 0; b < 2; b++) GrB_free(&C[b]), GrB_free(&D[b]), GrB_free(&T[b]);

    /* freed right after a device write, and its input freed while the work may be queued */
    set_backend(GxG_BACKEND_CUDA);
    for (int r = 0; r < 4; r++) {
        GrB_Matrix E, B = mdup(A);
        OK(GrB_Matrix_new(&E, GrB_FP64, NR, NC));
        OK(GrB_Matrix_eWiseAdd_BinaryOp(E, NULL, NULL, GrB_PLUS_FP64, A, B, NULL));
        GrB_free(&B);
        GrB_free(&E);
    }
    OK(GrB_wait(A, GrB_MATERIALIZE));
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A);
}

/* Out of device memory in the matrix write-back: GrB_OUT_OF_MEMORY, C unchanged and readable. */
static void pool_limit_leaves_c_intact(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 300, 300, 0.05), M = random_matrix(GrB_BOOL, 300, 300, 0.3);
    GrB_Matrix C, C0;
    OK(GrB_Matrix_new(&C, GrB_FP64, 300, 300));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, A, 3.0, NULL)); /* device-resident */
    set_backend(GxG_BACKEND_CPU);
    OK(GrB_Matrix_dup(&C0, C));
    /* A's and C's trees are on the device already: the limit leaves room for nothing more */
    set_pool_limit(GG_cuda_pool_in_use() + 64);
    set_backend(GxG_BACKEND_CUDA);
    assert_int_equal(GrB_Matrix_select_FP64(C, M, GrB_PLUS_FP64, GrB_VALUELE_FP64, A, 9.0, NULL),
                     GrB_OUT_OF_MEMORY);
    set_pool_limit(0);
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C, C0, 0);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&M), GrB_free(&C), GrB_free(&C0);
}

/* ---- element-wise calls in tree order (cuda/slots/ewise.c ew_direct, the pattern assign) ----- */

/* One call of betweenness centrality's kind: C<M> = accum(C, A op B) (eWiseMult or eWiseAdd), or
 * with assign set C<M>(:, :) = true. alias: 0 none, 1 C is A, 2 C is B, 3 C is M. expect: text
 * of the direct path's trace line, NULL for the write-back. */
typedef struct {
    const char *name;
    bool mult, assign;
    GrB_BinaryOp op, accum;
    GrB_Descriptor d;
    bool masked;
    int alias;
    bool empty_c;
    const char *expect;
} tree_case;

typedef struct {
    const tree_case *t;
    GrB_Matrix C, M, A, B;
    GrB_Info info;
} tree_run;

static void tree_call(void *arg)
{
    tree_run *r = arg;
    const tree_case *t = r->t;
    GrB_Matrix M = t->masked ? r->M : NULL;
    if (t->assign)
        r->info = GrB_Matrix_assign_BOOL(r->C, M, t->accum, true, GrB_ALL, NR, GrB_ALL, NC, t->d);
    else if (t->mult)
        r->info = GrB_Matrix_eWiseMult_BinaryOp(r->C, M, t->accum, t->op, r->A, r->B, t->d);
    else
        r->info = GrB_Matrix_eWiseAdd_BinaryOp(r->C, M, t->accum, t->op, r->A, r->B, t->d);
}

/* Runs t on both backends over copies of C0, M, A, B and compares; on CUDA, traced: no decline, a
 * device-resident C, and the expected direct path (then no write-back and, but for a transposed
 * input, no sort) or the write-back. */
static void tree_parity(const tree_case *t, GrB_Matrix C0, GrB_Matrix M, GrB_Matrix A, GrB_Matrix B)
{
    GrB_Matrix C[2];
    char buf[16384];
    GrB_Type ctype;
    OK(GxB_Matrix_type(&ctype, C0));
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        tree_run r = {t, NULL, mdup(M), mdup(A), mdup(B), GrB_SUCCESS};
        if (t->alias == 1) r.C = r.A;
        else if (t->alias == 2) r.C = r.B;
        else if (t->alias == 3) r.C = r.M;
        else if (t->empty_c) OK(GrB_Matrix_new(&r.C, ctype, NR, NC));
        else r.C = mdup(C0);
        size_t before = declines();
        unsigned long long sorts = GG_cuda_sort_count();
        if (b == 0) tree_call(&r); else traced(tree_call, &r, buf, sizeof buf);
        if (r.info != GrB_SUCCESS) fail_msg("%s: backend %d: %d", t->name, b, (int)r.info);
        if (b == 1) {
            if (declines() != before) fail_msg("%s declined:\n%s", t->name, buf);
            assert_resident(r.C);
            bool wb = strstr(buf, "written on the device") != NULL;
            bool sorted = GG_cuda_sort_count() != sorts && t->d != GrB_DESC_T0;
            if (t->expect != NULL && (strstr(buf, t->expect) == NULL || wb || sorted))
                fail_msg("%s: not in tree order:\n%s", t->name, buf);
            if (t->expect == NULL && !wb) fail_msg("%s: no write-back:\n%s", t->name, buf);
        }
        C[b] = r.C;
        if (r.M != r.C) GrB_free(&r.M);
        if (r.A != r.C) GrB_free(&r.A);
        if (r.B != r.C) GrB_free(&r.B);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C[0]), GrB_free(&C[1]);
}

/* An NR x NC matrix of `type` holding (I[k], J[k], x[k]), k < n. */
static GrB_Matrix listed(GrB_Type type, const GrB_Index *I, const GrB_Index *J, const double *x,
                         GrB_Index n)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, NR, NC));
    OK(GrB_Matrix_build_FP64(A, I, J, x, n, GrB_SECOND_FP64));
    return A;
}

/* A random NR x NC matrix of `type` whose entries all hold v, built without duplicates so the
 * host stores it iso (checked). */
static GrB_Matrix iso_matrix(GrB_Type type, double density, double v)
{
    GrB_Index *I = malloc(NR * NC * sizeof(GrB_Index)), *J = malloc(NR * NC * sizeof(GrB_Index)), n = 0;
    double *x = malloc(NR * NC * sizeof(double));
    for (GrB_Index i = 0; i < NR; i++)
        for (GrB_Index j = 0; j < NC; j++)
            if ((double)(GG_cuda_test_next() % 1000) < density * 1000) I[n] = i, J[n] = j, x[n++] = v;
    GrB_Matrix A = listed(type, I, J, x, n);
    unsigned char iso[64];
    assert_true(GG_cuda_mirror_iso(&A->c, iso));
    free(I), free(J), free(x);
    return A;
}

#define MASKED ", under the structural mask"
#define ACCUM ", accumulated into C "
#define MERGED ", accumulated into C by a second merge"
#define IN_PLACE ", accumulated into C in place"
#define PLAIN "installed as C ("
#define EMPTY_T "C accum an empty T"
#define PATTERN "C is the mask's pattern"

/* (a) DIV and the other operators by code, (b) under a structural mask with replace or into an
 * empty C, (c) accumulated with no mask, in place when C's pattern holds T's and by a second merge
 * otherwise, each with C aliased to an input or the mask; what the direct paths leave to the
 * write-back takes it. */
static void ewise_in_tree_order(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NC, 0.3), B = random_matrix(GrB_FP64, NR, NC, 0.3);
    GrB_Matrix M = random_matrix(GrB_BOOL, NR, NC, 0.2), C0 = random_matrix(GrB_FP64, NR, NC, 0.2);
    GrB_Matrix Mf = random_matrix(GrB_FP64, NR, NC, 0.2), At = random_matrix(GrB_FP64, NC, NR, 0.3);
    GrB_Matrix E;
    OK(GrB_Matrix_new(&E, GrB_BOOL, NR, NC));
    const tree_case cases[] = {
        {"w<M> = A ./ B (BC's)", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RS, true, 0, false, MASKED},
        {"A<M> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RS, true, 1, false, MASKED},
        {"B<M> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RS, true, 2, false, MASKED},
        {"new C<M> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_S, true, 0, true, MASKED},
        {"C<M> = A + B", false, false, GrB_PLUS_FP64, NULL, GrB_DESC_RS, true, 0, false, MASKED},
        {"new C<M> = A - B", false, false, GrB_MINUS_FP64, NULL, GrB_DESC_S, true, 0, true, MASKED},
        {"C<M> = A' .* B", true, false, GrB_TIMES_FP64, NULL, GrB_DESC_RST0, true, 0, false, MASKED},
        {"C<M, no replace> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_S, true, 0, false, NULL},
        {"C<M valued> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_R, true, 0, false, NULL},
        {"C<!M> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RSC, true, 0, false, NULL},
        {"C<M> += A ./ B", true, false, GrB_DIV_FP64, GrB_PLUS_FP64, GrB_DESC_RS, true, 0, false, NULL},
        {"C += A .* B", true, false, GrB_TIMES_FP64, GrB_PLUS_FP64, NULL, false, 0, false, MERGED},
        {"A += A .* B", true, false, GrB_TIMES_FP64, GrB_PLUS_FP64, NULL, false, 1, false, IN_PLACE},
        {"B -= A + B", false, false, GrB_PLUS_FP64, GrB_MINUS_FP64, NULL, false, 2, false, MERGED},
        {"new C max= A ./ B", true, false, GrB_DIV_FP64, GrB_MAX_FP64, NULL, false, 0, true, ACCUM},
        {"C = A ./ B", true, false, GrB_DIV_FP64, NULL, NULL, false, 0, false, PLAIN},
        {"C = A ./ B (add)", false, false, GrB_DIV_FP64, NULL, NULL, false, 0, false, PLAIN},
        {"C = A' min B", false, false, GrB_MIN_FP64, NULL, GrB_DESC_T0, false, 0, false, PLAIN},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const tree_case *t = &cases[k];
        bool tran = t->d == GrB_DESC_RST0 || t->d == GrB_DESC_T0;
        tree_parity(t, C0, t->d == GrB_DESC_R ? Mf : M, tran ? At : A, B);
    }
    /* C is the mask (FP64, structural, replace); a mask without entries; C accum an empty T */
    const tree_case self = {"C<C> = A ./ B", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RS, true, 3, false, MASKED};
    tree_parity(&self, C0, Mf, A, B);
    const tree_case none = {"C<empty> = A + B", false, false, GrB_PLUS_FP64, NULL, GrB_DESC_RS, true, 0, false, MASKED};
    tree_parity(&none, C0, E, A, B);
    GrB_Index I1[] = {0, 1}, J1[] = {0, 1}, I2[] = {2, 3}, J2[] = {2, 3};
    double x[] = {1.5, -2};
    GrB_Matrix D1 = listed(GrB_FP64, I1, J1, x, 2), D2 = listed(GrB_FP64, I2, J2, x, 2);
    const tree_case disjoint = {"C += D1 .* D2", true, false, GrB_TIMES_FP64, GrB_PLUS_FP64, NULL, false, 0, false, EMPTY_T};
    tree_parity(&disjoint, C0, M, D1, D2);
    /* BC's bcu += w .* paths: C's pattern holds T's (C = W + B), w half of paths or less (the
     * intersection driven by w's entries) */
    GrB_Matrix U, W = random_matrix(GrB_FP64, NR, NC, 0.05);
    OK(GrB_Matrix_new(&U, GrB_FP64, NR, NC));
    OK(GrB_Matrix_eWiseAdd_BinaryOp(U, NULL, NULL, GrB_PLUS_FP64, W, B, NULL));
    const tree_case bc = {"bcu += w .* paths (BC's)", true, false, GrB_TIMES_FP64, GrB_PLUS_FP64, NULL, false, 0, false, IN_PLACE};
    tree_parity(&bc, U, M, W, B);
    /* intersections driven by the smaller side: B's (second), and a transposed A's (sorted) */
    GrB_Matrix Wt = random_matrix(GrB_FP64, NC, NR, 0.05);
    const tree_case small_b = {"C = B ./ w (driven by w)", true, false, GrB_DIV_FP64, NULL, NULL, false, 0, false, PLAIN};
    tree_parity(&small_b, C0, M, B, W);
    const tree_case small_at = {"C = w' .* B (driven by w')", true, false, GrB_TIMES_FP64, NULL, GrB_DESC_T0, false, 0, false, PLAIN};
    tree_parity(&small_at, C0, M, Wt, B);
    GrB_free(&U), GrB_free(&W), GrB_free(&Wt);
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C0), GrB_free(&Mf), GrB_free(&At);
    GrB_free(&E), GrB_free(&D1), GrB_free(&D2);
}

/* DIV by zero on the trees' merge and on the mask-driven lookups: x/0, -x/0 and 0/0 give inf,
 * -inf and NaN (FP64, FP32) and SuiteSparse's integer rule (INT32, UINT8); other types and
 * operators by code: wrapping MINUS on UINT8, BOOL's DIV (its FIRST) and LXOR, FP32 MAX, INT16
 * BXOR and BOR; iso inputs on both sides and as the accumulated C. */
static void ewise_tree_values(void **state)
{
    (void)state;
    GrB_Index I[] = {0, 0, 0, 1, 2, 5, 7}, J[] = {0, 1, 2, 3, 4, 5, 9};
    double xa[] = {1, -3, 0, 7, 0, 250, -8}, xb[] = {0, 0, 0, -1, 5, 3, 0};
    GrB_Index Im[] = {0, 0, 0, 1, 2, 7}, Jm[] = {0, 1, 2, 3, 4, 9};
    double ones[] = {1, 1, 1, 1, 1, 1};
    GrB_Matrix M = listed(GrB_BOOL, Im, Jm, ones, 6);
    GrB_Type types[] = {GrB_FP64, GrB_INT32, GrB_UINT8, GrB_BOOL, GrB_FP32, GrB_INT16};
    GrB_BinaryOp divs[] = {GrB_DIV_FP64, GrB_DIV_INT32, GrB_DIV_UINT8, GrB_DIV_BOOL, GrB_DIV_FP32, GrB_BXOR_INT16};
    GrB_BinaryOp others[] = {GrB_MINUS_FP64, GrB_MINUS_INT32, GrB_MINUS_UINT8, GrB_LXOR, GrB_MAX_FP32, GrB_BOR_INT16};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        GrB_Matrix A = listed(types[k], I, J, xa, 7), B = listed(types[k], I, J, xb, 7);
        GrB_Matrix C0 = random_matrix(types[k], NR, NC, 0.3);
        const tree_case cases[] = {
            {"x/0, mult", true, false, divs[k], NULL, NULL, false, 0, false, PLAIN},
            {"x/0, add, masked", false, false, divs[k], NULL, GrB_DESC_RS, true, 0, false, MASKED},
            {"x/0, mult, masked", true, false, divs[k], NULL, GrB_DESC_RS, true, 0, false, MASKED},
            {"x/0 accumulated", true, false, divs[k], others[k], NULL, false, 0, false, ACCUM},
            {"x/0 accumulated into A", true, false, divs[k], others[k], NULL, false, 1, false, IN_PLACE},
            {"other op, add", false, false, others[k], NULL, NULL, false, 0, false, PLAIN},
            {"other op, mult, masked, C is A", true, false, others[k], NULL, GrB_DESC_RS, true, 1, false, MASKED},
        };
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) tree_parity(&cases[c], C0, M, A, B);
        GrB_free(&A), GrB_free(&B), GrB_free(&C0);
    }
    GrB_Matrix A = iso_matrix(GrB_FP64, 0.3, 2), B = iso_matrix(GrB_FP64, 0.3, 0.5);
    GrB_Matrix C0 = iso_matrix(GrB_FP64, 0.4, 2), Mr = random_matrix(GrB_BOOL, NR, NC, 0.3);
    const tree_case iso[] = {
        {"iso ./ iso, masked", true, false, GrB_DIV_FP64, NULL, GrB_DESC_RS, true, 0, false, MASKED},
        {"iso + iso", false, false, GrB_PLUS_FP64, NULL, NULL, false, 0, false, PLAIN},
        {"iso C += iso .* iso", true, false, GrB_TIMES_FP64, GrB_PLUS_FP64, NULL, false, 0, false, MERGED},
        {"iso A += iso A - iso B", false, false, GrB_MINUS_FP64, GrB_PLUS_FP64, NULL, false, 1, false, MERGED},
    };
    for (size_t c = 0; c < sizeof iso / sizeof iso[0]; c++) tree_parity(&iso[c], C0, Mr, A, B);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&M), GrB_free(&Mr);
}

/* (d) C<M, struct>(:, :) = true into an empty or replaced C is M's pattern, iso: BOOL C as BC's
 * levels and FP64 C (the value cast), M iso or not, C as its own mask, a mask without entries; a
 * non-empty C without replace, an accumulator or a valued mask take the write-back. */
static void assign_pattern_in_tree_order(void **state)
{
    (void)state;
    GrB_Matrix Mf = random_matrix(GrB_FP64, NR, NC, 0.3), Mi = iso_matrix(GrB_BOOL, 0.3, 1);
    GrB_Matrix Cb = random_matrix(GrB_BOOL, NR, NC, 0.2), Cf = random_matrix(GrB_FP64, NR, NC, 0.2);
    GrB_Matrix E;
    OK(GrB_Matrix_new(&E, GrB_INT32, NR, NC));
    const tree_case cases[] = {
        {"levels<frontier> = true (BC's)", false, true, NULL, NULL, GrB_DESC_S, true, 0, true, PATTERN},
        {"C<M> = true, replace", false, true, NULL, NULL, GrB_DESC_RS, true, 0, false, PATTERN},
        {"C<C> = true", false, true, NULL, NULL, GrB_DESC_RS, true, 3, false, PATTERN},
        {"C<M> = true, no replace", false, true, NULL, NULL, GrB_DESC_S, true, 0, false, NULL},
        {"C<M valued> = true", false, true, NULL, NULL, GrB_DESC_R, true, 0, true, NULL},
        {"C<M> |= true", false, true, NULL, GrB_LOR, GrB_DESC_RS, true, 0, true, NULL},
    };
    GrB_Matrix masks[] = {Mf, Mi}, cs[] = {Cb, Cf};
    for (int m = 0; m < 2; m++)
        for (int c = 0; c < 2; c++)
            for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
                if (cases[k].accum == NULL || c == 0) /* the accumulator on BOOL C only */
                    tree_parity(&cases[k], cs[c], masks[m], Mf, Mf);
    const tree_case none = {"C<empty> = true", false, true, NULL, NULL, GrB_DESC_RS, true, 0, false, PATTERN};
    tree_parity(&none, Cf, E, Mf, Mf);
    GrB_free(&Mf), GrB_free(&Mi), GrB_free(&Cb), GrB_free(&Cf), GrB_free(&E);
}

/* Out of device memory on the paths in tree order: GrB_OUT_OF_MEMORY and C unchanged, C aliased
 * to an input too. */
static void tree_paths_out_of_memory(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 300, 300, 0.05), B = random_matrix(GrB_FP64, 300, 300, 0.05);
    GrB_Matrix M = random_matrix(GrB_BOOL, 300, 300, 0.3), C, C0;
    OK(GrB_Matrix_new(&C, GrB_FP64, 300, 300));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, A, B, NULL)); /* all on the device */
    OK(GrB_Matrix_eWiseAdd_BinaryOp(M, NULL, NULL, GrB_LOR, M, M, NULL));
    set_backend(GxG_BACKEND_CPU);
    OK(GrB_Matrix_dup(&C0, C));
    set_pool_limit(GG_cuda_pool_in_use() + 64);
    set_backend(GxG_BACKEND_CUDA);
    assert_int_equal(GrB_Matrix_eWiseMult_BinaryOp(C, M, NULL, GrB_DIV_FP64, A, B, GrB_DESC_RS),
                     GrB_OUT_OF_MEMORY);
    assert_int_equal(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, GrB_PLUS_FP64, GrB_TIMES_FP64, C, B, NULL),
                     GrB_OUT_OF_MEMORY);
    assert_int_equal(GrB_Matrix_assign_FP64(C, M, NULL, 1.0, GrB_ALL, 300, GrB_ALL, 300, GrB_DESC_RS),
                     GrB_OUT_OF_MEMORY);
    set_pool_limit(0);
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C, C0, 0);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C), GrB_free(&C0);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    init_cases();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(apply_parity),
        cmocka_unit_test(select_parity),
        cmocka_unit_test(select_int32_index_ops),
        cmocka_unit_test(ewise_parity),
        cmocka_unit_test(ewise_merge_parity),
        cmocka_unit_test(assign_scalar_parity),
        cmocka_unit_test(assign_fill_taken_by_cells),
        cmocka_unit_test(select_tree_waits),
        cmocka_unit_test(aliased_input),
        cmocka_unit_test(empty_results),
        cmocka_unit_test(select_in_tree_order_sorts_nothing),
        cmocka_unit_test(device_views_sort_once),
        cmocka_unit_test(select_filters_views),
        cmocka_unit_test(select_mxv_chain_moves_no_matrix),
        cmocka_unit_test(reduce_device_result),
        cmocka_unit_test(reduce_huge_declines),
        cmocka_unit_test(coordinates_at_32_bits),
        cmocka_unit_test(host_methods_see_device_result),
        cmocka_unit_test(pool_limit_leaves_c_intact),
        cmocka_unit_test(ewise_in_tree_order),
        cmocka_unit_test(ewise_tree_values),
        cmocka_unit_test(assign_pattern_in_tree_order),
        cmocka_unit_test(tree_paths_out_of_memory),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
