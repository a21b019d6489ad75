/* mxm_saxpy.cu: the device row-wise SpGEMM (GG_cuda_mxm_saxpy.h), after the framework of Liu and
 * Vinter (../shared/papers/spgemm-framework-liu-vinter.txt): an upper bound per row, rows binned
 * by it, one kernel per bin, then the rows' entries arranged in order.
 *
 * Steps:
 * 1. meta: per vector of R, flops = sum of the lengths of the S rows its entries select (64-bit:
 *    at most 2^31 entries times 2^31, so no sum wraps), the bound min(flops, ncols, what the mask
 *    leaves, and with the short bins on the span of its terms' columns) and its symbolic bin
 *    (place(), below).
 * 2. symbolic: each bin's kernel inserts the admitted column keys of its rows and counts them;
 *    the counts' scan gives T's exact size and row offsets before T is allocated.
 * 3. rebin: every row placed again by its exact count, which on power-law inputs is the bound
 *    divided by the compression factor (2.5 on RMAT-16 A*A, 80 on the localized matrix): the
 *    numeric pass's tables are that much smaller, so most rows fit shared memory.
 * 4. numeric: the same walk also folds each term into its slot with atomic monoid updates from a
 *    start value that is neutral for every term, so a lone term is exact. A shared-memory table is
 *    then sorted in place (bitonic) and its first slots are the row's entries in order, written
 *    straight into T; a dense row's table is read in column order, so it is written straight into
 *    T too; only a global hash's occupied slots are written unordered, and one segmented sort over
 *    those rows alone orders them.
 * Bins (place()): 0 nothing, 1 a single term, 2..6 a hash table in shared memory of 64 ... 16384
 *    slots (the count at most `fill` of it; the largest tables only where the device's opt-in
 *    shared memory holds them), 7 a hash in global memory of twice the count rounded to a power of
 *    two, 8 dense: a row of ncols slots, where ncols is at most `dense` times that hash. In the
 *    symbolic pass a dense row is a bitmap, in shared memory when ncols bits fit and the product has
 *    rows enough to fill the device with one block per row (and then also for every row with a
 *    block of its own whose shared table would be no smaller than the bitmap), else in global
 *    memory. 9 tiled (below; numeric only). 10..12 short (short_kernel): a row of few entries
 *    (at most `fill` of 32, 64 or 128 slots) and few terms (at most 64 a lane of 8, 16 or 32
 *    lanes) in a table of its own in shared memory, a sub-warp a row, its entries ranked rather
 *    than sorted; grid and band rows (GRAPHBLAS_GPU_SPGEMM_SHORT).
 * A group of G lanes owns a row: it splits into teams, one per entry of R's row (as many as the row
 *    has, up to G), each team's lanes striding over that entry's S row, so a row with one long S
 *    row and a row with many short ones both keep the lanes busy. The mask is read per term, before
 *    its slot is touched (binary search in the mask's row), so a complemented mask (BC's frontier
 *    under !paths) never inserts what the write-back would drop.
 * Few heavy rows (BC's 4 x n frontier products): when a global bin's list has fewer rows than the
 *    device holds blocks at once, its terms are numbered by one flop index and split evenly over
 *    the whole grid, a warp a range (split_kernel), into the same global tables; the mask's rows
 *    are then bitmaps, one load a term.
 * Wide rows as column tiles (bin 9, GRAPHBLAS_GPU_SPGEMM_TILED): a row whose exact count is at
 *    least ncols / ratio, and more than the numeric pass's 1024-slot table holds, is cut into
 *    tiles of W columns (the widest power of two whose values and a presence bit each fit the
 *    device's opt-in shared memory: 16384 for FP64 on an H100), a block per tile: the terms that
 *    fall in the tile (each S row searched for the tile's first column) fold into the tile's
 *    values in shared memory and set their bits, then the tile is read in column order straight
 *    into T. No keys, hashing, sort, global tables or waves, for the rows that otherwise take the
 *    16384-slot table's sort or the dense rows' waves. Each tile's place in its row comes from the
 *    symbolic pass: only a row counted in a shared bitmap can be tiled, and it popcounts each
 *    tile's bits there (a slot each, in an array bounded by flops x ratio / ncols rows).
 * Memory: the whole-run arrays are a few words per vector of R (about 50 bytes at the numeric
 *    pass's peak, Doc/performance.md) plus T itself (two 32-bit coordinates and the value: 16
 *    bytes an FP64 entry). Each pass runs at once when its workspace (global hashes and bitmaps,
 *    the hash rows' unordered output and its sort) fits the memory available now
 *    (GG_cuda_pool_available, which honours GxG_DEVICE_POOL_LIMIT), else over row chunks sized to
 *    it; a chunk that still fails to allocate is halved and retried. Dense rows share a fixed set of tables, one row per table at a time
 *    (waves): each table is cleared as its row is read out, so their memory is bounded whatever the
 *    number of dense rows.
 * Tunables (read once from the environment). WAVE_MB and FILL were set from one variant each on
 *    an H200 (spgemm_bench A*A, medians of 3, 2026-11-26; Doc/performance.md): WAVE_MB 800 against
 *    the first guess of 2 x L2 (100 MB) took RMAT-16 from 145.6 to 96.5 ms (peak 4.06 -> 4.74 GB),
 *    FILL 0.75 against 0.5 took band20 from 17.4 to 8.3 ms and RMAT-16 to 111.5 ms; grid1000
 *    moved by neither. DENSE 1 (98 ms) cost 7.3 GB of peak; DENSE 16, SBIT 0 and SHARED_MAX 4096
 *    were no faster. The two chosen were not measured together before they became the defaults.
 *    GRAPHBLAS_GPU_SPGEMM_WORKSPACE_MB  cap on a pass's workspace (default: none, what is free)
 *    GRAPHBLAS_GPU_SPGEMM_DENSE         a global row is dense when ncols <= this x its hash's slots
 *                                       (default 4, at least 1)
 *    GRAPHBLAS_GPU_SPGEMM_WAVE_MB       the dense rows' tables (default 16 x the L2 cache: more
 *                                       rows at once beat keeping their atomics in L2)
 *    GRAPHBLAS_GPU_SPGEMM_FILL          the numeric pass's most entries per shared slot (default
 *                                       0.75; the symbolic pass's bound always takes half)
 *    GRAPHBLAS_GPU_SPGEMM_SHARED_MAX    the largest shared table's slots (default 16384)
 *    GRAPHBLAS_GPU_SPGEMM_SBIT          0: no shared-memory bitmaps in the symbolic pass (and so
 *                                       no tiled rows)
 *    GRAPHBLAS_GPU_SPGEMM_TILED         the tiled bin's ratio: rows of at least ncols / this many
 *                                       entries (0: off). Default 64, measured on an H200
 *                                       (spgemm_bench RMAT-16 A*A FP64, medians of 3, 2026-11-27):
 *                                       off 74.6 ms, 4: 57.2, 16: 30.5, 64: 24.2 ms (26,773 rows
 *                                       tiled, every row of more than 1024 entries; no dense
 *                                       waves left; peak 4.94 -> 3.94 GB); cuSPARSE ALG1 56.5 ms
 *                                       in the same call. band20 and grid1000 have no such rows
 *                                       and did not move.
 *    GRAPHBLAS_GPU_SPGEMM_TILED_COLS    the widest tile (default: the widest the device holds;
 *                                       narrower tiles hold more blocks per SM, walk more)
 *    GRAPHBLAS_GPU_SPGEMM_SHORT         0: no short bins and no span bound (default 1, on).
 *                                       Measured on an H200 (spgemm_bench FP64, medians of 5,
 *                                       2026-11-27): grid1000 A*A 2.981 -> 1.008 ms, band20
 *                                       7.953 -> 4.794 ms, RMAT-16 24.54 -> 24.36 ms (cuSPARSE's
 *                                       best in the same call 2.249, 14.30, 66.39 ms)
 *    GRAPHBLAS_GPU_SPGEMM_BINCOUNT      0: the host does not use the bins' tally (tally): every
 *                                       pass sorts its bins, finds their offsets on the device
 *                                       and scans its words (default 1; H200, spgemm_bench
 *                                       FP64, medians of 5, twelfth session: grid1000 A*A 1.004
 *                                       -> 0.846 ms, A*A' 1.035 -> 0.925; band20 and RMAT-16
 *                                       within 1 %)
 *    GRAPHBLAS_GPU_SPGEMM_EARLY         0: the numeric walk loads S's value after the insert and
 *                                       the short rows' offset in T after the walk (default 1;
 *                                       same bench and session: grid1000 A*A 0.732 -> 0.719 ms,
 *                                       A*A' 0.774 -> 0.751, band20 4.890 -> 4.853) */
#include "GG_cuda_mxm_saxpy.h"
#include "mat_common.cuh"

#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace {

constexpr uint32_t EMPTY = 0xffffffffu;
constexpr int NSHARED = 5; /* shared tables of 64 << 2k slots, k < NSHARED */
constexpr int NSHORT = 3;  /* short rows' tables of 32 << k slots, k < NSHORT */
constexpr int BIN_ONE = 1, BIN_SHARED = 2, BIN_HASH = BIN_SHARED + NSHARED,
              BIN_DENSE = BIN_HASH + 1, BIN_TILED = BIN_DENSE + 1, BIN_SHORT = BIN_TILED + 1,
              NBINS = BIN_SHORT + NSHORT;
constexpr int BIN_BITS = 4; /* bins sort on 4 bits */
static_assert(NBINS <= 1 << BIN_BITS, "the bins' radix sort takes BIN_BITS bits");
constexpr int GLOBAL_THREADS = 512, SBIT_THREADS = 512, EMIT_ITEMS = 8;
constexpr uint64_t GLOBAL_BLOCKS = 1024;
/* A dense row's read-out runs a block per EMIT_TILE columns in a grid's y dimension (below 2^16):
 * wider rows are hashes. */
constexpr uint64_t MAX_DENSE_COLS = (uint64_t)GLOBAL_THREADS * EMIT_ITEMS * 65535;

__host__ __device__ constexpr int shared_slots(int k)
{
    return 64 << (2 * k);
}

__host__ __device__ constexpr int log2_of(int x)
{
    return x <= 1 ? 0 : 1 + log2_of(x / 2);
}

/* The short bins (short_kernel): table k has short_slots(k) slots and a sub-warp of
 * short_lanes(k) lanes, always 4 slots a lane; a row takes one when its bound (count) fits the
 * table at the pass's fill and it has at most SHORT_TERMS terms a lane. */
constexpr int SHORT_THREADS = 256, SHORT_TERMS = 64;

__host__ __device__ constexpr int short_slots(int k)
{
    return 32 << k;
}

__host__ __device__ constexpr int short_lanes(int k)
{
    return 8 << k;
}

/* ---- tunables -------------------------------------------------------------------------------- */

struct tuning {
    double workspace; /* bytes, 0: none */
    double dense, wave, fill;
    int shared_max;
    bool sbit;
    double tiled;       /* the tiled bin's ratio (0: off) */
    double tiled_cols;  /* the widest tile it may take */
    bool shortp;        /* the short rows' bins and the column-span bound */
    bool bincount;      /* the bins counted by meta and rebin (tally, bin_rows) */
    bool early;         /* the numeric walk loads S's value with its column (for_terms) */
    int optin, sms; /* the device's opt-in shared memory per block and its SM count */
};

const tuning &tune(void)
{
    static const tuning t = [] {
        int dev = 0, optin = 48 << 10, sms = std::max(1, GG_cuda_sm_count()), l2 = 50 << 20;
        cudaGetDevice(&dev);
        if (cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) !=
            cudaSuccess)
            optin = 48 << 10;
        if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev) != cudaSuccess) l2 = 50 << 20;
        cudaGetLastError();
        tuning r;
        r.workspace = std::max(0.0, GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_WORKSPACE_MB", 0)) * 1e6;
        r.dense = std::max(1.0, GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_DENSE", 4));
        r.wave =
            std::max(0.0, GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_WAVE_MB", 16.0 * l2 / 1e6)) * 1e6;
        r.fill = std::min(0.9, std::max(0.1, GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_FILL", 0.75)));
        r.shared_max =
            (int)GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_SHARED_MAX", shared_slots(NSHARED - 1));
        r.sbit = GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_SBIT", 1) != 0;
        r.tiled = std::max(0.0, GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_TILED", 64));
        r.tiled_cols = GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_TILED_COLS", 1 << 30);
        r.shortp = GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_SHORT", 1) != 0;
        r.bincount = GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_BINCOUNT", 1) != 0;
        r.early = GG_cuda_env_or("GRAPHBLAS_GPU_SPGEMM_EARLY", 1) != 0;
        r.optin = optin;
        r.sms = sms;
        return r;
    }();
    return t;
}

/* The tests' cap on a pass's workspace (GG_cuda_spgemm_set_workspace), over the environment's. */
size_t workspace_hook;

/* The tests' tiled ratio and widest tile (GG_cuda_spgemm_set_tiled; a ratio below 0: the
 * environment's), and the last run's tiled rows (GG_cuda_spgemm_last_tiled). */
double tiled_hook_ratio = -1;
uint32_t tiled_hook_cols;
thread_local uint64_t last_tiled;

/* The tests' short bins (GG_cuda_spgemm_set_short; below 0: the environment's), and the last
 * run's short rows (GG_cuda_spgemm_last_short). */
int short_hook = -1;
thread_local uint64_t last_short;

/* Lanes per row of shared table k, and the threads of its blocks (several rows per block for the
 * small tables). */
__host__ __device__ constexpr int shared_lanes(int k)
{
    return k == 0 ? 32 : k == 1 ? 64 : k == 2 ? 128 : k == 3 ? 256 : 1024;
}

__host__ __device__ constexpr int block_threads(int lanes)
{
    return lanes < 256 ? 256 : lanes;
}

/* How many shared tables a pass may use (with values of vsize bytes): those up to the tunable
 * whose block fits the device's opt-in shared memory. */
int shared_top(size_t vsize)
{
    const tuning &t = tune();
    int k = 0;
    while (k < NSHARED && shared_slots(k) <= t.shared_max) {
        size_t rows = (size_t)block_threads(shared_lanes(k)) / shared_lanes(k);
        if (rows * shared_slots(k) * (sizeof(uint32_t) + vsize) + 1024 > (size_t)t.optin) break;
        k++;
    }
    return k;
}

/* ---- views, parameters, masks ---------------------------------------------------------------- */

/* A compressed view as the kernels read it. */
struct rows {
    uint64_t nvec;
    const uint64_t *vec, *ptr, *idx;
    const void *x;
    int code;
};

rows rows_of(const GG_cuda_cview *v)
{
    return rows{v->nvec, v->vec, v->ptr, v->idx, v->x, v->type_code};
}

/* The entries [*p0, *p1) of row r (found in the vector list when hypersparse); false when empty. */
__device__ inline bool row_range(const rows &v, uint64_t r, uint64_t *p0, uint64_t *p1)
{
    if (v.vec != nullptr) {
        uint64_t k = gg_lower_bound(v.vec, v.nvec, r);
        if (k == v.nvec || v.vec[k] != r) return false;
        r = k;
    } else if (r >= v.nvec) {
        return false;
    }
    *p0 = v.ptr[r];
    *p1 = v.ptr[r + 1];
    return *p1 > *p0;
}

/* The untyped parameters of every kernel (the symbolic pass needs nothing else). */
struct sp {
    rows A, B, M;
    bool has_mask, mstruct, mcomp;
    uint32_t msize;
    uint64_t ncols;
    /* placement (place()): shared tables below top, their fill, the dense ratio, and whether the
     * symbolic pass's dense rows are shared-memory bitmaps */
    int top;
    float fill;
    double dense;
    bool sbit;
    bool shortp;          /* the short bins and the span bound are on (tuning::shortp) */
    bool early;           /* tuning::early: S's values loaded with their columns, and the short
                           * rows' offsets in T before their walk */
    bool gdense;          /* the global rows being run are the dense bin's */
    const uint32_t *list; /* the vectors of the bin being run */
    uint64_t nlist;
    uint64_t *cnt;        /* symbolic: entries per vector */
    const uint64_t *wofs; /* exclusive scan of the global tables' words per vector */
    uint64_t wbase;       /* wofs at the chunk's first vector */
    uint32_t *wkeys;      /* the chunk's global tables (numeric dense rows: the wave's tables) */
    const uint64_t *rowptr; /* numeric: T's offsets per vector */
    uint64_t *gptr;         /* numeric: offsets of the hash bin's entries (0 for other rows);
                             * until then, with shortp, each vector's flops (meta, for rebin) */
    uint64_t gbase;         /* gptr at the chunk's first vector */
    uint32_t *ocol;         /* numeric: the chunk's unordered column keys (hash bin) */
    uint32_t *trow, *tcol;  /* numeric: T's indices (rows of the other bins written in order);
                             * trow null: the result is CSR32, its rows are rowptr's */
    /* the tiled bin: a row of at least tmin entries and at least ncols / tratio of them, counted
     * in a shared bitmap by the symbolic pass, gets a slot there (tslot[v], the next of *tnext,
     * below tcap) and its tiles' counts (tcnt[slot * ntiles + t], tiles of tw columns); tslot
     * null: the bin is off */
    uint32_t *tslot, *tcnt;
    unsigned long long *tnext;
    uint64_t tcap, tmin;
    double tratio;
    uint32_t tw, ntiles;
};

/* The typed parameters of the numeric pass. */
template <typename T> struct spn : sp {
    int add, mul;
    bool need_a, need_b;
    T start;
    T *wvals; /* the global tables' values */
    T *ox;    /* the chunk's unordered values (hash bin) */
    T *tx;    /* T's values */
};

/* The bin of a row of at most n entries (its bound, or its exact count in the numeric pass) and
 * flops > 1 terms; *words gets the global workspace it needs in 32-bit words: a hash's slots,
 * a global bitmap's words (symbolic), none for shared tables, shared bitmaps and the numeric
 * pass's dense rows (their tables are the waves'). With shared bitmaps on, the symbolic pass
 * takes one for every row that has a block to itself anyway (the tables of 256 lanes and more)
 * whose table would be no smaller than the bitmap (on RMAT-16, 8 KB against the 16 KB and 64 KB
 * tables of rows over 512 terms); never for the small tables, which share a block among rows (a
 * product with a few columns, BC's n x k, keeps its 64-slot tables). A row that fits a short table
 * (at the pass's fill) with at most SHORT_TERMS terms a lane of it takes that first: the smallest
 * such table, so a row with more terms gets a wider sub-warp. */
__device__ inline int place(const sp &c, uint64_t n, uint64_t flops, bool numeric, uint64_t *words)
{
    *words = 0;
    if (c.shortp)
        for (int k = 0; k < NSHORT; k++)
            if ((double)n <= (double)c.fill * short_slots(k) &&
                flops <= (uint64_t)short_lanes(k) * SHORT_TERMS)
                return BIN_SHORT + k;
    bool sbit = !numeric && c.sbit;
    for (int k = 0; k < c.top; k++)
        if ((double)n <= (double)c.fill * shared_slots(k))
            return sbit && shared_lanes(k) >= 256 &&
                           (c.ncols + 31) / 32 <= (uint64_t)shared_slots(k)
                       ? BIN_DENSE
                       : BIN_SHARED + k;
    uint64_t slots = 1;
    while (slots < 2 * n) slots *= 2;
    if (sbit) return BIN_DENSE;
    if ((double)c.ncols <= c.dense * (double)slots && c.ncols <= MAX_DENSE_COLS) {
        if (!numeric) *words = (c.ncols + 31) / 32;
        return BIN_DENSE;
    }
    *words = slots;
    return BIN_HASH;
}

/* Row i of the mask as a sorted column list, and the verdict of one column. */
struct mrow {
    const uint64_t *idx;
    uint64_t len;
    const char *x;
    uint32_t size;
    bool on, mstruct, mcomp;
};

__device__ inline mrow mask_row(const sp &c, uint64_t i)
{
    mrow r{nullptr, 0, nullptr, c.msize, c.has_mask, c.mstruct, c.mcomp};
    uint64_t p0, p1;
    if (c.has_mask && row_range(c.M, i, &p0, &p1)) {
        r.idx = c.M.idx + p0;
        r.len = p1 - p0;
        r.x = (const char *)c.M.x + p0 * c.msize;
    }
    return r;
}

__device__ inline bool admits(const mrow &r, uint64_t j)
{
    if (!r.on) return true;
    uint64_t p = gg_lower_bound(r.idx, r.len, j);
    bool in =
        p < r.len && r.idx[p] == j && (r.mstruct || gg_nonzero_bytes(r.x + p * r.size, r.size));
    return in != r.mcomp;
}

/* The mask row's entries within columns [lo, hi) (the tiled bin's tile): admits() gives the same
 * verdict for those columns with fewer steps. */
__device__ inline mrow mask_cols(mrow r, uint64_t lo, uint64_t hi)
{
    if (r.on && r.len > 0) {
        uint64_t p0 = gg_lower_bound(r.idx, r.len, lo), p1 = gg_lower_bound(r.idx, r.len, hi);
        r.idx += p0;
        r.x += p0 * r.size;
        r.len = p1 - p0;
    }
    return r;
}

/* ---- the walk of a row ----------------------------------------------------------------------- */

/* Every admitted term of vector v's row, by a group of G lanes (lane g): load_a(p) once per entry
 * p of R's row, then per entry q (column j) of the S row it selects load_b(q), issued with the
 * load of j (before the mask's verdict and the table's insert wait on j), and term(a, b, q, j). G is a power of
 * two, so the teams (a power of two) split the lanes evenly and no entry is walked twice. RANGE:
 * only the columns [lo, hi) (the tiled bin's tile): each S row from its first column at or past lo
 * (a binary search, skipped when lo is 0), each lane stopping at hi (the rows are sorted), teams of
 * at least min_width lanes. */
template <bool RANGE = false, typename LA, typename LB, typename TM>
__device__ __forceinline__ void for_terms(const sp &s, uint32_t v, int G, int g, LA load_a,
                                          LB load_b, TM term, int min_width = 1, uint64_t lo = 0,
                                          uint64_t hi = 0)
{
    uint64_t i = s.A.vec != nullptr ? s.A.vec[v] : v;
    mrow mr = mask_row(s, i);
    if constexpr (RANGE) mr = mask_cols(mr, lo, hi);
    uint64_t a0 = s.A.ptr[v], a1 = s.A.ptr[v + 1];
    int teams = 1;
    while (teams * 2 * min_width <= G && (uint64_t)teams * 2 <= a1 - a0) teams *= 2;
    int width = G / teams, team = g / width, l = g % width;
    for (uint64_t p = a0 + team; p < a1; p += teams) {
        uint64_t b0, b1;
        if (!row_range(s.B, s.A.idx[p], &b0, &b1)) continue;
        if constexpr (RANGE) {
            if (lo > 0) b0 += gg_lower_bound(s.B.idx + b0, b1 - b0, lo);
            if (b0 == b1 || s.B.idx[b0] >= hi) continue;
        }
        auto a = load_a(p);
        for (uint64_t q = b0 + l; q < b1; q += width) {
            uint64_t j = s.B.idx[q];
            auto b = load_b(q);
            if constexpr (RANGE)
                if (j >= hi) break;
            if (admits(mr, j)) term(a, b, q, (uint32_t)j);
        }
    }
}

/* The slot of key j in a table of S slots (shift = 32 - log2 S for a hash; dense: j itself),
 * claimed when free; *fresh tells whether this call inserted it. The table never fills: a hash
 * has more slots than the row's entries, a dense table a slot per column. */
__device__ inline uint64_t insert(uint32_t *keys, uint64_t S, int shift, bool dense, uint32_t j,
                                  bool *fresh)
{
    uint64_t h = dense ? j : (uint64_t)((j * 0x9E3779B1u) >> shift);
    for (;;) {
        uint32_t k = reinterpret_cast<volatile uint32_t *>(keys)[h];
        if (k == EMPTY) k = atomicCAS(keys + h, EMPTY, j);
        if (k == EMPTY || k == j) {
            *fresh = k == EMPTY;
            return h;
        }
        h = h + 1 == S ? 0 : h + 1;
    }
}

/* value p of a view as T (a plain load when stored as T). */
template <typename T> __device__ inline T value_at(const void *x, uint64_t p, int code)
{
    return code == gg_code<T>::v ? static_cast<const T *>(x)[p] : gg_load_cast<T>(x, p, code, 1.0);
}

/* The value of R's entry p a term multiplies (none when the multiply does not read it). */
template <typename T, bool NUM>
__device__ __forceinline__ T a_value(const sp &s, const spn<T> &c, uint64_t p)
{
    return NUM && c.need_a ? value_at<T>(s.A.x, p, s.A.code) : T{};
}

/* S's entry q a term multiplies (none when the multiply does not read it). */
template <typename T, bool NUM>
__device__ __forceinline__ T b_value(const sp &s, const spn<T> &c, uint64_t q)
{
    return NUM && c.need_b ? value_at<T>(s.B.x, q, s.B.code) : T{};
}

/* The product of av and S's value bv folded into *slot by the monoid's atomic update. ADD/MUL:
 * the semiring's opcodes when specialised, else 0 (read from c). */
template <typename T, int ADD, int MUL>
__device__ __forceinline__ void fold_value(const spn<T> &c, T *slot, T av, T bv)
{
    T t = gg_binop<T>(MUL != 0 ? MUL : c.mul, av, bv);
    gg_atomic<T>(ADD != 0 ? ADD : c.add, slot, t);
}

/* One admitted term (values av of R's entry and bv of S's, column j) into a table: the numeric
 * pass (NUM) folds the product into its slot; the symbolic one returns 1 when it inserted the
 * key. */
template <typename T, int ADD, int MUL, bool NUM>
__device__ __forceinline__ unsigned fold_term(const spn<T> &c, uint32_t *keys, T *vals, uint64_t S,
                                              int shift, bool dense, T av, T bv, uint32_t j)
{
    bool fresh;
    uint64_t h = insert(keys, S, shift, dense, j, &fresh);
    if constexpr (NUM) {
        fold_value<T, ADD, MUL>(c, vals + h, av, bv);
        return 0;
    } else {
        return fresh;
    }
}

/* One term of the symbolic pass into a bitmap of the row's columns whose bits start set: it clears
 * its column's bit, and counts (returns 1) when it was the one to clear it. */
__device__ __forceinline__ unsigned bitmap_term(uint32_t *bits, uint32_t j)
{
    uint32_t bit = 1u << (j & 31), *w = bits + (j >> 5);
    if ((*reinterpret_cast<volatile uint32_t *>(w) & bit) == 0) return 0;
    return (atomicAnd(w, ~bit) & bit) != 0;
}

/* A row's terms into its table (fold_term), the symbolic pass counting new keys into *count. */
template <typename T, int ADD, int MUL, bool NUM>
__device__ __forceinline__ void walk(const sp &s, const spn<T> &c, uint32_t v, uint32_t *keys,
                                     T *vals, uint64_t S, int shift, bool dense, int G, int g,
                                     unsigned *count)
{
    unsigned mine = 0;
    for_terms(
        s, v, G, g, [&](uint64_t p) { return a_value<T, NUM>(s, c, p); },
        [&](uint64_t q) { return s.early ? b_value<T, NUM>(s, c, q) : T{}; },
        [&](T av, T bv, uint64_t q, uint32_t j) {
            T b = s.early ? bv : b_value<T, NUM>(s, c, q);
            mine += fold_term<T, ADD, MUL, NUM>(c, keys, vals, S, shift, dense, av, b, j);
        });
    if (mine != 0) atomicAdd(count, mine);
}

/* The symbolic walk into a row's bitmap (bitmap_term). */
__device__ __forceinline__ void bitmap_walk(const sp &s, uint32_t v, uint32_t *bits, int G, int g,
                                            unsigned *count)
{
    unsigned mine = 0;
    for_terms(
        s, v, G, g, [](uint64_t) { return 0; }, [](uint64_t) { return 0; },
        [&](int, int, uint64_t, uint32_t j) { mine += bitmap_term(bits, j); });
    if (mine != 0) atomicAdd(count, mine);
}

/* The occupied slots of a row's table written to its range of the chunk's output (unordered). */
template <typename T>
__device__ inline void emit(const spn<T> &c, uint32_t v, const uint32_t *keys, const T *vals,
                            uint64_t S, int G, int g, unsigned *fill)
{
    uint64_t out = c.gptr[v] - c.gbase;
    for (uint64_t k = g; k < S; k += G) {
        uint32_t key = keys[k];
        if (key == EMPTY) continue;
        uint64_t at = out + atomicAdd(fill, 1u);
        c.ocol[at] = key;
        c.ox[at] = vals[k];
    }
}

/* ---- the kernels ----------------------------------------------------------------------------- */

/* The run's device words (run_state::words): meta's flops, plan's chunk (5 words), the tiled
 * slots' next, and the bins' tally: rows per bin, then the global words and the hash rows'
 * entries of the pass the bins are for (meta: the symbolic one, rebin: the numeric one). */
constexpr int W_FLOPS = 0, W_CHUNK = 1, W_TNEXT = 7, W_TALLY = 8, W_TWORDS = W_TALLY + NBINS,
              W_TENTRIES = W_TWORDS + 1, NWORDS = W_TENTRIES + 1;

/* A block's share of the tally, summed in shared memory and added to the run's words once a
 * block (a global atomic a row made 1M same-address atomics on grid1000, meta_kernel's note).
 * With it the host knows each bin's rows and the pass's workspace from the download it makes
 * anyway (bin_rows, plan, allocate_result): grid1000's rows all fall in one short bin, so their
 * list is the identity and the bins' radix sort (14.5 + 4.4 + 2.6 us a pass under ncu, H200),
 * their offsets (5 us) and the scans of all-zero words (12 us each) are not needed. */
struct tally {
    unsigned n[NBINS];
    unsigned long long words, entries;
};

__device__ inline void tally_clear(tally &t)
{
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) t.n[b] = 0;
    if (threadIdx.x == 0) t.words = t.entries = 0;
}

__device__ inline void tally_add(tally &t, int b, uint64_t words, uint64_t entries)
{
    atomicAdd(&t.n[b], 1u);
    if (words != 0) atomicAdd(&t.words, (unsigned long long)words);
    if (entries != 0) atomicAdd(&t.entries, (unsigned long long)entries);
}

/* After the block's last tally_add and a barrier. */
__device__ inline void tally_flush(const tally &t, unsigned long long *tot)
{
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        if (t.n[b] != 0) atomicAdd(tot + W_TALLY + b, (unsigned long long)t.n[b]);
    if (threadIdx.x == 0 && t.words != 0) atomicAdd(tot + W_TWORDS, t.words);
    if (threadIdx.x == 0 && t.entries != 0) atomicAdd(tot + W_TENTRIES, t.entries);
}

/* Per vector: flops (added to *flops), bound, symbolic bin, global words; counts cleared. A
 * sub-warp of G lanes per vector (below), 32 / G vectors a warp, and a vector of more than
 * META_LONG entries of R by the whole warp, one such vector at a time (so a hub row of R is
 * strided by 32 lanes, as before, while a grid's row of 4 entries no longer leaves 28 lanes of a
 * warp idle); the flops summed in shared memory, one global atomic a block (one a row made 1M
 * same-address atomics on grid1000: the kernel took 0.77 ms under ncu for a 4-entry sum a row).
 * With the short bins on (shortp), also the span of the row's terms (the first column of the
 * first S row to the last of the last; the S rows are sorted) bounds its count: on band20 the
 * bound drops from 289 flops to the 33 columns of the span, so the symbolic pass's table shrinks
 * from 1024 slots to 128; and each vector's flops are kept in gptr for rebin.
 * G, the lanes a vector: 8, or 4 where R has at most 4 entries a vector on average (the caller's
 * a_entries): grid1000's rows of 4 left half of each sub-warp idle, and the kernel, a chain of
 * dependent loads a term (R's column, S's offsets, S's first and last column), took 225 us of the
 * product's 0.9 ms under ncu (H200, 2026-11-27): with 8 vectors a warp instead of 4, half the
 * warps wait on the same chains. */
constexpr int META_LONG = 64;
template <int G> constexpr int meta_rows()
{
    return 32 / G; /* vectors a warp */
}
template <int G> constexpr int meta_block_rows()
{
    return GG_VK_THREADS / 32 * meta_rows<G>();
}

/* Lane g of G's part of vector v's flops and span [*lo, *hi]. */
__device__ inline void meta_terms(const sp &c, uint64_t v, int G, int g, uint64_t *f,
                                  uint64_t *lo, uint64_t *hi)
{
    for (uint64_t p = c.A.ptr[v] + g; p < c.A.ptr[v + 1]; p += G) {
        uint64_t b0, b1;
        if (!row_range(c.B, c.A.idx[p], &b0, &b1)) continue;
        *f += b1 - b0;
        if (c.shortp) {
            *lo = std::min(*lo, c.B.idx[b0]);
            *hi = std::max(*hi, c.B.idx[b1 - 1]);
        }
    }
}

/* The sums over the lanes that differ from this one in the bits of [1, width) (a sub-warp of
 * width lanes, or the warp for 32). */
__device__ inline void meta_reduce(uint64_t *f, uint64_t *lo, uint64_t *hi, int width)
{
    for (int d = width / 2; d > 0; d /= 2) {
        *f += __shfl_xor_sync(0xffffffffu, *f, d);
        *lo = std::min(*lo, (uint64_t)__shfl_xor_sync(0xffffffffu, *lo, d));
        *hi = std::max(*hi, (uint64_t)__shfl_xor_sync(0xffffffffu, *hi, d));
    }
}

template <int G>
__global__ void __launch_bounds__(GG_VK_THREADS)
    meta_kernel(sp c, uint64_t nvec, uint8_t *bin, uint64_t *wlen, unsigned long long *tot)
{
    constexpr int ROWS = meta_rows<G>();
    __shared__ unsigned long long block_flops;
    __shared__ tally t;
    if (threadIdx.x == 0) block_flops = 0;
    tally_clear(t);
    __syncthreads();
    int lane = threadIdx.x & 31, sub = lane / G, g = lane % G;
    uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    uint64_t v = warp * ROWS + sub;
    if (v == 0 && g == 0) {
        wlen[nvec] = 0;
        c.cnt[nvec] = 0;
    }
    bool has = v < nvec;
    bool lng = has && c.A.ptr[v + 1] - c.A.ptr[v] > (uint64_t)META_LONG;
    uint64_t f = 0, lo = ~0ULL, hi = 0;
    if (has && !lng) meta_terms(c, v, G, g, &f, &lo, &hi);
    meta_reduce(&f, &lo, &hi, G);
    /* the long vectors (every lane of the warp takes part in the ballot and the reductions) */
    for (unsigned longs = __ballot_sync(0xffffffffu, lng && g == 0); longs != 0;
         longs &= longs - 1) {
        int who = (__ffs((int)longs) - 1) / G;
        uint64_t wf = 0, wlo = ~0ULL, whi = 0;
        meta_terms(c, warp * ROWS + who, 32, lane, &wf, &wlo, &whi);
        meta_reduce(&wf, &wlo, &whi, 32);
        if (sub == who) f = wf, lo = wlo, hi = whi;
    }
    if (has && g == 0) {
        uint64_t bound = f < c.ncols ? f : c.ncols;
        if (c.shortp && f != 0 && hi - lo + 1 < bound) bound = hi - lo + 1;
        if (c.has_mask) {
            mrow mr = mask_row(c, c.A.vec != nullptr ? c.A.vec[v] : v);
            if (!c.mcomp && mr.len < bound) bound = mr.len;
            if (c.mcomp && c.mstruct && c.ncols - mr.len < bound) bound = c.ncols - mr.len;
        }
        uint64_t words = 0;
        int b = f == 0 || bound == 0 ? 0 : f == 1 ? BIN_ONE : place(c, bound, f, false, &words);
        bin[v] = (uint8_t)b;
        wlen[v] = words;
        c.cnt[v] = 0;
        if (c.shortp) c.gptr[v] = f;
        if (f != 0) atomicAdd(&block_flops, (unsigned long long)f);
        tally_add(t, b, words, 0);
    }
    __syncthreads();
    if (threadIdx.x == 0 && block_flops != 0) atomicAdd(tot + W_FLOPS, block_flops);
    tally_flush(t, tot);
}

/* After the symbolic pass: every row placed again by its exact count cnt[v] (a single term stays
 * one, an empty row leaves its bin, a row given tile counts goes to the tiled bin; its flops for
 * the short bins from gptr, meta's, read before gptr is overwritten), wlen[v] its
 * numeric global slots, cnt[v] kept for the hash rows only (the offsets of their unordered
 * output), the rows tallied into tot (the dense rows' count is the tally's). */
__global__ void rebin_kernel(sp c, uint64_t nvec, uint8_t *bin, uint64_t *wlen,
                             unsigned long long *tot)
{
    __shared__ tally t;
    tally_clear(t);
    __syncthreads();
    GG_VK_FOR(v, nvec + 1)
    {
        if (v == nvec) {
            wlen[v] = 0;
            continue;
        }
        uint64_t n = c.cnt[v], words = 0;
        int b = bin[v];
        if (n == 0)
            b = 0;
        else if (c.tslot != nullptr && c.tslot[v] != EMPTY)
            b = BIN_TILED;
        else if (b != BIN_ONE)
            b = place(c, n, c.shortp ? c.gptr[v] : 0, true, &words);
        bin[v] = (uint8_t)b;
        wlen[v] = words;
        if (b != BIN_HASH) c.cnt[v] = 0;
        tally_add(t, b, words, b == BIN_HASH ? n : 0);
    }
    __syncthreads();
    tally_flush(t, tot);
}

/* Bin 1: a row with one term, by one thread. */
template <typename T, int ADD, int MUL, bool NUM> __global__ void one_kernel(sp s, spn<T> c)
{
    GG_VK_FOR(k, s.nlist)
    {
        uint32_t v = s.list[k];
        uint64_t i = s.A.vec != nullptr ? s.A.vec[v] : v;
        for (uint64_t p = s.A.ptr[v]; p < s.A.ptr[v + 1]; p++) {
            uint64_t b0, b1;
            if (!row_range(s.B, s.A.idx[p], &b0, &b1)) continue;
            uint64_t j = s.B.idx[b0];
            bool in = admits(mask_row(s, i), j);
            if constexpr (!NUM) {
                s.cnt[v] = in;
            } else if (in) {
                T av = c.need_a ? value_at<T>(s.A.x, p, s.A.code) : T{};
                T bv = c.need_b ? value_at<T>(s.B.x, b0, s.B.code) : T{};
                uint64_t at = c.rowptr[v];
                if (c.trow != nullptr) c.trow[at] = i;
                c.tcol[at] = j;
                c.tx[at] = gg_binop<T>(MUL != 0 ? MUL : c.mul, av, bv);
            }
            break;
        }
    }
}

/* Sorts a group's table of S slots (a power of two) by key, ascending, with its G lanes (lane g):
 * a bitonic network, every stage ended by a barrier: the warp's when the group is one warp (the
 * 64-slot tables of short rows, whose 21 stages would otherwise each wait for the block's eight
 * rows), else the block's, so every group of the block calls it. */
template <typename T, int S, int G>
__device__ inline void sort_table(uint32_t *keys, T *vals, int g)
{
    for (int k = 2; k <= S; k *= 2) {
        for (int j = k / 2; j > 0; j /= 2) {
            for (int i = g; i < S; i += G) {
                int p = i ^ j;
                if (p <= i) continue;
                uint32_t a = keys[i], b = keys[p];
                if ((a > b) == ((i & k) == 0)) {
                    keys[i] = b;
                    keys[p] = a;
                    T t = vals[i];
                    vals[i] = vals[p];
                    vals[p] = t;
                }
            }
            if constexpr (G == 32)
                __syncwarp();
            else
                __syncthreads();
        }
    }
}

/* Bins 2..6: R = THREADS / G rows per block, each with a table of S slots in shared memory (keys,
 * then values in the numeric pass). */
template <typename T, int ADD, int MUL, int S, int G, bool NUM>
__global__ void __launch_bounds__(block_threads(G)) shared_kernel(sp s, spn<T> c)
{
    constexpr int THREADS = block_threads(G), R = THREADS / G;
    extern __shared__ __align__(16) unsigned char smem[];
    __shared__ unsigned fill[R];
    uint32_t *keys_all = reinterpret_cast<uint32_t *>(smem);
    T *vals_all = reinterpret_cast<T *>(smem + (size_t)R * S * sizeof(uint32_t));
    for (int k = threadIdx.x; k < R * S; k += THREADS) {
        keys_all[k] = EMPTY;
        if constexpr (NUM) vals_all[k] = c.start;
    }
    if (threadIdx.x < R) fill[threadIdx.x] = 0;
    __syncthreads();
    int grp = threadIdx.x / G, g = threadIdx.x % G;
    uint64_t k = (uint64_t)blockIdx.x * R + grp;
    bool has = k < s.nlist;
    uint32_t v = has ? s.list[k] : 0;
    uint32_t *keys = keys_all + grp * S;
    T *vals = vals_all + grp * S;
    constexpr int shift = 32 - log2_of(S);
    if (has) walk<T, ADD, MUL, NUM>(s, c, v, keys, vals, S, shift, false, G, g, &fill[grp]);
    __syncthreads();
    if constexpr (NUM) {
        /* every group sorts its table (the empty key sorts last), so the row's entries are its
         * first slots, in order: written straight into T, no sort pass after */
        sort_table<T, S, G>(keys, vals, g);
        if (!has) return;
        uint64_t out = c.rowptr[v], n = c.rowptr[v + 1] - out;
        uint64_t i = s.A.vec != nullptr ? s.A.vec[v] : v;
        for (uint64_t e = g; e < n; e += G) {
            if (c.trow != nullptr) c.trow[out + e] = i;
            c.tcol[out + e] = keys[e];
            c.tx[out + e] = vals[e];
        }
    } else if (has && g == 0) {
        s.cnt[v] = fill[grp];
    }
}

/* The short bins (BIN_SHORT + k): a sub-warp of G = short_lanes(k) lanes per row, R =
 * SHORT_THREADS / G rows a block, each row with a hash table of S = short_slots(k) slots in shared
 * memory (keys, then values in the numeric pass), for the rows of few entries and few terms:
 * grid1000 A*A (16 terms, 9..13 entries a row: S = 32, G = 8, four rows a warp) and band20 (289
 * terms, 33 entries: S = 128, G = 32 counting, S = 64, G = 16 numeric).
 * Why not the shared bins (shared_kernel) for them, from the ncu profile of 2026-11-27 on an H200
 * (Doc/performance.md): there grid1000's numeric kernel took 2.54 ms and band20's 5.31 ms at 2-4 %
 * of DRAM bandwidth, band20's symbolic one 3.89 ms at 0.9 %: bound by latency and
 * synchronisation, not memory. Per row they clear a 64-slot table (1024 slots for band20's
 * symbolic bound of 289), walk, wait for the block's slowest row (__syncthreads), then sort the
 * whole table with a bitonic network of 21 stages (each a warp barrier and shared-memory swaps) to
 * order 9..33 entries. Here:
 * - the table is sized to the row (32 slots for 16 terms) and a row has G lanes, a divisor of the
 *   warp, so a warp runs 32 / G rows at once and grid1000's 16 terms keep 8 lanes busy, two terms
 *   each, where 32 lanes left half idle;
 * - only the sub-warp synchronises (__syncwarp on its lanes' mask), never the block, so a row
 *   does not wait for the others of its block;
 * - no sort: each lane holds S / G = 4 slots and ranks each occupied key by counting the smaller
 *   keys of the table (S / 4 broadcast loads of 16 bytes, EMPTY never smaller), and writes its
 *   entry straight to T at the row's offset plus its rank: row order, sorted columns, no shared
 *   writes. 4 x S comparisons a lane (128 for S = 32) against 15..21 stages of a network.
 * The walk (for_terms, the mask read per term), the inserts and the monoid's atomic folds from the
 * start value are those of the other bins, so every semiring, mask kind and view is the same.
 * Tables padded by 4 words so the sub-warps' broadcast loads of a warp fall in distinct banks.
 * Numeric against symbolic on grid1000 A*A (372 against 153 us under ncu, H200, 2026-11-27), by
 * reading: a row's chain of dependent global loads (list, R's offsets and column, S's offsets,
 * S's column) is the same, but per term the numeric walk then loaded S's value only after the
 * insert (two terms a lane on grid1000: four latencies in the inner loop against two), and T's
 * offset only after the walk; and its fold is not one instruction: on sm_90 an FP64 (and FP32)
 * atomicAdd in shared memory is an LDS then a loop of DADD and ATOMS.CAST.SPIN.64 (read from the
 * cubin of a test kernel compiled here: the u32 add is one ATOMS.ADD), whose fast-fail spin
 * retries every lane that shares a bank with the one served. EARLY (tuning::early) takes the two
 * loads out of the chain: S's value issued with its column (for_terms' load_b) and T's offset
 * before the walk; it costs the numeric kernel 8 registers (40 -> 48 on sm_90: 5 blocks of 256
 * an SM instead of 6, the same with EARLY off, which only moves the loads; capping it at 40 with
 * a minimum of 6 blocks spilled 28 bytes here and 140 in the run-time-opcode kernel); measured
 * 1-3 % faster on grid1000 and band20 (the tunables' list). The CAS loop is left: folding in step
 * instead (branch hfold, twelfth session: rounds of a term a lane, __match_any_sync on the slot,
 * one plain add by the group's lowest lane) made the numeric short kernel 419 -> 583 us under ncu
 * and grid1000 A*A 0.709 -> 0.846 ms, band20 4.83 -> 8.01 ms (H200): the lockstep rounds cost
 * more than the retries they remove. */
template <typename T, int ADD, int MUL, int S, int G, bool NUM>
__global__ void __launch_bounds__(SHORT_THREADS) short_kernel(sp s, spn<T> c)
{
    constexpr int R = SHORT_THREADS / G, STRIDE = S + 4, PER = S / G;
    static_assert(PER * G == S && 32 % G == 0 && S % 4 == 0, "a sub-warp's slots");
    __shared__ __align__(16) uint32_t keys_all[R * STRIDE];
    __shared__ __align__(16) unsigned char vals_raw[NUM ? (size_t)R * S * sizeof(T) : 16];
    __shared__ unsigned fill[R];
    int grp = threadIdx.x / G, g = threadIdx.x % G, lane = threadIdx.x & 31;
    unsigned mask = (unsigned)((1ULL << G) - 1) << (lane & ~(G - 1));
    uint64_t k = (uint64_t)blockIdx.x * R + grp;
    if (k >= s.nlist) return; /* the whole sub-warp: its barriers name only its lanes */
    uint32_t v = s.list[k];
    uint32_t *keys = keys_all + grp * STRIDE;
    T *vals = reinterpret_cast<T *>(vals_raw) + (NUM ? grp * S : 0);
#pragma unroll
    for (int e = 0; e < PER; e++) {
        keys[g + e * G] = EMPTY;
        if constexpr (NUM) vals[g + e * G] = c.start;
    }
    if (g == 0) fill[grp] = 0;
    /* the row's offset in T loaded before the walk, so its latency hides behind the walk's: after
     * it, it was one more dependent global load at the end of every row's chain */
    uint64_t out = NUM && s.early ? c.rowptr[v] : 0;
    __syncwarp(mask);
    walk<T, ADD, MUL, NUM>(s, c, v, keys, vals, S, 32 - log2_of(S), false, G, g, &fill[grp]);
    __syncwarp(mask);
    if constexpr (!NUM) {
        if (g == 0) s.cnt[v] = fill[grp];
    } else {
        if (!s.early) out = c.rowptr[v];
        uint32_t mine[PER];
        unsigned rank[PER];
#pragma unroll
        for (int e = 0; e < PER; e++) {
            mine[e] = keys[g + e * G];
            rank[e] = 0;
        }
        const uint4 *k4 = reinterpret_cast<const uint4 *>(keys);
#pragma unroll 4
        for (int m = 0; m < S / 4; m++) {
            uint4 q = k4[m];
#pragma unroll
            for (int e = 0; e < PER; e++)
                rank[e] += (q.x < mine[e]) + (q.y < mine[e]) + (q.z < mine[e]) + (q.w < mine[e]);
        }
        uint64_t i = s.A.vec != nullptr ? s.A.vec[v] : v;
#pragma unroll
        for (int e = 0; e < PER; e++) {
            if (mine[e] == EMPTY) continue;
            uint64_t at = out + rank[e];
            if (c.trow != nullptr) c.trow[at] = i;
            c.tcol[at] = mine[e];
            c.tx[at] = vals[g + e * G];
        }
    }
}

/* The global table of row v, the k-th of the list being run: a hash (its slots at wofs), a dense
 * bitmap (symbolic, its words at wofs) or, numeric, a dense table of ncols slots (the wave's table
 * k); *off its first word in wkeys (and value in wvals), *S its slots, *shift the hash's. */
__device__ inline void global_table(const sp &s, bool numeric, uint64_t k, uint32_t v,
                                    uint64_t *off, uint64_t *S, int *shift)
{
    if (numeric && s.gdense) {
        *off = k * s.ncols;
        *S = s.ncols;
    } else {
        *off = s.wofs[v] - s.wbase;
        *S = s.wofs[v + 1] - s.wofs[v];
    }
    *shift = s.gdense ? 0 : 32 - (63 - __clzll((long long)*S));
}

/* Bins 7 and 8 in global memory: gridDim.y blocks per row (blockIdx.x: the row in the list), a
 * power of two, splitting the row's entries of R. The row's table (global_table) is cleared
 * before (keys EMPTY or bits set, values the start). A list of few rows goes to split_kernel
 * instead (launch_global). */
template <typename T, int ADD, int MUL, bool NUM>
__global__ void __launch_bounds__(GLOBAL_THREADS) global_kernel(sp s, spn<T> c)
{
    __shared__ unsigned fill;
    uint32_t v = s.list[blockIdx.x];
    uint64_t off, S;
    int shift;
    global_table(s, NUM, blockIdx.x, v, &off, &S, &shift);
    if (threadIdx.x == 0) fill = 0;
    __syncthreads();
    int G = GLOBAL_THREADS * gridDim.y, g = blockIdx.y * GLOBAL_THREADS + threadIdx.x;
    if (!NUM && s.gdense)
        bitmap_walk(s, v, s.wkeys + off, G, g, &fill);
    else
        walk<T, ADD, MUL, NUM>(s, c, v, s.wkeys + off, NUM ? c.wvals + off : nullptr, S, shift,
                               s.gdense, G, g, &fill);
    if constexpr (!NUM) {
        __syncthreads();
        if (threadIdx.x == 0 && fill != 0)
            atomicAdd(reinterpret_cast<unsigned long long *>(s.cnt + v), (unsigned long long)fill);
    }
}

/* ---- few heavy rows: the terms split evenly over the whole grid ------------------------------ */

/* BC's frontier<!paths> = frontier A has 4 rows of up to n entries each and up to nnz(A) terms:
 * with a row per block (or the 64 of global_kernel, whose lanes each take whole S rows once the
 * row of R is longer than the lanes) a few blocks run and the lane holding a hub's S row runs
 * last. Here the terms of the list's rows, in order (row k of the list, its entries of R in
 * order, each the terms of its S row), are numbered by a flop index f from 0 to F, and warp w
 * takes the range [w * per_warp, (w + 1) * per_warp), its lanes every 32nd flop of it, so
 * consecutive lanes read consecutive entries of S's rows and every warp does the same work,
 * whatever the rows' lengths. A flop's entry of R is found by binary search in pf (the
 * exclusive scan of the S rows' lengths over the list's entries of R, eofs[k] the first entry of
 * row k), once per lane and then by stepping forward. Every term folds into its row's global
 * table as in global_kernel: the tables and their atomic updates are the same, only who does
 * which term changes, so the results are those of global_kernel (a sum's order may differ, as it
 * already does between lanes). */

/* rlen[k] = the entries of R of the list's row k, rlen[nlist] = 0 (scanned into eofs). */
__global__ void split_rows_kernel(sp s, uint64_t *rlen)
{
    GG_VK_FOR(k, s.nlist + 1)
    rlen[k] = k < s.nlist ? s.A.ptr[s.list[k] + 1] - s.A.ptr[s.list[k]] : 0;
}

/* flen[eofs[k] + e] = the length of the S row that entry e of the list's row k (blockIdx.x)
 * selects (0 when that row is empty), gridDim.y blocks per row. */
__global__ void split_len_kernel(sp s, const uint64_t *eofs, uint64_t *flen)
{
    uint32_t v = s.list[blockIdx.x];
    uint64_t a0 = s.A.ptr[v], n = s.A.ptr[v + 1] - a0, base = eofs[blockIdx.x];
    for (uint64_t e = blockIdx.y * (uint64_t)blockDim.x + threadIdx.x; e < n;
         e += (uint64_t)gridDim.y * blockDim.x) {
        uint64_t b0, b1;
        flen[base + e] = row_range(s.B, s.A.idx[a0 + e], &b0, &b1) ? b1 - b0 : 0;
    }
}

/* mbits' row k (mwords words, zeroed) = the columns the mask's row of the list's row k
 * (blockIdx.x) holds with a verdict of true (admits() before the complement), gridDim.y blocks a
 * row: the split's terms then read one bit where admits() searches the mask's row (BC's !paths
 * rows hold up to n entries: about 20 dependent loads a term). */
__global__ void split_mask_kernel(sp s, uint32_t *mbits, uint64_t mwords)
{
    uint32_t v = s.list[blockIdx.x];
    mrow mr = mask_row(s, s.A.vec != nullptr ? s.A.vec[v] : v);
    uint32_t *bits = mbits + blockIdx.x * mwords;
    for (uint64_t e = blockIdx.y * (uint64_t)blockDim.x + threadIdx.x; e < mr.len;
         e += (uint64_t)gridDim.y * blockDim.x) {
        uint64_t j = mr.idx[e];
        if (mr.mstruct || gg_nonzero_bytes(mr.x + e * mr.size, mr.size))
            atomicOr(bits + (j >> 5), 1u << (j & 31));
    }
}

/* The list's terms, per_warp flops a warp (above); E: the list's entries of R, pf[E] = F; mbits
 * the mask's rows as bitmaps (split_mask_kernel), or nullptr to search the mask's rows. */
template <typename T, int ADD, int MUL, bool NUM>
__global__ void __launch_bounds__(GLOBAL_THREADS)
    split_kernel(sp s, spn<T> c, const uint64_t *eofs, const uint64_t *pf, uint64_t E,
                 uint64_t per_warp, const uint32_t *mbits, uint64_t mwords)
{
    uint64_t w = (blockIdx.x * (uint64_t)GLOBAL_THREADS + threadIdx.x) / 32;
    uint64_t F = pf[E], f = w * per_warp + (threadIdx.x & 31), f1 = (w + 1) * per_warp;
    if (f1 > F) f1 = F;
    if (f >= f1) return;
    /* the entry holding f: the last e with pf[e] <= f (an empty entry's pf is its successor's,
     * so the one found is not empty) */
    uint64_t e = gg_lower_bound(pf, E + 1, f + 1) - 1, k = s.nlist;
    uint64_t fe0 = 0, fe1 = 0, b0 = 0, k1 = 0, off = 0, S = 0;
    uint32_t v = 0;
    int shift = 0;
    mrow mr{};
    const uint32_t *mrow_bits = nullptr;
    T av{};
    unsigned mine = 0;
    for (; f < f1; f += 32) {
        if (f >= fe1) { /* the next entry with a term at f (f < pf[E]: one exists) */
            while (pf[e + 1] <= f) e++;
            if (k == s.nlist || e >= k1) { /* the row holding entry e: its table and mask row */
                if (!NUM && mine != 0)
                    atomicAdd(reinterpret_cast<unsigned long long *>(s.cnt + v),
                              (unsigned long long)mine);
                mine = 0;
                k = gg_lower_bound(eofs, s.nlist + 1, e + 1) - 1;
                k1 = eofs[k + 1];
                v = s.list[k];
                global_table(s, NUM, k, v, &off, &S, &shift);
                if (mbits == nullptr)
                    mr = mask_row(s, s.A.vec != nullptr ? s.A.vec[v] : v);
                else
                    mrow_bits = mbits + k * mwords;
            }
            uint64_t p = s.A.ptr[v] + (e - eofs[k]), b1;
            row_range(s.B, s.A.idx[p], &b0, &b1);
            fe0 = pf[e];
            fe1 = pf[e + 1];
            if constexpr (NUM)
                if (c.need_a) av = value_at<T>(s.A.x, p, s.A.code);
        }
        uint64_t q = b0 + (f - fe0);
        uint32_t j = (uint32_t)s.B.idx[q];
        bool in = mrow_bits != nullptr ? (mrow_bits[j >> 5] >> (j & 31) & 1) != s.mcomp
                                       : admits(mr, j);
        if (!in) continue;
        if (!NUM && s.gdense)
            mine += bitmap_term(s.wkeys + off, j);
        else
            mine += fold_term<T, ADD, MUL, NUM>(c, s.wkeys + off, NUM ? c.wvals + off : nullptr,
                                                S, shift, s.gdense, av,
                                                b_value<T, NUM>(s, c, q), j);
    }
    if (!NUM && mine != 0)
        atomicAdd(reinterpret_cast<unsigned long long *>(s.cnt + v), (unsigned long long)mine);
}

/* Whether a row of n entries goes to the tiled bin (when its symbolic pass gave its tiles'
 * counts). */
__device__ inline bool tiled_row(const sp &s, uint64_t n)
{
    return s.tslot != nullptr && n >= s.tmin && (double)n * s.tratio >= (double)s.ncols;
}

/* Bin 8, symbolic, when ncols bits fit shared memory: a block per row counts its columns in a
 * bitmap there, no global workspace. A row for the tiled bin then takes a slot (kept if a retry
 * counts it again) and writes its tiles' counts, a warp a tile: the columns it holds are the
 * cleared bits, and the bits past ncols stay set. A row finding the slots all taken stays out of
 * the bin. */
__global__ void __launch_bounds__(SBIT_THREADS) sbit_kernel(sp s)
{
    extern __shared__ __align__(16) unsigned char smem[];
    __shared__ unsigned fill;
    __shared__ uint32_t slot;
    uint32_t *bits = reinterpret_cast<uint32_t *>(smem);
    uint64_t words = (s.ncols + 31) / 32;
    for (uint64_t k = threadIdx.x; k < words; k += SBIT_THREADS) bits[k] = EMPTY;
    if (threadIdx.x == 0) fill = 0;
    __syncthreads();
    uint32_t v = s.list[blockIdx.x];
    bitmap_walk(s, v, bits, SBIT_THREADS, threadIdx.x, &fill);
    __syncthreads();
    if (!tiled_row(s, fill)) {
        if (threadIdx.x == 0) s.cnt[v] = fill;
        return;
    }
    if (threadIdx.x == 0) {
        s.cnt[v] = fill;
        uint32_t k = s.tslot[v];
        if (k == EMPTY) {
            unsigned long long n = atomicAdd(s.tnext, 1ULL);
            if (n < s.tcap) s.tslot[v] = k = (uint32_t)n;
        }
        slot = k;
    }
    __syncthreads();
    if (slot == EMPTY) return;
    int lane = threadIdx.x & 31;
    uint64_t per = s.tw / 32;
    for (uint32_t t = threadIdx.x / 32; t < s.ntiles; t += SBIT_THREADS / 32) {
        uint64_t w1 = std::min((t + 1) * per, words);
        unsigned n = 0;
        for (uint64_t w = t * per + lane; w < w1; w += 32) n += __popc(~bits[w]);
        for (int d = 16; d > 0; d /= 2) n += __shfl_down_sync(0xffffffffu, n, d);
        if (lane == 0) s.tcnt[(uint64_t)slot * s.ntiles + t] = n;
    }
}

/* Bin 7, numeric: a block per row writes its table's entries out. */
template <typename T> __global__ void __launch_bounds__(GLOBAL_THREADS) global_emit_kernel(spn<T> c)
{
    __shared__ unsigned fill;
    uint32_t v = c.list[blockIdx.x];
    uint64_t off = c.wofs[v] - c.wbase, S = c.wofs[v + 1] - c.wofs[v];
    if (threadIdx.x == 0) fill = 0;
    __syncthreads();
    emit(c, v, c.wkeys + off, c.wvals + off, S, GLOBAL_THREADS, threadIdx.x, &fill);
}

/* Bin 8, numeric, read out in column order: the wave's row blockIdx.x, its columns in tiles of
 * EMIT_TILE (blockIdx.y), a block per tile, so a wave of a few long rows still fills the device.
 * First each tile's occupied slots are counted (seg[row * tiles + tile]); then each tile's block
 * adds the counts of the tiles before it to the row's offset in T, places its occupied slots by a
 * block scan, writes them straight into T and clears them for the wave's next row. */
constexpr uint64_t EMIT_TILE = (uint64_t)GLOBAL_THREADS * EMIT_ITEMS;

/* The occupied flags of this thread's EMIT_ITEMS columns of the tile; their count. */
__device__ inline unsigned tile_flags(const sp &c, const uint32_t *keys, uint64_t k0,
                                      bool on[EMIT_ITEMS])
{
    unsigned n = 0;
#pragma unroll
    for (int e = 0; e < EMIT_ITEMS; e++) {
        on[e] = k0 + e < c.ncols && keys[k0 + e] != EMPTY;
        n += on[e];
    }
    return n;
}

__global__ void __launch_bounds__(GLOBAL_THREADS) dense_count_kernel(sp c, uint32_t *seg)
{
    __shared__ unsigned total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    bool on[EMIT_ITEMS];
    unsigned n = tile_flags(c, c.wkeys + blockIdx.x * c.ncols,
                            blockIdx.y * EMIT_TILE + threadIdx.x * EMIT_ITEMS, on);
    for (int d = 16; d > 0; d /= 2) n += __shfl_down_sync(0xffffffffu, n, d);
    if ((threadIdx.x & 31) == 0 && n != 0) atomicAdd(&total, n);
    __syncthreads();
    if (threadIdx.x == 0) seg[(uint64_t)blockIdx.x * gridDim.y + blockIdx.y] = total;
}

template <typename T>
__global__ void __launch_bounds__(GLOBAL_THREADS) dense_emit_kernel(spn<T> c, const uint32_t *seg)
{
    using scan_t = cub::BlockScan<unsigned, GLOBAL_THREADS>;
    __shared__ typename scan_t::TempStorage tmp;
    __shared__ unsigned long long before;
    const uint32_t *mine = seg + (uint64_t)blockIdx.x * gridDim.y;
    if (mine[blockIdx.y] == 0) return; /* the whole block: nothing to write or clear */
    if (threadIdx.x == 0) before = 0;
    __syncthreads();
    unsigned long long part = 0;
    for (unsigned t = threadIdx.x; t < blockIdx.y; t += GLOBAL_THREADS) part += mine[t];
    if (part != 0) atomicAdd(&before, part);
    __syncthreads();
    uint32_t v = c.list[blockIdx.x];
    uint64_t i = c.A.vec != nullptr ? c.A.vec[v] : v;
    uint32_t *keys = c.wkeys + blockIdx.x * c.ncols;
    T *vals = c.wvals + blockIdx.x * c.ncols;
    uint64_t k0 = blockIdx.y * EMIT_TILE + threadIdx.x * EMIT_ITEMS;
    bool on[EMIT_ITEMS];
    unsigned n = tile_flags(c, keys, k0, on), at;
    scan_t(tmp).ExclusiveSum(n, at);
    uint64_t out = c.rowptr[v] + before + at;
#pragma unroll
    for (int e = 0; e < EMIT_ITEMS; e++) {
        if (!on[e]) continue;
        if (c.trow != nullptr) c.trow[out] = i;
        c.tcol[out] = k0 + e;
        c.tx[out] = vals[k0 + e];
        out++;
        keys[k0 + e] = EMPTY;
        vals[k0 + e] = c.start;
    }
}

/* Bin 9, numeric: a block per tile of a row (blockIdx.x: the row in the list, blockIdx.y: the
 * tile, columns [lo, hi)), its values (from the start) and a presence bit per column in shared
 * memory: no keys, no hashing, no sort. The walk (for_terms over the tile's columns) folds each
 * admitted term into its column's slot and sets its bit; then the tile is read in column order
 * and written straight into T at the row's offset plus the counts of the tiles before it (from
 * the symbolic pass; a tile counted empty does nothing). Teams of a warp at least: a tiled row is
 * long (many entries of R), so there are warps enough, and a hub's S row (the long ones a
 * power-law row selects, which hold most of its terms) is strided by 32 lanes rather than walked
 * by one while the block waits for it at the barrier; a short S row's part of a tile leaves lanes
 * idle, but such a row holds few of the terms. Read-out: each warp takes a run of the bitmap's
 * words, counts them, adds the counts of the warps before it; then a word at a time its lanes
 * write the word's columns to consecutive places (coalesced). */
constexpr int TILED_THREADS = 1024, TILED_WARPS = TILED_THREADS / 32;
static_assert(TILED_WARPS == 32, "a warp adds the counts of the warps before it");

template <typename T, int ADD, int MUL>
__global__ void __launch_bounds__(TILED_THREADS) tiled_kernel(sp s, spn<T> c)
{
    extern __shared__ __align__(16) unsigned char smem[];
    __shared__ unsigned warp_n[TILED_WARPS];
    __shared__ unsigned long long out0;
    uint32_t v = s.list[blockIdx.x], t = blockIdx.y;
    const uint32_t *tc = s.tcnt + (uint64_t)s.tslot[v] * s.ntiles;
    if (tc[t] == 0) return; /* the whole block */
    uint64_t lo = (uint64_t)t * s.tw, hi = std::min(lo + s.tw, s.ncols), width = hi - lo;
    uint32_t words = (uint32_t)((width + 31) / 32);
    uint32_t *bits = reinterpret_cast<uint32_t *>(smem);
    T *vals = reinterpret_cast<T *>(smem + s.tw / 8);
    for (uint32_t k = threadIdx.x; k < words; k += TILED_THREADS) bits[k] = 0;
    for (uint32_t k = threadIdx.x; k < width; k += TILED_THREADS) vals[k] = c.start;
    if (threadIdx.x == 0) {
        uint64_t o = c.rowptr[v];
        for (uint32_t u = 0; u < t; u++) o += tc[u];
        out0 = o;
    }
    __syncthreads();
    for_terms<true>(
        s, v, TILED_THREADS, threadIdx.x, [&](uint64_t p) { return a_value<T, true>(s, c, p); },
        [](uint64_t) { return 0; },
        [&](T av, int, uint64_t q, uint32_t j) {
            uint32_t k = (uint32_t)(j - lo), bit = 1u << (k & 31), *w = bits + (k >> 5);
            fold_value<T, ADD, MUL>(c, vals + k, av, b_value<T, true>(s, c, q));
            if ((*reinterpret_cast<volatile uint32_t *>(w) & bit) == 0) atomicOr(w, bit);
        },
        32, lo, hi);
    __syncthreads();
    int warp = threadIdx.x / 32, lane = threadIdx.x & 31;
    uint32_t per = (words + TILED_WARPS - 1) / TILED_WARPS, w0 = std::min(warp * per, words),
             w1 = std::min(w0 + per, words);
    unsigned n = 0;
    for (uint32_t w = w0 + lane; w < w1; w += 32) n += __popc(bits[w]);
    for (int d = 16; d > 0; d /= 2) n += __shfl_xor_sync(0xffffffffu, n, d);
    if (lane == 0) warp_n[warp] = n;
    __syncthreads();
    unsigned before = lane < warp ? warp_n[lane] : 0;
    for (int d = 16; d > 0; d /= 2) before += __shfl_xor_sync(0xffffffffu, before, d);
    uint64_t at = out0 + before, i = s.A.vec != nullptr ? s.A.vec[v] : v;
    for (uint32_t w = w0; w < w1; w++) {
        uint32_t word = bits[w];
        if (word >> lane & 1) {
            uint64_t e = at + __popc(word & ((1u << lane) - 1));
            uint32_t k = w * 32 + lane;
            if (c.trow != nullptr) c.trow[e] = i;
            c.tcol[e] = lo + k;
            c.tx[e] = vals[k];
        }
        at += __popc(word);
    }
}

template <typename T> __global__ void fill_kernel(T *x, uint64_t n, T value)
{
    GG_VK_FOR(k, n) x[k] = value;
}

/* off[b] = the first position of the n >= 1 sorted bins holding b or more (NBINS + 1 offsets):
 * written where the sorted values step past b. */
__global__ void bin_offsets_kernel(const uint8_t *sorted, uint64_t n, uint32_t *off)
{
    GG_VK_FOR(p, n + 1)
    {
        int below = p == 0 ? -1 : sorted[p - 1], at = p == n ? NBINS : sorted[p];
        for (int b = below + 1; b <= at; b++) off[b] = (uint32_t)p;
    }
}

/* The largest v1 in [v0, nvec] whose chunk [v0, v1) costs at most budget bytes, with cost =
 * a * global words + b * entries (of ptr, when given) + per_vec * vectors (in double: the
 * word sums may pass 2^63). out[0] = v1, out[1] = its words, out[2] = its entries, out[3] and
 * out[4] the words and entries before it. */
__global__ void chunk_kernel(const uint64_t *wofs, const uint64_t *ptr, uint64_t nvec,
                             uint64_t v0, double a, double b, double per_vec, double budget,
                             uint64_t *out)
{
    auto cost = [&](uint64_t v1) {
        double c = a * (double)(wofs[v1] - wofs[v0]) + per_vec * (double)(v1 - v0);
        if (ptr != nullptr) c += b * (double)(ptr[v1] - ptr[v0]);
        return c;
    };
    /* the whole rest first: the usual case of one chunk then costs one evaluation, where the
     * search's 20 dependent steps for 1M vectors took 10 us a pass (ncu, grid1000, H200) */
    uint64_t lo = v0, hi = nvec;
    if (cost(nvec) <= budget) lo = nvec;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (cost(mid) <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    out[0] = lo;
    out[1] = wofs[lo] - wofs[v0];
    out[2] = ptr != nullptr ? ptr[lo] - ptr[v0] : 0;
    out[3] = wofs[v0];
    out[4] = ptr != nullptr ? ptr[v0] : 0;
}

/* The hash bin's rows as segments of the chunk's unordered output, for the segmented sort. */
__global__ void segments_kernel(const uint32_t *list, uint64_t n, const uint64_t *gptr,
                                uint64_t gbase, uint64_t *beg, uint64_t *end)
{
    GG_VK_FOR(k, n)
    {
        beg[k] = gptr[list[k]] - gbase;
        end[k] = gptr[list[k] + 1] - gbase;
    }
}

/* The hash bin's rows from their sorted output into T, a warp per row. */
template <typename T> __global__ void expand_kernel(spn<T> c, const uint32_t *scol, const T *sx)
{
    uint64_t w = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) / 32;
    if (w >= c.nlist) return;
    uint64_t v = c.list[w], i = c.A.vec != nullptr ? c.A.vec[v] : v;
    uint64_t t0 = c.rowptr[v], from = c.gptr[v] - c.gbase;
    for (uint64_t e = threadIdx.x & 31; t0 + e < c.rowptr[v + 1]; e += 32) {
        if (c.trow != nullptr) c.trow[t0 + e] = i;
        c.tcol[t0 + e] = scol[from + e];
        c.tx[t0 + e] = sx[from + e];
    }
}

__global__ void iota_kernel(uint32_t *x, uint64_t n, uint64_t v0)
{
    GG_VK_FOR(k, n) x[k] = (uint32_t)(v0 + k);
}

/* ---- host: binning, launches, passes --------------------------------------------------------- */

unsigned warp_blocks(uint64_t n)
{
    return (unsigned)((n * 32 + GG_VK_THREADS - 1) / GG_VK_THREADS);
}

/* One counted copy of `n` device words to the host. */
int fetch(uint64_t *host, const void *dev, size_t n)
{
    return GG_cuda_download(host, dev, n * sizeof(uint64_t)) ? GG_CUDA_VRC_OK : GG_CUDA_VRC_ERROR;
}

/* The vectors [v0, v1) grouped by bin: list (uint32, sorted by bin) and each bin's offsets. */
struct binning {
    uint64_t v0 = 0, v1 = 0;
    gg_dev_buf list;
    uint32_t off[NBINS + 1] = {};
};

/* count: the rows of [v0, v1) in each bin when the host has them (the tally), else nullptr. With
 * the counts the offsets are known (no bin_offsets_kernel, no download), and a range all in one
 * bin (grid1000: every row short) is listed in order with no sort. */
int bin_rows(binning &bn, const uint8_t *bin, uint64_t v0, uint64_t v1, cudaStream_t st,
             const uint64_t *count)
{
    if (bn.list.p != nullptr && bn.v0 == v0 && bn.v1 == v1) return GG_CUDA_VRC_OK;
    GG_cuda_free(bn.list.release());
    uint64_t n = v1 - v0;
    bool one = false;
    if (count != nullptr) {
        bn.off[0] = 0;
        for (int b = 0; b < NBINS; b++) {
            bn.off[b + 1] = bn.off[b] + (uint32_t)count[b];
            one = one || count[b] == n;
        }
    }
    gg_dev_buf keys, ids, off, tmp;
    /* on any failure the list goes too: left allocated, a retry of the same range (the whole-run
     * plan repeats it) would take its unwritten contents as the bins' rows */
    int rc = GG_CUDA_VRC_OK;
    if (!bn.list.get(n * 4) ||
        (!one && (!keys.get(n) || !ids.get(n * 4) || !off.get((NBINS + 1) * 4))))
        rc = GG_CUDA_VRC_NOMEM;
    if (rc == GG_CUDA_VRC_OK) {
        iota_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, st>>>(
            one ? bn.list.as<uint32_t>() : ids.as<uint32_t>(), n, v0);
        rc = gg_vk_launched();
    }
    size_t bytes = 0;
    if (rc == GG_CUDA_VRC_OK && !one)
        rc = gg_vk_rc(cub::DeviceRadixSort::SortPairs(nullptr, bytes, bin + v0, keys.as<uint8_t>(),
                                                      ids.as<uint32_t>(), bn.list.as<uint32_t>(),
                                                      (int64_t)n, 0, BIN_BITS, st));
    if (rc == GG_CUDA_VRC_OK && !one && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
    if (rc == GG_CUDA_VRC_OK && !one)
        rc = gg_vk_rc(cub::DeviceRadixSort::SortPairs(tmp.p, bytes, bin + v0, keys.as<uint8_t>(),
                                                      ids.as<uint32_t>(), bn.list.as<uint32_t>(),
                                                      (int64_t)n, 0, BIN_BITS, st));
    if (rc == GG_CUDA_VRC_OK && count == nullptr) {
        bin_offsets_kernel<<<gg_vk_blocks(n + 1), GG_VK_THREADS, 0, st>>>(keys.as<uint8_t>(), n,
                                                                          off.as<uint32_t>());
        rc = gg_vk_launched();
        if (rc == GG_CUDA_VRC_OK && !GG_cuda_download(bn.off, off.p, sizeof bn.off))
            rc = GG_CUDA_VRC_ERROR;
    }
    if (rc != GG_CUDA_VRC_OK) {
        GG_cuda_free(bn.list.release());
        return rc;
    }
    bn.v0 = v0;
    bn.v1 = v1;
    return GG_CUDA_VRC_OK;
}

/* x's list set to bin b's vectors [from, from + at most max); their count. */
uint64_t slice(const binning &bn, int b, sp &x, uint64_t from = 0, uint64_t max = ~0ULL)
{
    uint64_t n = bn.off[b + 1] - bn.off[b];
    x.list = bn.list.as<uint32_t>() + bn.off[b] + from;
    x.nlist = from >= n ? 0 : std::min(max, n - from);
    return x.nlist;
}

/* Bins 1..6 and the short bins of one pass over the binned chunk (NUM: the numeric pass, c its
 * parameters). */
template <typename T, int ADD, int MUL, bool NUM>
int run_small(const sp &s, const spn<T> &c, const binning &bn, cudaStream_t st)
{
    spn<T> cc = c;
    static_cast<sp &>(cc) = s;
    sp x = s;
    if (slice(bn, BIN_ONE, x) > 0)
        one_kernel<T, ADD, MUL, NUM><<<gg_vk_blocks(x.nlist), GG_VK_THREADS, 0, st>>>(x, cc);
    int rc = gg_vk_launched();
    auto shared = [&](auto kern, int k) {
        if (rc != GG_CUDA_VRC_OK || slice(bn, BIN_SHARED + k, x) == 0) return;
        int lanes = shared_lanes(k), threads = block_threads(lanes), per = threads / lanes;
        size_t bytes =
            (size_t)per * shared_slots(k) * (sizeof(uint32_t) + (NUM ? sizeof(T) : 0));
        rc = gg_vk_rc(
            cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
        if (rc != GG_CUDA_VRC_OK) return;
        kern<<<(unsigned)((x.nlist + per - 1) / per), threads, bytes, st>>>(x, cc);
        rc = gg_vk_launched();
    };
    static_assert(NSHARED == 5, "one launch per shared table");
    shared(shared_kernel<T, ADD, MUL, shared_slots(0), shared_lanes(0), NUM>, 0);
    shared(shared_kernel<T, ADD, MUL, shared_slots(1), shared_lanes(1), NUM>, 1);
    shared(shared_kernel<T, ADD, MUL, shared_slots(2), shared_lanes(2), NUM>, 2);
    shared(shared_kernel<T, ADD, MUL, shared_slots(3), shared_lanes(3), NUM>, 3);
    shared(shared_kernel<T, ADD, MUL, shared_slots(4), shared_lanes(4), NUM>, 4);
    auto short_rows = [&](auto kern, int k) {
        if (rc != GG_CUDA_VRC_OK || slice(bn, BIN_SHORT + k, x) == 0) return;
        unsigned per = SHORT_THREADS / short_lanes(k);
        kern<<<(unsigned)((x.nlist + per - 1) / per), SHORT_THREADS, 0, st>>>(x, cc);
        rc = gg_vk_launched();
    };
    static_assert(NSHORT == 3, "one launch per short table");
    short_rows(short_kernel<T, ADD, MUL, short_slots(0), short_lanes(0), NUM>, 0);
    short_rows(short_kernel<T, ADD, MUL, short_slots(1), short_lanes(1), NUM>, 1);
    short_rows(short_kernel<T, ADD, MUL, short_slots(2), short_lanes(2), NUM>, 2);
    return rc;
}

/* out[0, n) = the exclusive scan of in[0, n) (64-bit words). */
int scan(const uint64_t *in, uint64_t *out, uint64_t n, cudaStream_t st)
{
    size_t bytes = 0;
    int rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, out, (int64_t)n, st));
    gg_dev_buf tmp;
    if (rc == GG_CUDA_VRC_OK && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
    if (rc == GG_CUDA_VRC_OK)
        rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(tmp.p, bytes, in, out, (int64_t)n, st));
    return rc;
}

/* split_kernel over x's list: how many rows a list may have to take it (fewer rows than the SMs
 * hold blocks of GLOBAL_THREADS at once, so a block per row, global_kernel's least, could not
 * fill the device; assumed 2048 resident threads an SM, as on the A100, H100 and H200: 528
 * blocks on an H100's 132 SMs), the least terms a thread takes (a warp's range then spans a few
 * short S rows, so the entry search and steps are a small part of its work), and the most
 * blocks, a few waves of what the device holds at once (unmeasured guesses, 2026-11-26).
 * BC on RMAT-20 (n = 2^20, 31M entries): its heaviest product, 4 rows with up to 31M terms in
 * all, gets the cap of 2112 blocks (31M / (512 * 16) = 3800 wanted), about 29 terms a thread.
 * The mask's rows become bitmaps up to SPLIT_MASK_MB in all (BC: 4 x 128 KB, held in L2). */
constexpr int SPLIT_TERMS = 16, SPLIT_WAVES = 4, SPLIT_LEN_BLOCKS = 64;
constexpr double SPLIT_MASK_MB = 64;

uint64_t split_resident(void)
{
    return (uint64_t)tune().sms * (2048 / GLOBAL_THREADS);
}

/* The list's flop numbering (eofs, pf) and split_kernel; NOMEM (before any table is touched) when
 * its arrays (two words per entry of R of the list's rows) do not fit. */
template <typename T, int ADD, int MUL, bool NUM>
int launch_split(const sp &x, const spn<T> &cc, cudaStream_t st)
{
    uint64_t n = x.nlist, E = 0, F = 0;
    gg_dev_buf rlen, eofs, flen, pf;
    if (!rlen.get((n + 1) * 8) || !eofs.get((n + 1) * 8)) return GG_CUDA_VRC_NOMEM;
    split_rows_kernel<<<gg_vk_blocks(n + 1), GG_VK_THREADS, 0, st>>>(x, rlen.as<uint64_t>());
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) rc = scan(rlen.as<uint64_t>(), eofs.as<uint64_t>(), n + 1, st);
    if (rc == GG_CUDA_VRC_OK) rc = fetch(&E, eofs.as<uint64_t>() + n, 1);
    if (rc != GG_CUDA_VRC_OK || E == 0) return rc;
    if (!flen.get((E + 1) * 8) || !pf.get((E + 1) * 8)) return GG_CUDA_VRC_NOMEM;
    rc = gg_vk_rc(cudaMemsetAsync(flen.as<uint64_t>() + E, 0, 8, st));
    if (rc == GG_CUDA_VRC_OK) {
        split_len_kernel<<<dim3((unsigned)n, SPLIT_LEN_BLOCKS), GG_VK_THREADS, 0, st>>>(
            x, eofs.as<uint64_t>(), flen.as<uint64_t>());
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK) rc = scan(flen.as<uint64_t>(), pf.as<uint64_t>(), E + 1, st);
    if (rc == GG_CUDA_VRC_OK) rc = fetch(&F, pf.as<uint64_t>() + E, 1);
    if (rc != GG_CUDA_VRC_OK || F == 0) return rc;
    /* the mask's rows as bitmaps when they take at most SPLIT_MASK_MB (else, or when they do not
     * fit, the search per term) */
    gg_dev_buf mbits;
    uint64_t mwords = (x.ncols + 31) / 32;
    if (x.has_mask && (double)n * mwords * 4 <= SPLIT_MASK_MB * 1e6 && mbits.get(n * mwords * 4)) {
        rc = gg_vk_rc(cudaMemsetAsync(mbits.p, 0, n * mwords * 4, st));
        if (rc == GG_CUDA_VRC_OK) {
            split_mask_kernel<<<dim3((unsigned)n, SPLIT_LEN_BLOCKS), GG_VK_THREADS, 0, st>>>(
                x, mbits.as<uint32_t>(), mwords);
            rc = gg_vk_launched();
        }
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    constexpr uint64_t WARPS = GLOBAL_THREADS / 32, BLOCK_TERMS = GLOBAL_THREADS * SPLIT_TERMS;
    uint64_t blocks = std::min((F + BLOCK_TERMS - 1) / BLOCK_TERMS, SPLIT_WAVES * split_resident());
    uint64_t per_warp = (F + blocks * WARPS - 1) / (blocks * WARPS);
    blocks = (F + per_warp * WARPS - 1) / (per_warp * WARPS); /* no block left without terms */
    split_kernel<T, ADD, MUL, NUM><<<(unsigned)blocks, GLOBAL_THREADS, 0, st>>>(
        x, cc, eofs.as<uint64_t>(), pf.as<uint64_t>(), E, per_warp, mbits.as<uint32_t>(),
        mwords);
    return gg_vk_launched();
}

/* The global kernels over x's list (x.gdense set): split_kernel for a list of few rows (counted
 * into *split), falling back to global_kernel when its arrays do not fit; else global_kernel with
 * a power of two of blocks per row for about GLOBAL_BLOCKS in all (unmeasured). */
template <typename T, int ADD, int MUL, bool NUM>
int launch_global(const sp &x, const spn<T> &c, cudaStream_t st, uint64_t *split)
{
    spn<T> cc = c;
    static_cast<sp &>(cc) = x;
    if (x.nlist <= split_resident()) {
        int rc = launch_split<T, ADD, MUL, NUM>(x, cc, st);
        if (rc != GG_CUDA_VRC_NOMEM) {
            if (rc == GG_CUDA_VRC_OK) *split += x.nlist;
            return rc;
        }
    }
    unsigned per_row = 1;
    while (per_row < 64 && per_row * 2 * x.nlist <= GLOBAL_BLOCKS) per_row *= 2;
    global_kernel<T, ADD, MUL, NUM>
        <<<dim3((unsigned)x.nlist, per_row), GLOBAL_THREADS, 0, st>>>(x, cc);
    return gg_vk_launched();
}

/* What one run holds across its passes. */
struct run_state {
    sp s;
    uint64_t nvec, ndense = 0;
    cudaStream_t st;
    gg_dev_buf bin, wofs, cnt, rowptr, gptr, words, tslot, tcnt;
    binning bn;
    /* the last tally downloaded (fetch_tally); counted: the passes use it (tuning::bincount) */
    bool counted = false;
    uint64_t flops = 0, count[NBINS] = {}, twords = 0, tentries = 0;
};

/* The run's words downloaded: meta's flops and the last tally (meta's or rebin's). */
int fetch_tally(run_state &r)
{
    uint64_t h[NWORDS];
    int rc = fetch(h, r.words.p, NWORDS);
    if (rc != GG_CUDA_VRC_OK) return rc;
    r.flops = h[W_FLOPS];
    memcpy(r.count, h + W_TALLY, sizeof r.count);
    r.twords = h[W_TWORDS];
    r.tentries = h[W_TENTRIES];
    r.counted = tune().bincount;
    return rc;
}

/* The tally's bin counts for bin_rows when the chunk [v0, v1) is the whole run. */
const uint64_t *whole(const run_state &r, uint64_t v0, uint64_t v1)
{
    return r.counted && v0 == 0 && v1 == r.nvec ? r.count : nullptr;
}

/* ---- the tiled bin --------------------------------------------------------------------------- */

/* The most tiles a row may have (each tile walks all of the row's entries of R once), and the
 * narrowest tile the device must hold for the bin to be on. */
constexpr uint64_t TILED_MAX_TILES = 64, TILED_MIN_COLS = 2048;

/* The tile's columns for values of vsize bytes: the largest power of two whose values and presence
 * bits fit the device's opt-in shared memory (0 when that is below TILED_MIN_COLS), halved while
 * above the cap (down to 1024, which the tests use to get many tiles). */
uint64_t tiled_width(size_t vsize, double cap)
{
    uint64_t fit = 0;
    for (uint64_t w = 1024; w * vsize + w / 8 + 1024 <= (uint64_t)tune().optin; w *= 2) fit = w;
    if (fit < TILED_MIN_COLS) return 0;
    while (fit > 1024 && (double)fit > cap) fit /= 2;
    return fit;
}

/* The tiled bin set up for a run with values of vsize bytes, after meta (whose flops bound its
 * rows): on when its ratio is positive, the symbolic pass counts rows in shared bitmaps (its tile
 * counts come from them), the tile fits and a row has at most TILED_MAX_TILES of them; off as well
 * when its arrays do not fit (the run is the same without it). A narrow product takes one tile of
 * the least power of two of columns that holds it. Its rows: at least ncols / ratio entries and
 * more than the numeric pass's 1024-slot table holds (a block of its own, like those it replaces),
 * a slot each among at most flops * ratio / ncols (a row has no more entries than terms). */
int tiled_setup(run_state &r, size_t vsize)
{
    const tuning &t = tune();
    bool hook = tiled_hook_ratio >= 0;
    double ratio = hook ? tiled_hook_ratio : t.tiled;
    double cap = hook && tiled_hook_cols != 0 ? (double)tiled_hook_cols : t.tiled_cols;
    uint64_t w = ratio > 0 && r.s.sbit ? tiled_width(vsize, cap) : 0, n = r.s.ncols;
    if (w == 0) return GG_CUDA_VRC_OK;
    while (w / 2 >= 1024 && w / 2 >= n) w /= 2;
    uint64_t tiles = (n + w - 1) / w, flops = r.flops;
    if (tiles > TILED_MAX_TILES) return GG_CUDA_VRC_OK;
    int rc = r.counted ? GG_CUDA_VRC_OK : fetch(&flops, r.words.as<uint64_t>() + W_FLOPS, 1);
    if (rc != GG_CUDA_VRC_OK) return rc;
    uint64_t rows = (uint64_t)std::min((double)r.nvec, std::floor((double)flops * ratio / n) + 1);
    if (!r.tslot.get(r.nvec * 4) || !r.tcnt.get(rows * tiles * 4)) {
        GG_cuda_free(r.tslot.release());
        GG_cuda_free(r.tcnt.release());
        return GG_CUDA_VRC_OK;
    }
    unsigned long long *next =
        reinterpret_cast<unsigned long long *>(r.words.as<uint64_t>() + W_TNEXT);
    rc = gg_vk_rc(cudaMemsetAsync(r.tslot.p, 0xff, r.nvec * 4, r.st));
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(next, 0, 8, r.st));
    if (rc != GG_CUDA_VRC_OK) return rc;
    r.s.tslot = r.tslot.as<uint32_t>();
    r.s.tcnt = r.tcnt.as<uint32_t>();
    r.s.tnext = next;
    r.s.tcap = rows;
    r.s.tmin = (uint64_t)(t.fill * shared_slots(2)) + 1;
    r.s.tratio = ratio;
    r.s.tw = (uint32_t)w;
    r.s.ntiles = (uint32_t)tiles;
    return GG_CUDA_VRC_OK;
}

/* The tiled bin's rows of x's list (tiled_kernel), a block per tile. */
template <typename T, int ADD, int MUL>
int launch_tiled(const sp &x, const spn<T> &c, cudaStream_t st)
{
    spn<T> cc = c;
    static_cast<sp &>(cc) = x;
    size_t bytes = x.tw / 8 + (size_t)x.tw * sizeof(T);
    auto kern = tiled_kernel<T, ADD, MUL>;
    int rc = gg_vk_rc(
        cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
    if (rc != GG_CUDA_VRC_OK) return rc;
    kern<<<dim3((unsigned)x.nlist, x.ntiles), TILED_THREADS, bytes, st>>>(x, cc);
    return gg_vk_launched();
}

/* A chunk of vectors [v0, v1) and where its workspace and output start. */
struct chunk {
    uint64_t v1, words, nnz, wbase, base; /* nnz and base: of the plan's ptr (numeric: gptr) */
};

/* The next chunk from v0 under budget (a, b, per_vec as chunk_kernel); at least one vector. The
 * whole run when the tally gives its cost and it fits: no chunk_kernel and no download. */
int plan(run_state &r, bool numeric, uint64_t v0, double a, double b, double per_vec, double budget,
         chunk *ch)
{
    uint64_t entries = numeric ? r.tentries : 0;
    if (r.counted && v0 == 0 &&
        a * (double)r.twords + b * (double)entries + per_vec * (double)r.nvec <= budget) {
        *ch = chunk{r.nvec, r.twords, entries, 0, 0};
        return GG_CUDA_VRC_OK;
    }
    const uint64_t *ptr = numeric ? r.gptr.as<uint64_t>() : nullptr;
    uint64_t *out = r.words.as<uint64_t>() + W_CHUNK;
    chunk_kernel<<<1, 1, 0, r.st>>>(r.wofs.as<uint64_t>(), ptr, r.nvec, v0, a, b, per_vec,
                                    budget, out);
    uint64_t h[5];
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) rc = fetch(h, out, 5);
    if (rc == GG_CUDA_VRC_OK && h[0] == v0) {
        /* one vector over the budget: try it alone, its allocations decide */
        chunk_kernel<<<1, 1, 0, r.st>>>(r.wofs.as<uint64_t>(), ptr, v0 + 1, v0, a, b, per_vec,
                                        1e300, out);
        rc = gg_vk_launched();
        if (rc == GG_CUDA_VRC_OK) rc = fetch(h, out, 5);
    }
    *ch = chunk{h[0], h[1], h[2], h[3], h[4]};
    return rc;
}

/* Workspace a pass may plan for: what is available now, less a margin for the allocator's
 * rounding and CUB's small temporaries, under the tunable's or the tests' cap. */
double budget_now(void)
{
    double avail = (double)GG_cuda_pool_available() * 0.9 - (double)(1 << 20);
    double cap = workspace_hook != 0 ? (double)workspace_hook : tune().workspace;
    return cap > 0 ? std::min(avail, cap) : avail;
}

/* Bytes of workspace per vector of a chunk (bin list, sort keys, offsets), either pass. */
constexpr double PER_VEC = 48;

int symbolic(run_state &r, GG_cuda_saxpy_stats *stats)
{
    double budget = budget_now();
    spn<float> none{};
    size_t sbit_bytes = (size_t)(r.s.ncols + 31) / 32 * 4;
    for (uint64_t v0 = 0; v0 < r.nvec;) {
        chunk ch;
        int rc = plan(r, false, v0, sizeof(uint32_t), 0, PER_VEC, budget, &ch);
        if (rc != GG_CUDA_VRC_OK) return rc;
        rc = bin_rows(r.bn, r.bin.as<uint8_t>(), v0, ch.v1, r.st, whole(r, v0, ch.v1));
        gg_dev_buf wkeys;
        if (rc == GG_CUDA_VRC_OK && ch.words > 0) {
            /* hash keys EMPTY, bitmaps all set: both all ones */
            rc = wkeys.get(ch.words * 4)
                     ? gg_vk_rc(cudaMemsetAsync(wkeys.p, 0xff, ch.words * 4, r.st))
                     : GG_CUDA_VRC_NOMEM;
        }
        sp s = r.s;
        s.wbase = ch.wbase;
        s.wkeys = wkeys.as<uint32_t>();
        if (rc == GG_CUDA_VRC_OK) rc = run_small<float, 0, 0, false>(s, none, r.bn, r.st);
        sp x = s;
        x.gdense = false;
        if (rc == GG_CUDA_VRC_OK && slice(r.bn, BIN_HASH, x) > 0)
            rc = launch_global<float, 0, 0, false>(x, none, r.st, &stats->split_rows);
        x.gdense = true;
        if (rc == GG_CUDA_VRC_OK && slice(r.bn, BIN_DENSE, x) > 0) {
            if (r.s.sbit) {
                rc = gg_vk_rc(cudaFuncSetAttribute(
                    sbit_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)sbit_bytes));
                if (rc == GG_CUDA_VRC_OK) {
                    sbit_kernel<<<(unsigned)x.nlist, SBIT_THREADS, sbit_bytes, r.st>>>(x);
                    rc = gg_vk_launched();
                }
            } else {
                rc = launch_global<float, 0, 0, false>(x, none, r.st, &stats->split_rows);
            }
        }
        if (rc == GG_CUDA_VRC_NOMEM && ch.v1 - v0 > 1) { /* the plan was optimistic: halve it */
            budget /= 2;
            continue;
        }
        if (rc != GG_CUDA_VRC_OK) return rc;
        stats->chunks_symbolic++;
        v0 = ch.v1;
    }
    return GG_CUDA_VRC_OK;
}

/* The dense rows' tables: as many rows at a time as the wave tunable (at most half the budget,
 * at least one row) allows, keys EMPTY and values the start; *budget loses their bytes. */
template <typename T>
int dense_tables(run_state &r, const T &start, double *budget, gg_dev_buf &keys, gg_dev_buf &vals,
                 uint64_t *rows)
{
    uint64_t n = r.s.ncols;
    double row_bytes = (double)n * (sizeof(uint32_t) + sizeof(T));
    double want = std::min(tune().wave, 0.5 * *budget);
    uint64_t w = (uint64_t)std::max(1.0, std::min((double)r.ndense, std::floor(want / row_bytes)));
    while (!keys.get(w * n * 4) || !vals.get(w * n * sizeof(T))) {
        GG_cuda_free(keys.release());
        GG_cuda_free(vals.release());
        if (w == 1) return GG_CUDA_VRC_NOMEM;
        w /= 2;
    }
    int rc = gg_vk_rc(cudaMemsetAsync(keys.p, 0xff, w * n * 4, r.st));
    if (rc == GG_CUDA_VRC_OK) {
        fill_kernel<T><<<gg_vk_blocks(w * n), GG_VK_THREADS, 0, r.st>>>(vals.as<T>(), w * n, start);
        rc = gg_vk_launched();
    }
    *rows = w;
    *budget -= (double)w * row_bytes;
    return rc;
}

template <typename T, int ADD, int MUL>
int numeric(run_state &r, const GG_cuda_saxpy *p, GG_cuda_tuples *T_out, GG_cuda_saxpy_stats *stats)
{
    spn<T> c{};
    c.add = p->add_op;
    c.mul = p->mul_op;
    memcpy(&c.start, p->start, sizeof(T));
    /* FIRST reads only A, SECOND only B, ONEB neither; ANY is SECOND on the device */
    c.need_a = !(p->mul_op == GG_CUDA_OP_SECOND || p->mul_op == GG_CUDA_OP_ONEB ||
                 p->mul_op == GG_CUDA_OP_ANY);
    c.need_b = !(p->mul_op == GG_CUDA_OP_FIRST || p->mul_op == GG_CUDA_OP_ONEB);
    double budget = budget_now();
    gg_dev_buf dkeys, dvals, dseg;
    uint64_t wave = 0, tiles = (r.s.ncols + EMIT_TILE - 1) / EMIT_TILE;
    if (r.ndense > 0) {
        int rc = dense_tables<T>(r, c.start, &budget, dkeys, dvals, &wave);
        if (rc == GG_CUDA_VRC_OK && !dseg.get(wave * tiles * 4)) rc = GG_CUDA_VRC_NOMEM;
        if (rc != GG_CUDA_VRC_OK) return rc;
        stats->wave_rows = wave;
    }
    const double a = sizeof(uint32_t) + sizeof(T);
    /* per entry of a hash row: unordered keys and values, sorted keys and values, and the sort's
     * own double buffer; the other bins write T in place */
    const double b = 3 * (sizeof(uint32_t) + sizeof(T));
    for (uint64_t v0 = 0; v0 < r.nvec;) {
        chunk ch;
        int rc = plan(r, true, v0, a, b, PER_VEC, budget, &ch);
        if (rc != GG_CUDA_VRC_OK) return rc;
        uint64_t nc = ch.v1 - v0, g6 = ch.nnz; /* g6: the hash rows' entries */
        rc = bin_rows(r.bn, r.bin.as<uint8_t>(), v0, ch.v1, r.st, whole(r, v0, ch.v1));
        sp s = r.s;
        s.wbase = ch.wbase;
        s.gbase = ch.base;
        s.trow = T_out->row;
        s.tcol = T_out->col;
        c.tx = static_cast<T *>(T_out->x);
        if (rc == GG_CUDA_VRC_OK) rc = run_small<T, ADD, MUL, true>(s, c, r.bn, r.st);
        sp x = s; /* the tiled rows (counted once the chunk is done: a retry runs them again) */
        uint64_t tiled = rc == GG_CUDA_VRC_OK ? slice(r.bn, BIN_TILED, x) : 0;
        if (tiled > 0) rc = launch_tiled<T, ADD, MUL>(x, c, r.st);
        /* the hash rows: tables, their unordered output, one segmented sort, T */
        sp h = s;
        h.gdense = false;
        uint64_t n6 = rc == GG_CUDA_VRC_OK ? slice(r.bn, BIN_HASH, h) : 0;
        gg_dev_buf wkeys, wvals, ocol, ox, scol, sx, seg, tmp;
        if (n6 > 0 && (!wkeys.get(ch.words * 4) || !wvals.get(ch.words * sizeof(T)) ||
                       !ocol.get(g6 * 4) || !ox.get(g6 * sizeof(T)) || !scol.get(g6 * 4) ||
                       !sx.get(g6 * sizeof(T)) || !seg.get(2 * n6 * 8)))
            rc = GG_CUDA_VRC_NOMEM;
        if (rc == GG_CUDA_VRC_OK && n6 > 0) {
            h.wkeys = wkeys.as<uint32_t>();
            h.ocol = ocol.as<uint32_t>();
            spn<T> e = c;
            static_cast<sp &>(e) = h;
            e.wvals = wvals.as<T>();
            e.ox = ox.as<T>();
            rc = gg_vk_rc(cudaMemsetAsync(wkeys.p, 0xff, ch.words * 4, r.st));
            if (rc == GG_CUDA_VRC_OK) {
                fill_kernel<T><<<gg_vk_blocks(ch.words), GG_VK_THREADS, 0, r.st>>>(
                    e.wvals, ch.words, c.start);
                rc = gg_vk_launched();
            }
            if (rc == GG_CUDA_VRC_OK)
                rc = launch_global<T, ADD, MUL, true>(h, e, r.st, &stats->split_rows);
            if (rc == GG_CUDA_VRC_OK) {
                global_emit_kernel<T><<<(unsigned)n6, GLOBAL_THREADS, 0, r.st>>>(e);
                rc = gg_vk_launched();
            }
            GG_cuda_free(wkeys.release()); /* the tables are done with (stream-ordered) */
            GG_cuda_free(wvals.release());
            uint64_t *beg = seg.as<uint64_t>(), *end = beg + n6;
            if (rc == GG_CUDA_VRC_OK) {
                segments_kernel<<<gg_vk_blocks(n6), GG_VK_THREADS, 0, r.st>>>(
                    h.list, n6, r.gptr.as<uint64_t>(), ch.base, beg, end);
                rc = gg_vk_launched();
            }
            size_t bytes = 0;
            if (rc == GG_CUDA_VRC_OK)
                rc = gg_vk_rc(cub::DeviceSegmentedSort::SortPairs(
                    nullptr, bytes, ocol.as<uint32_t>(), scol.as<uint32_t>(), ox.as<T>(),
                    sx.as<T>(), (int64_t)g6, (int64_t)n6, beg, end, r.st));
            if (rc == GG_CUDA_VRC_OK && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
            if (rc == GG_CUDA_VRC_OK)
                rc = gg_vk_rc(cub::DeviceSegmentedSort::SortPairs(
                    tmp.p, bytes, ocol.as<uint32_t>(), scol.as<uint32_t>(), ox.as<T>(),
                    sx.as<T>(), (int64_t)g6, (int64_t)n6, beg, end, r.st));
            if (rc == GG_CUDA_VRC_OK) {
                expand_kernel<T><<<warp_blocks(n6), GG_VK_THREADS, 0, r.st>>>(
                    e, scol.as<uint32_t>(), sx.as<T>());
                rc = gg_vk_launched();
            }
        }
        /* the dense rows, a wave at a time: each table cleared as its row is read out */
        sp d = s;
        d.gdense = true;
        d.wkeys = dkeys.as<uint32_t>();
        spn<T> dc = c;
        dc.wvals = dvals.as<T>();
        for (uint64_t w = 0; rc == GG_CUDA_VRC_OK && slice(r.bn, BIN_DENSE, d, w, wave) > 0;
             w += wave) {
            static_cast<sp &>(dc) = d;
            rc = launch_global<T, ADD, MUL, true>(d, dc, r.st, &stats->split_rows);
            dim3 grid((unsigned)d.nlist, (unsigned)tiles);
            if (rc == GG_CUDA_VRC_OK) {
                dense_count_kernel<<<grid, GLOBAL_THREADS, 0, r.st>>>(d, dseg.as<uint32_t>());
                rc = gg_vk_launched();
            }
            if (rc == GG_CUDA_VRC_OK) {
                dense_emit_kernel<T><<<grid, GLOBAL_THREADS, 0, r.st>>>(dc, dseg.as<uint32_t>());
                rc = gg_vk_launched();
            }
            stats->waves++;
        }
        if (rc == GG_CUDA_VRC_NOMEM && nc > 1) {
            budget /= 2;
            continue;
        }
        if (rc != GG_CUDA_VRC_OK) return rc;
        stats->chunks_numeric++;
        stats->tiled_rows += tiled;
        stats->short_rows += r.bn.off[BIN_SHORT + NSHORT] - r.bn.off[BIN_SHORT];
        v0 = ch.v1;
    }
    return GG_CUDA_VRC_OK;
}

/* out[0, nvec] = the exclusive scan of in[0, nvec], or zeros when the tally says their sum is 0. */
int zero_or_scan(const run_state &r, const uint64_t *in, uint64_t *out, uint64_t sum)
{
    if (r.counted && sum == 0) return gg_vk_rc(cudaMemsetAsync(out, 0, (r.nvec + 1) * 8, r.st));
    return scan(in, out, r.nvec + 1, r.st);
}

__global__ void narrow_kernel(const uint64_t *in, uint32_t *out, uint64_t n)
{
    GG_VK_FOR(k, n) out[k] = (uint32_t)in[k];
}

/* The scan of the symbolic counts into T's offsets and T's size; the rows placed again by their
 * counts (numeric bins, global slots, the hash rows' output offsets); T's arrays. */
int allocate_result(run_state &r, GG_cuda_tuples *T, int code, bool csr, GG_cuda_saxpy_stats *stats)
{
    uint64_t *cnt = r.cnt.as<uint64_t>(), *rowptr = r.rowptr.as<uint64_t>();
    int rc = scan(cnt, rowptr, r.nvec + 1, r.st);
    uint64_t h[2] = {0, r.flops};
    if (rc == GG_CUDA_VRC_OK) rc = fetch(h, rowptr + r.nvec, 1);
    if (rc == GG_CUDA_VRC_OK && !r.counted)
        rc = fetch(h + 1, r.words.as<uint64_t>() + W_FLOPS, 1);
    if (rc != GG_CUDA_VRC_OK) return rc;
    stats->nnz = h[0];
    stats->flops = h[1];
    if (h[0] >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    if (h[0] == 0) return GG_CUDA_VRC_OK;
    /* the numeric placement: shared tables by the values' size, the fill tunable */
    r.s.top = shared_top(gg_size_of(code));
    r.s.fill = (float)tune().fill;
    gg_dev_buf wlen;
    uint64_t *tot = r.words.as<uint64_t>();
    if (!wlen.get((r.nvec + 1) * 8)) return GG_CUDA_VRC_NOMEM;
    rc = gg_vk_rc(cudaMemsetAsync(tot + W_TALLY, 0, (NWORDS - W_TALLY) * 8, r.st));
    if (rc == GG_CUDA_VRC_OK) {
        rebin_kernel<<<gg_vk_blocks(r.nvec + 1), GG_VK_THREADS, 0, r.st>>>(
            r.s, r.nvec, r.bin.as<uint8_t>(), wlen.as<uint64_t>(),
            reinterpret_cast<unsigned long long *>(tot));
        rc = gg_vk_launched();
    }
    /* the tally before the scans (the one download this step always made): with no hash row
     * every count left and every slot is 0, so both scans are zeros (12 us each on grid1000) */
    if (rc == GG_CUDA_VRC_OK) rc = fetch_tally(r);
    r.ndense = r.count[BIN_DENSE];
    if (rc == GG_CUDA_VRC_OK) rc = zero_or_scan(r, cnt, r.gptr.as<uint64_t>(), r.tentries);
    if (rc == GG_CUDA_VRC_OK) rc = zero_or_scan(r, wlen.as<uint64_t>(), r.wofs.as<uint64_t>(), r.twords);
    if (rc != GG_CUDA_VRC_OK) return rc;
    GG_cuda_free(r.bn.list.release()); /* the symbolic pass's bins are stale */
    /* the counts are in rowptr and gptr now, and the numeric kernels write none: 8 bytes a row
     * less at the numeric pass's peak (stream-ordered, after the scans) */
    GG_cuda_free(r.cnt.release());
    r.s.cnt = nullptr;
    GG_cuda_free(wlen.release());
    gg_dev_buf row, col, x;
    if ((!csr && !row.get(h[0] * 4)) || !col.get(h[0] * 4) || !x.get(h[0] * gg_size_of(code)))
        return GG_CUDA_VRC_NOMEM;
    T->n = h[0];
    T->row = static_cast<uint32_t *>(row.release());
    T->col = static_cast<uint32_t *>(col.release());
    T->x = x.release();
    return GG_CUDA_VRC_OK;
}

/* The numeric pass with the semiring specialised where it is one of the hot ones (compile-time
 * opcodes let the multiply and the atomic fold inline), else with run-time opcodes. Each
 * specialisation is ten more kernels (compile time), so only the hot types get one. */
template <typename T>
int numeric_typed(run_state &r, const GG_cuda_saxpy *p, GG_cuda_tuples *T_out,
                  GG_cuda_saxpy_stats *st)
{
    int add = p->add_op, mul = p->mul_op;
    if constexpr (std::is_floating_point_v<T>) {
        if (add == GG_CUDA_OP_PLUS && mul == GG_CUDA_OP_TIMES)
            return numeric<T, GG_CUDA_OP_PLUS, GG_CUDA_OP_TIMES>(r, p, T_out, st);
        if (add == GG_CUDA_OP_MIN && mul == GG_CUDA_OP_PLUS)
            return numeric<T, GG_CUDA_OP_MIN, GG_CUDA_OP_PLUS>(r, p, T_out, st);
        if (std::is_same_v<T, double> && add == GG_CUDA_OP_PLUS && mul == GG_CUDA_OP_FIRST)
            return numeric<double, GG_CUDA_OP_PLUS, GG_CUDA_OP_FIRST>(r, p, T_out, st); /* BC */
    } else if constexpr (std::is_same_v<T, bool>) {
        if (add == GG_CUDA_OP_LOR && mul == GG_CUDA_OP_LAND)
            return numeric<T, GG_CUDA_OP_LOR, GG_CUDA_OP_LAND>(r, p, T_out, st);
        if (add == GG_CUDA_OP_ANY && mul == GG_CUDA_OP_ONEB)
            return numeric<T, GG_CUDA_OP_ANY, GG_CUDA_OP_ONEB>(r, p, T_out, st);
    } else if constexpr (std::is_same_v<T, int64_t>) {
        if (add == GG_CUDA_OP_PLUS && mul == GG_CUDA_OP_ONEB) /* PLUS_PAIR */
            return numeric<T, GG_CUDA_OP_PLUS, GG_CUDA_OP_ONEB>(r, p, T_out, st);
    }
    return numeric<T, 0, 0>(r, p, T_out, st);
}

} // namespace

extern "C" void GG_cuda_spgemm_set_workspace(size_t bytes)
{
    workspace_hook = bytes;
}

extern "C" void GG_cuda_spgemm_set_tiled(double ratio, uint32_t cols)
{
    tiled_hook_ratio = ratio;
    tiled_hook_cols = cols;
}

extern "C" uint64_t GG_cuda_spgemm_last_tiled(void)
{
    return last_tiled;
}

extern "C" void GG_cuda_spgemm_set_short(int on)
{
    short_hook = on;
}

extern "C" uint64_t GG_cuda_spgemm_last_short(void)
{
    return last_short;
}

/* The product into T, or with ptr (R not hypersparse) into CSR32: T's columns and values and
 * *ptr the symbolic pass's offsets narrowed to 32 bits (T's rows not written). */
static int run(GG_cuda_tuples *T, uint32_t **ptr, const GG_cuda_saxpy *p, GG_cuda_saxpy_stats *stats)
{
    *T = GG_cuda_tuples{};
    *stats = GG_cuda_saxpy_stats{};
    last_tiled = 0;
    last_short = 0;
    T->code = p->type_code;
    const GG_cuda_cview *A = p->A, *B = p->B, *M = p->M;
    if (!gg_spmv_supported(p->add_op, p->mul_op, p->type_code) ||
        !gg_builtin(A->type_code) || !gg_builtin(B->type_code) ||
        (M != nullptr && !gg_builtin(M->type_code)) || p->ncols >= (uint64_t)EMPTY ||
        A->nvec >= (1ULL << 31))
        return GG_CUDA_VRC_UNSUPPORTED;
    run_state r;
    r.nvec = A->nvec;
    if (r.nvec == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    r.st = GG_cuda_stream();
    const tuning &t = tune();
    r.s = sp{};
    r.s.A = rows_of(A);
    r.s.B = rows_of(B);
    r.s.has_mask = M != nullptr;
    if (M != nullptr) {
        r.s.M = rows_of(M);
        r.s.msize = (uint32_t)M->value_size;
        r.s.mstruct = p->mstruct;
        r.s.mcomp = p->mcomp;
    }
    r.s.ncols = p->ncols;
    /* the symbolic placement: key-only tables, the bound at most half of one; dense rows as
     * shared bitmaps when ncols bits fit and there are rows enough for a block each */
    r.s.top = shared_top(0);
    r.s.fill = 0.5f;
    r.s.dense = t.dense;
    r.s.sbit = t.sbit && (p->ncols + 31) / 32 * 4 + 1024 <= (uint64_t)t.optin &&
               r.nvec >= 4 * (uint64_t)t.sms;
    r.s.shortp = short_hook >= 0 ? short_hook != 0 : t.shortp;
    r.s.early = t.early;
    uint64_t nv = r.nvec;
    if (!r.bin.get(nv) || !r.wofs.get((nv + 1) * 8) || !r.cnt.get((nv + 1) * 8) ||
        !r.rowptr.get((nv + 1) * 8) || !r.gptr.get((nv + 1) * 8) || !r.words.get(NWORDS * 8))
        return GG_CUDA_VRC_NOMEM;
    r.s.cnt = r.cnt.as<uint64_t>();
    r.s.wofs = r.wofs.as<uint64_t>();
    r.s.rowptr = r.rowptr.as<uint64_t>();
    r.s.gptr = r.gptr.as<uint64_t>();

    /* meta: the per-vector words go to rowptr's array first, scanned into wofs */
    int rc = gg_vk_rc(cudaMemsetAsync(r.words.p, 0, NWORDS * 8, r.st));
    if (rc == GG_CUDA_VRC_OK) {
        auto launch = [&](auto kern, int per_block) {
            kern<<<(unsigned)((nv + per_block - 1) / per_block), GG_VK_THREADS, 0, r.st>>>(
                r.s, nv, r.bin.as<uint8_t>(), r.rowptr.as<uint64_t>(),
                reinterpret_cast<unsigned long long *>(r.words.p));
        };
        if (p->a_entries != 0 && p->a_entries <= 4 * nv)
            launch(meta_kernel<4>, meta_block_rows<4>());
        else
            launch(meta_kernel<8>, meta_block_rows<8>());
        rc = gg_vk_launched();
    }
    /* meta's tally (one download, where the tiled bin's setup made one for its flops on most
     * products) gives the symbolic pass's bins and workspace (bin_rows, plan) */
    if (rc == GG_CUDA_VRC_OK && t.bincount) rc = fetch_tally(r);
    if (rc == GG_CUDA_VRC_OK)
        rc = zero_or_scan(r, r.rowptr.as<uint64_t>(), r.wofs.as<uint64_t>(), r.twords);
    if (rc == GG_CUDA_VRC_OK) rc = tiled_setup(r, gg_size_of(p->type_code));
    if (rc == GG_CUDA_VRC_OK) rc = symbolic(r, stats);
    if (rc == GG_CUDA_VRC_OK) rc = allocate_result(r, T, p->type_code, ptr != nullptr, stats);
    if (rc == GG_CUDA_VRC_OK && T->n > 0) {
        rc = GG_CUDA_VRC_UNSUPPORTED;
        gg_with_type(p->type_code, [&](auto tag) {
            rc = numeric_typed<decltype(tag)>(r, p, T, stats);
        });
    }
    if (rc == GG_CUDA_VRC_OK && ptr != nullptr && T->n > 0) {
        /* the run's other per-row arrays go first (stream-ordered), so the offsets' narrow copy
         * does not add to the peak */
        GG_cuda_free(r.gptr.release());
        GG_cuda_free(r.wofs.release());
        GG_cuda_free(r.bin.release());
        gg_dev_buf p32;
        rc = p32.get((nv + 1) * 4) ? GG_CUDA_VRC_OK : GG_CUDA_VRC_NOMEM;
        if (rc == GG_CUDA_VRC_OK) {
            narrow_kernel<<<gg_vk_blocks(nv + 1), GG_VK_THREADS, 0, r.st>>>(
                r.rowptr.as<uint64_t>(), p32.as<uint32_t>(), nv + 1);
            rc = gg_vk_launched();
        }
        if (rc == GG_CUDA_VRC_OK) *ptr = static_cast<uint32_t *>(p32.release());
    }
    if (rc != GG_CUDA_VRC_OK) GG_cuda_tuples_release(T);
    last_tiled = stats->tiled_rows;
    last_short = stats->short_rows;
    return rc;
}

extern "C" int GG_cuda_spgemm_saxpy(GG_cuda_tuples *T, const GG_cuda_saxpy *p,
                                    GG_cuda_saxpy_stats *stats)
{
    return run(T, nullptr, p, stats);
}

extern "C" int GG_cuda_spgemm_saxpy_csr(GG_cuda_csr32 *C, const GG_cuda_saxpy *p,
                                        GG_cuda_saxpy_stats *stats)
{
    *C = GG_cuda_csr32{};
    C->code = p->type_code;
    C->nrows = p->A->nvec;
    C->ncols = p->ncols;
    if (p->A->vec != nullptr) {
        *stats = GG_cuda_saxpy_stats{};
        return GG_CUDA_VRC_UNSUPPORTED;
    }
    GG_cuda_tuples T;
    int rc = run(&T, &C->ptr, p, stats);
    if (rc == GG_CUDA_VRC_OK) {
        C->n = T.n;
        C->col = T.col;
        C->x = T.x;
    }
    return rc;
}
