/* vdata.c: GG_vdata on the host (GG_store.h): allocation and release of a vector's content in its
 * three forms. */
#include "GG_store.h"

void GG_vdata_init(GG_vdata *v, uint64_t n, size_t size)
{
    memset(v, 0, sizeof *v);
    v->n = n;
    v->size = (uint32_t)size;
    v->form = GG_VF_SPARSE;
}

void GG_vdata_free(GG_vdata *v)
{
    GG_free(v->i);
    GG_free(v->b);
    GG_free(v->x);
    GG_vdata_init(v, v->n, v->size);
}

/* count elements of `size` bytes from GG_malloc (one byte for an empty array, so a non-NULL array
 * always means "allocated"); NULL on overflow or out of memory. */
static void *alloc_array(uint64_t count, size_t size)
{
    size_t bytes;
    if (count > SIZE_MAX || !GG_mul_size((size_t)count, size, &bytes)) return NULL;
    return GG_malloc(bytes == 0 ? 1 : bytes);
}

GrB_Info GG_vdata_alloc(GG_vdata *v, uint64_t n, size_t size, GG_vform_kind form, uint64_t nvals,
                        bool iso)
{
    GG_vdata_init(v, n, size);
    v->form = (uint8_t)form;
    v->iso = iso;
    v->nvals = nvals;
    bool ok = true;
    if (form == GG_VF_SPARSE) ok = (v->i = alloc_array(nvals, sizeof(uint64_t))) != NULL;
    if (ok && form == GG_VF_BITMAP) {
        size_t bytes;
        ok = n <= SIZE_MAX && GG_mul_size((size_t)n, 1, &bytes) &&
             (v->b = GG_calloc(bytes == 0 ? 1 : bytes, 1)) != NULL;
    }
    if (ok) ok = (v->x = alloc_array(GG_vdata_nx(v) == 0 && iso ? 1 : GG_vdata_nx(v), size)) != NULL;
    if (ok) return GrB_SUCCESS;
    GG_vdata_free(v);
    return GrB_OUT_OF_MEMORY;
}
