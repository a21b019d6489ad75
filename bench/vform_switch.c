/* vform_switch.c: where a vector should switch between the sparse and bitmap forms
 * (GG_VFORM_SPARSE_DIV, Doc/vector-forms.md). For n = 2^22 FP64 entries and densities from 1/1024
 * to 1/2 it times, on one thread, medians of several runs:
 *  - the conversions sparse -> bitmap and bitmap -> sparse (GG_vdata_convert);
 *  - the COO view the CPU kernels read, derived from each form (the bridge in use until the
 *    kernels run on the forms themselves);
 *  - the element-wise union z = x + y (eWiseAdd with PLUS) of two vectors of that density as a
 *    kernel on each form: a merge of sorted indices against one pass over n flags;
 *  - an assign of n/1024 entries into such a vector as a kernel on each form: a merge into new
 *    arrays against stores in place;
 *  - GrB_eWiseAdd through the library, with both inputs held sparse and then bitmap.
 * Usage: vform_switch [log2 n]. */
#include "GG_store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define RUNS 5

static int dcmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t)
{
    qsort(t, RUNS, sizeof *t, dcmp);
    return t[RUNS / 2];
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A SPARSE vdata with about n / inv random entries. */
static void random_sparse(GG_vdata *v, uint64_t n, uint64_t inv)
{
    uint8_t *mark = calloc(n, 1);
    uint64_t m = 0;
    for (uint64_t k = 0; k < n; k++) m += mark[k] = next() % inv == 0;
    if (GG_vdata_alloc(v, n, sizeof(double), GG_VF_SPARSE, m, false) != GrB_SUCCESS) abort();
    for (uint64_t k = 0, e = 0; k < n; k++)
        if (mark[k]) v->i[e] = k, ((double *)v->x)[e++] = (double)k;
    free(mark);
}

/* z = x + y over the union of the patterns, sparse inputs and output. */
static void union_sparse(const GG_vdata *x, const GG_vdata *y, GG_vdata *z)
{
    const double *xv = x->x, *yv = y->x;
    double *zv = z->x;
    uint64_t a = 0, b = 0, m = 0;
    while (a < x->nvals && b < y->nvals) {
        uint64_t i = x->i[a], j = y->i[b];
        if (i < j) {
            z->i[m] = i, zv[m++] = xv[a++];
        } else if (j < i) {
            z->i[m] = j, zv[m++] = yv[b++];
        } else {
            z->i[m] = i, zv[m++] = xv[a++] + yv[b++];
        }
    }
    for (; a < x->nvals; a++) z->i[m] = x->i[a], zv[m++] = xv[a];
    for (; b < y->nvals; b++) z->i[m] = y->i[b], zv[m++] = yv[b];
    z->nvals = m;
}

/* The same on bitmaps: one pass over the n flags. */
static void union_bitmap(const GG_vdata *x, const GG_vdata *y, GG_vdata *z)
{
    const double *xv = x->x, *yv = y->x;
    double *zv = z->x;
    uint64_t m = 0;
    for (uint64_t k = 0; k < x->n; k++) {
        uint8_t bx = x->b[k], by = y->b[k];
        zv[k] = (bx ? xv[k] : 0) + (by ? yv[k] : 0);
        z->b[k] = bx | by;
        m += bx | by;
    }
    z->nvals = m;
}

/* w(I) = 1 for the k sorted indices I (an assign of k entries): a merge into new arrays z for a
 * sparse w, k stores in place for a bitmap w. */
static void scatter_sparse(const GG_vdata *w, const uint64_t *I, uint64_t k, GG_vdata *z)
{
    const double *wv = w->x;
    double *zv = z->x;
    uint64_t a = 0, b = 0, m = 0;
    while (a < w->nvals || b < k) {
        if (b == k || (a < w->nvals && w->i[a] < I[b])) {
            z->i[m] = w->i[a], zv[m++] = wv[a++];
        } else {
            if (a < w->nvals && w->i[a] == I[b]) a++;
            z->i[m] = I[b++], zv[m++] = 1;
        }
    }
    z->nvals = m;
}

static void scatter_bitmap(GG_vdata *w, const uint64_t *I, uint64_t k)
{
    double *wv = w->x;
    for (uint64_t e = 0; e < k; e++) {
        w->nvals += !w->b[I[e]];
        w->b[I[e]] = 1;
        wv[I[e]] = 1;
    }
}

/* An output with room for n entries in `form`, every page touched, so the kernels' times leave
 * out the first-touch cost that the conversions show. */
static void warm_output(GG_vdata *z, uint64_t n, GG_vform_kind form)
{
    if (GG_vdata_alloc(z, n, sizeof(double), form, n, false) != GrB_SUCCESS) abort();
    memset(z->x, 0, n * sizeof(double));
    if (z->i != NULL) memset(z->i, 0, n * sizeof(uint64_t));
}

/* Seconds of GrB_eWiseAdd(z, x + y) with x and y in `form` (one warm-up run first). */
static double library_union(GrB_Vector x, GrB_Vector y, uint64_t n, GG_vform_kind form)
{
    GG_vdata *v;
    if (GG_vec_host_mut(GG_VEC(x), &v) != GrB_SUCCESS || GG_vdata_convert(v, form) != GrB_SUCCESS)
        abort();
    if (GG_vec_host_mut(GG_VEC(y), &v) != GrB_SUCCESS || GG_vdata_convert(v, form) != GrB_SUCCESS)
        abort();
    double t[RUNS];
    for (int r = -1; r < RUNS; r++) {
        GrB_Vector z;
        GrB_Vector_new(&z, GrB_FP64, n);
        /* the inputs' cached views go, as after any write, so each run derives them */
        GG_vec_host_mut(GG_VEC(x), &v);
        GG_vec_host_mut(GG_VEC(y), &v);
        double t0 = now();
        if (GrB_Vector_eWiseAdd_BinaryOp(z, NULL, NULL, GrB_PLUS_FP64, x, y, NULL) != GrB_SUCCESS)
            abort();
        if (r >= 0) t[r] = now() - t0;
        GrB_Vector_free(&z);
    }
    return median(t);
}

int main(int argc, char **argv)
{
    int lg = argc > 1 ? atoi(argv[1]) : 22;
    uint64_t n = (uint64_t)1 << lg, nk = n / 1024;
    GrB_init(GrB_NONBLOCKING);
    GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, (GrB_Field)GxG_BACKEND);
    uint64_t *I = malloc(nk * sizeof *I);
    for (uint64_t e = 0; e < nk; e++) I[e] = e * 1024 + next() % 1024;
    GG_vdata zs, zb;
    warm_output(&zs, n, GG_VF_SPARSE);
    warm_output(&zb, n, GG_VF_BITMAP);
    printf("n = 2^%d, FP64, kernels on one thread, median of %d runs, milliseconds\n", lg, RUNS);
    printf("| density | s->b | b->s | COO from s | COO from b | union s | union b | "
           "assign n/1024 s | assign n/1024 b | eWiseAdd s | eWiseAdd b |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (uint64_t inv = 1024; inv >= 2; inv /= 2) {
        double ts2b[RUNS], tb2s[RUNS], tcs[RUNS], tcb[RUNS], tus[RUNS], tub[RUNS], tas[RUNS],
            tab[RUNS];
        GG_vdata x, y, xb, yb;
        random_sparse(&x, n, inv);
        random_sparse(&y, n, inv);
        GG_vdata_dup(&xb, &x);
        GG_vdata_dup(&yb, &y);
        GG_vdata_convert(&xb, GG_VF_BITMAP);
        GG_vdata_convert(&yb, GG_VF_BITMAP);
        GrB_Vector vx, vy;
        GrB_Vector_new(&vx, GrB_FP64, n);
        GrB_Vector_new(&vy, GrB_FP64, n);
        for (int r = 0; r < RUNS; r++) {
            GG_vdata a;
            GG_vdata_dup(&a, &x);
            double t0 = now();
            GG_vdata_convert(&a, GG_VF_BITMAP);
            ts2b[r] = now() - t0;
            t0 = now();
            GG_vdata_convert(&a, GG_VF_SPARSE);
            tb2s[r] = now() - t0;
            GG_vdata_free(&a);

            /* the COO view of vx held sparse, then bitmap */
            const GG_coo *view;
            GG_vdata_dup(&a, &x);
            GG_vec_adopt(GG_VEC(vx), &a);
            GG_vdata *m;
            GG_vec_host_mut(GG_VEC(vx), &m);
            GG_vdata_convert(m, GG_VF_SPARSE);
            t0 = now();
            GG_view_coo(GG_VEC(vx), &view);
            tcs[r] = now() - t0;
            GG_vec_host_mut(GG_VEC(vx), &m);
            GG_vdata_convert(m, GG_VF_BITMAP);
            t0 = now();
            GG_view_coo(GG_VEC(vx), &view);
            tcb[r] = now() - t0;

            t0 = now();
            union_sparse(&x, &y, &zs);
            tus[r] = now() - t0;
            t0 = now();
            union_bitmap(&xb, &yb, &zb);
            tub[r] = now() - t0;
            t0 = now();
            scatter_sparse(&x, I, nk, &zs);
            tas[r] = now() - t0;
            GG_vdata_dup(&a, &xb);
            t0 = now();
            scatter_bitmap(&a, I, nk);
            tab[r] = now() - t0;
            GG_vdata_free(&a);
        }
        GG_vdata a;
        GG_vdata_dup(&a, &x);
        GG_vec_adopt(GG_VEC(vx), &a);
        GG_vdata_dup(&a, &y);
        GG_vec_adopt(GG_VEC(vy), &a);
        double les = library_union(vx, vy, n, GG_VF_SPARSE);
        double leb = library_union(vx, vy, n, GG_VF_BITMAP);
        printf("| 1/%llu | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f | %.2f | %.2f |\n",
               (unsigned long long)inv, 1e3 * median(ts2b), 1e3 * median(tb2s), 1e3 * median(tcs),
               1e3 * median(tcb), 1e3 * median(tus), 1e3 * median(tub), 1e3 * median(tas),
               1e3 * median(tab), 1e3 * les, 1e3 * leb);
        GrB_Vector_free(&vx);
        GrB_Vector_free(&vy);
        GG_vdata_free(&x);
        GG_vdata_free(&y);
        GG_vdata_free(&xb);
        GG_vdata_free(&yb);
    }
    GG_vdata_free(&zs);
    GG_vdata_free(&zb);
    free(I);
    GrB_finalize();
    return 0;
}
