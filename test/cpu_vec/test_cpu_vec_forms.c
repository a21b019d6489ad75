/* test_cpu_vec_forms.c: every vector operation of the CPU backend through the public API, with
 * its vectors (output, inputs, mask) forced into each form (sparse, bitmap, full, iso), against
 * the same call on the same vectors held sparse. The sparse run is the one the semantic and
 * differential suites pin down; agreement makes every form as right as it is. The forms are
 * forced through the store's own calls (GG_vec_host_mut without GG_vec_written keeps the form). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "GG_store.h"
#include "GG_test.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define N 48

static uint64_t state;

static uint64_t rnd(uint64_t k)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return k == 0 ? 0 : (state >> 17) % k;
}

/* A vector of type t: density empty, few, half or all; values in -2 .. 2, or one value (iso). */
static GrB_Vector random_vector(GrB_Type t, GrB_Index n, bool iso)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, t, n));
    int density = (int)rnd(4);
    double one = (double)rnd(5) - 2;
    for (GrB_Index i = 0; i < n; i++) {
        bool has = density == 3 || (density == 2 && rnd(2)) || (density == 1 && rnd(n) < 3);
        if (has) OK(GrB_Vector_setElement_FP64(v, iso ? one : (double)rnd(5) - 2, i));
    }
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return v;
}

/* v's content put into `form` (FULL only when complete, else BITMAP), and made iso when all its
 * values are equal and `iso` asks for it. */
static void force_form(GrB_Vector v, int form, bool iso)
{
    GG_container *c = GG_VEC(v);
    GG_vdata *d;
    OK(GG_vec_host_mut(c, &d));
    if (iso && !d->iso && d->nvals > 0) {
        /* every value equal (random_vector's iso vectors): keep one */
        uint64_t q = 0, k = 0, p = 0;
        assert_true(GG_vdata_next(d, &q, &k, &p));
        bool same = true;
        const void *first = GG_vdata_val(d, p);
        q = 0;
        while (same && GG_vdata_next(d, &q, &k, &p)) same = memcmp(GG_vdata_val(d, p), first, d->size) == 0;
        if (same) {
            GG_vdata z;
            OK(GG_vdata_alloc(&z, d->n, d->size, (GG_vform_kind)d->form,
                              d->form == GG_VF_BITMAP ? d->nvals : d->nvals, true));
            memcpy(z.x, first, d->size);
            if (d->form == GG_VF_SPARSE) memcpy(z.i, d->i, d->nvals * sizeof(uint64_t));
            if (d->form == GG_VF_BITMAP) memcpy(z.b, d->b, d->n);
            GG_vdata_free(d);
            *d = z;
        }
    }
    if (form == GG_VF_FULL && d->nvals != d->n) form = GG_VF_BITMAP;
    OK(GG_vdata_convert(d, (GG_vform_kind)form));
}

static GrB_Vector dup(GrB_Vector v)
{
    GrB_Vector w;
    OK(GrB_Vector_dup(&w, v));
    OK(GrB_Vector_wait(w, GrB_MATERIALIZE));
    GG_vdata *d;
    OK(GG_vec_host_mut(GG_VEC(w), &d));
    OK(GG_vdata_convert(d, GG_VF_SPARSE));
    return w;
}

static bool same_vector(GrB_Vector a, GrB_Vector b)
{
    GrB_Index na, nb, I1[N], I2[N];
    double X1[N], X2[N];
    OK(GrB_Vector_nvals(&na, a));
    OK(GrB_Vector_nvals(&nb, b));
    if (na != nb) return false;
    OK(GrB_Vector_extractTuples_FP64(I1, X1, &na, a));
    OK(GrB_Vector_extractTuples_FP64(I2, X2, &nb, b));
    for (GrB_Index k = 0; k < na; k++)
        if (I1[k] != I2[k] || X1[k] != X2[k]) return false;
    return true;
}

static GrB_Type random_type(void)
{
    GrB_Type t[] = {GrB_BOOL, GrB_INT32, GrB_INT64, GrB_FP64};
    return t[rnd(4)];
}

/* One call on (C, M, A, B) as given; ops listed in case_run. */
typedef struct {
    int op;
    GrB_Descriptor d;
    GrB_BinaryOp accum;
    GrB_Index I[N], ni;
    bool all;
    double scalar;
    GrB_Matrix S;
} call;

static GrB_Info case_run(const call *k, GrB_Vector C, GrB_Vector M, GrB_Vector A, GrB_Vector B)
{
    const GrB_Index *I = k->all ? GrB_ALL : k->I;
    switch (k->op) {
    case 0: return GrB_Vector_assign_FP64(C, M, k->accum, k->scalar, I, k->ni, k->d);
    case 1: return GrB_Vector_assign(C, M, k->accum, A, I, k->ni, k->d);
    case 2: return GrB_Vector_apply(C, M, k->accum, GrB_AINV_FP64, A, k->d);
    case 3: return GrB_Vector_apply_BinaryOp2nd_FP64(C, M, k->accum, GrB_MINUS_INT64, A, k->scalar, k->d);
    case 4: return GrB_Vector_apply_IndexOp_INT64(C, M, k->accum, GrB_ROWINDEX_INT64, A, 1, k->d);
    case 5: return GrB_Vector_select_FP64(C, M, k->accum, GrB_VALUEGT_FP64, A, k->scalar, k->d);
    case 6: return GrB_Vector_eWiseAdd_BinaryOp(C, M, k->accum, GrB_MIN_INT64, A, B, k->d);
    case 7: return GrB_Vector_eWiseMult_BinaryOp(C, M, k->accum, GrB_TIMES_FP64, A, B, k->d);
    case 8: return GrB_Vector_extract(C, M, k->accum, A, I, k->ni, k->d);
    case 9: return GrB_mxv(C, M, k->accum, GrB_PLUS_TIMES_SEMIRING_FP64, k->S, A, k->d);
    case 10: return GrB_vxm(C, M, k->accum, GrB_LOR_LAND_SEMIRING_BOOL, A, k->S, k->d);
    default: return GrB_vxm(C, M, k->accum, GrB_MIN_FIRST_SEMIRING_INT64, A, k->S, k->d);
    }
}

static void test_forms(void **st)
{
    (void)st;
    GrB_Descriptor descs[] = {NULL, GrB_DESC_R, GrB_DESC_C, GrB_DESC_S, GrB_DESC_RC, GrB_DESC_RS,
                              GrB_DESC_SC, GrB_DESC_RSC};
    GrB_BinaryOp accums[] = {NULL, NULL, GrB_PLUS_FP64, GrB_MIN_INT64, GrB_SECOND_BOOL};
    int cases = 0;
    for (uint64_t seed = 1; seed <= 4000; seed++) {
        state = seed;
        call k = {.op = (int)rnd(12), .d = descs[rnd(8)], .accum = accums[rnd(5)],
                  .scalar = (double)rnd(5) - 2};
        /* extract gathers N listed entries, so that the output keeps its dimension */
        k.all = k.op != 8 && rnd(2);
        k.ni = k.all || k.op == 8 ? N : rnd(N);
        for (GrB_Index p = 0; p < k.ni; p++) k.I[p] = rnd(N);
        if (k.op >= 9) {
            OK(GrB_Matrix_new(&k.S, GrB_FP64, N, N));
            for (int e = 0; e < 150; e++) OK(GrB_Matrix_setElement_FP64(k.S, (double)rnd(5) - 2, rnd(N), rnd(N)));
            OK(GrB_Matrix_wait(k.S, GrB_MATERIALIZE));
        }
        bool masked = rnd(3) != 0;
        GrB_Index na = k.op == 1 && !k.all ? k.ni : N;
        GrB_Vector C = random_vector(random_type(), N, rnd(4) == 0);
        GrB_Vector M = masked ? random_vector(random_type(), N, rnd(4) == 0) : NULL;
        GrB_Vector A = random_vector(random_type(), k.op == 8 ? N : na, rnd(4) == 0);
        GrB_Vector B = random_vector(random_type(), N, rnd(4) == 0);
        GrB_Vector C2 = dup(C), M2 = masked ? dup(M) : NULL, A2 = dup(A), B2 = dup(B);
        force_form(C, (int)rnd(3), true);
        if (masked) force_form(M, (int)rnd(3), true);
        force_form(A, (int)rnd(3), true);
        force_form(B, (int)rnd(3), true);
        /* aliasing now and then: the output as an input or as the mask */
        int alias = (int)rnd(6);
        GrB_Vector a = A, a2 = A2, m = M, m2 = M2;
        if (alias == 0 && na == N && k.op != 8) a = C, a2 = C2;
        if (alias == 1 && masked) m = C, m2 = C2;
        GrB_Info i1 = case_run(&k, C, m, a, B), i2 = case_run(&k, C2, m2, a2, B2);
        assert_int_equal(i1, i2);
        if (!same_vector(C, C2)) {
            printf("seed %llu: op %d, alias %d, masked %d\n", (unsigned long long)seed, k.op, alias, masked);
            fail();
        }
        cases += i1 == GrB_SUCCESS;
        GrB_Vector_free(&C);
        GrB_Vector_free(&M);
        GrB_Vector_free(&A);
        GrB_Vector_free(&B);
        GrB_Vector_free(&C2);
        GrB_Vector_free(&M2);
        GrB_Vector_free(&A2);
        GrB_Vector_free(&B2);
        GrB_Matrix_free(&k.S);
    }
    printf("vector forms: %d successful calls agree with their sparse twins\n", cases);
}

/* C<M> = s over GrB_ALL into an empty C (assign.c's copy of the mask's pattern): for the mask in
 * each form, iso or not, structural or by value, complemented or not, with and without replace,
 * C holds s (cast to C's type) exactly where the mask allows, checked position by position. */
static void test_assign_scalar_to_empty(void **st)
{
    (void)st;
    GrB_Descriptor descs[] = {NULL, GrB_DESC_R, GrB_DESC_C, GrB_DESC_S, GrB_DESC_RC, GrB_DESC_RS,
                              GrB_DESC_SC, GrB_DESC_RSC};
    int checked = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        state = seed;
        int form = (int)rnd(3), dk = (int)rnd(8);
        bool iso = rnd(2), comp = dk == 2 || dk == 4 || dk == 6 || dk == 7;
        bool structural = dk == 3 || dk == 5 || dk == 6 || dk == 7;
        GrB_Vector M = random_vector(random_type(), N, iso), C;
        force_form(M, form, iso);
        OK(GrB_Vector_new(&C, GrB_INT32, N));
        OK(GrB_Vector_assign_FP64(C, M, NULL, 2.5, GrB_ALL, N, descs[dk]));
        GrB_Index nv, want = 0;
        OK(GrB_Vector_nvals(&nv, C));
        for (GrB_Index i = 0; i < N; i++) {
            double mv = 0;
            GrB_Info has = GrB_Vector_extractElement_FP64(&mv, M, i);
            bool allowed = (has == GrB_SUCCESS && (structural || mv != 0)) != comp;
            int32_t cv = 0;
            GrB_Info got = GrB_Vector_extractElement_INT32(&cv, C, i);
            if (allowed) {
                want++;
                if (got != GrB_SUCCESS || cv != 2) {
                    printf("seed %llu: position %llu missing or %d\n", (unsigned long long)seed,
                           (unsigned long long)i, cv);
                    fail();
                }
            } else if (got != GrB_NO_VALUE) {
                printf("seed %llu: position %llu set\n", (unsigned long long)seed, (unsigned long long)i);
                fail();
            }
        }
        assert_int_equal(nv, want);
        checked++;
        GrB_Vector_free(&M);
        GrB_Vector_free(&C);
    }
    printf("assign of a scalar into an empty vector: %d masks checked\n", checked);
}

/* A full vector of type t: values in -2 .. 2, or one value (iso, held as such). */
static GrB_Vector full_vector(GrB_Type t, bool iso)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, t, N));
    double one = (double)rnd(5) - 2;
    for (GrB_Index i = 0; i < N; i++) OK(GrB_Vector_setElement_FP64(v, iso ? one : (double)rnd(5) - 2, i));
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    force_form(v, GG_VF_FULL, iso);
    return v;
}

/* The slots that write a full result straight into a full output's own values (apply and eWise
 * with typed operators, and the accumulating write-back of a dense result): against the same
 * calls on sparse twins, with the output also an input, masks, iso inputs and other types; where
 * the output qualifies (FP64, full, not iso, no mask, typed operator, full inputs) its value
 * array must be the one it had. */
static void test_in_place(void **st)
{
    (void)st;
    int in_place = 0;
    /* the in-place write is the CPU backend's: with CUDA forced (device-check's "forced" step) the
     * calls would run on the device and leave the host arrays behind */
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        state = seed;
        int op = (int)rnd(8);
        GrB_Type ct = rnd(4) == 0 ? (rnd(2) ? GrB_FP32 : GrB_INT64) : GrB_FP64;
        GrB_Type at = op == 5 ? GrB_INT64 : GrB_FP64;
        bool c_iso = rnd(5) == 0, a_iso = rnd(4) == 0, b_iso = rnd(4) == 0, masked = rnd(5) == 0;
        GrB_Vector C = full_vector(ct, c_iso), A = full_vector(at, a_iso), B = full_vector(at, b_iso);
        GrB_Vector M = masked ? random_vector(GrB_BOOL, N, false) : NULL;
        GrB_Vector C2 = dup(C), A2 = dup(A), B2 = dup(B);
        int alias = (int)rnd(3); /* 1: C is A, 2: C is B */
        GrB_Vector a = alias == 1 ? C : A, a2 = alias == 1 ? C2 : A2;
        GrB_Vector b = alias == 2 ? C : B, b2 = alias == 2 ? C2 : B2;
        bool a_full = alias == 1 ? !c_iso : !a_iso, b_full = alias == 2 ? !c_iso : !b_iso;
        const void *x0 = GG_VEC(C)->v.x;
        GrB_Info i1 = GrB_SUCCESS, i2 = GrB_SUCCESS;
        bool typed = ct == at;
        switch (op) {
        case 0:
            i1 = GrB_Vector_apply(C, M, NULL, GrB_ABS_FP64, a, NULL);
            i2 = GrB_Vector_apply(C2, M, NULL, GrB_ABS_FP64, a2, NULL);
            typed = typed && a_full;
            break;
        case 1:
            i1 = GrB_Vector_apply_BinaryOp1st_FP64(C, M, NULL, GrB_DIV_FP64, 0.85, a, NULL);
            i2 = GrB_Vector_apply_BinaryOp1st_FP64(C2, M, NULL, GrB_DIV_FP64, 0.85, a2, NULL);
            typed = typed && a_full;
            break;
        case 2:
            i1 = GrB_Vector_apply_BinaryOp2nd_FP64(C, M, NULL, GrB_MINUS_FP64, a, 1.5, NULL);
            i2 = GrB_Vector_apply_BinaryOp2nd_FP64(C2, M, NULL, GrB_MINUS_FP64, a2, 1.5, NULL);
            typed = typed && a_full;
            break;
        case 3:
            i1 = GrB_Vector_eWiseMult_BinaryOp(C, M, NULL, GrB_TIMES_FP64, a, b, NULL);
            i2 = GrB_Vector_eWiseMult_BinaryOp(C2, M, NULL, GrB_TIMES_FP64, a2, b2, NULL);
            typed = typed && (a_full || b_full);
            break;
        case 4:
            i1 = GrB_Vector_eWiseAdd_BinaryOp(C, M, NULL, GrB_MINUS_FP64, a, b, NULL);
            i2 = GrB_Vector_eWiseAdd_BinaryOp(C2, M, NULL, GrB_MINUS_FP64, a2, b2, NULL);
            typed = typed && (a_full || b_full);
            break;
        case 5:
            i1 = GrB_Vector_eWiseMult_BinaryOp(C, M, NULL, GrB_MIN_INT64, a, b, NULL);
            i2 = GrB_Vector_eWiseMult_BinaryOp(C2, M, NULL, GrB_MIN_INT64, a2, b2, NULL);
            typed = typed && (a_full || b_full);
            break;
        case 6: /* the accumulating write-back of a full T */
            i1 = GrB_Vector_apply(C, M, GrB_PLUS_FP64, GrB_AINV_FP64, a, NULL);
            i2 = GrB_Vector_apply(C2, M, GrB_PLUS_FP64, GrB_AINV_FP64, a2, NULL);
            typed = typed && !c_iso && alias != 1;
            break;
        default:
            i1 = GrB_Vector_eWiseAdd_BinaryOp(C, M, GrB_TIMES_FP64, GrB_PLUS_FP64, a, b, NULL);
            i2 = GrB_Vector_eWiseAdd_BinaryOp(C2, M, GrB_TIMES_FP64, GrB_PLUS_FP64, a2, b2, NULL);
            typed = typed && !c_iso && alias == 0;
            break;
        }
        OK(i1);
        OK(i2);
        if (!same_vector(C, C2)) {
            printf("seed %llu: op %d, alias %d, masked %d\n", (unsigned long long)seed, op, alias, masked);
            fail();
        }
        if (typed && !masked && !c_iso) {
            /* written where it was: no fresh array */
            assert_ptr_equal(GG_VEC(C)->v.x, x0);
            in_place++;
        }
        GrB_Vector_free(&C);
        GrB_Vector_free(&A);
        GrB_Vector_free(&B);
        GrB_Vector_free(&M);
        GrB_Vector_free(&C2);
        GrB_Vector_free(&A2);
        GrB_Vector_free(&B2);
    }
    printf("full results in place: %d of 1500 calls checked to keep their output's array\n", in_place);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_assign_scalar_to_empty),
        cmocka_unit_test(test_in_place),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
