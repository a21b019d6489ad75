/* bench_common.h: what the CPU benchmarks built against both libraries share (cpu_vs_suitesparse,
 * client_patterns, build_bench): the abort-on-error check, a seeded splitmix64 stream and the
 * monotonic clock. Public GraphBLAS API only, so it compiles against either library. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <GraphBLAS.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        GrB_Info info_ = (call);                                                                   \
        if (info_ != GrB_SUCCESS) {                                                                \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, (int)info_);     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* splitmix64; the benchmark seeds rng_state */
static uint64_t rng_state;
static inline uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Milliseconds on the monotonic clock. */
static inline double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

#endif /* BENCH_COMMON_H */
