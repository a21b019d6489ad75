/* GG_cuda_dense.h: plain-C entry point of the dense write-back kernel behind the CUDA mxv/vxm
 * slot (cuda/dense_writeback.cu): w<m, replace> = accum(w, t) over a dense result t with a
 * presence flag per position, all of one domain type (GrB_Type_Code; the types of GG_cuda_spmv.h).
 * The rule per position i, as the CPU write-back has it: z = accum(w, t) where both are present,
 * else whichever is (without accum: t alone); where the mask allows i (m[i] != comp; no mask
 * allows everything unless comp), w gets z, elsewhere w keeps its entry unless replace. */
#ifndef GG_CUDA_DENSE_H
#define GG_CUDA_DENSE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* t_dev / tp_dev: the device result (n values, n presence bytes). w_host / wp_host: the old w as
 * dense host arrays, NULL when w is empty. m_host: the mask's truth per position (n bytes), NULL
 * without a mask. accum_op: a GG_opcode of GG_cuda_spmv.h's binary operators, or -1 for none.
 * The new w comes back as z_host / zp_host (n each). Returns a GG_CUDA_RC_* code. */
int GG_cuda_dense_writeback(int type_code, int accum_op, bool comp, bool replace, uint64_t n,
                            const void *t_dev, const unsigned char *tp_dev, const void *w_host,
                            const unsigned char *wp_host, const unsigned char *m_host,
                            void *z_host, unsigned char *zp_host);

/* Whether accum_op on type_code is handled (gg_binop's operators and domains). */
bool GG_cuda_dense_accum_supported(int accum_op, int type_code);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_DENSE_H */
