/* grb_algorithms.h: graph algorithms written only against the GraphBLAS C API (Doc/algorithms.md).
 * The same sources build against GraphBLAS_gpu (through the <GraphBLAS.h> shim) and against
 * SuiteSparse:GraphBLAS, so their answers can be compared.
 *
 * Conventions shared by every function:
 * - A graph is a square GrB_Matrix A with an edge i -> j for every entry A(i,j). Only the structure
 *   is read, except by SSSP, which reads the values as FP64 weights.
 * - The result is a new object written to the output handle on success only; on any error the
 *   outputs and A are untouched and everything the function allocated is freed.
 * - msg, when not NULL, must hold GG_ALG_MSG_LEN bytes. It is set to "" on success and to
 *   "function: what failed" on error.
 * - Argument errors: GrB_NULL_POINTER (missing output or input), GrB_DIMENSION_MISMATCH (A not square),
 *   GrB_INVALID_INDEX (a vertex id >= n), GrB_INVALID_VALUE (any other bad parameter). Errors of
 *   the GraphBLAS calls inside (GrB_OUT_OF_MEMORY, ...) are passed through. */
#ifndef GRB_ALGORITHMS_H
#define GRB_ALGORITHMS_H

#include <stdbool.h>
#include <stdint.h>

#include <GraphBLAS.h>

#define GG_ALG_MSG_LEN 256

/* How a BFS step is expressed: push is q'A (GrB_vxm), pull is A'q (GrB_mxv with a transposed
 * input); auto switches between them by frontier size. All three give identical results. */
typedef enum { GG_BFS_AUTO = 0, GG_BFS_PUSH = 1, GG_BFS_PULL = 2 } GG_bfs_direction;

/* Breadth-first search from source. level (INT64): level(v) = number of edges on a shortest path
 * from source to v, for every reached v; unreached vertices have no entry. parent (INT64):
 * parent(source) = source, and parent(v) is the smallest vertex id u with an edge u -> v and
 * level(u) = level(v) - 1. Either output may be NULL, not both. */
GrB_Info GG_alg_bfs(GrB_Vector *level, GrB_Vector *parent, GrB_Matrix A, GrB_Index source,
                    GG_bfs_direction direction, char *msg);

/* Single-source shortest paths with non-negative weights (a negative entry is GrB_INVALID_VALUE).
 * dist (FP64): the length of a shortest path from source for every reached vertex; unreached
 * vertices have no entry. Both variants give bit-identical distances. delta is the bucket width of
 * delta-stepping; delta <= 0 (or NaN) picks the mean edge weight. */
GrB_Info GG_alg_sssp_bellman_ford(GrB_Vector *dist, GrB_Matrix A, GrB_Index source, char *msg);
GrB_Info GG_alg_sssp_delta(GrB_Vector *dist, GrB_Matrix A, GrB_Index source, double delta, char *msg);

/* Betweenness centrality restricted to the given sources (nsources >= 1; repeats count twice):
 * centrality(v) = sum over s in sources, s != v, of the Brandes dependency of s on v, i.e. the
 * sum over targets t of (shortest s-t paths through v) / (shortest s-t paths). Exact for those
 * sources; with every vertex as a source it is the exact BC of a directed graph (an undirected
 * graph stored both ways counts each pair twice). centrality (FP64) has an entry for every vertex. */
GrB_Info GG_alg_bc(GrB_Vector *centrality, GrB_Matrix A, const GrB_Index *sources, GrB_Index nsources,
                   char *msg);

/* PageRank: r = (1-damping)/n + damping * (A' (r ./ outdegree) + (rank of the vertices without
 * out-edges) / n), iterated from r = 1/n until the 1-norm of the change is below tol or max_iter
 * iterations ran. rank (FP64) is dense and sums to 1. *iterations (may be NULL) receives the number
 * of iterations run; it equals max_iter when the tolerance was not reached, which is not an error.
 * damping in [0,1), tol >= 0, max_iter >= 1; A must not be empty (n >= 1). */
GrB_Info GG_alg_pagerank(GrB_Vector *rank, int *iterations, GrB_Matrix A, double damping, double tol,
                         int max_iter, char *msg);

/* Triangle count of an undirected graph: A must be symmetric (not checked); self-loops are ignored. */
GrB_Info GG_alg_tc(uint64_t *ntriangles, GrB_Matrix A, char *msg);

/* Connected components. component (INT64, dense): the smallest vertex id of v's component. With
 * symmetric false the components are the weakly connected ones of the directed graph; with
 * symmetric true A must be symmetric (not checked) and A' is never formed. Both variants give the
 * same result:
 * - GG_alg_cc is FastSV: few iterations (O(log n) in practice), but each gathers f(f), which the
 *   API can only do through the host (the vector's values as an index list), so each moves O(n)
 *   bytes each way. Best where the vectors live on the host: the CPU.
 * - GG_alg_cc_propagate is minimum-label propagation: up to diameter + 1 iterations, each an mxv
 *   and a reduce over vectors that never leave the device. Best on a GPU for small-world graphs;
 *   high-diameter ones (grids, roads) pay one device round per step of the diameter. */
GrB_Info GG_alg_cc(GrB_Vector *component, GrB_Matrix A, bool symmetric, char *msg);
GrB_Info GG_alg_cc_propagate(GrB_Vector *component, GrB_Matrix A, bool symmetric, char *msg);

#endif
