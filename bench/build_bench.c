/* build_bench.c: GrB_Matrix_build at scale (issue 11 item 9), this library against SuiteSparse.
 * Written against the GraphBLAS C API and tools/gen only, and built twice, once per library, as
 * cpu_vs_suitesparse.c is; `BENCH=build_bench bench/run_cpu_vs_suitesparse.sh BUILD_DIR ...`
 * runs the pair with the same thread count and prints the ratios.
 *
 * Input: a tools/gen graph (a --gen spec; default rmat:18, the Graph500 RMAT tuples with vertex ids
 * permuted, so they come in random order with duplicates), generated once, outside the timed
 * region, with integer weights. Cases:
 *   dup     FP64 values (integers 1..255), duplicates summed by GrB_PLUS_FP64
 *   iso     BOOL, every value true, duplicates combined by GrB_LOR (an iso, pattern-only matrix)
 *   sorted  the same graph cleaned (sorted by row then column, no duplicates: GG_GEN_CLEAN), FP64,
 *           dup NULL
 *   colsorted  the cleaned tuples sorted by column then row (a CSC export), FP64, dup NULL; run
 *           only when named (it holds one more copy of the tuples)
 *   mxv, vxm, mxm  the sorted build followed by its first use: y = A x, y = x' A (x full, integers
 *           1..7), or C = F A with F 4 x n (every 64th column of each row, integers): PLUS_TIMES
 *           FP64, exact in both libraries; run only when named. Each also prints a line
 *           "<case>_again": the same product once more on the same A (the product alone, with A
 *           in whatever form its first use left it)
 * The timed region is GrB_Matrix_new + GrB_Matrix_build + GrB_Matrix_wait(MATERIALIZE) (and for
 * the use cases the product and a wait on its result); one warm-up, then the median of `runs`. Each case's result is checked once by a
 * checksum over its tuples (order-independent), which must agree between the two libraries.
 *
 * Usage: build_bench [gen-spec] [runs] [case...] (no case: dup, iso and sorted)
 * Output: "input ..." then per case "op <case> <median ms> <min ms> <nvals> <checksum>",
 * "cpu <case> <median ms>", the CPU time of the process (all threads) per build: on a machine
 * shared with other work, where wall times vary by 2x, it shows the work itself, and
 * "mem <case> <MiB> <bytes per tuple>", the peak resident memory the first build of the case added
 * to what the process held before it (the result included; Linux's VmHWM, reset before the build
 * through /proc/self/clear_refs; run one case per process for the cleanest number, since memory
 * a previous case freed but the allocator kept is reused without counting). The runner script
 * reads only the op lines. */
#include "gg_gen.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* A field of /proc/self/status in bytes (-1 when unreadable). */
static long long status_bytes(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL) return -1;
    char line[256];
    long long kb = -1;
    size_t len = strlen(field);
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, field, len) == 0 && line[len] == ':') kb = atoll(line + len + 1);
    fclose(f);
    return kb < 0 ? -1 : kb * 1024;
}

/* Starts a new peak (VmHWM) at the current resident size. */
static void peak_reset(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f == NULL) return;
    fputs("5", f);
    fclose(f);
}

typedef enum { CASE_DUP, CASE_ISO, CASE_SORTED, CASE_COLSORTED, CASE_MXV, CASE_VXM, CASE_MXM } bench_case;
#define NCASES 7

/* t's tuples (sorted by rows) sorted by column then row, into *out (a stable counting sort). */
static void by_columns(const GG_coo *t, GG_coo *out)
{
    *out = (GG_coo){t->nrows, t->ncols, t->nvals, malloc((t->nvals + 1) * sizeof(GrB_Index)),
                    malloc((t->nvals + 1) * sizeof(GrB_Index)), malloc((t->nvals + 1) * sizeof(double))};
    GrB_Index *start = calloc(t->ncols + 1, sizeof *start);
    if (out->I == NULL || out->J == NULL || out->X == NULL || start == NULL) exit(1);
    for (GrB_Index k = 0; k < t->nvals; k++) start[t->J[k] + 1]++;
    for (GrB_Index j = 0; j < t->ncols; j++) start[j + 1] += start[j];
    for (GrB_Index k = 0; k < t->nvals; k++) {
        GrB_Index p = start[t->J[k]]++;
        out->I[p] = t->I[k];
        out->J[p] = t->J[k];
        out->X[p] = t->X[k];
    }
    free(start);
}

static const bool *case_true;
static GrB_Vector use_x;  /* the full x of mxv and vxm */
static GrB_Matrix use_f;  /* the 4 x n F of mxm */

/* The first use of case c on A (the sorted build), its result returned (a vector or a matrix). */
static void *use(bench_case c, GrB_Matrix A)
{
    GrB_Index n;
    CHECK(GrB_Matrix_nrows(&n, A));
    if (c == CASE_MXM) {
        GrB_Matrix C;
        CHECK(GrB_Matrix_new(&C, GrB_FP64, 4, n));
        CHECK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, use_f, A, NULL));
        CHECK(GrB_Matrix_wait(C, GrB_MATERIALIZE));
        return C;
    }
    GrB_Vector y;
    CHECK(GrB_Vector_new(&y, GrB_FP64, n));
    if (c == CASE_MXV)
        CHECK(GrB_mxv(y, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, use_x, NULL));
    else
        CHECK(GrB_vxm(y, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, use_x, A, NULL));
    CHECK(GrB_Vector_wait(y, GrB_MATERIALIZE));
    return y;
}

static void use_free(bench_case c, void *r)
{
    if (c == CASE_MXM) {
        GrB_Matrix C = r;
        GrB_Matrix_free(&C);
    } else {
        GrB_Vector y = r;
        GrB_Vector_free(&y);
    }
}

/* The operands of the use cases for an n x n A. */
static void use_operands(GrB_Index n)
{
    CHECK(GrB_Vector_new(&use_x, GrB_FP64, n));
    for (GrB_Index i = 0; i < n; i++) CHECK(GrB_Vector_setElement_FP64(use_x, (double)(i % 7 + 1), i));
    CHECK(GrB_Vector_wait(use_x, GrB_MATERIALIZE));
    CHECK(GrB_Matrix_new(&use_f, GrB_FP64, 4, n));
    for (GrB_Index s = 0; s < 4; s++)
        for (GrB_Index j = s; j < n; j += 64) CHECK(GrB_Matrix_setElement_FP64(use_f, (double)(j % 5 + 1), s, j));
    CHECK(GrB_Matrix_wait(use_f, GrB_MATERIALIZE));
}

static GrB_Matrix build(bench_case c, const GG_coo *t)
{
    GrB_Matrix A;
    if (c >= CASE_MXV) c = CASE_SORTED;
    if (c == CASE_ISO) {
        CHECK(GrB_Matrix_new(&A, GrB_BOOL, t->nrows, t->ncols));
        CHECK(GrB_Matrix_build_BOOL(A, t->I, t->J, case_true, t->nvals, GrB_LOR));
    } else {
        CHECK(GrB_Matrix_new(&A, GrB_FP64, t->nrows, t->ncols));
        CHECK(GrB_Matrix_build_FP64(A, t->I, t->J, t->X, t->nvals,
                                    c == CASE_DUP ? GrB_PLUS_FP64 : NULL));
    }
    CHECK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

int main(int argc, char **argv)
{
    const char *text = argc > 1 ? argv[1] : "rmat:18";
    int runs = argc > 2 ? atoi(argv[2]) : 3;
    if (runs < 1) runs = 1;
    CHECK(GrB_init(GrB_NONBLOCKING));

    GG_gen_spec spec;
    char err[256];
    if (GG_gen_parse(&spec, text, err, sizeof err) != GrB_SUCCESS) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    spec.weights = GG_WEIGHTS_INT;
    GG_coo raw, clean;
    CHECK(GG_gen(&raw, &spec));
    spec.flags |= GG_GEN_CLEAN;
    CHECK(GG_gen(&clean, &spec));
    bool *ones = malloc(raw.nvals + 1);
    if (ones == NULL) return 1;
    memset(ones, 1, raw.nvals + 1);
    case_true = ones;
    printf("input %s tuples %llu clean %llu runs %d\n", text, (unsigned long long)raw.nvals,
           (unsigned long long)clean.nvals, runs);

    static const char *const names[] = {"dup", "iso", "sorted", "colsorted", "mxv", "vxm", "mxm"};
    use_operands(clean.nrows);
    GG_coo cols = {0};
    double *ms = malloc((size_t)runs * sizeof *ms), *cpu = malloc((size_t)runs * sizeof *cpu);
    if (ms == NULL || cpu == NULL) return 1;
    for (int c = 0; c < NCASES; c++) {
        bool wanted = argc <= 3 && c <= CASE_SORTED;
        for (int a = 3; a < argc; a++) wanted = wanted || strcmp(argv[a], names[c]) == 0;
        if (!wanted) continue;
        if (c == CASE_COLSORTED) by_columns(&clean, &cols);
        const GG_coo *t = c == CASE_COLSORTED ? &cols : c >= CASE_SORTED ? &clean : &raw;
        long long before = status_bytes("VmRSS");
        peak_reset();
        bool used = c >= CASE_MXV;
        GrB_Matrix A = build((bench_case)c, t); /* warm-up, and the result checked */
        void *u = used ? use((bench_case)c, A) : NULL;
        long long peak = status_bytes("VmHWM") - before;
        GrB_Index nvals;
        uint64_t sum = !used ? bench_checksum(A, NULL, &nvals)
                       : c == CASE_MXM ? bench_checksum(u, NULL, &nvals)
                                       : bench_checksum(NULL, u, &nvals);
        if (used) use_free((bench_case)c, u);
        GrB_Matrix_free(&A);
        double *again = used ? malloc((size_t)runs * sizeof *again) : NULL;
        for (int r = 0; r < runs; r++) {
            double t0 = now_ms(), c0 = cpu_ms();
            A = build((bench_case)c, t);
            if (used) use_free((bench_case)c, use((bench_case)c, A));
            ms[r] = now_ms() - t0;
            cpu[r] = cpu_ms() - c0;
            if (used) {
                t0 = now_ms();
                use_free((bench_case)c, use((bench_case)c, A));
                again[r] = now_ms() - t0;
            }
            GrB_Matrix_free(&A);
        }
        if (used) {
            qsort(again, (size_t)runs, sizeof *again, bench_cmp_double);
            printf("op %s_again %.3f %.3f %llu %016llx\n", names[c], again[runs / 2], again[0],
                   (unsigned long long)nvals, (unsigned long long)sum);
            free(again);
        }
        qsort(ms, (size_t)runs, sizeof *ms, bench_cmp_double);
        qsort(cpu, (size_t)runs, sizeof *cpu, bench_cmp_double);
        printf("op %s %.3f %.3f %llu %016llx\n", names[c], ms[runs / 2], ms[0],
               (unsigned long long)nvals, (unsigned long long)sum);
        printf("cpu %s %.3f\n", names[c], cpu[runs / 2]);
        if (before >= 0 && peak >= 0)
            printf("mem %s %.1f %.2f\n", names[c], peak / 1048576.0, (double)peak / (double)t->nvals);
        fflush(stdout);
    }
    free(ms);
    free(cpu);
    free(ones);
    GrB_Vector_free(&use_x);
    GrB_Matrix_free(&use_f);
    free(cols.I);
    free(cols.J);
    free(cols.X);
    GG_coo_free(&raw);
    GG_coo_free(&clean);
    GrB_finalize();
    return 0;
}
