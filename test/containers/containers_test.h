/* containers_test.h: helpers shared by the container tests: GrB_Info checks, the library
 * context for a cmocka group, a small user-defined type, a seeded random generator, a dense
 * reference model of a matrix for random update sequences, and a timer. */
#ifndef CONTAINERS_TEST_H
#define CONTAINERS_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define INFO(call, code) assert_int_equal((call), (code))

/* Every test binary runs inside one GrB_init / GrB_finalize. */
static inline int ct_group_setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static inline int ct_group_teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* A 16-byte user-defined type and a binary operator on it (component-wise sum). */
typedef struct {
    double re;
    int32_t tag;
    char label[4];
} ct_udt;

static inline void ct_udt_add(void *z, const void *x, const void *y)
{
    const ct_udt *a = x, *b = y;
    ct_udt r = {a->re + b->re, a->tag + b->tag, {'s', 'u', 'm', '\0'}};
    memcpy(z, &r, sizeof r);
}

static inline ct_udt ct_udt_make(double re, int32_t tag)
{
    ct_udt u = {re, tag, {'v', 'a', 'l', '\0'}};
    return u;
}

static inline bool ct_udt_equal(const ct_udt *a, const ct_udt *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* splitmix64: deterministic across platforms. */
static inline uint64_t ct_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline double ct_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A dense reference of a small FP64 matrix: which positions hold a value, and the value. */
typedef struct {
    GrB_Index nrows, ncols;
    bool *present;
    double *value;
} ct_model;

static inline ct_model ct_model_new(GrB_Index nrows, GrB_Index ncols)
{
    ct_model m = {nrows, ncols, calloc(nrows * ncols, sizeof(bool)),
                  calloc(nrows * ncols, sizeof(double))};
    assert_non_null(m.present);
    assert_non_null(m.value);
    return m;
}

static inline void ct_model_free(ct_model *m)
{
    free(m->present);
    free(m->value);
}

static inline GrB_Index ct_model_nvals(const ct_model *m)
{
    GrB_Index n = 0;
    for (GrB_Index k = 0; k < m->nrows * m->ncols; k++) n += m->present[k];
    return n;
}

/* The matrix's tuples must be exactly the model's, in row-major order. */
static inline void ct_model_check(const ct_model *m, GrB_Matrix A)
{
    GrB_Index n = ct_model_nvals(m), got = 0;
    OK(GrB_Matrix_nvals(&got, A));
    assert_int_equal(got, n);
    GrB_Index *I = malloc((n + 1) * sizeof *I), *J = malloc((n + 1) * sizeof *J);
    double *X = malloc((n + 1) * sizeof *X);
    assert_true(I != NULL && J != NULL && X != NULL);
    got = n;
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &got, A));
    assert_int_equal(got, n);
    GrB_Index p = 0;
    for (GrB_Index i = 0; i < m->nrows; i++) {
        for (GrB_Index j = 0; j < m->ncols; j++) {
            if (!m->present[i * m->ncols + j]) continue;
            assert_int_equal(I[p], i);
            assert_int_equal(J[p], j);
            assert_true(X[p] == m->value[i * m->ncols + j]);
            p++;
        }
    }
    free(I);
    free(J);
    free(X);
}

/* A pointer an output handle is preset to: a failed method must leave it so. */
static inline void *ct_sentinel(void)
{
    static char storage;
    return &storage;
}
#define CT_SENTINEL(K) ((K)ct_sentinel())

#endif /* CONTAINERS_TEST_H */
