/* kronecker.c: GrB_Matrix_kronecker_{Semiring,Monoid,BinaryOp}, C<M> = accum(C, kron(op0(A),
 * op1(B))). The Semiring form multiplies with the semiring's multiplier, the Monoid form with the
 * monoid's operator. */
#include "GG_ops.h"

static GrB_Info kronecker_run(const char *func, GrB_Matrix C, GrB_Matrix Mask, GrB_BinaryOp accum,
                              const void *opobj, GG_kind opkind, GrB_Matrix A, GrB_Matrix B,
                              GrB_Descriptor desc)
{
    GG_op k = {.func = func, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, GG_KIND_MATRIX, "C"),
                       GG_ARG_OPT(Mask, GG_KIND_MATRIX, "Mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(opobj, opkind, "op"),
                       GG_ARG_OBJ(A, GG_KIND_MATRIX, "A"), GG_ARG_OBJ(B, GG_KIND_MATRIX, "B"),
                       GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    GG_container *c = GG_CONT(C), *m = GG_CONT(Mask), *a = GG_CONT(A), *b = GG_CONT(B);
    GrB_BinaryOp op = GG_binop_of(opobj, opkind, false);
    GG_TRY(GG_op_domain(&k, a->type, "argument 'A'", op->xtype, "the operator's input x"));
    GG_TRY(GG_op_domain(&k, b->type, "argument 'B'", op->ytype, "the operator's input y"));
    GG_TRY(GG_op_writeback_domain(&k, m, accum, c->type, op->ztype));

    GrB_Index ar, ac, br, bc, r, cc;
    GG_shape(a, k.d.tran0, &ar, &ac);
    GG_shape(b, k.d.tran1, &br, &bc);
    /* A product beyond GrB_INDEX_MAX+1 (the largest dimension, as in GrB_Matrix_new) cannot be
     * the dimension of any C. */
    if (__builtin_mul_overflow(ar, br, &r) || __builtin_mul_overflow(ac, bc, &cc) ||
        r > GrB_INDEX_MAX + 1 || cc > GrB_INDEX_MAX + 1)
        return GG_op_fail(&k, GrB_DIMENSION_MISMATCH,
                          "the Kronecker product of 'A' and 'B' exceeds GrB_INDEX_MAX+1");
    GG_TRY(GG_op_dims(&k, c, "C", false, r, cc));
    GG_TRY(GG_op_mask_dims(&k, m, r, cc));

    GG_DISPATCH(&k, KRONECKER, kronecker, (c->type, a->type, b->type, op, accum),
                (c, m, accum, op, a, b, &k.d));
}

#define GG_KRONECKER(OP)                                                                           \
    GrB_Info GrB_Matrix_kronecker_##OP(GrB_Matrix C, const GrB_Matrix Mask,                        \
                                       const GrB_BinaryOp accum, const GrB_##OP op,                \
                                       const GrB_Matrix A, const GrB_Matrix B,                     \
                                       const GrB_Descriptor desc)                                  \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return kronecker_run(__func__, C, Mask, accum, op, GG_KIND_OF_##OP, A, B, desc);           \
    }
GG_KRONECKER(Semiring)
GG_KRONECKER(Monoid)
GG_KRONECKER(BinaryOp)
