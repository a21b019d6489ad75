/* mlog.c: a matrix's log of pending updates, indexed on demand so that writes and the reads that
 * need not see the whole matrix cost what they touch (issue 14, item 4).
 *
 * Unindexed (ix NULL), the log is what it always was: setElement and removeElement append in call
 * order, the last operation on a position wins at assembly, and an append costs O(1); nvals and
 * extractElement assemble it, as before. The first line read or line write (GrB_Row_assign,
 * GrB_Col_assign, GrB_Matrix_assign over few lines) indexes the log: its surviving operations are
 * compacted to one per position (sorted by position, O(log's length)), and from then on a write to
 * a logged position overwrites that operation in place, so every entry is live. A hash table from
 * position to log entry finds it; a running count of the entries the log adds or removes gives
 * nvals, so nvals and extractElement read through the log without an assembly; per-line chains
 * (rows, columns; built on first use) list the log entries of one row or column, for the line
 * reads. The tree stays unchanged until the next full read assembles the log (store.c), which
 * drops the index with the log.
 *
 * The tables are open-addressed arrays of (log position + 1), 0 meaning empty, their keys read
 * from the log itself; entries are never removed from a table, so no tombstones are needed. A
 * table has at least twice the log's capacity and is rebuilt when the log grows. */
#include "GG_hisparse.h"
#include "GG_store_private.h"

#define NONE UINT64_MAX

/* A table of log positions keyed by position (pos) or by row or column (line[0], line[1], with
 * next[q] the previous log entry of the same line, or NONE). */
typedef struct {
    uint64_t *slot; /* NULL: not built */
    GrB_Index *next;
} table;

struct GG_mlog_ix {
    uint64_t tcap;         /* slots per table, a power of two, at least twice the log's capacity */
    table pos, line[2];    /* line[0]: rows, line[1]: columns */
    int64_t dnvals;        /* entries the log adds, less those it removes */
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

/* Where the key (i, j) starts its search (t as in probe). */
static uint64_t home(int t, GrB_Index i, GrB_Index j, uint64_t tcap)
{
    return (t < 0 ? mix(i * 0x9E3779B97F4A7C15ULL ^ j) : mix(t == 0 ? i : j)) & (tcap - 1);
}

/* The slot holding the key (i, j) (t < 0: the position; t 0: row i; t 1: column j), or the empty
 * slot where it goes. */
static uint64_t *probe(const GG_pending *p, const table *tb, uint64_t tcap, int t, GrB_Index i,
                       GrB_Index j)
{
    for (uint64_t s = home(t, i, j, tcap);; s = (s + 1) & (tcap - 1)) {
        uint64_t v = tb->slot[s];
        if (v == 0) return &tb->slot[s];
        GrB_Index q = v - 1;
        bool same = t < 0 ? p->row[q] == i && p->col[q] == j : t == 0 ? p->row[q] == i
                                                                       : p->col[q] == j;
        if (same) return &tb->slot[s];
    }
}

/* Enters log entry q into table tb (t as in probe); a line table chains it to the line's previous
 * latest entry. */
static void table_add(const GG_pending *p, table *tb, uint64_t tcap, int t, GrB_Index q)
{
    uint64_t *s = probe(p, tb, tcap, t, p->row[q], p->col[q]);
    if (t >= 0) tb->next[q] = *s == 0 ? NONE : *s - 1;
    *s = q + 1;
}

/* The slots of a table of tcap slots, filled from log entries [0, n); the chains (next) are
 * rebuilt with them, so a line table's next array must hold the log's capacity. */
static GrB_Info table_fill(const GG_pending *p, table *tb, uint64_t tcap, int t)
{
    uint64_t *slot = GG_calloc(tcap, sizeof *slot);
    if (slot == NULL) return GrB_OUT_OF_MEMORY;
    GG_free(tb->slot);
    tb->slot = slot;
    for (GrB_Index q = 0; q < p->n; q++) table_add(p, tb, tcap, t, q);
    return GrB_SUCCESS;
}

void GG_mlog_ix_free(GG_pending *p)
{
    struct GG_mlog_ix *ix = p->ix;
    if (ix == NULL) return;
    GG_free(ix->pos.slot);
    for (int t = 0; t < 2; t++) {
        GG_free(ix->line[t].slot);
        GG_free(ix->line[t].next);
    }
    GG_free(ix);
    p->ix = NULL;
}

/* (Re)builds ix's tables for the log's capacity: new chain arrays first, so a failure changes
 * nothing. */
static GrB_Info tables_build(GG_pending *p, struct GG_mlog_ix *ix)
{
    if (ix->tcap >= 2 * p->cap && ix->pos.slot != NULL) return GrB_SUCCESS;
    uint64_t tcap = 16;
    while (tcap < 2 * p->cap) tcap *= 2;
    for (int t = 0; t < 2; t++) {
        if (ix->line[t].slot == NULL) continue;
        GrB_Index *next = GG_realloc(ix->line[t].next, p->cap * sizeof *next);
        if (next == NULL) return GrB_OUT_OF_MEMORY;
        ix->line[t].next = next;
    }
    table fresh[3] = {{NULL, NULL}, {NULL, ix->line[0].next}, {NULL, ix->line[1].next}};
    GrB_Info info = table_fill(p, &fresh[0], tcap, -1);
    for (int t = 0; t < 2 && info == GrB_SUCCESS; t++)
        if (ix->line[t].slot != NULL) info = table_fill(p, &fresh[t + 1], tcap, t);
    if (info != GrB_SUCCESS) {
        for (int t = 0; t < 3; t++) GG_free(fresh[t].slot);
        return info;
    }
    GG_free(ix->pos.slot);
    ix->pos.slot = fresh[0].slot;
    for (int t = 0; t < 2; t++) {
        if (ix->line[t].slot == NULL) continue;
        GG_free(ix->line[t].slot);
        ix->line[t].slot = fresh[t + 1].slot;
    }
    ix->tcap = tcap;
    return GrB_SUCCESS;
}

GrB_Info GG_mlog_reserve(GG_container *c, GrB_Index more)
{
    GG_pending *p = &c->pending;
    GrB_Info info = GG_pending_reserve(p, c->type->size, more);
    if (info != GrB_SUCCESS || p->ix == NULL) return info;
    info = tables_build(p, p->ix);
    /* an empty log goes back to holding nothing, as before the call */
    if (info != GrB_SUCCESS && p->n == 0) GG_pending_free(p);
    return info;
}

GrB_Info GG_mlog_index(GG_container *c)
{
    GG_pending *p = &c->pending;
    if (p->ix != NULL) return GrB_SUCCESS;
    struct GG_mlog_ix *ix = GG_calloc(1, sizeof *ix);
    if (ix == NULL) return GrB_OUT_OF_MEMORY;
    if (p->n == 0) {
        p->ix = ix; /* the tables come with the first reservation */
        return GrB_SUCCESS;
    }
    /* the surviving operation of every position, in position order, into new arrays */
    GG_sort_key *keys = NULL;
    GrB_Index g = 0;
    size_t size = c->type->size;
    GG_pending q = {.cap = p->cap, .ix = ix};
    GrB_Info info = GG_pending_survivors(p, &keys, &g);
    if (info == GrB_SUCCESS) {
        q.row = GG_malloc(p->cap * sizeof *q.row);
        q.col = GG_malloc(p->cap * sizeof *q.col);
        q.x = GG_malloc(p->cap * size);
        q.del = GG_malloc(p->cap);
        if (q.row == NULL || q.col == NULL || q.x == NULL || q.del == NULL)
            info = GrB_OUT_OF_MEMORY;
    }
    if (info == GrB_SUCCESS) {
        for (GrB_Index m = 0; m < g; m++) {
            GrB_Index k = keys[m].seq;
            q.row[m] = p->row[k];
            q.col[m] = p->col[k];
            q.del[m] = p->del[k];
            if (!p->del[k]) memcpy((char *)q.x + m * size, (const char *)p->x + k * size, size);
            ix->dnvals += (int64_t)!p->del[k] - (int64_t)GG_hs_has(&c->hs, p->row[k], p->col[k]);
        }
        q.n = g;
        info = tables_build(&q, ix);
    }
    GG_free(keys);
    if (info != GrB_SUCCESS) {
        q.ix = NULL;
        GG_pending_free(&q);
        GG_free(ix);
        return info;
    }
    GG_pending_free(p);
    *p = q;
    return GrB_SUCCESS;
}

bool GG_mlog_find(const GG_container *c, GrB_Index i, GrB_Index j, GrB_Index *q)
{
    const GG_pending *p = &c->pending;
    if (p->n == 0 || p->ix == NULL) return false;
    uint64_t v = *probe(p, &p->ix->pos, p->ix->tcap, -1, i, j);
    if (v == 0) return false;
    *q = v - 1;
    return true;
}

/* Lookups this many positions ahead of the probe: a table's slots and the log's entries are
 * random reads of arrays larger than the caches, so each lookup waits for up to three misses one
 * after another; with the slot, then the entry it names, fetched ahead, the misses of several
 * lookups overlap. */
#define AHEAD 8

void GG_mlog_find_many(const GG_container *c, GrB_Index n, const GrB_Index *I, const GrB_Index *J,
                       GrB_Index *q)
{
    const GG_pending *p = &c->pending;
    if (p->n == 0 || p->ix == NULL) {
        for (GrB_Index k = 0; k < n; k++) q[k] = NONE;
        return;
    }
    const table *tb = &p->ix->pos;
    uint64_t tcap = p->ix->tcap;
    for (GrB_Index k = 0; k < n + 2 * AHEAD; k++) {
        if (k < n) __builtin_prefetch(&tb->slot[home(-1, I[k], J[k], tcap)]);
        if (k >= AHEAD && k - AHEAD < n) {
            /* the slot came in: fetch the entry it names (the key's, most likely) */
            uint64_t v = tb->slot[home(-1, I[k - AHEAD], J[k - AHEAD], tcap)];
            if (v != 0) {
                __builtin_prefetch(&p->row[v - 1]);
                __builtin_prefetch(&p->col[v - 1]);
            }
        }
        if (k >= 2 * AHEAD) {
            GrB_Index m = k - 2 * AHEAD;
            uint64_t v = *probe(p, tb, tcap, -1, I[m], J[m]);
            q[m] = v == 0 ? NONE : v - 1;
        }
    }
}

void GG_mlog_put(GG_container *c, GrB_Index i, GrB_Index j, bool del, const void *x,
                 const GG_caster *cast)
{
    GG_pending *p = &c->pending;
    struct GG_mlog_ix *ix = p->ix;
    GG_device_drop(c);
    if (ix == NULL) {
        /* unindexed: an append, the last operation on a position wins at assembly */
        p->row[p->n] = i;
        p->col[p->n] = j;
        p->del[p->n] = del;
        if (!del) GG_caster_apply(cast, (char *)p->x + p->n * c->type->size, x);
        p->n++;
        return;
    }
    uint64_t *s = probe(p, &ix->pos, ix->tcap, -1, i, j);
    GrB_Index q;
    bool before;
    if (*s != 0) {
        q = *s - 1;
        before = !p->del[q];
    } else {
        q = p->n++;
        p->row[q] = i;
        p->col[q] = j;
        *s = q + 1;
        for (int t = 0; t < 2; t++)
            if (ix->line[t].slot != NULL) table_add(p, &ix->line[t], ix->tcap, t, q);
        before = GG_hs_has(&c->hs, i, j);
    }
    p->del[q] = del;
    if (!del) GG_caster_apply(cast, (char *)p->x + q * c->type->size, x);
    ix->dnvals += (int64_t)!del - (int64_t)before;
}

int64_t GG_mlog_dnvals(const GG_container *c)
{
    return c->pending.ix == NULL ? 0 : c->pending.ix->dnvals;
}

GrB_Info GG_mlog_line(GG_container *c, bool by_col, GrB_Index k, GrB_Index **qs, GrB_Index *n)
{
    GG_pending *p = &c->pending;
    *qs = NULL;
    *n = 0;
    if (p->n == 0) return GrB_SUCCESS;
    GrB_Info info = GG_mlog_index(c);
    if (info != GrB_SUCCESS) return info;
    struct GG_mlog_ix *ix = p->ix;
    int t = by_col ? 1 : 0;
    table *tb = &ix->line[t];
    if (tb->slot == NULL) {
        /* the first line read of this orientation since the log began: chain the log so far */
        tb->next = GG_malloc(p->cap * sizeof *tb->next);
        info = tb->next == NULL ? GrB_OUT_OF_MEMORY : table_fill(p, tb, ix->tcap, t);
        if (info != GrB_SUCCESS) {
            GG_free(tb->next);
            tb->next = NULL;
            return info;
        }
    }
    uint64_t v = *probe(p, tb, ix->tcap, t, by_col ? 0 : k, by_col ? k : 0);
    GrB_Index count = 0;
    for (GrB_Index q = v == 0 ? NONE : v - 1; q != NONE; q = tb->next[q]) count++;
    if (count == 0) return GrB_SUCCESS;
    *qs = GG_malloc(count * sizeof **qs);
    if (*qs == NULL) return GrB_OUT_OF_MEMORY;
    for (GrB_Index q = v - 1; q != NONE; q = tb->next[q]) (*qs)[(*n)++] = q;
    return GrB_SUCCESS;
}
