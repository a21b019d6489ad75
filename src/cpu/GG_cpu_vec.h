/* GG_cpu_vec.h: the CPU backend's kernels on vector content in its three forms (GG_vform.h:
 * SPARSE, BITMAP, FULL, each possibly iso), so that an operation costs what it touches: the
 * entries of its inputs in their own form, never a conversion of an O(n) vector to tuples.
 *
 * Each kernel reads `const GG_vdata *` inputs and produces a GG_vdata result T in the form its
 * loop makes naturally (a sparse input gives a sparse result, a dense loop a bitmap or full one);
 * the write-back (GG_cpu_vwb_*) then merges T into the output under the mask, in place where the
 * output is a bitmap or full vector. The store conforms the final form by density. */
#ifndef GG_CPU_VEC_H
#define GG_CPU_VEC_H

#include "GG_cpu_kernel.h"
#include "GG_store.h"

/* z = x cast as c says: a fixed-size move when no cast is needed. */
static inline void GG_cpu_cast_put(const GG_cpu_cast *c, void *z, const void *x)
{
    if (c->same)
        GG_cpu_copy(z, x, c->size);
    else
        GG_cpu_cast_do(c, z, x);
}

/* Bytes of per-thread scratch rounded up to whole cache lines: a kernel that writes its scratch
 * at every entry would otherwise share a line with its neighbour thread's (false sharing made a
 * 2-thread fold slower than one thread's). */
static inline size_t GG_cpu_line_round(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}

/* ---- reading entries ------------------------------------------------------------------------- */

/* Bytes between consecutive stored values: 0 for an iso vector (one value serves all). */
static inline size_t GG_vstride(const GG_vdata *v)
{
    return v->iso ? 0 : v->size;
}

/* The first p in [lo, n) with idx[p] >= i (n when none), searched outward from lo, so a run of
 * increasing queries that passes each answer back as the next lo costs the distance moved. */
static inline uint64_t GG_cpu_vseek(const uint64_t *idx, uint64_t lo, uint64_t n, uint64_t i)
{
    uint64_t hi = lo, step = 1;
    while (hi < n && idx[hi] < i) {
        lo = hi + 1;
        hi = lo + step;
        step *= 2;
    }
    return GG_lower_bound(idx, lo, hi < n ? hi : n, i);
}

/* Lookups of positions in one vector: O(1) for BITMAP and FULL; for SPARSE a search that resumes
 * where the last one ended, so increasing queries merge instead of searching from scratch. */
typedef struct {
    const GG_vdata *v;
    uint64_t p;
} GG_cpu_vcur;

static inline GG_cpu_vcur GG_cpu_vcur_make(const GG_vdata *v)
{
    return (GG_cpu_vcur){v, 0};
}

/* Whether the vector has an entry at i; *q gets the entry's value position (GG_vdata_val). */
static inline bool GG_cpu_vcur_find(GG_cpu_vcur *c, uint64_t i, uint64_t *q)
{
    const GG_vdata *v = c->v;
    if (v->form == GG_VF_FULL) {
        *q = i;
        return true;
    }
    if (v->form == GG_VF_BITMAP) {
        *q = i;
        return v->b[i] != 0;
    }
    if (c->p > 0 && v->i[c->p - 1] >= i) c->p = 0;
    c->p = GG_cpu_vseek(v->i, c->p, v->nvals, i);
    *q = c->p;
    return c->p < v->nvals && v->i[c->p] == i;
}

/* Entries of a vector in increasing index, over a range of its storage: entry positions for
 * SPARSE, indices for BITMAP and FULL (so [0, GG_cpu_vlen(v)) is every entry, and a split of
 * that range gives parallel chunks). */
static inline uint64_t GG_cpu_vlen(const GG_vdata *v)
{
    return v->form == GG_VF_SPARSE ? v->nvals : v->n;
}

/* The next entry at storage position >= *k and < end: its index *i and value position *q, with
 * *k moved past it; false when there is none. */
static inline bool GG_cpu_vnext(const GG_vdata *v, uint64_t *k, uint64_t end, uint64_t *i,
                                uint64_t *q)
{
    uint64_t p = *k;
    if (v->form == GG_VF_BITMAP)
        while (p < end && !v->b[p]) p++;
    if (p >= end) {
        *k = p;
        return false;
    }
    *i = v->form == GG_VF_SPARSE ? v->i[p] : p;
    *q = p;
    *k = p + 1;
    return true;
}

/* ---- masks ------------------------------------------------------------------------------------- */

/* A vector mask in any form. A value mask's entry counts when its bytes are not all zero
 * (GG_cpu_mask_value); an iso value mask is therefore all true (structural) or all false (no
 * entry counts), and GG_cpu_vmask_make folds both into the structural flag and m. */
typedef struct {
    const GG_vdata *m; /* NULL: no mask (everything allowed, nothing when comp) */
    bool comp;
    bool structural;
} GG_cpu_vmask;

/* The mask m (NULL: none) under the descriptor's complement and structure flags; udt: m's type is
 * user-defined (read as structural). `empty` receives the content of an all-false mask. */
static inline GG_cpu_vmask GG_cpu_vmask_make(const GG_vdata *m, bool comp, bool structural,
                                             bool udt, GG_vdata *empty)
{
    GG_cpu_vmask mk = {m, comp, structural || udt};
    if (m != NULL && m->iso && !mk.structural) {
        mk.structural = true;
        if (m->nvals > 0 && !GG_cpu_mask_value(m->size, m->x)) {
            GG_vdata_init(empty, m->n, m->size);
            mk.m = empty;
        }
    }
    return mk;
}

/* Whether the mask's entry at value position q is true (before the complement). */
static inline bool GG_cpu_vmask_true(const GG_cpu_vmask *mk, uint64_t q)
{
    return mk->structural || GG_cpu_mask_value(mk->m->size, GG_vdata_val(mk->m, q));
}

/* Whether the mask allows no position at all: no mask but complemented, a complemented structural
 * mask with every position, or a plain one without entries. */
static inline bool GG_cpu_vmask_none(const GG_cpu_vmask *mk)
{
    if (mk->m == NULL) return mk->comp;
    if (mk->comp) return mk->structural && mk->m->form == GG_VF_FULL;
    return mk->m->nvals == 0;
}

/* Whether position i is allowed (the complement applied); cur is a cursor on mk->m. */
static inline bool GG_cpu_vmask_allows(const GG_cpu_vmask *mk, GG_cpu_vcur *cur, uint64_t i)
{
    if (mk->m == NULL) return !mk->comp;
    uint64_t q;
    bool set = GG_cpu_vcur_find(cur, i, &q) && GG_cpu_vmask_true(mk, q);
    return set != mk->comp;
}

/* ---- vector content --------------------------------------------------------------------------- */

/* Gives back the unused tail of a SPARSE vector allocated for more entries than it holds. */
void GG_cpu_vshrink(GG_vdata *v);

/* *T = v's content as a non-iso BITMAP or FULL vector of values of ztype cast from xtype (xtype
 * NULL: no cast): FULL when v is, else BITMAP. */
GrB_Info GG_cpu_vdense(GG_vdata *T, const GG_vdata *v, GrB_Type ztype, GrB_Type xtype);

/* ---- the write-back: C<M,replace>(I) = accum(C(I), T) --------------------------------------------
 * The spec's write-back on vector content, with GrB_assign's region I: inside I and the mask,
 * Z = T (accum NULL: C's entries without a T entry are deleted) or the union of C and T with
 * accum on the intersection (C cast to accum's x type, T to its y type, the result to C's type;
 * an entry only in T is cast straight to C's type); outside I, C is kept; where the mask rules a
 * position out, C is kept, or deleted with replace. Without a region (I NULL) all of C is inside.
 * T's entries outside the region are ignored. */
typedef struct {
    GrB_Type ctype;             /* C's type */
    GG_cpu_vmask mk;
    bool replace;
    GrB_BinaryOp accum;
    const GG_cpu_ilist *region; /* NULL: all of C */
} GG_cpu_vwb;

/* In place: C (BITMAP or FULL; a FULL C may become BITMAP, an iso C non-iso) takes the result,
 * touching only T's entries and, where deletions are possible, the mask's or the region's
 * entries (or all of C when neither bounds them). C must not be the mask's content and must not
 * share memory with T. GrB_OUT_OF_MEMORY (before any change) leaves C as it was. */
GrB_Info GG_cpu_vwb_update(GG_vdata *C, const GG_cpu_vwb *w, const GG_vdata *T, GrB_Type ttype);

/* The result as new content *Z, C and T unchanged: a merge into a SPARSE Z when C and T are both
 * SPARSE, else C copied to a BITMAP or FULL Z and updated in place. */
GrB_Info GG_cpu_vwb_new(GG_vdata *Z, const GG_vdata *C, const GG_cpu_vwb *w, const GG_vdata *T,
                        GrB_Type ttype);

/* Drops, in place, T's entries the mask rules out (T BITMAP or FULL; a FULL T becomes BITMAP).
 * GrB_OUT_OF_MEMORY leaves T as it was. */
GrB_Info GG_cpu_vfilter(GG_vdata *T, const GG_cpu_vmask *mk);

/* T's entries at the positions the mask allows and the region holds, as new SPARSE content of
 * the same type (iso when T is): the part of T a write-back can use, when the mask or region is
 * much smaller than T. Driven by the smaller of T, the mask's entries (mask not complemented) and
 * the region. */
GrB_Info GG_cpu_vrestrict(GG_vdata *Z, const GG_vdata *T, const GG_cpu_vmask *mk,
                          const GG_cpu_ilist *region);

/* ---- vector containers (vcontainer.c) ----------------------------------------------------------- */

/* The mask M (NULL: none) under d's complement and structure flags; *empty holds the content of
 * an all-false iso value mask (GG_cpu_vmask_make). */
GrB_Info GG_cpu_vmask_of(GG_cpu_vmask *mk, GG_container *M, const GG_desc *d, GG_vdata *empty);

/* Whether the mask M under d allows no position of C, so that no result of the call can reach
 * C: then C is cleared under d->replace (or left alone) here, *info says how that went, and the
 * slot is done without computing anything. */
bool GG_cpu_vec_masked_out(GG_container *C, GG_container *M, const GG_desc *d, GrB_Info *info);

/* C's own values to take a slot's whole result in place of a fresh T, *W (else NULL): when the
 * write-back would replace all of C (no mask, no accum), the result has C's type, and C holds a
 * FULL non-iso array. C is then marked written on the host; the slot writes every value of *W
 * (no other array is allocated or first touched) and calls GG_vec_written(C). */
GrB_Info GG_cpu_vec_overwrite(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Type ztype,
                              const GG_desc *d, GG_vdata **W);

/* The write-back of a slot's result T (values of ttype) into the vector C: C<M,replace>(region)
 * = accum(C(region), T) as GG_cpu_vwb says, region NULL for all of C. T is owned (t_owned: freed
 * here on every path) or borrowed, e.g. an input's content (never C's own: that is detected and
 * copied around). On GrB_OUT_OF_MEMORY C is unchanged. C may be M. */
GrB_Info GG_cpu_vec_writeback(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_vdata *T,
                              bool t_owned, GrB_Type ttype, const GG_desc *d,
                              const GG_cpu_ilist *region);

/* T = R (+.*) u for R = op(A) (mxv) or op(A)' (vxm): rtran says whether R is A's transpose as
 * stored; u's content U of type utype; T holds only the positions the mask mk allows. T has R's
 * row count, values of the monoid's type, in the form its way makes (mxv.c). */
GrB_Info GG_cpu_vmxv(GG_vdata *T, GG_container *A, bool rtran, const GG_vdata *U, GrB_Type utype,
                     const GG_cpu_vmask *mk, GrB_Semiring semiring, bool vxm);

/* ---- the operations' results ---------------------------------------------------------------------
 * Each writes a new T (owned by the caller) from inputs of the given types. */

/* T = f(A) entry by entry (GG_apply_op; positions are (i, 0)): A's pattern and form, values of
 * the operator's result type; iso when A is and f reads no position. */
GrB_Info GG_cpu_vapply(GG_vdata *T, const GG_vdata *A, GrB_Type atype, const GG_apply_op *op);

/* Whether T = f(A) is FULL and made by a typed loop (A FULL and not iso, f a built-in operator on
 * A's type that reads no position): then GG_cpu_vapply_into can write it into existing values. */
bool GG_cpu_vapply_full_typed(const GG_vdata *A, GrB_Type atype, const GG_apply_op *op);

/* W = f(A) for the case GG_cpu_vapply_full_typed allows, into W's FULL values of f's result type,
 * which may be A's own. GrB_OUT_OF_MEMORY (scratch) before anything is written. */
GrB_Info GG_cpu_vapply_into(GG_vdata *W, const GG_vdata *A, GrB_Type atype, const GG_apply_op *op);

/* T = the entries of A where op(a, i, 0, thunk) is true (thunk of ttype, not yet cast): SPARSE
 * for a sparse A, else a BITMAP over A's values; A's type; iso when A is. */
GrB_Info GG_cpu_vselect(GG_vdata *T, const GG_vdata *A, GrB_Type atype, GrB_IndexUnaryOp op,
                        const void *thunk, GrB_Type ttype);

/* T = A op B over the union (add) or intersection of the patterns, with eWise's casts (an entry
 * of one input alone is cast straight to op's result type): SPARSE from two sparse inputs or an
 * intersection with a sparse side, else BITMAP (FULL when every position has an entry). */
GrB_Info GG_cpu_vewise(GG_vdata *T, GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype,
                       const GG_vdata *B, GrB_Type btype, bool add);

/* Whether T = A op B is FULL and made by a typed loop (both inputs FULL, not both iso, a built-in
 * operator on its own type): then GG_cpu_vewise_into can write it into existing values. */
bool GG_cpu_vewise_full_typed(GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype, const GG_vdata *B,
                              GrB_Type btype);

/* W = A op B (eWiseAdd and eWiseMult alike) for the case GG_cpu_vewise_full_typed allows, into
 * W's FULL values of op's result type, which may be A's or B's own (each position is read before
 * it is written). GrB_OUT_OF_MEMORY (chunk bounds) before anything is written. */
GrB_Info GG_cpu_vewise_into(GG_vdata *W, GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype,
                            const GG_vdata *B, GrB_Type btype);

/* *t (op's result type) = the fold of A's values with op, left to right in equal chunks whose
 * partial results combine in order; *has is false (t untouched) when A has no entry. */
GrB_Info GG_cpu_vreduce(void *t, bool *has, const GG_vdata *A, GrB_Type atype, GrB_BinaryOp op);

/* T(k) = U(I[k]) for k < ni (I GrB_ALL: U itself, copied), of U's type; U's form (a sparse U
 * gives a SPARSE T), iso when U is. */
GrB_Info GG_cpu_vextract(GG_vdata *T, const GG_vdata *U, const GrB_Index *I, GrB_Index ni);

/* The source of a vector assign in C's coordinates (dimension n): T(I[k]) = S(k), where an index
 * listed more than once takes its last occurrence; S is a vector of the list's length, or NULL
 * for the scalar (size bytes, already of the source's type) at every listed position, or neither
 * (an empty source). A scalar over GrB_ALL is one iso FULL value; with a list, an iso SPARSE
 * vector. A vector source over GrB_ALL is S itself (*T = *S, *owned false: do not free it). */
GrB_Info GG_cpu_vassign_source(GG_vdata *T, bool *owned, const GG_vdata *S, const void *scalar,
                               size_t size, const GG_cpu_ilist *L, uint64_t n);

#endif /* GG_CPU_VEC_H */
