/* writeback.cuh: the device write-back rule C<M, replace>(region) = accum(C(region), T) for one
 * position, the same specification as the CPU backend's write-back (its merge body): which value
 * the result takes there. Kept apart from the kernels that apply it (vec_ewise.cu for vectors) so
 * that the matrix write-back decides each entry by the same lines. */
#ifndef GG_CUDA_WRITEBACK_CUH
#define GG_CUDA_WRITEBACK_CUH

/* Where the result's value at a position comes from. */
enum { GG_WB_NONE = 0, GG_WB_C = 1, GG_WB_T = 2, GG_WB_ACCUM = 3 };

/* Whether T decides the position at all (elsewhere T need not be computed): only where the mask
 * allows the position and it lies inside the region. */
__host__ __device__ inline bool gg_wb_needs_t(bool allowed, bool inside)
{
    return allowed && inside;
}

/* The source of the result at a position: outside the mask C keeps its entry unless replace
 * (inside or outside the region, as GrB_assign's mask covers all of C); outside the region C is
 * kept; elsewhere C gets accum(C, T) where both have an entry, C's or T's where only one has
 * (without accum: T's, or nothing). has_t is read only where gg_wb_needs_t. */
__host__ __device__ inline int gg_wb_source(bool allowed, bool inside, bool replace, bool accum,
                                            bool has_c, bool has_t)
{
    if (!allowed) return has_c && !replace ? GG_WB_C : GG_WB_NONE;
    if (!inside) return has_c ? GG_WB_C : GG_WB_NONE;
    if (!accum) return has_t ? GG_WB_T : GG_WB_NONE;
    return has_c && has_t ? GG_WB_ACCUM : has_c ? GG_WB_C : has_t ? GG_WB_T : GG_WB_NONE;
}

#endif /* GG_CUDA_WRITEBACK_CUH */
