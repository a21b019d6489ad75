/* GG_cuda.h: the one gateway between src/ and the CUDA backend (DESIGN.md §2).
 *
 * Plain C with no CUDA headers, so src/ can include it (only under #if GG_HAVE_CUDA) while every
 * line of CUDA C++ stays inside cuda/. The backend table GG_cuda_backend is not declared here: its
 * type lives in GG_backend.h, which C++ translation units do not include; backend.c declares it. */
#ifndef GG_CUDA_H
#define GG_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The runtime's stream type, spelled so that C code needs no CUDA header: cudaStream_t is exactly
 * `struct CUstream_st *`, so CUDA code uses the value without a cast. */
typedef struct CUstream_st *GG_cuda_stream_t;

#define GG_CUDA_NAME_LEN 256

typedef struct {
    int ordinal;                 /* CUDA device number */
    char name[GG_CUDA_NAME_LEN]; /* e.g. "NVIDIA H100 80GB HBM3" */
    size_t memory;               /* total global memory in bytes */
    int cc_major, cc_minor;      /* compute capability */
} GG_cuda_device;

/* Makes CUDA device `ordinal` (GxG_DEVICE_ID, default 0) the library's device: creates the
 * library's stream on it and runs a kernel round trip (GG_cuda_selftest), so a device only counts
 * when this build's kernels really run there. Returns false when there is no driver, no such
 * device, the driver is older than the runtime, or no kernel image fits the device;
 * GG_cuda_status() then says which. Call once (src/backend/device.c guards it with
 * pthread_once). */
bool GG_cuda_probe(int ordinal, GG_cuda_device *dev);

/* One line describing the outcome of GG_cuda_probe ("not probed" before it ran). */
const char *GG_cuda_status(void);

/* The library's stream on the probed device; NULL when GG_cuda_probe did not succeed. */
GG_cuda_stream_t GG_cuda_stream(void);

/* The probed device's streaming multiprocessors (read once by GG_cuda_probe: the kernels' grid
 * sizes); 0 when GG_cuda_probe did not succeed. */
int GG_cuda_sm_count(void);

/* The number in environment variable `name`, or dflt where it is unset, empty or not a number
 * (the numeric GRAPHBLAS_GPU_* tunables of cuda/, each read once by its user). */
double GG_cuda_env_or(const char *name, double dflt);

/* Makes the library's device current on the calling thread (the runtime's current device is per
 * thread): every entry point of cuda/ that talks to the device calls it first. */
void GG_cuda_bind(void);

/* Writes x[k] = 3k + 1 for k < n on the device through the library's stream, copies it back and
 * checks every value. true when the round trip is exact. */
bool GG_cuda_selftest(size_t n);

/* Stream-ordered device memory on the library's stream (cuda/residency.cu): NULL when the device
 * is out of memory or the GxG_DEVICE_POOL_LIMIT would be exceeded. Every device buffer of the
 * library comes from here so the limit and the trace see it. GG_cuda_free(NULL) does nothing. */
void *GG_cuda_malloc(size_t bytes);
void GG_cuda_free(void *p);

/* GxG_DEVICE_POOL_LIMIT: the bytes GG_cuda_malloc may hold at once (0: no limit but the
 * device's memory). Lowering it below what is held keeps those buffers; later requests fail. */
void GG_cuda_pool_set_limit(size_t bytes);
/* Bytes held now through GG_cuda_malloc. */
size_t GG_cuda_pool_in_use(void);
/* The most bytes held at once since the last reset (benchmarks' peak memory); reset starts the
 * next period at what is held now. */
size_t GG_cuda_pool_peak(bool reset);
/* About how many more bytes GG_cuda_malloc can hand out now: the device's free memory, capped by
 * what the pool limit leaves (a planning figure for memory-bounded kernels, not a promise). */
size_t GG_cuda_pool_available(void);
/* Test hooks (cuda/test/test_cuda_oom.c), the device twins of GG_mem_fail_after and
 * GG_mem_live_blocks: the k-th GG_cuda_malloc from now returns NULL as if the device were out of
 * memory (0 turns injection off); returns how many allocations the previous setting still had to
 * go (> 0: the failure was never reached). GG_cuda_live_allocs counts the buffers held. */
int64_t GG_cuda_fail_after(int64_t k);
int64_t GG_cuda_live_allocs(void);

/* Claim stamps: a device array of at least n 32-bit claim words kept between calls, one 64-bit
 * tally word (zero between calls: the call that counts in it leaves it zero, and a new or
 * restarted array is cleared), and a stamp that no claim word holds yet. A kernel claims word j
 * for its call with atomicMax(&claim[j], stamp) < stamp, so a call that claims a few targets out
 * of n needs no O(n) clearing (the frontier products' lists, cuda/kernels/vec_mxv.cu). The array must fit the pool limit when made, is not
 * counted as live, and goes back with the last live buffer. GG_cuda_stamps_begin holds a lock
 * until GG_cuda_stamps_end, called once the kernels using the array are queued, so it is never
 * replaced under them; false (no lock held) when the memory or the pool limit does not allow it. */
/* A 64-bit word of pinned host memory that kernels write through the same address, for a result's
 * entry count: the host reads it after synchronising, with no copy (GG_cuda_vec_nvals). Given
 * back with GG_cuda_free. NULL when none is left or pinned memory cannot be had (the caller uses
 * a device word). GG_cuda_is_count_word tells such a word from device memory. */
uint64_t *GG_cuda_count_word(void);
bool GG_cuda_is_count_word(const void *p);

typedef struct {
    unsigned *claim;
    unsigned long long *words;
    unsigned stamp;
} GG_cuda_stamps;
bool GG_cuda_stamps_begin(uint64_t n, GG_cuda_stamps *s);
void GG_cuda_stamps_end(void);

/* Copies between host and device on the library's stream, waiting for completion; each is counted
 * (GG_cuda_transfer_counts). false on a CUDA error (the error is cleared). */
bool GG_cuda_upload(void *dev, const void *host, size_t bytes);
bool GG_cuda_download(void *host, const void *dev, size_t bytes);

/* Per-process transfer counters since start: for tests (residency) and the trace. */
typedef struct {
    unsigned long long h2d_count, h2d_bytes; /* host to device */
    unsigned long long d2h_count, d2h_bytes; /* device to host */
} GG_cuda_transfers;
void GG_cuda_transfer_counts(GG_cuda_transfers *t);

/* Radix sorts of device tuples into an order (the device build's into tree order, a tree decode's
 * into row or column order) since start, and the count's increment: for tests that pin the paths
 * whose input is in order already. */
unsigned long long GG_cuda_sort_count(void);
void GG_cuda_sort_counted(void);

/* Frees a container's device mirror (cuda/residency.cu) and every device buffer it holds. */
void GG_cuda_mirror_free(void *mirror);

/* ---- cuda/store: the device copy of a vector container (src/store/GG_store.h) -------------------
 * The container type is only named here, so this header stays free of GraphBLAS headers; the
 * int results are GrB_Info values. */
struct GG_container;
/* Copies c's device content into its host content (c->v), res |= GG_RES_HOST; counted. */
int GG_cuda_vec_download(struct GG_container *c);
/* nvals of c's device content: one 8-byte read when the host does not know it yet. */
int GG_cuda_vec_nvals(struct GG_container *c, uint64_t *nvals);
/* Frees c's device copy (c->dv) and its device buffers. */
void GG_cuda_vec_free(struct GG_container *c);
/* setElement on c's device content: when it is FULL, z (one value of c's type) is written at i on
 * the device (an iso copy gets its one value spread first), and true; false with c's content
 * unchanged otherwise. */
bool GG_cuda_vec_set(struct GG_container *c, uint64_t i, const void *z);
/* Runs a deferred assign, if one is kept (GG_cuda_store.h), before a wait. */
int GG_cuda_vec_settle_all(void);
/* ---- cuda/store: the device tree of a matrix container written on the device ----------------- */
/* c's device tree as a host tree into *tree (a GG_hs_matrix): its pool copied to a new host pool
 * (GG_malloc), one counted copy; the same byte layout on both sides. Called under c->lock. */
int GG_cuda_mat_download(struct GG_container *c, void *tree);
/* nvals of c's device tree, from its header (no copy). */
int GG_cuda_mat_nvals(struct GG_container *c, uint64_t *nvals);
/* Waits for the library's stream: false when queued work failed (the error is cleared). */
bool GG_cuda_sync(void);

#ifdef __cplusplus
}
#endif

#endif /* GG_CUDA_H */
