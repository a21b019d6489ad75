/* descriptor.c: GrB_Descriptor: the 31 predefined descriptors, user descriptors and their fields.
 * Field writes follow SuiteSparse 7.4: GrB_COMP and GrB_STRUCTURE on the mask field accumulate
 * (COMP then STRUCTURE gives GrB_COMP_STRUCTURE), GrB_DEFAULT resets the field, and a predefined
 * descriptor refuses every write with GrB_INVALID_VALUE. GG_desc_field_set is shared with the
 * GrB_Descriptor_set_* family in getset.c and with GxB_Desc_set in gxb_options.c, so every path
 * applies the same rules. */
#include "GG_internal.h"

#define GG_DEFINE_DESC(NAME, OUTP, MASK, INP0, INP1)                                               \
    static struct GG_Descriptor_opaque NAME##_object = {                                           \
        .h = GG_BUILTIN_HEADER(GG_KIND_DESCRIPTOR, #NAME),                                         \
        .outp = OUTP,                                                                              \
        .mask = MASK,                                                                              \
        .inp0 = INP0,                                                                              \
        .inp1 = INP1,                                                                              \
        .backend = GxG_BACKEND_AUTO,                                                               \
    };                                                                                             \
    GrB_Descriptor NAME = &NAME##_object;
GxG_DESCRIPTORS(GG_DEFINE_DESC)
#undef GG_DEFINE_DESC

bool GG_backend_valid(int32_t backend)
{
    return backend == GxG_BACKEND_AUTO || backend == GxG_BACKEND_CPU ||
           backend == GxG_BACKEND_CUDA;
}

GrB_Info GG_desc_field_set(GrB_Descriptor desc, int field, int32_t value, const char *func)
{
    if (desc->h.builtin)
        return GG_error(desc, GrB_INVALID_VALUE, func,
                        "argument 'desc' is the predefined descriptor %s, which cannot be modified",
                        desc->h.name);
    switch (field) {
    case GrB_OUTP:
        if (value != GrB_DEFAULT && value != GrB_REPLACE)
            return GG_error(desc, GrB_INVALID_VALUE, func,
                            "value %d for GrB_OUTP: must be GrB_DEFAULT or GrB_REPLACE", value);
        desc->outp = (GrB_Desc_Value)value;
        return GrB_SUCCESS;
    case GrB_MASK:
        switch (value) {
        case GrB_DEFAULT:
        case GrB_COMP_STRUCTURE: desc->mask = (GrB_Desc_Value)value; return GrB_SUCCESS;
        case GrB_COMP:
        case GrB_STRUCTURE: desc->mask = (GrB_Desc_Value)(desc->mask | value); return GrB_SUCCESS;
        default:
            return GG_error(desc, GrB_INVALID_VALUE, func,
                            "value %d for GrB_MASK: must be GrB_DEFAULT, GrB_COMP, GrB_STRUCTURE "
                            "or GrB_COMP_STRUCTURE",
                            value);
        }
    case GrB_INP0:
    case GrB_INP1:
        if (value != GrB_DEFAULT && value != GrB_TRAN)
            return GG_error(desc, GrB_INVALID_VALUE, func,
                            "value %d for GrB_INP%d: must be GrB_DEFAULT or GrB_TRAN", value,
                            field - GrB_INP0);
        if (field == GrB_INP0)
            desc->inp0 = (GrB_Desc_Value)value;
        else
            desc->inp1 = (GrB_Desc_Value)value;
        return GrB_SUCCESS;
    /* The two GxB fields SuiteSparse 7.4's GrB_Descriptor_set takes as well as GxB_Desc_set; the
     * others are GxB_Desc_set's own (gxb_options.c). Recorded only. */
    case GxB_AxB_METHOD:
        if (value != GxB_DEFAULT && value != GxB_AxB_GUSTAVSON && value != GxB_AxB_DOT &&
            value != GxB_AxB_HASH && value != GxB_AxB_SAXPY)
            return GG_error(desc, GrB_INVALID_VALUE, func,
                            "value %d for GxB_AxB_METHOD: must be GxB_DEFAULT or a GxB_AxB_* method",
                            value);
        desc->axb_method = value;
        return GrB_SUCCESS;
    case GxB_IMPORT: /* any value but the default asks for a secure import, as in SuiteSparse */
        desc->import = value == GxB_DEFAULT ? GxB_DEFAULT : GxB_SECURE_IMPORT;
        return GrB_SUCCESS;
    case GxG_BACKEND:
        if (!GG_backend_valid(value))
            return GG_error(desc, GrB_INVALID_VALUE, func,
                            "value %d for GxG_BACKEND: must be a GxG_Backend", value);
        desc->backend = value;
        return GrB_SUCCESS;
    default:
        return GG_error(desc, GrB_INVALID_VALUE, func,
                        "argument 'field' (%d) is not a descriptor field", field);
    }
}

GrB_Info GG_desc_decode(GrB_Descriptor desc, GG_desc *out)
{
    *out = (GG_desc){.backend = GxG_BACKEND_AUTO};
    if (desc == NULL) return GrB_SUCCESS;
    GrB_Info info = GG_check_object(desc, GG_KIND_DESCRIPTOR);
    if (info != GrB_SUCCESS) return info;
    out->replace = desc->outp == GrB_REPLACE;
    out->mask_comp = (desc->mask & GrB_COMP) != 0;
    out->mask_struct = (desc->mask & GrB_STRUCTURE) != 0;
    out->tran0 = desc->inp0 == GrB_TRAN;
    out->tran1 = desc->inp1 == GrB_TRAN;
    out->backend = desc->backend;
    out->axb_method = desc->axb_method;
    return GrB_SUCCESS;
}

GrB_Info GrB_Descriptor_new(GrB_Descriptor *desc)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(desc, NULL, "desc");
    GrB_Descriptor d = GG_object_new(sizeof *d, GG_KIND_DESCRIPTOR);
    GG_RETURN_IF(d == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    d->outp = d->mask = d->inp0 = d->inp1 = GrB_DEFAULT;
    d->backend = GxG_BACKEND_AUTO;
    *desc = d;
    return GrB_SUCCESS;
}

GrB_Info GrB_Descriptor_set(GrB_Descriptor desc, GrB_Desc_Field field, GrB_Desc_Value val)
{
    GG_CHECK_INIT();
    GG_CHECK_OBJ(desc, GG_KIND_DESCRIPTOR, NULL, "desc");
    GG_error_clear(desc);
    return GG_desc_field_set(desc, (int)field, (int32_t)val, __func__);
}

/* Freeing and waiting work as for the algebraic objects: a descriptor owns nothing but itself. */
GG_DEFINE_FREE_WAIT(Descriptor, GG_KIND_DESCRIPTOR)
