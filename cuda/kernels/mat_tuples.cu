/* mat_tuples.cu: a matrix as device tuples (GG_cuda_mat_kernels.h): the logical tuples of a device
 * tree, apply, select, eWiseAdd/Mult and the fill of a scalar over them (one thread per entry or
 * merged key, the vector kernels' value model, so every built-in operator and cast the vector
 * slots take is taken here too), the merge of two sorted sets that eWise and the write-back share,
 * and the CSR/CSC views that the product kernels read, derived on the device so a device-written
 * matrix never goes through the host on its way to an mxv. Nothing here sorts: tuples come from a
 * tree in the order their reader needs (GG_cuda_hs_to_coo), and apply, select and the compactions
 * keep it. */
#include "mat_common.cuh"

#include <cub/device/device_merge.cuh>
#include <cub/device/device_scan.cuh>

int gg_mk_scan(uint32_t *flag, uint32_t *pos, uint64_t n, uint64_t *total)
{
    cudaStream_t s = GG_cuda_stream();
    int rc = gg_vk_rc(cudaMemsetAsync(flag + n, 0, sizeof *flag, s));
    size_t bytes = 0;
    if (rc == GG_CUDA_VRC_OK)
        rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(nullptr, bytes, flag, pos, (int64_t)(n + 1), s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    gg_dev_buf tmp;
    if (!tmp.get(bytes)) return GG_CUDA_VRC_NOMEM;
    rc = gg_vk_rc(cub::DeviceScan::ExclusiveSum(tmp.p, bytes, flag, pos, (int64_t)(n + 1), s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    uint32_t t = 0;
    if (!GG_cuda_download(&t, pos + n, sizeof t)) return GG_CUDA_VRC_ERROR;
    *total = t;
    return GG_CUDA_VRC_OK;
}

namespace {

/* The kept entries at their positions pos[p] (values of `size` bytes); their coordinates are
 * row[p], col[p], or split from the row-major key[p] when key is not NULL. */
__global__ void compact_kernel(uint64_t n, const uint32_t *keep, const uint32_t *pos,
                               const uint64_t *key, const uint32_t *row, const uint32_t *col,
                               const void *x, uint32_t size, uint32_t *orow, uint32_t *ocol, void *ox)
{
    GG_VK_FOR(p, n)
    {
        if (!keep[p]) continue;
        uint32_t q = pos[p];
        orow[q] = key != nullptr ? (uint32_t)(key[p] >> 32) : row[p];
        ocol[q] = key != nullptr ? (uint32_t)key[p] : col[p];
        gg_store_sized(ox, q, size, gg_load_sized(x, p, size));
    }
}

/* Moves the device arrays of n tuples into t. */
void take_tuples(GG_cuda_tuples *t, uint64_t n, gg_dev_buf &r, gg_dev_buf &c, gg_dev_buf &x)
{
    t->n = n;
    t->row = static_cast<uint32_t *>(r.release());
    t->col = static_cast<uint32_t *>(c.release());
    t->x = x.release();
}

/* gg_mk_compact and gg_mk_from_keys: the coordinates from key, or from row and col (T keeps the
 * order they come in). */
int compact(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint64_t *key, const uint32_t *row,
            const uint32_t *col, const void *x, int code, GG_cuda_order order)
{
    *T = GG_cuda_tuples{};
    T->code = code;
    T->order = order;
    if (n == 0) return GG_CUDA_VRC_OK;
    gg_dev_buf pos;
    if (!pos.get((n + 1) * sizeof(uint32_t))) return GG_CUDA_VRC_NOMEM;
    uint64_t m = 0;
    int rc = gg_mk_scan(keep, pos.as<uint32_t>(), n, &m);
    if (rc != GG_CUDA_VRC_OK || m == 0) return rc;
    uint32_t size = gg_size_of(code);
    gg_dev_buf r, c, ox;
    if (!r.get(m * sizeof(uint32_t)) || !c.get(m * sizeof(uint32_t)) || !ox.get(m * size))
        return GG_CUDA_VRC_NOMEM;
    compact_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(
        n, keep, pos.as<uint32_t>(), key, row, col, x, size, r.as<uint32_t>(), c.as<uint32_t>(),
        ox.p);
    rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) take_tuples(T, m, r, c, ox);
    return rc;
}

} // namespace

int gg_mk_compact(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint32_t *row,
                  const uint32_t *col, const void *x, int code, GG_cuda_order order)
{
    return compact(T, keep, n, nullptr, row, col, x, code, order);
}

int gg_mk_from_keys(GG_cuda_tuples *T, uint32_t *keep, uint64_t n, const uint64_t *key,
                    const void *x, int code)
{
    return compact(T, keep, n, key, nullptr, nullptr, x, code, GG_CUDA_ORDER_ROW);
}

extern "C" void GG_cuda_tuples_release(GG_cuda_tuples *t)
{
    GG_cuda_free(t->row);
    GG_cuda_free(t->col);
    GG_cuda_free(t->x);
    int code = t->code;
    *t = GG_cuda_tuples{};
    t->code = code;
}

/* t = n tuples of type code in `order`, their arrays filled by decode(row, col, x). */
template <class F> int tuples_from(GG_cuda_tuples *t, int code, uint64_t n, GG_cuda_order order, F decode)
{
    *t = GG_cuda_tuples{};
    if (!gg_builtin(code)) return GG_CUDA_VRC_UNSUPPORTED;
    t->code = code;
    t->order = order;
    if (n == 0) return GG_CUDA_VRC_OK;
    if (n >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    gg_dev_buf r, c, x;
    if (!r.get(n * sizeof(uint32_t)) || !c.get(n * sizeof(uint32_t)) || !x.get(n * gg_size_of(code)))
        return GG_CUDA_VRC_NOMEM;
    int rc = gg_hs_rc(decode(r.as<uint32_t>(), c.as<uint32_t>(), x.p));
    if (rc == GG_CUDA_VRC_OK) take_tuples(t, n, r, c, x);
    return rc;
}

extern "C" int GG_cuda_tuples_of(GG_cuda_tuples *t, const GG_cuda_hs *A, GG_cuda_order order)
{
    return tuples_from(t, A->type_code, A->nvals, order, [&](uint32_t *r, uint32_t *c, void *x) {
        return GG_cuda_hs_to_coo(A, order, r, c, x);
    });
}

extern "C" int GG_cuda_tuples_of_keys(GG_cuda_tuples *t, const GG_cuda_hkeys *K, GG_cuda_order order)
{
    return tuples_from(t, K->type_code, K->n, order, [&](uint32_t *r, uint32_t *c, void *x) {
        return GG_cuda_hkeys_to_coo(K, order, r, c, x);
    });
}

/* ---- apply and select ---------------------------------------------------------------------------- */

namespace {

struct ap_args {
    uint64_t n;
    const uint32_t *row, *col;
    const void *ax;
    int acode, kind;
    GG_cuda_op op;
    gg_val s1;      /* the bound scalar (as the operand it stands for) or the thunk (as op.ycode) */
    void *tx;       /* apply: T's values, of op.zcode */
    uint32_t *keep; /* select: whether entry p stays */
};

__global__ void apply_kernel(ap_args a)
{
    const GG_cuda_op &op = a.op;
    GG_VK_FOR(p, a.n)
    {
        uint64_t i = a.row[p], j = a.col[p];
        gg_val x = gg_load(a.ax, p, a.acode);
        switch (a.kind) {
        case GG_CUDA_T_APPLY_UNARY:
            gg_store(a.tx, p, op.zcode, gg_eval_unary(op, gg_convert(x, a.acode, op.xcode)));
            break;
        case GG_CUDA_T_APPLY_BIND1ST:
            gg_store(a.tx, p, op.zcode, gg_mk_binary(op, a.s1, gg_convert(x, a.acode, op.ycode), i, j));
            break;
        case GG_CUDA_T_APPLY_BIND2ND:
            gg_store(a.tx, p, op.zcode, gg_mk_binary(op, gg_convert(x, a.acode, op.xcode), a.s1, i, j));
            break;
        default: { /* APPLY_INDEX, SELECT; a positional operator (xcode 0) does not read x */
            gg_val xin = gg_builtin(op.xcode) ? gg_convert(x, a.acode, op.xcode) : gg_val{0};
            gg_val z = gg_eval_index(op, xin, i, j, a.s1);
            if (a.kind == GG_CUDA_T_APPLY_INDEX)
                gg_store(a.tx, p, op.zcode, z);
            else
                a.keep[p] = gg_convert(z, op.zcode, GG_CUDA_BOOL).u != 0;
        }
        }
    }
}

} // namespace

extern "C" int GG_cuda_mat_apply(GG_cuda_tuples *T, GG_cuda_tuples *A, const GG_cuda_mt *t)
{
    *T = GG_cuda_tuples{};
    const GG_cuda_op &op = t->op;
    bool ok;
    switch (t->kind) {
    case GG_CUDA_T_APPLY_UNARY: ok = gg_op_unary(op.opcode); break;
    case GG_CUDA_T_APPLY_BIND1ST:
    case GG_CUDA_T_APPLY_BIND2ND: ok = gg_op_binary(op.opcode) && gg_builtin(t->s1code); break;
    case GG_CUDA_T_APPLY_INDEX:
    case GG_CUDA_T_SELECT: ok = gg_op_index(op.opcode) && gg_builtin(t->s1code); break;
    default: ok = false;
    }
    if (!ok || !GG_cuda_vec_op_supported(&op) || !gg_builtin(A->code)) return GG_CUDA_VRC_UNSUPPORTED;
    bool select = t->kind == GG_CUDA_T_SELECT;
    ap_args a{};
    a.n = A->n;
    a.row = A->row;
    a.col = A->col;
    a.ax = A->x;
    a.acode = A->code;
    a.kind = t->kind;
    a.op = op;
    if (t->kind != GG_CUDA_T_APPLY_UNARY)
        a.s1 = gg_convert(gg_host_val(t->s1, t->s1code), t->s1code,
                          t->kind == GG_CUDA_T_APPLY_BIND1ST ? op.xcode : op.ycode);
    T->code = select ? A->code : op.zcode;
    T->order = A->order;
    uint64_t n = A->n;
    if (n == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    if (!select) {
        gg_dev_buf tx;
        if (!tx.get(n * gg_size_of(op.zcode))) return GG_CUDA_VRC_NOMEM;
        a.tx = tx.p;
        apply_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(a);
        int rc = gg_vk_launched();
        if (rc != GG_CUDA_VRC_OK) return rc;
        T->n = n;
        T->row = A->row;
        T->col = A->col;
        T->x = tx.release();
        A->row = A->col = nullptr;
        return GG_CUDA_VRC_OK;
    }
    gg_dev_buf keep;
    if (!keep.get((n + 1) * sizeof(uint32_t))) return GG_CUDA_VRC_NOMEM;
    a.keep = keep.as<uint32_t>();
    apply_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(a);
    int rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    return gg_mk_compact(T, keep.as<uint32_t>(), n, A->row, A->col, A->x, A->code, A->order);
}

/* ---- merges, eWiseAdd/Mult, fill ------------------------------------------------------------------ */

namespace {

/* Row-major keys of n tuples and, when src is not NULL, payloads k | tag. */
__global__ void key_kernel(uint64_t n, const uint32_t *row, const uint32_t *col, uint32_t tag,
                           uint64_t *key, uint32_t *src)
{
    GG_VK_FOR(k, n)
    {
        key[k] = ((uint64_t)row[k] << 32) | col[k];
        if (src != nullptr) src[k] = (uint32_t)k | tag;
    }
}

/* One set's keys and payloads into new buffers. */
int tagged_keys(const GG_cuda_tuples *t, uint32_t tag, gg_dev_buf &key, gg_dev_buf &src)
{
    if (!key.get(t->n * 8) || !src.get(t->n * 4)) return GG_CUDA_VRC_NOMEM;
    if (t->n == 0) return GG_CUDA_VRC_OK;
    key_kernel<<<gg_vk_blocks(t->n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(
        t->n, t->row, t->col, tag, key.as<uint64_t>(), src.as<uint32_t>());
    return gg_vk_launched();
}

} // namespace

int gg_mk_keys(uint64_t *key, const GG_cuda_tuples *t)
{
    if (t->n == 0) return GG_CUDA_VRC_OK;
    key_kernel<<<gg_vk_blocks(t->n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(t->n, t->row, t->col, 0,
                                                                         key, nullptr);
    return gg_vk_launched();
}

int gg_mk_merge(gg_mk_merged *m, const GG_cuda_tuples *A, const GG_cuda_tuples *B)
{
    uint64_t na = A->n, nb = B->n, n = na + nb;
    if (n >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    GG_cuda_bind();
    int rc = tagged_keys(A, 0, m->ak, m->as);
    if (rc == GG_CUDA_VRC_OK) rc = tagged_keys(B, GG_MK_FROM_B, m->bk, m->bs);
    if (rc != GG_CUDA_VRC_OK) return rc;
    /* one set alone is already sorted */
    m->v.n = n;
    m->v.k = na == 0 ? m->bk.as<uint64_t>() : m->ak.as<uint64_t>();
    m->v.s = na == 0 ? m->bs.as<uint32_t>() : m->as.as<uint32_t>();
    if (na == 0 || nb == 0) return GG_CUDA_VRC_OK;
    if (!m->key.get(n * 8) || !m->src.get(n * 4)) return GG_CUDA_VRC_NOMEM;
    size_t bytes = 0;
    gg_dev_buf tmp;
    auto merge = [&](void *t) {
        return cub::DeviceMerge::MergePairs(t, bytes, m->ak.as<uint64_t>(), m->as.as<uint32_t>(),
                                            (int64_t)na, m->bk.as<uint64_t>(), m->bs.as<uint32_t>(),
                                            (int64_t)nb, m->key.as<uint64_t>(),
                                            m->src.as<uint32_t>(), cuda::std::less<uint64_t>(),
                                            GG_cuda_stream());
    };
    rc = gg_vk_rc(merge(nullptr));
    if (rc == GG_CUDA_VRC_OK && !tmp.get(bytes)) rc = GG_CUDA_VRC_NOMEM;
    if (rc == GG_CUDA_VRC_OK) rc = gg_vk_rc(merge(tmp.p));
    m->v.k = m->key.as<uint64_t>();
    m->v.s = m->src.as<uint32_t>();
    return rc;
}

namespace {

struct me_args {
    gg_mk_view m; /* A's and B's merged keys */
    const void *ax, *bx;
    int acode, bcode;
    GG_cuda_op op;
    bool mult;
    uint32_t *keep;
    void *tx; /* T's value at each merged key, of op.zcode */
};

/* The first of each run of equal keys decides T's entry there: op on the intersection (the
 * operands cast to op's x and y types), an entry of one input alone (eWiseAdd only) cast from its
 * own type to op's result, as the CPU merge does. */
__global__ void mat_ewise_kernel(me_args a)
{
    const GG_cuda_op &op = a.op;
    GG_VK_FOR(p, a.m.n)
    {
        bool has_a, has_b;
        uint32_t ai, bi;
        bool first = gg_mk_run(a.m, p, &has_a, &ai, &has_b, &bi);
        bool keep = first && ((has_a && has_b) || !a.mult);
        a.keep[p] = keep;
        if (!keep) continue;
        gg_val z;
        if (has_a && has_b) {
            gg_val x = gg_convert(gg_load(a.ax, ai, a.acode), a.acode, op.xcode);
            gg_val y = gg_convert(gg_load(a.bx, bi, a.bcode), a.bcode, op.ycode);
            z = gg_mk_binary(op, x, y, a.m.k[p] >> 32, a.m.k[p] & 0xffffffffULL);
        } else if (has_a) {
            z = gg_convert(gg_load(a.ax, ai, a.acode), a.acode, op.zcode);
        } else {
            z = gg_convert(gg_load(a.bx, bi, a.bcode), a.bcode, op.zcode);
        }
        gg_store(a.tx, p, op.zcode, z);
    }
}

/* T(k) = s at P's tuple k, or at the k-th position of a full nrows x ncols matrix (prow NULL). */
__global__ void fill_kernel(uint64_t n, uint64_t ncols, const uint32_t *prow, const uint32_t *pcol,
                            gg_val s, uint32_t size, uint32_t *row, uint32_t *col, void *x)
{
    GG_VK_FOR(k, n)
    {
        row[k] = prow != nullptr ? prow[k] : (uint32_t)(k / ncols);
        col[k] = prow != nullptr ? pcol[k] : (uint32_t)(k % ncols);
        gg_store_sized(x, k, size, s);
    }
}

} // namespace

extern "C" int GG_cuda_mat_ewise(GG_cuda_tuples *T, const GG_cuda_tuples *A, const GG_cuda_tuples *B,
                                 const GG_cuda_op *op, bool mult)
{
    *T = GG_cuda_tuples{};
    if (!gg_op_binary(op->opcode) || !GG_cuda_vec_op_supported(op) || !gg_builtin(A->code) ||
        !gg_builtin(B->code))
        return GG_CUDA_VRC_UNSUPPORTED;
    T->code = op->zcode;
    if (A->n + B->n >= (1ULL << 31)) return GG_CUDA_VRC_UNSUPPORTED;
    gg_mk_merged m;
    int rc = gg_mk_merge(&m, A, B);
    if (rc != GG_CUDA_VRC_OK || m.v.n == 0) return rc;
    gg_dev_buf keep, tx;
    if (!keep.get((m.v.n + 1) * 4) || !tx.get(m.v.n * gg_size_of(op->zcode)))
        return GG_CUDA_VRC_NOMEM;
    me_args a{m.v, A->x, B->x, A->code, B->code, *op, mult, keep.as<uint32_t>(), tx.p};
    mat_ewise_kernel<<<gg_vk_blocks(m.v.n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(a);
    rc = gg_vk_launched();
    if (rc != GG_CUDA_VRC_OK) return rc;
    return gg_mk_from_keys(T, keep.as<uint32_t>(), m.v.n, m.v.k, tx.p, op->zcode);
}

extern "C" int GG_cuda_mat_fill(GG_cuda_tuples *T, const GG_cuda_tuples *P, uint64_t nrows,
                                uint64_t ncols, const void *s, int scode)
{
    *T = GG_cuda_tuples{};
    if (!gg_builtin(scode)) return GG_CUDA_VRC_UNSUPPORTED;
    T->code = scode;
    uint64_t n = P != nullptr ? P->n : nrows * ncols;
    if (P == nullptr && nrows > 0 && ncols > ((1ULL << 31) - 1) / nrows)
        return GG_CUDA_VRC_UNSUPPORTED; /* 2^31 positions or more */
    if (n == 0) return GG_CUDA_VRC_OK;
    uint32_t size = gg_size_of(scode);
    GG_cuda_bind();
    gg_dev_buf r, c, x;
    if (!r.get(n * sizeof(uint32_t)) || !c.get(n * sizeof(uint32_t)) || !x.get(n * size))
        return GG_CUDA_VRC_NOMEM;
    fill_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(
        n, ncols, P != nullptr ? P->row : nullptr, P != nullptr ? P->col : nullptr,
        gg_host_val(s, scode), size, r.as<uint32_t>(), c.as<uint32_t>(), x.p);
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) take_tuples(T, n, r, c, x);
    return rc;
}

/* ---- compressed views ------------------------------------------------------------------------------ */

namespace {

/* ptr[r] = the first entry whose major index is at least r, for r <= dim (major sorted). */
__global__ void ptr_kernel(uint64_t dim, const uint32_t *major, uint64_t n, uint64_t *ptr)
{
    GG_VK_FOR(r, dim + 1)
    {
        ptr[r] = gg_lower_bound(major, n, r);
    }
}

__global__ void head_kernel(uint64_t n, const uint32_t *major, uint32_t *head)
{
    GG_VK_FOR(p, n) head[p] = p == 0 || major[p] != major[p - 1];
}

/* A hypersparse view's vector list and pointers: the first entry of each major index. */
__global__ void hyper_kernel(uint64_t n, const uint32_t *major, const uint32_t *head,
                             const uint32_t *pos, uint64_t nvec, uint64_t *vec, uint64_t *ptr)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) ptr[nvec] = n;
    GG_VK_FOR(p, n)
    {
        if (!head[p]) continue;
        vec[pos[p]] = major[p];
        ptr[pos[p]] = p;
    }
}

/* The view's 64-bit minor indices from the tuples' 32-bit ones. */
__global__ void widen_kernel(uint64_t n, const uint32_t *mnr, uint64_t *idx)
{
    GG_VK_FOR(p, n) idx[p] = mnr[p];
}

} // namespace

extern "C" int GG_cuda_cview_of(GG_cuda_cview *v, void **mem, const GG_cuda_tuples *t, uint64_t dim,
                                bool by_col)
{
    *mem = nullptr;
    if (!gg_builtin(t->code) || t->n >= (1ULL << 31) || dim > (1ULL << 32))
        return GG_CUDA_VRC_UNSUPPORTED;
    uint64_t n = t->n;
    if (n > 0 && t->order != (by_col ? GG_CUDA_ORDER_COL : GG_CUDA_ORDER_ROW)) return GG_CUDA_VRC_ERROR;
    uint32_t size = gg_size_of(t->code);
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();

    /* the entries are in the view's order: the major indices give the pointers, the minor ones are
     * widened to the view's 64 bits and the values copied as they are */
    const uint32_t *maj = by_col ? t->col : t->row, *mnr = by_col ? t->row : t->col;
    const void *x = t->x;
    int rc = GG_CUDA_VRC_OK;

    /* hypersparse beyond 8 vectors an entry: the nonempty vectors are counted first */
    bool hyper = gg_view_hyper(dim, n);
    gg_dev_buf head, pos;
    uint64_t nvec = dim;
    if (hyper) {
        nvec = 0;
        if (!head.get((n + 1) * 4) || !pos.get((n + 1) * 4)) return GG_CUDA_VRC_NOMEM;
        if (n > 0) {
            head_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(n, maj, head.as<uint32_t>());
            rc = gg_vk_launched();
            if (rc == GG_CUDA_VRC_OK) rc = gg_mk_scan(head.as<uint32_t>(), pos.as<uint32_t>(), n, &nvec);
            if (rc != GG_CUDA_VRC_OK) return rc;
        }
    }
    size_t bvec = hyper ? gg_align16(nvec * 8) : 0, bptr = gg_align16((nvec + 1) * 8);
    size_t bidx = gg_align16(n * 8), bx = gg_align16(n * size);
    gg_dev_buf block;
    if (!block.get(bvec + bptr + bidx + bx)) return GG_CUDA_VRC_NOMEM;
    char *base = block.as<char>();
    uint64_t *vec = hyper ? (uint64_t *)base : nullptr, *ptr = (uint64_t *)(base + bvec);
    if (hyper) {
        hyper_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(n, maj, head.as<uint32_t>(),
                                                             pos.as<uint32_t>(), nvec, vec, ptr);
    } else {
        ptr_kernel<<<gg_vk_blocks(dim + 1), GG_VK_THREADS, 0, s>>>(dim, maj, n, ptr);
    }
    rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK && n > 0) {
        widen_kernel<<<gg_vk_blocks(n), GG_VK_THREADS, 0, s>>>(n, mnr, (uint64_t *)(base + bvec + bptr));
        rc = gg_vk_launched();
    }
    if (rc == GG_CUDA_VRC_OK && n > 0)
        rc = gg_vk_rc(cudaMemcpyAsync(base + bvec + bptr + bidx, x, n * size, cudaMemcpyDeviceToDevice, s));
    if (rc != GG_CUDA_VRC_OK) return rc;
    *v = GG_cuda_cview{nvec, vec, ptr, (const uint64_t *)(base + bvec + bptr),
                       base + bvec + bptr + bidx, t->code, (int)size,
                       0 /* the longest vector is not known: the push takes its long pass */};
    *mem = block.release();
    return GG_CUDA_VRC_OK;
}

/* ---- a result as CSR32 (GG_cuda_csr32) ---------------------------------------------------------- */

namespace {

/* row[p] = the row whose offsets hold entry p (the last row starting at or before p). */
__global__ void rows_kernel(uint64_t nrows, const uint32_t *ptr, uint64_t n, uint32_t *row)
{
    GG_VK_FOR(p, n) row[p] = (uint32_t)(gg_lower_bound(ptr, nrows + 1, p + 1) - 1);
}

} // namespace

extern "C" void GG_cuda_csr32_release(GG_cuda_csr32 *R)
{
    GG_cuda_free(R->ptr);
    GG_cuda_free(R->col);
    GG_cuda_free(R->x);
    R->ptr = R->col = nullptr;
    R->x = nullptr;
    R->n = 0;
}

extern "C" int GG_cuda_csr32_rows(const GG_cuda_csr32 *R, uint32_t **row)
{
    *row = nullptr;
    if (R->n == 0) return GG_CUDA_VRC_OK;
    GG_cuda_bind();
    gg_dev_buf r;
    if (!r.get(R->n * sizeof(uint32_t))) return GG_CUDA_VRC_NOMEM;
    rows_kernel<<<gg_vk_blocks(R->n), GG_VK_THREADS, 0, GG_cuda_stream()>>>(R->nrows, R->ptr, R->n,
                                                                          r.as<uint32_t>());
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) *row = static_cast<uint32_t *>(r.release());
    return rc;
}

extern "C" int GG_cuda_csr32_cview(GG_cuda_cview *v, void **mem, const GG_cuda_csr32 *R)
{
    *mem = nullptr;
    if (!gg_builtin(R->code) || R->n == 0) return GG_CUDA_VRC_UNSUPPORTED;
    GG_cuda_bind();
    cudaStream_t s = GG_cuda_stream();
    size_t bptr = gg_align16((R->nrows + 1) * 8);
    gg_dev_buf block;
    if (!block.get(bptr + R->n * 8)) return GG_CUDA_VRC_NOMEM;
    uint64_t *ptr = block.as<uint64_t>(), *idx = (uint64_t *)(block.as<char>() + bptr);
    widen_kernel<<<gg_vk_blocks(R->nrows + 1), GG_VK_THREADS, 0, s>>>(R->nrows + 1, R->ptr, ptr);
    int rc = gg_vk_launched();
    if (rc == GG_CUDA_VRC_OK) {
        widen_kernel<<<gg_vk_blocks(R->n), GG_VK_THREADS, 0, s>>>(R->n, R->col, idx);
        rc = gg_vk_launched();
    }
    if (rc != GG_CUDA_VRC_OK) return rc;
    *v = GG_cuda_cview{R->nrows, nullptr, ptr, idx, R->x, R->code, (int)gg_size_of(R->code), 0};
    *mem = block.release();
    return GG_CUDA_VRC_OK;
}
