/* test_polymorphic.c: the 26 polymorphic names of the spec (C11 _Generic macros), used with every
 * argument type SuiteSparse 7.4 accepts for them: the 11 C scalar types (by value and through
 * pointers, const or not), void * / const void * for user-defined types where the typed function
 * can take them, GrB_Scalar, the default branches, GrB_assign's Row/Col choice, GrB_apply's
 * bind-first / bind-second / index-op forms, GrB_reduce to a C scalar, a GrB_Scalar or a vector,
 * and GrB_get / GrB_set with every value kind on every object kind, GrB_GLOBAL included.
 *
 * This file compiles under -std=c11 -pedantic -Werror, so an association that does not exist or
 * resolves to a function of the wrong object kind fails the build. Which typed function a call
 * reached is proven at run time: each call is given one argument that is not a live object, and
 * the resulting error message must name the expected typed function. */
#include "api_check.h"

#include <string.h>

#define BAD_FIELD ((GrB_Field)9999)

/* Runs `call` after planting an unrelated last error, then checks that it failed with `want`
 * and that its message names `name`, the typed function the macro must have chosen. */
#define DISPATCH(call, want, name) DISPATCH_(call, #call, want, name)
#define DISPATCH_BAD(call, name) DISPATCH_(call, #call, GrB_UNINITIALIZED_OBJECT, name)
#define DISPATCH_(call, text, want, name)                                                          \
    do {                                                                                           \
        plant_unrelated_error();                                                                   \
        GrB_Info got_ = (call);                                                                    \
        expect_dispatch(got_, (want), (name), text, __FILE__, __LINE__);                           \
    } while (0)

static void plant_unrelated_error(void)
{
    assert_int_equal(GrB_getVersion(NULL, NULL), GrB_NULL_POINTER);
}

static void expect_dispatch(GrB_Info got, GrB_Info want, const char *name, const char *text,
                            const char *file, int line)
{
    const char *msg = GxG_last_error();
    if (got == want && api_mentions(msg, name)) return;
    print_error("%s\n  returned %s, expected %s from %s\n  last error: \"%s\"\n", text,
                api_info_name(got), api_info_name(want), name, msg);
    _fail(file, line);
}

/* Live inputs, so that the one bad argument of each call is the only possible error. */
static GrB_Matrix A;
static GrB_Vector u;
static GrB_Scalar s;

static int setup(void **state)
{
    (void)state;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return -1;
    EXPECT_OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    EXPECT_OK(GrB_Vector_new(&u, GrB_FP64, 3));
    EXPECT_OK(GrB_Scalar_new(&s, GrB_FP64));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    EXPECT_OK(GrB_free(&A));
    EXPECT_OK(GrB_free(&u));
    EXPECT_OK(GrB_free(&s));
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

static api_pair udt_value = {1.0, 2.0};

/* ---- element and tuple methods --------------------------------------------------------------- */

#define ELEMENT_DISPATCH(T, E, V, CV)                                                              \
    {                                                                                              \
        E x = (E)1;                                                                                \
        const E cx = (E)1;                                                                         \
        E *px = &x;                                                                                \
        const E *cpx = &x;                                                                         \
        GrB_Index I[1] = {0}, n = 1;                                                               \
        DISPATCH_BAD(GrB_Monoid_new(&monoid, FAKE(GrB_BinaryOp), x), "GrB_Monoid_new_" #T);        \
        DISPATCH_BAD(GrB_Monoid_new(&monoid, FAKE(GrB_BinaryOp), cx), "GrB_Monoid_new_" #T);       \
        DISPATCH_BAD(GrB_Scalar_setElement(FAKE(GrB_Scalar), x), "GrB_Scalar_setElement_" #T);     \
        DISPATCH_BAD(GrB_Scalar_setElement(FAKE(GrB_Scalar), cx), "GrB_Scalar_setElement_" #T);    \
        DISPATCH_BAD(GrB_Scalar_extractElement(px, FAKE(GrB_Scalar)),                              \
                     "GrB_Scalar_extractElement_" #T);                                             \
        DISPATCH_BAD(GrB_Vector_build(FAKE(GrB_Vector), I, px, 1, NULL), "GrB_Vector_build_" #T);  \
        DISPATCH_BAD(GrB_Vector_build(FAKE(GrB_Vector), I, cpx, 1, NULL), "GrB_Vector_build_" #T); \
        DISPATCH_BAD(GrB_Vector_setElement(FAKE(GrB_Vector), x, 0), "GrB_Vector_setElement_" #T);  \
        DISPATCH_BAD(GrB_Vector_setElement(FAKE(GrB_Vector), cx, 0), "GrB_Vector_setElement_" #T); \
        DISPATCH_BAD(GrB_Vector_extractElement(px, FAKE(GrB_Vector), 0),                           \
                     "GrB_Vector_extractElement_" #T);                                             \
        DISPATCH_BAD(GrB_Vector_extractTuples(I, px, &n, FAKE(GrB_Vector)),                        \
                     "GrB_Vector_extractTuples_" #T);                                              \
        DISPATCH_BAD(GrB_Matrix_build(FAKE(GrB_Matrix), I, I, px, 1, NULL),                        \
                     "GrB_Matrix_build_" #T);                                                      \
        DISPATCH_BAD(GrB_Matrix_build(FAKE(GrB_Matrix), I, I, cpx, 1, NULL),                       \
                     "GrB_Matrix_build_" #T);                                                      \
        DISPATCH_BAD(GrB_Matrix_setElement(FAKE(GrB_Matrix), x, 0, 0),                             \
                     "GrB_Matrix_setElement_" #T);                                                 \
        DISPATCH_BAD(GrB_Matrix_setElement(FAKE(GrB_Matrix), cx, 0, 0),                            \
                     "GrB_Matrix_setElement_" #T);                                                 \
        DISPATCH_BAD(GrB_Matrix_extractElement(px, FAKE(GrB_Matrix), 0, 0),                        \
                     "GrB_Matrix_extractElement_" #T);                                             \
        DISPATCH_BAD(GrB_Matrix_extractTuples(I, I, px, &n, FAKE(GrB_Matrix)),                     \
                     "GrB_Matrix_extractTuples_" #T);                                              \
        DISPATCH_BAD(                                                                              \
            GrB_Matrix_import(&C, FAKE(GrB_Type), 1, 1, Ap, I, px, 2, 1, 1, GrB_CSR_FORMAT),       \
            "GrB_Matrix_import_" #T);                                                              \
        DISPATCH_BAD(                                                                              \
            GrB_Matrix_import(&C, FAKE(GrB_Type), 1, 1, Ap, I, cpx, 2, 1, 1, GrB_CSR_FORMAT),      \
            "GrB_Matrix_import_" #T);                                                              \
        DISPATCH_BAD(GrB_Matrix_export(Ap, I, px, &np, &n, &n, GrB_CSR_FORMAT, FAKE(GrB_Matrix)),  \
                     "GrB_Matrix_export_" #T);                                                     \
    }

static void test_element_methods(void **state)
{
    (void)state;
    GrB_Monoid monoid = NULL;
    GrB_Matrix C = NULL;
    GrB_Index Ap[2] = {0, 1}, np = 2;
    GxG_BUILTIN_TYPES(ELEMENT_DISPATCH)

    /* user-defined values go through void pointers */
    void *p = &udt_value;
    const void *cp = &udt_value;
    GrB_Index I[1] = {0}, n = 1;
    DISPATCH_BAD(GrB_Monoid_new(&monoid, FAKE(GrB_BinaryOp), p), "GrB_Monoid_new_UDT");
    DISPATCH_BAD(GrB_Scalar_setElement(FAKE(GrB_Scalar), p), "GrB_Scalar_setElement_UDT");
    DISPATCH_BAD(GrB_Scalar_extractElement(p, FAKE(GrB_Scalar)), "GrB_Scalar_extractElement_UDT");
    DISPATCH_BAD(GrB_Vector_build(FAKE(GrB_Vector), I, p, 1, NULL), "GrB_Vector_build_UDT");
    DISPATCH_BAD(GrB_Vector_build(FAKE(GrB_Vector), I, cp, 1, NULL), "GrB_Vector_build_UDT");
    DISPATCH_BAD(GrB_Vector_setElement(FAKE(GrB_Vector), p, 0), "GrB_Vector_setElement_UDT");
    DISPATCH_BAD(GrB_Vector_extractElement(p, FAKE(GrB_Vector), 0),
                 "GrB_Vector_extractElement_UDT");
    DISPATCH_BAD(GrB_Vector_extractTuples(I, p, &n, FAKE(GrB_Vector)),
                 "GrB_Vector_extractTuples_UDT");
    DISPATCH_BAD(GrB_Matrix_build(FAKE(GrB_Matrix), I, I, p, 1, NULL), "GrB_Matrix_build_UDT");
    DISPATCH_BAD(GrB_Matrix_build(FAKE(GrB_Matrix), I, I, cp, 1, NULL), "GrB_Matrix_build_UDT");
    DISPATCH_BAD(GrB_Matrix_setElement(FAKE(GrB_Matrix), p, 0, 0), "GrB_Matrix_setElement_UDT");
    DISPATCH_BAD(GrB_Matrix_extractElement(p, FAKE(GrB_Matrix), 0, 0),
                 "GrB_Matrix_extractElement_UDT");
    DISPATCH_BAD(GrB_Matrix_extractTuples(I, I, p, &n, FAKE(GrB_Matrix)),
                 "GrB_Matrix_extractTuples_UDT");
    DISPATCH_BAD(GrB_Matrix_import(&C, FAKE(GrB_Type), 1, 1, Ap, I, p, 2, 1, 1, GrB_CSR_FORMAT),
                 "GrB_Matrix_import_UDT");
    DISPATCH_BAD(GrB_Matrix_import(&C, FAKE(GrB_Type), 1, 1, Ap, I, cp, 2, 1, 1, GrB_CSR_FORMAT),
                 "GrB_Matrix_import_UDT");
    DISPATCH_BAD(GrB_Matrix_export(Ap, I, p, &np, &n, &n, GrB_CSR_FORMAT, FAKE(GrB_Matrix)),
                 "GrB_Matrix_export_UDT");

    /* the default branches: a GrB_Scalar value */
    const GrB_Scalar cs = s;
    DISPATCH_BAD(GrB_Vector_setElement(FAKE(GrB_Vector), s, 0), "GrB_Vector_setElement_Scalar");
    DISPATCH_BAD(GrB_Vector_setElement(FAKE(GrB_Vector), cs, 0), "GrB_Vector_setElement_Scalar");
    DISPATCH_BAD(GrB_Vector_extractElement(s, FAKE(GrB_Vector), 0),
                 "GrB_Vector_extractElement_Scalar");
    DISPATCH_BAD(GrB_Matrix_setElement(FAKE(GrB_Matrix), s, 0, 0), "GrB_Matrix_setElement_Scalar");
    DISPATCH_BAD(GrB_Matrix_setElement(FAKE(GrB_Matrix), cs, 0, 0), "GrB_Matrix_setElement_Scalar");
    DISPATCH_BAD(GrB_Matrix_extractElement(s, FAKE(GrB_Matrix), 0, 0),
                 "GrB_Matrix_extractElement_Scalar");
    assert_null(monoid);
    assert_null(C);
}

/* A value that only a correctly typed call stores exactly: 200 in UINT8 is -56 in INT8, 0.5 is
 * 0 in any integer type. The chosen function also decides the cast, so this shows it runs. */
static void test_element_values(void **state)
{
    (void)state;
    GrB_Matrix M = NULL;
    double got = 0.0;
    EXPECT_OK(GrB_Matrix_new(&M, GrB_FP64, 2, 2));
    EXPECT_OK(GrB_Matrix_setElement(M, (uint8_t)200, 0, 0));
    EXPECT_OK(GrB_Matrix_extractElement(&got, M, 0, 0));
    assert_true(got == 200.0);
    EXPECT_OK(GrB_Matrix_setElement(M, 0.5f, 0, 1));
    EXPECT_OK(GrB_Matrix_extractElement(&got, M, 0, 1));
    assert_true(got == 0.5);
    EXPECT_OK(GrB_Matrix_setElement(M, (int16_t)-300, 1, 0));
    int8_t i8 = 0;
    EXPECT_OK(GrB_Matrix_extractElement(&i8, M, 1, 0));
    assert_int_equal(i8, -128);
    EXPECT_OK(GrB_Scalar_setElement(s, (uint64_t)UINT64_MAX));
    EXPECT_OK(GrB_Matrix_setElement(M, s, 1, 1));
    uint64_t u64 = 0;
    EXPECT_OK(GrB_Matrix_extractElement(&u64, M, 1, 1));
    assert_true(u64 == UINT64_MAX);
    EXPECT_OK(GrB_free(&M));
}

/* ---- free, wait, error ----------------------------------------------------------------------- */

/* GrB_error on a live object returns the message of that object's last error: here one planted by
 * a GrB_set with an unknown field, which the object records. */
#define OBJECT_DISPATCH(K)                                                                         \
    {                                                                                              \
        GrB_##K h = FAKE(GrB_##K);                                                                 \
        DISPATCH_BAD(GrB_free(&h), "GrB_" #K "_free");                                             \
        DISPATCH_BAD(GrB_wait(h, GrB_COMPLETE), "GrB_" #K "_wait");                                \
        const char *msg = NULL;                                                                    \
        DISPATCH(GrB_set(live.K, (int32_t)1, BAD_FIELD), GrB_INVALID_VALUE,                        \
                 "GrB_" #K "_set_INT32");                                                          \
        EXPECT_OK(GrB_error(&msg, live.K));                                                        \
        assert_true(api_mentions(msg, "GrB_" #K "_set_INT32"));                                    \
    }

static void test_free_wait_error(void **state)
{
    (void)state;
    api_objects live = {.Scalar = s, .Vector = u, .Matrix = A};
    EXPECT_OK(GrB_Type_new(&live.Type, sizeof(api_pair)));
    EXPECT_OK(GrB_UnaryOp_new(&live.UnaryOp, api_fp64_neg, GrB_FP64, GrB_FP64));
    EXPECT_OK(GrB_IndexUnaryOp_new(&live.IndexUnaryOp, api_fp64_idx, GrB_FP64, GrB_FP64, GrB_FP64));
    EXPECT_OK(GrB_BinaryOp_new(&live.BinaryOp, api_fp64_add, GrB_FP64, GrB_FP64, GrB_FP64));
    EXPECT_OK(GrB_Monoid_new(&live.Monoid, live.BinaryOp, 0.0));
    EXPECT_OK(GrB_Semiring_new(&live.Semiring, live.Monoid, live.BinaryOp));
    EXPECT_OK(GrB_Descriptor_new(&live.Descriptor));
    GxG_OBJECT_KINDS(OBJECT_DISPATCH)
    EXPECT_OK(GrB_free(&live.Descriptor));
    EXPECT_OK(GrB_free(&live.Semiring));
    EXPECT_OK(GrB_free(&live.Monoid));
    EXPECT_OK(GrB_free(&live.BinaryOp));
    EXPECT_OK(GrB_free(&live.IndexUnaryOp));
    EXPECT_OK(GrB_free(&live.UnaryOp));
    EXPECT_OK(GrB_free(&live.Type));
    assert_null(live.Type);
}

/* ---- get and set ----------------------------------------------------------------------------- */

#define GETSET_DISPATCH(K)                                                                         \
    {                                                                                              \
        GrB_##K h = FAKE(GrB_##K);                                                                 \
        DISPATCH_BAD(GrB_get(h, s, GrB_NAME), "GrB_" #K "_get_Scalar");                            \
        DISPATCH_BAD(GrB_get(h, str, GrB_NAME), "GrB_" #K "_get_String");                          \
        DISPATCH_BAD(GrB_get(h, &i32, GrB_NAME), "GrB_" #K "_get_INT32");                          \
        DISPATCH_BAD(GrB_get(h, &sz, GrB_NAME), "GrB_" #K "_get_SIZE");                            \
        DISPATCH_BAD(GrB_get(h, vp, GrB_NAME), "GrB_" #K "_get_VOID");                             \
        DISPATCH_BAD(GrB_set(h, s, GrB_NAME), "GrB_" #K "_set_Scalar");                            \
        DISPATCH_BAD(GrB_set(h, str, GrB_NAME), "GrB_" #K "_set_String");                          \
        DISPATCH_BAD(GrB_set(h, i32, GrB_NAME), "GrB_" #K "_set_INT32");                           \
        DISPATCH_BAD(GrB_set(h, vp, GrB_NAME, sizeof buf), "GrB_" #K "_set_VOID");                 \
    }

static void test_get_set(void **state)
{
    (void)state;
    char str[GxB_MAX_NAME_LEN] = "name";
    int32_t i32 = 0;
    size_t sz = 0;
    double buf[4] = {0};
    void *vp = buf;
    GxG_GETSET_KINDS(GETSET_DISPATCH)

    /* GrB_GLOBAL itself, with a field it does not have */
    DISPATCH(GrB_get(GrB_GLOBAL, &i32, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_get_INT32");
    DISPATCH(GrB_get(GrB_GLOBAL, &sz, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_get_SIZE");
    DISPATCH(GrB_get(GrB_GLOBAL, str, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_get_String");
    DISPATCH(GrB_get(GrB_GLOBAL, vp, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_get_VOID");
    DISPATCH(GrB_get(GrB_GLOBAL, s, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_get_Scalar");
    DISPATCH(GrB_set(GrB_GLOBAL, i32, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_set_INT32");
    DISPATCH(GrB_set(GrB_GLOBAL, str, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_set_String");
    DISPATCH(GrB_set(GrB_GLOBAL, vp, BAD_FIELD, sizeof buf), GrB_INVALID_VALUE,
             "GrB_Global_set_VOID");
    DISPATCH(GrB_set(GrB_GLOBAL, s, BAD_FIELD), GrB_INVALID_VALUE, "GrB_Global_set_Scalar");
    /* and a field it has */
    EXPECT_OK(GrB_get(GrB_GLOBAL, &i32, GrB_API_VER_MAJOR));
    assert_int_equal(i32, 2);
}

/* ---- operations ------------------------------------------------------------------------------ */

static void test_ewise_extract_kronecker(void **state)
{
    (void)state;
    GrB_Vector w = FAKE(GrB_Vector);
    GrB_Matrix C = FAKE(GrB_Matrix);
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    GrB_Monoid mon = GrB_PLUS_MONOID_FP64;
    GrB_BinaryOp op = GrB_TIMES_FP64;
    DISPATCH_BAD(GrB_eWiseMult(w, NULL, NULL, sr, u, u, NULL), "GrB_Vector_eWiseMult_Semiring");
    DISPATCH_BAD(GrB_eWiseMult(w, NULL, NULL, mon, u, u, NULL), "GrB_Vector_eWiseMult_Monoid");
    DISPATCH_BAD(GrB_eWiseMult(w, NULL, NULL, op, u, u, NULL), "GrB_Vector_eWiseMult_BinaryOp");
    DISPATCH_BAD(GrB_eWiseMult(C, NULL, NULL, sr, A, A, NULL), "GrB_Matrix_eWiseMult_Semiring");
    DISPATCH_BAD(GrB_eWiseMult(C, NULL, NULL, mon, A, A, NULL), "GrB_Matrix_eWiseMult_Monoid");
    DISPATCH_BAD(GrB_eWiseMult(C, NULL, NULL, op, A, A, NULL), "GrB_Matrix_eWiseMult_BinaryOp");
    DISPATCH_BAD(GrB_eWiseAdd(w, NULL, NULL, sr, u, u, NULL), "GrB_Vector_eWiseAdd_Semiring");
    DISPATCH_BAD(GrB_eWiseAdd(w, NULL, NULL, mon, u, u, NULL), "GrB_Vector_eWiseAdd_Monoid");
    DISPATCH_BAD(GrB_eWiseAdd(w, NULL, NULL, op, u, u, NULL), "GrB_Vector_eWiseAdd_BinaryOp");
    DISPATCH_BAD(GrB_eWiseAdd(C, NULL, NULL, sr, A, A, NULL), "GrB_Matrix_eWiseAdd_Semiring");
    DISPATCH_BAD(GrB_eWiseAdd(C, NULL, NULL, mon, A, A, NULL), "GrB_Matrix_eWiseAdd_Monoid");
    DISPATCH_BAD(GrB_eWiseAdd(C, NULL, NULL, op, A, A, NULL), "GrB_Matrix_eWiseAdd_BinaryOp");

    DISPATCH_BAD(GrB_extract(w, NULL, NULL, u, GrB_ALL, 3, NULL), "GrB_Vector_extract");
    DISPATCH_BAD(GrB_extract(w, NULL, NULL, A, GrB_ALL, 3, 0, NULL), "GrB_Col_extract");
    DISPATCH_BAD(GrB_extract(C, NULL, NULL, A, GrB_ALL, 3, GrB_ALL, 3, NULL), "GrB_Matrix_extract");

    DISPATCH_BAD(GrB_kronecker(C, NULL, NULL, sr, A, A, NULL), "GrB_Matrix_kronecker_Semiring");
    DISPATCH_BAD(GrB_kronecker(C, NULL, NULL, mon, A, A, NULL), "GrB_Matrix_kronecker_Monoid");
    DISPATCH_BAD(GrB_kronecker(C, NULL, NULL, op, A, A, NULL), "GrB_Matrix_kronecker_BinaryOp");
}

#define ASSIGN_DISPATCH(T, E, V, CV)                                                               \
    {                                                                                              \
        E x = (E)1;                                                                                \
        DISPATCH_BAD(GrB_assign(w, NULL, NULL, x, GrB_ALL, 3, NULL), "GrB_Vector_assign_" #T);     \
        DISPATCH_BAD(GrB_assign(C, NULL, NULL, x, GrB_ALL, 3, GrB_ALL, 3, NULL),                   \
                     "GrB_Matrix_assign_" #T);                                                     \
    }

static void test_assign(void **state)
{
    (void)state;
    GrB_Vector w = FAKE(GrB_Vector);
    GrB_Matrix C = FAKE(GrB_Matrix);
    GxG_BUILTIN_TYPES(ASSIGN_DISPATCH)
    void *p = &udt_value;
    DISPATCH_BAD(GrB_assign(w, NULL, NULL, p, GrB_ALL, 3, NULL), "GrB_Vector_assign_UDT");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, p, GrB_ALL, 3, GrB_ALL, 3, NULL),
                 "GrB_Matrix_assign_UDT");
    DISPATCH_BAD(GrB_assign(w, NULL, NULL, s, GrB_ALL, 3, NULL), "GrB_Vector_assign_Scalar");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, s, GrB_ALL, 3, GrB_ALL, 3, NULL),
                 "GrB_Matrix_assign_Scalar");
    DISPATCH_BAD(GrB_assign(w, NULL, NULL, u, GrB_ALL, 3, NULL), "GrB_Vector_assign");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, A, GrB_ALL, 3, GrB_ALL, 3, NULL), "GrB_Matrix_assign");

    /* a vector into a matrix: a column when the 5th argument is an index list, else a row */
    GrB_Index I[3] = {0, 1, 2}, i = 1;
    const GrB_Index *cI = I;
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, u, GrB_ALL, 3, 1, NULL), "GrB_Col_assign");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, u, I, 3, 1, NULL), "GrB_Col_assign");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, u, cI, 3, 1, NULL), "GrB_Col_assign");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, u, i, GrB_ALL, 3, NULL), "GrB_Row_assign");
    DISPATCH_BAD(GrB_assign(C, NULL, NULL, u, 0, I, 3, NULL), "GrB_Row_assign");
}

#define APPLY_DISPATCH(T, E, V, CV)                                                                \
    {                                                                                              \
        E x = (E)1;                                                                                \
        DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, x, u, NULL),                                  \
                     "GrB_Vector_apply_BinaryOp1st_" #T);                                          \
        DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, u, x, NULL),                                  \
                     "GrB_Vector_apply_BinaryOp2nd_" #T);                                          \
        DISPATCH_BAD(GrB_apply(w, NULL, NULL, idxop, u, x, NULL), "GrB_Vector_apply_IndexOp_" #T); \
        DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, x, A, NULL),                                  \
                     "GrB_Matrix_apply_BinaryOp1st_" #T);                                          \
        DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, A, x, NULL),                                  \
                     "GrB_Matrix_apply_BinaryOp2nd_" #T);                                          \
        DISPATCH_BAD(GrB_apply(C, NULL, NULL, idxop, A, x, NULL), "GrB_Matrix_apply_IndexOp_" #T); \
        DISPATCH_BAD(GrB_select(w, NULL, NULL, idxop, u, x, NULL), "GrB_Vector_select_" #T);       \
        DISPATCH_BAD(GrB_select(C, NULL, NULL, idxop, A, x, NULL), "GrB_Matrix_select_" #T);       \
    }

static void test_apply_select(void **state)
{
    (void)state;
    GrB_Vector w = FAKE(GrB_Vector);
    GrB_Matrix C = FAKE(GrB_Matrix);
    GrB_BinaryOp binop = GrB_PLUS_FP64;
    GrB_IndexUnaryOp idxop = GrB_VALUEGT_FP64;
    GxG_BUILTIN_TYPES(APPLY_DISPATCH)
    void *p = &udt_value;
    const void *cp = &udt_value;
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, p, u, NULL), "GrB_Vector_apply_BinaryOp1st_UDT");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, cp, u, NULL), "GrB_Vector_apply_BinaryOp1st_UDT");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, u, p, NULL), "GrB_Vector_apply_BinaryOp2nd_UDT");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, u, cp, NULL), "GrB_Vector_apply_BinaryOp2nd_UDT");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, idxop, u, p, NULL), "GrB_Vector_apply_IndexOp_UDT");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, cp, A, NULL), "GrB_Matrix_apply_BinaryOp1st_UDT");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, A, cp, NULL), "GrB_Matrix_apply_BinaryOp2nd_UDT");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, idxop, A, cp, NULL), "GrB_Matrix_apply_IndexOp_UDT");
    DISPATCH_BAD(GrB_select(w, NULL, NULL, idxop, u, cp, NULL), "GrB_Vector_select_UDT");
    DISPATCH_BAD(GrB_select(C, NULL, NULL, idxop, A, p, NULL), "GrB_Matrix_select_UDT");

    /* GrB_Scalar in either position, the unary form, and the default branches */
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, GrB_AINV_FP64, u, NULL), "GrB_Vector_apply");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL), "GrB_Matrix_apply");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, s, u, NULL),
                 "GrB_Vector_apply_BinaryOp1st_Scalar");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, binop, u, s, NULL),
                 "GrB_Vector_apply_BinaryOp2nd_Scalar");
    DISPATCH_BAD(GrB_apply(w, NULL, NULL, idxop, u, s, NULL), "GrB_Vector_apply_IndexOp_Scalar");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, s, A, NULL),
                 "GrB_Matrix_apply_BinaryOp1st_Scalar");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, binop, A, s, NULL),
                 "GrB_Matrix_apply_BinaryOp2nd_Scalar");
    DISPATCH_BAD(GrB_apply(C, NULL, NULL, idxop, A, s, NULL), "GrB_Matrix_apply_IndexOp_Scalar");
    DISPATCH_BAD(GrB_select(w, NULL, NULL, idxop, u, s, NULL), "GrB_Vector_select_Scalar");
    DISPATCH_BAD(GrB_select(C, NULL, NULL, idxop, A, s, NULL), "GrB_Matrix_select_Scalar");
}

#define REDUCE_DISPATCH(T, E, V, CV)                                                               \
    {                                                                                              \
        E c = (E)0;                                                                                \
        DISPATCH_BAD(GrB_reduce(&c, NULL, mon, FAKE(GrB_Vector), NULL), "GrB_Vector_reduce_" #T);  \
        DISPATCH_BAD(GrB_reduce(&c, NULL, mon, FAKE(GrB_Matrix), NULL), "GrB_Matrix_reduce_" #T);  \
    }

static void test_reduce(void **state)
{
    (void)state;
    GrB_Monoid mon = GrB_PLUS_MONOID_FP64;
    GrB_BinaryOp op = GrB_PLUS_FP64;
    GxG_BUILTIN_TYPES(REDUCE_DISPATCH)
    api_pair c;
    void *p = &c;
    DISPATCH_BAD(GrB_reduce(p, NULL, mon, FAKE(GrB_Vector), NULL), "GrB_Vector_reduce_UDT");
    DISPATCH_BAD(GrB_reduce(p, NULL, mon, FAKE(GrB_Matrix), NULL), "GrB_Matrix_reduce_UDT");
    DISPATCH_BAD(GrB_reduce(s, NULL, mon, FAKE(GrB_Vector), NULL),
                 "GrB_Vector_reduce_Monoid_Scalar");
    DISPATCH_BAD(GrB_reduce(s, NULL, op, FAKE(GrB_Vector), NULL),
                 "GrB_Vector_reduce_BinaryOp_Scalar");
    DISPATCH_BAD(GrB_reduce(s, NULL, mon, FAKE(GrB_Matrix), NULL),
                 "GrB_Matrix_reduce_Monoid_Scalar");
    DISPATCH_BAD(GrB_reduce(s, NULL, op, FAKE(GrB_Matrix), NULL),
                 "GrB_Matrix_reduce_BinaryOp_Scalar");
    DISPATCH_BAD(GrB_reduce(FAKE(GrB_Vector), NULL, NULL, mon, A, NULL),
                 "GrB_Matrix_reduce_Monoid");
    DISPATCH_BAD(GrB_reduce(FAKE(GrB_Vector), NULL, NULL, op, A, NULL),
                 "GrB_Matrix_reduce_BinaryOp");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_element_methods),
        cmocka_unit_test(test_element_values),
        cmocka_unit_test(test_free_wait_error),
        cmocka_unit_test(test_get_set),
        cmocka_unit_test(test_ewise_extract_kronecker),
        cmocka_unit_test(test_assign),
        cmocka_unit_test(test_apply_select),
        cmocka_unit_test(test_reduce),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
