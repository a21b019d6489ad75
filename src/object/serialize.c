/* serialize.c: GrB_Matrix_serializeSize / serialize / deserialize in our own versioned blob
 * format (it does not read SuiteSparse blobs, nor they ours). Layout, header integers
 * little-endian:
 *
 *   0  magic "GxGblob\0"            8 bytes
 *   8  format version (1)           u32
 *  12  type code (GrB_Type_Code)    u32
 *  16  type size in bytes           u64
 *  24  nrows, ncols, nvals          3 x u64
 *  48  type name length L           u32 (L < GxB_MAX_NAME_LEN)
 *  52  reserved, 0                  u32
 *  56  type name                    L bytes, zero-padded to a multiple of 8
 *      row indices, col indices     2 x nvals x u64, row-major sorted
 *      values                       nvals x type size
 *      checksum of all the above    u64
 *
 * Deserialize trusts nothing: every length is checked against blob_size before it is read, the
 * checksum is verified, and the tuples must be sorted, unique and in range. Any failure is
 * GrB_INVALID_OBJECT, SuiteSparse's code for every truncated or corrupted blob (a size too small
 * to hold a header included). */
#include "GG_container.h"

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "blob arrays are written in host order, which the format defines as little-endian");

#define BLOB_VERSION 1
#define HEADER_BYTES 56
static const unsigned char blob_magic[8] = {'G', 'x', 'G', 'b', 'l', 'o', 'b', '\0'};

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}

static void put_u64(unsigned char *p, uint64_t v)
{
    for (int k = 0; k < 8; k++) p[k] = (unsigned char)(v >> (8 * k));
}

static uint32_t get_u32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int k = 3; k >= 0; k--) v = (v << 8) | p[k];
    return v;
}

static uint64_t get_u64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = (v << 8) | p[k];
    return v;
}

static uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

/* A 64-bit hash of n bytes. Each word step is a bijection of the running state, so a change
 * confined to one 8-byte word always changes the result. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    const uint64_t P1 = 0x9E3779B185EBCA87ULL, P2 = 0xC2B2AE3D27D4EB4FULL;
    uint64_t h = 0x27D4EB2F165667C5ULL ^ (uint64_t)n;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t w;
        memcpy(&w, p + k, 8);
        h = rotl(h ^ (w * P1), 31) * P2;
    }
    uint64_t w = 0;
    memcpy(&w, p + k, n - k);
    h = rotl(h ^ (w * P1), 31) * P2;
    h ^= h >> 33;
    h *= P1;
    h ^= h >> 29;
    return h;
}

static size_t name_length(GrB_Type type)
{
    return strnlen(type->h.name, GxB_MAX_NAME_LEN - 1);
}

/* Total blob size for these header values; false on overflow. */
static bool blob_size_of(uint64_t nvals, uint64_t size, uint64_t namelen, uint64_t *total)
{
    uint64_t per_entry, arrays, t = HEADER_BYTES + ((namelen + 7) & ~(uint64_t)7);
    if (__builtin_add_overflow(size, 2 * sizeof(GrB_Index), &per_entry)) return false;
    if (__builtin_mul_overflow(nvals, per_entry, &arrays)) return false;
    if (__builtin_add_overflow(t, arrays, &t)) return false;
    if (__builtin_add_overflow(t, 8, &t)) return false;
    *total = t;
    return t <= SIZE_MAX;
}

GrB_Info GrB_Matrix_serializeSize(GrB_Index *blob_size, GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(blob_size, NULL, "blob_size");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    GG_container *c = GG_MAT(A);
    GrB_Index nvals, total;
    GG_RETURN_IF(GG_container_nvals(c, &nvals) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY,
                 "out of memory");
    GG_RETURN_IF(!blob_size_of(nvals, c->type->size, name_length(c->type), &total), NULL,
                 GrB_OUT_OF_MEMORY, "the blob would exceed the address space");
    *blob_size = total;
    return GrB_SUCCESS;
}

GrB_Info GrB_Matrix_serialize(void *blob, GrB_Index *blob_size, GrB_Matrix A)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(blob, NULL, "blob");
    GG_CHECK_PTR(blob_size, NULL, "blob_size");
    GG_CHECK_OBJ(A, GG_KIND_MATRIX, NULL, "A");
    GG_container *c = GG_MAT(A);
    const GG_coo *t;
    GG_RETURN_IF(GG_view_coo(c, &t) != GrB_SUCCESS, NULL, GrB_OUT_OF_MEMORY, "out of memory");
    size_t size = c->type->size, namelen = name_length(c->type);
    GrB_Index total;
    GG_RETURN_IF(!blob_size_of(t->n, size, namelen, &total), NULL, GrB_OUT_OF_MEMORY,
                 "the blob would exceed the address space");
    GG_RETURN_IF(*blob_size < total, NULL, GrB_INSUFFICIENT_SPACE,
                 "argument 'blob_size' is %llu, the blob needs %llu bytes",
                 (unsigned long long)*blob_size, (unsigned long long)total);

    unsigned char *b = blob;
    memset(b, 0, HEADER_BYTES + ((namelen + 7) & ~(size_t)7));
    memcpy(b, blob_magic, 8);
    put_u32(b + 8, BLOB_VERSION);
    put_u32(b + 12, (uint32_t)c->type->code);
    put_u64(b + 16, size);
    put_u64(b + 24, c->nrows);
    put_u64(b + 32, c->ncols);
    put_u64(b + 40, t->n);
    put_u32(b + 48, (uint32_t)namelen);
    memcpy(b + HEADER_BYTES, c->type->h.name, namelen);
    unsigned char *p = b + HEADER_BYTES + ((namelen + 7) & ~(size_t)7);
    if (t->n > 0) {
        memcpy(p, t->row, t->n * sizeof(GrB_Index));
        p += t->n * sizeof(GrB_Index);
        memcpy(p, t->col, t->n * sizeof(GrB_Index));
        p += t->n * sizeof(GrB_Index);
        memcpy(p, t->x, t->n * size);
        p += t->n * size;
    }
    put_u64(p, checksum(b, (size_t)(p - b)));
    *blob_size = total;
    return GrB_SUCCESS;
}

/* The tuples of a blob must be in range, sorted row-major and unique. */
static bool tuples_valid(const unsigned char *rows, const unsigned char *cols, GrB_Index n,
                         GrB_Index nrows, GrB_Index ncols)
{
    GrB_Index pi = 0, pj = 0;
    for (GrB_Index k = 0; k < n; k++) {
        GrB_Index i, j;
        memcpy(&i, rows + k * sizeof i, sizeof i);
        memcpy(&j, cols + k * sizeof j, sizeof j);
        if (i >= nrows || j >= ncols) return false;
        if (k > 0 && (i < pi || (i == pi && j <= pj))) return false;
        pi = i;
        pj = j;
    }
    return true;
}

GrB_Info GrB_Matrix_deserialize(GrB_Matrix *C, GrB_Type type, const void *blob,
                                GrB_Index blob_size)
{
    GG_CHECK_INIT();
    GG_CHECK_PTR(C, NULL, "C");
    GG_CHECK_PTR(blob, NULL, "blob");
    GG_CHECK_OPT_OBJ(type, GG_KIND_TYPE, NULL, "type");
    const unsigned char *b = blob;

    /* Integrity: the header, then every length, then the checksum. */
    GG_RETURN_IF(blob_size < HEADER_BYTES + 8, NULL, GrB_INVALID_OBJECT,
                 "argument 'blob_size' is %llu, too small for a blob",
                 (unsigned long long)blob_size);
    GG_RETURN_IF(memcmp(b, blob_magic, 8) != 0, NULL, GrB_INVALID_OBJECT,
                 "the blob was not written by GraphBLAS_gpu");
    uint32_t version = get_u32(b + 8), code = get_u32(b + 12), namelen = get_u32(b + 48);
    uint64_t size = get_u64(b + 16), nrows = get_u64(b + 24), ncols = get_u64(b + 32);
    uint64_t nvals = get_u64(b + 40), total;
    GG_RETURN_IF(version != BLOB_VERSION, NULL, GrB_INVALID_OBJECT,
                 "blob format version %u is not supported", (unsigned)version);
    GG_RETURN_IF(namelen >= GxB_MAX_NAME_LEN ||
                     !blob_size_of(nvals, size, namelen, &total) || total > blob_size,
                 NULL, GrB_INVALID_OBJECT, "the blob is truncated or its header is corrupted");
    size_t body = (size_t)total - 8;
    GG_RETURN_IF(checksum(b, body) != get_u64(b + body), NULL, GrB_INVALID_OBJECT,
                 "the blob is corrupted (checksum mismatch)");
    GG_RETURN_IF(get_u32(b + 52) != 0 || nrows > GG_DIM_MAX || ncols > GG_DIM_MAX, NULL,
                 GrB_INVALID_OBJECT, "the blob's header is invalid");
    const unsigned char *rows = b + HEADER_BYTES + ((namelen + 7) & ~(size_t)7);
    const unsigned char *cols = rows + nvals * sizeof(GrB_Index);
    const unsigned char *vals = cols + nvals * sizeof(GrB_Index);
    GG_RETURN_IF(!tuples_valid(rows, cols, nvals, nrows, ncols), NULL, GrB_INVALID_OBJECT,
                 "the blob's tuples are out of range or unsorted");

    /* The type: inferred for built-ins, required and matching for user-defined types. */
    GrB_Type btype;
    if (code == GrB_UDT_CODE) {
        GG_RETURN_IF(type == NULL, NULL, GrB_DOMAIN_MISMATCH,
                     "the blob holds a user-defined type: argument 'type' is required");
        char name[GxB_MAX_NAME_LEN] = {0};
        memcpy(name, b + HEADER_BYTES, namelen);
        bool named = name[0] != '\0' && type->h.name[0] != '\0';
        GG_RETURN_IF(type->code != GrB_UDT_CODE || type->size != size ||
                         (named && strcmp(name, type->h.name) != 0),
                     NULL, GrB_DOMAIN_MISMATCH, "argument 'type' differs from the blob's type");
        btype = type;
    } else {
        btype = GG_type_of_code((GrB_Type_Code)code);
        GG_RETURN_IF(btype == NULL || btype->size != size, NULL, GrB_INVALID_OBJECT,
                     "the blob's type code %u is invalid", (unsigned)code);
        GG_RETURN_IF(type != NULL && type != btype, NULL, GrB_DOMAIN_MISMATCH,
                     "argument 'type' differs from the blob's type");
    }

    /* a C bool holds 0 or 1 only */
    for (GrB_Index k = 0; code == GrB_BOOL_CODE && k < nvals; k++)
        GG_RETURN_IF(vals[k] > 1, NULL, GrB_INVALID_OBJECT, "the blob holds an invalid bool");

    GG_coo t;
    GG_RETURN_IF(!GG_coo_alloc(&t, nvals, size), NULL, GrB_OUT_OF_MEMORY, "out of memory");
    if (nvals > 0) {
        memcpy(t.row, rows, nvals * sizeof(GrB_Index));
        memcpy(t.col, cols, nvals * sizeof(GrB_Index));
        memcpy(t.x, vals, nvals * size);
    }
    void *M;
    GrB_Info info = GG_api_new(&M, GG_KIND_MATRIX, "C", btype, nrows, ncols, __func__);
    if (info != GrB_SUCCESS) {
        GG_coo_free(&t);
        return info;
    }
    if (GG_container_adopt(M, &t) != GrB_SUCCESS) {
        GrB_Matrix_free((GrB_Matrix *)&M);
        return GG_error(NULL, GrB_OUT_OF_MEMORY, __func__, "out of memory");
    }
    *C = M;
    return GrB_SUCCESS;
}
