/* mat_common.cuh: what the matrix kernels' files (cuda/kernels/mat_*.cu, mxm_*.cu) share on top of
 * the vector kernels' helpers (vec_common.cuh): the HiSparse engine's codes as GG_CUDA_VRC_* codes,
 * the scan that turns keep-flags into output positions, merges of sorted tuples, and a compressed
 * view's vector by its id. */
#ifndef GG_CUDA_MAT_COMMON_CUH
#define GG_CUDA_MAT_COMMON_CUH

#include "GG_cuda_hsbuild.h"
#include "GG_cuda_mat_kernels.h"
#include "vec_common.cuh"

/* A GG_cuda_hs_code as a result code: a refused bound or duplicate is a malformed call here, since
 * the matrix kernels hand the build only unique tuples inside the dimensions. */
inline int gg_hs_rc(GG_cuda_hs_code c)
{
    switch (c) {
    case GG_CUDA_HS_OK: return GG_CUDA_VRC_OK;
    case GG_CUDA_HS_OOM: return GG_CUDA_VRC_NOMEM;
    case GG_CUDA_HS_UNSUPPORTED: return GG_CUDA_VRC_UNSUPPORTED;
    default: return GG_CUDA_VRC_ERROR;
    }
}

/* Whether a compressed view of n entries over dim vectors is hypersparse (GG_cuda_cview_of): more
 * than 8 vectors an entry, so no view allocates by a huge dimension. */
inline bool gg_view_hyper(uint64_t dim, uint64_t n)
{
    return dim > 8 * n + 64;
}

/* n rounded up to 16 bytes, so every array of a view's one allocation stays aligned. */
inline size_t gg_align16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* pos[p] = the number of set flags before p, for flags flag[0, n) (flag has room for n + 1: the
 * call clears flag[n]); *total gets the count of set flags, read back with one counted 4-byte copy
 * (so this waits for the stream). n < 2^31. (mat_tuples.cu) */
int gg_mk_scan(uint32_t *flag, uint32_t *pos, uint64_t n, uint64_t *total);

/* T (new device tuples of type `code`, T->code set) = the entries p < n of (row, col, x) whose
 * flag keep[p] is set, in their order (`order`, that of (row, col), recorded in T; keep has room
 * for n + 1, as gg_mk_scan needs); waits for the stream through gg_mk_scan. n < 2^31.
 * (mat_tuples.cu) */
int gg_mk_compact(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint32_t *row,
                  const uint32_t *col, const void *x, int code, GG_cuda_order order);

/* ---- merges of two sorted tuple sets (mat_tuples.cu) ----------------------------------------------
 * The write-back merges C with T, eWiseAdd/Mult A with B: both walk the two sets' row-major keys
 * (row << 32 | col, built from the tuples' 32-bit coordinates) merged in order, each key once or
 * twice in a row. */

/* A merged payload's tag: the entry is the second set's. */
constexpr uint32_t GG_MK_FROM_B = 0x80000000u;

/* The merged keys k[0, n) and payloads s[p] = the entry's index in its set, | GG_MK_FROM_B for the
 * second's (what a kernel reads). */
struct gg_mk_view {
    uint64_t n;
    const uint64_t *k;
    const uint32_t *s;
};

/* A merge's view and the buffers that own what it points to (one set alone is used as it is). */
struct gg_mk_merged {
    gg_mk_view v{};
    gg_dev_buf ak, as, bk, bs, key, src;
};

/* Merges A's and B's keys (A->n + B->n < 2^31) into *m. */
int gg_mk_merge(gg_mk_merged *m, const GG_cuda_tuples *A, const GG_cuda_tuples *B);

/* key[k] = the row-major key of t's tuple k. */
int gg_mk_keys(uint64_t *key, const GG_cuda_tuples *t);

/* The run of merged keys at p: false when p repeats the key before it (the run's first position
 * decides it); else which sets hold the key (*has_a, *has_b) and at which index (*ai, *bi). */
__device__ inline bool gg_mk_run(const gg_mk_view &m, uint64_t p, bool *has_a, uint32_t *ai,
                                 bool *has_b, uint32_t *bi)
{
    uint64_t key = m.k[p];
    if (p > 0 && m.k[p - 1] == key) return false;
    bool pair = p + 1 < m.n && m.k[p + 1] == key;
    uint32_t s0 = m.s[p], s1 = pair ? m.s[p + 1] : s0;
    bool b0 = (s0 & GG_MK_FROM_B) != 0, b1 = (s1 & GG_MK_FROM_B) != 0;
    *has_a = !b0 || (pair && !b1);
    *has_b = b0 || (pair && b1);
    *ai = !b0 ? s0 : s1;
    *bi = (b0 ? s0 : s1) & ~GG_MK_FROM_B;
    return true;
}

/* T (new device tuples of `code`) = the entries p < n with keep[p] set, at the merged keys key[p]
 * with values x[p] (keep has room for n + 1); waits for the stream through gg_mk_scan. */
int gg_mk_from_keys(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint64_t *key,
                    const void *x, int code);

/* Vector id of view v (a hypersparse view's found by search in its list): its first entry *p0 and
 * its length, 0 (and *p0 untouched) when it has none. */
__device__ inline uint64_t gg_cview_vector(const GG_cuda_cview &v, uint64_t id, uint64_t *p0)
{
    uint64_t k = id;
    if (v.vec != nullptr) {
        k = gg_lower_bound(v.vec, v.nvec, id);
        if (k == v.nvec || v.vec[k] != id) return 0;
    } else if (id >= v.nvec) {
        return 0;
    }
    *p0 = v.ptr[k];
    return v.ptr[k + 1] - *p0;
}

/* x op y at entry (i, j): a positional operator's value is the entry's position, as the CPU
 * backend evaluates it in apply and eWise (the operand positions of both sides are (i, j)). */
__device__ inline gg_val gg_mk_binary(const GG_cuda_op &op, gg_val x, gg_val y, uint64_t i,
                                      uint64_t j)
{
    if (gg_op_positional(op.opcode))
        return gg_convert(gg_put(gg_positional(op.opcode, i, j)), GG_CUDA_INT64, op.zcode);
    return gg_eval_binary(op, x, y, i);
}

#endif /* GG_CUDA_MAT_COMMON_CUH */
