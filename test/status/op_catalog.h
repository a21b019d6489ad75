/* op_catalog.h: a table of every operation function of the spec (op_catalog.def), each with a
 * call that takes its arguments from an op_args, and a fixture of small valid arguments. The
 * STATUS.md generator calls each entry on the fixture to measure what is implemented; the error
 * tests call each entry on the fixture with one argument spoiled. Public API only. */
#ifndef OP_CATALOG_H
#define OP_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "GraphBLAS_gpu.h"

/* The fixture's dimension: matrices are N x N, vectors N, the Kronecker output N*N x N*N. */
#define OP_N 4

/* Every argument an operation may take. Field names of the algebraic objects are their kinds, so
 * a family's generated call names its operator field with the kind token. */
typedef struct {
    GrB_Matrix C, M, A, B;   /* matrix output, mask, inputs */
    GrB_Vector w, m, u, v;   /* vector output, mask, inputs */
    GrB_Matrix CK, MK;       /* Kronecker output and mask */
    GrB_Matrix CU;           /* output of GrB_Matrix_assign_UDT (user-defined type) */
    GrB_Vector wU;           /* output of GrB_Vector_assign_UDT */
    GrB_Scalar s;            /* output of the reduce-to-GrB_Scalar forms */
    void *cout;              /* output of the reduce-to-C-scalar forms */
    GrB_BinaryOp accum;
    GrB_Semiring Semiring;
    GrB_Monoid Monoid;
    GrB_BinaryOp BinaryOp;
    GrB_UnaryOp UnaryOp;
    GrB_IndexUnaryOp IndexUnaryOp;
    GrB_Scalar x;            /* the _Scalar forms' scalar */
    void *udt;               /* the _UDT forms' value */
    const GrB_Index *I, *J;
    GrB_Index ni, nj, i, j;
    GrB_Descriptor desc;
} op_args;

/* What an entry reads from op_args. */
enum {
    OP_OUT_MATRIX = 1u << 0,  /* C */
    OP_OUT_VECTOR = 1u << 1,  /* w */
    OP_OUT_SCALAR = 1u << 2,  /* s */
    OP_OUT_C = 1u << 3,       /* cout */
    OP_OUT_KRON = 1u << 4,    /* CK */
    OP_OUT_UDT = 1u << 5,     /* CU or wU instead of C or w */
    OP_MASK = 1u << 6,        /* a mask (M, m or MK) */
    OP_IN = 1u << 7,          /* container inputs (A, B, u, v) */
    OP_IN_SCALAR = 1u << 8,   /* x */
    OP_IN_PTR = 1u << 9,      /* udt */
    OP_I = 1u << 10,          /* index list I */
    OP_J = 1u << 11,          /* index list J */
    OP_INDEX_I = 1u << 12,    /* scalar row index i */
    OP_INDEX_J = 1u << 13,    /* scalar column index j */
    OP_NEEDS_VALUE = 1u << 14, /* x must hold an entry (apply, select) */
    OP_NO_DIMS = 1u << 15,    /* no dimension can mismatch (reduce to a scalar) */
    OP_NO_OP = 1u << 16       /* no operator besides accum (extract, assign, transpose) */
};

typedef struct {
    const char *name;
    const char *section; /* the family, for STATUS.md */
    unsigned flags;
    GrB_Info (*call)(const op_args *a);
} op_entry;

extern const op_entry op_catalog[];
extern const size_t op_catalog_len;

/* The user-defined type of CU and wU (and of the _UDT forms' value). */
typedef struct {
    double a, b;
} op_udt;

/* Small valid arguments for every entry; all containers hold a few entries. */
typedef struct {
    op_args a;
    GrB_Type udt_type;
    op_udt udt_value;
    union {
        double d;
        op_udt u;
    } cout;
} op_fixture;

/* GrB_SUCCESS, or the first failing call's code (the fixture is then partly built). */
GrB_Info op_fixture_new(op_fixture *f);
void op_fixture_free(op_fixture *f);

#endif /* OP_CATALOG_H */
