/* import_export.c: GrB_Matrix_import / export / exportSize / exportHint in the CSR, CSC and COO
 * formats, with SuiteSparse 7.4's conventions (checked against it):
 *  - COO: Ap holds the row indices, Ai the column indices; Ap_len, Ai_len and Ax_len must be equal;
 *    tuples may come in any order and a repeated position keeps its last value.
 *  - CSR/CSC: Ap has nvec+1 pointers (longer arrays are fine); indices within a vector may be
 *    unsorted. Ap_len < nvec+1, or Ap[nvec] beyond Ai_len or Ax_len: GrB_INVALID_VALUE;
 *    Ap[0] != 0, decreasing pointers or an index out of range: GrB_INVALID_OBJECT; a repeated
 *    index within a vector: GrB_INDEX_OUT_OF_BOUNDS.
 *  - No typecasting: the suffix must be the matrix type (GrB_DOMAIN_MISMATCH otherwise).
 *  - export with an array too short: GrB_INSUFFICIENT_SPACE, nothing written; on success the
 *    three lengths are set to what was written. COO and CSR export row-major order.
 *  - exportHint: COO when the matrix is hypersparse along its orientation, else CSR, or CSC for
 *    a column-oriented matrix (an n x 1 matrix is column-oriented, as in SuiteSparse). */
#include "GG_container.h"

static bool format_valid(GrB_Format format)
{
    return format == GrB_CSR_FORMAT || format == GrB_CSC_FORMAT || format == GrB_COO_FORMAT;
}

static bool type_exact(GrB_Type_Code code, GrB_Type type)
{
    return code == GrB_UDT_CODE ? type->code == GrB_UDT_CODE : type->code == code;
}

/* Validates a CSR (by_col false) or CSC array triple and turns it into sorted tuples. */
static GrB_Info compressed_to_coo(GG_coo *t, bool by_col, GrB_Type type, GrB_Index nrows,
                                  GrB_Index ncols, const GrB_Index *Ap, const GrB_Index *Ai,
                                  const void *Ax, GrB_Index Ap_len, GrB_Index Ai_len,
                                  GrB_Index Ax_len, const char *func)
{
    GrB_Index nvec = by_col ? ncols : nrows, dim = by_col ? nrows : ncols;
    GG_RETURN_IF_IN(func, Ap_len < nvec + 1, NULL, GrB_INVALID_VALUE,
               "argument 'Ap_len' is %llu, at least %llu are needed", (unsigned long long)Ap_len,
               (unsigned long long)nvec + 1);
    GrB_Index nnz = Ap[nvec];
    GG_RETURN_IF_IN(func, nnz > Ai_len, NULL, GrB_INVALID_VALUE,
               "argument 'Ai_len' is %llu, Ap says %llu entries", (unsigned long long)Ai_len,
               (unsigned long long)nnz);
    GG_RETURN_IF_IN(func, nnz > Ax_len, NULL, GrB_INVALID_VALUE,
               "argument 'Ax_len' is %llu, Ap says %llu entries", (unsigned long long)Ax_len,
               (unsigned long long)nnz);
    GG_RETURN_IF_IN(func, Ap[0] != 0, NULL, GrB_INVALID_OBJECT, "Ap[0] is not 0");
    for (GrB_Index v = 0; v < nvec; v++)
        GG_RETURN_IF_IN(func, Ap[v + 1] < Ap[v], NULL, GrB_INVALID_OBJECT, "Ap decreases at %llu",
                   (unsigned long long)v);
    for (GrB_Index v = 0; v < nvec; v++) {
        for (GrB_Index p = Ap[v]; p < Ap[v + 1]; p++) {
            GG_RETURN_IF_IN(func, Ai[p] >= dim, NULL, GrB_INVALID_OBJECT, "Ai[%llu] = %llu is out of range",
                       (unsigned long long)p, (unsigned long long)Ai[p]);
            GG_RETURN_IF_IN(func, p > Ap[v] && Ai[p] == Ai[p - 1], NULL, GrB_INDEX_OUT_OF_BOUNDS,
                       "Ai[%llu] repeats an index of its vector", (unsigned long long)p);
        }
    }
    GrB_Index *major = NULL;
    if (nnz > 0) {
        size_t bytes;
        if (nnz <= SIZE_MAX && GG_mul_size((size_t)nnz, sizeof(GrB_Index), &bytes))
            major = GG_malloc(bytes);
        GG_RETURN_IF_IN(func, major == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory");
        for (GrB_Index v = 0; v < nvec; v++)
            for (GrB_Index p = Ap[v]; p < Ap[v + 1]; p++) major[p] = v;
    }
    GrB_Info info = by_col ? GG_coo_build(t, Ai, major, Ax, type, nnz, nrows, ncols, type, NULL)
                           : GG_coo_build(t, major, Ai, Ax, type, nnz, nrows, ncols, type, NULL);
    GG_free(major);
    /* Repeats the scan above missed were not adjacent: an unsorted vector. */
    GG_RETURN_IF_IN(func, info == GrB_INVALID_VALUE, NULL, GrB_INDEX_OUT_OF_BOUNDS,
               "Ai repeats an index within a vector");
    GG_RETURN_IF_IN(func, info != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    return GrB_SUCCESS;
}

static GrB_Info import(GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                       const GrB_Index *Ap, const GrB_Index *Ai, const void *Ax, GrB_Index Ap_len,
                       GrB_Index Ai_len, GrB_Index Ax_len, GrB_Format format, GrB_Type_Code code,
                       const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, A, NULL, "A");
    GG_CHECK_PTR_IN(func, type, NULL, "type");
    GG_CHECK_PTR_IN(func, Ap, NULL, "Ap");
    GG_CHECK_PTR_IN(func, Ai, NULL, "Ai");
    GG_CHECK_PTR_IN(func, Ax, NULL, "Ax");
    GG_CHECK_OBJ_IN(func, type, GG_KIND_TYPE, NULL, "type");
    GG_RETURN_IF_IN(func, !format_valid(format), NULL, GrB_INVALID_VALUE,
               "argument 'format' is %d, not a GrB_Format", (int)format);
    GG_RETURN_IF_IN(func, !type_exact(code, type), NULL, GrB_DOMAIN_MISMATCH,
               "argument 'type' differs from the type of 'Ax'");
    GG_RETURN_IF_IN(func, nrows > GG_DIM_MAX, NULL, GrB_INVALID_VALUE,
               "argument 'nrows' is %llu, more than GrB_INDEX_MAX+1", (unsigned long long)nrows);
    GG_RETURN_IF_IN(func, ncols > GG_DIM_MAX, NULL, GrB_INVALID_VALUE,
               "argument 'ncols' is %llu, more than GrB_INDEX_MAX+1", (unsigned long long)ncols);
    GG_coo t;
    if (format == GrB_COO_FORMAT) {
        GG_RETURN_IF_IN(func, Ai_len != Ap_len || Ax_len != Ap_len, NULL, GrB_INVALID_VALUE,
                   "arguments 'Ap_len', 'Ai_len' and 'Ax_len' must be equal for COO");
        GG_RETURN_IF_IN(func, Ap_len > GrB_INDEX_MAX, NULL, GrB_INVALID_VALUE,
                   "argument 'Ap_len' is more than GrB_INDEX_MAX");
        GrB_Info info =
            GG_coo_assemble(&t, Ap, Ai, Ax, type, Ap_len, nrows, ncols, type, NULL, true);
        GG_RETURN_IF_IN(func, info == GrB_INDEX_OUT_OF_BOUNDS, NULL, info,
                   "argument 'Ap' or 'Ai' holds an index outside the %llu x %llu matrix",
                   (unsigned long long)nrows, (unsigned long long)ncols);
        GG_RETURN_IF_IN(func, info != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    } else {
        GrB_Info info = compressed_to_coo(&t, format == GrB_CSC_FORMAT, type, nrows, ncols, Ap,
                                          Ai, Ax, Ap_len, Ai_len, Ax_len, func);
        if (info != GrB_SUCCESS) return info;
    }
    void *M;
    GrB_Info info = GG_api_new(&M, GG_KIND_MATRIX, "A", type, nrows, ncols, func);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&t);
        return info;
    }
    if (GG_container_adopt(M, &t) != GrB_SUCCESS) {
        GrB_Matrix_free((GrB_Matrix *)&M);
        return GG_error(NULL, GrB_OUT_OF_MEMORY, func, "out of memory");
    }
    /* SuiteSparse keeps a CSC import by column; the orientation hint says so here. */
    if (format == GrB_CSC_FORMAT) ((GG_container *)M)->orientation_hint = GrB_COLMAJOR;
    *A = M;
    return GrB_SUCCESS;
}

/* Array lengths an export in `format` needs. */
static GrB_Info export_sizes(GG_container *c, GrB_Format format, GrB_Index *np, GrB_Index *nnz,
                             const char *func)
{
    GG_RETURN_IF_IN(func, GG_container_nvals(c, nnz) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY,
               "out of memory");
    *np = format == GrB_CSR_FORMAT ? c->nrows + 1 : format == GrB_CSC_FORMAT ? c->ncols + 1 : *nnz;
    return GrB_SUCCESS;
}

static GrB_Info export(GrB_Index *Ap, GrB_Index *Ai, void *Ax, GrB_Index *Ap_len,
                       GrB_Index *Ai_len, GrB_Index *Ax_len, GrB_Format format, GrB_Matrix A,
                       GrB_Type_Code code, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, Ap, NULL, "Ap");
    GG_CHECK_PTR_IN(func, Ai, NULL, "Ai");
    GG_CHECK_PTR_IN(func, Ax, NULL, "Ax");
    GG_CHECK_PTR_IN(func, Ap_len, NULL, "Ap_len");
    GG_CHECK_PTR_IN(func, Ai_len, NULL, "Ai_len");
    GG_CHECK_PTR_IN(func, Ax_len, NULL, "Ax_len");
    GG_CHECK_OBJ_IN(func, A, GG_KIND_MATRIX, NULL, "A");
    GG_RETURN_IF_IN(func, !format_valid(format), NULL, GrB_INVALID_VALUE,
               "argument 'format' is %d, not a GrB_Format", (int)format);
    GG_container *c = GG_MAT(A);
    GG_RETURN_IF_IN(func, !type_exact(code, c->type), NULL, GrB_DOMAIN_MISMATCH,
               "the type of 'Ax' differs from the type of 'A'");
    GrB_Index np = 0, nnz = 0;
    GrB_Info info = export_sizes(c, format, &np, &nnz, func);
    if (info != GrB_SUCCESS) return info;
    GG_RETURN_IF_IN(func, *Ap_len < np, NULL, GrB_INSUFFICIENT_SPACE,
               "argument 'Ap_len' is %llu, %llu entries are needed", (unsigned long long)*Ap_len,
               (unsigned long long)np);
    GG_RETURN_IF_IN(func, *Ai_len < nnz, NULL, GrB_INSUFFICIENT_SPACE,
               "argument 'Ai_len' is %llu, %llu entries are needed", (unsigned long long)*Ai_len,
               (unsigned long long)nnz);
    GG_RETURN_IF_IN(func, *Ax_len < nnz, NULL, GrB_INSUFFICIENT_SPACE,
               "argument 'Ax_len' is %llu, %llu entries are needed", (unsigned long long)*Ax_len,
               (unsigned long long)nnz);
    size_t size = c->type->size;
    if (format == GrB_COO_FORMAT) {
        const GG_coo *t;
        GG_RETURN_IF_IN(func, GG_view_coo(c, &t) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
        if (nnz > 0) {
            memcpy(Ap, t->row, nnz * sizeof(GrB_Index));
            memcpy(Ai, t->col, nnz * sizeof(GrB_Index));
            memcpy(Ax, t->x, nnz * size);
        }
    } else {
        const GG_cview *v;
        info = format == GrB_CSR_FORMAT ? GG_view_csr(c, &v) : GG_view_csc(c, &v);
        GG_RETURN_IF_IN(func, info != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
        if (v->vec == NULL) {
            memcpy(Ap, v->ptr, np * sizeof(GrB_Index));
        } else {
            /* Ap[m] counts the entries of the vectors before m. */
            GrB_Index s = 0;
            for (GrB_Index m = 0; m < np; m++) {
                while (s < v->nvec && v->vec[s] < m) s++;
                Ap[m] = v->ptr[s];
            }
        }
        if (nnz > 0) {
            memcpy(Ai, v->idx, nnz * sizeof(GrB_Index));
            memcpy(Ax, v->x, nnz * size);
        }
    }
    *Ap_len = np;
    *Ai_len = nnz;
    *Ax_len = nnz;
    return GrB_SUCCESS;
}

GrB_Info GrB_Matrix_exportSize(GrB_Index *Ap_len, GrB_Index *Ai_len, GrB_Index *Ax_len,
                               GrB_Format format, GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(Ap_len, NULL, "Ap_len");
    GG_CHECK_PTR(Ai_len, NULL, "Ai_len");
    GG_CHECK_PTR(Ax_len, NULL, "Ax_len");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    GG_RETURN_IF(!format_valid(format), NULL, GrB_INVALID_VALUE,
                 "argument 'format' is %d, not a GrB_Format", (int)format);
    GrB_Index np = 0, nnz = 0;
    GrB_Info info = export_sizes(GG_MAT(A), format, &np, &nnz, __func__);
    if (info != GrB_SUCCESS) return info;
    *Ap_len = np;
    *Ai_len = nnz;
    *Ax_len = nnz;
    return GrB_SUCCESS;
}

GrB_Info GrB_Matrix_exportHint(GrB_Format *format, GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(format, NULL, "format");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    GG_container *c = GG_MAT(A);
    bool by_col = c->ncols == 1 || c->orientation_hint == GrB_COLMAJOR;
    const GG_cview *v;
    GrB_Info info = by_col ? GG_view_csc(c, &v) : GG_view_csr(c, &v);
    GG_RETURN_IF(info != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    *format = v->vec != NULL ? GrB_COO_FORMAT : by_col ? GrB_CSC_FORMAT : GrB_CSR_FORMAT;
    return GrB_SUCCESS;
}

#define GG_DEFINE(T, E, V, CV)                                                                     \
    GrB_Info GrB_Matrix_import_##T(GrB_Matrix *A, GrB_Type type, GrB_Index nrows, GrB_Index ncols, \
                                   const GrB_Index *Ap, const GrB_Index *Ai, const E *Ax,          \
                                   GrB_Index Ap_len, GrB_Index Ai_len, GrB_Index Ax_len,           \
                                   GrB_Format format)                                              \
    {                                                                                              \
        return import(A, type, nrows, ncols, Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, format,           \
                      GrB_##T##_CODE, __func__);                                                   \
    }                                                                                              \
    GrB_Info GrB_Matrix_export_##T(GrB_Index *Ap, GrB_Index *Ai, E *Ax, GrB_Index *Ap_len,         \
                                   GrB_Index *Ai_len, GrB_Index *Ax_len, GrB_Format format,        \
                                   GrB_Matrix A)                                                   \
    {                                                                                              \
        return export(Ap, Ai, Ax, Ap_len, Ai_len, Ax_len, format, A, GrB_##T##_CODE, __func__);   \
    }
GxG_ALL_TYPES(GG_DEFINE)
#undef GG_DEFINE
