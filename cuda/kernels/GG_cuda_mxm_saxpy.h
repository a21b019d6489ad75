/* GG_cuda_mxm_saxpy.h: plain-C entry point of the device row-wise SpGEMM (Gustavson, saxpy per
 * row) behind the CUDA mxm slot (cuda/kernels/mxm_saxpy.cu). T = R (+.*) S where R's vectors are
 * the rows of op0(A) and S's the rows of op1(B) (a CSR view, or the CSC view for a transposed
 * operand), optionally restricted by a mask read before each term is accumulated. The result is T
 * as unique, row-major sorted device tuples, which the slot hands to the device masked write-back,
 * or (GG_cuda_spgemm_saxpy_csr) the same as CSR32, which an unmasked product's C keeps as it is
 * (cuda/store/matrix.c) until a reader needs its tree.
 *
 * Memory: the output's exact size comes from a symbolic pass before anything of its size is
 * allocated; each pass runs at once when its workspace fits what the device (and
 * GxG_DEVICE_POOL_LIMIT) leaves, else over row chunks sized to it, so a product whose result and
 * inputs fit is computed whatever its intermediate size. The GRAPHBLAS_GPU_SPGEMM_* tunables are
 * listed in mxm_saxpy.cu. Results are GG_CUDA_VRC_* codes (GG_cuda_vec_kernels.h); on any code but OK, T
 * holds no buffer and every temporary was freed (stream-ordered). */
#ifndef GG_CUDA_MXM_SAXPY_H
#define GG_CUDA_MXM_SAXPY_H

#include "GG_cuda_mat_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const GG_cuda_cview *A; /* rows of op0(A): vector v is row vec[v] (or v) of T, below 2^32
                             * (T's coordinates are 32 bits; the slot declines taller C) */
    const GG_cuda_cview *B; /* rows of op1(B), looked up by A's column indices */
    uint64_t ncols;         /* columns of T, below 2^32 - 1 (32-bit keys, one value reserved) */
    int add_op, mul_op;     /* GG_opcodes on one domain (GG_cuda_vec_pull_supported's set) */
    int type_code;          /* the domain; A's and B's values are cast to it on load */
    const void *start;      /* host value of type_code every output is folded from: neutral for
                             * every term (the mxv slot's fold start), so no identity leaks in */
    const GG_cuda_cview *M; /* the mask's rows (its CSR view), NULL for none */
    bool mstruct, mcomp;    /* the mask's kind; admitted terms are those the mask allows */
    uint64_t a_entries;     /* entries of A, a hint for the lanes a row of the first pass takes
                             * (0: not known) */
} GG_cuda_saxpy;

/* What a run did: the chunks of each pass (1 when everything fit at once), T's entries, the
 * multiply-adds (flops) of the unmasked product, the numeric pass's waves of dense rows and the
 * rows of a wave (0 when no row was dense), the global rows (summed over both passes) whose
 * terms were split evenly over the whole grid (few heavy rows, BC's frontier products), and the
 * rows computed as column tiles in shared memory (GRAPHBLAS_GPU_SPGEMM_TILED), and the rows the
 * numeric pass ran in the short bins (GRAPHBLAS_GPU_SPGEMM_SHORT). */
typedef struct {
    uint64_t chunks_symbolic, chunks_numeric, nnz, flops, waves, wave_rows, split_rows, tiled_rows,
        short_rows;
} GG_cuda_saxpy_stats;

/* T (new device tuples of type_code) = the product. UNSUPPORTED (nothing allocated) for a
 * semiring, domain or shape the kernels do not take, or (after the symbolic pass) a result of
 * 2^31 entries or more; NOMEM when the result and inputs leave no room for the smallest chunk. */
int GG_cuda_spgemm_saxpy(GG_cuda_tuples *T, const GG_cuda_saxpy *p, GG_cuda_saxpy_stats *stats);

/* The same product as CSR32 (its rows the symbolic pass's offsets, no row index an entry): *C
 * (new device arrays, nrows = A->nvec) for a CSR A (UNSUPPORTED, nothing allocated, when A is
 * hypersparse: its vectors are not C's rows). An empty result holds no arrays. */
int GG_cuda_spgemm_saxpy_csr(GG_cuda_csr32 *C, const GG_cuda_saxpy *p, GG_cuda_saxpy_stats *stats);

/* For the tests: caps each pass's workspace at `bytes` (0: back to GRAPHBLAS_GPU_SPGEMM_WORKSPACE_MB
 * or, unset, the free device memory), so that chunking and waves are forced on small products. */
void GG_cuda_spgemm_set_workspace(size_t bytes);

/* For the tests: the tiled bin's ratio and widest tile (cols, 0: the widest the device holds) over
 * GRAPHBLAS_GPU_SPGEMM_TILED and _TILED_COLS (a ratio below 0: back to those), so that it is forced
 * on, or off, and cut into many tiles on small products; and the last product's tiled rows (its
 * stats' tiled_rows; 0 when it declined). */
void GG_cuda_spgemm_set_tiled(double ratio, uint32_t cols);
uint64_t GG_cuda_spgemm_last_tiled(void);

/* For the tests: the short bins on (1) or off (0) over GRAPHBLAS_GPU_SPGEMM_SHORT (below 0: back
 * to it), and the last product's short rows (its stats' short_rows; 0 when it declined). */
void GG_cuda_spgemm_set_short(int on);
uint64_t GG_cuda_spgemm_last_short(void);

/* For the tests: an unmasked product's C kept as its rows (1, the default) or built through the
 * write-back (0) over GRAPHBLAS_GPU_SPGEMM_CSR (below 0: back to it) (cuda/slots/mxm_saxpy.c). */
void GG_cuda_spgemm_set_csr(int on);

/* For the tests: the last device mxm's split_rows (cuda/slots/mxm_saxpy.c). */
uint64_t GG_cuda_mxm_last_split(void);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MXM_SAXPY_H */
