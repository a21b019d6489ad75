/* GG_cuda_mirror.h: the device mirror of one matrix container (private to cuda/, read by the C
 * side in cuda/store/matrix.c and freed by GG_cuda_mirror_free in residency.cu, so plain C). It
 * holds the device tree (a copy of the host tree, or the content itself for a matrix written on
 * the device: matrix.c) with its SpMV schedule, the CSR/CSC views (and their compact SpMV views),
 * the SVM features of the frontier product and the tree's decoded keys for the select, each made
 * on first demand (a select's result holds its keys first and its tree only once asked for; an
 * unmasked product's result its rows as CSR32); all are released together when the container is
 * written (GG_device_drop).
 * Vectors have their device copy in cuda/store/vector.c. */
#ifndef GG_CUDA_MIRROR_H
#define GG_CUDA_MIRROR_H

#include "GG_cuda.h"
#include "GG_cuda_hsbuild.h"
#include "GG_cuda_kernels.h"
#include "GG_cuda_mat_kernels.h"
#include "GG_cuda_spmv.h"
#include "GG_cuda_svm.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct GG_cuda_mirror {
    void *pool;          /* device copy of the HiSparse pool, or NULL */
    uint64_t pool_bytes;
    bool has_hs;
    GG_cuda_hs hs;       /* the tree on the device (valid when has_hs) */
    bool has_view[2];    /* [0] CSR, [1] CSC */
    GG_cuda_cview view[2];
    void *view_mem[2];   /* one device allocation holding a view's arrays */
    /* the tree's entries in its own order as keys of its format and values (GG_cuda_hs_to_keys),
     * kept for the selects that filter them (both halves of delta-stepping's split read them) */
    bool has_tkeys;
    uint64_t *tkey;
    void *tkey_x;
    /* a select's result whose tree is not built yet (pend: its facts, key and x the tkeys above):
     * built on first demand for the tree itself; its views are made from the keys */
    bool tree_pending;
    GG_cuda_hkeys pend;
    /* an unmasked product's result as its rows' CSR32 (GG_cuda_mat_install_csr, has_csr): its
     * tree not built yet while rows_pending; its CSR view is widened from it (sharing its values)
     * and its tree built from it on first demand. Kept until the matrix is written. */
    bool has_csr, rows_pending;
    GG_cuda_csr32 csr;
    bool has_sched;
    GG_cuda_hs_schedule *sched; /* the SpMV leaf queues of the tree (NULL for an empty tree) */
    /* [0] rows, [1] columns: the full-vector SpMV's compact view (its values are view[w]'s),
     * whether it was declined for this content, and the full-vector products so far */
    bool has_sview[2], no_sview[2];
    GG_cuda_sview sview[2];
    void *sview_mem[2][2];
    unsigned spmv_calls[2];
    /* [0] A, [1] A': the SVM's log2 matrix features of the frontier product's R
     * (cuda/slots/mxv_svm.c); counted: including those of the device pass */
    bool has_svm[2], svm_counted[2];
    double svm[2][GG_SVM_DENSITY];
} GG_cuda_mirror;

#endif /* GG_CUDA_MIRROR_H */
