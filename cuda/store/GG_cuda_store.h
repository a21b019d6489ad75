/* GG_cuda_store.h: the device side of the data model (DESIGN.md §4, src/store/GG_store.h) for
 * vectors: a container's device copy, how a slot reads it and how a slot installs its result.
 * Plain C (the CUDA slots are C files that see GG_internal.h); kernels receive the GG_vdata only.
 *
 * A device copy holds the same GG_vdata as the host (GG_vform.h) with device arrays, plus the
 * device word `count` where the kernel that produced the content left nvals: the host learns nvals
 * only when asked (GG_cuda_vec_nvals reads those 8 bytes once and remembers them). */
#ifndef GG_CUDA_STORE_H
#define GG_CUDA_STORE_H

#include "GG_cuda.h"
#include "GG_cuda_vec.h"
#include "GG_store.h"

/* c's content on the device: its device copy when current, else an upload of the host content
 * (pending work applied first; counted and traced), after which res has both bits. The copy stays
 * valid until c is next written. GrB_OUT_OF_MEMORY (device or pool limit) leaves c unchanged. */
GrB_Info GG_cuda_vec_in(GG_container *c, const GG_cuda_vec **v);
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

#endif /* GG_CUDA_STORE_H */
