/* residency.cu: device mirrors of containers (DESIGN.md §4): the device copies of a container's
 * content and views, owned by the CUDA backend and released by the host side (GG_device_drop)
 * whenever the content changes. */
#include "GG_cuda_mirror.h"

#include <cstdlib>

extern "C" void *GG_cuda_malloc(size_t bytes)
{
    void *p = nullptr;
    if (cudaMallocAsync(&p, bytes > 0 ? bytes : 1, GG_cuda_stream()) != cudaSuccess) {
        cudaGetLastError();
        return nullptr;
    }
    return p;
}

extern "C" void GG_cuda_free(void *p)
{
    if (p != nullptr) cudaFreeAsync(p, GG_cuda_stream());
}

extern "C" void GG_cuda_mirror_free(void *mirror)
{
    GG_cuda_mirror *m = static_cast<GG_cuda_mirror *>(mirror);
    if (m == nullptr) return;
    GG_cuda_free(m->pool);
    free(m);
}
