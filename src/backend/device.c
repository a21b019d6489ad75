/* device.c: which backends this process can use, and the GPU behind the CUDA one.
 *
 * Detection runs once, on first use rather than in GrB_init, so programs that never ask (or run
 * everything on the CPU) never touch the CUDA driver; pthread_once makes the first use from
 * several threads safe and the answer fixed for the life of the process. */
#include "GG_backend.h"
#include "GG_store.h"

#include <stdio.h>

#if GG_HAVE_CUDA
#include "GG_cuda.h"
#endif

#define GG_BACKEND_BIT_CPU 1
#define GG_BACKEND_BIT_CUDA 2

static pthread_once_t detect_once = PTHREAD_ONCE_INIT;
static struct {
    int32_t backends;
    char name[256];
    size_t memory;
} found;

/* The settings, guarded by settings_lock; `probed` is set once detection has started, after which
 * the device can no longer change. */
static pthread_mutex_t settings_lock = PTHREAD_MUTEX_INITIALIZER;
static int32_t device_id;
static bool probed;
static size_t pool_limit;

static void detect(void)
{
    pthread_mutex_lock(&settings_lock);
    probed = true;
    int32_t id = device_id;
    pthread_mutex_unlock(&settings_lock);
    found.backends = GG_BACKEND_BIT_CPU;
#if GG_HAVE_CUDA
    GG_cuda_device dev;
    if (GG_cuda_probe(id, &dev)) {
        found.backends |= GG_BACKEND_BIT_CUDA;
        snprintf(found.name, sizeof found.name, "%s", dev.name);
        found.memory = dev.memory;
    }
#else
    (void)id;
#endif
}

int32_t GG_backends_available(void)
{
    pthread_once(&detect_once, detect);
    return found.backends;
}

bool GG_device_info(char *name, size_t len, size_t *memory)
{
    pthread_once(&detect_once, detect);
    if (name != NULL && len > 0) snprintf(name, len, "%s", found.name);
    if (memory != NULL) *memory = found.memory;
    return (found.backends & GG_BACKEND_BIT_CUDA) != 0;
}

void GG_device_drop(GG_container *c)
{
    if (c->dev == NULL) return;
#if GG_HAVE_CUDA
    GG_cuda_mirror_free(c->dev);
#endif
    c->dev = NULL;
}

/* The device side of a vector container (GG_store.h). Without CUDA no vector ever holds device
 * content, so the store never calls the first two; they answer GrB_PANIC to make such a bug loud. */
GrB_Info GG_device_vec_download(GG_container *c)
{
#if GG_HAVE_CUDA
    return (GrB_Info)GG_cuda_vec_download(c);
#else
    (void)c;
    return GrB_PANIC;
#endif
}

GrB_Info GG_device_vec_nvals(GG_container *c, uint64_t *nvals)
{
#if GG_HAVE_CUDA
    return (GrB_Info)GG_cuda_vec_nvals(c, nvals);
#else
    (void)c;
    (void)nvals;
    return GrB_PANIC;
#endif
}

bool GG_device_vec_set(GG_container *c, GrB_Index i, const void *z)
{
#if GG_HAVE_CUDA
    return GG_cuda_vec_set(c, i, z);
#else
    (void)c;
    (void)i;
    (void)z;
    return false;
#endif
}

void GG_device_vec_free(GG_container *c)
{
    if (c->dv == NULL) return;
#if GG_HAVE_CUDA
    GG_cuda_vec_free(c);
#endif
    c->dv = NULL;
}

/* The device side of a matrix container (GG_store.h): only a CUDA slot makes a matrix
 * device-resident, so without CUDA the store never calls these; GrB_PANIC makes such a bug loud. */
GrB_Info GG_device_mat_download(GG_container *c, GG_hs_matrix *hs)
{
#if GG_HAVE_CUDA
    return (GrB_Info)GG_cuda_mat_download(c, hs);
#else
    (void)c;
    (void)hs;
    return GrB_PANIC;
#endif
}

GrB_Info GG_device_mat_nvals(GG_container *c, uint64_t *nvals)
{
#if GG_HAVE_CUDA
    return (GrB_Info)GG_cuda_mat_nvals(c, nvals);
#else
    (void)c;
    (void)nvals;
    return GrB_PANIC;
#endif
}

void GG_device_transfers(uint64_t t[4])
{
    memset(t, 0, 4 * sizeof t[0]);
#if GG_HAVE_CUDA
    GG_cuda_transfers c;
    GG_cuda_transfer_counts(&c);
    t[0] = c.h2d_count;
    t[1] = c.h2d_bytes;
    t[2] = c.d2h_count;
    t[3] = c.d2h_bytes;
#endif
}

GrB_Info GG_device_sync(void)
{
#if GG_HAVE_CUDA
    if (GG_backends_available() & GG_BACKEND_BIT_CUDA) {
        GrB_Info info = (GrB_Info)GG_cuda_vec_settle_all();
        if (info != GrB_SUCCESS) return info;
        return GG_cuda_sync() ? GrB_SUCCESS : GrB_PANIC;
    }
#endif
    return GrB_SUCCESS;
}

GrB_Info GG_device_set_id(int32_t id)
{
    if (id < 0) return GrB_INVALID_VALUE;
    pthread_mutex_lock(&settings_lock);
    GrB_Info info = GrB_SUCCESS;
    if (!probed)
        device_id = id;
    else if (id != device_id)
        info = GrB_INVALID_VALUE;
    pthread_mutex_unlock(&settings_lock);
    return info;
}

int32_t GG_device_id(void)
{
    pthread_mutex_lock(&settings_lock);
    int32_t id = device_id;
    pthread_mutex_unlock(&settings_lock);
    return id;
}

void GG_device_set_pool_limit(size_t bytes)
{
    pthread_mutex_lock(&settings_lock);
    pool_limit = bytes;
#if GG_HAVE_CUDA
    GG_cuda_pool_set_limit(bytes);
#endif
    pthread_mutex_unlock(&settings_lock);
}

size_t GG_device_pool_limit(void)
{
    pthread_mutex_lock(&settings_lock);
    size_t bytes = pool_limit;
    pthread_mutex_unlock(&settings_lock);
    return bytes;
}
