/* gxb_options.c: SuiteSparse 7.4's GxB option methods, the functions GxB_get and GxB_set expand to:
 * GxB_Global_Option_*, GxB_Matrix_Option_*, GxB_Vector_Option_*, GxB_Desc_* and
 * GxB_Descriptor_get (Doc/gxb.md lists every field and what we do with it).
 *
 * Each field has one value kind per object (an int, a bool, a double, an array, a string, a
 * function pointer). The variadic forms pass the value in that kind's C type; the typed forms
 * (_INT32, _FP64, ...) take the kinds SuiteSparse lets them take. All forms funnel into opt_get and
 * opt_set, so checks and codes are the same on every path, in SuiteSparse's order: the object
 * (NULL: GrB_NULL_POINTER, freed or never created: GrB_UNINITIALIZED_OBJECT), a typed getter's
 * NULL result pointer (GrB_NULL_POINTER), then the field (not one of the object's, read-only, or
 * not of the form's kind: GrB_INVALID_VALUE), a variadic getter's NULL result pointer, and last
 * the value (GrB_INVALID_VALUE). An error changes nothing.
 *
 * The storage hints are recorded and read back, never acted on: matrices stay HiSparse trees read
 * by row. GxB_BURBLE is the operation trace. The values that SuiteSparse clamps or normalizes
 * (global nthreads and chunk, sparsity control, descriptor sort and import) are normalized the
 * same way, so a program reads back what it would read from SuiteSparse. */
#include "GG_internal.h"
#include "GG_vform.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* SuiteSparse's defaults: the chunk (work per thread below which fewer threads are used), the
 * hypersparse switch, and the bitmap switches for matrices whose smaller dimension is 1, 2, 3-4,
 * 5-8, 9-16, 17-32, 33-64 and larger. */
#define GG_CHUNK_DEFAULT 65536.0
#define GG_HYPER_DEFAULT 0.0625
#define GG_BITMAP_DEFAULT {0.04, 0.05, 0.06, 0.08, 0.1, 0.2, 0.3, 0.4}
static const double bitmap_default[GxB_NBITMAP_SWITCH] = GG_BITMAP_DEFAULT;

const GxB_Format_Value GxB_FORMAT_DEFAULT = GxB_BY_ROW;
const double GxB_HYPER_DEFAULT = GG_HYPER_DEFAULT;
const double GxB_ALWAYS_HYPER = 1.0;
const double GxB_NEVER_HYPER = -1.0;

/* ---- the global settings --------------------------------------------------------------------- */

static struct {
    GxB_Format_Value format; /* for new matrices: their orientation hint */
    double hyper_switch;
    double bitmap_switch[GxB_NBITMAP_SWITCH];
    int32_t nthreads; /* 0: not set, reads as the OpenMP maximum */
    double chunk;
    bool print_1based;
    void *printf_fn, *flush_fn;
} global = {
    .format = GxB_BY_ROW,
    .hyper_switch = GG_HYPER_DEFAULT,
    .bitmap_switch = GG_BITMAP_DEFAULT,
    .chunk = GG_CHUNK_DEFAULT,
};
static pthread_mutex_t global_lock = PTHREAD_MUTEX_INITIALIZER;

/* Which of the eight bitmap switches applies to a matrix whose smaller dimension is dim. */
static int bitmap_slot(GrB_Index dim)
{
    int k = 0;
    while (k < GxB_NBITMAP_SWITCH - 1 && ((GrB_Index)1 << k) < dim) k++;
    return k;
}

void GG_gxb_opts_init(GG_container *c)
{
    GrB_Index dim = c->nrows < c->ncols ? c->nrows : c->ncols;
    pthread_mutex_lock(&global_lock);
    c->gxb.hyper_switch = global.hyper_switch;
    c->gxb.bitmap_switch = global.bitmap_switch[bitmap_slot(dim)];
    if (c->h.kind == GG_KIND_MATRIX)
        c->orientation_hint = global.format == GxB_BY_COL ? GrB_COLMAJOR : GrB_ROWMAJOR;
    pthread_mutex_unlock(&global_lock);
    c->gxb.sparsity_control = GxB_AUTO_SPARSITY;
}

/* SuiteSparse's dup keeps the hypersparse switch and the sparsity control and gives the copy the
 * default bitmap switch of its dimensions (the orientation hint is copied with the content). */
void GG_gxb_opts_dup(GG_container *dst, const GG_container *src)
{
    dst->gxb.hyper_switch = src->gxb.hyper_switch;
    dst->gxb.sparsity_control = src->gxb.sparsity_control;
}

/* ---- fields ---------------------------------------------------------------------------------- */

typedef enum { OK_GLOBAL, OK_MATRIX, OK_VECTOR, OK_DESC } GG_okind;
#define W(K) (1u << (K))

/* The value kinds, and the C type each has in the variadic forms (set / get). */
typedef enum {
    VK_NONE,   /* not a field of that object */
    VK_INT,    /* int / int32_t * (an enum value, a count) */
    VK_BOOL,   /* int (a promoted bool) / bool * */
    VK_OLDBOOL,/* - / bool *, and no typed form reads it (GxB_IS_HYPER, historical) */
    VK_DOUBLE, /* double / double * */
    VK_DOUBLES,/* double * / double *, GxB_NBITMAP_SWITCH of them (NULL when set: defaults) */
    VK_INT3,   /* - / int32_t *, three of them (a version) */
    VK_STRING, /* - / const char ** */
    VK_INT64S, /* int64_t * / int64_t *, 64 of them */
    VK_FUNC    /* void * / void ** */
} GG_vkind;

/* kinds: the value kind per object kind (VK_NONE where it is not a field); write: the object
 * kinds that may set it. */
typedef struct {
    int field;
    const char *name;
    uint8_t kinds[4];
    unsigned write;
} GG_option;

#define GG_GLOBAL_RO(F, VK) {F, #F, {VK, VK_NONE, VK_NONE, VK_NONE}, 0}
static const GG_option options[] = {
    {GxB_HYPER_SWITCH, "GxB_HYPER_SWITCH", {VK_DOUBLE, VK_DOUBLE, VK_NONE, VK_NONE},
     W(OK_GLOBAL) | W(OK_MATRIX)},
    {GxB_BITMAP_SWITCH, "GxB_BITMAP_SWITCH", {VK_DOUBLES, VK_DOUBLE, VK_DOUBLE, VK_NONE},
     W(OK_GLOBAL) | W(OK_MATRIX) | W(OK_VECTOR)},
    {GxB_FORMAT, "GxB_FORMAT", {VK_INT, VK_INT, VK_INT, VK_NONE}, W(OK_GLOBAL) | W(OK_MATRIX)},
    GG_GLOBAL_RO(GxB_MODE, VK_INT),
    GG_GLOBAL_RO(GxB_LIBRARY_NAME, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_VERSION, VK_INT3),
    GG_GLOBAL_RO(GxB_LIBRARY_DATE, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_ABOUT, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_URL, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_LICENSE, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_COMPILE_DATE, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_COMPILE_TIME, VK_STRING),
    GG_GLOBAL_RO(GxB_API_VERSION, VK_INT3),
    GG_GLOBAL_RO(GxB_API_DATE, VK_STRING),
    GG_GLOBAL_RO(GxB_API_ABOUT, VK_STRING),
    GG_GLOBAL_RO(GxB_API_URL, VK_STRING),
    GG_GLOBAL_RO(GxB_COMPILER_VERSION, VK_INT3),
    GG_GLOBAL_RO(GxB_COMPILER_NAME, VK_STRING),
    GG_GLOBAL_RO(GxB_LIBRARY_OPENMP, VK_BOOL),
    {GxB_GLOBAL_NTHREADS, "GxB_NTHREADS", {VK_INT}, W(OK_GLOBAL)},
    {GxB_GLOBAL_CHUNK, "GxB_CHUNK", {VK_DOUBLE}, W(OK_GLOBAL)},
    {GxB_BURBLE, "GxB_BURBLE", {VK_BOOL}, W(OK_GLOBAL)},
    {GxB_PRINTF, "GxB_PRINTF", {VK_FUNC}, W(OK_GLOBAL)},
    {GxB_FLUSH, "GxB_FLUSH", {VK_FUNC}, W(OK_GLOBAL)},
    {GxB_MEMORY_POOL, "GxB_MEMORY_POOL", {VK_INT64S}, W(OK_GLOBAL)},
    {GxB_PRINT_1BASED, "GxB_PRINT_1BASED", {VK_BOOL}, W(OK_GLOBAL)},
    {GxB_SPARSITY_STATUS, "GxB_SPARSITY_STATUS", {VK_NONE, VK_INT, VK_INT, VK_NONE}, 0},
    {GxB_IS_HYPER, "GxB_IS_HYPER", {VK_NONE, VK_OLDBOOL, VK_OLDBOOL, VK_NONE}, 0},
    {GxB_SPARSITY_CONTROL, "GxB_SPARSITY_CONTROL", {VK_NONE, VK_INT, VK_INT, VK_NONE},
     W(OK_MATRIX) | W(OK_VECTOR)},
};
#undef GG_GLOBAL_RO

/* Descriptor fields share numbers with the options above, so they have a table of their own. */
#define GG_DESC_FIELD(F, VK) {F, #F, {VK_NONE, VK_NONE, VK_NONE, VK}, W(OK_DESC)}
static const GG_option desc_fields[] = {
    GG_DESC_FIELD(GrB_OUTP, VK_INT),          GG_DESC_FIELD(GrB_MASK, VK_INT),
    GG_DESC_FIELD(GrB_INP0, VK_INT),          GG_DESC_FIELD(GrB_INP1, VK_INT),
    GG_DESC_FIELD(GxB_NTHREADS, VK_INT),      GG_DESC_FIELD(GxB_CHUNK, VK_DOUBLE),
    GG_DESC_FIELD(GxB_AxB_METHOD, VK_INT),    GG_DESC_FIELD(GxB_SORT, VK_INT),
    GG_DESC_FIELD(GxB_COMPRESSION, VK_INT),   GG_DESC_FIELD(GxB_IMPORT, VK_INT),
};
#undef GG_DESC_FIELD

static const GG_option *option_find(GG_okind ok, int field)
{
    const GG_option *t = ok == OK_DESC ? desc_fields : options;
    size_t n = ok == OK_DESC ? sizeof desc_fields / sizeof desc_fields[0]
                             : sizeof options / sizeof options[0];
    for (size_t k = 0; k < n; k++)
        if (t[k].field == field && t[k].kinds[ok] != VK_NONE) return &t[k];
    return NULL;
}

static const char *okind_name(GG_okind ok)
{
    static const char *const names[] = {"the global options", "a GrB_Matrix", "a GrB_Vector",
                                        "a GrB_Descriptor"};
    return names[ok];
}

/* ---- forms ----------------------------------------------------------------------------------- */

/* How the caller passes the value: natively (the variadic forms) or as one typed form. */
typedef enum { F_NATIVE, F_INT32, F_FP64, F_INT64, F_CHAR, F_FUNCTION, F_FP64_ARRAY, F_INT64_ARRAY }
    GG_oform;

/* Whether a typed form reads (or, writing, sets) a field of kind vk; what SuiteSparse accepts. */
static bool form_takes(GG_oform form, GG_vkind vk, bool writing)
{
    switch (form) {
    case F_NATIVE: return true;
    case F_INT32: return vk == VK_INT || vk == VK_BOOL || (!writing && vk == VK_INT3);
    case F_FP64: return vk == VK_DOUBLE || (!writing && vk == VK_DOUBLES);
    case F_INT64: return !writing && vk == VK_INT64S;
    case F_CHAR: return vk == VK_STRING;
    case F_FUNCTION: return vk == VK_FUNC;
    case F_FP64_ARRAY: return vk == VK_DOUBLES;
    case F_INT64_ARRAY: return vk == VK_INT64S;
    }
    return false;
}

/* A value in transit: what was read, or what is to be written. */
typedef struct {
    int32_t i[3];                    /* VK_INT, VK_BOOL (0 or 1), VK_INT3 */
    double d;                        /* VK_DOUBLE */
    double ds[GxB_NBITMAP_SWITCH];   /* VK_DOUBLES read */
    const double *dp;                /* VK_DOUBLES written: the caller's array, NULL: defaults */
    const char *s;                   /* VK_STRING */
    void *f;                         /* VK_FUNC */
} GG_optval;

/* ---- reading --------------------------------------------------------------------------------- */

#define GG_STR2(x) #x
#define GG_STR(x) GG_STR2(x)
#if defined(__clang__)
#define GG_COMPILER_NAME "clang " __clang_version__
#define GG_COMPILER_VERSION {__clang_major__, __clang_minor__, __clang_patchlevel__}
#elif defined(__GNUC__)
#define GG_COMPILER_NAME                                                                           \
    "GNU gcc " GG_STR(__GNUC__) "." GG_STR(__GNUC_MINOR__) "." GG_STR(__GNUC_PATCHLEVEL__)
#define GG_COMPILER_VERSION {__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__}
#else
#define GG_COMPILER_NAME "unknown C compiler"
#define GG_COMPILER_VERSION {0, 0, 0}
#endif

static const char *global_string(int field)
{
    switch (field) {
    case GxB_LIBRARY_NAME: return GxG_IMPLEMENTATION_NAME;
    /* no release has a date yet: the date of the build */
    case GxB_LIBRARY_DATE:
    case GxB_LIBRARY_COMPILE_DATE: return __DATE__;
    case GxB_LIBRARY_COMPILE_TIME: return __TIME__;
    case GxB_LIBRARY_ABOUT:
        return GxG_IMPLEMENTATION_NAME ": the GraphBLAS C API 2.1 on NVIDIA GPUs, with a complete "
                                       "CPU backend; a drop-in for SuiteSparse:GraphBLAS 7.4";
    case GxB_LIBRARY_URL: return ""; /* no public address yet */
    case GxB_LIBRARY_LICENSE: return GxG_IMPLEMENTATION_NAME " is licensed under Apache-2.0";
    case GxB_API_DATE: return "Dec 22, 2023";
    case GxB_API_ABOUT: return "The GraphBLAS C API Specification, version 2.1";
    case GxB_API_URL: return "https://graphblas.org";
    default: return GG_COMPILER_NAME;
    }
}

static int32_t omp_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static void global_read(int field, GG_optval *v)
{
    pthread_mutex_lock(&global_lock);
    switch (field) {
    /* recorded for new matrices, but ours are held by row */
    case GxB_FORMAT: v->i[0] = GxB_BY_ROW; break;
    case GxB_HYPER_SWITCH: v->d = global.hyper_switch; break;
    case GxB_BITMAP_SWITCH: memcpy(v->ds, global.bitmap_switch, sizeof v->ds); break;
    case GxB_MODE: v->i[0] = GG_global.mode; break;
    case GxB_LIBRARY_VERSION:
        v->i[0] = GxG_IMPLEMENTATION_MAJOR, v->i[1] = GxG_IMPLEMENTATION_MINOR;
        v->i[2] = GxG_IMPLEMENTATION_SUB;
        break;
    case GxB_API_VERSION: v->i[0] = GRB_VERSION, v->i[1] = GRB_SUBVERSION, v->i[2] = 0; break;
    case GxB_COMPILER_VERSION: {
        const int32_t cv[3] = GG_COMPILER_VERSION;
        memcpy(v->i, cv, sizeof cv);
        break;
    }
    case GxB_LIBRARY_OPENMP:
#ifdef _OPENMP
        v->i[0] = 1;
#endif
        break;
    case GxB_GLOBAL_NTHREADS:
        v->i[0] = global.nthreads > 0 ? global.nthreads : omp_threads();
        break;
    case GxB_GLOBAL_CHUNK: v->d = global.chunk; break;
    case GxB_BURBLE: v->i[0] = GG_trace_on(); break;
    case GxB_PRINTF: v->f = global.printf_fn; break;
    case GxB_FLUSH: v->f = global.flush_fn; break;
    case GxB_MEMORY_POOL: break; /* no pool: every limit reads 0 */
    case GxB_PRINT_1BASED: v->i[0] = global.print_1based; break;
    default: v->s = global_string(field); break;
    }
    pthread_mutex_unlock(&global_lock);
}

/* GxB_SPARSITY_STATUS. A vector: the form the store gives its density (GG_vform_choose). A matrix:
 * full when every entry is present, else hypersparse or sparse as its row view is (the view is
 * hypersparse, like SuiteSparse's, when at most one row in 8 holds an entry). */
static GrB_Info sparsity_status(GG_okind ok, GG_container *c, int32_t *status)
{
    GrB_Index nvals;
    GrB_Info info = GG_container_nvals(c, &nvals);
    if (info != GrB_SUCCESS) return info;
    if (ok == OK_VECTOR) {
        static const int32_t of_form[] = {[GG_VF_SPARSE] = GxB_SPARSE, [GG_VF_BITMAP] = GxB_BITMAP,
                                          [GG_VF_FULL] = GxB_FULL};
        *status = of_form[GG_vform_choose(c->nrows, nvals, false)];
        return GrB_SUCCESS;
    }
    if (c->ncols > 0 && nvals % c->ncols == 0 && nvals / c->ncols == c->nrows && nvals > 0) {
        *status = GxB_FULL;
        return GrB_SUCCESS;
    }
    const GG_cview *v;
    info = GG_view_csr(c, &v);
    if (info != GrB_SUCCESS) return info;
    *status = v->vec != NULL ? GxB_HYPERSPARSE : GxB_SPARSE;
    return GrB_SUCCESS;
}

static GrB_Info object_read(GG_okind ok, void *obj, int field, GG_optval *v)
{
    if (ok == OK_DESC) {
        static const struct GG_Descriptor_opaque defaults = {0}; /* a NULL descriptor */
        const struct GG_Descriptor_opaque *d = obj != NULL ? obj : &defaults;
        switch (field) {
        case GrB_OUTP: v->i[0] = d->outp; break;
        case GrB_MASK: v->i[0] = d->mask; break;
        case GrB_INP0: v->i[0] = d->inp0; break;
        case GrB_INP1: v->i[0] = d->inp1; break;
        case GxB_NTHREADS: v->i[0] = d->nthreads; break;
        case GxB_CHUNK: v->d = d->chunk; break;
        case GxB_AxB_METHOD: v->i[0] = d->axb_method; break;
        case GxB_SORT: v->i[0] = d->sort; break;
        case GxB_COMPRESSION: v->i[0] = d->compression; break;
        default: v->i[0] = d->import; break;
        }
        return GrB_SUCCESS;
    }
    GG_container *c = obj;
    switch (field) {
    case GxB_HYPER_SWITCH: v->d = c->gxb.hyper_switch; return GrB_SUCCESS;
    case GxB_BITMAP_SWITCH: v->d = c->gxb.bitmap_switch; return GrB_SUCCESS;
    /* our matrices are held by row; a vector is a column, as SuiteSparse says */
    case GxB_FORMAT: v->i[0] = ok == OK_VECTOR ? GxB_BY_COL : GxB_BY_ROW; return GrB_SUCCESS;
    case GxB_SPARSITY_CONTROL: v->i[0] = c->gxb.sparsity_control; return GrB_SUCCESS;
    case GxB_SPARSITY_STATUS: return sparsity_status(ok, c, &v->i[0]);
    default: { /* GxB_IS_HYPER */
        int32_t status;
        GrB_Info info = sparsity_status(ok, c, &status);
        v->i[0] = status == GxB_HYPERSPARSE;
        return info;
    }
    }
}

/* Stores v, of kind vk, at p in the caller's type for form. */
static void deliver(GG_vkind vk, GG_oform form, const GG_optval *v, void *p)
{
    switch (vk) {
    case VK_OLDBOOL: *(bool *)p = v->i[0] != 0; break;
    case VK_BOOL: /* the _INT32 form reads a bool field as an int32_t */
        if (form == F_NATIVE)
            *(bool *)p = v->i[0] != 0;
        else
            *(int32_t *)p = v->i[0];
        break;
    case VK_INT: *(int32_t *)p = v->i[0]; break;
    case VK_INT3: memcpy(p, v->i, 3 * sizeof(int32_t)); break;
    case VK_DOUBLE: *(double *)p = v->d; break;
    case VK_DOUBLES: memcpy(p, v->ds, sizeof v->ds); break;
    case VK_STRING: *(const char **)p = v->s; break;
    case VK_INT64S: memset(p, 0, 64 * sizeof(int64_t)); break;
    case VK_FUNC: *(void **)p = v->f; break;
    case VK_NONE: break;
    }
}

/* ---- writing --------------------------------------------------------------------------------- */

static GrB_Info format_check(void *obj, int32_t value, const char *func)
{
    if (value == GxB_BY_ROW || value == GxB_BY_COL) return GrB_SUCCESS;
    return GG_error(obj, GrB_INVALID_VALUE, func,
                    "value %d for GxB_FORMAT: must be GxB_BY_ROW or GxB_BY_COL", (int)value);
}

static GrB_Info global_write(int field, const GG_optval *v, const char *func)
{
    if (field == GxB_FORMAT) {
        GrB_Info info = format_check(NULL, v->i[0], func);
        if (info != GrB_SUCCESS) return info;
    }
    if (field == GxB_BURBLE) {
        GG_trace_set(v->i[0] != 0);
        return GrB_SUCCESS;
    }
    pthread_mutex_lock(&global_lock);
    switch (field) {
    case GxB_FORMAT: global.format = (GxB_Format_Value)v->i[0]; break;
    case GxB_HYPER_SWITCH: global.hyper_switch = v->d; break;
    case GxB_BITMAP_SWITCH:
        memcpy(global.bitmap_switch, v->dp != NULL ? v->dp : bitmap_default,
               sizeof global.bitmap_switch);
        break;
    case GxB_GLOBAL_NTHREADS: global.nthreads = v->i[0] > 1 ? v->i[0] : 1; break;
    case GxB_GLOBAL_CHUNK: global.chunk = v->d <= 0 ? GG_CHUNK_DEFAULT : v->d < 1 ? 1 : v->d; break;
    case GxB_PRINTF: global.printf_fn = v->f; break;
    case GxB_FLUSH: global.flush_fn = v->f; break;
    case GxB_PRINT_1BASED: global.print_1based = v->i[0] != 0; break;
    default: break; /* GxB_MEMORY_POOL: there is no pool */
    }
    pthread_mutex_unlock(&global_lock);
    return GrB_SUCCESS;
}

static GrB_Info desc_write(GrB_Descriptor d, int field, const GG_optval *v, const char *func)
{
    switch (field) {
    case GxB_NTHREADS:
    case GxB_CHUNK:
    case GxB_SORT:
    case GxB_COMPRESSION:
        if (d->h.builtin)
            return GG_error(d, GrB_INVALID_VALUE, func,
                            "argument 'desc' is the predefined descriptor %s, which cannot be "
                            "modified",
                            d->h.name);
        if (field == GxB_NTHREADS) d->nthreads = v->i[0];
        if (field == GxB_CHUNK) d->chunk = v->d;
        if (field == GxB_SORT) d->sort = v->i[0] != 0;
        if (field == GxB_COMPRESSION) d->compression = v->i[0];
        return GrB_SUCCESS;
    default: return GG_desc_field_set(d, field, v->i[0], func);
    }
}

static GrB_Info object_write(GG_okind ok, void *obj, int field, const GG_optval *v,
                             const char *func)
{
    if (ok == OK_GLOBAL) return global_write(field, v, func);
    if (ok == OK_DESC) return desc_write(obj, field, v, func);
    GG_container *c = obj;
    switch (field) {
    case GxB_HYPER_SWITCH: c->gxb.hyper_switch = v->d; return GrB_SUCCESS;
    case GxB_BITMAP_SWITCH: c->gxb.bitmap_switch = v->d; return GrB_SUCCESS;
    case GxB_FORMAT: {
        GrB_Info info = format_check(obj, v->i[0], func);
        if (info == GrB_SUCCESS)
            c->orientation_hint = v->i[0] == GxB_BY_COL ? GrB_COLMAJOR : GrB_ROWMAJOR;
        return info;
    }
    default: { /* GxB_SPARSITY_CONTROL: the low four bits; none of them means any form */
        int32_t s = v->i[0] & GxB_ANY_SPARSITY;
        c->gxb.sparsity_control = s != 0 ? s : GxB_AUTO_SPARSITY;
        return GrB_SUCCESS;
    }
    }
}

/* ---- the shared paths ------------------------------------------------------------------------ */

/* The object: NULL, freed, or of another kind is an error, except that a NULL descriptor is
 * read as the defaults. A write starts a new error record on it. */
static GrB_Info opt_object(GG_okind ok, void *obj, bool writing, const char *func)
{
    static const GG_kind kinds[] = {[OK_MATRIX] = GG_KIND_MATRIX, [OK_VECTOR] = GG_KIND_VECTOR,
                                    [OK_DESC] = GG_KIND_DESCRIPTOR};
    static const char *const names[] = {[OK_MATRIX] = "A", [OK_VECTOR] = "v", [OK_DESC] = "desc"};
    if (ok == OK_GLOBAL || (ok == OK_DESC && obj == NULL && !writing)) return GrB_SUCCESS;
    GrB_Info info = GG_check_object(obj, kinds[ok]);
    if (info != GrB_SUCCESS)
        return GG_error(NULL, info, func, "argument '%s' is %s", names[ok],
                        GG_object_problem(info));
    if (writing) GG_error_clear(obj);
    return GrB_SUCCESS;
}

/* The field: one of the object's, writable when written, of a kind the form takes (*vk). */
static GrB_Info opt_field(GG_okind ok, void *obj, int field, GG_oform form, bool writing,
                          const char *func, GG_vkind *vk)
{
    const GG_option *o = option_find(ok, field);
    if (o == NULL)
        return GG_error(obj, GrB_INVALID_VALUE, func, "argument 'field' (%d) is not a field of %s",
                        field, okind_name(ok));
    if (writing && !(o->write & W(ok)))
        return GG_error(obj, GrB_INVALID_VALUE, func, "field %s of %s is read-only", o->name,
                        okind_name(ok));
    *vk = (GG_vkind)o->kinds[ok];
    if (!form_takes(form, *vk, writing))
        return GG_error(obj, GrB_INVALID_VALUE, func,
                        "field %s cannot be %s through this typed form", o->name,
                        writing ? "set" : "read");
    return GrB_SUCCESS;
}

static GrB_Info opt_get(GG_okind ok, void *obj, int field, GG_oform form, void *p,
                        const char *func)
{
    GG_vkind vk;
    GrB_Info info = opt_object(ok, obj, false, func);
    if (info != GrB_SUCCESS) return info;
    /* the typed forms check their result pointer before the field, the variadic one after */
    if (form != F_NATIVE && p == NULL)
        return GG_error(obj, GrB_NULL_POINTER, func, "argument 'value' is NULL");
    info = opt_field(ok, obj, field, form, false, func, &vk);
    if (info != GrB_SUCCESS) return info;
    if (p == NULL) return GG_error(obj, GrB_NULL_POINTER, func, "argument 'value' is NULL");
    GG_optval v = {.i = {0}};
    if (ok == OK_GLOBAL)
        global_read(field, &v);
    else if ((info = object_read(ok, obj, field, &v)) != GrB_SUCCESS)
        return GG_error(obj, info, func, "out of memory");
    deliver(vk, form, &v, p);
    return GrB_SUCCESS;
}

static GrB_Info opt_set(GG_okind ok, void *obj, int field, GG_oform form, const GG_optval *v,
                        const char *func)
{
    GG_vkind vk;
    GrB_Info info = opt_object(ok, obj, true, func);
    if (info == GrB_SUCCESS) info = opt_field(ok, obj, field, form, true, func, &vk);
    return info != GrB_SUCCESS ? info : object_write(ok, obj, field, v, func);
}

/* The variadic set: the field's kind says which C type to take from the arguments. */
static GrB_Info opt_set_va(GG_okind ok, void *obj, int field, va_list ap, const char *func)
{
    GG_vkind vk;
    GrB_Info info = opt_object(ok, obj, true, func);
    if (info == GrB_SUCCESS) info = opt_field(ok, obj, field, F_NATIVE, true, func, &vk);
    if (info != GrB_SUCCESS) return info;
    GG_optval v = {.i = {0}};
    switch (vk) {
    case VK_DOUBLE: v.d = va_arg(ap, double); break;
    case VK_DOUBLES: v.dp = va_arg(ap, const double *); break;
    case VK_INT64S: (void)va_arg(ap, const int64_t *); break;
    case VK_FUNC: v.f = va_arg(ap, void *); break;
    default: v.i[0] = va_arg(ap, int); break;
    }
    return object_write(ok, obj, field, &v, func);
}

/* ---- the entry points ------------------------------------------------------------------------ */

/* The bodies of the variadic forms (the last named parameter is always `field`). A getter's one
 * variadic argument is the result pointer. */
#define GG_VA_SET(OK, OBJ)                                                                         \
    GG_CHECK_INIT();                                                                               \
    va_list ap;                                                                                    \
    va_start(ap, field);                                                                           \
    GrB_Info info = opt_set_va(OK, OBJ, field, ap, __func__);                                      \
    va_end(ap);                                                                                    \
    return info
#define GG_VA_GET(OK, OBJ)                                                                         \
    GG_CHECK_INIT();                                                                               \
    va_list ap;                                                                                    \
    va_start(ap, field);                                                                           \
    void *p = va_arg(ap, void *);                                                                  \
    va_end(ap);                                                                                    \
    return opt_get(OK, OBJ, field, F_NATIVE, p, __func__)

GrB_Info GxB_Global_Option_set(GxB_Option_Field field, ...)
{
    GG_VA_SET(OK_GLOBAL, NULL);
}

GrB_Info GxB_Global_Option_get(GxB_Option_Field field, ...)
{
    GG_VA_GET(OK_GLOBAL, NULL);
}

GrB_Info GxB_Global_Option_set_INT32(GxB_Option_Field field, int32_t value)
{
    GG_CHECK_INIT();
    return opt_set(OK_GLOBAL, NULL, field, F_INT32, &(GG_optval){.i = {value}}, __func__);
}

GrB_Info GxB_Global_Option_set_FP64(GxB_Option_Field field, double value)
{
    GG_CHECK_INIT();
    return opt_set(OK_GLOBAL, NULL, field, F_FP64, &(GG_optval){.d = value}, __func__);
}

GrB_Info GxB_Global_Option_set_FP64_ARRAY(GxB_Option_Field field, double *value)
{
    GG_CHECK_INIT();
    return opt_set(OK_GLOBAL, NULL, field, F_FP64_ARRAY, &(GG_optval){.dp = value}, __func__);
}

GrB_Info GxB_Global_Option_set_INT64_ARRAY(GxB_Option_Field field, int64_t *value)
{
    GG_CHECK_INIT();
    (void)value; /* GxB_MEMORY_POOL, the only such field: there is no pool */
    return opt_set(OK_GLOBAL, NULL, field, F_INT64_ARRAY, &(GG_optval){.i = {0}}, __func__);
}

GrB_Info GxB_Global_Option_set_FUNCTION(GxB_Option_Field field, void *value)
{
    GG_CHECK_INIT();
    return opt_set(OK_GLOBAL, NULL, field, F_FUNCTION, &(GG_optval){.f = value}, __func__);
}

#define GG_GLOBAL_GET(SUFFIX, FORM, T)                                                             \
    GrB_Info GxB_Global_Option_get_##SUFFIX(GxB_Option_Field field, T *value)                      \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return opt_get(OK_GLOBAL, NULL, field, FORM, value, __func__);                             \
    }
GG_GLOBAL_GET(INT32, F_INT32, int32_t)
GG_GLOBAL_GET(FP64, F_FP64, double)
GG_GLOBAL_GET(INT64, F_INT64, int64_t)
GG_GLOBAL_GET(CHAR, F_CHAR, char *)
GG_GLOBAL_GET(FUNCTION, F_FUNCTION, void *)
#undef GG_GLOBAL_GET

/* GxB_Matrix_Option_* and GxB_Vector_Option_*: the same six functions per kind. */
#define GG_OBJECT_OPTIONS(K, OBJ, OK)                                                              \
    GrB_Info GxB_##K##_Option_set(OBJ object, GxB_Option_Field field, ...)                         \
    {                                                                                              \
        GG_VA_SET(OK, object);                                                                     \
    }                                                                                              \
    GrB_Info GxB_##K##_Option_set_INT32(OBJ object, GxB_Option_Field field, int32_t value)         \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return opt_set(OK, object, field, F_INT32, &(GG_optval){.i = {value}}, __func__);         \
    }                                                                                              \
    GrB_Info GxB_##K##_Option_set_FP64(OBJ object, GxB_Option_Field field, double value)           \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return opt_set(OK, object, field, F_FP64, &(GG_optval){.d = value}, __func__);            \
    }                                                                                              \
    GrB_Info GxB_##K##_Option_get(OBJ object, GxB_Option_Field field, ...)                         \
    {                                                                                              \
        GG_VA_GET(OK, object);                                                                     \
    }                                                                                              \
    GrB_Info GxB_##K##_Option_get_INT32(OBJ object, GxB_Option_Field field, int32_t *value)        \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return opt_get(OK, object, field, F_INT32, value, __func__);                               \
    }                                                                                              \
    GrB_Info GxB_##K##_Option_get_FP64(OBJ object, GxB_Option_Field field, double *value)          \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return opt_get(OK, object, field, F_FP64, value, __func__);                                \
    }
GG_OBJECT_OPTIONS(Matrix, GrB_Matrix, OK_MATRIX)
GG_OBJECT_OPTIONS(Vector, GrB_Vector, OK_VECTOR)
#undef GG_OBJECT_OPTIONS

GrB_Info GxB_Desc_set(GrB_Descriptor desc, GrB_Desc_Field field, ...)
{
    GG_VA_SET(OK_DESC, desc);
}

GrB_Info GxB_Desc_set_INT32(GrB_Descriptor desc, GrB_Desc_Field field, int32_t value)
{
    GG_CHECK_INIT();
    return opt_set(OK_DESC, desc, field, F_INT32, &(GG_optval){.i = {value}}, __func__);
}

GrB_Info GxB_Desc_set_FP64(GrB_Descriptor desc, GrB_Desc_Field field, double value)
{
    GG_CHECK_INIT();
    return opt_set(OK_DESC, desc, field, F_FP64, &(GG_optval){.d = value}, __func__);
}

GrB_Info GxB_Desc_get(GrB_Descriptor desc, GrB_Desc_Field field, ...)
{
    GG_VA_GET(OK_DESC, desc);
}

GrB_Info GxB_Desc_get_INT32(GrB_Descriptor desc, GrB_Desc_Field field, int32_t *value)
{
    GG_CHECK_INIT();
    return opt_get(OK_DESC, desc, field, F_INT32, value, __func__);
}

GrB_Info GxB_Desc_get_FP64(GrB_Descriptor desc, GrB_Desc_Field field, double *value)
{
    GG_CHECK_INIT();
    return opt_get(OK_DESC, desc, field, F_FP64, value, __func__);
}

/* The older getter: only the fields whose values are GrB_Desc_Values. */
GrB_Info GxB_Descriptor_get(GrB_Desc_Value *value, GrB_Descriptor desc, GrB_Desc_Field field)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(value, NULL, "value");
    if (field != GrB_OUTP && field != GrB_MASK && field != GrB_INP0 && field != GrB_INP1 &&
        field != GxB_AxB_METHOD) {
        if (desc != NULL) GG_CHECK_OBJ(desc, GG_KIND_DESCRIPTOR, NULL, "desc");
        return GG_error(desc, GrB_INVALID_VALUE, __func__,
                        "argument 'field' (%d) is not a field GxB_Descriptor_get reads",
                        (int)field);
    }
    int32_t v;
    GrB_Info info = opt_get(OK_DESC, desc, field, F_INT32, &v, __func__);
    if (info == GrB_SUCCESS) *value = (GrB_Desc_Value)v;
    return info;
}
