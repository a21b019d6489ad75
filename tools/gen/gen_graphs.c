/* gen_graphs.c: the six generators. Each is a chunk function (what one chunk of rows or edges
 * emits) plus an entry point that validates the parameters and hands the chunks to gen_run. */
#include <math.h>
#include <stdlib.h>

#include "gen_internal.h"

/* ---- RMAT / Graph500 Kronecker --------------------------------------------------------------- */

typedef struct {
    unsigned scale;
    uint64_t nedges;
} rmat_params;

/* Initiator probabilities as 32-bit thresholds: a, a+b, a+b+c. */
#define RMAT_TA ((uint64_t)(0.57 * 4294967296.0))
#define RMAT_TAB ((uint64_t)(0.76 * 4294967296.0))
#define RMAT_TABC ((uint64_t)(0.95 * 4294967296.0))

static inline void rmat_level(uint64_t r, GrB_Index *i, GrB_Index *j)
{
    uint64_t row = r >= RMAT_TAB;
    uint64_t col = (r >= RMAT_TA && r < RMAT_TAB) || r >= RMAT_TABC;
    *i = (*i << 1) | row;
    *j = (*j << 1) | col;
}

static void rmat_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    const rmat_params *p = params;
    uint64_t lo = chunk * GEN_CHUNK;
    uint64_t hi = lo + GEN_CHUNK < p->nedges ? lo + GEN_CHUNK : p->nedges;
    if (!gen_buf_reserve(out, hi - lo)) return;
    for (uint64_t e = lo; e < hi; e++) {
        GrB_Index i = 0, j = 0;
        unsigned level = 0;
        /* one 64-bit draw decides two levels */
        for (; level + 2 <= p->scale; level += 2) {
            uint64_t r = gen_rng_next(rng);
            rmat_level(r >> 32, &i, &j);
            rmat_level(r & 0xffffffffu, &i, &j);
        }
        if (level < p->scale) rmat_level(gen_rng_next(rng) >> 32, &i, &j);
        out->I[out->n] = i;
        out->J[out->n] = j;
        out->n++;
    }
}

GrB_Info GG_gen_rmat(GG_coo *A, unsigned scale, uint64_t edge_factor, uint64_t seed, unsigned flags,
                     GG_gen_weights weights)
{
    if (!A || scale < 1 || scale > 32 || edge_factor < 1 || edge_factor > (UINT64_MAX >> 1 >> scale))
        return GrB_INVALID_VALUE;
    rmat_params p = {scale, edge_factor << scale};
    uint64_t n = (uint64_t)1 << scale;
    return gen_run(A, n, n, (p.nedges + GEN_CHUNK - 1) / GEN_CHUNK, rmat_chunk, &p, seed, flags, weights);
}

/* ---- 2-D grid -------------------------------------------------------------------------------- */

typedef struct {
    uint64_t side, rows_per_chunk;
} grid_params;

static void grid_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    (void)rng;
    const grid_params *p = params;
    uint64_t s = p->side, r0 = chunk * p->rows_per_chunk;
    uint64_t r1 = r0 + p->rows_per_chunk < s ? r0 + p->rows_per_chunk : s;
    if (!gen_buf_reserve(out, 4 * s * (r1 - r0))) return;
    /* neighbours in increasing vertex id: up, left, right, down */
    for (uint64_t r = r0; r < r1; r++)
        for (uint64_t c = 0; c < s; c++) {
            GrB_Index v = r * s + c;
            if (r > 0) gen_push(out, v, v - s);
            if (c > 0) gen_push(out, v, v - 1);
            if (c + 1 < s) gen_push(out, v, v + 1);
            if (r + 1 < s) gen_push(out, v, v + s);
        }
}

GrB_Info GG_gen_grid(GG_coo *A, uint64_t side, uint64_t seed, unsigned flags, GG_gen_weights weights)
{
    if (!A || side < 1 || side > ((uint64_t)1 << 16)) return GrB_INVALID_VALUE;
    grid_params p = {side, GEN_CHUNK / side ? GEN_CHUNK / side : 1};
    return gen_run(A, side * side, side * side, (side + p.rows_per_chunk - 1) / p.rows_per_chunk, grid_chunk,
                   &p, seed, flags, weights);
}

/* ---- uniform random -------------------------------------------------------------------------- */

typedef struct {
    uint64_t n, m;
} urand_params;

static void urand_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    const urand_params *p = params;
    uint64_t lo = chunk * GEN_CHUNK, hi = lo + GEN_CHUNK < p->m ? lo + GEN_CHUNK : p->m;
    if (!gen_buf_reserve(out, hi - lo)) return;
    for (uint64_t e = lo; e < hi; e++) {
        GrB_Index i = gen_rng_below(rng, p->n);
        gen_push(out, i, gen_rng_below(rng, p->n));
    }
}

GrB_Info GG_gen_urand(GG_coo *A, uint64_t n, uint64_t m, uint64_t seed, unsigned flags,
                      GG_gen_weights weights)
{
    if (!A || n < 1 || n > GEN_MAX_VERTICES) return GrB_INVALID_VALUE;
    urand_params p = {n, m};
    return gen_run(A, n, n, (m + GEN_CHUNK - 1) / GEN_CHUNK, urand_chunk, &p, seed, flags, weights);
}

/* ---- banded FEM-like ------------------------------------------------------------------------- */

typedef struct {
    uint64_t n, w, rows_per_chunk;
    double density;
} band_params;

/* Row i holds its diagonal and, for each j in [i-w, i), the pair (i,j),(j,i) with probability
 * density; positions are drawn by geometric skips, so the cost follows the entries, not the band. */
static void band_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    const band_params *p = params;
    uint64_t r0 = chunk * p->rows_per_chunk,
             r1 = r0 + p->rows_per_chunk < p->n ? r0 + p->rows_per_chunk : p->n;
    double lg = p->density < 1 ? log1p(-p->density) : 0;
    for (uint64_t i = r0; i < r1; i++) {
        uint64_t pos = i > p->w ? i - p->w : 0;
        while (pos < i) {
            if (p->density < 1) {
                double skip = floor(log(gen_rng_unit(rng)) / lg);
                if (skip >= (double)(i - pos)) break;
                pos += (uint64_t)skip;
            }
            gen_push(out, i, pos);
            gen_push(out, pos, i);
            pos++;
        }
        gen_push(out, i, i);
    }
}

GrB_Info GG_gen_band(GG_coo *A, uint64_t n, uint64_t half_bandwidth, double density, uint64_t seed,
                     unsigned flags, GG_gen_weights weights)
{
    if (!A || n < 1 || n > GEN_MAX_VERTICES || !(density > 0 && density <= 1)) return GrB_INVALID_VALUE;
    uint64_t w = half_bandwidth < n ? half_bandwidth : n - 1;
    uint64_t per_row = 1 + (uint64_t)(2 * (double)w * density);
    band_params p = {n, w, GEN_CHUNK / per_row ? GEN_CHUNK / per_row : 1, density};
    return gen_run(A, n, n, (n + p.rows_per_chunk - 1) / p.rows_per_chunk, band_chunk, &p, seed, flags,
                   weights);
}

/* ---- localized ("special") ------------------------------------------------------------------- */

/* Diagonal blocks of log-uniform size in [LOCAL_BMIN, LOCAL_BMAX]; each receives dense square tiles
 * of log-uniform side in [LOCAL_TMIN, LOCAL_TMAX] at uniform positions inside the block until it
 * holds tile_degree entries per row, and each of its rows is, with probability 1/LOCAL_HUB, a hub
 * row holding each position of its block with probability 3/4. Doc/io.md compares the result with
 * the papers' matrix. */
#define LOCAL_BMIN 256.0
#define LOCAL_BMAX 8192.0
#define LOCAL_TMIN 2.0
#define LOCAL_TMAX 12.0
#define LOCAL_HUB 1024

typedef struct {
    uint64_t nblocks, degree;
    const uint64_t *start; /* nblocks + 1 block boundaries */
} local_params;

static void local_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    const local_params *p = params;
    uint64_t s = p->start[chunk], b = p->start[chunk + 1] - s;
    uint64_t target = p->degree * b, placed = 0;
    if (!gen_buf_reserve(out, target + LOCAL_TMAX * LOCAL_TMAX)) return;
    while (placed < target) {
        uint64_t t = (uint64_t)llround(LOCAL_TMIN * pow(LOCAL_TMAX / LOCAL_TMIN, gen_rng_unit(rng)));
        if (t > b) t = b;
        uint64_t r0 = s + gen_rng_below(rng, b - t + 1), c0 = s + gen_rng_below(rng, b - t + 1);
        for (uint64_t r = r0; r < r0 + t; r++)
            for (uint64_t c = c0; c < c0 + t; c++) gen_push(out, r, c);
        placed += t * t;
    }
    for (uint64_t r = s; r < s + b; r++) {
        if (gen_rng_below(rng, LOCAL_HUB) != 0) continue;
        for (uint64_t c = s; c < s + b; c++)
            if (gen_rng_next(rng) >> 62) gen_push(out, r, c);
    }
}

GrB_Info GG_gen_local(GG_coo *A, uint64_t n, uint64_t tile_degree, uint64_t seed, unsigned flags,
                      GG_gen_weights weights)
{
    if (!A || n < 1 || n > GEN_MAX_VERTICES || tile_degree < 1 || tile_degree > 1024)
        return GrB_INVALID_VALUE;
    /* block boundaries come from one stream, before the parallel part */
    size_t cap = 1 + n / (size_t)LOCAL_BMIN + 1;
    uint64_t *start = malloc((cap + 1) * sizeof(uint64_t));
    if (!start) return GrB_OUT_OF_MEMORY;
    gen_rng rng;
    gen_rng_seed(&rng, seed, GEN_STREAM_BLOCKS, 0);
    uint64_t nblocks = 0, pos = 0;
    while (pos < n) {
        start[nblocks++] = pos;
        uint64_t b = (uint64_t)(LOCAL_BMIN * pow(LOCAL_BMAX / LOCAL_BMIN, gen_rng_unit(&rng)));
        pos = b < n - pos ? pos + b : n;
    }
    start[nblocks] = n;
    local_params p = {nblocks, tile_degree, start};
    GrB_Info info = gen_run(A, n, n, nblocks, local_chunk, &p, seed, flags, weights);
    free(start);
    return info;
}

/* ---- dense ----------------------------------------------------------------------------------- */

typedef struct {
    uint64_t n, rows_per_chunk;
} dense_params;

static void dense_chunk(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out)
{
    (void)rng;
    const dense_params *p = params;
    uint64_t r0 = chunk * p->rows_per_chunk,
             r1 = r0 + p->rows_per_chunk < p->n ? r0 + p->rows_per_chunk : p->n;
    if (!gen_buf_reserve(out, p->n * (r1 - r0))) return;
    for (uint64_t i = r0; i < r1; i++)
        for (uint64_t j = 0; j < p->n; j++) gen_push(out, i, j);
}

GrB_Info GG_gen_dense(GG_coo *A, uint64_t n, uint64_t seed, unsigned flags, GG_gen_weights weights)
{
    if (!A || n < 1 || n > ((uint64_t)1 << 16)) return GrB_INVALID_VALUE;
    dense_params p = {n, GEN_CHUNK / n ? GEN_CHUNK / n : 1};
    return gen_run(A, n, n, (n + p.rows_per_chunk - 1) / p.rows_per_chunk, dense_chunk, &p, seed, flags,
                   weights);
}
