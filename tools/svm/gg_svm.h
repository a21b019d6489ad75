/* gg_svm.h: the trainer's math for the SVM that picks the frontier product's mode
 * (cuda/GG_cuda_svm.h): a linear SVM trained by dual coordinate descent on standardised features,
 * cross-validation grouped by matrix, the paper's Table VII measures (fraction of correct
 * decisions, time lost against the per-case oracle), and the model's source file (written here,
 * read back by GG_svm_parse, cuda/svm_parse.c). Plain C without GraphBLAS, so the CPU unit test
 * (test/svm) checks all of it. */
#ifndef GG_SVM_H
#define GG_SVM_H

#include "GG_cuda_svm.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Training cases: x[i * GG_SVM_NFEAT ...] the features (GG_cuda_svm.h), y[i] +1 when the
 * non-sparse mode (pull) was faster, -1 when the sparse mode (push) was; group[i] the matrix it
 * came from (folds never split a matrix); weight[i] > 0 its weight in the hinge loss and in the
 * accuracies (NULL: 1 each), so that a BFS of thousands of alike levels counts as much as another
 * matrix's density sweep. */
typedef struct {
    const double *x;
    const int *y;
    const int *group;
    size_t n;
    const double *weight;
} gg_svm_set;

/* Trains on every case of s over the features that use[] marks (NULL: all); the others get weight
 * 0. C is the hinge loss's weight against the regulariser. m's w and b are set (on the
 * unstandardised features); its other fields are left as they are. */
void gg_svm_train(const gg_svm_set *s, const bool *use, double C, GG_svm_model *m);

/* k-fold cross-validation, the folds made of whole groups: each case predicted by the model
 * trained without its fold, into pred[i] (+1/-1; may be NULL). Returns the fraction correct, by
 * weight. */
double gg_svm_cross_validate(const gg_svm_set *s, const bool *use, double C, int folds, int *pred);

/* The sign the model gives case i of s. */
int gg_svm_predict(const GG_svm_model *m, const double *x);

/* Decisions against the per-case oracle (the paper's Table VII): pred[i] (+1 pull, -1 push)
 * against the measured times; *frac = the fraction where pred chose the faster mode, *loss =
 * total time of the chosen modes / total of the faster ones - 1. */
void gg_svm_score_decisions(const int *pred, const double *t_push, const double *t_pull, size_t n,
                            double *frac, double *loss);

/* Writes m as the C source of GG_svm_mxv_model (cuda/svm_model.c), exact (hexadecimal floats).
 * recipe: comment lines saying how it was made (may be NULL). Returns false on a write error. */
bool gg_svm_write(FILE *f, const GG_svm_model *m, const char *recipe);

#endif /* GG_SVM_H */
