/* test_cuda_threads.c: concurrent user threads on the GPU (issue 15). With CUDA forced, 8 threads
 * each run the same sequence of calls on their own outputs, reading shared inputs that start in
 * each residency state: a matrix and a vector already on the device, a matrix and a vector only
 * on the host (so the threads race to make their first device copies), a matrix and a vector
 * carrying pending setElement updates (so they race to apply the log first), and a sparse
 * frontier written on the device as a bitmap (every push makes its own sparse copy of it). Every
 * thread's results must equal those of the same sequence run by one thread on copies of the
 * inputs; values are small integers, so sums are exact whatever order the device adds them in.
 * The whole run is repeated with fresh shared inputs, so the first-use transitions race each time.
 * Doc/decisions.md ("Residency under concurrent readers") describes the locking this relies on;
 * run it under ThreadSanitizer and compute-sanitizer racecheck on the GPU host (Doc/testing.md).
 * Worker threads never call cmocka: they record the first failure and main reports it.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include <GraphBLAS.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test_api.h"
#include "grb_algorithms.h"

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define NTHREADS 8 /* at most; GG_TEST_THREADS asks for fewer (racecheck, see main) */
#define NRESULTS 10 /* results per thread */

/* The shared inputs, in the residency state their name says. */
typedef struct {
    GrB_Matrix A_dev, A_host, A_pend;
    GrB_Vector u_dev, u_host, u_pend;
    GrB_Vector u_front; /* written on the device with few entries: a bitmap there, sparse by
                         * density, so every thread's push makes its own sparse copy of it */
} shared_inputs;

/* One result as tuples. */
typedef struct {
    GrB_Index n;
    GrB_Index *I;
    double *X;
} result;

typedef struct {
    int id;
    const shared_inputs *in;
    pthread_barrier_t *start;
    result out[NRESULTS];
    char failure[256];
} worker;

static int repeats = 3; /* 1 under a sanitizer (GG_TEST_SANITIZER) */
static int nthreads = NTHREADS;
/* Vector length and matrix order; a quarter under a sanitizer (GG_TEST_SANITIZER), where racecheck
 * took over 120 s with one host thread at 2048 (Doc/testing.md): the races it looks for are in
 * the kernels' shared memory and the residency transitions, which the smaller run still makes. */
static GrB_Index N = 2048;
static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* ---- inputs, built identically for each run from a seed -------------------------------------- */

static GrB_Matrix matrix(uint64_t seed, bool pending)
{
    rng = seed;
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, N, N));
    for (GrB_Index i = 0; i < N; i++)
        for (int e = 0; e < 6; e++)
            OK(GrB_Matrix_setElement_FP64(A, (double)(next() % 7) + 1, i, next() % N));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    if (pending) /* updates left in the log: the first reader applies them */
        for (int e = 0; e < 50; e++) OK(GrB_Matrix_setElement_FP64(A, 3, next() % N, next() % N));
    return A;
}

static GrB_Vector vector(uint64_t seed, GrB_Index nvals, bool pending)
{
    rng = seed;
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_FP64, N));
    for (GrB_Index e = 0; e < nvals; e++)
        OK(GrB_Vector_setElement_FP64(v, (double)(next() % 9) - 4, next() % N));
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    if (pending) {
        for (int e = 0; e < 20; e++) OK(GrB_Vector_setElement_FP64(v, 2, next() % N));
        OK(GrB_Vector_removeElement(v, next() % N));
    }
    return v;
}

/* The inputs; `resident` puts A_dev and u_dev on the device (a CUDA read of A_dev, an identity
 * apply of u_dev under CUDA, which writes it there). */
static shared_inputs make_inputs(bool resident)
{
    /* entry counts as fractions of N = 2048: u_dev 59 %, u_host 1.5 %, u_pend 44 %, u_front 2 % */
    shared_inputs in = {matrix(1, false),          matrix(2, false),
                        matrix(3, true),           vector(4, N * 1200 / 2048, false),
                        vector(5, N * 30 / 2048, false), vector(6, N * 900 / 2048, true),
                        vector(7, N * 40 / 2048, false)};
    if (resident) {
        OK(GrB_Vector_apply(in.u_front, NULL, NULL, GrB_IDENTITY_FP64, in.u_front, NULL));
        GrB_Vector t;
        OK(GrB_Vector_new(&t, GrB_FP64, N));
        OK(GrB_mxv(t, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, in.A_dev, in.u_dev, NULL));
        OK(GrB_Vector_free(&t));
        OK(GrB_Vector_apply(in.u_dev, NULL, NULL, GrB_IDENTITY_FP64, in.u_dev, NULL));
    }
    return in;
}

static void free_inputs(shared_inputs *in)
{
    GrB_Matrix_free(&in->A_dev), GrB_Matrix_free(&in->A_host), GrB_Matrix_free(&in->A_pend);
    GrB_Vector_free(&in->u_dev), GrB_Vector_free(&in->u_host), GrB_Vector_free(&in->u_pend);
    GrB_Vector_free(&in->u_front);
}

/* ---- one thread's sequence ------------------------------------------------------------------- */

static void record_failure(worker *w, int line, GrB_Info info)
{
    if (w->failure[0] == '\0')
        snprintf(w->failure, sizeof w->failure, "thread %d, line %d: GrB_Info %d", w->id, line,
                 (int)info);
}

#define TRY(call)                                                                                  \
    do {                                                                                           \
        GrB_Info info_ = (call);                                                                   \
        if (info_ != GrB_SUCCESS) {                                                                \
            record_failure(w, __LINE__, info_);                                                    \
            goto done;                                                                             \
        }                                                                                          \
    } while (0)

/* Keeps v's tuples as result r (v is freed). */
static GrB_Info keep(result *r, GrB_Vector *v)
{
    GrB_Info info = GrB_Vector_nvals(&r->n, *v);
    if (info != GrB_SUCCESS) return info;
    r->I = malloc((r->n + 1) * sizeof *r->I);
    r->X = malloc((r->n + 1) * sizeof *r->X);
    if (r->I == NULL || r->X == NULL) return GrB_OUT_OF_MEMORY;
    GrB_Index n = r->n;
    info = GrB_Vector_extractTuples_FP64(r->I, r->X, &n, *v);
    GrB_Vector_free(v);
    return info;
}

static void *run(void *arg)
{
    worker *w = arg;
    const shared_inputs *in = w->in;
    GrB_Vector t = NULL, lv = NULL;
    char msg[GG_ALG_MSG_LEN];
    if (w->start != NULL) pthread_barrier_wait(w->start);
    int r = 0;
    /* products with each matrix, each input vector, push (sparse u_host) and pull */
    const GrB_Matrix mats[] = {in->A_dev, in->A_host, in->A_pend};
    const GrB_Vector vecs[] = {in->u_host, in->u_pend, in->u_dev};
    for (int k = 0; k < 3; k++) {
        TRY(GrB_Vector_new(&t, GrB_FP64, N));
        TRY(GrB_mxv(t, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, mats[k], vecs[k], NULL));
        TRY(keep(&w->out[r++], &t));
        TRY(GrB_Vector_new(&t, GrB_FP64, N));
        TRY(GrB_vxm(t, vecs[(k + 1) % 3], GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, vecs[k],
                    mats[(k + 2) % 3], NULL));
        TRY(keep(&w->out[r++], &t));
    }
    /* a push from the device-written frontier, while other threads read it too */
    TRY(GrB_Vector_new(&t, GrB_FP64, N));
    TRY(GrB_vxm(t, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, in->u_front, in->A_host, NULL));
    TRY(keep(&w->out[r++], &t));
    /* vector calls over the shared vectors: eWise, a masked apply */
    TRY(GrB_Vector_new(&t, GrB_FP64, N));
    TRY(GrB_Vector_eWiseAdd_BinaryOp(t, NULL, NULL, GrB_PLUS_FP64, in->u_pend, in->u_dev, NULL));
    TRY(GrB_Vector_eWiseMult_BinaryOp(t, in->u_host, GrB_PLUS_FP64, GrB_TIMES_FP64, in->u_dev,
                                      in->u_pend, NULL));
    TRY(GrB_Vector_apply(t, in->u_pend, GrB_MINUS_FP64, GrB_AINV_FP64, in->u_front, NULL));
    TRY(keep(&w->out[r++], &t));
    /* a BFS from vertex 0 of the resident matrix (as a graph) */
    TRY(GG_alg_bfs(&lv, NULL, in->A_dev, 0, GG_BFS_PUSH, msg));
    TRY(keep(&w->out[r++], &lv));
    /* a reduction to a C scalar, kept as a one-entry result */
    double s = 0;
    TRY(GrB_Vector_reduce_FP64(&s, NULL, GrB_PLUS_MONOID_FP64, in->u_pend, NULL));
    TRY(GrB_Vector_new(&t, GrB_FP64, 1));
    TRY(GrB_Vector_setElement_FP64(t, s, 0));
    TRY(keep(&w->out[r++], &t));
done:
    GrB_Vector_free(&t);
    GrB_Vector_free(&lv);
    return NULL;
}

static bool same(const result *a, const result *b)
{
    if (a->n != b->n) return false;
    for (GrB_Index k = 0; k < a->n; k++)
        if (a->I[k] != b->I[k] || a->X[k] != b->X[k]) return false;
    return true;
}

static void free_results(worker *w)
{
    for (int r = 0; r < NRESULTS; r++) free(w->out[r].I), free(w->out[r].X);
}

static void test_threads(void **state)
{
    (void)state;
    OK(GrB_set(GrB_GLOBAL, GxG_BACKEND_CUDA, GxG_BACKEND));
    for (int rep = 0; rep < repeats; rep++) {
        /* the reference: one thread, its own inputs in the same initial states */
        shared_inputs ref_in = make_inputs(true);
        worker ref = {.id = -1, .in = &ref_in};
        run(&ref);
        free_inputs(&ref_in);
        if (ref.failure[0] != '\0') fail_msg("%s", ref.failure);

        shared_inputs in = make_inputs(true);
        pthread_barrier_t start;
        assert_int_equal(pthread_barrier_init(&start, NULL, (unsigned)nthreads), 0);
        worker ws[NTHREADS];
        pthread_t tid[NTHREADS];
        for (int k = 0; k < nthreads; k++) {
            ws[k] = (worker){.id = k, .in = &in, .start = &start};
            assert_int_equal(pthread_create(&tid[k], NULL, run, &ws[k]), 0);
        }
        for (int k = 0; k < nthreads; k++) assert_int_equal(pthread_join(tid[k], NULL), 0);
        pthread_barrier_destroy(&start);
        int differing = 0;
        for (int k = 0; k < nthreads; k++) {
            if (ws[k].failure[0] != '\0') fail_msg("%s", ws[k].failure);
            for (int r = 0; r < NRESULTS; r++) {
                if (!same(&ws[k].out[r], &ref.out[r])) {
                    printf("repeat %d, thread %d: result %d differs from the single thread's\n",
                           rep, k, r);
                    differing++;
                }
            }
            free_results(&ws[k]);
        }
        /* the shared inputs read back as the single thread's copies (pending work applied once) */
        shared_inputs again = make_inputs(false);
        GrB_Vector a[] = {in.u_dev, in.u_host, in.u_pend, in.u_front};
        GrB_Vector b[] = {again.u_dev, again.u_host, again.u_pend, again.u_front};
        for (int k = 0; k < 4; k++) {
            result x, y;
            GrB_Vector ca, cb;
            OK(GrB_Vector_dup(&ca, a[k]));
            OK(GrB_Vector_dup(&cb, b[k]));
            OK(keep(&x, &ca));
            OK(keep(&y, &cb));
            differing += !same(&x, &y);
            free(x.I), free(x.X), free(y.I), free(y.X);
        }
        free_inputs(&again);
        free_inputs(&in);
        free_results(&ref);
        printf("repeat %d: %d threads x %d results, %d differing from the single-threaded run\n",
               rep, nthreads, NRESULTS, differing);
        assert_int_equal(differing, 0);
    }
}

int main(void)
{
    int start = GG_cuda_test_api_start();
    if (start != 0) return start;
    if (getenv("GG_TEST_SANITIZER") != NULL) repeats = 1, N = 512;
    /* compute-sanitizer racecheck loses track of kernel launches when host threads launch at
     * once ("Internal Sanitizer Error: Detected a failure to track a kernel launch", with 8
     * threads and with 2; Doc/testing.md), and counts that as an error. Its hazards are within a
     * kernel's shared memory and do not depend on how many host threads launch, so
     * tools/device-check.sh runs it with one (GG_TEST_THREADS=1: the same sequence, each kernel
     * checked); ThreadSanitizer covers the host side with all 8. */
    const char *t = getenv("GG_TEST_THREADS");
    if (t != NULL && atoi(t) >= 1 && atoi(t) <= NTHREADS) nthreads = atoi(t);
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_threads)};
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
