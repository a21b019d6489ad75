/* residency.cu: the device side of residency (DESIGN.md §4): stream-ordered device memory with the
 * GxG_DEVICE_POOL_LIMIT accounting, counted host<->device copies, and the release of a
 * container's mirror (GG_device_drop). The C side that decides what to copy is cuda/store. */
#include "GG_cuda_mirror.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

/* The bytes of every live allocation, so GG_cuda_free can return them to the limit. */
static std::mutex pool_lock;
static std::unordered_map<void *, size_t> *pool_sizes; /* created on first use, never freed */
static size_t pool_used, pool_limit, pool_peak;
static int64_t fail_countdown; /* GG_cuda_fail_after: > 0, that many allocations until one fails */

static std::atomic<unsigned long long> h2d_count, h2d_bytes, d2h_count, d2h_bytes;

extern "C" void GG_cuda_pool_set_limit(size_t bytes)
{
    std::lock_guard<std::mutex> g(pool_lock);
    pool_limit = bytes;
}

extern "C" size_t GG_cuda_pool_in_use(void)
{
    std::lock_guard<std::mutex> g(pool_lock);
    return pool_used;
}

extern "C" size_t GG_cuda_pool_peak(bool reset)
{
    std::lock_guard<std::mutex> g(pool_lock);
    size_t p = pool_peak;
    if (reset) pool_peak = pool_used;
    return p;
}

extern "C" size_t GG_cuda_pool_available(void)
{
    size_t free_b = 0, total = 0;
    GG_cuda_bind();
    if (cudaMemGetInfo(&free_b, &total) != cudaSuccess) {
        cudaGetLastError();
        free_b = 0;
    }
    /* the stream-ordered pool keeps what was freed (device.cu): reserved but unused is free too */
    int dev = 0;
    cudaMemPool_t mp;
    uint64_t reserved = 0, used = 0;
    if (cudaGetDevice(&dev) == cudaSuccess && cudaDeviceGetMemPool(&mp, dev) == cudaSuccess &&
        cudaMemPoolGetAttribute(mp, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess &&
        cudaMemPoolGetAttribute(mp, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess &&
        reserved > used)
        free_b += (size_t)(reserved - used);
    cudaGetLastError();
    std::lock_guard<std::mutex> g(pool_lock);
    if (pool_limit != 0)
        free_b = std::min(free_b, pool_limit > pool_used ? pool_limit - pool_used : 0);
    return free_b;
}

extern "C" int64_t GG_cuda_fail_after(int64_t k)
{
    std::lock_guard<std::mutex> g(pool_lock);
    int64_t left = fail_countdown;
    fail_countdown = k < 0 ? 0 : k;
    return left;
}

extern "C" int64_t GG_cuda_live_allocs(void)
{
    std::lock_guard<std::mutex> g(pool_lock);
    return pool_sizes == nullptr ? 0 : (int64_t)pool_sizes->size();
}

extern "C" bool GG_cuda_sync(void)
{
    GG_cuda_bind();
    if (cudaStreamSynchronize(GG_cuda_stream()) == cudaSuccess) return true;
    cudaGetLastError();
    return false;
}

/* Freed blocks kept for reuse by an allocation of the same size. A level of a high-diameter BFS
 * allocates and frees the same few buffers every call (the product's values, flags and count
 * word), and each cudaMallocAsync / cudaFreeAsync costs host time on the level's critical path
 * (bench/bfs_steps, Doc/performance.md). Reuse is safe without events because every device
 * operation of the library is queued on its one stream: a kernel queued after the reuse runs after
 * the kernels queued before the free. Cached blocks are not live (GG_cuda_live_allocs,
 * GG_cuda_pool_in_use) and all go back to the pool when the last live block is freed (the end of
 * a program that frees its objects) or when the cache is full. GRAPHBLAS_GPU_POOL_CACHE=0 turns
 * it off, so that compute-sanitizer sees every free (tools/device-check.sh). */
constexpr int CACHE_SLOTS = 32;
constexpr size_t CACHE_BYTES = (size_t)256 << 20; /* at most this much held back, ... */
constexpr size_t CACHE_BLOCK = CACHE_BYTES / 8;   /* ... in blocks no larger than this */
static void *cache_p[CACHE_SLOTS];
static size_t cache_size[CACHE_SLOTS];
static int cache_n;
static size_t cache_bytes;

/* Whether freed blocks are cached: read once, under pool_lock. */
static bool cache_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *e = getenv("GRAPHBLAS_GPU_POOL_CACHE");
        on = e == nullptr || e[0] != '0';
    }
    return on != 0;
}

/* Takes entry k out of the cache and returns its block (pool_lock held). */
static void *cache_remove(int k)
{
    void *p = cache_p[k];
    cache_bytes -= cache_size[k];
    cache_n--;
    for (int j = k; j < cache_n; j++) cache_p[j] = cache_p[j + 1], cache_size[j] = cache_size[j + 1];
    return p;
}

/* A cached block of exactly `bytes`, the most recently freed first, or nullptr (pool_lock held). */
static void *cache_take(size_t bytes)
{
    for (int k = cache_n - 1; k >= 0; k--)
        if (cache_size[k] == bytes) return cache_remove(k);
    return nullptr;
}

/* Records p (bytes) as live; false, with p returned to the pool, when the table cannot grow
 * (pool_lock held). */
static bool track(void *p, size_t bytes)
{
    if (pool_sizes == nullptr) pool_sizes = new (std::nothrow) std::unordered_map<void *, size_t>;
    if (pool_sizes != nullptr) {
        try {
            (*pool_sizes)[p] = bytes;
            return true;
        } catch (...) {
        }
    }
    cudaFreeAsync(p, GG_cuda_stream());
    return false;
}

extern "C" void *GG_cuda_malloc(size_t bytes)
{
    if (bytes == 0) bytes = 1;
    {
        std::lock_guard<std::mutex> g(pool_lock);
        if (fail_countdown > 0 && --fail_countdown == 0) return nullptr;
        if (pool_limit != 0 && (bytes > pool_limit || pool_used > pool_limit - bytes))
            return nullptr;
        pool_used += bytes; /* reserved before the call so concurrent callers respect the limit */
        pool_peak = std::max(pool_peak, pool_used);
        void *p = cache_take(bytes);
        if (p != nullptr) {
            if (track(p, bytes)) return p;
            pool_used -= bytes;
            return nullptr;
        }
    }
    GG_cuda_bind();
    void *p = nullptr;
    bool ok = cudaMallocAsync(&p, bytes, GG_cuda_stream()) == cudaSuccess;
    std::lock_guard<std::mutex> g(pool_lock);
    ok = ok && track(p, bytes);
    if (!ok) {
        cudaGetLastError();
        pool_used -= bytes;
        return nullptr;
    }
    return p;
}

/* The claim stamps (GG_cuda_stamps_begin): one allocation, the tally word then the claim
 * words; the claim words it has room for and the next stamp to hand out. Lock order: stamps_lock,
 * then pool_lock; GG_cuda_free only tries stamps_lock. */
static std::mutex stamps_lock;
static void *stamps;
static uint64_t stamps_n;
static unsigned stamps_next;
constexpr size_t STAMP_WORDS = sizeof(unsigned long long);

/* The stamps back to the pool (stamps_lock and pool_lock held). Like the cache, they are checked
 * against the pool limit when allocated but not counted as live (GG_cuda_pool_in_use). */
static void stamps_drop(void)
{
    if (stamps == nullptr) return;
    cudaFreeAsync(stamps, GG_cuda_stream());
    stamps = nullptr;
    stamps_n = 0;
}

extern "C" bool GG_cuda_stamps_begin(uint64_t n, GG_cuda_stamps *st)
{
    stamps_lock.lock();
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    size_t bytes = STAMP_WORDS + stamps_n * sizeof(unsigned);
    bool ok = true;
    if (stamps_n < n) {
        bytes = STAMP_WORDS + n * sizeof(unsigned);
        std::lock_guard<std::mutex> g(pool_lock);
        stamps_drop();
        void *p = nullptr;
        ok = (pool_limit == 0 || (bytes <= pool_limit && pool_used <= pool_limit - bytes)) &&
             cudaMallocAsync(&p, bytes, s) == cudaSuccess;
        if (ok) {
            stamps = p;
            stamps_n = n;
            stamps_next = UINT_MAX; /* cleared below */
        }
    }
    if (ok && stamps_next == UINT_MAX) {
        /* a new array, or every stamp handed out: start again from cleared words */
        ok = cudaMemsetAsync(stamps, 0, bytes, s) == cudaSuccess;
        stamps_next = 1;
    }
    if (!ok) {
        cudaGetLastError();
        stamps_lock.unlock();
        return false;
    }
    st->words = static_cast<unsigned long long *>(stamps);
    st->claim = reinterpret_cast<unsigned *>(static_cast<char *>(stamps) + STAMP_WORDS);
    st->stamp = stamps_next++;
    return true;
}

extern "C" void GG_cuda_stamps_end(void)
{
    stamps_lock.unlock();
}

/* Count words in pinned host memory that the device writes directly (GG_cuda_count_word): one
 * slab handed out a word at a time, kept while any word or live buffer is held. */
constexpr int WORDS_N = 4096;
static std::mutex words_lock;
static uint64_t *words_slab;
static int words_free[WORDS_N], words_nfree;

/* Whether p is a word of the slab (words_lock held). */
static bool in_slab(const void *p)
{
    return words_slab != nullptr && p >= (const void *)words_slab &&
           p < (const void *)(words_slab + WORDS_N);
}

extern "C" uint64_t *GG_cuda_count_word(void)
{
    std::lock_guard<std::mutex> g(words_lock);
    if (words_slab == nullptr) {
        void *h = nullptr, *d = nullptr;
        if (cudaHostAlloc(&h, WORDS_N * sizeof(uint64_t), cudaHostAllocMapped) != cudaSuccess) {
            cudaGetLastError();
            return nullptr;
        }
        /* the kernels write through the host address: unified addressing makes them one */
        if (cudaHostGetDevicePointer(&d, h, 0) != cudaSuccess || d != h) {
            cudaGetLastError();
            cudaFreeHost(h);
            return nullptr;
        }
        words_slab = static_cast<uint64_t *>(h);
        for (int k = 0; k < WORDS_N; k++) words_free[k] = WORDS_N - 1 - k;
        words_nfree = WORDS_N;
    }
    return words_nfree == 0 ? nullptr : words_slab + words_free[--words_nfree];
}

extern "C" bool GG_cuda_is_count_word(const void *p)
{
    std::lock_guard<std::mutex> g(words_lock);
    return in_slab(p);
}

/* Returns a count word to the slab; the slab itself goes when nothing is held any more (pool_lock
 * held, then words_lock). */
static bool words_give_back(void *p, bool nothing_live)
{
    std::lock_guard<std::mutex> g(words_lock);
    bool ours = in_slab(p);
    if (ours) words_free[words_nfree++] = (int)((uint64_t *)p - words_slab);
    if (nothing_live && words_slab != nullptr && words_nfree == WORDS_N) {
        cudaFreeHost(words_slab);
        words_slab = nullptr;
        words_nfree = 0;
    }
    return ours;
}

extern "C" void GG_cuda_free(void *p)
{
    if (p == nullptr) return;
    GG_cuda_bind();
    std::lock_guard<std::mutex> g(pool_lock);
    bool nothing_live = pool_sizes == nullptr || pool_sizes->empty();
    if (words_give_back(p, nothing_live)) return;
    size_t bytes = 0;
    if (pool_sizes != nullptr) {
        auto it = pool_sizes->find(p);
        if (it != pool_sizes->end()) {
            bytes = it->second;
            pool_used -= bytes;
            pool_sizes->erase(it);
        }
    }
    if (bytes == 0 || bytes > CACHE_BLOCK || !cache_on()) {
        cudaFreeAsync(p, GG_cuda_stream());
    } else {
        while (cache_n > 0 && (cache_n == CACHE_SLOTS || cache_bytes + bytes > CACHE_BYTES))
            cudaFreeAsync(cache_remove(0), GG_cuda_stream()); /* the oldest */
        cache_p[cache_n] = p;
        cache_size[cache_n++] = bytes;
        cache_bytes += bytes;
    }
    /* nothing live: nothing cached either, and no stamps (unless a product holds them now) */
    if (pool_sizes != nullptr && pool_sizes->empty()) {
        while (cache_n > 0) cudaFreeAsync(cache_remove(cache_n - 1), GG_cuda_stream());
        if (stamps_lock.try_lock()) {
            stamps_drop();
            stamps_lock.unlock();
        }
        words_give_back(nullptr, true);
    }
}

extern "C" bool GG_cuda_upload(void *dev, const void *host, size_t bytes)
{
    if (bytes == 0) return true;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    bool ok = cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, s) == cudaSuccess &&
              cudaStreamSynchronize(s) == cudaSuccess;
    if (!ok) {
        cudaGetLastError();
        return false;
    }
    h2d_count++;
    h2d_bytes += bytes;
    return true;
}

extern "C" bool GG_cuda_download(void *host, const void *dev, size_t bytes)
{
    if (bytes == 0) return true;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    bool ok = cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, s) == cudaSuccess &&
              cudaStreamSynchronize(s) == cudaSuccess;
    if (!ok) {
        cudaGetLastError();
        return false;
    }
    d2h_count++;
    d2h_bytes += bytes;
    return true;
}

extern "C" void GG_cuda_transfer_counts(GG_cuda_transfers *t)
{
    t->h2d_count = h2d_count;
    t->h2d_bytes = h2d_bytes;
    t->d2h_count = d2h_count;
    t->d2h_bytes = d2h_bytes;
}

/* atomic: slots run from several threads (test_cuda_threads.c) */
static std::atomic<unsigned long long> sort_count{0};

extern "C" unsigned long long GG_cuda_sort_count(void)
{
    return sort_count.load(std::memory_order_relaxed);
}

extern "C" void GG_cuda_sort_counted(void)
{
    sort_count.fetch_add(1, std::memory_order_relaxed);
}

extern "C" void GG_cuda_mirror_free(void *mirror)
{
    GG_cuda_mirror *m = static_cast<GG_cuda_mirror *>(mirror);
    if (m == nullptr) return;
    GG_cuda_free(m->pool);
    GG_cuda_free(m->view_mem[0]);
    GG_cuda_free(m->view_mem[1]);
    GG_cuda_free(m->tkey);
    GG_cuda_free(m->tkey_x);
    GG_cuda_csr32_release(&m->csr);
    for (int w = 0; w < 2; w++) GG_cuda_free(m->sview_mem[w][0]), GG_cuda_free(m->sview_mem[w][1]);
    GG_cuda_hs_schedule_free(m->sched);
    free(m);
}
