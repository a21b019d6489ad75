/* init.c: the library context: GrB_init / GxB_init / GrB_finalize / GrB_getVersion and the global
 * object. SuiteSparse-compatible where the spec calls things undefined: a second GrB_init returns
 * GrB_INVALID_VALUE and changes nothing; after GrB_finalize every method keeps working, and a later
 * GrB_init succeeds and starts a fresh context (new mode, backend back to AUTO or to
 * GRAPHBLAS_GPU_BACKEND, new allocator). GrB_finalize frees the freed-object quarantine. */
#include "GG_internal.h"

#include <stdlib.h>
#include <strings.h>

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

/* The backend policy GRAPHBLAS_GPU_BACKEND asks for (auto, cpu or cuda, in any case; unset or
 * empty means auto). An unknown value is no error: GrB_init must not fail because of the
 * environment, so it keeps AUTO and the trace says why (Doc/decisions.md). */
static int32_t backend_from_environment(void)
{
    static const struct {
        const char *name;
        int32_t backend;
    } names[] = {{"auto", GxG_BACKEND_AUTO}, {"cpu", GxG_BACKEND_CPU}, {"cuda", GxG_BACKEND_CUDA}};
    const char *value = getenv("GRAPHBLAS_GPU_BACKEND");
    if (value == NULL || value[0] == '\0') return GxG_BACKEND_AUTO;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (strcasecmp(value, names[k].name) == 0) {
            GG_trace("GrB_init: GRAPHBLAS_GPU_BACKEND=%s sets the backend policy to %s", value,
                     names[k].name);
            return names[k].backend;
        }
    }
    GG_trace("GrB_init: GRAPHBLAS_GPU_BACKEND=%.64s is not auto, cpu or cuda; the backend policy "
             "stays auto",
             value);
    return GxG_BACKEND_AUTO;
}

/* The body of GrB_init and GxB_init, reporting under `func`. */
static GrB_Info context_start(GrB_Mode mode, const GG_allocator *allocator, const char *func)
{
    if (mode != GrB_NONBLOCKING && mode != GrB_BLOCKING)
        return GG_error(NULL, GrB_INVALID_VALUE, func, "argument 'mode' is %d, not a GrB_Mode",
                        (int)mode);
    pthread_mutex_lock(&GG_global.lock);
    bool already = GG_global.active;
    bool switched = !already && GG_mem_use(allocator);
    if (switched) {
        GG_global.initialized = true;
        GG_global.active = true;
        GG_global.mode = mode;
        GG_global.cuda_declines = 0;
    }
    pthread_mutex_unlock(&GG_global.lock);
    if (already) return GG_error(NULL, GrB_INVALID_VALUE, func, "GraphBLAS is already initialized");
    if (!switched)
        return GG_error(NULL, GrB_INVALID_VALUE, func,
                        "%lld blocks allocated by the previous context's memory functions are "
                        "still in use: free every object before changing them",
                        (long long)GG_mem_live_blocks());
    GG_object_quarantine_open();
    /* The trace and the backend can be chosen from outside a program that never sets them. */
    const char *trace = getenv("GRAPHBLAS_GPU_TRACE");
    if (trace != NULL && trace[0] != '\0' && strcmp(trace, "0") != 0) GG_trace_set(1);
    int32_t backend = backend_from_environment();
    pthread_mutex_lock(&GG_global.lock);
    GG_global.backend = backend;
    pthread_mutex_unlock(&GG_global.lock);
    return GrB_SUCCESS;
}

GrB_Info GrB_init(GrB_Mode mode)
{
    static const GG_allocator c_library = {malloc, calloc, realloc, free};
    return context_start(mode, &c_library, __func__);
}

GrB_Info GxB_init(GrB_Mode mode, void *(*user_malloc_function)(size_t),
                  void *(*user_calloc_function)(size_t, size_t),
                  void *(*user_realloc_function)(void *, size_t),
                  void (*user_free_function)(void *))
{
    /* SuiteSparse checks the functions first; calloc and realloc are optional. */
    GG_RETURN_IF(user_malloc_function == NULL, NULL, GrB_NULL_POINTER,
                 "argument 'user_malloc_function' is NULL");
    GG_RETURN_IF(user_free_function == NULL, NULL, GrB_NULL_POINTER,
                 "argument 'user_free_function' is NULL");
    GG_allocator user = {user_malloc_function, user_calloc_function, user_realloc_function,
                         user_free_function};
    return context_start(mode, &user, __func__);
}

GrB_Info GrB_finalize(void)
{
    pthread_mutex_lock(&GG_global.lock);
    GG_global.active = false;
    pthread_mutex_unlock(&GG_global.lock);
    GG_object_quarantine_close();
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
