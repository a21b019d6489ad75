/* spmv_bench_host.h: the host half of bench/gpu/spmv_bench (plain C, so the CUDA half need not see
 * the library's C11 internals): generates a benchmark matrix, builds its HiSparse tree and CSR
 * views, and computes the CPU reference products. */
#ifndef SPMV_BENCH_HOST_H
#define SPMV_BENCH_HOST_H

#include "GG_cuda_kernels.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char name[64];
    uint64_t nrows, ncols, nnz;
    bool fp64;
    double build_s; /* host tree build, seconds */
    GG_cuda_hs hs;  /* host fields of the tree; hs.pool is the HOST pool (the bench uploads it) */
    int32_t *rowptr32, *col32; /* CSR with 32-bit indices (cuSPARSE) */
    uint64_t *ptr64, *idx64;   /* the library's CSR view (64-bit, CMRS) */
    void *val;                 /* CSR values, fp32 or fp64 */
    void *x;                   /* ncols values (A x) and nrows values (A' x): the same vector */
    void *y_ref, *yt_ref;      /* CPU A x and A' x */
    void *priv;
} bench_mat;

/* name: rmat18 rmat21 rmat23 grid band local. false with a message on stderr on failure. */
bool bench_make(const char *name, bool fp64, bench_mat *m);
void bench_free(bench_mat *m);

#ifdef __cplusplus
}
#endif

#endif /* SPMV_BENCH_HOST_H */
