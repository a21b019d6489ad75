/* GG_cpu.h: internals shared by the CPU backend's kernels (src/cpu): the slot functions, the small
 * helpers several kernels need (thread counts, casting, tuple arrays, row access, masks, index
 * lists), each written once here, and the masked, accumulated write-back C<M,replace> =
 * accum(C, T) that every slot ends with. */
#ifndef GG_CPU_H
#define GG_CPU_H

#include "GG_backend.h"
#include "GG_opcodes.h"

/* Every slot of the CPU table, declared with the table's own function types. */
#define GG_CPU_DECLARE_SLOT(slot, SLOT, fn) fn GG_cpu_##slot;
GG_BACKEND_SLOTS(GG_CPU_DECLARE_SLOT)
#undef GG_CPU_DECLARE_SLOT

/* ---- parallelism ----------------------------------------------------------------------------- */

/* Threads for a loop of `work` units: the library's rule (GG_nthreads_for, SuiteSparse's chunk
 * rule). */
static inline int GG_cpu_nthreads(GrB_Index work)
{
    return GG_nthreads_for(work);
}

/* ---- casting ---------------------------------------------------------------------------------- */

/* One prepared cast z = (ztype) x; a user-defined type (only compatible with itself) is copied.
 * A NULL ztype (the unread input of a positional operator) and ztype == xtype need no cast. */
typedef struct {
    GG_cast_fn f;
    size_t size;
    bool same;
} GG_cpu_cast;

static inline GG_cpu_cast GG_cpu_cast_make(GrB_Type ztype, GrB_Type xtype)
{
    GG_cpu_cast c = {NULL, 0, true};
    if (ztype == NULL) return c;
    c.f = GG_cast_get(ztype->code, xtype->code);
    c.size = ztype->size;
    c.same = ztype == xtype || (ztype->code != GrB_UDT_CODE && ztype->code == xtype->code);
    return c;
}

static inline void GG_cpu_cast_do(const GG_cpu_cast *c, void *z, const void *x)
{
    if (c->f != NULL)
        c->f(z, x);
    else
        memcpy(z, x, c->size);
}

/* x as an operator input: x itself when no cast is needed, else cast into buf. */
static inline const void *GG_cpu_cast_in(const GG_cpu_cast *c, void *buf, const void *x)
{
    if (c->same) return x;
    GG_cpu_cast_do(c, buf, x);
    return buf;
}

/* One value: z = (ztype) x. */
void GG_cpu_cast_value(void *z, GrB_Type ztype, const void *x, GrB_Type xtype);

/* ---- binary operators at a position ----------------------------------------------------------
 * z = op(x, y) where x is the entry (ai, aj) of the operation's first operand and y the entry
 * (bi, bj) of its second, as the operation uses them (after any transpose): (i, k, k, j) for a
 * product term A(i,k)*B(k,j), the entry's own position twice in eWise and apply. A positional
 * operator (GxB_FIRSTI ... GxB_SECONDJ1) computes from those positions; any other calls its f.
 * Every kernel that applies a binary operator to entries goes through this call. */
static inline void GG_cpu_binop_at(GrB_BinaryOp op, void *z, const void *x, const void *y,
                                   GrB_Index ai, GrB_Index aj, GrB_Index bi, GrB_Index bj)
{
    if (GG_opcode_positional(op->opcode))
        GG_positional_store(z, op->ztype, GG_positional_value(op->opcode, ai, aj, bi, bj));
    else
        op->f(z, x, y);
}

/* ---- tuple arrays ------------------------------------------------------------------------------ */

/* Allocates row, col and x for n tuples of values of `size` bytes (t->n = n); an empty T still
 * gets valid (non-NULL) arrays. On GrB_OUT_OF_MEMORY nothing stays allocated. */
GrB_Info GG_cpu_coo_alloc(GG_coo *t, GrB_Index n, size_t size);

/* A copy of n tuples that the caller owns. */
GrB_Info GG_cpu_coo_dup(GG_coo *t, const GG_coo *a, size_t size);

/* Sorts key[0, n) increasingly, permuting val alongside; no allocation (safe in parallel loops). */
void GG_cpu_sort2(GrB_Index *key, GrB_Index *val, GrB_Index n);

/* The first position p in [lo, hi) of the sorted tuples t with (row[p], col[p]) >= (i, j). */
GrB_Index GG_cpu_coo_lower_bound(const GG_coo *t, GrB_Index lo, GrB_Index hi, GrB_Index i,
                                 GrB_Index j);

/* The sorted tuples of op(A) in *out: A's own (tran false: a shallow copy of A's view, valid until
 * A is written) or those of A' (tran true: built from A's CSC view). *owned says whether the
 * arrays were built here and must go through GG_coo_free. Values keep A's type. */
GrB_Info GG_cpu_coo_of(GG_container *A, bool tran, GG_coo *out, bool *owned);

/* ---- row access -------------------------------------------------------------------------------- */

/* The rows of op(A) as a compressed view: A's CSR view, or (tran) its CSC view, whose columns are
 * the rows of A'. Cached on A, valid until A is written. */
GrB_Info GG_cpu_rows_of(GG_container *A, bool tran, const GG_cview **v);

/* Whether the view has a vector for index i (possibly empty); *k is its number. */
bool GG_cpu_cview_find(const GG_cview *v, GrB_Index i, GrB_Index *k);

/* ---- masks ------------------------------------------------------------------------------------ */

/* A value mask's entry is true when its value's bytes are not all zero, as in SuiteSparse: that
 * is the value cast to bool, except that a floating-point -0 counts as true. */
typedef struct {
    const GG_coo *m;     /* M's tuples; NULL when there is no mask */
    bool comp;           /* complemented */
    bool structural;     /* M's pattern only (also for a mask of a user-defined type) */
    GG_cast_fn to_bool;  /* the value test as a function (z: bool); NULL for a structural mask */
    size_t size;         /* bytes per mask value */
} GG_cpu_mask;

/* Prepares the mask M (NULL: none) under descriptor d. A mask of a user-defined type is read as
 * structural (the ops layer allows no other use of it). */
GrB_Info GG_cpu_mask_init(GG_cpu_mask *mk, GG_container *M, const GG_desc *d);
/* The same test for a mask of type mtype (NULL: none), without M's tuples (mk->m stays NULL), for
 * a kernel that reads the mask through another view. */
void GG_cpu_mask_test(GG_cpu_mask *mk, GrB_Type mtype, const GG_desc *d);

/* Whether a built-in mask value of `size` bytes at x is true. */
static inline bool GG_cpu_mask_value(size_t size, const void *x)
{
    switch (size) {
    case 1: {
        uint8_t v;
        memcpy(&v, x, 1);
        return v != 0;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, x, 2);
        return v != 0;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, x, 4);
        return v != 0;
    }
    default: {
        uint64_t v;
        memcpy(&v, x, 8);
        return v != 0;
    }
    }
}

/* Whether M's entry p is true (or present, for a structural mask), before the complement. */
static inline bool GG_cpu_mask_entry(const GG_cpu_mask *mk, GrB_Index p)
{
    return mk->structural || GG_cpu_mask_value(mk->size, (const char *)mk->m->x + p * mk->size);
}

/* ---- index lists ------------------------------------------------------------------------------ */

/* Entry k of the list I (GrB_ALL: k itself). */
static inline GrB_Index GG_cpu_index(const GrB_Index *I, GrB_Index k)
{
    return I == GrB_ALL ? k : I[k];
}

/* An index list inverted: for a target index i, the list positions k with I[k] == i, in
 * increasing k. GrB_ALL needs no arrays, a strictly increasing list only the lookup; a long list
 * over a range not much larger than itself gets a direct map (start) instead of a search. */
typedef struct {
    const GrB_Index *I;
    GrB_Index n;
    GrB_Index dim;    /* every index is below dim */
    bool identity;    /* I is GrB_ALL: val, pos and start are NULL */
    bool sorted;      /* I is strictly increasing (or GrB_ALL): val aliases I, pos is NULL */
    GrB_Index *val;   /* the indices in increasing order (ties by position) */
    GrB_Index *pos;   /* pos[q]: the list position of val[q] */
    GrB_Index *start; /* direct map, or NULL: index i is at val[start[i] .. start[i+1]) */
    void *own;        /* what was allocated here */
} GG_cpu_ilist;

GrB_Info GG_cpu_ilist_init(GG_cpu_ilist *L, const GrB_Index *I, GrB_Index n, GrB_Index dim);
void GG_cpu_ilist_free(GG_cpu_ilist *L);

/* The number of positions k with I[k] == i; *first is where they start in the inverted order, so
 * they are GG_cpu_ilist_pos(L, *first + r) for r below the count. */
static inline GrB_Index GG_cpu_ilist_find(const GG_cpu_ilist *L, GrB_Index i, GrB_Index *first)
{
    if (L->identity) {
        *first = i;
        return i < L->n ? 1 : 0;
    }
    if (L->start != NULL) {
        if (i >= L->dim) return 0;
        *first = L->start[i];
        return L->start[i + 1] - L->start[i];
    }
    GrB_Index lo = GG_lower_bound(L->val, 0, L->n, i);
    *first = lo;
    GrB_Index end = lo;
    while (end < L->n && L->val[end] == i) end++;
    return end - lo;
}

static inline GrB_Index GG_cpu_ilist_pos(const GG_cpu_ilist *L, GrB_Index q)
{
    return L->pos == NULL ? q : L->pos[q];
}

/* The q-th smallest index (with repeats) of the list. */
static inline GrB_Index GG_cpu_ilist_val(const GG_cpu_ilist *L, GrB_Index q)
{
    return L->identity ? q : L->val[q];
}

/* ---- write-back ------------------------------------------------------------------------------
 * C<M,replace> = accum(C, T) with the spec's semantics, the last step of every slot.
 * T is the computed result: sorted, unique, row-major tuples inside C's dimensions whose values
 * have type ttype; the call takes ownership of T's arrays (on every path, errors included).
 * - mask: M NULL (everything allowed), or M's values tested as GG_cpu_mask says (d->mask_struct:
 *   M's pattern), complemented with d->mask_comp; M has C's dimensions.
 * - Z = T (accum NULL) or the union of C and T with accum on the intersection, where C is cast to
 *   accum's x type, T to its y type and the result to C's type; entries only in C stay, entries
 *   only in T are cast straight to C's type (as SuiteSparse does).
 * - C(i,j) = Z(i,j) where the mask allows (no Z entry deletes it), C kept elsewhere, or deleted
 *   there with d->replace.
 * On GrB_OUT_OF_MEMORY, C is unchanged. C may be the same container as M: T is complete before
 * the call and the new content replaces C's only at the end. */
GrB_Info GG_cpu_writeback(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_coo *T,
                          GrB_Type ttype, const GG_desc *d);

/* GrB_assign's write-back: C<M,replace>(I, J) = accum(C(I, J), T). T is in C's coordinates with
 * every entry inside the region I x J (both lists inverted, GG_cpu_ilist above). Inside the
 * region and the mask, C's entries without a T entry are deleted when accum is NULL; outside the
 * region C is kept; the mask and replace cover all of C. Otherwise as GG_cpu_writeback, which is
 * this call with I and J NULL (no region). */
GrB_Info GG_cpu_writeback_region(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_coo *T,
                                 GrB_Type ttype, const GG_desc *d, const GG_cpu_ilist *I,
                                 const GG_cpu_ilist *J);

/* The merge behind both: the new content *z (owned by the caller) from C's tuples c (of ctype),
 * the prepared mask mk, and T, which stays the caller's. For GrB_assign's line forms, which merge
 * one row or column on its own. */
GrB_Info GG_cpu_merge(GG_coo *z, const GG_coo *c, GrB_Type ctype, const GG_cpu_mask *mk,
                      bool replace, GrB_BinaryOp accum, const GG_coo *T, GrB_Type ttype,
                      const GG_cpu_ilist *I, const GG_cpu_ilist *J);

#endif /* GG_CPU_H */
