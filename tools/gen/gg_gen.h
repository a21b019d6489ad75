/* gg_gen.h: deterministic graph generators for the tools, tests and benchmarks (Doc/io.md).
 * Written against the public GraphBLAS API only, so the same sources build against this library
 * (through the <GraphBLAS.h> shim) and against SuiteSparse. A generator fills a GG_coo with 0-based
 * tuples; GG_coo_build turns them into a GrB_Matrix of any built-in type. The same seed gives the
 * same tuples in the same order whatever the number of threads. */
#ifndef GG_GEN_H
#define GG_GEN_H

#include <stddef.h>
#include <stdint.h>

#include <GraphBLAS.h>

/* Tuples of an nrows x ncols matrix. X is NULL when every value is 1 (an unweighted graph). */
typedef struct GG_coo {
    GrB_Index nrows, ncols, nvals;
    GrB_Index *I, *J;
    double *X;
} GG_coo;

/* Post-processing, applied in this order after generation. */
#define GG_GEN_PERMUTE 0x1u    /* relabel the vertices by a random permutation (Graph500, GAP) */
#define GG_GEN_SYMMETRIZE 0x2u /* add (j,i) for every (i,j) */
#define GG_GEN_CLEAN 0x4u      /* drop self-loops and duplicates; tuples come out sorted by (i,j) */

/* Edge weights: a function of the unordered pair {i,j} and the seed, so a symmetric graph gets
 * symmetric weights and a duplicate edge the same weight. */
typedef enum {
    GG_WEIGHTS_NONE = 0, /* X = NULL */
    GG_WEIGHTS_INT,      /* integers uniform in [1,255], as GAP's weighted graphs */
    GG_WEIGHTS_REAL      /* reals uniform in (0,1] */
} GG_gen_weights;

typedef enum {
    GG_GEN_RMAT,  /* Graph500 Kronecker: a = .57, b = .19, c = .19, d = .05 */
    GG_GEN_GRID,  /* n x n 2-D grid, 4-neighbour, both directions (road-like) */
    GG_GEN_URAND, /* n vertices, m edges with uniformly random ends (Erdos-Renyi) */
    GG_GEN_BAND,  /* symmetric banded FEM-like: full diagonal, random entries in the band */
    GG_GEN_LOCAL, /* the HiSparse papers' "special" localized pattern (Doc/io.md) */
    GG_GEN_DENSE  /* every entry of an n x n matrix */
} GG_gen_kind;

/* A generator call: what the CLI's --gen string describes plus seed, flags and weights. */
typedef struct GG_gen_spec {
    GG_gen_kind kind;
    uint64_t n;     /* rmat: scale; grid: side; urand, band, local, dense: vertices */
    uint64_t m;     /* rmat: edge factor; urand: edges; band: half-bandwidth; local: tile entries per row */
    double density; /* band: probability of each position inside the band */
    uint64_t seed;
    unsigned flags;
    GG_gen_weights weights;
} GG_gen_spec;

/* Every generator returns GrB_SUCCESS, GrB_INVALID_VALUE (bad parameters or A == NULL) or
 * GrB_OUT_OF_MEMORY; on failure *A is left untouched. */
GrB_Info GG_gen_rmat(GG_coo *A, unsigned scale, uint64_t edge_factor, uint64_t seed, unsigned flags,
                     GG_gen_weights weights);
GrB_Info GG_gen_grid(GG_coo *A, uint64_t side, uint64_t seed, unsigned flags, GG_gen_weights weights);
GrB_Info GG_gen_urand(GG_coo *A, uint64_t n, uint64_t m, uint64_t seed, unsigned flags,
                      GG_gen_weights weights);
GrB_Info GG_gen_band(GG_coo *A, uint64_t n, uint64_t half_bandwidth, double density, uint64_t seed,
                     unsigned flags, GG_gen_weights weights);
GrB_Info GG_gen_local(GG_coo *A, uint64_t n, uint64_t tile_degree, uint64_t seed, unsigned flags,
                      GG_gen_weights weights);
GrB_Info GG_gen_dense(GG_coo *A, uint64_t n, uint64_t seed, unsigned flags, GG_gen_weights weights);

/* Runs the generator a spec describes. */
GrB_Info GG_gen(GG_coo *A, const GG_gen_spec *spec);

/* Parses "rmat:SCALE[:EF] | grid:N | urand:N:M | band:N:W[:DENSITY] | local:N[:DEGREE] | dense:N"
 * (defaults EF 16, DENSITY 0.2, DEGREE 5; Doc/io.md gives the ranges).
 * Sets the kind's parameters, seed 1, no weights and the kind's default flags (rmat: PERMUTE;
 * local: CLEAN, since its tiles overlap). On error returns GrB_INVALID_VALUE with a message naming
 * the spec and the accepted forms in err (which may be NULL), and leaves *spec untouched. */
GrB_Info GG_gen_parse(GG_gen_spec *spec, const char *text, char *err, size_t errlen);

/* Frees the arrays and zeroes the struct; A == NULL is a no-op. */
void GG_coo_free(GG_coo *A);

/* Builds a new matrix of the given built-in type from the tuples: values are typecast from double
 * (X == NULL builds 1s), duplicates are combined by dup (NULL: GrB_FIRST_FP64). */
GrB_Info GG_coo_build(GrB_Matrix *M, const GG_coo *A, GrB_Type type, GrB_BinaryOp dup);

#endif
