/* diff_main.c: the differential program's driver. Usage: diff_<lib> SEED NCASES [CASE]. Case k of a
 * seed draws from its own random stream, so `diff_<lib> SEED NCASES k` reruns case k alone. The
 * first line names the shared library actually loaded, so the comparison can check that each build
 * ran against the library it was meant for. */
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

static void print_library(void)
{
    Dl_info where;
    void *sym = (void *)(uintptr_t)&GrB_init;
    printf("# library %s\n", dladdr(sym, &where) && where.dli_fname ? where.dli_fname : "?");
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s SEED NCASES [CASE]\n", argv[0]);
        return 2;
    }
    uint64_t seed = strtoull(argv[1], NULL, 0);
    long ncases = strtol(argv[2], NULL, 0), only = argc > 3 ? strtol(argv[3], NULL, 0) : -1;
    print_library();
    GrB_Info info = GrB_init(GrB_NONBLOCKING);
    if (info != GrB_SUCCESS) {
        printf("GrB_init info=%d\n", (int)info);
        return 1;
    }
#ifdef GxB_SUITESPARSE_GRAPHBLAS
    /* The reference only: SuiteSparse 7.4.0's free pool gets corrupted over a long run (a block
     * handed out under the wrong size class, then a crash in GB_Global_free_pool_get). With the
     * pool off, every block goes straight back to free(); results are unaffected. */
    int64_t no_pool[64] = {0};
    GxB_Global_Option_set(GxB_MEMORY_POOL, no_pool);
#endif
    tables_init();
    static const struct {
        const char *name;
        void (*run)(ctx *);
        int weight;
    } kinds[] = {{"object", case_object, 15},
                 {"op", case_op, 45},
                 {"sequence", case_sequence, 28},
                 {"error", case_error, 12}};
    for (long k = 0; k < ncases; k++) {
        if (only >= 0 && k != only) continue;
        ctx c;
        memset(&c, 0, sizeof c);
        c.r.s = seed * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)k * 0xd1b54a32d192ed03ULL);
        rng_next(&c.r);
        int p = (int)rng_below(&c.r, 100), which = 0;
        while (p >= kinds[which].weight) p -= kinds[which++].weight;
        const char *name = kinds[which].name;
        void (*run)(ctx *) = kinds[which].run;
        /* every 16th case is a lopsided one (diff_ops.c), drawn after the kind so that the other
         * cases stay as they were */
        if (k % 16 == 15) name = "lopsided", run = case_lopsided;
        c.huge_ok = rng_chance(&c.r, 0.25);
        printf("case %ld seed=%" PRIu64 " kind=%s%s\n", k, seed, name, c.huge_ok ? " huge" : "");
        fflush(stdout);
        run(&c);
        ctx_release(&c);
    }
    printf("done\n");
    GrB_finalize();
    return 0;
}
