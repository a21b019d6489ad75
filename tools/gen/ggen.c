/* ggen.c: generates a graph from a --gen spec, reports how long each step takes, and optionally
 * writes it as a Matrix Market file and reads that back (timed too). Used to produce input files
 * for other programs and the speeds quoted in Doc/io.md. Public API only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gg_gen.h"
#include "gg_mmio.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int usage(void)
{
    fprintf(
        stderr,
        "usage: ggen SPEC [-s SEED] [-f FLAGS] [-w int|real] [-o FILE.mtx] [-r]\n"
        "  SPEC   rmat:SCALE[:EF] | grid:N | urand:N:M | band:N:W[:DENSITY] | local:N[:DEGREE] | dense:N\n"
        "  -f     post-processing replacing the spec's default: any of p (permute), s (symmetrize),\n"
        "         c (clean), or - for none\n"
        "  -o     write the graph (general coordinate; pattern when unweighted)\n"
        "  -r     read the written file back and compare the entry count\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage();
    GG_gen_spec spec;
    char err[256];
    if (GG_gen_parse(&spec, argv[1], err, sizeof(err)) != GrB_SUCCESS) {
        fprintf(stderr, "ggen: %s\n", err);
        return 2;
    }
    const char *out = NULL;
    int readback = 0;
    for (int a = 2; a < argc; a++) {
        if (!strcmp(argv[a], "-r")) {
            readback = 1;
        } else if (a + 1 >= argc) {
            return usage();
        } else if (!strcmp(argv[a], "-s")) {
            spec.seed = strtoull(argv[++a], NULL, 10);
        } else if (!strcmp(argv[a], "-o")) {
            out = argv[++a];
        } else if (!strcmp(argv[a], "-w")) {
            const char *w = argv[++a];
            if (!strcmp(w, "int"))
                spec.weights = GG_WEIGHTS_INT;
            else if (!strcmp(w, "real"))
                spec.weights = GG_WEIGHTS_REAL;
            else
                return usage();
        } else if (!strcmp(argv[a], "-f")) {
            spec.flags = 0;
            for (const char *c = argv[++a]; *c; c++) {
                if (*c == 'p')
                    spec.flags |= GG_GEN_PERMUTE;
                else if (*c == 's')
                    spec.flags |= GG_GEN_SYMMETRIZE;
                else if (*c == 'c')
                    spec.flags |= GG_GEN_CLEAN;
                else if (*c != '-')
                    return usage();
            }
        } else {
            return usage();
        }
    }
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    GG_coo g;
    double t0 = now();
    GrB_Info info = GG_gen(&g, &spec);
    double t1 = now();
    if (info != GrB_SUCCESS) {
        fprintf(stderr, "ggen: %s: generation failed (GrB_Info %d)\n", argv[1], (int)info);
        return 1;
    }
    printf("%s: %llu x %llu, %llu tuples, generated in %.3f s\n", argv[1], (unsigned long long)g.nrows,
           (unsigned long long)g.ncols, (unsigned long long)g.nvals, t1 - t0);
    int status = 0;
    if (out) {
        GrB_Matrix A = NULL;
        GrB_Type type = g.X ? GrB_FP64 : GrB_BOOL;
        char msg[GG_MM_MSG_LEN];
        t0 = now();
        info = GG_coo_build(&A, &g, type, NULL);
        t1 = now();
        if (info == GrB_SUCCESS) printf("  GrB_Matrix_build: %.3f s\n", t1 - t0);
        if (info == GrB_SUCCESS) info = GG_mm_write_file(out, A, g.X ? 0 : GG_MM_PATTERN, msg, sizeof(msg));
        t0 = now();
        if (info == GrB_SUCCESS) printf("  written to %s in %.3f s\n", out, t0 - t1);
        GrB_Index nvals = 0, back = 0;
        if (info == GrB_SUCCESS) info = GrB_Matrix_nvals(&nvals, A);
        GrB_Matrix_free(&A);
        if (info == GrB_SUCCESS && readback) {
            info = GG_mm_read_file(&A, NULL, out, NULL, msg, sizeof(msg));
            t1 = now();
            if (info == GrB_SUCCESS) info = GrB_Matrix_nvals(&back, A);
            if (info == GrB_SUCCESS)
                printf("  read back in %.3f s: %llu entries (%s)\n", t1 - t0, (unsigned long long)back,
                       back == nvals ? "same" : "DIFFERENT");
            status = back != nvals;
            GrB_Matrix_free(&A);
        }
        if (info != GrB_SUCCESS) {
            fprintf(stderr, "ggen: %s (GrB_Info %d)\n", msg, (int)info);
            status = 1;
        }
    }
    GG_coo_free(&g);
    GrB_finalize();
    return status;
}
