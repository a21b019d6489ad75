/* mis.c: a maximal independent set by Luby's randomized algorithm, written against the GraphBLAS
 * C API only and timed against SuiteSparse (issue 14, item 5; bench_alg.h describes the method).
 *
 * Source: the maximal-independent-set example of the GraphBLAS C API specification (appendix
 * "Examples", after M. Luby, "A simple parallel algorithm for the maximal independent set
 * problem", SIAM J. Comput. 1986), the algorithm LAGraph's LAGraph_MaximalIndependentSet also
 * follows. Written from that description; no code copied. Per round, every remaining candidate
 * draws a random score scaled by 1 / (1 + 2 degree); a candidate whose score beats every candidate
 * neighbour's joins the set; it and its neighbours stop being candidates. Calls per round:
 *   prob<cand, struct, replace>  = apply(score, degree, round)        (an index-unary operator)
 *   nmax<cand, struct, replace>  = A max.second prob                  (GrB_mxv, MAX_SECOND)
 *   win<cand, struct, replace>   = prob > nmax (eWiseAdd; a candidate without candidate
 *                                  neighbours has no nmax and wins: its score, cast, is true)
 *   new                          = select(win == true)
 *   iset<new, struct>            = true                               (GrB_assign)
 *   cand<new, struct, comp, replace> = cand                           (GrB_assign)
 *   nbr<cand, struct, replace>   = A lor.land new                     (GrB_mxv)
 *   cand<nbr, struct, comp, replace> = cand                           (GrB_assign)
 * Vertices without neighbours join the set at the start. The scores are a hash of (vertex, round,
 * seed), not random(), so both libraries compute the same set, which the checker verifies
 * (independent and maximal) and whose checksum they compare.
 *
 * Usage: mis [gen-spec] [runs] [seed] (default rmat:16, 5, 1). */
#include <GraphBLAS.h>

#include "bench_alg.h"

static uint64_t score_seed;

/* z = (1e-4 + u) / (1 + 2 degree), u in [0, 1) a hash of (vertex i, round). */
static void score(void *z, const void *x, GrB_Index i, GrB_Index j, const void *thunk)
{
    (void)j;
    uint64_t h = bench_mix(bench_mix(i ^ score_seed) + (uint64_t) * (const int64_t *)thunk);
    double u = (double)(h >> 11) * 0x1.0p-53;
    *(double *)z = (1e-4 + u) / (1.0 + 2.0 * *(const double *)x);
}

static GrB_IndexUnaryOp score_op;

/* The set as a BOOL vector of n entries (true where a vertex is in it). */
static GrB_Vector mis(GrB_Matrix A, GrB_Index n, int *rounds)
{
    GrB_Vector iset, cand, degree, prob, nmax, win, nw, nbr;
    CHECK(GrB_Vector_new(&iset, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&cand, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&degree, GrB_FP64, n));
    CHECK(GrB_Vector_new(&prob, GrB_FP64, n));
    CHECK(GrB_Vector_new(&nmax, GrB_FP64, n));
    CHECK(GrB_Vector_new(&win, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&nw, GrB_BOOL, n));
    CHECK(GrB_Vector_new(&nbr, GrB_BOOL, n));
    CHECK(GrB_Matrix_reduce_Monoid(degree, NULL, NULL, GrB_PLUS_MONOID_FP64, A, NULL));
    /* isolated vertices are in the set; the others are the first candidates */
    CHECK(GrB_Vector_assign_BOOL(iset, degree, NULL, true, GrB_ALL, n, GrB_DESC_SC));
    CHECK(GrB_Vector_assign_BOOL(cand, degree, NULL, true, GrB_ALL, n, GrB_DESC_S));
    GrB_Index ncand;
    CHECK(GrB_Vector_nvals(&ncand, cand));
    int64_t round = 0;
    while (ncand > 0) {
        BENCH_STEP(0, GrB_Vector_apply_IndexOp_INT64(prob, cand, NULL, score_op, degree, round,
                                                     GrB_DESC_RS));
        BENCH_STEP(1, GrB_mxv(nmax, cand, NULL, GrB_MAX_SECOND_SEMIRING_FP64, A, prob,
                              GrB_DESC_RS));
        BENCH_STEP(2, GrB_Vector_eWiseAdd_BinaryOp(win, cand, NULL, GrB_GT_FP64, prob, nmax,
                                                   GrB_DESC_RS));
        BENCH_STEP(3, GrB_Vector_select_BOOL(nw, NULL, NULL, GrB_VALUEEQ_BOOL, win, true,
                                             GrB_DESC_R));
        BENCH_STEP(4, GrB_Vector_assign_BOOL(iset, nw, NULL, true, GrB_ALL, n, GrB_DESC_S));
        BENCH_STEP(5, GrB_Vector_assign(cand, nw, NULL, cand, GrB_ALL, n, GrB_DESC_RSC));
        BENCH_STEP(6, GrB_Vector_nvals(&ncand, cand));
        if (ncand == 0) break;
        BENCH_STEP(7, GrB_mxv(nbr, cand, NULL, GrB_LOR_LAND_SEMIRING_BOOL, A, nw, GrB_DESC_RS));
        BENCH_STEP(5, GrB_Vector_assign(cand, nbr, NULL, cand, GrB_ALL, n, GrB_DESC_RSC));
        BENCH_STEP(6, GrB_Vector_nvals(&ncand, cand));
        round++;
    }
    *rounds = (int)round + 1;
    GrB_Vector_free(&cand);
    GrB_Vector_free(&degree);
    GrB_Vector_free(&prob);
    GrB_Vector_free(&nmax);
    GrB_Vector_free(&win);
    GrB_Vector_free(&nw);
    GrB_Vector_free(&nbr);
    return iset;
}

/* Independent (no edge inside the set) and maximal (every other vertex has a neighbour in it). */
static void check(GrB_Matrix A, GrB_Index n, GrB_Vector iset)
{
    GrB_Index *ptr, *idx, nv;
    bench_host_csr(A, n, &ptr, &idx);
    bool *in = calloc(n + 1, 1);
    GrB_Index *I = malloc((n + 1) * sizeof *I);
    bool *X = malloc(n + 1);
    if (in == NULL || I == NULL || X == NULL) exit(1);
    CHECK(GrB_Vector_nvals(&nv, iset));
    CHECK(GrB_Vector_extractTuples_BOOL(I, X, &nv, iset));
    for (GrB_Index k = 0; k < nv; k++) in[I[k]] = X[k];
    for (GrB_Index v = 0; v < n; v++) {
        bool covered = in[v];
        for (GrB_Index p = ptr[v]; p < ptr[v + 1]; p++) {
            if (in[v] && in[idx[p]]) {
                fprintf(stderr, "mis: %llu and %llu are adjacent\n", (unsigned long long)v,
                        (unsigned long long)idx[p]);
                exit(1);
            }
            covered = covered || in[idx[p]];
        }
        if (!covered) {
            fprintf(stderr, "mis: %llu could join the set\n", (unsigned long long)v);
            exit(1);
        }
    }
    free(ptr);
    free(idx);
    free(in);
    free(I);
    free(X);
}

static uint64_t run(GrB_Matrix A, bool verify, GrB_Index *nvals)
{
    GrB_Index n;
    CHECK(GrB_Matrix_nrows(&n, A));
    int rounds;
    GrB_Vector iset = mis(A, n, &rounds);
    uint64_t sum = 0;
    if (verify) {
        check(A, n, iset);
        sum = bench_checksum(NULL, iset, nvals);
        printf("info mis rounds %d set %llu\n", rounds, (unsigned long long)*nvals);
    }
    GrB_Vector_free(&iset);
    return sum;
}

int main(int argc, char **argv)
{
    static const char *const steps[] = {"apply_score", "mxv_max_second", "ewiseadd_gt",
                                        "select_true", "assign_scalar", "assign_masked",
                                        "nvals", "mxv_lor_land"};
    for (int k = 0; k < 8; k++) bench_step_name[k] = steps[k];
    int runs;
    GrB_Matrix A = bench_alg_start(argc, argv, "rmat:16", GrB_BOOL, "", &runs, &score_seed);
    CHECK(GrB_IndexUnaryOp_new(&score_op, score, GrB_FP64, GrB_FP64, GrB_INT64));
    bench_alg_run("mis", run, A, runs);
    GrB_Matrix_free(&A);
    GrB_IndexUnaryOp_free(&score_op);
    GrB_finalize();
    return 0;
}
