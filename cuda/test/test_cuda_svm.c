/* test_cuda_svm.c: the frontier-mode SVM on the device (suite 'cuda'). The features the device
 * pass counts (GG_cuda_mxv_features) equal those computed on the host by the paper's definition
 * (column-length deviation; nnz over the distinct (row, panel) segments for each of the 13 panel
 * widths), for A and A', are cached, and are dropped when A is written. Frontier products give the
 * CPU backend's results under the SVM's choice and under each forced mode, at densities on both
 * sides of any plausible switch point (one semiring under compute-sanitizer). The call features
 * the slot records (mask kind, list output, the flat pull, the push work counted on the device)
 * and a model file that decides in place of the compiled model. Exits 77 (Meson: SKIP) without
 * a GPU. */
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

/* One frontier product for call_features_of_the_call and call_features_tell_the_flat_pull. */
typedef struct {
    GrB_Semiring sr;
    GrB_Vector w, mask, u;
    GrB_Descriptor d;
    GrB_Matrix A;
    bool mxv; /* w = A u, else w = u' A */
} one_call;

static void run_call(void *arg)
{
    one_call *c = arg;
    OK(c->mxv ? GrB_mxv(c->w, c->mask, NULL, c->sr, c->A, c->u, c->d)
              : GrB_vxm(c->w, c->mask, NULL, c->sr, c->u, c->A, c->d));
}

/* The push work of u' A: the entries of A's rows at u's entries (the columns of R = A'). */
static uint64_t host_push_work(GrB_Matrix A, GrB_Vector u)
{
    GrB_Index m, nnz, nu;
    OK(GrB_Matrix_nrows(&m, A));
    OK(GrB_Matrix_nvals(&nnz, A));
    OK(GrB_Vector_nvals(&nu, u));
    GrB_Index *I = malloc((nnz + 1) * sizeof *I), *J = malloc((nnz + 1) * sizeof *J);
    GrB_Index *U = malloc((nu + 1) * sizeof *U), k = nnz;
    uint64_t *len = calloc(m, sizeof *len), work = 0;
    OK(GrB_Matrix_extractTuples_FP64(I, J, NULL, &k, A));
    for (GrB_Index p = 0; p < nnz; p++) len[I[p]]++;
    k = nu;
    OK(GrB_Vector_extractTuples_FP64(U, NULL, &k, u));
    for (GrB_Index p = 0; p < nu; p++) work += len[U[p]];
    free(I), free(J), free(U), free(len);
    return work;
}

/* The call features the slot records (GG_cuda_mxv_last_call, what the trainer's cases read) and
 * decides with: the input's density, the mask's kind, and whether a push would write a list (a
 * direct result over constant terms: LOR.ONEB here), under the SVM and under each forced mode;
 * the push work counted on the device under a forced mode (the trainer's), from a sparse and from
 * a bitmap frontier, and left at the density's estimate under a model that does not read it and
 * under a mode forced for timing (GG_cuda_mxv_force_timed). */
static void call_features_of_the_call(void **state)
{
    (void)state;
    /* n large enough that the device's count spans several blocks in both frontier forms (400
     * sparse terms, 1250 bitmap words of 16 flags: 2 and 5 blocks of 256) */
    const GrB_Index n = 20000;
    GrB_Semiring lor_oneb;
    OK(GrB_Semiring_new(&lor_oneb, GrB_LOR_MONOID_BOOL, GrB_ONEB_BOOL));
    GrB_Matrix A = random_matrix(GrB_BOOL, n, n, 0.0006);
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3), u = random_vector(GrB_BOOL, n, 0.02);
    GrB_Index nu, nnz;
    OK(GrB_Vector_nvals(&nu, u));
    OK(GrB_Matrix_nvals(&nnz, A));
    struct {
        GrB_Semiring sr;
        bool masked;
        GrB_Descriptor d;
        double mstruct, mcomp, list;
    } cases[] = {
        {lor_oneb, false, NULL, 0, 0, 1},
        {GrB_LOR_LAND_SEMIRING_BOOL, false, NULL, 0, 0, 0}, /* A is not iso: terms vary */
        {lor_oneb, true, GrB_DESC_RSC, 1, 1, 1},             /* BFS's push */
        {lor_oneb, true, GrB_DESC_R, 0, 0, 1},               /* a valued mask, replace */
        {lor_oneb, true, GrB_DESC_S, 1, 0, 0},               /* no replace: a write-back pass */
    };
    const int modes[] = {GG_CUDA_MXV_RULE, GG_CUDA_MXV_PUSH, GG_CUDA_MXV_PULL};
    set_backend(GxG_BACKEND_CUDA);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            GG_cuda_mxv_force(modes[k]);
            one_call call = {cases[c].sr, NULL, cases[c].masked ? m : NULL, u, cases[c].d, A,
                             false};
            OK(GrB_Vector_new(&call.w, GrB_BOOL, n));
            static char buf[1 << 16];
            traced(run_call, &call, buf, sizeof buf);
            double t[GG_SVM_NFEAT];
            assert_true(GG_cuda_mxv_last_call(t));
            assert_true(fabs(t[GG_SVM_DENSITY] - log2((double)nu / (double)n)) < 1e-12);
            double want[] = {cases[c].masked, cases[c].mstruct, cases[c].mcomp, cases[c].list};
            for (int f = 0; f < 4; f++)
                if (t[GG_SVM_MASKED + f] != want[f])
                    fail_msg("case %zu mode %d: feature %d is %g, not %g", c, modes[k],
                             GG_SVM_MASKED + f, t[GG_SVM_MASKED + f], want[f]);
            bool counted = modes[k] != GG_CUDA_MXV_RULE || GG_svm_reads_work(GG_cuda_svm_model());
            double work = counted ? GG_svm_work(host_push_work(A, u), nnz) : t[GG_SVM_DENSITY];
            /* under the SVM, a model whose decision the work's bounds settle leaves the count
             * out: the feature is then the density's estimate moved into the bounds the trace
             * names (GG_svm_work_settled), and the count lies within them */
            const char *settled = modes[k] == GG_CUDA_MXV_RULE ? strstr(buf, "lies in [") : NULL;
            if (counted && settled != NULL) {
                unsigned long long lo, hi;
                assert_int_equal(sscanf(settled, "lies in [%llu, %llu]", &lo, &hi), 2);
                uint64_t exact = host_push_work(A, u);
                assert_true(lo <= exact && exact <= hi);
                double flo = GG_svm_work(lo, nnz), fhi = GG_svm_work(hi, nnz);
                double d = t[GG_SVM_DENSITY];
                work = d < flo ? flo : d > fhi ? fhi : d;
            }
            if (fabs(t[GG_SVM_WORK] - work) > 1e-12)
                fail_msg("case %zu mode %d: push work %g, not %g", c, modes[k], t[GG_SVM_WORK],
                         work);
            /* the SVM's trace names the call's kind */
            if (modes[k] == GG_CUDA_MXV_RULE && cases[c].list != 0)
                assert_non_null(strstr(buf, "list push"));
            GrB_free(&call.w);
        }
    }
    /* a frontier of 30 %, a bitmap on the device after the product that made it */
    GG_cuda_mxv_force(GG_CUDA_MXV_PULL);
    GrB_Vector q;
    OK(GrB_Vector_new(&q, GrB_BOOL, n));
    OK(GrB_vxm(q, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, m, A, NULL));
    GG_cuda_mxv_force(GG_CUDA_MXV_PUSH);
    one_call call = {lor_oneb, NULL, NULL, q, NULL, A, false};
    OK(GrB_Vector_new(&call.w, GrB_BOOL, n));
    static char buf[1 << 16];
    traced(run_call, &call, buf, sizeof buf);
    assert_non_null(strstr(buf, "push of a bitmap frontier"));
    double t[GG_SVM_NFEAT];
    assert_true(GG_cuda_mxv_last_call(t));
    assert_true(fabs(t[GG_SVM_WORK] - GG_svm_work(host_push_work(A, q), nnz)) < 1e-12);
    GrB_free(&call.w), GrB_free(&q);
    /* a mode forced for its time alone (GG_cuda_mxv_force_timed, spmspv_bench's oracle): the
     * push work is not counted, the feature stays the density's estimate */
    GG_cuda_mxv_force_timed(GG_CUDA_MXV_PUSH);
    one_call timed = {lor_oneb, NULL, NULL, u, NULL, A, false};
    OK(GrB_Vector_new(&timed.w, GrB_BOOL, n));
    traced(run_call, &timed, buf, sizeof buf);
    assert_null(strstr(buf, "the push would walk"));
    assert_true(GG_cuda_mxv_last_call(t));
    assert_true(fabs(t[GG_SVM_WORK] - t[GG_SVM_DENSITY]) < 1e-12);
    GrB_free(&timed.w);
    GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&lor_oneb), GrB_free(&A), GrB_free(&m), GrB_free(&u);
}

/* Whether the non-sparse mode would be the flat pull (GG_SVM_FLAT), as the slot records it under
 * the SVM and under each forced mode: 1 for PLUS_TIMES on FP32 without a mask over a sparse
 * frontier, by vxm and by mxv, on a matrix of at least as many entries as rows; 0 for LOR_LAND,
 * for a masked call, and on a matrix of fewer entries than rows. The forced pull runs the flat
 * pull exactly where the feature is 1 (its trace), so the feature names the pull that runs. */
static void call_features_tell_the_flat_pull(void **state)
{
    (void)state;
    const GrB_Index n = 4000;
    GrB_Matrix A = random_matrix(GrB_FP32, n, n, 0.002), Ab = random_matrix(GrB_BOOL, n, n, 0.002);
    GrB_Matrix thin = random_matrix(GrB_FP32, n, n, 0.0001); /* at most 1601 entries */
    GrB_Vector u = random_vector(GrB_FP32, n, 0.02), ub = random_vector(GrB_BOOL, n, 0.02);
    GrB_Vector m = random_vector(GrB_BOOL, n, 0.3);
    /* GRAPHBLAS_GPU_FLAT_PULL=0 turns the flat pull, and the feature with it, off */
    double on = GG_cuda_env_or("GRAPHBLAS_GPU_FLAT_PULL", 1) != 0;
    struct {
        GrB_Semiring sr;
        GrB_Type type;
        GrB_Matrix A;
        GrB_Vector u, mask;
        bool mxv;
        double flat;
    } cases[] = {
        {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_FP32, A, u, NULL, false, on},
        {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_FP32, A, u, NULL, true, on},
        {GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, Ab, ub, NULL, false, 0},
        {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_FP32, A, u, m, false, 0},
        {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_FP32, thin, u, NULL, false, 0},
    };
    const int modes[] = {GG_CUDA_MXV_RULE, GG_CUDA_MXV_PUSH, GG_CUDA_MXV_PULL};
    set_backend(GxG_BACKEND_CUDA);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            GG_cuda_mxv_force(modes[k]);
            one_call call = {cases[c].sr, NULL, cases[c].mask, cases[c].u, NULL, cases[c].A,
                             cases[c].mxv};
            OK(GrB_Vector_new(&call.w, cases[c].type, n));
            static char buf[1 << 16];
            traced(run_call, &call, buf, sizeof buf);
            double t[GG_SVM_NFEAT];
            assert_true(GG_cuda_mxv_last_call(t));
            if (t[GG_SVM_FLAT] != cases[c].flat)
                fail_msg("case %zu mode %d: flat pull feature %g, not %g", c, modes[k],
                         t[GG_SVM_FLAT], cases[c].flat);
            bool ran_flat = strstr(buf, "flat pull on the compact") != NULL;
            if (modes[k] == GG_CUDA_MXV_PULL && ran_flat != (cases[c].flat != 0))
                fail_msg("case %zu: the %s pull ran, the feature is %g", c,
                         ran_flat ? "flat" : "group", cases[c].flat);
            GrB_free(&call.w);
        }
    }
    GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&Ab), GrB_free(&thin), GrB_free(&u), GrB_free(&ub), GrB_free(&m);
}

/* A model source of `nfeat` weights, 0 but the push work's (work), and bias b, as the trainer
 * writes its fields, at path. */
static void write_model(const char *path, int nfeat, double b, double work)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "#include \"GG_cuda_svm.h\"\nconst GG_svm_model GG_svm_mxv_model = {\n    .w =\n        {\n");
    for (int k = 0; k < nfeat; k++)
        fprintf(f, "            %a, /* feature %d */\n", k == GG_SVM_WORK ? work : 0.0, k);
    fprintf(f, "        },\n    .b = %a,\n    .gpu = \"test\",\n    .date = \"today\",\n", b);
    fprintf(f, "    .cases = 7,\n    .cv_accuracy = 0x1p-1,\n    .provisional = false,\n};\n");
    fclose(f);
}

/* A product over a frontier of the vertices 3, 3 + stride, ... of A, for model_file_decides. */
typedef struct {
    GrB_Matrix A;
    GrB_Index stride;
} frontier;

static void frontier_product(void *arg)
{
    const frontier *f = arg;
    GrB_Index n;
    OK(GrB_Matrix_nrows(&n, f->A));
    GrB_Vector u, w;
    OK(GrB_Vector_new(&u, GrB_BOOL, n));
    OK(GrB_Vector_new(&w, GrB_BOOL, n));
    for (GrB_Index k = 3; k < n; k += f->stride) OK(GrB_Vector_setElement_BOOL(u, true, k));
    OK(GrB_vxm(w, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, u, f->A, NULL));
    GrB_free(&u), GrB_free(&w);
}

/* A model file decides in place of the compiled model (GG_cuda_svm_use_file, behind
 * GRAPHBLAS_GPU_SVM_MODEL): one whose bias says pull makes even a one-entry frontier pull, one
 * that says push pushes it, and one that reads the push work has it counted; a file of another
 * feature count, or none, is refused and changes nothing; NULL brings the compiled model back. */
static void model_file_decides(void **state)
{
    (void)state;
    char path[] = "/tmp/gg_svm_modelXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    GrB_Matrix A = random_matrix(GrB_BOOL, 2000, 2000, 0.004);
    frontier one = {A, 2000}, tenth = {A, 10};
    static char buf[1 << 16];
    set_backend(GxG_BACKEND_CUDA);
    write_model(path, GG_SVM_NFEAT, 100, 0);
    assert_true(GG_cuda_svm_use_file(path));
    assert_true(GG_cuda_svm_model()->b == 100 && GG_cuda_svm_model()->cases == 7);
    traced(frontier_product, &one, buf, sizeof buf);
    assert_non_null(strstr(buf, "non-sparse mode"));
    write_model(path, GG_SVM_NFEAT, -100, 0);
    assert_true(GG_cuda_svm_use_file(path));
    traced(frontier_product, &one, buf, sizeof buf);
    assert_non_null(strstr(buf, ": sparse mode"));
    assert_null(strstr(buf, "the push would walk"));
    /* a model that reads the push work: counted for a frontier of 10 % (whose columns could hold
     * far more than 1/256 of the edges), and it decides: pull when the frontier's columns hold
     * over 2^-8 of them (score 8 + log2 fraction) */
    write_model(path, GG_SVM_NFEAT, 8, 1);
    assert_true(GG_cuda_svm_use_file(path));
    assert_true(GG_svm_reads_work(GG_cuda_svm_model()));
    traced(frontier_product, &tenth, buf, sizeof buf);
    assert_non_null(strstr(buf, "the push would walk"));
    assert_non_null(strstr(buf, "non-sparse mode"));
    /* the feature vector before the flat pull: refused, the last model stays */
    write_model(path, GG_SVM_NFEAT - 1, 100, 0);
    assert_false(GG_cuda_svm_use_file(path));
    assert_true(GG_cuda_svm_model()->b == 8);
    unlink(path);
    assert_false(GG_cuda_svm_use_file(path));
    assert_true(GG_cuda_svm_use_file(NULL));
    assert_true(GG_cuda_svm_model() == &GG_svm_mxv_model);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A);
}

int main(void)
{
    int rc = GG_cuda_test_start();
    if (rc != 0) return rc;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_by_definition),
        cmocka_unit_test(frontier_parity_under_svm),
        cmocka_unit_test(call_features_of_the_call),
        cmocka_unit_test(call_features_tell_the_flat_pull),
        cmocka_unit_test(model_file_decides),
    };
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return rc;
}
