/* reduce.c: the CPU reduce slots: each row (or column) of a matrix to one entry of a vector, and
 * every entry of a vector or matrix to one scalar. Values are cast to the operator's type and
 * folded left to right, except PLUS on FP32 and FP64 over 16 values or more, which keeps eight
 * partial sums (one chain of dependent adds took 3.5 times SuiteSparse's time on PageRank's
 * 1M-entry norm); large reductions to a scalar fold chunks in parallel and then combine the
 * chunks' partial results in order, which the operator's associativity makes equal (for floating
 * sums: equal up to rounding, and the same for the same thread count). */
#include "GG_cpu_vec.h"
#include "GG_hisparse.h"

#include <math.h>

/* A fold with `op`: acc = op(acc, y) with y cast from the input type. */
typedef struct {
    GrB_BinaryOp op;
    GG_cpu_cast in2z;  /* an input value to the accumulator's (z) type, for the first value */
    GG_cpu_cast in2y;  /* an input value to the operator's y type */
    GG_cpu_cast z2x;   /* the accumulator to the operator's x type */
    GG_cpu_cast z2y;   /* a partial result to the operator's y type, when combining */
    size_t insize, zsize;
    size_t bufsize;    /* scratch bytes one fold needs */
    int fast;          /* a typed loop's key (built-in operator on its own type), or -1 */
} GG_fold;

/* Typed loops for the built-in operators that make monoids, on inputs of the operator's own
 * type: the same rules as the operator objects (GG_opcodes.h), without a call per entry. */
#define GG_FOLD_KEY(opcode, code) ((opcode) * 16 + (code))
#define GG_FOLD_CASE(OP, T, E, K)                                                                  \
    case GG_FOLD_KEY(GG_OP_##OP, GrB_##T##_CODE): {                                                \
        const E *v = x;                                                                            \
        E a = v[lo];                                                                               \
        for (GrB_Index p = lo + 1; p < hi; p++) a = GG_BIN_##OP(K, T, E, a, v[p]);                 \
        memcpy(acc, &a, sizeof a);                                                                 \
        return;                                                                                    \
    }
#define GG_FOLD_BOOL_CASE(OP) GG_FOLD_CASE(OP, BOOL, bool, B)

static bool fold_fast_exists(int opcode, GrB_Type_Code code)
{
    switch (opcode) {
    case GG_OP_PLUS: case GG_OP_TIMES: case GG_OP_MIN: case GG_OP_MAX: return true;
    case GG_OP_LOR: case GG_OP_LAND: case GG_OP_LXOR: case GG_OP_LXNOR: return code == GrB_BOOL_CODE;
    case GG_OP_BOR: case GG_OP_BAND: case GG_OP_BXOR: case GG_OP_BXNOR:
        return code != GrB_BOOL_CODE && code < GrB_FP32_CODE;
    default: return false;
    }
}

/* PLUS on a floating type over at least 16 values: eight partial sums, each started at its first
 * value (not at +0.0, which would turn a sum of -0.0 into +0.0) and folded left to right over every
 * eighth value, then added in lane order; eight named sums, so that even -O2 (the GPU host's
 * build) keeps them in registers as eight independent chains of adds. */
#define GG_FOLD_LANES 8
#define GG_FOLD_PLUS_LANES(NAME, E)                                                                \
    static void NAME(void *acc, const E *v, GrB_Index lo, GrB_Index hi)                            \
    {                                                                                              \
        E s0 = v[lo], s1 = v[lo + 1], s2 = v[lo + 2], s3 = v[lo + 3], s4 = v[lo + 4],              \
          s5 = v[lo + 5], s6 = v[lo + 6], s7 = v[lo + 7];                                          \
        GrB_Index p = lo + GG_FOLD_LANES;                                                          \
        for (; p + GG_FOLD_LANES <= hi; p += GG_FOLD_LANES) {                                      \
            s0 += v[p], s1 += v[p + 1], s2 += v[p + 2], s3 += v[p + 3];                            \
            s4 += v[p + 4], s5 += v[p + 5], s6 += v[p + 6], s7 += v[p + 7];                        \
        }                                                                                          \
        E s[GG_FOLD_LANES] = {s0, s1, s2, s3, s4, s5, s6, s7};                                     \
        for (int k = 0; p < hi; k++, p++) s[k] += v[p];                                            \
        E a = s[0];                                                                                \
        for (int k = 1; k < GG_FOLD_LANES; k++) a += s[k];                                         \
        memcpy(acc, &a, sizeof a);                                                                 \
    }
GG_FOLD_PLUS_LANES(fold_plus_fp64, double)
GG_FOLD_PLUS_LANES(fold_plus_fp32, float)

static void fold_fast(int key, void *acc, const void *x, GrB_Index lo, GrB_Index hi)
{
    if (hi - lo >= 2 * GG_FOLD_LANES && key == GG_FOLD_KEY(GG_OP_PLUS, GrB_FP64_CODE)) {
        fold_plus_fp64(acc, x, lo, hi);
        return;
    }
    if (hi - lo >= 2 * GG_FOLD_LANES && key == GG_FOLD_KEY(GG_OP_PLUS, GrB_FP32_CODE)) {
        fold_plus_fp32(acc, x, lo, hi);
        return;
    }
    switch (key) {
        GG_WITH_T(GG_FOLD_CASE, PLUS)
        GG_WITH_T(GG_FOLD_CASE, TIMES)
        GG_WITH_T(GG_FOLD_CASE, MIN)
        GG_WITH_T(GG_FOLD_CASE, MAX)
        GG_FOLD_BOOL_CASE(LOR)
        GG_FOLD_BOOL_CASE(LAND)
        GG_FOLD_BOOL_CASE(LXOR)
        GG_FOLD_BOOL_CASE(LXNOR)
        GG_WITH_I(GG_FOLD_CASE, BOR)
        GG_WITH_I(GG_FOLD_CASE, BAND)
        GG_WITH_I(GG_FOLD_CASE, BXOR)
        GG_WITH_I(GG_FOLD_CASE, BXNOR)
    }
}

static GG_fold fold_make(GrB_BinaryOp op, GrB_Type intype)
{
    GG_fold f = {.op = op,
                 .in2z = GG_cpu_cast_make(op->ztype, intype),
                 .in2y = GG_cpu_cast_make(op->ytype, intype),
                 .z2x = GG_cpu_cast_make(op->xtype, op->ztype),
                 .z2y = GG_cpu_cast_make(op->ytype, op->ztype),
                 .insize = intype->size,
                 .zsize = op->ztype->size};
    f.bufsize = op->xtype->size + op->ytype->size + op->ztype->size;
    GrB_Type_Code code = intype->code;
    bool own_type = op->opcode != GG_OP_USER && op->xtype->code == code &&
                    op->ytype->code == code && op->ztype->code == code;
    f.fast = own_type && fold_fast_exists(op->opcode, code) ? (int)GG_FOLD_KEY(op->opcode, code) : -1;
    return f;
}

/* acc = op(acc, y), y already of the operator's y type. */
static void fold_step(const GG_fold *f, void *acc, const void *y, char *buf)
{
    char *zbuf = buf + f->op->xtype->size + f->op->ytype->size;
    f->op->f(zbuf, GG_cpu_cast_in(&f->z2x, buf, acc), y);
    memcpy(acc, zbuf, f->zsize);
}

/* acc = the fold of input values x[lo, hi), lo < hi. */
static void fold_range(const GG_fold *f, void *acc, const void *x, GrB_Index lo, GrB_Index hi,
                       char *buf)
{
    if (f->fast >= 0) {
        fold_fast(f->fast, acc, x, lo, hi);
        return;
    }
    const char *v = x;
    GG_cpu_cast_do(&f->in2z, acc, v + lo * f->insize);
    char *ybuf = buf + f->op->xtype->size;
    for (GrB_Index p = lo + 1; p < hi; p++)
        fold_step(f, acc, GG_cpu_cast_in(&f->in2y, ybuf, v + p * f->insize), buf);
}

/* The fold of k copies of one value when it is known without k steps: c (cast once to op's z
 * type, which is also its x and y type) k times folds to c for an idempotent operator, to k * c
 * for PLUS on an integer type (wrapping, as k additions do) and on a floating type whenever c is
 * a whole number and k |c| stays exact (every partial sum is then exact too). False otherwise. */
static bool fold_copies(const GG_fold *f, void *acc, const void *c, GrB_Index k)
{
    GrB_BinaryOp op = f->op;
    GrB_Type_Code code = op->ztype->code;
    switch (op->opcode) {
    case GG_OP_MIN: case GG_OP_MAX: case GG_OP_FIRST: case GG_OP_SECOND: case GG_OP_ANY:
    case GG_OP_LOR: case GG_OP_LAND: case GG_OP_BOR: case GG_OP_BAND:
        memcpy(acc, c, f->zsize);
        return true;
    case GG_OP_PLUS: break;
    default: return false;
    }
    if (code == GrB_FP64_CODE || code == GrB_FP32_CODE) {
        double v, limit = code == GrB_FP64_CODE ? 0x1p53 : 0x1p24;
        if (code == GrB_FP64_CODE) {
            memcpy(&v, c, sizeof v);
        } else {
            float u;
            memcpy(&u, c, sizeof u);
            v = u;
        }
        if (v != floor(v) || fabs(v) * (double)k > limit) return false;
        v *= (double)k;
        if (code == GrB_FP64_CODE) {
            memcpy(acc, &v, sizeof v);
        } else {
            float u = (float)v;
            memcpy(acc, &u, sizeof u);
        }
        return true;
    }
    if (code == GrB_BOOL_CODE || code > GrB_UINT64_CODE) return false;
    /* an integer: the product's low bytes, in the machine's order */
    uint64_t u = 0;
    memcpy(&u, c, f->zsize);
    u *= k;
    memcpy(acc, &u, f->zsize);
    return true;
}

/* The value an iso matrix A repeats, cast to op's z type, in *c, when op is a built-in operator on
 * one type (so that the fold of copies is fold_copies's business); else false. */
static bool iso_operand(GG_container *A, const GG_fold *f, void *c)
{
    GrB_BinaryOp op = f->op;
    const GG_hs_matrix *h;
    if (A->h.kind != GG_KIND_MATRIX || op->opcode == GG_OP_USER || f->zsize > 16 ||
        op->xtype->code != op->ztype->code || op->ytype->code != op->ztype->code ||
        op->ztype->code == GrB_UDT_CODE || GG_view_hs_built(A, &h) != GrB_SUCCESS ||
        h == NULL || GG_hs_iso_value(h) == NULL || h->scale != 1.0)
        return false;
    GG_cpu_cast_do(&f->in2z, c, GG_hs_iso_value(h));
    return true;
}

/* Rows [lo, hi) of the view folded into T's values (FULL T: at the row, else packed from entry
 * e with their indices); `c` is the iso operand (iso_operand) or NULL. */
static void reduce_rows(GG_vdata *T, const GG_cview *v, const GG_fold *f, const void *c,
                        GrB_Index lo, GrB_Index hi, GrB_Index e, char *buf)
{
    bool full = T->form == GG_VF_FULL;
    for (GrB_Index q = lo; q < hi; q++) {
        GrB_Index k = v->ptr[q + 1] - v->ptr[q];
        if (k == 0) continue;
        char *acc = (char *)T->x + (full ? q : e) * f->zsize;
        if (!full) T->i[e++] = v->vec == NULL ? q : v->vec[q];
        if (c == NULL || !fold_copies(f, acc, c, k)) fold_range(f, acc, v->x, v->ptr[q], v->ptr[q + 1], buf);
    }
}

GrB_Info GG_cpu_reduce_vector(GG_container *w, GG_container *M, GrB_BinaryOp accum,
                              GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                              const GG_desc *d)
{
    (void)monoid; /* rows without entries give no entry, so the identity is never needed */
    GG_fold f = fold_make(op, A->type);
    GG_SCRATCH_ALIGN unsigned char c[16];
    bool iso = iso_operand(A, &f, c);
    const GG_cview *v;
    GrB_Info info = GG_cpu_rows_of(A, d->tran0, &v);
    if (info != GrB_SUCCESS) return info;
    GrB_Index nvec = v->nvec, nnz = v->ptr[nvec], m = w->nrows;
    /* an iso row costs one step, unless its fold needs them all (then the first row says so) */
    int nth = GG_cpu_nthreads(iso ? nvec : nvec + nnz);
    size_t stride = GG_cpu_line_round(f.bufsize);
    GrB_Index *offset = GG_calloc((size_t)nth + 1, sizeof(GrB_Index));
    char *scratch = GG_malloc((size_t)nth * stride);
    GG_vdata T;
    GG_vdata_init(&T, m, f.zsize);
    if (offset == NULL || scratch == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++) {
        GrB_Index n = 0;
        for (GrB_Index q = nvec * k / nth; q < nvec * (k + 1) / nth; q++)
            n += v->ptr[q + 1] > v->ptr[q];
        offset[k + 1] = n;
    }
    for (int k = 0; k < nth; k++) offset[k + 1] += offset[k];
    /* every row has an entry: the values alone, row q at q */
    bool full = v->vec == NULL && offset[nth] == m && m > 0;
    info = GG_vdata_alloc(&T, m, f.zsize, full ? GG_VF_FULL : GG_VF_SPARSE, offset[nth], false);
    if (info != GrB_SUCCESS) goto done;
#pragma omp parallel for num_threads(nth) schedule(static)
    for (int k = 0; k < nth; k++)
        reduce_rows(&T, v, &f, iso ? c : NULL, nvec * k / nth, nvec * (k + 1) / nth, offset[k],
                    scratch + k * stride);
done:
    GG_free(offset);
    GG_free(scratch);
    if (info != GrB_SUCCESS) return info;
    return GG_cpu_vec_writeback(w, M, accum, &T, true, op->ztype, d, NULL);
}

/* out = accum(out, t) for one value of type otype, or out = t without accum. */
static void accum_value(void *out, GrB_Type otype, GrB_BinaryOp accum, const void *t,
                        GrB_Type ttype, char *buf)
{
    if (accum == NULL) {
        GG_cpu_cast_value(out, otype, t, ttype);
        return;
    }
    char *x = buf, *y = x + accum->xtype->size, *z = y + accum->ytype->size;
    GG_cpu_cast_value(x, accum->xtype, out, otype);
    GG_cpu_cast_value(y, accum->ytype, t, ttype);
    accum->f(z, x, y);
    GG_cpu_cast_value(out, otype, z, accum->ztype);
}

/* *t (op's z type) = the fold of the n values x of intype, n > 0: equal chunks folded in
 * parallel, their partial results combined in order. */
static GrB_Info fold_all(void *t, GrB_BinaryOp op, const void *x, GrB_Type intype, GrB_Index n)
{
    int nth = GG_cpu_nthreads(n);
    GG_fold f = fold_make(op, intype);
    /* per chunk, on its own cache lines: its partial result, then its fold's scratch */
    size_t zoff = (f.zsize + 15) / 16 * 16, stride = GG_cpu_line_round(zoff + f.bufsize);
    char *mem = GG_malloc((size_t)nth * stride + 1);
    if (mem == NULL) return GrB_OUT_OF_MEMORY;
    if (nth <= 1) {
        /* no parallel region: even one thread's costs a team set-up */
        fold_range(&f, mem, x, 0, n, mem + zoff);
    } else {
#pragma omp parallel for num_threads(nth) schedule(static)
        for (int k = 0; k < nth; k++) {
            GrB_Index lo = n * k / nth, hi = n * (k + 1) / nth;
            char *own = mem + (size_t)k * stride;
            if (lo < hi) fold_range(&f, own, x, lo, hi, own + zoff);
        }
    }
    char *scratch = mem + zoff, *ybuf = scratch + op->xtype->size;
    for (int k = 1; k < nth; k++)
        fold_step(&f, mem, GG_cpu_cast_in(&f.z2y, ybuf, mem + (size_t)k * stride), scratch);
    memcpy(t, mem, f.zsize);
    GG_free(mem);
    return GrB_SUCCESS;
}

GrB_Info GG_cpu_vreduce(void *t, bool *has, const GG_vdata *A, GrB_Type atype, GrB_BinaryOp op)
{
    *has = A->nvals > 0;
    if (!*has) return GrB_SUCCESS;
    if (!A->iso && A->form != GG_VF_BITMAP) return fold_all(t, op, A->x, atype, A->nvals);
    /* a bitmap's entries, or an iso vector's value repeated, as one array folded as above */
    size_t size = atype->size, bytes;
    char *x = GG_mul_size((size_t)A->nvals, size, &bytes) ? GG_malloc(bytes) : NULL;
    if (x == NULL) return GrB_OUT_OF_MEMORY;
    uint64_t p = 0, end = GG_cpu_vlen(A), i, q, e = 0;
    size_t as = GG_vstride(A);
    while (GG_cpu_vnext(A, &p, end, &i, &q)) GG_cpu_copy(x + e++ * size, (const char *)A->x + q * as, size);
    GrB_Info info = fold_all(t, op, x, atype, A->nvals);
    GG_free(x);
    return info;
}

GrB_Info GG_cpu_reduce_scalar(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                              GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                              const GG_desc *d)
{
    (void)d;
    const GG_coo *a = NULL;
    const GG_vdata *av = NULL;
    GrB_Info info = A->h.kind == GG_KIND_VECTOR ? GG_vec_host(A, &av) : GG_view_coo(A, &a);
    if (info != GrB_SUCCESS) return info;
    size_t zsize = op->ztype->size;
    size_t abuf = accum == NULL ? 0 : accum->xtype->size + accum->ytype->size + accum->ztype->size;
    /* the reduction, then scratch for the final accumulation */
    char *mem = GG_malloc(zsize + abuf + 1);
    if (mem == NULL) return GrB_OUT_OF_MEMORY;
    char *t = mem, *abuffer = mem + zsize;
    bool has_t = av != NULL ? av->nvals > 0 : a->n > 0;
    if (av != NULL)
        info = GG_cpu_vreduce(t, &has_t, av, A->type, op);
    else if (has_t)
        info = fold_all(t, op, a->x, A->type, a->n);
    if (info != GrB_SUCCESS) {
        GG_free(mem);
        return info;
    }
    if (!has_t && c != NULL) {
        memcpy(t, monoid->identity, zsize);
        has_t = true;
    }
    if (c != NULL) {
        accum_value(c, ctype, accum, t, op->ztype, abuffer);
    } else if (has_t) {
        accum_value(s->value, s->type, s->present ? accum : NULL, t, op->ztype, abuffer);
        s->present = true;
    } else if (accum == NULL) {
        s->present = false;
    }
    GG_free(mem);
    return GrB_SUCCESS;
}
