/* ewise.c: the twelve GrB_{Vector,Matrix}_eWise{Add,Mult}_{Semiring,Monoid,BinaryOp} forms. Each
 * form reduces its operator to one binary operator (eWiseAdd: the semiring's additive operator,
 * eWiseMult: its multiplier; a monoid's operator), then all share one check and dispatch. */
#include "GG_ops.h"

static GrB_Info ewise_run(const char *func, bool add, GG_kind K, GG_container *C, GG_container *M,
                          GrB_BinaryOp accum, const void *opobj, GG_kind opkind, GG_container *A,
                          GG_container *B, GrB_Descriptor desc)
{
    const GG_names *n = GG_NAMES(K);
    GG_op k = {.func = func, .out = C};
    GG_TRY(GG_OP_START(&k, desc, GG_ARG_OBJ(C, K, n->out), GG_ARG_OPT(M, K, "mask"),
                       GG_ARG_OPT(accum, GG_KIND_BINARYOP, "accum"),
                       GG_ARG_OBJ(opobj, opkind, "op"), GG_ARG_OBJ(A, K, n->in0),
                       GG_ARG_OBJ(B, K, n->in1), GG_ARG_OPT(desc, GG_KIND_DESCRIPTOR, "desc")));
    if (K == GG_KIND_VECTOR) k.d.tran0 = k.d.tran1 = false;
    GrB_BinaryOp op = GG_binop_of(opobj, opkind, add);

    GG_TRY(GG_op_domain(&k, A->type, n->arg_in0, op->xtype, "the operator's input x"));
    GG_TRY(GG_op_domain(&k, B->type, n->arg_in1, op->ytype, "the operator's input y"));
    if (add) {
        /* Where only one input has an entry, eWiseAdd copies it into the result. */
        GG_TRY(GG_op_domain(&k, A->type, n->arg_in0, op->ztype, "the operator's result"));
        GG_TRY(GG_op_domain(&k, B->type, n->arg_in1, op->ztype, "the operator's result"));
    }
    GG_TRY(GG_op_writeback_domain(&k, M, accum, C->type, op->ztype));

    GrB_Index r, c;
    GG_shape(C, false, &r, &c);
    GG_TRY(GG_op_dims(&k, A, n->in0, k.d.tran0, r, c));
    GG_TRY(GG_op_dims(&k, B, n->in1, k.d.tran1, r, c));
    GG_TRY(GG_op_mask_dims(&k, M, r, c));

    if (add)
        GG_DISPATCH(&k, EWISE_ADD, ewise_add, (C->type, A->type, B->type, op, accum),
                    (C, M, accum, op, A, B, &k.d));
    GG_DISPATCH(&k, EWISE_MULT, ewise_mult, (C->type, A->type, B->type, op, accum),
                (C, M, accum, op, A, B, &k.d));
}

#define GG_EWISE(K, E, OP, ADD)                                                                    \
    GrB_Info GrB_##K##_eWise##E##_##OP(GrB_##K C, const GrB_##K mask, const GrB_BinaryOp accum,    \
                                       const GrB_##OP op, const GrB_##K A, const GrB_##K B,        \
                                       const GrB_Descriptor desc)                                  \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return ewise_run(__func__, ADD, GG_KIND_OF_##K, GG_CONT(C), GG_CONT(mask), accum, op,      \
                         GG_KIND_OF_##OP, GG_CONT(A), GG_CONT(B), desc);                           \
    }
#define GG_EWISE_FORMS(E, ADD)                                                                     \
    GG_EWISE(Vector, E, Semiring, ADD)                                                             \
    GG_EWISE(Vector, E, Monoid, ADD)                                                               \
    GG_EWISE(Vector, E, BinaryOp, ADD)                                                             \
    GG_EWISE(Matrix, E, Semiring, ADD)                                                             \
    GG_EWISE(Matrix, E, Monoid, ADD)                                                               \
    GG_EWISE(Matrix, E, BinaryOp, ADD)
GG_EWISE_FORMS(Add, true)
GG_EWISE_FORMS(Mult, false)
