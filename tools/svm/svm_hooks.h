/* svm_hooks.h: the five things the trainer needs of the library's internals, behind the public
 * types (tools/svm/svm_hooks.c), so that its main file sees only the public API and can be
 * compiled with the generators of tools/gen (whose GG_coo would clash with the internal one). */
#ifndef GG_SVM_HOOKS_H
#define GG_SVM_HOOKS_H

#include "GraphBLAS_gpu.h"

#include <stdbool.h>

/* The product a frontier call runs (GG_cuda_mxv_force): the SVM's choice, or one forced. */
enum { GG_SVM_MODE_RULE = 0, GG_SVM_MODE_PULL = 1, GG_SVM_MODE_PUSH = 3 };
void gg_svm_force(int mode);

/* Whether a CUDA device is in use; *status says which, or why none. */
bool gg_svm_device(const char **status);

/* t[0 .. GG_SVM_DENSITY - 1]: the log2 matrix features of op(A) (tran: A') as the mxv slot sees
 * them, counted on the device and cached with A (GG_cuda_mxv_features). */
GrB_Info gg_svm_features(GrB_Matrix A, bool tran, double *t);

/* The mxv slot's whole decision for a frontier of nu entries in dimension n over op(A) (A holding
 * nnz entries) with a structural complemented mask, as BFS asks it: true for the push
 * (GG_cuda_mxv_svm_push); the trainer times it. There is no frontier here, so the push work is
 * its estimate: the count a model reading it adds where the push may be long (a reduction and a
 * wait, GG_cuda_mxv_work_feature) is in the timed calls of the cases instead. */
GrB_Info gg_svm_decide(GrB_Matrix A, bool tran, GrB_Index nnz, GrB_Index nu, GrB_Index n, bool list,
                       bool *push);

/* t[GG_SVM_DENSITY ...]: the call features of this thread's last frontier product, as the mxv
 * slot computed them (GG_cuda_mxv_last_call); false before any. */
bool gg_svm_last_call(double *t);

#endif /* GG_SVM_HOOKS_H */
