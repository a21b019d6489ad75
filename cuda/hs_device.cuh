/* hs_device.cuh: private to cuda/hs_*.cu: what the device build and element-wise code share beyond
 * the tree layout (src/hisparse/hs_layout.h, the one definition that C and CUDA both compile, so a
 * device build lays out exactly the bytes of the host build; the bit-identity test cuda/test/
 * test_cuda_hs.c checks it): node ids of keys, the temporaries of one device call, and CUB calls
 * sized and run on them. */
#ifndef HS_DEVICE_CUH
#define HS_DEVICE_CUH

#include "GG_cuda.h"
#include "GG_cuda_hsbuild.h"
#include "hs_layout.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

/* Id of the level-`level` node holding the entry with this key (0 at the root). */
static inline GG_HD uint64_t hsd_node_id(const hs_keyfmt &f, uint64_t key, int level)
{
    return level >= f.h ? 0 : key >> (2 * f.b * level);
}

/* Device temporaries of one call, freed (stream-ordered) when it returns. */
struct hsd_tmp {
    std::vector<void *> bufs;
    bool oom = false;
    hsd_tmp() = default;
    hsd_tmp(const hsd_tmp &) = delete;
    hsd_tmp &operator=(const hsd_tmp &) = delete;
    ~hsd_tmp()
    {
        for (void *p : bufs) GG_cuda_free(p);
    }
    template <class T> T *get(uint64_t n)
    {
        if (oom) return nullptr;
        void *p = GG_cuda_malloc((size_t)(n > 0 ? n : 1) * sizeof(T));
        if (p == nullptr) {
            oom = true;
            return nullptr;
        }
        bufs.push_back(p);
        return static_cast<T *>(p);
    }
};

/* A CUB call in its two passes (size the temporary storage, then run) with the storage from T;
 * `call(tmp, bytes)` makes one pass. */
template <class F> cudaError_t hsd_with_temp(hsd_tmp &T, F call)
{
    size_t bytes = 0;
    cudaError_t e = call(nullptr, bytes);
    if (e != cudaSuccess) return e;
    void *tmp = T.get<uint8_t>(bytes);
    if (tmp == nullptr) return cudaErrorMemoryAllocation;
    return call(tmp, bytes);
}

/* cudaError_t to a call's code (the sticky error is cleared). */
static inline GG_cuda_hs_code hsd_cuda_code(cudaError_t e)
{
    if (e == cudaSuccess) return GG_CUDA_HS_OK;
    cudaGetLastError();
    return e == cudaErrorMemoryAllocation ? GG_CUDA_HS_OOM : GG_CUDA_HS_CUDA_ERROR;
}

/* Builds *out from n sorted unique keys (format of nrows x ncols, node dimension 2^dbits) and
 * their values in key order (value_size bytes each), all on the device; iso: no values in the
 * nodes, x[0] is the one value. The pool comes from GG_cuda_malloc. (cuda/hs_build.cu) */
GG_cuda_hs_code hsd_build_sorted(GG_cuda_hs *out, uint64_t nrows, uint64_t ncols, int dbits,
                                 const uint64_t *keys, const void *x, uint64_t n, int type_code,
                                 int value_size, bool iso);

#endif /* HS_DEVICE_CUH */
