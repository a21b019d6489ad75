/* gen_internal.h: what the generators share: the random streams, the per-chunk tuple buffers and
 * the parallel chunk runner. Determinism comes from fixed chunk sizes, each chunk drawing from its
 * own stream seeded by (seed, stream id, chunk), never from the thread that runs it. */
#ifndef GG_GEN_INTERNAL_H
#define GG_GEN_INTERNAL_H

#include <stdbool.h>

#include "gg_gen.h"

/* Stream ids keep the generators' and post-processing's random numbers independent. */
enum { GEN_STREAM_EDGES = 1, GEN_STREAM_PERM, GEN_STREAM_BLOCKS, GEN_STREAM_WEIGHTS };

/* Tuples per chunk for generators that emit a known count per chunk. */
#define GEN_CHUNK ((uint64_t)1 << 16)

/* The largest vertex count: keeps a packed (i,j) sort key within 64 bits. */
#define GEN_MAX_VERTICES ((uint64_t)1 << 32)

typedef struct gen_rng {
    uint64_t s[4];
} gen_rng;

uint64_t gen_mix64(uint64_t z);
void gen_rng_seed(gen_rng *r, uint64_t seed, uint64_t stream, uint64_t chunk);

/* xoshiro256**: small, fast, and good enough for graph generation. */
static inline uint64_t gen_rng_next(gen_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform in [0, n) by the multiply-shift mapping (bias below 2^-32 for n < 2^32). */
static inline uint64_t gen_rng_below(gen_rng *r, uint64_t n)
{
    return (uint64_t)(((unsigned __int128)gen_rng_next(r) * n) >> 64);
}

/* Uniform in (0, 1]: safe to take the logarithm of. */
static inline double gen_rng_unit(gen_rng *r)
{
    return (double)((gen_rng_next(r) >> 11) + 1) * 0x1.0p-53;
}

/* One chunk's output, grown on demand; a failed growth sets failed and drops later tuples. */
typedef struct gen_buf {
    GrB_Index *I, *J;
    size_t n, cap;
    bool failed;
} gen_buf;

bool gen_buf_reserve(gen_buf *b, size_t cap);

static inline void gen_push(gen_buf *b, GrB_Index i, GrB_Index j)
{
    if (b->n == b->cap && !gen_buf_reserve(b, b->cap < 1024 ? 1024 : 2 * b->cap)) return;
    b->I[b->n] = i;
    b->J[b->n] = j;
    b->n++;
}

/* Fills chunk `chunk` of a generator into out, drawing from rng. */
typedef void (*gen_chunk_fn)(const void *params, uint64_t chunk, gen_rng *rng, gen_buf *out);

/* Runs nchunks chunks (in parallel where OpenMP is present), concatenates them in chunk order into
 * an nrows x ncols GG_coo, then applies flags and weights. */
GrB_Info gen_run(GG_coo *A, GrB_Index nrows, GrB_Index ncols, uint64_t nchunks, gen_chunk_fn fn,
                 const void *params, uint64_t seed, unsigned flags, GG_gen_weights weights);

#endif
