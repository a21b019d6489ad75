/* GG_cuda_svm.h: the linear SVM that picks the mode of a frontier product (Hy-SpMSpV, §IV of
 * papers/hy-spmspv-hong.txt): sparse mode (the push on the columns of op(A)) or non-sparse mode
 * (the pull on its rows over a densified input). Plain C with no GraphBLAS or CUDA types, so the
 * CUDA mxv slot, the trainer (tools/svm) and the CPU unit test (test/svm) share one definition of
 * the features and of the decision.
 *
 * Features of R = op(A), an M x N matrix (y = R x): nnz, M, N, the standard deviation of R's
 * column lengths, and the 13 clustering factors for column panels of 2^7 = 128 ... 2^19 = 512K
 * columns: nnz / (the number of non-empty row segments), a row segment being one row of R
 * restricted to one panel (the paper's definition). Per call: the input density nvals(x) / N;
 * the mask's kind, as 0/1 indicators (a mask at all, a structural one, a complemented one); and
 * whether a push would write its result as an unordered list, with no O(M) initialisation (an
 * ANY or idempotent monoid over constant terms: BFS's pushes); and the push's work fraction: the
 * frontier's edges (the lengths of the push view's columns at its entries) over nnz, counted on
 * the device only where the push may be long (GG_svm_work_worth_counting), else estimated from the
 * density (GG_svm_call_features); and whether the non-sparse mode would run the flat pull rather
 * than the group pull (cuda/slots/mxv.c: PLUS_TIMES on FP32/FP64 without a mask, over a view
 * with at least as many entries as rows), 1.6-2.3x faster, so that one model can weigh the push
 * against either pull. The last six are not in the paper: a model trained on unmasked products
 * alone picked the pull for BFS's masked list pushes and halved RMAT-22 BFS, and the density
 * alone cannot tell RMAT-23's level of 3 % of the vertices holding most edges (pull 2.4 ms
 * faster) from a level of 3 % of average degree (Doc/decisions.md). The counted
 * features, the density and the work fraction enter the
 * model as log2 of themselves (log2(1 + v) for the matrix features, which may be 0), so a linear
 * score is a power law in the raw quantities: the n/32 rule, for one, is log2(density) + 5 >= 0;
 * the indicators enter as they are. The score is b + w . t; at or above 0 the non-sparse mode
 * runs. The trainer standardises the features and folds the scaling back into w and b, so the
 * run-time decision is one dot product over features cached with the matrix. */
#ifndef GG_CUDA_SVM_H
#define GG_CUDA_SVM_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* Panel widths 2^GG_SVM_PANEL_LO ... 2^GG_SVM_PANEL_HI columns. */
#define GG_SVM_PANEL_LO 7
#define GG_SVM_PANEL_HI 19
#define GG_SVM_NPANEL (GG_SVM_PANEL_HI - GG_SVM_PANEL_LO + 1)

/* The feature vector: the matrix part (cached per matrix and orientation), then the call's. */
enum {
    GG_SVM_NNZ = 0,
    GG_SVM_ROWS,
    GG_SVM_COLS,
    GG_SVM_COLSTD,
    GG_SVM_CF0, /* clustering factor for 128-column panels; CF0 + k for 2^(7+k) */
    GG_SVM_DENSITY = GG_SVM_CF0 + GG_SVM_NPANEL,
    GG_SVM_MASKED,      /* 1: the call has a mask */
    GG_SVM_MASK_STRUCT, /* 1: a structural mask */
    GG_SVM_MASK_COMP,   /* 1: a complemented mask */
    GG_SVM_LIST,        /* 1: a push would write an unordered list */
    GG_SVM_FLAT,        /* 1: the non-sparse mode would run the flat pull */
    GG_SVM_WORK,        /* log2 of the push's work fraction (GG_svm_work); the last feature */
    GG_SVM_NFEAT
};

typedef struct {
    /* weights on the log2 features (GG_svm_matrix_features, GG_svm_call_features) */
    double w[GG_SVM_NFEAT];
    double b;
    const char *gpu;  /* where it was trained */
    const char *date; /* UTC */
    int cases;        /* training cases (matrix, density) */
    double cv_accuracy; /* 5-fold cross-validated fraction of correct decisions */
    bool provisional; /* not trained: a hand-set rule */
} GG_svm_model;

/* The model the library uses (cuda/svm_model.c, written by tools/svm/gg_svm_train). */
#ifdef __cplusplus
extern "C" const GG_svm_model GG_svm_mxv_model;
#else
extern const GG_svm_model GG_svm_mxv_model;
#endif

/* What the device counts in one pass over R's two views (cuda/kernels/mxv_features.cu): the sum
 * of the squared column lengths, the number of non-empty rows, and hist[k] (k < GG_SVM_NPANEL):
 * the entries that share their row with the entry before them (indices ascending in each row)
 * and whose column differs from that one's first in bit 7 + k (k = GG_SVM_NPANEL - 1: in bit 19
 * or above). Such an entry opens a new row segment for every panel width up to 2^(7 + k). */
typedef struct {
    uint64_t sumsq;
    uint64_t rows_nonempty;
    uint64_t hist[GG_SVM_NPANEL];
} GG_svm_counts;

/* t[0 .. GG_SVM_DENSITY - 1]: R's log2 matrix features from its dimensions, nnz and the counts. */
static inline void GG_svm_matrix_features(double *t, uint64_t nrows, uint64_t ncols, uint64_t nnz,
                                          const GG_svm_counts *c)
{
    double mean = ncols > 0 ? (double)nnz / (double)ncols : 0;
    double var = ncols > 0 ? (double)c->sumsq / (double)ncols - mean * mean : 0;
    t[GG_SVM_NNZ] = log2(1.0 + (double)nnz);
    t[GG_SVM_ROWS] = log2(1.0 + (double)nrows);
    t[GG_SVM_COLS] = log2(1.0 + (double)ncols);
    t[GG_SVM_COLSTD] = log2(1.0 + sqrt(var > 0 ? var : 0));
    /* segments for panel 2^(7+k): one per non-empty row, plus every entry that changes panel */
    uint64_t above = 0;
    for (int k = GG_SVM_NPANEL - 1; k >= 0; k--) {
        above += c->hist[k];
        uint64_t seg = c->rows_nonempty + above;
        t[GG_SVM_CF0 + k] = log2(1.0 + (seg > 0 ? (double)nnz / (double)seg : 0));
    }
}

/* The density feature of an input with nvals >= 1 entries of dimension n. */
static inline double GG_svm_density(uint64_t nvals, uint64_t n)
{
    return log2((double)nvals / (double)n);
}

/* The work fraction feature of a push whose frontier's columns hold `work` of R's nnz entries:
 * log2((work + 1) / (nnz + 1)), 0 when the frontier's columns are all of R. */
static inline double GG_svm_work(uint64_t work, uint64_t nnz)
{
    return log2(((double)work + 1) / ((double)nnz + 1));
}

/* t[GG_SVM_DENSITY ...]: a call's own features, for an input of nvals entries (an empty one
 * counts as one: it is pushed whatever the score) in dimension n; flat: its non-sparse mode
 * would be the flat pull. The work fraction is left at its estimate without a count: the
 * density's, the fraction of R's edges that nvals columns of average length hold; the slot
 * replaces it with the count where it makes one. */
static inline void GG_svm_call_features(double *t, uint64_t nvals, uint64_t n, bool masked,
                                        bool mstruct, bool mcomp, bool list, bool flat)
{
    t[GG_SVM_DENSITY] = GG_svm_density(nvals > 0 ? nvals : 1, n);
    t[GG_SVM_MASKED] = masked;
    t[GG_SVM_MASK_STRUCT] = masked && mstruct;
    t[GG_SVM_MASK_COMP] = masked && mcomp;
    t[GG_SVM_LIST] = list;
    t[GG_SVM_FLAT] = flat;
    t[GG_SVM_WORK] = t[GG_SVM_DENSITY];
}

/* Whether the push's work is worth counting for a frontier of nvals entries in dimension n over
 * R of nnz entries whose longest column has max_len entries (0: not known). The count is a device
 * reduction and a wait, about the 13.5 us floor of one kernel and an 8-byte read (DESIGN.md §8;
 * Doc/decisions.md), so it is made only where the push may be long enough for the pull to win:
 * where nvals columns of the longest length could hold 1/256 of R's edges (GAP's direction switch
 * pulls at 1/14 of the unexplored edges, so 1/256 leaves room for late levels). That keeps a
 * grid's or a band's thousands of small levels (4 to 64 edges a vertex: grid 1000^2's widest
 * level bounds 0.1 %) free of the wait, and since it bounds the work, not the vertex count, a
 * frontier of a few hubs (RMAT's second level) is still counted. No upper bound on the density:
 * of the H200 cases above 20 % (tools/svm/cases/h200-2026-11-27.csv), 90 of 295 were push wins
 * (17.8 ms at stake), and a dense call is long beside the wait. A view whose longest column is
 * not known counts from a density of 1/256. */
#define GG_SVM_WORK_FRACTION_MIN (1.0 / 256)
static inline bool GG_svm_work_worth_counting(uint64_t nvals, uint64_t n, uint64_t nnz, uint64_t max_len)
{
    if (nvals == 0 || n == 0 || nnz == 0) return false;
    double bound = max_len > 0 ? (double)nvals * (double)max_len / (double)nnz
                               : (double)nvals / (double)n;
    return bound >= GG_SVM_WORK_FRACTION_MIN;
}

/* Whether the model reads the work fraction (else it is never counted for a decision). */
static inline bool GG_svm_reads_work(const GG_svm_model *m)
{
    return m->w[GG_SVM_WORK] != 0;
}

static inline double GG_svm_score(const GG_svm_model *m, const double *t)
{
    double s = m->b;
    for (int k = 0; k < GG_SVM_NFEAT; k++) s += m->w[k] * t[k];
    return s;
}

/* Bounds [*lo, *hi] on the push's work (the frontier's edges) for a frontier of nvals of R's n
 * columns, R holding nnz entries and its longest column max_len (0: not known, then [0, nnz]):
 * the frontier's columns hold at most nvals max_len entries, and at least the entries the other
 * n - nvals columns cannot hold. On a grid or a band, whose columns are all near max_len, the
 * two meet: on the 3000^2 grid at 5 %, [1,788,000, 1,800,000] for 1,799,406. */
static inline void GG_svm_work_bounds(uint64_t nvals, uint64_t n, uint64_t nnz, uint64_t max_len,
                                      uint64_t *lo, uint64_t *hi)
{
    *lo = 0;
    *hi = nnz;
    if (max_len == 0 || nvals > n) return;
    if (nvals <= nnz / max_len) *hi = nvals * max_len;
    if (n - nvals <= nnz / max_len) *lo = nnz - (n - nvals) * max_len;
}

/* Whether the model's decision is the same wherever the work lies in [lo, hi] of R's nnz: the
 * score is linear in the work feature, so its two ends decide. Then a count cannot change the
 * decision and is not made; t[GG_SVM_WORK] (the density's estimate, GG_svm_call_features) is
 * moved into the bounds' features, a value the count could have given, so that the score made
 * from t decides as the bounds did. t holds the matrix features too. */
static inline bool GG_svm_work_settled(const GG_svm_model *m, double *t, uint64_t lo, uint64_t hi,
                                       uint64_t nnz)
{
    double w = m->w[GG_SVM_WORK], flo = GG_svm_work(lo, nnz), fhi = GG_svm_work(hi, nnz);
    double rest = GG_svm_score(m, t) - w * t[GG_SVM_WORK];
    if ((rest + w * flo >= 0) != (rest + w * fhi >= 0)) return false;
    t[GG_SVM_WORK] = t[GG_SVM_WORK] < flo ? flo : t[GG_SVM_WORK] > fhi ? fhi : t[GG_SVM_WORK];
    return true;
}

/* Whether the model reads any feature the device has to count (so that the views' pass is
 * needed); the provisional model reads the density only. */
static inline bool GG_svm_needs_counts(const GG_svm_model *m)
{
    for (int k = GG_SVM_COLSTD; k < GG_SVM_DENSITY; k++)
        if (m->w[k] != 0) return true;
    return false;
}

/* Reads w, b, cases, cv_accuracy and provisional from the text of a model source as
 * tools/svm/gg_svm_train writes it (cuda/svm_model.c), into *m (its strings are left as they
 * are); false, *m unchanged, when a field is missing or malformed, a model with another number of
 * features included (cuda/svm_parse.c). */
#ifdef __cplusplus
extern "C" bool GG_svm_parse(const char *text, GG_svm_model *m);
#else
bool GG_svm_parse(const char *text, GG_svm_model *m);
#endif

#endif /* GG_CUDA_SVM_H */
