/* stats.c: the storage report: bytes per entry of the tree against CSR (32- and 64-bit indices)
 * and COO holding the same values, entries per row, and node counts by level and kind with their
 * mean fill, in the shape of the thesis' Figure 7.1 table. */
#include "hs_internal.h"

#include <math.h>

static const char *const tag_names[GG_HS_NTAGS] = {
    "null", "inner dense", "inner COO1", "inner COO2", "inner COO4",
    "leaf dense", "leaf bitmap", "leaf COO1", "leaf COO2", "leaf COO4"};

static void count_nodes(const GG_hs_matrix *A, uint64_t w, int level, GrB_Index r0, GrB_Index c0,
                        GG_hs_report *s)
{
    int tag = hs_word_tag(w);
    s->nodes[level][tag]++;
    if (hs_is_inner(tag)) {
        hs_kids it;
        hs_kids_open(A, w, &it);
        s->node_bytes[tag] += tag == GG_HS_INNER_DENSE ? hs_dense_inner_size(A->dbits)
                                                       : hs_coo_geom(it.n, hs_coo_x(tag), 1, 8).size;
        int shift = (level - 1) * A->dbits;
        uint64_t cw, ci, cj;
        while (hs_kids_next(&it, &cw, &ci, &cj)) {
            s->entries[level][tag]++;
            count_nodes(A, cw, level - 1, r0 + (ci << shift), c0 + (cj << shift), s);
        }
        return;
    }
    hs_leaf L;
    hs_leaf_open(A, w, level, r0, c0, &L);
    uint64_t vb = hs_vbytes(A);
    s->entries[level][tag] += L.n;
    s->node_bytes[tag] += tag == GG_HS_LEAF_DENSE    ? hs_dense_leaf_size(L.n, vb)
                          : tag == GG_HS_LEAF_BITMAP ? hs_bitmap_geom(L.n, A->dbits, vb).size
                                                     : hs_coo_geom(L.n, hs_coo_x(tag), L.cb, vb).size;
}

GrB_Info GG_hs_stats(const GG_hs_matrix *A, GG_hs_report *out)
{
    GG_hs_report r, *s = &r;
    memset(s, 0, sizeof *s);
    s->nrows = GG_hs_nrows(A);
    s->ncols = GG_hs_ncols(A);
    s->nvals = A->nvals;
    s->value_bytes = hs_vbytes(A);
    s->dim = 1 << A->dbits;
    s->height = A->height;
    s->iso = A->iso;
    s->bytes = A->pool != NULL ? A->pool->bytes : 0;
    uint64_t n = A->nvals, vb = s->value_bytes;
    s->csr32 = 4 * (s->nrows + 1) + n * (4 + vb);
    s->csr64 = 8 * (s->nrows + 1) + n * (8 + vb);
    s->coo32 = n * (8 + vb);
    s->coo64 = n * (16 + vb);
    if (A->root != 0) count_nodes(A, A->root, A->height, 0, 0, s);
    if (s->nrows > 0) {
        GG_cview v;
        GrB_Info info = GG_hs_to_cview(A, false, &v);
        if (info != GrB_SUCCESS) return info;
        double mean = (double)n / (double)s->nrows, ss = 0;
        GrB_Index nonempty = 0;
        for (GrB_Index k = 0; k < v.nvec; k++) {
            GrB_Index deg = v.ptr[k + 1] - v.ptr[k];
            if (deg == 0) continue;
            nonempty++;
            ss += ((double)deg - mean) * ((double)deg - mean);
            if (deg > s->row_max) s->row_max = deg;
        }
        ss += (double)(s->nrows - nonempty) * mean * mean;
        s->row_mean = mean;
        s->row_stddev = sqrt(ss / (double)s->nrows);
        GG_hs_cview_free(&v);
    }
    *out = r;
    return GrB_SUCCESS;
}

static double per_entry(uint64_t bytes, GrB_Index n)
{
    return n > 0 ? (double)bytes / (double)n : 0.0;
}

void GG_hs_stats_print(FILE *f, const char *name, const GG_hs_report *s)
{
    fprintf(f, "%s: %llu x %llu, %llu entries, %zu-byte values%s, d = %d, height %d\n", name,
            (unsigned long long)s->nrows, (unsigned long long)s->ncols,
            (unsigned long long)s->nvals, s->value_bytes, s->iso ? " (iso)" : "", s->dim,
            s->height);
    fprintf(f, "  bytes/entry: HiSparse %.2f | CSR32 %.2f | CSR64 %.2f | COO32 %.2f | COO64 %.2f"
               "  (HiSparse/CSR32 %.3f, HiSparse/COO32 %.3f)\n",
            per_entry(s->bytes, s->nvals), per_entry(s->csr32, s->nvals),
            per_entry(s->csr64, s->nvals), per_entry(s->coo32, s->nvals),
            per_entry(s->coo64, s->nvals), s->csr32 > 0 ? (double)s->bytes / (double)s->csr32 : 0,
            s->coo32 > 0 ? (double)s->bytes / (double)s->coo32 : 0);
    fprintf(f, "  CSR rows: mean %.1f (std-dev %.1f), max %llu\n", s->row_mean, s->row_stddev,
            (unsigned long long)s->row_max);
    uint64_t in_sparse = 0, in_dense = 0, in_entries = 0, lf_sparse = 0, lf_dense = 0, lf_entries = 0;
    for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
        for (int t = 1; t < GG_HS_NTAGS; t++) {
            bool dense = t == GG_HS_INNER_DENSE || t == GG_HS_LEAF_DENSE;
            if (hs_is_inner(t)) {
                *(dense ? &in_dense : &in_sparse) += s->nodes[l][t];
                in_entries += s->entries[l][t];
            } else {
                *(dense ? &lf_dense : &lf_sparse) += s->nodes[l][t];
                lf_entries += s->entries[l][t];
            }
        }
    fprintf(f, "  HiSparse inner: %llu sparse, %llu dense, mean %.1f children; leaves: %llu sparse, "
               "%llu dense, mean %.1f entries\n",
            (unsigned long long)in_sparse, (unsigned long long)in_dense,
            in_sparse + in_dense > 0 ? (double)in_entries / (double)(in_sparse + in_dense) : 0,
            (unsigned long long)lf_sparse, (unsigned long long)lf_dense,
            lf_sparse + lf_dense > 0 ? (double)lf_entries / (double)(lf_sparse + lf_dense) : 0);
    for (int l = GG_HS_MAX_LEVELS; l >= 1; l--)
        for (int t = 1; t < GG_HS_NTAGS; t++) {
            if (s->nodes[l][t] == 0) continue;
            fprintf(f, "    level %2d %-12s %10llu nodes %12llu %s, mean %.1f\n", l, tag_names[t],
                    (unsigned long long)s->nodes[l][t], (unsigned long long)s->entries[l][t],
                    hs_is_inner(t) ? "children" : "entries",
                    (double)s->entries[l][t] / (double)s->nodes[l][t]);
        }
}
