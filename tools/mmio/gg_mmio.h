/* gg_mmio.h: Matrix Market reader and writer for the tools, tests and benchmarks (Doc/io.md).
 * Written against the public GraphBLAS API only, so the same sources build against this library
 * (through the <GraphBLAS.h> shim) and against SuiteSparse.
 *
 * The reader takes coordinate and array files, real / integer / pattern, general / symmetric /
 * skew-symmetric, with LAGraph's "%%GraphBLAS type <T>" second line choosing the type; complex
 * values and hermitian storage are refused with GrB_NOT_IMPLEMENTED. Every other defect is
 * GrB_INVALID_VALUE (GrB_OUT_OF_MEMORY when memory runs out) with a message "NAME:LINE: what",
 * and no output is touched on failure. */
#ifndef GG_MMIO_H
#define GG_MMIO_H

#include <stddef.h>
#include <stdio.h>

#include <GraphBLAS.h>

/* A message buffer of this size holds every message the reader and writer produce. */
#define GG_MM_MSG_LEN 512

/* Reads a matrix from f; name is used in messages. The type is force when force is not NULL,
 * otherwise the "%%GraphBLAS type" line's, otherwise pattern -> GrB_BOOL, integer -> GrB_INT64,
 * real -> GrB_FP64. Values are parsed in the file's type and typecast to a forced type. On
 * success *A is a new matrix and *type (when type is not NULL) its type. msg may be NULL. */
GrB_Info GG_mm_read(GrB_Matrix *A, GrB_Type *type, FILE *f, const char *name, GrB_Type force, char *msg,
                    size_t msglen);

/* Opens path and reads it as GG_mm_read does, naming the file by path in messages. */
GrB_Info GG_mm_read_file(GrB_Matrix *A, GrB_Type *type, const char *path, GrB_Type force, char *msg,
                         size_t msglen);

/* Writer flags. The default is a coordinate general file with values. */
#define GG_MM_ARRAY 0x1u     /* array format: every position, missing entries written as 0 */
#define GG_MM_PATTERN 0x2u   /* coordinate pattern: indices only */
#define GG_MM_SYMMETRIC 0x4u /* lower triangle only; the matrix must equal its transpose */
#define GG_MM_SKEW 0x8u      /* strictly lower triangle; the matrix must equal minus its transpose */

/* Writes A (any built-in type) with a "%%GraphBLAS type" line, so reading the file back gives the
 * same type and the same tuples. Integers are written exactly, floats with 9 (FP32) or 17 (FP64)
 * significant digits, which read back bit for bit. Tuples are written in extraction order. */
GrB_Info GG_mm_write(FILE *f, GrB_Matrix A, unsigned flags, char *msg, size_t msglen);
GrB_Info GG_mm_write_file(const char *path, GrB_Matrix A, unsigned flags, char *msg, size_t msglen);

/* The C name LAGraph uses for a built-in type ("bool", "int8_t", ..., "float", "double"), or NULL. */
const char *GG_mm_type_name(GrB_Type type);

/* A built-in type by its C name or its GrB name ("int8_t" or "GrB_INT8", any case), or NULL. */
GrB_Type GG_mm_type_from_name(const char *name);

#endif
