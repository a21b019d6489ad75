/* GG_backend.h: the backend table (one slot per operation family) and the policy that picks a
 * backend for one call (DESIGN.md §5 step 3).
 *
 * src/ops validates and decodes every argument, then calls one slot. A slot receives only
 * already-checked arguments and computes the whole result, including the masked, accumulated
 * write-back C<M,replace> = accum(C, T) (DESIGN.md §5 step 4), so GPU results never bounce to the
 * host. The CPU and CUDA backends implement the same slots with identical signatures, named
 * GG_cpu_<slot> and GG_cuda_<slot>; declare them with the function types below
 * (e.g. `GG_mxm_fn GG_cpu_mxm;`) so the signatures cannot drift apart.
 *
 * Conventions shared by every slot:
 * - Vectors are passed as their n x 1 containers (GG_VEC(v)), matrices as GG_MAT(A).
 * - M is the mask container or NULL (no mask). d is never NULL; d->replace, d->mask_comp and
 *   d->mask_struct describe the mask. For vector operations the ops layer clears tran0 and tran1,
 *   so transposes only ever apply to true matrix inputs; which input each flag applies to is
 *   stated per slot.
 * - accum is NULL (T replaces C) or a binary operator whose types the ops layer checked.
 * - Types are only known to be compatible: every slot casts as the spec says (the input to the
 *   operator's domain, the operator's result to C's type).
 * - Index lists: I == GrB_ALL means 0..ni-1, with ni already set to the full dimension; every
 *   explicit entry was checked against its dimension (GrB_INDEX_OUT_OF_BOUNDS) before the call.
 * - The output may also be an input or the mask (C == A, M == C, ...): slots must read every input
 *   before replacing the output's content.
 * - A slot returns GrB_SUCCESS, GrB_OUT_OF_MEMORY (outputs unchanged), GrB_PANIC, or for the CUDA
 *   backend GG_DECLINE before touching any output. */
#ifndef GG_BACKEND_H
#define GG_BACKEND_H

#include "GG_internal.h"

/* Internal code: the CUDA backend declines this call (e.g. too small, unsupported case); the ops
 * layer then runs the CPU slot. Only valid before any output was touched. Never returned to
 * users. */
#define GG_DECLINE ((GrB_Info)-1000)

/* A CUDA slot's way to decline: records `why` (a static string, e.g. "fewer than 65536 entries")
 * for the dispatcher's trace line and returns GG_DECLINE. The reason is per thread. */
GrB_Info GG_decline(const char *why);
/* The reason of this thread's last GG_decline ("no reason given" if none). */
const char *GG_decline_reason(void);

/* Whether the call's backend setting (d->backend, else the global one) forces CUDA: a CUDA slot
 * then skips its too-small-to-pay-off threshold (tests use this to reach the GPU kernels with
 * small inputs); it still declines what it cannot compute. */
bool GG_backend_forced_cuda(const GG_desc *d);

/* ---- device settings (src/backend/device.c) ---------------------------------------------------
 * GxG_DEVICE_ID: the CUDA device to use, settable until the device is first used (detection);
 * afterwards a different value is GrB_INVALID_VALUE. GxG_DEVICE_POOL_LIMIT: the bytes of device
 * memory the library may hold at once (0: no limit). */
GrB_Info GG_device_set_id(int32_t id);
int32_t GG_device_id(void);
void GG_device_set_pool_limit(size_t bytes);
size_t GG_device_pool_limit(void);

/* C<M> = accum(C, op0(A) (+.*) op1(B)); op0/op1 transpose per d->tran0/d->tran1. */
typedef GrB_Info GG_mxm_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                           GrB_Semiring semiring, GG_container *A, GG_container *B,
                           const GG_desc *d);

/* w<m> = accum(w, T), A transposed iff d->tran0 (the ops layer moves vxm's tran1 there, tran1 is
 * clear). vxm == false (GrB_mxv): T(i) = (+)_k op(A)(i,k) (*) u(k).
 * vxm == true  (GrB_vxm): T(j) = (+)_k u(k) (*) op(A)(k,j); note the multiplier's operand order. */
typedef GrB_Info GG_mxv_fn(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                           GrB_Semiring semiring, GG_container *A, GG_container *u,
                           const GG_desc *d, bool vxm);

/* C<M> = accum(C, op0(A) op op1(B)) over the union (eWiseAdd) or intersection (eWiseMult) of the
 * patterns. The ops layer reduces the Semiring and Monoid forms to one binary operator: eWiseAdd
 * takes the semiring's additive operator, eWiseMult its multiplicative one, a monoid its
 * operator. */
typedef GrB_Info GG_ewise_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d);

/* C<M> = accum(C, op0(A)(I, J)), op0 transposes per d->tran0. GrB_Vector_extract passes
 * J = GrB_ALL, nj = 1; GrB_Col_extract passes J = &j, nj = 1 (a column of op0(A) into an ni x 1
 * container). */
typedef GrB_Info GG_extract_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                               GG_container *A, const GrB_Index *I, GrB_Index ni,
                               const GrB_Index *J, GrB_Index nj, const GG_desc *d);

/* Which region of C the mask and the replace option cover. */
typedef enum {
    GG_ASSIGN_ALL, /* GrB_Vector/Matrix_assign and their scalar forms: M is the size of C */
    GG_ASSIGN_ROW, /* GrB_Row_assign: C(i, J), I = &i, ni = 1; M (ncols(C) x 1) covers row i only */
    GG_ASSIGN_COL  /* GrB_Col_assign: C(I, j), J = &j, nj = 1; M (nrows(C) x 1) covers column j */
} GG_assign_kind;

/* C<M>(I, J) = accum(C(I, J), S). The source S is exactly one of:
 * - A != NULL: a container (op0(A), transposed per d->tran0 in the GG_ASSIGN_ALL matrix form; for
 *   GG_ASSIGN_ROW it is the row as an nj x 1 container, for GG_ASSIGN_COL the column, ni x 1),
 * - scalar != NULL: every position of (I, J) gets the value `scalar` of type stype (a GrB_Scalar
 *   source with an entry, or a typed C scalar; for _UDT stype is C's type),
 * - both NULL: the source is empty (a GrB_Scalar without an entry): like an empty matrix.
 * For vectors J = GrB_ALL, nj = 1. */
typedef GrB_Info GG_assign_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GG_container *A, const void *scalar, GrB_Type stype,
                              const GrB_Index *I, GrB_Index ni, const GrB_Index *J, GrB_Index nj,
                              GG_assign_kind kind, const GG_desc *d);

/* The operator of an apply, with its bound scalar. */
typedef enum {
    GG_APPLY_UNARY,    /* T = unop(a) */
    GG_APPLY_BIND1ST,  /* T = binop(scalar, a) */
    GG_APPLY_BIND2ND,  /* T = binop(a, scalar) */
    GG_APPLY_INDEXOP   /* T = idxop(a, i, j, scalar); j = 0 for vectors */
} GG_apply_kind;

typedef struct {
    GG_apply_kind kind;
    GrB_UnaryOp unop;        /* GG_APPLY_UNARY */
    GrB_BinaryOp binop;      /* GG_APPLY_BIND1ST / BIND2ND */
    GrB_IndexUnaryOp idxop;  /* GG_APPLY_INDEXOP */
    const void *scalar;      /* the bound value or thunk (NULL for UNARY), of type stype, not yet
                              * cast to the operator's domain */
    GrB_Type stype;
} GG_apply_op;

/* C<M> = accum(C, f(op0(A))) entry by entry, op0 transposes per d->tran0. */
typedef GrB_Info GG_apply_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             const GG_apply_op *op, GG_container *A, const GG_desc *d);

/* C<M> = accum(C, op0(A) restricted to the entries where op(a, i, j, thunk) is true); thunk of type
 * ttype, not yet cast; j = 0 for vectors. op0 transposes per d->tran0. */
typedef GrB_Info GG_select_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GrB_IndexUnaryOp op, GG_container *A, const void *thunk,
                              GrB_Type ttype, const GG_desc *d);

/* w<m> = accum(w, T), T(i) = op-reduction of row i of op0(A) (d->tran0 reduces columns). monoid is
 * the GrB_Matrix_reduce_Monoid argument (op is its operator), NULL for GrB_Matrix_reduce_BinaryOp.
 * Rows without entries give no entry in T. */
typedef GrB_Info GG_reduce_vector_fn(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                                     GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                                     const GG_desc *d);

/* out = accum(out, t), t the reduction of every entry of A (vector or matrix; no transposes).
 * The output is exactly one of:
 * - s != NULL (the _Scalar forms): t has no entry when A has none; accum(empty, t) = t and
 *   accum(s, empty) = s, so s stays empty only when both are;
 * - c != NULL (the C-scalar forms, monoid only): *c of type ctype; t is the monoid's identity
 *   when A is empty.
 * monoid is NULL for the BinaryOp forms (op is then the reducer). */
typedef GrB_Info GG_reduce_scalar_fn(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                                     GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                                     const GG_desc *d);

/* C<M> = accum(C, A'); with d->tran0 set, T = A (the two transposes cancel). */
typedef GrB_Info GG_transpose_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                                 GG_container *A, const GG_desc *d);

/* C<M> = accum(C, kron(op0(A), op1(B))) with op as the multiplier; the ops layer reduces the
 * Semiring form to its multiplicative operator and the Monoid form to its operator. */
typedef GrB_Info GG_kronecker_fn(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                                 GrB_BinaryOp op, GG_container *A, GG_container *B,
                                 const GG_desc *d);

/* X(slot, SLOT, function type): the operation families, in one list so the table, the family
 * enum and the slot lookup are written once. */
#define GG_BACKEND_SLOTS(X)                                                                        \
    X(mxm, MXM, GG_mxm_fn)                                                                         \
    X(mxv, MXV, GG_mxv_fn)                                                                         \
    X(ewise_add, EWISE_ADD, GG_ewise_fn)                                                           \
    X(ewise_mult, EWISE_MULT, GG_ewise_fn)                                                         \
    X(extract, EXTRACT, GG_extract_fn)                                                             \
    X(assign, ASSIGN, GG_assign_fn)                                                                \
    X(apply, APPLY, GG_apply_fn)                                                                   \
    X(select, SELECT, GG_select_fn)                                                                \
    X(reduce_vector, REDUCE_VECTOR, GG_reduce_vector_fn)                                           \
    X(reduce_scalar, REDUCE_SCALAR, GG_reduce_scalar_fn)                                           \
    X(transpose, TRANSPOSE, GG_transpose_fn)                                                       \
    X(kronecker, KRONECKER, GG_kronecker_fn)

typedef enum {
#define GG_SLOT_ENUM(slot, SLOT, fn) GG_FAM_##SLOT,
    GG_BACKEND_SLOTS(GG_SLOT_ENUM)
#undef GG_SLOT_ENUM
    GG_FAM_COUNT
} GG_opfamily;

/* A backend: its name ("cpu", "cuda") and one slot per family; a NULL slot is not implemented. */
typedef struct {
    const char *name;
#define GG_SLOT_FIELD(slot, SLOT, fn) fn *slot;
    GG_BACKEND_SLOTS(GG_SLOT_FIELD)
#undef GG_SLOT_FIELD
} GG_backend;

/* The CPU backend (src/cpu). The CUDA table, GG_cuda_backend, is declared only in backend.c, the
 * one place that references CUDA (DESIGN.md §2). */
extern const GG_backend GG_cpu_backend;

/* Lower-case family name, e.g. "ewise_add". */
const char *GG_opfamily_name(GG_opfamily op);

/* Whether backend b implements family op. */
bool GG_backend_has(const GG_backend *b, GG_opfamily op);

/* The CUDA backend's table when it is compiled in, else NULL (whether a device is present or not):
 * what the CUDA backend implements, for reports such as Doc/STATUS.md. */
const GG_backend *GG_cuda_table(void);

/* Whether any backend compiled into this build implements family op. */
bool GG_family_compiled(GG_opfamily op);

/* Picks the backend for one call of family op. The choice comes from d->backend when it is not
 * AUTO, else from GG_global.backend. Forced CPU returns the CPU backend; forced CUDA the CUDA one,
 * or NULL when it is not compiled in or no device answers (an error for the caller), or the CPU
 * backend when CUDA lacks the family (the reason says so, the trace shows it and
 * GxG_CUDA_DECLINES counts it). AUTO returns CUDA only when a device is available
 * (GG_backends_available() & 2), CUDA implements op, and every object in objs (types, operators,
 * monoids, semirings; NULL entries are skipped) is built-in, else CPU. *reason gets a static
 * sentence saying why (kept for the trace). The result may lack the slot: the caller checks. */
const GG_backend *GG_backend_select(GG_opfamily op, const GG_desc *d, const void *const *objs,
                                    size_t nobjs, const char **reason);

/* GG_backend_select with the objects listed inline. */
#define GG_BACKEND_SELECT(op, d, reason, ...)                                                      \
    GG_backend_select((op), (d), (const void *const[]){__VA_ARGS__},                               \
                      sizeof((const void *const[]){__VA_ARGS__}) / sizeof(const void *), (reason))

#endif /* GG_BACKEND_H */
