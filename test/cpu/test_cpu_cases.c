/* test_cpu_cases.c: hand-checked cases of the CPU backend's apply, select, reduce, transpose,
 * extract and assign, through the public API: every mask kind of the write-back on one small
 * example, positional operators after a transpose, SuiteSparse 7.4's results for index lists with
 * repeats (observed with a throw-away program against -lgraphblas), empty reductions, outputs
 * aliased with inputs, user-defined types, and hypersparse matrices of dimension 2^60. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <GraphBLAS_gpu.h>
#include "GG_test.h"

#define HUGE_DIM ((GrB_Index)1 << 60)
#define OK(call) assert_int_equal((call), GrB_SUCCESS)

/* ---- helpers: build from and compare with tuple lists (FP64 values) --------------------------- */

typedef struct {
    GrB_Index i, j;
    double x;
} tup;

static GrB_Matrix mat(GrB_Type type, GrB_Index nr, GrB_Index nc, const tup *t, int n)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, nr, nc));
    for (int k = 0; k < n; k++) OK(GrB_Matrix_setElement_FP64(A, t[k].x, t[k].i, t[k].j));
    return A;
}

static GrB_Vector vec(GrB_Type type, GrB_Index n, const tup *t, int nt)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, type, n));
    for (int k = 0; k < nt; k++) OK(GrB_Vector_setElement_FP64(v, t[k].x, t[k].i));
    return v;
}

/* A's tuples equal t (sorted row-major), values compared as FP64. */
static void check_mat(GrB_Matrix A, const tup *t, int n)
{
    GrB_Index nv, I[64], J[64];
    double X[64];
    OK(GrB_Matrix_nvals(&nv, A));
    assert_int_equal(nv, n);
    nv = 64;
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &nv, A));
    for (int k = 0; k < n; k++) {
        assert_int_equal(I[k], t[k].i);
        assert_int_equal(J[k], t[k].j);
        assert_true(X[k] == t[k].x);
    }
}

static void check_vec(GrB_Vector v, const tup *t, int n)
{
    GrB_Index nv, I[64];
    double X[64];
    OK(GrB_Vector_nvals(&nv, v));
    assert_int_equal(nv, n);
    nv = 64;
    OK(GrB_Vector_extractTuples_FP64(I, X, &nv, v));
    for (int k = 0; k < n; k++) {
        assert_int_equal(I[k], t[k].i);
        assert_true(X[k] == t[k].x);
    }
}

static GrB_Descriptor desc_of(GrB_Desc_Value outp, GrB_Desc_Value mask, GrB_Desc_Value inp0)
{
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    if (outp != GrB_DEFAULT) OK(GrB_Descriptor_set(d, GrB_OUTP, outp));
    if (mask != GrB_DEFAULT) OK(GrB_Descriptor_set(d, GrB_MASK, mask));
    if (inp0 != GrB_DEFAULT) OK(GrB_Descriptor_set(d, GrB_INP0, inp0));
    return d;
}

/* ---- the write-back ------------------------------------------------------------------------------- */

/* C = {(0,0)=1, (0,1)=2, (1,0)=3}, T = A = {(0,1)=10, (1,1)=20}, M = {(0,0)=0, (0,1)=1, (1,1)=1}. */
static void writeback_case(GrB_BinaryOp accum, GrB_Desc_Value outp, GrB_Desc_Value mask,
                           bool use_mask, const tup *want, int n)
{
    static const tup c[] = {{0, 0, 1}, {0, 1, 2}, {1, 0, 3}};
    static const tup a[] = {{0, 1, 10}, {1, 1, 20}};
    static const tup m[] = {{0, 0, 0}, {0, 1, 1}, {1, 1, 1}};
    GrB_Matrix C = mat(GrB_FP64, 2, 2, c, 3), A = mat(GrB_FP64, 2, 2, a, 2);
    GrB_Matrix M = mat(GrB_INT32, 2, 2, m, 3);
    GrB_Descriptor d = desc_of(outp, mask, GrB_DEFAULT);
    OK(GrB_Matrix_apply(C, use_mask ? M : NULL, accum, GrB_IDENTITY_FP64, A, d));
    check_mat(C, want, n);
    GrB_Matrix_free(&C), GrB_Matrix_free(&A), GrB_Matrix_free(&M), GrB_Descriptor_free(&d);
}

static void test_writeback_masks(void **state)
{
    (void)state;
    const tup plain[] = {{0, 1, 10}, {1, 1, 20}};
    writeback_case(NULL, GrB_DEFAULT, GrB_DEFAULT, false, plain, 2);
    const tup value[] = {{0, 0, 1}, {0, 1, 10}, {1, 0, 3}, {1, 1, 20}};
    writeback_case(NULL, GrB_DEFAULT, GrB_DEFAULT, true, value, 4);
    const tup structural[] = {{0, 1, 10}, {1, 0, 3}, {1, 1, 20}};
    writeback_case(NULL, GrB_DEFAULT, GrB_STRUCTURE, true, structural, 3);
    const tup replace[] = {{0, 1, 10}, {1, 1, 20}};
    writeback_case(NULL, GrB_REPLACE, GrB_DEFAULT, true, replace, 2);
    const tup comp[] = {{0, 1, 2}};
    writeback_case(NULL, GrB_DEFAULT, GrB_COMP, true, comp, 1);
    const tup comp_struct[] = {{0, 0, 1}, {0, 1, 2}};
    writeback_case(NULL, GrB_DEFAULT, GrB_COMP_STRUCTURE, true, comp_struct, 2);
    writeback_case(NULL, GrB_REPLACE, GrB_COMP, true, NULL, 0);
    const tup accum[] = {{0, 0, 1}, {0, 1, 12}, {1, 0, 3}, {1, 1, 20}};
    writeback_case(GrB_PLUS_FP64, GrB_DEFAULT, GrB_DEFAULT, false, accum, 4);
    const tup accum_mask[] = {{0, 0, 1}, {0, 1, -8}, {1, 0, 3}, {1, 1, 20}};
    writeback_case(GrB_MINUS_FP64, GrB_DEFAULT, GrB_DEFAULT, true, accum_mask, 4);
}

/* A value mask's entry is true when its bytes are not all zero: -0.0 is true, as in SuiteSparse
 * (a cast to bool would make it false; SuiteSparse 7.4's GrB_Col_assign alone does that). */
static void test_mask_negative_zero(void **state)
{
    (void)state;
    const tup m[] = {{0, 0, -0.0}, {1, 0, 0.0}, {2, 0, 0.5}};
    GrB_Vector M64 = vec(GrB_FP64, 3, m, 3), M32 = vec(GrB_FP32, 3, m, 3), w;
    const tup want[] = {{0, 0, 7}, {2, 0, 7}};
    OK(GrB_Vector_new(&w, GrB_INT32, 3));
    OK(GrB_Vector_assign_INT32(w, M64, NULL, 7, GrB_ALL, 3, NULL));
    check_vec(w, want, 2);
    OK(GrB_Vector_clear(w));
    OK(GrB_Vector_apply_BinaryOp2nd_INT32(w, M32, NULL, GrB_PLUS_INT32, M64, 7, NULL));
    check_vec(w, want, 2);
    GrB_Vector_free(&w), GrB_Vector_free(&M64), GrB_Vector_free(&M32);
}

/* Casts: C is INT32, T FP64 through an INT8 accumulator; entries only in T go straight to C's type
 * (SuiteSparse), the intersection through the accumulator's types. */
static void test_writeback_casts(void **state)
{
    (void)state;
    const tup c[] = {{0, 0, 100}};
    const tup a[] = {{0, 0, 100.7}, {1, 0, 300.7}};
    GrB_Vector C = vec(GrB_INT32, 2, c, 1), A = vec(GrB_FP64, 2, a, 2);
    OK(GrB_Vector_apply(C, NULL, GrB_PLUS_INT8, GrB_IDENTITY_FP64, A, NULL));
    const tup want[] = {{0, 0, -56}, {1, 0, 300}}; /* (int8)(100 + 100) wraps; 300.7 -> 300 */
    check_vec(C, want, 2);
    GrB_Vector_free(&C), GrB_Vector_free(&A);
}

/* ---- apply --------------------------------------------------------------------------------------- */

static void test_apply_positional_transposed(void **state)
{
    (void)state;
    const tup a[] = {{0, 2, 5}, {1, 0, 7}};
    GrB_Matrix A = mat(GrB_FP64, 2, 3, a, 2), C;
    OK(GrB_Matrix_new(&C, GrB_INT64, 3, 2));
    GrB_Descriptor d = desc_of(GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN);
    /* A' = {(0,1)=7, (2,0)=5}: the operator sees the transposed positions */
    OK(GrB_Matrix_apply_IndexOp_INT64(C, NULL, NULL, GrB_ROWINDEX_INT64, A, 10, d));
    const tup rows[] = {{0, 1, 10}, {2, 0, 12}};
    check_mat(C, rows, 2);
    OK(GrB_Matrix_apply_IndexOp_INT64(C, NULL, NULL, GrB_COLINDEX_INT64, A, 10, d));
    const tup cols[] = {{0, 1, 11}, {2, 0, 10}};
    check_mat(C, cols, 2);
    OK(GrB_Matrix_apply_IndexOp_INT64(C, NULL, NULL, GrB_DIAGINDEX_INT64, A, 1, d));
    const tup diag[] = {{0, 1, 0}, {2, 0, -3}}; /* j - (i + 1) */
    check_mat(C, diag, 2);
    /* bound first, A is input 1: GrB_INP1 transposes it (spec, SuiteSparse); both are set here */
    OK(GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, GrB_MINUS_FP64, 1.5, A, GrB_DESC_T0T1));
    const tup bind1[] = {{0, 1, -5}, {2, 0, -3}}; /* (int64)(1.5 - x) */
    check_mat(C, bind1, 2);
    OK(GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, GrB_MINUS_FP64, A, 1.5, d));
    const tup bind2[] = {{0, 1, 5}, {2, 0, 3}};
    check_mat(C, bind2, 2);
    GrB_Matrix_free(&A), GrB_Matrix_free(&C), GrB_Descriptor_free(&d);
}

/* ---- select -------------------------------------------------------------------------------------- */

static void select_case(GrB_IndexUnaryOp op, int64_t k, const tup *want, int n)
{
    tup a[9];
    for (int q = 0; q < 9; q++) a[q] = (tup){(GrB_Index)(q / 3), (GrB_Index)(q % 3), q + 1};
    GrB_Matrix A = mat(GrB_INT32, 3, 3, a, 9), C;
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
    OK(GrB_Matrix_select_INT64(C, NULL, NULL, op, A, k, NULL));
    check_mat(C, want, n);
    GrB_Matrix_free(&A), GrB_Matrix_free(&C);
}

static void test_select_builtin(void **state)
{
    (void)state;
    const tup tril[] = {{0, 0, 1}, {1, 0, 4}, {1, 1, 5}, {2, 0, 7}, {2, 1, 8}, {2, 2, 9}};
    select_case(GrB_TRIL, 0, tril, 6);
    const tup triu1[] = {{0, 1, 2}, {0, 2, 3}, {1, 2, 6}};
    select_case(GrB_TRIU, 1, triu1, 3);
    const tup diagm1[] = {{1, 0, 4}, {2, 1, 8}};
    select_case(GrB_DIAG, -1, diagm1, 2);
    const tup offdiag[] = {{0, 1, 2}, {0, 2, 3}, {1, 0, 4}, {1, 2, 6}, {2, 0, 7}, {2, 1, 8}};
    select_case(GrB_OFFDIAG, 0, offdiag, 6);
    const tup rowle[] = {{0, 0, 1}, {0, 1, 2}, {0, 2, 3}};
    select_case(GrB_ROWLE, 0, rowle, 3);
    const tup colgt[] = {{0, 2, 3}, {1, 2, 6}, {2, 2, 9}};
    select_case(GrB_COLGT, 1, colgt, 3);
    const tup valuegt[] = {{1, 2, 6}, {2, 0, 7}, {2, 1, 8}, {2, 2, 9}};
    select_case(GrB_VALUEGT_INT32, 5, valuegt, 4);
}

/* GrB_ROWINDEX/COLINDEX/DIAGINDEX_INT32 as select tests, as SuiteSparse 7.4 runs them (observed
 * with a throw-away program against -lgraphblas; Doc/decisions.md, "select with INT32 index
 * operators"): the thunk is cast to int64 and the entry kept when the 64-bit i + y, j + y or
 * j - (i + y) is nonzero, never the int32 the operator returns, so a thunk a multiple of 2^32
 * off -i keeps row i. A is select_case's 3 x 3 matrix of 1 ... 9 (positions q = 3i + j), or
 * with is_vec the vector of 1 ... 3 at 0, 1, 2 of length n (3: bitmap or full; 1000: sparse);
 * dropped has bit q set for each entry the select drops. */
static void select_wide_case(GrB_IndexUnaryOp op, GrB_Scalar y, bool is_vec, GrB_Index n,
                             unsigned dropped)
{
    tup a[9], want[9];
    int na = is_vec ? 3 : 9, nw = 0;
    for (int q = 0; q < na; q++) {
        a[q] = is_vec ? (tup){(GrB_Index)q, 0, q + 1}
                      : (tup){(GrB_Index)(q / 3), (GrB_Index)(q % 3), q + 1};
        if (!(dropped >> q & 1)) want[nw++] = a[q];
    }
    if (is_vec) {
        GrB_Vector u = vec(GrB_INT32, n, a, na), w;
        OK(GrB_Vector_new(&w, GrB_FP64, n));
        OK(GrB_Vector_select_Scalar(w, NULL, NULL, op, u, y, NULL));
        check_vec(w, want, nw);
        GrB_Vector_free(&u), GrB_Vector_free(&w);
    } else {
        GrB_Matrix A = mat(GrB_INT32, 3, 3, a, na), C;
        OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
        OK(GrB_Matrix_select_Scalar(C, NULL, NULL, op, A, y, NULL));
        check_mat(C, want, nw);
        GrB_Matrix_free(&A), GrB_Matrix_free(&C);
    }
}

static void test_select_int32_index_ops(void **state)
{
    (void)state;
    const int64_t P32 = (int64_t)1 << 32;
    GrB_Scalar y;
    OK(GrB_Scalar_new(&y, GrB_INT64));
    /* 2^32 and -2^32: i + y is never 0 (int32: 0 on row, column or diagonal 0) */
    GrB_IndexUnaryOp ops[] = {GrB_ROWINDEX_INT32, GrB_COLINDEX_INT32, GrB_DIAGINDEX_INT32};
    for (int o = 0; o < 3; o++)
        for (int s = -1; s <= 1; s += 2) {
            OK(GrB_Scalar_setElement_INT64(y, s * P32));
            select_wide_case(ops[o], y, false, 3, 0);
            select_wide_case(ops[o], y, true, 3, 0);
            select_wide_case(ops[o], y, true, 1000, 0);
        }
    /* 2^32 - 1 and 2^32 - 2, which are -1 and -2 in int32: row 1, column 2 and the entries where
     * j - i = -2 (vector: i = 2) would be dropped after the wrap */
    OK(GrB_Scalar_setElement_INT64(y, P32 - 1));
    select_wide_case(GrB_ROWINDEX_INT32, y, false, 3, 0);
    select_wide_case(GrB_ROWINDEX_INT32, y, true, 1000, 0);
    OK(GrB_Scalar_setElement_INT64(y, P32 - 2));
    select_wide_case(GrB_COLINDEX_INT32, y, false, 3, 0);
    select_wide_case(GrB_DIAGINDEX_INT32, y, false, 3, 0);
    select_wide_case(GrB_DIAGINDEX_INT32, y, true, 3, 0);
    /* -1 and -2 themselves drop them */
    OK(GrB_Scalar_setElement_INT64(y, -1));
    select_wide_case(GrB_ROWINDEX_INT32, y, false, 3, 070);
    select_wide_case(GrB_ROWINDEX_INT32, y, true, 1000, 02);
    OK(GrB_Scalar_setElement_INT64(y, -2));
    select_wide_case(GrB_COLINDEX_INT32, y, false, 3, 0444);
    select_wide_case(GrB_DIAGINDEX_INT32, y, false, 3, 0100);
    select_wide_case(GrB_DIAGINDEX_INT32, y, true, 3, 04);
    GrB_Scalar_free(&y);
    /* other thunk types cast to int64: UINT64_MAX is -1 (row 1 dropped, as SuiteSparse does), a
     * double 2^32 stays 2^32 (all kept) */
    OK(GrB_Scalar_new(&y, GrB_UINT64));
    OK(GrB_Scalar_setElement_UINT64(y, UINT64_MAX));
    select_wide_case(GrB_ROWINDEX_INT32, y, false, 3, 070);
    GrB_Scalar_free(&y);
    OK(GrB_Scalar_new(&y, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(y, 4294967296.0));
    select_wide_case(GrB_ROWINDEX_INT32, y, false, 3, 0);
    GrB_Scalar_free(&y);
    /* apply still stores the int32 result: i + 2^32 wraps to i */
    const tup a[] = {{0, 1, 5}, {2, 0, 7}};
    GrB_Matrix A = mat(GrB_FP64, 3, 3, a, 2), C;
    OK(GrB_Matrix_new(&C, GrB_INT64, 3, 3));
    OK(GrB_Matrix_apply_IndexOp_INT64(C, NULL, NULL, GrB_ROWINDEX_INT32, A, P32, NULL));
    const tup rows[] = {{0, 1, 0}, {2, 0, 2}};
    check_mat(C, rows, 2);
    /* a floating thunk is read as int64 first (SuiteSparse): 1e10 wraps to 1410065408, 1e30
     * saturates to INT64_MAX, which wraps to -1; the cast to int32 would saturate instead */
    OK(GrB_Matrix_apply_IndexOp_FP64(C, NULL, NULL, GrB_ROWINDEX_INT32, A, 1e10, NULL));
    const tup big[] = {{0, 1, 1410065408}, {2, 0, 1410065410}};
    check_mat(C, big, 2);
    OK(GrB_Matrix_apply_IndexOp_FP32(C, NULL, NULL, GrB_COLINDEX_INT32, A, -1e10f, NULL));
    const tup small[] = {{0, 1, -1410065408 + 1}, {2, 0, -1410065408}};
    check_mat(C, small, 2);
    OK(GrB_Matrix_apply_IndexOp_FP64(C, NULL, NULL, GrB_DIAGINDEX_INT32, A, 1e30, NULL));
    const tup sat[] = {{0, 1, 1 - (0 - 1)}, {2, 0, 0 - (2 - 1)}};
    check_mat(C, sat, 2);
    GrB_Matrix_free(&A), GrB_Matrix_free(&C);
}

/* Select on trees of several levels, large enough to run on two threads: every positional test
 * with thunks that cut through, fall outside and straddle the matrix, and a value test, on a plain
 * A, an iso A, a tree transposed by GrB_transpose, and A' by the descriptor, into C of A's type
 * (FP64) or of another (INT32: the values cast; they are small integers). Each result is
 * checked against the rule applied here to A's tuples, and against the same select with an
 * accumulator into an empty C (the write-back path, not the tree to tree one). */
static bool sel_rule(GrB_IndexUnaryOp op, GrB_Index i, GrB_Index j, double x, int64_t k)
{
    int64_t d = (int64_t)j - (int64_t)i;
    if (op == GrB_TRIL) return d <= k;
    if (op == GrB_TRIU) return d >= k;
    if (op == GrB_DIAG) return d == k;
    if (op == GrB_OFFDIAG) return d != k;
    if (op == GrB_COLLE) return (int64_t)j <= k;
    if (op == GrB_COLGT) return (int64_t)j > k;
    if (op == GrB_ROWLE) return (int64_t)i <= k;
    if (op == GrB_ROWGT) return (int64_t)i > k;
    return x > (double)k; /* GrB_VALUEGT_FP64 */
}

static void tuples_of(GrB_Matrix A, GrB_Index **I, GrB_Index **J, double **X, GrB_Index *n)
{
    OK(GrB_Matrix_nvals(n, A));
    *I = malloc((*n + 1) * sizeof **I), *J = malloc((*n + 1) * sizeof **J);
    *X = malloc((*n + 1) * sizeof **X);
    assert_non_null(*I), assert_non_null(*J), assert_non_null(*X);
    OK(GrB_Matrix_extractTuples_FP64(*I, *J, *X, n, A));
}

static void test_select_trees(void **state)
{
    (void)state;
    /* random entries, and a full band |i - j| <= 3, so that blocks whose corner touches a
     * diagonal the test cuts at have that corner */
    const GrB_Index nr = 1500, nc = 1300, nrand = 150000, ne = nrand + 7 * nc;
    GrB_Index *I = malloc(ne * sizeof *I), *J = malloc(ne * sizeof *J);
    double *X = malloc(ne * sizeof *X);
    assert_non_null(I), assert_non_null(J), assert_non_null(X);
    uint64_t s = 12345;
    GrB_Index e = 0;
    for (; e < nrand; e++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        I[e] = (s >> 20) % nr, J[e] = (s >> 40) % nc, X[e] = (double)((s >> 8) % 7);
    }
    for (GrB_Index j = 0; j < nc; j++)
        for (GrB_Index i = j < 3 ? 0 : j - 3; i <= j + 3; i++) I[e] = i, J[e] = j, X[e++] = 1;
    GrB_IndexUnaryOp ops[] = {GrB_TRIL,  GrB_TRIU,  GrB_DIAG,  GrB_OFFDIAG,      GrB_COLLE,
                              GrB_COLGT, GrB_ROWLE, GrB_ROWGT, GrB_VALUEGT_FP64};
    const int64_t thunks[] = {-900, -2, -1, 0, 1, 2, 1200};
    for (int variant = 0; variant < 5; variant++) {
        /* 0 plain, 1 iso, 2 transposed by GrB_transpose (nc x nr source), 3 A' by descriptor,
         * 4 an apply's result (its tree owed: the select reads its tuples) */
        bool flip = variant == 2 || variant == 3;
        GrB_Matrix S, A;
        OK(GrB_Matrix_new(&S, GrB_FP64, flip ? nc : nr, flip ? nr : nc));
        if (variant == 1) {
            /* values all equal: the build makes an iso tree (an apply's result would be tuples
             * whose tree is owed, which the select reads as tuples) */
            double *three = malloc(e * sizeof *three);
            assert_non_null(three);
            for (GrB_Index q = 0; q < e; q++) three[q] = 3.0;
            OK(GrB_Matrix_build_FP64(S, I, J, three, e, GrB_SECOND_FP64));
            free(three);
        } else {
            OK(GrB_Matrix_build_FP64(S, flip ? J : I, flip ? I : J, X, e, GrB_PLUS_FP64));
        }
        A = S;
        if (variant == 2) {
            OK(GrB_Matrix_new(&A, GrB_FP64, nr, nc));
            OK(GrB_transpose(A, NULL, NULL, S, NULL));
        } else if (variant == 4) {
            OK(GrB_Matrix_new(&A, GrB_FP64, nr, nc));
            OK(GrB_Matrix_apply(A, NULL, NULL, GrB_IDENTITY_FP64, S, NULL));
        }
        GrB_Descriptor desc = variant == 3 ? GrB_DESC_T0 : NULL;
        GrB_Matrix L;
        if (variant == 3) {
            OK(GrB_Matrix_new(&L, GrB_FP64, nr, nc));
            OK(GrB_transpose(L, NULL, NULL, S, NULL));
            OK(GrB_Matrix_wait(L, GrB_MATERIALIZE));
        } else {
            L = A;
        }
        GrB_Index *ai, *aj, an;
        double *ax;
        tuples_of(L, &ai, &aj, &ax, &an); /* the logical op0(A) */
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
            for (size_t t = 0; t < sizeof thunks / sizeof thunks[0]; t++) {
                int64_t k = ops[o] == GrB_VALUEGT_FP64 ? thunks[t] % 5 : thunks[t];
                GrB_Matrix C, D;
                GrB_Type ct = variant & 1 ? GrB_INT32 : GrB_FP64;
                OK(GrB_Matrix_new(&C, ct, nr, nc));
                OK(GrB_Matrix_new(&D, ct, nr, nc));
                OK(GrB_Matrix_select_INT64(C, NULL, NULL, ops[o], A, k, desc));
                OK(GrB_Matrix_select_INT64(D, NULL, GrB_PLUS_FP64, ops[o], A, k, desc));
                GrB_Index *ci, *cj, cn, *di, *dj, dn, q = 0;
                double *cx, *dx;
                tuples_of(C, &ci, &cj, &cx, &cn);
                tuples_of(D, &di, &dj, &dx, &dn);
                assert_int_equal(cn, dn);
                for (GrB_Index p = 0; p < an; p++) {
                    if (!sel_rule(ops[o], ai[p], aj[p], ax[p], k)) continue;
                    assert_true(q < cn);
                    assert_int_equal(ci[q], ai[p]);
                    assert_int_equal(cj[q], aj[p]);
                    assert_true(cx[q] == ax[p]);
                    assert_true(di[q] == ci[q] && dj[q] == cj[q] && dx[q] == cx[q]);
                    q++;
                }
                assert_int_equal(q, cn);
                free(ci), free(cj), free(cx), free(di), free(dj), free(dx);
                GrB_Matrix_free(&C), GrB_Matrix_free(&D);
            }
        free(ai), free(aj), free(ax);
        if (L != A) GrB_Matrix_free(&L);
        if (A != S) GrB_Matrix_free(&A);
        GrB_Matrix_free(&S);
    }
    free(I), free(J), free(X);
}

/* ---- reduce -------------------------------------------------------------------------------------- */

static void test_reduce(void **state)
{
    (void)state;
    const tup a[] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 5}};
    GrB_Matrix A = mat(GrB_INT32, 3, 3, a, 3), E;
    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_FP64, 3));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_INT32, A, NULL));
    const tup rows[] = {{0, 0, 3}, {2, 0, 5}}; /* an empty row gives no entry */
    check_vec(w, rows, 2);
    OK(GrB_Matrix_reduce_BinaryOp(w, NULL, NULL, GrB_MAX_INT32, A, GrB_DESC_T0));
    const tup cols[] = {{0, 0, 1}, {2, 0, 5}};
    check_vec(w, cols, 2);

    int32_t s = 0;
    OK(GrB_Matrix_reduce_INT32(&s, NULL, GrB_PLUS_MONOID_INT32, A, NULL));
    assert_int_equal(s, 8);
    OK(GrB_Matrix_new(&E, GrB_INT32, 4, 4));
    OK(GrB_Matrix_reduce_INT32(&s, NULL, GrB_MIN_MONOID_INT32, E, NULL));
    assert_int_equal(s, INT32_MAX); /* the identity */
    double c = 3;
    OK(GrB_Matrix_reduce_FP64(&c, GrB_PLUS_FP64, GrB_TIMES_MONOID_FP64, E, NULL));
    assert_true(c == 4); /* 3 + identity 1, as SuiteSparse */

    GrB_Scalar S;
    GrB_Index n;
    OK(GrB_Scalar_new(&S, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(S, 5));
    OK(GrB_Matrix_reduce_Monoid_Scalar(S, NULL, GrB_PLUS_MONOID_FP64, E, NULL));
    OK(GrB_Scalar_nvals(&n, S));
    assert_int_equal(n, 0); /* no accumulator: S = empty */
    OK(GrB_Scalar_setElement_FP64(S, 5));
    OK(GrB_Matrix_reduce_Monoid_Scalar(S, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, E, NULL));
    OK(GrB_Scalar_extractElement_FP64(&c, S));
    assert_true(c == 5); /* accum(S, empty) = S */
    OK(GrB_Scalar_clear(S));
    OK(GrB_Matrix_reduce_BinaryOp_Scalar(S, GrB_PLUS_FP64, GrB_PLUS_FP64, A, NULL));
    OK(GrB_Scalar_extractElement_FP64(&c, S));
    assert_true(c == 8); /* accum(empty, t) = t */
    GrB_Scalar_free(&S), GrB_Vector_free(&w), GrB_Matrix_free(&A), GrB_Matrix_free(&E);
}

/* An iso matrix (every entry x) of `type` with the pattern of t, built in one call. */
static GrB_Matrix iso_mat(GrB_Type type, GrB_Index nr, GrB_Index nc, const tup *t, int n, double x)
{
    GrB_Matrix A;
    GrB_Index I[64], J[64];
    double X[64];
    for (int k = 0; k < n; k++) I[k] = t[k].i, J[k] = t[k].j, X[k] = x;
    OK(GrB_Matrix_new(&A, type, nr, nc));
    OK(GrB_Matrix_build_FP64(A, I, J, X, (GrB_Index)n, NULL));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* Reduce to a vector of an iso matrix (an unweighted graph's degrees), where a row of k entries
 * folds k copies of one value: each row's result equals the left-to-right fold, for an idempotent
 * monoid, PLUS on a whole number (a BOOL pattern's degree in FP64), PLUS on an integer type that
 * wraps (INT8: 3 x 100 = 44), PLUS on 0.1, whose repeated sum is not 7 x 0.1, and TIMES; empty
 * rows give no entry, a matrix whose rows all have entries gives every position, the transposed
 * matrix gives column counts, and the mask and accumulator apply to the result. */
static void test_reduce_iso(void **state)
{
    (void)state;
    /* the CPU's left-to-right fold order is what is pinned here: the device's floating-point sums
     * fold in a tree order (the spec leaves it free), so a run with CUDA forced keeps these calls
     * on the CPU (the policy is restored at the end) */
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    /* rows 0: 3 entries, 1: none, 2: 1, 3: 4 (row 4 of the second pattern: 7) */
    const tup p[] = {{0, 0, 0}, {0, 2, 0}, {0, 5, 0}, {2, 1, 0}, {3, 0, 0}, {3, 1, 0}, {3, 2, 0},
                     {3, 6, 0}};
    const tup q[] = {{0, 0, 0}, {0, 3, 0}, {1, 1, 0}, {2, 2, 0}, {3, 3, 0}, {4, 0, 0}, {4, 1, 0},
                     {4, 2, 0}, {4, 3, 0}, {4, 4, 0}, {4, 5, 0}, {4, 6, 0}};
    GrB_Matrix A = iso_mat(GrB_BOOL, 4, 7, p, 8, 1);
    GrB_Vector w, wt, m;
    OK(GrB_Vector_new(&w, GrB_FP64, 4));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    const tup deg[] = {{0, 0, 3}, {2, 0, 1}, {3, 0, 4}};
    check_vec(w, deg, 3);
    OK(GrB_Vector_new(&wt, GrB_INT64, 7));
    OK(GrB_Matrix_reduce_Monoid(wt, NULL, NULL, GrB_PLUS_MONOID_INT64, A, GrB_DESC_T0));
    const tup cdeg[] = {{0, 0, 2}, {1, 0, 2}, {2, 0, 2}, {5, 0, 1}, {6, 0, 1}};
    check_vec(wt, cdeg, 5);
    /* w<m> += degrees: row 0 masked out keeps its 3, row 3 becomes 4 + 4 */
    OK(GrB_Vector_new(&m, GrB_BOOL, 4));
    OK(GrB_Vector_setElement_BOOL(m, true, 2));
    OK(GrB_Vector_setElement_BOOL(m, true, 3));
    OK(GrB_Matrix_reduce_Monoid(w, m, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, A, NULL));
    const tup acc[] = {{0, 0, 3}, {2, 0, 2}, {3, 0, 8}};
    check_vec(w, acc, 3);
    GrB_Matrix_free(&A);

    /* every row has entries: all five positions */
    struct {
        GrB_Type type;
        double x;
        GrB_BinaryOp op;
    } cases[] = {{GrB_INT8, 100, GrB_PLUS_INT8}, {GrB_FP64, 0.1, GrB_PLUS_FP64},
                 {GrB_FP32, 3, GrB_PLUS_FP32}, {GrB_INT32, 7, GrB_MIN_INT32},
                 {GrB_FP64, 2, GrB_TIMES_FP64}, {GrB_UINT16, 9, GrB_MAX_UINT16}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        A = iso_mat(cases[c].type, 5, 7, q, 12, cases[c].x);
        GrB_Vector r;
        OK(GrB_Vector_new(&r, cases[c].type, 5));
        OK(GrB_Matrix_reduce_BinaryOp(r, NULL, NULL, cases[c].op, A, NULL));
        GrB_Index nv;
        OK(GrB_Vector_nvals(&nv, r));
        assert_int_equal(nv, 5);
        const int len[] = {2, 1, 1, 1, 7};
        for (GrB_Index i = 0; i < 5; i++) {
            /* the left-to-right fold of len[i] copies, in the operator's type */
            GrB_Vector zv, yv;
            OK(GrB_Vector_new(&zv, cases[c].type, 1));
            OK(GrB_Vector_new(&yv, cases[c].type, 1));
            OK(GrB_Vector_setElement_FP64(zv, cases[c].x, 0));
            OK(GrB_Vector_setElement_FP64(yv, cases[c].x, 0));
            for (int k = 1; k < len[i]; k++)
                OK(GrB_Vector_eWiseMult_BinaryOp(zv, NULL, NULL, cases[c].op, zv, yv, NULL));
            double want, got;
            OK(GrB_Vector_extractElement_FP64(&want, zv, 0));
            OK(GrB_Vector_extractElement_FP64(&got, r, i));
            if (got != want)
                fail_msg("case %zu row %llu: %.17g, the fold gives %.17g", c, (unsigned long long)i,
                         got, want);
            GrB_Vector_free(&zv), GrB_Vector_free(&yv);
        }
        GrB_Vector_free(&r);
        GrB_Matrix_free(&A);
    }
    double r4;
    GrB_Vector w5;
    A = iso_mat(GrB_FP64, 5, 7, q, 12, 0.1);
    OK(GrB_Vector_new(&w5, GrB_FP64, 5));
    OK(GrB_Matrix_reduce_Monoid(w5, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    OK(GrB_Vector_extractElement_FP64(&r4, w5, 4));
    assert_true(r4 == 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1); /* not 7 * 0.1 */
    int8_t b;
    GrB_Vector w8;
    GrB_Matrix_free(&A);
    A = iso_mat(GrB_INT8, 5, 7, q, 12, 100);
    OK(GrB_Vector_new(&w8, GrB_INT8, 5));
    OK(GrB_Matrix_reduce_Monoid(w8, NULL, NULL, GrB_PLUS_MONOID_INT8, A, NULL));
    OK(GrB_Vector_extractElement_INT8(&b, w8, 4));
    assert_int_equal(b, (int8_t)(uint8_t)(7 * 100 % 256)); /* 700 wrapped: -68 */
    GrB_Vector_free(&w8), GrB_Vector_free(&w5), GrB_Vector_free(&w), GrB_Vector_free(&wt);
    GrB_Vector_free(&m);
    GrB_Matrix_free(&A);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

/* ---- transpose and aliasing ---------------------------------------------------------------------- */

static void test_transpose_aliased(void **state)
{
    (void)state;
    const tup a[] = {{0, 1, 1}, {1, 0, 2}, {1, 2, 3}, {2, 2, 4}};
    GrB_Matrix A = mat(GrB_FP64, 3, 3, a, 4);
    /* C<C> = C': the mask is C before the call */
    OK(GrB_transpose(A, A, NULL, A, GrB_DESC_R));
    const tup want[] = {{0, 1, 2}, {1, 0, 1}, {2, 2, 4}};
    check_mat(A, want, 3);
    /* C += C (apply identity with accum) and C<!C,struct> = ... leaves C */
    OK(GrB_Matrix_apply(A, NULL, GrB_PLUS_FP64, GrB_IDENTITY_FP64, A, NULL));
    const tup twice[] = {{0, 1, 4}, {1, 0, 2}, {2, 2, 8}};
    check_mat(A, twice, 3);
    OK(GrB_transpose(A, A, NULL, A, GrB_DESC_SC));
    check_mat(A, twice, 3);
    GrB_Matrix_free(&A);
}

/* ---- extract ------------------------------------------------------------------------------------ */

static void test_extract_repeats(void **state)
{
    (void)state;
    const tup a[] = {{0, 1, 1}, {2, 0, 2}, {2, 1, 3}};
    GrB_Matrix A = mat(GrB_FP64, 3, 3, a, 3), C;
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
    GrB_Index I[] = {2, 0, 2}, J[] = {1, 1, 0};
    OK(GrB_Matrix_extract(C, NULL, NULL, A, I, 3, J, 3, NULL));
    const tup want[] = {{0, 0, 3}, {0, 1, 3}, {0, 2, 2}, {1, 0, 1}, {1, 1, 1},
                        {2, 0, 3}, {2, 1, 3}, {2, 2, 2}};
    check_mat(C, want, 8);
    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_FP64, 3));
    OK(GrB_Col_extract(w, NULL, NULL, A, I, 3, 1, NULL));
    const tup col[] = {{0, 0, 3}, {1, 0, 1}, {2, 0, 3}};
    check_vec(w, col, 3);
    OK(GrB_Col_extract(w, NULL, NULL, A, I, 3, 2, GrB_DESC_T0)); /* row 2 of A */
    const tup row[] = {{1, 0, 2}};
    check_vec(w, row, 1);
    GrB_Vector_free(&w), GrB_Matrix_free(&A), GrB_Matrix_free(&C);
}

/* ---- assign ------------------------------------------------------------------------------------- */

/* w = {(2)=1, (4)=7}, u = {10, 20, 30} (u_missing: u(1) absent), I as given. */
static void assign_dup_case(const GrB_Index *I, bool u_missing, GrB_BinaryOp accum,
                            const tup *want, int n)
{
    const tup w0[] = {{2, 0, 1}, {4, 0, 7}};
    const tup u_full[] = {{0, 0, 10}, {1, 0, 20}, {2, 0, 30}};
    const tup u_hole[] = {{0, 0, 10}, {2, 0, 30}};
    GrB_Vector w = vec(GrB_FP64, 5, w0, 2);
    GrB_Vector u = u_missing ? vec(GrB_FP64, 3, u_hole, 2) : vec(GrB_FP64, 3, u_full, 3);
    OK(GrB_Vector_assign(w, NULL, accum, u, I, 3, NULL));
    check_vec(w, want, n);
    GrB_Vector_free(&w), GrB_Vector_free(&u);
}

/* The results SuiteSparse 7.4 gives: the last occurrence of an index wins, and an accumulator is
 * applied once, with that occurrence's value. */
static void test_assign_repeats(void **state)
{
    (void)state;
    const GrB_Index I220[] = {2, 2, 0}, I202[] = {2, 0, 2};
    const tup plain[] = {{0, 0, 30}, {2, 0, 20}, {4, 0, 7}};
    assign_dup_case(I220, false, NULL, plain, 3);
    const tup plus[] = {{0, 0, 30}, {2, 0, 21}, {4, 0, 7}};
    assign_dup_case(I220, false, GrB_PLUS_FP64, plus, 3);
    const tup hole[] = {{0, 0, 30}, {4, 0, 7}};
    assign_dup_case(I220, true, NULL, hole, 2);
    const tup hole2[] = {{2, 0, 30}, {4, 0, 7}};
    assign_dup_case(I202, true, NULL, hole2, 2);

    const tup w0[] = {{2, 0, 1}, {4, 0, 7}};
    GrB_Vector w = vec(GrB_FP64, 5, w0, 2);
    OK(GrB_Vector_assign_FP64(w, NULL, GrB_PLUS_FP64, 5, I220, 3, NULL));
    const tup scalar_plus[] = {{0, 0, 5}, {2, 0, 6}, {4, 0, 7}};
    check_vec(w, scalar_plus, 3);
    GrB_Vector_free(&w);

    const tup c[] = {{1, 1, 1}};
    const tup a[] = {{0, 0, 10}, {1, 0, 20}, {1, 1, 30}};
    GrB_Matrix C = mat(GrB_FP64, 3, 3, c, 1), A = mat(GrB_FP64, 2, 2, a, 3);
    GrB_Index Ii[] = {1, 1}, Jj[] = {1, 2};
    OK(GrB_Matrix_assign(C, NULL, GrB_PLUS_FP64, A, Ii, 2, Jj, 2, NULL));
    const tup mat_plus[] = {{1, 1, 21}, {1, 2, 30}};
    check_mat(C, mat_plus, 2);
    GrB_Matrix_free(&C), GrB_Matrix_free(&A);
}

/* GrB_assign, not subassign: the mask spans C, and replace clears C outside it, even outside
 * (I, J); the scalar is cast straight into the accumulator (SuiteSparse: 3 * 2.5 -> 7). */
static void test_assign_mask_spans_c(void **state)
{
    (void)state;
    const tup c[] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 3}};
    const tup m[] = {{0, 1, 1}, {2, 2, 1}};
    GrB_Matrix C = mat(GrB_INT32, 3, 3, c, 3), M = mat(GrB_BOOL, 3, 3, m, 2);
    GrB_Index I[] = {0, 2}, J[] = {1, 2};
    OK(GrB_Matrix_assign_FP64(C, M, GrB_TIMES_FP64, 2.5, I, 2, J, 2, GrB_DESC_R));
    const tup want[] = {{0, 1, 2}, {2, 2, 7}};
    check_mat(C, want, 2);
    GrB_Matrix_free(&C), GrB_Matrix_free(&M);
}

/* Row and column assign: the mask and replace cover that row or column only. */
static void test_assign_row_col(void **state)
{
    (void)state;
    const tup c[] = {{0, 0, 1}, {1, 0, 2}, {1, 1, 3}, {1, 2, 4}, {2, 2, 5}};
    const tup u0[] = {{0, 0, 10}};
    const tup m0[] = {{0, 0, 1}, {2, 0, 1}};
    GrB_Matrix C = mat(GrB_FP64, 3, 3, c, 5);
    GrB_Vector u = vec(GrB_FP64, 2, u0, 1), m = vec(GrB_BOOL, 3, m0, 2);
    GrB_Index J[] = {2, 0};
    /* C(1, [2 0])<m, replace> = u: C(1,2) = 10, C(1,0) deleted (u(1) absent), C(1,1) cleared */
    OK(GrB_Row_assign(C, m, NULL, u, 1, J, 2, GrB_DESC_R));
    const tup row[] = {{0, 0, 1}, {1, 2, 10}, {2, 2, 5}};
    check_mat(C, row, 3);
    /* C([2 0], 2)<!m> += u: only row 1 is allowed, which (I) does not touch */
    OK(GrB_Col_assign(C, m, GrB_PLUS_FP64, u, J, 2, 2, GrB_DESC_C));
    check_mat(C, row, 3);
    OK(GrB_Col_assign(C, NULL, GrB_PLUS_FP64, u, J, 2, 2, NULL));
    const tup col[] = {{0, 0, 1}, {1, 2, 10}, {2, 2, 15}};
    check_mat(C, col, 3);
    GrB_Matrix_free(&C), GrB_Vector_free(&u), GrB_Vector_free(&m);
}

/* ---- user-defined types --------------------------------------------------------------------------- */

typedef struct {
    double re, im;
} cplx;

static void cplx_add(void *z, const void *x, const void *y)
{
    cplx a, b;
    memcpy(&a, x, sizeof a), memcpy(&b, y, sizeof b);
    cplx r = {a.re + b.re, a.im + b.im};
    memcpy(z, &r, sizeof r);
}

static void cplx_conj(void *z, const void *x)
{
    cplx a;
    memcpy(&a, x, sizeof a);
    a.im = -a.im;
    memcpy(z, &a, sizeof a);
}

static void test_udt(void **state)
{
    (void)state;
    GrB_Type T;
    GrB_BinaryOp add;
    GrB_UnaryOp conj;
    GrB_Monoid mon;
    OK(GrB_Type_new(&T, sizeof(cplx)));
    OK(GrB_BinaryOp_new(&add, cplx_add, T, T, T));
    OK(GrB_UnaryOp_new(&conj, cplx_conj, T, T));
    cplx zero = {0, 0};
    OK(GrB_Monoid_new_UDT(&mon, add, &zero));
    GrB_Matrix A, C;
    OK(GrB_Matrix_new(&A, T, 2, 3));
    OK(GrB_Matrix_new(&C, T, 3, 2));
    cplx v1 = {1, 2}, v2 = {3, 4}, v3 = {5, 6}, got;
    OK(GrB_Matrix_setElement_UDT(A, &v1, 0, 2));
    OK(GrB_Matrix_setElement_UDT(A, &v2, 1, 0));
    OK(GrB_Matrix_setElement_UDT(A, &v3, 1, 2));
    OK(GrB_transpose(C, NULL, NULL, A, NULL));
    OK(GrB_Matrix_extractElement_UDT(&got, C, 2, 1));
    assert_true(got.re == 5 && got.im == 6);
    /* C += conj(A') */
    GrB_Descriptor t0 = desc_of(GrB_DEFAULT, GrB_DEFAULT, GrB_TRAN);
    OK(GrB_Matrix_apply(C, NULL, add, conj, A, t0));
    OK(GrB_Matrix_extractElement_UDT(&got, C, 2, 0));
    assert_true(got.re == 2 && got.im == 0);
    cplx sum;
    OK(GrB_Matrix_reduce_UDT(&sum, NULL, mon, C, NULL));
    assert_true(sum.re == 18 && sum.im == 0);
    GrB_Vector w;
    OK(GrB_Vector_new(&w, T, 2));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, mon, A, NULL));
    OK(GrB_Vector_extractElement_UDT(&got, w, 1));
    assert_true(got.re == 8 && got.im == 10);
    GrB_Index I[] = {1, 1};
    GrB_Matrix D;
    OK(GrB_Matrix_new(&D, T, 2, 3));
    OK(GrB_Matrix_extract(D, NULL, NULL, A, I, 2, GrB_ALL, 3, NULL));
    OK(GrB_Matrix_extractElement_UDT(&got, D, 0, 2));
    assert_true(got.re == 5 && got.im == 6);
    OK(GrB_Matrix_assign_UDT(D, NULL, NULL, &v1, I, 1, GrB_ALL, 3, NULL));
    OK(GrB_Matrix_extractElement_UDT(&got, D, 1, 1));
    assert_true(got.re == 1 && got.im == 2);
    OK(GrB_Matrix_select_INT64(D, NULL, NULL, GrB_TRIL, D, 0, NULL));
    GrB_Index n;
    OK(GrB_Matrix_nvals(&n, D));
    assert_int_equal(n, 3); /* (0,0), (1,0), (1,1) */
    GrB_Matrix_free(&A), GrB_Matrix_free(&C), GrB_Matrix_free(&D), GrB_Vector_free(&w);
    GrB_Monoid_free(&mon), GrB_UnaryOp_free(&conj), GrB_BinaryOp_free(&add), GrB_Type_free(&T);
    GrB_Descriptor_free(&t0);
}

/* ---- hypersparse: dimension 2^60, a few entries; nothing may cost O(dimension) --------------- */

static void test_hypersparse(void **state)
{
    (void)state;
    const GrB_Index big = HUGE_DIM - 1, mid = (GrB_Index)1 << 40;
    const tup a[] = {{0, big, 1}, {mid, 5, 2}, {mid, mid, 3}, {big, 0, 4}};
    GrB_Matrix A = mat(GrB_FP64, HUGE_DIM, HUGE_DIM, a, 4), C;
    OK(GrB_Matrix_new(&C, GrB_FP64, HUGE_DIM, HUGE_DIM));

    OK(GrB_transpose(C, NULL, NULL, A, NULL));
    const tup at[] = {{0, big, 4}, {5, mid, 2}, {mid, mid, 3}, {big, 0, 1}};
    check_mat(C, at, 4);
    OK(GrB_Matrix_apply(C, A, GrB_PLUS_FP64, GrB_AINV_FP64, A, GrB_DESC_ST0));
    const tup ap[] = {{0, big, 0}, {5, mid, 2}, {mid, mid, 0}, {big, 0, 0}};
    check_mat(C, ap, 4);
    OK(GrB_Matrix_select_INT64(C, NULL, NULL, GrB_TRIU, A, 0, NULL));
    const tup triu[] = {{0, big, 1}, {mid, mid, 3}};
    check_mat(C, triu, 2);

    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_FP64, HUGE_DIM));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    const tup rows[] = {{0, 0, 1}, {mid, 0, 5}, {big, 0, 4}};
    check_vec(w, rows, 3);
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, GrB_DESC_T0));
    const tup cols[] = {{0, 0, 4}, {5, 0, 2}, {mid, 0, 3}, {big, 0, 1}};
    check_vec(w, cols, 4);

    /* extract with GrB_ALL keeps the huge dimension; an explicit list makes a small result */
    OK(GrB_Matrix_extract(C, NULL, NULL, A, GrB_ALL, HUGE_DIM, GrB_ALL, HUGE_DIM, NULL));
    check_mat(C, a, 4);
    GrB_Matrix S;
    OK(GrB_Matrix_new(&S, GrB_FP64, 2, HUGE_DIM));
    GrB_Index I[] = {mid, 7};
    OK(GrB_Matrix_extract(S, NULL, NULL, A, I, 2, GrB_ALL, HUGE_DIM, NULL));
    const tup sub[] = {{0, 5, 2}, {0, mid, 3}};
    check_mat(S, sub, 2);

    /* assign: a small matrix into rows (mid, 1) and all columns, a scalar at two positions,
     * a masked scalar over everything, and a row */
    OK(GrB_Matrix_assign(C, NULL, NULL, S, I, 2, GrB_ALL, HUGE_DIM, NULL));
    const tup asg[] = {{0, big, 1}, {mid, 5, 2}, {mid, mid, 3}, {big, 0, 4}};
    check_mat(C, asg, 4);
    GrB_Index J[] = {3, big};
    OK(GrB_Matrix_assign_FP64(C, NULL, NULL, 9, I, 2, J, 2, NULL));
    const tup sc[] = {{0, big, 1},   {7, 3, 9},   {7, big, 9},    {mid, 3, 9},
                      {mid, 5, 2},   {mid, mid, 3}, {mid, big, 9}, {big, 0, 4}};
    check_mat(C, sc, 8);
    OK(GrB_Matrix_assign_FP64(C, A, GrB_PLUS_FP64, 1, GrB_ALL, HUGE_DIM, GrB_ALL, HUGE_DIM,
                              GrB_DESC_S));
    const tup msc[] = {{0, big, 2},    {7, 3, 9},   {7, big, 9},    {mid, 3, 9},
                       {mid, 5, 3},    {mid, mid, 4}, {mid, big, 9}, {big, 0, 5}};
    check_mat(C, msc, 8);
    GrB_Vector u;
    OK(GrB_Vector_new(&u, GrB_FP64, 2));
    OK(GrB_Vector_setElement_FP64(u, 6, 1));
    OK(GrB_Row_assign(C, NULL, NULL, u, mid, J, 2, NULL));
    const tup row[] = {{0, big, 2},    {7, 3, 9},     {7, big, 9},   {mid, 5, 3},
                       {mid, mid, 4},  {mid, big, 6}, {big, 0, 5}};
    check_mat(C, row, 7);
    OK(GrB_Col_assign(C, NULL, NULL, u, I, 2, big, NULL));
    const tup col[] = {{0, big, 2}, {7, 3, 9}, {7, big, 6}, {mid, 5, 3}, {mid, mid, 4}, {big, 0, 5}};
    check_mat(C, col, 6);

    double s;
    OK(GrB_Matrix_reduce_FP64(&s, NULL, GrB_PLUS_MONOID_FP64, C, NULL));
    assert_true(s == 29);
    GrB_Matrix_free(&A), GrB_Matrix_free(&C), GrB_Matrix_free(&S);
    GrB_Vector_free(&w), GrB_Vector_free(&u);
}

/* Write-back whose only work is the mask (C and T empty): large enough to run in parallel, the
 * merge must take its key ranges from the mask. */
static void test_writeback_mask_only(void **state)
{
    (void)state;
    const GrB_Index n = 1 << 17;
    GrB_Vector w, u, m;
    OK(GrB_Vector_new(&w, GrB_FP64, n));
    OK(GrB_Vector_new(&u, GrB_FP64, n));
    OK(GrB_Vector_new(&m, GrB_BOOL, n));
    OK(GrB_Vector_assign_BOOL(m, NULL, NULL, true, GrB_ALL, n, NULL));
    OK(GrB_Vector_apply(w, m, NULL, GrB_IDENTITY_FP64, u, NULL));
    GrB_Index nvals = 1;
    OK(GrB_Vector_nvals(&nvals, w));
    assert_int_equal(nvals, 0);
    OK(GrB_Vector_free(&w));
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&m));
}

/* ---- a sequence of line assigns on one matrix, against a model ----------------------------------
 * GrB_Row_assign, GrB_Col_assign and GrB_Matrix_assign on few lines log their changes without
 * assembling the matrix; this runs long random sequences of them (masked, complemented,
 * structural, replace, accum, GrB_ALL and index lists, matrix and scalar sources), interleaved
 * with setElement, removeElement, extractElement, nvals, dup and full reads, on one matrix, and
 * checks every result against a dense model over K significant indices (everything else of the
 * 2^60 shape stays empty). */

#define SEQ_K 6

typedef struct {
    bool p[SEQ_K][SEQ_K];
    double x[SEQ_K][SEQ_K];
} seq_model;

static unsigned seq_rand(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

/* Full comparison: nvals, every tuple, and extractElement at every significant position. */
static void seq_check(GrB_Matrix C, const seq_model *m, const GrB_Index *idx, bool full)
{
    GrB_Index nv, want = 0;
    for (int a = 0; a < SEQ_K; a++)
        for (int b = 0; b < SEQ_K; b++) {
            want += m->p[a][b];
            double x = -1;
            GrB_Info info = GrB_Matrix_extractElement_FP64(&x, C, idx[a], idx[b]);
            assert_int_equal(info, m->p[a][b] ? GrB_SUCCESS : GrB_NO_VALUE);
            if (m->p[a][b]) assert_true(x == m->x[a][b]);
        }
    OK(GrB_Matrix_nvals(&nv, C));
    assert_int_equal(nv, want);
    if (!full) return;
    GrB_Index I[SEQ_K * SEQ_K], J[SEQ_K * SEQ_K];
    double X[SEQ_K * SEQ_K];
    nv = SEQ_K * SEQ_K;
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &nv, C));
    GrB_Index e = 0;
    for (int a = 0; a < SEQ_K; a++)
        for (int b = 0; b < SEQ_K; b++) {
            if (!m->p[a][b]) continue;
            assert_int_equal(I[e], idx[a]);
            assert_int_equal(J[e], idx[b]);
            assert_true(X[e] == m->x[a][b]);
            e++;
        }
    assert_int_equal(e, nv);
}

/* One random line assign: on the matrix and on the model. */
static void seq_line_assign(GrB_Matrix C, seq_model *m, const GrB_Index *idx, GrB_Index dim,
                            unsigned *s)
{
    bool row = seq_rand(s) % 2;
    int line = seq_rand(s) % SEQ_K;
    /* the region: GrB_ALL or a list of distinct significant indices in random order */
    bool all = seq_rand(s) % 3 == 0;
    int list[SEQ_K], nl = 0;
    GrB_Index L[SEQ_K];
    for (int a = 0; a < SEQ_K; a++)
        if (seq_rand(s) % 2) list[nl++] = a;
    for (int a = nl - 1; a > 0; a--) {
        int b = seq_rand(s) % (a + 1), t = list[a];
        list[a] = list[b], list[b] = t;
    }
    for (int a = 0; a < nl; a++) L[a] = idx[list[a]];
    /* the source: over GrB_ALL indexed like C's line, else by position in the list */
    GrB_Vector u, mask = NULL;
    OK(GrB_Vector_new(&u, GrB_FP64, all ? dim : (GrB_Index)nl));
    bool sp[SEQ_K] = {false};
    double sx[SEQ_K] = {0};
    for (int a = 0; a < (all ? SEQ_K : nl); a++) {
        if (seq_rand(s) % 3 == 0) continue;
        int t = all ? a : list[a];
        sp[t] = true;
        sx[t] = (double)(seq_rand(s) % 9);
        OK(GrB_Vector_setElement_FP64(u, sx[t], all ? idx[a] : (GrB_Index)a));
    }
    bool inR[SEQ_K] = {false};
    for (int a = 0; a < SEQ_K; a++) inR[a] = all;
    for (int a = 0; a < nl; a++) inR[list[a]] = true;
    /* the mask over the line and the descriptor */
    bool mp[SEQ_K] = {false}, mv[SEQ_K] = {false};
    int dsel = seq_rand(s) % 6;
    if (dsel > 0) {
        OK(GrB_Vector_new(&mask, GrB_BOOL, dim));
        for (int a = 0; a < SEQ_K; a++) {
            if (seq_rand(s) % 3 == 0) continue;
            mp[a] = true;
            mv[a] = seq_rand(s) % 3 != 0;
            OK(GrB_Vector_setElement_BOOL(mask, mv[a], idx[a]));
        }
    }
    static const GrB_Descriptor *descs[6] = {NULL, NULL, &GrB_DESC_R, &GrB_DESC_C, &GrB_DESC_RSC,
                                             &GrB_DESC_S};
    GrB_Descriptor d = descs[dsel] == NULL ? NULL : *descs[dsel];
    bool replace = dsel == 2 || dsel == 4, comp = dsel == 3 || dsel == 4,
         structural = dsel == 4 || dsel == 5;
    bool accum = seq_rand(s) % 2;
    GrB_BinaryOp acc = accum ? GrB_PLUS_FP64 : NULL;
    if (row)
        OK(GrB_Row_assign(C, mask, acc, u, idx[line], all ? GrB_ALL : L, all ? dim : (GrB_Index)nl, d));
    else
        OK(GrB_Col_assign(C, mask, acc, u, all ? GrB_ALL : L, all ? dim : (GrB_Index)nl, idx[line], d));
    /* the model: Z in the region, then the mask with replace */
    for (int a = 0; a < SEQ_K; a++) {
        bool *cp = row ? &m->p[line][a] : &m->p[a][line];
        double *cx = row ? &m->x[line][a] : &m->x[a][line];
        bool zp = *cp;
        double zx = *cx;
        if (inR[a]) {
            if (!accum) {
                zp = sp[a], zx = sx[a];
            } else if (sp[a]) {
                zx = zp ? zx + sx[a] : sx[a];
                zp = true;
            }
        }
        bool allow = dsel == 0 ? true : (structural ? mp[a] : mp[a] && mv[a]);
        if (comp) allow = !allow;
        if (allow) {
            *cp = zp, *cx = zx;
        } else if (replace) {
            *cp = false;
        }
    }
    GrB_Vector_free(&u);
    GrB_Vector_free(&mask);
}

/* One random GrB_Matrix_assign of a 1 or 2 x 1 or 2 source (a matrix, or a scalar) into lists of
 * significant indices, unmasked or under a mask of significant entries, without replace: few
 * lines of a matrix with more entries, so the assign reads and logs only those lines. */
static void seq_matrix_assign(GrB_Matrix C, seq_model *m, const GrB_Index *idx, unsigned *s)
{
    int ni = 1 + seq_rand(s) % 2, nj = 1 + seq_rand(s) % 2, li[2], lj[2];
    GrB_Index I[2], J[2];
    li[0] = seq_rand(s) % SEQ_K, lj[0] = seq_rand(s) % SEQ_K;
    li[1] = (li[0] + 1 + seq_rand(s) % (SEQ_K - 1)) % SEQ_K;
    lj[1] = (lj[0] + 1 + seq_rand(s) % (SEQ_K - 1)) % SEQ_K;
    for (int a = 0; a < 2; a++) I[a] = idx[li[a]], J[a] = idx[lj[a]];
    bool sp[2][2] = {{false}}, scalar = seq_rand(s) % 3 == 0, accum = seq_rand(s) % 2;
    double sx[2][2] = {{0}};
    GrB_Matrix S = NULL, M = NULL;
    if (!scalar) OK(GrB_Matrix_new(&S, GrB_FP64, (GrB_Index)ni, (GrB_Index)nj));
    double x = (double)(seq_rand(s) % 9);
    for (int a = 0; a < ni; a++)
        for (int b = 0; b < nj; b++) {
            sp[a][b] = scalar || seq_rand(s) % 3 != 0;
            sx[a][b] = scalar ? x : (double)(seq_rand(s) % 9);
            if (!scalar && sp[a][b]) OK(GrB_Matrix_setElement_FP64(S, sx[a][b], a, b));
        }
    /* the mask: a copy of the model's pattern with random values, complemented or not */
    bool masked = seq_rand(s) % 2, comp = masked && seq_rand(s) % 2, mv[SEQ_K][SEQ_K] = {{false}};
    GrB_Index dim;
    OK(GrB_Matrix_nrows(&dim, C));
    if (masked) {
        OK(GrB_Matrix_new(&M, GrB_BOOL, dim, dim));
        for (int a = 0; a < SEQ_K; a++)
            for (int b = 0; b < SEQ_K; b++)
                if (seq_rand(s) % 2) {
                    mv[a][b] = true;
                    OK(GrB_Matrix_setElement_BOOL(M, true, idx[a], idx[b]));
                }
    }
    GrB_BinaryOp acc = accum ? GrB_PLUS_FP64 : NULL;
    GrB_Descriptor d = comp ? GrB_DESC_C : NULL;
    if (scalar)
        OK(GrB_Matrix_assign_FP64(C, M, acc, x, I, (GrB_Index)ni, J, (GrB_Index)nj, d));
    else
        OK(GrB_Matrix_assign(C, M, acc, S, I, (GrB_Index)ni, J, (GrB_Index)nj, d));
    for (int a = 0; a < ni; a++)
        for (int b = 0; b < nj; b++) {
            int r = li[a], c = lj[b];
            bool allow = !masked || mv[r][c] != comp;
            if (!allow) continue;
            if (!accum) {
                m->p[r][c] = sp[a][b], m->x[r][c] = sx[a][b];
            } else if (sp[a][b]) {
                m->x[r][c] = m->p[r][c] ? m->x[r][c] + sx[a][b] : sx[a][b];
                m->p[r][c] = true;
            }
        }
    GrB_Matrix_free(&S);
    GrB_Matrix_free(&M);
}

static void seq_run(GrB_Index dim, const GrB_Index *idx, unsigned seed)
{
    seq_model m;
    memset(&m, 0, sizeof m);
    unsigned s = seed;
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, dim, dim));
    for (int a = 0; a < SEQ_K; a++)
        for (int b = 0; b < SEQ_K; b++)
            if (seq_rand(&s) % 2) {
                m.p[a][b] = true;
                m.x[a][b] = (double)(seq_rand(&s) % 9);
                OK(GrB_Matrix_setElement_FP64(C, m.x[a][b], idx[a], idx[b]));
            }
    OK(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    for (int step = 0; step < 400; step++) {
        int what = seq_rand(&s) % 16;
        int a = seq_rand(&s) % SEQ_K, b = seq_rand(&s) % SEQ_K;
        if (what < 8) {
            seq_line_assign(C, &m, idx, dim, &s);
        } else if (what < 10) {
            seq_matrix_assign(C, &m, idx, &s);
        } else if (what < 12) {
            m.p[a][b] = true;
            m.x[a][b] = (double)(seq_rand(&s) % 9);
            OK(GrB_Matrix_setElement_FP64(C, m.x[a][b], idx[a], idx[b]));
        } else if (what < 14) {
            m.p[a][b] = false;
            OK(GrB_Matrix_removeElement(C, idx[a], idx[b]));
        } else if (what == 14) {
            /* a copy shares the tree; the original goes on with its own log */
            GrB_Matrix D;
            OK(GrB_Matrix_dup(&D, C));
            OK(GrB_Matrix_free(&C));
            C = D;
        }
        seq_check(C, &m, idx, what == 15 || step % 50 == 49);
    }
    GrB_Matrix_free(&C);
}

static void test_line_assign_sequences(void **state)
{
    (void)state;
    const GrB_Index huge[SEQ_K] = {0, 3, (GrB_Index)1 << 40, ((GrB_Index)1 << 40) + 1,
                                   HUGE_DIM - 2, HUGE_DIM - 1};
    const GrB_Index small[SEQ_K] = {0, 1, 2, 3, 4, 5};
    for (unsigned seed = 1; seed <= 6; seed++) {
        seq_run(HUGE_DIM, huge, seed);
        seq_run(SEQ_K, small, seed + 100);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writeback_masks),
        cmocka_unit_test(test_mask_negative_zero),
        cmocka_unit_test(test_writeback_casts),
        cmocka_unit_test(test_apply_positional_transposed),
        cmocka_unit_test(test_select_builtin),
        cmocka_unit_test(test_select_int32_index_ops),
        cmocka_unit_test(test_select_trees),
        cmocka_unit_test(test_reduce),
        cmocka_unit_test(test_reduce_iso),
        cmocka_unit_test(test_transpose_aliased),
        cmocka_unit_test(test_extract_repeats),
        cmocka_unit_test(test_assign_repeats),
        cmocka_unit_test(test_assign_mask_spans_c),
        cmocka_unit_test(test_assign_row_col),
        cmocka_unit_test(test_udt),
        cmocka_unit_test(test_hypersparse),
        cmocka_unit_test(test_writeback_mask_only),
        cmocka_unit_test(test_line_assign_sequences),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
