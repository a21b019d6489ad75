/* assign.c: every assign form: GrB_Vector_assign, GrB_Matrix_assign, GrB_Col_assign,
 * GrB_Row_assign and the scalar forms GrB_{Vector,Matrix}_assign_<T> (11 built-in types, _UDT,
 * _Scalar). All are C<M>(I, J) = accum(C(I, J), S) for one source S (a container or a scalar); a
 * vector is an n x 1 container assigned with J = GrB_ALL, a row or column form has a one-entry
 * index list for its scalar index. */
#include "GG_ops.h"

/* The source: a container A (kind ak), or the scalar x when ak is 0. */
typedef struct {
    GG_container *A;
    GG_kind ak;
    const GG_scalar_arg *x;
} assign_source;

static GrB_Info assign_run(const char *func, GG_assign_kind form, GG_kind ck, GG_container *C,
                           GG_kind mk, GG_container *M, GrB_BinaryOp accum, assign_source src,
                           const GrB_Index *I, GrB_Index ni, const GrB_Index *J, GrB_Index nj,
                           GrB_Descriptor desc)
{
    GG_op k = {.func = func, .out = C};
    const char *aname = src.ak != 0 ? GG_NAMES(src.ak)->in0 : "x";
    GG_arg source = src.ak != 0 ? GG_ARG_OBJ(src.A, src.ak, aname) : GG_scalar_handle(src.x, aname);
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, ck, GG_NAMES(ck)->out), GG_ARG_OPT(M, mk, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"), source, GG_ARG_PTR(I, "I"),
                       GG_ARG_PTR(J, "J"), GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    if (src.ak != GG_KIND_MATRIX) k.d.tran0 = false;
    k.d.tran1 = false;

    const void *scalar = NULL;
    GrB_Type stype;
    if (src.ak != 0) {
        stype = src.A->type;
    } else {
        GG_scalar_resolve(src.x, C->type, &scalar, &stype);
        /* The _UDT form's value is taken to be of C's type, so C must have a user-defined one. */
        if (!src.x->object && src.x->type == NULL && C->type->code != GrB_UDT_CODE)
            return GG_op_fail(&k, GrB_DOMAIN_MISMATCH,
                              "the _UDT form assigns a user-defined value, but argument '%s' has "
                              "the built-in type %s",
                              GG_NAMES(ck)->out, C->type->h.name);
    }
    GG_TRY(GG_op_writeback_domain(&k, M, accum, C->type, stype));

    GrB_Index cr, cc;
    GG_shape(C, false, &cr, &cc);
    ni = GG_list_length(I, ni, cr);
    nj = GG_list_length(J, nj, cc);
    switch (form) {
    case GG_ASSIGN_ROW:
        if (src.ak != 0) GG_TRY(GG_op_dims(&k, src.A, aname, false, nj, 1));
        GG_TRY(GG_op_mask_dims(&k, M, cc, 1));
        GG_TRY(GG_op_index(&k, I[0], "i", cr));
        GG_TRY(GG_op_index_list(&k, J, nj, "J", cc));
        break;
    case GG_ASSIGN_COL:
        if (src.ak != 0) GG_TRY(GG_op_dims(&k, src.A, aname, false, ni, 1));
        GG_TRY(GG_op_mask_dims(&k, M, cr, 1));
        GG_TRY(GG_op_index(&k, J[0], "j", cc));
        GG_TRY(GG_op_index_list(&k, I, ni, "I", cr));
        break;
    case GG_ASSIGN_ALL:
        if (src.ak != 0) GG_TRY(GG_op_dims(&k, src.A, aname, k.d.tran0, ni, nj));
        GG_TRY(GG_op_mask_dims(&k, M, cr, cc));
        GG_TRY(GG_op_index_list(&k, I, ni, "I", cr));
        GG_TRY(GG_op_index_list(&k, J, nj, "J", cc));
        break;
    }

    GG_DISPATCH(&k, ASSIGN, assign, (C->type, stype, accum),
                (C, M, accum, src.A, scalar, stype, I, ni, J, nj, form, &k.d));
}

#define GG_FROM_CONTAINER(A, K) ((assign_source){GG_CONT(A), (K), NULL})
#define GG_FROM_SCALAR(x) ((assign_source){NULL, (GG_kind)0, &(x)})

GrB_Info GrB_Vector_assign(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                           const GrB_Vector u, const GrB_Index *I, GrB_Index ni,
                           const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return assign_run(__func__, GG_ASSIGN_ALL, GG_KIND_VECTOR, GG_CONT(w), GG_KIND_VECTOR,
                      GG_CONT(mask), accum, GG_FROM_CONTAINER(u, GG_KIND_VECTOR), I, ni, GrB_ALL,
                      1, desc);
}

GrB_Info GrB_Matrix_assign(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                           const GrB_Matrix A, const GrB_Index *I, GrB_Index ni,
                           const GrB_Index *J, GrB_Index nj, const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return assign_run(__func__, GG_ASSIGN_ALL, GG_KIND_MATRIX, GG_CONT(C), GG_KIND_MATRIX,
                      GG_CONT(Mask), accum, GG_FROM_CONTAINER(A, GG_KIND_MATRIX), I, ni, J, nj,
                      desc);
}

GrB_Info GrB_Col_assign(GrB_Matrix C, const GrB_Vector mask, const GrB_BinaryOp accum,
                        const GrB_Vector u, const GrB_Index *I, GrB_Index ni, GrB_Index j,
                        const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return assign_run(__func__, GG_ASSIGN_COL, GG_KIND_MATRIX, GG_CONT(C), GG_KIND_VECTOR,
                      GG_CONT(mask), accum, GG_FROM_CONTAINER(u, GG_KIND_VECTOR), I, ni, &j, 1,
                      desc);
}

GrB_Info GrB_Row_assign(GrB_Matrix C, const GrB_Vector mask, const GrB_BinaryOp accum,
                        const GrB_Vector u, GrB_Index i, const GrB_Index *J, GrB_Index nj,
                        const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return assign_run(__func__, GG_ASSIGN_ROW, GG_KIND_MATRIX, GG_CONT(C), GG_KIND_VECTOR,
                      GG_CONT(mask), accum, GG_FROM_CONTAINER(u, GG_KIND_VECTOR), &i, 1, J, nj,
                      desc);
}

/* The scalar forms: X is the parameter type, SARG its GG_SARG_ constructor. */
#define GG_ASSIGN_SCALAR(SUF, X, SARG)                                                             \
    GrB_Info GrB_Vector_assign_##SUF(GrB_Vector w, const GrB_Vector mask,                          \
                                     const GrB_BinaryOp accum, X x, const GrB_Index *I,            \
                                     GrB_Index ni, const GrB_Descriptor desc)                      \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(x, SUF);                                                            \
        return assign_run(__func__, GG_ASSIGN_ALL, GG_KIND_VECTOR, GG_CONT(w), GG_KIND_VECTOR,     \
                          GG_CONT(mask), accum, GG_FROM_SCALAR(s), I, ni, GrB_ALL, 1, desc);       \
    }                                                                                              \
    GrB_Info GrB_Matrix_assign_##SUF(GrB_Matrix C, const GrB_Matrix Mask,                          \
                                     const GrB_BinaryOp accum, X x, const GrB_Index *I,            \
                                     GrB_Index ni, const GrB_Index *J, GrB_Index nj,               \
                                     const GrB_Descriptor desc)                                    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        GG_scalar_arg s = SARG(x, SUF);                                                            \
        return assign_run(__func__, GG_ASSIGN_ALL, GG_KIND_MATRIX, GG_CONT(C), GG_KIND_MATRIX,     \
                          GG_CONT(Mask), accum, GG_FROM_SCALAR(s), I, ni, J, nj, desc);            \
    }
#define GG_ASSIGN_BUILTIN(T, E, V, CV) GG_ASSIGN_SCALAR(T, V, GG_SARG_BUILTIN)
GxG_BUILTIN_TYPES(GG_ASSIGN_BUILTIN)
GG_ASSIGN_SCALAR(UDT, void *, GG_SARG_UDT)
GG_ASSIGN_SCALAR(Scalar, const GrB_Scalar, GG_SARG_OBJECT)
