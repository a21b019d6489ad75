/* mxm.c: the CUDA mxm slot, a dispatcher over the device's product methods, each of which declines
 * (touching nothing) what it does not take: the narrow products (mxm_narrow.c) when op0(A) has a
 * few rows and their dense workspace is cheap beside the operands, then the masked dot product
 * (mxm_dot.c) for a mask that is present, not complemented and sparse relative to the work, else
 * the row-wise saxpy product (mxm_saxpy.c), which takes any mask. What all decline runs on the
 * CPU. */
#include "GG_cuda_backend.h"
#include "GG_cuda_mslot.h"

GrB_Info GG_cuda_mxm(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                     GG_container *A, GG_container *B, const GG_desc *d)
{
    GrB_Info info = GG_cuda_mxm_narrow(C, M, accum, semiring, A, B, d);
    if (info == GG_DECLINE) info = GG_cuda_mxm_dot(C, M, accum, semiring, A, B, d);
    if (info == GG_DECLINE) info = GG_cuda_mxm_saxpy(C, M, accum, semiring, A, B, d);
    return info;
}
