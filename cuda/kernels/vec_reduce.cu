/* vec_reduce.cu: GG_cuda_vec_reduce, a vector's entries folded with a monoid's operator into one
 * value on the host. CUB's DeviceReduce runs over (has a value, value) pairs made on the fly from
 * the vector's form, and the pair operator takes the other side where one has no value: so no
 * identity is ever folded in and the first term initialises the result, as on the CPU (a lone NaN
 * under MIN/MAX stays NaN; issue 15). One instance serves every type and monoid: the value is a
 * gg_val and the operator is chosen by its code at run time. */
#include "vec_common.cuh"

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace {

struct red_t {
    gg_val v;
    bool has;
};

/* Term p of the reduction: position p of a bitmap or full vector, or entry p of a sparse one,
 * cast to the monoid's type. */
struct red_term {
    const uint8_t *b;
    const void *x;
    uint32_t size;
    bool iso;
    int acode, zcode;
    __device__ red_t operator()(uint64_t p) const
    {
        red_t r{gg_val{0}, b == nullptr || b[p] != 0};
        if (r.has) r.v = gg_convert(gg_load_sized(x, iso ? 0 : p, size), acode, zcode);
        return r;
    }
};

struct red_fold {
    GG_cuda_op op;
    __device__ red_t operator()(const red_t &l, const red_t &r) const
    {
        if (!l.has) return r;
        if (!r.has) return l;
        return red_t{gg_eval_binary(op, l.v, r.v, 0), true};
    }
};

} // namespace

extern "C" int GG_cuda_vec_reduce(const GG_vdata *A, int acode, const GG_cuda_op *monoid,
                                  void *result, bool *empty)
{
    if (A == nullptr || monoid == nullptr || result == nullptr || empty == nullptr)
        return GG_CUDA_VRC_ERROR;
    /* a monoid's operator is a non-positional binary operator on one domain */
    const GG_cuda_op &op = *monoid;
    int o = op.opcode;
    bool binary = gg_op_binary(o) && !gg_op_positional(o);
    if (!gg_builtin(acode) || !binary || !GG_cuda_vec_op_supported(&op) || op.xcode != op.zcode ||
        op.ycode != op.zcode) {
        return GG_CUDA_VRC_UNSUPPORTED;
    }
    *empty = true;
    if (gg_vd_empty(A)) return GG_CUDA_VRC_OK;
    uint64_t terms = A->form == GG_VF_SPARSE ? A->nvals : A->n;
    red_term term{A->form == GG_VF_BITMAP ? A->b : nullptr, A->x, A->size, A->iso, acode,
                  op.zcode};
    auto in = thrust::make_transform_iterator(thrust::counting_iterator<uint64_t>(0), term);
    red_fold fold{op};
    red_t init{gg_val{0}, false};

    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    size_t temp_bytes = 0;
    int rc = gg_vk_rc(cub::DeviceReduce::Reduce(nullptr, temp_bytes, in,
                                                static_cast<red_t *>(nullptr), (int64_t)terms,
                                                fold, init, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    gg_dev_buf out, temp;
    if (!out.get(sizeof(red_t)) || !temp.get(temp_bytes)) return GG_CUDA_VRC_NOMEM;
    rc = gg_vk_rc(cub::DeviceReduce::Reduce(temp.p, temp_bytes, in, out.as<red_t>(),
                                            (int64_t)terms, fold, init, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    /* the one copy back waits for the stream (the caller needs the value) and is counted */
    red_t r;
    if (!GG_cuda_download(&r, out.p, sizeof r)) return GG_CUDA_VRC_ERROR;
    *empty = !r.has;
    if (r.has) memcpy(result, &r.v.u, gg_size_of(op.zcode));
    return GG_CUDA_VRC_OK;
}
