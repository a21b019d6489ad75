/* init.c: the library context: GrB_init / GrB_finalize / GrB_getVersion and the global object.
 * SuiteSparse-compatible where the spec calls things undefined: a second GrB_init returns
 * GrB_INVALID_VALUE and changes nothing; after GrB_finalize every method keeps working, and a later
 * GrB_init succeeds and starts a fresh context (new mode, backend back to AUTO). */
#include "GG_internal.h"

#include <stdlib.h>

GG_global_state GG_global = {
    .initialized = false,
    .active = false,
    .mode = GrB_NONBLOCKING,
    .backend = GxG_BACKEND_AUTO,
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

static struct GG_Global_opaque global_object = {
    .h = GG_BUILTIN_HEADER(GG_KIND_GLOBAL, "GraphBLAS_gpu"),
};
const GrB_Global GrB_GLOBAL = &global_object;

static const GrB_Index all_marker = 0;
const GrB_Index *GrB_ALL = &all_marker;

GrB_Info GrB_init(GrB_Mode mode)
{
    if (mode != GrB_NONBLOCKING && mode != GrB_BLOCKING)
        return GG_error(NULL, GrB_INVALID_VALUE, __func__, "argument 'mode' is %d, not a GrB_Mode",
                        (int)mode);
    pthread_mutex_lock(&GG_global.lock);
    bool already = GG_global.active;
    if (!already) {
        GG_global.initialized = true;
        GG_global.active = true;
        GG_global.mode = mode;
        GG_global.backend = GxG_BACKEND_AUTO;
    }
    pthread_mutex_unlock(&GG_global.lock);
    if (already)
        return GG_error(NULL, GrB_INVALID_VALUE, __func__, "GraphBLAS is already initialized");
    /* The trace can be switched on from outside a program that never sets GxG_TRACE. */
    const char *trace = getenv("GRAPHBLAS_GPU_TRACE");
    if (trace != NULL && trace[0] != '\0' && strcmp(trace, "0") != 0) GG_trace_set(1);
    return GrB_SUCCESS;
}

GrB_Info GrB_finalize(void)
{
    pthread_mutex_lock(&GG_global.lock);
    GG_global.active = false;
    pthread_mutex_unlock(&GG_global.lock);
    return GrB_SUCCESS;
}

GrB_Info GrB_getVersion(unsigned int *version, unsigned int *subversion)
{
    GG_CHECK_PTR(version, NULL, "version");
    GG_CHECK_PTR(subversion, NULL, "subversion");
    *version = GRB_VERSION;
    *subversion = GRB_SUBVERSION;
    return GrB_SUCCESS;
}
