/* GG_store_private.h: what the files of src/store share and nothing outside sees: array
 * allocation, the stable sort of tuple keys, the log of pending updates, the release of cached
 * views, and the vector halves (vector.c) of the container calls of GG_internal.h, which store.c
 * dispatches to by kind. */
#ifndef GG_STORE_PRIVATE_H
#define GG_STORE_PRIVATE_H

#include "GG_container.h"
#include "GG_store.h"

/* count elements of `size` bytes from GG_malloc (one byte for an empty array, so a non-NULL array
 * always means "allocated"); NULL on overflow or out of memory. */
void *GG_store_alloc(uint64_t count, size_t size);
/* The same, zeroed (a bitmap's values: GG_vform.h). */
void *GG_store_calloc(uint64_t count, size_t size);
/* v's entries in index order: their indices into I and their values, moved by cast (cast->f NULL:
 * copied, cast->size bytes each), into X; either may be NULL. In parallel chunks when long.
 * GrB_OUT_OF_MEMORY (a bitmap's chunk offsets) before anything is written. */
GrB_Info GG_vdata_gather(const GG_vdata *v, uint64_t *I, void *X, const GG_caster *cast);

/* ---- store.c --------------------------------------------------------------------------------- */

/* Tuples are sorted through (row, col, seq) keys, seq being the input position. */
typedef struct {
    GrB_Index row, col, seq;
} GG_sort_key;

/* Sorts keys[0..n) by (row, col), stably; *keys may be replaced by another array. */
GrB_Info GG_sort_keys(GG_sort_key **keys, GrB_Index n);

/* The log's surviving operations: one key per position (the last operation on it, seq its place
 * in the log), sorted by position, *g of them, in *keys (GG_free'd by the caller). */
GrB_Info GG_pending_survivors(const GG_pending *p, GG_sort_key **keys, GrB_Index *g);
void GG_pending_free(GG_pending *p);
/* Room for `more` further operations in the log (arrays of values of `size` bytes); nothing
 * changes on failure. */
GrB_Info GG_pending_reserve(GG_pending *p, size_t size, GrB_Index more);
/* Appends one operation to a vector's log; x (of xtype, cast by `cast`) is NULL for a removal.
 * Drops the CSR/CSC views. (A matrix's log: mlog.c.) */
GrB_Info GG_pending_append(GG_container *c, GrB_Index i, GrB_Index j, bool del, const void *x,
                           const GG_caster *cast);
/* Drops the cached CSR and CSC views and the device mirror (c->dev). */
void GG_views_drop(GG_container *c);

/* A view of n entries along a dimension of dim vectors counts them in a table of the dimension
 * when dim is at most 8 n + 64; beyond, it is hypersparse for sure and lists its vectors. */
static inline bool GG_view_dim_counted(GrB_Index dim, GrB_Index n)
{
    return dim <= 8 * n + 64;
}
/* A counted view is hypersparse when at most one vector in 8 holds an entry (the switch point at
 * which SuiteSparse keeps a freshly built matrix hypersparse); a dimension of 0 or 1 never is. */
static inline bool GG_view_is_hyper(GrB_Index dim, GrB_Index nonempty)
{
    return dim > 1 && nonempty <= dim / 8;
}

/* ---- rows.c -------------------------------------------------------------------------------------- */

/* Matrix c (empty) built from n > 0 tuples sorted by rows then columns, strictly, in range, whose
 * values need no fold (dup NULL or of c's type): its content becomes their CSR view, the COO's
 * rows and the tree owed (GG_container_adopt_csr), and GrB_SUCCESS. GrB_NO_VALUE, c unchanged,
 * when the tuples are not such (the tree build then takes them); GrB_OUT_OF_MEMORY, c unchanged. */
GrB_Info GG_mat_build_rows(GG_container *c, const GrB_Index *row, const GrB_Index *col,
                           const void *x, GrB_Type xtype, GrB_Index n, GrB_BinaryOp dup);

/* ---- mlog.c: a matrix's log, indexed on demand ----------------------------------------------------
 * Matrix writes go only through GG_mlog_reserve and GG_mlog_put; the log and its index are freed
 * together (GG_pending_free). Cached CSR/CSC views stay valid across log writes: they list the
 * tree's entries, and every full reader assembles (which installs a new tree and drops them). */

/* Indexes c's log (compacting it to one operation per position) unless it already is; an empty
 * log becomes indexed from its first write on. Nothing changes on failure. */
GrB_Info GG_mlog_index(GG_container *c);
/* Room for `more` further operations in the log (and its tables when indexed); nothing changes on
 * failure. */
GrB_Info GG_mlog_reserve(GG_container *c, GrB_Index more);
/* Logs c(i, j) = x (x cast by `cast` to c's type) or its removal (del; x NULL): an append when the
 * log is not indexed, else an overwrite of the operation already logged at (i, j), if any; after
 * GG_mlog_reserve, so it cannot fail. Drops the device mirror. */
void GG_mlog_put(GG_container *c, GrB_Index i, GrB_Index j, bool del, const void *x,
                 const GG_caster *cast);
/* Whether (i, j) is logged (the log must be indexed, or this says no); *q gets its entry. O(1)
 * expected. */
bool GG_mlog_find(const GG_container *c, GrB_Index i, GrB_Index j, GrB_Index *q);
/* GG_mlog_find of the n positions (I[k], J[k]): q[k] their entries, UINT64_MAX for those not
 * logged; the lookups overlap their cache misses (mlog.c). */
void GG_mlog_find_many(const GG_container *c, GrB_Index n, const GrB_Index *I, const GrB_Index *J,
                       GrB_Index *q);
/* nvals of the content less the tree's nvals (the log must be indexed). */
int64_t GG_mlog_dnvals(const GG_container *c);
/* The log entries of row k (by_col false) or column k, unordered, in *qs (GG_free'd by the
 * caller; NULL when none), *n of them; indexes the log first. The first call of an orientation
 * chains the log (O(log)). */
GrB_Info GG_mlog_line(GG_container *c, bool by_col, GrB_Index k, GrB_Index **qs, GrB_Index *n);
void GG_mlog_ix_free(GG_pending *p);

/* ---- vector.c: a vector container's content (GG_store.h) ----------------------------------------
 * Each call's contract is that of the GG_container_ call of GG_internal.h that dispatches to it;
 * `_locked` calls run under c->lock. */

void GG_vstore_clear(GG_container *c);
/* The host content current, pending work applied. */
GrB_Info GG_vstore_ready_locked(GG_container *c);
/* After ready: c->store holds the COO view of c->v (coo_cached). */
GrB_Info GG_vstore_coo_locked(GG_container *c);
GrB_Info GG_vstore_dup(GG_container *dst, GG_container *src);
GrB_Info GG_vstore_resize(GG_container *c, GrB_Index n);
GrB_Info GG_vstore_get(GG_container *c, GrB_Index i, void *x, GrB_Type xtype);
GrB_Info GG_vstore_set(GG_container *c, GrB_Index i, const void *x, GrB_Type xtype);
GrB_Info GG_vstore_remove(GG_container *c, GrB_Index i);
void GG_vstore_adopt_coo(GG_container *c, GG_coo *t);
GrB_Info GG_vstore_build(GG_container *c, const GrB_Index *I, const void *X, GrB_Type xtype,
                         GrB_Index n, GrB_BinaryOp dup);
GrB_Info GG_vstore_tuples(GG_container *c, GrB_Index *I, void *X, GrB_Type xtype,
                          GrB_Index *nvals);

#endif /* GG_STORE_PRIVATE_H */
