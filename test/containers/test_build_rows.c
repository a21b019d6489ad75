/* test_build_rows.c: a matrix built from tuples sorted by rows waits as their CSR view, its tree
 * owed (src/store/rows.c). Every operation on such a matrix gives what it gives on the same
 * matrix built eagerly (the same tuples in reverse order, which take the tree build), one fresh
 * pair per operation so that each one meets the waiting form; the tree, once a reader builds it,
 * is the eager one byte for byte (and passes the checker, which meson's test setup turns on).
 * Shapes: a plain view, a counted view that is hypersparse, one hypersparse for sure, and one in
 * several parts with rows across the parts' bounds; casts, a dup operator, a user type, input
 * that is sorted only at its start, bad input found late, readers on 8 threads, allocation
 * failures. */
#include "containers_test.h"

#include <pthread.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "GG_hisparse.h"
#include "GG_internal.h"
#include "GG_test.h"

/* ---- input --------------------------------------------------------------------------------------- */

/* An input, or what an operation gives (a vector as one column): entries (I, J, X), n of them. */
typedef struct {
    GrB_Index nrows, ncols, n;
    GrB_Index *I, *J;
    double *X;
} tuples;

static void tuples_free(tuples *t)
{
    free(t->I);
    free(t->J);
    free(t->X);
    memset(t, 0, sizeof *t);
}

/* `count` random positions of an m x n matrix in `rows` rows (all rows when 0), sorted by rows then
 * columns without duplicates, integer values 1..9. */
static tuples sorted_tuples(GrB_Index m, GrB_Index n, GrB_Index count, GrB_Index rows, uint64_t seed)
{
    tuples t = {m, n, 0, malloc((count + 1) * sizeof(GrB_Index)),
                malloc((count + 1) * sizeof(GrB_Index)), malloc((count + 1) * sizeof(double))};
    assert_true(t.I != NULL && t.J != NULL && t.X != NULL);
    for (GrB_Index k = 0; k < count; k++) {
        GrB_Index r = ct_rand(&seed) % (rows > 0 ? rows : m);
        t.I[k] = rows > 0 ? r * (m / rows) : r;
        t.J[k] = ct_rand(&seed) % n;
    }
    /* an insertion sort of the positions: the tests' sizes are small */
    for (GrB_Index a = 1; a < count; a++) {
        GrB_Index i = t.I[a], j = t.J[a], b = a;
        for (; b > 0 && (t.I[b - 1] > i || (t.I[b - 1] == i && t.J[b - 1] > j)); b--) {
            t.I[b] = t.I[b - 1];
            t.J[b] = t.J[b - 1];
        }
        t.I[b] = i;
        t.J[b] = j;
    }
    for (GrB_Index k = 0; k < count; k++) {
        if (t.n > 0 && t.I[k] == t.I[t.n - 1] && t.J[k] == t.J[t.n - 1]) continue;
        t.I[t.n] = t.I[k];
        t.J[t.n] = t.J[k];
        t.X[t.n] = (double)(ct_rand(&seed) % 9 + 1);
        t.n++;
    }
    return t;
}

/* A large sorted input made row by row (no sort): row i holds about `per_row` columns, rows with
 * none among them. */
static tuples sorted_rows(GrB_Index m, GrB_Index n, GrB_Index per_row, uint64_t seed)
{
    GrB_Index cap = m * per_row + 1;
    tuples t = {m, n, 0, malloc(cap * sizeof(GrB_Index)), malloc(cap * sizeof(GrB_Index)),
                malloc(cap * sizeof(double))};
    assert_true(t.I != NULL && t.J != NULL && t.X != NULL);
    for (GrB_Index i = 0; i < m; i++) {
        if (ct_rand(&seed) % 5 == 0) continue; /* an empty row */
        GrB_Index step = n / per_row, j = ct_rand(&seed) % step;
        for (; j < n && t.n < cap; j += 1 + ct_rand(&seed) % (2 * step)) {
            t.I[t.n] = i;
            t.J[t.n] = j;
            t.X[t.n] = (double)(ct_rand(&seed) % 9 + 1);
            t.n++;
        }
    }
    return t;
}

static bool tree_owed(GrB_Matrix A)
{
    const GG_hs_matrix *h;
    OK(GG_view_hs_built(GG_MAT(A), &h));
    return h == NULL;
}

/* The matrix of t, of `type` (the values cast), waiting (tuples in order) or eager (reversed),
 * duplicates folded by dup. */
static GrB_Matrix build_dup(const tuples *t, GrB_Type type, bool waiting, GrB_BinaryOp dup)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, t->nrows, t->ncols));
    GrB_Index n = t->n;
    if (waiting) {
        OK(GrB_Matrix_build_FP64(A, t->I, t->J, t->X, n, dup));
        assert_true(n == 0 || tree_owed(A));
        return A;
    }
    GrB_Index *I = malloc((n + 1) * sizeof *I), *J = malloc((n + 1) * sizeof *J);
    double *X = malloc((n + 1) * sizeof *X);
    assert_true(I != NULL && J != NULL && X != NULL);
    for (GrB_Index k = 0; k < n; k++) {
        I[k] = t->I[n - 1 - k];
        J[k] = t->J[n - 1 - k];
        X[k] = t->X[n - 1 - k];
    }
    OK(GrB_Matrix_build_FP64(A, I, J, X, n, dup));
    assert_true(n <= 1 || !tree_owed(A)); /* one tuple reversed is still sorted */
    free(I);
    free(J);
    free(X);
    return A;
}

static GrB_Matrix build(const tuples *t, GrB_Type type, bool waiting)
{
    return build_dup(t, type, waiting, NULL);
}

/* ---- results ------------------------------------------------------------------------------------- */

typedef tuples result;

static result of_matrix(GrB_Matrix C)
{
    result r = {0};
    OK(GrB_Matrix_nrows(&r.nrows, C));
    OK(GrB_Matrix_ncols(&r.ncols, C));
    OK(GrB_Matrix_nvals(&r.n, C));
    r.I = malloc((r.n + 1) * sizeof *r.I);
    r.J = malloc((r.n + 1) * sizeof *r.J);
    r.X = malloc((r.n + 1) * sizeof *r.X);
    assert_true(r.I != NULL && r.J != NULL && r.X != NULL);
    GrB_Index n = r.n;
    OK(GrB_Matrix_extractTuples_FP64(r.I, r.J, r.X, &n, C));
    assert_int_equal(n, r.n);
    return r;
}

static result of_vector(GrB_Vector v)
{
    result r = {0};
    OK(GrB_Vector_size(&r.nrows, v));
    r.ncols = 1;
    OK(GrB_Vector_nvals(&r.n, v));
    r.I = malloc((r.n + 1) * sizeof *r.I);
    r.J = calloc(r.n + 1, sizeof *r.J);
    r.X = malloc((r.n + 1) * sizeof *r.X);
    assert_true(r.I != NULL && r.J != NULL && r.X != NULL);
    GrB_Index n = r.n;
    OK(GrB_Vector_extractTuples_FP64(r.I, r.X, &n, v));
    assert_int_equal(n, r.n);
    return r;
}

/* What C holds, C freed. */
static result taken(GrB_Matrix C)
{
    result r = of_matrix(C);
    OK(GrB_Matrix_free(&C));
    return r;
}

static void assert_same(const result *a, const result *b, const char *what)
{
    if (a->nrows != b->nrows || a->ncols != b->ncols || a->n != b->n)
        fail_msg("%s: %llu x %llu, %llu entries against %llu x %llu, %llu", what,
                 (unsigned long long)a->nrows, (unsigned long long)a->ncols,
                 (unsigned long long)a->n, (unsigned long long)b->nrows,
                 (unsigned long long)b->ncols, (unsigned long long)b->n);
    for (GrB_Index k = 0; k < a->n; k++)
        if (a->I[k] != b->I[k] || a->J[k] != b->J[k] || memcmp(&a->X[k], &b->X[k], sizeof(double)) != 0)
            fail_msg("%s: entry %llu differs: (%llu, %llu, %g) against (%llu, %llu, %g)", what,
                     (unsigned long long)k, (unsigned long long)a->I[k],
                     (unsigned long long)a->J[k], a->X[k], (unsigned long long)b->I[k],
                     (unsigned long long)b->J[k], b->X[k]);
}

/* The trees of A and B hold the same bytes. */
static void assert_same_tree(GrB_Matrix A, GrB_Matrix B)
{
    const GG_hs_matrix *a, *b;
    OK(GG_view_hs(GG_MAT(A), &a));
    OK(GG_view_hs(GG_MAT(B), &b));
    assert_int_equal(a->nvals, b->nvals);
    assert_int_equal(a->root, b->root);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->iso, b->iso);
    assert_int_equal(a->transposed, b->transposed);
    assert_true((a->pool == NULL) == (b->pool == NULL));
    if (a->pool == NULL) return;
    assert_int_equal(a->pool->bytes, b->pool->bytes);
    /* past the header (its reference count differs) */
    assert_memory_equal((const char *)a->pool + sizeof(GG_hs_pool),
                        (const char *)b->pool + sizeof(GG_hs_pool), a->pool->bytes - sizeof(GG_hs_pool));
}

/* ---- operations ---------------------------------------------------------------------------------- */

/* Every operation reads A (m x n, FP64 or another type read as FP64) and returns what it gives. */
typedef result (*op_fn)(GrB_Matrix A);

static GrB_Vector full_vector(GrB_Index n, int shift)
{
    GrB_Vector u;
    OK(GrB_Vector_new(&u, GrB_FP64, n));
    for (GrB_Index i = 0; i < n; i++) OK(GrB_Vector_setElement_FP64(u, (double)((i + shift) % 7 + 1), i));
    OK(GrB_Vector_wait(u, GrB_MATERIALIZE));
    return u;
}

static GrB_Vector sparse_vector(GrB_Index n, GrB_Index every)
{
    GrB_Vector u;
    OK(GrB_Vector_new(&u, GrB_FP64, n));
    for (GrB_Index i = 0; i < n; i += every) OK(GrB_Vector_setElement_FP64(u, (double)(i % 5 + 1), i));
    return u;
}

static GrB_Index dim(GrB_Matrix A, bool cols)
{
    GrB_Index d;
    OK(cols ? GrB_Matrix_ncols(&d, A) : GrB_Matrix_nrows(&d, A));
    return d;
}

static result op_tuples(GrB_Matrix A)
{
    return of_matrix(A);
}

static result op_elements(GrB_Matrix A)
{
    /* a probe of each row's first columns and of every stored entry's neighbour */
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, m, n));
    for (GrB_Index i = 0; i < m && i < 300; i++)
        for (GrB_Index j = 0; j < n && j < 40; j++) {
            double x;
            GrB_Info info = GrB_Matrix_extractElement_FP64(&x, A, i, j);
            assert_true(info == GrB_SUCCESS || info == GrB_NO_VALUE);
            if (info == GrB_SUCCESS) OK(GrB_Matrix_setElement_FP64(C, x, i, j));
        }
    return taken(C);
}

static result product(GrB_Matrix A, bool vxm, bool sparse, bool masked)
{
    GrB_Index m = dim(A, false), n = dim(A, true), in = vxm ? m : n, out = vxm ? n : m;
    GrB_Vector u = sparse ? sparse_vector(in, 37) : full_vector(in, 1), y, mask = NULL;
    OK(GrB_Vector_new(&y, GrB_FP64, out));
    GrB_Semiring sr = masked ? GrB_MIN_PLUS_SEMIRING_FP64 : GrB_PLUS_TIMES_SEMIRING_FP64;
    if (masked) mask = sparse_vector(out, 3);
    if (vxm)
        OK(GrB_vxm(y, mask, NULL, sr, u, A, NULL));
    else
        OK(GrB_mxv(y, mask, NULL, sr, A, u, NULL));
    result r = of_vector(y);
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&y));
    if (mask != NULL) OK(GrB_Vector_free(&mask));
    return r;
}

static result op_mxv(GrB_Matrix A) { return product(A, false, false, false); }
static result op_mxv_sparse(GrB_Matrix A) { return product(A, false, true, false); }
static result op_mxv_masked(GrB_Matrix A) { return product(A, false, false, true); }
static result op_vxm(GrB_Matrix A) { return product(A, true, false, false); }
static result op_vxm_sparse(GrB_Matrix A) { return product(A, true, true, true); }

/* w += A u, accumulated into a full w (PageRank's form: the tree adds into w). */
static result op_mxv_accum(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Vector u = full_vector(n, 2), w = full_vector(m, 3);
    OK(GrB_mxv(w, NULL, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    result r = of_vector(w);
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&w));
    return r;
}

static result mxm(GrB_Matrix A, bool tran0, bool tran1)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, tran0 ? n : m, tran1 ? m : n));
    GrB_Descriptor d = tran0 ? GrB_DESC_T0 : tran1 ? GrB_DESC_T1 : NULL;
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, d));
    return taken(C);
}

static result op_mxm_AAt(GrB_Matrix A) { return mxm(A, false, true); }
static result op_mxm_AtA(GrB_Matrix A) { return mxm(A, true, false); }

/* F A with F a few rows (BC's frontier times the graph). */
static result op_mxm_frontier(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Matrix F, C;
    OK(GrB_Matrix_new(&F, GrB_FP64, 3, m));
    for (GrB_Index s = 0; s < 3; s++)
        for (GrB_Index i = s; i < m; i += 11) OK(GrB_Matrix_setElement_FP64(F, (double)(i % 4 + 1), s, i));
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, n));
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, F, A, NULL));
    result r = of_matrix(C);
    OK(GrB_Matrix_free(&F));
    OK(GrB_Matrix_free(&C));
    return r;
}

/* A op B for B = A's entries above 4 (a select: B waits as its view, or with_tree, holds its
 * tree). */
static result ewise(GrB_Matrix A, bool add, bool with_tree)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Matrix B, C;
    OK(GrB_Matrix_new(&B, GrB_FP64, m, n));
    OK(GrB_Matrix_select_FP64(B, NULL, NULL, GrB_VALUEGT_FP64, A, 4.0, NULL));
    if (with_tree) {
        const GG_hs_matrix *h;
        OK(GG_view_hs(GG_MAT(B), &h));
    }
    OK(GrB_Matrix_new(&C, GrB_FP64, m, n));
    if (add)
        OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_MINUS_FP64, A, B, NULL));
    else
        OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, A, B, NULL));
    result r = of_matrix(C);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&C));
    return r;
}

static result op_ewise_add(GrB_Matrix A) { return ewise(A, true, false); }
static result op_ewise_mult_tree(GrB_Matrix A) { return ewise(A, false, true); }

static result op_apply(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, dim(A, false), dim(A, true)));
    OK(GrB_Matrix_apply_BinaryOp2nd_FP64(C, NULL, NULL, GrB_TIMES_FP64, A, 3.0, NULL));
    return taken(C);
}

static result op_apply_transposed(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, dim(A, true), dim(A, false)));
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, GrB_DESC_T0));
    return taken(C);
}

/* C = select(op0(A)) by a positional test into a C of ctype; a waiting A is selected from its
 * view (src/cpu/select.c, select_view): untransposed, from the CSR view it waits as, so it still
 * waits after, its rows not written (its CSC view, made for A', writes them). */
static result select_by(GrB_Matrix A, GrB_IndexUnaryOp op, int64_t k, GrB_Type ctype, bool tran)
{
    GrB_Matrix C;
    bool waiting = GG_MAT(A)->rows_owed;
    OK(GrB_Matrix_new(&C, ctype, dim(A, tran), dim(A, !tran)));
    OK(GrB_Matrix_select_INT64(C, NULL, NULL, op, A, k, tran ? GrB_DESC_T0 : NULL));
    if (waiting && !tran) assert_true(GG_MAT(A)->rows_owed);
    return taken(C);
}

static result op_select_tril(GrB_Matrix A)
{
    return select_by(A, GrB_TRIL, -1, GrB_FP64, false);
}

/* TC's form: BOOL L from an FP64 A */
static result op_select_tril_bool(GrB_Matrix A)
{
    return select_by(A, GrB_TRIL, 0, GrB_BOOL, false);
}

static result op_select_triu_transposed(GrB_Matrix A)
{
    return select_by(A, GrB_TRIU, 2, GrB_FP64, true);
}

static result op_select_diag(GrB_Matrix A)
{
    return select_by(A, GrB_DIAG, -3, GrB_INT32, false);
}

/* outside a range: the kept columns of a row are two runs */
static result op_select_offdiag(GrB_Matrix A)
{
    return select_by(A, GrB_OFFDIAG, 1, GrB_FP64, false);
}

static result op_select_colgt(GrB_Matrix A)
{
    return select_by(A, GrB_COLGT, (int64_t)(dim(A, true) / 3), GrB_FP64, false);
}

static result op_select_colle_transposed(GrB_Matrix A)
{
    return select_by(A, GrB_COLLE, (int64_t)(dim(A, false) / 2), GrB_FP64, true);
}

static result op_select_rowgt(GrB_Matrix A)
{
    return select_by(A, GrB_ROWGT, (int64_t)(dim(A, false) / 4), GrB_FP64, false);
}

/* thunks at the int64 ends: every entry, then none */
static result op_select_extremes(GrB_Matrix A)
{
    result all = select_by(A, GrB_TRIL, INT64_MAX, GrB_FP64, false);
    result none = select_by(A, GrB_TRIU, INT64_MAX, GrB_FP64, true);
    assert_int_equal(none.n, 0);
    tuples_free(&none);
    result low = select_by(A, GrB_ROWLE, INT64_MIN, GrB_FP64, false);
    assert_int_equal(low.n, 0);
    tuples_free(&low);
    return all;
}

static result op_reduce(GrB_Matrix A)
{
    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_FP64, dim(A, false)));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    result r = of_vector(w);
    double s = 0;
    OK(GrB_Matrix_reduce_FP64(&s, NULL, GrB_MAX_MONOID_FP64, A, NULL));
    r.X[r.n] = s; /* the scalar rides in the spare slot, compared below */
    r.n++;
    r.I[r.n - 1] = r.J[r.n - 1] = 0;
    OK(GrB_Vector_free(&w));
    return r;
}

static result op_reduce_cols(GrB_Matrix A)
{
    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_FP64, dim(A, true)));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, A, GrB_DESC_T0));
    result r = of_vector(w);
    OK(GrB_Vector_free(&w));
    return r;
}

static result op_transpose(GrB_Matrix A)
{
    GrB_Matrix T;
    OK(GrB_Matrix_new(&T, GrB_FP64, dim(A, true), dim(A, false)));
    OK(GrB_transpose(T, NULL, NULL, A, NULL));
    return taken(T);
}

/* A copy written afterwards, and A itself read after the copy's write. */
static result op_dup(GrB_Matrix A)
{
    GrB_Matrix D;
    OK(GrB_Matrix_dup(&D, A));
    OK(GrB_Matrix_setElement_FP64(D, 100, 0, 0));
    OK(GrB_Matrix_removeElement(D, dim(A, false) - 1, dim(A, true) - 1));
    result d = of_matrix(D), a = of_matrix(A);
    OK(GrB_Matrix_free(&D));
    /* both in one result: D's entries, then A's */
    result r = {d.nrows, d.ncols, d.n + a.n, malloc((d.n + a.n + 1) * sizeof(GrB_Index)),
                malloc((d.n + a.n + 1) * sizeof(GrB_Index)), malloc((d.n + a.n + 1) * sizeof(double))};
    assert_true(r.I != NULL && r.J != NULL && r.X != NULL);
    memcpy(r.I, d.I, d.n * sizeof *r.I);
    memcpy(r.J, d.J, d.n * sizeof *r.J);
    memcpy(r.X, d.X, d.n * sizeof *r.X);
    memcpy(r.I + d.n, a.I, a.n * sizeof *r.I);
    memcpy(r.J + d.n, a.J, a.n * sizeof *r.J);
    memcpy(r.X + d.n, a.X, a.n * sizeof *r.X);
    tuples_free(&d);
    tuples_free(&a);
    return r;
}

/* Element writes into A (an existing entry, a removal, a new one), then a full read. */
static result op_element_writes(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    result first = of_matrix(A);
    OK(GrB_Matrix_setElement_FP64(A, 50, first.I[0], first.J[0]));
    tuples_free(&first);
    OK(GrB_Matrix_removeElement(A, m - 1, n - 1));
    OK(GrB_Matrix_setElement_FP64(A, 60, m / 2, n / 3));
    double x;
    GrB_Info info = GrB_Matrix_extractElement_FP64(&x, A, m / 2, n / 3);
    assert_int_equal(info, GrB_SUCCESS);
    assert_true(x == 60 || x == 1); /* 1 for a BOOL matrix */
    return of_matrix(A);
}

static result op_extract(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Index I[5] = {m - 1, 0, m / 2, m / 3, 1 % m}, J[4] = {0, n / 2, n - 1, n / 5};
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, 5, 4));
    OK(GrB_Matrix_extract(C, NULL, NULL, A, I, 5, J, 4, NULL));
    return taken(C);
}

/* A(I, J) = S for a small S, then A read (the assign reads and writes A). */
static result op_assign_into(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    if (m < 2 || n < 4) return of_matrix(A); /* the index lists would repeat */
    GrB_Index I[2] = {m / 2, 0}, J[2] = {n - 1, n / 4};
    GrB_Matrix S;
    OK(GrB_Matrix_new(&S, GrB_FP64, 2, 2));
    OK(GrB_Matrix_setElement_FP64(S, 7, 0, 1));
    OK(GrB_Matrix_setElement_FP64(S, 8, 1, 1));
    OK(GrB_Matrix_assign(A, NULL, GrB_PLUS_FP64, S, I, 2, J, 2, NULL));
    OK(GrB_Matrix_free(&S));
    return of_matrix(A);
}

/* Row and column assigns into A (the line updates), then A read. */
static result op_line_assign(GrB_Matrix A)
{
    GrB_Index m = dim(A, false), n = dim(A, true);
    GrB_Vector u = sparse_vector(n, 5), v = sparse_vector(m, 7);
    OK(GrB_Row_assign(A, NULL, NULL, u, m / 2, GrB_ALL, n, NULL));
    OK(GrB_Col_assign(A, NULL, GrB_PLUS_FP64, v, GrB_ALL, m, n / 3, NULL));
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&v));
    return of_matrix(A);
}

/* C<A> = 1: A as a structural mask. */
static result op_as_mask(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GrB_Matrix_new(&C, GrB_FP64, dim(A, false), dim(A, true)));
    OK(GrB_Matrix_assign_FP64(C, A, NULL, 1.0, GrB_ALL, dim(A, false), GrB_ALL, dim(A, true),
                              GrB_DESC_S));
    return taken(C);
}

static result op_resize(GrB_Matrix A)
{
    OK(GrB_Matrix_resize(A, dim(A, false) / 2 + 1, dim(A, true) / 3 + 1));
    return of_matrix(A);
}

static result op_serialize(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GG_test_serialize_copy(&C, A, NULL));
    return taken(C);
}

/* The export's three arrays as one result: (pointer, index, value) per entry, the pointers
 * past the entries in the I column, marked by an index of -1. */
static result export_as(GrB_Matrix A, GrB_Format format)
{
    int32_t code;
    OK(GrB_Matrix_get_INT32(A, &code, GrB_EL_TYPE_CODE));
    if (code != GrB_FP64_CODE) return of_matrix(A); /* exported in its own type only */
    GrB_Index np, ni, nx;
    OK(GrB_Matrix_exportSize(&np, &ni, &nx, format, A));
    GrB_Index len = np > nx ? np : nx;
    GrB_Index *p = calloc(len + 1, sizeof *p), *i = malloc((len + 1) * sizeof *i);
    double *x = calloc(len + 1, sizeof *x);
    assert_true(p != NULL && i != NULL && x != NULL);
    OK(GrB_Matrix_export_FP64(p, i, x, &np, &ni, &nx, format, A));
    assert_int_equal(ni, nx);
    for (GrB_Index k = nx; k < len; k++) i[k] = (GrB_Index)-1;
    result r = {np, ni, len, p, i, x};
    return r;
}

static result op_export_csr(GrB_Matrix A) { return export_as(A, GrB_CSR_FORMAT); }
static result op_export_csc(GrB_Matrix A) { return export_as(A, GrB_CSC_FORMAT); }

static result op_kronecker(GrB_Matrix A)
{
    GrB_Matrix S, C;
    OK(GrB_Matrix_new(&S, GrB_FP64, 2, 1));
    OK(GrB_Matrix_setElement_FP64(S, 2, 1, 0));
    OK(GrB_Matrix_new(&C, GrB_FP64, 2 * dim(A, false), dim(A, true)));
    OK(GrB_Matrix_kronecker_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, S, A, NULL));
    result r = of_matrix(C);
    OK(GrB_Matrix_free(&S));
    OK(GrB_Matrix_free(&C));
    return r;
}

/* The tree built by its reader (the checker verifies it under meson), then A read. */
static result op_tree(GrB_Matrix A)
{
    const GG_hs_matrix *h;
    OK(GG_view_hs(GG_MAT(A), &h));
    assert_false(tree_owed(A));
    return of_matrix(A);
}

typedef struct {
    const char *name;
    op_fn f;
    bool dense; /* allocates by the dimensions (full vectors, a mask over all of C) */
    bool heavy; /* a product of A with its own transpose: skipped for the large input */
} op_case;

static const op_case ops[] = {
    {"tuples", op_tuples, false, false},
    {"elements", op_elements, false, false},
    {"mxv", op_mxv, true, false},
    {"mxv sparse u", op_mxv_sparse, true, false},
    {"mxv masked", op_mxv_masked, true, false},
    {"mxv accumulated", op_mxv_accum, true, false},
    {"vxm", op_vxm, true, false},
    {"vxm sparse u", op_vxm_sparse, true, false},
    {"mxm A A'", op_mxm_AAt, false, true},
    {"mxm A' A", op_mxm_AtA, false, true},
    {"mxm F A", op_mxm_frontier, true, false},
    {"eWiseAdd", op_ewise_add, false, false},
    {"eWiseMult on trees", op_ewise_mult_tree, false, false},
    {"apply", op_apply, false, false},
    {"apply transposed", op_apply_transposed, false, false},
    {"select tril", op_select_tril, false, false},
    {"select tril into BOOL", op_select_tril_bool, false, false},
    {"select triu transposed", op_select_triu_transposed, false, false},
    {"select diag", op_select_diag, false, false},
    {"select offdiag", op_select_offdiag, false, false},
    {"select colgt", op_select_colgt, false, false},
    {"select colle transposed", op_select_colle_transposed, false, false},
    {"select rowgt", op_select_rowgt, false, false},
    {"select thunks at the ends", op_select_extremes, false, false},
    {"reduce", op_reduce, true, false},
    {"reduce columns", op_reduce_cols, true, false},
    {"transpose", op_transpose, false, false},
    {"dup", op_dup, false, false},
    {"element writes", op_element_writes, false, false},
    {"extract", op_extract, false, false},
    {"assign into", op_assign_into, false, false},
    {"row and column assign", op_line_assign, true, false},
    {"as a mask", op_as_mask, false, false},
    {"resize", op_resize, false, false},
    {"serialize", op_serialize, false, false},
    {"export CSR", op_export_csr, true, false},
    {"export CSC", op_export_csc, true, false},
    {"kronecker", op_kronecker, false, false},
    {"tree", op_tree, false, false},
};

/* Every operation on a fresh waiting and a fresh eager matrix of t; then the trees. */
static void check_all(const tuples *t, GrB_Type type, bool huge)
{
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if ((huge && ops[k].dense) || (t->n > 100000 && ops[k].heavy)) continue;
        GrB_Matrix W = build(t, type, true), E = build(t, type, false);
        result w = ops[k].f(W), e = ops[k].f(E);
        assert_same(&w, &e, ops[k].name);
        tuples_free(&w);
        tuples_free(&e);
        assert_same_tree(W, E);
        OK(GrB_Matrix_free(&W));
        OK(GrB_Matrix_free(&E));
    }
}

/* The waiting view is the one the tuples' own view would be: plain or hypersparse by one rule. */
static void check_view_kind(const tuples *t, bool hyper)
{
    GrB_Matrix W = build(t, GrB_FP64, true);
    const GG_cview *v = GG_MAT(W)->csr;
    assert_non_null(v);
    assert_true((v->vec != NULL) == hyper);
    assert_true(GG_MAT(W)->rows_owed);
    OK(GrB_Matrix_free(&W));
}

/* The CPU backend for the tests that look at the waiting form: a device would take the calls
 * and install its own results (the policy is restored after). */
static int32_t cpu_policy(void)
{
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    return policy;
}

static void test_shapes(void **state)
{
    (void)state;
    int32_t policy = cpu_policy();
    /* a plain view */
    tuples t = sorted_tuples(200, 150, 3000, 0, 1);
    check_view_kind(&t, false);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    /* counted, hypersparse: 20 of 2000 rows */
    t = sorted_tuples(2000, 1900, 1500, 20, 2);
    check_view_kind(&t, true);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    /* hypersparse for sure: dimensions of 2^40 */
    t = sorted_tuples((GrB_Index)1 << 40, (GrB_Index)1 << 40, 500, 0, 3);
    check_view_kind(&t, true);
    check_all(&t, GrB_FP64, true);
    tuples_free(&t);
    /* one entry; one row; one column */
    t = sorted_tuples(1, 1, 1, 0, 4);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    t = sorted_tuples(1, 500, 100, 0, 5);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    t = sorted_tuples(500, 1, 100, 0, 6);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    /* casts on the way in, and values all equal (the tree is iso once built) */
    t = sorted_tuples(300, 300, 4000, 0, 7);
    check_all(&t, GrB_INT32, false);
    for (GrB_Index k = 0; k < t.n; k++) t.X[k] = 1;
    check_all(&t, GrB_BOOL, false);
    check_all(&t, GrB_FP64, false);
    tuples_free(&t);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

/* Input of several parts (2^18 tuples and more take one part per 2^16), rows across their
 * bounds, several thread counts. */
static void test_parts(void **state)
{
    (void)state;
    int32_t policy = cpu_policy();
    tuples t = sorted_rows(20000, 3000, 24, 8);
    assert_true(t.n > 4 * ((GrB_Index)1 << 16));
#ifdef _OPENMP
    int threads = omp_get_max_threads();
    for (int nth = 1; nth <= 5; nth += 2) {
        omp_set_num_threads(nth);
#endif
        check_view_kind(&t, false);
        check_all(&t, GrB_FP64, false);
#ifdef _OPENMP
    }
    omp_set_num_threads(threads);
#endif
    tuples_free(&t);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

/* Only the wanted content: built from t, the same as from t reversed. */
static void check_content(const tuples *t, GrB_BinaryOp dup, bool owed)
{
    GrB_Matrix W, E;
    OK(GrB_Matrix_new(&W, GrB_FP64, t->nrows, t->ncols));
    OK(GrB_Matrix_build_FP64(W, t->I, t->J, t->X, t->n, dup));
    assert_int_equal(tree_owed(W), owed);
    E = build_dup(t, GrB_FP64, false, dup);
    result w = of_matrix(W), e = of_matrix(E);
    assert_same(&w, &e, "content");
    tuples_free(&w);
    tuples_free(&e);
    OK(GrB_Matrix_free(&W));
    OK(GrB_Matrix_free(&E));
}

/* Input sorted at its start only, or bad far from it: the tree build takes it, with its errors,
 * and the matrix stays empty on an error. */
static void test_late_faults(void **state)
{
    (void)state;
    int32_t policy = cpu_policy();
    tuples t = sorted_rows(20000, 3000, 24, 9);
    GrB_Index late = t.n - t.n / 3, n = t.n;
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, t.nrows, t.ncols));
    GrB_Index nvals;

    /* two tuples swapped late: built, by the tree */
    GrB_Index si = t.I[late], sj = t.J[late];
    double sx = t.X[late];
    t.I[late] = t.I[late + 1], t.J[late] = t.J[late + 1], t.X[late] = t.X[late + 1];
    t.I[late + 1] = si, t.J[late + 1] = sj, t.X[late + 1] = sx;
    {
        GrB_Matrix W;
        OK(GrB_Matrix_new(&W, GrB_FP64, t.nrows, t.ncols));
        OK(GrB_Matrix_build_FP64(W, t.I, t.J, t.X, n, NULL));
        assert_false(tree_owed(W));
        OK(GrB_Matrix_nvals(&nvals, W));
        assert_int_equal(nvals, n);
        OK(GrB_Matrix_free(&W));
    }
    t.I[late + 1] = t.I[late], t.J[late + 1] = t.J[late], t.X[late + 1] = t.X[late];
    t.I[late] = si, t.J[late] = sj, t.X[late] = sx;

    /* a duplicate late: an error without dup, folded with one */
    GrB_Index ki = t.I[late + 1], keep = t.J[late + 1];
    t.I[late + 1] = t.I[late];
    t.J[late + 1] = t.J[late];
    INFO(GrB_Matrix_build_FP64(A, t.I, t.J, t.X, n, NULL), GrB_INVALID_VALUE);
    OK(GrB_Matrix_nvals(&nvals, A));
    assert_int_equal(nvals, 0);
    check_content(&t, GrB_PLUS_FP64, false);
    t.I[late + 1] = ki;
    t.J[late + 1] = keep;
    check_content(&t, GrB_PLUS_FP64, true); /* restored: sorted, dup unused */

    /* out of range late: a column, then the last row */
    keep = t.J[late];
    t.J[late] = t.ncols;
    INFO(GrB_Matrix_build_FP64(A, t.I, t.J, t.X, n, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    t.J[late] = keep;
    keep = t.I[n - 1];
    t.I[n - 1] = t.nrows;
    INFO(GrB_Matrix_build_FP64(A, t.I, t.J, t.X, n, NULL), GrB_INDEX_OUT_OF_BOUNDS);
    t.I[n - 1] = keep;
    OK(GrB_Matrix_nvals(&nvals, A));
    assert_int_equal(nvals, 0);

    /* a dup of another type than the matrix's casts every value through its own: the tree */
    GrB_Matrix B;
    OK(GrB_Matrix_new(&B, GrB_FP64, t.nrows, t.ncols));
    for (GrB_Index k = 0; k < n; k++) t.X[k] += 0.5;
    OK(GrB_Matrix_build_FP64(B, t.I, t.J, t.X, n, GrB_PLUS_INT32));
    assert_false(tree_owed(B));
    double x;
    OK(GrB_Matrix_extractElement_FP64(&x, B, t.I[0], t.J[0]));
    assert_true(x == (double)(int32_t)t.X[0]);
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&A));
    tuples_free(&t);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

/* A user-defined type waits too (its values copied as they are). */
static void test_udt(void **state)
{
    (void)state;
    GrB_Type U;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    GrB_Index I[3] = {0, 0, 4}, J[3] = {1, 3, 0};
    ct_udt X[3] = {ct_udt_make(1, 1), ct_udt_make(2, 2), ct_udt_make(3, 3)};
    GrB_Matrix A, T;
    OK(GrB_Matrix_new(&A, U, 5, 5));
    OK(GrB_Matrix_build_UDT(A, I, J, X, 3, NULL));
    assert_true(tree_owed(A));
    OK(GrB_Matrix_new(&T, U, 5, 5));
    OK(GrB_transpose(T, NULL, NULL, A, NULL)); /* a tree share: builds A's tree */
    assert_false(tree_owed(A));
    for (int k = 0; k < 3; k++) {
        ct_udt a, t;
        OK(GrB_Matrix_extractElement_UDT(&a, A, I[k], J[k]));
        OK(GrB_Matrix_extractElement_UDT(&t, T, J[k], I[k]));
        assert_true(ct_udt_equal(&a, &X[k]) && ct_udt_equal(&t, &X[k]));
    }
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&T));
    OK(GrB_Type_free(&U));
}

/* ---- readers on several threads -------------------------------------------------------------------- */

#define THREADS 8

typedef struct {
    GrB_Matrix A;
    const result *want; /* per operation of `ops` below */
    int first, failures;
} reader_arg;

static const op_fn reader_ops[] = {op_tuples, op_mxv, op_vxm, op_mxm_AAt, op_transpose,
                                   op_apply, op_tree, op_reduce};
#define NREADER ((int)(sizeof reader_ops / sizeof reader_ops[0]))

static void *reader(void *p)
{
    reader_arg *a = p;
    for (int k = 0; k < NREADER; k++) {
        int q = (a->first + k) % NREADER;
        result r = reader_ops[q](a->A);
        const result *w = &a->want[q];
        bool same = r.n == w->n && r.nrows == w->nrows && r.ncols == w->ncols &&
                    memcmp(r.I, w->I, r.n * sizeof *r.I) == 0 &&
                    memcmp(r.J, w->J, r.n * sizeof *r.J) == 0 &&
                    memcmp(r.X, w->X, r.n * sizeof *r.X) == 0;
        a->failures += !same;
        tuples_free(&r);
    }
    return NULL;
}

/* Threads that read one waiting matrix at once, in different orders (so that any of them may be
 * the one whose read builds the tree or a view), all see the eager matrix's results. */
static void test_threads(void **state)
{
    (void)state;
    tuples t = sorted_tuples(400, 400, 6000, 0, 10);
    GrB_Matrix E = build(&t, GrB_FP64, false);
    result want[NREADER];
    for (int q = 0; q < NREADER; q++) want[q] = reader_ops[q](E);
    for (int round = 0; round < 4; round++) {
        GrB_Matrix W = build(&t, GrB_FP64, true);
        pthread_t tid[THREADS];
        reader_arg args[THREADS];
        for (int k = 0; k < THREADS; k++) {
            args[k] = (reader_arg){W, want, k + round, 0};
            assert_int_equal(pthread_create(&tid[k], NULL, reader, &args[k]), 0);
        }
        for (int k = 0; k < THREADS; k++) {
            pthread_join(tid[k], NULL);
            assert_int_equal(args[k].failures, 0);
        }
        assert_same_tree(W, E);
        OK(GrB_Matrix_free(&W));
    }
    for (int q = 0; q < NREADER; q++) tuples_free(&want[q]);
    OK(GrB_Matrix_free(&E));
    tuples_free(&t);
}

/* A full-vector mxv on a waiting matrix pays its tree (Doc/decisions.md, "An owed tree is paid by
 * the first full-vector mxv again"): pulling over the cached CSR view on every call of a loop made
 * CC on RMAT-20 2-6x slower than the tree's product. */
static void test_full_mxv_pays_tree(void **state)
{
    (void)state;
    tuples t = sorted_tuples(400, 300, 3000, 0, 5);
    GrB_Matrix A = build(&t, GrB_FP64, true);
    GrB_Vector u = full_vector(t.ncols, 1), w;
    OK(GrB_Vector_new(&w, GrB_FP64, t.nrows));
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL));
    OK(GrB_Vector_wait(w, GrB_MATERIALIZE));
    assert_false(tree_owed(A));
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&w));
    OK(GrB_Matrix_free(&A));
    tuples_free(&t);
}

/* Each allocation of a waiting build failing in turn: GrB_OUT_OF_MEMORY, the matrix empty and
 * nothing leaked, until the build succeeds; then a tree reader's build failing leaves the
 * waiting content readable. */
/* A positional select from a waiting A (select_view) whose allocations fail one after another:
 * GrB_OUT_OF_MEMORY, nothing leaked, C's old content and A's waiting form kept; then the result
 * of the eager A. */
static void test_select_out_of_memory(void **state)
{
    (void)state;
    int32_t policy = cpu_policy();
    tuples t = sorted_tuples(300, 300, 3000, 20, 12);
    GrB_Matrix A = build(&t, GrB_FP64, true), E = build(&t, GrB_FP64, false), C;
    result want = select_by(E, GrB_OFFDIAG, 1, GrB_FP64, false);
    OK(GrB_Matrix_new(&C, GrB_FP64, t.nrows, t.ncols));
    OK(GrB_Matrix_setElement_FP64(C, 7.0, 2, 3));
    OK(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    for (int64_t k = 1;; k++) {
        assert_true(k < 1000);
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_select_INT64(C, NULL, NULL, GrB_OFFDIAG, A, 1, NULL);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        assert_int_equal(GG_mem_live_blocks(), live);
        assert_true(GG_MAT(A)->rows_owed);
        GrB_Index nvals;
        double x = 0;
        OK(GrB_Matrix_nvals(&nvals, C));
        assert_int_equal(nvals, 1);
        OK(GrB_Matrix_extractElement_FP64(&x, C, 2, 3));
        assert_true(x == 7.0);
    }
    result got = of_matrix(C);
    assert_same(&got, &want, "select after failed allocations");
    tuples_free(&got), tuples_free(&want), tuples_free(&t);
    OK(GrB_Matrix_free(&A)), OK(GrB_Matrix_free(&E)), OK(GrB_Matrix_free(&C));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

static void test_out_of_memory(void **state)
{
    (void)state;
    tuples t = sorted_tuples(300, 200, 2000, 20, 11);
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, t.nrows, t.ncols));
    GrB_Index nvals;
    for (int64_t k = 1;; k++) {
        assert_true(k < 1000);
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_build_FP64(A, t.I, t.J, t.X, t.n, NULL);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        assert_int_equal(GG_mem_live_blocks(), live);
        OK(GrB_Matrix_nvals(&nvals, A));
        assert_int_equal(nvals, 0);
    }
    assert_true(tree_owed(A));
    GrB_Matrix E = build(&t, GrB_FP64, false);
    result e = of_matrix(E);
    for (int64_t k = 1;; k++) {
        assert_true(k < 10000);
        const GG_hs_matrix *h;
        GG_mem_fail_after(k);
        GrB_Info info = GG_view_hs(GG_MAT(A), &h);
        GG_mem_fail_after(0);
        result w = of_matrix(A);
        assert_same(&w, &e, "after a failed tree build");
        tuples_free(&w);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        assert_true(tree_owed(A));
    }
    assert_same_tree(A, E);
    tuples_free(&e);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&E));
    tuples_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes),     cmocka_unit_test(test_parts),
        cmocka_unit_test(test_late_faults), cmocka_unit_test(test_udt),
        cmocka_unit_test(test_threads),    cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_full_mxv_pays_tree), cmocka_unit_test(test_select_out_of_memory),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
