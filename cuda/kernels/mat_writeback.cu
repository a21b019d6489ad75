/* mat_writeback.cu: GG_cuda_mat_writeback, the device masked write-back of a matrix,
 * Z = C<M, replace> = accum(C, T), with the rule of writeback.cuh (the CPU backend's write-back decides
 * each position by the same lines) and the casts of the vector kernels' value model.
 *
 * Every entry of Z sits where C or T has one (a position in neither gets nothing whatever the
 * mask), so the work is a merge of C's and T's row-major keys (cub::DeviceMerge), one thread per
 * merged key deciding its source (the mask looked up by binary search in M's sorted keys), a scan
 * and a compaction of the kept entries, and the device build of Z's tree from them. Without a
 * mask, a complemented mask or an accumulator, Z is T cast to C's type and C is not read. */
#include "mat_common.cuh"
#include "writeback.cuh"

#include <cub/device/device_merge.cuh>

namespace {

constexpr uint32_t WB_FROM_T = 0x80000000u; /* merged payload: a position in T, else in C */

/* Row-major keys (coordinates fit 32 bits) and, when src is not NULL, payloads k | tag. */
__global__ void key_kernel(uint64_t n, const uint64_t *row, const uint64_t *col, uint32_t tag,
                           uint64_t *key, uint32_t *src)
{
    GG_VK_FOR(k, n)
    {
        key[k] = (row[k] << 32) | col[k];
        if (src != nullptr) src[k] = (uint32_t)k | tag;
    }
}

struct wb_args {
    uint64_t n; /* merged keys */
    const uint64_t *key;
    const uint32_t *src;
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
    GG_VK_FOR(p, a.n)
    {
        uint64_t key = a.key[p];
        if (p > 0 && a.key[p - 1] == key) {
            a.keep[p] = 0;
            continue;
        }
        bool pair = p + 1 < a.n && a.key[p + 1] == key;
        uint32_t s0 = a.src[p], s1 = pair ? a.src[p + 1] : s0;
        bool t0 = (s0 & WB_FROM_T) != 0, t1 = (s1 & WB_FROM_T) != 0;
        bool has_c = !t0 || (pair && !t1), has_t = t0 || (pair && t1);
        uint32_t ci = !t0 ? s0 : s1, ti = (t0 ? s0 : s1) & ~WB_FROM_T;
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

/* Z's kept entries as tuples at their positions. */
__global__ void zcompact_kernel(uint64_t n, const uint64_t *key, const uint32_t *keep,
                                const uint32_t *pos, const void *zx, uint32_t size, uint64_t *row,
                                uint64_t *col, void *ox)
{
    GG_VK_FOR(p, n)
    {
        if (!keep[p]) continue;
        uint32_t q = pos[p];
        row[q] = key[p] >> 32;
        col[q] = key[p] & 0xffffffffULL;
        gg_store_sized(ox, q, size, gg_load_sized(zx, p, size));
    }
}

__global__ void cast_kernel(uint64_t n, const void *x, int from, void *z, int to)
{
    GG_VK_FOR(k, n) gg_store(z, k, to, gg_convert(gg_load(x, k, from), from, to));
}

/* Z's tree from its tuples (iso when every value is equal, as a host build makes it). */
int build(GG_cuda_hs *Z, uint64_t nrows, uint64_t ncols, int dbits, const uint64_t *row,
          const uint64_t *col, const void *x, uint64_t n, int ccode)
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
    bool reads_c = M != nullptr || wb->mcomp || wb->accum != nullptr;
    if (!gg_builtin(ccode) || !gg_builtin(T->code)) return GG_CUDA_VRC_UNSUPPORTED;
    if (wb->accum != nullptr && !GG_cuda_vec_accum_supported(wb->accum)) return GG_CUDA_VRC_UNSUPPORTED;
    if (M != nullptr && !wb->mstruct && !gg_builtin(M->code)) return GG_CUDA_VRC_UNSUPPORTED;
    if (reads_c && (C == nullptr || C->code != ccode)) return GG_CUDA_VRC_ERROR;
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
    gg_dev_buf ck, cs, tk, ts, mk, key, src, keep, pos, zx, tmp;
    if (!ck.get(nc * 8) || !cs.get(nc * 4) || !tk.get(nt * 8) || !ts.get(nt * 4) ||
        !mk.get(nm * 8) || !keep.get((n + 1) * 4) || !pos.get((n + 1) * 4) || !zx.get(n * csize))
        return GG_CUDA_VRC_NOMEM;
    if (nc > 0)
        key_kernel<<<gg_vk_blocks(nc), GG_VK_THREADS, 0, s>>>(nc, C->row, C->col, 0, ck.as<uint64_t>(),
                                                            cs.as<uint32_t>());
    if (nt > 0)
        key_kernel<<<gg_vk_blocks(nt), GG_VK_THREADS, 0, s>>>(nt, T->row, T->col, WB_FROM_T,
                                                            tk.as<uint64_t>(), ts.as<uint32_t>());
    if (nm > 0)
        key_kernel<<<gg_vk_blocks(nm), GG_VK_THREADS, 0, s>>>(nm, M->row, M->col, 0, mk.as<uint64_t>(),
                                                            nullptr);
    int rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;

    /* the merged keys: one side alone is already sorted */
    const uint64_t *mkey = nc == 0 ? tk.as<uint64_t>() : ck.as<uint64_t>();
    const uint32_t *msrc = nc == 0 ? ts.as<uint32_t>() : cs.as<uint32_t>();
    if (nc > 0 && nt > 0) {
        if (!key.get(n * 8) || !src.get(n * 4)) return GG_CUDA_VRC_NOMEM;
        size_t bytes = 0;
        auto merge = [&](void *t) {
            return cub::DeviceMerge::MergePairs(t, bytes, ck.as<uint64_t>(), cs.as<uint32_t>(),
                                                (int64_t)nc, tk.as<uint64_t>(), ts.as<uint32_t>(),
                                                (int64_t)nt, key.as<uint64_t>(), src.as<uint32_t>(),
                                                cuda::std::less<uint64_t>(), s);
        };
        rc = gg_vk_rc(merge(nullptr));
        if (rc == GG_CUDA_VRC_OK && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
        if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(merge(tmp.p));
        if (rc != GG_CUDA_VRC_OK) return rc;
        mkey = key.as<uint64_t>();
        msrc = src.as<uint32_t>();
    }

    wb_args a{};
    a.n = n;
    a.key = mkey;
    a.src = msrc;
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
    uint64_t m = 0;
    if (rc == GG_CUDA_VRC_OK) rc = gg_mk_scan(keep.as<uint32_t>(), pos.as<uint32_t>(), n, &m);
    if (rc != GG_CUDA_VRC_OK) return rc;
    gg_dev_buf zr, zc, zv;
    if (!zr.get(m * 8) || !zc.get(m * 8) || !zv.get(m * csize)) return GG_CUDA_VRC_NOMEM;
    zcompact_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(n, mkey, keep.as<uint32_t>(),
                                                            pos.as<uint32_t>(), zx.p, csize,
                                                            zr.as<uint64_t>(), zc.as<uint64_t>(), zv.p);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    return build(Z, nrows, ncols, dbits, zr.as<uint64_t>(), zc.as<uint64_t>(), zv.p, m, ccode);
}
