/* scalar.c: GrB_Scalar, a container of zero or one value. The value lives in the same allocation
 * as the object, so a scalar costs one allocation and its methods cannot run out of memory. */
#include "GG_container.h"

/* Offset of the value in the scalar's block, aligned for any value type. */
#define VALUE_OFFSET ((sizeof(struct GG_Scalar_opaque) + 15) & ~(size_t)15)

static GrB_Info scalar_create(GrB_Scalar *s, GrB_Type type, const char *func)
{
    GrB_Scalar t = NULL;
    if (type->size <= SIZE_MAX - VALUE_OFFSET)
        t = GG_object_new(VALUE_OFFSET + type->size, GG_KIND_SCALAR);
    GG_RETURN_IF_IN(func, t == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    t->type = type;
    t->present = false;
    t->value = (char *)t + VALUE_OFFSET;
    *s = t;
    return GrB_SUCCESS;
}

GrB_Info GrB_Scalar_new(GrB_Scalar *s, GrB_Type type)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(s, NULL, "s");
    GG_CHECK_OBJ(type, GG_KIND_TYPE, NULL, "type");
    return scalar_create(s, type, __func__);
}

GrB_Info GrB_Scalar_dup(GrB_Scalar *s, const GrB_Scalar t)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(s, NULL, "s");
    GG_CHECK_OBJ(t, GG_KIND_SCALAR, NULL, "t");
    GrB_Scalar d;
    GrB_Info info = scalar_create(&d, t->type, __func__);
    if (info != GrB_SUCCESS) return info;
    d->present = t->present;
    memcpy(d->value, t->value, t->type->size);
    *s = d;
    return GrB_SUCCESS;
}

GrB_Info GrB_Scalar_clear(GrB_Scalar s)
{
    GG_CHECK_INIT();
    GG_CHECK_OBJ(s, GG_KIND_SCALAR, s, "s");
    GG_error_clear(s);
    s->present = false;
    return GrB_SUCCESS;
}

GrB_Info GrB_Scalar_nvals(GrB_Index *nvals, const GrB_Scalar s)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(nvals, NULL, "nvals");
    GG_CHECK_OBJ(s, GG_KIND_SCALAR, NULL, "s");
    *nvals = s->present ? 1 : 0;
    return GrB_SUCCESS;
}

/* A scalar is one allocation (its value lives inside it) and never has pending work. */
GG_DEFINE_FREE_WAIT(Scalar, GG_KIND_SCALAR)

static GrB_Info scalar_set(GrB_Scalar s, const void *x, GrB_Type_Code xcode, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, s, NULL, "s");
    GG_CHECK_PTR_IN(func, x, s, "x");
    GG_CHECK_OBJ_IN(func, s, GG_KIND_SCALAR, s, "s");
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, s->type), s, GrB_DOMAIN_MISMATCH,
               "the type of 'x' cannot be cast to the type of 's'");
    GG_error_clear(s);
    GG_caster cast = GG_caster_make(s->type, GG_family_type(xcode, s->type));
    GG_caster_apply(&cast, s->value, x);
    s->present = true;
    return GrB_SUCCESS;
}

static GrB_Info scalar_get(void *x, GrB_Type_Code xcode, GrB_Scalar s, const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_PTR_IN(func, x, NULL, "x");
    GG_CHECK_OBJ_IN(func, s, GG_KIND_SCALAR, NULL, "s");
    GG_RETURN_IF_IN(func, !GG_family_compatible(xcode, s->type), s, GrB_DOMAIN_MISMATCH,
               "the type of 's' cannot be cast to the type of 'x'");
    if (!s->present) return GrB_NO_VALUE;
    GG_caster cast = GG_caster_make(GG_family_type(xcode, s->type), s->type);
    GG_caster_apply(&cast, x, s->value);
    return GrB_SUCCESS;
}

#define GG_DEFINE(T, E, V, CV)                                                                     \
    GrB_Info GrB_Scalar_setElement_##T(GrB_Scalar s, V x)                                          \
    {                                                                                              \
        return scalar_set(s, GG_VALUE_PTR(x), GrB_##T##_CODE, __func__);                           \
    }                                                                                              \
    GrB_Info GrB_Scalar_extractElement_##T(E *x, const GrB_Scalar s)                               \
    {                                                                                              \
        return scalar_get(x, GrB_##T##_CODE, s, __func__);                                         \
    }
GxG_ALL_TYPES(GG_DEFINE)
#undef GG_DEFINE

/* ---- the output rule of a reduction to a scalar, shared by the backends ------------------------ */

/* z = (ztype) x; a user-defined type is only ever cast to itself. */
static void cast_value(void *z, GrB_Type ztype, const void *x, GrB_Type xtype)
{
    GG_cast_fn f = GG_cast_get(ztype->code, xtype->code);
    if (f != NULL)
        f(z, x);
    else
        memcpy(z, x, ztype->size);
}

GrB_Info GG_reduce_scalar_output(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                                 const void *t, bool has_t, GrB_Type ttype, GrB_Monoid monoid)
{
    void *out = c != NULL ? c : s->value;
    GrB_Type otype = c != NULL ? ctype : s->type;
    if (!has_t && c != NULL) {
        /* the C-scalar forms: an empty reduction is the monoid's identity */
        t = monoid->identity;
        ttype = monoid->op->ztype;
        has_t = true;
    }
    if (!has_t) {
        /* accum(s, empty) = s; without accum s becomes empty */
        if (accum == NULL) s->present = false;
        return GrB_SUCCESS;
    }
    if (c == NULL && !s->present) accum = NULL; /* accum(empty, t) = t */
    if (accum == NULL) {
        cast_value(out, otype, t, ttype);
    } else {
        size_t bytes = accum->xtype->size + accum->ytype->size + accum->ztype->size;
        char *buf = GG_malloc(bytes);
        if (buf == NULL) return GrB_OUT_OF_MEMORY;
        char *x = buf, *y = x + accum->xtype->size, *z = y + accum->ytype->size;
        cast_value(x, accum->xtype, out, otype);
        cast_value(y, accum->ytype, t, ttype);
        accum->f(z, x, y);
        cast_value(out, otype, z, accum->ztype);
        GG_free(buf);
    }
    if (c == NULL) s->present = true;
    return GrB_SUCCESS;
}
