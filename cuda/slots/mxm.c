/* mxm.c: the CUDA mxm slot, a dispatcher over the device's product methods, each of which declines
 * (touching nothing) what it does not take: the masked dot product (mxm_dot.c) for a mask that is
 * present, not complemented and sparse relative to the work. What every method declines runs on
 * the CPU. */
#include "GG_cuda_mslot.h"

GrB_Info GG_cuda_mxm(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                     GG_container *A, GG_container *B, const GG_desc *d)
{
    return GG_cuda_mxm_dot(C, M, accum, semiring, A, B, d);
}
