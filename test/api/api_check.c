/* api_check.c: the shared helpers of the API acceptance tests (see api_check.h). */
#include "api_check.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

char api_sentinel_storage;
api_fixture F;

/* ---- objects that are not live --------------------------------------------------------------- */

#define API_FAKE_BYTES 65536
static _Alignas(64) unsigned char fake_zero[API_FAKE_BYTES];
static _Alignas(64) unsigned char fake_garbage[API_FAKE_BYTES];

void *api_fake_zero(void)
{
    memset(fake_zero, 0, sizeof fake_zero);
    return fake_zero;
}

void *api_fake_garbage(void)
{
    memset(fake_garbage, 0xA5, sizeof fake_garbage);
    return fake_garbage;
}

void api_fp64_neg(void *z, const void *x)
{
    *(double *)z = -*(const double *)x;
}

void api_fp64_add(void *z, const void *x, const void *y)
{
    *(double *)z = *(const double *)x + *(const double *)y;
}

void api_fp64_idx(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    *(double *)z = *(const double *)x + (double)i + (double)j + *(const double *)y;
}

void api_pair_add(void *z, const void *x, const void *y)
{
    const api_pair *a = x, *b = y;
    api_pair r = {a->re + b->re, a->im + b->im};
    *(api_pair *)z = r;
}

void api_pair_neg(void *z, const void *x)
{
    const api_pair *a = x;
    api_pair r = {-a->re, -a->im};
    *(api_pair *)z = r;
}

void api_pair_idx(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    const api_pair *a = x, *b = y;
    api_pair r = {a->re + (double)i + b->re, a->im + (double)j + b->im};
    *(api_pair *)z = r;
}

/* Each api_stale_K makes a live object of kind K, frees it, and returns the stale copy. */
#define API_STALE(K, ...)                                                                          \
    GrB_##K api_stale_##K(void)                                                                    \
    {                                                                                              \
        GrB_##K obj = NULL;                                                                        \
        EXPECT_OK(__VA_ARGS__);                                                                    \
        GrB_##K stale = obj;                                                                       \
        EXPECT_OK(GrB_##K##_free(&obj));                                                           \
        assert_null(obj);                                                                          \
        return stale;                                                                              \
    }
API_STALE(Type, GrB_Type_new(&obj, sizeof(api_pair)))
API_STALE(UnaryOp, GrB_UnaryOp_new(&obj, api_fp64_neg, GrB_FP64, GrB_FP64))
API_STALE(BinaryOp, GrB_BinaryOp_new(&obj, api_fp64_add, GrB_FP64, GrB_FP64, GrB_FP64))
API_STALE(IndexUnaryOp, GrB_IndexUnaryOp_new(&obj, api_fp64_idx, GrB_FP64, GrB_FP64, GrB_FP64))
API_STALE(Monoid, GrB_Monoid_new_FP64(&obj, GrB_PLUS_FP64, 0.0))
API_STALE(Semiring, GrB_Semiring_new(&obj, GrB_PLUS_MONOID_FP64, GrB_TIMES_FP64))
API_STALE(Scalar, GrB_Scalar_new(&obj, GrB_FP64))
API_STALE(Vector, GrB_Vector_new(&obj, GrB_FP64, 3))
API_STALE(Matrix, GrB_Matrix_new(&obj, GrB_FP64, 3, 3))
API_STALE(Descriptor, GrB_Descriptor_new(&obj))
#undef API_STALE

/* ---- result checks --------------------------------------------------------------------------- */

const char *api_info_name(GrB_Info info)
{
#define API_NAME(x)                                                                                \
    {                                                                                              \
        x, #x                                                                                      \
    }
    static const struct {
        GrB_Info info;
        const char *name;
    } names[] = {
        API_NAME(GrB_SUCCESS),
        API_NAME(GrB_NO_VALUE),
        API_NAME(GrB_UNINITIALIZED_OBJECT),
        API_NAME(GrB_NULL_POINTER),
        API_NAME(GrB_INVALID_VALUE),
        API_NAME(GrB_INVALID_INDEX),
        API_NAME(GrB_DOMAIN_MISMATCH),
        API_NAME(GrB_DIMENSION_MISMATCH),
        API_NAME(GrB_OUTPUT_NOT_EMPTY),
        API_NAME(GrB_NOT_IMPLEMENTED),
        API_NAME(GrB_ALREADY_SET),
        API_NAME(GrB_PANIC),
        API_NAME(GrB_OUT_OF_MEMORY),
        API_NAME(GrB_INSUFFICIENT_SPACE),
        API_NAME(GrB_INVALID_OBJECT),
        API_NAME(GrB_INDEX_OUT_OF_BOUNDS),
        API_NAME(GrB_EMPTY_OBJECT),
    };
#undef API_NAME
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (names[k].info == info) return names[k].name;
    return "(not a GrB_Info)";
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

bool api_mentions(const char *text, const char *word)
{
    size_t n = strlen(word);
    if (text == NULL || n == 0) return false;
    for (const char *p = strstr(text, word); p != NULL; p = strstr(p + 1, word))
        if ((p == text || !ident_char(p[-1])) && !ident_char(p[n])) return true;
    return false;
}

void api_check_info_(GrB_Info got, GrB_Info want, const char *call_text, const char *file, int line)
{
    if (got == want) return;
    print_error("%s\n  returned %s (%d), expected %s (%d)\n", call_text, api_info_name(got),
                (int)got, api_info_name(want), (int)want);
    if (got < 0 || want < 0) print_error("  last error: \"%s\"\n", GxG_last_error());
    _fail(file, line);
}

void api_check_msg_(const char *msg, const char *where, const char *call_text, const char *args,
                    const char *file, int line)
{
    char func[128];
    size_t n = strcspn(call_text, "( ");
    if (n >= sizeof func) n = sizeof func - 1;
    memcpy(func, call_text, n);
    func[n] = '\0';

    bool names_func = api_mentions(msg, func);
    bool names_arg = args == NULL;
    for (const char *a = args; a != NULL && *a != '\0' && !names_arg;) {
        size_t len = strcspn(a, "|");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)len, a);
        names_arg = api_mentions(msg, word);
        a += len + (a[len] == '|');
    }
    if (names_func && names_arg) return;
    print_error("%s\n  %s = \"%s\"\n", call_text, where, msg == NULL ? "(NULL)" : msg);
    if (!names_func) print_error("  does not name the function %s\n", func);
    if (!names_arg) print_error("  does not name the argument (any of: %s)\n", args);
    _fail(file, line);
}

/* ---- the fixture ----------------------------------------------------------------------------- */

static const GrB_Index A_rows = 4, A_cols = 5, v_size = 6;
/* A is built from three tuples, then (1,1) is set and (2,3) removed while pending. */
static const GrB_Index A_I[] = {0, 1, 3}, A_J[] = {1, 1, 4};
static const double A_X[] = {1.5, 4.0, 7.25};
static const GrB_Index v_I[] = {0, 4, 5};
static const double v_X[] = {1.0, 2.0, 3.0};
static const api_pair U_val = {1.0, 2.0}, so_val = {3.0, 4.0};

int api_group_setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

int api_group_teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

int api_setup(void **state)
{
    (void)state;
    memset(&F, 0, sizeof F);
    EXPECT_OK(GrB_Type_new(&F.pair, sizeof(api_pair)));
    EXPECT_OK(GrB_Type_new(&F.other, sizeof(api_pair)));
    EXPECT_OK(GrB_UnaryOp_new(&F.pair_unop, api_pair_neg, F.pair, F.pair));
    EXPECT_OK(GrB_BinaryOp_new(&F.pair_binop, api_pair_add, F.pair, F.pair, F.pair));
    EXPECT_OK(GrB_IndexUnaryOp_new(&F.pair_idxop, api_pair_idx, F.pair, F.pair, F.pair));
    api_pair zero = {0.0, 0.0};
    EXPECT_OK(GrB_Monoid_new_UDT(&F.pair_monoid, F.pair_binop, &zero));
    EXPECT_OK(GrB_Semiring_new(&F.pair_semiring, F.pair_monoid, F.pair_binop));

    const GrB_Index bI[] = {0, 2, 3}, bJ[] = {1, 3, 4};
    const double bX[] = {1.5, -2.0, 7.25};
    EXPECT_OK(GrB_Matrix_new(&F.A, GrB_FP64, A_rows, A_cols));
    EXPECT_OK(GrB_Matrix_build_FP64(F.A, bI, bJ, bX, 3, GrB_PLUS_FP64));
    EXPECT_OK(GrB_Matrix_setElement_FP64(F.A, 4.0, 1, 1));
    EXPECT_OK(GrB_Matrix_removeElement(F.A, 2, 3));

    const GrB_Index vI[] = {0, 4};
    const double vX[] = {1.0, 2.0};
    EXPECT_OK(GrB_Vector_new(&F.v, GrB_FP64, v_size));
    EXPECT_OK(GrB_Vector_build_FP64(F.v, vI, vX, 2, GrB_PLUS_FP64));
    EXPECT_OK(GrB_Vector_setElement_FP64(F.v, 3.0, 5));

    EXPECT_OK(GrB_Matrix_new(&F.A0, GrB_FP64, A_rows, A_cols));
    EXPECT_OK(GrB_Vector_new(&F.v0, GrB_FP64, v_size));
    EXPECT_OK(GrB_Matrix_new(&F.U, F.pair, 3, 3));
    EXPECT_OK(GrB_Matrix_setElement_UDT(F.U, (void *)&U_val, 1, 2));
    EXPECT_OK(GrB_Vector_new(&F.u, F.pair, 3));
    EXPECT_OK(GrB_Vector_setElement_UDT(F.u, (void *)&U_val, 2));
    EXPECT_OK(GrB_Scalar_new(&F.s, GrB_FP64));
    EXPECT_OK(GrB_Scalar_setElement_FP64(F.s, 2.5));
    EXPECT_OK(GrB_Scalar_new(&F.s_empty, GrB_FP64));
    EXPECT_OK(GrB_Scalar_new(&F.su, F.pair));
    EXPECT_OK(GrB_Scalar_setElement_UDT(F.su, (void *)&U_val));
    EXPECT_OK(GrB_Scalar_new(&F.so, F.other));
    EXPECT_OK(GrB_Scalar_setElement_UDT(F.so, (void *)&so_val));
    EXPECT_OK(GrB_Descriptor_new(&F.desc));
    EXPECT_OK(GrB_Descriptor_set(F.desc, GrB_INP0, GrB_TRAN));
    return 0;
}

int api_teardown(void **state)
{
    (void)state;
    EXPECT_OK(GrB_Matrix_free(&F.A));
    EXPECT_OK(GrB_Vector_free(&F.v));
    EXPECT_OK(GrB_Matrix_free(&F.A0));
    EXPECT_OK(GrB_Vector_free(&F.v0));
    EXPECT_OK(GrB_Matrix_free(&F.U));
    EXPECT_OK(GrB_Vector_free(&F.u));
    EXPECT_OK(GrB_Scalar_free(&F.s));
    EXPECT_OK(GrB_Scalar_free(&F.s_empty));
    EXPECT_OK(GrB_Scalar_free(&F.su));
    EXPECT_OK(GrB_Scalar_free(&F.so));
    EXPECT_OK(GrB_Descriptor_free(&F.desc));
    EXPECT_OK(GrB_Semiring_free(&F.pair_semiring));
    EXPECT_OK(GrB_Monoid_free(&F.pair_monoid));
    EXPECT_OK(GrB_IndexUnaryOp_free(&F.pair_idxop));
    EXPECT_OK(GrB_BinaryOp_free(&F.pair_binop));
    EXPECT_OK(GrB_UnaryOp_free(&F.pair_unop));
    EXPECT_OK(GrB_Type_free(&F.pair));
    EXPECT_OK(GrB_Type_free(&F.other));
    return 0;
}

api_objects api_live_objects(void)
{
    return (api_objects){.Type = F.pair,
                         .UnaryOp = F.pair_unop,
                         .IndexUnaryOp = F.pair_idxop,
                         .BinaryOp = F.pair_binop,
                         .Monoid = F.pair_monoid,
                         .Semiring = F.pair_semiring,
                         .Scalar = F.s,
                         .Vector = F.v,
                         .Matrix = F.A,
                         .Descriptor = F.desc,
                         .Global = GrB_GLOBAL};
}

api_objects api_predefined_objects(void)
{
    return (api_objects){.Type = GrB_FP64,
                         .UnaryOp = GrB_AINV_FP64,
                         .IndexUnaryOp = GrB_TRIL,
                         .BinaryOp = GrB_PLUS_FP64,
                         .Monoid = GrB_PLUS_MONOID_FP64,
                         .Semiring = GrB_PLUS_TIMES_SEMIRING_FP64,
                         .Descriptor = GrB_DESC_T0,
                         .Global = GrB_GLOBAL};
}

static void expect_matrix(GrB_Matrix A, const char *name, GrB_Index nrows, GrB_Index ncols,
                          GrB_Index n, const GrB_Index *I, const GrB_Index *J, const double *X,
                          const char *file, int line)
{
    GrB_Index r = 0, c = 0, nv = 0, got = 8;
    GrB_Index gi[8], gj[8];
    double gx[8];
    api_check_info_(GrB_Matrix_nrows(&r, A), GrB_SUCCESS, "GrB_Matrix_nrows", file, line);
    api_check_info_(GrB_Matrix_ncols(&c, A), GrB_SUCCESS, "GrB_Matrix_ncols", file, line);
    api_check_info_(GrB_Matrix_nvals(&nv, A), GrB_SUCCESS, "GrB_Matrix_nvals", file, line);
    api_check_info_(GrB_Matrix_extractTuples_FP64(gi, gj, gx, &got, A), GrB_SUCCESS,
                    "GrB_Matrix_extractTuples_FP64", file, line);
    bool same = r == nrows && c == ncols && nv == n && got == n;
    for (GrB_Index k = 0; same && k < n; k++)
        same = gi[k] == I[k] && gj[k] == J[k] && gx[k] == X[k];
    if (same) return;
    print_error("fixture %s changed: %llux%llu with %llu entries (expected %llux%llu with %llu)\n",
                name, (unsigned long long)r, (unsigned long long)c, (unsigned long long)nv,
                (unsigned long long)nrows, (unsigned long long)ncols, (unsigned long long)n);
    _fail(file, line);
}

void api_expect_fixture_(const char *file, int line)
{
    expect_matrix(F.A, "A", A_rows, A_cols, 3, A_I, A_J, A_X, file, line);
    expect_matrix(F.A0, "A0", A_rows, A_cols, 0, NULL, NULL, NULL, file, line);

    GrB_Index n = 0, nv = 0, got = 4, gi[4];
    double gx[4];
    api_check_info_(GrB_Vector_size(&n, F.v), GrB_SUCCESS, "GrB_Vector_size", file, line);
    api_check_info_(GrB_Vector_extractTuples_FP64(gi, gx, &got, F.v), GrB_SUCCESS,
                    "GrB_Vector_extractTuples_FP64", file, line);
    bool same = n == v_size && got == 3;
    for (GrB_Index k = 0; same && k < 3; k++) same = gi[k] == v_I[k] && gx[k] == v_X[k];
    api_check_info_(GrB_Vector_nvals(&nv, F.v0), GrB_SUCCESS, "GrB_Vector_nvals", file, line);
    same = same && nv == 0;
    if (!same) {
        print_error("fixture v or v0 changed\n");
        _fail(file, line);
    }

    GrB_Index ui[2], uj[2];
    api_pair ux[2];
    got = 2;
    api_check_info_(GrB_Matrix_extractTuples_UDT(ui, uj, ux, &got, F.U), GrB_SUCCESS,
                    "GrB_Matrix_extractTuples_UDT", file, line);
    same = got == 1 && ui[0] == 1 && uj[0] == 2 && memcmp(&ux[0], &U_val, sizeof U_val) == 0;
    got = 2;
    api_check_info_(GrB_Vector_extractTuples_UDT(ui, ux, &got, F.u), GrB_SUCCESS,
                    "GrB_Vector_extractTuples_UDT", file, line);
    same = same && got == 1 && ui[0] == 2 && memcmp(&ux[0], &U_val, sizeof U_val) == 0;
    if (!same) {
        print_error("fixture U or u changed\n");
        _fail(file, line);
    }

    double x = 0.0;
    api_pair p = {0.0, 0.0};
    api_check_info_(GrB_Scalar_extractElement_FP64(&x, F.s), GrB_SUCCESS,
                    "GrB_Scalar_extractElement_FP64", file, line);
    api_check_info_(GrB_Scalar_nvals(&nv, F.s_empty), GrB_SUCCESS, "GrB_Scalar_nvals", file, line);
    same = x == 2.5 && nv == 0;
    api_check_info_(GrB_Scalar_extractElement_UDT(&p, F.su), GrB_SUCCESS,
                    "GrB_Scalar_extractElement_UDT", file, line);
    same = same && memcmp(&p, &U_val, sizeof p) == 0;
    api_check_info_(GrB_Scalar_extractElement_UDT(&p, F.so), GrB_SUCCESS,
                    "GrB_Scalar_extractElement_UDT", file, line);
    same = same && memcmp(&p, &so_val, sizeof p) == 0;
    if (!same) {
        print_error("fixture scalars changed\n");
        _fail(file, line);
    }

    /* the descriptor: only INP0 is set (to GrB_TRAN) */
    const GrB_Field fields[4] = {GrB_OUTP_FIELD, GrB_MASK_FIELD, GrB_INP0_FIELD, GrB_INP1_FIELD};
    for (int k = 0; k < 4; k++) {
        int32_t value = -1;
        api_check_info_(GrB_Descriptor_get_INT32(F.desc, &value, fields[k]), GrB_SUCCESS,
                        "GrB_Descriptor_get_INT32", file, line);
        if (value != (fields[k] == GrB_INP0_FIELD ? GrB_TRAN : GrB_DEFAULT)) {
            print_error("fixture descriptor changed: field %d is %d\n", (int)fields[k], (int)value);
            _fail(file, line);
        }
    }
}
