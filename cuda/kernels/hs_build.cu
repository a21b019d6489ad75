/* hs_build.cu: the HiSparse two-phase build on the device (papers; src/hisparse/build.c is the host
 * reference it must match byte for byte). Tuples become tree-order keys and are radix sorted
 * (cub::DeviceRadixSort) unless they come in tree order already; nodes are grouped level by
 * level, bottom-up, with head flags and scans (cub::DeviceScan), each level choosing its node
 * kinds with the host's cost model over its children's subtree bytes; a top-down pass turns
 * subtree sizes into offsets (the host lays a subtree out as its children's subtrees in tree
 * order, then the node); one pool is allocated and zeroed, and the fill writes inner child words
 * node-parallel and leaf entries entry-parallel.
 * Entry- and node-indexed flags, scans and parent links are 32-bit (fewer than 2^31 tuples).
 * Duplicate tuples are refused (GG_CUDA_HS_DUPLICATE): the store only ever hands over sorted
 * unique tuples, and the host build folds duplicates with `dup`, which is not a device operator. */
#include "hs_device.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstring>

#define HSD_THREADS 256

static inline unsigned hsd_blocks(uint64_t n)
{
    return (unsigned)((n + HSD_THREADS - 1) / HSD_THREADS);
}

namespace {

struct MaxOp {
    __device__ uint32_t operator()(uint32_t a, uint32_t b) const { return a > b ? a : b; }
};

/* ---- ordering the tuples ------------------------------------------------------------------------- */

/* The flags of one build's checks (GG_cuda_hs_build_coo). */
enum { F_BOUNDS, F_UNORDERED, F_DIFFERS, F_DUP, F_COUNT };

/* Tuple k's tree-order key and position; flags an index out of range, a key not above the one of
 * tuple k - 1 (the tuples are not in tree order, or repeat one: they need the sort) and a value
 * bitwise unlike the first (the tuples are not iso, in whatever order). A flag is written once a
 * block (most values differ from the first: one store per entry would all hit one word). */
template <class I>
__global__ void k_keys(hs_keyfmt f, const I *row, const I *col, const char *x, int size,
                       uint64_t nrows, uint64_t ncols, uint64_t n, uint64_t *key, uint32_t *idx,
                       int *flags)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    bool bounds = false, unordered = false, differs = false;
    if (k < n) {
        uint64_t i = row[k], j = col[k];
        bounds = i >= nrows || j >= ncols;
        uint64_t key_k = bounds ? 0 : hs_key(&f, i, j);
        key[k] = key_k;
        idx[k] = (uint32_t)k;
        /* an index out of range before k is flagged by its own thread (the build is refused) */
        unordered = k > 0 && row[k - 1] < nrows && col[k - 1] < ncols &&
                    hs_key(&f, row[k - 1], col[k - 1]) >= key_k;
        const char *v = x + k * size;
        for (int b = 0; b < size && !differs; b++) differs = v[b] != x[b];
    }
    bounds = __syncthreads_or(bounds);
    unordered = __syncthreads_or(unordered);
    differs = __syncthreads_or(differs);
    if (threadIdx.x != 0) return;
    if (bounds) flags[F_BOUNDS] = 1;
    if (unordered) flags[F_UNORDERED] = 1;
    if (differs) flags[F_DIFFERS] = 1;
}

/* Copies one value of `size` bytes (1, 2, 4, 8 or 16, both addresses aligned to it). */
__device__ __forceinline__ void hsd_copy_value(void *dst, const void *src, int size)
{
    switch (size) {
    case 1: *(uint8_t *)dst = *(const uint8_t *)src; break;
    case 2: *(uint16_t *)dst = *(const uint16_t *)src; break;
    case 4: *(uint32_t *)dst = *(const uint32_t *)src; break;
    case 8: *(uint64_t *)dst = *(const uint64_t *)src; break;
    default: *(uint4 *)dst = *(const uint4 *)src;
    }
}

/* Values in key order; flags a repeated key. */
__global__ void k_gather(const uint64_t *key, const uint32_t *idx, const char *x, char *y, int size,
                         uint64_t n, int *dup)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k >= n) return;
    if (k > 0 && key[k] == key[k - 1]) *dup = 1;
    hsd_copy_value(y + k * size, x + (uint64_t)idx[k] * size, size);
}

/* ---- the skeleton ------------------------------------------------------------------------------- */

/* Item t of a level (an entry for level 1, a node of the level below otherwise) belongs to the
 * node whose id is its own id shifted by one digit (or 0 at the root). */
__device__ __forceinline__ uint64_t item_id(const hs_keyfmt &f, const uint64_t *key,
                                            const uint64_t *below_ids, uint64_t t, int level)
{
    if (level >= f.h) return 0;
    if (below_ids == nullptr) return hsd_node_id(f, key[t], level);
    return below_ids[t] >> (2 * f.b);
}

__global__ void k_heads(hs_keyfmt f, const uint64_t *key, const uint64_t *below_ids, uint64_t nitems,
                        int level, uint32_t *head)
{
    uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (t >= nitems) return;
    head[t] = t == 0 || item_id(f, key, below_ids, t, level) !=
                            item_id(f, key, below_ids, t - 1, level);
}

/* pidx: inclusive sum of the heads, so pidx[t] - 1 is item t's node. */
__global__ void k_group(hs_keyfmt f, const uint64_t *key, const uint64_t *below_ids, uint64_t nitems,
                        int level, const uint32_t *pidx, uint64_t *first, uint64_t *ids)
{
    uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (t >= nitems) return;
    uint64_t v = pidx[t] - 1;
    if (t == 0 || pidx[t - 1] != pidx[t]) {
        first[v] = t;
        ids[v] = item_id(f, key, below_ids, t, level);
    }
    if (t == nitems - 1) first[v + 1] = nitems;
}

/* Per level-1 node: its leaf kind and bytes. */
__global__ void k_choose1(hs_keyfmt f, const uint64_t *key, const uint64_t *efirst, uint64_t nn,
                          uint64_t vb, uint64_t nrows, uint64_t ncols, uint8_t *tag, uint64_t *best)
{
    uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (v >= nn) return;
    uint64_t i, j, m = hs_mask(f.b), n = efirst[v + 1] - efirst[v];
    hs_key_split(&f, key[efirst[v]], f.h, &i, &j);
    bool full = n == hs_extent(nrows, i & ~m, f.b) * hs_extent(ncols, j & ~m, f.b);
    hs_choice c = hs_leaf1_choice(n, f.b, vb, full);
    tag[v] = (uint8_t)c.tag;
    best[v] = c.size;
}

/* Per node of a level >= 2: entries, children's bytes (sbest: exclusive sums of the children's
 * subtree bytes) and the cheaper kind. */
__global__ void k_choose(int b, int level, const uint64_t *kfirst, const uint64_t *efirst_below,
                         uint64_t *efirst, uint64_t nn, uint64_t n, const uint64_t *sbest_below,
                         uint64_t vb, uint8_t *tag, uint64_t *best, uint64_t *kids_bytes)
{
    uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (v >= nn) return;
    uint64_t k0 = kfirst[v], k1 = kfirst[v + 1];
    uint64_t e0 = efirst_below[k0], e1 = efirst_below[k1];
    efirst[v] = e0;
    if (v + 1 == nn) efirst[nn] = n;
    uint64_t kb = sbest_below[k1] - sbest_below[k0], bytes;
    hs_choice c = hs_node_choice(e1 - e0, k1 - k0, kb, level, b, vb, &bytes);
    tag[v] = (uint8_t)c.tag;
    best[v] = bytes;
    kids_bytes[v] = kb;
}

/* ---- layout ------------------------------------------------------------------------------------- */

/* Node v of the level below a parent level: live when its parent is a live inner node; its subtree
 * starts where its parent's does plus its elder siblings' subtrees. The root is done on the host. */
__global__ void k_place(uint64_t nn, const uint32_t *parent, const uint64_t *kfirst_up,
                        const uint64_t *start_up, const uint8_t *alive_up, const uint8_t *tag_up,
                        const uint64_t *sbest, const uint8_t *tag, const uint64_t *kids_bytes,
                        uint64_t *start, uint64_t *offset, uint8_t *alive)
{
    uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (v >= nn) return;
    uint64_t p = parent[v] - 1;
    bool live = alive_up[p] && hs_is_inner(tag_up[p]);
    alive[v] = live;
    uint64_t s = start_up[p] + sbest[v] - sbest[kfirst_up[p]];
    start[v] = s;
    offset[v] = s + (hs_is_inner(tag[v]) && kids_bytes != nullptr ? kids_bytes[v] : 0);
}

/* ---- the fill ------------------------------------------------------------------------------------ */

/* Node v (level l) writes its count when it is a COO inner node, its word into its inner parent,
 * and when a leaf registers itself at its first entry for the entry fill. */
__global__ void k_nodes(hs_keyfmt f, int level, uint64_t nn, const uint64_t *key, const uint64_t *efirst,
                        const uint8_t *tag, const uint64_t *offset, const uint8_t *alive,
                        const uint64_t *kfirst, const uint32_t *parent, const uint64_t *kfirst_up,
                        const uint8_t *tag_up, const uint64_t *offset_up, uint8_t *pool,
                        uint32_t *head, uint64_t *hoff, uint32_t *hinfo)
{
    uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (v >= nn || !alive[v]) return;
    int t = tag[v];
    uint64_t e0 = efirst[v];
    if (hs_is_inner(t)) {
        if (t != GG_HS_INNER_DENSE) *(uint32_t *)(pool + offset[v]) = (uint32_t)(kfirst[v + 1] - kfirst[v]);
    } else {
        head[e0] = (uint32_t)(e0 + 1);
        hoff[e0] = offset[v];
        hinfo[e0] = (uint32_t)t | ((uint32_t)level << 8);
    }
    if (level >= f.h) return;
    uint64_t p = parent[v] - 1, i, j;
    hs_key_split(&f, key[e0], level + 1, &i, &j);
    uint64_t ci = i >> (level * f.b), cj = j >> (level * f.b);
    uint64_t word = offset[v] | (uint64_t)t;
    uint8_t *node = pool + offset_up[p];
    int pt = tag_up[p];
    if (pt == GG_HS_INNER_DENSE) {
        *(uint64_t *)(node + 8 * ((ci << f.b) | cj)) = word;
    } else {
        uint64_t r = v - kfirst_up[p];
        hs_geom g = hs_coo_geom(kfirst_up[p + 1] - kfirst_up[p], hs_coo_x(pt), 1, 8);
        node[g.coords + 2 * r] = (uint8_t)ci;
        node[g.coords + 2 * r + 1] = (uint8_t)cj;
        *(uint64_t *)(node + g.values + 8 * r) = word;
    }
}

/* Entry k of its leaf (head[k]: 1 + the leaf's first entry, after a max scan). */
__global__ void k_entries(hs_keyfmt f, uint64_t n, const uint64_t *key, const char *x, int vsize,
                          const uint32_t *head, const uint64_t *hoff, const uint32_t *hinfo,
                          const uint64_t *nleaf_end, uint8_t *pool)
{
    uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (k >= n) return;
    uint64_t e0 = head[k] - 1, rank = k - e0, cnt = nleaf_end[e0] - e0;
    int tag = hinfo[e0] & 255, level = (int)(hinfo[e0] >> 8), b = f.b;
    uint8_t *node = pool + hoff[e0];
    const char *src = x != nullptr ? x + k * vsize : nullptr;
    if (tag == GG_HS_LEAF_DENSE) {
        if (src != nullptr) hsd_copy_value(node + rank * vsize, src, vsize);
        return;
    }
    if (rank == 0) *(uint32_t *)node = (uint32_t)cnt;
    uint64_t li, lj;
    hs_key_split(&f, key[k], level, &li, &lj);
    if (tag == GG_HS_LEAF_BITMAP) {
        hs_geom g = hs_bitmap_geom(cnt, b, src != nullptr ? vsize : 0);
        uint64_t pos = (li << b) | lj, d = 1ULL << b;
        atomicOr((unsigned long long *)(node + g.coords + 8 * (pos / 64)), 1ULL << (pos % 64));
        uint16_t *rowstart = (uint16_t *)(node + 4);
        /* rowstart[r] = entries in rows < r: rows after the previous entry's row up to this one's
         * start at this rank; after the last entry's row they hold the count */
        uint64_t prev = 0;
        bool has_prev = rank > 0;
        if (has_prev) {
            uint64_t pj;
            hs_key_split(&f, key[k - 1], level, &prev, &pj);
        }
        for (uint64_t r = has_prev ? prev + 1 : 0; r <= li; r++) rowstart[r] = (uint16_t)rank;
        if (rank + 1 == cnt)
            for (uint64_t r = li + 1; r < d; r++) rowstart[r] = (uint16_t)cnt;
        if (src != nullptr) hsd_copy_value(node + g.values + rank * vsize, src, vsize);
        return;
    }
    unsigned cb = hs_coord_bytes(level, b);
    hs_geom g = hs_coo_geom(cnt, hs_coo_x(tag), cb, src != nullptr ? vsize : 0);
    uint8_t *c = node + g.coords;
    switch (cb) {
    case 1: c[2 * rank] = (uint8_t)li; c[2 * rank + 1] = (uint8_t)lj; break;
    case 2: ((uint16_t *)c)[2 * rank] = (uint16_t)li; ((uint16_t *)c)[2 * rank + 1] = (uint16_t)lj; break;
    case 4: ((uint32_t *)c)[2 * rank] = (uint32_t)li; ((uint32_t *)c)[2 * rank + 1] = (uint32_t)lj; break;
    default: ((uint64_t *)c)[2 * rank] = li; ((uint64_t *)c)[2 * rank + 1] = lj;
    }
    if (src != nullptr) hsd_copy_value(node + g.values + rank * vsize, src, vsize);
}

/* The end of the leaf starting at each head: written where a leaf starts. */
__global__ void k_leaf_end(uint64_t nn, const uint8_t *alive, const uint8_t *tag,
                           const uint64_t *efirst, uint64_t *end)
{
    uint64_t v = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (v >= nn || !alive[v] || hs_is_inner(tag[v])) return;
    end[efirst[v]] = efirst[v + 1];
}

__global__ void k_header(uint8_t *pool, uint64_t bytes)
{
    ((int64_t *)pool)[0] = 1;
    ((uint64_t *)pool)[1] = bytes;
}

/* One level of the skeleton. */
struct Level {
    uint64_t nn = 0;
    uint64_t *ids = nullptr, *efirst = nullptr, *kfirst = nullptr;
    uint32_t *parent = nullptr; /* 1 + the node's parent (node counts stay below 2^31) */
    uint64_t *best = nullptr, *kids_bytes = nullptr, *start = nullptr, *offset = nullptr;
    uint8_t *tag = nullptr, *alive = nullptr;
};

} // namespace

GG_cuda_hs_code hsd_build_sorted(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits,
                                 const uint64_t *keys, const void *x, uint64_t n, int type_code,
                                 int value_size, bool iso)
{
    hs_keyfmt f;
    hs_keyfmt_make(&f, nrows, ncols, dbits);
    GG_cuda_hs R;
    memset(&R, 0, sizeof R);
    R.nrows = nrows;
    R.ncols = ncols;
    R.nvals = n;
    R.type_code = type_code;
    R.value_size = iso ? 0 : value_size;
    R.dbits = dbits;
    R.height = f.h;
    R.scale = 1.0;
    if (n == 0) {
        *out = R;
        return GG_CUDA_HS_OK;
    }
    R.iso = iso;
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t vb = iso ? 0 : (uint64_t)value_size;
    std::vector<Level> L((size_t)f.h + 1);

    /* bottom-up: group the items of each level into its nodes and choose their kinds */
    for (int l = 1; l <= f.h; l++) {
        Level &P = L[l], *B = l > 1 ? &L[l - 1] : nullptr;
        uint64_t nitems = B != nullptr ? B->nn : n;
        uint32_t *head = T.get<uint32_t>(nitems), *pidx = T.get<uint32_t>(nitems);
        uint64_t *first = T.get<uint64_t>(nitems + 1), *ids = T.get<uint64_t>(nitems);
        if (T.oom) return GG_CUDA_HS_OOM;
        const uint64_t *below = B != nullptr ? B->ids : nullptr;
        k_heads<<<hsd_blocks(nitems), HSD_THREADS, 0, s>>>(f, keys, below, nitems, l, head);
        cudaError_t e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
            return cub::DeviceScan::InclusiveSum(tmp, bytes, head, pidx, (int64_t)nitems, s);
        });
        if (e != cudaSuccess) return hsd_cuda_code(e);
        k_group<<<hsd_blocks(nitems), HSD_THREADS, 0, s>>>(f, keys, below, nitems, l, pidx, first, ids);
        uint32_t nn = 0;
        e = cudaMemcpyAsync(&nn, pidx + nitems - 1, sizeof nn, cudaMemcpyDeviceToHost, s);
        if (e == cudaSuccess) e = cudaStreamSynchronize(s);
        if (e != cudaSuccess) return hsd_cuda_code(e);
        P.nn = nn;
        P.ids = ids;
        P.tag = T.get<uint8_t>(P.nn);
        P.best = T.get<uint64_t>(P.nn + 1);
        if (B != nullptr) {
            B->parent = pidx;
            P.kfirst = first;
            P.efirst = T.get<uint64_t>(P.nn + 1);
            P.kids_bytes = T.get<uint64_t>(P.nn);
        } else {
            P.efirst = first;
        }
        if (T.oom) return GG_CUDA_HS_OOM;
        if (B == nullptr) {
            k_choose1<<<hsd_blocks(P.nn), HSD_THREADS, 0, s>>>(f, keys, P.efirst, P.nn, vb, nrows,
                                                              ncols, P.tag, P.best);
        } else {
            k_choose<<<hsd_blocks(P.nn), HSD_THREADS, 0, s>>>(f.b, l, P.kfirst, B->efirst, P.efirst,
                                                             P.nn, n, B->best, vb, P.tag, P.best,
                                                             P.kids_bytes);
        }
        /* best becomes the exclusive sums of the subtree bytes (nn + 1 of them) */
        e = cudaMemsetAsync(P.best + P.nn, 0, sizeof(uint64_t), s);
        if (e == cudaSuccess)
            e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
                return cub::DeviceScan::ExclusiveSum(tmp, bytes, P.best, P.best, (int64_t)(P.nn + 1), s);
            });
        if (e != cudaSuccess) return hsd_cuda_code(e);
    }

    /* top-down: the root's subtree starts after the header (and the iso value) */
    Level &root = L[f.h];
    uint64_t base = HS_HEADER_BYTES + (iso ? hs_align((uint64_t)value_size, 16) : 0);
    uint64_t root_bytes = 0, root_kids = 0;
    uint8_t root_tag = 0;
    cudaError_t e = cudaMemcpyAsync(&root_bytes, root.best + 1, sizeof root_bytes, cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess) e = cudaMemcpyAsync(&root_tag, root.tag, 1, cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess && f.h > 1)
        e = cudaMemcpyAsync(&root_kids, root.kids_bytes, sizeof root_kids, cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    uint64_t root_offset = base + (hs_is_inner(root_tag) ? root_kids : 0), one = 1;
    root.start = T.get<uint64_t>(1);
    root.offset = T.get<uint64_t>(1);
    root.alive = T.get<uint8_t>(1);
    if (T.oom) return GG_CUDA_HS_OOM;
    e = cudaMemcpyAsync(root.start, &base, 8, cudaMemcpyHostToDevice, s);
    if (e == cudaSuccess) e = cudaMemcpyAsync(root.offset, &root_offset, 8, cudaMemcpyHostToDevice, s);
    if (e == cudaSuccess) e = cudaMemcpyAsync(root.alive, &one, 1, cudaMemcpyHostToDevice, s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    for (int l = f.h - 1; l >= 1; l--) {
        Level &C = L[l], &P = L[l + 1];
        C.start = T.get<uint64_t>(C.nn);
        C.offset = T.get<uint64_t>(C.nn);
        C.alive = T.get<uint8_t>(C.nn);
        if (T.oom) return GG_CUDA_HS_OOM;
        k_place<<<hsd_blocks(C.nn), HSD_THREADS, 0, s>>>(C.nn, C.parent, P.kfirst, P.start, P.alive,
                                                        P.tag, C.best, C.tag, C.kids_bytes,
                                                        C.start, C.offset, C.alive);
    }

    /* one pool, zeroed (padding and bitmaps), then the fill */
    uint64_t bytes = base + root_bytes;
    uint8_t *pool = static_cast<uint8_t *>(GG_cuda_malloc((size_t)bytes));
    uint32_t *head = T.get<uint32_t>(n);
    uint64_t *hoff = T.get<uint64_t>(n), *lend = T.get<uint64_t>(n);
    uint32_t *hinfo = T.get<uint32_t>(n);
    if (pool == nullptr || T.oom) {
        GG_cuda_free(pool);
        return GG_CUDA_HS_OOM;
    }
    e = cudaMemsetAsync(pool, 0, (size_t)bytes, s);
    if (e == cudaSuccess) e = cudaMemsetAsync(head, 0, n * sizeof *head, s);
    if (e == cudaSuccess && iso)
        e = cudaMemcpyAsync(pool + HS_HEADER_BYTES, x, (size_t)value_size, cudaMemcpyDeviceToDevice, s);
    k_header<<<1, 1, 0, s>>>(pool, bytes);
    for (int l = 1; e == cudaSuccess && l <= f.h; l++) {
        Level &C = L[l];
        const Level *P = l < f.h ? &L[l + 1] : nullptr;
        k_nodes<<<hsd_blocks(C.nn), HSD_THREADS, 0, s>>>(
            f, l, C.nn, keys, C.efirst, C.tag, C.offset, C.alive, C.kfirst, C.parent,
            P != nullptr ? P->kfirst : nullptr, P != nullptr ? P->tag : nullptr,
            P != nullptr ? P->offset : nullptr, pool, head, hoff, hinfo);
        k_leaf_end<<<hsd_blocks(C.nn), HSD_THREADS, 0, s>>>(C.nn, C.alive, C.tag, C.efirst, lend);
    }
    if (e == cudaSuccess)
        e = hsd_with_temp(T, [&](void *tmp, size_t &tb) {
            return cub::DeviceScan::InclusiveScan(tmp, tb, head, head, MaxOp(), (int64_t)n, s);
        });
    if (e == cudaSuccess) {
        k_entries<<<hsd_blocks(n), HSD_THREADS, 0, s>>>(f, n, keys, iso ? nullptr : (const char *)x,
                                                       value_size, head, hoff, hinfo, lend, pool);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) {
        GG_cuda_free(pool);
        return hsd_cuda_code(e);
    }
    R.pool = pool;
    R.pool_bytes = bytes;
    R.root = root_offset | root_tag;
    *out = R;
    return GG_CUDA_HS_OK;
}

namespace {

/* Tuples in tree order already (strictly ascending keys, so no duplicate either) are built as
 * they come: a select or a masked product over an untransposed tree of the output's shape hands
 * over a subset of that tree's decoded order (GG_CUDA_ORDER_TREE), and sorting it again would be
 * the call's most expensive step (two 31M-entry selects of SSSP on RMAT-20, Doc/performance.md).
 * The check rides on the key pass; the one read-back of its flags decides between the two paths,
 * and only out-of-order input pays a second (the duplicate check after its sort). Coordinates
 * of type I: the device tuples' 32 bits (GG_cuda_hs_build_coo), or a compressed view's 64
 * (GG_cuda_hs_build_cview). */
template <class I>
GG_cuda_hs_code build_coo(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits, const I *row,
                          const I *col, const void *x, uint64_t n, int type_code, int value_size,
                          bool allow_iso)
{
    hs_keyfmt f;
    if (dbits < 1 || dbits > 8 || !hs_keyfmt_make(&f, nrows, ncols, dbits) || n >= (1ULL << 31))
        return GG_CUDA_HS_UNSUPPORTED;
    if (value_size != 1 && value_size != 2 && value_size != 4 && value_size != 8 && value_size != 16)
        return GG_CUDA_HS_UNSUPPORTED;
    if (n == 0) return hsd_build_sorted(out, nrows, ncols, dbits, nullptr, nullptr, 0, type_code, value_size, false);
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    hsd_tmp T;
    uint64_t *key = T.get<uint64_t>(n);
    uint32_t *idx = T.get<uint32_t>(n);
    int *flags = T.get<int>(F_COUNT);
    if (T.oom) return GG_CUDA_HS_OOM;
    int h[F_COUNT];
    cudaError_t e = cudaMemsetAsync(flags, 0, sizeof h, s);
    k_keys<<<hsd_blocks(n), HSD_THREADS, 0, s>>>(f, row, col, (const char *)x, value_size, nrows,
                                                ncols, n, key, idx, flags);
    if (e == cudaSuccess) e = cudaMemcpyAsync(h, flags, sizeof h, cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e != cudaSuccess) return hsd_cuda_code(e);
    if (h[F_BOUNDS]) return GG_CUDA_HS_BOUNDS;
    const uint64_t *skey = key;
    const void *y = x;
    if (h[F_UNORDERED]) {
        uint64_t *sk = T.get<uint64_t>(n);
        uint32_t *sidx = T.get<uint32_t>(n);
        char *sy = T.get<char>(n * (uint64_t)value_size);
        if (T.oom) return GG_CUDA_HS_OOM;
        GG_cuda_sort_counted();
        e = hsd_with_temp(T, [&](void *tmp, size_t &bytes) {
            return cub::DeviceRadixSort::SortPairs(tmp, bytes, key, sk, idx, sidx, (int64_t)n, 0,
                                                   2 * f.bits > 0 ? 2 * f.bits : 1, s);
        });
        if (e != cudaSuccess) return hsd_cuda_code(e);
        k_gather<<<hsd_blocks(n), HSD_THREADS, 0, s>>>(sk, sidx, (const char *)x, sy, value_size, n,
                                                      flags + F_DUP);
        e = cudaMemcpyAsync(h, flags, sizeof h, cudaMemcpyDeviceToHost, s);
        if (e == cudaSuccess) e = cudaStreamSynchronize(s);
        if (e != cudaSuccess) return hsd_cuda_code(e);
        if (h[F_DUP]) return GG_CUDA_HS_DUPLICATE;
        skey = sk;
        y = sy;
    }
    bool iso = allow_iso && !h[F_DIFFERS];
    GG_cuda_hs_code code = hsd_build_sorted(out, nrows, ncols, dbits, skey, y, n, type_code, value_size, iso);
    if (code != GG_CUDA_HS_OK || !iso) return code;
    e = cudaMemcpyAsync(out->iso_value, y, (size_t)value_size, cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    if (e == cudaSuccess) return GG_CUDA_HS_OK;
    GG_cuda_free((void *)out->pool);
    return hsd_cuda_code(e);
}

/* The major index of compressed entry p: the vector whose range holds it. */
__global__ void k_major(const uint64_t *ptr, const uint64_t *vec, uint64_t nvec, uint64_t n, uint64_t *major)
{
    uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    if (p >= n) return;
    uint64_t lo = 0, hi = nvec; /* the last k with ptr[k] <= p */
    while (hi - lo > 1) {
        uint64_t mid = (lo + hi) / 2;
        if (ptr[mid] <= p) lo = mid; else hi = mid;
    }
    major[p] = vec != nullptr ? vec[lo] : lo;
}

} // namespace

extern "C" GG_cuda_hs_code GG_cuda_hs_build_coo(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols,
                                                int dbits, const uint32_t *row, const uint32_t *col,
                                                const void *x, uint64_t n, int type_code,
                                                int value_size, bool allow_iso)
{
    return build_coo(out, nrows, ncols, dbits, row, col, x, n, type_code, value_size, allow_iso);
}

extern "C" GG_cuda_hs_code GG_cuda_hs_build_cview(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols,
                                                  int dbits, const GG_cuda_cview *v, bool by_col,
                                                  bool allow_iso)
{
    uint64_t n = 0;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    if (v->nvec > 0) {
        cudaError_t e = cudaMemcpyAsync(&n, v->ptr + v->nvec, sizeof n, cudaMemcpyDeviceToHost, s);
        if (e == cudaSuccess) e = cudaStreamSynchronize(s);
        if (e != cudaSuccess) return hsd_cuda_code(e);
    }
    hsd_tmp T;
    uint64_t *major = T.get<uint64_t>(n);
    if (T.oom) return GG_CUDA_HS_OOM;
    if (n > 0) k_major<<<hsd_blocks(n), HSD_THREADS, 0, s>>>(v->ptr, v->vec, v->nvec, n, major);
    return build_coo(out, nrows, ncols, dbits, by_col ? v->idx : major, by_col ? major : v->idx,
                     v->x, n, v->type_code, v->value_size, allow_iso);
}
