/* GG_cuda_mxv_features.h: plain-C entry point of the device pass that counts the SVM's matrix
 * features (cuda/kernels/mxv_features.cu; GG_cuda_svm.h says what they are). */
#ifndef GG_CUDA_MXV_FEATURES_H
#define GG_CUDA_MXV_FEATURES_H

#include "GG_cuda_kernels.h"
#include "GG_cuda_svm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *out = the counts of R (GG_svm_counts) from its column view cols (the push view) and its row
 * view rows (the pull view, indices ascending within each row), nnz entries each. One pass over
 * each view's pointers and one over the row view's indices, then one 120-byte copy to the host
 * (counted as a transfer) and a wait: a GG_CUDA_VRC_* code. */
int GG_cuda_mxv_counts(const GG_cuda_cview *cols, const GG_cuda_cview *rows, uint64_t nnz,
                       GG_svm_counts *out);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MXV_FEATURES_H */
