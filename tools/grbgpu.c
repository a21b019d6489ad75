/* grbgpu.c: the GraphBLAS_gpu command-line tool.
 *
 * Built against the public header only, so what it prints is exactly what any client program can
 * learn through the API. `grbgpu info` describes the library and the machine; later issues add
 * `run` (graph algorithms), `compare` (against SuiteSparse) and `stats`. */
#include "GraphBLAS_gpu.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: grbgpu <command>\n"
          "\n"
          "commands:\n"
          "  info      library and GraphBLAS API versions, available backends, the GPU if any\n"
          "  --help    this text\n"
          "\n"
          "run, compare and stats arrive in later releases.\n",
          out);
}

/* Reports a failed call on stderr; true when it succeeded. */
static bool ok(GrB_Info info, const char *what)
{
    if (info != GrB_SUCCESS) fprintf(stderr, "grbgpu: %s failed: GrB_Info %d\n", what, (int)info);
    return info == GrB_SUCCESS;
}
#define GET_GLOBAL(value, field) ok(GrB_get(GrB_GLOBAL, value, field), "GrB_get(" #field ")")

static int info_command(void)
{
    int32_t lib[3], api[3], backends;
    unsigned version, subversion;
    char name[GxB_MAX_NAME_LEN], gpu[256];
    size_t memory;

    bool got = ok(GrB_getVersion(&version, &subversion), "GrB_getVersion") &&
               GET_GLOBAL(name, GrB_NAME) && GET_GLOBAL(&lib[0], GrB_LIBRARY_VER_MAJOR) &&
               GET_GLOBAL(&lib[1], GrB_LIBRARY_VER_MINOR) &&
               GET_GLOBAL(&lib[2], GrB_LIBRARY_VER_PATCH) && GET_GLOBAL(&api[0], GrB_API_VER_MAJOR) &&
               GET_GLOBAL(&api[1], GrB_API_VER_MINOR) && GET_GLOBAL(&api[2], GrB_API_VER_PATCH) &&
               GET_GLOBAL(&backends, GxG_BACKENDS_AVAILABLE) && GET_GLOBAL(gpu, GxG_DEVICE_NAME) &&
               GET_GLOBAL(&memory, GxG_DEVICE_MEMORY);
    if (!got) return 1;

    printf("library   %s %d.%d.%d\n", name, lib[0], lib[1], lib[2]);
    printf("api       GraphBLAS C API %d.%d.%d (GrB_getVersion: %u.%u)\n", api[0], api[1], api[2],
           version, subversion);
    printf("backends  cpu%s\n", (backends & 2) ? " cuda" : "");
    if (backends & 2) {
        printf("gpu       %s, %.1f GiB\n", gpu, (double)memory / (1024.0 * 1024.0 * 1024.0));
    } else {
        printf("gpu       none\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "info") != 0 || argc > 2) {
        fprintf(stderr, "grbgpu: unknown command or argument '%s'\n\n", argc > 2 ? argv[2] : argv[1]);
        usage(stderr);
        return 2;
    }
    if (!ok(GrB_init(GrB_NONBLOCKING), "GrB_init")) return 1;
    int status = info_command();
    GrB_finalize();
    return status;
}
