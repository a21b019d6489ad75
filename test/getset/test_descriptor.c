/* test_descriptor.c: descriptors. Every predefined descriptor decodes to what its identifier says
 * (the identifier is parsed here independently of the table that defines them), GrB_Descriptor_set
 * accepts exactly the (field, value) pairs SuiteSparse 7.4 accepts and combines mask values the
 * way it does, predefined descriptors cannot be changed or freed, and errors leave everything
 * untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "GG_internal.h"
#include "GG_test.h"

/* The decoding a predefined descriptor's identifier promises: GrB_DESC_[R][S][C][T0][T1]. */
static GG_desc parse_identifier(const char *id)
{
    GG_desc d = {.backend = GxG_BACKEND_AUTO};
    const char *s = id + strlen("GrB_DESC_");
    if (*s == 'R') d.replace = true, s++;
    if (*s == 'S') d.mask_struct = true, s++;
    if (*s == 'C') d.mask_comp = true, s++;
    if (strncmp(s, "T0", 2) == 0) d.tran0 = true, s += 2;
    if (strncmp(s, "T1", 2) == 0) d.tran1 = true, s += 2;
    assert_int_equal(*s, '\0');
    return d;
}

static void expect_decoded(GrB_Descriptor desc, GG_desc want)
{
    GG_desc got;
    assert_int_equal(GG_desc_decode(desc, &got), GrB_SUCCESS);
    assert_int_equal(got.replace, want.replace);
    assert_int_equal(got.mask_comp, want.mask_comp);
    assert_int_equal(got.mask_struct, want.mask_struct);
    assert_int_equal(got.tran0, want.tran0);
    assert_int_equal(got.tran1, want.tran1);
    assert_int_equal(got.backend, want.backend);
    assert_int_equal(got.axb_method, want.axb_method);
}

static void test_predefined_decode(void **state)
{
    (void)state;
    int count = 0;
#define GG_CHECK_DESC(NAME, ...)                                                                   \
    expect_decoded(NAME, parse_identifier(#NAME));                                                 \
    count++;
    GxG_DESCRIPTORS(GG_CHECK_DESC)
#undef GG_CHECK_DESC
    assert_int_equal(count, 31);
    /* spot checks that do not go through the parser */
    GG_desc d;
    assert_int_equal(GG_desc_decode(GrB_DESC_RSCT0T1, &d), GrB_SUCCESS);
    assert_true(d.replace && d.mask_comp && d.mask_struct && d.tran0 && d.tran1);
    assert_int_equal(GG_desc_decode(GrB_DESC_S, &d), GrB_SUCCESS);
    assert_true(!d.replace && !d.mask_comp && d.mask_struct && !d.tran0 && !d.tran1);
    assert_int_equal(GrB_DESC_SC->mask, GrB_COMP_STRUCTURE);
    assert_int_equal(GrB_DESC_CT1->inp1, GrB_TRAN);
}

static void test_null_and_new_defaults(void **state)
{
    (void)state;
    expect_decoded(NULL, (GG_desc){.backend = GxG_BACKEND_AUTO});
    GrB_Descriptor d = NULL;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_non_null(d);
    expect_decoded(d, (GG_desc){.backend = GxG_BACKEND_AUTO});
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
    assert_null(d);
}

static void test_set_accepts_what_suitesparse_accepts(void **state)
{
    (void)state;
    /* (field, value) -> accepted, from SuiteSparse 7.4's GrB_Descriptor_set */
    const int values[] = {0, 1, 2, 3, 4, 5, 6, 7, 100, -1};
    const int accepted[4][10] = {
        {1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, /* GrB_OUTP: DEFAULT, REPLACE */
        {1, 0, 1, 0, 1, 0, 1, 0, 0, 0}, /* GrB_MASK: DEFAULT, COMP, STRUCTURE, COMP_STRUCTURE */
        {1, 0, 0, 1, 0, 0, 0, 0, 0, 0}, /* GrB_INP0: DEFAULT, TRAN */
        {1, 0, 0, 1, 0, 0, 0, 0, 0, 0}, /* GrB_INP1: DEFAULT, TRAN */
    };
    for (int field = 0; field < 4; field++) {
        for (int k = 0; k < 10; k++) {
            GrB_Descriptor d;
            assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
            GrB_Info info = GrB_Descriptor_set(d, (GrB_Desc_Field)field, (GrB_Desc_Value)values[k]);
            assert_int_equal(info, accepted[field][k] ? GrB_SUCCESS : GrB_INVALID_VALUE);
            GrB_Desc_Value *slot[4] = {&d->outp, &d->mask, &d->inp0, &d->inp1};
            assert_int_equal(*slot[field], accepted[field][k] ? values[k] : GrB_DEFAULT);
            if (!accepted[field][k]) {
                const char *msg;
                assert_int_equal(GrB_Descriptor_error(&msg, d), GrB_SUCCESS);
                assert_non_null(strstr(msg, "GrB_Descriptor_set"));
            }
            assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
        }
    }
}

static void test_mask_combines(void **state)
{
    (void)state;
    GrB_Descriptor d;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE), GrB_SUCCESS);
    assert_int_equal(d->mask, GrB_COMP_STRUCTURE);
    expect_decoded(d, (GG_desc){.mask_comp = true, .mask_struct = true});
    /* structure again changes nothing; default resets */
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE), GrB_SUCCESS);
    assert_int_equal(d->mask, GrB_COMP_STRUCTURE);
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_DEFAULT), GrB_SUCCESS);
    assert_int_equal(d->mask, GrB_DEFAULT);
    /* the other order */
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE), GrB_SUCCESS);
    assert_int_equal(d->mask, GrB_STRUCTURE);
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP), GrB_SUCCESS);
    assert_int_equal(d->mask, GrB_COMP_STRUCTURE);
    /* the others overwrite */
    assert_int_equal(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN), GrB_SUCCESS);
    expect_decoded(d, (GG_desc){true, true, true, true, true, GxG_BACKEND_AUTO, GxB_DEFAULT});
    assert_int_equal(GrB_Descriptor_set(d, GrB_OUTP, GrB_DEFAULT), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GrB_INP1, GrB_DEFAULT), GrB_SUCCESS);
    expect_decoded(d, (GG_desc){false, true, true, true, false, GxG_BACKEND_AUTO, GxB_DEFAULT});
    /* GxB_AxB_METHOD reaches the backends (the CPU mxm honours it) */
    assert_int_equal(GrB_Descriptor_set(d, GxB_AxB_METHOD, GxB_AxB_DOT), GrB_SUCCESS);
    expect_decoded(d, (GG_desc){false, true, true, true, false, GxG_BACKEND_AUTO, GxB_AxB_DOT});
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
}

static void test_backend_field(void **state)
{
    (void)state;
    GrB_Descriptor d;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_int_equal(
        GrB_Descriptor_set(d, (GrB_Desc_Field)GxG_BACKEND, (GrB_Desc_Value)GxG_BACKEND_CPU),
        GrB_SUCCESS);
    expect_decoded(d, (GG_desc){.backend = GxG_BACKEND_CPU});
    assert_int_equal(GrB_Descriptor_set(d, (GrB_Desc_Field)GxG_BACKEND, (GrB_Desc_Value)3),
                     GrB_INVALID_VALUE);
    expect_decoded(d, (GG_desc){.backend = GxG_BACKEND_CPU});
    assert_int_equal(GrB_Descriptor_set_INT32(d, GxG_BACKEND_CUDA, GxG_BACKEND), GrB_SUCCESS);
    expect_decoded(d, (GG_desc){.backend = GxG_BACKEND_CUDA});
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
}

static void test_set_errors(void **state)
{
    (void)state;
    GrB_Descriptor d;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, (GrB_Desc_Field)4, GrB_DEFAULT), GrB_INVALID_VALUE);
    assert_int_equal(GrB_Descriptor_set(d, (GrB_Desc_Field)-1, GrB_DEFAULT), GrB_INVALID_VALUE);
    const char *msg;
    assert_int_equal(GrB_Descriptor_error(&msg, d), GrB_SUCCESS);
    assert_non_null(strstr(msg, "GrB_Descriptor_set"));
    assert_non_null(strstr(msg, "field"));
    /* a later success clears the recorded error */
    assert_int_equal(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_error(&msg, d), GrB_SUCCESS);
    assert_string_equal(msg, "");

    assert_int_equal(GrB_Descriptor_set(NULL, GrB_OUTP, GrB_REPLACE), GrB_NULL_POINTER);
    assert_non_null(strstr(GxG_last_error(), "desc"));
    assert_int_equal(GrB_Descriptor_new(NULL), GrB_NULL_POINTER);

    GrB_Descriptor stale = d;
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
    assert_null(d);
    assert_int_equal(GrB_Descriptor_set(stale, GrB_OUTP, GrB_REPLACE), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(GrB_Descriptor_wait(stale, GrB_COMPLETE), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(GrB_Descriptor_free(&stale), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(GG_desc_decode(stale, &(GG_desc){0}), GrB_UNINITIALIZED_OBJECT);
}

static void test_predefined_are_read_only(void **state)
{
    (void)state;
#define GG_TRY_MODIFY(NAME, OUTP, MASK, INP0, INP1)                                                \
    assert_int_equal(GrB_Descriptor_set(NAME, GrB_OUTP, GrB_REPLACE), GrB_INVALID_VALUE);          \
    assert_int_equal(GrB_Descriptor_set(NAME, GrB_MASK, GrB_DEFAULT), GrB_INVALID_VALUE);          \
    assert_int_equal(GrB_Descriptor_set(NAME, GrB_INP0, GrB_DEFAULT), GrB_INVALID_VALUE);          \
    assert_int_equal(GrB_Descriptor_set_INT32(NAME, GxG_BACKEND_CPU, GxG_BACKEND),                 \
                     GrB_INVALID_VALUE);                                                           \
    assert_true(NAME->outp == OUTP && NAME->mask == MASK && NAME->inp0 == INP0 &&                  \
                NAME->inp1 == INP1 && NAME->backend == GxG_BACKEND_AUTO);                          \
    {                                                                                              \
        GrB_Descriptor keep = NAME;                                                                \
        assert_int_equal(GrB_Descriptor_free(&keep), GrB_SUCCESS);                                 \
        assert_ptr_equal(keep, NAME);                                                              \
        assert_int_equal(GrB_Descriptor_wait(keep, GrB_MATERIALIZE), GrB_SUCCESS);                 \
    }
    GxG_DESCRIPTORS(GG_TRY_MODIFY)
#undef GG_TRY_MODIFY
    assert_non_null(strstr(GxG_last_error(), "predefined"));
}

static void test_free_and_wait(void **state)
{
    (void)state;
    assert_int_equal(GrB_Descriptor_free(NULL), GrB_SUCCESS);
    GrB_Descriptor d = NULL;
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
    int64_t live = GG_mem_live_blocks();
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_int_equal(GG_mem_live_blocks(), live + 1);
    assert_int_equal(GrB_Descriptor_wait(d, GrB_COMPLETE), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_wait(d, GrB_MATERIALIZE), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_wait(d, (GrB_WaitMode)2), GrB_INVALID_VALUE);
    assert_int_equal(GrB_Descriptor_wait(NULL, GrB_COMPLETE), GrB_NULL_POINTER);
    assert_int_equal(GrB_Descriptor_free(&d), GrB_SUCCESS);
    assert_int_equal(GG_mem_live_blocks(), live);
}

static void test_out_of_memory(void **state)
{
    (void)state;
    GrB_Descriptor d = (GrB_Descriptor)0x1;
    GG_mem_fail_after(1);
    assert_int_equal(GrB_Descriptor_new(&d), GrB_OUT_OF_MEMORY);
    GG_mem_fail_after(0);
    assert_ptr_equal(d, (GrB_Descriptor)0x1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_predefined_decode, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_null_and_new_defaults, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_set_accepts_what_suitesparse_accepts, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_mask_combines, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_backend_field, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_set_errors, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_predefined_are_read_only, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_free_and_wait, GG_test_setup, GG_test_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, GG_test_setup, GG_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
