/* scale_kernel.cu: a kernel of the test's own, launched on the library's stream, so the test checks
 * that the stream the gateway hands out is usable by code outside the library. */
#include "GG_cuda.h"

#include <cuda_runtime.h>

__global__ void scale_kernel(double *x, size_t n, double a, double b)
{
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x) {
        x[k] = a * x[k] + b;
    }
}

/* x = a*x + b on the device through `stream`; false on any CUDA error. */
extern "C" bool test_scale_on_stream(GG_cuda_stream_t stream, double *x, size_t n, double a,
                                     double b)
{
    double *d = nullptr;
    size_t bytes = n * sizeof(double);
    if (cudaMallocAsync(reinterpret_cast<void **>(&d), bytes, stream) != cudaSuccess) return false;
    cudaError_t err = cudaMemcpyAsync(d, x, bytes, cudaMemcpyHostToDevice, stream);
    if (err == cudaSuccess) {
        scale_kernel<<<256, 256, 0, stream>>>(d, n, a, b);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpyAsync(x, d, bytes, cudaMemcpyDeviceToHost, stream);
    cudaError_t ferr = cudaFreeAsync(d, stream);
    cudaError_t serr = cudaStreamSynchronize(stream);
    return err == cudaSuccess && ferr == cudaSuccess && serr == cudaSuccess;
}
