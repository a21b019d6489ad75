/* gg_status.c: generates Doc/STATUS.md, the status of every function we export, and checks that
 * the committed file is what it would generate.
 *
 *   gg_status --write FILE [--spec LIST]   regenerate FILE (the Meson run target `status`)
 *   gg_status --check FILE [--spec LIST]   exit 1 when FILE differs (a unit test)
 *
 * Operations are measured, not claimed: each entry of the operation catalogue is called on small
 * valid arguments with GxG_BACKEND forced to the CPU (and to CUDA when a device is present, where
 * every call must succeed: what the CUDA backend lacks or declines runs on the CPU); a call
 * answering GrB_NOT_IMPLEMENTED is not implemented there, GrB_SUCCESS is, and any other code is a
 * defect this program reports. An operation is GPU when, with CUDA forced, the CUDA slot itself
 * finished the call (GG_op_last_backend, src/ops/GG_ops.h): no decline. Without a device the GPU
 * part is carried over from FILE, so only a run on a GPU host changes it. Object methods all exist and run on the CPU. With --spec, the function names
 * are checked against the spec's list, so none can be missing. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "GG_backend.h"
#include "GG_ops.h"
#include "op_catalog.h"

/* ---- the names of the object methods, from the header's lists ------------------------------- */

#define N_MONOID(T, ...) "GrB_Monoid_new_" #T,
static const char *const algebra[] = {"GrB_Type_new", "GrB_UnaryOp_new", "GrB_BinaryOp_new",
                                      "GrB_IndexUnaryOp_new", GxG_ALL_TYPES(N_MONOID)
                                      "GrB_Semiring_new", NULL};
#define N_SCALAR(T, ...) "GrB_Scalar_setElement_" #T, "GrB_Scalar_extractElement_" #T,
static const char *const scalar[] = {"GrB_Scalar_new", "GrB_Scalar_dup", "GrB_Scalar_clear",
                                     "GrB_Scalar_nvals", GxG_ALL_TYPES(N_SCALAR) NULL};
#define N_VECTOR(T, ...)                                                                           \
    "GrB_Vector_build_" #T, "GrB_Vector_setElement_" #T, "GrB_Vector_extractElement_" #T,         \
        "GrB_Vector_extractTuples_" #T,
static const char *const vector[] = {
    "GrB_Vector_new", "GrB_Vector_dup", "GrB_Vector_clear", "GrB_Vector_size", "GrB_Vector_nvals",
    "GrB_Vector_resize", "GrB_Vector_removeElement", "GrB_Vector_setElement_Scalar",
    "GrB_Vector_extractElement_Scalar", GxG_ALL_TYPES(N_VECTOR) NULL};
#define N_MATRIX(T, ...)                                                                           \
    "GrB_Matrix_build_" #T, "GrB_Matrix_setElement_" #T, "GrB_Matrix_extractElement_" #T,         \
        "GrB_Matrix_extractTuples_" #T, "GrB_Matrix_import_" #T, "GrB_Matrix_export_" #T,
static const char *const matrix[] = {
    "GrB_Matrix_new", "GrB_Matrix_dup", "GrB_Matrix_diag", "GrB_Matrix_clear", "GrB_Matrix_resize",
    "GrB_Matrix_nrows", "GrB_Matrix_ncols", "GrB_Matrix_nvals", "GrB_Matrix_removeElement",
    "GrB_Matrix_setElement_Scalar", "GrB_Matrix_extractElement_Scalar", "GrB_Matrix_exportHint",
    "GrB_Matrix_exportSize", "GrB_Matrix_serializeSize", "GrB_Matrix_serialize",
    "GrB_Matrix_deserialize", GxG_ALL_TYPES(N_MATRIX) NULL};
#define N_FWE(K) "GrB_" #K "_free", "GrB_" #K "_wait", "GrB_" #K "_error",
#define N_GETSET(K)                                                                                \
    "GrB_" #K "_get_Scalar", "GrB_" #K "_get_String", "GrB_" #K "_get_INT32",                      \
        "GrB_" #K "_get_SIZE", "GrB_" #K "_get_VOID", "GrB_" #K "_set_Scalar",                     \
        "GrB_" #K "_set_String", "GrB_" #K "_set_INT32", "GrB_" #K "_set_VOID",
#define N_FPRINT(K) "GxB_" #K "_fprint",
#define N_OPTIONS(K)                                                                               \
    "GxB_" #K "_Option_set", "GxB_" #K "_Option_set_INT32", "GxB_" #K "_Option_set_FP64",         \
        "GxB_" #K "_Option_get", "GxB_" #K "_Option_get_INT32", "GxB_" #K "_Option_get_FP64",
static const char *const context[] = {"GrB_init", "GrB_finalize", "GrB_getVersion", NULL};
static const char *const descriptor[] = {"GrB_Descriptor_new", "GrB_Descriptor_set", NULL};
static const char *const fwe[] = {GxG_OBJECT_KINDS(N_FWE) NULL};
static const char *const getset[] = {GxG_GETSET_KINDS(N_GETSET) NULL};
static const char *const gxb[] = {"GxB_init", "GxB_Type_new", "GxB_UnaryOp_new",
                                  "GxB_BinaryOp_new", "GxB_IndexUnaryOp_new", "GxB_Matrix_type",
                                  "GxB_Matrix_type_name", "GxB_Vector_type_name",
                                  "GxB_Scalar_type_name", GxG_OBJECT_KINDS(N_FPRINT)
                                  "GxB_Global_Option_set", "GxB_Global_Option_set_INT32",
                                  "GxB_Global_Option_set_FP64", "GxB_Global_Option_set_FP64_ARRAY",
                                  "GxB_Global_Option_set_INT64_ARRAY",
                                  "GxB_Global_Option_set_FUNCTION", "GxB_Global_Option_get",
                                  "GxB_Global_Option_get_INT32", "GxB_Global_Option_get_FP64",
                                  "GxB_Global_Option_get_INT64", "GxB_Global_Option_get_CHAR",
                                  "GxB_Global_Option_get_FUNCTION", N_OPTIONS(Matrix)
                                  N_OPTIONS(Vector) "GxB_Desc_set", "GxB_Desc_set_INT32",
                                  "GxB_Desc_set_FP64", "GxB_Desc_get", "GxB_Desc_get_INT32",
                                  "GxB_Desc_get_FP64", "GxB_Descriptor_get", NULL};

static const struct {
    const char *title;
    const char *const *names;
} method_sections[] = {
    {"Context", context},         {"Algebraic objects", algebra},
    {"Scalar", scalar},           {"Vector", vector},
    {"Matrix", matrix},           {"Descriptor", descriptor},
    {"free, wait, error", fwe},   {"get, set", getset},
};

/* ---- output buffer --------------------------------------------------------------------------- */

static char *out;
static size_t out_len, out_cap;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (out_len + (size_t)n + 1 > out_cap) {
        out_cap = 2 * (out_len + (size_t)n + 1);
        out = realloc(out, out_cap);
        if (out == NULL) {
            fprintf(stderr, "gg_status: out of memory\n");
            exit(2);
        }
    }
    va_start(ap, fmt);
    vsnprintf(out + out_len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_len += (size_t)n;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    size_t got;
    while (text != NULL && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) text = realloc(text, cap *= 2);
    }
    fclose(f);
    if (text != NULL) text[len] = '\0';
    return text;
}

/* ---- statuses -------------------------------------------------------------------------------- */

static const char *const ST_CPU = "implemented (CPU)";
static const char *const ST_GPU = "implemented (CPU, GPU)";
static const char *const ST_NONE = "not implemented";

/* The line of `name` in the previous file says GPU (how a machine without a device keeps it). */
static bool previous_gpu(const char *previous, const char *name)
{
    char key[160];
    snprintf(key, sizeof key, "| `%s` | ", name);
    const char *line = previous != NULL ? strstr(previous, key) : NULL;
    if (line == NULL) return false;
    const char *end = strchr(line, '\n');
    const char *gpu = strstr(line, ST_GPU);
    return gpu != NULL && (end == NULL || gpu < end);
}

static const char *info_name(GrB_Info info)
{
    static char buf[32];
    snprintf(buf, sizeof buf, "GrB_Info %d", (int)info);
    return buf;
}

/* The backend family (slot) that serves an operation function, from its name. */
static GG_opfamily family_of(const char *name)
{
    static const struct {
        const char *part;
        GG_opfamily fam;
    } parts[] = {{"mxm", GG_FAM_MXM},           {"mxv", GG_FAM_MXV},
                 {"vxm", GG_FAM_MXV},           {"eWiseAdd", GG_FAM_EWISE_ADD},
                 {"eWiseMult", GG_FAM_EWISE_MULT}, {"extract", GG_FAM_EXTRACT},
                 {"assign", GG_FAM_ASSIGN},     {"apply", GG_FAM_APPLY},
                 {"select", GG_FAM_SELECT},     {"transpose", GG_FAM_TRANSPOSE},
                 {"kronecker", GG_FAM_KRONECKER}};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        if (strstr(name, parts[k].part) != NULL) return parts[k].fam;
    /* reduce: GrB_Matrix_reduce_Monoid / _BinaryOp give a vector, every other form a scalar */
    if (strcmp(name, "GrB_Matrix_reduce_Monoid") == 0 ||
        strcmp(name, "GrB_Matrix_reduce_BinaryOp") == 0)
        return GG_FAM_REDUCE_VECTOR;
    return GG_FAM_REDUCE_SCALAR;
}

/* Runs an operation with the backend forced to `backend`: true when implemented there. */
static bool measure(const op_entry *e, op_args *a, int32_t backend, const char *backend_name)
{
    if (GrB_Global_set_INT32(GrB_GLOBAL, backend, GxG_BACKEND) != GrB_SUCCESS) {
        fprintf(stderr, "gg_status: cannot force the %s backend\n", backend_name);
        exit(2);
    }
    GrB_Info info = e->call(a);
    if (info == GrB_SUCCESS) return true;
    if (info == GrB_NOT_IMPLEMENTED) return false;
    fprintf(stderr, "gg_status: %s on valid arguments (%s backend) returned %s: %s\n", e->name,
            backend_name, info_name(info), GxG_last_error());
    exit(2);
}

typedef struct {
    int total, cpu, gpu, none;
} tally;

static void count(tally *t, const char *status)
{
    t->total++;
    if (status == ST_GPU) t->gpu++;
    else if (status == ST_CPU) t->cpu++;
    else t->none++;
}

/* ---- the spec's list ------------------------------------------------------------------------- */

static bool listed(const char *name)
{
    for (size_t s = 0; s < sizeof method_sections / sizeof method_sections[0]; s++)
        for (const char *const *n = method_sections[s].names; *n != NULL; n++)
            if (strcmp(*n, name) == 0) return true;
    for (size_t k = 0; k < op_catalog_len; k++)
        if (strcmp(op_catalog[k].name, name) == 0) return true;
    return false;
}

/* Every name of the spec list is in a section, and every GrB_ name of ours is in the list. */
static bool check_spec(const char *path)
{
    char *text = read_file(path);
    if (text == NULL) {
        fprintf(stderr, "gg_status: no spec list at %s; names not cross-checked\n", path);
        return true;
    }
    bool ok = true;
    int nspec = 0, nours = 0;
    for (char *line = strtok(text, "\r\n"); line != NULL; line = strtok(NULL, "\r\n")) {
        if (line[0] == '\0') continue;
        nspec++;
        if (!listed(line)) {
            fprintf(stderr, "gg_status: spec function %s is missing from STATUS.md\n", line);
            ok = false;
        }
    }
    for (size_t s = 0; s < sizeof method_sections / sizeof method_sections[0]; s++)
        for (const char *const *n = method_sections[s].names; *n != NULL; n++) nours++;
    nours += (int)op_catalog_len;
    if (nours != nspec) {
        fprintf(stderr, "gg_status: %d GrB_ functions listed, the spec has %d\n", nours, nspec);
        ok = false;
    }
    free(text);
    return ok;
}

/* ---- the document ---------------------------------------------------------------------------- */

static void table_head(const char *title)
{
    emit("\n## %s\n\n| function | status |\n| --- | --- |\n", title);
}

static void op_table_head(const char *title)
{
    emit("\n## %s\n\n| function | status | GPU slot |\n| --- | --- | --- |\n", title);
}

static void generate(const char *previous, bool have_gpu)
{
    op_fixture f;
    GrB_Info info = op_fixture_new(&f);
    if (info != GrB_SUCCESS) {
        fprintf(stderr, "gg_status: building the fixture failed with %s: %s\n", info_name(info),
                GxG_last_error());
        exit(2);
    }
    const char **op_status = calloc(op_catalog_len, sizeof *op_status);
    tally methods = {0}, ops = {0}, gxbs = {0};
    for (size_t k = 0; k < op_catalog_len; k++) {
        const op_entry *e = &op_catalog[k];
        bool cpu = measure(e, &f.a, GxG_BACKEND_CPU, "CPU");
        bool gpu = cpu && previous_gpu(previous, e->name);
        if (have_gpu) {
            if (measure(e, &f.a, GxG_BACKEND_CUDA, "CUDA") != cpu) {
                fprintf(stderr, "gg_status: %s with CUDA forced does not match the CPU backend\n",
                        e->name);
                exit(2);
            }
            gpu = cpu && GG_op_last_backend() == GG_cuda_table();
        }
        op_status[k] = gpu ? ST_GPU : cpu ? ST_CPU : ST_NONE;
        count(&ops, op_status[k]);
    }
    GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_AUTO, GxG_BACKEND);
    op_fixture_free(&f);

    for (size_t s = 0; s < sizeof method_sections / sizeof method_sections[0]; s++)
        for (const char *const *n = method_sections[s].names; *n != NULL; n++)
            count(&methods, ST_CPU);
    for (const char *const *n = gxb; *n != NULL; n++) count(&gxbs, ST_CPU);

    emit("# Implementation status\n\n"
         "<!-- Generated by test/status/gg_status.c: run `ninja -C <builddir> status` after a\n"
         "     change; the unit test status_md fails while this file differs. Do not edit. -->\n\n"
         "Every function of the GraphBLAS C API 2.1 and every GxB function the library exports,\n"
         "with its status: `%s`, `%s` or `%s`.\n\n"
         "Operations are measured: the generator calls each one on small valid arguments with the\n"
         "backend forced to the CPU (and to CUDA on a machine with a GPU) and records whether it\n"
         "answers `GrB_NOT_IMPLEMENTED`. Until then an operation still checks all its arguments\n"
         "and reports every API error exactly. `GPU` is measured on a GPU host: with CUDA forced,\n"
         "the CUDA backend's slot (the `GPU slot` column) computed the generator's call itself,\n"
         "without declining. A slot takes built-in types and operators (mxv/vxm: a semiring of one\n"
         "domain, any input form); other calls of the same function decline to the\n"
         "CPU, visibly in the trace (`GxG_TRACE`, `GRAPHBLAS_GPU_TRACE=1`). A run without a GPU\n"
         "carries the GPU part over from the previous version of this file. Object methods all\n"
         "run on the CPU. The predefined GxB operators, monoids and semirings are listed in\n"
         "[gxb.md](gxb.md).\n\n",
         ST_CPU, ST_GPU, ST_NONE);
    emit("## Summary\n\n| group | functions | %s | %s | %s |\n| --- | --- | --- | --- | --- |\n",
         ST_CPU, ST_GPU, ST_NONE);
    const struct {
        const char *name;
        tally *t;
    } rows[] = {{"object methods (spec)", &methods}, {"operations (spec)", &ops},
                {"GxB extensions", &gxbs}};
    for (size_t r = 0; r < 3; r++)
        emit("| %s | %d | %d | %d | %d |\n", rows[r].name, rows[r].t->total, rows[r].t->cpu,
             rows[r].t->gpu, rows[r].t->none);

    for (size_t s = 0; s < sizeof method_sections / sizeof method_sections[0]; s++) {
        table_head(method_sections[s].title);
        for (const char *const *n = method_sections[s].names; *n != NULL; n++)
            emit("| `%s` | %s |\n", *n, ST_CPU);
    }
    const char *section = NULL;
    for (size_t k = 0; k < op_catalog_len; k++) {
        if (section == NULL || strcmp(section, op_catalog[k].section) != 0) {
            section = op_catalog[k].section;
            char title[96];
            snprintf(title, sizeof title, "Operations: %s", section);
            op_table_head(title);
        }
        emit("| `%s` | %s | %s |\n", op_catalog[k].name, op_status[k],
             op_status[k] == ST_GPU ? GG_opfamily_name(family_of(op_catalog[k].name)) : "-");
    }
    table_head("GxB extensions");
    for (const char *const *n = gxb; *n != NULL; n++) emit("| `%s` | %s |\n", *n, ST_CPU);
    free(op_status);
}

/* Reports the first line where `have` and `want` differ. */
static void report_difference(const char *path, const char *have, const char *want)
{
    int line = 1;
    while (*have != '\0' && *have == *want) {
        if (*have == '\n') line++;
        have++;
        want++;
    }
    while (line > 1 && have[-1] != '\n') {
        have--;
        want--;
    }
    fprintf(stderr,
            "gg_status: %s is out of date at line %d (run `ninja -C <builddir> status`):\n"
            "  file:      %.*s\n  measured:  %.*s\n",
            path, line, (int)strcspn(have, "\n"), have, (int)strcspn(want, "\n"), want);
}

int main(int argc, char **argv)
{
    const char *mode = NULL, *path = NULL, *spec = NULL;
    for (int k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--spec") == 0) {
            spec = argv[k + 1];
        } else if (strcmp(argv[k], "--write") == 0 || strcmp(argv[k], "--check") == 0) {
            mode = argv[k];
            path = argv[k + 1];
        }
    }
    if (mode == NULL) {
        fprintf(stderr, "usage: gg_status --write FILE | --check FILE [--spec LIST]\n");
        return 2;
    }
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) {
        fprintf(stderr, "gg_status: GrB_init failed\n");
        return 2;
    }
    int32_t backends = 0;
    GrB_Global_get_INT32(GrB_GLOBAL, &backends, GxG_BACKENDS_AVAILABLE);
    bool have_gpu = (backends & 2) != 0;
    if (GG_cuda_table() == NULL)
        fprintf(stderr, "gg_status: built without CUDA; GPU statuses are carried over from %s\n",
                path);

    bool names_ok = spec == NULL || check_spec(spec);
    char *previous = read_file(path);
    generate(previous, have_gpu);
    GrB_finalize();

    int rc = names_ok ? 0 : 1;
    if (strcmp(mode, "--write") == 0) {
        FILE *f = fopen(path, "wb");
        if (f == NULL || fwrite(out, 1, out_len, f) != out_len || fclose(f) != 0) {
            fprintf(stderr, "gg_status: cannot write %s\n", path);
            return 2;
        }
        printf("gg_status: wrote %s\n", path);
    } else if (previous == NULL || strcmp(previous, out) != 0) {
        if (previous == NULL)
            fprintf(stderr, "gg_status: %s is missing (run `ninja -C <builddir> status`)\n", path);
        else
            report_difference(path, previous, out);
        rc = 1;
    }
    free(previous);
    free(out);
    return rc;
}
