/* spgemm_bench.cu: the device row-wise SpGEMM behind GrB_mxm (cuda/kernels/mxm_saxpy.cu) against
 * cuSPARSE SpGEMM (ALG1, ALG2, ALG3) in the same run, for A*A and A*A' in FP64. Graphs are
 * generated on the device (nothing of their size passes through the host): Graph500 RMAT (a = .57,
 * b = c = .19, edge factor 16, vertices relabelled by a bijective hash, duplicates merged;
 * directed, so A*A' differs from A*A), a 2-D grid (5-point, no diagonal), a banded matrix (|i -
 * j| <= 8) and a localized one (its diagonal blocks from a few host-drawn sizes). Values are small integers ((3 i + 5 j) mod 7 + 1), so every product is exact in any
 * order.
 *
 * Verified before timing: ours against every cuSPARSE algorithm that ran (same pattern, values
 * within 1e-12 relative), and, whatever cuSPARSE did, 200 sampled rows of ours against a host
 * Gustavson of the downloaded inputs. Times are medians of --reps runs after two warm-ups (events
 * on the library's stream), including every allocation each side makes per product (ours: the
 * stream-ordered pool; cuSPARSE: cudaMalloc of its buffers and C, as its documentation's flow does)
 * and excluding the inputs: A and A' are given to both sides as CSR (cuSPARSE's SpGEMM takes no
 * transposed operand; ours reads A' as A's CSC view, which the library keeps once made). Our output
 * is CSR32 (32-bit offsets and columns: what an unmasked GrB_mxm keeps as C, its tree built on
 * first demand), or with GRAPHBLAS_GPU_SPGEMM_CSR=0 sorted unique COO tuples (what the write-back
 * takes, GrB_mxm then building C's tree at once); cuSPARSE's CSR. GFLOPS = 2 * flops / t, flops =
 * the multiply-adds of the product. Peak memory: ours, the pool's peak during one product beyond
 * what was held before (GG_cuda_pool_peak); cuSPARSE, its buffers and C at the high point of its
 * flow. Both beside the inputs' and output's sizes in CSR32 (the target is <= 1.2 x (inputs +
 * output)). The "GrB_mxm" row: the same product through the API end to end (CUDA forced, the
 * inputs imported as CSR and on the device after a first call), its time and its peak by the same
 * measure, so it includes the write-back's tree build when C does not keep the rows.
 *
 *   spgemm_bench [--quick] [--mats rmat16,...,rmat20,grid1000,band20,local17] [--reps 10]
 *                [--algs 1,2,3]
 * Matrix names: rmatS (S = log2 vertices), gridK (K x K), bandS (2^S rows), localS (2^S rows, the
 * localized matrix: dense-ish diagonal blocks of 16..512); --quick: rmat16, rmat18, grid500,
 * band18, local16 with 5 runs. --algs 0: ours alone (the GRAPHBLAS_GPU_SPGEMM_* variants). The
 * "ours" row's note gives best cuSPARSE time / ours; the '#' line the chunks per pass, the
 * dense rows' waves, the rows computed as column tiles (GRAPHBLAS_GPU_SPGEMM_TILED) and those of
 * the short bins (GRAPHBLAS_GPU_SPGEMM_SHORT). */
#include "GG_cuda_mxm_saxpy.h"
#include "GG_cuda_spmv.h"
#include "bench_gpu.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include <cmath>
#include <cstring>
#include <map>

/* ---- device generation ----------------------------------------------------------------------- */

__host__ __device__ inline uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Edge e of an RMAT graph on 2^s vertices as the key (row << 32) | col. */
__global__ void rmat_kernel(uint64_t m, int s, uint64_t *key)
{
    for (uint64_t e = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; e < m;
         e += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t r = 0, c = 0;
        for (int l = 0; l < s; l++) {
            double u = (double)(mix(e * 64 + l) >> 11) * (1.0 / 9007199254740992.0);
            int q = u < 0.57 ? 0 : u < 0.76 ? 1 : u < 0.95 ? 2 : 3;
            r = r * 2 + (q >> 1);
            c = c * 2 + (q & 1);
        }
        uint64_t mask = (1ULL << s) - 1;
        /* relabel: an odd multiplier and an offset are a bijection on [0, 2^s) */
        r = (r * 0x5DEECE66DULL + 12345) & mask;
        c = (c * 0x5DEECE66DULL + 12345) & mask;
        key[e] = (r << 32) | c;
    }
}

/* The 5-point grid K x K (without the centre) as keys: 4 per vertex, out-of-range ones marked. */
__global__ void grid_kernel(uint64_t k, uint64_t *key)
{
    uint64_t n = k * k;
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < 4 * n;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t v = t / 4, x = v % k, y = v / k, w = ~0ULL;
        switch (t % 4) {
        case 0: if (x > 0) w = v - 1; break;
        case 1: if (x + 1 < k) w = v + 1; break;
        case 2: if (y > 0) w = v - k; break;
        default: if (y + 1 < k) w = v + k; break;
        }
        key[t] = w == ~0ULL ? ~0ULL : (v << 32) | w;
    }
}

/* The band |i - j| <= 8 on n rows as keys (17 per row, out-of-range ones marked). */
__global__ void band_kernel(uint64_t n, uint64_t *key)
{
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < 17 * n;
         t += (uint64_t)gridDim.x * blockDim.x) {
        int64_t i = (int64_t)(t / 17), j = i + (int64_t)(t % 17) - 8;
        key[t] = j < 0 || j >= (int64_t)n ? ~0ULL : ((uint64_t)i << 32) | (uint64_t)j;
    }
}

/* The localized ("special") matrix on n rows as keys, LOCAL_W per row: diagonal blocks (block b
 * holds rows start[b] .. start[b + 1] - 1), each entry of a row's block present with the block's
 * probability p[b], and about four entries per block at a random column anywhere. */
constexpr uint64_t LOCAL_W = 513;
__global__ void local_kernel(uint64_t n, const uint64_t *start, const float *p, uint64_t nb,
                             uint64_t *key)
{
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < LOCAL_W * n;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t i = t / LOCAL_W, k = t % LOCAL_W, lo = 0, hi = nb;
        while (hi - lo > 1) { /* the block: the last b with start[b] <= i */
            uint64_t mid = (lo + hi) / 2;
            if (start[mid] <= i) lo = mid; else hi = mid;
        }
        uint64_t size = start[lo + 1] - start[lo], h = mix(t), w = ~0ULL;
        double u = (double)(h >> 11) * (1.0 / 9007199254740992.0);
        if (k < size && u < p[lo]) w = start[lo] + k;
        if (k == LOCAL_W - 1 && u < 4.0 / (double)size) w = mix(h) % n;
        key[t] = w == ~0ULL ? ~0ULL : (i << 32) | w;
    }
}

/* CSR (int32 for cuSPARSE, uint64 for the library) of the sorted unique keys. */
__global__ void csr_kernel(const uint64_t *key, uint64_t nnz, uint64_t n, int *rp32, int *ci32,
                           uint64_t *rp64, uint64_t *ci64, double *x)
{
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t <= n;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t lo = 0, hi = nnz;
        while (lo < hi) {
            uint64_t mid = (lo + hi) / 2;
            if ((key[mid] >> 32) < t) lo = mid + 1; else hi = mid;
        }
        rp32[t] = (int)lo;
        rp64[t] = lo;
    }
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < nnz;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t i = key[t] >> 32, j = key[t] & 0xffffffffULL;
        ci32[t] = (int)j;
        ci64[t] = j;
        x[t] = (double)((3 * i + 5 * j) % 7 + 1);
    }
}

/* The keys (col << 32) | row of the CSR's entries: A' as keys. */
__global__ void transpose_kernel(const uint64_t *rp, const uint64_t *ci, uint64_t n, uint64_t nnz,
                                 uint64_t *out)
{
    for (uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; t < nnz;
         t += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t lo = 0, hi = n; /* the row: the last i with rp[i] <= t */
        while (hi - lo > 1) {
            uint64_t mid = (lo + hi) / 2;
            if (rp[mid] <= t) lo = mid; else hi = mid;
        }
        out[t] = (ci[t] << 32) | lo;
    }
}

/* One matrix in both index widths, on the device. */
struct dmat {
    uint64_t n = 0, nnz = 0;
    int *rp32 = nullptr, *ci32 = nullptr;
    uint64_t *rp64 = nullptr, *ci64 = nullptr;
    double *x = nullptr;
    GG_cuda_cview view() const
    {
        return GG_cuda_cview{n, nullptr, rp64, ci64, x, GrB_FP64_CODE, 8, 0};
    }
    void free_all()
    {
        cudaFree(rp32), cudaFree(ci32), cudaFree(rp64), cudaFree(ci64), cudaFree(x);
    }
};

/* Sorts the m keys (marked ones, ~0, sort last), drops duplicates and marks, builds the CSR. */
static dmat from_keys(uint64_t *key, uint64_t m, uint64_t n)
{
    uint64_t *sorted, *uniq, *cnt;
    CK(cudaMalloc(&sorted, m * 8));
    CK(cudaMalloc(&uniq, m * 8));
    CK(cudaMalloc(&cnt, 8));
    size_t bytes = 0;
    CK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, key, sorted, (int64_t)m, 0, 64, stream));
    void *tmp;
    CK(cudaMalloc(&tmp, bytes));
    CK(cub::DeviceRadixSort::SortKeys(tmp, bytes, key, sorted, (int64_t)m, 0, 64, stream));
    cudaFree(tmp);
    bytes = 0;
    CK(cub::DeviceSelect::Unique(nullptr, bytes, sorted, uniq, cnt, (int64_t)m, stream));
    CK(cudaMalloc(&tmp, bytes));
    CK(cub::DeviceSelect::Unique(tmp, bytes, sorted, uniq, cnt, (int64_t)m, stream));
    cudaFree(tmp);
    uint64_t nu;
    CK(cudaMemcpyAsync(&nu, cnt, 8, cudaMemcpyDeviceToHost, stream));
    CK(cudaStreamSynchronize(stream));
    uint64_t last = 0;
    if (nu > 0) CK(cudaMemcpy(&last, uniq + nu - 1, 8, cudaMemcpyDeviceToHost));
    if (nu > 0 && last == ~0ULL) nu--; /* the marks, all equal, sort last */
    dmat d;
    d.n = n;
    d.nnz = nu;
    CK(cudaMalloc(&d.rp32, (n + 1) * 4));
    CK(cudaMalloc(&d.ci32, nu * 4 + 4));
    CK(cudaMalloc(&d.rp64, (n + 1) * 8));
    CK(cudaMalloc(&d.ci64, nu * 8 + 8));
    CK(cudaMalloc(&d.x, nu * 8 + 8));
    csr_kernel<<<4096, 256, 0, stream>>>(uniq, nu, n, d.rp32, d.ci32, d.rp64, d.ci64, d.x);
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(stream));
    cudaFree(sorted), cudaFree(uniq), cudaFree(cnt);
    return d;
}

/* A and A' of the named matrix. */
static bool generate(const std::string &name, dmat *A, dmat *At)
{
    uint64_t n, m;
    uint64_t *key;
    if (name.rfind("rmat", 0) == 0) {
        int s = atoi(name.c_str() + 4);
        n = 1ULL << s;
        m = 16 * n;
        CK(cudaMalloc(&key, m * 8));
        rmat_kernel<<<4096, 256, 0, stream>>>(m, s, key);
    } else if (name.rfind("grid", 0) == 0) {
        uint64_t k = (uint64_t)atoll(name.c_str() + 4);
        n = k * k;
        m = 4 * n;
        CK(cudaMalloc(&key, m * 8));
        grid_kernel<<<4096, 256, 0, stream>>>(k, key);
    } else if (name.rfind("band", 0) == 0) {
        n = 1ULL << atoi(name.c_str() + 4);
        m = 17 * n;
        CK(cudaMalloc(&key, m * 8));
        band_kernel<<<4096, 256, 0, stream>>>(n, key);
    } else if (name.rfind("local", 0) == 0) {
        /* blocks of 16 .. 512 rows, densities .2 .. .9 (test/hisparse/hs_gen.h's gen_localized) */
        n = 1ULL << atoi(name.c_str() + 5);
        m = LOCAL_W * n;
        std::vector<uint64_t> start{0};
        std::vector<float> p;
        for (uint64_t seed = 1; start.back() < n; seed++) {
            start.push_back(std::min(n, start.back() + 16 + mix(seed) % 497));
            p.push_back((float)(0.2 + 0.7 * (double)(mix(~seed) >> 11) / 9007199254740992.0));
        }
        auto *dstart = static_cast<uint64_t *>(up(start.data(), start.size() * 8));
        auto *dp = static_cast<float *>(up(p.data(), p.size() * 4));
        CK(cudaMalloc(&key, m * 8));
        local_kernel<<<4096, 256, 0, stream>>>(n, dstart, dp, p.size(), key);
        CK(cudaStreamSynchronize(stream));
        cudaFree(dstart), cudaFree(dp);
    } else {
        return false;
    }
    CK(cudaGetLastError());
    *A = from_keys(key, m, n);
    cudaFree(key);
    uint64_t *akey;
    CK(cudaMalloc(&akey, A->nnz * 8 + 8));
    transpose_kernel<<<4096, 256, 0, stream>>>(A->rp64, A->ci64, A->n, A->nnz, akey);
    CK(cudaGetLastError());
    *At = from_keys(akey, A->nnz, n);
    cudaFree(akey);
    return true;
}

/* ---- the products ---------------------------------------------------------------------------- */

struct host_csr {
    std::vector<uint64_t> rp, ci;
    std::vector<double> x;
};

/* n values of T from the device (after the library's stream is done). */
template <class T> static std::vector<T> down(const void *d, uint64_t n)
{
    std::vector<T> h(n);
    CK(cudaStreamSynchronize(stream));
    CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

static host_csr down_csr(const dmat &d)
{
    return host_csr{down<uint64_t>(d.rp64, d.n + 1), down<uint64_t>(d.ci64, d.nnz),
                    down<double>(d.x, d.nnz)};
}

/* Our output: CSR32 (what an unmasked GrB_mxm keeps), or with GRAPHBLAS_GPU_SPGEMM_CSR=0 the
 * tuples the write-back takes (rows included), as the slot then runs it. */
static bool csr_out = true;

struct our_out {
    GG_cuda_tuples T{};
    GG_cuda_csr32 R{};
    uint64_t n() const { return csr_out ? R.n : T.n; }
    void release()
    {
        GG_cuda_tuples_release(&T);
        GG_cuda_csr32_release(&R);
    }
};

/* Our product (PLUS_TIMES FP64, folded from -0 as the mxm slot's GG_cuda_fold_start does): a
 * GG_CUDA_VRC_* code. */
static int ours(const dmat &A, const dmat &B, our_out *o, GG_cuda_saxpy_stats *st)
{
    GG_cuda_cview a = A.view(), b = B.view();
    double start = -0.0;
    GG_cuda_saxpy p = {&a, &b, B.n, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES, GrB_FP64_CODE, &start,
                       nullptr, false, false, A.nnz};
    *o = our_out{};
    return csr_out ? GG_cuda_spgemm_saxpy_csr(&o->R, &p, st) : GG_cuda_spgemm_saxpy(&o->T, &p, st);
}

/* cuSPARSE SpGEMM with one algorithm: C's CSR (device, cudaMalloc) and the peak bytes of its
 * buffers and C; a status other than success is returned (and nothing is held). */
struct cusp_out {
    cusparseStatus_t status = CUSPARSE_STATUS_SUCCESS;
    int64_t nnz = 0;
    int *rp = nullptr, *ci = nullptr;
    double *x = nullptr;
    size_t peak = 0;
};

static cusp_out cusparse_spgemm(cusparseHandle_t h, const dmat &A, const dmat &B,
                                cusparseSpGEMMAlg_t alg)
{
    cusp_out o;
    double alpha = 1, beta = 0;
    cusparseSpMatDescr_t a, b, c;
    CS(cusparseCreateCsr(&a, (int64_t)A.n, (int64_t)A.n, (int64_t)A.nnz, A.rp32, A.ci32, A.x,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         CUDA_R_64F));
    CS(cusparseCreateCsr(&b, (int64_t)B.n, (int64_t)B.n, (int64_t)B.nnz, B.rp32, B.ci32, B.x,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         CUDA_R_64F));
    CS(cusparseCreateCsr(&c, (int64_t)A.n, (int64_t)B.n, 0, nullptr, nullptr, nullptr,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                         CUDA_R_64F));
    cusparseSpGEMMDescr_t desc;
    CS(cusparseSpGEMM_createDescr(&desc));
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    size_t b1 = 0, b2 = 0, b3 = 0, held = 0;
    void *d1 = nullptr, *d2 = nullptr, *d3 = nullptr;
    auto grab = [&](void **p, size_t bytes) {
        if (cudaMalloc(p, bytes > 0 ? bytes : 1) != cudaSuccess) {
            cudaGetLastError();
            o.status = CUSPARSE_STATUS_INSUFFICIENT_RESOURCES;
            return false;
        }
        held += bytes;
        o.peak = std::max(o.peak, held);
        return true;
    };
    auto ok = [&](cusparseStatus_t s) {
        if (s != CUSPARSE_STATUS_SUCCESS) o.status = s;
        return s == CUSPARSE_STATUS_SUCCESS;
    };
    bool go = ok(cusparseSpGEMM_workEstimation(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg,
                                               desc, &b1, nullptr)) &&
              grab(&d1, b1) &&
              ok(cusparseSpGEMM_workEstimation(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg,
                                               desc, &b1, d1));
    if (go && alg != CUSPARSE_SPGEMM_ALG1) {
        int64_t prods;
        go = ok(cusparseSpGEMM_getNumProducts(desc, &prods)) &&
             ok(cusparseSpGEMM_estimateMemory(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg,
                                              desc, 0.2f, &b3, nullptr, nullptr)) &&
             grab(&d3, b3) &&
             ok(cusparseSpGEMM_estimateMemory(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg,
                                              desc, 0.2f, &b3, d3, &b2));
        if (d3 != nullptr) cudaFree(d3), held -= b3, d3 = nullptr;
        go = go && grab(&d2, b2);
    } else if (go) {
        go = ok(cusparseSpGEMM_compute(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg, desc, &b2,
                                       nullptr)) &&
             grab(&d2, b2);
    }
    go = go && ok(cusparseSpGEMM_compute(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg, desc,
                                         &b2, d2));
    int64_t r, cc;
    go = go && ok(cusparseSpMatGetSize(c, &r, &cc, &o.nnz));
    go = go && grab((void **)&o.rp, (A.n + 1) * 4) && grab((void **)&o.ci, o.nnz * 4) &&
         grab((void **)&o.x, o.nnz * 8);
    go = go && ok(cusparseCsrSetPointers(c, o.rp, o.ci, o.x));
    go = go && ok(cusparseSpGEMM_copy(h, N, N, &alpha, a, b, &beta, c, CUDA_R_64F, alg, desc));
    CK(cudaStreamSynchronize(stream));
    cudaFree(d1), cudaFree(d2);
    if (!go) cudaFree(o.rp), cudaFree(o.ci), cudaFree(o.x), o.rp = o.ci = nullptr, o.x = nullptr;
    cusparseSpGEMM_destroyDescr(desc);
    cusparseDestroySpMat(a), cusparseDestroySpMat(b), cusparseDestroySpMat(c);
    return o;
}

/* ---- verification ---------------------------------------------------------------------------- */

struct host_tuples {
    std::vector<uint32_t> row, col;
    std::vector<double> x;
};

static host_tuples down_tuples(const our_out &o)
{
    if (!csr_out)
        return host_tuples{down<uint32_t>(o.T.row, o.T.n), down<uint32_t>(o.T.col, o.T.n),
                           down<double>(o.T.x, o.T.n)};
    const GG_cuda_csr32 &R = o.R;
    host_tuples t{std::vector<uint32_t>(R.n), down<uint32_t>(R.col, R.n), down<double>(R.x, R.n)};
    if (R.n > 0) {
        std::vector<uint32_t> ptr = down<uint32_t>(R.ptr, R.nrows + 1);
        for (uint64_t i = 0; i < R.nrows; i++)
            for (uint32_t p = ptr[i]; p < ptr[i + 1]; p++) t.row[p] = (uint32_t)i;
    }
    return t;
}

static bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(1.0, std::fabs(b));
}

/* 200 sampled rows of ours against a host Gustavson of A B. */
static bool check_sample(const host_tuples &t, const host_csr &A, const host_csr &B)
{
    uint64_t n = A.rp.size() - 1;
    std::vector<uint64_t> first(n + 1, 0);
    for (uint64_t k = 0; k < t.row.size(); k++) first[t.row[k] + 1]++;
    for (uint64_t i = 0; i < n; i++) first[i + 1] += first[i];
    for (uint64_t k = 1; k < t.row.size(); k++)
        if (t.row[k] < t.row[k - 1] || (t.row[k] == t.row[k - 1] && t.col[k] <= t.col[k - 1]))
            return false;
    for (int s = 0; s < 200; s++) {
        uint64_t i = (uint64_t)s * 2654435761ULL % n;
        std::map<uint64_t, double> acc;
        for (uint64_t p = A.rp[i]; p < A.rp[i + 1]; p++)
            for (uint64_t q = B.rp[A.ci[p]]; q < B.rp[A.ci[p] + 1]; q++)
                acc[B.ci[q]] += A.x[p] * B.x[q];
        if (acc.size() != first[i + 1] - first[i]) return false;
        uint64_t k = first[i];
        for (auto &e : acc) {
            if (t.col[k] != e.first || !close(t.x[k], e.second)) return false;
            k++;
        }
    }
    return true;
}

/* ours == cuSPARSE's CSR, entry for entry (cuSPARSE's rows sorted first). */
static bool check_cusparse(const host_tuples &t, const cusp_out &o, uint64_t n)
{
    if ((uint64_t)o.nnz != t.row.size()) return false;
    std::vector<int> rp = down<int>(o.rp, n + 1), ci = down<int>(o.ci, o.nnz);
    std::vector<double> x = down<double>(o.x, o.nnz);
    for (uint64_t i = 0; i < n; i++) {
        std::vector<std::pair<int, double>> r;
        for (int p = rp[i]; p < rp[i + 1]; p++) r.push_back({ci[p], x[p]});
        std::sort(r.begin(), r.end());
        for (size_t k = 0; k < r.size(); k++) {
            uint64_t e = (uint64_t)rp[i] + k;
            if (t.row[e] != i || t.col[e] != (uint64_t)r[k].first || !close(t.x[e], r[k].second))
                return false;
        }
    }
    return true;
}

/* ---- main ------------------------------------------------------------------------------------ */

/* peak_mb: the product's own high point; the ratio adds the inputs (in_mb) and divides by inputs
 * plus output (io_mb), the issue's peak target. */
static void row_out(const char *mat, const char *prod, const char *who, double ms, uint64_t flops,
                    double peak_mb, double in_mb, double io_mb, const char *note)
{
    if (ms < 0)
        printf("%-10s %-5s %-12s %10s %9s %10s %10s  %s\n", mat, prod, who, "-", "-", "-", "-",
               note);
    else
        printf("%-10s %-5s %-12s %10.3f %9.2f %10.1f %10.2f  %s\n", mat, prod, who, ms,
               2.0 * (double)flops / (ms * 1e6), peak_mb, (peak_mb + in_mb) / io_mb, note);
    fflush(stdout);
}

/* A host CSR as a GrB_Matrix (imported, so the library keeps it as its CSR view). */
static GrB_Matrix grb_of(const host_csr &c, uint64_t ncols)
{
    GrB_Matrix M = nullptr;
    uint64_t n = c.rp.size() - 1;
    if (GrB_Matrix_import_FP64(&M, GrB_FP64, n, ncols, c.rp.data(), c.ci.data(), c.x.data(),
                               n + 1, c.ci.size(), c.x.size(), GrB_CSR_FORMAT) != GrB_SUCCESS) {
        fprintf(stderr, "import failed\n");
        exit(1);
    }
    return M;
}

/* GrB_mxm(C, A, B) end to end with CUDA forced, its inputs on the device already (a first call
 * uploads their views): its median time and the pool's peak during one call beyond what was held
 * before it (the product, and the write-back's tree build unless C keeps the product's rows). */
static void bench_grb(const std::string &name, const char *prod, const host_csr &ha,
                      const host_csr &hb, uint64_t ncols, uint64_t flops, double in_mb,
                      double io_mb, uint64_t nnz)
{
    GrB_Matrix A = grb_of(ha, hb.rp.size() - 1), B = grb_of(hb, ncols), C = nullptr;
    uint64_t n = ha.rp.size() - 1;
    GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CUDA, GxG_BACKEND);
    auto mxm = [&] {
        GrB_Matrix_free(&C);
        if (GrB_Matrix_new(&C, GrB_FP64, n, ncols) != GrB_SUCCESS ||
            GrB_mxm(C, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, nullptr) !=
                GrB_SUCCESS) {
            fprintf(stderr, "GrB_mxm failed\n");
            exit(1);
        }
    };
    mxm();
    GrB_Matrix_free(&C);
    CK(cudaStreamSynchronize(stream));
    GG_cuda_pool_peak(true);
    size_t held = GG_cuda_pool_in_use();
    mxm();
    CK(cudaStreamSynchronize(stream));
    double peak_mb = (double)(GG_cuda_pool_peak(false) - held) / 1e6;
    GrB_Index got = 0;
    GrB_Matrix_nvals(&got, C);
    double ms = median_ms(mxm);
    GrB_Matrix_free(&C), GrB_Matrix_free(&A), GrB_Matrix_free(&B);
    GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_AUTO, GxG_BACKEND);
    row_out(name.c_str(), prod, "GrB_mxm", ms, flops, peak_mb, in_mb, io_mb,
            got == nnz ? (csr_out ? "C kept as CSR32, its tree owed" : "C built as a tree")
                       : "WRONG nvals");
}

static void bench_product(cusparseHandle_t h, const std::string &name, const char *prod,
                          const dmat &A, const dmat &B, const std::vector<int> &algs)
{
    our_out T;
    GG_cuda_saxpy_stats st;
    int rc = ours(A, B, &T, &st);
    if (rc != 0) { /* 2: 2^31 result entries or more (the device tuples' limit); 1: memory */
        printf("# %s %s: ours failed with code %d (flops %llu, nnz(C) %llu); cuSPARSE not run\n",
               name.c_str(), prod, rc, (unsigned long long)st.flops, (unsigned long long)st.nnz);
        return;
    }
    host_tuples t = down_tuples(T);
    host_csr ha = down_csr(A), hb = down_csr(B);
    bool sample_ok = check_sample(t, ha, hb);
    double in_mb = (double)((A.n + 1) * 4 + A.nnz * 12 + (B.n + 1) * 4 + B.nnz * 12) / 1e6;
    double io_mb = in_mb + (double)((A.n + 1) * 4 + T.n() * 12) / 1e6;
    printf("# %s %s: %llu x %llu, nnz(A) %llu, flops %llu, nnz(C) %llu, inputs %.1f MB, inputs + "
           "output (CSR32) %.1f MB; ours: %llu + %llu chunks, %llu waves of %llu dense rows, "
           "%llu tiled rows, %llu short rows, sampled rows %s\n",
           name.c_str(), prod, (unsigned long long)A.n, (unsigned long long)B.n,
           (unsigned long long)A.nnz, (unsigned long long)st.flops, (unsigned long long)T.n(), in_mb,
           io_mb, (unsigned long long)st.chunks_symbolic, (unsigned long long)st.chunks_numeric,
           (unsigned long long)st.waves, (unsigned long long)st.wave_rows,
           (unsigned long long)st.tiled_rows, (unsigned long long)st.short_rows,
           sample_ok ? "ok" : "WRONG");
    uint64_t nnz = T.n();
    T.release();

    /* cuSPARSE: verify each algorithm that runs, then time it */
    double best = -1;
    int best_alg = 0;
    for (int alg : algs) {
        cusparseSpGEMMAlg_t a = alg == 1 ? CUSPARSE_SPGEMM_ALG1 : alg == 2 ? CUSPARSE_SPGEMM_ALG2
                                                                          : CUSPARSE_SPGEMM_ALG3;
        char who[16];
        snprintf(who, sizeof who, "cusparse%d", alg);
        cusp_out o = cusparse_spgemm(h, A, B, a);
        if (o.status != CUSPARSE_STATUS_SUCCESS) {
            row_out(name.c_str(), prod, who, -1, 0, 0, in_mb, io_mb,
                    cusparseGetErrorString(o.status));
            continue;
        }
        bool same = check_cusparse(t, o, A.n);
        size_t peak = o.peak;
        cudaFree(o.rp), cudaFree(o.ci), cudaFree(o.x);
        double ms = median_ms([&] {
            cusp_out r = cusparse_spgemm(h, A, B, a);
            cudaFree(r.rp), cudaFree(r.ci), cudaFree(r.x);
        });
        row_out(name.c_str(), prod, who, ms, st.flops, (double)peak / 1e6, in_mb, io_mb,
                same ? "verified against ours" : "DIFFERS from ours");
        if (best < 0 || ms < best) best = ms, best_alg = alg;
    }
    CK(cudaStreamSynchronize(stream));
    GG_cuda_pool_peak(true);
    size_t held = GG_cuda_pool_in_use();
    our_out T2;
    GG_cuda_saxpy_stats st2;
    ours(A, B, &T2, &st2);
    CK(cudaStreamSynchronize(stream));
    double peak_mb = (double)(GG_cuda_pool_peak(false) - held) / 1e6;
    T2.release();
    double ms = median_ms([&] {
        our_out r;
        GG_cuda_saxpy_stats sr;
        ours(A, B, &r, &sr);
        r.release();
    });
    char note[96];
    if (best > 0)
        snprintf(note, sizeof note, "%s; %.2fx the best cuSPARSE (ALG%d)",
                 sample_ok ? "sampled rows verified" : "WRONG", best / ms, best_alg);
    else
        snprintf(note, sizeof note, "%s", sample_ok ? "sampled rows verified" : "WRONG");
    row_out(name.c_str(), prod, "ours", ms, st.flops, peak_mb, in_mb, io_mb, note);
    bench_grb(name, prod, ha, hb, B.n, st.flops, in_mb, io_mb, nnz);
}

int main(int argc, char **argv)
{
    std::vector<std::string> mats = {"rmat16", "rmat17", "rmat18", "rmat19", "rmat20", "grid1000",
                                     "band20", "local17"};
    std::vector<int> algs = {1, 2, 3};
    reps = 10;
    for (int k = 1; k < argc; k += 2) {
        if (!strcmp(argv[k], "--quick")) { /* tools/device-check.sh's bench step */
            mats = {"rmat16", "rmat18", "grid500", "band18", "local16"};
            reps = 5;
            k--;
        } else if (k + 1 == argc) {
            fprintf(stderr, "%s: %s needs a value\n", argv[0], argv[k]);
            return 2;
        } else if (!strcmp(argv[k], "--mats")) {
            mats = split(argv[k + 1]);
        } else if (!strcmp(argv[k], "--reps")) {
            reps = std::max(3, atoi(argv[k + 1]));
        } else if (!strcmp(argv[k], "--algs")) {
            algs.clear();
            for (auto &a : split(argv[k + 1])) /* 0: none, ours alone */
                if (atoi(a.c_str()) >= 1 && atoi(a.c_str()) <= 3) algs.push_back(atoi(a.c_str()));
        } else {
            fprintf(stderr, "usage: %s [--quick] [--mats LIST] [--reps N] [--algs 1,2,3 | 0]\n",
                    argv[0]);
            return 2;
        }
    }
    const char *csr_env = getenv("GRAPHBLAS_GPU_SPGEMM_CSR");
    csr_out = csr_env == nullptr || strcmp(csr_env, "0") != 0;
    cusparseHandle_t h;
    cudaDeviceProp prop;
    if (!bench_start(&h, &prop)) return 0;
    printf("# %s; FP64 PLUS_TIMES; medians of %d runs after 2 warm-ups; copy %.0f GB/s; our "
           "output %s\n",
           prop.name, reps, copy_bw,
           csr_out ? "CSR32 (GrB_mxm keeps it)" : "tuples (GRAPHBLAS_GPU_SPGEMM_CSR=0)");
    printf("%-10s %-5s %-12s %10s %9s %10s %10s  %s\n", "matrix", "prod", "kernel", "ms", "GFLOPS",
           "peak MB", "(peak+in)/io", "check");
    for (auto &name : mats) {
        dmat A, At;
        if (!generate(name, &A, &At)) {
            fprintf(stderr, "unknown matrix %s\n", name.c_str());
            return 2;
        }
        bench_product(h, name, "A*A", A, A, algs);
        bench_product(h, name, "A*A'", A, At, algs);
        A.free_all();
        At.free_all();
    }
    cusparseDestroy(h);
    GrB_finalize();
    return 0;
}
