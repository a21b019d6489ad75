/* mxm_narrow.c: the narrow-product path of the CUDA mxm slot (dispatched first from mxm.c):
 * C<M> = accum(C, op0(A) (+.*) op1(B)) when op0(A) has a few rows, BC's frontier<!paths> =
 * frontier (+.first) A and w<level> = w (+.first) A' on its ns x n matrices, by the kernels of
 * cuda/kernels/mxm_narrow.cu (GG_cuda_mxm_narrow.h): op0(A)'s entries (decoded from its device
 * tree in the tree's order, no view, no sort) are scattered into a dense k x n workspace, so the
 * product needs neither hash tables nor merges with op0(A)'s long rows.
 *
 * The form: a plain mask (not complemented) takes the dot form, whose work is the mask's entries
 * times the lengths of op1(B)'s columns they meet and which reads op1(B) by columns (for BC's A',
 * A's CSR view, kept on the device across calls); no mask or a complemented one takes the saxpy
 * form, whose work is the flops (op1(B)'s rows), the mask read per term from a bitmap.
 *
 * The rule (measure-free, GPU-host runs should check it against the general paths: the
 * environment variable GRAPHBLAS_GPU_NARROW_ROWS=0 turns this path off, a number lowers its row
 * limit):
 * - C has 1 .. 64 rows (GG_CUDA_NARROW_MAX_ROWS, the dot form's word of rows), and the saxpy
 *   form's k x ncols slots are fewer than 2^31 (its flags' 32-bit scan);
 * - the dense workspace (k x ncols slots for the saxpy form, k x inner for the dot form's
 *   densified op0(A)) has at most GG_NARROW_RATIO positions per entry of A, B and M together:
 *   its fill, scan and compaction cost O(k n) whatever the product, so they stay within a small
 *   multiple of what reading the operands once costs (a 64 x 10^7 product of a few entries is left
 *   to the general paths, whose cost follows the flops);
 * - its bytes (GG_cuda_narrow_bytes) are at most half of what the pool has available now (which
 *   honours GxG_DEVICE_POOL_LIMIT), so it never crowds out the result's build;
 * - GxB_AxB_METHOD is at its default (a method asked for is the general paths').
 * Declines, touching nothing, besides: what the row-wise saxpy declines (GG_cuda_semiring_take:
 * user-defined types or operators, a semiring whose multiply is not on the monoid's domain, one
 * without a device kernel), a complemented mask that is absent (nothing is admitted: the general
 * path's case), dimensions of 2^32 or more, 2^31 entries or more in an operand, and small
 * host-resident calls unless CUDA is forced.
 *
 * The result: the product applies the mask exactly (value or structure, complemented or not), so
 * without an accumulator and with nothing of C to keep (no mask, replace, or C empty) C is T: it
 * is built into C's tree as it comes (the saxpy form writes the tree's order, the dot form the mask
 * tree's order, so the build sorts nothing) without reading C or M again. Otherwise T goes through
 * the device masked write-back in row-major order (GG_cuda_mslot.h). */
#include "GG_cuda_mslot.h"
#include "GG_cuda_mxm_narrow.h"
#include "GG_hisparse.h"

#include <stdatomic.h>
#include <stdlib.h>

/* Workspace positions per entry of the operands that the narrow path still takes (unmeasured). */
#define GG_NARROW_RATIO 4

/* The most rows taken: what GG_cuda_mxm_narrow_set_rows set, else GRAPHBLAS_GPU_NARROW_ROWS
 * (read at the first call), else GG_CUDA_NARROW_MAX_ROWS; never above it. */
static _Atomic uint64_t row_limit = GG_CUDA_NARROW_DEFAULT;

static uint64_t max_rows(void)
{
    uint64_t v = atomic_load_explicit(&row_limit, memory_order_relaxed);
    if (v == GG_CUDA_NARROW_DEFAULT) {
        const char *e = getenv("GRAPHBLAS_GPU_NARROW_ROWS");
        v = e != NULL && *e != '\0' ? strtoull(e, NULL, 10) : GG_CUDA_NARROW_MAX_ROWS;
        atomic_store_explicit(&row_limit, v, memory_order_relaxed);
    }
    return v < GG_CUDA_NARROW_MAX_ROWS ? v : GG_CUDA_NARROW_MAX_ROWS;
}

void GG_cuda_mxm_narrow_set_rows(uint64_t rows)
{
    atomic_store_explicit(&row_limit, rows, memory_order_relaxed);
}

/* This thread's last device mxm: 0 not narrow, 1 the saxpy form, 2 the dot form. */
static _Thread_local int last_form;

int GG_cuda_mxm_last_narrow(void)
{
    return last_form;
}

/* The product and its write-back, once the call is taken. */
static GrB_Info narrow(GG_container *C, GG_container *M, GrB_BinaryOp accum, GrB_Semiring sr,
                       GG_container *A, GG_container *B, const GG_desc *d, bool dot, int dbits,
                       bool as_is)
{
    GG_desc plain = {.replace = d->replace};
    GG_cuda_mcall k;
    GG_cuda_tuples own_m = {0}, W = {0}, T = {.code = (int)sr->add->op->ztype->code};
    const GG_cuda_tuples *m = M != NULL ? &k.m : NULL;
    GrB_Info info = GG_cuda_mcall_begin(&k, C, as_is ? NULL : M, accum, as_is ? &plain : d);
    if (info == GrB_SUCCESS && as_is && M != NULL) {
        /* C is T (not read): the mask's tree order, no sort (the dot form's T follows it) */
        info = GG_cuda_mat_tuples(M, false, GG_CUDA_ORDER_TREE, &own_m);
        m = &own_m;
    }
    if (info == GrB_SUCCESS) info = GG_cuda_mat_tuples(A, d->tran0, GG_CUDA_ORDER_TREE, &W);
    /* no term, or a mask without entries (the dot form's only candidates): T is empty */
    bool work = info == GrB_SUCCESS && W.n > 0 && !(dot && m->n == 0);
    GG_cuda_cview bv;
    /* the dot form reads the columns of op1(B), the saxpy form its rows */
    if (work) info = GG_cuda_mirror_cview(B, dot != d->tran1, &bv);
    if (work && info == GrB_SUCCESS) {
        unsigned char start[8];
        int t = T.code;
        GG_cuda_narrow p = {.W = &W,
                            .k = C->nrows,
                            .ninner = d->tran0 ? A->nrows : A->ncols,
                            .B = &bv,
                            .ncols = C->ncols,
                            .M = m,
                            .mstruct = d->mask_struct,
                            .mcomp = d->mask_comp,
                            .add_op = sr->add->op->opcode,
                            .mul_op = sr->mul->opcode,
                            .type_code = t,
                            .start = GG_cuda_fold_start(sr, t, start),
                            .dbits = dbits};
        int rc = dot ? GG_cuda_mat_narrow_dot(&T, &p) : GG_cuda_mat_narrow_saxpy(&T, &p);
        info = GG_cuda_mslot_info(rc, "no device kernel for this narrow product");
        if (info == GrB_SUCCESS)
            GG_trace("cuda mxm: narrow product, %llu rows of A%s, %s: %llu entries%s",
                     (unsigned long long)C->nrows, d->tran0 ? "'" : "",
                     dot ? "its rows densified, one look-up a term over the columns of B met by "
                           "the mask (dot form)"
                     : M == NULL ? "a dense accumulator (saxpy form)"
                                 : "a dense accumulator, the complemented mask as a bitmap (saxpy "
                                   "form)",
                     (unsigned long long)T.n, as_is ? ", the result as it is" : "");
    }
    GG_cuda_tuples_release(&own_m);
    GG_cuda_tuples_release(&W);
    if (info == GrB_SUCCESS) info = GG_cuda_mcall_finish(&k, &T);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    if (info == GrB_SUCCESS) last_form = dot ? 2 : 1;
    return info;
}

GrB_Info GG_cuda_mxm_narrow(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                            GrB_Semiring semiring, GG_container *A, GG_container *B,
                            const GG_desc *d)
{
    last_form = 0;
    uint64_t k = C->nrows;
    if (k == 0 || k > max_rows()) return GG_decline("not a narrow product (rows of C)");
    if (d->axb_method != GxB_DEFAULT) return GG_decline("GxB_AxB_METHOD asks for a method");
    if (M == NULL && d->mask_comp) return GG_decline("a complemented mask that is absent");
    GrB_Info info = GG_cuda_semiring_take(semiring);
    if (info != GrB_SUCCESS) return info;
    const GrB_Index wide = (GrB_Index)1 << 32;
    GrB_Index inner = d->tran0 ? A->nrows : A->ncols;
    if (C->ncols >= wide || inner >= wide) return GG_decline("a dimension of 2^32 or more");
    GrB_Index na, nb, nm = 0;
    info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info == GrB_SUCCESS && M != NULL) info = GG_container_nvals(M, &nm);
    if (info != GrB_SUCCESS) return info;
    const GrB_Index big = (GrB_Index)1 << 31;
    if (na >= big || nb >= big || nm >= big)
        return GG_decline("2^31 entries or more (the device tuples' limit)");
    bool dot = M != NULL && !d->mask_comp;
    uint64_t positions = k * (dot ? inner : C->ncols);
    if (positions > GG_NARROW_RATIO * (na + nb + nm))
        return GG_decline("the dense workspace is large beside the operands");
    if (!dot && positions >= big) return GG_decline("2^31 slots or more (a 32-bit scan)");
    /* C is T when nothing of C is kept: no accumulator and no mask, replace, or C empty */
    GrB_Index cvals = 1;
    if (accum == NULL && M != NULL && !d->replace) info = GG_container_nvals(C, &cvals);
    if (info != GrB_SUCCESS) return info;
    bool as_is = accum == NULL && (M == NULL || d->replace || cvals == 0);
    /* T in C's tree order when it goes straight into the build, else row-major */
    int dbits = as_is ? __builtin_ctz((unsigned)GG_hs_node_dim()) : 0;
    int t = (int)semiring->add->op->ztype->code;
    uint64_t bytes = GG_cuda_narrow_bytes(dot, k, inner, C->ncols, dbits, na, nm, t);
    if (bytes > GG_cuda_pool_available() / 2)
        return GG_decline("the dense workspace does not fit half of the device pool");
    info = GG_CUDA_VEC_TAKE(d, na + nb + nm, C, M, A, B);
    return info == GrB_SUCCESS ? narrow(C, M, accum, semiring, A, B, d, dot, dbits, as_is) : info;
}
