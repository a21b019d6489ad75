/* mxm_saxpy.c: C<M> = accum(C, op0(A) (+.*) op1(B)) by the device row-wise SpGEMM
 * (GG_cuda_mxm_saxpy.h). The rows of op0(A) and op1(B) are the device CSR views of A and B, or
 * their CSC views for a transposed operand (each built or uploaded once and kept in the mirror), so
 * all four transpose combinations read a view as it is. A mask (its CSR view) is read before each
 * term is accumulated: a complemented or dense mask, structural or valued, drops what the
 * write-back would drop before it costs a slot (BC's frontier<!paths> = frontier A). T's tuples
 * then go through the device masked write-back (accumulator, replace, the mask's final word) and
 * C's new tree stays on the device (GG_cuda_mslot.h). Without a mask or an accumulator, C is the
 * product itself: it is written as CSR32 (no row index an entry) and C keeps it as its content,
 * its tree built only when a reader needs it (GG_cuda_mat_install_csr; GRAPHBLAS_GPU_SPGEMM_CSR=0
 * turns this off).
 * Declines, touching nothing: user-defined types or operators, a semiring whose multiply and monoid
 * are not all of one domain, a semiring without a device kernel, C with 2^32 - 1 columns or more
 * or more than 2^32 rows (T's rows are 32-bit coordinates), inputs beyond the device build's
 * limits, and small host-resident calls (unless CUDA is forced).
 * Out of device memory (GrB_OUT_OF_MEMORY, C unchanged) only when the result and the inputs leave
 * no room for a single row's workspace: the product runs at once when its workspace fits, in row
 * chunks otherwise. */
#include "GG_cuda_mslot.h"
#include "GG_cuda_mxm_saxpy.h"

#include <stdatomic.h>
#include <stdlib.h>

/* The last product's statistics, for the tests (GG_cuda_mxm_last_chunks, _waves, _split). */
static _Thread_local GG_cuda_saxpy_stats last;

uint64_t GG_cuda_mxm_last_chunks(void)
{
    return last.chunks_symbolic + last.chunks_numeric;
}

uint64_t GG_cuda_mxm_last_waves(void)
{
    return last.waves;
}

uint64_t GG_cuda_mxm_last_split(void)
{
    return last.split_rows;
}

/* GRAPHBLAS_GPU_SPGEMM_CSR=0 (or the tests' hook, below 0: back to it): an unmasked product's C
 * built at once through the write-back, as before its rows could wait (for an A/B of the memory
 * and of the first readers). */
static _Atomic int csr_hook = -1;

void GG_cuda_spgemm_set_csr(int on)
{
    csr_hook = on;
}

static bool csr_on(void)
{
    int h = csr_hook;
    if (h >= 0) return h != 0;
    const char *e = getenv("GRAPHBLAS_GPU_SPGEMM_CSR");
    return e == NULL || strcmp(e, "0") != 0;
}

/* T = op0(A) (+.*) op1(B), restricted by M's rows when M is given; with R, and op0(A)'s view not
 * hypersparse, the product as CSR32 into *R instead (T left empty). */
static GrB_Info product(GG_cuda_tuples *T, GG_cuda_csr32 *R, GG_container *M, GrB_Semiring sr,
                        GG_container *A, GrB_Index na, GG_container *B, const GG_desc *d,
                        uint64_t ncols)
{
    int t = T->code;
    GG_cuda_cview va, vb, vm;
    GrB_Info info = GG_cuda_mirror_cview(A, d->tran0, &va);
    if (info == GrB_SUCCESS) info = GG_cuda_mirror_cview(B, d->tran1, &vb);
    if (info == GrB_SUCCESS && M != NULL) info = GG_cuda_mirror_cview(M, false, &vm);
    if (info != GrB_SUCCESS) return info;
    unsigned char start[8];
    GG_cuda_saxpy p = {.A = &va,
                       .B = &vb,
                       .ncols = ncols,
                       .add_op = sr->add->op->opcode,
                       .mul_op = sr->mul->opcode,
                       .type_code = t,
                       .start = GG_cuda_fold_start(sr, t, start),
                       .M = M != NULL ? &vm : NULL,
                       .a_entries = na,
                       .mstruct = d->mask_struct,
                       .mcomp = d->mask_comp};
    bool rows = R != NULL && va.vec == NULL;
    info = GG_cuda_mslot_info(rows ? GG_cuda_spgemm_saxpy_csr(R, &p, &last)
                                   : GG_cuda_spgemm_saxpy(T, &p, &last),
                              "no device kernel for this product (or 2^31 result entries)");
    if (info == GrB_SUCCESS)
        GG_trace("cuda mxm: row-wise saxpy on the %s x %s views%s: %llu flops, %llu entries%s, "
                 "%llu + %llu chunks, %llu waves of dense rows, %llu rows split over the grid",
                 d->tran0 ? "CSC" : "CSR", d->tran1 ? "CSC" : "CSR",
                 M == NULL      ? ""
                 : d->mask_comp ? ", complemented mask read per term"
                                : ", mask read per term",
                 (unsigned long long)last.flops, (unsigned long long)last.nnz,
                 rows ? " as CSR32" : "", (unsigned long long)last.chunks_symbolic, (unsigned long long)last.chunks_numeric,
                 (unsigned long long)last.waves, (unsigned long long)last.split_rows);
    return info;
}

GrB_Info GG_cuda_mxm_saxpy(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                           GrB_Semiring semiring, GG_container *A, GG_container *B,
                           const GG_desc *d)
{
    GrB_Info info = GG_cuda_semiring_take(semiring);
    if (info != GrB_SUCCESS) return info;
    if (C->ncols >= UINT32_MAX) return GG_decline("2^32 - 1 columns or more (32-bit hash keys)");
    if (C->nrows > ((GrB_Index)1 << 32))
        return GG_decline("more than 2^32 rows (the device tuples' 32-bit coordinates)");
    GrB_Index na, nb;
    info = GG_container_nvals(A, &na);
    if (info == GrB_SUCCESS) info = GG_container_nvals(B, &nb);
    if (info == GrB_SUCCESS) info = GG_CUDA_VEC_TAKE(d, na + nb, C, M, A, B);
    if (info != GrB_SUCCESS) return info;

    GG_cuda_mcall k;
    info = GG_cuda_mcall_begin(&k, C, M, accum, d);
    int code = (int)semiring->add->op->ztype->code;
    GG_cuda_tuples T = {.code = code};
    /* C is the product itself (no mask, no accumulator, values of C's type): it keeps the
     * product's rows as CSR32, its tree built when a reader asks (cuda/store/matrix.c) */
    GG_cuda_csr32 R = {0};
    bool rows = !GG_cuda_mwb_reads_c(&k.wb) && code == (int)C->type->code && csr_on();
    memset(&last, 0, sizeof last);
    /* no term, or a complemented empty mask that admits none: T is empty */
    if (info == GrB_SUCCESS && na > 0 && nb > 0 && !(M == NULL && d->mask_comp))
        info = product(&T, rows ? &R : NULL, M, semiring, A, na, B, d, C->ncols);
    if (info == GrB_SUCCESS && R.n > 0) {
        info = GG_cuda_mat_install_csr(C, &R);
        if (info == GrB_SUCCESS)
            GG_trace("cuda: %llu x %llu matrix result (%llu entries) kept on the device as its "
                     "rows (CSR32), its tree built on first demand",
                     (unsigned long long)C->nrows, (unsigned long long)C->ncols,
                     (unsigned long long)last.nnz);
        if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync())
            info = GrB_PANIC;
    } else if (info == GrB_SUCCESS) {
        info = GG_cuda_mcall_finish(&k, &T); /* an empty R: an empty T */
    }
    GG_cuda_csr32_release(&R);
    GG_cuda_tuples_release(&T);
    GG_cuda_mcall_end(&k);
    return info;
}
