/* vec_form.cu: conversions between a device vector's forms (GG_vform.h): the scatter of a sparse
 * vector into a bitmap (which the other vector kernels use to read a sparse input by position),
 * GG_cuda_vec_to_bitmap (a dense copy for kernels that index by position, e.g. an SpMV input) and
 * GG_cuda_vec_conform (the form the density calls for once nvals is known: a stream compaction
 * with CUB from bitmap to sparse, a scatter back, or dropping the flags or indices of a complete
 * vector). */
#include "vec_common.cuh"

#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>

namespace {

__global__ void scatter_kernel(uint64_t nvals, const uint64_t *idx, const void *dx, uint32_t size,
                               bool iso, bool test, uint8_t *b, void *x)
{
    GG_VK_FOR(p, nvals)
    {
        uint64_t i = idx[p];
        gg_val v = gg_load_sized(dx, iso ? 0 : p, size);
        b[i] = test ? v.u != 0 : 1;
        if (x != nullptr) gg_store_sized(x, i, size, v);
    }
}

/* A bitmap's flags and values copied (an iso value spread to every position) and counted. */
__global__ void copy_bitmap_kernel(uint64_t n, const uint8_t *b, const void *x, uint32_t size,
                                   bool iso, uint8_t *ob, void *ox, uint64_t *count)
{
    unsigned long long entries = 0;
    GG_VK_FOR(i, n)
    {
        uint8_t f = b[i] != 0;
        ob[i] = f;
        if (f) {
            gg_store_sized(ox, i, size, gg_load_sized(x, iso ? 0 : i, size));
            entries++;
        }
    }
    gg_block_count(count, entries);
}

/* x[i] = v for every position. */
__global__ void fill_kernel(uint64_t n, void *x, uint32_t size, const void *v)
{
    gg_val one = gg_load_sized(v, 0, size);
    GG_VK_FOR(i, n) gg_store_sized(x, i, size, one);
}

/* The values of the kept positions, in order: ox[p] = x[idx[p]]. */
__global__ void gather_values_kernel(uint64_t nvals, const uint64_t *idx, const void *x,
                                     uint32_t size, void *ox)
{
    GG_VK_FOR(p, nvals) gg_store_sized(ox, p, size, gg_load_sized(x, idx[p], size));
}

__global__ void store_one_kernel(void *x, uint32_t size, gg_val v)
{
    gg_store_sized(x, 0, size, v);
}

/* The sparse form of bitmap d's nvals (> 0) entries: the positions of the set flags, compacted in
 * order, then their values, into new buffers *idx and *x (NULL for an iso d, whose one value stays
 * where it is). d is only read. */
int compact(const GG_vdata *d, uint64_t nvals, uint64_t **idx_out, void **x_out)
{
    cudaStream_t s = GG_cuda_stream();
    uint64_t n = d->n;
    thrust::counting_iterator<uint64_t> positions(0);
    size_t temp_bytes = 0;
    int rc = gg_vk_rc(cub::DeviceSelect::Flagged(nullptr, temp_bytes, positions, d->b,
                                                 static_cast<uint64_t *>(nullptr),
                                                 static_cast<uint64_t *>(nullptr), (int64_t)n, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    gg_dev_buf idx, x, num, temp;
    if (!idx.get(nvals * sizeof(uint64_t)) || (!d->iso && !x.get(nvals * d->size)) ||
        !num.get(sizeof(uint64_t)) || !temp.get(temp_bytes)) {
        return GG_CUDA_VRC_NOMEM;
    }
    rc = gg_vk_rc(cub::DeviceSelect::Flagged(temp.p, temp_bytes, positions, d->b,
                                             idx.as<uint64_t>(), num.as<uint64_t>(), (int64_t)n,
                                             s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    if (!d->iso) {
        gather_values_kernel<<<gg_vk_blocks(nvals), GG_VK_THREADS, 0, s>>>(
            nvals, idx.as<uint64_t>(), d->x, d->size, x.p);
        rc = gg_vk_launched();
        if (rc != GG_CUDA_VRC_OK) return rc;
    }
    *idx_out = static_cast<uint64_t *>(idx.release());
    *x_out = x.release();
    return GG_CUDA_VRC_OK;
}

} // namespace

int gg_vk_store_one(void *x, uint32_t size, gg_val v)
{
    store_one_kernel<<<1, 1, 0, GG_cuda_stream()>>>(x, size, v);
    return gg_vk_launched();
}

int gg_vk_scatter(const GG_vdata *d, uint8_t *b, void *x, bool test)
{
    cudaStream_t s = GG_cuda_stream();
    int rc = gg_vk_rc(cudaMemsetAsync(b, 0, d->n, s));
    if (rc != GG_CUDA_VRC_OK || d->nvals == 0) return rc;
    scatter_kernel<<<gg_vk_blocks(d->nvals), GG_VK_THREADS, 0, s>>>(d->nvals, d->i, d->x, d->size,
                                                                    d->iso, test, b, x);
    return gg_vk_launched();
}

extern "C" int GG_cuda_vec_to_bitmap(GG_cuda_vec *out, const GG_vdata *A)
{
    *out = GG_cuda_vec{};
    if (A == nullptr) return GG_CUDA_VRC_ERROR;
    uint64_t n = A->n;
    uint32_t size = A->size;
    if (n > GG_VFORM_BITMAP_MAX) return GG_CUDA_VRC_UNSUPPORTED;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    bool empty = gg_vd_empty(A), full = !empty && A->form == GG_VF_FULL;
    gg_dev_buf x, b, count;
    if (!x.get(n * size) || (!full && !b.get(n))) return GG_CUDA_VRC_NOMEM;
    int rc = GG_CUDA_VRC_OK;
    uint64_t nvals = 0;
    bool known = true;
    if (empty) {
        rc = gg_vk_rc(cudaMemsetAsync(b.p, 0, n, s));
    } else if (full) {
        nvals = n;
        if (A->iso)
            fill_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(n, x.p, size, A->x);
        else
            rc = gg_vk_rc(cudaMemcpyAsync(x.p, A->x, n * size, cudaMemcpyDeviceToDevice, s));
    } else if (A->form == GG_VF_SPARSE) {
        /* the scatter spreads an iso value to each entry's position */
        nvals = A->nvals;
        rc = gg_vk_scatter(A, b.as<uint8_t>(), x.p, false);
    } else {
        known = false;
        if (!count.get(sizeof(uint64_t))) return GG_CUDA_VRC_NOMEM;
        rc = gg_vk_rc(cudaMemsetAsync(count.p, 0, sizeof(uint64_t), s));
        if (rc == GG_CUDA_VRC_OK) {
            copy_bitmap_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(
                n, A->b, A->x, size, A->iso, b.as<uint8_t>(), x.p, count.as<uint64_t>());
        }
    }
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    out->d = GG_vdata{n, nvals, nullptr, full ? nullptr : b.as<uint8_t>(), x.p, size,
                      (uint8_t)(full ? GG_VF_FULL : GG_VF_BITMAP), false};
    b.release();
    x.release();
    out->count = count.as<uint64_t>();
    count.release();
    out->nvals_known = known;
    return GG_CUDA_VRC_OK;
}

extern "C" int GG_cuda_vec_conform(GG_cuda_vec *v)
{
    if (v == nullptr) return GG_CUDA_VRC_ERROR;
    GG_vdata *d = &v->d;
    if (!v->nvals_known || d->n == 0) return GG_CUDA_VRC_OK;
    GG_vform_kind target = GG_vform_choose(d->n, d->nvals, d->iso);
    if (target == d->form) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    uint64_t n = d->n, nvals = d->nvals;

    if (target == GG_VF_FULL) {
        /* complete: a bitmap's flags are all set, a sparse vector's indices are 0 .. n-1 and its
         * values already in that order */
        if (d->form == GG_VF_BITMAP) {
            GG_cuda_free(d->b);
            d->b = nullptr;
        } else {
            GG_cuda_free(d->i);
            d->i = nullptr;
        }
        d->form = GG_VF_FULL;
        return GG_CUDA_VRC_OK;
    }

    if (target == GG_VF_BITMAP && d->form == GG_VF_SPARSE) {
        gg_dev_buf b, x;
        if (!b.get(n) || (!d->iso && !x.get(n * d->size))) return GG_CUDA_VRC_NOMEM;
        int rc = gg_vk_scatter(d, b.as<uint8_t>(), d->iso ? nullptr : x.p, false);
        if (rc != GG_CUDA_VRC_OK) return rc;
        GG_cuda_free(d->i);
        d->i = nullptr;
        d->b = b.as<uint8_t>();
        b.release();
        if (!d->iso) {
            GG_cuda_free(d->x);
            d->x = x.release();
        }
        d->form = GG_VF_BITMAP;
        return GG_CUDA_VRC_OK;
    }

    if (target != GG_VF_SPARSE || d->form != GG_VF_BITMAP) return GG_CUDA_VRC_OK; /* FULL stays */

    /* bitmap to sparse */
    if (nvals == 0) {
        GG_cuda_free(d->b);
        GG_cuda_free(d->x);
        d->b = nullptr;
        d->x = nullptr;
        d->form = GG_VF_SPARSE;
        return GG_CUDA_VRC_OK;
    }
    uint64_t *idx;
    void *x;
    int rc = compact(d, nvals, &idx, &x);
    if (rc != GG_CUDA_VRC_OK) return rc;
    GG_cuda_free(d->b);
    d->b = nullptr;
    d->i = idx;
    if (!d->iso) {
        GG_cuda_free(d->x);
        d->x = x;
    }
    d->form = GG_VF_SPARSE;
    return GG_CUDA_VRC_OK;
}
