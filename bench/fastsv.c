/* fastsv.c: connected components by FastSV, timed against SuiteSparse (issue 14, item 5;
 * bench_alg.h describes the method).
 *
 * Source: Zhang, Azad and Hu, "FastSV: a distributed-memory connected component algorithm with
 * fast convergence" (SIAM PP 2020), the algorithm of LAGraph's LAGr_ConnectedComponents. The
 * algorithm is the repository's own GrB-only implementation, algorithms/cc.c (GG_alg_cc, whose
 * banner lists its calls: mxv with MIN_SECOND, the hooking scatters, extract of f(f), eWise
 * minimums), compiled against each library as the algorithm tests do. The checker compares the
 * labels with a host union-find: every vertex labelled by the smallest vertex of its component.
 *
 * Usage: fastsv [gen-spec] [runs] [seed] (default rmat:16, 5, 1). */
#include <GraphBLAS.h>

#include "bench_alg.h"
#include "grb_algorithms.h"

static GrB_Index find(GrB_Index *parent, GrB_Index v)
{
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
}

static void check(GrB_Matrix A, GrB_Index n, GrB_Vector comp)
{
    GrB_Index *ptr, *idx, nv = n;
    bench_host_csr(A, n, &ptr, &idx);
    GrB_Index *parent = malloc((n + 1) * sizeof *parent), *I = malloc((n + 1) * sizeof *I);
    int64_t *X = malloc((n + 1) * sizeof *X);
    if (parent == NULL || I == NULL || X == NULL) exit(1);
    for (GrB_Index v = 0; v < n; v++) parent[v] = v;
    /* union by smaller root, so every root is its component's smallest vertex */
    for (GrB_Index v = 0; v < n; v++)
        for (GrB_Index p = ptr[v]; p < ptr[v + 1]; p++) {
            GrB_Index a = find(parent, v), b = find(parent, idx[p]);
            if (a < b) parent[b] = a;
            if (b < a) parent[a] = b;
        }
    CHECK(GrB_Vector_extractTuples_INT64(I, X, &nv, comp));
    if (nv != n) {
        fprintf(stderr, "fastsv: %llu labels for %llu vertices\n", (unsigned long long)nv,
                (unsigned long long)n);
        exit(1);
    }
    for (GrB_Index k = 0; k < nv; k++)
        if ((GrB_Index)X[k] != find(parent, I[k])) {
            fprintf(stderr, "fastsv: vertex %llu labelled %lld\n", (unsigned long long)I[k],
                    (long long)X[k]);
            exit(1);
        }
    free(ptr);
    free(idx);
    free(parent);
    free(I);
    free(X);
}

static uint64_t run(GrB_Matrix A, bool verify, GrB_Index *nvals)
{
    GrB_Vector comp = NULL;
    char msg[GG_ALG_MSG_LEN];
    if (GG_alg_cc(&comp, A, true, msg) != GrB_SUCCESS) {
        fprintf(stderr, "fastsv: %s\n", msg);
        exit(1);
    }
    uint64_t sum = 0;
    if (verify) {
        GrB_Index n;
        CHECK(GrB_Matrix_nrows(&n, A));
        check(A, n, comp);
        sum = bench_checksum(NULL, comp, nvals);
    }
    GrB_Vector_free(&comp);
    return sum;
}

int main(int argc, char **argv)
{
    int runs;
    uint64_t seed;
    GrB_Matrix A = bench_alg_start(argc, argv, "rmat:16", GrB_BOOL, "", &runs, &seed);
    bench_alg_run("fastsv", run, A, runs);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
