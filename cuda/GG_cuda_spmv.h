/* GG_cuda_spmv.h: y = op(A) (+.*) x with a dense x on the device, plain C for the CUDA backend's
 * mxv/vxm slot (cuda/hs_spmv.cu, cuda/cmrs.cu, cuda/csr_spmv.cu). Three kernels:
 *  - HiSparse: the papers' dynamic scheduler over the device tree (GG_cuda_hs). The tree's leaves
 *    are found once by a level-by-level traversal (a GG_cuda_hs_schedule, built once per device
 *    tree and cached by the caller beside it): level-1 and level-2 leaves grouped into tiles by
 *    output block, both by row (A x) and by column (A' x), the rest in queues per entry-count bin;
 *    every product then processes those so that no warp mixes kinds of work. A and A' run the same
 *    kernels: the transposed flag only swaps which local coordinate indexes y.
 *  - CMRS (Koza et al., multi-row strips) on a compressed view: y = V x where V's vectors are the
 *    rows (a CSR view gives A x, a CSC view gives A' x).
 *  - CSR (cuda/csr_spmv.cu) on a compact view with 32-bit indices, the long rows split into
 *    chunks: groups of G lanes a row, or (PLUS_TIMES on FP32/FP64) the stream kernel, a block a
 *    tile of consecutive rows whose entries it reads contiguously, or the flat kernel, a block a
 *    fixed window of the entries, long rows included.
 * GG_cuda_spmv_pick says which of the three a product should use (the documented rule).
 *
 * Semantics are those of GG_hs_mxv (src/hisparse/GG_hisparse.h) restricted to one domain: the
 * monoid, the multiply's inputs and output and x all have type `type_code` (the semiring domain);
 * A's stored values are cast to it (after the scale). y receives the identity where op(A) has an
 * empty row; ypresent (may be NULL) gets 1 where op(A)'s row holds an entry, else 0.
 * Domains: BOOL, INT32, UINT32, INT64, UINT64, FP32, FP64. Monoids (add_op): PLUS, TIMES, MIN, MAX,
 * ANY, and on BOOL also LOR, LAND, LXOR. Multiplies (mul_op): FIRST, SECOND, ONEB (PAIR), ANY, MIN,
 * MAX, PLUS, MINUS, TIMES, DIV, and on BOOL also LOR, LAND, LXOR. Anything else returns
 * GG_CUDA_SPMV_UNSUPPORTED before touching an output. Op codes are GG_opcode values
 * (src/object/GG_opcodes.h), repeated below because that header is not C++; the CUDA test
 * asserts both lists agree. Type codes are GrB_Type_Code values.
 *
 * Every call runs on the library's stream (GG_cuda_stream()) and returns without synchronising;
 * x, y and ypresent are device pointers. */
#ifndef GG_CUDA_SPMV_H
#define GG_CUDA_SPMV_H

#include "GG_cuda_kernels.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
enum {
    GG_CUDA_SPMV_OK = 0,
    GG_CUDA_SPMV_NOMEM = 1, /* device out of memory (or over the pool limit); nothing written */
    GG_CUDA_SPMV_UNSUPPORTED = 2, /* type or operator not handled here: decline; nothing written */
    GG_CUDA_SPMV_ERROR = 3        /* any other CUDA error (a launch failed): GrB_PANIC */
};

/* GG_opcode values of the operators used here (kept equal to src/object/GG_opcodes.h). */
enum {
    GG_CUDA_OP_LOR = 7,
    GG_CUDA_OP_LAND = 8,
    GG_CUDA_OP_LXOR = 9,
    GG_CUDA_OP_ONEB = 21,
    GG_CUDA_OP_FIRST = 22,
    GG_CUDA_OP_SECOND = 23,
    GG_CUDA_OP_MIN = 24,
    GG_CUDA_OP_MAX = 25,
    GG_CUDA_OP_PLUS = 26,
    GG_CUDA_OP_MINUS = 27,
    GG_CUDA_OP_TIMES = 28,
    GG_CUDA_OP_DIV = 29,
    GG_CUDA_OP_ANY = 47
};

/* The leaf queues of one device tree: a host object holding device arrays from GG_cuda_malloc. */
typedef struct GG_cuda_hs_schedule GG_cuda_hs_schedule;

/* Builds A's schedule (one traversal of the inner levels on the device; synchronises once per
 * level to size the next). *s is NULL for an empty tree, which needs none. */
int GG_cuda_hs_schedule_new(const GG_cuda_hs *A, GG_cuda_hs_schedule **s);
void GG_cuda_hs_schedule_free(GG_cuda_hs_schedule *s);
/* Device bytes the schedule holds (for the residency accounting). */
uint64_t GG_cuda_hs_schedule_bytes(const GG_cuda_hs_schedule *s);

/* How the queues are processed (both give the same results; the default is the faster one as
 * measured, see cuda/hs_spmv.cu's banner). */
typedef enum {
    GG_CUDA_HS_DEFAULT = 0,
    GG_CUDA_HS_HOST_LEVELS, /* one host launch per queue, in queue order */
    GG_CUDA_HS_PERSISTENT   /* one launch of persistent blocks taking chunks off an atomic head */
} GG_cuda_hs_variant;

void GG_cuda_hs_set_variant(GG_cuda_hs_variant v);

/* y = op(A) (+.*) x on the tree, op(A) = A' when tran XOR A->transposed. identity: host pointer
 * to the monoid's identity (a value of type_code). vec_first: the multiply takes x's element
 * first (vxm). s is A's schedule (NULL only when A is empty). */
int GG_cuda_hs_mxv(const GG_cuda_hs *A, const GG_cuda_hs_schedule *s, bool tran, int add_op,
                   int mul_op, int type_code, const void *identity, bool vec_first,
                   const void *x_dev, void *y_dev, unsigned char *ypresent_dev);

/* y = V (+.*) x on a compressed view with `nrows` rows (its vectors; with V->vec set only those
 * rows are stored), `nvals` entries (sizes the strips without reading the device) and values of
 * V->type_code (cast to type_code); same contract otherwise. */
int GG_cuda_cmrs_mxv(const GG_cuda_cview *V, uint64_t nrows, uint64_t nvals, int add_op, int mul_op,
                     int type_code, const void *identity, bool vec_first, const void *x_dev,
                     void *y_dev, unsigned char *ypresent_dev);

/* A compact CSR view for the SpMV (cuda/csr_spmv.cu): the rows of a compressed view with 32-bit
 * column indices, row pointers of 32 bits when the entries fit (else 64), and the values shared
 * with the view it was made from (which must outlive it); its long rows are listed apart and
 * split into chunks, and its rows cut into the stream kernel's tiles. Device arrays in two
 * allocations (mem[0], mem[1], the second NULL when the view has no rows); `done`, `part` and
 * `part_has` are scratch the products write (products on one view must run in order, as they do
 * on the library's one stream). */
typedef struct {
    uint64_t nrows, nvals;
    const void *ptr; /* nrows + 1, uint32_t when ptr32, else uint64_t */
    bool ptr32;
    const uint32_t *col;
    const void *x;
    int type_code, value_size;
    int lanes;         /* the lanes a row by the rule: 1, 2, 4, 8, 16 or 32 */
    uint64_t long_min; /* a row longer than this is a long row */
    uint64_t nlong, nchunks;
    const uint64_t *chunk;       /* begin, end per chunk */
    const uint32_t *chunk_row;   /* per chunk: its long row's index j */
    const uint32_t *long_row;    /* nlong, ascending */
    const uint32_t *long_first;  /* nlong + 1: each long row's first chunk */
    unsigned *done;              /* nlong chunk counters, zero between products */
    void *part;                  /* nchunks partial results (8 bytes each) */
    unsigned char *part_has;     /* nchunks */
    uint64_t ntiles;             /* the stream kernel's tiles of consecutive rows */
    const uint32_t *tile_row;    /* ntiles + 1: each tile's first row, then nrows */
    const uint64_t *tile_nz;     /* ntiles + 1: each tile's first entry, then nvals */
    int tile_k;                  /* entries a thread a pass: 4, 8 or 16 (cuda/csr_spmv.cu) */
    /* the flat kernel's windows of 256 x tile_k entries (every row, long ones too) */
    uint64_t nflat;              /* windows: ceil(nvals / (256 tile_k)), at least 1 (0: no rows) */
    const uint32_t *flat_row;    /* nflat + 1: the first row starting in each window, then nrows */
    void *flat_part;             /* 2 nflat partial results (8 bytes each) of those rows */
    unsigned char *flat_has;     /* 2 nflat: whether each partial met an entry of x (the flat pull) */
    bool stream;                 /* the rule's kernel for PLUS_TIMES on FP32/FP64: the stream one */
    bool flat;                   /* ... or the flat one, at least as many entries as rows (FLAT_RULE) */
    uint64_t bytes;              /* device bytes the view holds (the values not included) */
} GG_cuda_sview;

/* Makes *S from the compressed view V (nvals entries, ncols columns; long_min 0 for the rule, or a
 * row length past which rows are long, for tests). GG_CUDA_SPMV_UNSUPPORTED, touching nothing,
 * when V is hypersparse or a dimension reaches 2^32; NOMEM when the device memory or the pool
 * limit does not allow it. Synchronises (the long rows' table is made on the host). */
int GG_cuda_sview_of(GG_cuda_sview *S, void *mem[2], const GG_cuda_cview *V, uint64_t nvals,
                     uint64_t ncols, uint64_t long_min);
/* The same from a product's rows R (values of value_size bytes), whose offsets, columns and values
 * the view borrows (R must outlive it; mem[0] is NULL): only the long rows' table and the tiles are
 * made. UNSUPPORTED for an empty R or a dimension reaching 2^32. */
int GG_cuda_sview_of_csr32(GG_cuda_sview *S, void *mem[2], const GG_cuda_csr32 *R, int value_size,
                           uint64_t long_min);

/* y = S (+.*) x, same contract as GG_cuda_cmrs_mxv; lanes 0 for the view's rule (or what
 * GG_cuda_csr_force set), or 1, 2, 4, 8, 16 or 32 lanes a row of the groups (for measurements).
 * Allocates nothing. */
int GG_cuda_csr_mxv(const GG_cuda_sview *S, int lanes, int add_op, int mul_op, int type_code,
                    const void *identity, bool vec_first, const void *x_dev, void *y_dev,
                    unsigned char *ypresent_dev);

/* The flat pull: y = S (+.*) x for PLUS_TIMES on type_code (FP32 or FP64) over the terms whose
 * x(k) is present, bit k % 32 of xbits[k / 32] (x_dev's other values are never read), by the flat
 * kernel's windows. Row r exists (ypresent_dev[r] = 1, y_dev[r] written) when some term does;
 * *count_dev (a device word) gets the number of such rows. Allocates nothing. */
int GG_cuda_csr_mxv_bits(const GG_cuda_sview *S, int type_code, const void *x_dev,
                         const uint32_t *xbits, void *y_dev, unsigned char *ypresent_dev,
                         uint64_t *count_dev);

/* The CSR kernels. STREAM loads the entries by 128-bit words where the arrays allow it;
 * STREAM_SCALAR is the same kernel with 32- or 64-bit loads only (for measurements). FLAT: fixed
 * windows of the entries, long rows included (no chunks), a block each, the rows that windows cut
 * summed by a second kernel. */
typedef enum {
    GG_CUDA_CSR_RULE = 0,
    GG_CUDA_CSR_GROUPS,
    GG_CUDA_CSR_STREAM,
    GG_CUDA_CSR_STREAM_SCALAR,
    GG_CUDA_CSR_FLAT
} GG_cuda_csr_kernel;

/* The kernel GG_cuda_csr_mxv runs for these arguments: the stream and flat kernels only for
 * PLUS_TIMES on FP32/FP64 with lanes 0, then what GRAPHBLAS_GPU_CSR_KERNEL = groups, stream,
 * stream-scalar or flat (read at the first call) or GG_cuda_csr_force (RULE: back to the
 * rule) asks, else the view's rule (S->stream). */
GG_cuda_csr_kernel GG_cuda_csr_which(const GG_cuda_sview *S, int lanes, int add_op, int mul_op,
                                     int type_code);
void GG_cuda_csr_force(GG_cuda_csr_kernel k);
/* For measurements and tests: the tile_k of the views made after the call (4, 8 or 16; 0 for the
 * default). */
void GG_cuda_csr_set_tile(int k);
/* For tests: the flat kernel's grid (0: the default, a block a window), so that a small matrix
 * still gives each block several windows. */
void GG_cuda_csr_set_flat_blocks(unsigned blocks);

/* The kernels a full-vector product can run (GG_cuda_spmv_pick). */
typedef enum { GG_CUDA_SPMV_TREE = 0, GG_CUDA_SPMV_CMRS, GG_CUDA_SPMV_CSR } GG_cuda_spmv_kernel;

/* What the pick knows about one product y = R x, R = op(A) (A' reads A's CSC view). */
typedef struct {
    uint64_t nrows, ncols, nvals; /* R's */
    uint64_t tree_bytes;          /* A's pool bytes */
    int value_size;               /* A's stored values */
    bool have_cview;              /* R's 64-bit compressed view is on the device */
    bool have_sview;              /* R's compact view is on the device */
    bool no_sview;                /* R's compact view was declined for this content */
    unsigned calls; /* full-vector products on R since A was written, this one included */
} GG_cuda_spmv_facts;

/* Which kernel the product runs; the rule is in cuda/cmrs.cu beside the code. GRAPHBLAS_GPU_SPMV
 * = tree, cmrs or csr forces one (read at the first call; GG_cuda_spmv_force sets it for tests:
 * -1 for the rule, else a GG_cuda_spmv_kernel); a forced csr that the view declines runs the
 * tree. */
GG_cuda_spmv_kernel GG_cuda_spmv_pick(const GG_cuda_spmv_facts *f);
void GG_cuda_spmv_force(int kernel);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_SPMV_H */
