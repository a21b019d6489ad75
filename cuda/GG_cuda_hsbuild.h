/* GG_cuda_hsbuild.h: C API of the HiSparse engine on the device (cuda/kernels/hs_build.cu, hs_ewise.cu):
 * the two-phase build of a tree from tuples or a compressed view already on the device, giving a
 * pool byte-identical to GG_hs_build's on the host for the same input and node dimension, and the
 * element-wise union / intersection of two device trees. Plain C over GG_cuda_kernels.h types, so
 * the C slots (cuda/slots) and the tests call it without CUDA headers.
 *
 * Every function runs on the library's stream and returns one of the GG_CUDA_HS_* codes; on any
 * code but GG_CUDA_HS_OK the output is untouched and every temporary is freed. A built tree owns
 * its pool: free it with GG_cuda_free((void *) tree.pool). */
#ifndef GG_CUDA_HSBUILD_H
#define GG_CUDA_HSBUILD_H

#include "GG_cuda_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GG_CUDA_HS_OK = 0,
    GG_CUDA_HS_OOM,         /* device memory or the pool limit */
    GG_CUDA_HS_UNSUPPORTED, /* coordinates wider than 32 bits, more than 2^31 - 1 tuples, ... */
    GG_CUDA_HS_DUPLICATE,   /* the device build takes duplicate-free tuples only */
    GG_CUDA_HS_BOUNDS,      /* an index out of range */
    GG_CUDA_HS_CUDA_ERROR   /* any other CUDA failure */
} GG_cuda_hs_code;

/* Builds *out (not transposed, scale 1) from n tuples (row[k], col[k], x[k]) in any order, all on
 * the device, coordinates of 32 bits (the device tuples' format, GG_cuda_tuples; dimensions beyond
 * 2^32 are UNSUPPORTED); tuples already in the output's tree order (e.g. a subset of an
 * untransposed tree of the same shape and node dimension, GG_CUDA_ORDER_TREE) are taken without
 * sorting; x holds n values of value_size bytes (1, 2, 4, 8 or 16), type_code is recorded.
 * Without allow_iso values are always stored (GG_HS_NO_ISO); with it, values that are all bitwise
 * equal make an iso tree, as on the host. dbits: the node dimension d = 2^dbits, 1..8. */
GG_cuda_hs_code GG_cuda_hs_build_coo(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits,
                                     const uint32_t *row, const uint32_t *col, const void *x,
                                     uint64_t n, int type_code, int value_size, bool allow_iso);

/* The same from a compressed view on the device: CSR when !by_col, else CSC (hypersparse when
 * v->vec is set). */
GG_cuda_hs_code GG_cuda_hs_build_cview(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits,
                                       const GG_cuda_cview *v, bool by_col, bool allow_iso);

/* Value kinds of the device eWise: the operator's x, y and z type and both inputs' types. */
typedef enum {
    GG_CUDA_EW_BOOL,
    GG_CUDA_EW_INT8,
    GG_CUDA_EW_UINT8,
    GG_CUDA_EW_INT16,
    GG_CUDA_EW_UINT16,
    GG_CUDA_EW_INT32,
    GG_CUDA_EW_UINT32,
    GG_CUDA_EW_INT64,
    GG_CUDA_EW_UINT64,
    GG_CUDA_EW_FP32,
    GG_CUDA_EW_FP64
} GG_cuda_ew_kind;

/* C = op(A) (+) op(B) over the union (mult false) or the intersection (mult true) of the logical
 * patterns (each input honours its transposed flag and scale), built as a device tree of node
 * dimension 2^dbits with values of `kind` (type_code recorded in C) and never iso. Both inputs hold
 * values of `kind`; their logical dimensions agree. Where both have an entry C = op(a, b), else C
 * takes the one entry. op: a GG_opcode whose result has its operands' type (FIRST, SECOND, ONEB,
 * MIN, MAX, PLUS, MINUS, TIMES, DIV, the logical and bitwise ones), by the vector kernels' rules
 * (gg_binop). Both inputs have entries. */
GG_cuda_hs_code GG_cuda_hs_ewise(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B, int op,
                                 GG_cuda_ew_kind kind, int type_code, int dbits, bool mult);

/* The same restricted to the pattern of M (any type, values not read; M's logical dimensions are
 * the inputs'), driven by M's entries, each looked up in A and B: neither input is decoded or
 * merged (hs_ewise.cu). Either input or M may be empty. */
GG_cuda_hs_code GG_cuda_hs_ewise_masked(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B,
                                        const GG_cuda_hs *M, int op, GG_cuda_ew_kind kind,
                                        int type_code, int dbits, bool mult);

/* Z = C accum T (op a GG_opcode as for GG_cuda_hs_ewise, C's values first) when T's logical
 * pattern lies within C's: C's pool copied and T's entries applied in place, so Z has C's pattern
 * and node layout. Only for C stored untransposed, not iso, unscaled, at node dimension 2^dbits,
 * both with entries; otherwise, or when an entry of T is not in C, *done is false and nothing is
 * made (GG_CUDA_HS_OK). */
GG_cuda_hs_code GG_cuda_hs_accum_in_place(GG_cuda_hs *Z, const GG_cuda_hs *C, const GG_cuda_hs *T,
                                          int op, GG_cuda_ew_kind kind, int type_code, int dbits,
                                          bool *done);

/* Z: M's logical pattern with the one value `value` (value_size bytes, 1..16, type_code recorded)
 * as an iso tree of node dimension 2^dbits (not iso when M is empty, as a build makes it). */
GG_cuda_hs_code GG_cuda_hs_pattern(GG_cuda_hs *Z, const GG_cuda_hs *M, int dbits, int type_code,
                                   const void *value, int value_size);

/* The logical tuples of A (transposed flag and scale applied) in `order` (GG_cuda_order: ROW and
 * COL take one stable sort by a single coordinate, TREE none), into device arrays of A->nvals:
 * rows, columns, values of the stored type (at most 8 bytes; type_code gives the width of an iso
 * tree's value, numbered as GrB_Type_Code). Coordinates must fit 32 bits (UNSUPPORTED otherwise). */
GG_cuda_hs_code GG_cuda_hs_to_coo(const GG_cuda_hs *A, GG_cuda_order order, uint32_t *row,
                                  uint32_t *col, void *x);

/* The entries of untransposed A in its own tree order, as keys of its own format (hs_key over its
 * nrows, ncols and dbits: the keys hsd_build_sorted takes for a tree of that shape) into key and
 * values as GG_cuda_hs_to_coo writes them into x; no sort. UNSUPPORTED for a transposed A. */
GG_cuda_hs_code GG_cuda_hs_to_keys(const GG_cuda_hs *A, uint64_t *key, void *x);

/* A device tree not built yet: its n entries as keys of the tree format of (nrows, ncols, dbits)
 * in tree order (the keys hsd_build_sorted takes) with values of value_size bytes (1, 2, 4 or 8),
 * all bitwise equal to iso_value when iso. A select's result waits in this form until something
 * needs its tree (cuda/store/matrix.c): the products read only its views. */
typedef struct {
    uint64_t nrows, ncols, n;
    int dbits, type_code, value_size;
    bool iso;
    unsigned char iso_value[16];
    const uint64_t *key;
    const void *x;
} GG_cuda_hkeys;

/* The tree of K (its iso value set from K's). */
GG_cuda_hs_code GG_cuda_hkeys_build(GG_cuda_hs *Z, const GG_cuda_hkeys *K);

/* K's tuples in `order` into device arrays of K->n, as GG_cuda_hs_to_coo gives a built tree's
 * (ROW and COL: one stable sort by the major coordinate; TREE: none). Coordinates must fit 32
 * bits. */
GG_cuda_hs_code GG_cuda_hkeys_to_coo(const GG_cuda_hkeys *K, GG_cuda_order order, uint32_t *row,
                                     uint32_t *col, void *x);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_HSBUILD_H */
