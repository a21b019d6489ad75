/* vec_value.cu: which operators the vector kernels handle (GG_cuda_vec_op_supported,
 * GG_cuda_vec_accum_supported): every built-in operator on built-in types, as the value model
 * (vec_value.cuh) evaluates them, except the combinations no built-in operator object has and
 * whose rule the CPU would not define the same way (bitwise operators on floating point, BNOT
 * outside the integers, positional results other than INT32/INT64). */
#include "vec_value.cuh"

namespace {

bool integer_or_bool(int code)
{
    return gg_builtin(code) && code != GG_CUDA_FP32 && code != GG_CUDA_FP64;
}

} // namespace

extern "C" bool GG_cuda_vec_op_supported(const GG_cuda_op *op)
{
    if (op == nullptr) return false;
    int o = op->opcode, x = op->xcode, y = op->ycode, z = op->zcode;
    if (gg_op_unary(o)) {
        if (o == GG_OP_BNOT) return integer_or_bool(x) && x != GG_CUDA_BOOL && gg_builtin(z);
        return gg_builtin(x) && gg_builtin(z);
    }
    if (gg_op_positional(o)) return (z == GG_CUDA_INT32 || z == GG_CUDA_INT64);
    if (gg_op_binary(o)) {
        if (!gg_builtin(x) || !gg_builtin(y) || !gg_builtin(z)) return false;
        return (o < GG_OP_BOR || o > GG_OP_BXNOR) || integer_or_bool(x);
    }
    if (gg_op_index(o)) {
        /* the positional index-unary operators have no x type (0): they never read the value */
        bool positional = o < GG_OP_VALUEEQ;
        return gg_builtin(y) && gg_builtin(z) && (gg_builtin(x) || (positional && x == 0));
    }
    return false; /* GG_OP_USER */
}

extern "C" bool GG_cuda_vec_accum_supported(const GG_cuda_op *op)
{
    return op != nullptr && gg_op_binary(op->opcode) && GG_cuda_vec_op_supported(op);
}
