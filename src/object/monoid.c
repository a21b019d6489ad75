/* monoid.c: GrB_Monoid: the 44 predefined monoids (an operator and its identity) with their
 * exported handles, user monoids from a binary operator and an identity value
 * (GrB_Monoid_new_<T>), free and wait. */
#include "GG_opcodes.h"

#include <stdalign.h>

/* Identities: PLUS 0, TIMES 1, MIN the type's largest value (+INFINITY), MAX its smallest. */
#define GG_IDENTITY_PLUS(K, T) 0
#define GG_IDENTITY_TIMES(K, T) 1
#define GG_IDENTITY_MIN(K, T) GG_MAX_OF(K, T)
#define GG_IDENTITY_MAX(K, T) GG_MIN_OF(K, T)

/* A file-scope compound literal has static storage: the built-in identity needs no name. */
#define GG_DEFINE_MONOID(NAME, OP, E, IDENTITY)                                                    \
    struct GG_Monoid_opaque GG_builtin_##NAME = {                                                  \
        .h = GG_BUILTIN_HEADER(GG_KIND_MONOID, #NAME),                                             \
        .op = &GG_builtin_##OP,                                                                    \
        .identity = &(E){IDENTITY},                                                                \
    };
#define GG_MONOID_MEMBER(OP, T, E, K)                                                              \
    GG_DEFINE_MONOID(GrB_##OP##_MONOID_##T, GrB_##OP##_##T, E, GG_IDENTITY_##OP(K, T))
GG_WITH_N(GG_MONOID_MEMBER, PLUS)
GG_WITH_N(GG_MONOID_MEMBER, TIMES)
GG_WITH_N(GG_MONOID_MEMBER, MIN)
GG_WITH_N(GG_MONOID_MEMBER, MAX)
GG_DEFINE_MONOID(GrB_LOR_MONOID_BOOL, GrB_LOR, bool, false)
GG_DEFINE_MONOID(GrB_LAND_MONOID_BOOL, GrB_LAND, bool, true)
GG_DEFINE_MONOID(GrB_LXOR_MONOID_BOOL, GrB_LXOR, bool, false)
GG_DEFINE_MONOID(GrB_LXNOR_MONOID_BOOL, GrB_LXNOR, bool, true)

#define GG_HANDLE_MONOID(name) GrB_Monoid name = &GG_builtin_##name;
GxG_MONOIDS(GG_HANDLE_MONOID)

/* A user monoid is one block: the object, then its identity at an aligned offset, so free and
 * wait are those of every algebraic object. `arg` points at the constructor's identity argument:
 * the value itself, or for _UDT the pointer to it. `idcode` is the argument's type; as in
 * SuiteSparse it must be the operator's own type (any user type for _UDT). */
static GrB_Info monoid_new(GrB_Monoid *monoid, GrB_BinaryOp op, const void *arg,
                           GrB_Type_Code idcode, const char *func)
{
    const void *identity = idcode == GrB_UDT_CODE ? *(void *const *)arg : arg;
    if (monoid == NULL) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'monoid' is NULL");
    if (op == NULL) return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'op' is NULL");
    if (identity == NULL)
        return GG_error(NULL, GrB_NULL_POINTER, func, "argument 'identity' is NULL");
    GrB_Info info = GG_check_object(op, GG_KIND_BINARYOP);
    if (info != GrB_SUCCESS)
        return GG_error(NULL, info, func, "argument 'op' is %s", GG_object_problem(info));
    GrB_Type type = op->ztype;
    if (op->xtype != type || op->ytype != type)
        return GG_error(NULL, GrB_DOMAIN_MISMATCH, func,
                        "argument 'op': a monoid's operator needs ztype, xtype and ytype equal");
    if (type->code != idcode)
        return GG_error(NULL, GrB_DOMAIN_MISMATCH, func,
                        "argument 'identity': its type differs from the operator's type %s",
                        type->h.name);
    const size_t offset = (sizeof(struct GG_Monoid_opaque) + alignof(max_align_t) - 1) /
                          alignof(max_align_t) * alignof(max_align_t);
    GrB_Monoid m = NULL;
    if (type->size <= SIZE_MAX - offset) m = GG_object_new(offset + type->size, GG_KIND_MONOID);
    if (m == NULL)
        return GG_error(NULL, GrB_OUT_OF_MEMORY, func, "out of memory creating the monoid");
    m->op = op;
    m->identity = (char *)m + offset;
    memcpy(m->identity, identity, type->size);
    *monoid = m;
    return GrB_SUCCESS;
}

#define GG_DEFINE_MONOID_NEW(T, E, V, CV)                                                          \
    GrB_Info GrB_Monoid_new_##T(GrB_Monoid *monoid, GrB_BinaryOp op, V identity)                   \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return monoid_new(monoid, op, &identity, GrB_##T##_CODE, __func__);                        \
    }
GxG_ALL_TYPES(GG_DEFINE_MONOID_NEW)
#undef GG_DEFINE_MONOID_NEW

GG_DEFINE_FREE_WAIT(Monoid, GG_KIND_MONOID)
