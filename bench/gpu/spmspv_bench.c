/* spmspv_bench.c: GrB_mxv with a sparse input vector (SpMSpV, issue 12) against cuSPARSE SpMV with
 * the vector densified, in the same run, at the input densities (0.01 % to 50 %).
 *
 * Per matrix (spmv_bench_host's generators, FP32) and density d: x holds round(d n) entries at
 * distinct random positions with values in [-1, 1). Ours is the public call as an algorithm makes
 * it, w = A x (PLUS_TIMES_FP32, no mask), then GrB_Vector_nvals(w), which waits for the device;
 * A and x are resident on the device after the warm-up calls. It runs three ways: the library's
 * own choice of mode (the SVM, "auto"), the sparse mode forced (push over the CSC view) and the
 * non-sparse mode forced (pull over the CSR view); "oracle" is the faster of the two forced ones,
 * the per-call oracle of the paper's Table VII (forced without the push-work count the SVM's
 * trainer records, GG_cuda_mxv_force_timed, so each forced time is its mode's own). cuSPARSE is
 * cusparseSpMV, CSR ALG1 and ALG2, on 32-bit CSR with the dense x, each call followed by a stream
 * synchronisation, so both sides are timed on the host from the call to a result the host may
 * read. Medians of --reps after two warm-ups. Every result of ours is checked first against a
 * host product (its pattern exactly, its values within 1e-4 of the largest), and cuSPARSE's
 * against the same.
 *
 * Columns: GFLOPS = 2 nnz_active / t (nnz_active: the entries of A in the columns x holds); eff =
 * that against the roofline bound of the paper's §VI, bytes = 4 min(n + 1, act_in) + 8 nnz_active
 * + 4 (act_in + act_out) moved at the device-to-device copy bandwidth measured in the same run;
 * "vs cuSP" = best cuSPARSE time / ours (auto). The bar is VDHA's geomean over cuSPARSE
 * SpMV (PPoPP 2026, A100): 8.9x at 1 %, 4.2x at 5 %, 2.9x at 10 %, 1.9x at 20 %.
 *
 *   spmspv_bench [--mats rmat21,grid,urand21,band] [--dens 0.01,0.1,1,5,10,20,50] [--reps 10]
 *                [--quick]
 * rmat22 is accepted (about a minute more of host tree build); --quick: rmat18 and the grid, 5 runs.
 */
#include "GG_cuda.h"
#include "GG_cuda_mxv_svm.h"
#include "GraphBLAS_gpu.h"
#include "bench_check.h"
#include "spmv_bench_host.h"

#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define OK(x)                                                                                      \
    do {                                                                                           \
        GrB_Info i_ = (x);                                                                         \
        if (i_ != GrB_SUCCESS) {                                                                   \
            fprintf(stderr, "%s:%d: GraphBLAS error %d\n", __FILE__, __LINE__, (int)i_);           \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static int reps = 10;
static cudaStream_t stream;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- the two sides, each one call to a result the host may read ---------------------------- */

typedef struct {
    GrB_Matrix A;
    GrB_Vector x, w;
    int mode; /* GG_CUDA_MXV_* */
    cusparseHandle_t h;
    cusparseSpMatDescr_t mat;
    cusparseDnVecDescr_t xd, yd;
    cusparseSpMVAlg_t alg;
    void *buf;
} side;

static void ours(side *s)
{
    GrB_Index nv;
    GG_cuda_mxv_force_timed(s->mode);
    OK(GrB_mxv(s->w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP32, s->A, s->x, NULL));
    OK(GrB_Vector_nvals(&nv, s->w));
}

static void cusp(side *s)
{
    float one = 1, zero = 0;
    CS(cusparseSpMV(s->h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s->mat, s->xd, &zero, s->yd,
                    CUDA_R_32F, s->alg, s->buf));
    CK(cudaStreamSynchronize(stream));
}

static double median_ms(void (*f)(side *), side *s)
{
    double t[256];
    int n = reps < 256 ? reps : 256;
    f(s);
    f(s);
    for (int k = 0; k < n; k++) {
        double t0 = now();
        f(s);
        t[k] = 1e3 * (now() - t0);
    }
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return t[n / 2];
}

/* ---- checks ---------------------------------------------------------------------------------- */

/* w against the host product yref (has[i]: row i has an entry in x's columns). */
static bool check_ours(GrB_Vector w, const double *yref, const char *has, uint64_t n, double scale)
{
    GrB_Index nv, want = 0;
    OK(GrB_Vector_nvals(&nv, w));
    for (uint64_t i = 0; i < n; i++) want += has[i] != 0;
    GrB_Index *I = malloc((nv + 1) * sizeof *I);
    float *X = malloc((nv + 1) * sizeof *X);
    if (I == NULL || X == NULL) exit(1);
    GrB_Index got = nv;
    OK(GrB_Vector_extractTuples_FP32(I, X, &got, w));
    bool ok = got == want;
    for (GrB_Index k = 0; ok && k < got; k++)
        ok = I[k] < n && has[I[k]] && fabs((double)X[k] - yref[I[k]]) <= 1e-4 * scale;
    free(I), free(X);
    return ok;
}

static bool check_cusp(const float *dy, const double *yref, uint64_t n, double scale)
{
    float *y = malloc(n * sizeof *y);
    if (y == NULL) exit(1);
    CK(cudaMemcpy(y, dy, n * sizeof *y, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (uint64_t i = 0; ok && i < n; i++) ok = fabs((double)y[i] - yref[i]) <= 1e-4 * scale;
    free(y);
    return ok;
}

/* ---- one matrix ------------------------------------------------------------------------------ */

static const double vdha[][2] = {{1, 8.9}, {5, 4.2}, {10, 2.9}, {20, 1.9}};

static void bench_one(const char *name, const double *dens, int ndens, cusparseHandle_t h,
                      double copy_bw)
{
    bench_mat m;
    if (!bench_make(name, false, &m)) exit(1);
    uint64_t n = m.nrows, nnz = m.nnz;
    if (m.nrows != m.ncols) {
        fprintf(stderr, "spmspv_bench: %s is not square\n", name);
        exit(1);
    }
    /* A through the public API, as a client builds it */
    GrB_Index *I = malloc(nnz * sizeof *I), *J = malloc(nnz * sizeof *J);
    if (I == NULL || J == NULL) exit(1);
    for (uint64_t r = 0; r < n; r++)
        for (int32_t k = m.rowptr32[r]; k < m.rowptr32[r + 1]; k++) I[k] = r, J[k] = (GrB_Index)m.col32[k];
    side s = {.h = h};
    double t0 = now();
    OK(GrB_Matrix_new(&s.A, GrB_FP32, n, n));
    OK(GrB_Matrix_build_FP32(s.A, I, J, m.val, nnz, GrB_PLUS_FP32));
    OK(GrB_Matrix_wait(s.A, GrB_MATERIALIZE));
    free(I), free(J);
    printf("# %s: %llu x %llu, %llu entries (host build %.2f s)\n", name, (unsigned long long)n,
           (unsigned long long)n, (unsigned long long)nnz, now() - t0);
    printf("%-8s %7s %9s %11s %9s %9s %9s %9s %9s %8s %6s %8s  %s\n", "matrix", "dens%", "act_in",
           "nnz_active", "auto ms", "push ms", "pull ms", "oracle", "cuSP ms", "GFLOPS", "eff",
           "vs cuSP", "VDHA bar");

    /* cuSPARSE's CSR32 on the device, and its buffers */
    int32_t *drp, *dci;
    float *dval, *dx, *dy;
    CK(cudaMalloc((void **)&drp, (n + 1) * 4));
    CK(cudaMalloc((void **)&dci, nnz * 4));
    CK(cudaMalloc((void **)&dval, nnz * 4));
    CK(cudaMalloc((void **)&dx, n * 4));
    CK(cudaMalloc((void **)&dy, n * 4));
    CK(cudaMemcpy(drp, m.rowptr32, (n + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dci, m.col32, nnz * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dval, m.val, nnz * 4, cudaMemcpyHostToDevice));
    CS(cusparseCreateCsr(&s.mat, (int64_t)n, (int64_t)n, (int64_t)nnz, drp, dci, dval,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         CUDA_R_32F));
    CS(cusparseCreateDnVec(&s.xd, (int64_t)n, dx, CUDA_R_32F));
    CS(cusparseCreateDnVec(&s.yd, (int64_t)n, dy, CUDA_R_32F));

    float *xh = malloc(n * sizeof *xh), *xv = malloc(n * sizeof *xv);
    GrB_Index *xi = malloc(n * sizeof *xi);
    double *yref = malloc(n * sizeof *yref);
    char *has = malloc(n), *in = calloc(n, 1);
    uint64_t *colcount = calloc(n, sizeof *colcount);
    if (!xh || !xv || !xi || !yref || !has || !in || !colcount) exit(1);
    for (uint64_t k = 0; k < nnz; k++) colcount[m.col32[k]]++;
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    double geo_auto = 0;
    int ngeo = 0;
    for (int di = 0; di < ndens; di++) {
        uint64_t nu = (uint64_t)llround(dens[di] / 100 * (double)n);
        nu = nu < 1 ? 1 : nu > n ? n : nu;
        /* distinct random positions: a partial shuffle of a marker walk */
        memset(in, 0, n);
        memset(xh, 0, n * sizeof *xh);
        for (uint64_t k = 0; k < nu;) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            uint64_t j = seed % n;
            if (in[j]) continue;
            in[j] = 1;
            xi[k] = j;
            xv[k] = (float)((double)(seed >> 11) * (2.0 / 9007199254740992.0) - 1);
            xh[j] = xv[k];
            k++;
        }
        uint64_t active = 0, act_out = 0;
        double scale = 0;
        for (uint64_t k = 0; k < nu; k++) active += colcount[xi[k]];
        for (uint64_t r = 0; r < n; r++) {
            double acc = 0;
            char any = 0;
            for (int32_t k = m.rowptr32[r]; k < m.rowptr32[r + 1]; k++)
                if (in[m.col32[k]]) acc += (double)((float *)m.val)[k] * (double)xh[m.col32[k]], any = 1;
            yref[r] = acc;
            has[r] = any;
            act_out += any;
            scale = fmax(scale, fabs(acc));
        }
        scale = scale > 0 ? scale : 1;
        OK(GrB_Vector_new(&s.x, GrB_FP32, n));
        OK(GrB_Vector_new(&s.w, GrB_FP32, n));
        OK(GrB_Vector_build_FP32(s.x, xi, xv, nu, GrB_PLUS_FP32));
        CK(cudaMemcpy(dx, xh, n * sizeof *xh, cudaMemcpyHostToDevice));

        const int modes[3] = {GG_CUDA_MXV_RULE, GG_CUDA_MXV_PUSH, GG_CUDA_MXV_PULL};
        double t[3];
        for (int k = 0; k < 3; k++) {
            s.mode = modes[k];
            ours(&s);
            if (!check_ours(s.w, yref, has, n, scale)) {
                fprintf(stderr, "spmspv_bench: %s at %g %%: mode %d WRONG\n", name, dens[di], modes[k]);
                exit(1);
            }
            t[k] = median_ms(ours, &s);
        }
        GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
        double best_cusp = INFINITY;
        const cusparseSpMVAlg_t algs[2] = {CUSPARSE_SPMV_CSR_ALG1, CUSPARSE_SPMV_CSR_ALG2};
        for (int a = 0; a < 2; a++) {
            size_t bytes = 0;
            float one = 1, zero = 0;
            s.alg = algs[a];
            CS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.mat, s.xd,
                                       &zero, s.yd, CUDA_R_32F, s.alg, &bytes));
            CK(cudaMalloc(&s.buf, bytes > 0 ? bytes : 1));
            cusp(&s);
            if (!check_cusp(dy, yref, n, scale)) {
                fprintf(stderr, "spmspv_bench: %s at %g %%: cuSPARSE ALG%d disagrees\n", name,
                        dens[di], a + 1);
                exit(1);
            }
            best_cusp = fmin(best_cusp, median_ms(cusp, &s));
            CK(cudaFree(s.buf));
        }
        double oracle = fmin(t[1], t[2]);
        double gflops = 2.0 * (double)active / (t[0] * 1e6);
        double bytes = 4.0 * (double)(nu < n + 1 ? nu : n + 1) + 8.0 * (double)active +
                       4.0 * (double)(nu + act_out);
        double roof = 2.0 * (double)active / (bytes / (copy_bw * 1e9)) / 1e9; /* GFLOPS */
        char bar[32] = "";
        for (int v = 0; v < 4; v++)
            if (fabs(vdha[v][0] - dens[di]) < 1e-9)
                snprintf(bar, sizeof bar, "%.1fx: %s", vdha[v][1],
                         best_cusp / t[0] >= vdha[v][1] ? "met" : "missed");
        printf("%-8s %7g %9llu %11llu %9.4f %9.4f %9.4f %9.4f %9.4f %8.1f %5.0f%% %7.2fx  %s\n",
               name, dens[di], (unsigned long long)nu, (unsigned long long)active, t[0], t[1], t[2],
               oracle, best_cusp, gflops, 100 * gflops / roof, best_cusp / t[0], bar);
        fflush(stdout);
        if (bar[0] != '\0') geo_auto += log(best_cusp / t[0]), ngeo++;
        GrB_free(&s.x);
        GrB_free(&s.w);
    }
    if (ngeo > 0)
        printf("# %s: geomean over the VDHA densities of cuSPARSE / ours %.2fx\n", name,
               exp(geo_auto / ngeo));
    free(xh), free(xv), free(xi), free(yref), free(has), free(in), free(colcount);
    cusparseDestroySpMat(s.mat);
    cusparseDestroyDnVec(s.xd);
    cusparseDestroyDnVec(s.yd);
    cudaFree(drp), cudaFree(dci), cudaFree(dval), cudaFree(dx), cudaFree(dy);
    GrB_free(&s.A);
    bench_free(&m);
}

/* The comma-separated items of s into out (at most max), as strings or numbers. */
static int split(char *s, char **out, int max)
{
    int n = 0;
    for (char *t = strtok(s, ","); t != NULL && n < max; t = strtok(NULL, ",")) out[n++] = t;
    return n;
}

int main(int argc, char **argv)
{
    char mats_buf[256] = "rmat21,grid,urand21,band", dens_buf[256] = "0.01,0.1,1,5,10,20,50";
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--mats") == 0 && a + 1 < argc)
            snprintf(mats_buf, sizeof mats_buf, "%s", argv[++a]);
        else if (strcmp(argv[a], "--dens") == 0 && a + 1 < argc)
            snprintf(dens_buf, sizeof dens_buf, "%s", argv[++a]);
        else if (strcmp(argv[a], "--reps") == 0 && a + 1 < argc)
            reps = atoi(argv[++a]) > 0 ? atoi(argv[a]) : 1;
        else if (strcmp(argv[a], "--quick") == 0)
            snprintf(mats_buf, sizeof mats_buf, "rmat18,grid"), reps = 5;
        else {
            fprintf(stderr, "usage: spmspv_bench [--mats LIST] [--dens LIST] [--reps N] [--quick]\n");
            return 2;
        }
    }
    int32_t backends = 0;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS ||
        GrB_Global_get_INT32(GrB_GLOBAL, &backends, GxG_BACKENDS_AVAILABLE) != GrB_SUCCESS ||
        !(backends & 2) || GG_cuda_stream() == NULL) {
        printf("SKIP: no usable CUDA device (%s)\n", GG_cuda_status());
        return 77;
    }
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CUDA, GxG_BACKEND));
    stream = (cudaStream_t)GG_cuda_stream();
    struct cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    cusparseHandle_t h;
    CS(cusparseCreate(&h));
    CS(cusparseSetStream(h, stream));
    /* the copy bandwidth the roofline divides by: a 1 GiB device-to-device copy, best of 5 */
    size_t cb = (size_t)1 << 30;
    void *ca, *cbp;
    CK(cudaMalloc(&ca, cb));
    CK(cudaMalloc(&cbp, cb));
    double best = INFINITY;
    for (int k = 0; k < 5; k++) {
        double t0 = now();
        CK(cudaMemcpyAsync(cbp, ca, cb, cudaMemcpyDeviceToDevice, stream));
        CK(cudaStreamSynchronize(stream));
        best = fmin(best, now() - t0);
    }
    cudaFree(ca), cudaFree(cbp);
    double copy_bw = 2.0 * (double)cb / best / 1e9;
    printf("# spmspv_bench on %s; copy bandwidth %.0f GB/s; medians of %d after 2 warm-ups\n", p.name,
           copy_bw, reps);
    char *mats[16], *dtext[16];
    double dens[16];
    int nm = split(mats_buf, mats, 16), nd = split(dens_buf, dtext, 16);
    for (int k = 0; k < nd; k++) dens[k] = atof(dtext[k]);
    for (int k = 0; k < nm; k++) bench_one(mats[k], dens, nd, h, copy_bw);
    cusparseDestroy(h);
    GrB_finalize();
    return 0;
}
