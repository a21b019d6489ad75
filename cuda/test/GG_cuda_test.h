/* GG_cuda_test.h: what the cuda suite's programs share: the start that initialises the library
 * and skips (exit 77, Meson's SKIP) where no usable device is present, and a seeded xorshift for
 * their random inputs. */
#ifndef GG_CUDA_TEST_H
#define GG_CUDA_TEST_H

#include "GG_backend.h"
#include "GG_cuda.h"

#include <stdint.h>
#include <stdio.h>

/* 0 with the library initialised and a device in use; else the exit status for main (77: skip,
 * after finalising; 1: GrB_init failed). */
static inline int GG_cuda_test_start(void)
{
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    if ((GG_backends_available() & 2) == 0) {
        printf("SKIP: no usable CUDA device (%s)\n", GG_cuda_status());
        GrB_finalize();
        return 77;
    }
    printf("%s\n", GG_cuda_status());
    return 0;
}

static uint64_t GG_cuda_test_rng = 88172645463325252ULL;

static inline uint64_t GG_cuda_test_next(void)
{
    GG_cuda_test_rng ^= GG_cuda_test_rng << 13;
    GG_cuda_test_rng ^= GG_cuda_test_rng >> 7;
    GG_cuda_test_rng ^= GG_cuda_test_rng << 17;
    return GG_cuda_test_rng;
}

#endif /* GG_CUDA_TEST_H */
