/* device.cu: CUDA device discovery, the library's stream, and the kernel round trip that proves a
 * device usable (GG_cuda.h). The runtime is linked statically (cudart_static), so a CUDA build
 * loads on machines without a driver; every runtime error here means "no CUDA backend", never a
 * failure of the library. */
#include "GG_cuda.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

static char status[512] = "not probed";
static cudaStream_t stream = nullptr;
static int ordinal_in_use = 0;
static int sm_count = 0; /* the probed device's SMs (GG_cuda_sm_count) */

static void set_status(const char *what, cudaError_t err)
{
    snprintf(status, sizeof status, "%s: %s (%s)", what, cudaGetErrorString(err),
             cudaGetErrorName(err));
}

__global__ void gg_selftest_kernel(uint64_t *x, size_t n)
{
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x) {
        x[k] = 3 * (uint64_t)k + 1;
    }
}

/* Memory freed by one operation stays in the device's current pool (cudaMallocAsync's) for the
 * next: with the default release threshold of 0 the pool unmaps it at every synchronisation and
 * maps it again on the next allocation, which measured 1.3-1.5x slower eWise and builds on an H200
 * (bench/gpu/ewise_bench, threshold 0 against the maximum). The process keeps what it has used until it exits. */
static void keep_freed_memory(int ordinal)
{
    cudaMemPool_t pool;
    uint64_t keep = UINT64_MAX;
    if (cudaDeviceGetMemPool(&pool, ordinal) == cudaSuccess)
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    cudaGetLastError();
}

/* The round trip of GG_cuda_selftest; on a CUDA error returns it (cudaSuccess with *ok false means
 * the values came back wrong). */
static cudaError_t roundtrip(size_t n, bool *ok)
{
    *ok = false;
    if (stream == nullptr) return cudaErrorInvalidResourceHandle;
    size_t bytes = (n == 0 ? 1 : n) * sizeof(uint64_t);
    uint64_t *host = static_cast<uint64_t *>(malloc(bytes));
    if (host == nullptr) return cudaErrorMemoryAllocation;
    uint64_t *dev = nullptr;
    cudaError_t err = cudaMallocAsync(reinterpret_cast<void **>(&dev), bytes, stream);
    if (err == cudaSuccess) {
        size_t want = (n + 255) / 256;
        unsigned blocks = want == 0 ? 1 : want > 1024 ? 1024 : (unsigned)want;
        gg_selftest_kernel<<<blocks, 256, 0, stream>>>(dev, n);
        err = cudaGetLastError();
        if (err == cudaSuccess) err = cudaMemcpyAsync(host, dev, n * sizeof(uint64_t),
                                                      cudaMemcpyDeviceToHost, stream);
        cudaError_t ferr = cudaFreeAsync(dev, stream);
        cudaError_t serr = cudaStreamSynchronize(stream);
        if (err == cudaSuccess) err = ferr != cudaSuccess ? ferr : serr;
    }
    if (err == cudaSuccess) {
        *ok = true;
        for (size_t k = 0; k < n && *ok; k++) *ok = host[k] == 3 * (uint64_t)k + 1;
    }
    free(host);
    return err;
}

extern "C" bool GG_cuda_selftest(size_t n)
{
    bool ok;
    return roundtrip(n, &ok) == cudaSuccess && ok;
}

extern "C" bool GG_cuda_probe(int ordinal, GG_cuda_device *dev)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        set_status("no usable CUDA driver or device", err);
        return false;
    }
    if (count == 0) {
        snprintf(status, sizeof status, "the CUDA driver reports no device");
        return false;
    }
    if (ordinal < 0 || ordinal >= count) {
        snprintf(status, sizeof status, "GxG_DEVICE_ID %d names no device (the driver reports %d)",
                 ordinal, count);
        return false;
    }
    cudaDeviceProp prop;
    err = cudaGetDeviceProperties(&prop, ordinal);
    if (err == cudaSuccess) err = cudaSetDevice(ordinal);
    if (err == cudaSuccess) err = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    if (err == cudaSuccess) keep_freed_memory(ordinal);
    if (err != cudaSuccess) {
        char what[64];
        snprintf(what, sizeof what, "CUDA device %d cannot be opened", ordinal);
        set_status(what, err);
        return false;
    }
    bool ok;
    err = roundtrip(256, &ok);
    if (err != cudaSuccess || !ok) {
        if (err != cudaSuccess) {
            char what[64];
            snprintf(what, sizeof what, "the kernel round trip on CUDA device %d failed", ordinal);
            set_status(what, err);
        } else {
            snprintf(status, sizeof status, "the kernel round trip on CUDA device %d returned "
                                            "wrong values", ordinal);
        }
        cudaStreamDestroy(stream);
        stream = nullptr;
        cudaGetLastError();
        return false;
    }
    ordinal_in_use = ordinal;
    sm_count = prop.multiProcessorCount;
    dev->ordinal = ordinal;
    snprintf(dev->name, sizeof dev->name, "%s", prop.name);
    dev->memory = prop.totalGlobalMem;
    dev->cc_major = prop.major;
    dev->cc_minor = prop.minor;
    snprintf(status, sizeof status, "CUDA device %d: %s, compute capability %d.%d", ordinal,
             prop.name, prop.major, prop.minor);
    return true;
}

extern "C" const char *GG_cuda_status(void)
{
    return status;
}

extern "C" GG_cuda_stream_t GG_cuda_stream(void)
{
    return stream;
}

extern "C" int GG_cuda_sm_count(void)
{
    return sm_count;
}

extern "C" double GG_cuda_env_or(const char *name, double dflt)
{
    const char *e = getenv(name);
    if (e == nullptr || *e == '\0') return dflt;
    char *end;
    double v = strtod(e, &end);
    return end == e ? dflt : v;
}

extern "C" void GG_cuda_bind(void)
{
    int current = -1;
    if (cudaGetDevice(&current) != cudaSuccess || current != ordinal_in_use)
        cudaSetDevice(ordinal_in_use);
}
