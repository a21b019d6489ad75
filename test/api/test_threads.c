/* test_threads.c: thread safety (issue 2: "calls on independent objects from several threads are
 * safe"). Workers concurrently create, fill (setElement / removeElement loops and build), read
 * (nvals, extractTuples, extractElement, serialize round trips, CSR/CSC exports), duplicate and
 * free their own matrices, vectors, scalars, types and operators, checking every result against a
 * plain-array shadow. At the same time readers hammer one shared matrix that holds pending
 * updates, so its lazy assembly and view building happen under concurrent reads. Each thread also
 * checks that its last error message is its own. Worker threads never call cmocka (its failure
 * path is not thread-safe): they record the first failure and the main thread reports it. */
#include "api_check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWORKERS 6
#define NREADERS 6
#define ROUNDS 4
#define DIM 48
#define UPDATES 600
#define SHARED_ITERATIONS 6

typedef struct {
    int id;
    uint64_t rng;
    char failure[256]; /* "" while all is well */
} thread_state;

#define CHECK(ts, cond)                                                                            \
    do {                                                                                           \
        if (!(cond) && (ts)->failure[0] == '\0')                                                   \
            snprintf((ts)->failure, sizeof(ts)->failure, "thread %d, line %d: %s", (ts)->id,       \
                     __LINE__, #cond);                                                             \
    } while (0)
#define CHECK_OK(ts, call) CHECK(ts, (call) == GrB_SUCCESS)

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A dense picture of a DIM x DIM matrix (or a vector: row 0 only). */
typedef struct {
    bool present[DIM][DIM];
    double value[DIM][DIM];
} shadow;

static GrB_Index shadow_count(const shadow *sh)
{
    GrB_Index n = 0;
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) n += sh->present[i][j];
    return n;
}

/* The matrix holds exactly the shadow's entries, in row-major order, with the right values. */
static void check_matrix(thread_state *ts, GrB_Matrix M, const shadow *sh)
{
    static const GrB_Index cap = DIM * DIM;
    GrB_Index *I = malloc(cap * sizeof *I), *J = malloc(cap * sizeof *J), n = cap, nv = 0;
    double *X = malloc(cap * sizeof *X);
    CHECK(ts, I != NULL && J != NULL && X != NULL);
    if (I != NULL && J != NULL && X != NULL) {
        CHECK_OK(ts, GrB_Matrix_nvals(&nv, M));
        CHECK(ts, nv == shadow_count(sh));
        CHECK_OK(ts, GrB_Matrix_extractTuples_FP64(I, J, X, &n, M));
        CHECK(ts, n == nv);
        GrB_Index k = 0;
        for (int i = 0; i < DIM; i++)
            for (int j = 0; j < DIM; j++) {
                if (!sh->present[i][j]) continue;
                CHECK(ts, k < n && I[k] == (GrB_Index)i && J[k] == (GrB_Index)j &&
                              X[k] == sh->value[i][j]);
                k++;
            }
    }
    free(I);
    free(J);
    free(X);
    for (int probe = 0; probe < 16; probe++) {
        int i = (int)(next_random(&ts->rng) % DIM), j = (int)(next_random(&ts->rng) % DIM);
        double x = -1.0;
        GrB_Info info = GrB_Matrix_extractElement_FP64(&x, M, (GrB_Index)i, (GrB_Index)j);
        if (sh->present[i][j])
            CHECK(ts, info == GrB_SUCCESS && x == sh->value[i][j]);
        else
            CHECK(ts, info == GrB_NO_VALUE);
    }
}

/* Serialize, deserialize and dup all read M and must reproduce it. */
static void check_copies(thread_state *ts, GrB_Matrix M, const shadow *sh)
{
    GrB_Index size = 0;
    CHECK_OK(ts, GrB_Matrix_serializeSize(&size, M));
    void *blob = malloc(size);
    CHECK(ts, blob != NULL);
    if (blob == NULL) return;
    GrB_Matrix D = NULL, C = NULL;
    CHECK_OK(ts, GrB_Matrix_serialize(blob, &size, M));
    CHECK_OK(ts, GrB_Matrix_deserialize(&D, GrB_FP64, blob, size));
    free(blob);
    if (D != NULL) check_matrix(ts, D, sh);
    CHECK_OK(ts, GrB_Matrix_dup(&C, M));
    if (C != NULL) check_matrix(ts, C, sh);
    CHECK_OK(ts, GrB_Matrix_free(&D));
    CHECK_OK(ts, GrB_Matrix_free(&C));
}

/* CSR and CSC exports (each built from its own cached view) list exactly the shadow's entries. */
static void check_exports(thread_state *ts, GrB_Matrix M, const shadow *sh)
{
    static const GrB_Index cap = DIM * DIM;
    GrB_Index *Ap = malloc((DIM + 1) * sizeof *Ap), *Ai = malloc(cap * sizeof *Ai);
    double *Ax = malloc(cap * sizeof *Ax);
    CHECK(ts, Ap != NULL && Ai != NULL && Ax != NULL);
    for (int by_col = 0; by_col < 2 && Ap != NULL && Ai != NULL && Ax != NULL; by_col++) {
        GrB_Index np = DIM + 1, ni = cap, nx = cap;
        GrB_Format fmt = by_col ? GrB_CSC_FORMAT : GrB_CSR_FORMAT;
        CHECK_OK(ts, GrB_Matrix_export_FP64(Ap, Ai, Ax, &np, &ni, &nx, fmt, M));
        CHECK(ts, np == DIM + 1 && ni == shadow_count(sh) && nx == ni);
        for (GrB_Index v = 0; v < DIM && np == DIM + 1; v++)
            for (GrB_Index p = Ap[v]; p < Ap[v + 1] && p < ni; p++) {
                GrB_Index i = by_col ? Ai[p] : v, j = by_col ? v : Ai[p];
                CHECK(ts, i < DIM && j < DIM && sh->present[i][j] && sh->value[i][j] == Ax[p]);
            }
    }
    free(Ap);
    free(Ai);
    free(Ax);
}

/* Random single-element updates, about one in five a removal. */
static void random_updates(thread_state *ts, GrB_Matrix M, shadow *sh, int count)
{
    for (int k = 0; k < count; k++) {
        int i = (int)(next_random(&ts->rng) % DIM), j = (int)(next_random(&ts->rng) % DIM);
        if (next_random(&ts->rng) % 5 == 0) {
            CHECK_OK(ts, GrB_Matrix_removeElement(M, (GrB_Index)i, (GrB_Index)j));
            sh->present[i][j] = false;
        } else {
            double x = (double)k + 0.25 * ts->id;
            CHECK_OK(ts, GrB_Matrix_setElement_FP64(M, x, (GrB_Index)i, (GrB_Index)j));
            sh->present[i][j] = true;
            sh->value[i][j] = x;
        }
    }
}

/* Its own algebra: a type, operators, a monoid and a semiring, created and freed. */
static void own_algebra(thread_state *ts)
{
    GrB_Type t = NULL;
    GrB_UnaryOp neg = NULL;
    GrB_BinaryOp add = NULL;
    GrB_IndexUnaryOp idx = NULL;
    GrB_Monoid mon = NULL;
    GrB_Semiring sr = NULL;
    GrB_Descriptor d = NULL;
    CHECK_OK(ts, GrB_Type_new(&t, sizeof(api_pair)));
    CHECK_OK(ts, GrB_UnaryOp_new(&neg, api_fp64_neg, GrB_FP64, GrB_FP64));
    CHECK_OK(ts, GrB_BinaryOp_new(&add, api_fp64_add, GrB_FP64, GrB_FP64, GrB_FP64));
    CHECK_OK(ts, GrB_IndexUnaryOp_new(&idx, api_fp64_idx, GrB_FP64, GrB_FP64, GrB_FP64));
    CHECK_OK(ts, GrB_Monoid_new_FP64(&mon, add, 0.0));
    CHECK_OK(ts, GrB_Semiring_new(&sr, mon, add));
    CHECK_OK(ts, GrB_Descriptor_new(&d));
    CHECK_OK(ts, GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    char name[32];
    snprintf(name, sizeof name, "add_%d", ts->id);
    CHECK_OK(ts, GrB_BinaryOp_set_String(add, name, GrB_NAME));
    char back[GxB_MAX_NAME_LEN] = "";
    CHECK_OK(ts, GrB_BinaryOp_get_String(add, back, GrB_NAME));
    CHECK(ts, strcmp(back, name) == 0);
    CHECK_OK(ts, GrB_Descriptor_free(&d));
    CHECK_OK(ts, GrB_Semiring_free(&sr));
    CHECK_OK(ts, GrB_Monoid_free(&mon));
    CHECK_OK(ts, GrB_IndexUnaryOp_free(&idx));
    CHECK_OK(ts, GrB_BinaryOp_free(&add));
    CHECK_OK(ts, GrB_UnaryOp_free(&neg));
    CHECK_OK(ts, GrB_Type_free(&t));
    CHECK(ts, t == NULL && sr == NULL);
}

/* An error in this thread is reported in this thread's last error, whatever the others do. */
static void own_errors(thread_state *ts, GrB_Matrix M)
{
    GrB_Info info;
    const char *func;
    if (ts->id % 2 == 0) {
        info = GrB_Matrix_removeElement(M, DIM + (GrB_Index)ts->id, 0);
        func = "GrB_Matrix_removeElement";
        CHECK(ts, info == GrB_INVALID_INDEX);
    } else {
        info = GrB_Matrix_nrows(NULL, M);
        func = "GrB_Matrix_nrows";
        CHECK(ts, info == GrB_NULL_POINTER);
    }
    CHECK(ts, api_mentions(GxG_last_error(), func));
}

static void worker_round(thread_state *ts)
{
    shadow *sh = calloc(1, sizeof *sh), *bsh = calloc(1, sizeof *bsh);
    CHECK(ts, sh != NULL && bsh != NULL);
    if (sh == NULL || bsh == NULL) {
        free(sh);
        free(bsh);
        return;
    }
    own_algebra(ts);

    GrB_Matrix M = NULL, B = NULL;
    CHECK_OK(ts, GrB_Matrix_new(&M, GrB_FP64, DIM, DIM));
    random_updates(ts, M, sh, UPDATES);
    own_errors(ts, M);
    check_matrix(ts, M, sh);
    random_updates(ts, M, sh, UPDATES / 4);
    check_copies(ts, M, sh);
    check_exports(ts, M, sh);

    /* build with duplicates summed */
    enum { NT = 300 };
    GrB_Index I[NT], J[NT];
    double X[NT];
    for (int k = 0; k < NT; k++) {
        I[k] = next_random(&ts->rng) % DIM;
        J[k] = next_random(&ts->rng) % (DIM / 4);
        X[k] = (double)(k % 7);
        bsh->value[I[k]][J[k]] = (bsh->present[I[k]][J[k]] ? bsh->value[I[k]][J[k]] : 0.0) + X[k];
        bsh->present[I[k]][J[k]] = true;
    }
    CHECK_OK(ts, GrB_Matrix_new(&B, GrB_FP64, DIM, DIM));
    CHECK_OK(ts, GrB_Matrix_build_FP64(B, I, J, X, NT, GrB_PLUS_FP64));
    check_matrix(ts, B, bsh);

    /* a vector and a scalar of its own */
    GrB_Vector v = NULL;
    GrB_Scalar s = NULL;
    CHECK_OK(ts, GrB_Vector_new(&v, GrB_INT64, DIM));
    int64_t expect[DIM] = {0};
    bool has[DIM] = {false};
    for (int k = 0; k < UPDATES; k++) {
        GrB_Index i = next_random(&ts->rng) % DIM;
        CHECK_OK(ts, GrB_Vector_setElement_INT64(v, (int64_t)k * ts->id, i));
        expect[i] = (int64_t)k * ts->id;
        has[i] = true;
    }
    GrB_Index vi[DIM], n = DIM;
    int64_t vx[DIM];
    CHECK_OK(ts, GrB_Vector_extractTuples_INT64(vi, vx, &n, v));
    GrB_Index k = 0;
    for (GrB_Index i = 0; i < DIM; i++)
        if (has[i]) {
            CHECK(ts, k < n && vi[k] == i && vx[k] == expect[i]);
            k++;
        }
    CHECK(ts, k == n);
    CHECK_OK(ts, GrB_Scalar_new(&s, GrB_FP64));
    CHECK_OK(ts, GrB_Scalar_setElement_FP64(s, 0.5 * ts->id));
    CHECK_OK(ts, GrB_Vector_extractElement_Scalar(s, v, vi[0]));
    double sx = -1.0;
    CHECK_OK(ts, GrB_Scalar_extractElement_FP64(&sx, s));
    CHECK(ts, sx == (double)vx[0]);

    CHECK_OK(ts, GrB_Scalar_free(&s));
    CHECK_OK(ts, GrB_Vector_free(&v));
    CHECK_OK(ts, GrB_Matrix_free(&B));
    CHECK_OK(ts, GrB_Matrix_free(&M));
    free(sh);
    free(bsh);
}

static void *worker_main(void *arg)
{
    thread_state *ts = arg;
    for (int r = 0; r < ROUNDS && ts->failure[0] == '\0'; r++) worker_round(ts);
    return NULL;
}

/* ---- readers of one shared matrix ------------------------------------------------------------ */

static GrB_Matrix shared_matrix;
static shadow shared_shadow;
static pthread_barrier_t start_line;

static void *reader_main(void *arg)
{
    thread_state *ts = arg;
    pthread_barrier_wait(&start_line);
    /* the first reads race to assemble the pending updates */
    switch (ts->id % 4) {
    case 0: {
        GrB_Index nv = 0;
        CHECK_OK(ts, GrB_Matrix_nvals(&nv, shared_matrix));
        CHECK(ts, nv == shadow_count(&shared_shadow));
        break;
    }
    case 1: check_copies(ts, shared_matrix, &shared_shadow); break;
    case 2: check_exports(ts, shared_matrix, &shared_shadow); break;
    default: check_matrix(ts, shared_matrix, &shared_shadow); break;
    }
    for (int r = 0; r < 3; r++) {
        check_matrix(ts, shared_matrix, &shared_shadow);
        check_copies(ts, shared_matrix, &shared_shadow);
        check_exports(ts, shared_matrix, &shared_shadow);
        GrB_Index np = 0, ni = 0, nx = 0;
        CHECK_OK(ts, GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, shared_matrix));
        CHECK(ts, np == DIM + 1 && ni == shadow_count(&shared_shadow));
    }
    return NULL;
}

static void report(thread_state *ts, int n)
{
    bool ok = true;
    for (int k = 0; k < n; k++)
        if (ts[k].failure[0] != '\0') {
            print_error("%s\n", ts[k].failure);
            ok = false;
        }
    assert_true(ok);
}

static void test_independent_and_shared(void **state)
{
    (void)state;
    thread_state ts[NWORKERS + NREADERS];
    pthread_t th[NWORKERS + NREADERS];
    thread_state main_ts = {.id = -1, .rng = 12345};

    EXPECT_OK(GrB_Matrix_new(&shared_matrix, GrB_FP64, DIM, DIM));
    for (int it = 0; it < SHARED_ITERATIONS; it++) {
        /* new pending work on the shared matrix, nobody reading yet */
        random_updates(&main_ts, shared_matrix, &shared_shadow, UPDATES);
        assert_string_equal(main_ts.failure, "");
        assert_int_equal(pthread_barrier_init(&start_line, NULL, NREADERS), 0);
        for (int k = 0; k < NWORKERS + NREADERS; k++) {
            ts[k] = (thread_state){.id = k, .rng = 0x9E3779B97F4A7C15ULL * (uint64_t)(k + 1 + it)};
            void *(*body)(void *) = k < NWORKERS ? worker_main : reader_main;
            assert_int_equal(pthread_create(&th[k], NULL, body, &ts[k]), 0);
        }
        for (int k = 0; k < NWORKERS + NREADERS; k++)
            assert_int_equal(pthread_join(th[k], NULL), 0);
        assert_int_equal(pthread_barrier_destroy(&start_line), 0);
        report(ts, NWORKERS + NREADERS);
    }
    EXPECT_OK(GrB_Matrix_free(&shared_matrix));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_independent_and_shared),
    };
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
