/* semiring.c: GrB_Semiring: the 124 predefined semirings (an additive monoid and a multiplicative
 * operator) with their exported handles, user semirings (GrB_Semiring_new), free and wait. */
#include "GG_opcodes.h"

#define GG_DEFINE_SEMIRING(NAME, ADD, MUL)                                                         \
    struct GG_Semiring_opaque GG_builtin_##NAME = {                                                \
        .h = GG_BUILTIN_HEADER(GG_KIND_SEMIRING, #NAME),                                           \
        .add = &GG_builtin_##ADD,                                                                  \
        .mul = &GG_builtin_##MUL,                                                                  \
    };
/* GrB_<ADD>_<MUL>_SEMIRING_<T> is GrB_<ADD>_MONOID_<T> with GrB_<MUL>_<T>. */
#define GG_SEMIRING_MEMBER(ADD, MUL, T, E, K)                                                      \
    GG_DEFINE_SEMIRING(GrB_##ADD##_##MUL##_SEMIRING_##T, GrB_##ADD##_MONOID_##T, GrB_##MUL##_##T)
#define GG_SEMIRING_FAMILY(ADD, MUL) GG_WITH_N(GG_SEMIRING_MEMBER, ADD, MUL)
/* The Boolean ones use the suffix-free logical operators. */
#define GG_BOOL_SEMIRING(ADD, MUL)                                                                 \
    GG_DEFINE_SEMIRING(GrB_##ADD##_##MUL##_SEMIRING_BOOL, GrB_##ADD##_MONOID_BOOL, GrB_##MUL)

GG_SEMIRING_FAMILY(PLUS, TIMES)
GG_SEMIRING_FAMILY(MIN, PLUS)
GG_SEMIRING_FAMILY(MAX, PLUS)
GG_SEMIRING_FAMILY(MIN, TIMES)
GG_SEMIRING_FAMILY(MIN, MAX)
GG_SEMIRING_FAMILY(MAX, MIN)
GG_SEMIRING_FAMILY(MAX, TIMES)
GG_SEMIRING_FAMILY(PLUS, MIN)
GG_SEMIRING_FAMILY(MIN, FIRST)
GG_SEMIRING_FAMILY(MIN, SECOND)
GG_SEMIRING_FAMILY(MAX, FIRST)
GG_SEMIRING_FAMILY(MAX, SECOND)
GG_BOOL_SEMIRING(LOR, LAND)
GG_BOOL_SEMIRING(LAND, LOR)
GG_BOOL_SEMIRING(LXOR, LAND)
GG_BOOL_SEMIRING(LXNOR, LOR)

#define GG_HANDLE_SEMIRING(name) GrB_Semiring name = &GG_builtin_##name;
GxG_SEMIRINGS(GG_HANDLE_SEMIRING)

GrB_Info GrB_Semiring_new(GrB_Semiring *semiring, GrB_Monoid add, GrB_BinaryOp mul)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(semiring, NULL, "semiring");
    GG_CHECK_PTR(add, NULL, "add");
    GG_CHECK_PTR(mul, NULL, "mul");
    GG_CHECK_OBJ(add, GG_KIND_MONOID, NULL, "add");
    GG_CHECK_OBJ(mul, GG_KIND_BINARYOP, NULL, "mul");
    GG_RETURN_IF(add->op->ztype != mul->ztype, NULL, GrB_DOMAIN_MISMATCH,
                 "argument 'mul': its ztype %s differs from the monoid's type %s",
                 mul->ztype->h.name, add->op->ztype->h.name);
    GrB_Semiring s = GG_object_new(sizeof(*s), GG_KIND_SEMIRING);
    GG_RETURN_IF(s == NULL, NULL, GrB_OUT_OF_MEMORY, "out of memory creating the semiring");
    s->add = add;
    s->mul = mul;
    *semiring = s;
    return GrB_SUCCESS;
}

GG_DEFINE_FREE_WAIT(Semiring, GG_KIND_SEMIRING)
