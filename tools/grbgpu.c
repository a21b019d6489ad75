/* grbgpu.c: the GraphBLAS_gpu command-line tool.
 *
 * Built against the public API only (plus the API-only algorithms, Matrix Market reader and
 * generators of algorithms/ and tools/), so what it prints is exactly what any client program can
 * learn and achieve through the API. `grbgpu info` describes the library and the machine; `grbgpu
 * run` times one graph algorithm on a file or a generated graph and can check its result with the
 * independent checkers of test/algorithms. `compare` and `stats` come in later issues. */
#include "GraphBLAS_gpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "checkers.h"
#include "gg_gen.h"
#include "gg_mmio.h"
#include "grb_algorithms.h"

static void usage(FILE *out)
{
    fputs("usage: grbgpu <command>\n"
          "\n"
          "commands:\n"
          "  info      library and GraphBLAS API versions, available backends, the GPU if any\n"
          "  run ALG   time one graph algorithm, ALG one of bfs sssp bc pr tc cc, options:\n"
          "              --graph FILE.mtx   a Matrix Market file (used as given; tc uses A+A')\n"
          "              --gen SPEC         a generated graph: rmat:SCALE[:EF] grid:N urand:N:M\n"
          "                                 (symmetrized, self-loops and duplicates dropped)\n"
          "                                 default: rmat:16:16, Graph500 RMAT, 65536 vertices\n"
          "              --source I         bfs/sssp source (default: lowest vertex with an edge)\n"
          "              --sources K        bc: K sources spread over the vertices with edges (4)\n"
          "              --backend B        auto, cpu or cuda (default auto)\n"
          "              --check            verify the result with independent checkers\n"
          "              --repeat K         run K times, report the median (default 1)\n"
          "  compare   our build against SuiteSparse: comes in a later issue\n"
          "  stats     comes in a later issue\n"
          "  --help    this text\n"
          "\n"
          "exit status: 0 success, 1 a failed GraphBLAS call or check, 2 a bad command line or input\n",
          out);
}

/* Reports a failed call on stderr; true when it succeeded. */
static bool ok(GrB_Info info, const char *what)
{
    if (info != GrB_SUCCESS) fprintf(stderr, "grbgpu: %s failed: GrB_Info %d\n", what, (int)info);
    return info == GrB_SUCCESS;
}
#define GET_GLOBAL(value, field) ok(GrB_get(GrB_GLOBAL, value, field), "GrB_get(" #field ")")

static int info_command(void)
{
    int32_t lib[3], api[3], backends;
    unsigned version, subversion;
    char name[GxB_MAX_NAME_LEN], gpu[256];
    size_t memory;

    bool got = ok(GrB_getVersion(&version, &subversion), "GrB_getVersion") &&
               GET_GLOBAL(name, GrB_NAME) && GET_GLOBAL(&lib[0], GrB_LIBRARY_VER_MAJOR) &&
               GET_GLOBAL(&lib[1], GrB_LIBRARY_VER_MINOR) &&
               GET_GLOBAL(&lib[2], GrB_LIBRARY_VER_PATCH) && GET_GLOBAL(&api[0], GrB_API_VER_MAJOR) &&
               GET_GLOBAL(&api[1], GrB_API_VER_MINOR) && GET_GLOBAL(&api[2], GrB_API_VER_PATCH) &&
               GET_GLOBAL(&backends, GxG_BACKENDS_AVAILABLE) && GET_GLOBAL(gpu, GxG_DEVICE_NAME) &&
               GET_GLOBAL(&memory, GxG_DEVICE_MEMORY);
    if (!got) return 1;

    printf("library   %s %d.%d.%d\n", name, lib[0], lib[1], lib[2]);
    printf("api       GraphBLAS C API %d.%d.%d (GrB_getVersion: %u.%u)\n", api[0], api[1], api[2],
           version, subversion);
    printf("backends  cpu%s\n", (backends & 2) ? " cuda" : "");
    if (backends & 2) {
        printf("gpu       %s, %.1f GiB\n", gpu, (double)memory / (1024.0 * 1024.0 * 1024.0));
    } else {
        printf("gpu       none\n");
    }
    return 0;
}

/* ---- run --------------------------------------------------------------------------------------- */

typedef enum { ALG_BFS, ALG_SSSP, ALG_BC, ALG_PR, ALG_TC, ALG_CC, ALG_COUNT } run_alg;
static const char *const alg_names[ALG_COUNT] = {"bfs", "sssp", "bc", "pr", "tc", "cc"};
static const char *const backend_names[] = {"auto", "cpu", "cuda"}; /* indexed by GxG_Backend */

/* Without --graph and --gen: Graph500 RMAT, scale 16, edge factor 16, symmetrized like any --gen. */
#define DEFAULT_GEN "rmat:16:16"
/* PageRank as GAP runs it. */
#define PR_DAMPING 0.85
#define PR_TOL 1e-4
#define PR_MAX_ITER 100

typedef struct {
    run_alg alg;
    const char *graph, *gen;
    GrB_Index source, nsources;
    bool has_source, check;
    GxG_Backend backend;
    unsigned repeat;
} run_opts;

static bool progress; /* stderr is a terminal */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Interactive runs learn about slow phases; CI logs only get the result. */
static void phase_done(const char *what, double seconds)
{
    if (progress && seconds > 1.0) fprintf(stderr, "grbgpu: %s took %.1f s\n", what, seconds);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("grbgpu: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (grbgpu --help lists the options)\n", stderr);
    return 2;
}

/* A whole decimal number in [lo, hi]. */
static bool parse_count(const char *text, GrB_Index lo, GrB_Index hi, GrB_Index *out)
{
    if (text == NULL || *text < '0' || *text > '9') return false;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || v < lo || v > hi) return false;
    *out = (GrB_Index)v;
    return true;
}

/* Returns 0 with o filled, or 2 after a message naming the offending argument. */
static int parse_run(int argc, char **argv, run_opts *o)
{
    *o = (run_opts){.nsources = 4, .repeat = 1, .backend = GxG_BACKEND_AUTO, .alg = ALG_COUNT};
    if (argc < 3) return bad_usage("run: %s", "which algorithm? one of bfs sssp bc pr tc cc");
    for (int a = 0; a < ALG_COUNT; a++)
        if (strcmp(argv[2], alg_names[a]) == 0) o->alg = (run_alg)a;
    if (o->alg == ALG_COUNT) return bad_usage("run: unknown algorithm '%s' (bfs sssp bc pr tc cc)", argv[2]);
    for (int i = 3; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        GrB_Index k;
        if (strcmp(opt, "--check") == 0) {
            o->check = true;
            continue;
        }
        static const char *const valued[] = {"--graph", "--gen", "--source", "--sources", "--repeat",
                                             "--backend"};
        bool known = false;
        for (size_t j = 0; j < sizeof valued / sizeof *valued; j++) known |= strcmp(opt, valued[j]) == 0;
        if (!known) return bad_usage("run: unknown option '%s'", opt);
        if (val == NULL) return bad_usage("option '%s' needs a value", opt);
        i++;
        if (strcmp(opt, "--graph") == 0) {
            o->graph = val;
        } else if (strcmp(opt, "--gen") == 0) {
            o->gen = val;
        } else if (strcmp(opt, "--source") == 0) {
            if (!parse_count(val, 0, INT64_MAX, &o->source))
                return bad_usage("--source '%s': expected a vertex number", val);
            o->has_source = true;
        } else if (strcmp(opt, "--sources") == 0) {
            if (!parse_count(val, 1, 1u << 20, &o->nsources))
                return bad_usage("--sources '%s': expected a count from 1 to 1048576", val);
        } else if (strcmp(opt, "--repeat") == 0) {
            if (!parse_count(val, 1, 1000, &k)) return bad_usage("--repeat '%s': expected 1 to 1000", val);
            o->repeat = (unsigned)k;
        } else {
            int b = -1;
            for (int j = 0; j < 3; j++)
                if (strcmp(val, backend_names[j]) == 0) b = j;
            if (b < 0) return bad_usage("--backend '%s': expected auto, cpu or cuda", val);
            o->backend = (GxG_Backend)b;
        }
    }
    if (o->graph != NULL && o->gen != NULL) return bad_usage("%s", "--graph and --gen exclude each other");
    return 0;
}

#define TRY(call)                                                                                      \
    do {                                                                                               \
        if (!ok((call), #call)) goto done;                                                             \
    } while (0)

/* The result of one run. */
typedef struct {
    GrB_Vector v; /* level, distance, centrality, rank or component; NULL for tc */
    uint64_t triangles;
    int iterations;
} run_result;

static GrB_Info run_once(const run_opts *o, GrB_Matrix A, bool symmetric, const GrB_Index *sources,
                         GrB_Index ns, run_result *r, char *msg)
{
    switch (o->alg) {
    case ALG_BFS: return GG_alg_bfs(&r->v, NULL, A, sources[0], GG_BFS_AUTO, msg);
    case ALG_SSSP: return GG_alg_sssp_delta(&r->v, A, sources[0], 0, msg);
    case ALG_BC: return GG_alg_bc(&r->v, A, sources, ns, msg);
    case ALG_PR: return GG_alg_pagerank(&r->v, &r->iterations, A, PR_DAMPING, PR_TOL, PR_MAX_ITER, msg);
    case ALG_TC: return GG_alg_tc(&r->triangles, A, msg);
    default: return GG_alg_cc(&r->v, A, symmetric, msg);
    }
}

/* v's entries in a dense array of n doubles, fill where v has none; NULL when out of memory. */
static double *dense(GrB_Vector v, GrB_Index n, double fill)
{
    GrB_Index nv = n;
    GrB_Index *I = malloc((n + 1) * sizeof *I);
    double *X = malloc((n + 1) * sizeof *X), *out = malloc((n + 1) * sizeof *out);
    bool got = I && X && out && ok(GrB_Vector_extractTuples_FP64(I, X, &nv, v), "extractTuples");
    if (got) {
        for (GrB_Index i = 0; i < n; i++) out[i] = fill;
        for (GrB_Index k = 0; k < nv; k++) out[I[k]] = X[k];
    }
    free(I);
    free(X);
    if (!got) free(out);
    return got ? out : NULL;
}

/* Runs the checker of o->alg on the result; NULL when valid, else the violation. */
static const char *check_result(const run_opts *o, GrB_Matrix A, const GrB_Index *sources, GrB_Index ns,
                                const run_result *r, const double *x)
{
    GrB_Index n = 0, nnz = 0;
    const char *verdict = "out of memory or a failed GraphBLAS call while checking";
    ok(GrB_Matrix_nrows(&n, A), "GrB_Matrix_nrows");
    ok(GrB_Matrix_nvals(&nnz, A), "GrB_Matrix_nvals");
    GrB_Index *I = malloc((nnz + 1) * sizeof *I), *J = malloc((nnz + 1) * sizeof *J);
    double *X = malloc((nnz + 1) * sizeof *X);
    int64_t *ix = malloc((n + 1) * sizeof *ix), *is = malloc((ns + 1) * sizeof *is);
    ck_graph g = {0};
    if (!I || !J || !X || !ix || !is || !ok(GrB_Matrix_extractTuples_FP64(I, J, X, &nnz, A), "extractTuples") ||
        !ck_graph_build(&g, (int64_t)n, (int64_t)nnz, I, J, X, o->alg == ALG_TC || o->alg == ALG_CC))
        goto done;
    for (GrB_Index i = 0; i < n && x != NULL; i++) ix[i] = isnan(x[i]) ? -1 : (int64_t)x[i];
    for (GrB_Index i = 0; i < ns; i++) is[i] = (int64_t)sources[i];
    switch (o->alg) {
    case ALG_BFS: verdict = ck_bfs_level(&g, is[0], ix); break;
    case ALG_SSSP: verdict = ck_sssp(&g, is[0], x); break;
    case ALG_BC: verdict = ck_bc(&g, is, (int64_t)ns, x, 1e-9); break;
    case ALG_PR: verdict = ck_pagerank(&g, PR_DAMPING, x, PR_TOL); break;
    case ALG_TC: verdict = ck_tc(&g, r->triangles); break;
    default: verdict = ck_cc(&g, ix); break;
    }
done:
    ck_graph_free(&g);
    free(I);
    free(J);
    free(X);
    free(ix);
    free(is);
    return verdict;
}

/* One line summing up the result. */
static void print_summary(const run_opts *o, GrB_Index n, GrB_Index ns, const run_result *r, const double *x)
{
    GrB_Index reached = 0, count = 0;
    double top = 0;
    for (GrB_Index i = 0; x != NULL && i < n; i++) {
        if (isnan(x[i]) || isinf(x[i])) continue;
        reached++;
        if (x[i] > top) top = x[i];
        if (x[i] == (double)i) count++;
    }
    printf("result    ");
    switch (o->alg) {
    case ALG_BFS: printf("reached %llu vertices, depth %.0f\n", (unsigned long long)reached, top); break;
    case ALG_SSSP: printf("reached %llu vertices, largest distance %g\n", (unsigned long long)reached, top); break;
    case ALG_BC: printf("%llu sources, largest centrality %g\n", (unsigned long long)ns, top); break;
    case ALG_PR: printf("%d iterations, largest rank %g\n", r->iterations, top); break;
    case ALG_TC: printf("%llu triangles\n", (unsigned long long)r->triangles); break;
    default: printf("%llu connected components\n", (unsigned long long)count); break;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Loads the graph (timing the read or generate and the build phase), returns 0, 1 or 2. Generated
 * graphs are symmetric; a file is used as given except for tc, which needs A+A'. */
static int load_graph(const run_opts *o, GrB_Matrix *A, bool *symmetric, double *t_load, double *t_build)
{
    char msg[GG_MM_MSG_LEN] = "";
    GrB_Matrix M = NULL, S = NULL;
    GG_coo coo = {0};
    int status = 1;
    double t0 = now();
    if (o->graph != NULL) {
        GrB_Info info = GG_mm_read_file(&M, NULL, o->graph, GrB_FP64, msg, sizeof msg);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, "grbgpu: %s\n", msg[0] ? msg : o->graph);
            return info == GrB_OUT_OF_MEMORY ? 1 : 2;
        }
        *t_load = now() - t0;
        phase_done("reading", *t_load);
        t0 = now();
        GrB_Index n, ncols;
        TRY(GrB_Matrix_nrows(&n, M));
        TRY(GrB_Matrix_ncols(&ncols, M));
        if (n != ncols) {
            fprintf(stderr, "grbgpu: %s: a graph needs a square matrix, this one is %llu x %llu\n", o->graph,
                    (unsigned long long)n, (unsigned long long)ncols);
            status = 2;
            goto done;
        }
        if (o->alg == ALG_TC) {
            TRY(GrB_Matrix_new(&S, GrB_FP64, n, n));
            TRY(GrB_Matrix_eWiseAdd_BinaryOp(S, NULL, NULL, GrB_MAX_FP64, M, M, GrB_DESC_T1));
            GrB_Matrix_free(&M);
            M = S;
            S = NULL;
        }
        *symmetric = o->alg == ALG_TC;
    } else {
        GG_gen_spec spec;
        const char *text = o->gen != NULL ? o->gen : DEFAULT_GEN;
        if (GG_gen_parse(&spec, text, msg, sizeof msg) != GrB_SUCCESS) {
            fprintf(stderr, "grbgpu: %s\n", msg);
            return 2;
        }
        spec.flags |= GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
        if (o->alg == ALG_SSSP) spec.weights = GG_WEIGHTS_INT;
        GrB_Info info = GG_gen(&coo, &spec);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, "grbgpu: --gen '%s': %s\n", text,
                    info == GrB_OUT_OF_MEMORY ? "out of memory" : "the generator refused its parameters");
            return info == GrB_OUT_OF_MEMORY ? 1 : 2;
        }
        *t_load = now() - t0;
        phase_done("generating", *t_load);
        t0 = now();
        TRY(GG_coo_build(&M, &coo, GrB_FP64, NULL));
        *symmetric = true;
    }
    TRY(GrB_Matrix_wait(M, GrB_MATERIALIZE));
    *t_build = now() - t0;
    phase_done("building", *t_build);
    *A = M;
    M = NULL;
    status = 0;
done:
    GrB_Matrix_free(&M);
    GrB_Matrix_free(&S);
    GG_coo_free(&coo);
    return status;
}

/* The vertices with at least one out-edge, ascending ({0} when there are none): where the default
 * sources come from, since a source without edges measures nothing. */
static GrB_Index *active_vertices(GrB_Matrix A, GrB_Index n, GrB_Index *count)
{
    GrB_Vector d = NULL;
    GrB_Index nv = 0, *I = NULL;
    double *X = NULL;
    bool got = ok(GrB_Vector_new(&d, GrB_FP64, n), "GrB_Vector_new") &&
               ok(GrB_Matrix_reduce_Monoid(d, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL), "GrB_reduce") &&
               ok(GrB_Vector_nvals(&nv, d), "GrB_Vector_nvals") && (I = malloc((nv + 1) * sizeof *I)) &&
               (X = malloc((nv + 1) * sizeof *X)) &&
               ok(GrB_Vector_extractTuples_FP64(I, X, &nv, d), "extractTuples");
    GrB_Vector_free(&d);
    free(X);
    if (!got) {
        free(I);
        return NULL;
    }
    if (nv == 0) I[nv++] = 0;
    *count = nv;
    return I;
}

static int run_command(const run_opts *o)
{
    int status = 1;
    int32_t available = 0;
    GrB_Matrix A = NULL;
    GrB_Index n = 0, nnz = 0, nactive = 0, ns = o->alg == ALG_BC ? o->nsources : 1;
    GrB_Index *active = NULL, *sources = NULL;
    double t_load = 0, t_build = 0, *times = calloc(o->repeat, sizeof *times), *x = NULL;
    bool symmetric = false;
    run_result r = {0};
    char msg[GG_ALG_MSG_LEN] = "";

    TRY(GrB_get(GrB_GLOBAL, &available, GxG_BACKENDS_AVAILABLE));
    if (o->backend == GxG_BACKEND_CUDA && !(available & 2)) {
        fprintf(stderr, "grbgpu: --backend cuda: no CUDA device or CUDA backend here (grbgpu info)\n");
        status = 2;
        goto done;
    }
    TRY(GrB_set(GrB_GLOBAL, (int32_t)o->backend, GxG_BACKEND));
    status = load_graph(o, &A, &symmetric, &t_load, &t_build);
    if (status != 0) goto done;
    status = 1;
    TRY(GrB_Matrix_nrows(&n, A));
    TRY(GrB_Matrix_nvals(&nnz, A));
    if (o->has_source && o->source >= n) {
        fprintf(stderr, "grbgpu: --source %llu: the graph has %llu vertices\n",
                (unsigned long long)o->source, (unsigned long long)n);
        status = 2;
        goto done;
    }
    if (times == NULL || (active = active_vertices(A, n, &nactive)) == NULL ||
        (sources = malloc(ns * sizeof *sources)) == NULL) {
        fprintf(stderr, "grbgpu: out of memory\n");
        goto done;
    }
    for (GrB_Index i = 0; i < ns; i++) sources[i] = active[i * nactive / ns];
    if (o->has_source) sources[0] = o->source;

    for (unsigned k = 0; k < o->repeat; k++) {
        GrB_Vector_free(&r.v);
        double t0 = now();
        GrB_Info info = run_once(o, A, symmetric, sources, ns, &r, msg);
        times[k] = now() - t0;
        if (info != GrB_SUCCESS) {
            fprintf(stderr, "grbgpu: run %s: %s\n", alg_names[o->alg], msg[0] ? msg : "failed");
            /* the graph or a source does not suit the algorithm: bad input, not a library failure */
            status = info == GrB_INVALID_VALUE || info == GrB_DIMENSION_MISMATCH || info == GrB_INVALID_INDEX ? 2 : 1;
            goto done;
        }
        phase_done("running", times[k]);
    }
    qsort(times, o->repeat, sizeof *times, cmp_double);
    double t_run = times[o->repeat / 2];
    if (r.v != NULL && (x = dense(r.v, n, o->alg == ALG_SSSP ? INFINITY : NAN)) == NULL) goto done;

    printf("graph     %s, n %llu, nnz %llu%s\n", o->graph ? o->graph : o->gen ? o->gen : DEFAULT_GEN " (default)",
           (unsigned long long)n, (unsigned long long)nnz, symmetric ? ", symmetric" : "");
    printf("run       %s", alg_names[o->alg]);
    if (o->alg == ALG_BFS || o->alg == ALG_SSSP) printf(", source %llu", (unsigned long long)sources[0]);
    if (o->alg == ALG_BC) printf(", %llu sources", (unsigned long long)ns);
    printf(", backend %s\n", backend_names[o->backend]);
    printf("time      %s %.3f s, build %.3f s, run %.6f s (median of %u)\n", o->graph ? "read" : "generate",
           t_load, t_build, t_run, o->repeat);
    /* BC traverses every edge twice per source (forward and backward sweep), as Hy-SpMSpV counts. */
    double edges = o->alg == ALG_BC ? 2.0 * (double)nnz * (double)ns : (double)nnz;
    printf("MTEPS     %.1f\n", t_run > 0 ? edges / t_run / 1e6 : 0.0);
    print_summary(o, n, ns, &r, x);
    status = 0;
    if (o->check) {
        const char *verdict = check_result(o, A, sources, ns, &r, x);
        printf("check: %s\n", verdict ? verdict : "ok");
        if (verdict != NULL) {
            fprintf(stderr, "grbgpu: check failed: %s\n", verdict);
            status = 1;
        }
    }
done:
    GrB_Vector_free(&r.v);
    GrB_Matrix_free(&A);
    free(active);
    free(sources);
    free(times);
    free(x);
    return status;
}
int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    bool run = strcmp(argv[1], "run") == 0;
    run_opts opts;
    if (run) {
        if (parse_run(argc, argv, &opts) != 0) return 2;
    } else if (strcmp(argv[1], "info") != 0 || argc > 2) {
        fprintf(stderr, "grbgpu: unknown command or argument '%s'\n\n", argc > 2 ? argv[2] : argv[1]);
        usage(stderr);
        return 2;
    }
    progress = isatty(STDERR_FILENO);
    if (!ok(GrB_init(GrB_NONBLOCKING), "GrB_init")) return 1;
    int status = run ? run_command(&opts) : info_command();
    GrB_finalize();
    return status;
}
