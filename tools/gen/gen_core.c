/* gen_core.c: the generators' common machinery: random streams, the parallel chunk runner, the
 * post-processing steps (vertex permutation, symmetrization, cleaning by a parallel radix sort,
 * weights), and building a GrB_Matrix from the tuples. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "gen_internal.h"

uint64_t gen_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void gen_rng_seed(gen_rng *r, uint64_t seed, uint64_t stream, uint64_t chunk)
{
    uint64_t z = gen_mix64(gen_mix64(gen_mix64(seed) ^ stream) ^ chunk);
    for (int k = 0; k < 4; k++) {
        z = gen_mix64(z);
        r->s[k] = z;
    }
}

bool gen_buf_reserve(gen_buf *b, size_t cap)
{
    if (b->failed) return false;
    if (cap <= b->cap) return true;
    GrB_Index *I = realloc(b->I, cap * sizeof(GrB_Index));
    if (I) b->I = I;
    GrB_Index *J = I ? realloc(b->J, cap * sizeof(GrB_Index)) : NULL;
    if (!J) {
        b->failed = true;
        return false;
    }
    b->J = J;
    b->cap = cap;
    return true;
}

void GG_coo_free(GG_coo *A)
{
    if (!A) return;
    free(A->I);
    free(A->J);
    free(A->X);
    memset(A, 0, sizeof(*A));
}

static int gen_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static unsigned bits_for(uint64_t maxval)
{
    unsigned b = 0;
    while (b < 64 && (maxval >> b) != 0) b++;
    return b;
}

/* ---- post-processing ------------------------------------------------------------------------- */

static GrB_Info gen_permute(GG_coo *A, uint64_t seed)
{
    uint64_t n = A->nrows;
    GrB_Index *perm = malloc((n ? n : 1) * sizeof(GrB_Index));
    if (!perm) return GrB_OUT_OF_MEMORY;
    for (uint64_t k = 0; k < n; k++) perm[k] = k;
    gen_rng rng;
    gen_rng_seed(&rng, seed, GEN_STREAM_PERM, 0);
    for (uint64_t k = n; k > 1; k--) {
        uint64_t r = gen_rng_below(&rng, k);
        GrB_Index t = perm[k - 1];
        perm[k - 1] = perm[r];
        perm[r] = t;
    }
    int64_t nv = (int64_t)A->nvals;
#pragma omp parallel for schedule(static)
    for (int64_t k = 0; k < nv; k++) {
        A->I[k] = perm[A->I[k]];
        A->J[k] = perm[A->J[k]];
    }
    free(perm);
    return GrB_SUCCESS;
}

static GrB_Info gen_symmetrize(GG_coo *A)
{
    size_t n = A->nvals;
    GrB_Index *I = realloc(A->I, (2 * n + 1) * sizeof(GrB_Index));
    if (!I) return GrB_OUT_OF_MEMORY;
    A->I = I;
    GrB_Index *J = realloc(A->J, (2 * n + 1) * sizeof(GrB_Index));
    if (!J) return GrB_OUT_OF_MEMORY;
    A->J = J;
    memcpy(I + n, J, n * sizeof(GrB_Index));
    memcpy(J + n, I, n * sizeof(GrB_Index));
    A->nvals = 2 * n;
    return GrB_SUCCESS;
}

/* Stable LSD radix sort of n keys whose significant bits are the low `bits`, 11 bits per pass,
 * each pass split over the threads by a histogram per thread. Returns the buffer holding the
 * sorted keys (keys or tmp). */
#define RADIX_BITS 11
#define RADIX_SIZE (1u << RADIX_BITS)

static uint64_t *radix_sort(uint64_t *keys, uint64_t *tmp, size_t n, unsigned bits, size_t *hist)
{
    int nt = gen_threads();
    for (unsigned shift = 0; shift < bits; shift += RADIX_BITS) {
#pragma omp parallel num_threads(nt)
        {
#ifdef _OPENMP
            int t = omp_get_thread_num(), nth = omp_get_num_threads();
#else
            int t = 0, nth = 1;
#endif
            size_t lo = n * (size_t)t / (size_t)nth, hi = n * (size_t)(t + 1) / (size_t)nth;
            size_t *h = hist + (size_t)t * RADIX_SIZE;
            memset(h, 0, RADIX_SIZE * sizeof(size_t));
            for (size_t k = lo; k < hi; k++) h[(keys[k] >> shift) & (RADIX_SIZE - 1)]++;
#pragma omp barrier
#pragma omp single
            {
                size_t sum = 0;
                for (size_t d = 0; d < RADIX_SIZE; d++)
                    for (int u = 0; u < nth; u++) {
                        size_t c = hist[(size_t)u * RADIX_SIZE + d];
                        hist[(size_t)u * RADIX_SIZE + d] = sum;
                        sum += c;
                    }
            }
            for (size_t k = lo; k < hi; k++) tmp[h[(keys[k] >> shift) & (RADIX_SIZE - 1)]++] = keys[k];
        }
        uint64_t *s = keys;
        keys = tmp;
        tmp = s;
    }
    return keys;
}

/* Sorts by (i,j), drops self-loops and repeated tuples. Runs before weights exist (X is NULL). */
static GrB_Info gen_clean(GG_coo *A)
{
    size_t n = A->nvals;
    unsigned bj = bits_for(A->ncols ? A->ncols - 1 : 0);
    unsigned bits = bits_for(A->nrows ? A->nrows - 1 : 0) + bj;
    uint64_t *keys = malloc((n + 1) * sizeof(uint64_t));
    uint64_t *tmp = malloc((n + 1) * sizeof(uint64_t));
    size_t *hist = malloc((size_t)gen_threads() * RADIX_SIZE * sizeof(size_t));
    if (!keys || !tmp || !hist) {
        free(keys);
        free(tmp);
        free(hist);
        return GrB_OUT_OF_MEMORY;
    }
    int64_t nv = (int64_t)n;
#pragma omp parallel for schedule(static)
    for (int64_t k = 0; k < nv; k++) keys[k] = (A->I[k] << bj) | A->J[k];
    free(A->I);
    free(A->J);
    A->I = A->J = NULL;
    uint64_t *sorted = radix_sort(keys, tmp, n, bits, hist);
    free(hist);
    uint64_t jmask = bj ? (~0ULL >> (64 - bj)) : 0;
    size_t u = 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t key = sorted[k];
        if ((k > 0 && key == sorted[k - 1]) || (key >> bj) == (key & jmask)) continue;
        sorted[u++] = key;
    }
    GrB_Index *I = malloc((u + 1) * sizeof(GrB_Index));
    GrB_Index *J = malloc((u + 1) * sizeof(GrB_Index));
    if (!I || !J) {
        free(I);
        free(J);
        free(keys);
        free(tmp);
        A->nvals = 0;
        return GrB_OUT_OF_MEMORY;
    }
    int64_t nu = (int64_t)u;
#pragma omp parallel for schedule(static)
    for (int64_t k = 0; k < nu; k++) {
        I[k] = sorted[k] >> bj;
        J[k] = sorted[k] & jmask;
    }
    free(keys);
    free(tmp);
    A->I = I;
    A->J = J;
    A->nvals = u;
    return GrB_SUCCESS;
}

static GrB_Info gen_weights(GG_coo *A, uint64_t seed, GG_gen_weights weights)
{
    double *X = malloc((A->nvals + 1) * sizeof(double));
    if (!X) return GrB_OUT_OF_MEMORY;
    uint64_t key = gen_mix64(seed ^ gen_mix64(GEN_STREAM_WEIGHTS));
    int64_t nv = (int64_t)A->nvals;
#pragma omp parallel for schedule(static)
    for (int64_t k = 0; k < nv; k++) {
        GrB_Index lo = A->I[k] < A->J[k] ? A->I[k] : A->J[k];
        GrB_Index hi = A->I[k] ^ A->J[k] ^ lo;
        uint64_t h = gen_mix64(key ^ gen_mix64(lo * 0x9e3779b97f4a7c15ULL + hi));
        X[k] = weights == GG_WEIGHTS_INT ? (double)(1 + h % 255) : (double)((h >> 11) + 1) * 0x1.0p-53;
    }
    A->X = X;
    return GrB_SUCCESS;
}

/* ---- the chunk runner ------------------------------------------------------------------------ */

GrB_Info gen_run(GG_coo *A, GrB_Index nrows, GrB_Index ncols, uint64_t nchunks, gen_chunk_fn fn,
                 const void *params, uint64_t seed, unsigned flags, GG_gen_weights weights)
{
    gen_buf *bufs = calloc(nchunks ? nchunks : 1, sizeof(gen_buf));
    if (!bufs) return GrB_OUT_OF_MEMORY;
    int64_t nc = (int64_t)nchunks;
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t c = 0; c < nc; c++) {
        gen_rng rng;
        gen_rng_seed(&rng, seed, GEN_STREAM_EDGES, (uint64_t)c);
        fn(params, (uint64_t)c, &rng, &bufs[c]);
    }
    GG_coo R = {.nrows = nrows, .ncols = ncols};
    bool failed = false;
    size_t total = 0;
    for (uint64_t c = 0; c < nchunks; c++) {
        failed |= bufs[c].failed;
        total += bufs[c].n;
    }
    if (!failed) {
        R.I = malloc((total + 1) * sizeof(GrB_Index));
        R.J = malloc((total + 1) * sizeof(GrB_Index));
        failed = !R.I || !R.J;
    }
    if (!failed) {
        size_t off = 0;
        for (uint64_t c = 0; c < nchunks; c++) {
            memcpy(R.I + off, bufs[c].I, bufs[c].n * sizeof(GrB_Index));
            memcpy(R.J + off, bufs[c].J, bufs[c].n * sizeof(GrB_Index));
            off += bufs[c].n;
            free(bufs[c].I);
            free(bufs[c].J);
            bufs[c].I = bufs[c].J = NULL;
        }
        R.nvals = total;
    }
    for (uint64_t c = 0; c < nchunks; c++) {
        free(bufs[c].I);
        free(bufs[c].J);
    }
    free(bufs);
    GrB_Info info = failed ? GrB_OUT_OF_MEMORY : GrB_SUCCESS;
    if (info == GrB_SUCCESS && (flags & GG_GEN_PERMUTE)) info = gen_permute(&R, seed);
    if (info == GrB_SUCCESS && (flags & GG_GEN_SYMMETRIZE)) info = gen_symmetrize(&R);
    if (info == GrB_SUCCESS && (flags & GG_GEN_CLEAN)) info = gen_clean(&R);
    if (info == GrB_SUCCESS && weights != GG_WEIGHTS_NONE) info = gen_weights(&R, seed, weights);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&R);
        return info;
    }
    *A = R;
    return GrB_SUCCESS;
}

/* ---- dispatch and build ---------------------------------------------------------------------- */

GrB_Info GG_gen(GG_coo *A, const GG_gen_spec *spec)
{
    if (!spec) return GrB_INVALID_VALUE;
    switch (spec->kind) {
    case GG_GEN_RMAT:
        return spec->n > 32
                   ? GrB_INVALID_VALUE
                   : GG_gen_rmat(A, (unsigned)spec->n, spec->m, spec->seed, spec->flags, spec->weights);
    case GG_GEN_GRID:
        return GG_gen_grid(A, spec->n, spec->seed, spec->flags, spec->weights);
    case GG_GEN_URAND:
        return GG_gen_urand(A, spec->n, spec->m, spec->seed, spec->flags, spec->weights);
    case GG_GEN_BAND:
        return GG_gen_band(A, spec->n, spec->m, spec->density, spec->seed, spec->flags, spec->weights);
    case GG_GEN_LOCAL:
        return GG_gen_local(A, spec->n, spec->m, spec->seed, spec->flags, spec->weights);
    case GG_GEN_DENSE:
        return GG_gen_dense(A, spec->n, spec->seed, spec->flags, spec->weights);
    }
    return GrB_INVALID_VALUE;
}

GrB_Info GG_coo_build(GrB_Matrix *M, const GG_coo *A, GrB_Type type, GrB_BinaryOp dup)
{
    if (!M || !A || !type || (A->nvals && (!A->I || !A->J))) return GrB_NULL_POINTER;
    GrB_Matrix C = NULL;
    GrB_Info info = GrB_Matrix_new(&C, type, A->nrows, A->ncols);
    if (info != GrB_SUCCESS) return info;
    if (!dup) dup = GrB_FIRST_FP64;
    if (A->X) {
        info = GrB_Matrix_build_FP64(C, A->I, A->J, A->X, A->nvals, dup);
    } else {
        bool *ones = malloc(A->nvals + 1);
        if (!ones) {
            GrB_Matrix_free(&C);
            return GrB_OUT_OF_MEMORY;
        }
        memset(ones, 1, A->nvals + 1);
        info = GrB_Matrix_build_BOOL(C, A->I, A->J, ones, A->nvals, dup);
        free(ones);
    }
    if (info == GrB_SUCCESS) info = GrB_Matrix_wait(C, GrB_MATERIALIZE);
    if (info != GrB_SUCCESS) {
        GrB_Matrix_free(&C);
        return info;
    }
    *M = C;
    return GrB_SUCCESS;
}
