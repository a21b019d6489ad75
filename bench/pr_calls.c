/* pr_calls.c: PageRank call by call (issue 11's CPU target for grid PageRank), this library against
 * SuiteSparse. Written against the GraphBLAS C API and tools/gen only and built twice, once per
 * library, as cc_calls.c is; `BENCH=pr_calls bench/run_cpu_vs_suitesparse.sh BUILD_DIR [gen-spec]
 * [runs]` runs the pair with the same thread count and prints the ratios.
 *
 * Source: the call sequence of algorithms/pagerank.c (GG_alg_pagerank, damping 0.85, tolerance
 * 1e-4 on the 1-norm of the change, at most 100 iterations), which grbgpu's `pr` runs. Each call
 * site is timed on its own and its times summed over the run, so a slow call shows by name:
 *   degree    scale = A plus.oneb r (the out-degrees; set-up)
 *   invert    scale = damping / scale (set-up)
 *   dangling  t<!struct(scale),replace> = r, then the PLUS reduce of t
 *   weight    w = r .* scale
 *   teleport  next = the teleport constant over all of next (assign of a scalar)
 *   mxv       next += A' plus.second w
 *   minus     t = next - r (GrB_eWiseMult)
 *   abs       t = |t| (GrB_apply)
 *   norm      the PLUS reduce of t
 *   total     the whole run, vectors' new and free included
 *
 * Input: a tools/gen graph (default grid:1000), symmetrized, FP64 values all 1. One warm-up run,
 * then the median of `runs` timed runs per kind (each kind's own median).
 * Usage: pr_calls [gen-spec] [runs]
 * Output: "unit ms", "input ...", then "op <kind> <median ms> <min ms> <iterations> <rank sum>". */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_alg.h"

enum { K_DEGREE, K_INVERT, K_DANGLING, K_WEIGHT, K_TELEPORT, K_MXV, K_MINUS, K_ABS, K_NORM, K_TOTAL,
       K_COUNT };
static const char *const kind_names[K_COUNT] = {"degree", "invert", "dangling", "weight", "teleport",
                                                "mxv",    "minus",  "abs",      "norm",   "total"};

static double spent[K_COUNT]; /* per kind, TIMED (bench_alg.h) */

/* One PageRank run; returns the iterations and sets *sum to the sum of the ranks. */
static int pagerank(GrB_Matrix A, GrB_Index n, double *sum)
{
    const double damping = 0.85, tol = 1e-4, dn = (double)n;
    double t0 = now_ms();
    GrB_Semiring plus_second, plus_oneb;
    GrB_Vector r, next, scale, w, t;
    CHECK(GrB_Semiring_new(&plus_second, GrB_PLUS_MONOID_FP64, GrB_SECOND_FP64));
    CHECK(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64));
    CHECK(GrB_Vector_new(&r, GrB_FP64, n));
    CHECK(GrB_Vector_new(&next, GrB_FP64, n));
    CHECK(GrB_Vector_new(&scale, GrB_FP64, n));
    CHECK(GrB_Vector_new(&w, GrB_FP64, n));
    CHECK(GrB_Vector_new(&t, GrB_FP64, n));
    CHECK(GrB_Vector_assign_FP64(r, NULL, NULL, 1 / dn, GrB_ALL, n, NULL));
    TIMED(K_DEGREE, GrB_mxv(scale, NULL, NULL, plus_oneb, A, r, NULL));
    TIMED(K_INVERT, GrB_Vector_apply_BinaryOp1st_FP64(scale, NULL, NULL, GrB_DIV_FP64, damping, scale, NULL));
    int iters = 0;
    for (;;) {
        iters++;
        double dangling = 0, change = 0;
        TIMED(K_DANGLING, GrB_Vector_apply(t, scale, NULL, GrB_IDENTITY_FP64, r, GrB_DESC_RSC));
        TIMED(K_DANGLING, GrB_Vector_reduce_FP64(&dangling, NULL, GrB_PLUS_MONOID_FP64, t, NULL));
        TIMED(K_WEIGHT, GrB_Vector_eWiseMult_BinaryOp(w, NULL, NULL, GrB_TIMES_FP64, r, scale, NULL));
        TIMED(K_TELEPORT, GrB_Vector_assign_FP64(next, NULL, NULL, (1 - damping + damping * dangling) / dn,
                                                 GrB_ALL, n, NULL));
        TIMED(K_MXV, GrB_mxv(next, NULL, GrB_PLUS_FP64, plus_second, A, w, GrB_DESC_T0));
        TIMED(K_MINUS, GrB_Vector_eWiseMult_BinaryOp(t, NULL, NULL, GrB_MINUS_FP64, next, r, NULL));
        TIMED(K_ABS, GrB_Vector_apply(t, NULL, NULL, GrB_ABS_FP64, t, NULL));
        TIMED(K_NORM, GrB_Vector_reduce_FP64(&change, NULL, GrB_PLUS_MONOID_FP64, t, NULL));
        GrB_Vector swap = r;
        r = next;
        next = swap;
        if (change < tol || iters == 100) break;
    }
    CHECK(GrB_Vector_reduce_FP64(sum, NULL, GrB_PLUS_MONOID_FP64, r, NULL));
    GrB_Semiring_free(&plus_second);
    GrB_Semiring_free(&plus_oneb);
    GrB_Vector_free(&r);
    GrB_Vector_free(&next);
    GrB_Vector_free(&scale);
    GrB_Vector_free(&w);
    GrB_Vector_free(&t);
    spent[K_TOTAL] += now_ms() - t0;
    return iters;
}

/* A timed run (bench_calls_time). */
typedef struct {
    GrB_Matrix A;
    GrB_Index n;
} pr_run;

static void timed_run(void *ctx)
{
    pr_run *c = ctx;
    double sum;
    pagerank(c->A, c->n, &sum);
}

int main(int argc, char **argv)
{
    const char *spec_text;
    int runs;
    GrB_Index n, nvals;
    /* the default input is the grid, not bench_calls_start's RMAT */
    char *args[3] = {argv[0], argc > 1 ? argv[1] : "grid:1000", argc > 2 ? argv[2] : "5"};
    GrB_Matrix A = bench_calls_start(3, args, &spec_text, &runs, &n, &nvals);
    printf("unit ms\ninput %s n %llu nnz %llu\n", spec_text, (unsigned long long)n,
           (unsigned long long)nvals);

    double sum = 0;
    int iters = pagerank(A, n, &sum); /* warm-up */
    /* the sum is printed to 6 digits: the two libraries may add in different orders */
    char result[64];
    snprintf(result, sizeof result, "%d %.6f", iters, sum);
    pr_run c = {A, n};
    bench_calls_time(timed_run, &c, spent, kind_names, K_COUNT, runs, result);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
