/* ops_check.c: the argument checks and the dispatch epilogue shared by every operation
 * (declared in GG_ops.h). Messages name the public function and the argument at fault. */
#include "GG_ops.h"

#include <inttypes.h>
#include <stdio.h>

const GG_names GG_vector_names = {"w", "u", "v", "argument 'u'", "argument 'v'"};
const GG_names GG_matrix_names = {"C", "A", "B", "argument 'A'", "argument 'B'"};

GrB_Info GG_op_fail(const GG_op *k, GrB_Info info, const char *fmt, ...)
{
    char msg[GG_ERRMSG_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return GG_error(k->out, info, k->func, "%s", msg);
}

/* ---- handles --------------------------------------------------------------------------------- */

GrB_Info GG_op_start(GG_op *k, GrB_Descriptor desc, const GG_arg *args, size_t nargs)
{
    for (size_t a = 0; a < nargs; a++) {
        if (args[a].p == NULL && !args[a].optional)
            return GG_op_fail(k, GrB_NULL_POINTER, "argument '%s' is NULL", args[a].name);
    }
    for (size_t a = 0; a < nargs; a++) {
        if (args[a].p == NULL || args[a].kind == 0) continue;
        GrB_Info info = GG_check_object(args[a].p, args[a].kind);
        if (info != GrB_SUCCESS)
            return GG_op_fail(k, info, "argument '%s' is %s", args[a].name,
                              GG_object_problem(info));
    }
    GrB_Info info = GG_desc_decode(desc, &k->d);
    if (info != GrB_SUCCESS)
        return GG_op_fail(k, info, "argument 'desc' is not a valid descriptor");
    GG_error_clear(k->out);
    return GrB_SUCCESS;
}

/* ---- scalar arguments ------------------------------------------------------------------------ */

GG_arg GG_scalar_handle(const GG_scalar_arg *x, const char *name)
{
    return x->object ? GG_ARG_OBJ(x->s, GG_KIND_SCALAR, name) : GG_ARG_PTR(x->value, name);
}

void GG_scalar_resolve(const GG_scalar_arg *x, GrB_Type expected, const void **value,
                       GrB_Type *type)
{
    if (x->object) {
        *value = x->s->present ? x->s->value : NULL;
        *type = x->s->type;
    } else {
        *value = x->value;
        *type = x->type != NULL ? x->type : expected;
    }
}

bool GG_op_nothing_to_compute(const GG_op *k, const GG_container *M, GG_container *C)
{
    if (M != NULL || !k->d.mask_comp) return false;
    if (k->d.replace) GG_container_clear(C);
    return true;
}

GrB_Info GG_op_scalar_present(const GG_op *k, const GG_scalar_arg *x, const char *name)
{
    if (x->object && !x->s->present)
        return GG_op_fail(k, GrB_EMPTY_OBJECT, "argument '%s' is a GrB_Scalar without an entry",
                          name);
    return GrB_SUCCESS;
}

GrB_BinaryOp GG_binop_of(const void *op, GG_kind kind, bool additive)
{
    switch (kind) {
    case GG_KIND_SEMIRING:
        return additive ? ((GrB_Semiring)op)->add->op : ((GrB_Semiring)op)->mul;
    case GG_KIND_MONOID: return ((GrB_Monoid)op)->op;
    default: return (GrB_BinaryOp)op;
    }
}

/* ---- domains --------------------------------------------------------------------------------- */

static const char *type_name(GrB_Type t)
{
    return t->h.name[0] != '\0' ? t->h.name : "a user-defined type";
}

GrB_Info GG_op_domain(const GG_op *k, GrB_Type from, const char *what_from, GrB_Type to,
                      const char *what_to)
{
    if (GG_types_compatible(from, to)) return GrB_SUCCESS;
    return GG_op_fail(k, GrB_DOMAIN_MISMATCH, "%s (%s) cannot be cast to %s (%s)", what_from,
                      type_name(from), what_to, type_name(to));
}

GrB_Info GG_op_writeback_domain(const GG_op *k, GG_container *M, GrB_BinaryOp accum,
                                GrB_Type ctype, GrB_Type ttype)
{
    if (M != NULL && !k->d.mask_struct && M->type->code == GrB_UDT_CODE)
        return GG_op_fail(k, GrB_DOMAIN_MISMATCH,
                          "argument 'mask' has %s, which cannot be cast to bool (only a "
                          "structural mask may have a user-defined type)",
                          type_name(M->type));
    if (accum == NULL) return GG_op_domain(k, ttype, "the result", ctype, "the output");
    GG_TRY(GG_op_domain(k, ctype, "the output", accum->xtype, "the input x of 'accum'"));
    GG_TRY(GG_op_domain(k, ttype, "the result", accum->ytype, "the input y of 'accum'"));
    return GG_op_domain(k, accum->ztype, "the result of 'accum'", ctype, "the output");
}

/* ---- dimensions ------------------------------------------------------------------------------ */

void GG_shape(const GG_container *X, bool tran, GrB_Index *nrows, GrB_Index *ncols)
{
    *nrows = tran ? X->ncols : X->nrows;
    *ncols = tran ? X->nrows : X->ncols;
}

GrB_Info GG_op_dims(const GG_op *k, const GG_container *X, const char *name, bool tran,
                    GrB_Index nrows, GrB_Index ncols)
{
    GrB_Index r, c;
    GG_shape(X, tran, &r, &c);
    if (r == nrows && c == ncols) return GrB_SUCCESS;
    if (X->h.kind == GG_KIND_VECTOR)
        return GG_op_fail(k, GrB_DIMENSION_MISMATCH,
                          "argument '%s' has size %" PRIu64 ", the operation needs %" PRIu64, name,
                          r, nrows);
    return GG_op_fail(k, GrB_DIMENSION_MISMATCH,
                      "argument '%s'%s is %" PRIu64 " x %" PRIu64 ", the operation needs %" PRIu64
                      " x %" PRIu64,
                      name, tran ? " (transposed)" : "", r, c, nrows, ncols);
}

GrB_Info GG_op_mask_dims(const GG_op *k, const GG_container *M, GrB_Index nrows,
                         GrB_Index ncols)
{
    return M == NULL ? GrB_SUCCESS : GG_op_dims(k, M, "mask", false, nrows, ncols);
}

/* ---- indices --------------------------------------------------------------------------------- */

GrB_Index GG_list_length(const GrB_Index *list, GrB_Index n, GrB_Index dim)
{
    return list == GrB_ALL ? dim : n;
}

GrB_Info GG_op_index(const GG_op *k, GrB_Index index, const char *name, GrB_Index dim)
{
    if (index < dim) return GrB_SUCCESS;
    return GG_op_fail(k, GrB_INVALID_INDEX,
                      "argument '%s' = %" PRIu64 " is out of range (must be below %" PRIu64 ")",
                      name, index, dim);
}

GrB_Info GG_op_index_list(const GG_op *k, const GrB_Index *list, GrB_Index n, const char *name,
                          GrB_Index dim)
{
    if (list == GrB_ALL) return GrB_SUCCESS;
    for (GrB_Index p = 0; p < n; p++) {
        if (list[p] >= dim)
            return GG_op_fail(k, GrB_INDEX_OUT_OF_BOUNDS,
                              "%s[%" PRIu64 "] = %" PRIu64
                              " is out of range (must be below %" PRIu64 ")",
                              name, p, list[p], dim);
    }
    return GrB_SUCCESS;
}

/* ---- dispatch -------------------------------------------------------------------------------- */

GrB_Info GG_op_unavailable(const GG_op *k, GG_opfamily fam, const GG_backend *be,
                           const char *reason)
{
    if (!GG_family_compiled(fam))
        return GG_op_fail(k, GrB_NOT_IMPLEMENTED,
                          "not implemented yet on any backend (see Doc/STATUS.md)");
    if (be == NULL) return GG_op_fail(k, GrB_NOT_IMPLEMENTED, "%s", reason);
    return GG_op_fail(k, GrB_NOT_IMPLEMENTED,
                      "%s is not implemented yet on the %s backend, chosen because %s (see "
                      "Doc/STATUS.md)",
                      GG_opfamily_name(fam), be->name, reason);
}

void GG_op_trace_choice(const GG_op *k, GG_opfamily fam, const GG_backend *be, const char *reason)
{
    GG_trace("%s: %s on %s (%s)", k->func, GG_opfamily_name(fam), be->name, reason);
}

void GG_op_trace_decline(const GG_op *k, GG_opfamily fam)
{
    GG_trace("%s: %s: cuda declined: %s, running on cpu", k->func, GG_opfamily_name(fam),
             GG_decline_reason());
}

static _Thread_local const GG_backend *last_backend;

const GG_backend *GG_op_last_backend(void)
{
    return last_backend;
}

GrB_Info GG_op_finish(const GG_op *k, GG_opfamily fam, const GG_backend *be, GrB_Info info)
{
    last_backend = be;
    switch ((int)info) {
    case GrB_SUCCESS:
    case GrB_NO_VALUE: return info;
    case GrB_OUT_OF_MEMORY: return GG_op_fail(k, info, "out of memory");
    case GG_DECLINE:
        return GG_op_fail(k, GrB_NOT_IMPLEMENTED,
                          "the %s backend declined this %s and the CPU backend lacks it",
                          be->name, GG_opfamily_name(fam));
    default:
        return GG_op_fail(k, info, "%s failed on the %s backend with %s", GG_opfamily_name(fam),
                          be->name, GG_info_name(info));
    }
}
