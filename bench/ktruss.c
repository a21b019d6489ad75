/* ktruss.c: the k-truss of an undirected graph, timed against SuiteSparse (issue 14, item 5;
 * bench_alg.h describes the method).
 *
 * Source: T. A. Davis, "Graph algorithms via SuiteSparse:GraphBLAS: triangle counting and
 * K-truss" (IEEE HPEC 2018), the algorithm of LAGraph's LAGraph_KTruss and AllKTruss. Written from
 * that description; no code copied. The k-truss is the largest subgraph in which every edge is in
 * at least k - 2 triangles of the subgraph. Starting from C = A, each round computes every edge's
 * support (its triangle count) with a masked product and drops the edges below k - 2:
 *   C<C, struct, replace> = C plus.oneb C      (GrB_mxm; GrB_ONEB counts each common neighbour)
 *   C = select(C >= k - 2)                     (GrB_select, GrB_VALUEGE_INT64)
 * until an iteration keeps every edge; C then holds each edge's support. The checker recounts the
 * triangles of every remaining edge on the host.
 *
 * Usage: ktruss [gen-spec] [runs] [seed] [k] (default rmat:14, 5, 1, 5). */
#include <GraphBLAS.h>

#include "bench_alg.h"

static int64_t truss_k = 5;
static GrB_Semiring plus_oneb;

static GrB_Matrix ktruss(GrB_Matrix A, int *rounds)
{
    GrB_Matrix C;
    GrB_Index last, nv;
    BENCH_STEP(3, GrB_Matrix_dup(&C, A));
    CHECK(GrB_Matrix_nvals(&last, C));
    for (*rounds = 1;; (*rounds)++) {
        BENCH_STEP(0, GrB_mxm(C, C, NULL, plus_oneb, C, C, GrB_DESC_RS));
        BENCH_STEP(1, GrB_Matrix_select_INT64(C, NULL, NULL, GrB_VALUEGE_INT64, C, truss_k - 2,
                                              NULL));
        BENCH_STEP(2, GrB_Matrix_nvals(&nv, C));
        if (nv == last) break;
        last = nv;
    }
    return C;
}

/* Every edge of C is an edge of A, C is symmetric, and C(i, j) is the number of common
 * neighbours of i and j in C, at least k - 2. */
static void check(GrB_Matrix A, GrB_Matrix C)
{
    GrB_Index n, *ptr, *idx, *aptr, *aidx, nv;
    CHECK(GrB_Matrix_nrows(&n, C));
    bench_host_csr(C, n, &ptr, &idx);
    bench_host_csr(A, n, &aptr, &aidx);
    CHECK(GrB_Matrix_nvals(&nv, C));
    for (GrB_Index i = 0; i < n; i++)
        for (GrB_Index p = ptr[i]; p < ptr[i + 1]; p++) {
            GrB_Index j = idx[p];
            int64_t support = 0, x = -1;
            for (GrB_Index a = ptr[i], b = ptr[j]; a < ptr[i + 1] && b < ptr[j + 1];) {
                if (idx[a] == idx[b]) support++;
                GrB_Index ia = idx[a], ib = idx[b];
                a += ia <= ib;
                b += ib <= ia;
            }
            bool in_a = bsearch(&j, aidx + aptr[i], aptr[i + 1] - aptr[i], sizeof(GrB_Index),
                                bench_cmp_index) != NULL;
            CHECK(GrB_Matrix_extractElement_INT64(&x, C, i, j));
            int64_t y = -1;
            CHECK(GrB_Matrix_extractElement_INT64(&y, C, j, i));
            if (!in_a || x != support || y != x || support < truss_k - 2) {
                fprintf(stderr, "ktruss: edge (%llu, %llu) has %lld, support %lld\n",
                        (unsigned long long)i, (unsigned long long)j, (long long)x,
                        (long long)support);
                exit(1);
            }
        }
    free(ptr);
    free(idx);
    free(aptr);
    free(aidx);
}

static uint64_t run(GrB_Matrix A, bool verify, GrB_Index *nvals)
{
    int rounds;
    GrB_Matrix C = ktruss(A, &rounds);
    uint64_t sum = 0;
    if (verify) {
        check(A, C);
        sum = bench_checksum(C, NULL, nvals);
        printf("info ktruss k %lld rounds %d edges %llu\n", (long long)truss_k, rounds,
               (unsigned long long)*nvals);
    }
    GrB_Matrix_free(&C);
    return sum;
}

int main(int argc, char **argv)
{
    static const char *const steps[] = {"mxm_plus_oneb", "select_ge", "nvals", "dup"};
    for (int k = 0; k < 4; k++) bench_step_name[k] = steps[k];
    truss_k = argc > 4 ? atoll(argv[4]) : 5;
    char extra[32];
    snprintf(extra, sizeof extra, " k=%lld", (long long)truss_k);
    int runs;
    uint64_t seed;
    GrB_Matrix A = bench_alg_start(argc, argv, "rmat:14", GrB_INT64, extra, &runs, &seed);
    CHECK(GrB_Semiring_new(&plus_oneb, GrB_PLUS_MONOID_INT64, GrB_ONEB_INT64));
    bench_alg_run("ktruss", run, A, runs);
    GrB_Matrix_free(&A);
    GrB_Semiring_free(&plus_oneb);
    GrB_finalize();
    return 0;
}
