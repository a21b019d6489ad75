/* residency.cu: device mirrors of containers (DESIGN.md §4): the device copies of a container's
 * content and views, owned by the CUDA backend and released by the host side (GG_device_drop)
 * whenever the content changes. */
#include "GG_cuda_mirror.h"

#include <cstdlib>

extern "C" void GG_cuda_mirror_free(void *mirror)
{
    GG_cuda_mirror *m = static_cast<GG_cuda_mirror *>(mirror);
    if (m == nullptr) return;
    cudaFree(m->pool);
    free(m);
}
