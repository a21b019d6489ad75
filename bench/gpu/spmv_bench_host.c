/* spmv_bench_host.c: the host half of the SpMV benchmark (spmv_bench_host.h). Matrices come from
 * test/hisparse/hs_gen.h (the generators the storage report uses; tools/gen links the shared
 * library, which cannot sit beside the internals in one binary): RMAT symmetrised (edge factor 16,
 * random permutation, as the reference numbers in DESIGN.md §8), uniform random (16 a row), a
 * 3000 x 3000 grid, a banded
 * FEM-like matrix and the papers' localized "special" matrix. */
#include "spmv_bench_host.h"

#include "GG_hisparse.h"
#include "hs_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static bool generate(const char *name, gen_coo *g)
{
    uint64_t seed = 1;
    if (strncmp(name, "rmat", 4) == 0) {
        int scale = atoi(name + 4);
        if (scale < 4 || scale > 26) return false;
        gen_rmat(g, scale, 16, seed);
        GrB_Index n = g->n;
        for (GrB_Index k = 0; k < n; k++) gen_add(g, g->J[k], g->I[k], &seed);
    } else if (strncmp(name, "urand", 5) == 0) {
        int scale = atoi(name + 5); /* 2^scale vertices, 16 entries a row on average */
        if (scale < 4 || scale > 26) return false;
        gen_uniform(g, (GrB_Index)1 << scale, (GrB_Index)16 << scale, seed);
    } else if (strcmp(name, "grid") == 0) {
        gen_grid(g, 3000, seed);
    } else if (strcmp(name, "band") == 0) {
        gen_banded(g, 1u << 20, 24, 0.4, seed);
    } else if (strcmp(name, "local") == 0) {
        gen_localized(g, 200000, seed);
    } else {
        return false;
    }
    return true;
}

bool bench_make(const char *name, bool fp64, bench_mat *m)
{
    memset(m, 0, sizeof *m);
    gen_coo g;
    if (!generate(name, &g)) {
        fprintf(stderr, "spmv_bench: unknown matrix '%s' (rmatN urandN grid band local)\n", name);
        return false;
    }
    GrB_Type type = fp64 ? GrB_FP64 : GrB_FP32;
    size_t vs = type->size;
    void *x = g.X;
    if (fp64) {
        double *d = malloc(g.n * sizeof *d);
        if (d == NULL) return false;
        for (GrB_Index k = 0; k < g.n; k++) d[k] = g.X[k];
        x = d;
    }
    GG_hs_matrix *A = malloc(sizeof *A);
    if (A == NULL) return false;
    GG_hs_tuples t = {g.I, g.J, x, type, false, g.n};
    double t0 = now();
    GrB_Info info =
        GG_hs_build(A, type, g.nrows, g.ncols, &t, NULL, GG_HS_LAST_WINS | GG_HS_NO_ISO);
    m->build_s = now() - t0;
    if (fp64) free(x);
    gen_free(&g);
    if (info != GrB_SUCCESS) {
        fprintf(stderr, "spmv_bench: tree build of %s failed (%d)\n", name, (int)info);
        return false;
    }
    snprintf(m->name, sizeof m->name, "%s", name);
    m->nrows = A->nrows;
    m->ncols = A->ncols;
    m->nnz = A->nvals;
    m->fp64 = fp64;
    m->priv = A;
    m->hs.pool = A->pool;
    m->hs.pool_bytes = A->pool->bytes;
    m->hs.root = A->root;
    m->hs.nrows = A->nrows;
    m->hs.ncols = A->ncols;
    m->hs.nvals = A->nvals;
    m->hs.type_code = type->code;
    m->hs.value_size = (int)vs;
    m->hs.dbits = A->dbits;
    m->hs.height = A->height;
    m->hs.transposed = A->transposed;
    m->hs.iso = A->iso;
    m->hs.scale = A->scale;

    GG_cview v;
    if (GG_hs_to_cview(A, false, &v) != GrB_SUCCESS || v.vec != NULL) {
        fprintf(stderr, "spmv_bench: CSR view of %s failed\n", name);
        return false;
    }
    m->ptr64 = malloc((m->nrows + 1) * 8);
    m->idx64 = malloc(m->nnz * 8);
    m->val = malloc(m->nnz * vs);
    m->rowptr32 = malloc((m->nrows + 1) * 4);
    m->col32 = malloc(m->nnz * 4);
    uint64_t n = m->nrows > m->ncols ? m->nrows : m->ncols;
    m->x = malloc(n * vs);
    m->y_ref = malloc(n * vs);
    m->yt_ref = malloc(n * vs);
    if (!m->ptr64 || !m->idx64 || !m->val || !m->rowptr32 || !m->col32 || !m->x || !m->y_ref ||
        !m->yt_ref)
        return false;
    memcpy(m->ptr64, v.ptr, (m->nrows + 1) * 8);
    memcpy(m->idx64, v.idx, m->nnz * 8);
    memcpy(m->val, v.x, m->nnz * vs);
    for (uint64_t k = 0; k <= m->nrows; k++) m->rowptr32[k] = (int32_t)v.ptr[k];
    for (uint64_t k = 0; k < m->nnz; k++) m->col32[k] = (int32_t)v.idx[k];
    GG_hs_cview_free(&v);
    uint64_t s = 7;
    for (uint64_t k = 0; k < n; k++) {
        double r = gen_unit(&s) * 2 - 1;
        if (fp64)
            ((double *)m->x)[k] = r;
        else
            ((float *)m->x)[k] = (float)r;
    }
    GrB_Semiring sr = fp64 ? GrB_PLUS_TIMES_SEMIRING_FP64 : GrB_PLUS_TIMES_SEMIRING_FP32;
    if (GG_hs_mxv(m->y_ref, NULL, A, false, sr, m->x, false) != GrB_SUCCESS ||
        GG_hs_mxv(m->yt_ref, NULL, A, true, sr, m->x, false) != GrB_SUCCESS)
        return false;
    return true;
}

void bench_free(bench_mat *m)
{
    if (m->priv != NULL) {
        GG_hs_free(m->priv);
        free(m->priv);
    }
    free(m->rowptr32);
    free(m->col32);
    free(m->ptr64);
    free(m->idx64);
    free(m->val);
    free(m->x);
    free(m->y_ref);
    free(m->yt_ref);
    memset(m, 0, sizeof *m);
}
