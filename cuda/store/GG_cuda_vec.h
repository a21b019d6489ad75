/* GG_cuda_vec.h: a vector's device copy as the kernels see it (plain C over GG_vform.h, so CUDA
 * and C files both include it; the container-side calls are in GG_cuda_store.h).
 *
 * The content is a GG_vdata with device arrays; the kernel that produced it leaves nvals in the
 * device word `count`, so the host learns nvals only when it asks (one 8-byte read,
 * GG_cuda_vec_nvals), and never synchronises for it otherwise. */
#ifndef GG_CUDA_VEC_H
#define GG_CUDA_VEC_H

#include "GG_vform.h"

typedef struct {
    GG_vdata d;      /* device arrays from GG_cuda_malloc (d.nvals valid when nvals_known) */
    uint64_t *count; /* device word holding nvals, or NULL when nvals_known from the start */
    /* nonzero: *count holds (count_tag << 32) | nvals once written, so a host reader of a count
     * in pinned memory sees the moment it is complete without waiting for the stream */
    unsigned count_tag;
    /* nonzero: the list was made by the push with this claim stamp (GG_cuda_push_fuse) */
    unsigned list_stamp;
    bool nvals_known;
    /* SPARSE with its indices in no particular order (each once): the list a frontier product
     * appends to (GG_cuda_vec_push). Only readers that do not depend on the order take it as it
     * is (GG_cuda_vec_in_any); every other reader gets it made a bitmap first (cuda/store). */
    bool jumbled;
    /* arrays of a jumbled list that was made a bitmap: another reader may still hold them, so
     * they are freed with the content (GG_cuda_vec_release), not when replaced */
    void *retired[3];
} GG_cuda_vec;

#endif /* GG_CUDA_VEC_H */
