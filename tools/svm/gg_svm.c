/* gg_svm.c: the trainer's math (gg_svm.h). The SVM is the L2-regularised hinge-loss linear SVM,
 * solved in its dual one coordinate at a time (dual coordinate descent: each step is exact for
 * its coordinate, clipped to [0, C] with C scaled by the case's weight), with the bias as a
 * constant feature. Features are standardised first (log2 counts differ in range by orders of
 * magnitude), and the scaling is folded back into the weights, so the library evaluates the raw
 * features. A feature that is constant over the training cases says nothing and gets weight 0.
 * Everything is deterministic (a fixed-seed shuffle), so a rerun on the same cases writes the same
 * file. */
#include "gg_svm.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const feature_name[] = {
    "nnz",     "rows",    "cols",    "column length std", "CF 128", "CF 256",
    "CF 512",  "CF 1K",   "CF 2K",   "CF 4K",             "CF 8K",  "CF 16K",
    "CF 32K",  "CF 64K",  "CF 128K", "CF 256K",           "CF 512K", "input density",
    "mask",    "structural mask", "complemented mask", "list output", "flat pull",
    "push work fraction"};
_Static_assert(sizeof feature_name / sizeof feature_name[0] == GG_SVM_NFEAT,
               "a name for every feature of GG_cuda_svm.h");

_Static_assert(GG_SVM_WORK == GG_SVM_NFEAT - 1 && GG_SVM_FLAT == GG_SVM_WORK - 1,
              "the flat pull, then the work fraction, last: the cases files before them end at "
              "the work fraction, or before it (gg_svm_parse_case)");

#define EPOCHS 2000
#define TOLERANCE 1e-4

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void shuffle(size_t *a, size_t n, uint64_t *seed)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(next_random(seed) % i);
        size_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

/* Trains on the cases rows[0 .. n-1] of s. */
static void train_rows(const gg_svm_set *s, const size_t *rows, size_t n, const bool *use, double C,
                       GG_svm_model *m)
{
    double mean[GG_SVM_NFEAT] = {0}, sd[GG_SVM_NFEAT] = {0};
    bool on[GG_SVM_NFEAT];
    for (size_t r = 0; r < n; r++)
        for (int k = 0; k < GG_SVM_NFEAT; k++)
            mean[k] += s->x[rows[r] * GG_SVM_NFEAT + k] / (double)n;
    for (size_t r = 0; r < n; r++)
        for (int k = 0; k < GG_SVM_NFEAT; k++) {
            double d = s->x[rows[r] * GG_SVM_NFEAT + k] - mean[k];
            sd[k] += d * d / (double)n;
        }
    for (int k = 0; k < GG_SVM_NFEAT; k++) {
        sd[k] = sqrt(sd[k]);
        on[k] = (use == NULL || use[k]) && sd[k] > 1e-12;
    }
    double *z = malloc((n > 0 ? n : 1) * GG_SVM_NFEAT * sizeof *z);
    double *q = malloc((n > 0 ? n : 1) * sizeof *q), *alpha = calloc(n > 0 ? n : 1, sizeof *alpha);
    size_t *order = malloc((n > 0 ? n : 1) * sizeof *order);
    double w[GG_SVM_NFEAT] = {0}, bias = 0;
    if (z == NULL || q == NULL || alpha == NULL || order == NULL) {
        fprintf(stderr, "gg_svm: out of memory for %zu cases\n", n);
        abort();
    }
    for (size_t r = 0; r < n; r++) {
        q[r] = 1; /* the bias feature */
        for (int k = 0; k < GG_SVM_NFEAT; k++) {
            double v = on[k] ? (s->x[rows[r] * GG_SVM_NFEAT + k] - mean[k]) / sd[k] : 0;
            z[r * GG_SVM_NFEAT + k] = v;
            q[r] += v * v;
        }
        order[r] = r;
    }
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    for (int epoch = 0; epoch < EPOCHS && n > 0; epoch++) {
        shuffle(order, n, &seed);
        double pg_max = -INFINITY, pg_min = INFINITY;
        for (size_t o = 0; o < n; o++) {
            size_t r = order[o];
            const double *zr = z + r * GG_SVM_NFEAT;
            double y = s->y[rows[r]] > 0 ? 1 : -1, f = bias;
            for (int k = 0; k < GG_SVM_NFEAT; k++) f += w[k] * zr[k];
            double g = y * f - 1;
            /* a case's weight scales its share of the loss: its own bound on alpha */
            double Cr = s->weight != NULL ? C * s->weight[rows[r]] : C;
            double pg = alpha[r] == 0 ? fmin(g, 0) : alpha[r] == Cr ? fmax(g, 0) : g;
            pg_max = fmax(pg_max, pg);
            pg_min = fmin(pg_min, pg);
            if (fabs(pg) < 1e-12) continue;
            double old = alpha[r];
            alpha[r] = fmin(fmax(old - g / q[r], 0), Cr);
            double d = (alpha[r] - old) * y;
            for (int k = 0; k < GG_SVM_NFEAT; k++) w[k] += d * zr[k];
            bias += d;
        }
        if (pg_max - pg_min < TOLERANCE) break;
    }
    m->b = bias;
    for (int k = 0; k < GG_SVM_NFEAT; k++) {
        m->w[k] = on[k] ? w[k] / sd[k] : 0;
        m->b -= on[k] ? w[k] * mean[k] / sd[k] : 0;
    }
    free(z), free(q), free(alpha), free(order);
}

void gg_svm_train(const gg_svm_set *s, const bool *use, double C, GG_svm_model *m)
{
    size_t *rows = malloc((s->n > 0 ? s->n : 1) * sizeof *rows);
    if (rows == NULL) abort();
    for (size_t i = 0; i < s->n; i++) rows[i] = i;
    train_rows(s, rows, s->n, use, C, m);
    free(rows);
}

int gg_svm_predict(const GG_svm_model *m, const double *x)
{
    return GG_svm_score(m, x) >= 0 ? 1 : -1;
}

double gg_svm_cross_validate(const gg_svm_set *s, const bool *use, double C, int folds, int *pred)
{
    if (s->n == 0) return 1;
    /* the groups in a fixed shuffled order, dealt round-robin into the folds */
    int gmax = 0;
    for (size_t i = 0; i < s->n; i++) gmax = s->group[i] > gmax ? s->group[i] : gmax;
    size_t ng = (size_t)gmax + 1;
    size_t *gorder = malloc(ng * sizeof *gorder), *rows = malloc(s->n * sizeof *rows);
    int *fold = malloc(ng * sizeof *fold);
    if (gorder == NULL || rows == NULL || fold == NULL) abort();
    for (size_t g = 0; g < ng; g++) gorder[g] = g;
    uint64_t seed = 0x2545f4914f6cdd1dull;
    shuffle(gorder, ng, &seed);
    for (size_t g = 0; g < ng; g++) fold[gorder[g]] = (int)(g % (size_t)folds);
    double correct = 0, total = 0;
    for (size_t i = 0; i < s->n; i++) total += s->weight != NULL ? s->weight[i] : 1;
    for (int f = 0; f < folds; f++) {
        size_t n = 0;
        for (size_t i = 0; i < s->n; i++)
            if (fold[s->group[i]] != f) rows[n++] = i;
        if (n == s->n) continue; /* an empty fold (fewer groups than folds) */
        GG_svm_model m = {0};
        train_rows(s, rows, n, use, C, &m);
        for (size_t i = 0; i < s->n; i++) {
            if (fold[s->group[i]] != f) continue;
            int p = gg_svm_predict(&m, s->x + i * GG_SVM_NFEAT);
            if (pred != NULL) pred[i] = p;
            if (p == (s->y[i] > 0 ? 1 : -1)) correct += s->weight != NULL ? s->weight[i] : 1;
        }
    }
    free(gorder), free(rows), free(fold);
    return total > 0 ? correct / total : 1;
}

void gg_svm_score_decisions(const int *pred, const double *t_push, const double *t_pull, size_t n,
                            double *frac, double *loss)
{
    size_t right = 0;
    double chosen = 0, best = 0;
    for (size_t i = 0; i < n; i++) {
        double t = pred[i] > 0 ? t_pull[i] : t_push[i], b = fmin(t_push[i], t_pull[i]);
        right += t == b;
        chosen += t;
        best += b;
    }
    *frac = n > 0 ? (double)right / (double)n : 1;
    *loss = best > 0 ? chosen / best - 1 : 0;
}

/* s with every byte that could end a C comment or string replaced. */
static void clean_copy(char *out, size_t size, const char *s)
{
    size_t k = 0;
    for (; s != NULL && s[k] != '\0' && k + 1 < size; k++) {
        char c = s[k];
        bool bad = c == '"' || c == '\\' || c == '\n' || (c == '/' && k > 0 && s[k - 1] == '*');
        out[k] = bad ? '_' : c;
    }
    out[k] = '\0';
}

bool gg_svm_write(FILE *f, const GG_svm_model *m, const char *recipe)
{
    char gpu[256], date[64], line[1024];
    clean_copy(gpu, sizeof gpu, m->gpu != NULL ? m->gpu : "");
    clean_copy(date, sizeof date, m->date != NULL ? m->date : "");
    fprintf(f, "/* svm_model.c: GENERATED by tools/svm/gg_svm_train (do not edit; "
               "Doc/performance.md says\n * how to retrain): the coefficients of the linear SVM "
               "that picks the mode of a frontier\n * product (cuda/GG_cuda_svm.h).\n");
    if (m->provisional)
        fprintf(f, " * Provisional, not trained (%s).\n", date);
    else
        fprintf(f, " * Trained on %s, %s: %d cases, 5-fold cross-validated accuracy %.4f.\n", gpu,
                date, m->cases, m->cv_accuracy);
    /* the recipe, one comment line per line */
    for (const char *p = recipe; p != NULL && *p != '\0';) {
        const char *e = strchr(p, '\n');
        size_t len = e != NULL ? (size_t)(e - p) : strlen(p);
        char raw[1024];
        len = len < sizeof raw - 1 ? len : sizeof raw - 1;
        memcpy(raw, p, len);
        raw[len] = '\0';
        clean_copy(line, sizeof line, raw);
        fprintf(f, " * %s\n", line);
        p = e != NULL ? e + 1 : p + strlen(p);
    }
    fprintf(f, " */\n#include \"GG_cuda_svm.h\"\n\n");
    fprintf(f, "const GG_svm_model GG_svm_mxv_model = {\n    .w =\n        {\n");
    for (int k = 0; k < GG_SVM_NFEAT; k++)
        fprintf(f, "            %a, /* %s: %.6g */\n", m->w[k], feature_name[k], m->w[k]);
    fprintf(f, "        },\n    .b = %a, /* %.6g */\n", m->b, m->b);
    fprintf(f, "    .gpu = \"%s\",\n    .date = \"%s\",\n    .cases = %d,\n", gpu, date, m->cases);
    fprintf(f, "    .cv_accuracy = %a, /* %.4f */\n", m->cv_accuracy, m->cv_accuracy);
    fprintf(f, "    .provisional = %s,\n};\n", m->provisional ? "true" : "false");
    return !ferror(f);
}

static const char *const kind_name[GG_SVM_KINDS] = {"sweep", "bfs", "sssp", "bc"};

const char *gg_svm_kind_name(int kind)
{
    return kind >= 0 && kind < GG_SVM_KINDS ? kind_name[kind] : NULL;
}

void gg_svm_write_header(FILE *f)
{
    fprintf(f, "group,run,weight,t_push,t_pull");
    for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",f%d", k);
    fprintf(f, "\n");
}

void gg_svm_write_case(FILE *f, const gg_svm_case *c)
{
    fprintf(f, "%d,%d,%.9g,%.9g,%.9g", c->group, c->run, c->weight, c->t_push, c->t_pull);
    for (int k = 0; k < GG_SVM_NFEAT; k++) fprintf(f, ",%.9g", c->x[k]);
    fprintf(f, "\n");
}

/* The next value of a case line at *p, which must be followed by a comma (last: by the end of
 * the line or a newline); *p moves past it. */
static bool field(const char **p, double *v, bool last)
{
    char *end;
    *v = strtod(*p, &end);
    if (end == *p) return false;
    if (last ? *end != '\0' && strcmp(end, "\n") != 0 && strcmp(end, "\r\n") != 0 : *end != ',')
        return false;
    *p = end + 1;
    return true;
}

/* The columns before the features: group, run, weight, t_push, t_pull. */
#define CASE_LEAD 5

int gg_svm_parse_header(const char *line)
{
    if (strncmp(line, "group,", 6) != 0) return 0;
    int columns = 1;
    for (const char *p = line; *p != '\0'; p++) columns += *p == ',';
    int nfeat = columns - CASE_LEAD;
    return nfeat >= GG_SVM_FLAT && nfeat <= GG_SVM_NFEAT ? nfeat : 0;
}

bool gg_svm_parse_case(const char *line, int nfeat, gg_svm_case *c)
{
    const char *p = line;
    double group, run;
    if (nfeat < GG_SVM_FLAT || nfeat > GG_SVM_NFEAT || !field(&p, &group, false) ||
        !field(&p, &run, false) || !field(&p, &c->weight, false) ||
        !field(&p, &c->t_push, false) || !field(&p, &c->t_pull, false))
        return false;
    /* a file written before the flat pull lacks its column, one written before the work fraction
     * that one too: the columns before GG_SVM_FLAT are in place, the work fraction (where there
     * is one) is the last, and a missing feature reads as 0, a constant that gets no weight
     * (gg_svm.h) */
    for (int k = GG_SVM_FLAT; k < GG_SVM_NFEAT; k++) c->x[k] = 0;
    for (int k = 0; k < nfeat; k++)
        if (!field(&p, &c->x[k < GG_SVM_FLAT ? k : k + GG_SVM_NFEAT - nfeat], k == nfeat - 1))
            return false;
    if (!(group >= 0 && group < 1e9 && group == floor(group) && run >= 0 && run < 1e9 &&
          run == floor(run)))
        return false;
    c->group = (int)group;
    c->run = (int)run;
    return true;
}

void gg_svm_write_run(FILE *f, int kind, int run, const char *name)
{
    fprintf(f, "# %s %d: %s\n", gg_svm_kind_name(kind), run, name);
}

bool gg_svm_parse_run(const char *line, int *kind, int *run, const char **name)
{
    if (strncmp(line, "# ", 2) != 0) return false;
    line += 2;
    for (int k = GG_SVM_BFS; k < GG_SVM_KINDS; k++) {
        size_t len = strlen(kind_name[k]);
        if (strncmp(line, kind_name[k], len) != 0 || line[len] != ' ') continue;
        char *end;
        long r = strtol(line + len + 1, &end, 10);
        if (end == line + len + 1 || r <= 0 || r > 1000000 || strncmp(end, ": ", 2) != 0)
            return false;
        *kind = k;
        *run = (int)r;
        *name = end + 2;
        return true;
    }
    return false;
}
