/* diff_dispatch.c: calls of the typed GraphBLAS families (_BOOL ... _FP64) chosen by a run-time
 * type index, so that the case generators stay type-generic. */
#include "diff.h"

#define DISPATCH(t, CALL)                                                                          \
    switch (t) {                                                                                   \
        DT_TYPES(CALL)                                                                             \
    }                                                                                              \
    return GrB_PANIC;

GrB_Info dt_vec_build(GrB_Vector v, int t, const GrB_Index *I, const void *X, GrB_Index n,
                      GrB_BinaryOp dup)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_build_##T(v, I, (const CT *)X, n, dup);
    DISPATCH(t, CALL)
#undef CALL
}

GrB_Info dt_mat_build(GrB_Matrix A, int t, const GrB_Index *I, const GrB_Index *J, const void *X,
                      GrB_Index n, GrB_BinaryOp dup)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_build_##T(A, I, J, (const CT *)X, n, dup);
    DISPATCH(t, CALL)
#undef CALL
}

GrB_Info dt_vec_setElement(GrB_Vector v, tval x, GrB_Index i)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_setElement_##T(v, x.v.v_##T, i);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_mat_setElement(GrB_Matrix A, tval x, GrB_Index i, GrB_Index j)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_setElement_##T(A, x.v.v_##T, i, j);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_vec_extractElement(tval *x, GrB_Vector v, GrB_Index i)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_extractElement_##T(&x->v.v_##T, v, i);
    DISPATCH(x->t, CALL)
#undef CALL
}

GrB_Info dt_mat_extractElement(tval *x, GrB_Matrix A, GrB_Index i, GrB_Index j)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_extractElement_##T(&x->v.v_##T, A, i, j);
    DISPATCH(x->t, CALL)
#undef CALL
}

GrB_Info dt_vec_extractTuples(GrB_Index *I, void *X, GrB_Index *n, int t, GrB_Vector v)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_extractTuples_##T(I, (CT *)X, n, v);
    DISPATCH(t, CALL)
#undef CALL
}

GrB_Info dt_mat_extractTuples(GrB_Index *I, GrB_Index *J, void *X, GrB_Index *n, int t,
                              GrB_Matrix A)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_extractTuples_##T(I, J, (CT *)X, n, A);
    DISPATCH(t, CALL)
#undef CALL
}

GrB_Info dt_scalar_set(GrB_Scalar s, tval x)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Scalar_setElement_##T(s, x.v.v_##T);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_scalar_get(tval *x, GrB_Scalar s)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Scalar_extractElement_##T(&x->v.v_##T, s);
    DISPATCH(x->t, CALL)
#undef CALL
}

GrB_Info dt_vec_assign(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, tval x, const GrB_Index *I,
                       GrB_Index ni, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_assign_##T(w, m, acc, x.v.v_##T, I, ni, d);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_mat_assign(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, tval x, const GrB_Index *I,
                       GrB_Index ni, const GrB_Index *J, GrB_Index nj, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_assign_##T(C, M, acc, x.v.v_##T, I, ni, J, nj, d);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_vec_apply1st(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op, tval x,
                         GrB_Vector u, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_apply_BinaryOp1st_##T(w, m, acc, op, x.v.v_##T, u, d);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_mat_apply1st(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_BinaryOp op, tval x,
                         GrB_Matrix A, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_apply_BinaryOp1st_##T(C, M, acc, op, x.v.v_##T, A, d);
    DISPATCH(x.t, CALL)
#undef CALL
}

GrB_Info dt_vec_apply2nd(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op,
                         GrB_Vector u, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_apply_BinaryOp2nd_##T(w, m, acc, op, u, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_mat_apply2nd(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_BinaryOp op,
                         GrB_Matrix A, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_apply_BinaryOp2nd_##T(C, M, acc, op, A, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_vec_applyIdx(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                         GrB_Vector u, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_apply_IndexOp_##T(w, m, acc, op, u, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_mat_applyIdx(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                         GrB_Matrix A, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_apply_IndexOp_##T(C, M, acc, op, A, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_vec_select(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                       GrB_Vector u, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_select_##T(w, m, acc, op, u, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_mat_select(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                       GrB_Matrix A, tval y, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_select_##T(C, M, acc, op, A, y.v.v_##T, d);
    DISPATCH(y.t, CALL)
#undef CALL
}

GrB_Info dt_vec_reduce(tval *x, GrB_BinaryOp acc, GrB_Monoid op, GrB_Vector u, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Vector_reduce_##T(&x->v.v_##T, acc, op, u, d);
    DISPATCH(x->t, CALL)
#undef CALL
}

GrB_Info dt_mat_reduce(tval *x, GrB_BinaryOp acc, GrB_Monoid op, GrB_Matrix A, GrB_Descriptor d)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_reduce_##T(&x->v.v_##T, acc, op, A, d);
    DISPATCH(x->t, CALL)
#undef CALL
}

GrB_Info dt_mat_import(GrB_Matrix *A, int t, GrB_Index nr, GrB_Index nc, const GrB_Index *Ap,
                       const GrB_Index *Ai, const void *Ax, GrB_Index np, GrB_Index ni,
                       GrB_Index nx, GrB_Format f)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_import_##T(A, dt_type[t], nr, nc, Ap, Ai, (const CT *)Ax, np, ni, nx, f);
    DISPATCH(t, CALL)
#undef CALL
}

GrB_Info dt_mat_export(GrB_Index *Ap, GrB_Index *Ai, void *Ax, GrB_Index *np, GrB_Index *ni,
                       GrB_Index *nx, GrB_Format f, int t, GrB_Matrix A)
{
#define CALL(T, CT)                                                                                \
    case DT_##T:                                                                                   \
        return GrB_Matrix_export_##T(Ap, Ai, (CT *)Ax, np, ni, nx, f, A);
    DISPATCH(t, CALL)
#undef CALL
}
