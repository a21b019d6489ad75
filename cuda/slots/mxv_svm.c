/* mxv_svm.c: the SVM features of a frontier product's matrix (GG_cuda_mxv_svm.h), computed once
 * per matrix and orientation and kept in its device mirror beside the views they are counted
 * from, so that a call's decision is the density's log2 and one dot product (GG_cuda_svm.h). */
#include "GG_cuda_mirror.h"
#include "GG_cuda_mxv_features.h"
#include "GG_cuda_mxv_svm.h"

#include <string.h>

GrB_Info GG_cuda_mxv_features(GG_container *A, bool tran, GrB_Index nnz, bool counted, double *t)
{
    int o = tran ? 1 : 0;
    pthread_mutex_lock(&A->lock);
    const GG_cuda_mirror *m = A->dev;
    bool has = m != NULL && m->has_svm[o] && (m->svm_counted[o] || !counted);
    if (has) memcpy(t, m->svm[o], sizeof m->svm[o]);
    pthread_mutex_unlock(&A->lock);
    if (has) return GrB_SUCCESS;

    GG_svm_counts c = {0};
    if (counted) {
        /* R's columns are the push's view, its rows the pull's */
        GG_cuda_cview cols, rows;
        GrB_Info info = GG_cuda_mirror_cview(A, !tran, &cols);
        if (info == GrB_SUCCESS) info = GG_cuda_mirror_cview(A, tran, &rows);
        if (info == GrB_SUCCESS) info = GG_cuda_info(GG_cuda_mxv_counts(&cols, &rows, nnz, &c));
        if (info != GrB_SUCCESS) return info;
        GG_trace("cuda mxv: SVM features of %s counted on the device (%llu entries)",
                 tran ? "A'" : "A", (unsigned long long)nnz);
    }
    GG_svm_matrix_features(t, tran ? A->ncols : A->nrows, tran ? A->nrows : A->ncols, nnz, &c);
    pthread_mutex_lock(&A->lock);
    GG_cuda_mirror *w = A->dev;
    if (w != NULL && !(w->has_svm[o] && w->svm_counted[o])) {
        memcpy(w->svm[o], t, sizeof w->svm[o]);
        w->has_svm[o] = true;
        w->svm_counted[o] = counted;
    }
    pthread_mutex_unlock(&A->lock);
    return GrB_SUCCESS;
}
