/* GG_snapshot.h: an object's content as a client reads it (dimensions and tuples through the
 * public API, values as FP64), so a test can tell whether a call left its arguments as they were
 * or produced the expected result. Used by the allocation-failure sweeps on both sides
 * (test/reliability/test_oom_ops.c, cuda/test/test_cuda_oom.c). Reading may build caches or bring
 * a device copy to the host; it never changes the content. */
#ifndef GG_SNAPSHOT_H
#define GG_SNAPSHOT_H

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "GraphBLAS_gpu.h"

typedef struct {
    bool present, ok; /* an object was there; it read back without error */
    GrB_Index nr, nc, nv;
    GrB_Index *I, *J; /* J is all zero for a vector */
    double *X;
} GG_snap;

/* The content of matrix A, or of vector v when A is NULL (both NULL: not present). */
static inline GG_snap GG_snap_take(GrB_Matrix A, GrB_Vector v)
{
    GG_snap s = {0};
    if (A == NULL && v == NULL) return s;
    s.present = true;
    s.nc = 1;
    if (A != NULL)
        s.ok = GrB_Matrix_nrows(&s.nr, A) == GrB_SUCCESS &&
               GrB_Matrix_ncols(&s.nc, A) == GrB_SUCCESS &&
               GrB_Matrix_nvals(&s.nv, A) == GrB_SUCCESS;
    else
        s.ok = GrB_Vector_size(&s.nr, v) == GrB_SUCCESS &&
               GrB_Vector_nvals(&s.nv, v) == GrB_SUCCESS;
    if (!s.ok) return s;
    s.I = malloc((s.nv + 1) * sizeof *s.I);
    s.J = calloc(s.nv + 1, sizeof *s.J);
    s.X = malloc((s.nv + 1) * sizeof *s.X);
    GrB_Index n = s.nv;
    s.ok = s.I != NULL && s.J != NULL && s.X != NULL &&
           (A != NULL ? GrB_Matrix_extractTuples_FP64(s.I, s.J, s.X, &n, A)
                      : GrB_Vector_extractTuples_FP64(s.I, s.X, &n, v)) == GrB_SUCCESS &&
           n == s.nv;
    return s;
}

static inline void GG_snap_free(GG_snap *s)
{
    free(s->I), free(s->J), free(s->X);
    s->I = s->J = NULL, s->X = NULL;
}

/* Whether x and y agree within the relative tolerance tol (0: equal; NaN matches NaN). */
static inline bool GG_snap_close(double x, double y, double tol)
{
    if (isnan(x) || isnan(y)) return isnan(x) && isnan(y);
    return x == y || fabs(x - y) <= tol * fmax(fabs(x), fabs(y));
}

/* Same presence, dimensions, pattern, and values within tol; false when either did not read. */
static inline bool GG_snap_same(const GG_snap *a, const GG_snap *b, double tol)
{
    if (a->present != b->present) return false;
    if (!a->present) return true;
    if (!a->ok || !b->ok || a->nr != b->nr || a->nc != b->nc || a->nv != b->nv) return false;
    for (GrB_Index k = 0; k < a->nv; k++)
        if (a->I[k] != b->I[k] || a->J[k] != b->J[k] || !GG_snap_close(a->X[k], b->X[k], tol))
            return false;
    return true;
}

#endif /* GG_SNAPSHOT_H */
