/* diff.h: shared declarations of the differential programs. The same sources are compiled once
 * against GraphBLAS_gpu and once against SuiteSparse 7.4, so they use only the GraphBLAS C API 2.0
 * subset both libraries provide (no GrB_get/GrB_set, no GrB_DEFAULT), and everything printed must
 * be a pure function of the seed and the library's answers (Doc/testing.md, "Differential
 * testing"). */
#ifndef DIFF_H
#define DIFF_H

#include <GraphBLAS.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The eleven built-in types, in GrB_Type_Code order: X(suffix, C type). */
#define DT_TYPES(X)                                                                                \
    X(BOOL, bool) X(INT8, int8_t) X(UINT8, uint8_t) X(INT16, int16_t) X(UINT16, uint16_t)          \
    X(INT32, int32_t) X(UINT32, uint32_t) X(INT64, int64_t) X(UINT64, uint64_t) X(FP32, float)     \
    X(FP64, double)

#define DT_ENUM(T, C) DT_##T,
enum { DT_TYPES(DT_ENUM) DT_N };
#undef DT_ENUM

extern GrB_Type dt_type[DT_N];
extern const char *const dt_name[DT_N];
extern const size_t dt_size[DT_N];
bool dt_is_float(int t);

/* A typed C scalar. */
typedef struct {
    int t;
    union {
#define DT_MEMBER(T, C) C v_##T;
        DT_TYPES(DT_MEMBER)
#undef DT_MEMBER
    } v;
} tval;

/* splitmix64: one independent stream per case, so any case can be rerun alone. */
typedef struct {
    uint64_t s;
} rng_t;
uint64_t rng_next(rng_t *r);
uint64_t rng_below(rng_t *r, uint64_t n);
bool rng_chance(rng_t *r, double p);

/* Operator tables. `kind`: K_PLUS and K_TIMES mark the operators whose floating-point reductions
 * depend on the order of evaluation; K_CMP the comparisons (Boolean result). */
enum { K_OTHER, K_PLUS, K_TIMES, K_CMP };
typedef struct {
    const char *name;
    GrB_BinaryOp op;
    int t;
    int kind;
} binop_t;
typedef struct {
    const char *name;
    GrB_Monoid op;
    int t;
    int kind;
} monoid_t;
typedef struct {
    const char *name;
    GrB_Semiring op;
    int t;
    int add_kind;
} semiring_t;
typedef struct {
    const char *name;
    GrB_UnaryOp op;
} unop_t;
/* t: the value type of the VALUE* ops, -1 for positional ops (thunk int64 or int32 below). */
typedef struct {
    const char *name;
    GrB_IndexUnaryOp op;
    int t;
    int thunk_t;
    bool selects;
} idxop_t;

extern binop_t *tab_binop;
extern int n_binop;
extern monoid_t *tab_monoid;
extern int n_monoid;
extern semiring_t *tab_semiring;
extern int n_semiring;
extern unop_t *tab_unop;
extern int n_unop;
extern idxop_t *tab_idxop;
extern int n_idxop;
void tables_init(void);

/* A vector or matrix of the case's pool. Vectors have nc == 1. `fuzzy`: its floating-point values
 * went through an order-dependent reduction, so the comparison allows the stated tolerance. */
typedef struct {
    int id;
    bool is_vec;
    int t;
    GrB_Index nr, nc;
    GrB_Matrix A;
    GrB_Vector v;
    bool fuzzy;
    bool retired; /* written by a call that failed: no later operation uses it (diff_ops.c) */
} dobj;

#define POOL_MAX 64
#define ARENA_MAX 256
typedef struct {
    rng_t r;
    dobj *pool[POOL_MAX];
    int np;
    bool exact;     /* restrict floating-point inputs to values whose sums are exact */
    double reuse;   /* chance that an operand is taken from the pool (aliasing) */
    bool huge_ok;   /* dimensions may be huge (hypersparse); then none is zero */
    bool seq_n_set; /* in a sequence, most dimensions are seq_n */
    GrB_Index seq_n;
    void *arena[ARENA_MAX];
    int narena;
    GrB_Descriptor descs[16];
    int ndescs;
} ctx;

void *ctx_alloc(ctx *c, size_t bytes);
void ctx_free_all(ctx *c);

/* values */
tval val_random(ctx *c, int t);
void val_print(int t, const void *p);
void *val_ptr(tval *x);

/* dimensions and indices */
GrB_Index dim_random(ctx *c);
GrB_Index dim_small(ctx *c);
bool dim_huge(GrB_Index d);
GrB_Index index_random(ctx *c, GrB_Index dim);
/* An index list over [0,dim): GrB_ALL (when allow_all) or explicit entries, duplicates possible. */
const GrB_Index *list_random(ctx *c, GrB_Index dim, bool allow_all, GrB_Index *len);
void list_print(const char *what, const GrB_Index *list, GrB_Index len);

/* objects */
dobj *obj_new(ctx *c, bool is_vec, int t, GrB_Index nr, GrB_Index nc);
/* adds an existing matrix or vector (the other handle NULL) to the pool */
dobj *obj_wrap(ctx *c, bool is_vec, int t, GrB_Index nr, GrB_Index nc, GrB_Matrix A, GrB_Vector v);
void obj_fill_random(ctx *c, dobj *o);
dobj *get_mat(ctx *c, GrB_Index nr, GrB_Index nc);
dobj *get_vec(ctx *c, GrB_Index n);
dobj *get_out_mat(ctx *c, GrB_Index nr, GrB_Index nc);
dobj *get_out_vec(ctx *c, GrB_Index n);
dobj *get_mask_mat(ctx *c, GrB_Index nr, GrB_Index nc);
dobj *get_mask_vec(ctx *c, GrB_Index n);
void obj_dump(const char *tag, const dobj *o);
void pool_dump(ctx *c);
bool obj_has_negzero(const dobj *o);
void ctx_release(ctx *c);
const char *obj_name(const dobj *o);

/* picks */
int type_random(ctx *c);
const binop_t *binop_random(ctx *c);
const binop_t *dup_random(ctx *c, int t);
const binop_t *binop_reducer_random(ctx *c);
const monoid_t *monoid_random(ctx *c);
const semiring_t *semiring_random(ctx *c);
const unop_t *unop_random(ctx *c);
const idxop_t *idxop_random(ctx *c, bool for_select);
const binop_t *accum_random(ctx *c);

/* Descriptor bits, as in the predefined GrB_DESC_[R][S][C][T0][T1] names. */
enum { D_T1 = 1, D_T0 = 2, D_C = 4, D_S = 8, D_R = 16 };
GrB_Descriptor desc_random(ctx *c, int allowed, int *bits);
/* A new descriptor with the settings in bits (the caller frees it). */
GrB_Descriptor desc_build(int bits);
void desc_print(int bits);

/* typed dispatch over tval::t */
GrB_Info dt_vec_build(GrB_Vector v, int t, const GrB_Index *I, const void *X, GrB_Index n,
                      GrB_BinaryOp dup);
GrB_Info dt_mat_build(GrB_Matrix A, int t, const GrB_Index *I, const GrB_Index *J, const void *X,
                      GrB_Index n, GrB_BinaryOp dup);
GrB_Info dt_vec_setElement(GrB_Vector v, tval x, GrB_Index i);
GrB_Info dt_mat_setElement(GrB_Matrix A, tval x, GrB_Index i, GrB_Index j);
GrB_Info dt_vec_extractElement(tval *x, GrB_Vector v, GrB_Index i);
GrB_Info dt_mat_extractElement(tval *x, GrB_Matrix A, GrB_Index i, GrB_Index j);
GrB_Info dt_vec_extractTuples(GrB_Index *I, void *X, GrB_Index *n, int t, GrB_Vector v);
GrB_Info dt_mat_extractTuples(GrB_Index *I, GrB_Index *J, void *X, GrB_Index *n, int t,
                              GrB_Matrix A);
GrB_Info dt_scalar_set(GrB_Scalar s, tval x);
GrB_Info dt_scalar_get(tval *x, GrB_Scalar s);
GrB_Info dt_vec_assign(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, tval x, const GrB_Index *I,
                       GrB_Index ni, GrB_Descriptor d);
GrB_Info dt_mat_assign(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, tval x, const GrB_Index *I,
                       GrB_Index ni, const GrB_Index *J, GrB_Index nj, GrB_Descriptor d);
GrB_Info dt_vec_apply1st(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op, tval x,
                         GrB_Vector u, GrB_Descriptor d);
GrB_Info dt_mat_apply1st(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_BinaryOp op, tval x,
                         GrB_Matrix A, GrB_Descriptor d);
GrB_Info dt_vec_apply2nd(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op,
                         GrB_Vector u, tval y, GrB_Descriptor d);
GrB_Info dt_mat_apply2nd(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_BinaryOp op,
                         GrB_Matrix A, tval y, GrB_Descriptor d);
GrB_Info dt_vec_applyIdx(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                         GrB_Vector u, tval y, GrB_Descriptor d);
GrB_Info dt_mat_applyIdx(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                         GrB_Matrix A, tval y, GrB_Descriptor d);
GrB_Info dt_vec_select(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                       GrB_Vector u, tval y, GrB_Descriptor d);
GrB_Info dt_mat_select(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp acc, GrB_IndexUnaryOp op,
                       GrB_Matrix A, tval y, GrB_Descriptor d);
GrB_Info dt_vec_reduce(tval *x, GrB_BinaryOp acc, GrB_Monoid op, GrB_Vector u, GrB_Descriptor d);
GrB_Info dt_mat_reduce(tval *x, GrB_BinaryOp acc, GrB_Monoid op, GrB_Matrix A, GrB_Descriptor d);
GrB_Info dt_mat_import(GrB_Matrix *A, int t, GrB_Index nr, GrB_Index nc, const GrB_Index *Ap,
                       const GrB_Index *Ai, const void *Ax, GrB_Index np, GrB_Index ni,
                       GrB_Index nx, GrB_Format f);
GrB_Info dt_mat_export(GrB_Index *Ap, GrB_Index *Ai, void *Ax, GrB_Index *np, GrB_Index *ni,
                       GrB_Index *nx, GrB_Format f, int t, GrB_Matrix A);

/* output */
void info_print(const char *what, GrB_Info info);
void scalar_dump(const char *tag, GrB_Scalar s, int t, bool fuzzy);
void tval_print(const char *tag, GrB_Info info, tval x, bool fuzzy);

/* case families */
void case_object(ctx *c);
void case_error(ctx *c);
void case_op(ctx *c);
void case_sequence(ctx *c);
void case_lopsided(ctx *c);
/* One random operation on the pool: picks a family, its operands (through get_mat/get_vec) and
 * arguments, prints what it does, runs it and dumps the output. */
void op_random(ctx *c);

#endif
