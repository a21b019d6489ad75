/* api_check.h: shared helpers of the API acceptance tests (test/api): objects that were never
 * created or were freed, the checks behind EXPECT_ERR (exact GrB_Info, a message naming the
 * function and the argument), and a fixture of live objects whose content the error tests
 * verify is untouched after every failed call. Only the public header is used. */
#ifndef API_CHECK_H
#define API_CHECK_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"

/* ---- objects that are not live --------------------------------------------------------------- */

/* Storage that never held an object: all zero bytes, and all 0xA5 bytes. Big enough that a
 * library reading any header field stays inside it. */
void *api_fake_zero(void);
void *api_fake_garbage(void);
#define FAKE(K) ((K)api_fake_zero())
#define GARBAGE(K) ((K)api_fake_garbage())

/* A pointer that no method may write through or store: outputs preset to it must stay so. */
extern char api_sentinel_storage;
#define SENTINEL(K) ((K)(void *)&api_sentinel_storage)

/* A copy of a handle taken before GrB_free: the object behind it has been freed. */
#define API_DECL_STALE(K) GrB_##K api_stale_##K(void);
GxG_OBJECT_KINDS(API_DECL_STALE)
#undef API_DECL_STALE

/* ---- result checks
   --------------------------------------------------------------------------- */

const char *api_info_name(GrB_Info info);
/* True when `word` occurs in `text` as a whole identifier (not inside a longer name). */
bool api_mentions(const char *text, const char *word);

/* Fails the test unless got == want, naming both codes and the call. */
void api_check_info_(GrB_Info got, GrB_Info want, const char *call_text, const char *file,
                     int line);
/* Fails the test unless `msg` names the function called in `call_text` (the text up to its
 * '(') and one of the '|'-separated argument names in `args` (NULL: the error concerns no
 * argument). `where` says which message was read, for the failure report. */
void api_check_msg_(const char *msg, const char *where, const char *call_text, const char *args,
                    const char *file, int line);

#define EXPECT_OK(call) EXPECT_INFO(call, GrB_SUCCESS)
#define EXPECT_INFO(call, want) api_check_info_((call), (want), #call, __FILE__, __LINE__)

/* EXPECT_ERR(call, want, args): the call fails with exactly `want`, and the thread's last error
 * (GxG_last_error) names the function and one of `args`. */
#define EXPECT_ERR(call, want, args) API_EXPECT_ERR_(call, #call, want, args)
#define API_EXPECT_ERR_(call, text, want, args)                                                    \
    do {                                                                                           \
        api_check_info_((call), (want), text, __FILE__, __LINE__);                                 \
        api_check_msg_(GxG_last_error(), "GxG_last_error()", text, (args), __FILE__, __LINE__);    \
    } while (0)

/* EXPECT_ERR_ON(obj, call, want, args): as EXPECT_ERR, and GrB_error on the live output object
 * `obj` returns such a message too. */
#define EXPECT_ERR_ON(obj, call, want, args)                                                       \
    do {                                                                                           \
        API_EXPECT_ERR_(call, #call, want, args);                                                  \
        const char *api_msg_ = NULL;                                                               \
        EXPECT_OK(GrB_error(&api_msg_, (obj)));                                                    \
        api_check_msg_(api_msg_, "GrB_error(&msg, " #obj ")", #call, (args), __FILE__, __LINE__);  \
    } while (0)

/* The three ways a handle can be not-an-object, each giving GrB_UNINITIALIZED_OBJECT: memory that
 * never held an object (zeroed, garbage) and a freed object. `call` passes the bad handle as the
 * variable `bad` of type GrB_K. */
#define EXPECT_BAD(K, call, args)                                                                  \
    do {                                                                                           \
        GrB_##K bad = FAKE(GrB_##K);                                                               \
        EXPECT_ERR(call, GrB_UNINITIALIZED_OBJECT, args);                                          \
        bad = GARBAGE(GrB_##K);                                                                    \
        EXPECT_ERR(call, GrB_UNINITIALIZED_OBJECT, args);                                          \
        bad = api_stale_##K();                                                                     \
        EXPECT_ERR(call, GrB_UNINITIALIZED_OBJECT, args);                                          \
    } while (0)

/* ---- the fixture ----------------------------------------------------------------------------- */

/* The C type behind the fixture's user-defined types `pair` and `other` (distinct types of the
 * same size). */
typedef struct {
    double re, im;
} api_pair;

typedef struct {
    GrB_Type pair, other;
    GrB_UnaryOp pair_unop;       /* pair -> pair */
    GrB_BinaryOp pair_binop;     /* pair x pair -> pair */
    GrB_IndexUnaryOp pair_idxop; /* pair x index x pair -> pair */
    GrB_Monoid pair_monoid;
    GrB_Semiring pair_semiring;
    GrB_Matrix A;       /* FP64 4x5, built and then updated (pending work) */
    GrB_Vector v;       /* FP64 of size 6, built and then updated */
    GrB_Matrix A0;      /* FP64 4x5, empty */
    GrB_Vector v0;      /* FP64 of size 6, empty */
    GrB_Matrix U;       /* pair 3x3 with one entry */
    GrB_Vector u;       /* pair of size 3 with one entry */
    GrB_Scalar s;       /* FP64 holding 2.5 */
    GrB_Scalar s_empty; /* FP64 with no entry */
    GrB_Scalar su;      /* pair holding {1, 2} */
    GrB_Scalar so;      /* other, holding {3, 4} */
    GrB_Descriptor desc;
} api_fixture;
extern api_fixture F;

/* One object of each of the eleven kinds, a member per kind named after it. */
#define API_OBJECT_MEMBER(K) GrB_##K K;
typedef struct {
    GxG_GETSET_KINDS(API_OBJECT_MEMBER)
} api_objects;
#undef API_OBJECT_MEMBER
/* The fixture's user-made objects (and GrB_GLOBAL); predefined ones (NULL for the containers,
 * which have none). */
api_objects api_live_objects(void);
api_objects api_predefined_objects(void);

/* cmocka group setup: GrB_init; group teardown: GrB_finalize. Per-test setup builds F afresh
 * (so every test starts with pending work in A and v); teardown frees it. */
int api_group_setup(void **state);
int api_group_teardown(void **state);
int api_setup(void **state);
int api_teardown(void **state);

/* Every fixture object still has exactly the content the setup gave it. */
void api_expect_fixture_(const char *file, int line);
#define EXPECT_FIXTURE_UNTOUCHED() api_expect_fixture_(__FILE__, __LINE__)

/* User functions behind the fixture's operators. */
void api_pair_add(void *z, const void *x, const void *y);
void api_pair_neg(void *z, const void *x);
void api_pair_idx(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y);
void api_fp64_neg(void *z, const void *x);
void api_fp64_add(void *z, const void *x, const void *y);
void api_fp64_idx(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y);

#endif /* API_CHECK_H */
