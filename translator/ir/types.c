// types.c: Triton's dtypes and block shapes, and their C spellings.
//
// The promotion rules themselves live in lower.c next to the operators that
// use them; this file only knows what each dtype is.
#include "tl2cu.h"

#include <string.h>

// ORDER SCALAR: one row per Scalar, in enum order.
static const struct {
  const char *name;   // Triton's canonical name
  const char *ctype;  // the C type of one element
  int bits;
  bool is_int, is_signed;
} scalars[] = {
    {"i1", "bool", 1, true, false},
    {"i8", "int8_t", 8, true, true},
    {"i16", "int16_t", 16, true, true},
    {"i32", "int32_t", 32, true, true},
    {"i64", "int64_t", 64, true, true},
    {"u8", "uint8_t", 8, true, false},
    {"u16", "uint16_t", 16, true, false},
    {"u32", "uint32_t", 32, true, false},
    {"u64", "uint64_t", 64, true, false},
    {"fp16", "half", 16, false, true},
    {"bf16", "__nv_bfloat16", 16, false, true},
    {"fp32", "float", 32, false, true},
    {"fp64", "double", 64, false, true},
    {"fp8e4nv", "uint8_t", 8, false, true},  // the byte as stored (OCP e4m3fn, torch.float8_e4m3fn)
    {"fp8e5", "uint8_t", 8, false, true},    // (OCP e5m2, torch.float8_e5m2)
    {"ptr", "void *", 64, false, false},
    {"none", "void", 0, false, false},
};

Type type_scalar(Scalar s) { return (Type){s, TY_NONE}; }
Type type_ptr(Scalar pointee) { return (Type){TY_PTR, pointee}; }
bool type_eq(Type a, Type b) { return a.kind == b.kind && (a.kind != TY_PTR || a.pointee == b.pointee); }
bool scalar_is_int(Scalar s) { return scalars[s].is_int; }
bool scalar_is_float(Scalar s) { return s >= TY_F16 && s <= TY_F64; }
bool scalar_is_fp8(Scalar s) { return s == TY_F8E4NV || s == TY_F8E5; }
bool scalar_is_signed(Scalar s) { return scalars[s].is_signed; }
int scalar_bits(Scalar s) { return scalars[s].bits; }
const char *scalar_name(Scalar s) { return scalars[s].name; }
const char *scalar_ctype(Scalar s) { return scalars[s].ctype; }

const char *type_ctype(Type t) {
  return t.kind == TY_PTR ? xprintf("%s *", scalars[t.pointee].ctype) : scalars[t.kind].ctype;
}

int elem_bytes(Type t) { return t.kind == TY_I1 ? 1 : t.kind == TY_PTR ? 8 : scalar_bits(t.kind) / 8; }

const char *type_name(Type t) {
  return t.kind == TY_PTR ? xprintf("*%s", scalars[t.pointee].name) : scalars[t.kind].name;
}

bool scalar_from_name(const char *name, Scalar *out) {
  static const struct { const char *alias; Scalar s; } aliases[] = {
      {"int1", TY_I1}, {"bool", TY_I1}, {"u1", TY_I1}, {"B", TY_I1},
      {"int8", TY_I8}, {"int16", TY_I16}, {"int32", TY_I32}, {"int64", TY_I64},
      {"uint8", TY_U8}, {"uint16", TY_U16}, {"uint32", TY_U32}, {"uint64", TY_U64},
      {"float16", TY_F16}, {"bfloat16", TY_BF16}, {"float32", TY_F32}, {"float64", TY_F64},
      {"fp16", TY_F16}, {"bf16", TY_BF16}, {"fp32", TY_F32}, {"fp64", TY_F64},
      {"half", TY_F16}, {"float", TY_F32}, {"double", TY_F64},
      {"float8e4nv", TY_F8E4NV}, {"float8e5", TY_F8E5},
      {"float8_e4m3fn", TY_F8E4NV}, {"float8_e5m2", TY_F8E5},  // torch's names, as Triton's signatures take them
  };
  for (int s = TY_I1; s <= TY_F8E5; s++)
    if (strcmp(name, scalars[s].name) == 0) return *out = (Scalar)s, true;
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strcmp(name, aliases[i].alias) == 0) return *out = aliases[i].s, true;
  return false;
}

// The fp8 formats Triton has besides fp8e4nv and fp8e5. fp8e4b8 and fp8e5b16 (AMD's fnuz)
// have no conversion in Triton's NVIDIA backend; fp8e4b15 converts through Triton's own
// inline assembly (language/extra/cuda/utils.py), which tl2cu does not reproduce.
const char *fp8_refused(const char *name) {
  static const struct { const char *names[4]; const char *why; } refused[] = {
      {{"fp8e4b15", "float8e4b15", "float8_e4m3b11fnuz"},
       "fp8e4b15 is not supported by tl2cu (Triton converts it through its own inline assembly; use tl.float8e4nv or tl.float8e5)"},
      {{"fp8e4b8", "float8e4b8", "float8_e4m3fnuz"},
       "fp8e4b8 (AMD's e4m3fnuz) has no conversions in Triton's NVIDIA backend (sm_90); use tl.float8e4nv"},
      {{"fp8e5b16", "float8e5b16", "float8_e5m2fnuz"},
       "fp8e5b16 (AMD's e5m2fnuz) has no conversions in Triton's NVIDIA backend (sm_90); use tl.float8e5"},
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
    for (int j = 0; j < 4 && refused[i].names[j]; j++)
      if (!strcmp(name, refused[i].names[j])) return refused[i].why;
  return NULL;
}

bool shape_eq(Shape a, Shape b) {
  if (a.rank != b.rank) return false;
  for (int i = 0; i < a.rank; i++)
    if (a.dim[i] != b.dim[i]) return false;
  return true;
}

int64_t shape_numel(Shape s) {
  int64_t n = 1;
  for (int i = 0; i < s.rank; i++) n *= s.dim[i];
  return n;
}

const char *shape_text(Shape s) {
  Str t = {0};
  str_add(&t, "[");
  for (int i = 0; i < s.rank; i++) str_addf(&t, "%s%lld", i ? ", " : "", (long long)s.dim[i]);
  str_add(&t, "]");
  return t.buf;
}

// NumPy broadcasting: align right, sizes equal or one of them 1.
bool shape_broadcast(Shape a, Shape b, Shape *out) {
  Shape r = {a.rank > b.rank ? a.rank : b.rank, {0}};
  for (int i = 0; i < r.rank; i++) {
    int ia = i - (r.rank - a.rank), ib = i - (r.rank - b.rank);
    int64_t da = ia >= 0 ? a.dim[ia] : 1, db = ib >= 0 ? b.dim[ib] : 1;
    if (da != db && da != 1 && db != 1) return false;
    r.dim[i] = da == 1 ? db : da;
  }
  *out = r;
  return true;
}

// The C type of t's elements (short for the printers).
const char *ctype(Type t) { return type_ctype(t); }
