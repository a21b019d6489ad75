/* mxm.c: GrB_mxm, GrB_mxv and GrB_vxm: argument checks, then the mxm / mxv backend slots. */
#include "GG_ops.h"

GrB_Info GrB_mxm(GrB_Matrix C, const GrB_Matrix Mask, const GrB_BinaryOp accum,
                 const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Matrix B,
                 const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    GG_op k = {.func = __func__, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, GG_KIND_MATRIX, "C"),
                       GG_ARG_OPT(Mask, GG_KIND_MATRIX, "Mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(semiring, GG_KIND_SEMIRING, "semiring"),
                       GG_ARG_OBJ(A, GG_KIND_MATRIX, "A"), GG_ARG_OBJ(B, GG_KIND_MATRIX, "B"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    GG_container *c = GG_CONT(C), *m = GG_CONT(Mask), *a = GG_CONT(A), *b = GG_CONT(B);
    GrB_BinaryOp mul = semiring->mul;

    GG_TRY(GG_op_domain(&k, a->type, "argument 'A'", mul->xtype, "the multiplier's input x"));
    GG_TRY(GG_op_domain(&k, b->type, "argument 'B'", mul->ytype, "the multiplier's input y"));
    GG_TRY(GG_op_writeback_domain(&k, m, accum, c->type, semiring->add->op->ztype));

    GrB_Index ar, ac, br, bc;
    GG_shape(a, k.d.tran0, &ar, &ac);
    GG_shape(b, k.d.tran1, &br, &bc);
    GG_TRY(GG_op_dims(&k, b, "B", k.d.tran1, ac, bc));
    GG_TRY(GG_op_dims(&k, c, "C", false, ar, bc));
    GG_TRY(GG_op_mask_dims(&k, m, ar, bc));

    GG_DISPATCH(&k, MXM, mxm, (c->type, a->type, b->type, semiring, accum),
                (c, m, accum, semiring, a, b, &k.d));
}

/* w<m> = accum(w, A*u) or accum(w, u'*A). Only the matrix is ever transposed: GrB_mxv reads
 * INP0 and GrB_vxm INP1 for it; the slot always finds that flag in tran0. */
static GrB_Info mxv_run(const char *func, bool vxm, GrB_Vector w, GrB_Vector mask,
                        GrB_BinaryOp accum, GrB_Semiring semiring, GrB_Matrix A, GrB_Vector u,
                        GrB_Descriptor desc)
{
    GG_op k = {.func = func, .out = w};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(w, GG_KIND_VECTOR, "w"),
                       GG_ARG_OPT(mask, GG_KIND_VECTOR, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(semiring, GG_KIND_SEMIRING, "semiring"),
                       GG_ARG_OBJ(A, GG_KIND_MATRIX, "A"), GG_ARG_OBJ(u, GG_KIND_VECTOR, "u"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    k.d.tran0 = vxm ? k.d.tran1 : k.d.tran0;
    k.d.tran1 = false;
    GG_container *c = GG_CONT(w), *m = GG_CONT(mask), *a = GG_CONT(A), *v = GG_CONT(u);
    GrB_BinaryOp mul = semiring->mul;

    GG_TRY(GG_op_domain(&k, a->type, "argument 'A'", vxm ? mul->ytype : mul->xtype,
                        vxm ? "the multiplier's input y" : "the multiplier's input x"));
    GG_TRY(GG_op_domain(&k, v->type, "argument 'u'", vxm ? mul->xtype : mul->ytype,
                        vxm ? "the multiplier's input x" : "the multiplier's input y"));
    GG_TRY(GG_op_writeback_domain(&k, m, accum, c->type, semiring->add->op->ztype));

    GrB_Index ar, ac;
    GG_shape(a, k.d.tran0, &ar, &ac);
    GG_TRY(GG_op_dims(&k, v, "u", false, vxm ? ar : ac, 1));
    GG_TRY(GG_op_dims(&k, c, "w", false, vxm ? ac : ar, 1));
    GG_TRY(GG_op_mask_dims(&k, m, vxm ? ac : ar, 1));

    GG_DISPATCH(&k, MXV, mxv, (c->type, a->type, v->type, semiring, accum),
                (c, m, accum, semiring, a, v, &k.d, vxm));
}

GrB_Info GrB_mxv(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                 const GrB_Semiring semiring, const GrB_Matrix A, const GrB_Vector u,
                 const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return mxv_run(__func__, false, w, mask, accum, semiring, A, u, desc);
}

GrB_Info GrB_vxm(GrB_Vector w, const GrB_Vector mask, const GrB_BinaryOp accum,
                 const GrB_Semiring semiring, const GrB_Vector u, const GrB_Matrix A,
                 const GrB_Descriptor desc)
{
    GG_CHECK_INIT();
    return mxv_run(__func__, true, w, mask, accum, semiring, A, u, desc);
}
