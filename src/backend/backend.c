/* backend.c: the backend selection policy (DESIGN.md §5 step 3). This is the one file of src/
 * that knows whether the CUDA backend is compiled in. */
#include "GG_backend.h"

#if GG_HAVE_CUDA
extern const GG_backend GG_cuda_backend;
static const GG_backend *const cuda_table = &GG_cuda_backend;
#else
static const GG_backend *const cuda_table = NULL;
#endif

const char *GG_opfamily_name(GG_opfamily op)
{
    switch (op) {
#define GG_SLOT_NAME(slot, SLOT, fn)                                                               \
    case GG_FAM_##SLOT: return #slot;
        GG_BACKEND_SLOTS(GG_SLOT_NAME)
#undef GG_SLOT_NAME
    case GG_FAM_COUNT: break;
    }
    return "unknown";
}

bool GG_backend_has(const GG_backend *b, GG_opfamily op)
{
    if (b == NULL) return false;
    switch (op) {
#define GG_SLOT_HAS(slot, SLOT, fn)                                                                \
    case GG_FAM_##SLOT: return b->slot != NULL;
        GG_BACKEND_SLOTS(GG_SLOT_HAS)
#undef GG_SLOT_HAS
    case GG_FAM_COUNT: break;
    }
    return false;
}

const GG_backend *GG_cuda_table(void)
{
    return cuda_table;
}

bool GG_family_compiled(GG_opfamily op)
{
    return GG_backend_has(&GG_cpu_backend, op) || GG_backend_has(cuda_table, op);
}

/* A user-defined type or operator has host code only: it cannot run on the device. Monoids and
 * semirings built by the user from built-in parts are as good as built-in ones. */
static bool object_builtin(const void *obj)
{
    const GG_header *h = obj;
    if (h->builtin) return true;
    switch (h->kind) {
    case GG_KIND_MONOID: return object_builtin(((GrB_Monoid)obj)->op);
    case GG_KIND_SEMIRING:
        return object_builtin(((GrB_Semiring)obj)->add) &&
               object_builtin(((GrB_Semiring)obj)->mul);
    default: return false;
    }
}

const GG_backend *GG_backend_select(GG_opfamily op, const GG_desc *d, const void *const *objs,
                                    size_t nobjs, const char **reason)
{
    int32_t choice = (d != NULL && d->backend != GxG_BACKEND_AUTO) ? d->backend : GG_global.backend;
    bool cuda_up = cuda_table != NULL && (GG_backends_available() & 2) != 0;
    if (choice == GxG_BACKEND_CPU) {
        *reason = "GxG_BACKEND forces the CPU";
        return &GG_cpu_backend;
    }
    if (choice == GxG_BACKEND_CUDA) {
        if (!cuda_up) {
            *reason = "GxG_BACKEND forces CUDA, but no CUDA device is available";
            return NULL;
        }
        if (!GG_backend_has(cuda_table, op)) {
            *reason = "GxG_BACKEND forces CUDA, but cuda declined: the CUDA backend lacks this "
                      "operation, running on cpu";
            GG_global.cuda_declines++; /* a decline too (GxG_CUDA_DECLINES) */
            return &GG_cpu_backend;
        }
        *reason = "GxG_BACKEND forces CUDA";
        return cuda_table;
    }
    if (!cuda_up) {
        *reason = "AUTO found no CUDA device";
        return &GG_cpu_backend;
    }
    if (!GG_backend_has(cuda_table, op)) {
        *reason = "AUTO: the CUDA backend lacks this operation";
        return &GG_cpu_backend;
    }
    for (size_t k = 0; k < nobjs; k++) {
        if (objs[k] != NULL && !object_builtin(objs[k])) {
            *reason = "AUTO: a user-defined type or operator is involved";
            return &GG_cpu_backend;
        }
    }
    *reason = "AUTO: a CUDA device is available and every type and operator is built-in";
    return cuda_table;
}

static _Thread_local const char *decline_why;

GrB_Info GG_decline(const char *why)
{
    decline_why = why;
    return GG_DECLINE;
}

const char *GG_decline_reason(void)
{
    return decline_why != NULL ? decline_why : "no reason given";
}

bool GG_backend_forced_cuda(const GG_desc *d)
{
    int32_t choice = (d != NULL && d->backend != GxG_BACKEND_AUTO) ? d->backend : GG_global.backend;
    return choice == GxG_BACKEND_CUDA;
}
