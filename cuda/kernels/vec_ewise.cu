/* vec_ewise.cu: GG_cuda_vec_ewise, the fused element-wise producer and masked write-back of the
 * vector slots: Z = C<M, replace>(region) = accum(C(region), T) with T (a copy, a scalar, apply,
 * select, eWiseAdd/Mult/Union) computed position by position inside the same kernel.
 *
 * Why fused: a vector operation on the device is memory-bound, so producing T into its own arrays
 * and writing it back in a second pass would move every byte of T twice; here T never exists in
 * memory and T is computed only where the mask and the region let it matter. One thread handles
 * one position: it reads the flags and values of the inputs there (bitmap or full in place,
 * sparse ones scattered into a temporary bitmap first), decides the write-back rule
 * (writeback.cuh) and writes Z's flag and value; the block's entries are summed and added once to
 * Z's count, so nvals stays on the device. */
#include "vec_common.cuh"
#include "writeback.cuh"

namespace {

struct ew_args {
    uint64_t n;
    int kind;      /* GG_cuda_tkind */
    gg_pview a, b; /* the inputs */
    GG_cuda_op op;
    gg_val s1, s2; /* the scalars, already cast to the type of the operand they stand for */
    int acode, bcode, tcode;
    gg_pview m; /* the mask (m.x NULL: its flags are its truth); m.any false: no entry */
    bool has_mask, mcomp, replace;
    const uint8_t *region;
    bool has_accum;
    GG_cuda_op accum;
    gg_pview c; /* C, possibly read from Z's own arrays (a sparse C scattered into them) */
    int ccode;
    uint32_t csize;
    uint8_t *zb; /* Z's flags, NULL when Z is FULL */
    void *zx;
    uint64_t *count; /* Z's count, NULL when Z is FULL */
};

/* A's value at i as the operand of type `code`. */
__device__ inline gg_val a_as(const ew_args &e, uint64_t i, int code)
{
    return gg_convert(gg_pv_get(e.a, i), e.acode, code);
}

__device__ inline gg_val b_as(const ew_args &e, uint64_t i, int code)
{
    return gg_convert(gg_pv_get(e.b, i), e.bcode, code);
}

/* T(i): whether T has an entry at i, and its value (of e.tcode) in *t. */
__device__ inline bool t_at(const ew_args &e, uint64_t i, gg_val *t)
{
    const GG_cuda_op &op = e.op;
    if (e.kind == GG_CUDA_T_SCALAR) {
        *t = e.s1;
        return true;
    }
    bool ha = gg_pv_has(e.a, i);
    switch (e.kind) {
    case GG_CUDA_T_VEC:
        if (ha) *t = gg_pv_get(e.a, i);
        return ha;
    case GG_CUDA_T_APPLY_UNARY:
        if (ha) *t = gg_eval_unary(op, a_as(e, i, op.xcode));
        return ha;
    case GG_CUDA_T_APPLY_BIND1ST:
        if (ha) *t = gg_eval_binary(op, e.s1, a_as(e, i, op.ycode), i);
        return ha;
    case GG_CUDA_T_APPLY_BIND2ND:
        if (ha) *t = gg_eval_binary(op, a_as(e, i, op.xcode), e.s1, i);
        return ha;
    case GG_CUDA_T_APPLY_INDEX:
    case GG_CUDA_T_SELECT: {
        if (!ha) return false;
        /* a positional operator (xcode 0) does not read the value */
        gg_val x = gg_builtin(op.xcode) ? a_as(e, i, op.xcode) : gg_val{0};
        gg_val z = gg_eval_index(op, x, i, 0, e.s1);
        if (e.kind == GG_CUDA_T_APPLY_INDEX) {
            *t = z;
            return true;
        }
        if (gg_convert(z, op.zcode, GG_CUDA_BOOL).u == 0) return false;
        *t = gg_pv_get(e.a, i);
        return true;
    }
    default: break; /* ADD, MULT, UNION */
    }
    bool hb = gg_pv_has(e.b, i);
    if (ha && hb) {
        *t = gg_eval_binary(op, a_as(e, i, op.xcode), b_as(e, i, op.ycode), i);
        return true;
    }
    if (e.kind == GG_CUDA_T_MULT || !(ha || hb)) return false;
    if (e.kind == GG_CUDA_T_UNION) {
        /* the missing side is the union's scalar (alpha for A, beta for B) */
        *t = ha ? gg_eval_binary(op, a_as(e, i, op.xcode), e.s2, i)
                : gg_eval_binary(op, e.s1, b_as(e, i, op.ycode), i);
        return true;
    }
    /* eWiseAdd: an entry of one input alone is cast from its own type to op's result */
    *t = ha ? a_as(e, i, op.zcode) : b_as(e, i, op.zcode);
    return true;
}

__global__ void ewise_kernel(ew_args e)
{
    unsigned long long entries = 0;
    GG_VK_FOR(i, e.n)
    {
        bool allowed = !e.mcomp;
        if (e.has_mask) {
            bool mtrue = gg_pv_has(e.m, i) && (e.m.x == nullptr || gg_pv_get(e.m, i).u != 0);
            allowed = mtrue != e.mcomp;
        }
        bool inside = e.region == nullptr || e.region[i] != 0;
        bool has_c = gg_pv_has(e.c, i), has_t = false;
        gg_val t{0};
        if (gg_wb_needs_t(allowed, inside)) has_t = t_at(e, i, &t);
        int src = gg_wb_source(allowed, inside, e.replace, e.has_accum, has_c, has_t);
        if (src != GG_WB_NONE) {
            gg_val z;
            if (src == GG_WB_C) {
                z = gg_pv_get(e.c, i);
            } else if (src == GG_WB_T) {
                z = gg_convert(t, e.tcode, e.ccode);
            } else {
                /* the CPU's write-back calls the accumulator's function, which answers for the
                 * entry (0, 0) when the operator is positional: so does this */
                gg_val x = gg_convert(gg_pv_get(e.c, i), e.ccode, e.accum.xcode);
                gg_val y = gg_convert(t, e.tcode, e.accum.ycode);
                z = gg_convert(gg_eval_binary(e.accum, x, y, 0), e.accum.zcode, e.ccode);
            }
            gg_store_sized(e.zx, i, e.csize, z);
            entries++;
        }
        if (e.zb != nullptr) e.zb[i] = src != GG_WB_NONE;
    }
    if (e.count != nullptr) gg_block_count(e.count, entries);
}

/* Checks t against n and the kinds' needs, fills the kernel's producer fields and T's type.
 * false: a type or operator the kernels do not handle (or a malformed call). */
bool producer_of(const GG_cuda_tdesc *t, uint64_t n, ew_args *e)
{
    e->kind = t->kind;
    e->op = t->op;
    e->acode = t->acode;
    e->bcode = t->bcode;
    const GG_cuda_op &op = t->op;
    bool needs_a = t->kind != GG_CUDA_T_SCALAR;
    bool needs_b = t->kind == GG_CUDA_T_ADD || t->kind == GG_CUDA_T_MULT || t->kind == GG_CUDA_T_UNION;
    if (needs_a && (t->A == nullptr || t->A->n != n || !gg_builtin(t->acode))) return false;
    if (needs_b && (t->B == nullptr || t->B->n != n || !gg_builtin(t->bcode))) return false;
    switch (t->kind) {
    case GG_CUDA_T_VEC: e->tcode = t->acode; return true;
    case GG_CUDA_T_SCALAR:
        if (!gg_builtin(t->s1code)) return false;
        e->tcode = t->s1code;
        e->s1 = gg_host_val(t->s1, t->s1code);
        return true;
    case GG_CUDA_T_APPLY_UNARY:
        e->tcode = op.zcode;
        return gg_op_unary(op.opcode) && GG_cuda_vec_op_supported(&op);
    case GG_CUDA_T_APPLY_BIND1ST:
    case GG_CUDA_T_APPLY_BIND2ND:
        if (!gg_op_binary(op.opcode) || !GG_cuda_vec_op_supported(&op) || !gg_builtin(t->s1code))
            return false;
        e->tcode = op.zcode;
        e->s1 = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code,
                           t->kind == GG_CUDA_T_APPLY_BIND1ST ? op.xcode : op.ycode);
        return true;
    case GG_CUDA_T_APPLY_INDEX:
    case GG_CUDA_T_SELECT:
        if (!gg_op_index(op.opcode) || !GG_cuda_vec_op_supported(&op) || !gg_builtin(t->s1code))
            return false;
        e->tcode = t->kind == GG_CUDA_T_SELECT ? t->acode : op.zcode;
        e->s1 = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code, op.ycode);
        return true;
    case GG_CUDA_T_ADD:
    case GG_CUDA_T_MULT:
        e->tcode = op.zcode;
        return gg_op_binary(op.opcode) && GG_cuda_vec_op_supported(&op);
    case GG_CUDA_T_UNION:
        if (!gg_op_binary(op.opcode) || !GG_cuda_vec_op_supported(&op) || !gg_builtin(t->s1code) ||
            !gg_builtin(t->s2code))
            return false;
        e->tcode = op.zcode;
        e->s1 = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code, op.xcode);
        e->s2 = gg_convert(gg_host_val(t->s2, t->s2code), t->s2code, op.ycode);
        return true;
    default: return false;
    }
}

/* Whether T has an entry at every position, known without looking at the device. */
bool t_complete(const GG_cuda_tdesc *t)
{
    auto full = [](const GG_vdata *d) { return !gg_vd_empty(d) && d->form == GG_VF_FULL; };
    switch (t->kind) {
    case GG_CUDA_T_SCALAR: return true;
    case GG_CUDA_T_SELECT: return false;
    case GG_CUDA_T_ADD:
    case GG_CUDA_T_UNION: return full(t->A) || full(t->B);
    case GG_CUDA_T_MULT: return full(t->A) && full(t->B);
    default: return full(t->A);
    }
}

} // namespace

extern "C" int GG_cuda_vec_ewise(GG_cuda_vec *Z, const GG_vdata *C, int ccode,
                                 const GG_cuda_tdesc *t, const GG_cuda_wb *wb)
{
    *Z = GG_cuda_vec{};
    if (C == nullptr || t == nullptr || wb == nullptr) return GG_CUDA_VRC_ERROR;
    uint64_t n = C->n;
    const GG_vdata *M = wb->M;
    ew_args e{};
    e.n = n;
    if (!gg_builtin(ccode) || !producer_of(t, n, &e)) return GG_CUDA_VRC_UNSUPPORTED;
    if (wb->accum != nullptr && !GG_cuda_vec_accum_supported(wb->accum)) {
        return GG_CUDA_VRC_UNSUPPORTED;
    }
    if (M != nullptr && M->n != n) return GG_CUDA_VRC_UNSUPPORTED;
    bool c_sparse = !gg_vd_empty(C) && C->form == GG_VF_SPARSE;
    if (!gg_vd_empty(C) && C->size != gg_size_of(ccode)) return GG_CUDA_VRC_UNSUPPORTED;
    uint32_t csize = gg_size_of(ccode);
    bool mstruct = wb->mstruct || !gg_builtin(wb->mcode); /* a user-typed mask is structural */

    /* An empty dimension: an empty result, nothing to run. */
    if (n == 0) {
        Z->d = GG_vdata{0, 0, nullptr, nullptr, nullptr, csize, GG_VF_SPARSE, false};
        Z->nvals_known = true;
        return GG_CUDA_VRC_OK;
    }

    /* Every position allowed, known on the host: no mask, a complemented mask with no entry, or a
     * structural full mask. */
    bool m_empty = gg_vd_empty(M);
    bool all_allowed = (M == nullptr && !wb->mcomp) || (M != nullptr && m_empty && wb->mcomp) ||
                       (!m_empty && M->form == GG_VF_FULL && mstruct && !wb->mcomp);
    bool everywhere = all_allowed && wb->region == nullptr;

    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();

    /* A scalar assigned everywhere without accum: an iso full Z, O(1) whatever n (even beyond
     * what a bitmap may allocate). */
    if (everywhere && t->kind == GG_CUDA_T_SCALAR && wb->accum == nullptr) {
        gg_dev_buf x;
        if (!x.get(csize)) return GG_CUDA_VRC_NOMEM;
        int rc = gg_vk_store_one(x.p, csize, gg_convert(e.s1, e.tcode, ccode));
        if (rc != GG_CUDA_VRC_OK) return rc;
        Z->d = GG_vdata{n, n, nullptr, nullptr, x.release(), csize, GG_VF_FULL, true};
        Z->nvals_known = true;
        return GG_CUDA_VRC_OK;
    }
    /* Everything else touches every position: a bitmap Z must fit. */
    if (n > GG_VFORM_BITMAP_MAX) return GG_CUDA_VRC_UNSUPPORTED;

    /* Z is FULL (and nvals known) when every position is allowed and gets an entry: T complete,
     * or C full under an accumulator. */
    bool c_full = !gg_vd_empty(C) && C->form == GG_VF_FULL;
    bool z_full = everywhere && (t_complete(t) || (wb->accum != nullptr && c_full));

    gg_dev_buf zx, zb, count, cflags, ab, ax, bb, bx, mb, mx, unused;
    if (!zx.get(n * csize) || (!z_full && (!zb.get(n) || !count.get(sizeof(uint64_t))))) {
        return GG_CUDA_VRC_NOMEM;
    }
    int rc = z_full ? GG_CUDA_VRC_OK : gg_vk_rc(cudaMemsetAsync(count.p, 0, sizeof(uint64_t), s));

    /* C: a sparse C is scattered straight into Z's arrays (its flags into a temporary when Z has
     * none), and the kernel then reads and rewrites each position in place. */
    if (rc == GG_CUDA_VRC_OK) {
        uint8_t *cb = nullptr;
        if (c_sparse) {
            if (z_full && !cflags.get(n)) return GG_CUDA_VRC_NOMEM;
            cb = z_full ? cflags.as<uint8_t>() : zb.as<uint8_t>();
        }
        rc = gg_pview_of(&e.c, C, unused, unused, cb, c_sparse ? zx.p : nullptr);
    }
    if (rc == GG_CUDA_VRC_OK && t->kind != GG_CUDA_T_SCALAR) rc = gg_pview_of(&e.a, t->A, ab, ax);
    if (rc == GG_CUDA_VRC_OK && t->B != nullptr && (t->kind == GG_CUDA_T_ADD ||
                                                     t->kind == GG_CUDA_T_MULT ||
                                                     t->kind == GG_CUDA_T_UNION)) {
        rc = gg_pview_of(&e.b, t->B, bb, bx);
    }
    if (rc == GG_CUDA_VRC_OK && M != nullptr) {
        /* a sparse mask becomes flags holding its truth; a structural one is read by flags only */
        rc = gg_pview_of(&e.m, M, mb, mx, nullptr, nullptr, false, !mstruct);
        if (mstruct) e.m.x = nullptr;
    }
    if (rc != GG_CUDA_VRC_OK) return rc;

    e.has_mask = M != nullptr;
    e.mcomp = wb->mcomp;
    e.replace = wb->replace;
    e.region = wb->region;
    e.has_accum = wb->accum != nullptr;
    if (e.has_accum) e.accum = *wb->accum;
    e.ccode = ccode;
    e.csize = csize;
    e.zx = zx.p;
    e.zb = z_full ? nullptr : zb.as<uint8_t>();
    e.count = z_full ? nullptr : count.as<uint64_t>();
    ewise_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(e);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;

    /* the temporaries are freed stream-ordered as they go out of scope, after the kernel */
    if (z_full) {
        Z->d = GG_vdata{n, n, nullptr, nullptr, zx.release(), csize, GG_VF_FULL, false};
        Z->nvals_known = true;
    } else {
        Z->d = GG_vdata{n, 0, nullptr, zb.as<uint8_t>(), zx.p, csize, GG_VF_BITMAP, false};
        zb.release();
        zx.release();
        Z->count = count.as<uint64_t>();
        count.release();
        Z->nvals_known = false;
    }
    return GG_CUDA_VRC_OK;
}

/* ---- masked assign in place ---------------------------------------------------------------------
 * C<M>(:) = s or u, no accumulator, no replace, no complement: only the positions the mask admits
 * change, so C's own arrays are rewritten there instead of writing a whole new Z (at n = 10^6 the
 * general pass moves about 19 MB for a BFS level's handful of entries). A sparse mask is walked by
 * its entries, a bitmap or full one by position. */
namespace
{

struct ip_args {
    GG_vdata M;
    bool mstruct;
    bool scalar;
    gg_val s; /* the scalar, already of C's type */
    gg_pview u;
    int ucode;
    uint8_t *cb; /* NULL: C is FULL */
    void *cx;
    int ccode;
    uint32_t csize;
    uint64_t *count;
};

/* Position i is admitted: writes C(i) and returns the change of C's entry count. */
__device__ inline long long ip_write(const ip_args &a, uint64_t i)
{
    bool has = a.scalar || gg_pv_has(a.u, i);
    if (has) {
        gg_val v = a.scalar ? a.s : gg_convert(gg_pv_get(a.u, i), a.ucode, a.ccode);
        gg_store_sized(a.cx, i, a.csize, v);
    }
    if (a.cb == nullptr || (bool)a.cb[i] == has) return 0;
    a.cb[i] = has;
    return has ? 1 : -1;
}

__global__ void assign_inplace_kernel(ip_args a)
{
    long long delta = 0;
    if (a.M.form == GG_VF_SPARSE) {
        GG_VK_FOR(p, a.M.nvals)
        {
            if (a.mstruct ||
                gg_nonzero_bytes((const char *)a.M.x + (a.M.iso ? 0 : p * a.M.size), a.M.size))
                delta += ip_write(a, a.M.i[p]);
        }
    } else {
        GG_VK_FOR(i, a.M.n)
        {
            if (gg_mask_bit(a.M, a.mstruct, i)) delta += ip_write(a, i);
        }
    }
    /* a negative change wraps modulo 2^64, as the count's own atomicAdd does */
    if (a.count != nullptr) gg_block_count(a.count, (unsigned long long)delta);
}

} // namespace

extern "C" int GG_cuda_vec_assign_inplace(GG_cuda_vec *C, int ccode, const GG_cuda_tdesc *t,
                                          const GG_vdata *M, int mcode, bool mstruct)
{
    GG_vdata *c = &C->d;
    bool bitmap = c->form == GG_VF_BITMAP && C->count != nullptr;
    bool scalar = t->kind == GG_CUDA_T_SCALAR;
    if (!gg_builtin(ccode) || c->iso || M == nullptr || M->n != c->n || gg_vd_empty(M) ||
        !(bitmap || c->form == GG_VF_FULL) || (!scalar && t->kind != GG_CUDA_T_VEC) ||
        (!scalar && (t->A == nullptr || !gg_builtin(t->acode))) ||
        (!scalar && c->form == GG_VF_FULL && t->A->form != GG_VF_FULL) ||
        (scalar && !gg_builtin(t->s1code)))
        return GG_CUDA_VRC_UNSUPPORTED;
    ip_args a{};
    a.M = *M;
    a.mstruct = mstruct || !gg_builtin(mcode);
    a.scalar = scalar;
    gg_dev_buf ub, ux;
    if (scalar) {
        a.s = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code, ccode);
    } else {
        int rc = gg_pview_of(&a.u, t->A, ub, ux);
        if (rc != GG_CUDA_VRC_OK) return rc;
        a.ucode = t->acode;
    }
    a.cb = bitmap ? c->b : nullptr;
    a.cx = c->x;
    a.ccode = ccode;
    a.csize = gg_size_of(ccode);
    a.count = bitmap ? C->count : nullptr;
    uint64_t work = M->form == GG_VF_SPARSE ? M->nvals : M->n;
    if (work > 0)
        assign_inplace_kernel<<<gg_vk_blocks(work), GG_VK_THREADS, 0, GG_cuda_stream()>>>(a);
    if (bitmap) C->nvals_known = false;
    return gg_vk_launched();
}
