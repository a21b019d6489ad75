/* spmv_bench.cu: HiSparse SpMV and SpMV^T (both scheduler variants), CMRS and the CSR kernels on
 * the compact view (the rule's, the groups at every lane count, the stream kernel at each tile
 * size with 128-bit and with scalar loads, the flat kernel at each window size) against cuSPARSE
 * in the same run, with the pull product the mxv slot runs for A x: CSR SpMV ALG1 and ALG2 (each
 * also after cusparseSpMV_preprocess, which moves its partition out of the timed call), opA =
 * TRANSPOSE, and csr2csc (cusparseCsr2cscEx2) followed by SpMV. Every kernel's result is checked against the CPU tree traversal before it is
 * timed; times are medians of --reps runs (cudaEvents on the library's stream) after two warm-up
 * runs, excluding uploads, tree builds and the HiSparse schedule (built once per tree, timed
 * separately). GFLOPS = 2 nnz / t; GB/s under the minimal-bytes model (values + 32-bit column
 * indices + 32-bit row pointers + x + y, the same for every kernel) beside a device-to-device copy
 * measured in the same run.
 *
 *   spmv_bench [--mats rmat18,rmat21,grid,band,local] [--prec fp32,fp64] [--reps 20]
 * rmat23 (259M entries) is accepted but not in the default set: its single-threaded host build
 * takes minutes. */
#include "GG_cuda_spmv.h"
#include "GG_cuda_vec_mxv.h"
#include "bench_gpu.cuh"
#include "spmv_bench_host.h"

#include <chrono>
#include <cmath>
#include <cstring>

/* max |y - ref| / max |ref| */
static double error_of(const bench_mat *m, const void *dy, const void *ref, uint64_t n)
{
    size_t vs = m->fp64 ? 8 : 4;
    std::vector<char> h(n * vs);
    CK(cudaStreamSynchronize(stream)); /* the kernels ran on the library's non-blocking stream */
    CK(cudaMemcpy(h.data(), dy, n * vs, cudaMemcpyDeviceToHost));
    double num = 0, den = 0;
    for (uint64_t k = 0; k < n; k++) {
        double a = m->fp64 ? ((const double *)h.data())[k] : ((const float *)h.data())[k];
        double b = m->fp64 ? ((const double *)ref)[k] : ((const float *)ref)[k];
        num = std::max(num, std::fabs(a - b));
        den = std::max(den, std::fabs(b));
    }
    return den > 0 ? num / den : num;
}

static void row(const bench_mat *m, const char *kernel, double ms, double err, double bytes)
{
    double tol = m->fp64 ? 1e-10 : 1e-4;
    printf("%-8s %-5s %11llu  %-26s %9.4f %8.1f %8.1f %5.0f%%  %.1e%s\n", m->name,
           m->fp64 ? "fp64" : "fp32", (unsigned long long)m->nnz, kernel, ms,
           2.0 * (double)m->nnz / (ms * 1e6), bytes / (ms * 1e6),
           100.0 * bytes / (ms * 1e6) / copy_bw, err, err <= tol ? "" : "  WRONG");
    fflush(stdout);
}

static void bench_one(const char *name, bool fp64, cusparseHandle_t h)
{
    bench_mat m;
    if (!bench_make(name, fp64, &m)) exit(1);
    size_t vs = fp64 ? 8 : 4;
    uint64_t n = std::max(m.nrows, m.ncols);
    double bytes = (double)m.nnz * (double)(vs + 4) + (double)(m.nrows + 1) * 4 +
                   (double)(m.nrows + m.ncols) * (double)vs;
    printf("# %s %s: %llu x %llu, %llu entries; host tree build %.2f s; bytes/entry: tree %.2f, "
           "CSR32 %.2f, CSR64 %.2f\n",
           name, fp64 ? "fp64" : "fp32", (unsigned long long)m.nrows, (unsigned long long)m.ncols,
           (unsigned long long)m.nnz, m.build_s, (double)m.hs.pool_bytes / (double)m.nnz,
           ((double)m.nnz * (vs + 4) + (double)(m.nrows + 1) * 4) / (double)m.nnz,
           ((double)m.nnz * (vs + 8) + (double)(m.nrows + 1) * 8) / (double)m.nnz);

    GG_cuda_hs A = m.hs;
    A.pool = up(m.hs.pool, m.hs.pool_bytes);
    void *dx = up(m.x, n * vs), *dy;
    CK(cudaMalloc(&dy, n * vs));
    GG_cuda_hs_schedule *S = nullptr;
    double t_sched = median_ms([&] {
        GG_cuda_hs_schedule_free(S);
        if (GG_cuda_hs_schedule_new(&A, &S) != GG_CUDA_SPMV_OK) {
            fprintf(stderr, "schedule failed\n");
            exit(1);
        }
    });
    printf("# schedule build (once per tree): %.3f ms, %.2f bytes/entry\n", t_sched,
           (double)GG_cuda_hs_schedule_bytes(S) / (double)m.nnz);
    int code = fp64 ? GrB_FP64_CODE : GrB_FP32_CODE;
    double zero = 0;
    double best_cusp = 1e30, hs_a = 0, hs_t = 0, cusp_t = 0, pull_a = 0, csr_a = 0;
    double stream_a = 1e30, flat_a = 1e30;
    const char *vname[2] = {"host-levels", "persistent"};
    for (int tran = 0; tran < 2; tran++)
        for (int v = 0; v < 2; v++) {
            GG_cuda_hs_set_variant(v ? GG_CUDA_HS_PERSISTENT : GG_CUDA_HS_HOST_LEVELS);
            auto f = [&] {
                if (GG_cuda_hs_mxv(&A, S, tran, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES, code, &zero,
                                   false, dx, dy, nullptr) != GG_CUDA_SPMV_OK) {
                    fprintf(stderr, "hs mxv failed\n");
                    exit(1);
                }
            };
            f();
            double err = error_of(&m, dy, tran ? m.yt_ref : m.y_ref, tran ? m.ncols : m.nrows);
            double ms = median_ms(f);
            std::string k = std::string("HiSparse ") + (tran ? "A'x " : "Ax ") + vname[v];
            row(&m, k.c_str(), ms, err, bytes);
            double &best = tran ? hs_t : hs_a;
            if (best == 0 || ms < best) best = ms;
        }
    GG_cuda_hs_set_variant(GG_CUDA_HS_DEFAULT);

    /* CMRS on the library's 64-bit CSR view */
    uint64_t *dptr64 = (uint64_t *)up(m.ptr64, (m.nrows + 1) * 8);
    uint64_t *didx64 = (uint64_t *)up(m.idx64, m.nnz * 8);
    void *dval = up(m.val, m.nnz * vs);
    GG_cuda_cview V = {m.nrows, nullptr, dptr64, didx64, dval, code, (int)vs, 0};
    {
        auto f = [&] {
            if (GG_cuda_cmrs_mxv(&V, m.nrows, m.nnz, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES, code, &zero,
                                 false, dx, dy, nullptr) != GG_CUDA_SPMV_OK) {
                fprintf(stderr, "cmrs failed\n");
                exit(1);
            }
        };
        f();
        double err = error_of(&m, dy, m.y_ref, m.nrows);
        row(&m, "CMRS Ax (CSR64 view)", median_ms(f), err, bytes);
    }
    {
        /* the CSR kernels on the compact view made from that view, as the mxv slot makes it: the
         * rule's kernel and the groups at every width (the rule's long rows stay split in each) on
         * the default view, then the stream kernel, 128-bit and scalar loads, on views cut into
         * tiles of each size (the tiles are cut at the view's making, the default K first), and
         * the flat kernel on windows of the same K (all rows, long ones too) */
        for (int tk : {8, 4, 16}) {
            GG_cuda_csr_set_tile(tk);
            GG_cuda_sview S;
            void *smem[2];
            auto t0 = std::chrono::steady_clock::now();
            if (GG_cuda_sview_of(&S, smem, &V, m.nnz, m.ncols, 0) != GG_CUDA_SPMV_OK) {
                fprintf(stderr, "compact view failed\n");
                exit(1);
            }
            double t_make =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
            printf("# compact view (tiles of K = %d) made in %.3f ms (once per matrix): %d lanes a "
                   "row, the %s kernel by the rule, %llu long rows (> %llu entries) in %llu "
                   "chunks, %llu tiles, %llu flat windows, %.2f bytes/entry\n",
                   tk, t_make, S.lanes, S.flat ? "flat" : S.stream ? "stream" : "groups", (unsigned long long)S.nlong,
                   (unsigned long long)S.long_min, (unsigned long long)S.nchunks,
                   (unsigned long long)S.ntiles, (unsigned long long)S.nflat,
                   (double)S.bytes / (double)m.nnz + (double)vs);
            auto csr = [&](int lanes, GG_cuda_csr_kernel k, const std::string &name) {
                GG_cuda_csr_force(k);
                auto f = [&] {
                    if (GG_cuda_csr_mxv(&S, lanes, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES, code, &zero,
                                        false, dx, dy, nullptr) != GG_CUDA_SPMV_OK) {
                        fprintf(stderr, "csr failed\n");
                        exit(1);
                    }
                };
                /* y poisoned first (0x7f bytes: huge finite values), so a row the kernel
                 * skips shows in the error rather than the previous kernel's value */
                CK(cudaMemsetAsync(dy, 0x7f, m.nrows * vs, stream));
                f();
                double err = error_of(&m, dy, m.y_ref, m.nrows);
                double ms = median_ms(f);
                row(&m, name.c_str(), ms, err, bytes);
                GG_cuda_csr_force(GG_CUDA_CSR_RULE);
                return ms;
            };
            if (tk == 8) {
                csr_a = csr(0, GG_CUDA_CSR_RULE,
                            std::string("CSR Ax rule (") + (S.flat ? "flat)" : S.stream ? "stream)" : "groups)"));
                for (int lanes = 1; lanes <= 32; lanes *= 2)
                    csr(lanes, GG_CUDA_CSR_RULE, "CSR groups Ax G=" + std::to_string(lanes));
            }
            std::string k = "CSR stream Ax K=" + std::to_string(tk);
            stream_a = std::min(stream_a, csr(0, GG_CUDA_CSR_STREAM, k));
            stream_a = std::min(stream_a, csr(0, GG_CUDA_CSR_STREAM_SCALAR, k + " scalar"));
            std::string fk = "CSR flat Ax K=" + std::to_string(tk);
            flat_a = std::min(flat_a, csr(0, GG_CUDA_CSR_FLAT, fk));
            GG_cuda_free(smem[0]);
            GG_cuda_free(smem[1]);
        }
        GG_cuda_csr_set_tile(0);
    }
    {
        /* the pull product the mxv slot runs for A x (cuda/kernels/vec_mxv.cu): G lanes a row on
         * the same view, T a fresh bitmap with its count each call, as in the library */
        GG_cuda_dense_x xin = {};
        xin.xd = dx;
        GG_cuda_vec T = {};
        auto f = [&] {
            GG_cuda_free(T.d.x), GG_cuda_free(T.d.b), GG_cuda_free(T.count);
            static const unsigned char zero[8] = {0}; /* PLUS's identity, either width */
            if (GG_cuda_vec_pull(&T, &V, m.nrows, m.nnz, &xin, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES,
                                 code, zero, false, nullptr, nullptr) != GG_CUDA_SPMV_OK) {
                fprintf(stderr, "pull failed\n");
                exit(1);
            }
        };
        f();
        /* rows without a term have no entry in T: 0 in the dense reference */
        CK(cudaStreamSynchronize(stream));
        std::vector<char> hx(m.nrows * vs);
        std::vector<uint8_t> hb(m.nrows);
        CK(cudaMemcpy(hx.data(), T.d.x, m.nrows * vs, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hb.data(), T.d.b, m.nrows, cudaMemcpyDeviceToHost));
        for (uint64_t k = 0; k < m.nrows; k++)
            if (!hb[k]) memset(hx.data() + k * vs, 0, vs);
        CK(cudaMemcpy(dy, hx.data(), m.nrows * vs, cudaMemcpyHostToDevice));
        double err = error_of(&m, dy, m.y_ref, m.nrows);
        double ms = median_ms(f);
        row(&m, "pull Ax (CSR64 view)", ms, err, bytes);
        pull_a = ms;
        GG_cuda_free(T.d.x), GG_cuda_free(T.d.b), GG_cuda_free(T.count);
    }
    cudaFree(didx64);
    cudaFree(dptr64);

    /* cuSPARSE, 32-bit indices */
    cudaDataType dt = fp64 ? CUDA_R_64F : CUDA_R_32F;
    int32_t *drp = (int32_t *)up(m.rowptr32, (m.nrows + 1) * 4);
    int32_t *dcol = (int32_t *)up(m.col32, m.nnz * 4);
    cusparseSpMatDescr_t mat;
    cusparseDnVecDescr_t vx, vy;
    CS(cusparseCreateCsr(&mat, (int64_t)m.nrows, (int64_t)m.ncols, (int64_t)m.nnz, drp, dcol, dval,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, dt));
    CS(cusparseCreateDnVec(&vx, (int64_t)n, dx, dt));
    CS(cusparseCreateDnVec(&vy, (int64_t)n, dy, dt));
    double one_d = 1, zero_d = 0;
    float one_f = 1, zero_f = 0;
    const void *alpha = fp64 ? (const void *)&one_d : (const void *)&one_f;
    const void *beta = fp64 ? (const void *)&zero_d : (const void *)&zero_f;
    struct {
        const char *name;
        cusparseOperation_t op;
        cusparseSpMVAlg_t alg;
        bool pre; /* cusparseSpMV_preprocess first (the partition then leaves the timed call) */
    } cs[] = {
        {"cuSPARSE CSR ALG1 Ax", CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_SPMV_CSR_ALG1, false},
        {"cuSPARSE CSR ALG2 Ax", CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_SPMV_CSR_ALG2, false},
        {"cuSPARSE CSR ALG1 Ax +pre", CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_SPMV_CSR_ALG1, true},
        {"cuSPARSE CSR ALG2 Ax +pre", CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_SPMV_CSR_ALG2, true},
        {"cuSPARSE CSR ALG1 A'x", CUSPARSE_OPERATION_TRANSPOSE, CUSPARSE_SPMV_CSR_ALG1, false}};
    double best_pre = 1e30;
    for (auto &c : cs) {
        size_t bsz = 0;
        if (cusparseSpMV_bufferSize(h, c.op, alpha, mat, vx, beta, vy, dt, c.alg, &bsz) !=
            CUSPARSE_STATUS_SUCCESS) {
            printf("%-8s %-5s %11llu  %-26s not supported\n", m.name, fp64 ? "fp64" : "fp32",
                   (unsigned long long)m.nnz, c.name);
            continue;
        }
        void *buf;
        CK(cudaMalloc(&buf, bsz + 16));
        if (c.pre) CS(cusparseSpMV_preprocess(h, c.op, alpha, mat, vx, beta, vy, dt, c.alg, buf));
        auto f = [&] { CS(cusparseSpMV(h, c.op, alpha, mat, vx, beta, vy, dt, c.alg, buf)); };
        f();
        bool t = c.op == CUSPARSE_OPERATION_TRANSPOSE;
        double err = error_of(&m, dy, t ? m.yt_ref : m.y_ref, t ? m.ncols : m.nrows);
        double ms = median_ms(f);
        row(&m, c.name, ms, err, bytes);
        if (t)
            cusp_t = ms;
        else if (c.pre)
            best_pre = std::min(best_pre, ms);
        else
            best_cusp = std::min(best_cusp, ms);
        cudaFree(buf);
    }

    /* csr2csc, then SpMV on the CSC as the CSR of A' */
    void *cval;
    int32_t *cptr, *crow;
    CK(cudaMalloc(&cval, m.nnz * vs));
    CK(cudaMalloc(&cptr, (m.ncols + 1) * 4));
    CK(cudaMalloc(&crow, m.nnz * 4));
    size_t bsz = 0;
    CS(cusparseCsr2cscEx2_bufferSize(h, (int)m.nrows, (int)m.ncols, (int)m.nnz, dval, drp, dcol,
                                     cval, cptr, crow, dt, CUSPARSE_ACTION_NUMERIC,
                                     CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &bsz));
    void *cbuf;
    CK(cudaMalloc(&cbuf, bsz + 16));
    auto conv = [&] {
        CS(cusparseCsr2cscEx2(h, (int)m.nrows, (int)m.ncols, (int)m.nnz, dval, drp, dcol, cval,
                              cptr, crow, dt, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
                              CUSPARSE_CSR2CSC_ALG1, cbuf));
    };
    double t_conv = median_ms(conv);
    row(&m, "cuSPARSE csr2csc alone", t_conv, 0, bytes);
    cusparseSpMatDescr_t matT;
    CS(cusparseCreateCsr(&matT, (int64_t)m.ncols, (int64_t)m.nrows, (int64_t)m.nnz, cptr, crow,
                         cval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         dt));
    size_t tsz = 0;
    CS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, matT, vx, beta, vy, dt,
                               CUSPARSE_SPMV_CSR_ALG1, &tsz));
    void *tbuf;
    CK(cudaMalloc(&tbuf, tsz + 16));
    auto both = [&] {
        conv();
        CS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, alpha, matT, vx, beta, vy, dt,
                        CUSPARSE_SPMV_CSR_ALG1, tbuf));
    };
    both();
    double err = error_of(&m, dy, m.yt_ref, m.ncols);
    row(&m, "cuSPARSE csr2csc+SpMV A'x", median_ms(both), err, bytes);

    printf("# %s %s: HiSparse A'x/Ax throughput %.2f (target >= 0.9); A'x vs cuSPARSE TRANSPOSE "
           "%.2fx; Ax vs best cuSPARSE CSR %.2fx (HiSparse), %.2fx (pull), %.2fx (CSR, rule; "
           "target >= 1.0), %.2fx (CSR stream, best K and loads), %.2fx (CSR flat, best K); "
           "CSR rule vs best cuSPARSE CSR after its preprocess %.2fx\n",
           name, fp64 ? "fp64" : "fp32", hs_a / hs_t, cusp_t / hs_t, best_cusp / hs_a,
           best_cusp / pull_a, best_cusp / csr_a, best_cusp / stream_a, best_cusp / flat_a,
           best_pre / csr_a);
    cusparseDestroySpMat(matT);
    cusparseDestroySpMat(mat);
    cusparseDestroyDnVec(vx);
    cusparseDestroyDnVec(vy);
    cudaFree(tbuf);
    cudaFree(cbuf);
    cudaFree(cval);
    cudaFree(cptr);
    cudaFree(crow);
    cudaFree(drp);
    cudaFree(dcol);
    cudaFree(dval);
    cudaFree(dx);
    cudaFree(dy);
    cudaFree((void *)A.pool);
    GG_cuda_hs_schedule_free(S);
    bench_free(&m);
}

int main(int argc, char **argv)
{
    reps = 20;
    std::vector<std::string> mats = split("rmat18,rmat21,grid,band,local"),
                             precs = split("fp32,fp64");
    for (int k = 1; k + 1 < argc; k += 2) {
        if (!strcmp(argv[k], "--mats"))
            mats = split(argv[k + 1]);
        else if (!strcmp(argv[k], "--prec"))
            precs = split(argv[k + 1]);
        else if (!strcmp(argv[k], "--reps"))
            reps = std::max(10, atoi(argv[k + 1]));
        else {
            fprintf(stderr, "usage: %s [--mats LIST] [--prec fp32,fp64] [--reps N]\n", argv[0]);
            return 2;
        }
    }
    cudaDeviceProp p;
    cusparseHandle_t h;
    if (!bench_start(&h, &p)) return 77;
    printf("# %s, %d SMs; device copy (cudaMemcpy D2D, 1 GiB) %.0f GB/s read+write; median of %d\n",
           p.name, p.multiProcessorCount, copy_bw, reps);
    printf("%-8s %-5s %11s  %-26s %9s %8s %8s %6s  %s\n", "matrix", "prec", "nnz", "kernel", "ms",
           "GFLOPS", "GB/s", "%copy", "err");
    for (auto &mat : mats)
        for (auto &pr : precs) bench_one(mat.c_str(), pr == "fp64", h);
    cusparseDestroy(h);
    GrB_finalize();
    return 0;
}
