/* vec_gather.cu: the index-list kernels of extract and assign: GG_cuda_vec_gather, T(k) = A(I[k])
 * (a sparse A is searched, not scattered: a short list costs O(ni log nvals)), and
 * GG_cuda_vec_scatter, T(I[k]) = U(k) with the region of the assign marked in the same pass. The
 * spec leaves repeated indices in an assign undefined and the CPU backend defines a result for
 * them, so the scatter detects a repeat while it marks the region (an atomic OR per index) and
 * declines; it waits for the stream to learn that. */
#include "vec_common.cuh"

namespace {

/* T(k) = A(I[k]) (I NULL: A(k)); T's flags and count unless T is full, its values unless iso. */
__global__ void gather_kernel(GG_vdata A, const uint64_t *I, uint64_t ni, uint8_t *tb, void *tx,
                              uint64_t *count)
{
    unsigned long long entries = 0;
    GG_VK_FOR(k, ni)
    {
        uint64_t p;
        bool has = gg_vd_find(A, I == nullptr ? k : I[k], &p);
        if (tb != nullptr) tb[k] = has;
        if (has && tx != nullptr) gg_store_sized(tx, k, A.size, gg_load_sized(A.x, p, A.size));
        entries += has;
    }
    if (count != nullptr) gg_block_count(count, entries);
}

/* region[I[k]] = 1 (and the same in T's flags when given); *dup = 1 when an index repeats. The
 * region is read as 32-bit words, so its allocation is rounded up to a multiple of 4 bytes. */
__global__ void mark_kernel(const uint64_t *I, uint64_t ni, unsigned *region, uint8_t *tb,
                            uint64_t *dup)
{
    GG_VK_FOR(k, ni)
    {
        uint64_t i = I[k];
        unsigned shift = 8 * (unsigned)(i & 3);
        unsigned old = atomicOr(region + i / 4, 1u << shift);
        if ((old >> shift) & 0xffu) *dup = 1;
        if (tb != nullptr) tb[i] = 1;
    }
}

/* T(I[k]) = U(k) for U's entries (k: entry p's index when U is sparse, else the position);
 * counted into *count. */
__global__ void place_kernel(GG_vdata U, const uint64_t *I, uint64_t terms, uint8_t *tb, void *tx,
                             uint64_t *count)
{
    unsigned long long entries = 0;
    GG_VK_FOR(p, terms)
    {
        uint64_t k = U.form == GG_VF_SPARSE ? U.i[p] : p;
        if (U.form == GG_VF_BITMAP && U.b[p] == 0) continue;
        uint64_t i = I[k];
        tb[i] = 1;
        if (tx != nullptr) gg_store_sized(tx, i, U.size, gg_load_sized(U.x, p, U.size));
        entries++;
    }
    gg_block_count(count, entries);
}

/* An empty result of dimension n: sparse, nvals known. */
void empty_vec(GG_cuda_vec *T, uint64_t n, uint32_t size)
{
    T->d = GG_vdata{n, 0, nullptr, nullptr, nullptr, size, GG_VF_SPARSE, false};
    T->nvals_known = true;
}

} // namespace

extern "C" int GG_cuda_vec_gather(GG_cuda_vec *T, const GG_vdata *A, const uint64_t *I, uint64_t ni)
{
    *T = GG_cuda_vec{};
    if (A == nullptr) return GG_CUDA_VRC_ERROR;
    uint32_t size = A->size;
    if (ni > GG_VFORM_BITMAP_MAX) return GG_CUDA_VRC_UNSUPPORTED;
    if (ni == 0 || gg_vd_empty(A)) {
        empty_vec(T, ni, size);
        return GG_CUDA_VRC_OK;
    }
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    bool full = A->form == GG_VF_FULL;
    gg_dev_buf tx, tb, count;
    if (!tx.get(A->iso ? size : ni * size)) return GG_CUDA_VRC_NOMEM;
    int rc = GG_CUDA_VRC_OK;
    if (A->iso) {
        rc = gg_vk_rc(cudaMemcpyAsync(tx.p, A->x, size, cudaMemcpyDeviceToDevice, s));
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    if (full && A->iso) {
        /* every position holds the one value: nothing to look up */
        T->d = GG_vdata{ni, ni, nullptr, nullptr, tx.release(), size, GG_VF_FULL, true};
        T->nvals_known = true;
        return GG_CUDA_VRC_OK;
    }
    if (!full && (!tb.get(ni) || !count.get(sizeof(uint64_t)))) return GG_CUDA_VRC_NOMEM;
    if (!full) rc = gg_vk_rc(cudaMemsetAsync(count.p, 0, sizeof(uint64_t), s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    gather_kernel<<<gg_vk_blocks(ni), GG_VK_THREADS, 0, s>>>(
        *A, I, ni, tb.as<uint8_t>(), A->iso ? nullptr : tx.p, count.as<uint64_t>());
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    T->d = GG_vdata{ni, full ? ni : 0, nullptr, tb.as<uint8_t>(), tx.p, size,
                    (uint8_t)(full ? GG_VF_FULL : GG_VF_BITMAP), A->iso};
    tb.release();
    tx.release();
    T->count = count.as<uint64_t>();
    count.release();
    T->nvals_known = full;
    return GG_CUDA_VRC_OK;
}

extern "C" int GG_cuda_vec_scatter(GG_cuda_vec *T, uint8_t **region, uint64_t n, const GG_vdata *U,
                                   int ucode, const void *s, int scode, const uint64_t *I,
                                   uint64_t ni)
{
    *T = GG_cuda_vec{};
    *region = nullptr;
    if (U == nullptr ? (s == nullptr || !gg_builtin(scode)) : !gg_builtin(ucode))
        return GG_CUDA_VRC_UNSUPPORTED;
    if (U != nullptr && U->n != ni) return GG_CUDA_VRC_ERROR;
    if (n > GG_VFORM_BITMAP_MAX) return GG_CUDA_VRC_UNSUPPORTED;
    uint32_t size = U == nullptr ? gg_size_of(scode) : U->size;
    bool u_empty = U != nullptr && gg_vd_empty(U);
    bool iso = U == nullptr || u_empty || U->iso; /* empty: no value is stored */
    GG_cuda_bind();
    cudaStream_t st = GG_cuda_stream();

    /* flags[0]: a repeated index was seen; flags[1]: T's entries */
    gg_dev_buf reg, tb, tx, flags;
    if (!reg.get((n + 3) / 4 * 4) || !tb.get(n) || !tx.get(iso ? size : n * size) ||
        !flags.get(2 * sizeof(uint64_t))) {
        return GG_CUDA_VRC_NOMEM;
    }
    uint64_t *f = flags.as<uint64_t>();
    int rc = gg_vk_rc(cudaMemsetAsync(reg.p, 0, (n + 3) / 4 * 4, st));
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(tb.p, 0, n, st));
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(cudaMemsetAsync(f, 0, 2 * sizeof(uint64_t), st));
    if (rc != GG_CUDA_VRC_OK) return rc;
    if (ni > 0) {
        /* a scalar lands at every listed index: T's flags are the region's */
        mark_kernel<<<gg_vk_blocks(ni), GG_VK_THREADS, 0, st>>>(
            I, ni, reg.as<unsigned>(), U == nullptr ? tb.as<uint8_t>() : nullptr, f);
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK && U == nullptr) {
        rc = gg_vk_store_one(tx.p, size, gg_host_val(s, scode));
    } else if (rc == GG_CUDA_VRC_OK && !u_empty) {
        if (U->iso) rc = gg_vk_rc(cudaMemcpyAsync(tx.p, U->x, size, cudaMemcpyDeviceToDevice, st));
        uint64_t terms = U->form == GG_VF_SPARSE ? U->nvals : ni;
        if (rc == GG_CUDA_VRC_OK && terms > 0) {
            place_kernel<<<gg_vk_blocks(terms), GG_VK_THREADS, 0, st>>>(
                *U, I, terms, tb.as<uint8_t>(), U->iso ? nullptr : tx.p, f + 1);
            rc = gg_vk_launched();
        }
    }
    if (rc != GG_CUDA_VRC_OK) return rc;

    /* the one wait of the call: whether an index repeats, and T's count with it (16 bytes) */
    uint64_t seen[2];
    if (!GG_cuda_download(seen, f, sizeof seen)) return GG_CUDA_VRC_ERROR;
    if (seen[0] != 0) return GG_CUDA_VRC_UNSUPPORTED;
    uint64_t nvals = U == nullptr ? ni : seen[1];
    T->d = GG_vdata{n, nvals, nullptr, tb.as<uint8_t>(), tx.p, size, GG_VF_BITMAP, iso};
    tb.release();
    tx.release();
    T->nvals_known = true;
    *region = reg.as<uint8_t>();
    reg.release();
    return GG_CUDA_VRC_OK;
}
