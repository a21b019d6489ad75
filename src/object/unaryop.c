/* unaryop.c: user-defined unary operators (GrB_UnaryOp_new, GxB_UnaryOp_new), free and wait.
 * The predefined operators live in ops_builtin.c. */
#include "GG_opcodes.h"

static GrB_Info unaryop_new(GrB_UnaryOp *op, GxB_unary_function f, GrB_Type ztype,
                            GrB_Type xtype, const char *name, const char *func)
{
    GrB_Info info;
    GrB_UnaryOp u = GG_op_new(func, op, f != NULL, 2, (GrB_Type[]){ztype, xtype},
                              sizeof(*u), GG_KIND_UNARYOP, name, &info);
    if (u == NULL) return info;
    u->f = f;
    u->ztype = ztype;
    u->xtype = xtype;
    u->opcode = GG_OP_USER;
    *op = u;
    return GrB_SUCCESS;
}

GrB_Info GrB_UnaryOp_new(GrB_UnaryOp *op, GxB_unary_function f, GrB_Type ztype, GrB_Type xtype)
{
    GG_CHECK_INIT();
    return unaryop_new(op, f, ztype, xtype, NULL, __func__);
}

GrB_Info GxB_UnaryOp_new(GrB_UnaryOp *op, GxB_unary_function f, GrB_Type ztype, GrB_Type xtype,
                         const char *name, const char *defn)
{
    (void)defn; /* no JIT: the definition is not needed */
    GG_CHECK_INIT();
    return unaryop_new(op, f, ztype, xtype, name, __func__);
}

GG_DEFINE_FREE_WAIT(UnaryOp, GG_KIND_UNARYOP)
