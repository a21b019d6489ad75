/* GG_store.h: the data model of DESIGN.md §4: for vectors, content in one of three forms
 * (GG_vform.h), a residency state saying which side holds the current content, and the calls that
 * move it; for matrices, the residency of the tree (the last section). src/store implements the
 * host side; cuda/store the device side, reached only through the GG_device_* calls below
 * (src/backend/device.c forwards them when CUDA is compiled in).
 *
 * Residency of a vector container c (c->res):
 * - GG_RES_HOST:   c->v is the content; any device copy is stale (kept only as reusable memory).
 * - GG_RES_DEVICE: the device copy (c->dv) is the content; c->v is stale and may be empty.
 * - both bits:     both copies hold the same content.
 * A slot writes its output on its own side: the CPU through GG_vec_adopt, the CUDA backend through
 * cuda/store, which then calls GG_vec_device_written. A reader asks for its side: GG_vec_host for
 * the host (a download when the host copy is stale, counted and traced), the cuda/store call for
 * the device (an upload when the device copy is stale). nvals of a device-written vector may be
 * unknown on the host; GG_vec_nvals fetches it (8 bytes) only when asked.
 *
 * Pending setElement/removeElement: logged on the host (c->pending) and applied by the next
 * reader. A host reader applies them to c->v directly (O(1) each for BITMAP and FULL). A device
 * reader first calls GG_vec_host (so the log is applied on the host), then uploads.
 *
 * Every call leaves c unchanged when it fails (GrB_OUT_OF_MEMORY, or GrB_PANIC for a device
 * error). All host arrays of a GG_vdata come from GG_malloc. */
#ifndef GG_STORE_H
#define GG_STORE_H

#include "GG_internal.h"
#include "GG_vform.h"

#define GG_RES_HOST 1
#define GG_RES_DEVICE 2

/* ---- GG_vdata on the host ----------------------------------------------------------------------- */

/* An empty vdata of dimension n and value size `size` (no arrays, SPARSE, nvals 0). */
void GG_vdata_init(GG_vdata *v, uint64_t n, size_t size);
/* Allocates the arrays of form `form` for nvals entries (SPARSE: i and x of nvals; BITMAP: b
 * zeroed and x of n; FULL: x of n; iso: x of one value); v->nvals is set to nvals (BITMAP: the
 * caller sets flags and the count). GrB_OUT_OF_MEMORY with v empty. */
GrB_Info GG_vdata_alloc(GG_vdata *v, uint64_t n, size_t size, GG_vform_kind form, uint64_t nvals,
                        bool iso);
void GG_vdata_free(GG_vdata *v); /* frees the arrays and leaves v empty (n and size kept) */
/* Converts v in place to `form` (a FULL target requires nvals == n). GrB_OUT_OF_MEMORY leaves v
 * as it was. Iso stays iso. */
GrB_Info GG_vdata_convert(GG_vdata *v, GG_vform_kind form);
/* Converts v to GG_vform_choose(n, nvals, iso); out of memory leaves v in its (valid) form and
 * still returns GrB_SUCCESS, since every form is a correct representation. */
GrB_Info GG_vdata_conform(GG_vdata *v);
/* A deep copy in the same form. */
GrB_Info GG_vdata_dup(GG_vdata *dst, const GG_vdata *src);
/* Whether position k holds an entry; *p gets the value's stored position (GG_vdata_val). SPARSE
 * searches (O(log nvals)); BITMAP and FULL are O(1). */
bool GG_vdata_find(const GG_vdata *v, uint64_t k, uint64_t *p);
/* Walks v's entries in index order: start with *q = 0; each call gives the next entry's index *k
 * and its value's stored position *p (GG_vdata_val), or returns false after the last. O(1) an
 * entry, except that a BITMAP walk skips the empty positions. */
static inline bool GG_vdata_next(const GG_vdata *v, uint64_t *q, uint64_t *k, uint64_t *p)
{
    if (v->form == GG_VF_SPARSE) {
        if (*q >= v->nvals) return false;
        *k = v->i[*q];
    } else {
        if (v->form == GG_VF_BITMAP)
            while (*q < v->n && !v->b[*q]) (*q)++;
        if (*q >= v->n) return false;
        *k = *q;
    }
    *p = (*q)++;
    return true;
}

/* ---- the content of a vector container ------------------------------------------------------------ */

/* The host content of vector c with pending work applied, downloaded from the device first when
 * the host copy is stale. Valid until c is next written. */
GrB_Info GG_vec_host(GG_container *c, const GG_vdata **v);
/* The host content for in-place update by a CPU slot that owns the write (e.g. an assign that
 * touches only the assigned entries): as GG_vec_host, then the device copy is marked stale, the
 * cached views are dropped and c->res becomes GG_RES_HOST. The caller keeps v consistent (flags,
 * nvals, form) and calls GG_vec_written when done so the form is conformed. */
GrB_Info GG_vec_host_mut(GG_container *c, GG_vdata **v);
void GG_vec_written(GG_container *c);
/* Installs *v (of c's dimension and value size, any form, host arrays) as c's content, taking its
 * arrays (*v is left empty). The form is conformed by density; res = GG_RES_HOST; pending work,
 * cached views and the device copy's validity are dropped. Never fails. */
void GG_vec_adopt(GG_container *c, GG_vdata *v);
/* nvals of vector c: from the host copy, or one 8-byte read from the device. */
GrB_Info GG_vec_nvals(GG_container *c, uint64_t *nvals);
/* After a device slot wrote c's device content (cuda/store): res = GG_RES_DEVICE, the host copy and
 * cached views are stale and dropped. c's pending log must be empty (the slot's read of c applied
 * it). */
void GG_vec_device_written(GG_container *c);

/* ---- the device side, as src/store sees it (src/backend/device.c forwards to cuda/store) --------- */

/* Copies c's device content into c->v (allocating it), res |= GG_RES_HOST. Counted and traced. */
GrB_Info GG_device_vec_download(GG_container *c);
/* nvals of c's device content (one 8-byte read when the host does not know it). */
GrB_Info GG_device_vec_nvals(GG_container *c, uint64_t *nvals);
/* Frees c->dv, if any. */
void GG_device_vec_free(GG_container *c);
/* setElement on c's device content (c->res GG_RES_DEVICE, no pending work), z of c's type: true
 * when the device did it (a FULL device copy, cuda/store); false, c unchanged, otherwise. */
bool GG_device_vec_set(GG_container *c, GrB_Index i, const void *z);
/* ---- matrices on the device ----------------------------------------------------------------------
 * A matrix's residency (c->res): GG_RES_HOST while its host tree (c->hs) is current, GG_RES_DEVICE
 * while its device tree (the mirror, c->dev) is. A CUDA slot installs its result as a device tree
 * only (GG_mat_device_written, then cuda/store sets the mirror): res = GG_RES_DEVICE and c->hs is an
 * empty stand-in. Every host reader goes through store.c, which first makes the host tree from the
 * device one (GG_device_mat_download); nvals is answered from the device tree without a copy. A
 * host write (setElement, removeElement, any adopt) first brings the content to the host or
 * replaces it, then drops the mirror, so res is GG_RES_HOST again. The pending log of a matrix is
 * empty whenever its host tree is not current. */

/* Clears c's host content, views and mirror for a device slot that is about to install its result:
 * res = GG_RES_DEVICE; the caller sets the new mirror. */
void GG_mat_device_written(GG_container *c);
/* c's device tree as a host tree into *hs (counted, traced); c unchanged. */
GrB_Info GG_device_mat_download(GG_container *c, GG_hs_matrix *hs);
/* nvals of c's device tree (no copy). */
GrB_Info GG_device_mat_nvals(GG_container *c, uint64_t *nvals);

/* Waits for all queued device work of the library (GrB_wait, blocking mode, value returns). */
GrB_Info GG_device_sync(void);

#endif /* GG_STORE_H */
