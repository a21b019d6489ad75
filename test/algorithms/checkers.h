/* checkers.h: independent checks of graph-algorithm results (Doc/algorithms.md, "Checkers").
 * Plain C on a CSR copy of the graph: nothing here calls GraphBLAS, so a library bug cannot hide
 * in both the algorithm and its check. Each checker returns NULL when the result is valid, otherwise
 * a description of the first violation (in a static buffer, valid until the next call). */
#ifndef CK_CHECKERS_H
#define CK_CHECKERS_H

#include <stdbool.h>
#include <stdint.h>

/* A directed graph with an edge i -> col[k] of weight val[k] for ptr[i] <= k < ptr[i+1];
 * each row is sorted by column and holds no duplicates. */
typedef struct {
    int64_t n, nnz;
    int64_t *ptr, *col;
    double *val;
} ck_graph;

/* Builds g from nnz tuples (val may be NULL: all 1). Duplicates keep the first tuple's value.
 * With symmetrize, (j,i) is added for every (i,j). Returns false when out of memory. */
bool ck_graph_build(ck_graph *g, int64_t n, int64_t nnz, const uint64_t *I, const uint64_t *J,
                    const double *val, bool symmetrize);
void ck_graph_free(ck_graph *g);

/* level[v] = BFS level from source, -1 where unreached. */
const char *ck_bfs_level(const ck_graph *g, int64_t source, const int64_t *level);
/* parent[v], -1 where unreached: parent[source] = source, every other reached v has the edge
 * parent[v] -> v with parent[v] one level above v, and the reached set is the true one. With
 * smallest, parent[v] must also be the smallest such vertex (GG_alg_bfs's convention). */
const char *ck_bfs_parent(const ck_graph *g, int64_t source, const int64_t *parent, bool smallest);
/* dist[v] = shortest-path length (INFINITY where unreached), weights g->val >= 0: dist[source] = 0,
 * finite exactly on the vertices reachable from source, no edge relaxes (dist[v] <= dist[u] + w,
 * computed in double as the algorithm does), and every finite vertex is reached from the source
 * over tight edges (dist[v] == dist[u] + w), which rules out values made up on zero-weight cycles. */
const char *ck_sssp(const ck_graph *g, int64_t source, const double *dist);
/* bc[v] against a serial Brandes over the same sources, relative tolerance rtol. */
const char *ck_bc(const ck_graph *g, const int64_t *sources, int64_t ns, const double *bc, double rtol);
/* ntriangles of an undirected g (symmetric; self-loops ignored) against a naive count. */
const char *ck_tc(const ck_graph *g, uint64_t ntriangles);
/* label[v] of an undirected g: label[u] == label[v] iff u and v are connected, and the label is the
 * smallest vertex id of the component. */
const char *ck_cc(const ck_graph *g, const int64_t *label);
/* PageRank with dangling redistribution (grb_algorithms.h): the 1-norm of rank - F(rank) is at most
 * resid, and the ranks sum to 1 within 1e-9. */
const char *ck_pagerank(const ck_graph *g, double damping, const double *rank, double resid);

#endif
