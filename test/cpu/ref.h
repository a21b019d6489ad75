/* ref.h: the dense reference behind the CPU backend's semantic tests. Small matrices are dense
 * arrays with a presence bitmap; every operation is a plain loop over all positions, written
 * from the spec (and, where the spec is silent, from SuiteSparse 7.4's observed behaviour), so
 * its results are obviously right. The tests run the same case through the public GrB_ API and
 * compare. Only built-in types; values live in 8-byte slots. */
#ifndef GG_TEST_REF_H
#define GG_TEST_REF_H

#include <GraphBLAS_gpu.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* ---- random numbers (deterministic everywhere) ---------------------------------------------- */

void rnd_seed(uint64_t seed);
uint64_t rnd(void);
int rnd_int(int n); /* 0 .. n-1 */
bool rnd_chance(int percent);

/* ---- types and values ------------------------------------------------------------------------ */

/* The built-in types by kind, X(suffix, C type), where a rule differs between kinds. */
#define REF_BOOL_T(X) X(BOOL, bool)
#define REF_SIGNED_T(X) X(INT8, int8_t) X(INT16, int16_t) X(INT32, int32_t) X(INT64, int64_t)
#define REF_UNSIGNED_T(X)                                                                          \
    X(UINT8, uint8_t) X(UINT16, uint16_t) X(UINT32, uint32_t) X(UINT64, uint64_t)
#define REF_FLOAT_T(X) X(FP32, float) X(FP64, double)

GrB_Type type_of(int code);
size_t type_size(int code);
const char *type_name(int code);
int rnd_code(void);
/* z (type zc) = x (type xc), by SuiteSparse's rules: float to integer saturates (NaN to 0),
 * integers wrap, anything to bool is x != 0. */
void rcast(void *z, int zc, const void *x, int xc);
bool rtrue(const void *x, int xc); /* x cast to bool */
/* A small random value of type code: mostly -4..4 (or 0..8 unsigned, halves for floats, with
 * both zeros), now and then a large one so that casts wrap and saturate. */
void rnd_value(void *z, int code);
/* When set, floating-point values stay small halves, so that sums of many are exact in any order. */
extern bool ref_exact_values;
bool values_equal(const void *a, const void *b, int code); /* floats by ==, NaN equals NaN */
void print_value(FILE *f, const void *x, int code);

/* ---- dense matrices --------------------------------------------------------------------------- */

typedef struct {
    int code;
    GrB_Index nr, nc;
    bool *p;     /* presence, row-major */
    uint64_t *v; /* one slot per position, the value's bytes first */
} dense;

dense *d_new(int code, GrB_Index nr, GrB_Index nc);
dense *d_copy(const dense *a);
dense *d_random(int code, GrB_Index nr, GrB_Index nc, int percent);
dense *d_transpose(const dense *a);
void d_free(dense *d);
#define D_P(d, i, j) ((d)->p[(i) * (d)->nc + (j)])
#define D_V(d, i, j) ((void *)((d)->v + (i) * (d)->nc + (j)))
void d_print(FILE *f, const char *name, const dense *d); /* only the size when large */
/* Exact comparison; prints both on a mismatch. */
bool d_equal(const dense *want, const dense *got);

/* Library objects from and to dense; entries are built with GrB_*_build or, at random, one by
 * one with setElement so the kernels also meet pending work. */
GrB_Matrix d_to_matrix(const dense *d);
GrB_Vector d_to_vector(const dense *d); /* nc must be 1 */
dense *d_from_matrix(GrB_Matrix A, int code);
dense *d_from_vector(GrB_Vector v, int code);
GrB_Scalar scalar_of(const void *x, int code); /* x NULL: an empty GrB_Scalar */

/* ---- binary operators -------------------------------------------------------------------------- */

enum {
    OP_PLUS, OP_MINUS, OP_TIMES, OP_MIN, OP_MAX, OP_FIRST, OP_SECOND, OP_LT,
    OP_BOR, OP_BAND, OP_BXOR, /* integer types only */
    OP_LXNOR,                 /* BOOL only */
    OP_USER,                  /* FP64: z = 2x - y, not commutative */
    NBINOPS
};

typedef struct {
    int op;
    int code; /* x and y type */
} rbin;

bool rbin_bitwise(int op);

rbin rbin_random(void);
int rbin_ztype(rbin b);
GrB_BinaryOp rbin_handle(rbin b);
void rbin_apply(rbin b, void *z, const void *x, const void *y);
const char *rbin_name(rbin b);
/* The user-defined operator behind OP_USER (created by ref_init). */
extern GrB_BinaryOp ref_user_op;

/* ---- masks, descriptors and the write-back ------------------------------------------------------ */

typedef struct {
    const dense *M; /* NULL: no mask */
    bool structural, comp, replace;
    bool tran0, tran1;
} rdesc;

/* Random mask settings (M is left for the caller), replace and transposes. */
rdesc rdesc_random(bool allow_tran);
GrB_Descriptor rdesc_make(const rdesc *d); /* NULL when everything is default */
bool rmask_allows(const rdesc *d, GrB_Index i, GrB_Index j);
/* C<M,replace> = accum(C, T): the spec's loops. accum NULL: Z = T. */
void ref_writeback(dense *C, const rdesc *d, const rbin *accum, const dense *T);
void rdesc_print(FILE *f, const rdesc *d, const rbin *accum);

/* ---- setup ------------------------------------------------------------------------------------ */

void ref_init(void);     /* after GrB_init */
void ref_finalize(void); /* before GrB_finalize */

/* Runs case(seed) for seeds base .. base + n - 1 (or only $GG_CPU_SEED when set) and returns how
 * many failed; a failing case prints its seed. */
int run_cases(const char *name, uint64_t base, int n, bool (*one)(uint64_t seed));

#endif /* GG_TEST_REF_H */
