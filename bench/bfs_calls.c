/* bfs_calls.c: BFS (levels) level by level and call by call (issue 11's CPU targets), this library
 * against SuiteSparse. Written against the GraphBLAS C API and tools/gen only and built twice, once
 * per library, as cc_calls.c is; `BENCH=bfs_calls bench/run_cpu_vs_suitesparse.sh BUILD_DIR
 * [gen-spec] [runs] [source]` runs the pair with the same thread count and prints the ratios.
 *
 * Source: the call sequence of algorithms/bfs.c (GG_alg_bfs with levels only, auto direction):
 * per level `v<q,struct> = k`, then q<!v,replace> = q'A (vxm, "push") or A'q (mxv with the
 * transposed descriptor, "pull"), then nvals. Each level's assign and product are timed on their
 * own; the ops are
 *   L<k>.assign, L<k>.push or L<k>.pull   level k's calls (k from 0; the product's with its nvals)
 *   assign, product, nvals                summed over the levels
 *   total                                 the whole run, set-up included
 * so the level whose product or assign is slow shows by name, with its frontier size on the
 * "info" lines.
 *
 * Input: a tools/gen graph (default rmat:18), generated and symmetrized once, FP64 values all 1.
 * One warm-up run (it also builds whatever the library caches on A), whose levels are checked
 * against a host BFS, then the median of `runs` timed runs per op.
 * Usage: bfs_calls [gen-spec] [runs] [source]
 * Output: "unit ms", "input ...", "info level <k> frontier <nq> <push|pull>" for the warm-up run,
 * then "op <name> <median ms> <min ms> <levels> <reached>".
 * On a GPU the calls are queued: a call's time is its host cost, and `nvals`, which waits for the
 * device, gets the rest. BENCH_SYNC=1 adds a GrB_Vector_wait(MATERIALIZE) after the assign and
 * after the product, so each gets its own device time too (the sum then exceeds the plain run). */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_alg.h"

#define MAX_LEVELS 4096
enum { K_ASSIGN, K_PRODUCT, K_NVALS, K_TOTAL, K_COUNT };
static const char *const kind_names[K_COUNT] = {"assign", "product", "nvals", "total"};
static bool sync_calls; /* BENCH_SYNC=1 */

static void settle(GrB_Vector v)
{
    if (sync_calls) CHECK(GrB_Vector_wait(v, GrB_MATERIALIZE));
}

static double spent[K_COUNT], level_assign[MAX_LEVELS], level_product[MAX_LEVELS];
static bool level_push[MAX_LEVELS];
static GrB_Index level_nq[MAX_LEVELS];

/* One BFS from source (algorithms/bfs.c's sequence); returns the levels and sets *reached, and
 * the level vector in *level when level is not NULL. */
static int bfs(GrB_Matrix A, GrB_Index n, GrB_Index source, GrB_Index *reached, GrB_Vector *level)
{
    double t0 = now_ms();
    GrB_Vector q, v;
    CHECK(GrB_Vector_new(&q, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&v, GrB_INT64, n));
    CHECK(GrB_Vector_setElement_BOOL(q, true, source));
    GrB_Index nq = 1, nq_last = 0;
    bool push = true;
    int k = 0;
    for (; nq > 0; k++) {
        double t1 = now_ms();
        CHECK(GrB_Vector_assign_INT64(v, q, NULL, k, GrB_ALL, n, GrB_DESC_S));
        settle(v);
        double t2 = now_ms();
        /* bfs.c's thresholds: pull past n/8, push again below n/512 */
        push = push ? !(nq > nq_last && nq > n / 8) : nq < nq_last && nq < n / 512;
        if (push)
            CHECK(GrB_vxm(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, q, A, GrB_DESC_RSC));
        else
            CHECK(GrB_mxv(q, v, NULL, GrB_LOR_LAND_SEMIRING_BOOL, A, q, GrB_DESC_RSCT0));
        settle(q);
        double t3 = now_ms();
        nq_last = nq;
        CHECK(GrB_Vector_nvals(&nq, q));
        double t4 = now_ms();
        if (k < MAX_LEVELS) {
            level_assign[k] = t2 - t1;
            level_product[k] = t4 - t2;
            level_push[k] = push;
            level_nq[k] = nq_last;
        }
        spent[K_ASSIGN] += t2 - t1;
        spent[K_PRODUCT] += t3 - t2;
        spent[K_NVALS] += t4 - t3;
    }
    CHECK(GrB_Vector_nvals(reached, v));
    GrB_Vector_free(&q);
    if (level != NULL)
        *level = v;
    else
        GrB_Vector_free(&v);
    spent[K_TOTAL] += now_ms() - t0;
    return k;
}

/* Every level equals a host BFS's from source over A's pattern (unreached vertices have none). */
static void check(GrB_Matrix A, GrB_Index n, GrB_Index source, GrB_Vector v)
{
    GrB_Index *ptr, *idx, nv;
    bench_host_csr(A, n, &ptr, &idx);
    int64_t *want = malloc((n + 1) * sizeof *want), *X = malloc((n + 1) * sizeof *X);
    GrB_Index *queue = malloc((n + 1) * sizeof *queue), *I = malloc((n + 1) * sizeof *I);
    if (want == NULL || X == NULL || queue == NULL || I == NULL) exit(1);
    for (GrB_Index i = 0; i < n; i++) want[i] = -1;
    GrB_Index head = 0, tail = 0;
    want[source] = 0, queue[tail++] = source;
    while (head < tail) {
        GrB_Index u = queue[head++];
        for (GrB_Index p = ptr[u]; p < ptr[u + 1]; p++)
            if (want[idx[p]] < 0) want[idx[p]] = want[u] + 1, queue[tail++] = idx[p];
    }
    CHECK(GrB_Vector_nvals(&nv, v));
    CHECK(GrB_Vector_extractTuples_INT64(I, X, &nv, v));
    bool ok = nv == tail;
    for (GrB_Index p = 0; ok && p < nv; p++) ok = want[I[p]] == X[p];
    if (!ok) {
        fprintf(stderr, "bfs_calls: the levels differ from a host BFS's\n");
        exit(1);
    }
    free(ptr), free(idx), free(want), free(X), free(queue), free(I);
}

/* The median and minimum of t[0 .. runs) (sorted in place). */
static void print_op(const char *name, double *t, int runs, int levels, GrB_Index reached)
{
    qsort(t, (size_t)runs, sizeof *t, bench_cmp_double);
    printf("op %s %.3f %.3f %d %llu\n", name, t[runs / 2], t[0], levels, (unsigned long long)reached);
}

int main(int argc, char **argv)
{
    const char *spec_text;
    int runs;
    GrB_Index n, nvals;
    GrB_Matrix A = bench_calls_start(argc, argv, &spec_text, &runs, &n, &nvals);
    /* default source: the lowest vertex with an edge, as grbgpu's */
    GrB_Index source = 0;
    if (argc > 3) {
        source = strtoull(argv[3], NULL, 0);
    } else {
        GrB_Vector d;
        GrB_Index nd = 1;
        double x;
        CHECK(GrB_Vector_new(&d, GrB_FP64, n));
        CHECK(GrB_Matrix_reduce_Monoid(d, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
        if (GrB_Vector_extractTuples_FP64(&source, &x, &nd, d) != GrB_SUCCESS) {
            /* more than one entry: the first of them all */
            GrB_Index nv;
            CHECK(GrB_Vector_nvals(&nv, d));
            GrB_Index *I = malloc((nv + 1) * sizeof *I);
            double *X = malloc((nv + 1) * sizeof *X);
            if (I == NULL || X == NULL) return 1;
            CHECK(GrB_Vector_extractTuples_FP64(I, X, &nv, d));
            source = nv > 0 ? I[0] : 0;
            free(I);
            free(X);
        }
        GrB_Vector_free(&d);
    }
    printf("unit ms\ninput %s n %llu nnz %llu source %llu\n", spec_text, (unsigned long long)n,
           (unsigned long long)nvals, (unsigned long long)source);
    if (source >= n) return 1;

    const char *sync = getenv("BENCH_SYNC");
    sync_calls = sync != NULL && sync[0] == '1';
    GrB_Index reached = 0;
    GrB_Vector level;
    int levels = bfs(A, n, source, &reached, &level); /* warm-up, checked */
    check(A, n, source, level);
    GrB_Vector_free(&level);
    int shown = levels < MAX_LEVELS ? levels : MAX_LEVELS;
    for (int k = 0; k < shown && k < 64; k++)
        printf("info level %d frontier %llu %s\n", k, (unsigned long long)level_nq[k],
               level_push[k] ? "push" : "pull");
    /* per level only where the levels are few enough to read (not a grid's thousands) */
    int per_level = shown <= 64 ? shown : 0;
    double *times = malloc((size_t)runs * (K_COUNT + 2 * (size_t)per_level) * sizeof *times);
    if (times == NULL) return 1;
    for (int r = 0; r < runs; r++) {
        memset(spent, 0, sizeof spent);
        bfs(A, n, source, &reached, NULL);
        for (int k = 0; k < K_COUNT; k++) times[k * runs + r] = spent[k];
        for (int k = 0; k < per_level; k++) {
            times[(K_COUNT + 2 * k) * runs + r] = level_assign[k];
            times[(K_COUNT + 2 * k + 1) * runs + r] = level_product[k];
        }
    }
    char name[64];
    for (int k = 0; k < per_level; k++) {
        snprintf(name, sizeof name, "L%d.assign", k);
        print_op(name, times + (K_COUNT + 2 * k) * runs, runs, levels, reached);
        snprintf(name, sizeof name, "L%d.%s", k, level_push[k] ? "push" : "pull");
        print_op(name, times + (K_COUNT + 2 * k + 1) * runs, runs, levels, reached);
    }
    for (int k = 0; k < K_COUNT; k++) print_op(kind_names[k], times + k * runs, runs, levels, reached);
    free(times);
    GrB_Matrix_free(&A);
    GrB_finalize();
    return 0;
}
