/* ewise.c: eWiseAdd (union) and eWiseMult (intersection) of vectors and matrices on the CPU: a
 * merge of the sorted tuples of op0(A) and op1(B) (row-major, so row by row), split into chunks at
 * common keys so the chunks merge in parallel: one pass counts each chunk's result, the second
 * writes it in place. Only stored entries are visited, so huge dimensions cost nothing.
 *
 * Types as SuiteSparse: where both have an entry, T = op((xtype) a, (ytype) b); an entry only in
 * one input (eWiseAdd) is cast straight from its own type to op's result type.
 *
 * Two matrices with no mask or accumulator and C of op's type take the papers' dual traversal of
 * the HiSparse trees instead (GG_hs_ewise), whose result becomes C's tree directly: measured
 * 2.7x (A+A) and 1.15x (A+A') faster than the merge plus the build of C's tree on RMAT-17
 * (Doc/hisparse.md, "Canonical storage").
 *
 * Vectors are combined in their forms (GG_cpu_vewise): two sparse vectors merge into a sparse
 * result; an intersection with a sparse side probes the other side for each of its entries; any
 * other case is one pass over the positions into a bitmap (or full) result. */
#include "GG_cpu_vec.h"
#include "GG_hisparse.h"

/* The operator as the merge sees it; in the fast instances every field is a constant. */
typedef struct {
    GxB_binary_function f;
    size_t xsize, ysize, zsize; /* the operands as cast for op, and op's result */
    size_t asize, bsize;        /* A's and B's own values */
    GrB_BinaryOp positional;    /* a positional operator (f is not called), else NULL */
    bool typed;                 /* a fast instance: both inputs already of op's operand types, so
                                 * values reach f without casts (and f inlines) */
} GG_bop;

/* Fast instances X(..., OP, T, E, K): every type already op's. */
#define GG_BOP_FAST(X, ...)                                                                        \
    X(__VA_ARGS__, PLUS, FP32, float, F)                                                           \
    X(__VA_ARGS__, PLUS, FP64, double, F)                                                          \
    X(__VA_ARGS__, PLUS, INT32, int32_t, S)                                                        \
    X(__VA_ARGS__, PLUS, INT64, int64_t, S)                                                        \
    X(__VA_ARGS__, TIMES, FP64, double, F)                                                         \
    X(__VA_ARGS__, MIN, FP64, double, F)                                                           \
    X(__VA_ARGS__, MIN, INT64, int64_t, S)                                                         \
    X(__VA_ARGS__, MAX, INT64, int64_t, S)                                                         \
    X(__VA_ARGS__, MAX, FP64, double, F)                                                           \
    X(__VA_ARGS__, MINUS, FP64, double, F)                                                         \
    X(__VA_ARGS__, MINUS, INT64, int64_t, S)                                                       \
    X(__VA_ARGS__, LOR, BOOL, bool, B)                                                             \
    X(__VA_ARGS__, LAND, BOOL, bool, B)

/* Fast comparisons X(..., OP, T, E, K): operands of type T, a BOOL result (MIS's prob > nmax). */
#define GG_BOP_CMP(X, ...)                                                                         \
    X(__VA_ARGS__, GT, FP64, double, F)                                                            \
    X(__VA_ARGS__, LT, FP64, double, F)                                                            \
    X(__VA_ARGS__, GE, FP64, double, F)                                                            \
    X(__VA_ARGS__, LE, FP64, double, F)                                                            \
    X(__VA_ARGS__, EQ, FP64, double, F)                                                            \
    X(__VA_ARGS__, NE, FP64, double, F)                                                            \
    X(__VA_ARGS__, GT, INT64, int64_t, S)                                                          \
    X(__VA_ARGS__, LT, INT64, int64_t, S)                                                          \
    X(__VA_ARGS__, GE, INT64, int64_t, S)                                                          \
    X(__VA_ARGS__, LE, INT64, int64_t, S)                                                          \
    X(__VA_ARGS__, EQ, INT64, int64_t, S)                                                          \
    X(__VA_ARGS__, NE, INT64, int64_t, S)
/* Every fast instance: the operators on their own type, then the comparisons. */
#define GG_BOP_ALL(X) GG_BOP_FAST(X, ~) GG_BOP_CMP(X, ~)

#define GG_BOP_ID(unused, OP, T, E, K) GG_BOP_##OP##_##T,
typedef enum { GG_BOP_GENERIC, GG_BOP_ALL(GG_BOP_ID) GG_BOP_COUNT } GG_bop_kind;
#undef GG_BOP_ID

/* A comparison as a function of two values of type E, by the operator objects' rule. */
#define GG_DEFINE_KCMP(unused, OP, T, E, K)                                                        \
    static inline void GG_kcmp_##OP##_##T(void *z, const void *x, const void *y)                   \
    {                                                                                              \
        E a, b;                                                                                    \
        memcpy(&a, x, sizeof(a));                                                                  \
        memcpy(&b, y, sizeof(b));                                                                  \
        bool r = GG_BIN_##OP(K, T, E, a, b);                                                       \
        memcpy(z, &r, sizeof(r));                                                                  \
    }
GG_BOP_CMP(GG_DEFINE_KCMP, ~)
#undef GG_DEFINE_KCMP

#define GG_BOP_CONST(unused, OP, T, E, K)                                                          \
    static const GG_bop GG_bop_##OP##_##T = {GG_kfn_##OP##_##T, sizeof(E), sizeof(E), sizeof(E),   \
                                             sizeof(E),         sizeof(E), NULL,      true};
GG_BOP_FAST(GG_BOP_CONST, ~)
#undef GG_BOP_CONST
#define GG_BOP_CMP_CONST(unused, OP, T, E, K)                                                      \
    static const GG_bop GG_bop_##OP##_##T = {GG_kcmp_##OP##_##T, sizeof(E), sizeof(E),             \
                                             sizeof(bool),       sizeof(E), sizeof(E), NULL, true};
GG_BOP_CMP(GG_BOP_CMP_CONST, ~)
#undef GG_BOP_CMP_CONST

typedef struct {
    const GG_bop *op;
    bool add;
    const GG_coo *A, *B;
    const char *Ax, *Bx; /* values cast to op's operand types */
    GG_cast_fn a2z, b2z;  /* an entry of one input to op's result type (NULL: a copy) */
    GrB_Index *alo, *blo; /* chunk c merges A[alo[c], alo[c+1]) with B[blo[c], blo[c+1]) */
    GrB_Index *start;     /* chunk c writes from T[start[c]] */
    GG_coo *T;
} ewise_ctx;

static inline int key_cmp(const GG_coo *a, GrB_Index p, const GG_coo *b, GrB_Index q)
{
    if (a->row[p] != b->row[q]) return a->row[p] < b->row[q] ? -1 : 1;
    return a->col[p] < b->col[q] ? -1 : a->col[p] > b->col[q];
}

static void ewise_count(void *ctx, int chunk, int tid)
{
    (void)tid;
    ewise_ctx *c = ctx;
    GrB_Index pa = c->alo[chunk], ea = c->alo[chunk + 1], pb = c->blo[chunk],
              eb = c->blo[chunk + 1], n = 0;
    while (pa < ea && pb < eb) {
        int k = key_cmp(c->A, pa, c->B, pb);
        n += c->add || k == 0;
        pa += k <= 0;
        pb += k >= 0;
    }
    if (c->add) n += (ea - pa) + (eb - pb);
    c->start[chunk + 1] = n;
}

/* T[o] = the entry of one input: its position from that input's own values, cast to op's result. */
GG_ALWAYS_INLINE void one_side(const GG_bop *op, GG_coo *T, GrB_Index o, const GG_coo *X,
                               GrB_Index p, size_t xsize, GG_cast_fn cast)
{
    T->row[o] = X->row[p];
    T->col[o] = X->col[p];
    char *z = (char *)T->x + o * op->zsize;
    const char *x = (const char *)X->x + p * xsize;
    if (cast != NULL)
        cast(z, x);
    else
        GG_cpu_copy(z, x, op->zsize);
}

GG_ALWAYS_INLINE void ewise_fill(const GG_bop *op, ewise_ctx *c, int chunk, int tid)
{
    (void)tid;
    const GG_coo *A = c->A, *B = c->B;
    GG_coo *T = c->T;
    GrB_Index pa = c->alo[chunk], ea = c->alo[chunk + 1], pb = c->blo[chunk],
              eb = c->blo[chunk + 1], o = c->start[chunk];
    while (pa < ea && pb < eb) {
        int k = key_cmp(A, pa, B, pb);
        if (k == 0) {
            T->row[o] = A->row[pa];
            T->col[o] = A->col[pa];
            void *z = (char *)T->x + o * op->zsize;
            const char *x = c->Ax + pa * op->xsize, *y = c->Bx + pb * op->ysize;
            if (op->positional != NULL)
                GG_cpu_binop_at(op->positional, z, x, y, T->row[o], T->col[o], T->row[o],
                                T->col[o]);
            else
                op->f(z, x, y);
            o++, pa++, pb++;
        } else if (k < 0) {
            if (c->add) one_side(op, T, o++, A, pa, op->asize, c->a2z);
            pa++;
        } else {
            if (c->add) one_side(op, T, o++, B, pb, op->bsize, c->b2z);
            pb++;
        }
    }
    if (!c->add) return;
    for (; pa < ea; pa++) one_side(op, T, o++, A, pa, op->asize, c->a2z);
    for (; pb < eb; pb++) one_side(op, T, o++, B, pb, op->bsize, c->b2z);
}

#define GG_BOP_INSTANCE(unused, OP, T, E, K)                                                       \
    static void ewise_##OP##_##T(void *ctx, int chunk, int tid)                                    \
    {                                                                                              \
        ewise_fill(&GG_bop_##OP##_##T, ctx, chunk, tid);                                           \
    }
GG_BOP_ALL(GG_BOP_INSTANCE)
#undef GG_BOP_INSTANCE
static void ewise_GENERIC(void *ctx, int chunk, int tid)
{
    ewise_fill(((ewise_ctx *)ctx)->op, ctx, chunk, tid);
}
#define GG_BOP_ENTRY(unused, OP, T, E, K) ewise_##OP##_##T,
static GG_cpu_chunk_fn *const ewise_table[GG_BOP_COUNT] = {ewise_GENERIC,
                                                           GG_BOP_ALL(GG_BOP_ENTRY)};
#undef GG_BOP_ENTRY

static GG_bop_kind bop_kind(GrB_BinaryOp op, GrB_Type atype, GrB_Type btype)
{
#define GG_BOP_MATCH(unused, OP, T, E, K)                                                          \
    if (op->opcode == GG_OP_##OP && op->ztype == GrB_##T && op->xtype == GrB_##T &&               \
        op->ytype == GrB_##T && atype == GrB_##T && btype == GrB_##T)                              \
        return GG_BOP_##OP##_##T;
    GG_BOP_FAST(GG_BOP_MATCH, ~)
#undef GG_BOP_MATCH
#define GG_BOP_CMP_MATCH(unused, OP, T, E, K)                                                      \
    if (op->opcode == GG_OP_##OP && op->ztype == GrB_BOOL && op->xtype == GrB_##T &&              \
        op->ytype == GrB_##T && atype == GrB_##T && btype == GrB_##T)                              \
        return GG_BOP_##OP##_##T;
    GG_BOP_CMP(GG_BOP_CMP_MATCH, ~)
#undef GG_BOP_CMP_MATCH
    return GG_BOP_GENERIC;
}

/* A cast from t to op's result type, NULL when it is a plain copy. */
static GG_cast_fn to_result(GrB_BinaryOp op, GrB_Type t)
{
    return t->code == op->ztype->code ? NULL : GG_cast_get(op->ztype->code, t->code);
}

/* ---- vectors in their forms ---------------------------------------------------------------------- */

enum { VEW_MERGE, VEW_PROBE, VEW_DENSE };

typedef struct {
    const GG_bop *op;
    bool add;
    int mode;
    bool iso;                 /* T is iso (an intersection of two iso inputs): its value is set */
    const GG_vdata *A, *B;
    const GG_vdata *D, *O;    /* VEW_PROBE: the sparse driver and the side probed */
    GG_cpu_cast a2x, b2y;     /* A's and B's values to op's operand types */
    GG_cast_fn a2z, b2z;      /* an entry of one input to op's result type (NULL: a copy) */
    size_t as, bs;            /* strides of A's and B's values */
    GG_vdata *T;
    uint64_t *alo, *blo;      /* chunk c: A[alo[c], alo[c+1]) and B[blo..] (merge), the driver's
                               * [alo..) (probe), or positions [alo..) (dense) */
    uint64_t *start;          /* chunk c's first entry of T (sparse), or its count (dense) */
} vew_ctx;

/* z = op(a, b) for both entries at index i, cast to op's operand types as needed. */
GG_ALWAYS_INLINE void vew_both(const GG_bop *op, const vew_ctx *c, void *z, const char *ax,
                               const char *bx, uint64_t i)
{
    if (op->typed) {
        op->f(z, ax, bx);
        return;
    }
    GG_SCRATCH_ALIGN unsigned char buf[2][16];
    const void *x = GG_cpu_cast_in(&c->a2x, buf[0], ax), *y = GG_cpu_cast_in(&c->b2y, buf[1], bx);
    if (op->positional != NULL)
        GG_cpu_binop_at(op->positional, z, x, y, i, 0, i, 0);
    else
        op->f(z, x, y);
}

/* z = the entry of one input cast to op's result type. */
GG_ALWAYS_INLINE void vew_one(const GG_bop *op, void *z, const char *x, GG_cast_fn cast)
{
    if (cast != NULL)
        cast(z, x);
    else
        GG_cpu_copy(z, x, op->zsize);
}

/* The merge of two sparse inputs over chunk k: counts T's entries, or writes them (write). */
GG_ALWAYS_INLINE uint64_t vew_merge(const GG_bop *op, const vew_ctx *c, int k, bool write)
{
    const GG_vdata *A = c->A, *B = c->B;
    GG_vdata *T = c->T;
    uint64_t pa = c->alo[k], ea = c->alo[k + 1], pb = c->blo[k], eb = c->blo[k + 1];
    uint64_t o = write ? c->start[k] : 0, n = 0;
    const char *ax = A->x, *bx = B->x;
    char *tx = write ? T->x : NULL;
    while (pa < ea || pb < eb) {
        uint64_t ia = pa < ea ? A->i[pa] : UINT64_MAX, ib = pb < eb ? B->i[pb] : UINT64_MAX;
        if (ia == ib) {
            if (write) {
                T->i[o] = ia;
                if (!c->iso) vew_both(op, c, tx + o * op->zsize, ax + pa * c->as, bx + pb * c->bs, ia);
                o++;
            }
            n++, pa++, pb++;
        } else if (ia < ib) {
            if (c->add && write) {
                T->i[o] = ia;
                vew_one(op, tx + o++ * op->zsize, ax + pa * c->as, c->a2z);
            }
            n += c->add, pa++;
        } else {
            if (c->add && write) {
                T->i[o] = ib;
                vew_one(op, tx + o++ * op->zsize, bx + pb * c->bs, c->b2z);
            }
            n += c->add, pb++;
        }
    }
    return n;
}

/* An intersection driven by the sparse side's entries of chunk k, each looked up in the other. */
GG_ALWAYS_INLINE uint64_t vew_probe(const GG_bop *op, const vew_ctx *c, int k, bool write)
{
    const GG_vdata *D = c->D;
    GG_cpu_vcur oc = GG_cpu_vcur_make(c->O);
    GG_vdata *T = c->T;
    bool d_is_a = D == c->A;
    size_t ds = d_is_a ? c->as : c->bs, os = d_is_a ? c->bs : c->as;
    const char *dx = D->x, *ox = c->O->x;
    uint64_t o = write ? c->start[k] : 0, n = 0;
    for (uint64_t p = c->alo[k]; p < c->alo[k + 1]; p++) {
        uint64_t i = D->i[p], q;
        if (!GG_cpu_vcur_find(&oc, i, &q)) continue;
        n++;
        if (!write) continue;
        T->i[o] = i;
        if (!c->iso) {
            char *z = (char *)T->x + o * op->zsize;
            if (d_is_a)
                vew_both(op, c, z, dx + p * ds, ox + q * os, i);
            else
                vew_both(op, c, z, ox + q * os, dx + p * ds, i);
        }
        o++;
    }
    return n;
}

/* Positions [alo[k], alo[k+1]) into a bitmap or full T; the chunk's count goes to start[k + 1]. */
GG_ALWAYS_INLINE void vew_dense(const GG_bop *op, const vew_ctx *c, int k)
{
    const GG_vdata *A = c->A, *B = c->B;
    GG_vdata *T = c->T;
    GG_cpu_vcur ac = GG_cpu_vcur_make(A), bc = GG_cpu_vcur_make(B);
    const char *ax = A->x, *bx = B->x;
    char *tx = T->x;
    uint64_t n = 0;
    if (A->form == GG_VF_FULL && B->form == GG_VF_FULL && !c->iso) {
        /* every position has both entries; a typed operator on three arrays runs as a vector
         * loop (each position read before it is written, so T may be A's or B's own array) */
        uint64_t lo = c->alo[k], hi = c->alo[k + 1];
        if (op->typed && c->as == op->xsize && c->bs == op->ysize) {
            const size_t xs = op->xsize, ys = op->ysize, zs = op->zsize;
#pragma omp simd
            for (uint64_t i = lo; i < hi; i++) op->f(tx + i * zs, ax + i * xs, bx + i * ys);
        } else {
            for (uint64_t i = lo; i < hi; i++)
                vew_both(op, c, tx + i * op->zsize, ax + i * c->as, bx + i * c->bs, i);
        }
        c->start[k + 1] = hi - lo;
        return;
    }
    for (uint64_t i = c->alo[k]; i < c->alo[k + 1]; i++) {
        uint64_t qa, qb;
        bool ha = GG_cpu_vcur_find(&ac, i, &qa), hb = GG_cpu_vcur_find(&bc, i, &qb);
        bool has = c->add ? ha || hb : ha && hb;
        if (T->b != NULL) T->b[i] = has;
        if (!has) continue;
        n++;
        if (c->iso) continue;
        char *z = tx + i * op->zsize;
        if (ha && hb)
            vew_both(op, c, z, ax + qa * c->as, bx + qb * c->bs, i);
        else if (ha)
            vew_one(op, z, ax + qa * c->as, c->a2z);
        else
            vew_one(op, z, bx + qb * c->bs, c->b2z);
    }
    c->start[k + 1] = n;
}

GG_ALWAYS_INLINE void vew_fill(const GG_bop *op, void *ctx, int k)
{
    vew_ctx *c = ctx;
    switch (c->mode) {
    case VEW_MERGE: vew_merge(op, c, k, true); break;
    case VEW_PROBE: vew_probe(op, c, k, true); break;
    default: vew_dense(op, c, k); break;
    }
}

static void vew_count(void *ctx, int k, int tid)
{
    (void)tid;
    vew_ctx *c = ctx;
    c->start[k + 1] = c->mode == VEW_MERGE ? vew_merge(c->op, c, k, false) : vew_probe(c->op, c, k, false);
}

#define GG_BOP_VINSTANCE(unused, OP, T, E, K)                                                      \
    static void vew_##OP##_##T(void *ctx, int chunk, int tid)                                      \
    {                                                                                              \
        (void)tid;                                                                                 \
        vew_fill(&GG_bop_##OP##_##T, ctx, chunk);                                                  \
    }
GG_BOP_ALL(GG_BOP_VINSTANCE)
#undef GG_BOP_VINSTANCE
static void vew_GENERIC(void *ctx, int chunk, int tid)
{
    (void)tid;
    vew_fill(((vew_ctx *)ctx)->op, ctx, chunk);
}
#define GG_BOP_ENTRY(unused, OP, T, E, K) vew_##OP##_##T,
static GG_cpu_chunk_fn *const vew_table[GG_BOP_COUNT] = {vew_GENERIC, GG_BOP_ALL(GG_BOP_ENTRY)};
#undef GG_BOP_ENTRY

bool GG_cpu_vewise_full_typed(GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype, const GG_vdata *B,
                              GrB_Type btype)
{
    return A->form == GG_VF_FULL && B->form == GG_VF_FULL && !(A->iso && B->iso) &&
           bop_kind(op, atype, btype) != GG_BOP_GENERIC;
}

/* GG_cpu_vewise; `into`: T already holds n FULL values of op's result type to overwrite (the
 * case GG_cpu_vewise_full_typed allows), which may be A's or B's own. */
static GrB_Info vewise(GG_vdata *T, bool into, GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype,
                       const GG_vdata *B, GrB_Type btype, bool add)
{
    bool sa = A->form == GG_VF_SPARSE, sb = B->form == GG_VF_SPARSE;
    GG_bop gop = {
        .f = op->f, .xsize = op->xtype->size, .ysize = op->ytype->size,
        .zsize = op->ztype->size, .asize = atype->size, .bsize = btype->size,
        .positional = GG_opcode_positional(op->opcode) ? op : NULL,
    };
    vew_ctx c = {.op = &gop, .add = add, .A = A, .B = B,
                 .a2x = GG_cpu_cast_make(op->xtype, atype), .b2y = GG_cpu_cast_make(op->ytype, btype),
                 .a2z = to_result(op, atype), .b2z = to_result(op, btype),
                 .as = GG_vstride(A), .bs = GG_vstride(B), .T = T};
    c.iso = !add && A->iso && B->iso && gop.positional == NULL;
    c.mode = sa && sb ? VEW_MERGE : !add && (sa || sb) ? VEW_PROBE : VEW_DENSE;
    if (c.mode == VEW_PROBE) {
        /* the sparse side drives; of two sparse sides (never here) the shorter would */
        c.D = sa ? A : B;
        c.O = sa ? B : A;
    }
    uint64_t len = c.mode == VEW_MERGE ? A->nvals + B->nvals : c.mode == VEW_PROBE ? c.D->nvals : A->n;
    int nth = GG_cpu_nthreads(len);
    int nchunks = GG_cpu_nchunks(nth, len);
    c.alo = GG_malloc(((size_t)nchunks + 1) * sizeof(uint64_t));
    c.blo = GG_malloc(((size_t)nchunks + 1) * sizeof(uint64_t));
    c.start = GG_calloc((size_t)nchunks + 1, sizeof(uint64_t));
    GrB_Info info = GrB_OUT_OF_MEMORY;
    if (c.alo == NULL || c.blo == NULL || c.start == NULL) goto done;
    for (int k = 0; k <= nchunks; k++) {
        if (c.mode != VEW_MERGE) {
            c.alo[k] = (c.mode == VEW_PROBE ? c.D->nvals : A->n) * (uint64_t)k / (uint64_t)nchunks;
            continue;
        }
        /* both inputs cut at the same keys, taken evenly from the longer one */
        const GG_vdata *big = A->nvals >= B->nvals ? A : B;
        if (k == 0 || k == nchunks) {
            c.alo[k] = k == 0 ? 0 : A->nvals;
            c.blo[k] = k == 0 ? 0 : B->nvals;
            continue;
        }
        uint64_t key = big->i[big->nvals * (uint64_t)k / (uint64_t)nchunks];
        c.alo[k] = GG_cpu_vseek(A->i, 0, A->nvals, key);
        c.blo[k] = GG_cpu_vseek(B->i, 0, B->nvals, key);
    }
    GG_cpu_chunk_fn *fill = vew_table[bop_kind(op, atype, btype)];
    if (c.mode == VEW_DENSE) {
        bool full = add ? A->form == GG_VF_FULL || B->form == GG_VF_FULL
                        : A->form == GG_VF_FULL && B->form == GG_VF_FULL;
        info = into ? GrB_SUCCESS
                    : GG_vdata_alloc(T, A->n, gop.zsize, full ? GG_VF_FULL : GG_VF_BITMAP,
                                     full ? A->n : 0, c.iso);
        if (info != GrB_SUCCESS) goto done;
        GG_cpu_parallel(nth, nchunks, fill, &c);
        if (!full)
            for (int k = 0; k < nchunks; k++) T->nvals += c.start[k + 1];
    } else {
        GG_cpu_parallel(nth, nchunks, vew_count, &c);
        for (int k = 0; k < nchunks; k++) c.start[k + 1] += c.start[k];
        info = GG_vdata_alloc(T, A->n, gop.zsize, GG_VF_SPARSE, c.start[nchunks], c.iso);
        if (info != GrB_SUCCESS) goto done;
        GG_cpu_parallel(nth, nchunks, fill, &c);
    }
    if (c.iso && T->nvals > 0) vew_both(&gop, &c, T->x, A->x, B->x, 0);
done:
    GG_free(c.alo);
    GG_free(c.blo);
    GG_free(c.start);
    return info;
}

GrB_Info GG_cpu_vewise(GG_vdata *T, GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype,
                       const GG_vdata *B, GrB_Type btype, bool add)
{
    return vewise(T, false, op, A, atype, B, btype, add);
}

GrB_Info GG_cpu_vewise_into(GG_vdata *W, GrB_BinaryOp op, const GG_vdata *A, GrB_Type atype,
                            const GG_vdata *B, GrB_Type btype)
{
    return vewise(W, true, op, A, atype, B, btype, false);
}

/* C = op0(A) op op1(B) on the trees; the descriptor's transposes are flags on local copies. */
static GrB_Info ewise_trees(GG_container *C, GrB_BinaryOp op, GG_container *A, GG_container *B,
                            const GG_desc *d, bool add)
{
    const GG_hs_matrix *ha, *hb;
    GrB_Info info = GG_view_hs(A, &ha);
    if (info == GrB_SUCCESS) info = GG_view_hs(B, &hb);
    if (info != GrB_SUCCESS) return info;
    GG_hs_matrix a = *ha, b = *hb, t;
    if (d->tran0) GG_hs_transpose(&a);
    if (d->tran1) GG_hs_transpose(&b);
    info = GG_hs_ewise(&t, &a, &b, op, !add);
    if (info == GrB_SUCCESS) GG_container_adopt_hs(C, &t);
    return info;
}

/* ---- matrices by lookups: T driven by a much smaller set of positions ------------------------ */

/* A lookup walks a tree's height (a bisection in each COO node) where a merge step is a comparison
 * and a copy: the driver must be this many times smaller than what the merge reads. A guess, not
 * measured; BC's drivers are hundreds of times smaller. */
#define GG_LOOKUP_RATIO 8

/* An operand read by position: its tree, as logical op(X) (the descriptor's transpose a flag on a
 * copy of the tree's state). A tree owed by a write-back is built for it: a descent of the tree
 * beats a bisection of the tuples several times over on BC's 4 x 160,000 operands (measured on
 * grid:400, Doc/performance.md), and the tree stays for the calls after. */
static GrB_Info lookup_open(GG_hs_matrix *t, GG_container *X, bool tran)
{
    const GG_hs_matrix *h;
    GrB_Info info = GG_view_hs(X, &h);
    if (info != GrB_SUCCESS) return info;
    *t = *h;
    if (tran) GG_hs_transpose(t);
    return GrB_SUCCESS;
}

/* op(X)(i, j) cast to t into v: 1 present, 0 absent, -1 out of memory. */
static inline int lookup(const GG_hs_matrix *X, GrB_Index i, GrB_Index j, void *v, GrB_Type t)
{
    GrB_Info info = GG_hs_get(X, i, j, v, t);
    return info == GrB_SUCCESS ? 1 : info == GrB_NO_VALUE ? 0 : -1;
}

/* T at the positions of the driver D's tuples, in D's (row-major) order: D is the mask (its true
 * entries), op0(A) or op1(B) (whose values are then op's x or y); the other operands are looked
 * up. Chunk k writes T from the place of its first driver tuple and counts what it wrote; the
 * chunks are compacted afterwards. */
typedef struct {
    GrB_BinaryOp op;
    bool add;
    const GG_coo *D;
    const GG_cpu_mask *mk; /* D is the mask */
    int side;              /* D is op0(A) (0), op1(B) (1), the mask (2) */
    GG_cpu_cast d2op;      /* D's values (side 0 or 1) to op's input type */
    size_t dsize;
    GG_hs_matrix a, b;     /* the sides looked up, as op0(A) and op1(B) */
    size_t slot;           /* scratch bytes per operand, a multiple of 16 */
    char *scratch;         /* per thread: x, y */
    GrB_Index *lo, *count;
    GG_coo *T;
    _Atomic int failed;
} lookup_ctx;

static void lookup_chunk(void *ctx, int k, int tid)
{
    lookup_ctx *c = ctx;
    GrB_BinaryOp op = c->op;
    const GG_coo *D = c->D;
    GG_coo *T = c->T;
    char *x = c->scratch + (size_t)tid * 2 * c->slot, *y = x + c->slot;
    size_t zsize = op->ztype->size;
    GrB_Index o = c->lo[k];
    for (GrB_Index p = c->lo[k]; p < c->lo[k + 1]; p++) {
        if (c->side == 2 && !GG_cpu_mask_entry(c->mk, p)) continue;
        GrB_Index i = D->row[p], j = D->col[p];
        const void *dv = (const char *)D->x + p * c->dsize, *xv = x, *yv = y;
        int ha = 1, hb = 1;
        if (c->side == 0)
            xv = GG_cpu_cast_in(&c->d2op, x, dv);
        else
            ha = lookup(&c->a, i, j, x, op->xtype);
        if (c->side == 1)
            yv = GG_cpu_cast_in(&c->d2op, y, dv);
        else if (ha == 1 || (ha == 0 && c->add))
            hb = lookup(&c->b, i, j, y, op->ytype);
        else
            hb = 0;
        if (ha < 0 || hb < 0) {
            c->failed = 1;
            break;
        }
        char *z = (char *)T->x + o * zsize;
        if (ha && hb) {
            GG_cpu_binop_at(op, z, xv, yv, i, j, i, j);
        } else if (!c->add || !(ha || hb)) {
            continue;
        } else if (lookup(ha ? &c->a : &c->b, i, j, z, op->ztype) < 0) {
            /* eWiseAdd: an entry of one side only, cast from its own type to op's result */
            c->failed = 1;
            break;
        }
        T->row[o] = i;
        T->col[o] = j;
        o++;
    }
    c->count[k] = o - c->lo[k];
}

/* Matrix C<M> = accum(C, op0(A) op op1(B)) with T computed only where a much smaller set drives
 * it: the entries of a mask that is not complemented (BC's w<level, struct> = bcu ./ paths),
 * or, for an intersection, the smaller input's entries (bcu += w .* paths). T then goes through
 * the write-back, which gives the mask, accumulator and replace their exact meaning (a T cut
 * down to the mask's allowed positions writes what the full T writes). *took false, nothing
 * done, when the driver is not small enough. */
static GrB_Info ewise_lookups(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d,
                              bool add, bool *took)
{
    *took = false;
    GrB_Index na, nb, nm = 0;
    GrB_Info info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info == GrB_SUCCESS && M != NULL) info = GG_container_nvals(M, &nm);
    if (info != GrB_SUCCESS) return info;
    lookup_ctx c = {.op = op, .add = add};
    /* a complemented mask allows what it lacks: its entries cannot drive */
    if (M != NULL && !d->mask_comp && nm <= (na + nb) / GG_LOOKUP_RATIO)
        c.side = 2;
    else if (!add && na <= nb / GG_LOOKUP_RATIO)
        c.side = 0;
    else if (!add && nb <= na / GG_LOOKUP_RATIO)
        c.side = 1;
    else
        return GrB_SUCCESS;
    *took = true;

    GG_cpu_mask mk;
    GG_coo dcoo = {0}, T = {0};
    bool own_d = false;
    if (c.side == 2) {
        info = GG_cpu_mask_init(&mk, M, d);
        c.D = mk.m;
        c.mk = &mk;
    } else {
        GG_container *X = c.side == 0 ? A : B;
        info = GG_cpu_coo_of(X, c.side == 0 ? d->tran0 : d->tran1, &dcoo, &own_d);
        c.D = &dcoo;
        c.dsize = X->type->size;
        c.d2op = GG_cpu_cast_make(c.side == 0 ? op->xtype : op->ytype, X->type);
    }
    if (info == GrB_SUCCESS && c.side != 0) info = lookup_open(&c.a, A, d->tran0);
    if (info == GrB_SUCCESS && c.side != 1) info = lookup_open(&c.b, B, d->tran1);
    if (info != GrB_SUCCESS) goto done;

    GrB_Index n = c.D->n;
    int nth = GG_cpu_nthreads(GG_LOOKUP_RATIO * n);
    int nchunks = GG_cpu_nchunks(nth, n);
    size_t big = op->xtype->size > op->ytype->size ? op->xtype->size : op->ytype->size;
    c.slot = (big + 15) & ~(size_t)15;
    c.scratch = GG_malloc((size_t)nth * 2 * c.slot);
    c.lo = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.count = GG_malloc((size_t)nchunks * sizeof(GrB_Index));
    info = GrB_OUT_OF_MEMORY;
    if (c.scratch == NULL || c.lo == NULL || c.count == NULL) goto done;
    info = GG_cpu_coo_alloc(&T, n, op->ztype->size);
    if (info != GrB_SUCCESS) goto done;
    c.T = &T;
    for (int k = 0; k <= nchunks; k++) c.lo[k] = n * (GrB_Index)k / (GrB_Index)nchunks;
    GG_cpu_parallel(nth, nchunks, lookup_chunk, &c);
    info = c.failed ? GrB_OUT_OF_MEMORY : GrB_SUCCESS;
    if (info != GrB_SUCCESS) goto done;
    /* compact the chunks' runs (each starts at or after where it lands) */
    size_t zsize = op->ztype->size;
    GrB_Index at = c.count[0];
    for (int k = 1; k < nchunks; k++) {
        GrB_Index from = c.lo[k], m = c.count[k];
        memmove(T.row + at, T.row + from, m * sizeof(GrB_Index));
        memmove(T.col + at, T.col + from, m * sizeof(GrB_Index));
        memmove((char *)T.x + at * zsize, (char *)T.x + from * zsize, m * zsize);
        at += m;
    }
    T.n = at;
done:
    GG_free(c.scratch);
    GG_free(c.lo);
    GG_free(c.count);
    if (own_d) GG_coo_free(&dcoo);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&T);
        return info;
    }
    return GG_cpu_writeback(C, M, accum, &T, op->ztype, d);
}

/* eWiseAdd C = C op S (or S op C) with C one of the inputs (untransposed), no mask or
 * accumulator, op's result of C's type, and S much smaller than C (BC's paths = paths +
 * frontier): the entries only C has are C's own (cast to op's result, which is C's type: the
 * same value), so only S's positions change. Each is looked up in C (through C's log of pending
 * updates, no assembly) and C's changes go to that log (GG_container_update), so the call costs
 * O(|S|) instead of a pass over C, and a loop of such unions builds nothing until a full read of C
 * assembles the log. *took false, nothing done, when the case does not apply. */
static GrB_Info ewise_union_into(GG_container *C, GrB_BinaryOp op, GG_container *A,
                                 GG_container *B, const GG_desc *d, bool *took)
{
    *took = false;
    bool c_first = C == A && !d->tran0;
    if (!c_first && !(C == B && !d->tran1)) return GrB_SUCCESS;
    GG_container *S = c_first ? B : A;
    GG_cpu_cast same = GG_cpu_cast_make(op->ztype, C->type);
    if (S == C || !same.same || GG_opcode_positional(op->opcode)) return GrB_SUCCESS;
    GrB_Index nc, ns;
    GrB_Info info = GG_container_nvals(C, &nc);
    if (info == GrB_SUCCESS) info = GG_container_nvals(S, &ns);
    if (info != GrB_SUCCESS || ns > nc / GG_LOOKUP_RATIO) return info;
    *took = true;

    GG_coo s = {0}, old = {0}, z = {0};
    bool own_s = false, *found = NULL;
    size_t csize = C->type->size;
    GG_cpu_cast c2op = GG_cpu_cast_make(c_first ? op->xtype : op->ytype, C->type);
    GG_cpu_cast s2op = GG_cpu_cast_make(c_first ? op->ytype : op->xtype, S->type);
    GG_cpu_cast s2z = GG_cpu_cast_make(op->ztype, S->type);
    /* C's value, then op's two inputs, each slot 16-byte aligned for the operator's loads */
    size_t slot = (csize > op->xtype->size ? csize : op->xtype->size);
    slot = ((slot > op->ytype->size ? slot : op->ytype->size) + 15) & ~(size_t)15;
    char *scratch = GG_malloc(3 * slot);
    info = scratch == NULL ? GrB_OUT_OF_MEMORY
                           : GG_cpu_coo_of(S, c_first ? d->tran1 : d->tran0, &s, &own_s);
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(&old, s.n, csize);
    if (info == GrB_SUCCESS) info = GG_cpu_coo_alloc(&z, s.n, csize);
    /* C's values at S's positions, into old's k-th slots; old keeps those found, in order */
    found = info == GrB_SUCCESS ? GG_malloc(s.n + 1) : NULL;
    if (info == GrB_SUCCESS)
        info = found == NULL ? GrB_OUT_OF_MEMORY : GG_container_get_many(C, &s, old.x, C->type, found);
    if (info != GrB_SUCCESS) goto done;
    GrB_Index nold = 0;
    for (GrB_Index k = 0; k < s.n; k++) {
        GrB_Index i = s.row[k], j = s.col[k];
        const void *sv = (const char *)s.x + k * S->type->size;
        void *zv = (char *)z.x + k * csize;
        char *cv = (char *)old.x + nold * csize;
        if (!found[k]) {
            GG_cpu_cast_do(&s2z, zv, sv); /* S's entry alone, cast to op's result */
        } else {
            memmove(cv, (char *)old.x + k * csize, csize);
            const void *x = GG_cpu_cast_in(&c2op, scratch, cv);
            const void *y = GG_cpu_cast_in(&s2op, scratch + slot, sv);
            if (c_first)
                op->f(zv, x, y);
            else
                op->f(zv, y, x);
            old.row[nold] = i;
            old.col[nold++] = j;
        }
        z.row[k] = i;
        z.col[k] = j;
    }
    old.n = nold;
    info = GG_container_update(C, &old, &z);
done:
    GG_free(found);
    GG_free(scratch);
    if (own_s) GG_coo_free(&s);
    GG_coo_free(&old);
    GG_coo_free(&z);
    return info;
}

/* Whether the dual traversal pays over the merge of the tuples: it reads both trees and builds
 * C's (its result goes straight into the skeleton and fill), where the merge reads the tuples and
 * leaves C's tree owed. So only when both trees are built, and neither input is much smaller than
 * the other: a small side (BC's paths + frontier) costs the traversal a rebuild of all of the
 * large side's tree for a few new entries, the merge a pass over its tuples (which an owed tree
 * is made of already). */
static GrB_Info trees_pay(GG_container *A, GG_container *B, bool *pay)
{
    const GG_hs_matrix *ha, *hb;
    *pay = false;
    GrB_Info info = GG_view_hs_built(A, &ha);
    if (info == GrB_SUCCESS) info = GG_view_hs_built(B, &hb);
    if (info != GrB_SUCCESS || ha == NULL || hb == NULL) return info;
    GrB_Index lo = ha->nvals < hb->nvals ? ha->nvals : hb->nvals;
    GrB_Index hi = ha->nvals ^ hb->nvals ^ lo;
    *pay = lo > hi / GG_LOOKUP_RATIO;
    return GrB_SUCCESS;
}

static GrB_Info ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                      GG_container *A, GG_container *B, const GG_desc *d, bool add)
{
    if (C->h.kind == GG_KIND_VECTOR) {
        const GG_vdata *av, *bv;
        GG_vdata T;
        GrB_Info info;
        if (GG_cpu_vec_masked_out(C, M, d, &info)) return info;
        info = GG_vec_host(A, &av);
        if (info == GrB_SUCCESS) info = GG_vec_host(B, &bv);
        GG_vdata *W = NULL;
        if (info == GrB_SUCCESS && GG_cpu_vewise_full_typed(op, av, A->type, bv, B->type))
            info = GG_cpu_vec_overwrite(C, M, accum, op->ztype, d, &W);
        if (info == GrB_SUCCESS && W != NULL) {
            /* both full: union and intersection agree, straight into C's own values */
            info = GG_cpu_vewise_into(W, op, av, A->type, bv, B->type);
            GG_vec_written(C);
            return info;
        }
        if (info == GrB_SUCCESS) info = GG_cpu_vewise(&T, op, av, A->type, bv, B->type, add);
        if (info != GrB_SUCCESS) return info;
        return GG_cpu_vec_writeback(C, M, accum, &T, true, op->ztype, d, NULL);
    }
    bool took = false;
    GrB_Info linfo = GrB_SUCCESS;
    if (add && M == NULL && !d->mask_comp && accum == NULL)
        linfo = ewise_union_into(C, op, A, B, d, &took);
    if (linfo == GrB_SUCCESS && !took) linfo = ewise_lookups(C, M, accum, op, A, B, d, add, &took);
    if (linfo != GrB_SUCCESS || took) return linfo;
    bool trees;
    linfo = trees_pay(A, B, &trees);
    if (linfo != GrB_SUCCESS) return linfo;
    if (trees && M == NULL && !d->mask_comp && accum == NULL && C->type == op->ztype &&
        !GG_opcode_positional(op->opcode))
        return ewise_trees(C, op, A, B, d, add);
    GG_coo a = {0}, b = {0}, T = {0};
    bool own_a = false, own_b = false;
    void *ax_owned = NULL, *bx_owned = NULL;
    const void *ax = NULL, *bx = NULL;
    GG_bop gop = {
        .f = op->f, .xsize = op->xtype->size, .ysize = op->ytype->size,
        .zsize = op->ztype->size, .asize = A->type->size, .bsize = B->type->size,
        .positional = GG_opcode_positional(op->opcode) ? op : NULL,
    };
    ewise_ctx c = {.op = &gop, .add = add, .A = &a, .B = &b, .T = &T,
                   .a2z = to_result(op, A->type), .b2z = to_result(op, B->type)};
    GrB_Info info = GG_cpu_coo_of(A, d->tran0, &a, &own_a);
    if (info == GrB_SUCCESS) info = GG_cpu_coo_of(B, d->tran1, &b, &own_b);
    if (info == GrB_SUCCESS) info = GG_cpu_operand(&ax, &ax_owned, a.x, A->type, a.n, op->xtype);
    if (info == GrB_SUCCESS) info = GG_cpu_operand(&bx, &bx_owned, b.x, B->type, b.n, op->ytype);
    if (info != GrB_SUCCESS) goto done;
    c.Ax = ax;
    c.Bx = bx;

    int nth = GG_cpu_nthreads(a.n + b.n);
    int nchunks = GG_cpu_nchunks(nth, a.n > b.n ? a.n : b.n);
    c.alo = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.blo = GG_malloc(((size_t)nchunks + 1) * sizeof(GrB_Index));
    c.start = GG_calloc((size_t)nchunks + 1, sizeof(GrB_Index));
    info = GrB_OUT_OF_MEMORY;
    if (c.alo == NULL || c.blo == NULL || c.start == NULL) goto done;
    /* split at the keys that cut the larger input evenly; both inputs split at the same keys */
    const GG_coo *big = a.n >= b.n ? &a : &b;
    c.alo[0] = c.blo[0] = 0;
    c.alo[nchunks] = a.n;
    c.blo[nchunks] = b.n;
    for (int k = 1; k < nchunks; k++) {
        GrB_Index p = big->n / (GrB_Index)nchunks * (GrB_Index)k, i = big->row[p], j = big->col[p];
        c.alo[k] = GG_cpu_coo_lower_bound(&a, 0, a.n, i, j);
        c.blo[k] = GG_cpu_coo_lower_bound(&b, 0, b.n, i, j);
    }
    GG_cpu_parallel(nth, nchunks, ewise_count, &c);
    for (int k = 0; k < nchunks; k++) c.start[k + 1] += c.start[k];
    info = GG_cpu_coo_alloc(&T, c.start[nchunks], gop.zsize);
    if (info != GrB_SUCCESS) goto done;
    GG_cpu_parallel(nth, nchunks, ewise_table[bop_kind(op, A->type, B->type)], &c);
done:
    GG_free(c.alo);
    GG_free(c.blo);
    GG_free(c.start);
    GG_free(ax_owned);
    GG_free(bx_owned);
    if (own_a) GG_coo_free(&a);
    if (own_b) GG_coo_free(&b);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_writeback(C, M, accum, &T, op->ztype, d);
}

GrB_Info GG_cpu_ewise_add(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_BinaryOp op,
                          GG_container *A, GG_container *B, const GG_desc *d)
{
    return ewise(C, M, accum, op, A, B, d, true);
}

GrB_Info GG_cpu_ewise_mult(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                           GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d)
{
    return ewise(C, M, accum, op, A, B, d, false);
}
