/* test_cuda_svm.c: the frontier-mode SVM on the device (suite 'cuda'). The features the device
 * pass counts (GG_cuda_mxv_features) equal those computed on the host by the paper's definition
 * (column-length deviation; nnz over the distinct (row, panel) segments for each of the 13 panel
 * widths), for A and A', are cached, and are dropped when A is written. Frontier products give the
 * CPU backend's results under the SVM's choice and under each forced mode, at densities on both
 * sides of any plausible switch point (one semiring under compute-sanitizer). Exits 77 (Meson:
 * SKIP) without a GPU. */
#include "GG_cuda_mxv_svm.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test.h"
#include "GG_cuda_mtest.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* R = op(A)'s features by definition, from A's tuples. */
static void host_features(GrB_Matrix A, bool tran, double *t)
{
    GrB_Index m, n, nnz;
    OK(GrB_Matrix_nrows(&m, A));
    OK(GrB_Matrix_ncols(&n, A));
    OK(GrB_Matrix_nvals(&nnz, A));
    GrB_Index *I = malloc((nnz + 1) * sizeof *I), *J = malloc((nnz + 1) * sizeof *J), k = nnz;
    OK(GrB_Matrix_extractTuples_FP64(I, J, NULL, &k, A));
    GrB_Index *rows = tran ? J : I, *cols = tran ? I : J, nr = tran ? n : m, nc = tran ? m : n;
    uint64_t *len = calloc(nc, sizeof *len), *key = malloc((nnz + 1) * sizeof *key);
    for (GrB_Index p = 0; p < nnz; p++) len[cols[p]]++;
    double mean = (double)nnz / (double)nc, var = 0;
    for (GrB_Index c = 0; c < nc; c++) var += ((double)len[c] - mean) * ((double)len[c] - mean);
    var /= (double)nc;
    t[GG_SVM_NNZ] = log2(1.0 + (double)nnz);
    t[GG_SVM_ROWS] = log2(1.0 + (double)nr);
    t[GG_SVM_COLS] = log2(1.0 + (double)nc);
    t[GG_SVM_COLSTD] = log2(1.0 + sqrt(var));
    for (int s = GG_SVM_PANEL_LO; s <= GG_SVM_PANEL_HI; s++) {
        uint64_t panels = (nc >> s) + 1, segments = 0;
        for (GrB_Index p = 0; p < nnz; p++) key[p] = rows[p] * panels + (cols[p] >> s);
        qsort(key, nnz, sizeof *key, cmp_u64);
        for (GrB_Index p = 0; p < nnz; p++) segments += p == 0 || key[p] != key[p - 1];
        t[GG_SVM_CF0 + s - GG_SVM_PANEL_LO] = log2(1.0 + (double)nnz / (double)segments);
    }
    free(I), free(J), free(len), free(key);
}

/* 600 x 2^21, each row a few runs of columns with gaps from 1 to past the widest panel, so every
 * clustering factor differs. */
static GrB_Matrix clustered_matrix(void)
{
    const GrB_Index m = 600, n = (GrB_Index)1 << 21;
    GrB_Index cap = m * 48, k = 0;
    GrB_Index *I = malloc(cap * sizeof *I), *J = malloc(cap * sizeof *J);
    static const uint64_t gaps[] = {1, 3, 150, 700, 5000, 40000, 300000, 900000};
    for (GrB_Index i = 0; i < m; i++) {
        uint64_t c = GG_cuda_test_next() % 4096;
        for (int e = 0; e < 48 && c < n; e++) {
            I[k] = i, J[k++] = c;
            c += 1 + GG_cuda_test_next() % gaps[(i + (uint64_t)e / 6) % 8];
        }
    }
    GrB_Matrix A;
    float *X = malloc(cap * sizeof *X);
    for (GrB_Index p = 0; p < k; p++) X[p] = 1;
    OK(GrB_Matrix_new(&A, GrB_FP32, m, n));
    OK(GrB_Matrix_build_FP32(A, I, J, X, k, GrB_PLUS_FP32));
    free(I), free(J), free(X);
    return A;
}

static void features_by_definition(void **state)
{
    (void)state;
    set_backend(GxG_BACKEND_CUDA);
    GrB_Matrix A = clustered_matrix();
    for (int tran = 0; tran < 2; tran++) {
        GrB_Index nnz;
        OK(GrB_Matrix_nvals(&nnz, A));
        double dev[GG_SVM_NFEAT], host[GG_SVM_NFEAT], again[GG_SVM_NFEAT];
        OK(GG_cuda_mxv_features(&A->c, tran, nnz, true, dev));
        host_features(A, tran, host);
        for (int f = 0; f < GG_SVM_DENSITY; f++) {
            if (fabs(dev[f] - host[f]) > 1e-9 * fmax(1, fabs(host[f])))
                fail_msg("%s feature %d: device %.17g, host %.17g", tran ? "A'" : "A", f, dev[f],
                         host[f]);
        }
        /* A's rows span every width, so its factors grow with the panel (A' has about one
         * entry a row: all its factors are near 1) */
        if (!tran) assert_true(dev[GG_SVM_CF0] < dev[GG_SVM_CF0 + GG_SVM_NPANEL - 1]);
        /* cached: the same numbers, an uncounted request served from the counted ones */
        OK(GG_cuda_mxv_features(&A->c, tran, nnz, false, again));
        assert_memory_equal(dev, again, GG_SVM_DENSITY * sizeof(double));
    }
    /* a write drops them: the next request counts the new content */
    OK(GrB_Matrix_setElement_FP32(A, 1, 599, ((GrB_Index)1 << 21) - 1));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    GrB_Index nnz;
    OK(GrB_Matrix_nvals(&nnz, A));
    double dev[GG_SVM_NFEAT], host[GG_SVM_NFEAT];
    OK(GG_cuda_mxv_features(&A->c, false, nnz, true, dev));
    host_features(A, false, host);
    for (int f = 0; f < GG_SVM_DENSITY; f++)
        assert_true(fabs(dev[f] - host[f]) <= 1e-9 * fmax(1, fabs(host[f])));
    GrB_free(&A);
    set_backend(GxG_BACKEND_AUTO);
}

/* Frontier products on the device against the CPU, under the SVM (the compiled model) and under
 * each forced mode, over densities from one entry to half of n, with and without BFS's
 * complemented structural mask. */
static void frontier_parity_under_svm(void **state)
{
    (void)state;
    struct {
        GrB_Type type;
        GrB_Semiring sr;
    } cases[] = {
        {GrB_BOOL, GrB_LOR_LAND_SEMIRING_BOOL},
        {GrB_INT64, GrB_MIN_PLUS_SEMIRING_INT64},
        {GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64},
    };
    const double dens[] = {0, 0.005, 0.02, 0.04, 0.1, 0.3, 0.5};
    const int modes[] = {GG_CUDA_MXV_RULE, GG_CUDA_MXV_PUSH, GG_CUDA_MXV_PULL};
    const GrB_Index n = 3000;
    /* under compute-sanitizer (tools/device-check.sh sets GG_TEST_SANITIZER) the first case only */
    const char *san = getenv("GG_TEST_SANITIZER");
    size_t ncases = san != NULL && san[0] != '\0' ? 1 : sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < ncases; c++) {
        GrB_Matrix A = random_matrix(cases[c].type, n, n, 0.004);
        GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
        for (size_t di = 0; di < sizeof dens / sizeof dens[0]; di++) {
            GrB_Vector u = random_vector(cases[c].type, n, dens[di]);
            if (dens[di] == 0) OK(GrB_Vector_setElement_INT32(u, 3, 17)); /* one entry */
            for (int vxm = 0; vxm < 2; vxm++) {
                for (int masked = 0; masked < 2; masked++) {
                    GrB_Vector mask = masked ? m : NULL;
                    GrB_Descriptor d = masked ? GrB_DESC_RSC : NULL;
                    GrB_Vector ref, w;
                    OK(GrB_Vector_new(&ref, cases[c].type, n));
                    set_backend(GxG_BACKEND_CPU);
                    OK(vxm ? GrB_vxm(ref, mask, NULL, cases[c].sr, u, A, d)
                           : GrB_mxv(ref, mask, NULL, cases[c].sr, A, u, d));
                    set_backend(GxG_BACKEND_CUDA);
                    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
                        GG_cuda_mxv_force(modes[k]);
                        OK(GrB_Vector_new(&w, cases[c].type, n));
                        size_t before = declines();
                        OK(vxm ? GrB_vxm(w, mask, NULL, cases[c].sr, u, A, d)
                               : GrB_mxv(w, mask, NULL, cases[c].sr, A, u, d));
                        assert_int_equal(declines(), before);
                        same_vector(ref, w, 1e-12);
                        GrB_free(&w);
                    }
                    GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
                    GrB_free(&ref);
                }
            }
            GrB_free(&u);
        }
        GrB_free(&A), GrB_free(&m);
    }
    set_backend(GxG_BACKEND_AUTO);
}

int main(void)
{
    int rc = GG_cuda_test_start();
    if (rc != 0) return rc;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_by_definition),
        cmocka_unit_test(frontier_parity_under_svm),
    };
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return rc;
}
