/* cc_calls.c: FastSV connected components call by call (issue 11's CPU targets, issue 14 items 4
 * and 5), this library against SuiteSparse. Written against the GraphBLAS C API and tools/gen only
 * and built twice, once per library, as build_bench.c is; `BENCH=cc_calls
 * bench/run_cpu_vs_suitesparse.sh BUILD_DIR [gen-spec] [runs]` runs the pair with the same thread
 * count and prints the ratios.
 *
 * Source: the call sequence of algorithms/cc.c (GG_alg_cc), which is Zhang, Azad and Hu's FastSV as
 * LAGraph's LAGr_ConnectedComponents runs it, for a symmetric graph. Each GraphBLAS call of an
 * iteration is timed on its own and the times are summed per kind of call over the run, so a slow
 * kind shows by name:
 *   mxv       mngf = A min.second gf
 *   tuples    the GrB_Vector_extractTuples of f (twice) and of mngf
 *   build     GrB_Vector_clear + GrB_Vector_build of the hooks (MIN as dup)
 *   ewiseadd  the three f = min(f, .) updates
 *   extract   gf = f(f), the index list being f's values
 *   compare   the eWiseMult NE of the old and new gf and the LOR reduce of the stopping test
 *   total     the whole run, set-up (new, assign, apply ROWINDEX, dup) included
 * The host loops between the calls (a parent array from the tuples) are left out of every kind
 * except total.
 *
 * Input: a tools/gen graph (default rmat:18), generated and symmetrized once, FP64 values all 1.
 * One warm-up run, then the median of `runs` timed runs per kind (each kind's own median).
 * Usage: cc_calls [gen-spec] [runs]
 * Output: "unit ms", "input ...", then "op <kind> <median ms> <min ms> <iterations> <components>". */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_alg.h"

enum { K_MXV, K_TUPLES, K_BUILD, K_EWISEADD, K_EXTRACT, K_COMPARE, K_TOTAL, K_COUNT };
static const char *const kind_names[K_COUNT] = {"mxv",     "tuples",  "build", "ewiseadd",
                                                "extract", "compare", "total"};

static double spent[K_COUNT]; /* per kind, TIMED (bench_alg.h) */

/* parent[v] = f(v) for every v (f is dense). */
static void parents(GrB_Index *parent, GrB_Index *idx, int64_t *val, GrB_Vector f, GrB_Index n)
{
    GrB_Index nv = n;
    TIMED(K_TUPLES, GrB_Vector_extractTuples_INT64(idx, val, &nv, f));
    for (GrB_Index k = 0; k < nv; k++) parent[idx[k]] = (GrB_Index)val[k];
}

/* One FastSV run (algorithms/cc.c's sequence for a symmetric A); returns the iterations and sets
 * *ncomp to the number of components. */
static int fastsv(GrB_Matrix A, GrB_Index n, GrB_Index *ncomp)
{
    double t0 = now_ms();
    GrB_Index *parent = malloc((n + 1) * sizeof *parent), *idx = malloc((n + 1) * sizeof *idx);
    int64_t *val = malloc((n + 1) * sizeof *val);
    if (parent == NULL || idx == NULL || val == NULL) exit(1);
    GrB_Vector f, gf, next, mngf, hook, diff;
    CHECK(GrB_Vector_new(&f, GrB_INT64, n));
    CHECK(GrB_Vector_new(&next, GrB_INT64, n));
    CHECK(GrB_Vector_new(&mngf, GrB_INT64, n));
    CHECK(GrB_Vector_new(&hook, GrB_INT64, n));
    CHECK(GrB_Vector_new(&diff, GrB_BOOL, n));
    CHECK(GrB_Vector_assign_INT64(f, NULL, NULL, 0, GrB_ALL, n, NULL));
    CHECK(GrB_Vector_apply_IndexOp_INT64(f, NULL, NULL, GrB_ROWINDEX_INT64, f, 0, NULL));
    CHECK(GrB_Vector_dup(&gf, f));
    int iters = 0;
    for (bool changed = true; changed; iters++) {
        TIMED(K_MXV, GrB_mxv(mngf, NULL, NULL, GrB_MIN_SECOND_SEMIRING_INT64, A, gf, NULL));
        GrB_Index nm = n;
        parents(parent, idx, val, f, n);
        TIMED(K_TUPLES, GrB_Vector_extractTuples_INT64(idx, val, &nm, mngf));
        for (GrB_Index k = 0; k < nm; k++) idx[k] = parent[idx[k]];
        TIMED(K_BUILD, GrB_Vector_clear(hook));
        TIMED(K_BUILD, GrB_Vector_build_INT64(hook, idx, val, nm, GrB_MIN_INT64));
        TIMED(K_EWISEADD, GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, hook, NULL));
        TIMED(K_EWISEADD, GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, mngf, NULL));
        TIMED(K_EWISEADD, GrB_Vector_eWiseAdd_BinaryOp(f, NULL, NULL, GrB_MIN_INT64, f, gf, NULL));
        parents(parent, idx, val, f, n);
        TIMED(K_EXTRACT, GrB_Vector_extract(next, NULL, NULL, f, parent, n, NULL));
        TIMED(K_COMPARE, GrB_Vector_eWiseMult_BinaryOp(diff, NULL, NULL, GrB_NE_INT64, next, gf, NULL));
        TIMED(K_COMPARE, GrB_Vector_reduce_BOOL(&changed, NULL, GrB_LOR_MONOID_BOOL, diff, NULL));
        GrB_Vector swap = gf;
        gf = next;
        next = swap;
    }
    /* components: the vertices that are their own label */
    GrB_Index nv = n;
    CHECK(GrB_Vector_extractTuples_INT64(idx, val, &nv, f));
    *ncomp = 0;
    for (GrB_Index k = 0; k < nv; k++) *ncomp += (GrB_Index)val[k] == idx[k];
    GrB_Vector_free(&f);
    GrB_Vector_free(&gf);
    GrB_Vector_free(&next);
    GrB_Vector_free(&mngf);
    GrB_Vector_free(&hook);
    GrB_Vector_free(&diff);
    free(parent);
    free(idx);
    free(val);
    spent[K_TOTAL] += now_ms() - t0;
    return iters;
}

/* A timed run (bench_calls_time). */
typedef struct {
    GrB_Matrix A;
    GrB_Index n, ncomp;
} cc_run;

static void timed_run(void *ctx)
{
    cc_run *c = ctx;
    fastsv(c->A, c->n, &c->ncomp);
}

int main(int argc, char **argv)
{
    const char *spec_text;
    int runs;
    GrB_Index n, nvals;
    GrB_Matrix A = bench_calls_start(argc, argv, &spec_text, &runs, &n, &nvals);
    printf("unit ms\ninput %s n %llu nnz %llu\n", spec_text, (unsigned long long)n,
           (unsigned long long)nvals);

    cc_run c = {A, n, 0};
    int iters = fastsv(A, n, &c.ncomp); /* warm-up */
    char result[64];
    snprintf(result, sizeof result, "%d %llu", iters, (unsigned long long)c.ncomp);
    bench_calls_time(timed_run, &c, spent, kind_names, K_COUNT, runs, result);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
