/* select.c: GrB_{Vector,Matrix}_select_<T> (11 built-in types, _UDT, _Scalar): keep the entries of
 * op0(A) for which the index-unary operator, given the thunk, is true. */
#include "GG_ops.h"

/* The operator the backends select by. SuiteSparse 7.4 selects by GrB_ROWINDEX_INT32,
 * COLINDEX_INT32 and DIAGINDEX_INT32 with the thunk cast to int64 and the full 64-bit value
 * (i + y, j + y, j - (i + y)) tested against zero, never the int32 that the operator returns and
 * GrB_apply stores: exactly its INT64 twin's test, so every select slot is handed the twin
 * (Doc/decisions.md, "select with INT32 index operators"). */
static GrB_IndexUnaryOp select_op(GrB_IndexUnaryOp op)
{
    GrB_IndexUnaryOp twin = GG_index_int32_twin(op);
    return twin != NULL ? twin : op;
}

static GrB_Info select_run(const char *func, GG_kind K, GG_container *C, GG_container *M,
                           GrB_BinaryOp accum, GrB_IndexUnaryOp op, GG_container *A,
                           const GG_scalar_arg *y, GrB_Descriptor desc)
{
    const GG_names *n = GG_NAMES(K);
    GG_op k = {.func = func, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, K, n->out), GG_ARG_OPT(M, K, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(op, GG_KIND_INDEXUNARYOP, "op"), GG_ARG_OBJ(A, K, n->in0),
                       GG_scalar_handle(y, "y"), GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    if (K == GG_KIND_VECTOR) k.d.tran0 = false;
    k.d.tran1 = false;

    const void *thunk;
    GrB_Type ttype;
    GG_scalar_resolve(y, op->ytype, &thunk, &ttype);
    /* A positional operator (no xtype) never reads A's values. */
    if (op->xtype != NULL)
        GG_TRY(GG_op_domain(&k, A->type, n->arg_in0, op->xtype, "the operator's input"));
    GG_TRY(GG_op_domain(&k, ttype, "argument 'y'", op->ytype, "the operator's thunk input"));
    GG_TRY(GG_op_domain(&k, op->ztype, "the operator's result", GrB_BOOL, "bool"));
    GG_TRY(GG_op_writeback_domain(&k, M, accum, C->type, A->type));

    GrB_Index r, c;
    GG_shape(C, false, &r, &c);
    GG_TRY(GG_op_dims(&k, A, n->in0, k.d.tran0, r, c));
    GG_TRY(GG_op_mask_dims(&k, M, r, c));
    GG_TRY(GG_op_scalar_present(&k, y, "y"));

    /* after the checks, which name the operator as given; the thunk keeps its own type */
    op = select_op(op);
    GG_DISPATCH(&k, SELECT, select, (C->type, A->type, ttype, op, accum),
                (C, M, accum, op, A, thunk, ttype, &k.d));
}

#define GG_SELECT_FORMS(SUF, S, SARG)                                                              \
    GrB_Info GrB_Vector_select_##SUF(GrB_Vector w, const GrB_Vector mask,                          \
                                     const GrB_BinaryOp accum, const GrB_IndexUnaryOp op,          \
                                     const GrB_Vector u, S y, const GrB_Descriptor desc)           \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(y, SUF);                                                            \
        return select_run(__func__, GG_KIND_VECTOR, GG_CONT(w), GG_CONT(mask), accum, op,          \
                          GG_CONT(u), &s, desc);                                                   \
    }                                                                                              \
    GrB_Info GrB_Matrix_select_##SUF(GrB_Matrix C, const GrB_Matrix Mask,                          \
                                     const GrB_BinaryOp accum, const GrB_IndexUnaryOp op,          \
                                     const GrB_Matrix A, S y, const GrB_Descriptor desc)           \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(y, SUF);                                                            \
        return select_run(__func__, GG_KIND_MATRIX, GG_CONT(C), GG_CONT(Mask), accum, op,          \
                          GG_CONT(A), &s, desc);                                                   \
    }
#define GG_SELECT_BUILTIN(T, E, V, CV) GG_SELECT_FORMS(T, CV, GG_SARG_BUILTIN)
GxG_BUILTIN_TYPES(GG_SELECT_BUILTIN)
GG_SELECT_FORMS(UDT, const void *, GG_SARG_UDT)
GG_SELECT_FORMS(Scalar, const GrB_Scalar, GG_SARG_OBJECT)
