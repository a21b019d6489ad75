/* test_cuda_ops.c: the CUDA apply, select, reduce and mxv/vxm slots against the CPU backend, and
 * the residency, out-of-memory and trace behaviour around them. Each parity case builds the same
 * random inputs, runs the operation once with GxG_BACKEND forced to the CPU and once forced to
 * CUDA, checks from the decline counter that the device really computed (no silent decline),
 * and compares the outputs' tuples: exactly, except floating-point sums (relative 1e-12 for FP64,
 * 1e-5 for FP32), whose order differs on the device. Under compute-sanitizer
 * (GG_TEST_SANITIZER set, tools/device-check.sh) every parity test runs its first two cases only.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
#include "GG_cuda.h"
#include "GG_cuda_mxv_svm.h"
#include "GG_cuda_vec_mxv.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "GG_cuda_test.h"
#include "GG_cuda_mtest.h"

static const char *type_name(GrB_Type t)
{
    return t == GrB_BOOL ? "BOOL" : t == GrB_INT32 ? "INT32" : t == GrB_INT64 ? "INT64"
         : t == GrB_UINT32 ? "UINT32" : t == GrB_UINT64 ? "UINT64" : t == GrB_FP32 ? "FP32"
         : "FP64";
}

static GrB_Vector vdup(GrB_Vector v)
{
    GrB_Vector w;
    OK(GrB_Vector_dup(&w, v));
    return w;
}

static GrB_Type types[] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
static void init_types(void)
{
    types[0] = GrB_INT32, types[1] = GrB_INT64, types[2] = GrB_UINT32, types[3] = GrB_UINT64;
    types[4] = GrB_FP32, types[5] = GrB_FP64, types[6] = GrB_BOOL;
}

/* How many cases of each parity list run (all, or 2 under the sanitizer). */
static size_t ncases(size_t all)
{
    const char *s = getenv("GG_TEST_SANITIZER");
    return s != NULL && s[0] != '\0' && all > 2 ? 2 : all;
}

/* The descriptors each case runs under: plain, transposed input, replace with a complemented
 * structural mask. */
static GrB_Descriptor descs[3];

/* ---- apply ------------------------------------------------------------------------------------- */

static void apply_case(GrB_Type type, GrB_UnaryOp unop, GrB_BinaryOp binop, bool first, int di,
                       bool masked, bool accum)
{
    GrB_Matrix A = random_matrix(type, 60, 45, 0.08);
    GrB_Index cr = 60, cc = 45;
    if (di == 1) cr = 45, cc = 60;
    GrB_Matrix C0 = random_matrix(type, cr, cc, 0.05), M = random_matrix(GrB_BOOL, cr, cc, 0.3);
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        GrB_Matrix mask = masked ? M : NULL;
        GrB_BinaryOp acc = accum ? GrB_PLUS_FP64 : NULL;
        GG_trace_set(b); /* a decline's reason reaches the log */
        if (unop != NULL)
            OK(GrB_Matrix_apply(C[b], mask, acc, unop, A, descs[di]));
        else if (first) /* A is the second input here: GrB_INP1 transposes it */
            OK(GrB_Matrix_apply_BinaryOp1st_INT32(C[b], mask, acc, binop, 3, A,
                                                  di == 1 ? GrB_DESC_T1 : descs[di]));
        else
            OK(GrB_Matrix_apply_BinaryOp2nd_INT32(C[b], mask, acc, binop, A, 2, descs[di]));
        GG_trace_set(0);
        if (b == 1 && declines() != before) /* the device did not compute */
            fail_msg("apply declined: type %s, %s op, first %d, descriptor %d, mask %d, accum %d",
                     type_name(type), unop != NULL ? "unary" : "binary", first, di, masked, accum);
    }
    same_matrix(C[0], C[1], 0);
    GrB_free(&A), GrB_free(&C0), GrB_free(&M), GrB_free(&C[0]), GrB_free(&C[1]);
}

static void apply_parity(void **state)
{
    (void)state;
    /* Each type's operators, in the order of types[]; BOOL has LNOT for ABS and LXOR for TIMES. */
#define APPLY_OPS(T)                                                                               \
    {GrB_AINV_##T, GrB_ABS_##T, GrB_PLUS_##T, GrB_TIMES_##T, GrB_DIV_##T, GrB_MIN_##T, GrB_MAX_##T}
    struct {
        GrB_UnaryOp ainv, abs_;
        GrB_BinaryOp plus, times, minv_div, min, max;
    } ops[] = {APPLY_OPS(INT32),
               APPLY_OPS(INT64),
               APPLY_OPS(UINT32),
               APPLY_OPS(UINT64),
               APPLY_OPS(FP32),
               APPLY_OPS(FP64),
               {GrB_AINV_BOOL, GrB_LNOT, GrB_PLUS_BOOL, GrB_LXOR, GrB_DIV_BOOL, GrB_MIN_BOOL,
                GrB_MAX_BOOL}};
#undef APPLY_OPS
    for (size_t t = 0; t < ncases(7); t++) {
        GrB_Type T = types[t];
        for (int di = 0; di < 3; di++) {
            apply_case(T, ops[t].ainv, NULL, false, di, di == 2, false);
            apply_case(T, ops[t].abs_, NULL, false, di, false, di == 1);
            apply_case(T, NULL, ops[t].plus, true, di, di == 2, di == 0);
            apply_case(T, NULL, ops[t].times, false, di, false, false);
            apply_case(T, NULL, ops[t].minv_div, true, di, di == 2, false);
            apply_case(T, NULL, ops[t].minv_div, false, di, false, false);
            apply_case(T, NULL, ops[t].min, false, di, di == 2, false);
            apply_case(T, NULL, ops[t].max, true, di, false, false);
        }
    }
}

/* ---- select ------------------------------------------------------------------------------------ */

static void select_parity(void **state)
{
    (void)state;
    GrB_IndexUnaryOp ops[] = {GrB_TRIL, GrB_TRIU, GrB_DIAG, GrB_OFFDIAG, GrB_ROWLE, GrB_ROWGT,
                              GrB_COLLE, GrB_COLGT, GrB_VALUEGT_INT64, GrB_VALUEEQ_INT64,
                              GrB_VALUELE_INT64};
    for (size_t o = 0; o < ncases(sizeof ops / sizeof ops[0]); o++) {
        for (int di = 0; di < 3; di++) {
            GrB_Matrix A = random_matrix(GrB_INT64, 70, 70, 0.1);
            GrB_Matrix C0 = random_matrix(GrB_INT64, 70, 70, 0.05);
            GrB_Matrix M = random_matrix(GrB_BOOL, 70, 70, 0.4);
            GrB_Matrix C[2];
            for (int b = 0; b < 2; b++) {
                C[b] = mdup(C0);
                set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                size_t before = declines();
                OK(GrB_Matrix_select_INT64(C[b], di == 2 ? M : NULL,
                                           di == 1 ? GrB_PLUS_INT64 : NULL, ops[o], A,
                                           (int64_t)(o % 3) + 2, descs[di]));
                if (b == 1) assert_true(declines() == before);
            }
            same_matrix(C[0], C[1], 0);
            GrB_free(&A), GrB_free(&C0), GrB_free(&M), GrB_free(&C[0]), GrB_free(&C[1]);
        }
    }
}

/* ---- eWiseAdd / eWiseMult ---------------------------------------------------------------------- */

/* Square and rectangular C, every combination of descriptor transposes and of inputs stored
 * transposed (an O(1) GrB_transpose sets the flag), with and without a mask and an accumulator,
 * through the public API. */
static void ewise_parity(void **state)
{
    (void)state;
    struct {
        GrB_Type type;
        GrB_BinaryOp op;
        double tol;
    } cases[] = {
        {GrB_INT32, GrB_PLUS_INT32, 0},  {GrB_FP64, GrB_TIMES_FP64, 1e-12},
        {GrB_FP32, GrB_MIN_FP32, 0},     {GrB_BOOL, GrB_LOR, 0},
        {GrB_INT64, GrB_MINUS_INT64, 0}, {GrB_UINT32, GrB_MAX_UINT32, 0},
    };
    GrB_Descriptor tdesc[4] = {NULL, GrB_DESC_T0, GrB_DESC_T1, GrB_DESC_T0T1};
    GrB_Index shapes[2][2] = {{60, 60}, {40, 70}};
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        for (int sh = 0; sh < 2; sh++) {
            for (int t = 0; t < 4; t++) {
                for (int stored = 0; stored < 2; stored++) {
                    GrB_Index m = shapes[sh][0], n = shapes[sh][1];
                    bool ta = t & 1, tb = t & 2;
                    /* op0(A) and op1(B) are m x n; with `stored`, A and B hold their content
                     * transposed behind the flag */
                    bool fa = ta != (bool)stored, fb = tb != (bool)stored;
                    GrB_Matrix A = random_matrix(cases[c].type, fa ? n : m, fa ? m : n, 0.1);
                    GrB_Matrix B = random_matrix(cases[c].type, fb ? n : m, fb ? m : n, 0.1);
                    if (stored) {
                        GrB_Matrix At, Bt;
                        GrB_Index ar, ac, br, bc;
                        OK(GrB_Matrix_nrows(&ar, A)), OK(GrB_Matrix_ncols(&ac, A));
                        OK(GrB_Matrix_nrows(&br, B)), OK(GrB_Matrix_ncols(&bc, B));
                        OK(GrB_Matrix_new(&At, cases[c].type, ac, ar));
                        OK(GrB_Matrix_new(&Bt, cases[c].type, bc, br));
                        OK(GrB_transpose(At, NULL, NULL, A, NULL));
                        OK(GrB_transpose(Bt, NULL, NULL, B, NULL));
                        GrB_free(&A), GrB_free(&B);
                        A = At, B = Bt;
                    }
                    bool masked = (t + sh) % 3 == 1, accum = (t + stored) % 3 == 2;
                    GrB_Matrix C0 = random_matrix(cases[c].type, m, n, 0.05);
                    GrB_Matrix M = random_matrix(GrB_BOOL, m, n, 0.4);
                    for (int mult = 0; mult < 2; mult++) {
                        GrB_Matrix C[2];
                        for (int b = 0; b < 2; b++) {
                            C[b] = mdup(C0);
                            set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                            size_t before = declines();
                            GrB_Matrix mask = masked ? M : NULL;
                            GrB_BinaryOp acc = accum ? cases[c].op : NULL;
                            if (mult)
                                OK(GrB_Matrix_eWiseMult_BinaryOp(C[b], mask, acc, cases[c].op, A,
                                                                 B, tdesc[t]));
                            else
                                OK(GrB_Matrix_eWiseAdd_BinaryOp(C[b], mask, acc, cases[c].op, A,
                                                                B, tdesc[t]));
                            if (b == 1 && declines() != before)
                                fail_msg("eWise declined: type %s, shape %d, tran %d, stored %d",
                                         type_name(cases[c].type), sh, t, stored);
                        }
                        same_matrix(C[0], C[1], cases[c].tol);
                        GrB_free(&C[0]), GrB_free(&C[1]);
                    }
                    GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&M);
                }
            }
        }
    }
}

/* Tiny and empty inputs (either or both with no entry), every transpose combination, forced CUDA. */
static void ewise_edges(void **state)
{
    (void)state;
    GrB_Descriptor tdesc[4] = {NULL, GrB_DESC_T0, GrB_DESC_T1, GrB_DESC_T0T1};
    GrB_Index shapes[3][2] = {{1, 1}, {5, 5}, {4, 5}};
    for (int sh = 0; sh < 3; sh++) {
        for (int t = 0; t < 4; t++) {
            for (int empty = 0; empty < 4; empty++) {
                GrB_Index m = shapes[sh][0], n = shapes[sh][1];
                bool ta = t & 1, tb = t & 2;
                GrB_Matrix A, B;
                if (empty & 1)
                    OK(GrB_Matrix_new(&A, GrB_FP32, ta ? n : m, ta ? m : n));
                else
                    A = random_matrix(GrB_FP32, ta ? n : m, ta ? m : n, 0.4);
                if (empty & 2)
                    OK(GrB_Matrix_new(&B, GrB_FP32, tb ? n : m, tb ? m : n));
                else
                    B = random_matrix(GrB_FP32, tb ? n : m, tb ? m : n, 0.4);
                for (int mult = 0; mult < 2; mult++) {
                    GrB_Matrix C[2];
                    for (int b = 0; b < 2; b++) {
                        OK(GrB_Matrix_new(&C[b], GrB_FP32, m, n));
                        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                        GrB_Info info =
                            mult ? GrB_Matrix_eWiseMult_BinaryOp(C[b], NULL, NULL, GrB_PLUS_FP32,
                                                                 A, B, tdesc[t])
                                 : GrB_Matrix_eWiseAdd_BinaryOp(C[b], NULL, NULL, GrB_PLUS_FP32,
                                                                A, B, tdesc[t]);
                        if (info != GrB_SUCCESS) {
                            const char *err = "";
                            GrB_Matrix_error(&err, C[b]);
                            fail_msg("eWise%s %llux%llu, tran %d, empty %d, backend %d: %d %s",
                                     mult ? "Mult" : "Add", (unsigned long long)m,
                                     (unsigned long long)n, t, empty, b, (int)info, err);
                        }
                    }
                    same_matrix(C[0], C[1], 0);
                    GrB_free(&C[0]), GrB_free(&C[1]);
                }
                GrB_free(&A), GrB_free(&B);
            }
        }
    }
}

/* ---- reduce ------------------------------------------------------------------------------------ */

static void reduce_parity(void **state)
{
    (void)state;
    struct {
        GrB_Type type;
        GrB_Monoid monoid;
        double tol;
    } cases[] = {
        {GrB_INT64, GrB_PLUS_MONOID_INT64, 0},   {GrB_INT32, GrB_TIMES_MONOID_INT32, 0},
        {GrB_UINT64, GrB_MIN_MONOID_UINT64, 0},  {GrB_UINT32, GrB_MAX_MONOID_UINT32, 0},
        {GrB_FP64, GrB_PLUS_MONOID_FP64, 1e-12}, {GrB_FP32, GrB_PLUS_MONOID_FP32, 1e-5},
        {GrB_FP64, GrB_MIN_MONOID_FP64, 0},      {GrB_FP32, GrB_MAX_MONOID_FP32, 0},
        {GrB_BOOL, GrB_LOR_MONOID_BOOL, 0},      {GrB_BOOL, GrB_LAND_MONOID_BOOL, 0},
    };
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        for (int di = 0; di < 3; di++) {
            GrB_Matrix A = random_matrix(cases[c].type, 300, 200, 0.05);
            GrB_Index n = di == 1 ? 200 : 300;
            GrB_Vector w0 = random_vector(cases[c].type, n, 0.3);
            GrB_Vector m = random_vector(GrB_BOOL, n, 0.5);
            GrB_Vector w[2];
            GrB_Scalar s[2];
            double x[2];
            for (int b = 0; b < 2; b++) {
                w[b] = vdup(w0);
                OK(GrB_Scalar_new(&s[b], cases[c].type));
                set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                size_t before = declines();
                OK(GrB_Matrix_reduce_Monoid(w[b], di == 2 ? m : NULL, NULL, cases[c].monoid, A,
                                            descs[di]));
                OK(GrB_Matrix_reduce_Monoid_Scalar(s[b], NULL, cases[c].monoid, A, NULL));
                if (b == 1) assert_true(declines() == before);
                OK(GrB_Scalar_extractElement_FP64(&x[b], s[b]));
            }
            same_vector(w[0], w[1], cases[c].tol);
            if (cases[c].tol == 0)
                assert_true(x[0] == x[1]);
            else
                assert_true(fabs(x[0] - x[1]) <= cases[c].tol * fmax(1, fabs(x[0])));
            GrB_free(&A), GrB_free(&w0), GrB_free(&m);
            for (int b = 0; b < 2; b++) GrB_free(&w[b]), GrB_free(&s[b]);
        }
    }
}

/* ---- mxv / vxm --------------------------------------------------------------------------------- */

static void mxv_parity(void **state)
{
    (void)state;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
        GrB_BinaryOp accum;
        double tol;
    } cases[] = {
        {GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, GrB_PLUS_FP64, 1e-12},
        {GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32, GrB_MAX_FP32, 1e-5},
        {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64, GrB_MIN_INT64, 0},
        {GrB_INT32, GrB_PLUS_TIMES_SEMIRING_INT32, GrB_PLUS_INT32, 0},
        {GrB_BOOL, GrB_LOR_LAND_SEMIRING_BOOL, GrB_LOR, 0},
    };
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        for (int vxm = 0; vxm < 2; vxm++) {
            for (int di = 0; di < 3; di++) {
                GrB_Matrix A = random_matrix(cases[c].type, 400, 300, 0.03);
                bool tr = di == 1;
                GrB_Index nin = (vxm != tr) ? 400 : 300, nout = (vxm != tr) ? 300 : 400;
                GrB_Vector u = random_vector(cases[c].type, nin, 1.01); /* dense */
                GrB_Vector w0 = random_vector(cases[c].type, nout, 0.3);
                GrB_Vector m = random_vector(GrB_BOOL, nout, 0.5);
                GrB_Vector w[2];
                for (int b = 0; b < 2; b++) {
                    w[b] = vdup(w0);
                    set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                    /* the result stays on the device; the fresh inputs going there show it ran */
                    unsigned long long before = h2d();
                    GrB_Vector mask = di == 2 ? m : NULL;
                    GrB_BinaryOp acc = di != 1 ? cases[c].accum : NULL;
                    if (vxm)
                        OK(GrB_vxm(w[b], mask, acc, cases[c].sr, u, A, di == 1 ? GrB_DESC_T1
                                                                               : descs[di]));
                    else
                        OK(GrB_mxv(w[b], mask, acc, cases[c].sr, A, u, descs[di]));
                    if (b == 1) assert_true(h2d() > before);
                }
                same_vector(w[0], w[1], cases[c].tol);
                GrB_free(&A), GrB_free(&u), GrB_free(&w0), GrB_free(&m);
                GrB_free(&w[0]), GrB_free(&w[1]);
            }
        }
    }
}

/* The frontier products (push below n/32, from a sparse list and from a device bitmap's flags
 * read in place), with and without the direct install of T (no accumulator; replace or no
 * mask; w of the semiring's type), against the CPU backend: as the SVM decides, then the push and
 * the pull (on A's compact view) forced. A frontier of about ten entries makes T's flags be
 * stored and counted after (bound 10 x max_len >= n / 8), one of a single entry claims them, one of
 * a quarter of n (about 2,000 terms, 3 a row of T: vec_mxv.cu's rule) stores each flag by a
 * target's first update only; ANY (PAIR: every term 1) initialises T's flags only. Under both caps
 * (under_both_caps). */
static void frontier_sweep(void)
{
    struct {
        GrB_Type type, wtype;
        GrB_Semiring sr;
        GrB_UnaryOp id;
    } cases[] = {
        {GrB_BOOL, GrB_BOOL, GrB_LOR_LAND_SEMIRING_BOOL, GrB_IDENTITY_BOOL},
        {GrB_INT64, GrB_INT64, GrB_MIN_FIRST_SEMIRING_INT64, GrB_IDENTITY_INT64},
        {GrB_INT64, GrB_INT32, GrB_MIN_PLUS_SEMIRING_INT64, GrB_IDENTITY_INT64},
        {GrB_FP64, GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, GrB_IDENTITY_FP64},
        {GrB_INT64, GrB_INT64, GxB_ANY_PAIR_INT64, GrB_IDENTITY_INT64},
    };
    const int modes[3] = {GG_CUDA_MXV_RULE, GG_CUDA_MXV_PUSH, GG_CUDA_MXV_PULL};
    /* mask: 0 none, 1 complemented structural + replace, 2 valued + replace, 3 complemented
     * structural kept (general write-back), 4 none with an accumulator */
    GrB_Descriptor mdesc[5] = {NULL, GrB_DESC_RSC, GrB_DESC_R, GrB_DESC_SC, NULL};
    const GrB_Index n = 640;
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        GrB_Matrix A = random_matrix(cases[c].type, n, n, 0.02);
        GrB_Vector w0 = random_vector(cases[c].wtype, n, 0.2);
        GrB_Vector m = random_vector(GrB_BOOL, n, 0.5);
        /* about ten entries, a single one, or a quarter of n; each mode; a sparse or a bitmap
         * frontier */
        for (int v = 0; v < 18; v++) {
            int size = v / 6, mode = v / 2 % 3, bitmap = v % 2;
            GrB_Vector u;
            if (size == 1) {
                OK(GrB_Vector_new(&u, cases[c].type, n));
                OK(GrB_Vector_setElement_INT64(u, 3, 17));
            } else {
                u = random_vector(cases[c].type, n, size == 0 ? 0.015 : 0.25);
            }
            for (int vxm = 0; vxm < 2; vxm++) {
                for (int mk = 0; mk < 5; mk++) {
                    GrB_Vector w[2];
                    for (int b = 0; b < 2; b++) {
                        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                        GrB_Vector x = vdup(u);
                        /* on the device, an apply leaves x as a bitmap with its count unread */
                        if (bitmap) OK(GrB_Vector_apply(x, NULL, NULL, cases[c].id, u, NULL));
                        w[b] = vdup(w0);
                        size_t before = declines();
                        GrB_Vector mask = mk == 0 || mk == 4 ? NULL : m;
                        GrB_BinaryOp acc = mk == 4 ? GrB_MIN_FP64 : NULL;
                        GG_cuda_mxv_force(modes[mode]);
                        if (vxm)
                            OK(GrB_vxm(w[b], mask, acc, cases[c].sr, x, A, mdesc[mk]));
                        else
                            OK(GrB_mxv(w[b], mask, acc, cases[c].sr, A, x, mdesc[mk]));
                        GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
                        if (b == 1) assert_int_equal(declines(), before);
                        GrB_free(&x);
                    }
                    same_vector(w[0], w[1], 1e-12);
                    GrB_free(&w[0]), GrB_free(&w[1]);
                }
            }
            GrB_free(&u);
        }
        GrB_free(&A), GrB_free(&w0), GrB_free(&m);
    }
    set_backend(GxG_BACKEND_AUTO);
}

/* sweep under the group kernels' cap, then with one block a launch (GG_cuda_vec_mxv_set_cap), so
 * each group strides over many rows or columns */
static int sweep_cap = -1; /* the cap under_both_caps set (-1: the default), for messages */

static void under_both_caps(void (*sweep)(void))
{
    sweep_cap = -1;
    sweep();
    GG_cuda_vec_mxv_set_cap(sweep_cap = 1);
    sweep();
    GG_cuda_vec_mxv_set_cap(sweep_cap = -1);
}

/* The last 3000 bytes of a trace, for a failure's message. */
static const char *trace_tail(const char *buf)
{
    size_t len = strlen(buf);
    return buf + (len > 3000 ? len - 3000 : 0);
}

static void frontier_parity(void **state)
{
    (void)state;
    under_both_caps(frontier_sweep);
}

/* A masked assign without accumulator, replace or complement rewrites only the admitted positions
 * of a device bitmap or full vector in place: scalar and vector sources, sparse, bitmap, valued and
 * structural masks, entries deleted where the source has none; nvals after each step. */
static void assign_in_place_parity(void **state)
{
    (void)state;
    const GrB_Index n = 500;
    GrB_Vector v0 = random_vector(GrB_INT64, n, 0.4);
    GrB_Vector full0 = random_vector(GrB_INT64, n, 1.01);
    GrB_Vector src = random_vector(GrB_FP64, n, 0.5);
    GrB_Vector q = random_vector(GrB_BOOL, n, 0.02); /* sparse on the host */
    GrB_Vector q2 = random_vector(GrB_INT32, n, 0.3);
    OK(GrB_Vector_setElement_INT32(q2, 0, 3)); /* a false value: a valued mask skips it */
    for (int target = 0; target < 2; target++) {
        GrB_Vector v[2];
        for (int b = 0; b < 2; b++) {
            set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
            GrB_Vector base = target == 0 ? v0 : full0, qb, q2b;
            OK(GrB_Vector_new(&v[b], GrB_INT64, n));
            /* device content with its count: a whole-vector apply, then masks made there too */
            OK(GrB_Vector_apply(v[b], NULL, NULL, GrB_IDENTITY_INT64, base, NULL));
            OK(GrB_Vector_new(&qb, GrB_BOOL, n));
            OK(GrB_Vector_apply(qb, NULL, NULL, GrB_IDENTITY_BOOL, q, NULL));
            q2b = vdup(q2);
            size_t before = declines();
            OK(GrB_Vector_assign_INT64(v[b], q, NULL, 7, GrB_ALL, n, GrB_DESC_S));
            OK(GrB_Vector_assign_INT64(v[b], qb, NULL, -2, GrB_ALL, n, NULL));
            OK(GrB_Vector_assign_INT64(v[b], q2b, NULL, 11, GrB_ALL, n, NULL));
            if (target == 0) { /* a vector source deletes where it has no entry (bitmap only) */
                OK(GrB_Vector_assign(v[b], q2b, NULL, src, GrB_ALL, n, GrB_DESC_S));
            }
            OK(GrB_Vector_assign(v[b], qb, NULL, base, GrB_ALL, n, NULL));
            if (b == 1) assert_int_equal(declines(), before);
            GrB_free(&qb), GrB_free(&q2b);
        }
        GrB_Index n0, n1;
        OK(GrB_Vector_nvals(&n0, v[0]));
        OK(GrB_Vector_nvals(&n1, v[1]));
        assert_int_equal(n0, n1);
        same_vector(v[0], v[1], 0);
        GrB_free(&v[0]), GrB_free(&v[1]);
    }
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&v0), GrB_free(&full0), GrB_free(&src), GrB_free(&q), GrB_free(&q2);
}

/* One product with the push (mode 0) or the pull (mode 1) forced: w<!m, struct, replace> = u A
 * (vxm) or A u, m NULL: no mask (a function of one argument, for traced()). */
typedef struct {
    GrB_Vector w, u, m;
    GrB_Matrix A;
    GrB_Semiring sr;
    int mode, vxm;
} forced_run;

static void forced_product(void *arg)
{
    forced_run *r = arg;
    GrB_Descriptor d = r->m != NULL ? GrB_DESC_RSC : NULL;
    GG_cuda_mxv_force(r->mode == 0 ? GG_CUDA_MXV_PUSH : GG_CUDA_MXV_PULL);
    if (r->vxm)
        OK(GrB_vxm(r->w, r->m, NULL, r->sr, r->u, r->A, d));
    else
        OK(GrB_mxv(r->w, r->m, NULL, r->sr, r->A, r->u, d));
    GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
}

/* forced_product into a new vector of `type` on the CPU and on the device; the device declines
 * nothing and gives the CPU's entries, their values within tol (0: exactly). */
static void forced_product_parity(GrB_Semiring sr, GrB_Type type, GrB_Matrix A, GrB_Vector u,
                                  GrB_Vector m, int mode, int vxm, double tol)
{
    GrB_Index n;
    OK(vxm ? GrB_Matrix_ncols(&n, A) : GrB_Matrix_nrows(&n, A));
    GrB_Vector w[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Vector_new(&w[b], type, n));
        size_t before = declines();
        forced_run r = {w[b], u, m, A, sr, mode, vxm};
        forced_product(&r);
        if (b == 1) assert_int_equal(declines(), before);
    }
    set_backend(GxG_BACKEND_AUTO);
    same_vector(w[0], w[1], tol);
    GrB_free(&w[0]), GrB_free(&w[1]);
}

/* The PLUS push whose flags are read off T's values (vec_mxv.cu, push_add): rows whose terms
 * cancel to +0, a lone -0 term, subnormal and tiny terms (which store their flags themselves, the
 * atomic flushing subnormal sums to a signed zero in FP32), a row no term reaches, against the
 * CPU backend (values to 1e-30: the device's FP32 atomic flushes the subnormal ones), FP32 and
 * FP64. A is 16 x 3, u holds columns 0 and 1: 9.3 terms by the rule's estimate (2 entries of
 * 14 / 3) for 16 rows, above its half a row. */
static void push_flags_by_value(void **state)
{
    (void)state;
    const GrB_Index n = 16;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
        double sub, tiny, small;
    } cases[] = {{GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32, 1e-45, 0x1p-110, 1.4e-38},
                 {GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, 1e-320, 0x1p-1000, 2.3e-308}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        /* (row, column 0's entry, column 1's entry); NAN: none */
        const double rows[][3] = {
            {0, 1, -1},
            {1, cases[c].sub, NAN},
            {2, -0.0, NAN},
            {3, cases[c].sub, -cases[c].sub},
            {4, cases[c].tiny, -cases[c].tiny},
            {5, -1.5 * cases[c].small, cases[c].small},
            {7, 3, 4},
        };
        GrB_Matrix A;
        OK(GrB_Matrix_new(&A, cases[c].type, n, 3));
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
            for (int k = 0; k < 2; k++)
                if (!isnan(rows[r][1 + k]))
                    OK(GrB_Matrix_setElement_FP64(A, rows[r][1 + k], (GrB_Index)rows[r][0], k));
        OK(GrB_Matrix_setElement_FP64(A, 5, 8, 2)); /* row 8: a column not in the frontier */
        GrB_Vector u;
        OK(GrB_Vector_new(&u, cases[c].type, 3));
        OK(GrB_Vector_setElement_FP64(u, 1, 0));
        OK(GrB_Vector_setElement_FP64(u, 1, 1));
        forced_product_parity(cases[c].sr, cases[c].type, A, u, NULL, 0, 0, 1e-30);
        GrB_free(&u), GrB_free(&A);
    }
}

/* View vectors longer than the long-vector limit (256, cuda/kernels/vec_mxv.cu) are flattened
 * and dealt out over the grid: by the push for frontier columns, by the pull for rows unless its
 * monoid is terminal (LOR on BOOL keeps one group a row). Rows and columns 0, 1 and 2 of A hold
 * 6000, 1000 and 300 entries, so A u and A' u meet long vectors in both modes; the push and the
 * pull are forced in turn, with no mask and with a complemented structural mask, against the CPU
 * backend. Values are small integers: every fold order gives the same sums. */
static void long_vector_parity(void **state)
{
    (void)state;
    const GrB_Index n = 6000, lens[3] = {6000, 1000, 300};
    struct {
        GrB_Type type;
        GrB_Semiring sr;
    } cases[] = {{GrB_BOOL, GrB_LOR_LAND_SEMIRING_BOOL},
                 {GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64},
                 {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64}};
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Matrix A = random_matrix(cases[c].type, n, n, 0.0005);
        for (GrB_Index h = 0; h < 3; h++)
            for (GrB_Index i = 0; i < lens[h]; i++) {
                OK(GrB_Matrix_setElement_FP64(A, (double)(2 + (i + h) % 5), (i * 7 + h) % n, h));
                OK(GrB_Matrix_setElement_FP64(A, (double)(3 + (i + h) % 4), h, (i * 11 + h) % n));
            }
        OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
        for (int dense = 0; dense < 2; dense++) {
            /* a few entries including the hubs, or a third of the vertices */
            GrB_Vector u = random_vector(cases[c].type, n, dense ? 0.3 : 0.001);
            for (GrB_Index h = 0; h < 3; h++) OK(GrB_Vector_setElement_FP64(u, (double)(h + 1), h));
            for (int mode = 0; mode < 2; mode++) {
                for (int vxm = 0; vxm < 2; vxm++) {
                    for (int masked = 0; masked < 2; masked++)
                        forced_product_parity(cases[c].sr, cases[c].type, A, u, masked ? m : NULL,
                                              mode, vxm, 0);
                }
            }
            GrB_free(&u);
        }
        GrB_free(&A);
    }
    GrB_free(&m);
    set_backend(GxG_BACKEND_AUTO);
}

/* An output entry with a single term keeps it on the device's tree and push products as the CPU's
 * first-term fold does: a lone NaN under MIN and MAX, a lone -0 under PLUS (not the identity). */
static void lone_term_fold(void **state)
{
    (void)state;
    const GrB_Index n = 64;
    struct {
        GrB_Monoid monoid;
        double term;
    } cases[] = {{GrB_MIN_MONOID_FP64, NAN}, {GrB_MAX_MONOID_FP64, NAN}, {GrB_PLUS_MONOID_FP64, -0.0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Semiring sr;
        OK(GrB_Semiring_new(&sr, cases[c].monoid, GrB_FIRST_FP64));
        GrB_Matrix A;
        OK(GrB_Matrix_new(&A, GrB_FP64, n, n));
        OK(GrB_Matrix_setElement_FP64(A, cases[c].term, 3, 2));
        OK(GrB_Matrix_setElement_FP64(A, 4.0, 0, 0));
        for (int full = 0; full < 2; full++) {
            /* full: the tree product; one entry (below n/32): the push */
            GrB_Vector u, w;
            OK(GrB_Vector_new(&u, GrB_FP64, n));
            OK(GrB_Vector_new(&w, GrB_FP64, n));
            for (GrB_Index i = 0; i < n; i++)
                if (full || i == 2) OK(GrB_Vector_setElement_FP64(u, 1.0, i));
            set_backend(GxG_BACKEND_CUDA);
            size_t before = declines();
            OK(GrB_mxv(w, NULL, NULL, sr, A, u, NULL));
            assert_int_equal(declines(), before);
            set_backend(GxG_BACKEND_AUTO);
            double x = 1;
            OK(GrB_Vector_extractElement_FP64(&x, w, 3));
            if (isnan(cases[c].term))
                assert_true(isnan(x));
            else
                assert_true(x == 0 && signbit(x));
            GrB_free(&u), GrB_free(&w);
        }
        GrB_free(&A), GrB_free(&sr);
    }
}

/* The flat pull (GG_cuda_csr_mxv_bits: PLUS_TIMES on FP32/FP64, no mask, the pull forced): u
 * sparse or a device bitmap at densities from one entry to half of n, A u and u A, against the CPU
 * backend exactly (small integers: every fold order gives the same sums), the trace showing the
 * flat pull ran; rows 7 and 8 hold 5000 and 3000 entries, so rows cross several windows of 2048
 * entries (the partials' presence), and the same again with one block striding over every
 * window (the block's count over several windows); A's values stored as the semiring's type, and as
 * INT32 (cast on load: the windows' other instantiation). Then a row whose lone term is -0 keeps
 * it. */
typedef struct {
    GrB_Vector w, u;
    GrB_Matrix A;
    GrB_Semiring sr;
    int vxm;
} flat_run;

static void flat_product(void *arg)
{
    flat_run *r = arg;
    GG_cuda_mxv_force(GG_CUDA_MXV_PULL);
    if (r->vxm)
        OK(GrB_vxm(r->w, NULL, NULL, r->sr, r->u, r->A, NULL));
    else
        OK(GrB_mxv(r->w, NULL, NULL, r->sr, r->A, r->u, NULL));
    GrB_Index nv;
    OK(GrB_Vector_nvals(&nv, r->w));
    GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
}

static void flat_pull_parity(void **state)
{
    (void)state;
    const GrB_Index n = 5000;
    struct {
        GrB_Type type, atype;
        GrB_Semiring sr;
        GrB_UnaryOp id;
    } cases[] = {{GrB_FP32, GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32, GrB_IDENTITY_FP32},
                 {GrB_FP64, GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, GrB_IDENTITY_FP64},
                 {GrB_FP64, GrB_INT32, GrB_PLUS_TIMES_SEMIRING_FP64, GrB_IDENTITY_FP64}};
    const double dens[] = {0, 0.0005, 0.01, 0.1, 0.5};
    static char buf[1 << 16];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Matrix A = random_matrix(cases[c].atype, n, n, 0.004);
        for (GrB_Index j = 0; j < n; j++) OK(GrB_Matrix_setElement_FP64(A, 1 + (double)(j % 3), 7, j));
        for (GrB_Index j = 0; j < 3000; j++)
            OK(GrB_Matrix_setElement_FP64(A, 2 + (double)(j % 5), 8, (j * 7) % n));
        OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
        for (int strided = 0; strided < 2; strided++) {
            GG_cuda_csr_set_flat_blocks(strided ? 1 : 0);
            for (size_t d = 0; d < sizeof dens / sizeof dens[0]; d++) {
                GrB_Vector u = random_vector(cases[c].type, n, dens[d]);
                if (d == 1) OK(GrB_Vector_setElement_FP64(u, 3, 7)); /* the long row's column */
                for (int v = 0; v < 4; v++) {
                    int bitmap = v % 2, vxm = v / 2;
                    GrB_Vector w[2];
                    for (int b = 0; b < 2; b++) {
                        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                        flat_run r = {NULL, vdup(u), A, cases[c].sr, vxm};
                        if (bitmap) OK(GrB_Vector_apply(r.u, NULL, NULL, cases[c].id, u, NULL));
                        OK(GrB_Vector_new(&r.w, cases[c].type, n));
                        size_t before = declines();
                        if (b == 0) {
                            flat_product(&r);
                        } else {
                            traced(flat_product, &r, buf, sizeof buf);
                            assert_int_equal(declines(), before);
                            if (strstr(buf, "flat pull") == NULL)
                                fail_msg("case %zu density %g bitmap %d vxm %d: no flat pull; the "
                                         "trace ends:\n%s",
                                         c, dens[d], bitmap, vxm, trace_tail(buf));
                        }
                        w[b] = r.w;
                        GrB_free(&r.u);
                    }
                    set_backend(GxG_BACKEND_AUTO);
                    same_vector(w[0], w[1], 0);
                    GrB_free(&w[0]), GrB_free(&w[1]);
                }
                GrB_free(&u);
            }
        }
        GG_cuda_csr_set_flat_blocks(0);
        GrB_free(&A);
    }
    /* a lone -0 term: row 3's sum is -0 (the CPU's first-term fold), row 0 holds 64 terms so
     * that the matrix has as many entries as rows (the flat kernel's shapes) */
    for (size_t c = 0; c < 2; c++) {
        GrB_Matrix A;
        OK(GrB_Matrix_new(&A, cases[c].type, 64, 64));
        /* every row holds an entry (a hypersparse A has no compact view) */
        for (GrB_Index j = 0; j < 64; j++) {
            OK(GrB_Matrix_setElement_FP64(A, 1, 0, j));
            if (j != 3) OK(GrB_Matrix_setElement_FP64(A, 1, j, (j + 1) % 64));
        }
        OK(GrB_Matrix_setElement_FP64(A, -0.0, 3, 2));
        flat_run r = {NULL, NULL, A, cases[c].sr, 0};
        OK(GrB_Vector_new(&r.u, cases[c].type, 64));
        OK(GrB_Vector_setElement_FP64(r.u, 1, 2));
        OK(GrB_Vector_new(&r.w, cases[c].type, 64));
        set_backend(GxG_BACKEND_CUDA);
        traced(flat_product, &r, buf, sizeof buf);
        set_backend(GxG_BACKEND_AUTO);
        if (strstr(buf, "flat pull") == NULL)
            fail_msg("lone -0, case %zu: no flat pull; the trace ends:\n%s", c, trace_tail(buf));
        double x = 1;
        OK(GrB_Vector_extractElement_FP64(&x, r.w, 3));
        assert_true(x == 0 && signbit(x));
        GrB_Index nv;
        OK(GrB_Vector_nvals(&nv, r.w)); /* rows 0, 1 (entries in column 2) and 3 */
        assert_int_equal(nv, 3);
        GrB_free(&r.u), GrB_free(&r.w), GrB_free(&A);
    }
}

/* An assign through an index list without mask or accumulator keeps C outside the list (the
 * write-back reads C for that). */
static void assign_list_keeps_c(void **state)
{
    (void)state;
    const GrB_Index n = 300, I[] = {3, 6, 2, 250};
    GrB_Vector c0 = random_vector(GrB_INT32, n, 0.5), src = random_vector(GrB_INT32, 4, 0.5);
    GrB_Vector c[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        c[b] = vdup(c0);
        size_t before = declines();
        OK(GrB_Vector_assign(c[b], NULL, NULL, src, I, 4, NULL));
        OK(GrB_Vector_assign_INT32(c[b], NULL, NULL, 9, I + 1, 2, NULL));
        if (b == 1) assert_int_equal(declines(), before);
    }
    set_backend(GxG_BACKEND_AUTO);
    same_vector(c[0], c[1], 0);
    GrB_free(&c[0]), GrB_free(&c[1]), GrB_free(&c0), GrB_free(&src);
}

/* An n x n matrix of type from nv distinct tuples (taken: the arrays are freed), materialised. */
static GrB_Matrix built_square(GrB_Type type, GrB_Index n, GrB_Index *I, GrB_Index *J, int64_t *X,
                               GrB_Index nv)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, n, n));
    OK(GrB_Matrix_build_INT64(A, I, J, X, nv, GrB_FIRST_INT64));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    free(I), free(J), free(X);
    return A;
}

/* A graph of n vertices, deg out-edges each (distinct targets: a build that combines duplicates
 * does not detect iso values today), with A(i, j) = 1 (kind 0), j + 1 (kind 1: constant down a
 * column) or i + 1 (kind 2: along a row), of the given type. Each row's first edge is to i + 1,
 * so every column has an entry too and a chain from vertex 0 runs both ways (mxv from an empty
 * column 0 ended list_chain after its first step, whose fused assign was then never reached). */
static GrB_Matrix list_graph(GrB_Type type, GrB_Index n, int deg, int kind)
{
    GrB_Index nv = n * (GrB_Index)deg, *I = malloc(nv * sizeof *I), *J = malloc(nv * sizeof *J);
    int64_t *X = malloc(nv * sizeof *X);
    assert_non_null(I), assert_non_null(J), assert_non_null(X);
    for (GrB_Index k = 0; k < nv; k++) {
        I[k] = k / (GrB_Index)deg;
        GrB_Index band = n / (GrB_Index)deg, t = k % (GrB_Index)deg;
        J[k] = (I[k] + 1 + t * band + (t == 0 ? 0 : GG_cuda_test_next() % band)) % n;
        X[k] = kind == 0 ? 1 : kind == 1 ? (int64_t)J[k] + 1 : (int64_t)I[k] + 1;
    }
    return built_square(type, n, I, J, X, nv);
}

typedef struct {
    GrB_Semiring sr;
    GrB_Type type;
    GrB_Matrix A;
    bool vxm, masked;
    GrB_Vector level, q; /* out */
} list_run;

/* A BFS-like chain from vertex 0: q<!v, struct, replace> = q A (vxm) or A q (mxv), then
 * level<q, struct> = step, whose mask is the list itself (the in-place assign walks it), for six
 * steps; without `masked` the steps are plain products q = q A. */
static void list_chain(void *arg)
{
    list_run *r = arg;
    GrB_Index n;
    OK(GrB_Matrix_nrows(&n, r->A));
    OK(GrB_Vector_new(&r->q, r->type, n));
    OK(GrB_Vector_new(&r->level, GrB_INT64, n));
    OK(GrB_Vector_setElement_INT64(r->q, 1, 0));
    for (int64_t step = 0; step < 6; step++) {
        OK(GrB_Vector_assign_INT64(r->level, r->q, NULL, step, GrB_ALL, n, GrB_DESC_S));
        GrB_Vector mask = r->masked ? r->level : NULL;
        GrB_Descriptor d = r->masked ? GrB_DESC_RSC : NULL;
        if (r->vxm)
            OK(GrB_vxm(r->q, mask, NULL, r->sr, r->q, r->A, d));
        else
            OK(GrB_mxv(r->q, mask, NULL, r->sr, r->A, r->q, d));
        GrB_Index nq;
        OK(GrB_Vector_nvals(&nq, r->q)); /* the list's count, read without ordering it */
        if (nq == 0) break;
    }
}

/* list_chain on the CPU (r[0]) and with the pushes forced on `device` (r[1], CUDA or AUTO),
 * traced into buf; both runs from `proto`. */
static void list_chain_pair(list_run r[2], list_run proto, int32_t device, char *buf, size_t size)
{
    for (int b = 0; b < 2; b++) {
        r[b] = proto;
        set_backend(b == 0 ? GxG_BACKEND_CPU : device);
        if (b == 0) {
            list_chain(&r[b]);
        } else {
            GG_cuda_mxv_force(GG_CUDA_MXV_PUSH);
            traced(list_chain, &r[b], buf, size);
            GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
        }
    }
    set_backend(GxG_BACKEND_AUTO);
}

/* The push's unordered list (cuda/kernels/vec_mxv.cu, GG_cuda_push_list), against the CPU: for
 * an idempotent monoid over constant terms (an iso A, a one-entry or list frontier, or ONEB) the
 * list is iso; for ANY over terms that vary (a column- or row-constant A, so the answer is still
 * determined) it holds each claimer's term. Chained as BFS chains its frontiers (the list is the
 * next product's input and the in-place assign's mask) and then read in order (extractTuples
 * makes it a bitmap); the trace shows the list was made. Under both caps (under_both_caps). */
static void list_frontier_sweep(void)
{
    GrB_Semiring lor_oneb, any_second, any_first;
    OK(GrB_Semiring_new(&lor_oneb, GrB_LOR_MONOID_BOOL, GrB_ONEB_BOOL));
    OK(GrB_Semiring_new(&any_second, GxB_ANY_INT64_MONOID, GrB_SECOND_INT64));
    OK(GrB_Semiring_new(&any_first, GxB_ANY_INT64_MONOID, GrB_FIRST_INT64));
    struct {
        GrB_Semiring sr;
        GrB_Type type;
        int kind_vxm, kind_mxv; /* A's values (list_graph) for vxm and for mxv */
        bool iso;
    } cases[] = {
        {GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, 0, 0, true},
        {lor_oneb, GrB_BOOL, 1, 2, true},
        {GrB_MIN_SECOND_SEMIRING_INT64, GrB_INT64, 0, 1, true}, /* mxv: SECOND reads x */
        {GrB_MAX_FIRST_SEMIRING_INT64, GrB_INT64, 2, 0, true},  /* vxm: FIRST reads x */
        {any_second, GrB_INT64, 1, 2, false}, /* vxm's term a(k, j) = j + 1 */
        {any_first, GrB_INT64, 1, 2, false},  /* mxv's term a(j, k) = j + 1 */
    };
    const GrB_Index n = 3000;
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        for (int vxm = 0; vxm < 2; vxm++) {
            if (!cases[c].iso && (cases[c].sr == any_second) != (bool)vxm) continue;
            GrB_Matrix A = list_graph(cases[c].type, n, 3, vxm ? cases[c].kind_vxm : cases[c].kind_mxv);
            for (int masked = 0; masked < 2; masked++) {
                list_run r[2];
                static char buf[1 << 18];
                for (int b = 0; b < 2; b++) {
                    r[b] = (list_run){cases[c].sr, cases[c].type, A, vxm, masked, NULL, NULL};
                    set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                    size_t before = declines();
                    if (b == 0) {
                        list_chain(&r[b]);
                    } else {
                        /* the list is the push's: the trained model may pull on a graph this small */
                        GG_cuda_mxv_force(GG_CUDA_MXV_PUSH);
                        traced(list_chain, &r[b], buf, sizeof buf);
                        GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
                    }
                    if (b == 1) assert_int_equal(declines(), before);
                }
                set_backend(GxG_BACKEND_AUTO);
                if (masked && cases[c].iso && strstr(buf, "does the deferred assign") == NULL)
                    fail_msg("case %zu vxm %d (cap %d): the level assign was not done by the push; "
                             "the trace (%zu bytes) ends:\n%s",
                             c, vxm, sweep_cap, strlen(buf), trace_tail(buf));
                if (strstr(buf, cases[c].iso ? "unordered list (iso)" : "unordered list") == NULL)
                    fail_msg("case %zu vxm %d masked %d (cap %d): no list was made; the trace ends:\n%s",
                             c, vxm, masked, sweep_cap, trace_tail(buf));
                same_vector(r[0].level, r[1].level, 0);
                same_vector(r[0].q, r[1].q, 0);
                for (int b = 0; b < 2; b++) GrB_free(&r[b].level), GrB_free(&r[b].q);
            }
            GrB_free(&A);
        }
    }
    GrB_free(&lor_oneb), GrB_free(&any_second), GrB_free(&any_first);
}

/* The long kernels' walks (the push's walk_longs_table, the pull's walk_longs, both in
 * cuda/kernels/vec_mxv.cu) at scale. Columns 0 .. 15999 of A hold 257 to 300 entries (long for
 * both products: up to 16 in one chunk of 4096 terms), columns 16000 .. 16002 hold 20000, 9000
 * and 4100 (chunks inside one column, columns cut by chunk ends), and columns 16003 .. 19999 hold
 * 65 to 108 (long for the push only, PUSH_LONG: up to 63 in a chunk, the most its table holds):
 * about 4.8M long terms, more than one wave of blocks times a chunk (528 x 4096 at most on a
 * 132-SM device), so each block walks several chunks, each next one's column read from the last
 * one's table. Pushed (A u: A's columns) and pulled (u A: A's columns are the pull's rows), from
 * a sparse u (every tenth column and the three longest), a bitmap u (every column) and a full u
 * (the pull's loads of A beside the columns), with and without a complemented structural mask
 * (the push's loads of A after the mask), against the CPU; then BFS-like chains over A, whose
 * pushes write the unordered list (list_claim). Values are small integers, so every fold order
 * gives the same sums. */
static GrB_Index long_column_length(GrB_Index h)
{
    const GrB_Index huge[3] = {20000, 9000, 4100};
    return h < 16000 ? 257 + h % 44 : h < 16003 ? huge[h - 16000] : 65 + h % 44;
}

/* An n x n matrix whose column h holds length(h) entries, at rows (i step + h shift) mod n for
 * i < length(h) (step prime to n: distinct rows), valued 1 + (i + h) mod 4 (BOOL: 1, so iso). */
static GrB_Matrix column_matrix(GrB_Type type, GrB_Index n, GrB_Index (*length)(GrB_Index),
                                GrB_Index step, GrB_Index shift)
{
    GrB_Index nv = 0;
    for (GrB_Index h = 0; h < n; h++) nv += length(h);
    GrB_Index *I = malloc(nv * sizeof *I), *J = malloc(nv * sizeof *J);
    int64_t *X = malloc(nv * sizeof *X);
    assert_non_null(I), assert_non_null(J), assert_non_null(X);
    GrB_Index k = 0;
    for (GrB_Index h = 0; h < n; h++)
        for (GrB_Index i = 0, len = length(h); i < len; i++, k++) {
            I[k] = (i * step + h * shift) % n;
            J[k] = h;
            X[k] = type == GrB_BOOL ? 1 : 1 + (int64_t)((i + h) % 4);
        }
    return built_square(type, n, I, J, X, nv);
}

static GrB_Matrix many_long_columns(GrB_Type type, GrB_Index n)
{
    return column_matrix(type, n, long_column_length, 7, 1);
}

static void long_walk_table_parity(void **state)
{
    (void)state;
    const GrB_Index n = 20000;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
    } cases[] = {{GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32}, {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64}};
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Matrix A = many_long_columns(cases[c].type, n);
        for (int form = 0; form < 3; form++) {
            GrB_Vector u;
            OK(GrB_Vector_new(&u, cases[c].type, n));
            for (GrB_Index k = 0; k < n; k++)
                if (form > 0 || k % 10 == 0 || (k >= 16000 && k < 16003))
                    OK(GrB_Vector_setElement_INT64(u, 1 + (int64_t)(k % 3), k));
            OK(GrB_Vector_wait(u, GrB_MATERIALIZE));
            /* the push of A u meets A's long columns, the pull of u A too; unmasked, masked */
            for (int v = 0; v < 4; v++)
                forced_product_parity(cases[c].sr, cases[c].type, A, u, v % 2 ? m : NULL, v / 2, v / 2,
                                      0);
            GrB_free(&u);
        }
        GrB_free(&A);
    }
    GrB_free(&m);
    /* the list mode: LOR_LAND pushes of A q from vertex 0 (column 0 is long), masked or not */
    GrB_Matrix A = many_long_columns(GrB_BOOL, n);
    for (int masked = 0; masked < 2; masked++) {
        list_run r[2];
        static char buf[1 << 18];
        list_chain_pair(r, (list_run){GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, A, false, masked, NULL, NULL},
                        GxG_BACKEND_CUDA, buf, sizeof buf);
        if (strstr(buf, "unordered list") == NULL)
            fail_msg("masked %d: no list was made; the trace (%zu bytes) ends:\n%s", masked,
                     strlen(buf), trace_tail(buf));
        same_vector(r[0].level, r[1].level, 0);
        same_vector(r[0].q, r[1].q, 0);
        for (int b = 0; b < 2; b++) GrB_free(&r[b].level), GrB_free(&r[b].q);
    }
    GrB_free(&A);
}

/* The push of a large frontier (cuda/kernels/vec_mxv.cu, push_kernel): 240,000 of A's 400,000
 * columns, so that a warp takes 32 columns at a time (push_blocks: a frontier of at least 64
 * entries a warp of one wave; 4,224 warps on a 132-SM device) and finds its terms' columns by the
 * full five-step search, and columns 0 .. 9999 hold 65 to 104 entries, so that most warps set
 * several long columns aside together (one atomic for the warp's slots and terms). The other
 * columns hold 1 to 20. PLUS_TIMES FP32 (flags read off the values) and MIN_PLUS INT64
 * (first-update flags), unmasked and under a complemented mask, against the CPU. */
static GrB_Index wide_column_length(GrB_Index h)
{
    return h < 10000 ? 65 + h % 40 : 1 + h % 20;
}

static GrB_Matrix wide_columns(GrB_Type type, GrB_Index n)
{
    return column_matrix(type, n, wide_column_length, 7919, 13);
}

static void push_wide_warp_batches(void **state)
{
    (void)state;
    const GrB_Index n = 400000;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
    } cases[] = {{GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32}, {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64}};
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        GrB_Matrix A = wide_columns(cases[c].type, n);
        GrB_Vector u;
        OK(GrB_Vector_new(&u, cases[c].type, n));
        for (GrB_Index h = 0; h < n; h++)
            if (h < 10000 || h % 5 < 3) OK(GrB_Vector_setElement_INT64(u, 1 + (int64_t)(h % 3), h));
        OK(GrB_Vector_wait(u, GrB_MATERIALIZE));
        for (int masked = 0; masked < 2; masked++)
            forced_product_parity(cases[c].sr, cases[c].type, A, u, masked ? m : NULL, 0, 0, 0);
        GrB_free(&u);
        GrB_free(&A);
    }
    GrB_free(&m);
}

/* The push from a device bitmap read in place, a window of 32 F flags a warp step (vec_mxv.cu,
 * push_kernel), at F = the rule's (1 at this size), 2, 4, 8 and 16 (GG_cuda_vec_push_set_flags):
 * n = 100,003, so the last window is cut inside a lane's flags; the first 1,536 positions all set
 * (a window of 32 F columns, taken 32 at a time in F steps), then every 37th, then the last 11
 * (the cut lane's). A is wide_columns' (the first 10,000 columns long, set aside for
 * push_long_kernel). PLUS_TIMES FP64 and MIN_PLUS INT64, A u and u A, unmasked and under a
 * complemented mask, against the CPU; the trace shows the device pushed a bitmap. */
static void push_bitmap_windows(void **state)
{
    (void)state;
    const GrB_Index n = 100003;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
        GrB_UnaryOp id;
    } cases[] = {{GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, GrB_IDENTITY_FP64},
                 {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64, GrB_IDENTITY_INT64}};
    static char buf[1 << 16];
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
    for (size_t c = 0; c < ncases(sizeof cases / sizeof cases[0]); c++) {
        GrB_Matrix A = wide_columns(cases[c].type, n);
        GrB_Vector u;
        OK(GrB_Vector_new(&u, cases[c].type, n));
        for (GrB_Index h = 0; h < n; h++)
            if (h < 1536 || h % 37 == 0 || h >= n - 11)
                OK(GrB_Vector_setElement_INT64(u, 1 + (int64_t)(h % 5), h));
        for (int v = 0; v < 24; v++) {
            GrB_Vector w[2];
            GG_cuda_vec_push_set_flags(v < 4 ? 0 : 1 << (v / 4 - 1));
            for (int b = 0; b < 2; b++) {
                set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                forced_run r = {NULL, NULL, v % 2 ? m : NULL, A, cases[c].sr, 0, v / 2 % 2};
                OK(GrB_Vector_new(&r.u, cases[c].type, n));
                /* on the device, an apply leaves u as a bitmap */
                OK(GrB_Vector_apply(r.u, NULL, NULL, cases[c].id, u, NULL));
                OK(GrB_Vector_new(&r.w, cases[c].type, n));
                if (b == 0) {
                    forced_product(&r);
                } else {
                    size_t before = declines();
                    traced(forced_product, &r, buf, sizeof buf);
                    assert_int_equal(declines(), before);
                    if (strstr(buf, "push of a bitmap frontier") == NULL)
                        fail_msg("case %zu, variant %d: no bitmap push; the trace ends:\n%s", c, v,
                                 trace_tail(buf));
                }
                w[b] = r.w;
                GrB_free(&r.u);
            }
            GG_cuda_vec_push_set_flags(0);
            set_backend(GxG_BACKEND_AUTO);
            same_vector(w[0], w[1], 0);
            GrB_free(&w[0]), GrB_free(&w[1]);
        }
        GrB_free(&u);
        GrB_free(&A);
    }
    GrB_free(&m);
}

static void list_frontier_parity(void **state)
{
    (void)state;
    under_both_caps(list_frontier_sweep);
}

/* BFS's chain in AUTO mode, as grbgpu runs it by default: the first level's assign finds v and q
 * on the host with one entry and stays there (too small for the device), so v reaches the device
 * as a one-entry host list, and the second level's assign into it takes the general write-back.
 * That write-back must read the frontier's list as it is: made a bitmap, the frontier lost its
 * list and its one value for good, every later push wrote a bitmap after an O(n) initialisation,
 * and grid BFS ran at half the speed of a run with CUDA forced (Doc/performance.md). n is large
 * enough for the products to go to the device under AUTO. Results against the CPU. */
static void list_survives_auto_start(void **state)
{
    (void)state;
    const GrB_Index n = 70000;
    GrB_Matrix A = list_graph(GrB_BOOL, n, 3, 0);
    list_run r[2];
    static char buf[1 << 20];
    /* the lists are the push's: a trained model may pull on a graph this small (the H200 model
     * with the push work fraction does, 2026-11-27) */
    list_chain_pair(r, (list_run){GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, A, true, true, NULL, NULL},
                    GxG_BACKEND_AUTO, buf, sizeof buf);
    const char *tail = trace_tail(buf);
    if (strstr(buf, "assign: cuda declined: every operand on the host") == NULL)
        fail_msg("the first level's assign did not stay on the host; the trace ends:\n%s", tail);
    if (strstr(buf, "made a bitmap") != NULL)
        fail_msg("a frontier list was made a bitmap; the trace ends:\n%s", tail);
    int lists = 0;
    for (const char *p = buf; (p = strstr(p, "unordered list (iso)")) != NULL; p++) lists++;
    if (lists < 6 || strstr(buf, "does the deferred assign") == NULL)
        fail_msg("%d iso lists pushed, the level assign %s fused; the trace ends:\n%s", lists,
                 strstr(buf, "does the deferred assign") ? "was" : "never", tail);
    same_vector(r[0].level, r[1].level, 0);
    same_vector(r[0].q, r[1].q, 0);
    for (int b = 0; b < 2; b++) GrB_free(&r[b].level), GrB_free(&r[b].q);
    GrB_free(&A);
}

/* A fresh unordered list on the device (CUDA backend): two pushes from vertex 5 of A. */
static GrB_Vector fresh_list(GrB_Matrix A, GrB_Index n)
{
    GrB_Vector q;
    OK(GrB_Vector_new(&q, GrB_BOOL, n));
    OK(GrB_Vector_setElement_BOOL(q, true, 5));
    OK(GrB_vxm(q, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, NULL));
    OK(GrB_vxm(q, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, NULL)); /* a list's list */
    return q;
}

/* An unordered list read by calls that need its order or positions, each on a fresh list:
 * eWiseAdd, an assign through an index list masked by it, an apply, a reduction and
 * extractTuples see the same vector as on the CPU, and the list's nvals is right before and
 * after. */
static void list_read_in_order(void **state)
{
    (void)state;
    const GrB_Index n = 3000;
    GrB_Matrix A = list_graph(GrB_BOOL, n, 3, 0);
    GrB_Vector out[2][4];
    bool all[2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        for (int k = 0; k < 5; k++) {
            GrB_Vector q = fresh_list(A, n), r;
            GrB_Index before, after;
            OK(GrB_Vector_nvals(&before, q));
            OK(GrB_Vector_new(&r, GrB_BOOL, n));
            const GrB_Index I[] = {1, 2, 3, 2999};
            switch (k) {
            case 0:
                OK(GrB_Vector_setElement_BOOL(r, false, 7));
                OK(GrB_Vector_eWiseAdd_BinaryOp(r, NULL, NULL, GrB_LXOR, r, q, NULL));
                break;
            case 1: OK(GrB_Vector_assign_BOOL(r, q, NULL, true, I, 4, GrB_DESC_S)); break;
            case 2: OK(GrB_Vector_apply(r, NULL, NULL, GrB_LNOT, q, NULL)); break;
            case 3: OK(GrB_Vector_dup(&out[b][3], q)); break;
            default: OK(GrB_Vector_reduce_BOOL(&all[b], NULL, GrB_LAND_MONOID_BOOL, q, NULL));
            }
            OK(GrB_Vector_nvals(&after, q));
            assert_int_equal(after, before);
            if (k < 3)
                out[b][k] = r;
            else
                GrB_free(&r);
            GrB_free(&q);
        }
    }
    set_backend(GxG_BACKEND_AUTO);
    assert_int_equal(all[0], all[1]);
    for (int k = 0; k < 4; k++) {
        same_vector(out[0][k], out[1][k], 0);
        GrB_free(&out[0][k]), GrB_free(&out[1][k]);
    }
    GrB_free(&A);
}

/* A deferred level assign (v<q, struct> = k kept for the next push, GG_cuda_store.h) is seen by
 * every other use of v or q before that push: nvals, a read, a wait, a product masked by v that
 * does not push q, q overwritten or freed first, a second deferrable assign while one is kept; the
 * results equal the CPU's. */
static void deferred_assign_is_seen(void **state)
{
    (void)state;
    const GrB_Index n = 3000;
    GrB_Matrix A = list_graph(GrB_BOOL, n, 3, 0);
    GrB_Vector src = random_vector(GrB_INT64, n, 0.3);
    for (int k = 0; k < 7; k++) {
        GrB_Vector out[2];
        GrB_Index nv[2];
        for (int b = 0; b < 2; b++) {
            set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
            GrB_Vector v, q = fresh_list(A, n), v2;
            /* v: a device bitmap with its count (an apply's result) */
            OK(GrB_Vector_new(&v, GrB_INT64, n));
            OK(GrB_Vector_apply(v, NULL, NULL, GrB_IDENTITY_INT64, src, NULL));
            OK(GrB_Vector_dup(&v2, v));
            OK(GrB_Vector_assign_INT64(v, q, NULL, 7, GrB_ALL, n, GrB_DESC_S));
            nv[b] = 0;
            switch (k) {
            case 0: OK(GrB_Vector_nvals(&nv[b], v)); break;
            case 1: OK(GrB_Vector_wait(v, GrB_MATERIALIZE)); break;
            case 2: /* a pull masked by v, not a push of q */
                OK(GrB_mxv(v2, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, A, v2, GrB_DESC_RSC));
                break;
            case 3: OK(GrB_vxm(q, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, NULL)); break;
            case 4: GrB_free(&q); break;
            case 5: /* a second deferrable assign, into another vector */
                OK(GrB_Vector_assign_INT64(v2, q, NULL, 9, GrB_ALL, n, GrB_DESC_S));
                OK(GrB_Vector_nvals(&nv[b], v2));
                break;
            default: /* the push does it: q<!v> = q A */
                OK(GrB_vxm(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, GrB_DESC_RSC));
                OK(GrB_Vector_nvals(&nv[b], q));
            }
            GrB_Index after;
            OK(GrB_Vector_nvals(&after, v));
            nv[b] += after;
            out[b] = v;
            GrB_free(&q), GrB_free(&v2);
        }
        set_backend(GxG_BACKEND_AUTO);
        if (nv[0] != nv[1]) fail_msg("sequence %d: nvals %llu on the CPU, %llu on the device", k,
                                     (unsigned long long)nv[0], (unsigned long long)nv[1]);
        same_vector(out[0], out[1], 0);
        GrB_free(&out[0]), GrB_free(&out[1]);
    }
    GrB_free(&A), GrB_free(&src);
}

/* ---- residency --------------------------------------------------------------------------------- */

static void residency_reuses_and_refreshes(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 500, 400, 0.02);
    GrB_Matrix C, R;
    OK(GrB_Matrix_new(&C, GrB_FP64, 500, 400));
    OK(GrB_Matrix_new(&R, GrB_FP64, 500, 400));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));
    unsigned long long up = h2d();
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_ABS_FP64, A, NULL));
    OK(GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, A, 3.0, NULL));
    assert_int_equal(h2d(), up); /* A's device view was reused: nothing copied to the device */

    OK(GrB_Matrix_setElement_FP64(A, 1234.5, 7, 9)); /* host-side write drops the mirror */
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));
    assert_true(h2d() > up);
    set_backend(GxG_BACKEND_CPU);
    OK(GrB_Matrix_apply(R, NULL, NULL, GrB_AINV_FP64, A, NULL));
    same_matrix(R, C, 0);
    double x;
    OK(GrB_Matrix_extractElement_FP64(&x, C, 7, 9));
    assert_true(x == -1234.5);

    /* mxv keeps A's tree and the dense u on the device too; the second product makes A's compact
     * SpMV view (GG_cuda_spmv_pick), whose chunk table of long rows is built on the host */
    GrB_Vector u = random_vector(GrB_FP64, 400, 1.01), w;
    OK(GrB_Vector_new(&w, GrB_FP64, 500));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    up = h2d();
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    assert_int_equal(h2d(), up);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&C), GrB_free(&R), GrB_free(&u), GrB_free(&w);
}

/* ---- out of memory ----------------------------------------------------------------------------- */

static void pool_limit_gives_out_of_memory(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_INT64, 300, 300, 0.05);
    GrB_Matrix C = random_matrix(GrB_INT64, 300, 300, 0.05), C0 = mdup(C);
    size_t tiny = 64;
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &tiny, GxG_DEVICE_POOL_LIMIT, sizeof tiny));
    size_t got = 0;
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &got, GxG_DEVICE_POOL_LIMIT));
    assert_true(got == tiny);
    set_backend(GxG_BACKEND_CUDA);
    assert_int_equal(GrB_Matrix_apply(C, NULL, GrB_PLUS_INT64, GrB_AINV_INT64, A, NULL),
                     GrB_OUT_OF_MEMORY);
    same_matrix(C, C0, 0); /* C intact */
    GrB_Index nv;
    OK(GrB_Matrix_nvals(&nv, A)); /* A intact and usable */
    size_t none = 0;
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &none, GxG_DEVICE_POOL_LIMIT, sizeof none));
    OK(GrB_Matrix_apply(C, NULL, GrB_PLUS_INT64, GrB_AINV_INT64, A, NULL));
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&C), GrB_free(&C0);
}

/* ---- trace ------------------------------------------------------------------------------------- */

static void user_plus(void *z, const void *x, const void *y)
{
    *(double *)z = *(const double *)x + *(const double *)y;
}

static void decline_calls(void *arg)
{
    (void)arg;
    GrB_BinaryOp op;
    OK(GrB_BinaryOp_new(&op, user_plus, GrB_FP64, GrB_FP64, GrB_FP64));
    GrB_Matrix A = random_matrix(GrB_FP64, 50, 50, 0.1), C;
    OK(GrB_Matrix_new(&C, GrB_FP64, 50, 50));
    GrB_Matrix K;
    OK(GrB_Matrix_new(&K, GrB_FP64, 2500, 2500));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, op, A, 1.0, NULL)); /* declines */
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));            /* runs there */
    OK(GrB_Matrix_kronecker_BinaryOp(K, NULL, NULL, GrB_TIMES_FP64, A, A, NULL)); /* no CUDA slot */
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&op), GrB_free(&A), GrB_free(&C), GrB_free(&K);
}

static void decline_is_traced(void **state)
{
    (void)state;
    char buf[8192];
    traced(decline_calls, NULL, buf, sizeof buf);
    assert_non_null(strstr(buf, "apply: cuda declined: user-defined operator, running on cpu"));
    assert_non_null(strstr(buf, "apply on cuda (GxG_BACKEND forces CUDA)"));
    assert_non_null(strstr(buf, "kronecker on cpu (GxG_BACKEND forces CUDA, but cuda declined"));
    assert_non_null(strstr(buf, "residency:"));
}

/* setElement on a full vector that only the device holds is done on the device: on SSSP's t, +inf
 * everywhere (an iso full vector) then t(s) = 0, the iso value is spread there and one value goes
 * up; nothing comes down, and the next device read uploads nothing. A non-iso full one takes a
 * second update the same way; a bitmap one still takes the log. Values equal the CPU's. */
static void set_element_on_device(void **state)
{
    (void)state;
    GrB_Index n = 5000;
    GrB_Vector t[2], b[2], u[2];
    for (int k = 0; k < 2; k++) {
        set_backend(k == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        OK(GrB_Vector_new(&t[k], GrB_FP64, n));
        OK(GrB_Vector_new(&b[k], GrB_FP64, n));
        OK(GrB_Vector_new(&u[k], GrB_FP64, n));
        OK(GrB_Vector_assign_FP64(t[k], NULL, NULL, INFINITY, GrB_ALL, n, NULL));
        unsigned long long down = d2h(), up = h2d();
        size_t before = declines();
        OK(GrB_Vector_setElement_FP64(t[k], 0, 17));
        OK(GrB_Vector_setElement_INT32(t[k], 3, 4));
        OK(GrB_Vector_apply(u[k], NULL, NULL, GrB_AINV_FP64, t[k], NULL));
        if (k == 1) {
            assert_true(declines() == before);
            assert_true(d2h() == down);
            assert_int_equal(h2d() - up, 2); /* the two values */
        }
        /* a bitmap on the device: the update is logged, as before */
        OK(GrB_Vector_assign_FP64(b[k], t[k], NULL, 1.5, GrB_ALL, n, NULL));
        OK(GrB_Vector_apply(b[k], NULL, NULL, GrB_AINV_FP64, b[k], NULL));
        OK(GrB_Vector_setElement_FP64(b[k], 9, 100));
    }
    set_backend(GxG_BACKEND_CPU);
    same_vector(t[0], t[1], 0);
    same_vector(u[0], u[1], 0);
    same_vector(b[0], b[1], 0);
    double x;
    OK(GrB_Vector_extractElement_FP64(&x, t[1], 17));
    assert_true(x == 0);
    OK(GrB_Vector_extractElement_FP64(&x, t[1], 16));
    assert_true(isinf(x));
    for (int k = 0; k < 2; k++) GrB_free(&t[k]), GrB_free(&b[k]), GrB_free(&u[k]);
    set_backend(GxG_BACKEND_AUTO);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    init_types();
    descs[0] = NULL;
    descs[1] = GrB_DESC_T0;
    descs[2] = GrB_DESC_RSC;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(apply_parity),
        cmocka_unit_test(select_parity),
        cmocka_unit_test(reduce_parity),
        cmocka_unit_test(ewise_parity),
        cmocka_unit_test(ewise_edges),
        cmocka_unit_test(mxv_parity),
        cmocka_unit_test(frontier_parity),
        cmocka_unit_test(push_flags_by_value),
        cmocka_unit_test(assign_in_place_parity),
        cmocka_unit_test(long_vector_parity),
        cmocka_unit_test(lone_term_fold),
        cmocka_unit_test(flat_pull_parity),
        cmocka_unit_test(assign_list_keeps_c),
        cmocka_unit_test(list_frontier_parity),
        cmocka_unit_test(long_walk_table_parity),
        cmocka_unit_test(push_wide_warp_batches),
        cmocka_unit_test(push_bitmap_windows),
        cmocka_unit_test(list_survives_auto_start),
        cmocka_unit_test(list_read_in_order),
        cmocka_unit_test(deferred_assign_is_seen),
        cmocka_unit_test(residency_reuses_and_refreshes),
        cmocka_unit_test(pool_limit_gives_out_of_memory),
        cmocka_unit_test(decline_is_traced),
        cmocka_unit_test(set_element_on_device),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
