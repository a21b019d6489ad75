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

/* The runs a training case comes from (tools/svm/gg_svm_train): run 0 is the density sweep;
 * runs 1, 2, ... are algorithm runs, each of one kind, whose frontier products were timed. */
enum { GG_SVM_SWEEP = 0, GG_SVM_BFS, GG_SVM_SSSP, GG_SVM_BC, GG_SVM_KINDS };

/* The kind's name in a cases file ("bfs", "sssp", "bc"; "sweep" for 0), or NULL. */
const char *gg_svm_kind_name(int kind);

/* A case as the trainer measures it and a cases file keeps it. */
typedef struct {
    double x[GG_SVM_NFEAT]; /* the features (GG_cuda_svm.h) */
    double t_push, t_pull;  /* seconds, median per call of each mode forced */
    double weight;          /* its share of its matrix (the sweep's cases weigh 1 each) */
    int group;              /* the matrix it came from, 0, 1, ... */
    int run;                /* 0: a sweep case; k > 0: a product of run k */
} gg_svm_case;

/* The lines of a cases file, the comma-separated values (CSV) that gg_svm_train --csv writes and
 * --cases reads:
 *   "# gpu: TEXT"             the device that measured them;
 *   "# KIND K: NAME"          run K (1, 2, ...) is a run of KIND (bfs, sssp, bc) on matrix NAME;
 *                             files of the first training runs have no such lines, and their
 *                             runs are all BFS;
 *   "group,run,weight,t_push,t_pull,f0,...,f23"   the header, which says how many features
 *                             the case lines after it have (the first files say "bfs" for
 *                             "run": the same column);
 *   group,run,weight,t_push,t_pull,f0,...,f23   one case (f22: the flat pull, GG_SVM_FLAT; f23:
 *                             the push's work fraction, GG_SVM_WORK). The files written before
 *                             the flat pull (all committed ones, measured with the group pull
 *                             only) have no f22: their f22 is the work fraction, and the flat
 *                             pull reads as 0; those written before the work fraction too
 *                             (tools/svm/cases/h100-2026-11-26.csv and h200-2026-11-27.csv) end
 *                             at f21, and read with both 0. Constant, so a refit from them gives
 *                             those features weight 0 and the other weights as before.
 * Writes the header and one case line (always every feature); parses the header (the number of
 * feature columns: GG_SVM_NFEAT, GG_SVM_NFEAT - 1 before the flat pull, GG_SVM_NFEAT - 2 before
 * the work fraction; 0 when it is not one) and one case line of a file with nfeat feature columns
 * (false when it is not a whole case line with a group >= 0 and a run >= 0). Values keep 9
 * significant digits: a refit from the file reproduces a model to about 8. */
void gg_svm_write_header(FILE *f);
void gg_svm_write_case(FILE *f, const gg_svm_case *c);
int gg_svm_parse_header(const char *line);
bool gg_svm_parse_case(const char *line, int nfeat, gg_svm_case *c);
/* Writes the line "# KIND K: NAME"; parses one: false for any other line, *name then points into
 * line. */
void gg_svm_write_run(FILE *f, int kind, int run, const char *name);
bool gg_svm_parse_run(const char *line, int *kind, int *run, const char **name);

/* Writes m as the C source of GG_svm_mxv_model (cuda/svm_model.c), exact (hexadecimal floats).
 * recipe: comment lines saying how it was made (may be NULL). Returns false on a write error. */
bool gg_svm_write(FILE *f, const GG_svm_model *m, const char *recipe);

#endif /* GG_SVM_H */
