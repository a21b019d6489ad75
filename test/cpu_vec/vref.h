/* vref.h: the dense reference the vector-form kernel tests compare with: a vector as presence
 * flags and values held as doubles (the tests use small integers and halves, exact in every type
 * they cast to), and conversions between it and GG_vdata in each form, with the form's invariants
 * checked on the way back. */
#ifndef VREF_H
#define VREF_H

#include "GG_cpu_vec.h"

#define VREF_MAX 3000

typedef struct {
    uint64_t n;
    bool has[VREF_MAX];
    double val[VREF_MAX];
} vref;

/* A deterministic generator (the tests print their seed on failure). */
uint64_t vref_rand(void);
void vref_seed(uint64_t s);
static inline uint64_t vref_below(uint64_t k)
{
    return k == 0 ? 0 : vref_rand() % k;
}

/* A random vector of dimension n: density one of empty, a few, about half, all; values in
 * -3 .. 3 (halves too when `frac`), or all one value when iso. */
void vref_random(vref *r, uint64_t n, bool iso, bool frac);

/* The value x of type t as a double, and back (C's casting rules for the values used). */
double vref_get(GrB_Type t, const void *x);
void vref_put(GrB_Type t, void *x, double v);
/* v as it reads after a cast to t. */
double vref_cast(GrB_Type t, double v);

/* r as content of the given form (iso: r's values must all be equal). */
void vref_to(GG_vdata *v, const vref *r, GrB_Type t, GG_vform_kind form, bool iso);
/* v's content (its invariants checked: sorted unique indices, bitmap count, array presence). */
void vref_from(vref *r, const GG_vdata *v, GrB_Type t);
/* Whether the two references hold the same entries and values. */
bool vref_equal(const vref *a, const vref *b);
void vref_print(const char *name, const vref *r);

/* A random form, and a form name for messages. */
GG_vform_kind vref_form(void);
const char *vref_form_name(int form);

#endif /* VREF_H */
