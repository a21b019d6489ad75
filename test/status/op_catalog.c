/* op_catalog.c: the operation catalogue (op_catalog.def expanded twice: one call function per
 * entry, then the table) and its fixture of small valid arguments. */
#include "op_catalog.h"

#include <string.h>

#define OP_ENTRY(name, section, flags, ...)                                                        \
    static GrB_Info call_##name(const op_args *a)                                                  \
    {                                                                                              \
        return __VA_ARGS__;                                                                        \
    }
#include "op_catalog.def"
#undef OP_ENTRY

const op_entry op_catalog[] = {
#define OP_ENTRY(name, section, flags, ...) {#name, section, flags, call_##name},
#include "op_catalog.def"
#undef OP_ENTRY
};
const size_t op_catalog_len = sizeof op_catalog / sizeof op_catalog[0];

#define TRY(call)                                                                                  \
    do {                                                                                           \
        GrB_Info info_ = (call);                                                                   \
        if (info_ != GrB_SUCCESS) return info_;                                                    \
    } while (0)

static GrB_Info matrix(GrB_Matrix *A, GrB_Type type, GrB_Index n, GrB_Index i, GrB_Index j)
{
    TRY(GrB_Matrix_new(A, type, n, n));
    return type == GrB_BOOL ? GrB_Matrix_setElement_BOOL(*A, true, i, j)
                            : GrB_Matrix_setElement_FP64(*A, (double)(i + j + 1), i, j);
}

static GrB_Info vector(GrB_Vector *v, GrB_Type type, GrB_Index i)
{
    TRY(GrB_Vector_new(v, type, OP_N));
    return type == GrB_BOOL ? GrB_Vector_setElement_BOOL(*v, true, i)
                            : GrB_Vector_setElement_FP64(*v, (double)(i + 1), i);
}

GrB_Info op_fixture_new(op_fixture *f)
{
    memset(f, 0, sizeof *f);
    op_args *a = &f->a;
    f->udt_value = (op_udt){1.0, 2.0};
    TRY(GrB_Type_new(&f->udt_type, sizeof(op_udt)));
    TRY(matrix(&a->C, GrB_FP64, OP_N, 0, 1));
    TRY(GrB_Matrix_setElement_FP64(a->C, 7.0, 2, 3));
    TRY(matrix(&a->M, GrB_BOOL, OP_N, 1, 1));
    TRY(matrix(&a->A, GrB_FP64, OP_N, 1, 0));
    TRY(matrix(&a->B, GrB_FP64, OP_N, 0, 2));
    TRY(vector(&a->w, GrB_FP64, 2));
    TRY(vector(&a->m, GrB_BOOL, 1));
    TRY(vector(&a->u, GrB_FP64, 0));
    /* u is full, the input the GPU's mxv/vxm takes (Doc/STATUS.md's GPU column is measured) */
    for (GrB_Index i = 1; i < OP_N; i++) TRY(GrB_Vector_setElement_FP64(a->u, 1.0, i));
    TRY(vector(&a->v, GrB_FP64, 3));
    TRY(matrix(&a->CK, GrB_FP64, OP_N * OP_N, 5, 6));
    TRY(matrix(&a->MK, GrB_BOOL, OP_N * OP_N, 6, 5));
    TRY(GrB_Matrix_new(&a->CU, f->udt_type, OP_N, OP_N));
    TRY(GrB_Matrix_setElement_UDT(a->CU, &f->udt_value, 3, 0));
    TRY(GrB_Vector_new(&a->wU, f->udt_type, OP_N));
    TRY(GrB_Vector_setElement_UDT(a->wU, &f->udt_value, 1));
    TRY(GrB_Scalar_new(&a->s, GrB_FP64));
    TRY(GrB_Scalar_setElement_FP64(a->s, 5.0));
    TRY(GrB_Scalar_new(&a->x, GrB_FP64));
    TRY(GrB_Scalar_setElement_FP64(a->x, 1.0));
    f->cout.d = 42.0;
    a->cout = &f->cout;
    a->accum = NULL;
    a->Semiring = GrB_PLUS_TIMES_SEMIRING_FP64;
    a->Monoid = GrB_PLUS_MONOID_FP64;
    a->BinaryOp = GrB_PLUS_FP64;
    a->UnaryOp = GrB_AINV_FP64;
    a->IndexUnaryOp = GrB_VALUEGT_FP64;
    /* The _UDT forms read the value as the type they expect there: FP64 for the operators above
     * (op_udt starts with a double), op_udt for assign into CU and wU. */
    a->udt = &f->udt_value;
    a->I = a->J = GrB_ALL;
    a->ni = a->nj = OP_N;
    a->i = a->j = 1;
    a->desc = NULL;
    return GrB_SUCCESS;
}

void op_fixture_free(op_fixture *f)
{
    op_args *a = &f->a;
    GrB_Matrix *mats[] = {&a->C, &a->M, &a->A, &a->B, &a->CK, &a->MK, &a->CU};
    GrB_Vector *vecs[] = {&a->w, &a->m, &a->u, &a->v, &a->wU};
    for (size_t k = 0; k < sizeof mats / sizeof mats[0]; k++) GrB_Matrix_free(mats[k]);
    for (size_t k = 0; k < sizeof vecs / sizeof vecs[0]; k++) GrB_Vector_free(vecs[k]);
    GrB_Scalar_free(&a->s);
    GrB_Scalar_free(&a->x);
    GrB_Type_free(&f->udt_type);
}
