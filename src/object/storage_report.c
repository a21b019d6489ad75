/* storage_report.c: GxG_Matrix_storage_report, the public face of the HiSparse storage report
 * (bytes per entry against CSR and COO, nodes per kind and level). It reads the matrix's canonical
 * tree, so what it prints is what the library actually stores; `grbgpu stats` is built on it. */
#include "GG_internal.h"

#include "../hisparse/GG_hisparse.h"

GrB_Info GxG_Matrix_storage_report(GrB_Matrix A, const char *name, FILE *f)
{
    GG_CHECK_INIT();
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    GG_error_clear(A);
    if (f == NULL) f = stdout; /* as GxB_fprint */
    if (name == NULL) name = A->c.h.name[0] != '\0' ? A->c.h.name : "A";

    const GG_hs_matrix *hs;
    GG_hs_report report;
    GrB_Info info = GG_view_hs(GG_MAT(A), &hs);
    if (info == GrB_SUCCESS) info = GG_hs_stats(hs, &report);
    if (info != GrB_SUCCESS) return GG_error(A, info, __func__, "%s while reading the tree", GG_info_name(info));

    /* An error flag already set on f is the caller's; only a new one means this report was lost. */
    bool failed_before = ferror(f) != 0;
    GG_hs_stats_print(f, name, &report);
    GG_RETURN_IF(!failed_before && ferror(f) != 0, A, GrB_INVALID_VALUE, "writing to the file failed");
    return GrB_SUCCESS;
}
