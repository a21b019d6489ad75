/* mxv_svm.c: the SVM features of a frontier product's matrix (GG_cuda_mxv_svm.h), computed once
 * per matrix and orientation and kept in its device mirror beside the views they are counted
 * from, so that a call's decision is the density's log2 and one dot product (GG_cuda_svm.h); the
 * model it decides with, the compiled one or one read from a file at run time; a call's push work,
 * counted on the device where it may matter; and the decision itself, which the mxv slot takes
 * and the trainer times. */
#include "GG_cuda_mirror.h"
#include "GG_cuda_mxv_features.h"
#include "GG_cuda_mxv_svm.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The model read from a file, and which model decides (NULL until the first decision). */
static GG_svm_model file_model;
static char file_path[512];
static const GG_svm_model *_Atomic model;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

/* The text of the file at path (at most 1 MB: a model source is a few KB), or NULL. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) return NULL;
    enum { LIMIT = 1 << 20 };
    char *text = malloc(LIMIT + 1);
    size_t len = text != NULL ? fread(text, 1, LIMIT, f) : 0;
    bool whole = text != NULL && len < LIMIT && !ferror(f);
    fclose(f);
    if (!whole) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* The model in the file at path made the one that decides; false, nothing changed, when it does
 * not read as one. */
static bool load(const char *path)
{
    char *text = read_text(path);
    GG_svm_model m = GG_svm_mxv_model;
    bool got = text != NULL && GG_svm_parse(text, &m);
    free(text);
    if (!got) {
        GG_trace("cuda mxv: %s is not a model of %d features; the compiled model decides", path,
                 GG_SVM_NFEAT);
        return false;
    }
    snprintf(file_path, sizeof file_path, "%s", path);
    m.gpu = file_path;
    m.date = "(read at run time)";
    file_model = m;
    model = &file_model;
    GG_trace("cuda mxv: the SVM model of %s decides (%s, %d cases)", path,
             m.provisional ? "provisional" : "trained", m.cases);
    return true;
}

/* The variable is a measuring knob: which model decided is said on stderr once, whatever the
 * trace, so that a comparison of two models never compares the compiled one with itself. */
static void choose_model(void)
{
    model = &GG_svm_mxv_model;
    const char *path = getenv("GRAPHBLAS_GPU_SVM_MODEL");
    if (path == NULL || path[0] == '\0') return;
    bool got = load(path);
    fprintf(stderr, "GraphBLAS_gpu: GRAPHBLAS_GPU_SVM_MODEL=%s: %s\n", path,
            got ? "this model decides the frontier mode"
                : "not a model of this feature vector; the compiled model decides");
}

const GG_svm_model *GG_cuda_svm_model(void)
{
    pthread_once(&model_once, choose_model);
    return model;
}

bool GG_cuda_svm_use_file(const char *path)
{
    pthread_once(&model_once, choose_model);
    if (path != NULL) return load(path);
    model = &GG_svm_mxv_model;
    return true;
}

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

GrB_Info GG_cuda_mxv_work_feature(GG_container *A, bool tran, GrB_Index nnz, const GG_vdata *x,
                                  uint64_t nu, bool wanted, const GG_svm_model *decide, double *t)
{
    if (!wanted || nu == 0 || x->n > GG_VFORM_BITMAP_MAX) return GrB_SUCCESS;
    GG_cuda_cview cols;
    GrB_Info info = GG_cuda_mirror_cview(A, !tran, &cols);
    if (info != GrB_SUCCESS) return info;
    if (!GG_svm_work_worth_counting(nu, x->n, nnz, cols.max_len)) return GrB_SUCCESS;
    if (decide != NULL) {
        /* the count (a pass over the frontier and a wait: 51 us and the wait on the grid at 5 %,
         * a third of cuSPARSE's whole SpMV there; ncu, H200, 2026-11-27) only where the
         * frontier's bounds leave the decision open */
        double f[GG_SVM_NFEAT];
        memcpy(f, t, sizeof f);
        info = GG_cuda_mxv_features(A, tran, nnz, GG_svm_needs_counts(decide), f);
        if (info != GrB_SUCCESS) return info;
        uint64_t lo, hi;
        GG_svm_work_bounds(nu, x->n, nnz, cols.max_len, &lo, &hi);
        if (GG_svm_work_settled(decide, f, lo, hi, nnz)) {
            t[GG_SVM_WORK] = f[GG_SVM_WORK];
            GG_trace("cuda mxv: the push's work lies in [%llu, %llu] of %llu entries, which "
                     "decide alone: not counted", (unsigned long long)lo, (unsigned long long)hi,
                     (unsigned long long)nnz);
            return GrB_SUCCESS;
        }
    }
    uint64_t work;
    info = GG_cuda_info(GG_cuda_mxv_push_work(&cols, x, nu, &work));
    if (info != GrB_SUCCESS) return info;
    t[GG_SVM_WORK] = GG_svm_work(work, nnz);
    GG_trace("cuda mxv: the push would walk %llu of %llu entries (%llu of %llu vertices)",
             (unsigned long long)work, (unsigned long long)nnz, (unsigned long long)nu,
             (unsigned long long)x->n);
    return GrB_SUCCESS;
}

/* Sparse mode (the push) or not, where both apply, by the SVM over R = op(A) (tran: A') and the
 * call's features t[GG_SVM_DENSITY ...] (a frontier of nu entries in dimension n): its score is
 * one dot product over the features cached with A (GG_cuda_mxv_features; the device pass only
 * when the model reads its counts). An empty frontier is pushed (no work at all), and so is one
 * whose dimension is past the bitmap limit, since the pull needs it dense. */
GrB_Info GG_cuda_mxv_svm_push(GG_container *A, bool tran, GrB_Index nnz, uint64_t n, uint64_t nu,
                              double *t, bool *push)
{
    *push = true;
    if (nu == 0 || n > GG_VFORM_BITMAP_MAX) return GrB_SUCCESS;
    const GG_svm_model *m = GG_cuda_svm_model();
    GrB_Info info = GG_cuda_mxv_features(A, tran, nnz, GG_svm_needs_counts(m), t);
    if (info != GrB_SUCCESS) return info;
    double score = GG_svm_score(m, t);
    *push = score < 0;
    GG_trace("cuda mxv: SVM score %.3g for %llu of %llu entries%s%s: %s mode", score,
             (unsigned long long)nu, (unsigned long long)n,
             t[GG_SVM_MASKED] != 0 ? (t[GG_SVM_MASK_COMP] != 0 ? ", complemented mask" : ", mask")
                                   : "",
             t[GG_SVM_LIST] != 0 ? ", list push" : "", *push ? "sparse" : "non-sparse");
    return GrB_SUCCESS;
}
