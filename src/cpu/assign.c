/* assign.c: the CPU assign slot, GrB_assign's C<M>(I, J) = accum(C(I, J), S) (not GxB_subassign:
 * the mask and replace cover all of C, or the one row or column of the Row/Col forms).
 *
 * The source is first placed in C's coordinates: S' = {(I[k], J[l], S(k, l))}. With duplicate
 * indices only the last occurrence of each index counts, as in SuiteSparse: C(i, j) takes S(k, l)
 * for the largest k with I[k] == i and the largest l with J[l] == j, and the accumulator is applied
 * once. One region-aware merge (GG_cpu_writeback_region) then writes S' into C. The Row and Col
 * forms run the same steps on the row or column as a vector and log its changes in C's store.
 * A vector's source is placed in its form (GG_cpu_vassign_source): a scalar over GrB_ALL is one
 * iso value for every position, a vector source over GrB_ALL is used as it is, and the
 * write-back on forms then touches only the positions the mask, the region or the source bound. */
#include "GG_cpu_vec.h"

/* ---- the source in C's coordinates -------------------------------------------------------------- */

/* The distinct values of an index list in increasing order, each with its last occurrence. */
typedef struct {
    const GG_cpu_ilist *L;
    GrB_Index n;  /* how many distinct values */
    GrB_Index *q; /* q[u]: L's inverted position of the u-th value's last occurrence; NULL when the
                   * list has no repeats (then it is u) */
} GG_distinct;

static GrB_Info distinct_init(GG_distinct *D, const GG_cpu_ilist *L)
{
    *D = (GG_distinct){.L = L, .n = L->n};
    if (L->sorted) return GrB_SUCCESS;
    D->q = GG_malloc((L->n + 1) * sizeof(GrB_Index));
    if (D->q == NULL) return GrB_OUT_OF_MEMORY;
    D->n = 0;
    for (GrB_Index q = 0; q < L->n; q++)
        if (q + 1 == L->n || L->val[q + 1] != L->val[q]) D->q[D->n++] = q;
    return GrB_SUCCESS;
}

static GrB_Index distinct_val(const GG_distinct *D, GrB_Index u)
{
    return GG_cpu_ilist_val(D->L, D->q == NULL ? u : D->q[u]);
}

static GrB_Index distinct_pos(const GG_distinct *D, GrB_Index u)
{
    return GG_cpu_ilist_pos(D->L, D->q == NULL ? u : D->q[u]);
}

/* What S' needs to know about the index lists. */
typedef struct {
    GG_distinct rows, cols;
    bool *lastJ; /* lastJ[l]: l is the last occurrence of J[l]; NULL when J has no repeats */
} GG_targets;

static void targets_free(GG_targets *t)
{
    GG_free(t->rows.q);
    GG_free(t->cols.q);
    GG_free(t->lastJ);
}

static GrB_Info targets_init(GG_targets *t, const GG_cpu_ilist *LI, const GG_cpu_ilist *LJ)
{
    *t = (GG_targets){0};
    GrB_Info info = distinct_init(&t->rows, LI);
    if (info == GrB_SUCCESS) info = distinct_init(&t->cols, LJ);
    if (info == GrB_SUCCESS && !LJ->sorted) {
        t->lastJ = GG_calloc(LJ->n, sizeof(bool));
        if (t->lastJ == NULL)
            info = GrB_OUT_OF_MEMORY;
        else
            for (GrB_Index u = 0; u < t->cols.n; u++) t->lastJ[distinct_pos(&t->cols, u)] = true;
    }
    if (info != GrB_SUCCESS) targets_free(t);
    return info;
}

/* The kept entries of the view's vector q (last occurrences of their column index), written as
 * C's column indices and source positions, sorted, when col is non-NULL. */
static GrB_Index source_row(const GG_targets *t, const GG_cview *v, GrB_Index q, GrB_Index *col,
                            GrB_Index *src)
{
    GrB_Index n = 0;
    for (GrB_Index p = v->ptr[q]; p < v->ptr[q + 1]; p++) {
        GrB_Index l = v->idx[p];
        if (t->lastJ != NULL && !t->lastJ[l]) continue;
        if (col != NULL) col[n] = GG_cpu_index(t->cols.L->I, l), src[n] = p;
        n++;
    }
    if (col != NULL && !t->cols.L->sorted) GG_cpu_sort2(col, src, n);
    return n;
}

/* Task u of S' from a container: C's row and the view's vector it takes; false if none. With I
 * GrB_ALL the tasks are the view's vectors, else the distinct rows of I. */
static bool source_task(const GG_targets *t, const GG_cview *v, GrB_Index u, GrB_Index *i,
                        GrB_Index *q)
{
    if (t->rows.L->identity) {
        *q = u;
        *i = v->vec == NULL ? u : v->vec[u];
        return true;
    }
    *i = distinct_val(&t->rows, u);
    return GG_cpu_cview_find(v, distinct_pos(&t->rows, u), q);
}

/* S' from op0(A) (A transposed with tran), values of A's type. */
static GrB_Info source_from_matrix(GG_coo *s, const GG_targets *t, GG_container *A, bool tran)
{
    const GG_cview *v;
    GrB_Info info = GG_cpu_rows_of(A, tran, &v);
    if (info != GrB_SUCCESS) return info;
    GrB_Index ntasks = t->rows.L->identity ? v->nvec : t->rows.n;
    GrB_Index *offset = GG_malloc((ntasks + 1) * sizeof(GrB_Index)), *src = NULL;
    if (offset == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    int nth = GG_cpu_nthreads(ntasks + v->ptr[v->nvec]);
    offset[0] = 0;
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index i, q;
        offset[u + 1] = source_task(t, v, u, &i, &q) ? source_row(t, v, q, NULL, NULL) : 0;
    }
    for (GrB_Index u = 0; u < ntasks; u++) offset[u + 1] += offset[u];
    GrB_Index total = offset[ntasks];
    size_t size = A->type->size;
    info = GG_cpu_coo_alloc(s, total, size);
    src = info == GrB_SUCCESS ? GG_malloc((total + 1) * sizeof(GrB_Index)) : NULL;
    if (src == NULL) {
        GG_coo_free(s);
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
#pragma omp parallel for num_threads(nth) schedule(dynamic, 1024)
    for (GrB_Index u = 0; u < ntasks; u++) {
        GrB_Index i, q, e = offset[u];
        if (offset[u + 1] == e || !source_task(t, v, u, &i, &q)) continue;
        GrB_Index n = source_row(t, v, q, s->col + e, src + e);
        for (GrB_Index p = e; p < e + n; p++) {
            s->row[p] = i;
            memcpy((char *)s->x + p * size, (const char *)v->x + src[p] * size, size);
        }
    }
done:
    GG_free(offset);
    GG_free(src);
    return info;
}

/* S' for a scalar: every position of I x J, or, under a mask that is not complemented and has
 * fewer entries, only the positions the mask allows (the others cannot change C). */
static GrB_Info source_from_scalar(GG_coo *s, const GG_targets *t, const void *scalar,
                                   size_t size, const GG_cpu_mask *mk)
{
    GrB_Index nr = t->rows.n, nc = t->cols.n, total;
    bool product = __builtin_mul_overflow(nr, nc, &total) == 0;
    if (mk->m != NULL && !mk->comp && (!product || mk->m->n < total)) {
        GrB_Info info = GG_cpu_coo_alloc(s, mk->m->n, size);
        if (info != GrB_SUCCESS) return info;
        GrB_Index n = 0, first;
        for (GrB_Index p = 0; p < mk->m->n; p++) {
            GrB_Index i = mk->m->row[p], j = mk->m->col[p];
            if (!GG_cpu_mask_entry(mk, p) || GG_cpu_ilist_find(t->rows.L, i, &first) == 0 ||
                GG_cpu_ilist_find(t->cols.L, j, &first) == 0)
                continue;
            s->row[n] = i, s->col[n] = j;
            memcpy((char *)s->x + n * size, scalar, size);
            n++;
        }
        s->n = n;
        return GrB_SUCCESS;
    }
    if (!product) return GrB_OUT_OF_MEMORY;
    GrB_Info info = GG_cpu_coo_alloc(s, total, size);
    if (info != GrB_SUCCESS) return info;
    int nth = GG_cpu_nthreads(total);
#pragma omp parallel for num_threads(nth) schedule(static)
    for (GrB_Index u = 0; u < nr; u++) {
        GrB_Index i = distinct_val(&t->rows, u);
        for (GrB_Index w = 0; w < nc; w++) {
            GrB_Index e = u * nc + w;
            s->row[e] = i;
            s->col[e] = distinct_val(&t->cols, w);
            memcpy((char *)s->x + e * size, scalar, size);
        }
    }
    return GrB_SUCCESS;
}

/* S' for the source of the call (a container, a scalar, or nothing); *stype gets its type. */
static GrB_Info source_build(GG_coo *s, GrB_Type *stype, const GG_cpu_ilist *LI,
                             const GG_cpu_ilist *LJ, GG_container *A, bool tran,
                             const void *scalar, const GG_cpu_mask *mk)
{
    if (A == NULL && scalar == NULL) return GG_cpu_coo_alloc(s, 0, (*stype)->size);
    GG_targets t;
    GrB_Info info = targets_init(&t, LI, LJ);
    if (info != GrB_SUCCESS) return info;
    if (A != NULL) {
        *stype = A->type;
        info = source_from_matrix(s, &t, A, tran);
    } else {
        info = source_from_scalar(s, &t, scalar, (*stype)->size, mk);
    }
    targets_free(&t);
    return info;
}

/* ---- a vector's source in its form ------------------------------------------------------------ */

GrB_Info GG_cpu_vassign_source(GG_vdata *T, bool *owned, const GG_vdata *S, const void *scalar,
                               size_t size, const GG_cpu_ilist *L, uint64_t n)
{
    *owned = true;
    if (S == NULL && scalar == NULL) {
        GG_vdata_init(T, n, size);
        return GrB_SUCCESS;
    }
    if (L->identity && S != NULL) {
        *T = *S;
        *owned = false;
        return GrB_SUCCESS;
    }
    if (L->identity) {
        /* the scalar everywhere: one value */
        GrB_Info info = GG_vdata_alloc(T, n, size, GG_VF_FULL, n, true);
        if (info == GrB_SUCCESS) memcpy(T->x, scalar, size);
        return info;
    }
    if (S != NULL && S->form != GG_VF_SPARSE && L->n >= n / GG_VFORM_SPARSE_DIV) {
        /* a scatter in list order, so the last occurrence of an index is the one that stays */
        GrB_Info info = GG_vdata_alloc(T, n, size, GG_VF_BITMAP, 0, S->iso);
        if (info != GrB_SUCCESS) return info;
        if (S->iso) memcpy(T->x, S->x, size);
        for (GrB_Index k = 0; k < L->n; k++) {
            GrB_Index i = L->I[k];
            T->b[i] = S->form == GG_VF_FULL || S->b[k];
            if (T->b[i] && !S->iso) GG_cpu_copy((char *)T->x + i * size, (const char *)S->x + k * size, size);
        }
        for (GrB_Index q = 0; q < L->n; q++)
            if (q + 1 == L->n || L->val[q + 1] != L->val[q]) T->nvals += T->b[L->val[q]];
        return GrB_SUCCESS;
    }
    /* sparse: the distinct indices in order, each from its last occurrence in the list */
    GrB_Info info = GG_vdata_alloc(T, n, size, GG_VF_SPARSE, L->n, S == NULL || S->iso);
    if (info != GrB_SUCCESS) return info;
    if (S == NULL || S->iso) memcpy(T->x, S == NULL ? scalar : S->x, size);
    GG_cpu_vcur cur = GG_cpu_vcur_make(S);
    uint64_t e = 0, q;
    for (GrB_Index r = 0; r < L->n; r++) {
        if (r + 1 < L->n && L->val[r + 1] == L->val[r]) continue;
        if (S != NULL && !GG_cpu_vcur_find(&cur, GG_cpu_ilist_pos(L, r), &q)) continue;
        T->i[e] = L->val[r];
        if (S != NULL && !S->iso) GG_cpu_copy((char *)T->x + e * size, (const char *)S->x + q * size, size);
        e++;
    }
    T->nvals = e;
    GG_cpu_vshrink(T);
    return GrB_SUCCESS;
}

/* ---- the slot ------------------------------------------------------------------------------------- */

/* Tuples of row or column k as a vector (index along the line, 0) become C's tuples, in place;
 * they stay sorted row-major. */
static void line_to_matrix(GG_coo *t, bool row, GrB_Index k)
{
    for (GrB_Index p = 0; p < t->n; p++) {
        if (row) {
            t->col[p] = t->row[p];
            t->row[p] = k;
        } else {
            t->col[p] = k;
        }
    }
}

/* GrB_Row_assign and GrB_Col_assign: the ALL-form steps on the line as a vector: C's line is read
 * without assembling C's pending work, merged with the source, and only its differences are
 * logged, so a call costs the line's entries and the source, not C (the next full read of C
 * assembles the log once). */
static GrB_Info assign_line(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                            const void *scalar, GrB_Type stype, const GrB_Index *I, GrB_Index ni,
                            const GrB_Index *J, GrB_Index nj, bool row, const GG_desc *d)
{
    GG_cpu_mask mk;
    GG_cpu_ilist L = {0}, all = {0};
    GG_coo old = {0}, s = {0}, z = {0};
    GrB_Index line = row ? I[0] : J[0];
    GrB_Info info = GG_container_line(C, !row, line, &old);
    if (info == GrB_SUCCESS) info = GG_cpu_mask_init(&mk, M, d);
    if (info == GrB_SUCCESS)
        info = row ? GG_cpu_ilist_init(&L, J, nj, C->ncols) : GG_cpu_ilist_init(&L, I, ni, C->nrows);
    if (info == GrB_SUCCESS) info = GG_cpu_ilist_init(&all, GrB_ALL, 1, 1);
    if (info == GrB_SUCCESS) info = source_build(&s, &stype, &L, &all, A, false, scalar, &mk);
    if (info == GrB_SUCCESS)
        info = GG_cpu_merge(&z, &old, C->type, &mk, d->replace, accum, &s, stype, &L, &all);
    if (info == GrB_SUCCESS) {
        line_to_matrix(&old, row, line);
        line_to_matrix(&z, row, line);
        info = GG_container_update(C, &old, &z);
    }
    GG_coo_free(&old);
    GG_coo_free(&s);
    GG_coo_free(&z);
    GG_cpu_ilist_free(&L);
    GG_cpu_ilist_free(&all);
    return info;
}

/* C<M, struct> = s over GrB_ALL into an empty C without an accumulator (MIS's first candidates
 * and set: `cand<degree, struct> = true`): the result is s wherever the mask allows and nothing
 * elsewhere (replace changes nothing in an empty C), so it is the mask's pattern, or its
 * complement, as an iso vector: one copy of the mask's indices or flags instead of a write-back
 * over every position. False (nothing done) when the call is not of that kind. */
static bool assign_scalar_to_empty(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                                   const void *scalar, GrB_Type stype, const GG_cpu_ilist *L,
                                   const GG_desc *d, GrB_Info *info)
{
    const GG_vdata *c;
    GG_vdata empty;
    GG_cpu_vmask mk;
    if (scalar == NULL || accum != NULL || M == NULL || !L->identity) return false;
    if ((*info = GG_vec_host(C, &c)) != GrB_SUCCESS || c->nvals > 0) return *info != GrB_SUCCESS;
    if ((*info = GG_cpu_vmask_of(&mk, M, d, &empty)) != GrB_SUCCESS) return true;
    if (!mk.structural) return false;
    const GG_vdata *m = mk.m;
    uint64_t n = C->nrows;
    GG_vform_kind form = mk.comp || m->form == GG_VF_BITMAP ? GG_VF_BITMAP : (GG_vform_kind)m->form;
    uint64_t nvals = mk.comp ? n - m->nvals : m->nvals;
    GG_vdata T;
    *info = GG_vdata_alloc(&T, n, C->type->size, form, nvals, true);
    if (*info != GrB_SUCCESS) return true;
    GG_cpu_cast_value(T.x, C->type, scalar, stype);
    if (form == GG_VF_SPARSE && nvals > 0) memcpy(T.i, m->i, nvals * sizeof(uint64_t));
    if (form == GG_VF_BITMAP) {
        T.nvals = nvals;
        if (!mk.comp) {
            memcpy(T.b, m->b, n);
        } else if (m->form == GG_VF_SPARSE) {
            memset(T.b, 1, n);
            for (uint64_t k = 0; k < m->nvals; k++) T.b[m->i[k]] = 0;
        } else if (m->form == GG_VF_BITMAP) {
            for (uint64_t i = 0; i < n; i++) T.b[i] = !m->b[i];
        }
    }
    GG_vec_adopt(C, &T);
    return true;
}

/* GrB_Vector_assign: the source in its form, then the write-back on forms over the region I. */
static GrB_Info assign_vector(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GG_container *A, const void *scalar, GrB_Type stype,
                              const GrB_Index *I, GrB_Index ni, const GG_desc *d)
{
    const GG_vdata *s = NULL;
    GG_cpu_ilist L;
    GG_vdata T;
    bool owned;
    GrB_Info info;
    if (GG_cpu_vec_masked_out(C, M, d, &info)) return info;
    info = A == NULL ? GrB_SUCCESS : GG_vec_host(A, &s);
    if (info != GrB_SUCCESS) return info;
    info = GG_cpu_ilist_init(&L, I, ni, C->nrows);
    if (info != GrB_SUCCESS) return info;
    if (assign_scalar_to_empty(C, M, accum, A == NULL ? scalar : NULL, stype, &L, d, &info)) {
        GG_cpu_ilist_free(&L);
        return info;
    }
    GrB_Type ttype = A != NULL ? A->type : stype;
    info = GG_cpu_vassign_source(&T, &owned, s, scalar, ttype->size, &L, C->nrows);
    if (info == GrB_SUCCESS)
        info = GG_cpu_vec_writeback(C, M, accum, &T, owned, ttype, d, L.identity ? NULL : &L);
    GG_cpu_ilist_free(&L);
    return info;
}

/* ---- GrB_Matrix_assign on few lines ------------------------------------------------------------ */

typedef struct {
    GrB_Index row, col, pos;
} region_key;

static int region_key_cmp(const void *a, const void *b)
{
    const region_key *x = a, *y = b;
    if (x->row != y->row) return x->row < y->row ? -1 : 1;
    return (x->col > y->col) - (x->col < y->col);
}

/* Sorts out row-major, keys[e] being (row, col, e) of its entry e. */
static GrB_Info sort_row_major(GG_coo *out, region_key *keys, size_t size)
{
    char *xs = GG_malloc(out->n * size);
    if (xs == NULL) return GrB_OUT_OF_MEMORY;
    memcpy(xs, out->x, out->n * size);
    qsort(keys, out->n, sizeof *keys, region_key_cmp);
    for (GrB_Index k = 0; k < out->n; k++) {
        out->row[k] = keys[k].row;
        out->col[k] = keys[k].col;
        memcpy((char *)out->x + k * size, xs + keys[k].pos * size, size);
    }
    GG_free(xs);
    return GrB_SUCCESS;
}

/* C's entries on the distinct lines of L (rows, or columns when by_col), as C's tuples sorted
 * row-major, each line read without assembling C (GG_container_line). */
static GrB_Info region_lines(GG_coo *out, GG_container *C, const GG_cpu_ilist *L, bool by_col)
{
    size_t size = C->type->size;
    GrB_Index nl = 0;
    for (GrB_Index q = 0; q < L->n; q++) nl += q == 0 || L->val[q] != L->val[q - 1];
    GG_coo *lines = GG_calloc(nl + 1, sizeof *lines);
    if (lines == NULL) return GrB_OUT_OF_MEMORY;
    GrB_Info info = GrB_SUCCESS;
    GrB_Index total = 0;
    for (GrB_Index q = 0, u = 0; q < L->n && info == GrB_SUCCESS; q++) {
        if (q > 0 && L->val[q] == L->val[q - 1]) continue;
        info = GG_container_line(C, by_col, L->val[q], &lines[u]);
        if (info == GrB_SUCCESS) line_to_matrix(&lines[u], !by_col, L->val[q]);
        total += lines[u++].n;
    }
    region_key *keys = NULL;
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(out, total, size);
    if (info == GrB_SUCCESS && by_col && total > 0) {
        keys = GG_malloc(total * sizeof *keys);
        if (keys == NULL) {
            GG_coo_free(out);
            info = GrB_OUT_OF_MEMORY;
        }
    }
    if (info == GrB_SUCCESS) {
        GrB_Index e = 0;
        for (GrB_Index u = 0; u < nl; u++)
            for (GrB_Index p = 0; p < lines[u].n; p++, e++) {
                if (keys != NULL) keys[e] = (region_key){lines[u].row[p], lines[u].col[p], e};
                out->row[e] = lines[u].row[p];
                out->col[e] = lines[u].col[p];
                memcpy((char *)out->x + e * size, (const char *)lines[u].x + p * size, size);
            }
        /* rows come in order; the entries of columns are sorted row-major */
        if (keys != NULL && (info = sort_row_major(out, keys, size)) != GrB_SUCCESS)
            GG_coo_free(out);
    }
    GG_free(keys);
    for (GrB_Index u = 0; u < nl; u++) GG_coo_free(&lines[u]);
    GG_free(lines);
    return info;
}

/* Whether C<M>(I, J) = accum(C(I, J), S') with S' of ns entries is cheaper on the lines of the
 * region than over all of C, and along which side (*by_col). It must change nothing outside the
 * region, so replace with a mask (or a complemented empty one) goes over all of C; and the lines,
 * at C's average line length, with S' must hold well under C's entries. */
static bool region_is_small(GG_container *C, GG_container *M, const GG_desc *d,
                            const GG_cpu_ilist *LI, const GG_cpu_ilist *LJ, GrB_Index ns,
                            bool *by_col)
{
    if (d->replace && (M != NULL || d->mask_comp)) return false;
    if (LI->identity && LJ->identity) return false;
    *by_col = LI->identity || (!LJ->identity && LJ->n < LI->n);
    GrB_Index nvals, lines = *by_col ? LJ->n : LI->n, dim = *by_col ? C->ncols : C->nrows;
    if (GG_container_nvals(C, &nvals) != GrB_SUCCESS) return false;
    double touched = (double)lines * ((double)nvals / (double)dim + 1.0) + (double)ns;
    return 8.0 * touched < (double)nvals;
}

GrB_Info GG_cpu_assign(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                       const void *scalar, GrB_Type stype, const GrB_Index *I, GrB_Index ni,
                       const GrB_Index *J, GrB_Index nj, GG_assign_kind kind, const GG_desc *d)
{
    if (stype == NULL) stype = C->type;
    if (C->h.kind == GG_KIND_VECTOR) return assign_vector(C, M, accum, A, scalar, stype, I, ni, d);
    if (kind != GG_ASSIGN_ALL)
        return assign_line(C, M, accum, A, scalar, stype, I, ni, J, nj, kind == GG_ASSIGN_ROW, d);
    GG_cpu_mask mk;
    GG_cpu_ilist LI = {0}, LJ = {0};
    GG_coo s = {0}, old = {0}, z = {0};
    GrB_Info info = GG_cpu_mask_init(&mk, M, d);
    if (info == GrB_SUCCESS) info = GG_cpu_ilist_init(&LI, I, ni, C->nrows);
    if (info == GrB_SUCCESS) info = GG_cpu_ilist_init(&LJ, J, nj, C->ncols);
    if (info == GrB_SUCCESS) info = source_build(&s, &stype, &LI, &LJ, A, d->tran0, scalar, &mk);
    bool by_col;
    if (info == GrB_SUCCESS && region_is_small(C, M, d, &LI, &LJ, s.n, &by_col)) {
        /* only the region's lines are read and only their changes logged */
        info = region_lines(&old, C, by_col ? &LJ : &LI, by_col);
        if (info == GrB_SUCCESS)
            info = GG_cpu_merge(&z, &old, C->type, &mk, d->replace, accum, &s, stype, &LI, &LJ);
        if (info == GrB_SUCCESS) info = GG_container_update(C, &old, &z);
        GG_coo_free(&s);
        GG_coo_free(&old);
        GG_coo_free(&z);
    } else if (info == GrB_SUCCESS) {
        /* a region of all of C is no region: then the plain write-back's fast paths apply */
        bool all = LI.identity && LJ.identity;
        info = GG_cpu_writeback_region(C, M, accum, &s, stype, d, all ? NULL : &LI,
                                       all ? NULL : &LJ);
    }
    GG_cpu_ilist_free(&LI);
    GG_cpu_ilist_free(&LJ);
    return info;
}
