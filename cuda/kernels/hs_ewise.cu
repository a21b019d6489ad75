/* hs_ewise.cu: eWiseAdd / eWiseMult of two HiSparse trees on the device. Each input is walked
 * top-down level by level (a warp per node, children emitted in order, leaves carried along so
 * the frontier stays in tree order) down to its leaves in tree order.
 * Fast paths first, where the result's pattern is an input's pattern: then the result's pool is that
 * input's pool copied (one memcpy) with its values replaced leaf by leaf (a warp per leaf over the
 * leaf's contiguous values), no merge and no build. That holds when both inputs are the same tree
 * (A+A: same pool and root, detected for free) and when the two key streams decoded below turn
 * out equal (one compare pass; e.g. A+A' of a pattern-symmetric A); the copied input must be stored
 * untransposed, at the result's node dimension, not iso. A canonical input (any device or host
 * build) gives the pool a fresh build of the result would.
 * Otherwise entries are decoded leaf-parallel into tree-order keys of the result, with the
 * transposed flag and scale applied; an input that is not transposed and shares the result's node
 * dimension comes out already sorted, otherwise one radix sort orders it. The two key streams are
 * merged (cub::DeviceMerge), equal keys combined with the operator, entries kept by union or
 * intersection are compacted, and the result is built on the device by the two-phase build
 * (hs_build.cu): the merge-then-build variant of the papers' dual traversal, sharing the build's
 * exact node-kind choice (the same bytes as a host build of the same tuples) instead of an atomic
 * pool allocator whose layout would depend on scheduling. Entry-indexed temporaries are 32-bit
 * (fewer than 2^31 entries) to halve their traffic. */
#include "GG_cuda_semiring.cuh"
#include "hs_device.cuh"

#include <cub/device/device_merge.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cmath>
#include <cstring>

#define EW_THREADS 256

namespace {

inline unsigned ew_blocks(uint64_t n, unsigned per = 1)
{
    return (unsigned)((n * per + EW_THREADS - 1) / EW_THREADS);
}

struct MaxOp {
    __device__ uint32_t operator()(uint32_t a, uint32_t b) const { return a > b ? a : b; }
};

/* A frontier item: a node (its word) at `level` with its origin in content coordinates. */
struct Item {
    uint64_t word, r0, c0;
    int level;
};

__device__ __forceinline__ bool expands(const Item &it, int level)
{
    return it.level == level && hs_is_inner(hs_word_tag(it.word));
}

/* Children (or 1 for an item carried along) of every item: a warp per item. */
__global__ void k_count(const uint8_t *pool, int b, const Item *items, uint64_t n, int level, uint64_t *cnt)
{
    uint64_t w = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (w >= n) return;
    Item it = items[w];
    if (!expands(it, level)) {
        if (lane == 0) cnt[w] = 1;
        return;
    }
    const uint8_t *node = pool + hs_word_offset(it.word);
    if (hs_word_tag(it.word) != GG_HS_INNER_DENSE) {
        if (lane == 0) cnt[w] = *(const uint32_t *)node;
        return;
    }
    uint64_t slots = 1ULL << (2 * b), c = 0;
    for (uint64_t k = lane; k < slots; k += 32) c += ((const uint64_t *)node)[k] != 0;
    for (int o = 16; o > 0; o /= 2) c += __shfl_down_sync(0xffffffffu, c, o);
    if (lane == 0) cnt[w] = c;
}

__global__ void k_emit(const uint8_t *pool, int b, const Item *items, uint64_t n, int level,
                       const uint64_t *pos, Item *out)
{
    uint64_t w = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (w >= n) return;
    Item it = items[w];
    uint64_t o = pos[w];
    if (!expands(it, level)) {
        if (lane == 0) out[o] = it;
        return;
    }
    const uint8_t *node = pool + hs_word_offset(it.word);
    int shift = (level - 1) * b, tag = hs_word_tag(it.word);
    if (tag != GG_HS_INNER_DENSE) {
        uint32_t cnt = *(const uint32_t *)node;
        hs_geom g = hs_coo_geom(cnt, hs_coo_x(tag), 1, 8);
        for (uint32_t k = lane; k < cnt; k += 32) {
            uint64_t ci = node[g.coords + 2 * k], cj = node[g.coords + 2 * k + 1];
            out[o + k] = Item{*(const uint64_t *)(node + g.values + 8 * k), it.r0 + (ci << shift),
                              it.c0 + (cj << shift), level - 1};
        }
        return;
    }
    uint64_t slots = 1ULL << (2 * b);
    for (uint64_t base = 0; base < slots; base += 32) {
        uint64_t k = base + lane;
        uint64_t word = k < slots ? ((const uint64_t *)node)[k] : 0;
        unsigned m = __ballot_sync(0xffffffffu, word != 0);
        if (word != 0) {
            uint64_t at = o + __popc(m & ((1u << lane) - 1));
            out[at] = Item{word, it.r0 + ((k >> b) << shift), it.c0 + ((k & hs_mask(b)) << shift), level - 1};
        }
        o += __popc(m);
    }
}

/* Entries of each leaf. */
__global__ void k_leaf_n(const uint8_t *pool, int b, const Item *leaves, uint64_t n, uint64_t nrows,
                         uint64_t ncols, uint64_t *cnt)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k > n) return;
    if (k == n) {
        cnt[n] = 0;
        return;
    }
    Item L = leaves[k];
    if (hs_word_tag(L.word) == GG_HS_LEAF_DENSE)
        cnt[k] = hs_extent(nrows, L.r0, b) * hs_extent(ncols, L.c0, b);
    else
        cnt[k] = *(const uint32_t *)(pool + hs_word_offset(L.word));
}

__global__ void k_mark(const uint64_t *start, uint64_t n, uint32_t *head)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k < n && start[k + 1] > start[k]) head[start[k]] = (uint32_t)(k + 1);
}

/* The decoded input as the kernels read it. */
struct Src {
    const uint8_t *pool;
    uint64_t nrows, ncols, root;
    int b, vsize, height;
    bool transposed, iso;
    double scale;
    uint8_t iso_value[16];
};

template <class E> __device__ __forceinline__ E scaled(E v, double) { return v; }
template <> __device__ __forceinline__ float scaled(float v, double s) { return (float)(v * s); }
template <> __device__ __forceinline__ double scaled(double v, double s) { return v * s; }

/* Byte offset, from its node, of the values of a leaf of cnt entries (vb bytes each). */
__device__ __forceinline__ uint64_t leaf_values(int tag, int level, int b, uint64_t cnt, uint64_t vb)
{
    if (tag == GG_HS_LEAF_DENSE) return 0;
    if (tag == GG_HS_LEAF_BITMAP) return hs_bitmap_geom(cnt, b, vb).values;
    return hs_coo_geom(cnt, hs_coo_x(tag), hs_coord_bytes(level, b), vb).values;
}

/* Entry k (of leaf head[k] - 1): its key in the result's format and its value. */
template <class E>
__global__ void k_decode(Src S, hs_keyfmt out, bool rowmajor, const Item *leaves, const uint64_t *start,
                         const uint32_t *head, uint64_t n, uint64_t *key, E *val)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k >= n) return;
    uint64_t q = head[k] - 1, rank = k - start[q], cnt = start[q + 1] - start[q];
    Item L = leaves[q];
    int tag = hs_word_tag(L.word), b = S.b;
    const uint8_t *node = S.pool + hs_word_offset(L.word);
    uint64_t vb = S.iso ? 0 : (uint64_t)S.vsize, li, lj;
    const uint8_t *x = node + leaf_values(tag, L.level, b, cnt, vb);
    if (tag == GG_HS_LEAF_DENSE) {
        uint64_t nc = hs_extent(S.ncols, L.c0, b);
        li = rank / nc;
        lj = rank % nc;
    } else if (tag == GG_HS_LEAF_BITMAP) {
        const uint16_t *rs = (const uint16_t *)(node + 4);
        const uint64_t *bm = (const uint64_t *)(node + hs_bitmap_geom(cnt, b, vb).coords);
        uint64_t d = 1ULL << b, lo = 0, hi = d; /* the last row starting at or before rank */
        while (hi - lo > 1) {
            uint64_t mid = (lo + hi) / 2;
            if (rs[mid] <= rank) lo = mid; else hi = mid;
        }
        li = lo;
        uint64_t target = rank - rs[lo], p = li * d, end = p + d;
        while (p < end) {
            unsigned bit = (unsigned)(p % 64);
            uint64_t take = 64 - bit < end - p ? 64 - bit : end - p;
            uint64_t bits = (bm[p / 64] >> bit) & hs_mask((int)take);
            uint64_t c = __popcll(bits);
            if (target < c) {
                for (uint64_t t = 0; t < target; t++) bits &= bits - 1;
                p += __ffsll((long long)bits) - 1;
                break;
            }
            target -= c;
            p += take;
        }
        lj = p - li * d;
    } else {
        unsigned cb = hs_coord_bytes(L.level, b);
        const uint8_t *c = node + hs_coo_geom(cnt, hs_coo_x(tag), cb, vb).coords;
        switch (cb) {
        case 1: li = c[2 * rank]; lj = c[2 * rank + 1]; break;
        case 2: li = ((const uint16_t *)c)[2 * rank]; lj = ((const uint16_t *)c)[2 * rank + 1]; break;
        case 4: li = ((const uint32_t *)c)[2 * rank]; lj = ((const uint32_t *)c)[2 * rank + 1]; break;
        default: li = ((const uint64_t *)c)[2 * rank]; lj = ((const uint64_t *)c)[2 * rank + 1];
        }
    }
    uint64_t i = L.r0 + li, j = L.c0 + lj;
    if (S.transposed) {
        uint64_t t = i;
        i = j;
        j = t;
    }
    key[k] = rowmajor ? (i << 32) | j : hs_key(&out, i, j);
    E v;
    memcpy(&v, S.iso ? S.iso_value : x + rank * S.vsize, sizeof(E));
    val[k] = scaled(v, S.scale);
}

/* The operators are gg_binop's (GG_cuda_semiring.cuh, the vector kernels' rules), by GG_opcode.
 *
 * C's values over the pattern of S, leaf by leaf (a warp per leaf, its values contiguous in S's
 * pool and at the same offsets in C's copy `out`): z = op(s, o) (s_first) or op(o, s), s an entry
 * of S with S's scale, o the entry of the same rank in `other` (S's tree order), or without
 * `other` S's own stored value with other_scale (both inputs the same tree). */
template <class E>
__global__ void k_fold(Src S, uint8_t *out, const Item *leaves, const uint64_t *start, uint64_t nleaves,
                       const E *other, double other_scale, bool s_first, int op)
{
    uint64_t q = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (q >= nleaves) return;
    Item L = leaves[q];
    uint64_t first = start[q], cnt = start[q + 1] - first;
    uint64_t at = hs_word_offset(L.word) + leaf_values(hs_word_tag(L.word), L.level, S.b, cnt, (uint64_t)S.vsize);
    const E *x = (const E *)(S.pool + at);
    E *z = (E *)(out + at);
    const E *y = other != nullptr ? other + first : nullptr;
    for (uint64_t r = lane; r < cnt; r += 32) {
        E raw = x[r], s = scaled(raw, S.scale), o = y != nullptr ? y[r] : scaled(raw, other_scale);
        z[r] = s_first ? gg_binop<E>(op, s, o) : gg_binop<E>(op, o, s);
    }
}

/* The pool header of a fresh device pool (as hs_build.cu writes it). */
__global__ void k_header(uint8_t *pool, uint64_t bytes)
{
    ((int64_t *)pool)[0] = 1;
    ((uint64_t *)pool)[1] = bytes;
}

__global__ void k_differ(const uint64_t *a, const uint64_t *b, uint64_t n, int *differs)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k < n && a[k] != b[k]) *differs = 1;
}

#define EW_B 0x80000000u /* merged payload: the position in B's stream, else in A's */

template <class E>
__global__ void k_combine(const uint64_t *key, const uint32_t *src, uint64_t n, const E *ax,
                          const E *bx, int op, bool mult, uint32_t *keep, E *val)
{
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (p >= n) return;
    bool second = p > 0 && key[p - 1] == key[p];
    bool pair = p + 1 < n && key[p + 1] == key[p];
    keep[p] = !second && (pair || !mult);
    if (second) return;
    uint32_t s = src[p];
    if (!pair) {
        val[p] = s & EW_B ? bx[s & ~EW_B] : ax[s];
        return;
    }
    uint32_t t = src[p + 1], a = s & EW_B ? t : s, bb = s & EW_B ? s : t;
    val[p] = gg_binop<E>(op, ax[a], bx[bb & ~EW_B]);
}

template <class E>
__global__ void k_compact(const uint64_t *key, const E *val, const uint32_t *keep,
                          const uint32_t *pos, uint64_t n, uint64_t *okey, E *oval)
{
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (p >= n || !keep[p]) return;
    okey[pos[p]] = key[p];
    oval[pos[p]] = val[p];
}

__global__ void k_payload(uint32_t *src, uint64_t n, uint32_t tag)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k < n) src[k] = (uint32_t)k | tag;
}

/* Host helpers ------------------------------------------------------------------------------------ */

template <class U> cudaError_t fetch(U *h, const U *d, cudaStream_t s)
{
    cudaError_t e = cudaMemcpyAsync(h, d, sizeof *h, cudaMemcpyDeviceToHost, s);
    return e == cudaSuccess ? cudaStreamSynchronize(s) : e;
}

Src src_of(const GG_cuda_hs *A)
{
    Src S = {static_cast<const uint8_t *>(A->pool), A->nrows, A->ncols, A->root, A->dbits, A->value_size,
             A->height, A->transposed, A->iso, A->scale, {0}};
    memcpy(S.iso_value, A->iso_value, sizeof S.iso_value);
    return S;
}

/* The leaves of a tree in tree order: start[q] is the rank of leaf q's first entry (nleaves + 1
 * of them). */
struct Walk {
    Item *leaves = nullptr;
    uint64_t nleaves = 0, *start = nullptr;
};

GG_cuda_hs_code walk(hsd_tmp &T, const GG_cuda_hs *A, Walk *w)
{
    cudaStream_t s = GG_cuda_stream();
    const uint8_t *pool = static_cast<const uint8_t *>(A->pool);
    int b = A->dbits;
    Item *items = T.get<Item>(1);
    if (T.oom) return GG_CUDA_HS_OOM;
    Item root = {A->root, 0, 0, A->height};
    cudaError_t e = cudaMemcpyAsync(items, &root, sizeof root, cudaMemcpyHostToDevice, s);
    uint64_t nitems = 1;
    for (int level = A->height; e == cudaSuccess && level >= 2; level--) {
        uint64_t *pos = T.get<uint64_t>(nitems + 1);
        if (T.oom) return GG_CUDA_HS_OOM;
        e = cudaMemsetAsync(pos + nitems, 0, sizeof *pos, s);
        k_count<<<ew_blocks(nitems, 32), EW_THREADS, 0, s>>>(pool, b, items, nitems, level, pos);
        if (e == cudaSuccess)
            e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
                return cub::DeviceScan::ExclusiveSum(tmp, bytes, pos, pos, (int64_t)(nitems + 1), s);
            });
        uint64_t next = 0;
        if (e == cudaSuccess) e = fetch(&next, pos + nitems, s);
        if (e != cudaSuccess) break;
        Item *out_items = T.get<Item>(next);
        if (T.oom) return GG_CUDA_HS_OOM;
        k_emit<<<ew_blocks(nitems, 32), EW_THREADS, 0, s>>>(pool, b, items, nitems, level, pos, out_items);
        items = out_items;
        nitems = next;
    }
    if (e != cudaSuccess) return hsd_cuda_code(e);
    uint64_t *start = T.get<uint64_t>(nitems + 1);
    if (T.oom) return GG_CUDA_HS_OOM;
    k_leaf_n<<<ew_blocks(nitems + 1), EW_THREADS, 0, s>>>(pool, b, items, nitems, A->nrows, A->ncols, start);
    e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
        return cub::DeviceScan::ExclusiveSum(tmp, bytes, start, start, (int64_t)(nitems + 1), s);
    });
    w->leaves = items;
    w->nleaves = nitems;
    w->start = start;
    return hsd_cuda_code(e);
}

/* The entries of tree A as (key, value), keys of `out` or with rowmajor (i << 32) | j, decoded in
 * A's own tree order; then, when end_bit > begin_bit, stably radix sorted by the key bits
 * [begin_bit, end_bit) (counted, GG_cuda_sort_count); its walk in *w. */
template <class E>
GG_cuda_hs_code decode(hsd_tmp &T, const GG_cuda_hs *A, const hs_keyfmt &out, bool rowmajor,
                       int begin_bit, int end_bit, uint64_t **key_out, E **val_out, Walk *w)
{
    cudaStream_t s = GG_cuda_stream();
    uint64_t n = A->nvals;
    *key_out = T.get<uint64_t>(n);
    *val_out = T.get<E>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    if (n == 0 || A->root == 0) return GG_CUDA_HS_OK;
    GG_cuda_hs_code code = walk(T, A, w);
    if (code != GG_CUDA_HS_OK) return code;
    uint32_t *head = T.get<uint32_t>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    cudaError_t e = cudaMemsetAsync(head, 0, n * sizeof *head, s);
    k_mark<<<ew_blocks(w->nleaves), EW_THREADS, 0, s>>>(w->start, w->nleaves, head);
    if (e == cudaSuccess)
        e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
            return cub::DeviceScan::InclusiveScan(tmp, bytes, head, head, MaxOp(), (int64_t)n, s);
        });
    if (e != cudaSuccess) return hsd_cuda_code(e);
    k_decode<E><<<ew_blocks(n), EW_THREADS, 0, s>>>(src_of(A), out, rowmajor, w->leaves, w->start, head,
                                                    n, *key_out, *val_out);
    if (end_bit <= begin_bit) return hsd_cuda_code(cudaGetLastError());
    uint64_t *skey = T.get<uint64_t>(n);
    E *sval = T.get<E>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    GG_cuda_sort_counted();
    e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
        return cub::DeviceRadixSort::SortPairs(tmp, bytes, *key_out, skey, *val_out, sval, (int64_t)n,
                                               begin_bit, end_bit, s);
    });
    *key_out = skey;
    *val_out = sval;
    return hsd_cuda_code(e);
}

/* Key bits to sort S's decoded tree-order keys of format f by: none when S is stored untransposed
 * at f's node dimension (its order is f's tree order already), all of them otherwise. */
int tree_sort_bits(const GG_cuda_hs *S, const hs_keyfmt &f)
{
    return S->transposed || S->dbits != f.b ? 2 * f.bits : 0;
}

/* Whether S's pool, copied, can hold the result: its pattern in the result's layout. */
bool layout_source(const GG_cuda_hs *S, int dbits, int vsize)
{
    return S->nvals > 0 && S->root != 0 && !S->transposed && !S->iso && S->dbits == dbits &&
           S->value_size == vsize;
}

/* A new device pool holding S's bytes, its header a fresh pool's, queued on the stream (*e: the
 * copy's error); nullptr when out of memory. */
uint8_t *pool_copy(const GG_cuda_hs *S, cudaError_t *e)
{
    cudaStream_t s = GG_cuda_stream();
    uint8_t *pool = static_cast<uint8_t *>(GG_cuda_malloc((size_t)S->pool_bytes));
    if (pool == nullptr) return nullptr;
    *e = cudaMemcpyAsync(pool, S->pool, (size_t)S->pool_bytes, cudaMemcpyDeviceToDevice, s);
    k_header<<<1, 1, 0, s>>>(pool, S->pool_bytes);
    return pool;
}

/* S's tree over the copy `pool` of its pool, unscaled, of type_code. */
GG_cuda_hs on_pool(const GG_cuda_hs *S, uint8_t *pool, int type_code)
{
    GG_cuda_hs R = *S;
    R.pool = pool;
    R.type_code = type_code;
    R.scale = 1.0;
    return R;
}

/* C over S's pattern: S's pool copied, its values replaced by k_fold. */
template <class E>
GG_cuda_hs_code fold(GG_cuda_hs *C, const GG_cuda_hs *S, const Walk &w, const E *other,
                     double other_scale, bool s_first, int op, int type_code)
{
    cudaStream_t s = GG_cuda_stream();
    cudaError_t e = cudaSuccess;
    uint8_t *pool = pool_copy(S, &e);
    if (pool == nullptr) return GG_CUDA_HS_OOM;
    k_fold<E><<<ew_blocks(w.nleaves, 32), EW_THREADS, 0, s>>>(src_of(S), pool, w.leaves, w.start,
                                                             w.nleaves, other, other_scale, s_first, op);
    if (e == cudaSuccess) e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) {
        GG_cuda_free(pool);
        return hsd_cuda_code(e);
    }
    *C = on_pool(S, pool, type_code);
    return GG_CUDA_HS_OK;
}

/* C built from the n sorted keys and their values whose keep flag is set (keep[n] is 0): a scan
 * of the flags, the compaction, the build. */
template <class E>
GG_cuda_hs_code build_kept(hsd_tmp &T, GG_cuda_hs *C, uint64_t nrows, uint64_t ncols, int dbits,
                           const uint64_t *key, const E *val, const uint32_t *keep, uint64_t n, int type_code)
{
    cudaStream_t s = GG_cuda_stream();
    uint32_t *pos = T.get<uint32_t>(n + 1);
    uint64_t *okey = T.get<uint64_t>(n);
    E *oval = T.get<E>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    cudaError_t e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
        return cub::DeviceScan::ExclusiveSum(tmp, bytes, keep, pos, (int64_t)(n + 1), s);
    });
    uint32_t nc = 0;
    if (e == cudaSuccess) e = fetch(&nc, pos + n, s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    k_compact<E><<<ew_blocks(n), EW_THREADS, 0, s>>>(key, val, keep, pos, n, okey, oval);
    e = cudaGetLastError();
    if (e != cudaSuccess) return hsd_cuda_code(e);
    return hsd_build_sorted(C, nrows, ncols, dbits, okey, oval, nc, type_code, (int)sizeof(E), false);
}

template <class E>
GG_cuda_hs_code ewise(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B, int op, int type_code,
                      int dbits, bool mult)
{
    uint64_t nrows = A->transposed ? A->ncols : A->nrows, ncols = A->transposed ? A->nrows : A->ncols;
    hs_keyfmt f;
    if (!hs_keyfmt_make(&f, nrows, ncols, dbits) || A->nvals + B->nvals >= (1ULL << 31))
        return GG_CUDA_HS_UNSUPPORTED;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    int vsize = (int)sizeof(E);
    bool a_src = layout_source(A, dbits, vsize), b_src = layout_source(B, dbits, vsize);
    if (a_src && A->pool == B->pool && A->root == B->root && !B->transposed) {
        Walk w;
        GG_cuda_hs_code code = walk(T, A, &w);
        return code != GG_CUDA_HS_OK ? code : fold<E>(C, A, w, nullptr, B->scale, true, op, type_code);
    }
    uint64_t *ak, *bk;
    E *ax, *bx;
    Walk aw, bw;
    GG_cuda_hs_code code = decode<E>(T, A, f, false, 0, tree_sort_bits(A, f), &ak, &ax, &aw);
    if (code == GG_CUDA_HS_OK) code = decode<E>(T, B, f, false, 0, tree_sort_bits(B, f), &bk, &bx, &bw);
    if (code != GG_CUDA_HS_OK) return code;
    uint64_t na = A->nvals, nb = B->nvals, n = na + nb;
    if (na == nb && (a_src || b_src)) {
        int *differs = T.get<int>(1), h = 1;
        if (T.oom) return GG_CUDA_HS_OOM;
        cudaError_t e = cudaMemsetAsync(differs, 0, sizeof *differs, s);
        k_differ<<<ew_blocks(na), EW_THREADS, 0, s>>>(ak, bk, na, differs);
        if (e == cudaSuccess) e = fetch(&h, differs, s);
        if (e != cudaSuccess) return hsd_cuda_code(e);
        if (!h) return a_src ? fold<E>(C, A, aw, bx, 1.0, true, op, type_code)
                             : fold<E>(C, B, bw, ax, 1.0, false, op, type_code);
    }
    uint32_t *asrc = T.get<uint32_t>(na), *bsrc = T.get<uint32_t>(nb), *msrc = T.get<uint32_t>(n);
    uint32_t *flag = T.get<uint32_t>(n + 1);
    uint64_t *mkey = T.get<uint64_t>(n);
    E *mval = T.get<E>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    k_payload<<<ew_blocks(na), EW_THREADS, 0, s>>>(asrc, na, 0);
    k_payload<<<ew_blocks(nb), EW_THREADS, 0, s>>>(bsrc, nb, EW_B);
    cudaError_t e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
        return cub::DeviceMerge::MergePairs(tmp, bytes, ak, asrc, (int64_t)na, bk, bsrc, (int64_t)nb,
                                            mkey, msrc, cuda::std::less<uint64_t>(), s);
    });
    if (e == cudaSuccess) e = cudaMemsetAsync(flag + n, 0, sizeof *flag, s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    k_combine<E><<<ew_blocks(n), EW_THREADS, 0, s>>>(mkey, msrc, n, ax, bx, op, mult, flag, mval);
    return build_kept<E>(T, C, nrows, ncols, dbits, mkey, mval, flag, n, type_code);
}

/* Logical S(i, j) into *v (scaled), false when S has no such entry. */
template <class E> __device__ __forceinline__ bool src_get(const Src &S, uint64_t i, uint64_t j, E *v)
{
    uint64_t at;
    if (S.transposed) {
        uint64_t t = i;
        i = j;
        j = t;
    }
    if (S.root == 0 ||
        !hsd_find(S.pool, S.root, S.height, S.b, S.ncols, S.iso ? 0 : (uint64_t)S.vsize, i, j, &at))
        return false;
    E x;
    memcpy(&x, S.iso ? S.iso_value : S.pool + at, sizeof(E));
    *v = scaled(x, S.scale);
    return true;
}

/* Mask entry p (its key in the result's format): kept when A and B have it (mult) or either has
 * it, with op(a, b) or the one value. */
template <class E>
__global__ void k_masked(Src A, Src B, hs_keyfmt f, const uint64_t *mkey, uint64_t n, int op, bool mult,
                         uint32_t *keep, E *val)
{
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (p >= n) return;
    uint64_t i, j;
    hs_key_split(&f, mkey[p], f.h, &i, &j);
    E a{}, b{};
    bool ha = src_get(A, i, j, &a), hb = src_get(B, i, j, &b);
    keep[p] = mult ? ha && hb : ha || hb;
    val[p] = ha && hb ? gg_binop<E>(op, a, b) : ha ? a : b;
}

/* C = (A (+) B) restricted to M's pattern, driven by M: M's entries are decoded into the result's
 * key order (no sort when M is stored untransposed at the result's node dimension) and each is
 * looked up in A and B (hsd_find), so neither input is decoded, merged or sorted; the kept keys
 * stay in order and build C directly. Cost: M's entries times the trees' height, against a decode
 * of all of A and B for the merge; betweenness centrality's masks (one BFS level) are far smaller
 * than its inputs. */
template <class E>
GG_cuda_hs_code ewise_masked(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B, const GG_cuda_hs *M,
                             int op, int type_code, int dbits, bool mult)
{
    uint64_t nrows = A->transposed ? A->ncols : A->nrows, ncols = A->transposed ? A->nrows : A->ncols;
    hs_keyfmt f;
    if (!hs_keyfmt_make(&f, nrows, ncols, dbits) || M->nvals >= (1ULL << 31)) return GG_CUDA_HS_UNSUPPORTED;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t *mk;
    uint8_t *mx; /* the mask's values are not read */
    Walk mw;
    GG_cuda_hs_code code = decode<uint8_t>(T, M, f, false, 0, tree_sort_bits(M, f), &mk, &mx, &mw);
    uint64_t n = M->nvals;
    if (code != GG_CUDA_HS_OK || n == 0 || M->root == 0)
        return code != GG_CUDA_HS_OK ? code
                                     : hsd_build_sorted(C, nrows, ncols, dbits, nullptr, nullptr, 0, type_code,
                                                        (int)sizeof(E), false);
    uint32_t *keep = T.get<uint32_t>(n + 1);
    E *val = T.get<E>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    cudaError_t e = cudaMemsetAsync(keep + n, 0, sizeof *keep, s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    k_masked<E><<<ew_blocks(n), EW_THREADS, 0, s>>>(src_of(A), src_of(B), f, mk, n, op, mult, keep, val);
    return build_kept<E>(T, C, nrows, ncols, dbits, mk, val, keep, n, type_code);
}

/* T's entry p into C's copy `out`: C's value there becomes op(c, t); *missing = 1 when C has no
 * entry at T's key (C stored untransposed at T's format: its coordinates are the logical ones). */
template <class E>
__global__ void k_accum(Src C, uint8_t *out, hs_keyfmt f, const uint64_t *tkey, const E *tval, uint64_t n,
                        int op, int *missing)
{
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (p >= n) return;
    uint64_t i, j, at;
    hs_key_split(&f, tkey[p], f.h, &i, &j);
    if (!hsd_find(C.pool, C.root, C.height, C.b, C.ncols, (uint64_t)C.vsize, i, j, &at)) {
        *missing = 1;
        return;
    }
    E c, z;
    memcpy(&c, C.pool + at, sizeof(E));
    z = gg_binop<E>(op, c, tval[p]);
    memcpy(out + at, &z, sizeof(E));
}

/* Z = C accum T where T's pattern lies within C's: C's pool copied and each of T's entries applied
 * at its place (k_accum), the pattern and so every node as they were; *done false (nothing made)
 * when C's pool cannot be reused (transposed, iso, scaled, another node dimension or value size)
 * or an entry of T is not in C. Why: betweenness centrality's bcu += w .* paths adds a level's few
 * entries into a full 4 x 2^20 bcu, which a merge would decode, merge and build whole. */
template <class E>
GG_cuda_hs_code accum_in_place(GG_cuda_hs *Z, const GG_cuda_hs *C, const GG_cuda_hs *Tr, int op, int type_code,
                               int dbits, bool *done)
{
    *done = false;
    hs_keyfmt f;
    if (C->transposed || C->iso || C->scale != 1.0 || C->dbits != dbits || C->value_size != (int)sizeof(E) ||
        C->nvals == 0 || C->root == 0 || Tr->nvals == 0 || Tr->nvals > C->nvals ||
        !hs_keyfmt_make(&f, C->nrows, C->ncols, dbits) || Tr->nvals >= (1ULL << 31))
        return GG_CUDA_HS_OK;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t *tk;
    E *tv;
    Walk tw;
    int *missing = T.get<int>(1), h = 1;
    if (T.oom) return GG_CUDA_HS_OOM;
    GG_cuda_hs_code code = decode<E>(T, Tr, f, false, 0, tree_sort_bits(Tr, f), &tk, &tv, &tw);
    if (code != GG_CUDA_HS_OK) return code;
    cudaError_t e = cudaSuccess;
    uint8_t *pool = pool_copy(C, &e);
    if (pool == nullptr) return GG_CUDA_HS_OOM;
    if (e == cudaSuccess) e = cudaMemsetAsync(missing, 0, sizeof *missing, s);
    k_accum<E><<<ew_blocks(Tr->nvals), EW_THREADS, 0, s>>>(src_of(C), pool, f, tk, tv, Tr->nvals, op, missing);
    if (e == cudaSuccess) e = cudaGetLastError();
    if (e == cudaSuccess) e = fetch(&h, missing, s);
    if (e != cudaSuccess || h != 0) {
        GG_cuda_free(pool);
        return hsd_cuda_code(e);
    }
    *Z = on_pool(C, pool, type_code);
    *done = true;
    return GG_CUDA_HS_OK;
}

/* The value kind's element type: f(E{}) for `kind`. */
template <class F> GG_cuda_hs_code with_kind(GG_cuda_ew_kind kind, F f)
{
    switch (kind) {
    case GG_CUDA_EW_BOOL: return f(bool{});
    case GG_CUDA_EW_INT8: return f(int8_t{});
    case GG_CUDA_EW_UINT8: return f(uint8_t{});
    case GG_CUDA_EW_INT16: return f(int16_t{});
    case GG_CUDA_EW_UINT16: return f(uint16_t{});
    case GG_CUDA_EW_INT32: return f(int32_t{});
    case GG_CUDA_EW_UINT32: return f(uint32_t{});
    case GG_CUDA_EW_INT64: return f(int64_t{});
    case GG_CUDA_EW_UINT64: return f(uint64_t{});
    case GG_CUDA_EW_FP32: return f(float{});
    case GG_CUDA_EW_FP64: return f(double{});
    }
    return GG_CUDA_HS_UNSUPPORTED;
}

} // namespace

extern "C" GG_cuda_hs_code GG_cuda_hs_ewise(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B,
                                            int op, GG_cuda_ew_kind kind, int type_code,
                                            int dbits, bool mult)
{
    if (dbits < 1 || dbits > 8) return GG_CUDA_HS_UNSUPPORTED;
    GG_cuda_bind();
    return with_kind(kind, [&](auto e) { return ewise<decltype(e)>(C, A, B, op, type_code, dbits, mult); });
}

extern "C" GG_cuda_hs_code GG_cuda_hs_ewise_masked(GG_cuda_hs *C, const GG_cuda_hs *A, const GG_cuda_hs *B,
                                                   const GG_cuda_hs *M, int op, GG_cuda_ew_kind kind,
                                                   int type_code, int dbits, bool mult)
{
    if (dbits < 1 || dbits > 8) return GG_CUDA_HS_UNSUPPORTED;
    GG_cuda_bind();
    return with_kind(kind, [&](auto e) {
        return ewise_masked<decltype(e)>(C, A, B, M, op, type_code, dbits, mult);
    });
}

extern "C" GG_cuda_hs_code GG_cuda_hs_accum_in_place(GG_cuda_hs *Z, const GG_cuda_hs *C, const GG_cuda_hs *T,
                                                     int op, GG_cuda_ew_kind kind, int type_code, int dbits,
                                                     bool *done)
{
    *done = false;
    if (dbits < 1 || dbits > 8) return GG_CUDA_HS_OK;
    GG_cuda_bind();
    return with_kind(kind, [&](auto e) {
        return accum_in_place<decltype(e)>(Z, C, T, op, type_code, dbits, done);
    });
}

/* An iso tree over M's pattern. M iso, stored untransposed at the node dimension: its pool is the
 * result's but for the iso value (an iso tree's nodes hold no values, and the value's slot after
 * the header is 16 bytes for every built-in type), so one copy and the value written over it;
 * otherwise M's keys in the result's order build it (no sort when M is untransposed at dbits). */
extern "C" GG_cuda_hs_code GG_cuda_hs_pattern(GG_cuda_hs *Z, const GG_cuda_hs *M, int dbits, int type_code,
                                              const void *value, int value_size)
{
    uint64_t nrows = M->transposed ? M->ncols : M->nrows, ncols = M->transposed ? M->nrows : M->ncols;
    hs_keyfmt f;
    if (dbits < 1 || dbits > 8 || value_size < 1 || value_size > 16 || !hs_keyfmt_make(&f, nrows, ncols, dbits) ||
        M->nvals >= (1ULL << 31))
        return GG_CUDA_HS_UNSUPPORTED;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    uint8_t iso[16] = {0};
    memcpy(iso, value, (size_t)value_size);
    if (M->iso && !M->transposed && M->dbits == dbits && M->nvals > 0 && M->root != 0 &&
        M->type_code >= GG_CUDA_BOOL && M->type_code <= GG_CUDA_FP64) {
        cudaError_t e = cudaSuccess;
        uint8_t *pool = pool_copy(M, &e);
        if (pool == nullptr) return GG_CUDA_HS_OOM;
        if (e == cudaSuccess) e = cudaMemcpyAsync(pool + HS_HEADER_BYTES, iso, sizeof iso, cudaMemcpyHostToDevice, s);
        if (e == cudaSuccess) e = cudaGetLastError();
        if (e == cudaSuccess) e = cudaStreamSynchronize(s); /* iso is on this stack */
        if (e != cudaSuccess) {
            GG_cuda_free(pool);
            return hsd_cuda_code(e);
        }
        *Z = on_pool(M, pool, type_code);
        memcpy(Z->iso_value, iso, sizeof iso);
        return GG_CUDA_HS_OK;
    }
    hsd_tmp T;
    uint64_t *mk;
    uint8_t *mx;
    Walk mw;
    uint8_t *dv = T.get<uint8_t>(sizeof iso);
    if (T.oom) return GG_CUDA_HS_OOM;
    GG_cuda_hs_code code = decode<uint8_t>(T, M, f, false, 0, tree_sort_bits(M, f), &mk, &mx, &mw);
    if (code != GG_CUDA_HS_OK) return code;
    cudaError_t e = cudaMemcpyAsync(dv, iso, sizeof iso, cudaMemcpyHostToDevice, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    bool any = M->nvals > 0 && M->root != 0; /* without entries the tree is not iso, as a build makes it */
    code = hsd_build_sorted(Z, nrows, ncols, dbits, mk, dv, any ? M->nvals : 0, type_code, value_size, any);
    if (code == GG_CUDA_HS_OK && any) memcpy(Z->iso_value, iso, sizeof iso);
    return code;
}

namespace {

/* Row-major keys (i << 32) | j split into the device tuples' 32-bit coordinates. */
__global__ void k_split(const uint64_t *key, uint64_t n, uint32_t *row, uint32_t *col)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k >= n) return;
    row[k] = (uint32_t)(key[k] >> 32);
    col[k] = (uint32_t)key[k];
}

/* Bits of a coordinate below n (0 when n <= 1: one coordinate, nothing to sort by). */
int coord_bits(uint64_t n)
{
    return n <= 1 ? 0 : hs_msb(n - 1) + 1;
}

/* The decode order asked for comes from A's tree order by one stable sort of the row-major keys
 * (i << 32) | j by the row bits alone (ROW) or the column bits alone (COL): within a row, tree
 * order has the columns ascending, and within a column the rows (GG_cuda_order), so the stable
 * sort leaves each row (column) as the tree had it. Against a full 64-bit key that is about a
 * third of the radix passes on 2^20 rows (CUB's 8-bit digits: 3 passes, not 8). TREE: no sort.
 * With tkey set, A's own tree-order keys go there instead of rows and columns (GG_cuda_hs_to_keys:
 * A is untransposed, so they are the keys of its format, in its order). */
template <class E>
GG_cuda_hs_code to_coo(const GG_cuda_hs *A, GG_cuda_order order, uint32_t *row, uint32_t *col,
                       uint64_t *tkey, void *x)
{
    hs_keyfmt f;
    if (!hs_keyfmt_make(&f, A->nrows, A->ncols, A->dbits) || A->nvals >= (1ULL << 31))
        return GG_CUDA_HS_UNSUPPORTED;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t *key;
    E *val;
    Walk w;
    uint64_t lrows = A->transposed ? A->ncols : A->nrows, lcols = A->transposed ? A->nrows : A->ncols;
    int begin = 0, end = 0;
    if (tkey == nullptr && order == GG_CUDA_ORDER_ROW) {
        begin = 32;
        end = 32 + coord_bits(lrows);
    } else if (tkey == nullptr && order == GG_CUDA_ORDER_COL) {
        end = coord_bits(lcols);
    }
    GG_cuda_hs_code code = decode<E>(T, A, f, tkey == nullptr, begin, end, &key, &val, &w);
    if (code != GG_CUDA_HS_OK || A->nvals == 0) return code;
    cudaError_t e = cudaSuccess;
    if (tkey == nullptr)
        k_split<<<ew_blocks(A->nvals), EW_THREADS, 0, s>>>(key, A->nvals, row, col);
    else
        e = cudaMemcpyAsync(tkey, key, A->nvals * sizeof *key, cudaMemcpyDeviceToDevice, s);
    if (e == cudaSuccess) e = cudaMemcpyAsync(x, val, A->nvals * sizeof(E), cudaMemcpyDeviceToDevice, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    return hsd_cuda_code(e);
}

/* Row-major keys (i << 32) | j of the tree-order keys of format f. */
__global__ void k_rowmajor(hs_keyfmt f, const uint64_t *key, uint64_t n, uint64_t *rk)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k >= n) return;
    uint64_t i, j;
    hs_key_split(&f, key[k], f.h, &i, &j);
    rk[k] = i << 32 | j;
}

/* The tuples of a tree not built yet (GG_cuda_hkeys: its entries as tree-order keys and values) in
 * `order`, as to_coo makes them from a built tree: the same one stable sort by the major
 * coordinate's bits of the row-major keys, with no walk of a tree and no decode. */
template <class E>
GG_cuda_hs_code keys_to_coo(const GG_cuda_hkeys *K, GG_cuda_order order, uint32_t *row, uint32_t *col,
                            void *x)
{
    hs_keyfmt f;
    if (!hs_keyfmt_make(&f, K->nrows, K->ncols, K->dbits) || K->n >= (1ULL << 31) ||
        K->nrows > (1ULL << 32) || K->ncols > (1ULL << 32))
        return GG_CUDA_HS_UNSUPPORTED;
    uint64_t n = K->n;
    if (n == 0) return GG_CUDA_HS_OK;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t *rk = T.get<uint64_t>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    k_rowmajor<<<ew_blocks(n), EW_THREADS, 0, s>>>(f, K->key, n, rk);
    int begin = 0, end = 0;
    if (order == GG_CUDA_ORDER_ROW) {
        begin = 32;
        end = 32 + coord_bits(K->nrows);
    } else if (order == GG_CUDA_ORDER_COL) {
        end = coord_bits(K->ncols);
    }
    const uint64_t *key = rk;
    const E *val = static_cast<const E *>(K->x);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess && end > begin) {
        uint64_t *skey = T.get<uint64_t>(n);
        E *sval = T.get<E>(n);
        if (T.oom) return GG_CUDA_HS_OOM;
        GG_cuda_sort_counted();
        e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
            return cub::DeviceRadixSort::SortPairs(tmp, bytes, rk, skey, val, sval, (int64_t)n, begin, end, s);
        });
        key = skey;
        val = sval;
    }
    if (e == cudaSuccess) {
        k_split<<<ew_blocks(n), EW_THREADS, 0, s>>>(key, n, row, col);
        e = cudaMemcpyAsync(x, val, n * sizeof(E), cudaMemcpyDeviceToDevice, s);
    }
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    return hsd_cuda_code(e);
}

/* to_coo with the value kind of A's stored type. */
GG_cuda_hs_code to_coo_of(const GG_cuda_hs *A, GG_cuda_order order, uint32_t *row, uint32_t *col,
                          uint64_t *tkey, void *x)
{
    GG_cuda_bind();
    int size = A->iso ? 0 : A->value_size;
    if (A->iso) { /* the kind only sets the value width: the iso value's own */
        switch (A->type_code) {
        case 1: case 2: case 3: size = 1; break;
        case 4: case 5: size = 2; break;
        case 6: case 7: case 10: size = 4; break;
        default: size = 8;
        }
    }
    if (A->type_code == 10) return to_coo<float>(A, order, row, col, tkey, x); /* scaled on the way */
    if (A->type_code == 11) return to_coo<double>(A, order, row, col, tkey, x);
    switch (size) {
    case 1: return to_coo<uint8_t>(A, order, row, col, tkey, x);
    case 2: return to_coo<uint16_t>(A, order, row, col, tkey, x);
    case 4: return to_coo<uint32_t>(A, order, row, col, tkey, x);
    case 8: return to_coo<uint64_t>(A, order, row, col, tkey, x);
    }
    return GG_CUDA_HS_UNSUPPORTED;
}

} // namespace

extern "C" GG_cuda_hs_code GG_cuda_hs_to_coo(const GG_cuda_hs *A, GG_cuda_order order, uint32_t *row,
                                             uint32_t *col, void *x)
{
    return to_coo_of(A, order, row, col, nullptr, x);
}

extern "C" GG_cuda_hs_code GG_cuda_hs_to_keys(const GG_cuda_hs *A, uint64_t *key, void *x)
{
    if (A->transposed) return GG_CUDA_HS_UNSUPPORTED;
    return to_coo_of(A, GG_CUDA_ORDER_TREE, nullptr, nullptr, key, x);
}

extern "C" GG_cuda_hs_code GG_cuda_hkeys_to_coo(const GG_cuda_hkeys *K, GG_cuda_order order, uint32_t *row,
                                               uint32_t *col, void *x)
{
    GG_cuda_bind();
    switch (K->value_size) {
    case 1: return keys_to_coo<uint8_t>(K, order, row, col, x);
    case 2: return keys_to_coo<uint16_t>(K, order, row, col, x);
    case 4: return keys_to_coo<uint32_t>(K, order, row, col, x);
    case 8: return keys_to_coo<uint64_t>(K, order, row, col, x);
    }
    return GG_CUDA_HS_UNSUPPORTED;
}

extern "C" GG_cuda_hs_code GG_cuda_hkeys_build(GG_cuda_hs *Z, const GG_cuda_hkeys *K)
{
    GG_cuda_bind();
    GG_cuda_hs_code code = hsd_build_sorted(Z, K->nrows, K->ncols, K->dbits, K->key, K->x, K->n,
                                            K->type_code, K->value_size, K->iso);
    if (code == GG_CUDA_HS_OK && K->iso) memcpy(Z->iso_value, K->iso_value, (size_t)K->value_size);
    return code;
}
