/* binaryop.c: user-defined binary operators (GrB_BinaryOp_new, GxB_BinaryOp_new), free and wait.
 * The predefined operators live in ops_builtin.c. */
#include "GG_opcodes.h"

static GrB_Info binaryop_new(GrB_BinaryOp *op, GxB_binary_function f, GrB_Type ztype,
                             GrB_Type xtype, GrB_Type ytype, const char *name, const char *func)
{
    GrB_Info info;
    GrB_BinaryOp b = GG_op_new(func, op, f != NULL, 3, (GrB_Type[]){ztype, xtype, ytype},
                               sizeof(*b), GG_KIND_BINARYOP, name, &info);
    if (b == NULL) return info;
    b->f = f;
    b->ztype = ztype;
    b->xtype = xtype;
    b->ytype = ytype;
    b->opcode = GG_OP_USER;
    *op = b;
    return GrB_SUCCESS;
}

GrB_Info GrB_BinaryOp_new(GrB_BinaryOp *op, GxB_binary_function f, GrB_Type ztype,
                          GrB_Type xtype, GrB_Type ytype)
{
    GG_CHECK_INIT();
    return binaryop_new(op, f, ztype, xtype, ytype, NULL, __func__);
}

GrB_Info GxB_BinaryOp_new(GrB_BinaryOp *op, GxB_binary_function f, GrB_Type ztype,
                          GrB_Type xtype, GrB_Type ytype, const char *name, const char *defn)
{
    (void)defn; /* no JIT: the definition is not needed */
    GG_CHECK_INIT();
    return binaryop_new(op, f, ztype, xtype, ytype, name, __func__);
}

GG_DEFINE_FREE_WAIT(BinaryOp, GG_KIND_BINARYOP)
