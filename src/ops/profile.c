/* profile.c: the per-operation profile (GRAPHBLAS_GPU_PROFILE=1). The GPU host has no usable
 * system profiler (nsys is a stub there), and a graph algorithm's time is spread over dozens of
 * GraphBLAS calls a step; this names the calls that cost it. With the variable set, every
 * dispatched operation waits for the device before it starts and after it finishes, so its time
 * includes its own device work and nothing queued by another call; at exit the table of, per
 * public function and the backend that ran it, the calls, their total and their mean goes to
 * stderr.
 * The waits remove the overlap of host and device work, so the profile's total exceeds a plain
 * run: it says where the time goes, not how long a run takes. Value-returning calls (nvals,
 * extractElement, wait) are not dispatched and are not in it. */
#include "GG_ops.h"
#include "GG_store.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *func;         /* the public function's name (a static string) */
    const GG_backend *be;
    uint64_t calls;
    double ms;
} profile_row;

enum { PROFILE_ROWS = 256 };
static profile_row rows[PROFILE_ROWS];
static int nrows;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local double started;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void report(void);

bool GG_profile_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *e = getenv("GRAPHBLAS_GPU_PROFILE");
        on = e != NULL && e[0] != '\0' && strcmp(e, "0") != 0;
        if (on) atexit(report);
    }
    return on;
}

void GG_op_profile_begin(void)
{
    (void)GG_device_sync();
    started = now_ms();
}

void GG_op_profile_end(const GG_op *k, const GG_backend *be)
{
    (void)GG_device_sync();
    double ms = now_ms() - started;
    pthread_mutex_lock(&lock);
    int r = 0;
    while (r < nrows && !(rows[r].func == k->func && rows[r].be == be)) r++;
    if (r == nrows && nrows < PROFILE_ROWS) rows[nrows++] = (profile_row){k->func, be, 0, 0};
    if (r < nrows) {
        rows[r].calls++;
        rows[r].ms += ms;
    }
    pthread_mutex_unlock(&lock);
}

static int by_time(const void *a, const void *b)
{
    double x = ((const profile_row *)a)->ms, y = ((const profile_row *)b)->ms;
    return (x < y) - (x > y);
}

static void report(void)
{
    pthread_mutex_lock(&lock);
    qsort(rows, (size_t)nrows, sizeof rows[0], by_time);
    double total = 0;
    for (int r = 0; r < nrows; r++) total += rows[r].ms;
    fprintf(stderr, "[GraphBLAS_gpu] profile: %-34s %-5s %9s %11s %10s %6s\n", "function",
            "ran", "calls", "total ms", "mean us", "share");
    for (int r = 0; r < nrows; r++)
        fprintf(stderr, "[GraphBLAS_gpu] profile: %-34s %-5s %9llu %11.3f %10.1f %5.1f%%\n",
                rows[r].func, rows[r].be->name, (unsigned long long)rows[r].calls, rows[r].ms,
                1e3 * rows[r].ms / (double)rows[r].calls, total > 0 ? 100 * rows[r].ms / total : 0);
    nrows = 0;
    pthread_mutex_unlock(&lock);
}
