/* replay.c: runs the fuzz harness (fuzz_mmread.c) without libFuzzer on the files and directories
 * given, so the committed corpus and any crash input found later replay as an ordinary unit test
 * (test/io: mmio_fuzz_corpus). The harness aborts on any violated property. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GraphBLAS.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap) {
            cap = cap ? 2 * cap : 4096;
            char *b = realloc(buf, cap);
            if (!b) {
                free(buf);
                fclose(f);
                return 0;
            }
            buf = b;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
    free(buf);
    return 1;
}

int main(int argc, char **argv)
{
    int n = 0;
    for (int a = 1; a < argc; a++) {
        DIR *d = opendir(argv[a]);
        if (!d) {
            n += replay_file(argv[a]);
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s", argv[a], e->d_name);
            n += replay_file(path);
        }
        closedir(d);
    }
    printf("replayed %d inputs\n", n);
    GrB_finalize();
    return n > 0 ? 0 : 1;
}
