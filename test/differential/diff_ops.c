/* diff_ops.c: random GraphBLAS operations on the case's pool, and the two case families built from
 * them: a single operation on fresh operands (some of them aliased), and a sequence of operations
 * on a small pool of same-shaped objects, where outputs feed later inputs and aliasing is common.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "diff.h"

#define MAT(o) ((o) != NULL ? (o)->A : NULL)
#define VEC(o) ((o) != NULL ? (o)->v : NULL)
#define OPNAME(x) ((x) != NULL ? (x)->name : "NULL")
#define OPH(x) ((x) != NULL ? (x)->op : NULL)

/* The write-back side of an operation: C<M> accum= T with a descriptor. */
typedef struct {
    dobj *C, *M;
    const binop_t *acc;
    GrB_Descriptor d;
    int bits;
} wb_t;

static void wb_pick(ctx *c, wb_t *w, bool vec, GrB_Index nr, GrB_Index nc, int allowed)
{
    w->d = desc_random(c, allowed, &w->bits);
    w->C = vec ? get_out_vec(c, nr) : get_out_mat(c, nr, nc);
    w->M = vec ? get_mask_vec(c, nr) : get_mask_mat(c, nr, nc);
    w->acc = accum_random(c);
}

static void wb_print(const wb_t *w)
{
    printf(" C=%s M=%s accum=%s", obj_name(w->C), obj_name(w->M), OPNAME(w->acc));
    desc_print(w->bits);
    /* SuiteSparse 7.4 reads a -0.0 in a floating-point value mask as true in some kernels (its
     * bytes are not zero) and as false in others (Doc/testing.md): marked, a known divergence */
    if (w->M != NULL && !(w->bits & D_S) && obj_has_negzero(w->M)) printf(" mask_negzero");
}

/* Prints the result; `fuzzy` says whether T's floating-point values depend on the order of a
 * reduction (or on inputs that did). */
static void wb_finish(const char *what, GrB_Info info, dobj *C, bool fuzzy)
{
    C->fuzzy = C->fuzzy || fuzzy;
    info_print(what, info);
    obj_dump("out", C);
    /* SuiteSparse 7.4.0 can leave an output it failed to write holding a block that a later
     * operation frees twice (seen after an apply with an empty GrB_Scalar): such an output is
     * still dumped, but no later operation of the case uses it. */
    if (info < 0) C->retired = true;
}

static bool fuzzy_kind(int t, int kind)
{
    return kind != K_OTHER && dt_is_float(t);
}

#define FZ(o) ((o) != NULL && (o)->fuzzy)

/* A thunk or bound scalar: a C value of a random type, or a GrB_Scalar (sometimes empty). */
typedef struct {
    bool as_scalar;
    tval x;
    GrB_Scalar s;
} bound_t;

static void bound_pick(ctx *c, bound_t *b, int pref_t)
{
    int t = pref_t >= 0 && rng_chance(&c->r, 0.6) ? pref_t : type_random(c);
    b->x = val_random(c, t);
    b->as_scalar = rng_chance(&c->r, 0.35);
    b->s = NULL;
    if (b->as_scalar) {
        GrB_Scalar_new(&b->s, dt_type[t]);
        if (!rng_chance(&c->r, 0.05)) dt_scalar_set(b->s, b->x);
    }
}

/* A thunk of a wider type for a select by an INT32 index-value operator (ROWINDEX, COLINDEX,
 * DIAGINDEX): m * 2^32 - d (m = -1, 1 or 2, d < 5) is -d in int32, so i + y, j + y or j - (i + y)
 * wraps to 0 at a small index, where the 64-bit value that SuiteSparse tests is not 0
 * (Doc/decisions.md, "select with INT32 index operators"). */
static void bound_wide(ctx *c, bound_t *b)
{
    static const int64_t m[] = {-1, 1, 2};
    static const int wide[] = {DT_INT64, DT_UINT64, DT_FP64};
    int64_t v = m[rng_below(&c->r, 3)] * ((int64_t)1 << 32) - (int64_t)rng_below(&c->r, 5);
    int t = wide[rng_below(&c->r, 3)];
    b->x = (tval){.t = t};
    if (t == DT_INT64) b->x.v.v_INT64 = v;
    if (t == DT_UINT64) b->x.v.v_UINT64 = (uint64_t)v;
    if (t == DT_FP64) b->x.v.v_FP64 = (double)v;
    if (b->as_scalar) {
        GrB_Scalar_free(&b->s);
        GrB_Scalar_new(&b->s, dt_type[t]);
        dt_scalar_set(b->s, b->x);
    }
}

static void bound_print(const char *what, const bound_t *b)
{
    printf(" %s=%s%s:", what, b->as_scalar ? "Scalar/" : "", dt_name[b->x.t]);
    GrB_Index nv = 1;
    if (b->as_scalar) GrB_Scalar_nvals(&nv, b->s);
    if (nv == 0)
        printf("empty");
    else
        val_print(b->x.t, &b->x.v);
}

static void bound_free(bound_t *b)
{
    if (b->s != NULL) GrB_Scalar_free(&b->s);
}

/* ---- mxm, mxv, vxm --------------------------------------------------------------------------- */

/* With `forced`, the product's engine is named by GxB_AxB_METHOD, which both libraries honour:
 * the masked dot product (where a mask that is not complemented allows it) or Gustavson. */
static void op_mxm(ctx *c, bool forced)
{
    c->exact = true;
    const semiring_t *sr = semiring_random(c);
    GrB_Index m = dim_random(c), k = dim_random(c), n = dim_random(c);
    wb_t w;
    wb_pick(c, &w, false, m, n, D_R | D_S | D_C | D_T0 | D_T1);
    dobj *A = w.bits & D_T0 ? get_mat(c, k, m) : get_mat(c, m, k);
    dobj *B = w.bits & D_T1 ? get_mat(c, n, k) : get_mat(c, k, n);
    GrB_Descriptor d = w.d;
    /* SuiteSparse's forced engines take workspace by the dimensions: not for the huge ones */
    forced = forced && !dim_huge(m) && !dim_huge(k) && !dim_huge(n);
    if (forced) {
        bool dot = rng_chance(&c->r, 0.5);
        d = desc_build(w.bits);
        printf("desc method %s info=%d\n", dot ? "dot" : "gustavson",
               (int)GrB_Descriptor_set(d, GxB_AxB_METHOD, dot ? GxB_AxB_DOT : GxB_AxB_GUSTAVSON));
    }
    printf("op mxm %s A=%s B=%s", sr->name, obj_name(A), obj_name(B));
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info = GrB_mxm(w.C->A, MAT(w.M), OPH(w.acc), sr->op, A->A, B->A, d);
    if (forced) GrB_Descriptor_free(&d);
    wb_finish("mxm", info, w.C, fuzzy_kind(sr->t, sr->add_kind) || A->fuzzy || B->fuzzy);
}

static void op_mxm_(ctx *c)
{
    op_mxm(c, false);
}

static void op_mxm_method(ctx *c)
{
    op_mxm(c, true);
}

static void op_mxv(ctx *c, bool vxm)
{
    c->exact = true;
    const semiring_t *sr = semiring_random(c);
    GrB_Index m = dim_random(c), k = dim_random(c);
    wb_t w;
    wb_pick(c, &w, true, m, 1, D_R | D_S | D_C | (vxm ? D_T1 : D_T0));
    /* mxv: A is m x k (stored k x m under T0); vxm: A is k x m (stored m x k under T1) */
    bool tr = (w.bits & (D_T0 | D_T1)) != 0;
    dobj *A = tr == vxm ? get_mat(c, m, k) : get_mat(c, k, m);
    dobj *u = get_vec(c, k);
    printf("op %s %s A=%s u=%s", vxm ? "vxm" : "mxv", sr->name, obj_name(A), obj_name(u));
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info = vxm ? GrB_vxm(w.C->v, VEC(w.M), OPH(w.acc), sr->op, u->v, A->A, w.d)
                        : GrB_mxv(w.C->v, VEC(w.M), OPH(w.acc), sr->op, A->A, u->v, w.d);
    wb_finish(vxm ? "vxm" : "mxv", info, w.C,
              fuzzy_kind(sr->t, sr->add_kind) || A->fuzzy || u->fuzzy);
}

/* ---- eWiseAdd, eWiseMult --------------------------------------------------------------------- */

static void op_ewise(ctx *c)
{
    bool add = rng_chance(&c->r, 0.5), vec = rng_chance(&c->r, 0.4);
    int form = (int)rng_below(&c->r, 3);
    GrB_Index m = dim_random(c), n = vec ? 1 : dim_random(c);
    wb_t w;
    wb_pick(c, &w, vec, m, n, vec ? D_R | D_S | D_C : D_R | D_S | D_C | D_T0 | D_T1);
    dobj *A, *B;
    if (vec) {
        A = get_vec(c, m);
        B = get_vec(c, m);
    } else {
        A = w.bits & D_T0 ? get_mat(c, n, m) : get_mat(c, m, n);
        B = w.bits & D_T1 ? get_mat(c, n, m) : get_mat(c, m, n);
    }
    const semiring_t *sr = form == 0 ? semiring_random(c) : NULL;
    const monoid_t *mo = form == 1 ? monoid_random(c) : NULL;
    const binop_t *op = form == 2 ? binop_random(c) : NULL;
    const char *opname = sr ? sr->name : mo ? mo->name : op->name;
    printf("op eWise%s %s %s A=%s B=%s", add ? "Add" : "Mult", vec ? "V" : "M", opname, obj_name(A),
           obj_name(B));
    wb_print(&w);
    /* SuiteSparse 7.4 casts a transposed input to the operator's input type while transposing, so
     * an entry present in one input only goes through that type on its way to the comparison's
     * Boolean result (Doc/testing.md) */
    if (add && op != NULL && op->kind == K_CMP && op->t != DT_BOOL && (w.bits & (D_T0 | D_T1)))
        printf(" cmp_transposed");
    putchar('\n');
    fflush(stdout);
    GrB_Info info;
    GrB_BinaryOp acc = OPH(w.acc);
    if (vec) {
        GrB_Vector C = w.C->v, M = VEC(w.M);
        if (add)
            info = sr   ? GrB_Vector_eWiseAdd_Semiring(C, M, acc, sr->op, A->v, B->v, w.d)
                   : mo ? GrB_Vector_eWiseAdd_Monoid(C, M, acc, mo->op, A->v, B->v, w.d)
                        : GrB_Vector_eWiseAdd_BinaryOp(C, M, acc, op->op, A->v, B->v, w.d);
        else
            info = sr   ? GrB_Vector_eWiseMult_Semiring(C, M, acc, sr->op, A->v, B->v, w.d)
                   : mo ? GrB_Vector_eWiseMult_Monoid(C, M, acc, mo->op, A->v, B->v, w.d)
                        : GrB_Vector_eWiseMult_BinaryOp(C, M, acc, op->op, A->v, B->v, w.d);
    } else {
        GrB_Matrix C = w.C->A, M = MAT(w.M);
        if (add)
            info = sr   ? GrB_Matrix_eWiseAdd_Semiring(C, M, acc, sr->op, A->A, B->A, w.d)
                   : mo ? GrB_Matrix_eWiseAdd_Monoid(C, M, acc, mo->op, A->A, B->A, w.d)
                        : GrB_Matrix_eWiseAdd_BinaryOp(C, M, acc, op->op, A->A, B->A, w.d);
        else
            info = sr   ? GrB_Matrix_eWiseMult_Semiring(C, M, acc, sr->op, A->A, B->A, w.d)
                   : mo ? GrB_Matrix_eWiseMult_Monoid(C, M, acc, mo->op, A->A, B->A, w.d)
                        : GrB_Matrix_eWiseMult_BinaryOp(C, M, acc, op->op, A->A, B->A, w.d);
    }
    wb_finish("eWise", info, w.C, A->fuzzy || B->fuzzy);
}

/* ---- extract --------------------------------------------------------------------------------- */

static void op_extract(ctx *c)
{
    int form = (int)rng_below(&c->r, 3); /* vector, matrix, column */
    GrB_Index ar = dim_random(c), ac = form == 0 ? 1 : dim_random(c), ni, nj = 1;
    if (form == 2 && ac == 0) ac = 1;
    const GrB_Index *I = list_random(c, ar, true, &ni), *J = NULL;
    GrB_Index j = 0;
    if (form == 1) J = list_random(c, ac, true, &nj);
    if (form == 2) j = index_random(c, ac);
    wb_t w;
    wb_pick(c, &w, form != 1, ni, nj, form == 0 ? D_R | D_S | D_C : D_R | D_S | D_C | D_T0);
    dobj *A = form == 0 ? get_vec(c, ar) : w.bits & D_T0 ? get_mat(c, ac, ar) : get_mat(c, ar, ac);
    printf("op %s A=%s",
           form == 0   ? "Vector_extract"
           : form == 1 ? "Matrix_extract"
                       : "Col_extract",
           obj_name(A));
    list_print("I", I, ni);
    if (form == 1) list_print("J", J, nj);
    if (form == 2) printf(" j=%" PRIu64, j);
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info;
    if (form == 0)
        info = GrB_Vector_extract(w.C->v, VEC(w.M), OPH(w.acc), A->v, I, ni, w.d);
    else if (form == 1)
        info = GrB_Matrix_extract(w.C->A, MAT(w.M), OPH(w.acc), A->A, I, ni, J, nj, w.d);
    else
        info = GrB_Col_extract(w.C->v, VEC(w.M), OPH(w.acc), A->A, I, ni, j, w.d);
    wb_finish("extract", info, w.C, A->fuzzy);
}

/* ---- assign ---------------------------------------------------------------------------------- */

static void op_assign(ctx *c)
{
    /* 0 Vector_assign, 1 Matrix_assign, 2 Col_assign, 3 Row_assign, 4 vector scalar, 5 matrix
     * scalar */
    int form = (int)rng_below(&c->r, 6);
    bool vec = form == 0 || form == 4;
    GrB_Index m = dim_random(c), n = vec ? 1 : dim_random(c), ni = 1, nj = 1, i = 0, j = 0;
    if (form == 2 && n == 0) n = 1;
    if (form == 3 && m == 0) m = 1;
    bool scalar = form >= 4;
    const GrB_Index *I = NULL, *J = NULL;
    if (form != 3)
        I = list_random(c, m, !(scalar && dim_huge(m)), &ni);
    else
        i = index_random(c, m);
    if (form == 1 || form == 3 || form == 5) J = list_random(c, n, !(scalar && dim_huge(n)), &nj);
    if (form == 2) j = index_random(c, n);
    int allowed = D_R | D_S | D_C | (form == 1 ? D_T0 : 0);
    wb_t w;
    w.d = desc_random(c, allowed, &w.bits);
    w.C = vec ? get_out_vec(c, m) : get_out_mat(c, m, n);
    w.M = form == 2   ? get_mask_vec(c, m)
          : form == 3 ? get_mask_vec(c, n)
          : vec       ? get_mask_vec(c, m)
                      : get_mask_mat(c, m, n);
    w.acc = accum_random(c);
    dobj *A = NULL;
    bound_t b = {0};
    if (form == 0 || form == 2)
        A = get_vec(c, ni);
    else if (form == 3)
        A = get_vec(c, nj);
    else if (form == 1)
        A = w.bits & D_T0 ? get_mat(c, nj, ni) : get_mat(c, ni, nj);
    else
        bound_pick(c, &b, w.C->t);
    static const char *names[6] = {"Vector_assign", "Matrix_assign",        "Col_assign",
                                   "Row_assign",    "Vector_assign_scalar", "Matrix_assign_scalar"};
    printf("op %s A=%s", names[form], obj_name(A));
    if (scalar) bound_print("x", &b);
    if (form != 3)
        list_print("I", I, ni);
    else
        printf(" i=%" PRIu64, i);
    if (J != NULL) list_print("J", J, nj);
    if (form == 2) printf(" j=%" PRIu64, j);
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info;
    GrB_BinaryOp acc = OPH(w.acc);
    switch (form) {
    case 0:
        info = GrB_Vector_assign(w.C->v, VEC(w.M), acc, A->v, I, ni, w.d);
        break;
    case 1:
        info = GrB_Matrix_assign(w.C->A, MAT(w.M), acc, A->A, I, ni, J, nj, w.d);
        break;
    case 2:
        info = GrB_Col_assign(w.C->A, VEC(w.M), acc, A->v, I, ni, j, w.d);
        break;
    case 3:
        info = GrB_Row_assign(w.C->A, VEC(w.M), acc, A->v, i, J, nj, w.d);
        break;
    case 4:
        info = b.as_scalar ? GrB_Vector_assign_Scalar(w.C->v, VEC(w.M), acc, b.s, I, ni, w.d)
                           : dt_vec_assign(w.C->v, VEC(w.M), acc, b.x, I, ni, w.d);
        break;
    default:
        info = b.as_scalar ? GrB_Matrix_assign_Scalar(w.C->A, MAT(w.M), acc, b.s, I, ni, J, nj, w.d)
                           : dt_mat_assign(w.C->A, MAT(w.M), acc, b.x, I, ni, J, nj, w.d);
        break;
    }
    bound_free(&b);
    wb_finish("assign", info, w.C, FZ(A));
}

/* ---- apply and select ------------------------------------------------------------------------ */

static void op_apply(ctx *c, bool select)
{
    bool vec = rng_chance(&c->r, 0.4);
    /* apply: 0 unary, 1 bind first, 2 bind second, 3 index op */
    int form = select ? 3 : (int)rng_below(&c->r, 4);
    GrB_Index m = dim_random(c), n = vec ? 1 : dim_random(c);
    int tbit = form == 1 ? D_T1 : D_T0;
    wb_t w;
    wb_pick(c, &w, vec, m, n, D_R | D_S | D_C | (vec ? 0 : tbit));
    dobj *A = vec ? get_vec(c, m) : w.bits & tbit ? get_mat(c, n, m) : get_mat(c, m, n);
    const unop_t *uop = form == 0 ? unop_random(c) : NULL;
    const binop_t *bop = form == 1 || form == 2 ? binop_random(c) : NULL;
    /* one select in twenty by an INT32 index-value operator with a wide thunk (bound_wide) */
    bool wide = select && rng_chance(&c->r, 0.05);
    const idxop_t *iop = form == 3 ? idxop_random(c, select) : NULL;
    while (wide && !(iop->t < 0 && iop->thunk_t == DT_INT32)) iop = idxop_random(c, false);
    bound_t b = {0};
    if (bop != NULL) bound_pick(c, &b, bop->t);
    if (iop != NULL) bound_pick(c, &b, iop->thunk_t);
    if (wide) bound_wide(c, &b);
    static const char *names[4] = {"apply", "apply_BinaryOp1st", "apply_BinaryOp2nd",
                                   "apply_IndexOp"};
    printf("op %s %s %s A=%s", select ? "select" : names[form], vec ? "V" : "M",
           uop   ? uop->name
           : bop ? bop->name
                 : iop->name,
           obj_name(A));
    if (form > 0) bound_print("y", &b);
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info;
    GrB_BinaryOp acc = OPH(w.acc);
    GrB_Vector wv = vec ? w.C->v : NULL, mv = vec ? VEC(w.M) : NULL, u = vec ? A->v : NULL;
    GrB_Matrix C = vec ? NULL : w.C->A, M = vec ? NULL : MAT(w.M), X = vec ? NULL : A->A;
    if (form == 0) {
        info = vec ? GrB_Vector_apply(wv, mv, acc, uop->op, u, w.d)
                   : GrB_Matrix_apply(C, M, acc, uop->op, X, w.d);
    } else if (form == 1) {
        if (b.as_scalar)
            info = vec ? GrB_Vector_apply_BinaryOp1st_Scalar(wv, mv, acc, bop->op, b.s, u, w.d)
                       : GrB_Matrix_apply_BinaryOp1st_Scalar(C, M, acc, bop->op, b.s, X, w.d);
        else
            info = vec ? dt_vec_apply1st(wv, mv, acc, bop->op, b.x, u, w.d)
                       : dt_mat_apply1st(C, M, acc, bop->op, b.x, X, w.d);
    } else if (form == 2) {
        if (b.as_scalar)
            info = vec ? GrB_Vector_apply_BinaryOp2nd_Scalar(wv, mv, acc, bop->op, u, b.s, w.d)
                       : GrB_Matrix_apply_BinaryOp2nd_Scalar(C, M, acc, bop->op, X, b.s, w.d);
        else
            info = vec ? dt_vec_apply2nd(wv, mv, acc, bop->op, u, b.x, w.d)
                       : dt_mat_apply2nd(C, M, acc, bop->op, X, b.x, w.d);
    } else if (select) {
        if (b.as_scalar)
            info = vec ? GrB_Vector_select_Scalar(wv, mv, acc, iop->op, u, b.s, w.d)
                       : GrB_Matrix_select_Scalar(C, M, acc, iop->op, X, b.s, w.d);
        else
            info = vec ? dt_vec_select(wv, mv, acc, iop->op, u, b.x, w.d)
                       : dt_mat_select(C, M, acc, iop->op, X, b.x, w.d);
    } else {
        if (b.as_scalar)
            info = vec ? GrB_Vector_apply_IndexOp_Scalar(wv, mv, acc, iop->op, u, b.s, w.d)
                       : GrB_Matrix_apply_IndexOp_Scalar(C, M, acc, iop->op, X, b.s, w.d);
        else
            info = vec ? dt_vec_applyIdx(wv, mv, acc, iop->op, u, b.x, w.d)
                       : dt_mat_applyIdx(C, M, acc, iop->op, X, b.x, w.d);
    }
    bound_free(&b);
    wb_finish(select ? "select" : "apply", info, w.C, A->fuzzy);
}

/* ---- reduce ---------------------------------------------------------------------------------- */

static void op_reduce(ctx *c)
{
    c->exact = true;
    /* 0 to vector (monoid), 1 to vector (binary op), 2 to a C scalar, 3 to a GrB_Scalar (monoid),
     * 4 to a GrB_Scalar (binary op) */
    int form = (int)rng_below(&c->r, 5);
    const monoid_t *mo = form == 1 || form == 4 ? NULL : monoid_random(c);
    const binop_t *bop = mo == NULL ? binop_reducer_random(c) : NULL;
    const char *opname = mo ? mo->name : bop->name;
    bool fz = mo ? fuzzy_kind(mo->t, mo->kind) : fuzzy_kind(bop->t, bop->kind);
    if (form <= 1) {
        GrB_Index m = dim_random(c), n = dim_random(c);
        wb_t w;
        wb_pick(c, &w, true, m, 1, D_R | D_S | D_C | D_T0);
        dobj *A = w.bits & D_T0 ? get_mat(c, n, m) : get_mat(c, m, n);
        printf("op reduce_to_vector %s A=%s", opname, obj_name(A));
        wb_print(&w);
        putchar('\n');
        fflush(stdout);
        GrB_Info info =
            mo ? GrB_Matrix_reduce_Monoid(w.C->v, VEC(w.M), OPH(w.acc), mo->op, A->A, w.d)
               : GrB_Matrix_reduce_BinaryOp(w.C->v, VEC(w.M), OPH(w.acc), bop->op, A->A, w.d);
        wb_finish("reduce", info, w.C, fz || A->fuzzy);
        return;
    }
    bool vec = rng_chance(&c->r, 0.4);
    dobj *A = vec ? get_vec(c, dim_random(c)) : get_mat(c, dim_random(c), dim_random(c));
    const binop_t *acc = accum_random(c);
    int t = type_random(c);
    printf("op reduce_to_%s %s A=%s accum=%s out=%s\n", form == 2 ? "C" : "Scalar", opname,
           obj_name(A), OPNAME(acc), dt_name[t]);
    fflush(stdout);
    fz = fz || A->fuzzy;
    GrB_Info info;
    if (form == 2) {
        tval x = val_random(c, t);
        tval_print("in", GrB_SUCCESS, x, false);
        info = vec ? dt_vec_reduce(&x, OPH(acc), mo->op, A->v, NULL)
                   : dt_mat_reduce(&x, OPH(acc), mo->op, A->A, NULL);
        tval_print("out", info, x, fz);
        return;
    }
    GrB_Scalar s = NULL;
    GrB_Scalar_new(&s, dt_type[t]);
    if (rng_chance(&c->r, 0.5)) dt_scalar_set(s, val_random(c, t));
    scalar_dump("in", s, t, false);
    if (mo != NULL)
        info = vec ? GrB_Vector_reduce_Monoid_Scalar(s, OPH(acc), mo->op, A->v, NULL)
                   : GrB_Matrix_reduce_Monoid_Scalar(s, OPH(acc), mo->op, A->A, NULL);
    else
        info = vec ? GrB_Vector_reduce_BinaryOp_Scalar(s, OPH(acc), bop->op, A->v, NULL)
                   : GrB_Matrix_reduce_BinaryOp_Scalar(s, OPH(acc), bop->op, A->A, NULL);
    info_print("reduce", info);
    scalar_dump("out", s, t, fz);
    GrB_Scalar_free(&s);
}

/* ---- transpose, kronecker -------------------------------------------------------------------- */

static void op_transpose(ctx *c)
{
    GrB_Index m = dim_random(c), n = dim_random(c);
    wb_t w;
    wb_pick(c, &w, false, m, n, D_R | D_S | D_C | D_T0);
    dobj *A = w.bits & D_T0 ? get_mat(c, m, n) : get_mat(c, n, m);
    printf("op transpose A=%s", obj_name(A));
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Info info = GrB_transpose(w.C->A, MAT(w.M), OPH(w.acc), A->A, w.d);
    wb_finish("transpose", info, w.C, A->fuzzy);
}

/* Kronecker dimensions multiply: small ones, with now and then one large factor. */
static GrB_Index kron_dim(ctx *c)
{
    if (c->huge_ok && rng_chance(&c->r, 0.25))
        return rng_chance(&c->r, 0.5) ? 1ULL << 20 : (1ULL << 32) + 3;
    GrB_Index d = dim_small(c);
    return d > 4 ? d - 3 : d;
}

static void op_kronecker(ctx *c)
{
    GrB_Index ma = kron_dim(c), na = kron_dim(c), mb = kron_dim(c), nb = kron_dim(c);
    if (dim_huge(ma) && dim_huge(mb)) mb = 2;
    if (dim_huge(na) && dim_huge(nb)) nb = 3;
    int form = (int)rng_below(&c->r, 3);
    wb_t w;
    wb_pick(c, &w, false, ma * mb, na * nb, D_R | D_S | D_C | D_T0 | D_T1);
    dobj *A = w.bits & D_T0 ? get_mat(c, na, ma) : get_mat(c, ma, na);
    dobj *B = w.bits & D_T1 ? get_mat(c, nb, mb) : get_mat(c, mb, nb);
    const semiring_t *sr = form == 0 ? semiring_random(c) : NULL;
    const monoid_t *mo = form == 1 ? monoid_random(c) : NULL;
    const binop_t *op = form == 2 ? binop_random(c) : NULL;
    printf("op kronecker %s A=%s B=%s",
           sr   ? sr->name
           : mo ? mo->name
                : op->name,
           obj_name(A), obj_name(B));
    wb_print(&w);
    putchar('\n');
    fflush(stdout);
    GrB_Matrix C = w.C->A, M = MAT(w.M);
    GrB_BinaryOp acc = OPH(w.acc);
    GrB_Info info = sr   ? GrB_Matrix_kronecker_Semiring(C, M, acc, sr->op, A->A, B->A, w.d)
                    : mo ? GrB_Matrix_kronecker_Monoid(C, M, acc, mo->op, A->A, B->A, w.d)
                         : GrB_Matrix_kronecker_BinaryOp(C, M, acc, op->op, A->A, B->A, w.d);
    wb_finish("kronecker", info, w.C, A->fuzzy || B->fuzzy);
}

/* ---- element updates and object methods inside a sequence ------------------------------------ */

static dobj *any_obj(ctx *c)
{
    if (c->np > 0 && rng_chance(&c->r, 0.85)) {
        dobj *o = c->pool[rng_below(&c->r, (uint64_t)c->np)];
        if (!o->retired) return o;
    }
    GrB_Index m = dim_random(c);
    return rng_chance(&c->r, 0.4) ? get_vec(c, m) : get_mat(c, m, dim_random(c));
}

static void op_elements(ctx *c)
{
    dobj *o = any_obj(c);
    GrB_Index n = 1 + rng_below(&c->r, 6);
    printf("op elements %s n=%" PRIu64 "\n", obj_name(o), n);
    if (o->nr == 0 || o->nc == 0) {
        obj_dump("out", o);
        return;
    }
    for (GrB_Index k = 0; k < n; k++) {
        GrB_Index i = index_random(c, o->nr), j = index_random(c, o->nc);
        GrB_Info info;
        if (rng_chance(&c->r, 0.3)) {
            info = o->is_vec ? GrB_Vector_removeElement(o->v, i)
                             : GrB_Matrix_removeElement(o->A, i, j);
            printf("remove %" PRIu64 " %" PRIu64 " info=%d\n", i, j, (int)info);
        } else {
            tval x = val_random(c, rng_chance(&c->r, 0.5) ? o->t : type_random(c));
            info = o->is_vec ? dt_vec_setElement(o->v, x, i) : dt_mat_setElement(o->A, x, i, j);
            printf("set %" PRIu64 " %" PRIu64 " %s:", i, j, dt_name[x.t]);
            val_print(x.t, &x.v);
            printf(" info=%d\n", (int)info);
        }
    }
    obj_dump("out", o);
}

/* dup, resize, clear or wait of a pool object */
static void op_object(ctx *c)
{
    dobj *o = any_obj(c);
    int form = (int)rng_below(&c->r, 4);
    GrB_Info info;
    if (form == 0) {
        GrB_Matrix A = NULL;
        GrB_Vector v = NULL;
        info = o->is_vec ? GrB_Vector_dup(&v, o->v) : GrB_Matrix_dup(&A, o->A);
        printf("op dup %s info=%d\n", obj_name(o), (int)info);
        if (info == GrB_SUCCESS) {
            dobj *d = obj_wrap(c, o->is_vec, o->t, o->nr, o->nc, A, v);
            d->fuzzy = o->fuzzy;
            obj_dump("out", d);
        }
    } else if (form == 1) {
        GrB_Index nr = dim_random(c), nc = o->is_vec ? 1 : dim_random(c);
        info = o->is_vec ? GrB_Vector_resize(o->v, nr) : GrB_Matrix_resize(o->A, nr, nc);
        printf("op resize %s %" PRIu64 "x%" PRIu64 " info=%d\n", obj_name(o), nr, nc, (int)info);
        if (info == GrB_SUCCESS) {
            o->nr = nr;
            o->nc = nc;
        }
        obj_dump("out", o);
    } else if (form == 2) {
        info = o->is_vec ? GrB_Vector_clear(o->v) : GrB_Matrix_clear(o->A);
        printf("op clear %s info=%d\n", obj_name(o), (int)info);
        obj_dump("out", o);
    } else {
        GrB_WaitMode mode = rng_chance(&c->r, 0.5) ? GrB_COMPLETE : GrB_MATERIALIZE;
        info = o->is_vec ? GrB_Vector_wait(o->v, mode) : GrB_Matrix_wait(o->A, mode);
        printf("op wait %s mode=%d info=%d\n", obj_name(o), (int)mode, (int)info);
        obj_dump("out", o);
    }
}

static void op_mxv_(ctx *c)
{
    op_mxv(c, false);
}

static void op_vxm_(ctx *c)
{
    op_mxv(c, true);
}

static void op_apply_(ctx *c)
{
    op_apply(c, false);
}

static void op_select_(ctx *c)
{
    op_apply(c, true);
}

void op_random(ctx *c)
{
    static const struct {
        int weight;
        void (*run)(ctx *);
    } mix[] = {{12, op_mxm_},   {5, op_mxm_method}, {6, op_mxv_},     {6, op_vxm_},
               {14, op_ewise},   {10, op_extract},   {16, op_assign},  {12, op_apply_},
               {9, op_select_},  {10, op_reduce},    {5, op_transpose}, {5, op_kronecker},
               {4, op_elements}, {3, op_object}};
    int total = 0;
    for (size_t k = 0; k < sizeof mix / sizeof mix[0]; k++) total += mix[k].weight;
    int p = (int)rng_below(&c->r, (uint64_t)total);
    size_t k = 0;
    while (p >= mix[k].weight) p -= mix[k++].weight;
    mix[k].run(c);
}

void case_op(ctx *c)
{
    c->reuse = 0.2;
    op_random(c);
    pool_dump(c);
}

void case_sequence(ctx *c)
{
    c->exact = true;
    c->reuse = 0.85;
    c->seq_n_set = true;
    c->seq_n = c->huge_ok ? (1ULL << 40) : 1 + rng_below(&c->r, 8);
    printf("sequence n=%" PRIu64 "\n", c->seq_n);
    int nm = 2 + (int)rng_below(&c->r, 2), nv = 2 + (int)rng_below(&c->r, 2);
    for (int k = 0; k < nm + nv; k++)
        obj_fill_random(c, obj_new(c, k >= nm, type_random(c), c->seq_n, c->seq_n));
    int steps = 3 + (int)rng_below(&c->r, 8);
    for (int s = 0; s < steps && c->np < POOL_MAX - 8; s++) {
        printf("step %d\n", s);
        op_random(c);
    }
    pool_dump(c);
}

/* ---- lopsided operands: BC's steps ------------------------------------------------------------
 * One full n x n matrix P beside sparse ones (n over 12, so tuples_random gives them at most 8
 * entries), in BC's steps, where the library computes from the small side (Doc/decisions.md, "BC
 * on grids"): P = P op S or S op P (the union into P), W<S> = P op Q (a small mask drives),
 * P accum= S .* Q (accumulated in place), W<P> = S * R (a mask far larger than the product);
 * random operators, types, accumulators and mask settings, P mostly of the operator's type. */

/* A floating MIN or MAX: ties of +0 and -0 meet often among a full matrix's values, and SuiteSparse
 * 7.4's kernels break them differently (marked, a known divergence). */
static void minmax_mark(const binop_t *op)
{
    if (strstr(op->name, "_MIN_FP") != NULL || strstr(op->name, "_MAX_FP") != NULL)
        printf(" minmax_fp_tie");
}

static dobj *full_mat(ctx *c, int t, GrB_Index n)
{
    dobj *o = obj_new(c, false, t, n, n);
    GrB_Index *I = ctx_alloc(c, n * n * sizeof(GrB_Index));
    GrB_Index *J = ctx_alloc(c, n * n * sizeof(GrB_Index));
    char *X = ctx_alloc(c, n * n * dt_size[t]);
    for (GrB_Index k = 0; k < n * n; k++) {
        I[k] = k / n;
        J[k] = k % n;
        tval x = val_random(c, t);
        memcpy(X + k * dt_size[t], &x.v, dt_size[t]);
    }
    printf("gen %s full\n", obj_name(o));
    info_print("build", dt_mat_build(o->A, t, I, J, X, n * n, NULL));
    return o;
}

static dobj *sparse_mat(ctx *c, GrB_Index n)
{
    dobj *o = obj_new(c, false, type_random(c), n, n);
    obj_fill_random(c, o);
    return o;
}

void case_lopsided(ctx *c)
{
    c->exact = true;
    GrB_Index n = 13 + rng_below(&c->r, 28);
    const binop_t *op = binop_random(c);
    int t = rng_chance(&c->r, 0.75) ? op->t : type_random(c);
    printf("lopsided n=%" PRIu64 "\n", n);
    dobj *P = full_mat(c, t, n), *Q = full_mat(c, type_random(c), n);
    for (int round = 0; round < 3; round++) {
        /* the union into P: S on either side, perhaps transposed; now and then an accumulator */
        dobj *S = sparse_mat(c, n);
        bool p_first = rng_chance(&c->r, 0.5);
        wb_t w = {.C = P, .acc = rng_chance(&c->r, 0.25) ? accum_random(c) : NULL};
        w.d = desc_random(c, p_first ? D_T1 : D_T0, &w.bits);
        dobj *A = p_first ? P : S, *B = p_first ? S : P;
        printf("op eWiseAdd into M %s A=%s B=%s", op->name, obj_name(A), obj_name(B));
        wb_print(&w);
        if (op->kind == K_CMP && op->t != DT_BOOL && w.bits != 0) printf(" cmp_transposed");
        minmax_mark(op);
        putchar('\n');
        fflush(stdout);
        wb_finish("eWiseAdd",
                  GrB_Matrix_eWiseAdd_BinaryOp(P->A, NULL, OPH(w.acc), op->op, A->A, B->A, w.d), P,
                  FZ(A) || FZ(B));

        /* W<S> = P op2 Q, S small: an intersection or a union driven by the mask */
        const binop_t *op2 = binop_random(c);
        bool add = rng_chance(&c->r, 0.5);
        w = (wb_t){.C = sparse_mat(c, n), .M = S, .acc = accum_random(c)};
        w.d = desc_random(c, D_R | D_S | D_C | D_T0 | D_T1, &w.bits);
        printf("op eWise%s M %s A=%s B=%s", add ? "Add" : "Mult", op2->name, obj_name(P),
               obj_name(Q));
        wb_print(&w);
        if (add && op2->kind == K_CMP && op2->t != DT_BOOL && (w.bits & (D_T0 | D_T1)))
            printf(" cmp_transposed");
        minmax_mark(op2);
        putchar('\n');
        fflush(stdout);
        GrB_BinaryOp acc = OPH(w.acc);
        GrB_Info info =
            add ? GrB_Matrix_eWiseAdd_BinaryOp(w.C->A, S->A, acc, op2->op, P->A, Q->A, w.d)
                : GrB_Matrix_eWiseMult_BinaryOp(w.C->A, S->A, acc, op2->op, P->A, Q->A, w.d);
        wb_finish("eWise", info, w.C, FZ(P) || FZ(Q));

        /* P accum= S .* Q (or Q .* S) */
        const binop_t *op3 = binop_random(c);
        w = (wb_t){.C = P, .acc = binop_random(c)};
        w.d = desc_random(c, D_T0 | D_T1, &w.bits);
        bool s_first = rng_chance(&c->r, 0.5);
        A = s_first ? S : Q;
        B = s_first ? Q : S;
        printf("op eWiseMult M %s A=%s B=%s", op3->name, obj_name(A), obj_name(B));
        wb_print(&w);
        minmax_mark(op3);
        putchar('\n');
        fflush(stdout);
        wb_finish("eWiseMult",
                  GrB_Matrix_eWiseMult_BinaryOp(P->A, NULL, OPH(w.acc), op3->op, A->A, B->A, w.d),
                  P, FZ(A) || FZ(B));

        /* W<P> = S * R: the product has a few entries, P has all. No accumulator: SuiteSparse
         * 7.4 crashes in GB_subassign_08n on C<M> accum= T with M full and C sparse. */
        const semiring_t *sr = semiring_random(c);
        dobj *R = sparse_mat(c, n);
        dobj *W = rng_chance(&c->r, 0.5) ? obj_new(c, false, type_random(c), n, n) : sparse_mat(c, n);
        w = (wb_t){.C = W, .M = P};
        w.d = desc_random(c, D_R | D_S | D_C | D_T0 | D_T1, &w.bits);
        printf("op mxm %s A=%s B=%s", sr->name, obj_name(S), obj_name(R));
        wb_print(&w);
        putchar('\n');
        fflush(stdout);
        wb_finish("mxm", GrB_mxm(w.C->A, P->A, OPH(w.acc), sr->op, S->A, R->A, w.d), w.C,
                  fuzzy_kind(sr->t, sr->add_kind) || FZ(S) || FZ(R));
    }
    pool_dump(c);
}
