/* test_ops.c: every predefined unary, binary and index-unary operator, taken from the public
 * header's lists: its name, types and opcode as its identifier says, and its function on
 * representative operands (extremes, zeros, NaN, infinities) against expectations computed here
 * with exact arithmetic from the stated rules (SuiteSparse's where C is undefined). */
#include "algebra_test.h"

#include "GG_opcodes.h"

/* ---- names ----------------------------------------------------------------------------------- */

typedef struct {
    char op[32];      /* "PLUS" */
    const tinfo *t;   /* the suffix's type, BOOL when there is none (GrB_LOR, GrB_LNOT) */
    bool has_suffix;
} parsed_name;

static parsed_name parse_name(const char *name)
{
    parsed_name p = {.has_suffix = false};
    assert_true(strncmp(name, "GrB_", 4) == 0);
    snprintf(p.op, sizeof(p.op), "%s", name + 4);
    char *last = strrchr(p.op, '_');
    if (last != NULL && tinfo_of_suffix(last + 1) != NULL) {
        p.t = tinfo_of_suffix(last + 1);
        p.has_suffix = true;
        *last = '\0';
    } else {
        p.t = tinfo_of_suffix("BOOL");
    }
    return p;
}

static const struct {
    const char *name;
    int opcode;
} OPCODES[] = {
    {"IDENTITY", GG_OP_IDENTITY}, {"AINV", GG_OP_AINV},       {"MINV", GG_OP_MINV},
    {"LNOT", GG_OP_LNOT},         {"ABS", GG_OP_ABS},         {"BNOT", GG_OP_BNOT},
    {"LOR", GG_OP_LOR},           {"LAND", GG_OP_LAND},       {"LXOR", GG_OP_LXOR},
    {"LXNOR", GG_OP_LXNOR},       {"BOR", GG_OP_BOR},         {"BAND", GG_OP_BAND},
    {"BXOR", GG_OP_BXOR},         {"BXNOR", GG_OP_BXNOR},     {"EQ", GG_OP_EQ},
    {"NE", GG_OP_NE},             {"GT", GG_OP_GT},           {"LT", GG_OP_LT},
    {"GE", GG_OP_GE},             {"LE", GG_OP_LE},           {"ONEB", GG_OP_ONEB},
    {"FIRST", GG_OP_FIRST},       {"SECOND", GG_OP_SECOND},   {"MIN", GG_OP_MIN},
    {"MAX", GG_OP_MAX},           {"PLUS", GG_OP_PLUS},       {"MINUS", GG_OP_MINUS},
    {"TIMES", GG_OP_TIMES},       {"DIV", GG_OP_DIV},         {"ROWINDEX", GG_OP_ROWINDEX},
    {"COLINDEX", GG_OP_COLINDEX}, {"DIAGINDEX", GG_OP_DIAGINDEX}, {"TRIL", GG_OP_TRIL},
    {"TRIU", GG_OP_TRIU},         {"DIAG", GG_OP_DIAG},       {"OFFDIAG", GG_OP_OFFDIAG},
    {"COLLE", GG_OP_COLLE},       {"COLGT", GG_OP_COLGT},     {"ROWLE", GG_OP_ROWLE},
    {"ROWGT", GG_OP_ROWGT},       {"VALUEEQ", GG_OP_VALUEEQ}, {"VALUENE", GG_OP_VALUENE},
    {"VALUELT", GG_OP_VALUELT},   {"VALUELE", GG_OP_VALUELE}, {"VALUEGT", GG_OP_VALUEGT},
    {"VALUEGE", GG_OP_VALUEGE},
};

static int opcode_of(const char *op)
{
    for (size_t k = 0; k < sizeof(OPCODES) / sizeof(OPCODES[0]); k++)
        if (strcmp(OPCODES[k].name, op) == 0) return OPCODES[k].opcode;
    fail_msg("no opcode for %s", op);
    return -1;
}

static bool is(const char *op, const char *name)
{
    return strcmp(op, name) == 0;
}

static void check_header(const GG_header *h, GG_kind kind, const char *name)
{
    assert_int_equal(GG_check_object(h, kind), GrB_SUCCESS);
    assert_true(h->builtin);
    assert_true(h->name_set);
    assert_string_equal(h->name, name);
}

static void report(const char *name, const tval *args, int nargs, tval want, tval got)
{
    char a[2][64] = {"", ""}, w[64], g[64];
    for (int k = 0; k < nargs; k++) tval_format(a[k], sizeof(a[k]), args[k]);
    tval_format(w, sizeof(w), want);
    tval_format(g, sizeof(g), got);
    fail_msg("%s(%s%s%s): expected %s, got %s", name, a[0], nargs > 1 ? ", " : "", a[1], w, g);
}

/* ---- expectations ---------------------------------------------------------------------------- */

/* SuiteSparse's integer division: x/0 is 0 for x == 0, else max (x > 0 or unsigned) or min;
 * otherwise truncation, with x/-1 = -x wrapping. */
static tval idiv(const tinfo *t, i128 x, i128 y)
{
    if (y == 0) return ival(x == 0 ? 0 : (x > 0 || !t->is_signed) ? int_max(t) : int_min(t));
    return ival(wrap(t, (u128)(x / y)));
}

static tval expect_unary(const char *op, const tinfo *t, tval x)
{
    if (t->is_bool) {
        if (is(op, "MINV")) return ival(1);
        if (is(op, "LNOT")) return ival(!x.i);
        return x; /* IDENTITY, AINV, ABS */
    }
    if (t->is_fp) {
        if (is(op, "IDENTITY")) return x;
        if (is(op, "AINV")) return fval(-x.f);
        if (is(op, "MINV")) return fp_result(t, 1.0 / x.f);
        if (is(op, "ABS")) return fval(fabs(x.f));
    } else {
        if (is(op, "IDENTITY")) return x;
        if (is(op, "AINV")) return ival(wrap(t, (u128)-x.i));
        if (is(op, "MINV")) return idiv(t, 1, x.i);
        if (is(op, "ABS")) return ival(x.i < 0 ? wrap(t, (u128)-x.i) : x.i);
        if (is(op, "BNOT")) return ival(wrap(t, (u128)~x.i));
    }
    fail_msg("no expectation for unary %s_%s", op, t->suffix);
    return x;
}

static tval expect_compare(const char *op, tval x, tval y)
{
    int lt, eq;
    if (x.is_fp) {
        if (isnan(x.f) || isnan(y.f)) return ival(is(op, "NE"));
        lt = x.f < y.f;
        eq = x.f == y.f;
    } else {
        lt = x.i < y.i;
        eq = x.i == y.i;
    }
    if (is(op, "EQ")) return ival(eq);
    if (is(op, "NE")) return ival(!eq);
    if (is(op, "LT")) return ival(lt);
    if (is(op, "LE")) return ival(lt || eq);
    if (is(op, "GT")) return ival(!lt && !eq);
    if (is(op, "GE")) return ival(!lt);
    fail_msg("no comparison %s", op);
    return x;
}

static bool is_compare(const char *op)
{
    return is(op, "EQ") || is(op, "NE") || is(op, "LT") || is(op, "LE") || is(op, "GT") ||
           is(op, "GE");
}

static tval expect_binary(const char *op, const tinfo *t, tval x, tval y)
{
    if (is_compare(op)) return expect_compare(op, x, y);
    if (is(op, "FIRST")) return x;
    if (is(op, "SECOND")) return y;
    if (is(op, "ONEB")) return t->is_fp ? fval(1) : ival(1);
    if (t->is_bool) {
        bool a = x.i != 0, b = y.i != 0;
        if (is(op, "LOR") || is(op, "PLUS") || is(op, "MAX")) return ival(a || b);
        if (is(op, "LAND") || is(op, "TIMES") || is(op, "MIN")) return ival(a && b);
        if (is(op, "LXOR") || is(op, "MINUS")) return ival(a != b);
        if (is(op, "LXNOR")) return ival(a == b);
        if (is(op, "DIV")) return x;
    } else if (t->is_fp) {
        if (is(op, "PLUS")) return fp_result(t, x.f + y.f);
        if (is(op, "MINUS")) return fp_result(t, x.f - y.f);
        if (is(op, "TIMES")) return fp_result(t, x.f * y.f);
        if (is(op, "DIV")) return fp_result(t, x.f / y.f);
        /* a NaN operand yields the other operand; a tie, such as (+0, -0), yields y */
        if (is(op, "MIN") || is(op, "MAX")) {
            if (isnan(x.f)) return y;
            if (isnan(y.f)) return x;
            return (is(op, "MIN") ? x.f < y.f : x.f > y.f) ? x : y;
        }
    } else {
        if (is(op, "PLUS")) return ival(wrap(t, (u128)x.i + (u128)y.i));
        if (is(op, "MINUS")) return ival(wrap(t, (u128)x.i - (u128)y.i));
        if (is(op, "TIMES")) return ival(wrap(t, (u128)x.i * (u128)y.i));
        if (is(op, "DIV")) return idiv(t, x.i, y.i);
        if (is(op, "MIN")) return x.i < y.i ? x : y;
        if (is(op, "MAX")) return x.i > y.i ? x : y;
        if (is(op, "BOR")) return ival(wrap(t, (u128)(x.i | y.i)));
        if (is(op, "BAND")) return ival(wrap(t, (u128)(x.i & y.i)));
        if (is(op, "BXOR")) return ival(wrap(t, (u128)(x.i ^ y.i)));
        if (is(op, "BXNOR")) return ival(wrap(t, (u128) ~(x.i ^ y.i)));
    }
    fail_msg("no expectation for binary %s_%s", op, t->suffix);
    return x;
}

/* ---- unary ----------------------------------------------------------------------------------- */

static void check_unary(const char *name, GrB_UnaryOp op)
{
    check_header(&op->h, GG_KIND_UNARYOP, name);
    parsed_name p = parse_name(name);
    assert_int_equal(op->opcode, opcode_of(p.op));
    assert_ptr_equal(op->xtype, GG_type_of_code(p.t->code));
    assert_ptr_equal(op->ztype, op->xtype);
    tval xs[MAX_SAMPLES];
    int n = sample_values(p.t, xs);
    for (int k = 0; k < n; k++) {
        unsigned char xb[8], zb[8];
        tstore(p.t, xb, xs[k]);
        op->f(zb, xb);
        tval want = expect_unary(p.op, p.t, xs[k]), got = tload(p.t, zb);
        if (!tval_equal(want, got)) report(name, &xs[k], 1, want, got);
    }
}

static void test_unary_ops(void **state)
{
    (void)state;
#define ENTRY(name) {#name, name},
    const struct {
        const char *name;
        GrB_UnaryOp op;
    } ops[] = {GxG_UNARY_OPS(ENTRY) GxG_LEGACY_UNARY_OPS(ENTRY)};
#undef ENTRY
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) check_unary(ops[k].name, ops[k].op);
}

/* ---- binary ---------------------------------------------------------------------------------- */

static void check_binary(const char *name, GrB_BinaryOp op)
{
    check_header(&op->h, GG_KIND_BINARYOP, name);
    parsed_name p = parse_name(name);
    assert_int_equal(op->opcode, opcode_of(p.op));
    const tinfo *zt = is_compare(p.op) ? tinfo_of_suffix("BOOL") : p.t;
    assert_ptr_equal(op->xtype, GG_type_of_code(p.t->code));
    assert_ptr_equal(op->ytype, op->xtype);
    assert_ptr_equal(op->ztype, GG_type_of_code(zt->code));
    tval xs[MAX_SAMPLES];
    int n = sample_values(p.t, xs);
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
            unsigned char xb[8], yb[8], zb[8];
            tstore(p.t, xb, xs[a]);
            tstore(p.t, yb, xs[b]);
            op->f(zb, xb, yb);
            tval want = expect_binary(p.op, p.t, xs[a], xs[b]), got = tload(zt, zb);
            if (!tval_equal(want, got)) report(name, (tval[]){xs[a], xs[b]}, 2, want, got);
        }
    }
}

static void test_binary_ops(void **state)
{
    (void)state;
#define ENTRY(name) {#name, name},
    const struct {
        const char *name;
        GrB_BinaryOp op;
    } ops[] = {GxG_BINARY_OPS(ENTRY)};
#undef ENTRY
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) check_binary(ops[k].name, ops[k].op);
}

/* SuiteSparse's edge cases (integer division and MINV, wrapping, NaN and signed zeros in MIN and
 * MAX, DIAGINDEX), spelled out. */
static void test_edge_cases(void **state)
{
    (void)state;
    int32_t z, x, y;
#define DIV32(a, b) (x = (a), y = (b), GrB_DIV_INT32->f(&z, &x, &y), z)
    assert_int_equal(DIV32(0, 0), 0);
    assert_int_equal(DIV32(5, 0), INT32_MAX);
    assert_int_equal(DIV32(-5, 0), INT32_MIN);
    assert_int_equal(DIV32(INT32_MIN, -1), INT32_MIN);
    assert_int_equal(DIV32(7, -1), -7);
    assert_int_equal(DIV32(-7, 2), -3);
    assert_int_equal(DIV32(7, 2), 3);
#undef DIV32
    uint8_t uz, ux = 9, uy = 0;
    GrB_DIV_UINT8->f(&uz, &ux, &uy);
    assert_int_equal(uz, UINT8_MAX);
    ux = 0;
    GrB_DIV_UINT8->f(&uz, &ux, &uy);
    assert_int_equal(uz, 0);
    int8_t iz, ix = INT8_MIN, iy = -1;
    GrB_DIV_INT8->f(&iz, &ix, &iy);
    assert_int_equal(iz, INT8_MIN);
    int64_t lz, lx = 0;
    GrB_MINV_INT64->f(&lz, &lx);
    assert_true(lz == INT64_MAX);
    lx = -1;
    GrB_MINV_INT64->f(&lz, &lx);
    assert_true(lz == -1);
    lx = -2;
    GrB_MINV_INT64->f(&lz, &lx);
    assert_true(lz == 0);
    uint16_t wz, wx = 0;
    GrB_MINV_UINT16->f(&wz, &wx);
    assert_int_equal(wz, UINT16_MAX);
    bool bz, bx = false;
    GrB_MINV_BOOL->f(&bz, &bx);
    assert_true(bz);
    int16_t sz, sx = INT16_MIN;
    GrB_ABS_INT16->f(&sz, &sx);
    assert_int_equal(sz, INT16_MIN);
    GrB_AINV_INT16->f(&sz, &sx);
    assert_int_equal(sz, INT16_MIN);
    double dz, dx = NAN, dy = 3;
    GrB_MIN_FP64->f(&dz, &dx, &dy);
    assert_true(dz == 3);
    GrB_MAX_FP64->f(&dz, &dy, &dx);
    assert_true(dz == 3);
    double pz = 0.0, nz = -0.0;
    GrB_MIN_FP64->f(&dz, &pz, &nz);
    assert_true(dz == 0 && signbit(dz));
    GrB_MAX_FP64->f(&dz, &nz, &pz);
    assert_true(dz == 0 && !signbit(dz));
    float fz, fx = 0, fy = 0;
    GrB_DIV_FP32->f(&fz, &fx, &fy);
    assert_true(isnan(fz));
    /* DIAGINDEX is j - (i + y) */
    int64_t diag, thunk = 1;
    GrB_DIAGINDEX_INT64->f(&diag, NULL, 2, 7, &thunk);
    assert_true(diag == 4);
}

/* ---- index-unary ----------------------------------------------------------------------------- */

static tval expect_positional(const char *op, const tinfo *zt, i128 i, i128 j, i128 y)
{
    if (is(op, "ROWINDEX")) return ival(wrap(zt, (u128)(i + y)));
    if (is(op, "COLINDEX")) return ival(wrap(zt, (u128)(j + y)));
    if (is(op, "DIAGINDEX")) return ival(wrap(zt, (u128)(j - (i + y))));
    if (is(op, "TRIL")) return ival(j <= i + y);
    if (is(op, "TRIU")) return ival(j >= i + y);
    if (is(op, "DIAG")) return ival(j == i + y);
    if (is(op, "OFFDIAG")) return ival(j != i + y);
    if (is(op, "COLLE")) return ival(j <= y);
    if (is(op, "COLGT")) return ival(j > y);
    if (is(op, "ROWLE")) return ival(i <= y);
    if (is(op, "ROWGT")) return ival(i > y);
    fail_msg("no positional %s", op);
    return ival(0);
}

static void check_indexunary(const char *name, GrB_IndexUnaryOp op)
{
    check_header(&op->h, GG_KIND_INDEXUNARYOP, name);
    parsed_name p = parse_name(name);
    assert_int_equal(op->opcode, opcode_of(p.op));
    if (strncmp(p.op, "VALUE", 5) == 0) {
        const char *cmp = p.op + 5;
        assert_ptr_equal(op->ztype, GrB_BOOL);
        assert_ptr_equal(op->xtype, GG_type_of_code(p.t->code));
        assert_ptr_equal(op->ytype, op->xtype);
        tval xs[MAX_SAMPLES];
        int n = sample_values(p.t, xs);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                unsigned char xb[8], yb[8];
                bool z;
                tstore(p.t, xb, xs[a]);
                tstore(p.t, yb, xs[b]);
                op->f(&z, xb, 3, 4, yb);
                tval want = expect_compare(cmp, xs[a], xs[b]);
                if (!tval_equal(want, ival(z)))
                    report(name, (tval[]){xs[a], xs[b]}, 2, want, ival(z));
            }
        }
        return;
    }
    /* positional: no xtype (SuiteSparse reports none); the thunk is INT64 for the tests and the
     * result's own type for the index values */
    const tinfo *zt = p.has_suffix ? p.t : tinfo_of_suffix("BOOL");
    const tinfo *yt = p.has_suffix ? p.t : tinfo_of_suffix("INT64");
    assert_null(op->xtype);
    assert_ptr_equal(op->ztype, GG_type_of_code(zt->code));
    assert_ptr_equal(op->ytype, GG_type_of_code(yt->code));
    const i128 index[] = {0, 1, 2, 7, 1000, (i128)1 << 40};
    const i128 thunk[] = {0, 1, -1, 5, -5, -1000, 4000000000LL, INT32_MAX, INT32_MIN,
                          INT64_MAX, INT64_MIN};
    for (size_t a = 0; a < 6; a++) {
        for (size_t b = 0; b < 6; b++) {
            for (size_t c = 0; c < sizeof(thunk) / sizeof(thunk[0]); c++) {
                if (!representable(yt, ival(thunk[c]))) continue;
                unsigned char yb[8], zb[8];
                tstore(yt, yb, ival(thunk[c]));
                /* x is never read: pass NULL */
                op->f(zb, NULL, (GrB_Index)index[a], (GrB_Index)index[b], yb);
                tval want = expect_positional(p.op, zt, index[a], index[b], thunk[c]);
                tval got = tload(zt, zb);
                if (!tval_equal(want, got))
                    fail_msg("%s(i=%lld, j=%lld, y=%lld): expected %lld, got %lld", name,
                             (long long)index[a], (long long)index[b], (long long)thunk[c],
                             (long long)want.i, (long long)got.i);
            }
        }
    }
}

static void test_indexunary_ops(void **state)
{
    (void)state;
#define ENTRY(name) {#name, name},
    const struct {
        const char *name;
        GrB_IndexUnaryOp op;
    } ops[] = {GxG_INDEXUNARY_OPS(ENTRY)};
#undef ENTRY
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
        check_indexunary(ops[k].name, ops[k].op);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unary_ops),
        cmocka_unit_test(test_binary_ops),
        cmocka_unit_test(test_edge_cases),
        cmocka_unit_test(test_indexunary_ops),
    };
    return cmocka_run_group_tests(tests, grb_setup, grb_teardown);
}
