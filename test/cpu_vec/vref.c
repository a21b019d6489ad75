/* vref.c: the dense reference of the vector-form kernel tests (vref.h). */
#include "vref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static uint64_t state = 1;

void vref_seed(uint64_t s)
{
    state = s * 2654435761ULL + 1;
}

uint64_t vref_rand(void)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 17;
}

void vref_random(vref *r, uint64_t n, bool iso, bool frac)
{
    r->n = n;
    int density = (int)vref_below(4);
    double one = (double)vref_below(7) - 3;
    for (uint64_t i = 0; i < n; i++) {
        switch (density) {
        case 0: r->has[i] = false; break;
        case 1: r->has[i] = vref_below(n) < 3; break;
        case 2: r->has[i] = vref_below(2) == 0; break;
        default: r->has[i] = true; break;
        }
        double v = (double)vref_below(7) - 3;
        if (frac && vref_below(2) == 0) v += 0.5;
        r->val[i] = r->has[i] ? (iso ? one : v) : 0;
    }
}

double vref_get(GrB_Type t, const void *x)
{
    switch (t->code) {
    case GrB_BOOL_CODE: return *(const bool *)x;
    case GrB_INT32_CODE: return *(const int32_t *)x;
    case GrB_INT64_CODE: return (double)*(const int64_t *)x;
    case GrB_FP32_CODE: return *(const float *)x;
    default: return *(const double *)x;
    }
}

void vref_put(GrB_Type t, void *x, double v)
{
    switch (t->code) {
    case GrB_BOOL_CODE: *(bool *)x = v != 0; break;
    case GrB_INT32_CODE: *(int32_t *)x = (int32_t)v; break;
    case GrB_INT64_CODE: *(int64_t *)x = (int64_t)v; break;
    case GrB_FP32_CODE: *(float *)x = (float)v; break;
    default: *(double *)x = v; break;
    }
}

double vref_cast(GrB_Type t, double v)
{
    unsigned char buf[16];
    vref_put(t, buf, v);
    return vref_get(t, buf);
}

void vref_to(GG_vdata *v, const vref *r, GrB_Type t, GG_vform_kind form, bool iso)
{
    uint64_t nv = 0, first = r->n;
    for (uint64_t i = 0; i < r->n; i++)
        if (r->has[i]) {
            if (first == r->n) first = i;
            nv++;
        }
    if (form == GG_VF_FULL && nv != r->n) form = GG_VF_BITMAP;
    assert_int_equal(GG_vdata_alloc(v, r->n, t->size, form, form == GG_VF_BITMAP ? 0 : nv, iso),
                     GrB_SUCCESS);
    if (iso) vref_put(t, v->x, first < r->n ? r->val[first] : 1);
    uint64_t p = 0;
    for (uint64_t i = 0; i < r->n; i++) {
        if (!r->has[i]) continue;
        if (iso) assert_true(r->val[i] == r->val[first]);
        uint64_t q = form == GG_VF_SPARSE ? p : i;
        if (form == GG_VF_SPARSE) v->i[p] = i;
        if (form == GG_VF_BITMAP) v->b[i] = 1;
        if (!iso) vref_put(t, (char *)v->x + q * t->size, r->val[i]);
        p++;
    }
    v->nvals = nv;
    /* garbage behind absent bitmap entries, so kernels that read them are caught */
    if (form == GG_VF_BITMAP && !iso)
        for (uint64_t i = 0; i < r->n; i++)
            if (!r->has[i]) vref_put(t, (char *)v->x + i * t->size, 77);
}

void vref_from(vref *r, const GG_vdata *v, GrB_Type t)
{
    assert_true(v->n <= VREF_MAX);
    assert_int_equal(v->size, t->size);
    r->n = v->n;
    memset(r->has, 0, sizeof r->has);
    memset(r->val, 0, sizeof r->val);
    if (v->nvals > 0 || v->form == GG_VF_FULL) assert_non_null(v->x);
    switch (v->form) {
    case GG_VF_SPARSE:
        assert_null(v->b);
        for (uint64_t p = 0; p < v->nvals; p++) {
            assert_true(v->i[p] < v->n);
            if (p > 0) assert_true(v->i[p - 1] < v->i[p]);
            r->has[v->i[p]] = true;
            r->val[v->i[p]] = vref_get(t, GG_vdata_val(v, p));
        }
        break;
    case GG_VF_BITMAP: {
        assert_null(v->i);
        assert_non_null(v->b);
        uint64_t count = 0;
        for (uint64_t i = 0; i < v->n; i++) {
            assert_true(v->b[i] <= 1);
            if (!v->b[i]) continue;
            count++;
            r->has[i] = true;
            r->val[i] = vref_get(t, GG_vdata_val(v, i));
        }
        assert_int_equal(count, v->nvals);
        break;
    }
    case GG_VF_FULL:
        assert_null(v->i);
        assert_null(v->b);
        assert_int_equal(v->nvals, v->n);
        for (uint64_t i = 0; i < v->n; i++) {
            r->has[i] = true;
            r->val[i] = vref_get(t, GG_vdata_val(v, i));
        }
        break;
    default: fail_msg("bad form %d", v->form);
    }
}

bool vref_equal(const vref *a, const vref *b)
{
    if (a->n != b->n) return false;
    for (uint64_t i = 0; i < a->n; i++) {
        if (a->has[i] != b->has[i]) return false;
        if (a->has[i] && a->val[i] != b->val[i] && !(isnan(a->val[i]) && isnan(b->val[i])))
            return false;
    }
    return true;
}

void vref_print(const char *name, const vref *r)
{
    printf("%s:", name);
    for (uint64_t i = 0; i < r->n; i++)
        if (r->has[i]) printf(" %llu:%g", (unsigned long long)i, r->val[i]);
    printf("\n");
}

GG_vform_kind vref_form(void)
{
    return (GG_vform_kind)vref_below(3);
}

const char *vref_form_name(int form)
{
    return form == GG_VF_SPARSE ? "sparse" : form == GG_VF_BITMAP ? "bitmap" : "full";
}
