/* mat_writeback.cu: GG_cuda_mat_writeback, the device masked write-back of a matrix,
 * Z = C<M, replace> = accum(C, T), with the rule of writeback.cuh (the CPU backend's write-back decides
 * each position by the same lines) and the casts of the vector kernels' value model.
 *
 * Every entry of Z sits where C or T has one (a position in neither gets nothing whatever the
 * mask), so the work is a merge of C's and T's row-major keys (gg_mk_merge), one thread per
 * merged key deciding its source (the mask looked up by binary search in M's sorted keys), a scan
 * and a compaction of the kept entries, and the device build of Z's tree from them. Without a
 * mask, a complemented mask or an accumulator, Z is T cast to C's type and C is not read, and T may
 * come in any order (GG_cuda_mwb_reads_c). */
#include "mat_common.cuh"
#include "writeback.cuh"

namespace {

struct wb_args {
    gg_mk_view m; /* C's (first) and T's merged keys */
    const void *cx, *tx;
    int ccode, tcode;
    const uint64_t *mkey; /* the mask's sorted keys (has_mask) */
    const void *mx;       /* its values (read unless mstruct) */
    uint64_t mn;
    int mcode;
    bool has_mask, mstruct, mcomp, replace, has_accum;
    GG_cuda_op accum;
    uint32_t *keep;
    void *zx; /* Z's value at each merged key, of ccode */
};

/* Whether the mask allows the position of key: present and true (a value mask: its bytes not all
 * zero, as the CPU backend reads one), then complemented. No mask allows everything (nothing when
 * complemented). */
__device__ inline bool mask_allows(const wb_args &a, uint64_t key)
{
    if (!a.has_mask) return !a.mcomp;
    uint64_t lo = gg_lower_bound(a.mkey, a.mn, key);
    bool set = lo < a.mn && a.mkey[lo] == key && (a.mstruct || gg_load(a.mx, lo, a.mcode).u != 0);
    return set != a.mcomp;
}

/* The first of each run of equal keys (one from C, one from T at most) decides the position. */
__global__ void decide_kernel(wb_args a)
{
    GG_VK_FOR(p, a.m.n)
    {
        bool has_c, has_t;
        uint32_t ci, ti;
        if (!gg_mk_run(a.m, p, &has_c, &ci, &has_t, &ti)) {
            a.keep[p] = 0;
            continue;
        }
        uint64_t key = a.m.k[p];
        int src = gg_wb_source(mask_allows(a, key), true, a.replace, a.has_accum, has_c, has_t);
        a.keep[p] = src != GG_WB_NONE;
        gg_val z;
        if (src == GG_WB_NONE) {
            continue;
        } else if (src == GG_WB_C) {
            z = gg_load(a.cx, ci, a.ccode);
        } else if (src == GG_WB_T) {
            z = gg_convert(gg_load(a.tx, ti, a.tcode), a.tcode, a.ccode);
        } else {
            /* as the CPU's write-back calls the accumulator: a positional one answers for (0, 0) */
            gg_val x = gg_convert(gg_load(a.cx, ci, a.ccode), a.ccode, a.accum.xcode);
            gg_val y = gg_convert(gg_load(a.tx, ti, a.tcode), a.tcode, a.accum.ycode);
            z = gg_convert(gg_eval_binary(a.accum, x, y, 0), a.accum.zcode, a.ccode);
        }
        gg_store(a.zx, p, a.ccode, z);
    }
}

__global__ void cast_kernel(uint64_t n, const void *x, int from, void *z, int to)
{
    GG_VK_FOR(k, n) gg_store(z, k, to, gg_convert(gg_load(x, k, from), from, to));
}

/* Z's tree from its tuples (iso when every value is equal, as a host build makes it); tuples in Z's
 * tree order already, as a select over an untransposed tree of Z's shape hands them over, are not
 * sorted again (GG_cuda_hs_build_coo). */
int build(GG_cuda_hs *Z, uint64_t nrows, uint64_t ncols, int dbits, const uint32_t *row,
          const uint32_t *col, const void *x, uint64_t n, int ccode)
{
    return gg_hs_rc(GG_cuda_hs_build_coo(Z, nrows, ncols, dbits, row, col, x, n, ccode,
                                         (int)gg_size_of(ccode), true));
}

} // namespace

extern "C" int GG_cuda_mat_writeback(GG_cuda_hs *Z, uint64_t nrows, uint64_t ncols, int dbits,
                                     const GG_cuda_tuples *C, int ccode, const GG_cuda_tuples *T,
                                     const GG_cuda_mwb *wb)
{
    const GG_cuda_tuples *M = wb->M;
    bool reads_c = GG_cuda_mwb_reads_c(wb);
    if (!gg_builtin(ccode) || !gg_builtin(T->code)) return GG_CUDA_VRC_UNSUPPORTED;
    if (wb->accum != nullptr && !GG_cuda_vec_accum_supported(wb->accum)) return GG_CUDA_VRC_UNSUPPORTED;
    if (M != nullptr && !wb->mstruct && !gg_builtin(M->code)) return GG_CUDA_VRC_UNSUPPORTED;
    if (reads_c && (C == nullptr || C->code != ccode)) return GG_CUDA_VRC_ERROR;
    /* the merge and the mask look-up walk row-major keys (an empty set is in every order) */
    auto rowmajor = [](const GG_cuda_tuples *t) { return t->n == 0 || t->order == GG_CUDA_ORDER_ROW; };
    if (reads_c && (!rowmajor(C) || !rowmajor(T) || (M != nullptr && !rowmajor(M))))
        return GG_CUDA_VRC_ERROR;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    uint32_t csize = gg_size_of(ccode);

    /* C is not read: Z = T, cast */
    if (!reads_c) {
        const void *x = T->x;
        gg_dev_buf cx;
        if (T->n > 0 && T->code != ccode) {
            if (!cx.get(T->n * csize)) return GG_CUDA_VRC_NOMEM;
            cast_kernel<<<gg_vk_blocks(T->n), GG_VK_THREADS, 0, s>>>(T->n, T->x, T->code, cx.p, ccode);
            int rc = gg_vk_launched();
            if (rc != GG_CUDA_VRC_OK) return rc;
            x = cx.p;
        }
        return build(Z, nrows, ncols, dbits, T->row, T->col, x, T->n, ccode);
    }

    uint64_t nc = C->n, nt = T->n, n = nc + nt;
    if (n >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    if (n == 0) return build(Z, nrows, ncols, dbits, nullptr, nullptr, nullptr, 0, ccode);
    uint64_t nm = M != nullptr ? M->n : 0;
    gg_mk_merged mg;
    gg_dev_buf mk, keep, zx;
    if (!mk.get(nm * 8) || !keep.get((n + 1) * 4) || !zx.get(n * csize)) return GG_CUDA_VRC_NOMEM;
    int rc = gg_mk_merge(&mg, C, T);
    if (rc == GG_CUDA_VRC_OK && M != nullptr) rc = gg_mk_keys(mk.as<uint64_t>(), M);
    if (rc != GG_CUDA_VRC_OK) return rc;

    wb_args a{};
    a.m = mg.v;
    a.cx = C->x;
    a.tx = T->x;
    a.ccode = ccode;
    a.tcode = T->code;
    a.has_mask = M != nullptr;
    a.mkey = mk.as<uint64_t>();
    a.mx = M != nullptr ? M->x : nullptr;
    a.mn = nm;
    a.mcode = M != nullptr ? M->code : 0;
    a.mstruct = wb->mstruct;
    a.mcomp = wb->mcomp;
    a.replace = wb->replace;
    a.has_accum = wb->accum != nullptr;
    if (a.has_accum) a.accum = *wb->accum;
    a.keep = keep.as<uint32_t>();
    a.zx = zx.p;
    decide_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(a);
    rc = gg_vk_launched();
    GG_cuda_tuples z{};
    if (rc == GG_CUDA_VRC_OK) rc = gg_mk_from_keys(&z, keep.as<uint32_t>(), n, mg.v.k, zx.p, ccode);
    if (rc == GG_CUDA_VRC_OK) rc = build(Z, nrows, ncols, dbits, z.row, z.col, z.x, z.n, ccode);
    GG_cuda_tuples_release(&z);
    return rc;
}
