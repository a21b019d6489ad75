/* gg_svm_train.c: trains the SVM that picks the frontier product's mode (cuda/GG_cuda_svm.h) on
 * the GPU host, once, and writes cuda/svm_model.c. Doc/performance.md has the command.
 *
 * Cases: matrices made here by the repo's generators (tools/gen, as grbgpu and bench/gap use:
 * RMAT, uniform, grid, banded, localized, dense, at several sizes) and the Matrix Market files of
 * a directory (default ../shared/data/lagraph, those with at least 1000 entries), times a sweep
 * of input densities from 0.01 % to 50 %, times two semirings (PLUS_TIMES on FP32, LOR_LAND on
 * BOOL): w = A u, no mask. Each case runs with the push forced and with the pull forced
 * (GG_cuda_mxv_force), one warm-up then the median of 5 calls, each call timed on the host up to
 * its nvals (which waits for the device), as an algorithm's loop sees it; both results must have
 * the same nvals. The label is the faster mode. Features come from the library's own cached pass
 * (GG_cuda_mxv_features, through svm_hooks.h), so the trainer sees exactly what the slot will.
 *
 * Training: C from {0.01, 0.1, 1, 10, 100} by 5-fold cross-validation whose folds are whole
 * matrices (cases of one matrix are alike, so splitting them would flatter the accuracy); the
 * model trained on every case with the best C is written. Reported: the cross-validated accuracy
 * per C; the same without each feature group (the paper's Table VII ablation); and, as the
 * paper's Table VII, the fraction of correct decisions and the time lost against the per-case
 * oracle for the cases (out-of-fold predictions) and for BFS runs (q<!v> = q A per level, both
 * modes timed at each level), each beside the old n/32 rule's. The run stops adding matrices and
 * BFS graphs as its time budget (--budget, default 330 s) runs out.
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
 * interleaved so that a budget cut still leaves variety; bfs: also used for the BFS runs (kept
 * until then). RMAT and uniform graphs are made undirected and clean, as GAP's. */
static const struct {
    const char *spec;
    bool bfs;
} gens[] = {
    {"rmat:12", false},           {"grid:100", false},
    {"band:16384:8:0.5", false},  {"urand:16384:262144", false},
    {"local:16384", false},       {"dense:512", false},
    {"rmat:14:64", false},        {"urand:65536:262144", false},
    {"grid:300", false},          {"band:65536:32:0.3", true},
    {"local:65536:8", false},     {"rmat:16:4", false},
    {"rmat:16", false},           {"urand:65536:2097152", false},
    {"dense:2048", false},        {"band:262144:16:0.2", false},
    {"local:262144", false},       {"rmat:18", true},
    {"rmat:18:4", false},         {"urand:262144:2097152", true},
    {"grid:1000", true},          {"band:1048576:4:0.6", false},
    {"urand:1048576:2097152", true}, {"local:1048576:8", false},
    {"rmat:20", true},            {"urand:1048576:16777216", false},
    {"grid:1500", false},         {"band:1048576:64:0.1", false},
    {"rmat:19:8", false},         {"urand:131072:1048576", false},
    {"grid:2000", false},         {"rmat:17:32", false},
    {"grid:3000", false},         {"urand:524288:4194304", false},
};
#define NGENS (sizeof gens / sizeof gens[0])

typedef struct {
    double x[GG_SVM_NFEAT];
    double t_push, t_pull;
    int group;
} gg_case;

static gg_case *cases;
static size_t ncases;
static int ngroups;
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

/* The density sweep of one matrix: cases appended, group g. */
static void sweep(GrB_Matrix A, const char *name, int g)
{
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
                c->x[GG_SVM_DENSITY] = GG_svm_density(nu, n);
                c->group = g;
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

/* BFS from vertex 0 of A by vxm (q<!v> = q A, LOR_LAND), both modes timed at every level; the
 * per-level cases are written to bfs[] (features of A', as the slot sees a vxm). The level's
 * assign v<q> = true runs in the first call of the next level (deferred, or fused into a push),
 * which is the untimed warm-up. */
static size_t bfs_levels(GrB_Matrix A, gg_case *bfs, size_t room)
{
    GrB_Index n, nv = 1;
    check(GrB_Matrix_nrows(&n, A), "nrows");
    double feat[GG_SVM_NFEAT];
    check(gg_svm_features(A, true, feat), "features");
    GrB_Vector q, v, next;
    check(GrB_Vector_new(&q, GrB_BOOL, n), "vector");
    check(GrB_Vector_new(&v, GrB_BOOL, n), "vector");
    check(GrB_Vector_new(&next, GrB_BOOL, n), "vector");
    check(GrB_Vector_setElement_BOOL(q, true, 0), "set");
    check(GrB_Vector_setElement_BOOL(v, true, 0), "set");
    size_t levels = 0;
    while (nv > 0 && levels < room && elapsed() < budget) {
        gg_case *c = &bfs[levels++];
        memcpy(c->x, feat, sizeof feat);
        c->x[GG_SVM_DENSITY] = GG_svm_density(nv, n);
        GrB_Index a, b;
        c->t_pull = timed(GG_SVM_MODE_PULL, next, v, GrB_LOR_LAND_SEMIRING_BOOL, A, q, true, 3, &b);
        c->t_push = timed(GG_SVM_MODE_PUSH, next, v, GrB_LOR_LAND_SEMIRING_BOOL, A, q, true, 3, &a);
        if (a != b) {
            fprintf(stderr, "gg_svm_train: BFS level %zu: push and pull disagree\n", levels);
            exit(1);
        }
        /* the next level reads the frontier in the form the faster mode leaves (a push's list,
         * a pull's bitmap), as a run with the oracle's choices would */
        if (c->t_pull < c->t_push)
            call(GG_SVM_MODE_PULL, next, v, GrB_LOR_LAND_SEMIRING_BOOL, A, q, true, &b);
        GrB_Vector t = q;
        q = next, next = t;
        nv = a;
        check(GrB_Vector_assign_BOOL(v, q, NULL, true, GrB_ALL, n, GrB_DESC_S), "assign");
    }
    gg_svm_force(GG_SVM_MODE_RULE);
    GrB_free(&q), GrB_free(&v), GrB_free(&next);
    return levels;
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

int main(int argc, char **argv)
{
    const char *out = NULL, *data = "../shared/data/lagraph", *csv = NULL;
    size_t max_gens = NGENS;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--out") == 0 && a + 1 < argc) out = argv[++a];
        else if (strcmp(argv[a], "--data") == 0 && a + 1 < argc) data = argv[++a];
        else if (strcmp(argv[a], "--csv") == 0 && a + 1 < argc) csv = argv[++a];
        else if (strcmp(argv[a], "--budget") == 0 && a + 1 < argc) budget = atof(argv[++a]);
        else if (strcmp(argv[a], "--quick") == 0) max_gens = 6, budget = 60;
        else {
            fprintf(stderr, "usage: gg_svm_train --out MODEL.c [--data DIR] [--csv CASES.csv] "
                            "[--budget SECONDS] [--quick]\n");
            return 2;
        }
    }
    if (out == NULL) {
        fprintf(stderr, "gg_svm_train: --out MODEL.c is required\n");
        return 2;
    }
    t_start = now();
    check(GrB_init(GrB_NONBLOCKING), "GrB_init");
    const char *gpu;
    if (!gg_svm_device(&gpu)) {
        fprintf(stderr, "gg_svm_train: no usable CUDA device (%s)\n", gpu);
        return 1;
    }
    check(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CUDA, GxG_BACKEND), "backend");
    printf("gg_svm_train on %s; budget %.0f s\n", gpu, budget);
    cases = calloc(MAX_CASES, sizeof *cases);
    if (cases == NULL) return 1;

    /* ---- cases: the generated matrices, then the files ---- */
    GrB_Matrix keep[NGENS] = {NULL};
    const char *keep_name[NGENS] = {NULL};
    size_t nkeep = 0;
    for (size_t gi = 0; gi < max_gens && elapsed() < 0.6 * budget; gi++) {
        GrB_Matrix A = generate(gens[gi].spec);
        sweep(A, gens[gi].spec, ngroups++);
        if (gens[gi].bfs) {
            keep[nkeep] = A, keep_name[nkeep++] = gens[gi].spec;
        } else {
            GrB_free(&A);
        }
    }
    DIR *dir = opendir(data);
    for (struct dirent *e; dir != NULL && (e = readdir(dir)) != NULL && elapsed() < 0.6 * budget;) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".mtx") != 0) continue;
        char path[4096], msg[256];
        snprintf(path, sizeof path, "%s/%s", data, e->d_name);
        GrB_Matrix A;
        GrB_Index nnz;
        if (GG_mm_read_file(&A, NULL, path, GrB_FP32, msg, sizeof msg) != GrB_SUCCESS) continue;
        if (GrB_Matrix_nvals(&nnz, A) == GrB_SUCCESS && nnz >= 1000) sweep(A, e->d_name, ngroups++);
        GrB_free(&A);
    }
    if (dir != NULL) closedir(dir);
    say("%zu cases from %d matrices (%.0f s); GPU %s", ncases, ngroups, elapsed(), gpu);

    /* ---- training ---- */
    double *x = malloc((ncases + 1) * GG_SVM_NFEAT * sizeof *x);
    int *y = malloc((ncases + 1) * sizeof *y), *grp = malloc((ncases + 1) * sizeof *grp);
    int *pred = malloc((ncases + 1) * sizeof *pred);
    if (x == NULL || y == NULL || grp == NULL || pred == NULL) return 1;
    size_t npull = 0;
    for (size_t i = 0; i < ncases; i++) {
        memcpy(x + i * GG_SVM_NFEAT, cases[i].x, sizeof cases[i].x);
        y[i] = cases[i].t_pull < cases[i].t_push ? 1 : -1;
        npull += y[i] > 0;
        grp[i] = cases[i].group;
    }
    gg_svm_set set = {x, y, grp, ncases};
    say("labels: %zu non-sparse (pull faster), %zu sparse (push faster)", npull, ncases - npull);
    const double Cs[] = {0.01, 0.1, 1, 10, 100};
    double best_acc = -1, C = 1;
    for (size_t k = 0; k < sizeof Cs / sizeof Cs[0]; k++) {
        double acc = gg_svm_cross_validate(&set, NULL, Cs[k], FOLDS, NULL);
        say("C = %-6g  %d-fold cross-validated accuracy %.4f", Cs[k], FOLDS, acc);
        if (acc > best_acc) best_acc = acc, C = Cs[k];
    }
    /* the paper's ablation: without each feature group */
    const struct {
        const char *name;
        int lo, hi;
    } groups_[] = {{"rows and cols", GG_SVM_ROWS, GG_SVM_COLS},
                   {"nnz", GG_SVM_NNZ, GG_SVM_NNZ},
                   {"column length std", GG_SVM_COLSTD, GG_SVM_COLSTD},
                   {"clustering factors", GG_SVM_CF0, GG_SVM_DENSITY - 1}};
    for (size_t k = 0; k < sizeof groups_ / sizeof groups_[0]; k++) {
        bool use[GG_SVM_NFEAT];
        for (int f = 0; f < GG_SVM_NFEAT; f++) use[f] = f < groups_[k].lo || f > groups_[k].hi;
        say("without %-20s cross-validated accuracy %.4f", groups_[k].name,
            gg_svm_cross_validate(&set, use, C, FOLDS, NULL));
    }
    double cv = gg_svm_cross_validate(&set, NULL, C, FOLDS, pred);
    char line[256];
    table7(line, sizeof line, "cases, SVM (out of fold):", pred, cases, ncases);
    say("%s", line);
    decide(NULL, cases, ncases, pred);
    table7(line, sizeof line, "cases, n/32 rule:", pred, cases, ncases);
    say("%s", line);
    char date[64];
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    GG_svm_model m = {.gpu = gpu, .date = date, .cases = (int)ncases, .cv_accuracy = cv};
    gg_svm_train(&set, NULL, C, &m);
    decide(&m, cases, ncases, pred);
    table7(line, sizeof line, "cases, SVM (trained on all):", pred, cases, ncases);
    say("%s", line);

    /* the run-time decision's cost: the cached features, the density, the dot product (an upper
     * bound: the hook also asks A's nvals, which the slot has at hand) */
    if (nkeep > 0) {
        double t[GG_SVM_NFEAT], acc = 0, t0 = now();
        const int iters = 100000;
        for (int i = 0; i < iters; i++) {
            check(gg_svm_features(keep[0], false, t), "features");
            t[GG_SVM_DENSITY] = GG_svm_density((uint64_t)i + 1, 1u << 20);
            acc += GG_svm_score(&m, t);
        }
        double cost = (now() - t0) / iters, fastest = INFINITY;
        sink = acc;
        for (size_t i = 0; i < ncases; i++)
            fastest = fmin(fastest, fmin(cases[i].t_push, cases[i].t_pull));
        say("decision: %.0f ns a call, %.2f %% of the fastest case (%.1f us)", 1e9 * cost,
            100 * cost / fastest, 1e6 * fastest);
    }

    /* ---- BFS runs: Table VII ---- */
    enum { BFS_ROOM = 20000 };
    gg_case *bfs = malloc(BFS_ROOM * sizeof *bfs);
    int *bpred = malloc(BFS_ROOM * sizeof *bpred);
    if (bfs == NULL || bpred == NULL) return 1;
    for (size_t k = 0; k < nkeep; k++) {
        size_t levels = elapsed() < budget ? bfs_levels(keep[k], bfs, BFS_ROOM) : 0;
        if (levels > 0) {
            char what[96];
            snprintf(what, sizeof what, "BFS %s, SVM:", keep_name[k]);
            decide(&m, bfs, levels, bpred);
            table7(line, sizeof line, what, bpred, bfs, levels);
            say("%s", line);
            snprintf(what, sizeof what, "BFS %s, n/32 rule:", keep_name[k]);
            decide(NULL, bfs, levels, bpred);
            table7(line, sizeof line, what, bpred, bfs, levels);
            say("%s", line);
        } else {
            say("BFS %s: not run (time budget)", keep_name[k]);
        }
        GrB_free(&keep[k]);
    }
    say("C = %g; total %.0f s", C, elapsed());

    /* ---- outputs ---- */
    FILE *f = fopen(out, "w");
    if (f == NULL || !gg_svm_write(f, &m, report) || fclose(f) != 0) {
        fprintf(stderr, "gg_svm_train: cannot write %s\n", out);
        return 1;
    }
    printf("model written to %s\n", out);
    if (csv != NULL && (f = fopen(csv, "w")) != NULL) {
        fprintf(f, "group,t_push,t_pull");
        for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",f%d", k);
        fprintf(f, "\n");
        for (size_t i = 0; i < ncases; i++) {
            fprintf(f, "%d,%.9g,%.9g", cases[i].group, cases[i].t_push, cases[i].t_pull);
            for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",%.9g", cases[i].x[k]);
            fprintf(f, "\n");
        }
        fclose(f);
    }
    free(x), free(y), free(grp), free(pred), free(bfs), free(bpred), free(cases);
    GrB_finalize();
    return 0;
}
