/* GraphBLAS_gpu.h beside the <GraphBLAS.h> shim: with it, the one directory <prefix>/include/
 * graphblas_gpu serves both names, so the pkg-config and CMake packages name a single include
 * directory (LAGraph's FindGraphBLAS inspects the target's include directory as one path). */
#ifndef GRAPHBLAS_GPU_SHIM_GRAPHBLAS_GPU_H
#define GRAPHBLAS_GPU_SHIM_GRAPHBLAS_GPU_H
#include "../GraphBLAS_gpu.h"
#endif
