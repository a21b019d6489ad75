/* bench_check.h: the GPU benchmarks' checks of CUDA and cuSPARSE calls, which end the program on
 * an error; plain C, so both the C++ programs (through bench_gpu.cuh) and the C ones
 * (spmspv_bench.c) use it. */
#ifndef BENCH_CHECK_H
#define BENCH_CHECK_H

#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <stdio.h>
#include <stdlib.h>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));            \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)
#define CS(x)                                                                                      \
    do {                                                                                           \
        cusparseStatus_t s_ = (x);                                                                 \
        if (s_ != CUSPARSE_STATUS_SUCCESS) {                                                       \
            fprintf(stderr, "%s:%d: cuSPARSE %s\n", __FILE__, __LINE__,                            \
                    cusparseGetErrorString(s_));                                                   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#endif /* BENCH_CHECK_H */
