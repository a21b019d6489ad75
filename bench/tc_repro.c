/* tc_repro.c: the triangle-count reproduction of issue 13, built against both libraries as
 * cpu_vs_suitesparse is (BENCH=tc_repro bench/run_cpu_vs_suitesparse.sh BUILD_DIR [n] [runs]).
 *
 * Input: an n x n BOOL matrix (n = 50,000 by default) whose rows and columns 0..10 are dense,
 * without a diagonal: an edge joins x and y when min(x, y) <= 10. A triangle needs two of its
 * three vertices at most 10, so there are C(11,3) + C(11,2) (n - 11) of them (2,749,560 at the
 * default n); the program checks that count. With a first argument grid:M instead, the input is the
 * M x M grid graph of 4-neighbours (M^2 vertices, 4 M (M - 1) entries, no triangle), as
 * `grbgpu run tc --gen grid:M` times it, but each run on a fresh dup as below.
 *
 * Operations:
 *   burkhardt  C<A,struct> = A*A over PLUS_ONEB_INT64, then sum(C) = 6 x triangles: LAGraph's
 *              TriangleCount test in the form that took over 300 s on our library
 *   sandia     L = tril(A,-1); C<L,struct> = L*L' over PLUS_ONEB_INT64, sum(C) = triangles
 *              (algorithms/tc.c's formulation; the tril is timed too)
 * Each run works on a fresh GrB_Matrix_dup of A made outside the timed region, so no transpose
 * cached with A by an earlier run is reused. The timed region is the product and the reduction.
 * Output: one line per operation: "op <name> <median ms> <min ms> <triangles> <sum>"; with
 * BENCH_STEPS=1 also "info step <op>.<step> <median ms> cpu <median CPU ms>" for each call of
 * the timed region (select, mxm, reduce), from the same runs. */
#include <GraphBLAS.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

#define DENSE 11 /* rows and columns 0 .. DENSE-1 are dense */

/* The n x n BOOL matrix of the e edges (I, J, X), which it frees. */
static GrB_Matrix from_edges(GrB_Index n, GrB_Index *I, GrB_Index *J, bool *X, GrB_Index e)
{
    GrB_Matrix A;
    CHECK(GrB_Matrix_new(&A, GrB_BOOL, n, n));
    CHECK(GrB_Matrix_build_BOOL(A, I, J, X, e, GrB_LOR));
    CHECK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    free(I);
    free(J);
    free(X);
    return A;
}

static GrB_Matrix generate(GrB_Index n)
{
    GrB_Index ne = 2 * DENSE * n, e = 0;
    GrB_Index *I = malloc(ne * sizeof(GrB_Index)), *J = malloc(ne * sizeof(GrB_Index));
    bool *X = malloc(ne * sizeof(bool));
    if (I == NULL || J == NULL || X == NULL) exit(1);
    for (GrB_Index d = 0; d < DENSE && d < n; d++)
        for (GrB_Index k = 0; k < n; k++) {
            if (k == d) continue;
            I[e] = d, J[e] = k, X[e++] = true;
            if (k >= DENSE) I[e] = k, J[e] = d, X[e++] = true;
        }
    return from_edges(n, I, J, X, e);
}

/* The M x M grid: vertex r M + c joined to its right and lower neighbours, both ways. */
static GrB_Matrix generate_grid(GrB_Index m)
{
    GrB_Index ne = 4 * m * (m - 1), e = 0;
    GrB_Index *I = malloc(ne * sizeof(GrB_Index)), *J = malloc(ne * sizeof(GrB_Index));
    bool *X = malloc(ne * sizeof(bool));
    if (I == NULL || J == NULL || X == NULL) exit(1);
    for (GrB_Index r = 0; r < m; r++)
        for (GrB_Index c = 0; c < m; c++) {
            GrB_Index v = r * m + c;
            for (int way = 0; way < 2; way++) {
                GrB_Index u = way == 0 ? v + 1 : v + m; /* the right, then the lower neighbour */
                if (way == 0 ? c + 1 == m : r + 1 == m) continue;
                I[e] = v, J[e] = u, X[e++] = true;
                I[e] = u, J[e] = v, X[e++] = true;
            }
        }
    return from_edges(m * m, I, J, X, e);
}

typedef enum { BURKHARDT, SANDIA, NOPS } opid;
static const char *const names[NOPS] = {"burkhardt", "sandia"};

/* The steps of a run, timed separately only with BENCH_STEPS=1 (a clock read costs ~50 ns). */
enum { STEP_SELECT, STEP_MXM, STEP_REDUCE, NSTEPS };
static const char *const step_names[NSTEPS] = {"select", "mxm", "reduce"};
static bool steps_on;
static double step_ms[NSTEPS], step_cpu[NSTEPS];

/* CPU time of the process, all threads: with OMP_WAIT_POLICY=passive (idle threads sleep instead
 * of spinning) the work of a step, which a loaded machine inflates far less than its wall time. */
static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

#define STEP(k, call)                                                                              \
    do {                                                                                           \
        double t0_ = steps_on ? now_ms() : 0, c0_ = steps_on ? cpu_ms() : 0;                      \
        CHECK(call);                                                                               \
        if (steps_on) step_ms[k] = now_ms() - t0_, step_cpu[k] = cpu_ms() - c0_;                   \
    } while (0)

/* One run on A; returns sum(C). */
static int64_t run_op(opid op, GrB_Matrix A, GrB_Semiring plus_oneb)
{
    GrB_Index n;
    CHECK(GrB_Matrix_nrows(&n, A));
    GrB_Matrix C, L = NULL;
    CHECK(GrB_Matrix_new(&C, GrB_INT64, n, n));
    if (op == BURKHARDT) {
        STEP(STEP_MXM, GrB_mxm(C, A, NULL, plus_oneb, A, A, GrB_DESC_S));
    } else {
        CHECK(GrB_Matrix_new(&L, GrB_BOOL, n, n));
        STEP(STEP_SELECT, GrB_Matrix_select_INT64(L, NULL, NULL, GrB_TRIL, A, -1, NULL));
        STEP(STEP_MXM, GrB_mxm(C, L, NULL, plus_oneb, L, L, GrB_DESC_ST1));
    }
    int64_t sum = 0;
    STEP(STEP_REDUCE, GrB_Matrix_reduce_INT64(&sum, NULL, GrB_PLUS_MONOID_INT64, C, NULL));
    GrB_Matrix_free(&C);
    GrB_Matrix_free(&L);
    return sum;
}

int main(int argc, char **argv)
{
    bool grid = argc > 1 && strncmp(argv[1], "grid:", 5) == 0;
    GrB_Index n = argc > 1 ? strtoull(argv[1] + (grid ? 5 : 0), NULL, 10) : 50000;
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    const char *only = getenv("BENCH_OPS"); /* optional comma-separated subset */
    const char *steps = getenv("BENCH_STEPS");
    steps_on = steps != NULL && steps[0] == '1';
    if (runs < 1) runs = 1;
    if (n < (grid ? 2 : DENSE)) n = grid ? 2 : DENSE;

    CHECK(GrB_init(GrB_NONBLOCKING));
    GrB_Semiring plus_oneb;
    CHECK(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_INT64, GrB_ONEB_INT64));
    double t0 = now_ms();
    GrB_Matrix A = grid ? generate_grid(n) : generate(n);
    GrB_Index nnz;
    CHECK(GrB_Matrix_nvals(&nnz, A));
    if (grid)
        printf("input grid%llu n %llu nnz %llu build_ms %.1f\n", (unsigned long long)n,
               (unsigned long long)(n * n), (unsigned long long)nnz, now_ms() - t0);
    else
        printf("input dense%d n %llu nnz %llu build_ms %.1f\n", DENSE, (unsigned long long)n,
               (unsigned long long)nnz, now_ms() - t0);
    const int64_t want = grid ? 0
                              : (int64_t)(DENSE * (DENSE - 1) * (DENSE - 2) / 6) +
                                    (int64_t)(DENSE * (DENSE - 1) / 2) * (int64_t)(n - DENSE);

    double *t = malloc((size_t)runs * sizeof(double));
    double *st = malloc((size_t)runs * NSTEPS * sizeof(double));
    double *sc = malloc((size_t)runs * NSTEPS * sizeof(double));
    if (t == NULL || st == NULL || sc == NULL) exit(1);
    for (int op = 0; op < NOPS; op++) {
        if (only != NULL && !bench_listed(only, names[op])) continue;
        int64_t sum = 0, per = op == BURKHARDT ? 6 : 1;
        /* the first run verifies and warms up; then the timed runs */
        for (int r = -1; r < runs; r++) {
            GrB_Matrix fresh;
            CHECK(GrB_Matrix_dup(&fresh, A));
            CHECK(GrB_Matrix_wait(fresh, GrB_MATERIALIZE));
            double s = now_ms();
            sum = run_op((opid)op, fresh, plus_oneb);
            if (r >= 0) {
                t[r] = now_ms() - s;
                for (int k = 0; k < NSTEPS; k++) {
                    st[k * runs + r] = step_ms[k];
                    sc[k * runs + r] = step_cpu[k];
                }
            }
            GrB_Matrix_free(&fresh);
            if (sum != want * per) {
                fprintf(stderr, "%s: sum %lld, expected %lld\n", names[op], (long long)sum,
                        (long long)(want * per));
                return 1;
            }
        }
        qsort(t, (size_t)runs, sizeof(double), bench_cmp_double);
        printf("op %s %.3f %.3f %lld %lld\n", names[op], t[runs / 2], t[0], (long long)want,
               (long long)sum);
        for (int k = 0; steps_on && k < NSTEPS; k++) {
            if (op == BURKHARDT && k == STEP_SELECT) continue;
            qsort(st + k * runs, (size_t)runs, sizeof(double), bench_cmp_double);
            qsort(sc + k * runs, (size_t)runs, sizeof(double), bench_cmp_double);
            printf("info step %s.%s %.3f cpu %.3f\n", names[op], step_names[k],
                   st[k * runs + runs / 2], sc[k * runs + runs / 2]);
        }
        fflush(stdout);
    }
    free(t);
    free(st);
    free(sc);
    GrB_Matrix_free(&A);
    GrB_Semiring_free(&plus_oneb);
    CHECK(GrB_finalize());
    return 0;
}
