/* cuda_backend.c: the CUDA backend table. C, not CUDA C++, because its type comes from
 * GG_backend.h. Every slot is NULL until the GPU operations arrive (issue 5): the selection policy
 * then sends every call to the CPU backend, which is exactly what a NULL slot means there. */
#include "GG_backend.h"

const GG_backend GG_cuda_backend = {
    .name = "cuda",
};
