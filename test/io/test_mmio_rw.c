/* test_mmio_rw.c: the Matrix Market writer and reader together: write -> read gives identical
 * tuples and type for every built-in type, in coordinate, pattern, array, symmetric and
 * skew-symmetric form, including extreme values, empty and huge dimensions; and the reader's
 * error cases that the LAGraph files do not cover, each with its GrB_Info and its file:line. */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg_gen.h"
#include "gg_mmio.h"
#include "io_oracle.h"

/* X(GrB suffix, C type) */
#define IO_TYPES(X)                                                                         \
    X(BOOL, bool)                                                                           \
    X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t) X(UINT8, uint8_t) \
        X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t) X(FP32, float) X(FP64, double)

/* Values to store: the k-th of a list of extremes, then ordinary ones. */
static int64_t signed_value(int k, int64_t lo, int64_t hi)
{
    int64_t v[] = {lo, hi, 0, 1, -1, lo + 1, hi - 1};
    return k < 7 ? v[k] : (int64_t)((k * 7919) % 200) - 100;
}

static uint64_t unsigned_value(int k, uint64_t hi)
{
    uint64_t v[] = {0, hi, 1, hi - 1};
    return k < 4 ? v[k] : (uint64_t)(k * 7919) % 250;
}

static double float_value(int k, bool single)
{
    double v[] = {INFINITY,
                  -INFINITY,
                  NAN,
                  0.0,
                  -0.0,
                  0.1,
                  -1.0 / 3,
                  1e300,
                  single ? FLT_TRUE_MIN : DBL_TRUE_MIN,
                  single ? FLT_MAX : DBL_MAX};
    return k < 10 ? v[k] : (k * 7919 % 1000) / 7.0;
}

static bool bool_value(int k)
{
    return k % 3 != 0;
}

#define VALUE_OF_BOOL(k) bool_value(k)
#define VALUE_OF_INT8(k) (int8_t) signed_value(k, INT8_MIN, INT8_MAX)
#define VALUE_OF_INT16(k) (int16_t) signed_value(k, INT16_MIN, INT16_MAX)
#define VALUE_OF_INT32(k) (int32_t) signed_value(k, INT32_MIN, INT32_MAX)
#define VALUE_OF_INT64(k) signed_value(k, INT64_MIN, INT64_MAX)
#define VALUE_OF_UINT8(k) (uint8_t) unsigned_value(k, UINT8_MAX)
#define VALUE_OF_UINT16(k) (uint16_t) unsigned_value(k, UINT16_MAX)
#define VALUE_OF_UINT32(k) (uint32_t) unsigned_value(k, UINT32_MAX)
#define VALUE_OF_UINT64(k) unsigned_value(k, UINT64_MAX)
#define VALUE_OF_FP32(k) (float)float_value(k, true)
#define VALUE_OF_FP64(k) float_value(k, false)

/* Sets the positions (i,j) of the list to values of type T; symmetric mirrors each entry. */
#define SETTER(T, C)                                                                                \
    static void set_##T(GrB_Matrix A, const GrB_Index(*ij)[2], int n, bool symmetric)               \
    {                                                                                               \
        for (int k = 0; k < n; k++) {                                                               \
            C x = VALUE_OF_##T(k);                                                                  \
            assert_int_equal(GrB_Matrix_setElement_##T(A, x, ij[k][0], ij[k][1]), GrB_SUCCESS);     \
            if (symmetric)                                                                          \
                assert_int_equal(GrB_Matrix_setElement_##T(A, x, ij[k][1], ij[k][0]), GrB_SUCCESS); \
        }                                                                                           \
    }
IO_TYPES(SETTER)
#undef SETTER

typedef struct io_type {
    GrB_Type *type;
    const char *name;
    void (*set)(GrB_Matrix, const GrB_Index (*)[2], int, bool);
} io_type;

#define ROW(T, C) {&GrB_##T, #C, set_##T},
static const io_type types[] = {IO_TYPES(ROW)};
#undef ROW
#define NTYPES (sizeof(types) / sizeof(types[0]))

/* Distinct positions of a 9 x 7 matrix (the lower triangle part is used for symmetric ones). */
static const GrB_Index positions[][2] = {{0, 0}, {8, 6}, {3, 1}, {4, 4}, {7, 0}, {2, 2}, {5, 3}, {6, 6},
                                         {1, 0}, {8, 5}, {6, 2}, {3, 3}, {5, 5}, {4, 1}, {7, 3}};
#define NPOS ((int)(sizeof(positions) / sizeof(positions[0])))

static FILE *write_tmp(GrB_Matrix A, unsigned flags)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    char msg[GG_MM_MSG_LEN];
    GrB_Info info = GG_mm_write(f, A, flags, msg, sizeof(msg));
    if (info != GrB_SUCCESS) fail_msg("write failed (%d): %s", info, msg);
    rewind(f);
    return f;
}

static GrB_Matrix read_back(FILE *f, GrB_Type force, GrB_Type *type)
{
    GrB_Matrix B = NULL;
    char msg[GG_MM_MSG_LEN];
    GrB_Info info = GG_mm_read(&B, type, f, "roundtrip", force, msg, sizeof(msg));
    if (info != GrB_SUCCESS) fail_msg("read back failed (%d): %s", info, msg);
    fclose(f);
    return B;
}

static void assert_same(GrB_Matrix A, GrB_Type ta, GrB_Matrix B, GrB_Type tb, const char *what)
{
    io_list a, b;
    assert_true(io_list_of_matrix(&a, A, ta));
    assert_true(io_list_of_matrix(&b, B, tb));
    char why[256];
    if (!io_list_equal(&a, &b, why, sizeof(why))) fail_msg("%s: %s", what, why);
    io_list_free(&a);
    io_list_free(&b);
}

/* write -> read, expecting the same type and tuples. */
static void roundtrip(GrB_Matrix A, GrB_Type type, unsigned flags, const char *what)
{
    GrB_Type tb = NULL;
    GrB_Matrix B = read_back(write_tmp(A, flags), NULL, &tb);
    assert_ptr_equal(tb, type);
    assert_same(A, type, B, tb, what);
    GrB_Matrix_free(&B);
}

/* The size line's numbers, as the writer put them (skipping the two header lines). */
static void size_line(FILE *f, uint64_t v[3])
{
    char line[256];
    for (int k = 0; k < 3; k++) assert_non_null(fgets(line, sizeof(line), f));
    v[2] = 0;
    assert_true(sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64, &v[0], &v[1], &v[2]) >= 2);
    rewind(f);
}

static void test_roundtrip_every_type(void **state)
{
    (void)state;
    for (size_t t = 0; t < NTYPES; t++) {
        GrB_Type type = *types[t].type;
        GrB_Matrix A;
        assert_int_equal(GrB_Matrix_new(&A, type, 9, 7), GrB_SUCCESS);
        types[t].set(A, positions, NPOS, false);
        roundtrip(A, type, 0, types[t].name);

        /* pattern: indices only; the type line restores the type, with every value 1 */
        GrB_Type tb;
        GrB_Matrix B = read_back(write_tmp(A, GG_MM_PATTERN), NULL, &tb);
        GrB_Index n;
        assert_int_equal(GrB_Matrix_nvals(&n, B), GrB_SUCCESS);
        assert_int_equal(n, NPOS);
        assert_ptr_equal(tb, GG_mm_type_from_name(types[t].name));
        GrB_Matrix_free(&B);

        /* array: missing positions come back as explicit zeros */
        B = read_back(write_tmp(A, GG_MM_ARRAY), NULL, &tb);
        assert_ptr_equal(tb, type);
        assert_int_equal(GrB_Matrix_nvals(&n, B), GrB_SUCCESS);
        assert_int_equal(n, 9 * 7);
        GrB_Matrix_free(&B);
        GrB_Matrix_free(&A);

        /* array of a full matrix: identical */
        GrB_Index full[6][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
        assert_int_equal(GrB_Matrix_new(&A, type, 3, 2), GrB_SUCCESS);
        types[t].set(A, (const GrB_Index(*)[2])full, 6, false);
        roundtrip(A, type, GG_MM_ARRAY, types[t].name);
        GrB_Matrix_free(&A);
    }
}

static void test_roundtrip_symmetric(void **state)
{
    (void)state;
    GrB_Index lower[NPOS][2];
    int n = 0;
    for (int k = 0; k < NPOS; k++)
        if (positions[k][0] >= positions[k][1]) {
            lower[n][0] = positions[k][0];
            lower[n][1] = positions[k][1];
            n++;
        }
    for (size_t t = 0; t < NTYPES; t++) {
        GrB_Type type = *types[t].type;
        GrB_Matrix A;
        assert_int_equal(GrB_Matrix_new(&A, type, 9, 9), GrB_SUCCESS);
        types[t].set(A, (const GrB_Index(*)[2])lower, n, true);
        FILE *f = write_tmp(A, GG_MM_SYMMETRIC);
        uint64_t v[3];
        size_line(f, v);
        assert_int_equal(v[2], n); /* only the lower triangle is written */
        GrB_Type tb;
        GrB_Matrix B = read_back(f, NULL, &tb);
        assert_same(A, type, B, tb, types[t].name);
        GrB_Matrix_free(&B);

        /* array symmetric: a full symmetric matrix, lower triangle written */
        GrB_Matrix F;
        GrB_Index tri[6][2] = {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {2, 1}, {2, 2}};
        assert_int_equal(GrB_Matrix_new(&F, type, 3, 3), GrB_SUCCESS);
        types[t].set(F, (const GrB_Index(*)[2])tri, 6, true);
        roundtrip(F, type, GG_MM_SYMMETRIC | GG_MM_ARRAY, types[t].name);
        GrB_Matrix_free(&F);

        /* one asymmetric value makes the symmetric writer refuse */
        assert_int_equal(GrB_Matrix_setElement_INT32(A, 0, 0, 8), GrB_SUCCESS);
        char msg[GG_MM_MSG_LEN];
        f = tmpfile();
        assert_int_equal(GG_mm_write(f, A, GG_MM_SYMMETRIC, msg, sizeof(msg)), GrB_INVALID_VALUE);
        assert_non_null(strstr(msg, "not symmetric"));
        fclose(f);
        GrB_Matrix_free(&A);
    }
}

static void test_roundtrip_skew(void **state)
{
    (void)state;
    GrB_Type signed_types[] = {GrB_INT8, GrB_INT16, GrB_INT32, GrB_INT64, GrB_FP32, GrB_FP64};
    for (size_t t = 0; t < sizeof(signed_types) / sizeof(signed_types[0]); t++) {
        GrB_Matrix A;
        assert_int_equal(GrB_Matrix_new(&A, signed_types[t], 5, 5), GrB_SUCCESS);
        /* every off-diagonal position, so the array form round-trips too */
        for (int i = 1; i < 5; i++)
            for (int j = 0; j < i; j++) {
                assert_int_equal(GrB_Matrix_setElement_INT64(A, 10 * i + j + 1, i, j), GrB_SUCCESS);
                assert_int_equal(GrB_Matrix_setElement_INT64(A, -(10 * i + j + 1), j, i), GrB_SUCCESS);
            }
        roundtrip(A, signed_types[t], GG_MM_SKEW, "skew");
        roundtrip(A, signed_types[t], GG_MM_SKEW | GG_MM_ARRAY, "skew array");
        assert_int_equal(GrB_Matrix_setElement_INT64(A, 3, 2, 2), GrB_SUCCESS);
        char msg[GG_MM_MSG_LEN];
        FILE *f = tmpfile();
        assert_int_equal(GG_mm_write(f, A, GG_MM_SKEW, msg, sizeof(msg)), GrB_INVALID_VALUE);
        assert_non_null(strstr(msg, "diagonal"));
        fclose(f);
        GrB_Matrix_free(&A);
    }
}

static void test_roundtrip_shapes(void **state)
{
    (void)state;
    GrB_Index dims[][2] = {{0, 0}, {5, 0}, {0, 5}, {1, 1}, {3, 4}, {(GrB_Index)1 << 60, (GrB_Index)1 << 60}};
    for (size_t k = 0; k < sizeof(dims) / sizeof(dims[0]); k++) {
        GrB_Matrix A;
        assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, dims[k][0], dims[k][1]), GrB_SUCCESS);
        if (dims[k][0] && dims[k][1])
            assert_int_equal(GrB_Matrix_setElement_FP64(A, 2.5, dims[k][0] - 1, dims[k][1] - 1), GrB_SUCCESS);
        roundtrip(A, GrB_FP64, 0, "shape");
        GrB_Matrix_free(&A);
    }
}

/* A generated graph through a symmetric pattern file and back. */
static void test_roundtrip_generated(void **state)
{
    (void)state;
    GG_coo g;
    assert_int_equal(
        GG_gen_rmat(&g, 10, 8, 7, GG_GEN_PERMUTE | GG_GEN_SYMMETRIZE | GG_GEN_CLEAN, GG_WEIGHTS_INT),
        GrB_SUCCESS);
    GrB_Matrix A;
    assert_int_equal(GG_coo_build(&A, &g, GrB_UINT8, NULL), GrB_SUCCESS);
    roundtrip(A, GrB_UINT8, GG_MM_SYMMETRIC, "rmat symmetric");
    GrB_Type tb;
    GrB_Matrix B = read_back(write_tmp(A, GG_MM_SYMMETRIC | GG_MM_PATTERN), NULL, &tb);
    assert_ptr_equal(tb, GrB_UINT8); /* the type line survives; every value is 1 */
    GrB_Index n;
    assert_int_equal(GrB_Matrix_nvals(&n, B), GrB_SUCCESS);
    assert_int_equal(n, g.nvals);
    GrB_Matrix_free(&B);
    GrB_Matrix_free(&A);
    GG_coo_free(&g);
}

/* ---- reader errors --------------------------------------------------------------------------- */

typedef struct bad_input {
    const char *text;
    size_t len; /* 0: strlen(text) */
    GrB_Info info;
    const char *message;
} bad_input;

#define H "%%MatrixMarket matrix coordinate real general\n"
#define HI "%%MatrixMarket matrix coordinate integer general\n"

static const bad_input bad_inputs[] = {
    {"", 0, GrB_INVALID_VALUE, "t:1: end of file before the size line"},
    {"% only a comment\n\n", 0, GrB_INVALID_VALUE, "t:2: end of file before the size line"},
    {H "2 2 1\n1 1\0 1\n", sizeof(H "2 2 1\n1 1\0 1\n") - 1, GrB_INVALID_VALUE, "t:3: NUL byte"},
    {H "2 2 1\n0 1 1\n", 0, GrB_INVALID_VALUE, "t:3: row index 0 is out of range 1..2"},
    {H "2 2 1\n1 3 1\n", 0, GrB_INVALID_VALUE, "t:3: column index 3 is out of range 1..2"},
    {H "2 2 1\n99999999999999999999999 1 1\n", 0, GrB_INVALID_VALUE,
     "t:3: invalid row index '99999999999999999999999'"},
    {H "2 2 1\n-1 1 1\n", 0, GrB_INVALID_VALUE, "t:3: invalid row index '-1'"},
    {H "2 2 1\n1 \x01x\xff 1\n", 0, GrB_INVALID_VALUE, "t:3: invalid column index '?x?'"},
    {H "2 2 1\n1\n", 0, GrB_INVALID_VALUE, "t:3: missing column index"},
    {H "2 2 1\n1 1 1.0 7\n", 0, GrB_INVALID_VALUE, "t:3: unexpected '7' after the entry"},
    {H "2 2 1\n1 1 1.0x\n", 0, GrB_INVALID_VALUE, "t:3: invalid double value '1.0x'"},
    {HI "2 2 1\n1 1 1.5\n", 0, GrB_INVALID_VALUE, "t:3: invalid int64_t value '1.5'"},
    {HI "2 2 1\n1 1 9223372036854775808\n", 0, GrB_INVALID_VALUE,
     "t:3: value 9223372036854775808 is out of range for int64_t"},
    {HI "2 2 1\n1 1 -9223372036854775809\n", 0, GrB_INVALID_VALUE, "out of range for int64_t"},
    {"%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint64_t\n2 2 1\n1 1 "
     "18446744073709551616\n",
     0, GrB_INVALID_VALUE, "t:4: value 18446744073709551616 is out of range for uint64_t"},
    {"%%MatrixMarket matrix coordinate integer general\n%%GraphBLAS type uint8_t\n2 2 1\n1 1 -1\n", 0,
     GrB_INVALID_VALUE, "t:4: value -1 is out of range for uint8_t"},
    {"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 5\n", 0, GrB_INVALID_VALUE,
     "t:3: unexpected '5' after the entry"},
    {H "2 2 1\n1 1 1\n2 2 2\n", 0, GrB_INVALID_VALUE, "t:4: more entries than the 1 the size line declares"},
    {H "2 2 5\n", 0, GrB_INVALID_VALUE, "t:2: 5 entries do not fit in a general 2 x 2 matrix"},
    {"%%MatrixMarket matrix coordinate real symmetric\n2 2 4\n", 0, GrB_INVALID_VALUE,
     "t:2: 4 entries do not fit in a symmetric"},
    {H "1152921504606846977 1 0\n", 0, GrB_INVALID_VALUE,
     "t:2: dimensions 1152921504606846977 x 1 exceed the limit"},
    {"%%MatrixMarket matrix array real general\n4294967296 4294967296\n", 0, GrB_INVALID_VALUE,
     "t:2: array matrix 4294967296 x 4294967296 is too large"},
    {"%%MatrixMarket matrix array real general\n2 1\n1\n2\n3\n", 0, GrB_INVALID_VALUE, "t:5: more entries"},
    {"%%MatrixMarket matrix array real general\n2 1 2\n", 0, GrB_INVALID_VALUE,
     "t:2: the size line of an array matrix must be 'nrows ncols'"},
    {H "3 3 x\n", 0, GrB_INVALID_VALUE, "t:2: invalid size line '3 3 x'"},
    {H "3 3 1 1\n", 0, GrB_INVALID_VALUE, "t:2: invalid size line"},
    {"%%MatrixMarket matrix coordinate real general extra\n", 0, GrB_INVALID_VALUE,
     "t:1: unexpected 'extra' after the symmetry"},
    {"%%MatrixMarket matrix coordinate\n", 0, GrB_INVALID_VALUE, "t:1: unknown field ''"},
    {"%%MatrixMarket matrix coordinate pattern skew-symmetric\n", 0, GrB_INVALID_VALUE,
     "t:1: a pattern matrix cannot be skew-symmetric"},
    {"%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 1\n", 0, GrB_INVALID_VALUE,
     "t:3: diagonal entry (1,1) in a skew-symmetric matrix"},
    {"%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -9223372036854775808\n", 0,
     GrB_INVALID_VALUE, "t:3: value -9223372036854775808 has no negation in int64_t"},
    {"%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n2 1 1\n% between\n\n1 2 1\n", 0,
     GrB_INVALID_VALUE,
     "t:6: entry (1,2) and the entry on line 3 are mirrors of each other in a symmetric matrix"},
    {H "3 3 3\n1 1 1\n% a comment\n\n2 2 1\n%\n1 1 5\n", 0, GrB_INVALID_VALUE,
     "t:8: duplicate entry (1,1), first given on line 3"},
    {"%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type GxB_FC64\n", 0, GrB_NOT_IMPLEMENTED,
     "t:2: complex type 'GxB_FC64' is not supported"},
    {"%%MatrixMarket matrix coordinate real general\n%%GraphBLAS type int8_t extra\n", 0, GrB_INVALID_VALUE,
     "t:2: unknown GraphBLAS type 'int8_t extra'"},
    {"%%MatrixMarket matrix coordinate complex general\n", 0, GrB_NOT_IMPLEMENTED,
     "t:1: complex matrices are not supported"},
};

static void test_reader_errors(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof(bad_inputs) / sizeof(bad_inputs[0]); k++) {
        const bad_input *b = &bad_inputs[k];
        size_t len = b->len ? b->len : strlen(b->text);
        FILE *f = fmemopen((void *)b->text, len ? len : 1, "r");
        assert_non_null(f);
        if (len == 0) fgetc(f); /* fmemopen needs a size of at least 1: consume it */
        GrB_Matrix A = NULL;
        char msg[GG_MM_MSG_LEN] = "";
        GrB_Info info = GG_mm_read(&A, NULL, f, "t", NULL, msg, sizeof(msg));
        fclose(f);
        if (info != b->info || !strstr(msg, b->message))
            fail_msg("input %zu: got %d '%s', expected %d '%s'", k, info, msg, b->info, b->message);
        assert_null(A);
    }
}

static GrB_Matrix read_text(const char *text, GrB_Type force, GrB_Type *type)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(f);
    GrB_Matrix A = NULL;
    char msg[GG_MM_MSG_LEN];
    GrB_Info info = GG_mm_read(&A, type, f, "t", force, msg, sizeof(msg));
    fclose(f);
    if (info != GrB_SUCCESS) fail_msg("%d: %s", info, msg);
    return A;
}

static void test_reader_accepts(void **state)
{
    (void)state;
    GrB_Type t;
    GrB_Index n;
    double d;
    /* CRLF line ends, tabs, upper case header words, GrB type names */
    GrB_Matrix A = read_text("%%MatrixMarket MATRIX Coordinate Integer General\r\n%%GraphBLAS type "
                             "GrB_INT8\r\n2\t2 1\r\n2 1\t-7\r\n",
                             NULL, &t);
    assert_ptr_equal(t, GrB_INT8);
    int8_t i8;
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 1, 0), GrB_SUCCESS);
    assert_int_equal(i8, -7);
    GrB_Matrix_free(&A);
    /* a %%GraphBLAS line later than line 2 is a comment */
    A = read_text(HI "% c\n%%GraphBLAS type int8_t\n2 2 1\n1 1 300\n", NULL, &t);
    assert_ptr_equal(t, GrB_INT64);
    GrB_Matrix_free(&A);
    /* implicit coordinate header; 0 x 0 */
    A = read_text("3 3 1\n2 3 4.5\n", NULL, &t);
    assert_ptr_equal(t, GrB_FP64);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 1, 2), GrB_SUCCESS);
    assert_true(d == 4.5);
    GrB_Matrix_free(&A);
    A = read_text(H "0 0 0\n", NULL, &t);
    assert_int_equal(GrB_Matrix_nvals(&n, A), GrB_SUCCESS);
    assert_int_equal(n, 0);
    GrB_Matrix_free(&A);
    /* array skew-symmetric holds the strictly lower triangle */
    A = read_text("%%MatrixMarket matrix array real skew-symmetric\n3 3\n1\n2\n3\n", NULL, &t);
    assert_int_equal(GrB_Matrix_nvals(&n, A), GrB_SUCCESS);
    assert_int_equal(n, 6);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 2, 1), GrB_SUCCESS);
    assert_true(d == 3);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 1, 2), GrB_SUCCESS);
    assert_true(d == -3);
    GrB_Matrix_free(&A);
    /* a forced type: values parsed in the file's type, then typecast */
    A = read_text(H "2 2 2\n1 1 2.75\n2 2 0\n", GrB_BOOL, &t);
    assert_ptr_equal(t, GrB_BOOL);
    bool b;
    assert_int_equal(GrB_Matrix_extractElement_BOOL(&b, A, 0, 0), GrB_SUCCESS);
    assert_true(b);
    assert_int_equal(GrB_Matrix_extractElement_BOOL(&b, A, 1, 1), GrB_SUCCESS);
    assert_false(b);
    GrB_Matrix_free(&A);
    /* a very long comment line and a long invalid token are handled */
    size_t big = 1 << 20;
    char *text = malloc(big + 64);
    memset(text, 'x', big);
    text[0] = '%';
    strcpy(text + big, "\n1 1 1\n1 1 1\n");
    A = read_text(text, NULL, &t);
    GrB_Matrix_free(&A);
    strcpy(text, H "1 1 1\n1 1 ");
    size_t p = strlen(text);
    memset(text + p, '7', big - 100);
    text[p + big - 100] = '\0';
    FILE *f = fmemopen(text, strlen(text), "r");
    char msg[GG_MM_MSG_LEN];
    assert_int_equal(GG_mm_read(&A, NULL, f, "t", NULL, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_non_null(strstr(msg, "t:3: invalid double value '7777"));
    fclose(f);
    free(text);
}

static void test_api_errors(void **state)
{
    (void)state;
    char msg[GG_MM_MSG_LEN];
    GrB_Matrix A = NULL;
    assert_int_equal(GG_mm_read(NULL, NULL, stdin, "x", NULL, msg, sizeof(msg)), GrB_NULL_POINTER);
    assert_int_equal(GG_mm_read(&A, NULL, NULL, "x", NULL, msg, sizeof(msg)), GrB_NULL_POINTER);
    assert_int_equal(GG_mm_read_file(&A, NULL, "/nonexistent/x.mtx", NULL, msg, sizeof(msg)),
                     GrB_INVALID_VALUE);
    assert_non_null(strstr(msg, "/nonexistent/x.mtx: cannot open"));
    assert_int_equal(GG_mm_read_file(&A, NULL, "/nonexistent/x.mtx", NULL, NULL, 0), GrB_INVALID_VALUE);
    GrB_Type udt;
    assert_int_equal(GrB_Type_new(&udt, 16), GrB_SUCCESS);
    FILE *f = fmemopen((void *)(H "1 1 0\n"), strlen(H "1 1 0\n"), "r");
    assert_int_equal(GG_mm_read(&A, NULL, f, "x", udt, msg, sizeof(msg)), GrB_INVALID_VALUE);
    fclose(f);
    assert_null(A);

    GrB_Matrix U;
    assert_int_equal(GrB_Matrix_new(&U, udt, 2, 2), GrB_SUCCESS);
    f = tmpfile();
    assert_int_equal(GG_mm_write(f, U, 0, msg, sizeof(msg)), GrB_NOT_IMPLEMENTED);
    GrB_Matrix_free(&U);
    GrB_Type_free(&udt);
    assert_int_equal(GrB_Matrix_new(&A, GrB_UINT8, 2, 3), GrB_SUCCESS);
    assert_int_equal(GG_mm_write(f, A, GG_MM_SKEW, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_int_equal(GG_mm_write(f, A, GG_MM_SYMMETRIC | GG_MM_SKEW, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_int_equal(GG_mm_write(f, A, GG_MM_PATTERN | GG_MM_ARRAY, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_int_equal(GG_mm_write(f, A, 0x100, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_int_equal(GG_mm_write(f, A, GG_MM_SYMMETRIC, msg, sizeof(msg)), GrB_INVALID_VALUE);
    assert_non_null(strstr(msg, "2 x 3"));
    assert_int_equal(GG_mm_write(NULL, A, 0, msg, sizeof(msg)), GrB_NULL_POINTER);
    assert_int_equal(GG_mm_write_file("/nonexistent/x.mtx", A, 0, msg, sizeof(msg)), GrB_INVALID_VALUE);
    fclose(f);
    GrB_Matrix_free(&A);

    assert_string_equal(GG_mm_type_name(GrB_UINT16), "uint16_t");
    assert_null(GG_mm_type_name(NULL));
    assert_ptr_equal(GG_mm_type_from_name("grb_fp32"), GrB_FP32);
    assert_ptr_equal(GG_mm_type_from_name("double"), GrB_FP64);
    assert_null(GG_mm_type_from_name("complex"));
}

static int setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_every_type), cmocka_unit_test(test_roundtrip_symmetric),
        cmocka_unit_test(test_roundtrip_skew),       cmocka_unit_test(test_roundtrip_shapes),
        cmocka_unit_test(test_roundtrip_generated),  cmocka_unit_test(test_reader_errors),
        cmocka_unit_test(test_reader_accepts),       cmocka_unit_test(test_api_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
