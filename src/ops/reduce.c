/* reduce.c: every reduce form: GrB_Matrix_reduce_{Monoid,BinaryOp} (rows to a vector),
 * GrB_{Vector,Matrix}_reduce_{Monoid,BinaryOp}_Scalar (everything to a GrB_Scalar) and
 * GrB_{Vector,Matrix}_reduce_<T> (everything to a C scalar, monoid only). */
#include "GG_ops.h"

/* The reducing operator of a Monoid or BinaryOp argument. A binary operator must act within one
 * domain (z, x and y of the same type) to reduce: its result is fed back as an input. */
static GrB_Info reducer(const GG_op *k, const void *opobj, GG_kind opkind, GrB_BinaryOp *op,
                        GrB_Monoid *monoid)
{
    if (opkind == GG_KIND_MONOID) {
        *monoid = (GrB_Monoid)opobj;
        *op = (*monoid)->op;
        return GrB_SUCCESS;
    }
    *monoid = NULL;
    *op = (GrB_BinaryOp)opobj;
    if ((*op)->xtype != (*op)->ztype || (*op)->ytype != (*op)->ztype)
        return GG_op_fail(k, GrB_DOMAIN_MISMATCH,
                          "argument 'op' must have the same type for z, x and y to reduce");
    return GrB_SUCCESS;
}

static GrB_Info reduce_vector_run(const char *func, GrB_Vector w, GrB_Vector mask,
                                  GrB_BinaryOp accum, const void *opobj, GG_kind opkind,
                                  GrB_Matrix A, GrB_Descriptor desc)
{
    GG_op k = {.func = func, .out = w};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(w, GG_KIND_VECTOR, "w"),
                       GG_ARG_OPT(mask, GG_KIND_VECTOR, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(opobj, opkind, "op"),
                       GG_ARG_OBJ(A, GG_KIND_MATRIX, "A"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    k.d.tran1 = false;
    GG_container *c = GG_CONT(w), *m = GG_CONT(mask), *a = GG_CONT(A);
    GrB_BinaryOp op;
    GrB_Monoid monoid;
    GG_TRY(reducer(&k, opobj, opkind, &op, &monoid));
    GG_TRY(GG_op_domain(&k, a->type, "argument 'A'", op->xtype, "the reducing operator's input"));
    GG_TRY(GG_op_writeback_domain(&k, m, accum, c->type, op->ztype));

    GrB_Index ar, ac;
    GG_shape(a, k.d.tran0, &ar, &ac);
    GG_TRY(GG_op_dims(&k, c, "w", false, ar, 1));
    GG_TRY(GG_op_mask_dims(&k, m, ar, 1));

    GG_DISPATCH(&k, REDUCE_VECTOR, reduce_vector, (c->type, a->type, op, accum),
                (c, m, accum, op, monoid, a, &k.d));
}

GrB_Info GrB_Matrix_reduce_Monoid(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                                  const GrB_Monoid monoid, const GrB_Matrix A,
                                  const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return reduce_vector_run(__func__, w, mask, accum, monoid, GG_KIND_MONOID, A, desc);
}

GrB_Info GrB_Matrix_reduce_BinaryOp(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                                    const GrB_BinaryOp op, const GrB_Matrix A,
                                    const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return reduce_vector_run(__func__, w, mask, accum, op, GG_KIND_BINARYOP, A, desc);
}

/* The output is the GrB_Scalar s when to_c is false, else the C scalar *c of type ctype (NULL for
 * the _UDT form, whose value has the monoid's type). The descriptor's transposes mean nothing
 * here. */
static GrB_Info reduce_scalar_run(const char *func, bool to_c, GrB_Scalar s, void *c,
                                  GrB_Type ctype, GrB_BinaryOp accum, const void *opobj,
                                  GG_kind opkind, GG_container *A, GG_kind ak, GrB_Descriptor desc)
{
    GG_op k = {.func = func, .out = s};
    GG_TRY(GG_OP_START(&k, desc,
                       to_c ? GG_ARG_PTR(c, "c") : GG_ARG_OBJ(s, GG_KIND_SCALAR, "s"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(opobj, opkind, "op"),
                       GG_ARG_OBJ(A, ak, GG_NAMES(ak)->in0),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    k.d.tran0 = k.d.tran1 = false;
    GrB_BinaryOp op;
    GrB_Monoid monoid;
    GG_TRY(reducer(&k, opobj, opkind, &op, &monoid));
    GrB_Type otype = !to_c ? s->type : ctype != NULL ? ctype : op->ztype;
    GG_TRY(GG_op_domain(&k, A->type, GG_NAMES(ak)->arg_in0, op->xtype,
                        "the reducing operator's input"));
    GG_TRY(GG_op_writeback_domain(&k, NULL, accum, otype, op->ztype));

    GG_DISPATCH(&k, REDUCE_SCALAR, reduce_scalar, (otype, A->type, op, accum),
                (s, c, otype, accum, op, monoid, A, &k.d));
}

#define GG_REDUCE_TO_GRB_SCALAR(K, OP)                                                             \
    GrB_Info GrB_##K##_reduce_##OP##_Scalar(GrB_Scalar s, const GrB_BinaryOp accum,                \
                                            const GrB_##OP op, const GrB_##K A,                    \
                                            const GrB_Descriptor desc)                             \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return reduce_scalar_run(__func__, false, s, NULL, NULL, accum, op, GG_KIND_OF_##OP,       \
                                 GG_CONT(A), GG_KIND_OF_##K, desc);                                \
    }
GG_REDUCE_TO_GRB_SCALAR(Vector, Monoid)
GG_REDUCE_TO_GRB_SCALAR(Vector, BinaryOp)
GG_REDUCE_TO_GRB_SCALAR(Matrix, Monoid)
GG_REDUCE_TO_GRB_SCALAR(Matrix, BinaryOp)

/* The C-scalar forms: E the element type, CTYPE the value's GrB_Type (NULL for _UDT). */
#define GG_REDUCE_TO_C(K, SUF, E, CTYPE)                                                           \
    GrB_Info GrB_##K##_reduce_##SUF(E *c, const GrB_BinaryOp accum, const GrB_Monoid monoid,       \
                                    const GrB_##K A, const GrB_Descriptor desc)                    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return reduce_scalar_run(__func__, true, NULL, c, CTYPE, accum, monoid, GG_KIND_MONOID,    \
                                 GG_CONT(A), GG_KIND_OF_##K, desc);                                \
    }
#define GG_REDUCE_BUILTIN(T, E, V, CV)                                                             \
    GG_REDUCE_TO_C(Vector, T, E, GrB_##T) GG_REDUCE_TO_C(Matrix, T, E, GrB_##T)
GxG_BUILTIN_TYPES(GG_REDUCE_BUILTIN)
GG_REDUCE_TO_C(Vector, UDT, void, NULL)
GG_REDUCE_TO_C(Matrix, UDT, void, NULL)
