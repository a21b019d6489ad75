/* hs_spmv.cu: y = op(A) (+.*) x on a device HiSparse tree with the papers' dynamic scheduler
 * (Derler 2016 ch. 5, ICS'17 §3-4), behind GG_cuda_spmv.h.
 *
 * Scheduling. A leaf knows its origin, so the product needs no global index arrays; what the GPU
 * needs is the list of leaves sorted into queues by node kind and size, so that every warp runs one
 * kind of code. GG_cuda_hs_schedule_new finds them by a level-by-level traversal on the device:
 * inner nodes sit in three queues (COO with <= 8 children: a thread each; COO with more: a warp
 * each; dense: a block each), and each level's pass pushes children into the next level's inner
 * queues or into six leaf queues:
 *   TINY   COO leaves of 1-4 entries       a thread per leaf, 256 leaves per block
 *   SMALL  COO leaves of 5-32 entries      8 threads per leaf, 32 per block
 *   MID    COO leaves of 33-1024 entries   a warp per leaf, 8 per block
 *   BIG    COO leaves of more, cut into chunks of 2048 entries, a block per chunk
 *   DENSE  dense leaves                    a block per leaf
 *   BITMAP bitmap leaves                   a block per leaf
 * Every pass runs twice (count, then fill into exactly sized queues), so the schedule costs one
 * host synchronisation per level; it depends only on the tree, so the caller builds it once per
 * device tree and keeps it beside the tree. A product then processes the leaf queues, either with
 * one host launch per queue (GG_CUDA_HS_HOST_LEVELS) or with one launch of persistent blocks that
 * take units off a single atomic head (GG_CUDA_HS_PERSISTENT); units never straddle queues.
 *
 * Partial sums are combined before they reach y: runs of one output in registers (TINY, SMALL),
 * segmented shuffles across a warp (MID, BIG: runs of one output; dense and bitmap rows), and
 * under A' for level-1 COO leaves of at least d entries and for bitmap leaves a shared-memory
 * array of d partial outputs flushed with one global atomic per touched output.
 *
 * A and A' are the same kernels: `yc` says whether the content row (A x) or column (A' x) indexes
 * y. The node geometry below mirrors src/hisparse/hs_internal.h (which is C and cannot be
 * included); the CUDA test compares every node kind with the CPU traversal.
 *
 * Measured default: see GG_CUDA_HS_DEFAULT below (numbers in the lead's Doc/performance.md). */
#include "GG_cuda.h"
#include "GG_cuda_semiring.cuh"

#include <cuda_runtime.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace
{

enum { Q_TINY, Q_SMALL, Q_MID, Q_BIG, Q_DENSE, Q_BITMAP, NQ };
constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;
constexpr uint32_t BIG_CHUNK = 2048;
constexpr uint64_t PER_UNIT[NQ] = {THREADS, THREADS / 8, WARPS, 1, 1, 1};
constexpr int MAX_D = 256;

/* Node tags (GG_hs_tag). */
enum {
    T_INNER_DENSE = 1,
    T_INNER_COO1,
    T_INNER_COO2,
    T_INNER_COO4,
    T_LEAF_DENSE,
    T_LEAF_BITMAP,
    T_LEAF_COO1
};

/* One queue entry: a node (inner queues) or entries [start, start + cnt) of a leaf. */
struct Item {
    uint64_t word, r0, c0; /* child word, origin in content coordinates */
    uint32_t n;            /* entries of the whole leaf (inner: children) */
    uint32_t start, cnt;
    uint32_t level;
};

/* ---- geometry (src/hisparse/hs_internal.h) -----------------------------------------------------
 */

__host__ __device__ inline uint64_t al(uint64_t x, uint64_t a)
{
    return (x + a - 1) & ~(a - 1);
}

__host__ __device__ inline uint64_t vec_align(uint64_t bytes, unsigned X)
{
    uint64_t a = bytes * X;
    if (a == 0) return 1;
    a &= (~a + 1);
    return a > 16 ? 16 : a;
}

__host__ __device__ inline unsigned coo_x(int tag)
{
    int k = tag >= T_LEAF_COO1 ? tag - T_LEAF_COO1 : tag - T_INNER_COO1;
    return 1u << k;
}

__host__ __device__ inline unsigned coord_bytes(int level, int dbits)
{
    int bits = level * dbits;
    return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

__host__ __device__ inline uint64_t coo_coords(unsigned X, unsigned cb)
{
    return al(4, vec_align(2 * cb, X));
}

__host__ __device__ inline uint64_t coo_values(uint64_t n, unsigned X, unsigned cb, uint64_t vb)
{
    return al(coo_coords(X, cb) + al(n, X) * 2 * cb, vec_align(vb, X));
}

__host__ __device__ inline uint64_t bitmap_bits(int dbits)
{
    return al(4 + 2 * (1ULL << dbits), 16);
}

__host__ __device__ inline uint64_t bitmap_values(int dbits, uint64_t vb)
{
    uint64_t words = ((1ULL << (2 * dbits)) + 63) / 64;
    return al(bitmap_bits(dbits) + 8 * words, vec_align(vb, 1));
}

__host__ __device__ inline uint64_t extent(uint64_t dim, uint64_t origin, int dbits)
{
    uint64_t left = dim - origin, d = 1ULL << dbits;
    return left < d ? left : d;
}

__device__ inline uint64_t coord(const uint8_t *c, unsigned cb, uint64_t k, int which)
{
    switch (cb) {
    case 1: return c[2 * k + which];
    case 2: return ((const uint16_t *)c)[2 * k + which];
    case 4: return ((const uint32_t *)c)[2 * k + which];
    default: return ((const uint64_t *)c)[2 * k + which];
    }
}

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
    int tag = (int)(w & 15);
    const uint8_t *p = t.pool + (w & ~15ULL);
    Item it = {w, r0, c0, 0, 0, 0, level};
    Item *dst;
    unsigned long long *cnt;
    uint32_t pieces = 1;
    if (tag <= T_INNER_COO4) {
        it.n = tag == T_INNER_DENSE ? 0 : *(const uint32_t *)p;
        int bin = tag == T_INNER_DENSE ? 2 : it.n <= 8 ? 0 : 1;
        cnt = o.cnt + bin;
        dst = o.inner[bin];
    } else {
        int q;
        if (tag == T_LEAF_DENSE) {
            it.n = (uint32_t)(extent(t.nrows, r0, t.dbits) * extent(t.ncols, c0, t.dbits));
            q = Q_DENSE;
        } else {
            it.n = *(const uint32_t *)p;
            q = tag == T_LEAF_BITMAP ? Q_BITMAP
                : it.n <= 4          ? Q_TINY
                : it.n <= 32         ? Q_SMALL
                : it.n <= 1024       ? Q_MID
                                     : Q_BIG;
            if (q == Q_BIG) pieces = (it.n + BIG_CHUNK - 1) / BIG_CHUNK;
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
        int tag = (int)(nd.word & 15);
        const uint8_t *p = t.pool + (nd.word & ~15ULL);
        int shift = t.dbits * (int)(nd.level - 1);
        uint64_t m = (1ULL << t.dbits) - 1;
        if (tag == T_INNER_DENSE) {
            uint64_t slots = 1ULL << (2 * t.dbits);
            const uint64_t *words = (const uint64_t *)p;
            for (uint64_t k = lane; k < slots; k += G) {
                uint64_t w = words[k];
                if (w == 0) continue;
                classify(t, o, w, nd.level - 1, nd.r0 + ((k >> t.dbits) << shift),
                         nd.c0 + ((k & m) << shift));
            }
        } else {
            unsigned X = coo_x(tag);
            const uint8_t *cc = p + coo_coords(X, 1);
            const uint64_t *words = (const uint64_t *)(p + coo_values(nd.n, X, 1, 8));
            for (uint64_t k = lane; k < nd.n; k += G) {
                classify(t, o, words[k], nd.level - 1, nd.r0 + ((uint64_t)cc[2 * k] << shift),
                         nd.c0 + ((uint64_t)cc[2 * k + 1] << shift));
            }
        }
    }
}

} // namespace

struct GG_cuda_hs_schedule {
    Item *items;           /* the leaf queues, one after the other */
    uint64_t qoff[NQ + 1]; /* items of queue q: [qoff[q], qoff[q+1]) */
    uint64_t uoff[NQ + 1]; /* units of queue q: [uoff[q], uoff[q+1]) */
    unsigned *head;        /* the persistent variant's next unit */
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

int status_of(cudaError_t e)
{
    return e == cudaSuccess                 ? GG_CUDA_SPMV_OK
           : e == cudaErrorMemoryAllocation ? GG_CUDA_SPMV_NOMEM
                                            : GG_CUDA_SPMV_ERROR;
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
    if (e != cudaSuccess) return status_of(e);
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
    return status_of(cudaGetLastError());
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
    GG_cuda_hs_schedule *S = nullptr;
    if (rc == GG_CUDA_SPMV_OK) {
        S = (GG_cuda_hs_schedule *)calloc(1, sizeof *S);
        if (S == nullptr) rc = GG_CUDA_SPMV_NOMEM;
    }
    if (rc == GG_CUDA_SPMV_OK) {
        uint64_t total = 0;
        for (int q = 0; q < NQ; q++) {
            S->qoff[q] = total;
            uint64_t n = 0;
            for (auto &l : leaves[q]) n += l.second;
            S->uoff[q + 1] = S->uoff[q] + (n + PER_UNIT[q] - 1) / PER_UNIT[q];
            total += n;
        }
        S->qoff[NQ] = total;
        S->bytes = total * sizeof(Item) + 16;
        S->items = (Item *)GG_cuda_malloc(total * sizeof(Item));
        S->head = (unsigned *)GG_cuda_malloc(16);
        if (S->items == nullptr || S->head == nullptr) rc = GG_CUDA_SPMV_NOMEM;
        uint64_t at = 0;
        for (int q = 0; q < NQ && rc == GG_CUDA_SPMV_OK; q++)
            for (auto &l : leaves[q]) {
                cudaMemcpyAsync(S->items + at, l.first, l.second * sizeof(Item),
                                cudaMemcpyDeviceToDevice, s);
                at += l.second;
            }
        if (rc == GG_CUDA_SPMV_OK) rc = status_of(cudaGetLastError());
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
    const Item *items;
    uint64_t qoff[NQ + 1], uoff[NQ + 1];
    uint64_t nrows, ncols;
    int dbits, vb, stype;
    double scale;
    bool iso, same; /* same: stored values are already T and unscaled */
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

/* Shared memory of one block: WARPS partial arrays of MAX_D values and their touched flags. */
constexpr size_t SMEM = WARPS * MAX_D * 8 + WARPS * MAX_D;

/* A decoded COO leaf. */
struct Coo {
    const uint8_t *cc, *v;
    unsigned cb;
    uint64_t yo, xo;
};

template <typename T> __device__ inline Coo coo_open(const Mv<T> &c, const Item &it)
{
    const uint8_t *p = c.pool + (it.word & ~15ULL);
    unsigned X = coo_x((int)(it.word & 15)), cb = coord_bytes((int)it.level, c.dbits);
    Coo L = {p + coo_coords(X, cb), p + coo_values(it.n, X, cb, (uint64_t)c.vb), cb,
             c.yc ? it.c0 : it.r0, c.yc ? it.r0 : it.c0};
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
        uint64_t ly = coord(L.cc, L.cb, k, c.yc), lx = coord(L.cc, L.cb, k, 1 - c.yc);
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

/* Entries [it.start, it.start + it.cnt) of a COO leaf by a group of G threads (a warp or the
 * block), consecutive entries on consecutive threads. Each warp folds runs of one output before
 * its atomics (gg_warp_segfold): under A a level-1 leaf is row-major, so rows come in runs. Under
 * A' a level-1 leaf's columns do not, so when outputs repeat on average (at least d entries) the
 * products gather in shared memory first (sp, st: d partial outputs and touched flags), flushed
 * with one global atomic per touched output. */
template <typename T, bool PT, int G>
__device__ void coo_group(const Mv<T> &c, const Item &it, int lane, T *sp, uint8_t *st)
{
    Coo L = coo_open(c, it);
    uint64_t lo = it.start, hi = (uint64_t)it.start + it.cnt;
    int d = 1 << c.dbits;
    auto add = [&](T a, T b) { return addv<T, PT>(c, a, b); };
    if (it.level != 1 || !c.yc || it.cnt < (uint32_t)d) {
        for (uint64_t base = lo; base < hi; base += G) {
            uint64_t k = base + lane, ly = 0;
            bool valid = k < hi;
            T p{};
            if (valid) {
                ly = coord(L.cc, L.cb, k, c.yc);
                p = prod<T, PT>(c, aval<T, PT>(c, L.v, k), L.xo + coord(L.cc, L.cb, k, 1 - c.yc));
            }
            if (gg_warp_segfold<T>(ly, p, valid, add)) flush<T, PT>(c, L.yo + ly, p);
        }
        return;
    }
    for (int r = lane; r < d; r += G) {
        sp[r] = c.ident;
        st[r] = 0;
    }
    if (G == 32)
        __syncwarp();
    else
        __syncthreads();
    for (uint64_t k = lo + lane; k < hi; k += G) {
        uint64_t ly = L.cc[2 * k + 1], lx = L.cc[2 * k];
        atom<T, PT>(c, sp + ly, prod<T, PT>(c, aval<T, PT>(c, L.v, k), L.xo + lx));
        st[ly] = 1;
    }
    if (G == 32)
        __syncwarp();
    else
        __syncthreads();
    for (int r = lane; r < d; r += G)
        if (st[r]) flush<T, PT>(c, L.yo + r, sp[r]);
}

/* A dense leaf by the block: under A a warp per row (lanes over columns, shuffled together);
 * under A' a thread per column. */
template <typename T, bool PT> __device__ void dense_leaf(const Mv<T> &c, const Item &it)
{
    const uint8_t *v = c.pool + (it.word & ~15ULL);
    uint64_t nr = extent(c.nrows, it.r0, c.dbits), nc = extent(c.ncols, it.c0, c.dbits);
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (!c.yc) {
        for (uint64_t r = w; r < nr; r += WARPS) {
            T acc{};
            bool has = false;
            for (uint64_t j = lane; j < nc; j += 32) {
                T p = prod<T, PT>(c, aval<T, PT>(c, v, r * nc + j), it.c0 + j);
                acc = has ? addv<T, PT>(c, acc, p) : p;
                has = true;
            }
            gg_warp_fold<T>(PT ? (int)GG_CUDA_OP_PLUS : c.add, has, acc);
            if (lane == 0 && has) flush<T, PT>(c, it.r0 + r, acc);
        }
    } else {
        for (uint64_t j = threadIdx.x; j < nc; j += THREADS) {
            T acc{};
            for (uint64_t r = 0; r < nr; r++) {
                T p = prod<T, PT>(c, aval<T, PT>(c, v, r * nc + j), it.r0 + r);
                acc = r == 0 ? p : addv<T, PT>(c, acc, p);
            }
            if (nr > 0) flush<T, PT>(c, it.c0 + j, acc);
        }
    }
}

/* Position of the n-th (from 0) set bit of w. */
__device__ inline int nth_bit(uint64_t w, int n)
{
    unsigned lo = (unsigned)w;
    int c = __popc(lo);
    return n < c ? (int)__fns(lo, 0, n + 1) : 32 + (int)__fns((unsigned)(w >> 32), 0, n - c + 1);
}

/* A bitmap leaf by the block. Dense ones (at least half full) a warp per row: a ballot over 32
 * columns numbers the row's entries, so each lane finds its value without a search. Sparser ones
 * a thread per entry, so no lane idles on empty cells: the row from the row starts (binary
 * search), the column by selecting the entry's bit in that row. Under A rows fold across the warp;
 * under A' the products go to shared partial outputs per column (sp, st). */
template <typename T, bool PT>
__device__ void bitmap_leaf(const Mv<T> &c, const Item &it, T *sp, uint8_t *st)
{
    const uint8_t *p = c.pool + (it.word & ~15ULL);
    const uint16_t *rowstart = (const uint16_t *)(p + 4);
    const uint64_t *bm = (const uint64_t *)(p + bitmap_bits(c.dbits));
    const uint8_t *v = p + bitmap_values(c.dbits, (uint64_t)c.vb);
    int d = 1 << c.dbits, lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    if (c.yc) {
        for (int r = threadIdx.x; r < d; r += THREADS) {
            sp[r] = c.ident;
            st[r] = 0;
        }
        __syncthreads();
    }
    uint64_t nr = extent(c.nrows, it.r0, c.dbits);
    if ((uint64_t)it.n * 2 < nr * d) {
        auto add = [&](T a, T b) { return addv<T, PT>(c, a, b); };
        for (uint64_t base = 0; base < it.n; base += THREADS) {
            uint64_t k = base + threadIdx.x, r = 0, j = 0;
            bool valid = k < it.n;
            T pr{};
            if (valid) {
                int lo = 0, hi = (int)nr - 1;
                while (lo < hi) {
                    int mid = (lo + hi + 1) / 2;
                    if (rowstart[mid] <= k)
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                r = (uint64_t)lo;
                int rank = (int)(k - rowstart[r]);
                uint64_t pos = r * (uint64_t)d;
                if (d < 64) {
                    j = (uint64_t)nth_bit((bm[pos >> 6] >> (pos & 63)) & ((1ULL << d) - 1), rank);
                } else {
                    for (int wi = 0;; wi++) {
                        uint64_t word = bm[(pos >> 6) + wi];
                        int cnt = __popcll(word);
                        if (rank < cnt) {
                            j = (uint64_t)(64 * wi + nth_bit(word, rank));
                            break;
                        }
                        rank -= cnt;
                    }
                }
                pr = prod<T, PT>(c, aval<T, PT>(c, v, k), c.yc ? it.r0 + r : it.c0 + j);
                if (c.yc) {
                    atom<T, PT>(c, sp + j, pr);
                    st[j] = 1;
                }
            }
            if (!c.yc && gg_warp_segfold<T>(r, pr, valid, add)) flush<T, PT>(c, it.r0 + r, pr);
        }
    } else {
        for (uint64_t r = w; r < nr; r += WARPS) {
            uint64_t base = rowstart[r];
            T acc{};
            bool has = false;
            for (int j0 = 0; j0 < d; j0 += 32) {
                int j = j0 + lane;
                uint64_t pos = r * d + j;
                bool bit = j < d && ((bm[pos >> 6] >> (pos & 63)) & 1);
                unsigned ballot = __ballot_sync(0xffffffffu, bit);
                if (bit) {
                    uint64_t k = base + __popc(ballot & ((1u << lane) - 1));
                    if (!c.yc) {
                        T pr = prod<T, PT>(c, aval<T, PT>(c, v, k), it.c0 + j);
                        acc = has ? addv<T, PT>(c, acc, pr) : pr;
                        has = true;
                    } else {
                        atom<T, PT>(c, sp + j, prod<T, PT>(c, aval<T, PT>(c, v, k), it.r0 + r));
                        st[j] = 1;
                    }
                }
                base += __popc(ballot);
            }
            if (!c.yc) {
                gg_warp_fold<T>(PT ? (int)GG_CUDA_OP_PLUS : c.add, has, acc);
                if (lane == 0 && has) flush<T, PT>(c, it.r0 + r, acc);
            }
        }
    }
    if (c.yc) {
        __syncthreads();
        for (int j = threadIdx.x; j < d; j += THREADS)
            if (st[j]) flush<T, PT>(c, it.c0 + j, sp[j]);
    }
}

/* Unit u of queue q, by the whole block. */
template <typename T, bool PT>
__device__ void run_unit(const Mv<T> &c, int q, uint64_t u, unsigned char *smem)
{
    const Item *items = c.items + c.qoff[q];
    uint64_t n = c.qoff[q + 1] - c.qoff[q];
    int t = threadIdx.x, lane = t & 31, w = t >> 5;
    T *sp = reinterpret_cast<T *>(smem);
    uint8_t *st = smem + WARPS * MAX_D * 8;
    switch (q) {
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
        if (i < n) coo_group<T, PT, 32>(c, items[i], lane, sp + w * MAX_D, st + w * MAX_D);
        break;
    }
    case Q_BIG: coo_group<T, PT, THREADS>(c, items[u], t, sp, st); break;
    case Q_DENSE: dense_leaf<T, PT>(c, items[u]); break;
    default: bitmap_leaf<T, PT>(c, items[u], sp, st); break;
    }
}

template <typename T, bool PT>
__global__ void __launch_bounds__(THREADS) queue_kernel(Mv<T> c, int q)
{
    __shared__ __align__(16) unsigned char smem[SMEM];
    run_unit<T, PT>(c, q, blockIdx.x, smem);
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

template <typename T> __global__ void fill_kernel(T *y, uint8_t *yp, uint64_t n, T v)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n;
         i += (uint64_t)gridDim.x * blockDim.x) {
        y[i] = v;
        if (yp != nullptr) yp[i] = 0;
    }
}

GG_cuda_hs_variant variant = GG_CUDA_HS_DEFAULT;

int sm_count()
{
    static int n = 0;
    if (n == 0) {
        int dev = 0;
        cudaGetDevice(&dev);
        if (cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess) n = 1;
    }
    return n;
}

template <typename T, bool PT> int launch(Mv<T> &c, const GG_cuda_hs_schedule *S)
{
    cudaStream_t s = GG_cuda_stream();
    GG_cuda_hs_variant v = variant == GG_CUDA_HS_DEFAULT ? GG_CUDA_HS_PERSISTENT : variant;
    if (v == GG_CUDA_HS_HOST_LEVELS) {
        for (int q = 0; q < NQ; q++) {
            uint64_t units = S->uoff[q + 1] - S->uoff[q];
            for (uint64_t u0 = 0; u0 < units; u0 += 0x7fffffff) {
                /* a grid is at most 2^31 - 1 blocks: offset the queue for the rest */
                Mv<T> part = c;
                part.qoff[q] = c.qoff[q] + u0 * PER_UNIT[q];
                uint64_t nu = units - u0 < 0x7fffffff ? units - u0 : 0x7fffffff;
                queue_kernel<T, PT><<<(unsigned)nu, THREADS, 0, s>>>(part, q);
            }
        }
    } else {
        static int per_sm = 0;
        if (per_sm == 0 && cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                               &per_sm, persistent_kernel<T, PT>, THREADS, 0) != cudaSuccess)
            per_sm = 1;
        uint64_t total = S->uoff[NQ], blocks = (uint64_t)sm_count() * (per_sm > 0 ? per_sm : 1);
        if (blocks > total) blocks = total;
        cudaMemsetAsync(S->head, 0, sizeof(unsigned), s);
        if (blocks > 0) persistent_kernel<T, PT><<<(unsigned)blocks, THREADS, 0, s>>>(c);
    }
    return status_of(cudaGetLastError());
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
    memcpy(&c.ident, identity, sizeof(T));
    c.yc = yc;
    c.add = add_op;
    c.mul = mul_op;
    c.vec_first = vec_first;
    c.x = (const T *)x;
    c.y = (T *)y;
    c.yp = yp;
    uint64_t ny = yc ? A->ncols : A->nrows;
    if (ny > 0) fill_kernel<T><<<grid_for(ny), THREADS, 0, s>>>(c.y, yp, ny, c.ident);
    if (S == nullptr || ny == 0) return status_of(cudaGetLastError());
    c.items = S->items;
    memcpy(c.qoff, S->qoff, sizeof c.qoff);
    memcpy(c.uoff, S->uoff, sizeof c.uoff);
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
    switch (type_code) {
    case GG_CUDA_BOOL:
        return mxv_typed<bool>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                               ypresent_dev);
    case GG_CUDA_INT32:
        return mxv_typed<int32_t>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                  ypresent_dev);
    case GG_CUDA_UINT32:
        return mxv_typed<uint32_t>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                   ypresent_dev);
    case GG_CUDA_INT64:
        return mxv_typed<int64_t>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                  ypresent_dev);
    case GG_CUDA_UINT64:
        return mxv_typed<uint64_t>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                   ypresent_dev);
    case GG_CUDA_FP32:
        return mxv_typed<float>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                ypresent_dev);
    default:
        return mxv_typed<double>(A, s, yc, add_op, mul_op, identity, vec_first, x_dev, y_dev,
                                 ypresent_dev);
    }
}
