/* apply.c: every apply form: GrB_{Vector,Matrix}_apply (unary operator), and per vector/matrix
 * the bound-scalar forms _apply_BinaryOp1st_<T> / _apply_BinaryOp2nd_<T> and the index-operator
 * forms _apply_IndexOp_<T> (11 built-in types, _UDT, _Scalar). One check and dispatch serves them
 * all; the operator and its scalar travel to the slot as a GG_apply_op. */
#include "GG_ops.h"

static GG_kind apply_op_kind(GG_apply_kind kind)
{
    switch (kind) {
    case GG_APPLY_UNARY: return GG_KIND_UNARYOP;
    case GG_APPLY_INDEXOP: return GG_KIND_INDEXUNARYOP;
    default: return GG_KIND_BINARYOP;
    }
}

/* x is NULL for the unary form, which has no scalar. */
static GrB_Info apply_run(const char *func, GG_kind K, GG_container *C, GG_container *M,
                          GrB_BinaryOp accum, GG_apply_kind kind, const void *opobj,
                          GG_container *A, const GG_scalar_arg *x, GrB_Descriptor desc)
{
    const char *xname = kind == GG_APPLY_BIND1ST ? "x" : "y";
    const char *xarg = kind == GG_APPLY_BIND1ST ? "argument 'x'" : "argument 'y'";
    const GG_names *n = GG_NAMES(K);
    GG_op k = {.func = func, .out = C};
    GG_arg scalar = x != NULL ? GG_scalar_handle(x, xname) : GG_ARG_OPT(NULL, 0, xname);
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, K, n->out), GG_ARG_OPT(M, K, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(opobj, apply_op_kind(kind), "op"), GG_ARG_OBJ(A, K, n->in0),
                       scalar, GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    /* In the bind-first form A is the operator's second input, so GrB_INP1 transposes it (spec,
     * SuiteSparse); the slot reads that flag as tran0. */
    if (kind == GG_APPLY_BIND1ST) k.d.tran0 = k.d.tran1;
    if (K == GG_KIND_VECTOR) k.d.tran0 = false;
    k.d.tran1 = false;

    GG_apply_op op = {.kind = kind};
    GrB_Type ain = NULL, sin = NULL, ztype = NULL;
    switch (kind) {
    case GG_APPLY_UNARY:
        op.unop = (GrB_UnaryOp)opobj;
        ain = op.unop->xtype;
        ztype = op.unop->ztype;
        break;
    case GG_APPLY_BIND1ST:
    case GG_APPLY_BIND2ND:
        op.binop = (GrB_BinaryOp)opobj;
        ain = kind == GG_APPLY_BIND1ST ? op.binop->ytype : op.binop->xtype;
        sin = kind == GG_APPLY_BIND1ST ? op.binop->xtype : op.binop->ytype;
        ztype = op.binop->ztype;
        break;
    case GG_APPLY_INDEXOP:
        op.idxop = (GrB_IndexUnaryOp)opobj;
        ain = op.idxop->xtype; /* NULL for a positional operator, which never reads A's values */
        sin = op.idxop->ytype;
        ztype = op.idxop->ztype;
        break;
    }
    if (ain != NULL) GG_TRY(GG_op_domain(&k, A->type, n->arg_in0, ain, "the operator's input"));
    int64_t wide_thunk;
    if (x != NULL) {
        GG_scalar_resolve(x, sin, &op.scalar, &op.stype);
        GG_TRY(GG_op_domain(&k, op.stype, xarg, sin, "the operator's scalar input"));
        /* SuiteSparse 7.4 reads the thunk of GrB_ROWINDEX_INT32, COLINDEX_INT32 and
         * DIAGINDEX_INT32 as int64 and wraps the 64-bit sum to int32: for a floating thunk outside
         * int32 (1e10) that is not the saturating cast to int32 (Doc/decisions.md, "apply with
         * INT32 index operators"). Integer thunks wrap either way. */
        if (kind == GG_APPLY_INDEXOP && GG_index_int32_twin(op.idxop) != NULL &&
            (op.stype == GrB_FP32 || op.stype == GrB_FP64)) {
            GG_cast_get(GrB_INT64_CODE, op.stype->code)(&wide_thunk, op.scalar);
            op.scalar = &wide_thunk;
            op.stype = GrB_INT64;
        }
    }
    GG_TRY(GG_op_writeback_domain(&k, M, accum, C->type, ztype));

    GrB_Index r, c;
    GG_shape(C, false, &r, &c);
    GG_TRY(GG_op_dims(&k, A, n->in0, k.d.tran0, r, c));
    GG_TRY(GG_op_mask_dims(&k, M, r, c));
    if (GG_op_nothing_to_compute(&k, M, C)) return GrB_SUCCESS;
    if (x != NULL) GG_TRY(GG_op_scalar_present(&k, x, xname));

    GG_DISPATCH(&k, APPLY, apply, (C->type, A->type, op.stype, opobj, accum),
                (C, M, accum, &op, A, &k.d));
}

#define GG_APPLY_UNARY_FORM(K)                                                                     \
    GrB_Info GrB_##K##_apply(GrB_##K C, const GrB_##K mask, const GrB_BinaryOp accum,              \
                             const GrB_UnaryOp op, const GrB_##K A, const GrB_Descriptor desc)     \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return apply_run(__func__, GG_KIND_OF_##K, GG_CONT(C), GG_CONT(mask), accum,               \
                         GG_APPLY_UNARY, op, GG_CONT(A), NULL, desc);                              \
    }
GG_APPLY_UNARY_FORM(Vector)
GG_APPLY_UNARY_FORM(Matrix)

/* The scalar forms of kind K: S is the scalar's parameter type, SARG its GG_SARG_ constructor. */
#define GG_APPLY_SCALAR_FORMS(K, SUF, S, SARG)                                                     \
    GrB_Info GrB_##K##_apply_BinaryOp1st_##SUF(GrB_##K C, const GrB_##K mask,                      \
                                               const GrB_BinaryOp accum, const GrB_BinaryOp op,    \
                                               S x, const GrB_##K A, const GrB_Descriptor desc)    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(x, SUF);                                                            \
        return apply_run(__func__, GG_KIND_OF_##K, GG_CONT(C), GG_CONT(mask), accum,               \
                         GG_APPLY_BIND1ST, op, GG_CONT(A), &s, desc);                              \
    }                                                                                              \
    GrB_Info GrB_##K##_apply_BinaryOp2nd_##SUF(GrB_##K C, const GrB_##K mask,                      \
                                               const GrB_BinaryOp accum, const GrB_BinaryOp op,    \
                                               const GrB_##K A, S y, const GrB_Descriptor desc)    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(y, SUF);                                                            \
        return apply_run(__func__, GG_KIND_OF_##K, GG_CONT(C), GG_CONT(mask), accum,               \
                         GG_APPLY_BIND2ND, op, GG_CONT(A), &s, desc);                              \
    }                                                                                              \
    GrB_Info GrB_##K##_apply_IndexOp_##SUF(GrB_##K C, const GrB_##K mask,                          \
                                           const GrB_BinaryOp accum, const GrB_IndexUnaryOp op,    \
                                           const GrB_##K A, S y, const GrB_Descriptor desc)        \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(y, SUF);                                                            \
        return apply_run(__func__, GG_KIND_OF_##K, GG_CONT(C), GG_CONT(mask), accum,               \
                         GG_APPLY_INDEXOP, op, GG_CONT(A), &s, desc);                              \
    }
#define GG_APPLY_FORMS(SUF, S, SARG)                                                               \
    GG_APPLY_SCALAR_FORMS(Vector, SUF, S, SARG) GG_APPLY_SCALAR_FORMS(Matrix, SUF, S, SARG)
#define GG_APPLY_BUILTIN(T, E, V, CV) GG_APPLY_FORMS(T, CV, GG_SARG_BUILTIN)
GxG_BUILTIN_TYPES(GG_APPLY_BUILTIN)
GG_APPLY_FORMS(UDT, const void *, GG_SARG_UDT)
GG_APPLY_FORMS(Scalar, const GrB_Scalar, GG_SARG_OBJECT)
