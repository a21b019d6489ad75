/* gg_svm_train.c: trains the SVM that picks the frontier product's mode (cuda/GG_cuda_svm.h) on
 * the GPU host, once, and writes cuda/svm_model.c. Doc/performance.md has the command.
 *
 * Cases: matrices made here by the repo's generators (tools/gen, as grbgpu and bench/gap use:
 * RMAT, uniform, grid, banded, localized, dense, at several sizes) and the Matrix Market files of
 * a directory (default ../shared/data/lagraph, those with at least 1000 entries). Two kinds:
 * - a sweep of input densities from 0.01 % to 50 %, times two semirings (PLUS_TIMES on FP32,
 *   LOR_LAND on BOOL): w = A u, no mask;
 * - BFS-like steps: a BFS by vxm from the lowest vertex with an edge of each square matrix,
 *   q<!v, struct, replace> = q A (LOR_LAND), as algorithms/bfs.c runs it, so with the
 *   complemented structural mask and, where the frontier is the push's iso list, a list output;
 *   the levels are sampled along the whole depth (all of the first 32, then 16 per doubling), and
 *   together weigh as much as that matrix's sweep;
 * - SSSP's products: the library's own delta-stepping (algorithms/sssp.c, GG_alg_sssp_delta, as
 *   grbgpu runs it: delta from the mean weight, the lowest vertex with an edge as the source) on
 *   the square matrix with GAP's integer weights 1..255 (generated; a file with its own values),
 *   its every r = x' A (MIN_PLUS, FP64, replace) caught by the replay below, the sampled ones (as
 *   BFS levels) timed in both modes; they too weigh as much as the sweep together.
 * The replay: the algorithms' sources are compiled into this program with GrB_vxm, GrB_mxv and
 *   GrB_mxm renamed to replay_vxm, replay_mxv and replay_mxm (meson.build), so the products are the
 *   algorithm's own calls, with its semiring, mask, descriptor and frontiers. A product with an
 *   input that is not full (the SVM's decision) and that can be repeated (no accumulator, w
 *   aliasing neither u nor the mask) is timed; the algorithm goes on from the faster mode's
 *   result, the unsampled products as the SVM decides. BC (algorithms/bc.c) runs under it too,
 *   from 4 sources as grbgpu's: its frontier is an ns x n matrix and its products are all mxm,
 *   which the SVM does not decide; the replay counts them, so its line says so, and a BC that
 *   called vxm or mxv would get cases and Table VII rows like SSSP's.
 * Each case runs with the push forced and with the pull forced (GG_cuda_mxv_force), one warm-up
 * then the median of 5 (BFS: 3) calls, each call timed on the host up to its nvals (which waits
 * for the device), as an algorithm's loop sees it; both results must have the same nvals. The
 * label is the faster mode. The features come from the library itself: the matrix's from its
 * cached pass (GG_cuda_mxv_features), the call's (density, mask kind, list output, flat pull,
 * push work fraction) from the slot's record of the call (GG_cuda_mxv_last_call), both through
 * svm_hooks.h, so the trainer sees exactly what the slot will: the slot counts the push work of
 * a call with a mode forced by the trainer wherever a decision would (GG_svm_work_worth_counting),
 * in both modes' timed calls alike, so the count's wait does not move a label.
 *
 * Training: each case weighs the time at stake, |t_push - t_pull| (times its share of its
 * matrix, below), so the hinge loss counts what a wrong decision costs: with equal weights the
 * first H200 run (2026-11-26) fitted the thousands of cheap grid and band levels, where both modes
 * take ~10 us, and its model made BFS on RMAT-22 2.3x slower than the n/32 rule (Doc/performance.md);
 * --weigh count restores equal weights. C from {0.01, 0.1, 1, 10, 100} is the one with the least
 * time lost out of fold, by 5-fold cross-validation whose folds are whole matrices, sweep and BFS
 * together (cases of one matrix are alike, so splitting them would flatter the accuracy); the
 * model trained on every case with that C is written. --cases FILE.csv refits from the cases a
 * run wrote with --csv, with no device (the report then has no decision-cost line). Reported:
 * the cross-validated accuracy per C; the same without each feature group (the paper's Table VII
 * ablation); and, as the paper's Table VII, the fraction of correct decisions and the time lost
 * against the per-case oracle, out of fold, for the sweep cases, for each algorithm run (BFS,
 * SSSP) and for all runs of a kind together, each beside the old n/32 rule's. The run stops
 * adding matrices, and runs, as its time budget (--budget, default 330 s) runs out; each run
 * stops after min(10 s, 3 % of the budget) (BC: 1 %), an algorithm run by an error its replay
 * returns. The cases file (--csv) is described in gg_svm.h; its run lines name each run's kind.
 *
 * This file sees only the public API; svm_hooks.c reaches the internals (the forced mode, the
 * features). The generators and the reader are compiled in from their sources (meson.build). */
#include "gg_gen.h"
#include "gg_mmio.h"
#include "grb_algorithms.h"
#include "gg_svm.h"
#include "svm_hooks.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPS 5
#define FOLDS 5
#define MAX_CASES 20000

static const double densities[] = {1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.02, 0.03, 0.045,
                                   0.07, 0.1, 0.2, 0.35, 0.5};
#define NDENS (sizeof densities / sizeof densities[0])

/* The generated matrices (tools/gen specs, as grbgpu --gen takes them), small and large
 * interleaved so that a budget cut still leaves variety; RMAT-21 and RMAT-22 last, because a
 * model fitted up to 2^20 vertices pushed BFS's 3 % level on RMAT-23 where the pull was faster
 * (10.4 ms against the n/32 rule's 8.0, H200, 2026-11-27; Doc/performance.md). RMAT and uniform graphs are made
 * undirected and clean, as GAP's. */
static const char *const gens[] = {
    "rmat:12",           "grid:100",             "band:16384:8:0.5",      "urand:16384:262144",
    "local:16384",       "dense:512",            "rmat:14:64",            "urand:65536:262144",
    "grid:300",          "band:65536:32:0.3",    "local:65536:8",         "rmat:16:4",
    "rmat:16",           "urand:65536:2097152",  "dense:2048",            "band:262144:16:0.2",
    "local:262144",      "rmat:18",              "rmat:18:4",             "urand:262144:2097152",
    "grid:1000",         "band:1048576:4:0.6",   "urand:1048576:2097152", "local:1048576:8",
    "rmat:20",           "urand:1048576:16777216", "grid:1500",           "band:1048576:64:0.1",
    "rmat:19:8",         "urand:131072:1048576", "grid:2000",             "rmat:17:32",
    "grid:3000",         "urand:524288:4194304", "rmat:21",              "rmat:22",
};
#define NGENS (sizeof gens / sizeof gens[0])

typedef gg_svm_case gg_case;

static gg_case *cases;
static size_t ncases;
static int ngroups;
/* The algorithm runs with cases: run k (1 .. nruns) of kind run_kind[k] on matrix run_name[k]. */
#define MAX_RUNS 256
static char run_name[MAX_RUNS + 1][64];
static int run_kind[MAX_RUNS + 1];
static int nruns;
static const char *const kind_label[GG_SVM_KINDS] = {"sweep", "BFS", "SSSP", "BC"};
static double t_start, budget = 330;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double elapsed(void)
{
    return now() - t_start;
}

static void check(GrB_Info info, const char *what)
{
    if (info == GrB_SUCCESS) return;
    fprintf(stderr, "gg_svm_train: %s failed (%d)\n", what, (int)info);
    exit(1);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static size_t declines(void)
{
    size_t n = 0;
    check(GrB_Global_get_SIZE(GrB_GLOBAL, &n, GxG_CUDA_DECLINES), "declines");
    return n;
}

/* A product's arguments: w<mask> accum= u' A (vxm) or A u, descriptor d. */
typedef struct {
    GrB_Vector w, mask;
    GrB_BinaryOp accum;
    GrB_Semiring sr;
    GrB_Matrix A;
    GrB_Vector u;
    GrB_Descriptor d;
    bool vxm;
} product;

/* The product p with the mode forced; *nv its nvals. False when the device declined it (and the
 * CPU ran it): that time is not the mode's. */
static bool call(int mode, const product *p, GrB_Index *nv)
{
    gg_svm_force(mode);
    size_t before = declines();
    check(p->vxm ? GrB_vxm(p->w, p->mask, p->accum, p->sr, p->u, p->A, p->d)
                 : GrB_mxv(p->w, p->mask, p->accum, p->sr, p->A, p->u, p->d),
          "mxv");
    check(GrB_Vector_nvals(nv, p->w), "nvals");
    return declines() == before;
}

/* As call, for the sweep and BFS: a declined product ends the run. */
static void must_call(int mode, const product *p, GrB_Index *nv)
{
    if (call(mode, p, nv)) return;
    fprintf(stderr, "gg_svm_train: the device declined a product (GxG_TRACE=1 says why)\n");
    exit(1);
}

/* The median time of `reps` calls after one warm-up; a negative time when the device declined
 * one. */
static double timed(int mode, const product *p, int reps, GrB_Index *nv)
{
    double t[REPS];
    bool taken = call(mode, p, nv);
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        taken = call(mode, p, nv) && taken;
        t[r] = now() - t0;
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    return taken ? t[reps / 2] : -1;
}

/* timed, for the sweep and BFS: a declined product ends the run. */
static double must_time(int mode, const product *p, int reps, GrB_Index *nv)
{
    double t = timed(mode, p, reps, nv);
    if (t >= 0) return t;
    fprintf(stderr, "gg_svm_train: the device declined a product (GxG_TRACE=1 says why)\n");
    exit(1);
}

/* x[GG_SVM_DENSITY ...]: the last call's features, as the slot computed them. */
static void call_features(double *x)
{
    if (!gg_svm_last_call(x)) {
        fprintf(stderr, "gg_svm_train: the slot recorded no call features\n");
        exit(1);
    }
}

/* nu distinct random indices below n, first in the array returned (a partial Fisher-Yates). */
static GrB_Index *random_indices(GrB_Index n, GrB_Index nu, uint64_t *seed)
{
    GrB_Index *perm = malloc(n * sizeof *perm);
    if (perm == NULL) return NULL;
    for (GrB_Index k = 0; k < n; k++) perm[k] = k;
    for (GrB_Index k = 0; k < nu; k++) {
        *seed ^= *seed << 13, *seed ^= *seed >> 7, *seed ^= *seed << 17;
        GrB_Index j = k + *seed % (n - k);
        GrB_Index t = perm[k];
        perm[k] = perm[j], perm[j] = t;
    }
    return perm;
}

/* The density sweep of one matrix: cases appended, group g; returns how many. */
static size_t sweep(GrB_Matrix A, const char *name, int g)
{
    size_t first = ncases;
    GrB_Index m, n, nnz;
    check(GrB_Matrix_nrows(&m, A), "nrows");
    check(GrB_Matrix_ncols(&n, A), "ncols");
    check(GrB_Matrix_nvals(&nnz, A), "nvals");
    double feat[GG_SVM_NFEAT], t0 = now();
    check(gg_svm_features(A, false, feat), "features");
    double t_feat = now() - t0;
    printf("%-24s %9llu x %-9llu %11llu entries, features in %.1f ms:", name,
           (unsigned long long)m, (unsigned long long)n, (unsigned long long)nnz, 1e3 * t_feat);
    const GrB_Semiring srs[2] = {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_LOR_LAND_SEMIRING_BOOL};
    const GrB_Type types[2] = {GrB_FP32, GrB_BOOL};
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)g;
    GrB_Index last = 0;
    for (size_t di = 0; di < NDENS && ncases + 2 <= MAX_CASES; di++) {
        GrB_Index nu = (GrB_Index)llround(densities[di] * (double)n);
        nu = nu < 1 ? 1 : nu;
        if (nu == last) continue;
        last = nu;
        GrB_Index *I = random_indices(n, nu, &seed);
        bool *ones = malloc(nu * sizeof *ones);
        if (I == NULL || ones == NULL) exit(1);
        for (GrB_Index k = 0; k < nu; k++) ones[k] = true;
        for (int s = 0; s < 2; s++) {
            GrB_Vector u, w;
            check(GrB_Vector_new(&u, types[s], n), "vector");
            check(GrB_Vector_new(&w, types[s], m), "vector");
            check(GrB_Vector_build_BOOL(u, I, ones, nu, GrB_LOR), "build");
            GrB_Index nv_push, nv_pull;
            gg_case *c = &cases[ncases];
            const product p = {.w = w, .sr = srs[s], .A = A, .u = u};
            c->t_push = must_time(GG_SVM_MODE_PUSH, &p, REPS, &nv_push);
            c->t_pull = must_time(GG_SVM_MODE_PULL, &p, REPS, &nv_pull);
            if (nv_push != nv_pull) {
                fprintf(stderr, "gg_svm_train: %s, density %g: push and pull disagree (%llu, %llu "
                        "entries); case dropped\n", name, densities[di],
                        (unsigned long long)nv_push, (unsigned long long)nv_pull);
            } else {
                memcpy(c->x, feat, sizeof feat);
                call_features(c->x);
                c->weight = 1;
                c->group = g;
                c->run = 0;
                ncases++;
                printf(" %s", c->t_push <= c->t_pull ? "s" : "N");
            }
            GrB_free(&u), GrB_free(&w);
        }
        free(I), free(ones);
    }
    gg_svm_force(GG_SVM_MODE_RULE);
    printf("\n");
    fflush(stdout);
    return ncases - first;
}

/* The matrix of a tools/gen spec: FP32 with no values (all 1), or (weighted) FP64 with GAP's
 * integer weights, as grbgpu builds SSSP's graphs; the same pattern either way. */
static GrB_Matrix generate(const char *text, bool weighted)
{
    GG_gen_spec spec;
    char err[256];
    check(GG_gen_parse(&spec, text, err, sizeof err), err);
    if (spec.kind == GG_GEN_RMAT || spec.kind == GG_GEN_URAND)
        spec.flags |= GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
    if (weighted) spec.weights = GG_WEIGHTS_INT;
    GG_coo coo;
    check(GG_gen(&coo, &spec), text);
    GrB_Matrix A;
    check(GG_coo_build(&A, &coo, weighted ? GrB_FP64 : GrB_FP32, NULL), "build");
    GG_coo_free(&coo);
    return A;
}

/* The BFS levels timed: all of the first 32, then 16 per doubling of the depth (every 2nd up to
 * 64, every 4th up to 128, ...), so a grid's or a band's thousands of levels are sampled along
 * their whole depth. */
static bool sampled(size_t level)
{
    size_t stride = 1;
    while (level >= 32 * stride) stride *= 2;
    return level % stride == 0;
}

/* Up to k of the lowest vertices with an out-edge (grbgpu's default sources) into src; returns
 * how many. */
static GrB_Index active_vertices(GrB_Matrix A, GrB_Index n, GrB_Index k, GrB_Index *src)
{
    GrB_Vector d;
    GrB_Index nv;
    check(GrB_Vector_new(&d, GrB_FP64, n), "vector");
    check(GrB_Matrix_reduce_Monoid(d, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL), "reduce");
    check(GrB_Vector_nvals(&nv, d), "nvals");
    GrB_Index *I = malloc((nv + 1) * sizeof *I);
    if (I == NULL) exit(1);
    check(GrB_Vector_extractTuples_FP64(I, NULL, &nv, d), "tuples");
    k = nv < k ? nv : k;
    memcpy(src, I, k * sizeof *I);
    free(I);
    GrB_free(&d);
    return k;
}

/* The square matrix's dimension, or 0 when A is not square (no graph to run on). */
static GrB_Index graph_order(GrB_Matrix A)
{
    GrB_Index n, ncols;
    check(GrB_Matrix_nrows(&n, A), "nrows");
    check(GrB_Matrix_ncols(&ncols, A), "ncols");
    return n == ncols ? n : 0;
}

/* A new case of group g and run `run`: the features of op(A) (A' for vxm without INP1
 * transposed, as the slot sees the product) and of the product p just run, the times measured. */
static gg_case *new_case(int g, int run, const double *feat, double t_push, double t_pull)
{
    gg_case *c = &cases[ncases++];
    memcpy(c->x, feat, GG_SVM_DENSITY * sizeof *feat);
    call_features(c->x);
    c->t_push = t_push, c->t_pull = t_pull;
    c->group = g;
    c->run = run;
    c->weight = 1;
    return c;
}

/* The cases first .. ncases - 1 of one run share the weight total. */
static void share(size_t first, double total)
{
    for (size_t i = first; i < ncases; i++) cases[i].weight = total / (double)(ncases - first);
}

/* BFS run `run` over A by vxm, q<!v, struct, replace> = q A (LOR_LAND), both modes timed at the
 * sampled levels, which become cases of group g (features of A', as the slot sees a vxm) sharing
 * the weight `total`; the other levels run once, as the SVM decides. The level's assign v<q> =
 * true runs in the first call of the next level (deferred, or fused into a push), which is the
 * untimed warm-up. Stops after `cap` seconds. Returns the cases added. */
static size_t bfs_cases(GrB_Matrix A, int g, int run, double total, double cap)
{
    GrB_Index n = graph_order(A), nv = 1, src;
    if (n == 0 || active_vertices(A, n, 1, &src) == 0) return 0;
    double feat[GG_SVM_NFEAT], t0 = now();
    check(gg_svm_features(A, true, feat), "features");
    GrB_Vector q, v, next;
    check(GrB_Vector_new(&q, GrB_BOOL, n), "vector");
    check(GrB_Vector_new(&v, GrB_BOOL, n), "vector");
    check(GrB_Vector_new(&next, GrB_BOOL, n), "vector");
    check(GrB_Vector_setElement_BOOL(q, true, src), "set");
    check(GrB_Vector_setElement_BOOL(v, true, src), "set");
    size_t first = ncases;
    for (size_t level = 0; nv > 0 && ncases < MAX_CASES && now() - t0 < cap && elapsed() < budget;
         level++) {
        GrB_Index a, b;
        const product p = {.w = next, .mask = v, .sr = GrB_LOR_LAND_SEMIRING_BOOL, .A = A, .u = q,
                           .d = GrB_DESC_RSC, .vxm = true};
        if (sampled(level)) {
            double t_pull = must_time(GG_SVM_MODE_PULL, &p, 3, &b);
            double t_push = must_time(GG_SVM_MODE_PUSH, &p, 3, &a);
            /* the push's call features: the same inputs as the pull's */
            gg_case *c = new_case(g, run, feat, t_push, t_pull);
            if (a != b) {
                fprintf(stderr, "gg_svm_train: BFS level %zu: push and pull disagree\n", level);
                exit(1);
            }
            /* the next level reads the frontier in the form the faster mode leaves (a push's
             * list, a pull's bitmap), as a run with the oracle's choices would */
            if (c->t_pull < c->t_push) must_call(GG_SVM_MODE_PULL, &p, &b);
        } else {
            must_call(GG_SVM_MODE_RULE, &p, &a);
        }
        GrB_Vector t = q;
        q = next, next = t;
        nv = a;
        check(GrB_Vector_assign_BOOL(v, q, NULL, true, GrB_ALL, n, GrB_DESC_S), "assign");
    }
    gg_svm_force(GG_SVM_MODE_RULE);
    GrB_free(&q), GrB_free(&v), GrB_free(&next);
    share(first, total);
    return ncases - first;
}

/* ---- the replay of an algorithm's products (the banner says how they reach it) ---- */

/* The run under way: its group, run number and start; what its products were. */
typedef struct {
    bool on, cut;   /* a run is under way; it passed its cap, or the device declined a product */
    int group, run;
    double t0, cap;
    size_t products; /* vxm and mxv calls */
    size_t decided;  /* of them, with an input that is not full: the SVM decides their mode */
    size_t repeat;   /* of those, not repeatable (accumulator, or w aliasing u or the mask) */
    size_t mxm;      /* mxm calls */
} replay_state;
static replay_state replay;

/* The error an algorithm's call returns once its run is cut; the algorithm ends there. */
#define REPLAY_CUT GrB_PANIC

static bool replay_over(void)
{
    replay.cut = replay.cut || now() - replay.t0 >= replay.cap || elapsed() >= budget ||
                 ncases >= MAX_CASES;
    return replay.cut;
}

/* Whether op(A) of p is A' as the slot sees it (vxm: unless INP1 is transposed; mxv: if INP0). */
static bool transposed(const product *p)
{
    GrB_Desc_Value v = GxB_DEFAULT;
    if (p->d != NULL) check(GxB_Descriptor_get(&v, p->d, p->vxm ? GrB_INP1 : GrB_INP0), "descriptor");
    return p->vxm != (v == GrB_TRAN);
}

/* One product of the algorithm: the sampled ones the SVM decides, both modes timed into a case,
 * then run again in the faster mode when that was not the last; the others as the SVM decides. */
static GrB_Info replay_product(const product *p)
{
    if (!replay.on) {
        return p->vxm ? GrB_vxm(p->w, p->mask, p->accum, p->sr, p->u, p->A, p->d)
                      : GrB_mxv(p->w, p->mask, p->accum, p->sr, p->A, p->u, p->d);
    }
    if (replay_over()) return REPLAY_CUT;
    GrB_Index nu, n, a, b;
    check(GrB_Vector_nvals(&nu, p->u), "nvals");
    check(GrB_Vector_size(&n, p->u), "size");
    size_t k = replay.products++;
    bool decided = nu > 0 && nu < n; /* a full input has no mode to decide, an empty one is pushed */
    bool repeatable = p->accum == NULL && p->w != p->u && p->w != p->mask;
    replay.decided += decided;
    replay.repeat += decided && !repeatable;
    if (!decided || !repeatable || !sampled(replay.decided - 1)) {
        gg_svm_force(GG_SVM_MODE_RULE);
        return p->vxm ? GrB_vxm(p->w, p->mask, p->accum, p->sr, p->u, p->A, p->d)
                      : GrB_mxv(p->w, p->mask, p->accum, p->sr, p->A, p->u, p->d);
    }
    double feat[GG_SVM_NFEAT];
    check(gg_svm_features(p->A, transposed(p), feat), "features");
    double t_pull = timed(GG_SVM_MODE_PULL, p, 3, &b);
    double t_push = timed(GG_SVM_MODE_PUSH, p, 3, &a);
    if (t_pull < 0 || t_push < 0) {
        fprintf(stderr, "gg_svm_train: the device declined product %zu (GxG_TRACE=1 says why); "
                "the run ends\n", k);
        replay.cut = true;
        return REPLAY_CUT;
    }
    if (a != b) {
        fprintf(stderr, "gg_svm_train: product %zu: push and pull disagree (%llu, %llu entries); "
                "the run ends\n", k, (unsigned long long)a, (unsigned long long)b);
        replay.cut = true;
        return REPLAY_CUT;
    }
    new_case(replay.group, replay.run, feat, t_push, t_pull);
    if (t_pull < t_push) call(GG_SVM_MODE_PULL, p, &b);
    gg_svm_force(GG_SVM_MODE_RULE);
    return GrB_SUCCESS;
}

/* The algorithms' GrB_vxm, GrB_mxv and GrB_mxm (meson.build renames their calls to these). */
GrB_Info replay_vxm(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Vector u, const GrB_Matrix A,
                    const GrB_Descriptor d);
GrB_Info replay_mxv(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Matrix A, const GrB_Vector u,
                    const GrB_Descriptor d);
GrB_Info replay_mxm(GrB_Matrix C, const GrB_Matrix mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Matrix A, const GrB_Matrix B,
                    const GrB_Descriptor d);

GrB_Info replay_vxm(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Vector u, const GrB_Matrix A,
                    const GrB_Descriptor d)
{
    const product p = {w, mask, accum, sr, A, u, d, true};
    return replay_product(&p);
}

GrB_Info replay_mxv(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Matrix A, const GrB_Vector u,
                    const GrB_Descriptor d)
{
    const product p = {w, mask, accum, sr, A, u, d, false};
    return replay_product(&p);
}

GrB_Info replay_mxm(GrB_Matrix C, const GrB_Matrix mask, const GrB_BinaryOp accum,
                    const GrB_Semiring sr, const GrB_Matrix A, const GrB_Matrix B,
                    const GrB_Descriptor d)
{
    if (replay.on && replay_over()) return REPLAY_CUT;
    replay.mxm += replay.on;
    return GrB_mxm(C, mask, accum, sr, A, B, d);
}

/* Run `run` of algorithm `kind` (SSSP or BC) on the square matrix A under the replay, its cases
 * of group g sharing the weight total; stops after cap seconds. Says what its products were.
 * Returns the cases added. */
static size_t replay_cases(int kind, GrB_Matrix A, const char *name, int g, int run, double total,
                           double cap)
{
    GrB_Index n = graph_order(A), src[4], ns;
    if (n == 0 || (ns = active_vertices(A, n, kind == GG_SVM_BC ? 4 : 1, src)) == 0) return 0;
    size_t first = ncases;
    replay = (replay_state){.on = true, .group = g, .run = run, .t0 = now(), .cap = cap};
    GrB_Vector out = NULL;
    char msg[GG_ALG_MSG_LEN] = "";
    GrB_Info info = kind == GG_SVM_SSSP ? GG_alg_sssp_delta(&out, A, src[0], 0, msg)
                                        : GG_alg_bc(&out, A, src, ns, msg);
    replay.on = false;
    gg_svm_force(GG_SVM_MODE_RULE);
    GrB_free(&out);
    share(first, total);
    printf("%-24s %s: %zu vxm/mxv products (%zu with an input not full, %zu of them not "
           "repeatable), %zu timed; %zu mxm; %.1f s%s%s\n",
           name, kind_label[kind], replay.products, replay.decided, replay.repeat, ncases - first,
           replay.mxm, now() - replay.t0, replay.cut ? ", cut" : "",
           info != GrB_SUCCESS && !replay.cut ? ", failed: " : "");
    if (info != GrB_SUCCESS && !replay.cut) printf("    %s\n", msg);
    fflush(stdout);
    return ncases - first;
}

/* Run `kind` on A (BFS, or SSSP and BC by the replay) while the budget and the runs last; a run
 * with cases is numbered and named. */
static void add_run(int kind, GrB_Matrix A, const char *name, int g, double total)
{
    if (nruns >= MAX_RUNS || elapsed() >= 0.75 * budget) return;
    double t0 = now(), cap = fmin(10, (kind == GG_SVM_BC ? 0.01 : 0.03) * budget);
    size_t got = kind == GG_SVM_BFS ? bfs_cases(A, g, nruns + 1, total, cap)
                                    : replay_cases(kind, A, name, g, nruns + 1, total, cap);
    if (got == 0) return;
    run_kind[++nruns] = kind;
    snprintf(run_name[nruns], sizeof run_name[0], "%s", name);
    if (kind == GG_SVM_BFS)
        printf("%-24s BFS: %zu levels timed in %.1f s\n", name, got, now() - t0);
    fflush(stdout);
}

/* A matrix's cases: its sweep, then its BFS and BC, then its SSSP on the weighted matrix (gen:
 * generated with weights; path: read again as FP64), while the budget lasts. */
static void add_matrix(GrB_Matrix A, const char *name, const char *gen, const char *path)
{
    int g = ngroups++;
    size_t swept = sweep(A, name, g);
    double total = swept > 0 ? (double)swept : 1;
    add_run(GG_SVM_BFS, A, name, g, total);
    add_run(GG_SVM_BC, A, name, g, total);
    if (nruns >= MAX_RUNS || elapsed() >= 0.75 * budget || graph_order(A) == 0) return;
    GrB_Matrix W = NULL;
    char msg[256];
    if (gen != NULL)
        W = generate(gen, true);
    else if (GG_mm_read_file(&W, NULL, path, GrB_FP64, msg, sizeof msg) != GrB_SUCCESS)
        return;
    add_run(GG_SVM_SSSP, W, name, g, total);
    GrB_free(&W);
}

/* Decisions on cases[0 .. n-1]: the model's (m non-NULL) or the n/32 rule's. */
static void decide(const GG_svm_model *m, const gg_case *c, size_t n, int *pred)
{
    for (size_t i = 0; i < n; i++)
        pred[i] = m != NULL ? gg_svm_predict(m, c[i].x)
                            : (c[i].x[GG_SVM_DENSITY] >= -5 ? 1 : -1);
}

/* frac/loss of decisions pred over cases c, as text. */
static void table7(char *out, size_t size, const char *what, const int *pred, const gg_case *c,
                   size_t n)
{
    double *tp = malloc((n + 1) * sizeof *tp), *tq = malloc((n + 1) * sizeof *tq), frac, loss,
           best = 0;
    if (tp == NULL || tq == NULL) exit(1);
    for (size_t i = 0; i < n; i++) {
        tp[i] = c[i].t_push, tq[i] = c[i].t_pull;
        best += fmin(tp[i], tq[i]);
    }
    gg_svm_score_decisions(pred, tp, tq, n, &frac, &loss);
    snprintf(out, size, "%-34s frac %.3f  loss %6.2f %%  (%zu decisions, oracle %.2f ms)", what,
             frac, 100 * loss, n, 1e3 * best);
    free(tp), free(tq);
}

static volatile double sink; /* keeps the timed decisions from being optimised away */
static size_t report_len;
static char report[65536];

/* A line for the report (stdout and the model file's comment). */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    printf("%s\n", line);
    report_len += (size_t)snprintf(report + report_len, sizeof report - report_len, "%s\n", line);
    if (report_len >= sizeof report) report_len = sizeof report - 1;
}

/* The cases measured on the device: the generated matrices, then the files of data. */
static void measure_cases(size_t max_gens, const char *data)
{
    for (size_t gi = 0; gi < max_gens && elapsed() < 0.75 * budget; gi++) {
        GrB_Matrix A = generate(gens[gi], false);
        add_matrix(A, gens[gi], gens[gi], NULL);
        GrB_free(&A);
    }
    DIR *dir = opendir(data);
    for (struct dirent *e; dir != NULL && (e = readdir(dir)) != NULL && elapsed() < 0.75 * budget;) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".mtx") != 0) continue;
        char path[4096], msg[256];
        snprintf(path, sizeof path, "%s/%s", data, e->d_name);
        GrB_Matrix A;
        GrB_Index nnz;
        if (GG_mm_read_file(&A, NULL, path, GrB_FP32, msg, sizeof msg) != GrB_SUCCESS) continue;
        if (GrB_Matrix_nvals(&nnz, A) == GrB_SUCCESS && nnz >= 1000)
            add_matrix(A, e->d_name, NULL, path);
        GrB_free(&A);
    }
    if (dir != NULL) closedir(dir);
}

/* The cases of a file written by --csv (gg_svm.h says its lines). */
static bool load_cases(const char *path, char *gpu, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "gg_svm_train: cannot read %s\n", path);
        return false;
    }
    snprintf(gpu, size, "the GPU that measured %s", path);
    char line[4096];
    const char *name;
    int kind, k, nfeat = GG_SVM_NFEAT; /* the header's, once read */
    while (fgets(line, sizeof line, f) != NULL) {
        char *nl = strchr(line, '\n');
        if (nl != NULL) *nl = '\0';
        if (strncmp(line, "# gpu: ", 7) == 0) {
            snprintf(gpu, size, "%.*s", (int)size - 1, line + 7); /* cut to the caller's room */
            continue;
        }
        if (gg_svm_parse_run(line, &kind, &k, &name) && k <= MAX_RUNS) {
            run_kind[k] = kind;
            snprintf(run_name[k], sizeof run_name[0], "%s", name);
            continue;
        }
        if (line[0] == '#') continue;
        if (strncmp(line, "group,", 6) == 0) {
            if ((nfeat = gg_svm_parse_header(line)) != 0) continue;
            fprintf(stderr, "gg_svm_train: %s: a header of another feature vector\n", path);
            fclose(f);
            return false;
        }
        if (ncases == MAX_CASES) break;
        gg_case *c = &cases[ncases];
        if (!gg_svm_parse_case(line, nfeat, c) || c->run > MAX_RUNS) {
            fprintf(stderr, "gg_svm_train: %s: bad case line %zu\n", path, ncases + 1);
            fclose(f);
            return false;
        }
        ngroups = c->group + 1 > ngroups ? c->group + 1 : ngroups;
        nruns = c->run > nruns ? c->run : nruns;
        ncases++;
    }
    fclose(f);
    /* the first files named no run: all of them were BFS */
    for (k = 1; k <= nruns; k++) {
        if (run_kind[k] == GG_SVM_SWEEP) run_kind[k] = GG_SVM_BFS;
        if (run_name[k][0] == '\0') snprintf(run_name[k], sizeof run_name[0], "run %d", k);
    }
    return ncases > 0;
}

/* Time lost against the per-case oracle by decisions pred over every case, each case counted
 * with its share of its matrix (the measured weight, not the training's time weight). */
static double time_lost(const int *pred)
{
    double chosen = 0, best = 0;
    for (size_t i = 0; i < ncases; i++) {
        const gg_case *c = &cases[i];
        chosen += c->weight * (pred[i] > 0 ? c->t_pull : c->t_push);
        best += c->weight * fmin(c->t_push, c->t_pull);
    }
    return best > 0 ? chosen / best - 1 : 0;
}

/* The run-time decision's cost: the slot's own decision (gg_svm_decide: A's cached features, the
 * call's, the score) timed over frontiers of every size; the slot has A's nvals at hand. */
static void decision_cost(void)
{
    GrB_Matrix A0 = generate(gens[0], false);
    GrB_Index nnz, n;
    check(GrB_Matrix_nvals(&nnz, A0), "nvals");
    check(GrB_Matrix_ncols(&n, A0), "ncols");
    bool push;
    check(gg_svm_decide(A0, false, nnz, 1, n, false, &push), "decision"); /* counts once */
    const int iters = 100000;
    int pushes = 0;
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        check(gg_svm_decide(A0, false, nnz, (GrB_Index)i % n + 1, n, i % 2 == 0, &push), "decision");
        pushes += push;
    }
    double cost = (now() - t0) / iters, fastest = INFINITY;
    GrB_free(&A0);
    sink = pushes;
    for (size_t i = 0; i < ncases; i++) fastest = fmin(fastest, fmin(cases[i].t_push, cases[i].t_pull));
    say("decision: %.0f ns a call, %.2f %% of the fastest case (%.1f us); a push work count, "
        "where made, is in the cases' times", 1e9 * cost,
        100 * cost / fastest, 1e6 * fastest);
}

int main(int argc, char **argv)
{
    const char *out = NULL, *data = "../shared/data/lagraph", *csv = NULL, *from = NULL;
    size_t max_gens = NGENS;
    bool by_time = true;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--out") == 0 && a + 1 < argc) out = argv[++a];
        else if (strcmp(argv[a], "--data") == 0 && a + 1 < argc) data = argv[++a];
        else if (strcmp(argv[a], "--csv") == 0 && a + 1 < argc) csv = argv[++a];
        else if (strcmp(argv[a], "--cases") == 0 && a + 1 < argc) from = argv[++a];
        else if (strcmp(argv[a], "--budget") == 0 && a + 1 < argc) budget = atof(argv[++a]);
        else if (strcmp(argv[a], "--quick") == 0) max_gens = 6, budget = 60;
        else if (strcmp(argv[a], "--weigh") == 0 && a + 1 < argc &&
                 (strcmp(argv[a + 1], "time") == 0 || strcmp(argv[a + 1], "count") == 0))
            by_time = strcmp(argv[++a], "time") == 0;
        else {
            fprintf(stderr, "usage: gg_svm_train --out MODEL.c [--data DIR] [--csv CASES.csv] "
                            "[--cases CASES.csv] [--weigh time|count] [--budget SECONDS] "
                            "[--quick]\n");
            return 2;
        }
    }
    if (out == NULL) {
        fprintf(stderr, "gg_svm_train: --out MODEL.c is required\n");
        return 2;
    }
    t_start = now();
    check(GrB_init(GrB_NONBLOCKING), "GrB_init");
    cases = calloc(MAX_CASES, sizeof *cases);
    if (cases == NULL) return 1;
    static char gpu_buf[256];
    const char *gpu = gpu_buf;
    if (from != NULL) {
        if (!load_cases(from, gpu_buf, sizeof gpu_buf)) return 1;
        printf("gg_svm_train: %zu cases from %s (%s)\n", ncases, from, gpu);
    } else {
        if (!gg_svm_device(&gpu)) {
            fprintf(stderr, "gg_svm_train: no usable CUDA device (%s)\n", gpu);
            return 1;
        }
        check(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CUDA, GxG_BACKEND), "backend");
        printf("gg_svm_train on %s; budget %.0f s\n", gpu, budget);
        measure_cases(max_gens, data);
    }
    size_t of_kind[GG_SVM_KINDS] = {0};
    int runs_of_kind[GG_SVM_KINDS] = {0};
    for (size_t i = 0; i < ncases; i++) of_kind[run_kind[cases[i].run]]++;
    for (int r = 1; r <= nruns; r++) runs_of_kind[run_kind[r]]++;
    say("%zu cases from %d matrices (%zu sweep cases, %zu BFS levels of %d runs, %zu SSSP "
        "products of %d runs, %zu BC products of %d runs; %.0f s); GPU %s", ncases, ngroups,
        of_kind[GG_SVM_SWEEP], of_kind[GG_SVM_BFS], runs_of_kind[GG_SVM_BFS], of_kind[GG_SVM_SSSP],
        runs_of_kind[GG_SVM_SSSP], of_kind[GG_SVM_BC], runs_of_kind[GG_SVM_BC], elapsed(), gpu);

    /* ---- training ---- */
    double *x = malloc((ncases + 1) * GG_SVM_NFEAT * sizeof *x);
    int *y = malloc((ncases + 1) * sizeof *y), *grp = malloc((ncases + 1) * sizeof *grp);
    int *pred = malloc((ncases + 1) * sizeof *pred);
    double *wt = malloc((ncases + 1) * sizeof *wt), mean_wt = 0;
    if (x == NULL || y == NULL || grp == NULL || pred == NULL || wt == NULL) return 1;
    size_t npull = 0;
    for (size_t i = 0; i < ncases; i++) {
        memcpy(x + i * GG_SVM_NFEAT, cases[i].x, sizeof cases[i].x);
        y[i] = cases[i].t_pull < cases[i].t_push ? 1 : -1;
        npull += y[i] > 0;
        grp[i] = cases[i].group;
        wt[i] = cases[i].weight * (by_time ? fabs(cases[i].t_push - cases[i].t_pull) : 1);
        mean_wt += wt[i] / (double)ncases;
    }
    for (size_t i = 0; i < ncases && mean_wt > 0; i++) wt[i] /= mean_wt; /* C keeps its scale */
    gg_svm_set set = {x, y, grp, ncases, wt};
    say("labels: %zu non-sparse (pull faster), %zu sparse (push faster); cases weighed by %s",
        npull, ncases - npull, by_time ? "the time at stake" : "count");
    const double Cs[] = {0.01, 0.1, 1, 10, 100};
    double best_loss = INFINITY, C = 1;
    for (size_t k = 0; k < sizeof Cs / sizeof Cs[0]; k++) {
        double acc = gg_svm_cross_validate(&set, NULL, Cs[k], FOLDS, pred);
        double loss = time_lost(pred);
        say("C = %-6g  %d-fold cross-validated: accuracy %.4f (by weight), time lost %.2f %%",
            Cs[k], FOLDS, acc, 100 * loss);
        if (loss < best_loss) best_loss = loss, C = Cs[k];
    }
    /* the paper's ablation: without each feature group */
    const struct {
        const char *name;
        int lo, hi;
    } groups_[] = {{"rows and cols", GG_SVM_ROWS, GG_SVM_COLS},
                   {"nnz", GG_SVM_NNZ, GG_SVM_NNZ},
                   {"column length std", GG_SVM_COLSTD, GG_SVM_COLSTD},
                   {"clustering factors", GG_SVM_CF0, GG_SVM_DENSITY - 1},
                   {"mask kind and list output", GG_SVM_MASKED, GG_SVM_LIST},
                   {"flat pull", GG_SVM_FLAT, GG_SVM_FLAT},
                   {"push work fraction", GG_SVM_WORK, GG_SVM_WORK}};
    for (size_t k = 0; k < sizeof groups_ / sizeof groups_[0]; k++) {
        bool use[GG_SVM_NFEAT];
        for (int f = 0; f < GG_SVM_NFEAT; f++) use[f] = f < groups_[k].lo || f > groups_[k].hi;
        say("without %-20s cross-validated accuracy %.4f", groups_[k].name,
            gg_svm_cross_validate(&set, use, C, FOLDS, NULL));
    }
    gg_svm_cross_validate(&set, NULL, C, FOLDS, pred);
    size_t right = 0;
    for (size_t i = 0; i < ncases; i++) right += pred[i] == y[i];
    double cv = ncases > 0 ? (double)right / (double)ncases : 1; /* by count, as recorded */
    say("C = %g: out of fold, %.4f of the decisions right, %.2f %% time lost", C, cv,
        100 * time_lost(pred));
    char date[64];
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    GG_svm_model m = {.gpu = gpu, .date = date, .cases = (int)ncases, .cv_accuracy = cv};
    gg_svm_train(&set, NULL, C, &m);

    /* Table VII, out of fold (each case decided by the model trained without its matrix): the
     * sweep's cases, each algorithm run's products, then all runs of each kind together; each
     * beside the n/32 rule */
    gg_case *sub = malloc((ncases + 1) * sizeof *sub);
    int *spred = malloc((ncases + 1) * sizeof *spred), *rule = malloc((ncases + 1) * sizeof *rule);
    if (sub == NULL || spred == NULL || rule == NULL) return 1;
    char line[256], what[128];
    for (int r = 0; r <= nruns + GG_SVM_KINDS; r++) {
        /* r <= nruns: run r (0 the sweep); then kind r - nruns - 1, when it has several runs */
        int kind = r <= nruns ? run_kind[r] : r - nruns - 1;
        if (r > nruns && (kind == GG_SVM_SWEEP || runs_of_kind[kind] < 2)) continue;
        size_t k = 0;
        for (size_t i = 0; i < ncases; i++)
            if (r <= nruns ? cases[i].run == r : run_kind[cases[i].run] == kind)
                sub[k] = cases[i], spred[k++] = pred[i];
        if (k == 0) continue;
        char who[96];
        if (r == 0)
            snprintf(who, sizeof who, "sweep");
        else if (r <= nruns)
            snprintf(who, sizeof who, "%s %s", kind_label[kind], run_name[r]);
        else
            snprintf(who, sizeof who, "all %d %s runs", runs_of_kind[kind], kind_label[kind]);
        snprintf(what, sizeof what, "%s, SVM (out of fold):", who);
        table7(line, sizeof line, what, spred, sub, k);
        say("%s", line);
        decide(NULL, sub, k, rule);
        snprintf(what, sizeof what, "%s, n/32 rule:", who);
        table7(line, sizeof line, what, rule, sub, k);
        say("%s", line);
    }
    decide(&m, cases, ncases, spred);
    table7(line, sizeof line, "all cases, SVM (trained on all):", spred, cases, ncases);
    say("%s", line);
    free(sub), free(spred), free(rule);

    if (from == NULL) decision_cost();
    say("C = %g; total %.0f s", C, elapsed());

    /* ---- outputs ---- */
    FILE *f = fopen(out, "w");
    if (f == NULL || !gg_svm_write(f, &m, report) || fclose(f) != 0) {
        fprintf(stderr, "gg_svm_train: cannot write %s\n", out);
        return 1;
    }
    printf("model written to %s\n", out);
    if (csv != NULL && (f = fopen(csv, "w")) != NULL) {
        fprintf(f, "# gpu: %s\n", gpu);
        for (int k = 1; k <= nruns; k++) gg_svm_write_run(f, run_kind[k], k, run_name[k]);
        gg_svm_write_header(f);
        for (size_t i = 0; i < ncases; i++) gg_svm_write_case(f, &cases[i]);
        fclose(f);
    }
    free(x), free(y), free(grp), free(pred), free(wt), free(cases);
    GrB_finalize();
    return 0;
}
