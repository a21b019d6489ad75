/* checkers.c: the independent result checks of checkers.h, in plain C on CSR arrays. */
#include "checkers.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static char ck_msg[256];

static const char *fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ck_msg, sizeof ck_msg, fmt, ap);
    va_end(ap);
    return ck_msg;
}

typedef struct {
    int64_t i, j, order;
    double v;
} ck_tuple;

static int tuple_cmp(const void *a, const void *b)
{
    const ck_tuple *x = a, *y = b;
    if (x->i != y->i) return x->i < y->i ? -1 : 1;
    if (x->j != y->j) return x->j < y->j ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

bool ck_graph_build(ck_graph *g, int64_t n, int64_t nnz, const uint64_t *I, const uint64_t *J,
                    const double *val, bool symmetrize)
{
    int64_t m = symmetrize ? 2 * nnz : nnz;
    ck_tuple *t = malloc((size_t)(m > 0 ? m : 1) * sizeof *t);
    g->n = n;
    g->ptr = calloc((size_t)n + 1, sizeof *g->ptr);
    g->col = malloc((size_t)(m > 0 ? m : 1) * sizeof *g->col);
    g->val = malloc((size_t)(m > 0 ? m : 1) * sizeof *g->val);
    if (t == NULL || g->ptr == NULL || g->col == NULL || g->val == NULL) {
        free(t);
        ck_graph_free(g);
        return false;
    }
    for (int64_t k = 0; k < nnz; k++) {
        double v = val != NULL ? val[k] : 1;
        t[k] = (ck_tuple){(int64_t)I[k], (int64_t)J[k], k, v};
        if (symmetrize) t[nnz + k] = (ck_tuple){(int64_t)J[k], (int64_t)I[k], nnz + k, v};
    }
    qsort(t, (size_t)m, sizeof *t, tuple_cmp);
    int64_t e = 0;
    for (int64_t k = 0; k < m; k++) {
        if (k > 0 && t[k].i == t[k - 1].i && t[k].j == t[k - 1].j) continue;
        g->col[e] = t[k].j;
        g->val[e] = t[k].v;
        g->ptr[t[k].i + 1]++;
        e++;
    }
    for (int64_t i = 0; i < n; i++) g->ptr[i + 1] += g->ptr[i];
    g->nnz = e;
    free(t);
    return true;
}

void ck_graph_free(ck_graph *g)
{
    free(g->ptr);
    free(g->col);
    free(g->val);
    *g = (ck_graph){0};
}

/* Serial BFS levels from source over out-edges, -1 where unreached; NULL when out of memory. */
static int64_t *bfs_levels(const ck_graph *g, int64_t source)
{
    int64_t *level = malloc((size_t)g->n * sizeof *level), *queue = malloc((size_t)g->n * sizeof *queue);
    if (level == NULL || queue == NULL) {
        free(level);
        free(queue);
        return NULL;
    }
    for (int64_t v = 0; v < g->n; v++) level[v] = -1;
    int64_t head = 0, tail = 0;
    level[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        int64_t u = queue[head++];
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
            int64_t v = g->col[k];
            if (level[v] < 0) {
                level[v] = level[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
    return level;
}

const char *ck_bfs_level(const ck_graph *g, int64_t source, const int64_t *level)
{
    if (level[source] != 0)
        return fail("level[source %lld] is %lld", (long long)source, (long long)level[source]);
    bool *has_parent = calloc((size_t)g->n, sizeof *has_parent);
    if (has_parent == NULL) return fail("out of memory");
    const char *err = NULL;
    for (int64_t u = 0; u < g->n && err == NULL; u++) {
        if (level[u] < -1) err = fail("level[%lld] is %lld", (long long)u, (long long)level[u]);
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1] && err == NULL && level[u] >= 0; k++) {
            int64_t v = g->col[k];
            if (level[v] < 0 || level[v] > level[u] + 1)
                err = fail("edge %lld -> %lld spans levels %lld -> %lld", (long long)u, (long long)v,
                           (long long)level[u], (long long)level[v]);
            else if (level[v] == level[u] + 1)
                has_parent[v] = true;
        }
    }
    for (int64_t v = 0; v < g->n && err == NULL; v++)
        if (level[v] > 0 && !has_parent[v])
            err = fail("vertex %lld at level %lld has no in-neighbour one level up", (long long)v,
                       (long long)level[v]);
    free(has_parent);
    return err;
}

const char *ck_bfs_parent(const ck_graph *g, int64_t source, const int64_t *parent, bool smallest)
{
    int64_t *level = bfs_levels(g, source);
    int64_t *best = malloc((size_t)g->n * sizeof *best);
    bool *edge_ok = calloc((size_t)g->n, sizeof *edge_ok);
    const char *err = NULL;
    if (level == NULL || best == NULL || edge_ok == NULL) {
        err = fail("out of memory");
        goto done;
    }
    for (int64_t v = 0; v < g->n; v++) best[v] = -1;
    for (int64_t u = 0; u < g->n; u++)
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
            int64_t v = g->col[k];
            if (level[u] >= 0 && level[v] == level[u] + 1 && best[v] < 0) best[v] = u; /* rows ascend */
            if (parent[v] == u) edge_ok[v] = true;
        }
    if (parent[source] != source) {
        err = fail("parent[source %lld] is %lld", (long long)source, (long long)parent[source]);
        goto done;
    }
    for (int64_t v = 0; v < g->n && err == NULL; v++) {
        if (v == source) continue;
        int64_t p = parent[v];
        if ((p >= 0) != (level[v] >= 0))
            err = fail("vertex %lld: parent %lld but true level %lld", (long long)v, (long long)p,
                       (long long)level[v]);
        else if (p < 0)
            continue;
        else if (p >= g->n || !edge_ok[v])
            err = fail("parent %lld of vertex %lld: no such edge", (long long)p, (long long)v);
        else if (level[p] != level[v] - 1)
            err = fail("parent %lld of vertex %lld is at level %lld, the vertex at %lld", (long long)p,
                       (long long)v, (long long)level[p], (long long)level[v]);
        else if (smallest && p != best[v])
            err = fail("parent %lld of vertex %lld is not the smallest (%lld)", (long long)p, (long long)v,
                       (long long)best[v]);
    }
done:
    free(level);
    free(best);
    free(edge_ok);
    return err;
}

const char *ck_sssp(const ck_graph *g, int64_t source, const double *dist)
{
    if (dist[source] != 0) return fail("dist[source %lld] is %.17g", (long long)source, dist[source]);
    int64_t *level = bfs_levels(g, source);
    int64_t *queue = malloc((size_t)g->n * sizeof *queue);
    bool *tight = calloc((size_t)g->n, sizeof *tight);
    const char *err = NULL;
    if (level == NULL || queue == NULL || tight == NULL) {
        err = fail("out of memory");
        goto done;
    }
    for (int64_t v = 0; v < g->n && err == NULL; v++)
        if ((level[v] >= 0) != (isfinite(dist[v]) != 0) || dist[v] < 0)
            err = fail("vertex %lld: dist %.17g but %s", (long long)v, dist[v],
                       level[v] >= 0 ? "reachable" : "unreachable");
    for (int64_t u = 0; u < g->n && err == NULL; u++) {
        if (!isfinite(dist[u])) continue;
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1] && err == NULL; k++)
            if (dist[g->col[k]] > dist[u] + g->val[k])
                err = fail("edge %lld -> %lld (w %.17g) relaxes: %.17g > %.17g + w", (long long)u,
                           (long long)g->col[k], g->val[k], dist[g->col[k]], dist[u]);
    }
    int64_t head = 0, tail = 0;
    tight[source] = true;
    queue[tail++] = source;
    while (head < tail && err == NULL) {
        int64_t u = queue[head++];
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
            int64_t v = g->col[k];
            if (!tight[v] && dist[v] == dist[u] + g->val[k]) {
                tight[v] = true;
                queue[tail++] = v;
            }
        }
    }
    for (int64_t v = 0; v < g->n && err == NULL; v++)
        if (isfinite(dist[v]) && !tight[v])
            err = fail("vertex %lld: dist %.17g is achieved by no tight path from the source", (long long)v,
                       dist[v]);
done:
    free(level);
    free(queue);
    free(tight);
    return err;
}

const char *ck_bc(const ck_graph *g, const int64_t *sources, int64_t ns, const double *bc, double rtol)
{
    const size_t n = (size_t)g->n;
    double *expect = calloc(n, sizeof *expect), *sigma = malloc(n * sizeof *sigma),
           *delta = malloc(n * sizeof *delta);
    int64_t *order = malloc(n * sizeof *order), *level = malloc(n * sizeof *level);
    const char *err = NULL;
    if (expect == NULL || sigma == NULL || delta == NULL || order == NULL || level == NULL) {
        err = fail("out of memory");
        goto done;
    }
    for (int64_t i = 0; i < ns; i++) {
        int64_t s = sources[i];
        for (size_t v = 0; v < n; v++) {
            sigma[v] = 0;
            delta[v] = 0;
            level[v] = -1;
        }
        int64_t head = 0, tail = 0;
        sigma[s] = 1;
        level[s] = 0;
        order[tail++] = s;
        while (head < tail) {
            int64_t u = order[head++];
            for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
                int64_t v = g->col[k];
                if (level[v] < 0) {
                    level[v] = level[u] + 1;
                    order[tail++] = v;
                }
                if (level[v] == level[u] + 1) sigma[v] += sigma[u];
            }
        }
        for (int64_t q = tail - 1; q >= 0; q--) {
            int64_t u = order[q];
            for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
                int64_t v = g->col[k];
                if (level[v] == level[u] + 1) delta[u] += sigma[u] / sigma[v] * (1 + delta[v]);
            }
            if (u != s) expect[u] += delta[u];
        }
    }
    for (size_t v = 0; v < n && err == NULL; v++)
        if (!(fabs(bc[v] - expect[v]) <= rtol * fmax(1, fabs(expect[v]))))
            err = fail("bc[%zu] is %.17g, serial Brandes gives %.17g", v, bc[v], expect[v]);
done:
    free(expect);
    free(sigma);
    free(delta);
    free(order);
    free(level);
    return err;
}

const char *ck_tc(const ck_graph *g, uint64_t ntriangles)
{
    int64_t *mark = malloc((size_t)g->n * sizeof *mark);
    if (mark == NULL) return fail("out of memory");
    for (int64_t v = 0; v < g->n; v++) mark[v] = -1;
    uint64_t count = 0;
    for (int64_t u = 0; u < g->n; u++) {
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) mark[g->col[k]] = u;
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++) {
            int64_t v = g->col[k];
            if (v >= u) continue;
            for (int64_t l = g->ptr[v]; l < g->ptr[v + 1]; l++) {
                int64_t w = g->col[l];
                if (w < v && mark[w] == u) count++;
            }
        }
    }
    free(mark);
    if (count != ntriangles)
        return fail("%llu triangles, the naive count gives %llu", (unsigned long long)ntriangles,
                    (unsigned long long)count);
    return NULL;
}

const char *ck_cc(const ck_graph *g, const int64_t *label)
{
    int64_t *root = malloc((size_t)g->n * sizeof *root), *queue = malloc((size_t)g->n * sizeof *queue);
    const char *err = NULL;
    if (root == NULL || queue == NULL) {
        err = fail("out of memory");
        goto done;
    }
    for (int64_t v = 0; v < g->n; v++) root[v] = -1;
    /* scanning in increasing order, each search starts from its component's smallest vertex */
    for (int64_t s = 0; s < g->n; s++) {
        if (root[s] >= 0) continue;
        int64_t head = 0, tail = 0;
        root[s] = s;
        queue[tail++] = s;
        while (head < tail) {
            int64_t u = queue[head++];
            for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++)
                if (root[g->col[k]] < 0) {
                    root[g->col[k]] = s;
                    queue[tail++] = g->col[k];
                }
        }
    }
    for (int64_t v = 0; v < g->n && err == NULL; v++)
        if (label[v] != root[v])
            err = fail("label[%lld] is %lld, the smallest vertex of its component is %lld", (long long)v,
                       (long long)label[v], (long long)root[v]);
done:
    free(root);
    free(queue);
    return err;
}

const char *ck_pagerank(const ck_graph *g, double damping, const double *rank, double resid)
{
    const double n = (double)g->n;
    double *next = malloc((size_t)g->n * sizeof *next);
    if (next == NULL) return fail("out of memory");
    double dangling = 0, sum = 0, norm = 0;
    for (int64_t u = 0; u < g->n; u++) {
        sum += rank[u];
        if (g->ptr[u + 1] == g->ptr[u]) dangling += rank[u];
    }
    for (int64_t v = 0; v < g->n; v++) next[v] = (1 - damping) / n + damping * dangling / n;
    for (int64_t u = 0; u < g->n; u++) {
        int64_t deg = g->ptr[u + 1] - g->ptr[u];
        for (int64_t k = g->ptr[u]; k < g->ptr[u + 1]; k++)
            next[g->col[k]] += damping * rank[u] / (double)deg;
    }
    for (int64_t v = 0; v < g->n; v++) norm += fabs(next[v] - rank[v]);
    free(next);
    if (!(fabs(sum - 1) <= 1e-9)) return fail("the ranks sum to %.17g", sum);
    if (!(norm <= resid)) return fail("residual |r - F(r)|_1 = %.3g exceeds %.3g", norm, resid);
    return NULL;
}
