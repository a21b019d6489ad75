/* test_gxb.c: the GxB extensions. Each object's name and types; ANY, PAIR and positional
 * semirings in mxm, mxv and vxm (with transposes and masks) against plain loops on random
 * matrices (for ANY: the exact pattern, each value one of the candidates); positional operators
 * in eWise, apply and kronecker; the values SuiteSparse 7.4 gives on a fixed graph; and a
 * BFS-parent search with GxB_ANY_SECONDI_INT64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)

/* ---- names and types --------------------------------------------------------------------------- */

static void check_binop(GrB_BinaryOp op, const char *name, int32_t code)
{
    char s[GxB_MAX_NAME_LEN];
    OK(GrB_BinaryOp_get_String(op, s, GrB_NAME));
    assert_string_equal(s, name);
    int32_t z, x, y;
    OK(GrB_BinaryOp_get_INT32(op, &z, GrB_OUTP_TYPE_CODE));
    OK(GrB_BinaryOp_get_INT32(op, &x, GrB_INP0_TYPE_CODE));
    OK(GrB_BinaryOp_get_INT32(op, &y, GrB_INP1_TYPE_CODE));
    assert_int_equal(z, code);
    assert_int_equal(x, code);
    assert_int_equal(y, code);
}

static void test_names_types(void **state)
{
    (void)state;
    char s[GxB_MAX_NAME_LEN];
#define CHECK_ANY(T, ...)                                                                          \
    check_binop(GxB_ANY_##T, "GxB_ANY_" #T, GrB_##T##_CODE);                                       \
    assert_ptr_equal(GxB_PAIR_##T, GrB_ONEB_##T);                                                  \
    OK(GrB_Monoid_get_String(GxB_ANY_##T##_MONOID, s, GrB_NAME));                                  \
    assert_string_equal(s, "GxB_ANY_" #T "_MONOID");                                               \
    OK(GrB_Semiring_get_String(GxB_ANY_PAIR_##T, s, GrB_NAME));                                    \
    assert_string_equal(s, "GxB_ANY_PAIR_" #T);
    GxG_BUILTIN_TYPES(CHECK_ANY)
#undef CHECK_ANY
#define CHECK_POS(name)                                                                            \
    check_binop(name, #name, strstr(#name, "INT32") != NULL ? GrB_INT32_CODE : GrB_INT64_CODE);
    CHECK_POS(GxB_FIRSTI_INT32) CHECK_POS(GxB_FIRSTI_INT64) CHECK_POS(GxB_FIRSTI1_INT32)
    CHECK_POS(GxB_FIRSTI1_INT64) CHECK_POS(GxB_FIRSTJ_INT32) CHECK_POS(GxB_FIRSTJ_INT64)
    CHECK_POS(GxB_FIRSTJ1_INT32) CHECK_POS(GxB_FIRSTJ1_INT64) CHECK_POS(GxB_SECONDI_INT32)
    CHECK_POS(GxB_SECONDI_INT64) CHECK_POS(GxB_SECONDI1_INT32) CHECK_POS(GxB_SECONDI1_INT64)
    CHECK_POS(GxB_SECONDJ_INT32) CHECK_POS(GxB_SECONDJ_INT64) CHECK_POS(GxB_SECONDJ1_INT32)
    CHECK_POS(GxB_SECONDJ1_INT64)
#undef CHECK_POS
#define CHECK_SR(name)                                                                             \
    OK(GrB_Semiring_get_String(name, s, GrB_NAME));                                                \
    assert_string_equal(s, #name);
    GxG_GXB_SEMIRINGS(CHECK_SR)
#undef CHECK_SR
    OK(GrB_Semiring_get_String(GxB_PLUS_PAIR_FP64, s, GrB_NAME));
    assert_string_equal(s, "GxB_PLUS_PAIR_FP64");
}

/* ---- products against loops -------------------------------------------------------------------- */

#define N 13

typedef struct {
    bool has[N][N];
    double val[N][N];
} dense;

static GrB_Matrix random_matrix(dense *d, unsigned *seed, int pct)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, N, N));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            d->has[i][j] = rand_r(seed) % 100 < pct;
            d->val[i][j] = rand_r(seed) % 7 + 1;
            if (d->has[i][j]) OK(GrB_Matrix_setElement_FP64(A, d->val[i][j], i, j));
        }
    return A;
}

/* The value SuiteSparse's multiplier gives for the term A(i,k)*B(k,j). */
typedef enum { M_PAIR, M_FIRSTI, M_FIRSTJ, M_SECONDI, M_SECONDJ } mulkind;
static int64_t term(mulkind m, int i, int k, int j)
{
    switch (m) {
    case M_PAIR: return 1;
    case M_FIRSTI: return i;
    case M_FIRSTJ: return k;
    case M_SECONDI: return k;
    default: return j;
    }
}

typedef enum { A_ANY, A_PLUS, A_MIN } addkind;

/* C = op0(A) * op1(B) under the semiring, checked entry by entry: the pattern is exactly where a
 * term exists; PLUS and MIN values exactly, an ANY value must equal one of the terms. */
static void check_mxm(GrB_Semiring s, addkind add, mulkind mul, GrB_Type type, bool t0, bool t1)
{
    unsigned seed = 1234u + (unsigned)mul * 7u + (unsigned)add * 31u + t0 * 2u + t1;
    dense a, b;
    GrB_Matrix A = random_matrix(&a, &seed, 30), B = random_matrix(&b, &seed, 30), C;
    OK(GrB_Matrix_new(&C, type, N, N));
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    if (t0) OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    if (t1) OK(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN));
    OK(GrB_mxm(C, NULL, NULL, s, A, B, d));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            bool any = false, match = false;
            int64_t sum = 0, mn = INT64_MAX;
            int64_t got = -1;
            GrB_Info info = GrB_Matrix_extractElement_INT64(&got, C, i, j);
            for (int k = 0; k < N; k++) {
                bool ha = t0 ? a.has[k][i] : a.has[i][k], hb = t1 ? b.has[j][k] : b.has[k][j];
                if (!ha || !hb) continue;
                int64_t v = term(mul, i, k, j);
                any = true;
                sum += v;
                if (v < mn) mn = v;
                if (v == got) match = true;
            }
            assert_int_equal(info, any ? GrB_SUCCESS : GrB_NO_VALUE);
            if (!any) continue;
            switch (add) {
            case A_PLUS: assert_int_equal(got, sum); break;
            case A_MIN: assert_int_equal(got, mn); break;
            default: assert_true(match); break;
            }
        }
    GrB_free(&A);
    GrB_free(&B);
    GrB_free(&C);
    GrB_free(&d);
}

static void test_mxm(void **state)
{
    (void)state;
    for (int t = 0; t < 4; t++) {
        bool t0 = t & 1, t1 = t & 2;
        check_mxm(GxB_PLUS_PAIR_INT64, A_PLUS, M_PAIR, GrB_INT64, t0, t1);
        check_mxm(GxB_PLUS_PAIR_FP64, A_PLUS, M_PAIR, GrB_FP64, t0, t1);
        check_mxm(GxB_ANY_PAIR_INT32, A_ANY, M_PAIR, GrB_INT32, t0, t1);
        check_mxm(GxB_ANY_PAIR_BOOL, A_ANY, M_PAIR, GrB_BOOL, t0, t1);
        check_mxm(GxB_MIN_FIRSTI_INT64, A_MIN, M_FIRSTI, GrB_INT64, t0, t1);
        check_mxm(GxB_MIN_FIRSTI_INT32, A_MIN, M_FIRSTI, GrB_INT32, t0, t1);
        check_mxm(GxB_MIN_SECONDI_INT64, A_MIN, M_SECONDI, GrB_INT64, t0, t1);
        check_mxm(GxB_MIN_SECONDI_INT32, A_MIN, M_SECONDI, GrB_INT32, t0, t1);
        check_mxm(GxB_ANY_FIRSTI_INT64, A_ANY, M_FIRSTI, GrB_INT64, t0, t1);
        check_mxm(GxB_ANY_FIRSTJ_INT64, A_ANY, M_FIRSTJ, GrB_INT64, t0, t1);
        check_mxm(GxB_ANY_SECONDI_INT64, A_ANY, M_SECONDI, GrB_INT64, t0, t1);
        check_mxm(GxB_ANY_SECONDJ_INT32, A_ANY, M_SECONDJ, GrB_INT32, t0, t1);
    }
}

/* A masked product (the dot engine): C<M> = A*B' with MIN_SECONDI against the loop. */
static void test_mxm_masked(void **state)
{
    (void)state;
    unsigned seed = 99;
    dense a, b, m;
    GrB_Matrix A = random_matrix(&a, &seed, 40), B = random_matrix(&b, &seed, 40),
               M = random_matrix(&m, &seed, 20), C;
    OK(GrB_Matrix_new(&C, GrB_INT64, N, N));
    OK(GrB_mxm(C, M, NULL, GxB_MIN_SECONDI_INT64, A, B,
               GrB_DESC_ST1));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int64_t mn = INT64_MAX, got;
            for (int k = 0; k < N; k++)
                if (a.has[i][k] && b.has[j][k] && k < mn) mn = k;
            GrB_Info info = GrB_Matrix_extractElement_INT64(&got, C, i, j);
            if (!m.has[i][j] || mn == INT64_MAX) {
                assert_int_equal(info, GrB_NO_VALUE);
            } else {
                OK(info);
                assert_int_equal(got, mn);
            }
        }
    GrB_free(&A);
    GrB_free(&B);
    GrB_free(&M);
    GrB_free(&C);
}

/* ---- fixed inputs with SuiteSparse 7.4's answers ------------------------------------------------ */

/* The 4-node graph 0->1, 0->2, 1->3, 2->3, 3->0 and u = {0, 3}. */
static GrB_Matrix graph(void)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    const GrB_Index I[] = {0, 0, 1, 2, 3}, J[] = {1, 2, 3, 3, 0};
    const double X[] = {1, 1, 1, 1, 1};
    OK(GrB_Matrix_build_FP64(A, I, J, X, 5, GrB_PLUS_FP64));
    return A;
}

static void check_vector(GrB_Vector w, const int64_t want[4])
{
    for (GrB_Index i = 0; i < 4; i++) {
        int64_t got;
        GrB_Info info = GrB_Vector_extractElement_INT64(&got, w, i);
        if (want[i] < 0) {
            assert_int_equal(info, GrB_NO_VALUE);
        } else {
            OK(info);
            assert_int_equal(got, want[i]);
        }
    }
}

static void test_vector_products(void **state)
{
    (void)state;
    GrB_Matrix A = graph();
    GrB_Vector u, w;
    OK(GrB_Vector_new(&u, GrB_FP64, 4));
    OK(GrB_Vector_setElement_FP64(u, 1, 0));
    OK(GrB_Vector_setElement_FP64(u, 1, 3));
    OK(GrB_Vector_new(&w, GrB_INT64, 4));
    /* per multiplier: SuiteSparse's w = u*A, w = A*u, w = A'*u under MIN (-1: no entry) */
    const struct {
        GrB_BinaryOp op;
        int64_t vxm[4], mxv[4], mxv_t[4];
    } cases[] = {
        {GxB_FIRSTI_INT64, {0, 0, 0, -1}, {-1, 1, 2, 3}, {0, 1, 2, -1}},
        {GxB_FIRSTJ_INT64, {3, 0, 0, -1}, {-1, 3, 3, 0}, {3, 0, 0, -1}},
        {GxB_SECONDI_INT64, {3, 0, 0, -1}, {-1, 3, 3, 0}, {3, 0, 0, -1}},
        {GxB_SECONDJ_INT64, {0, 1, 2, -1}, {-1, 0, 0, 0}, {0, 0, 0, -1}},
        {GxB_FIRSTI1_INT64, {1, 1, 1, -1}, {-1, 2, 3, 4}, {1, 2, 3, -1}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_Semiring s;
        OK(GrB_Semiring_new(&s, GrB_MIN_MONOID_INT64, cases[c].op));
        OK(GrB_vxm(w, NULL, NULL, s, u, A, NULL));
        check_vector(w, cases[c].vxm);
        OK(GrB_mxv(w, NULL, NULL, s, A, u, NULL));
        check_vector(w, cases[c].mxv);
        OK(GrB_mxv(w, NULL, NULL, s, A, u, GrB_DESC_T0));
        check_vector(w, cases[c].mxv_t);
        GrB_free(&s);
    }
    GrB_free(&A);
    GrB_free(&u);
    GrB_free(&w);
}

/* eWiseMult and apply give the entry's own position; eWiseAdd casts entries found on one side
 * only; kronecker gives A's entry's position (FIRST...) or B's (SECOND...). */
static void test_ewise_apply_kron(void **state)
{
    (void)state;
    GrB_Matrix A, C;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 4));
    OK(GrB_Matrix_setElement_FP64(A, 2.5, 1, 2));
    OK(GrB_Matrix_setElement_FP64(A, 1.5, 2, 3));
    OK(GrB_Matrix_new(&C, GrB_INT64, 3, 4));
    const struct {
        GrB_BinaryOp op;
        int64_t v12, v23;
    } cases[] = {
        {GxB_FIRSTI_INT64, 1, 2},  {GxB_FIRSTJ_INT64, 2, 3},    {GxB_SECONDI_INT64, 1, 2},
        {GxB_SECONDJ_INT64, 2, 3}, {GxB_FIRSTI1_INT32, 2, 3},   {GxB_SECONDJ1_INT64, 3, 4},
        {GxB_FIRSTJ1_INT32, 3, 4}, {GxB_SECONDI1_INT32, 2, 3},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int form = 0; form < 3; form++) {
            OK(GrB_Matrix_clear(C));
            if (form == 0) OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, cases[c].op, A, A, NULL));
            if (form == 1)
                OK(GrB_Matrix_apply_BinaryOp1st_FP64(C, NULL, NULL, cases[c].op, 7.0, A, NULL));
            if (form == 2)
                OK(GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, cases[c].op, A, 7.0, NULL));
            int64_t v;
            OK(GrB_Matrix_extractElement_INT64(&v, C, 1, 2));
            assert_int_equal(v, cases[c].v12);
            OK(GrB_Matrix_extractElement_INT64(&v, C, 2, 3));
            assert_int_equal(v, cases[c].v23);
        }
    /* eWiseAdd: D has (0,1), (1,2); E has (1,0), (1,2), all 1 */
    GrB_Matrix D, E, F;
    OK(GrB_Matrix_new(&D, GrB_FP64, 2, 3));
    OK(GrB_Matrix_new(&E, GrB_FP64, 2, 3));
    OK(GrB_Matrix_new(&F, GrB_INT64, 2, 3));
    OK(GrB_Matrix_setElement_FP64(D, 1, 0, 1));
    OK(GrB_Matrix_setElement_FP64(D, 1, 1, 2));
    OK(GrB_Matrix_setElement_FP64(E, 1, 1, 0));
    OK(GrB_Matrix_setElement_FP64(E, 1, 1, 2));
    OK(GrB_Matrix_eWiseAdd_BinaryOp(F, NULL, NULL, GxB_FIRSTJ_INT64, D, E, NULL));
    int64_t v;
    OK(GrB_Matrix_extractElement_INT64(&v, F, 0, 1));
    assert_int_equal(v, 1);
    OK(GrB_Matrix_extractElement_INT64(&v, F, 1, 0));
    assert_int_equal(v, 1);
    OK(GrB_Matrix_extractElement_INT64(&v, F, 1, 2));
    assert_int_equal(v, 2);
    /* kronecker: A2(1,2) (x) B2(1,0) lands at (3,4) */
    GrB_Matrix A2, B2, K;
    OK(GrB_Matrix_new(&A2, GrB_FP64, 2, 3));
    OK(GrB_Matrix_new(&B2, GrB_FP64, 2, 2));
    OK(GrB_Matrix_new(&K, GrB_INT64, 4, 6));
    OK(GrB_Matrix_setElement_FP64(A2, 5, 1, 2));
    OK(GrB_Matrix_setElement_FP64(B2, 7, 1, 0));
    const GrB_BinaryOp kops[] = {GxB_FIRSTI_INT64, GxB_FIRSTJ_INT64, GxB_SECONDI_INT64,
                                 GxB_SECONDJ_INT64};
    const int64_t kwant[] = {1, 2, 1, 0};
    for (int q = 0; q < 4; q++) {
        OK(GrB_Matrix_kronecker_BinaryOp(K, NULL, NULL, kops[q], A2, B2, NULL));
        OK(GrB_Matrix_extractElement_INT64(&v, K, 3, 4));
        assert_int_equal(v, kwant[q]);
    }
    GrB_free(&A);
    GrB_free(&C);
    GrB_free(&D);
    GrB_free(&E);
    GrB_free(&F);
    GrB_free(&A2);
    GrB_free(&B2);
    GrB_free(&K);
}

/* ---- BFS parents -------------------------------------------------------------------------------- */

/* LAGraph's push step: q<!pi, struct> = q*A under ANY_SECONDI, then pi<q> = q. Every parent must
 * be a reached node one level nearer with an edge to the child; levels must be the BFS levels. */
static void test_bfs_parent(void **state)
{
    (void)state;
    enum { V = 200 };
    unsigned seed = 7;
    static bool edge[V][V];
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_BOOL, V, V));
    for (int e = 0; e < 4 * V; e++) {
        int i = rand_r(&seed) % V, j = rand_r(&seed) % V;
        edge[i][j] = true;
        OK(GrB_Matrix_setElement_BOOL(A, true, i, j));
    }
    GrB_Vector pi, q;
    OK(GrB_Vector_new(&pi, GrB_INT64, V));
    OK(GrB_Vector_new(&q, GrB_INT64, V));
    OK(GrB_Vector_setElement_INT64(pi, 0, 0));
    OK(GrB_Vector_setElement_INT64(q, 0, 0));
    int level[V];
    for (int i = 0; i < V; i++) level[i] = -1;
    level[0] = 0;
    /* reference levels by plain BFS */
    int queue[V], head = 0, tail = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int k = queue[head++];
        for (int j = 0; j < V; j++)
            if (edge[k][j] && level[j] < 0) level[j] = level[k] + 1, queue[tail++] = j;
    }
    GrB_Index nq = 1;
    int depth = 0;
    while (nq > 0) {
        OK(GrB_vxm(q, pi, NULL, GxB_ANY_SECONDI_INT64, q, A, GrB_DESC_RSC));
        OK(GrB_Vector_nvals(&nq, q));
        depth++;
        for (GrB_Index j = 0; j < V; j++) {
            int64_t p;
            if (GrB_Vector_extractElement_INT64(&p, q, j) != GrB_SUCCESS) continue;
            assert_int_equal(level[j], depth);
            assert_true(p >= 0 && p < V);
            assert_int_equal(level[p], depth - 1);
            assert_true(edge[p][j]);
        }
        OK(GrB_Vector_assign(pi, q, NULL, q, GrB_ALL, V, GrB_DESC_S));
    }
    GrB_Index npi;
    OK(GrB_Vector_nvals(&npi, pi));
    assert_int_equal(npi, tail);
    GrB_free(&A);
    GrB_free(&pi);
    GrB_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_types),      cmocka_unit_test(test_mxm),
        cmocka_unit_test(test_mxm_masked),       cmocka_unit_test(test_vector_products),
        cmocka_unit_test(test_ewise_apply_kron), cmocka_unit_test(test_bfs_parent),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
