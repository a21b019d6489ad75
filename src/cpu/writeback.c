/* writeback.c: C<M,replace> = accum(C, T), the last step of every CPU slot (GG_cpu.h states the
 * semantics). One merge over the sorted tuples of C, T and M decides each position; large inputs
 * are cut into key ranges merged in parallel, first counting each range's output, then writing it
 * at its offset. The new content is built aside and adopted only when complete, so running out of
 * memory leaves C as it was. A vector C takes the write-back on vector forms instead
 * (GG_cpu_vec_writeback). */
#include "GG_cpu_vec.h"

typedef struct {
    const GG_coo *c, *t;
    const GG_cpu_mask *mk;
    bool replace;
    GrB_BinaryOp accum;
    size_t csize, tsize;
    GG_cpu_cast t2c;          /* T to C's type */
    GG_cpu_cast c2x, t2y, z2c; /* through the accumulator */
    const GG_cpu_ilist *ri, *rj; /* GrB_assign's region I x J; NULL: all of C */
} GG_wb;

/* One key range: C[pc, ce), T[pt, te), M from pm on. */
typedef struct {
    GrB_Index pc, ce, pt, te, pm;
    GrB_Index count, offset;
} GG_wb_range;

/* Walks one range; writes its output at out (offset `at`) when out is non-NULL, else only counts.
 * scratch holds the accumulator's x, y and z values. csize is C's value size, a constant in the
 * instances below so that copying a value compiles to one move. */
static inline __attribute__((always_inline)) GrB_Index
wb_merge_body(const GG_wb *w, const GG_wb_range *r, GG_coo *out, GrB_Index at, char *scratch,
              size_t csize)
{
    const GG_coo *c = w->c, *t = w->t, *m = w->mk->m;
    GrB_Index pc = r->pc, pt = r->pt, pm = r->pm, n = 0;
    GrB_Index mn = m == NULL ? 0 : m->n;
    GrB_Index first, region_row = GrB_INDEX_MAX + 1;
    bool row_in = false;
    char *xs = scratch, *ys = NULL, *zs = NULL;
    if (w->accum != NULL && out != NULL) {
        ys = xs + w->accum->xtype->size;
        zs = ys + w->accum->ytype->size;
    }
    while (pc < r->ce || pt < r->te) {
        bool has_c, has_t;
        if (pt >= r->te) {
            has_c = true, has_t = false;
        } else if (pc >= r->ce) {
            has_c = false, has_t = true;
        } else {
            GrB_Index ci = c->row[pc], cj = c->col[pc], ti = t->row[pt], tj = t->col[pt];
            has_c = ci < ti || (ci == ti && cj <= tj);
            has_t = ti < ci || (ti == ci && tj <= cj);
        }
        GrB_Index i = has_c ? c->row[pc] : t->row[pt];
        GrB_Index j = has_c ? c->col[pc] : t->col[pt];

        bool allowed;
        if (m == NULL) {
            allowed = !w->mk->comp;
        } else {
            while (pm < mn && (m->row[pm] < i || (m->row[pm] == i && m->col[pm] < j))) pm++;
            bool set = pm < mn && m->row[pm] == i && m->col[pm] == j && GG_cpu_mask_entry(w->mk, pm);
            allowed = set != w->mk->comp;
        }

        bool inside = true;
        if (w->ri != NULL) {
            if (i != region_row) {
                region_row = i;
                row_in = GG_cpu_ilist_find(w->ri, i, &first) > 0;
            }
            inside = row_in && GG_cpu_ilist_find(w->rj, j, &first) > 0;
        }

        /* src: 0 nothing, 1 C's value, 2 T's value cast, 3 accum(C, T) */
        int src;
        if (!allowed)
            src = has_c && !w->replace ? 1 : 0;
        else if (!inside)
            src = has_c ? 1 : 0;
        else if (w->accum == NULL)
            src = has_t ? 2 : 0;
        else
            src = has_c && has_t ? 3 : has_c ? 1 : 2;

        if (src != 0) {
            if (out != NULL) {
                GrB_Index q = at + n;
                void *z = (char *)out->x + q * csize;
                out->row[q] = i;
                out->col[q] = j;
                const void *cv = (const char *)c->x + pc * csize;
                const void *tv = (const char *)t->x + pt * w->tsize;
                if (src == 1) {
                    memcpy(z, cv, csize);
                } else if (src == 2 && w->t2c.same) {
                    memcpy(z, tv, csize);
                } else if (src == 2) {
                    GG_cpu_cast_do(&w->t2c, z, tv);
                } else {
                    w->accum->f(zs, GG_cpu_cast_in(&w->c2x, xs, cv), GG_cpu_cast_in(&w->t2y, ys, tv));
                    GG_cpu_cast_do(&w->z2c, z, zs);
                }
            }
            n++;
        }
        if (has_c) pc++;
        if (has_t) pt++;
    }
    return n;
}

static GrB_Index wb_merge(const GG_wb *w, const GG_wb_range *r, GG_coo *out, GrB_Index at,
                          char *scratch)
{
    switch (w->csize) {
    case 1: return wb_merge_body(w, r, out, at, scratch, 1);
    case 2: return wb_merge_body(w, r, out, at, scratch, 2);
    case 4: return wb_merge_body(w, r, out, at, scratch, 4);
    case 8: return wb_merge_body(w, r, out, at, scratch, 8);
    default: return wb_merge_body(w, r, out, at, scratch, w->csize);
    }
}

/* Gives back the unused tail of arrays allocated for an upper bound; a failed shrink keeps them. */
static void wb_shrink(GG_coo *z, size_t size)
{
    size_t n = z->n == 0 ? 1 : (size_t)z->n;
    void *p;
    if ((p = GG_realloc(z->row, n * sizeof(GrB_Index))) != NULL) z->row = p;
    if ((p = GG_realloc(z->col, n * sizeof(GrB_Index))) != NULL) z->col = p;
    if ((p = GG_realloc(z->x, n * size)) != NULL) z->x = p;
}

static bool same_type(GrB_Type a, GrB_Type b)
{
    return a == b || (a->code != GrB_UDT_CODE && a->code == b->code);
}

/* No mask and no accumulator: C = T, cast. T's index arrays are adopted as they are. */
static GrB_Info wb_replace_all(GG_container *C, GG_coo *T, GrB_Type ttype)
{
    if (!same_type(C->type, ttype)) {
        size_t bytes;
        size_t n = T->n == 0 ? 1 : (size_t)T->n;
        void *x = GG_mul_size(n, C->type->size, &bytes) ? GG_malloc(bytes) : NULL;
        if (x == NULL) {
            GG_coo_free(T);
            return GrB_OUT_OF_MEMORY;
        }
        GG_cast_array(x, C->type, T->x, ttype, T->n);
        GG_free(T->x);
        T->x = x;
    }
    return GG_container_adopt(C, T);
}

/* Whether T is small enough next to C that looking each of its entries up in C beats the merge
 * over all of C's entries: a lookup walks the tree's height (or bisects C's tuples), a merge step
 * is a comparison and a copy; the factor 8 is a guess, not measured. */
#define GG_IN_PLACE_RATIO 8

/* C = C accum T without a mask (C's pattern unchanged when T's lies within it): each value of T
 * applied at its place in C's own content, O(|T| lookups) instead of a merge over all of C. False
 * (C unchanged, T kept) when T is not small, holds a position C lacks, or C's content cannot be
 * written in place (GG_container_value_ptrs). BC's bcu += w .* paths (Doc/decisions.md). */
static GrB_Info wb_accum_in_place(GG_container *C, GrB_BinaryOp accum, const GG_coo *T,
                                  GrB_Type ttype, bool *done)
{
    *done = false;
    GrB_Index cn;
    GrB_Info info = GG_container_nvals(C, &cn);
    if (info != GrB_SUCCESS || T->n == 0 || T->n > cn / GG_IN_PLACE_RATIO) return info;
    /* one scratch slot per operand, each 16-byte aligned for the operator's loads */
    size_t xs = (accum->xtype->size + 15) & ~(size_t)15;
    size_t ys = (accum->ytype->size + 15) & ~(size_t)15;
    void **ptr = GG_malloc((size_t)T->n * sizeof *ptr);
    char *scratch = GG_malloc(xs + ys + accum->ztype->size);
    if (ptr != NULL && scratch != NULL) info = GG_container_value_ptrs(C, T, ptr, done);
    if (info == GrB_SUCCESS && *done) {
        GG_cpu_cast c2x = GG_cpu_cast_make(accum->xtype, C->type);
        GG_cpu_cast t2y = GG_cpu_cast_make(accum->ytype, ttype);
        GG_cpu_cast z2c = GG_cpu_cast_make(C->type, accum->ztype);
        for (GrB_Index k = 0; k < T->n; k++) {
            const void *tv = (const char *)T->x + k * ttype->size;
            accum->f(scratch + xs + ys, GG_cpu_cast_in(&c2x, scratch, ptr[k]),
                     GG_cpu_cast_in(&t2y, scratch + xs, tv));
            GG_cpu_cast_do(&z2c, ptr[k], scratch + xs + ys);
        }
    }
    /* out of memory for the pointers: the merge may still fit */
    GG_free(ptr);
    GG_free(scratch);
    return info;
}

GrB_Info GG_cpu_writeback(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_coo *T,
                          GrB_Type ttype, const GG_desc *d)
{
    return GG_cpu_writeback_region(C, M, accum, T, ttype, d, NULL, NULL);
}

GrB_Info GG_cpu_merge(GG_coo *z, const GG_coo *c, GrB_Type ctype, const GG_cpu_mask *mk,
                      bool replace, GrB_BinaryOp accum, const GG_coo *T, GrB_Type ttype,
                      const GG_cpu_ilist *I, const GG_cpu_ilist *J)
{
    GG_wb w = {.c = c, .t = T, .mk = mk, .replace = replace, .accum = accum,
               .csize = ctype->size, .tsize = ttype->size,
               .t2c = GG_cpu_cast_make(ctype, ttype), .ri = I, .rj = J};
    size_t scratch_size = 1;
    if (accum != NULL) {
        w.c2x = GG_cpu_cast_make(accum->xtype, ctype);
        w.t2y = GG_cpu_cast_make(accum->ytype, ttype);
        w.z2c = GG_cpu_cast_make(ctype, accum->ztype);
        scratch_size = accum->xtype->size + accum->ytype->size + accum->ztype->size;
    }

    /* Key ranges: split the largest of C, T and the mask evenly, the others at the same keys (the
     * mask alone may carry the work, when C and T are both empty). */
    GrB_Index work = c->n + T->n + (mk->m == NULL ? 0 : mk->m->n);
    int nr = GG_cpu_nthreads(work);
    if (nr > 1) nr *= 4;
    GG_wb_range *r = GG_calloc((size_t)nr, sizeof(GG_wb_range));
    char *scratch = GG_malloc((size_t)nr * scratch_size);
    if (r == NULL || scratch == NULL) {
        GG_free(r);
        GG_free(scratch);
        return GrB_OUT_OF_MEMORY;
    }
    const GG_coo *big = c->n >= T->n ? c : T;
    if (mk->m != NULL && mk->m->n > big->n) big = mk->m;
    for (int k = 1; k < nr; k++) {
        GrB_Index p = big->n * (GrB_Index)k / (GrB_Index)nr;
        GrB_Index i = big->row[p], j = big->col[p];
        r[k].pc = GG_cpu_coo_lower_bound(c, 0, c->n, i, j);
        r[k].pt = GG_cpu_coo_lower_bound(T, 0, T->n, i, j);
        r[k].pm = mk->m == NULL ? 0 : GG_cpu_coo_lower_bound(mk->m, 0, mk->m->n, i, j);
    }
    for (int k = 0; k < nr; k++) {
        r[k].ce = k + 1 < nr ? r[k + 1].pc : c->n;
        r[k].te = k + 1 < nr ? r[k + 1].pt : T->n;
    }

    GrB_Info info;
    if (nr == 1) {
        info = GG_cpu_coo_alloc(z, c->n + T->n, w.csize);
        if (info == GrB_SUCCESS) {
            z->n = wb_merge(&w, &r[0], z, 0, scratch);
            wb_shrink(z, w.csize);
        }
    } else {
#pragma omp parallel for num_threads(nr / 4) schedule(dynamic, 1)
        for (int k = 0; k < nr; k++) r[k].count = wb_merge(&w, &r[k], NULL, 0, NULL);
        GrB_Index total = 0;
        for (int k = 0; k < nr; k++) {
            r[k].offset = total;
            total += r[k].count;
        }
        info = GG_cpu_coo_alloc(z, total, w.csize);
        if (info == GrB_SUCCESS) {
#pragma omp parallel for num_threads(nr / 4) schedule(dynamic, 1)
            for (int k = 0; k < nr; k++)
                wb_merge(&w, &r[k], z, r[k].offset, scratch + (size_t)k * scratch_size);
        }
    }
    GG_free(r);
    GG_free(scratch);
    return info;
}

GrB_Info GG_cpu_writeback_region(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_coo *T,
                                 GrB_Type ttype, const GG_desc *d, const GG_cpu_ilist *I,
                                 const GG_cpu_ilist *J)
{
    if (C->h.kind == GG_KIND_VECTOR) {
        /* a vector result goes through the write-back on forms: T's rows are its indices */
        (void)J;
        GG_vdata t = {.n = C->nrows, .nvals = T->n, .i = T->row, .x = T->x,
                      .size = (uint32_t)ttype->size, .form = GG_VF_SPARSE};
        GG_free(T->col);
        *T = (GG_coo){0};
        return GG_cpu_vec_writeback(C, M, accum, &t, true, ttype, d, I);
    }
    if (M == NULL && !d->mask_comp && accum == NULL && I == NULL) return wb_replace_all(C, T, ttype);
    if (M == NULL && !d->mask_comp && I == NULL) {
        bool done;
        GrB_Info info = wb_accum_in_place(C, accum, T, ttype, &done);
        if (info != GrB_SUCCESS || done) {
            GG_coo_free(T);
            return info;
        }
    }
    const GG_coo *c;
    GG_cpu_mask mk;
    GG_coo z;
    GrB_Info info = GG_view_coo(C, &c);
    if (info == GrB_SUCCESS) info = GG_cpu_mask_init(&mk, M, d);
    if (info == GrB_SUCCESS)
        info = GG_cpu_merge(&z, c, C->type, &mk, d->replace, accum, T, ttype, I, J);
    GG_coo_free(T);
    if (info != GrB_SUCCESS) return info;
    return GG_container_adopt(C, &z);
}
