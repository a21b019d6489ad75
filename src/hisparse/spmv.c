/* spmv.c: y = A x and y = A' x on the tree with a dense x, for any semiring (operators called
 * through their function pointers) and with specialised loops for PLUS_TIMES on FP32 and FP64.
 * A leaf knows its origin, so every entry lands in y without any global index arrays; A and A'
 * cost the same because transposition only swaps which local coordinate indexes y.
 * A row's result is the fold of its terms from the first one (Doc/decisions.md): the identity is
 * not folded in, because MIN/MAX's ±inf is not neutral for NaN. The specialised loops add onto
 * -0.0, which is exactly neutral for IEEE addition (the identity +0.0 turns a lone -0.0 into +0.0),
 * and give empty rows the identity afterwards.
 * A semiring whose product is the vector's value alone (SECOND for A x, FIRST for x' A) with a MIN,
 * MAX or PLUS monoid on a 32- or 64-bit integer type (connected components' MIN_SECOND_INT64) folds
 * x over each row's structure in typed loops: integer identities are exactly neutral, so y starts
 * at the identity and empty rows keep it; A's values are never read or cast.
 * Parallel: y is cut into bands of whole level-g nodes (d^g entries of y, g >= 1), at least four
 * per part, taken by the threads dynamically; a band walks only the subtrees that reach into it
 * (hs_walk_band), so no two threads write one element of y and a band's rows fold their terms in
 * tree order exactly as one thread does. A leaf wider than a band (levels above g) is read by each
 * band it reaches, each keeping its own entries. */
#include "hs_internal.h"

#include "GG_opcode_list.h"

/* Which local coordinate indexes y: 0 the content row (y = A x), 1 the content column (A' x). */
typedef struct {
    const GG_hs_matrix *A;
    int yc;
    bool *ypresent;  /* NULL: y accumulates (GG_hs_mxv_add), no presence kept */
    GrB_Index lo, hi; /* the band of y this walk writes */
    /* generic path */
    GrB_Semiring sr;
    bool vec_first;
    const uint8_t *x;
    uint8_t *y;
    size_t xsize, zsize;
    hs_cast to_mul; /* A's type to the multiply's matrix-side type */
    uint8_t *a, *am, *t, *z; /* scratch: A value, cast, product, sum */
} hs_mv;

static inline void mark(const hs_mv *c, GrB_Index o)
{
    if (c->ypresent != NULL) c->ypresent[o] = true;
}

/* Whether leaf L reaches beyond the band, so that its entries must be tested. */
static inline bool clipped(const hs_mv *c, const hs_leaf *L)
{
    GrB_Index o = c->yc ? L->c0 : L->r0;
    int bits = L->level * L->dbits;
    return o < c->lo || (bits < 64 && c->hi - o < (1ULL << bits));
}

/* ---- PLUS_TIMES on FP32 / FP64 ------------------------------------------------------------------- */

/* The entries of a COO leaf with coordinate type CT, each folded into y on its own: runs sharing a
 * row are often one entry long, and a loop that looked for them would mispredict its exit.
 * UPDATE(yv, k, xv) folds entry k's term, whose vector value is xv, into y's element yv. A leaf
 * reaching beyond the band tests each entry (the test is the same for the whole leaf, so it is
 * always predicted). Shared by PLUS_TIMES and the structural folds. */
#define HS_COO_LOOP(NAME, T, CT, UPDATE, XV)                                                       \
    static void NAME##_##CT(const hs_mv *c, const hs_leaf *L, const T *v, size_t vs, const T *x,  \
                            T *y, GrB_Index yo, GrB_Index xo, T scale)                             \
    {                                                                                              \
        (void)v, (void)vs, (void)scale;                                                            \
        const CT *cc = (const CT *)L->coords;                                                      \
        int yc = c->yc;                                                                            \
        uint64_t n = L->n;                                                                         \
        T *yb = y + yo;                                                                            \
        const T *xb = XV##_OFF(x, xo);                                                             \
        bool clip = clipped(c, L);                                                                 \
        for (uint64_t k = 0; k < n; k++) {                                                         \
            GrB_Index o = cc[2 * k + yc];                                                          \
            if (clip && (yo + o < c->lo || yo + o >= c->hi)) continue;                             \
            UPDATE(yb[o], k, XV(xb, cc[2 * k + 1 - yc]));                                          \
            mark(c, yo + o);                                                                       \
        }                                                                                          \
    }

/* x's value at i: read from x, or 1 for an x of all ones that is never stored (x NULL, the ONEB
 * multiplier of an out-degree count). */
#define HS_X_AT(x, i) ((x)[i])
#define HS_X_ONE(x, i) ((void)(x), (void)(i), 1)
/* x moved to offset o: a NULL x stays NULL (no arithmetic on a null pointer) */
#define HS_X_AT_OFF(x, o) ((x) + (o))
#define HS_X_ONE_OFF(x, o) ((void)(o), (x))

#define HS_SPMV_TERM(yv, k, xv) ((yv) += v[(k) * vs] * scale * (xv))
#define HS_SPMV_COO(NAME, T, CT, XV) HS_COO_LOOP(spmv_coo_##NAME, T, CT, HS_SPMV_TERM, XV)

/* One leaf of y += A x (yc 0) or y += A' x (yc 1) for element type T, x read through XV. An iso
 * leaf reads its one value through a zero stride. */
#define HS_SPMV_LEAF(NAME, T, XV)                                                                  \
    HS_SPMV_COO(NAME, T, uint8_t, XV)                                                              \
    HS_SPMV_COO(NAME, T, uint16_t, XV)                                                             \
    HS_SPMV_COO(NAME, T, uint32_t, XV)                                                             \
    HS_SPMV_COO(NAME, T, uint64_t, XV)                                                             \
    static void spmv_leaf_##NAME(const hs_mv *c, const hs_leaf *L, const T *x, T *y)              \
    {                                                                                              \
        T iso;                                                                                     \
        const T *v = (const T *)L->x;                                                              \
        size_t vs = 1;                                                                             \
        if (v == NULL) {                                                                           \
            memcpy(&iso, GG_hs_iso_value(c->A), sizeof iso);                                       \
            v = &iso;                                                                              \
            vs = 0;                                                                                \
        }                                                                                          \
        T scale = (T)c->A->scale;                                                                  \
        int yc = c->yc;                                                                            \
        GrB_Index yo = yc ? L->c0 : L->r0, xo = yc ? L->r0 : L->c0;                                \
        switch (L->tag) {                                                                          \
        case GG_HS_LEAF_DENSE: {                                                                   \
            uint64_t nc = L->nc, nr = L->n / nc;                                                   \
            for (uint64_t r = 0; r < nr; r++) {                                                    \
                const T *row = v + r * nc * vs;                                                    \
                if (!yc) {                                                                         \
                    T sum = (T)-0.0;                                                                     \
                    for (uint64_t k = 0; k < nc; k++) sum += row[k * vs] * XV(x, xo + k);         \
                    y[yo + r] += sum * scale;                                                      \
                    mark(c, yo + r);                                                               \
                } else {                                                                           \
                    T xr = XV(x, xo + r) * scale;                                                  \
                    for (uint64_t k = 0; k < nc; k++) y[yo + k] += row[k * vs] * xr;             \
                }                                                                                  \
            }                                                                                      \
            if (yc)                                                                                \
                for (uint64_t k = 0; k < nc; k++) mark(c, yo + k);                                 \
            return;                                                                                \
        }                                                                                          \
        case GG_HS_LEAF_BITMAP: {                                                                  \
            /* row by row: the row's bits give its columns, its values are consecutive */          \
            uint64_t d = 1ULL << L->dbits, k = 0;                                                  \
            for (uint64_t r = 0; r < d && k < L->n; r++) {                                         \
                T sum = (T)-0.0;                                                                         \
                for (uint64_t p = r * d; p < r * d + d; p = (p | 63) + 1) {                        \
                    uint64_t word = hs_load64(L->coords + 8 * (p / 64)) >> (p % 64);               \
                    if (d < 64) word &= hs_mask((int)d);                                           \
                    for (; word != 0; word &= word - 1, k++) {                                     \
                        uint64_t col = p % d + (uint64_t)__builtin_ctzll(word);                    \
                        if (!yc) {                                                                 \
                            sum += v[k * vs] * XV(x, xo + col);                                    \
                        } else {                                                                   \
                            y[yo + col] += v[k * vs] * XV(x, xo + r) * scale;                      \
                            mark(c, yo + col);                                                     \
                        }                                                                          \
                    }                                                                              \
                }                                                                                  \
                if (!yc && k > L->rowstart[r]) {                                                   \
                    y[yo + r] += sum * scale;                                                      \
                    mark(c, yo + r);                                                               \
                }                                                                                  \
            }                                                                                      \
            return;                                                                                \
        }                                                                                          \
        default:                                                                                   \
            switch (L->cb) {                                                                       \
            case 1: spmv_coo_##NAME##_uint8_t(c, L, v, vs, x, y, yo, xo, scale); break;           \
            case 2: spmv_coo_##NAME##_uint16_t(c, L, v, vs, x, y, yo, xo, scale); break;          \
            case 4: spmv_coo_##NAME##_uint32_t(c, L, v, vs, x, y, yo, xo, scale); break;          \
            default: spmv_coo_##NAME##_uint64_t(c, L, v, vs, x, y, yo, xo, scale);                \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    static void spmv_walk_##NAME(void *ctx, const hs_leaf *L)                                      \
    {                                                                                              \
        const hs_mv *c = ctx;                                                                      \
        spmv_leaf_##NAME(c, L, (const T *)c->x, (T *)c->y);                                        \
    }

HS_SPMV_LEAF(float, float, HS_X_AT)
HS_SPMV_LEAF(double, double, HS_X_AT)
HS_SPMV_LEAF(ones, double, HS_X_ONE)

/* ---- structural folds: the product is x's value ------------------------------------------------ */

#define HS_FOLD_MIN(a, b) ((b) < (a) ? (b) : (a))
#define HS_FOLD_MAX(a, b) ((b) > (a) ? (b) : (a))
#define HS_FOLD_PLUS(a, b) ((a) + (b))
#define HS_TERM_MIN(yv, k, xv) ((yv) = HS_FOLD_MIN(yv, xv))
#define HS_TERM_MAX(yv, k, xv) ((yv) = HS_FOLD_MAX(yv, xv))
#define HS_TERM_PLUS(yv, k, xv) ((yv) = HS_FOLD_PLUS(yv, xv))

#define HS_FOLD_COO(NAME, T, OP, CT) HS_COO_LOOP(fold_coo_##NAME, T, CT, HS_TERM_##OP, HS_X_AT)

#define HS_FOLD(NAME, T, OP)                                                                       \
    HS_FOLD_COO(NAME, T, OP, uint8_t)                                                              \
    HS_FOLD_COO(NAME, T, OP, uint16_t)                                                             \
    HS_FOLD_COO(NAME, T, OP, uint32_t)                                                             \
    HS_FOLD_COO(NAME, T, OP, uint64_t)                                                             \
    static void fold_walk_##NAME(void *ctx, const hs_leaf *L)                                      \
    {                                                                                              \
        const hs_mv *c = ctx;                                                                      \
        const T *x = (const T *)c->x;                                                              \
        T *y = (T *)c->y;                                                                          \
        GrB_Index yo = c->yc ? L->c0 : L->r0, xo = c->yc ? L->r0 : L->c0;                          \
        switch (L->tag) {                                                                          \
        case GG_HS_LEAF_DENSE:                                                                     \
        case GG_HS_LEAF_BITMAP: { /* level 1: never beyond the band */                             \
            hs_iter it;                                                                            \
            uint64_t li, lj;                                                                       \
            hs_iter_init(&it, L);                                                                  \
            while (hs_iter_next(&it, &li, &lj)) {                                                  \
                GrB_Index oy = yo + (c->yc ? lj : li);                                             \
                y[oy] = HS_FOLD_##OP(y[oy], x[xo + (c->yc ? li : lj)]);                            \
                mark(c, oy);                                                                       \
            }                                                                                      \
            return;                                                                                \
        }                                                                                          \
        default:                                                                                   \
            switch (L->cb) {                                                                       \
            case 1: fold_coo_##NAME##_uint8_t(c, L, NULL, 0, x, y, yo, xo, 0); break;              \
            case 2: fold_coo_##NAME##_uint16_t(c, L, NULL, 0, x, y, yo, xo, 0); break;             \
            case 4: fold_coo_##NAME##_uint32_t(c, L, NULL, 0, x, y, yo, xo, 0); break;             \
            default: fold_coo_##NAME##_uint64_t(c, L, NULL, 0, x, y, yo, xo, 0);                   \
            }                                                                                      \
        }                                                                                          \
    }

#define HS_FOLDS(T, S)                                                                             \
    HS_FOLD(MIN_##S, T, MIN)                                                                       \
    HS_FOLD(MAX_##S, T, MAX)                                                                       \
    HS_FOLD(PLUS_##S, T, PLUS)

HS_FOLDS(int32_t, INT32)
HS_FOLDS(int64_t, INT64)
HS_FOLDS(uint32_t, UINT32)
HS_FOLDS(uint64_t, UINT64)

/* The typed fold of sr, or NULL: a product that is the vector's value (SECOND, or FIRST with the
 * vector first) of the monoid's type, and a MIN, MAX or PLUS monoid on a 32- or 64-bit integer. */
static hs_leaf_fn fold_of(GrB_Semiring sr, bool vec_first)
{
    GrB_BinaryOp mul = sr->mul, add = sr->add->op;
    GrB_Type vtype = vec_first ? mul->xtype : mul->ytype;
    if (mul->opcode != (vec_first ? GG_OP_FIRST : GG_OP_SECOND) || vtype != mul->ztype ||
        add->ztype->code != vtype->code)
        return NULL;
    int op = add->opcode == GG_OP_MIN ? 0 : add->opcode == GG_OP_MAX ? 1 : add->opcode == GG_OP_PLUS ? 2 : -1;
    static hs_leaf_fn const table[4][3] = {
        {fold_walk_MIN_INT32, fold_walk_MAX_INT32, fold_walk_PLUS_INT32},
        {fold_walk_MIN_INT64, fold_walk_MAX_INT64, fold_walk_PLUS_INT64},
        {fold_walk_MIN_UINT32, fold_walk_MAX_UINT32, fold_walk_PLUS_UINT32},
        {fold_walk_MIN_UINT64, fold_walk_MAX_UINT64, fold_walk_PLUS_UINT64},
    };
    int t;
    switch (vtype->code) {
    case GrB_INT32_CODE: t = 0; break;
    case GrB_INT64_CODE: t = 1; break;
    case GrB_UINT32_CODE: t = 2; break;
    case GrB_UINT64_CODE: t = 3; break;
    default: return NULL;
    }
    return op < 0 ? NULL : table[t][op];
}

/* ---- any semiring ----------------------------------------------------------------------------------- */

static void generic_leaf(void *ctx, const hs_leaf *L)
{
    hs_mv *c = ctx;
    GxB_binary_function mul = c->sr->mul->f, add = c->sr->add->op->f;
    size_t asize = c->A->type->size;
    GrB_Index yo = c->yc ? L->c0 : L->r0, xo = c->yc ? L->r0 : L->c0;
    hs_iter it;
    uint64_t li, lj;
    hs_iter_init(&it, L);
    for (uint64_t k = 0; hs_iter_next(&it, &li, &lj); k++) {
        GrB_Index oy = yo + (c->yc ? lj : li), ox = xo + (c->yc ? li : lj);
        if (oy < c->lo || oy >= c->hi) continue;
        hs_read_value(c->A, L->x != NULL ? L->x + k * asize : NULL, c->a);
        hs_cast_apply(&c->to_mul, c->am, c->a);
        const uint8_t *xv = c->x + ox * c->xsize;
        if (c->vec_first)
            mul(c->t, xv, c->am);
        else
            mul(c->t, c->am, xv);
        uint8_t *yv = c->y + oy * c->zsize;
        if (c->ypresent[oy]) {
            add(c->z, yv, c->t);
            memcpy(yv, c->z, c->zsize);
        } else {
            memcpy(yv, c->t, c->zsize); /* the multiplier's type is the monoid's */
            c->ypresent[oy] = true;
        }
    }
}

/* ---- bands ------------------------------------------------------------------------------------ */

/* Which way y is written: fresh (y and ypresent set from scratch) by the PLUS_TIMES loops, the
 * structural folds (y starts at the identity, like the generic loops) or the generic loops, or
 * added onto (the PLUS_TIMES loops, GG_hs_mxv_add). */
typedef enum { MV_TYPED, MV_FOLD, MV_GENERIC, MV_ADD } mv_mode;

typedef struct {
    const hs_mv *proto;
    mv_mode mode;
    hs_leaf_fn fn;
    const void *start; /* MV_ADD: y's one starting value, or NULL to add onto y's own */
    uint8_t *scratch; /* generic: one block of `scratch_size` per thread */
    size_t scratch_size, asz, msz, tsz;
    GrB_Index ny, width; /* y's length and the band width */
} mv_bands;

static void band_run(const mv_bands *B, GrB_Index band)
{
    hs_mv c = *B->proto;
    c.lo = band * B->width;
    c.hi = B->ny - c.lo < B->width ? B->ny : c.lo + B->width;
    GrB_Index lo = c.lo, hi = c.hi;
    if (hi == B->ny) c.hi = UINT64_MAX; /* the last band: leaves past y's end hold nothing there */
    bool f32 = c.A->type->code == GrB_FP32_CODE;
    const GrB_Semiring sr = c.sr;
    if (B->mode != MV_ADD) memset(c.ypresent + lo, 0, (size_t)(hi - lo) * sizeof *c.ypresent);
    if (B->start != NULL && f32) {
        float v = *(const float *)B->start, *y = (float *)c.y;
        for (GrB_Index i = lo; i < hi; i++) y[i] = v;
    } else if (B->start != NULL) {
        double v = *(const double *)B->start, *y = (double *)c.y;
        for (GrB_Index i = lo; i < hi; i++) y[i] = v;
    } else if (B->mode == MV_TYPED) {
        for (GrB_Index i = lo; i < hi; i++) {
            if (f32)
                ((float *)c.y)[i] = -0.0f;
            else
                ((double *)c.y)[i] = -0.0;
        }
    } else if (B->mode == MV_GENERIC || B->mode == MV_FOLD) {
        /* y = identity: one value, then the filled part copied onto the rest, doubling */
        uint8_t *y = c.y + lo * c.zsize;
        GrB_Index n = hi - lo;
        memcpy(y, sr->add->identity, c.zsize);
        for (GrB_Index done = 1; done < n; done *= 2)
            memcpy(y + done * c.zsize, y, (size_t)(done < n - done ? done : n - done) * c.zsize);
    }
    if (B->mode == MV_GENERIC) {
        c.a = B->scratch + (size_t)hs_thread_id() * B->scratch_size;
        c.am = c.a + B->asz;
        c.t = c.am + B->msz;
        c.z = c.t + B->tsz;
    }
    hs_walk_band(c.A, c.yc, lo, c.hi, B->fn, &c);
    if (B->mode == MV_TYPED)
        for (GrB_Index i = lo; i < hi; i++)
            if (!c.ypresent[i]) memcpy(c.y + i * c.zsize, sr->add->identity, c.zsize);
}

/* The PLUS_TIMES walk for A's type; x NULL (FP64 only) stands for an x of all ones. */
static hs_leaf_fn typed_walk(const GG_hs_matrix *A, const void *x)
{
    return x == NULL                        ? spmv_walk_ones
           : A->type->code == GrB_FP32_CODE ? spmv_walk_float
                                            : spmv_walk_double;
}

/* Runs the walk over bands of y (hs_band_width), taken by the threads dynamically. */
static void bands_run(mv_bands *B)
{
    const GG_hs_matrix *A = B->proto->A;
    int np = hs_parts(A->nvals + B->ny);
    B->width = hs_band_width(A, B->ny, np, 4);
    GrB_Index nb = (B->ny + B->width - 1) / B->width;
    HS_OMP("omp parallel for num_threads(hs_threads(np)) schedule(dynamic, 1)")
    for (GrB_Index band = 0; band < nb; band++) band_run(B, band);
}

GrB_Info GG_hs_mxv(void *y, bool *ypresent, const GG_hs_matrix *A, bool tran, GrB_Semiring sr,
                   const void *x, bool vec_first)
{
    bool t = tran != A->transposed;
    GrB_Index ny = t ? A->ncols : A->nrows;
    GrB_BinaryOp mul = sr->mul;
    GrB_Type ztype = sr->add->op->ztype, mtype = vec_first ? mul->ytype : mul->xtype;
    hs_mv c = {.A = A, .yc = t, .ypresent = ypresent, .sr = sr, .vec_first = vec_first, .x = x,
               .y = y, .xsize = (vec_first ? mul->xtype : mul->ytype)->size, .zsize = ztype->size};
    bool fast = (sr == GrB_PLUS_TIMES_SEMIRING_FP32 && A->type->code == GrB_FP32_CODE) ||
                (sr == GrB_PLUS_TIMES_SEMIRING_FP64 && A->type->code == GrB_FP64_CODE);
    hs_leaf_fn fold = fast ? NULL : fold_of(sr, vec_first);
    mv_bands B = {.proto = &c, .mode = fast ? MV_TYPED : fold != NULL ? MV_FOLD : MV_GENERIC,
                  .ny = ny,
                  .fn = fold != NULL ? fold
                        : !fast      ? generic_leaf
                                     : typed_walk(A, x)};
    if (B.mode == MV_GENERIC) {
        B.asz = hs_align(A->type->size, 16);
        B.msz = hs_align(mtype->size, 16);
        B.tsz = hs_align(mul->ztype->size, 16);
        B.scratch_size = hs_align(B.asz + B.msz + B.tsz + ztype->size, 64);
        B.scratch = hs_alloc_n((uint64_t)hs_threads(hs_parts(A->nvals + ny)), B.scratch_size);
        c.to_mul = hs_cast_make(mtype, A->type);
    }
    /* a row's first term must be known: without the caller's ypresent, one of our own */
    bool *own = ypresent == NULL ? GG_malloc(ny > 0 ? (size_t)ny : 1) : NULL;
    if ((B.mode == MV_GENERIC && B.scratch == NULL) || (ypresent == NULL && own == NULL)) {
        GG_free(B.scratch);
        GG_free(own);
        return GrB_OUT_OF_MEMORY;
    }
    if (own != NULL) c.ypresent = own;
    if (ny > 0) bands_run(&B);
    GG_free(B.scratch);
    GG_free(own);
    return GrB_SUCCESS;
}

void GG_hs_mxv_add(void *y, const void *start, const GG_hs_matrix *A, bool tran, const void *x)
{
    bool t = tran != A->transposed;
    hs_mv c = {.A = A, .yc = t, .x = x, .y = y};
    mv_bands B = {.proto = &c, .mode = MV_ADD, .start = start, .ny = t ? A->ncols : A->nrows,
                  .fn = typed_walk(A, x)};
    if (B.ny > 0) bands_run(&B);
}
