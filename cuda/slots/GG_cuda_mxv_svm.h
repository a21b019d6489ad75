/* GG_cuda_mxv_svm.h: the CUDA mxv slot's choice of product (cuda/slots/mxv.c) and the cached SVM
 * features behind it (cuda/slots/mxv_svm.c), for the slot, the trainer (tools/svm) and the cuda
 * tests. */
#ifndef GG_CUDA_MXV_SVM_H
#define GG_CUDA_MXV_SVM_H

#include "GG_cuda_backend.h"
#include "GG_cuda_svm.h"

/* Which product a frontier call runs: the SVM's choice (RULE), or one forced where it applies
 * (GRAPHBLAS_GPU_MXV=pull|tree|push, read at the first call; GG_cuda_mxv_force sets it for the
 * trainer's timings). PUSH applies to a sparse or bitmap input, TREE to a full one without a
 * mask, PULL to any. */
enum { GG_CUDA_MXV_RULE = 0, GG_CUDA_MXV_PULL, GG_CUDA_MXV_TREE, GG_CUDA_MXV_PUSH };
void GG_cuda_mxv_force(int mode);
/* Whether a call's push work is counted (GG_cuda_mxv_work_feature) with a mode forced: only while
 * GG_cuda_mxv_force has forced one (the trainer, which records it as a feature), never under
 * GRAPHBLAS_GPU_MXV or GG_cuda_mxv_force_timed; under the SVM, when the model reads it. */
/* A mode forced as GG_cuda_mxv_force does, but with the push work not counted: a forced call
 * timed as the mode alone costs (bench/gpu/spmspv_bench's per-call oracle). The count, a
 * reduction and a wait, added 15-25 us to every forced call (H200, 2026-11-28). */
void GG_cuda_mxv_force_timed(int mode);

/* t[0 .. GG_SVM_DENSITY - 1] = the log2 matrix features of R = op(A) (tran: R = A'), A holding nnz
 * entries; counted: including those of the device pass over R's two views (GG_cuda_mxv_counts),
 * which fetches both views. Cached in A's mirror when it has one, dropped when A is written. */
GrB_Info GG_cuda_mxv_features(GG_container *A, bool tran, GrB_Index nnz, bool counted, double *t);

/* t[GG_SVM_WORK] = the push's work fraction (GG_svm_work) of the frontier x of nu entries over
 * R = op(A) (tran: A', nnz entries), counted on the device (GG_cuda_mxv_push_work: a reduction
 * and a wait) when `wanted` and the push may be long (GG_svm_work_worth_counting), unless the
 * model `decide` (NULL: none, always count; the trainer records the count) decides the same at
 * both ends of the work's bounds (GG_svm_work_settled: t's work then moves into the bounds);
 * otherwise t keeps the estimate GG_svm_call_features put there. Fetches the push view to read
 * its longest column. */
GrB_Info GG_cuda_mxv_work_feature(GG_container *A, bool tran, GrB_Index nnz, const GG_vdata *x,
                                  uint64_t nu, bool wanted, const GG_svm_model *decide, double *t);

/* Whether a frontier product of nu entries in dimension n over R = op(A) (tran: A', nnz entries)
 * is pushed (sparse mode) or pulled, by the model's score over A's cached features and the call's
 * features already in t[GG_SVM_DENSITY ...]; t receives the matrix features. The whole run-time
 * decision, so the trainer times exactly what a call pays. */
GrB_Info GG_cuda_mxv_svm_push(GG_container *A, bool tran, GrB_Index nnz, uint64_t n, uint64_t nu,
                              double *t, bool *push);

/* The model the slot decides with: GG_svm_mxv_model (cuda/svm_model.c), or the one in the model
 * source that GRAPHBLAS_GPU_SVM_MODEL names (as tools/svm/gg_svm_train writes it), read at the
 * first decision, so that a freshly trained model is tried against the compiled one in the same
 * build; a file that does not read as a model of this feature vector is traced and ignored. */
const GG_svm_model *GG_cuda_svm_model(void);
/* Decides with the model in the file at path from now on (NULL: the compiled one again); false,
 * nothing changed, when it cannot be read as a model. For the tests; not thread-safe against
 * concurrent decisions. */
bool GG_cuda_svm_use_file(const char *path);

/* t[GG_SVM_DENSITY .. GG_SVM_NFEAT - 1]: the call features of this thread's last product with a
 * frontier (an input not full), as the slot computed them, whatever mode ran then: the trainer's
 * cases see exactly what a decision sees. False before the first. */
bool GG_cuda_mxv_last_call(double *t);

#endif /* GG_CUDA_MXV_SVM_H */
