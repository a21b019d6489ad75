/* GraphBLAS.h shim: lets client code written for any GraphBLAS C API 2.1 library keep its
 * `#include <GraphBLAS.h>` unchanged when built against GraphBLAS_gpu
 * (add -I<prefix>/include/graphblas_gpu, or use the pkg-config / CMake files). */
#ifndef GRAPHBLAS_GPU_SHIM_GRAPHBLAS_H
#define GRAPHBLAS_GPU_SHIM_GRAPHBLAS_H
#include "../GraphBLAS_gpu.h"
#endif
