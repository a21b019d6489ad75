/* memory.c: the library's allocator wrappers. Every allocation goes through here so that tests can
 * inject failures (GG_mem_fail_after) and check for leaks (GG_mem_live_blocks). */
#include "GG_internal.h"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_int_least64_t live_blocks;
static atomic_int_least64_t fail_countdown; /* > 0: that many allocations until one fails */

static bool injected_failure(void)
{
    int_least64_t k = atomic_load(&fail_countdown);
    while (k > 0) {
        if (atomic_compare_exchange_weak(&fail_countdown, &k, k - 1)) return k == 1;
    }
    return false;
}

void *GG_malloc(size_t size)
{
    if (injected_failure()) return NULL;
    void *p = malloc(size == 0 ? 1 : size);
    if (p != NULL) atomic_fetch_add(&live_blocks, 1);
    return p;
}

void *GG_calloc(size_t count, size_t size)
{
    if (injected_failure()) return NULL;
    void *p = calloc(count == 0 ? 1 : count, size == 0 ? 1 : size);
    if (p != NULL) atomic_fetch_add(&live_blocks, 1);
    return p;
}

void *GG_realloc(void *p, size_t size)
{
    if (p == NULL) return GG_malloc(size);
    if (injected_failure()) return NULL;
    return realloc(p, size == 0 ? 1 : size);
}

void GG_free(void *p)
{
    if (p == NULL) return;
    atomic_fetch_sub(&live_blocks, 1);
    free(p);
}

void GG_mem_untrack(void *p)
{
    if (p != NULL) atomic_fetch_sub(&live_blocks, 1);
}

bool GG_mul_size(size_t a, size_t b, size_t *size)
{
    return !__builtin_mul_overflow(a, b, size);
}

void GG_mem_fail_after(int64_t k)
{
    atomic_store(&fail_countdown, k < 0 ? 0 : k);
}

int64_t GG_mem_live_blocks(void)
{
    return atomic_load(&live_blocks);
}
