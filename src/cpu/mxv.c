/* mxv.c: GrB_mxv and GrB_vxm on the CPU, both as w = R (+.*) u with R = op(A) (mxv) or op(A)'
 * (vxm), u and the mask read in their vector forms (GG_cpu_vec.h), in one of three ways:
 * - tree: a full u on a matrix with a non-positional multiplier takes the HiSparse traversal
 *   (GG_hs_mxv: SpMV, or SpMV^T for the transposed product, on the canonical tree with no view),
 *   measured 1.1-4.5x faster than pull on the views for RMAT, uniform and grid matrices
 *   (Doc/hisparse.md, "Canonical storage"). Its dense result and presence flags are T's bitmap.
 * - pull: T(i) = R(i,:) (+.*) u, rows in parallel, reading u by index: a bitmap or full u in
 *   place, a sparse one scattered into a dense array first, or, when u's dimension is far beyond
 *   the work, looked up entry by entry (the row's indices increase, so the lookups merge). A
 *   plain sparse mask restricts the rows to its entries, any other mask is tested per row, and a
 *   terminal monoid (LOR) ends a row at its first true term. Rows of a standard view give T as a
 *   bitmap straight from the per-row results.
 * - push: T' = u' * R', the rows of R' that u's entries select scattered into one accumulator:
 *   a hash table sized by the work (one thread, the mask tested before a column is first taken),
 *   sorted into a sparse T; or, when the work is a 64th of the dimension or more, a dense array
 *   of values and states (the mask's verdicts written in first) that becomes T's bitmap. The
 *   dense push splits the products evenly among its threads, long rows shared, each column's
 *   state changed by atomics (Doc/decisions.md, "CPU push by work").
 * The choice is by cost: push costs the selected rows and their entries; pull costs R's entries
 * (or those of the mask's rows); both spread over the threads. */
#include "GG_cpu_vec.h"
#include "GG_hisparse.h"

/* Scratch for one operand entry cast to the operator's type. */
typedef struct {
    GG_SCRATCH_ALIGN unsigned char a[16];
    GG_SCRATCH_ALIGN unsigned char b[16];
} opnd_tmp;

/* ---- pull ------------------------------------------------------------------------------------------ */

typedef struct {
    const GG_sr *sr;
    const GG_cview *A;      /* the rows of R */
    const GG_cpu_opnd *Ao;
    const GG_cpu_vmask *mk;
    bool by_mask;           /* iterate the mask's entries (a plain sparse mask), not R's rows */
    const char *ux;         /* u's values by index in the multiplier's type; NULL: look up U */
    const uint8_t *up;      /* whether u has an entry at the index; NULL when every index has */
    const GG_vdata *U;      /* u itself, for the lookups */
    const GG_cpu_opnd *uo;  /* U's values as the multiplier's operand */
    GrB_Index *bounds;      /* chunks of iterated rows */
    GrB_Index *count;       /* results per chunk, then where each chunk's results start */
    char *val;              /* per iterated row: its result ... */
    uint8_t *has;           /* ... and whether it has one */
    int failed;
} pull_ctx;

/* Iterated row r: R's vector *ka and the row index *i; false when the mask rules the row out. */
static inline bool pull_row(const pull_ctx *c, GrB_Index r, GrB_Index *i, GrB_Index *ka,
                            GG_cpu_vcur *mc)
{
    if (c->by_mask) {
        const GG_vdata *m = c->mk->m;
        *i = m->i[r];
        return GG_cpu_vmask_true(c->mk, r) && GG_cv_find(c->A, *i, ka);
    }
    *ka = r;
    *i = GG_cv_id(c->A, r);
    return GG_cpu_vmask_allows(c->mk, mc, *i);
}

GG_ALWAYS_INLINE void pull_chunk(const GG_sr *sr, pull_ctx *c, int chunk, int tid, void *z,
                                 void *t)
{
    (void)tid;
    opnd_tmp tmp;
    const GG_cpu_opnd Ao = *c->Ao;
    const GrB_Index *Ap = c->A->ptr, *Ai = c->A->idx;
    const char *ux = c->ux;
    const uint8_t *up = c->up;
    GG_cpu_vcur mc = GG_cpu_vcur_make(c->mk->m), uc = GG_cpu_vcur_make(c->U);
    GrB_Index found = 0;
    for (GrB_Index r = c->bounds[chunk]; r < c->bounds[chunk + 1]; r++) {
        GrB_Index i, ka;
        bool any = false;
        if (pull_row(c, r, &i, &ka, &mc)) {
            for (GrB_Index p = Ap[ka]; p < Ap[ka + 1]; p++) {
                GrB_Index k = Ai[p];
                const char *b;
                if (ux != NULL) {
                    if (up != NULL && !up[k]) continue;
                    b = ux + k * sr->bsize;
                } else {
                    uint64_t q;
                    if (!GG_cpu_vcur_find(&uc, k, &q)) continue;
                    b = GG_opnd_at(sr, c->uo, q, sr->bsize, tmp.b);
                }
                const char *a = GG_opnd_at(sr, &Ao, p, sr->asize, tmp.a);
                if (any) {
                    GG_sr_mul(sr, t, a, b, i, k, 0);
                    sr->add(z, z, t);
                } else {
                    GG_sr_mul(sr, z, a, b, i, k, 0);
                    any = true;
                }
                if (GG_sr_done(sr, z)) break;
            }
            if (any) memcpy(c->val + r * sr->zsize, z, sr->zsize);
        }
        c->has[r] = any;
        found += any;
    }
    c->count[chunk] = found;
}

GG_SR_INSTANCES(pull, pull_chunk, pull_ctx);

/* T = R * u with R's rows in A (already cast lazily) and u read by index: dense when its
 * dimension n is within the work (u's own arrays when it is a bitmap or full vector of the
 * multiplier's type, else a scatter), else by lookups in U. */
static GrB_Info pull(GG_vdata *T, const GG_cpu_opnd *R, const GG_vdata *U, const GG_cpu_opnd *uo,
                     GrB_Index m, GrB_Index n, const GG_cpu_vmask *mk, const GG_sr *sr,
                     GG_sr_kind kind)
{
    const GG_vdata *M = mk->m;
    pull_ctx c = {.sr = sr, .A = R->v, .Ao = R, .mk = mk, .U = U, .uo = uo,
                  .by_mask = M != NULL && !mk->comp && M->form == GG_VF_SPARSE &&
                             M->nvals < R->v->nvec};
    GrB_Index nnz_a = GG_cv_nnz(c.A), niter = c.by_mask ? M->nvals : c.A->nvec;
    bool dense = U->form != GG_VF_SPARSE || n <= 2 * (nnz_a + U->nvals) + 1024;
    bool own = dense && (U->form == GG_VF_SPARSE || U->iso || !uo->same);
    char *ux = own ? GG_malloc((n == 0 ? 1 : n) * sr->bsize) : NULL;
    uint8_t *up = own && U->form != GG_VF_FULL ? GG_calloc(n == 0 ? 1 : n, 1) : NULL;
    int nth = GG_cpu_nthreads(nnz_a + niter);
    int nchunks = GG_cpu_nchunks(nth, niter);
    c.bounds = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.count = GG_calloc((size_t)nchunks + 1, sizeof(GrB_Index));
    c.val = GG_malloc((niter == 0 ? 1 : niter) * sr->zsize);
    c.has = GG_malloc(niter == 0 ? 1 : niter);
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if ((own && (ux == NULL || (U->form != GG_VF_FULL && up == NULL))) || c.bounds == NULL ||
        c.count == NULL || c.val == NULL || c.has == NULL)
        goto done;
    if (own) {
        /* u's entries at their indices, cast once */
        uint64_t len = GG_cpu_vlen(U);
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(len)) schedule(static)
        for (uint64_t p = 0; p < len; p++) {
            GG_SCRATCH_ALIGN unsigned char tmp[16];
            uint64_t e = p, i, q;
            if (!GG_cpu_vnext(U, &e, p + 1, &i, &q)) continue;
            memcpy(ux + i * sr->bsize, GG_opnd_value(uo, q, sr->bsize, tmp), sr->bsize);
            if (up != NULL) up[i] = 1;
        }
    }
    if (dense) {
        c.ux = own ? ux : uo->x;
        c.up = own ? up : U->b;
    }
    /* rows weighted by their entries (the mask's entries by one each) */
    if (c.by_mask) {
        for (int k = 0; k <= nchunks; k++) c.bounds[k] = niter * (GrB_Index)k / (GrB_Index)nchunks;
    } else {
        GG_cpu_split(c.A->ptr, niter, nchunks, c.bounds);
    }
    GG_cpu_parallel(nth, nchunks, pull_table[kind], &c);
    if (c.failed) goto done;
    GrB_Index total = 0;
    for (int k = 0; k < nchunks; k++) {
        GrB_Index f = c.count[k];
        c.count[k] = total;
        total += f;
    }
    if (!c.by_mask && c.A->vec == NULL) {
        /* one result per row of R: the per-row arrays are T's bitmap */
        GG_vdata_init(T, m, sr->zsize);
        T->form = GG_VF_BITMAP;
        T->x = c.val;
        T->b = c.has;
        T->nvals = total;
        c.val = NULL;
        c.has = NULL;
        info = GrB_SUCCESS;
        goto done;
    }
    info = GG_vdata_alloc(T, m, sr->zsize, GG_VF_SPARSE, total, false);
    if (info != GrB_SUCCESS) goto done;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(niter)) schedule(dynamic, 1)
    for (int k = 0; k < nchunks; k++) {
        GrB_Index o = c.count[k];
        for (GrB_Index r = c.bounds[k]; r < c.bounds[k + 1]; r++) {
            if (!c.has[r]) continue;
            T->i[o] = c.by_mask ? M->i[r] : GG_cv_id(c.A, r);
            GG_cpu_copy((char *)T->x + o * sr->zsize, c.val + r * sr->zsize, sr->zsize);
            o++;
        }
    }
done:
    GG_free(ux);
    GG_free(up);
    GG_free(c.bounds);
    GG_free(c.count);
    GG_free(c.val);
    GG_free(c.has);
    return info;
}

/* ---- push ------------------------------------------------------------------------------------------ */

/* The rows of R' (R's columns) that u's entries select, in u's order: R's vector kr[r], where its
 * entries start in R (ptr[r], so the push reads no scattered row pointers), u's value position
 * q[r], and where the row's products start in the whole push's work, w[r] (w[n] is the work). The
 * work is split among threads by these offsets, so a long row is shared by several threads and
 * each thread reads only the rows it multiplies. */
typedef struct {
    GrB_Index n;
    GrB_Index *kr;
    GrB_Index *ptr;
    uint64_t *q;
    GrB_Index *w;
} push_rows;

static void push_rows_free(push_rows *s)
{
    GG_free(s->kr);
    GG_free(s->ptr);
    GG_free(s->q);
    GG_free(s->w);
    *s = (push_rows){0};
}

/* The entries of u in storage positions [lo, hi) that select a row of R: each one's row written
 * into s from *r on, below `end` (when s is not NULL), *r and *work advanced. */
static void select_range(const GG_cview *R, const GG_vdata *U, uint64_t lo, uint64_t hi,
                         push_rows *s, GrB_Index end, GrB_Index *r, GrB_Index *work)
{
    if (U->form == GG_VF_BITMAP && R->vec == NULL) {
        /* u's index is R's vector: no lookups, and no branch on u's flags, whose density (often
         * near a half in a BFS) would make one a coin toss */
        const uint8_t *b = U->b;
        const GrB_Index *ptr = R->ptr;
        GrB_Index rr = *r, wk = *work;
        if (hi > R->nvec) hi = R->nvec < lo ? lo : R->nvec;
        for (uint64_t k = lo; k < hi; k++) {
            GrB_Index len = ptr[k + 1] - ptr[k], f = b[k] != 0;
            /* written whether selected or not (the next one overwrites), but never past the
             * range's own rows, which another thread may be writing */
            if (s != NULL && rr < end) s->kr[rr] = k, s->ptr[rr] = ptr[k], s->q[rr] = k, s->w[rr] = wk;
            rr += f;
            wk += f * len;
        }
        *r = rr, *work = wk;
        return;
    }
    uint64_t k, pos;
    while (GG_cpu_vnext(U, &lo, hi, &k, &pos)) {
        GrB_Index v;
        if (!GG_cv_find(R, k, &v)) continue;
        if (s != NULL) s->kr[*r] = v, s->ptr[*r] = R->ptr[v], s->q[*r] = pos, s->w[*r] = *work;
        (*r)++;
        *work += R->ptr[v + 1] - R->ptr[v];
    }
}

/* push_rows of u on R, in two passes over ranges of u in parallel: one counts each range's rows
 * and work, the other writes them where the counts place them. */
static GrB_Info push_select(push_rows *s, const GG_cview *R, const GG_vdata *U)
{
    *s = (push_rows){0};
    uint64_t len = GG_cpu_vlen(U);
    int nth = GG_cpu_nthreads_move(len), nch = GG_cpu_nchunks(nth, len);
    GrB_Index *rows = GG_calloc((size_t)nch + 1, sizeof(GrB_Index));
    GrB_Index *work = GG_calloc((size_t)nch + 1, sizeof(GrB_Index));
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (rows == NULL || work == NULL) goto done;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int c = 0; c < nch; c++)
        select_range(R, U, len * (uint64_t)c / (uint64_t)nch, len * (uint64_t)(c + 1) / (uint64_t)nch,
                     NULL, 0, &rows[c + 1], &work[c + 1]);
    for (int c = 0; c < nch; c++) rows[c + 1] += rows[c], work[c + 1] += work[c];
    s->n = rows[nch];
    s->kr = GG_malloc((s->n + 1) * sizeof(GrB_Index));
    s->ptr = GG_malloc((s->n + 1) * sizeof(GrB_Index));
    s->q = GG_malloc((s->n + 1) * sizeof(uint64_t));
    s->w = GG_malloc((s->n + 1) * sizeof(GrB_Index));
    if (s->kr == NULL || s->ptr == NULL || s->q == NULL || s->w == NULL) goto done;
    s->w[s->n] = work[nch];
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int c = 0; c < nch; c++) {
        GrB_Index r = rows[c], wk = work[c];
        select_range(R, U, len * (uint64_t)c / (uint64_t)nch, len * (uint64_t)(c + 1) / (uint64_t)nch,
                     s, rows[c + 1], &r, &wk);
    }
    info = GrB_SUCCESS;
done:
    if (info != GrB_SUCCESS) push_rows_free(s);
    GG_free(rows);
    GG_free(work);
    return info;
}

typedef struct {
    const GG_sr *sr;
    const GG_cview *R;     /* the rows of R' (R's columns) */
    const GG_cpu_opnd *Ro;
    const push_rows *sel;  /* the rows u selects */
    const GG_cpu_opnd *uo;
    const GG_cpu_vmask *mk;
    int ntasks;            /* task t takes products [work * t / ntasks, work * (t+1) / ntasks) */
    bool dense;
    bool shared;           /* several threads: the dense states change by atomic operations */
    /* dense: a value and a state per column of T (the states become T's bitmap) */
    char *val;
    uint8_t *flag;
    GrB_Index *counts;     /* per task: the columns it took first */
    /* hash (one thread): slot keys, states (PUSH_FREE ...) and values, and the columns taken, in
     * the order found */
    GrB_Index *key, hmask;
    uint8_t *state;
    char *hval;
    GrB_Index *list;
    int failed;
} push_ctx;

static inline GrB_Index hash_slot(GrB_Index j, GrB_Index mask)
{
    return (GrB_Index)((j * 0x9E3779B97F4A7C15ULL) >> 17) & mask;
}

/* The states of a column in push's accumulator (a flag of the dense one, a slot of the hash).
 * PUSH_LOCK: a thread is writing the column's value (dense, shared only). */
enum { PUSH_FREE, PUSH_VALUE, PUSH_DONE, PUSH_OUT, PUSH_LOCK };

/* The term a (x) R'(k, j) at R's entry p added into dense column j; true when it is the column's
 * first term. The states start as the mask says (PUSH_FREE where it allows, PUSH_OUT elsewhere).
 * Shared, a thread owns the column while its state is PUSH_LOCK, taken from PUSH_FREE or
 * PUSH_VALUE by compare-and-swap (acquire) and left by a release store, so each value is written
 * by one thread at a time and read after its last write. A finished sum (PUSH_DONE) or a
 * masked-out column costs one load: in a BFS push nearly every term lands on one of these. */
GG_ALWAYS_INLINE bool dense_term(const GG_sr *sr, uint8_t *flag, char *val, bool shared,
                                 const GG_cpu_opnd *Ro, const char *a, GrB_Index p, GrB_Index k,
                                 GrB_Index j, void *t, void *btmp)
{
    uint8_t *st = flag + j;
    uint8_t s = shared ? __atomic_load_n(st, __ATOMIC_RELAXED) : *st;
    for (;;) {
        if (s == PUSH_DONE || s == PUSH_OUT) return false;
        if (!shared) break;
        if (s != PUSH_LOCK &&
            __atomic_compare_exchange_n(st, &s, PUSH_LOCK, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            break;
        if (s == PUSH_LOCK) s = __atomic_load_n(st, __ATOMIC_RELAXED);
    }
    char *zj = val + j * sr->zsize;
    const char *b = GG_opnd_at(sr, Ro, p, sr->bsize, btmp);
    if (s == PUSH_FREE) {
        GG_sr_mul(sr, zj, a, b, 0, k, j);
    } else {
        GG_sr_mul(sr, t, a, b, 0, k, j);
        sr->add(zj, zj, t);
    }
    uint8_t next = GG_sr_done(sr, zj) ? PUSH_DONE : PUSH_VALUE;
    if (shared)
        __atomic_store_n(st, next, __ATOMIC_RELEASE);
    else
        *st = next;
    return s == PUSH_FREE;
}

/* The term at R's entry p into column j of the hash accumulator (one thread); true when it is
 * the column's first. */
GG_ALWAYS_INLINE bool hash_term(const GG_sr *sr, push_ctx *c, GG_cpu_vcur *mc, const char *a,
                                GrB_Index p, GrB_Index k, GrB_Index j, void *t, void *btmp)
{
    GrB_Index h = hash_slot(j, c->hmask);
    while (c->state[h] != PUSH_FREE && c->key[h] != j) h = (h + 1) & c->hmask;
    uint8_t st = c->state[h];
    if (st == PUSH_DONE || st == PUSH_OUT) return false;
    char *zj = c->hval + h * sr->zsize;
    const char *b = GG_opnd_at(sr, c->Ro, p, sr->bsize, btmp);
    if (st == PUSH_VALUE) {
        GG_sr_mul(sr, t, a, b, 0, k, j);
        sr->add(zj, zj, t);
        if (GG_sr_done(sr, zj)) c->state[h] = PUSH_DONE;
        return false;
    }
    c->key[h] = j;
    if (!GG_cpu_vmask_allows(c->mk, mc, j)) {
        c->state[h] = PUSH_OUT;
        return false;
    }
    GG_sr_mul(sr, zj, a, b, 0, k, j);
    c->state[h] = GG_sr_done(sr, zj) ? PUSH_DONE : PUSH_VALUE;
    return true;
}

/* How many products ahead the dense push prefetches a column's state. The state reads land
 * anywhere in T's n bytes and were a quarter of the push's samples (the index reads, which they
 * follow, another half); 16 products cover the latency of a read from L3 at a few cycles a
 * product (Doc/decisions.md, "The dense push prefetches its states"). */
#define PUSH_AHEAD 16

/* A position in a task's products [w0, w1) in work order: row r of the selection, its entries
 * [p, pe) of R; p == pe once the task's products are exhausted. */
typedef struct {
    GrB_Index r, p, pe;
} push_pos;

/* c at the first product of row c->r or a later row of the task (rows may be empty). */
static inline void push_pos_row(const push_rows *s, GrB_Index w0, GrB_Index w1, push_pos *c)
{
    for (; c->r < s->n && s->w[c->r] < w1; c->r++) {
        GrB_Index base = s->ptr[c->r] - s->w[c->r];
        c->p = base + (w0 > s->w[c->r] ? w0 : s->w[c->r]);
        c->pe = base + (w1 < s->w[c->r + 1] ? w1 : s->w[c->r + 1]);
        if (c->p < c->pe) return;
    }
    c->p = c->pe = 0;
}

/* Prefetches the state of the column at c and moves c one product on, across rows: the rows of
 * a narrow level (RMAT-20's third: 20 products a row on average) are too short to look ahead in. */
static inline void push_pos_prefetch(const push_rows *s, GrB_Index w0, GrB_Index w1,
                                     const GrB_Index *idx, const uint8_t *flag, push_pos *c)
{
    if (c->p == c->pe) return;
    __builtin_prefetch(flag + idx[c->p], 0, 3);
    if (++c->p == c->pe) {
        c->r++;
        push_pos_row(s, w0, w1, c);
    }
}

/* Task `chunk`: its share of the products, row by row (a row may begin before the share or end
 * after it). */
GG_ALWAYS_INLINE void push_chunk(const GG_sr *sr, push_ctx *c, int chunk, int tid, void *z,
                                 void *t)
{
    (void)tid, (void)z;
    opnd_tmp tmp;
    const push_rows *s = c->sel;
    const GG_cview Rv = *c->R, *R = &Rv;
    const GG_cpu_opnd Ro = *c->Ro;
    GG_cpu_vcur mc = GG_cpu_vcur_make(c->dense ? NULL : c->mk->m);
    /* locals: the kernel's stores through char pointers would otherwise reload them */
    uint8_t *const flag = c->flag;
    char *const val = c->val;
    const bool shared = c->shared, dense = c->dense;
    const GrB_Index *const idx = R->idx;
    const GrB_Index work = s->w[s->n], nt = (GrB_Index)c->ntasks;
    const GrB_Index w0 = work * (GrB_Index)chunk / nt, w1 = work * (GrB_Index)(chunk + 1) / nt;
    GrB_Index cnt = 0;
    /* the row holding product w0: the last one starting at or before it */
    GrB_Index r = GG_lower_bound(s->w, 0, s->n, w0 + 1);
    r = r > 0 ? r - 1 : 0;
    push_pos ahead = {.r = r};
    if (dense) {
        push_pos_row(s, w0, w1, &ahead);
        for (int d = 0; d < PUSH_AHEAD; d++) push_pos_prefetch(s, w0, w1, idx, flag, &ahead);
    }
    for (; r < s->n && s->w[r] < w1; r++) {
        GrB_Index k = GG_cv_id(R, s->kr[r]), base = s->ptr[r] - s->w[r];
        GrB_Index p = base + (w0 > s->w[r] ? w0 : s->w[r]);
        GrB_Index pe = base + (w1 < s->w[r + 1] ? w1 : s->w[r + 1]);
        const char *a = GG_opnd_at(sr, c->uo, s->q[r], sr->asize, tmp.a);
        if (dense) {
            for (; p < pe; p++) {
                push_pos_prefetch(s, w0, w1, idx, flag, &ahead);
                cnt += dense_term(sr, flag, val, shared, &Ro, a, p, k, idx[p], t, tmp.b);
            }
        } else {
            for (; p < pe; p++) {
                GrB_Index j = idx[p];
                if (hash_term(sr, c, &mc, a, p, k, j, t, tmp.b)) c->list[cnt++] = j;
            }
        }
    }
    c->counts[chunk] = cnt;
}

GG_SR_INSTANCES(push, push_chunk, push_ctx);

/* Whether a push of `work` products scatters into a dense accumulator over T's m columns (in
 * parallel; its states make T's bitmap), rather than a hash table (serial, T sparse): already
 * when the work is a 64th of m, where the dense arrays cost about as much as the serial push's
 * scattered reads of rows (Doc/decisions.md). */
static bool push_dense(GrB_Index work, GrB_Index m)
{
    return work * 64 >= m && m <= GG_VFORM_BITMAP_MAX;
}

/* The dense accumulator's first states: PUSH_VALUE everywhere for `into` (mk NULL: every column
 * holds a sum), else PUSH_FREE where the mask allows and PUSH_OUT elsewhere. Streaming passes
 * (a sparse mask scatters its entries over a fill), where testing the mask at each column's first
 * term would cost a scattered read of the mask; a bitmap or full mask without branches, its
 * density being anything. */
static void push_states(uint8_t *flag, GrB_Index m, const GG_cpu_vmask *mk)
{
    const GG_vdata *M = mk != NULL ? mk->m : NULL;
    /* the state where the mask (before its complement) is true, and where it is not; no mask
     * counts as true everywhere */
    const uint8_t in = mk != NULL && mk->comp ? PUSH_OUT : PUSH_FREE, out = in ^ PUSH_OUT;
    if (M == NULL || M->form == GG_VF_SPARSE) {
        memset(flag, mk == NULL ? PUSH_VALUE : M == NULL ? in : out, m);
        if (M == NULL) return;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(M->nvals)) schedule(static)
        for (GrB_Index e = 0; e < M->nvals; e++)
            if (GG_cpu_vmask_true(mk, e)) flag[M->i[e]] = in;
        return;
    }
    const uint8_t *b = M->form == GG_VF_BITMAP ? M->b : NULL;
    int nth = GG_cpu_nthreads_move(m);
    if (mk->structural && b == NULL) {
        memset(flag, in, m);
    } else if (mk->structural) {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (GrB_Index j = 0; j < m; j++) flag[j] = b[j] ? in : out;
    } else {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (GrB_Index j = 0; j < m; j++)
            flag[j] = (b == NULL || b[j]) && GG_cpu_vmask_true(mk, j) ? in : out;
    }
}

/* Threads for a push of `work` products from `rows` rows: one unless dense; a row start and a
 * product each cost a few scattered reads, so each counts four units of the library's rule. */
static int push_threads(GrB_Index work, GrB_Index rows, bool dense)
{
    return dense ? GG_cpu_nthreads(4 * (work + rows)) : 1;
}

/* T' = u' * R' (m columns) under the mask; R's rows of R' given by Ro, those u selects by sel.
 * With `into` (a full, non-iso vector of the monoid's type, no mask) the products are added into
 * its values instead, every column already holding a sum, and T is not made. */
static GrB_Info push(GG_vdata *T, const GG_cpu_opnd *Ro, const push_rows *sel,
                     const GG_cpu_opnd *uo, GrB_Index m, const GG_cpu_vmask *mk, const GG_sr *sr,
                     GG_sr_kind kind, GG_vdata *into)
{
    GrB_Index work = sel->w[sel->n];
    push_ctx c = {.sr = sr, .R = Ro->v, .Ro = Ro, .sel = sel, .uo = uo, .mk = mk,
                  .dense = into != NULL || push_dense(work, m)};
    GrB_Info info = GrB_OUT_OF_MEMORY;
    GrB_Index slots = 16;
    int nth = push_threads(work, sel->n, c.dense);
    c.ntasks = GG_cpu_nchunks(nth, work);
    c.shared = nth > 1;
    c.counts = GG_calloc((size_t)c.ntasks, sizeof(GrB_Index));
    if (c.counts == NULL) goto done;
    if (c.dense) {
        c.val = into != NULL ? into->x : GG_malloc((size_t)(m == 0 ? 1 : m) * sr->zsize);
        c.flag = GG_malloc(m == 0 ? 1 : (size_t)m);
        if (c.val == NULL || c.flag == NULL) {
            if (into != NULL) c.val = NULL; /* not ours */
            goto done;
        }
        push_states(c.flag, m, into != NULL ? NULL : mk);
    } else {
        while (slots < 2 * work) slots *= 2;
        c.hmask = slots - 1;
        c.key = GG_malloc(slots * sizeof(GrB_Index));
        c.state = GG_calloc(slots, 1);
        c.hval = GG_malloc(slots * sr->zsize);
        c.list = GG_malloc((work + 1) * sizeof(GrB_Index));
        if (c.key == NULL || c.state == NULL || c.hval == NULL || c.list == NULL) goto done;
    }
    GG_cpu_parallel(nth, c.ntasks, push_table[kind], &c);
    if (into != NULL) c.val = NULL; /* not ours */
    if (c.failed) goto done;
    if (into != NULL) {
        info = GrB_SUCCESS;
        goto done;
    }
    if (c.dense) {
        /* the states become T's bitmap */
        uint8_t *flag = c.flag;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(m)) schedule(static)
        for (GrB_Index j = 0; j < m; j++) flag[j] = flag[j] == PUSH_VALUE || flag[j] == PUSH_DONE;
        GG_vdata_init(T, m, sr->zsize);
        T->form = GG_VF_BITMAP;
        T->x = c.val;
        T->b = c.flag;
        for (int k = 0; k < c.ntasks; k++) T->nvals += c.counts[k];
        c.val = NULL;
        c.flag = NULL;
        info = GrB_SUCCESS;
        goto done;
    }
    GrB_Index count = c.counts[0];
    info = GG_vdata_alloc(T, m, sr->zsize, GG_VF_SPARSE, count, false);
    if (info != GrB_SUCCESS) goto done;
    GG_cpu_sort_index(c.list, count);
    for (GrB_Index e = 0; e < count; e++) {
        GrB_Index j = c.list[e], h = hash_slot(j, c.hmask);
        while (c.key[h] != j) h = (h + 1) & c.hmask;
        T->i[e] = j;
        GG_cpu_copy((char *)T->x + e * sr->zsize, c.hval + h * sr->zsize, sr->zsize);
    }
done:
    GG_free(c.val);
    GG_free(c.flag);
    GG_free(c.counts);
    GG_free(c.key);
    GG_free(c.state);
    GG_free(c.hval);
    GG_free(c.list);
    return info;
}

/* ---- full u on the tree ------------------------------------------------------------------------ */

/* Whether the semiring acts on A as PLUS_TIMES_FP64, which the tree traverses with typed loops
 * instead of a call per entry: an FP64 PLUS monoid whose multiplier does not read A's value (SECOND
 * for mxv, FIRST for vxm: the vector's FP64 value; ONEB: 1, *ones set) while A is FP64 and iso
 * with the value 1 (an unweighted graph), so that a * x is the very term. */
static bool plus_times_alike(const GG_hs_matrix *a, GrB_Semiring sr, bool vxm, bool *ones)
{
    GrB_BinaryOp add = sr->add->op, mul = sr->mul;
    int vec_side = vxm ? GG_OP_FIRST : GG_OP_SECOND;
    *ones = mul->opcode == GG_OP_ONEB;
    if (add->opcode != GG_OP_PLUS || add->ztype->code != GrB_FP64_CODE ||
        mul->ztype->code != GrB_FP64_CODE || (!*ones && mul->opcode != vec_side) ||
        (!*ones && (vxm ? mul->xtype : mul->ytype)->code != GrB_FP64_CODE) ||
        a->type->code != GrB_FP64_CODE || GG_hs_iso_value(a) == NULL)
        return false;
    double v;
    memcpy(&v, GG_hs_iso_value(a), sizeof v);
    return v * a->scale == 1.0;
}

/* u's n values for the tree, as one array of the multiplier's vector-side type (xsize bytes): u's
 * own when it is full, not iso and already of that type; else cast, or 1 for ONEB (`ones`). A
 * full u under ONEB gives no array at all (*x NULL, which GG_hs_mxv reads as all ones): the
 * out-degree count of PageRank's set-up wrote and read an 8 MB array of ones at n = 10^6. A
 * bitmap u is only read on the PLUS_TIMES_FP64 path (plus_times_alike, A iso 1): its missing
 * entries become -0.0, whose term 1 * -0.0 is exactly neutral for the sum. */
static GrB_Info tree_x(const GG_vdata *U, const GG_cpu_opnd *uo, size_t xsize, bool ones,
                       char **owned, const void **x)
{
    GrB_Index n = U->n;
    *owned = NULL;
    *x = U->x;
    if (U->form == GG_VF_FULL && !U->iso && uo->same && !ones) return GrB_SUCCESS;
    if (U->form == GG_VF_FULL && ones) {
        *x = NULL;
        return GrB_SUCCESS;
    }
    char *xo = GG_malloc((size_t)(n > 0 ? n : 1) * xsize);
    if (xo == NULL) return GrB_OUT_OF_MEMORY;
    const uint8_t *b = U->form == GG_VF_BITMAP ? U->b : NULL;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(n)) schedule(static)
    for (GrB_Index i = 0; i < n; i++) {
        GG_SCRATCH_ALIGN unsigned char t[16];
        const double one = 1, none = -0.0;
        const void *v = b != NULL && !b[i] ? (const void *)&none
                        : ones             ? (const void *)&one
                                           : GG_opnd_value(uo, i, xsize, t);
        memcpy(xo + i * xsize, v, xsize);
    }
    *owned = xo;
    *x = xo;
    return GrB_SUCCESS;
}

/* T = R (+.*) u through the tree of A, u holding all n entries: their values in the multiplier's
 * type as one array (u's own when it is already that), the dense result's values and presence
 * flags as T's bitmap. */
static GrB_Info mxv_tree(GG_vdata *T, GG_container *A, const GG_vdata *U, const GG_cpu_opnd *uo,
                         GrB_Semiring sr, bool rtran, bool vxm, GrB_Index m)
{
    const GG_hs_matrix *a;
    GrB_Info info = GG_view_hs(A, &a);
    if (info != GrB_SUCCESS) return info;
    size_t zsize = sr->add->op->ztype->size;
    bool ones;
    if (plus_times_alike(a, sr, vxm, &ones)) sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    char *x_owned;
    const void *x;
    info = tree_x(U, uo, (vxm ? sr->mul->xtype : sr->mul->ytype)->size,
                  sr == GrB_PLUS_TIMES_SEMIRING_FP64 && ones, &x_owned, &x);
    if (info != GrB_SUCCESS) return info;
    char *y = GG_malloc((size_t)(m > 0 ? m : 1) * zsize);
    bool *present = y != NULL ? GG_malloc((size_t)(m > 0 ? m : 1)) : NULL;
    info = present == NULL ? GrB_OUT_OF_MEMORY : GG_hs_mxv(y, present, a, rtran, sr, x, vxm);
    GG_free(x_owned);
    if (info != GrB_SUCCESS) {
        GG_free(y);
        GG_free(present);
        return info;
    }
    GrB_Index nz = 0;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(m)) schedule(static) reduction(+ : nz)
    for (GrB_Index i = 0; i < m; i++) nz += present[i];
    GG_vdata_init(T, m, zsize);
    T->x = y;
    T->nvals = nz;
    if (nz == m && m > 0) {
        T->form = GG_VF_FULL;
        GG_free(present);
    } else {
        T->form = GG_VF_BITMAP;
        T->b = (uint8_t *)present;
    }
    return GrB_SUCCESS;
}

/* ---- row counts ------------------------------------------------------------------------------ */

/* Whether T = R (+.*) u is R's row counts, to be read off the pointers of R's view: a PLUS monoid
 * on FP64 (exact for any count), INT64 or UINT64, a multiplier that is 1 whatever its inputs
 * (ONEB, SuiteSparse's PAIR) and a full u, so every entry of R adds 1. PageRank's out-degree
 * count: SuiteSparse answers it from A's pointers (0.6 ms at n = 10^6 on one thread) where the
 * tree walked all 4M entries and their presence flags (4.6-8.6 ms). */
static bool counts_rows(GrB_Semiring sr, const GG_vdata *U)
{
    GrB_BinaryOp add = sr->add->op;
    GrB_Type_Code code = add->ztype->code;
    return U->form == GG_VF_FULL && sr->mul->opcode == GG_OP_ONEB && add->opcode == GG_OP_PLUS &&
           sr->mul->ztype->code == code &&
           (code == GrB_FP64_CODE || code == GrB_INT64_CODE || code == GrB_UINT64_CODE);
}

/* T = the counts of R's rows (counts_rows), of the monoid's type: FULL when every row has an entry,
 * else BITMAP over the rows that have. One parallel pass over the pointers writes every value and
 * flag (a BITMAP's zeroed allocation would clear 9 MB on one thread first). */
static GrB_Info row_counts(GG_vdata *T, const GG_cview *R, GrB_Type ztype)
{
    GrB_Index m = R->nvec, nz = 0;
    uint8_t *b = GG_malloc(m > 0 ? (size_t)m : 1);
    GrB_Info info = b == NULL ? GrB_OUT_OF_MEMORY
                              : GG_vdata_alloc(T, m, ztype->size, GG_VF_FULL, m, false);
    if (info != GrB_SUCCESS) {
        GG_free(b);
        return info;
    }
    bool fp = ztype->code == GrB_FP64_CODE;
    double *xd = T->x;
    uint64_t *xu = T->x;
#pragma omp parallel for num_threads(GG_cpu_nthreads(m)) schedule(static) reduction(+ : nz)
    for (GrB_Index i = 0; i < m; i++) {
        uint64_t k = R->ptr[i + 1] - R->ptr[i];
        if (fp)
            xd[i] = (double)k;
        else
            xu[i] = k;
        b[i] = k > 0;
        nz += k > 0;
    }
    if (nz == m && m > 0) {
        GG_free(b);
    } else {
        T->b = b;
        T->form = GG_VF_BITMAP;
        T->nvals = nz;
    }
    return GrB_SUCCESS;
}

/* ---- GrB_mxv, GrB_vxm ----------------------------------------------------------------------------- */

/* The expected cost of a pull over R (m x n, nnz entries) from u with nnz_u entries, divided
 * among its threads: the rows the mask lets through (a plain sparse mask's entries, or the rows a
 * complemented one does not cover), each scanned to its end or, under a terminal monoid, until
 * an entry of u is likely found; plus scattering a sparse u. */
static double pull_cost(GrB_Index m, GrB_Index n, GrB_Index nnz, const GG_vdata *U,
                        const GG_cpu_vmask *mk, bool terminal)
{
    double rows = (double)m, rdeg = (double)nnz / (double)(m ? m : 1);
    const GG_vdata *M = mk->m;
    if (M != NULL && !mk->comp && M->form == GG_VF_SPARSE && (double)M->nvals < rows)
        rows = (double)M->nvals;
    else if (M != NULL && mk->comp)
        rows -= (double)(M->nvals < m ? M->nvals : m);
    else if (M == NULL && mk->comp)
        rows = 0;
    double per_row = rdeg;
    if (terminal && (double)n / ((double)U->nvals + 1) < per_row)
        per_row = (double)n / ((double)U->nvals + 1);
    double cost = rows * (per_row + 1) + (U->form == GG_VF_SPARSE ? (double)n / 8 : 0);
    return cost / GG_cpu_nthreads((GrB_Index)cost);
}

/* The cost of a push of `work` products from `rows` rows of R' into m columns, per thread, in
 * pull's units: a product or a row start costs about three steps of pull's row scan (its
 * accumulator and mask reads land anywhere in T, pull's reads of u follow the row), measured on an
 * RMAT-20 BFS level (Doc/decisions.md). The threads share the products, not T's columns, so the
 * whole cost divides among them. */
static double push_cost(GrB_Index work, GrB_Index rows, GrB_Index m)
{
    return 3.0 * (double)(work + rows) / push_threads(work, rows, push_dense(work, m));
}

/* The cost of building A's CSR (csc false) or CSC view when it is not cached yet, in pull's
 * units: a walk of A's tree that places every entry, about four row-scan steps an entry on one
 * thread (measured on RMAT-20, Doc/decisions.md). Charged to the way that needs the view, so a
 * one-off call does not build a view its other way can do without. */
static double view_cost(const GG_container *A, bool csc, GrB_Index nnz)
{
    return (csc ? A->csc : A->csr) != NULL ? 0 : 4.0 * (double)nnz;
}

GrB_Info GG_cpu_vmxv(GG_vdata *T, GG_container *A, bool rtran, const GG_vdata *U, GrB_Type utype,
                     const GG_cpu_vmask *mk, GrB_Semiring semiring, bool vxm)
{
    GrB_Index m = rtran ? A->ncols : A->nrows, n = rtran ? A->nrows : A->ncols;
    /* only where R's view is cached (counting rows is not worth building one); taken through the
     * store, which first applies A's pending work (a logged setElement keeps the view) */
    const GG_cview *counted = NULL;
    if ((rtran ? A->csc : A->csr) != NULL && counts_rows(semiring, U)) {
        GrB_Info info = GG_cpu_rows_of(A, rtran, &counted);
        if (info != GrB_SUCCESS) return info;
    }
    if (counted != NULL && counted->vec == NULL) {
        GrB_Info info = row_counts(T, counted, semiring->add->op->ztype);
        if (info == GrB_SUCCESS && (mk->m != NULL || mk->comp)) {
            info = GG_cpu_vfilter(T, mk);
            if (info != GrB_SUCCESS) GG_vdata_free(T);
        }
        return info;
    }
    GrB_Index nnz_a;
    GrB_Info info = GG_container_nvals(A, &nnz_a);
    if (info != GrB_SUCCESS) return info;
    GG_sr sr;
    GG_sr_prepare(&sr, semiring, false, A->type, utype);
    double pulls = pull_cost(m, n, nnz_a, U, mk, sr.terminal != NULL || sr.any) +
                   view_cost(A, rtran, nnz_a);
    /* a plain sparse mask much smaller than A leaves pull cheaper than the whole tree (which
     * needs no view) */
    bool tree = U->form == GG_VF_FULL && m <= 2 * (nnz_a + n) + 1024 &&
                !GG_opcode_positional(semiring->mul->opcode) &&
                !(mk->m != NULL && !mk->comp && mk->m->form == GG_VF_SPARSE && pulls * 4 < nnz_a);
    /* Push when its work, counted exactly on the rows of R' (R's columns) that u selects, costs
     * less than pull; those rows are not even looked at when the average degree already rules
     * push out (by a wide margin, the estimate being rough), nor is their view built unless the
     * estimate with the build still beats pull. */
    GG_cpu_opnd Ro = {0}, uo = {0};
    bool push_way = false;
    push_rows sel = {0};
    double cdeg = (double)nnz_a / (double)(n ? n : 1);
    double push_est = push_cost((GrB_Index)((double)U->nvals * (cdeg + 1)), U->nvals, m);
    double push_view = view_cost(A, !rtran, nnz_a);
    if (!tree && (push_view > 0 ? push_est + push_view < pulls : push_est < 8 * pulls)) {
        const GG_cview *Rt;
        info = GG_cpu_rows_of(A, !rtran, &Rt);
        if (info != GrB_SUCCESS) return info;
        info = push_select(&sel, Rt, U);
        if (info != GrB_SUCCESS) return info;
        push_way = push_cost(sel.w[sel.n], sel.n, m) < pulls;
    }
    /* The multiplier sees (a, u) for mxv and (u, a) for vxm. Pull's left operand is R and push's
     * is u', so push swaps the engine's operand order. */
    bool flip = push_way != vxm;
    GrB_Type atype = GG_sr_atype(semiring, flip), btype = GG_sr_btype(semiring, flip);
    GrB_Type utype_op = push_way ? atype : btype, rtype_op = push_way ? btype : atype;
    info = GG_cpu_opnd_values(&uo, U->x, utype, utype_op, U->iso);
    if (info == GrB_SUCCESS && !tree) info = GG_cpu_opnd_get(&Ro, A, push_way != rtran, rtype_op);
    /* the engine's operands as read: an iso A's value is already of the multiplier's type */
    GrB_Type ut = GG_cpu_opnd_type(&uo, utype, utype_op);
    GrB_Type rt = tree ? A->type : GG_cpu_opnd_type(&Ro, A->type, rtype_op);
    GG_sr_kind kind = GG_sr_prepare(&sr, semiring, flip, push_way ? ut : rt, push_way ? rt : ut);
    if (info == GrB_SUCCESS && tree)
        info = mxv_tree(T, A, U, &uo, semiring, rtran, vxm, m);
    else if (info == GrB_SUCCESS && push_way)
        info = push(T, &Ro, &sel, &uo, m, mk, &sr, kind, NULL);
    else if (info == GrB_SUCCESS)
        info = pull(T, &Ro, U, &uo, m, n, mk, &sr, kind);
    /* the tree computes every row: the mask applied after it, as push and pull do while they run */
    if (info == GrB_SUCCESS && tree && (mk->m != NULL || mk->comp)) {
        info = GG_cpu_vfilter(T, mk);
        if (info != GrB_SUCCESS) GG_vdata_free(T);
    }
    GG_cpu_opnd_free(&uo);
    GG_cpu_opnd_free(&Ro);
    push_rows_free(&sel);
    return info;
}

/* Whether w += R (+.*) u can add the products into w's values directly (SuiteSparse's C += A*B
 * on a dense C): no mask, w full and not u, and accum the monoid's own operator on w's type, so
 * that adding each term to w(i) is adding their sum (the monoid being associative). A dense u on
 * a PLUS_TIMES-alike semiring then takes the tree (adds_on_tree), any other non-full u a push;
 * a full u otherwise takes the tree into a fresh T. */
static bool accumulates_into(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                             GrB_Semiring sr, GG_container *u, const GG_desc *d, const GG_vdata *W)
{
    GrB_BinaryOp add = sr->add->op;
    GrB_Type_Code code = w->type->code;
    return M == NULL && !d->mask_comp && accum != NULL && w != u && W->form == GG_VF_FULL &&
           accum->opcode != GG_OP_USER && accum->opcode == add->opcode &&
           code != GrB_UDT_CODE && accum->xtype->code == code && accum->ytype->code == code &&
           accum->ztype->code == code && add->ztype->code == code;
}

/* w's values, to be written in place: an iso w gets one value per position, every one of them
 * about to differ. */
static GrB_Info values_mut(GG_container *w, GG_vdata **out)
{
    GG_vdata *W;
    GrB_Info info = GG_vec_host_mut(w, &W);
    if (info != GrB_SUCCESS) return info;
    *out = W;
    if (W->iso) {
        /* every position is about to differ */
        size_t size = W->size;
        char *x = GG_malloc((size_t)(W->n == 0 ? 1 : W->n) * size);
        if (x == NULL) return GrB_OUT_OF_MEMORY;
        const char *v = W->x;
        uint64_t n = W->n;
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(n)) schedule(static)
        for (uint64_t i = 0; i < n; i++) GG_cpu_copy(x + i * size, v, size);
        GG_free(W->x);
        W->x = x;
        W->iso = false;
    }
    return GrB_SUCCESS;
}

/* Whether w += R (+.*) u (accumulates_into) takes the tree: u dense (a third of its entries or
 * more, as PageRank's), its semiring PLUS_TIMES-alike on A and w FP64. The tree then adds R u
 * into w's values in parallel bands of w with no view, where push would build R's view and
 * serialise on its rows, and a fresh T would cost an extra pass over w (Doc/performance.md). */
static bool adds_on_tree(GG_container *w, GG_container *A, const GG_vdata *U, GrB_Semiring sr,
                         bool vxm, const GG_hs_matrix **a, bool *ones)
{
    return U->form != GG_VF_SPARSE && 3 * U->nvals >= U->n && w->type->code == GrB_FP64_CODE &&
           GG_view_hs(A, a) == GrB_SUCCESS && plus_times_alike(*a, sr, vxm, ones);
}

/* w += R (+.*) u through the tree (adds_on_tree). An iso w (PageRank's teleport value, assigned
 * just before) gets its fresh values from the walk itself, each band set to the value by the
 * thread that then adds onto it: expanding it first (values_mut) cost a pass over w of its own,
 * a write and a read of 8 MB at n = 10^6 between the threads' caches and memory. */
static GrB_Info mxv_tree_add(GG_container *w, const GG_hs_matrix *a, bool rtran, const GG_vdata *U,
                             GrB_Type utype, GrB_Semiring semiring, bool vxm, bool ones)
{
    GG_vdata *W;
    GrB_Info info = GG_vec_host_mut(w, &W);
    if (info != GrB_SUCCESS) return info;
    double start;
    char *fresh = NULL;
    if (W->iso) {
        memcpy(&start, W->x, sizeof start);
        fresh = GG_malloc((size_t)(W->n == 0 ? 1 : W->n) * sizeof start);
        if (fresh == NULL) return GrB_OUT_OF_MEMORY;
    }
    GG_cpu_opnd uo = {0};
    GrB_Type xtype = vxm ? semiring->mul->xtype : semiring->mul->ytype;
    char *x_owned = NULL;
    const void *x;
    info = GG_cpu_opnd_values(&uo, U->x, utype, xtype, U->iso);
    if (info == GrB_SUCCESS) info = tree_x(U, &uo, sizeof(double), ones, &x_owned, &x);
    if (info == GrB_SUCCESS) {
        GG_hs_mxv_add(fresh != NULL ? fresh : W->x, fresh != NULL ? &start : NULL, a, rtran, x);
        if (fresh != NULL) {
            GG_free(W->x);
            W->x = fresh;
            W->iso = false;
            fresh = NULL;
        }
    }
    GG_free(fresh);
    GG_free(x_owned);
    GG_cpu_opnd_free(&uo);
    GG_vec_written(w);
    return info;
}

/* w += R (+.*) u by a push into w's own values (accumulates_into, u not full). */
static GrB_Info mxv_into(GG_container *w, GG_container *A, bool rtran, const GG_vdata *U,
                         GrB_Type utype, GrB_Semiring semiring, bool vxm)
{
    GG_vdata *W;
    GrB_Info info = values_mut(w, &W);
    if (info != GrB_SUCCESS) return info;
    /* push swaps the engine's operand order for mxv (see GG_cpu_vmxv) */
    bool flip = !vxm;
    GG_sr sr;
    GrB_Type atype = GG_sr_atype(semiring, flip), btype = GG_sr_btype(semiring, flip);
    GG_cpu_opnd uo = {0}, Ro = {0};
    info = GG_cpu_opnd_values(&uo, U->x, utype, atype, U->iso);
    if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&Ro, A, !rtran, btype);
    GG_sr_kind kind = GG_sr_prepare(&sr, semiring, flip, GG_cpu_opnd_type(&uo, utype, atype),
                                    GG_cpu_opnd_type(&Ro, A->type, btype));
    GG_cpu_vmask none = {0};
    push_rows sel = {0};
    if (info == GrB_SUCCESS) info = push_select(&sel, Ro.v, U);
    if (info == GrB_SUCCESS) info = push(NULL, &Ro, &sel, &uo, W->n, &none, &sr, kind, W);
    GG_cpu_opnd_free(&uo);
    GG_cpu_opnd_free(&Ro);
    push_rows_free(&sel);
    GG_vec_written(w);
    return info;
}

GrB_Info GG_cpu_mxv(GG_container *w, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                    GG_container *A, GG_container *u, const GG_desc *d, bool vxm)
{
    /* R = op(A) for mxv, op(A)' for vxm; stored R is A itself unless exactly one of them holds */
    bool rtran = d->tran0 != vxm;
    const GG_vdata *U;
    GG_vdata T, empty;
    GG_cpu_vmask mk;
    GrB_Info info;
    if (GG_cpu_vec_masked_out(w, M, d, &info)) return info;
    info = GG_vec_host(u, &U);
    const GG_vdata *W;
    if (info == GrB_SUCCESS) info = GG_vec_host(w, &W);
    if (info == GrB_SUCCESS && accumulates_into(w, M, accum, semiring, u, d, W)) {
        const GG_hs_matrix *a;
        bool ones;
        if (adds_on_tree(w, A, U, semiring, vxm, &a, &ones))
            return mxv_tree_add(w, a, rtran, U, u->type, semiring, vxm, ones);
        if (U->form != GG_VF_FULL) return mxv_into(w, A, rtran, U, u->type, semiring, vxm);
    }
    if (info == GrB_SUCCESS) info = GG_cpu_vmask_of(&mk, M, d, &empty);
    if (info == GrB_SUCCESS) info = GG_cpu_vmxv(&T, A, rtran, U, u->type, &mk, semiring, vxm);
    if (info != GrB_SUCCESS) return info;
    if (M != NULL && accum == NULL && d->replace) {
        /* T holds only what the mask allows: C = T, and the write-back need not test the mask
         * again (a pass over a BFS level's n positions) */
        GG_desc plain = *d;
        plain.mask_comp = false;
        return GG_cpu_vec_writeback(w, NULL, NULL, &T, true, semiring->add->op->ztype, &plain, NULL);
    }
    return GG_cpu_vec_writeback(w, M, accum, &T, true, semiring->add->op->ztype, d, NULL);
}
