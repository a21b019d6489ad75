/* GG_cuda_kernels.h: plain-C descriptions of device-resident data shared by the CUDA kernels
 * (.cu files) and the C side of the CUDA backend (the slots, which see GG_internal.h). No CUDA and
 * no GraphBLAS headers here, so both compilers read it. */
#ifndef GG_CUDA_KERNELS_H
#define GG_CUDA_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A HiSparse tree whose pool lives on the device. The pool is position independent (child words
 * are offsets from its start), so the device copy is a byte copy of the host pool and the fields
 * below are those of the host GG_hs_matrix (src/hisparse/GG_hisparse.h). */
typedef struct {
    const void *pool;      /* device address of the pool, NULL when the tree is empty */
    uint64_t pool_bytes;
    uint64_t root;         /* child word of the root node, 0 when empty */
    uint64_t nrows, ncols; /* of the stored content (the logical matrix is its transpose when
                            * `transposed`) */
    uint64_t nvals;
    int type_code;  /* GrB_Type_Code of the stored values */
    int value_size; /* bytes of one stored value (0 when iso) */
    int dbits;      /* node dimension d = 1 << dbits */
    int height;     /* level of the root */
    bool transposed;
    bool iso;       /* no values in the nodes: every entry equals iso_value */
    double scale;   /* multiplies every value on read (FP32/FP64 only; 1 otherwise) */
    uint8_t iso_value[16]; /* the one value of an iso tree, of type_code */
} GG_cuda_hs;

/* The order of a set of device tuples. ROW: row-major (what merges and mask look-ups need);
 * COL: column-major; TREE: the order of the HiSparse tree they were decoded from, no sort at all.
 * Tree order interleaves the base-d digits of row and column from the top, so within one row the
 * columns ascend and within one column the rows ascend: one stable sort by the row alone (or the
 * column alone) turns it into ROW (COL), and it is the tree order of the same-shaped output tree
 * (what the device build takes without sorting) when the tree was stored untransposed at the
 * output's node dimension. */
typedef enum { GG_CUDA_ORDER_ROW = 0, GG_CUDA_ORDER_COL, GG_CUDA_ORDER_TREE } GG_cuda_order;

/* A compressed view (CSR or CSC) on the device, 64-bit indices as on the host (GG_cview). */
typedef struct {
    uint64_t nvec;
    const uint64_t *vec; /* NULL unless hypersparse */
    const uint64_t *ptr; /* nvec + 1 */
    const uint64_t *idx;
    const void *x;
    int type_code;
    int value_size;
    uint64_t max_len; /* entries of the longest vector (0 when not known) */
} GG_cuda_cview;

/* A matrix's rows as CSR with 32-bit offsets and columns (an unmasked product's result,
 * GG_cuda_spgemm_saxpy_csr): nrows x ncols, n < 2^31 entries, ptr[nrows + 1], col[n] ascending
 * within each row, n values of type `code` at x; device arrays, all NULL when n is 0. The compact
 * SpMV view's array part (GG_cuda_sview: ptr32, col, x; GG_cuda_sview_of_csr32). */
typedef struct {
    uint64_t nrows, ncols, n;
    uint32_t *ptr, *col;
    void *x;
    int code;
} GG_cuda_csr32;

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_KERNELS_H */
