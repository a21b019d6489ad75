/* mxv.c: the CUDA mxv/vxm slot, for an input vector in any form. T = op(A) (+.*) u (vxm:
 * u' op(A)) is computed on the device, then the write-back C<M, replace> = accum(C, T) runs there
 * too (GG_cuda_vslot.h), so w's new content never leaves the device. Two products:
 * - the tree, CMRS or CSR SpMV (GG_cuda_spmv.h; GG_cuda_spmv_pick's rule, GRAPHBLAS_GPU_SPMV
 *   forces one) for a full, non-iso u without a mask;
 * - a frontier the SVM puts in sparse mode (GG_cuda_svm.h; the provisional model is the switch
 *   point of the vector forms, n/32) is pushed: each of its entries (from a sparse list, or a
 *   bitmap's flags read in place) scatters its column of op(A) into T with atomic monoid
 *   updates, the mask read at each target, so the work is the frontier's edges plus an O(n)
 *   initialisation; when no term needs combining with another (list_output) and T is the
 *   result, the push appends to an unordered list instead and needs no O(n) initialisation: a
 *   high-diameter BFS level then passes over n nowhere;
 * - otherwise the pull product on A's CSR view (A u) or CSC view (A' u): only the rows the mask
 *   admits, only the terms whose u(k) exists, ending a row early for terminal monoids
 *   (GG_cuda_vec_mxv.h); PLUS_TIMES on FP32/FP64 without a mask runs the flat pull instead
 *   (product_flat_pull: the full-vector flat kernel reading u's presence as bits), 1.6-2.3x
 *   faster than the group pull (cuda/csr_spmv.cu). The SVM's model was trained against the
 *   group pull, so it still picks the push where the flat pull is now faster (RMAT-21, grid and
 *   band at 50 %); the call's feature GG_SVM_FLAT tells the two pulls apart, but the compiled
 *   model gives it weight 0 until it is retrained on cases that have it (Doc/decisions.md,
 *   "Sixteenth session").
 * When w's new content is T itself (no accumulator; replace or no mask), the push and pull
 * products' T is installed directly, so a BFS step is two kernels (initialisation, push).
 * GRAPHBLAS_GPU_MXV=pull, tree or push forces one product where several apply, and
 * GRAPHBLAS_GPU_SVM_MODEL=FILE makes a model file decide, for measurements (GG_cuda_mxv_svm.h).
 * A model that reads the push's work fraction has it counted on the device before it decides, where
 * the push may be long (GG_svm_work_worth_counting): one reduction and a wait.
 * Declines, touching nothing: user-defined types or operators, a semiring whose multiply and
 * monoid are not all of one domain, operators without a device kernel, and small host-resident
 * calls (unless CUDA is forced). */
#include "GG_cuda_mxv_svm.h"
#include "GG_cuda_vec_mxv.h"
#include "GG_cuda_vslot.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>

/* GG_CUDA_MXV_*: GRAPHBLAS_GPU_MXV, read at the first call, or what GG_cuda_mxv_force set; and
 * whether GG_cuda_mxv_force forced a mode (the trainer's measured calls record the push work). */
static atomic_int forced = -1;
static atomic_bool measuring;

static int forced_product(void)
{
    int v = atomic_load_explicit(&forced, memory_order_relaxed);
    if (v < 0) {
        const char *e = getenv("GRAPHBLAS_GPU_MXV");
        v = e == NULL                ? GG_CUDA_MXV_RULE
            : strcmp(e, "pull") == 0 ? GG_CUDA_MXV_PULL
            : strcmp(e, "tree") == 0 ? GG_CUDA_MXV_TREE
            : strcmp(e, "push") == 0 ? GG_CUDA_MXV_PUSH
                                     : GG_CUDA_MXV_RULE;
        atomic_store_explicit(&forced, v, memory_order_relaxed);
    }
    return v;
}

static void force(int mode, bool measure)
{
    atomic_store_explicit(&forced, mode, memory_order_relaxed);
    atomic_store_explicit(&measuring, measure, memory_order_relaxed);
}

void GG_cuda_mxv_force(int mode)
{
    force(mode, mode != GG_CUDA_MXV_RULE);
}

void GG_cuda_mxv_force_timed(int mode)
{
    force(mode, false);
}

/* This thread's last call features (GG_cuda_mxv_last_call). */
static _Thread_local double last_call[GG_SVM_NFEAT];
static _Thread_local bool has_last_call;

bool GG_cuda_mxv_last_call(double *t)
{
    if (has_last_call)
        memcpy(t + GG_SVM_DENSITY, last_call + GG_SVM_DENSITY,
               (GG_SVM_NFEAT - GG_SVM_DENSITY) * sizeof *t);
    return has_last_call;
}

/* The products' fold start (GG_cuda_vslot.h). The monoid's identity is not neutral for every term
 * on floating point: for MIN and MAX +-inf is not (min(+inf, NaN) is +inf where a lone NaN term
 * must stay NaN), but NaN is, since the device's min and max ignore a NaN operand (gg_min,
 * gg_max); for PLUS +0 is not (+0 + -0 is +0 where a lone -0 term must stay -0), but -0 is. */
const void *GG_cuda_fold_start(GrB_Semiring sr, int t, unsigned char buf[8])
{
    int op = sr->add->op->opcode;
    bool minmax = op == GG_OP_MIN || op == GG_OP_MAX;
    if ((!minmax && op != GG_OP_PLUS) || (t != GrB_FP32_CODE && t != GrB_FP64_CODE))
        return sr->add->identity;
    if (t == GrB_FP32_CODE) {
        float f = minmax ? NAN : -0.0f;
        memcpy(buf, &f, sizeof f);
    } else {
        double x = minmax ? NAN : -0.0;
        memcpy(buf, &x, sizeof x);
    }
    return buf;
}

/* Whether the push writes its result as an unordered list (GG_cuda_push_list), which needs no
 * O(n) initialisation: when no term needs combining with another. That holds for an ANY monoid,
 * and for an idempotent one (LOR, LAND, MIN, MAX) when every term is the same value: the multiply
 * reads neither operand (ONEB), or only operands with one value each (an iso A, an iso frontier,
 * such as the list of the step before or a one-entry frontier). vxm: the frontier is the
 * multiply's first operand. *list gets A's one value cast to the domain (in a_buf) when the
 * multiply reads it. */
static bool list_output(GrB_Semiring sr, GG_container *A, const GG_vdata *x, bool vxm,
                        GG_cuda_push_list *list, unsigned char a_buf[16])
{
    int add = sr->add->op->opcode, mul = sr->mul->opcode;
    if (add != GG_OP_LOR && add != GG_OP_LAND && add != GG_OP_MIN && add != GG_OP_MAX &&
        add != GG_OP_ANY)
        return false;
    /* the device's ANY multiply returns its second operand */
    bool reads_a = !(mul == GG_OP_ONEB || mul == (vxm ? GG_OP_FIRST : GG_OP_SECOND) ||
                     (mul == GG_OP_ANY && !vxm));
    bool reads_x = !(mul == GG_OP_ONEB || mul == (vxm ? GG_OP_SECOND : GG_OP_FIRST) ||
                     (mul == GG_OP_ANY && vxm));
    unsigned char a0[16];
    bool a_const = !reads_a || GG_cuda_mirror_iso(A, a0);
    list->iso = a_const && (!reads_x || x->iso);
    list->a_iso = NULL;
    if (!list->iso && add != GG_OP_ANY) {
        GG_trace("cuda mxv: no list: the terms vary (%s)",
                 !a_const ? "A is not iso" : "the frontier is not iso");
        return false;
    }
    if (!list->iso) return true;
    if (reads_a) {
        if (!GG_cuda_host_cast(a_buf, sr->mul->ztype, a0, A->type)) return false;
        list->a_iso = a_buf;
    }
    return true;
}

/* T made a BITMAP of n rows of the semiring's type, its arrays (and its count word, when
 * `counted`) allocated; GrB_OUT_OF_MEMORY with T released. */
static GrB_Info bitmap_product(GG_cuda_vec *T, GrB_Semiring sr, GrB_Index n, bool counted)
{
    size_t size = sr->add->op->ztype->size;
    memset(T, 0, sizeof *T);
    GG_vdata_init(&T->d, n, size);
    T->d.form = GG_VF_BITMAP;
    T->d.x = GG_cuda_malloc(n * size);
    T->d.b = GG_cuda_malloc(n);
    if (counted) T->count = GG_cuda_malloc(sizeof(uint64_t));
    if (T->d.x != NULL && T->d.b != NULL && (!counted || T->count != NULL)) return GrB_SUCCESS;
    GG_cuda_vec_release(T);
    return GrB_OUT_OF_MEMORY;
}

/* T (BITMAP, n rows) by the tree, CMRS or CSR kernels (GG_cuda_spmv_pick) from a full device u
 * of the domain type. The view CMRS or the CSR kernel needs may not fit the pool, or the compact
 * one be declined: the product then runs the tree. */
static GrB_Info product_full(GG_cuda_vec *T, GG_container *A, bool tran, GrB_Semiring sr, int t,
                             GrB_Index n, GrB_Index nnz, bool vxm, const void *x)
{
    GrB_Info info = bitmap_product(T, sr, n, false);
    if (info != GrB_SUCCESS) return info;
    /* a product's result waiting as its rows is read as its compact view: its tree is asked for
     * only where the tree kernel runs */
    GG_cuda_hs hs = {0};
    info = !tran && GG_cuda_mirror_rows_wait(A) ? GrB_SUCCESS : GG_cuda_mirror_hs(A, &hs);
    int rc = GG_CUDA_SPMV_ERROR;
    int add = sr->add->op->opcode, mul = sr->mul->opcode;
    unsigned char start[8];
    const void *identity = GG_cuda_fold_start(sr, t, start);
    GG_cuda_spmv_facts f = {.nrows = n, .ncols = tran ? A->nrows : A->ncols, .nvals = nnz,
                            .tree_bytes = hs.pool_bytes, .value_size = (int)A->type->size};
    GG_cuda_spmv_kernel k = GG_CUDA_SPMV_TREE;
    if (info == GrB_SUCCESS) {
        GG_cuda_mirror_spmv_facts(A, tran, &f);
        k = GG_cuda_spmv_pick(&f);
    }
    if (info == GrB_SUCCESS && k == GG_CUDA_SPMV_CSR) {
        GG_cuda_sview S;
        info = GG_cuda_mirror_sview(A, tran, nnz, &S);
        if (info == GrB_SUCCESS) {
            GG_trace("cuda mxv: CSR kernel on the compact %s view", tran ? "CSC" : "CSR");
            rc = GG_cuda_csr_mxv(&S, 0, add, mul, t, identity, vxm, x, T->d.x, T->d.b);
        }
    } else if (info == GrB_SUCCESS && k == GG_CUDA_SPMV_CMRS) {
        GG_cuda_cview V;
        info = GG_cuda_mirror_cview(A, tran, &V);
        if (info == GrB_SUCCESS) {
            GG_trace("cuda mxv: CMRS kernel on the %s view", tran ? "CSC" : "CSR");
            rc = GG_cuda_cmrs_mxv(&V, n, nnz, add, mul, t, identity, vxm, x, T->d.x, T->d.b);
        }
    }
    if (k != GG_CUDA_SPMV_TREE && (info == GrB_NO_VALUE || info == GrB_OUT_OF_MEMORY)) {
        GG_trace("cuda mxv: no %s view (%s): the tree instead",
                 k == GG_CUDA_SPMV_CSR ? "compact" : "compressed",
                 info == GrB_NO_VALUE ? "declined" : "out of device memory");
        info = GrB_SUCCESS;
        k = GG_CUDA_SPMV_TREE;
    }
    if (info == GrB_SUCCESS && k == GG_CUDA_SPMV_TREE) {
        const GG_cuda_hs_schedule *s;
        info = GG_cuda_mirror_hs(A, &hs);
        if (info == GrB_SUCCESS) info = GG_cuda_mirror_schedule(A, &s);
        GG_trace("cuda mxv: HiSparse kernel on the tree%s", tran ? " (transposed)" : "");
        if (info == GrB_SUCCESS)
            rc = GG_cuda_hs_mxv(&hs, s, tran, add, mul, t, identity, vxm, x, T->d.x, T->d.b);
    }
    if (info == GrB_SUCCESS) info = GG_cuda_info(rc);
    if (info != GrB_SUCCESS) GG_cuda_vec_release(T);
    return info;
}

/* GRAPHBLAS_GPU_FLAT_PULL=0 turns the flat pull off (read once; for same-run baselines). */
static bool flat_pull_on(void)
{
    static atomic_int on = -1;
    int v = atomic_load_explicit(&on, memory_order_relaxed);
    if (v < 0) {
        v = GG_cuda_env_or("GRAPHBLAS_GPU_FLAT_PULL", 1) != 0;
        atomic_store_explicit(&on, v, memory_order_relaxed);
    }
    return v;
}

/* Whether the non-sparse mode of a call with mask M, semiring sr on type t and input x is the
 * flat pull, short of R's compact view and its flat rule (product_flat_pull): the flat pull on,
 * no mask, PLUS_TIMES on FP32/FP64, x SPARSE or BITMAP. The product and the SVM's feature
 * (GG_SVM_FLAT, product) both ask it, so the model is told of the pull that would run. */
static bool flat_pull_applies(const GG_container *M, GrB_Semiring sr, int t, const GG_vdata *x)
{
    return M == NULL && flat_pull_on() && sr->add->op->opcode == GG_OP_PLUS &&
           sr->mul->opcode == GG_OP_TIMES && (t == GrB_FP32_CODE || t == GrB_FP64_CODE) &&
           (x->form == GG_VF_SPARSE || x->form == GG_VF_BITMAP);
}

/* The non-sparse mode's product where flat_pull_applies: the flat SpMV kernel's windows over R's
 * compact view, each term's value and x read only where x(k) is present (GG_cuda_csr_mxv_bits),
 * where the flat kernel is the view's full-vector rule (at least as many entries as rows). T as
 * the pull's: BITMAP with its count. GrB_NO_VALUE, touching nothing, where it does not apply (the
 * group pull then runs). */
static GrB_Info product_flat_pull(GG_cuda_vec *T, const GG_container *M, GG_container *A, bool tran,
                                  GrB_Semiring sr, int t, GrB_Index n, GrB_Index nnz,
                                  const GG_vdata *x, int xcode)
{
    GG_cuda_sview S;
    if (!flat_pull_applies(M, sr, t, x) || GG_cuda_mirror_sview(A, tran, nnz, &S) != GrB_SUCCESS ||
        !S.flat || S.nrows != n)
        return GrB_NO_VALUE;
    GG_cuda_dense_x dx = {0};
    GrB_Info info = bitmap_product(T, sr, n, true);
    if (info != GrB_SUCCESS) return info;
    info = GG_cuda_info(GG_cuda_vec_bits_input(&dx, x, xcode, t));
    GG_trace("cuda mxv: flat pull on the compact %s view (u %s)", tran ? "CSC" : "CSR",
             x->form == GG_VF_SPARSE ? "sparse" : "bitmap");
    if (info == GrB_SUCCESS)
        info = GG_cuda_info(
            GG_cuda_csr_mxv_bits(&S, t, dx.xd, dx.xbits, T->d.x, T->d.b, T->count));
    GG_cuda_free(dx.own);
    if (info != GrB_SUCCESS) GG_cuda_vec_release(T);
    return info;
}

/* The fuse of the deferred assign op (C<M, struct> = value, C the product's mask, M its frontier)
 * into the push: when the frontier is still the list its push left, C a bitmap with its count. */
static bool fuse_of(const GG_cuda_deferred *op, const GG_cuda_vec *uv, const GG_cuda_vec *c,
                    GG_cuda_push_fuse *f)
{
    if (!uv->jumbled || uv->list_stamp == 0 || c == NULL || c->d.form != GG_VF_BITMAP ||
        c->count == NULL || c->d.iso)
        return false;
    *f = (GG_cuda_push_fuse){.stamp = uv->list_stamp, .b = c->d.b, .x = c->d.x,
                             .size = c->d.size, .count = c->count};
    memcpy(&f->value, op->value, c->d.size);
    return true;
}

/* The product and its write-back. *op is BFS's deferred level assign when the caller took it
 * (GG_cuda_mxv): it runs before any kernel here reads the mask, unless the push does it (fused);
 * *op is set NULL once it has run or been fused. */
static GrB_Info product(GG_container *w, GG_container *M, GrB_BinaryOp accum, GrB_Semiring sr,
                        GG_container *A, GG_container *u, const GG_desc *d, bool vxm,
                        GrB_Index nnz, const GG_cuda_deferred **op)
{
    GrB_BinaryOp mul = sr->mul;
    int t = (int)sr->add->op->ztype->code;
    bool tran = vxm ? !d->tran0 : d->tran0; /* vxm: T = op(A)' u with the vector first */
    GrB_Index n = w->nrows;
    GG_cuda_vcall k;
    GrB_Info info = GG_cuda_vcall_begin(&k, w, M, accum, d);
    const GG_cuda_vec *uv = NULL;
    /* every product below reads u's entries in any order (an unordered list included) */
    if (info == GrB_SUCCESS) info = GG_cuda_vec_in_any(u, &uv);
    if (info != GrB_SUCCESS) return info;
    /* a frontier in sparse mode is pushed, from its list or straight from its bitmap flags,
     * never converted in place: u may be an input that other user threads read at the same time
     * (Doc/decisions.md, "Residency under concurrent readers"); its nvals is read under its lock,
     * as every reader of that cache does */
    bool push = false;
    const GG_vdata *x = &uv->d;
    uint64_t nu = 0; /* u's entries, read below when u is not full */
    int forced_mode = forced_product();
    /* The push and pull products apply the mask at each row and leave T's count: when w's new
     * content is exactly T (no accumulator; replace, or no mask; w of the semiring's type), T is
     * installed as it is and the write-back pass is skipped. */
    bool direct = accum == NULL && (M != NULL ? d->replace : !d->mask_comp) &&
                  (int)w->type->code == t;
    /* the list is installed as it is, so only a direct result may be one; whether a push would
     * write one is also a feature of the decision (no O(n) initialisation) */
    GG_cuda_push_list list;
    unsigned char a_buf[16];
    bool can_list = x->form != GG_VF_FULL && direct && list_output(sr, A, x, vxm, &list, a_buf);
    if (x->form != GG_VF_FULL) {
        pthread_mutex_lock(&u->lock);
        info = (GrB_Info)GG_cuda_vec_nvals(u, &nu);
        pthread_mutex_unlock(&u->lock);
        if (info != GrB_SUCCESS) return info;
        /* whether the non-sparse mode would be the flat pull, without making R's compact view
         * for a call that may push: its flat rule (at least as many entries as rows) and the
         * dimensions under 2^32 it is made for stand in for it */
        bool flat = flat_pull_applies(M, sr, t, x) && nnz >= n &&
                    A->nrows < ((uint64_t)1 << 32) && A->ncols < ((uint64_t)1 << 32);
        GG_svm_call_features(last_call, nu, u->nrows, M != NULL, k.wb.mstruct, d->mask_comp,
                             can_list, flat);
        /* the push work is counted (a reduction and a wait) only when a decision reads it, or
         * the trainer records it */
        bool work = forced_mode == GG_CUDA_MXV_RULE
                        ? GG_svm_reads_work(GG_cuda_svm_model())
                        : atomic_load_explicit(&measuring, memory_order_relaxed);
        info = GG_cuda_mxv_work_feature(A, tran, nnz, x, nu, work,
                                        forced_mode == GG_CUDA_MXV_RULE ? GG_cuda_svm_model() : NULL,
                                        last_call);
        if (info != GrB_SUCCESS) return info;
        has_last_call = true;
        if (forced_mode == GG_CUDA_MXV_PUSH) {
            push = true;
        } else if (forced_mode == GG_CUDA_MXV_RULE) {
            double feat[GG_SVM_NFEAT];
            memcpy(feat, last_call, sizeof feat);
            info = GG_cuda_mxv_svm_push(A, tran, nnz, u->nrows, nu, feat, &push);
            if (info != GrB_SUCCESS) return info;
        }
    }
    bool full = x->form == GG_VF_FULL && !x->iso && (int)u->type->code == t;
    /* A full u without a mask takes the tree (or CMRS) both ways: for A u the pull on the CSR
     * view ran at 0.08-0.09x cuSPARSE on RMAT-18/21 and 0.32x on the grid, the tree at 0.54-0.61x
     * (bench/gpu/spmv_bench, H200, 2026-11-26); the pull won only on the banded and localized
     * matrices (0.26x and 0.39x against 0.24x and 0.16x). For A' u the tree was already chosen. */
    bool pull = forced_mode == GG_CUDA_MXV_PULL || !full || M != NULL;
    GG_cuda_vec T = {0};
    unsigned char start[8];
    bool as_list = push && can_list;
    GG_cuda_push_fuse fz;
    bool fused = *op != NULL && as_list && fuse_of(*op, uv, k.m, &fz);
    if (*op != NULL && !fused) {
        info = GG_cuda_vec_deferred_run(*op);
        *op = NULL;
    }
    if (info != GrB_SUCCESS) return info;
    if (push) {
        /* R's columns: the CSC view for A u, the CSR view for A' u */
        GG_cuda_cview V;
        info = GG_cuda_mirror_cview(A, !tran, &V);
        GG_cuda_rowmask rm = {k.m != NULL ? &k.m->d : NULL, k.wb.mstruct, k.wb.mcomp};
        GG_trace("cuda mxv: push of a %s frontier on the %s view",
                 x->form == GG_VF_SPARSE ? "sparse" : "bitmap", tran ? "CSR" : "CSC");
        if (as_list)
            GG_trace("cuda mxv: the push writes an unordered list%s%s", list.iso ? " (iso)" : "",
                     fused ? ", and does the deferred assign" : "");
        int rc = GG_CUDA_SPMV_OK;
        /* the push takes a bitmap's entry count from its nvals (the long columns' room, the flag
         * rules) */
        GG_vdata xn = *x;
        xn.nvals = nu;
        for (int attempt = 0; info == GrB_SUCCESS && attempt < 2; attempt++) {
            rc = GG_cuda_vec_push(&T, &V, n, nnz, &xn, (int)u->type->code, sr->add->op->opcode,
                                  mul->opcode, t, GG_cuda_fold_start(sr, t, start), vxm, &rm,
                                  as_list ? &list : NULL, fused ? &fz : NULL);
            if (rc != GG_CUDA_PUSH_STALE) break;
            /* another list was pushed since the frontier's: the assign runs on its own first */
            info = GG_cuda_vec_deferred_run(*op);
            fused = false;
            *op = NULL;
        }
        if (info == GrB_SUCCESS) info = GG_cuda_info(rc);
        if (info == GrB_SUCCESS && fused) {
            *op = NULL;
            ((GG_cuda_vec *)k.m)->nvals_known = false; /* the kernel updated the mask's count */
        }
    } else if (!pull) {
        info = product_full(&T, A, tran, sr, t, n, nnz, vxm, x->x);
    } else if ((info = product_flat_pull(&T, M, A, tran, sr, t, n, nnz, x,
                                         (int)u->type->code)) != GrB_NO_VALUE) {
        /* done (or failed) by the flat pull */
    } else {
        info = GrB_SUCCESS;
        GG_cuda_cview V;
        GG_cuda_dense_x dx;
        GG_cuda_sview S;
        /* a product's rows not widened yet: the compact view is made on them, and the pull reads
         * only its 32-bit arrays and the values, so V is that view's header alone (the 64-bit
         * view, 16 bytes an entry, is not made for the pull) */
        bool rows = !tran && GG_cuda_mirror_rows_wait(A) && !GG_cuda_mirror_has_cview(A, false) &&
                    GG_cuda_mirror_sview(A, false, nnz, &S) == GrB_SUCCESS && S.ptr32;
        if (rows)
            V = (GG_cuda_cview){.nvec = S.nrows, .x = S.x, .type_code = S.type_code,
                                .value_size = S.value_size};
        else
            info = GG_cuda_mirror_cview(A, tran, &V);
        if (info == GrB_SUCCESS) info = GG_cuda_info(GG_cuda_vec_dense_input(&dx, x, (int)u->type->code, t));
        if (info == GrB_SUCCESS) {
            GG_cuda_rowmask rm = {k.m != NULL ? &k.m->d : NULL, k.wb.mstruct, k.wb.mcomp};
            /* the compact view's 32-bit indices where A has one (made on first demand and kept,
             * as for the full-vector SpMV); without one (declined, or no room for it) the pull
             * reads the 64-bit view */
            GG_cuda_pull_narrow nw = {0};
            bool narrow = rows || (V.vec == NULL &&
                                   GG_cuda_mirror_sview(A, tran, nnz, &S) == GrB_SUCCESS &&
                                   S.nrows == V.nvec && S.nvals == nnz);
            if (narrow) {
                nw.ptr32 = S.ptr32 ? S.ptr : NULL;
                nw.col32 = S.col;
            }
            GG_trace("cuda mxv: pull product on the %s%s view (u %s%s)", narrow ? "compact " : "",
                     tran ? "CSC" : "CSR",
                     x->form == GG_VF_SPARSE ? "sparse" : x->form == GG_VF_BITMAP ? "bitmap" : "full",
                     M != NULL ? ", masked rows" : "");
            unsigned char start[8];
            info = GG_cuda_info(GG_cuda_vec_pull(&T, &V, n, nnz, &dx, sr->add->op->opcode,
                                                 mul->opcode, t, GG_cuda_fold_start(sr, t, start),
                                                 vxm, &rm, narrow ? &nw : NULL));
            GG_cuda_free(dx.own);
        }
    }
    direct = direct && T.count != NULL; /* the full-vector kernels leave no count */
    if (info == GrB_SUCCESS && direct) {
        GG_trace("cuda mxv: the product is the result (no write-back pass)");
        info = GG_cuda_vcall_install(&k, &T);
    } else if (info == GrB_SUCCESS) {
        GG_cuda_tdesc td = {.kind = GG_CUDA_T_VEC, .A = &T.d, .acode = t, .tcode = t};
        info = GG_cuda_vcall_finish(&k, &td);
    }
    GG_cuda_vec_release(&T);
    return info;
}

GrB_Info GG_cuda_semiring_take(GrB_Semiring sr)
{
    GrB_BinaryOp mul = sr->mul;
    int t = (int)sr->add->op->ztype->code;
    if (sr->add->op->opcode == GG_OP_USER || mul->opcode == GG_OP_USER)
        return GG_decline("user-defined operator");
    if ((int)mul->xtype->code != t || (int)mul->ytype->code != t || (int)mul->ztype->code != t)
        return GG_decline("the multiply's types differ from the monoid's (typecast inside the "
                          "semiring)");
    if (!GG_cuda_vec_pull_supported(sr->add->op->opcode, mul->opcode, t))
        return GG_decline("no device kernel for this semiring");
    return GrB_SUCCESS;
}

GrB_Info GG_cuda_mxv(GG_container *w, GG_container *M, GrB_BinaryOp accum, GrB_Semiring sr,
                     GG_container *A, GG_container *u, const GG_desc *d, bool vxm)
{
    GrB_Info info = GG_cuda_semiring_take(sr);
    if (info != GrB_SUCCESS) return info;
    GrB_Index nnz;
    info = GG_container_nvals(A, &nnz);
    if (info != GrB_SUCCESS) return info;
    info = GG_CUDA_VEC_TAKE(d, w->nrows + nnz, w, M, u, A);
    if (info != GrB_SUCCESS) return info;
    /* BFS's level assign v<q> = k, deferred (GG_cuda_store.h), is taken before anything reads
     * the mask v or the frontier q, so that the push over q under !v can do it */
    GG_cuda_deferred taken;
    const GG_cuda_deferred *op = NULL;
    if (M != NULL && d->mask_comp && d->mask_struct && GG_cuda_vec_deferred_claim(M, u, &taken))
        op = &taken;
    info = product(w, M, accum, sr, A, u, d, vxm, nnz, &op);
    /* an error came before the assign ran: it still runs, its result is owed to v */
    if (op != NULL) {
        GrB_Info done = GG_cuda_vec_deferred_run(op);
        if (info == GrB_SUCCESS) info = done;
    }
    return info;
}
