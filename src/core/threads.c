/* threads.c: how many threads a loop gets (GG_nthreads_for), one rule for the CPU backend and the
 * HiSparse code. It is SuiteSparse's chunk rule: floor(work / chunk) threads, at least one and at
 * most the OpenMP maximum, with SuiteSparse's default chunk of 64K units. A loop of less than two
 * chunks therefore runs serially, and callers then skip the parallel region by an explicit
 * branch: libgomp sets up a team even for num_threads(1) or a false if clause, about 0.8 us a
 * region on the development machine (2026-11-26, measured under load). */
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
