// pymath.c: Python's math module on compile-time numbers, as module-level constants use it
// (LightLLM: `_kAlpha = triton.language.constexpr(math.sqrt(2.0 / math.pi))`). Each function
// gives what CPython gives: a float from the C library's function of the same name (glibc
// here, as CPython's on the same machine), an int from ceil, floor, trunc, isqrt, gcd and an
// all-int prod, and Python's ValueError ("math domain error") or OverflowError as an error.
#include "tl2cu.h"

#include <math.h>
#include <string.h>

// (the doubles nearest pi and e, as CPython's math.pi and math.e; strict C11 has no M_PI)
static const double pi = 0x1.921fb54442d18p+1, e = 0x1.5bf0a8b145769p+1;

Obj *pymath_constant(const char *name) {
  if (!strcmp(name, "pi")) return obj_float(pi);
  if (!strcmp(name, "e")) return obj_float(e);
  if (!strcmp(name, "tau")) return obj_float(2 * pi);
  if (!strcmp(name, "inf")) return obj_float(INFINITY);
  if (!strcmp(name, "nan")) return obj_float(NAN);
  return NULL;
}

// One-argument functions: libm's of the same name, and where Python raises "math domain error".
static bool negative(double x) { return x < 0; }
static bool nonpositive(double x) { return x <= 0; }
static bool at_most_minus_one(double x) { return x <= -1; }
static bool infinite(double x) { return isinf(x); }
static bool nowhere(double x) { return (void)x, false; }
static const struct {
  const char *name;
  double (*fn)(double);
  bool (*outside_domain)(double);
} unary[] = {
    {"sqrt", sqrt, negative},     {"exp", exp, nowhere},     {"exp2", exp2, nowhere},   {"expm1", expm1, nowhere},
    {"log", log, nonpositive},    {"log2", log2, nonpositive}, {"log10", log10, nonpositive},
    {"log1p", log1p, at_most_minus_one}, {"sin", sin, infinite}, {"cos", cos, infinite}, {"tan", tan, infinite},
    {"tanh", tanh, nowhere},      {"atan", atan, nowhere},   {"erf", erf, nowhere},     {"erfc", erfc, nowhere},
    {"fabs", fabs, nowhere},
};
static const char *const binary_functions[] = {"pow", "atan2"};
static const char *const int_functions[] = {"ceil", "floor", "trunc", "isqrt", "gcd", "prod"};
static const char *const bool_functions[] = {"isfinite", "isinf", "isnan"};

static bool listed(const char *const *names, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(names[i], name)) return true;
  return false;
}
#define LISTED(names, name) listed(names, sizeof names / sizeof names[0], name)

static int unary_index(const char *name) {
  for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
    if (!strcmp(unary[i].name, name)) return (int)i;
  return -1;
}

bool pymath_has(const char *name) {
  return unary_index(name) >= 0 || LISTED(binary_functions, name) || LISTED(int_functions, name) ||
         LISTED(bool_functions, name);
}

static double number(Obj *o, Loc at, const char *fn) {
  if (o->kind == OBJ_FLOAT) return o->fval;
  if (o->kind == OBJ_INT || o->kind == OBJ_BOOL) return (double)o->ival;
  diag_fatal(at, "math.%s() needs a number known at compile time, not %s", fn, obj_kind_name(o));
}

static int64_t integer(Obj *o, Loc at, const char *fn) {
  if (o->kind == OBJ_INT || o->kind == OBJ_BOOL) return o->ival;
  diag_fatal(at, "math.%s() needs an integer known at compile time, not %s", fn, obj_kind_name(o));
}

static _Noreturn void domain_error(Loc at, const char *fn) {
  diag_fatal(at, "math.%s(): math domain error (Python raises ValueError)", fn);
}

// ceil/floor/trunc of a float to a Python int (which has no bound; tl2cu's is int64).
static Obj *to_int(double r, Loc at, const char *fn) {
  if (isnan(r)) diag_fatal(at, "math.%s(): cannot convert float NaN to integer (Python raises ValueError)", fn);
  if (isinf(r)) diag_fatal(at, "math.%s(): cannot convert float infinity to integer (Python raises OverflowError)", fn);
  if (r < -9223372036854775808.0 || r >= 9223372036854775808.0)
    diag_fatal(at, "math.%s(): %g is beyond int64, which tl2cu's integers are", fn, r);
  return obj_int((int64_t)r);
}

static Obj *int_function(const char *fn, Obj **a, int n, Loc at) {
  if (!strcmp(fn, "gcd")) {
    int64_t g = 0;
    for (int i = 0; i < n; i++) {
      int64_t x = integer(a[i], at, fn);
      x = x < 0 ? -x : x;
      while (x) {
        int64_t t = g % x;
        g = x;
        x = t;
      }
    }
    return obj_int(g);
  }
  if (!strcmp(fn, "prod")) {  // prod(iterable, start=1): an int while every factor is one
    if (n < 1 || a[0]->kind != OBJ_TUPLE) diag_fatal(at, "math.prod() needs a tuple or list known at compile time");
    Obj *acc = n > 1 ? a[1] : obj_int(1);
    for (int i = 0; i < a[0]->items.len; i++) {
      Obj *x = a[0]->items.items[i];
      if (acc->kind != OBJ_FLOAT && x->kind != OBJ_FLOAT) {
        int64_t r;
        if (__builtin_mul_overflow(integer(acc, at, fn), integer(x, at, fn), &r))
          diag_fatal(at, "math.prod(): the product is beyond int64, which tl2cu's integers are");
        acc = obj_int(r);
      } else {
        acc = obj_float(number(acc, at, fn) * number(x, at, fn));
      }
    }
    return acc;
  }
  if (n != 1) diag_fatal(at, "math.%s() takes exactly one argument (%d given)", fn, n);
  if (a[0]->kind == OBJ_INT || a[0]->kind == OBJ_BOOL) {  // an int stays itself (isqrt: its root)
    int64_t x = a[0]->ival;
    if (strcmp(fn, "isqrt")) return obj_int(x);
    if (x < 0) diag_fatal(at, "math.isqrt(): isqrt() argument must be nonnegative (Python raises ValueError)");
    int64_t r = (int64_t)sqrt((double)x);
    while (r > 0 && r > x / r) r--;
    while ((r + 1) <= x / (r + 1)) r++;
    return obj_int(r);
  }
  if (!strcmp(fn, "isqrt")) diag_fatal(at, "math.isqrt() needs an integer, not %s", obj_kind_name(a[0]));
  double x = number(a[0], at, fn);
  return to_int(!strcmp(fn, "ceil") ? ceil(x) : !strcmp(fn, "floor") ? floor(x) : trunc(x), at, fn);
}

static Obj *float_function(const char *fn, Obj **a, int n, Loc at) {
  int u = unary_index(fn);
  bool two = u < 0;  // (pow, atan2)
  if (n != (two ? 2 : 1) && !(n == 2 && !strcmp(fn, "log")))
    diag_fatal(at, "math.%s() takes %s argument%s (%d given)", fn, two ? "two" : "one", two ? "s" : "", n);
  double x = number(a[0], at, fn), y = n > 1 ? number(a[1], at, fn) : 0, r;
  if (!two) {
    if (unary[u].outside_domain(x)) domain_error(at, fn);
    r = unary[u].fn(x);
    if (n > 1) {  // math.log(x, base)
      if (y <= 0) domain_error(at, fn);
      if (y == 1) diag_fatal(at, "math.log(): division by zero (Python raises ZeroDivisionError)");
      r = log(x) / log(y);
    }
  } else if (!strcmp(fn, "pow")) {
    if (x == 0 && y < 0) domain_error(at, fn);
    if (x < 0 && y != floor(y) && isfinite(y)) domain_error(at, fn);
    r = pow(x, y);
  } else {
    r = atan2(x, y);
  }
  if (isinf(r) && isfinite(x) && isfinite(y))
    diag_fatal(at, "math.%s(): math range error (Python raises OverflowError)", fn);
  return obj_float(r);
}

Obj *pymath_call(const char *fn, Obj **a, int n, Loc at) {
  if (LISTED(int_functions, fn)) return int_function(fn, a, n, at);
  if (LISTED(bool_functions, fn)) {
    if (n != 1) diag_fatal(at, "math.%s() takes exactly one argument (%d given)", fn, n);
    double x = number(a[0], at, fn);
    return obj_bool(!strcmp(fn, "isfinite") ? isfinite(x) : !strcmp(fn, "isinf") ? isinf(x) : isnan(x));
  }
  return float_function(fn, a, n, at);
}
