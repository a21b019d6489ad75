/* cuda_backend.c: the CUDA backend table. C, not CUDA C++, because its type comes from
 * GG_backend.h. A NULL slot sends the family to the CPU backend (visibly in the trace); a present
 * slot may still decline a call it cannot or should not run (GG_decline). */
#include "GG_backend.h"
#include "GG_cuda_backend.h"

const GG_backend GG_cuda_backend = {
    .name = "cuda",
    .mxv = GG_cuda_mxv,
    .mxm = GG_cuda_mxm,
    .apply = GG_cuda_apply,
    .select = GG_cuda_select,
    .reduce_vector = GG_cuda_reduce_vector,
    .reduce_scalar = GG_cuda_reduce_scalar,
    .ewise_add = GG_cuda_ewise_add,
    .ewise_mult = GG_cuda_ewise_mult,
    .assign = GG_cuda_assign,
    .extract = GG_cuda_extract,
};
