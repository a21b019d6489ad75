/* GG_test.h: what the test programs share: the cmocka fixtures (the library initialised,
 * non-blocking, before a test or group and finalised after it) and a matrix's serialize round
 * trip. */
#ifndef GG_TEST_H
#define GG_TEST_H

#include "GraphBLAS_gpu.h"

#include <stdlib.h>

static inline int GG_test_setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static inline int GG_test_teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* *C = A through GrB_Matrix_serialize and GrB_Matrix_deserialize (type: deserialize's argument,
 * NULL for the blob's own type); the first call's error, GrB_OUT_OF_MEMORY without a blob. */
static inline GrB_Info GG_test_serialize_copy(GrB_Matrix *C, GrB_Matrix A, GrB_Type type)
{
    GrB_Index size;
    GrB_Info info = GrB_Matrix_serializeSize(&size, A);
    if (info != GrB_SUCCESS) return info;
    void *blob = malloc(size);
    if (blob == NULL) return GrB_OUT_OF_MEMORY;
    info = GrB_Matrix_serialize(blob, &size, A);
    if (info == GrB_SUCCESS) info = GrB_Matrix_deserialize(C, type, blob, size);
    free(blob);
    return info;
}

#endif /* GG_TEST_H */
