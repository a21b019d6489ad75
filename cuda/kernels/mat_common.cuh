/* mat_common.cuh: what the matrix kernels' files (cuda/kernels/mat_*.cu) share on top of the vector
 * kernels' helpers (vec_common.cuh): the HiSparse engine's codes as GG_CUDA_VRC_* codes, and the
 * scan that turns keep-flags into output positions. */
#ifndef GG_CUDA_MAT_COMMON_CUH
#define GG_CUDA_MAT_COMMON_CUH

#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mat_kernels.h"
#include "vec_common.cuh"

/* A GG_cuda_hs_code as a result code: a refused bound or duplicate is a malformed call here, since
 * the matrix kernels hand the build only unique tuples inside the dimensions. */
inline int gg_hs_rc(GG_cuda_hs_code c)
{
    switch (c) {
    case GG_CUDA_HS_OK: return GG_CUDA_VRC_OK;
    case GG_CUDA_HS_OOM: return GG_CUDA_VRC_NOMEM;
    case GG_CUDA_HS_UNSUPPORTED: return GG_CUDA_VRC_UNSUPPORTED;
    default: return GG_CUDA_VRC_ERROR;
    }
}

/* pos[p] = the number of set flags before p, for flags flag[0, n) (flag has room for n + 1: the
 * call clears flag[n]); *total gets the count of set flags, read back with one counted 4-byte copy
 * (so this waits for the stream). n < 2^31. (mat_tuples.cu) */
int gg_mk_scan(uint32_t *flag, uint32_t *pos, uint64_t n, uint64_t *total);

/* T (new device tuples of type `code`, T->code set) = the entries p < n of (row, col, x) whose
 * flag keep[p] is set, in their order (keep has room for n + 1, as gg_mk_scan needs); waits for
 * the stream through gg_mk_scan. n < 2^31. (mat_tuples.cu) */
int gg_mk_compact(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint64_t *row,
                  const uint64_t *col, const void *x, int code);

#endif /* GG_CUDA_MAT_COMMON_CUH */
