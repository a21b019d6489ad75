/* test_cuda_mxm.c: the CUDA mxm slot's masked dot product (issue 13; cuda/slots/mxm_dot.c,
 * cuda/kernels/mxm_dot.cu). Each parity case runs GrB_mxm once with GxG_BACKEND forced to the CPU
 * and once forced to CUDA; the decline counter must not move (the device computed it), the CUDA
 * result must answer nvals without a copy (it stays on the device) and its tuples must equal the
 * CPU's exactly. The inputs have three dense rows and columns among sparse random ones, so mask
 * entries meet every path of the kernel: both lists short (one lane merges), one list far longer
 * (one lane searches), both long (the warp merges windows), one long and one of a few dozen
 * entries (the warp's lanes search). Cases: every transpose combination
 * x structural / valued mask x replace x accumulator, for the counting semirings (PLUS_ONEB as
 * triangle counting builds it, PLUS_PAIR), the value semirings PLUS_TIMES FP64 and FP32, MIN_PLUS,
 * LOR_LAND, a positional MIN_SECONDI, ANY (against the CPU's dot product, GxB_AxB_DOT), mixed
 * input types; an empty mask, empty rows and an empty input, 1 x 1, hypersparse shapes, the
 * aliased C<C> = C C; triangle counting through algorithms/tc.c against the CPU and a closed
 * form, moving only scalars on a resident graph, sorting only for its two views; the dispatcher's rule (dot product or saxpy);
 * out of device memory leaves C unchanged. Values are small integers, so every sum is exact in any order.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
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
#include "GG_cuda_mxm_narrow.h"
#include "grb_algorithms.h"

#define NR 40  /* rows of C */
/* the inner dimension: a full row (600) is shared with the warp and searched against a random
 * one (about 33 entries at density 0.05), merged with another full one; random rows meet each
 * other in one lane or, when both pass 32 entries, in the warp's merge */
#define NK 600
#define NC 50  /* columns of C */
#define NDENSE 3

/* A random nrows x ncols matrix (random_matrix) whose first NDENSE rows and columns are full, so
 * that op(A) has long rows and op(B) long columns whichever way each is transposed. */
static GrB_Matrix skewed(GrB_Type type, GrB_Index nrows, GrB_Index ncols, double density)
{
    GrB_Matrix A = random_matrix(type, nrows, ncols, density);
    for (GrB_Index k = 0; k < NDENSE; k++) {
        for (GrB_Index j = 0; j < ncols; j++)
            OK(GrB_Matrix_setElement_FP64(A, (double)((k + j) % 7 + 1), k, j));
        for (GrB_Index i = 0; i < nrows; i++)
            OK(GrB_Matrix_setElement_FP64(A, (double)((k + i) % 5 + 1), i, k));
    }
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* A descriptor with the given fields (dot: GxB_AxB_METHOD = GxB_AxB_DOT, on both backends). */
static GrB_Descriptor desc(bool mstruct, bool replace, bool tran0, bool tran1, bool dot)
{
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    if (mstruct) OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    if (replace) OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    if (tran0) OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    if (tran1) OK(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN));
    if (dot) OK(GxB_Desc_set_INT32(d, GxB_AxB_METHOD, GxB_AxB_DOT));
    return d;
}

typedef struct {
    const char *name;
    GrB_Semiring sr;
    GrB_Type atype, btype, ctype;
    GrB_BinaryOp accum;
    bool dot; /* GxB_AxB_DOT: the CPU's dot product (its choice of ANY's term) */
} sr_case;

/* Every transpose combination x structural / valued mask x replace x accumulator. */
static void parity(const sr_case *c)
{
    for (int t = 0; t < 4; t++) {
        bool t0 = t & 1, t1 = t & 2;
        GrB_Matrix A = t0 ? skewed(c->atype, NK, NR, 0.05) : skewed(c->atype, NR, NK, 0.05);
        GrB_Matrix B = t1 ? skewed(c->btype, NC, NK, 0.05) : skewed(c->btype, NK, NC, 0.05);
        /* INT32 values in [-4, 20]: a valued mask has false entries */
        GrB_Matrix M = skewed(GrB_INT32, NR, NC, 0.3);
        GrB_Matrix C0 = random_matrix(c->ctype, NR, NC, 0.2);
        for (int k = 0; k < 8; k++) {
            bool ms = k & 1, rep = k & 2, acc = k & 4;
            GrB_Descriptor d = desc(ms, rep, t0, t1, c->dot);
            char name[160];
            snprintf(name, sizeof name, "%s: tran0 %d tran1 %d struct %d replace %d accum %d",
                     c->name, t0, t1 != 0, ms, rep != 0, acc != 0);
            mxm_parity(name, C0, M, acc ? c->accum : NULL, c->sr, A, B, d);
            GrB_free(&d);
        }
        GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C0);
    }
}

static void semiring_parity(void **state)
{
    (void)state;
    GrB_Semiring plus_oneb, any_times, max_first;
    OK(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_UINT64, GrB_ONEB_UINT64));
    OK(GrB_Semiring_new(&any_times, GxB_ANY_FP64_MONOID, GrB_TIMES_FP64));
    OK(GrB_Semiring_new(&max_first, GrB_MAX_MONOID_FP64, GrB_FIRST_FP64));
    const sr_case cases[] = {
        {"PLUS_ONEB UINT64 (tc)", plus_oneb, GrB_BOOL, GrB_BOOL, GrB_UINT64, GrB_PLUS_UINT64,
         false},
        {"PLUS_PAIR INT32", GxB_PLUS_PAIR_INT32, GrB_FP64, GrB_INT8, GrB_INT32, GrB_MINUS_INT32,
         false},
        /* INT8 sums of ones wrap: the value path, not the count */
        {"PLUS_PAIR INT8", GxB_PLUS_PAIR_INT8, GrB_BOOL, GrB_BOOL, GrB_INT8, GrB_PLUS_INT8, false},
        {"PLUS_TIMES FP64", GrB_PLUS_TIMES_SEMIRING_FP64, GrB_FP64, GrB_FP64, GrB_FP64,
         GrB_PLUS_FP64, false},
        /* FP32 result into INT64 C: cast in the write-back */
        {"PLUS_TIMES FP32", GrB_PLUS_TIMES_SEMIRING_FP32, GrB_FP32, GrB_INT16, GrB_INT64,
         GrB_MINUS_INT64, false},
        {"MIN_PLUS INT32", GrB_MIN_PLUS_SEMIRING_INT32, GrB_INT32, GrB_INT32, GrB_INT32,
         GrB_MIN_INT32, false},
        {"LOR_LAND BOOL", GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, GrB_FP64, GrB_BOOL, GrB_LXOR,
         false},
        {"MIN_SECONDI INT64", GxB_MIN_SECONDI_INT64, GrB_FP64, GrB_FP64, GrB_INT64,
         GrB_PLUS_INT64, false},
        {"MAX_FIRST of INT32", max_first, GrB_INT32, GrB_FP64, GrB_FP64, GrB_TIMES_FP64, false},
        {"ANY_TIMES FP64", any_times, GrB_FP64, GrB_FP64, GrB_FP64, GrB_PLUS_FP64, true},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) parity(&cases[k]);
    GrB_free(&plus_oneb), GrB_free(&any_times), GrB_free(&max_first);
}

/* A mask with no entry; an input with no entry; inputs with empty rows and columns; 1 x 1. */
static void empty_and_tiny(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NK, 0.01), B = random_matrix(GrB_FP64, NK, NC, 0.01);
    /* M within the dot path's rule (at most 4 entries per entry of A and B) */
    GrB_Matrix M = random_matrix(GrB_BOOL, NR, NC, 0.1), E, EA;
    GrB_Matrix C0 = random_matrix(GrB_FP64, NR, NC, 0.2);
    OK(GrB_Matrix_new(&E, GrB_BOOL, NR, NC));
    OK(GrB_Matrix_new(&EA, GrB_FP64, NR, NK));
    GrB_Descriptor dr = desc(false, true, false, false, false);
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    mxm_parity("empty mask", C0, E, NULL, sr, A, B, NULL);
    mxm_parity("empty mask, replace", C0, E, NULL, sr, A, B, dr);
    mxm_parity("empty mask, accum", C0, E, GrB_PLUS_FP64, sr, A, B, NULL);
    mxm_parity("empty A", C0, M, NULL, sr, EA, B, NULL);
    mxm_parity("empty A, replace", C0, M, NULL, sr, EA, B, dr);
    /* at density 0.01 most rows of A and columns of B are empty */
    mxm_parity("sparse inputs with empty rows", C0, M, GrB_PLUS_FP64, sr, A, B, NULL);
    GrB_Matrix a1, b1, m1, c1;
    OK(GrB_Matrix_new(&a1, GrB_FP64, 1, 1));
    OK(GrB_Matrix_new(&b1, GrB_FP64, 1, 1));
    OK(GrB_Matrix_new(&m1, GrB_BOOL, 1, 1));
    OK(GrB_Matrix_new(&c1, GrB_FP64, 1, 1));
    OK(GrB_Matrix_setElement_FP64(a1, 3, 0, 0));
    OK(GrB_Matrix_setElement_FP64(b1, 5, 0, 0));
    OK(GrB_Matrix_setElement_BOOL(m1, true, 0, 0));
    mxm_parity("1 x 1", c1, m1, NULL, sr, a1, b1, NULL);
    OK(GrB_Matrix_setElement_FP64(c1, 2, 0, 0));
    mxm_parity("1 x 1, accum", c1, m1, GrB_PLUS_FP64, sr, a1, b1, NULL);
    GrB_Matrix out;
    OK(GrB_Matrix_new(&out, GrB_FP64, 1, 1));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_mxm(out, m1, NULL, sr, a1, b1, NULL));
    set_backend(GxG_BACKEND_CPU);
    double x = 0;
    OK(GrB_Matrix_extractElement_FP64(&x, out, 0, 0));
    assert_true(x == 15);
    GrB_free(&a1), GrB_free(&b1), GrB_free(&m1), GrB_free(&c1), GrB_free(&out);
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&E), GrB_free(&EA), GrB_free(&C0);
    GrB_free(&dr);
}

/* Hypersparse views (few entries in a 200000 x 200000 matrix), C<A> = A A' and A' A, and the
 * aliased C<C> = C C with C holding the inputs. */
static void hypersparse_and_aliased(void **state)
{
    (void)state;
    GrB_Index n = 200000;
    GrB_Matrix A = random_matrix(GrB_INT64, n, n, 1e-7), E;
    /* a few rows and columns sharing indices, so the products have entries */
    for (GrB_Index k = 0; k < 40; k++) {
        OK(GrB_Matrix_setElement_INT64(A, (int64_t)k + 1, 7, 1000 * k));
        OK(GrB_Matrix_setElement_INT64(A, (int64_t)k + 2, 1000 * k, 7));
        OK(GrB_Matrix_setElement_INT64(A, (int64_t)k + 3, 1000 * k, 1000 * k));
    }
    OK(GrB_Matrix_new(&E, GrB_INT64, n, n));
    GrB_Descriptor st1 = desc(true, false, false, true, false);
    GrB_Descriptor st0 = desc(true, false, true, false, false);
    mxm_parity("hypersparse C<A> = A A'", E, A, NULL, GrB_PLUS_TIMES_SEMIRING_INT64, A, A, st1);
    mxm_parity("hypersparse C<A> = A' A", E, A, NULL, GrB_PLUS_TIMES_SEMIRING_INT64, A, A, st0);
    GrB_free(&st1), GrB_free(&st0), GrB_free(&E), GrB_free(&A);

    GrB_Matrix C0 = skewed(GrB_FP64, NR, NR, 0.2), C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        OK(GrB_mxm(C[b], C[b], NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C[b], C[b], GrB_DESC_S));
        OK(GrB_mxm(C[b], C[b], GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, C[b], C[b], GrB_DESC_T1));
        if (b == 1) assert_true(declines() == before);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C0), GrB_free(&C[0]), GrB_free(&C[1]);
}

/* The dispatcher's rule (cuda/slots/mxm.c): the dot product takes a plain mask within 4 entries per
 * input entry, or any plain mask under GxB_AxB_DOT; no mask, a complemented mask, a far denser
 * mask and GxB_AxB_SAXPY go to the row-wise saxpy. The device computes every case (no decline);
 * the trace names the method. */
typedef struct {
    GrB_Matrix C, M, A, B;
    GrB_Descriptor d;
} rule_call;

static void rule_run(void *arg)
{
    rule_call *r = arg;
    OK(GrB_mxm(r->C, r->M, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, r->A, r->B, r->d));
}

static void dispatch_rule(void **state)
{
    (void)state;
    /* about 50 and 60 entries: the full 40 x 50 mask is beyond 4 per input entry, M within */
    GrB_Matrix A = random_matrix(GrB_FP64, NR, NK, 0.002);
    GrB_Matrix B = random_matrix(GrB_FP64, NK, NC, 0.002);
    GrB_Matrix M = random_matrix(GrB_BOOL, NR, NC, 0.05), D, C;
    OK(GrB_Matrix_new(&D, GrB_BOOL, NR, NC));
    OK(GrB_Matrix_assign_BOOL(D, NULL, NULL, true, GrB_ALL, NR, GrB_ALL, NC, NULL));
    OK(GrB_Matrix_new(&C, GrB_FP64, NR, NC));
    GrB_Descriptor sax = desc(false, false, false, false, false);
    GrB_Descriptor dot = desc(false, false, false, false, true);
    OK(GxB_Desc_set_INT32(sax, GxB_AxB_METHOD, GxB_AxB_SAXPY));
    set_backend(GxG_BACKEND_CUDA);
    struct {
        GrB_Matrix M;
        GrB_Descriptor d;
        bool dot;
    } cases[] = {{NULL, NULL, false}, {M, GrB_DESC_C, false}, {D, NULL, false}, {M, sax, false},
                 {D, dot, true}, {M, NULL, true}};
    char buf[8192];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        size_t before = declines();
        rule_call r = {C, cases[k].M, A, B, cases[k].d};
        traced(rule_run, &r, buf, sizeof buf);
        if (declines() != before) fail_msg("case %zu declined", k);
        bool dot_ran = strstr(buf, "masked dot product") != NULL;
        bool saxpy_ran = strstr(buf, "row-wise saxpy") != NULL;
        if (dot_ran != cases[k].dot || saxpy_ran == cases[k].dot)
            fail_msg("case %zu: dot %d saxpy %d, expected the %s; the trace:\n%s", k, dot_ran,
                     saxpy_ran, cases[k].dot ? "dot product" : "saxpy", buf);
    }
    set_backend(GxG_BACKEND_CPU);
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&D), GrB_free(&C);
    GrB_free(&sax), GrB_free(&dot);
}

/* ---- triangle counting ---------------------------------------------------------------------- */

/* An undirected BOOL graph on n vertices, no self-loops: vertices 0 .. 10 adjacent to all (the
 * LAGraph TriangleCount reproduction of issue 13), plus m random edges skewed towards low ids. */
static GrB_Matrix tc_graph(GrB_Index n, GrB_Index m)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_BOOL, n, n));
    for (GrB_Index h = 0; h <= 10; h++)
        for (GrB_Index v = 0; v < n; v++)
            if (v != h) {
                OK(GrB_Matrix_setElement_BOOL(A, true, h, v));
                OK(GrB_Matrix_setElement_BOOL(A, true, v, h));
            }
    for (GrB_Index e = 0; e < m; e++) {
        double r = (double)(GG_cuda_test_next() % 1000000) / 1e6;
        GrB_Index u = (GrB_Index)((double)n * r * r * r), v = GG_cuda_test_next() % n;
        if (u == v) continue;
        OK(GrB_Matrix_setElement_BOOL(A, true, u, v));
        OK(GrB_Matrix_setElement_BOOL(A, true, v, u));
    }
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

static void triangle_count(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    /* the hubs alone: C(11, 3) + C(11, 2) (n - 11) triangles */
    GrB_Index n = 5000;
    GrB_Matrix H = tc_graph(n, 0), G = tc_graph(n, 60000);
    uint64_t t[2][2];
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        OK(GG_alg_tc(&t[b][0], H, msg));
        OK(GG_alg_tc(&t[b][1], G, msg));
        if (b == 1 && declines() != before) fail_msg("a call of tc declined on the device");
    }
    set_backend(GxG_BACKEND_CPU);
    printf("tc: hubs %llu (cpu %llu), skewed %llu (cpu %llu)\n", (unsigned long long)t[1][0],
           (unsigned long long)t[0][0], (unsigned long long)t[1][1], (unsigned long long)t[0][1]);
    assert_true(t[0][0] == 165 + 55 * (n - 11));
    assert_true(t[1][0] == t[0][0]);
    assert_true(t[1][1] == t[0][1]);
    assert_true(t[1][1] > t[1][0]);
    GrB_free(&H), GrB_free(&G);
}

/* On a resident graph, a whole triangle count (select, mxm, reduce) moves only scalars: at most
 * 256 bytes each way, where the graph's content is hundreds of kilobytes. */
static void triangle_count_moves_no_matrix(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Matrix G = tc_graph(4000, 40000);
    GrB_Index nv;
    OK(GrB_Matrix_nvals(&nv, G));
    set_backend(GxG_BACKEND_CUDA);
    uint64_t t0, t1;
    OK(GG_alg_tc(&t0, G, msg)); /* warm: G's tree reaches the device */
    GG_cuda_transfers a, z;
    GG_cuda_transfer_counts(&a);
    size_t before = declines();
    OK(GG_alg_tc(&t1, G, msg));
    GG_cuda_transfer_counts(&z);
    set_backend(GxG_BACKEND_CPU);
    unsigned long long up = z.h2d_bytes - a.h2d_bytes, down = z.d2h_bytes - a.d2h_bytes;
    printf("tc on a resident graph of %llu entries: %llu bytes to the device, %llu to the host\n",
           (unsigned long long)nv, up, down);
    assert_true(declines() == before);
    assert_true(t0 == t1);
    assert_true(up <= 256);
    assert_true(down <= 256);
    GrB_free(&G);
}

/* A triangle count on a resident graph sorts only for the one CSR view it reads (L's, for both
 * operands of the product), one stable sort by row: the select (L = tril(A)), the product's mask
 * (L's tree order), the build of C (the mask's order is C's tree order) and the reduction of C
 * (its values in tree order) sort nothing (GG_cuda_sort_count). Before, the same count ran six
 * full sorts. */
static void triangle_count_sorts_for_views_only(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Matrix G = tc_graph(4000, 40000);
    uint64_t t[2];
    set_backend(GxG_BACKEND_CPU);
    OK(GG_alg_tc(&t[0], G, msg));
    set_backend(GxG_BACKEND_CUDA);
    size_t before = declines();
    unsigned long long s0 = GG_cuda_sort_count();
    OK(GG_alg_tc(&t[1], G, msg));
    unsigned long long sorts = GG_cuda_sort_count() - s0;
    set_backend(GxG_BACKEND_CPU);
    printf("tc: %llu device sorts\n", sorts);
    assert_true(declines() == before);
    assert_true(t[0] == t[1]);
    assert_true(sorts <= 1);
    GrB_free(&G);
}

/* Out of device memory in the product: GrB_OUT_OF_MEMORY, C unchanged and readable. */
static void pool_limit_leaves_c_intact(void **state)
{
    (void)state;
    GrB_Matrix A = skewed(GrB_FP64, 300, 300, 0.05), M = skewed(GrB_BOOL, 300, 300, 0.1);
    GrB_Matrix C, C0;
    OK(GrB_Matrix_new(&C, GrB_FP64, 300, 300));
    set_backend(GxG_BACKEND_CUDA);
    /* A's views, M and C reach the device; C becomes device-resident */
    OK(GrB_mxm(C, M, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_S));
    set_backend(GxG_BACKEND_CPU);
    OK(GrB_Matrix_dup(&C0, C));
    set_pool_limit(GG_cuda_pool_in_use() + 64);
    set_backend(GxG_BACKEND_CUDA);
    assert_int_equal(GrB_mxm(C, M, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_S),
                     GrB_OUT_OF_MEMORY);
    set_pool_limit(0);
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C, C0, 0);
    /* and the same call succeeds once the limit is gone */
    mxm_parity("after the pool limit", C0, M, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, A,
             GrB_DESC_S);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&M), GrB_free(&C), GrB_free(&C0);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    /* this file pins the dot product and the saxpy: its products of few rows would otherwise take the
     * narrow path (cuda/slots/mxm_narrow.c), which test_cuda_narrow.c covers */
    GG_cuda_mxm_narrow_set_rows(0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(semiring_parity),
        cmocka_unit_test(empty_and_tiny),
        cmocka_unit_test(hypersparse_and_aliased),
        cmocka_unit_test(dispatch_rule),
        cmocka_unit_test(triangle_count),
        cmocka_unit_test(triangle_count_moves_no_matrix),
        cmocka_unit_test(triangle_count_sorts_for_views_only),
        cmocka_unit_test(pool_limit_leaves_c_intact),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
