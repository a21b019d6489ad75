/* test_ops_rules.c: the spec's domain, dimension and index rules of the operations, case by case,
 * on shapes and types chosen so each rule decides alone: transposes honoured where the spec
 * applies them and ignored where SuiteSparse ignores them (vector operations, mxv's INP1, vxm's
 * INP0), GrB_ALL lengths ignored, typecasting compatibility, user-defined types, positional index
 * operators, the _UDT forms' value types. The expected codes were confirmed against SuiteSparse
 * 7.4 except where a comment says the spec is followed instead. A valid call must succeed or,
 * until its kernel exists, answer GrB_NOT_IMPLEMENTED. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"

typedef struct {
    double a, b;
} udt;

static void f_copy(void *z, const void *x)
{
    memcpy(z, x, sizeof(udt));
}
static void f_first(void *z, const void *x, const void *y)
{
    (void)y;
    memcpy(z, x, sizeof(udt));
}
static void f_const(void *z, const void *x, const void *y)
{
    (void)x;
    (void)y;
    *(double *)z = 1.0;
}
static void f_true(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)x;
    (void)i;
    (void)j;
    (void)y;
    *(bool *)z = true;
}

static GrB_Type UT;
static GrB_Matrix A34, B45, C35, C33, At43, K916, U35, U34, Ut43, M34, Mu35;
static GrB_Vector v3, v4, v5, w3, vu3, m2;
static GrB_Scalar s_empty, s_one, s_udt_empty, s_udt;
static GrB_UnaryOp uop;         /* UT = f(UT) */
static GrB_BinaryOp bop;        /* UT = f(UT, UT) */
static GrB_BinaryOp mix;        /* FP64 = f(UT, FP64) */
static GrB_BinaryOp zU_xD_yD;   /* UT = f(FP64, FP64) */
static GrB_Monoid um;           /* over bop */
static GrB_Semiring sU;         /* um, zU_xD_yD */
static GrB_IndexUnaryOp iop_u;  /* BOOL = f(UT, UT) */
static GrB_IndexUnaryOp iop_zu; /* UT = f(FP64, FP64) */
static GrB_IndexUnaryOp iop_zi; /* INT32 = f(FP64, FP64) */
static udt uval = {1, 2};

#define OK(call) assert_int_equal((call), GrB_SUCCESS)

static int setup(void **state)
{
    (void)state;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return -1;
    OK(GrB_Type_new(&UT, sizeof(udt)));
    OK(GrB_Matrix_new(&A34, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement_FP64(A34, 1.0, 0, 0));
    OK(GrB_Matrix_new(&B45, GrB_FP64, 4, 5));
    OK(GrB_Matrix_new(&C35, GrB_FP64, 3, 5));
    OK(GrB_Matrix_new(&C33, GrB_FP64, 3, 3));
    OK(GrB_Matrix_new(&At43, GrB_FP64, 4, 3));
    OK(GrB_Matrix_new(&K916, GrB_FP64, 9, 16));
    OK(GrB_Matrix_new(&U35, UT, 3, 5));
    OK(GrB_Matrix_new(&U34, UT, 3, 4));
    OK(GrB_Matrix_new(&Ut43, UT, 4, 3));
    OK(GrB_Matrix_new(&M34, GrB_BOOL, 3, 4));
    OK(GrB_Matrix_new(&Mu35, UT, 3, 5));
    OK(GrB_Vector_new(&v3, GrB_FP64, 3));
    OK(GrB_Vector_new(&v4, GrB_FP64, 4));
    OK(GrB_Vector_new(&v5, GrB_FP64, 5));
    OK(GrB_Vector_new(&w3, GrB_FP64, 3));
    OK(GrB_Vector_new(&vu3, UT, 3));
    OK(GrB_Vector_new(&m2, GrB_BOOL, 2));
    OK(GrB_Scalar_new(&s_empty, GrB_FP64));
    OK(GrB_Scalar_new(&s_one, GrB_FP64));
    OK(GrB_Scalar_setElement_FP64(s_one, 1.0));
    OK(GrB_Scalar_new(&s_udt_empty, UT));
    OK(GrB_Scalar_new(&s_udt, UT));
    OK(GrB_Scalar_setElement_UDT(s_udt, &uval));
    OK(GrB_UnaryOp_new(&uop, f_copy, UT, UT));
    OK(GrB_BinaryOp_new(&bop, f_first, UT, UT, UT));
    OK(GrB_BinaryOp_new(&mix, f_const, GrB_FP64, UT, GrB_FP64));
    OK(GrB_BinaryOp_new(&zU_xD_yD, f_first, UT, GrB_FP64, GrB_FP64));
    OK(GrB_Monoid_new_UDT(&um, bop, &uval));
    OK(GrB_Semiring_new(&sU, um, zU_xD_yD));
    OK(GrB_IndexUnaryOp_new(&iop_u, f_true, GrB_BOOL, UT, UT));
    OK(GrB_IndexUnaryOp_new(&iop_zu, f_true, UT, GrB_FP64, GrB_FP64));
    OK(GrB_IndexUnaryOp_new(&iop_zi, f_true, GrB_INT32, GrB_FP64, GrB_FP64));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    GrB_Matrix *mats[] = {&A34, &B45, &C35, &C33, &At43, &K916, &U35, &U34, &Ut43, &M34, &Mu35};
    GrB_Vector *vecs[] = {&v3, &v4, &v5, &w3, &vu3, &m2};
    GrB_Scalar *scals[] = {&s_empty, &s_one, &s_udt_empty, &s_udt};
    for (size_t k = 0; k < sizeof mats / sizeof mats[0]; k++) GrB_Matrix_free(mats[k]);
    for (size_t k = 0; k < sizeof vecs / sizeof vecs[0]; k++) GrB_Vector_free(vecs[k]);
    for (size_t k = 0; k < sizeof scals / sizeof scals[0]; k++) GrB_Scalar_free(scals[k]);
    GrB_Semiring_free(&sU);
    GrB_Monoid_free(&um);
    GrB_BinaryOp_free(&bop);
    GrB_BinaryOp_free(&mix);
    GrB_BinaryOp_free(&zU_xD_yD);
    GrB_UnaryOp_free(&uop);
    GrB_IndexUnaryOp_free(&iop_u);
    GrB_IndexUnaryOp_free(&iop_zu);
    GrB_IndexUnaryOp_free(&iop_zi);
    GrB_Type_free(&UT);
    GrB_finalize();
    return 0;
}

#define EXPECT(call, want)                                                                         \
    do {                                                                                           \
        GrB_Info got_ = (call);                                                                    \
        if (got_ != (want))                                                                        \
            fail_msg("line %d: %s returned %d, expected %s (%d); %s", __LINE__, #call, (int)got_,  \
                     #want, (int)(want), GxG_last_error());                                        \
    } while (0)
#define VALID(call)                                                                                \
    do {                                                                                           \
        GrB_Info got_ = (call);                                                                    \
        if (got_ != GrB_SUCCESS && got_ != GrB_NOT_IMPLEMENTED)                                    \
            fail_msg("line %d: %s returned %d on valid arguments; %s", __LINE__, #call,            \
                     (int)got_, GxG_last_error());                                                 \
    } while (0)

#define PT GrB_PLUS_TIMES_SEMIRING_FP64

static void test_mxm(void **state)
{
    (void)state;
    VALID(GrB_mxm(C35, NULL, NULL, PT, A34, B45, NULL));
    EXPECT(GrB_mxm(C35, NULL, NULL, PT, A34, A34, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_mxm(C35, NULL, NULL, PT, A34, B45, GrB_DESC_T0), GrB_DIMENSION_MISMATCH);
    VALID(GrB_mxm(C33, NULL, NULL, PT, A34, A34, GrB_DESC_T1));
    EXPECT(GrB_mxm(U35, NULL, NULL, PT, A34, B45, NULL), GrB_DOMAIN_MISMATCH);
    /* Domains are checked before dimensions. */
    EXPECT(GrB_mxm(U35, NULL, NULL, PT, A34, A34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_mxm(C35, Mu35, NULL, PT, A34, B45, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_mxm(C35, Mu35, NULL, PT, A34, B45, GrB_DESC_S));
    EXPECT(GrB_mxm(C35, M34, NULL, PT, A34, B45, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_mxm(C35, NULL, GrB_LOR, PT, A34, B45, NULL));
    EXPECT(GrB_mxm(C35, NULL, bop, PT, A34, B45, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_mxm(U35, NULL, NULL, sU, A34, B45, NULL));
    EXPECT(GrB_mxm(C35, NULL, NULL, sU, A34, B45, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_mxm(U35, NULL, NULL, sU, U34, B45, NULL), GrB_DOMAIN_MISMATCH);
}

static void test_mxv_vxm(void **state)
{
    (void)state;
    VALID(GrB_mxv(w3, NULL, NULL, PT, A34, v4, NULL));
    EXPECT(GrB_mxv(w3, NULL, NULL, PT, A34, v3, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_mxv(v4, NULL, NULL, PT, A34, v3, GrB_DESC_T0));
    EXPECT(GrB_mxv(v4, NULL, NULL, PT, A34, v3, GrB_DESC_T1), GrB_DIMENSION_MISMATCH);
    VALID(GrB_vxm(v4, NULL, NULL, PT, v3, A34, NULL));
    VALID(GrB_vxm(v4, NULL, NULL, PT, v3, A34, GrB_DESC_T0));
    VALID(GrB_vxm(v3, NULL, NULL, PT, v4, A34, GrB_DESC_T1));
    EXPECT(GrB_vxm(v3, NULL, NULL, PT, v4, A34, GrB_DESC_T0), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_mxv(w3, m2, NULL, PT, A34, v4, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_mxv(w3, vu3, NULL, PT, A34, v4, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_mxv(vu3, NULL, NULL, sU, A34, v4, NULL));
    EXPECT(GrB_mxv(w3, NULL, NULL, sU, A34, v4, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_vxm(vu3, NULL, NULL, sU, v4, At43, NULL));
    EXPECT(GrB_vxm(vu3, NULL, NULL, sU, vu3, A34, NULL), GrB_DOMAIN_MISMATCH);
}

static void test_ewise(void **state)
{
    (void)state;
    VALID(GrB_Vector_eWiseAdd_BinaryOp(w3, NULL, NULL, GrB_PLUS_FP64, v3, v3, GrB_DESC_T0));
    EXPECT(GrB_Vector_eWiseAdd_BinaryOp(w3, NULL, NULL, GrB_PLUS_FP64, v3, v4, NULL),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_eWiseAdd_BinaryOp(C35, NULL, NULL, GrB_PLUS_FP64, A34, A34, NULL),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_eWiseMult_BinaryOp(C33, NULL, NULL, GrB_PLUS_FP64, A34, A34, GrB_DESC_T0),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_eWiseMult_BinaryOp(At43, NULL, NULL, GrB_PLUS_FP64, A34, A34,
                                        GrB_DESC_T0T1));
    EXPECT(GrB_Vector_eWiseAdd_BinaryOp(vu3, NULL, NULL, GrB_PLUS_FP64, v3, v3, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Vector_eWiseAdd_Semiring(w3, NULL, NULL, PT, v3, v3, NULL));
    VALID(GrB_Vector_eWiseMult_Monoid(w3, NULL, NULL, GrB_PLUS_MONOID_FP64, v3, v3, NULL));
    /* eWiseAdd copies an entry present in one input only, so each input must also cast to the
     * operator's result type; eWiseMult needs only x and y. */
    EXPECT(GrB_Matrix_eWiseAdd_BinaryOp(A34, NULL, NULL, mix, U34, A34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_eWiseMult_BinaryOp(A34, NULL, NULL, mix, U34, A34, NULL));
    EXPECT(GrB_Matrix_eWiseAdd_BinaryOp(U34, NULL, NULL, zU_xD_yD, A34, A34, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_eWiseMult_BinaryOp(U34, NULL, NULL, zU_xD_yD, A34, A34, NULL));
    EXPECT(GrB_Matrix_eWiseAdd_Semiring(U34, NULL, NULL, sU, A34, A34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_eWiseMult_Semiring(U34, NULL, NULL, sU, A34, A34, NULL));
    VALID(GrB_Matrix_eWiseAdd_Monoid(U34, NULL, NULL, um, U34, U34, NULL));
}

static void test_extract(void **state)
{
    (void)state;
    GrB_Index I2[2] = {0, 9}, I3[3] = {0, 9, 1};
    EXPECT(GrB_Col_extract(w3, NULL, NULL, A34, GrB_ALL, 3, 4, NULL), GrB_INVALID_INDEX);
    VALID(GrB_Col_extract(w3, NULL, NULL, A34, GrB_ALL, 3, 3, NULL));
    VALID(GrB_Col_extract(w3, NULL, NULL, A34, GrB_ALL, 7, 3, NULL));
    EXPECT(GrB_Col_extract(w3, NULL, NULL, A34, NULL, 3, 0, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_Col_extract(w3, NULL, NULL, A34, I2, 2, 0, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_Col_extract(v4, NULL, NULL, A34, GrB_ALL, 4, 2, GrB_DESC_T0));
    EXPECT(GrB_Col_extract(v4, NULL, NULL, A34, GrB_ALL, 4, 3, GrB_DESC_T0), GrB_INVALID_INDEX);
    EXPECT(GrB_Col_extract(w3, NULL, NULL, A34, I3, 3, 0, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GrB_Vector_extract(w3, NULL, NULL, v4, I2, 2, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Vector_extract(w3, NULL, NULL, v4, I3, 3, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    VALID(GrB_Vector_extract(w3, NULL, NULL, v3, GrB_ALL, 2, NULL));
    EXPECT(GrB_Vector_extract(w3, NULL, NULL, v4, GrB_ALL, 3, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_extract(A34, NULL, NULL, A34, GrB_ALL, 3, GrB_ALL, 5, NULL));
    EXPECT(GrB_Matrix_extract(C35, NULL, NULL, A34, GrB_ALL, 3, GrB_ALL, 5, NULL),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_extract(At43, NULL, NULL, A34, GrB_ALL, 0, GrB_ALL, 0, GrB_DESC_T0));
    EXPECT(GrB_Matrix_extract(U34, NULL, NULL, A34, GrB_ALL, 3, GrB_ALL, 4, NULL),
           GrB_DOMAIN_MISMATCH);
}

static void test_assign(void **state)
{
    (void)state;
    GrB_Index I2[2] = {0, 9}, J3[3] = {0, 1, 2}, J4[4] = {0, 1, 2, 3};
    /* The spec makes an out-of-range i or j of the row and column forms GrB_INVALID_INDEX;
     * SuiteSparse 7.4 answers GrB_INDEX_OUT_OF_BOUNDS. */
    EXPECT(GrB_Row_assign(C35, NULL, NULL, v5, 9, GrB_ALL, 5, NULL), GrB_INVALID_INDEX);
    EXPECT(GrB_Col_assign(C35, NULL, NULL, v3, GrB_ALL, 3, 9, NULL), GrB_INVALID_INDEX);
    VALID(GrB_Row_assign(C35, NULL, NULL, v5, 1, GrB_ALL, 5, NULL));
    VALID(GrB_Row_assign(C35, NULL, NULL, v5, 1, GrB_ALL, 2, NULL));
    VALID(GrB_Row_assign(C35, NULL, NULL, v5, 1, GrB_ALL, 5, GrB_DESC_T0));
    EXPECT(GrB_Row_assign(C35, v3, NULL, v5, 1, GrB_ALL, 5, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Row_assign(C35, NULL, NULL, v5, 1, I2, 2, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Row_assign(C35, NULL, NULL, v4, 1, GrB_ALL, 5, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Row_assign(C35, vu3, NULL, v5, 1, GrB_ALL, 5, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Col_assign(C35, NULL, NULL, v3, GrB_ALL, 3, 4, NULL));
    EXPECT(GrB_Col_assign(C35, v4, NULL, v3, GrB_ALL, 3, 4, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_assign(C35, NULL, NULL, A34, GrB_ALL, 3, GrB_ALL, 5, NULL),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_assign(C35, NULL, NULL, A34, GrB_ALL, 3, J4, 4, NULL));
    EXPECT(GrB_Matrix_assign(C35, NULL, NULL, A34, J4, 4, GrB_ALL, 3, GrB_DESC_T0),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_assign(C35, NULL, NULL, A34, J4, 4, J3, 3, GrB_DESC_T0),
           GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GrB_Vector_assign(w3, NULL, NULL, v3, I2, 2, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_Vector_assign(w3, NULL, NULL, v3, GrB_ALL, 2, NULL));
    EXPECT(GrB_Vector_assign_FP64(w3, NULL, NULL, 1.0, I2, 2, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    EXPECT(GrB_Vector_assign_FP64(vu3, NULL, NULL, 1.0, GrB_ALL, 3, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Vector_assign_UDT(vu3, NULL, NULL, NULL, GrB_ALL, 3, NULL), GrB_NULL_POINTER);
    VALID(GrB_Vector_assign_UDT(vu3, NULL, NULL, &uval, GrB_ALL, 3, NULL));
    EXPECT(GrB_Matrix_assign_UDT(A34, NULL, NULL, &uval, GrB_ALL, 3, GrB_ALL, 4, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_assign_Scalar(A34, NULL, NULL, s_empty, GrB_ALL, 3, GrB_ALL, 4, NULL));
    EXPECT(GrB_Matrix_assign_Scalar(A34, NULL, NULL, s_udt, GrB_ALL, 3, GrB_ALL, 4, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_assign_FP64(A34, NULL, NULL, 1.0, NULL, 3, GrB_ALL, 4, NULL),
           GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_assign_FP64(A34, NULL, NULL, 1.0, GrB_ALL, 3, NULL, 4, NULL),
           GrB_NULL_POINTER);
}

static void test_apply_select(void **state)
{
    (void)state;
    EXPECT(GrB_Matrix_apply_BinaryOp1st_Scalar(A34, NULL, NULL, GrB_PLUS_FP64, s_empty, A34, NULL),
           GrB_EMPTY_OBJECT);
    EXPECT(GrB_Matrix_apply_BinaryOp2nd_Scalar(A34, NULL, NULL, GrB_PLUS_FP64, A34, s_empty, NULL),
           GrB_EMPTY_OBJECT);
    EXPECT(GrB_Matrix_apply_IndexOp_Scalar(A34, NULL, NULL, GrB_ROWINDEX_INT64, A34, s_empty,
                                           NULL),
           GrB_EMPTY_OBJECT);
    EXPECT(GrB_Matrix_select_Scalar(A34, NULL, NULL, GrB_TRIL, A34, s_empty, NULL),
           GrB_EMPTY_OBJECT);
    /* apply into C<!NULL> computes nothing, so an empty scalar is never needed; select still
     * reports it (both as SuiteSparse 7.4). */
    VALID(GrB_Matrix_apply_BinaryOp1st_Scalar(A34, NULL, NULL, GrB_PLUS_FP64, s_empty, A34,
                                              GrB_DESC_C));
    EXPECT(GrB_Matrix_select_Scalar(A34, NULL, NULL, GrB_TRIL, A34, s_empty, GrB_DESC_C),
           GrB_EMPTY_OBJECT);
    /* In the bind-first form A is the operator's second input: GrB_INP1 transposes it. */
    VALID(GrB_Matrix_apply_BinaryOp1st_FP64(At43, NULL, NULL, GrB_PLUS_FP64, 1.0, A34,
                                            GrB_DESC_T1));
    EXPECT(GrB_Matrix_apply_BinaryOp1st_FP64(At43, NULL, NULL, GrB_PLUS_FP64, 1.0, A34,
                                             GrB_DESC_T0),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_apply_BinaryOp2nd_FP64(At43, NULL, NULL, GrB_PLUS_FP64, A34, 1.0,
                                            GrB_DESC_T0));
    /* Dimensions are checked before the scalar's entry, domains before both. */
    EXPECT(GrB_Matrix_apply_BinaryOp1st_Scalar(C35, NULL, NULL, GrB_PLUS_FP64, s_empty, A34, NULL),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_select_Scalar(A34, NULL, NULL, GrB_TRIL, A34, s_udt_empty, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_select_Scalar(A34, NULL, NULL, GrB_TRIL, A34, s_one, NULL));
    /* A _UDT value has the type the operator expects there. */
    VALID(GrB_Matrix_select_UDT(A34, NULL, NULL, GrB_TRIL, A34, &uval, NULL));
    VALID(GrB_Matrix_apply_BinaryOp1st_UDT(A34, NULL, NULL, GrB_PLUS_FP64, &uval, A34, NULL));
    EXPECT(GrB_Matrix_apply_BinaryOp1st_UDT(A34, NULL, NULL, GrB_PLUS_FP64, NULL, A34, NULL),
           GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_apply_BinaryOp1st_Scalar(A34, NULL, NULL, GrB_PLUS_FP64, s_udt, A34, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_apply(A34, NULL, NULL, GrB_AINV_FP64, U34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_apply(U34, NULL, NULL, GrB_AINV_FP64, A34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_apply(U34, NULL, NULL, uop, U34, NULL));
    EXPECT(GrB_Matrix_apply(U34, NULL, NULL, uop, A34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_apply(A34, NULL, NULL, GrB_AINV_FP64, A34, GrB_DESC_T0),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_apply(At43, NULL, NULL, GrB_AINV_FP64, A34, GrB_DESC_T0));
    VALID(GrB_Matrix_apply_BinaryOp1st_UDT(U34, NULL, NULL, bop, &uval, U34, NULL));
    EXPECT(GrB_Matrix_apply_BinaryOp1st_FP64(U34, NULL, NULL, bop, 1.0, U34, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_apply_BinaryOp1st_FP64(U34, NULL, NULL, zU_xD_yD, 1.0, A34, NULL));
    VALID(GrB_Matrix_apply_BinaryOp2nd_BOOL(U34, NULL, NULL, zU_xD_yD, A34, true, NULL));
    EXPECT(GrB_Matrix_apply_BinaryOp2nd_FP64(U34, NULL, NULL, bop, U34, 1.0, NULL),
           GrB_DOMAIN_MISMATCH);
    /* Positional index operators do not read the input's values. */
    VALID(GrB_Matrix_apply_IndexOp_INT64(A34, NULL, NULL, GrB_ROWINDEX_INT64, U34, 1, NULL));
    EXPECT(GrB_Matrix_apply_IndexOp_INT64(U34, NULL, NULL, GrB_ROWINDEX_INT64, A34, 1, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_apply_IndexOp_INT64(A34, NULL, NULL, GrB_VALUEEQ_FP64, U34, 1, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_apply_IndexOp_FP64(A34, NULL, NULL, iop_zu, A34, 1.0, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_apply_IndexOp_FP64(U34, NULL, NULL, iop_zu, A34, 1.0, NULL));
    VALID(GrB_Matrix_select_INT64(U34, NULL, NULL, GrB_TRIL, U34, 1, NULL));
    EXPECT(GrB_Matrix_select_INT64(A34, NULL, NULL, GrB_VALUEEQ_FP64, U34, 1, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_select_INT64(U34, NULL, NULL, iop_u, U34, 1, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_select_UDT(U34, NULL, NULL, iop_u, U34, &uval, NULL));
    /* select keeps A's values, so the operator's result must cast to bool. */
    EXPECT(GrB_Matrix_select_FP64(A34, NULL, NULL, iop_zu, A34, 1.0, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_select_FP64(A34, NULL, NULL, iop_zi, A34, 1.0, NULL));
    EXPECT(GrB_Vector_apply(w3, v4, NULL, GrB_AINV_FP64, v3, NULL), GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Vector_apply(w3, vu3, NULL, GrB_AINV_FP64, v3, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Vector_apply(w3, vu3, NULL, GrB_AINV_FP64, v3, GrB_DESC_S));
    VALID(GrB_Vector_apply(w3, vu3, NULL, GrB_AINV_FP64, v3, GrB_DESC_SC));
    VALID(GrB_Vector_apply(w3, NULL, NULL, GrB_AINV_FP64, v3, GrB_DESC_T0));
}

static void test_reduce(void **state)
{
    (void)state;
    double d = 0;
    int32_t i32 = 0;
    udt ur;
    VALID(GrB_Matrix_reduce_Monoid(w3, NULL, NULL, GrB_PLUS_MONOID_FP64, A34, NULL));
    EXPECT(GrB_Matrix_reduce_Monoid(v4, NULL, NULL, GrB_PLUS_MONOID_FP64, A34, NULL),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_reduce_Monoid(v4, NULL, NULL, GrB_PLUS_MONOID_FP64, A34, GrB_DESC_T0));
    VALID(GrB_Matrix_reduce_BinaryOp(w3, NULL, NULL, GrB_PLUS_FP64, A34, NULL));
    /* A reducing operator needs one domain for z, x and y. */
    EXPECT(GrB_Matrix_reduce_BinaryOp(w3, NULL, NULL, GrB_LT_FP64, A34, NULL),
           GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_reduce_BinaryOp(w3, NULL, NULL, mix, A34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_reduce_Monoid(vu3, NULL, NULL, um, U34, NULL));
    EXPECT(GrB_Matrix_reduce_Monoid(w3, NULL, NULL, um, U34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_reduce_Monoid(vu3, NULL, NULL, GrB_PLUS_MONOID_FP64, A34, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_reduce_Monoid(w3, NULL, NULL, GrB_PLUS_MONOID_INT32, A34, NULL));
    VALID(GrB_Matrix_reduce_FP64(&d, NULL, GrB_PLUS_MONOID_FP64, A34, NULL));
    VALID(GrB_Matrix_reduce_INT32(&i32, NULL, GrB_PLUS_MONOID_FP64, A34, NULL));
    VALID(GrB_Matrix_reduce_UDT(&ur, NULL, GrB_PLUS_MONOID_FP64, A34, NULL));
    VALID(GrB_Matrix_reduce_UDT(&ur, NULL, um, U34, NULL));
    EXPECT(GrB_Matrix_reduce_FP64(&d, NULL, um, U34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_Matrix_reduce_UDT(NULL, NULL, um, U34, NULL), GrB_NULL_POINTER);
    EXPECT(GrB_Matrix_reduce_FP64(&d, NULL, GrB_PLUS_MONOID_FP64, U34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_reduce_FP64(&d, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, A34, NULL));
    EXPECT(GrB_Matrix_reduce_FP64(&d, bop, GrB_PLUS_MONOID_FP64, A34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Matrix_reduce_FP64(&d, NULL, GrB_PLUS_MONOID_FP64, A34, GrB_DESC_T0));
    VALID(GrB_Matrix_reduce_Monoid_Scalar(s_one, NULL, GrB_PLUS_MONOID_FP64, A34, NULL));
    VALID(GrB_Matrix_reduce_BinaryOp_Scalar(s_one, NULL, GrB_PLUS_FP64, A34, NULL));
    VALID(GrB_Matrix_reduce_Monoid_Scalar(s_udt, NULL, um, U34, NULL));
    /* The spec's rule; SuiteSparse 7.4 lets this one through. */
    EXPECT(GrB_Matrix_reduce_Monoid_Scalar(s_one, NULL, um, U34, NULL), GrB_DOMAIN_MISMATCH);
    VALID(GrB_Vector_reduce_FP64(&d, NULL, GrB_PLUS_MONOID_FP64, v3, NULL));
    EXPECT(GrB_Vector_reduce_BOOL(NULL, NULL, GrB_PLUS_MONOID_FP64, v3, NULL), GrB_NULL_POINTER);
}

static void test_transpose_kronecker(void **state)
{
    (void)state;
    VALID(GrB_Matrix_kronecker_BinaryOp(K916, NULL, NULL, GrB_TIMES_FP64, A34, A34, NULL));
    EXPECT(GrB_Matrix_kronecker_BinaryOp(C35, NULL, NULL, GrB_TIMES_FP64, A34, A34, NULL),
           GrB_DIMENSION_MISMATCH);
    EXPECT(GrB_Matrix_kronecker_BinaryOp(K916, NULL, NULL, GrB_TIMES_FP64, A34, A34, GrB_DESC_T0),
           GrB_DIMENSION_MISMATCH);
    VALID(GrB_Matrix_kronecker_Semiring(K916, NULL, NULL, PT, A34, A34, NULL));
    VALID(GrB_Matrix_kronecker_Monoid(K916, NULL, NULL, GrB_PLUS_MONOID_FP64, A34, A34, NULL));
    EXPECT(GrB_Matrix_kronecker_BinaryOp(K916, NULL, NULL, GrB_TIMES_FP64, A34, U34, NULL),
           GrB_DOMAIN_MISMATCH);
    VALID(GrB_transpose(At43, NULL, NULL, A34, NULL));
    EXPECT(GrB_transpose(A34, NULL, NULL, A34, NULL), GrB_DIMENSION_MISMATCH);
    VALID(GrB_transpose(A34, NULL, NULL, A34, GrB_DESC_T0));
    EXPECT(GrB_transpose(At43, NULL, NULL, U34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_transpose(At43, NULL, bop, A34, NULL), GrB_DOMAIN_MISMATCH);
    /* accum: C casts to its x, the result to its y, its z back to C. */
    EXPECT(GrB_transpose(At43, NULL, mix, A34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_transpose(Ut43, NULL, mix, A34, NULL), GrB_DOMAIN_MISMATCH);
    EXPECT(GrB_transpose(At43, NULL, GrB_PLUS_FP64, U34, NULL), GrB_DOMAIN_MISMATCH);
}

/* Forcing a backend that lacks an operation says so; a forced CUDA without a device too. */
static void test_backend_choice(void **state)
{
    (void)state;
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    OK(GrB_Descriptor_set(d, (GrB_Desc_Field)GxG_BACKEND, (GrB_Desc_Value)GxG_BACKEND_CPU));
    VALID(GrB_mxm(C35, NULL, NULL, PT, A34, B45, d));
    int32_t backends = 0;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &backends, GxG_BACKENDS_AVAILABLE));
    OK(GrB_Descriptor_set(d, (GrB_Desc_Field)GxG_BACKEND, (GrB_Desc_Value)GxG_BACKEND_CUDA));
    if ((backends & 2) == 0)
        EXPECT(GrB_mxm(C35, NULL, NULL, PT, A34, B45, d), GrB_NOT_IMPLEMENTED);
    else
        VALID(GrB_mxm(C35, NULL, NULL, PT, A34, B45, d));
    /* Argument errors come first, whatever the backend. */
    EXPECT(GrB_mxm(C35, NULL, NULL, PT, A34, A34, d), GrB_DIMENSION_MISMATCH);
    OK(GrB_Descriptor_free(&d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mxm),          cmocka_unit_test(test_mxv_vxm),
        cmocka_unit_test(test_ewise),        cmocka_unit_test(test_extract),
        cmocka_unit_test(test_assign),       cmocka_unit_test(test_apply_select),
        cmocka_unit_test(test_reduce),       cmocka_unit_test(test_transpose_kronecker),
        cmocka_unit_test(test_backend_choice),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
