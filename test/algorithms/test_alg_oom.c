/* test_alg_oom.c: every algorithm under allocation failure. For k = 1, 2, ... the k-th library
 * allocation fails; the algorithm must then return GrB_OUT_OF_MEMORY with a message, leave its
 * output untouched and leak no block, until k is past its last allocation and it succeeds.
 * Links the internals (gg_core) for the allocator's failure injection and live-block count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "GG_internal.h"
#include "grb_algorithms.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define SENTINEL ((GrB_Vector)(uintptr_t)0x5e7)

static GrB_Matrix A, S;

/* 12 vertices: a directed 6-cycle with chords, a triangle, an edge, an isolated vertex. */
static int setup(void **state)
{
    (void)state;
    const GrB_Index I[] = {0, 1, 2, 3, 4, 5, 0, 2, 6, 7, 8, 9}, J[] = {1, 2, 3, 4, 5, 0, 3, 5, 7, 8, 6, 10};
    const double X[] = {1, 0, 2, 3, 1, 2, 5, 1, 1, 2, 3, 1};
    const GrB_Index n = 12, nv = sizeof I / sizeof I[0];
    if (GrB_Matrix_new(&A, GrB_FP64, n, n) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_build_FP64(A, I, J, X, nv, GrB_PLUS_FP64) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_new(&S, GrB_BOOL, n, n) != GrB_SUCCESS) return 1;
    return GrB_Matrix_eWiseAdd_BinaryOp(S, NULL, NULL, GrB_LOR, A, A, GrB_DESC_T1) != GrB_SUCCESS;
}

static int teardown(void **state)
{
    (void)state;
    GrB_Matrix_free(&A);
    GrB_Matrix_free(&S);
    return 0;
}

static GrB_Info bfs_both(GrB_Vector *out, char *msg)
{
    GrB_Vector parent = SENTINEL;
    GrB_Info info = GG_alg_bfs(out, &parent, A, 0, GG_BFS_AUTO, msg);
    if (info == GrB_SUCCESS) return GrB_Vector_free(&parent);
    assert_ptr_equal(parent, SENTINEL);
    return info;
}
static GrB_Info bfs_pull(GrB_Vector *out, char *msg)
{
    return GG_alg_bfs(NULL, out, A, 1, GG_BFS_PULL, msg);
}
static GrB_Info bfs_push(GrB_Vector *out, char *msg)
{
    return GG_alg_bfs(out, NULL, A, 2, GG_BFS_PUSH, msg);
}
static GrB_Info sssp_bf(GrB_Vector *out, char *msg)
{
    return GG_alg_sssp_bellman_ford(out, A, 0, msg);
}
static GrB_Info sssp_delta(GrB_Vector *out, char *msg)
{
    return GG_alg_sssp_delta(out, A, 0, 1.5, msg);
}
static GrB_Info bc(GrB_Vector *out, char *msg)
{
    const GrB_Index sources[3] = {0, 3, 6};
    return GG_alg_bc(out, A, sources, 3, msg);
}
static GrB_Info pagerank(GrB_Vector *out, char *msg)
{
    return GG_alg_pagerank(out, NULL, A, 0.85, 1e-6, 100, msg);
}
static GrB_Info cc_sym(GrB_Vector *out, char *msg)
{
    return GG_alg_cc(out, S, true, msg);
}
static GrB_Info cc_dir(GrB_Vector *out, char *msg)
{
    return GG_alg_cc(out, A, false, msg);
}
static GrB_Info cc_propagate_sym(GrB_Vector *out, char *msg)
{
    return GG_alg_cc_propagate(out, S, true, msg);
}
static GrB_Info cc_propagate_dir(GrB_Vector *out, char *msg)
{
    return GG_alg_cc_propagate(out, A, false, msg);
}
/* TC has a scalar output: report it through the vector handle's sentinel. The vector is made
 * first, so that every allocation after it is the algorithm's (made last, its own failure would
 * come after a successful run, with no message). */
static GrB_Info tc(GrB_Vector *out, char *msg)
{
    uint64_t count = 99;
    GrB_Vector v;
    GrB_Info info = GrB_Vector_new(&v, GrB_BOOL, 1);
    if (info != GrB_SUCCESS) {
        snprintf(msg, GG_ALG_MSG_LEN, "GrB_OUT_OF_MEMORY from GrB_Vector_new");
        return info;
    }
    info = GG_alg_tc(&count, S, msg);
    if (info == GrB_SUCCESS) {
        assert_int_equal(count, 1);
        *out = v;
        return info;
    }
    assert_int_equal(count, 99);
    GrB_Vector_free(&v);
    return info;
}

typedef struct {
    const char *name;
    GrB_Info (*run)(GrB_Vector *out, char *msg);
} oom_case;

static void sweep(void **state)
{
    const oom_case *c = *state;
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector out = NULL;
    /* a first run builds whatever the library caches on the inputs */
    OK(c->run(&out, msg));
    OK(GrB_Vector_free(&out));
    int64_t k = 1;
    for (;; k++) {
        assert_true(k < 100000);
        out = SENTINEL;
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = c->run(&out, msg);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        if (info != GrB_OUT_OF_MEMORY)
            fail_msg("%s, allocation %lld: %d (%s)", c->name, (long long)k, info, msg);
        if (strstr(msg, "GrB_OUT_OF_MEMORY") == NULL)
            fail_msg("%s, allocation %lld: message '%s'", c->name, (long long)k, msg);
        assert_ptr_equal(out, SENTINEL);
        if (GG_mem_live_blocks() != live)
            fail_msg("%s, allocation %lld: %lld blocks leaked", c->name, (long long)k,
                     (long long)(GG_mem_live_blocks() - live));
    }
    assert_true(k > 1);
    OK(GrB_Vector_free(&out));
}

int main(void)
{
    static const oom_case cases[] = {
        {"bfs", bfs_both},          {"bfs pull", bfs_pull},
        {"bfs push", bfs_push},     {"sssp bellman-ford", sssp_bf},
        {"sssp delta", sssp_delta}, {"bc", bc},
        {"pagerank", pagerank},     {"tc", tc},
        {"cc symmetric", cc_sym},   {"cc directed", cc_dir},
        {"cc propagate symmetric", cc_propagate_sym},
        {"cc propagate directed", cc_propagate_dir},
    };
    struct CMUnitTest tests[sizeof cases / sizeof cases[0]];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        tests[i] = (struct CMUnitTest){cases[i].name, sweep, NULL, NULL, (void *)&cases[i]};
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    int64_t live = GG_mem_live_blocks();
    int failed =
        _cmocka_run_group_tests("algorithms_oom", tests, sizeof tests / sizeof tests[0], setup, teardown);
    if (GG_mem_live_blocks() != live) {
        print_error("%lld blocks leaked\n", (long long)(GG_mem_live_blocks() - live));
        failed++;
    }
    GrB_finalize();
    return failed;
}
