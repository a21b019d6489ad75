/* hs_report.c: the measurements behind Doc/hisparse.md (a benchmark, not a test). Part 1: the
 * storage table (bytes per entry of HiSparse against CSR and COO, node counts as in the thesis'
 * Figure 7.1) for every Matrix Market file with >= 1000 entries in the given directory and for
 * generated graphs. Part 2: timings on the generated graphs: tree build against a plain CSR build
 * from the same unsorted COO, tree to CSR conversion, and SpMV / SpMV^T (FP32) on the tree against
 * CSR loops, all single-threaded, median of several runs after a warm-up. --canonical instead: the
 * CPU backend's routing through the public API (GrB_mxv with a full vector on the tree against
 * pull on a view, eWiseAdd by the dual traversal against the merge path), Doc/hisparse.md
 * "Canonical storage".
 *
 * usage: hisparse_report [matrix-market-directory] [--small] [--storage | --timings | --canonical] */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "GG_hisparse.h"
#include "hs_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

static void die(const char *what, GrB_Info info)
{
    fprintf(stderr, "hisparse_report: %s failed (%d)\n", what, info);
    exit(1);
}

/* ---- Matrix Market (coordinate real / integer / pattern; general, symmetric, skew, hermitian) ---- */

static bool read_mtx(const char *path, gen_coo *g, bool *pattern)
{
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "r");
    if (f == NULL) return false;
    char line[1024], obj[64], fmt[64], field[64], sym[64];
    bool ok = fgets(line, sizeof line, f) != NULL &&
              sscanf(line, "%%%%MatrixMarket %63s %63s %63s %63s", obj, fmt, field, sym) == 4 &&
              strcmp(obj, "matrix") == 0 && strcmp(fmt, "coordinate") == 0 &&
              (strcmp(field, "real") == 0 || strcmp(field, "integer") == 0 ||
               strcmp(field, "pattern") == 0);
    bool general = ok && strcmp(sym, "general") == 0;
    ok = ok && (general || strcmp(sym, "symmetric") == 0 || strcmp(sym, "skew-symmetric") == 0 ||
                strcmp(sym, "hermitian") == 0);
    *pattern = ok && strcmp(field, "pattern") == 0;
    unsigned long long m = 0, n = 0, nz = 0;
    while (ok && fgets(line, sizeof line, f) != NULL && line[0] == '%') continue;
    ok = ok && sscanf(line, "%llu %llu %llu", &m, &n, &nz) == 3;
    if (ok) gen_init(g, m, n, 2 * nz);
    uint64_t seed = 1;
    for (unsigned long long k = 0; ok && k < nz; k++) {
        unsigned long long i, j;
        double v = 1;
        ok = fgets(line, sizeof line, f) != NULL &&
             sscanf(line, "%llu %llu %lf", &i, &j, &v) >= (*pattern ? 2 : 3) && i >= 1 && j >= 1 &&
             i <= m && j <= n;
        if (!ok) break;
        gen_add(g, i - 1, j - 1, &seed);
        g->X[g->n - 1] = *pattern ? 1.0f : (float)v;
        if (!general && i != j) {
            gen_add(g, j - 1, i - 1, &seed);
            g->X[g->n - 1] = *pattern ? 1.0f : (float)(strcmp(sym, "skew-symmetric") == 0 ? -v : v);
        }
    }
    fclose(f);
    if (!ok && g->I != NULL) gen_free(g);
    return ok;
}

/* ---- storage ----------------------------------------------------------------------------------------- */

typedef struct {
    double hs_csr, hs_coo;
} ratio;

static GG_hs_matrix build(const gen_coo *g, bool pattern)
{
    float one = 1;
    GG_hs_tuples in = {g->I, g->J, pattern ? (const void *)&one : (const void *)g->X, GrB_FP32,
                       pattern, g->n};
    GG_hs_matrix A;
    GrB_Info info = GG_hs_build(&A, GrB_FP32, g->nrows, g->ncols, &in, GrB_PLUS_FP32, 0);
    if (info != GrB_SUCCESS) die("build", info);
    char msg[256];
    if (GG_hs_check(&A, msg, sizeof msg) != GrB_SUCCESS) {
        fprintf(stderr, "hisparse_report: check failed: %s\n", msg);
        exit(1);
    }
    return A;
}

static uint64_t total_hs, total_coo, total_csr;

/* One row of the markdown storage table, the full report to stderr. */
static void storage_row(const char *name, const gen_coo *g, bool pattern_file)
{
    GG_hs_matrix A = build(g, pattern_file);
    GG_hs_report s;
    GrB_Info info = GG_hs_stats(&A, &s);
    if (info != GrB_SUCCESS) die("stats", info);
    GG_hs_stats_print(stderr, name, &s);
    uint64_t in_sp = 0, in_de = 0, in_e = 0, lf_sp = 0, lf_de = 0, lf_e = 0;
    for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
        for (int t = GG_HS_INNER_DENSE; t < GG_HS_NTAGS; t++) {
            bool inner = t <= GG_HS_INNER_COO4, dense = t == GG_HS_INNER_DENSE || t == GG_HS_LEAF_DENSE;
            uint64_t *cnt = inner ? (dense ? &in_de : &in_sp) : (dense ? &lf_de : &lf_sp);
            *cnt += s.nodes[l][t];
            *(inner ? &in_e : &lf_e) += s.entries[l][t];
        }
    double n = (double)s.nvals;
    /* the same matrix as a pattern (iso) tree, against pattern CSR */
    double pat = 0;
    if (!pattern_file) {
        GG_hs_matrix P = build(g, true);
        GG_hs_report p;
        if (GG_hs_stats(&P, &p) != GrB_SUCCESS) die("stats", GrB_OUT_OF_MEMORY);
        pat = (double)p.bytes / (double)p.csr32;
        GG_hs_free(&P);
    }
    printf("| %s | %llu x %llu | %llu | %.1f (%.1f), %llu | %llu, %llu, %.1f | %llu, %llu, %.1f | "
           "%.2f | %.2f | %.2f | %.2f | **%.3f** | %.3f | %s |\n",
           name, (unsigned long long)s.nrows, (unsigned long long)s.ncols,
           (unsigned long long)s.nvals, s.row_mean, s.row_stddev, (unsigned long long)s.row_max,
           (unsigned long long)in_sp, (unsigned long long)in_de,
           in_sp + in_de ? (double)in_e / (double)(in_sp + in_de) : 0, (unsigned long long)lf_sp,
           (unsigned long long)lf_de, lf_sp + lf_de ? (double)lf_e / (double)(lf_sp + lf_de) : 0,
           (double)s.bytes / n, (double)s.csr32 / n, (double)s.csr64 / n, (double)s.coo32 / n,
           (double)s.bytes / (double)s.csr32, (double)s.bytes / (double)s.coo32,
           pattern_file ? "pattern file (iso)" : "");
    if (!pattern_file) printf("|  ↳ pattern-only | | | | | | | | | | | %.3f | | iso |\n", pat);
    fflush(stdout);
    total_hs += s.bytes;
    total_coo += s.coo32;
    total_csr += s.csr32;
    GG_hs_free(&A);
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void storage_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "hisparse_report: no directory %s, skipping Matrix Market files\n", dir);
        return;
    }
    char *names[512];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && count < 512) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".mtx") == 0) names[count++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof *names, cmp_name);
    for (int k = 0; k < count; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        gen_coo g;
        bool pattern;
        if (read_mtx(path, &g, &pattern)) {
            if (g.n >= 1000) storage_row(names[k], &g, pattern);
            gen_free(&g);
        }
        free(names[k]);
    }
}

/* ---- timings ------------------------------------------------------------------------------------------ */

/* The baseline: 32-bit CSR built from the same unsorted COO (count, scatter, sort each row,
 * fold duplicates), as GrB_Matrix_build has to. */
typedef struct {
    GrB_Index nrows, ncols, nnz;
    uint32_t *ptr, *col;
    float *x;
} csr32;

typedef struct {
    uint32_t col;
    float x;
} cv;

static int cmp_cv(const void *a, const void *b)
{
    uint32_t x = ((const cv *)a)->col, y = ((const cv *)b)->col;
    return x < y ? -1 : x > y;
}

static void csr_build(csr32 *C, const gen_coo *g)
{
    GrB_Index m = g->nrows;
    uint32_t *ptr = calloc(m + 1, sizeof *ptr);
    cv *e = malloc(g->n * sizeof *e);
    for (GrB_Index k = 0; k < g->n; k++) ptr[g->I[k] + 1]++;
    for (GrB_Index i = 0; i < m; i++) ptr[i + 1] += ptr[i];
    uint32_t *next = malloc(m * sizeof *next);
    memcpy(next, ptr, m * sizeof *next);
    for (GrB_Index k = 0; k < g->n; k++) e[next[g->I[k]]++] = (cv){(uint32_t)g->J[k], g->X[k]};
    free(next);
    GrB_Index out = 0;
    for (GrB_Index i = 0; i < m; i++) {
        cv *r = e + ptr[i];
        uint32_t len = ptr[i + 1] - ptr[i];
        if (len < 32) {
            for (uint32_t a = 1; a < len; a++) {
                cv t = r[a];
                uint32_t b = a;
                for (; b > 0 && r[b - 1].col > t.col; b--) r[b] = r[b - 1];
                r[b] = t;
            }
        } else {
            qsort(r, len, sizeof *r, cmp_cv);
        }
        ptr[i] = (uint32_t)out;
        for (uint32_t a = 0; a < len; a++) {
            if (a > 0 && r[a].col == r[a - 1].col)
                e[out - 1].x += r[a].x;
            else
                e[out++] = r[a];
        }
    }
    ptr[m] = (uint32_t)out;
    C->nrows = m;
    C->ncols = g->ncols;
    C->nnz = out;
    C->ptr = ptr;
    C->col = malloc(out * sizeof *C->col);
    C->x = malloc(out * sizeof *C->x);
    for (GrB_Index k = 0; k < out; k++) {
        C->col[k] = e[k].col;
        C->x[k] = e[k].x;
    }
    free(e);
}

static void csr_free(csr32 *C)
{
    free(C->ptr);
    free(C->col);
    free(C->x);
}

static void csr_spmv(const csr32 *C, const float *x, float *y)
{
    for (GrB_Index i = 0; i < C->nrows; i++) {
        float s = 0;
        for (uint32_t p = C->ptr[i]; p < C->ptr[i + 1]; p++) s += C->x[p] * x[C->col[p]];
        y[i] = s;
    }
}

static void csr_spmv_t(const csr32 *C, const float *x, float *y)
{
    memset(y, 0, C->ncols * sizeof *y);
    for (GrB_Index i = 0; i < C->nrows; i++) {
        float xi = x[i];
        for (uint32_t p = C->ptr[i]; p < C->ptr[i + 1]; p++) y[C->col[p]] += C->x[p] * xi;
    }
}

static double max_rel_diff(const float *a, const float *b, GrB_Index n)
{
    double m = 0;
    for (GrB_Index k = 0; k < n; k++) {
        double d = fabs((double)a[k] - (double)b[k]) / (fabs((double)b[k]) + 1e-3);
        if (d > m) m = d;
    }
    return m;
}

static void timings(const char *name, const gen_coo *g, int reps)
{
    double t_hs[16], t_csr[16];
    GG_hs_matrix A;
    csr32 C;
    for (int r = 0; r <= reps; r++) { /* run 0 warms up */
        double t0 = now();
        A = build(g, false);
        double t1 = now();
        csr_build(&C, g);
        double t2 = now();
        if (r > 0) {
            t_hs[r - 1] = t1 - t0;
            t_csr[r - 1] = t2 - t1;
        }
        if (r < reps) {
            GG_hs_free(&A);
            csr_free(&C);
        }
    }
    double b_hs = median(t_hs, reps), b_csr = median(t_csr, reps);
    /* the same tuples in random order (generators emit most graphs row by row) */
    gen_coo sh = *g;
    sh.I = malloc(g->n * sizeof *sh.I);
    sh.J = malloc(g->n * sizeof *sh.J);
    sh.X = malloc(g->n * sizeof *sh.X);
    memcpy(sh.I, g->I, g->n * sizeof *sh.I);
    memcpy(sh.J, g->J, g->n * sizeof *sh.J);
    memcpy(sh.X, g->X, g->n * sizeof *sh.X);
    uint64_t rs = 77;
    for (GrB_Index k = g->n; k > 1; k--) {
        GrB_Index q = gen_rand(&rs) % k, t;
        t = sh.I[k - 1], sh.I[k - 1] = sh.I[q], sh.I[q] = t;
        t = sh.J[k - 1], sh.J[k - 1] = sh.J[q], sh.J[q] = t;
        float f = sh.X[k - 1];
        sh.X[k - 1] = sh.X[q], sh.X[q] = f;
    }
    double s_hs[16], s_csr[16];
    for (int r = 0; r < reps; r++) {
        GG_hs_matrix S;
        csr32 D;
        double t0 = now();
        S = build(&sh, false);
        double t1 = now();
        csr_build(&D, &sh);
        s_hs[r] = t1 - t0;
        s_csr[r] = now() - t1;
        GG_hs_free(&S);
        csr_free(&D);
    }
    gen_free(&sh);
    double sb_hs = median(s_hs, reps), sb_csr = median(s_csr, reps);
    for (int r = 0; r < reps; r++) {
        GG_cview v;
        double t0 = now();
        GrB_Info info = GG_hs_to_cview(&A, false, &v);
        t_hs[r] = now() - t0;
        if (info != GrB_SUCCESS) die("to_cview", info);
        GG_hs_cview_free(&v);
    }
    double conv = median(t_hs, reps);

    GrB_Index m = g->nrows, n = g->ncols, dim = m > n ? m : n;
    float *x = malloc(dim * sizeof *x), *y = malloc(dim * sizeof *y), *yr = malloc(dim * sizeof *yr);
    uint64_t seed = 9;
    for (GrB_Index k = 0; k < dim; k++) x[k] = (float)(gen_rand(&seed) % 100) / 10;
    double mv[4];
    double err = 0;
    for (int kind = 0; kind < 4; kind++) { /* tree A x, tree A' x, CSR A x, CSR A' x */
        double t[16];
        bool tran = kind & 1;
        for (int r = 0; r <= 10; r++) {
            double t0 = now();
            if (kind < 2) {
                GrB_Info info = GG_hs_mxv(y, NULL, &A, tran, GrB_PLUS_TIMES_SEMIRING_FP32, x, false);
                if (info != GrB_SUCCESS) die("mxv", info);
            } else if (!tran) {
                csr_spmv(&C, x, yr);
            } else {
                csr_spmv_t(&C, x, yr);
            }
            if (r > 0) t[r - 1] = now() - t0;
        }
        mv[kind] = median(t, 10);
        if (kind == 1) {
            float *keep = malloc(dim * sizeof *keep);
            memcpy(keep, y, dim * sizeof *y);
            GG_hs_mxv(y, NULL, &A, false, GrB_PLUS_TIMES_SEMIRING_FP32, x, false);
            csr_spmv(&C, x, yr);
            err = max_rel_diff(y, yr, m);
            csr_spmv_t(&C, x, yr);
            double e2 = max_rel_diff(keep, yr, n);
            if (e2 > err) err = e2;
            free(keep);
        }
    }
    double flops = 2.0 * (double)A.nvals;
    printf("| %s | %llu | %.1f | %.1f | **%.2f** | %.1f | %.1f | **%.2f** | %.1f | %.2f (%.2f) | "
           "%.2f (%.2f) | %.2f (%.2f) | %.2f (%.2f) | %.0e |\n",
           name, (unsigned long long)A.nvals, 1e3 * b_hs, 1e3 * b_csr, b_hs / b_csr, 1e3 * sb_hs,
           1e3 * sb_csr, sb_hs / sb_csr, 1e3 * conv,
           1e3 * mv[0], flops / mv[0] * 1e-9, 1e3 * mv[1], flops / mv[1] * 1e-9, 1e3 * mv[2],
           flops / mv[2] * 1e-9, 1e3 * mv[3], flops / mv[3] * 1e-9, err);
    fflush(stdout);
    free(x);
    free(y);
    free(yr);
    GG_hs_free(&A);
    csr_free(&C);
}

/* C = A + B (union) or A .* B (intersection), merging the rows; C's arrays hold nnz(A) + nnz(B). */
static void csr_ewise(const csr32 *A, const csr32 *B, csr32 *C, bool mult)
{
    uint32_t out = 0;
    for (GrB_Index i = 0; i < A->nrows; i++) {
        C->ptr[i] = out;
        uint32_t p = A->ptr[i], pe = A->ptr[i + 1], q = B->ptr[i], qe = B->ptr[i + 1];
        while (p < pe && q < qe) {
            if (A->col[p] == B->col[q]) {
                C->col[out] = A->col[p];
                C->x[out++] = mult ? A->x[p] * B->x[q] : A->x[p] + B->x[q];
                p++;
                q++;
            } else if (A->col[p] < B->col[q]) {
                if (!mult) C->col[out] = A->col[p], C->x[out++] = A->x[p];
                p++;
            } else {
                if (!mult) C->col[out] = B->col[q], C->x[out++] = B->x[q];
                q++;
            }
        }
        for (; !mult && p < pe; p++) C->col[out] = A->col[p], C->x[out++] = A->x[p];
        for (; !mult && q < qe; q++) C->col[out] = B->col[q], C->x[out++] = B->x[q];
    }
    C->ptr[A->nrows] = out;
    C->nnz = out;
}

/* eWiseAdd / eWiseMult of two graphs of one kind (different seeds): the dual traversal building
 * its result tree against merging two CSRs into a CSR; and A + A' through the transposed flag. */
static void ewise_timings(char *row, size_t len, const char *name, const gen_coo *ga,
                          const gen_coo *gb, int reps)
{
    GG_hs_matrix A = build(ga, false), B = build(gb, false), C, T;
    csr32 CA, CB, CC;
    csr_build(&CA, ga);
    csr_build(&CB, gb);
    CC.nrows = CA.nrows;
    CC.ptr = malloc((CA.nrows + 1) * sizeof *CC.ptr);
    CC.col = malloc((CA.nnz + CB.nnz + 1) * sizeof *CC.col);
    CC.x = malloc((CA.nnz + CB.nnz + 1) * sizeof *CC.x);
    double t[4][16];
    uint64_t nnz[3] = {0};
    for (int r = 0; r <= reps; r++)
        for (int kind = 0; kind < 5; kind++) {
            double t0 = now();
            GrB_Info info = GrB_SUCCESS;
            switch (kind) {
            case 0: info = GG_hs_ewise(&C, &A, &B, GrB_PLUS_FP32, false); break;
            case 1: csr_ewise(&CA, &CB, &CC, false); break;
            case 2: info = GG_hs_ewise(&C, &A, &B, GrB_TIMES_FP32, true); break;
            case 3: csr_ewise(&CA, &CB, &CC, true); break;
            default:
                GG_hs_share(&T, &A);
                GG_hs_transpose(&T);
                info = GG_hs_ewise(&C, &A, &T, GrB_PLUS_FP32, false);
                GG_hs_free(&T);
            }
            double dt = now() - t0;
            if (info != GrB_SUCCESS) die("ewise", info);
            if (kind % 2 == 0) {
                nnz[kind / 2] = C.nvals;
                GG_hs_free(&C);
            }
            if (r > 0 && kind < 4) t[kind][r - 1] = dt;
            if (r > 0 && kind == 4) t[0][reps + r - 1] = dt; /* A + A' kept after the add runs */
        }
    double tadd = median(t[0], reps), ttr = median(t[0] + reps, reps);
    snprintf(row, len, "| %s | %llu + %llu | %llu | %.1f | %.1f | %llu | %.1f | %.1f | %llu | %.1f |\n",
             name, (unsigned long long)A.nvals, (unsigned long long)B.nvals,
             (unsigned long long)nnz[0], 1e3 * tadd, 1e3 * median(t[1], reps),
             (unsigned long long)nnz[1], 1e3 * median(t[2], reps), 1e3 * median(t[3], reps),
             (unsigned long long)nnz[2], 1e3 * ttr);
    GG_hs_free(&A);
    GG_hs_free(&B);
    csr_free(&CA);
    csr_free(&CB);
    csr_free(&CC);
}

/* ---- canonical storage: the CPU backend's routing, through the public API ----------------------------- */

/* Median ms of reps calls of GrB_mxv(w, A, u, desc) or GrB_vxm, FP32 PLUS_TIMES. */
static double time_mxv(GrB_Matrix A, GrB_Vector u, GrB_Vector w, GrB_Descriptor desc, int reps)
{
    double t[16];
    for (int r = -1; r < reps; r++) { /* r = -1 warms up (and builds a view the first time) */
        double t0 = now();
        GrB_Info info = GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP32, A, u, desc);
        if (info != GrB_SUCCESS) die("GrB_mxv", info);
        if (r >= 0) t[r] = now() - t0;
    }
    return 1e3 * median(t, reps);
}

/* Median ms of C = A + op(B) (eWiseAdd, PLUS_FP32) into an empty C; with accum the general merge
 * (and the write-back building C's tree) runs instead of the dual traversal. */
static double time_add(GrB_Matrix C, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor desc, bool accum,
                       int reps)
{
    double t[16];
    for (int r = -1; r < reps; r++) {
        if (GrB_Matrix_clear(C) != GrB_SUCCESS) die("clear", GrB_PANIC);
        double t0 = now();
        GrB_Info info = GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, accum ? GrB_PLUS_FP32 : NULL,
                                                     GrB_PLUS_FP32, A, B, desc);
        if (info == GrB_SUCCESS) info = GrB_Matrix_wait(C, GrB_MATERIALIZE);
        if (info != GrB_SUCCESS) die("eWiseAdd", info);
        if (r >= 0) t[r] = now() - t0;
    }
    return 1e3 * median(t, reps);
}

static GrB_Matrix matrix_of(const gen_coo *g)
{
    GrB_Matrix A;
    GrB_Info info = GrB_Matrix_new(&A, GrB_FP32, g->nrows, g->ncols);
    if (info == GrB_SUCCESS)
        info = GrB_Matrix_build_FP32(A, g->I, g->J, g->X, g->n, GrB_PLUS_FP32);
    if (info == GrB_SUCCESS) info = GrB_Matrix_wait(A, GrB_MATERIALIZE);
    if (info != GrB_SUCCESS) die("build", info);
    return A;
}

/* One row: GrB_mxv with a full u (the tree's SpMV, SpMV' with GrB_DESC_T0) against the same u
 * less one entry (pull on the CSR / CSC view, cached after the warm-up); eWiseAdd on the trees
 * (A + B, A + B' through the descriptor) against the merge path (the same with an accumulator
 * into the empty C). */
static void canonical_row(const char *name, const gen_coo *ga, const gen_coo *gb, int reps)
{
    GrB_Matrix A = matrix_of(ga), B = matrix_of(gb), C;
    GrB_Index n = ga->ncols, m = ga->nrows, nnz;
    GrB_Vector u, uh, w, ut, uth, wt;
    if (GrB_Vector_new(&u, GrB_FP32, n) != GrB_SUCCESS || GrB_Vector_new(&uh, GrB_FP32, n) ||
        GrB_Vector_new(&w, GrB_FP32, m) || GrB_Vector_new(&ut, GrB_FP32, m) ||
        GrB_Vector_new(&uth, GrB_FP32, m) || GrB_Vector_new(&wt, GrB_FP32, n) ||
        GrB_Matrix_new(&C, GrB_FP32, m, n))
        die("new", GrB_PANIC);
    GrB_Vector_assign_FP32(u, NULL, NULL, 0.5f, GrB_ALL, n, NULL);
    GrB_Vector_assign_FP32(uh, NULL, NULL, 0.5f, GrB_ALL, n, NULL);
    GrB_Vector_removeElement(uh, n / 2);
    GrB_Vector_assign_FP32(ut, NULL, NULL, 0.5f, GrB_ALL, m, NULL);
    GrB_Vector_assign_FP32(uth, NULL, NULL, 0.5f, GrB_ALL, m, NULL);
    GrB_Vector_removeElement(uth, m / 2);
    GrB_Matrix_nvals(&nnz, A);
    double ax_tree = time_mxv(A, u, w, NULL, reps), ax_view = time_mxv(A, uh, w, NULL, reps);
    double atx_tree = time_mxv(A, ut, wt, GrB_DESC_T0, reps);
    double atx_view = time_mxv(A, uth, wt, GrB_DESC_T0, reps);
    double add_tree = time_add(C, A, B, NULL, false, reps), add_merge = time_add(C, A, B, NULL, true, reps);
    double addt_tree = time_add(C, A, B, GrB_DESC_T1, false, reps);
    double addt_merge = time_add(C, A, B, GrB_DESC_T1, true, reps);
    printf("| %s | %llu | %.2f | %.2f | **%.2f** | %.2f | %.2f | **%.2f** | %.1f | %.1f | **%.2f** | "
           "%.1f | %.1f | **%.2f** |\n",
           name, (unsigned long long)nnz, ax_tree, ax_view, ax_view / ax_tree, atx_tree, atx_view,
           atx_view / atx_tree, add_tree, add_merge, add_merge / add_tree, addt_tree, addt_merge,
           addt_merge / addt_tree);
    fflush(stdout);
    GrB_Vector vs[] = {u, uh, w, ut, uth, wt};
    for (int k = 0; k < 6; k++) GrB_Vector_free(&vs[k]);
    GrB_Matrix_free(&A);
    GrB_Matrix_free(&B);
    GrB_Matrix_free(&C);
}

static void canonical_table(bool small)
{
    printf("| graph (A; B another of the same kind) | entries | A·u tree ms | A·u view ms | view/tree | "
           "A'·u tree ms | A'·u view ms | view/tree | A+B tree ms | A+B merge ms | merge/tree | "
           "A+B' tree ms | A+B' merge ms | merge/tree |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < 5; k++) {
        gen_coo G[2];
        const char *name = NULL;
        for (int v = 0; v < 2; v++) {
            uint64_t seed = 1000 + 10 * (uint64_t)k + (uint64_t)v;
            switch (k) {
            case 0: gen_rmat(&G[v], small ? 12 : 17, 16, seed); name = "RMAT scale 17, ef 16"; break;
            case 1: gen_uniform(&G[v], small ? 1 << 12 : 1 << 18, small ? 8 << 12 : 8 << 18, seed); name = "uniform n=2^18, 8 per row"; break;
            case 2: gen_grid(&G[v], small ? 100 : 1000, seed); name = "grid 1000 x 1000"; break;
            case 3: gen_banded(&G[v], small ? 10000 : 200000, 32, 0.5, seed); name = "banded n=200000, w=32, 50%"; break;
            default: gen_fem(&G[v], small ? 100 : 500, seed); name = "FEM-like 9-point 500 x 500"; break;
            }
        }
        canonical_row(name, &G[0], &G[1], 5);
        gen_free(&G[0]);
        gen_free(&G[1]);
    }
}

int main(int argc, char **argv)
{
    const char *dir = "../shared/data/lagraph";
    bool small = false, storage = true, times = true, canonical = false;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--small") == 0)
            small = true;
        else if (strcmp(argv[k], "--storage") == 0)
            times = false;
        else if (strcmp(argv[k], "--timings") == 0)
            storage = false;
        else if (strcmp(argv[k], "--canonical") == 0)
            canonical = true;
        else
            dir = argv[k];
    }
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    printf("Node dimension d = %d, FP32 values.\n\n", GG_hs_node_dim());
    if (canonical) {
        canonical_table(small);
        GrB_finalize();
        return 0;
    }
    if (storage) {
        printf("| matrix | rows x cols | entries | CSR row mean (std-dev), max | inner: sparse, dense, "
               "mean children | leaves: sparse, dense, mean entries | HiSparse B/entry | CSR32 | "
               "CSR64 | COO32 | HiSparse/CSR32 | HiSparse/COO32 | note |\n");
        printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        storage_files(dir);
    }

    struct {
        const char *name;
        int kind;
        uint64_t a, b, a_small; /* size parameters; a_small with --small */
    } graphs[] = {
        {"RMAT scale 16, ef 16", 0, 16, 0, 12},
        {"RMAT scale 20, ef 16", 0, 20, 0, 14},
        {"grid 2000 x 2000", 1, 2000, 0, 300},
        {"banded n=1M, w=32, 50%", 2, 1000000, 32, 50000},
        {"FEM-like 9-point 1000 x 1000", 3, 1000, 0, 200},
        {"dense 1000 x 1000", 4, 1000, 0, 300},
        {"localized (\"special\") n=300000", 5, 300000, 0, 20000},
        {"uniform n=2^20, 8 per row", 6, 1 << 20, 8, 1 << 15},
    };
    int ngraphs = sizeof graphs / sizeof graphs[0];
    static char ew[16][512];
    for (int phase = 0; phase < 2; phase++) { /* the storage table, then the timings */
        bool timing = phase == 1;
        if (timing ? !times : !storage) continue;
        if (timing) {
            printf("| graph | entries | tree build ms | CSR build ms | build ratio | shuffled: tree ms | "
                   "CSR ms | ratio | tree->CSR ms | tree A·x ms (GFLOPS) | tree A'·x ms (GFLOPS) | "
                   "CSR A·x ms (GFLOPS) | CSR A'·x ms (GFLOPS) | max rel. diff |\n");
            printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        }
        for (int k = 0; k < ngraphs; k++) {
            uint64_t a = small ? graphs[k].a_small : graphs[k].a, b = graphs[k].b;
            gen_coo G[2];
            for (int v = 0; v < (timing ? 2 : 1); v++) { /* the graph, then another for eWise */
                uint64_t seed = 100 * (uint64_t)(graphs[k].kind + 1) + (uint64_t)v;
                switch (graphs[k].kind) {
                case 0: gen_rmat(&G[v], (int)a, 16, seed); break;
                case 1: gen_grid(&G[v], a, seed); break;
                case 2: gen_banded(&G[v], a, b, 0.5, seed); break;
                case 3: gen_fem(&G[v], a, seed); break;
                case 4: gen_dense(&G[v], a, seed); break;
                case 5: gen_localized(&G[v], a, seed); break;
                default: gen_uniform(&G[v], a, b * a, seed); break;
                }
            }
            if (!timing) {
                storage_row(graphs[k].name, &G[0], false);
            } else {
                int reps = G[0].n > 20000000 ? 3 : 5;
                timings(graphs[k].name, &G[0], reps);
                ewise_timings(ew[k], sizeof ew[k], graphs[k].name, &G[0], &G[1], reps);
                gen_free(&G[1]);
            }
            gen_free(&G[0]);
        }
        if (!timing)
            printf("\nOverall (FP32 rows above): HiSparse / COO32 = %.3f, HiSparse / CSR32 = %.3f\n\n",
                   (double)total_hs / (double)total_coo, (double)total_hs / (double)total_csr);
    }
    if (times) {
        printf("\n| graphs A, B | entries | A+B entries | tree add ms | CSR add ms | A.*B entries | "
               "tree mult ms | CSR mult ms | A+A' entries | tree A+A' ms (flag) |\n");
        printf("|---|---|---|---|---|---|---|---|---|---|\n");
        for (int k = 0; k < ngraphs; k++) fputs(ew[k], stdout);
    }
    GrB_finalize();
    return 0;
}
