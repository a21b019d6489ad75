/* test_cuda_resident.c: graph algorithms on a device-resident graph move only the scalars they ask
 * for (issue 11, DESIGN.md §4). With CUDA forced, BFS, PageRank and SSSP run on a grid graph; the
 * library's transfer counters (GxG_H2D_* / GxG_D2H_*) are read around runs that differ only in
 * their number of iterations (BFS and SSSP from a corner and from the centre, PageRank with a
 * fixed iteration count), so the difference is the cost of the extra iterations alone: at most 64
 * bytes each way per iteration. CC by label propagation is held to the same bound, between the
 * grid and the same grid with vertex 0 moved to the centre; FastSV CC is measured and reported (it
 * gathers parents through the host in the GrB 2.1 API; Doc/performance.md). Delta-stepping SSSP,
 * which selects matrices on every run, must move less than the graph's weights in a whole run.
 * Each result is also compared with a CPU run.
 * Public API only (plus GxG fields), like any client. */
#include <GraphBLAS.h>

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "GG_cuda_test_api.h"
#include "gg_gen.h"
#include "grb_algorithms.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)

#define SIDE 64 /* a 64 x 64 grid: 4096 vertices, BFS depth 126 from a corner, 64 from the centre */
#define CENTRE ((SIDE / 2) * SIDE + SIDE / 2)
#define MAX_BYTES_PER_ITER 64

static GrB_Matrix A;  /* the grid, FP64 unit weights */
static GrB_Matrix Aw; /* the grid with integer weights in [1, 255] */
static GrB_Matrix Ac; /* the grid with the ids of vertex 0 and the centre swapped */

typedef struct {
    size_t h2d_copies, h2d_bytes, d2h_copies, d2h_bytes;
} counts;

static counts now(void)
{
    counts c;
    OK(GrB_get(GrB_GLOBAL, &c.h2d_copies, GxG_H2D_COPIES));
    OK(GrB_get(GrB_GLOBAL, &c.h2d_bytes, GxG_H2D_BYTES));
    OK(GrB_get(GrB_GLOBAL, &c.d2h_copies, GxG_D2H_COPIES));
    OK(GrB_get(GrB_GLOBAL, &c.d2h_bytes, GxG_D2H_BYTES));
    return c;
}

static counts since(counts a)
{
    counts b = now();
    return (counts){b.h2d_copies - a.h2d_copies, b.h2d_bytes - a.h2d_bytes,
                    b.d2h_copies - a.d2h_copies, b.d2h_bytes - a.d2h_bytes};
}

static void backend(int32_t b)
{
    OK(GrB_set(GrB_GLOBAL, b, GxG_BACKEND));
}

/* The extra bytes of the longer run per extra iteration, both directions, within the bound. */
static void assert_per_iteration(const char *what, counts longer, counts shorter, double iters)
{
    double h2d = ((double)longer.h2d_bytes - (double)shorter.h2d_bytes) / iters;
    double d2h = ((double)longer.d2h_bytes - (double)shorter.d2h_bytes) / iters;
    printf("%s: %.1f bytes to the device and %.1f bytes to the host per iteration (%.0f extra "
           "iterations; runs moved %zu / %zu bytes in all)\n",
           what, h2d, d2h, iters, longer.h2d_bytes + longer.d2h_bytes,
           shorter.h2d_bytes + shorter.d2h_bytes);
    assert_true(h2d <= MAX_BYTES_PER_ITER);
    assert_true(d2h <= MAX_BYTES_PER_ITER);
}

/* v's entries as a dense array (NAN where absent). */
static double *dense(GrB_Vector v, GrB_Index n)
{
    double *x = malloc(n * sizeof *x);
    GrB_Index *I = malloc(n * sizeof *I), nv = n;
    double *X = malloc(n * sizeof *X);
    assert_non_null(x);
    assert_non_null(I);
    assert_non_null(X);
    OK(GrB_Vector_extractTuples_FP64(I, X, &nv, v));
    for (GrB_Index i = 0; i < n; i++) x[i] = NAN;
    for (GrB_Index k = 0; k < nv; k++) x[I[k]] = X[k];
    free(I);
    free(X);
    return x;
}

/* The CUDA result against a CPU run's: the same entries, values within rel (0: equal). */
static void assert_same(GrB_Vector gpu, GrB_Vector cpu, double rel)
{
    GrB_Index n;
    OK(GrB_Vector_size(&n, gpu));
    double *a = dense(gpu, n), *b = dense(cpu, n);
    for (GrB_Index i = 0; i < n; i++) {
        assert_true(isnan(a[i]) == isnan(b[i]));
        if (!isnan(a[i])) assert_true(fabs(a[i] - b[i]) <= rel * fabs(b[i]));
    }
    free(a);
    free(b);
}

static void test_bfs(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector lv = NULL, lv2 = NULL, cpu = NULL;
    GrB_Index corner = 0, centre = CENTRE;
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_bfs(&lv, NULL, A, corner, GG_BFS_PUSH, msg)); /* warm: A's views reach the device */
    OK(GrB_free(&lv));
    counts t0 = now();
    OK(GG_alg_bfs(&lv, NULL, A, corner, GG_BFS_PUSH, msg));
    counts c_corner = since(t0);
    t0 = now();
    OK(GG_alg_bfs(&lv2, NULL, A, centre, GG_BFS_PUSH, msg));
    counts c_centre = since(t0);
    /* levels: 2 (SIDE - 1) + 1 from the corner, SIDE + 1 from the centre */
    assert_per_iteration("bfs", c_corner, c_centre, (double)(2 * (SIDE - 1) + 1 - (SIDE + 1)));
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_bfs(&cpu, NULL, A, corner, GG_BFS_PUSH, msg));
    assert_same(lv, cpu, 0);
    OK(GrB_free(&lv));
    OK(GrB_free(&lv2));
    OK(GrB_free(&cpu));
}

static void test_pagerank(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector r = NULL, cpu = NULL;
    int it;
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_pagerank(&r, &it, A, 0.85, 0, 2, msg)); /* warm; tol 0 runs every iteration */
    OK(GrB_free(&r));
    counts t0 = now();
    OK(GG_alg_pagerank(&r, &it, A, 0.85, 0, 2, msg));
    counts c2 = since(t0);
    OK(GrB_free(&r));
    t0 = now();
    OK(GG_alg_pagerank(&r, &it, A, 0.85, 0, 12, msg));
    counts c12 = since(t0);
    assert_int_equal(it, 12);
    assert_per_iteration("pagerank", c12, c2, 10);
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_pagerank(&cpu, &it, A, 0.85, 0, 12, msg));
    assert_same(r, cpu, 1e-9);
    OK(GrB_free(&r));
    OK(GrB_free(&cpu));
}

static void test_sssp(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector d = NULL, d2 = NULL, cpu = NULL;
    GrB_Index corner = 0, centre = CENTRE;
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_sssp_bellman_ford(&d, A, corner, msg));
    OK(GrB_free(&d));
    counts t0 = now();
    OK(GG_alg_sssp_bellman_ford(&d, A, corner, msg));
    counts c_corner = since(t0);
    t0 = now();
    OK(GG_alg_sssp_bellman_ford(&d2, A, centre, msg));
    counts c_centre = since(t0);
    /* unit weights: Bellman-Ford runs one iteration per BFS level, as BFS does */
    assert_per_iteration("sssp", c_corner, c_centre, (double)(2 * (SIDE - 1) + 1 - (SIDE + 1)));
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_sssp_bellman_ford(&cpu, A, corner, msg));
    assert_same(d, cpu, 0);
    OK(GrB_free(&d));
    OK(GrB_free(&d2));
    OK(GrB_free(&cpu));
}

/* Delta-stepping selects the light and heavy edges on every run (GrB_Matrix_select) and relaxes
 * over them: the selected matrices are built on the device and read there by the products, so a
 * whole run moves less than the weights of the graph each way (a selected matrix brought to the
 * host and its views sent back would move more than that in each direction). */
static void test_sssp_delta(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector d = NULL, cpu = NULL;
    GrB_Index nvals;
    OK(GrB_Matrix_nvals(&nvals, Aw));
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_sssp_delta(&d, Aw, 0, 128, msg)); /* warm: the graph reaches the device */
    OK(GrB_free(&d));
    counts t0 = now();
    OK(GG_alg_sssp_delta(&d, Aw, 0, 128, msg));
    counts c = since(t0);
    printf("sssp delta-stepping: %zu copies / %zu bytes to the device, %zu / %zu to the host in one "
           "run (the weights alone are %zu bytes)\n",
           c.h2d_copies, c.h2d_bytes, c.d2h_copies, c.d2h_bytes, (size_t)(nvals * sizeof(double)));
    assert_true(c.h2d_bytes < nvals * sizeof(double));
    assert_true(c.d2h_bytes < nvals * sizeof(double));
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_sssp_delta(&cpu, Aw, 0, 128, msg));
    assert_same(d, cpu, 0);
    OK(GrB_free(&d));
    OK(GrB_free(&cpu));
}

static void test_cc(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector c = NULL, cpu = NULL;
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_cc(&c, A, true, msg));
    OK(GrB_free(&c));
    counts t0 = now();
    OK(GG_alg_cc(&c, A, true, msg));
    counts cc = since(t0);
    printf("cc: %zu copies / %zu bytes to the device, %zu / %zu to the host in one run (FastSV "
           "gathers parents through the host)\n",
           cc.h2d_copies, cc.h2d_bytes, cc.d2h_copies, cc.d2h_bytes);
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_cc(&cpu, A, true, msg));
    assert_same(c, cpu, 0);
    OK(GrB_free(&c));
    OK(GrB_free(&cpu));
}

/* Label propagation runs ecc(0) + 1 rounds (the last changes nothing): 2 (SIDE - 1) + 1 on the grid,
 * SIDE + 1 when vertex 0 is at the centre, with the same n and nnz. */
static void test_cc_propagate(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector c = NULL, c2 = NULL, cpu = NULL;
    backend(GxG_BACKEND_CUDA);
    OK(GG_alg_cc_propagate(&c, A, true, msg)); /* warm: both graphs' views reach the device */
    OK(GrB_free(&c));
    OK(GG_alg_cc_propagate(&c, Ac, true, msg));
    OK(GrB_free(&c));
    counts t0 = now();
    OK(GG_alg_cc_propagate(&c, A, true, msg));
    counts c_corner = since(t0);
    t0 = now();
    OK(GG_alg_cc_propagate(&c2, Ac, true, msg));
    counts c_centre = since(t0);
    assert_per_iteration("cc (label propagation)", c_corner, c_centre,
                         (double)(2 * (SIDE - 1) + 1 - (SIDE + 1)));
    backend(GxG_BACKEND_CPU);
    OK(GG_alg_cc(&cpu, A, true, msg));
    assert_same(c, cpu, 0);
    OK(GrB_free(&c));
    OK(GrB_free(&c2));
    OK(GrB_free(&cpu));
}

int main(void)
{
    int start = GG_cuda_test_api_start();
    if (start != 0) return start;
    GG_coo g = {0};
    if (GG_gen_grid(&g, SIDE, 1, GG_GEN_CLEAN, GG_WEIGHTS_NONE) != GrB_SUCCESS ||
        GG_coo_build(&A, &g, GrB_FP64, NULL) != GrB_SUCCESS)
        return 1;
    for (GrB_Index k = 0; k < g.nvals; k++) {
        g.I[k] = g.I[k] == 0 ? CENTRE : g.I[k] == CENTRE ? 0 : g.I[k];
        g.J[k] = g.J[k] == 0 ? CENTRE : g.J[k] == CENTRE ? 0 : g.J[k];
    }
    if (GG_coo_build(&Ac, &g, GrB_FP64, NULL) != GrB_SUCCESS) return 1;
    GG_coo_free(&g);
    if (GG_gen_grid(&g, SIDE, 1, GG_GEN_CLEAN, GG_WEIGHTS_INT) != GrB_SUCCESS ||
        GG_coo_build(&Aw, &g, GrB_FP64, NULL) != GrB_SUCCESS)
        return 1;
    GG_coo_free(&g);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bfs),
        cmocka_unit_test(test_pagerank),
        cmocka_unit_test(test_sssp),
        cmocka_unit_test(test_sssp_delta),
        cmocka_unit_test(test_cc),
        cmocka_unit_test(test_cc_propagate),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_free(&A);
    GrB_free(&Ac);
    GrB_free(&Aw);
    GrB_finalize();
    return failed;
}
