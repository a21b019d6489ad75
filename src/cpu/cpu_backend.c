/* cpu_backend.c: the CPU backend table, the executable specification of every operation: one
 * GG_cpu_<slot> function (of the GG_<slot>_fn types in GG_backend.h) per family. A family left
 * NULL here is not implemented: its operations validate their arguments and return
 * GrB_NOT_IMPLEMENTED, which Doc/STATUS.md records. */
#include "GG_cpu.h"

const GG_backend GG_cpu_backend = {
    .name = "cpu",
    .mxm = GG_cpu_mxm,
    .mxv = GG_cpu_mxv,
    .ewise_add = GG_cpu_ewise_add,
    .ewise_mult = GG_cpu_ewise_mult,
    .kronecker = GG_cpu_kronecker,
    .extract = GG_cpu_extract,
    .assign = GG_cpu_assign,
    .apply = GG_cpu_apply,
    .select = GG_cpu_select,
    .reduce_vector = GG_cpu_reduce_vector,
    .reduce_scalar = GG_cpu_reduce_scalar,
    .transpose = GG_cpu_transpose,
};
