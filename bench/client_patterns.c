/* client_patterns.c: the per-call cost of small extract and assign calls that graph-algorithm
 * clients make once per vertex (issue 14 item 4), GraphBLAS_gpu's CPU backend against
 * SuiteSparse:GraphBLAS. Written against the GraphBLAS C API only and built twice, once per library
 * (never both in one binary); BENCH=client_patterns bench/run_cpu_vs_suitesparse.sh runs the pair
 * and prints the ratios.
 *
 * Input: a uniform random n x n FP64 matrix with about `degree` entries per row (small integer
 * values, duplicates summed), and a hypersparse one of dimension 2^40 holding the same entries
 * spread over the huge index range.
 *
 * Patterns (one "call" each; `calls` different vertices per run):
 *   col_extract_T0   w = A'(:, u), i.e. row u of A: GrB_Col_extract(w, NULL, NULL, A, GrB_ALL, n,
 *                    u, GrB_DESC_T0), as LAGraph's BFS checker reads a vertex's neighbours
 *   col_extract      w = A(:, u)
 *   row_assign       C(u, :) = r, r a fixed vector of `degree` entries (GrB_Row_assign)
 *   col_assign       C(:, u) = r (GrB_Col_assign)
 *   extract_hyper    T = H(I, J), I and J 16 random indices each of H's 2^40 (GrB_Matrix_extract)
 *   assign_hyper     G(I, J) = S with the same lists, G a copy of H and S a 16 x 16 matrix of 64
 *                    entries (GrB_Matrix_assign)
 * Method: every pattern is verified first (a checksum over one run's results, printed), then one
 * warm-up run, then the median of `runs` timed runs; each run times `calls` calls back to back, the
 * result's nvals read after each call (so deferred work is included), and reports the time per
 * call. A and H are reused by every call, as a client's loop reuses its graph; C is a copy of A
 * that the assign patterns write.
 *
 * Usage: client_patterns [n] [degree] [calls] [runs] [seed]; BENCH_OPS (a comma-separated list of
 * names) selects patterns.
 * Output: "unit us", then one line per pattern: "op <name> <median> <min> <nvals> <checksum>",
 * times in microseconds per call. */
#include <GraphBLAS.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

/* Microseconds on the monotonic clock. */
static double now_us(void)
{
    return now_ms() * 1e3;
}

/* ---- inputs ------------------------------------------------------------------------------------ */

#define HYPER_DIM ((GrB_Index)1 << 40)
/* Spreads index i < n over the hypersparse dimension (an injective map). */
static GrB_Index spread(GrB_Index i, GrB_Index n)
{
    return i * (HYPER_DIM / n);
}

/* A (n x n) and H (HYPER_DIM square) with the same random entries, H's indices spread. */
static void generate(GrB_Index n, GrB_Index degree, GrB_Matrix *A, GrB_Matrix *H)
{
    GrB_Index ne = n * degree;
    GrB_Index *I = malloc(ne * sizeof(GrB_Index)), *J = malloc(ne * sizeof(GrB_Index));
    double *X = malloc(ne * sizeof(double));
    if (I == NULL || J == NULL || X == NULL) exit(1);
    for (GrB_Index e = 0; e < ne; e++) {
        I[e] = rng() % n;
        J[e] = rng() % n;
        X[e] = (double)(1 + rng() % 4);
    }
    CHECK(GrB_Matrix_new(A, GrB_FP64, n, n));
    CHECK(GrB_Matrix_build_FP64(*A, I, J, X, ne, GrB_PLUS_FP64));
    CHECK(GrB_Matrix_wait(*A, GrB_MATERIALIZE));
    for (GrB_Index e = 0; e < ne; e++) I[e] = spread(I[e], n), J[e] = spread(J[e], n);
    CHECK(GrB_Matrix_new(H, GrB_FP64, HYPER_DIM, HYPER_DIM));
    CHECK(GrB_Matrix_build_FP64(*H, I, J, X, ne, GrB_PLUS_FP64));
    CHECK(GrB_Matrix_wait(*H, GrB_MATERIALIZE));
    free(I);
    free(J);
    free(X);
}

/* ---- checksums: independent of tuple order, exact for integer-valued results -------------------- */

static uint64_t checksum(const GrB_Index *I, const GrB_Index *J, const double *X, GrB_Index n)
{
    uint64_t h = 0;
    for (GrB_Index k = 0; k < n; k++)
        h += bench_mix(bench_mix(I[k] * 0x9E3779B97F4A7C15ULL + (J ? J[k] : 0)) + (uint64_t)(int64_t)X[k]);
    return h;
}

static uint64_t vector_checksum(GrB_Vector w)
{
    GrB_Index n;
    CHECK(GrB_Vector_nvals(&n, w));
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index));
    double *X = malloc((n + 1) * sizeof(double));
    CHECK(GrB_Vector_extractTuples_FP64(I, X, &n, w));
    uint64_t h = checksum(I, NULL, X, n);
    free(I);
    free(X);
    return h;
}

static uint64_t matrix_checksum(GrB_Matrix C)
{
    GrB_Index n;
    CHECK(GrB_Matrix_nvals(&n, C));
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = malloc((n + 1) * sizeof(GrB_Index));
    double *X = malloc((n + 1) * sizeof(double));
    CHECK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, C));
    uint64_t h = checksum(I, J, X, n);
    free(I);
    free(J);
    free(X);
    return h;
}

/* ---- the patterns ------------------------------------------------------------------------------- */

typedef enum {
    COL_EXTRACT_T0,
    COL_EXTRACT,
    ROW_ASSIGN,
    COL_ASSIGN,
    EXTRACT_HYPER,
    ASSIGN_HYPER,
    NPAT
} patid;
static const char *const names[NPAT] = {"col_extract_T0", "col_extract", "row_assign",
                                        "col_assign", "extract_hyper", "assign_hyper"};

#define NLIST 16

typedef struct {
    GrB_Index n, calls;
    GrB_Matrix A, H, C, T, S;
    GrB_Vector w, r;
    GrB_Index *vertex;          /* the vertex of each call */
    GrB_Index (*I)[NLIST], (*J)[NLIST]; /* extract_hyper's and assign_hyper's lists, per call */
} inputs;

/* One call: pattern p on call k. Returns the nvals of its result (read to finish deferred work). */
static GrB_Index call(patid p, inputs *in, GrB_Index k)
{
    GrB_Index u = in->vertex[k], nvals = 0;
    switch (p) {
    case COL_EXTRACT_T0:
        CHECK(GrB_Col_extract(in->w, NULL, NULL, in->A, GrB_ALL, in->n, u, GrB_DESC_T0));
        CHECK(GrB_Vector_nvals(&nvals, in->w));
        break;
    case COL_EXTRACT:
        CHECK(GrB_Col_extract(in->w, NULL, NULL, in->A, GrB_ALL, in->n, u, NULL));
        CHECK(GrB_Vector_nvals(&nvals, in->w));
        break;
    case ROW_ASSIGN:
        CHECK(GrB_Row_assign(in->C, NULL, NULL, in->r, u, GrB_ALL, in->n, NULL));
        CHECK(GrB_Matrix_nvals(&nvals, in->C));
        break;
    case COL_ASSIGN:
        CHECK(GrB_Col_assign(in->C, NULL, NULL, in->r, GrB_ALL, in->n, u, NULL));
        CHECK(GrB_Matrix_nvals(&nvals, in->C));
        break;
    case EXTRACT_HYPER:
        CHECK(GrB_Matrix_extract(in->T, NULL, NULL, in->H, in->I[k], NLIST, in->J[k], NLIST, NULL));
        CHECK(GrB_Matrix_nvals(&nvals, in->T));
        break;
    case ASSIGN_HYPER:
        CHECK(GrB_Matrix_assign(in->C, NULL, NULL, in->S, in->I[k], NLIST, in->J[k], NLIST, NULL));
        CHECK(GrB_Matrix_nvals(&nvals, in->C));
        break;
    case NPAT: break;
    }
    return nvals;
}

/* The result's checksum after call k (the verification run). */
static uint64_t result_checksum(patid p, inputs *in)
{
    switch (p) {
    case COL_EXTRACT_T0:
    case COL_EXTRACT: return vector_checksum(in->w);
    case EXTRACT_HYPER: return matrix_checksum(in->T);
    default: return 0; /* the assigns: C is summed once, after the run */
    }
}

int main(int argc, char **argv)
{
    GrB_Index n = argc > 1 ? strtoull(argv[1], NULL, 0) : 16000;
    GrB_Index degree = argc > 2 ? strtoull(argv[2], NULL, 0) : 16;
    GrB_Index calls = argc > 3 ? strtoull(argv[3], NULL, 0) : 1000;
    int runs = argc > 4 ? atoi(argv[4]) : 5;
    const char *only = getenv("BENCH_OPS");
    if (runs < 1) runs = 1;
    rng_state = argc > 5 ? strtoull(argv[5], NULL, 0) : 42;
    CHECK(GrB_init(GrB_NONBLOCKING));

    inputs in = {.n = n, .calls = calls};
    generate(n, degree, &in.A, &in.H);
    CHECK(GrB_Vector_new(&in.w, GrB_FP64, n));
    CHECK(GrB_Vector_new(&in.r, GrB_FP64, n));
    for (GrB_Index k = 0; k < degree; k++)
        CHECK(GrB_Vector_setElement_FP64(in.r, (double)(1 + k % 3), rng() % n));
    CHECK(GrB_Vector_wait(in.r, GrB_MATERIALIZE));
    CHECK(GrB_Matrix_new(&in.T, GrB_FP64, NLIST, NLIST));
    in.vertex = malloc(calls * sizeof(GrB_Index));
    in.I = malloc(calls * sizeof *in.I);
    in.J = malloc(calls * sizeof *in.J);
    if (in.vertex == NULL || in.I == NULL || in.J == NULL) exit(1);
    for (GrB_Index k = 0; k < calls; k++) {
        in.vertex[k] = rng() % n;
        for (int l = 0; l < NLIST; l++) {
            /* half the indices hit a stored row or column of H, half fall between them */
            in.I[k][l] = spread(rng() % n, n) + (l % 2);
            in.J[k][l] = spread(rng() % n, n) + (l % 3 == 0);
        }
    }
    CHECK(GrB_Matrix_new(&in.S, GrB_FP64, NLIST, NLIST));
    for (int e = 0; e < 4 * NLIST; e++)
        CHECK(GrB_Matrix_setElement_FP64(in.S, (double)(1 + e % 5), rng() % NLIST, rng() % NLIST));
    CHECK(GrB_Matrix_wait(in.S, GrB_MATERIALIZE));
    GrB_Index nvals;
    CHECK(GrB_Matrix_nvals(&nvals, in.A));
    printf("unit us\n");
    printf("input uniform n=%llu degree=%llu nvals=%llu calls=%llu runs=%d\n",
           (unsigned long long)n, (unsigned long long)degree, (unsigned long long)nvals,
           (unsigned long long)calls, runs);

    double *t = malloc((size_t)runs * sizeof(double));
    for (patid p = 0; p < NPAT; p++) {
        if (only != NULL && !bench_listed(only, names[p])) continue;
        bool assigns = p == ROW_ASSIGN || p == COL_ASSIGN || p == ASSIGN_HYPER;
        if (assigns) CHECK(GrB_Matrix_dup(&in.C, p == ASSIGN_HYPER ? in.H : in.A));
        /* verification run */
        uint64_t sum = 0, total = 0;
        for (GrB_Index k = 0; k < calls; k++) {
            total += call(p, &in, k);
            sum += result_checksum(p, &in);
        }
        if (assigns) sum = matrix_checksum(in.C);
        call(p, &in, 0); /* warm-up */
        for (int r = 0; r < runs; r++) {
            double t0 = now_us();
            for (GrB_Index k = 0; k < calls; k++) call(p, &in, k);
            t[r] = (now_us() - t0) / (double)calls;
        }
        qsort(t, (size_t)runs, sizeof(double), bench_cmp_double);
        printf("op %s %.3f %.3f %llu %016llx\n", names[p], t[runs / 2], t[0],
               (unsigned long long)total, (unsigned long long)sum);
        fflush(stdout);
        if (assigns) GrB_Matrix_free(&in.C);
    }
    free(t);
    free(in.vertex);
    free(in.I);
    free(in.J);
    GrB_Matrix_free(&in.A);
    GrB_Matrix_free(&in.H);
    GrB_Matrix_free(&in.T);
    GrB_Matrix_free(&in.S);
    GrB_Vector_free(&in.w);
    GrB_Vector_free(&in.r);
    GrB_finalize();
    return 0;
}
