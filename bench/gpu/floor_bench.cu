/* floor_bench.cu: the floor of one host-driven BFS level on this GPU, without the library: what a
 * level that must tell the host its frontier's size costs at the least (DESIGN.md §8; issue 12's
 * grid BFS target). Each variant runs ITER dependent rounds on one stream and prints the mean and
 * the median microseconds a round:
 *   copy+sync   a tiny kernel, an 8-byte cudaMemcpyAsync to pinned host memory, stream synchronize
 *               (DESIGN.md §8's 13.5 us on an H100)
 *   word        a tiny kernel that writes a tagged 8-byte count into mapped pinned memory, the host
 *               spinning until the tag appears (how GG_cuda_vec_nvals reads a count word)
 *   word x2     two dependent kernels, the second writing the word
 *   word x3     three dependent kernels
 *   launch      only the launch call: the host's cost of cudaLaunchKernel (the stream is drained
 *               every 64 launches, outside the timed call, so the launch queue never fills)
 * The library's grid BFS level (one push kernel and the count word, Doc/performance.md) is compared
 * with "word": the difference is the library's host work a level.
 * Usage: floor_bench [iterations] (default 2000). */
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static __global__ void touch(uint64_t *d, uint64_t v)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) d[0] = v;
}

static __global__ void touch_word(volatile uint64_t *w, const uint64_t *d, uint64_t tag)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        uint64_t count = d[0] & 0xffffffffu;
        __threadfence_system();
        *w = (tag << 32) | count;
    }
}

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

using clk = std::chrono::steady_clock;

static void report(const char *name, std::vector<double> &us)
{
    double sum = 0;
    for (double u : us) sum += u;
    std::sort(us.begin(), us.end());
    printf("%-10s mean %7.2f us  median %7.2f us  p10 %7.2f  p90 %7.2f\n", name, sum / us.size(),
           us[us.size() / 2], us[us.size() / 10], us[us.size() * 9 / 10]);
}

int main(int argc, char **argv)
{
    int iter = argc > 1 ? atoi(argv[1]) : 2000;
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("# %s; %d rounds a variant\n", prop.name, iter);
    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    uint64_t *d, *h, *w, *wd;
    CHECK(cudaMalloc(&d, 64));
    CHECK(cudaHostAlloc(&h, 64, cudaHostAllocDefault));
    CHECK(cudaHostAlloc(&w, 64, cudaHostAllocMapped));
    CHECK(cudaHostGetDevicePointer(&wd, w, 0));
    *w = 0;
    std::vector<double> us(iter);
    uint64_t tag = 0;
    for (int variant = 0; variant < 5; variant++) {
        for (int warm = 0; warm < 2; warm++) {
            for (int k = 0; k < iter; k++) {
                if (variant == 4 && k % 64 == 0) CHECK(cudaStreamSynchronize(s));
                auto t0 = clk::now();
                if (variant == 0) {
                    touch<<<1, 32, 0, s>>>(d, k);
                    CHECK(cudaMemcpyAsync(h, d, 8, cudaMemcpyDeviceToHost, s));
                    CHECK(cudaStreamSynchronize(s));
                } else if (variant == 4) {
                    touch<<<1, 32, 0, s>>>(d, k);
                } else {
                    for (int j = 1; j < variant; j++) touch<<<1, 32, 0, s>>>(d, k);
                    tag = (tag + 1) & 0xffffffffu;
                    touch_word<<<1, 32, 0, s>>>(wd, d, tag);
                    volatile uint64_t *vw = w;
                    while ((*vw >> 32) != tag) {
                    }
                }
                us[k] = std::chrono::duration<double, std::micro>(clk::now() - t0).count();
            }
            CHECK(cudaStreamSynchronize(s));
        }
        static const char *names[] = {"copy+sync", "word", "word x2", "word x3", "launch"};
        report(names[variant], us);
    }
    CHECK(cudaGetLastError());
    return 0;
}
