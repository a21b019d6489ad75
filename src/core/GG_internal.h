/* GG_internal.h: the library's internal contract: object layouts, checks, errors, memory,
 * typecasting and the matrix/vector storage interface that every layer of src/ builds on.
 * Nothing here is public; the shared library exports only GxG_PUBLIC names. */
#ifndef GG_INTERNAL_H
#define GG_INTERNAL_H

#include "GraphBLAS_gpu.h"
#include "GG_vform.h"

#include <pthread.h>
#include <stdarg.h>
#include <string.h>

/* ---- object identity ----------------------------------------------------------------------------
 * Every object starts with a GG_header. A live object carries GG_MAGIC_LIVE and its kind; a freed
 * one GG_MAGIC_FREED (freed objects are quarantined until GrB_finalize, see GG_object_release,
 * so a stale handle still reads as freed); an object whose construction failed half-way
 * GG_MAGIC_INVALID. */
typedef enum {
    GG_KIND_TYPE = 1,
    GG_KIND_UNARYOP,
    GG_KIND_BINARYOP,
    GG_KIND_INDEXUNARYOP,
    GG_KIND_MONOID,
    GG_KIND_SEMIRING,
    GG_KIND_SCALAR,
    GG_KIND_VECTOR,
    GG_KIND_MATRIX,
    GG_KIND_DESCRIPTOR,
    GG_KIND_GLOBAL
} GG_kind;

#define GG_MAGIC_LIVE 0x474776696c4f4b21ULL
#define GG_MAGIC_FREED 0x4747667265656421ULL
#define GG_MAGIC_INVALID 0x4747626164626164ULL
#define GG_ERRMSG_LEN 512

typedef struct GG_header {
    uint64_t magic;
    GG_kind kind;
    bool builtin;   /* predefined object: never freed, name fixed */
    bool name_set;  /* GrB_NAME of a user object was set (it can be set once) */
    char name[GxB_MAX_NAME_LEN];
    char errmsg[GG_ERRMSG_LEN]; /* last error recorded on this object, "" if none */
} GG_header;

/* Initialiser for a predefined object's header. */
#define GG_BUILTIN_HEADER(KIND, NAME)                                                              \
    { .magic = GG_MAGIC_LIVE, .kind = (KIND), .builtin = true, .name_set = true, .name = NAME }

/* Allocates a zeroed object of `size` bytes with a live header of `kind`; NULL when out of memory. */
void *GG_object_new(size_t size, GG_kind kind);
/* Marks the object freed and hands its memory to the quarantine (the caller released its body);
 * outside a context (before GrB_init, after GrB_finalize) its memory is freed at once. */
void GG_object_release(void *obj);
/* The quarantine's life: GrB_init opens it, GrB_finalize frees every object waiting in it and
 * closes it. A stale handle reads as freed only for objects freed since the last GrB_init. */
void GG_object_quarantine_open(void);
void GG_object_quarantine_close(void);

/* The bodies of GrB_<Kind>_free and GrB_<Kind>_wait (reporting under `func`). free: NULL handles
 * and predefined objects are left alone (SuiteSparse); free_body, when given, releases what the
 * object owns besides itself. wait: validates the mode, then runs finish (pending work), if any. */
GrB_Info GG_object_free(void **handle, GG_kind kind, void (*free_body)(void *obj), const char *func);
GrB_Info GG_object_wait(void *obj, GG_kind kind, GrB_WaitMode mode, GrB_Info (*finish)(void *obj),
                        const char *func);
/* GrB_<K>_free and GrB_<K>_wait for an object that is one allocation with no pending work. */
#define GG_DEFINE_FREE_WAIT(K, KIND)                                                               \
    GrB_Info GrB_##K##_free(GrB_##K *object)                                                       \
    {                                                                                              \
        return GG_object_free((void **)object, KIND, NULL, __func__);                              \
    }                                                                                              \
    GrB_Info GrB_##K##_wait(GrB_##K object, GrB_WaitMode mode)                                     \
    {                                                                                              \
        return GG_object_wait(object, KIND, mode, NULL, __func__);                                 \
    }

/* GrB_SUCCESS, or the exact code for a NULL (GrB_NULL_POINTER), never-created or freed
 * (GrB_UNINITIALIZED_OBJECT), half-built (GrB_INVALID_OBJECT) or wrong-kind object. */
GrB_Info GG_check_object(const void *obj, GG_kind kind);

/* ---- errors -------------------------------------------------------------------------------------
 * GG_error records "func: message" on `obj` (when it is a live, non-predefined object) and in a
 * thread-local last error (GxG_last_error), and returns `info`. Messages name the function and the
 * offending argument. */
GrB_Info GG_error(void *obj, GrB_Info info, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *GG_info_name(GrB_Info info); /* "GrB_NULL_POINTER", ... */
/* Clears the object's recorded error at the start of a method that may record a new one. */
void GG_error_clear(void *obj);

/* Argument-check helpers used by every GrB_ entry point. They return from the caller on failure.
 * OUT is the object on which the error is recorded (may be NULL). The _IN forms report under the
 * name `func` (a shared body serving several public functions); the plain forms use __func__. */
#define GG_RETURN_IF_IN(func, cond, OUT, info, ...)                                                \
    do {                                                                                           \
        if (cond) return GG_error((OUT), (info), (func), __VA_ARGS__);                             \
    } while (0)
#define GG_CHECK_OBJ_IN(func, obj, KIND, OUT, argname)                                             \
    do {                                                                                           \
        GrB_Info gg_info_ = GG_check_object((obj), (KIND));                                        \
        GG_RETURN_IF_IN(func, gg_info_ != GrB_SUCCESS, (OUT), gg_info_, "argument '%s' is %s",     \
                        (argname), GG_object_problem(gg_info_));                                   \
    } while (0)
#define GG_CHECK_PTR_IN(func, ptr, OUT, argname)                                                   \
    GG_RETURN_IF_IN(func, (ptr) == NULL, (OUT), GrB_NULL_POINTER, "argument '%s' is NULL", (argname))
#define GG_RETURN_IF(cond, OUT, info, ...) GG_RETURN_IF_IN(__func__, cond, OUT, info, __VA_ARGS__)
#define GG_CHECK_OBJ(obj, KIND, OUT, argname) GG_CHECK_OBJ_IN(__func__, obj, KIND, OUT, argname)
#define GG_CHECK_PTR(ptr, OUT, argname) GG_CHECK_PTR_IN(__func__, ptr, OUT, argname)
/* Optional objects (mask, accum, descriptor) may be NULL. */
#define GG_CHECK_OPT_OBJ(obj, KIND, OUT, argname)                                                  \
    do {                                                                                           \
        if ((obj) != NULL) GG_CHECK_OBJ(obj, KIND, OUT, argname);                                  \
    } while (0)
const char *GG_object_problem(GrB_Info info); /* "NULL", "not initialized or freed", ... */

/* Every method but GrB_init, GrB_finalize, GrB_getVersion and GrB_error returns GrB_PANIC before
 * the first GrB_init, as SuiteSparse does. After GrB_finalize the library keeps working (SuiteSparse
 * does too), so cleanup code that frees objects after finalize loses nothing. */
#define GG_CHECK_INIT_IN(func)                                                                     \
    GG_RETURN_IF_IN(func, !GG_global.initialized, NULL, GrB_PANIC, "GrB_init has not been called")
#define GG_CHECK_INIT() GG_CHECK_INIT_IN(__func__)

/* ---- global state ------------------------------------------------------------------------------- */

typedef struct {
    bool initialized; /* GrB_init has been called at least once */
    bool active;      /* between GrB_init and GrB_finalize: a further GrB_init is a second init */
    GrB_Mode mode;
    int32_t backend; /* GxG_Backend */
    pthread_mutex_t lock;
    _Atomic uint64_t cuda_declines; /* GxG_CUDA_DECLINES: calls sent to CUDA that ran on the CPU */
} GG_global_state;
extern GG_global_state GG_global;

struct GG_Global_opaque {
    GG_header h;
};

/* ---- memory --------------------------------------------------------------------------------------
 * All library allocations go through these: they call the functions given to GxB_init (the C
 * library's by default), and tests can inject failures and count leaks. */
void *GG_malloc(size_t size);
void *GG_calloc(size_t count, size_t size);
void *GG_realloc(void *p, size_t size); /* on failure returns NULL and leaves p valid */
void GG_free(void *p);
/* Asks for transparent huge pages for block p of `bytes` (from 4 MiB on; where the system offers
 * them on request, `madvise` mode): its first touch then faults 2 MiB at a time instead of 4 KiB,
 * which for a fresh array written once costs as much as the writing. Returns p. */
void *GG_huge(void *p, size_t bytes);
/* size = a * b, false on overflow of size_t. */
bool GG_mul_size(size_t a, size_t b, size_t *size);

/* The first position q in [lo, hi) with a[q] >= key (hi when none), for a sorted there. */
static inline uint64_t GG_lower_bound(const uint64_t *a, uint64_t lo, uint64_t hi, uint64_t key)
{
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
/* Test hooks: make the k-th allocation from now fail (0 turns injection off); blocks still live. */
void GG_mem_fail_after(int64_t k);
/* Stops counting block p as live without freeing it (freed objects waiting in the quarantine). */
void GG_mem_untrack(void *p);
/* Frees a block that GG_mem_untrack no longer counts (a freed object leaving the quarantine). */
void GG_mem_free_untracked(void *p);
int64_t GG_mem_live_blocks(void);

/* The memory functions of GxB_init; calloc_fn and realloc_fn may be NULL (emulated). */
typedef struct {
    void *(*malloc_fn)(size_t);
    void *(*calloc_fn)(size_t, size_t);
    void *(*realloc_fn)(void *, size_t);
    void (*free_fn)(void *);
} GG_allocator;
/* Makes `a` the allocator of every later allocation (GrB_init / GxB_init, no other call running).
 * False, changing nothing, when `a` differs from the current one while blocks of the current one
 * are live: they must be freed by the functions that allocated them. */
bool GG_mem_use(const GG_allocator *a);

/* ---- types --------------------------------------------------------------------------------------- */

struct GG_Type_opaque {
    GG_header h;
    size_t size;
    GrB_Type_Code code; /* GrB_UDT_CODE for user-defined types */
};

/* The built-in type of a code (NULL for GrB_UDT_CODE or an unknown code). */
GrB_Type GG_type_of_code(GrB_Type_Code code);
/* Built-in types are mutually castable; a user-defined type only matches itself. */
bool GG_types_compatible(GrB_Type a, GrB_Type b);

/* ---- typecasting (SuiteSparse rules: float to integer saturates, NaN to 0; integer to integer
 * wraps as C does; anything to BOOL is x != 0) ------------------------------------------------------ */

typedef void (*GG_cast_fn)(void *z, const void *x);
/* NULL when either code is GrB_UDT_CODE (copying a UDT to itself is a memcpy of its size). */
GG_cast_fn GG_cast_get(GrB_Type_Code zcode, GrB_Type_Code xcode);
/* z[k] = (ztype) x[k] for k < n; ztype and xtype must be compatible. */
void GG_cast_array(void *z, GrB_Type ztype, const void *x, GrB_Type xtype, GrB_Index n);

/* ---- operators, monoids, semirings --------------------------------------------------------------- */

/* opcode 0 is a user-defined operator; built-ins number from 1 (src/object/GG_opcodes.h). */
struct GG_UnaryOp_opaque {
    GG_header h;
    GxB_unary_function f;
    GrB_Type ztype, xtype;
    int opcode;
};
struct GG_BinaryOp_opaque {
    GG_header h;
    GxB_binary_function f;
    GrB_Type ztype, xtype, ytype;
    int opcode;
};
struct GG_IndexUnaryOp_opaque {
    GG_header h;
    GxB_index_unary_function f;
    GrB_Type ztype, xtype, ytype;
    int opcode;
};
struct GG_Monoid_opaque {
    GG_header h;
    GrB_BinaryOp op;
    void *identity; /* op->ztype->size bytes; static storage for built-ins */
};
struct GG_Semiring_opaque {
    GG_header h;
    GrB_Monoid add;
    GrB_BinaryOp mul;
};

/* ---- descriptors --------------------------------------------------------------------------------- */

struct GG_Descriptor_opaque {
    GG_header h;
    GrB_Desc_Value outp, mask, inp0, inp1;
    int32_t backend; /* GxG_Backend; AUTO defers to the global setting */
    /* SuiteSparse's GxB fields (GxB_Desc_set, src/object/gxb_options.c): recorded, read back,
     * not acted on, except axb_method (GG_desc). Zero is each one's default. */
    int32_t nthreads, axb_method, sort, compression, import;
    double chunk;
};

/* The decoded settings of a descriptor (NULL means all defaults). */
typedef struct {
    bool replace;
    bool mask_comp;
    bool mask_struct;
    bool tran0;
    bool tran1;
    int32_t backend;
    int32_t axb_method; /* GxB_AxB_METHOD: a product method asked for (the CPU mxm honours it) */
} GG_desc;
GrB_Info GG_desc_decode(GrB_Descriptor desc, GG_desc *out);

/* -- added by the get/set helper: descriptor field writes shared by GrB_Descriptor_set and the
 * GrB_Descriptor_set_* family (descriptor.c) -- */
/* True for a GxG_Backend value. */
bool GG_backend_valid(int32_t backend);
/* Writes one field of a live descriptor (GrB_OUTP/MASK/INP0/INP1, equal to the *_FIELD codes, or
 * GxG_BACKEND) with GrB_Descriptor_set's rules; errors are recorded on desc and name `func`. */
GrB_Info GG_desc_field_set(GrB_Descriptor desc, int field, int32_t value, const char *func);

/* ---- scalars ------------------------------------------------------------------------------------- */

struct GG_Scalar_opaque {
    GG_header h;
    GrB_Type type;
    bool present;
    void *value; /* type->size bytes, allocated with the scalar */
};

/* The output rule of a reduction to a scalar (GG_reduce_scalar_fn in GG_backend.h), shared by the
 * backends: out = accum(out, t) into the GrB_Scalar s or, when c is not NULL, the C scalar *c of
 * ctype; t (of ttype) exists when has_t. For c an absent t is the monoid's identity; for s,
 * accum(empty, t) = t, accum(s, empty) = s, and without accum s takes t or becomes empty.
 * GrB_OUT_OF_MEMORY (a temporary for the accumulator) leaves the output unchanged. */
GrB_Info GG_reduce_scalar_output(GrB_Scalar s, void *c, GrB_Type ctype, GrB_BinaryOp accum,
                                 const void *t, bool has_t, GrB_Type ttype, GrB_Monoid monoid);

/* ---- vectors and matrices ---------------------------------------------------------------------------
 * A vector is stored as an n x 1 matrix: one container type serves both, so every storage routine
 * exists once. Operation code reaches content only through the views below. The canonical content
 * of a matrix is a HiSparse tree (GG_hs_matrix, engine in src/hisparse/GG_hisparse.h); that of a
 * vector is a GG_vdata in one of three forms with a residency state (src/store/GG_store.h,
 * DESIGN.md section 4). Both are private to src/store. */

/* Sorted (row, col) unique tuples, row-major. For vectors col[] is all zero. */
typedef struct {
    GrB_Index n;
    GrB_Index *row;
    GrB_Index *col;
    void *x; /* n * type->size bytes */
} GG_coo;

/* A compressed view: CSR (vectors are rows, idx holds column indices) or CSC. When `vec` is NULL
 * vector k is row (column) k and nvec equals the dimension; otherwise the view is hypersparse and
 * vec[k] names vector k, so huge dimensions never allocate by dimension. */
typedef struct {
    GrB_Index nvec;
    GrB_Index *vec;
    GrB_Index *ptr; /* nvec + 1 */
    GrB_Index *idx;
    void *x;
} GG_cview;

/* Pending single-element updates, in call order; assembled on the next read. */
typedef struct {
    GrB_Index n, cap;
    GrB_Index *row, *col;
    void *x;       /* values, type->size each */
    bool *del;     /* removeElement */
    struct GG_mlog_ix *ix; /* matrix: the log's index (src/store/mlog.c) */
} GG_pending;

/* The first 16 bytes of every HiSparse pool. Pools are shared between matrices (dup, transpose)
 * and are read-only once built; the last reference frees the pool. */
typedef struct {
    _Atomic int64_t refs;
    uint64_t bytes; /* the whole pool, header included */
} GG_hs_pool;

/* The tallest tree whose entries per leaf level GG_hs_matrix keeps. */
#define GG_HS_LEVELS_KEPT 8

/* A HiSparse matrix state: content (pool, root) plus the papers' transposed flag and scale.
 * Dimensions and the root describe the stored content; the logical matrix is its transpose when
 * `transposed`. The layout of the pool is defined in src/hisparse/hs_layout.h. */
typedef struct {
    GrB_Type type;          /* value type (not owned) */
    GrB_Index nrows, ncols; /* of the stored content */
    GrB_Index nvals;
    GG_hs_pool *pool; /* NULL for an empty matrix */
    uint64_t root;    /* child word of the root node, 0 when empty */
    double scale;     /* multiplies every value on read; 1 unless the type is FP32 or FP64 */
    uint8_t dbits;    /* d = 1 << dbits */
    uint8_t height;   /* level of the root */
    bool transposed;
    bool iso; /* no values in the nodes; GG_hs_iso_value holds the one value */
    /* Entries in the leaves of each level 1..GG_HS_LEVELS_KEPT (index level - 1): counted by the
     * first walk that needs them (hs_band_width, which SpMV calls every time) and kept, since a
     * tree's pool and root never change once built, so that copies carry them along. Valid when
     * levels_kept (set last, with release order); never kept for a taller tree. */
    uint64_t level_nvals[GG_HS_LEVELS_KEPT];
    uint8_t levels_kept;
} GG_hs_matrix;

/* SuiteSparse's per-matrix and per-vector storage hints (GxB_HYPER_SWITCH, GxB_BITMAP_SWITCH,
 * GxB_SPARSITY_CONTROL), kept so they read back as set; the storage ignores them. The format hint
 * (GxB_FORMAT) is the container's orientation_hint. */
typedef struct {
    double hyper_switch, bitmap_switch;
    int32_t sparsity_control;
} GG_gxb_opts;

typedef struct GG_container {
    GG_header h;
    GrB_Type type;
    GrB_Index nrows, ncols; /* a vector is nrows x 1 */
    GG_hs_matrix hs;        /* matrix: the canonical content (private to src/store); unused for
                             * a vector */
    GG_vdata v;             /* vector: the host content (src/store/GG_store.h), current when
                             * res & GG_RES_HOST */
    uint8_t res;            /* vector: GG_RES_HOST | GG_RES_DEVICE, the sides whose copy is
                             * current (GG_store.h) */
    void *dv;               /* vector: the device copy (cuda/store), NULL when none */
    GG_coo store;           /* the cached COO view (matrix: of the tree; vector: of v), valid
                             * while coo_cached (private to src/store) */
    bool coo_cached;
    bool tree_owed;         /* matrix: the content is the cached COO alone; its tree is built when
                             * a tree reader first asks (private to src/store) */
    bool csr_owned;         /* the CSR view owns idx and x (else it shares the COO's arrays) */
    bool rows_owed;         /* matrix: the COO's rows are not filled yet; the cached CSR view
                             * gives them (GG_container_adopt_csr without rows; src/store) */
    GG_pending pending;
    GG_cview *csr, *csc;    /* cached views, NULL until asked for, dropped on write */
    void *dev;              /* device mirror of the content (cuda/), NULL when none; released by
                             * GG_device_drop on every write and on free */
    int32_t orientation_hint;
    GG_gxb_opts gxb;        /* SuiteSparse's storage hints (GxB_set), recorded only */
    pthread_mutex_t lock;   /* guards assembly and view building for concurrent readers */
} GG_container;

struct GG_Matrix_opaque {
    GG_container c;
};
struct GG_Vector_opaque {
    GG_container c;
};

/* A new container's hints from the global GxB options (and, for a matrix, its orientation hint
 * from the global GxB_FORMAT); a copy's from its source, as SuiteSparse's dup (gxb_options.c). */
void GG_gxb_opts_init(GG_container *c);
void GG_gxb_opts_dup(GG_container *dst, const GG_container *src);

/* Lifecycle (store.c). */
GrB_Info GG_container_init(GG_container *c, GrB_Type type, GrB_Index nrows, GrB_Index ncols);
void GG_container_free_content(GG_container *c); /* content, pending and views; not the header */
GrB_Info GG_container_dup(GG_container *dst, GG_container *src); /* dst is freshly initialised */
void GG_container_clear(GG_container *c);
GrB_Info GG_container_resize(GG_container *c, GrB_Index nrows, GrB_Index ncols);

/* Reads: each assembles pending work first, except nvals and get of a matrix whose log is indexed
 * (since a line write: src/store/mlog.c), which read through it. */
GrB_Info GG_container_wait(GG_container *c);
GrB_Info GG_container_nvals(GG_container *c, GrB_Index *nvals);
GrB_Info GG_view_coo(GG_container *c, const GG_coo **view);
GrB_Info GG_view_csr(GG_container *c, const GG_cview **view);
GrB_Info GG_view_csc(GG_container *c, const GG_cview **view);
/* The canonical tree of a MATRIX container (pending work assembled; GrB_INVALID_OBJECT for a
 * vector). It stays valid, and its pool unchanged, until the container is next written. A write
 * installs a new tree, except setElement on an existing entry of a tree whose pool no other
 * matrix shares, which updates that value in place; either way GG_device_drop runs first. */
GrB_Info GG_view_hs(GG_container *c, const GG_hs_matrix **view);
/* As GG_view_hs, but without building a tree that a write left owed (its content adopted as
 * tuples): *view is then NULL. For readers that also work from the views and only ask the tree
 * for its iso value or a tree walk worth no build of its own. */
GrB_Info GG_view_hs_built(GG_container *c, const GG_hs_matrix **view);
/* GrB_SUCCESS with *x filled (cast to xtype), or GrB_NO_VALUE. */
GrB_Info GG_container_get(GG_container *c, GrB_Index i, GrB_Index j, void *x, GrB_Type xtype);
/* GG_container_get of every position of `at` (tuples; their values are not read) in matrix c:
 * found[k] whether the k-th is present, its value cast to xtype into x's k-th slot (x NULL:
 * presence only). One lock for all, and the log's lookups overlap their cache misses and run on
 * several threads when many (BC's masks and unions probe thousands of positions of a matrix
 * whose log holds all of its entries). */
GrB_Info GG_container_get_many(GG_container *c, const GG_coo *at, void *x, GrB_Type xtype,
                               bool *found);
/* The entries in index order into I, J (a matrix's; either may be NULL) and X (cast to xtype; may
 * be NULL), arrays of *nvals elements; *nvals becomes the entry count. GrB_INSUFFICIENT_SPACE,
 * nothing written, when the arrays are too short. A vector is read in its own form, so only the
 * user's arrays grow with its entries. */
GrB_Info GG_container_tuples(GG_container *c, GrB_Index *I, GrB_Index *J, void *X,
                             GrB_Type xtype, GrB_Index *nvals);

/* Writes: each drops the cached views. */
GrB_Info GG_container_set_pending(GG_container *c, GrB_Index i, GrB_Index j, const void *x,
                                  GrB_Type xtype);
GrB_Info GG_container_remove_pending(GG_container *c, GrB_Index i, GrB_Index j);
/* Where matrix c keeps the values of its entries at the positions `at` (sorted tuples; their
 * values are not read), for updates in place: ptr[k] (of c's type) for at's k-th position, in c's
 * own content (the tuples of content adopted with its tree owed, else the tree's pool). *ok false,
 * c unchanged, when a position holds no entry or the tree cannot be written in place (its pool
 * shared by a dup or transpose, iso, scaled: GG_hs_value_ptr); else c's views and device mirror
 * are dropped and a built tree's cached tuples released, and the pointers stay valid until c is
 * next read or written. A vector: *ok false. Pending work is assembled first (its errors). */
GrB_Info GG_container_value_ptrs(GG_container *c, const GG_coo *at, void **ptr, bool *ok);
/* Row k (by_col false) or column k of matrix c, pending work included, without an assembly: its
 * entries in index order as tuples (row: the index along the line, col: 0) of c's type. O(log +
 * the line's entries) once the tree's view of that orientation is cached. */
GrB_Info GG_container_line(GG_container *c, bool by_col, GrB_Index k, GG_coo *out);
/* Replaces matrix c's entries `old` (tuples of c's type, sorted row-major, exactly c's entries on
 * some set of positions P, e.g. lines read by GG_container_line) by z (sorted, within P): only the
 * differences go to the log, so the cost is that of old and z, not of c. On GrB_OUT_OF_MEMORY, c
 * is unchanged. */
GrB_Info GG_container_update(GG_container *c, const GG_coo *old, const GG_coo *z);
/* Replaces the content with `t` (sorted, unique, already of c->type), taking ownership of its
 * arrays. Used by build, import, deserialize, diag and every operation's write-back. For a matrix
 * t becomes the cached COO view and the content itself: the tree is owed, built from t when a
 * tree reader (GG_view_hs, a transpose share, an element write) first asks, so a result read only
 * through views (an mxm product reduced, a select multiplied) never builds one. Cannot fail
 * today; callers keep the GrB_Info (t is left empty either way). */
GrB_Info GG_container_adopt(GG_container *c, GG_coo *t);
/* The same from a CSR view of c's type (plain or hypersparse) and the row of each of its
 * entries, arrays owned: the view becomes the cached CSR view and, with the rows, the COO
 * content. rows may be NULL: the COO's rows are then filled from the view when a reader of the
 * tuples first asks (a select read only through its CSR view, TC's L, never writes them).
 * GrB_OUT_OF_MEMORY (the view's header) leaves c unchanged and frees the arrays. */
GrB_Info GG_container_adopt_csr(GG_container *c, GG_cview *v, GrB_Index *rows);
/* Installs `hs` (a tree of c's type and logical dimensions, e.g. from GG_hs_ewise) as matrix c's
 * content, taking its pool reference; the cached COO is derived on demand. */
void GG_container_adopt_hs(GG_container *c, GG_hs_matrix *hs);
/* C = A' (transpose_A, C's type equal to A's) or C = A in O(1): C shares A's tree (pending work of
 * A assembled first), with the transposed flag flipped when transposing; C == A flips in place.
 * C's dimensions must already be those of the result. The previous content of C is released. */
GrB_Info GG_container_share(GG_container *C, GG_container *A, bool transpose_A);
void GG_coo_free(GG_coo *t);

/* Sorts and combines n tuples (row, col, x of xtype) into a GG_coo of ztype; duplicates are
 * combined with `dup`, or with dup == NULL are an error (GrB_INVALID_VALUE). Index bounds are
 * checked against nrows, ncols (GrB_INDEX_OUT_OF_BOUNDS). Inputs are not modified. */
GrB_Info GG_coo_build(GG_coo *out, const GrB_Index *row, const GrB_Index *col, const void *x,
                      GrB_Type xtype, GrB_Index n, GrB_Index nrows, GrB_Index ncols,
                      GrB_Type ztype, GrB_BinaryOp dup);

/* ---- devices (src/backend/device.c) --------------------------------------------------------------- */

/* Bit 0: the CPU backend (always); bit 1: the CUDA backend, when compiled in and a GPU answers. */
int32_t GG_backends_available(void);
/* Name and memory of the GPU in use; false, "" and 0 when there is none. */
bool GG_device_info(char *name, size_t len, size_t *memory);
/* Threads for a loop of `work` units (entries touched), by SuiteSparse's chunk rule
 * (src/core/threads.c): 1 below two chunks or without OpenMP, else floor(work / GG_CHUNK) capped
 * at the OpenMP maximum. */
#define GG_CHUNK ((uint64_t)1 << 16)
int GG_nthreads_for(uint64_t work);
/* Threads for a pass that only moves n values (a copy, a scatter, a compaction): the rule on half
 * of n, a move costing less than a compute step. Measured on the 2-core development machine
 * (2026-11-26, loaded): a copy of 262,144 int64 took 161 us on one thread and 62 us on two,
 * 1,048,576 took 663 and 334 us; at 65,536 (15 us) a second thread does not pay for its region. */
static inline int GG_nthreads_move(uint64_t n)
{
    return GG_nthreads_for(n / 2);
}

/* The operation trace (GxG_TRACE, src/core/trace.c): when enabled, one line per event on stderr
 * (backend chosen and why, declines, device transfers with bytes and reason). */
bool GG_trace_on(void);
void GG_trace_set(int level); /* 0 off, 1 on */
void GG_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Host<->device transfers since the process started: copies and bytes host to device, then
 * copies and bytes device to host (all zero without a device). */
void GG_device_transfers(uint64_t t[4]);
/* Releases c's device mirror (c->dev), if any. store.c calls it wherever content changes or the
 * container is freed, so a mirror never outlives the host content it copies. */
void GG_device_drop(GG_container *c);

#define GG_MAT(A) (&(A)->c)
#define GG_VEC(v) (&(v)->c)

#endif /* GG_INTERNAL_H */
