/* error.c: error reporting. GG_error formats "function: message", stores it on the method's output
 * object (read back by GrB_error) and in a thread-local slot (GxG_last_error) for errors that have
 * no object to carry them, such as a NULL output handle. */
#include "GG_internal.h"

#include <stdio.h>

static _Thread_local char last_error[GG_ERRMSG_LEN];

static bool records_errors(const GG_header *h)
{
    return h != NULL && h->magic == GG_MAGIC_LIVE && !h->builtin;
}

GrB_Info GG_error(void *obj, GrB_Info info, const char *func, const char *fmt, ...)
{
    int n = snprintf(last_error, sizeof last_error, "%s: ", func);
    if (n < 0 || (size_t)n >= sizeof last_error) n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error + n, sizeof last_error - (size_t)n, fmt, ap);
    va_end(ap);
    GG_header *h = obj;
    if (records_errors(h)) memcpy(h->errmsg, last_error, sizeof last_error);
    return info;
}

void GG_error_clear(void *obj)
{
    GG_header *h = obj;
    if (records_errors(h)) h->errmsg[0] = '\0';
}

const char *GxG_last_error(void)
{
    return last_error;
}

const char *GG_info_name(GrB_Info info)
{
    switch (info) {
#define GG_NAME(x) case x: return #x;
        GG_NAME(GrB_SUCCESS) GG_NAME(GrB_NO_VALUE) GG_NAME(GrB_UNINITIALIZED_OBJECT)
        GG_NAME(GrB_NULL_POINTER) GG_NAME(GrB_INVALID_VALUE) GG_NAME(GrB_INVALID_INDEX)
        GG_NAME(GrB_DOMAIN_MISMATCH) GG_NAME(GrB_DIMENSION_MISMATCH) GG_NAME(GrB_OUTPUT_NOT_EMPTY)
        GG_NAME(GrB_NOT_IMPLEMENTED) GG_NAME(GrB_ALREADY_SET) GG_NAME(GrB_PANIC)
        GG_NAME(GrB_OUT_OF_MEMORY) GG_NAME(GrB_INSUFFICIENT_SPACE) GG_NAME(GrB_INVALID_OBJECT)
        GG_NAME(GrB_INDEX_OUT_OF_BOUNDS) GG_NAME(GrB_EMPTY_OBJECT)
#undef GG_NAME
    }
    return "unknown GrB_Info";
}

/* GrB_<Kind>_error: the last error recorded on the object, "" if none. Works before GrB_init so
 * that a failed init can still be diagnosed. */
#define GG_DEFINE_ERROR(K, KIND)                                                                   \
    GrB_Info GrB_##K##_error(const char **error, const GrB_##K object)                             \
    {                                                                                              \
        if (error == NULL) return GrB_NULL_POINTER;                                                \
        GrB_Info info = GG_check_object(object, KIND);                                             \
        if (info != GrB_SUCCESS) return info;                                                      \
        *error = ((const GG_header *)object)->errmsg;                                              \
        return GrB_SUCCESS;                                                                        \
    }
GG_DEFINE_ERROR(Type, GG_KIND_TYPE)
GG_DEFINE_ERROR(UnaryOp, GG_KIND_UNARYOP)
GG_DEFINE_ERROR(BinaryOp, GG_KIND_BINARYOP)
GG_DEFINE_ERROR(IndexUnaryOp, GG_KIND_INDEXUNARYOP)
GG_DEFINE_ERROR(Monoid, GG_KIND_MONOID)
GG_DEFINE_ERROR(Semiring, GG_KIND_SEMIRING)
GG_DEFINE_ERROR(Scalar, GG_KIND_SCALAR)
GG_DEFINE_ERROR(Vector, GG_KIND_VECTOR)
GG_DEFINE_ERROR(Matrix, GG_KIND_MATRIX)
GG_DEFINE_ERROR(Descriptor, GG_KIND_DESCRIPTOR)
