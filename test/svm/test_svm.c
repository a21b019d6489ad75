/* test_svm.c: the frontier-mode SVM on the CPU (suite 'unit'): the trainer's math
 * (tools/svm/gg_svm.c) learns a separable toy set exactly, in training and in grouped
 * cross-validation; features it is told not to use, and constant ones, get weight 0; the model
 * source it writes reads back bit for bit and compiles; the committed cuda/svm_model.c reads back
 * as what it compiles to, and while it is provisional it is the old n/32 rule; the clustering
 * factors built from the device pass's counts (GG_svm_matrix_features) equal nnz / segments
 * counted by definition; a call's own features (mask kind, list output, flat pull); weighted
 * cases; the Table VII measures; the lines of a cases file (gg_svm.h), the committed ones
 * included. No GraphBLAS: the CUDA side is in cuda/test/test_cuda_svm.c. */
#include "gg_svm.h"

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

static uint64_t rng = 0x853c49e6748fea9bull;

static double uniform(double lo, double hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) * 0x1.0p-53;
}

/* A toy set, separable with a wide margin: pull when log2 density + nnz / 4 > 0 (other features
 * noise, but the push work, left at its estimate from the density as where it is not counted,
 * and the flat pull). */
#define TOY 400
static double toy_x[TOY * GG_SVM_NFEAT];
static int toy_y[TOY], toy_g[TOY];

static gg_svm_set toy_set(void)
{
    size_t n = 0;
    while (n < TOY) {
        double *x = toy_x + n * GG_SVM_NFEAT;
        for (int k = 0; k < GG_SVM_FLAT; k++) x[k] = uniform(0, 20);
        /* the flat pull 0, as in every case recorded so far, with no draw: the other features
         * keep the draws the toy was made with (one more moves a case across out of fold) */
        x[GG_SVM_FLAT] = 0;
        x[GG_SVM_DENSITY] = uniform(-16, 0);
        x[GG_SVM_WORK] = x[GG_SVM_DENSITY]; /* not counted: the density's estimate */
        double side = x[GG_SVM_DENSITY] + x[GG_SVM_NNZ] / 4;
        if (fabs(side) < 1.5) continue; /* the margin */
        toy_y[n] = side > 0 ? 1 : -1;
        toy_g[n] = (int)(n % 37);
        n++;
    }
    return (gg_svm_set){toy_x, toy_y, toy_g, TOY, NULL};
}

static double accuracy(const GG_svm_model *m, const gg_svm_set *s)
{
    size_t ok = 0;
    for (size_t i = 0; i < s->n; i++) ok += gg_svm_predict(m, s->x + i * GG_SVM_NFEAT) == s->y[i];
    return (double)ok / (double)s->n;
}

static void separable_toy_is_learned(void **state)
{
    (void)state;
    gg_svm_set s = toy_set();
    GG_svm_model m = {0};
    gg_svm_train(&s, NULL, 10, &m);
    assert_true(accuracy(&m, &s) == 1.0);
    int pred[TOY];
    assert_true(gg_svm_cross_validate(&s, NULL, 10, 5, pred) == 1.0);
    for (size_t i = 0; i < s.n; i++) assert_int_equal(pred[i], s.y[i]);
    /* the signal is in the density (shared with the work, its copy here) and nnz: they carry the
     * largest weights, with the right signs */
    assert_true(m.w[GG_SVM_DENSITY] + m.w[GG_SVM_WORK] > 0 && m.w[GG_SVM_NNZ] > 0);
    for (int k = 0; k < GG_SVM_NFEAT; k++)
        if (k != GG_SVM_DENSITY && k != GG_SVM_WORK && k != GG_SVM_NNZ)
            assert_true(fabs(m.w[k]) < 0.5 * m.w[GG_SVM_NNZ]);
}

/* A noisy label is not learnable in full: the trainer still ends, with accuracy below 1 (so the
 * assertions above can fail). */
static void noise_is_not_learned(void **state)
{
    (void)state;
    gg_svm_set s = toy_set();
    int y[TOY];
    for (size_t i = 0; i < s.n; i++) y[i] = uniform(0, 1) < 0.5 ? 1 : -1;
    s.y = y;
    GG_svm_model m = {0};
    gg_svm_train(&s, NULL, 1, &m);
    assert_true(accuracy(&m, &s) < 0.9);
    assert_true(gg_svm_cross_validate(&s, NULL, 1, 5, NULL) < 0.9);
}

static void unused_and_constant_features_get_no_weight(void **state)
{
    (void)state;
    gg_svm_set s = toy_set();
    bool use[GG_SVM_NFEAT];
    for (int k = 0; k < GG_SVM_NFEAT; k++) use[k] = k != GG_SVM_CF0 + 3;
    for (size_t i = 0; i < s.n; i++) toy_x[i * GG_SVM_NFEAT + GG_SVM_ROWS] = 7;
    GG_svm_model m = {0};
    gg_svm_train(&s, use, 10, &m);
    assert_true(m.w[GG_SVM_CF0 + 3] == 0);
    assert_true(m.w[GG_SVM_ROWS] == 0);
    assert_true(accuracy(&m, &s) == 1.0);
}

/* The text of f from its start. */
static char *slurp(FILE *f)
{
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    assert_true(len > 0);
    rewind(f);
    char *text = malloc((size_t)len + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    text[len] = '\0';
    return text;
}

static GG_svm_model trained_toy(void)
{
    gg_svm_set s = toy_set();
    GG_svm_model m = {.gpu = "NVIDIA \"Toy\" */ GPU", .date = "2026-11-26 08:00 UTC", .cases = TOY};
    gg_svm_train(&s, NULL, 10, &m);
    m.cv_accuracy = gg_svm_cross_validate(&s, NULL, 10, 5, NULL);
    return m;
}

static void written_model_reads_back(void **state)
{
    (void)state;
    GG_svm_model m = trained_toy();
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(gg_svm_write(f, &m, "recipe line 1 */ with a comment end\nline 2"));
    char *text = slurp(f);
    fclose(f);
    GG_svm_model r = {0};
    assert_true(GG_svm_parse(text, &r));
    for (int k = 0; k < GG_SVM_NFEAT; k++) assert_true(r.w[k] == m.w[k]);
    assert_true(r.b == m.b && r.cv_accuracy == m.cv_accuracy);
    assert_int_equal(r.cases, TOY);
    assert_false(r.provisional);
    /* a missing weight is an error, not a zero: drop the last weight's line (so a model of the
     * feature vector before the flat pull, one weight shorter, is refused) */
    char *line = strstr(text, "/* push work fraction");
    assert_non_null(line);
    while (line[-1] != '\n') line--;
    char *next = strchr(line, '\n') + 1;
    memmove(line, next, strlen(next) + 1);
    assert_false(GG_svm_parse(text, &r));
    free(text);
}

static void written_model_compiles(void **state)
{
    (void)state;
    GG_svm_model m = trained_toy();
    char path[] = "/tmp/gg_svm_modelXXXXXX.c";
    int fd = mkstemps(path, 2);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    assert_true(gg_svm_write(f, &m, "compile check"));
    fclose(f);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s -std=c11 -Wall -Werror -fsyntax-only -I'%s' '%s'", GG_TEST_CC,
             GG_TEST_CUDA_DIR, path);
    int rc = system(cmd);
    unlink(path);
    assert_int_equal(rc, 0);
}

static void committed_model_is_what_it_says(void **state)
{
    (void)state;
    FILE *f = fopen(GG_TEST_CUDA_DIR "/svm_model.c", "r");
    assert_non_null(f);
    char *text = slurp(f);
    fclose(f);
    GG_svm_model r = {0};
    assert_true(GG_svm_parse(text, &r));
    free(text);
    const GG_svm_model *m = &GG_svm_mxv_model;
    for (int k = 0; k < GG_SVM_NFEAT; k++) assert_true(r.w[k] == m->w[k]);
    assert_true(r.b == m->b && r.provisional == m->provisional && r.cases == m->cases);
    assert_non_null(m->gpu);
    assert_non_null(m->date);
    if (!m->provisional) {
        /* a trained model: the paper's bar is 30+ matrices times a density sweep */
        assert_true(m->cases >= 100);
        assert_true(m->cv_accuracy > 0.5 && m->cv_accuracy <= 1);
        return;
    }
    /* provisional: the n/32 rule (push while nvals < n / 32), with no feature but the density,
     * whatever the mask, the output form and the pull */
    assert_false(GG_svm_needs_counts(m));
    const uint64_t dims[] = {1, 31, 32, 100, 640, 1000, 4096, 1000003, (uint64_t)1 << 40};
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
        uint64_t n = dims[d];
        for (uint64_t nu = 1; nu <= n && nu < 100000; nu += 1 + nu / 64) {
            for (int kind = 0; kind < 32; kind++) {
                double t[GG_SVM_NFEAT];
                for (int k = 0; k < GG_SVM_DENSITY; k++) t[k] = uniform(0, 30);
                GG_svm_call_features(t, nu, n, kind & 1, kind & 2, kind & 4, kind & 8, kind & 16);
                bool push = GG_svm_score(m, t) < 0;
                assert_int_equal(push, (double)nu < (double)n / 32);
                if (nu != n / 32 || n % 32 == 0) assert_int_equal(push, nu < n / 32);
            }
        }
    }
}

/* A call's features: the density's log2 (an empty input counts as one entry) and the mask kind,
 * list output and flat pull as 0/1, a kind of mask only with a mask. */
static void call_features_encode_the_call(void **state)
{
    (void)state;
    double t[GG_SVM_NFEAT];
    GG_svm_call_features(t, 64, 1024, false, true, true, false, true); /* PLUS_TIMES's pull */
    assert_true(t[GG_SVM_DENSITY] == -4);
    assert_true(t[GG_SVM_MASKED] == 0 && t[GG_SVM_MASK_STRUCT] == 0 && t[GG_SVM_MASK_COMP] == 0);
    assert_true(t[GG_SVM_LIST] == 0 && t[GG_SVM_FLAT] == 1);
    GG_svm_call_features(t, 0, 1024, true, true, true, true, false); /* BFS's push */
    assert_true(t[GG_SVM_DENSITY] == -10);
    assert_true(t[GG_SVM_MASKED] == 1 && t[GG_SVM_MASK_STRUCT] == 1 && t[GG_SVM_MASK_COMP] == 1);
    assert_true(t[GG_SVM_LIST] == 1 && t[GG_SVM_FLAT] == 0);
    /* a complemented valued mask */
    GG_svm_call_features(t, 1024, 1024, true, false, true, false, false);
    assert_true(t[GG_SVM_DENSITY] == 0);
    assert_true(t[GG_SVM_MASKED] == 1 && t[GG_SVM_MASK_STRUCT] == 0 && t[GG_SVM_MASK_COMP] == 1);
    /* the push work, uncounted, is the density's estimate (columns of average length) */
    for (uint64_t nu = 0; nu <= 1024; nu += 97) {
        GG_svm_call_features(t, nu, 1024, true, true, true, true, false);
        assert_true(t[GG_SVM_WORK] == t[GG_SVM_DENSITY]);
    }
}

/* The push work fraction: log2((work + 1) / (nnz + 1)); counted only where nvals columns of the
 * longest length could hold 1/256 of the edges (or, that length unknown, from a density of
 * 1/256), whatever the density above. */
static void work_fraction_and_when_it_is_counted(void **state)
{
    (void)state;
    assert_true(GG_svm_work(0, 0) == 0);
    assert_true(GG_svm_work(1023, 1023) == 0);
    assert_true(GG_svm_work(0, 1023) == -10);
    assert_true(GG_svm_work(63, 1023) == -4);
    const uint64_t M = 1000000;
    /* grid 1000^2's widest level: 1000 vertices of at most 4 edges, of 4M: never counted */
    assert_false(GG_svm_work_worth_counting(1000, M, 4 * M, 4));
    /* RMAT-23's second level: a hundred vertices among which a hub of 10^5 edges, of 2.7e8 */
    assert_true(GG_svm_work_worth_counting(100, 8388608, 268435456, 100000));
    /* at the bound exactly */
    assert_true(GG_svm_work_worth_counting(15625, M, 4 * M, 1));
    assert_false(GG_svm_work_worth_counting(15624, M, 4 * M, 1));
    /* a dense frontier is counted: the pull is not certain there */
    assert_true(GG_svm_work_worth_counting(M / 2, M, 4 * M, 4));
    /* the longest column unknown: from a density of 1/256 */
    assert_true(GG_svm_work_worth_counting(M / 256 + 1, M, 4 * M, 0));
    assert_false(GG_svm_work_worth_counting(M / 256 - 1, M, 4 * M, 0));
    /* nothing to count */
    assert_false(GG_svm_work_worth_counting(0, M, 4 * M, 4));
    assert_false(GG_svm_work_worth_counting(10, M, 0, 0));
    /* a model reads it when its weight is not 0 */
    GG_svm_model m = {0};
    assert_false(GG_svm_reads_work(&m));
    m.w[GG_SVM_WORK] = -0.5;
    assert_true(GG_svm_reads_work(&m));
}

/* The work's bounds from the longest column: tight where every column is near it (the grid), the
 * whole range where it is unknown or long (RMAT's hubs); and a decision the bounds settle is the
 * one a count anywhere inside them would give, with the work feature moved into them, while one
 * they leave open is left to the count, t unchanged. */
static void work_bounds_settle_the_decision(void **state)
{
    (void)state;
    uint64_t lo, hi;
    /* the 3000^2 grid at 5 % (1,799,406 edges counted there) */
    GG_svm_work_bounds(450000, 9000000, 35988000, 4, &lo, &hi);
    assert_true(lo == 1788000 && hi == 1800000);
    /* unknown longest column, or one so long that no bound binds */
    GG_svm_work_bounds(450000, 9000000, 35988000, 0, &lo, &hi);
    assert_true(lo == 0 && hi == 35988000);
    GG_svm_work_bounds(100, 2097152, 63541098, 1000000, &lo, &hi);
    assert_true(lo == 0 && hi == 63541098);
    /* every column: exactly nnz */
    GG_svm_work_bounds(1000, 1000, 4000, 4, &lo, &hi);
    assert_true(lo == 4000 && hi == 4000);
    /* the score b + w t[WORK] (every other weight 0): pull from a work fraction of 1/16 */
    GG_svm_model m = {0};
    m.w[GG_SVM_WORK] = 1;
    m.b = 4;
    double t[GG_SVM_NFEAT] = {0};
    const uint64_t nnz = (1u << 20) - 1; /* GG_svm_work(w, nnz) = log2((w + 1) / 2^20) */
    for (int below = 0; below < 2; below++) {
        /* both ends on one side: settled, the estimate moved into the bounds */
        t[GG_SVM_WORK] = -1; /* far above both ends */
        uint64_t a = below ? 1023 : (1u << 17) - 1, b = below ? 4095 : (1u << 18) - 1;
        assert_true(GG_svm_work_settled(&m, t, a, b, nnz));
        assert_true(t[GG_SVM_WORK] == GG_svm_work(b, nnz));
        assert_true((GG_svm_score(&m, t) >= 0) == !below);
        t[GG_SVM_WORK] = -30; /* far below */
        assert_true(GG_svm_work_settled(&m, t, a, b, nnz));
        assert_true(t[GG_SVM_WORK] == GG_svm_work(a, nnz));
        assert_true((GG_svm_score(&m, t) >= 0) == !below);
    }
    /* the ends straddle the switch: open, t unchanged */
    t[GG_SVM_WORK] = -7;
    assert_false(GG_svm_work_settled(&m, t, 1023, (1u << 18) - 1, nnz));
    assert_true(t[GG_SVM_WORK] == -7);
}

/* Weights: cases that contradict each other in pairs (the same features, opposite labels) are
 * decided by the heavier side, in training and in the weighted accuracy. */
static void weights_decide_contradictions(void **state)
{
    (void)state;
    enum { N = 200 };
    static double x[N * GG_SVM_NFEAT], w[N];
    static int y[N], g[N];
    for (size_t i = 0; i < N; i++) {
        double *xi = x + i * GG_SVM_NFEAT;
        for (int k = 0; k < GG_SVM_NFEAT; k++) xi[k] = 0;
        xi[GG_SVM_DENSITY] = uniform(-16, 0);
        xi[GG_SVM_LIST] = (double)(i / 2 % 2);
        if (i % 2 == 1) memcpy(xi, xi - GG_SVM_NFEAT, GG_SVM_NFEAT * sizeof *xi);
        /* list cases: the push (-1) heavier; the others: the pull (+1) heavier */
        bool list = xi[GG_SVM_LIST] != 0;
        y[i] = i % 2 == 0 ? -1 : 1;
        w[i] = (y[i] < 0) == list ? 4 : 1;
        g[i] = (int)(i / 2 % 23);
    }
    gg_svm_set s = {x, y, g, N, w};
    GG_svm_model m = {0};
    gg_svm_train(&s, NULL, 10, &m);
    for (size_t i = 0; i < N; i++) {
        bool list = x[i * GG_SVM_NFEAT + GG_SVM_LIST] != 0;
        assert_int_equal(gg_svm_predict(&m, x + i * GG_SVM_NFEAT), list ? -1 : 1);
    }
    assert_true(m.w[GG_SVM_LIST] < 0);
    assert_true(fabs(gg_svm_cross_validate(&s, NULL, 10, 5, NULL) - 0.8) < 1e-12);
    /* unweighted, each pair is a tie: half right whatever the model */
    s.weight = NULL;
    assert_true(fabs(gg_svm_cross_validate(&s, NULL, 10, 5, NULL) - 0.5) < 1e-12);
}

/* R given by rows of ascending column indices: the clustering factors from the counts the device
 * pass makes (consecutive pairs, row starts) against segments counted by definition. */
static void clustering_factors_by_definition(void **state)
{
    (void)state;
    enum { ROWS = 40, COLS = 1 << 21 };
    static uint64_t ptr[ROWS + 1], idx[ROWS * 64];
    uint64_t nnz = 0;
    for (int r = 0; r < ROWS; r++) {
        ptr[r] = nnz;
        uint64_t c = (uint64_t)uniform(0, 4096);
        int len = r % 5 == 0 ? 0 : (int)uniform(1, 64); /* some rows empty */
        for (int k = 0; k < len && c < COLS; k++) {
            idx[nnz++] = c;
            /* steps from 1 to far past the widest panel */
            double step = k % 3 == 0   ? uniform(0, 8)
                          : k % 3 == 1 ? uniform(0, 600)
                                       : uniform(0, 300000);
            c += 1 + (uint64_t)step;
        }
    }
    ptr[ROWS] = nnz;
    /* the counts as the kernels make them */
    GG_svm_counts c = {0};
    for (uint64_t p = 1; p < nnz; p++) {
        uint64_t d = (idx[p] ^ idx[p - 1]) >> GG_SVM_PANEL_LO;
        if (d == 0) continue;
        int top = 63 - __builtin_clzll(d);
        c.hist[top < GG_SVM_NPANEL - 1 ? top : GG_SVM_NPANEL - 1]++;
    }
    for (int r = 0; r < ROWS; r++) {
        if (ptr[r + 1] == ptr[r]) continue;
        c.rows_nonempty++;
        uint64_t p = ptr[r];
        uint64_t d = p > 0 ? (idx[p] ^ idx[p - 1]) >> GG_SVM_PANEL_LO : 0;
        if (d == 0) continue;
        int top = 63 - __builtin_clzll(d);
        c.hist[top < GG_SVM_NPANEL - 1 ? top : GG_SVM_NPANEL - 1]--;
    }
    /* the sum over columns of len^2 is the sum over entries of their column's length */
    for (uint64_t p = 0; p < nnz; p++)
        for (uint64_t q = 0; q < nnz; q++) c.sumsq += idx[q] == idx[p];
    double t[GG_SVM_NFEAT];
    GG_svm_matrix_features(t, ROWS, COLS, nnz, &c);
    for (int k = 0; k < GG_SVM_NPANEL; k++) {
        int s = GG_SVM_PANEL_LO + k;
        uint64_t segments = 0;
        for (int r = 0; r < ROWS; r++)
            for (uint64_t p = ptr[r]; p < ptr[r + 1]; p++)
                segments += p == ptr[r] || (idx[p] >> s) != (idx[p - 1] >> s);
        assert_true(fabs(t[GG_SVM_CF0 + k] - log2(1.0 + (double)nnz / (double)segments)) < 1e-12);
    }
    double mean = (double)nnz / COLS, var = (double)c.sumsq / COLS - mean * mean;
    assert_true(fabs(t[GG_SVM_COLSTD] - log2(1 + sqrt(var))) < 1e-12);
    assert_true(t[GG_SVM_NNZ] == log2(1.0 + (double)nnz));
    assert_true(t[GG_SVM_ROWS] == log2(1.0 + ROWS) && t[GG_SVM_COLS] == log2(1.0 + COLS));
}

static void decisions_against_the_oracle(void **state)
{
    (void)state;
    const double push[] = {1, 5, 2, 10}, pull[] = {2, 4, 2, 1};
    const int pred[] = {-1, -1, 1, -1}; /* right, wrong (5 for 4), a tie, wrong (10 for 1) */
    double frac, loss;
    gg_svm_score_decisions(pred, push, pull, 4, &frac, &loss);
    assert_true(frac == 0.5);
    assert_true(fabs(loss - (18.0 / 8.0 - 1)) < 1e-15);
    gg_svm_score_decisions(pred, push, pull, 0, &frac, &loss);
    assert_true(frac == 1 && loss == 0);
}

/* A header and a case line written read back exactly (values of at most 9 digits), in a file
 * with run lines. */
static void case_lines_read_back(void **state)
{
    (void)state;
    gg_svm_case c = {.t_push = 1.25e-05, .t_pull = 0.000123456789, .weight = 0.375, .group = 7,
                     .run = 12};
    for (int k = 0; k < GG_SVM_NFEAT; k++) c.x[k] = k % 3 == 0 ? -0.5 * k : 1.0 / 1024 * k;
    FILE *f = tmpfile();
    assert_non_null(f);
    gg_svm_write_run(f, GG_SVM_SSSP, 12, "rmat:20");
    gg_svm_write_header(f);
    gg_svm_write_case(f, &c);
    rewind(f);
    char line[4096];
    int kind = -1, run = -1;
    const char *name = NULL;
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "# sssp 12: rmat:20\n");
    assert_true(gg_svm_parse_run(line, &kind, &run, &name));
    assert_int_equal(kind, GG_SVM_SSSP);
    assert_int_equal(run, 12);
    assert_string_equal(name, "rmat:20\n");
    assert_false(gg_svm_parse_case(line, GG_SVM_NFEAT, &c));
    assert_int_equal(gg_svm_parse_header(line), 0);
    assert_non_null(fgets(line, sizeof line, f));
    assert_int_equal(gg_svm_parse_header(line), GG_SVM_NFEAT);
    assert_false(gg_svm_parse_case(line, GG_SVM_NFEAT, &c));
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    gg_svm_case d;
    assert_int_equal(gg_svm_parse_header(line), 0);
    assert_true(gg_svm_parse_case(line, GG_SVM_NFEAT, &d));
    assert_int_equal(d.group, 7);
    assert_int_equal(d.run, 12);
    assert_true(d.weight == c.weight && d.t_push == c.t_push && d.t_pull == c.t_pull);
    for (int k = 0; k < GG_SVM_NFEAT; k++) assert_true(d.x[k] == c.x[k]);
    assert_false(gg_svm_parse_run(line, &kind, &run, &name));
}

/* The header of a file of nfeat feature columns ("group,run,weight,t_push,t_pull,f0,..."). */
static void header_of(char *out, size_t size, int nfeat)
{
    int len = snprintf(out, size, "group,run,weight,t_push,t_pull");
    for (int k = 0; k < nfeat; k++) len += snprintf(out + len, size - (size_t)len, ",f%d", k);
}

/* Lines that are not whole case lines for their file's header, or not run lines, or not a header
 * of a known feature vector, are refused; the lines of the files before the flat pull and before
 * the work fraction read with the features they lack 0. */
static void bad_lines_are_refused(void **state)
{
    (void)state;
    char good[1024], bad[2048];
    int len = snprintf(good, sizeof good, "3,0,1,2e-05,3e-05");
    for (int k = 0; k < GG_SVM_NFEAT; k++) len += snprintf(good + len, sizeof good - (size_t)len, ",%d", k);
    gg_svm_case c;
    assert_true(gg_svm_parse_case(good, GG_SVM_NFEAT, &c));
    assert_true(c.x[GG_SVM_FLAT] == GG_SVM_FLAT && c.x[GG_SVM_WORK] == GG_SVM_WORK);
    snprintf(bad, sizeof bad, "%s,1", good); /* a field too many */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    /* one too few for its header */
    snprintf(bad, sizeof bad, "%.*s", (int)(strrchr(good, ',') - good), good);
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    /* in a file before the flat pull: its last column (here GG_SVM_FLAT) is the work fraction */
    assert_true(gg_svm_parse_case(bad, GG_SVM_NFEAT - 1, &c));
    assert_true(c.x[GG_SVM_FLAT] == 0 && c.x[GG_SVM_WORK] == GG_SVM_FLAT &&
                c.x[GG_SVM_FLAT - 1] == GG_SVM_FLAT - 1);
    snprintf(bad, sizeof bad, "%s,", good); /* an empty last field */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    bad[strrchr(good, ',') - good] = '\0';
    *strrchr(bad, ',') = '\0'; /* two too few: a file before the work fraction, both 0 */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT - 1, &c));
    assert_true(gg_svm_parse_case(bad, GG_SVM_NFEAT - 2, &c));
    assert_true(c.x[GG_SVM_FLAT] == 0 && c.x[GG_SVM_WORK] == 0 &&
                c.x[GG_SVM_FLAT - 1] == GG_SVM_FLAT - 1);
    *strrchr(bad, ',') = '\0'; /* three too few: no file had that */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT - 3, &c));
    snprintf(bad, sizeof bad, "%.*s,", (int)(strrchr(good, ',') - good), good); /* one short, open */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT - 1, &c));
    snprintf(bad, sizeof bad, "%sx", good);
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    snprintf(bad, sizeof bad, "-%s", good); /* a negative group */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    snprintf(bad, sizeof bad, "3,0.5%s", good + 3); /* a fractional run */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    snprintf(bad, sizeof bad, "3,,%s", good + 4); /* an empty field */
    assert_false(gg_svm_parse_case(bad, GG_SVM_NFEAT, &c));
    /* the headers of the three feature vectors, the first files' "bfs" for "run" included */
    for (int nfeat = GG_SVM_NFEAT - 3; nfeat <= GG_SVM_NFEAT + 1; nfeat++) {
        header_of(bad, sizeof bad, nfeat);
        int want = nfeat >= GG_SVM_NFEAT - 2 && nfeat <= GG_SVM_NFEAT ? nfeat : 0;
        assert_int_equal(gg_svm_parse_header(bad), want);
        memcpy(bad + 6, "bfs", 3);
        assert_int_equal(gg_svm_parse_header(bad), want);
    }
    assert_int_equal(gg_svm_parse_header("# gpu: CUDA device 0"), 0);
    int kind, run;
    const char *name;
    const char *const not_runs[] = {"# gpu: CUDA device 0", "# bfs 0: x", "# bfs -2: x",
                                    "# bfsx 3: y", "# sssp 3 rmat", "#sssp 3: y", "# sweep 1: y",
                                    "# bc: y", "group,run,weight"};
    for (size_t i = 0; i < sizeof not_runs / sizeof not_runs[0]; i++)
        assert_false(gg_svm_parse_run(not_runs[i], &kind, &run, &name));
    assert_true(gg_svm_parse_run("# bc 4: grid:100", &kind, &run, &name));
    assert_true(kind == GG_SVM_BC && run == 4 && strcmp(name, "grid:100") == 0);
    assert_string_equal(gg_svm_kind_name(GG_SVM_BFS), "bfs");
    assert_null(gg_svm_kind_name(GG_SVM_KINDS));
}

/* A committed cases file (tools/svm/cases) reads whole: a header of nfeat feature columns, its
 * run lines in order (all BFS in the first files), each case line, the flat pull 0 (they were
 * measured with the group pull only). Returns the cases whose work fraction is not 0. */
static size_t committed_cases_of(const char *file, int nfeat, bool all_bfs)
{
    char path[4096], line[4096];
    snprintf(path, sizeof path, "%s/%s", GG_TEST_CASES_DIR, file);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t runs = 0, nc = 0, work = 0;
    int max_run = 0, header = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        int kind, run;
        const char *name;
        gg_svm_case c;
        if (gg_svm_parse_run(line, &kind, &run, &name)) {
            assert_true(!all_bfs || kind == GG_SVM_BFS);
            assert_int_equal(run, (int)++runs);
        } else if (strncmp(line, "group,", 6) == 0) {
            header = gg_svm_parse_header(line);
        } else if (line[0] != '#') {
            assert_int_equal(header, nfeat);
            assert_true(gg_svm_parse_case(line, header, &c));
            assert_true(c.x[GG_SVM_FLAT] == 0);
            work += c.x[GG_SVM_WORK] != 0;
            max_run = c.run > max_run ? c.run : max_run;
            nc++;
        }
    }
    fclose(f);
    assert_true(runs > 0 && nc > 0);
    assert_int_equal(max_run, (int)runs);
    return work;
}

/* The committed cases files, all written before the flat pull: the first, before runs had kinds
 * and before the push work fraction too, reads with that 0; the one the compiled model is the
 * refit of (tools/svm/meson.build, svm_refit) with its work fraction, from the column that the
 * flat pull's takes in later files. */
static void committed_cases_read(void **state)
{
    (void)state;
    assert_int_equal(committed_cases_of("h100-2026-11-26.csv", GG_SVM_NFEAT - 2, true), 0);
    assert_true(committed_cases_of("h200-2026-11-27-kernels.csv", GG_SVM_NFEAT - 1, false) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(separable_toy_is_learned),
        cmocka_unit_test(noise_is_not_learned),
        cmocka_unit_test(unused_and_constant_features_get_no_weight),
        cmocka_unit_test(written_model_reads_back),
        cmocka_unit_test(written_model_compiles),
        cmocka_unit_test(committed_model_is_what_it_says),
        cmocka_unit_test(call_features_encode_the_call),
        cmocka_unit_test(work_fraction_and_when_it_is_counted),
        cmocka_unit_test(work_bounds_settle_the_decision),
        cmocka_unit_test(weights_decide_contradictions),
        cmocka_unit_test(clustering_factors_by_definition),
        cmocka_unit_test(decisions_against_the_oracle),
        cmocka_unit_test(case_lines_read_back),
        cmocka_unit_test(bad_lines_are_refused),
        cmocka_unit_test(committed_cases_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
