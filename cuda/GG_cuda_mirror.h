/* GG_cuda_mirror.h: the device mirror of one container (CUDA C++ only, private to cuda/). */
#ifndef GG_CUDA_MIRROR_H
#define GG_CUDA_MIRROR_H

#include "GG_cuda.h"

#include <cstdint>
#include <cuda_runtime.h>

struct GG_cuda_mirror {
    void *pool;          /* device copy of the HiSparse pool, or nullptr */
    uint64_t pool_bytes;
};

#endif /* GG_CUDA_MIRROR_H */
