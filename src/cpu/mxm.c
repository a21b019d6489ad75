/* mxm.c: GrB_mxm on the CPU, and the two sparse-product engines that mxv/vxm run as well.
 *
 * - Gustavson saxpy (GG_cpu_saxpy): row i of T is the sum of A(i,k) * B(k,:) over A's row i.
 *   Each row accumulates in a dense array over the columns (when the row's work is a sizeable
 *   fraction of ncols) or in a hash table sized by the row's work (otherwise, and always for huge
 *   dimensions), so no row ever costs O(ncols) unless its work is of that order. The mask is
 *   scattered into the accumulator first: products outside a plain mask, or inside a complemented
 *   one, are never formed. Rows run in parallel chunks balanced by their counted products.
 * - Masked dot product (GG_cpu_dot): for C<M> = A*B with a mask that is not complemented, only
 *   the entries of M are computed, each as a merge of A's row i with B's column j that gallops
 *   through the longer list when the other is much shorter. Under a counting semiring (PLUS with
 *   ONEB/PAIR: triangle counting, k-truss support) the merge only counts the common indices,
 *   without branches and without reading values.
 * mxm counts both engines' work exactly from the vector lengths and runs the cheaper one (or the
 * one GxB_AxB_METHOD asks for). */
#include "GG_cpu_kernel.h"
#include "GG_cpu_vec.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Above this many columns, no dense accumulator is allocated, whatever the row's work. */
#define GG_DENSE_MAX ((GrB_Index)1 << 27)
/* The most tuples a chunk's output buffer reserves before its rows are computed. */
#define GG_RESERVE_MAX ((GrB_Index)1 << 20)

/* How a row's mask entries gate its products. */
enum { MASK_NONE, MASK_ALLOW, MASK_BLOCK };

/* Per-thread workspace of the saxpy engine, grown on demand and reused across rows. */
typedef struct {
    GrB_Index *mark;  /* dense: a stamp per column (MARK or SEEN of the current row, or older) */
    char *dval;       /* dense: a value per column */
    GrB_Index stamp;
    GrB_Index *key;   /* hash: column per slot */
    uint8_t *state;   /* hash: 0 free, 1 mask entry, 2 holds a value */
    char *hval;
    GrB_Index hcap;
    GrB_Index *list;  /* the row's columns */
    GrB_Index lcap;
} saxpy_ws;

typedef struct {
    const GG_sr *sr;
    GrB_Index ncols;
    const GG_cview *A, *B, *M;
    const GG_cpu_opnd *Ao, *Bo;
    GG_cpu_mrows mr; /* M is mr.v */
    bool by_mask;    /* iterate the mask's rows (a plain mask with fewer rows than A) */
    GrB_Index *work; /* prefix sums of (products + 1) per iterated row */
    GrB_Index *bounds;
    GG_tbuf *out;    /* per chunk */
    saxpy_ws *ws;    /* per thread */
    int failed;
} saxpy_ctx;

/* Iterated row r: its row index *i, A's vector *ka, the mask's vector *km (when *has_m); false
 * when the row can produce nothing. */
static inline bool saxpy_row(const saxpy_ctx *c, GrB_Index r, GrB_Index *i, GrB_Index *ka,
                             GrB_Index *km, bool *has_m)
{
    if (c->by_mask) {
        *i = GG_cv_id(c->M, r);
        *km = r;
        *has_m = true;
        return GG_cv_find(c->A, *i, ka);
    }
    *ka = r;
    *i = GG_cv_id(c->A, r);
    *has_m = c->M != NULL && GG_cv_find(c->M, *i, km);
    return c->M == NULL || c->mr.comp || *has_m;
}

static bool grow(void **p, size_t count, size_t size)
{
    size_t bytes;
    if (!GG_mul_size(count == 0 ? 1 : count, size == 0 ? 1 : size, &bytes)) return false;
    void *q = GG_realloc(*p, bytes);
    if (q == NULL) return false;
    *p = q;
    return true;
}

static bool ws_list(saxpy_ws *ws, GrB_Index n)
{
    if (n <= ws->lcap) return true;
    if (!grow((void **)&ws->list, n, sizeof(GrB_Index))) return false;
    ws->lcap = n;
    return true;
}

static bool ws_dense(saxpy_ws *ws, GrB_Index ncols, size_t zsize)
{
    if (ws->dval == NULL && !grow((void **)&ws->dval, ncols, zsize)) return false;
    if (ws->mark == NULL) ws->mark = GG_calloc(ncols, sizeof(GrB_Index));
    return ws->mark != NULL && ws_list(ws, ncols);
}

static bool ws_hash(saxpy_ws *ws, GrB_Index slots, size_t zsize)
{
    if (slots > ws->hcap) {
        if (!grow((void **)&ws->key, slots, sizeof(GrB_Index)) ||
            !grow((void **)&ws->state, slots, 1) || !grow((void **)&ws->hval, slots, zsize))
            return false;
        ws->hcap = slots;
    }
    memset(ws->state, 0, slots);
    return ws_list(ws, slots);
}

static void ws_free(saxpy_ws *ws)
{
    GG_free(ws->mark);
    GG_free(ws->dval);
    GG_free(ws->key);
    GG_free(ws->state);
    GG_free(ws->hval);
    GG_free(ws->list);
}

static inline GrB_Index hash_slot(GrB_Index j, GrB_Index mask)
{
    return (GrB_Index)((j * 0x9E3779B97F4A7C15ULL) >> 17) & mask;
}

/* Appends row i's cnt entries, columns list[0..cnt) (sorted here unless `sorted`). Column j's
 * value is at val + j * zsize for the dense accumulator (key NULL), or in the hash slot holding
 * j (key, hmask: the table). */
GG_ALWAYS_INLINE bool emit_row(const GG_sr *sr, GG_tbuf *out, GrB_Index i, GrB_Index *list,
                               GrB_Index cnt, bool sorted, const char *val, const GrB_Index *key,
                               GrB_Index hmask)
{
    if (!GG_tbuf_reserve(out, cnt, sr->zsize)) return false;
    if (!sorted) GG_cpu_sort_index(list, cnt);
    GrB_Index o = out->n;
    for (GrB_Index q = 0; q < cnt; q++, o++) {
        GrB_Index j = list[q], h = j;
        if (key != NULL)
            for (h = hash_slot(j, hmask); key[h] != j;) h = (h + 1) & hmask;
        out->row[o] = i;
        out->col[o] = j;
        GG_cpu_copy(out->x + o * sr->zsize, val + h * sr->zsize, sr->zsize);
    }
    out->n = o;
    return true;
}

/* Scratch for one operand entry cast to the operator's type. */
typedef struct {
    GG_SCRATCH_ALIGN unsigned char a[16];
    GG_SCRATCH_ALIGN unsigned char b[16];
} opnd_tmp;

GG_ALWAYS_INLINE bool saxpy_dense(const GG_sr *sr, const saxpy_ctx *c, saxpy_ws *ws, GrB_Index i,
                                  GrB_Index ka, GrB_Index km, int mode, void *t, GG_tbuf *out)
{
    opnd_tmp tmp;
    if (!ws_dense(ws, c->ncols, sr->zsize)) return false;
    const GrB_Index MARK = ws->stamp + 1, SEEN = ws->stamp + 2;
    ws->stamp += 2;
    GrB_Index *mark = ws->mark, *list = ws->list, cnt = 0;
    char *dval = ws->dval;
    /* local copies: the stores below go through char pointers, which may alias anything else */
    const GG_cview Av = *c->A, Bv = *c->B, *M = c->M, *A = &Av, *B = &Bv;
    const GG_cpu_opnd Ao = *c->Ao, Bo = *c->Bo;
    if (mode != MASK_NONE)
        for (GrB_Index p = M->ptr[km]; p < M->ptr[km + 1]; p++)
            if (GG_cpu_mrows_entry(&c->mr, p)) mark[M->idx[p]] = MARK;
    /* One output column with a terminal monoid (a pull mxv under LOR): stop at the terminal. */
    const bool stop = c->ncols == 1 && (sr->terminal != NULL || sr->any);
    for (GrB_Index pa = A->ptr[ka]; pa < A->ptr[ka + 1]; pa++) {
        GrB_Index kb;
        if (!GG_cv_find(B, A->idx[pa], &kb)) continue;
        const char *a = GG_opnd_at(sr, &Ao, pa, sr->asize, tmp.a);
        for (GrB_Index pb = B->ptr[kb]; pb < B->ptr[kb + 1]; pb++) {
            GrB_Index j = B->idx[pb], st = mark[j];
            char *z = dval + j * sr->zsize;
            const char *b = GG_opnd_at(sr, &Bo, pb, sr->bsize, tmp.b);
            if (st == SEEN) {
                GG_sr_mul(sr, t, a, b, i, A->idx[pa], j);
                sr->add(z, z, t);
            } else if (mode == MASK_NONE || (mode == MASK_ALLOW) == (st == MARK)) {
                GG_sr_mul(sr, z, a, b, i, A->idx[pa], j);
                mark[j] = SEEN;
                list[cnt++] = j;
            } else {
                continue;
            }
            if (stop && GG_sr_done(sr, z)) goto done;
        }
    }
done:;
    /* many entries: collect them in order instead of sorting */
    bool scan = cnt * 16 >= c->ncols;
    if (scan) {
        cnt = 0;
        for (GrB_Index j = 0; j < c->ncols; j++)
            if (mark[j] == SEEN) list[cnt++] = j;
    }
    return emit_row(sr, out, i, list, cnt, scan, dval, NULL, 0);
}

GG_ALWAYS_INLINE bool saxpy_hash(const GG_sr *sr, const saxpy_ctx *c, saxpy_ws *ws, GrB_Index i,
                                 GrB_Index ka, GrB_Index km, int mode, GrB_Index need, void *t,
                                 GG_tbuf *out)
{
    opnd_tmp tmp;
    GrB_Index slots = 16;
    while (slots < 2 * need) slots *= 2;
    if (!ws_hash(ws, slots, sr->zsize)) return false;
    const GrB_Index hmask = slots - 1;
    GrB_Index *key = ws->key, *list = ws->list, cnt = 0;
    uint8_t *state = ws->state;
    char *hval = ws->hval;
    const GG_cview Av = *c->A, Bv = *c->B, *M = c->M, *A = &Av, *B = &Bv;
    const GG_cpu_opnd Ao = *c->Ao, Bo = *c->Bo;
    if (mode != MASK_NONE)
        for (GrB_Index p = M->ptr[km]; p < M->ptr[km + 1]; p++) {
            if (!GG_cpu_mrows_entry(&c->mr, p)) continue;
            GrB_Index j = M->idx[p], h = hash_slot(j, hmask);
            while (state[h] != 0) h = (h + 1) & hmask;
            key[h] = j;
            state[h] = 1;
        }
    for (GrB_Index pa = A->ptr[ka]; pa < A->ptr[ka + 1]; pa++) {
        GrB_Index kb;
        if (!GG_cv_find(B, A->idx[pa], &kb)) continue;
        const char *a = GG_opnd_at(sr, &Ao, pa, sr->asize, tmp.a);
        for (GrB_Index pb = B->ptr[kb]; pb < B->ptr[kb + 1]; pb++) {
            GrB_Index j = B->idx[pb], h = hash_slot(j, hmask);
            while (state[h] != 0 && key[h] != j) h = (h + 1) & hmask;
            const char *b = GG_opnd_at(sr, &Bo, pb, sr->bsize, tmp.b);
            char *z = hval + h * sr->zsize;
            if (state[h] == 2) {
                GG_sr_mul(sr, t, a, b, i, A->idx[pa], j);
                sr->add(z, z, t);
            } else if (mode == MASK_NONE || (mode == MASK_ALLOW) == (state[h] == 1)) {
                GG_sr_mul(sr, z, a, b, i, A->idx[pa], j);
                key[h] = j;
                state[h] = 2;
                list[cnt++] = j;
            }
        }
    }
    return emit_row(sr, out, i, list, cnt, false, hval, key, hmask);
}

GG_ALWAYS_INLINE void saxpy_chunk(const GG_sr *sr, saxpy_ctx *c, int chunk, int tid, void *z,
                                  void *t)
{
    (void)z; /* sums live in the accumulators */
    if (__atomic_load_n(&c->failed, __ATOMIC_RELAXED)) return;
    saxpy_ws *ws = &c->ws[tid];
    GG_tbuf *out = &c->out[chunk];
    /* Room for the chunk's products up front (they bound its entries) saves regrowing the buffer;
     * a plain mask may leave far fewer entries, so then the buffer only grows as needed. */
    GrB_Index r0 = c->bounds[chunk], r1 = c->bounds[chunk + 1];
    GrB_Index guess = c->work[r1] - c->work[r0] - (r1 - r0);
    if (c->M == NULL || c->mr.comp) {
        if (c->ncols < GG_DENSE_MAX && guess > (r1 - r0) * c->ncols) guess = (r1 - r0) * c->ncols;
        if (!GG_tbuf_reserve(out, guess < GG_RESERVE_MAX ? guess : GG_RESERVE_MAX, sr->zsize))
            goto fail;
    }
    for (GrB_Index r = r0; r < r1; r++) {
        GrB_Index i, ka, km = 0, flops = c->work[r + 1] - c->work[r] - 1;
        bool has_m;
        if (flops == 0 || !saxpy_row(c, r, &i, &ka, &km, &has_m)) continue;
        GrB_Index mlen = has_m ? c->M->ptr[km + 1] - c->M->ptr[km] : 0;
        int mode = !has_m ? MASK_NONE : c->mr.comp ? MASK_BLOCK : MASK_ALLOW;
        if (mode == MASK_ALLOW && mlen == 0) continue;
        bool ok = (flops + mlen) * 16 >= c->ncols && c->ncols <= GG_DENSE_MAX
                      ? saxpy_dense(sr, c, ws, i, ka, km, mode, t, out)
                      : saxpy_hash(sr, c, ws, i, ka, km, mode, flops + mlen, t, out);
        if (!ok) goto fail;
    }
    return;
fail:
    __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);
}

GG_SR_INSTANCES(saxpy, saxpy_chunk, saxpy_ctx);

/* The products of iterated row r: sum of the lengths of B's rows that A's row r reaches. */
static GrB_Index saxpy_flops(const saxpy_ctx *c, GrB_Index r)
{
    GrB_Index i, ka, km;
    bool has_m;
    if (!saxpy_row(c, r, &i, &ka, &km, &has_m)) return 0;
    const GG_cview *A = c->A, *B = c->B;
    if (c->ncols == 1) return A->ptr[ka + 1] - A->ptr[ka]; /* a vector B: at most one each */
    GrB_Index f = 0;
    for (GrB_Index p = A->ptr[ka]; p < A->ptr[ka + 1]; p++) {
        GrB_Index kb;
        if (GG_cv_find(B, A->idx[p], &kb)) f += B->ptr[kb + 1] - B->ptr[kb];
    }
    return f;
}

GrB_Info GG_cpu_saxpy(GG_coo *T, GrB_Index ncols, const GG_cpu_opnd *A, const GG_cpu_opnd *B,
                      const GG_cpu_mrows *M, const GG_sr *sr, GG_sr_kind kind)
{
    saxpy_ctx c = {
        .sr = sr, .ncols = ncols, .A = A->v, .B = B->v, .M = M->v, .Ao = A, .Bo = B,
        .mr = *M,
        .by_mask = M->v != NULL && !M->comp && M->v->nvec < A->v->nvec,
    };
    GrB_Index niter = c.by_mask ? c.M->nvec : c.A->nvec;
    c.work = GG_malloc((niter + 1) * sizeof(GrB_Index));
    if (c.work == NULL) return GrB_OUT_OF_MEMORY;
    c.work[0] = 0;
    int nth = GG_cpu_nthreads(GG_cv_nnz(c.A) + niter);
#pragma omp parallel for num_threads(nth) schedule(static, 4096)
    for (GrB_Index r = 0; r < niter; r++) c.work[r + 1] = saxpy_flops(&c, r) + 1;
    for (GrB_Index r = 0; r < niter; r++) c.work[r + 1] += c.work[r];

    nth = GG_cpu_nthreads(c.work[niter] + GG_cv_nnz(c.A));
    int nchunks = GG_cpu_nchunks(nth, niter);
    c.bounds = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.out = GG_calloc((size_t)nchunks, sizeof(GG_tbuf));
    c.ws = GG_calloc((size_t)nth, sizeof(saxpy_ws));
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (c.bounds != NULL && c.out != NULL && c.ws != NULL) {
        GG_cpu_split(c.work, niter, nchunks, c.bounds);
        GG_cpu_parallel(nth, nchunks, saxpy_table[kind], &c);
        if (!c.failed) {
            info = GG_tbuf_concat(T, c.out, nchunks, sr->zsize);
        } else {
            for (int k = 0; k < nchunks; k++) GG_tbuf_free(&c.out[k]);
        }
    }
    if (c.ws != NULL)
        for (int k = 0; k < nth; k++) ws_free(&c.ws[k]);
    GG_free(c.ws);
    GG_free(c.out);
    GG_free(c.bounds);
    GG_free(c.work);
    return info;
}

/* ---- masked dot product ------------------------------------------------------------------------ */

typedef struct {
    const GG_sr *sr;
    const GG_cview *A, *B, *M;
    const GG_cpu_opnd *Ao, *Bo;
    GG_cpu_mrows mr;
    GrB_Index *bounds; /* chunks of M's vectors */
    GrB_Index *count;  /* entries found per chunk */
    char *val;         /* per mask entry: its value ... */
    uint8_t *has;      /* ... and whether it has one */
    GG_cast_fn count_to_z; /* counting semiring: int64 to the result type (NULL: int64, uint64) */
    uint8_t **marks;       /* counting: per thread, kdim flags of the inner index (all 0 between
                            * rows), allocated by the thread at its first marked row: one calloc
                            * of every thread's flags up front was a serial memset of
                            * threads x kdim bytes on one thread */
    GrB_Index kdim;
    int failed;
} dot_ctx;

/* A list more than GG_DOT_LEAP times longer than the other is galloped through (a search per
 * entry of the shorter one) instead of stepped: measured on RMAT k-truss, 8 beat 32. */
#define GG_DOT_LEAP 8

/* z = sum over the common indices of A's vector (entries a0 + [0, la)) and B's (b0 + [0, lb));
 * false when there is none. A list much longer than the other is galloped through instead of
 * stepped. */
GG_ALWAYS_INLINE bool dot_one(const GG_sr *sr, const GG_cpu_opnd *Ao, const GrB_Index *ai,
                              GrB_Index a0, GrB_Index la, const GG_cpu_opnd *Bo,
                              const GrB_Index *bi, GrB_Index b0, GrB_Index lb, GrB_Index i,
                              GrB_Index j, void *z, void *t)
{
    opnd_tmp tmp;
    ai += a0, bi += b0;
    bool found = false;
    GrB_Index pa = 0, pb = 0;
    const bool leap_a = la > GG_DOT_LEAP * lb, leap_b = lb > GG_DOT_LEAP * la;
    while (pa < la && pb < lb) {
        if (ai[pa] < bi[pb]) {
            pa = leap_a ? GG_cpu_vseek(ai, pa + 1, la, bi[pb]) : pa + 1;
        } else if (bi[pb] < ai[pa]) {
            pb = leap_b ? GG_cpu_vseek(bi, pb + 1, lb, ai[pa]) : pb + 1;
        } else {
            const char *a = GG_opnd_at(sr, Ao, a0 + pa, sr->asize, tmp.a);
            const char *b = GG_opnd_at(sr, Bo, b0 + pb, sr->bsize, tmp.b);
            if (found) {
                GG_sr_mul(sr, t, a, b, i, ai[pa], j);
                sr->add(z, z, t);
            } else {
                GG_sr_mul(sr, z, a, b, i, ai[pa], j);
                found = true;
            }
            if (GG_sr_done(sr, z)) break;
            pa++;
            pb++;
        }
    }
    return found;
}

GG_ALWAYS_INLINE void dot_chunk(const GG_sr *sr, dot_ctx *c, int chunk, int tid, void *z,
                                void *t)
{
    (void)tid;
    const GG_cview Av = *c->A, Bv = *c->B, *M = c->M, *A = &Av, *B = &Bv;
    const GG_cpu_opnd Ao = *c->Ao, Bo = *c->Bo;
    GrB_Index found = 0;
    for (GrB_Index r = c->bounds[chunk]; r < c->bounds[chunk + 1]; r++) {
        GrB_Index ka, p0 = M->ptr[r], p1 = M->ptr[r + 1];
        memset(c->has + p0, 0, p1 - p0);
        if (!GG_cv_find(A, GG_cv_id(M, r), &ka)) continue;
        for (GrB_Index p = p0; p < p1; p++) {
            GrB_Index kb;
            if (!GG_cpu_mrows_entry(&c->mr, p) || !GG_cv_find(B, M->idx[p], &kb)) continue;
            if (dot_one(sr, &Ao, A->idx, A->ptr[ka], A->ptr[ka + 1] - A->ptr[ka], &Bo, B->idx,
                        B->ptr[kb], B->ptr[kb + 1] - B->ptr[kb], GG_cv_id(M, r), M->idx[p], z,
                        t)) {
                memcpy(c->val + p * sr->zsize, z, sr->zsize);
                c->has[p] = 1;
                found++;
            }
        }
    }
    c->count[chunk] = found;
}

GG_SR_INSTANCES(dot, dot_chunk, dot_ctx);

/* The number of common indices of the sorted lists a (la) and b (lb). */
static inline uint64_t dot_count(const GrB_Index *a, GrB_Index la, const GrB_Index *b,
                                 GrB_Index lb)
{
    if (la > lb) {
        const GrB_Index *t = a;
        a = b, b = t;
        GrB_Index l = la;
        la = lb, lb = l;
    }
    if (la == 0 || a[la - 1] < b[0] || b[lb - 1] < a[0]) return 0;
    uint64_t n = 0;
    GrB_Index pa = 0, pb = 0;
    if (lb > GG_DOT_LEAP * la) {
        for (; pa < la; pa++) {
            pb = GG_cpu_vseek(b, pb, lb, a[pa]);
            if (pb == lb) break;
            n += b[pb] == a[pa];
        }
        return n;
    }
    /* branch-free steps: the comparisons are data, not jumps */
    while (pa < la && pb < lb) {
        GrB_Index x = a[pa], y = b[pb];
        n += x == y;
        pa += x <= y;
        pb += y <= x;
    }
    return n;
}

/* A row of A at least this long, with at least as many mask entries, has its indices flagged
 * once (dot_count_chunk): each of its counts then costs B's column alone, loads of flags that do
 * not wait on each other, where a merge step waits on the one before it. Short rows gain most:
 * TC's L*L' on LAGraph's dense11 input (rows of 11) took 1.7x SuiteSparse's time at 32 and
 * under 1.1x at 2 (Doc/performance.md, helper hdot). */
#define GG_DOT_MARK_MIN 2

/* The dot product's chunk under a counting semiring: each mask entry's count, stored in the
 * result type (int64 and uint64 as they are, else cast). A row of A that several mask entries
 * share is flagged in the thread's marks, and a column of B that is not much longer than it is
 * summed over the flags instead of merged. */
static void dot_count_chunk(void *ctx, int chunk, int tid)
{
    dot_ctx *c = ctx;
    /* local copies: the stores below cannot then be taken to change them */
    const GG_cview Av = *c->A, Bv = *c->B, Mv = *c->M, *A = &Av, *B = &Bv, *M = &Mv;
    const GG_cpu_mrows mr = c->mr;
    const size_t zsize = c->sr->zsize;
    char *val = c->val;
    uint8_t *has = c->has;
    const GG_cast_fn to_z = c->count_to_z;
    uint8_t **mark_at = c->marks == NULL ? NULL : &c->marks[tid], *mark = NULL;
    GrB_Index found = 0;
    for (GrB_Index r = c->bounds[chunk]; r < c->bounds[chunk + 1]; r++) {
        GrB_Index ka, p0 = M->ptr[r], p1 = M->ptr[r + 1];
        memset(has + p0, 0, p1 - p0);
        if (!GG_cv_find(A, GG_cv_id(M, r), &ka)) continue;
        const GrB_Index *ai = A->idx + A->ptr[ka], la = A->ptr[ka + 1] - A->ptr[ka];
        bool marked = mark_at != NULL && la >= GG_DOT_MARK_MIN && p1 - p0 >= GG_DOT_MARK_MIN;
        if (marked && *mark_at == NULL &&
            (*mark_at = GG_calloc(c->kdim == 0 ? 1 : c->kdim, 1)) == NULL) {
            __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        if (marked) mark = *mark_at;
        for (GrB_Index q = 0; marked && q < la; q++) mark[ai[q]] = 1;
        for (GrB_Index p = p0; p < p1; p++) {
            GrB_Index kb;
            if (!GG_cpu_mrows_entry(&mr, p) || !GG_cv_find(B, M->idx[p], &kb)) continue;
            const GrB_Index *bi = B->idx + B->ptr[kb], lb = B->ptr[kb + 1] - B->ptr[kb];
            int64_t n = 0;
            if (marked && lb <= GG_DOT_LEAP * la)
                for (GrB_Index q = 0; q < lb; q++) n += mark[bi[q]];
            else
                n = (int64_t)dot_count(ai, la, bi, lb);
            if (n == 0) continue;
            /* n's address is not taken: a stored copy keeps it in a register in the loops */
            int64_t z = n;
            if (to_z == NULL)
                memcpy(val + p * zsize, &z, sizeof z);
            else
                to_z(val + p * zsize, &z);
            has[p] = 1;
            found++;
        }
        for (GrB_Index q = 0; marked && q < la; q++) mark[ai[q]] = 0;
    }
    c->count[chunk] = found;
}

/* Whether T = A*B under semiring s only counts common indices: PLUS with ONEB (GxB_PAIR) over a
 * type whose sums of ones are the counts themselves (32- and 64-bit integers, FP64; not the
 * narrow types, whose sums wrap, nor FP32, whose stop growing at 2^24). */
static bool counts_only(GrB_Semiring s)
{
    GrB_Type_Code z = s->add->op->ztype->code;
    return s->add->op->opcode == GG_OP_PLUS && s->mul->opcode == GG_OP_ONEB &&
           (z == GrB_INT32_CODE || z == GrB_UINT32_CODE || z == GrB_INT64_CODE ||
            z == GrB_UINT64_CODE || z == GrB_FP64_CODE);
}

GrB_Info GG_cpu_dot(GG_coo *T, const GG_cpu_opnd *A, const GG_cpu_opnd *Bcols,
                    const GG_cpu_mrows *M, const GG_sr *sr, GG_sr_kind kind, GrB_Type counts,
                    GrB_Index kdim)
{
    const GG_cview *mv = M->v;
    GrB_Index nm = GG_cv_nnz(mv);
    dot_ctx c = {.sr = sr, .A = A->v, .B = Bcols->v, .M = mv, .Ao = A, .Bo = Bcols,
                 .mr = *M};
    /* a count (>= 0) has the same bits in int64 and uint64 (algorithms/tc.c's type) */
    if (counts != NULL && counts->code != GrB_INT64_CODE && counts->code != GrB_UINT64_CODE)
        c.count_to_z = GG_cast_get(counts->code, GrB_INT64_CODE);
    int nth = GG_cpu_nthreads(nm * 8 + GG_cv_nnz(c.A));
    int nchunks = GG_cpu_nchunks(nth, mv->nvec);
    c.bounds = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.count = GG_calloc((size_t)nchunks + 1, sizeof(GrB_Index));
    c.val = GG_malloc((nm == 0 ? 1 : nm) * sr->zsize);
    c.has = GG_malloc(nm == 0 ? 1 : nm);
    /* flags of the inner index per thread, for counting, unless the dimension is far larger
     * than the work (hypersparse) */
    bool marks = counts != NULL && kdim <= 4 * (nm + GG_cv_nnz(c.A)) + 4096;
    c.kdim = kdim;
    c.marks = marks ? GG_calloc((size_t)nth, sizeof *c.marks) : NULL;
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (c.bounds != NULL && c.count != NULL && c.val != NULL && c.has != NULL &&
        (c.marks != NULL || !marks)) {
        /* mask rows weighted by their entries, from the view's own running totals */
        GG_cpu_split(mv->ptr, mv->nvec, nchunks, c.bounds);
        GG_cpu_parallel(nth, nchunks, counts != NULL ? dot_count_chunk : dot_table[kind], &c);
        if (c.failed) goto done;
        GrB_Index total = 0;
        for (int k = 0; k < nchunks; k++) {
            GrB_Index n = c.count[k];
            c.count[k] = total;
            total += n;
        }
        c.count[nchunks] = total;
        info = GG_cpu_coo_alloc(T, total, sr->zsize);
        /* chunks that found nothing are not read again (a grid's TC finds nothing at all) */
        if (info == GrB_SUCCESS && total > 0) {
#pragma omp parallel for num_threads(GG_cpu_nthreads_move(nm)) schedule(dynamic, 1)
            for (int k = 0; k < nchunks; k++) {
                GrB_Index o = c.count[k];
                if (o == c.count[k + 1]) continue;
                /* locals: stores through T's arrays would otherwise reload them per entry */
                GrB_Index *row = T->row, *col = T->col;
                char *x = T->x;
                const GrB_Index *ptr = mv->ptr, *idx = mv->idx;
                const uint8_t *has = c.has;
                const size_t zsize = sr->zsize;
                for (GrB_Index r = c.bounds[k]; r < c.bounds[k + 1]; r++) {
                    GrB_Index i = GG_cv_id(mv, r);
                    for (GrB_Index p = ptr[r]; p < ptr[r + 1]; p++) {
                        if (!has[p]) continue;
                        row[o] = i;
                        col[o] = idx[p];
                        GG_cpu_copy(x + o * zsize, c.val + p * zsize, zsize);
                        o++;
                    }
                }
            }
        }
    }
done:
    GG_free(c.bounds);
    GG_free(c.count);
    GG_free(c.val);
    GG_free(c.has);
    for (int t = 0; c.marks != NULL && t < nth; t++) GG_free(c.marks[t]);
    GG_free(c.marks);
    return info;
}

/* ---- GrB_mxm: the engine by cost ----------------------------------------------------------------
 * With a mask that is present and not complemented, both engines apply; each one's work is
 * counted exactly from the vector lengths (as SuiteSparse's AxB_meta weighs dot3 against saxpy3,
 * though not with its rule):
 * - Gustavson: every product term A(i,k)*B(k,j) of the rows i that have mask entries, plus the
 *   scatter of those mask rows, whatever the mask leaves of them;
 * - dot: per mask entry (i,j), one merge of A's row i with B's column j (or, when one is much
 *   longer, a binary-search leap per entry of the shorter one), as dot_one does it.
 * Averages would not do: on a graph with a few dense rows and columns (LAGraph's TriangleCount
 * test, issue 13) Gustavson does sum deg(k)^2 = 2.75e10 products for 1.1M mask entries. The view
 * of B that an engine needs and that is not cached yet is charged to it. */

/* Per-unit costs in dot-merge steps, measured on 2 cores (Doc/decisions.md, issue 13): a
 * Gustavson product term (an accumulator or hash probe anywhere in the row's columns) and the
 * placing of one entry when a view of B is built from the tree. */
#define COST_TERM 2.0
#define COST_VIEW 4.0

/* The lengths of op(B)'s vectors one way: a view's, or counts per index (dense, when built by
 * counting the indices of the other way's view). */
typedef struct {
    const GG_cview *v;
    GrB_Index *count;
} vlens;

/* The longest of them (dim: how many there are). */
/* The length of vector k: from the counts, else from the view's pointers. */
static inline GrB_Index vlen_at(const GrB_Index *count, const GrB_Index *ptr, GrB_Index k)
{
    return count != NULL ? count[k] : ptr[k + 1] - ptr[k];
}

static GrB_Index vlen_max(const vlens *l, GrB_Index dim)
{
    GrB_Index m = 0, n = l->count != NULL ? dim : l->v->nvec;
    const GrB_Index *count = l->count, *ptr = l->count != NULL ? NULL : l->v->ptr;
    /* in parallel when long: on one thread it was a serial O(n) step of every masked mxm (TC) */
    int nth = GG_cpu_nthreads(n);
    if (nth <= 1) {
        for (GrB_Index k = 0; k < n; k++) m = vlen_at(count, ptr, k) > m ? vlen_at(count, ptr, k) : m;
        return m;
    }
#pragma omp parallel for num_threads(nth) schedule(static) reduction(max : m)
    for (GrB_Index k = 0; k < n; k++) m = vlen_at(count, ptr, k) > m ? vlen_at(count, ptr, k) : m;
    return m;
}

static inline GrB_Index vlen(const vlens *l, GrB_Index id)
{
    if (l->count != NULL) return l->count[id];
    GrB_Index k;
    return GG_cv_find(l->v, id, &k) ? l->v->ptr[k + 1] - l->v->ptr[k] : 0;
}

/* The cost of a merge of sorted lists of lengths la and lb, as dot_one runs it. */
static inline double dot_cost(GrB_Index la, GrB_Index lb)
{
    GrB_Index lo = la < lb ? la : lb, hi = la < lb ? lb : la;
    if (lo == 0) return 1;
    if (hi > GG_DOT_LEAP * lo) return (double)lo * (2 + 64 - __builtin_clzll(hi));
    return (double)(la + lb);
}

/* An upper bound of dot_cost(la, lb) over every lb <= maxlb: a merge costs at most la + maxlb; a
 * gallop through B's list (only where maxlb > GG_DOT_LEAP la) at most la (2 + maxlb's bits); one
 * through A's list (only where la > GG_DOT_LEAP, B's list then below la / GG_DOT_LEAP) at most
 * that many steps of 2 + la's bits. A bound of the gallops alone, when they cannot happen, was
 * twice a grid's cost (la = maxlb = 2), too loose to decide without counting. */
static inline double dot_cost_max(GrB_Index la, GrB_Index maxlb)
{
    if (la == 0) return 1;
    double most = (double)(la + maxlb);
    if (maxlb > GG_DOT_LEAP * la) {
        double gallop = (double)la * (2 + 64 - __builtin_clzll(maxlb));
        most = gallop > most ? gallop : most;
    }
    if (la > GG_DOT_LEAP) {
        GrB_Index lb = (la - 1) / GG_DOT_LEAP < maxlb ? (la - 1) / GG_DOT_LEAP : maxlb;
        double gallop = (double)lb * (2 + 64 - __builtin_clzll(la));
        most = gallop > most ? gallop : most;
    }
    return most;
}

/* Gustavson's product terms (and mask scatters) for T<M> = A*B, A by rows, B's row lengths; the
 * count stops once some thread's share alone exceeds `cap` (the result then does too): on
 * triangle counting's L*L' the first rows already cost more than the whole dot product. */
static double saxpy_cost(const GG_cview *A, const vlens *brows, const GG_cview *M, double cap)
{
    double total = 0;
    int over = 0;
    int nth = GG_cpu_nthreads(GG_cv_nnz(A));
#pragma omp parallel for num_threads(nth) schedule(static, 1024) reduction(+ : total)
    for (GrB_Index r = 0; r < A->nvec; r++) {
        GrB_Index km;
        if (__atomic_load_n(&over, __ATOMIC_RELAXED) ||
            !GG_cv_find(M, GG_cv_id(A, r), &km) || M->ptr[km] == M->ptr[km + 1])
            continue;
        GrB_Index f = M->ptr[km + 1] - M->ptr[km];
        for (GrB_Index p = A->ptr[r]; p < A->ptr[r + 1]; p++) f += vlen(brows, A->idx[p]);
        total += (double)f;
        if (total > cap) __atomic_store_n(&over, 1, __ATOMIC_RELAXED);
    }
    return total;
}

/* An upper bound of dot_total from the rows alone: each mask entry of a row at its dearest
 * (B's longest column, maxlb); O(rows), where dot_total is O(mask entries). Also, in *scatter,
 * the mask entries of the rows A has: Gustavson scatters them (saxpy_cost counts them), so they
 * bound its cost from below without B's row lengths. */
static double dot_bound(const GG_cview *A, const GG_cview *M, GrB_Index maxlb, double *scatter)
{
    double total = 0, below = 0;
    int nth = GG_cpu_nthreads(M->nvec);
#pragma omp parallel for num_threads(nth) schedule(static) reduction(+ : total, below)
    for (GrB_Index r = 0; r < M->nvec; r++) {
        GrB_Index ka, mlen = M->ptr[r + 1] - M->ptr[r];
        bool has = GG_cv_find(A, GG_cv_id(M, r), &ka);
        GrB_Index la = has ? A->ptr[ka + 1] - A->ptr[ka] : 0;
        total += (double)mlen * dot_cost_max(la, maxlb);
        if (has) below += (double)mlen;
    }
    *scatter = below;
    return total;
}

/* The dot product's merge steps for T<M> = A*B, A by rows, B's column lengths. Rows are taken
 * dynamically: a few rows may hold most of the mask (LAGraph's TriangleCount input: rows 0..10,
 * half of it, which a static split gave to one thread). */
static double dot_total(const GG_cview *A, const vlens *bcols, const GG_cview *M)
{
    double total = 0;
    int nth = GG_cpu_nthreads(GG_cv_nnz(M));
#pragma omp parallel for num_threads(nth) schedule(dynamic, 256) reduction(+ : total)
    for (GrB_Index r = 0; r < M->nvec; r++) {
        GrB_Index ka;
        if (!GG_cv_find(A, GG_cv_id(M, r), &ka)) continue;
        GrB_Index la = A->ptr[ka + 1] - A->ptr[ka];
        for (GrB_Index p = M->ptr[r]; p < M->ptr[r + 1]; p++)
            total += dot_cost(la, vlen(bcols, M->idx[p]));
    }
    return total;
}

/* count[k] = the occurrences of k among idx[0..n), indices below dim; count need not be zeroed
 * (a calloc of it was a serial memset of the dimension in every masked mxm). In parallel, each
 * thread counting a range of idx into a histogram of its own (32-bit: a range is below 2^32
 * entries) and the histograms then summed by ranges of k, when the histograms are not larger
 * than the work; else (and on one thread) in one pass. */
static GrB_Info count_indices(GrB_Index *count, const GrB_Index *idx, GrB_Index n, GrB_Index dim)
{
    int nth = GG_cpu_nthreads(n);
    uint32_t *h = NULL;
#ifdef _OPENMP
    if (nth > 1 && n < ((GrB_Index)1 << 32) && (GrB_Index)nth * dim <= 2 * n)
        h = GG_malloc((size_t)nth * (size_t)dim * sizeof *h);
#endif
    if (h == NULL) {
        memset(count, 0, (size_t)dim * sizeof *count);
        for (GrB_Index p = 0; p < n; p++) count[idx[p]]++;
        return GrB_SUCCESS;
    }
#ifdef _OPENMP
#pragma omp parallel num_threads(nth)
    {
        int t = omp_get_thread_num();
        uint32_t *own = h + (size_t)t * dim;
        memset(own, 0, (size_t)dim * sizeof *own);
        for (GrB_Index p = n * t / nth; p < n * (t + 1) / nth; p++) own[idx[p]]++;
#pragma omp barrier
#pragma omp for schedule(static)
        for (GrB_Index k = 0; k < dim; k++) {
            GrB_Index c = 0;
            for (int u = 0; u < nth; u++) c += h[(size_t)u * dim + k];
            count[k] = c;
        }
    }
#endif
    GG_free(h);
    return GrB_SUCCESS;
}

/* The lengths of op(B)'s vectors one way, for B read with transpose tran, from the view of B
 * that is cached (the CSR view when neither is): rows->v or cols->v set. The other way is
 * b_count's. */
static GrB_Info b_given(GG_container *B, bool tran, vlens *rows, vlens *cols)
{
    bool csc = B->csr == NULL && B->csc != NULL;
    const GG_cview *v;
    GrB_Info info = GG_cpu_rows_of(B, csc, &v);
    if (info != GrB_SUCCESS) return info;
    /* v's vectors are op(B)'s rows when csc == tran */
    (csc == tran ? rows : cols)->v = v;
    return GrB_SUCCESS;
}

/* The lengths of op(B)'s vectors the other way than b_given's view (l: rows or cols, the one not
 * given; B of nnz entries): by counting that view's indices, or from the other view when its
 * dimension is too large to count densely (a hypersparse B). */
static GrB_Info b_count(GG_container *B, GrB_Index nnz, const vlens *given, vlens *l)
{
    bool csc = B->csr == NULL && B->csc != NULL;
    GrB_Index dim = csc ? B->nrows : B->ncols;
    if (dim > 4 * nnz + 4096) return GG_cpu_rows_of(B, !csc, &l->v);
    l->count = GG_malloc((dim == 0 ? 1 : dim) * sizeof(GrB_Index));
    if (l->count == NULL) return GrB_OUT_OF_MEMORY;
    return count_indices(l->count, given->v->idx, GG_cv_nnz(given->v), dim);
}

/* Whether T<M> = op(A)*op(B) runs as the masked dot product; GxB_AxB_METHOD in d asks for an
 * engine (GxB_AxB_DOT applies only where the dot product can run). The rule is the exact
 * comparison: the dot product when its merge steps (plus its view of B, when not cached) cost less
 * than Gustavson's terms (plus its view). The counts below only avoid the exact figures where
 * bounds decide: an upper bound of the dot product's cost from the rows alone, Gustavson's counted
 * only up to it, and before that (when the dot product's view gives B's column lengths) the mask
 * scatter that bounds Gustavson's from below, so that a product whose rows are all short (a grid's
 * L*L') counts neither B's row lengths nor its terms: those passes were most of a grid TC's mxm. */
static GrB_Info choose_dot(bool *dot, const GG_cpu_mrows *mr, const GG_cview *A, GG_container *B,
                           const GG_desc *d)
{
    *dot = false;
    if (mr->v == NULL || mr->comp) return GrB_SUCCESS;
    if (d->axb_method != GxB_DEFAULT) {
        *dot = d->axb_method == GxB_AxB_DOT;
        return GrB_SUCCESS;
    }
    GrB_Index nnz;
    GrB_Info info = GG_container_nvals(B, &nnz);
    vlens rows = {0}, cols = {0};
    if (info == GrB_SUCCESS) info = b_given(B, d->tran1, &rows, &cols);
    /* B's column lengths first: the bound needs them */
    if (info == GrB_SUCCESS && cols.v == NULL) info = b_count(B, nnz, &rows, &cols);
    if (info == GrB_SUCCESS) {
        /* saxpy reads op(B) by rows (B's CSC view when transposed), dot by columns; a view not
         * built yet costs its build */
        double view = COST_VIEW * (double)nnz, scatter;
        const GG_cview *sv = d->tran1 ? B->csc : B->csr, *dv = d->tran1 ? B->csr : B->csc;
        double dview = dv == NULL ? view : 0, saxpy = sv == NULL ? view : 0;
        /* Gustavson's terms, counted only up to a bound of the dot product's cost from the
         * rows: beyond it the dot product wins without its exact count (triangle counting's
         * L*L', where the exact count was a seventh of the product's time) */
        /* The bound needs B's longest column, a pass over all of B's columns: a mask whose
         * entries are fewer than a quarter of them (BC's w<level> = w*A', a level against every
         * vertex, where that pass was a fifth of the call) is cheaper to cost exactly, a lookup
         * and a cost per entry (dot_bound then only for the scatter) */
        GrB_Index bdim = d->tran1 ? B->nrows : B->ncols;
        bool exact = 4 * GG_cv_nnz(mr->v) < bdim;
        double bound = dot_bound(A, mr->v, exact ? 0 : vlen_max(&cols, bdim), &scatter) + dview;
        if (exact) bound = dot_total(A, &cols, mr->v) + dview;
        *dot = saxpy + COST_TERM * scatter > bound;
        if (!*dot && rows.v == NULL && rows.count == NULL) info = b_count(B, nnz, &cols, &rows);
        if (!*dot && info == GrB_SUCCESS) {
            if (saxpy <= bound) saxpy += COST_TERM * saxpy_cost(A, &rows, mr->v, (bound - saxpy) / COST_TERM);
            *dot = saxpy > bound || dot_total(A, &cols, mr->v) + dview < saxpy;
        }
    }
    GG_free(rows.count);
    GG_free(cols.count);
    return info;
}

/* ---- a mask far larger than the product ---------------------------------------------------------
 * BC's frontier<!paths, struct, replace> = frontier * A: paths holds every vertex reached so far,
 * frontier one level, so reading the mask whole (its view, then each row's scatter) costs a pass
 * over all of paths per level, where the product itself touches a few entries. Such a mask is
 * instead probed once per entry of the unmasked product (GG_container_get: through M's log of
 * pending updates, so the in-place unions of ewise.c are not assembled either). */

/* Products this many times fewer than M's entries are probed one by one. A probe (a lock, a
 * lookup in the log's index, a tree descent) costs about what the ratio's scatter steps and view
 * entries do; a guess, not measured. */
#define GG_PROBE_RATIO 8

/* Whether C<M> = op(A)*op(B) probes M: no accumulator and nothing of C kept (replace, or C
 * empty), so that C is T cut down to what M allows, no engine asked for, and op(A)*op(B) has at
 * most |M| / GG_PROBE_RATIO products (counted from the rows of op(A) and op(B)). */
static GrB_Info probe_plan(bool *probe, GG_container *C, GG_container *M, GrB_BinaryOp accum,
                           GG_container *A, GG_container *B, const GG_desc *d)
{
    *probe = false;
    if (M == NULL || accum != NULL || d->axb_method != GxB_DEFAULT) return GrB_SUCCESS;
    GrB_Index nm, nc = 0, na;
    GrB_Info info = GG_container_nvals(M, &nm);
    if (info == GrB_SUCCESS && !d->replace) info = GG_container_nvals(C, &nc);
    if (info == GrB_SUCCESS) info = GG_container_nvals(A, &na);
    if (info != GrB_SUCCESS || nc > 0 || na > nm / GG_PROBE_RATIO || M == A || M == B) return info;
    const GG_cview *av, *bv;
    info = GG_cpu_rows_of(A, d->tran0, &av);
    if (info == GrB_SUCCESS) info = GG_cpu_rows_of(B, d->tran1, &bv);
    if (info != GrB_SUCCESS) return info;
    GrB_Index flops = 0, limit = nm / GG_PROBE_RATIO, nnz = GG_cv_nnz(av), kb;
    for (GrB_Index p = 0; p < nnz && flops <= limit; p++)
        if (GG_cv_find(bv, av->idx[p], &kb)) flops += bv->ptr[kb + 1] - bv->ptr[kb];
    *probe = flops <= limit;
    return GrB_SUCCESS;
}

/* Keeps the entries of T (values of `size` bytes) that M allows under d, T's positions probed in M
 * together (a structural mask for presence only). */
static GrB_Info mask_probe(GG_coo *T, size_t size, GG_container *M, const GG_desc *d)
{
    GG_cpu_mask mk;
    GG_cpu_mask_test(&mk, M->type, d);
    bool *found = GG_malloc(T->n + 1);
    char *v = mk.structural ? NULL : GG_malloc(T->n * M->type->size + 1);
    GrB_Info info = found == NULL || (v == NULL && !mk.structural)
                        ? GrB_OUT_OF_MEMORY
                        : GG_container_get_many(M, T, v, M->type, found);
    GrB_Index o = 0;
    for (GrB_Index k = 0; k < T->n && info == GrB_SUCCESS; k++) {
        bool set = found[k] && (mk.structural || GG_cpu_mask_value(mk.size, v + k * mk.size));
        if (set == mk.comp) continue;
        T->row[o] = T->row[k];
        T->col[o] = T->col[k];
        memmove((char *)T->x + o * size, (char *)T->x + k * size, size);
        o++;
    }
    if (info == GrB_SUCCESS) T->n = o;
    GG_free(found);
    GG_free(v);
    return info;
}

GrB_Info GG_cpu_mxm(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Semiring semiring,
                    GG_container *A, GG_container *B, const GG_desc *d)
{
    GG_sr sr;
    GrB_Type atype = GG_sr_atype(semiring, false), btype = GG_sr_btype(semiring, false);
    GG_cpu_mrows mr;
    GG_cpu_opnd a = {0}, b = {0};
    bool dot = false, probe;
    GrB_Info info = probe_plan(&probe, C, M, accum, A, B, d);
    mr = (GG_cpu_mrows){0};
    if (info == GrB_SUCCESS && !probe) info = GG_cpu_mrows_get(&mr, M, d, false);
    if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&a, A, d->tran0, atype);
    if (info == GrB_SUCCESS) info = choose_dot(&dot, &mr, a.v, B, d);
    /* Gustavson reads op(B) by rows, the dot product by columns. */
    if (info == GrB_SUCCESS) info = GG_cpu_opnd_get(&b, B, d->tran1 != dot, btype);
    GG_coo T = {0};
    if (info == GrB_SUCCESS) {
        /* the operands as read: an iso input's value is already of the multiplier's type */
        GG_sr_kind kind = GG_sr_prepare(&sr, semiring, false,
                                        GG_cpu_opnd_type(&a, A->type, atype),
                                        GG_cpu_opnd_type(&b, B->type, btype));
        info = dot ? GG_cpu_dot(&T, &a, &b, &mr, &sr, kind,
                                counts_only(semiring) ? semiring->add->op->ztype : NULL,
                                d->tran0 ? A->nrows : A->ncols)
                   : GG_cpu_saxpy(&T, C->ncols, &a, &b, &mr, &sr, kind);
    }
    GG_cpu_opnd_free(&a);
    GG_cpu_opnd_free(&b);
    if (info == GrB_SUCCESS && probe) info = mask_probe(&T, semiring->add->op->ztype->size, M, d);
    GrB_Index cvals = 1;
    if (info == GrB_SUCCESS && accum == NULL && !d->replace) info = GG_container_nvals(C, &cvals);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&T);
        return info;
    }
    /* Both engines leave T inside what a mask allows, so without an accumulator, and with
     * nothing of C to keep outside the mask (replace, or C empty), C is T: the write-back's
     * merge with the mask is skipped. (A complemented missing mask allows nothing: not so.) C
     * may be M, A or B: T is complete here. */
    GG_desc plain = {.replace = d->replace};
    bool as_is = accum == NULL && (d->replace || cvals == 0) && (M != NULL || !d->mask_comp);
    return GG_cpu_writeback(C, as_is ? NULL : M, accum, &T, semiring->add->op->ztype,
                            as_is ? &plain : d);
}
