/* GG_cuda_backend.h: the C side of the CUDA backend (plain C; it sees GG_internal.h and the slot
 * types): the slot functions of the backend table, and residency, the device mirrors of
 * containers that let data stay on the device across calls. The CUDA C++ kernels behind them are
 * declared in C-callable headers of their own (GG_cuda_*.h) that use only GG_cuda_kernels.h. */
#ifndef GG_CUDA_BACKEND_H
#define GG_CUDA_BACKEND_H

#include "GG_backend.h"
#include "GG_cuda.h"
#include "GG_cuda_kernels.h"
#include "GG_cuda_spmv.h"

#include <time.h>

/* The CUDA slots (a slot missing from GG_cuda_backend runs on the CPU, visibly in the trace). */
GG_mxv_fn GG_cuda_mxv;
GG_mxm_fn GG_cuda_mxm;
/* The products behind GG_cuda_mxm (cuda/slots/mxm_*.c): the row-wise saxpy (any mask). */
GG_mxm_fn GG_cuda_mxm_saxpy;
/* The row chunks (both passes) of this thread's last saxpy product: 2 when all fit at once (the
 * tests check that a small GxG_DEVICE_POOL_LIMIT forces more). */
uint64_t GG_cuda_mxm_last_chunks(void);
/* The waves of dense rows (numeric pass) of this thread's last saxpy product. */
uint64_t GG_cuda_mxm_last_waves(void);
GG_ewise_fn GG_cuda_ewise_add, GG_cuda_ewise_mult;
GG_apply_fn GG_cuda_apply;
GG_select_fn GG_cuda_select;
GG_reduce_vector_fn GG_cuda_reduce_vector;
GG_reduce_scalar_fn GG_cuda_reduce_scalar;
GG_assign_fn GG_cuda_assign;
GG_extract_fn GG_cuda_extract;
GG_mxm_fn GG_cuda_mxm;

/* Below this many entries (or rows, for mxv) the host is faster than a round trip to the device
 * (a launch, the copy of the result back): the slots decline, unless GxG_BACKEND forces CUDA
 * (GG_backend_forced_cuda), which tests use to run the kernels on small inputs. */
#define GG_CUDA_MIN_WORK ((GrB_Index)1 << 16)

static inline bool GG_cuda_too_small(const GG_desc *d, GrB_Index work)
{
    return work < GG_CUDA_MIN_WORK && !GG_backend_forced_cuda(d);
}

/* A kernel entry point's return code (GG_CUDA_VRC_* / GG_CUDA_SPMV_*: 0 ok, 1 out of device
 * memory, 3 any other CUDA error) as a slot's GrB_Info. */
static inline GrB_Info GG_cuda_info(int rc)
{
    return rc == 0 ? GrB_SUCCESS : rc == 1 ? GrB_OUT_OF_MEMORY : GrB_PANIC;
}

/* ---- a matrix's device content (cuda/store/matrix.c) ------------------------------------------
 * Each returns the device form of a matrix container's content: the device tree itself when the
 * matrix was written on the device, else a copy of the host tree made on first demand (counted and
 * traced with its bytes and reason); a view is uploaded from the host view, or built on the device
 * when the host holds no tree. It stays valid until the container is next written. GrB_OUT_OF_MEMORY
 * when the device memory or the pool limit does not allow it; the container is unchanged either
 * way. */
GrB_Info GG_cuda_mirror_hs(GG_container *A, GG_cuda_hs *out);
GrB_Info GG_cuda_mirror_cview(GG_container *A, bool by_col, GG_cuda_cview *out);
/* The tree's SpMV schedule (GG_cuda_spmv.h), built on the device once per device tree and kept in
 * the mirror beside it; *s is NULL for an empty tree. */
GrB_Info GG_cuda_mirror_schedule(GG_container *A, const GG_cuda_hs_schedule **s);
/* Whether every entry of A is one value (an iso tree, unscaled), and that value (A's type) in
 * *value; from the device tree's record or the host tree, without copying anything. */
bool GG_cuda_mirror_iso(GG_container *A, void *value);
/* Whether the mirror already holds A's view (by_col: CSC), without copying anything. */
bool GG_cuda_mirror_has_cview(GG_container *A, bool by_col);
/* Whether A's content is a product's rows whose tree is not built yet (GG_cuda_mat_install_csr). */
bool GG_cuda_mirror_rows_wait(GG_container *A);
/* With the trace on: waits for the device and returns the ms since *mark, then sets *mark to now,
 * so trace lines can say where a call's time goes (a profile run times only whole calls); 0 and
 * no wait with the trace off. */
double GG_cuda_trace_ms(struct timespec *mark);
/* A's device tree (as GG_cuda_mirror_hs) and its entries in its own order as tree-order keys of
 * its format with their values (GG_cuda_hs_to_keys), decoded on first demand and kept in the mirror
 * beside the tree (nvals of each; NULL when empty). GG_DECLINE for a transposed tree or
 * coordinates wider than 32 bits. */
GrB_Info GG_cuda_mirror_tkeys(GG_container *A, GG_cuda_hs *hs, const uint64_t **key, const void **x);
/* Gives C's mirror (just installed) the view v, taking its allocation mem (freed when C already
 * holds that view or has no mirror). */
void GG_cuda_mirror_adopt_cview(GG_container *C, bool by_col, const GG_cuda_cview *v, void *mem);
/* The full-vector SpMV's facts about A (by_col: A') that the mirror holds (GG_cuda_spmv_facts'
 * have_cview, have_sview, no_sview), counting this product in f->calls. */
void GG_cuda_mirror_spmv_facts(GG_container *A, bool by_col, GG_cuda_spmv_facts *f);
/* A's compact SpMV view (by_col: of A'; A holds nvals entries), made from the 64-bit view on first
 * demand (which is made too when missing); GrB_NO_VALUE when A has none (GG_cuda_sview_of
 * declined; remembered until A is written), GrB_OUT_OF_MEMORY as GG_cuda_mirror_cview. */
GrB_Info GG_cuda_mirror_sview(GG_container *A, bool by_col, uint64_t nvals, GG_cuda_sview *out);
#endif /* GG_CUDA_BACKEND_H */
