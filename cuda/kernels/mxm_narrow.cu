/* mxm_narrow.cu: the device products with a narrow left operand W (GG_cuda_mxm_narrow.h): BC's
 * frontier<!paths> = frontier (+.first) A and w<level> = w (+.first) A' with ns = 4 rows of
 * n = 1M columns, where the row-wise saxpy and the masked dot product pay per call for views of W
 * and the mask rebuilt and sorted, hash tables, and (dot) merges of a row of W of up to n entries
 * with each row of A.
 *
 * Work items and terms: the saxpy form's items are W's entries (i, kk), each with the terms of row
 * kk of op1(B); the dot form's items are the mask's entries (i, j), each with the terms of column j
 * of op1(B) (none when the mask's value is false). A length pass and one scan number every term;
 * the term walk (walk_terms) hands each block tiles of TILE consecutive term numbers, a warp's lanes
 * consecutive terms of mostly one item, so a hub's long vector is spread over many blocks and its
 * loads coalesce; a thread finds its term's item by a binary search among the tile's items.
 *
 * saxpy form: a term (i, kk, q) is admitted by the mask's bitmap (M's true entries scattered into
 * k x ncols bits, one load a term; the complement applied on the read), then folded into the dense
 * accumulator by gg_atomic from the start value (neutral for every term), its flag set. The flags'
 * scan numbers the entries in the accumulator's own order, which is the strip order of
 * GG_cuda_mat_narrow_saxpy: row-major, or the output tree's order (strips of d columns, row by row
 * within a strip: the tree key of (i, j) with i < d is (j's upper digits, i, j mod d)), so neither
 * a sort of T nor one in the build follows.
 * dot form: W densified by a scatter of its entries (a word of row bits and the values per inner
 * index); a term (p, q) of mask entry p = (i, j) reads the word of kk = idx[q] and, when bit i is
 * set, folds W(i,kk) * B(kk,j). A warp's lanes hold mostly terms of one entry: they are folded
 * among the lanes first (gg_warp_segfold), one atomic per run, into a slot per mask entry; the
 * kept slots are compacted in M's order.
 *
 * Unmeasured (for the GPU-host run to tune): NT = 256 threads and ITEMS = 8 rounds per tile, a
 * grid of 8 blocks per SM looping over the tiles. */
#include "GG_cuda_mxm_narrow.h"
#include "mat_common.cuh"

#include <cub/device/device_scan.cuh>

#include <type_traits>

namespace
{

constexpr unsigned NT = 256, ITEMS = 8;
constexpr uint64_t TILE = (uint64_t)NT * ITEMS;

/* Value p of x (of type code) as T: a plain load when stored as T. */
template <typename T> __device__ inline T load_as(const void *x, uint64_t p, int code)
{
    return code == gg_code<T>::v ? static_cast<const T *>(x)[p] : gg_load_cast<T>(x, p, code, 1.0);
}

/* Whether a mask entry's value (size bytes at x + p * size) admits it. */
__device__ inline bool mask_true(const void *x, uint64_t p, uint32_t size, bool mstruct)
{
    return mstruct || gg_nonzero_bytes(static_cast<const char *>(x) + p * size, size);
}

/* The terms of items [0, n), item e having off[e + 1] - off[e] of them (off: exclusive sums, n + 1
 * of them, read on the device). Blocks of NT threads take tiles b, b + gridDim.x, ... of TILE
 * consecutive term numbers in ITEMS rounds of NT; each thread searches its term's item among the
 * tile's items (those holding its first and last term). f(valid, e, r) gets term r of item e; every
 * thread calls it in every round (valid false past the last term), so f may use warp collectives. */
template <typename F> __device__ inline void walk_terms(const uint64_t *off, uint64_t n, F f)
{
    __shared__ uint64_t span[2];
    const uint64_t total = off[n];
    for (uint64_t t0 = blockIdx.x * TILE; t0 < total; t0 += (uint64_t)gridDim.x * TILE) {
        uint64_t t1 = t0 + TILE < total ? t0 + TILE : total;
        /* the last item whose first term is at most t: the first off above t, less one */
        if (threadIdx.x < 2) span[threadIdx.x] = gg_lower_bound(off, n + 1, (threadIdx.x ? t1 - 1 : t0) + 1) - 1;
        __syncthreads();
        uint64_t lo = span[0], cnt = span[1] - lo + 1;
        for (unsigned r = 0; r < ITEMS; r++) {
            uint64_t t = t0 + (uint64_t)r * NT + threadIdx.x;
            bool valid = t < t1;
            uint64_t e = valid ? lo + gg_lower_bound(off + lo, cnt, t + 1) - 1 : 0;
            f(valid, e, valid ? t - off[e] : 0);
        }
        __syncthreads();
    }
}

/* ---- lengths, masks, densified W --------------------------------------------------------------- */

/* saxpy form: item e = W's entry (i, kk) walks vector kk of B (rows of op1(B)). */
__global__ void w_lengths(uint64_t nw, const uint32_t *wcol, GG_cuda_cview b, uint64_t *off,
                          uint64_t *b0)
{
    GG_VK_FOR(e, nw)
    {
        uint64_t s = 0;
        off[e] = gg_cview_vector(b, wcol[e], &s);
        b0[e] = s;
    }
}

/* dot form: item p = the mask's entry (i, j) walks vector j of B (columns of op1(B)) when true. */
__global__ void m_lengths(uint64_t nm, const uint32_t *mcol, const void *mx, uint32_t msize,
                          bool mstruct, GG_cuda_cview b, uint64_t *off, uint64_t *b0)
{
    GG_VK_FOR(p, nm)
    {
        uint64_t s = 0, len = 0;
        if (mask_true(mx, p, msize, mstruct)) len = gg_cview_vector(b, mcol[p], &s);
        off[p] = len;
        b0[p] = s;
    }
}

/* The mask's true entries as bits of a row-major k x ncols bitmap (cleared first). */
__global__ void mask_bits(uint64_t nm, const uint32_t *mrow, const uint32_t *mcol, const void *mx,
                          uint32_t msize, bool mstruct, uint64_t ncols, uint32_t *bits)
{
    GG_VK_FOR(p, nm)
    {
        if (!mask_true(mx, p, msize, mstruct)) continue;
        uint64_t m = (uint64_t)mrow[p] * ncols + mcol[p];
        atomicOr(bits + (m >> 5), 1u << (m & 31));
    }
}

/* W densified: per inner index kk the word of the rows holding W(i,kk) (cleared first) and, when
 * dx is not NULL, the values W(i,kk) as T at dx[kk * k + i]. */
template <typename T>
__global__ void densify(uint64_t nw, const uint32_t *wrow, const uint32_t *wcol, const void *wx,
                        int wcode, uint64_t k, unsigned long long *bits, T *dx)
{
    GG_VK_FOR(e, nw)
    {
        uint64_t i = wrow[e], kk = wcol[e];
        atomicOr(bits + kk, 1ULL << i);
        if (dx != nullptr) dx[kk * k + i] = load_as<T>(wx, e, wcode);
    }
}

template <typename T> __global__ void fill(T *x, uint64_t n, T v)
{
    GG_VK_FOR(p, n) x[p] = v;
}

/* ---- the accumulator's layout (saxpy form) --------------------------------------------------------
 * Strips of `strip` columns, each k rows of strip slots, row by row. */
struct layout {
    uint64_t k, strip, strips;
    __host__ __device__ uint64_t positions() const { return k * strip * strips; }
    __device__ uint64_t slot(uint64_t i, uint64_t j) const
    {
        uint32_t s = (uint32_t)j / (uint32_t)strip; /* coordinates fit 32 bits */
        return (s * k + i) * strip + (j - (uint64_t)s * strip);
    }
    __device__ void coords(uint64_t p, uint64_t *i, uint64_t *j) const
    {
        uint64_t s = p / (k * strip), r = p - s * k * strip;
        *i = r / strip;
        *j = s * strip + (r - *i * strip);
    }
};

/* The flagged slots of the accumulator at their positions pos[p] of T, in the slots' order. */
template <typename T>
__global__ void emit(layout L, const uint32_t *keep, const uint32_t *pos, const T *acc,
                     uint32_t *row, uint32_t *col, T *x)
{
    GG_VK_FOR(p, L.positions())
    {
        if (!keep[p]) continue;
        uint32_t q = pos[p];
        uint64_t i, j;
        L.coords(p, &i, &j);
        row[q] = (uint32_t)i;
        col[q] = (uint32_t)j;
        x[q] = acc[p];
    }
}

/* Strips of 2^dbits columns when the tree of a k x ncols matrix of that node dimension orders its
 * entries that way (k at most d, more than d columns), else one strip (row-major; also the tree
 * order when both dimensions are at most d: a one-level tree is row-major). */
layout layout_of(uint64_t k, uint64_t ncols, int dbits)
{
    uint64_t d = dbits > 0 ? (uint64_t)1 << dbits : 0;
    uint64_t strip = d != 0 && k <= d && ncols > d ? d : ncols;
    return layout{k, strip, strip == 0 ? 0 : (ncols + strip - 1) / strip};
}

/* ---- the products -------------------------------------------------------------------------------- */

/* What both forms' kernels read of the semiring and B. */
struct common {
    const uint64_t *off, *b0; /* the items' term offsets and first entries of B's vectors */
    uint64_t nitems;
    const uint64_t *bidx;
    const void *bx;
    int bcode;
    int add, mul;
    bool need_a, need_b; /* the multiply reads W's (B's) value */
};

template <typename T> struct sx_args : common {
    const uint32_t *wrow;
    const void *wx;
    int wcode;
    const uint32_t *mbits; /* NULL: no mask */
    bool mcomp;
    uint64_t ncols;
    layout L;
    T *acc;
    uint32_t *keep;
};

template <typename T, int ADD, int MUL>
__global__ void __launch_bounds__(NT) saxpy_kernel(sx_args<T> a)
{
    walk_terms(a.off, a.nitems, [&](bool valid, uint64_t e, uint64_t r) {
        if (!valid) return;
        uint64_t i = a.wrow[e], q = a.b0[e] + r, j = a.bidx[q];
        if (a.mbits != nullptr) {
            uint64_t m = i * a.ncols + j;
            if ((((a.mbits[m >> 5] >> (m & 31)) & 1) != 0) == a.mcomp) return;
        }
        T x = a.need_a ? load_as<T>(a.wx, e, a.wcode) : T{};
        T y = a.need_b ? load_as<T>(a.bx, q, a.bcode) : T{};
        uint64_t s = a.L.slot(i, j);
        gg_atomic<T>(ADD != 0 ? ADD : a.add, a.acc + s, gg_binop<T>(MUL != 0 ? MUL : a.mul, x, y));
        a.keep[s] = 1;
    });
}

template <typename T> struct dt_args : common {
    const uint32_t *mrow;
    const unsigned long long *wbits;
    const T *wx; /* densified W, k values per inner index */
    uint64_t k;
    T *acc;
    uint32_t *keep;
};

template <typename T, int ADD, int MUL>
__global__ void __launch_bounds__(NT) dot_kernel(dt_args<T> a)
{
    const int add = ADD != 0 ? ADD : a.add;
    walk_terms(a.off, a.nitems, [&](bool valid, uint64_t p, uint64_t r) {
        uint64_t i = 0, q = 0, kk = 0;
        bool hit = false;
        if (valid) {
            i = a.mrow[p];
            q = a.b0[p] + r;
            kk = a.bidx[q];
            hit = ((a.wbits[kk] >> i) & 1) != 0;
        }
        T t{};
        if (hit) {
            T x = a.need_a ? a.wx[kk * a.k + i] : T{};
            T y = a.need_b ? load_as<T>(a.bx, q, a.bcode) : T{};
            t = gg_binop<T>(MUL != 0 ? MUL : a.mul, x, y);
        }
        if (gg_warp_segfold(p, t, hit, [&](T u, T v) { return gg_binop<T>(add, u, v); })) {
            gg_atomic<T>(add, a.acc + p, t);
            a.keep[p] = 1;
        }
    });
}

/* Bytes of an accumulator of n values: whole 8-byte words, since a BOOL LXOR's atomic flips its
 * byte inside the aligned 32-bit word (gg_atomic). */
template <typename T> uint64_t acc_bytes(uint64_t n)
{
    return (n * sizeof(T) + 7) & ~(uint64_t)7;
}

/* Blocks of the term walk: enough to fill the device (8 of NT threads per SM). */
unsigned walk_blocks(void)
{
    int sms = GG_cuda_sm_count();
    return (unsigned)(sms > 0 ? sms : 132) * 8;
}

/* off[0, n) (lengths) into their exclusive sums, off[n] the total. */
int scan_lengths(uint64_t *off, uint64_t n, cudaStream_t s)
{
    int rc = gg_vk_rc(cudaMemsetAsync(off + n, 0, sizeof *off, s));
    size_t bytes = 0;
    if (rc == GG_CUDA_VRC_OK)
        rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(nullptr, bytes, off, off, (int64_t)(n + 1), s));
    gg_dev_buf tmp;
    if (rc == GG_CUDA_VRC_OK && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
    if (rc == GG_CUDA_VRC_OK)
        rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(tmp.p, bytes, off, off, (int64_t)(n + 1), s));
    return rc;
}

/* The multiply's operands: FIRST reads only W, SECOND only B, ONEB neither; ANY is SECOND on the
 * device. */
void set_semiring(common &c, const GG_cuda_narrow *p)
{
    c.add = p->add_op;
    c.mul = p->mul_op;
    c.need_a = !(p->mul_op == GG_CUDA_OP_SECOND || p->mul_op == GG_CUDA_OP_ONEB ||
                 p->mul_op == GG_CUDA_OP_ANY);
    c.need_b = !(p->mul_op == GG_CUDA_OP_FIRST || p->mul_op == GG_CUDA_OP_ONEB);
}

/* Whether BC's semiring, PLUS_FIRST on FP64, runs with its opcodes compiled in (the multiply and
 * the atomic inline); every other one reads them at run time. */
template <typename T> bool plus_first(const common &c)
{
    return std::is_same_v<T, double> && c.add == GG_CUDA_OP_PLUS && c.mul == GG_CUDA_OP_FIRST;
}

template <typename T> int saxpy_typed(GG_cuda_tuples *T_out, const GG_cuda_narrow *p, layout L)
{
    cudaStream_t s = GG_cuda_stream();
    const GG_cuda_tuples *W = p->W, *M = p->M;
    const uint64_t nw = W->n, P = L.positions();
    sx_args<T> a{};
    set_semiring(a, p);
    gg_dev_buf off, b0, acc, keep, pos, bits;
    uint64_t words = M != nullptr ? (p->k * p->ncols + 31) / 32 : 0;
    if (!off.get((nw + 1) * 8) || !b0.get(nw * 8) || !acc.get(acc_bytes<T>(P)) ||
        !keep.get((P + 1) * 4) || !pos.get((P + 1) * 4) || (words > 0 && !bits.get(words * 4)))
        return GG_CUDA_VRC_NOMEM;
    w_lengths<<<gg_vk_blocks(nw), GG_VK_THREADS, 0, s>>>(nw, W->col, *p->B, off.as<uint64_t>(),
                                                         b0.as<uint64_t>());
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) rc = scan_lengths(off.as<uint64_t>(), nw, s);
    T start;
    memcpy(&start, p->start, sizeof start);
    if (rc == GG_CUDA_VRC_OK) {
        fill<T><<<gg_vk_blocks(P), GG_VK_THREADS, 0, s>>>(acc.as<T>(), P, start);
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(keep.p, 0, P * 4, s));
    if (rc == GG_CUDA_VRC_OK && words > 0) {
        rc = gg_vk_rc(cudaMemsetAsync(bits.p, 0, words * 4, s));
        if (rc == GG_CUDA_VRC_OK && M->n > 0) {
            mask_bits<<<gg_vk_blocks(M->n), GG_VK_THREADS, 0, s>>>(
                M->n, M->row, M->col, M->x, gg_size_of(M->code), p->mstruct, p->ncols,
                bits.as<uint32_t>());
            rc = gg_vk_launched();
        }
    }
    if (rc != GG_CUDA_VRC_OK) return rc;
    a.off = off.as<uint64_t>();
    a.b0 = b0.as<uint64_t>();
    a.nitems = nw;
    a.bidx = p->B->idx;
    a.bx = p->B->x;
    a.bcode = p->B->type_code;
    a.wrow = W->row;
    a.wx = W->x;
    a.wcode = W->code;
    a.mbits = words > 0 ? bits.as<uint32_t>() : nullptr;
    a.mcomp = p->mcomp;
    a.ncols = p->ncols;
    a.L = L;
    a.acc = acc.as<T>();
    a.keep = keep.as<uint32_t>();
    if (plus_first<T>(a))
        saxpy_kernel<T, GG_CUDA_OP_PLUS, GG_CUDA_OP_FIRST><<<walk_blocks(), NT, 0, s>>>(a);
    else
        saxpy_kernel<T, 0, 0><<<walk_blocks(), NT, 0, s>>>(a);
    rc = gg_vk_launched();
    GG_cuda_free(off.release()); /* done with (stream-ordered), before T is allocated */
    GG_cuda_free(b0.release());
    GG_cuda_free(bits.release());
    uint64_t n = 0;
    if (rc == GG_CUDA_VRC_OK) rc = gg_mk_scan(keep.as<uint32_t>(), pos.as<uint32_t>(), P, &n);
    if (rc != GG_CUDA_VRC_OK || n == 0) return rc;
    gg_dev_buf row, col, x;
    if (!row.get(n * 4) || !col.get(n * 4) || !x.get(n * sizeof(T))) return GG_CUDA_VRC_NOMEM;
    uint32_t *orow = row.as<uint32_t>(), *ocol = col.as<uint32_t>();
    T *ox = x.as<T>(), *ax = acc.as<T>();
    const uint32_t *kp = keep.as<uint32_t>(), *pp = pos.as<uint32_t>();
    emit<T><<<gg_vk_blocks(P), GG_VK_THREADS, 0, s>>>(L, kp, pp, ax, orow, ocol, ox);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    T_out->n = n;
    T_out->row = static_cast<uint32_t *>(row.release());
    T_out->col = static_cast<uint32_t *>(col.release());
    T_out->x = x.release();
    T_out->order = L.strips == 1 ? GG_CUDA_ORDER_ROW : GG_CUDA_ORDER_TREE;
    return GG_CUDA_VRC_OK;
}

template <typename T> int dot_typed(GG_cuda_tuples *T_out, const GG_cuda_narrow *p)
{
    cudaStream_t s = GG_cuda_stream();
    const GG_cuda_tuples *W = p->W, *M = p->M;
    const uint64_t nw = W->n, nm = M->n, k = p->k, ni = p->ninner;
    dt_args<T> a{};
    set_semiring(a, p);
    gg_dev_buf wbits, wx, off, b0, acc, keep;
    if (!wbits.get(ni * 8) || (a.need_a && !wx.get(ni * k * sizeof(T))) ||
        !off.get((nm + 1) * 8) || !b0.get(nm * 8) || !acc.get(acc_bytes<T>(nm)) ||
        !keep.get((nm + 1) * 4))
        return GG_CUDA_VRC_NOMEM;
    int rc = gg_vk_rc(cudaMemsetAsync(wbits.p, 0, ni * 8, s));
    if (rc == GG_CUDA_VRC_OK) {
        densify<T><<<gg_vk_blocks(nw), GG_VK_THREADS, 0, s>>>(
            nw, W->row, W->col, W->x, W->code, k, wbits.as<unsigned long long>(), wx.as<T>());
        m_lengths<<<gg_vk_blocks(nm), GG_VK_THREADS, 0, s>>>(
            nm, M->col, M->x, gg_size_of(M->code), p->mstruct, *p->B, off.as<uint64_t>(),
            b0.as<uint64_t>());
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK) rc = scan_lengths(off.as<uint64_t>(), nm, s);
    T start;
    memcpy(&start, p->start, sizeof start);
    if (rc == GG_CUDA_VRC_OK) {
        fill<T><<<gg_vk_blocks(nm), GG_VK_THREADS, 0, s>>>(acc.as<T>(), nm, start);
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(keep.p, 0, nm * 4, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    a.off = off.as<uint64_t>();
    a.b0 = b0.as<uint64_t>();
    a.nitems = nm;
    a.bidx = p->B->idx;
    a.bx = p->B->x;
    a.bcode = p->B->type_code;
    a.mrow = M->row;
    a.wbits = wbits.as<unsigned long long>();
    a.wx = wx.as<T>();
    a.k = k;
    a.acc = acc.as<T>();
    a.keep = keep.as<uint32_t>();
    if (plus_first<T>(a))
        dot_kernel<T, GG_CUDA_OP_PLUS, GG_CUDA_OP_FIRST><<<walk_blocks(), NT, 0, s>>>(a);
    else
        dot_kernel<T, 0, 0><<<walk_blocks(), NT, 0, s>>>(a);
    rc = gg_vk_launched();
    GG_cuda_free(wbits.release()); /* done with (stream-ordered), before T is allocated */
    GG_cuda_free(wx.release());
    GG_cuda_free(off.release());
    GG_cuda_free(b0.release());
    if (rc != GG_CUDA_VRC_OK) return rc;
    return gg_mk_compact(T_out, keep.as<uint32_t>(), nm, M->row, M->col, acc.p, p->type_code,
                         M->order);
}

/* What both forms check: a semiring of the kernels, built-in types, k and the dimensions in
 * range. */
bool supported(const GG_cuda_narrow *p)
{
    const GG_cuda_tuples *W = p->W, *M = p->M;
    return gg_spmv_supported(p->add_op, p->mul_op, p->type_code) &&
           (W->n == 0 || gg_builtin(W->code)) && gg_builtin(p->B->type_code) && p->k >= 1 &&
           p->k <= GG_CUDA_NARROW_MAX_ROWS && p->ncols < (1ULL << 32) &&
           p->ninner < (1ULL << 32) && (M == nullptr || M->n == 0 || gg_builtin(M->code));
}

} // namespace

extern "C" uint64_t GG_cuda_narrow_bytes(bool dot, uint64_t k, uint64_t ninner, uint64_t ncols,
                                         int dbits, uint64_t nw, uint64_t nm, int type_code)
{
    uint64_t vs = gg_size_of(type_code);
    if (dot) /* densified W; per mask entry its offsets, value, flag and compaction */
        return ninner * (8 + k * vs) + nm * (16 + vs + 8);
    /* per slot its value, flag and position; per entry of W its offsets; the mask's bits */
    return layout_of(k, ncols, dbits).positions() * (vs + 8) + nw * 16 + k * ncols / 8;
}

extern "C" int GG_cuda_mat_narrow_saxpy(GG_cuda_tuples *T, const GG_cuda_narrow *p)
{
    *T = GG_cuda_tuples{};
    T->code = p->type_code;
    layout L = layout_of(p->k, p->ncols, p->dbits);
    if (!supported(p) || L.positions() >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    if (p->W->n == 0 || L.positions() == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    int rc = GG_CUDA_VRC_UNSUPPORTED;
    gg_with_type(p->type_code, [&](auto tag) { rc = saxpy_typed<decltype(tag)>(T, p, L); });
    if (rc != GG_CUDA_VRC_OK) GG_cuda_tuples_release(T);
    return rc;
}

extern "C" int GG_cuda_mat_narrow_dot(GG_cuda_tuples *T, const GG_cuda_narrow *p)
{
    *T = GG_cuda_tuples{};
    T->code = p->type_code;
    if (!supported(p) || p->M == nullptr || p->mcomp || p->M->n >= (1ULL << 31))
        return GG_CUDA_VRC_UNSUPPORTED;
    if (p->W->n == 0 || p->M->n == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    int rc = GG_CUDA_VRC_UNSUPPORTED;
    gg_with_type(p->type_code, [&](auto tag) { rc = dot_typed<decltype(tag)>(T, p); });
    if (rc != GG_CUDA_VRC_OK) GG_cuda_tuples_release(T);
    return rc;
}
