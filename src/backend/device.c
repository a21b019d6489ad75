/* device.c: which backends this process can use, and the GPU behind the CUDA one.
 *
 * Detection runs once, on first use rather than in GrB_init, so programs that never ask (or run
 * everything on the CPU) never touch the CUDA driver; pthread_once makes the first use from
 * several threads safe and the answer fixed for the life of the process. */
#include "GG_internal.h"

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

static void detect(void)
{
    found.backends = GG_BACKEND_BIT_CPU;
#if GG_HAVE_CUDA
    GG_cuda_device dev;
    if (GG_cuda_probe(&dev)) {
        found.backends |= GG_BACKEND_BIT_CUDA;
        snprintf(found.name, sizeof found.name, "%s", dev.name);
        found.memory = dev.memory;
    }
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
