/* matrix.c: the GrB_Matrix methods. The bodies shared with GrB_Vector live in container.c; only
 * GrB_Matrix_diag is matrix-specific. */
#include "GG_container.h"
#include "GG_store.h"

#define MAT GG_KIND_MATRIX

GrB_Info GrB_Matrix_new(GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols)
{
    return GG_api_new((void **)A, MAT, "A", type, nrows, ncols, __func__);
}

GrB_Info GrB_Matrix_dup(GrB_Matrix *C, const GrB_Matrix A)
{
    return GG_api_dup((void **)C, "C", A, "A", MAT, __func__);
}

GrB_Info GrB_Matrix_free(GrB_Matrix *object)
{
    return GG_api_free((void **)object, MAT, __func__);
}

GrB_Info GrB_Matrix_wait(GrB_Matrix object, GrB_WaitMode mode)
{
    return GG_api_wait(object, MAT, mode, __func__);
}

GrB_Info GrB_Matrix_clear(GrB_Matrix A)
{
    return GG_api_clear(A, MAT, "A", __func__);
}

GrB_Info GrB_Matrix_resize(GrB_Matrix C, GrB_Index nrows, GrB_Index ncols)
{
    return GG_api_resize(C, MAT, "C", nrows, ncols, __func__);
}

GrB_Info GrB_Matrix_nrows(GrB_Index *nrows, const GrB_Matrix A)
{
    return GG_api_query(nrows, "nrows", A, MAT, "A", 'r', __func__);
}

GrB_Info GrB_Matrix_ncols(GrB_Index *ncols, const GrB_Matrix A)
{
    return GG_api_query(ncols, "ncols", A, MAT, "A", 'c', __func__);
}

GrB_Info GrB_Matrix_nvals(GrB_Index *nvals, const GrB_Matrix A)
{
    return GG_api_query(nvals, "nvals", A, MAT, "A", 'n', __func__);
}

GrB_Info GrB_Matrix_removeElement(GrB_Matrix C, GrB_Index i, GrB_Index j)
{
    return GG_api_remove(C, MAT, "C", i, j, __func__);
}

GrB_Info GrB_Matrix_setElement_Scalar(GrB_Matrix C, const GrB_Scalar x, GrB_Index i, GrB_Index j)
{
    return GG_api_set_scalar(C, MAT, "C", x, i, j, __func__);
}

GrB_Info GrB_Matrix_extractElement_Scalar(GrB_Scalar x, const GrB_Matrix A, GrB_Index i,
                                          GrB_Index j)
{
    return GG_api_get_scalar(x, A, MAT, "A", i, j, __func__);
}

#define GG_DEFINE(T, E, V, CV)                                                                     \
    GrB_Info GrB_Matrix_build_##T(GrB_Matrix C, const GrB_Index *I, const GrB_Index *J,            \
                                  const E *X, GrB_Index nvals, const GrB_BinaryOp dup)             \
    {                                                                                              \
        return GG_api_build(C, MAT, "C", I, J, X, GrB_##T##_CODE, nvals, dup, __func__);               \
    }                                                                                              \
    GrB_Info GrB_Matrix_setElement_##T(GrB_Matrix C, V x, GrB_Index i, GrB_Index j)                \
    {                                                                                              \
        return GG_api_set(C, MAT, "C", GG_VALUE_PTR(x), GrB_##T##_CODE, i, j, __func__);               \
    }                                                                                              \
    GrB_Info GrB_Matrix_extractElement_##T(E *x, const GrB_Matrix A, GrB_Index i, GrB_Index j)     \
    {                                                                                              \
        return GG_api_get(x, GrB_##T##_CODE, A, MAT, "A", i, j, __func__);                              \
    }                                                                                              \
    GrB_Info GrB_Matrix_extractTuples_##T(GrB_Index *I, GrB_Index *J, E *X, GrB_Index *nvals,      \
                                          const GrB_Matrix A)                                      \
    {                                                                                              \
        return GG_api_tuples(I, J, X, GrB_##T##_CODE, nvals, A, MAT, "A", __func__);                    \
    }
GxG_ALL_TYPES(GG_DEFINE)
#undef GG_DEFINE

/* C = diag(v, k): v's entries on the k-th diagonal of an (n+|k|) x (n+|k|) matrix of v's type.
 * v's entries come in index order, so the diagonal's tuples come out sorted too. */
GrB_Info GrB_Matrix_diag(GrB_Matrix *C, const GrB_Vector v, int64_t k)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(C, NULL, "C");
    GG_CHECK_OBJ(v, GG_KIND_VECTOR, NULL, "v");
    GG_container *vc = GG_VEC(v);
    GrB_Index shift = k < 0 ? (GrB_Index)0 - (GrB_Index)k : (GrB_Index)k;
    GG_RETURN_IF(shift > GG_DIM_MAX - vc->nrows, NULL, GrB_INVALID_VALUE,
                 "argument 'k' is %lld: the result would have more than GrB_INDEX_MAX+1 rows",
                 (long long)k);
    GrB_Index n = vc->nrows + shift;
    GrB_Index roff = k < 0 ? shift : 0, coff = k > 0 ? shift : 0;

    const GG_vdata *u;
    GG_RETURN_IF(GG_vec_host(vc, &u) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    GG_coo d;
    size_t size = vc->type->size;
    GG_RETURN_IF(!GG_coo_alloc(&d, u->nvals, size), NULL, GrB_OUT_OF_MEMORY, "out of memory");
    uint64_t q = 0, i, p, e = 0;
    for (; GG_vdata_next(u, &q, &i, &p); e++) {
        d.row[e] = i + roff;
        d.col[e] = i + coff;
        memcpy((char *)d.x + e * size, GG_vdata_val(u, p), size);
    }
    void *D;
    GrB_Info info = GG_api_new(&D, MAT, "C", vc->type, n, n, __func__);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&d);
        return info;
    }
    if (GG_container_adopt(D, &d) != GrB_SUCCESS) {
        GrB_Matrix_free((GrB_Matrix *)&D);
        return GG_error(NULL, GrB_OUT_OF_MEMORY, __func__, "out of memory");
    }
    *C = D;
    return GrB_SUCCESS;
}
