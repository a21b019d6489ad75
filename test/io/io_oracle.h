/* io_oracle.h: helpers the Matrix Market tests share: a matrix's tuples in a wide type (int64,
 * uint64 or double by the type's kind), sorted, so two matrices, or a matrix and the naive
 * parse of a file, can be compared entry by entry. Public API only. */
#ifndef IO_ORACLE_H
#define IO_ORACLE_H

#include <stdbool.h>
#include <stdint.h>

#include <GraphBLAS.h>

typedef enum { IO_SIGNED, IO_UNSIGNED, IO_FP32, IO_FP64 } io_kind;

typedef struct io_entry {
    GrB_Index i, j;
    union {
        int64_t s;
        uint64_t u;
        double d;
    } v;
} io_entry;

typedef struct io_list {
    GrB_Index nrows, ncols;
    size_t n;
    io_entry *e;
    io_kind kind;
} io_list;

/* The comparison kind of a built-in type (bool compares as signed). */
io_kind io_kind_of(GrB_Type type);

/* A's tuples as an io_list, sorted by (i,j); false on any GraphBLAS error. */
bool io_list_of_matrix(io_list *L, GrB_Matrix A, GrB_Type type);

void io_list_sort(io_list *L);
void io_list_free(io_list *L);

/* Same dimensions and entries (NaN equals NaN, -0.0 differs from 0.0). On a difference, describes
 * it in why. */
bool io_list_equal(const io_list *a, const io_list *b, char *why, size_t whylen);

#endif
