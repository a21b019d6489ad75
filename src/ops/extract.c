/* extract.c: GrB_Vector_extract, GrB_Matrix_extract and GrB_Col_extract, all one sub-matrix
 * extraction C = op0(A)(I, J): a vector is an n x 1 container whose only column is GrB_ALL, and
 * GrB_Col_extract is the single column J = {j} of op0(A). */
#include "GG_ops.h"

typedef enum { EXTRACT_VECTOR, EXTRACT_MATRIX, EXTRACT_COL } extract_form;

static GrB_Info extract_run(const char *func, extract_form form, GG_container *C,
                            GG_container *M, GrB_BinaryOp accum, GG_container *A,
                            const GrB_Index *I, GrB_Index ni, const GrB_Index *J, GrB_Index nj,
                            GrB_Descriptor desc)
{
    GG_kind ck = form == EXTRACT_MATRIX ? GG_KIND_MATRIX : GG_KIND_VECTOR;
    GG_kind ak = form == EXTRACT_VECTOR ? GG_KIND_VECTOR : GG_KIND_MATRIX;
    GG_op k = {.func = func, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, ck, GG_NAMES(ck)->out), GG_ARG_OPT(M, ck, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(A, ak, GG_NAMES(ak)->in0),
                       GG_ARG_PTR(I, "I"), GG_ARG_PTR(J, "J"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    if (form == EXTRACT_VECTOR) k.d.tran0 = false;
    k.d.tran1 = false;

    GG_TRY(GG_op_writeback_domain(&k, M, accum, C->type, A->type));

    GrB_Index ar, ac;
    GG_shape(A, k.d.tran0, &ar, &ac);
    ni = GG_list_length(I, ni, ar);
    nj = GG_list_length(J, nj, ac);
    GG_TRY(GG_op_dims(&k, C, GG_NAMES(ck)->out, false, ni, nj));
    GG_TRY(GG_op_mask_dims(&k, M, ni, nj));

    if (form == EXTRACT_COL) GG_TRY(GG_op_index(&k, J[0], "j", ac));
    GG_TRY(GG_op_index_list(&k, I, ni, "I", ar));
    if (form == EXTRACT_MATRIX) GG_TRY(GG_op_index_list(&k, J, nj, "J", ac));

    GG_DISPATCH(&k, EXTRACT, extract, (C->type, A->type, accum),
                (C, M, accum, A, I, ni, J, nj, &k.d));
}

GrB_Info GrB_Vector_extract(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                            const GrB_Vector u, const GrB_Index *I, GrB_Index ni,
                            const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return extract_run(__func__, EXTRACT_VECTOR, GG_CONT(w), GG_CONT(mask), accum, GG_CONT(u), I,
                       ni, GrB_ALL, 1, desc);
}

GrB_Info GrB_Matrix_extract(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                            const GrB_Matrix A, const GrB_Index *I, GrB_Index ni,
                            const GrB_Index *J, GrB_Index nj, const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return extract_run(__func__, EXTRACT_MATRIX, GG_CONT(C), GG_CONT(Mask), accum, GG_CONT(A), I,
                       ni, J, nj, desc);
}

GrB_Info GrB_Col_extract(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                         const GrB_Matrix A, const GrB_Index *I, GrB_Index ni, GrB_Index j,
                         const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return extract_run(__func__, EXTRACT_COL, GG_CONT(w), GG_CONT(mask), accum, GG_CONT(A), I, ni,
                       &j, 1, desc);
}
