/* vec_mxv.cu: the device pull product of a matrix view with a vector in any form
 * (GG_cuda_vec_mxv.h). One group of G lanes per row of R (G = 4 ... 32 by the view's mean row
 * length, so short rows do not leave most of a warp idle): each lane folds its share of the row's
 * terms whose x(k) is present, carrying a has-value flag, then the group folds by shuffles and its
 * first lane writes T(i) and its flag. The row's mask bit is read before any term, so a masked
 * product touches only the rows it may write (BFS's pull step under a complemented mask skips
 * every visited vertex). The push product scatters each frontier entry's column with atomic monoid
 * updates, from a sparse frontier's list or a bitmap frontier's flags read in place, and
 * claims each target's flag atomically so that it also leaves T's entry count on the device, or,
 * where the terms are many, stores the flags and counts them after. Unmeasured choices (G by mean
 * length, 256-thread blocks) are marked for the GPU-host run. */
#include "../GG_cuda_semiring.cuh"
#include "vec_common.cuh"
#include "GG_cuda.h"
#include "GG_cuda_vec_mxv.h"

#include <algorithm>
#include <atomic>
#include <cooperative_groups.h>
#include <cstdlib>
#include <limits>

namespace cg = cooperative_groups;

namespace
{

constexpr int THREADS = 256;

unsigned blocks_for(uint64_t work)
{
    uint64_t b = (work + THREADS - 1) / THREADS;
    return b == 0 ? 1 : b > 65535u * 16 ? 65535u * 16 : (unsigned)b;
}

/* Tunables of the pull's group kernel (pull_kernel), read once:
 *    GRAPHBLAS_GPU_MXV_BLOCKS_PER_SM   the most blocks a launch takes per SM, the groups then
 *                                      striding over the vectors (0: one group per vector, as
 *                                      many blocks as that needs; default 12)
 *    GRAPHBLAS_GPU_MXV_LANES           G forced to 4, 8, 16 or 32 (0: lanes_for's rule)
 * Why a cap (measured while the push had a group kernel too, until 2026-11-28): with a group
 * per vector every group walks one vector and its block then waits at
 * the block's count (gg_block_count's barrier) for its slowest group; under ncu (H200, twelfth
 * session) push_kernel<float, 32> on RMAT-21 at 20 % ran 52,429 blocks of one column a warp and
 * spent 47 % of its stall cycles at that barrier (372 us, L2 38 %, DRAM 7 % of peak). Measured
 * (H200, spmspv_bench medians of 5, the SVM's pick at 1 / 5 / 10 / 20 %; same call): RMAT-21
 * 0.090 / 0.216 / 0.347 / 0.569 ms uncapped, 0.089 / 0.195 / 0.316 / 0.488 at 6, 0.085 / 0.192 /
 * 0.302 / 0.471 at 12, 0.087 / 0.182 / 0.293 / 0.479 at 24; grid 3000^2 0.075 / 0.179 / 0.197 /
 * 0.251 uncapped, 0.082 / 0.161 / 0.189 / 0.240 at 12, 0.075 / 0.150 / 0.184 / 0.234 at 24; the
 * dense pull 1.17-1.63 -> 0.79-1.07 ms on RMAT-21 at 12; BFS RMAT-22 3.38 -> 3.19 ms, SSSP
 * RMAT-20 12.8 -> 11.65, grid BFS 28.7 -> 27.5 (uncapped -> 12). 12 is the value every one of
 * these was measured at; 24 was 0-9 % faster on the grid's SpMSpV but not run through the
 * algorithms. Forcing G = 8 or 16 on RMAT-21 (at 12) was 3-16 % slower than the rule's 32. */
struct group_tuning {
    unsigned cap; /* the most blocks a launch (0: none) */
    int lanes;    /* forced G (0: the rule) */
};

const group_tuning &group_tune(void)
{
    static const group_tuning t = [] {
        group_tuning r{0, 0};
        long per_sm = (long)GG_cuda_env_or("GRAPHBLAS_GPU_MXV_BLOCKS_PER_SM", 12);
        if (per_sm > 0 && GG_cuda_sm_count() > 0)
            r.cap = (unsigned)std::min<long>(per_sm * GG_cuda_sm_count(), 65535L * 16);
        long g = (long)GG_cuda_env_or("GRAPHBLAS_GPU_MXV_LANES", 0);
        r.lanes = g == 4 || g == 8 || g == 16 || g == 32 ? (int)g : 0;
        return r;
    }();
    return t;
}

std::atomic<int> cap_hook{-1}; /* GG_cuda_vec_mxv_set_cap */
std::atomic<int> flags_hook{0}; /* GG_cuda_vec_push_set_flags */

/* b blocks under a launch's cap (0: none), or under the test hook's when it is set. */
unsigned under_cap(unsigned b, unsigned cap)
{
    int h = cap_hook.load(std::memory_order_relaxed);
    if (h >= 0) cap = (unsigned)h;
    return cap != 0 && b > cap ? cap : b;
}

/* Blocks of a group kernel for `work` threads (a group per vector), under the cap. */
unsigned group_blocks(uint64_t work)
{
    return under_cap(blocks_for(work), group_tune().cap);
}

/* A's value at p as the domain T: a plain load when A is stored as T (the common case), so the
 * cast's switch stays out of the inner loop. */
template <typename T> __device__ inline T a_value(const void *av, uint64_t p, int stype)
{
    return stype == gg_code<T>::v ? static_cast<const T *>(av)[p]
                                  : gg_load_cast<T>(av, p, stype, 1.0);
}

/* Frees a product's arrays (stream-ordered) and clears it: the products' failure path. */
void release(GG_cuda_vec *Tv)
{
    GG_cuda_free(Tv->d.i);
    GG_cuda_free(Tv->d.x);
    GG_cuda_free(Tv->d.b);
    GG_cuda_free(Tv->count);
    memset(Tv, 0, sizeof *Tv);
}

/* A shuffle down by d inside a group of G lanes (width G keeps the source lane in the group, whose
 * lanes are the only ones in gmask). */
template <typename T, int G> __device__ __forceinline__ T shfl_down_in_group(T v, int d, unsigned gmask)
{
    if constexpr (std::is_same_v<T, bool>) {
        return (bool)__shfl_down_sync(gmask, (int)v, d, G);
    } else {
        gg_word_t<T> u;
        memcpy(&u, &v, sizeof u);
        u = __shfl_down_sync(gmask, u, d, G);
        T r;
        memcpy(&r, &u, sizeof r);
        return r;
    }
}

/* What both products read: the view (its vector r is row r of R for the pull, column r for the
 * push), the semiring and the mask read at each output row. */
struct Prod {
    uint64_t nvec;
    const uint64_t *vec, *ptr, *idx;
    const void *av;
    int stype;
    bool need_a; /* the multiply reads A's value */
    int add, mul;
    bool vec_first;
    bool has_mask, mstruct, mcomp;
    GG_vdata M;
};

Prod prod_of(const GG_cuda_cview *V, int add_op, int mul_op, bool vec_first,
             const GG_cuda_rowmask *mask)
{
    Prod c = {};
    c.nvec = V->nvec;
    c.vec = V->vec;
    c.ptr = V->ptr;
    c.idx = V->idx;
    c.av = V->x;
    c.stype = V->type_code;
    /* FIRST ignores x, SECOND ignores A (and the reverse when x comes first); ONEB and ANY of two
     * present terms ignore both values here: skipping the load halves the bytes of a pattern-only
     * product such as PLUS_SECOND or ANY_PAIR */
    int ignores_a = vec_first ? GG_CUDA_OP_FIRST : GG_CUDA_OP_SECOND;
    c.need_a = !(mul_op == ignores_a || mul_op == GG_CUDA_OP_ONEB ||
                 (mul_op == GG_CUDA_OP_ANY && !vec_first));
    c.add = add_op;
    c.mul = mul_op;
    c.vec_first = vec_first;
    c.has_mask = mask != nullptr && mask->M != nullptr;
    if (c.has_mask) {
        c.M = *mask->M;
        c.mstruct = mask->mstruct;
        c.mcomp = mask->mcomp;
    }
    return c;
}

/* Whether the mask admits row j of T (a pull reads it at its output rows before their terms). */
__device__ inline bool admits(const Prod &c, uint64_t j)
{
    return !c.has_mask || gg_mask_bit(c.M, c.mstruct, j) != c.mcomp;
}

/* Lanes per view vector by its mean length, so short vectors do not leave most of a warp idle
 * (RMAT-21's mean of 30 gives 32; 8 and 16 measured slower there, group_tune's note). */
int lanes_for(uint64_t nnz, uint64_t nvec)
{
    if (group_tune().lanes != 0) return group_tune().lanes;
    double mean = nvec > 0 ? (double)nnz / (double)nvec : 0;
    return mean <= 6 ? 4 : mean <= 12 ? 8 : mean <= 24 ? 16 : 32;
}

/* A view vector longer than this (a column of the push, a row of a non-terminal pull) is not
 * walked by one group but flattened with the other long ones into a list of terms that
 * push_long_kernel / pull_long_kernel deal out evenly. An RMAT hub of 10^5 entries held
 * one group for ~0.8 ms on the H200 (2026-11-26); with the bound at 4096 and those columns then
 * taken one after another by the whole grid, a frontier of 210 random columns of RMAT-21 (14,527
 * terms) still took 155 us in the group kernel (ncu, H200, bench/gpu/spmspv_bench): columns of a
 * few thousand entries kept one warp each for a hundred dependent steps. At 256 a group makes at
 * most 256 / G steps, and the terms of longer columns cost a scan and one even pass. */
constexpr uint64_t LONG_COLUMN = 256;
/* The push's columns are long above PUSH_LONG entries: push_long_kernel's even shares and batched
 * loads take a term for less than push_kernel's walk of a warp's columns (ncu, H200, RMAT-21 at 20
 * % with the bound at 256: push_long_kernel 68 G terms a second, push_kernel 37). Measured
 * (spmspv_bench, RMAT-21, the SVM's pick in ms at 0.1 / 1 / 5 / 10 / 20 %, H200, 2026-11-28):
 * 256: 0.0523 / 0.0735 / 0.1286 / 0.1854 / 0.2732; 64: 0.0477 / 0.0653 / 0.1251 / 0.1726 /
 * 0.2628; 32: 0.0552 / 0.0671 / 0.1268 / 0.1778 / 0.2687; 16: 0.0468 / 0.0694 / 0.1201 / 0.1689
 * / 0.2666. At 32 uniform-21 and the band (columns of 16 and 20 entries on average, at most about
 * 50) sent a few columns down the long path: 0.044 against 0.029 ms at 0.1 %; at 64 none. */
constexpr uint64_t PUSH_LONG = 64;
/* A frontier list of at most this many entries loads its targets' claim words beside their mask
 * bits (Push::early_claim): such a push is a few blocks whose time is the chain of dependent
 * loads (the grid BFS's frontiers are at most 2,000 entries, 8 blocks at G = 4); a larger one is
 * bandwidth-bound, and RMAT's masks drop most targets, whose claim words it need not read. */
constexpr uint64_t EARLY_CLAIM = 4096;
/* Terms of the long columns one block of push_long_kernel takes at a time: contiguous, so each
 * thread's column index only moves forward (by at most THREADS / PUSH_LONG + 1 a step). */
constexpr uint64_t LONG_CHUNK = THREADS * 16;
/* The most long columns of the push a run of LONG_CHUNK + 1 terms meets: those wholly inside
 * hold more than PUSH_LONG terms each, and two more may be cut at its ends. walk_longs_table's
 * table of a chunk holds them all: the chunk's columns and the one of the next chunk's first term
 * (65 here, so a chunk meeting many short long columns needs no second pass). */
constexpr int LONG_SPAN = (int)((LONG_CHUNK - 1) / (PUSH_LONG + 1)) + 2;
/* The terms a thread of push_long_kernel takes at once (walk_longs_table's U), and the
 * blocks an SM the kernel is compiled for: its registers (U positions, targets and values) capped
 * so that no type spills much. ptxas (sm_90, CUDA 12) left to itself gave 80-109 registers at
 * U = 4; at 3 blocks (80 registers) only the push of double spills (32 bytes), at 4 (64) U = 4
 * spilled up to 208 bytes. U = 2 at 4 blocks (no spills) measured the same as U = 4 (H200,
 * thirteenth session: RMAT-21 SpMSpV 0.074-0.464 ms against 0.076-0.454 at 1-20 %). */
constexpr int LONG_U = 4, LONG_MIN_BLOCKS = 3;

/* Sets flag j; 1 when this call set it (so each entry of T is counted once), else 0. The plain
 * read first spares the atomic on targets already reached, most of them on a dense frontier. */
__device__ inline unsigned claim(uint8_t *flags, uint64_t j)
{
    if (reinterpret_cast<volatile uint8_t *>(flags)[j]) return 0;
    unsigned *word = reinterpret_cast<unsigned *>(flags + (j & ~(uint64_t)3));
    unsigned bit = 1u << (8 * (j & 3));
    return (atomicOr(word, bit) & bit) ? 0 : 1;
}

/* The first long vector q whose inclusive sum off[q] exceeds term e: where a chunk of the flat
 * list of long vectors' terms starts. */
__device__ inline uint64_t first_long(const uint64_t *off, uint64_t n, uint64_t e)
{
    uint64_t lo = 0, hi = n - 1;
    while (lo < hi) {
        uint64_t mid = (lo + hi) / 2;
        if (off[mid] > e) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* The view vectors longer than a threshold that a product's group kernel sets aside (the push's
 * columns, a pull's rows) for a second kernel to deal out evenly. One 64-bit word counts both the
 * vectors and their terms (LONG_SLOT_SHIFT): a vector, or a warp's vectors together, take their
 * slots and their place in the flat list of terms by one atomic add on it, so the slots' term
 * offsets come out in slot order and no scan runs between the kernels (the CUB scan, its
 * initialisation kernel and the lengths' clearing cost 9-12 us a push on RMAT-21, ncu, H200,
 * 2026-11-28). For slot q: vec[q] its view vector, off[q] the inclusive sum of the lengths of
 * slots 0 ... q, and `extra` bytes after the sums (the push's x values); n the slots' capacity.
 * vec == nullptr: none can be. */
struct Longs {
    unsigned long long *word;
    uint64_t *vec, *off, n;
    void *extra;
};

/* The word's high bits count the slots, its low ones the terms: up to 2^36 terms (more than a
 * device holds entries of 12 bytes) and 2^28 slots (longs_alloc refuses a larger capacity). */
constexpr int LONG_SLOT_SHIFT = 36;
constexpr uint64_t LONG_TERMS_MASK = (1ull << LONG_SLOT_SHIFT) - 1;

__device__ inline uint64_t longs_count(unsigned long long w) { return w >> LONG_SLOT_SHIFT; }
__device__ inline uint64_t longs_total(unsigned long long w) { return w & LONG_TERMS_MASK; }

/* Takes nvec slots and their terms in L's word; returns the word before. */
__device__ inline unsigned long long longs_take(unsigned long long *word, unsigned nvec,
                                                uint64_t terms)
{
    return atomicAdd(word, ((unsigned long long)nvec << LONG_SLOT_SHIFT) | terms);
}

/* Room for the long vectors of a view of nnz entries (at most nnz / longer_than of them, and at
 * most `most`: a push sets aside only its frontier's columns), in one pool allocation *mem
 * ([word (16 bytes)] [vectors] [sums] [extra]) that the caller frees stream-ordered after the
 * kernels, and whose word it clears before the first kernel (the push's fill_kernel, or a
 * memset); false, *mem NULL, when the pool has no room or the capacity exceeds the word's slots. */
bool longs_alloc(Longs *L, void **mem, uint64_t nnz, uint64_t most, size_t extra,
                 uint64_t longer_than = LONG_COLUMN)
{
    uint64_t n = std::min(nnz / longer_than + 1, most);
    *mem = nullptr;
    if (n >= (1ull << (64 - LONG_SLOT_SHIFT)) || nnz > LONG_TERMS_MASK) return false;
    *mem = GG_cuda_malloc(16 + n * (2 * sizeof(uint64_t) + extra));
    if (*mem == nullptr) return false;
    L->word = (unsigned long long *)*mem;
    L->vec = (uint64_t *)((char *)*mem + 16);
    L->off = L->vec + n;
    L->extra = L->off + n;
    L->n = n;
    return true;
}

/* Sets aside view vector r of length len; returns its slot. */
__device__ inline unsigned long long set_aside(const Longs &L, uint64_t r, uint64_t len)
{
    unsigned long long w = longs_take(L.word, 1, len);
    unsigned long long at = longs_count(w);
    L.vec[at] = r;
    L.off[at] = longs_total(w) + len;
    return at;
}

/* The set-aside vectors' terms as one flat list (term e of vector q is its term
 * e - off[q - 1]), dealt out in chunks of LONG_CHUNK so every thread of the grid does the same work
 * however the lengths are spread: term(q, k) for each of this thread's terms, in order, then
 * chunk_end() after each chunk it took. */
template <typename Term, typename End>
__device__ inline void walk_longs(const Longs &L, Term term, End chunk_end)
{
    __shared__ uint64_t first_q;
    const unsigned long long w = *L.word;
    const uint64_t total = longs_total(w), nlong = longs_count(w);
    for (uint64_t chunk = blockIdx.x * LONG_CHUNK; chunk < total;
         chunk += (uint64_t)gridDim.x * LONG_CHUNK) {
        if (threadIdx.x == 0) first_q = first_long(L.off, nlong, chunk);
        __syncthreads();
        uint64_t q = first_q, end = min(chunk + LONG_CHUNK, total);
        __syncthreads(); /* first_q is rewritten by the next chunk's search */
        for (uint64_t e = chunk + threadIdx.x; e < end; e += THREADS) {
            while (L.off[q] <= e) q++;
            term(q, e - (q > 0 ? L.off[q - 1] : 0));
        }
        chunk_end();
    }
}

/* first_long by the 32 lanes of a warp together: each step probes 32 evenly spaced sums at once,
 * so the search is log32(n) dependent loads, not log2(n) (4 against 18 for RMAT-21's 2^18 slots).
 * The answer lies in [lo, hi] (off[n - 1], the total, exceeds e); lane 31 probes hi, so some lane
 * is above e, and the first such lane f leaves (its left neighbour's probe, its own]. */
__device__ inline uint64_t first_long_warp(const uint64_t *off, uint64_t n, uint64_t e)
{
    const uint64_t lane = threadIdx.x & 31;
    uint64_t lo = 0, hi = n - 1;
    while (lo < hi) {
        uint64_t stride = (hi - lo + 32) / 32; /* ceil((hi - lo + 1) / 32) */
        uint64_t x = min(lo + (lane + 1) * stride - 1, hi);
        unsigned f = __ffs(__ballot_sync(0xffffffffu, off[x] > e)) - 1;
        hi = min(lo + (f + 1) * stride - 1, hi);
        lo += f * stride;
    }
    return lo;
}

/* The walk of walk_longs with the chain of each term cut, the push's (pull_long_kernel's note says
 * why not the pull's). Under ncu (H200, RMAT-21 at 20 %, Doc/performance.md) the push's long
 * kernel by walk_longs spent 72 % of its stalls waiting on global loads: a term of walk_longs
 * is a chain of them (the scan of off[], vec[q], the vector's start, its index, A's value, then
 * the atomic) and a thread's terms one after another. Here each block takes an even share of the flat list (so one wave of blocks,
 * wave_grid, ends together), in chunks of LONG_CHUNK; per chunk the vectors it meets (at most
 * LONG_SPAN) have their sums and first positions loaded once into shared memory, in parallel
 * (the first chunk's vector found by first_long_warp, the next one's read from the table), and a
 * thread finds its term's vector there, moving forward as its terms do. A thread then hands its
 * next U terms to batch(q0, s, p, live) together: q0 + s[u] the vector's slot, p the term's
 * position in the view (its vector's start plus its rank), live whether the term exists; batch
 * issues all their loads before any update. */
template <int U, typename Start, typename Batch>
__device__ inline void walk_longs_table(const Longs &L, Start start, Batch batch)
{
    /* sums[s]: the first term of slot q0 + s in the flat list (sums[s + 1] its end); first[s]:
     * its start in the view */
    __shared__ uint64_t sums[LONG_SPAN + 1], first[LONG_SPAN];
    __shared__ uint64_t next_q;
    const unsigned long long w = *L.word;
    const uint64_t total = longs_total(w), nlong = longs_count(w);
    /* at least U terms a thread: a small list takes few blocks */
    const uint64_t share = max((total + gridDim.x - 1) / gridDim.x, (uint64_t)THREADS * U);
    const uint64_t lo = min(blockIdx.x * share, total), hi = min(lo + share, total);
    if (threadIdx.x < 32 && lo < hi) {
        uint64_t q = first_long_warp(L.off, nlong, lo);
        if (threadIdx.x == 0) next_q = q;
    }
    for (uint64_t chunk = lo; chunk < hi; chunk += LONG_CHUNK) {
        __syncthreads(); /* next_q is written, and the last chunk's table read */
        const uint64_t q0 = next_q, end = min(chunk + LONG_CHUNK, hi);
        if (threadIdx.x <= LONG_SPAN) {
            uint64_t q = q0 + threadIdx.x;
            sums[threadIdx.x] = q == 0 ? 0 : q - 1 < nlong ? L.off[q - 1] : ~(uint64_t)0;
            /* slots past the set-aside vectors have no vector (and no terms) */
            if (threadIdx.x < LONG_SPAN && q < nlong) first[threadIdx.x] = start(q);
        }
        __syncthreads();
        int v = 0;
        for (uint64_t base = chunk + threadIdx.x; base < end; base += (uint64_t)THREADS * U) {
            uint64_t p[U];
            int s[U];
            bool live[U];
#pragma unroll
            for (int u = 0; u < U; u++) {
                uint64_t e = base + (uint64_t)u * THREADS;
                live[u] = e < end;
                if (live[u])
                    while (sums[v + 1] <= e) v++;
                s[u] = v;
                p[u] = first[v] + (e - sums[v]);
            }
            batch(q0, s, p, live);
        }
        /* the vector of the next chunk's first term: in this table, by LONG_SPAN */
        if (threadIdx.x == 0 && end < hi) {
            int w = 0;
            while (sums[w + 1] <= end) w++;
            next_q = q0 + w;
        }
    }
}

/* The blocks of a kernel that deals its work out evenly (a long kernel walking by
 * walk_longs_table, push_kernel): as many as one wave of the device holds (a block of a second
 * wave would start after the first's shares were done), 1024 when the occupancy is not known. */
template <typename K> unsigned wave_grid(K kernel)
{
    int sms = GG_cuda_sm_count(), per_sm = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, 0) != cudaSuccess ||
        per_sm * sms == 0) {
        cudaGetLastError();
        return 1024;
    }
    return (unsigned)std::min(per_sm * sms, 65535);
}

template <typename T> struct Pull : Prod {
    bool terminal_any, terminal_lor;
    const T *xd;
    const uint8_t *xp;
    bool xiso;
    const void *xisop; /* the one value of an iso x, of type xisocode */
    int xisocode;
    T *y;
    uint8_t *yp; /* m flags, padded to whole 32-bit words for the long rows' claims */
    unsigned long long *count;
    /* the compact view's narrow arrays (GG_cuda_pull_narrow), read in place of ptr / idx */
    const uint32_t *p32, *col32;
    /* rows longer than LONG_COLUMN, set aside for pull_long_kernel; y of such a row starts as the
     * monoid's identity ident */
    Longs longs;
    T ident;
};

/* Row r's first entry, and entry p's column, from the compact view where the pull has it: 4
 * bytes an entry where the 64-bit view reads 8 (on the grid at 20 %, the pull on the 64-bit view
 * read 487 MB where cuSPARSE's CSR32 SpMV read 365 MB, ncu, H200, 2026-11-27). */
template <typename T> __device__ inline uint64_t row_start(const Pull<T> &c, uint64_t r)
{
    return c.p32 != nullptr ? (uint64_t)c.p32[r] : c.ptr[r];
}

template <typename T> __device__ inline uint64_t col_of(const Pull<T> &c, uint64_t p)
{
    return c.col32 != nullptr ? (uint64_t)c.col32[p] : c.idx[p];
}

/* Term p of row r of the view into the fold (acc, has), when x(k) is present. */
template <typename T> __device__ inline void pull_term(const Pull<T> &c, uint64_t p, T &acc, bool &has)
{
    uint64_t k = col_of(c, p);
    if (c.xp != nullptr && !c.xp[k]) return;
    T xv = c.xiso ? gg_load_cast<T>(c.xisop, 0, c.xisocode, 1.0) : c.xd[k];
    T a = c.need_a ? a_value<T>(c.av, p, c.stype) : T{};
    T t = c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
    acc = has ? gg_binop<T>(c.add, acc, t) : t;
    has = true;
}

template <typename T, int G> __global__ void __launch_bounds__(THREADS) pull_kernel(Pull<T> c)
{
    __shared__ unsigned block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    const int lane = threadIdx.x % G;
    const unsigned gmask = G == 32 ? 0xffffffffu : ((1u << G) - 1) << (threadIdx.x & 31 & ~(G - 1));
    const uint64_t groups = (uint64_t)gridDim.x * (THREADS / G);
    unsigned found = 0;
    for (uint64_t r = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / G; r < c.nvec;
         r += groups) {
        uint64_t i = c.vec != nullptr ? c.vec[r] : r;
        if (!admits(c, i)) continue;
        const uint64_t begin = row_start(c, r), end = row_start(c, r + 1);
        if (c.longs.vec != nullptr && end - begin > LONG_COLUMN) {
            if (lane == 0) {
                set_aside(c.longs, r, end - begin);
                c.y[i] = c.ident;
                c.yp[i] = 0; /* claimed by pull_long_kernel; the flags are not cleared before */
            }
            continue;
        }
        bool has = false;
        T acc{};
        /* the group walks the row G terms at a time, together, so that a terminal value found by
         * any lane ends the whole row (a BFS pull step stops at the first parent it sees) */
        for (uint64_t base = begin; base < end; base += G) {
            uint64_t p = base + lane;
            if (p < end) pull_term(c, p, acc, has);
            bool done = c.terminal_any && has;
            if constexpr (std::is_same_v<T, bool>) done = done || (c.terminal_lor && has && acc);
            if ((c.terminal_any || c.terminal_lor) && __any_sync(gmask, done)) break;
        }
        for (int d = G / 2; d > 0; d /= 2) {
            T ov = shfl_down_in_group<T, G>(acc, d, gmask);
            bool oh = __shfl_down_sync(gmask, (int)has, d, G);
            if (oh) {
                acc = has ? gg_binop<T>(c.add, acc, ov) : ov;
                has = true;
            }
        }
        if (lane == 0) {
            c.yp[i] = has;
            if (has) {
                c.y[i] = acc;
                found++;
            }
        }
    }
    if (found != 0) atomicAdd(&block_count, found);
    __syncthreads();
    if (threadIdx.x == 0 && block_count != 0) atomicAdd(c.count, (unsigned long long)block_count);
}

/* The terms of the long rows set aside by pull_kernel, dealt out by walk_longs: each thread folds
 * the run of terms it meets in one row, then adds that part to the row's value (ident before the
 * first) with the monoid's atomic update, and claims the row's flag, counting each row of T once.
 * Not by walk_longs_table as the push's: its batches of U
 * terms cut a thread's runs (each term finds its slot in the table), and the pull ran 13-21 %
 * slower with it (H200, thirteenth session: spmspv_bench's pull on RMAT-21 at 1-20 %, 0.78-1.10 ms
 * by walk_longs against 0.95-1.26; SSSP RMAT-20 11.6 against 12.3 ms). */
template <typename T> __global__ void __launch_bounds__(THREADS) pull_long_kernel(Pull<T> c)
{
    unsigned long long made = 0;
    T acc{};
    bool has = false;
    uint64_t cur = 0;
    auto flush = [&]() {
        if (!has) return;
        uint64_t r = c.longs.vec[cur], i = c.vec != nullptr ? c.vec[r] : r;
        gg_atomic<T>(c.add, c.y + i, acc);
        made += claim(c.yp, i);
        has = false;
    };
    walk_longs(
        c.longs,
        [&](uint64_t q, uint64_t k) {
            if (q != cur) {
                flush();
                cur = q;
            }
            pull_term(c, row_start(c, c.longs.vec[q]) + k, acc, has);
        },
        flush);
    gg_block_count(reinterpret_cast<uint64_t *>(c.count), made);
}

/* The blocks of a long kernel walking by walk_longs: enough to fill the device several times
 * over, each block's chunks spread over the flat list. */
constexpr unsigned LONG_CHAIN_BLOCKS = 1024;

template <typename T>
int pull_typed(GG_cuda_vec *Tv, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
               const GG_cuda_dense_x *x, int add_op, int mul_op, const void *identity,
               bool vec_first, const GG_cuda_rowmask *mask, const GG_cuda_pull_narrow *narrow)
{
    cudaStream_t s = GG_cuda_stream();
    memset(Tv, 0, sizeof *Tv);
    uint64_t mpad = (m + 3) & ~(uint64_t)3;
    Tv->d.n = m;
    Tv->d.size = sizeof(T);
    Tv->d.form = GG_VF_BITMAP;
    Tv->d.x = GG_cuda_malloc(m * sizeof(T));
    Tv->d.b = (uint8_t *)GG_cuda_malloc(mpad);
    Tv->count = (uint64_t *)GG_cuda_malloc(sizeof(uint64_t));
    bool terminal_any = add_op == GG_CUDA_OP_ANY;
    bool terminal_lor = std::is_same_v<T, bool> && (add_op == GG_CUDA_OP_LOR ||
                                                    add_op == GG_CUDA_OP_PLUS ||
                                                    add_op == GG_CUDA_OP_MAX);
    /* long rows are split unless a terminal value may end them early (BFS's ANY and LOR pulls
     * keep one group a row, which stops at the first parent found), as the push's columns */
    bool longs = identity != nullptr && !terminal_any && !terminal_lor &&
                 (V->max_len == 0 || V->max_len > LONG_COLUMN);
    Longs L = {};
    void *lmem = nullptr;
    if (Tv->d.x == nullptr || Tv->d.b == nullptr || Tv->count == nullptr ||
        (longs && !longs_alloc(&L, &lmem, nnz, UINT64_MAX, 0))) {
        release(Tv);
        return GG_CUDA_SPMV_NOMEM;
    }
    Pull<T> c = {};
    static_cast<Prod &>(c) = prod_of(V, add_op, mul_op, vec_first, mask);
    /* every row's flag is written by its group (a long row's cleared before its claim) unless
     * the mask skips rows or the view lists only some: only then are the flags cleared first (an
     * O(m) pass of m bytes, 9 MB on the 3000^2 grid) */
    if (c.has_mask || V->vec != nullptr || V->nvec != m)
        cudaMemsetAsync(Tv->d.b, 0, mpad, s);
    else if (mpad != m) /* the padding, which no row writes, is clear in every bitmap T */
        cudaMemsetAsync(Tv->d.b + m, 0, mpad - m, s);
    cudaMemsetAsync(Tv->count, 0, sizeof(uint64_t), s);
    if (longs) cudaMemsetAsync(L.word, 0, sizeof *L.word, s);
    if (narrow != nullptr && V->vec == nullptr) {
        c.p32 = narrow->ptr32;
        c.col32 = narrow->col32;
    }
    c.terminal_any = terminal_any;
    c.terminal_lor = terminal_lor;
    c.longs = L;
    if (longs) memcpy(&c.ident, identity, sizeof(T));
    c.xd = (const T *)x->xd;
    c.xp = x->xp;
    c.xiso = x->iso;
    c.xisop = x->xd;
    c.xisocode = x->iso_code;
    c.y = (T *)Tv->d.x;
    c.yp = Tv->d.b;
    c.count = (unsigned long long *)Tv->count;
    if (c.nvec > 0) {
        int g = lanes_for(nnz, c.nvec);
        unsigned blocks = group_blocks(c.nvec * (uint64_t)g);
        switch (g) {
        case 4: pull_kernel<T, 4><<<blocks, THREADS, 0, s>>>(c); break;
        case 8: pull_kernel<T, 8><<<blocks, THREADS, 0, s>>>(c); break;
        case 16: pull_kernel<T, 16><<<blocks, THREADS, 0, s>>>(c); break;
        default: pull_kernel<T, 32><<<blocks, THREADS, 0, s>>>(c); break;
        }
        if (longs) pull_long_kernel<T><<<LONG_CHAIN_BLOCKS, THREADS, 0, s>>>(c);
    }
    GG_cuda_free(lmem);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) release(Tv);
    return gg_spmv_status(e);
}

/* ---- push ------------------------------------------------------------------------------------- */

template <typename T> struct Push : Prod {
    GG_vdata x; /* SPARSE (its entries) or BITMAP (its flags, read in place): the frontier */
    int xcode;
    T *y;
    uint8_t *yp; /* m flags, padded to whole 32-bit words for the claims */
    uint64_t *count;
    /* a bitmap T's flags are set by plain stores and counted after (count_kernel), not claimed;
     * first_flag: stored by a target's first update only; by_value: read off T's values after
     * the push (push_add, value_flags_kernel); ystart: T's fill value */
    bool count_after, first_flag, by_value;
    T ystart;
    /* columns longer than LONG_COLUMN, set aside for push_long_kernel with their x values (the
     * Longs' extra, as T) */
    Longs longs;
    int cols;         /* frontier entries a warp of push_kernel takes at a time (1 ... 32) */
    int flags;        /* a bitmap frontier's flags a lane of push_kernel reads a step (1 ... 16) */
    /* List mode (out_i set): T is an unordered SPARSE list. A target is claimed with the call's
     * stamp in the persistent claim words (GG_cuda_stamps), so nothing of size m is initialised;
     * the claimer appends it at the slot the tally's low half gives, and writes its term as the
     * value unless the list is iso (out_iso: every term equals the one the first block computes,
     * from a_iso and x's first value). Each block of the last kernel adds one to the tally's high
     * half when its claims are done; the one that finds the others done reads the count in the
     * same atomic, writes it to *count and zeroes the tally for the next push (push_block_end).
     * early_claim: a small frontier (EARLY_CLAIM), whose targets' claim words are loaded beside
     * their mask bits rather than after them. */
    uint64_t *out_i;
    unsigned *claim;
    unsigned long long *tally;
    unsigned stamp;
    bool out_iso, last_kernel, early_claim;
    T a_iso;
    /* a deferred assign done here (GG_cuda_push_fuse; fuse.stamp 0: none) */
    GG_cuda_push_fuse fuse;
};


/* y = the monoid's identity, no flag set, count 0: T's state before the frontier's terms; also
 * the long columns' word, where there is one (a memset of its own was one more dependent step of
 * the call). By 16-byte stores (both arrays are pool allocations, 256-byte aligned), the tails by
 * element: a value and a flag byte a thread took 7.4 us for RMAT-21's 2M rows (10 MB; ncu, H200). */
template <typename T>
__global__ void fill_kernel(T *y, uint8_t *yp, uint64_t m, uint64_t mpad, T v, uint64_t *count,
                            unsigned long long *longs_word)
{
    constexpr int PER = 16 / sizeof(T);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *count = 0;
        if (longs_word != nullptr) *longs_word = 0;
    }
    union {
        T t[PER];
        uint4 u;
    } pat;
    for (int k = 0; k < PER; k++) pat.t[k] = v;
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t i0 = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
    const uint64_t nv = m / PER, nf = mpad / 16;
    for (uint64_t i = i0; i < nv; i += step) reinterpret_cast<uint4 *>(y)[i] = pat.u;
    for (uint64_t i = nv * PER + i0; i < m; i += step) y[i] = v;
    for (uint64_t i = i0; i < nf; i += step) reinterpret_cast<uint4 *>(yp)[i] = make_uint4(0, 0, 0, 0);
    for (uint64_t i = nf * 16 + i0; i < mpad; i += step) yp[i] = 0;
}

/* The view's vector number of index k (a hypersparse view lists its vectors), or false. */
__device__ inline bool find_vec(const uint64_t *vec, uint64_t nvec, uint64_t k, uint64_t *r)
{
    if (vec == nullptr) {
        *r = k;
        return k < nvec;
    }
    uint64_t lo = gg_lower_bound(vec, nvec, k);
    *r = lo;
    return lo < nvec && vec[lo] == k;
}


/* The term a (*) xv, in the multiply's order. */
template <typename T> __device__ inline T term_of(const Push<T> &c, T a, T xv)
{
    return c.vec_first ? gg_binop<T>(c.mul, xv, a) : gg_binop<T>(c.mul, a, xv);
}

/* List mode: claims target j for this call and appends it (with term p's value unless iso). The
 * lanes that claim together take their slots with one atomic. */
template <typename T> __device__ inline void list_claim(const Push<T> &c, uint64_t j, uint64_t p, T xv)
{
    if (atomicMax(c.claim + j, c.stamp) == c.stamp) return;
    cg::coalesced_group g = cg::coalesced_threads();
    unsigned base = 0;
    if (g.thread_rank() == 0) base = (unsigned)(atomicAdd(c.tally, (unsigned long long)g.size()) & 0xffffffffull);
    uint64_t slot = (uint64_t)g.shfl(base, 0) + g.thread_rank();
    c.out_i[slot] = j;
    if (!c.out_iso) c.y[slot] = term_of(c, c.need_a ? a_value<T>(c.av, p, c.stype) : T{}, xv);
}

/* List mode: entry p of the view (row j of T) takes the term A(p) (*) xv where the mask admits j
 * and no term of this call has claimed j. */
template <typename T> __device__ inline void push_listed(const Push<T> &c, uint64_t j, uint64_t p, T xv)
{
    /* j's claim word, read once for both tests below: a small frontier (latency-bound) loads it
     * beside the mask bit, a large one only where the mask admits j (no extra traffic) */
    const volatile unsigned *cw = c.claim;
    unsigned w = c.early_claim ? cw[j] : 0;
    if (!admits(c, j)) return;
    if (!c.early_claim) w = cw[j];
    /* the deferred assign's mask: j is in the frontier list, so C holds it after the assign (the
     * claim word of a member is never overwritten here, the mask keeping members out); then j
     * already claimed by this call */
    if ((c.fuse.stamp != 0 && w == c.fuse.stamp) || w == c.stamp) return;
    list_claim(c, j, p, xv);
}

/* Bitmap mode: T(j) takes term t (admitted); returns 1 when it created T's entry j. first: T's
 * flag is stored only by the update that found T(j) at its fill value (gg_atomic_from), so that a
 * term costs one L2 operation, not two (the flag store a separate one where a group's targets lie
 * in different sectors). */
template <typename T>
__device__ inline unsigned push_add(const Push<T> &c, uint64_t j, T t, bool first)
{
    if (!c.count_after) {
        gg_atomic<T>(c.add, c.y + j, t);
        return claim(c.yp, j);
    }
    if constexpr (std::is_floating_point_v<T>) {
        if (c.by_value) {
            /* A PLUS from -0 leaves T(j)'s bits at -0 only while its terms were zeros: x + -x is
             * +0 under round-to-nearest, and no sum of terms of magnitude at least `tiny` (each
             * a multiple of tiny's ulp, 2^-124 in FP32) is subnormal, so the atomic's flush of
             * subnormal results to a signed zero (PTX, atom.add.f32) cannot make one -0 either.
             * value_flags_kernel reads such flags off T(j); a smaller term (a zero, a subnormal,
             * NaN) stores its flag here. */
            constexpr T tiny = std::numeric_limits<T>::min() *
                               (T)(1ull << (std::numeric_limits<T>::digits + 2));
            gg_atomic<T>(c.add, c.y + j, t);
            if (!(fabs(t) >= tiny)) c.yp[j] = 1;
            return 0;
        }
    }
    /* racing stores of one value: nothing to wait for */
    if (!first) {
        gg_atomic<T>(c.add, c.y + j, t);
        c.yp[j] = 1;
    } else if (gg_atomic_from<T>(c.add, c.y + j, t, c.ystart)) {
        c.yp[j] = 1;
    }
    return 0;
}

/* A batch of U terms of the push: term u is entry p[u] of the view times x value xv[u], its
 * target's flag stored by its first update where first[u] (push_add). Every term's index is
 * loaded, then every mask bit, then A's values (beside the indices when no mask may drop a term:
 * no byte read for a dropped one), before the first update, so a lane has U loads in flight where
 * a term at a time would wait on each; returns the entries of T created. List mode takes the terms
 * one by one as push_listed does, after their loads. */
template <typename T, int U>
__device__ inline unsigned push_batch(const Push<T> &c, const uint64_t (&p)[U], const T (&xv)[U],
                                      const bool (&first)[U], const bool (&live)[U])
{
    const bool early_a = c.need_a && !c.has_mask && c.out_i == nullptr;
    uint64_t j[U];
    T a[U];
    bool ok[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        j[u] = live[u] ? c.idx[p[u]] : 0;
        a[u] = live[u] && early_a ? a_value<T>(c.av, p[u], c.stype) : T{};
    }
    if (c.out_i != nullptr) {
#pragma unroll
        for (int u = 0; u < U; u++)
            if (live[u]) push_listed(c, j[u], p[u], xv[u]);
        return 0;
    }
#pragma unroll
    for (int u = 0; u < U; u++) ok[u] = live[u] && admits(c, j[u]);
#pragma unroll
    for (int u = 0; u < U; u++)
        if (ok[u] && c.need_a && !early_a) a[u] = a_value<T>(c.av, p[u], c.stype);
    unsigned made = 0;
#pragma unroll
    for (int u = 0; u < U; u++)
        if (ok[u]) made += push_add(c, j[u], term_of(c, a[u], xv[u]), first[u]);
    return made;
}

/* The end of a push kernel's block: its entries added to T's count, or in list mode, the last
 * block of the last kernel writes the list's length, tagged with the stamp (GG_cuda_vec.count_tag).
 * The first block of the first kernel writes an iso list's value.
 * The list's tally is one word, zero when a list push starts: its low half the slots claimed, its
 * high half the last kernel's finished blocks. A block's claims all returned their slots before
 * its barrier, so they were performed on the word before its thread 0 adds 1 << 32 to it; the
 * block whose add finds every other block counted therefore reads the full count in that add,
 * with no fence and no second read (each was a round trip on a level's path: a grid BFS level is
 * a chain of such trips, Doc/decisions.md). It then zeroes the word, which no block of this push
 * touches again and the next push on the library's stream finds zero; a push whose launch fails
 * is zeroed by the host (push_typed), and the stamps' array starts cleared. The list's entries
 * and the iso value need no fence before the count either: the host reads only the count word
 * through the mapping, and everything else after this kernel, in stream order. */
template <typename T>
__device__ inline void push_block_end(const Push<T> &c, unsigned long long made, bool first_kernel,
                                      unsigned long long fused = 0)
{
    if (c.fuse.stamp != 0 && first_kernel) {
        gg_block_count(c.fuse.count, fused);
        __syncthreads(); /* gg_block_count's shared sums are read before they are reused */
    }
    gg_block_count(c.count, made);
    if (c.out_i == nullptr || threadIdx.x != 0) return;
    if (first_kernel && c.out_iso && blockIdx.x == 0)
        c.y[0] = term_of(c, c.a_iso, gg_load_cast<T>(c.x.x, 0, c.xcode, 1.0));
    if (!c.last_kernel) return;
    unsigned long long w = atomicAdd(c.tally, 1ull << 32);
    if ((w >> 32) != gridDim.x - 1) return;
    /* one 64-bit store: the count with the stamp that says it is complete (count_tag) */
    *c.count = ((unsigned long long)c.stamp << 32) | (w & 0xffffffffull);
    *c.tally = 0;
}

/* v summed over lanes 0 ... lane of the warp (every lane calls it). */
template <typename W> __device__ inline W warp_inclusive_sum(W v, int lane)
{
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
        W u = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += u;
    }
    return v;
}

/* The first of the warp's first `lanes` lanes (a power of two up to 32) whose inclusive sum incl
 * exceeds t, found by a binary search over the lanes' sums (log2 lanes shuffles; every lane calls
 * it with its own t): the owner of item t of the lanes' items laid end to end. */
__device__ inline int lane_above(uint32_t incl, uint32_t t, int lanes)
{
    int w = 0;
    for (int step = lanes / 2; step > 0; step /= 2)
        if (__shfl_sync(0xffffffffu, incl, w + step - 1) <= t) w += step;
    return w;
}

/* Terms a lane of push_kernel takes at once (push_batch's U), and the blocks an SM it is compiled
 * for (64 registers, no spill; ptxas, sm_90). Measured (spmspv_bench, RMAT-21, the SVM's pick in
 * ms at 5 / 10 / 20 %, H200, 2026-11-28, columns above 256 set aside): U = 2 at 4 blocks 0.137 /
 * 0.183 / 0.264; at 6 (40 registers, 56 bytes spilled) 0.140 / 0.209 / 0.298; U = 1 at 8 (32
 * registers, spills) 0.146 / 0.205 / 0.296; U = 4 at 2 (87 registers) 0.137 / 0.194 / 0.280;
 * U = 1 at 4 0.142 / 0.192 / 0.295. */
constexpr int PUSH_U = 2, PUSH_MIN_BLOCKS = 4;

/* The frontier's columns of one warp step of push_kernel: lane l holds column k when `has`, its x
 * value at x.x[v] (lanes 0 ... c.cols - 1 may hold one; every lane calls this). Each lane loads its
 * column's x value, start and length (a column longer than PUSH_LONG is set aside for
 * push_long_kernel instead), then the warp walks its columns' terms as one flat list, 32 U terms
 * a step, each lane finding its term's column by a binary search over the lanes' inclusive sums
 * (log2 c.cols shuffles) and taking that lane's start, x value and flag rule. So every lane has a
 * term whatever the columns' lengths (the group of G = 32 lanes a column this replaces, G by
 * RMAT-21's mean of 30, left most lanes idle on its many short columns), and a term waits on one
 * load (its index) after its column's, which the warp loaded at once. Against that group kernel
 * (H200, spmspv_bench, 2026-11-28, same call, the SVM's pick in ms at 0.1 / 1 / 5 / 10 / 20 %):
 * RMAT-21 0.0590 / 0.0768 / 0.1610 / 0.2312 / 0.3442 -> 0.0523 / 0.0735 / 0.1286 / 0.1854 /
 * 0.2732 (columns above 256 set aside in both); uniform-21 at 20 % 0.189 -> 0.147, the grid 0.241
 * -> 0.205, the band 0.120 -> 0.089. */
template <typename T>
__device__ inline void push_warp_columns(const Push<T> &c, int lane, bool has, uint64_t k,
                                         uint64_t v, unsigned long long &made,
                                         unsigned long long &fused)
{
    constexpr unsigned FULL = 0xffffffffu;
    constexpr int U = PUSH_U;
    uint64_t b = 0, e = 0, r = 0;
    uint32_t len = 0;
    T xv{};
    bool first = false, is_long = false;
    if (has) {
        xv = gg_load_cast<T>(c.x.x, c.x.iso ? 0 : v, c.xcode, 1.0);
        if (c.fuse.stamp != 0) {
            /* the deferred assign C(k) = value at this frontier entry (entries are distinct) */
            if (!c.fuse.b[k]) c.fuse.b[k] = 1, fused++;
            gg_store_sized(c.fuse.x, k, c.fuse.size, gg_val{c.fuse.value});
        }
        if (find_vec(c.vec, c.nvec, k, &r)) {
            b = c.ptr[r];
            e = c.ptr[r + 1];
            is_long = c.longs.vec != nullptr && e - b > PUSH_LONG;
            if (!is_long) {
                len = (uint32_t)(e - b);
                /* first-update flags for a column whose targets lie far apart (RMAT's, a
                 * uniform graph's); close together (a band's, a grid's) the flag stores share
                 * sectors, and the returning atomic's wait would cost more than they do (the
                 * band at 20 %: 0.116 against 0.104 ms with first-update flags everywhere) */
                first = c.first_flag && e > b && c.idx[e - 1] - c.idx[b] >= 4 * (e - b);
            }
        }
    }
    /* the warp's long columns take consecutive slots and terms, by one atomic (set_aside's) */
    const unsigned longs = __ballot_sync(FULL, is_long);
    if (longs != 0) {
        const uint64_t lincl = warp_inclusive_sum<uint64_t>(is_long ? e - b : 0, lane);
        unsigned long long w = 0;
        if (lane == 31) w = longs_take(c.longs.word, __popc(longs), lincl);
        w = __shfl_sync(FULL, w, 31);
        if (is_long) {
            const uint64_t at = longs_count(w) + __popc(longs & ((1u << lane) - 1));
            c.longs.vec[at] = r;
            c.longs.off[at] = longs_total(w) + lincl;
            static_cast<T *>(c.longs.extra)[at] = xv;
        }
    }
    const uint32_t incl = warp_inclusive_sum<uint32_t>(len, lane);
    const uint32_t total = __shfl_sync(FULL, incl, 31), excl = incl - len;
    for (uint32_t t0 = 0; t0 < total; t0 += 32 * U) {
        uint64_t p[U];
        T xt[U];
        bool ft[U], live[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            const uint32_t t = t0 + (uint32_t)(u * 32 + lane);
            const int w = lane_above(incl, t, c.cols); /* the lane holding term t's column */
            live[u] = t < total;
            p[u] = __shfl_sync(FULL, b, w) + (t - __shfl_sync(FULL, excl, w));
            xt[u] = gg_shfl<GG_SHFL_IDX>(xv, w);
            ft[u] = __shfl_sync(FULL, (int)first, w) != 0;
        }
        made += push_batch<T, U>(c, p, xt, ft, live);
    }
}

/* Bit i set where byte i of f (i < 4) is not zero. */
__device__ inline uint32_t nonzero_bytes(uint32_t f)
{
    return ((__vcmpne4(f, 0) & 0x01010101u) * 0x01020408u) >> 24;
}

/* The frontier, a warp at a time. A list (SPARSE x): c.cols entries a step. A bitmap, read in
 * place: a window of 32 c.flags flags a step, its set positions taken 32 at a time in order (a
 * lane's position is found by a search over the lanes' counts, then __fns in the owner's flags).
 * The bitmap was compacted into a list by CUB's select before: its two kernels and the allocation
 * cost 12 us of device time and 8 us of the host's before the first push kernel could be queued
 * (RMAT-21 at 5 %: 0.106 ms a call; ncu and host marks, H200, 2026-11-28). */
template <typename T, bool BITMAP>
__global__ void __launch_bounds__(THREADS, PUSH_MIN_BLOCKS) push_kernel(Push<T> c)
{
    constexpr unsigned FULL = 0xffffffffu;
    const int lane = threadIdx.x & 31;
    unsigned long long made = 0, fused = 0;
    const uint64_t warps = (uint64_t)gridDim.x * (THREADS / 32);
    const uint64_t warp = (blockIdx.x * (uint64_t)THREADS + threadIdx.x) / 32;
    if constexpr (BITMAP) {
        const unsigned F = (unsigned)c.flags;
        const bool aligned = ((uintptr_t)c.x.b & 15) == 0;
        for (uint64_t w0 = warp * 32 * F; w0 < c.x.n; w0 += warps * 32 * F) {
            const uint64_t at = w0 + F * (unsigned)lane;
            uint32_t bits = 0; /* bit i: position at + i is in x */
            if (aligned && F >= 4 && at + F <= c.x.n) {
                /* F / 4 words of four flags (the lane's flags are F-byte aligned) */
                if (F == 16) {
                    const uint4 f = *reinterpret_cast<const uint4 *>(c.x.b + at);
                    bits = nonzero_bytes(f.x) | nonzero_bytes(f.y) << 4 |
                           nonzero_bytes(f.z) << 8 | nonzero_bytes(f.w) << 12;
                } else if (F == 8) {
                    const uint2 f = *reinterpret_cast<const uint2 *>(c.x.b + at);
                    bits = nonzero_bytes(f.x) | nonzero_bytes(f.y) << 4;
                } else {
                    bits = nonzero_bytes(*reinterpret_cast<const uint32_t *>(c.x.b + at));
                }
            } else {
                for (unsigned i = 0; i < F; i++)
                    if (at + i < c.x.n && c.x.b[at + i]) bits |= 1u << i;
            }
            const uint32_t cnt = __popc(bits), incl = warp_inclusive_sum<uint32_t>(cnt, lane);
            const uint32_t total = __shfl_sync(FULL, incl, 31);
            for (uint32_t r0 = 0; r0 < total; r0 += 32) {
                /* this lane's set position: rank j of the window, in lane o's flags */
                const uint32_t j = r0 + (uint32_t)lane;
                const int o = lane_above(incl, j, 32);
                const uint32_t obits = __shfl_sync(FULL, bits, o);
                const uint32_t oexcl = __shfl_sync(FULL, incl - cnt, o);
                const bool has = j < total;
                const uint64_t k =
                    has ? w0 + F * (unsigned)o + __fns(obits, 0, (int)(j - oexcl + 1)) : 0;
                push_warp_columns(c, lane, has, k, k, made, fused);
            }
        }
    } else {
        /* q0 is the warp's: the loop and every shuffle in it are the whole warp's */
        for (uint64_t q0 = warp * c.cols; q0 < c.x.nvals; q0 += warps * c.cols) {
            const uint64_t q = q0 + (uint64_t)lane;
            const bool has = lane < c.cols && q < c.x.nvals;
            push_warp_columns(c, lane, has, has ? c.x.i[q] : 0, q, made, fused);
        }
    }
    push_block_end(c, made, true, fused);
}

/* The terms of the long columns set aside by push_kernel, dealt out by walk_longs_table, a batch
 * of LONG_U to push_batch. The long columns take first-update flags whenever the push does (no
 * span test: a column of over LONG_COLUMN entries spans sectors anyway). */
template <typename T>
__global__ void __launch_bounds__(THREADS, LONG_MIN_BLOCKS) push_long_kernel(Push<T> c)
{
    constexpr int U = LONG_U;
    unsigned long long made = 0;
    walk_longs_table<U>(
        c.longs, [&](uint64_t q) { return c.ptr[c.longs.vec[q]]; },
        [&](uint64_t q0, const int(&s)[U], const uint64_t(&p)[U], const bool(&live)[U]) {
            T xv[U];
            bool first[U];
#pragma unroll
            for (int u = 0; u < U; u++) {
                xv[u] = live[u] ? static_cast<const T *>(c.longs.extra)[q0 + s[u]] : T{};
                first[u] = c.first_flag;
            }
            made += push_batch<T, U>(c, p, xv, first, live);
        });
    push_block_end(c, made, false);
}

/* push_kernel's blocks, at most one wave of the device, and c.cols, the frontier entries a warp
 * takes at a time: the most (up to 32) that still give every warp of the wave an entry, so that a
 * small frontier is spread over the device (at 0.1 % of uniform-21, 2,097 entries, 32 a warp left
 * 66 warps each a chain of ten steps: 0.044 ms against 0.029 with one a warp, H200, 2026-11-28). */
template <typename T> unsigned push_blocks(Push<T> &c)
{
    /* both forms' kernels are compiled to the same registers and blocks an SM */
    static const unsigned wave = wave_grid(push_kernel<T, false>);
    const uint64_t warps = (uint64_t)wave * (THREADS / 32);
    if (c.x.form == GG_VF_BITMAP) {
        /* A window's set positions are up to 32 columns a step; its flags the most, up to 16
         * (one 16-byte load a lane), that still give every warp of the wave a window. Measured
         * (H200, spmspv_bench, 2026-11-28, the SVM's pick in ms at 5 / 10 / 20 / 50 %, two runs
         * each, same call): this rule (RMAT-21 and uniform-21 8 flags, the grid 16, the band 4)
         * RMAT-21 0.097 / 0.150 / 0.244-0.247 / 0.518, uniform-21 0.067 / 0.093-0.096 / 0.135 /
         * 0.261, the grid 0.112-0.116 / 0.145-0.150 / 0.195-0.201 / 0.302-0.307, the band
         * 0.046-0.048 / 0.058-0.063 / 0.086-0.088 / 0.142-0.144; half the wave (RMAT 16, the band
         * 8) within noise of it, uniform-21 at 5 % 0.070-0.074; fewer flags where the density
         * would put over 32 columns in a window (2 at 50 %) the grid at 50 % 0.349; 16 flags
         * everywhere, the band (2,048 windows for 4,224 warps) 0.078 / 0.115 / 0.208 at 10 / 20 /
         * 50 %. CUB's select first, then the list: RMAT-21 0.110 / 0.166 / 0.260 / 0.520, the
         * grid 0.139 / 0.161 / 0.200 / 0.297, the band 0.051 / 0.065 / 0.089 / 0.139. */
        c.cols = 32;
        c.flags = 16;
        while (c.flags > 1 && c.x.n / (32 * (uint64_t)c.flags) < warps) c.flags /= 2;
        if (int h = flags_hook.load(std::memory_order_relaxed); h > 0) c.flags = h;
        return under_cap(blocks_for((c.x.n + 32 * c.flags - 1) / (32 * c.flags) * 32), wave);
    }
    c.cols = 1;
    while (c.cols < 32 && c.x.nvals / (2 * c.cols) >= warps) c.cols *= 2;
    return under_cap(blocks_for((c.x.nvals + c.cols - 1) / c.cols * 32), wave);
}

/* push_kernel, then push_long_kernel for the columns it set aside, when there may be some. */
template <typename T> void launch_push(Push<T> c, cudaStream_t s)
{
    c.last_kernel = c.longs.vec == nullptr;
    const unsigned grid = push_blocks(c);
    if (c.x.form == GG_VF_BITMAP)
        push_kernel<T, true><<<grid, THREADS, 0, s>>>(c);
    else
        push_kernel<T, false><<<grid, THREADS, 0, s>>>(c);
    c.last_kernel = true;
    if (c.longs.vec != nullptr) {
        static const unsigned lgrid = wave_grid(push_long_kernel<T>);
        push_long_kernel<T><<<lgrid, THREADS, 0, s>>>(c);
    }
}

/* The number of set flags in a word of four 0-or-1 flag bytes. */
__device__ inline unsigned long long flag_bytes(uint32_t f)
{
    return (f * 0x01010101u) >> 24;
}

/* T's entries, counted after a push whose flags were stored (count_after): the flags are 0 or 1
 * bytes over mpad (a multiple of 4, the padding cleared), read a 32-bit word at a time. */
__global__ void __launch_bounds__(THREADS) count_kernel(const uint32_t *flags, uint64_t words,
                                                        uint64_t *count)
{
    unsigned long long made = 0;
    const uint64_t step = (uint64_t)gridDim.x * blockDim.x;
    const uint64_t i0 = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x, quads = words / 4;
    /* four words a load (the flags are a pool allocation, 256-byte aligned) */
    for (uint64_t q = i0; q < quads; q += step) {
        uint4 f = reinterpret_cast<const uint4 *>(flags)[q];
        made += flag_bytes(f.x) + flag_bytes(f.y) + flag_bytes(f.z) + flag_bytes(f.w);
    }
    for (uint64_t w = 4 * quads + i0; w < words; w += step) made += flag_bytes(flags[w]);
    gg_block_count(count, made);
}

/* T's flags where they were left to its values (Push::by_value): flag j is set where T(j) is no
 * longer at its fill bits `start` (-0); then counted as count_kernel does. */
template <typename T>
__global__ void __launch_bounds__(THREADS) value_flags_kernel(const T *y, uint32_t *flags,
                                                              uint64_t m, uint64_t words, T start,
                                                              uint64_t *count)
{
    gg_word_t<T> sb;
    memcpy(&sb, &start, sizeof sb);
    const gg_word_t<T> *yb = reinterpret_cast<const gg_word_t<T> *>(y);
    unsigned long long made = 0;
    for (uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; w < words;
         w += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t f = flags[w];
#pragma unroll
        for (int k = 0; k < 4; k++)
            if (4 * w + k < m && yb[4 * w + k] != sb) f |= 1u << (8 * k);
        flags[w] = f;
        made += flag_bytes(f);
    }
    gg_block_count(count, made);
}

template <typename T>
int push_typed(GG_cuda_vec *Tv, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
               const GG_vdata *x, int xcode, int add_op, int mul_op, const void *identity,
               bool vec_first, const GG_cuda_rowmask *mask, const GG_cuda_push_list *list,
               const GG_cuda_push_fuse *fuse)
{
    cudaStream_t s = GG_cuda_stream();
    memset(Tv, 0, sizeof *Tv);
    uint64_t mpad = (m + 3) & ~(uint64_t)3;
    Tv->d.n = m;
    Tv->d.size = sizeof(T);
    Tv->d.form = list != nullptr ? GG_VF_SPARSE : GG_VF_BITMAP;
    Tv->d.iso = list != nullptr && list->iso;
    Tv->jumbled = list != nullptr;
    Tv->d.x = GG_cuda_malloc((Tv->d.iso ? 1 : m) * sizeof(T));
    if (list != nullptr)
        Tv->d.i = (uint64_t *)GG_cuda_malloc(m * sizeof(uint64_t));
    else
        Tv->d.b = (uint8_t *)GG_cuda_malloc(mpad);
    /* a list's count is written once, by its last block: into pinned host memory when there is
     * some, so nvals reads it without a copy (the copy and its wait cost 5.4 us more than the
     * wait alone on the H200 host, Doc/performance.md) */
    Tv->count = list != nullptr ? GG_cuda_count_word() : nullptr;
    if (Tv->count == nullptr) Tv->count = (uint64_t *)GG_cuda_malloc(sizeof(uint64_t));
    /* room for the columns longer than LONG_COLUMN; a view whose longest vector is known to be
     * shorter needs none (max_len 0: not known) */
    bool longs = V->max_len == 0 || V->max_len > PUSH_LONG;
    Push<T> c = {};
    void *lmem = nullptr;
    bool any = x->nvals > 0;
    c.x = *x;
    if (Tv->d.x == nullptr || (Tv->d.i == nullptr && Tv->d.b == nullptr) ||
        Tv->count == nullptr ||
        (longs && !longs_alloc(&c.longs, &lmem, nnz, std::max<uint64_t>(x->nvals, 1), sizeof(T),
                               PUSH_LONG))) {
        release(Tv);
        GG_cuda_free(lmem);
        return GG_CUDA_SPMV_NOMEM;
    }
    static_cast<Prod &>(c) = prod_of(V, add_op, mul_op, vec_first, mask);
    c.xcode = xcode;
    c.y = (T *)Tv->d.x;
    c.yp = Tv->d.b;
    c.count = Tv->count;
    GG_cuda_stamps st = {};
    if (list != nullptr) {
        /* no O(m) initialisation: the claims are stamped, the count written by the last block */
        if (any && !GG_cuda_stamps_begin(m, &st)) {
            release(Tv);
            GG_cuda_free(lmem);
            return GG_CUDA_SPMV_NOMEM;
        }
        /* a fused assign needs its list's claims as that push left them: no list push since */
        if (fuse != nullptr && (!any || st.stamp != fuse->stamp + 1)) {
            if (any) GG_cuda_stamps_end();
            release(Tv);
            GG_cuda_free(lmem);
            return GG_CUDA_PUSH_STALE;
        }
        if (fuse != nullptr) c.fuse = *fuse;
        c.out_i = Tv->d.i;
        c.claim = st.claim;
        c.tally = st.words;
        c.stamp = st.stamp;
        c.out_iso = list->iso;
        c.early_claim = x->form == GG_VF_SPARSE && x->nvals <= EARLY_CLAIM;
        Tv->count_tag = st.stamp;
        Tv->list_stamp = any ? st.stamp : 0;
        if (list->a_iso != nullptr) memcpy(&c.a_iso, list->a_iso, sizeof c.a_iso);
        /* nothing to push: the list is empty and known to be */
        Tv->nvals_known = !any;
    } else if (add_op == GG_CUDA_OP_ANY) {
        /* an ANY target's value is whichever term stores last (gg_atomic): no identity to start
         * from, so only the flags are cleared (m bytes, not m (1 + sizeof(T))) */
        cudaMemsetAsync(c.yp, 0, mpad, s);
        cudaMemsetAsync(c.count, 0, sizeof(uint64_t), s);
    } else {
        T ident;
        memcpy(&ident, identity, sizeof ident);
        c.ystart = ident;
        fill_kernel<T><<<blocks_for((mpad + 15) / 16), THREADS, 0, s>>>(c.y, c.yp, m, mpad, ident,
                                                                        c.count, c.longs.word);
    }
    if (c.longs.word != nullptr && (list != nullptr || add_op == GG_CUDA_OP_ANY))
        cudaMemsetAsync(c.longs.word, 0, sizeof *c.longs.word, s);
    /* A bitmap T's flags: a claim (a read, then an atomic whose old value the lane waits for)
     * counts each target once as it is reached; where the frontier may make m / 8 terms or more
     * (its entries times the longest column, or nnz when that is not known), plain stores and one
     * count pass over T's m flag bytes after cost less than the terms' claims: on the grid at 5 %
     * the push made 1.8M claims on 9M rows. Below that bound (a few columns: SSSP's and BC's
     * small frontiers) the claims stay and no O(m) read is added to the call. */
    uint64_t bound = V->max_len > 0 && x->nvals <= nnz / V->max_len ? x->nvals * V->max_len : nnz;
    c.count_after = list == nullptr && any && bound >= m / 8;
    /* Where the frontier's terms are many against T's rows (its entries times the view's mean
     * vector length, `terms`), T's flags need not cost a store a term: a term is then mostly not
     * its target's first, and the terms' scattered L2 operations are the push's time (about
     * 30-40 G a second on the H200 whatever the graph: RMAT-21 and uniform-21 alike).
     *  - by_value (PLUS on FP32/FP64, terms >= m / 2): no flag store at all but for zero and
     *    tiny terms; the flags are read off T's values in the pass that counts them (push_add).
     *  - first_flag (the other monoids, terms >= 2 m): the flag stored only by the update that
     *    found T(j) at its fill value, the atomic returning its old value; only for columns whose
     *    targets lie apart (push_column): near ones share a sector with their flags.
     * Below these the stores are mostly first ones, and the pass over T's values (m x sizeof(T)
     * bytes, where the count reads m) or the returning atomic's wait only adds. Measured (H200,
     * spmspv_bench, PLUS_TIMES FP32, 2026-11-27, the SVM's pick in ms, by_value / a flag store a
     * term): RMAT-21 at 5 % (1.5 terms a row) 0.162 / 0.179, 10 % 0.239 / 0.278, 20 % 0.349 /
     * 0.449, 50 % 0.699 / 0.952, but at 0.1 % 0.061 / 0.055; uniform-21 at 5 % (0.8 a row) 0.089
     * / 0.101, 20 % 0.202 / 0.252; the grid and the band within 5 % either way. first_flag
     * (everywhere, call 3 of that session): RMAT-21 at 20 % 0.385 / 0.452, but at 1 % 0.0785 /
     * 0.0743 and on the band at 20 % 0.116 / 0.104 (near targets). */
    const double terms = V->nvec > 0 ? (double)x->nvals * ((double)nnz / (double)V->nvec) : 0;
    static const bool first_on = GG_cuda_env_or("GRAPHBLAS_GPU_PUSH_FIRST", 1) != 0;
    static const bool by_value_on = GG_cuda_env_or("GRAPHBLAS_GPU_PUSH_BY_VALUE", 1) != 0;
    c.by_value = by_value_on && c.count_after && add_op == GG_CUDA_OP_PLUS &&
                 std::is_floating_point_v<T> && terms >= 0.5 * (double)m;
    c.first_flag = first_on && c.count_after && !c.by_value && add_op != GG_CUDA_OP_ANY &&
                   terms >= 2.0 * (double)m;
    if (any) {
        launch_push<T>(c, s);
        if (list != nullptr) {
            /* a launch that failed may have left the tally counted: zeroed for the next push */
            if (cudaPeekAtLastError() != cudaSuccess) cudaMemsetAsync(c.tally, 0, sizeof *c.tally, s);
            GG_cuda_stamps_end();
        }
        if (c.by_value)
            value_flags_kernel<T><<<blocks_for(mpad / 4), THREADS, 0, s>>>(
                c.y, (uint32_t *)c.yp, m, mpad / 4, c.ystart, c.count);
        else if (c.count_after)
            count_kernel<<<blocks_for(mpad / 16 + 1), THREADS, 0, s>>>((const uint32_t *)c.yp,
                                                                       mpad / 4, c.count);
    }
    GG_cuda_free(lmem);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) release(Tv);
    return gg_spmv_status(e);
}

/* ---- x in the shape the products read ---------------------------------------------------------- */

/* xd[k] = (T) x's value at k and xp[k] = presence, for every k < n (BITMAP / FULL x). */
template <typename T>
__global__ void densify_kernel(T *xd, uint8_t *xp, GG_vdata x, int xcode)
{
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < x.n;
         k += (uint64_t)gridDim.x * blockDim.x) {
        bool present = x.form == GG_VF_FULL || x.b[k];
        if (xp != nullptr) xp[k] = present;
        if (present) xd[k] = gg_load_cast<T>(x.x, x.iso ? 0 : k, xcode, 1.0);
    }
}

/* Scatters a SPARSE x: xd[i[p]] = (T) x[p], its presence as xp[i[p]] = 1 or, xp null, bit i[p]
 * of bits (the one that is set zeroed before). */
template <typename T>
__global__ void scatter_kernel(T *xd, uint8_t *xp, uint32_t *bits, GG_vdata x, int xcode)
{
    for (uint64_t p = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; p < x.nvals;
         p += (uint64_t)gridDim.x * blockDim.x) {
        uint64_t k = x.i[p];
        if (xp != nullptr)
            xp[k] = 1;
        else
            atomicOr(bits + k / 32, 1u << (k % 32));
        xd[k] = gg_load_cast<T>(x.x, x.iso ? 0 : p, xcode, 1.0);
    }
}

/* The end of an input's making: its kernels' launch status, the allocation freed on failure,
 * else given to *out with the arrays. */
int input_made(GG_cuda_dense_x *out, char *mem, const void *xd, const uint8_t *xp,
               const uint32_t *bits)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        GG_cuda_free(mem);
        return gg_spmv_status(e);
    }
    out->xd = xd;
    out->xp = xp;
    out->xbits = bits;
    out->own = mem;
    return GG_CUDA_SPMV_OK;
}

/* A BITMAP x's flags as bits, a thread a word (its 32 flags by consecutive bytes). */
__global__ void pack_bits_kernel(const uint8_t *b, uint64_t n, uint32_t *bits)
{
    uint64_t words = (n + 31) / 32;
    for (uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; w < words;
         w += (uint64_t)gridDim.x * blockDim.x) {
        uint32_t v = 0;
        uint64_t k0 = 32 * w;
        int m = (int)std::min<uint64_t>(32, n - k0);
        for (int i = 0; i < m; i++) v |= (uint32_t)(b[k0 + i] != 0) << i;
        bits[w] = v;
    }
}

template <typename T> int bits_typed(GG_cuda_dense_x *out, const GG_vdata *x, int xcode)
{
    cudaStream_t s = GG_cuda_stream();
    memset(out, 0, sizeof *out);
    bool reuse = xcode == gg_code<T>::v && !x->iso && x->form == GG_VF_BITMAP;
    uint64_t words = (x->n + 31) / 32;
    size_t bx = reuse ? 0 : ((x->n * sizeof(T) + 255) & ~(size_t)255);
    char *mem = (char *)GG_cuda_malloc(bx + words * 4 + 4);
    if (mem == nullptr) return GG_CUDA_SPMV_NOMEM;
    T *xd = reuse ? (T *)x->x : (T *)mem;
    uint32_t *bits = (uint32_t *)(mem + bx);
    if (x->form == GG_VF_SPARSE) {
        cudaMemsetAsync(bits, 0, words * 4, s);
        if (x->nvals > 0)
            scatter_kernel<T><<<blocks_for(x->nvals), THREADS, 0, s>>>(xd, nullptr, bits, *x,
                                                                       xcode);
    } else if (x->n > 0) {
        pack_bits_kernel<<<blocks_for(words), THREADS, 0, s>>>(x->b, x->n, bits);
        if (!reuse)
            densify_kernel<T><<<blocks_for(x->n), THREADS, 0, s>>>(xd, nullptr, *x, xcode);
    }
    return input_made(out, mem, xd, nullptr, bits);
}

template <typename T>
int dense_typed(GG_cuda_dense_x *out, const GG_vdata *x, int xcode)
{
    cudaStream_t s = GG_cuda_stream();
    memset(out, 0, sizeof *out);
    bool same = xcode == gg_code<T>::v;
    if (x->form == GG_VF_FULL && x->iso) {
        /* one value, read (and cast) by the product itself: nothing to copy */
        out->iso = true;
        out->xd = x->x;
        out->iso_code = xcode;
        return GG_CUDA_SPMV_OK;
    }
    if (same && !x->iso && x->form != GG_VF_SPARSE) {
        out->xd = x->x;
        out->xp = x->form == GG_VF_BITMAP ? x->b : nullptr;
        return GG_CUDA_SPMV_OK;
    }
    bool full = x->form == GG_VF_FULL;
    size_t bytes = x->n * sizeof(T) + (full ? 0 : x->n);
    char *mem = (char *)GG_cuda_malloc(bytes);
    if (mem == nullptr) return GG_CUDA_SPMV_NOMEM;
    T *xd = (T *)mem;
    uint8_t *xp = full ? nullptr : (uint8_t *)(mem + x->n * sizeof(T));
    if (x->form == GG_VF_SPARSE) {
        cudaMemsetAsync(xp, 0, x->n, s);
        if (x->nvals > 0)
            scatter_kernel<T><<<blocks_for(x->nvals), THREADS, 0, s>>>(xd, xp, nullptr, *x, xcode);
    } else if (x->n > 0) {
        densify_kernel<T><<<blocks_for(x->n), THREADS, 0, s>>>(xd, xp, *x, xcode);
    }
    return input_made(out, mem, xd, xp, nullptr);
}

} // namespace

extern "C" int GG_cuda_vec_dense_input(GG_cuda_dense_x *out, const GG_vdata *x, int xcode,
                                       int type_code)
{
    if (xcode < GG_CUDA_BOOL || xcode > GG_CUDA_FP64) return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) { rc = dense_typed<decltype(tag)>(out, x, xcode); });
    return rc;
}

extern "C" int GG_cuda_vec_bits_input(GG_cuda_dense_x *out, const GG_vdata *x, int xcode,
                                      int type_code)
{
    if (xcode < GG_CUDA_BOOL || xcode > GG_CUDA_FP64 ||
        (x->form != GG_VF_SPARSE && x->form != GG_VF_BITMAP))
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) { rc = bits_typed<decltype(tag)>(out, x, xcode); });
    return rc;
}

extern "C" bool GG_cuda_vec_pull_supported(int add_op, int mul_op, int type_code)
{
    return gg_spmv_supported(add_op, mul_op, type_code);
}

extern "C" int GG_cuda_vec_push(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                                const GG_vdata *x, int xcode, int add_op, int mul_op,
                                int type_code, const void *identity, bool vec_first,
                                const GG_cuda_rowmask *mask, const GG_cuda_push_list *list,
                                const GG_cuda_push_fuse *fuse)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || V->type_code < GG_CUDA_BOOL ||
        V->type_code > GG_CUDA_FP64 || xcode < GG_CUDA_BOOL || xcode > GG_CUDA_FP64 ||
        (x->form != GG_VF_SPARSE && x->form != GG_VF_BITMAP) ||
        (list != nullptr && m > UINT32_MAX) ||
        (fuse != nullptr && (list == nullptr || x->form != GG_VF_SPARSE)))
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = push_typed<decltype(tag)>(T, V, m, nnz, x, xcode, add_op, mul_op, identity, vec_first,
                                       mask, list, fuse);
    });
    return rc;
}

extern "C" int GG_cuda_vec_pull(GG_cuda_vec *T, const GG_cuda_cview *V, uint64_t m, uint64_t nnz,
                                const GG_cuda_dense_x *x, int add_op, int mul_op, int type_code,
                                const void *identity, bool vec_first, const GG_cuda_rowmask *mask,
                                const GG_cuda_pull_narrow *narrow)
{
    if (!gg_spmv_supported(add_op, mul_op, type_code) || V->type_code < GG_CUDA_BOOL ||
        V->type_code > GG_CUDA_FP64)
        return GG_CUDA_SPMV_UNSUPPORTED;
    int rc = GG_CUDA_SPMV_UNSUPPORTED;
    gg_with_type(type_code, [&](auto tag) {
        rc = pull_typed<decltype(tag)>(T, V, m, nnz, x, add_op, mul_op, identity, vec_first, mask,
                                       narrow);
    });
    return rc;
}

extern "C" void GG_cuda_vec_mxv_set_cap(int blocks)
{
    cap_hook.store(blocks < 0 ? -1 : blocks, std::memory_order_relaxed);
}

extern "C" void GG_cuda_vec_push_set_flags(int flags)
{
    flags_hook.store(flags == 1 || flags == 2 || flags == 4 || flags == 8 || flags == 16 ? flags : 0,
                     std::memory_order_relaxed);
}
