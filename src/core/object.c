/* object.c: object identity. Allocation of object headers, validity checks, and the quarantine that
 * keeps freed objects readable for a while so that a stale handle reads as "freed"
 * (GrB_UNINITIALIZED_OBJECT) instead of touching memory the allocator gave to someone else.
 * The quarantine lives from GrB_init to GrB_finalize, which frees what waits in it, so a program
 * that finalizes leaves nothing of ours allocated. */
#include "GG_internal.h"

/* Freed objects wait here (FIFO) before their memory goes back to the allocator; NULL slots are
 * empty. Open between GrB_init and GrB_finalize. */
#define GG_QUARANTINE 4096
static void *quarantine[GG_QUARANTINE];
static size_t quarantine_next;
static bool quarantine_is_open;
static pthread_mutex_t quarantine_lock = PTHREAD_MUTEX_INITIALIZER;

void GG_object_quarantine_open(void)
{
    pthread_mutex_lock(&quarantine_lock);
    quarantine_is_open = true;
    pthread_mutex_unlock(&quarantine_lock);
}

void GG_object_quarantine_close(void)
{
    pthread_mutex_lock(&quarantine_lock);
    quarantine_is_open = false;
    for (size_t k = 0; k < GG_QUARANTINE; k++) {
        GG_mem_free_untracked(quarantine[k]);
        quarantine[k] = NULL;
    }
    quarantine_next = 0;
    pthread_mutex_unlock(&quarantine_lock);
}

void *GG_object_new(size_t size, GG_kind kind)
{
    GG_header *h = GG_calloc(1, size);
    if (h == NULL) return NULL;
    h->magic = GG_MAGIC_LIVE;
    h->kind = kind;
    return h;
}

void GG_object_release(void *obj)
{
    if (obj == NULL) return;
    GG_header *h = obj;
    h->magic = GG_MAGIC_FREED;
    h->errmsg[0] = '\0';
    GG_mem_untrack(obj);
    pthread_mutex_lock(&quarantine_lock);
    void *evicted = obj;
    if (quarantine_is_open) {
        evicted = quarantine[quarantine_next];
        quarantine[quarantine_next] = obj;
        quarantine_next = (quarantine_next + 1) % GG_QUARANTINE;
    }
    pthread_mutex_unlock(&quarantine_lock);
    GG_mem_free_untracked(evicted);
}

GrB_Info GG_check_object(const void *obj, GG_kind kind)
{
    if (obj == NULL) return GrB_NULL_POINTER;
    const GG_header *h = obj;
    if (h->magic == GG_MAGIC_LIVE) return h->kind == kind ? GrB_SUCCESS : GrB_UNINITIALIZED_OBJECT;
    if (h->magic == GG_MAGIC_INVALID) return GrB_INVALID_OBJECT;
    return GrB_UNINITIALIZED_OBJECT;
}

const char *GG_object_problem(GrB_Info info)
{
    switch (info) {
    case GrB_NULL_POINTER: return "NULL";
    case GrB_INVALID_OBJECT: return "invalid (its construction failed)";
    default: return "not initialized, already freed, or of the wrong kind";
    }
}

GrB_Info GG_object_free(void **handle, GG_kind kind, void (*free_body)(void *obj), const char *func)
{
    GG_CHECK_INIT_IN(func);
    if (handle == NULL || *handle == NULL) return GrB_SUCCESS;
    GG_CHECK_OBJ_IN(func, *handle, kind, NULL, "object");
    if (((GG_header *)*handle)->builtin) return GrB_SUCCESS;
    if (free_body != NULL) free_body(*handle);
    GG_object_release(*handle);
    *handle = NULL;
    return GrB_SUCCESS;
}

GrB_Info GG_object_wait(void *obj, GG_kind kind, GrB_WaitMode mode, GrB_Info (*finish)(void *obj),
                        const char *func)
{
    GG_CHECK_INIT_IN(func);
    GG_CHECK_OBJ_IN(func, obj, kind, obj, "object");
    GG_RETURN_IF_IN(func, mode != GrB_COMPLETE && mode != GrB_MATERIALIZE, obj, GrB_INVALID_VALUE,
                    "argument 'mode' is %d, not a GrB_WaitMode", (int)mode);
    GrB_Info info = finish == NULL ? GrB_SUCCESS : finish(obj);
    GG_RETURN_IF_IN(func, info != GrB_SUCCESS, obj, info, "%s while finishing pending work",
                    GG_info_name(info));
    return GrB_SUCCESS;
}
