/* memory.c: the library's allocator wrappers. Every allocation goes through here, so that the
 * functions a client gives GxB_init serve all of them, tests can inject failures
 * (GG_mem_fail_after) and leaks show in the block count (GG_mem_live_blocks).
 * SuiteSparse's GxB_init needs only malloc and free: without calloc, calloc is malloc + memset;
 * without realloc, every block carries its size in a header in front of it, because emulating
 * realloc by malloc + copy + free needs the old size and our callers do not pass it. */
#include "GG_internal.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

static atomic_int_least64_t live_blocks;
static atomic_int_least64_t fail_countdown; /* > 0: that many allocations until one fails */

/* The active functions. Changed only by GrB_init/GxB_init while no block is live, so a block is
 * always freed by the functions (and with the header rule) that allocated it. */
static GG_allocator active = {malloc, calloc, realloc, free};

/* Size header of a block when the allocator has no realloc: max_align_t keeps the payload as
 * aligned as the allocator's own blocks. */
#define GG_SIZE_HEADER ((size_t)_Alignof(max_align_t))

static bool sized_blocks(void)
{
    return active.realloc_fn == NULL;
}

/* A block of `size` payload bytes (zeroed when `zero`), without counting or failure injection. */
static void *raw_alloc(size_t size, bool zero)
{
    size_t head = sized_blocks() ? GG_SIZE_HEADER : 0;
    if (size > SIZE_MAX - head) return NULL;
    char *p;
    if (!zero)
        p = active.malloc_fn(size + head);
    else if (active.calloc_fn != NULL)
        p = active.calloc_fn(1, size + head);
    else if ((p = active.malloc_fn(size + head)) != NULL)
        memset(p, 0, size + head);
    if (p == NULL) return NULL;
    if (head == 0) return p;
    memcpy(p, &size, sizeof size);
    return p + head;
}

static void raw_free(void *p)
{
    active.free_fn(sized_blocks() ? (char *)p - GG_SIZE_HEADER : p);
}

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
    void *p = raw_alloc(size == 0 ? 1 : size, false);
    if (p != NULL) atomic_fetch_add(&live_blocks, 1);
    return p;
}

void *GG_calloc(size_t count, size_t size)
{
    if (injected_failure()) return NULL;
    size_t bytes;
    if (!GG_mul_size(count == 0 ? 1 : count, size == 0 ? 1 : size, &bytes)) return NULL;
    void *p = raw_alloc(bytes, true);
    if (p != NULL) atomic_fetch_add(&live_blocks, 1);
    return p;
}

void *GG_realloc(void *p, size_t size)
{
    if (p == NULL) return GG_malloc(size);
    if (injected_failure()) return NULL;
    if (size == 0) size = 1;
    if (!sized_blocks()) return active.realloc_fn(p, size);
    size_t old;
    memcpy(&old, (char *)p - GG_SIZE_HEADER, sizeof old);
    void *q = raw_alloc(size, false);
    if (q == NULL) return NULL;
    memcpy(q, p, old < size ? old : size);
    raw_free(p);
    return q;
}

void GG_free(void *p)
{
    if (p == NULL) return;
    atomic_fetch_sub(&live_blocks, 1);
    raw_free(p);
}

void GG_mem_untrack(void *p)
{
    if (p != NULL) atomic_fetch_sub(&live_blocks, 1);
}

void GG_mem_free_untracked(void *p)
{
    if (p != NULL) raw_free(p);
}

bool GG_mem_use(const GG_allocator *a)
{
    bool same = a->malloc_fn == active.malloc_fn && a->calloc_fn == active.calloc_fn &&
                a->realloc_fn == active.realloc_fn && a->free_fn == active.free_fn;
    if (same) return true;
    if (atomic_load(&live_blocks) != 0) return false;
    active = *a;
    return true;
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

void *GG_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uintptr_t page = 4096;
    if (p != NULL && bytes >= ((size_t)4 << 20)) {
        uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
        uintptr_t hi = ((uintptr_t)p + bytes) & ~(page - 1);
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
#else
    (void)bytes;
#endif
    return p;
}
