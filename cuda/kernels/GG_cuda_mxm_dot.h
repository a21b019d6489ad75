/* GG_cuda_mxm_dot.h: plain-C entry point of the device masked dot product (mxm_dot.cu), behind the
 * CUDA mxm slot's dot path (cuda/slots/mxm_dot.c): T<M> = op0(A) (+.*) op1(B) computed only at
 * the entries of M, each as the intersection of a row of op0(A) with a column of op1(B), as
 * SuiteSparse's dot3 method does. Triangle counting's C<L> = L L' is the case it exists for.
 *
 * Types and operators follow GG_cuda_vec_kernels.h (built-in types by GrB_Type_Code, operators by
 * GG_opcode, the library's casts): A's values are cast to the multiply's x type, B's to its y
 * type, the multiply's result is of the monoid's type. A positional multiply (GxB_FIRSTI ...
 * SECONDJ1) sees the term A(i,k) * B(k,j) as the operands' positions (i, k) and (k, j), as the
 * CPU backend does. The result is a GG_CUDA_VRC_* code; everything runs on the library's stream. */
#ifndef GG_CUDA_MXM_DOT_H
#define GG_CUDA_MXM_DOT_H

#include "GG_cuda_mat_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the kernel handles the monoid add_op (on mul->zcode, the monoid's type) with the
 * multiply mul: every built-in monoid and multiply on built-in types. */
bool GG_cuda_mat_dot_supported(int add_op, const GG_cuda_op *mul);

/* T (new device tuples of type mul->zcode, row-major, unique) holds T(i,j) = (+)_k A(i,k) (*)
 * B(k,j) for every entry (i,j) of M's tuples where the mask is true (mstruct: present; else its
 * value's bytes not all zero) and the intersection is not empty; no other entry. A is a view whose
 * vectors are the rows of op0(A) (its CSR view, the CSC view when transposed), B one whose vectors
 * are the columns of op1(B) (its CSC view, the CSR view when transposed); their vector ids are
 * M's coordinates (fewer than 2^32), both views of fewer than 2^31 entries. PLUS with ONEB on a
 * type whose sums of ones are the counts themselves (INT32, UINT32, INT64, UINT64, FP64: the CPU's
 * rule for its counting dot product) only counts the common indices, reading no value. Waits for
 * the stream once (the count of T's entries, one counted 4-byte copy). */
int GG_cuda_mat_dot(GG_cuda_tuples *T, const GG_cuda_tuples *M, bool mstruct,
                    const GG_cuda_cview *A, const GG_cuda_cview *B, int add_op,
                    const GG_cuda_op *mul);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MXM_DOT_H */
