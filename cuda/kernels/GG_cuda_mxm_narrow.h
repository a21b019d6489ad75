/* GG_cuda_mxm_narrow.h: plain-C entry points of the device products with a narrow left operand
 * (mxm_narrow.cu), behind the CUDA mxm slot's narrow path (cuda/slots/mxm_narrow.c): T = W (+.*)
 * op1(B) where W = op0(A) has k <= 64 rows (BC's ns x n frontier and dependency matrices), so a
 * dense k x n workspace costs a few dense vectors.
 *
 * Two forms:
 * - saxpy: every term W(i,kk) * B(kk,j) is folded into a dense k x ncols accumulator (values and
 *   flags) by an atomic monoid update, after the mask's verdict on (i,j) (M's entries scattered into
 *   a k x ncols bitmap, complemented or not); the flags are then compacted in one pass, so T comes
 *   out ordered without a sort.
 * - dot: W is densified (per inner index kk a 64-bit word of the rows i holding W(i,kk), and the
 *   values), then each mask entry (i,j) folds W(i,kk) * B(kk,j) over the entries kk of column j of
 *   op1(B): O(deg) look-ups instead of a merge with W's row. T follows M's tuples' order.
 * Both number their terms by a scan over the work items (W's entries, or the mask's) and split them
 * evenly over the grid, so one long vector of B (a hub) does not hold up the rest.
 *
 * Semirings: those of the row-wise saxpy (GG_cuda_semiring_take: the multiply's types are the
 * monoid's, (add, mul, type) in gg_spmv_supported's set); A's, B's values are cast to the domain on
 * load; every output is folded from `start`, neutral for every term (GG_cuda_fold_start). The
 * order in which terms meet is the atomics', so a floating-point PLUS may differ from the CPU in the
 * last bits, and ANY keeps one of the terms. Results are GG_CUDA_VRC_* codes; everything runs on the
 * library's stream; on any code but OK, T holds no buffer and every temporary was freed. */
#ifndef GG_CUDA_MXM_NARROW_H
#define GG_CUDA_MXM_NARROW_H

#include "GG_cuda_mat_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most rows of W (and T): the dot form keeps a column's rows in one 64-bit word. */
#define GG_CUDA_NARROW_MAX_ROWS 64

typedef struct {
    const GG_cuda_tuples *W; /* op0(A)'s tuples, rows below k, any order */
    uint64_t k;              /* rows of W and T: 1 .. GG_CUDA_NARROW_MAX_ROWS */
    uint64_t ninner;         /* columns of W (the inner dimension), below 2^32 */
    const GG_cuda_cview *B;  /* saxpy form: the rows of op1(B); dot form: its columns */
    uint64_t ncols;          /* columns of T, below 2^32 */
    const GG_cuda_tuples *M; /* the mask's tuples (saxpy form: NULL for none) */
    bool mstruct, mcomp;     /* the mask's kind (the dot form takes no complemented one) */
    int add_op, mul_op;      /* GG_opcodes on one domain */
    int type_code;           /* the domain: T's type */
    const void *start;       /* host value of type_code every output is folded from */
    int dbits;               /* saxpy form: T's order, 0 row-major, else the tree order of node
                              * dimension 2^dbits where it can (GG_cuda_mat_narrow_saxpy) */
} GG_cuda_narrow;

/* Device bytes a form needs beside its inputs and T (nw: W's entries, nm: the mask's), the figure
 * the slot's rule compares with the pool. */
uint64_t GG_cuda_narrow_bytes(bool dot, uint64_t k, uint64_t ninner, uint64_t ncols, int dbits,
                              uint64_t nw, uint64_t nm, int type_code);

/* The saxpy form. T (new device tuples of type_code, unique) comes in the accumulator's order:
 * with dbits set, k at most d = 2^dbits and more than d columns, the columns in strips of d, each
 * strip row by row, which is the tree order of a k x ncols tree of node dimension d (T->order
 * TREE: the build takes it without sorting); else row-major (T->order ROW; for k and ncols both at
 * most d also the tree order). UNSUPPORTED (nothing allocated) for a semiring, domain or shape the
 * kernels do not take, or 2^31 slots or more. */
int GG_cuda_mat_narrow_saxpy(GG_cuda_tuples *T, const GG_cuda_narrow *p);

/* The dot form: T (new device tuples of type_code) holds T(i,j) for every entry (i,j) of M's
 * tuples where the mask is true (mstruct: present; else a nonzero value) and some kk has both
 * W(i,kk) and B(kk,j); in M's order (M->order). */
int GG_cuda_mat_narrow_dot(GG_cuda_tuples *T, const GG_cuda_narrow *p);

/* For the tests (cuda/slots/mxm_narrow.c): the most rows of C the narrow path takes (0: none;
 * back to the default, GG_CUDA_NARROW_MAX_ROWS or GRAPHBLAS_GPU_NARROW_ROWS, with
 * GG_CUDA_NARROW_DEFAULT), and the form of the last device mxm: 0 not narrow, 1 saxpy, 2 dot. */
#define GG_CUDA_NARROW_DEFAULT UINT64_MAX
void GG_cuda_mxm_narrow_set_rows(uint64_t rows);
int GG_cuda_mxm_last_narrow(void);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MXM_NARROW_H */
