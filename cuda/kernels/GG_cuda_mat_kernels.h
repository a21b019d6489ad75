/* GG_cuda_mat_kernels.h: plain-C entry points of the device kernels over matrices (the CUDA slots
 * in cuda/slots and cuda/store call them): a tree's logical tuples, apply, select, eWiseAdd/Mult
 * and a scalar's fill over them, the compressed views built from them, and the masked write-back
 * of a matrix (mat_writeback.cu), all on device memory. Types and operators follow
 * GG_cuda_vec_kernels.h (built-in types by GrB_Type_Code, operators by GG_opcode, the library's
 * casts); positional operators read an entry's row as i and its column as j. Every call runs on
 * the library's stream; results are returned as GG_CUDA_VRC_* codes with the meanings of
 * GG_cuda_vec_kernels.h (on any code but OK the output holds no buffer and every temporary is
 * freed, stream-ordered). */
#ifndef GG_CUDA_MAT_KERNELS_H
#define GG_CUDA_MAT_KERNELS_H

#include "GG_cuda_hsbuild.h"
#include "GG_cuda_kernels.h"
#include "GG_cuda_vec_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Unique tuples on the device in `order` (GG_cuda_order; zero-initialised: row-major): n entries
 * (row[k], col[k]) with n values of type `code` at x (gg_size_of(code) bytes each). Coordinates
 * are 32 bits wide and n < 2^31 (the device build's limits: a matrix with a dimension beyond 2^32
 * never gets here, GG_cuda_tuples_of declines it), so an FP64 entry is 16 bytes. An empty set
 * holds no arrays. Merges and mask look-ups take row-major tuples only; a tree's own order (TREE)
 * is for the readers that do not depend on the order (apply, select, the masked dot product's
 * mask, a write-back that does not read C), and costs no sort to make. */
typedef struct {
    uint64_t n;
    uint32_t *row, *col;
    void *x;
    int code;
    GG_cuda_order order;
} GG_cuda_tuples;

/* ---- GG_cuda_csr32 (GG_cuda_kernels.h) ---- */
/* Frees R's arrays (stream-ordered) and leaves it empty. */
void GG_cuda_csr32_release(GG_cuda_csr32 *R);
/* *row = a new device array of R's n row indices (row-major tuples with R's col and x; NULL when
 * R is empty). */
int GG_cuda_csr32_rows(const GG_cuda_csr32 *R, uint32_t **row);
/* *v = R's CSR view with 64-bit offsets and indices in one new allocation *mem, its values R's own
 * (R must outlive it); never hypersparse. UNSUPPORTED for an empty R or a user type. */
int GG_cuda_csr32_cview(GG_cuda_cview *v, void **mem, const GG_cuda_csr32 *R);

/* The logical tuples of tree A (transposed flag and scale applied, iso values spread) into new
 * device arrays, in `order`. UNSUPPORTED for a user-defined type or what GG_cuda_hs_to_coo does not
 * take (a dimension beyond 2^32, 2^31 entries or more). */
int GG_cuda_tuples_of(GG_cuda_tuples *t, const GG_cuda_hs *A, GG_cuda_order order);
/* The same for a tree not built yet (GG_cuda_hkeys). */
int GG_cuda_tuples_of_keys(GG_cuda_tuples *t, const GG_cuda_hkeys *K, GG_cuda_order order);
/* Frees t's arrays (stream-ordered) and leaves it empty. */
void GG_cuda_tuples_release(GG_cuda_tuples *t);

/* The apply and select producers of matrix slots: T from A entry by entry, in A's order. kind is one of
 * GG_CUDA_T_APPLY_UNARY, _APPLY_BIND1ST, _APPLY_BIND2ND, _APPLY_INDEX (T has A's pattern, values
 * of op.zcode) or GG_CUDA_T_SELECT (T keeps A's entries where op(a, i, j, s1) is true, with A's
 * values and type). s1 (a host value of s1code) is the bound scalar or the thunk. For the apply
 * kinds A's index arrays move into T (A keeps its values only); select copies. */
typedef struct {
    GG_cuda_tkind kind;
    GG_cuda_op op;
    unsigned char s1[16];
    int s1code;
} GG_cuda_mt;
int GG_cuda_mat_apply(GG_cuda_tuples *T, GG_cuda_tuples *A, const GG_cuda_mt *t);

/* eWiseAdd (mult false: the union) or eWiseMult (the intersection) of the tuples A and B of one
 * matrix's dimensions: T (new device tuples of op->zcode, row-major) holds op(a, b), a cast to
 * op->xcode and b to op->ycode (a positional operator's value is the entry's position (i, j)),
 * where both have an entry, and for eWiseAdd an entry of one alone cast from its own type to
 * op->zcode. Every built-in binary operator GG_cuda_vec_op_supported takes; UNSUPPORTED for any
 * other, or when A->n + B->n reaches 2^31. */
int GG_cuda_mat_ewise(GG_cuda_tuples *T, const GG_cuda_tuples *A, const GG_cuda_tuples *B,
                      const GG_cuda_op *op, bool mult);

/* T (new device tuples of scode, row-major) = the scalar s (a host value of scode) at every entry
 * of P, or, P NULL, at every position of an nrows x ncols matrix (UNSUPPORTED when that reaches
 * 2^31 entries): the source of a matrix assign of a scalar over all of C. */
int GG_cuda_mat_fill(GG_cuda_tuples *T, const GG_cuda_tuples *P, uint64_t nrows, uint64_t ncols,
                     const void *s, int scode);

/* A compressed view of the tuples in one new device allocation *mem (the view's arrays point
 * into it; free it with GG_cuda_free): CSR (by_col false) of row-major tuples or CSC of
 * column-major ones (ERROR for another order: the view only counts and copies, GG_cuda_tuples_of
 * sorts), of a matrix whose major dimension is dim; hypersparse (v->vec set) when dim exceeds
 * 8 n + 64, so no view allocates by a huge dimension. The values keep the tuples' type. */
int GG_cuda_cview_of(GG_cuda_cview *v, void **mem, const GG_cuda_tuples *t, uint64_t dim,
                     bool by_col);

/* The masked write-back of a matrix (mat_writeback.cu): Z = C<M, replace> = accum(C, T) with the
 * rules of the CPU backend's write-back and writeback.cuh, built as a device tree of node dimension
 * 2^dbits (nrows x ncols, values of ccode, iso when all values are equal, as a host build makes
 * it). C holds C's current tuples of ccode (read only when the result depends on them: a mask, a
 * complemented mask or an accumulator); T holds T's, of any built-in type, cast to ccode where
 * they land in Z. M (NULL: no mask) holds the mask's tuples of mcode; a value mask's entry is true
 * when its bytes are not all zero, a structural one (mstruct) when present; mcomp complements it.
 * Outside the mask C keeps its entries unless replace. accum (NULL: none) combines C's value (as
 * accum->xcode) with T's (as ycode) where both exist. */
typedef struct {
    const GG_cuda_tuples *M;
    bool mstruct, mcomp, replace;
    const GG_cuda_op *accum;
} GG_cuda_mwb;
/* Whether the write-back reads C (a mask, a complemented mask or an accumulator): then C, T and M
 * must be row-major (it merges them); otherwise T may come in any order (the build sorts it into
 * tree order, or takes it as it is when it is in tree order already). */
static inline bool GG_cuda_mwb_reads_c(const GG_cuda_mwb *wb)
{
    return wb->M != NULL || wb->mcomp || wb->accum != NULL;
}
int GG_cuda_mat_writeback(GG_cuda_hs *Z, uint64_t nrows, uint64_t ncols, int dbits,
                          const GG_cuda_tuples *C, int ccode, const GG_cuda_tuples *T,
                          const GG_cuda_mwb *wb);

/* ---- the select whose result is T itself (mat_select.cu) -----------------------------------------
 * No mask, no accumulator, A not transposed: C's tree and views come from what A holds. Both take
 * the select kinds GG_cuda_mat_apply takes (t->kind GG_CUDA_T_SELECT) and keep exactly its
 * entries, values cast to ccode; UNSUPPORTED for anything else. */
/* *K = the entries kept from A's n entries given as tree-order keys of the format of an nrows x
 * ncols tree of node dimension 2^dbits (GG_cuda_hs_to_keys) with values of acode: the kept keys,
 * in order, are C's tree-order keys (GG_cuda_hkeys, from which the store builds C's tree with no
 * sort when it is needed), values cast to ccode; iso when all kept values are bitwise equal, as
 * GG_cuda_hs_build_coo makes it. K's key and x are new device arrays (NULL when nothing is kept),
 * the caller's. */
int GG_cuda_mat_select_keys(GG_cuda_hkeys *K, uint64_t nrows, uint64_t ncols, int dbits,
                            const uint64_t *key, const void *x, uint64_t n, int acode,
                            const GG_cuda_mt *t, int ccode);
/* *out = the CSR (by_col false) or CSC view of C from A's view v of the same kind: its entries kept,
 * in order, in one new allocation *mem laid out as GG_cuda_cview_of lays it. UNSUPPORTED when v is
 * hypersparse or C's own would be (more than 8 vectors an entry, GG_cuda_cview_of's rule): such a
 * view is left to be built from C's tree. */
int GG_cuda_cview_select(GG_cuda_cview *out, void **mem, const GG_cuda_cview *v, bool by_col,
                         const GG_cuda_mt *t, int ccode);

/* ---- reductions over a compressed view (mat_reduce.cu) ----------------------------------------
 * The monoid operator by its GG_opcode on values of type_code, all of one domain (BOOL, INT32,
 * UINT32, INT64, UINT64, FP32, FP64): the slots ask GG_cuda_reduce_supported first. */
bool GG_cuda_reduce_supported(int opcode, int type_code);
/* The reduction of x[0, n) (n >= 1) into *result_host (a counted copy; waits for the stream). */
int GG_cuda_reduce_all(int opcode, int type_code, const void *x_dev, uint64_t n, void *result_host);
/* T(i) = the reduction of vector i of v, for every nonempty vector: a new device vector of
 * dimension n (BITMAP, nvals in its count; empty SPARSE when n is 0), so a matrix reduced to a
 * vector stays on the device. */
int GG_cuda_reduce_rows(GG_cuda_vec *T, int opcode, int type_code, const GG_cuda_cview *v, uint64_t n);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_MAT_KERNELS_H */
