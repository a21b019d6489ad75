/* diff_objects.c: object-method cases (build with dup, setElement/removeElement/extractElement,
 * typecasting extractTuples, dup, resize, diag, import/export and serialize round trips, scalars)
 * and error cases (dimension and domain mismatches, out-of-range indices, NULL arguments, invalid
 * values), each printing the returned GrB_Info and the objects afterwards. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

static dobj *fresh(ctx *c, bool is_vec, bool small_only)
{
    GrB_Index nr = small_only ? dim_small(c) : dim_random(c);
    GrB_Index nc = is_vec ? 1 : small_only ? dim_small(c) : dim_random(c);
    dobj *o = obj_new(c, is_vec, type_random(c), nr, nc);
    obj_fill_random(c, o);
    return o;
}

static void print_index_array(const char *what, const GrB_Index *a, GrB_Index n)
{
    printf("%s", what);
    for (GrB_Index k = 0; k < n; k++) printf(" %" PRIu64, a[k]);
    putchar('\n');
}

/* build from tuples of a random C type (with repeats and a random dup operator, or none) */
static void obj_build(ctx *c)
{
    bool vec = rng_chance(&c->r, 0.3);
    GrB_Index nr = dim_random(c), nc = vec ? 1 : dim_random(c);
    dobj *o = obj_new(c, vec, type_random(c), nr, nc);
    int xt = rng_chance(&c->r, 0.6) ? o->t : type_random(c);
    GrB_Index n = (nr == 0 || nc == 0) ? 0 : rng_below(&c->r, 12);
    GrB_Index *I = ctx_alloc(c, (n + 1) * sizeof *I), *J = ctx_alloc(c, (n + 1) * sizeof *J);
    char *X = ctx_alloc(c, (n + 1) * dt_size[xt]);
    bool repeats = rng_chance(&c->r, 0.5);
    for (GrB_Index k = 0; k < n; k++) {
        if (repeats && k > 0 && rng_chance(&c->r, 0.4)) {
            GrB_Index q = rng_below(&c->r, k);
            I[k] = I[q];
            J[k] = J[q];
        } else {
            I[k] = index_random(c, nr);
            J[k] = index_random(c, nc);
        }
        for (GrB_Index q = 0; !repeats && q < k; q++)
            if (I[q] == I[k] && J[q] == J[k]) n = k; /* stop before an accidental repeat */
        tval x = val_random(c, xt);
        memcpy(X + k * dt_size[xt], &x.v, dt_size[xt]);
    }
    /* No dup with repeats is a known divergence (error case build_repeats), so not done here. */
    const binop_t *dup = repeats || rng_chance(&c->r, 0.75) ? binop_random(c) : NULL;
    printf("obj build %s %s X=%s n=%" PRIu64 " dup=%s\n", obj_name(o), dt_name[o->t], dt_name[xt],
           n, dup ? dup->name : "NULL");
    GrB_Info info = vec ? dt_vec_build(o->v, xt, I, X, n, dup ? dup->op : NULL)
                        : dt_mat_build(o->A, xt, I, J, X, n, dup ? dup->op : NULL);
    info_print("build", info);
    obj_dump("out", o);
    if (n > 0) {
        info = vec ? dt_vec_build(o->v, xt, I, X, n, dup ? dup->op : NULL)
                   : dt_mat_build(o->A, xt, I, J, X, n, dup ? dup->op : NULL);
        info_print("build again", info);
        obj_dump("out", o);
    }
}

static void obj_elements(ctx *c)
{
    dobj *o = fresh(c, rng_chance(&c->r, 0.4), false);
    printf("obj elements %s\n", obj_name(o));
    for (int k = 0; k < 12 && o->nr > 0 && o->nc > 0; k++) {
        GrB_Index i = index_random(c, o->nr), j = index_random(c, o->nc);
        uint64_t what = rng_below(&c->r, 5);
        GrB_Info info;
        if (what == 0) {
            info = o->is_vec ? GrB_Vector_removeElement(o->v, i)
                             : GrB_Matrix_removeElement(o->A, i, j);
            printf("remove %" PRIu64 " %" PRIu64 " info=%d\n", i, j, (int)info);
        } else if (what <= 2) {
            tval x = val_random(c, type_random(c));
            info = o->is_vec ? dt_vec_setElement(o->v, x, i) : dt_mat_setElement(o->A, x, i, j);
            printf("set %" PRIu64 " %" PRIu64 " %s:", i, j, dt_name[x.t]);
            val_print(x.t, &x.v);
            printf(" info=%d\n", (int)info);
        } else if (what == 3) {
            tval x;
            memset(&x, 0, sizeof x);
            x.t = type_random(c);
            info = o->is_vec ? dt_vec_extractElement(&x, o->v, i)
                             : dt_mat_extractElement(&x, o->A, i, j);
            printf("get %" PRIu64 " %" PRIu64 " %s info=%d", i, j, dt_name[x.t], (int)info);
            if (info == GrB_SUCCESS) {
                putchar(' ');
                val_print(x.t, &x.v);
            }
            putchar('\n');
        } else {
            /* the GrB_Scalar forms, with an empty scalar now and then */
            int t = type_random(c);
            GrB_Scalar s = NULL;
            GrB_Scalar_new(&s, dt_type[t]);
            if (rng_chance(&c->r, 0.5)) {
                if (rng_chance(&c->r, 0.8)) dt_scalar_set(s, val_random(c, t));
                info = o->is_vec ? GrB_Vector_setElement_Scalar(o->v, s, i)
                                 : GrB_Matrix_setElement_Scalar(o->A, s, i, j);
                printf("setScalar %" PRIu64 " %" PRIu64 " info=%d\n", i, j, (int)info);
                scalar_dump("with", s, t, false);
            } else {
                info = o->is_vec ? GrB_Vector_extractElement_Scalar(s, o->v, i)
                                 : GrB_Matrix_extractElement_Scalar(s, o->A, i, j);
                printf("getScalar %" PRIu64 " %" PRIu64 " info=%d\n", i, j, (int)info);
                scalar_dump("got", s, t, false);
            }
            GrB_Scalar_free(&s);
        }
    }
    obj_dump("out", o);
}

/* extractTuples into another type, and into arrays one entry too short */
static void obj_tuples(ctx *c)
{
    dobj *o = fresh(c, rng_chance(&c->r, 0.4), false);
    dobj as = *o;
    as.t = type_random(c);
    printf("obj extractTuples %s as %s\n", obj_name(o), dt_name[as.t]);
    obj_dump("cast", &as);
    GrB_Index nv = 0;
    GrB_Info info = o->is_vec ? GrB_Vector_nvals(&nv, o->v) : GrB_Matrix_nvals(&nv, o->A);
    if (info == GrB_SUCCESS && nv > 0) {
        GrB_Index n = nv - 1, *I = ctx_alloc(c, nv * sizeof *I), *J = ctx_alloc(c, nv * sizeof *J);
        void *X = ctx_alloc(c, nv * dt_size[as.t]);
        info = o->is_vec ? dt_vec_extractTuples(I, X, &n, as.t, o->v)
                         : dt_mat_extractTuples(I, J, X, &n, as.t, o->A);
        info_print("short", info);
    }
}

static void obj_dup_resize(ctx *c)
{
    dobj *o = fresh(c, rng_chance(&c->r, 0.4), false);
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Info info = o->is_vec ? GrB_Vector_dup(&v, o->v) : GrB_Matrix_dup(&A, o->A);
    printf("obj dup %s info=%d\n", obj_name(o), (int)info);
    if (info != GrB_SUCCESS) return;
    dobj *d = obj_wrap(c, o->is_vec, o->t, o->nr, o->nc, A, v);
    if (o->nr > 0 && o->nc > 0) {
        tval x = val_random(c, o->t);
        info = o->is_vec ? dt_vec_setElement(o->v, x, 0) : dt_mat_setElement(o->A, x, 0, 0);
        info_print("set original", info);
    }
    GrB_Index nr = dim_random(c), nc = o->is_vec ? 1 : dim_random(c);
    info = d->is_vec ? GrB_Vector_resize(d->v, nr) : GrB_Matrix_resize(d->A, nr, nc);
    printf("resize %s %" PRIu64 "x%" PRIu64 " info=%d\n", obj_name(d), nr, nc, (int)info);
    if (info == GrB_SUCCESS) {
        d->nr = nr;
        d->nc = nc;
    }
    obj_dump("out", o);
    obj_dump("out", d);
}

static void obj_diag(ctx *c)
{
    dobj *v = fresh(c, true, rng_chance(&c->r, 0.8));
    int64_t k = (int64_t)rng_below(&c->r, 9) - 4;
    GrB_Matrix D = NULL;
    GrB_Info info = GrB_Matrix_diag(&D, v->v, k);
    printf("obj diag %s k=%" PRId64 " info=%d\n", obj_name(v), k, (int)info);
    if (info != GrB_SUCCESS) return;
    GrB_Index n = v->nr + (GrB_Index)(k < 0 ? -k : k);
    obj_dump("out", obj_wrap(c, false, v->t, n, n, D, NULL));
}

static const char *format_name(GrB_Format f)
{
    return f == GrB_CSR_FORMAT ? "CSR" : f == GrB_CSC_FORMAT ? "CSC" : "COO";
}

/* Prints exported (or generated) arrays canonically: CSR/CSC as they are, COO sorted. */
static void print_arrays(int t, GrB_Format f, GrB_Index *Ap, GrB_Index *Ai, const char *Ax,
                         GrB_Index np, GrB_Index ni, GrB_Index nx)
{
    printf("arrays %s np=%" PRIu64 " ni=%" PRIu64 " nx=%" PRIu64 "\n", format_name(f), np, ni, nx);
    if (f != GrB_COO_FORMAT) {
        print_index_array("  p", Ap, np);
        print_index_array("  i", Ai, ni);
        printf("  x");
        for (GrB_Index k = 0; k < nx; k++) {
            putchar(' ');
            val_print(t, Ax + k * dt_size[t]);
        }
        putchar('\n');
        return;
    }
    /* COO: Ap holds the column indices, Ai the row indices (GrB_Matrix_import's convention) */
    GrB_Index n = ni < nx ? ni : nx, *ord = malloc((n + 1) * sizeof *ord);
    if (ord == NULL) abort();
    for (GrB_Index k = 0; k < n; k++) ord[k] = k;
    for (GrB_Index a = 1; a < n; a++)
        for (GrB_Index b = a; b > 0; b--) {
            GrB_Index x = ord[b - 1], y = ord[b];
            if (Ai[x] < Ai[y] || (Ai[x] == Ai[y] && Ap[x] <= Ap[y])) break;
            ord[b - 1] = y;
            ord[b] = x;
        }
    for (GrB_Index k = 0; k < n; k++) {
        printf("  %" PRIu64 " %" PRIu64 " ", Ai[ord[k]], Ap[ord[k]]);
        val_print(t, Ax + ord[k] * dt_size[t]);
        putchar('\n');
    }
    free(ord);
}

static void obj_export_import(ctx *c)
{
    dobj *o = fresh(c, false, true);
    GrB_Format f = (GrB_Format)rng_below(&c->r, 3);
    GrB_Index np = 0, ni = 0, nx = 0;
    GrB_Format hint;
    info_print("exportHint", GrB_Matrix_exportHint(&hint, o->A));
    GrB_Info info = GrB_Matrix_exportSize(&np, &ni, &nx, f, o->A);
    printf("obj export %s %s size info=%d\n", obj_name(o), format_name(f), (int)info);
    if (info != GrB_SUCCESS) return;
    GrB_Index *Ap = ctx_alloc(c, (np + 1) * sizeof *Ap), *Ai = ctx_alloc(c, (ni + 1) * sizeof *Ai);
    char *Ax = ctx_alloc(c, (nx + 1) * dt_size[o->t]);
    info = dt_mat_export(Ap, Ai, Ax, &np, &ni, &nx, f, o->t, o->A);
    info_print("export", info);
    if (info != GrB_SUCCESS) return;
    print_arrays(o->t, f, Ap, Ai, Ax, np, ni, nx);
    GrB_Matrix B = NULL;
    info = dt_mat_import(&B, o->t, o->nr, o->nc, Ap, Ai, Ax, np, ni, nx, f);
    info_print("import", info);
    if (info == GrB_SUCCESS) obj_dump("out", obj_wrap(c, false, o->t, o->nr, o->nc, B, NULL));
}

/* import from generated arrays: CSR/CSC with sorted or unsorted indices inside each row or
 * column, COO in any order */
static void obj_import(ctx *c)
{
    int t = type_random(c);
    GrB_Index nr = dim_small(c), nc = dim_small(c);
    GrB_Format f = (GrB_Format)rng_below(&c->r, 3);
    GrB_Index outer = f == GrB_CSC_FORMAT ? nc : nr, inner = f == GrB_CSC_FORMAT ? nr : nc;
    GrB_Index cap = outer * inner + 1, n = 0;
    GrB_Index *Ap = ctx_alloc(c, (cap + outer + 1) * sizeof *Ap),
              *Ai = ctx_alloc(c, cap * sizeof *Ai);
    char *Ax = ctx_alloc(c, cap * dt_size[t]);
    bool jumble = rng_chance(&c->r, 0.25);
    if (f == GrB_COO_FORMAT) {
        for (GrB_Index i = 0; i < nr; i++)
            for (GrB_Index j = 0; j < nc; j++)
                if (rng_chance(&c->r, 0.4)) {
                    Ai[n] = i;
                    Ap[n++] = j;
                }
        for (GrB_Index k = n; k > 1; k--) {
            GrB_Index q = rng_below(&c->r, k), ti = Ai[k - 1], tj = Ap[k - 1];
            Ai[k - 1] = Ai[q];
            Ap[k - 1] = Ap[q];
            Ai[q] = ti;
            Ap[q] = tj;
        }
    } else {
        for (GrB_Index r = 0; r < outer; r++) {
            Ap[r] = n;
            GrB_Index first = n;
            for (GrB_Index q = 0; q < inner; q++)
                if (rng_chance(&c->r, 0.4)) Ai[n++] = q;
            if (jumble && n - first > 1) {
                GrB_Index tmp = Ai[first];
                Ai[first] = Ai[n - 1];
                Ai[n - 1] = tmp;
            }
        }
        Ap[outer] = n;
    }
    for (GrB_Index k = 0; k < n; k++) {
        tval x = val_random(c, t);
        memcpy(Ax + k * dt_size[t], &x.v, dt_size[t]);
    }
    GrB_Index np = f == GrB_COO_FORMAT ? n : outer + 1;
    printf("obj import %s %s %" PRIu64 "x%" PRIu64 " jumbled=%d\n", dt_name[t], format_name(f), nr,
           nc, (int)jumble);
    print_arrays(t, f, Ap, Ai, Ax, np, n, n);
    GrB_Matrix B = NULL;
    GrB_Info info = dt_mat_import(&B, t, nr, nc, Ap, Ai, Ax, np, n, n, f);
    info_print("import", info);
    if (info == GrB_SUCCESS) obj_dump("out", obj_wrap(c, false, t, nr, nc, B, NULL));
}

static void obj_serialize(ctx *c)
{
    dobj *o = fresh(c, false, false);
    GrB_Index size = 0;
    GrB_Info info = GrB_Matrix_serializeSize(&size, o->A);
    printf("obj serialize %s info=%d\n", obj_name(o), (int)info);
    if (info != GrB_SUCCESS) return;
    /* slack: SuiteSparse 7.4's deserializer reads 8 bytes past the blob it wrote */
    void *blob = ctx_alloc(c, size + 64);
    info = GrB_Matrix_serialize(blob, &size, o->A);
    info_print("serialize", info);
    if (info != GrB_SUCCESS) return;
    GrB_Matrix B = NULL;
    info = GrB_Matrix_deserialize(&B, dt_type[o->t], blob, size);
    info_print("deserialize", info);
    if (info == GrB_SUCCESS) obj_dump("out", obj_wrap(c, false, o->t, o->nr, o->nc, B, NULL));
}

static void obj_scalar(ctx *c)
{
    int t = type_random(c);
    GrB_Scalar s = NULL, d = NULL;
    GrB_Info info = GrB_Scalar_new(&s, dt_type[t]);
    printf("obj scalar %s info=%d\n", dt_name[t], (int)info);
    scalar_dump("new", s, t, false);
    tval x = val_random(c, type_random(c));
    info = dt_scalar_set(s, x);
    printf("set %s:", dt_name[x.t]);
    val_print(x.t, &x.v);
    printf(" info=%d\n", (int)info);
    for (int k = 0; k < 3; k++) {
        int as = type_random(c);
        scalar_dump("get", s, as, false);
    }
    info_print("dup", GrB_Scalar_dup(&d, s));
    info_print("clear", GrB_Scalar_clear(s));
    scalar_dump("cleared", s, t, false);
    scalar_dump("copy", d, type_random(c), false);
    GrB_Scalar_free(&s);
    GrB_Scalar_free(&d);
}

void case_object(ctx *c)
{
    c->reuse = 0.0;
    switch (rng_below(&c->r, 9)) {
    case 0:
        obj_build(c);
        break;
    case 1:
        obj_elements(c);
        break;
    case 2:
        obj_tuples(c);
        break;
    case 3:
        obj_dup_resize(c);
        break;
    case 4:
        obj_diag(c);
        break;
    case 5:
        obj_export_import(c);
        break;
    case 6:
        obj_import(c);
        break;
    case 7:
        obj_serialize(c);
        break;
    default:
        obj_scalar(c);
        break;
    }
}

/* ---- error cases ----------------------------------------------------------------------------- */

typedef struct {
    double a;
    int32_t b;
} udt_t;

/* a dimension different from d */
static GrB_Index other_dim(ctx *c, GrB_Index d)
{
    GrB_Index e = dim_small(c);
    return e == d ? d + 1 + rng_below(&c->r, 3) : e;
}

static GrB_Index *bad_list(ctx *c, GrB_Index dim, GrB_Index *n)
{
    *n = 1 + rng_below(&c->r, 4);
    GrB_Index *I = ctx_alloc(c, *n * sizeof *I);
    for (GrB_Index k = 0; k < *n; k++) I[k] = dim > 0 ? index_random(c, dim) : 0;
    I[rng_below(&c->r, *n)] = dim + rng_below(&c->r, 3);
    return I;
}

void case_error(ctx *c)
{
    c->reuse = 0.0;
    GrB_Type U = NULL;
    GrB_Type_new(&U, sizeof(udt_t));
    GrB_Matrix Um = NULL;
    GrB_Matrix_new(&Um, U, 3, 3);
    udt_t uval = {1.5, 7};
    GrB_Matrix_setElement_UDT(Um, &uval, 1, 1);
    GrB_Index m = dim_small(c), n = dim_small(c), k = dim_small(c), ni, nj;
    const semiring_t *sr = semiring_random(c);
    const binop_t *acc = accum_random(c);
    GrB_BinaryOp accop = acc ? acc->op : NULL;
    dobj *C, *A, *B, *M, *w, *u;
    GrB_Index *I;
    /* case names, in the order of the switch below (compare.py's KNOWN list refers to them) */
    static const char *const names[] = {
        "mxm_inner",
        "mxm_shape",
        "mxv_length",
        "ewise_shape",
        "vector_extract_index",
        "matrix_extract_index",
        "vector_assign_index",
        "matrix_assign_shape",
        "row_col_assign",
        "element_index",
        "build_not_empty",
        "udt_operands",
        "udt_reduce_assign",
        "null_arguments",
        "descriptor_values",
        "transpose_kron_reduce_shape",
        "export_short",
        "import_inconsistent",
        "dimension_limit",
        "serialize_short",
        "select_apply_shape",
        "scalar_empty",
        "reduce_nonmonoid_binop",
        "diag_null",
        "extract_all_count",
        "kronecker_shape",
        "udt_vectors",
        "extract_tuples_short",
        "wait_bad_mode",
        "alias_shape",
        "build_out_of_range",
        "build_repeats",
        "udt_ignored_operand",
        "mask_all_false_shape",
        "resize_beyond_max",
    };
    uint64_t which = rng_below(&c->r, sizeof names / sizeof names[0]);
    printf("err %s accum=%s semiring=%s\n", names[which], acc ? acc->name : "NULL", sr->name);
    switch (which) {
    case 0: /* mxm: inner dimensions differ */
        C = get_mat(c, m, n);
        A = get_mat(c, m, k);
        B = get_mat(c, other_dim(c, k), n);
        info_print("mxm inner", GrB_mxm(C->A, NULL, accop, sr->op, A->A, B->A, NULL));
        obj_dump("out", C);
        break;
    case 1: /* mxm: C or mask of the wrong shape */
        C = get_mat(c, m, other_dim(c, n));
        A = get_mat(c, m, k);
        B = get_mat(c, k, n);
        info_print("mxm C", GrB_mxm(C->A, NULL, accop, sr->op, A->A, B->A, NULL));
        obj_dump("out", C);
        C = get_mat(c, m, n);
        M = get_mat(c, other_dim(c, m), n);
        GrB_Matrix_setElement_BOOL(M->A, true, 0, 0); /* see mask_all_false_shape */
        info_print("mxm M", GrB_mxm(C->A, M->A, accop, sr->op, A->A, B->A, NULL));
        obj_dump("out", C);
        break;
    case 2: /* mxv and vxm lengths */
        w = get_vec(c, m);
        A = get_mat(c, m, k);
        u = get_vec(c, other_dim(c, k));
        info_print("mxv", GrB_mxv(w->v, NULL, accop, sr->op, A->A, u->v, NULL));
        info_print("vxm", GrB_vxm(w->v, NULL, accop, sr->op, u->v, A->A, GrB_DESC_T1));
        obj_dump("out", w);
        break;
    case 3: /* eWise shapes */
        C = get_mat(c, m, n);
        A = get_mat(c, m, n);
        B = get_mat(c, other_dim(c, m), n);
        info_print("eWiseAdd", GrB_Matrix_eWiseAdd_BinaryOp(C->A, NULL, accop, GrB_PLUS_FP64, A->A,
                                                            B->A, NULL));
        info_print("eWiseMult", GrB_Matrix_eWiseMult_BinaryOp(C->A, NULL, accop, GrB_TIMES_INT32,
                                                              A->A, B->A, GrB_DESC_T1));
        w = get_vec(c, m);
        u = get_vec(c, other_dim(c, m));
        info_print("eWiseAdd V", GrB_Vector_eWiseAdd_Monoid(w->v, NULL, accop, GrB_MIN_MONOID_INT16,
                                                            w->v, u->v, NULL));
        obj_dump("out", C);
        obj_dump("out", w);
        break;
    case 4: /* extract: index out of range, output of the wrong size */
        u = get_vec(c, m);
        I = bad_list(c, m, &ni);
        w = get_vec(c, ni);
        info_print("Vector_extract I", GrB_Vector_extract(w->v, NULL, accop, u->v, I, ni, NULL));
        obj_dump("out", w);
        w = get_vec(c, other_dim(c, m));
        info_print("Vector_extract size",
                   GrB_Vector_extract(w->v, NULL, accop, u->v, GrB_ALL, m, NULL));
        obj_dump("out", w);
        break;
    case 5:
        A = get_mat(c, m, n);
        I = bad_list(c, n, &nj);
        C = get_mat(c, m, nj);
        info_print("Matrix_extract J",
                   GrB_Matrix_extract(C->A, NULL, accop, A->A, GrB_ALL, m, I, nj, NULL));
        obj_dump("out", C);
        w = get_vec(c, m);
        info_print("Col_extract j", GrB_Col_extract(w->v, NULL, accop, A->A, GrB_ALL, m,
                                                    n + rng_below(&c->r, 3), NULL));
        obj_dump("out", w);
        break;
    case 6: /* assign: index out of range, input of the wrong shape */
        w = get_vec(c, m);
        I = bad_list(c, m, &ni);
        u = get_vec(c, ni);
        info_print("Vector_assign I", GrB_Vector_assign(w->v, NULL, accop, u->v, I, ni, NULL));
        info_print("Vector_assign_INT32 I",
                   GrB_Vector_assign_INT32(w->v, NULL, accop, 3, I, ni, NULL));
        obj_dump("out", w);
        break;
    case 7:
        C = get_mat(c, m, n);
        A = get_mat(c, other_dim(c, m), n);
        info_print("Matrix_assign shape",
                   GrB_Matrix_assign(C->A, NULL, accop, A->A, GrB_ALL, m, GrB_ALL, n, NULL));
        I = bad_list(c, n, &nj);
        info_print("Matrix_assign_FP64 J",
                   GrB_Matrix_assign_FP64(C->A, NULL, accop, 2.5, GrB_ALL, m, I, nj, NULL));
        obj_dump("out", C);
        break;
    case 8:
        C = get_mat(c, m, n);
        u = get_vec(c, n);
        info_print("Row_assign i", GrB_Row_assign(C->A, NULL, accop, u->v, m + rng_below(&c->r, 2),
                                                  GrB_ALL, n, NULL));
        u = get_vec(c, m);
        M = get_vec(c, other_dim(c, m));
        info_print("Col_assign mask", GrB_Col_assign(C->A, M->v, accop, u->v, GrB_ALL, m, 0, NULL));
        obj_dump("out", C);
        break;
    case 9: /* element access out of range */
        C = fresh(c, false, true);
        info_print("setElement", GrB_Matrix_setElement_INT32(C->A, 1, C->nr + rng_below(&c->r, 2),
                                                             rng_below(&c->r, C->nc + 1)));
        info_print("removeElement", GrB_Matrix_removeElement(C->A, 0, C->nc));
        {
            double x = 0;
            info_print("extractElement", GrB_Matrix_extractElement_FP64(&x, C->A, C->nr, 0));
        }
        w = fresh(c, true, true);
        info_print("Vector_setElement", GrB_Vector_setElement_BOOL(w->v, true, w->nr));
        obj_dump("out", C);
        obj_dump("out", w);
        break;
    case 10: /* build into a matrix that is not empty */
        C = get_mat(c, m + 1, n + 1);
        {
            GrB_Index ri[2] = {0, 0}, rj[2] = {n, n};
            int64_t rx[2] = {4, 5};
            GrB_Matrix_clear(C->A);
            info_print("build ok", GrB_Matrix_build_INT64(C->A, ri, rj, rx, 2, GrB_MINUS_INT64));
            info_print("build full", GrB_Matrix_build_INT64(C->A, ri, rj, rx, 1, NULL));
            obj_dump("out", C);
        }
        break;
    case 11: /* domains: user-defined type where a built-in one is needed */
        C = get_mat(c, 3, 3);
        A = get_mat(c, 3, 3);
        info_print("mxm UDT A",
                   GrB_mxm(C->A, NULL, accop, GrB_PLUS_TIMES_SEMIRING_FP64, Um, A->A, NULL));
        info_print("mxm UDT mask",
                   GrB_mxm(C->A, Um, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A->A, A->A, NULL));
        info_print("transpose to UDT", GrB_transpose(Um, NULL, NULL, A->A, NULL));
        info_print("apply UDT", GrB_Matrix_apply(C->A, NULL, accop, GrB_AINV_FP32, Um, NULL));
        info_print("select UDT",
                   GrB_Matrix_select_INT32(C->A, NULL, NULL, GrB_VALUEEQ_INT32, Um, 1, NULL));
        obj_dump("out", C);
        break;
    case 12:
        C = get_mat(c, 3, 3);
        w = get_vec(c, 3);
        {
            double x = 0;
            info_print("reduce UDT",
                       GrB_Matrix_reduce_FP64(&x, NULL, GrB_PLUS_MONOID_FP64, Um, NULL));
            info_print("reduce vector UDT",
                       GrB_Matrix_reduce_Monoid(w->v, NULL, NULL, GrB_MAX_MONOID_INT8, Um, NULL));
            info_print("eWiseAdd UDT", GrB_Matrix_eWiseAdd_BinaryOp(C->A, NULL, NULL, GrB_PLUS_INT8,
                                                                    Um, C->A, NULL));
            info_print("accum to UDT", GrB_Matrix_assign(Um, NULL, GrB_PLUS_FP64, C->A, GrB_ALL, 3,
                                                         GrB_ALL, 3, NULL));
            udt_t out;
            info_print("extract UDT as FP64", GrB_Matrix_extractElement_FP64(&x, Um, 1, 1));
            info_print("extract UDT", GrB_Matrix_extractElement_UDT(&out, Um, 1, 1));
            printf("udt %g %d\n", out.a, (int)out.b);
        }
        obj_dump("out", C);
        obj_dump("out", w);
        break;
    case 13: /* NULL arguments */
        C = get_mat(c, m, n);
        A = get_mat(c, m, n);
        info_print("mxm NULL C", GrB_mxm(NULL, NULL, NULL, sr->op, A->A, A->A, NULL));
        info_print("mxm NULL semiring", GrB_mxm(C->A, NULL, NULL, NULL, A->A, A->A, NULL));
        info_print("mxm NULL A", GrB_mxm(C->A, NULL, NULL, sr->op, NULL, A->A, NULL));
        info_print("apply NULL op", GrB_Matrix_apply(C->A, NULL, NULL, NULL, A->A, NULL));
        info_print("extract NULL I",
                   GrB_Matrix_extract(C->A, NULL, NULL, A->A, NULL, m, GrB_ALL, n, NULL));
        info_print("nvals NULL", GrB_Matrix_nvals(NULL, A->A));
        info_print("extractElement NULL", GrB_Matrix_extractElement_INT8(NULL, A->A, 0, 0));
        info_print("new NULL", GrB_Matrix_new(NULL, GrB_INT8, 2, 2));
        {
            GrB_Matrix X = NULL;
            info_print("new NULL type", GrB_Matrix_new(&X, NULL, 2, 2));
            printf("handle %s\n", X == NULL ? "NULL" : "set");
        }
        obj_dump("out", C);
        break;
    case 14: /* invalid descriptor settings and values */
    {
        GrB_Descriptor d = NULL;
        GrB_Descriptor_new(&d);
        info_print("OUTP TRAN", GrB_Descriptor_set(d, GrB_OUTP, GrB_TRAN));
        info_print("INP0 COMP", GrB_Descriptor_set(d, GrB_INP0, GrB_COMP));
        info_print("MASK REPLACE", GrB_Descriptor_set(d, GrB_MASK, GrB_REPLACE));
        info_print("field 42", GrB_Descriptor_set(d, (GrB_Desc_Field)42, GrB_TRAN));
        info_print("INP1 TRAN", GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN));
        C = get_mat(c, m, n);
        A = get_mat(c, m, k);
        B = get_mat(c, n, k);
        info_print("mxm with it", GrB_mxm(C->A, NULL, accop, sr->op, A->A, B->A, d));
        obj_dump("out", C);
        GrB_Descriptor_free(&d);
    } break;
    case 15: /* transpose, kronecker and reduce shapes */
        C = get_mat(c, m, n);
        A = get_mat(c, n, other_dim(c, m));
        info_print("transpose", GrB_transpose(C->A, NULL, accop, A->A, NULL));
        A = get_mat(c, 2, 2);
        info_print("kronecker", GrB_Matrix_kronecker_BinaryOp(C->A, NULL, accop, GrB_TIMES_FP64,
                                                              A->A, A->A, NULL));
        w = get_vec(c, other_dim(c, m));
        info_print("reduce",
                   GrB_Matrix_reduce_Monoid(w->v, NULL, accop, GrB_PLUS_MONOID_INT32, C->A, NULL));
        obj_dump("out", C);
        obj_dump("out", w);
        break;
    case 16: /* extractTuples and export into arrays that are too short, wrong-typed export */
        C = fresh(c, false, true);
        {
            GrB_Index nv = 0, np = 0, nix = 0, nx = 0;
            GrB_Matrix_nvals(&nv, C->A);
            GrB_Index *Ap = ctx_alloc(c, (C->nr + C->nc + nv + 2) * sizeof *Ap);
            GrB_Index *Ai = ctx_alloc(c, (nv + 1) * sizeof *Ai);
            double *Ax = ctx_alloc(c, (nv + 1) * sizeof *Ax);
            info_print("exportSize", GrB_Matrix_exportSize(&np, &nix, &nx, GrB_CSR_FORMAT, C->A));
            int wrong = C->t == DT_FP64 ? DT_INT8 : DT_FP64;
            np = C->nr + 1;
            nix = nx = nv;
            info_print("export wrong type",
                       dt_mat_export(Ap, Ai, Ax, &np, &nix, &nx, GrB_CSR_FORMAT, wrong, C->A));
            if (nv > 0) {
                np = C->nr + 1;
                nix = nx = nv - 1;
                info_print("export short",
                           dt_mat_export(Ap, Ai, Ax, &np, &nix, &nx, GrB_CSR_FORMAT, C->t, C->A));
            }
            info_print("exportSize bad format",
                       GrB_Matrix_exportSize(&np, &nix, &nx, (GrB_Format)7, C->A));
        }
        obj_dump("out", C);
        break;
    case 17: /* import of inconsistent arrays */
    {
        GrB_Index p[4] = {0, 2, 1, 3}, i[3] = {0, 1, 0};
        int16_t x[3] = {1, 2, 3};
        GrB_Matrix X = NULL;
        info_print("import decreasing p",
                   GrB_Matrix_import_INT16(&X, GrB_INT16, 3, 2, p, i, x, 4, 3, 3, GrB_CSR_FORMAT));
        printf("handle %s\n", X == NULL ? "NULL" : "set");
        GrB_Index q[4] = {0, 1, 2, 3}, r[3] = {0, 5, 1};
        info_print("import index range",
                   GrB_Matrix_import_INT16(&X, GrB_INT16, 3, 2, q, r, x, 4, 3, 3, GrB_CSR_FORMAT));
        printf("handle %s\n", X == NULL ? "NULL" : "set");
        info_print("import wrong type",
                   GrB_Matrix_import_INT16(&X, GrB_FP32, 3, 2, q, i, x, 4, 3, 3, GrB_CSR_FORMAT));
        printf("handle %s\n", X == NULL ? "NULL" : "set");
        GrB_Matrix_free(&X);
    } break;
    case 18: /* dimensions beyond the limit */
    {
        GrB_Matrix X = NULL;
        GrB_Vector v = NULL;
        info_print("Matrix_new huge", GrB_Matrix_new(&X, GrB_BOOL, GrB_INDEX_MAX + 2, 2));
        info_print("Vector_new huge", GrB_Vector_new(&v, GrB_BOOL, GrB_INDEX_MAX + 2));
        info_print("Matrix_new max", GrB_Matrix_new(&X, GrB_BOOL, GrB_INDEX_MAX + 1, 1));
        if (X != NULL) {
            info_print("setElement max", GrB_Matrix_setElement_BOOL(X, true, GrB_INDEX_MAX, 0));
            obj_dump("out", obj_wrap(c, false, DT_BOOL, GrB_INDEX_MAX + 1, 1, X, NULL));
        }
    } break;
    case 19: /* serialize into a short buffer; deserialize a truncated blob or to another type */
        C = fresh(c, false, true);
        {
            GrB_Index size = 0;
            GrB_Matrix_serializeSize(&size, C->A);
            char *blob = ctx_alloc(c, size + 64);
            GrB_Index small = 4;
            info_print("serialize short", GrB_Matrix_serialize(blob, &small, C->A));
            info_print("serialize", GrB_Matrix_serialize(blob, &size, C->A));
            GrB_Matrix X = NULL;
            info_print("deserialize other type",
                       GrB_Matrix_deserialize(&X, dt_type[(C->t + 1) % DT_N], blob, size));
            GrB_Matrix_free(&X);
            info_print("deserialize UDT", GrB_Matrix_deserialize(&X, U, blob, size));
            GrB_Matrix_free(&X);
        }
        obj_dump("out", C);
        break;
    case 20: /* select and apply with an index op on wrong shapes; bound scalar that is empty */
        C = get_mat(c, m, n);
        A = get_mat(c, n + 1, m);
        info_print("select shape",
                   GrB_Matrix_select_INT64(C->A, NULL, accop, GrB_TRIL, A->A, 0, NULL));
        A = get_mat(c, m, n);
        {
            GrB_Scalar s = NULL;
            GrB_Scalar_new(&s, GrB_INT64);
            info_print("select empty thunk",
                       GrB_Matrix_select_Scalar(C->A, NULL, accop, GrB_TRIU, A->A, s, NULL));
            info_print("apply empty scalar", GrB_Matrix_apply_BinaryOp2nd_Scalar(
                                                 C->A, NULL, accop, GrB_PLUS_INT64, A->A, s, NULL));
            GrB_Scalar_free(&s);
        }
        obj_dump("out", C);
        break;
    case 21: /* Scalar: extract from empty, NULL value pointer */
    {
        GrB_Scalar s = NULL;
        GrB_Scalar_new(&s, GrB_UINT16);
        uint16_t x = 77;
        info_print("empty", GrB_Scalar_extractElement_UINT16(&x, s));
        printf("value %u\n", (unsigned)x);
        info_print("NULL", GrB_Scalar_extractElement_UINT16(NULL, s));
        info_print("nvals NULL", GrB_Scalar_nvals(NULL, s));
        GrB_Scalar_free(&s);
    } break;
    case 22: /* reduce to scalar with a non-monoid binary operator */
        u = fresh(c, true, true);
        {
            GrB_Scalar s = NULL;
            GrB_Scalar_new(&s, GrB_FP64);
            info_print("reduce MINUS",
                       GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, GrB_MINUS_FP64, u->v, NULL));
            info_print("reduce DIV",
                       GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, GrB_DIV_INT32, u->v, NULL));
            info_print("reduce FIRST",
                       GrB_Vector_reduce_BinaryOp_Scalar(s, NULL, GrB_FIRST_INT32, u->v, NULL));
            scalar_dump("out", s, DT_FP64, false);
            GrB_Scalar_free(&s);
            A = get_mat(c, m, n);
            w = get_vec(c, m);
            info_print("reduce vector BAND_INT32",
                       GrB_Matrix_reduce_BinaryOp(w->v, NULL, NULL, GrB_BAND_INT32, A->A, NULL));
            obj_dump("out", w);
        }
        break;
    case 23: /* Matrix_diag of a NULL vector / NULL output */
        u = fresh(c, true, true);
        {
            GrB_Matrix X = NULL;
            info_print("diag NULL v", GrB_Matrix_diag(&X, NULL, 0));
            info_print("diag NULL C", GrB_Matrix_diag(NULL, u->v, 1));
        }
        break;
    case 24: /* extract with GrB_ALL and the wrong count, assign with a too-short list */
        A = get_mat(c, m, n);
        C = get_mat(c, m, n);
        info_print("extract ALL count",
                   GrB_Matrix_extract(C->A, NULL, accop, A->A, GrB_ALL, m + 1, GrB_ALL, n, NULL));
        obj_dump("out", C);
        break;
    case 25: /* kronecker shapes with transposes */
        A = get_mat(c, m, k);
        B = get_mat(c, k, n);
        C = get_mat(c, m * k, k * n + 1);
        info_print("kronecker T", GrB_Matrix_kronecker_Semiring(C->A, NULL, accop, sr->op, A->A,
                                                                B->A, GrB_DESC_T0));
        obj_dump("out", C);
        break;
    case 26: /* vectors of a user type through the write-back */
        w = get_vec(c, 3);
        {
            GrB_Vector uv = NULL;
            GrB_Vector_new(&uv, U, 3);
            info_print("Vector_assign UDT mask",
                       GrB_Vector_assign(w->v, uv, NULL, w->v, GrB_ALL, 3, NULL));
            info_print("Vector_apply UDT",
                       GrB_Vector_apply(w->v, NULL, NULL, GrB_IDENTITY_INT8, uv, NULL));
            GrB_Vector_free(&uv);
        }
        obj_dump("out", w);
        break;
    case 27: /* extractTuples into too short arrays */
        C = fresh(c, false, true);
        {
            GrB_Index nv = 0;
            GrB_Matrix_nvals(&nv, C->A);
            GrB_Index *I2 = ctx_alloc(c, (nv + 1) * sizeof *I2),
                      *J2 = ctx_alloc(c, (nv + 1) * sizeof *J2);
            double *X2 = ctx_alloc(c, (nv + 1) * sizeof *X2);
            GrB_Index n2 = nv > 0 ? nv - 1 : 0;
            info_print("extractTuples short", GrB_Matrix_extractTuples_FP64(I2, J2, X2, &n2, C->A));
            if (nv == 0) printf("n %" PRIu64 "\n", n2);
        }
        obj_dump("out", C);
        break;
    case 28: /* wait with an invalid mode */
        C = fresh(c, false, true);
        info_print("wait bad mode", GrB_Matrix_wait(C->A, (GrB_WaitMode)5));
        obj_dump("out", C);
        break;
    case 29: /* operations with the output aliased to an input of the wrong shape */
        A = get_mat(c, m, n + 1);
        info_print("mxm alias", GrB_mxm(A->A, NULL, accop, sr->op, A->A, A->A, NULL));
        info_print("transpose alias", GrB_transpose(A->A, NULL, accop, A->A, NULL));
        obj_dump("out", A);
        break;
    case 30: /* build with an out-of-range index */
        C = get_mat(c, m + 1, n + 1);
        {
            GrB_Index bi[3] = {0, m, m + 1}, bj[3] = {0, n, 0};
            double bx[3] = {1, 2, 3};
            info_print("build range", GrB_Matrix_build_FP64(C->A, bi, bj, bx, 3, GrB_PLUS_FP64));
            obj_dump("out", C);
        }
        break;
    case 31: /* build with repeated indices and no dup operator */
        C = get_mat(c, m + 1, n + 1);
        {
            GrB_Index ri[2] = {0, 0}, rj[2] = {n, n};
            int64_t rx[2] = {4, 5};
            info_print("build repeats", GrB_Matrix_build_INT64(C->A, ri, rj, rx, 2, NULL));
            obj_dump("out", C);
        }
        break;
    case 32: /* a user-typed operand that the multiplicative operator (FIRST, SECOND) ignores */
        C = get_mat(c, 3, 3);
        A = get_mat(c, 3, 3);
        info_print("mxm MIN_SECOND UDT A",
                   GrB_mxm(C->A, NULL, NULL, GrB_MIN_SECOND_SEMIRING_FP64, Um, A->A, NULL));
        info_print("mxm MAX_FIRST UDT B",
                   GrB_mxm(C->A, NULL, NULL, GrB_MAX_FIRST_SEMIRING_INT32, A->A, Um, NULL));
        obj_dump("out", C);
        break;
    case 33: /* a mask of the wrong shape whose values are all false */
        C = get_mat(c, m, n);
        A = get_mat(c, m, k);
        B = get_mat(c, k, n);
        M = obj_new(c, false, DT_BOOL, other_dim(c, m), n);
        GrB_Matrix_setElement_BOOL(M->A, false, 0, 0);
        info_print("mxm M", GrB_mxm(C->A, M->A, accop, sr->op, A->A, B->A, NULL));
        obj_dump("out", C);
        break;
    default: /* resize beyond GrB_INDEX_MAX + 1 */
        C = fresh(c, false, true);
        info_print("resize huge", GrB_Matrix_resize(C->A, GrB_INDEX_MAX + 2, 1));
        obj_dump("out", C);
        break;
    }
    GrB_Matrix_free(&Um);
    GrB_Type_free(&U);
}
