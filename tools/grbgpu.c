/* grbgpu.c: the GraphBLAS_gpu command-line tool.
 *
 * Built against the public API only (plus the API-only algorithms, Matrix Market reader and
 * generators of algorithms/ and tools/), so what it prints is exactly what any client program can
 * learn and achieve through the API. The same file builds twice: `grbgpu` against this library and,
 * when SuiteSparse is found, `grbgpu-ss` against it; what needs our GxG_ extensions (info, stats,
 * --backend, compare) is compiled only where GxG_IMPLEMENTATION_NAME is defined.
 *   run      times graph algorithms on a file or a generated graph, checks them with the
 *            independent checkers of test/algorithms, and can write a result file (--emit)
 *   compare  runs `run` of both builds on the same graph and compares times and results
 *   stats    the HiSparse storage report of a matrix (GxG_Matrix_storage_report)
 *   info     the library, the API version, the backends and the GPU */
#include <GraphBLAS.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "checkers.h"
#include "gg_gen.h"
#include "gg_mmio.h"
#include "grb_algorithms.h"

#ifdef GxG_IMPLEMENTATION_NAME
#define LIB_NAME GxG_IMPLEMENTATION_NAME
#define TOOL "grbgpu"
#else
#define LIB_NAME "SuiteSparse:GraphBLAS"
#define TOOL "grbgpu-ss"
#endif
/* compare looks for the SuiteSparse build beside its own executable under this name. */
#define SS_TOOL "grbgpu-ss"

static void usage(FILE *out)
{
    fputs("usage: " TOOL " <command>\n"
          "\n"
          "commands:\n"
#ifdef GxG_IMPLEMENTATION_NAME
          "  info      library and GraphBLAS API versions, available backends, the GPU if any\n"
#endif
          "  run ALG   time graph algorithms, ALG one of bfs sssp bc pr tc cc or a comma-separated\n"
          "            list of them (the graph is loaded once per kind it needs), options:\n"
          "              --graph FILE.mtx   a Matrix Market file (used as given; tc uses A+A')\n"
          "              --gen SPEC         a generated graph: rmat:SCALE[:EF] grid:N urand:N:M\n"
          "                                 (symmetrized, self-loops and duplicates dropped)\n"
          "                                 default: rmat:16:16, Graph500 RMAT, 65536 vertices\n"
          "              --source I         bfs/sssp source (default: lowest vertex with an edge)\n"
          "              --sources K        bc: K sources spread over the vertices with edges (4)\n"
          "              --cc V             cc variant: fastsv or propagate (label propagation);\n"
#ifdef GxG_IMPLEMENTATION_NAME
          "                                 default propagate when the run goes to a GPU (cuda, or\n"
          "                                 auto with a GPU present), else fastsv\n"
#else
          "                                 default fastsv\n"
#endif
#ifdef GxG_IMPLEMENTATION_NAME
          "              --backend B        auto, cpu or cuda (default auto)\n"
          "              --stats            host<->device transfers of the first and the last run,\n"
          "                                 and of the last run per iteration (pr, bfs)\n"
#endif
          "              --check            verify the result with independent checkers\n"
          "              --repeat K         run K times, report the median (default 1)\n"
          "              --emit FILE        also write times and the result vector to FILE\n"
#ifdef GxG_IMPLEMENTATION_NAME
          "  compare ALG  run ALG with this build and with the SuiteSparse build (" SS_TOOL "\n"
          "            beside this executable, or --ss PATH) on the same graph; prints times per\n"
          "            phase, speed-ups, MTEPS and whether the results agree. Takes run's options\n"
          "            (--backend and --cc apply to this build only) and --ss PATH.\n"
          "  compare --files OURS THEIRS  the same table from two files written by run --emit\n"
          "  stats     the HiSparse storage report of a matrix: bytes per entry against CSR and\n"
          "            COO, nodes per kind and level. Options:\n"
          "              --graph FILE.mtx   a Matrix Market file, values of the file's type\n"
          "              --gen SPEC         a generated matrix as generated (not symmetrized;\n"
          "                                 duplicates combined): the run specs and\n"
          "                                 band:N:W[:DENSITY] local:N[:DEGREE] dense:N\n"
          "              --type T           value type: bool int8..int64 uint8..uint64 fp32 fp64\n"
          "                                 (default: the file's type; fp64 for --gen)\n"
          "              --weights W        generated values: none (all 1, default), int, real\n"
#endif
          "  --help    this text\n"
          "\n"
          "exit status: 0 success, 1 a failed GraphBLAS call or check, or results that disagree,\n"
          "2 a bad command line or input, or a missing build to compare with\n",
          out);
}

/* Reports a failed call on stderr; true when it succeeded. */
static bool ok(GrB_Info info, const char *what)
{
    if (info != GrB_SUCCESS) fprintf(stderr, TOOL ": %s failed: GrB_Info %d\n", what, (int)info);
    return info == GrB_SUCCESS;
}

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
    if (progress && seconds > 1.0) fprintf(stderr, TOOL ": %s took %.1f s\n", what, seconds);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs(TOOL ": ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (" TOOL " --help lists the options)\n", stderr);
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

#define TRY(call)                                                                                      \
    do {                                                                                               \
        if (!ok((call), #call)) goto done;                                                             \
    } while (0)

#ifdef GxG_IMPLEMENTATION_NAME
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
#endif

/* ---- run --------------------------------------------------------------------------------------- */

typedef enum { ALG_BFS, ALG_SSSP, ALG_BC, ALG_PR, ALG_TC, ALG_CC, ALG_COUNT } run_alg;
static const char *const alg_names[ALG_COUNT] = {"bfs", "sssp", "bc", "pr", "tc", "cc"};
static const char *const backend_names[] = {"auto", "cpu", "cuda"}; /* indexed by GxG_Backend */
/* The CC variants (grb_algorithms.h): FastSV gathers through the host each iteration, label
 * propagation keeps its vectors on the device, so the default follows where the run goes. */
typedef enum { CC_DEFAULT, CC_FASTSV, CC_PROPAGATE } cc_variant;
static const char *const cc_names[] = {"default", "fastsv", "propagate"};
static const char *const cc_titles[] = {"", "FastSV", "label propagation"};

/* Without --graph and --gen: Graph500 RMAT, scale 16, edge factor 16, symmetrized like any --gen. */
#define DEFAULT_GEN "rmat:16:16"
/* PageRank as GAP runs it. */
#define PR_DAMPING 0.85
#define PR_TOL 1e-4
#define PR_MAX_ITER 100

typedef struct {
    run_alg algs[ALG_COUNT];
    int nalgs;
    const char *graph, *gen, *emit, *ss;
    GrB_Index source, nsources;
    bool has_source, check, stats;
    int backend; /* GxG_Backend */
    cc_variant cc;
    unsigned repeat;
} run_opts;

/* "bfs,sssp" into o->algs; false on an unknown or repeated name (named in *bad). */
static bool parse_algs(const char *text, run_opts *o, char *bad, size_t badlen)
{
    o->nalgs = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int a = 0; a < ALG_COUNT; a++)
            if (strlen(alg_names[a]) == len && strncmp(p, alg_names[a], len) == 0) found = a;
        for (int k = 0; k < o->nalgs && found >= 0; k++)
            if (o->algs[k] == (run_alg)found) found = -1;
        if (found < 0 || o->nalgs == ALG_COUNT) {
            snprintf(bad, badlen, "%.*s", (int)(len < 64 ? len : 64), p);
            return false;
        }
        o->algs[o->nalgs++] = (run_alg)found;
        if (p[len] == '\0') return true;
        p += len + 1;
    }
}

/* Options of run (compare false) or compare (true). Returns 0 with o filled, or 2 after a message
 * naming the offending argument. */
static int parse_run(int argc, char **argv, bool compare, run_opts *o)
{
    *o = (run_opts){.nsources = 4, .repeat = 1};
    char bad[80];
    if (argc < 3) return bad_usage("%s", "which algorithm? one of bfs sssp bc pr tc cc");
    if (!parse_algs(argv[2], o, bad, sizeof bad))
        return bad_usage("unknown or repeated algorithm '%s' (bfs sssp bc pr tc cc)", bad);
    for (int i = 3; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        GrB_Index k;
        if (strcmp(opt, "--check") == 0) {
            o->check = true;
            continue;
        }
#ifdef GxG_IMPLEMENTATION_NAME
        if (strcmp(opt, "--stats") == 0) {
            o->stats = true;
            continue;
        }
#endif
        bool known = strcmp(opt, "--graph") == 0 || strcmp(opt, "--gen") == 0 ||
                     strcmp(opt, "--source") == 0 || strcmp(opt, "--sources") == 0 ||
                     strcmp(opt, "--repeat") == 0 || strcmp(opt, "--cc") == 0 ||
                     (!compare && strcmp(opt, "--emit") == 0) ||
                     (compare && strcmp(opt, "--ss") == 0);
#ifdef GxG_IMPLEMENTATION_NAME
        known |= strcmp(opt, "--backend") == 0;
#endif
        if (!known) return bad_usage("unknown option '%s'", opt);
        if (val == NULL) return bad_usage("option '%s' needs a value", opt);
        i++;
        if (strcmp(opt, "--graph") == 0) {
            o->graph = val;
        } else if (strcmp(opt, "--gen") == 0) {
            o->gen = val;
        } else if (strcmp(opt, "--emit") == 0) {
            o->emit = val;
        } else if (strcmp(opt, "--ss") == 0) {
            o->ss = val;
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
        } else if (strcmp(opt, "--cc") == 0) {
            if (strcmp(val, cc_names[CC_FASTSV]) != 0 && strcmp(val, cc_names[CC_PROPAGATE]) != 0)
                return bad_usage("--cc '%s': expected fastsv or propagate", val);
            o->cc = strcmp(val, cc_names[CC_FASTSV]) == 0 ? CC_FASTSV : CC_PROPAGATE;
        } else {
            int b = -1;
            for (int j = 0; j < 3; j++)
                if (strcmp(val, backend_names[j]) == 0) b = j;
            if (b < 0) return bad_usage("--backend '%s': expected auto, cpu or cuda", val);
            o->backend = b;
        }
    }
    if (o->graph != NULL && o->gen != NULL) return bad_usage("%s", "--graph and --gen exclude each other");
    return 0;
}

/* The result of one run. */
typedef struct {
    GrB_Vector v; /* level, distance, centrality, rank or component; NULL for tc */
    uint64_t triangles;
    int iterations;
} run_result;

static GrB_Info run_once(const run_opts *o, run_alg alg, GrB_Matrix A, bool symmetric,
                         const GrB_Index *sources, GrB_Index ns, run_result *r, char *msg)
{
    switch (alg) {
    case ALG_BFS: return GG_alg_bfs(&r->v, NULL, A, sources[0], GG_BFS_AUTO, msg);
    case ALG_SSSP: return GG_alg_sssp_delta(&r->v, A, sources[0], 0, msg);
    case ALG_BC: return GG_alg_bc(&r->v, A, sources, ns, msg);
    case ALG_PR: return GG_alg_pagerank(&r->v, &r->iterations, A, PR_DAMPING, PR_TOL, PR_MAX_ITER, msg);
    case ALG_TC: return GG_alg_tc(&r->triangles, A, msg);
    default:
        return o->cc == CC_PROPAGATE ? GG_alg_cc_propagate(&r->v, A, symmetric, msg)
                                     : GG_alg_cc(&r->v, A, symmetric, msg);
    }
}

/* v's entries: indices and values as FP64 in *I, *X (nv of them); false when out of memory. */
static bool tuples(GrB_Vector v, GrB_Index **I, double **X, GrB_Index *nv)
{
    *I = NULL;
    *X = NULL;
    bool got = ok(GrB_Vector_nvals(nv, v), "GrB_Vector_nvals") && (*I = malloc((*nv + 1) * sizeof **I)) &&
               (*X = malloc((*nv + 1) * sizeof **X)) &&
               ok(GrB_Vector_extractTuples_FP64(*I, *X, nv, v), "extractTuples");
    if (!got) {
        free(*I);
        free(*X);
    }
    return got;
}

/* v's entries in a dense array of n doubles, fill where v has none; NULL when out of memory. */
static double *dense(GrB_Vector v, GrB_Index n, double fill)
{
    GrB_Index nv, *I;
    double *X, *out = malloc((n + 1) * sizeof *out);
    if (out == NULL || !tuples(v, &I, &X, &nv)) {
        free(out);
        return NULL;
    }
    for (GrB_Index i = 0; i < n; i++) out[i] = fill;
    for (GrB_Index k = 0; k < nv; k++) out[I[k]] = X[k];
    free(I);
    free(X);
    return out;
}

/* Runs the checker of alg on the result; NULL when valid, else the violation. */
static const char *check_result(run_alg alg, GrB_Matrix A, const GrB_Index *sources, GrB_Index ns,
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
        !ck_graph_build(&g, (int64_t)n, (int64_t)nnz, I, J, X, alg == ALG_TC || alg == ALG_CC))
        goto done;
    for (GrB_Index i = 0; i < n && x != NULL; i++) ix[i] = isnan(x[i]) ? -1 : (int64_t)x[i];
    for (GrB_Index i = 0; i < ns; i++) is[i] = (int64_t)sources[i];
    switch (alg) {
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
/* Prints the result line; returns the largest finite value (a BFS's depth). */
static double print_summary(run_alg alg, GrB_Index n, GrB_Index ns, const run_result *r, const double *x)
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
    switch (alg) {
    case ALG_BFS: printf("reached %llu vertices, depth %.0f\n", (unsigned long long)reached, top); break;
    case ALG_SSSP: printf("reached %llu vertices, largest distance %g\n", (unsigned long long)reached, top); break;
    case ALG_BC: printf("%llu sources, largest centrality %g\n", (unsigned long long)ns, top); break;
    case ALG_PR: printf("%d iterations, largest rank %g\n", r->iterations, top); break;
    case ALG_TC: printf("%llu triangles\n", (unsigned long long)r->triangles); break;
    default: printf("%llu connected components\n", (unsigned long long)count); break;
    }
    return top;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The form of the graph an algorithm needs: generated graphs get integer weights for sssp (1s
 * otherwise); a file is used as given except for tc, which needs A+A'. */
static int graph_variant(const run_opts *o, run_alg alg)
{
    return o->graph != NULL ? alg == ALG_TC : alg == ALG_SSSP;
}

/* Loads the graph in the form alg needs (timing the read or generate and the build phase);
 * returns 0, 1 or 2. */
static int load_graph(const run_opts *o, run_alg alg, GrB_Matrix *A, bool *symmetric, double *t_load,
                      double *t_build)
{
    char msg[GG_MM_MSG_LEN] = "";
    GrB_Matrix M = NULL, S = NULL;
    GG_coo coo = {0};
    int status = 1;
    double t0 = now();
    if (o->graph != NULL) {
        GrB_Info info = GG_mm_read_file(&M, NULL, o->graph, GrB_FP64, msg, sizeof msg);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": %s\n", msg[0] ? msg : o->graph);
            return info == GrB_OUT_OF_MEMORY ? 1 : 2;
        }
        *t_load = now() - t0;
        phase_done("reading", *t_load);
        t0 = now();
        GrB_Index n, ncols;
        TRY(GrB_Matrix_nrows(&n, M));
        TRY(GrB_Matrix_ncols(&ncols, M));
        if (n != ncols) {
            fprintf(stderr, TOOL ": %s: a graph needs a square matrix, this one is %llu x %llu\n", o->graph,
                    (unsigned long long)n, (unsigned long long)ncols);
            status = 2;
            goto done;
        }
        if (alg == ALG_TC) {
            TRY(GrB_Matrix_new(&S, GrB_FP64, n, n));
            TRY(GrB_Matrix_eWiseAdd_BinaryOp(S, NULL, NULL, GrB_MAX_FP64, M, M, GrB_DESC_T1));
            GrB_Matrix_free(&M);
            M = S;
            S = NULL;
        }
        *symmetric = alg == ALG_TC;
    } else {
        GG_gen_spec spec;
        const char *text = o->gen != NULL ? o->gen : DEFAULT_GEN;
        if (GG_gen_parse(&spec, text, msg, sizeof msg) != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": %s\n", msg);
            return 2;
        }
        spec.flags |= GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
        if (alg == ALG_SSSP) spec.weights = GG_WEIGHTS_INT;
        GrB_Info info = GG_gen(&coo, &spec);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": --gen '%s': %s\n", text,
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
               tuples(d, &I, &X, &nv);
    GrB_Vector_free(&d);
    free(X);
    if (!got) return NULL;
    if (nv == 0) I[nv++] = 0;
    *count = nv;
    return I;
}

/* The loaded graph and what was measured while loading it. */
typedef struct {
    GrB_Matrix A;
    int variant;
    bool symmetric;
    double t_load, t_build;
    GrB_Index n, nnz;
} run_graph;

/* One record of an --emit file: a header of "key value" lines, the result's entries ("index
 * value", %.17g, so doubles read back exactly) and "end". compare reads it back (read_record). */
static bool emit_record(FILE *f, const run_opts *o, run_alg alg, const run_graph *g, GrB_Index ns,
                        const GrB_Index *sources, double t_run, const run_result *r, const char *check)
{
    fprintf(f, "record %s\nlibrary %s\nbackend %s\ngraph %s\nsize %llu %llu\n", alg_names[alg], LIB_NAME,
            backend_names[o->backend], o->graph ? o->graph : o->gen ? o->gen : DEFAULT_GEN,
            (unsigned long long)g->n, (unsigned long long)g->nnz);
    fprintf(f, "sources %llu %llu\n", (unsigned long long)ns, (unsigned long long)sources[0]);
    fprintf(f, "load %s %.9g\nbuild %.9g\nrun %.9g %u\n", o->graph ? "read" : "generate", g->t_load,
            g->t_build, t_run, o->repeat);
    fprintf(f, "check %s\nscalar %llu\n", check, (unsigned long long)(alg == ALG_TC ? r->triangles : (uint64_t)r->iterations));
    GrB_Index nv = 0, *I = NULL;
    double *X = NULL;
    if (r->v != NULL && !tuples(r->v, &I, &X, &nv)) return false;
    fprintf(f, "values %llu\n", (unsigned long long)nv);
    for (GrB_Index k = 0; k < nv; k++) fprintf(f, "%llu %.17g\n", (unsigned long long)I[k], X[k]);
    fputs("end\n", f);
    free(I);
    free(X);
    /* whole records reach the file as they finish: a driver that stops a slow run keeps the rest */
    return fflush(f) == 0;
}

#ifdef GxG_IMPLEMENTATION_NAME
/* The library's transfer counters: copies and bytes host to device, then device to host. */
static void transfers(uint64_t t[4])
{
    const int f[4] = {GxG_H2D_COPIES, GxG_H2D_BYTES, GxG_D2H_COPIES, GxG_D2H_BYTES};
    for (int k = 0; k < 4; k++) {
        size_t v = 0;
        GrB_get(GrB_GLOBAL, &v, f[k]);
        t[k] = v;
    }
}

/* One line of --stats: the transfers between two snapshots, divided by `per` (1: totals). */
static void print_transfers(const char *what, const uint64_t a[4], const uint64_t b[4], double per)
{
    printf("%-9s h2d %.1f copies %.0f bytes, d2h %.1f copies %.0f bytes\n", what,
           (double)(b[0] - a[0]) / per, (double)(b[1] - a[1]) / per, (double)(b[2] - a[2]) / per,
           (double)(b[3] - a[3]) / per);
}
#endif

/* Runs alg on g (o->repeat times), prints its block and appends its record to emit (may be NULL). */
static int run_alg_on(const run_opts *o, run_alg alg, const run_graph *g, const GrB_Index *active,
                      GrB_Index nactive, FILE *emit)
{
    int status = 1;
    GrB_Index ns = alg == ALG_BC ? o->nsources : 1, *sources = malloc(ns * sizeof *sources);
    double *times = calloc(o->repeat, sizeof *times), *x = NULL;
    run_result r = {0};
    char msg[GG_ALG_MSG_LEN] = "";
    if (sources == NULL || times == NULL) {
        fprintf(stderr, TOOL ": out of memory\n");
        goto done;
    }
    for (GrB_Index i = 0; i < ns; i++) sources[i] = active[i * nactive / ns];
    if (o->has_source) sources[0] = o->source;

#ifdef GxG_IMPLEMENTATION_NAME
    uint64_t first[2][4], last[2][4];
#endif
    for (unsigned k = 0; k < o->repeat; k++) {
        GrB_Vector_free(&r.v);
#ifdef GxG_IMPLEMENTATION_NAME
        transfers(last[0]);
        if (k == 0) memcpy(first[0], last[0], sizeof last[0]);
#endif
        double t0 = now();
        GrB_Info info = run_once(o, alg, g->A, g->symmetric, sources, ns, &r, msg);
        times[k] = now() - t0;
#ifdef GxG_IMPLEMENTATION_NAME
        transfers(last[1]);
        if (k == 0) memcpy(first[1], last[1], sizeof last[1]);
#endif
        if (info != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": run %s: %s\n", alg_names[alg], msg[0] ? msg : "failed");
            /* the graph or a source does not suit the algorithm: bad input, not a library failure */
            status = info == GrB_INVALID_VALUE || info == GrB_DIMENSION_MISMATCH || info == GrB_INVALID_INDEX ? 2 : 1;
            goto done;
        }
        phase_done("running", times[k]);
    }
    qsort(times, o->repeat, sizeof *times, cmp_double);
    double t_run = times[o->repeat / 2];
    if (r.v != NULL && (x = dense(r.v, g->n, alg == ALG_SSSP ? INFINITY : NAN)) == NULL) goto done;

    printf("graph     %s, n %llu, nnz %llu%s\n", o->graph ? o->graph : o->gen ? o->gen : DEFAULT_GEN " (default)",
           (unsigned long long)g->n, (unsigned long long)g->nnz, g->symmetric ? ", symmetric" : "");
    printf("run       %s", alg_names[alg]);
    if (alg == ALG_BFS || alg == ALG_SSSP) printf(", source %llu", (unsigned long long)sources[0]);
    if (alg == ALG_BC) printf(", %llu sources", (unsigned long long)ns);
    if (alg == ALG_CC) printf(" (%s)", cc_titles[o->cc]);
#ifdef GxG_IMPLEMENTATION_NAME
    printf(", backend %s\n", backend_names[o->backend]);
#else
    printf(", %s\n", LIB_NAME);
#endif
    printf("time      %s %.3f s, build %.3f s, run %.6f s (median of %u)\n", o->graph ? "read" : "generate",
           g->t_load, g->t_build, t_run, o->repeat);
    /* BC traverses every edge twice per source (forward and backward sweep), as Hy-SpMSpV counts. */
    double edges = alg == ALG_BC ? 2.0 * (double)g->nnz * (double)ns : (double)g->nnz;
    printf("MTEPS     %.1f\n", t_run > 0 ? edges / t_run / 1e6 : 0.0);
    double depth = print_summary(alg, g->n, ns, &r, x);
#ifdef GxG_IMPLEMENTATION_NAME
    if (o->stats) {
        print_transfers("transfers", first[0], first[1], 1);
        print_transfers("last run", last[0], last[1], 1);
        /* the iterations the algorithm reports: PageRank's, or BFS's levels (depth + 1) */
        double iters = alg == ALG_PR ? r.iterations : alg == ALG_BFS ? depth + 1 : 0;
        if (iters > 0) print_transfers("per iter", last[0], last[1], iters);
    }
#else
    (void)depth;
#endif
    status = 0;
    const char *verdict = NULL;
    if (o->check) {
        verdict = check_result(alg, g->A, sources, ns, &r, x);
        printf("check: %s\n", verdict ? verdict : "ok");
        if (verdict != NULL) {
            fprintf(stderr, TOOL ": check failed: %s\n", verdict);
            status = 1;
        }
    }
    if (emit != NULL &&
        !emit_record(emit, o, alg, g, ns, sources, t_run, &r, o->check ? (verdict ? verdict : "ok") : "skipped"))
        status = 1;
done:
    GrB_Vector_free(&r.v);
    free(sources);
    free(times);
    free(x);
    return status;
}

/* o->cc is resolved here, once the backend is known. */
static int run_command(run_opts *o)
{
    int status = 1;
    run_graph g = {.variant = -1};
    GrB_Index *active = NULL, nactive = 0;
    FILE *emit = NULL;

#ifdef GxG_IMPLEMENTATION_NAME
    int32_t available = 0;
    TRY(GrB_get(GrB_GLOBAL, &available, GxG_BACKENDS_AVAILABLE));
    if (o->backend == GxG_BACKEND_CUDA && !(available & 2)) {
        fprintf(stderr, TOOL ": --backend cuda: no CUDA device or CUDA backend here (grbgpu info)\n");
        return 2;
    }
    TRY(GrB_set(GrB_GLOBAL, (int32_t)o->backend, GxG_BACKEND));
    bool gpu = o->backend == GxG_BACKEND_CUDA || (o->backend == GxG_BACKEND_AUTO && (available & 2));
    if (o->cc == CC_DEFAULT) o->cc = gpu ? CC_PROPAGATE : CC_FASTSV;
#else
    if (o->cc == CC_DEFAULT) o->cc = CC_FASTSV;
#endif
    if (o->emit != NULL && (emit = fopen(o->emit, "w")) == NULL) {
        fprintf(stderr, TOOL ": --emit %s: %s\n", o->emit, strerror(errno));
        return 2;
    }
    for (int k = 0; k < o->nalgs; k++) {
        run_alg alg = o->algs[k];
        if (graph_variant(o, alg) != g.variant) {
            GrB_Matrix_free(&g.A);
            free(active);
            active = NULL;
            g.variant = graph_variant(o, alg);
            status = load_graph(o, alg, &g.A, &g.symmetric, &g.t_load, &g.t_build);
            if (status != 0) goto done;
            status = 1;
            TRY(GrB_Matrix_nrows(&g.n, g.A));
            TRY(GrB_Matrix_nvals(&g.nnz, g.A));
            if (o->has_source && o->source >= g.n) {
                fprintf(stderr, TOOL ": --source %llu: the graph has %llu vertices\n",
                        (unsigned long long)o->source, (unsigned long long)g.n);
                status = 2;
                goto done;
            }
            if ((active = active_vertices(g.A, g.n, &nactive)) == NULL) {
                fprintf(stderr, TOOL ": out of memory\n");
                goto done;
            }
        }
        if (k > 0) putchar('\n');
        status = run_alg_on(o, alg, &g, active, nactive, emit);
        if (status != 0) goto done;
    }
done:
    if (emit != NULL && fclose(emit) != 0 && status == 0) {
        fprintf(stderr, TOOL ": --emit %s: %s\n", o->emit, strerror(errno));
        status = 1;
    }
    GrB_Matrix_free(&g.A);
    free(active);
    return status;
}

#ifdef GxG_IMPLEMENTATION_NAME
/* ---- compare ----------------------------------------------------------------------------------- */

typedef struct {
    GrB_Index i;
    double x;
} entry;

/* One record of an --emit file. */
typedef struct {
    char alg[16], library[64], backend[16], graph[PATH_MAX], load[16], check[256];
    unsigned long long n, nnz, ns, source, scalar, nv;
    double t_load, t_build, t_run;
    unsigned repeat;
    entry *e;
} record;

static int cmp_entry(const void *a, const void *b)
{
    GrB_Index x = ((const entry *)a)->i, y = ((const entry *)b)->i;
    return (x > y) - (x < y);
}

/* The text after "key " on a line of f, newline removed; NULL at EOF or on another key. */
static const char *field(FILE *f, const char *key, char *line, size_t len)
{
    if (fgets(line, (int)len, f) == NULL) return NULL;
    line[strcspn(line, "\n")] = '\0';
    size_t k = strlen(key);
    return strncmp(line, key, k) == 0 && line[k] == ' ' ? line + k + 1 : NULL;
}

/* Reads the next record; 1 done, 0 at the end of the file, -1 on a malformed file or no memory. */
static int read_record(FILE *f, record *r)
{
    char line[PATH_MAX + 64];
    const char *v;
    memset(r, 0, sizeof *r);
    if ((v = field(f, "record", line, sizeof line)) == NULL) return feof(f) ? 0 : -1;
    snprintf(r->alg, sizeof r->alg, "%s", v);
    if ((v = field(f, "library", line, sizeof line)) == NULL) return -1;
    snprintf(r->library, sizeof r->library, "%s", v);
    if ((v = field(f, "backend", line, sizeof line)) == NULL) return -1;
    snprintf(r->backend, sizeof r->backend, "%s", v);
    if ((v = field(f, "graph", line, sizeof line)) == NULL) return -1;
    snprintf(r->graph, sizeof r->graph, "%s", v);
    if ((v = field(f, "size", line, sizeof line)) == NULL || sscanf(v, "%llu %llu", &r->n, &r->nnz) != 2 ||
        (v = field(f, "sources", line, sizeof line)) == NULL || sscanf(v, "%llu %llu", &r->ns, &r->source) != 2 ||
        (v = field(f, "load", line, sizeof line)) == NULL || sscanf(v, "%15s %lf", r->load, &r->t_load) != 2 ||
        (v = field(f, "build", line, sizeof line)) == NULL || sscanf(v, "%lf", &r->t_build) != 1 ||
        (v = field(f, "run", line, sizeof line)) == NULL || sscanf(v, "%lf %u", &r->t_run, &r->repeat) != 2)
        return -1;
    if ((v = field(f, "check", line, sizeof line)) == NULL) return -1;
    snprintf(r->check, sizeof r->check, "%s", v);
    if ((v = field(f, "scalar", line, sizeof line)) == NULL || sscanf(v, "%llu", &r->scalar) != 1 ||
        (v = field(f, "values", line, sizeof line)) == NULL || sscanf(v, "%llu", &r->nv) != 1 || r->nv > r->n)
        return -1;
    if ((r->e = malloc((r->nv + 1) * sizeof *r->e)) == NULL) return -1;
    for (unsigned long long k = 0; k < r->nv; k++) {
        unsigned long long i;
        if (fgets(line, sizeof line, f) == NULL || sscanf(line, "%llu %lf", &i, &r->e[k].x) != 2 || i >= r->n)
            return -1;
        r->e[k].i = i;
    }
    qsort(r->e, r->nv, sizeof *r->e, cmp_entry);
    return fgets(line, sizeof line, f) != NULL && strcmp(line, "end\n") == 0 ? 1 : -1;
}

/* A result entry keyed by its value, for grouping labels. */
typedef struct {
    double label;
    unsigned long long pos;
} labeled;

static int cmp_labeled(const void *a, const void *b)
{
    const labeled *x = a, *y = b;
    if (x->label != y->label) return (x->label > y->label) - (x->label < y->label);
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* canon[k] = the smallest vertex whose label equals entry k's: two labelings describe the same
 * partition exactly when these agree. */
static bool canonical_classes(const record *r, GrB_Index *canon)
{
    labeled *s = malloc((r->nv + 1) * sizeof *s);
    if (s == NULL) return false;
    for (unsigned long long k = 0; k < r->nv; k++) s[k] = (labeled){.label = r->e[k].x, .pos = k};
    qsort(s, r->nv, sizeof *s, cmp_labeled);
    for (unsigned long long k = 0, first = 0; k < r->nv; k++) {
        if (k == 0 || s[k].label != s[k - 1].label) first = r->e[s[k].pos].i;
        canon[s[k].pos] = first;
    }
    free(s);
    return true;
}

/* Relative tolerance of each algorithm's values; 0 is exact. SSSP sums integer weights exactly;
 * real weights may be summed along different shortest paths. */
static double tolerance(const char *alg, double a, double b)
{
    if (strcmp(alg, "bc") == 0 || strcmp(alg, "pr") == 0) return 1e-4;
    if (strcmp(alg, "sssp") == 0 && (a != floor(a) || b != floor(b))) return 1e-9;
    return 0;
}

/* Whether a (ours) and b (theirs) give the same answer; the verdict goes to why. */
static bool agree(const record *a, const record *b, char *why, size_t len)
{
    if (strcmp(a->alg, b->alg) != 0 || a->n != b->n || a->nnz != b->nnz || a->source != b->source ||
        a->ns != b->ns) {
        snprintf(why, len, "no: not the same run (algorithm, graph size or sources differ)");
        return false;
    }
    if (strcmp(a->alg, "tc") == 0) {
        snprintf(why, len, a->scalar == b->scalar ? "yes: %llu triangles" : "no: %llu triangles against %llu",
                 a->scalar, b->scalar);
        return a->scalar == b->scalar;
    }
    if (a->nv != b->nv) {
        snprintf(why, len, "no: %llu entries against %llu", a->nv, b->nv);
        return false;
    }
    for (unsigned long long k = 0; k < a->nv; k++)
        if (a->e[k].i != b->e[k].i) {
            snprintf(why, len, "no: vertex %llu has a value in one result only",
                     (unsigned long long)(a->e[k].i < b->e[k].i ? a->e[k].i : b->e[k].i));
            return false;
        }
    if (strcmp(a->alg, "cc") == 0) {
        GrB_Index *ca = malloc((a->nv + 1) * sizeof *ca), *cb = malloc((b->nv + 1) * sizeof *cb);
        bool same = ca && cb && canonical_classes(a, ca) && canonical_classes(b, cb);
        unsigned long long k = 0;
        while (same && k < a->nv && ca[k] == cb[k]) k++;
        if (!ca || !cb || !same) snprintf(why, len, "unknown: out of memory");
        else if (k < a->nv)
            snprintf(why, len, "no: vertex %llu is with vertex %llu in one and with %llu in the other",
                     (unsigned long long)a->e[k].i, (unsigned long long)ca[k], (unsigned long long)cb[k]);
        else snprintf(why, len, "yes: the same partition into components");
        free(ca);
        free(cb);
        return same && k == a->nv;
    }
    double worst = 0, scale = 0;
    for (unsigned long long k = 0; k < a->nv; k++) scale = fmax(scale, fmax(fabs(a->e[k].x), fabs(b->e[k].x)));
    for (unsigned long long k = 0; k < a->nv; k++) {
        double x = a->e[k].x, y = b->e[k].x, tol = tolerance(a->alg, x, y);
        /* equal infinities included; NaN against NaN is the same result (BC's path counts overflow
         * to inf on long grids in both libraries, and inf / inf is NaN in both) */
        if (x == y || (isnan(x) && isnan(y))) continue;
        double diff = fabs(x - y), rel = diff / fmax(fabs(x), fabs(y));
        /* values near 0 are judged against the largest value: rounding noise is not disagreement */
        if (tol > 0 && (rel <= tol || diff <= tol * 1e-8 * scale)) {
            worst = fmax(worst, rel);
            continue;
        }
        snprintf(why, len, "no: vertex %llu: %.17g against %.17g", (unsigned long long)a->e[k].i, x, y);
        return false;
    }
    if (worst > 0) snprintf(why, len, "yes: %llu values within relative %.0e (largest difference %.1e)", a->nv,
                            tolerance(a->alg, 0.5, 0.5), worst);
    else snprintf(why, len, "yes: %llu values identical", a->nv);
    return true;
}

/* A row of the compare table; speed-up = theirs / ours for times, ours / theirs for rates. */
static void print_row(const char *what, double ours, double theirs, bool time)
{
    double up = time ? (ours > 0 ? theirs / ours : 0) : (theirs > 0 ? ours / theirs : 0);
    printf(time ? "%-22s %22.6f %22.6f %9.2fx\n" : "%-22s %22.1f %22.1f %9.2fx\n", what, ours, theirs, up);
}

/* The table for one pair of records; true when the results agree. */
static bool compare_table(const record *a, const record *b)
{
    char why[512];
    bool same = agree(a, b, why, sizeof why);
    printf("compare   %s on %s, n %llu, nnz %llu", a->alg, a->graph, a->n, a->nnz);
    if (strcmp(a->alg, "bfs") == 0 || strcmp(a->alg, "sssp") == 0) printf(", source %llu", a->source);
    if (strcmp(a->alg, "bc") == 0) printf(", %llu sources", a->ns);
    printf("\n%-22s %22s %22s %10s\n", "", a->library, b->library, "speed-up");
    printf("%-22s %22s %22s\n", "backend", a->backend, "-");
    char label[64];
    snprintf(label, sizeof label, "%s (s)", a->load);
    print_row(label, a->t_load, b->t_load, true);
    print_row("build (s)", a->t_build, b->t_build, true);
    snprintf(label, sizeof label, "run (s, median of %u)", a->repeat);
    print_row(label, a->t_run, b->t_run, true);
    double edges = (strcmp(a->alg, "bc") == 0 ? 2.0 * (double)a->ns : 1.0) * (double)a->nnz;
    print_row("MTEPS", a->t_run > 0 ? edges / a->t_run / 1e6 : 0, b->t_run > 0 ? edges / b->t_run / 1e6 : 0, false);
    if (strcmp(a->check, "skipped") != 0 || strcmp(b->check, "skipped") != 0)
        printf("%-22s %22s %22s\n", "check", a->check, b->check);
    printf("agree     %s\n", why);
    return same;
}

/* Compares the records of two --emit files pairwise; 0 all agree, 1 not, 2 unreadable files. */
static int compare_files(const char *ours, const char *theirs)
{
    FILE *fa = fopen(ours, "r"), *fb = fopen(theirs, "r");
    int status = 0, count = 0;
    if (fa == NULL || fb == NULL) {
        fprintf(stderr, TOOL ": compare: cannot read %s: %s\n", fa == NULL ? ours : theirs, strerror(errno));
        status = 2;
    }
    while (status != 2) {
        record a, b;
        int ra = read_record(fa, &a), rb = read_record(fb, &b);
        if (ra == 1 && rb == 1) {
            if (count++ > 0) putchar('\n');
            if (!compare_table(&a, &b)) status = 1;
        } else if (ra != 0 || rb != 0 || count == 0) {
            fprintf(stderr, TOOL ": compare: %s is not a complete result file of grbgpu run --emit\n",
                    ra == -1 ? ours : rb == -1 ? theirs : ra == 0 ? ours : theirs);
            status = 2;
        }
        free(a.e);
        free(b.e);
        if (ra != 1 || rb != 1) break;
    }
    if (fa != NULL) fclose(fa);
    if (fb != NULL) fclose(fb);
    return status;
}

/* Runs argv[0] with stdout discarded (stderr shared, for errors and progress); its exit status. */
static int spawn(char **argv)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) dup2(fd, STDOUT_FILENO);
        execv(argv[0], argv);
        fprintf(stderr, TOOL ": compare: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int wstatus;
    while (waitpid(pid, &wstatus, 0) < 0)
        if (errno != EINTR) return 1;
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 1;
}

/* The child command line: run with compare's own arguments but --ss (and, for the SuiteSparse
 * build, --backend and --cc: it runs its own default, FastSV), plus --emit file. */
static char **child_argv(const char *exe, int argc, char **argv, bool suitesparse, const char *file)
{
    char **out = malloc((size_t)(argc + 4) * sizeof *out);
    if (out == NULL) return NULL;
    int k = 0;
    out[k++] = (char *)exe;
    out[k++] = "run";
    out[k++] = argv[2];
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--ss") == 0 ||
            (suitesparse && (strcmp(argv[i], "--backend") == 0 || strcmp(argv[i], "--cc") == 0))) {
            i++;
            continue;
        }
        out[k++] = argv[i];
    }
    out[k++] = "--emit";
    out[k++] = (char *)file;
    out[k] = NULL;
    return out;
}

static int compare_command(int argc, char **argv, const run_opts *o)
{
    char self[PATH_MAX], ss[PATH_MAX + 16], dir[] = "/tmp/grbgpu-compare-XXXXXX", fo[64], ft[64];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        fprintf(stderr, TOOL ": compare: cannot find this executable (/proc/self/exe)\n");
        return 1;
    }
    self[len] = '\0';
    if (o->ss != NULL) {
        snprintf(ss, sizeof ss, "%s", o->ss);
    } else {
        char *slash = strrchr(self, '/');
        snprintf(ss, sizeof ss, "%.*s/" SS_TOOL, (int)(slash - self), self);
    }
    if (access(ss, X_OK) != 0) {
        fprintf(stderr, TOOL ": compare: no SuiteSparse build of grbgpu at %s (%s); build with "
                "libgraphblas-dev installed (it is then built beside grbgpu) or pass --ss PATH\n", ss,
                strerror(errno));
        return 2;
    }
    if (mkdtemp(dir) == NULL) {
        fprintf(stderr, TOOL ": compare: cannot make a temporary directory: %s\n", strerror(errno));
        return 1;
    }
    snprintf(fo, sizeof fo, "%s/ours", dir);
    snprintf(ft, sizeof ft, "%s/theirs", dir);
    char **ao = child_argv(self, argc, argv, false, fo), **at = child_argv(ss, argc, argv, true, ft);
    int status = 1;
    if (ao != NULL && at != NULL) {
        double t0 = now();
        int so = spawn(ao);
        phase_done("the " LIB_NAME " run", now() - t0);
        t0 = now();
        int st = so == 0 ? spawn(at) : 0;
        phase_done("the SuiteSparse run", now() - t0);
        if (so != 0 || st != 0) {
            fprintf(stderr, TOOL ": compare: the %s run exited %d; nothing to compare\n",
                    so != 0 ? LIB_NAME : "SuiteSparse", so != 0 ? so : st);
            status = so != 0 ? so : st;
        } else {
            status = compare_files(fo, ft);
        }
    }
    free(ao);
    free(at);
    unlink(fo);
    unlink(ft);
    rmdir(dir);
    return status;
}

/* ---- stats ------------------------------------------------------------------------------------- */

static int stats_command(int argc, char **argv)
{
    static const char *const type_names[] = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                             "uint32", "uint64", "fp32", "fp64"};
    GrB_Type types[] = {GrB_BOOL, GrB_INT8, GrB_INT16, GrB_INT32, GrB_INT64, GrB_UINT8, GrB_UINT16,
                        GrB_UINT32, GrB_UINT64, GrB_FP32, GrB_FP64};
    static const char *const weight_names[] = {"none", "int", "real"}; /* indexed by GG_gen_weights */
    const char *graph = NULL, *gen = NULL;
    GrB_Type type = NULL;
    int weights = -1;
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "--graph") != 0 && strcmp(opt, "--gen") != 0 && strcmp(opt, "--type") != 0 &&
            strcmp(opt, "--weights") != 0)
            return bad_usage("stats: unknown option '%s'", opt);
        if (val == NULL) return bad_usage("option '%s' needs a value", opt);
        i++;
        if (strcmp(opt, "--graph") == 0) {
            graph = val;
        } else if (strcmp(opt, "--gen") == 0) {
            gen = val;
        } else if (strcmp(opt, "--type") == 0) {
            for (size_t t = 0; t < sizeof types / sizeof *types; t++)
                if (strcmp(val, type_names[t]) == 0) type = types[t];
            if (type == NULL) return bad_usage("--type '%s': expected bool, int8..int64, uint8..uint64, fp32 or fp64", val);
        } else {
            for (int w = 0; w < 3; w++)
                if (strcmp(val, weight_names[w]) == 0) weights = w;
            if (weights < 0) return bad_usage("--weights '%s': expected none, int or real", val);
        }
    }
    if (graph != NULL && gen != NULL) return bad_usage("%s", "--graph and --gen exclude each other");
    if (graph != NULL && weights >= 0) return bad_usage("%s", "--weights applies to --gen only");

    char msg[GG_MM_MSG_LEN] = "";
    GrB_Matrix A = NULL;
    GG_coo coo = {0};
    int status = 1;
    double t0 = now();
    const char *name = graph != NULL ? graph : gen != NULL ? gen : DEFAULT_GEN;
    if (graph != NULL) {
        GrB_Info info = GG_mm_read_file(&A, NULL, graph, type, msg, sizeof msg);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": %s\n", msg[0] ? msg : graph);
            return info == GrB_OUT_OF_MEMORY ? 1 : 2;
        }
        phase_done("reading", now() - t0);
    } else {
        GG_gen_spec spec;
        if (GG_gen_parse(&spec, name, msg, sizeof msg) != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": %s\n", msg);
            return 2;
        }
        spec.weights = weights < 0 ? GG_WEIGHTS_NONE : (GG_gen_weights)weights;
        GrB_Info info = GG_gen(&coo, &spec);
        if (info != GrB_SUCCESS) {
            fprintf(stderr, TOOL ": --gen '%s': %s\n", name,
                    info == GrB_OUT_OF_MEMORY ? "out of memory" : "the generator refused its parameters");
            return info == GrB_OUT_OF_MEMORY ? 1 : 2;
        }
        phase_done("generating", now() - t0);
        t0 = now();
        TRY(GG_coo_build(&A, &coo, type != NULL ? type : GrB_FP64, NULL));
        TRY(GrB_Matrix_wait(A, GrB_MATERIALIZE));
        phase_done("building", now() - t0);
    }
    TRY(GxG_Matrix_storage_report(A, name, stdout));
    status = 0;
done:
    GrB_Matrix_free(&A);
    GG_coo_free(&coo);
    return status;
}
#endif

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    const char *cmd = argv[1];
    bool run = strcmp(cmd, "run") == 0;
    run_opts opts;
    int (*command)(void) = NULL;
#ifdef GxG_IMPLEMENTATION_NAME
    bool compare = strcmp(cmd, "compare") == 0, stats = strcmp(cmd, "stats") == 0;
    if (compare && argc >= 3 && strcmp(argv[2], "--files") == 0) {
        if (argc != 5) return bad_usage("%s", "compare --files needs two result files of run --emit");
        return compare_files(argv[3], argv[4]);
    }
    if (compare && parse_run(argc, argv, true, &opts) != 0) return 2;
    if (strcmp(cmd, "info") == 0 && argc == 2) command = info_command;
    if (compare) {
        progress = isatty(STDERR_FILENO);
        return compare_command(argc, argv, &opts);
    }
#else
    bool stats = false;
    /* Our library's drop-in alias is also named libgraphblas.so.7: found first on LD_LIBRARY_PATH (as
     * in a build directory), it would make every comparison one of this library with itself. */
    if (dlsym(RTLD_DEFAULT, "GxG_last_error") != NULL) {
        fprintf(stderr, TOOL ": the libgraphblas.so.7 loaded is GraphBLAS_gpu's drop-in alias, not "
                        "SuiteSparse; take its directory off LD_LIBRARY_PATH\n");
        return 2;
    }
#endif
    if (run && parse_run(argc, argv, false, &opts) != 0) return 2;
    if (!run && !stats && command == NULL) {
        fprintf(stderr, TOOL ": unknown command or argument '%s'\n\n", argc > 2 ? argv[2] : cmd);
        usage(stderr);
        return 2;
    }
    progress = isatty(STDERR_FILENO);
    if (!ok(GrB_init(GrB_NONBLOCKING), "GrB_init")) return 1;
    int status;
#ifdef GxG_IMPLEMENTATION_NAME
    if (stats) status = stats_command(argc, argv);
    else
#endif
        status = run ? run_command(&opts) : command();
    GrB_finalize();
    return status;
}
