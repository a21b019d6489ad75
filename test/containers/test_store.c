/* test_store.c: the storage interface of GG_internal.h: CSR/CSC views checked entry by entry
 * against the canonical tuples (dense and hypersparse, empty, vectors, huge dimensions), view
 * caching and invalidation, in-place updates, GG_coo_build, concurrent readers of one object
 * with pending work (the lock) next to writers of independent objects, and the matrix tree behind
 * the views (views derived from a shared or transposed tree, an adopt whose tree is owed, and
 * every reader and writer of such a content; a select's view whose tuples' rows are owed). */
#include "containers_test.h"

#include <pthread.h>

#include "GG_internal.h"

/* Every entry of the view, vector by vector, must be the next tuple of the canonical store in
 * (major, minor) order, and the view must be hypersparse exactly when at most one vector in 8
 * holds an entry (and the dimension exceeds 1). */
static void check_view(GG_container *c, bool by_col)
{
    const GG_coo *t;
    const GG_cview *v;
    OK(GG_view_coo(c, &t));
    OK(by_col ? GG_view_csc(c, &v) : GG_view_csr(c, &v));
    GrB_Index dim = by_col ? c->ncols : c->nrows, n = t->n;
    /* the tuples in view order */
    GrB_Index *maj = malloc((n + 1) * sizeof *maj), *min = malloc((n + 1) * sizeof *min);
    double *val = malloc((n + 1) * sizeof *val);
    assert_true(maj != NULL && min != NULL && val != NULL);
    GrB_Index nonempty = 0, p = 0;
    for (GrB_Index k = 0; k < n; k++) {
        maj[k] = by_col ? t->col[k] : t->row[k];
        min[k] = by_col ? t->row[k] : t->col[k];
        val[k] = ((const double *)t->x)[k];
    }
    /* stable selection into (major, minor) order: fine for the small test sizes */
    for (GrB_Index a = 0; a < n; a++)
        for (GrB_Index b = a + 1; b < n; b++)
            if (maj[b] < maj[a] || (maj[b] == maj[a] && min[b] < min[a])) {
                GrB_Index ti = maj[a], tj = min[a];
                double tx = val[a];
                maj[a] = maj[b], min[a] = min[b], val[a] = val[b];
                maj[b] = ti, min[b] = tj, val[b] = tx;
            }
    for (GrB_Index k = 0; k < n; k++) nonempty += k == 0 || maj[k] != maj[k - 1];
    bool hyper = dim > 1 && nonempty * 8 <= dim;
    assert_int_equal(v->vec != NULL, hyper);
    assert_int_equal(v->nvec, hyper ? nonempty : dim);
    assert_int_equal(v->ptr[0], 0);
    for (GrB_Index s = 0; s < v->nvec; s++) {
        GrB_Index m = hyper ? v->vec[s] : s;
        if (hyper && s > 0) assert_true(v->vec[s] > v->vec[s - 1]);
        assert_true(v->ptr[s + 1] >= v->ptr[s]);
        for (GrB_Index q = v->ptr[s]; q < v->ptr[s + 1]; q++, p++) {
            assert_int_equal(maj[p], m);
            assert_int_equal(min[p], v->idx[q]);
            assert_true(val[p] == ((const double *)v->x)[q]);
        }
    }
    assert_int_equal(p, n);
    free(maj);
    free(min);
    free(val);
}

static void check_both_views(GrB_Matrix A)
{
    check_view(GG_MAT(A), false);
    check_view(GG_MAT(A), true);
}

static void test_views(void **state)
{
    (void)state;
    const struct {
        GrB_Index nrows, ncols, n;
    } shapes[] = {{0, 0, 0},     {1, 1, 0},     {1, 1, 1},      {5, 5, 0},        {7, 9, 30},
                  {40, 3, 20},   {3, 40, 20},   {1000, 1000, 5}, {64, 64, 8},      {64, 64, 9},
                  {9, 1, 4},     {1, 9, 4},     {GrB_INDEX_MAX + 1, GrB_INDEX_MAX, 6},
                  {200, 100000, 50}};
    uint64_t seed = 4242;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        GrB_Matrix A = NULL;
        OK(GrB_Matrix_new(&A, GrB_FP64, shapes[s].nrows, shapes[s].ncols));
        for (GrB_Index k = 0; k < shapes[s].n; k++) {
            GrB_Index i = ct_rand(&seed) % shapes[s].nrows, j = ct_rand(&seed) % shapes[s].ncols;
            OK(GrB_Matrix_setElement_FP64(A, (double)k, i, j));
        }
        check_both_views(A);
        OK(GrB_Matrix_free(&A));
    }
    /* a vector's views: CSC has one column, CSR one row per entry */
    GrB_Vector v = NULL;
    OK(GrB_Vector_new(&v, GrB_FP64, 100));
    OK(GrB_Vector_setElement_FP64(v, 1, 70));
    OK(GrB_Vector_setElement_FP64(v, 2, 3));
    const GG_cview *cv;
    OK(GG_view_csc(GG_VEC(v), &cv));
    assert_true(cv->vec == NULL && cv->nvec == 1 && cv->ptr[1] == 2 && cv->idx[0] == 3);
    check_view(GG_VEC(v), false);
    OK(GrB_Vector_free(&v));
}

/* A view is built once and kept while the tree stays: a logged write keeps it (it lists the tree,
 * and every reader of a view assembles first, which installs a new tree and drops it); every
 * write that replaces the tree or changes a value in it drops it. */
static void test_view_cache(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    GrB_Scalar s = NULL;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    OK(GrB_Matrix_setElement_FP64(A, 1, 1, 2));
    GG_container *c = GG_MAT(A);
    const GG_cview *v1, *v2;
    OK(GG_view_csc(c, &v1));
    OK(GG_view_csc(c, &v2));
    assert_ptr_equal(v1, v2);
    assert_null(c->csr);

    /* an update of an existing entry of an iso tree is logged and keeps the tree's view; the next
     * view reader assembles, which drops it */
    OK(GrB_Matrix_setElement_FP64(A, 5, 1, 2));
    assert_int_equal(c->pending.n, 1);
    assert_ptr_equal(c->csc, v2);
    OK(GG_view_csr(c, &v1));
    assert_int_equal(c->pending.n, 0);
    assert_null(c->csc);
    assert_true(((const double *)v1->x)[0] == 5);

    /* removing a missing entry is a no-op that keeps the views */
    OK(GrB_Matrix_removeElement(A, 3, 3));
    assert_non_null(c->csr);
    assert_int_equal(c->pending.n, 0);

    OK(GrB_Matrix_setElement_FP64(A, 2, 0, 0));
    assert_non_null(c->csr);
    assert_int_equal(c->pending.n, 1);
    check_both_views(A);
    assert_int_equal(c->pending.n, 0);
    OK(GrB_Matrix_removeElement(A, 0, 0));
    assert_int_equal(c->pending.n, 1);
    check_both_views(A);
    OK(GrB_Matrix_setElement_Scalar(A, s, 1, 2));
    check_both_views(A);
    OK(GrB_Matrix_resize(A, 8, 8));
    assert_true(c->csr == NULL && c->csc == NULL);
    check_both_views(A);
    OK(GrB_Matrix_clear(A));
    assert_true(c->csr == NULL && c->csc == NULL);
    GrB_Index n = 1;
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, 0);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Scalar_free(&s));
}

static void test_coo_build(void **state)
{
    (void)state;
    GrB_Type U = NULL;
    GrB_BinaryOp add = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    OK(GrB_BinaryOp_new(&add, ct_udt_add, U, U, U));
    const GrB_Index row[5] = {4, 1, 4, 1, 0};
    const ct_udt x[5] = {ct_udt_make(1, 1), ct_udt_make(2, 2), ct_udt_make(3, 3),
                         ct_udt_make(4, 4), ct_udt_make(5, 5)};
    GG_coo t = {0};
    /* a vector: col NULL means column 0 */
    INFO(GG_coo_build(&t, row, NULL, x, U, 5, 5, 1, U, NULL), GrB_INVALID_VALUE);
    INFO(GG_coo_build(&t, row, NULL, x, U, 5, 4, 1, U, add), GrB_INDEX_OUT_OF_BOUNDS);
    assert_true(t.n == 0 && t.row == NULL);
    OK(GG_coo_build(&t, row, NULL, x, U, 5, 5, 1, U, add));
    assert_int_equal(t.n, 3);
    /* duplicates combine in input order: row 1 is x[1] + x[3], row 4 is x[0] + x[2] */
    const ct_udt *z = t.x;
    const ct_udt sum1 = {6, 6, {'s', 'u', 'm', '\0'}}, sum4 = {4, 4, {'s', 'u', 'm', '\0'}};
    assert_true(t.row[0] == 0 && t.col[0] == 0 && ct_udt_equal(&z[0], &x[4]));
    assert_true(t.row[1] == 1 && t.col[1] == 0 && ct_udt_equal(&z[1], &sum1));
    assert_true(t.row[2] == 4 && t.col[2] == 0 && ct_udt_equal(&z[2], &sum4));
    GG_coo_free(&t);
    assert_true(t.n == 0 && t.row == NULL && t.x == NULL);
    OK(GrB_BinaryOp_free(&add));
    OK(GrB_Type_free(&U));
}

/* ---- threads ------------------------------------------------------------------------------------ */

enum { THREADS = 8, PENDING = 50000 };

typedef struct {
    GrB_Matrix shared;
    GrB_Index want_nvals;
    int id;
    int failures;
} reader_arg;

/* Readers of one object race to assemble its pending work and build its views. */
static void *reader(void *p)
{
    reader_arg *a = p;
    GrB_Index n = 0;
    double x = 0;
    const GG_cview *v;
    switch (a->id % 4) {
    case 0:
        if (GrB_Matrix_nvals(&n, a->shared) != GrB_SUCCESS || n != a->want_nvals) a->failures++;
        break;
    case 1:
        if (GrB_Matrix_extractElement_FP64(&x, a->shared, 3, 3) != GrB_SUCCESS || x != 33)
            a->failures++;
        break;
    case 2:
        if (GG_view_csc(GG_MAT(a->shared), &v) != GrB_SUCCESS || v->ptr[v->nvec] != a->want_nvals)
            a->failures++;
        break;
    default:
        if (GG_view_csr(GG_MAT(a->shared), &v) != GrB_SUCCESS || v->ptr[v->nvec] != a->want_nvals)
            a->failures++;
        break;
    }
    /* and a private object of its own, written and read */
    GrB_Matrix mine = NULL;
    if (GrB_Matrix_new(&mine, GrB_INT32, 100, 100) != GrB_SUCCESS) {
        a->failures++;
        return NULL;
    }
    for (int k = 0; k < 5000; k++)
        if (GrB_Matrix_setElement_INT32(mine, k, (GrB_Index)k / 100, (GrB_Index)k % 100) !=
            GrB_SUCCESS)
            a->failures++;
    if (GrB_Matrix_nvals(&n, mine) != GrB_SUCCESS || n != 5000) a->failures++;
    GrB_Matrix_free(&mine);
    return NULL;
}

/* The same pending updates for a given round. */
static void fill(GrB_Matrix A, int round)
{
    uint64_t seed = (uint64_t)round;
    OK(GrB_Matrix_setElement_FP64(A, 33, 3, 3));
    for (int k = 0; k < PENDING; k++) {
        GrB_Index i = 4 + ct_rand(&seed) % 996, j = ct_rand(&seed) % 1000;
        OK(GrB_Matrix_setElement_FP64(A, k, i, j));
    }
}

static void test_concurrent_readers(void **state)
{
    (void)state;
    for (int round = 0; round < 5; round++) {
        GrB_Matrix A = NULL, B = NULL;
        GrB_Index want = 0;
        OK(GrB_Matrix_new(&B, GrB_FP64, 1000, 1000));
        fill(B, round);
        OK(GrB_Matrix_nvals(&want, B));
        OK(GrB_Matrix_free(&B));
        OK(GrB_Matrix_new(&A, GrB_FP64, 1000, 1000));
        fill(A, round);
        assert_true(GG_MAT(A)->pending.n > 0);

        pthread_t tid[THREADS];
        reader_arg args[THREADS];
        for (int t = 0; t < THREADS; t++) {
            args[t] = (reader_arg){A, want, t + round, 0};
            assert_int_equal(pthread_create(&tid[t], NULL, reader, &args[t]), 0);
        }
        for (int t = 0; t < THREADS; t++) {
            pthread_join(tid[t], NULL);
            assert_int_equal(args[t].failures, 0);
        }
        OK(GrB_Matrix_free(&A));
    }
}

/* Matrices keep a HiSparse tree: views asked for before the COO (dup, transpose) come from the
 * tree; a vector has no tree; an adopt takes the tuples without allocating, its tree owed, and a
 * tree reader that runs out of memory building it leaves the content as it was. */
static void test_tree_store(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, T = NULL, D = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, 50, 40));
    uint64_t seed = 11;
    for (int k = 0; k < 300; k++)
        OK(GrB_Matrix_setElement_FP64(A, (double)(k % 13), ct_rand(&seed) % 50, ct_rand(&seed) % 40));
    OK(GrB_Matrix_new(&T, GrB_FP64, 40, 50));
    OK(GrB_transpose(T, NULL, NULL, A, NULL));
    OK(GrB_Matrix_dup(&D, T));
    const GG_cview *v;
    OK(GG_view_csr(GG_MAT(T), &v));
    assert_true(GG_MAT(T)->csr_owned);
    check_both_views(T);
    OK(GG_view_csc(GG_MAT(D), &v));
    check_both_views(D);
    check_both_views(A);

    GrB_Vector w = NULL;
    OK(GrB_Vector_new(&w, GrB_FP64, 10));
    const GG_hs_matrix *h;
    assert_int_equal(GG_view_hs(GG_VEC(w), &h), GrB_INVALID_OBJECT);
    OK(GrB_Vector_free(&w));

    GrB_Index before, after, I[] = {1, 2}, J[] = {3, 4};
    double X[] = {5, 6};
    OK(GrB_Matrix_nvals(&before, A));
    GG_coo t;
    OK(GG_coo_build(&t, I, J, X, GrB_FP64, 2, 50, 40, GrB_FP64, NULL));
    assert_true(before > 2);
    GG_mem_fail_after(1);
    OK(GG_container_adopt(GG_MAT(A), &t));
    assert_true(t.n == 0 && t.row == NULL && t.col == NULL && t.x == NULL);
    assert_int_equal(GG_view_hs(GG_MAT(A), &h), GrB_OUT_OF_MEMORY);
    GG_mem_fail_after(0);
    OK(GrB_Matrix_nvals(&after, A));
    assert_int_equal(after, 2);
    check_both_views(A);
    OK(GG_view_hs(GG_MAT(A), &h));
    assert_int_equal(h->nvals, 2);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&T));
    OK(GrB_Matrix_free(&D));
}

/* The entries of A as a dense array (absent: -1), read through extractElement. */
static void read_dense(GrB_Matrix A, GrB_Index m, GrB_Index n, double *out)
{
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index j = 0; j < n; j++) {
            double x;
            GrB_Info info = GrB_Matrix_extractElement_FP64(&x, A, i, j);
            assert_true(info == GrB_SUCCESS || info == GrB_NO_VALUE);
            out[i * n + j] = info == GrB_SUCCESS ? x : -1;
        }
}

static bool tree_owed(GrB_Matrix A)
{
    const GG_hs_matrix *h;
    OK(GG_view_hs_built(GG_MAT(A), &h));
    return h == NULL;
}

/* A CPU result owes its tree: it is read (nvals, elements, views, tuples, dup) without one, every
 * writer and tree reader builds it first, and the results agree with those of a tree. */
static void test_owed_tree(void **state)
{
    (void)state;
    /* owing a tree is the CPU's result form (a device result is a device tree), so a run with CUDA
     * forced keeps these calls on the CPU (the policy is restored at the end) */
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    enum { M = 30, N = 25 };
    GrB_Matrix A = NULL, B = NULL, D = NULL, T = NULL, S1 = NULL, S2 = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, M, N));
    uint64_t seed = 77;
    for (int k = 0; k < 200; k++)
        OK(GrB_Matrix_setElement_FP64(A, (double)(k % 7) + 1, ct_rand(&seed) % M, ct_rand(&seed) % N));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    /* B = A + A through the tuple write-back when A's tree is not built: an apply */
    OK(GrB_Matrix_new(&B, GrB_FP64, M, N));
    OK(GrB_Matrix_apply(B, NULL, NULL, GrB_AINV_FP64, A, NULL));
    assert_true(tree_owed(B));
    static double want[M * N], got[M * N];
    read_dense(A, M, N, want);
    for (int k = 0; k < M * N; k++) want[k] = want[k] < 0 ? -1 : -want[k];
    GrB_Index nvals, anvals;
    OK(GrB_Matrix_nvals(&nvals, B));
    OK(GrB_Matrix_nvals(&anvals, A));
    assert_int_equal(nvals, anvals);
    read_dense(B, M, N, got);
    for (int k = 0; k < M * N; k++) assert_true(got[k] == want[k]);
    check_both_views(B);
    assert_true(tree_owed(B));

    /* a copy of an owed content owes its own tree and is independent of B */
    OK(GrB_Matrix_dup(&D, B));
    assert_true(tree_owed(D));
    OK(GrB_Matrix_setElement_FP64(D, 100, 0, 0));
    read_dense(B, M, N, got);
    for (int k = 0; k < M * N; k++) assert_true(got[k] == want[k]);
    read_dense(D, M, N, got);
    assert_true(got[0] == 100);
    for (int k = 1; k < M * N; k++) assert_true(got[k] == want[k]);

    /* select from an owed A (its tuples) and from a built tree agree */
    OK(GrB_Matrix_new(&S1, GrB_FP64, M, N));
    OK(GrB_Matrix_new(&S2, GrB_FP64, M, N));
    OK(GrB_Matrix_select_INT64(S1, NULL, NULL, GrB_TRIL, B, -1, NULL));
    assert_true(tree_owed(S1));
    const GG_hs_matrix *h;
    OK(GG_view_hs(GG_MAT(B), &h)); /* a tree reader builds it */
    assert_false(tree_owed(B));
    OK(GrB_Matrix_select_INT64(S2, NULL, NULL, GrB_TRIL, B, -1, NULL));
    assert_true(tree_owed(S2));
    check_both_views(S2);
    static double g2[M * N];
    read_dense(S1, M, N, got);
    read_dense(S2, M, N, g2);
    for (GrB_Index i = 0; i < M; i++)
        for (GrB_Index j = 0; j < N; j++) {
            double w = j + 1 <= i ? want[i * N + j] : -1;
            assert_true(got[i * N + j] == w && g2[i * N + j] == w);
        }

    /* removeElement (an element write builds the tree first; the read after it assembles the log
     * into tuples again), transpose (a tree share) and resize of owed contents */
    OK(GrB_Matrix_removeElement(S1, 1, 0));
    assert_int_equal(GrB_Matrix_extractElement_FP64(&got[0], S1, 1, 0), GrB_NO_VALUE);
    OK(GrB_Matrix_new(&T, GrB_FP64, N, M));
    OK(GrB_transpose(T, NULL, NULL, S2, NULL));
    assert_false(tree_owed(S2));
    read_dense(T, N, M, got);
    for (GrB_Index i = 0; i < M; i++)
        for (GrB_Index j = 0; j < N; j++) assert_true(got[j * M + i] == g2[i * N + j]);
    OK(GrB_Matrix_apply(B, NULL, NULL, GrB_AINV_FP64, A, NULL));
    assert_true(tree_owed(B));
    OK(GrB_Matrix_resize(B, 10, 12));
    assert_true(tree_owed(B));
    read_dense(B, 10, 12, got);
    for (GrB_Index i = 0; i < 10; i++)
        for (GrB_Index j = 0; j < 12; j++) assert_true(got[i * 12 + j] == want[i * N + j]);
    OK(GG_view_hs(GG_MAT(B), &h));
    assert_int_equal(h->nrows, 10);
    OK(GrB_Matrix_nvals(&nvals, B));
    assert_int_equal(h->nvals, nvals);

    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&D));
    OK(GrB_Matrix_free(&T));
    OK(GrB_Matrix_free(&S1));
    OK(GrB_Matrix_free(&S2));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

/* S = tril(A, -1) selected from A's built tree: a CSR view whose tuples' rows are owed. */
static GrB_Matrix select_owed_rows(GrB_Matrix A, GrB_Index m, GrB_Index n, int64_t k)
{
    GrB_Matrix S;
    OK(GrB_Matrix_new(&S, GrB_FP64, m, n));
    OK(GrB_Matrix_select_INT64(S, NULL, NULL, GrB_TRIL, A, k, NULL));
    assert_true(GG_MAT(S)->rows_owed);
    return S;
}

/* A positional select's result owes the rows of its tuples: its count and CSR view are read
 * without them; every reader of the tuples (elements, the COO and the CSC view, dup, resize)
 * and every writer (which builds the tree) fills them first, and reads the same entries; so does
 * an empty result. */
static void test_owed_rows(void **state)
{
    (void)state;
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    enum { M = 40, N = 33 };
    GrB_Matrix A = NULL, S = NULL, D = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, M, N));
    uint64_t seed = 5;
    for (int k = 0; k < 300; k++)
        OK(GrB_Matrix_setElement_FP64(A, (double)(k % 9) + 1, ct_rand(&seed) % M, ct_rand(&seed) % N));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    const GG_hs_matrix *h;
    OK(GG_view_hs(GG_MAT(A), &h)); /* the select reads the tree */
    static double want[M * N], got[M * N];
    read_dense(A, M, N, want);
    for (GrB_Index i = 0; i < M; i++)
        for (GrB_Index j = 0; j < N; j++)
            if (j + 1 > i) want[i * N + j] = -1;
    GrB_Index wn = 0, nvals;
    for (int k = 0; k < M * N; k++) wn += want[k] >= 0;

    /* the count and the CSR view need no rows */
    S = select_owed_rows(A, M, N, -1);
    OK(GrB_Matrix_nvals(&nvals, S));
    assert_int_equal(nvals, wn);
    const GG_cview *v;
    OK(GG_view_csr(GG_MAT(S), &v));
    assert_int_equal(v->ptr[v->nvec], wn);
    assert_true(GG_MAT(S)->rows_owed);
    /* elements */
    read_dense(S, M, N, got);
    for (int k = 0; k < M * N; k++) assert_true(got[k] == want[k]);
    assert_false(GG_MAT(S)->rows_owed);
    OK(GrB_Matrix_free(&S));
    /* the tuples and both views */
    S = select_owed_rows(A, M, N, -1);
    check_both_views(S);
    OK(GrB_Matrix_free(&S));
    S = select_owed_rows(A, M, N, -1);
    GrB_Index *I = malloc(wn * sizeof *I), *J = malloc(wn * sizeof *J), cnt = wn;
    double *X = malloc(wn * sizeof *X);
    assert_true(I != NULL && J != NULL && X != NULL);
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &cnt, S));
    assert_int_equal(cnt, wn);
    for (GrB_Index k = 0; k < cnt; k++) assert_true(X[k] == want[I[k] * N + J[k]]);
    free(I);
    free(J);
    free(X);
    OK(GrB_Matrix_free(&S));
    /* a copy, then a write to the original: independent, both whole */
    S = select_owed_rows(A, M, N, -1);
    OK(GrB_Matrix_dup(&D, S));
    OK(GrB_Matrix_setElement_FP64(S, 500, 0, 0));
    read_dense(D, M, N, got);
    for (int k = 0; k < M * N; k++) assert_true(got[k] == want[k]);
    read_dense(S, M, N, got);
    assert_true(got[0] == 500);
    for (int k = 1; k < M * N; k++) assert_true(got[k] == want[k]);
    OK(GrB_Matrix_free(&S));
    OK(GrB_Matrix_free(&D));
    /* a write first (the tree from the tuples), and a resize */
    S = select_owed_rows(A, M, N, -1);
    OK(GrB_Matrix_removeElement(S, M - 1, 0));
    assert_int_equal(GrB_Matrix_extractElement_FP64(&got[0], S, M - 1, 0), GrB_NO_VALUE);
    OK(GrB_Matrix_free(&S));
    S = select_owed_rows(A, M, N, -1);
    OK(GrB_Matrix_resize(S, 20, 10));
    read_dense(S, 20, 10, got);
    for (GrB_Index i = 0; i < 20; i++)
        for (GrB_Index j = 0; j < 10; j++) assert_true(got[i * 10 + j] == want[i * N + j]);
    OK(GrB_Matrix_free(&S));
    /* an empty result: a write drops its view, and the rows owed are none */
    S = select_owed_rows(A, M, N, -(int64_t)M);
    OK(GrB_Matrix_nvals(&nvals, S));
    assert_int_equal(nvals, 0);
    OK(GrB_Matrix_setElement_FP64(S, 7, 3, 4));
    read_dense(S, M, N, got);
    for (int k = 0; k < M * N; k++) assert_true(got[k] == (k == 3 * N + 4 ? 7 : -1));
    OK(GrB_Matrix_free(&S));
    S = select_owed_rows(A, M, N, -(int64_t)M);
    check_both_views(S);
    OK(GrB_Matrix_free(&S));

    OK(GrB_Matrix_free(&A));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_views),
        cmocka_unit_test(test_view_cache),
        cmocka_unit_test(test_coo_build),
        cmocka_unit_test(test_concurrent_readers),
        cmocka_unit_test(test_tree_store),
        cmocka_unit_test(test_owed_tree),
        cmocka_unit_test(test_owed_rows),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
