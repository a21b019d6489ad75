/* GG_hisparse.h: the HiSparse storage engine (papers: Derler 2016, ICS'17; DESIGN.md section 4):
 * a matrix as a tree of d x d nodes living in one 16-byte-aligned pool, with a transposed flag and
 * a scale factor in the matrix state. This header is the engine's whole interface: build from
 * tuples or a compressed view, convert to sorted COO / CSR / CSC, element lookup, the invariant
 * checker, CPU traversals (SpMV, SpMV^T, element-wise add/multiply of two trees) and the storage
 * report. Everything else in src/hisparse is private (hs_internal.h).
 *
 * The layout of the nodes and the cost model that picks them are defined once, for C and CUDA
 * alike, in hs_layout.h. */
#ifndef GG_HISPARSE_H
#define GG_HISPARSE_H

#include "GG_internal.h"
#include "hs_layout.h"

#include <stdatomic.h>
#include <stdio.h>

/* Node dimension d (hs_layout.h: GG_HS_DIM_MIN..GG_HS_DIM_MAX). The build-time default can be
 * overridden with -DGG_HS_DIM_DEFAULT=...; the runtime setting (GG_hs_set_node_dim) applies to trees
 * built afterwards; every tree records its own d. */
#ifndef GG_HS_DIM_DEFAULT
#define GG_HS_DIM_DEFAULT 128
#endif

/* GG_hs_pool and GG_hs_matrix (the matrix state) live in GG_internal.h: the container holds a
 * GG_hs_matrix as its canonical content. */

/* ---- settings ------------------------------------------------------------------------------- */

int GG_hs_node_dim(void);
/* GrB_INVALID_VALUE unless d is a power of two in [GG_HS_DIM_MIN, GG_HS_DIM_MAX]. */
GrB_Info GG_hs_set_node_dim(int d);
/* Splits every parallel phase of later builds into exactly `parts` parts (at most 256; 0: by the
 * size of the input and the OpenMP thread count, the default). The tree does not depend on it:
 * tests set it to run the parallel paths on small inputs. */
void GG_hs_set_build_parts(int parts);

/* ---- state ---------------------------------------------------------------------------------- */

/* An empty matrix (no allocation). Dimensions up to GrB_INDEX_MAX + 1. */
void GG_hs_init(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols);
/* Drops A's reference to its pool and leaves A empty (same type and dimensions). */
void GG_hs_free(GG_hs_matrix *A);
/* dst (not initialised, or freed) becomes a second reference to src's content: O(1). */
void GG_hs_share(GG_hs_matrix *dst, const GG_hs_matrix *src);
/* Flips the transposed flag: O(1). */
void GG_hs_transpose(GG_hs_matrix *A);
/* GrB_DOMAIN_MISMATCH unless the type is FP32 or FP64 (or scale is 1). */
GrB_Info GG_hs_set_scale(GG_hs_matrix *A, double scale);
GrB_Index GG_hs_nrows(const GG_hs_matrix *A); /* logical, after the transposed flag */
GrB_Index GG_hs_ncols(const GG_hs_matrix *A);
/* The value of every entry of an iso matrix, before scaling (NULL when not iso). */
const void *GG_hs_iso_value(const GG_hs_matrix *A);

/* ---- build -----------------------------------------------------------------------------------
 * Two phases: tuples are ordered into tree order (already-ordered input is detected and not
 * sorted), a skeleton pass totals the bytes of the cheapest node kinds, one pool is allocated, and
 * the nodes are filled bottom-up. */

typedef struct {
    const GrB_Index *row;
    const GrB_Index *col; /* NULL: every column index is 0 (a vector) */
    const void *x;        /* n values of xtype, or one value shared by all when x_iso */
    GrB_Type xtype;
    bool x_iso;
    GrB_Index n;
} GG_hs_tuples;

enum {
    GG_HS_LAST_WINS = 1, /* without dup, the last duplicate in input order wins (COO import) */
    GG_HS_NO_ISO = 2     /* store values even when they are all equal */
};

/* Builds A (logical = content, not transposed) of `type`. Duplicates are combined with dup as
 * GrB_Matrix_build does: every value is cast to dup's type, folded in input order, cast to
 * `type`; without dup they are an error (GrB_INVALID_VALUE) unless GG_HS_LAST_WINS, or the values
 * are one shared value (x_iso). An index out of range is GrB_INDEX_OUT_OF_BOUNDS. Without
 * GG_HS_NO_ISO, values that are all bitwise equal make an iso tree. On any error *A is untouched
 * and nothing leaks; on success *A is overwritten (the caller frees what it held before). */
GrB_Info GG_hs_build(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                     const GG_hs_tuples *t, GrB_BinaryOp dup, unsigned flags);
/* Builds A from a compressed view (CSR when !by_col, else CSC; possibly hypersparse) whose values
 * are of `type`. */
GrB_Info GG_hs_build_cview(GG_hs_matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                           const GG_cview *v, bool by_col, unsigned flags);

/* ---- select -----------------------------------------------------------------------------------
 * The entries of logical A that a positional test keeps (f NULL: all of them), as GG_hs_to_cview
 * gives them (convert.c): a CSR view with values of ztype (A's type, or a built-in type when A's
 * is built-in: cast as they are placed), scaled, and, unless rows is NULL, the row of each entry
 * in *rows, every array owned by the caller. The test is in closed form: v = j - i (as int64), j or i is kept when lo <= v <= hi, or,
 * when outside, when it is not (GraphBLAS's eight positional tests: TRIL is v = j - i <= k, OFFDIAG
 * v outside [k, k], COLGT v = j outside [INT64_MIN, k]). A leaf is kept or skipped whole when the
 * range of v over its block decides it; only the entries of leaves the test cuts are tested. */
typedef enum { GG_HS_NONE, GG_HS_SOME, GG_HS_ALL } GG_hs_cover;
typedef enum { GG_HS_POS_DIAG, GG_HS_POS_COL, GG_HS_POS_ROW } GG_hs_pos;
typedef struct {
    GG_hs_pos pos;
    int64_t lo, hi;
    bool outside;
} GG_hs_filter;
/* GrB_OUT_OF_MEMORY leaves *csr and *rows untouched. */
GrB_Info GG_hs_select(const GG_hs_matrix *A, GrB_Type ztype, const GG_hs_filter *f, GG_cview *csr,
                      GrB_Index **rows);

/* ---- convert (each honours the transposed flag and the scale) ---------------------------------- */

/* Sorted row-major unique tuples of the logical matrix, arrays from GG_malloc (GG_coo_free). */
GrB_Info GG_hs_to_coo(const GG_hs_matrix *A, GG_coo *out);
/* CSR (by_col false) or CSC of the logical matrix. Hypersparse (vec != NULL) when at most one
 * vector in 8 holds an entry, as the container views are. Every array is owned by *out. */
GrB_Info GG_hs_to_cview(const GG_hs_matrix *A, bool by_col, GG_cview *out);
void GG_hs_cview_free(GG_cview *v);
/* Logical A(i, j) cast to xtype into *x, or GrB_NO_VALUE. Indices must be in range. */
GrB_Info GG_hs_get(const GG_hs_matrix *A, GrB_Index i, GrB_Index j, void *x, GrB_Type xtype);
/* Whether logical A(i, j) is present. Indices must be in range. */
bool GG_hs_has(const GG_hs_matrix *A, GrB_Index i, GrB_Index j);
/* Where the value of logical A(i, j) is stored, for an update in place; NULL when the entry is
 * absent, or when an update cannot be made there: the pool is shared (dup, transpose), the tree
 * is iso or scaled. The only exception to "pools are read-only once built": an unshared pool has
 * no other reader. */
void *GG_hs_value_ptr(GG_hs_matrix *A, GrB_Index i, GrB_Index j);

/* ---- invariant checker ------------------------------------------------------------------------
 * GrB_SUCCESS, or GrB_INVALID_OBJECT with the first violated invariant described in msg (when
 * msg != NULL): every offset in the pool and 16-byte aligned, nodes disjoint, tags valid for their
 * level, counts consistent with the node kind, coordinates within the node and the matrix and
 * strictly increasing in tree order, no empty node, padding zero, entry total equal to nvals. The
 * walk validates each read before making it, so a corrupted pool is reported, not followed. */
GrB_Info GG_hs_check(const GG_hs_matrix *A, char *msg, size_t msglen);

/* ---- CPU traversals ----------------------------------------------------------------------------- */

/* y = op(A) (+.*) x over a semiring, x and y dense: op(A) is A, or A' when `tran`. With vec_first
 * the multiply takes the vector element first (vxm: y = x' A is this with tran = true). x holds
 * ncols(op(A)) values of the multiply's vector-side type; y receives nrows(op(A)) values of the
 * monoid's type: the fold of the row's terms from its first (the identity is never folded in) or
 * the identity where op(A) has an empty row; ypresent (may be NULL) tells which rows hold at least
 * one entry. A's values are cast to the multiply's matrix-side type. PLUS_TIMES on FP32 or FP64
 * takes a specialised path; with PLUS_TIMES_FP64 on an FP64 A, x may be NULL for an x of all ones
 * (no n-array of ones to write and read: an out-degree count). */
GrB_Info GG_hs_mxv(void *y, bool *ypresent, const GG_hs_matrix *A, bool tran, GrB_Semiring sr,
                   const void *x, bool vec_first);

/* y += op(A) x over PLUS_TIMES for an FP32 or FP64 A, x and y of A's type: each row's terms summed
 * in tree order onto y's value. Runs over bands of y like GG_hs_mxv; x NULL as there. With
 * `start` (one value of A's type) y's values are not read: each starts at *start, written band by
 * band by the thread that then adds onto it, so that a vector of one value for all (iso) expands
 * where it is used, not in a pass of its own over y. */
void GG_hs_mxv_add(void *y, const void *start, const GG_hs_matrix *A, bool tran, const void *x);

/* C = A (+) B (union, eWiseAdd) or A (*) B (intersection, eWiseMult) with op, through the papers'
 * dual top-down traversal: subtrees present in only one input are copied (add) or skipped (mult)
 * without visiting the other. Either input may be transposed; their logical dimensions must agree
 * (GrB_DIMENSION_MISMATCH). C is of op's output type; entries present in one input only are cast
 * to it. Same contract as GG_hs_build for C. */
GrB_Info GG_hs_ewise(GG_hs_matrix *C, const GG_hs_matrix *A, const GG_hs_matrix *B,
                     GrB_BinaryOp op, bool mult);

/* ---- storage report (the shape of the thesis' Figure 7.1 table) ------------------------------- */

typedef struct {
    GrB_Index nrows, ncols, nvals; /* logical */
    size_t value_bytes;            /* bytes of one stored value: 0 when iso */
    int dim, height;
    bool iso;
    uint64_t bytes;                              /* the pool */
    uint64_t csr32, csr64, coo32, coo64;         /* the same values in the classic formats */
    double row_mean, row_stddev;                 /* entries per row of the logical matrix */
    GrB_Index row_max;
    uint64_t nodes[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS];   /* by level and tag */
    uint64_t entries[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS]; /* children or entries in those nodes */
    uint64_t node_bytes[GG_HS_NTAGS];
} GG_hs_report;

GrB_Info GG_hs_stats(const GG_hs_matrix *A, GG_hs_report *s);
/* One block per matrix: the format comparison, then nodes per level and kind. */
void GG_hs_stats_print(FILE *f, const char *name, const GG_hs_report *s);

#endif /* GG_HISPARSE_H */
