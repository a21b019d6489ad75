/* test_print.c: GxB_*_fprint at every level into a temporary file whose content is checked (kind,
 * name, type, dimensions, entry count, entries, the SHORT cut-off, %.15g at the verbose levels),
 * the validity codes it returns (also when silent), and the GxB type-name queries, which answer
 * with C type names as SuiteSparse 7.4 does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define FAILS(call, code) assert_int_equal((call), (code))

static char out[1 << 16];
static GrB_Info last_info;

/* Prints through `call` (an fprint with file argument f) and leaves the text in `out`. */
#define CAPTURE(call)                                                                              \
    do {                                                                                           \
        FILE *f = tmpfile();                                                                       \
        assert_non_null(f);                                                                        \
        last_info = (call);                                                                        \
        rewind(f);                                                                                 \
        size_t n_ = fread(out, 1, sizeof out - 1, f);                                              \
        out[n_] = '\0';                                                                            \
        fclose(f);                                                                                 \
    } while (0)

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle)) n++;
    return n;
}

#define CONTAINS(needle) assert_non_null(strstr(out, needle))
#define LACKS(needle) assert_null(strstr(out, needle))

static GrB_Matrix small_matrix(void)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 5));
    for (int i = 0; i < 4; i++)
        OK(GrB_Matrix_setElement_FP64(A, i * 1.5 + 1.0 / 3, i, (i * 2) % 5));
    return A;
}

static void test_matrix_levels(void **state)
{
    (void)state;
    GrB_Matrix A = small_matrix();

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_SILENT, f));
    OK(last_info);
    assert_string_equal(out, "");
    CAPTURE(GxB_Matrix_fprint(A, "A", (GxB_Print_Level)-1, f));
    OK(last_info);
    assert_string_equal(out, "");

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_SUMMARY, f));
    OK(last_info);
    CONTAINS("4x5");
    CONTAINS("double");
    CONTAINS("matrix");
    CONTAINS("A, 4 entries");
    LACKS("(0,0)");

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_SHORT, f));
    OK(last_info);
    CONTAINS("A, 4 entries");
    CONTAINS("(0,0)   0.333333\n");
    CONTAINS("(1,2)   1.83333\n");
    CONTAINS("(2,4)   3.33333\n");
    CONTAINS("(3,1)   4.83333\n");
    LACKS("0.333333333");
    /* entries come in row-major order */
    assert_true(strstr(out, "(1,2)") < strstr(out, "(2,4)"));

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_COMPLETE, f));
    OK(last_info);
    assert_int_equal(count(out, "    ("), 4);
    LACKS("0.333333333");

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_SHORT_VERBOSE, f));
    OK(last_info);
    CONTAINS("(0,0)   0.333333333333333\n");
    CONTAINS("(3,1)   4.83333333333333\n");

    CAPTURE(GxB_Matrix_fprint(A, "A", GxB_COMPLETE_VERBOSE, f));
    OK(last_info);
    CONTAINS("(2,4)   3.33333333333333\n");
    /* above the top level: the top level */
    char top[sizeof out];
    strcpy(top, out);
    CAPTURE(GxB_Matrix_fprint(A, "A", (GxB_Print_Level)9, f));
    OK(last_info);
    assert_string_equal(out, top);
    OK(GrB_free(&A));
}

static void test_short_cuts_off(void **state)
{
    (void)state;
    GrB_Matrix B;
    OK(GrB_Matrix_new(&B, GrB_INT64, 100, 100));
    for (int64_t i = 0; i < 100; i++) OK(GrB_Matrix_setElement_INT64(B, i - 50, i, (i * 7) % 100));
    CAPTURE(GxB_Matrix_fprint(B, "B", GxB_SHORT, f));
    OK(last_info);
    CONTAINS("100x100");
    CONTAINS("int64_t");
    CONTAINS("B, 100 entries");
    assert_int_equal(count(out, "    ("), 30);
    CONTAINS("(0,0)   -50\n");
    CONTAINS("    ...\n");
    LACKS("(99,");
    CAPTURE(GxB_Matrix_fprint(B, "B", GxB_COMPLETE, f));
    OK(last_info);
    assert_int_equal(count(out, "    ("), 100);
    CONTAINS("(99,93)   49\n");
    LACKS("...");
    OK(GrB_free(&B));
}

static void test_vector_and_scalar(void **state)
{
    (void)state;
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_INT32, 10));
    OK(GrB_Vector_setElement_INT32(v, 7, 3));
    OK(GrB_Vector_setElement_INT32(v, -2, 8));
    CAPTURE(GxB_Vector_fprint(v, "v", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("int32_t");
    CONTAINS("vector");
    CONTAINS("10");
    CONTAINS("v, 2 entries");
    CONTAINS("(3)   7\n");
    CONTAINS("(8)   -2\n");
    OK(GrB_free(&v));

    GrB_Vector b;
    OK(GrB_Vector_new(&b, GrB_BOOL, 3));
    OK(GrB_Vector_setElement_BOOL(b, true, 1));
    CAPTURE(GxB_Vector_fprint(b, "flags", GxB_SHORT, f));
    CONTAINS("bool");
    CONTAINS("flags, 1 entry\n");
    CONTAINS("(1)   1\n");
    OK(GrB_free(&b));

    GrB_Scalar s;
    OK(GrB_Scalar_new(&s, GrB_FP32));
    CAPTURE(GxB_Scalar_fprint(s, "s", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("float");
    CONTAINS("scalar");
    CONTAINS("s, no entries");
    OK(GrB_Scalar_setElement_FP32(s, 2.5f));
    CAPTURE(GxB_Scalar_fprint(s, "s", GxB_COMPLETE, f));
    CONTAINS("s, 1 entry");
    CONTAINS("2.5\n");
    CAPTURE(GxB_Scalar_fprint(s, "s", GxB_SUMMARY, f));
    LACKS("2.5");
    OK(GrB_free(&s));

    GrB_Matrix U;
    OK(GrB_Matrix_new(&U, GrB_UINT64, 2, 2));
    OK(GrB_Matrix_setElement_UINT64(U, UINT64_MAX, 1, 0));
    CAPTURE(GxB_Matrix_fprint(U, "U", GxB_SHORT, f));
    CONTAINS("uint64_t");
    CONTAINS("(1,0)   18446744073709551615\n");
    OK(GrB_free(&U));
}

static void test_algebra_objects(void **state)
{
    (void)state;
    CAPTURE(GxB_Type_fprint(GrB_FP64, "GrB_FP64", GxB_SHORT, f));
    OK(last_info);
    CONTAINS("Type");
    CONTAINS("GrB_FP64");
    CONTAINS("double");
    CONTAINS("size 8");

    CAPTURE(GxB_UnaryOp_fprint(GrB_AINV_INT32, "ainv", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("UnaryOp: ainv");
    CONTAINS("built-in");
    CONTAINS("GrB_AINV_INT32");
    CONTAINS("int32_t");

    CAPTURE(GxB_BinaryOp_fprint(GrB_LT_UINT16, NULL, GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("BinaryOp: GrB_LT_UINT16"); /* without a name, the object's own */
    CONTAINS("ztype: GrB_BOOL");
    CONTAINS("xtype: GrB_UINT16");
    CONTAINS("ytype: GrB_UINT16");

    CAPTURE(GxB_IndexUnaryOp_fprint(GrB_VALUEGT_FP32, "vgt", GxB_SUMMARY, f));
    OK(last_info);
    CONTAINS("IndexUnaryOp: vgt");
    CONTAINS("GrB_VALUEGT_FP32");

    CAPTURE(GxB_Monoid_fprint(GrB_TIMES_MONOID_INT16, "times", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("Monoid: times");
    CONTAINS("GrB_TIMES_INT16");
    CONTAINS("identity: 1\n");

    CAPTURE(GxB_Semiring_fprint(GrB_MIN_PLUS_SEMIRING_FP64, "minplus", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("Semiring: minplus");
    CONTAINS("GrB_MIN_FP64");
    CONTAINS("GrB_PLUS_FP64");
    CONTAINS("identity: inf\n");

    CAPTURE(GxB_Descriptor_fprint(GrB_DESC_RSCT0, "d", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("Descriptor: d");
    CONTAINS("out:     replace");
    CONTAINS("mask:    structural complement");
    CONTAINS("in0:     transpose");
    CONTAINS("in1:     default");

    /* silent prints nothing but still answers */
    CAPTURE(GxB_Semiring_fprint(GrB_MIN_PLUS_SEMIRING_FP64, "minplus", GxB_SILENT, f));
    OK(last_info);
    assert_string_equal(out, "");
}

static void test_user_objects(void **state)
{
    (void)state;
    GrB_Type T;
    OK(GrB_Type_new(&T, 16));
    CAPTURE(GxB_Type_fprint(T, "T", GxB_SUMMARY, f));
    OK(last_info);
    CONTAINS("user-defined");
    CONTAINS("size 16");
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, T, 2, 2));
    char value[16] = {0};
    OK(GrB_Matrix_setElement_UDT(C, value, 0, 1));
    CAPTURE(GxB_Matrix_fprint(C, "C", GxB_COMPLETE, f));
    OK(last_info);
    CONTAINS("C, 1 entry");
    CONTAINS("(0,1)   [user-defined value]\n");
    OK(GrB_free(&C));
    OK(GrB_free(&T));

    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    OK(GrB_set(d, (int32_t)GxG_BACKEND_CPU, GxG_BACKEND));
    CAPTURE(GxB_Descriptor_fprint(d, "mine", GxB_SHORT, f));
    OK(last_info);
    CONTAINS("user-defined");
    CONTAINS("mask:    structural\n");
    CONTAINS("backend: cpu");
    OK(GrB_free(&d));
}

static void copy8(void *z, const void *x) { memcpy(z, x, 8); }

static void test_validity_codes(void **state)
{
    (void)state;
    CAPTURE(GxB_Matrix_fprint(NULL, "A", GxB_SUMMARY, f));
    FAILS(last_info, GrB_NULL_POINTER);
    CONTAINS("NULL");
    FAILS(GxB_Vector_fprint(NULL, "v", GxB_SILENT, NULL), GrB_NULL_POINTER);
    FAILS(GxB_Type_fprint(NULL, "t", GxB_SILENT, NULL), GrB_NULL_POINTER);

    GrB_Matrix A = small_matrix();
    GrB_Matrix stale = A;
    OK(GrB_free(&A));
    CAPTURE(GxB_Matrix_fprint(stale, "stale", GxB_SILENT, f));
    FAILS(last_info, GrB_UNINITIALIZED_OBJECT);
    assert_string_equal(out, "");
    CAPTURE(GxB_Matrix_fprint(stale, "stale", GxB_SHORT, f));
    FAILS(last_info, GrB_UNINITIALIZED_OBJECT);
    CONTAINS("stale");
    assert_non_null(strstr(GxG_last_error(), "GxB_Matrix_fprint"));

    /* a user operator whose type was freed is an invalid object */
    GrB_Type T;
    GrB_UnaryOp op;
    OK(GrB_Type_new(&T, 8));
    OK(GrB_UnaryOp_new(&op, copy8, T, T));
    OK(GrB_free(&T));
    CAPTURE(GxB_UnaryOp_fprint(op, "op", GxB_SILENT, f));
    FAILS(last_info, GrB_INVALID_OBJECT);
    assert_string_equal(out, "");
    OK(GrB_free(&op));

    /* a NULL file is stdout */
    OK(GxB_Descriptor_fprint(GrB_DESC_T0, "GrB_DESC_T0", GxB_SILENT, NULL));
    OK(GxB_print(GrB_DESC_T0, GxB_SUMMARY));
}

static void test_type_names(void **state)
{
    (void)state;
    char name[GxB_MAX_NAME_LEN];
#define GG_CHECK_TYPE_NAME(T, E, ...)                                                              \
    {                                                                                              \
        GrB_Matrix A_;                                                                             \
        GrB_Vector v_;                                                                             \
        GrB_Scalar s_;                                                                             \
        GrB_Type t_ = NULL;                                                                        \
        OK(GrB_Matrix_new(&A_, GrB_##T, 1, 1));                                                    \
        OK(GrB_Vector_new(&v_, GrB_##T, 1));                                                       \
        OK(GrB_Scalar_new(&s_, GrB_##T));                                                          \
        OK(GxB_Matrix_type_name(name, A_));                                                        \
        assert_string_equal(name, #E);                                                             \
        OK(GxB_Vector_type_name(name, v_));                                                        \
        assert_string_equal(name, #E);                                                             \
        OK(GxB_Scalar_type_name(name, s_));                                                        \
        assert_string_equal(name, #E);                                                             \
        OK(GxB_Matrix_type(&t_, A_));                                                              \
        assert_ptr_equal(t_, GrB_##T);                                                             \
        OK(GrB_free(&A_));                                                                         \
        OK(GrB_free(&v_));                                                                         \
        OK(GrB_free(&s_));                                                                         \
    }
    GxG_BUILTIN_TYPES(GG_CHECK_TYPE_NAME)
#undef GG_CHECK_TYPE_NAME
    /* spelled out, in case the list and the names drift together */
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, 1, 1));
    OK(GxB_Matrix_type_name(name, A));
    assert_string_equal(name, "double");
    OK(GrB_free(&A));

    /* user-defined: SuiteSparse's default name, then the name given */
    GrB_Type T;
    OK(GrB_Type_new(&T, 16));
    OK(GrB_Matrix_new(&A, T, 1, 1));
    OK(GxB_Matrix_type_name(name, A));
    assert_string_equal(name, "user_type_of_size_16");
    char named[] = "pair";
    OK(GrB_set(T, named, GrB_NAME));
    OK(GxB_Matrix_type_name(name, A));
    assert_string_equal(name, "pair");
    GrB_Type t = NULL;
    OK(GxB_Matrix_type(&t, A));
    assert_ptr_equal(t, T);

    FAILS(GxB_Matrix_type_name(NULL, A), GrB_NULL_POINTER);
    FAILS(GxB_Matrix_type(NULL, A), GrB_NULL_POINTER);
    strcpy(name, "untouched");
    FAILS(GxB_Matrix_type_name(name, NULL), GrB_NULL_POINTER);
    GrB_Matrix stale = A;
    OK(GrB_free(&A));
    FAILS(GxB_Matrix_type_name(name, stale), GrB_UNINITIALIZED_OBJECT);
    FAILS(GxB_Matrix_type(&t, stale), GrB_UNINITIALIZED_OBJECT);
    assert_string_equal(name, "untouched");
    assert_ptr_equal(t, T);
    FAILS(GxB_Vector_type_name(name, NULL), GrB_NULL_POINTER);
    FAILS(GxB_Scalar_type_name(name, NULL), GrB_NULL_POINTER);
    OK(GrB_free(&T));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_matrix_levels, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_short_cuts_off, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_vector_and_scalar, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_algebra_objects, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_user_objects, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_validity_codes, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_type_names, GG_test_setup, GG_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
