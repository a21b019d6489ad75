/* check.c: GG_hs_check, the HiSparse invariant checker. It walks the tree bounds-checking every
 * read before making it, so it reports a damaged pool instead of following it, and verifies
 * everything the format promises: aligned in-pool offsets, disjoint nodes, tags valid for their
 * level, counts consistent with the node kind, coordinates inside the node and the matrix and
 * strictly increasing in tree order, zero padding, no empty node, the entry total. */
#include "hs_internal.h"

#include <stdlib.h>

typedef struct {
    uint64_t offset, size;
} hs_span;

typedef struct {
    const GG_hs_matrix *A;
    const uint8_t *base;
    uint64_t bytes, first; /* pool size; the first byte a node may use */
    uint64_t entries;
    hs_span *spans;
    size_t nspans, cap;
    char *msg;
    size_t msglen;
    bool oom;
} hs_checker;

static bool fail(hs_checker *C, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(hs_checker *C, const char *fmt, ...)
{
    if (C->msg != NULL && C->msglen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(C->msg, C->msglen, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* [offset, offset + size) lies in the node area of the pool. */
static bool inside(hs_checker *C, uint64_t offset, uint64_t size)
{
    if (offset >= C->first && offset <= C->bytes && size <= C->bytes - offset) return true;
    return fail(C, "node at offset %llu (%llu bytes) lies outside the pool (%llu bytes)",
                (unsigned long long)offset, (unsigned long long)size, (unsigned long long)C->bytes);
}

/* Claims [offset, offset + size) for one node; overlaps are found after the walk. */
static bool claim(hs_checker *C, uint64_t offset, uint64_t size)
{
    if (!inside(C, offset, size)) return false;
    if (size == 0) return true;
    if (C->nspans == C->cap) {
        size_t cap = C->cap < 64 ? 64 : 2 * C->cap;
        hs_span *p = GG_realloc(C->spans, cap * sizeof *p);
        if (p == NULL) {
            C->oom = true;
            return false;
        }
        C->spans = p;
        C->cap = cap;
    }
    C->spans[C->nspans++] = (hs_span){offset, size};
    return true;
}

/* Every byte of node[0, size) outside the used ranges [lo[k], hi[k]) must be zero. */
static bool zero_padding(hs_checker *C, const uint8_t *node, uint64_t size, const uint64_t *lo,
                         const uint64_t *hi, int nranges, uint64_t offset)
{
    uint64_t p = 0;
    for (int r = 0; r <= nranges; r++) {
        uint64_t end = r < nranges ? lo[r] : size;
        for (; p < end; p++)
            if (node[p] != 0)
                return fail(C, "node at offset %llu: padding byte %llu is not zero",
                            (unsigned long long)offset, (unsigned long long)p);
        if (r < nranges && hi[r] > p) p = hi[r];
    }
    return true;
}

static bool check_node(hs_checker *C, uint64_t w, int level, GrB_Index r0, GrB_Index c0);

static bool check_inner(hs_checker *C, uint64_t w, int level, GrB_Index r0, GrB_Index c0)
{
    const GG_hs_matrix *A = C->A;
    uint64_t offset = hs_word_offset(w), d = 1ULL << A->dbits, m = hs_mask(A->dbits);
    int tag = hs_word_tag(w), shift = (level - 1) * A->dbits;
    const uint8_t *node = C->base + offset;
    if (tag == GG_HS_INNER_DENSE) {
        if (!claim(C, offset, hs_dense_inner_size(A->dbits))) return false;
        uint64_t kids = 0;
        for (uint64_t k = 0; k < d * d; k++) {
            uint64_t cw = hs_load64(node + 8 * k);
            if (cw == 0) continue;
            kids++;
            if (!check_node(C, cw, level - 1, r0 + ((k >> A->dbits) << shift),
                            c0 + ((k & m) << shift)))
                return false;
        }
        return kids > 0 ? true : fail(C, "dense inner node at offset %llu has no child",
                                      (unsigned long long)offset);
    }
    if (!inside(C, offset, 16)) return false;
    uint64_t n = hs_load32(node);
    if (n == 0 || n > d * d)
        return fail(C, "inner node at offset %llu: count %llu", (unsigned long long)offset,
                    (unsigned long long)n);
    unsigned X = hs_coo_x(tag);
    hs_geom g = hs_coo_geom(n, X, 1, 8);
    if (!claim(C, offset, g.size)) return false;
    uint64_t lo[3] = {0, g.coords, g.values}, hi[3] = {4, g.coords + 2 * n, g.values + 8 * n};
    if (!zero_padding(C, node, g.size, lo, hi, 3, offset)) return false;
    for (uint64_t k = 0; k < n; k++) {
        uint64_t ci = node[g.coords + 2 * k], cj = node[g.coords + 2 * k + 1];
        if (ci >= d || cj >= d)
            return fail(C, "inner node at offset %llu: child position (%llu, %llu) outside d = %llu",
                        (unsigned long long)offset, (unsigned long long)ci,
                        (unsigned long long)cj, (unsigned long long)d);
        if (k > 0) {
            uint64_t pi = node[g.coords + 2 * k - 2], pj = node[g.coords + 2 * k - 1];
            if ((pi << 8 | pj) >= (ci << 8 | cj))
                return fail(C, "inner node at offset %llu: children not in increasing order",
                            (unsigned long long)offset);
        }
        uint64_t cw = hs_load64(node + g.values + 8 * k);
        if (cw == 0)
            return fail(C, "inner node at offset %llu: child %llu is null",
                        (unsigned long long)offset, (unsigned long long)k);
        if (!check_node(C, cw, level - 1, r0 + (ci << shift), c0 + (cj << shift))) return false;
    }
    return true;
}

static bool check_leaf(hs_checker *C, uint64_t w, int level, GrB_Index r0, GrB_Index c0)
{
    const GG_hs_matrix *A = C->A;
    uint64_t offset = hs_word_offset(w), vb = hs_vbytes(A), d = 1ULL << A->dbits;
    int tag = hs_word_tag(w);
    const uint8_t *node = C->base + offset;
    if (r0 >= A->nrows || c0 >= A->ncols)
        return fail(C, "leaf at offset %llu starts outside the matrix", (unsigned long long)offset);
    if (tag == GG_HS_LEAF_DENSE) {
        uint64_t n = hs_extent(A->nrows, r0, A->dbits) * hs_extent(A->ncols, c0, A->dbits);
        uint64_t size = hs_dense_leaf_size(n, vb), lo = 0, hi = n * vb;
        if (!claim(C, offset, size) || !zero_padding(C, node, size, &lo, &hi, 1, offset))
            return false;
        C->entries += n;
        return true;
    }
    if (!inside(C, offset, 16)) return false;
    uint64_t n = hs_load32(node);
    if (n == 0) return fail(C, "leaf at offset %llu is empty", (unsigned long long)offset);
    if (tag == GG_HS_LEAF_BITMAP) {
        hs_geom g = hs_bitmap_geom(n, A->dbits, vb);
        if (!claim(C, offset, g.size)) return false;
        uint64_t nr = hs_extent(A->nrows, r0, A->dbits), nc = hs_extent(A->ncols, c0, A->dbits);
        uint64_t lo[3] = {0, g.coords, g.values};
        uint64_t hi[3] = {4 + 2 * d, g.coords + 8 * hs_bitmap_words(A->dbits), g.values + n * vb};
        if (!zero_padding(C, node, g.size, lo, hi, 3, offset)) return false;
        uint64_t seen = 0;
        for (uint64_t r = 0; r < d; r++) {
            uint16_t start;
            memcpy(&start, node + 4 + 2 * r, 2);
            if (start != seen)
                return fail(C, "bitmap leaf at offset %llu: row %llu starts at %u, not %llu",
                            (unsigned long long)offset, (unsigned long long)r, start,
                            (unsigned long long)seen);
            for (uint64_t c = 0; c < d; c++) {
                uint64_t pos = r * d + c;
                if (!((hs_load64(node + g.coords + 8 * (pos / 64)) >> (pos % 64)) & 1)) continue;
                if (r >= nr || c >= nc)
                    return fail(C, "bitmap leaf at offset %llu: cell (%llu, %llu) outside the "
                                   "matrix", (unsigned long long)offset, (unsigned long long)r,
                                (unsigned long long)c);
                seen++;
            }
        }
        if (seen != n)
            return fail(C, "bitmap leaf at offset %llu: %llu bits set, count %llu",
                        (unsigned long long)offset, (unsigned long long)seen,
                        (unsigned long long)n);
        C->entries += n;
        return true;
    }
    unsigned cb = hs_coord_bytes(level, A->dbits);
    hs_geom g = hs_coo_geom(n, hs_coo_x(tag), cb, vb);
    if (!claim(C, offset, g.size)) return false;
    uint64_t lo[3] = {0, g.coords, g.values}, hi[3] = {4, g.coords + 2 * cb * n, g.values + n * vb};
    if (!zero_padding(C, node, g.size, lo, hi, 3, offset)) return false;
    uint64_t span = hs_mask(level * A->dbits);
    for (uint64_t k = 0; k < n; k++) {
        uint64_t li = hs_coord(node + g.coords, cb, k, 0), lj = hs_coord(node + g.coords, cb, k, 1);
        if (li > span || lj > span || r0 + li >= A->nrows || c0 + lj >= A->ncols)
            return fail(C, "leaf at offset %llu: entry %llu at (%llu, %llu) outside the node or "
                           "the matrix", (unsigned long long)offset, (unsigned long long)k,
                        (unsigned long long)(r0 + li), (unsigned long long)(c0 + lj));
        if (k > 0 && hs_cmp(hs_coord(node + g.coords, cb, k - 1, 0),
                            hs_coord(node + g.coords, cb, k - 1, 1), li, lj, A->dbits) >= 0)
            return fail(C, "leaf at offset %llu: entry %llu out of tree order",
                        (unsigned long long)offset, (unsigned long long)k);
    }
    C->entries += n;
    return true;
}

static bool check_node(hs_checker *C, uint64_t w, int level, GrB_Index r0, GrB_Index c0)
{
    int tag = hs_word_tag(w);
    bool ok = tag != GG_HS_NULL && tag < GG_HS_NTAGS &&
              (hs_is_inner(tag) ? level >= 2
                                : (tag == GG_HS_LEAF_DENSE || tag == GG_HS_LEAF_BITMAP) ? level == 1
                                                                                         : level >= 1);
    if (!ok)
        return fail(C, "word %#llx: tag %d is not valid at level %d", (unsigned long long)w, tag,
                    level);
    if (hs_word_offset(w) < C->first || hs_word_offset(w) > C->bytes)
        return fail(C, "word %#llx: offset outside the pool (%llu bytes)", (unsigned long long)w,
                    (unsigned long long)C->bytes);
    return hs_is_inner(tag) ? check_inner(C, w, level, r0, c0) : check_leaf(C, w, level, r0, c0);
}

static int span_cmp(const void *a, const void *b)
{
    const hs_span *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

GrB_Info GG_hs_check(const GG_hs_matrix *A, char *msg, size_t msglen)
{
    hs_checker C = {.A = A, .msg = msg, .msglen = msglen};
    if (msg != NULL && msglen > 0) msg[0] = '\0';
    bool fp = A->type->code == GrB_FP32_CODE || A->type->code == GrB_FP64_CODE;
    bool ok;
    if (A->dbits < 1 || A->dbits > 8)
        ok = fail(&C, "node dimension 2^%d", A->dbits);
    else if (A->nrows > GrB_INDEX_MAX + 1 || A->ncols > GrB_INDEX_MAX + 1)
        ok = fail(&C, "dimension beyond 2^60");
    else if (A->height != hs_height(A->nrows, A->ncols, A->dbits))
        ok = fail(&C, "height %d, expected %d", A->height, hs_height(A->nrows, A->ncols, A->dbits));
    else if (!fp && A->scale != 1.0)
        ok = fail(&C, "scale %g on a type that is not FP32 or FP64", A->scale);
    else if ((A->root == 0) != (A->nvals == 0))
        ok = fail(&C, "root %#llx with %llu entries", (unsigned long long)A->root,
                  (unsigned long long)A->nvals);
    else if (A->root != 0 && A->pool == NULL)
        ok = fail(&C, "a root without a pool");
    else if (A->root == 0)
        ok = !A->iso || fail(&C, "an empty matrix marked iso");
    else {
        C.base = hs_base(A);
        C.bytes = A->pool->bytes;
        C.first = HS_HEADER_BYTES + (A->iso ? hs_align(A->type->size, 16) : 0);
        if (atomic_load(&A->pool->refs) < 1)
            ok = fail(&C, "pool reference count %lld", (long long)atomic_load(&A->pool->refs));
        else if (C.bytes < C.first || C.bytes % 16 != 0)
            ok = fail(&C, "pool of %llu bytes", (unsigned long long)C.bytes);
        else
            ok = check_node(&C, A->root, A->height, 0, 0);
        if (ok && C.entries != A->nvals)
            ok = fail(&C, "%llu entries in the tree, nvals %llu", (unsigned long long)C.entries,
                      (unsigned long long)A->nvals);
        if (ok) {
            if (C.nspans > 1) qsort(C.spans, C.nspans, sizeof *C.spans, span_cmp);
            for (size_t k = 1; ok && k < C.nspans; k++)
                if (C.spans[k].offset < C.spans[k - 1].offset + C.spans[k - 1].size)
                    ok = fail(&C, "nodes at offsets %llu and %llu overlap",
                              (unsigned long long)C.spans[k - 1].offset,
                              (unsigned long long)C.spans[k].offset);
        }
    }
    GG_free(C.spans);
    if (C.oom) return GrB_OUT_OF_MEMORY;
    return ok ? GrB_SUCCESS : GrB_INVALID_OBJECT;
}
