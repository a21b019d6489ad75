/* bfs_steps.c: the level loop of algorithms/bfs.c (levels, LOR_LAND, Beamer's push/pull switch)
 * written out, so the time of each GraphBLAS call of a level can be seen (issue 12: the per-level
 * cost of a high-diameter BFS on the GPU). Built against this library and SuiteSparse
 * (bench_alg.h); BENCH=bfs_steps bench/run_cpu_vs_suitesparse.sh <build dir> [gen-spec] runs the
 * pair.
 *
 * Calls per level: v<q, struct> = k (GrB_assign); q<!v, struct, replace> = q lor.land A (GrB_vxm,
 * push) or A' lor.land q (GrB_mxv with the transposed descriptor, pull); nvals(q).
 * With BENCH_STEPS=1 it also prints the host time of each call kind per run ("info step"): on a
 * GPU the queued calls show their host cost only, and nvals, which waits for the device, the rest.
 * BENCH_SYNC=1 adds a GrB_Vector_wait(MATERIALIZE) inside each step, so each step's time is its
 * host cost plus its device time (the sum then exceeds the unsynchronised run by the waits).
 * The result (the level vector) is checked against a host BFS over the same graph.
 *
 * Usage: bfs_steps [gen-spec] [runs] [seed] (default grid:1000, 5, 1). */
#include <GraphBLAS.h>

#include "bench_alg.h"

static bool sync_steps;

static GrB_Info settle(GrB_Info info, GrB_Vector v)
{
    return info == GrB_SUCCESS && sync_steps ? GrB_Vector_wait(v, GrB_MATERIALIZE) : info;
}

/* The level of every reached vertex (INT64), from vertex 0. */
static GrB_Vector bfs(GrB_Matrix A, GrB_Index n, int64_t *depth)
{
    GrB_Vector q, v;
    CHECK(GrB_Vector_new(&q, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&v, GrB_INT64, n));
    CHECK(GrB_Vector_setElement_BOOL(q, true, 0));
    GrB_Index nq = 1, nq_last = 0;
    bool push = true;
    int64_t k = 0;
    for (; nq > 0; k++) {
        BENCH_STEP(0, settle(GrB_Vector_assign_INT64(v, q, NULL, k, GrB_ALL, n, GrB_DESC_S), v));
        /* algorithms/bfs.c's switch: pull past n/8, push again below n/512 */
        push = push ? !(nq > nq_last && nq > n / 8) : !(nq < nq_last && nq < n / 512);
        if (push)
            BENCH_STEP(1, settle(GrB_vxm(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A,
                                         GrB_DESC_RSC), q));
        else
            BENCH_STEP(2, settle(GrB_mxv(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, A, q,
                                         GrB_DESC_RSCT0), q));
        nq_last = nq;
        BENCH_STEP(3, GrB_Vector_nvals(&nq, q));
    }
    *depth = k - 1;
    GrB_Vector_free(&q);
    return v;
}

/* Every level equals the host BFS's from vertex 0 (unreached vertices have none). */
static void check(GrB_Matrix A, GrB_Index n, GrB_Vector v)
{
    GrB_Index *ptr, *idx, nv;
    bench_host_csr(A, n, &ptr, &idx);
    int64_t *want = malloc((n + 1) * sizeof *want), *X = malloc((n + 1) * sizeof *X);
    GrB_Index *queue = malloc((n + 1) * sizeof *queue), *I = malloc((n + 1) * sizeof *I);
    if (want == NULL || X == NULL || queue == NULL || I == NULL) exit(1);
    for (GrB_Index i = 0; i < n; i++) want[i] = -1;
    GrB_Index head = 0, tail = 0, reached = 0;
    if (n > 0) want[0] = 0, queue[tail++] = 0;
    while (head < tail) {
        GrB_Index u = queue[head++];
        reached++;
        for (GrB_Index p = ptr[u]; p < ptr[u + 1]; p++)
            if (want[idx[p]] < 0) want[idx[p]] = want[u] + 1, queue[tail++] = idx[p];
    }
    CHECK(GrB_Vector_nvals(&nv, v));
    CHECK(GrB_Vector_extractTuples_INT64(I, X, &nv, v));
    if (nv != reached) {
        fprintf(stderr, "bfs_steps: %llu levels, the host BFS reached %llu vertices\n",
                (unsigned long long)nv, (unsigned long long)reached);
        exit(1);
    }
    for (GrB_Index p = 0; p < nv; p++)
        if (want[I[p]] != X[p]) {
            fprintf(stderr, "bfs_steps: vertex %llu level %lld, expected %lld\n",
                    (unsigned long long)I[p], (long long)X[p], (long long)want[I[p]]);
            exit(1);
        }
    free(ptr), free(idx), free(want), free(X), free(queue), free(I);
}

static uint64_t run(GrB_Matrix A, bool verify, GrB_Index *nvals)
{
    GrB_Index n;
    CHECK(GrB_Matrix_nrows(&n, A));
    int64_t depth;
    GrB_Vector v = bfs(A, n, &depth);
    uint64_t sum = 0;
    if (verify) {
        check(A, n, v);
        sum = bench_checksum(NULL, v, nvals);
        printf("info bfs depth %lld reached %llu\n", (long long)depth, (unsigned long long)*nvals);
    }
    GrB_Vector_free(&v);
    return sum;
}

int main(int argc, char **argv)
{
    static const char *const steps[] = {"assign_level", "vxm_push", "mxv_pull", "nvals"};
    for (int k = 0; k < 4; k++) bench_step_name[k] = steps[k];
    const char *s = getenv("BENCH_SYNC");
    sync_steps = s != NULL && s[0] == '1';
    int runs;
    uint64_t seed;
    GrB_Matrix A = bench_alg_start(argc, argv, "grid:1000", GrB_BOOL, "", &runs, &seed);
    bench_alg_run("bfs", run, A, runs);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
