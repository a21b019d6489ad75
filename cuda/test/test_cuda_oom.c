/* test_cuda_oom.c: device allocation failures (issue 15). With CUDA forced, each call runs with
 * the k-th device allocation failing (GG_cuda_fail_after), k = 1, 2, ... until the call no longer
 * reaches the failure: the CUDA vector slots (apply, select, eWiseAdd/eWiseMult, assign, extract,
 * reduce to a scalar and to a vector, mxv/vxm by push, pull and the tree product), a BFS loop,
 * a PageRank loop and a triangle count (algorithms/; its mxm is the masked dot product). Each call is swept twice: with every argument fresh on the host
 * (so the uploads fail too) and with the inputs and the output already on the device. Under
 * compute-sanitizer (GG_TEST_SANITIZER set) the algorithms run on a smaller grid.
 *
 * The rule (Doc/testing.md): a device allocation that fails makes the call return
 * GrB_OUT_OF_MEMORY, every argument reads back as it was, and a retry succeeds with the CPU's
 * result; no device buffer (GG_cuda_live_allocs) and no host block (GG_mem_live_blocks) is left
 * behind once the call's objects are freed. A call may instead succeed with the right result
 * (a path that needs less memory); such k are counted as "absorbed" and printed, never a silent
 * wrong answer. Each sweep prints how many k it tried and the counts of crashes (the process would
 * not get here), wrong codes, leaks and corrupted arguments; all must be zero.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_internal.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_mxv_svm.h"
#include "GG_cuda_test.h"
#include "GG_snapshot.h"
#include "grb_algorithms.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define NA 4
#define N 4096 /* vector length: sparse below N / 32 = 128 entries */
static int side = 16;   /* the algorithms' grid: 256 vertices (8 x 8 under a sanitizer) */
static int pr_iters = 8; /* PageRank's iterations (3 under a sanitizer) */

typedef struct {
    GrB_Matrix M[NA];
    GrB_Vector V[NA];
    double s; /* a C scalar output (reduce) */
} args;

typedef GrB_Info (*op_fn)(args *a);

typedef struct {
    GG_snap M[NA], V[NA];
    double s;
} snaps;

static struct {
    long sweeps, tried, codes, leaks, corrupted, wrong, absorbed, declined;
} total;

static double tolerance; /* relative, for results compared with the CPU's (PageRank) */
/* Sweeping an algorithm: some of its calls may run on the CPU (declines), the rest still sweep. */
static bool algorithm;

/* ---- snapshots through the API --------------------------------------------------------------- */

static snaps take(const args *a)
{
    snaps s;
    for (int k = 0; k < NA; k++)
        s.M[k] = GG_snap_take(a->M[k], NULL), s.V[k] = GG_snap_take(NULL, a->V[k]);
    s.s = a->s;
    return s;
}

static void snaps_free(snaps *s)
{
    for (int k = 0; k < NA; k++) GG_snap_free(&s->M[k]), GG_snap_free(&s->V[k]);
}

static bool snaps_same(const snaps *a, const snaps *b)
{
    for (int k = 0; k < NA; k++)
        if (!GG_snap_same(&a->M[k], &b->M[k], tolerance) ||
            !GG_snap_same(&a->V[k], &b->V[k], tolerance))
            return false;
    return GG_snap_close(a->s, b->s, tolerance);
}

/* ---- copies: fresh on the host, or kept (already on the device) ------------------------------ */

/* A new FP64 object (every object here is FP64) holding s's tuples, built on the host: nothing of
 * it is on the device. */
static void rebuild(GrB_Matrix *A, GrB_Vector *v, const GG_snap *s)
{
    if (!s->present) return;
    if (A != NULL) {
        OK(GrB_Matrix_new(A, GrB_FP64, s->nr, s->nc));
        OK(GrB_Matrix_build_FP64(*A, s->I, s->J, s->X, s->nv, NULL));
        OK(GrB_Matrix_wait(*A, GrB_MATERIALIZE));
    } else {
        OK(GrB_Vector_new(v, GrB_FP64, s->nr));
        OK(GrB_Vector_build_FP64(*v, s->I, s->X, s->nv, NULL));
        OK(GrB_Vector_wait(*v, GrB_MATERIALIZE));
    }
}

static void backend(int32_t b)
{
    OK(GrB_set(GrB_GLOBAL, b, GxG_BACKEND));
}

static size_t declines(void)
{
    size_t n = 0;
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &n, GxG_CUDA_DECLINES));
    return n;
}

/* Makes every object of a resident on the device: an identity apply under CUDA writes a vector
 * there; a matrix goes up on its first device use (the expected run). */
static void to_device(args *a)
{
    for (int k = 0; k < NA; k++)
        if (a->V[k] != NULL)
            OK(GrB_Vector_apply(a->V[k], NULL, NULL, GrB_IDENTITY_FP64, a->V[k], NULL));
}

/* ---- the sweep ------------------------------------------------------------------------------- */

/* Sweeps k over op. `resident`: the inputs are orig's own objects, made device-resident by the
 * expected run, and the output (slot 0) is put on the device before each call; otherwise every
 * argument is rebuilt on the host for each k. Returns false when CUDA declined the call (nothing
 * swept). */
static bool sweep(const char *name, op_fn op, args *orig, bool resident)
{
    snaps before = take(orig);

    /* the expected result: the CPU's */
    args e = *orig;
    for (int k = 0; k < NA; k++) {
        e.M[k] = NULL, e.V[k] = NULL;
        rebuild(&e.M[k], NULL, &before.M[k]);
        rebuild(NULL, &e.V[k], &before.V[k]);
    }
    backend(GxG_BACKEND_CPU);
    OK(op(&e));
    snaps after = take(&e);
    for (int k = 0; k < NA; k++) GrB_Matrix_free(&e.M[k]), GrB_Vector_free(&e.V[k]);

    /* one run on the device, which also makes orig's inputs resident */
    backend(GxG_BACKEND_CUDA);
    size_t d0 = declines();
    e = *orig;
    OK(GrB_Vector_dup(&e.V[0], orig->V[0]));
    if (resident) to_device(orig);
    OK(op(&e));
    GrB_Vector_free(&e.V[0]);
    if (declines() != d0 && !algorithm) {
        printf("%-44s cuda declined it: not swept\n", name);
        total.declined++;
        snaps_free(&before), snaps_free(&after);
        return false;
    }
    /* a read brings the kept inputs' host copies back (their device copies stay current), so the
     * reads after each call below allocate nothing that outlives it */
    snaps warm = take(orig);
    snaps_free(&warm);

    long codes = 0, leaks = 0, corrupted = 0, wrong = 0, absorbed = 0, failed = 0;
    int64_t k;
    for (k = 1; k < 100000; k++) {
        int64_t host_base = GG_mem_live_blocks(), dev_base = GG_cuda_live_allocs();
        args a = *orig;
        for (int q = 0; q < NA; q++) {
            if (!resident) a.M[q] = NULL, rebuild(&a.M[q], NULL, &before.M[q]);
            if (!resident || q == 0) a.V[q] = NULL, rebuild(NULL, &a.V[q], &before.V[q]);
        }
        if (resident && a.V[0] != NULL)
            OK(GrB_Vector_apply(a.V[0], NULL, NULL, GrB_IDENTITY_FP64, a.V[0], NULL));
        GG_cuda_fail_after(k);
        GrB_Info info = op(&a);
        bool reached = GG_cuda_fail_after(0) == 0;
        snaps s = take(&a);
        if (!reached || info == GrB_SUCCESS) {
            if (info != GrB_SUCCESS) codes++;
            else if (!snaps_same(&s, &after)) wrong++;
            else if (reached) absorbed++;
        } else {
            failed++;
            if (info != GrB_OUT_OF_MEMORY) codes++;
            if (!snaps_same(&s, &before)) corrupted++;
            snaps_free(&s);
            info = op(&a); /* the retry */
            s = take(&a);
            if (info != GrB_SUCCESS || !snaps_same(&s, &after)) wrong++;
        }
        snaps_free(&s);
        for (int q = 0; q < NA; q++) {
            if (a.M[q] != orig->M[q]) GrB_Matrix_free(&a.M[q]);
            if (a.V[q] != orig->V[q]) GrB_Vector_free(&a.V[q]);
        }
        if (GG_mem_live_blocks() != host_base || GG_cuda_live_allocs() != dev_base) leaks++;
        if (!reached) break;
    }
    printf("%-44s k = 1..%-4lld crashes 0, wrong codes %ld, leaks %ld, corrupted %ld, wrong "
           "results %ld (absorbed %ld)\n",
           name, (long long)k, codes, leaks, corrupted, wrong, absorbed);
    fflush(stdout);
    total.sweeps++, total.tried += k, total.codes += codes, total.leaks += leaks;
    total.corrupted += corrupted, total.wrong += wrong, total.absorbed += absorbed;
    snaps now = take(orig);
    assert_true(snaps_same(&now, &before));
    snaps_free(&now), snaps_free(&before), snaps_free(&after);
    assert_true(failed > 0); /* the call reached device allocations */
    return true;
}

/* Both variants of one call; true when the device took it. */
static bool sweep_both(const char *name, op_fn op, args *orig)
{
    char full[96];
    snprintf(full, sizeof full, "%s, host inputs", name);
    bool took = sweep(full, op, orig, false);
    snprintf(full, sizeof full, "%s, resident", name);
    return sweep(full, op, orig, true) && took;
}

/* ---- inputs ---------------------------------------------------------------------------------- */

static GrB_Vector vec(GrB_Index n, GrB_Index nvals, double base)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_FP64, n));
    for (GrB_Index e = 0; e < nvals; e++) {
        GrB_Index i = nvals == n ? e : (e * 7919 + 13) % n;
        OK(GrB_Vector_setElement_FP64(v, base + (double)(i % 9) - 4, i));
    }
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return v;
}

/* A random square matrix of small integers, about `deg` entries per row. */
static GrB_Matrix mat(GrB_Index n, GrB_Index deg)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, n, n));
    for (GrB_Index i = 0; i < n; i++)
        for (GrB_Index e = 0; e < deg; e++)
            OK(GrB_Matrix_setElement_FP64(A, (double)(GG_cuda_test_next() % 5) + 1, i,
                                          GG_cuda_test_next() % n));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

static GrB_Matrix grid(void)
{
    GrB_Matrix A;
    GrB_Index n = (GrB_Index)side;
    OK(GrB_Matrix_new(&A, GrB_FP64, n * n, n * n));
    for (GrB_Index r = 0; r < n; r++) {
        for (GrB_Index c = 0; c < n; c++) {
            GrB_Index v = r * n + c;
            if (c + 1 < n) {
                OK(GrB_Matrix_setElement_FP64(A, 1, v, v + 1));
                OK(GrB_Matrix_setElement_FP64(A, 1, v + 1, v));
            }
            if (r + 1 < n) {
                OK(GrB_Matrix_setElement_FP64(A, 1, v, v + n));
                OK(GrB_Matrix_setElement_FP64(A, 1, v + n, v));
            }
        }
    }
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

static GrB_Descriptor d_comp_replace, d_tran;
#define NLIST 1024 /* assign's and extract's index list: distinct indices of N, out of order */
static GrB_Index list[NLIST];

/* ---- the calls ------------------------------------------------------------------------------- */

static GrB_Info op_apply(args *a)
{
    return GrB_Vector_apply(a->V[0], a->V[2], GrB_PLUS_FP64, GrB_AINV_FP64, a->V[1], NULL);
}

static GrB_Info op_select(args *a)
{
    return GrB_Vector_select_FP64(a->V[0], a->V[2], NULL, GrB_VALUEGT_FP64, a->V[1], 0,
                                  d_comp_replace);
}

static GrB_Info op_ewise_add(args *a)
{
    return GrB_Vector_eWiseAdd_BinaryOp(a->V[0], a->V[3], GrB_PLUS_FP64, GrB_MAX_FP64, a->V[1],
                                        a->V[2], NULL);
}

static GrB_Info op_ewise_mult(args *a)
{
    return GrB_Vector_eWiseMult_BinaryOp(a->V[0], a->V[3], NULL, GrB_TIMES_FP64, a->V[1], a->V[2],
                                         d_comp_replace);
}

static GrB_Info op_assign(args *a)
{
    return GrB_Vector_assign(a->V[0], NULL, GrB_PLUS_FP64, a->V[1], list, NLIST, NULL);
}

static GrB_Info op_assign_scalar(args *a)
{
    return GrB_Vector_assign_FP64(a->V[0], a->V[2], NULL, 2.5, GrB_ALL, N, d_comp_replace);
}

static GrB_Info op_extract(args *a)
{
    return GrB_Vector_extract(a->V[0], NULL, GrB_PLUS_FP64, a->V[1], list, NLIST, NULL);
}

static GrB_Info op_reduce_scalar(args *a)
{
    return GrB_Vector_reduce_FP64(&a->s, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, a->V[1], NULL);
}

static GrB_Info op_reduce_rows(args *a)
{
    return GrB_Matrix_reduce_Monoid(a->V[0], a->V[2], NULL, GrB_PLUS_MONOID_FP64, a->M[0], NULL);
}

static GrB_Info op_mxv(args *a)
{
    return GrB_mxv(a->V[0], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, a->M[0], a->V[1], NULL);
}

static GrB_Info op_mxv_masked(args *a)
{
    return GrB_mxv(a->V[0], a->V[2], GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, a->M[0], a->V[1],
                   d_comp_replace);
}

static GrB_Info op_vxm(args *a)
{
    return GrB_vxm(a->V[0], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, a->V[1], a->M[0], NULL);
}

static GrB_Info op_mxv_tran(args *a)
{
    return GrB_mxv(a->V[0], NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, a->M[0], a->V[1], d_tran);
}

#define SENTINEL ((GrB_Vector)(uintptr_t)0x5e7)

/* An algorithm's result replaces V[0]; its output handle must stay untouched on failure. */
static GrB_Info finish_alg(args *a, GrB_Info info, GrB_Vector out)
{
    if (info != GrB_SUCCESS) return out == SENTINEL ? info : GrB_PANIC;
    GrB_Vector_free(&a->V[0]);
    a->V[0] = out;
    return GrB_SUCCESS;
}

static GrB_Info op_bfs(args *a)
{
    GrB_Vector lv = SENTINEL;
    char msg[GG_ALG_MSG_LEN];
    GrB_Info info = GG_alg_bfs(&lv, NULL, a->M[0], 0, GG_BFS_PUSH, msg);
    return finish_alg(a, info, lv);
}

static GrB_Info op_pagerank(args *a)
{
    GrB_Vector r = SENTINEL;
    char msg[GG_ALG_MSG_LEN];
    int it;
    GrB_Info info = GG_alg_pagerank(&r, &it, a->M[0], 0.85, 0, pr_iters, msg);
    return finish_alg(a, info, r);
}

/* Triangle counting (select, the masked dot product of mxm, reduce); the count in s. */
static GrB_Info op_tc(args *a)
{
    uint64_t t = 0;
    char msg[GG_ALG_MSG_LEN];
    GrB_Info info = GG_alg_tc(&t, a->M[0], msg);
    if (info == GrB_SUCCESS) a->s = (double)t;
    return info;
}

/* ---- tests ----------------------------------------------------------------------------------- */

static const GrB_Index forms[] = {40, 1600, N}; /* sparse, bitmap and full vectors of N */
static const char *form_name[] = {"sparse", "bitmap", "full"};

static void test_vector_slots(void **state)
{
    (void)state;
    char name[96];
    int took[8] = {0};
    for (int f = 0; f < 3; f++) {
        int g = (f + 1) % 3;
        args in = {{NULL}, {vec(N, forms[g], 0), vec(N, forms[f], 1), vec(N, forms[(f + 2) % 3], 0),
                            vec(N, forms[g], 2)}, 0};
        /* short: the argument (0 the output, 1 the input) that has the index list's length */
        struct {
            const char *what;
            op_fn op;
            int family, short_arg;
        } calls[] = {
            {"apply <m>+=", op_apply, 0, -1},
            {"select <!m,r>", op_select, 1, -1},
            {"eWiseAdd <m>+=", op_ewise_add, 2, -1},
            {"eWiseMult <!m,r>", op_ewise_mult, 2, -1},
            {"assign (I)+=", op_assign, 3, 1},
            {"assign scalar <!m,r>", op_assign_scalar, 3, -1},
            {"extract (I)+=", op_extract, 4, 0},
            {"reduce to a C scalar", op_reduce_scalar, 5, -1},
        };
        for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
            snprintf(name, sizeof name, "%s, %s u", calls[c].what, form_name[f]);
            int q = calls[c].short_arg;
            GrB_Vector keep = q < 0 ? NULL : in.V[q];
            if (q >= 0) in.V[q] = vec(NLIST, forms[f] * NLIST / N, (double)q);
            took[calls[c].family] |= sweep_both(name, calls[c].op, &in);
            if (q >= 0) GrB_Vector_free(&in.V[q]), in.V[q] = keep;
        }
        for (int q = 0; q < NA; q++) GrB_Vector_free(&in.V[q]);
    }
    /* rows of a matrix reduced to a vector */
    args in = {{mat(N, 4)}, {vec(N, 1600, 0), NULL, vec(N, 1600, 1)}, 0};
    took[6] |= sweep_both("reduce rows to a vector <m>", op_reduce_rows, &in);
    GrB_Matrix_free(&in.M[0]);
    for (int q = 0; q < NA; q++) GrB_Vector_free(&in.V[q]);
    for (int fam = 0; fam < 7; fam++) assert_true(took[fam]); /* every slot was swept */
}

static void test_mxv(void **state)
{
    (void)state;
    char name[96];
    GrB_Matrix A = mat(N, 8);
    int took = 0;
    for (int f = 0; f < 3; f++) {
        /* sparse u: the push; bitmap: the pull; full: the tree/CMRS product (A' u), or the pull */
        args in = {{A},
                   {vec(N, forms[(f + 1) % 3], 0), vec(N, forms[f], 1), vec(N, forms[f], 0)},
                   0};
        snprintf(name, sizeof name, "mxv, %s u", form_name[f]);
        took += sweep_both(name, op_mxv, &in);
        snprintf(name, sizeof name, "mxv <!m,r>+= min.+, %s u", form_name[f]);
        took += sweep_both(name, op_mxv_masked, &in);
        snprintf(name, sizeof name, "vxm, %s u", form_name[f]);
        took += sweep_both(name, op_vxm, &in);
        snprintf(name, sizeof name, "mxv A', %s u", form_name[f]);
        took += sweep_both(name, op_mxv_tran, &in);
        if (f < 2) {
            /* the other mode forced: a bitmap u pushed (its flags read in place),
             * a sparse u pulled (on A's compact view, made on demand) */
            GG_cuda_mxv_force(f == 0 ? GG_CUDA_MXV_PULL : GG_CUDA_MXV_PUSH);
            snprintf(name, sizeof name, "mxv, %s u, %s forced", form_name[f],
                     f == 0 ? "pull" : "push");
            took += sweep_both(name, op_mxv, &in);
            snprintf(name, sizeof name, "mxv <!m,r>+= min.+, %s u, %s forced", form_name[f],
                     f == 0 ? "pull" : "push");
            took += sweep_both(name, op_mxv_masked, &in);
            GG_cuda_mxv_force(GG_CUDA_MXV_RULE);
        }
        in.M[0] = NULL;
        for (int q = 0; q < NA; q++) GrB_Vector_free(&in.V[q]);
    }
    GrB_Matrix_free(&A);
    assert_int_equal(took, 16);
}

static void test_algorithms(void **state)
{
    (void)state;
    args in = {{grid()}, {vec((GrB_Index)(side * side), 0, 0)}, 0};
    algorithm = true;
    char name[96];
    snprintf(name, sizeof name, "BFS (push) on a %dx%d grid", side, side);
    assert_true(sweep_both(name, op_bfs, &in));
    tolerance = 1e-9; /* PageRank's sums may be added in another order on the device */
    snprintf(name, sizeof name, "PageRank (%d iterations) on a %dx%d grid", pr_iters, side, side);
    assert_true(sweep_both(name, op_pagerank, &in));
    tolerance = 0;
    GrB_Matrix_free(&in.M[0]);
    GrB_Vector_free(&in.V[0]);
    /* about 10 entries per row of L: many triangles, so the reduce runs on the device too */
    args t = {{mat(200, 20)}, {vec(200, 0, 0)}, 0};
    assert_true(sweep_both("triangle count on a random 200-vertex graph", op_tc, &t));
    algorithm = false;
    GrB_Matrix_free(&t.M[0]);
    GrB_Vector_free(&t.V[0]);
}

static void test_totals(void **state)
{
    (void)state;
    printf("TOTAL %ld sweeps, %ld k tried: crashes 0, wrong codes %ld, leaks %ld, corrupted %ld, "
           "wrong results %ld; absorbed %ld, declined %ld\n",
           total.sweeps, total.tried, total.codes, total.leaks, total.corrupted, total.wrong,
           total.absorbed, total.declined);
    assert_int_equal(total.codes + total.leaks + total.corrupted + total.wrong, 0);
}

int main(void)
{
    int rc = GG_cuda_test_start();
    if (rc != 0) return rc;
    if (getenv("GG_TEST_SANITIZER") != NULL) side = 8, pr_iters = 3;
    OK(GrB_Descriptor_new(&d_comp_replace));
    OK(GrB_Descriptor_set(d_comp_replace, GrB_MASK, GrB_COMP));
    OK(GrB_Descriptor_set(d_comp_replace, GrB_OUTP, GrB_REPLACE));
    OK(GrB_Descriptor_new(&d_tran));
    for (GrB_Index k = 0; k < NLIST; k++) list[k] = (k * 7 + 3) % N;
    OK(GrB_Descriptor_set(d_tran, GrB_INP0, GrB_TRAN));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vector_slots),
        cmocka_unit_test(test_mxv),
        cmocka_unit_test(test_algorithms),
        cmocka_unit_test(test_totals),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_Descriptor_free(&d_comp_replace);
    GrB_Descriptor_free(&d_tran);
    GrB_finalize();
    return failed;
}
