/* svm_hooks.c: the trainer's window on the library's internals (svm_hooks.h). */
#include "svm_hooks.h"

#include "GG_cuda_mxv_svm.h"

_Static_assert((int)GG_SVM_MODE_RULE == (int)GG_CUDA_MXV_RULE &&
                   (int)GG_SVM_MODE_PULL == (int)GG_CUDA_MXV_PULL &&
                   (int)GG_SVM_MODE_PUSH == (int)GG_CUDA_MXV_PUSH,
               "the trainer's modes are the slot's");

void gg_svm_force(int mode)
{
    GG_cuda_mxv_force(mode);
}

bool gg_svm_device(const char **status)
{
    bool up = (GG_backends_available() & 2) != 0;
    *status = GG_cuda_status();
    return up;
}

GrB_Info gg_svm_features(GrB_Matrix A, bool tran, double *t)
{
    GrB_Index nnz;
    GrB_Info info = GrB_Matrix_nvals(&nnz, A);
    return info != GrB_SUCCESS ? info : GG_cuda_mxv_features(&A->c, tran, nnz, true, t);
}

GrB_Info gg_svm_decide(GrB_Matrix A, bool tran, GrB_Index nnz, GrB_Index nu, GrB_Index n, bool list,
                       bool *push)
{
    double t[GG_SVM_NFEAT];
    GG_svm_call_features(t, nu, n, true, true, true, list, false); /* masked: the group pull */
    return GG_cuda_mxv_svm_push(&A->c, tran, nnz, n, nu, t, push);
}

bool gg_svm_last_call(double *t)
{
    return GG_cuda_mxv_last_call(t);
}
