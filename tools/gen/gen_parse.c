/* gen_parse.c: the --gen spec strings of the CLI and benchmarks ("rmat:20", "grid:3000", ...),
 * parsed by one table that states each kind's parameters, their ranges and their defaults. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gg_gen.h"

typedef struct {
    const char *name; /* as it appears in the usage, e.g. "SCALE" */
    double min, max;  /* inclusive range; min 0 with is_real means "greater than 0" */
    double dflt;      /* value when an optional parameter is left out */
    int is_real;
} gen_param;

typedef struct {
    const char *kind;
    GG_gen_kind id;
    unsigned flags; /* default flags */
    int nrequired;  /* the remaining parameters are optional */
    int nparams;
    const char *usage;
    gen_param params[3];
} gen_form;

#define P2_32 4294967296.0

static const gen_form forms[] = {
    {"rmat",
     GG_GEN_RMAT,
     GG_GEN_PERMUTE,
     1,
     2,
     "rmat:SCALE[:EF]",
     {{"SCALE", 1, 32, 0, 0}, {"EF", 1, 1 << 20, 16, 0}}},
    {"grid", GG_GEN_GRID, 0, 1, 1, "grid:N", {{"N", 1, 65536, 0, 0}}},
    {"urand", GG_GEN_URAND, 0, 2, 2, "urand:N:M", {{"N", 1, P2_32, 0, 0}, {"M", 0, P2_32 * 256, 0, 0}}},
    {"band",
     GG_GEN_BAND,
     0,
     2,
     3,
     "band:N:W[:DENSITY]",
     {{"N", 1, P2_32, 0, 0}, {"W", 0, P2_32, 0, 0}, {"DENSITY", 0, 1, 0.2, 1}}},
    {"local",
     GG_GEN_LOCAL,
     GG_GEN_CLEAN,
     1,
     2,
     "local:N[:DEGREE]",
     {{"N", 1, P2_32, 0, 0}, {"DEGREE", 1, 1024, 5, 0}}},
    {"dense", GG_GEN_DENSE, 0, 1, 1, "dense:N", {{"N", 1, 65536, 0, 0}}},
};
#define NFORMS (sizeof(forms) / sizeof(forms[0]))

static GrB_Info parse_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static GrB_Info parse_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return GrB_INVALID_VALUE;
}

/* A whole field as an unsigned decimal integer or (is_real) a decimal number. */
static int parse_field(const char *s, size_t len, int is_real, double *out)
{
    char buf[64];
    if (len == 0 || len >= sizeof(buf)) return 0;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    if (is_real) {
        *out = strtod(buf, &end);
    } else {
        if (buf[0] < '0' || buf[0] > '9') return 0;
        unsigned long long v = strtoull(buf, &end, 10);
        *out = (double)v;
        if (v > (1ULL << 53)) return 0;
    }
    return errno == 0 && *end == '\0';
}

GrB_Info GG_gen_parse(GG_gen_spec *spec, const char *text, char *err, size_t errlen)
{
    if (!spec || !text) return parse_fail(err, errlen, "no --gen spec given");
    const char *all =
        "rmat:SCALE[:EF] | grid:N | urand:N:M | band:N:W[:DENSITY] | local:N[:DEGREE] | dense:N";
    size_t klen = strcspn(text, ":");
    const gen_form *f = NULL;
    for (size_t k = 0; k < NFORMS; k++)
        if (strlen(forms[k].kind) == klen && strncmp(text, forms[k].kind, klen) == 0) f = &forms[k];
    if (!f) return parse_fail(err, errlen, "--gen '%s': unknown generator (expected %s)", text, all);

    double v[3];
    int np = 0;
    const char *p = text + klen;
    while (*p == ':') {
        p++;
        size_t len = strcspn(p, ":");
        if (np == f->nparams)
            return parse_fail(err, errlen, "--gen '%s': too many parameters (expected %s)", text, f->usage);
        const gen_param *q = &f->params[np];
        int ok = parse_field(p, len, q->is_real, &v[np]);
        bool in_range =
            q->is_real ? (v[np] > q->min && v[np] <= q->max) : (v[np] >= q->min && v[np] <= q->max);
        if (!ok || !in_range) {
            if (q->is_real)
                return parse_fail(err, errlen, "--gen '%s': %s must be a number in (%g, %g] (%s)", text,
                                  q->name, q->min, q->max, f->usage);
            return parse_fail(err, errlen, "--gen '%s': %s must be an integer in %.0f..%.0f (%s)", text,
                              q->name, q->min, q->max, f->usage);
        }
        np++;
        p += len;
    }
    if (np < f->nrequired)
        return parse_fail(err, errlen, "--gen '%s': missing %s (expected %s)", text, f->params[np].name,
                          f->usage);
    for (int k = np; k < f->nparams; k++) v[k] = f->params[k].dflt;

    GG_gen_spec s = {.kind = f->id, .seed = 1, .flags = f->flags, .weights = GG_WEIGHTS_NONE};
    s.n = (uint64_t)v[0];
    if (f->nparams > 1) s.m = (uint64_t)v[1];
    if (f->nparams > 2) s.density = v[2];
    *spec = s;
    return GrB_SUCCESS;
}
