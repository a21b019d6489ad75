/* vcontainer.c: how the CPU slots read and write vector containers in their forms: the content
 * of an input, a mask prepared from its container, and the write-back of a slot's result T into
 * its output vector (GG_cpu_vec.h), which picks the cheapest of: installing T itself, cutting T
 * down to what the mask allows, updating a bitmap or full output in place (GG_vec_host_mut), or
 * building a new content from C and T (GG_vec_adopt). */
#include "GG_cpu_vec.h"

GrB_Info GG_cpu_vmask_of(GG_cpu_vmask *mk, GG_container *M, const GG_desc *d, GG_vdata *empty)
{
    const GG_vdata *m = NULL;
    if (M != NULL) {
        GrB_Info info = GG_vec_host(M, &m);
        if (info != GrB_SUCCESS) return info;
    }
    *mk = GG_cpu_vmask_make(m, d->mask_comp, d->mask_struct,
                            M != NULL && M->type->code == GrB_UDT_CODE, empty);
    return GrB_SUCCESS;
}

/* *T's values cast to ctype, in place (T owned). */
static GrB_Info vec_cast(GG_vdata *T, GrB_Type ctype, GrB_Type ttype)
{
    uint64_t nx = GG_vdata_nx(T);
    size_t bytes;
    void *x = GG_mul_size((size_t)(nx == 0 ? 1 : nx), ctype->size, &bytes) ? GG_malloc(bytes) : NULL;
    if (x == NULL) return GrB_OUT_OF_MEMORY;
    if (T->form == GG_VF_BITMAP && !T->iso) {
        /* only the entries: a bitmap's other values mean nothing and may be any bits */
        GG_cast_fn f = GG_cast_get(ctype->code, ttype->code);
        size_t cs = ctype->size, ts = ttype->size;
        memset(x, 0, bytes);
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(nx)) schedule(static)
        for (uint64_t k = 0; k < nx; k++) {
            if (!T->b[k]) continue;
            if (f != NULL)
                f((char *)x + k * cs, (const char *)T->x + k * ts);
            else
                memcpy((char *)x + k * cs, (const char *)T->x + k * ts, cs);
        }
    } else {
        GG_cast_array(x, ctype, T->x, ttype, nx);
    }
    GG_free(T->x);
    T->x = x;
    T->size = (uint32_t)ctype->size;
    return GrB_SUCCESS;
}

/* An owned copy of a borrowed T (so that it can be installed or filtered). */
static GrB_Info vec_own(GG_vdata *T)
{
    GG_vdata Z;
    GrB_Info info = GG_vdata_alloc(&Z, T->n, T->size, (GG_vform_kind)T->form,
                                   T->form == GG_VF_BITMAP ? 0 : T->nvals, T->iso);
    if (info != GrB_SUCCESS) return info;
    if (T->form == GG_VF_SPARSE && T->nvals > 0) memcpy(Z.i, T->i, T->nvals * sizeof(uint64_t));
    if (T->form == GG_VF_BITMAP) {
        memcpy(Z.b, T->b, T->n);
        Z.nvals = T->nvals;
    }
    if (GG_vdata_nx(T) > 0) memcpy(Z.x, T->x, GG_vdata_nx(T) * T->size);
    *T = Z;
    return GrB_SUCCESS;
}

/* C cleared under replace, else left as it is: the write-back when no position is allowed. */
static void masked_out(GG_container *C, const GG_desc *d)
{
    if (!d->replace) return;
    GG_vdata Z;
    GG_vdata_init(&Z, C->nrows, C->type->size);
    GG_vec_adopt(C, &Z);
}

bool GG_cpu_vec_masked_out(GG_container *C, GG_container *M, const GG_desc *d, GrB_Info *info)
{
    GG_vdata empty;
    GG_cpu_vmask mk;
    *info = GG_cpu_vmask_of(&mk, M, d, &empty);
    if (*info != GrB_SUCCESS) return true;
    if (!GG_cpu_vmask_none(&mk)) return false;
    masked_out(C, d);
    return true;
}

static bool same_code(GrB_Type a, GrB_Type b)
{
    return a == b || (a->code != GrB_UDT_CODE && a->code == b->code);
}

GrB_Info GG_cpu_vec_overwrite(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Type ztype,
                              const GG_desc *d, GG_vdata **W)
{
    *W = NULL;
    if (M != NULL || d->mask_comp || accum != NULL || !same_code(C->type, ztype)) return GrB_SUCCESS;
    const GG_vdata *c;
    GrB_Info info = GG_vec_host(C, &c);
    if (info != GrB_SUCCESS || c->form != GG_VF_FULL || c->iso) return info;
    return GG_vec_host_mut(C, W);
}

GrB_Info GG_cpu_vec_writeback(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_vdata *T,
                              bool t_owned, GrB_Type ttype, const GG_desc *d,
                              const GG_cpu_ilist *region)
{
    GG_vdata empty, R, Z;
    GG_cpu_vwb w = {.ctype = C->type, .replace = d->replace, .accum = accum, .region = region};
    bool same_type = same_code(C->type, ttype);
    const GG_vdata *c;
    GrB_Info info = GG_cpu_vmask_of(&w.mk, M, d, &empty);
    if (info != GrB_SUCCESS) goto done;
    const GG_cpu_vmask *mk = &w.mk;
    bool plain = mk->m != NULL && !mk->comp;

    if (GG_cpu_vmask_none(mk)) {
        masked_out(C, d);
        goto done;
    }
    if (accum == NULL && region == NULL && (mk->m == NULL || d->replace)) {
        /* C's old content does not matter: Z is T where the mask allows; a dense T of its own
         * loses the others' flags in place, unless a plain mask has far fewer entries */
        if (mk->m != NULL && t_owned && T->form != GG_VF_SPARSE &&
            !(plain && GG_cpu_vlen(mk->m) * 8 < T->n)) {
            info = GG_cpu_vfilter(T, mk);
            if (info != GrB_SUCCESS) goto done;
        } else if (mk->m != NULL) {
            info = GG_cpu_vrestrict(&R, T, mk, NULL);
            if (info != GrB_SUCCESS) goto done;
            if (t_owned) GG_vdata_free(T);
            *T = R;
            t_owned = true;
        }
        if (!t_owned) info = vec_own(T);
        t_owned = info == GrB_SUCCESS;
        if (info == GrB_SUCCESS && !same_type) info = vec_cast(T, C->type, ttype);
        if (info == GrB_SUCCESS) GG_vec_adopt(C, T);
        goto done;
    }
    info = GG_vec_host(C, &c);
    if (info != GrB_SUCCESS) goto done;
    if (mk->m == NULL && region == NULL && accum != NULL && same_code(accum->ztype, C->type) &&
        T->form != GG_VF_SPARSE && c->form != GG_VF_SPARSE) {
        /* every position allowed, C and T dense: the result is eWiseAdd(C, T) with accum, whose
         * typed loops beat the write-back's entry by entry calls (same casts, ztype being C's);
         * into C's own values when C is full (a typed loop reads each before writing it) */
        if (!c->iso && GG_cpu_vewise_full_typed(accum, c, C->type, T, ttype) &&
            (t_owned || T->x != c->x)) {
            GG_vdata *cm;
            info = GG_vec_host_mut(C, &cm);
            if (info == GrB_SUCCESS) info = GG_cpu_vewise_into(cm, accum, cm, C->type, T, ttype);
            GG_vec_written(C);
            goto done;
        }
        info = GG_cpu_vewise(&Z, accum, c, C->type, T, ttype, true);
        if (info == GrB_SUCCESS) GG_vec_adopt(C, &Z);
        goto done;
    }
    if (c->form == GG_VF_SPARSE && T->form != GG_VF_SPARSE &&
        ((plain && mk->m->form == GG_VF_SPARSE) || region != NULL)) {
        /* only the part of T that the small mask or region admits can reach a sparse C */
        info = GG_cpu_vrestrict(&R, T, mk, region);
        if (info != GrB_SUCCESS) goto done;
        if (t_owned) GG_vdata_free(T);
        *T = R;
        t_owned = true;
    }
    if (c->form != GG_VF_SPARSE && C != M && (t_owned || T->x != c->x)) {
        /* in place: C is neither the mask nor T's memory */
        GG_vdata *cm;
        info = GG_vec_host_mut(C, &cm);
        if (info == GrB_SUCCESS) {
            info = GG_cpu_vwb_update(cm, &w, T, ttype);
            GG_vec_written(C);
        }
    } else {
        info = GG_cpu_vwb_new(&Z, c, &w, T, ttype);
        if (info == GrB_SUCCESS) GG_vec_adopt(C, &Z);
    }
done:
    if (t_owned) GG_vdata_free(T);
    return info;
}
