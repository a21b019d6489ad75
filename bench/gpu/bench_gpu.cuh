/* bench_gpu.cuh: what the GPU benchmarks (spmv_bench.cu, ewise_bench.cu) share: CUDA and cuSPARSE
 * error checks that end the program (bench_check.h), median timing by cudaEvents on the library's stream (two
 * warm-up runs, then `reps` timed), uploads, comma-separated option lists, and the start of a run:
 * GrB_init, a cuSPARSE handle on the library's stream and the device-to-device copy bandwidth
 * that each program's "%copy" column divides by. Each program includes it once. */
#ifndef BENCH_GPU_CUH
#define BENCH_GPU_CUH

#include "GG_cuda.h"
#include "GraphBLAS_gpu.h"

#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_check.h"

static cudaStream_t stream; /* the library's */
static int reps;            /* timed runs per median: each program sets its default, then --reps */
static double copy_bw;      /* GB/s, read + write */

template <class F> static double median_ms(F f)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f();
    f();
    std::vector<float> t;
    for (int k = 0; k < reps; k++) {
        CK(cudaEventRecord(a, stream));
        f();
        CK(cudaEventRecord(b, stream));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static void *up(const void *h, size_t bytes)
{
    void *d;
    CK(cudaMalloc(&d, bytes > 0 ? bytes : 1));
    CK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    return d;
}

/* The non-empty items of a comma-separated list. */
static std::vector<std::string> split(const std::string &s)
{
    std::vector<std::string> out;
    size_t a = 0;
    while (a <= s.size()) {
        size_t b = s.find(',', a);
        if (b == std::string::npos) b = s.size();
        if (b > a) out.push_back(s.substr(a, b - a));
        a = b + 1;
    }
    return out;
}

/* GrB_init; then stream, the device's properties *p, a cuSPARSE handle *h on the stream, and
 * copy_bw from a 1 GiB device-to-device copy (timed with the reps already set). False, after the
 * SKIP line, when the library has no usable CUDA device. */
static bool bench_start(cusparseHandle_t *h, cudaDeviceProp *p)
{
    int32_t backends = 0;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS ||
        GrB_Global_get_INT32(GrB_GLOBAL, &backends, GxG_BACKENDS_AVAILABLE) != GrB_SUCCESS ||
        !(backends & 2) || GG_cuda_stream() == nullptr) {
        printf("SKIP: no usable CUDA device (%s)\n", GG_cuda_status());
        return false;
    }
    stream = GG_cuda_stream();
    CK(cudaGetDeviceProperties(p, 0));
    CS(cusparseCreate(h));
    CS(cusparseSetStream(*h, stream));
    size_t cb = (size_t)1 << 30;
    void *ca, *cbp;
    CK(cudaMalloc(&ca, cb));
    CK(cudaMalloc(&cbp, cb));
    double t_copy =
        median_ms([&] { CK(cudaMemcpyAsync(cbp, ca, cb, cudaMemcpyDeviceToDevice, stream)); });
    copy_bw = 2.0 * (double)cb / (t_copy * 1e6);
    cudaFree(ca);
    cudaFree(cbp);
    return true;
}

#endif /* BENCH_GPU_CUH */
