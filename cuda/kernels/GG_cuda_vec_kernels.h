/* GG_cuda_vec_kernels.h: plain-C entry points of the device kernels over vectors in their three
 * forms (GG_vform.h): the fused element-wise producer + masked write-back, reductions, gather and
 * scatter, and form conversions. The CUDA slots (cuda/slots) call them with device content from
 * cuda/store; nothing here reads or writes host memory except where a call says so (a reduction's
 * result). Every call runs on the library's stream and returns before the work is done unless it
 * says otherwise (results are stream-ordered).
 *
 * Types and operators: every built-in type (GrB_Type_Code 1..11: BOOL, INT8, UINT8, INT16, UINT16,
 * INT32, UINT32, INT64, UINT64, FP32, FP64) and every built-in operator by its GG_opcode
 * (src/object/GG_opcodes.h), with the library's typecast rules (src/object/cast.c) wherever an
 * operand's type differs from the operator's domain. A type code of 0 (user-defined) is never
 * passed: the slots decline those calls first. Positional operators read an entry's index as i
 * and 0 as j, as for an n x 1 matrix.
 *
 * Inputs are read by their form: a BITMAP input's nvals is never read (the host may not know it
 * after a device write; its flags say), a SPARSE input's is. An input with no entries may have
 * NULL arrays. Every call that writes a GG_cuda_vec clears it first, so on failure it holds no
 * buffer.
 *
 * Results: GG_CUDA_VRC_OK, GG_CUDA_VRC_NOMEM (device memory or the pool limit; no output was
 * produced and every buffer allocated by the call was freed), GG_CUDA_VRC_UNSUPPORTED (asked
 * before any work; nothing allocated; also a dimension beyond GG_VFORM_BITMAP_MAX where a call
 * would need a bitmap of it), GG_CUDA_VRC_ERROR (a CUDA error, cleared; or a malformed call). */
#ifndef GG_CUDA_VEC_KERNELS_H
#define GG_CUDA_VEC_KERNELS_H

#include "GG_cuda_vec.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GG_CUDA_VRC_OK = 0, GG_CUDA_VRC_NOMEM = 1, GG_CUDA_VRC_UNSUPPORTED = 2, GG_CUDA_VRC_ERROR = 3 };

/* An operator: its GG_opcode and the type codes of its inputs and result. For a unary operator
 * ycode is 0; for an index-unary operator ycode is the thunk's type (its domain). */
typedef struct {
    int opcode;
    int xcode, ycode, zcode;
} GG_cuda_op;

/* How T, the result before the write-back, is produced position by position. */
typedef enum {
    GG_CUDA_T_VEC,         /* T = A (e.g. the product of an SpMV, a gather, a transpose-free copy) */
    GG_CUDA_T_SCALAR,      /* T(i) = s1 at every position (assign of a scalar) */
    GG_CUDA_T_APPLY_UNARY, /* T(i) = op(A(i)) */
    GG_CUDA_T_APPLY_BIND1ST, /* T(i) = op(s1, A(i)) */
    GG_CUDA_T_APPLY_BIND2ND, /* T(i) = op(A(i), s1) */
    GG_CUDA_T_APPLY_INDEX, /* T(i) = op(A(i), i, 0, s1) (index-unary, e.g. GrB_ROWINDEX) */
    GG_CUDA_T_SELECT,      /* T(i) = A(i) where op(A(i), i, 0, s1) is true */
    GG_CUDA_T_ADD,         /* eWiseAdd: op on the intersection, A or B alone elsewhere */
    GG_CUDA_T_MULT,        /* eWiseMult: op on the intersection only */
    GG_CUDA_T_UNION        /* eWiseUnion: op(A(i) or s1, B(i) or s2) on the union */
} GG_cuda_tkind;

typedef struct {
    GG_cuda_tkind kind;
    const GG_vdata *A; /* device content of the first input (NULL for T_SCALAR) */
    int acode;
    const GG_vdata *B; /* the second input (ADD, MULT, UNION), else NULL */
    int bcode;
    GG_cuda_op op;     /* the operator (unused for T_VEC and T_SCALAR) */
    unsigned char s1[16]; /* host value: bound scalar, thunk, assigned scalar, union alpha */
    int s1code;
    unsigned char s2[16]; /* host value: union beta */
    int s2code;
    int tcode;         /* the type of T: op.zcode; A's type for T_VEC/T_SELECT; s1code for
                        * T_SCALAR */
} GG_cuda_tdesc;

/* The write-back C<M, replace>(region) = accum(C(region), T) with the spec's rules (the CPU's
 * backend's region write-back has the same specification): where the mask allows a position inside
 * the region, C gets accum(C, T) when both have an entry, C's or T's (cast to C's type) when only
 * one has, and loses its entry when neither (without accum: T's, or nothing); outside the mask C
 * keeps its entry unless replace; outside the region C is kept. */
typedef struct {
    const GG_vdata *M; /* device content of the mask, or NULL for none */
    int mcode;
    bool mstruct, mcomp, replace;
    const GG_cuda_op *accum; /* NULL: none; else accum->xcode is C's side, ycode T's side */
    const uint8_t *region;   /* device flags, n bytes: the positions assigned (GrB_assign with an
                              * index list), or NULL for every position */
} GG_cuda_wb;

/* Z = C<M, replace>(region) = accum(C(region), T) with T produced by t, fused in one pass over
 * the positions where possible. C is the current device content of the output (type ccode), read
 * only: Z is new (device arrays and count from GG_cuda_malloc) and may be installed as the output's
 * content by the caller. Z's form: FULL (nvals_known) when every position is known present without
 * looking (every position allowed - no mask, a complemented mask with no entry or a structural
 * full mask - no region, and T complete, or C full under accum), iso FULL for a scalar assigned
 * everywhere without accum (O(1), any n), an empty SPARSE Z when n is 0, else BITMAP with nvals in
 * Z->count. Inputs of any form (sparse ones are read through a bitmap made on the fly). T's type is
 * derived from the kind as t->tcode documents (the field itself is not read). An accumulator is
 * applied as the CPU write-back applies it: a positional one answers for the entry (0, 0). */
int GG_cuda_vec_ewise(GG_cuda_vec *Z, const GG_vdata *C, int ccode, const GG_cuda_tdesc *t,
                      const GG_cuda_wb *wb);

/* The reduction of A's entries (cast to monoid->zcode) with the monoid's operator, written to the
 * host at result (zcode's size); *empty is set when A has no entry (result untouched). Waits for
 * the stream (the caller needs the value). */
int GG_cuda_vec_reduce(const GG_vdata *A, int acode, const GG_cuda_op *monoid, void *result,
                       bool *empty);

/* T(k) = A(I[k]) for k < ni, where A has an entry at I[k] (T has dimension ni, A's type and value
 * size; BITMAP with its count, or FULL when A is FULL; iso when A is; an empty SPARSE T when A has
 * no entry or ni is 0). I is a device array of ni indices < A->n, or NULL for the identity
 * (T = A(0 .. ni-1)). */
int GG_cuda_vec_gather(GG_cuda_vec *T, const GG_vdata *A, const uint64_t *I, uint64_t ni);

/* For GrB_assign with an index list: T (dimension n, BITMAP) with T(I[k]) = U(k) where U has entry
 * k (U NULL: the scalar s of type scode everywhere in I, an iso T), and region (new device flags, n
 * bytes, from GG_cuda_malloc: the caller frees it) marking every I[k]. T's type is U's (ucode) or
 * scode. I is a device array of ni indices < n; U has dimension ni.
 * GG_CUDA_VRC_UNSUPPORTED when I repeats an index (the spec leaves the result undefined; the CPU
 * backend defines it) - checked on the device, so this call waits for the stream (one counted
 * 16-byte copy, which also brings T's nvals: T->nvals_known). */
int GG_cuda_vec_scatter(GG_cuda_vec *T, uint8_t **region, uint64_t n, const GG_vdata *U, int ucode,
                        const void *s, int scode, const uint64_t *I, uint64_t ni);

/* A BITMAP (or FULL, left as it is) copy of A in new device arrays, e.g. an SpMV input: never iso
 * (an iso value is spread to every entry's position, as a kernel indexing x by position needs). */
int GG_cuda_vec_to_bitmap(GG_cuda_vec *out, const GG_vdata *A);

/* Conforms v in place to GG_vform_choose once its nvals is known (v->nvals_known; otherwise v is
 * left as it is): a BITMAP with few entries becomes SPARSE (stream compaction), a SPARSE one with
 * many BITMAP, a complete one FULL. NOMEM leaves v as it was. */
int GG_cuda_vec_conform(GG_cuda_vec *v);

/* C<M>(:) = T in place, for an assign without accumulator, replace or complemented mask: only the
 * positions M admits (value mask of type mcode, or structural) change in C's own arrays, C BITMAP
 * with its count (which the kernel updates; C->nvals_known becomes false) or FULL, never iso. T is
 * a scalar (GG_CUDA_T_SCALAR) or a vector (GG_CUDA_T_VEC; where it has no entry an admitted entry
 * of C is deleted, so a FULL C takes only a FULL T). GG_CUDA_VRC_UNSUPPORTED, touching nothing,
 * for any other case: the caller then runs the general write-back. */
int GG_cuda_vec_assign_inplace(GG_cuda_vec *C, int ccode, const GG_cuda_tdesc *t, const GG_vdata *M,
                               int mcode, bool mstruct);

/* Whether the kernels handle this operator (asked by the slots before touching anything): every
 * built-in unary, binary and index-unary operator on built-in types (the bitwise ones on integers
 * and BOOL only, the positional binary ones with an INT32 or INT64 result). */
bool GG_cuda_vec_op_supported(const GG_cuda_op *op);

/* Whether op can be the accumulator of GG_cuda_vec_ewise (a supported binary operator). */
bool GG_cuda_vec_accum_supported(const GG_cuda_op *op);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_VEC_KERNELS_H */
