/* alg_util.c: messages and argument checks shared by the algorithms (alg_internal.h). */
#include "alg_internal.h"

#include <stdarg.h>
#include <stdio.h>

GrB_Info GG_alg_error(char *msg, const char *func, GrB_Info info, const char *fmt, ...)
{
    if (msg == NULL) return info;
    int len = snprintf(msg, GG_ALG_MSG_LEN, "%s: ", func);
    if (len < 0 || len >= GG_ALG_MSG_LEN) return info;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + len, (size_t)(GG_ALG_MSG_LEN - len), fmt, ap);
    va_end(ap);
    return info;
}

const char *GG_alg_info_name(GrB_Info info)
{
    switch (info) {
    case GrB_SUCCESS: return "GrB_SUCCESS";
    case GrB_NO_VALUE: return "GrB_NO_VALUE";
    case GrB_UNINITIALIZED_OBJECT: return "GrB_UNINITIALIZED_OBJECT";
    case GrB_NULL_POINTER: return "GrB_NULL_POINTER";
    case GrB_INVALID_VALUE: return "GrB_INVALID_VALUE";
    case GrB_INVALID_INDEX: return "GrB_INVALID_INDEX";
    case GrB_DOMAIN_MISMATCH: return "GrB_DOMAIN_MISMATCH";
    case GrB_DIMENSION_MISMATCH: return "GrB_DIMENSION_MISMATCH";
    case GrB_OUTPUT_NOT_EMPTY: return "GrB_OUTPUT_NOT_EMPTY";
    case GrB_NOT_IMPLEMENTED: return "GrB_NOT_IMPLEMENTED";
    case GrB_PANIC: return "GrB_PANIC";
    case GrB_OUT_OF_MEMORY: return "GrB_OUT_OF_MEMORY";
    case GrB_INSUFFICIENT_SPACE: return "GrB_INSUFFICIENT_SPACE";
    case GrB_INVALID_OBJECT: return "GrB_INVALID_OBJECT";
    case GrB_INDEX_OUT_OF_BOUNDS: return "GrB_INDEX_OUT_OF_BOUNDS";
    case GrB_EMPTY_OBJECT: return "GrB_EMPTY_OBJECT";
    default: return "GrB_Info";
    }
}

GrB_Info GG_alg_square(GrB_Index *n, GrB_Matrix A, const char *func, char *msg)
{
    if (msg != NULL) msg[0] = '\0';
    if (A == NULL) return GG_alg_error(msg, func, GrB_NULL_POINTER, "argument 'A' is NULL");
    GrB_Index nrows, ncols;
    GrB_Info info = GrB_Matrix_nrows(&nrows, A);
    if (info == GrB_SUCCESS) info = GrB_Matrix_ncols(&ncols, A);
    if (info != GrB_SUCCESS)
        return GG_alg_error(msg, func, info, "argument 'A' is not a valid matrix (%s)",
                            GG_alg_info_name(info));
    if (nrows != ncols)
        return GG_alg_error(msg, func, GrB_DIMENSION_MISMATCH, "argument 'A' is %llu x %llu, not square",
                            (unsigned long long)nrows, (unsigned long long)ncols);
    *n = nrows;
    return GrB_SUCCESS;
}

GrB_Info GG_alg_vertex(GrB_Index vertex, GrB_Index n, const char *what, const char *func, char *msg)
{
    if (vertex < n) return GrB_SUCCESS;
    return GG_alg_error(msg, func, GrB_INVALID_INDEX, "argument '%s' is %llu, not below n = %llu", what,
                        (unsigned long long)vertex, (unsigned long long)n);
}

GrB_Info GG_alg_nonnegative(GrB_Matrix A, const char *func, char *msg)
{
    double wmin = 0;
    GrB_Info info = GrB_Matrix_reduce_FP64(&wmin, NULL, GrB_MIN_MONOID_FP64, A, NULL);
    if (info != GrB_SUCCESS)
        return GG_alg_error(msg, func, info, "%s from GrB_Matrix_reduce_FP64 (minimum weight)",
                            GG_alg_info_name(info));
    if (wmin < 0)
        return GG_alg_error(msg, func, GrB_INVALID_VALUE, "argument 'A' has a negative weight (%g)", wmin);
    return GrB_SUCCESS;
}
