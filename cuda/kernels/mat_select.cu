/* mat_select.cu: the select of a matrix whose result is T itself (no mask, no accumulator, A not
 * transposed), straight from what A already holds on the device (GG_cuda_mat_kernels.h):
 *  - its tree: A's entries as tree-order keys of its own format and their values (decoded once
 *    per A and kept in its mirror, cuda/store/matrix.c), filtered and compacted, are the sorted
 *    keys of C's tree (GG_cuda_hkeys), which the store builds with no tuples, no key pass and no
 *    sort when something needs the tree itself: the products read only the views;
 *  - its CSR/CSC views: a view of A filtered entry by entry keeps its order, so it is C's view
 *    (row pointers from the scan of the keep flags), where building C's view from C's tree would
 *    decode and radix sort every entry again.
 * Why: delta-stepping SSSP splits A into light and heavy edges by two selects per run, and then
 * pushes and pulls over both; the general path (tuples, compaction, key pass, build, then a sorted
 * view build per product side) cost 14 ms a select on RMAT-20 (Doc/performance.md).
 * The keep rule is the general select's (GG_cuda_mat_apply): op(x cast to op's x type, i, j, thunk)
 * cast to bool, the value not read by a positional operator. */
#include "hs_device.cuh"
#include "mat_common.cuh"

namespace {

struct sel_rule {
    GG_cuda_op op;
    gg_val s1; /* the thunk, as op.ycode */
    int acode;
};

__device__ inline bool sel_keep(const sel_rule &r, const void *x, uint64_t p, uint64_t i, uint64_t j)
{
    const GG_cuda_op &op = r.op;
    gg_val xin = gg_builtin(op.xcode) ? gg_convert(gg_load(x, p, r.acode), r.acode, op.xcode) : gg_val{0};
    return gg_convert(gg_eval_index(op, xin, i, j, r.s1), op.zcode, GG_CUDA_BOOL).u != 0;
}

/* The comparisons with the thunk read the value only, every other operator the position only. */
inline bool positional(const GG_cuda_op &op)
{
    return op.opcode < GG_OP_VALUEEQ || op.opcode > GG_OP_VALUEGE;
}

__global__ void k_tree_keep(sel_rule r, hs_keyfmt f, uint64_t n, const uint64_t *key, const void *x,
                            uint32_t *keep)
{
    GG_VK_FOR(p, n)
    {
        uint64_t i, j;
        hs_key_split(&f, key[p], f.h, &i, &j);
        keep[p] = sel_keep(r, x, p, i, j);
    }
}

/* The kept entries at their positions: a tree's keys or a view's minor indices, and the values
 * cast to ccode. */
__global__ void k_compact(uint64_t n, const uint32_t *keep, const uint32_t *pos, const uint64_t *key,
                          const void *x, int acode, int ccode, uint64_t *okey, void *ox)
{
    GG_VK_FOR(p, n)
    {
        if (!keep[p]) continue;
        uint32_t q = pos[p];
        okey[q] = key[p];
        gg_store(ox, q, ccode, gg_convert(gg_load(x, p, acode), acode, ccode));
    }
}

/* *differs = 1 when a value's bytes differ from the first's (once a block, as the build's key pass
 * flags it). */
__global__ void k_differs(uint64_t n, const char *x, uint32_t size, int *differs)
{
    bool d = false;
    GG_VK_FOR(k, n)
    {
        for (uint32_t b = 0; b < size && !d; b++) d = x[k * size + b] != x[b];
    }
    d = __syncthreads_or(d);
    if (d && threadIdx.x == 0) *differs = 1;
}

/* Entry p of a view: its major index is the last vector starting at or before p (searched only
 * for a positional operator). */
__global__ void k_view_keep(sel_rule r, bool by_col, bool find_major, uint64_t nnz, uint64_t nvec,
                            const uint64_t *ptr, const uint64_t *idx, const void *x, uint32_t *keep)
{
    GG_VK_FOR(p, nnz)
    {
        uint64_t major = find_major ? gg_lower_bound(ptr, nvec + 1, p + 1) - 1 : 0, minor = idx[p];
        keep[p] = sel_keep(r, x, p, by_col ? minor : major, by_col ? major : minor);
    }
}

__global__ void k_view_ptr(uint64_t nvec, const uint64_t *ptr, const uint32_t *pos, uint64_t *optr)
{
    GG_VK_FOR(k, nvec + 1) optr[k] = pos[ptr[k]];
}

/* The rule of t over values of acode; false for what the general select does not take either. */
bool rule_of(const GG_cuda_mt *t, int acode, int ccode, sel_rule *r)
{
    const GG_cuda_op &op = t->op;
    if (t->kind != GG_CUDA_T_SELECT || !gg_op_index(op.opcode) || !GG_cuda_vec_op_supported(&op) ||
        !gg_builtin(t->s1code) || !gg_builtin(acode) || !gg_builtin(ccode))
        return false;
    r->op = op;
    r->s1 = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code, op.ycode);
    r->acode = acode;
    return true;
}

} // namespace

extern "C" int GG_cuda_mat_select_keys(GG_cuda_hkeys *K, uint64_t nrows, uint64_t ncols, int dbits,
                                       const uint64_t *key, const void *x, uint64_t n, int acode,
                                       const GG_cuda_mt *t, int ccode)
{
    sel_rule r;
    hs_keyfmt f;
    *K = GG_cuda_hkeys{};
    if (!rule_of(t, acode, ccode, &r) || dbits < 1 || dbits > 8 ||
        !hs_keyfmt_make(&f, nrows, ncols, dbits) || n >= (1ULL << 31))
        return GG_CUDA_VRC_UNSUPPORTED;
    uint32_t csize = gg_size_of(ccode);
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    uint64_t m = 0;
    gg_dev_buf keep, pos, okey, ox, differs;
    if (n > 0) {
        if (!keep.get((n + 1) * sizeof(uint32_t)) || !pos.get((n + 1) * sizeof(uint32_t)))
            return GG_CUDA_VRC_NOMEM;
        k_tree_keep<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(r, f, n, key, x, keep.as<uint32_t>());
        int rc = gg_vk_launched();
        if (rc == GG_CUDA_VRC_OK) rc = gg_mk_scan(keep.as<uint32_t>(), pos.as<uint32_t>(), n, &m);
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    int h = 1; /* without entries the tree is not iso, as GG_cuda_hs_build_coo makes it */
    if (m > 0) {
        if (!okey.get(m * sizeof(uint64_t)) || !ox.get(m * csize) || !differs.get(sizeof(int)))
            return GG_CUDA_VRC_NOMEM;
        k_compact<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(
            n, keep.as<uint32_t>(), pos.as<uint32_t>(), key, x, acode, ccode, okey.as<uint64_t>(), ox.p);
        int rc = gg_vk_rc(cudaMemsetAsync(differs.p, 0, sizeof(int), s));
        if (rc == GG_CUDA_VRC_OK) {
            k_differs<<<gg_vk_blocks(m), GG_VK_THREADS, 0, s>>>(m, ox.as<char>(), csize, differs.as<int>());
            rc = gg_vk_launched();
        }
        if (rc == GG_CUDA_VRC_OK && !GG_cuda_download(&h, differs.p, sizeof h)) rc = GG_CUDA_VRC_ERROR;
        if (rc == GG_CUDA_VRC_OK && h == 0 && !GG_cuda_download(K->iso_value, ox.p, csize))
            rc = GG_CUDA_VRC_ERROR;
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    K->nrows = nrows;
    K->ncols = ncols;
    K->n = m;
    K->dbits = dbits;
    K->type_code = ccode;
    K->value_size = (int)csize;
    K->iso = h == 0;
    K->key = okey.as<uint64_t>();
    K->x = ox.p;
    okey.release();
    ox.release();
    return GG_CUDA_VRC_OK;
}

extern "C" int GG_cuda_cview_select(GG_cuda_cview *out, void **mem, const GG_cuda_cview *v,
                                    bool by_col, const GG_cuda_mt *t, int ccode)
{
    *mem = nullptr;
    sel_rule r;
    if (!rule_of(t, v->type_code, ccode, &r) || v->vec != nullptr) return GG_CUDA_VRC_UNSUPPORTED;
    uint64_t nvec = v->nvec, nnz = 0;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    if (!GG_cuda_download(&nnz, v->ptr + nvec, sizeof nnz)) return GG_CUDA_VRC_ERROR;
    if (nnz >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    int rc;
    gg_dev_buf keep, pos;
    if (!keep.get((nnz + 1) * sizeof(uint32_t)) || !pos.get((nnz + 1) * sizeof(uint32_t)))
        return GG_CUDA_VRC_NOMEM;
    uint64_t m = 0;
    if (nnz > 0) {
        k_view_keep<<<gg_vk_blocks(nnz), GG_VK_THREADS, 0, s>>>(r, by_col, positional(r.op), nnz, nvec,
                                                              v->ptr, v->idx, v->x, keep.as<uint32_t>());
        rc = gg_vk_launched();
        if (rc == GG_CUDA_VRC_OK) rc = gg_mk_scan(keep.as<uint32_t>(), pos.as<uint32_t>(), nnz, &m);
        if (rc != GG_CUDA_VRC_OK) return rc;
    } else {
        rc = gg_vk_rc(cudaMemsetAsync(pos.p, 0, sizeof(uint32_t), s));
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    /* C's own view would be hypersparse (GG_cuda_cview_of's rule): leave it to be built */
    if (gg_view_hyper(nvec, m)) return GG_CUDA_VRC_UNSUPPORTED;
    uint32_t csize = gg_size_of(ccode);
    size_t bptr = gg_align16((nvec + 1) * 8), bidx = gg_align16(m * 8), bx = gg_align16(m * csize);
    gg_dev_buf block;
    if (!block.get(bptr + bidx + bx)) return GG_CUDA_VRC_NOMEM;
    char *base = block.as<char>();
    uint64_t *ptr = (uint64_t *)base, *idx = (uint64_t *)(base + bptr);
    void *x = base + bptr + bidx;
    k_view_ptr<<<gg_vk_blocks(nvec + 1), GG_VK_THREADS, 0, s>>>(nvec, v->ptr, pos.as<uint32_t>(), ptr);
    if (m > 0)
        k_compact<<<gg_vk_blocks(nnz), GG_VK_THREADS, 0, s>>>(
            nnz, keep.as<uint32_t>(), pos.as<uint32_t>(), v->idx, v->x, v->type_code, ccode, idx, x);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    *out = GG_cuda_cview{nvec, nullptr, ptr, idx, x, ccode, (int)csize,
                         0 /* the longest vector is not known: the push takes its long pass */};
    *mem = block.release();
    return GG_CUDA_VRC_OK;
}
