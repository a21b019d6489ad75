/* test_ops_errors.c: every API error class on every operation function of the spec, through the
 * operation catalogue: NULL, freed, never-created and wrong-kind handles, invalid descriptors,
 * domain and dimension mismatches, out-of-range scalar indices, index lists out of bounds, empty
 * scalars. Each case expects the exact GrB_Info, a message that starts with the function's name,
 * and every output of the fixture untouched (same entries, same values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "op_catalog.h"

/* ---- fixture: the valid arguments, and spoiled replacements for each class ------------------- */

static op_fixture F;

static struct {
    GrB_Matrix matrix;
    GrB_Vector vector;
    GrB_Scalar scalar;
    GrB_BinaryOp binop;
    GrB_UnaryOp unop;
    GrB_IndexUnaryOp idxop;
    GrB_Monoid monoid;
    GrB_Semiring semiring;
    GrB_Descriptor desc;
} stale; /* handles whose objects were freed */

static _Alignas(64) unsigned char never_created[4096]; /* zero bytes: no object ever lived here */

static GrB_Type udt2;                                 /* a second user-defined type */
static GrB_Matrix C_u2, CK_u2, A_u2, B_u2, M_udt, MK_udt, M_bad, MK_bad, A_bad;
static GrB_Vector w_u2, u_u2, v_u2, m_udt, m_bad, u_bad;
static GrB_Scalar s_u2, x_u2, x_empty;
static GrB_BinaryOp accum_bad;                        /* FP64 = f(UDT2, UDT2): fits no output */
static const GrB_Index I_bad[OP_N] = {0, 1, 2, 99};

static void fp64_neg(void *z, const void *x)
{
    *(double *)z = -*(const double *)x;
}
static void fp64_add(void *z, const void *x, const void *y)
{
    *(double *)z = *(const double *)x + *(const double *)y;
}
static void fp64_gt(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)i;
    (void)j;
    *(bool *)z = *(const double *)x > *(const double *)y;
}

#define OK(call) assert_int_equal((call), GrB_SUCCESS)

static void make_stale(void)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, OP_N, OP_N));
    stale.matrix = A;
    OK(GrB_Matrix_free(&A));
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_FP64, OP_N));
    stale.vector = v;
    OK(GrB_Vector_free(&v));
    GrB_Scalar s;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    stale.scalar = s;
    OK(GrB_Scalar_free(&s));
    GrB_UnaryOp u;
    OK(GrB_UnaryOp_new(&u, fp64_neg, GrB_FP64, GrB_FP64));
    stale.unop = u;
    OK(GrB_UnaryOp_free(&u));
    GrB_IndexUnaryOp x;
    OK(GrB_IndexUnaryOp_new(&x, fp64_gt, GrB_BOOL, GrB_FP64, GrB_FP64));
    stale.idxop = x;
    OK(GrB_IndexUnaryOp_free(&x));
    GrB_BinaryOp b;
    OK(GrB_BinaryOp_new(&b, fp64_add, GrB_FP64, GrB_FP64, GrB_FP64));
    GrB_Monoid mo;
    OK(GrB_Monoid_new_FP64(&mo, b, 0.0));
    GrB_Semiring sr;
    OK(GrB_Semiring_new(&sr, mo, b));
    stale.semiring = sr;
    stale.monoid = mo;
    stale.binop = b;
    OK(GrB_Semiring_free(&sr));
    OK(GrB_Monoid_free(&mo));
    OK(GrB_BinaryOp_free(&b));
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    stale.desc = d;
    OK(GrB_Descriptor_free(&d));
}

static int setup(void **state)
{
    (void)state;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS || op_fixture_new(&F) != GrB_SUCCESS) return -1;
    make_stale();
    GrB_Type ut = F.udt_type;
    OK(GrB_Type_new(&udt2, sizeof(op_udt)));
    OK(GrB_Matrix_new(&C_u2, udt2, OP_N, OP_N));
    OK(GrB_Matrix_new(&CK_u2, udt2, OP_N * OP_N, OP_N * OP_N));
    OK(GrB_Matrix_new(&A_u2, udt2, OP_N, OP_N));
    OK(GrB_Matrix_new(&B_u2, udt2, OP_N, OP_N));
    OK(GrB_Matrix_new(&M_udt, ut, OP_N, OP_N));
    OK(GrB_Matrix_new(&MK_udt, ut, OP_N * OP_N, OP_N * OP_N));
    OK(GrB_Matrix_new(&M_bad, GrB_BOOL, OP_N - 1, OP_N - 1));
    OK(GrB_Matrix_new(&MK_bad, GrB_BOOL, OP_N - 1, OP_N - 1));
    OK(GrB_Matrix_new(&A_bad, GrB_FP64, OP_N - 1, OP_N - 1));
    OK(GrB_Vector_new(&w_u2, udt2, OP_N));
    OK(GrB_Vector_new(&u_u2, udt2, OP_N));
    OK(GrB_Vector_new(&v_u2, udt2, OP_N));
    OK(GrB_Vector_new(&m_udt, ut, OP_N));
    OK(GrB_Vector_new(&m_bad, GrB_BOOL, OP_N - 1));
    OK(GrB_Vector_new(&u_bad, GrB_FP64, OP_N - 1));
    OK(GrB_Scalar_new(&s_u2, udt2));
    OK(GrB_Scalar_new(&x_u2, udt2));
    OK(GrB_Scalar_setElement_UDT(x_u2, &F.udt_value));
    OK(GrB_Scalar_new(&x_empty, GrB_FP64));
    OK(GrB_BinaryOp_new(&accum_bad, fp64_add, GrB_FP64, udt2, udt2));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    GrB_Matrix *mats[] = {&C_u2, &CK_u2, &A_u2, &B_u2, &M_udt, &MK_udt, &M_bad, &MK_bad, &A_bad};
    GrB_Vector *vecs[] = {&w_u2, &u_u2, &v_u2, &m_udt, &m_bad, &u_bad};
    GrB_Scalar *scals[] = {&s_u2, &x_u2, &x_empty};
    for (size_t k = 0; k < sizeof mats / sizeof mats[0]; k++) GrB_Matrix_free(mats[k]);
    for (size_t k = 0; k < sizeof vecs / sizeof vecs[0]; k++) GrB_Vector_free(vecs[k]);
    for (size_t k = 0; k < sizeof scals / sizeof scals[0]; k++) GrB_Scalar_free(scals[k]);
    GrB_BinaryOp_free(&accum_bad);
    GrB_Type_free(&udt2);
    op_fixture_free(&F);
    GrB_finalize();
    return 0;
}

/* ---- the outputs must stay as they were ------------------------------------------------------ */

/* Room for a full Kronecker output: valid calls may fill the outputs. */
#define SNAP_MAX (OP_N * OP_N * OP_N * OP_N)
typedef struct {
    GrB_Index n, row[SNAP_MAX], col[SNAP_MAX];
    op_udt x[SNAP_MAX];
} snap;

static void snap_matrix(snap *s, GrB_Matrix A, bool udt)
{
    memset(s, 0, sizeof *s);
    s->n = SNAP_MAX;
    double d[SNAP_MAX] = {0};
    OK(udt ? GrB_Matrix_extractTuples_UDT(s->row, s->col, s->x, &s->n, A)
           : GrB_Matrix_extractTuples_FP64(s->row, s->col, d, &s->n, A));
    for (GrB_Index k = 0; !udt && k < s->n; k++) s->x[k].a = d[k];
}

static void snap_vector(snap *s, GrB_Vector v, bool udt)
{
    memset(s, 0, sizeof *s);
    s->n = SNAP_MAX;
    double d[SNAP_MAX] = {0};
    OK(udt ? GrB_Vector_extractTuples_UDT(s->row, s->x, &s->n, v)
           : GrB_Vector_extractTuples_FP64(s->row, d, &s->n, v));
    for (GrB_Index k = 0; !udt && k < s->n; k++) s->x[k].a = d[k];
}

static struct {
    snap C, w, CK, CU, wU;
    double s, cout;
} before;

static void snapshot(snap *C, snap *w, snap *CK, snap *CU, snap *wU, double *s)
{
    snap_matrix(C, F.a.C, false);
    snap_vector(w, F.a.w, false);
    snap_matrix(CK, F.a.CK, false);
    snap_matrix(CU, F.a.CU, true);
    snap_vector(wU, F.a.wU, true);
    OK(GrB_Scalar_extractElement_FP64(s, F.a.s));
}

static void take_snapshot(void)
{
    snapshot(&before.C, &before.w, &before.CK, &before.CU, &before.wU, &before.s);
    before.cout = F.cout.d;
}

static void expect_untouched(const char *name, const char *what)
{
    snap C, w, CK, CU, wU;
    double s;
    snapshot(&C, &w, &CK, &CU, &wU, &s);
    const snap *now[] = {&C, &w, &CK, &CU, &wU};
    const snap *was[] = {&before.C, &before.w, &before.CK, &before.CU, &before.wU};
    for (size_t k = 0; k < 5; k++) {
        if (memcmp(now[k], was[k], sizeof(snap)) != 0)
            fail_msg("%s (%s): an output changed after an error", name, what);
    }
    if (s != before.s || F.cout.d != before.cout)
        fail_msg("%s (%s): a scalar output changed after an error", name, what);
}

/* ---- running a class over the catalogue ------------------------------------------------------ */

/* Calls every entry that has one of the flags in `any` (all entries when 0) and none of `none`,
 * with the fixture's arguments changed by `spoil`, and expects `want`. */
static void run_class(const char *what, unsigned any, unsigned none, void (*spoil)(op_args *),
                      GrB_Info want)
{
    take_snapshot();
    int checked = 0;
    for (size_t k = 0; k < op_catalog_len; k++) {
        const op_entry *e = &op_catalog[k];
        if ((any != 0 && (e->flags & any) == 0) || (e->flags & none) != 0) continue;
        op_args a = F.a;
        spoil(&a);
        GrB_Info got = e->call(&a);
        if (got != want)
            fail_msg("%s (%s): returned %d, expected %d; message: %s", e->name, what, (int)got,
                     (int)want, GxG_last_error());
        const char *msg = GxG_last_error();
        size_t len = strlen(e->name);
        if (strncmp(msg, e->name, len) != 0 || msg[len] != ':')
            fail_msg("%s (%s): the message does not name the function: %s", e->name, what, msg);
        expect_untouched(e->name, what);
        checked++;
    }
    assert_true(checked > 0);
}

/* Like run_class, but the call is valid: it must succeed or report GrB_NOT_IMPLEMENTED. Only
 * entries whose name contains `name_part` (when not NULL) take part. */
static void run_valid(const char *what, unsigned any, unsigned none, const char *name_part,
                      void (*spoil)(op_args *))
{
    int checked = 0;
    for (size_t k = 0; k < op_catalog_len; k++) {
        const op_entry *e = &op_catalog[k];
        if ((any != 0 && (e->flags & any) == 0) || (e->flags & none) != 0) continue;
        if (name_part != NULL && strstr(e->name, name_part) == NULL) continue;
        op_args a = F.a;
        spoil(&a);
        GrB_Info got = e->call(&a);
        if (got != GrB_SUCCESS && got != GrB_NOT_IMPLEMENTED)
            fail_msg("%s (%s): valid call returned %d: %s", e->name, what, (int)got,
                     GxG_last_error());
        checked++;
    }
    assert_true(checked > 0);
}

#define ANY_INPUT (OP_IN | OP_IN_SCALAR | OP_IN_PTR)

/* ---- NULL, freed, never-created and wrong-kind handles ------------------------------------ */

static void null_outputs(op_args *a)
{
    a->C = a->CK = a->CU = NULL;
    a->w = a->wU = NULL;
    a->s = NULL;
    a->cout = NULL;
}
static void stale_outputs(op_args *a)
{
    a->C = a->CK = a->CU = stale.matrix;
    a->w = a->wU = stale.vector;
    a->s = stale.scalar;
}
static void fake_outputs(op_args *a)
{
    a->C = a->CK = a->CU = (GrB_Matrix)never_created;
    a->w = a->wU = (GrB_Vector)never_created;
    a->s = (GrB_Scalar)never_created;
}
static void null_operators(op_args *a)
{
    a->Semiring = NULL;
    a->Monoid = NULL;
    a->BinaryOp = NULL;
    a->UnaryOp = NULL;
    a->IndexUnaryOp = NULL;
}
static void stale_operators(op_args *a)
{
    a->Semiring = stale.semiring;
    a->Monoid = stale.monoid;
    a->BinaryOp = stale.binop;
    a->UnaryOp = stale.unop;
    a->IndexUnaryOp = stale.idxop;
}
/* A live object of another kind where an operator belongs. */
static void wrong_kind_operators(op_args *a)
{
    void *other = F.a.A;
    a->Semiring = other;
    a->Monoid = other;
    a->BinaryOp = other;
    a->UnaryOp = other;
    a->IndexUnaryOp = other;
}
static void null_inputs(op_args *a)
{
    a->A = a->B = NULL;
    a->u = a->v = NULL;
    a->x = NULL;
    a->udt = NULL;
}
static void stale_inputs(op_args *a)
{
    a->A = a->B = stale.matrix;
    a->u = a->v = stale.vector;
    a->x = stale.scalar;
}
static void fake_inputs(op_args *a)
{
    a->A = a->B = (GrB_Matrix)never_created;
    a->u = a->v = (GrB_Vector)never_created;
    a->x = (GrB_Scalar)never_created;
}
static void stale_masks(op_args *a)
{
    a->M = a->MK = stale.matrix;
    a->m = stale.vector;
}
static void wrong_kind_masks(op_args *a)
{
    a->M = a->MK = (GrB_Matrix)F.a.w;
    a->m = (GrB_Vector)F.a.C;
}
static void stale_accum(op_args *a)
{
    a->accum = stale.binop;
}
static void stale_desc(op_args *a)
{
    a->desc = stale.desc;
}
static void fake_desc(op_args *a)
{
    a->desc = (GrB_Descriptor)never_created;
}
static void wrong_kind_desc(op_args *a)
{
    a->desc = (GrB_Descriptor)F.a.A;
}
static void null_index_lists(op_args *a)
{
    a->I = a->J = NULL;
}

static void test_null_output(void **state)
{
    (void)state;
    run_class("NULL output", 0, 0, null_outputs, GrB_NULL_POINTER);
}
static void test_freed_output(void **state)
{
    (void)state;
    run_class("freed output", 0, OP_OUT_C, stale_outputs, GrB_UNINITIALIZED_OBJECT);
    run_class("never-created output", 0, OP_OUT_C, fake_outputs, GrB_UNINITIALIZED_OBJECT);
}
static void test_bad_operator(void **state)
{
    (void)state;
    run_class("NULL operator", 0, OP_NO_OP, null_operators, GrB_NULL_POINTER);
    run_class("freed operator", 0, OP_NO_OP, stale_operators, GrB_UNINITIALIZED_OBJECT);
    run_class("operator of the wrong kind", 0, OP_NO_OP, wrong_kind_operators,
              GrB_UNINITIALIZED_OBJECT);
}
static void test_bad_input(void **state)
{
    (void)state;
    run_class("NULL input", ANY_INPUT, 0, null_inputs, GrB_NULL_POINTER);
    run_class("freed input", OP_IN | OP_IN_SCALAR, 0, stale_inputs, GrB_UNINITIALIZED_OBJECT);
    run_class("never-created input", OP_IN | OP_IN_SCALAR, 0, fake_inputs,
              GrB_UNINITIALIZED_OBJECT);
}
static void test_bad_mask(void **state)
{
    (void)state;
    run_class("freed mask", OP_MASK, 0, stale_masks, GrB_UNINITIALIZED_OBJECT);
    run_class("mask of the wrong kind", OP_MASK, 0, wrong_kind_masks, GrB_UNINITIALIZED_OBJECT);
}
static void test_bad_accum(void **state)
{
    (void)state;
    run_class("freed accum", 0, 0, stale_accum, GrB_UNINITIALIZED_OBJECT);
}
static void test_bad_descriptor(void **state)
{
    (void)state;
    run_class("freed descriptor", 0, 0, stale_desc, GrB_UNINITIALIZED_OBJECT);
    run_class("never-created descriptor", 0, 0, fake_desc, GrB_UNINITIALIZED_OBJECT);
    run_class("descriptor of the wrong kind", 0, 0, wrong_kind_desc, GrB_UNINITIALIZED_OBJECT);
}
static void test_null_index_list(void **state)
{
    (void)state;
    run_class("NULL index list", OP_I | OP_J, 0, null_index_lists, GrB_NULL_POINTER);
}

/* ---- domains ------------------------------------------------------------------------------- */

static void udt_masks(op_args *a)
{
    a->M = M_udt;
    a->MK = MK_udt;
    a->m = m_udt;
}
static void udt_masks_structural(op_args *a)
{
    udt_masks(a);
    a->desc = GrB_DESC_S;
}
static void bad_accum(op_args *a)
{
    a->accum = accum_bad;
}
static void udt_inputs(op_args *a)
{
    a->A = A_u2;
    a->B = B_u2;
    a->u = u_u2;
    a->v = v_u2;
    a->x = x_u2;
}
/* Outputs whose type no result of the fixture casts to; the _UDT assign forms, which need a
 * user-defined output, get a built-in one instead. */
static void mismatched_outputs(op_args *a)
{
    a->C = C_u2;
    a->CK = CK_u2;
    a->w = w_u2;
    a->s = s_u2;
    a->CU = F.a.C;
    a->wU = F.a.w;
}

static void test_mask_domain(void **state)
{
    (void)state;
    run_class("valued mask of a user-defined type", OP_MASK, 0, udt_masks, GrB_DOMAIN_MISMATCH);
}
static void test_accum_domain(void **state)
{
    (void)state;
    run_class("accum of other types", 0, 0, bad_accum, GrB_DOMAIN_MISMATCH);
}
static void test_input_domain(void **state)
{
    (void)state;
    run_class("input of a user-defined type", OP_IN | OP_IN_SCALAR, 0, udt_inputs,
              GrB_DOMAIN_MISMATCH);
}
static void test_output_domain(void **state)
{
    (void)state;
    run_class("output of an incompatible type", 0, OP_OUT_C, mismatched_outputs,
              GrB_DOMAIN_MISMATCH);
}

/* ---- dimensions and indices ---------------------------------------------------------------- */

static void small_masks(op_args *a)
{
    a->M = M_bad;
    a->MK = MK_bad;
    a->m = m_bad;
}
static void small_inputs(op_args *a)
{
    a->A = A_bad;
    a->u = u_bad;
}
static void far_scalar_index(op_args *a)
{
    a->i = a->j = 99;
}
static void far_I(op_args *a)
{
    a->I = I_bad;
}
static void far_J(op_args *a)
{
    a->J = I_bad;
}
static void empty_scalar(op_args *a)
{
    a->x = x_empty;
}

static void test_mask_dimension(void **state)
{
    (void)state;
    run_class("mask of another size", OP_MASK, 0, small_masks, GrB_DIMENSION_MISMATCH);
}
static void test_input_dimension(void **state)
{
    (void)state;
    run_class("input of another size", OP_IN, OP_NO_DIMS, small_inputs, GrB_DIMENSION_MISMATCH);
}
static void test_scalar_index(void **state)
{
    (void)state;
    run_class("scalar index out of range", OP_INDEX_I | OP_INDEX_J, 0, far_scalar_index,
              GrB_INVALID_INDEX);
}
static void test_index_list_bounds(void **state)
{
    (void)state;
    run_class("I entry out of range", OP_I, 0, far_I, GrB_INDEX_OUT_OF_BOUNDS);
    run_class("J entry out of range", OP_J, 0, far_J, GrB_INDEX_OUT_OF_BOUNDS);
}
static void test_empty_scalar(void **state)
{
    (void)state;
    run_class("GrB_Scalar without an entry", OP_NEEDS_VALUE, 0, empty_scalar, GrB_EMPTY_OBJECT);
}

/* ---- valid calls: none of the above may fire ------------------------------------------------ */

static void nothing(op_args *a)
{
    (void)a;
}
static void plus_accum(op_args *a)
{
    a->accum = GrB_PLUS_FP64;
}
static void replace_transposed(op_args *a)
{
    a->desc = GrB_DESC_RSCT0T1;
}
/* A positional index operator never reads its input's values, so their type does not matter;
 * select keeps them, so the output has the input's type. */
static void positional_on_udt(op_args *a)
{
    a->IndexUnaryOp = GrB_TRIL;
    a->A = A_u2;
    a->u = u_u2;
    a->C = C_u2;
    a->w = w_u2;
}

static void test_valid_calls(void **state)
{
    (void)state;
    run_valid("the fixture", 0, 0, NULL, nothing);
    run_valid("accum", 0, OP_OUT_UDT, NULL, plus_accum);
    run_valid("structural mask of a user-defined type", OP_MASK, 0, NULL, udt_masks_structural);
    run_valid("replace, complemented structural mask, both inputs transposed", 0, 0, NULL,
              replace_transposed);
    run_valid("GrB_Scalar without an entry (assign)", OP_IN_SCALAR, OP_NEEDS_VALUE, NULL,
              empty_scalar);
    run_valid("positional operator on a user-defined type", 0, 0, "_select_", positional_on_udt);
}

/* ---- before GrB_init ------------------------------------------------------------------------- */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_output),      cmocka_unit_test(test_freed_output),
        cmocka_unit_test(test_bad_operator),     cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_bad_mask),         cmocka_unit_test(test_bad_accum),
        cmocka_unit_test(test_bad_descriptor),   cmocka_unit_test(test_null_index_list),
        cmocka_unit_test(test_mask_domain),      cmocka_unit_test(test_accum_domain),
        cmocka_unit_test(test_input_domain),     cmocka_unit_test(test_output_domain),
        cmocka_unit_test(test_mask_dimension),   cmocka_unit_test(test_input_dimension),
        cmocka_unit_test(test_scalar_index),     cmocka_unit_test(test_index_list_bounds),
        cmocka_unit_test(test_empty_scalar),     cmocka_unit_test(test_valid_calls),
        
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
