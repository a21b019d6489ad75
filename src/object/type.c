/* type.c: GrB_Type: the 11 built-in types and their exported handles, user-defined types
 * (GrB_Type_new, GxB_Type_new), type lookup by code, and the GrB_NAME helper shared by the
 * constructors of all algebraic objects. */
#include "GG_opcodes.h"

#define GG_DEFINE_TYPE(T, E, ...)                                                                  \
    struct GG_Type_opaque GG_builtin_GrB_##T = {                                                   \
        .h = GG_BUILTIN_HEADER(GG_KIND_TYPE, "GrB_" #T),                                           \
        .size = sizeof(E),                                                                         \
        .code = GrB_##T##_CODE,                                                                    \
    };                                                                                             \
    GrB_Type GrB_##T = &GG_builtin_GrB_##T;
GxG_BUILTIN_TYPES(GG_DEFINE_TYPE)
#undef GG_DEFINE_TYPE

GrB_Type GG_type_of_code(GrB_Type_Code code)
{
#define GG_CODE_ENTRY(T, ...) [GrB_##T##_CODE] = &GG_builtin_GrB_##T,
    static const GrB_Type by_code[] = {GxG_BUILTIN_TYPES(GG_CODE_ENTRY)};
#undef GG_CODE_ENTRY
    if ((int)code < 0 || (size_t)code >= sizeof(by_code) / sizeof(by_code[0])) return NULL;
    return by_code[code];
}

bool GG_types_compatible(GrB_Type a, GrB_Type b)
{
    if (a == NULL || b == NULL) return false;
    return a == b || (a->code != GrB_UDT_CODE && b->code != GrB_UDT_CODE);
}

void GG_name_init(GG_header *h, const char *name)
{
    if (name == NULL) return;
    snprintf(h->name, sizeof(h->name), "%s", name);
    h->name_set = true;
}

/* SuiteSparse 7.4's GrB_Type_new macro passes the stringified size argument, "sizeof (ctype)", as
 * the name; like SuiteSparse we keep what sits inside the parentheses after "sizeof". */
static void type_name_from(char *dst, size_t len, const char *name)
{
    const char *s = strstr(name, "sizeof");
    if (s == NULL) {
        snprintf(dst, len, "%s", name);
        return;
    }
    s += strlen("sizeof");
    const char *open = strchr(s, '(');
    if (open != NULL) s = open + 1;
    const char *close = strchr(s, ')');
    size_t n = close != NULL ? (size_t)(close - s) : strlen(s);
    if (n >= len) n = len - 1;
    memcpy(dst, s, n);
    dst[n] = '\0';
}

static GrB_Info type_new(GrB_Type *type, size_t sizeof_ctype, const char *type_name,
                         const char *func)
{
    GrB_Type t = GG_object_new(sizeof(*t), GG_KIND_TYPE);
    if (t == NULL)
        return GG_error(NULL, GrB_OUT_OF_MEMORY, func, "out of memory creating the type");
    /* SuiteSparse gives a zero-sized type one byte, so values always have storage. */
    t->size = sizeof_ctype == 0 ? 1 : sizeof_ctype;
    t->code = GrB_UDT_CODE;
    if (type_name != NULL) {
        type_name_from(t->h.name, sizeof(t->h.name), type_name);
        t->h.name_set = true;
    }
    *type = t;
    return GrB_SUCCESS;
}

GrB_Info GxB_Type_new(GrB_Type *type, size_t sizeof_ctype, const char *type_name,
                      const char *type_defn)
{
    (void)type_defn; /* no JIT: the definition is not needed */
    GG_CHECK_INIT();
    GG_CHECK_PTR(type, NULL, "type");
    return type_new(type, sizeof_ctype, type_name, __func__);
}

GrB_Info GrB_Type_new(GrB_Type *type, size_t sizeof_ctype)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(type, NULL, "type");
    return type_new(type, sizeof_ctype, NULL, __func__);
}

GrB_Info GG_check_op_new(const char *func, const void *op, bool have_f, int ntypes,
                         const GrB_Type *types)
{
    static const char *const type_arg[] = {"ztype", "xtype", "ytype"};
    if (op == NULL) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'op' is NULL");
    if (!have_f) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'f' is NULL");
    for (int k = 0; k < ntypes; k++) {
        if (types[k] == NULL)
            return GG_error(NULL, GrB_NULL_POINTER, func, "argument '%s' is NULL", type_arg[k]);
    }
    for (int k = 0; k < ntypes; k++) {
        GrB_Info info = GG_check_object(types[k], GG_KIND_TYPE);
        if (info != GrB_SUCCESS)
            return GG_error(NULL, info, func, "argument '%s' is %s", type_arg[k],
                            GG_object_problem(info));
    }
    return GrB_SUCCESS;
}

GG_DEFINE_FREE_WAIT(Type, GG_KIND_TYPE)

void *GG_op_new(const char *func, const void *op, bool have_f, int ntypes, const GrB_Type *types,
                size_t size, GG_kind kind, const char *name, GrB_Info *info)
{
    *info = GG_check_op_new(func, op, have_f, ntypes, types);
    if (*info != GrB_SUCCESS) return NULL;
    GG_header *h = GG_object_new(size, kind);
    if (h == NULL) {
        *info = GG_error(NULL, GrB_OUT_OF_MEMORY, func, "out of memory creating the op");
        return NULL;
    }
    GG_name_init(h, name);
    return h;
}
