/* test_storage.c: the storage targets on generated graphs (small versions of the ones measured
 * for Doc/hisparse.md by hs_report): HiSparse bytes <= CSR (32-bit indices) on every matrix,
 * <= 0.8 x CSR on grid, banded, FEM-like and localized matrices, <= 0.6 x COO over the set; the
 * same with pattern-only (iso) trees against pattern CSR. Prints the storage report. */
#include "hs_test.h"

#include "hs_gen.h"
#include "GG_test.h"

typedef struct {
    const char *name;
    bool local; /* grid, banded, FEM-like, localized: the 0.8 x CSR target */
    gen_coo g;
} graph;

static void measure(graph *G, bool pattern, uint64_t *hs_total, uint64_t *coo_total)
{
    float one = 1;
    GG_hs_tuples in = {G->g.I, G->g.J, pattern ? (void *)&one : (void *)G->g.X, GrB_FP32, pattern,
                       G->g.n};
    GG_hs_matrix A;
    OK(GG_hs_build(&A, GrB_FP32, G->g.nrows, G->g.ncols, &in, GrB_PLUS_FP32, 0));
    check_tree(&A);
    assert_true(A.iso == pattern);
    GG_hs_report s;
    OK(GG_hs_stats(&A, &s));
    char name[64];
    snprintf(name, sizeof name, "%s%s", G->name, pattern ? " (pattern)" : "");
    GG_hs_stats_print(stdout, name, &s);
    if (s.bytes > s.csr32) fail_msg("%s: %llu bytes > CSR %llu", name, (unsigned long long)s.bytes, (unsigned long long)s.csr32);
    if (G->local && (double)s.bytes > 0.8 * (double)s.csr32)
        fail_msg("%s: %.3f x CSR > 0.8", name, (double)s.bytes / (double)s.csr32);
    *hs_total += s.bytes;
    *coo_total += s.coo32;
    GG_hs_free(&A);
}

static void test_storage_targets(void **state)
{
    (void)state;
    graph G[] = {{"grid 300x300", true, {0}},   {"banded n=20000 w=16", true, {0}},
                 {"FEM 9-point 200x200", true, {0}}, {"localized n=8000", true, {0}},
                 {"uniform n=2^16 8/row", false, {0}}, {"RMAT scale 14 ef 16", false, {0}},
                 {"dense 300x300", false, {0}}};
    gen_grid(&G[0].g, 300, 1);
    gen_banded(&G[1].g, 20000, 16, 0.6, 2);
    gen_fem(&G[2].g, 200, 3);
    gen_localized(&G[3].g, 8000, 4);
    gen_uniform(&G[4].g, 1 << 16, 8 << 16, 5);
    gen_rmat(&G[5].g, 14, 16, 6);
    gen_dense(&G[6].g, 300, 7);
    for (int pattern = 0; pattern < 2; pattern++) {
        uint64_t hs = 0, coo = 0;
        for (size_t k = 0; k < sizeof G / sizeof G[0]; k++) measure(&G[k], pattern, &hs, &coo);
        printf("overall%s: HiSparse / COO32 = %.3f\n", pattern ? " (pattern)" : "", (double)hs / (double)coo);
        assert_true((double)hs <= 0.6 * (double)coo);
    }
    for (size_t k = 0; k < sizeof G / sizeof G[0]; k++) gen_free(&G[k].g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_storage_targets)};
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
