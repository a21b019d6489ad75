/* test_algorithms.c: every algorithm of algorithms/ on the LAGraph test matrices and on generated
 * graphs, on every backend present, each result validated by the checkers of checkers.h
 * (Doc/algorithms.md). Public API only: built against this library and against SuiteSparse from the
 * same source. Usage: test_algorithms DATA_DIR [--dump FILE]; DATA_DIR is ../shared/data/lagraph
 * (its graphs are skipped where it is missing); --dump writes every result in a canonical text form
 * that compare.py compares between the two builds. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "checkers.h"
#include "gg_gen.h"
#include "gg_mmio.h"
#include "grb_algorithms.h"

typedef struct {
    const char *name;
    const char *file; /* in DATA_DIR, or NULL */
    const char *gen;  /* a GG_gen_parse spec, or NULL */
} tg_spec;

static const tg_spec specs[] = {
    {"karate", "karate.mtx", NULL},
    {"west0067", "west0067.mtx", NULL},
    {"ldbc-directed", "ldbc-directed-example.mtx", NULL},
    {"ldbc-undirected", "ldbc-undirected-example.mtx", NULL},
    {"A", "A.mtx", NULL},
    {"jagmesh7", "jagmesh7.mtx", NULL},
    {"bcsstk13", "bcsstk13.mtx", NULL},
    {"rmat10", NULL, "rmat:10:8"},
    {"grid32", NULL, "grid:32"},
    {"urand", NULL, "urand:1000:900"},
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* One test graph: the matrices the algorithms get and the CSR copies the checkers get. */
typedef struct {
    const tg_spec *spec;
    int64_t n;
    ck_graph g;  /* as read or generated: directed, with its values */
    ck_graph gw; /* g's structure, integer weights 0..9 symmetric in (i,j) */
    ck_graph ga; /* g with |values| as weights */
    ck_graph gs; /* g + g', the undirected graph for TC and CC */
    GrB_Matrix A, W, Wa, S;
} tg_graph;

static const char *data_dir;
static FILE *dump;

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define ALG_OK(call)                                                                                         \
    do {                                                                                                     \
        msg[0] = 'x';                                                                                        \
        GrB_Info alg_info_ = (call);                                                                         \
        if (alg_info_ != GrB_SUCCESS) fail_msg("%s: %s: %d: %s", G->spec->name, #call, alg_info_, msg);      \
        assert_string_equal(msg, "");                                                                        \
    } while (0)
#define CHECK(what, result)                                                                                  \
    do {                                                                                                     \
        const char *ck_err_ = (result);                                                                      \
        if (ck_err_ != NULL) fail_msg("%s, backend %s, %s: %s", G->spec->name, backend, what, ck_err_);      \
    } while (0)

/* ---- graphs ------------------------------------------------------------------------------------ */

static double hash_weight(int64_t i, int64_t j)
{
    uint64_t a = (uint64_t)(i < j ? i : j), b = (uint64_t)(i < j ? j : i);
    uint64_t h = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL);
    return (double)((h >> 29) % 10);
}

/* M = g as an FP64 (or BOOL) matrix. */
static void matrix_from(GrB_Matrix *M, GrB_Type type, const ck_graph *g)
{
    GrB_Index *I = malloc(((size_t)g->nnz + 1) * sizeof *I);
    assert_non_null(I);
    for (int64_t i = 0; i < g->n; i++)
        for (int64_t k = g->ptr[i]; k < g->ptr[i + 1]; k++) I[k] = (GrB_Index)i;
    OK(GrB_Matrix_new(M, type, (GrB_Index)g->n, (GrB_Index)g->n));
    OK(GrB_Matrix_build_FP64(*M, I, (const GrB_Index *)g->col, g->val, (GrB_Index)g->nnz, GrB_FIRST_FP64));
    free(I);
}

/* A copy of g's structure with new values: weight(i, j, old value). */
static void reweight(ck_graph *out, const ck_graph *g, int absolute)
{
    *out = (ck_graph){.n = g->n, .nnz = g->nnz};
    out->ptr = malloc(((size_t)g->n + 1) * sizeof *out->ptr);
    out->col = malloc(((size_t)g->nnz + 1) * sizeof *out->col);
    out->val = malloc(((size_t)g->nnz + 1) * sizeof *out->val);
    assert_true(out->ptr && out->col && out->val);
    memcpy(out->ptr, g->ptr, ((size_t)g->n + 1) * sizeof *out->ptr);
    memcpy(out->col, g->col, (size_t)g->nnz * sizeof *out->col);
    for (int64_t i = 0; i < g->n; i++)
        for (int64_t k = g->ptr[i]; k < g->ptr[i + 1]; k++)
            out->val[k] = absolute ? fabs(g->val[k]) : hash_weight(i, g->col[k]);
}

#define SANITIZER_MAX_NNZ 20000

static int graph_setup(void **state)
{
    const tg_spec *spec = *state;
    GrB_Index n = 0, nnz = 0, *I = NULL, *J = NULL;
    double *X = NULL;
    char msg[GG_MM_MSG_LEN];
    GG_coo coo = {0};
    if (spec->file != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data_dir, spec->file);
        if (access(path, R_OK) != 0) {
            *state = NULL;
            return 0;
        }
        GrB_Matrix M = NULL;
        GrB_Info info = GG_mm_read_file(&M, NULL, path, GrB_FP64, msg, sizeof msg);
        if (info != GrB_SUCCESS) fail_msg("%s: %s", path, msg);
        OK(GrB_Matrix_nrows(&n, M));
        OK(GrB_Matrix_nvals(&nnz, M));
        I = malloc((nnz + 1) * sizeof *I);
        J = malloc((nnz + 1) * sizeof *J);
        X = malloc((nnz + 1) * sizeof *X);
        assert_true(I && J && X);
        OK(GrB_Matrix_extractTuples_FP64(I, J, X, &nnz, M));
        OK(GrB_Matrix_free(&M));
    } else {
        GG_gen_spec gs;
        assert_int_equal(GG_gen_parse(&gs, spec->gen, msg, sizeof msg), GrB_SUCCESS);
        assert_int_equal(GG_gen(&coo, &gs), GrB_SUCCESS);
        n = coo.nrows;
        nnz = coo.nvals;
        I = coo.I;
        J = coo.J;
        X = coo.X;
    }
    /* under a sanitizer (GG_TEST_SANITIZER: compute-sanitizer in tools/device-check.sh) only the
     * small graphs, since every kernel runs many times slower; the others are skipped */
    tg_graph *G = NULL;
    if (getenv("GG_TEST_SANITIZER") == NULL || nnz <= SANITIZER_MAX_NNZ) {
        G = calloc(1, sizeof *G);
        assert_non_null(G);
        G->spec = spec;
        G->n = (int64_t)n;
        assert_true(ck_graph_build(&G->g, G->n, (int64_t)nnz, I, J, X, false));
        assert_true(ck_graph_build(&G->gs, G->n, (int64_t)nnz, I, J, NULL, true));
        reweight(&G->gw, &G->g, 0);
        reweight(&G->ga, &G->g, 1);
        matrix_from(&G->A, GrB_FP64, &G->g);
        matrix_from(&G->W, GrB_FP64, &G->gw);
        matrix_from(&G->Wa, GrB_FP64, &G->ga);
        matrix_from(&G->S, GrB_BOOL, &G->gs);
    }
    if (spec->file != NULL) {
        free(I);
        free(J);
        free(X);
    } else {
        GG_coo_free(&coo);
    }
    *state = G;
    return 0;
}

static int graph_teardown(void **state)
{
    tg_graph *G = *state;
    if (G == NULL) return 0;
    GrB_Matrix_free(&G->A);
    GrB_Matrix_free(&G->W);
    GrB_Matrix_free(&G->Wa);
    GrB_Matrix_free(&G->S);
    ck_graph_free(&G->g);
    ck_graph_free(&G->gw);
    ck_graph_free(&G->ga);
    ck_graph_free(&G->gs);
    free(G);
    return 0;
}

/* M still holds exactly g's tuples: the algorithms left their input alone. */
static void assert_same(GrB_Matrix M, const ck_graph *g, const char *what)
{
    GrB_Index nvals = 0;
    OK(GrB_Matrix_nvals(&nvals, M));
    if (nvals != (GrB_Index)g->nnz)
        fail_msg("%s: %llu entries, expected %lld", what, (unsigned long long)nvals, (long long)g->nnz);
    GrB_Index *I = malloc((nvals + 1) * sizeof *I), *J = malloc((nvals + 1) * sizeof *J);
    double *X = malloc((nvals + 1) * sizeof *X);
    assert_true(I && J && X);
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &nvals, M));
    for (GrB_Index k = 0; k < nvals; k++) {
        int64_t lo = g->ptr[I[k]], hi = g->ptr[I[k] + 1];
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            if (g->col[mid] < (int64_t)J[k])
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == g->ptr[I[k] + 1] || g->col[lo] != (int64_t)J[k] || g->val[lo] != X[k])
            fail_msg("%s: entry (%llu,%llu) changed", what, (unsigned long long)I[k],
                     (unsigned long long)J[k]);
    }
    free(I);
    free(J);
    free(X);
}

/* ---- results ----------------------------------------------------------------------------------- */

/* A vector's entries in a dense array, fill where absent. */
static int64_t *dense_int64(GrB_Vector v, int64_t n, int64_t fill)
{
    GrB_Index nv = (GrB_Index)n, *I = malloc(((size_t)n + 1) * sizeof *I);
    int64_t *X = malloc(((size_t)n + 1) * sizeof *X), *out = malloc(((size_t)n + 1) * sizeof *out);
    assert_true(I && X && out);
    OK(GrB_Vector_extractTuples_INT64(I, X, &nv, v));
    for (int64_t i = 0; i < n; i++) out[i] = fill;
    for (GrB_Index k = 0; k < nv; k++) out[I[k]] = X[k];
    free(I);
    free(X);
    return out;
}

static double *dense_fp64(GrB_Vector v, int64_t n, double fill)
{
    GrB_Index nv = (GrB_Index)n, *I = malloc(((size_t)n + 1) * sizeof *I);
    double *X = malloc(((size_t)n + 1) * sizeof *X), *out = malloc(((size_t)n + 1) * sizeof *out);
    assert_true(I && X && out);
    OK(GrB_Vector_extractTuples_FP64(I, X, &nv, v));
    for (int64_t i = 0; i < n; i++) out[i] = fill;
    for (GrB_Index k = 0; k < nv; k++) out[I[k]] = X[k];
    free(I);
    free(X);
    return out;
}

/* Dump lines: "BACKEND GRAPH KEY v0 v1 ..." (compare.py reads them). */
static void dump_int64(const char *backend, const tg_graph *G, const char *key, const int64_t *x, int64_t n)
{
    if (dump == NULL) return;
    fprintf(dump, "%s %s %s", backend, G->spec->name, key);
    for (int64_t i = 0; i < n; i++) fprintf(dump, " %lld", (long long)x[i]);
    fputc('\n', dump);
}

static void dump_fp64(const char *backend, const tg_graph *G, const char *key, const double *x, int64_t n)
{
    if (dump == NULL) return;
    fprintf(dump, "%s %s %s", backend, G->spec->name, key);
    for (int64_t i = 0; i < n; i++) fprintf(dump, " %.17g", x[i]);
    fputc('\n', dump);
}

/* ---- the algorithms on one graph ------------------------------------------------------------- */

static void run_bfs(tg_graph *G, const char *backend)
{
    char msg[GG_ALG_MSG_LEN], key[64];
    const int64_t n = G->n, sources[2] = {0, G->n / 2};
    const GG_bfs_direction dirs[3] = {GG_BFS_AUTO, GG_BFS_PUSH, GG_BFS_PULL};
    for (int s = 0; s < 2; s++) {
        int64_t *level0 = NULL, *parent0 = NULL;
        for (int d = 0; d < 3; d++) {
            GrB_Vector level = NULL, parent = NULL, only = NULL;
            ALG_OK(GG_alg_bfs(&level, &parent, G->A, (GrB_Index)sources[s], dirs[d], msg));
            int64_t *lv = dense_int64(level, n, -1), *pv = dense_int64(parent, n, -1);
            CHECK("bfs levels", ck_bfs_level(&G->g, sources[s], lv));
            CHECK("bfs parents", ck_bfs_parent(&G->g, sources[s], pv, true));
            ALG_OK(GG_alg_bfs(&only, NULL, G->A, (GrB_Index)sources[s], dirs[d], msg));
            int64_t *lo = dense_int64(only, n, -1);
            OK(GrB_Vector_free(&only));
            ALG_OK(GG_alg_bfs(NULL, &only, G->A, (GrB_Index)sources[s], dirs[d], msg));
            int64_t *po = dense_int64(only, n, -1);
            OK(GrB_Vector_free(&only));
            assert_memory_equal(lv, lo, (size_t)n * sizeof *lv);
            assert_memory_equal(pv, po, (size_t)n * sizeof *pv);
            if (d == 0) {
                level0 = lv;
                parent0 = pv;
                snprintf(key, sizeof key, "bfs_level_%lld", (long long)sources[s]);
                dump_int64(backend, G, key, lv, n);
                snprintf(key, sizeof key, "bfs_parent_%lld", (long long)sources[s]);
                dump_int64(backend, G, key, pv, n);
            } else {
                assert_memory_equal(level0, lv, (size_t)n * sizeof *lv);
                assert_memory_equal(parent0, pv, (size_t)n * sizeof *pv);
                free(lv);
                free(pv);
            }
            free(lo);
            free(po);
            OK(GrB_Vector_free(&level));
            OK(GrB_Vector_free(&parent));
        }
        free(level0);
        free(parent0);
    }
}

static void run_sssp(tg_graph *G, const char *backend)
{
    char msg[GG_ALG_MSG_LEN], key[64];
    const int64_t n = G->n, sources[2] = {0, G->n / 2};
    const double deltas[3] = {0, 2, 0.25};
    struct {
        GrB_Matrix M;
        const ck_graph *g;
        const char *name;
    } weights[2] = {{G->W, &G->gw, "hash"}, {G->Wa, &G->ga, "abs"}};
    for (int w = 0; w < 2; w++)
        for (int s = 0; s < 2; s++) {
            GrB_Vector dist = NULL;
            ALG_OK(GG_alg_sssp_bellman_ford(&dist, weights[w].M, (GrB_Index)sources[s], msg));
            double *bf = dense_fp64(dist, n, INFINITY);
            OK(GrB_Vector_free(&dist));
            CHECK("sssp bellman-ford", ck_sssp(weights[w].g, sources[s], bf));
            for (int d = 0; d < 3; d++) {
                ALG_OK(GG_alg_sssp_delta(&dist, weights[w].M, (GrB_Index)sources[s], deltas[d], msg));
                double *ds = dense_fp64(dist, n, INFINITY);
                OK(GrB_Vector_free(&dist));
                CHECK("sssp delta-stepping", ck_sssp(weights[w].g, sources[s], ds));
                assert_memory_equal(bf, ds, (size_t)n * sizeof *bf);
                free(ds);
            }
            snprintf(key, sizeof key, "sssp_%s_%lld", weights[w].name, (long long)sources[s]);
            dump_fp64(backend, G, key, bf, n);
            free(bf);
        }
}

static void run_bc(tg_graph *G, const char *backend)
{
    char msg[GG_ALG_MSG_LEN];
    const int64_t n = G->n;
    const int64_t ns = n <= 40 ? n : 5;
    GrB_Index *sources = malloc((size_t)ns * sizeof *sources);
    int64_t *isources = malloc((size_t)ns * sizeof *isources);
    assert_true(sources && isources);
    for (int64_t i = 0; i < ns; i++) isources[i] = ns == n ? i : i * (n - 1) / (ns - 1);
    memcpy(sources, isources, (size_t)ns * sizeof *sources);
    GrB_Vector c = NULL;
    ALG_OK(GG_alg_bc(&c, G->A, sources, (GrB_Index)ns, msg));
    double *bc = dense_fp64(c, n, NAN);
    OK(GrB_Vector_free(&c));
    CHECK("bc", ck_bc(&G->g, isources, ns, bc, 1e-9));
    dump_fp64(backend, G, "bc", bc, n);
    free(bc);
    free(sources);
    free(isources);
}

static void run_pagerank(tg_graph *G, const char *backend)
{
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector r = NULL;
    int iters = 0;
    ALG_OK(GG_alg_pagerank(&r, &iters, G->A, 0.85, 1e-11, 1000, msg));
    assert_true(iters >= 1 && iters < 1000);
    double *rank = dense_fp64(r, G->n, NAN);
    OK(GrB_Vector_free(&r));
    CHECK("pagerank", ck_pagerank(&G->g, 0.85, rank, 1e-10));
    dump_fp64(backend, G, "pagerank", rank, G->n);
    free(rank);
}

/* propagate: also the label-propagation CC, which takes diameter + 1 rounds */
static void run_tc_cc(tg_graph *G, const char *backend, bool propagate)
{
    char msg[GG_ALG_MSG_LEN];
    uint64_t count = 0;
    ALG_OK(GG_alg_tc(&count, G->S, msg));
    CHECK("tc", ck_tc(&G->gs, count));
    int64_t c = (int64_t)count;
    dump_int64(backend, G, "tc", &c, 1);

    GrB_Vector comp = NULL;
    ALG_OK(GG_alg_cc(&comp, G->S, true, msg));
    int64_t *label = dense_int64(comp, G->n, -1);
    OK(GrB_Vector_free(&comp));
    CHECK("cc", ck_cc(&G->gs, label));
    ALG_OK(GG_alg_cc(&comp, G->A, false, msg));
    int64_t *weak = dense_int64(comp, G->n, -1);
    OK(GrB_Vector_free(&comp));
    CHECK("cc of the directed graph", ck_cc(&G->gs, weak));
    dump_int64(backend, G, "cc", label, G->n);
    free(weak);
    if (!propagate) {
        free(label);
        return;
    }
    /* label propagation: the same labels, symmetric and directed */
    ALG_OK(GG_alg_cc_propagate(&comp, G->S, true, msg));
    int64_t *prop = dense_int64(comp, G->n, -1);
    OK(GrB_Vector_free(&comp));
    CHECK("cc by propagation", ck_cc(&G->gs, prop));
    assert_memory_equal(prop, label, (size_t)G->n * sizeof *prop);
    dump_int64(backend, G, "cc_propagate", prop, G->n);
    free(prop);
    ALG_OK(GG_alg_cc_propagate(&comp, G->A, false, msg));
    prop = dense_int64(comp, G->n, -1);
    OK(GrB_Vector_free(&comp));
    CHECK("cc by propagation of the directed graph", ck_cc(&G->gs, prop));
    free(prop);
    free(label);
}

/* The backends to run on: our CPU forced, and where a GPU is present AUTO, which takes every CUDA
 * slot that exists and the CPU for the rest, or CUDA forced when the environment forces it;
 * SuiteSparse is one "backend". */
typedef struct {
    const char *name;
    int32_t id;
} tg_backend;

#ifdef GxG_IMPLEMENTATION_NAME
/* GxG_BACKEND as GrB_init left it: GRAPHBLAS_GPU_BACKEND=cuda forces CUDA for the GPU run (what
 * the CUDA backend lacks then runs on the CPU, counted as declines); restored after each graph. */
static int32_t initial_backend;
#endif

static int backends(tg_backend *out)
{
#ifdef GxG_IMPLEMENTATION_NAME
    int32_t avail = 0, nb = 0;
    OK(GrB_get(GrB_GLOBAL, &avail, GxG_BACKENDS_AVAILABLE));
    if (avail & 1) out[nb++] = (tg_backend){"cpu", GxG_BACKEND_CPU};
    if (avail & 2)
        out[nb++] = initial_backend == GxG_BACKEND_CUDA ? (tg_backend){"cuda", GxG_BACKEND_CUDA}
                                                        : (tg_backend){"auto", GxG_BACKEND_AUTO};
    return nb;
#else
    out[0] = (tg_backend){"ref", 0};
    return 1;
#endif
}

static void use_backend(int32_t id)
{
#ifdef GxG_IMPLEMENTATION_NAME
    OK(GrB_set(GrB_GLOBAL, id, GxG_BACKEND));
#else
    (void)id;
#endif
}

static void test_graph(void **state)
{
    tg_graph *G = *state;
    if (G == NULL) skip();
    tg_backend list[2];
    int nb = backends(list);
    assert_true(nb >= 1);
    for (int b = 0; b < nb; b++) {
        const char *backend = list[b].name;
        use_backend(list[b].id);
        run_bfs(G, backend);
        run_sssp(G, backend);
        run_bc(G, backend);
        run_pagerank(G, backend);
        run_tc_cc(G, backend, true);
        assert_same(G->A, &G->g, "A");
        assert_same(G->W, &G->gw, "W");
        assert_same(G->Wa, &G->ga, "|A|");
        assert_same(G->S, &G->gs, "S");
    }
#ifdef GxG_IMPLEMENTATION_NAME
    use_backend(initial_backend);
#endif
}

/* TC and CC only, on a grid large enough (L = tril(S,-1) has 131584 entries) that the library takes
 * its multi-threaded paths for the masked product, whose result is empty (a grid has no triangles).
 * Not the label-propagation CC: 513 rounds of whole-vector calls here (seconds on the CPU), and
 * grid32 already gives it a high-diameter graph. */
static const tg_spec large_grid = {"grid257", NULL, "grid:257"};

static void test_large_grid(void **state)
{
    tg_graph *G = *state;
    if (G == NULL) skip();
    tg_backend list[2];
    int nb = backends(list);
    for (int b = 0; b < nb; b++) {
        use_backend(list[b].id);
        run_tc_cc(G, list[b].name, false);
        assert_same(G->S, &G->gs, "S");
    }
#ifdef GxG_IMPLEMENTATION_NAME
    use_backend(initial_backend);
#endif
}

/* ---- the checkers can fail ---------------------------------------------------------------------- */

static void test_checkers(void **state)
{
    (void)state;
    /* 0 -> 1 (w 1), 0 -> 2 (w 0), 1 -> 2 (w 3), 1 -> 3 (w 1), 2 -> 3 (w 5), 3 -> 4 (w 0) */
    const uint64_t I[6] = {0, 0, 1, 1, 2, 3}, J[6] = {1, 2, 2, 3, 3, 4};
    const double W[6] = {1, 0, 3, 1, 5, 0};
    ck_graph g, s;
    assert_true(ck_graph_build(&g, 5, 6, I, J, W, false));
    assert_true(ck_graph_build(&s, 5, 6, I, J, NULL, true));

    assert_null(ck_bfs_level(&g, 0, (int64_t[]){0, 1, 1, 2, 3}));
    assert_non_null(ck_bfs_level(&g, 0, (int64_t[]){0, 1, 1, 3, 4}));
    assert_non_null(ck_bfs_level(&g, 0, (int64_t[]){0, 1, 2, 2, 3}));
    assert_non_null(ck_bfs_level(&g, 0, (int64_t[]){0, 1, 1, 2, -1}));
    assert_non_null(ck_bfs_level(&g, 0, (int64_t[]){1, 2, 2, 3, 4}));
    assert_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 1, 3}, true));
    assert_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 2, 3}, false));
    assert_non_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 2, 3}, true));
    assert_non_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 0, 3}, false));
    assert_non_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 1, -1}, false));
    assert_non_null(ck_bfs_parent(&g, 0, (int64_t[]){0, 0, 0, 1, 1}, false));

    assert_null(ck_sssp(&g, 0, (double[]){0, 1, 0, 2, 2}));
    assert_non_null(ck_sssp(&g, 0, (double[]){0, 1, 0, 3, 3}));
    assert_non_null(ck_sssp(&g, 0, (double[]){0, 1, 0, 1, 1}));
    assert_non_null(ck_sssp(&g, 0, (double[]){0, 1, 0, 2, INFINITY}));
    assert_non_null(ck_sssp(&g, 1, (double[]){0, 0, INFINITY, 1, 1}));

    /* paths from 0: 1 and 2 lie on one of the two shortest paths to 3 and to 4; 3 on both to 4 */
    const int64_t src[1] = {0};
    assert_null(ck_bc(&g, src, 1, (double[]){0, 1, 1, 1, 0}, 1e-9));
    assert_non_null(ck_bc(&g, src, 1, (double[]){0, 1, 1, 1 + 1e-6, 0}, 1e-9));

    assert_null(ck_tc(&s, 2)); /* 0-1-2 and 1-2-3 */
    assert_non_null(ck_tc(&s, 1));
    assert_non_null(ck_tc(&s, 3));
    assert_null(ck_cc(&s, (int64_t[]){0, 0, 0, 0, 0}));
    assert_non_null(ck_cc(&s, (int64_t[]){0, 0, 0, 0, 4}));
    assert_non_null(ck_cc(&s, (int64_t[]){1, 1, 1, 1, 1}));

    /* a directed 3-cycle: the uniform vector is the exact fixpoint */
    const uint64_t CI[3] = {0, 1, 2}, CJ[3] = {1, 2, 0};
    ck_graph c;
    assert_true(ck_graph_build(&c, 3, 3, CI, CJ, NULL, false));
    assert_null(ck_pagerank(&c, 0.85, (double[]){1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-12));
    assert_non_null(ck_pagerank(&c, 0.85, (double[]){0.3, 0.3, 0.4}, 1e-3));
    assert_non_null(ck_pagerank(&c, 0.85, (double[]){0.5, 0.5, 0.5}, 1));
    ck_graph_free(&g);
    ck_graph_free(&s);
    ck_graph_free(&c);
}

/* ---- argument errors --------------------------------------------------------------------------- */

/* A 4-vertex path 0 -> 1 -> 2 -> 3 with weights 1, -2, 3. */
static GrB_Matrix small_graph(void)
{
    GrB_Matrix A = NULL;
    const GrB_Index I[3] = {0, 1, 2}, J[3] = {1, 2, 3};
    const double X[3] = {1, -2, 3};
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    OK(GrB_Matrix_build_FP64(A, I, J, X, 3, GrB_PLUS_FP64));
    return A;
}

#define SENTINEL ((GrB_Vector)(uintptr_t)0x5e7)
#define FAILS(call, code, text)                                                                              \
    do {                                                                                                     \
        msg[0] = '\0';                                                                                       \
        assert_int_equal((call), (code));                                                                    \
        if (strstr(msg, text) == NULL) fail_msg("message '%s' lacks '%s'", msg, text);                       \
        assert_ptr_equal(out, SENTINEL);                                                                     \
    } while (0)

static void test_errors(void **state)
{
    (void)state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector out = SENTINEL;
    GrB_Matrix A = small_graph(), R = NULL;
    OK(GrB_Matrix_new(&R, GrB_BOOL, 3, 4));
    const GrB_Index src[2] = {0, 9};
    uint64_t count = 7;

    FAILS(GG_alg_bfs(&out, NULL, NULL, 0, GG_BFS_AUTO, msg), GrB_NULL_POINTER, "GG_alg_bfs: argument 'A'");
    FAILS(GG_alg_bfs(&out, NULL, R, 0, GG_BFS_AUTO, msg), GrB_DIMENSION_MISMATCH, "not square");
    FAILS(GG_alg_bfs(NULL, NULL, A, 0, GG_BFS_AUTO, msg), GrB_NULL_POINTER, "'level' and 'parent'");
    FAILS(GG_alg_bfs(&out, NULL, A, 4, GG_BFS_AUTO, msg), GrB_INVALID_INDEX, "'source' is 4");
    FAILS(GG_alg_bfs(&out, &out, A, 0, GG_BFS_AUTO, msg), GrB_INVALID_VALUE, "the same handle");
    FAILS(GG_alg_bfs(&out, NULL, A, 0, (GG_bfs_direction)7, msg), GrB_INVALID_VALUE, "'direction'");
    FAILS(GG_alg_sssp_bellman_ford(&out, A, 0, msg), GrB_INVALID_VALUE, "negative weight");
    FAILS(GG_alg_sssp_delta(&out, A, 0, 1, msg), GrB_INVALID_VALUE,
          "GG_alg_sssp_delta: argument 'A' has a negative");
    FAILS(GG_alg_sssp_delta(NULL, A, 0, 1, msg), GrB_NULL_POINTER, "'dist'");
    FAILS(GG_alg_sssp_bellman_ford(&out, A, 5, msg), GrB_INVALID_INDEX, "'source'");
    FAILS(GG_alg_bc(&out, A, src, 0, msg), GrB_INVALID_VALUE, "'nsources' is 0");
    FAILS(GG_alg_bc(&out, A, src, 2, msg), GrB_INVALID_INDEX, "'sources[i]' is 9");
    FAILS(GG_alg_bc(&out, A, NULL, 1, msg), GrB_NULL_POINTER, "'sources'");
    FAILS(GG_alg_bc(NULL, A, src, 1, msg), GrB_NULL_POINTER, "'centrality'");
    FAILS(GG_alg_pagerank(&out, NULL, A, 1.0, 1e-6, 10, msg), GrB_INVALID_VALUE, "'damping'");
    FAILS(GG_alg_pagerank(&out, NULL, A, NAN, 1e-6, 10, msg), GrB_INVALID_VALUE, "'damping'");
    FAILS(GG_alg_pagerank(&out, NULL, A, 0.85, -1, 10, msg), GrB_INVALID_VALUE, "'tol'");
    FAILS(GG_alg_pagerank(&out, NULL, A, 0.85, 1e-6, 0, msg), GrB_INVALID_VALUE, "'max_iter'");
    FAILS(GG_alg_pagerank(NULL, NULL, A, 0.85, 1e-6, 10, msg), GrB_NULL_POINTER, "'rank'");
    FAILS(GG_alg_tc(NULL, A, msg), GrB_NULL_POINTER, "GG_alg_tc: argument 'ntriangles'");
    FAILS(GG_alg_tc(&count, R, msg), GrB_DIMENSION_MISMATCH, "GG_alg_tc");
    FAILS(GG_alg_cc(NULL, A, true, msg), GrB_NULL_POINTER, "'component'");
    FAILS(GG_alg_cc(&out, NULL, true, msg), GrB_NULL_POINTER, "GG_alg_cc: argument 'A'");
    FAILS(GG_alg_cc_propagate(NULL, A, false, msg), GrB_NULL_POINTER, "'component'");
    FAILS(GG_alg_cc_propagate(&out, R, true, msg), GrB_DIMENSION_MISMATCH,
          "GG_alg_cc_propagate: argument 'A'");
    assert_int_equal(count, 7);
    /* msg may be NULL */
    assert_int_equal(GG_alg_bfs(&out, NULL, A, 4, GG_BFS_AUTO, NULL), GrB_INVALID_INDEX);
    assert_ptr_equal(out, SENTINEL);

    /* not converging within max_iter is no error */
    int iters = 0;
    GrB_Vector r = NULL;
    OK(GG_alg_pagerank(&r, &iters, A, 0.85, 0, 3, msg));
    assert_int_equal(iters, 3);
    assert_string_equal(msg, "");
    OK(GrB_Vector_free(&r));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&R));
}

int main(int argc, char **argv)
{
    data_dir = argc > 1 ? argv[1] : "../shared/data/lagraph";
    if (argc > 3 && strcmp(argv[2], "--dump") == 0) {
        dump = fopen(argv[3], "w");
        if (dump == NULL) {
            perror(argv[3]);
            return 1;
        }
    }
    struct CMUnitTest tests[NSPECS + 3];
    for (size_t i = 0; i < NSPECS; i++)
        tests[i] =
            (struct CMUnitTest){specs[i].name, test_graph, graph_setup, graph_teardown, (void *)&specs[i]};
    tests[NSPECS] = (struct CMUnitTest){"checkers", test_checkers, NULL, NULL, NULL};
    tests[NSPECS + 1] = (struct CMUnitTest){"errors", test_errors, NULL, NULL, NULL};
    tests[NSPECS + 2] = (struct CMUnitTest){large_grid.name, test_large_grid, graph_setup, graph_teardown,
                                            (void *)&large_grid};
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
#ifdef GxG_IMPLEMENTATION_NAME
    if (GrB_get(GrB_GLOBAL, &initial_backend, GxG_BACKEND) != GrB_SUCCESS) return 1;
#endif
    int failed = _cmocka_run_group_tests("algorithms", tests, NSPECS + 3, NULL, NULL);
    GrB_finalize();
    if (dump != NULL && fclose(dump) != 0) failed++;
    return failed;
}
