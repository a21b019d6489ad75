/* GG_cuda_spmv.h: y = op(A) (+.*) x with a dense x on the device, plain C for the CUDA backend's
 * mxv/vxm slot (cuda/hs_spmv.cu, cuda/cmrs.cu). Two kernels:
 *  - HiSparse: the papers' dynamic scheduler over the device tree (GG_cuda_hs). The tree's leaves
 *    are found once by a level-by-level traversal (a GG_cuda_hs_schedule, built once per device
 *    tree and cached by the caller beside it): level-1 and level-2 leaves grouped into tiles by
 *    output block, both by row (A x) and by column (A' x), the rest in queues per entry-count bin;
 *    every product then processes those so that no warp mixes kinds of work. A and A' run the same
 *    kernels: the transposed flag only swaps which local coordinate indexes y.
 *  - CMRS (Koza et al., multi-row strips) on a compressed view: y = V x where V's vectors are the
 *    rows (a CSR view gives A x, a CSC view gives A' x).
 * GG_cuda_spmv_pick says which of the two a matrix should use (the documented rule).
 *
 * Semantics are those of GG_hs_mxv (src/hisparse/GG_hisparse.h) restricted to one domain: the
 * monoid, the multiply's inputs and output and x all have type `type_code` (the semiring domain);
 * A's stored values are cast to it (after the scale). y receives the identity where op(A) has an
 * empty row; ypresent (may be NULL) gets 1 where op(A)'s row holds an entry, else 0.
 * Domains: BOOL, INT32, UINT32, INT64, UINT64, FP32, FP64. Monoids (add_op): PLUS, TIMES, MIN, MAX,
 * ANY, and on BOOL also LOR, LAND, LXOR. Multiplies (mul_op): FIRST, SECOND, ONEB (PAIR), ANY, MIN,
 * MAX, PLUS, MINUS, TIMES, DIV, and on BOOL also LOR, LAND, LXOR. Anything else returns
 * GG_CUDA_SPMV_UNSUPPORTED before touching an output. Op codes are GG_opcode values
 * (src/object/GG_opcodes.h), repeated below because that header is not C++; the CUDA test
 * asserts both lists agree. Type codes are GrB_Type_Code values.
 *
 * Every call runs on the library's stream (GG_cuda_stream()) and returns without synchronising;
 * x, y and ypresent are device pointers. */
#ifndef GG_CUDA_SPMV_H
#define GG_CUDA_SPMV_H

#include "GG_cuda_kernels.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
enum {
    GG_CUDA_SPMV_OK = 0,
    GG_CUDA_SPMV_NOMEM = 1, /* device out of memory (or over the pool limit); nothing written */
    GG_CUDA_SPMV_UNSUPPORTED = 2, /* type or operator not handled here: decline; nothing written */
    GG_CUDA_SPMV_ERROR = 3        /* any other CUDA error (a launch failed): GrB_PANIC */
};

/* GG_opcode values of the operators used here (kept equal to src/object/GG_opcodes.h). */
enum {
    GG_CUDA_OP_LOR = 7,
    GG_CUDA_OP_LAND = 8,
    GG_CUDA_OP_LXOR = 9,
    GG_CUDA_OP_ONEB = 21,
    GG_CUDA_OP_FIRST = 22,
    GG_CUDA_OP_SECOND = 23,
    GG_CUDA_OP_MIN = 24,
    GG_CUDA_OP_MAX = 25,
    GG_CUDA_OP_PLUS = 26,
    GG_CUDA_OP_MINUS = 27,
    GG_CUDA_OP_TIMES = 28,
    GG_CUDA_OP_DIV = 29,
    GG_CUDA_OP_ANY = 47
};

/* The leaf queues of one device tree: a host object holding device arrays from GG_cuda_malloc. */
typedef struct GG_cuda_hs_schedule GG_cuda_hs_schedule;

/* Builds A's schedule (one traversal of the inner levels on the device; synchronises once per
 * level to size the next). *s is NULL for an empty tree, which needs none. */
int GG_cuda_hs_schedule_new(const GG_cuda_hs *A, GG_cuda_hs_schedule **s);
void GG_cuda_hs_schedule_free(GG_cuda_hs_schedule *s);
/* Device bytes the schedule holds (for the residency accounting). */
uint64_t GG_cuda_hs_schedule_bytes(const GG_cuda_hs_schedule *s);

/* How the queues are processed (both give the same results; the default is the faster one as
 * measured, see cuda/hs_spmv.cu's banner). */
typedef enum {
    GG_CUDA_HS_DEFAULT = 0,
    GG_CUDA_HS_HOST_LEVELS, /* one host launch per queue, in queue order */
    GG_CUDA_HS_PERSISTENT   /* one launch of persistent blocks taking chunks off an atomic head */
} GG_cuda_hs_variant;

void GG_cuda_hs_set_variant(GG_cuda_hs_variant v);

/* y = op(A) (+.*) x on the tree, op(A) = A' when tran XOR A->transposed. identity: host pointer
 * to the monoid's identity (a value of type_code). vec_first: the multiply takes x's element
 * first (vxm). s is A's schedule (NULL only when A is empty). */
int GG_cuda_hs_mxv(const GG_cuda_hs *A, const GG_cuda_hs_schedule *s, bool tran, int add_op,
                   int mul_op, int type_code, const void *identity, bool vec_first,
                   const void *x_dev, void *y_dev, unsigned char *ypresent_dev);

/* y = V (+.*) x on a compressed view with `nrows` rows (its vectors; with V->vec set only those
 * rows are stored), `nvals` entries (sizes the strips without reading the device) and values of
 * V->type_code (cast to type_code); same contract otherwise. */
int GG_cuda_cmrs_mxv(const GG_cuda_cview *V, uint64_t nrows, uint64_t nvals, int add_op, int mul_op,
                     int type_code, const void *identity, bool vec_first, const void *x_dev,
                     void *y_dev, unsigned char *ypresent_dev);

/* Which kernel a product should use: true for CMRS on the compressed view, false for the tree.
 * tree_bytes: A's pool bytes; view_bytes: the bytes of the compressed view it would read
 * (pointers, indices and values); have_view: the view is already on the device; tran: the product
 * needs A' (CMRS then reads the CSC view). The rule is in cuda/cmrs.cu's banner. */
bool GG_cuda_spmv_pick(uint64_t nvals, uint64_t tree_bytes, uint64_t view_bytes, bool have_view,
                       bool tran);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_SPMV_H */
