/* test_errors_objects.c: every error class of the algebraic-object constructors (Type, UnaryOp,
 * BinaryOp, IndexUnaryOp with their SuiteSparse 7.4 GxB twins, Monoid with every identity type,
 * Semiring), of the Descriptor methods, and of free / wait / error on all ten object kinds,
 * including the SuiteSparse conventions for freeing NULL and predefined objects. */
#include "api_check.h"

/* ---- types and operators --------------------------------------------------------------------- */

static void test_type_new(void **state)
{
    (void)state;
    GrB_Type t = SENTINEL(GrB_Type);
    EXPECT_ERR(GrB_Type_new(NULL, 8), GrB_NULL_POINTER, "type");
    EXPECT_ERR(GxB_Type_new(NULL, 8, "pair", NULL), GrB_NULL_POINTER, "type");
    assert_ptr_equal(t, SENTINEL(GrB_Type));
}

static void test_operator_new(void **state)
{
    (void)state;
    GrB_UnaryOp u = SENTINEL(GrB_UnaryOp);
    GrB_BinaryOp b = SENTINEL(GrB_BinaryOp);
    GrB_IndexUnaryOp x = SENTINEL(GrB_IndexUnaryOp);

    EXPECT_ERR(GrB_UnaryOp_new(NULL, api_fp64_neg, GrB_FP64, GrB_FP64), GrB_NULL_POINTER, "op");
    EXPECT_ERR(GrB_UnaryOp_new(&u, NULL, GrB_FP64, GrB_FP64), GrB_NULL_POINTER, "f|function");
    EXPECT_ERR(GrB_UnaryOp_new(&u, api_fp64_neg, NULL, GrB_FP64), GrB_NULL_POINTER, "ztype");
    EXPECT_ERR(GrB_UnaryOp_new(&u, api_fp64_neg, GrB_FP64, NULL), GrB_NULL_POINTER, "xtype");
    EXPECT_BAD(Type, GrB_UnaryOp_new(&u, api_fp64_neg, bad, GrB_FP64), "ztype");
    EXPECT_BAD(Type, GrB_UnaryOp_new(&u, api_fp64_neg, GrB_FP64, bad), "xtype");
    EXPECT_ERR(GxB_UnaryOp_new(NULL, api_fp64_neg, GrB_FP64, GrB_FP64, "neg", NULL),
               GrB_NULL_POINTER, "op");
    EXPECT_ERR(GxB_UnaryOp_new(&u, NULL, GrB_FP64, GrB_FP64, "neg", NULL), GrB_NULL_POINTER,
               "f|function");
    EXPECT_BAD(Type, GxB_UnaryOp_new(&u, api_fp64_neg, bad, GrB_FP64, "neg", NULL), "ztype");

    EXPECT_ERR(GrB_BinaryOp_new(NULL, api_fp64_add, GrB_FP64, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
               "op");
    EXPECT_ERR(GrB_BinaryOp_new(&b, NULL, GrB_FP64, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
               "f|function");
    EXPECT_ERR(GrB_BinaryOp_new(&b, api_fp64_add, NULL, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
               "ztype");
    EXPECT_ERR(GrB_BinaryOp_new(&b, api_fp64_add, GrB_FP64, NULL, GrB_FP64), GrB_NULL_POINTER,
               "xtype");
    EXPECT_ERR(GrB_BinaryOp_new(&b, api_fp64_add, GrB_FP64, GrB_FP64, NULL), GrB_NULL_POINTER,
               "ytype");
    EXPECT_BAD(Type, GrB_BinaryOp_new(&b, api_fp64_add, bad, GrB_FP64, GrB_FP64), "ztype");
    EXPECT_BAD(Type, GrB_BinaryOp_new(&b, api_fp64_add, GrB_FP64, bad, GrB_FP64), "xtype");
    EXPECT_BAD(Type, GrB_BinaryOp_new(&b, api_fp64_add, GrB_FP64, GrB_FP64, bad), "ytype");
    EXPECT_ERR(GxB_BinaryOp_new(NULL, api_fp64_add, GrB_FP64, GrB_FP64, GrB_FP64, "add", NULL),
               GrB_NULL_POINTER, "op");
    EXPECT_BAD(Type, GxB_BinaryOp_new(&b, api_fp64_add, GrB_FP64, GrB_FP64, bad, "add", NULL),
               "ytype");

    EXPECT_ERR(GrB_IndexUnaryOp_new(NULL, api_fp64_idx, GrB_FP64, GrB_FP64, GrB_FP64),
               GrB_NULL_POINTER, "op");
    EXPECT_ERR(GrB_IndexUnaryOp_new(&x, NULL, GrB_FP64, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
               "f|function");
    EXPECT_ERR(GrB_IndexUnaryOp_new(&x, api_fp64_idx, NULL, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
               "ztype");
    EXPECT_ERR(GrB_IndexUnaryOp_new(&x, api_fp64_idx, GrB_FP64, NULL, GrB_FP64), GrB_NULL_POINTER,
               "xtype");
    EXPECT_ERR(GrB_IndexUnaryOp_new(&x, api_fp64_idx, GrB_FP64, GrB_FP64, NULL), GrB_NULL_POINTER,
               "ytype");
    EXPECT_BAD(Type, GrB_IndexUnaryOp_new(&x, api_fp64_idx, bad, GrB_FP64, GrB_FP64), "ztype");
    EXPECT_BAD(Type, GrB_IndexUnaryOp_new(&x, api_fp64_idx, GrB_FP64, bad, GrB_FP64), "xtype");
    EXPECT_BAD(Type, GrB_IndexUnaryOp_new(&x, api_fp64_idx, GrB_FP64, GrB_FP64, bad), "ytype");
    EXPECT_ERR(GxB_IndexUnaryOp_new(&x, NULL, GrB_FP64, GrB_FP64, GrB_FP64, "idx", NULL),
               GrB_NULL_POINTER, "f|function");

    assert_ptr_equal(u, SENTINEL(GrB_UnaryOp));
    assert_ptr_equal(b, SENTINEL(GrB_BinaryOp));
    assert_ptr_equal(x, SENTINEL(GrB_IndexUnaryOp));
}

/* ---- monoids and semirings ------------------------------------------------------------------- */

/* For every identity type T: the operator must be T x T -> T. The fixture's pair operator and
 * GrB_EQ (whose output is BOOL) never qualify; a PLUS of another built-in type does not either. */
#define MONOID_CASES(T, E, V, CV)                                                                  \
    {                                                                                              \
        GrB_BinaryOp other_plus = GrB_##T == GrB_FP64 ? GrB_PLUS_INT8 : GrB_PLUS_FP64;             \
        GrB_BinaryOp eq = GrB_##T == GrB_FP64 ? GrB_EQ_INT8 : GrB_EQ_FP64;                         \
        EXPECT_ERR(GrB_Monoid_new_##T(NULL, GrB_PLUS_##T, (E)0), GrB_NULL_POINTER, "monoid");      \
        EXPECT_ERR(GrB_Monoid_new_##T(&m, NULL, (E)0), GrB_NULL_POINTER, "op");                    \
        EXPECT_BAD(BinaryOp, GrB_Monoid_new_##T(&m, bad, (E)0), "op");                             \
        EXPECT_ERR(GrB_Monoid_new_##T(&m, F.pair_binop, (E)0), GrB_DOMAIN_MISMATCH,                \
                   "op|identity");                                                                 \
        EXPECT_ERR(GrB_Monoid_new_##T(&m, other_plus, (E)0), GrB_DOMAIN_MISMATCH, "op|identity");  \
        EXPECT_ERR(GrB_Monoid_new_##T(&m, eq, (E)0), GrB_DOMAIN_MISMATCH, "op|identity");          \
        assert_ptr_equal(m, SENTINEL(GrB_Monoid));                                                 \
        EXPECT_OK(GrB_Monoid_new_##T(&m, GrB_PLUS_##T, (E)0));                                     \
        EXPECT_OK(GrB_Monoid_free(&m));                                                            \
        m = SENTINEL(GrB_Monoid);                                                                  \
    }

static void test_monoid_new(void **state)
{
    (void)state;
    GrB_Monoid m = SENTINEL(GrB_Monoid);
    GxG_BUILTIN_TYPES(MONOID_CASES)

    api_pair zero = {0.0, 0.0};
    EXPECT_ERR(GrB_Monoid_new_UDT(NULL, F.pair_binop, &zero), GrB_NULL_POINTER, "monoid");
    EXPECT_ERR(GrB_Monoid_new_UDT(&m, NULL, &zero), GrB_NULL_POINTER, "op");
    EXPECT_ERR(GrB_Monoid_new_UDT(&m, F.pair_binop, NULL), GrB_NULL_POINTER, "identity");
    EXPECT_BAD(BinaryOp, GrB_Monoid_new_UDT(&m, bad, &zero), "op");
    EXPECT_ERR(GrB_Monoid_new_UDT(&m, GrB_PLUS_FP64, &zero), GrB_DOMAIN_MISMATCH, "op|identity");
    /* an operator mixing user-defined types cannot form a monoid */
    GrB_BinaryOp mixed = NULL;
    EXPECT_OK(GrB_BinaryOp_new(&mixed, api_pair_add, F.pair, F.other, F.pair));
    EXPECT_ERR(GrB_Monoid_new_UDT(&m, mixed, &zero), GrB_DOMAIN_MISMATCH, "op|identity");
    EXPECT_OK(GrB_BinaryOp_free(&mixed));
    assert_ptr_equal(m, SENTINEL(GrB_Monoid));
}

static void test_semiring_new(void **state)
{
    (void)state;
    GrB_Semiring s = SENTINEL(GrB_Semiring);
    EXPECT_ERR(GrB_Semiring_new(NULL, GrB_PLUS_MONOID_FP64, GrB_TIMES_FP64), GrB_NULL_POINTER,
               "semiring");
    EXPECT_ERR(GrB_Semiring_new(&s, NULL, GrB_TIMES_FP64), GrB_NULL_POINTER, "add");
    EXPECT_ERR(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, NULL), GrB_NULL_POINTER, "mul");
    EXPECT_BAD(Monoid, GrB_Semiring_new(&s, bad, GrB_TIMES_FP64), "add");
    EXPECT_BAD(BinaryOp, GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, bad), "mul");
    /* the monoid's type must be the multiplier's output type */
    EXPECT_ERR(GrB_Semiring_new(&s, GrB_PLUS_MONOID_INT32, GrB_TIMES_FP64), GrB_DOMAIN_MISMATCH,
               "add|mul");
    EXPECT_ERR(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, GrB_EQ_FP64), GrB_DOMAIN_MISMATCH,
               "add|mul");
    EXPECT_ERR(GrB_Semiring_new(&s, F.pair_monoid, GrB_TIMES_FP64), GrB_DOMAIN_MISMATCH, "add|mul");
    assert_ptr_equal(s, SENTINEL(GrB_Semiring));
    /* a multiplier with a different output type than its inputs is fine */
    EXPECT_OK(GrB_Semiring_new(&s, GrB_LOR_MONOID_BOOL, GrB_EQ_FP64));
    EXPECT_OK(GrB_Semiring_free(&s));
}

/* ---- descriptors ----------------------------------------------------------------------------- */

static void test_descriptor(void **state)
{
    (void)state;
    EXPECT_ERR(GrB_Descriptor_new(NULL), GrB_NULL_POINTER, "desc");
    EXPECT_ERR(GrB_Descriptor_set(NULL, GrB_OUTP, GrB_REPLACE), GrB_NULL_POINTER, "desc");
    EXPECT_BAD(Descriptor, GrB_Descriptor_set(bad, GrB_OUTP, GrB_REPLACE), "desc");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, (GrB_Desc_Field)4, GrB_REPLACE),
                  GrB_INVALID_VALUE, "field");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, (GrB_Desc_Field)-1, GrB_REPLACE),
                  GrB_INVALID_VALUE, "field");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, GrB_INP0, (GrB_Desc_Value)99),
                  GrB_INVALID_VALUE, "val|value");
    /* a value that exists but not for that field */
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, GrB_OUTP, GrB_TRAN), GrB_INVALID_VALUE,
                  "val|value");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, GrB_MASK, GrB_TRAN), GrB_INVALID_VALUE,
                  "val|value");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, GrB_INP0, GrB_REPLACE), GrB_INVALID_VALUE,
                  "val|value");
    EXPECT_ERR_ON(F.desc, GrB_Descriptor_set(F.desc, GrB_INP1, GrB_COMP), GrB_INVALID_VALUE,
                  "val|value");
    EXPECT_FIXTURE_UNTOUCHED();

    /* predefined descriptors are read-only */
    EXPECT_ERR(GrB_Descriptor_set(GrB_DESC_T0, GrB_INP0, GrB_DEFAULT), GrB_INVALID_VALUE, "desc");
    int32_t v = -1;
    EXPECT_OK(GrB_Descriptor_get_INT32(GrB_DESC_T0, &v, GrB_INP0_FIELD));
    assert_int_equal(v, GrB_TRAN);
}

/* ---- free, wait and error on every kind ------------------------------------------------------ */

/* Freeing NULL, a NULL handle or a predefined object succeeds and changes nothing; a handle that
 * is not an object fails and is left as it was. The message may call the handle by the header's
 * name, 'object', or as the descriptor code does, 'desc'. */
#define FREE_CASES(K)                                                                              \
    {                                                                                              \
        GrB_##K h = NULL;                                                                          \
        EXPECT_OK(GrB_##K##_free(NULL));                                                           \
        EXPECT_OK(GrB_##K##_free(&h));                                                             \
        assert_null(h);                                                                            \
        h = FAKE(GrB_##K);                                                                         \
        EXPECT_ERR(GrB_##K##_free(&h), GrB_UNINITIALIZED_OBJECT, "object|desc");                   \
        assert_ptr_equal(h, FAKE(GrB_##K));                                                        \
        h = GARBAGE(GrB_##K);                                                                      \
        EXPECT_ERR(GrB_##K##_free(&h), GrB_UNINITIALIZED_OBJECT, "object|desc");                   \
        assert_ptr_equal(h, GARBAGE(GrB_##K));                                                     \
        GrB_##K stale = api_stale_##K();                                                           \
        h = stale;                                                                                 \
        EXPECT_ERR(GrB_##K##_free(&h), GrB_UNINITIALIZED_OBJECT, "object|desc");                   \
        assert_ptr_equal(h, stale);                                                                \
        GrB_##K builtin = predefined.K;                                                            \
        if (builtin != NULL) {                                                                     \
            h = builtin;                                                                           \
            EXPECT_OK(GrB_##K##_free(&h));                                                         \
            assert_ptr_equal(h, builtin);                                                          \
            EXPECT_OK(GrB_##K##_wait(builtin, GrB_MATERIALIZE));                                   \
        }                                                                                          \
    }

static void test_free_kinds(void **state)
{
    (void)state;
    api_objects predefined = api_predefined_objects();
    GxG_OBJECT_KINDS(FREE_CASES)
    /* freeing a predefined object through its own global leaves the global intact */
    EXPECT_OK(GrB_Type_free(&GrB_FP64));
    EXPECT_OK(GrB_BinaryOp_free(&GrB_PLUS_FP64));
    EXPECT_OK(GrB_Descriptor_free(&GrB_DESC_T0));
    assert_non_null(GrB_FP64);
    assert_non_null(GrB_PLUS_FP64);
    assert_non_null(GrB_DESC_T0);
    GrB_Matrix C = NULL;
    EXPECT_OK(GrB_Matrix_new(&C, GrB_FP64, 2, 2));
    EXPECT_OK(GrB_Matrix_free(&C));
}

#define WAIT_CASES(K)                                                                              \
    {                                                                                              \
        EXPECT_ERR(GrB_##K##_wait(NULL, GrB_COMPLETE), GrB_NULL_POINTER, "object|desc");           \
        EXPECT_BAD(K, GrB_##K##_wait(bad, GrB_COMPLETE), "object|desc");                           \
        EXPECT_ERR(GrB_##K##_wait(live.K, (GrB_WaitMode)2), GrB_INVALID_VALUE, "mode");            \
        EXPECT_ERR(GrB_##K##_wait(live.K, (GrB_WaitMode)-1), GrB_INVALID_VALUE, "mode");           \
        if (predefined.K != NULL)                                                                  \
            EXPECT_ERR(GrB_##K##_wait(predefined.K, (GrB_WaitMode)7), GrB_INVALID_VALUE, "mode");  \
        EXPECT_OK(GrB_##K##_wait(live.K, GrB_COMPLETE));                                           \
    }

static void test_wait(void **state)
{
    (void)state;
    api_objects live = api_live_objects(), predefined = api_predefined_objects();
    GxG_OBJECT_KINDS(WAIT_CASES)
    EXPECT_FIXTURE_UNTOUCHED();
}

/* GrB_error reports its own failures by return code only: it has no error to record them in. */
#define ERROR_CASES(K)                                                                             \
    {                                                                                              \
        const char *msg = "untouched";                                                             \
        EXPECT_INFO(GrB_##K##_error(NULL, live.K), GrB_NULL_POINTER);                              \
        EXPECT_INFO(GrB_##K##_error(&msg, NULL), GrB_NULL_POINTER);                                \
        EXPECT_INFO(GrB_##K##_error(&msg, FAKE(GrB_##K)), GrB_UNINITIALIZED_OBJECT);               \
        EXPECT_INFO(GrB_##K##_error(&msg, GARBAGE(GrB_##K)), GrB_UNINITIALIZED_OBJECT);            \
        EXPECT_INFO(GrB_##K##_error(&msg, api_stale_##K()), GrB_UNINITIALIZED_OBJECT);             \
        assert_string_equal(msg, "untouched");                                                     \
        EXPECT_OK(GrB_##K##_error(&msg, live.K));                                                  \
        assert_non_null(msg);                                                                      \
        if (predefined.K != NULL) {                                                                \
            EXPECT_OK(GrB_##K##_error(&msg, predefined.K));                                        \
            assert_non_null(msg);                                                                  \
        }                                                                                          \
    }

static void test_error(void **state)
{
    (void)state;
    api_objects live = api_live_objects(), predefined = api_predefined_objects();
    GxG_OBJECT_KINDS(ERROR_CASES)

    /* an error is recorded on the object it concerns, not on others */
    const char *msg = NULL;
    EXPECT_ERR_ON(F.A, GrB_Matrix_removeElement(F.A, 9, 0), GrB_INVALID_INDEX, "i");
    EXPECT_OK(GrB_Vector_error(&msg, F.v));
    assert_false(api_mentions(msg, "GrB_Matrix_removeElement"));
}

/* ---- context --------------------------------------------------------------------------------- */

static void test_get_version(void **state)
{
    (void)state;
    unsigned int v = 77, sub = 77;
    EXPECT_ERR(GrB_getVersion(NULL, &sub), GrB_NULL_POINTER, "version");
    EXPECT_ERR(GrB_getVersion(&v, NULL), GrB_NULL_POINTER, "subversion");
    assert_int_equal(v, 77);
    assert_int_equal(sub, 77);
    EXPECT_OK(GrB_getVersion(&v, &sub));
    assert_int_equal(v, 2);
    assert_int_equal(sub, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_type_new, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_operator_new, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_monoid_new, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_semiring_new, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_descriptor, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_free_kinds, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_wait, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_error, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_get_version, api_setup, api_teardown),
    };
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
