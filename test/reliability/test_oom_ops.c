/* test_oom_ops.c: allocation-failure sweeps of whole operations (issue 15): mxm (masked,
 * complemented, transposed, aliased C<C> = C*C), mxv and vxm over every vector form of input and
 * output, eWiseAdd/eWiseMult of matrices and vectors, kronecker, import and export in every
 * format, serialize/deserialize, and the vector forms' conversions; inputs with pending updates.
 *
 * Each sweep runs its call with the k-th allocation failing, k = 1, 2, ... until the call succeeds
 * without meeting the failure. Every k runs in a child process (fork), so a crash is counted, not
 * fatal. After a failure the code must be GrB_OUT_OF_MEMORY, every argument must read back as it
 * was, a retry must succeed with the right result, and once the arguments are freed the block count
 * must be back where it was (no leak). A sweep prints how many k it tried and the counts of
 * crashes, wrong codes, leaks, corrupted arguments and wrong results; all must be zero.
 * Links the internals for the failure injection (GG_mem_fail_after), the block count and the forms
 * of vectors (GG_VEC(v)->v.form), which the inputs are made to take. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "GG_snapshot.h"
#include "GG_store.h"
#include "GG_test.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define NA 4 /* matrices and vectors an operation may take */

/* The arguments of one call; the operation decides which are outputs (aliasing: it passes the
 * same handle twice). A call may replace a handle (import, dup into a new object); the harness
 * frees whatever the slots hold. */
typedef struct {
    GrB_Matrix M[NA];
    GrB_Vector V[NA];
} args;

typedef GrB_Info (*op_fn)(args *a);

/* Every argument as the API reads it (GG_snapshot.h; the values are small integers, so reading
 * them as FP64 is exact). */
typedef struct {
    GG_snap M[NA], V[NA];
} snaps;

/* Totals over every sweep, printed at the end. */
static struct {
    long sweeps, tried, crashes, codes, leaks, corrupted, wrong;
} total;

static uint64_t seed = 20261126;

static double rnd01(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(seed >> 11) / 9007199254740992.0;
}

static snaps take(const args *a)
{
    snaps s;
    for (int k = 0; k < NA; k++)
        s.M[k] = GG_snap_take(a->M[k], NULL), s.V[k] = GG_snap_take(NULL, a->V[k]);
    return s;
}

static void snaps_free(snaps *s)
{
    for (int k = 0; k < NA; k++) GG_snap_free(&s->M[k]), GG_snap_free(&s->V[k]);
}

static bool snaps_same(const snaps *a, const snaps *b)
{
    for (int k = 0; k < NA; k++)
        if (!GG_snap_same(&a->M[k], &b->M[k], 0) || !GG_snap_same(&a->V[k], &b->V[k], 0))
            return false;
    return true;
}

/* Whether the copies' inputs M[2] and V[1] carry pending updates, which the call under test then
 * applies while reading them (a failure must leave them as they read before). */
static bool with_pending;

/* Deep copies of the arguments (a vector keeps its form), with the pending updates when asked. */
static GrB_Info dup_args(args *d, const args *a)
{
    memset(d, 0, sizeof *d);
    GrB_Info info = GrB_SUCCESS;
    for (int k = 0; k < NA && info == GrB_SUCCESS; k++) {
        if (a->M[k] != NULL) info = GrB_Matrix_dup(&d->M[k], a->M[k]);
        if (a->V[k] != NULL && info == GrB_SUCCESS) info = GrB_Vector_dup(&d->V[k], a->V[k]);
    }
    for (GrB_Index e = 0; e < 5 && with_pending && info == GrB_SUCCESS; e++) {
        GrB_Index m, n;
        if (d->M[2] != NULL && GrB_Matrix_nrows(&m, d->M[2]) == GrB_SUCCESS &&
            GrB_Matrix_ncols(&n, d->M[2]) == GrB_SUCCESS)
            info = e == 4 ? GrB_Matrix_removeElement(d->M[2], 0, 0)
                          : GrB_Matrix_setElement_FP64(d->M[2], 1 + (double)e, (e * 7) % m,
                                                       (e * 11) % n);
        if (d->V[1] != NULL && info == GrB_SUCCESS && GrB_Vector_size(&n, d->V[1]) == GrB_SUCCESS)
            info = e == 4 ? GrB_Vector_removeElement(d->V[1], 1)
                          : GrB_Vector_setElement_FP64(d->V[1], 2 + (double)e, (e * 13) % n);
    }
    return info;
}

static void free_args(args *a)
{
    for (int k = 0; k < NA; k++) GrB_Matrix_free(&a->M[k]), GrB_Vector_free(&a->V[k]);
}

/* The outcome bits a child reports in its exit status. */
enum { R_DONE = 1, R_CODE = 2, R_LEAK = 4, R_CORRUPT = 8, R_WRONG = 16, R_SETUP = 32 };

/* One k in the child: the call with the k-th allocation failing, then the checks. */
static int attempt(op_fn op, const args *orig, const snaps *before, const snaps *after, int64_t k)
{
    int r = 0;
    int64_t base = GG_mem_live_blocks();
    args a;
    if (dup_args(&a, orig) != GrB_SUCCESS) return R_SETUP;
    GG_mem_fail_after(k);
    GrB_Info info = op(&a);
    GG_mem_fail_after(0);
    snaps s = take(&a);
    if (info == GrB_SUCCESS) {
        r |= R_DONE;
        if (!snaps_same(&s, after)) r |= R_WRONG;
    } else {
        if (info != GrB_OUT_OF_MEMORY) r |= R_CODE;
        if (!snaps_same(&s, before)) r |= R_CORRUPT;
        snaps_free(&s);
        info = op(&a); /* the retry */
        s = take(&a);
        if (info != GrB_SUCCESS || !snaps_same(&s, after)) r |= R_WRONG;
    }
    snaps_free(&s);
    free_args(&a);
    if (GG_mem_live_blocks() != base) r |= R_LEAK;
    return r;
}

/* Sweeps k over op on copies of `orig` (which the sweep leaves as they were); prints the counts. */
static void sweep(const char *name, op_fn op, const args *orig)
{
    snaps at_start = take(orig);
    args e;
    OK(dup_args(&e, orig));
    snaps before = take(&e); /* what a copy reads before the call, pending updates included */
    free_args(&e);
    OK(dup_args(&e, orig));
    OK(op(&e)); /* the expected result */
    snaps after = take(&e);
    free_args(&e);
    long crashes = 0, codes = 0, leaks = 0, corrupted = 0, wrong = 0, failed = 0;
    int64_t k;
    for (k = 1; k < 100000; k++) {
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) _exit(attempt(op, orig, &before, &after, k));
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFEXITED(status)) {
            crashes++;
            continue;
        }
        int r = WEXITSTATUS(status);
        assert_false(r & R_SETUP);
        codes += (r & R_CODE) != 0;
        leaks += (r & R_LEAK) != 0;
        corrupted += (r & R_CORRUPT) != 0;
        wrong += (r & R_WRONG) != 0;
        if (r & R_DONE) break;
        failed++;
    }
    printf("%-48s k = 1..%-4lld crashes %ld, wrong codes %ld, leaks %ld, corrupted %ld, "
           "wrong results %ld\n",
           name, (long long)k, crashes, codes, leaks, corrupted, wrong);
    total.sweeps++, total.tried += k, total.crashes += crashes, total.codes += codes;
    total.leaks += leaks, total.corrupted += corrupted, total.wrong += wrong;
    snaps now = take(orig);
    assert_true(snaps_same(&now, &at_start)); /* the originals, which the copies may share */
    snaps_free(&now), snaps_free(&at_start), snaps_free(&before), snaps_free(&after);
    assert_true(failed > 0); /* the sweep reached the call's allocations */
    assert_true(k < 100000);
}

static void print_totals(void)
{
    printf("TOTAL %ld sweeps, %ld k tried: crashes %ld, wrong codes %ld, leaks %ld, corrupted %ld, "
           "wrong results %ld\n",
           total.sweeps, total.tried, total.crashes, total.codes, total.leaks, total.corrupted,
           total.wrong);
    assert_int_equal(total.crashes + total.codes + total.leaks + total.corrupted + total.wrong, 0);
}

/* ---- inputs ---------------------------------------------------------------------------------- */

static GrB_Matrix matrix(GrB_Type type, GrB_Index m, GrB_Index n, double density)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, m, n));
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index j = 0; j < n; j++)
            if (rnd01() < density) OK(GrB_Matrix_setElement_FP64(A, (int)(rnd01() * 9) - 4, i, j));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* The vector forms an input or output is made to take; FULL_ISO is a full vector of one value. */
enum { F_SPARSE, F_BITMAP, F_FULL, F_FULL_ISO };
static const char *form_name[] = {"sparse", "bitmap", "full", "iso full"};

/* A vector of dimension n in form f (checked), of random values in -4..8: zeros included, so a
 * value mask made of it, even a full one, has false entries. */
static GrB_Vector vector(GrB_Type type, GrB_Index n, int f)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, type, n));
    if (f == F_FULL_ISO) {
        OK(GrB_Vector_assign_FP64(v, NULL, NULL, 3, GrB_ALL, n, NULL));
    } else {
        /* sparse: fewer than n / GG_VFORM_SPARSE_DIV entries; bitmap: about 40% */
        GrB_Index want = f == F_SPARSE   ? n / GG_VFORM_SPARSE_DIV - 1
                         : f == F_BITMAP ? n * 2 / 5
                                         : n;
        for (GrB_Index e = 0, i = 0; e < want; e++) {
            i = f == F_FULL ? e : (i + 1 + (GrB_Index)(rnd01() * (double)(n / want))) % n;
            OK(GrB_Vector_setElement_FP64(v, 1 + (int)(rnd01() * 8) - (rnd01() < 0.5 ? 5 : 0), i));
        }
    }
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    const GG_vdata *d;
    OK(GG_vec_host(GG_VEC(v), &d));
    assert_int_equal(d->form, f == F_FULL_ISO ? GG_VF_FULL : (GG_vform_kind)f);
    assert_int_equal(d->iso, f == F_FULL_ISO);
    return v;
}

/* A descriptor with the given settings (NULL when none). */
static GrB_Descriptor desc(bool replace, bool comp, bool structure, bool tran0, bool tran1)
{
    if (!replace && !comp && !structure && !tran0 && !tran1) return NULL;
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    if (replace) OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    if (comp && structure)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP_STRUCTURE));
    else if (comp)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP));
    else if (structure)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    if (tran0) OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    if (tran1) OK(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN));
    return d;
}

/* The descriptor, semiring, operator and accumulator of the case being swept (the operations'
 * signatures carry only the arguments). */
static struct {
    GrB_Descriptor d;
    GrB_Semiring s;
    GrB_BinaryOp op, accum;
    bool mask;
} cur;

/* ---- mxm ------------------------------------------------------------------------------------- */

static GrB_Info op_mxm(args *a)
{
    return GrB_mxm(a->M[0], cur.mask ? a->M[3] : NULL, cur.accum, cur.s, a->M[1], a->M[2], cur.d);
}

static GrB_Info op_mxm_aliased(args *a)
{
    return GrB_mxm(a->M[0], cur.mask ? a->M[0] : NULL, cur.accum, cur.s, a->M[0], a->M[0], cur.d);
}

static void test_mxm(void **state)
{
    (void)state;
    const GrB_Index n = 40;
    args in = {{matrix(GrB_FP64, n, n, 0.3), matrix(GrB_INT32, n, n, 0.25),
                matrix(GrB_FP64, n, n, 0.25), matrix(GrB_BOOL, n, n, 0.4)},
               {NULL}};
    struct {
        const char *name;
        bool mask, replace, comp, structure, t0, t1;
        GrB_BinaryOp accum;
        GrB_Semiring s;
    } cases[] = {
        {"mxm C=A*B", false, false, false, false, false, false, NULL, GrB_PLUS_TIMES_SEMIRING_FP64},
        {"mxm C<M>+=A*B", true, false, false, false, false, false, GrB_PLUS_FP64,
         GrB_MIN_PLUS_SEMIRING_FP64},
        {"mxm C<M,struct>=A*B' (dot)", true, false, false, true, false, true, NULL,
         GrB_PLUS_TIMES_SEMIRING_FP64},
        {"mxm C<!M,replace>=A'*B'", true, true, true, false, true, true, NULL,
         GrB_MAX_PLUS_SEMIRING_FP64},
        {"mxm C<!M,struct>min=A'*B", true, false, true, true, true, false, GrB_MIN_FP64,
         GrB_LOR_LAND_SEMIRING_BOOL},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cur.d = desc(cases[c].replace, cases[c].comp, cases[c].structure, cases[c].t0, cases[c].t1);
        cur.s = cases[c].s, cur.accum = cases[c].accum, cur.mask = cases[c].mask;
        sweep(cases[c].name, op_mxm, &in);
        GrB_Descriptor_free(&cur.d);
    }
    /* B with pending updates, which the product applies */
    with_pending = true;
    cur.d = desc(false, true, true, false, false);
    cur.s = GrB_PLUS_TIMES_SEMIRING_FP64, cur.accum = GrB_PLUS_FP64, cur.mask = true;
    sweep("mxm C<!M,struct>+=A*B, B pending", op_mxm, &in);
    GrB_Descriptor_free(&cur.d);
    with_pending = false;
    /* aliased: C<C> = C*C, C<!C,replace> += C*C' */
    cur.s = GrB_PLUS_TIMES_SEMIRING_FP64, cur.accum = NULL, cur.mask = true, cur.d = NULL;
    sweep("mxm C<C>=C*C", op_mxm_aliased, &in);
    cur.d = desc(true, true, false, false, true), cur.accum = GrB_PLUS_FP64;
    sweep("mxm C<!C,replace>+=C*C'", op_mxm_aliased, &in);
    GrB_Descriptor_free(&cur.d);
    free_args(&in);
}

/* ---- mxv and vxm over the vector forms ------------------------------------------------------- */

static GrB_Info op_mxv(args *a)
{
    return GrB_mxv(a->V[0], cur.mask ? a->V[2] : NULL, cur.accum, cur.s, a->M[0], a->V[1], cur.d);
}

static GrB_Info op_vxm(args *a)
{
    return GrB_vxm(a->V[0], cur.mask ? a->V[2] : NULL, cur.accum, cur.s, a->V[1], a->M[0], cur.d);
}

/* Every input form (sparse, bitmap, full, iso full) against every output form (sparse, bitmap,
 * full), each pair under one of three settings: plain, a value mask with an accumulator, and a
 * complemented structural mask with replace and the matrix transposed (push and pull both
 * reached); the mask takes the forms in turn. */
static void test_mxv_vxm(void **state)
{
    (void)state;
    const GrB_Index n = 256;
    const GrB_Semiring semirings[] = {GrB_PLUS_TIMES_SEMIRING_FP64, GrB_MIN_PLUS_SEMIRING_FP64,
                                      GrB_LOR_LAND_SEMIRING_BOOL};
    GrB_Matrix A = matrix(GrB_INT32, n, n, 0.04);
    for (int vx = 0; vx <= 1; vx++) {
        for (int fu = 0; fu < 4; fu++) {
            for (int fw = 0; fw < 3; fw++) {
                int setting = (fu + fw) % 3;
                args in = {{A}, {vector(GrB_FP64, n, fw), vector(GrB_FP32, n, fu),
                                 vector(GrB_INT8, n, (fu + 2 * fw) % 3)}};
                cur.mask = setting > 0;
                cur.accum = setting == 1 ? GrB_PLUS_FP64 : NULL;
                /* complemented by value: a full mask's zeros let entries through */
                cur.d = setting == 2 ? desc(true, true, false, vx == 0, vx == 1) : NULL;
                cur.s = semirings[(fu + fw) % 3];
                char name[80];
                snprintf(name, sizeof name, "%s %s in, %s out%s", vx ? "vxm" : "mxv",
                         form_name[fu], form_name[fw],
                         setting == 1 ? ", <m>+=" : setting == 2 ? ", <!m,r> A'" : "");
                sweep(name, vx ? op_vxm : op_mxv, &in);
                if (fw == F_BITMAP) { /* u with pending updates, which the product applies */
                    with_pending = true;
                    strcat(name, ", u pending");
                    sweep(name, vx ? op_vxm : op_mxv, &in);
                    with_pending = false;
                }
                GrB_Descriptor_free(&cur.d);
                in.M[0] = NULL;
                free_args(&in);
            }
        }
    }
    GrB_Matrix_free(&A);
}

/* ---- eWise ----------------------------------------------------------------------------------- */

/* (The library has no eWiseUnion: GxB_eWiseUnion is not among its GxB_ functions.) */
static enum { E_ADD, E_MULT } ewise_kind;
static const char *ewise_name[] = {"eWiseAdd", "eWiseMult"};

static GrB_Info op_ewise_matrix(args *a)
{
    GrB_Matrix M = cur.mask ? a->M[3] : NULL;
    if (ewise_kind == E_ADD)
        return GrB_Matrix_eWiseAdd_BinaryOp(a->M[0], M, cur.accum, cur.op, a->M[1], a->M[2], cur.d);
    return GrB_Matrix_eWiseMult_BinaryOp(a->M[0], M, cur.accum, cur.op, a->M[1], a->M[2], cur.d);
}

static GrB_Info op_ewise_aliased(args *a)
{
    GrB_Matrix C = a->M[0];
    if (ewise_kind == E_ADD)
        return GrB_Matrix_eWiseAdd_BinaryOp(C, C, cur.accum, cur.op, C, C, cur.d);
    return GrB_Matrix_eWiseMult_BinaryOp(C, C, cur.accum, cur.op, C, C, cur.d);
}

static GrB_Info op_ewise_vector(args *a)
{
    GrB_Vector m = cur.mask ? a->V[3] : NULL;
    if (ewise_kind == E_ADD)
        return GrB_Vector_eWiseAdd_BinaryOp(a->V[0], m, cur.accum, cur.op, a->V[1], a->V[2], cur.d);
    return GrB_Vector_eWiseMult_BinaryOp(a->V[0], m, cur.accum, cur.op, a->V[1], a->V[2], cur.d);
}

static void test_ewise(void **state)
{
    (void)state;
    const GrB_Index n = 40, vn = 256;
    args mat = {{matrix(GrB_FP64, n, n, 0.3), matrix(GrB_INT32, n, n, 0.3),
                 matrix(GrB_FP64, n, n, 0.3), matrix(GrB_BOOL, n, n, 0.4)},
                {NULL}};
    const GrB_BinaryOp ops[] = {GrB_PLUS_FP64, GrB_MINUS_FP64};
    for (int e = 0; e < 2; e++) {
        ewise_kind = e;
        cur.op = ops[e];
        char name[80];
        /* plain; <M> with an accumulator; <!M,replace> with A transposed */
        for (int setting = 0; setting < 3; setting++) {
            cur.mask = setting > 0;
            cur.accum = setting == 1 ? GrB_TIMES_FP64 : NULL;
            cur.d = setting == 2 ? desc(true, true, false, true, false) : NULL;
            snprintf(name, sizeof name, "%s matrix%s", ewise_name[e],
                     setting == 1 ? " <M>*=" : setting == 2 ? " <!M,r> A'" : "");
            sweep(name, op_ewise_matrix, &mat);
            GrB_Descriptor_free(&cur.d);
        }
        cur.mask = true, cur.accum = GrB_PLUS_FP64, cur.d = NULL;
        snprintf(name, sizeof name, "%s matrix C<C>+=C.C", ewise_name[e]);
        sweep(name, op_ewise_aliased, &mat);
        /* vectors: every pair of input forms, the output and the mask in turn */
        for (int fu = 0; fu < 4; fu++) {
            for (int fv = 0; fv < 4; fv++) {
                int fw = (fu + fv) % 3;
                args in = {{NULL}, {vector(GrB_FP64, vn, fw), vector(GrB_INT32, vn, fu),
                                    vector(GrB_FP64, vn, fv), vector(GrB_BOOL, vn, (fu + 1) % 3)}};
                int setting = (fu + 2 * fv) % 3;
                cur.mask = setting > 0;
                cur.accum = setting == 1 ? GrB_PLUS_FP64 : NULL;
                cur.d = setting == 2 ? desc(true, true, false, false, false) : NULL;
                snprintf(name, sizeof name, "%s %s.%s -> %s%s", ewise_name[e], form_name[fu],
                         form_name[fv], form_name[fw],
                         setting == 1 ? " <m>+=" : setting == 2 ? " <!m,r>" : "");
                sweep(name, op_ewise_vector, &in);
                GrB_Descriptor_free(&cur.d);
                free_args(&in);
            }
        }
    }
    free_args(&mat);
}

/* ---- kronecker ------------------------------------------------------------------------------- */

static GrB_Info op_kron(args *a)
{
    return GrB_Matrix_kronecker_BinaryOp(a->M[0], cur.mask ? a->M[3] : NULL, cur.accum, cur.op,
                                         a->M[1], a->M[2], cur.d);
}

static void test_kronecker(void **state)
{
    (void)state;
    args in = {{matrix(GrB_FP64, 48, 48, 0.2), matrix(GrB_INT32, 8, 6, 0.4),
                matrix(GrB_FP64, 6, 8, 0.4), matrix(GrB_BOOL, 48, 48, 0.5)},
               {NULL}};
    cur.op = GrB_TIMES_FP64;
    cur.mask = false, cur.accum = NULL, cur.d = NULL;
    sweep("kronecker C=kron(A,B)", op_kron, &in);
    cur.mask = true, cur.accum = GrB_PLUS_FP64;
    sweep("kronecker C<M>+=kron(A,B)", op_kron, &in);
    cur.accum = NULL, cur.d = desc(true, true, false, true, true);
    sweep("kronecker C<!M,r>=kron(A',B')", op_kron, &in);
    GrB_Descriptor_free(&cur.d);
    free_args(&in);
}

/* ---- import, export, serialize --------------------------------------------------------------- */

static GrB_Format format;

/* Exports M[1] and imports the arrays back into a new matrix that replaces M[0]: the export's
 * failure leaves M[1] as it was, the import's leaves the handle untouched (checked here: a
 * changed handle counts as a wrong code). */
static GrB_Info op_export_import(args *a)
{
    GrB_Index np, ni, nx;
    GrB_Info info = GrB_Matrix_exportSize(&np, &ni, &nx, format, a->M[1]);
    if (info != GrB_SUCCESS) return info;
    GrB_Index *p = malloc((np + 1) * sizeof *p), *i = malloc((ni + 1) * sizeof *i);
    double *x = malloc((nx + 1) * sizeof *x);
    assert_true(p != NULL && i != NULL && x != NULL);
    info = GrB_Matrix_export_FP64(p, i, x, &np, &ni, &nx, format, a->M[1]);
    GrB_Matrix T = (GrB_Matrix)(uintptr_t)0x5eed;
    if (info == GrB_SUCCESS) {
        GrB_Index nr, nc;
        GrB_Matrix_nrows(&nr, a->M[1]), GrB_Matrix_ncols(&nc, a->M[1]);
        info = GrB_Matrix_import_FP64(&T, GrB_FP64, nr, nc, p, i, x, np, ni, nx, format);
        if (info != GrB_SUCCESS && T != (GrB_Matrix)(uintptr_t)0x5eed) info = GrB_PANIC;
    }
    free(p), free(i), free(x);
    if (info != GrB_SUCCESS) return info;
    GrB_Matrix_free(&a->M[0]);
    a->M[0] = T;
    return GrB_SUCCESS;
}

static GrB_Info op_export_hint(args *a)
{
    GrB_Format f;
    GrB_Info info = GrB_Matrix_exportHint(&f, a->M[1]);
    if (info == GrB_SUCCESS && f != GrB_CSR_FORMAT) info = GrB_PANIC;
    return info;
}

static GrB_Info op_serialize(args *a)
{
    GrB_Index size;
    GrB_Info info = GrB_Matrix_serializeSize(&size, a->M[1]);
    if (info != GrB_SUCCESS) return info;
    char *blob = malloc(size);
    assert_non_null(blob);
    info = GrB_Matrix_serialize(blob, &size, a->M[1]);
    GrB_Matrix T = (GrB_Matrix)(uintptr_t)0x5eed;
    if (info == GrB_SUCCESS) {
        info = GrB_Matrix_deserialize(&T, GrB_FP64, blob, size);
        if (info != GrB_SUCCESS && T != (GrB_Matrix)(uintptr_t)0x5eed) info = GrB_PANIC;
    }
    free(blob);
    if (info != GrB_SUCCESS) return info;
    GrB_Matrix_free(&a->M[0]);
    a->M[0] = T;
    return GrB_SUCCESS;
}

static void test_import_export(void **state)
{
    (void)state;
    /* M[1] has an empty row and an empty column, so the compressed formats skip vectors */
    GrB_Matrix A = matrix(GrB_FP64, 29, 19, 0.3);
    GrB_Matrix S;
    OK(GrB_Matrix_new(&S, GrB_FP64, 30, 20));
    GrB_Index rows[29], cols[19];
    for (GrB_Index k = 0; k < 29; k++) rows[k] = k < 7 ? k : k + 1;
    for (GrB_Index k = 0; k < 19; k++) cols[k] = k < 3 ? k : k + 1;
    OK(GrB_Matrix_assign(S, NULL, NULL, A, rows, 29, cols, 19, NULL));
    OK(GrB_Matrix_free(&A));
    args in = {{matrix(GrB_FP64, 30, 20, 0.1), S}, {NULL}};
    const GrB_Format formats[] = {GrB_CSR_FORMAT, GrB_CSC_FORMAT, GrB_COO_FORMAT};
    const char *names[] = {"export+import CSR", "export+import CSC", "export+import COO"};
    for (int f = 0; f < 3; f++) {
        format = formats[f];
        sweep(names[f], op_export_import, &in);
    }
    sweep("exportHint", op_export_hint, &in);
    sweep("serialize+deserialize", op_serialize, &in);
    free_args(&in);
}

/* ---- the vector forms' conversions ----------------------------------------------------------- */

static GrB_Info op_vdup(args *a)
{
    GrB_Vector T;
    GrB_Info info = GrB_Vector_dup(&T, a->V[1]);
    if (info != GrB_SUCCESS) return info;
    GrB_Vector_free(&a->V[0]);
    a->V[0] = T;
    return GrB_SUCCESS;
}

static GrB_Info op_vresize(args *a)
{
    return GrB_Vector_resize(a->V[0], 3000);
}

/* w<m> = u: the result's density differs from w's, so the form changes */
static GrB_Info op_vassign(args *a)
{
    return GrB_Vector_assign(a->V[0], cur.mask ? a->V[2] : NULL, cur.accum, a->V[1], GrB_ALL, 256,
                             cur.d);
}

static GrB_Info op_vfill(args *a)
{
    return GrB_Vector_assign_FP64(a->V[0], NULL, NULL, 2.5, GrB_ALL, 256, NULL);
}

/* keeps only the entries > 2: a bitmap or full vector thins out to sparse */
static GrB_Info op_vselect(args *a)
{
    return GrB_Vector_select_FP64(a->V[0], NULL, NULL, GrB_VALUEGT_FP64, a->V[0], 3, NULL);
}

static GrB_Info op_vapply(args *a)
{
    return GrB_Vector_apply(a->V[0], NULL, NULL, GrB_AINV_FP64, a->V[1], NULL);
}

static void test_vform_conversions(void **state)
{
    (void)state;
    const GrB_Index n = 256;
    char name[80];
    for (int f = 0; f < 4; f++) {
        for (int g = 0; g < 3; g++) {
            args in = {{NULL}, {vector(GrB_FP64, n, g), vector(GrB_FP64, n, f),
                                vector(GrB_BOOL, n, (f + g) % 3)}};
            snprintf(name, sizeof name, "assign %s into %s", form_name[f], form_name[g]);
            cur.mask = false, cur.accum = NULL, cur.d = NULL;
            sweep(name, op_vassign, &in);
            snprintf(name, sizeof name, "assign <!m,r> %s into %s", form_name[f], form_name[g]);
            cur.mask = true, cur.accum = GrB_PLUS_FP64;
            cur.d = desc(true, true, false, false, false);
            sweep(name, op_vassign, &in);
            GrB_Descriptor_free(&cur.d);
            snprintf(name, sizeof name, "apply %s into %s", form_name[f], form_name[g]);
            sweep(name, op_vapply, &in);
            if (g == 0) {
                snprintf(name, sizeof name, "dup %s", form_name[f]);
                sweep(name, op_vdup, &in);
                snprintf(name, sizeof name, "fill %s with a scalar", form_name[f]);
                GrB_Vector_free(&in.V[0]); /* from here on the vector of form f is written */
                in.V[0] = in.V[1];
                in.V[1] = NULL;
                sweep(name, op_vfill, &in);
                snprintf(name, sizeof name, "select %s", form_name[f]);
                sweep(name, op_vselect, &in);
                if (f != F_SPARSE) { /* a sparse vector resizes without allocating */
                    snprintf(name, sizeof name, "grow %s", form_name[f]);
                    sweep(name, op_vresize, &in);
                }
            }
            free_args(&in);
        }
    }
    /* GG_vdata_convert directly: every pair of forms, iso or not */
    const GG_vform_kind forms[] = {GG_VF_SPARSE, GG_VF_BITMAP, GG_VF_FULL};
    for (int iso = 0; iso <= 1; iso++) {
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                if (a == b) continue;
                /* iso: all entries of one value, converted to the source form first */
                int f = iso ? F_FULL_ISO : a == 2 || b == 2 ? F_FULL : F_BITMAP;
                GrB_Vector v = vector(GrB_INT64, n, f);
                GG_vdata src;
                OK(GG_vdata_dup(&src, &GG_VEC(v)->v));
                if (src.form != forms[a]) OK(GG_vdata_convert(&src, forms[a]));
                long codes = 0, leaks = 0, corrupted = 0;
                int64_t k;
                for (k = 1;; k++) {
                    GG_vdata t;
                    OK(GG_vdata_dup(&t, &src));
                    int64_t base = GG_mem_live_blocks();
                    GG_mem_fail_after(k);
                    GrB_Info info = GG_vdata_convert(&t, forms[b]);
                    GG_mem_fail_after(0);
                    bool done = info == GrB_SUCCESS;
                    if (!done) {
                        codes += info != GrB_OUT_OF_MEMORY;
                        corrupted += t.form != src.form || t.nvals != src.nvals;
                        leaks += GG_mem_live_blocks() != base;
                        info = GG_vdata_convert(&t, forms[b]);
                    }
                    corrupted += info != GrB_SUCCESS || t.form != forms[b] || t.nvals != src.nvals;
                    GG_vdata_free(&t);
                    if (done) break;
                }
                snprintf(name, sizeof name, "GG_vdata_convert %s%s -> %s", iso ? "iso " : "",
                         form_name[a], form_name[b]);
                printf("%-48s k = 1..%-4lld crashes 0, wrong codes %ld, leaks %ld, corrupted %ld\n",
                       name, (long long)k, codes, leaks, corrupted);
                total.sweeps++, total.tried += k, total.codes += codes, total.leaks += leaks;
                total.corrupted += corrupted;
                GG_vdata_free(&src);
                GrB_Vector_free(&v);
            }
        }
    }
}

/* The CPU backend's allocations: each k runs in a forked child, where a CUDA context of the parent
 * would be unusable, so the backend is the CPU's whatever GRAPHBLAS_GPU_BACKEND says; the device's
 * allocations have their own sweep (cuda/test/test_cuda_oom.c). */
static int setup(void **state)
{
    if (GG_test_setup(state) != 0) return -1;
    return GrB_set(GrB_GLOBAL, (int32_t)GxG_BACKEND_CPU, GxG_BACKEND) == GrB_SUCCESS ? 0 : -1;
}

static void test_totals(void **state)
{
    (void)state;
    print_totals();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mxm),
        cmocka_unit_test(test_mxv_vxm),
        cmocka_unit_test(test_ewise),
        cmocka_unit_test(test_kronecker),
        cmocka_unit_test(test_import_export),
        cmocka_unit_test(test_vform_conversions),
        cmocka_unit_test(test_totals),
    };
    return cmocka_run_group_tests(tests, setup, GG_test_teardown);
}
