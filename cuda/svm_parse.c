/* svm_parse.c: a frontier-mode SVM model read back from its source text (GG_cuda_svm.h,
 * GG_svm_parse): by the CPU unit test and the trainer's tests (tools/svm, test/svm), which check
 * what they write, and by the CUDA mxv slot, which can decide with a model file named at run time
 * (GRAPHBLAS_GPU_SVM_MODEL), so that a freshly trained model is tried against the compiled one in
 * one build. Plain C. */
#include "GG_cuda_svm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Skips blanks, commas and comments. */
static const char *skip(const char *p)
{
    for (;;) {
        while (*p == ' ' || *p == '\n' || *p == '\t' || *p == ',' || *p == '\r') p++;
        if (p[0] != '/' || p[1] != '*') return p;
        const char *e = strstr(p + 2, "*/");
        if (e == NULL) return p + strlen(p);
        p = e + 2;
    }
}

/* The text after "name =" inside the initialiser at body, or NULL. */
static const char *field(const char *body, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, ".%s =", name);
    const char *p = strstr(body, key);
    return p == NULL ? NULL : skip(p + strlen(key));
}

static bool number(const char **p, double *v)
{
    char *end;
    *p = skip(*p);
    *v = strtod(*p, &end);
    if (end == *p) return false;
    *p = end;
    return true;
}

bool GG_svm_parse(const char *text, GG_svm_model *m)
{
    const char *body = strstr(text, "GG_svm_mxv_model =");
    if (body == NULL) return false;
    const char *p = field(body, "w");
    if (p == NULL || *p != '{') return false;
    p++;
    GG_svm_model r = *m;
    for (int k = 0; k < GG_SVM_NFEAT; k++)
        if (!number(&p, &r.w[k])) return false;
    if (*skip(p) != '}') return false;
    double cases;
    const char *b = field(body, "b"), *c = field(body, "cases"), *a = field(body, "cv_accuracy");
    const char *v = field(body, "provisional");
    if (b == NULL || c == NULL || a == NULL || v == NULL || !number(&b, &r.b) ||
        !number(&c, &cases) || !number(&a, &r.cv_accuracy))
        return false;
    if (strncmp(v, "true", 4) == 0)
        r.provisional = true;
    else if (strncmp(v, "false", 5) == 0)
        r.provisional = false;
    else
        return false;
    r.cases = (int)cases;
    *m = r;
    return true;
}
