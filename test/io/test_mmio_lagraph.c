/* test_mmio_lagraph.c: every file of ../shared/data/lagraph through the Matrix Market reader.
 * A table states each file's outcome: it loads with a given type, size and entry count, or it fails
 * with a given GrB_Info and a message naming the file and line. Loaded files are also compared,
 * entry by entry, with a naive parse of the same file (a dozen sscanf lines, trusted only on good
 * files), and a few values are checked by hand. The data directory is argv[1]; the test is skipped
 * when it is missing. Public API only: the same file is built against SuiteSparse. */
#include <ctype.h>
#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "gg_mmio.h"
#include "io_oracle.h"

static const char *data_dir;

typedef struct expect {
    const char *file;
    GrB_Info info;    /* GrB_SUCCESS: loads */
    const char *type; /* loads: the C type name */
    GrB_Index nrows, ncols, nvals;
    const char *message; /* fails: a substring of the message, starting with "FILE:LINE:" */
} expect;

#define LOADS(f, t, r, c, n)             \
    {                                    \
        f, GrB_SUCCESS, t, r, c, n, NULL \
    }
#define FAILS(f, code, m)         \
    {                             \
        f, code, NULL, 0, 0, 0, m \
    }

static const expect table[] = {
    LOADS("A.mtx", "bool", 7, 7, 30),
    LOADS("A2.mtx", "bool", 7, 7, 30),
    LOADS("LFAT5.mtx", "double", 14, 14, 46),
    LOADS("LFAT5_hypersparse.mtx", "double", 2000, 2000, 46),
    LOADS("LFAT5_two.mtx", "double", 28, 28, 92),
    LOADS("bcsstk13.mtx", "double", 2003, 2003, 83883),
    LOADS("comments_cover.mtx", "int32_t", 7, 7, 12),
    LOADS("comments_full.mtx", "double", 3, 3, 9),
    LOADS("comments_west0067.mtx", "double", 67, 67, 295),
    FAILS("complex.mtx", GrB_NOT_IMPLEMENTED, "complex.mtx:1: complex matrices are not supported"),
    LOADS("cover.mtx", "int32_t", 7, 7, 12),
    LOADS("cover_structure.mtx", "bool", 7, 7, 12),
    LOADS("cryg2500.mtx", "double", 2500, 2500, 12349),
    LOADS("empty.mtx", "int32_t", 3, 4, 0),
    LOADS("full.mtx", "double", 3, 3, 9),
    LOADS("full_noheader.mtx", "double", 3, 3, 9),
    LOADS("full_symmetric.mtx", "double", 4, 4, 16),
    LOADS("jagmesh7.mtx", "bool", 1138, 1138, 7450),
    LOADS("karate.mtx", "bool", 34, 34, 156),
    LOADS("ldbc-cdlp-directed-example.mtx", "bool", 8, 8, 18),
    LOADS("ldbc-cdlp-undirected-example.mtx", "bool", 8, 8, 24),
    LOADS("ldbc-directed-example-bool.mtx", "bool", 10, 10, 17),
    LOADS("ldbc-directed-example-unweighted.mtx", "bool", 10, 10, 17),
    LOADS("ldbc-directed-example.mtx", "double", 10, 10, 17),
    LOADS("ldbc-undirected-example-bool.mtx", "bool", 9, 9, 24),
    LOADS("ldbc-undirected-example-unweighted.mtx", "bool", 9, 9, 24),
    LOADS("ldbc-undirected-example.mtx", "double", 9, 9, 24),
    LOADS("ldbc-wcc-example.mtx", "int64_t", 10, 10, 30),
    LOADS("lp_afiro.mtx", "double", 27, 51, 102),
    LOADS("lp_afiro_structure.mtx", "bool", 27, 51, 102),
    FAILS("mangled1.mtx", GrB_INVALID_VALUE, "mangled1.mtx:1: unsupported object 'mangled'"),
    FAILS("mangled10.mtx", GrB_INVALID_VALUE, "mangled10.mtx:6: end of file after 2 of 3 entries"),
    FAILS("mangled11.mtx", GrB_INVALID_VALUE, "mangled11.mtx:5: invalid column index 'zero'"),
    FAILS("mangled12.mtx", GrB_INVALID_VALUE, "mangled12.mtx:5: missing value"),
    FAILS("mangled13.mtx", GrB_INVALID_VALUE, "mangled13.mtx:7: column index 9999 is out of range 1..4"),
    FAILS("mangled14.mtx", GrB_INVALID_VALUE,
          "mangled14.mtx:8: duplicate entry (2,2), first given on line 7"),
    FAILS("mangled15.mtx", GrB_NOT_IMPLEMENTED,
          "mangled15.mtx:2: complex type 'float complex' is not supported"),
    FAILS("mangled16.mtx", GrB_NOT_IMPLEMENTED,
          "mangled16.mtx:2: complex type 'double complex' is not supported"),
    FAILS("mangled2.mtx", GrB_INVALID_VALUE, "mangled2.mtx:1: unknown format 'mangled'"),
    FAILS("mangled3.mtx", GrB_INVALID_VALUE, "mangled3.mtx:1: unknown field 'mangled'"),
    FAILS("mangled4.mtx", GrB_INVALID_VALUE, "mangled4.mtx:1: unknown symmetry 'mangled'"),
    FAILS("mangled5.mtx", GrB_NOT_IMPLEMENTED, "mangled5.mtx:1: hermitian matrices are not supported"),
    FAILS("mangled6.mtx", GrB_NOT_IMPLEMENTED, "mangled6.mtx:1: hermitian matrices are not supported"),
    FAILS("mangled7.mtx", GrB_INVALID_VALUE, "mangled7.mtx:2: unknown GraphBLAS type 'gunk'"),
    FAILS("mangled8.mtx", GrB_INVALID_VALUE, "mangled8.mtx:4: the size line of a coordinate matrix must be"),
    FAILS("mangled9.mtx", GrB_INVALID_VALUE, "mangled9.mtx:4: a symmetric matrix must be square, not 3 x 4"),
    FAILS("mangled_bool.mtx", GrB_INVALID_VALUE, "mangled_bool.mtx:10: value 2 is out of range for bool"),
    FAILS("mangled_format.mtx", GrB_INVALID_VALUE, "mangled_format.mtx:1: an array matrix cannot be pattern"),
    FAILS("mangled_int16.mtx", GrB_INVALID_VALUE,
          "mangled_int16.mtx:8: value -32769 is out of range for int16_t"),
    FAILS("mangled_int32.mtx", GrB_INVALID_VALUE,
          "mangled_int32.mtx:8: value -2147483649 is out of range for int32_t"),
    FAILS("mangled_int8.mtx", GrB_INVALID_VALUE, "mangled_int8.mtx:8: value -129 is out of range for int8_t"),
    FAILS("mangled_skew.mtx", GrB_INVALID_VALUE,
          "mangled_skew.mtx:2: a skew-symmetric matrix cannot have the unsigned type uint8_t"),
    FAILS("mangled_uint16.mtx", GrB_INVALID_VALUE,
          "mangled_uint16.mtx:9: value 65536 is out of range for uint16_t"),
    FAILS("mangled_uint32.mtx", GrB_INVALID_VALUE,
          "mangled_uint32.mtx:9: value 4294967296 is out of range for uint32_t"),
    FAILS("mangled_uint8.mtx", GrB_INVALID_VALUE,
          "mangled_uint8.mtx:9: value 256 is out of range for uint8_t"),
    LOADS("matrix_bool.mtx", "bool", 7, 7, 12),
    LOADS("matrix_fp32.mtx", "float", 7, 7, 12),
    LOADS("matrix_fp32_structure.mtx", "bool", 7, 7, 12),
    LOADS("matrix_fp64.mtx", "double", 7, 7, 12),
    LOADS("matrix_int16.mtx", "int16_t", 7, 7, 12),
    LOADS("matrix_int32.mtx", "int32_t", 7, 7, 12),
    LOADS("matrix_int64.mtx", "int64_t", 7, 7, 12),
    LOADS("matrix_int8.mtx", "int8_t", 7, 7, 12),
    LOADS("matrix_uint16.mtx", "uint16_t", 7, 7, 12),
    LOADS("matrix_uint32.mtx", "uint32_t", 7, 7, 12),
    LOADS("matrix_uint64.mtx", "uint64_t", 7, 7, 12),
    LOADS("matrix_uint8.mtx", "uint8_t", 7, 7, 12),
    LOADS("msf1.mtx", "int64_t", 6, 6, 8),
    LOADS("msf2.mtx", "int64_t", 8, 8, 12),
    LOADS("msf3.mtx", "int64_t", 5, 5, 7),
    LOADS("olm1000.mtx", "double", 1000, 1000, 3996),
    LOADS("pushpull.mtx", "bool", 4000, 4000, 196305),
    LOADS("sample.mtx", "bool", 8, 8, 12),
    LOADS("sample2.mtx", "bool", 8, 8, 28),
    LOADS("skew_fp32.mtx", "float", 6, 6, 20),
    LOADS("skew_fp64.mtx", "double", 6, 6, 20),
    LOADS("skew_int16.mtx", "int16_t", 6, 6, 20),
    LOADS("skew_int32.mtx", "int32_t", 6, 6, 20),
    LOADS("skew_int64.mtx", "int64_t", 6, 6, 20),
    LOADS("skew_int8.mtx", "int8_t", 6, 6, 20),
    LOADS("sources_7.mtx", "int64_t", 64, 1, 64),
    LOADS("structure.mtx", "int32_t", 7, 7, 12),
    LOADS("test_BF.mtx", "double", 7, 7, 12),
    LOADS("test_FW_1000.mtx", "double", 1000, 1000, 3996),
    LOADS("test_FW_2003.mtx", "double", 2003, 2003, 23973),
    LOADS("test_FW_2500.mtx", "double", 2500, 2500, 7852),
    LOADS("tree-example.mtx", "int64_t", 6, 6, 10),
    LOADS("west0067.mtx", "double", 67, 67, 294),
    LOADS("west0067_jumbled.mtx", "double", 67, 67, 294),
    LOADS("west0067_noheader.mtx", "double", 67, 67, 294),
    LOADS("zenios.mtx", "double", 2873, 2873, 27191),
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

static void path_of(char *buf, size_t len, const char *file)
{
    snprintf(buf, len, "%s/%s", data_dir, file);
}

/* ---- the naive parse ------------------------------------------------------------------------- */

static void naive_value(io_kind kind, const char *tok, io_entry *e)
{
    if (kind == IO_SIGNED)
        e->v.s = strtoll(tok, NULL, 10);
    else if (kind == IO_UNSIGNED)
        e->v.u = strtoull(tok, NULL, 10);
    else if (kind == IO_FP32)
        e->v.d = strtof(tok, NULL);
    else
        e->v.d = strtod(tok, NULL);
}

static void naive_negate(io_kind kind, io_entry *e)
{
    if (kind == IO_SIGNED)
        e->v.s = -e->v.s;
    else if (kind != IO_UNSIGNED)
        e->v.d = -e->v.d;
}

/* A file known to be good, parsed with sscanf: header words, size line, entries, mirrors. */
static void naive_parse(const char *path, GrB_Type type, io_list *L)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024], fmt[64] = "coordinate", field[64] = "real", sym[64] = "general";
    bool first = true, array = false;
    uint64_t nent = 0, k = 0, ai = 0, aj = 0;
    L->kind = io_kind_of(type);
    L->n = 0;
    L->e = NULL;
    while (fgets(line, sizeof(line), f)) {
        if (first && strncasecmp(line, "%%MatrixMarket", 14) == 0) {
            assert_int_equal(sscanf(line, "%*s %*s %63s %63s %63s", fmt, field, sym), 3);
            array = strcasecmp(fmt, "array") == 0;
        }
        first = false;
        char tok[64];
        if (line[0] == '%' || sscanf(line, "%63s", tok) != 1) continue;
        if (!L->e) {
            uint64_t v[3];
            int got = sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64, &v[0], &v[1], &v[2]);
            array = got == 2;
            L->nrows = v[0];
            L->ncols = v[1];
            nent = array ? v[0] * v[1] : v[2];
            L->e = calloc(2 * nent + 1, sizeof(io_entry));
            aj = 0;
            ai = strcasecmp(sym, "skew-symmetric") == 0 ? 1 : 0;
            continue;
        }
        io_entry e = {0};
        if (array) {
            e.i = ai;
            e.j = aj;
            assert_int_equal(sscanf(line, "%63s", tok), 1);
            if (++ai == L->nrows) {
                aj++;
                ai = strcasecmp(sym, "general") == 0 ? 0 : strcasecmp(sym, "symmetric") == 0 ? aj : aj + 1;
            }
        } else {
            uint64_t i, j;
            int got = sscanf(line, "%" SCNu64 " %" SCNu64 " %63s", &i, &j, tok);
            assert_true(got >= 2);
            e.i = i - 1;
            e.j = j - 1;
        }
        if (strcasecmp(field, "pattern") == 0)
            naive_value(L->kind, "1", &e);
        else
            naive_value(L->kind, tok, &e);
        L->e[L->n++] = e;
        if (strcasecmp(sym, "general") != 0 && e.i != e.j) {
            io_entry m = e;
            m.i = e.j;
            m.j = e.i;
            if (strcasecmp(sym, "skew-symmetric") == 0) naive_negate(L->kind, &m);
            L->e[L->n++] = m;
        }
        if (++k == nent && !array) break;
    }
    fclose(f);
    if (!L->e) L->e = calloc(1, sizeof(io_entry));
    io_list_sort(L);
}

/* ---- per-file test --------------------------------------------------------------------------- */

static void test_file(void **state)
{
    const expect *x = *state;
    if (!data_dir) skip();
    char path[4096], msg[GG_MM_MSG_LEN];
    path_of(path, sizeof(path), x->file);
    GrB_Matrix A = NULL, sentinel = (GrB_Matrix)&sentinel;
    GrB_Type type = NULL;
    if (x->info != GrB_SUCCESS) {
        /* failure leaves both outputs untouched */
        GrB_Type tsentinel = (GrB_Type)&sentinel;
        A = sentinel;
        type = tsentinel;
        GrB_Info info = GG_mm_read_file(&A, &type, path, NULL, msg, sizeof(msg));
        if (info != x->info || !strstr(msg, x->message))
            fail_msg("%s: got GrB_Info %d '%s', expected %d '%s'", x->file, info, msg, x->info, x->message);
        assert_ptr_equal(A, sentinel);
        assert_ptr_equal(type, tsentinel);
        return;
    }
    GrB_Info info = GG_mm_read_file(&A, &type, path, NULL, msg, sizeof(msg));
    if (info != GrB_SUCCESS) fail_msg("%s: GrB_Info %d: %s", x->file, info, msg);
    assert_string_equal(msg, "");
    assert_string_equal(GG_mm_type_name(type), x->type);
    GrB_Type actual;
    assert_int_equal(GxB_Matrix_type(&actual, A), GrB_SUCCESS);
    assert_ptr_equal(actual, type);
    io_list got, want;
    assert_true(io_list_of_matrix(&got, A, type));
    assert_int_equal(got.nrows, x->nrows);
    assert_int_equal(got.ncols, x->ncols);
    assert_int_equal(got.n, x->nvals);
    naive_parse(path, type, &want);
    char why[256];
    if (!io_list_equal(&got, &want, why, sizeof(why)))
        fail_msg("%s: reader and naive parse differ: %s", x->file, why);
    io_list_free(&got);
    io_list_free(&want);
    GrB_Matrix_free(&A);
}

/* ---- hand-checked values --------------------------------------------------------------------- */

static GrB_Matrix load(const char *file, GrB_Type force)
{
    char path[4096], msg[GG_MM_MSG_LEN];
    path_of(path, sizeof(path), file);
    GrB_Matrix A = NULL;
    if (GG_mm_read_file(&A, NULL, path, force, msg, sizeof(msg)) != GrB_SUCCESS) fail_msg("%s", msg);
    return A;
}

static void test_values(void **state)
{
    (void)state;
    if (!data_dir) skip();
    GrB_Matrix A = load("matrix_int8.mtx", NULL);
    int8_t i8;
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 3, 0), GrB_SUCCESS);
    assert_int_equal(i8, -128);
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 0, 1), GrB_SUCCESS);
    assert_int_equal(i8, 127);
    GrB_Matrix_free(&A);

    A = load("matrix_uint64.mtx", NULL);
    uint64_t u64;
    assert_int_equal(GrB_Matrix_extractElement_UINT64(&u64, A, 0, 1), GrB_SUCCESS);
    assert_true(u64 == UINT64_MAX);
    GrB_Matrix_free(&A);

    /* skew-symmetric: the mirror holds the negation */
    A = load("skew_int8.mtx", NULL);
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 3, 0), GrB_SUCCESS);
    assert_int_equal(i8, -12);
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 0, 3), GrB_SUCCESS);
    assert_int_equal(i8, 12);
    assert_int_equal(GrB_Matrix_extractElement_INT8(&i8, A, 0, 0), GrB_NO_VALUE);
    GrB_Matrix_free(&A);

    A = load("skew_fp32.mtx", NULL);
    float f32;
    assert_int_equal(GrB_Matrix_extractElement_FP32(&f32, A, 0, 4), GrB_SUCCESS);
    assert_true(isinf(f32) && f32 < 0);
    GrB_Matrix_free(&A);

    /* array symmetric: column-major lower triangle, mirrored */
    A = load("full_symmetric.mtx", NULL);
    double d;
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 1, 0), GrB_SUCCESS);
    assert_true(d == 18.18952178955078);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 0, 1), GrB_SUCCESS);
    assert_true(d == 18.18952178955078);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 3, 3), GrB_SUCCESS);
    assert_true(d == 3.9635860919952393);
    GrB_Matrix_free(&A);

    /* implicit array header: column-major */
    A = load("full_noheader.mtx", NULL);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 1, 0), GrB_SUCCESS);
    assert_true(d == .709);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 0, 1), GrB_SUCCESS);
    assert_true(d == .276);
    GrB_Matrix_free(&A);

    A = load("comments_west0067.mtx", NULL);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&d, A, 0, 0), GrB_SUCCESS);
    assert_true(isnan(d));
    GrB_Matrix_free(&A);

    /* a pattern file with a type line: every value is 1 of that type */
    A = load("structure.mtx", NULL);
    int32_t i32;
    assert_int_equal(GrB_Matrix_extractElement_INT32(&i32, A, 3, 0), GrB_SUCCESS);
    assert_int_equal(i32, 1);
    GrB_Matrix_free(&A);

    /* a forced type wins over the type line; values are typecast */
    A = load("matrix_fp64.mtx", GrB_INT16);
    GrB_Type t;
    assert_int_equal(GxB_Matrix_type(&t, A), GrB_SUCCESS);
    assert_ptr_equal(t, GrB_INT16);
    int16_t i16;
    assert_int_equal(GrB_Matrix_extractElement_INT16(&i16, A, 6, 2), GrB_SUCCESS);
    assert_int_equal(i16, 9);
    GrB_Matrix_free(&A);

    A = load("west0067.mtx", GrB_BOOL);
    assert_int_equal(GxB_Matrix_type(&t, A), GrB_SUCCESS);
    assert_ptr_equal(t, GrB_BOOL);
    GrB_Index nvals;
    assert_int_equal(GrB_Matrix_nvals(&nvals, A), GrB_SUCCESS);
    assert_int_equal(nvals, 294);
    GrB_Matrix_free(&A);
}

/* Every .mtx file of the directory has a row in the table, so a new file cannot go untested. */
static void test_table_covers_directory(void **state)
{
    (void)state;
    if (!data_dir) skip();
    DIR *d = opendir(data_dir);
    assert_non_null(d);
    struct dirent *e;
    size_t files = 0;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".mtx") != 0) continue;
        files++;
        bool found = false;
        for (size_t k = 0; k < NTABLE && !found; k++) found = strcmp(table[k].file, e->d_name) == 0;
        if (!found) fail_msg("%s has no row in the table", e->d_name);
    }
    closedir(d);
    assert_int_equal(files, NTABLE);
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

int main(int argc, char **argv)
{
    if (argc > 1) {
        DIR *d = opendir(argv[1]);
        if (d) {
            closedir(d);
            data_dir = argv[1];
        }
    }
    struct CMUnitTest tests[NTABLE + 2];
    for (size_t k = 0; k < NTABLE; k++)
        tests[k] = (struct CMUnitTest){table[k].file, test_file, NULL, NULL, (void *)&table[k]};
    tests[NTABLE] = (struct CMUnitTest)cmocka_unit_test(test_values);
    tests[NTABLE + 1] = (struct CMUnitTest)cmocka_unit_test(test_table_covers_directory);
    return _cmocka_run_group_tests("mmio_lagraph", tests, NTABLE + 2, setup, teardown);
}
