/* slot_mxv.c: the CUDA mxv/vxm slot for a dense input vector: T = op(A) (+.*) u (vxm: u' op(A))
 * through the SpMV kernels of GG_cuda_spmv.h (the HiSparse tree with its schedule, or CMRS on a
 * compressed view when GG_cuda_spmv_pick prefers it), then w<M, replace> = accum(w, T) by the
 * dense write-back kernel on the device (GG_cuda_dense.h). A, its schedule and u stay on the
 * device between calls (residency.c); the final w comes back once and is adopted as w's content.
 * Declines, touching nothing: user-defined or positional operators, any typecast (u, w, the
 * multiply and the accumulator must share the monoid's type), a u with a missing entry, too small
 * a matrix unless CUDA is forced. */
#include "../src/cpu/GG_cpu.h" /* the CPU write-back and helpers (not on the include path) */
#include "GG_cuda_backend.h"
#include "GG_cuda_dense.h"
#include "GG_cuda_unary.h"

/* Whether every type of the call is the domain t, so no value needs a cast. */
static bool one_domain(GrB_Semiring sr, GrB_BinaryOp accum, GG_container *w, GG_container *u,
                       GrB_Type_Code t)
{
    GrB_BinaryOp mul = sr->mul;
    bool ok = mul->xtype->code == t && mul->ytype->code == t && mul->ztype->code == t &&
              u->type->code == t && w->type->code == t;
    if (accum != NULL)
        ok = ok && accum->xtype->code == t && accum->ytype->code == t && accum->ztype->code == t;
    return ok;
}

/* The old w as dense host arrays (values and presence, n each); NULL arrays when w is empty. */
static GrB_Info dense_of(GG_container *w, GrB_Index n, char **x, unsigned char **p)
{
    *x = NULL;
    *p = NULL;
    const GG_coo *v;
    GrB_Info info = GG_view_coo(w, &v);
    if (info != GrB_SUCCESS || v->n == 0) return info;
    size_t size = w->type->size;
    *x = GG_calloc(n, size);
    *p = GG_calloc(n, 1);
    if (*x == NULL || *p == NULL) {
        GG_free(*x);
        GG_free(*p);
        *x = NULL, *p = NULL;
        return GrB_OUT_OF_MEMORY;
    }
    for (GrB_Index k = 0; k < v->n; k++) {
        memcpy(*x + v->row[k] * size, (const char *)v->x + k * size, size);
        (*p)[v->row[k]] = 1;
    }
    return GrB_SUCCESS;
}

/* The mask's truth per position (before the complement, which the kernel applies). */
static GrB_Info mask_of(GG_container *M, const GG_desc *d, GrB_Index n, unsigned char **m)
{
    GG_cpu_mask mk;
    GrB_Info info = GG_cpu_mask_init(&mk, M, d);
    if (info != GrB_SUCCESS) return info;
    *m = GG_calloc(n, 1);
    if (*m == NULL) return GrB_OUT_OF_MEMORY;
    for (GrB_Index k = 0; k < mk.m->n; k++) (*m)[mk.m->row[k]] = GG_cpu_mask_entry(&mk, k);
    return GrB_SUCCESS;
}

/* T into y / yp (device, n rows of op(A)): CMRS or the tree, as GG_cuda_spmv_pick says. */
static int product(GG_container *A, bool tran, GrB_Semiring sr, GrB_Type_Code t, GrB_Index n,
                   GrB_Index nnz, bool vxm, const void *x, void *y, unsigned char *yp,
                   GrB_Info *info)
{
    GG_cuda_hs hs;
    *info = GG_cuda_mirror_hs(A, &hs);
    if (*info != GrB_SUCCESS) return GG_CUDA_SPMV_ERROR;
    uint64_t view_bytes = (n + 1) * sizeof(uint64_t) + nnz * (sizeof(uint64_t) + A->type->size);
    int add = sr->add->op->opcode, mul = sr->mul->opcode;
    const void *identity = sr->add->identity;
    if (GG_cuda_spmv_pick(nnz, hs.pool_bytes, view_bytes, GG_cuda_mirror_has_cview(A, tran),
                          tran)) {
        GG_cuda_cview V;
        *info = GG_cuda_mirror_cview(A, tran, &V);
        if (*info != GrB_SUCCESS) return GG_CUDA_SPMV_ERROR;
        GG_trace("cuda mxv: CMRS kernel on the %s view", tran ? "CSC" : "CSR");
        return GG_cuda_cmrs_mxv(&V, n, nnz, add, mul, t, identity, vxm, x, y, yp);
    }
    const GG_cuda_hs_schedule *s;
    *info = GG_cuda_mirror_schedule(A, &s);
    if (*info != GrB_SUCCESS) return GG_CUDA_SPMV_ERROR;
    GG_trace("cuda mxv: HiSparse kernel on the tree%s", tran ? " (transposed)" : "");
    return GG_cuda_hs_mxv(&hs, s, tran, add, mul, t, identity, vxm, x, y, yp);
}

GrB_Info GG_cuda_mxv(GG_container *w, GG_container *M, GrB_BinaryOp accum, GrB_Semiring sr,
                     GG_container *A, GG_container *u, const GG_desc *d, bool vxm)
{
    GrB_Type_Code t = sr->add->op->ztype->code;
    if (sr->add->op->opcode == GG_OP_USER || sr->mul->opcode == GG_OP_USER ||
        (accum != NULL && accum->opcode == GG_OP_USER))
        return GG_decline("user-defined operator");
    if (!one_domain(sr, accum, w, u, t))
        return GG_decline("the types of w, u, the semiring and the accumulator differ (typecast)");
    if (accum != NULL && !GG_cuda_dense_accum_supported(accum->opcode, t))
        return GG_decline("no device kernel for this accumulator");
    GrB_Index nnz, nu;
    GrB_Info info = GG_container_nvals(A, &nnz);
    if (info == GrB_SUCCESS) info = GG_container_nvals(u, &nu);
    if (info != GrB_SUCCESS) return info;
    if (nu != u->nrows) return GG_decline("the input vector is not dense");
    if (GG_cuda_too_small(d, nnz)) return GG_decline("too few entries to pay for the device");

    bool tran = vxm ? !d->tran0 : d->tran0; /* vxm: T = op(A)' u with the vector first */
    GrB_Index n = w->nrows;
    size_t size = w->type->size;
    const void *x;
    info = GG_cuda_mirror_dense(u, &x);
    if (info != GrB_SUCCESS) return info;
    void *y = GG_cuda_malloc(n * size);
    unsigned char *yp = GG_cuda_malloc(n);
    char *wx = NULL, *z = NULL;
    unsigned char *wp = NULL, *mh = NULL, *zp = NULL;
    if (y == NULL || yp == NULL) {
        info = GrB_OUT_OF_MEMORY;
        goto done;
    }
    int rc = product(A, tran, sr, t, n, nnz, vxm, x, y, yp, &info);
    if (info != GrB_SUCCESS) goto done;
    if (rc == GG_CUDA_SPMV_UNSUPPORTED) {
        info = GG_decline("the SpMV kernels lack this semiring");
        goto done;
    }
    info = GG_cuda_info(rc);
    /* w's old content and the mask matter unless T simply replaces w */
    if (info == GrB_SUCCESS && (M != NULL || accum != NULL || d->mask_comp))
        info = dense_of(w, n, &wx, &wp);
    if (info == GrB_SUCCESS && M != NULL) info = mask_of(M, d, n, &mh);
    z = GG_malloc(n * size + 1);
    zp = GG_malloc(n + 1);
    if (info == GrB_SUCCESS && (z == NULL || zp == NULL)) info = GrB_OUT_OF_MEMORY;
    if (info != GrB_SUCCESS) goto done;
    info = GG_cuda_info(GG_cuda_dense_writeback(t, accum == NULL ? -1 : accum->opcode,
                                                d->mask_comp, d->replace, n, y, yp, wx, wp, mh,
                                                z, zp));
    if (info != GrB_SUCCESS) goto done;
    GrB_Index m = 0;
    for (GrB_Index i = 0; i < n; i++) m += zp[i];
    GG_coo out;
    info = GG_cpu_coo_alloc(&out, m, size);
    if (info != GrB_SUCCESS) goto done;
    for (GrB_Index i = 0, e = 0; i < n; i++) {
        if (!zp[i]) continue;
        out.row[e] = i;
        out.col[e] = 0;
        memcpy((char *)out.x + e * size, z + i * size, size);
        e++;
    }
    GG_container_adopt(w, &out);
done:
    GG_cuda_free(y);
    GG_cuda_free(yp);
    GG_free(wx);
    GG_free(wp);
    GG_free(mh);
    GG_free(z);
    GG_free(zp);
    return info;
}
