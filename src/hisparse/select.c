/* select.c: C = the entries of A that a filter keeps, tree to tree (GG_hs_select). The walk goes
 * in tree order and the kept entries come out in tree order, so they go straight into the
 * builder's skeleton and fill (hs_build_stream) with no sort, and A is never converted to tuples.
 * A filter that can judge a whole block from its bounds (the positional tests) drops or keeps a
 * subtree without reading its entries' values or testing them one by one.
 * Parallel: the top of the tree is cut into subtrees in tree order (at least HS_SEL_ITEMS per
 * thread where the tree allows), which form HS_SEL_ITEMS groups of consecutive subtrees per
 * thread (a wide node opens into thousands of them); each thread walks whole groups into the
 * group's own buffer, and the buffers are concatenated in order (one group on one thread is the
 * stream itself). C keeps A's content orientation, node size and iso flag; its values are A's,
 * cast by the stream build when C's type differs. */
#include "hs_internal.h"

#define HS_SEL_ITEMS 8

/* A subtree to walk. */
typedef struct {
    uint64_t w;
    int level;
    bool all; /* the filter keeps every entry (judged from its bounds) */
    GrB_Index r0, c0;
} hs_sel_node;

/* One subtree's kept entries (content coordinates) and their values (A's type, scaled). */
typedef struct {
    GrB_Index *I, *J;
    uint8_t *x;
    uint64_t n, cap;
} hs_sel_buf;

typedef struct {
    const GG_hs_matrix *A;
    const GG_hs_filter *f;
    size_t vsize;       /* value bytes gathered per entry: 0 for an iso A */
    const uint8_t *iso; /* an iso A's value (scaled), what the filter tests for every entry */
    uint64_t first_cap; /* a group buffer's first size: its share of A's entries, with slack
                         * (untouched pages cost no memory), all of them for a single group */
    bool oom;
} hs_sel;

/* How much of the content block [r0, r0 + span) x [c0, c0 + span) the filter keeps. */
static GG_hs_cover sel_box(const hs_sel *S, GrB_Index r0, GrB_Index c0, int level)
{
    const GG_hs_matrix *A = S->A;
    GrB_Index span = (GrB_Index)1 << (level * A->dbits < 63 ? level * A->dbits : 63);
    GrB_Index r1 = A->nrows - r0 < span ? A->nrows - 1 : r0 + span - 1;
    GrB_Index c1 = A->ncols - c0 < span ? A->ncols - 1 : c0 + span - 1;
    if (S->f->box == NULL) return GG_HS_SOME;
    return A->transposed ? S->f->box(S->f->ctx, c0, c1, r0, r1)
                         : S->f->box(S->f->ctx, r0, r1, c0, c1);
}

static bool buf_reserve(hs_sel *S, hs_sel_buf *b, uint64_t extra)
{
    if (b->n + extra <= b->cap) return true;
    uint64_t cap = b->cap == 0 ? S->first_cap : 2 * b->cap;
    if (cap < b->n + extra) cap = b->n + extra;
    GrB_Index *I = GG_realloc(b->I, cap * sizeof *I);
    if (I != NULL) b->I = I;
    GrB_Index *J = I != NULL ? GG_realloc(b->J, cap * sizeof *J) : NULL;
    if (J != NULL) b->J = J;
    uint8_t *x = J != NULL ? GG_realloc(b->x, cap * (S->vsize > 0 ? S->vsize : 1)) : NULL;
    if (x == NULL) {
        S->oom = true;
        return false;
    }
    b->x = x;
    b->cap = cap;
    return true;
}

/* The kept entries of one leaf, appended to b. */
static void sel_leaf(hs_sel *S, hs_sel_buf *b, const hs_sel_node *nd, int tid)
{
    const GG_hs_matrix *A = S->A;
    hs_leaf L;
    hs_leaf_open(A, nd->w, nd->level, nd->r0, nd->c0, &L);
    if (!buf_reserve(S, b, L.n)) return;
    size_t size = A->type->size;
    hs_iter it;
    uint64_t li, lj, n = b->n;
    hs_iter_init(&it, &L);
    while (hs_iter_next(&it, &li, &lj)) {
        GrB_Index r = L.r0 + li, c = L.c0 + lj;
        const uint8_t *z = S->iso;
        if (S->vsize > 0) {
            hs_read_value(A, L.x + (it.k - 1) * size, b->x + n * size);
            z = b->x + n * size;
        }
        if (!nd->all && !(A->transposed ? S->f->keep(S->f->ctx, c, r, z, tid)
                                        : S->f->keep(S->f->ctx, r, c, z, tid)))
            continue;
        b->I[n] = r;
        b->J[n] = c;
        n++;
    }
    b->n = n;
}

/* The subtree at nd, its kept entries appended to b in tree order. */
static void sel_walk(hs_sel *S, hs_sel_buf *b, hs_sel_node nd, int tid)
{
    if (S->oom) return;
    if (!nd.all) {
        GG_hs_cover cover = sel_box(S, nd.r0, nd.c0, nd.level);
        if (cover == GG_HS_NONE) return;
        nd.all = cover == GG_HS_ALL;
    }
    if (!hs_is_inner(hs_word_tag(nd.w))) {
        sel_leaf(S, b, &nd, tid);
        return;
    }
    hs_kids it;
    hs_kids_open(S->A, nd.w, &it);
    int shift = (nd.level - 1) * S->A->dbits;
    uint64_t cw, ci, cj;
    while (hs_kids_next(&it, &cw, &ci, &cj))
        sel_walk(S, b,
                 (hs_sel_node){cw, nd.level - 1, nd.all, nd.r0 + (ci << shift),
                               nd.c0 + (cj << shift)},
                 tid);
}

/* The top of the tree as subtrees in tree order: inner nodes are opened level by level until
 * there are `want` of them or only leaves are left. Blocks the filter drops are left out. */
static GrB_Info sel_items(hs_sel *S, uint64_t want, hs_sel_node **items, uint64_t *count)
{
    const GG_hs_matrix *A = S->A;
    uint64_t n = 0, cap = 64;
    hs_sel_node *list = GG_malloc(cap * sizeof *list);
    if (list == NULL) return GrB_OUT_OF_MEMORY;
    if (A->root != 0) list[n++] = (hs_sel_node){A->root, A->height, false, 0, 0};
    for (bool opened = true; opened && n < want;) {
        opened = false;
        uint64_t m = 0, mcap = n * 4 + 64;
        hs_sel_node *next = GG_malloc(mcap * sizeof *next);
        if (next == NULL) {
            GG_free(list);
            return GrB_OUT_OF_MEMORY;
        }
        for (uint64_t k = 0; k < n; k++) {
            hs_sel_node nd = list[k];
            if (!nd.all) {
                GG_hs_cover cover = sel_box(S, nd.r0, nd.c0, nd.level);
                if (cover == GG_HS_NONE) continue;
                nd.all = cover == GG_HS_ALL;
            }
            uint64_t kids = 1;
            hs_kids it;
            if (hs_is_inner(hs_word_tag(nd.w))) {
                hs_kids_open(A, nd.w, &it);
                kids = it.n;
            }
            if (m + kids > mcap) {
                mcap = 2 * (m + kids);
                hs_sel_node *grown = GG_realloc(next, mcap * sizeof *next);
                if (grown == NULL) {
                    GG_free(next);
                    GG_free(list);
                    return GrB_OUT_OF_MEMORY;
                }
                next = grown;
            }
            if (kids == 1 && !hs_is_inner(hs_word_tag(nd.w))) {
                next[m++] = nd;
                continue;
            }
            opened = true;
            int shift = (nd.level - 1) * A->dbits;
            uint64_t cw, ci, cj;
            while (hs_kids_next(&it, &cw, &ci, &cj))
                next[m++] = (hs_sel_node){cw, nd.level - 1, nd.all, nd.r0 + (ci << shift),
                                          nd.c0 + (cj << shift)};
        }
        GG_free(list);
        list = next;
        n = m;
    }
    *items = list;
    *count = n;
    return GrB_SUCCESS;
}

GrB_Info GG_hs_select(GG_hs_matrix *C, GrB_Type ztype, const GG_hs_matrix *A,
                      const GG_hs_filter *f, int nth)
{
    if (nth < 1) nth = 1;
    hs_sel S = {.A = A, .f = f, .vsize = A->iso ? 0 : A->type->size};
    hs_sel_node *items;
    uint64_t nitems;
    GrB_Info info = sel_items(&S, (uint64_t)nth * HS_SEL_ITEMS, &items, &nitems);
    if (info != GrB_SUCCESS) return info;
    uint64_t ngroups = nth == 1 ? 1 : (uint64_t)nth * HS_SEL_ITEMS;
    if (ngroups > nitems) ngroups = nitems;
    S.first_cap = ngroups <= 1 ? A->nvals : 4 * (A->nvals / ngroups) + 4096;
    hs_sel_buf *bufs = GG_calloc(ngroups == 0 ? 1 : ngroups, sizeof *bufs);
    uint64_t *at = GG_calloc(ngroups + 1, sizeof *at);
    GrB_Index *I = NULL, *J = NULL;
    size_t size = A->type->size;
    uint8_t *x = NULL, *iso = GG_malloc(size);
    info = GrB_OUT_OF_MEMORY;
    if (bufs == NULL || at == NULL || iso == NULL) goto done;
    if (A->iso) hs_read_value(A, NULL, iso);
    S.iso = iso;
    HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
    for (uint64_t g = 0; g < ngroups; g++)
        for (uint64_t k = nitems * g / ngroups; k < nitems * (g + 1) / ngroups; k++)
            sel_walk(&S, &bufs[g], items[k], hs_thread_id());
    if (S.oom) goto done;
    for (uint64_t g = 0; g < ngroups; g++) at[g + 1] = at[g] + bufs[g].n;
    uint64_t n = at[ngroups];
    hs_stream s = {.n = n};
    if (ngroups == 1 && n > 0) {
        /* one group (one thread): its buffer is the stream */
        s.I = bufs[0].I, s.J = bufs[0].J;
        s.v.x = S.vsize > 0 ? (const char *)bufs[0].x : (const char *)iso;
    } else {
        I = hs_alloc_n(n, sizeof *I);
        J = hs_alloc_n(n, sizeof *J);
        x = hs_alloc_n(S.vsize > 0 ? n : 1, size);
        if (I == NULL || J == NULL || x == NULL) goto done;
        HS_OMP("omp parallel for num_threads(nth) schedule(dynamic, 1)")
        for (uint64_t k = 0; k < ngroups; k++) {
            uint64_t m = bufs[k].n;
            if (m == 0) continue;
            memcpy(I + at[k], bufs[k].I, m * sizeof *I);
            memcpy(J + at[k], bufs[k].J, m * sizeof *J);
            if (S.vsize > 0) memcpy(x + at[k] * size, bufs[k].x, m * size);
        }
        if (S.vsize == 0) memcpy(x, iso, size);
        s.I = I, s.J = J;
        s.v.x = (const char *)x;
    }
    s.v.xsize = size;
    s.v.to_z = hs_cast_make(ztype, A->type);
    info = hs_build_stream(C, ztype, A->nrows, A->ncols, A->dbits, &s, S.vsize == 0 && n > 0);
    if (info == GrB_SUCCESS) C->transposed = A->transposed;
done:
    for (uint64_t k = 0; bufs != NULL && k < ngroups; k++) {
        GG_free(bufs[k].I);
        GG_free(bufs[k].J);
        GG_free(bufs[k].x);
    }
    GG_free(bufs);
    GG_free(at);
    GG_free(items);
    GG_free(I);
    GG_free(J);
    GG_free(x);
    GG_free(iso);
    return info;
}
