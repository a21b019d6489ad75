/* ops_ref.h: the operators of the semantic tests beside their dense reference: unary operators,
 * index-unary operators and monoids, each with its library handle and a plain-C evaluation. */
#ifndef GG_TEST_OPS_REF_H
#define GG_TEST_OPS_REF_H

#include "ref.h"

/* ---- unary operators ------------------------------------------------------------------------- */

enum { UN_IDENTITY, UN_AINV, UN_ABS, UN_MINV, UN_LNOT, NUNOPS };

typedef struct {
    int op;
    int code; /* x and z type: MINV only FP32/FP64, LNOT only BOOL */
} runop;

runop runop_random(void);
GrB_UnaryOp runop_handle(runop u);
void runop_apply(runop u, void *z, const void *x);
const char *runop_name(runop u);

/* ---- index-unary operators --------------------------------------------------------------------- */

enum {
    /* i + y, j + y, j - (i + y) (SuiteSparse's DIAGINDEX); code INT32 or INT64: z and y type */
    IX_ROWINDEX, IX_COLINDEX, IX_DIAGINDEX,
    IX_TRIL, IX_TRIU, IX_DIAG, IX_OFFDIAG, IX_COLLE, IX_COLGT, IX_ROWLE, IX_ROWGT, /* INT64 thunk */
    IX_VALUEEQ, IX_VALUENE, IX_VALUELT, IX_VALUELE, IX_VALUEGT, IX_VALUEGE, /* code: x, thunk */
    IX_USER,  /* z = x + i - 2j >= thunk, all FP64 but z BOOL */
    IX_USERI, /* z = sign(x - thunk), x and thunk FP64, z INT64 (not BOOL: select casts it) */
    NIDXOPS
};

typedef struct {
    int op;
    int code;
} ridx;

ridx ridx_random(void);
GrB_IndexUnaryOp ridx_handle(ridx r);
int ridx_ztype(ridx r);
int ridx_xtype(ridx r); /* 0 for the positional operators, which do not read x */
int ridx_ytype(ridx r);
/* z = op(x, i, j, y), x and y already of the operator's types. */
void ridx_apply(ridx r, void *z, const void *x, GrB_Index i, GrB_Index j, const void *y);
const char *ridx_name(ridx r);

/* ---- monoids ---------------------------------------------------------------------------------- */

/* A monoid is a binary operator with its identity: PLUS, TIMES, MIN, MAX on the ten non-Boolean
 * types, BOR, BAND, BXOR (user-defined monoids) on the integers; on BOOL, PLUS is LOR, TIMES
 * LAND, MINUS LXOR, and LXNOR. */
rbin rmonoid_random(void);
GrB_Monoid rmonoid_handle(rbin b);
void rmonoid_identity(rbin b, void *z);

void ops_ref_init(void);     /* after ref_init */
void ops_ref_finalize(void);

#endif /* GG_TEST_OPS_REF_H */
