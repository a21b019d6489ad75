/* ewise_bench.cu: the device eWiseAdd of HiSparse trees (cuda/kernels/hs_ewise.cu) against cuSPARSE
 * SpGEAM (csrgeam2, alpha = beta = 1) for A+A and A+A' (cuSPARSE needs csr2csc first for A'), and
 * the HiSparse device build from the CSR view (cuda/kernels/hs_build.cu) against cusparseCsr2cscEx2
 * on the same matrix. FP32. Verified before timing: the device build's pool is compared byte for byte
 * with the host build's, and each eWise result is brought back as row-major tuples
 * (GG_cuda_hs_to_coo) and compared with cuSPARSE's CSR entry by entry (exact for A+A; relative
 * 1e-6 for A+A', the same two floats added in either order being exact too), and its pool with
 * the pool of a fresh device build of those tuples, byte for byte (the fast paths of hs_ewise.cu
 * copy an input's pool instead of building). Times are medians of
 * >= 10 runs after two warm-ups, by events on the library's stream; cuSPARSE's output arrays are
 * allocated once outside the timing, ours inside (stream-ordered pool). Bytes under the minimal
 * model: CSR32 of the inputs read plus CSR32 of the output written (eWise), the CSR32 input read
 * plus the output written (build: the pool; csr2csc: CSC32). The library keeps freed device memory
 * in the pool between calls (cuda/device.cu), as a long-running application sees it. */
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_spmv.h"
#include "bench_gpu.cuh"
#include "spmv_bench_host.h"

#include <cmath>
#include <cstring>

#define HS(x)                                                                                      \
    do {                                                                                           \
        GG_cuda_hs_code c_ = (x);                                                                  \
        if (c_ != GG_CUDA_HS_OK) {                                                                 \
            fprintf(stderr, "%s:%d: device HiSparse code %d\n", __FILE__, __LINE__, (int)c_);      \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

template <class T> static std::vector<T> down(const void *d, size_t n)
{
    std::vector<T> h(n);
    CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

static void row(const char *mat, uint64_t nnz, const char *what, double ms, double bytes, const char *check)
{
    double gbs = bytes / (ms * 1e6);
    printf("%-8s %11llu  %-30s %9.3f %8.0f %6.1f  %s\n", mat, (unsigned long long)nnz, what, ms, gbs,
           100.0 * gbs / copy_bw, check);
}

/* A CSR32 matrix on the device (cuSPARSE's side). */
struct Csr {
    int m, n, nnz;
    int *ptr, *idx;
    float *val;
};

/* C = A + B with csrgeam2; C's arrays are sized by the first call and reused. */
struct Geam {
    cusparseHandle_t h;
    cusparseMatDescr_t d;
    Csr C = {0, 0, 0, nullptr, nullptr, nullptr};
    void *buf = nullptr;
    size_t bufsize = 0;
    void run(const Csr &A, const Csr &B)
    {
        float one = 1.0f;
        size_t need = 0;
        CS(cusparseScsrgeam2_bufferSizeExt(h, A.m, A.n, &one, d, A.nnz, A.val, A.ptr, A.idx, &one, d,
                                           B.nnz, B.val, B.ptr, B.idx, d, C.val, C.ptr, C.idx, &need));
        if (need > bufsize) {
            cudaFree(buf);
            CK(cudaMalloc(&buf, need));
            bufsize = need;
        }
        if (C.ptr == nullptr) CK(cudaMalloc(&C.ptr, (A.m + 1) * sizeof(int)));
        int nnz = 0;
        CS(cusparseXcsrgeam2Nnz(h, A.m, A.n, d, A.nnz, A.ptr, A.idx, d, B.nnz, B.ptr, B.idx, d, C.ptr,
                                &nnz, buf));
        if (C.idx == nullptr) {
            CK(cudaMalloc(&C.idx, (size_t)nnz * sizeof(int)));
            CK(cudaMalloc(&C.val, (size_t)nnz * sizeof(float)));
        }
        C.m = A.m, C.n = A.n, C.nnz = nnz;
        CS(cusparseScsrgeam2(h, A.m, A.n, &one, d, A.nnz, A.val, A.ptr, A.idx, &one, d, B.nnz, B.val,
                             B.ptr, B.idx, d, C.val, C.ptr, C.idx, buf));
    }
    void release()
    {
        cudaFree(C.ptr), cudaFree(C.idx), cudaFree(C.val), cudaFree(buf);
        C = Csr{0, 0, 0, nullptr, nullptr, nullptr};
        buf = nullptr;
        bufsize = 0;
    }
};

/* At = A' as CSR (csr2csc of A). */
struct Transposer {
    cusparseHandle_t h;
    void *buf = nullptr;
    void run(const Csr &A, Csr &At)
    {
        size_t need = 0;
        CS(cusparseCsr2cscEx2_bufferSize(h, A.m, A.n, A.nnz, A.val, A.ptr, A.idx, At.val, At.ptr, At.idx,
                                         CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
                                         CUSPARSE_CSR2CSC_ALG1, &need));
        if (buf == nullptr) CK(cudaMalloc(&buf, need > 0 ? need : 1));
        CS(cusparseCsr2cscEx2(h, A.m, A.n, A.nnz, A.val, A.ptr, A.idx, At.val, At.ptr, At.idx, CUDA_R_32F,
                              CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, buf));
    }
};

/* Whether tree C's pool is the pool a fresh build of its n tuples (on the device) gives. */
static bool fresh_layout(const GG_cuda_hs &C, const uint32_t *dr, const uint32_t *dc, const float *dx, uint64_t n)
{
    GG_cuda_hs F;
    HS(GG_cuda_hs_build_coo(&F, C.nrows, C.ncols, C.dbits, dr, dc, dx, n, C.type_code, 4, false));
    bool ok = F.pool_bytes == C.pool_bytes && F.root == C.root;
    if (ok) ok = down<uint8_t>(F.pool, F.pool_bytes) == down<uint8_t>(C.pool, C.pool_bytes);
    GG_cuda_free((void *)F.pool);
    return ok;
}

/* Our result (row-major tuples) against cuSPARSE's CSR: same pattern, values within rel; its
 * pool that of a fresh build. */
static bool same(const GG_cuda_hs &C, const Csr &R, double rel, char *msg)
{
    if ((int64_t)C.nvals != R.nnz) {
        sprintf(msg, "FAIL nnz %llu vs %d", (unsigned long long)C.nvals, R.nnz);
        return false;
    }
    uint64_t n = C.nvals;
    uint32_t *dr, *dc;
    float *dx;
    CK(cudaMalloc(&dr, n * 4 + 4));
    CK(cudaMalloc(&dc, n * 4 + 4));
    CK(cudaMalloc(&dx, n * 4 + 4));
    HS(GG_cuda_hs_to_coo(&C, GG_CUDA_ORDER_ROW, dr, dc, dx));
    bool fresh = fresh_layout(C, dr, dc, dx, n);
    auto r = down<uint32_t>(dr, n), c = down<uint32_t>(dc, n);
    auto x = down<float>(dx, n);
    auto p = down<int>(R.ptr, R.m + 1), j = down<int>(R.idx, n);
    auto v = down<float>(R.val, n);
    cudaFree(dr), cudaFree(dc), cudaFree(dx);
    double worst = 0;
    for (int i = 0; i < R.m; i++)
        for (int k = p[i]; k < p[i + 1]; k++) {
            if (r[k] != (uint64_t)i || c[k] != (uint64_t)j[k]) {
                sprintf(msg, "FAIL entry %d: (%llu,%llu) vs (%d,%d)", k, (unsigned long long)r[k],
                        (unsigned long long)c[k], i, j[k]);
                return false;
            }
            double e = fabs((double)x[k] - v[k]) / std::max(1e-30, fabs((double)v[k]));
            worst = std::max(worst, e);
        }
    sprintf(msg, "%s (max rel %.1e)%s", worst <= rel ? "ok" : "FAIL", worst,
            fresh ? ", pool = fresh build" : ", FAIL pool differs from a fresh build");
    return worst <= rel && fresh;
}

static bool bench_one(const char *name, cusparseHandle_t h)
{
    bench_mat m;
    if (!bench_make(name, false, &m)) return false;
    bool ok = true;
    char msg[160];
    uint64_t nnz = m.nnz, nr = m.nrows;
    Csr A = {(int)m.nrows, (int)m.ncols, (int)m.nnz, (int *)up(m.rowptr32, (nr + 1) * 4),
             (int *)up(m.col32, nnz * 4), (float *)up(m.val, nnz * 4)};
    Csr At = {(int)m.ncols, (int)m.nrows, (int)m.nnz, nullptr, nullptr, nullptr};
    CK(cudaMalloc(&At.ptr, (m.ncols + 1) * 4));
    CK(cudaMalloc(&At.idx, nnz * 4));
    CK(cudaMalloc(&At.val, nnz * 4));
    GG_cuda_hs T = m.hs; /* the host tree's fields, its pool uploaded */
    T.pool = up(m.hs.pool, m.hs.pool_bytes);
    GG_cuda_hs Tt = T;
    Tt.transposed = true;
    double csr_bytes = (double)(nr + 1) * 4 + (double)nnz * 8;

    /* build: CSR view (64-bit, as the library holds it) -> tree, against csr2csc */
    GG_cuda_cview v = {nr, nullptr, (const uint64_t *)up(m.ptr64, (nr + 1) * 8),
                       (const uint64_t *)up(m.idx64, nnz * 8), A.val, m.hs.type_code, 4, 0};
    GG_cuda_hs B;
    HS(GG_cuda_hs_build_cview(&B, m.nrows, m.ncols, m.hs.dbits, &v, false, false));
    bool same_pool = B.pool_bytes == m.hs.pool_bytes && B.root == m.hs.root;
    if (same_pool) {
        auto back = down<uint8_t>(B.pool, B.pool_bytes);
        same_pool = memcmp(back.data(), m.hs.pool, B.pool_bytes) == 0;
    }
    GG_cuda_free((void *)B.pool);
    ok = ok && same_pool;
    double t_build = median_ms([&] {
        GG_cuda_hs b;
        HS(GG_cuda_hs_build_cview(&b, m.nrows, m.ncols, m.hs.dbits, &v, false, false));
        GG_cuda_free((void *)b.pool);
    });
    Transposer tr{h};
    double t_t = median_ms([&] { tr.run(A, At); });
    row(name, nnz, "HiSparse device build (CSR)", t_build, (double)(nr + 1) * 8 + nnz * 12.0 + m.hs.pool_bytes,
        same_pool ? "pool bit-identical to host" : "FAIL pool differs");
    row(name, nnz, "cuSPARSE csr2csc", t_t, 2 * csr_bytes, "");

    /* A + A */
    Geam g{h, nullptr};
    CS(cusparseCreateMatDescr(&g.d));
    g.run(A, A);
    GG_cuda_hs C;
    HS(GG_cuda_hs_ewise(&C, &T, &T, GG_CUDA_OP_PLUS, GG_CUDA_EW_FP32, m.hs.type_code, m.hs.dbits, false));
    ok = same(C, g.C, 0.0, msg) && ok;
    double out_bytes = (double)(nr + 1) * 4 + (double)C.nvals * 8;
    GG_cuda_free((void *)C.pool);
    double t_ours = median_ms([&] {
        GG_cuda_hs c;
        HS(GG_cuda_hs_ewise(&c, &T, &T, GG_CUDA_OP_PLUS, GG_CUDA_EW_FP32, m.hs.type_code, m.hs.dbits, false));
        GG_cuda_free((void *)c.pool);
    });
    double t_geam = median_ms([&] { g.run(A, A); });
    row(name, nnz, "A+A   HiSparse eWise", t_ours, 2 * csr_bytes + out_bytes, msg);
    row(name, nnz, "A+A   cuSPARSE csrgeam2", t_geam, 2 * csr_bytes + out_bytes, "");
    printf("%-8s A+A  speed-up vs cuSPARSE: %.2fx\n", name, t_geam / t_ours);
    g.release();

    /* A + A' */
    tr.run(A, At);
    g.run(A, At);
    HS(GG_cuda_hs_ewise(&C, &T, &Tt, GG_CUDA_OP_PLUS, GG_CUDA_EW_FP32, m.hs.type_code, m.hs.dbits, false));
    ok = same(C, g.C, 1e-6, msg) && ok;
    out_bytes = (double)(nr + 1) * 4 + (double)C.nvals * 8;
    GG_cuda_free((void *)C.pool);
    t_ours = median_ms([&] {
        GG_cuda_hs c;
        HS(GG_cuda_hs_ewise(&c, &T, &Tt, GG_CUDA_OP_PLUS, GG_CUDA_EW_FP32, m.hs.type_code, m.hs.dbits, false));
        GG_cuda_free((void *)c.pool);
    });
    double t_both = median_ms([&] {
        tr.run(A, At);
        g.run(A, At);
    });
    row(name, nnz, "A+A'  HiSparse eWise", t_ours, 2 * csr_bytes + out_bytes, msg);
    row(name, nnz, "A+A'  cuSPARSE csr2csc+geam", t_both, 2 * csr_bytes + out_bytes, "");
    printf("%-8s A+A' speed-up vs cuSPARSE: %.2fx (target >= 3x)\n", name, t_both / t_ours);
    g.release();
    cusparseDestroyMatDescr(g.d);

    cudaFree(tr.buf);
    cudaFree((void *)v.ptr), cudaFree((void *)v.idx);
    cudaFree((void *)T.pool);
    cudaFree(A.ptr), cudaFree(A.idx), cudaFree(A.val);
    cudaFree(At.ptr), cudaFree(At.idx), cudaFree(At.val);
    bench_free(&m);
    return ok;
}

int main(int argc, char **argv)
{
    reps = 10;
    std::vector<std::string> mats = split("rmat18,rmat21,rmat23,grid,band,local");
    for (int k = 1; k < argc; k++) {
        if (!strcmp(argv[k], "--quick"))
            mats = split("rmat18,grid,band,local");
        else if (!strcmp(argv[k], "--mats") && k + 1 < argc)
            mats = split(argv[++k]);
        else if (!strcmp(argv[k], "--reps") && k + 1 < argc)
            reps = std::max(10, atoi(argv[++k]));
        else {
            fprintf(stderr, "usage: %s [--quick] [--mats LIST] [--reps N]\n", argv[0]);
            return 2;
        }
    }
    cudaDeviceProp p;
    cusparseHandle_t h;
    if (!bench_start(&h, &p)) return 77;
    printf("# %s; device copy (1 GiB D2D) %.0f GB/s read+write; FP32; median of %d\n", p.name, copy_bw,
           reps);
    printf("%-8s %11s  %-30s %9s %8s %6s  %s\n", "matrix", "nnz", "kernel", "ms", "GB/s", "%copy", "check");
    bool ok = true;
    for (auto &mat : mats) ok = bench_one(mat.c_str(), h) && ok;
    cusparseDestroy(h);
    GrB_finalize();
    printf("ewise_bench: %s\n", ok ? "all results verified" : "VERIFICATION FAILED");
    return ok ? 0 : 1;
}
