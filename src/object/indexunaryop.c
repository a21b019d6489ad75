/* indexunaryop.c: user-defined index-unary operators (GrB_IndexUnaryOp_new,
 * GxB_IndexUnaryOp_new), free and wait. The predefined operators live in ops_builtin.c. */
#include "GG_opcodes.h"

static GrB_Info indexunaryop_new(GrB_IndexUnaryOp *op, GxB_index_unary_function f,
                                 GrB_Type ztype, GrB_Type xtype, GrB_Type ytype,
                                 const char *name, const char *func)
{
    GrB_Info info;
    GrB_IndexUnaryOp u = GG_op_new(func, op, f != NULL, 3, (GrB_Type[]){ztype, xtype, ytype},
                                   sizeof(*u), GG_KIND_INDEXUNARYOP, name, &info);
    if (u == NULL) return info;
    u->f = f;
    u->ztype = ztype;
    u->xtype = xtype;
    u->ytype = ytype;
    u->opcode = GG_OP_USER;
    *op = u;
    return GrB_SUCCESS;
}

GrB_Info GrB_IndexUnaryOp_new(GrB_IndexUnaryOp *op, GxB_index_unary_function f, GrB_Type ztype,
                              GrB_Type xtype, GrB_Type ytype)
{
    GG_CHECK_INIT();
    return indexunaryop_new(op, f, ztype, xtype, ytype, NULL, __func__);
}

GrB_Info GxB_IndexUnaryOp_new(GrB_IndexUnaryOp *op, GxB_index_unary_function f, GrB_Type ztype,
                              GrB_Type xtype, GrB_Type ytype, const char *name, const char *defn)
{
    (void)defn; /* no JIT: the definition is not needed */
    GG_CHECK_INIT();
    return indexunaryop_new(op, f, ztype, xtype, ytype, name, __func__);
}

GG_DEFINE_FREE_WAIT(IndexUnaryOp, GG_KIND_INDEXUNARYOP)
