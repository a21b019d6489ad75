/* test_objects.c: the algebraic objects as objects: built-in types, the constructors of types,
 * operators, monoids and semirings with every error class (NULL, freed or wrong-kind handles,
 * domain mismatch) leaving the output untouched, the 44 built-in monoids (operator and identity)
 * and the 124 built-in semirings (composition), and free/wait on every kind. */
#include "algebra_test.h"

#include "GG_opcodes.h"

/* A handle value no constructor returns: outputs must still hold it after an error. */
#define SENTINEL ((void *)0x5e4711e1)

/* The call failed with `want`, and the last error names the function and the argument. */
static void expect_error(GrB_Info got, GrB_Info want, const char *func, const char *arg)
{
    assert_int_equal(got, want);
    const char *msg = GxG_last_error();
    assert_non_null(msg);
    char quoted[64];
    snprintf(quoted, sizeof(quoted), "'%s'", arg);
    if (strstr(msg, func) == NULL || strstr(msg, quoted) == NULL)
        fail_msg("error message \"%s\" should name %s and %s", msg, func, quoted);
}

/* ---- types ----------------------------------------------------------------------------------- */

static void test_builtin_types(void **state)
{
    (void)state;
#define CHECK_TYPE(T, E, ...)                                                                      \
    assert_string_equal(GrB_##T->h.name, "GrB_" #T);                                               \
    assert_true(GrB_##T->h.builtin);                                                               \
    assert_int_equal(GrB_##T->size, sizeof(E));                                                    \
    assert_int_equal(GrB_##T->code, GrB_##T##_CODE);                                               \
    assert_ptr_equal(GG_type_of_code(GrB_##T##_CODE), GrB_##T);
    GxG_BUILTIN_TYPES(CHECK_TYPE)
#undef CHECK_TYPE
    assert_null(GG_type_of_code(GrB_UDT_CODE));
    assert_null(GG_type_of_code((GrB_Type_Code)12));
    assert_null(GG_type_of_code((GrB_Type_Code)-3));

    GrB_Type u = NULL, v = NULL;
    assert_int_equal(GrB_Type_new(&u, 12), GrB_SUCCESS);
    assert_int_equal(GrB_Type_new(&v, 12), GrB_SUCCESS);
    assert_true(GG_types_compatible(GrB_INT8, GrB_FP64));
    assert_true(GG_types_compatible(GrB_BOOL, GrB_UINT64));
    assert_true(GG_types_compatible(u, u));
    assert_false(GG_types_compatible(u, v));
    assert_false(GG_types_compatible(u, GrB_FP64));
    assert_false(GG_types_compatible(GrB_INT32, u));
    assert_false(GG_types_compatible(NULL, GrB_INT32));
    assert_int_equal(GrB_Type_free(&u), GrB_SUCCESS);
    assert_int_equal(GrB_Type_free(&v), GrB_SUCCESS);
}

static void test_type_new(void **state)
{
    (void)state;
    GrB_Type t = SENTINEL;
    expect_error(GrB_Type_new(NULL, 4), GrB_NULL_POINTER, "GrB_Type_new", "type");
    expect_error(GxB_Type_new(NULL, 4, "x", NULL), GrB_NULL_POINTER, "GxB_Type_new", "type");

    /* size 0 gets one byte, as in SuiteSparse; no name: unset */
    assert_int_equal(GrB_Type_new(&t, 0), GrB_SUCCESS);
    assert_int_equal(t->size, 1);
    assert_int_equal(t->code, GrB_UDT_CODE);
    assert_false(t->h.builtin);
    assert_false(t->h.name_set);
    assert_string_equal(t->h.name, "");
    assert_int_equal(GrB_Type_free(&t), GrB_SUCCESS);
    assert_null(t);

    /* names: SuiteSparse 7.4's GrB_Type_new macro passes "sizeof (ctype)" */
    const char *given[] = {"mytype", "sizeof (double)", "sizeof(struct foo)", "", NULL};
    const char *stored[] = {"mytype", "double", "struct foo", "", ""};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(GxB_Type_new(&t, 24, given[k], "typedef ..."), GrB_SUCCESS);
        assert_int_equal(t->size, 24);
        assert_string_equal(t->h.name, stored[k]);
        assert_int_equal(t->h.name_set, given[k] != NULL);
        assert_int_equal(GrB_Type_free(&t), GrB_SUCCESS);
    }
    char longname[300];
    memset(longname, 'q', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    assert_int_equal(GxB_Type_new(&t, 8, longname, NULL), GrB_SUCCESS);
    assert_int_equal(strlen(t->h.name), GxB_MAX_NAME_LEN - 1);
    assert_int_equal(GrB_Type_free(&t), GrB_SUCCESS);
}

/* ---- operators ------------------------------------------------------------------------------- */

typedef struct {
    double re, im;
} complex_t;

static void cmul(void *z, const void *x, const void *y)
{
    const complex_t *a = x, *b = y;
    complex_t r = {a->re * b->re - a->im * b->im, a->re * b->im + a->im * b->re};
    *(complex_t *)z = r;
}

static void cadd(void *z, const void *x, const void *y)
{
    const complex_t *a = x, *b = y;
    *(complex_t *)z = (complex_t){a->re + b->re, a->im + b->im};
}

static void cnorm(void *z, const void *x)
{
    const complex_t *a = x;
    *(double *)z = a->re * a->re + a->im * a->im;
}

static void scaled_row(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)j;
    *(double *)z = *(const double *)x * (double)i + *(const double *)y;
}

static void test_op_new(void **state)
{
    (void)state;
    GrB_Type ct = NULL, dead = NULL;
    assert_int_equal(GxB_Type_new(&ct, sizeof(complex_t), "complex_t", NULL), GrB_SUCCESS);
    assert_int_equal(GrB_Type_new(&dead, 4), GrB_SUCCESS);
    GrB_Type stale = dead;
    assert_int_equal(GrB_Type_free(&dead), GrB_SUCCESS);

    /* unary */
    GrB_UnaryOp u = SENTINEL;
    expect_error(GrB_UnaryOp_new(NULL, cnorm, GrB_FP64, ct), GrB_NULL_POINTER, "GrB_UnaryOp_new",
                 "op");
    expect_error(GrB_UnaryOp_new(&u, NULL, GrB_FP64, ct), GrB_NULL_POINTER, "GrB_UnaryOp_new",
                 "f");
    expect_error(GrB_UnaryOp_new(&u, cnorm, NULL, ct), GrB_NULL_POINTER, "GrB_UnaryOp_new",
                 "ztype");
    expect_error(GrB_UnaryOp_new(&u, cnorm, GrB_FP64, NULL), GrB_NULL_POINTER, "GrB_UnaryOp_new",
                 "xtype");
    /* NULL is reported before a freed handle */
    expect_error(GrB_UnaryOp_new(&u, cnorm, stale, NULL), GrB_NULL_POINTER, "GrB_UnaryOp_new",
                 "xtype");
    expect_error(GxB_UnaryOp_new(&u, cnorm, GrB_FP64, stale, "n", NULL), GrB_UNINITIALIZED_OBJECT,
                 "GxB_UnaryOp_new", "xtype");
    expect_error(GrB_UnaryOp_new(&u, cnorm, (GrB_Type)GrB_PLUS_FP64, ct), GrB_UNINITIALIZED_OBJECT,
                 "GrB_UnaryOp_new", "ztype");
    assert_ptr_equal(u, SENTINEL);
    assert_int_equal(GrB_UnaryOp_new(&u, cnorm, GrB_FP64, ct), GrB_SUCCESS);
    assert_int_equal(u->opcode, GG_OP_USER);
    assert_ptr_equal(u->ztype, GrB_FP64);
    assert_ptr_equal(u->xtype, ct);
    assert_false(u->h.name_set);
    double norm;
    u->f(&norm, &(complex_t){3, 4});
    assert_true(norm == 25);
    assert_int_equal(GrB_UnaryOp_free(&u), GrB_SUCCESS);
    assert_int_equal(GxB_UnaryOp_new(&u, cnorm, GrB_FP64, ct, "cnorm", "void cnorm..."),
                     GrB_SUCCESS);
    assert_true(u->h.name_set);
    assert_string_equal(u->h.name, "cnorm");
    assert_int_equal(GrB_UnaryOp_free(&u), GrB_SUCCESS);

    /* binary */
    GrB_BinaryOp b = SENTINEL;
    expect_error(GrB_BinaryOp_new(NULL, cmul, ct, ct, ct), GrB_NULL_POINTER, "GrB_BinaryOp_new",
                 "op");
    expect_error(GrB_BinaryOp_new(&b, NULL, ct, ct, ct), GrB_NULL_POINTER, "GrB_BinaryOp_new",
                 "f");
    expect_error(GrB_BinaryOp_new(&b, cmul, ct, ct, NULL), GrB_NULL_POINTER, "GrB_BinaryOp_new",
                 "ytype");
    expect_error(GxB_BinaryOp_new(&b, cmul, ct, stale, ct, NULL, NULL), GrB_UNINITIALIZED_OBJECT,
                 "GxB_BinaryOp_new", "xtype");
    assert_ptr_equal(b, SENTINEL);
    assert_int_equal(GxB_BinaryOp_new(&b, cmul, ct, ct, ct, "cmul", NULL), GrB_SUCCESS);
    assert_string_equal(b->h.name, "cmul");
    complex_t p;
    b->f(&p, &(complex_t){1, 2}, &(complex_t){3, 4});
    assert_true(p.re == -5 && p.im == 10);
    assert_int_equal(GrB_BinaryOp_free(&b), GrB_SUCCESS);
    assert_null(b);

    /* index-unary: every type is required, xtype included */
    GrB_IndexUnaryOp x = SENTINEL;
    expect_error(GrB_IndexUnaryOp_new(NULL, scaled_row, GrB_FP64, GrB_FP64, GrB_FP64),
                 GrB_NULL_POINTER, "GrB_IndexUnaryOp_new", "op");
    expect_error(GrB_IndexUnaryOp_new(&x, NULL, GrB_FP64, GrB_FP64, GrB_FP64), GrB_NULL_POINTER,
                 "GrB_IndexUnaryOp_new", "f");
    expect_error(GrB_IndexUnaryOp_new(&x, scaled_row, GrB_FP64, NULL, GrB_FP64), GrB_NULL_POINTER,
                 "GrB_IndexUnaryOp_new", "xtype");
    expect_error(GxB_IndexUnaryOp_new(&x, scaled_row, stale, GrB_FP64, GrB_FP64, "s", NULL),
                 GrB_UNINITIALIZED_OBJECT, "GxB_IndexUnaryOp_new", "ztype");
    assert_ptr_equal(x, SENTINEL);
    assert_int_equal(GrB_IndexUnaryOp_new(&x, scaled_row, GrB_FP64, GrB_FP64, GrB_FP64),
                     GrB_SUCCESS);
    double r;
    x->f(&r, &(double){2.5}, 4, 9, &(double){1});
    assert_true(r == 11);
    assert_int_equal(GrB_IndexUnaryOp_free(&x), GrB_SUCCESS);

    assert_int_equal(GrB_Type_free(&ct), GrB_SUCCESS);
}

/* ---- monoids --------------------------------------------------------------------------------- */

static void test_monoid_new(void **state)
{
    (void)state;
    GrB_Monoid m = SENTINEL;
    expect_error(GrB_Monoid_new_INT32(NULL, GrB_PLUS_INT32, 0), GrB_NULL_POINTER,
                 "GrB_Monoid_new_INT32", "monoid");
    expect_error(GrB_Monoid_new_INT32(&m, NULL, 0), GrB_NULL_POINTER, "GrB_Monoid_new_INT32", "op");
    expect_error(GrB_Monoid_new_UDT(&m, GrB_PLUS_INT32, NULL), GrB_NULL_POINTER,
                 "GrB_Monoid_new_UDT", "identity");
    /* the identity's C type must be the operator's type */
    expect_error(GrB_Monoid_new_INT64(&m, GrB_PLUS_INT32, 0), GrB_DOMAIN_MISMATCH,
                 "GrB_Monoid_new_INT64", "identity");
    expect_error(GrB_Monoid_new_FP64(&m, GrB_PLUS_FP32, 0), GrB_DOMAIN_MISMATCH,
                 "GrB_Monoid_new_FP64", "identity");
    expect_error(GrB_Monoid_new_UDT(&m, GrB_PLUS_FP64, &(double){0}), GrB_DOMAIN_MISMATCH,
                 "GrB_Monoid_new_UDT", "identity");
    /* ztype, xtype and ytype must agree */
    expect_error(GrB_Monoid_new_BOOL(&m, GrB_EQ_INT32, false), GrB_DOMAIN_MISMATCH,
                 "GrB_Monoid_new_BOOL", "op");
    expect_error(GrB_Monoid_new_INT32(&m, (GrB_BinaryOp)GrB_INT32, 0), GrB_UNINITIALIZED_OBJECT,
                 "GrB_Monoid_new_INT32", "op");
    assert_ptr_equal(m, SENTINEL);

    /* every typed constructor, with the PLUS operator of its type (LOR for BOOL) */
#define TRY(T, E, ...)                                                                             \
    {                                                                                              \
        GrB_BinaryOp op = GrB_##T##_CODE == GrB_BOOL_CODE ? GrB_LOR : GrB_PLUS_##T;                \
        E id = (E)1;                                                                               \
        assert_int_equal(GrB_Monoid_new_##T(&m, op, id), GrB_SUCCESS);                             \
        assert_ptr_equal(m->op, op);                                                               \
        assert_memory_equal(m->identity, &id, sizeof(E));                                          \
        assert_false(m->h.builtin);                                                                \
        assert_int_equal(GrB_Monoid_free(&m), GrB_SUCCESS);                                        \
        assert_null(m);                                                                            \
    }
    GxG_BUILTIN_TYPES(TRY)
#undef TRY
    /* EQ on BOOL is a valid monoid operator (it is LXNOR) */
    assert_int_equal(GrB_Monoid_new_BOOL(&m, GrB_EQ_BOOL, true), GrB_SUCCESS);
    assert_int_equal(GrB_Monoid_free(&m), GrB_SUCCESS);

    /* a user type: the identity is copied with the type's size */
    GrB_Type ct = NULL;
    GrB_BinaryOp add = NULL;
    assert_int_equal(GrB_Type_new(&ct, sizeof(complex_t)), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&add, cadd, ct, ct, ct), GrB_SUCCESS);
    expect_error(GrB_Monoid_new_FP64(&m, add, 0), GrB_DOMAIN_MISMATCH, "GrB_Monoid_new_FP64",
                 "identity");
    complex_t zero = {0, 0};
    assert_int_equal(GrB_Monoid_new_UDT(&m, add, &zero), GrB_SUCCESS);
    zero.re = 99;
    const complex_t *id = m->identity;
    assert_true(id->re == 0 && id->im == 0);
    assert_int_equal((uintptr_t)m->identity % _Alignof(max_align_t), 0);
    complex_t sum;
    m->op->f(&sum, m->identity, &(complex_t){1.5, -2});
    assert_true(sum.re == 1.5 && sum.im == -2);

    /* a freed operator */
    GrB_BinaryOp stale = add;
    assert_int_equal(GrB_BinaryOp_free(&add), GrB_SUCCESS);
    GrB_Monoid m2 = SENTINEL;
    expect_error(GrB_Monoid_new_UDT(&m2, stale, &zero), GrB_UNINITIALIZED_OBJECT,
                 "GrB_Monoid_new_UDT", "op");
    assert_ptr_equal(m2, SENTINEL);
    assert_int_equal(GrB_Monoid_free(&m), GrB_SUCCESS);
    assert_int_equal(GrB_Type_free(&ct), GrB_SUCCESS);
}

/* ---- built-in monoids and semirings ---------------------------------------------------------- */

/* Every predefined binary operator and monoid by name, from the public header's lists. */
typedef struct {
    const char *name;
    const void *const *handle;
} named;
#define NAMED(name) {#name, (const void *const *)&name},
static const named BINOPS[] = {GxG_BINARY_OPS(NAMED)};
static const named MONOIDS[] = {GxG_MONOIDS(NAMED)};
static const named SEMIRINGS[] = {GxG_SEMIRINGS(NAMED)};
#undef NAMED
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const void *lookup(const named *list, size_t n, const char *name)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(list[k].name, name) == 0) return *list[k].handle;
    fail_msg("no predefined object %s", name);
    return NULL;
}

static bool is_logical(const char *op)
{
    return !strcmp(op, "LOR") || !strcmp(op, "LAND") || !strcmp(op, "LXOR") || !strcmp(op, "LXNOR");
}

/* The operator GrB_<op>_<T>, or GrB_<op> for the Boolean logical operators. */
static GrB_BinaryOp binop_named(const char *op, const tinfo *t)
{
    char name[64];
    if (is_logical(op)) {
        assert_true(t->is_bool);
        snprintf(name, sizeof(name), "GrB_%s", op);
    } else {
        snprintf(name, sizeof(name), "GrB_%s_%s", op, t->suffix);
    }
    return (GrB_BinaryOp)lookup(BINOPS, COUNT(BINOPS), name);
}

/* The identity a built-in monoid must have, from its operator's name. */
static tval expected_identity(const char *op, const tinfo *t)
{
    if (!strcmp(op, "PLUS") || !strcmp(op, "LOR") || !strcmp(op, "LXOR"))
        return t->is_fp ? fval(0) : ival(0);
    if (!strcmp(op, "TIMES") || !strcmp(op, "LAND") || !strcmp(op, "LXNOR"))
        return t->is_fp ? fval(1) : ival(1);
    if (!strcmp(op, "MIN")) return t->is_fp ? fval(INFINITY) : ival(int_max(t));
    if (!strcmp(op, "MAX")) return t->is_fp ? fval(-INFINITY) : ival(int_min(t));
    fail_msg("no identity for %s", op);
    return ival(0);
}

static bool same_value(tval a, tval b)
{
    return tval_equal(a, b) || (a.is_fp && b.is_fp && a.f == 0 && b.f == 0);
}

static void test_builtin_monoids(void **state)
{
    (void)state;
    assert_int_equal(COUNT(MONOIDS), 44);
    for (size_t k = 0; k < COUNT(MONOIDS); k++) {
        const char *name = MONOIDS[k].name;
        GrB_Monoid m = (GrB_Monoid)*MONOIDS[k].handle;
        assert_int_equal(GG_check_object(m, GG_KIND_MONOID), GrB_SUCCESS);
        assert_true(m->h.builtin);
        assert_string_equal(m->h.name, name);
        /* GrB_<OP>_MONOID_<T> */
        char op[32];
        const char *mid = strstr(name, "_MONOID_");
        assert_non_null(mid);
        snprintf(op, sizeof(op), "%.*s", (int)(mid - name - 4), name + 4);
        const tinfo *t = tinfo_of_suffix(mid + 8);
        assert_non_null(t);
        assert_ptr_equal(m->op, binop_named(op, t));
        tval id = tload(t, m->identity);
        if (!tval_equal(id, expected_identity(op, t))) fail_msg("%s: wrong identity", name);
        /* and it is an identity: id op x == x op id == x */
        tval xs[MAX_SAMPLES];
        int n = sample_values(t, xs);
        for (int s = 0; s < n; s++) {
            if (xs[s].is_fp && isnan(xs[s].f)) continue;
            unsigned char xb[8], zb[8];
            tstore(t, xb, xs[s]);
            m->op->f(zb, m->identity, xb);
            if (!same_value(tload(t, zb), xs[s])) fail_msg("%s: id op x != x", name);
            m->op->f(zb, xb, m->identity);
            if (!same_value(tload(t, zb), xs[s])) fail_msg("%s: x op id != x", name);
        }
    }
}

/* c = add_k (a[k] mul b[k]) from the semiring's parts, starting at the monoid's identity. */
static void semiring_dot(GrB_Semiring s, const void *a, const void *b, int n, void *c)
{
    size_t xs = s->mul->xtype->size, ys = s->mul->ytype->size, zs = s->mul->ztype->size;
    unsigned char t[64];
    memcpy(c, s->add->identity, zs);
    for (int k = 0; k < n; k++) {
        s->mul->f(t, (const char *)a + k * xs, (const char *)b + k * ys);
        s->add->op->f(c, c, t);
    }
}

static void test_builtin_semirings(void **state)
{
    (void)state;
    assert_int_equal(COUNT(SEMIRINGS), 124);
    for (size_t k = 0; k < COUNT(SEMIRINGS); k++) {
        const char *name = SEMIRINGS[k].name;
        GrB_Semiring s = (GrB_Semiring)*SEMIRINGS[k].handle;
        assert_int_equal(GG_check_object(s, GG_KIND_SEMIRING), GrB_SUCCESS);
        assert_true(s->h.builtin);
        assert_string_equal(s->h.name, name);
        /* GrB_<ADD>_<MUL>_SEMIRING_<T> is GrB_<ADD>_MONOID_<T> with GrB_<MUL>_<T> */
        char add[32], mul[32], monoid[64];
        const char *mid = strstr(name, "_SEMIRING_");
        const char *sep = strchr(name + 4, '_');
        assert_non_null(mid);
        snprintf(add, sizeof(add), "%.*s", (int)(sep - name - 4), name + 4);
        snprintf(mul, sizeof(mul), "%.*s", (int)(mid - sep - 1), sep + 1);
        const tinfo *t = tinfo_of_suffix(mid + 10);
        assert_non_null(t);
        snprintf(monoid, sizeof(monoid), "GrB_%s_MONOID_%s", add, t->suffix);
        assert_ptr_equal(s->add, lookup(MONOIDS, COUNT(MONOIDS), monoid));
        assert_ptr_equal(s->mul, binop_named(mul, t));
        assert_ptr_equal(s->add->op->ztype, s->mul->ztype);
    }

    /* composition, spelled out */
    int32_t ai[3] = {1, 5, 2}, bi[3] = {4, 1, 9}, ci;
    semiring_dot(GrB_MIN_PLUS_SEMIRING_INT32, ai, bi, 3, &ci);
    assert_int_equal(ci, 5);
    semiring_dot(GrB_MAX_PLUS_SEMIRING_INT32, ai, bi, 3, &ci);
    assert_int_equal(ci, 11);
    semiring_dot(GrB_PLUS_TIMES_SEMIRING_INT32, ai, bi, 3, &ci);
    assert_int_equal(ci, 27);
    semiring_dot(GrB_MIN_FIRST_SEMIRING_INT32, ai, bi, 3, &ci);
    assert_int_equal(ci, 1);
    semiring_dot(GrB_MAX_SECOND_SEMIRING_INT32, ai, bi, 3, &ci);
    assert_int_equal(ci, 9);
    semiring_dot(GrB_PLUS_TIMES_SEMIRING_INT32, ai, bi, 0, &ci);
    assert_int_equal(ci, 0);
    uint8_t au[3] = {1, 5, 2}, bu[3] = {4, 1, 9}, cu;
    semiring_dot(GrB_MAX_MIN_SEMIRING_UINT8, au, bu, 3, &cu);
    assert_int_equal(cu, 2);
    semiring_dot(GrB_MIN_MAX_SEMIRING_UINT8, au, bu, 3, &cu);
    assert_int_equal(cu, 4);
    semiring_dot(GrB_PLUS_MIN_SEMIRING_UINT8, au, bu, 3, &cu);
    assert_int_equal(cu, 4);
    semiring_dot(GrB_MIN_TIMES_SEMIRING_UINT8, au, bu, 0, &cu);
    assert_int_equal(cu, UINT8_MAX);
    double ad[2] = {0.5, -2}, bd[2] = {4, 3}, cd;
    semiring_dot(GrB_PLUS_TIMES_SEMIRING_FP64, ad, bd, 2, &cd);
    assert_true(cd == -4);
    semiring_dot(GrB_MAX_TIMES_SEMIRING_FP64, ad, bd, 2, &cd);
    assert_true(cd == 2);
    semiring_dot(GrB_MIN_PLUS_SEMIRING_FP64, ad, bd, 0, &cd);
    assert_true(cd == INFINITY);
    bool ab[3] = {true, false, true}, bb[3] = {false, true, true}, cb;
    semiring_dot(GrB_LOR_LAND_SEMIRING_BOOL, ab, bb, 3, &cb);
    assert_true(cb);
    semiring_dot(GrB_LOR_LAND_SEMIRING_BOOL, ab, bb, 2, &cb);
    assert_false(cb);
    semiring_dot(GrB_LAND_LOR_SEMIRING_BOOL, ab, bb, 3, &cb);
    assert_true(cb);
    semiring_dot(GrB_LXOR_LAND_SEMIRING_BOOL, ab, bb, 3, &cb);
    assert_true(cb);
    semiring_dot(GrB_LXNOR_LOR_SEMIRING_BOOL, ab, bb, 3, &cb);
    assert_true(cb);
}

static void test_semiring_new(void **state)
{
    (void)state;
    GrB_Semiring s = SENTINEL;
    expect_error(GrB_Semiring_new(NULL, GrB_PLUS_MONOID_FP64, GrB_TIMES_FP64), GrB_NULL_POINTER,
                 "GrB_Semiring_new", "semiring");
    expect_error(GrB_Semiring_new(&s, NULL, GrB_TIMES_FP64), GrB_NULL_POINTER, "GrB_Semiring_new",
                 "add");
    expect_error(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, NULL), GrB_NULL_POINTER,
                 "GrB_Semiring_new", "mul");
    expect_error(GrB_Semiring_new(&s, (GrB_Monoid)GrB_PLUS_FP64, GrB_TIMES_FP64),
                 GrB_UNINITIALIZED_OBJECT, "GrB_Semiring_new", "add");
    /* the multiplier's ztype must be the monoid's type */
    expect_error(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, GrB_TIMES_FP32), GrB_DOMAIN_MISMATCH,
                 "GrB_Semiring_new", "mul");
    expect_error(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, GrB_EQ_FP64), GrB_DOMAIN_MISMATCH,
                 "GrB_Semiring_new", "mul");
    assert_ptr_equal(s, SENTINEL);
    /* only ztype matters: a comparison under LOR */
    assert_int_equal(GrB_Semiring_new(&s, GrB_LOR_MONOID_BOOL, GrB_EQ_FP64), GrB_SUCCESS);
    assert_false(s->h.builtin);
    double a[2] = {1, 2}, b[2] = {3, 2};
    bool c;
    semiring_dot(s, a, b, 2, &c);
    assert_true(c);
    assert_int_equal(GrB_Semiring_free(&s), GrB_SUCCESS);

    /* a user semiring over a user type */
    GrB_Type ct = NULL;
    GrB_BinaryOp add = NULL, mul = NULL;
    GrB_Monoid plus = NULL;
    assert_int_equal(GrB_Type_new(&ct, sizeof(complex_t)), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&add, cadd, ct, ct, ct), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&mul, cmul, ct, ct, ct), GrB_SUCCESS);
    assert_int_equal(GrB_Monoid_new_UDT(&plus, add, &(complex_t){0, 0}), GrB_SUCCESS);
    expect_error(GrB_Semiring_new(&s, GrB_PLUS_MONOID_FP64, mul), GrB_DOMAIN_MISMATCH,
                 "GrB_Semiring_new", "mul");
    assert_int_equal(GrB_Semiring_new(&s, plus, mul), GrB_SUCCESS);
    complex_t x[2] = {{1, 1}, {0, 2}}, y[2] = {{1, -1}, {3, 0}}, z;
    semiring_dot(s, x, y, 2, &z);
    assert_true(z.re == 2 && z.im == 6);
    GrB_Monoid stale = plus;
    assert_int_equal(GrB_Monoid_free(&plus), GrB_SUCCESS);
    GrB_Semiring s2 = SENTINEL;
    expect_error(GrB_Semiring_new(&s2, stale, mul), GrB_UNINITIALIZED_OBJECT, "GrB_Semiring_new",
                 "add");
    assert_ptr_equal(s2, SENTINEL);
    assert_int_equal(GrB_Semiring_free(&s), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_free(&add), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_free(&mul), GrB_SUCCESS);
    assert_int_equal(GrB_Type_free(&ct), GrB_SUCCESS);
}

/* ---- free and wait on every algebraic kind --------------------------------------------------- */

static void noop1(void *z, const void *x)
{
    (void)z;
    (void)x;
}

static void noop2(void *z, const void *x, const void *y)
{
    (void)z;
    (void)x;
    (void)y;
}

static void noop_idx(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)z;
    (void)x;
    (void)i;
    (void)j;
    (void)y;
}

/* K: the kind; BUILTIN: one predefined object; MAKE: creates a user object in `obj`. */
#define CHECK_FREE_WAIT(K, BUILTIN, MAKE)                                                          \
    {                                                                                              \
        GrB_##K obj = BUILTIN, keep = BUILTIN;                                                     \
        assert_int_equal(GrB_##K##_free(&obj), GrB_SUCCESS);                                       \
        assert_ptr_equal(obj, keep);                                                               \
        assert_int_equal(GrB_##K##_wait(obj, GrB_COMPLETE), GrB_SUCCESS);                          \
        assert_int_equal(GrB_##K##_free(NULL), GrB_SUCCESS);                                       \
        obj = NULL;                                                                                \
        assert_int_equal(GrB_##K##_free(&obj), GrB_SUCCESS);                                       \
        expect_error(GrB_##K##_wait(NULL, GrB_COMPLETE), GrB_NULL_POINTER, "GrB_" #K "_wait",      \
                     "object");                                                                    \
        assert_int_equal(MAKE, GrB_SUCCESS);                                                       \
        assert_int_equal(GrB_##K##_wait(obj, GrB_COMPLETE), GrB_SUCCESS);                          \
        assert_int_equal(GrB_##K##_wait(obj, GrB_MATERIALIZE), GrB_SUCCESS);                       \
        expect_error(GrB_##K##_wait(obj, (GrB_WaitMode)7), GrB_INVALID_VALUE, "GrB_" #K "_wait",   \
                     "mode");                                                                      \
        GrB_##K stale = obj;                                                                       \
        assert_int_equal(GrB_##K##_free(&obj), GrB_SUCCESS);                                       \
        assert_null(obj);                                                                          \
        expect_error(GrB_##K##_free(&stale), GrB_UNINITIALIZED_OBJECT, "GrB_" #K "_free",          \
                     "object");                                                                    \
        assert_non_null(stale);                                                                    \
        expect_error(GrB_##K##_wait(stale, GrB_COMPLETE), GrB_UNINITIALIZED_OBJECT,                \
                     "GrB_" #K "_wait", "object");                                                 \
    }

static void test_free_wait(void **state)
{
    (void)state;
    CHECK_FREE_WAIT(Type, GrB_FP32, GrB_Type_new(&obj, 8))
    CHECK_FREE_WAIT(UnaryOp, GrB_AINV_INT8, GrB_UnaryOp_new(&obj, noop1, GrB_INT8, GrB_INT8))
    CHECK_FREE_WAIT(BinaryOp, GrB_LOR,
                    GrB_BinaryOp_new(&obj, noop2, GrB_BOOL, GrB_BOOL, GrB_BOOL))
    CHECK_FREE_WAIT(IndexUnaryOp, GrB_TRIL,
                    GrB_IndexUnaryOp_new(&obj, noop_idx, GrB_BOOL, GrB_FP64, GrB_INT64))
    CHECK_FREE_WAIT(Monoid, GrB_MIN_MONOID_FP64, GrB_Monoid_new_FP64(&obj, GrB_MAX_FP64, 0.0))
    CHECK_FREE_WAIT(Semiring, GrB_MIN_PLUS_SEMIRING_INT64,
                    GrB_Semiring_new(&obj, GrB_PLUS_MONOID_INT64, GrB_TIMES_INT64))
    /* a handle of the wrong kind */
    GrB_Type not_a_type = (GrB_Type)GrB_PLUS_MONOID_INT64;
    expect_error(GrB_Type_free(&not_a_type), GrB_UNINITIALIZED_OBJECT, "GrB_Type_free", "object");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_types),   cmocka_unit_test(test_type_new),
        cmocka_unit_test(test_op_new),          cmocka_unit_test(test_monoid_new),
        cmocka_unit_test(test_builtin_monoids), cmocka_unit_test(test_builtin_semirings),
        cmocka_unit_test(test_semiring_new),    cmocka_unit_test(test_free_wait),
    };
    return cmocka_run_group_tests(tests, grb_setup, grb_teardown);
}
