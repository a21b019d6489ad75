/* residency.cu: the device side of residency (DESIGN.md §4): stream-ordered device memory with the
 * GxG_DEVICE_POOL_LIMIT accounting, counted host<->device copies, and the release of a
 * container's mirror (GG_device_drop). The C side that decides what to copy is cuda/store. */
#include "GG_cuda_mirror.h"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

/* The bytes of every live allocation, so GG_cuda_free can return them to the limit. */
static std::mutex pool_lock;
static std::unordered_map<void *, size_t> *pool_sizes; /* created on first use, never freed */
static size_t pool_used, pool_limit;
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

extern "C" void GG_cuda_free(void *p)
{
    if (p == nullptr) return;
    GG_cuda_bind();
    std::lock_guard<std::mutex> g(pool_lock);
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
    /* nothing live: nothing cached either */
    if (pool_sizes != nullptr && pool_sizes->empty())
        while (cache_n > 0) cudaFreeAsync(cache_remove(cache_n - 1), GG_cuda_stream());
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

extern "C" void GG_cuda_mirror_free(void *mirror)
{
    GG_cuda_mirror *m = static_cast<GG_cuda_mirror *>(mirror);
    if (m == nullptr) return;
    GG_cuda_free(m->pool);
    GG_cuda_free(m->view_mem[0]);
    GG_cuda_free(m->view_mem[1]);
    GG_cuda_hs_schedule_free(m->sched);
    free(m);
}
