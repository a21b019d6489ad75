/* GG_test.h: the cmocka fixtures the test programs share: the library initialised (non-blocking)
 * before a test or group and finalised after it. */
#ifndef GG_TEST_H
#define GG_TEST_H

#include "GraphBLAS_gpu.h"

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

#endif /* GG_TEST_H */
