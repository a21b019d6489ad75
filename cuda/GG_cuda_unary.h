/* GG_cuda_unary.h: plain-C entry points of the element-wise and reduction kernels behind the CUDA
 * apply, select and reduce slots (cuda/unary.cu). Inputs are device arrays (a container's device
 * view, GG_cuda_cview); results come back to host buffers the caller owns, because the canonical
 * store lives on the host. Every call runs on the library's stream and waits for its result.
 *
 * Domains: BOOL, INT32, UINT32, INT64, UINT64, FP32, FP64 (GrB_Type_Code values); all operands of
 * one call share that type (the slots decline anything that would need a cast). Binary operators
 * are GG_opcode values as in GG_cuda_spmv.h; the unary and index-unary ones are listed below with
 * their GG_opcode values (the C slots assert they agree). */
#ifndef GG_CUDA_UNARY_H
#define GG_CUDA_UNARY_H

#include "GG_cuda_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GG_CUDA_RC_OK = 0,
    GG_CUDA_RC_NOMEM = 1, /* device memory or the pool limit; nothing written */
    GG_CUDA_RC_ERROR = 3  /* any other CUDA error */
};

/* GG_opcode values of the unary and index-unary operators handled here. */
enum {
    GG_CUDA_UOP_IDENTITY = 1,
    GG_CUDA_UOP_AINV = 2,
    GG_CUDA_UOP_MINV = 3,
    GG_CUDA_UOP_LNOT = 4,
    GG_CUDA_UOP_ABS = 5,
    GG_CUDA_UOP_BNOT = 6,
    GG_CUDA_IOP_TRIL = 33,
    GG_CUDA_IOP_TRIU = 34,
    GG_CUDA_IOP_DIAG = 35,
    GG_CUDA_IOP_OFFDIAG = 36,
    GG_CUDA_IOP_COLLE = 37,
    GG_CUDA_IOP_COLGT = 38,
    GG_CUDA_IOP_ROWLE = 39,
    GG_CUDA_IOP_ROWGT = 40,
    GG_CUDA_IOP_VALUEEQ = 41,
    GG_CUDA_IOP_VALUENE = 42,
    GG_CUDA_IOP_VALUELT = 43,
    GG_CUDA_IOP_VALUELE = 44,
    GG_CUDA_IOP_VALUEGT = 45,
    GG_CUDA_IOP_VALUEGE = 46
};

/* How apply's operator takes the entry's value. */
enum { GG_CUDA_APPLY_UNARY = 0, GG_CUDA_APPLY_BIND1ST = 1, GG_CUDA_APPLY_BIND2ND = 2 };

/* Whether the kernels handle the operator on the type code (asked before anything is touched). */
bool GG_cuda_apply_supported(int kind, int opcode, int type_code);
bool GG_cuda_select_supported(int opcode, int type_code);
bool GG_cuda_reduce_supported(int opcode, int type_code);

/* z[p] = f(x[p]) for p < n: kind and opcode as above; bound is the host value of the bound scalar
 * (of type_code) for BIND1ST / BIND2ND. z is a host buffer of n values. */
int GG_cuda_apply_values(int kind, int opcode, int type_code, const void *x_dev, uint64_t n,
                         const void *bound, void *z_host);

/* The positions p (in the view's entry order) of the entries kept by the index-unary operator:
 * positional tests read the entry's (row, col) (a view by rows: row = vector, col = idx[p]) and
 * the int64 thunk; value tests compare x[p] with the thunk (a host value of type_code). pos_host
 * has room for every entry; *kept gets how many were written. */
int GG_cuda_select_positions(int opcode, int type_code, const GG_cuda_cview *v, const void *thunk,
                             uint64_t *pos_host, uint64_t *kept);

/* The reduction of x[0, n) with the monoid operator opcode (n >= 1) into *result_host. */
int GG_cuda_reduce_all(int opcode, int type_code, const void *x_dev, uint64_t n,
                       void *result_host);

/* The reduction of every vector of v with opcode into out_host[k] (nvec values; the value of an
 * empty vector is the operator's identity and is not meant to be used). */
int GG_cuda_reduce_vectors(int opcode, int type_code, const GG_cuda_cview *v, void *out_host);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_UNARY_H */
