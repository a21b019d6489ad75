/* GG_cuda_vslot.h: what every CUDA slot over vectors shares (cuda/slots/vector.c): the decision to
 * take a call (DESIGN.md §5.3: resident operands stay on the device whatever their size; host
 * operands move only for enough work), the device operands of the write-back, and its last step,
 * which writes the output's new content on the device (GG_cuda_vec_ewise) and installs it there,
 * so nothing comes back to the host. */
#ifndef GG_CUDA_VSLOT_H
#define GG_CUDA_VSLOT_H

#include "GG_cuda_backend.h"
#include "GG_cuda_store.h"
#include "GG_cuda_vec_kernels.h"
#include "GG_opcodes.h"

/* An operator's device description (opcode and its types' codes; a missing type is 0). */
GG_cuda_op GG_cuda_op_of_binary(GrB_BinaryOp op);
/* The same for an index-unary operator applied to values of atype: a positional operator without
 * an x type reads none, and atype stands in for it. */
GG_cuda_op GG_cuda_op_of_index(GrB_IndexUnaryOp op, GrB_Type atype);

/* Whether the device takes a call over the containers objs (NULL entries skipped) with dimension
 * n: GrB_SUCCESS, or GG_DECLINE with the reason: a user-defined type, or every operand on the host
 * and too little work to pay for moving them (unless CUDA is forced). The work is n, or the
 * operands' entries when they are under a 64th of it; with fill, the call writes all n positions
 * whatever its operands hold (a scalar over all of C), and the work is n. */
GrB_Info GG_cuda_vec_take(const GG_desc *d, GrB_Index n, bool fill, GG_container *const *objs,
                          int nobjs);
#define GG_CUDA_TAKE_(d, n, fill, ...)                                                             \
    GG_cuda_vec_take((d), (n), (fill), (GG_container *const[]){__VA_ARGS__},                       \
                     (int)(sizeof((GG_container *const[]){__VA_ARGS__}) / sizeof(GG_container *)))
#define GG_CUDA_VEC_TAKE(d, n, ...) GG_CUDA_TAKE_(d, n, false, __VA_ARGS__)
#define GG_CUDA_FILL_TAKE(d, n, ...) GG_CUDA_TAKE_(d, n, true, __VA_ARGS__)

/* The write-back side of one call: C's and M's device content and the kernel's parameters. */
typedef struct {
    GG_container *C, *M;
    const GG_cuda_vec *c; /* C's device content, NULL when the result does not depend on it */
    const GG_cuda_vec *m;
    GG_cuda_op accop;
    GG_cuda_wb wb;
    GG_vdata empty; /* stands for C when c is NULL */
} GG_cuda_vcall;

/* Checks the accumulator (GG_DECLINE when the kernels lack it), then brings C (only when the
 * result depends on its content: a mask, an accumulator or a complemented empty mask) and M to the
 * device. Nothing is written. */
GrB_Info GG_cuda_vcall_begin(GG_cuda_vcall *k, GG_container *C, GG_container *M,
                             GrB_BinaryOp accum, const GG_desc *d);
/* Z = C<M, replace>(region) = accum(C, T) with T as t describes, installed as C's device content.
 * GrB_OUT_OF_MEMORY leaves C unchanged. */
GrB_Info GG_cuda_vcall_finish(GG_cuda_vcall *k, const GG_cuda_tdesc *t);
/* Installs Z (device arrays of C's dimension and type, taken) as C's content when it already is
 * the write-back's result; waits for it in GrB_BLOCKING mode. */
GrB_Info GG_cuda_vcall_install(GG_cuda_vcall *k, GG_cuda_vec *Z);

/* The vector paths of the table's slots (cuda/slots/vector.c), which the slots call when their
 * output is a vector (GG_cuda_assign and GG_cuda_extract, vector-only, are table slots). */
GG_apply_fn GG_cuda_vslot_apply;
GG_select_fn GG_cuda_vslot_select;
GG_reduce_scalar_fn GG_cuda_vslot_reduce_scalar;
GrB_Info GG_cuda_vslot_ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d,
                             bool mult);

/* An apply's operator as the kernels take it: T's kind, the operator (a positional one reads no x:
 * atype, A's type, stands in) and the bound scalar cast to its domain (s1 of s1code; none for a
 * unary operator). GG_DECLINE for user-defined operators or types and operators without a device
 * rule. */
GrB_Info GG_cuda_apply_decode(const GG_apply_op *op, GrB_Type atype, GG_cuda_tkind *kind,
                              GG_cuda_op *o, unsigned char s1[16], int *s1code);

/* Whether the products (mxv's, mxm's) take semiring sr: GrB_SUCCESS, or GG_DECLINE with the reason
 * for user-defined operators, a multiply whose types differ from the monoid's (a typecast inside
 * the semiring), or an (add, multiply, type) without a device kernel (GG_cuda_vec_pull_supported,
 * the set every product's kernels share). */
GrB_Info GG_cuda_semiring_take(GrB_Semiring sr);

/* The value the products (mxv, mxm) fold each output from, of the semiring's type t: neutral for
 * every term, as the CPU's first-term fold is (the monoid's identity, except for floating-point
 * PLUS, MIN and MAX); in buf when it is not the identity. */
const void *GG_cuda_fold_start(GrB_Semiring sr, int t, unsigned char buf[8]);

/* A host value of type xtype cast into out (16 bytes) as ztype; false for a user-defined type. */
bool GG_cuda_host_cast(unsigned char out[16], GrB_Type ztype, const void *x, GrB_Type xtype);

#endif /* GG_CUDA_VSLOT_H */
