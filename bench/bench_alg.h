/* bench_alg.h: what the client-algorithm benchmarks (mis.c, fastsv.c, ktruss.c) share: the input
 * graph and the verify-then-time driver. Each program is built twice, against this library and
 * against SuiteSparse (bench/meson.build), and BENCH=<name> bench/run_cpu_vs_suitesparse.sh runs
 * the pair and compares their output lines.
 *
 * Input: a tools/gen graph (a --gen spec such as rmat:16 or urand:N:M), symmetrized, with
 * self-loops and duplicate edges dropped (an undirected simple graph, as LAGraph's MIS, CC and
 * k-truss expect), built as a matrix of the type the algorithm reads, before any timing.
 * Method: one run verifies the result (the program's own checker) and gives its checksum, which
 * must agree between the libraries; it also warms up. Then `runs` timed runs of the algorithm
 * alone; output "op <name> <median ms> <min ms> <result nvals> <checksum>". */
#ifndef BENCH_ALG_H
#define BENCH_ALG_H

#include "bench_common.h"
#include "gg_gen.h"

/* The undirected graph of the spec `text` (seed `seed`), of `type`; *n gets its vertex count. */
static inline GrB_Matrix bench_graph(const char *text, uint64_t seed, GrB_Type type, GrB_Index *n)
{
    GG_gen_spec spec;
    char err[256];
    if (GG_gen_parse(&spec, text, err, sizeof err) != GrB_SUCCESS) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    spec.seed = seed;
    spec.flags |= GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
    spec.weights = GG_WEIGHTS_NONE;
    GG_coo t;
    CHECK(GG_gen(&t, &spec));
    GrB_Matrix A;
    CHECK(GG_coo_build(&A, &t, type, NULL));
    GG_coo_free(&t);
    CHECK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    CHECK(GrB_Matrix_nrows(n, A));
    return A;
}

/* Per-step times of the timed runs (BENCH_STEPS=1 in the environment): a program wraps each call
 * of its loop in BENCH_STEP(k, call); bench_alg_run prints "info step <name> <ms per run>". The
 * clock reads add about 50 ns a call, so the op line is measured without them. */
#define BENCH_MAX_STEPS 16
static const char *bench_step_name[BENCH_MAX_STEPS];
static double bench_step_ms[BENCH_MAX_STEPS];
static bool bench_steps_on;
#define BENCH_STEP(k, call)                                                                        \
    do {                                                                                           \
        double t0_ = bench_steps_on ? now_ms() : 0;                                                \
        CHECK(call);                                                                               \
        if (bench_steps_on) bench_step_ms[k] += now_ms() - t0_;                                    \
    } while (0)

/* The common start of main: arguments [gen-spec] [runs] [seed] (defaults def_spec, 5, 1), GrB_init,
 * the graph of `type`, the "unit" and "input" lines (`extra` is printed into the latter). */
static inline GrB_Matrix bench_alg_start(int argc, char **argv, const char *def_spec,
                                         GrB_Type type, const char *extra, int *runs,
                                         uint64_t *seed)
{
    const char *text = argc > 1 ? argv[1] : def_spec;
    *runs = argc > 2 ? atoi(argv[2]) : 5;
    *seed = argc > 3 ? strtoull(argv[3], NULL, 0) : 1;
    if (*runs < 1) *runs = 1;
    CHECK(GrB_init(GrB_NONBLOCKING));
    GrB_Index n, nv;
    GrB_Matrix A = bench_graph(text, *seed, type, &n);
    CHECK(GrB_Matrix_nvals(&nv, A));
    printf("unit ms\n");
    printf("input %s%s n=%llu nvals=%llu runs=%d seed=%llu\n", text, extra, (unsigned long long)n,
           (unsigned long long)nv, *runs, (unsigned long long)*seed);
    return A;
}

/* The algorithm under test: runs on A and returns its result's checksum and nvals when `verify`
 * (checking the result first; the check is not timed), else frees the result and returns 0. */
typedef uint64_t (*bench_alg_fn)(GrB_Matrix A, bool verify, GrB_Index *nvals);

/* The start of a call-by-call benchmark (cc_calls.c, bfs_calls.c, pr_calls.c): arguments [gen-spec] [runs]
 * (default rmat:18, 5), GrB_init, the graph with FP64 values and the spec's default seed. */
static inline GrB_Matrix bench_calls_start(int argc, char **argv, const char **spec, int *runs,
                                           GrB_Index *n, GrB_Index *nvals)
{
    *spec = argc > 1 ? argv[1] : "rmat:18";
    *runs = argc > 2 ? atoi(argv[2]) : 5;
    if (*runs < 1) *runs = 1;
    CHECK(GrB_init(GrB_NONBLOCKING));
    GrB_Matrix A = bench_graph(*spec, 1, GrB_FP64, n);
    CHECK(GrB_Matrix_nvals(nvals, A));
    return A;
}

/* In a call-by-call benchmark: runs call, adding its time to spent[kind] (the program's array of
 * times per kind of call). */
#define TIMED(kind, call)                                                                          \
    do {                                                                                           \
        double t0_ = now_ms();                                                                     \
        CHECK(call);                                                                               \
        spent[kind] += now_ms() - t0_;                                                             \
    } while (0)

/* The timed runs of a call-by-call benchmark (cc_calls.c, pr_calls.c): `runs` times, spent[0..nk)
 * cleared, then run(ctx), which adds each call's time to its kind in spent; then per kind the line
 * "op <name> <median ms> <min ms> <result>", each kind's own median. */
static inline void bench_calls_time(void (*run)(void *), void *ctx, double *spent,
                                    const char *const *names, int nk, int runs, const char *result)
{
    double *times = malloc((size_t)runs * (size_t)nk * sizeof *times);
    if (times == NULL) exit(1);
    for (int r = 0; r < runs; r++) {
        memset(spent, 0, (size_t)nk * sizeof *spent);
        run(ctx);
        for (int k = 0; k < nk; k++) times[k * runs + r] = spent[k];
    }
    for (int k = 0; k < nk; k++) {
        double *t = times + k * runs;
        qsort(t, (size_t)runs, sizeof *t, bench_cmp_double);
        printf("op %s %.3f %.3f %s\n", names[k], t[runs / 2], t[0], result);
    }
    free(times);
}

/* The verification run, then `runs` timed runs; prints the op line. */
static inline void bench_alg_run(const char *name, bench_alg_fn f, GrB_Matrix A, int runs)
{
    GrB_Index nvals = 0;
    uint64_t sum = f(A, true, &nvals);
    double *t = malloc((size_t)runs * sizeof *t);
    if (t == NULL) exit(1);
    for (int r = 0; r < runs; r++) {
        double t0 = now_ms();
        GrB_Index ignored;
        f(A, false, &ignored);
        t[r] = now_ms() - t0;
    }
    qsort(t, (size_t)runs, sizeof *t, bench_cmp_double);
    printf("op %s %.3f %.3f %llu %016llx\n", name, t[runs / 2], t[0], (unsigned long long)nvals,
           (unsigned long long)sum);
    const char *steps = getenv("BENCH_STEPS");
    if (steps != NULL && steps[0] == '1') {
        bench_steps_on = true;
        for (int r = 0; r < runs; r++) {
            GrB_Index ignored;
            f(A, false, &ignored);
        }
        for (int k = 0; k < BENCH_MAX_STEPS; k++)
            if (bench_step_name[k] != NULL)
                printf("info step %s %.3f\n", bench_step_name[k], bench_step_ms[k] / runs);
    }
    fflush(stdout);
    free(t);
}

static inline int bench_cmp_index(const void *a, const void *b)
{
    GrB_Index x = *(const GrB_Index *)a, y = *(const GrB_Index *)b;
    return x < y ? -1 : x > y;
}

/* The pattern of A (n x n) as CSR on the host, each row sorted: ptr[n + 1], idx[nvals]. */
static inline void bench_host_csr(GrB_Matrix A, GrB_Index n, GrB_Index **ptr, GrB_Index **idx)
{
    GrB_Index nv;
    CHECK(GrB_Matrix_nvals(&nv, A));
    GrB_Index *I = malloc((nv + 1) * sizeof *I), *J = malloc((nv + 1) * sizeof *J);
    GrB_Index *next = malloc((n + 1) * sizeof *next);
    *ptr = calloc(n + 1, sizeof **ptr);
    *idx = malloc((nv + 1) * sizeof **idx);
    if (I == NULL || J == NULL || next == NULL || *ptr == NULL || *idx == NULL) exit(1);
    CHECK(GrB_Matrix_extractTuples_BOOL(I, J, NULL, &nv, A));
    for (GrB_Index k = 0; k < nv; k++) (*ptr)[I[k] + 1]++;
    for (GrB_Index v = 0; v < n; v++) (*ptr)[v + 1] += (*ptr)[v];
    memcpy(next, *ptr, (n + 1) * sizeof *next);
    for (GrB_Index k = 0; k < nv; k++) (*idx)[next[I[k]]++] = J[k];
    for (GrB_Index v = 0; v < n; v++)
        qsort(*idx + (*ptr)[v], (*ptr)[v + 1] - (*ptr)[v], sizeof(GrB_Index), bench_cmp_index);
    free(I);
    free(J);
    free(next);
}

#endif /* BENCH_ALG_H */
