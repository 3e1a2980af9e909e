// libdevice.c: triton.language.extra.libdevice (and extra.cuda.libdevice) calls.
//
// Triton maps each of these functions, by the dtypes of its arguments, to one of
// libdevice's __nv_* functions (python/triton/language/extra/cuda/libdevice.py). nvcc
// links the same libdevice, so the generated code calls those functions by name and
// computes what Triton computes. The table says, per function, which argument dtypes
// it takes and what it returns; the lookup and argument promotion follow
// extern_elementwise (core.py): exact argument dtypes first, else the arguments are
// promoted together as for arithmetic and looked up again.
#include "tl2cu.h"

#include <stdlib.h>
#include <string.h>

// One function: its variants as "ARGS>RET=SYMBOL" separated by spaces, with one letter
// per dtype: i int32, u uint32, l int64, m uint64, f fp32, d fp64; SYMBOL without __nv_.
// Triton links libdevice with nvvm-reflect-ftz=1 and without __CUDA_PREC_SQRT, nvcc with
// neither, so the fp32 variants run other paths (docs/LIBDEVICE.md). The marks, from
// tests/gpu/libdevice_check.py's measurements on the H200:
//   none  Triton's bits as called (integer and fp64 ones; fp32 ones equal on every input).
//   '^'   fp32, Triton's bits once subnormal fp32 arguments and results are flushed to a zero
//         of their sign around the call: they differed on subnormals only, which libdevice's
//         flush-to-zero path reads and writes as zeros (sqrtf: Triton's sqrt.approx.ftz.f32).
//   '~'   other results than Triton's on normal values too, by the ulps in `differences`
//         (flushed as '^' all the same): translated with a warning, refused with
//         --strict-libdevice. ORDER INEXACT: each has a row in `differences`.
typedef struct {
  const char *name, *variants;
} LibdeviceFunc;

static const LibdeviceFunc table[] = {
    {"clz", "i>i=clz l>i=clzll"},
    {"popc", "i>i=popc l>i=popcll"},
    {"byte_perm", "iii>i=byte_perm"},
    {"mulhi", "ii>i=mulhi uu>u=umulhi ll>l=mul64hi mm>m=umul64hi"},
    {"mul24", "ii>i=mul24 uu>u=umul24"},
    {"brev", "i>i=brev l>l=brevll"},
    {"sad", "iiu>i=sad uuu>u=usad"},
    {"abs", "i>i=abs l>l=llabs f>f=^fabsf d>d=fabs"},
    {"floor", "f>f=^floorf d>d=floor"},
    {"rcp64h", "d>d=rcp64h"},
    {"rsqrt", "f>f=^rsqrtf d>d=rsqrt"},
    {"ceil", "d>d=ceil f>f=^ceilf"},
    {"trunc", "d>d=trunc f>f=truncf"},
    {"exp2", "f>f=^exp2f d>d=exp2"},
    {"saturatef", "f>f=^saturatef"},
    {"fma_rn", "fff>f=^fmaf_rn ddd>d=fma_rn"},
    {"fma_rz", "fff>f=^fmaf_rz ddd>d=fma_rz"},
    {"fma_rd", "fff>f=^fmaf_rd ddd>d=fma_rd"},
    {"fma_ru", "fff>f=^fmaf_ru ddd>d=fma_ru"},
    {"fast_dividef", "ff>f=^fast_fdividef"},
    {"div_rn", "ff>f=^fdiv_rn dd>d=ddiv_rn"},
    {"div_rz", "ff>f=^fdiv_rz dd>d=ddiv_rz"},
    {"div_rd", "ff>f=^fdiv_rd dd>d=ddiv_rd"},
    {"div_ru", "ff>f=^fdiv_ru dd>d=ddiv_ru"},
    {"rcp_rn", "f>f=^frcp_rn d>d=drcp_rn"},
    {"rcp_rz", "f>f=^frcp_rz d>d=drcp_rz"},
    {"rcp_rd", "f>f=^frcp_rd d>d=drcp_rd"},
    {"rcp_ru", "f>f=^frcp_ru d>d=drcp_ru"},
    {"sqrt_rn", "f>f=^fsqrt_rn d>d=dsqrt_rn"},
    {"sqrt_rz", "f>f=^fsqrt_rz d>d=dsqrt_rz"},
    {"sqrt_rd", "f>f=^fsqrt_rd d>d=dsqrt_rd"},
    {"sqrt_ru", "f>f=^fsqrt_ru d>d=dsqrt_ru"},
    {"sqrt", "f>f=^sqrtf d>d=sqrt"},
    {"add_rn", "dd>d=dadd_rn ff>f=^fadd_rn"},
    {"add_rz", "dd>d=dadd_rz ff>f=^fadd_rz"},
    {"add_rd", "dd>d=dadd_rd ff>f=^fadd_rd"},
    {"add_ru", "dd>d=dadd_ru ff>f=^fadd_ru"},
    {"mul_rn", "dd>d=dmul_rn ff>f=^fmul_rn"},
    {"mul_rz", "dd>d=dmul_rz ff>f=^fmul_rz"},
    {"mul_rd", "dd>d=dmul_rd ff>f=^fmul_rd"},
    {"mul_ru", "dd>d=dmul_ru ff>f=^fmul_ru"},
    {"double2float_rn", "d>f=^double2float_rn"},
    {"double2float_rz", "d>f=^double2float_rz"},
    {"double2float_rd", "d>f=^double2float_rd"},
    {"double2float_ru", "d>f=^double2float_ru"},
    {"double2int_rn", "d>i=double2int_rn"},
    {"double2int_rz", "d>i=double2int_rz"},
    {"double2int_rd", "d>i=double2int_rd"},
    {"double2int_ru", "d>i=double2int_ru"},
    {"double2uint_rn", "d>i=double2uint_rn"},
    {"double2uint_rz", "d>i=double2uint_rz"},
    {"double2uint_rd", "d>i=double2uint_rd"},
    {"double2uint_ru", "d>i=double2uint_ru"},
    {"int2double_rn", "i>d=int2double_rn"},
    {"uint2double_rn", "u>d=uint2double_rn"},
    {"float2int_rn", "f>i=float2int_rn"},
    {"float2int_rz", "f>i=float2int_rz"},
    {"float2int_rd", "f>i=^float2int_rd"},
    {"float2int_ru", "f>i=^float2int_ru"},
    {"float2uint_rn", "f>i=float2uint_rn"},
    {"float2uint_rz", "f>i=float2uint_rz"},
    {"float2uint_rd", "f>i=float2uint_rd"},
    {"float2uint_ru", "f>i=^float2uint_ru"},
    {"int2float_rn", "i>f=int2float_rn"},
    {"int2float_rz", "i>f=int2float_rz"},
    {"int2float_rd", "i>f=int2float_rd"},
    {"int2float_ru", "i>f=int2float_ru"},
    {"uint2float_rn", "u>f=uint2float_rn"},
    {"uint2float_rz", "u>f=uint2float_rz"},
    {"uint2float_rd", "u>f=uint2float_rd"},
    {"uint2float_ru", "u>f=uint2float_ru"},
    {"hiloint2double", "ii>d=hiloint2double"},
    {"double2loint", "d>i=double2loint"},
    {"double2hiint", "d>i=double2hiint"},
    {"float2ll_rn", "f>l=float2ll_rn"},
    {"float2ll_rz", "f>l=float2ll_rz"},
    {"float2ll_rd", "f>l=^float2ll_rd"},
    {"float2ll_ru", "f>l=^float2ll_ru"},
    {"float2ull_rn", "f>l=float2ull_rn"},
    {"float2ull_rz", "f>l=float2ull_rz"},
    {"float2ull_rd", "f>l=float2ull_rd"},
    {"float2ull_ru", "f>l=^float2ull_ru"},
    {"double2ll_rn", "d>l=double2ll_rn"},
    {"double2ll_rz", "d>l=double2ll_rz"},
    {"double2ll_rd", "d>l=double2ll_rd"},
    {"double2ll_ru", "d>l=double2ll_ru"},
    {"double2ull_rn", "d>l=double2ull_rn"},
    {"double2ull_rz", "d>l=double2ull_rz"},
    {"double2ull_rd", "d>l=double2ull_rd"},
    {"double2ull_ru", "d>l=double2ull_ru"},
    {"ll2float_rn", "l>f=ll2float_rn"},
    {"ll2float_rz", "l>f=ll2float_rz"},
    {"ll2float_rd", "l>f=ll2float_rd"},
    {"ll2float_ru", "l>f=ll2float_ru"},
    {"ull2float_rn", "m>f=ull2float_rn"},
    {"ull2float_rz", "m>f=ull2float_rz"},
    {"ull2float_rd", "m>f=ull2float_rd"},
    {"ull2float_ru", "m>f=ull2float_ru"},
    {"ll2double_rn", "l>d=ll2double_rn"},
    {"ll2double_rz", "l>d=ll2double_rz"},
    {"ll2double_rd", "l>d=ll2double_rd"},
    {"ll2double_ru", "l>d=ll2double_ru"},
    {"ull2double_rn", "m>d=ull2double_rn"},
    {"ull2double_rz", "m>d=ull2double_rz"},
    {"ull2double_rd", "m>d=ull2double_rd"},
    {"ull2double_ru", "m>d=ull2double_ru"},
    {"int_as_float", "i>f=int_as_float"},
    {"float_as_int", "f>i=float_as_int"},
    {"uint_as_float", "u>f=uint_as_float"},
    {"float_as_uint", "f>i=float_as_uint"},
    {"longlong_as_double", "l>d=longlong_as_double"},
    {"double_as_longlong", "d>l=double_as_longlong"},
    {"fast_sinf", "f>f=fast_sinf"},
    {"fast_cosf", "f>f=fast_cosf"},
    {"fast_log2f", "f>f=^fast_log2f"},
    {"fast_logf", "f>f=^fast_logf"},
    {"fast_expf", "f>f=^fast_expf"},
    {"fast_tanf", "f>f=fast_tanf"},
    {"fast_exp10f", "f>f=^fast_exp10f"},
    {"fast_log10f", "f>f=^fast_log10f"},
    {"fast_powf", "ff>f=~fast_powf"},
    {"hadd", "ii>i=hadd uu>u=uhadd"},
    {"rhadd", "ii>i=rhadd uu>u=urhadd"},
    {"sub_rn", "ff>f=^fsub_rn dd>d=dsub_rn"},
    {"sub_rz", "ff>f=^fsub_rz dd>d=dsub_rz"},
    {"sub_rd", "ff>f=^fsub_rd dd>d=dsub_rd"},
    {"sub_ru", "ff>f=^fsub_ru dd>d=dsub_ru"},
    {"rsqrt_rn", "f>f=^frsqrt_rn"},
    {"ffs", "i>i=ffs l>i=ffsll"},
    {"rint", "f>f=rintf d>d=rint"},
    {"llrint", "f>l=llrintf d>l=llrint"},
    {"nearbyint", "f>f=nearbyintf d>d=nearbyint"},
    {"isnan", "f>i=isnanf d>i=isnand"},
    {"signbit", "f>i=signbitf d>i=signbitd"},
    {"copysign", "ff>f=copysignf dd>d=copysign"},
    {"finitef", "f>i=finitef"},
    {"isinf", "f>i=isinff d>i=isinfd"},
    {"nextafter", "ff>f=~nextafterf dd>d=nextafter"},
    {"sin", "f>f=^sinf d>d=sin"},
    {"cos", "f>f=cosf d>d=cos"},
    {"sinpi", "f>f=~sinpif d>d=sinpi"},
    {"cospi", "f>f=~cospif d>d=cospi"},
    {"tan", "f>f=^tanf d>d=tan"},
    {"log2", "f>f=log2f d>d=log2"},
    {"exp", "f>f=expf d>d=exp"},
    {"exp10", "f>f=exp10f d>d=exp10"},
    {"cosh", "f>f=coshf d>d=cosh"},
    {"sinh", "f>f=^sinhf d>d=sinh"},
    {"tanh", "f>f=^tanhf d>d=tanh"},
    {"atan2", "ff>f=~atan2f dd>d=~atan2"},
    {"atan", "f>f=~atanf d>d=atan"},
    {"asin", "f>f=~asinf d>d=asin"},
    {"acos", "f>f=~acosf d>d=acos"},
    {"log", "f>f=logf d>d=log"},
    {"log10", "f>f=log10f d>d=log10"},
    {"log1p", "f>f=~log1pf d>d=log1p"},
    {"acosh", "f>f=~acoshf d>d=~acosh"},
    {"asinh", "f>f=~asinhf d>d=~asinh"},
    {"atanh", "f>f=^atanhf d>d=~atanh"},
    {"expm1", "f>f=~expm1f d>d=expm1"},
    {"hypot", "ff>f=~hypotf dd>d=hypot"},
    {"rhypot", "ff>f=~rhypotf dd>d=rhypot"},
    {"norm3d", "fff>f=~norm3df ddd>d=norm3d"},
    {"rnorm3d", "fff>f=rnorm3df ddd>d=rnorm3d"},
    {"norm4d", "ffff>f=~norm4df dddd>d=norm4d"},
    {"rnorm4d", "ffff>f=~rnorm4df dddd>d=rnorm4d"},
    {"cbrt", "f>f=~cbrtf d>d=cbrt"},
    {"rcbrt", "f>f=~rcbrtf d>d=rcbrt"},
    {"j0", "f>f=j0f d>d=j0"},
    {"j1", "f>f=~j1f d>d=j1"},
    {"y0", "f>f=~y0f d>d=~y0"},
    {"y1", "f>f=~y1f d>d=~y1"},
    {"yn", "if>f=ynf id>d=~yn"},
    {"jn", "if>f=~jnf id>d=jn"},
    {"cyl_bessel_i0", "f>f=cyl_bessel_i0f d>d=cyl_bessel_i0"},
    {"cyl_bessel_i1", "f>f=^cyl_bessel_i1f d>d=cyl_bessel_i1"},
    {"erf", "f>f=^erff d>d=erf"},
    {"erfinv", "f>f=~erfinvf d>d=erfinv"},
    {"erfc", "f>f=~erfcf d>d=erfc"},
    {"erfcx", "f>f=~erfcxf d>d=erfcx"},
    {"erfcinv", "f>f=~erfcinvf d>d=erfcinv"},
    {"normcdfinv", "f>f=~normcdfinvf d>d=normcdfinv"},
    {"normcdf", "f>f=normcdff d>d=normcdf"},
    {"lgamma", "f>f=^lgammaf d>d=lgamma"},
    {"ldexp", "fi>f=~ldexpf di>d=ldexp"},
    {"scalbn", "fi>f=~scalbnf di>d=scalbn"},
    {"fmod", "ff>f=~fmodf dd>d=fmod"},
    {"remainder", "ff>f=~remainderf dd>d=remainder"},
    {"fma", "fff>f=^fmaf ddd>d=fma"},
    {"pow", "fi>f=~powif di>d=powi ff>f=~powf dd>d=pow"},
    {"tgamma", "f>f=~tgammaf d>d=tgamma"},
    {"round", "f>f=roundf d>d=round"},
    {"llround", "f>l=llroundf d>l=llround"},
    {"fdim", "ff>f=fdimf dd>d=fdim"},
    {"ilogb", "f>i=^ilogbf d>i=ilogb"},
    {"logb", "f>f=~logbf d>d=logb"},
    {"isfinited", "d>i=isfinited"},
};

// How each '~' variant differs from Triton (docs/LIBDEVICE.md's table), for its warning.
static const struct {
  const char *symbol, *difference;
} differences[] = {
    {"__nv_sinpif", "by up to 2 ulp"},   {"__nv_cospif", "by up to 1 ulp"},   {"__nv_atan2f", "by up to 1 ulp"},
    {"__nv_atanf", "by up to 2 ulp"},    {"__nv_asinf", "by up to 3 ulp"},    {"__nv_acosf", "by up to 2 ulp"},
    {"__nv_acoshf", "by up to 2 ulp"},   {"__nv_asinhf", "by up to 2 ulp"},   {"__nv_hypotf", "by up to 1 ulp"},
    {"__nv_norm3df", "by up to 1 ulp"},  {"__nv_cbrtf", "by up to 1 ulp"},
    {"__nv_erfinvf", "by up to 1 ulp"},  {"__nv_erfcinvf", "by up to 4 ulp"}, {"__nv_normcdfinvf", "by up to 4 ulp"},
    {"__nv_powf", "by up to 2 ulp"},     {"__nv_tgammaf", "by up to 4 ulp"},
    {"__nv_powif", "at the overflow threshold (Triton inf, tl2cu a finite value)"},
    {"__nv_norm4df", "by up to 1 ulp"},
    {"__nv_rnorm4df", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_atan2", "by up to 1 ulp"},    {"__nv_acosh", "by up to 1 ulp"},    {"__nv_asinh", "by up to 2 ulp"},
    {"__nv_atanh", "by up to 1 ulp"},    {"__nv_y0", "by up to 1 ulp"},       {"__nv_y1", "by up to 1 ulp"},
    {"__nv_yn", "by up to 5 ulp"},
    // measured on the H100 on 2026-12-06: flushed as '^', these still differ where an
    // argument or result is subnormal (libdevice's flush-to-zero path also flushes inside)
    {"__nv_fast_powf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_nextafterf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_log1pf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_expm1f", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_rhypotf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_rcbrtf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_j1f", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_y0f", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_y1f", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_jnf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_erfcf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_erfcxf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_ldexpf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_scalbnf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_fmodf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_remainderf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
    {"__nv_logbf", "on subnormal arguments or results (flushing them around the call does not give Triton's)"},
};

static const char *difference(const char *symbol) {
  for (size_t i = 0; i < sizeof differences / sizeof *differences; i++)
    if (!strcmp(differences[i].symbol, symbol)) return differences[i].difference;
  unreachable();
}

static const LibdeviceFunc *find(const char *name) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(table[i].name, name)) return &table[i];
  return NULL;
}

bool libdevice_has(const char *name) { return find(name) != NULL; }

static char letter(Scalar t) {
  switch (t) {
  case TY_I32: return 'i';
  case TY_U32: return 'u';
  case TY_I64: return 'l';
  case TY_U64: return 'm';
  case TY_F32: return 'f';
  case TY_F64: return 'd';
  default: return '?';
  }
}

static Scalar of_letter(char c) {
  return c == 'i' ? TY_I32 : c == 'u' ? TY_U32 : c == 'l' ? TY_I64 : c == 'm' ? TY_U64 : c == 'f' ? TY_F32 : TY_F64;
}

// The variant taking exactly these dtypes ("ff"): its symbol, result and mark ('^', '~' or 0), or false.
static bool variant(const LibdeviceFunc *f, const char *args, const char **symbol, Scalar *ret, char *mark) {
  size_t n = strlen(args);
  for (const char *v = f->variants; *v;) {
    const char *end = strchr(v, ' ');
    if (!end) end = v + strlen(v);
    if (!strncmp(v, args, n) && v[n] == '>') {
      const char *sym = v + n + 3;
      *ret = of_letter(v[n + 1]);
      *mark = *sym == '~' || *sym == '^' ? *sym : 0;
      sym += *mark != 0;
      *symbol = xprintf("__nv_%.*s", (int)(end - sym), sym);
      return true;
    }
    v = *end ? end + 1 : end;
  }
  return false;
}

static int arity(const LibdeviceFunc *f) { return (int)(strchr(f->variants, '>') - f->variants); }

// "(fp32) or (fp64)": the dtypes the variants take, for messages.
static const char *accepted(const LibdeviceFunc *f) {
  Str s = {0};
  str_add(&s, "");
  for (const char *v = f->variants; *v;) {
    str_addf(&s, "%s(", s.len ? " or " : "");
    for (const char *a = v; *a != '>'; a++) str_addf(&s, "%s%s", a == v ? "" : ", ", scalar_name(of_letter(*a)));
    str_add(&s, ")");
    v = strchr(v, ' ') ? strchr(v, ' ') + 1 : v + strlen(v);
  }
  return s.buf;
}

// Once per call in the source, however often tracing meets it (static_range, helpers).
static bool warned_before(Loc loc) {
  static Vec warned;  // Loc*
  for (int i = 0; i < warned.len; i++) {
    Loc *w = warned.items[i];
    if (w->line == loc.line && w->col == loc.col) return true;
  }
  Loc *l = xmalloc(sizeof *l);
  *l = loc;
  vec_push(&warned, l);
  return false;
}

// libdevice.NAME's variant SYMBOL gives other bits than Triton's: an error with
// --strict-libdevice, else a warning (none with --allow-inexact-libdevice).
static void check_inexact(Ctx *c, const char *name, const char *symbol, Loc loc) {
  const char *what = xprintf("libdevice.%s (%s) differs from Triton's %s", name, symbol, difference(symbol));
  if (c->opt->strict_libdevice) {
    diag_error(loc, "%s: refused with --strict-libdevice", what);
    diag_note(loc, "Triton links libdevice with flush-to-zero and approximate sqrt, nvcc without (docs/LIBDEVICE.md)");
    exit(1);
  }
  if (c->opt->inexact_libdevice || warned_before(loc)) return;
  diag_warning(loc, "%s (Triton links libdevice with flush-to-zero and approximate sqrt, nvcc without; "
                    "--allow-inexact-libdevice silences this, --strict-libdevice refuses it)", what);
}

// Subnormal fp32 operands and result read and written as zeros of their sign, as
// libdevice's flush-to-zero path (Triton's) does: tl2cu_ftz around the call. Triton's
// sqrtf is sqrt.approx.ftz.f32 itself (tl2cu_sqrt, as tl.sqrt); its erff the runtime's
// tl2cu_erf (as tl.erf: Triton's instructions, which flush as they go).
static Value *flushed_call(Ctx *c, const char *symbol, Scalar ret, Value **v, int n, Loc loc) {
  Value *flushed[4];
  for (int i = 0; i < n; i++)
    flushed[i] = v[i]->ty.kind == TY_F32 ? sem_extern(c, "ftz", TY_F32, &v[i], 1, loc) : v[i];
  if (!strcmp(symbol, "__nv_sqrtf")) return sem_extern(c, "sqrt", TY_F32, v, 1, loc);
  if (!strcmp(symbol, "__nv_erff")) return sem_extern(c, "erf", TY_F32, v, 1, loc);
  Value *r = sem_extern(c, symbol, ret, flushed, n, loc);
  return ret == TY_F32 ? sem_extern(c, "ftz", TY_F32, &r, 1, loc) : r;
}

Obj *libdevice_call(Ctx *c, const char *name, Node *call, Obj **args, int nargs) {
  const LibdeviceFunc *f = find(name);
  if (!c->in_kernel) diag_fatal(call->loc, "libdevice.%s can only be called inside a @triton.jit function", name);
  int n = arity(f);
  if (nargs != n) diag_fatal(call->loc, "libdevice.%s() takes %d argument%s but %d were given", name, n, n == 1 ? "" : "s", nargs);
  Value *v[4];
  char types[5] = {0};
  for (int i = 0; i < n; i++) {
    v[i] = sem_to_value(c, args[i], call->loc);  // to_tensor: Python numbers typed on their own
    types[i] = letter(v[i]->ty.kind);
  }
  const char *symbol;
  Scalar ret;
  char mark;
  if (!variant(f, types, &symbol, &ret, &mark)) {  // promoted together, as arithmetic would
    Scalar common = v[0]->ty.kind;
    for (int i = 1; i < n; i++) common = sem_promote(v[i]->ty.kind, common, call->loc);
    for (int i = 0; i < n; i++) {
      v[i] = sem_cast(c, v[i], sem_promote(v[i]->ty.kind, common, call->loc), call->loc);
      types[i] = letter(v[i]->ty.kind);
    }
    if (!variant(f, types, &symbol, &ret, &mark)) {
      Str got = {0};
      str_add(&got, "");
      for (int i = 0; i < n; i++) str_addf(&got, "%s%s", i ? ", " : "", type_name(v[i]->ty));
      diag_fatal(call->loc, "libdevice.%s has no variant for (%s): it takes %s", name, got.buf, accepted(f));
    }
  }
  if (mark == '~') check_inexact(c, name, symbol, call->loc);
  Value *r = mark ? flushed_call(c, symbol, ret, v, n, call->loc) : sem_extern(c, symbol, ret, v, n, call->loc);
  if (!strcmp(name, "isnan") || !strcmp(name, "isinf")) r = sem_cast(c, r, TY_I1, call->loc);  // .to(tl.int1)
  return obj_value(r);
}
