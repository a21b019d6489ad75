/* vector.c: the GrB_Vector methods. A vector is an n x 1 container; every body lives in
 * container.c and is shared with GrB_Matrix. */
#include "GG_container.h"

#define VEC GG_KIND_VECTOR

GrB_Info GrB_Vector_new(GrB_Vector *v, GrB_Type type, GrB_Index n)
{
    return GG_api_new((void **)v, VEC, "v", type, n, 1, __func__);
}

GrB_Info GrB_Vector_dup(GrB_Vector *w, const GrB_Vector u)
{
    return GG_api_dup((void **)w, "w", u, "u", VEC, __func__);
}

GrB_Info GrB_Vector_free(GrB_Vector *object)
{
    return GG_api_free((void **)object, VEC, __func__);
}

GrB_Info GrB_Vector_wait(GrB_Vector object, GrB_WaitMode mode)
{
    return GG_api_wait(object, VEC, mode, __func__);
}

GrB_Info GrB_Vector_clear(GrB_Vector v)
{
    return GG_api_clear(v, VEC, "v", __func__);
}

GrB_Info GrB_Vector_size(GrB_Index *n, const GrB_Vector v)
{
    return GG_api_query(n, "n", v, VEC, "v", 'r', __func__);
}

GrB_Info GrB_Vector_nvals(GrB_Index *nvals, const GrB_Vector v)
{
    return GG_api_query(nvals, "nvals", v, VEC, "v", 'n', __func__);
}

GrB_Info GrB_Vector_resize(GrB_Vector w, GrB_Index n)
{
    return GG_api_resize(w, VEC, "w", n, 1, __func__);
}

GrB_Info GrB_Vector_removeElement(GrB_Vector v, GrB_Index i)
{
    return GG_api_remove(v, VEC, "v", i, 0, __func__);
}

GrB_Info GrB_Vector_setElement_Scalar(GrB_Vector w, const GrB_Scalar x, GrB_Index i)
{
    return GG_api_set_scalar(w, VEC, "w", x, i, 0, __func__);
}

GrB_Info GrB_Vector_extractElement_Scalar(GrB_Scalar x, const GrB_Vector v, GrB_Index i)
{
    return GG_api_get_scalar(x, v, VEC, "v", i, 0, __func__);
}

#define GG_DEFINE(T, E, V, CV)                                                                     \
    GrB_Info GrB_Vector_build_##T(GrB_Vector w, const GrB_Index *I, const E *X, GrB_Index nvals,   \
                                  const GrB_BinaryOp dup)                                          \
    {                                                                                              \
        return GG_api_build(w, VEC, "w", I, NULL, X, GrB_##T##_CODE, nvals, dup, __func__);       \
    }                                                                                              \
    GrB_Info GrB_Vector_setElement_##T(GrB_Vector w, V x, GrB_Index i)                             \
    {                                                                                              \
        return GG_api_set(w, VEC, "w", GG_VALUE_PTR(x), GrB_##T##_CODE, i, 0, __func__);          \
    }                                                                                              \
    GrB_Info GrB_Vector_extractElement_##T(E *x, const GrB_Vector v, GrB_Index i)                  \
    {                                                                                              \
        return GG_api_get(x, GrB_##T##_CODE, v, VEC, "v", i, 0, __func__);                         \
    }                                                                                              \
    GrB_Info GrB_Vector_extractTuples_##T(GrB_Index *I, E *X, GrB_Index *nvals,                    \
                                          const GrB_Vector v)                                      \
    {                                                                                              \
        return GG_api_tuples(I, NULL, X, GrB_##T##_CODE, nvals, v, VEC, "v", __func__);            \
    }
GxG_ALL_TYPES(GG_DEFINE)
#undef GG_DEFINE
