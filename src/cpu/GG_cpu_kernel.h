/* GG_cpu_kernel.h: the machinery shared by the CPU backend's compute kernels (mxm, mxv/vxm,
 * eWiseAdd/eWiseMult, kronecker): operators prepared for the inner loops, with typed fast paths
 * picked by opcode; operands cast to the operators' domains (entry by entry in the products,
 * whole arrays in eWise); compressed-view lookups; per-chunk tuple buffers; the parallel chunk
 * driver; and the two sparse products that mxm and mxv both run (Gustavson saxpy and the masked
 * dot product, defined in mxm.c).
 *
 * Fast paths: a kernel body is an always-inline function taking a `const GG_sr *`. The generic
 * instance passes the prepared operator (function pointers, sizes known at run time); each fast
 * instance passes a static const GG_sr whose functions and sizes the compiler folds and inlines,
 * plus scratch values of the element's own C type, so one body yields every typed loop with its
 * sums in registers. */
#ifndef GG_CPU_KERNEL_H
#define GG_CPU_KERNEL_H

#include "GG_cpu.h"
#include "GG_opcodes.h"

#define GG_ALWAYS_INLINE static inline __attribute__((always_inline))

/* ---- compressed views ------------------------------------------------------------------------ */

/* The index (row of a CSR view, column of a CSC view) of vector k. */
static inline GrB_Index GG_cv_id(const GG_cview *v, GrB_Index k)
{
    return v->vec == NULL ? k : v->vec[k];
}

/* Finds the vector with index id: *k is its position; false when there is none. Direct for a
 * standard view; a hypersparse one is searched in its vec list, so no lookup costs O(dimension). */
static inline bool GG_cv_find(const GG_cview *v, GrB_Index id, GrB_Index *k)
{
    if (v->vec != NULL) {
        /* a copy, so that v (often a kernel's local copy of a view) does not escape and its
         * fields can stay in registers across the kernel's stores */
        GG_cview copy = *v;
        return GG_cpu_cview_find(&copy, id, k);
    }
    *k = id;
    return id < v->nvec;
}

static inline GrB_Index GG_cv_nnz(const GG_cview *v)
{
    return v->ptr[v->nvec];
}

/* ---- values ------------------------------------------------------------------------------------ */

/* memcpy of a size known only at run time, with the common sizes as fixed-size moves. */
static inline void GG_cpu_copy(void *z, const void *x, size_t size)
{
    switch (size) {
    case 1: memcpy(z, x, 1); break;
    case 2: memcpy(z, x, 2); break;
    case 4: memcpy(z, x, 4); break;
    case 8: memcpy(z, x, 8); break;
    default: memcpy(z, x, size); break;
    }
}

/* n values of xtype as an array of optype, the operator's domain: x itself when the types agree,
 * else a cast copy in *owned (GG_free it). Types that cannot be cast (a user-defined type where
 * the operator ignores that operand) give a zero-filled array of optype. */
GrB_Info GG_cpu_operand(const void **out, void **owned, const void *x, GrB_Type xtype,
                        GrB_Index n, GrB_Type optype);

/* An operand of the sparse products: the vectors of X's CSR view (csc false) or CSC view (csc
 * true). Its values are cast to the operator's type entry by entry as the kernels reach them, so a
 * product that touches few entries (a push from a sparse frontier) never casts the whole array.
 * An iso X (every entry one value: an unweighted graph) is read as that value, cast once, at
 * stride 0: then no kernel reads the view's values at all, and the typed loops apply whatever X's
 * type. */
typedef struct {
    const GG_cview *v;
    const char *x;   /* the values: entry p at x + p * stride */
    size_t stride;   /* bytes from one value to the next: X's value size, or 0 (iso) */
    bool same;       /* already of the operator's type */
    GG_cast_fn cast; /* else this cast, or when NULL (an operand the operator ignores, of a type
                      * that cannot be cast) the zero value `zero` */
    void *zero;      /* the zero value, or the iso value cast once */
} GG_cpu_opnd;

GrB_Info GG_cpu_opnd_get(GG_cpu_opnd *o, GG_container *X, bool csc, GrB_Type optype);
/* An operand over values x of xtype alone (v NULL), e.g. a vector's: entry p at x + p * size,
 * or, when iso, the one value x for every p. */
GrB_Info GG_cpu_opnd_values(GG_cpu_opnd *o, const void *x, GrB_Type xtype, GrB_Type optype,
                            bool iso);
/* The type an operand's values have as the kernels read them: optype when no cast is left. */
static inline GrB_Type GG_cpu_opnd_type(const GG_cpu_opnd *o, GrB_Type xtype, GrB_Type optype)
{
    return o->same ? optype : xtype;
}
void GG_cpu_opnd_free(GG_cpu_opnd *o);

/* Sorts n distinct indices increasingly (the columns of one output row; no allocation). */
void GG_cpu_sort_index(GrB_Index *a, GrB_Index n);

/* ---- typed operator rules for the fast paths (the built-in operators' exact semantics) -------- */

/* An operator as a function of two values of its own type E, written with the operator objects'
 * own rules (GG_opcodes.h), so a typed loop inlines it. */
#define GG_DEFINE_KFN(OP, T, E, K)                                                                 \
    static inline void GG_kfn_##OP##_##T(void *z, const void *x, const void *y)                    \
    {                                                                                              \
        E a, b;                                                                                    \
        memcpy(&a, x, sizeof(a));                                                                  \
        memcpy(&b, y, sizeof(b));                                                                  \
        E r = GG_BIN_##OP(K, T, E, a, b);                                                          \
        memcpy(z, &r, sizeof(r));                                                                  \
    }
GG_WITH_T(GG_DEFINE_KFN, PLUS)
GG_WITH_T(GG_DEFINE_KFN, TIMES)
GG_WITH_T(GG_DEFINE_KFN, MIN)
GG_WITH_T(GG_DEFINE_KFN, ONEB)
GG_DEFINE_KFN(MINUS, FP64, double, F)
GG_DEFINE_KFN(MINUS, INT64, int64_t, S)
GG_DEFINE_KFN(MAX, INT64, int64_t, S)
GG_DEFINE_KFN(MAX, FP64, double, F)
GG_DEFINE_KFN(FIRST, FP64, double, F)
GG_DEFINE_KFN(SECOND, FP64, double, F)
GG_DEFINE_KFN(SECOND, INT64, int64_t, S)
GG_DEFINE_KFN(FIRST, INT64, int64_t, S)
GG_DEFINE_KFN(LOR, BOOL, bool, B)
GG_DEFINE_KFN(LAND, BOOL, bool, B)
#undef GG_DEFINE_KFN

/* ---- semirings ----------------------------------------------------------------------------------
 * A product term is mulop(a, b) = flip ? mul(b, a) : mul(a, b), where a comes from the left
 * operand of the engine (A) and b from the right one (B); flip lets vxm and the push form of mxv
 * run the same engines. a has asize bytes, b bsize, results zsize. The first term of an entry
 * initialises it and later ones are added, so the monoid's identity is never needed. terminal,
 * when not NULL, is a value that no further addition changes (LOR's true, MIN's type minimum): a
 * dot product stops there; with `any` (the ANY monoid, which may return any term) every value
 * is terminal. */
typedef struct {
    GxB_binary_function mul, add;
    size_t asize, bsize, zsize;
    bool flip;
    const void *terminal;
    bool typed; /* both operands are already of the multiplier's types (every fast instance) */
    GrB_BinaryOp positional; /* a positional multiplier (then mul is not called), else NULL */
    bool any;
} GG_sr;

/* The fast semirings X(..., ADD, MUL, T, E, K). A fast instance never flips (its sr is constant):
 * the commutative multipliers do not need to, and FIRST and SECOND stand for each other, since
 * GG_sr_prepare matches a flipped FIRST to the SECOND instance and the reverse. */
#define GG_SR_FAST(X, ...)                                                                         \
    X(__VA_ARGS__, PLUS, TIMES, FP32, float, F)                                                    \
    X(__VA_ARGS__, PLUS, TIMES, FP64, double, F)                                                   \
    X(__VA_ARGS__, PLUS, TIMES, INT64, int64_t, S)                                                 \
    X(__VA_ARGS__, MIN, PLUS, INT32, int32_t, S)                                                   \
    X(__VA_ARGS__, MIN, PLUS, INT64, int64_t, S)                                                   \
    X(__VA_ARGS__, MIN, PLUS, FP32, float, F)                                                      \
    X(__VA_ARGS__, MIN, PLUS, FP64, double, F)                                                     \
    X(__VA_ARGS__, LOR, LAND, BOOL, bool, B)                                                       \
    X(__VA_ARGS__, PLUS, ONEB, INT32, int32_t, S)                                                  \
    X(__VA_ARGS__, PLUS, ONEB, INT64, int64_t, S)                                                  \
    X(__VA_ARGS__, PLUS, ONEB, UINT64, uint64_t, U)                                                \
    X(__VA_ARGS__, PLUS, ONEB, FP64, double, F)                                                   \
    X(__VA_ARGS__, PLUS, FIRST, FP64, double, F)                                                  \
    X(__VA_ARGS__, PLUS, SECOND, FP64, double, F)                                                 \
    X(__VA_ARGS__, MIN, SECOND, INT64, int64_t, S)                                                \
    X(__VA_ARGS__, MAX, SECOND, FP64, double, F)                                                  \
    X(__VA_ARGS__, MIN, FIRST, INT64, int64_t, S)

extern const bool GG_cpu_true;
#define GG_SR_TERMINAL_LOR (&GG_cpu_true)
#define GG_SR_TERMINAL_PLUS NULL
#define GG_SR_TERMINAL_MIN NULL
#define GG_SR_TERMINAL_MAX NULL

#define GG_SR_ID(unused, ADD, MUL, T, E, K) GG_SR_##ADD##_##MUL##_##T,
typedef enum { GG_SR_GENERIC, GG_SR_FAST(GG_SR_ID, ~) GG_SR_COUNT } GG_sr_kind;
#undef GG_SR_ID

#define GG_SR_CONST(unused, ADD, MUL, T, E, K)                                                     \
    static const GG_sr GG_sr_##ADD##_##MUL##_##T = {GG_kfn_##MUL##_##T, GG_kfn_##ADD##_##T,        \
                                                    sizeof(E), sizeof(E), sizeof(E), false,        \
                                                    GG_SR_TERMINAL_##ADD, true, NULL, false};
GG_SR_FAST(GG_SR_CONST, ~)
#undef GG_SR_CONST

/* Scratch for one value handed to an operator, aligned as any built-in type: a user-defined
 * function may read it through a typed pointer. */
#define GG_SCRATCH_ALIGN _Alignas(16)

/* Entry p of operand o in the operator's type (`size` bytes): in place, or cast into tmp (16
 * bytes, GG_SCRATCH_ALIGN: casts are between built-in types). */
GG_ALWAYS_INLINE const char *GG_opnd_value(const GG_cpu_opnd *o, GrB_Index p, size_t size,
                                           void *tmp)
{
    (void)size;
    if (o->same) return o->x + p * o->stride;
    if (o->cast == NULL) return o->zero;
    o->cast(tmp, o->x + p * o->stride);
    return tmp;
}

/* GG_opnd_value in a semiring kernel, where a fast instance knows the operand needs no cast. */
GG_ALWAYS_INLINE const char *GG_opnd_at(const GG_sr *sr, const GG_cpu_opnd *o, GrB_Index p,
                                        size_t size, void *tmp)
{
    return sr->typed ? o->x + p * o->stride : GG_opnd_value(o, p, size, tmp);
}

/* Whether the sum z can no longer change (GG_sr's terminal). */
GG_ALWAYS_INLINE bool GG_sr_done(const GG_sr *sr, const void *z)
{
    if (sr->any) return true;
    if (sr->terminal == NULL) return false;
    switch (sr->zsize) {
    case 1: return *(const uint8_t *)z == *(const uint8_t *)sr->terminal;
    case 4: return memcmp(z, sr->terminal, 4) == 0;
    case 8: return memcmp(z, sr->terminal, 8) == 0;
    default: return memcmp(z, sr->terminal, sr->zsize) == 0;
    }
}

/* One product term z = mulop(a, b) for the engine's T(i,j) += A(i,k)*B(k,j). With flip the
 * operation's own operands are B' and A', so a positional multiplier sees (j, k) and (k, i). */
GG_ALWAYS_INLINE void GG_sr_mul(const GG_sr *sr, void *z, const void *a, const void *b,
                                GrB_Index i, GrB_Index k, GrB_Index j)
{
    if (sr->positional != NULL)
        GG_cpu_binop_at(sr->positional, z, NULL, NULL, sr->flip ? j : i, k, k, sr->flip ? i : j);
    else if (sr->flip)
        sr->mul(z, b, a);
    else
        sr->mul(z, a, b);
}

/* Prepares semiring s for the engines, whose left and right operands have types atype and btype,
 * and returns its fast-path kind: GG_SR_GENERIC unless the semiring has one and neither operand
 * needs a cast. */
GG_sr_kind GG_sr_prepare(GG_sr *sr, GrB_Semiring s, bool flip, GrB_Type atype, GrB_Type btype);

/* The types the engine's left (A) and right (B) operands are cast to. */
static inline GrB_Type GG_sr_atype(GrB_Semiring s, bool flip)
{
    return flip ? s->mul->ytype : s->mul->xtype;
}
static inline GrB_Type GG_sr_btype(GrB_Semiring s, bool flip)
{
    return flip ? s->mul->xtype : s->mul->ytype;
}

/* Instances of a chunk body for every semiring kind: name_GENERIC runs body with the context's own
 * prepared semiring (ctx->sr), name_<ADD>_<MUL>_<T> with the constant one, and name_table lists
 * them by GG_sr_kind. body(const GG_sr *, ctx_t *, int chunk, int tid, void *z, void *t) gets
 * scratch for one sum z and one term t: in a fast instance locals of the value's own C type,
 * which the compiler keeps in registers; in the generic one bytes on the stack, or on the heap for
 * a large user-defined type (ctx->failed is set when that allocation fails). */
#define GG_SR_SCRATCH 16
#define GG_SR_INSTANCE(name, body, ctx_t, ADD, MUL, T, E, K)                                       \
    static void name##_##ADD##_##MUL##_##T(void *ctx, int chunk, int tid)                          \
    {                                                                                              \
        E z, t;                                                                                    \
        body(&GG_sr_##ADD##_##MUL##_##T, (ctx_t *)ctx, chunk, tid, &z, &t);                        \
    }
#define GG_SR_ENTRY(name, ADD, MUL, T, E, K) name##_##ADD##_##MUL##_##T,
#define GG_SR_INSTANCES(name, body, ctx_t)                                                         \
    static void name##_GENERIC(void *ctx, int chunk, int tid)                                      \
    {                                                                                              \
        ctx_t *c = ctx;                                                                            \
        GG_SCRATCH_ALIGN unsigned char small[2][GG_SR_SCRATCH];                                    \
        char *big = NULL;                                                                          \
        void *z = small[0], *t = small[1];                                                         \
        if (c->sr->zsize > GG_SR_SCRATCH) {                                                        \
            big = GG_malloc(2 * c->sr->zsize);                                                     \
            if (big == NULL) {                                                                     \
                __atomic_store_n(&c->failed, 1, __ATOMIC_RELAXED);                                 \
                return;                                                                            \
            }                                                                                      \
            z = big, t = big + c->sr->zsize;                                                       \
        }                                                                                          \
        body(c->sr, c, chunk, tid, z, t);                                                          \
        GG_free(big);                                                                              \
    }                                                                                              \
    GG_SR_FAST(GG_SR_INSTANCE, name, body, ctx_t)                                                  \
    static GG_cpu_chunk_fn *const name##_table[GG_SR_COUNT] = {                                    \
        name##_GENERIC, GG_SR_FAST(GG_SR_ENTRY, name)}

/* ---- parallel chunks ---------------------------------------------------------------------------- */

typedef void GG_cpu_chunk_fn(void *ctx, int chunk, int tid);

/* Runs fn(ctx, c, tid) for every chunk c < nchunks on up to nthreads threads (dynamic schedule);
 * tid < nthreads names the calling thread, for per-thread workspaces. */
void GG_cpu_parallel(int nthreads, int nchunks, GG_cpu_chunk_fn *fn, void *ctx);

/* Threads for a loop that only moves n values (a scatter, a compaction, a concatenation): the
 * library's rule for moves (GG_nthreads_move). */
static inline int GG_cpu_nthreads_move(GrB_Index n)
{
    return GG_nthreads_move(n);
}

/* Chunks for a loop over `items` items on nthreads threads: 1 when serial, else several per
 * thread so the dynamic schedule can balance uneven rows, never more than `items`. */
int GG_cpu_nchunks(int nthreads, GrB_Index items);

/* Splits [0, n) into nchunks ranges of about equal weight: bounds[c]..bounds[c+1], where prefix
 * (n + 1 entries, non-decreasing, prefix[0] = 0) is the running total of the items' weights. */
void GG_cpu_split(const GrB_Index *prefix, GrB_Index n, int nchunks, GrB_Index *bounds);

/* ---- tuple buffers -------------------------------------------------------------------------------
 * A growing list of (row, col, value) tuples, one per chunk; the chunks' buffers, in chunk order,
 * are concatenated into the sorted result. */
typedef struct {
    GrB_Index n, cap;
    GrB_Index *row, *col;
    char *x;
} GG_tbuf;

/* Room for `extra` more tuples of `size`-byte values; false when out of memory. */
bool GG_tbuf_reserve(GG_tbuf *b, GrB_Index extra, size_t size);
void GG_tbuf_free(GG_tbuf *b);
/* T = bufs[0] ++ ... ++ bufs[nb-1]; the buffers are freed on every path. */
GrB_Info GG_tbuf_concat(GG_coo *T, GG_tbuf *bufs, int nb, size_t size);

/* ---- masks as compressed rows ----------------------------------------------------------------- */

/* The mask M (or none) as vectors of a compressed view: the CSR view for an output computed row by
 * row, the CSC view when the engine computes the output's transpose (the push form of mxv). */
typedef struct {
    const GG_cview *v; /* NULL: no mask */
    bool comp;
    GG_cast_fn to_bool; /* NULL: structural */
    size_t size;
} GG_cpu_mrows;

GrB_Info GG_cpu_mrows_get(GG_cpu_mrows *mr, GG_container *M, const GG_desc *d, bool csc);

/* Whether mask entry p is true (before the complement). */
static inline bool GG_cpu_mrows_entry(const GG_cpu_mrows *mr, GrB_Index p)
{
    if (mr->to_bool == NULL) return true;
    bool b;
    mr->to_bool(&b, (const char *)mr->v->x + p * mr->size);
    return b;
}

/* ---- the sparse products (mxm.c) ------------------------------------------------------------------
 * T (nrows x ncols) = A (+.*) B under the mask rows M, both engines parallel over rows:
 * - saxpy: Gustavson, A and B given by rows; a dense or hash accumulator per row, chosen by the
 *   row's work against ncols; the mask (plain or complemented) is applied while accumulating.
 * - dot: B given by columns; computes only the entries of a mask that is not complemented. With
 *   counts (a counting semiring's result type: PLUS with ONEB), each entry is the number of
 *   common indices, found without reading values; kdim is the inner dimension.
 * The mask restricts what is computed; the write-back still applies it. */
GrB_Info GG_cpu_saxpy(GG_coo *T, GrB_Index ncols, const GG_cpu_opnd *A, const GG_cpu_opnd *B,
                      const GG_cpu_mrows *M, const GG_sr *sr, GG_sr_kind kind);
GrB_Info GG_cpu_dot(GG_coo *T, const GG_cpu_opnd *A, const GG_cpu_opnd *Bcols,
                    const GG_cpu_mrows *M, const GG_sr *sr, GG_sr_kind kind, GrB_Type counts,
                    GrB_Index kdim);

#endif /* GG_CPU_KERNEL_H */
