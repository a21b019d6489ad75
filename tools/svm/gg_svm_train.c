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
 *   together weigh as much as that matrix's sweep.
 * Each case runs with the push forced and with the pull forced (GG_cuda_mxv_force), one warm-up
 * then the median of 5 (BFS: 3) calls, each call timed on the host up to its nvals (which waits
 * for the device), as an algorithm's loop sees it; both results must have the same nvals. The
 * label is the faster mode. The features come from the library itself: the matrix's from its
 * cached pass (GG_cuda_mxv_features), the call's (density, mask kind, list output) from the
 * slot's record of the call (GG_cuda_mxv_last_call), both through svm_hooks.h, so the trainer
 * sees exactly what the slot will.
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
 * against the per-case oracle, out of fold, for the sweep cases and for each BFS, each beside the
 * old n/32 rule's. The run stops adding matrices as its time budget (--budget, default 330 s)
 * runs out.
 *
 * This file sees only the public API; svm_hooks.c reaches the internals (the forced mode, the
 * features). The generators and the reader are compiled in from their sources (meson.build). */
#include "gg_gen.h"
#include "gg_mmio.h"
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
 * interleaved so that a budget cut still leaves variety. RMAT and uniform graphs are made
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
    "grid:3000",         "urand:524288:4194304",
};
#define NGENS (sizeof gens / sizeof gens[0])

typedef struct {
    double x[GG_SVM_NFEAT];
    double t_push, t_pull;
    double weight;
    int group;
    int bfs; /* 0: a sweep case; k > 0: a level of BFS run k (bfs_name[k]) */
} gg_case;

static gg_case *cases;
static size_t ncases;
static int ngroups;
#define MAX_BFS 64
static char bfs_name[MAX_BFS + 1][64];
static int nbfs;
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

/* One product w<!mask, struct, replace> = u' A (vxm) or A u with the mode forced; *nv its nvals.
 * A product the device declined (and the CPU ran) would time the wrong thing: it ends the run. */
static void call(int mode, GrB_Vector w, GrB_Vector mask, GrB_Semiring sr, GrB_Matrix A,
                 GrB_Vector u, bool vxm, GrB_Index *nv)
{
    gg_svm_force(mode);
    GrB_Descriptor d = mask != NULL ? GrB_DESC_RSC : NULL;
    size_t before = declines();
    check(vxm ? GrB_vxm(w, mask, NULL, sr, u, A, d) : GrB_mxv(w, mask, NULL, sr, A, u, d), "mxv");
    check(GrB_Vector_nvals(nv, w), "nvals");
    if (declines() != before) {
        fprintf(stderr, "gg_svm_train: the device declined a product (GxG_TRACE=1 says why)\n");
        exit(1);
    }
}

/* The median time of `reps` calls after one warm-up. */
static double timed(int mode, GrB_Vector w, GrB_Vector mask, GrB_Semiring sr, GrB_Matrix A,
                    GrB_Vector u, bool vxm, int reps, GrB_Index *nv)
{
    double t[REPS];
    call(mode, w, mask, sr, A, u, vxm, nv);
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        call(mode, w, mask, sr, A, u, vxm, nv);
        t[r] = now() - t0;
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    return t[reps / 2];
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
            c->t_push = timed(GG_SVM_MODE_PUSH, w, NULL, srs[s], A, u, false, REPS, &nv_push);
            c->t_pull = timed(GG_SVM_MODE_PULL, w, NULL, srs[s], A, u, false, REPS, &nv_pull);
            if (nv_push != nv_pull) {
                fprintf(stderr, "gg_svm_train: %s, density %g: push and pull disagree (%llu, %llu "
                        "entries); case dropped\n", name, densities[di],
                        (unsigned long long)nv_push, (unsigned long long)nv_pull);
            } else {
                memcpy(c->x, feat, sizeof feat);
                call_features(c->x);
                c->weight = 1;
                c->group = g;
                c->bfs = 0;
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

static GrB_Matrix generate(const char *text)
{
    GG_gen_spec spec;
    char err[256];
    check(GG_gen_parse(&spec, text, err, sizeof err), err);
    if (spec.kind == GG_GEN_RMAT || spec.kind == GG_GEN_URAND)
        spec.flags |= GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
    GG_coo coo;
    check(GG_gen(&coo, &spec), text);
    GrB_Matrix A;
    check(GG_coo_build(&A, &coo, GrB_FP32, NULL), "build");
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

/* The lowest vertex with an out-edge (grbgpu's default source), or n when there is none. */
static GrB_Index first_source(GrB_Matrix A, GrB_Index n)
{
    GrB_Vector d;
    GrB_Index nv, src = n;
    check(GrB_Vector_new(&d, GrB_FP64, n), "vector");
    check(GrB_Matrix_reduce_Monoid(d, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL), "reduce");
    check(GrB_Vector_nvals(&nv, d), "nvals");
    GrB_Index *I = malloc((nv + 1) * sizeof *I);
    if (I == NULL) exit(1);
    check(GrB_Vector_extractTuples_FP64(I, NULL, &nv, d), "tuples");
    if (nv > 0) src = I[0];
    free(I);
    GrB_free(&d);
    return src;
}

/* BFS run `run` over A by vxm, q<!v, struct, replace> = q A (LOR_LAND), both modes timed at the
 * sampled levels, which become cases of group g (features of A', as the slot sees a vxm) sharing
 * the weight `total`; the other levels run once, as the SVM decides. The level's assign v<q> =
 * true runs in the first call of the next level (deferred, or fused into a push), which is the
 * untimed warm-up. Stops after `cap` seconds. Returns the cases added. */
static size_t bfs_cases(GrB_Matrix A, int g, int run, double total, double cap)
{
    GrB_Index n, ncols, nv = 1;
    check(GrB_Matrix_nrows(&n, A), "nrows");
    check(GrB_Matrix_ncols(&ncols, A), "ncols");
    GrB_Index src = n == ncols ? first_source(A, n) : n;
    if (src >= n) return 0;
    double feat[GG_SVM_NFEAT], t0 = now();
    check(gg_svm_features(A, true, feat), "features");
    const GrB_Semiring sr = GrB_LOR_LAND_SEMIRING_BOOL;
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
        if (sampled(level)) {
            gg_case *c = &cases[ncases++];
            memcpy(c->x, feat, sizeof feat);
            c->t_pull = timed(GG_SVM_MODE_PULL, next, v, sr, A, q, true, 3, &b);
            c->t_push = timed(GG_SVM_MODE_PUSH, next, v, sr, A, q, true, 3, &a);
            call_features(c->x); /* the push's call: the same inputs as the pull's */
            c->group = g;
            c->bfs = run;
            if (a != b) {
                fprintf(stderr, "gg_svm_train: BFS level %zu: push and pull disagree\n", level);
                exit(1);
            }
            /* the next level reads the frontier in the form the faster mode leaves (a push's
             * list, a pull's bitmap), as a run with the oracle's choices would */
            if (c->t_pull < c->t_push) call(GG_SVM_MODE_PULL, next, v, sr, A, q, true, &b);
        } else {
            call(GG_SVM_MODE_RULE, next, v, sr, A, q, true, &a);
        }
        GrB_Vector t = q;
        q = next, next = t;
        nv = a;
        check(GrB_Vector_assign_BOOL(v, q, NULL, true, GrB_ALL, n, GrB_DESC_S), "assign");
    }
    gg_svm_force(GG_SVM_MODE_RULE);
    GrB_free(&q), GrB_free(&v), GrB_free(&next);
    for (size_t i = first; i < ncases; i++) cases[i].weight = total / (double)(ncases - first);
    return ncases - first;
}

/* A matrix's cases: its sweep, then its BFS (a square one's, while the budget lasts). */
static void add_matrix(GrB_Matrix A, const char *name)
{
    int g = ngroups++;
    size_t swept = sweep(A, name, g);
    if (nbfs >= MAX_BFS || elapsed() >= 0.75 * budget) return;
    double t0 = now();
    size_t levels = bfs_cases(A, g, nbfs + 1, swept > 0 ? (double)swept : 1, fmin(10, 0.03 * budget));
    if (levels == 0) return;
    snprintf(bfs_name[++nbfs], sizeof bfs_name[0], "%s", name);
    printf("%-24s BFS: %zu levels timed in %.1f s\n", name, levels, now() - t0);
    fflush(stdout);
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
static char report[16384];

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
        GrB_Matrix A = generate(gens[gi]);
        add_matrix(A, gens[gi]);
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
        if (GrB_Matrix_nvals(&nnz, A) == GrB_SUCCESS && nnz >= 1000) add_matrix(A, e->d_name);
        GrB_free(&A);
    }
    if (dir != NULL) closedir(dir);
}

/* The cases of a file written by --csv: its "# gpu: ..." and "# bfs K: NAME" lines (absent from
 * files of the first runs), the header, then one case a line. */
static bool load_cases(const char *path, char *gpu, size_t size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "gg_svm_train: cannot read %s\n", path);
        return false;
    }
    snprintf(gpu, size, "the GPU that measured %s", path);
    char line[4096];
    int k;
    while (fgets(line, sizeof line, f) != NULL) {
        char *nl = strchr(line, '\n');
        if (nl != NULL) *nl = '\0';
        if (strncmp(line, "# gpu: ", 7) == 0) {
            snprintf(gpu, size, "%s", line + 7);
            continue;
        }
        if (sscanf(line, "# bfs %d:", &k) == 1 && k > 0 && k <= MAX_BFS) {
            snprintf(bfs_name[k], sizeof bfs_name[0], "%s", strchr(line, ':') + 2);
            continue;
        }
        if (line[0] == '#' || strncmp(line, "group,", 6) == 0) continue;
        if (ncases == MAX_CASES) break;
        gg_case *c = &cases[ncases];
        char *p = line, *end;
        c->group = (int)strtol(p, &end, 10);
        c->bfs = (int)strtol(end + 1, &end, 10);
        c->weight = strtod(end + 1, &end);
        c->t_push = strtod(end + 1, &end);
        c->t_pull = strtod(end + 1, &end);
        for (int j = 0; j < GG_SVM_NFEAT; j++) c->x[j] = strtod(end + 1, &end);
        if (*end != '\0' || c->bfs < 0 || c->bfs > MAX_BFS || c->group < 0) {
            fprintf(stderr, "gg_svm_train: %s: bad case line %zu\n", path, ncases + 1);
            fclose(f);
            return false;
        }
        ngroups = c->group + 1 > ngroups ? c->group + 1 : ngroups;
        nbfs = c->bfs > nbfs ? c->bfs : nbfs;
        ncases++;
    }
    fclose(f);
    for (k = 1; k <= nbfs; k++)
        if (bfs_name[k][0] == '\0') snprintf(bfs_name[k], sizeof bfs_name[0], "run %d", k);
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
    GrB_Matrix A0 = generate(gens[0]);
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
    say("decision: %.0f ns a call, %.2f %% of the fastest case (%.1f us)", 1e9 * cost,
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
    size_t nlevels = 0;
    for (size_t i = 0; i < ncases; i++) nlevels += cases[i].bfs > 0;
    say("%zu cases from %d matrices (%zu of them levels of %d BFS runs; %.0f s); GPU %s", ncases,
        ngroups, nlevels, nbfs, elapsed(), gpu);

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
                   {"mask kind and list output", GG_SVM_MASKED, GG_SVM_LIST}};
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
     * sweep's cases, then each BFS's levels; each beside the n/32 rule */
    gg_case *sub = malloc((ncases + 1) * sizeof *sub);
    int *spred = malloc((ncases + 1) * sizeof *spred), *rule = malloc((ncases + 1) * sizeof *rule);
    if (sub == NULL || spred == NULL || rule == NULL) return 1;
    char line[256], what[128];
    for (int r = 0; r <= nbfs; r++) {
        size_t k = 0;
        for (size_t i = 0; i < ncases; i++)
            if (cases[i].bfs == r) sub[k] = cases[i], spred[k++] = pred[i];
        if (k == 0) continue;
        snprintf(what, sizeof what, "%s%s, SVM (out of fold):", r == 0 ? "sweep" : "BFS ",
                 r == 0 ? "" : bfs_name[r]);
        table7(line, sizeof line, what, spred, sub, k);
        say("%s", line);
        decide(NULL, sub, k, rule);
        snprintf(what, sizeof what, "%s%s, n/32 rule:", r == 0 ? "sweep" : "BFS ",
                 r == 0 ? "" : bfs_name[r]);
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
        for (int k = 1; k <= nbfs; k++) fprintf(f, "# bfs %d: %s\n", k, bfs_name[k]);
        fprintf(f, "group,bfs,weight,t_push,t_pull");
        for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",f%d", k);
        fprintf(f, "\n");
        for (size_t i = 0; i < ncases; i++) {
            fprintf(f, "%d,%d,%.9g,%.9g,%.9g", cases[i].group, cases[i].bfs, cases[i].weight,
                    cases[i].t_push, cases[i].t_pull);
            for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",%.9g", cases[i].x[k]);
            fprintf(f, "\n");
        }
        fclose(f);
    }
    free(x), free(y), free(grp), free(pred), free(wt), free(cases);
    GrB_finalize();
    return 0;
}
