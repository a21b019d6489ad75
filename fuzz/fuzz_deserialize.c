/* fuzz_deserialize.c: libFuzzer harness for GrB_Matrix_deserialize. Each input is a blob; the
 * library must return GrB_SUCCESS or the code of a refused blob, never crash, leak or touch memory
 * it does not own (AddressSanitizer, UndefinedBehaviorSanitizer), and leave the output handle
 * alone on failure. A blob that loads is serialized again: the new blob must hold the input's
 * header and tuples (src/object/serialize.c gives the layout; the type name of a built-in type is
 * not compared: the reader ignores it, the writer writes the canonical one), and it must load again
 * with the type asked for explicitly. Built and run by fuzz/run.sh; its corpus
 * (fuzz/corpus_deserialize) replays as an ordinary test. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GraphBLAS.h>

static void fail(const char *what, GrB_Info info)
{
    fprintf(stderr, "fuzz_deserialize: %s (GrB_Info %d)\n", what, (int)info);
    abort();
}

/* The codes a refused blob may give (Doc/errors.md); anything else is a bug. */
static int refused(GrB_Info info)
{
    return info == GrB_INVALID_OBJECT || info == GrB_DOMAIN_MISMATCH ||
           info == GrB_OUT_OF_MEMORY || info == GrB_INVALID_VALUE;
}

/* The blob layout's fixed offsets: header words before the name length, the name length, and
 * where the name starts; the tuples follow the name padded to 8 bytes, the checksum ends it. */
enum { WORDS_END = 48, NAME_LENGTH = 48, NAME_START = 56 };

static size_t tuples_start(const uint8_t *blob)
{
    uint32_t namelen = 0;
    for (int k = 3; k >= 0; k--) namelen = (namelen << 8) | blob[NAME_LENGTH + k];
    return NAME_START + (((size_t)namelen + 7) & ~(size_t)7);
}

/* Whether the re-serialized blob (len bytes) holds the input's header words and tuples. */
static int same_content(const uint8_t *again, size_t len, const uint8_t *data, size_t size)
{
    size_t t_again = tuples_start(again), t_data = tuples_start(data);
    if (len < t_again + 8) return 0;
    size_t body = len - 8 - t_again;
    return memcmp(again, data, WORDS_END) == 0 && t_data + body + 8 <= size &&
           memcmp(again + t_again, data + t_data, body) == 0;
}

static void roundtrip(GrB_Matrix A, const uint8_t *data, size_t size)
{
    GrB_Index len = 0, nrows, ncols, nvals;
    GrB_Info info = GrB_Matrix_serializeSize(&len, A);
    if (info == GrB_OUT_OF_MEMORY) return;
    if (info != GrB_SUCCESS) fail("serializeSize of a loaded matrix failed", info);
    uint8_t *blob = malloc(len);
    if (blob == NULL) return;
    info = GrB_Matrix_serialize(blob, &len, A);
    if (info == GrB_SUCCESS && !same_content(blob, len, data, size))
        fail("serialize(deserialize(blob)) differs from the blob", info);
    if (info != GrB_SUCCESS && info != GrB_OUT_OF_MEMORY) fail("serialize failed", info);
    GrB_Type type = NULL;
    if (GxB_Matrix_type(&type, A) != GrB_SUCCESS) fail("GxB_Matrix_type failed", info);
    GrB_Matrix B = NULL;
    if (info == GrB_SUCCESS) info = GrB_Matrix_deserialize(&B, type, blob, len);
    if (info == GrB_SUCCESS) {
        GrB_Index r2, c2, n2;
        if (GrB_Matrix_nrows(&nrows, A) || GrB_Matrix_ncols(&ncols, A) ||
            GrB_Matrix_nvals(&nvals, A) || GrB_Matrix_nrows(&r2, B) || GrB_Matrix_ncols(&c2, B) ||
            GrB_Matrix_nvals(&n2, B))
            fail("reading dimensions failed", GrB_PANIC);
        if (r2 != nrows || c2 != ncols || n2 != nvals) fail("the reloaded matrix differs", info);
        GrB_Matrix_free(&B);
    } else if (info != GrB_OUT_OF_MEMORY) {
        fail("a serialized matrix does not load with its own type", info);
    }
    free(blob);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int initialized;
    if (!initialized) {
        if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) abort();
        initialized = 1;
    }
    /* The blob is copied so that a read past its end is caught by AddressSanitizer even when
     * the fuzzer's buffer has slack. */
    uint8_t *blob = malloc(size > 0 ? size : 1);
    if (blob == NULL) return 0;
    memcpy(blob, data, size);
    GrB_Matrix A = (GrB_Matrix)(uintptr_t)0x5a5a; /* must survive a failure untouched */
    GrB_Info info = GrB_Matrix_deserialize(&A, NULL, blob, size);
    if (info == GrB_SUCCESS) {
        roundtrip(A, blob, size);
        GrB_Matrix_free(&A);
    } else if (!refused(info)) {
        fail("unexpected code for a refused blob", info);
    } else if (A != (GrB_Matrix)(uintptr_t)0x5a5a) {
        fail("a failed deserialize wrote its output handle", info);
    }
    free(blob);
    return 0;
}
