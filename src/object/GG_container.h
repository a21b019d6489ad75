/* GG_container.h: helpers private to the container files of src/object (scalar, vector, matrix,
 * import/export, serialize) and src/store: argument checks that name the public function, the
 * plumbing of the typed families, element casting, and the generic bodies that the vector and
 * matrix methods share (a vector is an n x 1 container, so each method body exists once). */
#ifndef GG_CONTAINER_H
#define GG_CONTAINER_H

#include "GG_internal.h"

/* Indices run from 0 to GrB_INDEX_MAX, so GrB_INDEX_MAX + 1 is the largest valid dimension
 * (SuiteSparse accepts it too). */
#define GG_DIM_MAX (GrB_INDEX_MAX + 1)

/* The address of a typed-family value argument: &x for a C scalar, x itself for the _UDT forms,
 * whose argument already is a pointer to the value. */
static inline const void *GG_udt_value(void *const *x)
{
    return *x;
}
static inline const void *GG_c_value(const void *x)
{
    return x;
}
#define GG_VALUE_PTR(x) _Generic(&(x), void ** : GG_udt_value, default : GG_c_value)(&(x))

/* ---- element casting ---------------------------------------------------------------------------- */

/* One prepared cast z = (ztype) x; a user-defined type is copied byte for byte. */
typedef struct {
    GG_cast_fn f;
    size_t size;
} GG_caster;

static inline GG_caster GG_caster_make(GrB_Type ztype, GrB_Type xtype)
{
    GG_caster c = {GG_cast_get(ztype->code, xtype->code), ztype->size};
    return c;
}

static inline void GG_caster_apply(const GG_caster *c, void *z, const void *x)
{
    if (c->f != NULL)
        c->f(z, x);
    else
        memcpy(z, x, c->size);
}

/* ---- typed families ----------------------------------------------------------------------------- */

/* The C type of a typed-family suffix: its built-in type, or the object's own type for _UDT. */
static inline GrB_Type GG_family_type(GrB_Type_Code code, GrB_Type object_type)
{
    return code == GrB_UDT_CODE ? object_type : GG_type_of_code(code);
}

/* A _UDT form needs a user-defined object type; a built-in suffix casts to any built-in type. */
static inline bool GG_family_compatible(GrB_Type_Code code, GrB_Type object_type)
{
    return (code == GrB_UDT_CODE) == (object_type->code == GrB_UDT_CODE);
}

/* ---- store internals (src/store/store.c) shared with the container files ------------------------ */

/* Allocates the three arrays of an n-tuple store (an empty store holds none); false when out of
 * memory, with *t empty. */
bool GG_coo_alloc(GG_coo *t, GrB_Index n, size_t size);

/* GG_coo_build with a choice for duplicates: with last_wins (and dup NULL) the last tuple in input
 * order wins, as SuiteSparse's COO import does. */
GrB_Info GG_coo_assemble(GG_coo *out, const GrB_Index *row, const GrB_Index *col, const void *x,
                         GrB_Type xtype, GrB_Index n, GrB_Index nrows, GrB_Index ncols,
                         GrB_Type ztype, GrB_BinaryOp dup, bool last_wins);

/* Builds c from n tuples (row, col, x of xtype; col unused for a vector), duplicates combined as
 * GG_coo_build does, with its error codes; on any error c is unchanged. c must be empty. A
 * matrix's tree is built straight from the tuples, its COO view left to be derived on demand; a
 * vector's content takes the form its tuples make cheapest (src/store/vector.c). */
GrB_Info GG_container_build(GG_container *c, const GrB_Index *row, const GrB_Index *col,
                            const void *x, GrB_Type xtype, GrB_Index n, GrB_BinaryOp dup);

/* ---- generic vector/matrix method bodies (container.c) -----------------------------------------
 * `obj` is a GrB_Vector or GrB_Matrix of `kind`, `name` the name of its parameter in the public
 * prototype (messages name it); for vectors j is 0 and J is NULL. */

GrB_Info GG_api_new(void **handle, GG_kind kind, const char *name, GrB_Type type, GrB_Index nrows,
                    GrB_Index ncols, const char *func);
GrB_Info GG_api_dup(void **handle, const char *name, void *src, const char *src_name,
                    GG_kind kind, const char *func);
GrB_Info GG_api_free(void **handle, GG_kind kind, const char *func);
GrB_Info GG_api_wait(void *obj, GG_kind kind, GrB_WaitMode mode, const char *func);
GrB_Info GG_api_clear(void *obj, GG_kind kind, const char *name, const char *func);
GrB_Info GG_api_resize(void *obj, GG_kind kind, const char *name, GrB_Index nrows,
                       GrB_Index ncols, const char *func);
/* *result = the number of rows (what 'r'), columns ('c') or entries ('n'). */
GrB_Info GG_api_query(GrB_Index *result, const char *result_name, void *obj, GG_kind kind,
                      const char *name, char what, const char *func);
GrB_Info GG_api_build(void *obj, GG_kind kind, const char *name, const GrB_Index *I,
                      const GrB_Index *J, const void *X, GrB_Type_Code xcode, GrB_Index nvals,
                      GrB_BinaryOp dup, const char *func);
GrB_Info GG_api_set(void *obj, GG_kind kind, const char *name, const void *x, GrB_Type_Code xcode,
                    GrB_Index i, GrB_Index j, const char *func);
GrB_Info GG_api_set_scalar(void *obj, GG_kind kind, const char *name, GrB_Scalar s, GrB_Index i,
                           GrB_Index j, const char *func);
GrB_Info GG_api_get(void *x, GrB_Type_Code xcode, void *obj, GG_kind kind, const char *name,
                    GrB_Index i, GrB_Index j, const char *func);
GrB_Info GG_api_get_scalar(GrB_Scalar s, void *obj, GG_kind kind, const char *name, GrB_Index i,
                           GrB_Index j, const char *func);
GrB_Info GG_api_remove(void *obj, GG_kind kind, const char *name, GrB_Index i, GrB_Index j,
                       const char *func);
GrB_Info GG_api_tuples(GrB_Index *I, GrB_Index *J, void *X, GrB_Type_Code xcode,
                       GrB_Index *nvals, void *obj, GG_kind kind, const char *name,
                       const char *func);

#endif /* GG_CONTAINER_H */
