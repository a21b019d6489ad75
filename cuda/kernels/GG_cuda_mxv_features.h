/* GG_cuda_mxv_features.h: plain-C entry points of the device passes that count the SVM's matrix
 * features and a call's push work (cuda/kernels/mxv_features.cu; GG_cuda_svm.h says what they
 * are). */
#ifndef GG_CUDA_MXV_FEATURES_H
#define GG_CUDA_MXV_FEATURES_H

#include "GG_cuda_kernels.h"
#include "GG_cuda_svm.h"
#include "GG_vform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *out = the counts of R (GG_svm_counts) from its column view cols (the push view) and its row
 * view rows (the pull view, indices ascending within each row), nnz entries each. One pass over
 * each view's pointers and one over the row view's indices, then one 120-byte copy to the host
 * (counted as a transfer) and a wait: a GG_CUDA_VRC_* code. */
int GG_cuda_mxv_counts(const GG_cuda_cview *cols, const GG_cuda_cview *rows, uint64_t nnz,
                       GG_svm_counts *out);

/* *work = the entries of the columns of cols (the push view) at the frontier x's entries (SPARSE:
 * its first nvals indices, in any order; BITMAP: its flags): the edges a push of x walks. One CUB
 * reduction over a transform of x (one kernel up to a tile of entries, two above), its 8-byte sum
 * written into pinned memory (or copied, counted, when none is left) and a wait for the stream:
 * the caller needs the value on the host to decide. A GG_CUDA_VRC_* code. */
int GG_cuda_mxv_push_work(const GG_cuda_cview *cols, const GG_vdata *x, uint64_t nvals,
                          uint64_t *work);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MXV_FEATURES_H */
