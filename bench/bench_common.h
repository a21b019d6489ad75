/* bench_common.h: what the CPU benchmarks built against both libraries share (cpu_vs_suitesparse,
 * client_patterns, build_bench, mis, fastsv, ktruss): the abort-on-error check, a seeded
 * splitmix64 stream, the clock (monotonic, or CPU time), the comparison for a median, and
 * order-independent checksums of results. Public GraphBLAS API only, so it compiles against
 * either library. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <GraphBLAS.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        GrB_Info info_ = (call);                                                                   \
        if (info_ != GrB_SUCCESS) {                                                                \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, (int)info_);     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Whether name is one of the comma-separated names in list (BENCH_OPS): whole names only, so
 * "mxm_masked" does not select "mxm". */
static inline bool bench_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
        if ((p == list || p[-1] == ',') && (p[len] == '\0' || p[len] == ',')) return true;
    return false;
}

/* splitmix64; the benchmark seeds rng_state */
static uint64_t rng_state;
static inline uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Milliseconds on the monotonic clock, or with BENCH_CLOCK=cpu on the process's CPU clock (all its
 * threads together): on a loaded machine the work a call does, which wall time no longer shows;
 * with OMP_WAIT_POLICY=passive a waiting thread sleeps instead of adding its spinning. */
static inline double now_ms(void)
{
    static int cpu = -1;
    if (cpu < 0) {
        const char *e = getenv("BENCH_CLOCK");
        cpu = e != NULL && strcmp(e, "cpu") == 0;
    }
    struct timespec t;
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* For qsort of times. */
static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static inline uint64_t bench_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* Sum over the entries of a hash of (i, j, value as FP64): independent of the order tuples come
 * out in. A vector is the matrix of one column (J NULL). *nvals gets the entry count. */
static inline uint64_t bench_checksum(GrB_Matrix A, GrB_Vector v, GrB_Index *nvals)
{
    if (A != NULL)
        CHECK(GrB_Matrix_nvals(nvals, A));
    else
        CHECK(GrB_Vector_nvals(nvals, v));
    GrB_Index n = *nvals;
    GrB_Index *I = malloc((n + 1) * sizeof *I), *J = A != NULL ? malloc((n + 1) * sizeof *J) : NULL;
    double *X = malloc((n + 1) * sizeof *X);
    if (I == NULL || (A != NULL && J == NULL) || X == NULL) exit(1);
    if (A != NULL)
        CHECK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, A));
    else
        CHECK(GrB_Vector_extractTuples_FP64(I, X, &n, v));
    uint64_t h = 0;
    for (GrB_Index k = 0; k < n; k++) {
        uint64_t bits;
        memcpy(&bits, &X[k], sizeof bits);
        h += bench_mix(bench_mix(I[k] * 0x9E3779B97F4A7C15ULL + (J != NULL ? J[k] : 0)) ^ bits);
    }
    free(I);
    free(J);
    free(X);
    return h;
}

#endif /* BENCH_COMMON_H */
