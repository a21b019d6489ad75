/* vector.c: the CUDA slots' vector paths (apply, select, eWiseAdd/Mult, assign, extract and the
 * reduction to a scalar) and what they share (GG_cuda_vslot.h). Each path decides, touching
 * nothing, whether the device takes the call, brings its inputs to the device (cuda/store: a copy
 * only when the device copy is stale), and ends in one fused kernel that produces T and performs
 * the masked write-back on the device (GG_cuda_vec_ewise); the output's new content is installed
 * on the device. Only the reduction returns a value to the host, as the API demands. A matrix
 * assign goes to its own path (GG_cuda_mslot_assign). */
#include "GG_cuda_mslot.h"

/* ---- shared ------------------------------------------------------------------------------------ */

static int code_of(GrB_Type t)
{
    return t == NULL ? 0 : (int)t->code;
}

GG_cuda_op GG_cuda_op_of_binary(GrB_BinaryOp op)
{
    GG_cuda_op o = {op->opcode, code_of(op->xtype), code_of(op->ytype), code_of(op->ztype)};
    return o;
}

GG_cuda_op GG_cuda_op_of_index(GrB_IndexUnaryOp op, GrB_Type atype)
{
    GG_cuda_op o = {op->opcode, op->xtype != NULL ? code_of(op->xtype) : (int)atype->code,
                    code_of(op->ytype), code_of(op->ztype)};
    return o;
}

bool GG_cuda_host_cast(unsigned char out[16], GrB_Type ztype, const void *x, GrB_Type xtype)
{
    memset(out, 0, 16);
    if (ztype->code == GrB_UDT_CODE || xtype->code == GrB_UDT_CODE || ztype->size > 16) return false;
    GG_cast_fn f = GG_cast_get(ztype->code, xtype->code);
    if (f != NULL)
        f(out, x);
    else
        memcpy(out, x, ztype->size);
    return true;
}

/* Whether container c's current content is on the device (a vector's device copy, or a matrix
 * whose mirror holds anything). */
static bool on_device(const GG_container *c)
{
    if (c->h.kind == GG_KIND_MATRIX) return c->dev != NULL;
    return (c->res & GG_RES_DEVICE) != 0;
}

GrB_Info GG_cuda_apply_decode(const GG_apply_op *op, GrB_Type atype, GG_cuda_tkind *kind,
                              GG_cuda_op *o, unsigned char s1[16], int *s1code)
{
    GrB_Type stype = NULL; /* the domain the bound scalar is cast to */
    switch (op->kind) {
    case GG_APPLY_UNARY:
        *kind = GG_CUDA_T_APPLY_UNARY;
        *o = (GG_cuda_op){op->unop->opcode, code_of(op->unop->xtype), 0, code_of(op->unop->ztype)};
        break;
    case GG_APPLY_BIND1ST:
        *kind = GG_CUDA_T_APPLY_BIND1ST;
        *o = GG_cuda_op_of_binary(op->binop);
        stype = op->binop->xtype;
        break;
    case GG_APPLY_BIND2ND:
        *kind = GG_CUDA_T_APPLY_BIND2ND;
        *o = GG_cuda_op_of_binary(op->binop);
        stype = op->binop->ytype;
        break;
    default:
        *kind = GG_CUDA_T_APPLY_INDEX;
        *o = GG_cuda_op_of_index(op->idxop, atype);
        stype = op->idxop->ytype;
        break;
    }
    if (o->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    if (o->xcode == 0) o->xcode = (int)atype->code; /* positional: x is not read */
    if (!GG_cuda_vec_op_supported(o)) return GG_decline("no device kernel for this operator");
    if (stype != NULL) {
        if (!GG_cuda_host_cast(s1, stype, op->scalar, op->stype))
            return GG_decline("user-defined type");
        *s1code = (int)stype->code;
    }
    return GrB_SUCCESS;
}

/* The most positions a vector call takes on the device: its kernels hold several arrays of n
 * (flags, values of up to 8 bytes, T and the result) at once, so n beyond a 32nd of the device's
 * memory in bytes would end in GrB_OUT_OF_MEMORY where the CPU, working by entries, succeeds (a
 * hypersparse vector of 2^40 in the differential test). */
static GrB_Index device_positions(void)
{
    size_t memory = 0;
    GG_device_info(NULL, 0, &memory);
    return (GrB_Index)(memory / 32);
}

GrB_Info GG_cuda_vec_take(const GG_desc *d, GrB_Index n, bool fill, GG_container *const *objs,
                          int nobjs)
{
    bool resident = false;
    for (int k = 0; k < nobjs; k++) {
        if (objs[k] == NULL) continue;
        if (objs[k]->type->code == GrB_UDT_CODE) return GG_decline("user-defined type");
        /* the device works on vectors by position (bitmaps): an empty dimension has nothing to
         * compute, and one beyond a bitmap's reach (a hypersparse 2^60 vector) stays on the host */
        if (objs[k]->h.kind == GG_KIND_VECTOR &&
            (objs[k]->nrows == 0 || objs[k]->nrows > GG_VFORM_BITMAP_MAX ||
             objs[k]->nrows > device_positions()))
            return GG_decline(objs[k]->nrows == 0 ? "an empty dimension"
                                                  : "a vector longer than a device bitmap");
        resident = resident || on_device(objs[k]);
    }
    if (resident) return GrB_SUCCESS;
    /* every operand on the host: the device's vector kernels cost O(positions), the CPU's
     * O(entries), so a hypersparse call (entries under a 64th of n) counts by its entries; the
     * differential test's 2^30-long vectors of a few entries took 30 ms a call on the device. A
     * fill writes every position however empty its operands are: SSSP's distances (+inf over all
     * n, a new vector) were filled on the host under AUTO, and every device call after read them
     * from there (RMAT-20, H100: 30.5 ms a run under AUTO, 20.2 ms with CUDA forced) */
    GrB_Index entries = 0, e;
    for (int k = 0; k < nobjs && !fill; k++)
        if (objs[k] != NULL && GG_container_nvals(objs[k], &e) == GrB_SUCCESS) entries += e;
    GrB_Index work = !fill && entries < n / 64 ? entries * 64 : n;
    if (!GG_cuda_too_small(d, work)) return GrB_SUCCESS;
    return GG_decline("every operand on the host and too few positions to pay for the device");
}

/* GG_cuda_vcall_begin; with mask_any_order, a mask that is an unordered list stays one (for the
 * assign over all of C, whose in-place kernel and write-back read a list mask in any order). */
static GrB_Info vcall_begin(GG_cuda_vcall *k, GG_container *C, GG_container *M,
                            GrB_BinaryOp accum, const GG_desc *d, bool mask_any_order)
{
    memset(k, 0, sizeof *k);
    k->C = C;
    k->M = M;
    if (accum != NULL) {
        if (accum->opcode == GG_OP_USER) return GG_decline("user-defined accumulator");
        k->accop = GG_cuda_op_of_binary(accum);
        if (!GG_cuda_vec_op_supported(&k->accop))
            return GG_decline("no device kernel for this accumulator");
        k->wb.accum = &k->accop;
    }
    k->wb.mstruct = d->mask_struct || (M != NULL && M->type->code == GrB_UDT_CODE);
    k->wb.mcomp = d->mask_comp;
    k->wb.replace = d->replace;
    GrB_Info info = GrB_SUCCESS;
    if (M != NULL) {
        info = mask_any_order ? GG_cuda_vec_in_any(M, &k->m) : GG_cuda_vec_in(M, &k->m);
        if (info != GrB_SUCCESS) return info;
        k->wb.M = &k->m->d;
        k->wb.mcode = (int)M->type->code;
    }
    /* C's content is read only where it survives: through an accumulator, or outside the mask
     * without replace. Otherwise T (masked) replaces C entirely, so a host C is never uploaded only
     * to be overwritten, and a frontier's unordered list is not put in order only to be dropped
     * (BFS's q<!v, replace> = q A). */
    if (accum != NULL || (!d->replace && (M != NULL || d->mask_comp)))
        info = GG_cuda_vec_in(C, &k->c);
    if (info == GrB_SUCCESS) info = GG_cuda_vec_reserve(C);
    GG_vdata_init(&k->empty, C->nrows, C->type->size);
    return info;
}

GrB_Info GG_cuda_vcall_begin(GG_cuda_vcall *k, GG_container *C, GG_container *M,
                             GrB_BinaryOp accum, const GG_desc *d)
{
    return vcall_begin(k, C, M, accum, d, false);
}

GrB_Info GG_cuda_vcall_install(GG_cuda_vcall *k, GG_cuda_vec *Z)
{
    GG_cuda_vec_install(k->C, Z);
    /* GrB_BLOCKING: every method completes before it returns (DESIGN.md §4); nonblocking mode
     * waits only where a value goes back to the user */
    if (GG_global.mode == GrB_BLOCKING && !GG_cuda_sync()) return GrB_PANIC;
    return GrB_SUCCESS;
}

GrB_Info GG_cuda_vcall_finish(GG_cuda_vcall *k, const GG_cuda_tdesc *t)
{
    GG_cuda_vec Z;
    const GG_vdata *c = k->c != NULL ? &k->c->d : &k->empty;
    GrB_Info info = GG_cuda_info(GG_cuda_vec_ewise(&Z, c, (int)k->C->type->code, t, &k->wb));
    return info == GrB_SUCCESS ? GG_cuda_vcall_install(k, &Z) : info;
}

/* The device content of an input vector, as the kernels' operand. */
static GrB_Info input(GG_container *A, const GG_vdata **v)
{
    const GG_cuda_vec *dv;
    GrB_Info info = GG_cuda_vec_in(A, &dv);
    if (info == GrB_SUCCESS) *v = &dv->d;
    return info;
}

/* ---- apply, select ------------------------------------------------------------------------------- */

GrB_Info GG_cuda_vslot_apply(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             const GG_apply_op *op, GG_container *A, const GG_desc *d)
{
    GG_cuda_tdesc t = {0};
    GrB_Info info = GG_cuda_apply_decode(op, A->type, &t.kind, &t.op, t.s1, &t.s1code);
    if (info != GrB_SUCCESS) return info;
    info = GG_CUDA_VEC_TAKE(d, C->nrows, C, M, A);
    if (info != GrB_SUCCESS) return info;
    t.tcode = t.op.zcode;
    t.acode = (int)A->type->code;
    GG_cuda_vcall k;
    info = GG_cuda_vcall_begin(&k, C, M, accum, d);
    if (info == GrB_SUCCESS) info = input(A, &t.A);
    return info == GrB_SUCCESS ? GG_cuda_vcall_finish(&k, &t) : info;
}

GrB_Info GG_cuda_vslot_select(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                              GrB_IndexUnaryOp op, GG_container *A, const void *thunk,
                              GrB_Type ttype, const GG_desc *d)
{
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    GG_cuda_tdesc t = {.kind = GG_CUDA_T_SELECT, .op = GG_cuda_op_of_index(op, A->type)};
    if (!GG_cuda_vec_op_supported(&t.op)) return GG_decline("no device kernel for this operator");
    if (!GG_cuda_host_cast(t.s1, op->ytype, thunk, ttype)) return GG_decline("user-defined type");
    t.s1code = (int)op->ytype->code;
    GrB_Info info = GG_CUDA_VEC_TAKE(d, C->nrows, C, M, A);
    if (info != GrB_SUCCESS) return info;
    t.tcode = t.acode = (int)A->type->code;
    GG_cuda_vcall k;
    info = GG_cuda_vcall_begin(&k, C, M, accum, d);
    if (info == GrB_SUCCESS) info = input(A, &t.A);
    return info == GrB_SUCCESS ? GG_cuda_vcall_finish(&k, &t) : info;
}

/* ---- eWiseAdd, eWiseMult ------------------------------------------------------------------------ */

GrB_Info GG_cuda_vslot_ewise(GG_container *C, GG_container *M, GrB_BinaryOp accum,
                             GrB_BinaryOp op, GG_container *A, GG_container *B, const GG_desc *d,
                             bool mult)
{
    if (op->opcode == GG_OP_USER) return GG_decline("user-defined operator");
    GG_cuda_tdesc t = {.kind = mult ? GG_CUDA_T_MULT : GG_CUDA_T_ADD};
    t.op = GG_cuda_op_of_binary(op);
    if (!GG_cuda_vec_op_supported(&t.op)) return GG_decline("no device kernel for this operator");
    GrB_Info info = GG_CUDA_VEC_TAKE(d, C->nrows, C, M, A, B);
    if (info != GrB_SUCCESS) return info;
    t.tcode = t.op.zcode;
    t.acode = (int)A->type->code;
    t.bcode = (int)B->type->code;
    GG_cuda_vcall k;
    info = GG_cuda_vcall_begin(&k, C, M, accum, d);
    if (info == GrB_SUCCESS) info = input(A, &t.A);
    if (info == GrB_SUCCESS) info = input(B, &t.B);
    return info == GrB_SUCCESS ? GG_cuda_vcall_finish(&k, &t) : info;
}

/* ---- assign, extract ----------------------------------------------------------------------------- */

/* A device copy of a host index list (the API hands it over in host memory: this upload is the
 * one transfer such a call needs). */
static GrB_Info upload_list(const GrB_Index *I, GrB_Index n, uint64_t **dev)
{
    size_t bytes;
    if (!GG_mul_size((size_t)n, sizeof(uint64_t), &bytes)) return GrB_OUT_OF_MEMORY;
    *dev = GG_cuda_malloc(bytes);
    if (*dev == NULL) return GrB_OUT_OF_MEMORY;
    if (n == 0 || GG_cuda_upload(*dev, I, bytes)) return GrB_SUCCESS;
    GG_cuda_free(*dev);
    *dev = NULL;
    return GrB_PANIC;
}

/* C<M>(:) = T: in place in C's device arrays when only the admitted positions can change (no
 * accumulator, replace or complement) and C's form allows it, else the general write-back. Both
 * read a list mask as it is: the write-back scatters it into flags of its own, in any order. Made
 * a bitmap in place instead, a BFS frontier (the push's iso list) would lose its list and its one
 * value for good, and every later push would initialise O(n) and write a bitmap; AUTO mode comes
 * here at BFS's second level, whose v reached the device as a host list (the first level's assign
 * is too small for the device), and ran grid BFS at half speed (Doc/performance.md). */
static GrB_Info assign_all(GG_cuda_vcall *k, const GG_cuda_tdesc *t, bool masked_only)
{
    if (masked_only && k->c != NULL && k->m != NULL) {
        /* k->c is C's own current device content (GG_cuda_vcall_begin brought it there) */
        int rc = GG_cuda_vec_assign_inplace((GG_cuda_vec *)k->c, (int)k->C->type->code, t,
                                            &k->m->d, k->wb.mcode, k->wb.mstruct);
        if (rc != GG_CUDA_VRC_UNSUPPORTED) {
            GG_cuda_vec_written(k->C);
            GG_trace("cuda assign: in place at the mask's positions");
            GrB_Info info = GG_cuda_info(rc);
            if (info == GrB_SUCCESS && GG_global.mode == GrB_BLOCKING && !GG_cuda_sync())
                info = GrB_PANIC;
            return info;
        }
    }
    return GG_cuda_vcall_finish(k, t);
}

/* C<M, struct>(:) = scalar kept for the next push (GG_cuda_vec_defer_assign) when M is a push's
 * list and C a bitmap with its count, in nonblocking mode; false: the caller runs it now. */
static bool defer_assign(const GG_cuda_vcall *k, GG_container *C, GG_container *M,
                         const void *scalar, GrB_Type stype)
{
    if (GG_global.mode != GrB_NONBLOCKING || C == M || k->c == NULL || k->m == NULL ||
        !k->wb.mstruct || !k->m->jumbled || k->m->list_stamp == 0 ||
        k->c->d.form != GG_VF_BITMAP || k->c->count == NULL || k->c->d.iso)
        return false;
    GG_cuda_deferred op = {.C = C, .M = M, .ccode = (int)C->type->code};
    if (!GG_cuda_host_cast(op.value, C->type, scalar, stype)) return false;
    GG_cuda_vec_written(C); /* C's host copy is stale from now on */
    if (!GG_cuda_vec_defer_assign(&op)) return false;
    GG_trace("cuda assign: deferred into the next push over its mask's list");
    return true;
}

GrB_Info GG_cuda_assign(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                        const void *scalar, GrB_Type stype, const GrB_Index *I, GrB_Index ni,
                        const GrB_Index *J, GrB_Index nj, GG_assign_kind kind, const GG_desc *d)
{
    (void)nj;
    if (C->h.kind != GG_KIND_VECTOR)
        return GG_cuda_mslot_assign(C, M, accum, A, scalar, stype, I, J, kind, d);
    GG_cuda_tdesc t = {0};
    if (scalar != NULL) {
        /* the scalar keeps its own type: the write-back casts it to C's, as the CPU does */
        if (!GG_cuda_host_cast(t.s1, stype, scalar, stype)) return GG_decline("user-defined type");
        t.s1code = t.tcode = (int)stype->code;
    } else if (A != NULL) {
        t.acode = t.tcode = (int)A->type->code;
    } else {
        t.tcode = (int)C->type->code; /* an empty GrB_Scalar: T has no entry */
    }
    bool fill = scalar != NULL && I == GrB_ALL && (M == NULL || d->mask_comp);
    GrB_Info info = fill ? GG_CUDA_FILL_TAKE(d, C->nrows, C, M) : GG_CUDA_VEC_TAKE(d, C->nrows, C, M, A);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_vcall k;
    bool masked_only = M != NULL && accum == NULL && !d->replace && !d->mask_comp;
    info = vcall_begin(&k, C, M, accum, d, I == GrB_ALL && masked_only);
    if (info != GrB_SUCCESS) return info;
    const GG_vdata *u = NULL;
    if (A != NULL) info = input(A, &u);
    if (info != GrB_SUCCESS) return info;
    if (I == GrB_ALL) {
        /* the region is all of C: T is the source itself */
        GG_vdata none;
        GG_vdata_init(&none, C->nrows, C->type->size);
        t.kind = scalar != NULL ? GG_CUDA_T_SCALAR : GG_CUDA_T_VEC;
        t.A = scalar != NULL ? NULL : A != NULL ? u : &none;
        if (A == NULL && scalar == NULL) t.acode = t.tcode;
        if (masked_only && scalar != NULL && defer_assign(&k, C, M, scalar, stype))
            return GrB_SUCCESS;
        return assign_all(&k, &t, masked_only);
    }
    /* an index list: T in C's coordinates and the region it covers, then the write-back, which
     * keeps C outside the region, so C's content is read even without a mask or accumulator */
    if (k.c == NULL) info = GG_cuda_vec_in(C, &k.c);
    if (info != GrB_SUCCESS) return info;
    uint64_t *Id = NULL;
    uint8_t *region = NULL;
    GG_cuda_vec T = {0};
    info = upload_list(I, ni, &Id);
    if (info == GrB_SUCCESS) {
        int rc = GG_cuda_vec_scatter(&T, &region, C->nrows, u, t.acode, scalar != NULL ? t.s1 : NULL,
                                     t.s1code, Id, ni);
        info = rc == GG_CUDA_VRC_UNSUPPORTED ? GG_decline("the index list repeats an index")
                                             : GG_cuda_info(rc);
    }
    GG_cuda_free(Id);
    if (info == GrB_SUCCESS) {
        k.wb.region = region;
        t.kind = GG_CUDA_T_VEC;
        t.A = &T.d;
        if (scalar != NULL) t.acode = t.s1code; /* T holds the scalar, in its own type */
        info = GG_cuda_vcall_finish(&k, &t);
    }
    GG_cuda_vec_release(&T);
    GG_cuda_free(region);
    return info;
}

GrB_Info GG_cuda_extract(GG_container *C, GG_container *M, GrB_BinaryOp accum, GG_container *A,
                         const GrB_Index *I, GrB_Index ni, const GrB_Index *J, GrB_Index nj,
                         const GG_desc *d)
{
    (void)J;
    (void)nj;
    if (A->h.kind != GG_KIND_VECTOR) return GG_decline("matrix extract has no device kernel");
    GrB_Info info = GG_CUDA_VEC_TAKE(d, C->nrows, C, M, A);
    if (info != GrB_SUCCESS) return info;
    GG_cuda_vcall k;
    info = GG_cuda_vcall_begin(&k, C, M, accum, d);
    const GG_vdata *u = NULL;
    if (info == GrB_SUCCESS) info = input(A, &u);
    uint64_t *Id = NULL;
    if (info == GrB_SUCCESS && I != GrB_ALL) info = upload_list(I, ni, &Id);
    GG_cuda_vec T = {0};
    if (info == GrB_SUCCESS) info = GG_cuda_info(GG_cuda_vec_gather(&T, u, Id, ni));
    GG_cuda_free(Id);
    if (info == GrB_SUCCESS) {
        GG_cuda_tdesc t = {.kind = GG_CUDA_T_VEC, .A = &T.d};
        t.acode = t.tcode = (int)A->type->code;
        info = GG_cuda_vcall_finish(&k, &t);
    }
    GG_cuda_vec_release(&T);
    return info;
}

/* ---- reduce to a scalar --------------------------------------------------------------------------- */

GrB_Info GG_cuda_vslot_reduce_scalar(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                                     GrB_BinaryOp op, GrB_Monoid monoid, GG_container *A,
                                     const GG_desc *d)
{
    if (op->opcode == GG_OP_USER || (accum != NULL && accum->opcode == GG_OP_USER))
        return GG_decline("user-defined operator");
    GG_cuda_op mop = GG_cuda_op_of_binary(op);
    if (!GG_cuda_vec_op_supported(&mop)) return GG_decline("no device kernel for this operator");
    GrB_Info info = GG_CUDA_VEC_TAKE(d, A->nrows, A);
    if (info != GrB_SUCCESS) return info;
    const GG_vdata *a;
    info = input(A, &a);
    if (info != GrB_SUCCESS) return info;
    unsigned char t[16];
    bool empty = false;
    info = GG_cuda_info(GG_cuda_vec_reduce(a, (int)A->type->code, &mop, t, &empty));
    if (info != GrB_SUCCESS) return info;
    return GG_reduce_scalar_output(s, c, ctype, accum, t, !empty, op->ztype, monoid);
}
