/* GG_vform.h: the ONE definition of a vector's content (DESIGN.md §4), the same bytes on the host
 * and on the device. Plain C with fixed-width types only, so C and CUDA translation units both
 * include it; src/store owns the host copy, cuda/store the device copy.
 *
 * Three forms, each with an iso flag (one stored value stands for every entry):
 * - SPARSE: nvals sorted, unique indices i[0..nvals) and their values x[0..nvals).
 * - BITMAP: one flag byte per position, b[0..n) (0 or 1), values x[0..n), and the count nvals of
 *   set flags. x[k] where b[k] == 0 means nothing and may hold any bits (GG_vdata_alloc zeroes
 *   it, kernels need not): code that reads values as typed must test the flag first, since a
 *   stray byte read as a bool is undefined behaviour (UBSan checks this in CI).
 * - FULL:   every position present: values x[0..n); nvals == n.
 * An iso vector stores exactly one value in x, whatever the form. There is no column array.
 *
 * The form a write produces is the writer's choice (what its kernel makes naturally); the store
 * then conforms it by density (GG_vform_choose): sparse below n / GG_VFORM_SPARSE_DIV entries,
 * bitmap above, full when every position is present. Huge dimensions (n beyond what a bitmap may
 * allocate, GG_VFORM_BITMAP_MAX) are always sparse, unless full and iso, which costs one value. */
#ifndef GG_VFORM_H
#define GG_VFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define GG_HD __host__ __device__
#else
#define GG_HD
#endif

typedef enum { GG_VF_SPARSE = 0, GG_VF_BITMAP = 1, GG_VF_FULL = 2 } GG_vform_kind;

/* The switch point between sparse and bitmap: sparse while nvals < n / GG_VFORM_SPARSE_DIV.
 * SuiteSparse's default bitmap switch is near 1/25 to 1/32 of n for vectors; the value here is
 * the one measured in Doc/vector-forms.md (re-measure before changing it). */
#define GG_VFORM_SPARSE_DIV 32
/* Largest dimension for which a bitmap or a non-iso full vector is allocated (2^40 positions). */
#define GG_VFORM_BITMAP_MAX ((uint64_t)1 << 40)

typedef struct {
    uint64_t n;     /* dimension */
    uint64_t nvals; /* entries (see the device note in GG_store.h: may be unknown on the host) */
    uint64_t *i;    /* SPARSE: nvals sorted indices; NULL otherwise */
    uint8_t *b;     /* BITMAP: n flags; NULL otherwise */
    void *x;        /* values: nvals (SPARSE), n (BITMAP, FULL), or 1 (iso); may be NULL when no
                     * value is stored (nvals == 0) */
    uint32_t size;  /* bytes per value */
    uint8_t form;   /* GG_vform_kind */
    bool iso;
} GG_vdata;

/* Values stored for v: 1 when iso, nvals when sparse, n otherwise. */
static inline GG_HD uint64_t GG_vdata_nx(const GG_vdata *v)
{
    if (v->iso) return v->nvals > 0 || v->form == GG_VF_FULL ? 1 : 0;
    return v->form == GG_VF_SPARSE ? v->nvals : v->n;
}

/* The value of the entry at stored position p (p an index into x for SPARSE, the vector index
 * otherwise). */
static inline GG_HD const void *GG_vdata_val(const GG_vdata *v, uint64_t p)
{
    return (const char *)v->x + (v->iso ? 0 : p * v->size);
}

/* The form a vector of dimension n with nvals entries should have (GG_VF_FULL only when complete;
 * a non-iso full or bitmap vector only when n <= GG_VFORM_BITMAP_MAX). */
static inline GG_HD GG_vform_kind GG_vform_choose(uint64_t n, uint64_t nvals, bool iso)
{
    if (nvals == n && n > 0 && (iso || n <= GG_VFORM_BITMAP_MAX)) return GG_VF_FULL;
    if (n > GG_VFORM_BITMAP_MAX || nvals < n / GG_VFORM_SPARSE_DIV) return GG_VF_SPARSE;
    return GG_VF_BITMAP;
}

#endif /* GG_VFORM_H */
