/* test_serialize.c: GrB_Matrix_serializeSize / serialize / deserialize: round trips for every
 * type, a user-defined type, empty and huge matrices; the type rules; and every class of bad
 * blob (truncated at every length, every byte flipped, foreign bytes) answered with an error,
 * never a crash or an over-read (each blob lies in a buffer of exactly its size). */
#include "containers_test.h"

/* A malloc'ed blob of A; *size is its exact size. */
static unsigned char *blob_of(GrB_Matrix A, GrB_Index *size)
{
    OK(GrB_Matrix_serializeSize(size, A));
    unsigned char *blob = malloc(*size);
    assert_non_null(blob);
    GrB_Index used = *size;
    OK(GrB_Matrix_serialize(blob, &used, A));
    assert_int_equal(used, *size);
    return blob;
}

/* Deserializes a copy of blob[0..len) held in a buffer of exactly len bytes. */
static GrB_Info deserialize_exact(GrB_Matrix *C, GrB_Type type, const unsigned char *blob,
                                  GrB_Index len)
{
    unsigned char *copy = malloc(len == 0 ? 1 : len);
    assert_non_null(copy);
    memcpy(copy, blob, len);
    GrB_Info info = GrB_Matrix_deserialize(C, type, copy, len);
    free(copy);
    return info;
}

#define SERIAL_ROUND_TRIP(T, E, V, CV)                                                             \
    {                                                                                              \
        enum { NR = 6, NC = 11, N = 25 };                                                          \
        uint64_t seed = 17;                                                                        \
        GrB_Matrix A = NULL, B = NULL;                                                             \
        OK(GrB_Matrix_new(&A, GrB_##T, NR, NC));                                                   \
        for (int k = 0; k < N; k++) {                                                              \
            GrB_Index i = ct_rand(&seed) % NR, j = ct_rand(&seed) % NC;                            \
            OK(GrB_Matrix_setElement_##T(A, (E)(k % 3 + 1), i, j));                                \
        }                                                                                          \
        GrB_Index size = 0, n = 0, m = 0;                                                          \
        unsigned char *blob = blob_of(A, &size);                                                   \
        OK(deserialize_exact(&B, NULL, blob, size));                                               \
        OK(GrB_Matrix_nvals(&n, A));                                                               \
        GrB_Index I[N], J[N], I2[N], J2[N], nr = 0, nc = 0;                                        \
        E X[N], X2[N];                                                                             \
        m = n;                                                                                     \
        OK(GrB_Matrix_extractTuples_##T(I, J, X, &m, A));                                          \
        m = n;                                                                                     \
        /* export needs the exact type: the inferred type is GrB_T */                              \
        OK(GrB_Matrix_export_##T(I2, J2, X2, &m, &m, &m, GrB_COO_FORMAT, B));                      \
        assert_int_equal(m, n);                                                                    \
        for (GrB_Index k = 0; k < n; k++)                                                          \
            assert_true(I2[k] == I[k] && J2[k] == J[k] && X2[k] == X[k]);                          \
        OK(GrB_Matrix_nrows(&nr, B));                                                              \
        OK(GrB_Matrix_ncols(&nc, B));                                                              \
        assert_true(nr == NR && nc == NC);                                                         \
        OK(GrB_Matrix_free(&B));                                                                   \
        OK(deserialize_exact(&B, GrB_##T, blob, size));                                            \
        OK(GrB_Matrix_free(&B));                                                                   \
        INFO(deserialize_exact(&B, GrB_##T == GrB_INT8 ? GrB_UINT8 : GrB_INT8, blob, size),        \
             GrB_DOMAIN_MISMATCH);                                                                 \
        free(blob);                                                                                \
        OK(GrB_Matrix_free(&A));                                                                   \
    }

static void test_round_trips(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(SERIAL_ROUND_TRIP)
}

static void test_udt_and_types(void **state)
{
    (void)state;
    GrB_Type U = NULL, U2 = NULL, Small = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    OK(GrB_Type_new(&U2, sizeof(ct_udt)));
    OK(GrB_Type_new(&Small, 8));
    GrB_Matrix A = NULL, B = CT_SENTINEL(GrB_Matrix);
    OK(GrB_Matrix_new(&A, U, 4, 4));
    ct_udt u = ct_udt_make(1.25, 7), back;
    OK(GrB_Matrix_setElement_UDT(A, &u, 1, 2));
    GrB_Index size = 0;
    unsigned char *blob = blob_of(A, &size);
    INFO(deserialize_exact(&B, NULL, blob, size), GrB_DOMAIN_MISMATCH);
    INFO(deserialize_exact(&B, GrB_FP64, blob, size), GrB_DOMAIN_MISMATCH);
    INFO(deserialize_exact(&B, Small, blob, size), GrB_DOMAIN_MISMATCH);
    assert_ptr_equal(B, CT_SENTINEL(GrB_Matrix));
    /* another user-defined type of the same size and no name is accepted */
    OK(deserialize_exact(&B, U2, blob, size));
    OK(GrB_Matrix_free(&B));
    OK(deserialize_exact(&B, U, blob, size));
    OK(GrB_Matrix_extractElement_UDT(&back, B, 1, 2));
    assert_true(ct_udt_equal(&u, &back));
    OK(GrB_Matrix_free(&B));
    free(blob);

    /* named types must match by name too */
    GrB_Type named = NULL, other = NULL;
    OK(GxB_Type_new(&named, sizeof(ct_udt), "ct_udt", NULL));
    OK(GxB_Type_new(&other, sizeof(ct_udt), "other_udt", NULL));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_new(&A, named, 4, 4));
    OK(GrB_Matrix_setElement_UDT(A, &u, 1, 2));
    blob = blob_of(A, &size);
    INFO(deserialize_exact(&B, other, blob, size), GrB_DOMAIN_MISMATCH);
    OK(deserialize_exact(&B, U, blob, size));
    OK(GrB_Matrix_free(&B));
    OK(deserialize_exact(&B, named, blob, size));
    OK(GrB_Matrix_extractElement_UDT(&back, B, 1, 2));
    assert_true(ct_udt_equal(&u, &back));
    OK(GrB_Matrix_free(&B));
    free(blob);

    /* a built-in blob wants its own type or NULL */
    GrB_Matrix F = NULL;
    OK(GrB_Matrix_new(&F, GrB_FP32, 2, 2));
    blob = blob_of(F, &size);
    B = CT_SENTINEL(GrB_Matrix);
    INFO(deserialize_exact(&B, U, blob, size), GrB_DOMAIN_MISMATCH);
    INFO(deserialize_exact(&B, GrB_FP64, blob, size), GrB_DOMAIN_MISMATCH);
    assert_ptr_equal(B, CT_SENTINEL(GrB_Matrix));
    free(blob);
    OK(GrB_Matrix_free(&F));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Type_free(&U));
    OK(GrB_Type_free(&U2));
    OK(GrB_Type_free(&Small));
    OK(GrB_Type_free(&named));
    OK(GrB_Type_free(&other));
}

static void test_empty_and_huge(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, B = NULL;
    GrB_Index size = 0, n = 9, nr = 0;
    OK(GrB_Matrix_new(&A, GrB_BOOL, 0, 0));
    unsigned char *blob = blob_of(A, &size);
    OK(deserialize_exact(&B, NULL, blob, size));
    OK(GrB_Matrix_nvals(&n, B));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&A));
    free(blob);

    const GrB_Index big = GrB_INDEX_MAX - 1;
    OK(GrB_Matrix_new(&A, GrB_UINT64, GrB_INDEX_MAX + 1, GrB_INDEX_MAX));
    OK(GrB_Matrix_setElement_UINT64(A, UINT64_MAX, big, big));
    blob = blob_of(A, &size);
    OK(deserialize_exact(&B, GrB_UINT64, blob, size));
    uint64_t x = 0;
    OK(GrB_Matrix_extractElement_UINT64(&x, B, big, big));
    assert_true(x == UINT64_MAX);
    OK(GrB_Matrix_nrows(&nr, B));
    assert_int_equal(nr, GrB_INDEX_MAX + 1);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&A));
    free(blob);
}

static void test_serialize_sizes(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, B = NULL;
    OK(GrB_Matrix_new(&A, GrB_INT32, 3, 3));
    OK(GrB_Matrix_setElement_INT32(A, 4, 2, 2));
    GrB_Index size = 0;
    OK(GrB_Matrix_serializeSize(&size, A));
    unsigned char *buf = malloc(size + 100);
    assert_non_null(buf);
    memset(buf, 0xEE, size + 100);
    GrB_Index have = size - 1;
    INFO(GrB_Matrix_serialize(buf, &have, A), GrB_INSUFFICIENT_SPACE);
    assert_int_equal(have, size - 1);
    for (GrB_Index k = 0; k < size + 100; k++) assert_int_equal(buf[k], 0xEE);
    have = size + 100;
    OK(GrB_Matrix_serialize(buf, &have, A));
    assert_int_equal(have, size);
    /* trailing bytes after a blob are ignored */
    OK(GrB_Matrix_deserialize(&B, NULL, buf, size + 100));
    OK(GrB_Matrix_free(&B));
    INFO(GrB_Matrix_serialize(NULL, &have, A), GrB_NULL_POINTER);
    INFO(GrB_Matrix_serialize(buf, NULL, A), GrB_NULL_POINTER);
    INFO(GrB_Matrix_serializeSize(NULL, A), GrB_NULL_POINTER);
    INFO(GrB_Matrix_serializeSize(&have, NULL), GrB_NULL_POINTER);
    B = CT_SENTINEL(GrB_Matrix);
    INFO(GrB_Matrix_deserialize(NULL, NULL, buf, size), GrB_NULL_POINTER);
    INFO(GrB_Matrix_deserialize(&B, NULL, NULL, size), GrB_NULL_POINTER);
    assert_ptr_equal(B, CT_SENTINEL(GrB_Matrix));
    free(buf);
    OK(GrB_Matrix_free(&A));
}

/* Every prefix of a blob, every byte flipped three ways, and foreign bytes: GrB_INVALID_OBJECT
 * (SuiteSparse's code for all of these), with the output handle untouched. */
static void test_bad_blobs(void **state)
{
    (void)state;
    GrB_Type U = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    GrB_Matrix A = NULL, M = NULL, B = CT_SENTINEL(GrB_Matrix);
    OK(GrB_Matrix_new(&A, GrB_FP64, 5, 7));
    OK(GrB_Matrix_new(&M, U, 3, 3));
    for (GrB_Index k = 0; k < 5; k++) OK(GrB_Matrix_setElement_FP64(A, k + 0.5, k, (k * 3) % 7));
    ct_udt u = ct_udt_make(3, 4);
    OK(GrB_Matrix_setElement_UDT(M, &u, 2, 1));
    GrB_Matrix sources[2] = {A, M};
    GrB_Type types[2] = {NULL, U};
    for (int s = 0; s < 2; s++) {
        GrB_Index size = 0;
        unsigned char *blob = blob_of(sources[s], &size);
        for (GrB_Index len = 0; len < size; len++) {
            GrB_Info info = deserialize_exact(&B, types[s], blob, len);
            if (info != GrB_INVALID_OBJECT) fail_msg("length %llu: %d", (unsigned long long)len, info);
        }
        const unsigned char masks[3] = {0x01, 0x80, 0xFF};
        for (GrB_Index k = 0; k < size; k++) {
            for (int m = 0; m < 3; m++) {
                blob[k] ^= masks[m];
                GrB_Info info = deserialize_exact(&B, types[s], blob, size);
                blob[k] ^= masks[m];
                if (info != GrB_INVALID_OBJECT)
                    fail_msg("byte %llu ^ %#x: %d", (unsigned long long)k, masks[m], info);
            }
        }
        assert_ptr_equal(B, CT_SENTINEL(GrB_Matrix));
        OK(deserialize_exact(&B, types[s], blob, size));
        OK(GrB_Matrix_free(&B));
        B = CT_SENTINEL(GrB_Matrix);
        free(blob);
    }

    /* foreign bytes of many sizes */
    uint64_t seed = 3;
    for (GrB_Index len = 0; len < 300; len += 7) {
        unsigned char junk[300];
        for (GrB_Index k = 0; k < len; k++) junk[k] = (unsigned char)ct_rand(&seed);
        INFO(deserialize_exact(&B, NULL, junk, len), GrB_INVALID_OBJECT);
        memset(junk, 0, sizeof junk);
        INFO(deserialize_exact(&B, GrB_FP64, junk, len), GrB_INVALID_OBJECT);
    }
    assert_ptr_equal(B, CT_SENTINEL(GrB_Matrix));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&M));
    OK(GrB_Type_free(&U));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),     cmocka_unit_test(test_udt_and_types),
        cmocka_unit_test(test_empty_and_huge),  cmocka_unit_test(test_serialize_sizes),
        cmocka_unit_test(test_bad_blobs),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
