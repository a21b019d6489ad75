/* print.c: the GxB_*_fprint family and the GxB type queries LAGraph's vanilla build uses.
 * As in SuiteSparse 7.4: a NULL file means stdout; every level, GxB_SILENT included, checks the
 * object and returns its validity code (GrB_NULL_POINTER, GrB_UNINITIALIZED_OBJECT,
 * GrB_INVALID_OBJECT or GrB_SUCCESS); a level above GxB_COMPLETE_VERBOSE prints as
 * GxB_COMPLETE_VERBOSE; the SHORT levels list the first GG_SHORT_ENTRIES entries, the COMPLETE
 * levels all of them, and the _VERBOSE levels print floating point with %.15g. A negative level
 * prints nothing (SuiteSparse gives negative levels internal meanings we do not copy). Type names
 * are SuiteSparse's: the C type ("double") for built-in types, the type's name for user-defined
 * ones. Content is read only through the views of GG_internal.h (matrices) and GG_store.h
 * (vectors, printed in their own form). */
#include "GG_store.h"

#include <inttypes.h>
#include <stdio.h>

#define GG_SHORT_ENTRIES 30

typedef struct {
    FILE *f;
    int level;
    bool failed; /* a write failed: reported as GrB_INVALID_VALUE, as SuiteSparse does */
} GG_printer;

static void put(GG_printer *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(GG_printer *p, const char *fmt, ...)
{
    if (p->level == GxB_SILENT) return;
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(p->f, fmt, ap) < 0) p->failed = true;
    va_end(ap);
}

static bool verbose(const GG_printer *p)
{
    return p->level == GxB_SHORT_VERBOSE || p->level == GxB_COMPLETE_VERBOSE;
}

/* The label printed for an object: the caller's name, else the object's GrB_NAME. */
static const char *label(const void *obj, const char *name)
{
    return name != NULL ? name : ((const GG_header *)obj)->name;
}

static const char *ctype_name(GrB_Type_Code code)
{
    switch (code) {
#define GG_CTYPE_NAME(T, E, V, CV)                                                                 \
    case GrB_##T##_CODE: return #E;
        GxG_BUILTIN_TYPES(GG_CTYPE_NAME)
#undef GG_CTYPE_NAME
    case GrB_UDT_CODE: break;
    }
    return NULL;
}

/* SuiteSparse's type_name: the C type of a built-in type, the name of a user-defined one, or
 * "user_type_of_size_<n>" for a user-defined type nobody named. */
static void type_name(char *out, GrB_Type type)
{
    const char *c = ctype_name(type->code);
    if (c != NULL)
        snprintf(out, GxB_MAX_NAME_LEN, "%s", c);
    else if (type->h.name[0] != '\0')
        snprintf(out, GxB_MAX_NAME_LEN, "%s", type->h.name);
    else
        snprintf(out, GxB_MAX_NAME_LEN, "user_type_of_size_%zu", type->size);
}

static void print_value(GG_printer *p, GrB_Type type, const void *x)
{
    switch (type->code) {
    case GrB_BOOL_CODE: put(p, "%d", *(const bool *)x ? 1 : 0); return;
    case GrB_INT8_CODE:
    case GrB_INT16_CODE:
    case GrB_INT32_CODE:
    case GrB_INT64_CODE: {
        int64_t v;
        GG_cast_get(GrB_INT64_CODE, type->code)(&v, x);
        put(p, "%" PRId64, v);
        return;
    }
    case GrB_UINT8_CODE:
    case GrB_UINT16_CODE:
    case GrB_UINT32_CODE:
    case GrB_UINT64_CODE: {
        uint64_t v;
        GG_cast_get(GrB_UINT64_CODE, type->code)(&v, x);
        put(p, "%" PRIu64, v);
        return;
    }
    case GrB_FP32_CODE:
    case GrB_FP64_CODE: {
        double v;
        GG_cast_get(GrB_FP64_CODE, type->code)(&v, x);
        put(p, verbose(p) ? "%.15g" : "%g", v);
        return;
    }
    case GrB_UDT_CODE: put(p, "[user-defined value]"); return;
    }
}

/* A type an object refers to must itself be a live type. */
static GrB_Info check_type(GrB_Type t, bool optional)
{
    if (t == NULL) return optional ? GrB_SUCCESS : GrB_INVALID_OBJECT;
    return GG_check_object(t, GG_KIND_TYPE) == GrB_SUCCESS ? GrB_SUCCESS : GrB_INVALID_OBJECT;
}

static GrB_Info invalid(GG_printer *p, const char *why)
{
    put(p, "  invalid object: %s\n", why);
    return GrB_INVALID_OBJECT;
}

/* ---- algebra objects ------------------------------------------------------------------------- */

static void type_line(GG_printer *p, const char *role, GrB_Type t)
{
    if (t == NULL) return;
    char tn[GxB_MAX_NAME_LEN];
    type_name(tn, t);
    put(p, "    %s: %s (%s, size %zu)\n", role, t->h.name, tn, t->size);
}

static const char *origin(const void *obj)
{
    return ((const GG_header *)obj)->builtin ? "built-in" : "user-defined";
}

static GrB_Info print_type(GG_printer *p, const void *obj, const char *name)
{
    GrB_Type t = (GrB_Type)obj;
    char tn[GxB_MAX_NAME_LEN];
    type_name(tn, t);
    put(p, "  GraphBLAS Type: %s (%s) %s, size %zu\n", label(obj, name), origin(obj), tn, t->size);
    return GrB_SUCCESS;
}

/* The three operator kinds differ only in their arity and signature text. */
static GrB_Info print_operator(GG_printer *p, const char *kind, const void *obj, const char *name,
                               const char *signature, GrB_Type z, GrB_Type x, GrB_Type y)
{
    put(p, "  GraphBLAS %s: %s (%s) z=%s%s\n", kind, label(obj, name), origin(obj),
        ((const GG_header *)obj)->name, signature);
    if (check_type(z, false) != GrB_SUCCESS) return invalid(p, "its output type is not valid");
    if (check_type(x, true) != GrB_SUCCESS || check_type(y, true) != GrB_SUCCESS)
        return invalid(p, "an input type is not valid");
    type_line(p, "ztype", z);
    type_line(p, "xtype", x);
    type_line(p, "ytype", y);
    return GrB_SUCCESS;
}

static GrB_Info print_unaryop(GG_printer *p, const void *obj, const char *name)
{
    GrB_UnaryOp op = (GrB_UnaryOp)obj;
    return print_operator(p, "UnaryOp", obj, name, "(x)", op->ztype, op->xtype, NULL);
}

static GrB_Info print_binaryop(GG_printer *p, const void *obj, const char *name)
{
    GrB_BinaryOp op = (GrB_BinaryOp)obj;
    return print_operator(p, "BinaryOp", obj, name, "(x,y)", op->ztype, op->xtype, op->ytype);
}

static GrB_Info print_indexunaryop(GG_printer *p, const void *obj, const char *name)
{
    GrB_IndexUnaryOp op = (GrB_IndexUnaryOp)obj;
    return print_operator(p, "IndexUnaryOp", obj, name, "(x,i,j,y)", op->ztype, op->xtype,
                          op->ytype);
}

static GrB_Info print_monoid(GG_printer *p, const void *obj, const char *name)
{
    GrB_Monoid m = (GrB_Monoid)obj;
    put(p, "  GraphBLAS Monoid: %s (%s)\n", label(obj, name), origin(obj));
    if (GG_check_object(m->op, GG_KIND_BINARYOP) != GrB_SUCCESS)
        return invalid(p, "its operator is not valid");
    GrB_Info info = print_binaryop(p, m->op, "monoid->op");
    if (info != GrB_SUCCESS) return info;
    if (m->identity == NULL) return invalid(p, "it has no identity");
    put(p, "    identity: ");
    print_value(p, m->op->ztype, m->identity);
    put(p, "\n");
    return GrB_SUCCESS;
}

static GrB_Info print_semiring(GG_printer *p, const void *obj, const char *name)
{
    GrB_Semiring s = (GrB_Semiring)obj;
    put(p, "  GraphBLAS Semiring: %s (%s)\n", label(obj, name), origin(obj));
    if (GG_check_object(s->add, GG_KIND_MONOID) != GrB_SUCCESS)
        return invalid(p, "its additive monoid is not valid");
    if (GG_check_object(s->mul, GG_KIND_BINARYOP) != GrB_SUCCESS)
        return invalid(p, "its multiplicative operator is not valid");
    GrB_Info info = print_monoid(p, s->add, "semiring->add");
    if (info != GrB_SUCCESS) return info;
    return print_binaryop(p, s->mul, "semiring->multiply");
}

static GrB_Info print_descriptor(GG_printer *p, const void *obj, const char *name)
{
    GrB_Descriptor d = (GrB_Descriptor)obj;
    static const char *const mask_names[] = {[GrB_DEFAULT] = "default",
                                             [GrB_COMP] = "complement",
                                             [GrB_STRUCTURE] = "structural",
                                             [GrB_COMP_STRUCTURE] = "structural complement"};
    static const char *const backend_names[] = {[GxG_BACKEND_AUTO] = "auto",
                                                [GxG_BACKEND_CPU] = "cpu",
                                                [GxG_BACKEND_CUDA] = "cuda"};
    put(p, "  GraphBLAS Descriptor: %s (%s)\n", label(obj, name), origin(obj));
    if ((d->outp != GrB_DEFAULT && d->outp != GrB_REPLACE) ||
        (d->inp0 != GrB_DEFAULT && d->inp0 != GrB_TRAN) ||
        (d->inp1 != GrB_DEFAULT && d->inp1 != GrB_TRAN) ||
        (d->mask != GrB_DEFAULT && d->mask != GrB_COMP && d->mask != GrB_STRUCTURE &&
         d->mask != GrB_COMP_STRUCTURE) ||
        !GG_backend_valid(d->backend))
        return invalid(p, "a field holds an unknown value");
    put(p, "    out:     %s\n", d->outp == GrB_REPLACE ? "replace" : "default");
    put(p, "    mask:    %s\n", mask_names[d->mask]);
    put(p, "    in0:     %s\n", d->inp0 == GrB_TRAN ? "transpose" : "default");
    put(p, "    in1:     %s\n", d->inp1 == GrB_TRAN ? "transpose" : "default");
    put(p, "    backend: %s\n", backend_names[d->backend]);
    return GrB_SUCCESS;
}

/* ---- containers ------------------------------------------------------------------------------ */

static void entry_count(GG_printer *p, const char *lbl, GrB_Index n)
{
    if (n == 0)
        put(p, "  %s, no entries\n", lbl);
    else
        put(p, "  %s, %" PRIu64 " entr%s\n", lbl, n, n == 1 ? "y" : "ies");
}

static GrB_Info print_scalar(GG_printer *p, const void *obj, const char *name)
{
    GrB_Scalar s = (GrB_Scalar)obj;
    if (check_type(s->type, false) != GrB_SUCCESS) return invalid(p, "its type is not valid");
    char tn[GxB_MAX_NAME_LEN];
    type_name(tn, s->type);
    put(p, "\n  GraphBLAS %s scalar\n", tn);
    entry_count(p, label(obj, name), s->present ? 1 : 0);
    if (s->present && p->level >= GxB_SHORT) {
        put(p, "\n    ");
        print_value(p, s->type, s->value);
        put(p, "\n");
    }
    return GrB_SUCCESS;
}

/* The header line and entry count of a vector (in `form`) or a matrix with n entries; returns how
 * many entries the level lists. */
static GrB_Index container_head(GG_printer *p, GG_container *c, const char *lbl, bool is_vector,
                                const char *form, GrB_Index n)
{
    char tn[GxB_MAX_NAME_LEN];
    type_name(tn, c->type);
    if (is_vector)
        put(p, "\n  GraphBLAS %s vector of size %" PRIu64 ", %s\n", tn, c->nrows, form);
    else
        put(p, "\n  %" PRIu64 "x%" PRIu64 " GraphBLAS %s matrix, sparse by row\n", c->nrows,
            c->ncols, tn);
    entry_count(p, lbl, n);
    if (p->level < GxB_SHORT) return 0;
    bool all = p->level == GxB_COMPLETE || p->level == GxB_COMPLETE_VERBOSE;
    if (n > 0) put(p, "\n");
    return all || n <= GG_SHORT_ENTRIES ? n : GG_SHORT_ENTRIES;
}

/* One listed entry: (i) for a vector, (i,j) for a matrix, then its value. */
static void container_entry(GG_printer *p, GG_container *c, bool is_vector, GrB_Index i,
                            GrB_Index j, const void *x)
{
    if (is_vector)
        put(p, "    (%" PRIu64 ")   ", i);
    else
        put(p, "    (%" PRIu64 ",%" PRIu64 ")   ", i, j);
    print_value(p, c->type, x);
    put(p, "\n");
}

static GrB_Info print_vector(GG_printer *p, const void *obj, const char *name)
{
    GG_container *c = GG_VEC((GrB_Vector)obj);
    if (check_type(c->type, false) != GrB_SUCCESS) return invalid(p, "its type is not valid");
    const GG_vdata *v;
    GrB_Info info = GG_vec_host(c, &v);
    if (info != GrB_SUCCESS) return info;
    /* the checks cost O(entries) for a sparse vector, O(n) for a bitmap, nothing for a full one */
    uint64_t q = 0, k, pos, count = 0, last = 0;
    if (v->n != c->nrows || (v->form == GG_VF_FULL && v->nvals != v->n))
        return invalid(p, "its content does not match its size");
    while (v->form != GG_VF_FULL && GG_vdata_next(v, &q, &k, &pos)) {
        if (k >= v->n || (count > 0 && k <= last))
            return invalid(p, "its entries are not sorted and unique");
        last = k;
        count++;
    }
    if (v->form != GG_VF_FULL && count != v->nvals)
        return invalid(p, "its entry count is wrong");
    static const char *const forms[] = {"sparse", "bitmap", "full"};
    GrB_Index shown = container_head(p, c, label(obj, name), true, forms[v->form], v->nvals);
    q = 0;
    for (GrB_Index e = 0; e < shown && GG_vdata_next(v, &q, &k, &pos); e++)
        container_entry(p, c, true, k, 0, GG_vdata_val(v, pos));
    if (shown < v->nvals) put(p, "    ...\n");
    return GrB_SUCCESS;
}

static GrB_Info print_matrix(GG_printer *p, const void *obj, const char *name)
{
    GG_container *c = GG_MAT((GrB_Matrix)obj);
    if (check_type(c->type, false) != GrB_SUCCESS) return invalid(p, "its type is not valid");
    const GG_coo *t;
    GrB_Info info = GG_view_coo(c, &t);
    if (info != GrB_SUCCESS) return info;
    for (GrB_Index k = 0; k < t->n; k++) {
        if (t->row[k] >= c->nrows || t->col[k] >= c->ncols)
            return invalid(p, "an entry lies outside the dimensions");
        if (k > 0 && (t->row[k] < t->row[k - 1] ||
                      (t->row[k] == t->row[k - 1] && t->col[k] <= t->col[k - 1])))
            return invalid(p, "its entries are not sorted and unique");
    }
    GrB_Index shown = container_head(p, c, label(obj, name), false, NULL, t->n);
    for (GrB_Index k = 0; k < shown; k++)
        container_entry(p, c, false, t->row[k], t->col[k], (const char *)t->x + k * c->type->size);
    if (shown < t->n) put(p, "    ...\n");
    return GrB_SUCCESS;
}

/* ---- GxB_*_fprint ---------------------------------------------------------------------------- */

typedef GrB_Info (*GG_print_fn)(GG_printer *p, const void *obj, const char *name);

static GrB_Info fprint(const void *obj, GG_kind kind, const char *kname, GG_print_fn body,
                       const char *name, int pr, FILE *f, const char *func)
{
    GG_printer p = {
        .f = f != NULL ? f : stdout,
        .level = pr < 0 ? GxB_SILENT : pr > GxB_COMPLETE_VERBOSE ? GxB_COMPLETE_VERBOSE : pr,
    };
    GrB_Info info = GG_check_object(obj, kind);
    if (info != GrB_SUCCESS) {
        put(&p, "\n  GraphBLAS %s: %s %s\n", kname, name != NULL ? name : "",
            info == GrB_NULL_POINTER ? "NULL" : "invalid or uninitialized object");
        return GG_error(NULL, info, func, "argument 'object' is %s", GG_object_problem(info));
    }
    info = body(&p, obj, name);
    if (info == GrB_SUCCESS && p.level >= GxB_COMPLETE) put(&p, "\n");
    if (info == GrB_SUCCESS && p.failed)
        return GG_error(NULL, GrB_INVALID_VALUE, func, "writing to the file failed");
    if (info == GrB_INVALID_OBJECT)
        return GG_error(NULL, info, func, "argument 'object' is invalid");
    return info;
}

#define GG_PRINT_KINDS(X)                                                                          \
    X(Type, TYPE, print_type)                                                                      \
    X(UnaryOp, UNARYOP, print_unaryop)                                                             \
    X(IndexUnaryOp, INDEXUNARYOP, print_indexunaryop)                                              \
    X(BinaryOp, BINARYOP, print_binaryop)                                                          \
    X(Monoid, MONOID, print_monoid)                                                                \
    X(Semiring, SEMIRING, print_semiring)                                                          \
    X(Scalar, SCALAR, print_scalar)                                                                \
    X(Vector, VECTOR, print_vector)                                                                \
    X(Matrix, MATRIX, print_matrix)                                                                \
    X(Descriptor, DESCRIPTOR, print_descriptor)

#define GG_DEFINE_FPRINT(K, KIND, BODY)                                                            \
    GrB_Info GxB_##K##_fprint(GrB_##K object, const char *name, GxB_Print_Level pr, FILE *f)       \
    {                                                                                              \
        GG_CHECK_INIT();                                                                           \
        return fprint(object, GG_KIND_##KIND, #K, BODY, name, (int)pr, f, __func__);               \
    }
GG_PRINT_KINDS(GG_DEFINE_FPRINT)
#undef GG_DEFINE_FPRINT

/* ---- type queries ---------------------------------------------------------------------------- */

GrB_Info GxB_Matrix_type(GrB_Type *type, const GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(type, NULL, "type");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    *type = GG_MAT(A)->type;
    return GrB_SUCCESS;
}

GrB_Info GxB_Matrix_type_name(char *type_name_out, const GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(type_name_out, NULL, "type_name");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    type_name(type_name_out, GG_MAT(A)->type);
    return GrB_SUCCESS;
}

GrB_Info GxB_Vector_type_name(char *type_name_out, const GrB_Vector v)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(type_name_out, NULL, "type_name");
    GG_CHECK_OBJ(v, GG_KIND_VECTOR, NULL, "v");
    type_name(type_name_out, GG_VEC(v)->type);
    return GrB_SUCCESS;
}

GrB_Info GxB_Scalar_type_name(char *type_name_out, const GrB_Scalar s)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(type_name_out, NULL, "type_name");
    GG_CHECK_OBJ(s, GG_KIND_SCALAR, NULL, "s");
    type_name(type_name_out, s->type);
    return GrB_SUCCESS;
}
