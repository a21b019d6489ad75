/* cpu_vs_suitesparse.c: CPU benchmark of GraphBLAS_gpu against SuiteSparse:GraphBLAS (issue 3
 * item 4). Written against the GraphBLAS C API only and built twice, once per library (both export
 * GrB_*, so never both in one binary); bench/run_cpu_vs_suitesparse.sh runs the two builds and
 * prints the ratios.
 *
 * Input: a Graph500-style RMAT matrix (a = .57, b = .19, c = .19, randomly permuted vertex ids,
 * duplicates summed) or a uniform random one, FP64 with small integer values, so every sum below
 * is exact in either library and the checksums must agree bit for bit.
 *
 * Operations (PLUS_TIMES_FP64 unless said):
 *   mxv         w = A*u, u dense
 *   vxm_sparse  w = u'*A, u with 1% of the entries
 *   vxm_bfs     w<!v,replace> = u'*A over LOR_LAND_BOOL, u 1%, v 10% (one BFS step)
 *   mxm         C = A*A                 mxm_masked  C<A,struct> = A*A'
 *   ewise_add   C = A + A'              transpose   C = A'
 * Method: each result is verified first (a checksum printed per operation), then one warm-up run,
 * then the median of `runs` timed runs. The timed region is the call plus GrB_wait(MATERIALIZE) on
 * the output. The operations that read A transposed (mxm_masked, ewise_add, transpose) get a fresh
 * GrB_Matrix_dup of A in every run (made outside the timed region), so neither library reuses a
 * transpose it computed in an earlier run; the others reuse A as a repeated algorithm would.
 *
 * Usage: cpu_vs_suitesparse [rmat|uniform] [scale] [edge_factor] [runs] [seed]
 * Output: one line per operation: "op <name> <median ms> <min ms> <nvals> <checksum>". */
#include <GraphBLAS.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

static double uniform(void)
{
    return (double)(rng() >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- inputs ------------------------------------------------------------------------------------- */

static GrB_Matrix generate(const char *kind, int scale, int edge_factor)
{
    GrB_Index n = (GrB_Index)1 << scale, ne = n * (GrB_Index)edge_factor;
    GrB_Index *I = malloc(ne * sizeof(GrB_Index)), *J = malloc(ne * sizeof(GrB_Index));
    GrB_Index *perm = malloc(n * sizeof(GrB_Index));
    double *X = malloc(ne * sizeof(double));
    if (I == NULL || J == NULL || perm == NULL || X == NULL) exit(1);
    for (GrB_Index k = 0; k < n; k++) perm[k] = k;
    for (GrB_Index k = n - 1; k > 0; k--) {
        GrB_Index r = rng() % (k + 1), t = perm[k];
        perm[k] = perm[r], perm[r] = t;
    }
    bool rmat = strcmp(kind, "rmat") == 0;
    for (GrB_Index e = 0; e < ne; e++) {
        GrB_Index i = 0, j = 0;
        if (rmat) {
            for (int b = 0; b < scale; b++) {
                double r = uniform();
                int quad = r < 0.57 ? 0 : r < 0.76 ? 1 : r < 0.95 ? 2 : 3;
                i = (i << 1) | (GrB_Index)(quad >> 1);
                j = (j << 1) | (GrB_Index)(quad & 1);
            }
        } else {
            i = rng() % n;
            j = rng() % n;
        }
        I[e] = perm[i];
        J[e] = perm[j];
        X[e] = (double)(1 + rng() % 4);
    }
    GrB_Matrix A;
    CHECK(GrB_Matrix_new(&A, GrB_FP64, n, n));
    CHECK(GrB_Matrix_build_FP64(A, I, J, X, ne, GrB_PLUS_FP64));
    CHECK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    free(I);
    free(J);
    free(X);
    free(perm);
    return A;
}

/* A vector of length n with `count` entries at distinct random positions (all when count == n). */
static GrB_Vector make_vector(GrB_Type type, GrB_Index n, GrB_Index count)
{
    GrB_Vector u;
    CHECK(GrB_Vector_new(&u, type, n));
    if (count >= n) {
        for (GrB_Index i = 0; i < n; i++) CHECK(GrB_Vector_setElement_FP64(u, (double)(1 + i % 5), i));
    } else {
        for (GrB_Index k = 0; k < count; k++)
            CHECK(GrB_Vector_setElement_FP64(u, (double)(1 + k % 3), rng() % n));
    }
    CHECK(GrB_Vector_wait(u, GrB_MATERIALIZE));
    return u;
}

/* ---- checksums: independent of tuple order, exact for integer-valued results --------------- */

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static uint64_t checksum(const GrB_Index *I, const GrB_Index *J, const double *X, GrB_Index n)
{
    uint64_t h = 0;
    for (GrB_Index k = 0; k < n; k++)
        h += mix(mix(I[k] * 0x9E3779B97F4A7C15ULL + (J ? J[k] : 0)) + (uint64_t)(int64_t)X[k]);
    return h;
}

static uint64_t matrix_checksum(GrB_Matrix C, GrB_Index *nvals)
{
    CHECK(GrB_Matrix_nvals(nvals, C));
    GrB_Index n = *nvals;
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = malloc((n + 1) * sizeof(GrB_Index));
    double *X = malloc((n + 1) * sizeof(double));
    CHECK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, C));
    uint64_t h = checksum(I, J, X, n);
    free(I);
    free(J);
    free(X);
    return h;
}

static uint64_t vector_checksum(GrB_Vector w, GrB_Index *nvals)
{
    CHECK(GrB_Vector_nvals(nvals, w));
    GrB_Index n = *nvals;
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index));
    double *X = malloc((n + 1) * sizeof(double));
    CHECK(GrB_Vector_extractTuples_FP64(I, X, &n, w));
    uint64_t h = checksum(I, NULL, X, n);
    free(I);
    free(X);
    return h;
}

/* ---- timing ------------------------------------------------------------------------------------ */

typedef struct {
    GrB_Matrix A, C;
    GrB_Vector u, us, ub, visited, w;
    GrB_Matrix fresh; /* a copy of A made before each run, for the operations that transpose it */
} inputs;

typedef enum { MXV, VXM_SPARSE, VXM_BFS, MXM, MXM_MASKED, EWISE_ADD, TRANSPOSE, NOPS } opid;
static const char *const names[NOPS] = {"mxv",        "vxm_sparse", "vxm_bfs",  "mxm",
                                        "mxm_masked", "ewise_add",  "transpose"};

/* The operations that read A transposed. Our library caches A's transpose (its CSC view) with A,
 * so reusing A would time that work only once; a fresh copy times it in every run, as SuiteSparse,
 * which keeps no such cache, pays it. */
static bool uses_fresh_copy(opid op)
{
    return op == MXM_MASKED || op == EWISE_ADD || op == TRANSPOSE;
}

static void run_op(opid op, inputs *in)
{
    GrB_Matrix A = uses_fresh_copy(op) ? in->fresh : in->A;
    switch (op) {
    case MXV:
        CHECK(GrB_mxv(in->w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, in->u, NULL));
        CHECK(GrB_Vector_wait(in->w, GrB_MATERIALIZE));
        break;
    case VXM_SPARSE:
        CHECK(GrB_vxm(in->w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, in->us, A, NULL));
        CHECK(GrB_Vector_wait(in->w, GrB_MATERIALIZE));
        break;
    case VXM_BFS:
        CHECK(GrB_vxm(in->w, in->visited, NULL, GrB_LOR_LAND_SEMIRING_BOOL, in->ub, A,
                      GrB_DESC_RSC));
        CHECK(GrB_Vector_wait(in->w, GrB_MATERIALIZE));
        break;
    case MXM:
        CHECK(GrB_mxm(in->C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL));
        CHECK(GrB_Matrix_wait(in->C, GrB_MATERIALIZE));
        break;
    case MXM_MASKED:
        CHECK(GrB_mxm(in->C, A, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_RST1));
        CHECK(GrB_Matrix_wait(in->C, GrB_MATERIALIZE));
        break;
    case EWISE_ADD:
        CHECK(GrB_Matrix_eWiseAdd_BinaryOp(in->C, NULL, NULL, GrB_PLUS_FP64, A, A, GrB_DESC_T1));
        CHECK(GrB_Matrix_wait(in->C, GrB_MATERIALIZE));
        break;
    case TRANSPOSE:
        CHECK(GrB_transpose(in->C, NULL, NULL, A, NULL));
        CHECK(GrB_Matrix_wait(in->C, GrB_MATERIALIZE));
        break;
    default: break;
    }
}

static bool vector_result(opid op)
{
    return op == MXV || op == VXM_SPARSE || op == VXM_BFS;
}

/* One timed run: a fresh copy of A first when the operation needs one. */
static double timed(opid op, inputs *in)
{
    if (uses_fresh_copy(op)) {
        if (in->fresh != NULL) GrB_Matrix_free(&in->fresh);
        CHECK(GrB_Matrix_dup(&in->fresh, in->A));
        CHECK(GrB_Matrix_wait(in->fresh, GrB_MATERIALIZE));
    }
    double t0 = now_ms();
    run_op(op, in);
    return now_ms() - t0;
}

int main(int argc, char **argv)
{
    const char *kind = argc > 1 ? argv[1] : "rmat";
    int scale = argc > 2 ? atoi(argv[2]) : 17;
    int edge_factor = argc > 3 ? atoi(argv[3]) : 16;
    int runs = argc > 4 ? atoi(argv[4]) : 11;
    rng_state = argc > 5 ? strtoull(argv[5], NULL, 10) : 20260101;
    const char *only = getenv("BENCH_OPS"); /* optional comma-separated subset */
    if (runs < 1) runs = 1;

    CHECK(GrB_init(GrB_NONBLOCKING));
    inputs in = {0};
    double t0 = now_ms();
    in.A = generate(kind, scale, edge_factor);
    GrB_Index n, nnz;
    CHECK(GrB_Matrix_nrows(&n, in.A));
    CHECK(GrB_Matrix_nvals(&nnz, in.A));
    printf("input %s scale %d edge_factor %d n %llu nnz %llu build_ms %.1f\n", kind, scale,
           edge_factor, (unsigned long long)n, (unsigned long long)nnz, now_ms() - t0);
    in.u = make_vector(GrB_FP64, n, n);
    in.us = make_vector(GrB_FP64, n, n / 100);
    in.ub = make_vector(GrB_BOOL, n, n / 100);
    in.visited = make_vector(GrB_BOOL, n, n / 10);
    CHECK(GrB_Vector_new(&in.w, GrB_FP64, n));
    CHECK(GrB_Matrix_new(&in.C, GrB_FP64, n, n));

    for (int op = 0; op < NOPS; op++) {
        if (only != NULL && !bench_listed(only, names[op])) continue;
        /* verify: the first run's result, then a warm-up, then the timed runs */
        timed((opid)op, &in);
        GrB_Index nv;
        uint64_t h = vector_result((opid)op) ? vector_checksum(in.w, &nv)
                                             : matrix_checksum(in.C, &nv);
        timed((opid)op, &in);
        double *t = malloc((size_t)runs * sizeof(double));
        for (int r = 0; r < runs; r++) t[r] = timed((opid)op, &in);
        qsort(t, (size_t)runs, sizeof(double), bench_cmp_double);
        printf("op %s %.3f %.3f %llu %016llx\n", names[op], t[runs / 2], t[0],
               (unsigned long long)nv, (unsigned long long)h);
        fflush(stdout);
        free(t);
    }
    GrB_Matrix_free(&in.fresh);
    GrB_Matrix_free(&in.A);
    GrB_Matrix_free(&in.C);
    GrB_Vector_free(&in.u);
    GrB_Vector_free(&in.us);
    GrB_Vector_free(&in.ub);
    GrB_Vector_free(&in.visited);
    GrB_Vector_free(&in.w);
    CHECK(GrB_finalize());
    return 0;
}
