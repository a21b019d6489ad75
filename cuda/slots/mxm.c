/* mxm.c: the CUDA mxm slot, which picks the device product for one call. Every call goes to the
 * row-wise saxpy product (mxm_saxpy.c), which takes any mask; the masked dot product for a sparse,
 * non-complemented mask joins here as a second choice. */
#include "GG_cuda_backend.h"

GrB_Info GG_cuda_mxm(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                     GG_container *A, GG_container *B, const GG_desc *d)
{
    return GG_cuda_mxm_saxpy(C, M, accum, semiring, A, B, d);
}
