/* mxm_dot.cu: the device masked dot product (GG_cuda_mxm_dot.h), SuiteSparse's dot3 shape: one
 * output candidate per mask entry (i,j), the intersection of row i of op0(A) with column j of
 * op1(B), both sorted index lists of the views.
 *
 * Load balance: power-law rows make one thread (or one warp) per row hopeless, and the lengths of
 * the two lists vary per entry, not per row. Warps take tiles of 32 consecutive mask entries from
 * an atomic counter (so a warp that drew long entries does not hold up the grid's end). In a tile,
 * an entry whose shorter list has at most DOT_SHARE indices is done by its own lane: a merge when
 * the lists are of similar length, else a search of each index of the shorter list in the longer
 * one from where the previous search ended (the CPU's rule, GG_DOT_LEAP). The tile's longer
 * entries are then done one after another by the whole warp, which folds the lanes' partial
 * results: lists of similar lengths by a merge of 32-index windows (coalesced loads, lookups by
 * shuffles, at least one window moves by 32 a round), lists of very different lengths by a search
 * of every 32nd index of the shorter list in the longer one per lane. So an entry costs
 * O(min(la + lb, min log max)), shared by 32 lanes when it is large.
 *
 * Values: the counting semiring (PLUS with ONEB on a counting type, triangle counting) counts
 * matches and reads no value; every other built-in semiring runs through the vector kernels'
 * value model (vec_value.cuh: operators by op code, the library's casts), folding from the first
 * term as the CPU does, so no identity is ever folded in. ANY takes the term of the smallest k,
 * as the CPU's merge does. A floating-point PLUS sums a warp-shared entry in another order than
 * the CPU (one lane's terms in k order, then across lanes), so its last bits may differ there.
 *
 * T is written per mask entry (a value and a keep flag) and compacted in M's order, so it is
 * row-major and unique as the write-back needs. Unmeasured choices (DOT_SHARE, 256-thread blocks,
 * tiles of 32) are for the GPU-host run to tune. */
#include "GG_cuda_mxm_dot.h"
#include "mat_common.cuh"

namespace
{

constexpr unsigned FULL = 0xffffffffu;
/* An entry whose shorter list is longer than this is shared by the warp (unmeasured). */
constexpr uint64_t DOT_SHARE = 32;
/* A list more than this many times longer than the other is searched, not merged (the CPU's
 * GG_DOT_LEAP, measured there). */
constexpr uint64_t DOT_LEAP = 8;

__host__ __device__ inline bool dot_far(uint64_t la, uint64_t lb)
{
    return la > DOT_LEAP * lb || lb > DOT_LEAP * la;
}

struct dot_args {
    uint64_t nm; /* mask entries */
    const uint32_t *mrow, *mcol;
    const void *mx;
    int mcode;
    bool mstruct;
    GG_cuda_cview a, b; /* rows of op0(A), columns of op1(B) */
    int add;
    GG_cuda_op mul;
    bool need_a, need_b; /* the multiply reads A's (B's) value */
    bool any;            /* the monoid is ANY: the first term is the value */
    void *tx;            /* per mask entry: T's value, of mul.zcode ... */
    uint32_t *keep;      /* ... and whether T has the entry */
    unsigned long long *next; /* the next tile of 32 mask entries */
};

/* The partial result of one entry: a count (counting semiring) or a value with its flag. */
struct dot_acc {
    uint32_t n;
    bool has;
    gg_val v;
};

/* A positional multiply's value for the term A(i,k) * B(k,j) (GG_opcodes.h's rule with the
 * operands at (i, k) and (k, j)). */
__device__ inline int64_t dot_positional(int op, uint64_t i, uint64_t k, uint64_t j)
{
    switch (op) {
    case GG_OP_FIRSTI: return (int64_t)i;
    case GG_OP_FIRSTI1: return (int64_t)i + 1;
    case GG_OP_FIRSTJ:
    case GG_OP_SECONDI: return (int64_t)k;
    case GG_OP_FIRSTJ1:
    case GG_OP_SECONDI1: return (int64_t)k + 1;
    case GG_OP_SECONDJ: return (int64_t)j;
    default: return (int64_t)j + 1; /* SECONDJ1 */
    }
}

/* Adds the term of A's entry pa and B's entry pb (common index k) to s; true when s is final
 * (ANY has its value). */
template <bool COUNT>
__device__ inline bool dot_add(const dot_args &a, dot_acc &s, uint64_t pa, uint64_t pb, uint64_t i,
                               uint64_t k, uint64_t j)
{
    if constexpr (COUNT) {
        s.n++;
        return false;
    } else {
        const GG_cuda_op &m = a.mul;
        gg_val t;
        if (gg_op_positional(m.opcode)) {
            t = gg_convert(gg_put(dot_positional(m.opcode, i, k, j)), GG_CUDA_INT64, m.zcode);
        } else {
            int ac = a.a.type_code, bc = a.b.type_code;
            gg_val x = a.need_a ? gg_convert(gg_load(a.a.x, pa, ac), ac, m.xcode) : gg_val{0};
            gg_val y = a.need_b ? gg_convert(gg_load(a.b.x, pb, bc), bc, m.ycode) : gg_val{0};
            t = gg_eval_binary(m, x, y, i);
        }
        s.v = s.has ? gg_binop_val(a.add, m.zcode, s.v, t) : t;
        s.has = true;
        return a.any;
    }
}

/* One lane's entry: the lists of A (a0, la) and B (b0, lb), both nonempty. */
template <bool COUNT>
__device__ void dot_lone(const dot_args &a, dot_acc &s, uint64_t a0, uint64_t la, uint64_t b0,
                         uint64_t lb, uint64_t i, uint64_t j)
{
    const uint64_t *ai = a.a.idx + a0, *bi = a.b.idx + b0;
    if (ai[la - 1] < bi[0] || bi[lb - 1] < ai[0]) return;
    if (dot_far(la, lb)) {
        bool a_short = la < lb;
        const uint64_t *si = a_short ? ai : bi, *li = a_short ? bi : ai;
        uint64_t ls = a_short ? la : lb, ll = a_short ? lb : la, lo = 0;
        for (uint64_t q = 0; q < ls && lo < ll; q++) {
            uint64_t k = si[q];
            lo += gg_lower_bound(li + lo, ll - lo, k);
            if (lo == ll || li[lo] != k) continue;
            if (dot_add<COUNT>(a, s, a0 + (a_short ? q : lo), b0 + (a_short ? lo : q), i, k, j))
                return;
            lo++;
        }
        return;
    }
    uint64_t pa = 0, pb = 0;
    while (pa < la && pb < lb) {
        uint64_t x = ai[pa], y = bi[pb];
        if (x == y && dot_add<COUNT>(a, s, a0 + pa, b0 + pb, i, x, j)) return;
        pa += x <= y;
        pb += y <= x;
    }
}

/* Folds the lanes' partial results of one shared entry into every lane's s. ANY: each lane holds
 * at most one term, of the last round, and the lowest such lane has the smallest k. */
template <bool COUNT> __device__ void dot_warp_fold(const dot_args &a, dot_acc &s)
{
    if constexpr (COUNT) {
        for (int d = 16; d > 0; d /= 2) s.n += __shfl_down_sync(FULL, s.n, d);
        s.n = __shfl_sync(FULL, s.n, 0);
    } else if (a.any) {
        unsigned f = __ballot_sync(FULL, s.has);
        s.has = f != 0;
        s.v.u = __shfl_sync(FULL, s.v.u, f != 0 ? __ffs(f) - 1 : 0);
    } else {
        for (int d = 16; d > 0; d /= 2) {
            gg_val ov{__shfl_down_sync(FULL, s.v.u, d)};
            bool oh = __shfl_down_sync(FULL, (int)s.has, d);
            if (oh) {
                s.v = s.has ? gg_binop_val(a.add, a.mul.zcode, s.v, ov) : ov;
                s.has = true;
            }
        }
        s.has = __shfl_sync(FULL, (int)s.has, 0);
        s.v.u = __shfl_sync(FULL, s.v.u, 0);
    }
}

/* An entry shared by the whole warp (every lane calls these with the same arguments), the lists of
 * A (a0, la) and B (b0, lb). Every lane runs the same rounds, so an ANY monoid stops at the first
 * round with a term. */

/* Lists of very different lengths: lane l searches indices l, l + 32, ... of the shorter list in
 * the longer one, each from where its previous search ended. */
template <bool COUNT>
__device__ void dot_search(const dot_args &a, dot_acc &s, uint64_t a0, uint64_t la, uint64_t b0,
                           uint64_t lb, uint64_t i, uint64_t j, int lane)
{
    bool a_short = la < lb;
    const uint64_t *si = a_short ? a.a.idx + a0 : a.b.idx + b0;
    const uint64_t *li = a_short ? a.b.idx + b0 : a.a.idx + a0;
    uint64_t ls = a_short ? la : lb, ll = a_short ? lb : la, lo = 0;
    for (uint64_t base = 0; base < ls; base += 32) {
        uint64_t q = base + lane;
        bool found = false;
        if (q < ls && lo < ll) {
            uint64_t k = si[q];
            lo += gg_lower_bound(li + lo, ll - lo, k);
            if (lo < ll && li[lo] == k) {
                dot_add<COUNT>(a, s, a0 + (a_short ? q : lo), b0 + (a_short ? lo : q), i, k, j);
                found = true;
                lo++;
            }
        }
        if (!COUNT && a.any && __any_sync(FULL, found)) break;
    }
    dot_warp_fold<COUNT>(a, s);
}

/* Lists of similar lengths: a merge of 32-index windows, one of each list. Each lane looks its
 * index of A's window up in B's window (a binary search over the lanes by shuffles); every index
 * of both windows up to the smaller of the two windows' last indices is then done, so each round
 * moves at least one window by 32, and the loads are coalesced. */
template <bool COUNT>
__device__ void dot_merge(const dot_args &a, dot_acc &s, uint64_t a0, uint64_t la, uint64_t b0,
                          uint64_t lb, uint64_t i, uint64_t j, int lane)
{
    const uint64_t *ai = a.a.idx + a0, *bi = a.b.idx + b0;
    constexpr uint64_t END = ~0ULL; /* past a list's end: above every index (they fit 32 bits) */
    uint64_t pa = 0, pb = 0;
    while (pa < la && pb < lb) {
        bool va = pa + lane < la, vb = pb + lane < lb;
        uint64_t x = va ? ai[pa + lane] : END, y = vb ? bi[pb + lane] : END;
        uint64_t xl = __shfl_sync(FULL, x, 31), yl = __shfl_sync(FULL, y, 31);
        uint64_t m = xl < yl ? xl : yl; /* both lists are complete up to m in the windows */
        int t = 0; /* the first lane of B's window whose index is at least x */
        for (int step = 16; step > 0; step /= 2)
            if (__shfl_sync(FULL, y, t + step - 1) < x) t += step;
        bool found = __shfl_sync(FULL, y, t) == x && va && x <= m;
        if (found) dot_add<COUNT>(a, s, a0 + pa + lane, b0 + pb + t, i, x, j);
        if (!COUNT && a.any && __any_sync(FULL, found)) break;
        pa += __popc(__ballot_sync(FULL, va && x <= m));
        pb += __popc(__ballot_sync(FULL, vb && y <= m));
    }
    dot_warp_fold<COUNT>(a, s);
}

template <bool COUNT> __global__ void __launch_bounds__(GG_VK_THREADS) dot_kernel(dot_args a)
{
    const int lane = threadIdx.x & 31;
    for (;;) {
        unsigned long long tile = 0;
        if (lane == 0) tile = atomicAdd(a.next, 1ULL);
        tile = __shfl_sync(FULL, tile, 0);
        if (tile * 32 >= a.nm) return; /* the same for the whole warp */
        uint64_t p = tile * 32 + lane, i = 0, j = 0, a0 = 0, b0 = 0, la = 0, lb = 0;
        bool valid = p < a.nm;
        if (valid) {
            i = a.mrow[p];
            j = a.mcol[p];
            if (a.mstruct || gg_load(a.mx, p, a.mcode).u != 0) la = gg_cview_vector(a.a, i, &a0);
            if (la > 0) lb = gg_cview_vector(a.b, j, &b0);
        }
        bool live = la > 0 && lb > 0;
        bool shared = live && (la < lb ? la : lb) > DOT_SHARE;
        dot_acc s{};
        if (live && !shared) dot_lone<COUNT>(a, s, a0, la, b0, lb, i, j);
        for (unsigned todo = __ballot_sync(FULL, shared); todo != 0; todo &= todo - 1) {
            int src = __ffs(todo) - 1;
            uint64_t wa0 = __shfl_sync(FULL, a0, src), wla = __shfl_sync(FULL, la, src);
            uint64_t wb0 = __shfl_sync(FULL, b0, src), wlb = __shfl_sync(FULL, lb, src);
            uint64_t wi = __shfl_sync(FULL, i, src), wj = __shfl_sync(FULL, j, src);
            dot_acc w{};
            if (dot_far(wla, wlb))
                dot_search<COUNT>(a, w, wa0, wla, wb0, wlb, wi, wj, lane);
            else
                dot_merge<COUNT>(a, w, wa0, wla, wb0, wlb, wi, wj, lane);
            if (lane == src) s = w;
        }
        if (!valid) continue;
        bool has = COUNT ? s.n != 0 : s.has;
        a.keep[p] = has;
        if (!has) continue;
        gg_val z = s.v;
        if constexpr (COUNT) z = gg_convert(gg_put((int64_t)s.n), GG_CUDA_INT64, a.mul.zcode);
        gg_store(a.tx, p, a.mul.zcode, z);
    }
}

/* PLUS with ONEB on a type whose sums of ones are the counts (GG_cuda_mxm_dot.h). */
bool counts_only(int add_op, const GG_cuda_op *mul)
{
    int z = mul->zcode;
    return add_op == GG_OP_PLUS && mul->opcode == GG_OP_ONEB &&
           (z == GG_CUDA_INT32 || z == GG_CUDA_UINT32 || z == GG_CUDA_INT64 ||
            z == GG_CUDA_UINT64 || z == GG_CUDA_FP64);
}

} // namespace

extern "C" bool GG_cuda_mat_dot_supported(int add_op, const GG_cuda_op *mul)
{
    int z = mul->zcode;
    GG_cuda_op add = {add_op, z, z, z};
    return gg_op_binary(add_op) && !gg_op_positional(add_op) && gg_op_binary(mul->opcode) &&
           GG_cuda_vec_op_supported(&add) && GG_cuda_vec_op_supported(mul);
}

extern "C" int GG_cuda_mat_dot(GG_cuda_tuples *T, const GG_cuda_tuples *M, bool mstruct,
                               const GG_cuda_cview *A, const GG_cuda_cview *B, int add_op,
                               const GG_cuda_op *mul)
{
    *T = GG_cuda_tuples{};
    int z = mul->zcode;
    T->code = z;
    if (!GG_cuda_mat_dot_supported(add_op, mul) || !gg_builtin(A->type_code) ||
        !gg_builtin(B->type_code) || (!mstruct && M->n > 0 && !gg_builtin(M->code)) ||
        M->n >= (1ULL << 31))
        return GG_CUDA_VRC_UNSUPPORTED;
    uint64_t n = M->n;
    if (n == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    gg_dev_buf tx, keep, next;
    if (!tx.get(n * gg_size_of(z)) || !keep.get((n + 1) * sizeof(uint32_t)) ||
        !next.get(sizeof(unsigned long long)))
        return GG_CUDA_VRC_NOMEM;
    int rc = gg_vk_rc(cudaMemsetAsync(next.p, 0, sizeof(unsigned long long), s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    int op = mul->opcode;
    bool positional = gg_op_positional(op);
    dot_args a{};
    a.nm = n;
    a.mrow = M->row;
    a.mcol = M->col;
    a.mx = M->x;
    a.mcode = M->code;
    a.mstruct = mstruct;
    a.a = *A;
    a.b = *B;
    a.add = add_op;
    a.mul = *mul;
    /* the device's ANY multiply returns its second operand, as the CPU's does */
    a.need_a = !(positional || op == GG_OP_ONEB || op == GG_OP_SECOND || op == GG_OP_ANY);
    a.need_b = !(positional || op == GG_OP_ONEB || op == GG_OP_FIRST);
    a.any = add_op == GG_OP_ANY;
    a.tx = tx.p;
    a.keep = keep.as<uint32_t>();
    a.next = next.as<unsigned long long>();
    unsigned blocks = gg_vk_blocks(n);
    if (counts_only(add_op, mul))
        dot_kernel<true><<<blocks, GG_VK_THREADS, 0, s>>>(a);
    else
        dot_kernel<false><<<blocks, GG_VK_THREADS, 0, s>>>(a);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    return gg_mk_compact(T, keep.as<uint32_t>(), n, M->row, M->col, tx.p, z, M->order);
}
