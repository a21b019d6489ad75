/* test_vforms.c: a vector's content in its three forms (src/store, Doc/vector-forms.md): the
 * conversions between every pair of forms, iso or not; the switch points of GG_vform_choose and
 * the forms vectors take after writes; pending setElement/removeElement on each form against a
 * dense reference; dup, resize and clear on each form; out-of-memory during a conversion or while
 * the log is applied leaves the vector unchanged; an iso full vector of 2^60 entries, which
 * costs one stored value; GrB_Vector_build in each of its ways; and the kernels that split their
 * work by threads giving on four threads what they give on one. */
#include "containers_test.h"

#include <stdio.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "GG_store.h"

/* ---- a dense reference ----------------------------------------------------------------------- */

typedef struct {
    GrB_Index n;
    bool *has;
    int64_t *val;
} ref_t;

static ref_t ref_new(GrB_Index n)
{
    ref_t r = {n, calloc(n + 1, sizeof(bool)), calloc(n + 1, sizeof(int64_t))};
    assert_true(r.has != NULL && r.val != NULL);
    return r;
}

static void ref_free(ref_t *r)
{
    free(r->has);
    free(r->val);
}

static GrB_Index ref_nvals(const ref_t *r)
{
    GrB_Index m = 0;
    for (GrB_Index k = 0; k < r->n; k++) m += r->has[k];
    return m;
}

/* v's invariants for its form, and its entries exactly the reference's. */
static void check_vdata(const GG_vdata *v, const ref_t *r)
{
    assert_int_equal(v->n, r->n);
    assert_int_equal(v->size, sizeof(int64_t));
    assert_int_equal(v->nvals, ref_nvals(r));
    if (v->form == GG_VF_SPARSE) {
        assert_null(v->b);
        for (uint64_t p = 1; p < v->nvals; p++) assert_true(v->i[p - 1] < v->i[p]);
    } else if (v->form == GG_VF_BITMAP) {
        assert_null(v->i);
        uint64_t m = 0;
        for (uint64_t k = 0; k < v->n; k++) {
            assert_true(v->b[k] <= 1);
            m += v->b[k];
        }
        assert_int_equal(m, v->nvals);
    } else {
        assert_int_equal(v->form, GG_VF_FULL);
        assert_true(v->i == NULL && v->b == NULL);
        assert_int_equal(v->nvals, v->n);
    }
    uint64_t q = 0, k, p, e = 0;
    while (GG_vdata_next(v, &q, &k, &p)) {
        assert_true(k < r->n && r->has[k]);
        assert_int_equal(*(const int64_t *)GG_vdata_val(v, p), r->val[k]);
        uint64_t p2;
        assert_true(GG_vdata_find(v, k, &p2));
        assert_int_equal(p2, p);
        e++;
    }
    assert_int_equal(e, v->nvals);
    for (GrB_Index j = 0; j < r->n; j++) {
        uint64_t p2;
        assert_int_equal(GG_vdata_find(v, j, &p2), r->has[j]);
    }
}

/* The vector through the API (nvals, every element, extractTuples) and its host content. */
static void check_vector(GrB_Vector w, const ref_t *r)
{
    GrB_Index n, m = ref_nvals(r);
    OK(GrB_Vector_size(&n, w));
    assert_int_equal(n, r->n);
    OK(GrB_Vector_nvals(&n, w));
    assert_int_equal(n, m);
    for (GrB_Index k = 0; k < r->n; k++) {
        int64_t x = -1;
        GrB_Info info = GrB_Vector_extractElement_INT64(&x, w, k);
        assert_int_equal(info, r->has[k] ? GrB_SUCCESS : GrB_NO_VALUE);
        if (r->has[k]) assert_int_equal(x, r->val[k]);
    }
    GrB_Index *I = malloc((m + 1) * sizeof *I);
    int64_t *X = malloc((m + 1) * sizeof *X);
    assert_true(I != NULL && X != NULL);
    GrB_Index got = m;
    OK(GrB_Vector_extractTuples_INT64(I, X, &got, w));
    assert_int_equal(got, m);
    for (GrB_Index k = 0, e = 0; k < r->n; k++) {
        if (!r->has[k]) continue;
        assert_int_equal(I[e], k);
        assert_int_equal(X[e], r->val[k]);
        e++;
    }
    free(I);
    free(X);
    const GG_vdata *v;
    OK(GG_vec_host(GG_VEC(w), &v));
    check_vdata(v, r);
}

/* A vdata in `form` holding the reference's entries (iso: all values must be equal). */
static void vdata_of(GG_vdata *v, const ref_t *r, GG_vform_kind form, bool iso)
{
    GrB_Index m = ref_nvals(r);
    OK(GG_vdata_alloc(v, r->n, sizeof(int64_t), form, m, iso));
    int64_t *x = v->x;
    uint64_t e = 0;
    for (GrB_Index k = 0; k < r->n; k++) {
        if (!r->has[k]) continue;
        if (form == GG_VF_SPARSE) v->i[e] = k;
        if (form == GG_VF_BITMAP) v->b[k] = 1;
        if (iso)
            x[0] = r->val[k];
        else
            x[form == GG_VF_SPARSE ? e : k] = r->val[k];
        e++;
    }
}

/* A vector installed with the reference's entries (conformed by density). */
static GrB_Vector vector_of(const ref_t *r, bool iso)
{
    GrB_Vector w;
    OK(GrB_Vector_new(&w, GrB_INT64, r->n));
    GG_vdata v;
    vdata_of(&v, r, GG_VF_SPARSE, iso);
    GG_vec_adopt(GG_VEC(w), &v);
    return w;
}

/* The reference with m entries spread over n positions (all of them when m == n); values are
 * the index plus one, or `iso` when it is not 0. */
static ref_t ref_spread(GrB_Index n, GrB_Index m, int64_t iso)
{
    ref_t r = ref_new(n);
    for (GrB_Index e = 0; e < m; e++) {
        GrB_Index k = m == n ? e : e * (n / m);
        r.has[k] = true;
        r.val[k] = iso != 0 ? iso : (int64_t)k + 1;
    }
    return r;
}

/* ---- conversions ----------------------------------------------------------------------------- */

/* Every pair of forms, iso or not, on a small dimension and on one large enough to convert in
 * parallel chunks. */
static void conversions(GrB_Index n, bool iso)
{
    const GG_vform_kind forms[] = {GG_VF_SPARSE, GG_VF_BITMAP, GG_VF_FULL};
    const GrB_Index counts[] = {0, 1, 37 * n / 100, n};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        ref_t r = ref_spread(n, counts[c], iso ? 7 : 0);
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                bool complete = counts[c] == n;
                if ((forms[a] == GG_VF_FULL || forms[b] == GG_VF_FULL) && !complete) continue;
                GG_vdata v;
                vdata_of(&v, &r, forms[a], iso);
                check_vdata(&v, &r);
                OK(GG_vdata_convert(&v, forms[b]));
                assert_int_equal(v.form, forms[b]);
                assert_int_equal(v.iso, iso);
                check_vdata(&v, &r);
                GG_vdata d;
                OK(GG_vdata_dup(&d, &v));
                check_vdata(&d, &r);
                GG_vdata_free(&d);
                OK(GG_vdata_conform(&v));
                assert_int_equal(v.form, GG_vform_choose(n, counts[c], iso));
                check_vdata(&v, &r);
                GG_vdata_free(&v);
            }
        }
        /* a FULL target needs every position */
        if (counts[c] < n) {
            GG_vdata v;
            vdata_of(&v, &r, GG_VF_SPARSE, iso);
            assert_int_equal(GG_vdata_convert(&v, GG_VF_FULL), GrB_INVALID_VALUE);
            check_vdata(&v, &r);
            GG_vdata_free(&v);
        }
        ref_free(&r);
    }
}

static void test_conversions(void **state)
{
    (void)state;
#ifdef _OPENMP
    int threads = omp_get_max_threads();
    omp_set_num_threads(4);
#endif
    for (int iso = 0; iso <= 1; iso++) {
        conversions(100, iso);
        conversions(400000, iso);
    }
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
}

/* ---- switch points --------------------------------------------------------------------------- */

static void test_switch_points(void **state)
{
    (void)state;
    const GrB_Index n = 3200, cut = n / GG_VFORM_SPARSE_DIV;
    assert_int_equal(GG_vform_choose(n, 0, false), GG_VF_SPARSE);
    assert_int_equal(GG_vform_choose(n, cut - 1, false), GG_VF_SPARSE);
    assert_int_equal(GG_vform_choose(n, cut, false), GG_VF_BITMAP);
    assert_int_equal(GG_vform_choose(n, cut + 1, false), GG_VF_BITMAP);
    assert_int_equal(GG_vform_choose(n, n - 1, true), GG_VF_BITMAP);
    assert_int_equal(GG_vform_choose(n, n, false), GG_VF_FULL);
    assert_int_equal(GG_vform_choose(n, n, true), GG_VF_FULL);
    /* beyond the bitmap limit: sparse, unless complete and iso */
    GrB_Index huge = GG_VFORM_BITMAP_MAX + 1;
    assert_int_equal(GG_vform_choose(huge, huge / 2, false), GG_VF_SPARSE);
    assert_int_equal(GG_vform_choose(huge, huge, false), GG_VF_SPARSE);
    assert_int_equal(GG_vform_choose(huge, huge, true), GG_VF_FULL);

    /* vectors built through the API take the form of their density */
    const struct {
        GrB_Index m;
        GG_vform_kind form;
    } cases[] = {{cut - 1, GG_VF_SPARSE}, {cut, GG_VF_BITMAP}, {n - 1, GG_VF_BITMAP},
                 {n, GG_VF_FULL}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ref_t r = ref_spread(n, cases[c].m, 0);
        GrB_Index *I = malloc(n * sizeof *I), m = 0;
        int64_t *X = malloc(n * sizeof *X);
        for (GrB_Index k = 0; k < n; k++)
            if (r.has[k]) I[m] = k, X[m++] = r.val[k];
        GrB_Vector w;
        OK(GrB_Vector_new(&w, GrB_INT64, n));
        assert_int_equal(GG_VEC(w)->v.form, GG_VF_SPARSE); /* new: empty, nothing allocated */
        OK(GrB_Vector_build_INT64(w, I, X, m, NULL));
        assert_int_equal(GG_VEC(w)->v.form, cases[c].form);
        check_vector(w, &r);
        /* a removal drops a full vector to a bitmap, one more below the cut to sparse */
        GrB_Index k0 = I[0];
        OK(GrB_Vector_removeElement(w, k0));
        r.has[k0] = false;
        check_vector(w, &r);
        assert_int_equal(GG_VEC(w)->v.form, GG_vform_choose(n, m - 1, false));
        OK(GrB_Vector_free(&w));
        free(I);
        free(X);
        ref_free(&r);
    }
}

/* ---- pending work on each form --------------------------------------------------------------- */

/* Random setElement/removeElement/reads on a vector that starts with m of n entries (iso or not),
 * checked against the reference after every batch. */
static void pending_run(GrB_Index n, GrB_Index m, bool iso, uint64_t seed)
{
    ref_t r = ref_spread(n, m, iso ? 5 : 0);
    GrB_Vector w = vector_of(&r, iso);
    check_vector(w, &r);
    for (int batch = 0; batch < 12; batch++) {
        int ops = 1 + (int)(ct_rand(&seed) % (batch % 3 == 0 ? 3 : 40));
        for (int o = 0; o < ops; o++) {
            GrB_Index k = ct_rand(&seed) % n;
            uint64_t what = ct_rand(&seed) % 8;
            if (what < 3) {
                OK(GrB_Vector_removeElement(w, k));
                r.has[k] = false;
            } else {
                /* iso vectors mostly get their own value, sometimes another */
                int64_t x = iso && what < 7 ? 5 : (int64_t)(ct_rand(&seed) % 1000);
                OK(GrB_Vector_setElement_INT64(w, x, k));
                r.has[k] = true;
                r.val[k] = x;
            }
        }
        check_vector(w, &r);
        const GG_vdata *v;
        OK(GG_vec_host(GG_VEC(w), &v));
        assert_int_equal(v->form, GG_vform_choose(n, ref_nvals(&r), v->iso));
        assert_int_equal(GG_VEC(w)->pending.n, 0);
    }
    OK(GrB_Vector_free(&w));
    ref_free(&r);
}

static void test_pending(void **state)
{
    (void)state;
    const GrB_Index n = 640;
    const GrB_Index counts[] = {3, 100, 600, 640};
    for (int iso = 0; iso <= 1; iso++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            pending_run(n, counts[c], iso, 100 + c + 10 * iso);
}

/* Updates that cost O(1) on a bitmap or full vector take effect at once; those a sparse vector
 * cannot take in place are logged; an iso vector given another value stops being iso. */
static void test_update_paths(void **state)
{
    (void)state;
    ref_t r = ref_spread(256, 128, 0);
    GrB_Vector w = vector_of(&r, false);
    GG_container *c = GG_VEC(w);
    assert_int_equal(c->v.form, GG_VF_BITMAP);
    OK(GrB_Vector_setElement_INT64(w, 11, 1));
    OK(GrB_Vector_removeElement(w, 2));
    OK(GrB_Vector_setElement_INT64(w, 12, 2));
    assert_int_equal(c->pending.n, 0);
    r.has[1] = r.has[2] = true;
    r.val[1] = 11;
    r.val[2] = 12;
    check_vector(w, &r);
    OK(GrB_Vector_free(&w));
    ref_free(&r);

    r = ref_spread(256, 4, 0);
    w = vector_of(&r, false);
    c = GG_VEC(w);
    assert_int_equal(c->v.form, GG_VF_SPARSE);
    OK(GrB_Vector_setElement_INT64(w, 99, 0)); /* existing: in place */
    assert_int_equal(c->pending.n, 0);
    OK(GrB_Vector_setElement_INT64(w, 98, 1)); /* new: logged */
    OK(GrB_Vector_removeElement(w, 64));
    assert_int_equal(c->pending.n, 2);
    r.val[0] = 99;
    r.has[1] = true;
    r.val[1] = 98;
    r.has[64] = false;
    check_vector(w, &r);
    OK(GrB_Vector_free(&w));
    ref_free(&r);

    /* iso full: the same value keeps it iso, another one makes it a plain vector */
    OK(GrB_Vector_new(&w, GrB_INT64, 100));
    c = GG_VEC(w);
    OK(GrB_Vector_assign_INT64(w, NULL, NULL, 7, GrB_ALL, 100, NULL));
    assert_true(c->v.iso && c->v.form == GG_VF_FULL);
    OK(GrB_Vector_setElement_INT64(w, 7, 3));
    assert_true(c->v.iso && c->pending.n == 0);
    OK(GrB_Vector_setElement_INT64(w, 9, 3));
    r = ref_spread(100, 100, 7);
    r.val[3] = 9;
    check_vector(w, &r);
    assert_false(c->v.iso);
    /* removals from a full vector leave a bitmap, then a sparse vector */
    for (GrB_Index k = 0; k < 99; k++) {
        OK(GrB_Vector_removeElement(w, k));
        r.has[k] = false;
    }
    check_vector(w, &r);
    assert_int_equal(c->v.form, GG_VF_SPARSE);
    OK(GrB_Vector_free(&w));
    ref_free(&r);
}

/* ---- dup, resize, clear ---------------------------------------------------------------------- */

static void test_dup_resize_clear(void **state)
{
    (void)state;
    const GrB_Index n = 320;
    const GrB_Index counts[] = {0, 5, 200, 320};
    for (int iso = 0; iso <= 1; iso++) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            ref_t r = ref_spread(n, counts[c], iso ? 3 : 0);
            GrB_Vector w = vector_of(&r, iso), d;
            GG_vform_kind form = (GG_vform_kind)GG_VEC(w)->v.form;
            OK(GrB_Vector_dup(&d, w));
            assert_int_equal(GG_VEC(d)->v.form, form);
            assert_int_equal(GG_VEC(d)->v.iso, GG_VEC(w)->v.iso);
            check_vector(d, &r);
            /* independent copies */
            OK(GrB_Vector_setElement_INT64(d, -1, 0));
            check_vector(w, &r);
            OK(GrB_Vector_free(&d));

            /* shrink, grow back (the new positions are empty), grow past every form */
            const GrB_Index sizes[] = {n / 2, n, 4 * n, 7, 0, n};
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                GrB_Index m = sizes[s];
                ref_t t = ref_new(m);
                for (GrB_Index k = 0; k < m && k < r.n; k++) {
                    t.has[k] = r.has[k];
                    t.val[k] = r.val[k];
                }
                OK(GrB_Vector_resize(w, m));
                check_vector(w, &t);
                ref_free(&r);
                r = t;
            }
            OK(GrB_Vector_clear(w));
            for (GrB_Index k = 0; k < r.n; k++) r.has[k] = false;
            check_vector(w, &r);
            OK(GrB_Vector_setElement_INT64(w, 4, 1));
            r.has[1] = true;
            r.val[1] = 4;
            check_vector(w, &r);
            OK(GrB_Vector_free(&w));
            ref_free(&r);
        }
    }
}

/* ---- build ----------------------------------------------------------------------------------- */

/* GrB_Vector_build in each of its ways (src/store/vector.c): strictly increasing indices, a
 * scatter into a bitmap (serially, and by index ranges on four threads), and the sort of few
 * tuples; repeats combined in input order by operators that are not commutative (MINUS, SECOND),
 * INT32 values cast through the operator's type, against the reference. Repeats without dup and
 * an index out of range fail and leave the vector empty. */
static void test_build(void **state)
{
    (void)state;
#ifdef _OPENMP
    int threads = omp_get_max_threads();
    omp_set_num_threads(4);
#endif
    const GrB_Index n = 300000;
    /* the sort (50, 5000), the serial scatter (40,000) and the ranges (400,000 on four threads) */
    const GrB_Index counts[] = {1, 50, 5000, 40000, 400000};
    const GrB_BinaryOp dups[] = {GrB_MINUS_FP64, GrB_SECOND_INT64, GrB_PLUS_INT32};
    GrB_Index *I = malloc(400001 * sizeof *I);
    int32_t *X = malloc(400001 * sizeof *X);
    assert_true(I != NULL && X != NULL);
    uint64_t seed = 11;
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        GrB_Index m = counts[c];
        for (GrB_Index k = 0; k < m; k++) {
            I[k] = ct_rand(&seed) % n;
            X[k] = (int32_t)(ct_rand(&seed) % 200) - 100;
        }
        for (size_t d = 0; d < sizeof dups / sizeof dups[0]; d++) {
            ref_t r = ref_new(n);
            for (GrB_Index k = 0; k < m; k++) {
                int64_t *z = &r.val[I[k]];
                if (!r.has[I[k]])
                    *z = X[k];
                else if (d == 0)
                    *z -= X[k];
                else if (d == 1)
                    *z = X[k];
                else
                    *z = (int32_t)((uint32_t)*z + (uint32_t)X[k]);
                r.has[I[k]] = true;
            }
            GrB_Vector w;
            OK(GrB_Vector_new(&w, GrB_INT64, n));
            OK(GrB_Vector_build_INT32(w, I, X, m, dups[d]));
            check_vector(w, &r);
            OK(GrB_Vector_free(&w));
            ref_free(&r);
        }
        /* repeats without dup (there are, m being large enough or 1 < m), then a bad index */
        GrB_Vector w;
        OK(GrB_Vector_new(&w, GrB_INT64, n));
        if (m > 1) {
            I[m - 1] = I[0];
            INFO(GrB_Vector_build_INT32(w, I, X, m, NULL), GrB_INVALID_VALUE);
        }
        I[m / 2] = n;
        INFO(GrB_Vector_build_INT32(w, I, X, m, GrB_PLUS_INT64), GrB_INDEX_OUT_OF_BOUNDS);
        GrB_Index nv;
        OK(GrB_Vector_nvals(&nv, w));
        assert_int_equal(nv, 0);
        OK(GrB_Vector_free(&w));
    }
    /* strictly increasing: every third position, or all of them (FULL) */
    for (GrB_Index step = 1; step <= 3; step += 2) {
        ref_t r = ref_new(n);
        GrB_Index m = 0;
        for (GrB_Index i = 0; i < n; i += step, m++) {
            I[m] = i;
            X[m] = (int32_t)(i % 1000) - 500;
            r.has[i] = true;
            r.val[i] = X[m];
        }
        GrB_Vector w;
        OK(GrB_Vector_new(&w, GrB_INT64, n));
        OK(GrB_Vector_build_INT32(w, I, X, m, NULL));
        check_vector(w, &r);
        assert_int_equal(GG_VEC(w)->v.form, step == 1 ? GG_VF_FULL : GG_VF_BITMAP);
        OK(GrB_Vector_free(&w));
        ref_free(&r);
    }
    free(I);
    free(X);
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
}

/* The vector kernels that split their work by the thread rule give on four threads what they give
 * on one: select, apply (typed and index-unary), extract, eWiseAdd, eWiseMult, a masked assign, a
 * reduce and the tuples, on 300,000-entry vectors in each form (large enough for several chunks). */
static GrB_Vector parallel_case(const GrB_Vector *u, int form)
{
    const GrB_Index n = 300000;
    GrB_Vector a, b, m, w;
    OK(GrB_Vector_new(&a, GrB_INT64, n));
    OK(GrB_Vector_new(&b, GrB_INT64, n));
    OK(GrB_Vector_new(&m, GrB_BOOL, n));
    OK(GrB_Vector_new(&w, GrB_INT64, n));
    /* a: u in the form asked for (a select of every other entry makes it sparse or a bitmap) */
    if (form == 0) OK(GrB_Vector_select_INT64(a, NULL, NULL, GrB_VALUEGT_INT64, *u, 60, NULL));
    if (form == 1) OK(GrB_Vector_select_INT64(a, NULL, NULL, GrB_VALUEGT_INT64, *u, 3, NULL));
    if (form == 2) OK(GrB_Vector_apply(a, NULL, NULL, GrB_IDENTITY_INT64, *u, NULL));
    OK(GrB_Vector_apply_IndexOp_INT64(b, NULL, NULL, GrB_ROWINDEX_INT64, a, 7, NULL));
    OK(GrB_Vector_apply_BinaryOp2nd_INT64(b, NULL, GrB_PLUS_INT64, GrB_TIMES_INT64, a, 3, NULL));
    OK(GrB_Vector_select_INT64(m, NULL, NULL, GrB_VALUELT_INT64, b, 150, NULL));
    OK(GrB_Vector_eWiseAdd_BinaryOp(w, NULL, NULL, GrB_MIN_INT64, a, b, NULL));
    OK(GrB_Vector_eWiseMult_BinaryOp(w, NULL, GrB_PLUS_INT64, GrB_MINUS_INT64, w, a, NULL));
    GrB_Index *perm = malloc(n * sizeof *perm);
    assert_non_null(perm);
    for (GrB_Index k = 0; k < n; k++) perm[k] = (k * 7919) % n;
    OK(GrB_Vector_extract(b, NULL, NULL, w, perm, n, NULL));
    OK(GrB_Vector_assign_INT64(b, m, NULL, -5, GrB_ALL, n, GrB_DESC_S));
    int64_t sum;
    OK(GrB_Vector_reduce_INT64(&sum, NULL, GrB_PLUS_MONOID_INT64, b, NULL));
    OK(GrB_Vector_setElement_INT64(b, sum, 0));
    free(perm);
    GrB_Vector_free(&a);
    GrB_Vector_free(&m);
    GrB_Vector_free(&w);
    return b;
}

static void test_parallel_kernels(void **state)
{
    (void)state;
#ifdef _OPENMP
    int threads = omp_get_max_threads();
#endif
    const GrB_Index n = 300000;
    GrB_Vector u;
    OK(GrB_Vector_new(&u, GrB_INT64, n));
    uint64_t seed = 5;
    for (GrB_Index k = 0; k < n; k++) OK(GrB_Vector_setElement_INT64(u, (int64_t)(ct_rand(&seed) % 64), k));
    for (int form = 0; form < 3; form++) {
        GrB_Vector r[2];
        for (int t = 0; t < 2; t++) {
#ifdef _OPENMP
            omp_set_num_threads(t == 0 ? 1 : 4);
#endif
            r[t] = parallel_case(&u, form);
        }
        GrB_Index n0, n1;
        OK(GrB_Vector_nvals(&n0, r[0]));
        OK(GrB_Vector_nvals(&n1, r[1]));
        assert_int_equal(n0, n1);
        GrB_Index *I[2];
        int64_t *X[2];
        for (int t = 0; t < 2; t++) {
            I[t] = malloc((n0 + 1) * sizeof(GrB_Index));
            X[t] = malloc((n0 + 1) * sizeof(int64_t));
            assert_true(I[t] != NULL && X[t] != NULL);
            GrB_Index got = n0;
            OK(GrB_Vector_extractTuples_INT64(I[t], X[t], &got, r[t]));
            assert_int_equal(got, n0);
        }
        assert_memory_equal(I[0], I[1], n0 * sizeof(GrB_Index));
        assert_memory_equal(X[0], X[1], n0 * sizeof(int64_t));
        for (int t = 0; t < 2; t++) {
            free(I[t]);
            free(X[t]);
            GrB_Vector_free(&r[t]);
        }
    }
    GrB_Vector_free(&u);
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
}

/* ---- out of memory --------------------------------------------------------------------------- */

/* Every allocation of a conversion failing in turn: GrB_OUT_OF_MEMORY and v as it was. */
static void test_oom_conversion(void **state)
{
    (void)state;
    const GG_vform_kind forms[] = {GG_VF_SPARSE, GG_VF_BITMAP, GG_VF_FULL};
    for (int iso = 0; iso <= 1; iso++) {
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                ref_t r = ref_spread(64, a == 2 || b == 2 ? 64 : 16, iso ? 2 : 0);
                GG_vdata v;
                vdata_of(&v, &r, forms[a], iso);
                for (int64_t k = 1;; k++) {
                    GG_mem_fail_after(k);
                    GrB_Info info = GG_vdata_convert(&v, forms[b]);
                    GG_mem_fail_after(0);
                    check_vdata(&v, &r);
                    if (info == GrB_SUCCESS) break;
                    assert_int_equal(info, GrB_OUT_OF_MEMORY);
                    assert_int_equal(v.form, forms[a]);
                }
                assert_int_equal(v.form, forms[b]);
                GG_vdata_free(&v);
                ref_free(&r);
            }
        }
    }
}

/* The log applied (by a read) with each allocation failing in turn: the read fails, the vector
 * keeps its content and its log, and the next read succeeds. No block is left behind. */
static void test_oom_pending(void **state)
{
    (void)state;
    const GrB_Index counts[] = {4, 100, 128};
    for (int iso = 0; iso <= 1; iso++) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            ref_t r = ref_spread(128, counts[c], iso ? 6 : 0);
            GrB_Vector w = vector_of(&r, iso);
            int64_t before = GG_mem_live_blocks();
            /* a new entry, a removal, another value: each form must log something */
            OK(GrB_Vector_setElement_INT64(w, 1000, 3));
            OK(GrB_Vector_removeElement(w, 0));
            OK(GrB_Vector_setElement_INT64(w, 1001, 5));
            ref_t after = ref_new(128);
            memcpy(after.has, r.has, 128 * sizeof(bool));
            memcpy(after.val, r.val, 128 * sizeof(int64_t));
            after.has[3] = after.has[5] = true;
            after.val[3] = 1000;
            after.val[5] = 1001;
            after.has[0] = false;
            for (int64_t k = 1;; k++) {
                GrB_Index nv;
                GG_mem_fail_after(k);
                GrB_Info info = GrB_Vector_nvals(&nv, w);
                GG_mem_fail_after(0);
                if (info == GrB_SUCCESS) break;
                assert_int_equal(info, GrB_OUT_OF_MEMORY);
                assert_true(GG_VEC(w)->pending.n > 0);
            }
            check_vector(w, &after);
            OK(GrB_Vector_clear(w));
            assert_true(GG_mem_live_blocks() <= before);
            OK(GrB_Vector_free(&w));
            ref_free(&r);
            ref_free(&after);
        }
    }
}

/* A resize that must allocate (a bitmap or full vector growing) fails cleanly at every
 * allocation. */
static void test_oom_resize(void **state)
{
    (void)state;
    const GrB_Index counts[] = {4, 100, 128};
    for (int iso = 0; iso <= 1; iso++) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            ref_t r = ref_spread(128, counts[c], iso ? 6 : 0);
            GrB_Vector w = vector_of(&r, iso);
            for (int64_t k = 1;; k++) {
                GG_mem_fail_after(k);
                GrB_Info info = GrB_Vector_resize(w, 1000);
                GG_mem_fail_after(0);
                if (info == GrB_SUCCESS) break;
                assert_int_equal(info, GrB_OUT_OF_MEMORY);
                check_vector(w, &r);
            }
            ref_t t = ref_new(1000);
            memcpy(t.has, r.has, 128 * sizeof(bool));
            memcpy(t.val, r.val, 128 * sizeof(int64_t));
            check_vector(w, &t);
            OK(GrB_Vector_free(&w));
            ref_free(&r);
            ref_free(&t);
        }
    }
}

/* ---- the store calls of a CPU slot ----------------------------------------------------------- */

/* A slot that writes in place (GG_vec_host_mut, then GG_vec_written): the views and the device
 * copy are dropped first, and the form is conformed after. */
static void test_host_mut(void **state)
{
    (void)state;
    ref_t r = ref_spread(64, 32, 0);
    GrB_Vector w = vector_of(&r, false);
    GG_container *c = GG_VEC(w);
    const GG_cview *view;
    OK(GG_view_csr(c, &view));
    assert_non_null(c->csr);
    GG_vdata *v;
    OK(GG_vec_host_mut(c, &v));
    assert_null(c->csr);
    assert_false(c->coo_cached);
    assert_int_equal(c->res, GG_RES_HOST);
    assert_int_equal(v->form, GG_VF_BITMAP);
    for (GrB_Index k = 0; k < 64; k++) {
        v->nvals += !v->b[k];
        v->b[k] = 1;
        ((int64_t *)v->x)[k] = -(int64_t)k;
        r.has[k] = true;
        r.val[k] = -(int64_t)k;
    }
    GG_vec_written(c);
    assert_int_equal(c->v.form, GG_VF_FULL);
    check_vector(w, &r);
    OK(GrB_Vector_free(&w));
    ref_free(&r);
}

/* ---- huge iso vectors ------------------------------------------------------------------------ */

static void test_huge_iso_full(void **state)
{
    (void)state;
    const GrB_Index n = (GrB_Index)1 << 60;
    GrB_Vector w, d;
    OK(GrB_Vector_new(&w, GrB_INT64, n));
    int64_t before = GG_mem_live_blocks();
    OK(GrB_Vector_assign_INT64(w, NULL, NULL, 7, GrB_ALL, n, NULL));
    /* one stored value: the vector itself adds at most a block */
    assert_true(GG_mem_live_blocks() <= before + 1);
    const GG_vdata *v;
    OK(GG_vec_host(GG_VEC(w), &v));
    assert_true(v->iso && v->form == GG_VF_FULL && v->nvals == n);
    GrB_Index nv;
    OK(GrB_Vector_nvals(&nv, w));
    assert_int_equal(nv, n);
    int64_t x = 0;
    OK(GrB_Vector_extractElement_INT64(&x, w, n - 1));
    assert_int_equal(x, 7);
    double y = 0;
    OK(GrB_Vector_extractElement_FP64(&y, w, 12345));
    assert_true(y == 7.0);
    /* the same value keeps it iso and full */
    OK(GrB_Vector_setElement_INT64(w, 7, 99));
    OK(GrB_Vector_nvals(&nv, w));
    assert_int_equal(nv, n);
    OK(GG_vec_host(GG_VEC(w), &v));
    assert_true(v->iso && v->form == GG_VF_FULL);
    /* extractTuples needs n entries of the caller */
    GrB_Index I[4], m = 4;
    int64_t X[4];
    INFO(GrB_Vector_extractTuples_INT64(I, X, &m, w), GrB_INSUFFICIENT_SPACE);
    OK(GrB_Vector_dup(&d, w));
    OK(GrB_Vector_nvals(&nv, d));
    assert_int_equal(nv, n);
    /* a shrink keeps it iso full; the small result can be listed */
    OK(GrB_Vector_resize(d, 3));
    m = 4;
    OK(GrB_Vector_extractTuples_INT64(I, X, &m, d));
    assert_int_equal(m, 3);
    for (int k = 0; k < 3; k++) assert_true(I[k] == (GrB_Index)k && X[k] == 7);
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    OK(GxB_Vector_fprint(w, "w", GxB_SHORT, f));
    fclose(f);
    OK(GrB_Vector_clear(w));
    OK(GrB_Vector_nvals(&nv, w));
    assert_int_equal(nv, 0);
    OK(GrB_Vector_free(&w));
    OK(GrB_Vector_free(&d));
}

/* The tests read the host store's forms after each call: a run with CUDA forced
 * (tools/device-check.sh's "forced" step) keeps the calls on the CPU, whose results stay on the
 * host; the device forms are the cuda suite's. */
static int host_setup(void **state)
{
    if (ct_group_setup(state) != 0) return -1;
    return GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND) == GrB_SUCCESS ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_switch_points),
        cmocka_unit_test(test_pending),
        cmocka_unit_test(test_update_paths),
        cmocka_unit_test(test_dup_resize_clear),
        cmocka_unit_test(test_build),
        cmocka_unit_test(test_parallel_kernels),
        cmocka_unit_test(test_oom_conversion),
        cmocka_unit_test(test_oom_pending),
        cmocka_unit_test(test_oom_resize),
        cmocka_unit_test(test_host_mut),
        cmocka_unit_test(test_huge_iso_full),
    };
    return cmocka_run_group_tests(tests, host_setup, ct_group_teardown);
}
