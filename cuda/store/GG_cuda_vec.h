/* GG_cuda_vec.h: a vector's device copy as the kernels see it (plain C over GG_vform.h, so CUDA
 * and C files both include it; the container-side calls are in GG_cuda_store.h).
 *
 * The content is a GG_vdata with device arrays; the kernel that produced it leaves nvals in the
 * device word `count`, so the host learns nvals only when it asks (one 8-byte read,
 * GG_cuda_vec_nvals), and never synchronises for it otherwise. */
#ifndef GG_CUDA_VEC_H
#define GG_CUDA_VEC_H

#include "GG_vform.h"

typedef struct {
    GG_vdata d;      /* device arrays from GG_cuda_malloc (d.nvals valid when nvals_known) */
    uint64_t *count; /* device word holding nvals, or NULL when nvals_known from the start */
    bool nvals_known;
} GG_cuda_vec;

#endif /* GG_CUDA_VEC_H */
