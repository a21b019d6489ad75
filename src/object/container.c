/* container.c: the bodies of the vector and matrix methods. A vector is an n x 1 container, so
 * vector.c and matrix.c only wrap these under their public names; errors are reported under the
 * public name passed in `func` and name the parameters as the public prototypes do. Checks run in
 * the order of the brief: NULL pointers, object validity, enum values, domains, dimensions,
 * indices; nothing is touched before they all pass. */
#include "GG_container.h"

typedef unsigned long long ull;

/* Dimension and index checks; a vector's dimension is called n, its index i. */
#define GG_CHECK_DIMS(nrows, ncols, OUT)                                                           \
    do {                                                                                           \
        GG_RETURN_IF_IN(func, (nrows) > GG_DIM_MAX, (OUT), GrB_INVALID_VALUE,                                 \
                   "argument '%s' is %llu, more than GrB_INDEX_MAX+1",                             \
                   kind == GG_KIND_VECTOR ? "n" : "nrows", (ull)(nrows));                          \
        GG_RETURN_IF_IN(func, (ncols) > GG_DIM_MAX, (OUT), GrB_INVALID_VALUE,                                 \
                   "argument 'ncols' is %llu, more than GrB_INDEX_MAX+1", (ull)(ncols));          \
    } while (0)
#define GG_CHECK_INDEX(c, i, j, OUT)                                                               \
    do {                                                                                           \
        GG_RETURN_IF_IN(func, (i) >= (c)->nrows, (OUT), GrB_INVALID_INDEX,                                    \
                   "argument 'i' is %llu, outside the %llu rows", (ull)(i), (ull)(c)->nrows);      \
        GG_RETURN_IF_IN(func, (j) >= (c)->ncols, (OUT), GrB_INVALID_INDEX,                                    \
                   "argument 'j' is %llu, outside the %llu columns", (ull)(j), (ull)(c)->ncols);   \
    } while (0)

/* A new container object, not yet visible to the caller. */
static GG_container *container_create(GG_kind kind, GrB_Type type, GrB_Index nrows,
                                      GrB_Index ncols)
{
    GG_container *c = GG_object_new(sizeof *c, kind);
    if (c == NULL) return NULL;
    if (GG_container_init(c, type, nrows, ncols) != GrB_SUCCESS) {
        GG_free(c);
        return NULL;
    }
    GG_gxb_opts_init(c);
    return c;
}

GrB_Info GG_api_new(void **handle, GG_kind kind, const char *name, GrB_Type type, GrB_Index nrows,
                    GrB_Index ncols, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, handle, NULL, name);
    GG_CHECK_OBJ_IN(func, type, GG_KIND_TYPE, NULL, "type");
    GG_CHECK_DIMS(nrows, ncols, NULL);
    GG_container *c = container_create(kind, type, nrows, ncols);
    GG_RETURN_IF_IN(func, c == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    *handle = c;
    return GrB_SUCCESS;
}

GrB_Info GG_api_dup(void **handle, const char *name, void *src, const char *src_name,
                    GG_kind kind, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, handle, NULL, name);
    GG_CHECK_OBJ_IN(func, src, kind, NULL, src_name);
    GG_container *s = src;
    GG_container *c = container_create(kind, s->type, s->nrows, s->ncols);
    GG_RETURN_IF_IN(func, c == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    if (GG_container_dup(c, s) != GrB_SUCCESS) {
        GG_container_free_content(c);
        GG_free(c);
        return GG_error(NULL, GrB_OUT_OF_MEMORY, func, "out of memory");
    }
    GG_gxb_opts_dup(c, s);
    *handle = c;
    return GrB_SUCCESS;
}

static void container_free_body(void *obj)
{
    GG_container_free_content(obj);
}

static GrB_Info container_finish(void *obj)
{
    return GG_container_wait(obj);
}

GrB_Info GG_api_free(void **handle, GG_kind kind, const char *func)
{
    return GG_object_free(handle, kind, container_free_body, func);
}

GrB_Info GG_api_wait(void *obj, GG_kind kind, GrB_WaitMode mode, const char *func)
{
    return GG_object_wait(obj, kind, mode, container_finish, func);
}

GrB_Info GG_api_clear(void *obj, GG_kind kind, const char *name, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    GG_error_clear(obj);
    GG_container_clear(obj);
    return GrB_SUCCESS;
}

GrB_Info GG_api_resize(void *obj, GG_kind kind, const char *name, GrB_Index nrows,
                       GrB_Index ncols, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    GG_CHECK_DIMS(nrows, ncols, obj);
    GG_error_clear(obj);
    GG_RETURN_IF_IN(func, GG_container_resize(obj, nrows, ncols) != GrB_SUCCESS, obj, GrB_OUT_OF_MEMORY,
               "out of memory");
    return GrB_SUCCESS;
}

GrB_Info GG_api_query(GrB_Index *result, const char *result_name, void *obj, GG_kind kind,
                      const char *name, char what, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, result, NULL, result_name);
    GG_CHECK_OBJ_IN(func, obj, kind, NULL, name);
    GG_container *c = obj;
    if (what == 'r') {
        *result = c->nrows;
    } else if (what == 'c') {
        *result = c->ncols;
    } else {
        GG_RETURN_IF_IN(func, GG_container_nvals(c, result) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY,
                   "out of memory");
    }
    return GrB_SUCCESS;
}

GrB_Info GG_api_build(void *obj, GG_kind kind, const char *name, const GrB_Index *I,
                      const GrB_Index *J, const void *X, GrB_Type_Code xcode, GrB_Index nvals,
                      GrB_BinaryOp dup, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, obj, NULL, name);
    GG_CHECK_PTR_IN(func, I, obj, "I");
    if (kind == GG_KIND_MATRIX) GG_CHECK_PTR_IN(func, J, obj, "J");
    GG_CHECK_PTR_IN(func, X, obj, "X");
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    if (dup != NULL) GG_CHECK_OBJ_IN(func, dup, GG_KIND_BINARYOP, obj, "dup");
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, nvals > GrB_INDEX_MAX, c, GrB_INVALID_VALUE,
               "argument 'nvals' is %llu, more than GrB_INDEX_MAX", (ull)nvals);
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, c->type), c, GrB_DOMAIN_MISMATCH,
               "the type of argument 'X' cannot be cast to the type of '%s'", name);
    GrB_Type xtype = GG_family_type(xcode, c->type);
    if (dup != NULL) {
        GG_RETURN_IF_IN(func, dup->xtype != dup->ztype || dup->ytype != dup->ztype, c, GrB_DOMAIN_MISMATCH,
                   "argument 'dup' must have three identical types");
        GG_RETURN_IF_IN(func, !GG_types_compatible(c->type, dup->ztype) ||
                       !GG_types_compatible(xtype, dup->ztype),
                   c, GrB_DOMAIN_MISMATCH, "the type of argument 'dup' does not match the values");
    }
    GrB_Index current;
    GG_RETURN_IF_IN(func, GG_container_nvals(c, &current) != GrB_SUCCESS, c, GrB_OUT_OF_MEMORY,
               "out of memory");
    GG_RETURN_IF_IN(func, current > 0, c, GrB_OUTPUT_NOT_EMPTY, "argument '%s' already has entries", name);
    GG_error_clear(c);
    GrB_Info info = GG_container_build(c, I, J, X, xtype, nvals, dup);
    GG_RETURN_IF_IN(func, info == GrB_INDEX_OUT_OF_BOUNDS, c, info,
               kind == GG_KIND_VECTOR ? "argument 'I' holds an index out of range"
                                      : "argument 'I' or 'J' holds an index out of range");
    GG_RETURN_IF_IN(func, info == GrB_INVALID_VALUE, c, info, "duplicate indices and argument 'dup' is NULL");
    GG_RETURN_IF_IN(func, info != GrB_SUCCESS, c, info, "out of memory");
    return GrB_SUCCESS;
}

GrB_Info GG_api_set(void *obj, GG_kind kind, const char *name, const void *x, GrB_Type_Code xcode,
                    GrB_Index i, GrB_Index j, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, obj, NULL, name);
    GG_CHECK_PTR_IN(func, x, obj, "x");
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, c->type), c, GrB_DOMAIN_MISMATCH,
               "the type of argument 'x' cannot be cast to the type of '%s'", name);
    GG_CHECK_INDEX(c, i, j, c);
    GG_error_clear(c);
    GG_RETURN_IF_IN(func, GG_container_set_pending(c, i, j, x, GG_family_type(xcode, c->type)) !=
                   GrB_SUCCESS,
               c, GrB_OUT_OF_MEMORY, "out of memory");
    return GrB_SUCCESS;
}

GrB_Info GG_api_set_scalar(void *obj, GG_kind kind, const char *name, GrB_Scalar s, GrB_Index i,
                           GrB_Index j, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, obj, NULL, name);
    GG_CHECK_PTR_IN(func, s, obj, "x");
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    GG_CHECK_OBJ_IN(func, s, GG_KIND_SCALAR, obj, "x");
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, !GG_types_compatible(c->type, s->type), c, GrB_DOMAIN_MISMATCH,
               "the type of argument 'x' cannot be cast to the type of '%s'", name);
    GG_CHECK_INDEX(c, i, j, c);
    GG_error_clear(c);
    /* An empty scalar deletes the entry, as SuiteSparse does. */
    GrB_Info info = s->present ? GG_container_set_pending(c, i, j, s->value, s->type)
                               : GG_container_remove_pending(c, i, j);
    GG_RETURN_IF_IN(func, info != GrB_SUCCESS, c, GrB_OUT_OF_MEMORY, "out of memory");
    return GrB_SUCCESS;
}

GrB_Info GG_api_get(void *x, GrB_Type_Code xcode, void *obj, GG_kind kind, const char *name,
                    GrB_Index i, GrB_Index j, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, x, NULL, "x");
    GG_CHECK_PTR_IN(func, obj, NULL, name);
    GG_CHECK_OBJ_IN(func, obj, kind, NULL, name);
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, c->type), NULL, GrB_DOMAIN_MISMATCH,
               "the type of '%s' cannot be cast to the type of argument 'x'", name);
    GG_CHECK_INDEX(c, i, j, NULL);
    GrB_Info info = GG_container_get(c, i, j, x, GG_family_type(xcode, c->type));
    GG_RETURN_IF_IN(func, info == GrB_OUT_OF_MEMORY, NULL, info, "out of memory");
    return info;
}

GrB_Info GG_api_get_scalar(GrB_Scalar s, void *obj, GG_kind kind, const char *name, GrB_Index i,
                           GrB_Index j, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, s, NULL, "x");
    GG_CHECK_PTR_IN(func, obj, s, name);
    GG_CHECK_OBJ_IN(func, s, GG_KIND_SCALAR, NULL, "x");
    GG_CHECK_OBJ_IN(func, obj, kind, s, name);
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, !GG_types_compatible(c->type, s->type), s, GrB_DOMAIN_MISMATCH,
               "the type of '%s' cannot be cast to the type of argument 'x'", name);
    GG_CHECK_INDEX(c, i, j, s);
    GG_error_clear(s);
    /* No entry leaves the scalar empty and is a success, as in SuiteSparse. */
    GrB_Info info = GG_container_get(c, i, j, s->value, s->type);
    GG_RETURN_IF_IN(func, info == GrB_OUT_OF_MEMORY, s, info, "out of memory");
    s->present = info == GrB_SUCCESS;
    return GrB_SUCCESS;
}

GrB_Info GG_api_remove(void *obj, GG_kind kind, const char *name, GrB_Index i, GrB_Index j,
                       const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_OBJ_IN(func, obj, kind, obj, name);
    GG_container *c = obj;
    GG_CHECK_INDEX(c, i, j, c);
    GG_error_clear(c);
    GG_RETURN_IF_IN(func, GG_container_remove_pending(c, i, j) != GrB_SUCCESS, c, GrB_OUT_OF_MEMORY,
               "out of memory");
    return GrB_SUCCESS;
}

GrB_Info GG_api_tuples(GrB_Index *I, GrB_Index *J, void *X, GrB_Type_Code xcode,
                       GrB_Index *nvals, void *obj, GG_kind kind, const char *name,
                       const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, nvals, NULL, "nvals");
    GG_CHECK_PTR_IN(func, obj, NULL, name);
    GG_CHECK_OBJ_IN(func, obj, kind, NULL, name);
    GG_container *c = obj;
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, c->type), NULL, GrB_DOMAIN_MISMATCH,
               "the type of '%s' cannot be cast to the type of argument 'X'", name);
    GrB_Index n;
    GG_RETURN_IF_IN(func, GG_container_nvals(c, &n) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY,
                    "out of memory");
    GG_RETURN_IF_IN(func, *nvals < n, NULL, GrB_INSUFFICIENT_SPACE,
               "argument 'nvals' is %llu, the arrays need %llu entries", (ull)*nvals, (ull)n);
    GrB_Info info = GG_container_tuples(c, I, J, X, GG_family_type(xcode, c->type), nvals);
    GG_RETURN_IF_IN(func, info != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    return GrB_SUCCESS;
}
