/* test_cpu_random.c: randomized semantic tests of apply, select, reduce, transpose, extract and
 * assign against the dense reference (ref.h): random types, operators, masks (value, structural,
 * complemented, aliased with the output), replace, accumulators, transposed inputs, index lists
 * with repeats and GrB_ALL, vector and matrix forms, through the public API. Each case is seeded;
 * a failure prints its seed, and GG_CPU_SEED=<seed> reruns that case alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ops_ref.h"

/* Cases per operation (each test binary stays well under its time limit). */
#define NCASES 10000

/* ---- the output side of a case: C, mask, accumulator, descriptor --------------------------------- */

typedef struct {
    bool vec;   /* GrB_Vector forms: C and the mask are vectors */
    dense *C;   /* C before the call */
    dense *M;   /* the mask's content, NULL for none */
    rdesc d;
    bool has_accum;
    rbin accum;
    GrB_Matrix Cm, Mm;
    GrB_Vector Cv, Mv;
    bool mask_is_C;
    GrB_Descriptor desc;
} outcase;

static void out_setup(outcase *o, bool vec, GrB_Index nr, GrB_Index nc, bool tran_ok)
{
    memset(o, 0, sizeof *o);
    o->vec = vec;
    o->d = rdesc_random(tran_ok);
    o->C = d_random(rnd_code(), nr, nc, 40);
    o->mask_is_C = rnd_chance(8);
    if (o->mask_is_C) {
        o->M = o->C;
    } else if (rnd_chance(65)) {
        o->M = d_random(rnd_code(), nr, nc, 50);
    } else if (rnd_chance(85)) {
        o->d.comp = false;
    }
    o->d.M = o->M;
    o->has_accum = rnd_chance(50);
    if (o->has_accum) o->accum = rbin_random();
    if (vec) {
        o->Cv = d_to_vector(o->C);
        o->Mv = o->mask_is_C ? o->Cv : o->M != NULL ? d_to_vector(o->M) : NULL;
    } else {
        o->Cm = d_to_matrix(o->C);
        o->Mm = o->mask_is_C ? o->Cm : o->M != NULL ? d_to_matrix(o->M) : NULL;
    }
    o->desc = rdesc_make(&o->d);
}

static GrB_BinaryOp out_accum(const outcase *o)
{
    return o->has_accum ? rbin_handle(o->accum) : NULL;
}

/* Compares the library's C with the reference write-back of T; prints the case on a mismatch. */
static bool out_check(outcase *o, const dense *T, GrB_Info info, const char *what)
{
    dense *want = d_copy(o->C);
    ref_writeback(want, &o->d, o->has_accum ? &o->accum : NULL, T);
    dense *got = NULL;
    bool ok = info == GrB_SUCCESS;
    if (!ok) {
        fprintf(stderr, "  %s returned %d\n", what, (int)info);
    } else {
        got = o->vec ? d_from_vector(o->Cv, o->C->code) : d_from_matrix(o->Cm, o->C->code);
        ok = d_equal(want, got);
    }
    if (!ok) {
        fprintf(stderr, "  case: %s%s\n", what, o->mask_is_C ? " (mask is C)" : "");
        rdesc_print(stderr, &o->d, o->has_accum ? &o->accum : NULL);
        d_print(stderr, "C before", o->C);
        d_print(stderr, "T", T);
    }
    d_free(want);
    d_free(got);
    return ok;
}

static void out_free(outcase *o)
{
    if (o->vec) {
        if (!o->mask_is_C) GrB_Vector_free(&o->Mv);
        GrB_Vector_free(&o->Cv);
    } else {
        if (!o->mask_is_C) GrB_Matrix_free(&o->Mm);
        GrB_Matrix_free(&o->Cm);
    }
    if (!o->mask_is_C) d_free(o->M);
    d_free(o->C);
    GrB_Descriptor_free(&o->desc);
}

/* op0(A) in the reference. */
static dense *op0(const dense *A, bool tran)
{
    return tran ? d_transpose(A) : d_copy(A);
}

/* Large mode: dimensions near a thousand, so that the kernels' parallel paths run. */
static bool large_mode;
/* With large_mode: matrix assigns with index lists of one to a few dozen entries, so that assign
 * takes its path over the region's lines only (src/cpu/assign.c). */
static bool short_lists;

static GrB_Index rnd_dim(void)
{
    return (GrB_Index)(large_mode ? 400 + rnd_int(250) : rnd_chance(90) ? rnd_int(6) : rnd_int(13));
}

#define LIST_MAX 1200

/* A random index list over 0..dim-1 (repeats allowed), or GrB_ALL. */
static const GrB_Index *rnd_list(GrB_Index dim, GrB_Index *buf, GrB_Index *n)
{
    if (rnd_chance(short_lists ? 30 : large_mode ? 60 : 25)) {
        *n = dim;
        return GrB_ALL;
    }
    *n = dim == 0       ? 0
         : short_lists ? 1 + (GrB_Index)rnd_int(40)
                       : (GrB_Index)rnd_int(large_mode ? LIST_MAX : 6);
    for (GrB_Index k = 0; k < *n; k++) buf[k] = (GrB_Index)rnd_int((int)dim);
    return buf;
}

static GrB_Index list_at(const GrB_Index *L, GrB_Index k)
{
    return L == GrB_ALL ? k : L[k];
}

static void print_list(const char *name, const GrB_Index *L, GrB_Index n)
{
    fprintf(stderr, "  %s:", name);
    if (L == GrB_ALL) fprintf(stderr, " GrB_ALL (%llu)", (unsigned long long)n);
    for (GrB_Index k = 0; L != GrB_ALL && k < n; k++) fprintf(stderr, " %llu", (unsigned long long)L[k]);
    fprintf(stderr, "\n");
}

/* The input container: C itself when aliased, else a new object of A's content. */
static void make_input(const dense *A, bool vec, bool alias, const outcase *o, GrB_Matrix *Am,
                       GrB_Vector *Av)
{
    *Am = NULL, *Av = NULL;
    if (vec)
        *Av = alias ? o->Cv : d_to_vector(A);
    else
        *Am = alias ? o->Cm : d_to_matrix(A);
}

static void free_input(bool alias, GrB_Matrix *Am, GrB_Vector *Av)
{
    if (alias) return;
    GrB_Matrix_free(Am);
    GrB_Vector_free(Av);
}

/* ---- apply ------------------------------------------------------------------------------------------ */

static bool case_apply(uint64_t seed)
{
    rnd_seed(seed);
    bool vec = rnd_chance(30);
    GrB_Index nr = rnd_dim(), nc = vec ? 1 : rnd_dim();
    outcase o;
    out_setup(&o, vec, nr, nc, !vec);
    bool tran = o.d.tran0;
    bool alias = rnd_chance(10) && (!tran || nr == nc);
    dense *A = alias ? o.C : d_random(rnd_code(), tran ? nc : nr, tran ? nr : nc, 50);
    dense *B = op0(A, tran);
    GrB_Matrix Am;
    GrB_Vector Av;
    make_input(A, vec, alias, &o, &Am, &Av);

    int kind = rnd_int(4), scode = rnd_code();
    /* With the scalar bound first, A is the operator's second input, so GrB_INP1 transposes it
     * (the spec; SuiteSparse). Both flags are set alike: these cases test the slot, not which
     * flag the ops layer reads. */
    if (kind == 1 && o.d.tran0 != o.d.tran1) {
        o.d.tran1 = o.d.tran0;
        GrB_Descriptor_free(&o.desc);
        o.desc = rdesc_make(&o.d);
    }
    uint64_t sval = 0, bound = 0;
    rnd_value(&sval, scode);
    GrB_Scalar S = scalar_of(&sval, scode);
    bool typed = scode == GrB_FP64_CODE || scode == GrB_INT64_CODE;
    double sd;
    int64_t si;
    memcpy(&sd, &sval, 8), memcpy(&si, &sval, 8);
    GrB_BinaryOp acc = out_accum(&o);
    GrB_Info info;
    dense *T;
    char what[96];

    if (kind == 0) {
        runop u = runop_random();
        snprintf(what, sizeof what, "apply %s_%s", runop_name(u), type_name(u.code));
        T = d_new(u.code, nr, nc);
        for (GrB_Index i = 0; i < nr; i++)
            for (GrB_Index j = 0; j < nc; j++)
                if ((D_P(T, i, j) = D_P(B, i, j))) {
                    uint64_t x;
                    rcast(&x, u.code, D_V(B, i, j), B->code);
                    runop_apply(u, D_V(T, i, j), &x);
                }
        info = vec ? GrB_Vector_apply(o.Cv, o.Mv, acc, runop_handle(u), Av, o.desc)
                   : GrB_Matrix_apply(o.Cm, o.Mm, acc, runop_handle(u), Am, o.desc);
    } else if (kind <= 2) {
        bool first = kind == 1;
        rbin b = rbin_random();
        snprintf(what, sizeof what, "apply %s_%s bound %s (%s)", rbin_name(b), type_name(b.code),
                 first ? "first" : "second", type_name(scode));
        rcast(&bound, b.code, &sval, scode);
        T = d_new(rbin_ztype(b), nr, nc);
        for (GrB_Index i = 0; i < nr; i++)
            for (GrB_Index j = 0; j < nc; j++)
                if ((D_P(T, i, j) = D_P(B, i, j))) {
                    uint64_t x;
                    rcast(&x, b.code, D_V(B, i, j), B->code);
                    rbin_apply(b, D_V(T, i, j), first ? (void *)&bound : &x,
                               first ? (void *)&x : &bound);
                }
        GrB_BinaryOp op = rbin_handle(b);
        if (vec && first)
            info = scode == GrB_FP64_CODE
                       ? GrB_Vector_apply_BinaryOp1st_FP64(o.Cv, o.Mv, acc, op, sd, Av, o.desc)
                       : GrB_Vector_apply_BinaryOp1st_Scalar(o.Cv, o.Mv, acc, op, S, Av, o.desc);
        else if (vec)
            info = scode == GrB_INT64_CODE
                       ? GrB_Vector_apply_BinaryOp2nd_INT64(o.Cv, o.Mv, acc, op, Av, si, o.desc)
                       : GrB_Vector_apply_BinaryOp2nd_Scalar(o.Cv, o.Mv, acc, op, Av, S, o.desc);
        else if (first)
            info = typed && scode == GrB_INT64_CODE
                       ? GrB_Matrix_apply_BinaryOp1st_INT64(o.Cm, o.Mm, acc, op, si, Am, o.desc)
                       : GrB_Matrix_apply_BinaryOp1st_Scalar(o.Cm, o.Mm, acc, op, S, Am, o.desc);
        else
            info = typed && scode == GrB_FP64_CODE
                       ? GrB_Matrix_apply_BinaryOp2nd_FP64(o.Cm, o.Mm, acc, op, Am, sd, o.desc)
                       : GrB_Matrix_apply_BinaryOp2nd_Scalar(o.Cm, o.Mm, acc, op, Am, S, o.desc);
    } else {
        ridx r = ridx_random();
        snprintf(what, sizeof what, "apply index op %s_%s thunk %s", ridx_name(r),
                 type_name(r.code), type_name(scode));
        rcast(&bound, ridx_ytype(r), &sval, scode);
        T = d_new(ridx_ztype(r), nr, nc);
        for (GrB_Index i = 0; i < nr; i++)
            for (GrB_Index j = 0; j < nc; j++)
                if ((D_P(T, i, j) = D_P(B, i, j))) {
                    uint64_t x = 0;
                    if (ridx_xtype(r) != 0) rcast(&x, ridx_xtype(r), D_V(B, i, j), B->code);
                    ridx_apply(r, D_V(T, i, j), &x, i, j, &bound);
                }
        GrB_IndexUnaryOp op = ridx_handle(r);
        if (vec)
            info = GrB_Vector_apply_IndexOp_Scalar(o.Cv, o.Mv, acc, op, Av, S, o.desc);
        else
            info = scode == GrB_INT64_CODE
                       ? GrB_Matrix_apply_IndexOp_INT64(o.Cm, o.Mm, acc, op, Am, si, o.desc)
                       : GrB_Matrix_apply_IndexOp_Scalar(o.Cm, o.Mm, acc, op, Am, S, o.desc);
    }
    if (alias) strcat(what, " (A is C)");
    bool ok = out_check(&o, T, info, what);
    if (!ok) d_print(stderr, "A", A);
    GrB_Scalar_free(&S);
    free_input(alias, &Am, &Av);
    d_free(T);
    d_free(B);
    if (!alias) d_free(A);
    out_free(&o);
    return ok;
}

/* ---- select --------------------------------------------------------------------------------------- */

static bool case_select(uint64_t seed)
{
    rnd_seed(seed);
    bool vec = rnd_chance(30);
    GrB_Index nr = rnd_dim(), nc = vec ? 1 : rnd_dim();
    outcase o;
    out_setup(&o, vec, nr, nc, !vec);
    bool tran = o.d.tran0;
    bool alias = rnd_chance(10) && (!tran || nr == nc);
    dense *A = alias ? o.C : d_random(rnd_code(), tran ? nc : nr, tran ? nr : nc, 60);
    dense *B = op0(A, tran);
    GrB_Matrix Am;
    GrB_Vector Av;
    make_input(A, vec, alias, &o, &Am, &Av);

    ridx r;
    do r = ridx_random();
    while (r.op <= IX_DIAGINDEX);
    int scode = r.op <= IX_ROWGT && rnd_chance(50) ? GrB_INT64_CODE : rnd_code();
    uint64_t sval = 0, thunk = 0;
    rnd_value(&sval, scode);
    if (r.op <= IX_ROWGT && scode == GrB_INT64_CODE) {
        int64_t k = rnd_int(9) - 4;
        memcpy(&sval, &k, 8);
    }
    rcast(&thunk, ridx_ytype(r), &sval, scode);
    GrB_Scalar S = scalar_of(&sval, scode);
    dense *T = d_new(B->code, nr, nc);
    for (GrB_Index i = 0; i < nr; i++)
        for (GrB_Index j = 0; j < nc; j++) {
            if (!D_P(B, i, j)) continue;
            uint64_t x = 0, z = 0;
            if (ridx_xtype(r) != 0) rcast(&x, ridx_xtype(r), D_V(B, i, j), B->code);
            ridx_apply(r, &z, &x, i, j, &thunk);
            if (rtrue(&z, ridx_ztype(r))) {
                D_P(T, i, j) = true;
                memcpy(D_V(T, i, j), D_V(B, i, j), 8);
            }
        }
    GrB_BinaryOp acc = out_accum(&o);
    GrB_IndexUnaryOp op = ridx_handle(r);
    int64_t si;
    memcpy(&si, &sval, 8);
    GrB_Info info;
    if (vec)
        info = GrB_Vector_select_Scalar(o.Cv, o.Mv, acc, op, Av, S, o.desc);
    else if (scode == GrB_INT64_CODE)
        info = GrB_Matrix_select_INT64(o.Cm, o.Mm, acc, op, Am, si, o.desc);
    else
        info = GrB_Matrix_select_Scalar(o.Cm, o.Mm, acc, op, Am, S, o.desc);
    char what[96];
    snprintf(what, sizeof what, "select %s_%s thunk %s%s", ridx_name(r), type_name(r.code),
             type_name(scode), alias ? " (A is C)" : "");
    bool ok = out_check(&o, T, info, what);
    if (!ok) {
        d_print(stderr, "A", A);
        fprintf(stderr, "  thunk: ");
        print_value(stderr, &sval, scode);
        fprintf(stderr, "\n");
    }
    GrB_Scalar_free(&S);
    free_input(alias, &Am, &Av);
    d_free(T);
    d_free(B);
    if (!alias) d_free(A);
    out_free(&o);
    return ok;
}

/* ---- reduce --------------------------------------------------------------------------------------- */

/* acc = the fold of x (type xc) into acc (type of m); *any says whether acc holds a value yet. */
static void fold(rbin m, void *acc, bool *any, const void *x, int xc)
{
    uint64_t y, z;
    rcast(&y, m.code, x, xc);
    if (!*any) {
        memcpy(acc, &y, 8);
        *any = true;
        return;
    }
    rbin_apply(m, &z, acc, &y);
    memcpy(acc, &z, 8);
}

static bool case_reduce_vector(uint64_t seed)
{
    rnd_seed(seed);
    outcase o;
    GrB_Index nr = rnd_dim(), nc = rnd_dim();
    rdesc probe = rdesc_random(true);
    bool tran = probe.tran0;
    GrB_Index wn = tran ? nc : nr;
    out_setup(&o, true, wn, 1, false);
    o.d.tran0 = tran;
    GrB_Descriptor_free(&o.desc);
    o.desc = rdesc_make(&o.d);
    dense *A = d_random(rnd_code(), nr, nc, 50);
    dense *B = op0(A, tran);
    rbin m = rmonoid_random();
    bool binop = m.op <= OP_MAX && m.code != GrB_BOOL_CODE && rnd_chance(30);
    dense *T = d_new(m.code, wn, 1);
    for (GrB_Index i = 0; i < wn; i++) {
        bool any = false;
        for (GrB_Index j = 0; j < B->nc; j++)
            if (D_P(B, i, j)) fold(m, D_V(T, i, 0), &any, D_V(B, i, j), B->code);
        D_P(T, i, 0) = any;
    }
    GrB_Matrix Am = d_to_matrix(A);
    GrB_BinaryOp acc = out_accum(&o);
    GrB_Info info = binop ? GrB_Matrix_reduce_BinaryOp(o.Cv, o.Mv, acc, rbin_handle(m), Am, o.desc)
                          : GrB_Matrix_reduce_Monoid(o.Cv, o.Mv, acc, rmonoid_handle(m), Am, o.desc);
    char what[96];
    snprintf(what, sizeof what, "reduce to vector %s %s_%s", binop ? "binop" : "monoid",
             rbin_name(m), type_name(m.code));
    bool ok = out_check(&o, T, info, what);
    if (!ok) d_print(stderr, "A", A);
    GrB_Matrix_free(&Am);
    d_free(T);
    d_free(B);
    d_free(A);
    out_free(&o);
    return ok;
}

/* The typed C-scalar reduce of a vector or a matrix, by ctype. */
static GrB_Info reduce_to_c(void *c, int ccode, GrB_BinaryOp acc, GrB_Monoid mon, GrB_Matrix Am,
                            GrB_Vector Av)
{
    switch (ccode) {
#define RED_CASE(T, E, ...)                                                                        \
    case GrB_##T##_CODE: {                                                                         \
        E v;                                                                                       \
        memcpy(&v, c, sizeof v);                                                                   \
        GrB_Info info = Av != NULL ? GrB_Vector_reduce_##T(&v, acc, mon, Av, NULL)                 \
                                   : GrB_Matrix_reduce_##T(&v, acc, mon, Am, NULL);                \
        memcpy(c, &v, sizeof v);                                                                   \
        return info;                                                                               \
    }
        GxG_BUILTIN_TYPES(RED_CASE)
#undef RED_CASE
    }
    return GrB_PANIC;
}

static void scalar_value(void *x, int code, GrB_Scalar s)
{
    switch (code) {
#define SCALAR_CASE(T, E, ...)                                                                     \
    case GrB_##T##_CODE: {                                                                         \
        E v;                                                                                       \
        GrB_Scalar_extractElement_##T(&v, s);                                                      \
        memcpy(x, &v, sizeof v);                                                                   \
        break;                                                                                     \
    }
        GxG_BUILTIN_TYPES(SCALAR_CASE)
#undef SCALAR_CASE
    }
}

static bool case_reduce_scalar(uint64_t seed)
{
    rnd_seed(seed);
    bool vec = rnd_chance(30);
    GrB_Index nr = rnd_dim(), nc = vec ? 1 : rnd_dim();
    dense *A = d_random(rnd_code(), nr, nc, rnd_chance(15) ? 0 : 50);
    rbin m = rmonoid_random();
    /* a parallel fold adds in another order: only exact folds in large mode */
    if (large_mode && (m.code == GrB_FP32_CODE || m.code == GrB_FP64_CODE) && m.op == OP_TIMES)
        m.op = OP_PLUS;
    bool has_accum = rnd_chance(50);
    rbin accum = rbin_random();
    GrB_BinaryOp acc = has_accum ? rbin_handle(accum) : NULL;
    int form = rnd_int(3); /* 0 C scalar, 1 GrB_Scalar monoid, 2 GrB_Scalar binop */
    if (form == 2 && (m.code == GrB_BOOL_CODE || m.op > OP_MAX)) form = 1;
    int ocode = rnd_code();
    uint64_t out = 0, t = 0, want = 0;
    bool out_present = form == 0 || rnd_chance(60), t_present = false;
    rnd_value(&out, ocode);
    for (GrB_Index i = 0; i < nr; i++)
        for (GrB_Index j = 0; j < nc; j++)
            if (D_P(A, i, j)) fold(m, &t, &t_present, D_V(A, i, j), A->code);
    if (!t_present && form == 0) {
        rmonoid_identity(m, &t);
        t_present = true;
    }
    /* out = accum(out, t), each side possibly empty */
    bool want_present = t_present || (has_accum && out_present);
    if (t_present && has_accum && out_present) {
        uint64_t x, y, z;
        rcast(&x, accum.code, &out, ocode);
        rcast(&y, accum.code, &t, m.code);
        rbin_apply(accum, &z, &x, &y);
        rcast(&want, ocode, &z, rbin_ztype(accum));
    } else if (t_present) {
        rcast(&want, ocode, &t, m.code);
    } else {
        want = out;
    }

    GrB_Matrix Am = vec ? NULL : d_to_matrix(A);
    GrB_Vector Av = vec ? d_to_vector(A) : NULL;
    GrB_Info info;
    uint64_t got = out;
    bool got_present = true;
    if (form == 0) {
        info = reduce_to_c(&got, ocode, acc, rmonoid_handle(m), Am, Av);
    } else {
        GrB_Scalar s = scalar_of(out_present ? &out : NULL, ocode);
        if (form == 1)
            info = vec ? GrB_Vector_reduce_Monoid_Scalar(s, acc, rmonoid_handle(m), Av, NULL)
                       : GrB_Matrix_reduce_Monoid_Scalar(s, acc, rmonoid_handle(m), Am, NULL);
        else
            info = vec ? GrB_Vector_reduce_BinaryOp_Scalar(s, acc, rbin_handle(m), Av, NULL)
                       : GrB_Matrix_reduce_BinaryOp_Scalar(s, acc, rbin_handle(m), Am, NULL);
        GrB_Index n = 0;
        GrB_Scalar_nvals(&n, s);
        got_present = n == 1;
        if (got_present) scalar_value(&got, ocode, s);
        GrB_Scalar_free(&s);
    }
    bool ok = info == GrB_SUCCESS && got_present == want_present &&
              (!want_present || values_equal(&want, &got, ocode));
    if (!ok) {
        fprintf(stderr, "  reduce to scalar form %d monoid %s_%s out %s (present %d) accum %s_%s: "
                        "info %d present %d, want ",
                form, rbin_name(m), type_name(m.code), type_name(ocode), out_present,
                has_accum ? rbin_name(accum) : "none", has_accum ? type_name(accum.code) : "",
                (int)info, got_present);
        print_value(stderr, &want, ocode);
        fprintf(stderr, " got ");
        print_value(stderr, &got, ocode);
        fprintf(stderr, "\n");
        d_print(stderr, "A", A);
    }
    GrB_Matrix_free(&Am);
    GrB_Vector_free(&Av);
    d_free(A);
    return ok;
}

/* ---- transpose ---------------------------------------------------------------------------------------- */

static bool case_transpose(uint64_t seed)
{
    rnd_seed(seed);
    GrB_Index nr = rnd_dim(), nc = rnd_dim();
    outcase o;
    out_setup(&o, false, nr, nc, true);
    bool tran = o.d.tran0;
    bool alias = rnd_chance(10) && nr == nc;
    dense *A = alias ? o.C : d_random(rnd_code(), tran ? nr : nc, tran ? nc : nr, 50);
    dense *T = op0(A, !tran);
    GrB_Matrix Am = alias ? o.Cm : d_to_matrix(A);
    GrB_Info info = GrB_transpose(o.Cm, o.Mm, out_accum(&o), Am, o.desc);
    bool ok = out_check(&o, T, info, alias ? "transpose (A is C)" : "transpose");
    if (!ok) d_print(stderr, "A", A);
    if (!alias) {
        GrB_Matrix_free(&Am);
        d_free(A);
    }
    d_free(T);
    out_free(&o);
    return ok;
}

/* ---- extract ------------------------------------------------------------------------------------------ */

static bool case_extract(uint64_t seed)
{
    rnd_seed(seed);
    int mode = rnd_int(5); /* 0-2 matrix, 3 vector, 4 column */
    bool tran = mode != 3 && rnd_chance(50);
    GrB_Index ar = rnd_dim(), ac = mode == 3 ? 1 : rnd_dim();
    if (mode == 4 && (tran ? ar : ac) == 0) mode = 0;
    dense *A = d_random(rnd_code(), ar, ac, 60);
    dense *B = op0(A, tran);
    GrB_Index Ib[LIST_MAX], Jb[LIST_MAX], ni, nj = 1, jcol = 0;
    const GrB_Index *I = rnd_list(B->nr, Ib, &ni), *J = GrB_ALL;
    if (mode <= 2) J = rnd_list(B->nc, Jb, &nj);
    if (mode == 4) jcol = (GrB_Index)rnd_int((int)B->nc);
    outcase o;
    out_setup(&o, mode >= 3, ni, nj, false);
    o.d.tran0 = tran;
    GrB_Descriptor_free(&o.desc);
    o.desc = rdesc_make(&o.d);
    dense *T = d_new(A->code, ni, nj);
    for (GrB_Index k = 0; k < ni; k++)
        for (GrB_Index l = 0; l < nj; l++) {
            GrB_Index i = list_at(I, k), j = mode == 4 ? jcol : list_at(J, l);
            if ((D_P(T, k, l) = D_P(B, i, j))) memcpy(D_V(T, k, l), D_V(B, i, j), 8);
        }
    GrB_BinaryOp acc = out_accum(&o);
    GrB_Info info;
    if (mode == 3) {
        GrB_Vector u = d_to_vector(A);
        info = GrB_Vector_extract(o.Cv, o.Mv, acc, u, I, ni, o.desc);
        GrB_Vector_free(&u);
    } else {
        GrB_Matrix Am = d_to_matrix(A);
        info = mode == 4 ? GrB_Col_extract(o.Cv, o.Mv, acc, Am, I, ni, jcol, o.desc)
                         : GrB_Matrix_extract(o.Cm, o.Mm, acc, Am, I, ni, J, nj, o.desc);
        GrB_Matrix_free(&Am);
    }
    static const char *modes[] = {"matrix", "matrix", "matrix", "vector", "column"};
    bool ok = out_check(&o, T, info, modes[mode]);
    if (!ok) {
        fprintf(stderr, "  extract, column %llu\n", (unsigned long long)jcol);
        d_print(stderr, "A", A);
        print_list("I", I, ni);
        print_list("J", J, nj);
    }
    d_free(T);
    d_free(B);
    d_free(A);
    out_free(&o);
    return ok;
}

/* ---- assign ---------------------------------------------------------------------------------------- */

/* The last k with L[k] == i, or -1. */
static int64_t last_of(const GrB_Index *L, GrB_Index n, GrB_Index i)
{
    if (L == GrB_ALL) return i < n ? (int64_t)i : -1;
    int64_t k = -1;
    for (GrB_Index q = 0; q < n; q++)
        if (L[q] == i) k = (int64_t)q;
    return k;
}

/* Z = C with C(I, J) = accum(C(I, J), S), S(k, l) from src (or the scalar x when src is NULL, or
 * nothing when x is NULL too), then Z written through the full-size mask. */
static void ref_assign(dense *C, const rdesc *d, const rbin *accum, const dense *src,
                       const void *x, int xcode, const GrB_Index *I, GrB_Index ni,
                       const GrB_Index *J, GrB_Index nj)
{
    dense *Z = d_copy(C);
    for (GrB_Index i = 0; i < C->nr; i++)
        for (GrB_Index j = 0; j < C->nc; j++) {
            int64_t k = last_of(I, ni, i), l = last_of(J, nj, j);
            if (k < 0 || l < 0) continue;
            bool hs = src != NULL ? D_P(src, k, l) : x != NULL;
            const void *s = src != NULL ? D_V(src, k, l) : x;
            int scode = src != NULL ? src->code : xcode;
            void *z = D_V(Z, i, j);
            if (accum != NULL && hs && D_P(Z, i, j)) {
                uint64_t a, b, r;
                rcast(&a, accum->code, z, Z->code);
                rcast(&b, accum->code, s, scode);
                rbin_apply(*accum, &r, &a, &b);
                rcast(z, Z->code, &r, rbin_ztype(*accum));
            } else if (hs) {
                D_P(Z, i, j) = true;
                rcast(z, Z->code, s, scode);
            } else if (accum == NULL) {
                D_P(Z, i, j) = false;
            }
        }
    rdesc plain = *d;
    ref_writeback(C, &plain, NULL, Z);
    d_free(Z);
}

/* The typed C-scalar assign, by the scalar's type. */
static GrB_Info assign_c_scalar(const outcase *o, GrB_BinaryOp acc, const void *x, int code,
                                const GrB_Index *I, GrB_Index ni, const GrB_Index *J,
                                GrB_Index nj)
{
    switch (code) {
#define ASSIGN_CASE(T, E, ...)                                                                     \
    case GrB_##T##_CODE: {                                                                         \
        E v;                                                                                       \
        memcpy(&v, x, sizeof v);                                                                   \
        return o->vec ? GrB_Vector_assign_##T(o->Cv, o->Mv, acc, v, I, ni, o->desc)                \
                      : GrB_Matrix_assign_##T(o->Cm, o->Mm, acc, v, I, ni, J, nj, o->desc);       \
    }
        GxG_BUILTIN_TYPES(ASSIGN_CASE)
#undef ASSIGN_CASE
    }
    return GrB_PANIC;
}

static bool case_assign(uint64_t seed)
{
    rnd_seed(seed);
    int mode = rnd_int(short_lists ? 3 : 6); /* 0-2 matrix, 3 vector, 4 row, 5 column */
    bool line = mode >= 4;
    GrB_Index cr = rnd_dim(), cc = mode == 3 ? 1 : rnd_dim();
    if (line && (cr == 0 || cc == 0)) mode = 0, line = false;
    GrB_Index Ib[LIST_MAX], Jb[LIST_MAX], ni, nj = 1, fixed = 0;
    const GrB_Index *I = GrB_ALL, *J = GrB_ALL;
    if (mode == 4) {
        fixed = (GrB_Index)rnd_int((int)cr);
        J = rnd_list(cc, Jb, &nj);
        ni = 1;
    } else if (mode == 5) {
        fixed = (GrB_Index)rnd_int((int)cc);
        I = rnd_list(cr, Ib, &ni);
    } else {
        I = rnd_list(cr, Ib, &ni);
        if (mode <= 2) J = rnd_list(cc, Jb, &nj);
    }
    /* the output: C itself, or for the line forms C's row or column as the masked vector */
    outcase o;
    GrB_Index on = mode == 4 ? cc : cr, oc = line || mode == 3 ? 1 : cc;
    out_setup(&o, mode == 3 || line, on, oc, mode <= 2);
    dense *Cfull = NULL;
    GrB_Matrix Cm = NULL;
    if (line) {
        /* keep the vector outcase for the mask and descriptor; the real output is a matrix */
        Cfull = d_random(rnd_code(), cr, cc, 40);
        Cm = d_to_matrix(Cfull);
    }
    int src_kind = line ? 0 : rnd_int(10) < 6 ? 0 : rnd_int(3) + 1; /* 0 container, 1 GrB_Scalar,
                                                                         2 empty, 3 C scalar */
    bool tran = mode <= 2 && o.d.tran0;
    GrB_Index sr = mode == 4 ? nj : ni, sc = line || mode == 3 ? 1 : nj;
    bool alias = mode <= 2 && src_kind == 0 && !tran && I == GrB_ALL && J == GrB_ALL &&
                 rnd_chance(15);
    dense *A = NULL;
    int xcode = rnd_code();
    uint64_t x = 0;
    rnd_value(&x, xcode);
    if (src_kind == 0) A = alias ? o.C : d_random(rnd_code(), tran ? sc : sr, tran ? sr : sc, 60);
    dense *S = A == NULL ? NULL : op0(A, tran);
    GrB_BinaryOp acc = out_accum(&o);
    const rbin *accum = o.has_accum ? &o.accum : NULL;

    /* the reference */
    dense *want;
    if (line) {
        dense *L = d_new(Cfull->code, on, 1);
        for (GrB_Index k = 0; k < on; k++) {
            GrB_Index i = mode == 4 ? fixed : k, j = mode == 4 ? k : fixed;
            if ((D_P(L, k, 0) = D_P(Cfull, i, j))) memcpy(D_V(L, k, 0), D_V(Cfull, i, j), 8);
        }
        ref_assign(L, &o.d, accum, S, NULL, 0, mode == 4 ? J : I, mode == 4 ? nj : ni, GrB_ALL, 1);
        want = d_copy(Cfull);
        for (GrB_Index k = 0; k < on; k++) {
            GrB_Index i = mode == 4 ? fixed : k, j = mode == 4 ? k : fixed;
            if ((D_P(want, i, j) = D_P(L, k, 0))) memcpy(D_V(want, i, j), D_V(L, k, 0), 8);
        }
        d_free(L);
    } else {
        want = d_copy(o.C);
        ref_assign(want, &o.d, accum, S, src_kind == 2 ? NULL : &x, xcode, I, ni, J, nj);
    }

    /* the library */
    GrB_Info info;
    if (line) {
        GrB_Vector u = d_to_vector(A);
        info = mode == 4 ? GrB_Row_assign(Cm, o.Mv, acc, u, fixed, J, nj, o.desc)
                         : GrB_Col_assign(Cm, o.Mv, acc, u, I, ni, fixed, o.desc);
        GrB_Vector_free(&u);
    } else if (src_kind == 0) {
        if (mode == 3) {
            GrB_Vector u = d_to_vector(A);
            info = GrB_Vector_assign(o.Cv, o.Mv, acc, u, I, ni, o.desc);
            GrB_Vector_free(&u);
        } else {
            GrB_Matrix Am = alias ? o.Cm : d_to_matrix(A);
            info = GrB_Matrix_assign(o.Cm, o.Mm, acc, Am, I, ni, J, nj, o.desc);
            if (!alias) GrB_Matrix_free(&Am);
        }
    } else if (src_kind == 3) {
        info = assign_c_scalar(&o, acc, &x, xcode, I, ni, J, nj);
    } else {
        GrB_Scalar s = scalar_of(src_kind == 2 ? NULL : &x, xcode);
        info = mode == 3 ? GrB_Vector_assign_Scalar(o.Cv, o.Mv, acc, s, I, ni, o.desc)
                         : GrB_Matrix_assign_Scalar(o.Cm, o.Mm, acc, s, I, ni, J, nj, o.desc);
        GrB_Scalar_free(&s);
    }
    dense *got = NULL;
    bool ok = info == GrB_SUCCESS;
    if (ok) {
        got = line        ? d_from_matrix(Cm, Cfull->code)
              : mode == 3 ? d_from_vector(o.Cv, o.C->code)
                          : d_from_matrix(o.Cm, o.C->code);
        ok = d_equal(want, got);
    } else {
        fprintf(stderr, "  assign returned %d\n", (int)info);
    }
    if (!ok) {
        static const char *modes[] = {"matrix", "matrix", "matrix", "vector", "row", "column"};
        static const char *srcs[] = {"container", "GrB_Scalar", "empty GrB_Scalar", "C scalar"};
        fprintf(stderr, "  case: assign %s, source %s%s, line index %llu\n", modes[mode],
                srcs[src_kind], alias ? " (A is C)" : "", (unsigned long long)fixed);
        rdesc_print(stderr, &o.d, accum);
        d_print(stderr, "C before", line ? Cfull : o.C);
        if (A != NULL) d_print(stderr, "A", A);
        if (src_kind != 0) {
            fprintf(stderr, "  scalar (%s): ", type_name(xcode));
            print_value(stderr, &x, xcode);
            fprintf(stderr, "\n");
        }
        print_list("I", I, ni);
        print_list("J", J, nj);
    }
    d_free(got);
    d_free(want);
    d_free(S);
    if (!alias) d_free(A);
    d_free(Cfull);
    GrB_Matrix_free(&Cm);
    out_free(&o);
    return ok;
}

/* ---- the tests ------------------------------------------------------------------------------------- */

/* X(test, label, first seed, cases, case function): one cmocka test per operation. */
#define RANDOM_TESTS(X)                                                                            \
    X(test_apply, "apply", 1000000, NCASES, case_apply) \
    X(test_select, "select", 2000000, NCASES, case_select) \
    X(test_reduce_vector, "reduce to vector", 3000000, NCASES, case_reduce_vector) \
    X(test_reduce_scalar, "reduce to scalar", 4000000, NCASES, case_reduce_scalar) \
    X(test_transpose, "transpose", 5000000, NCASES, case_transpose) \
    X(test_extract, "extract", 6000000, NCASES, case_extract) \
    X(test_assign, "assign", 7000000, 2 * NCASES, case_assign)
#define DEFINE_RANDOM_TEST(test, label, seed, cases, fn)                                        \
    static void test(void **state)                                                             \
    {                                                                                          \
        (void)state;                                                                           \
        assert_int_equal(run_cases(label, seed, cases, fn), 0);                                \
    }
RANDOM_TESTS(DEFINE_RANDOM_TEST)

/* A few cases of each operation at about a million positions (half of them entries): the
 * parallel paths of the kernels and of the write-back. */
static void test_large(void **state)
{
    (void)state;
    large_mode = true;
    ref_exact_values = true;
    int failed = run_cases("large apply", 8000000, 3, case_apply) +
                 run_cases("large select", 8100000, 3, case_select) +
                 run_cases("large reduce to vector", 8200000, 3, case_reduce_vector) +
                 run_cases("large reduce to scalar", 8300000, 4, case_reduce_scalar) +
                 run_cases("large transpose", 8400000, 3, case_transpose) +
                 run_cases("large extract", 8500000, 4, case_extract) +
                 run_cases("large assign", 8600000, 4, case_assign);
    short_lists = true;
    failed += run_cases("large assign, short lists", 8700000, 24, case_assign);
    short_lists = false;
    large_mode = false;
    ref_exact_values = false;
    assert_int_equal(failed, 0);
}

static int setup(void **state)
{
    (void)state;
    GrB_init(GrB_NONBLOCKING);
    ref_init();
    ops_ref_init();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ops_ref_finalize();
    ref_finalize();
    GrB_finalize();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_apply),        cmocka_unit_test(test_select),
        cmocka_unit_test(test_reduce_vector), cmocka_unit_test(test_reduce_scalar),
        cmocka_unit_test(test_transpose),    cmocka_unit_test(test_extract),
        cmocka_unit_test(test_assign),       cmocka_unit_test(test_large),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
