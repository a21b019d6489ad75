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

extern "C" void *GG_cuda_malloc(size_t bytes)
{
    if (bytes == 0) bytes = 1;
    {
        std::lock_guard<std::mutex> g(pool_lock);
        if (fail_countdown > 0 && --fail_countdown == 0) return nullptr;
        if (pool_limit != 0 && (bytes > pool_limit || pool_used > pool_limit - bytes))
            return nullptr;
        pool_used += bytes; /* reserved before the call so concurrent callers respect the limit */
    }
    GG_cuda_bind();
    void *p = nullptr;
    bool ok = cudaMallocAsync(&p, bytes, GG_cuda_stream()) == cudaSuccess;
    std::lock_guard<std::mutex> g(pool_lock);
    if (ok && pool_sizes == nullptr) pool_sizes = new (std::nothrow) std::unordered_map<void *, size_t>;
    if (ok && pool_sizes != nullptr) {
        try {
            (*pool_sizes)[p] = bytes;
        } catch (...) {
            ok = false;
            cudaFreeAsync(p, GG_cuda_stream());
        }
    } else if (ok) {
        ok = false;
        cudaFreeAsync(p, GG_cuda_stream());
    }
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
    cudaFreeAsync(p, GG_cuda_stream());
    std::lock_guard<std::mutex> g(pool_lock);
    auto it = pool_sizes->find(p);
    if (it != pool_sizes->end()) {
        pool_used -= it->second;
        pool_sizes->erase(it);
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
