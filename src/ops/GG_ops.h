/* GG_ops.h: what every operation entry point in src/ops shares: argument checks in the order
 * every GrB_ method uses (NULL pointers, then object validity, then the descriptor, domains,
 * dimensions, scalar indices, empty scalars, index lists), their error messages, and the dispatch
 * to the backend slot chosen by GG_backend_select. Each check exists once here; the family files
 * only state which arguments meet which rule. */
#ifndef GG_OPS_H
#define GG_OPS_H

#include "GG_backend.h"

/* GG_KIND_OF_##K maps an object-kind token of the public names (Vector, Monoid, ...) to GG_kind. */
#define GG_KIND_OF_UnaryOp GG_KIND_UNARYOP
#define GG_KIND_OF_BinaryOp GG_KIND_BINARYOP
#define GG_KIND_OF_IndexUnaryOp GG_KIND_INDEXUNARYOP
#define GG_KIND_OF_Monoid GG_KIND_MONOID
#define GG_KIND_OF_Semiring GG_KIND_SEMIRING
#define GG_KIND_OF_Scalar GG_KIND_SCALAR
#define GG_KIND_OF_Vector GG_KIND_VECTOR
#define GG_KIND_OF_Matrix GG_KIND_MATRIX

/* A vector or matrix handle as its container (the container is the object's first member). */
#define GG_CONT(x) ((GG_container *)(x))

/* The spec's names of an operation's output and inputs, plain and as "argument 'x'": w, u, v for
 * vector operations, C, A, B for matrix ones. */
typedef struct {
    const char *out, *in0, *in1;
    const char *arg_in0, *arg_in1;
} GG_names;
extern const GG_names GG_vector_names, GG_matrix_names;
#define GG_NAMES(K) ((K) == GG_KIND_VECTOR ? &GG_vector_names : &GG_matrix_names)

/* One call in progress: the public function's name (for messages), the object that records the
 * error (the output; NULL when there is none), and the decoded descriptor. */
typedef struct {
    const char *func;
    void *out;
    GG_desc d;
} GG_op;

#define GG_TRY(call)                                                                               \
    do {                                                                                           \
        GrB_Info gg_try_ = (call);                                                                 \
        if (gg_try_ != GrB_SUCCESS) return gg_try_;                                                \
    } while (0)

/* Records "func: message" on k->out and returns info. */
GrB_Info GG_op_fail(const GG_op *k, GrB_Info info, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- step 1: handles ------------------------------------------------------------------------- */

/* An argument to check: an object of `kind` (required, or optional: NULL means absent), or with
 * kind 0 a plain pointer (index array, C scalar, _UDT value) that must not be NULL. */
typedef struct {
    const void *p;
    GG_kind kind;
    bool optional;
    const char *name;
} GG_arg;
#define GG_ARG_OBJ(p, K, name) ((GG_arg){(p), (K), false, (name)})
#define GG_ARG_OPT(p, K, name) ((GG_arg){(p), (K), true, (name)})
#define GG_ARG_PTR(p, name) ((GG_arg){(p), (GG_kind)0, false, (name)})

/* Checks args: first every required one for NULL (GrB_NULL_POINTER), then every present object for
 * liveness and kind (GrB_UNINITIALIZED_OBJECT / GrB_INVALID_OBJECT); then decodes desc (already in
 * args, as an optional descriptor) into k->d and clears k->out's last error. */
GrB_Info GG_op_start(GG_op *k, GrB_Descriptor desc, const GG_arg *args, size_t nargs);
#define GG_OP_START(k, desc, ...)                                                                  \
    GG_op_start((k), (desc), (const GG_arg[]){__VA_ARGS__},                                        \
                sizeof((const GG_arg[]){__VA_ARGS__}) / sizeof(GG_arg))

/* ---- scalar arguments of the typed families ------------------------------------------------- */

/* The scalar of a typed family member: a built-in C value (its address and type), the _UDT
 * pointer (type NULL: it holds a value of the type the operation expects there), or the _Scalar
 * form's GrB_Scalar. */
typedef struct {
    const void *value;
    GrB_Type type;
    GrB_Scalar s;
    bool object;
} GG_scalar_arg;
#define GG_SCALAR_VALUE(ptr, type) ((GG_scalar_arg){(ptr), (type), NULL, false})
#define GG_SCALAR_OBJECT(s) ((GG_scalar_arg){NULL, NULL, (s), true})
/* The GG_scalar_arg of a typed family member's parameter v, by member kind (T: the suffix). */
#define GG_SARG_BUILTIN(v, T) GG_SCALAR_VALUE(&(v), GrB_##T)
#define GG_SARG_UDT(v, T) GG_SCALAR_VALUE((v), NULL)
#define GG_SARG_OBJECT(v, T) GG_SCALAR_OBJECT(v)

/* The GG_arg that checks x's handle or pointer. */
GG_arg GG_scalar_handle(const GG_scalar_arg *x, const char *name);
/* x's value and type once handles are checked; `expected` stands in for a _UDT form's type. The
 * value is NULL for a GrB_Scalar without an entry. */
void GG_scalar_resolve(const GG_scalar_arg *x, GrB_Type expected, const void **value,
                       GrB_Type *type);
/* GrB_EMPTY_OBJECT when x is a GrB_Scalar without an entry (apply and select need a value). */
GrB_Info GG_op_scalar_present(const GG_op *k, const GG_scalar_arg *x, const char *name);
/* C<!NULL> computes nothing: C is kept, or cleared with replace. Returns true when that is the case,
 * after doing it, so apply returns before asking for a bound value it would not use (SuiteSparse
 * 7.4 does so in apply, but not in select, which still reports an empty thunk). */
bool GG_op_nothing_to_compute(const GG_op *k, const GG_container *M, GG_container *C);

/* The binary operator that a Semiring, Monoid or BinaryOp argument contributes to an element-wise
 * operation: a semiring's additive operator when `additive` (eWiseAdd), else its multiplier; a
 * monoid's operator; the operator itself. */
GrB_BinaryOp GG_binop_of(const void *op, GG_kind kind, bool additive);

/* ---- step 2: domains ------------------------------------------------------------------------- */

/* GrB_DOMAIN_MISMATCH unless a value of type `from` (described by what_from) can be cast to `to`
 * (described by what_to). */
GrB_Info GG_op_domain(const GG_op *k, GrB_Type from, const char *what_from, GrB_Type to,
                      const char *what_to);
/* The write-back C<M> = accum(C, T): a valued mask must have a built-in type; with accum, C casts
 * to its x, T to its y and its z to C; without, T casts to C. */
GrB_Info GG_op_writeback_domain(const GG_op *k, GG_container *M, GrB_BinaryOp accum,
                                GrB_Type ctype, GrB_Type ttype);

/* ---- step 3: dimensions ---------------------------------------------------------------------- */

/* The shape of X as the operation sees it: transposed when tran; a vector is n x 1. */
void GG_shape(const GG_container *X, bool tran, GrB_Index *nrows, GrB_Index *ncols);
/* GrB_DIMENSION_MISMATCH unless X (transposed when tran) is nrows x ncols. */
GrB_Info GG_op_dims(const GG_op *k, const GG_container *X, const char *name, bool tran,
                    GrB_Index nrows, GrB_Index ncols);
/* GrB_DIMENSION_MISMATCH unless the mask, when present, has the shape of the output. */
GrB_Info GG_op_mask_dims(const GG_op *k, const GG_container *M, GrB_Index nrows,
                         GrB_Index ncols);

/* ---- steps 4 and 5: indices ----------------------------------------------------------------- */

/* The length of an index list: dim for GrB_ALL (n is then ignored, as SuiteSparse does), else n. */
GrB_Index GG_list_length(const GrB_Index *list, GrB_Index n, GrB_Index dim);
/* GrB_INVALID_INDEX unless the scalar index is below dim. */
GrB_Info GG_op_index(const GG_op *k, GrB_Index index, const char *name, GrB_Index dim);
/* GrB_INDEX_OUT_OF_BOUNDS unless every entry of the list is below dim. This is the index-list
 * hook: the last check before dispatch, so the backends receive only valid lists. */
GrB_Info GG_op_index_list(const GG_op *k, const GrB_Index *list, GrB_Index n, const char *name,
                          GrB_Index dim);

/* ---- index-unary operators as SuiteSparse 7.4 reads them ------------------------------------ */

/* GrB_ROWINDEX_INT64, COLINDEX_INT64 or DIAGINDEX_INT64 for the INT32 operator of the same name,
 * else NULL. SuiteSparse reads these INT32 operators' thunk as int64: select tests the twin's
 * 64-bit value (src/ops/select.c), apply wraps the 64-bit sum to int32 (src/ops/apply.c);
 * Doc/decisions.md, "select with INT32 index operators" and its apply sequel. */
static inline GrB_IndexUnaryOp GG_index_int32_twin(GrB_IndexUnaryOp op)
{
    return op == GrB_ROWINDEX_INT32    ? GrB_ROWINDEX_INT64
           : op == GrB_COLINDEX_INT32  ? GrB_COLINDEX_INT64
           : op == GrB_DIAGINDEX_INT32 ? GrB_DIAGINDEX_INT64
                                       : NULL;
}

/* ---- step 6: dispatch --------------------------------------------------------------------- */

/* The error for a call that no backend can run (GrB_NOT_IMPLEMENTED, naming the function and
 * why: CUDA forced without a device, or a family no backend has), and the mapping of a slot's
 * return code to the caller's (with a message). */
GrB_Info GG_op_unavailable(const GG_op *k, GG_opfamily fam, const GG_backend *be,
                           const char *reason);
GrB_Info GG_op_finish(const GG_op *k, GG_opfamily fam, const GG_backend *be, GrB_Info info);
/* The backend whose slot finished this thread's last dispatched operation (after a decline, the
 * CPU); NULL before the first. Doc/STATUS.md's GPU column is measured with it. */
const GG_backend *GG_op_last_backend(void);
/* Trace lines (GxG_TRACE): the backend chosen for the call and why; a CUDA decline and its
 * reason (GG_decline_reason) before the CPU runs the call. */
void GG_op_trace_choice(const GG_op *k, GG_opfamily fam, const GG_backend *be, const char *reason);
void GG_op_trace_decline(const GG_op *k, GG_opfamily fam);
/* The per-operation profile (profile.c, GRAPHBLAS_GPU_PROFILE=1, printed at exit): whether it is
 * on, and the wait and clock around one dispatched call. */
bool GG_profile_on(void);
void GG_op_profile_begin(void);
void GG_op_profile_end(const GG_op *k, const GG_backend *be);

#define GG_UNPAREN(...) __VA_ARGS__

/* Runs the slot `slot` of family FAM on the backend GG_backend_select picks for this call. objs is
 * a parenthesised list of the call's types and operators (what AUTO looks at), args the slot's
 * parenthesised argument list. A CUDA slot may decline (GG_DECLINE) before touching the output;
 * the CPU slot then runs, the trace says so and GxG_CUDA_DECLINES counts it. Returns from the
 * caller. */
#define GG_DISPATCH(k, FAM, slot, objs, args)                                                      \
    do {                                                                                           \
        const char *gg_reason_;                                                                    \
        const GG_backend *gg_be_ =                                                                 \
            GG_BACKEND_SELECT(GG_FAM_##FAM, &(k)->d, &gg_reason_, GG_UNPAREN objs);               \
        if (!GG_backend_has(gg_be_, GG_FAM_##FAM))                                                 \
            return GG_op_unavailable((k), GG_FAM_##FAM, gg_be_, gg_reason_);                       \
        if (GG_trace_on()) GG_op_trace_choice((k), GG_FAM_##FAM, gg_be_, gg_reason_);              \
        if (GG_profile_on()) GG_op_profile_begin();                                                \
        GrB_Info gg_info_ = gg_be_->slot(GG_UNPAREN args);                                         \
        if (gg_info_ == GG_DECLINE && gg_be_ != &GG_cpu_backend &&                                 \
            GG_backend_has(&GG_cpu_backend, GG_FAM_##FAM)) {                                       \
            GG_global.cuda_declines++;                                                             \
            if (GG_trace_on()) GG_op_trace_decline((k), GG_FAM_##FAM);                             \
            gg_be_ = &GG_cpu_backend;                                                              \
            gg_info_ = gg_be_->slot(GG_UNPAREN args);                                              \
        }                                                                                          \
        if (GG_profile_on()) GG_op_profile_end((k), gg_be_);                                       \
        return GG_op_finish((k), GG_FAM_##FAM, gg_be_, gg_info_);                                  \
    } while (0)

#endif /* GG_OPS_H */
