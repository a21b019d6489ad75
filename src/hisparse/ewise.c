/* ewise.c: C = A (+) B and C = A (*) B by the papers' dual top-down traversal. Both trees are
 * descended together; where both have inner nodes their children are matched by position, a
 * subtree present in one input only is copied (add) or skipped (mult) without looking at the
 * other, and where either side reaches a leaf the two regions are merged entry by entry. The
 * result comes out in tree order, so it goes straight into the builder's skeleton and fill (no
 * sort). When exactly one input is transposed, its nodes are read with child positions and
 * entries swapped and each swapped node's contents re-sorted into the output's tree order; when
 * both are, the contents are combined as stored and C is flagged transposed. */
#include "hs_internal.h"

#include <stdlib.h>

typedef struct {
    const GG_hs_matrix *M;
    bool swap;       /* M's content is the transpose of C's content */
    hs_cast to_op;   /* M's type to the operator's input type */
    hs_cast to_z;    /* M's type to C's type (add: entries only M has) */
    uint8_t *scratch; /* one value of M's type, one of the operator's input type */
} hs_side;

/* Entries in C's tree order, with where their values lie in the input's pool. */
typedef struct {
    GrB_Index *i, *j;
    const uint8_t **v;
    uint64_t n, cap;
} hs_list;

typedef struct {
    hs_side a, b;
    GrB_BinaryOp op;
    bool mult, oom;
    bool plain; /* one type throughout and no scale: values go straight from the pools */
    int dbits;
    hs_list la, lb;
    GrB_Index *perm, *ptmp; /* sorting swapped leaves */
    uint64_t pcap;
    GrB_Index *I, *J; /* the result, in tree order */
    uint8_t *x;
    uint64_t n;
    size_t zsize;
} hs_ew;

static bool list_reserve(hs_ew *E, hs_list *L, uint64_t extra)
{
    if (L->n + extra <= L->cap) return true;
    uint64_t cap = L->cap < 256 ? 256 : 2 * L->cap;
    if (cap < L->n + extra) cap = L->n + extra;
    GrB_Index *i = GG_realloc(L->i, cap * sizeof *i);
    if (i != NULL) L->i = i;
    GrB_Index *j = i != NULL ? GG_realloc(L->j, cap * sizeof *j) : NULL;
    if (j != NULL) L->j = j;
    const uint8_t **v = j != NULL ? GG_realloc(L->v, cap * sizeof *v) : NULL;
    if (v == NULL) {
        E->oom = true;
        return false;
    }
    L->v = v;
    L->cap = cap;
    return true;
}

static void list_free(hs_list *L)
{
    GG_free(L->i);
    GG_free(L->j);
    GG_free(L->v);
}

/* Sorts list entries [from, L->n) into tree order (the contents of one swapped leaf). */
static void list_sort_tail(hs_ew *E, hs_list *L, uint64_t from)
{
    uint64_t n = L->n - from;
    if (n < 2) return;
    if (n > E->pcap) {
        GrB_Index *p = GG_realloc(E->perm, 3 * n * sizeof *p);
        if (p == NULL) {
            E->oom = true;
            return;
        }
        E->perm = p;
        E->ptmp = p + n;
        E->pcap = n;
    }
    GrB_Index *perm = E->perm, *tmp = E->ptmp, *hold = E->ptmp + n;
    for (uint64_t k = 0; k < n; k++) perm[k] = k;
    hs_sort_perm(perm, tmp, n, L->i + from, L->j + from, E->dbits);
    /* apply the permutation one array at a time through `hold` */
    for (uint64_t k = 0; k < n; k++) hold[k] = L->i[from + perm[k]];
    memcpy(L->i + from, hold, n * sizeof *hold);
    for (uint64_t k = 0; k < n; k++) hold[k] = L->j[from + perm[k]];
    memcpy(L->j + from, hold, n * sizeof *hold);
    const uint8_t **vh = (const uint8_t **)tmp;
    for (uint64_t k = 0; k < n; k++) vh[k] = L->v[from + perm[k]];
    memcpy(L->v + from, vh, n * sizeof *vh);
}

/* ---- children in C's order -------------------------------------------------------------------------- */

typedef struct {
    uint32_t pos; /* (row << 8) | col of the child in C's node */
    uint64_t w;
} hs_kid;

static int kid_cmp(const void *x, const void *y)
{
    const hs_kid *a = x, *b = y;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* The children of side S's inner node w in C's order; NULL (with oom set) when out of memory. */
static hs_kid *list_kids(hs_ew *E, const hs_side *S, uint64_t w, uint64_t *nkids)
{
    hs_kids it;
    hs_kids_open(S->M, w, &it);
    uint64_t d = 1ULL << E->dbits, cap = it.tag == GG_HS_INNER_DENSE ? d * d : it.n, n = 0;
    hs_kid *k = GG_malloc(cap * sizeof *k);
    if (k == NULL) {
        E->oom = true;
        return NULL;
    }
    if (it.tag == GG_HS_INNER_DENSE && S->swap) {
        /* walk C's positions in order and read the transposed slot */
        for (uint64_t ci = 0; ci < d; ci++)
            for (uint64_t cj = 0; cj < d; cj++) {
                uint64_t cw = hs_load64(it.words + 8 * ((cj << E->dbits) | ci));
                if (cw != 0) k[n++] = (hs_kid){(uint32_t)(ci << 8 | cj), cw};
            }
    } else {
        uint64_t cw, ci, cj;
        while (hs_kids_next(&it, &cw, &ci, &cj))
            k[n++] = S->swap ? (hs_kid){(uint32_t)(cj << 8 | ci), cw}
                             : (hs_kid){(uint32_t)(ci << 8 | cj), cw};
        if (S->swap) qsort(k, n, sizeof *k, kid_cmp);
    }
    *nkids = n;
    return k;
}

/* ---- expanding a subtree into entries ------------------------------------------------------------------ */

/* Appends the entries of side S's node w (level, origin (R0, C0) in C's coordinates) to L in C's
 * tree order. */
static void expand(hs_ew *E, const hs_side *S, hs_list *L, uint64_t w, int level, GrB_Index R0,
                   GrB_Index C0)
{
    if (E->oom) return;
    if (hs_is_inner(hs_word_tag(w))) {
        uint64_t n;
        hs_kid *k = list_kids(E, S, w, &n);
        int shift = (level - 1) * E->dbits;
        for (uint64_t q = 0; k != NULL && q < n; q++)
            expand(E, S, L, k[q].w, level - 1, R0 + ((uint64_t)(k[q].pos >> 8) << shift),
                   C0 + ((uint64_t)(k[q].pos & 255) << shift));
        GG_free(k);
        return;
    }
    hs_leaf lf;
    hs_leaf_open(S->M, w, level, S->swap ? C0 : R0, S->swap ? R0 : C0, &lf);
    if (!list_reserve(E, L, lf.n)) return;
    const uint8_t *iso = GG_hs_iso_value(S->M);
    size_t size = S->M->type->size;
    uint64_t from = L->n, li, lj;
    hs_iter it;
    hs_iter_init(&it, &lf);
    for (uint64_t k = 0; hs_iter_next(&it, &li, &lj); k++) {
        L->i[L->n] = R0 + (S->swap ? lj : li);
        L->j[L->n] = C0 + (S->swap ? li : lj);
        L->v[L->n++] = lf.x != NULL ? lf.x + k * size : iso;
    }
    if (S->swap) list_sort_tail(E, L, from);
}

/* ---- emitting C's entries ---------------------------------------------------------------------------- */

static void emit_one(hs_ew *E, const hs_side *S, GrB_Index i, GrB_Index j, const uint8_t *v)
{
    uint8_t *z = E->x + E->n * E->zsize;
    if (E->plain) {
        memcpy(z, v, E->zsize);
    } else {
        hs_read_value(S->M, v, S->scratch);
        hs_cast_apply(&S->to_z, z, S->scratch);
    }
    E->I[E->n] = i;
    E->J[E->n++] = j;
}

static void emit_both(hs_ew *E, GrB_Index i, GrB_Index j, const uint8_t *va, const uint8_t *vb)
{
    if (E->plain) {
        E->op->f(E->x + E->n * E->zsize, va, vb);
        E->I[E->n] = i;
        E->J[E->n++] = j;
        return;
    }
    hs_side *a = &E->a, *b = &E->b;
    uint8_t *xa = a->scratch + hs_align(a->M->type->size, 16);
    uint8_t *xb = b->scratch + hs_align(b->M->type->size, 16);
    hs_read_value(a->M, va, a->scratch);
    hs_cast_apply(&a->to_op, xa, a->scratch);
    hs_read_value(b->M, vb, b->scratch);
    hs_cast_apply(&b->to_op, xb, b->scratch);
    E->op->f(E->x + E->n * E->zsize, xa, xb);
    E->I[E->n] = i;
    E->J[E->n++] = j;
}

/* Merges the two lists (each in tree order) into C. */
static void merge_lists(hs_ew *E)
{
    hs_list *A = &E->la, *B = &E->lb;
    uint64_t p = 0, q = 0;
    while (p < A->n && q < B->n) {
        int c = hs_cmp(A->i[p], A->j[p], B->i[q], B->j[q], E->dbits);
        if (c == 0) {
            emit_both(E, A->i[p], A->j[p], A->v[p], B->v[q]);
            p++;
            q++;
        } else if (c < 0) {
            if (!E->mult) emit_one(E, &E->a, A->i[p], A->j[p], A->v[p]);
            p++;
        } else {
            if (!E->mult) emit_one(E, &E->b, B->i[q], B->j[q], B->v[q]);
            q++;
        }
    }
    for (; !E->mult && p < A->n; p++) emit_one(E, &E->a, A->i[p], A->j[p], A->v[p]);
    for (; !E->mult && q < B->n; q++) emit_one(E, &E->b, B->i[q], B->j[q], B->v[q]);
}

/* Copies a subtree that only side S has, one leaf at a time. */
static void copy_only(hs_ew *E, const hs_side *S, uint64_t w, int level, GrB_Index R0, GrB_Index C0)
{
    if (E->oom) return;
    if (hs_is_inner(hs_word_tag(w))) {
        uint64_t n;
        hs_kid *k = list_kids(E, S, w, &n);
        int shift = (level - 1) * E->dbits;
        for (uint64_t q = 0; k != NULL && q < n; q++)
            copy_only(E, S, k[q].w, level - 1, R0 + ((uint64_t)(k[q].pos >> 8) << shift),
                      C0 + ((uint64_t)(k[q].pos & 255) << shift));
        GG_free(k);
        return;
    }
    E->la.n = 0;
    expand(E, S, &E->la, w, level, R0, C0);
    for (uint64_t p = 0; !E->oom && p < E->la.n; p++)
        emit_one(E, S, E->la.i[p], E->la.j[p], E->la.v[p]);
}

static void dual(hs_ew *E, int level, uint64_t wa, uint64_t wb, GrB_Index R0, GrB_Index C0)
{
    if (E->oom || (wa == 0 && wb == 0)) return;
    if (wa == 0 || wb == 0) {
        if (!E->mult) copy_only(E, wa != 0 ? &E->a : &E->b, wa != 0 ? wa : wb, level, R0, C0);
        return;
    }
    if (hs_is_inner(hs_word_tag(wa)) && hs_is_inner(hs_word_tag(wb))) {
        uint64_t na = 0, nb = 0;
        hs_kid *ka = list_kids(E, &E->a, wa, &na);
        hs_kid *kb = ka != NULL ? list_kids(E, &E->b, wb, &nb) : NULL;
        int shift = (level - 1) * E->dbits;
        uint64_t p = 0, q = 0;
        while (kb != NULL && (p < na || q < nb)) {
            uint32_t pos = p < na && (q >= nb || ka[p].pos <= kb[q].pos) ? ka[p].pos : kb[q].pos;
            uint64_t ca = p < na && ka[p].pos == pos ? ka[p++].w : 0;
            uint64_t cb = q < nb && kb[q].pos == pos ? kb[q++].w : 0;
            dual(E, level - 1, ca, cb, R0 + ((uint64_t)(pos >> 8) << shift),
                 C0 + ((uint64_t)(pos & 255) << shift));
        }
        GG_free(ka);
        GG_free(kb);
        return;
    }
    E->la.n = 0;
    E->lb.n = 0;
    expand(E, &E->a, &E->la, wa, level, R0, C0);
    expand(E, &E->b, &E->lb, wb, level, R0, C0);
    if (!E->oom) merge_lists(E);
}

/* ---- entry point ----------------------------------------------------------------------------------------- */

static GrB_Info side_init(hs_side *S, const GG_hs_matrix *M, bool swap, GrB_Type optype, GrB_Type ztype)
{
    S->M = M;
    S->swap = swap;
    S->to_op = hs_cast_make(optype, M->type);
    S->to_z = hs_cast_make(ztype, M->type);
    S->scratch = GG_malloc(hs_align(M->type->size, 16) + optype->size);
    return S->scratch != NULL ? GrB_SUCCESS : GrB_OUT_OF_MEMORY;
}

/* B rebuilt (not transposed, logical = content) with node dimension 2^dbits. */
static GrB_Info redim(GG_hs_matrix *R, const GG_hs_matrix *B, int dbits)
{
    GG_coo t;
    GrB_Info info = GG_hs_to_coo(B, &t);
    if (info != GrB_SUCCESS) return info;
    GG_hs_tuples tu = {t.row, t.col, t.x, B->type, false, t.n};
    info = hs_build_tuples(R, B->type, GG_hs_nrows(B), GG_hs_ncols(B), &tu, NULL, 0, dbits);
    GG_coo_free(&t);
    return info;
}

GrB_Info GG_hs_ewise(GG_hs_matrix *C, const GG_hs_matrix *A, const GG_hs_matrix *B,
                     GrB_BinaryOp op, bool mult)
{
    if (GG_hs_nrows(A) != GG_hs_nrows(B) || GG_hs_ncols(A) != GG_hs_ncols(B))
        return GrB_DIMENSION_MISMATCH;
    GG_hs_matrix Bd;
    bool rebuilt = A->dbits != B->dbits;
    if (rebuilt) {
        GrB_Info info = redim(&Bd, B, A->dbits);
        if (info != GrB_SUCCESS) return info;
        B = &Bd;
    }
    /* Same orientation: combine the contents as stored. Otherwise C is the logical matrix. */
    bool same = A->transposed == B->transposed;
    GrB_Index nrows = same ? A->nrows : GG_hs_nrows(A), ncols = same ? A->ncols : GG_hs_ncols(A);
    hs_ew E = {.op = op, .mult = mult, .dbits = A->dbits, .zsize = op->ztype->size};
    uint64_t cap = mult ? (A->nvals < B->nvals ? A->nvals : B->nvals) : A->nvals + B->nvals;
    E.I = hs_alloc_n(cap, sizeof(GrB_Index));
    E.J = hs_alloc_n(cap, sizeof(GrB_Index));
    E.x = hs_alloc_n(cap, E.zsize);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (E.I != NULL && E.J != NULL && E.x != NULL &&
        side_init(&E.a, A, !same && A->transposed, op->xtype, op->ztype) == GrB_SUCCESS &&
        side_init(&E.b, B, !same && B->transposed, op->ytype, op->ztype) == GrB_SUCCESS) {
        E.plain = A->type == op->ztype && B->type == op->ztype && op->xtype == op->ztype &&
                  op->ytype == op->ztype && !hs_scaled(A) && !hs_scaled(B);
        dual(&E, hs_height(nrows, ncols, A->dbits), A->root, B->root, 0, 0);
        if (!E.oom) {
            bool iso = E.n > 0;
            for (uint64_t k = 1; iso && k < E.n; k++)
                iso = memcmp(E.x, E.x + k * E.zsize, E.zsize) == 0;
            hs_stream s = {.n = E.n, .I = E.I, .J = E.J};
            s.v.x = (const char *)E.x;
            s.v.xsize = E.zsize;
            s.v.to_z = hs_cast_make(op->ztype, op->ztype);
            info = hs_build_stream(C, op->ztype, nrows, ncols, A->dbits, &s, iso);
            if (info == GrB_SUCCESS) C->transposed = same && A->transposed;
        }
    }
    GG_free(E.a.scratch);
    GG_free(E.b.scratch);
    list_free(&E.la);
    list_free(&E.lb);
    GG_free(E.perm);
    GG_free(E.I);
    GG_free(E.J);
    GG_free(E.x);
    if (rebuilt) GG_hs_free(&Bd);
    return info;
}
