/* hs_gen.h: tiny deterministic graph generators for the HiSparse storage measurements (the shared
 * generators in tools/ are not used here on purpose): 2-D grid, banded, FEM-like 9-point mesh,
 * uniform random, Graph500 RMAT with a random vertex permutation, the papers' "special" localized
 * pattern, and dense. Each appends (i, j, x) tuples with FP32 values in generation order
 * (unsorted, possibly with duplicates) to a gen_coo. */
#ifndef HS_GEN_H
#define HS_GEN_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "GraphBLAS_gpu.h"

typedef struct {
    GrB_Index nrows, ncols, n, cap;
    GrB_Index *I, *J;
    float *X;
} gen_coo;

static inline uint64_t gen_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline double gen_unit(uint64_t *s)
{
    return (double)(gen_rand(s) >> 11) * (1.0 / 9007199254740992.0);
}

static inline void gen_init(gen_coo *g, GrB_Index nrows, GrB_Index ncols, GrB_Index cap)
{
    memset(g, 0, sizeof *g);
    g->nrows = nrows;
    g->ncols = ncols;
    g->cap = cap > 16 ? cap : 16;
    g->I = malloc(g->cap * sizeof *g->I);
    g->J = malloc(g->cap * sizeof *g->J);
    g->X = malloc(g->cap * sizeof *g->X);
    if (g->I == NULL || g->J == NULL || g->X == NULL) abort();
}

static inline void gen_add(gen_coo *g, GrB_Index i, GrB_Index j, uint64_t *s)
{
    if (g->n == g->cap) {
        g->cap *= 2;
        g->I = realloc(g->I, g->cap * sizeof *g->I);
        g->J = realloc(g->J, g->cap * sizeof *g->J);
        g->X = realloc(g->X, g->cap * sizeof *g->X);
        if (g->I == NULL || g->J == NULL || g->X == NULL) abort();
    }
    g->I[g->n] = i;
    g->J[g->n] = j;
    g->X[g->n++] = (float)(1 + gen_rand(s) % 1000) / 8;
}

static inline void gen_free(gen_coo *g)
{
    free(g->I);
    free(g->J);
    free(g->X);
    memset(g, 0, sizeof *g);
}

/* k x k grid, 4 neighbours, vertices numbered row by row. */
static inline void gen_grid(gen_coo *g, GrB_Index k, uint64_t seed)
{
    gen_init(g, k * k, k * k, 4 * k * k);
    for (GrB_Index r = 0; r < k; r++)
        for (GrB_Index c = 0; c < k; c++) {
            GrB_Index v = r * k + c;
            if (r > 0) gen_add(g, v, v - k, &seed);
            if (c > 0) gen_add(g, v, v - 1, &seed);
            if (c + 1 < k) gen_add(g, v, v + 1, &seed);
            if (r + 1 < k) gen_add(g, v, v + k, &seed);
        }
}

/* n x n, every |i - j| <= w present with probability p. */
static inline void gen_banded(gen_coo *g, GrB_Index n, GrB_Index w, double p, uint64_t seed)
{
    gen_init(g, n, n, (GrB_Index)((double)n * (2 * w + 1) * p) + 16);
    for (GrB_Index i = 0; i < n; i++) {
        GrB_Index lo = i > w ? i - w : 0, hi = i + w < n ? i + w : n - 1;
        for (GrB_Index j = lo; j <= hi; j++)
            if (j == i || gen_unit(&seed) < p) gen_add(g, i, j, &seed);
    }
}

/* FEM-like: the 9-point stencil of a k x k mesh (bilinear elements), diagonal included. */
static inline void gen_fem(gen_coo *g, GrB_Index k, uint64_t seed)
{
    gen_init(g, k * k, k * k, 9 * k * k);
    for (GrB_Index r = 0; r < k; r++)
        for (GrB_Index c = 0; c < k; c++)
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int64_t rr = (int64_t)r + dr, cc = (int64_t)c + dc;
                    if (rr < 0 || cc < 0 || rr >= (int64_t)k || cc >= (int64_t)k) continue;
                    gen_add(g, r * k + c, (GrB_Index)rr * k + (GrB_Index)cc, &seed);
                }
}

/* m uniformly random positions in an n x n matrix. */
static inline void gen_uniform(gen_coo *g, GrB_Index n, GrB_Index m, uint64_t seed)
{
    gen_init(g, n, n, m);
    for (GrB_Index k = 0; k < m; k++) gen_add(g, gen_rand(&seed) % n, gen_rand(&seed) % n, &seed);
}

/* Graph500 Kronecker / RMAT: 2^scale vertices, edge_factor * 2^scale directed edges, a = .57,
 * b = c = .19, vertex ids randomly permuted. */
static inline void gen_rmat(gen_coo *g, int scale, int edge_factor, uint64_t seed)
{
    GrB_Index n = 1ULL << scale, m = (GrB_Index)edge_factor << scale;
    gen_init(g, n, n, m);
    GrB_Index *perm = malloc(n * sizeof *perm);
    if (perm == NULL) abort();
    for (GrB_Index v = 0; v < n; v++) perm[v] = v;
    for (GrB_Index v = n - 1; v > 0; v--) {
        GrB_Index u = gen_rand(&seed) % (v + 1), t = perm[v];
        perm[v] = perm[u];
        perm[u] = t;
    }
    for (GrB_Index k = 0; k < m; k++) {
        GrB_Index i = 0, j = 0;
        for (int bit = 0; bit < scale; bit++) {
            double r = gen_unit(&seed);
            int qi = r >= 0.57 + 0.19, qj = (r >= 0.57 && r < 0.76) || r >= 0.95;
            i = (i << 1) | (GrB_Index)qi;
            j = (j << 1) | (GrB_Index)qj;
        }
        gen_add(g, perm[i], perm[j], &seed);
    }
    free(perm);
}

/* The papers' "special" matrix is very localized: dense-ish blocks of 16..512 along the diagonal
 * with a few entries scattered between them. */
static inline void gen_localized(gen_coo *g, GrB_Index n, uint64_t seed)
{
    gen_init(g, n, n, n * 32);
    for (GrB_Index start = 0; start < n;) {
        GrB_Index size = 16 + gen_rand(&seed) % 497;
        if (start + size > n) size = n - start;
        double p = 0.2 + 0.7 * gen_unit(&seed);
        for (GrB_Index i = 0; i < size; i++)
            for (GrB_Index j = 0; j < size; j++)
                if (gen_unit(&seed) < p) gen_add(g, start + i, start + j, &seed);
        for (int k = 0; k < 4; k++) gen_add(g, start + gen_rand(&seed) % size, gen_rand(&seed) % n, &seed);
        start += size;
    }
}

static inline void gen_dense(gen_coo *g, GrB_Index n, uint64_t seed)
{
    gen_init(g, n, n, n * n);
    for (GrB_Index i = 0; i < n; i++)
        for (GrB_Index j = 0; j < n; j++) gen_add(g, i, j, &seed);
}

#endif /* HS_GEN_H */
