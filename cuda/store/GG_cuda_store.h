/* GG_cuda_store.h: the device side of the data model (DESIGN.md §4, src/store/GG_store.h): a
 * container's device copy, how a slot reads it and how a slot installs its result (vectors:
 * vector.c; matrices: matrix.c, whose mirror reads are declared in GG_cuda_backend.h).
 * Plain C (the CUDA slots are C files that see GG_internal.h); kernels receive the GG_vdata only.
 *
 * A device copy holds the same GG_vdata as the host (GG_vform.h) with device arrays, plus the
 * device word `count` where the kernel that produced the content left nvals: the host learns nvals
 * only when asked (GG_cuda_vec_nvals reads those 8 bytes once and remembers them). */
#ifndef GG_CUDA_STORE_H
#define GG_CUDA_STORE_H

#include "GG_cuda.h"
#include "GG_cuda_mat_kernels.h"
#include "GG_cuda_vec.h"
#include "GG_store.h"

/* c's content on the device: its device copy when current, else an upload of the host content
 * (pending work applied first; counted and traced), after which res has both bits. The copy stays
 * valid until c is next written. GrB_OUT_OF_MEMORY (device or pool limit) leaves c unchanged. */
GrB_Info GG_cuda_vec_in(GG_container *c, const GG_cuda_vec **v);
/* The same for a reader that does not depend on the order of a list's entries (the frontier
 * products, the in-place assign's mask): a jumbled list (GG_cuda_vec.jumbled) is returned as it is,
 * its nvals known. */
GrB_Info GG_cuda_vec_in_any(GG_container *c, const GG_cuda_vec **v);
/* Makes sure c has a device-copy descriptor (c->dv), so that installing a result cannot fail:
 * a slot calls it before its first kernel. */
GrB_Info GG_cuda_vec_reserve(GG_container *c);
/* Installs *v (device arrays, c's dimension and value size) as c's content, taking its buffers
 * (*v is cleared): the previous device buffers are freed (stream-ordered), res = GG_RES_DEVICE
 * (GG_vec_device_written). c must have been reserved. Never fails. */
void GG_cuda_vec_install(GG_container *c, GG_cuda_vec *v);
/* Records that a kernel rewrote c's current device content in place: the host copy and the views
 * are stale from now on (res = GG_RES_DEVICE). */
void GG_cuda_vec_written(GG_container *c);
/* Frees the device buffers of a GG_cuda_vec that was never installed. */
void GG_cuda_vec_release(GG_cuda_vec *v);

/* ---- a deferred masked assign (vector.c) --------------------------------------------------------
 * In nonblocking mode, C<M, struct>(:) = value with M a push's unordered list and C a bitmap with
 * its count (BFS's v<q> = k) need not be launched on its own: the next push whose frontier is M
 * and whose mask is C, complemented and structural (q<!v> = q A), does it in its kernel, one
 * launch less per BFS level (GG_cuda_push_fuse). One is kept at a time; any other use of C or M
 * through this file (a read, nvals, an install, a write in place, freeing M, GrB_wait) runs it
 * first, so no reader sees C without it. */
typedef struct {
    GG_container *C, *M;
    int ccode;
    unsigned char value[16]; /* of C's type */
} GG_cuda_deferred;
/* Keeps *op; false when one is kept already (the caller runs its assign now). */
bool GG_cuda_vec_defer_assign(const GG_cuda_deferred *op);
/* Takes the kept assign when its C is `mask` and its M is `u`: the caller then does it, in its
 * push or by GG_cuda_vec_deferred_run, before anything reads C. */
bool GG_cuda_vec_deferred_claim(GG_container *mask, GG_container *u, GG_cuda_deferred *op);
/* Launches op's assign (the in-place kernel). */
GrB_Info GG_cuda_vec_deferred_run(const GG_cuda_deferred *op);

/* ---- matrices (matrix.c) ----------------------------------------------------------------------- */

/* The logical tuples of op(A) (transposed when tran) in new device arrays, in `order`, from A's
 * device tree (uploaded first when A was written on the host). GG_DECLINE (nothing touched) beyond
 * the device build's limits: coordinates wider than 32 bits, 2^31 entries or more. */
GrB_Info GG_cuda_mat_tuples(GG_container *A, bool tran, GG_cuda_order order, GG_cuda_tuples *t);
/* A's nvals values on the device in any order, for readers that only fold them: the CSR view's
 * when it is on the device or A's host tree is current (its view uploads as it is), else the device
 * tree's entries in its own order, decoded into *t (no sort; release t after use). The same
 * declines and codes as GG_cuda_mirror_cview and GG_cuda_mat_tuples. */
GrB_Info GG_cuda_mat_values(GG_container *A, const void **x, GG_cuda_tuples *t);
/* Installs the device tree *Z (of C's type and dimensions, pool from GG_cuda_malloc, taken) as C's
 * content: C's host tree, views and previous mirror are dropped (device buffers stream-ordered)
 * and C->res = GG_RES_DEVICE; the host tree is made again only when a host reader asks.
 * GrB_OUT_OF_MEMORY (host memory for the mirror) frees Z's pool and leaves C unchanged. */
GrB_Info GG_cuda_mat_install(GG_container *C, GG_cuda_hs *Z);
/* The same for a select's result given as its tree-order keys *K (K->key and K->x taken): C's tree
 * is built from them when something asks for the tree itself, its views from the keys without it
 * (cuda/store/matrix.c). On GrB_OUT_OF_MEMORY the keys are freed and C is unchanged. */
GrB_Info GG_cuda_mat_install_keys(GG_container *C, const GG_cuda_hkeys *K);
/* The same for an unmasked product's result given as its rows' CSR32 *R (R->n > 0, of C's type
 * and dimensions; its arrays taken, *R left empty): C's CSR view is widened from them and the
 * full-vector SpMV reads them as its compact view; its tree is built from them (as the write-back
 * builds it from tuples) when anything else asks, which every other reader does. On
 * GrB_OUT_OF_MEMORY the arrays are freed and C is unchanged. */
GrB_Info GG_cuda_mat_install_csr(GG_container *C, GG_cuda_csr32 *R);

#endif /* GG_CUDA_STORE_H */
