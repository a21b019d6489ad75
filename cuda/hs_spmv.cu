/* hs_spmv.cu: y = op(A) (+.*) x on a device HiSparse tree with the papers' dynamic scheduler
 * (Derler 2016 ch. 5, ICS'17 §3-4), behind GG_cuda_spmv.h.
 *
 * Scheduling. A leaf knows its origin, so the product needs no global index arrays; what the GPU
 * needs is the list of leaves sorted into queues by node kind and size, so that every warp runs one
 * kind of code. GG_cuda_hs_schedule_new finds them by a level-by-level traversal on the device:
 * inner nodes sit in three queues (COO with <= 8 children: a thread each; COO with more: a warp
 * each; dense: a block each), and each level's pass pushes children into the next level's inner
 * queues or into the leaf lists. Every pass runs twice (count, then fill into exactly sized
 * arrays), so the schedule costs one host synchronisation per level; it depends only on the tree,
 * so the caller builds it once per device tree and keeps it beside the tree.
 *
 * Tiles by output. What made the first version slow (20-25% of copy bandwidth) was y: every leaf
 * combined its partial sums into y with global atomics (three or more per output row on a grid,
 * one per entry on RMAT), on top of a fill of y, with one warp walking each small leaf serially.
 * Now the leaves that share an output range are grouped once, on the host, at schedule time:
 *   TILE  level-1 leaves (COO, dense, bitmap) by output block of d rows (A x) or d columns (A' x),
 *         cut into units of <= 4096 entries; a warp per unit
 *   WIDE  level-2 COO leaves (when d^2 <= 2^14) by output block of d^2, units of <= 16384 entries;
 *         a block of 512 per unit (its own launch: it needs 80-150 KB of shared memory)
 * A unit flattens its leaves' entries into groups of 4 (a binary search over the pieces' prefix
 * finds a group's leaf, so small leaves do not idle lanes), reads a group with one vector load of
 * COO-4 coordinates and 16-byte loads of values, and accumulates in shared memory (runs of one
 * output in registers first, and under A across lanes by a segmented fold). Each output is then
 * written once: a plain store when the unit is the only writer of its outputs (one unit per tile
 * and no leaves outside this kind of tile), else one coalesced atomic per touched output. When
 * such sole tiles cover every output (grid, banded, localized matrices), y is not filled first.
 * A and A' are the same kernels over the two tile sets: `yc` says whether the content row (A x) or
 * column (A' x) indexes y.
 * The remaining leaves (COO above level 2, or level 2 under d > 128) keep the size-binned queues:
 *   TINY   1-4 entries       a thread per leaf, 256 leaves per block
 *   SMALL  5-32 entries      8 threads per leaf, 32 per block
 *   MID    33-1024 entries   a warp per leaf, 8 per block
 *   BIG    more, cut into chunks of 2048 entries, a block per chunk
 * with runs of one output combined in registers or by segmented warp shuffles before the atomics.
 *
 * Variants (both kept, both tested): GG_CUDA_HS_HOST_LEVELS launches one kernel per non-empty queue
 * (each specialised, so it holds only its own registers); GG_CUDA_HS_PERSISTENT launches persistent
 * blocks that take units of all queues off one atomic head (units never straddle queues). Wide
 * units are a separate launch in both.
 *
 * The node geometry is src/hisparse/hs_layout.h's, the one definition C and CUDA both compile; the
 * CUDA test compares every node kind with the CPU traversal.
 *
 * Measured (NVIDIA H200, fp32, median of 20, bench/gpu/spmv_bench, 2026-11-21; ms):
 *                 host-levels Ax / A'x   persistent Ax / A'x   cuSPARSE ALG1 Ax / TRANSPOSE A'x
 *   grid 3000^2     0.264 / 0.254          0.273 / 0.263         0.161 / 0.200
 *   band 2^20       0.321 / 0.337          0.329 / 0.342         0.070 / 0.122
 *   local           0.627 / 0.671          0.623 / 0.668         0.094 / 0.233
 *   rmat18          0.119 / 0.073          0.120 / 0.073         0.062 / 0.123
 * (The queue-per-leaf kernels before the tiles, on an H100: grid 0.533 / 0.490 host-levels, 0.753
 * Ax persistent; rmat18 0.117 / 0.107; cuSPARSE there 0.193 / 0.237 and 0.076 / 0.134.)
 * Host-levels is as fast or faster nearly everywhere, so it is the default.
 * Band and local are most likely bitmap leaves (5.1 and 4.4 bytes per entry), whose per-entry
 * decode (binary search of the row starts, bit select) is the probable bottleneck there; not
 * profiled. Tried and dropped: two groups per lane at a time with a stepped row search for bitmaps
 * measured 10-25% slower everywhere (about 80 registers: one block per SM less). */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"
#include "hs_layout.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace
{

/* Q_TILE, Q_WIDE: units of level-1 and level-2 tiles (during the traversal: those leaves, tiled
 * afterwards). The other queues hold the remaining COO leaves. */
enum { Q_TILE, Q_WIDE, Q_TINY, Q_SMALL, Q_MID, Q_BIG, NQ };
constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;
constexpr uint32_t BIG_CHUNK = 2048;
constexpr uint32_t TILE_CHUNK = 4096;  /* entries of one level-1 tile unit, a multiple of 4 */
constexpr uint32_t WIDE_CHUNK = 16384; /* entries of one level-2 tile unit, a multiple of 4 */
constexpr int WIDE_BITS = 14;          /* level-2 tiles when d^2 <= 2^WIDE_BITS outputs */
constexpr int WIDE_THREADS = 512;
constexpr int WIDE_BATCH = 512; /* pieces a wide block takes at a time */
static_assert(WIDE_BATCH == WIDE_THREADS, "a wide block loads one piece per thread");
constexpr uint64_t PER_UNIT[NQ] = {WARPS, 1, THREADS, THREADS / 8, WARPS, 1};
constexpr int MAX_D = 256;

/* One queue entry: a node (inner queues) or entries [start, start + cnt) of a leaf. */
struct Item {
    uint64_t word, r0, c0; /* child word, origin in content coordinates */
    uint32_t n;            /* entries of the whole leaf (inner: children) */
    uint32_t start, cnt;
    uint32_t level;
};

/* A tile unit: pieces [p0, p0 + np) of the tile whose outputs start at `origin` (a multiple of d).
 * sole: no other unit touches these outputs, so they are stored, not combined atomically. */
struct Unit {
    uint64_t origin, p0;
    uint32_t np, sole;
};

/* ---- the schedule: level-by-level traversal -----------------------------------------------------
 */

struct Tree {
    const uint8_t *pool;
    uint64_t nrows, ncols;
    int dbits;
};

/* Where one pass puts what it finds: counters [3 inner bins, NQ leaf queues]; in the fill pass the
 * arrays receive the items at positions taken from the counters. */
struct Out {
    unsigned long long *cnt;
    Item *inner[3];
    Item *leaf[NQ];
    bool fill;
};

__device__ void classify(const Tree &t, const Out &o, uint64_t w, uint32_t level, uint64_t r0,
                         uint64_t c0)
{
    int tag = hs_word_tag(w);
    const uint8_t *p = t.pool + hs_word_offset(w);
    Item it = {w, r0, c0, 0, 0, 0, level};
    Item *dst;
    unsigned long long *cnt;
    uint32_t pieces = 1;
    if (tag <= GG_HS_INNER_COO4) {
        it.n = tag == GG_HS_INNER_DENSE ? 0 : *(const uint32_t *)p;
        int bin = tag == GG_HS_INNER_DENSE ? 2 : it.n <= 8 ? 0 : 1;
        cnt = o.cnt + bin;
        dst = o.inner[bin];
    } else {
        int q = Q_TILE; /* dense and bitmap leaves are level 1 */
        if (tag == GG_HS_LEAF_DENSE) {
            it.n = (uint32_t)(hs_extent(t.nrows, r0, t.dbits) * hs_extent(t.ncols, c0, t.dbits));
        } else {
            it.n = *(const uint32_t *)p;
            if (level == 2 && 2 * t.dbits <= WIDE_BITS) {
                q = Q_WIDE;
            } else if (tag != GG_HS_LEAF_BITMAP && level > 1) {
                q = it.n <= 4 ? Q_TINY : it.n <= 32 ? Q_SMALL : it.n <= 1024 ? Q_MID : Q_BIG;
                if (q == Q_BIG) pieces = (it.n + BIG_CHUNK - 1) / BIG_CHUNK;
            }
        }
        it.cnt = it.n;
        cnt = o.cnt + 3 + q;
        dst = o.leaf[q];
    }
    if (!o.fill) {
        atomicAdd(cnt, (unsigned long long)pieces);
        return;
    }
    unsigned long long pos = atomicAdd(cnt, (unsigned long long)pieces);
    for (uint32_t k = 0; k < pieces; k++) {
        if (pieces > 1) {
            it.start = k * BIG_CHUNK;
            it.cnt = it.n - it.start < BIG_CHUNK ? it.n - it.start : BIG_CHUNK;
        }
        dst[pos + k] = it;
    }
}

__global__ void seed_kernel(Tree t, Out o, uint64_t root, uint32_t height)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) classify(t, o, root, height, 0, 0);
}

/* Expands inner nodes of one level, a group of G threads per node (1, 32 or THREADS). */
__global__ void expand_kernel(Tree t, Out o, const Item *nodes, uint64_t count, int G)
{
    uint64_t gid = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x);
    uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
    for (uint64_t g = gid / G; g < count; g += stride / G) {
        Item nd = nodes[g];
        int lane = (int)(gid % G);
        int tag = hs_word_tag(nd.word);
        const uint8_t *p = t.pool + hs_word_offset(nd.word);
        int shift = t.dbits * (int)(nd.level - 1);
        uint64_t m = (1ULL << t.dbits) - 1;
        if (tag == GG_HS_INNER_DENSE) {
            uint64_t slots = 1ULL << (2 * t.dbits);
            const uint64_t *words = (const uint64_t *)p;
            for (uint64_t k = lane; k < slots; k += G) {
                uint64_t w = words[k];
                if (w == 0) continue;
                classify(t, o, w, nd.level - 1, nd.r0 + ((k >> t.dbits) << shift),
                         nd.c0 + ((k & m) << shift));
            }
        } else {
            hs_geom g = hs_coo_geom(nd.n, hs_coo_x(tag), 1, 8);
            const uint8_t *cc = p + g.coords;
            const uint64_t *words = (const uint64_t *)(p + g.values);
            for (uint64_t k = lane; k < nd.n; k += G) {
                classify(t, o, words[k], nd.level - 1, nd.r0 + ((uint64_t)cc[2 * k] << shift),
                         nd.c0 + ((uint64_t)cc[2 * k + 1] << shift));
            }
        }
    }
}

} // namespace

struct GG_cuda_hs_schedule {
    Item *items;           /* the leaf queues above level 1, one after the other */
    uint64_t qoff[NQ + 1]; /* items of queue q >= Q_TINY: [qoff[q], qoff[q+1]) */
    /* the tiles by output, [level - 1][0] by content row (A x), [level - 1][1] by column (A' x) */
    Item *pieces[2][2];
    Unit *units[2][2];
    uint64_t nunits[2][2];
    bool nofill[2]; /* the sole tiles cover every output: y needs no identity fill */
    unsigned *head; /* the persistent variant's next unit */
    uint64_t bytes;
};

namespace
{

/* Device allocations of a schedule build, freed together on failure. */
struct Allocs {
    std::vector<void *> v;
    void *get(size_t bytes)
    {
        void *p = GG_cuda_malloc(bytes);
        if (p != nullptr) v.push_back(p);
        return p;
    }
    void release(void *p)
    {
        for (auto &q : v)
            if (q == p) q = nullptr;
        GG_cuda_free(p);
    }
    void free_all()
    {
        for (void *p : v) GG_cuda_free(p);
        v.clear();
    }
};

unsigned grid_for(uint64_t threads)
{
    uint64_t b = (threads + THREADS - 1) / THREADS;
    return b == 0 ? 1 : b > 65535 ? 65535 : (unsigned)b;
}

/* One count-and-fill pass: `launch(out)` runs the pass's kernels. On success the counts are in
 * cnt_host and the arrays in `inner`/`leaf` (NULL where empty). */
template <typename F>
int pass(Allocs &al, unsigned long long *cnt_dev, unsigned long long *cnt_host, Item *inner[3],
         Item *leaf[NQ], F launch)
{
    cudaStream_t s = GG_cuda_stream();
    Out o = {};
    o.cnt = cnt_dev;
    cudaMemsetAsync(cnt_dev, 0, (3 + NQ) * sizeof *cnt_dev, s);
    launch(o);
    cudaMemcpyAsync(cnt_host, cnt_dev, (3 + NQ) * sizeof *cnt_dev, cudaMemcpyDeviceToHost, s);
    cudaError_t e = cudaStreamSynchronize(s);
    if (e == cudaSuccess) e = cudaGetLastError();
    if (e != cudaSuccess) return gg_spmv_status(e);
    for (int b = 0; b < 3 + NQ; b++) {
        Item *a = nullptr;
        if (cnt_host[b] > 0 && (a = (Item *)al.get(cnt_host[b] * sizeof(Item))) == nullptr)
            return GG_CUDA_SPMV_NOMEM;
        if (b < 3)
            inner[b] = o.inner[b] = a;
        else
            leaf[b - 3] = o.leaf[b - 3] = a;
    }
    o.fill = true;
    cudaMemsetAsync(cnt_dev, 0, (3 + NQ) * sizeof *cnt_dev, s);
    launch(o);
    return gg_spmv_status(cudaGetLastError());
}

/* Groups leaves of one level into tiles of 2^bits outputs (by content row origin, or column origin
 * when by_col), ordered by the other origin so a tile reads x in order, and cuts each tile into
 * units of at most `chunk` entries (leaves split on 4-entry boundaries, so pieces keep their vector
 * alignment). A tile is sole when it is one unit and no leaf outside these tiles exists (`others`).
 * Returns whether sole tiles cover all ny outputs (then y needs no fill). */
bool make_tiles(std::vector<Item> l1, bool by_col, uint64_t ny, int bits, uint32_t chunk,
                bool others, std::vector<Item> &pieces, std::vector<Unit> &units)
{
    auto key = [by_col](const Item &a) { return by_col ? a.c0 : a.r0; };
    auto other = [by_col](const Item &a) { return by_col ? a.r0 : a.c0; };
    std::sort(l1.begin(), l1.end(), [&](const Item &a, const Item &b) {
        return key(a) != key(b) ? key(a) < key(b) : other(a) < other(b);
    });
    uint64_t covered = 0;
    bool all_sole = true;
    for (size_t i = 0; i < l1.size();) {
        uint64_t origin = key(l1[i]);
        size_t first = units.size();
        Unit u = {origin, pieces.size(), 0, 0};
        uint32_t room = chunk;
        for (; i < l1.size() && key(l1[i]) == origin; i++) {
            Item it = l1[i];
            for (uint32_t s = 0; s < it.n;) {
                uint32_t take = it.n - s <= room ? it.n - s : room & ~3u;
                if (take == 0) {
                    units.push_back(u);
                    u = Unit{origin, pieces.size(), 0, 0};
                    room = chunk;
                    continue;
                }
                Item p = it;
                p.start = s;
                p.cnt = take;
                pieces.push_back(p);
                u.np++;
                s += take;
                room -= take;
            }
        }
        if (u.np > 0) units.push_back(u);
        bool sole = !others && units.size() - first == 1;
        units[first].sole = sole;
        all_sole = all_sole && sole;
        covered += hs_extent(ny, origin, bits);
    }
    return all_sole && covered == ny;
}

} // namespace

extern "C" int GG_cuda_hs_schedule_new(const GG_cuda_hs *A, GG_cuda_hs_schedule **sp)
{
    *sp = nullptr;
    if (A->root == 0 || A->pool == nullptr) return GG_CUDA_SPMV_OK;
    cudaStream_t s = GG_cuda_stream();
    Tree t = {(const uint8_t *)A->pool, A->nrows, A->ncols, A->dbits};
    Allocs al;
    auto *cnt_dev = (unsigned long long *)al.get((3 + NQ) * sizeof(unsigned long long));
    if (cnt_dev == nullptr) return GG_CUDA_SPMV_NOMEM;
    unsigned long long cnt[3 + NQ];
    std::vector<std::pair<Item *, uint64_t>> leaves[NQ]; /* per queue: one array per level */
    Item *inner[3] = {}, *leaf[NQ] = {};
    int rc = pass(al, cnt_dev, cnt, inner, leaf, [&](const Out &o) {
        seed_kernel<<<1, 1, 0, s>>>(t, o, A->root, (uint32_t)A->height);
    });
    while (rc == GG_CUDA_SPMV_OK) {
        for (int q = 0; q < NQ; q++)
            if (cnt[3 + q] > 0) leaves[q].push_back({leaf[q], cnt[3 + q]});
        uint64_t ninner[3] = {cnt[0], cnt[1], cnt[2]};
        if (ninner[0] + ninner[1] + ninner[2] == 0) break;
        Item *cur[3] = {inner[0], inner[1], inner[2]};
        const int G[3] = {1, 32, THREADS};
        rc = pass(al, cnt_dev, cnt, inner, leaf, [&](const Out &o) {
            for (int b = 0; b < 3; b++)
                if (ninner[b] > 0)
                    expand_kernel<<<grid_for(ninner[b] * G[b]), THREADS, 0, s>>>(t, o, cur[b],
                                                                                 ninner[b], G[b]);
        });
        for (int b = 0; b < 3; b++)
            if (cur[b] != nullptr) al.release(cur[b]);
    }
    /* the level-1 and level-2 tile leaves come to the host to be grouped (once per tree) */
    std::vector<Item> tl[2];
    for (int lv = 0; lv < 2; lv++)
        for (auto &l : leaves[Q_TILE + lv]) {
            if (rc != GG_CUDA_SPMV_OK) break;
            size_t at = tl[lv].size();
            tl[lv].resize(at + l.second);
            rc = gg_spmv_status(cudaMemcpyAsync(tl[lv].data() + at, l.first, l.second * sizeof(Item),
                                           cudaMemcpyDeviceToHost, s));
        }
    if (rc == GG_CUDA_SPMV_OK) rc = gg_spmv_status(cudaStreamSynchronize(s));
    GG_cuda_hs_schedule *S = nullptr;
    if (rc == GG_CUDA_SPMV_OK) {
        S = (GG_cuda_hs_schedule *)calloc(1, sizeof *S);
        if (S == nullptr) rc = GG_CUDA_SPMV_NOMEM;
    }
    if (rc == GG_CUDA_SPMV_OK) {
        uint64_t total = 0;
        for (int q = Q_TINY; q < NQ; q++) {
            S->qoff[q] = total;
            for (auto &l : leaves[q]) total += l.second;
        }
        S->qoff[NQ] = total;
        S->items = (Item *)GG_cuda_malloc(total * sizeof(Item));
        S->head = (unsigned *)GG_cuda_malloc(16);
        if (S->items == nullptr || S->head == nullptr) rc = GG_CUDA_SPMV_NOMEM;
        uint64_t at = 0;
        for (int q = Q_TINY; q < NQ && rc == GG_CUDA_SPMV_OK; q++)
            for (auto &l : leaves[q]) {
                cudaMemcpyAsync(S->items + at, l.first, l.second * sizeof(Item),
                                cudaMemcpyDeviceToDevice, s);
                at += l.second;
            }
        S->bytes = total * sizeof(Item) + 16;
        std::vector<Item> pieces[2][2];
        std::vector<Unit> units[2][2];
        for (int lv = 0; lv < 2; lv++)
            for (int by_col = 0; by_col < 2 && rc == GG_CUDA_SPMV_OK; by_col++) {
                std::vector<Item> &P = pieces[lv][by_col];
                std::vector<Unit> &U = units[lv][by_col];
                bool full = make_tiles(tl[lv], by_col, by_col ? A->ncols : A->nrows,
                                       A->dbits * (lv + 1), lv ? WIDE_CHUNK : TILE_CHUNK,
                                       total > 0 || !tl[1 - lv].empty(), P, U);
                S->nofill[by_col] = S->nofill[by_col] || full;
                S->nunits[lv][by_col] = U.size();
                size_t pb = P.size() * sizeof(Item), ub = U.size() * sizeof(Unit);
                S->pieces[lv][by_col] = (Item *)GG_cuda_malloc(pb);
                S->units[lv][by_col] = (Unit *)GG_cuda_malloc(ub);
                if (S->pieces[lv][by_col] == nullptr || S->units[lv][by_col] == nullptr) {
                    rc = GG_CUDA_SPMV_NOMEM;
                    break;
                }
                cudaMemcpyAsync(S->pieces[lv][by_col], P.data(), pb, cudaMemcpyHostToDevice, s);
                cudaMemcpyAsync(S->units[lv][by_col], U.data(), ub, cudaMemcpyHostToDevice, s);
                S->bytes += pb + ub;
            }
        /* the host vectors and the per-level arrays go when this returns */
        if (rc == GG_CUDA_SPMV_OK) rc = gg_spmv_status(cudaStreamSynchronize(s));
        if (rc == GG_CUDA_SPMV_OK) rc = gg_spmv_status(cudaGetLastError());
    }
    al.free_all();
    if (rc != GG_CUDA_SPMV_OK) {
        GG_cuda_hs_schedule_free(S);
        return rc;
    }
    *sp = S;
    return GG_CUDA_SPMV_OK;
}

extern "C" void GG_cuda_hs_schedule_free(GG_cuda_hs_schedule *s)
{
    if (s == nullptr) return;
    GG_cuda_free(s->items);
    for (int k = 0; k < 4; k++) {
        GG_cuda_free(s->pieces[k / 2][k % 2]);
        GG_cuda_free(s->units[k / 2][k % 2]);
    }
    GG_cuda_free(s->head);
    free(s);
}

extern "C" uint64_t GG_cuda_hs_schedule_bytes(const GG_cuda_hs_schedule *s)
{
    return s == nullptr ? 0 : s->bytes;
}

/* ---- the product --------------------------------------------------------------------------------
 */

namespace
{

template <typename T> struct Mv {
    const uint8_t *pool;
    const Item *items, *pieces, *wpieces; /* the other queues; level-1 and level-2 tiles' pieces */
    const Unit *units, *wunits;
    uint64_t nunits, nwunits;
    uint64_t qoff[NQ + 1], uoff[NQ + 1];
    uint64_t nrows, ncols;
    int dbits, vb, stype;
    double scale;
    bool iso, same; /* same: stored values are already T and unscaled */
    bool vec;       /* same, not iso, and T of 4 or 8 bytes: 16-byte loads of values */
    T isov, ident;
    int yc, add, mul;
    bool vec_first;
    const T *x;
    T *y;
    uint8_t *yp;
    unsigned *head;
};

/* PT: the specialised PLUS_TIMES instance (FP32/FP64); otherwise operators by op code. */
template <typename T, bool PT>
__device__ inline T aval(const Mv<T> &c, const uint8_t *v, uint64_t k)
{
    if (c.iso) return c.isov;
    if (c.same) return ((const T *)v)[k];
    return gg_load_cast<T>(v, k, c.stype, c.scale);
}

template <typename T, bool PT> __device__ inline T prod(const Mv<T> &c, T a, uint64_t xi)
{
    T xv = c.x[xi];
    if constexpr (PT) return a * xv;
    return c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
}

template <typename T, bool PT> __device__ inline T addv(const Mv<T> &c, T a, T b)
{
    if constexpr (PT) return a + b;
    return gg_binop<T>(c.add, a, b);
}

template <typename T, bool PT> __device__ inline void atom(const Mv<T> &c, T *p, T v)
{
    if constexpr (PT)
        atomicAdd(p, v);
    else
        gg_atomic<T>(c.add, p, v);
}

template <typename T, bool PT> __device__ inline void flush(const Mv<T> &c, uint64_t i, T v)
{
    atom<T, PT>(c, c.y + i, v);
    if (c.yp != nullptr) c.yp[i] = 1;
}

/* Piece j of a batch of nb pieces copied to pc[j] (j < nb), and the warp's inclusive prefix sum
 * of its pieces' counts of 4-entry groups (a thread past the batch counts none). */
__device__ __forceinline__ uint32_t batch_groups(const Item *pieces, Item *pc, int j, int nb,
                                                 int lane)
{
    uint32_t incl = 0;
    if (j < nb) {
        Item it = pieces[j];
        pc[j] = it;
        incl = (it.cnt + 3) / 4;
    }
    for (int s = 1; s < 32; s *= 2) {
        uint32_t o = __shfl_up_sync(0xffffffffu, incl, s);
        if (lane >= s) incl += o;
    }
    return incl;
}

/* A unit's W partial outputs to y, outputs first, first + step, ... by this thread: stored when
 * the unit is sole, else one atomic per touched output. */
template <typename T, bool PT>
__device__ __forceinline__ void unit_out(const Mv<T> &c, const Unit &u, const T *sy,
                                         const uint8_t *st, int W, int first, int step)
{
    for (int o = first; o < W; o += step) {
        uint64_t i = u.origin + (uint64_t)o;
        if (u.sole) {
            c.y[i] = sy[o];
            if (c.yp != nullptr) c.yp[i] = st[o];
        } else if (st[o]) {
            flush<T, PT>(c, i, sy[o]);
        }
    }
}

/* A group of m (1..4) consecutive entries of one piece, values a at tile coordinates (lr, lc),
 * the vector read from offset xo: their products combined by runs of one output; every run but
 * the last goes to the shared partial outputs sy (st marks it touched), the last is left in
 * (cur, acc) for the caller. */
template <typename T, bool PT>
__device__ __forceinline__ void group4(const Mv<T> &c, const T (&a)[4], const uint32_t (&lr)[4],
                                       const uint32_t (&lc)[4], int m, uint64_t xo, T *sy,
                                       uint8_t *st, uint32_t &cur, T &acc)
{
    T pr[4];
#pragma unroll
    for (int e = 0; e < 4; e++)
        if (e < m) pr[e] = prod<T, PT>(c, a[e], xo + (c.yc ? lr[e] : lc[e]));
    cur = c.yc ? lc[0] : lr[0];
    acc = pr[0];
#pragma unroll
    for (int e = 1; e < 4; e++) {
        if (e < m) {
            uint32_t o = c.yc ? lc[e] : lr[e];
            if (o == cur) {
                acc = addv<T, PT>(c, acc, pr[e]);
            } else {
                atom<T, PT>(c, sy + cur, acc);
                st[cur] = 1;
                cur = o;
                acc = pr[e];
            }
        }
    }
}


/* A decoded COO leaf. */
struct Coo {
    const uint8_t *cc, *v;
    unsigned cb;
    uint64_t yo, xo;
};

template <typename T> __device__ inline Coo coo_open(const Mv<T> &c, const Item &it)
{
    const uint8_t *p = c.pool + hs_word_offset(it.word);
    unsigned cb = hs_coord_bytes((int)it.level, c.dbits);
    hs_geom g = hs_coo_geom(it.n, hs_coo_x(hs_word_tag(it.word)), cb, (uint64_t)c.vb);
    Coo L = {p + g.coords, p + g.values, cb, c.yc ? it.c0 : it.r0, c.yc ? it.r0 : it.c0};
    return L;
}

/* Entries [lo, hi) of a COO leaf by one thread, combining runs of one output in a register. */
template <typename T, bool PT>
__device__ void coo_serial(const Mv<T> &c, const Item &it, uint64_t lo, uint64_t hi)
{
    Coo L = coo_open(c, it);
    uint64_t cur = 0;
    T acc{};
    bool has = false;
    for (uint64_t k = lo; k < hi; k++) {
        uint64_t ly = hs_coord(L.cc, L.cb, k, c.yc), lx = hs_coord(L.cc, L.cb, k, 1 - c.yc);
        T p = prod<T, PT>(c, aval<T, PT>(c, L.v, k), L.xo + lx);
        if (has && ly == cur) {
            acc = addv<T, PT>(c, acc, p);
        } else {
            if (has) flush<T, PT>(c, L.yo + cur, acc);
            cur = ly;
            acc = p;
            has = true;
        }
    }
    if (has) flush<T, PT>(c, L.yo + cur, acc);
}

/* Entries [it.start, it.start + it.cnt) of a COO leaf above level 1 by a group of G threads (a
 * warp or the block), consecutive entries on consecutive threads. Each warp folds runs of one
 * output before its atomics (gg_warp_segfold). */
template <typename T, bool PT, int G>
__device__ void coo_group(const Mv<T> &c, const Item &it, int lane)
{
    Coo L = coo_open(c, it);
    uint64_t lo = it.start, hi = (uint64_t)it.start + it.cnt;
    auto add = [&](T a, T b) { return addv<T, PT>(c, a, b); };
    for (uint64_t base = lo; base < hi; base += G) {
        uint64_t k = base + lane, ly = 0;
        bool valid = k < hi;
        T p{};
        if (valid) {
            ly = hs_coord(L.cc, L.cb, k, c.yc);
            p = prod<T, PT>(c, aval<T, PT>(c, L.v, k), L.xo + hs_coord(L.cc, L.cb, k, 1 - c.yc));
        }
        if (gg_warp_segfold<T>(ly, p, valid, add)) flush<T, PT>(c, L.yo + ly, p);
    }
}

/* Position of the n-th (from 0) set bit of w. */
__device__ inline int nth_bit(uint64_t w, int n)
{
    unsigned lo = (unsigned)w;
    int c = __popc(lo);
    return n < c ? (int)__fns(lo, 0, n + 1) : 32 + (int)__fns((unsigned)(w >> 32), 0, n - c + 1);
}

/* Row and column of entry k of a bitmap leaf of nr rows: the row from the row starts (binary
 * search), the column by selecting the entry's bit in that row. */
__device__ inline void bitmap_cell(const uint8_t *p, int dbits, uint64_t nr, uint64_t k,
                                   uint32_t &r, uint32_t &j)
{
    const uint16_t *rowstart = (const uint16_t *)(p + 4);
    const uint64_t *bm = (const uint64_t *)(p + hs_bitmap_geom(0, dbits, 0).coords);
    int lo = 0, hi = (int)nr - 1, d = 1 << dbits;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (rowstart[mid] <= k)
            lo = mid;
        else
            hi = mid - 1;
    }
    r = (uint32_t)lo;
    int rank = (int)(k - rowstart[lo]);
    uint64_t pos = (uint64_t)lo * (uint64_t)d;
    if (d < 64) {
        j = (uint32_t)nth_bit((bm[pos >> 6] >> (pos & 63)) & ((1ULL << d) - 1), rank);
        return;
    }
    for (int wi = 0;; wi++) {
        uint64_t word = bm[(pos >> 6) + wi];
        int cnt = __popcll(word);
        if (rank < cnt) {
            j = (uint32_t)(64 * wi + nth_bit(word, rank));
            return;
        }
        rank -= cnt;
    }
}

/* Values k .. k + m - 1 (k a multiple of 4, m <= 4) by 16-byte loads; the node holds whole
 * 16-byte words past its last value (COO-4 pads to 4 entries, every node to 16 bytes). */
template <typename T> __device__ inline void load4(const uint8_t *v, uint64_t k, int m, T a[4])
{
    const uint4 *q = reinterpret_cast<const uint4 *>(v + k * sizeof(T));
    uint4 w = q[0];
    memcpy(a, &w, 16);
    if constexpr (sizeof(T) == 8) {
        if (m > 2) {
            w = q[1];
            memcpy(a + 2, &w, 16);
        }
    }
}

/* Shared memory of one block: per warp the tile's d partial outputs and touched flags, and a batch
 * of up to 32 pieces with the prefix of their 4-entry groups. */
constexpr size_t SMEM_Y = WARPS * MAX_D * 8, SMEM_ST = WARPS * MAX_D,
                 SMEM_PC = WARPS * 32 * sizeof(Item), SMEM_GP = WARPS * 33 * 4;
constexpr size_t SMEM = SMEM_Y + SMEM_ST + SMEM_PC + SMEM_GP;

/* One tile unit by a warp. Its pieces are taken 32 at a time and their entries flattened into
 * groups of 4, so lanes stay busy however small the leaves: a lane finds its group's piece by a
 * binary search of the prefix, then reads the group with one 8-byte load of COO-4 coordinates and
 * 16-byte loads of values. Products gather in the warp's shared partial outputs (runs of one
 * output combined in a register first and, under A, across lanes by a segmented fold), then each
 * output is written to y once: stored when the unit is sole, else one coalesced atomic per touched
 * output. */
template <typename T, bool PT>
__device__ void tile_unit(const Mv<T> &c, const Unit &u, int lane, unsigned char *smem, int w)
{
    T *sy = reinterpret_cast<T *>(smem) + w * MAX_D;
    uint8_t *st = smem + SMEM_Y + w * MAX_D;
    Item *pc = reinterpret_cast<Item *>(smem + SMEM_Y + SMEM_ST) + w * 32;
    uint32_t *gp = reinterpret_cast<uint32_t *>(smem + SMEM_Y + SMEM_ST + SMEM_PC) + w * 33;
    uint64_t ny = c.yc ? c.ncols : c.nrows;
    int W = (int)hs_extent(ny, u.origin, c.dbits), d = 1 << c.dbits;
    for (int o = lane; o < W; o += 32) {
        sy[o] = c.ident;
        st[o] = 0;
    }
    auto add = [&](T x, T y) { return addv<T, PT>(c, x, y); };
    for (uint32_t b = 0; b < u.np; b += 32) {
        int nb = u.np - b < 32 ? (int)(u.np - b) : 32;
        uint32_t incl = batch_groups(c.pieces + u.p0 + b, pc, lane, nb, lane);
        gp[lane + 1] = incl;
        if (lane == 0) gp[0] = 0;
        uint32_t total = __shfl_sync(0xffffffffu, incl, 31);
        __syncwarp();
        for (uint32_t g0 = 0; g0 < total; g0 += 32) {
            uint32_t g = g0 + lane;
            bool valid = g < total;
            uint32_t cur = 0;
            T acc{};
            if (valid) {
                int i = 0;
                for (int s = 16; s > 0; s /= 2)
                    if (i + s < nb && gp[i + s] <= g) i += s;
                const Item &it = pc[i];
                int tag = hs_word_tag(it.word);
                const uint8_t *p = c.pool + hs_word_offset(it.word), *cc = nullptr, *v;
                bool vec = c.vec;
                uint32_t nc = 0;
                uint64_t nr = 0;
                if (tag >= GG_HS_LEAF_COO1) {
                    unsigned X = hs_coo_x(tag);
                    hs_geom gm = hs_coo_geom(it.n, X, 1, (uint64_t)c.vb);
                    cc = p + gm.coords;
                    v = p + gm.values;
                    vec = vec && X == 4;
                } else if (tag == GG_HS_LEAF_DENSE) {
                    v = p;
                    nc = (uint32_t)hs_extent(c.ncols, it.c0, c.dbits);
                } else {
                    v = p + hs_bitmap_geom(0, c.dbits, (uint64_t)c.vb).values;
                    nr = hs_extent(c.nrows, it.r0, c.dbits);
                    vec = false;
                }
                uint64_t k = it.start + 4 * (uint64_t)(g - gp[i]), end = (uint64_t)it.start + it.cnt;
                uint64_t xo = c.yc ? it.r0 : it.c0;
                int m = end - k < 4 ? (int)(end - k) : 4;
                T a[4];
                uint32_t lr[4] = {}, lc[4] = {};
                if (vec) {
                    load4<T>(v, k, m, a);
                } else {
#pragma unroll
                    for (int e = 0; e < 4; e++)
                        if (e < m) a[e] = aval<T, PT>(c, v, k + e);
                }
                if (cc != nullptr && vec) {
                    uint2 cw = *reinterpret_cast<const uint2 *>(cc + 2 * k);
#pragma unroll
                    for (int e = 0; e < 4; e++) {
                        uint32_t h = e < 2 ? cw.x >> (16 * e) : cw.y >> (16 * (e - 2));
                        lr[e] = h & 255;
                        lc[e] = (h >> 8) & 255;
                    }
                } else if (cc != nullptr) {
#pragma unroll
                    for (int e = 0; e < 4; e++)
                        if (e < m) {
                            lr[e] = cc[2 * (k + e)];
                            lc[e] = cc[2 * (k + e) + 1];
                        }
                } else if (tag == GG_HS_LEAF_DENSE) {
#pragma unroll
                    for (int e = 0; e < 4; e++) {
                        uint32_t kk = (uint32_t)k + (uint32_t)e;
                        lr[e] = nc == (uint32_t)d ? kk >> c.dbits : kk / nc;
                        lc[e] = kk - lr[e] * nc;
                    }
                } else {
#pragma unroll
                    for (int e = 0; e < 4; e++)
                        if (e < m) bitmap_cell(p, c.dbits, nr, k + e, lr[e], lc[e]);
                }
                group4<T, PT>(c, a, lr, lc, m, xo, sy, st, cur, acc);
            }
            /* under A a row's groups sit on consecutive lanes (row-major leaves) */
            if (!c.yc && !gg_warp_segfold<T>(cur, acc, valid, add)) continue;
            if (valid) {
                atom<T, PT>(c, sy + cur, acc);
                st[cur] = 1;
            }
        }
        __syncwarp(); /* pc and gp are reloaded by the next batch */
    }
    unit_out<T, PT>(c, u, sy, st, W, lane, 32);
    __syncwarp();
}

/* Unit u of queue q, by the whole block. */
template <typename T, bool PT>
__device__ __forceinline__ void run_unit(const Mv<T> &c, int q, uint64_t u, unsigned char *smem)
{
    const Item *items = c.items + c.qoff[q];
    uint64_t n = c.qoff[q + 1] - c.qoff[q];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    switch (q) {
    case Q_TILE: {
        uint64_t i = u * PER_UNIT[Q_TILE] + w;
        if (i < c.nunits) tile_unit<T, PT>(c, c.units[i], lane, smem, w);
        break;
    }
    case Q_TINY: {
        uint64_t i = u * PER_UNIT[Q_TINY] + t;
        if (i < n) coo_serial<T, PT>(c, items[i], 0, items[i].n);
        break;
    }
    case Q_SMALL: {
        uint64_t i = u * PER_UNIT[Q_SMALL] + t / 8;
        if (i < n) {
            Item it = items[i];
            uint64_t len = (it.n + 7) / 8, lo = (t & 7) * len, hi = lo + len;
            if (hi > it.n) hi = it.n;
            if (lo < hi) coo_serial<T, PT>(c, it, lo, hi);
        }
        break;
    }
    case Q_MID: {
        uint64_t i = u * PER_UNIT[Q_MID] + w;
        if (i < n) coo_group<T, PT, 32>(c, items[i], lane);
        break;
    }
    default: coo_group<T, PT, THREADS>(c, items[u], t); break; /* Q_BIG */
    }
}

/* One queue, specialised so each kernel holds only its own code's registers. */
template <typename T, bool PT, int Q>
__global__ void __launch_bounds__(THREADS) queue_kernel(Mv<T> c)
{
    __shared__ __align__(16) unsigned char smem[SMEM];
    run_unit<T, PT>(c, Q, blockIdx.x, smem);
}

template <typename T, bool PT> __global__ void __launch_bounds__(THREADS) persistent_kernel(Mv<T> c)
{
    __shared__ __align__(16) unsigned char smem[SMEM];
    __shared__ unsigned long long next;
    uint64_t total = c.uoff[NQ];
    for (;;) {
        __syncthreads(); /* the previous unit is done with smem and `next` */
        if (threadIdx.x == 0) next = atomicAdd(c.head, 1u);
        __syncthreads();
        uint64_t u = next;
        if (u >= total) return;
        int q = 0;
        while (u >= c.uoff[q + 1]) q++;
        run_unit<T, PT>(c, q, u - c.uoff[q], smem);
    }
}

/* Dynamic shared memory of a wide block: the tile's partial outputs and touched flags, and a batch
 * of pieces with the prefix of their 4-entry groups. */
template <typename T> constexpr size_t wide_smem()
{
    return ((size_t)1 << WIDE_BITS) * (sizeof(T) + 1) + WIDE_BATCH * sizeof(Item) +
           (WIDE_BATCH + 1) * 4;
}

/* One level-2 tile unit (2^(2 log2 d) outputs) by a block: as tile_unit, with the block sharing one
 * partial-output array and the pieces' groups flattened over all its threads; 16-bit COO-4
 * coordinates come four entries to one 16-byte load. Level-2 leaves of scattered graphs (RMAT) hold
 * about one entry per row, so the gain is in y: shared atomics, then one coalesced pass. */
template <typename T, bool PT> __global__ void __launch_bounds__(WIDE_THREADS) wide_kernel(Mv<T> c)
{
    extern __shared__ __align__(16) unsigned char dsm[];
    constexpr int W2 = 1 << WIDE_BITS;
    T *sy = reinterpret_cast<T *>(dsm);
    uint8_t *st = dsm + W2 * sizeof(T);
    Item *pc = reinterpret_cast<Item *>(st + W2);
    uint32_t *gp = reinterpret_cast<uint32_t *>(pc + WIDE_BATCH);
    __shared__ uint32_t wsum[WIDE_THREADS / 32];
    const Unit u = c.wunits[blockIdx.x];
    uint64_t ny = c.yc ? c.ncols : c.nrows;
    int W = (int)hs_extent(ny, u.origin, 2 * c.dbits), t = threadIdx.x, lane = t & 31, w = t >> 5;
    for (int o = t; o < W; o += WIDE_THREADS) {
        sy[o] = c.ident;
        st[o] = 0;
    }
    for (uint32_t b = 0; b < u.np; b += WIDE_BATCH) {
        int nb = u.np - b < (uint32_t)WIDE_BATCH ? (int)(u.np - b) : WIDE_BATCH;
        uint32_t incl = batch_groups(c.wpieces + u.p0 + b, pc, t, nb, lane);
        if (lane == 31) wsum[w] = incl;
        __syncthreads();
        for (int k = 0; k < w; k++) incl += wsum[k];
        gp[t + 1] = incl;
        if (t == 0) gp[0] = 0;
        __syncthreads();
        uint32_t total = gp[WIDE_THREADS];
        for (uint32_t g = t; g < total; g += WIDE_THREADS) {
            int i = 0;
            for (int s = WIDE_BATCH / 2; s > 0; s /= 2)
                if (i + s < nb && gp[i + s] <= g) i += s;
            const Item &it = pc[i];
            Coo L = coo_open(c, it);
            bool vec = c.vec && L.cb == 2 && hs_coo_x(hs_word_tag(it.word)) == 4;
            uint64_t k = it.start + 4 * (uint64_t)(g - gp[i]), end = (uint64_t)it.start + it.cnt;
            int m = end - k < 4 ? (int)(end - k) : 4;
            T a[4];
            uint32_t lr[4] = {}, lc[4] = {};
            if (vec) {
                load4<T>(L.v, k, m, a);
                uint4 cw = *reinterpret_cast<const uint4 *>(L.cc + 4 * k);
                uint32_t h[4] = {cw.x, cw.y, cw.z, cw.w};
#pragma unroll
                for (int e = 0; e < 4; e++) {
                    lr[e] = h[e] & 0xffff;
                    lc[e] = h[e] >> 16;
                }
            } else {
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (e < m) {
                        a[e] = aval<T, PT>(c, L.v, k + e);
                        lr[e] = (uint32_t)hs_coord(L.cc, L.cb, k + e, 0);
                        lc[e] = (uint32_t)hs_coord(L.cc, L.cb, k + e, 1);
                    }
            }
            uint32_t cur;
            T acc;
            group4<T, PT>(c, a, lr, lc, m, L.xo, sy, st, cur, acc);
            atom<T, PT>(c, sy + cur, acc);
            st[cur] = 1;
        }
        __syncthreads(); /* pc and gp are reloaded by the next batch; sy is complete */
    }
    unit_out<T, PT>(c, u, sy, st, W, t, WIDE_THREADS);
}

template <typename T> __global__ void fill_kernel(T *y, uint8_t *yp, uint64_t n, T v)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
         i += (uint64_t)gridDim.x * blockDim.x) {
        y[i] = v;
        if (yp != nullptr) yp[i] = 0;
    }
}

GG_cuda_hs_variant variant = GG_CUDA_HS_DEFAULT;

template <typename T, bool PT> int launch(const Mv<T> &c, const GG_cuda_hs_schedule *S)
{
    cudaStream_t s = GG_cuda_stream();
    GG_cuda_hs_variant v = variant == GG_CUDA_HS_DEFAULT ? GG_CUDA_HS_HOST_LEVELS : variant;
    /* level-2 tiles need their own block shape in both variants: one block per unit */
    for (uint64_t u0 = 0; u0 < c.nwunits; u0 += 0x7fffffff) {
        static bool sized = false;
        if (!sized && cudaFuncSetAttribute(wide_kernel<T, PT>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           (int)wide_smem<T>()) != cudaSuccess)
            return GG_CUDA_SPMV_ERROR;
        sized = true;
        Mv<T> part = c;
        part.wunits = c.wunits + u0;
        uint64_t nu = c.nwunits - u0 < 0x7fffffff ? c.nwunits - u0 : 0x7fffffff;
        wide_kernel<T, PT><<<(unsigned)nu, WIDE_THREADS, wide_smem<T>(), s>>>(part);
    }
    if (v == GG_CUDA_HS_HOST_LEVELS) {
        for (int q = 0; q < NQ; q++) {
            uint64_t units = c.uoff[q + 1] - c.uoff[q];
            for (uint64_t u0 = 0; u0 < units; u0 += 0x7fffffff) {
                /* a grid is at most 2^31 - 1 blocks: offset the queue for the rest */
                Mv<T> part = c;
                if (q == Q_TILE) {
                    part.units = c.units + u0 * PER_UNIT[q];
                    part.nunits = c.nunits - u0 * PER_UNIT[q];
                } else {
                    part.qoff[q] = c.qoff[q] + u0 * PER_UNIT[q];
                }
                uint64_t nu = units - u0 < 0x7fffffff ? units - u0 : 0x7fffffff;
                switch (q) {
                case Q_WIDE: break; /* launched above */
                case Q_TILE: queue_kernel<T, PT, Q_TILE><<<(unsigned)nu, THREADS, 0, s>>>(part); break;
                case Q_TINY: queue_kernel<T, PT, Q_TINY><<<(unsigned)nu, THREADS, 0, s>>>(part); break;
                case Q_SMALL:
                    queue_kernel<T, PT, Q_SMALL><<<(unsigned)nu, THREADS, 0, s>>>(part);
                    break;
                case Q_MID: queue_kernel<T, PT, Q_MID><<<(unsigned)nu, THREADS, 0, s>>>(part); break;
                default: queue_kernel<T, PT, Q_BIG><<<(unsigned)nu, THREADS, 0, s>>>(part); break;
                }
            }
        }
    } else {
        static int per_sm = 0;
        if (per_sm == 0 && cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                               &per_sm, persistent_kernel<T, PT>, THREADS, 0) != cudaSuccess)
            per_sm = 1;
        uint64_t total = c.uoff[NQ], blocks = (uint64_t)std::max(1, GG_cuda_sm_count()) * (per_sm > 0 ? per_sm : 1);
        if (blocks > total) blocks = total;
        cudaMemsetAsync(S->head, 0, sizeof(unsigned), s);
        if (blocks > 0) persistent_kernel<T, PT><<<(unsigned)blocks, THREADS, 0, s>>>(c);
    }
    return gg_spmv_status(cudaGetLastError());
}

template <typename T>
int mxv_typed(const GG_cuda_hs *A, const GG_cuda_hs_schedule *S, bool yc, int add_op, int mul_op,
              const void *identity, bool vec_first, const void *x, void *y, unsigned char *yp)
{
    cudaStream_t s = GG_cuda_stream();
    Mv<T> c = {};
    c.pool = (const uint8_t *)A->pool;
    c.nrows = A->nrows;
    c.ncols = A->ncols;
    c.dbits = A->dbits;
    c.vb = A->iso ? 0 : A->value_size;
    c.stype = A->type_code;
    c.scale = A->scale;
    c.iso = A->iso;
    c.same = A->type_code == gg_code<T>::v && A->scale == 1.0;
    c.isov = A->iso ? gg_load_cast<T>(A->iso_value, 0, A->type_code, A->scale) : T{};
    gg_spmv_args<T>(c, add_op, mul_op, identity, vec_first, x, y, yp);
    c.yc = yc;
    c.vec = c.same && !c.iso && (sizeof(T) == 4 || sizeof(T) == 8);
    uint64_t ny = yc ? A->ncols : A->nrows;
    if (ny > 0 && (S == nullptr || !S->nofill[yc]))
        fill_kernel<T><<<grid_for(ny), THREADS, 0, s>>>(c.y, yp, ny, c.ident);
    if (S == nullptr || ny == 0) return gg_spmv_status(cudaGetLastError());
    c.items = S->items;
    c.pieces = S->pieces[0][yc];
    c.units = S->units[0][yc];
    c.nunits = S->nunits[0][yc];
    c.wpieces = S->pieces[1][yc];
    c.wunits = S->units[1][yc];
    c.nwunits = S->nunits[1][yc];
    memcpy(c.qoff, S->qoff, sizeof c.qoff);
    c.uoff[Q_TILE + 1] = (c.nunits + PER_UNIT[Q_TILE] - 1) / PER_UNIT[Q_TILE];
    c.uoff[Q_WIDE + 1] = c.uoff[Q_WIDE + 0]; /* wide units have their own launch */
    for (int q = Q_TINY; q < NQ; q++)
        c.uoff[q + 1] = c.uoff[q] + (c.qoff[q + 1] - c.qoff[q] + PER_UNIT[q] - 1) / PER_UNIT[q];
    c.head = S->head;
    if constexpr (std::is_floating_point_v<T>) {
        if (add_op == GG_CUDA_OP_PLUS && mul_op == GG_CUDA_OP_TIMES) return launch<T, true>(c, S);
    }
    return launch<T, false>(c, S);
}

} // namespace

extern "C" void GG_cuda_hs_set_variant(GG_cuda_hs_variant v)
{
    variant = v;
}

extern "C" int GG_cuda_hs_mxv(const GG_cuda_hs *A, const GG_cuda_hs_schedule *s, bool tran,
                              int add_op, int mul_op, int type_code, const void *identity,
                              bool vec_first, const void *x_dev, void *y_dev,
                              unsigned char *ypresent_dev)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || A->type_code < GG_CUDA_BOOL ||
        A->type_code > GG_CUDA_FP64 || A->dbits > 8 || (A->root != 0 && s == nullptr))
        return GG_CUDA_SPMV_UNSUPPORTED;
    bool yc = tran != A->transposed;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = mxv_typed<decltype(tag)>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                      ypresent_dev);
    });
    return rc;
}
