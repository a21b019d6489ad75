/* test_errors_getset.c: every error class of GrB_get / GrB_set in all nine typed forms on all
 * eleven object kinds (GrB_GLOBAL included): NULL and never-created or freed objects, NULL value
 * pointers, unknown fields, a value of the wrong kind for the field, writes to read-only fields,
 * and GrB_NAME set twice. Output buffers must stay untouched. The field semantics themselves are
 * tested in test/getset. */
#include "api_check.h"

#include <string.h>

#define BAD_FIELD ((GrB_Field)9999)

/* For each kind: an INT32-valued field its objects have, and whether that field is read-only
 * there (a descriptor's fields are writable). */
#define INT_FIELD_Type GrB_EL_TYPE_CODE
#define INT_FIELD_UnaryOp GrB_OUTP_TYPE_CODE
#define INT_FIELD_IndexUnaryOp GrB_OUTP_TYPE_CODE
#define INT_FIELD_BinaryOp GrB_OUTP_TYPE_CODE
#define INT_FIELD_Monoid GrB_OUTP_TYPE_CODE
#define INT_FIELD_Semiring GrB_OUTP_TYPE_CODE
#define INT_FIELD_Scalar GrB_EL_TYPE_CODE
#define INT_FIELD_Vector GrB_EL_TYPE_CODE
#define INT_FIELD_Matrix GrB_EL_TYPE_CODE
#define INT_FIELD_Descriptor GrB_INP0_FIELD
#define INT_FIELD_Global GrB_API_VER_MAJOR
#define READ_ONLY_Descriptor false
#define READ_ONLY_Type true
#define READ_ONLY_UnaryOp true
#define READ_ONLY_IndexUnaryOp true
#define READ_ONLY_BinaryOp true
#define READ_ONLY_Monoid true
#define READ_ONLY_Semiring true
#define READ_ONLY_Scalar true
#define READ_ONLY_Vector true
#define READ_ONLY_Matrix true
#define READ_ONLY_Global true

/* Checks shared by every kind. The buffers start as 77 / "zz" and must keep those values. */
#define GETSET_CASES(K)                                                                            \
    {                                                                                              \
        GrB_##K obj = live.K;                                                                      \
        const GrB_Field f = INT_FIELD_##K;                                                         \
        int32_t i32 = 77;                                                                          \
        size_t sz = 77;                                                                            \
        char str[GxB_MAX_NAME_LEN] = "zz";                                                         \
        /* NULL object */                                                                          \
        EXPECT_ERR(GrB_##K##_get_Scalar(NULL, F.s, f), GrB_NULL_POINTER, "object");                \
        EXPECT_ERR(GrB_##K##_get_String(NULL, str, GrB_NAME), GrB_NULL_POINTER, "object");         \
        EXPECT_ERR(GrB_##K##_get_INT32(NULL, &i32, f), GrB_NULL_POINTER, "object");                \
        EXPECT_ERR(GrB_##K##_get_SIZE(NULL, &sz, GrB_NAME), GrB_NULL_POINTER, "object");           \
        EXPECT_ERR(GrB_##K##_get_VOID(NULL, str, GrB_NAME), GrB_NULL_POINTER, "object");           \
        EXPECT_ERR(GrB_##K##_set_Scalar(NULL, F.s, f), GrB_NULL_POINTER, "object");                \
        EXPECT_ERR(GrB_##K##_set_String(NULL, str, GrB_NAME), GrB_NULL_POINTER, "object");         \
        EXPECT_ERR(GrB_##K##_set_INT32(NULL, 1, f), GrB_NULL_POINTER, "object");                   \
        EXPECT_ERR(GrB_##K##_set_VOID(NULL, str, f, 2), GrB_NULL_POINTER, "object");               \
        /* objects that were never created */                                                      \
        EXPECT_ERR(GrB_##K##_get_INT32(FAKE(GrB_##K), &i32, f), GrB_UNINITIALIZED_OBJECT,          \
                   "object");                                                                      \
        EXPECT_ERR(GrB_##K##_get_String(GARBAGE(GrB_##K), str, GrB_NAME),                          \
                   GrB_UNINITIALIZED_OBJECT, "object");                                            \
        EXPECT_ERR(GrB_##K##_set_INT32(FAKE(GrB_##K), 1, f), GrB_UNINITIALIZED_OBJECT, "object");  \
        EXPECT_ERR(GrB_##K##_set_String(GARBAGE(GrB_##K), str, GrB_NAME),                          \
                   GrB_UNINITIALIZED_OBJECT, "object");                                            \
        /* NULL value pointers */                                                                  \
        EXPECT_ERR(GrB_##K##_get_Scalar(obj, NULL, f), GrB_NULL_POINTER, "value");                 \
        EXPECT_ERR(GrB_##K##_get_String(obj, NULL, GrB_NAME), GrB_NULL_POINTER, "value");          \
        EXPECT_ERR(GrB_##K##_get_INT32(obj, NULL, f), GrB_NULL_POINTER, "value");                  \
        EXPECT_ERR(GrB_##K##_get_SIZE(obj, NULL, GrB_NAME), GrB_NULL_POINTER, "value");            \
        EXPECT_ERR(GrB_##K##_get_VOID(obj, NULL, GrB_NAME), GrB_NULL_POINTER, "value");            \
        EXPECT_ERR(GrB_##K##_set_Scalar(obj, NULL, f), GrB_NULL_POINTER, "value");                 \
        EXPECT_ERR(GrB_##K##_set_String(obj, NULL, GrB_NAME), GrB_NULL_POINTER, "value");          \
        EXPECT_ERR(GrB_##K##_set_VOID(obj, NULL, f, 2), GrB_NULL_POINTER, "value");                \
        /* a field no object has */                                                                \
        EXPECT_ERR(GrB_##K##_get_Scalar(obj, F.s, BAD_FIELD), GrB_INVALID_VALUE, "field");         \
        EXPECT_ERR(GrB_##K##_get_String(obj, str, BAD_FIELD), GrB_INVALID_VALUE, "field");         \
        EXPECT_ERR(GrB_##K##_get_INT32(obj, &i32, BAD_FIELD), GrB_INVALID_VALUE, "field");         \
        EXPECT_ERR(GrB_##K##_get_SIZE(obj, &sz, BAD_FIELD), GrB_INVALID_VALUE, "field");           \
        EXPECT_ERR(GrB_##K##_get_VOID(obj, str, BAD_FIELD), GrB_INVALID_VALUE, "field");           \
        EXPECT_ERR(GrB_##K##_set_Scalar(obj, F.s, BAD_FIELD), GrB_INVALID_VALUE, "field");         \
        EXPECT_ERR(GrB_##K##_set_String(obj, str, BAD_FIELD), GrB_INVALID_VALUE, "field");         \
        EXPECT_ERR(GrB_##K##_set_INT32(obj, 1, BAD_FIELD), GrB_INVALID_VALUE, "field");            \
        EXPECT_ERR(GrB_##K##_set_VOID(obj, str, BAD_FIELD, 2), GrB_INVALID_VALUE, "field");        \
        /* a value of the wrong kind for the field: GrB_NAME is a string, f an INT32 */            \
        EXPECT_ERR(GrB_##K##_get_INT32(obj, &i32, GrB_NAME), GrB_INVALID_VALUE, "field|value");    \
        EXPECT_ERR(GrB_##K##_set_INT32(obj, 1, GrB_NAME), GrB_INVALID_VALUE, "field|value");       \
        EXPECT_ERR(GrB_##K##_get_String(obj, str, f), GrB_INVALID_VALUE, "field|value");           \
        EXPECT_ERR(GrB_##K##_get_SIZE(obj, &sz, f), GrB_INVALID_VALUE, "field|value");             \
        EXPECT_ERR(GrB_##K##_set_String(obj, str, f), GrB_INVALID_VALUE, "field|value");           \
        EXPECT_ERR(GrB_##K##_get_Scalar(obj, F.su, f), GrB_DOMAIN_MISMATCH, "value");              \
        if (READ_ONLY_##K) {                                                                       \
            EXPECT_ERR(GrB_##K##_set_INT32(obj, 1, f), GrB_INVALID_VALUE, "field");                \
            EXPECT_ERR(GrB_##K##_set_Scalar(obj, F.s, f), GrB_INVALID_VALUE, "field");             \
        }                                                                                          \
        assert_int_equal(i32, 77);                                                                 \
        assert_int_equal(sz, 77);                                                                  \
        assert_string_equal(str, "zz");                                                            \
    }

static void test_getset_all_kinds(void **state)
{
    (void)state;
    api_objects live = api_live_objects();
    GxG_GETSET_KINDS(GETSET_CASES)
    EXPECT_FIXTURE_UNTOUCHED();
}

/* Freed objects, and errors of GrB_set recorded on the object being set. */
#define STALE_CASES(K)                                                                             \
    {                                                                                              \
        int32_t i32 = 77;                                                                          \
        char str[GxB_MAX_NAME_LEN] = "zz";                                                         \
        EXPECT_BAD(K, GrB_##K##_get_INT32(bad, &i32, INT_FIELD_##K), "object");                    \
        EXPECT_BAD(K, GrB_##K##_get_String(bad, str, GrB_NAME), "object");                         \
        EXPECT_BAD(K, GrB_##K##_set_INT32(bad, 1, INT_FIELD_##K), "object");                       \
        EXPECT_BAD(K, GrB_##K##_set_String(bad, str, GrB_NAME), "object");                         \
        EXPECT_BAD(Scalar, GrB_##K##_get_Scalar(live.K, bad, INT_FIELD_##K), "value");             \
        EXPECT_BAD(Scalar, GrB_##K##_set_Scalar(live.K, bad, INT_FIELD_##K), "value");             \
        EXPECT_ERR_ON(live.K, GrB_##K##_set_INT32(live.K, 1, BAD_FIELD), GrB_INVALID_VALUE,        \
                      "field");                                                                    \
        assert_int_equal(i32, 77);                                                                 \
        assert_string_equal(str, "zz");                                                            \
    }

static void test_getset_stale(void **state)
{
    (void)state;
    api_objects live = api_live_objects();
    GxG_OBJECT_KINDS(STALE_CASES)
    EXPECT_FIXTURE_UNTOUCHED();
}

/* GrB_NAME of a user-defined type or algebraic object can be set once. */
#define NAME_CASES(K)                                                                              \
    {                                                                                              \
        char name[GxB_MAX_NAME_LEN] = "";                                                          \
        EXPECT_OK(GrB_##K##_set_String(live.K, "first_" #K, GrB_NAME));                            \
        EXPECT_ERR_ON(live.K, GrB_##K##_set_String(live.K, "second_" #K, GrB_NAME),                \
                      GrB_ALREADY_SET, "field|value|object");                                      \
        EXPECT_OK(GrB_##K##_get_String(live.K, name, GrB_NAME));                                   \
        assert_string_equal(name, "first_" #K);                                                    \
    }

static void test_name_set_once(void **state)
{
    (void)state;
    api_objects live = api_live_objects();
    NAME_CASES(Type)
    NAME_CASES(UnaryOp)
    NAME_CASES(IndexUnaryOp)
    NAME_CASES(BinaryOp)
    NAME_CASES(Monoid)
    NAME_CASES(Semiring)
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_getset_all_kinds, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_getset_stale, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_name_set_once, api_setup, api_teardown),
    };
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
