/* getset.c: GrB_get / GrB_set (spec 2.1) for the eleven object kinds.
 *
 * The 99 typed entry points are generated from GxG_GETSET_KINDS and funnel into two functions,
 * field_get and field_set. What each field is (its value type, which kinds read it, which kinds
 * may write it) lives in one table, GG_FIELDS, which Doc/getset.md documents. A field is read in
 * its native type (INT32, a string or a size) and then delivered in the form the caller asked for:
 * get_SIZE of a string field gives the buffer size get_String needs (two-step protocol), and the
 * GrB_Scalar forms typecast. Every misuse (unknown field, read-only field, wrong value form) is
 * GrB_INVALID_VALUE, as the spec and SuiteSparse have it. */
#include "GG_backend.h"
#include "GG_hisparse.h"

#define GG_BIT(KIND) (1u << (KIND))
#define GG_ALL                                                                                     \
    (GG_BIT(GG_KIND_TYPE) | GG_BIT(GG_KIND_UNARYOP) | GG_BIT(GG_KIND_BINARYOP) |                   \
     GG_BIT(GG_KIND_INDEXUNARYOP) | GG_BIT(GG_KIND_MONOID) | GG_BIT(GG_KIND_SEMIRING) |           \
     GG_BIT(GG_KIND_SCALAR) | GG_BIT(GG_KIND_VECTOR) | GG_BIT(GG_KIND_MATRIX) |                   \
     GG_BIT(GG_KIND_DESCRIPTOR) | GG_BIT(GG_KIND_GLOBAL))
#define GG_OPERATORS                                                                               \
    (GG_BIT(GG_KIND_UNARYOP) | GG_BIT(GG_KIND_BINARYOP) | GG_BIT(GG_KIND_INDEXUNARYOP) |           \
     GG_BIT(GG_KIND_MONOID) | GG_BIT(GG_KIND_SEMIRING))
#define GG_TYPED                                                                                   \
    (GG_BIT(GG_KIND_SCALAR) | GG_BIT(GG_KIND_VECTOR) | GG_BIT(GG_KIND_MATRIX) |                    \
     GG_BIT(GG_KIND_TYPE) | GG_BIT(GG_KIND_MONOID))
#define GG_DESC GG_BIT(GG_KIND_DESCRIPTOR)
#define GG_GLOBAL GG_BIT(GG_KIND_GLOBAL)
#define GG_MATRIX GG_BIT(GG_KIND_MATRIX)
#define GG_TYPE GG_BIT(GG_KIND_TYPE)
#define GG_NONE 0u

typedef enum { GG_VAL_INT32, GG_VAL_STRING, GG_VAL_SIZE } GG_valtype;

/* X(field, native value type, kinds that read it, kinds that may write it). Predefined objects
 * refuse writes of GrB_NAME and of descriptor fields even though their kind is listed. */
#define GG_FIELDS(X)                                                                               \
    X(GrB_OUTP_FIELD, INT32, GG_DESC, GG_DESC)                                                     \
    X(GrB_MASK_FIELD, INT32, GG_DESC, GG_DESC)                                                     \
    X(GrB_INP0_FIELD, INT32, GG_DESC, GG_DESC)                                                     \
    X(GrB_INP1_FIELD, INT32, GG_DESC, GG_DESC)                                                     \
    X(GrB_NAME, STRING, GG_ALL, GG_ALL)                                                            \
    X(GrB_LIBRARY_VER_MAJOR, INT32, GG_GLOBAL, GG_NONE)                                            \
    X(GrB_LIBRARY_VER_MINOR, INT32, GG_GLOBAL, GG_NONE)                                            \
    X(GrB_LIBRARY_VER_PATCH, INT32, GG_GLOBAL, GG_NONE)                                            \
    X(GrB_API_VER_MAJOR, INT32, GG_GLOBAL, GG_NONE)                                                \
    X(GrB_API_VER_MINOR, INT32, GG_GLOBAL, GG_NONE)                                                \
    X(GrB_API_VER_PATCH, INT32, GG_GLOBAL, GG_NONE)                                                \
    X(GrB_BLOCKING_MODE, INT32, GG_GLOBAL, GG_NONE)                                                \
    X(GrB_STORAGE_ORIENTATION_HINT, INT32, GG_MATRIX, GG_MATRIX)                                   \
    X(GrB_EL_TYPE_CODE, INT32, GG_TYPED, GG_NONE)                                                  \
    X(GrB_INP0_TYPE_CODE, INT32, GG_OPERATORS, GG_NONE)                                            \
    X(GrB_INP1_TYPE_CODE, INT32, GG_OPERATORS, GG_NONE)                                            \
    X(GrB_OUTP_TYPE_CODE, INT32, GG_OPERATORS, GG_NONE)                                            \
    X(GrB_EL_TYPE_STRING, STRING, GG_TYPED, GG_NONE)                                               \
    X(GrB_INP0_TYPE_STRING, STRING, GG_OPERATORS, GG_NONE)                                         \
    X(GrB_INP1_TYPE_STRING, STRING, GG_OPERATORS, GG_NONE)                                         \
    X(GrB_OUTP_TYPE_STRING, STRING, GG_OPERATORS, GG_NONE)                                         \
    X(GrB_SIZE, SIZE, GG_TYPE, GG_NONE)                                                            \
    X(GxG_BACKEND, INT32, GG_DESC | GG_GLOBAL, GG_DESC | GG_GLOBAL)                                \
    X(GxG_BACKENDS_AVAILABLE, INT32, GG_GLOBAL, GG_NONE)                                           \
    X(GxG_DEVICE_NAME, STRING, GG_GLOBAL, GG_NONE)                                                 \
    X(GxG_DEVICE_MEMORY, SIZE, GG_GLOBAL, GG_NONE)                                                 \
    X(GxG_LIBRARY_NAME, STRING, GG_GLOBAL, GG_NONE)                                                \
    X(GxG_HS_NODE_DIM, INT32, GG_GLOBAL, GG_GLOBAL)                                                \
    X(GxG_TRACE, INT32, GG_GLOBAL, GG_GLOBAL)                                                      \
    X(GxG_DEVICE_ID, INT32, GG_GLOBAL, GG_GLOBAL)                                                  \
    X(GxG_DEVICE_POOL_LIMIT, SIZE, GG_GLOBAL, GG_GLOBAL)                                           \
    X(GxG_CUDA_DECLINES, SIZE, GG_GLOBAL, GG_NONE)                                                  \
    X(GxG_H2D_COPIES, SIZE, GG_GLOBAL, GG_NONE)                                                    \
    X(GxG_H2D_BYTES, SIZE, GG_GLOBAL, GG_NONE)                                                     \
    X(GxG_D2H_COPIES, SIZE, GG_GLOBAL, GG_NONE)                                                    \
    X(GxG_D2H_BYTES, SIZE, GG_GLOBAL, GG_NONE)

typedef struct {
    int field;
    const char *name;
    GG_valtype type;
    unsigned read, write;
} GG_field;

static const GG_field fields[] = {
#define GG_FIELD_ROW(F, T, R, W) {F, #F, GG_VAL_##T, R, W},
    GG_FIELDS(GG_FIELD_ROW)
#undef GG_FIELD_ROW
};

static const GG_field *field_find(int field)
{
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
        if (fields[k].field == field) return &fields[k];
    return NULL;
}

static const char *kind_name(GG_kind kind)
{
    switch (kind) {
    case GG_KIND_TYPE: return "GrB_Type";
    case GG_KIND_UNARYOP: return "GrB_UnaryOp";
    case GG_KIND_BINARYOP: return "GrB_BinaryOp";
    case GG_KIND_INDEXUNARYOP: return "GrB_IndexUnaryOp";
    case GG_KIND_MONOID: return "GrB_Monoid";
    case GG_KIND_SEMIRING: return "GrB_Semiring";
    case GG_KIND_SCALAR: return "GrB_Scalar";
    case GG_KIND_VECTOR: return "GrB_Vector";
    case GG_KIND_MATRIX: return "GrB_Matrix";
    case GG_KIND_DESCRIPTOR: return "GrB_Descriptor";
    case GG_KIND_GLOBAL: return "GrB_Global";
    }
    return "object";
}

static const char *valtype_name(GG_valtype t)
{
    switch (t) {
    case GG_VAL_INT32: return "an INT32";
    case GG_VAL_STRING: return "a String";
    case GG_VAL_SIZE: return "a SIZE";
    }
    return "a";
}

/* ---- reading a field in its native type ----------------------------------------------------- */

typedef struct {
    int32_t i;
    size_t z;
    const char *s;
    char buf[256]; /* backs s when the string is computed (the device name) */
} GG_value;

/* The element, input and output types an object has (NULL where it has none). */
typedef struct {
    GrB_Type el, in0, in1, out;
} GG_types;

static GG_types object_types(GG_kind kind, const void *obj)
{
    switch (kind) {
    case GG_KIND_TYPE: return (GG_types){.el = (GrB_Type)obj};
    case GG_KIND_SCALAR: return (GG_types){.el = ((GrB_Scalar)obj)->type};
    case GG_KIND_VECTOR: return (GG_types){.el = GG_VEC((GrB_Vector)obj)->type};
    case GG_KIND_MATRIX: return (GG_types){.el = GG_MAT((GrB_Matrix)obj)->type};
    case GG_KIND_UNARYOP: {
        GrB_UnaryOp op = (GrB_UnaryOp)obj;
        return (GG_types){.in0 = op->xtype, .out = op->ztype};
    }
    case GG_KIND_BINARYOP: {
        GrB_BinaryOp op = (GrB_BinaryOp)obj;
        return (GG_types){.in0 = op->xtype, .in1 = op->ytype, .out = op->ztype};
    }
    case GG_KIND_INDEXUNARYOP: {
        GrB_IndexUnaryOp op = (GrB_IndexUnaryOp)obj;
        return (GG_types){.in0 = op->xtype, .in1 = op->ytype, .out = op->ztype};
    }
    case GG_KIND_MONOID: {
        GrB_BinaryOp op = ((GrB_Monoid)obj)->op;
        return (GG_types){.el = op->ztype, .in0 = op->xtype, .in1 = op->ytype, .out = op->ztype};
    }
    case GG_KIND_SEMIRING: {
        GrB_Semiring s = (GrB_Semiring)obj;
        return (GG_types){.in0 = s->mul->xtype, .in1 = s->mul->ytype, .out = s->add->op->ztype};
    }
    case GG_KIND_DESCRIPTOR:
    case GG_KIND_GLOBAL: break;
    }
    return (GG_types){0};
}

static GrB_Type field_type(GG_kind kind, const void *obj, int field)
{
    GG_types t = object_types(kind, obj);
    switch (field) {
    case GrB_EL_TYPE_CODE:
    case GrB_EL_TYPE_STRING: return t.el;
    case GrB_INP0_TYPE_CODE:
    case GrB_INP0_TYPE_STRING: return t.in0;
    case GrB_INP1_TYPE_CODE:
    case GrB_INP1_TYPE_STRING: return t.in1;
    default: return t.out;
    }
}

static int32_t global_backend(void)
{
    pthread_mutex_lock(&GG_global.lock);
    int32_t b = GG_global.backend;
    pthread_mutex_unlock(&GG_global.lock);
    return b;
}

/* GrB_SUCCESS with *v filled, or GrB_NO_VALUE when the object lacks that part (the second input
 * of a unary operator, the value input of a positional index operator), as SuiteSparse does. */
static GrB_Info field_read(GG_kind kind, const void *obj, int field, GG_value *v)
{
    const GrB_Descriptor d = (GrB_Descriptor)obj;
    switch (field) {
    case GrB_OUTP_FIELD: v->i = d->outp; break;
    case GrB_MASK_FIELD: v->i = d->mask; break;
    case GrB_INP0_FIELD: v->i = d->inp0; break;
    case GrB_INP1_FIELD: v->i = d->inp1; break;
    case GrB_NAME: v->s = ((const GG_header *)obj)->name; break;
    case GrB_LIBRARY_VER_MAJOR: v->i = GxG_IMPLEMENTATION_MAJOR; break;
    case GrB_LIBRARY_VER_MINOR: v->i = GxG_IMPLEMENTATION_MINOR; break;
    case GrB_LIBRARY_VER_PATCH: v->i = GxG_IMPLEMENTATION_SUB; break;
    case GrB_API_VER_MAJOR: v->i = GRB_VERSION; break;
    case GrB_API_VER_MINOR: v->i = GRB_SUBVERSION; break;
    case GrB_API_VER_PATCH: v->i = 0; break;
    case GrB_BLOCKING_MODE: v->i = GG_global.mode; break;
    /* The canonical store is row-major whatever the hint said. */
    case GrB_STORAGE_ORIENTATION_HINT: v->i = GrB_ROWMAJOR; break;
    case GrB_EL_TYPE_CODE:
    case GrB_INP0_TYPE_CODE:
    case GrB_INP1_TYPE_CODE:
    case GrB_OUTP_TYPE_CODE:
    case GrB_EL_TYPE_STRING:
    case GrB_INP0_TYPE_STRING:
    case GrB_INP1_TYPE_STRING:
    case GrB_OUTP_TYPE_STRING: {
        GrB_Type t = field_type(kind, obj, field);
        if (t == NULL) return GrB_NO_VALUE;
        v->i = t->code;
        v->s = t->h.name;
        break;
    }
    case GrB_SIZE: v->z = ((GrB_Type)obj)->size; break;
    case GxG_BACKEND: v->i = kind == GG_KIND_DESCRIPTOR ? d->backend : global_backend(); break;
    case GxG_BACKENDS_AVAILABLE: v->i = GG_backends_available(); break;
    case GxG_DEVICE_NAME:
    case GxG_DEVICE_MEMORY:
        GG_device_info(v->buf, sizeof v->buf, &v->z);
        v->s = v->buf;
        break;
    case GxG_LIBRARY_NAME: v->s = GxG_IMPLEMENTATION_NAME; break;
    case GxG_HS_NODE_DIM: v->i = GG_hs_node_dim(); break;
    case GxG_TRACE: v->i = GG_trace_on() ? 1 : 0; break;
    case GxG_DEVICE_ID: v->i = GG_device_id(); break;
    case GxG_DEVICE_POOL_LIMIT: v->z = GG_device_pool_limit(); break;
    case GxG_H2D_COPIES:
    case GxG_H2D_BYTES:
    case GxG_D2H_COPIES:
    case GxG_D2H_BYTES: {
        uint64_t t[4];
        GG_device_transfers(t);
        v->z = (size_t)t[field - GxG_H2D_COPIES];
        break;
    }
    case GxG_CUDA_DECLINES: v->z = (size_t)GG_global.cuda_declines; break;
    }
    return GrB_SUCCESS;
}

/* ---- the value forms of get and set ---------------------------------------------------------- */

typedef enum { GG_FORM_SCALAR, GG_FORM_STRING, GG_FORM_INT32, GG_FORM_SIZE, GG_FORM_VOID } GG_form;

/* Checks shared by get and set, in the order every entry point uses: NULL handles, object validity,
 * then the field. On success *out is the field's table row. */
static GrB_Info check_args(GG_kind kind, const void *obj, GG_form form, const void *value,
                           int field, bool writing, const char *func, const GG_field **out)
{
    if (obj == NULL) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'object' is NULL");
    if (value == NULL) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'value' is NULL");
    GrB_Info info = GG_check_object(obj, kind);
    if (info != GrB_SUCCESS)
        return GG_error(NULL, info, func, "argument 'object' is %s", GG_object_problem(info));
    if (form == GG_FORM_SCALAR) {
        info = GG_check_object(value, GG_KIND_SCALAR);
        if (info != GrB_SUCCESS)
            return GG_error(NULL, info, func, "argument 'value' is %s", GG_object_problem(info));
    }
    void *o = (void *)obj;
    /* a write starts a new error record on the object; a read leaves the last one readable */
    if (writing) GG_error_clear(o);
    const GG_field *f = field_find(field);
    if (f == NULL || !(f->read & GG_BIT(kind)))
        return GG_error(o, GrB_INVALID_VALUE, func, "argument 'field' (%d) is not a field of a %s",
                        field, kind_name(kind));
    if (writing && !(f->write & GG_BIT(kind)))
        return GG_error(o, GrB_INVALID_VALUE, func, "field %s of a %s is read-only", f->name,
                        kind_name(kind));
    *out = f;
    return GrB_SUCCESS;
}

static GrB_Info wrong_form(void *obj, const GG_field *f, const char *form, const char *func)
{
    return GG_error(obj, GrB_INVALID_VALUE, func, "field %s holds %s value and cannot be %s",
                    f->name, valtype_name(f->type), form);
}

/* A GrB_Scalar carrying a field value must have a built-in type, which every built-in type casts
 * to and from. */
static GrB_Info check_scalar_type(void *obj, GrB_Scalar s, const char *func)
{
    if (s->type->code == GrB_UDT_CODE)
        return GG_error(obj, GrB_DOMAIN_MISMATCH, func,
                        "argument 'value' has a user-defined type; a built-in type is required");
    return GrB_SUCCESS;
}

static GrB_Info field_get(GG_kind kind, const void *obj, GG_form form, void *value, int field,
                          const char *func)
{
    const GG_field *f;
    GrB_Info info = check_args(kind, obj, form, value, field, false, func, &f);
    if (info != GrB_SUCCESS) return info;
    void *o = (void *)obj;
    switch (form) {
    case GG_FORM_INT32:
        if (f->type != GG_VAL_INT32) return wrong_form(o, f, "read as INT32", func);
        break;
    case GG_FORM_STRING:
        if (f->type != GG_VAL_STRING) return wrong_form(o, f, "read as a String", func);
        break;
    case GG_FORM_SIZE:
        if (f->type == GG_VAL_INT32) return wrong_form(o, f, "read as SIZE", func);
        break;
    case GG_FORM_SCALAR:
        if (f->type == GG_VAL_STRING) return wrong_form(o, f, "read into a GrB_Scalar", func);
        info = check_scalar_type(o, value, func);
        if (info != GrB_SUCCESS) return info;
        break;
    case GG_FORM_VOID: return wrong_form(o, f, "read into a void buffer", func);
    }
    GG_value v = {0};
    info = field_read(kind, obj, field, &v);
    if (info != GrB_SUCCESS) return info;
    switch (form) {
    case GG_FORM_INT32: *(int32_t *)value = v.i; break;
    case GG_FORM_STRING: strcpy(value, v.s); break;
    case GG_FORM_SIZE: *(size_t *)value = f->type == GG_VAL_STRING ? strlen(v.s) + 1 : v.z; break;
    case GG_FORM_SCALAR: {
        GrB_Scalar s = value;
        if (f->type == GG_VAL_INT32) {
            GG_cast_get(s->type->code, GrB_INT32_CODE)(s->value, &v.i);
        } else {
            uint64_t z = v.z;
            GG_cast_get(s->type->code, GrB_UINT64_CODE)(s->value, &z);
        }
        s->present = true;
        break;
    }
    case GG_FORM_VOID: break;
    }
    return GrB_SUCCESS;
}

/* ---- writing a field ------------------------------------------------------------------------- */

static GrB_Info name_set(GG_header *h, const char *name, const char *func)
{
    if (h->builtin)
        return GG_error(h, GrB_INVALID_VALUE, func,
                        "the name of the predefined object %s cannot be changed", h->name);
    size_t len = strnlen(name, GxB_MAX_NAME_LEN);
    if (len >= GxB_MAX_NAME_LEN)
        return GG_error(h, GrB_INVALID_VALUE, func,
                        "argument 'value': a name has at most %d characters", GxB_MAX_NAME_LEN - 1);
    if (h->name_set)
        return GG_error(h, GrB_ALREADY_SET, func, "the object's name is already set to \"%s\"",
                        h->name);
    memcpy(h->name, name, len + 1);
    h->name_set = true;
    return GrB_SUCCESS;
}

/* The global INT32 settings other than the backend. */
static GrB_Info global_int32_set(int field, int32_t value, const char *func)
{
    switch (field) {
    case GxG_HS_NODE_DIM:
        if (GG_hs_set_node_dim(value) != GrB_SUCCESS)
            return GG_error(NULL, GrB_INVALID_VALUE, func,
                            "value %d for GxG_HS_NODE_DIM is not a power of two in [%d, %d]",
                            (int)value, GG_HS_DIM_MIN, GG_HS_DIM_MAX);
        return GrB_SUCCESS;
    case GxG_TRACE:
        if (value != 0 && value != 1)
            return GG_error(NULL, GrB_INVALID_VALUE, func, "value %d for GxG_TRACE is not 0 or 1",
                            (int)value);
        GG_trace_set(value);
        return GrB_SUCCESS;
    default:
        if (GG_device_set_id(value) != GrB_SUCCESS)
            return GG_error(NULL, GrB_INVALID_VALUE, func,
                            "value %d for GxG_DEVICE_ID: %s", (int)value,
                            value < 0 ? "a device number is not negative"
                                      : "the device is already in use (set it before the first "
                                        "operation or device query)");
        return GrB_SUCCESS;
    }
}

/* The writable INT32 fields: descriptor fields, a matrix's orientation hint, the global settings. */
static GrB_Info int32_set(GG_kind kind, void *obj, int field, int32_t value, const char *func)
{
    if (kind == GG_KIND_DESCRIPTOR) return GG_desc_field_set(obj, field, value, func);
    if (field == GrB_STORAGE_ORIENTATION_HINT) {
        if (value < GrB_ROWMAJOR || value > GrB_UNKNOWN)
            return GG_error(obj, GrB_INVALID_VALUE, func,
                            "value %d for GrB_STORAGE_ORIENTATION_HINT is not a GrB_Orientation",
                            (int)value);
        GG_MAT((GrB_Matrix)obj)->orientation_hint = value;
        return GrB_SUCCESS;
    }
    if (field != GxG_BACKEND) return global_int32_set(field, value, func);
    if (!GG_backend_valid(value))
        return GG_error(NULL, GrB_INVALID_VALUE, func,
                        "value %d for GxG_BACKEND is not a GxG_Backend", (int)value);
    pthread_mutex_lock(&GG_global.lock);
    GG_global.backend = value;
    pthread_mutex_unlock(&GG_global.lock);
    return GrB_SUCCESS;
}

/* The one writable SIZE field, GxG_DEVICE_POOL_LIMIT (global). */
static GrB_Info size_set(size_t value)
{
    GG_device_set_pool_limit(value);
    return GrB_SUCCESS;
}

/* vsize: the byte count of the _set_VOID form (a SIZE field takes a size_t buffer). */
static GrB_Info field_set(GG_kind kind, void *obj, GG_form form, const void *value, int field,
                          size_t vsize, const char *func)
{
    const GG_field *f;
    GrB_Info info = check_args(kind, obj, form, value, field, true, func, &f);
    if (info != GrB_SUCCESS) return info;
    switch (form) {
    case GG_FORM_STRING:
        if (f->type != GG_VAL_STRING) return wrong_form(obj, f, "set from a String", func);
        return name_set(obj, value, func);
    case GG_FORM_INT32:
        if (f->type != GG_VAL_INT32) return wrong_form(obj, f, "set from INT32", func);
        return int32_set(kind, obj, field, *(const int32_t *)value, func);
    case GG_FORM_SCALAR: {
        if (f->type == GG_VAL_STRING) return wrong_form(obj, f, "set from a GrB_Scalar", func);
        GrB_Scalar s = (GrB_Scalar)value;
        info = check_scalar_type(obj, s, func);
        if (info != GrB_SUCCESS) return info;
        if (!s->present)
            return GG_error(obj, GrB_EMPTY_OBJECT, func, "argument 'value' holds no value");
        if (f->type == GG_VAL_SIZE) {
            uint64_t z;
            GG_cast_get(GrB_UINT64_CODE, s->type->code)(&z, s->value);
            return size_set((size_t)z);
        }
        int32_t i;
        GG_cast_get(GrB_INT32_CODE, s->type->code)(&i, s->value);
        return int32_set(kind, obj, field, i, func);
    }
    default:
        if (f->type != GG_VAL_SIZE) return wrong_form(obj, f, "set from a void buffer", func);
        if (vsize != sizeof(size_t))
            return GG_error(obj, GrB_INVALID_VALUE, func,
                            "field %s is set from a void buffer holding one size_t (size %zu, "
                            "not %zu)", f->name, sizeof(size_t), vsize);
        return size_set(*(const size_t *)value);
    }
}

/* ---- the 99 entry points --------------------------------------------------------------------- */

#define GG_KIND_OF_Type GG_KIND_TYPE
#define GG_KIND_OF_UnaryOp GG_KIND_UNARYOP
#define GG_KIND_OF_IndexUnaryOp GG_KIND_INDEXUNARYOP
#define GG_KIND_OF_BinaryOp GG_KIND_BINARYOP
#define GG_KIND_OF_Monoid GG_KIND_MONOID
#define GG_KIND_OF_Semiring GG_KIND_SEMIRING
#define GG_KIND_OF_Scalar GG_KIND_SCALAR
#define GG_KIND_OF_Vector GG_KIND_VECTOR
#define GG_KIND_OF_Matrix GG_KIND_MATRIX
#define GG_KIND_OF_Descriptor GG_KIND_DESCRIPTOR
#define GG_KIND_OF_Global GG_KIND_GLOBAL

#define GG_DEFINE_GETSET(K)                                                                        \
    GrB_Info GrB_##K##_get_Scalar(GrB_##K object, GrB_Scalar value, GrB_Field field)               \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_get(GG_KIND_OF_##K, object, GG_FORM_SCALAR, value, field, __func__);          \
    }                                                                                              \
    GrB_Info GrB_##K##_get_String(GrB_##K object, char *value, GrB_Field field)                    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_get(GG_KIND_OF_##K, object, GG_FORM_STRING, value, field, __func__);          \
    }                                                                                              \
    GrB_Info GrB_##K##_get_INT32(GrB_##K object, int32_t *value, GrB_Field field)                  \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_get(GG_KIND_OF_##K, object, GG_FORM_INT32, value, field, __func__);           \
    }                                                                                              \
    GrB_Info GrB_##K##_get_SIZE(GrB_##K object, size_t *value, GrB_Field field)                    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_get(GG_KIND_OF_##K, object, GG_FORM_SIZE, value, field, __func__);            \
    }                                                                                              \
    GrB_Info GrB_##K##_get_VOID(GrB_##K object, void *value, GrB_Field field)                      \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_get(GG_KIND_OF_##K, object, GG_FORM_VOID, value, field, __func__);            \
    }                                                                                              \
    GrB_Info GrB_##K##_set_Scalar(GrB_##K object, GrB_Scalar value, GrB_Field field)               \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_set(GG_KIND_OF_##K, object, GG_FORM_SCALAR, value, field, 0, __func__);       \
    }                                                                                              \
    GrB_Info GrB_##K##_set_String(GrB_##K object, char *value, GrB_Field field)                    \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_set(GG_KIND_OF_##K, object, GG_FORM_STRING, value, field, 0, __func__);       \
    }                                                                                              \
    GrB_Info GrB_##K##_set_INT32(GrB_##K object, int32_t value, GrB_Field field)                   \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_set(GG_KIND_OF_##K, object, GG_FORM_INT32, &value, field, 0, __func__);       \
    }                                                                                              \
    GrB_Info GrB_##K##_set_VOID(GrB_##K object, void *value, GrB_Field field, size_t size)         \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return field_set(GG_KIND_OF_##K, object, GG_FORM_VOID, value, field, size, __func__);      \
    }
GxG_GETSET_KINDS(GG_DEFINE_GETSET)
#undef GG_DEFINE_GETSET
