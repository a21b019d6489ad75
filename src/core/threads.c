/* threads.c: how many threads a loop gets (GG_nthreads_for), one rule for the CPU backend and the
 * HiSparse code. It is SuiteSparse's chunk rule: floor(work / chunk) threads, at least one and at
 * most the OpenMP maximum, with SuiteSparse's default chunk of 64K units. A loop of less than two
 * chunks therefore runs serially, and callers skip the parallel region altogether then
 * (`if (nth > 1)`), since even a one-thread region costs a team set-up. */
#include "GG_internal.h"

#ifdef _OPENMP
#include <omp.h>
#endif

int GG_nthreads_for(uint64_t work)
{
#ifdef _OPENMP
    if (work < 2 * GG_CHUNK) return 1;
    int max = omp_get_max_threads();
    uint64_t cap = work / GG_CHUNK;
    return cap < (uint64_t)max ? (int)cap : max;
#else
    (void)work;
    return 1;
#endif
}
