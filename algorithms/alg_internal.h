/* alg_internal.h: helpers shared by the algorithm sources: messages, argument checks and the
 * GG_ALG_TRY pattern that turns every failing GraphBLAS call into "free everything, report". */
#ifndef GG_ALG_INTERNAL_H
#define GG_ALG_INTERNAL_H

#include "grb_algorithms.h"

/* Writes "func: <formatted text>" into msg (GG_ALG_MSG_LEN bytes, may be NULL); returns info. */
GrB_Info GG_alg_error(char *msg, const char *func, GrB_Info info, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The spec name of a GrB_Info value ("GrB_OUT_OF_MEMORY"), or "GrB_Info" for one it does not know. */
const char *GG_alg_info_name(GrB_Info info);

/* Runs a GraphBLAS call; on failure records the code and the call in msg and jumps to `done`.
 * The caller declares `GrB_Info info`, `char *msg` and the label `done`, where it frees what it
 * allocated (freeing a NULL handle is a no-op in every GraphBLAS library). */
#define GG_ALG_TRY(call)                                                                                     \
    do {                                                                                                     \
        GrB_Info gg_alg_r_ = (call);                                                                         \
        if (gg_alg_r_ != GrB_SUCCESS) {                                                                      \
            info = GG_alg_error(msg, __func__, gg_alg_r_, "%s from %s", GG_alg_info_name(gg_alg_r_), #call); \
            goto done;                                                                                       \
        }                                                                                                    \
    } while (0)

/* Clears msg and checks that A is a square matrix; its dimension goes to *n. */
GrB_Info GG_alg_square(GrB_Index *n, GrB_Matrix A, const char *func, char *msg);

/* Checks that vertex < n (GrB_INVALID_INDEX naming the argument otherwise). */
GrB_Info GG_alg_vertex(GrB_Index vertex, GrB_Index n, const char *what, const char *func, char *msg);

/* Checks that no entry of A is negative (read as FP64): GrB_INVALID_VALUE otherwise. */
GrB_Info GG_alg_nonnegative(GrB_Matrix A, const char *func, char *msg);

#endif
