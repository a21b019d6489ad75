/* fuzz_mmread.c: libFuzzer harness for the Matrix Market reader (tools/mmio). Each input is read
 * as a file; the reader must return GrB_SUCCESS or an error with a message naming a line, never
 * crash, leak or touch memory it does not own (AddressSanitizer). An input that loads is written,
 * read back and written again: the type and the text must not change. Built and run by
 * fuzz/run.sh; not part of the test suites. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gg_mmio.h"

/* An error message starts with the reader's "NAME:LINE: " or "NAME: " and is one printable line. */
static void check_message(GrB_Info info, const char *msg)
{
    if (info == GrB_SUCCESS) return;
    bool printable = true;
    for (const char *c = msg; *c; c++) printable &= *c >= 0x20 && *c < 0x7f;
    if (strncmp(msg, "fuzz:", 5) != 0 || !printable) {
        fprintf(stderr, "GrB_Info %d with a malformed message: '%s'\n", (int)info, msg);
        abort();
    }
}

/* A as Matrix Market text in a malloc'd buffer; NULL when memory runs out. */
static char *to_text(GrB_Matrix A, size_t *len)
{
    char *buf = NULL, msg[GG_MM_MSG_LEN];
    FILE *f = open_memstream(&buf, len);
    if (!f) return NULL;
    GrB_Info info = GG_mm_write(f, A, 0, msg, sizeof(msg));
    fclose(f);
    if (info == GrB_OUT_OF_MEMORY) {
        free(buf);
        return NULL;
    }
    if (info != GrB_SUCCESS) {
        fprintf(stderr, "writing a matrix the reader returned failed: %s\n", msg);
        abort();
    }
    return buf;
}

/* write -> read -> write must give the same text, and the same type. */
static void roundtrip(GrB_Matrix A, GrB_Type type)
{
    size_t len1, len2;
    char *text1 = to_text(A, &len1), msg[GG_MM_MSG_LEN];
    if (!text1) return;
    FILE *f = fmemopen(text1, len1, "r");
    GrB_Matrix B = NULL;
    GrB_Type tb = NULL;
    GrB_Info info = GG_mm_read(&B, &tb, f, "again", NULL, msg, sizeof(msg));
    fclose(f);
    if (info == GrB_OUT_OF_MEMORY) {
        free(text1);
        return;
    }
    if (info != GrB_SUCCESS || tb != type) {
        fprintf(stderr, "reading the written matrix failed or changed its type (GrB_Info %d: %s)\n",
                (int)info, msg);
        abort();
    }
    char *text2 = to_text(B, &len2);
    if (text2 && (len1 != len2 || memcmp(text1, text2, len1) != 0)) {
        fprintf(stderr, "write -> read -> write changed the text:\n%s\n----\n%s\n", text1, text2);
        abort();
    }
    free(text1);
    free(text2);
    GrB_Matrix_free(&B);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int initialized;
    if (!initialized) {
        if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) abort();
        initialized = 1;
    }
    if (size == 0) return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    GrB_Matrix A = NULL;
    GrB_Type type = NULL;
    char msg[GG_MM_MSG_LEN] = "";
    GrB_Info info = GG_mm_read(&A, &type, f, "fuzz", NULL, msg, sizeof(msg));
    fclose(f);
    check_message(info, msg);
    if (info == GrB_SUCCESS) {
        roundtrip(A, type);
        GrB_Matrix_free(&A);
    } else if (A != NULL) {
        fprintf(stderr, "a failed read returned a matrix\n");
        abort();
    }
    return 0;
}
