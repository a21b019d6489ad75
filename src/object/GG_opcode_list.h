/* GG_opcode_list.h: the operator codes (GG_opcode), alone in a plain C header with no includes so
 * that CUDA translation units select operators by the same values as the CPU backend
 * (GG_opcodes.h, which includes this, states every operator's rule). */
#ifndef GG_OPCODE_LIST_H
#define GG_OPCODE_LIST_H

/* 0 is a user-defined operator. A built-in operator's code names what it computes, whatever its
 * types: GrB_PLUS_INT32 and GrB_PLUS_BOOL are both GG_OP_PLUS (on BOOL, PLUS is LOR). */
typedef enum {
    GG_OP_USER = 0,
    /* unary */
    GG_OP_IDENTITY,
    GG_OP_AINV,
    GG_OP_MINV,
    GG_OP_LNOT,
    GG_OP_ABS,
    GG_OP_BNOT,
    /* binary */
    GG_OP_LOR,
    GG_OP_LAND,
    GG_OP_LXOR,
    GG_OP_LXNOR,
    GG_OP_BOR,
    GG_OP_BAND,
    GG_OP_BXOR,
    GG_OP_BXNOR,
    GG_OP_EQ,
    GG_OP_NE,
    GG_OP_GT,
    GG_OP_LT,
    GG_OP_GE,
    GG_OP_LE,
    GG_OP_ONEB,
    GG_OP_FIRST,
    GG_OP_SECOND,
    GG_OP_MIN,
    GG_OP_MAX,
    GG_OP_PLUS,
    GG_OP_MINUS,
    GG_OP_TIMES,
    GG_OP_DIV,
    /* index-unary: positional (the value x is not read) */
    GG_OP_ROWINDEX,
    GG_OP_COLINDEX,
    GG_OP_DIAGINDEX,
    GG_OP_TRIL,
    GG_OP_TRIU,
    GG_OP_DIAG,
    GG_OP_OFFDIAG,
    GG_OP_COLLE,
    GG_OP_COLGT,
    GG_OP_ROWLE,
    GG_OP_ROWGT,
    /* index-unary: value comparisons with the thunk */
    GG_OP_VALUEEQ,
    GG_OP_VALUENE,
    GG_OP_VALUELT,
    GG_OP_VALUELE,
    GG_OP_VALUEGT,
    GG_OP_VALUEGE,
    /* GxB extensions (ops_gxb.c): ANY, and the positional binary operators, which read the
     * positions of their operands' entries instead of the values (GG_positional_value) */
    GG_OP_ANY,
    GG_OP_FIRSTI,
    GG_OP_FIRSTI1,
    GG_OP_FIRSTJ,
    GG_OP_FIRSTJ1,
    GG_OP_SECONDI,
    GG_OP_SECONDI1,
    GG_OP_SECONDJ,
    GG_OP_SECONDJ1
} GG_opcode;

#endif /* GG_OPCODE_LIST_H */
