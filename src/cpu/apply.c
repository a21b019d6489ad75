/* apply.c: the CPU apply slot, C<M> = accum(C, f(op0(A))) entry by entry, where f is a unary
 * operator, a binary operator with a bound scalar, or an index-unary operator that also sees the
 * entry's position in op0(A). A vector's content keeps its form: the result has the input's
 * pattern (its indices or flags copied), and an iso input gives an iso result unless the
 * operator reads positions. */
#include "GG_cpu_vec.h"

typedef struct {
    const GG_apply_op *op;
    GG_cpu_cast a2in;    /* A's value to the operator's input that reads it */
    const void *bound;   /* the bound scalar or thunk, cast to its input's type */
    size_t asize, zsize; /* bytes of A's and of the result's values */
} GG_apply_ctx;

/* z = f(x) for the entry at (i, j), x of A's type (buf: room for its cast). */
static inline void apply_one(const GG_apply_ctx *c, void *z, const void *ax, GrB_Index i,
                             GrB_Index j, void *buf)
{
    const GG_apply_op *op = c->op;
    const void *x = GG_cpu_cast_in(&c->a2in, buf, ax);
    switch (op->kind) {
    case GG_APPLY_UNARY: op->unop->f(z, x); break;
    case GG_APPLY_BIND1ST: GG_cpu_binop_at(op->binop, z, c->bound, x, i, j, i, j); break;
    case GG_APPLY_BIND2ND: GG_cpu_binop_at(op->binop, z, x, c->bound, i, j, i, j); break;
    case GG_APPLY_INDEXOP: op->idxop->f(z, x, i, j, c->bound); break;
    }
}

/* T's tuples [lo, hi): A's indices and f of A's values. */
static void apply_range(const GG_apply_ctx *c, const GG_coo *a, GG_coo *t, GrB_Index lo,
                        GrB_Index hi, void *buf)
{
    if (hi > lo) {
        memcpy(t->row + lo, a->row + lo, (hi - lo) * sizeof(GrB_Index));
        memcpy(t->col + lo, a->col + lo, (hi - lo) * sizeof(GrB_Index));
    }
    for (GrB_Index p = lo; p < hi; p++)
        apply_one(c, (char *)t->x + p * c->zsize, (const char *)a->x + p * c->asize, a->row[p],
                  a->col[p], buf);
}

/* The operator's result type, the type of the input it reads from A (NULL: none, a positional
 * operator) and the bound scalar's type (NULL for a unary operator). */
static void apply_types(const GG_apply_op *op, GrB_Type *ztype, GrB_Type *intype, GrB_Type *btype)
{
    *btype = NULL;
    switch (op->kind) {
    case GG_APPLY_UNARY: *ztype = op->unop->ztype, *intype = op->unop->xtype; break;
    case GG_APPLY_BIND1ST:
        *ztype = op->binop->ztype, *intype = op->binop->ytype, *btype = op->binop->xtype;
        break;
    case GG_APPLY_BIND2ND:
        *ztype = op->binop->ztype, *intype = op->binop->xtype, *btype = op->binop->ytype;
        break;
    default:
        *ztype = op->idxop->ztype, *intype = op->idxop->xtype, *btype = op->idxop->ytype;
        break;
    }
}

/* ---- typed loops -------------------------------------------------------------------------------- */

/* Typed loops for the common operators on values of their own type: z[p] = f(x[p]) for p < n, the
 * bound value s of that type too. They run over every stored value, a bitmap's unused ones
 * included: built-in arithmetic on any bytes is harmless, and the loop has no branch. They are
 * vector loops (omp simd: the -O2 build does not vectorize them otherwise, and z may be x). */
#define GG_APPLY_KEY(kind, opcode, code) ((((int)(kind)) * 128 + (opcode)) * 32 + (int)(code))
#define GG_APPLY_TYPES(X, ...)                                                                     \
    X(__VA_ARGS__, INT32, int32_t, S) X(__VA_ARGS__, INT64, int64_t, S)                            \
    X(__VA_ARGS__, FP32, float, F) X(__VA_ARGS__, FP64, double, F)
#define GG_APPLY_UN(OP, T, E, K)                                                                   \
    case GG_APPLY_KEY(GG_APPLY_UNARY, GG_OP_##OP, GrB_##T##_CODE):                                 \
        _Pragma("omp simd") for (uint64_t p = lo; p < hi; p++)                                     \
            ((E *)z)[p] = GG_UN_##OP(K, T, E, ((const E *)x)[p]);                                  \
        return true;
#define GG_APPLY_BIN(OP, T, E, K)                                                                  \
    case GG_APPLY_KEY(GG_APPLY_BIND1ST, GG_OP_##OP, GrB_##T##_CODE): {                             \
        E sv = 0;                                                                                  \
        if (lo < hi) memcpy(&sv, s, sizeof sv);                                                    \
        _Pragma("omp simd") for (uint64_t p = lo; p < hi; p++)                                     \
            ((E *)z)[p] = GG_BIN_##OP(K, T, E, sv, ((const E *)x)[p]);                             \
        return true;                                                                               \
    }                                                                                              \
    case GG_APPLY_KEY(GG_APPLY_BIND2ND, GG_OP_##OP, GrB_##T##_CODE): {                             \
        E sv = 0;                                                                                  \
        if (lo < hi) memcpy(&sv, s, sizeof sv);                                                    \
        _Pragma("omp simd") for (uint64_t p = lo; p < hi; p++)                                     \
            ((E *)z)[p] = GG_BIN_##OP(K, T, E, ((const E *)x)[p], sv);                             \
        return true;                                                                               \
    }
#define GG_APPLY_UNS(unused, T, E, K)                                                              \
    GG_APPLY_UN(AINV, T, E, K) GG_APPLY_UN(ABS, T, E, K) GG_APPLY_UN(MINV, T, E, K)
#define GG_APPLY_BINS(unused, T, E, K)                                                             \
    GG_APPLY_BIN(PLUS, T, E, K) GG_APPLY_BIN(MINUS, T, E, K) GG_APPLY_BIN(TIMES, T, E, K)          \
    GG_APPLY_BIN(DIV, T, E, K) GG_APPLY_BIN(MIN, T, E, K) GG_APPLY_BIN(MAX, T, E, K)

/* Runs the typed loop of `key` over [lo, hi) (an empty range only asks whether there is one);
 * false when there is none. */
static bool apply_typed(int key, void *z, const void *x, const void *s, uint64_t lo, uint64_t hi)
{
    switch (key) {
        GG_APPLY_TYPES(GG_APPLY_UNS, ~)
        GG_APPLY_TYPES(GG_APPLY_BINS, ~)
    default: return false;
    }
}

/* The typed loop's key for op on values of type t, or -1: a built-in operator whose types, and
 * the bound value's, are all t's. */
static int apply_key(const GG_apply_op *op, GrB_Type t)
{
    GrB_Type_Code code = t->code;
    if (op->kind == GG_APPLY_UNARY) {
        GrB_UnaryOp f = op->unop;
        bool own = f->opcode != GG_OP_USER && f->xtype->code == code && f->ztype->code == code;
        return own ? GG_APPLY_KEY(GG_APPLY_UNARY, f->opcode, code) : -1;
    }
    if (op->kind == GG_APPLY_INDEXOP) return -1;
    GrB_BinaryOp f = op->binop;
    bool own = f->opcode != GG_OP_USER && !GG_opcode_positional(f->opcode) &&
               f->xtype->code == code && f->ytype->code == code && f->ztype->code == code;
    return own ? GG_APPLY_KEY(op->kind, f->opcode, code) : -1;
}

/* Whether apply_typed has a loop for op on values of type t. */
static bool apply_has_typed(const GG_apply_op *op, GrB_Type t)
{
    int key = apply_key(op, t);
    return key >= 0 && apply_typed(key, NULL, NULL, NULL, 0, 0);
}

/* T's values at A's storage positions [lo, hi) (vector entries (i, 0)); buf: a cast operand. */
static void vapply_range(const GG_apply_ctx *c, GG_vdata *T, const GG_vdata *A, uint64_t lo,
                         uint64_t hi, char *buf)
{
    size_t as = GG_vstride(A);
    uint64_t p = lo, i, q;
    while (GG_cpu_vnext(A, &p, hi, &i, &q))
        apply_one(c, (char *)T->x + q * c->zsize, (const char *)A->x + q * as, i, 0, buf);
}

/* The operator sees positions only as an index-unary or positional binary operator. */
static bool apply_positional(const GG_apply_op *op)
{
    return op->kind == GG_APPLY_INDEXOP ||
           (op->kind != GG_APPLY_UNARY && GG_opcode_positional(op->binop->opcode));
}

bool GG_cpu_vapply_full_typed(const GG_vdata *A, GrB_Type atype, const GG_apply_op *op)
{
    return A->form == GG_VF_FULL && !A->iso && !apply_positional(op) && apply_has_typed(op, atype);
}

/* GG_cpu_vapply; `into`: T already holds A's n values' worth of the result type to overwrite
 * (the case GG_cpu_vapply_full_typed allows), possibly A's own. */
static GrB_Info vapply(GG_vdata *T, bool into, const GG_vdata *A, GrB_Type atype,
                       const GG_apply_op *op)
{
    GrB_Type ztype, intype, btype;
    apply_types(op, &ztype, &intype, &btype);
    bool positional = apply_positional(op);
    bool iso = A->iso && !positional;
    uint64_t len = GG_cpu_vlen(A);
    int nth = iso ? 1 : GG_cpu_nthreads(len);
    size_t zsize = ztype->size, bsize = btype == NULL ? 0 : btype->size;
    size_t insize = intype == NULL ? 0 : GG_cpu_line_round(intype->size);
    GrB_Info info = into ? GrB_SUCCESS
                         : GG_vdata_alloc(T, A->n, zsize, (GG_vform_kind)A->form,
                                          A->form == GG_VF_BITMAP ? 0 : A->nvals, iso);
    char *scratch = NULL;
    if (info == GrB_SUCCESS) {
        scratch = GG_malloc((bsize + 15) / 16 * 16 + (size_t)nth * insize + 1);
        if (scratch == NULL) {
            if (!into) GG_vdata_free(T);
            info = GrB_OUT_OF_MEMORY;
        }
    }
    if (info != GrB_SUCCESS) return info;
    char *bound = scratch, *buf = scratch + (bsize + 15) / 16 * 16;
    if (btype != NULL) GG_cpu_cast_value(bound, btype, op->scalar, op->stype);
    GG_apply_ctx c = {.op = op, .a2in = GG_cpu_cast_make(intype, atype), .bound = bound,
                      .asize = atype->size, .zsize = zsize};
    if (A->form == GG_VF_SPARSE && A->nvals > 0) memcpy(T->i, A->i, A->nvals * sizeof(uint64_t));
    if (A->form == GG_VF_BITMAP) {
        memcpy(T->b, A->b, A->n);
        T->nvals = A->nvals;
    }
    if (iso) {
        if (A->nvals > 0) apply_one(&c, T->x, A->x, 0, 0, buf);
    } else if (op->kind == GG_APPLY_UNARY && op->unop->opcode == GG_OP_IDENTITY && c.a2in.same &&
               atype == ztype && !A->iso) {
        if (GG_vdata_nx(A) > 0 && T->x != A->x) /* identity: the values as they are */
            memcpy(T->x, A->x, GG_vdata_nx(A) * zsize);
    } else if (apply_has_typed(op, atype)) {
        const int key = apply_key(op, atype);
        uint64_t nx = GG_vdata_nx(A);
        /* the compute rule, as eWise's typed loops: the move rule (half the threads) gave the
         * 1M-entry abs and divide of grid PageRank 7 threads of 16 */
        int nm = GG_cpu_nthreads(nx);
        /* no parallel region on one thread: even that costs a team set-up */
        if (nm <= 1) {
            apply_typed(key, T->x, A->x, bound, 0, nx);
        } else {
#pragma omp parallel for num_threads(nm) schedule(static)
            for (uint64_t lo = 0; lo < nx; lo += 4096)
                apply_typed(key, T->x, A->x, bound, lo, lo + 4096 < nx ? lo + 4096 : nx);
        }
    } else if (nth <= 1) {
        vapply_range(&c, T, A, 0, len, buf);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int k = 0; k < nth; k++)
            vapply_range(&c, T, A, len * k / nth, len * (k + 1) / nth, buf + k * insize);
    }
    GG_free(scratch);
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_vapply(GG_vdata *T, const GG_vdata *A, GrB_Type atype, const GG_apply_op *op)
{
    return vapply(T, false, A, atype, op);
}

GrB_Info GG_cpu_vapply_into(GG_vdata *W, const GG_vdata *A, GrB_Type atype, const GG_apply_op *op)
{
    return vapply(W, true, A, atype, op);
}

GrB_Info GG_cpu_apply(GG_container *C, GG_container *M, GrB_BinaryOp accum, const GG_apply_op *op,
                      GG_container *A, const GG_desc *d)
{
    GrB_Type ztype, intype, btype;
    apply_types(op, &ztype, &intype, &btype);
    if (C->h.kind == GG_KIND_VECTOR) {
        const GG_vdata *av;
        GG_vdata T;
        GrB_Info info;
        if (GG_cpu_vec_masked_out(C, M, d, &info)) return info;
        info = GG_vec_host(A, &av);
        /* A plain mask with far fewer entries than A: f runs only where the mask allows (its
         * other results could never reach C), on A cut down to those positions, when that saves
         * operator calls (f not a typed loop) or the mask is sparse (the cut then costs its
         * entries alone); MIS's prob<cand> = score(degree) once cand has shrunk. */
        GG_vdata R, empty;
        GG_cpu_vmask mk;
        bool cut = false;
        if (info == GrB_SUCCESS && M != NULL && !d->mask_comp) {
            info = GG_cpu_vmask_of(&mk, M, d, &empty);
            cut = info == GrB_SUCCESS && mk.m->nvals * 4 < av->nvals &&
                  (mk.m->form == GG_VF_SPARSE || !apply_has_typed(op, A->type));
            if (cut) info = GG_cpu_vrestrict(&R, av, &mk, NULL);
            cut = cut && info == GrB_SUCCESS; /* a failed cut leaves R empty */
            if (cut) av = &R;
        }
        GG_vdata *W = NULL;
        if (info == GrB_SUCCESS && !cut && GG_cpu_vapply_full_typed(av, A->type, op))
            info = GG_cpu_vec_overwrite(C, M, accum, ztype, d, &W);
        if (info == GrB_SUCCESS && W != NULL) {
            /* straight into C's own values (C = f(C) included: each read before it is written) */
            info = GG_cpu_vapply_into(W, av, A->type, op);
            GG_vec_written(C);
            return info;
        }
        if (info == GrB_SUCCESS) info = GG_cpu_vapply(&T, av, A->type, op);
        if (cut) GG_vdata_free(&R);
        if (info != GrB_SUCCESS) return info;
        return GG_cpu_vec_writeback(C, M, accum, &T, true, ztype, d, NULL);
    }

    GG_coo a, t;
    bool owned;
    GrB_Info info = GG_cpu_coo_of(A, d->tran0, &a, &owned);
    if (info != GrB_SUCCESS) return info;
    GrB_Index n = a.n;
    int nth = GG_cpu_nthreads(n);
    size_t bsize = btype == NULL ? 0 : btype->size;
    size_t insize = intype == NULL ? 0 : GG_cpu_line_round(intype->size);
    bsize = GG_cpu_line_round(bsize); /* the bound value, then each thread's cast operand */
    char *scratch = GG_malloc(bsize + (size_t)nth * insize + 1);
    info = scratch == NULL ? GrB_OUT_OF_MEMORY : GG_cpu_coo_alloc(&t, n, ztype->size);
    if (info != GrB_SUCCESS) {
        GG_free(scratch);
        if (owned) GG_coo_free(&a);
        return info;
    }
    if (btype != NULL) GG_cpu_cast_value(scratch, btype, op->scalar, op->stype);
    GG_apply_ctx c = {.op = op, .a2in = GG_cpu_cast_make(intype, A->type), .bound = scratch,
                      .asize = A->type->size, .zsize = ztype->size};
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++)
        apply_range(&c, &a, &t, n * k / nth, n * (k + 1) / nth, scratch + bsize + k * insize);
    GG_free(scratch);
    if (owned) GG_coo_free(&a);
    return GG_cpu_writeback(C, M, accum, &t, ztype, d);
}
