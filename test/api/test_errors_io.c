/* test_errors_io.c: every error class of the matrix import/export and serialization methods, with
 * every typed suffix: exact GrB_Info, output handles and caller arrays untouched, messages naming
 * the function and the argument; and deserialize fed truncated and corrupted blobs (an error,
 * never a crash). Doc/errors.md states the codes. */
#include "api_check.h"

#include <stdlib.h>
#include <string.h>

/* The 4x5 pattern used for imports: entries (0,1), (1,1), (3,4). */
static const GrB_Index csr_p[5] = {0, 1, 2, 2, 3}, csr_j[3] = {1, 1, 4};
static const GrB_Index csr_j_bad[3] = {1, 1, 5}, csr_p_bad[5] = {0, 2, 1, 2, 3};
static const GrB_Index coo_i[3] = {0, 1, 3}, coo_j[3] = {1, 1, 4}, coo_i_bad[3] = {0, 4, 3};

/* A built-in type other than T, for domain mismatches. */
#define OTHER_TYPE(T) (GrB_##T == GrB_FP64 ? GrB_INT8 : GrB_FP64)

#define IMPORT_CASES(T, E, V, CV)                                                                  \
    {                                                                                              \
        const E X[3] = {(E)1, (E)1, (E)1};                                                         \
        GrB_Matrix C = SENTINEL(GrB_Matrix);                                                       \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(NULL, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT),  \
            GrB_NULL_POINTER, "A");                                                                \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, NULL, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT),       \
            GrB_NULL_POINTER, "type");                                                             \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, NULL, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT),     \
            GrB_NULL_POINTER, "Ap");                                                               \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, NULL, X, 5, 3, 3, GrB_CSR_FORMAT),     \
            GrB_NULL_POINTER, "Ai");                                                               \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, NULL, 5, 3, 3, GrB_CSR_FORMAT), \
            GrB_NULL_POINTER, "Ax");                                                               \
        EXPECT_BAD(Type,                                                                           \
                   GrB_Matrix_import_##T(&C, bad, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT), \
                   "type");                                                                        \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 3, 3, (GrB_Format)3),     \
            GrB_INVALID_VALUE, "format");                                                          \
        EXPECT_ERR(GrB_Matrix_import_##T(&C, OTHER_TYPE(T), 4, 5, csr_p, csr_j, X, 5, 3, 3,        \
                                         GrB_CSR_FORMAT),                                          \
                   GrB_DOMAIN_MISMATCH, "type|Ax");                                                \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, F.pair, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT),     \
            GrB_DOMAIN_MISMATCH, "type|Ax");                                                       \
        EXPECT_ERR(GrB_Matrix_import_##T(&C, GrB_##T, UINT64_MAX, 5, csr_p, csr_j, X, 5, 3, 3,     \
                                         GrB_CSR_FORMAT),                                          \
                   GrB_INVALID_VALUE, "nrows");                                                    \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 4, 3, 3, GrB_CSR_FORMAT),    \
            GrB_INVALID_VALUE, "Ap_len");                                                          \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 2, 3, GrB_CSR_FORMAT),    \
            GrB_INVALID_VALUE, "Ai_len");                                                          \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 3, 2, GrB_CSR_FORMAT),    \
            GrB_INVALID_VALUE, "Ax_len");                                                          \
        EXPECT_ERR(GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j_bad, X, 5, 3, 3,          \
                                         GrB_CSR_FORMAT),                                          \
                   GrB_INVALID_OBJECT, "Ai");                                                      \
        EXPECT_ERR(GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p_bad, csr_j, X, 5, 3, 3,          \
                                         GrB_CSR_FORMAT),                                          \
                   GrB_INVALID_OBJECT, "Ap");                                                      \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSC_FORMAT),    \
            GrB_INVALID_VALUE, "Ap_len");                                                          \
        EXPECT_ERR(GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, coo_i_bad, coo_j, X, 3, 3, 3,          \
                                         GrB_COO_FORMAT),                                          \
                   GrB_INDEX_OUT_OF_BOUNDS, "Ap");                                                 \
        EXPECT_ERR(                                                                                \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, coo_i, coo_j, X, 3, 2, 3, GrB_COO_FORMAT),    \
            GrB_INVALID_VALUE, "Ai_len");                                                          \
        assert_ptr_equal(C, SENTINEL(GrB_Matrix));                                                 \
        EXPECT_OK(                                                                                 \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT));   \
        EXPECT_OK(GrB_Matrix_free(&C));                                                            \
        EXPECT_OK(                                                                                 \
            GrB_Matrix_import_##T(&C, GrB_##T, 4, 5, coo_i, coo_j, X, 3, 3, 3, GrB_COO_FORMAT));   \
        EXPECT_OK(GrB_Matrix_free(&C));                                                            \
    }

static void test_import_typed(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(IMPORT_CASES)
}

static void test_import_udt(void **state)
{
    (void)state;
    const api_pair X[3] = {{1, 2}, {3, 4}, {5, 6}};
    GrB_Matrix C = SENTINEL(GrB_Matrix);
    EXPECT_ERR(GrB_Matrix_import_UDT(&C, F.pair, 4, 5, csr_p, csr_j, NULL, 5, 3, 3, GrB_CSR_FORMAT),
               GrB_NULL_POINTER, "Ax");
    EXPECT_ERR(GrB_Matrix_import_UDT(&C, GrB_FP64, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT),
               GrB_DOMAIN_MISMATCH, "type|Ax");
    EXPECT_ERR(
        GrB_Matrix_import_UDT(&C, F.pair, 4, 5, csr_p, csr_j_bad, X, 5, 3, 3, GrB_CSR_FORMAT),
        GrB_INVALID_OBJECT, "Ai");
    EXPECT_ERR(
        GrB_Matrix_import_UDT(&C, F.pair, 4, 5, coo_i, csr_j_bad, X, 3, 3, 3, GrB_COO_FORMAT),
        GrB_INDEX_OUT_OF_BOUNDS, "Ai");
    assert_ptr_equal(C, SENTINEL(GrB_Matrix));
    EXPECT_OK(GrB_Matrix_import_UDT(&C, F.pair, 4, 5, csr_p, csr_j, X, 5, 3, 3, GrB_CSR_FORMAT));
    EXPECT_OK(GrB_Matrix_free(&C));
}

/* Every output array and length is preset; a failed export must leave all of them alone. */
#define EXPORT_CASES(T, E, V, CV)                                                                  \
    {                                                                                              \
        GrB_Matrix M = NULL, other = NULL;                                                         \
        EXPECT_OK(GrB_Matrix_new(&M, GrB_##T, 4, 5));                                              \
        EXPECT_OK(GrB_Matrix_setElement_##T(M, (E)1, 1, 1));                                       \
        EXPECT_OK(GrB_Matrix_new(&other, OTHER_TYPE(T), 4, 5));                                    \
        GrB_Index Ap[8] = {77}, Ai[8] = {77}, np = 5, ni = 1, nx = 1;                              \
        E Ax[8] = {(E)0};                                                                          \
        EXPECT_ERR(GrB_Matrix_export_##T(NULL, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M),          \
                   GrB_NULL_POINTER, "Ap");                                                        \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, NULL, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M),          \
                   GrB_NULL_POINTER, "Ai");                                                        \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, NULL, &np, &ni, &nx, GrB_CSR_FORMAT, M),          \
                   GrB_NULL_POINTER, "Ax");                                                        \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, NULL, &ni, &nx, GrB_CSR_FORMAT, M),           \
                   GrB_NULL_POINTER, "Ap_len");                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, NULL, &nx, GrB_CSR_FORMAT, M),           \
                   GrB_NULL_POINTER, "Ai_len");                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, NULL, GrB_CSR_FORMAT, M),           \
                   GrB_NULL_POINTER, "Ax_len");                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, NULL),         \
                   GrB_NULL_POINTER, "A");                                                         \
        EXPECT_BAD(Matrix, GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, bad),  \
                   "A");                                                                           \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, (GrB_Format)7, M),             \
                   GrB_INVALID_VALUE, "format");                                                   \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, other),        \
                   GrB_DOMAIN_MISMATCH, "A|Ax");                                                   \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, F.U),          \
                   GrB_DOMAIN_MISMATCH, "A|Ax");                                                   \
        np = 4;                                                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M),            \
                   GrB_INSUFFICIENT_SPACE, "Ap_len|Ap");                                           \
        np = 5;                                                                                    \
        ni = 0;                                                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M),            \
                   GrB_INSUFFICIENT_SPACE, "Ai_len|Ai");                                           \
        ni = 1;                                                                                    \
        nx = 0;                                                                                    \
        EXPECT_ERR(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M),            \
                   GrB_INSUFFICIENT_SPACE, "Ax_len|Ax");                                           \
        assert_true(np == 5 && ni == 1 && nx == 0 && Ap[0] == 77 && Ai[0] == 77 && Ax[0] == (E)0); \
        nx = 1;                                                                                    \
        EXPECT_OK(GrB_Matrix_export_##T(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, M));            \
        assert_true(np == 5 && ni == 1 && nx == 1 && Ai[0] == 1 && Ax[0] == (E)1);                 \
        EXPECT_OK(GrB_Matrix_free(&M));                                                            \
        EXPECT_OK(GrB_Matrix_free(&other));                                                        \
    }

static void test_export_typed(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(EXPORT_CASES)
    GrB_Index Ap[8], Ai[8], np = 8, ni = 8, nx = 8;
    api_pair Ax[8];
    EXPECT_ERR(GrB_Matrix_export_UDT(Ap, Ai, Ax, &np, &ni, &nx, GrB_CSR_FORMAT, F.A),
               GrB_DOMAIN_MISMATCH, "A|Ax");
    EXPECT_ERR(GrB_Matrix_export_UDT(Ap, Ai, NULL, &np, &ni, &nx, GrB_CSR_FORMAT, F.U),
               GrB_NULL_POINTER, "Ax");
    assert_true(np == 8 && ni == 8 && nx == 8);
    EXPECT_OK(GrB_Matrix_export_UDT(Ap, Ai, Ax, &np, &ni, &nx, GrB_COO_FORMAT, F.U));
    assert_true(nx == 1 && Ap[0] == 1 && Ai[0] == 2 && Ax[0].re == 1.0 && Ax[0].im == 2.0);
    EXPECT_FIXTURE_UNTOUCHED();
}

static void test_export_hint_size(void **state)
{
    (void)state;
    GrB_Format fmt = (GrB_Format)77;
    GrB_Index np = 77, ni = 77, nx = 77;
    EXPECT_ERR(GrB_Matrix_exportHint(NULL, F.A), GrB_NULL_POINTER, "format");
    EXPECT_ERR(GrB_Matrix_exportHint(&fmt, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_exportHint(&fmt, bad), "A");
    EXPECT_ERR(GrB_Matrix_exportSize(NULL, &ni, &nx, GrB_CSR_FORMAT, F.A), GrB_NULL_POINTER,
               "Ap_len");
    EXPECT_ERR(GrB_Matrix_exportSize(&np, NULL, &nx, GrB_CSR_FORMAT, F.A), GrB_NULL_POINTER,
               "Ai_len");
    EXPECT_ERR(GrB_Matrix_exportSize(&np, &ni, NULL, GrB_CSR_FORMAT, F.A), GrB_NULL_POINTER,
               "Ax_len");
    EXPECT_ERR(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, bad), "A");
    EXPECT_ERR(GrB_Matrix_exportSize(&np, &ni, &nx, (GrB_Format)3, F.A), GrB_INVALID_VALUE,
               "format");
    assert_true(fmt == (GrB_Format)77 && np == 77 && ni == 77 && nx == 77);
    EXPECT_OK(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, F.A));
    assert_true(np == 5 && ni == 3 && nx == 3);
    EXPECT_FIXTURE_UNTOUCHED();
}

/* ---- serialization --------------------------------------------------------------------------- */

static void test_serialize(void **state)
{
    (void)state;
    GrB_Index size = 77;
    char blob[64];
    memset(blob, 'z', sizeof blob);
    EXPECT_ERR(GrB_Matrix_serializeSize(NULL, F.A), GrB_NULL_POINTER, "blob_size");
    EXPECT_ERR(GrB_Matrix_serializeSize(&size, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_serializeSize(&size, bad), "A");
    assert_int_equal(size, 77);

    size = sizeof blob;
    EXPECT_ERR(GrB_Matrix_serialize(NULL, &size, F.A), GrB_NULL_POINTER, "blob");
    EXPECT_ERR(GrB_Matrix_serialize(blob, NULL, F.A), GrB_NULL_POINTER, "blob_size");
    EXPECT_ERR(GrB_Matrix_serialize(blob, &size, NULL), GrB_NULL_POINTER, "A");
    EXPECT_BAD(Matrix, GrB_Matrix_serialize(blob, &size, bad), "A");
    size = 1;
    EXPECT_ERR(GrB_Matrix_serialize(blob, &size, F.A), GrB_INSUFFICIENT_SPACE, "blob_size|blob");
    assert_int_equal(size, 1);
    for (size_t k = 0; k < sizeof blob; k++) assert_int_equal(blob[k], 'z');
    EXPECT_FIXTURE_UNTOUCHED();
}

/* A serialized copy of `A`, malloc'ed. */
static void *serialize(GrB_Matrix A, GrB_Index *size)
{
    EXPECT_OK(GrB_Matrix_serializeSize(size, A));
    void *blob = malloc(*size);
    assert_non_null(blob);
    EXPECT_OK(GrB_Matrix_serialize(blob, size, A));
    return blob;
}

static void test_deserialize(void **state)
{
    (void)state;
    GrB_Index size = 0, usize = 0;
    /* a blob can only tell user-defined types apart by size and name */
    EXPECT_OK(GrB_Type_set_String(F.pair, "api_pair", GrB_NAME));
    EXPECT_OK(GrB_Type_set_String(F.other, "api_other", GrB_NAME));
    unsigned char *blob = serialize(F.A, &size);
    unsigned char *ublob = serialize(F.U, &usize);
    GrB_Matrix C = SENTINEL(GrB_Matrix);
    EXPECT_ERR(GrB_Matrix_deserialize(NULL, GrB_FP64, blob, size), GrB_NULL_POINTER, "C");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_FP64, NULL, size), GrB_NULL_POINTER, "blob");
    EXPECT_BAD(Type, GrB_Matrix_deserialize(&C, bad, blob, size), "type");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_INT8, blob, size), GrB_DOMAIN_MISMATCH, "type");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, F.pair, blob, size), GrB_DOMAIN_MISMATCH, "type");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, F.other, ublob, usize), GrB_DOMAIN_MISMATCH, "type");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_FP64, ublob, usize), GrB_DOMAIN_MISMATCH, "type");
    /* a user-defined type cannot be inferred from a blob */
    EXPECT_ERR(GrB_Matrix_deserialize(&C, NULL, ublob, usize), GrB_DOMAIN_MISMATCH, "type");
    GrB_Type small = NULL;
    EXPECT_OK(GrB_Type_new(&small, 4));
    EXPECT_ERR(GrB_Matrix_deserialize(&C, small, ublob, usize), GrB_DOMAIN_MISMATCH, "type");
    EXPECT_OK(GrB_Type_free(&small));
    /* truncated blobs are invalid objects */
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_FP64, blob, 0), GrB_INVALID_OBJECT, "blob|blob_size");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_FP64, blob, size / 2), GrB_INVALID_OBJECT,
               "blob|blob_size");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, GrB_FP64, blob, size - 1), GrB_INVALID_OBJECT,
               "blob|blob_size");
    EXPECT_ERR(GrB_Matrix_deserialize(&C, NULL, blob, size - 1), GrB_INVALID_OBJECT,
               "blob|blob_size");
    assert_ptr_equal(C, SENTINEL(GrB_Matrix));

    /* every single-byte corruption is either rejected, leaving C alone, or yields a usable
     * matrix of the right shape; nothing crashes */
    for (GrB_Index k = 0; k < size; k++) {
        unsigned char *corrupt = malloc(size);
        assert_non_null(corrupt);
        memcpy(corrupt, blob, size);
        corrupt[k] ^= 0x5A;
        GrB_Matrix D = SENTINEL(GrB_Matrix);
        GrB_Info info = GrB_Matrix_deserialize(&D, NULL, corrupt, size);
        if (info == GrB_SUCCESS) {
            GrB_Index n = 0;
            EXPECT_OK(GrB_Matrix_nvals(&n, D));
            EXPECT_OK(GrB_Matrix_free(&D));
        } else {
            assert_true(info < 0 && info != GrB_PANIC);
            assert_ptr_equal(D, SENTINEL(GrB_Matrix));
        }
        free(corrupt);
    }

    EXPECT_OK(GrB_Matrix_deserialize(&C, GrB_FP64, blob, size));
    EXPECT_OK(GrB_Matrix_free(&C));
    EXPECT_OK(GrB_Matrix_deserialize(&C, NULL, blob, size));
    EXPECT_OK(GrB_Matrix_free(&C));
    EXPECT_OK(GrB_Matrix_deserialize(&C, F.pair, ublob, usize));
    EXPECT_OK(GrB_Matrix_free(&C));
    free(blob);
    free(ublob);
    EXPECT_FIXTURE_UNTOUCHED();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_import_typed, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_import_udt, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_export_typed, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_export_hint_size, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_serialize, api_setup, api_teardown),
        cmocka_unit_test_setup_teardown(test_deserialize, api_setup, api_teardown),
    };
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
