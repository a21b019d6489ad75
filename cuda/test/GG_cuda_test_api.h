/* GG_cuda_test_api.h: the start of the cuda suite's programs that use the public API only, like
 * any client (GG_cuda_test.h is the one for programs that link the internals): the library
 * initialised, or the exit status for main when no usable device is present (77, Meson's SKIP). */
#ifndef GG_CUDA_TEST_API_H
#define GG_CUDA_TEST_API_H

#include <GraphBLAS.h>

#include <stdint.h>
#include <stdio.h>

/* 0 with the library initialised and a device present; else main's exit status (77: skip, after
 * finalising; 1: GrB_init failed). */
static inline int GG_cuda_test_api_start(void)
{
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    int32_t avail = 0;
    GrB_get(GrB_GLOBAL, &avail, GxG_BACKENDS_AVAILABLE);
    if (!(avail & 2)) {
        printf("SKIP: no usable CUDA device\n");
        GrB_finalize();
        return 77;
    }
    return 0;
}

#endif /* GG_CUDA_TEST_API_H */
