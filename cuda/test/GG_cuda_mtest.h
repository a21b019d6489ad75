/* GG_cuda_mtest.h: what the cuda suite's matrix tests (test_cuda_ops.c, test_cuda_mat.c) share:
 * seeded random matrices, the comparison of two matrices' tuples, the backend switch, and the
 * counters that show where a call ran and what it copied, and the trace of a call. Include after cmocka.h and
 * GG_cuda_test.h. */
#ifndef GG_CUDA_MTEST_H
#define GG_CUDA_MTEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OK(call) assert_int_equal((call), GrB_SUCCESS)

/* A random nrows x ncols matrix of `type` with about density * nrows * ncols entries, values
 * small integers in [-4, 20] (cast to the type; unsigned types saturate negatives to 0). */
static inline GrB_Matrix random_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                                       double density)
{
    GrB_Index n = (GrB_Index)(density * (double)nrows * (double)ncols) + 1;
    GrB_Index *I = malloc(n * sizeof(GrB_Index)), *J = malloc(n * sizeof(GrB_Index));
    double *X = malloc(n * sizeof(double));
    for (GrB_Index k = 0; k < n; k++) {
        I[k] = GG_cuda_test_next() % nrows;
        J[k] = GG_cuda_test_next() % ncols;
        X[k] = (double)((int)(GG_cuda_test_next() % 25) - 4);
    }
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, nrows, ncols));
    OK(GrB_Matrix_build_FP64(A, I, J, X, n, GrB_SECOND_FP64));
    free(I);
    free(J);
    free(X);
    return A;
}

/* Both matrices hold the same tuples (values compared as doubles; tol 0 is exact). */
static inline void same_matrix(GrB_Matrix A, GrB_Matrix B, double tol)
{
    GrB_Index na, nb;
    OK(GrB_Matrix_nvals(&na, A));
    OK(GrB_Matrix_nvals(&nb, B));
    assert_int_equal(na, nb);
    GrB_Index *ia = malloc((na + 1) * sizeof(GrB_Index)), *ja = malloc((na + 1) * sizeof(GrB_Index));
    GrB_Index *ib = malloc((na + 1) * sizeof(GrB_Index)), *jb = malloc((na + 1) * sizeof(GrB_Index));
    double *xa = malloc((na + 1) * sizeof(double)), *xb = malloc((na + 1) * sizeof(double));
    GrB_Index ka = na, kb = nb;
    OK(GrB_Matrix_extractTuples_FP64(ia, ja, xa, &ka, A));
    OK(GrB_Matrix_extractTuples_FP64(ib, jb, xb, &kb, B));
    for (GrB_Index k = 0; k < na; k++) {
        assert_int_equal(ia[k], ib[k]);
        assert_int_equal(ja[k], jb[k]);
        bool eq = tol == 0 ? (xa[k] == xb[k] || (isnan(xa[k]) && isnan(xb[k])))
                           : fabs(xa[k] - xb[k]) <= tol * fmax(1.0, fabs(xa[k]));
        if (!eq) fail_msg("entry (%llu, %llu): cpu %.17g, cuda %.17g", (unsigned long long)ia[k],
                          (unsigned long long)ja[k], xa[k], xb[k]);
    }
    free(ia), free(ja), free(ib), free(jb), free(xa), free(xb);
}

/* A random vector: each position holds a value in [1, 9] with probability density. */
static inline GrB_Vector random_vector(GrB_Type type, GrB_Index n, double density)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, type, n));
    for (GrB_Index i = 0; i < n; i++)
        if ((double)(GG_cuda_test_next() % 1000) < density * 1000)
            OK(GrB_Vector_setElement_FP64(v, (double)((int)(GG_cuda_test_next() % 9) + 1), i));
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return v;
}

/* The same for vectors (compared as n x 1 matrices). */
static inline void same_vector(GrB_Vector a, GrB_Vector b, double tol)
{
    GrB_Index n = 0;
    OK(GrB_Vector_size(&n, a));
    GrB_Matrix A, B;
    OK(GrB_Matrix_new(&A, GrB_FP64, n, 1));
    OK(GrB_Matrix_new(&B, GrB_FP64, n, 1));
    OK(GrB_Col_assign(A, NULL, NULL, a, GrB_ALL, n, 0, NULL));
    OK(GrB_Col_assign(B, NULL, NULL, b, GrB_ALL, n, 0, NULL));
    same_matrix(A, B, tol);
    GrB_free(&A), GrB_free(&B);
}

static inline GrB_Matrix mdup(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GrB_Matrix_dup(&C, A));
    return C;
}

static inline void set_backend(int32_t b)
{
    OK(GrB_Global_set_INT32(GrB_GLOBAL, b, GxG_BACKEND));
}

/* Calls sent to CUDA that ran on the CPU since GrB_init: unchanged across a forced-CUDA call
 * shows the device computed it. */
static inline size_t declines(void)
{
    size_t n = 0;
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &n, GxG_CUDA_DECLINES));
    return n;
}

static inline unsigned long long d2h(void)
{
    GG_cuda_transfers t;
    GG_cuda_transfer_counts(&t);
    return t.d2h_count;
}

static inline unsigned long long h2d(void)
{
    GG_cuda_transfers t;
    GG_cuda_transfer_counts(&t);
    return t.h2d_count;
}

/* A device-written result is on the device: its nvals needs no copy. */
static inline void assert_resident(GrB_Matrix C)
{
    unsigned long long before = d2h();
    GrB_Index n;
    OK(GrB_Matrix_nvals(&n, C));
    assert_true(d2h() == before);
}

/* C<M> = accum(C, A*B) under d with the CPU backend and then with CUDA forced, each from a copy
 * of C0: the CUDA call must not decline and its result must stay on the device, and both results
 * must hold the same tuples exactly. */
static inline void mxm_parity(const char *name, GrB_Matrix C0, GrB_Matrix M, GrB_BinaryOp accum,
                              GrB_Semiring sr, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor d)
{
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        GrB_Info info = GrB_mxm(C[b], M, accum, sr, A, B, d);
        if (info != GrB_SUCCESS) fail_msg("%s: backend %d: %d", name, b, (int)info);
        if (b == 1 && declines() != before) fail_msg("%s: the CUDA slot declined", name);
        if (b == 1) assert_resident(C[1]);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C[0]), GrB_free(&C[1]);
}

/* GxG_DEVICE_POOL_LIMIT (0: none). */
static inline void set_pool_limit(size_t bytes)
{
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &bytes, GxG_DEVICE_POOL_LIMIT, sizeof bytes));
}

/* Runs f(arg) with the library's trace on and its standard error in buf (size bytes, the
 * start of it, NUL-terminated). */
static inline void traced(void (*f)(void *), void *arg, char *buf, size_t size)
{
    char path[] = "/tmp/gg_cuda_traceXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, 1, GxG_TRACE));
    f(arg);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, 0, GxG_TRACE));
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    memset(buf, 0, size);
    lseek(fd, 0, SEEK_SET);
    ssize_t got = read(fd, buf, size - 1);
    close(fd);
    unlink(path);
    assert_true(got > 0);
}

#endif /* GG_CUDA_MTEST_H */
