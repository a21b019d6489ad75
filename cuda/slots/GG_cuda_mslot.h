/* GG_cuda_mslot.h: what the CUDA slots over matrices share (cuda/slots/matrix.c): the write-back
 * side of a call, which reads C and M as device tuples, runs the device masked write-back
 * (GG_cuda_mat_writeback) on T and installs the result as C's device tree, so a matrix result never
 * passes through the host (DESIGN.md §4, §5.4). Decisions to take a call reuse the vector slots'
 * rule (GG_CUDA_VEC_TAKE: resident operands stay on the device whatever their size). */
#ifndef GG_CUDA_MSLOT_H
#define GG_CUDA_MSLOT_H

#include "GG_cuda_vslot.h"

/* The write-back side of one matrix call: C's and M's device tuples and the kernel's parameters. */
typedef struct {
    GG_container *C;
    GG_cuda_tuples c, m; /* C's tuples (only when the result depends on them) and M's */
    GG_cuda_op accop;
    GG_cuda_mwb wb;
} GG_cuda_mcall;

/* Checks the accumulator (GG_DECLINE when the kernels lack it), then brings M and, when the result
 * depends on it (a mask, a complemented mask or an accumulator), C to the device as tuples. Nothing
 * is written; GG_cuda_mcall_end releases what was read, whatever the outcome. */
GrB_Info GG_cuda_mcall_begin(GG_cuda_mcall *k, GG_container *C, GG_container *M,
                             GrB_BinaryOp accum, const GG_desc *d);
/* C<M, replace> = accum(C, T), T device tuples of C's dimensions (still the caller's), installed
 * as C's device tree. GrB_OUT_OF_MEMORY leaves C unchanged. */
GrB_Info GG_cuda_mcall_finish(GG_cuda_mcall *k, const GG_cuda_tuples *T);
/* The order T must come in: row-major when the write-back merges it with C, else the tree's own
 * (GG_CUDA_ORDER_TREE: no sort to decode it, and a select or mask-ordered product over an
 * untransposed tree of C's shape then needs none to build C's tree either). */
GG_cuda_order GG_cuda_mcall_order(const GG_cuda_mcall *k);
void GG_cuda_mcall_end(GG_cuda_mcall *k);

/* A GG_CUDA_VRC_* (or GG_CUDA_HS_*: the same numbers for these) code as a slot's GrB_Info:
 * UNSUPPORTED, asked before anything was touched, becomes a decline with `why`. */
GrB_Info GG_cuda_mslot_info(int rc, const char *why);

/* The matrix paths of the apply and select slots: T = the producer t over op0(A) (d->tran0), then
 * the write-back. */
GrB_Info GG_cuda_mslot_unary(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             GG_container *A, const GG_desc *d, const GG_cuda_mt *t);

/* The matrix path of the assign slot: C<M, replace> = accum(C, S) over all of C (GrB_ALL x GrB_ALL)
 * for a scalar S (or an empty GrB_Scalar: scalar NULL), T = S at every position the mask may
 * allow, then the write-back. Declines index lists, a matrix source, and, without a mask or with a
 * complemented one, a C of 2^31 positions or more. */
GrB_Info GG_cuda_mslot_assign(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GG_container *A, const void *scalar, GrB_Type stype,
                              const GrB_Index *I, const GrB_Index *J, GG_assign_kind kind,
                              const GG_desc *d);

/* The methods of the mxm slot (cuda/slots/mxm.c dispatches): the masked dot product, the
 * products with a narrow left operand (mxm_narrow.c). */
GG_mxm_fn GG_cuda_mxm_dot;
GG_mxm_fn GG_cuda_mxm_narrow;

#endif /* GG_CUDA_MSLOT_H */
