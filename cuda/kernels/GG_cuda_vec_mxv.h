/* GG_cuda_vec_mxv.h: plain-C entry points of the device products of a matrix view with a vector
 * in any form (cuda/kernels/vec_mxv.cu), behind the CUDA mxv/vxm slot.
 *
 * The pull product: T(i) = (+)_k R(i,k) (*) x(k) over the k where x has an entry, for the rows i
 * that the mask admits, R's rows being the vectors of a device view (the CSR view of A for A x,
 * the CSC view for A' x). T is BITMAP: T(i) exists when some term did, so no identity is ever
 * folded in (ANY has none that is safe). A terminal monoid (LOR on true, ANY) ends a row at its
 * first term. The semiring runs in one domain (type_code, as GG_cuda_spmv.h's kernels): A's values
 * are cast to it on load, x is cast once into a dense copy when its type or form needs it.
 *
 * Results are GG_CUDA_SPMV_* codes; every call runs on the library's stream without waiting. */
#ifndef GG_CUDA_VEC_MXV_H
#define GG_CUDA_VEC_MXV_H

#include "GG_cuda_kernels.h"
#include "GG_cuda_vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The mask of a product, read per output row with the write-back's rule (value or structural,
 * complemented). M NULL: every row allowed. */
typedef struct {
    const GG_vdata *M;
    bool mstruct, mcomp;
} GG_cuda_rowmask;

/* x as the products read it: values of the semiring domain by index (xd[k]), or, when iso, the
 * one device value at xd of type iso_code, cast on load; presence flags xp (NULL when every entry
 * is present). Made by GG_cuda_vec_dense_input, which reuses x's own arrays when they already have
 * that shape (FULL or BITMAP of the domain type, or iso FULL) and otherwise allocates `own`, to be
 * freed with GG_cuda_free. */
typedef struct {
    const void *xd;
    const uint8_t *xp;
    const uint32_t *xbits; /* GG_cuda_vec_bits_input's presence, a bit an index */
    bool iso;
    int iso_code;
    void *own;
} GG_cuda_dense_x;

int GG_cuda_vec_dense_input(GG_cuda_dense_x *out, const GG_vdata *x, int xcode, int type_code);
/* The same for the flat pull (GG_cuda_csr_mxv_bits), x SPARSE or BITMAP: xd (never iso) with
 * the presence as bits, xbits[k / 32] bit k % 32 (xp NULL); `own` always allocated. */
int GG_cuda_vec_bits_input(GG_cuda_dense_x *out, const GG_vdata *x, int xcode, int type_code);

/* The narrow arrays of V's compact view (GG_cuda_sview: its 32-bit column indices, and its row
 * pointers when they are 32-bit, else NULL), which the pull reads in place of V's 64-bit ones;
 * the values and the rows are V's. */
typedef struct {
    const uint32_t *ptr32;
    const uint32_t *col32;
} GG_cuda_pull_narrow;

/* T (new device arrays, m rows, BITMAP of type_code with its count) = V (+.*) x, V with `nnz`
 * entries and values of V->type_code. vec_first: the multiply takes x's element first (vxm).
 * identity: the monoid's identity as type_code, which lets rows too long for one group be split
 * over the grid and folded with atomic updates (NULL: every row takes one group). narrow (NULL:
 * none; ignored for a hypersparse V) names V's compact view. */
int GG_cuda_vec_pull(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                     const GG_cuda_dense_x *x, int add_op, int mul_op, int type_code,
                     const void *identity, bool vec_first, const GG_cuda_rowmask *mask,
                     const GG_cuda_pull_narrow *narrow);

/* The push product's list output (GG_cuda_vec_push): T is an unordered SPARSE list (jumbled),
 * which needs no O(m) initialisation, for a product whose value needs no combining of terms: an
 * ANY monoid (the first term to claim a target is its value), or an idempotent monoid over terms
 * that are all one value (iso: the list stores that one value, which the kernel computes from
 * a_iso, A's one value as type_code when the multiply reads A, and x's first value). */
typedef struct {
    bool iso;
    const void *a_iso;
} GG_cuda_push_list;
/* A deferred assign C<x, struct>(:) = value done inside a push whose frontier x is the list of
 * the push just before (stamp: that push's claim stamp) and whose mask is C, complemented and
 * structural (BFS's v<q> = k, then q<!v> = q A): the kernel writes each frontier entry into C
 * (flags b, values x of `size` bytes, C's count updated) and masks out a target that C holds or
 * that is in the list (its claim word still holds `stamp`). C BITMAP with its count, not iso. */
typedef struct {
    unsigned stamp;
    uint8_t *b;
    void *x;
    uint32_t size;
    uint64_t value; /* `size` bytes of C's type, zero-extended */
    uint64_t *count;
} GG_cuda_push_fuse;
/* GG_cuda_vec_push with a fuse whose list is no longer the last one pushed (another list push ran
 * since, so its claims may be overwritten): nothing was done; run the assign on its own. */
#define GG_CUDA_PUSH_STALE 4
/* The push product: T(j) = (+)_k R(j,k) (*) x(k) over the entries k of x, each scattering the
 * vector k of the view V (the columns of R: the CSC view of A for A x, the CSR view for A' x) into
 * T with atomic monoid updates; the mask is read at each target. x is SPARSE (its list, in any
 * order) or BITMAP (its flags, read in place), x->nvals its entry count in either
 * form. The work is the frontier's edges, plus an O(m) initialisation of T (to the monoid's
 * identity, identity: host value of type_code; the flags alone for ANY), plus one pass over a
 * bitmap x's flags, plus one over T's flags where the terms may be many (T's count taken after
 * plain flag stores). T as for the pull product, with its count; with list set (m < 2^32),
 * T is that list instead, and the O(m) initialisation is not needed. fuse (list set, x a SPARSE
 * list, a complemented structural mask) also does a deferred assign (GG_cuda_push_fuse). */
int GG_cuda_vec_push(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                     const GG_vdata *x, int xcode, int add_op, int mul_op, int type_code,
                     const void *identity, bool vec_first, const GG_cuda_rowmask *mask,
                     const GG_cuda_push_list *list, const GG_cuda_push_fuse *fuse);

/* Whether the pull kernel handles (add_op, mul_op) on type_code (GG_cuda_spmv.h's set). */
bool GG_cuda_vec_pull_supported(int add_op, int mul_op, int type_code);

/* The tests' hook on the push and pull group kernels' grid: at most `blocks` blocks a launch (1:
 * every group strides over many vectors even on small inputs), 0 for no cap, below 0 back to
 * GRAPHBLAS_GPU_MXV_BLOCKS_PER_SM's cap. */
void GG_cuda_vec_mxv_set_cap(int blocks);

/* The tests' hook on the push of a bitmap frontier: each lane reads `flags` (1, 2, 4, 8 or 16)
 * of its flags a step, whatever the frontier's density; anything else, the rule's number. */
void GG_cuda_vec_push_set_flags(int flags);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_VEC_MXV_H */
