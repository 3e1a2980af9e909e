// dtype.c: the attributes and predicates of Triton's dtypes (core.py class dtype,
// pointer_type, block_type), folded at compile time.
//
// Input: an OBJ_DTYPE (ival: the Scalar; fval: the pointee of a TY_PTR; str: NULL for a
// scalar or pointer dtype, DTYPE_BLOCK for a block_type, DTYPE_BLOCK_PTR for the pointer
// type of a block pointer, whose element_ty is a block_type) and an attribute name.
// Output: an int, bool, string or dtype object, as core.py computes it. What core.py
// lacks (a float's int_bitwidth, a pointer's primitive_bitwidth) is an error naming it.
#include "tl2cu.h"

#include <string.h>

// Triton's name of a scalar dtype (core.py dtype.name): "int32", "uint8", "fp16".
const char *dtype_triton_name(Scalar s) {
  if (s == TY_I1) return "int1";
  if (scalar_is_int(s)) return xprintf("%sint%d", scalar_is_signed(s) ? "" : "u", scalar_bits(s));
  return scalar_name(s);
}

static bool is_block_type(const Obj *d) { return d->str && !strcmp(d->str, DTYPE_BLOCK); }
static bool is_block_ptr(const Obj *d) { return d->str && !strcmp(d->str, DTYPE_BLOCK_PTR); }
static bool is_pointer(const Obj *d) { return d->ival == TY_PTR && !is_block_type(d); }

// str(dtype): core.py's name ("pointer<fp16>" for a pointer type).
static const char *dtype_name(const Obj *d, Loc loc) {
  if (is_block_type(d) || is_block_ptr(d))
    diag_fatal(loc, "the name of a block type is not supported by tl2cu (its shape is not kept); use .element_ty");
  if (is_pointer(d)) return xprintf("pointer<%s>", dtype_triton_name((Scalar)(int)d->fval));
  return dtype_triton_name((Scalar)d->ival);
}

// The element dtype of a pointer or block type (core.py element_ty).
static Obj *element_ty(const Obj *d, Loc loc) {
  if (is_block_ptr(d)) {  // pointer_type(block_type(elem, block_shape)).element_ty
    Obj *b = obj_dtype((Scalar)(int)d->fval);
    b->str = DTYPE_BLOCK;
    return b;
  }
  if (is_block_type(d)) {  // (a block of pointers keeps its pointee)
    Obj *e = obj_dtype((Scalar)d->ival);
    e->fval = d->fval;
    return e;
  }
  if (is_pointer(d)) return obj_dtype((Scalar)(int)d->fval);
  diag_fatal(loc, "dtype '%s' has no attribute 'element_ty' (only pointer and block types have one)",
             dtype_triton_name((Scalar)d->ival));
}

static _Noreturn void no_attribute(const Obj *d, const char *name, Loc loc) {
  const char *what = is_block_type(d) ? "a block type" : is_pointer(d) ? "a pointer type" : NULL;
  if (what) diag_fatal(loc, "%s has no attribute '%s' in Triton (use .element_ty)", what, name);
  diag_fatal(loc, "dtype '%s' has no attribute '%s'", dtype_triton_name((Scalar)d->ival), name);
}

// A float dtype's fp_mantissa_width and exponent_bias (core.py dtype.__init__).
static int64_t float_field(Scalar s, bool mantissa) {
  switch (s) {
  case TY_F16: return mantissa ? 10 : 15;
  case TY_BF16: return mantissa ? 7 : 127;
  case TY_F32: return mantissa ? 23 : 127;
  case TY_F64: return mantissa ? 52 : 1023;
  case TY_F8E4NV: return mantissa ? 3 : 7;
  case TY_F8E5: return mantissa ? 2 : 15;
  case TY_I1: case TY_I8: case TY_I16: case TY_I32: case TY_I64: case TY_U8: case TY_U16: case TY_U32: case TY_U64:
  case TY_PTR: case TY_NONE: break;
  }
  unreachable();
}

// dtype.NAME that is not a method; NULL: a method name (is_fp16 ...), or none.
static Obj *dtype_field(Obj *d, const char *name, Loc loc) {
  bool scalar = !is_block_type(d) && !is_pointer(d);
  Scalar s = (Scalar)d->ival;
  if (!strcmp(name, "element_ty")) return element_ty(d, loc);
  if (!strcmp(name, "name")) return obj_str(dtype_name(d, loc));
  if (!strcmp(name, "scalar")) return is_block_type(d) ? element_ty(d, loc) : d;
  if (!strcmp(name, "primitive_bitwidth") && scalar) return obj_int(scalar_bits(s));
  if (!strcmp(name, "int_bitwidth") && scalar && scalar_is_int(s)) return obj_int(scalar_bits(s));
  if (!strcmp(name, "fp_mantissa_width") && scalar && !scalar_is_int(s)) return obj_int(float_field(s, true));
  if (!strcmp(name, "exponent_bias") && scalar && !scalar_is_int(s)) return obj_int(float_field(s, false));
  if (!strcmp(name, "shape") && is_block_type(d))
    diag_fatal(loc, "the shape of a block type is not supported by tl2cu; use the block's own .shape");
  return NULL;
}

static const char *const predicates[] = {
    "is_fp8", "is_fp8e4nv", "is_fp8e4b8", "is_fp8e4b15", "is_fp8e5", "is_fp8e5b16", "is_fp16", "is_bf16", "is_fp32",
    "is_fp64", "is_int1", "is_int8", "is_int16", "is_int32", "is_int64", "is_uint8", "is_uint16", "is_uint32",
    "is_uint64", "is_floating", "is_standard_floating", "is_int_signed", "is_int_unsigned", "is_int", "is_bool",
    "is_block", "is_ptr", "is_const", "is_void", "is_tuple", "get_int_max_value", "get_int_min_value",
};

static bool is_method_name(const char *name) {
  for (size_t i = 0; i < sizeof predicates / sizeof *predicates; i++)
    if (!strcmp(name, predicates[i])) return true;
  return false;
}

Obj *dtype_attr(Obj *d, const char *name, Loc loc) {
  Obj *field = dtype_field(d, name, loc);
  if (field) return field;
  if (!is_method_name(name)) no_attribute(d, name, loc);
  Obj *m = obj_new(OBJ_METHOD);
  m->str = name;
  m->self = d;
  return m;
}

// A predicate on a pointer or block type: core.py compares the type's name, which for
// those is "pointer<...>" or "<shape, ...>", so only is_fp8 (a substring test) can hold.
static bool composite_predicate(const Obj *d, const char *name) {
  Scalar inner = is_block_type(d) && d->ival != TY_PTR ? (Scalar)d->ival : (Scalar)(int)d->fval;
  if (!strcmp(name, "is_fp8")) return scalar_is_fp8(inner);
  if (!strcmp(name, "is_ptr")) return is_pointer(d);
  if (!strcmp(name, "is_block")) return is_block_type(d);
  return false;
}

static bool scalar_predicate(Scalar s, const char *name) {
  const char *n = dtype_triton_name(s);
  if (!strncmp(name, "is_", 3) && !strcmp(name + 3, n)) return true;  // is_fp16, is_int32, is_uint8 ...
  if (!strcmp(name, "is_fp8")) return scalar_is_fp8(s);
  if (!strcmp(name, "is_floating")) return !scalar_is_int(s);
  if (!strcmp(name, "is_standard_floating")) return scalar_is_float(s);
  if (!strcmp(name, "is_int_signed")) return scalar_is_int(s) && scalar_is_signed(s);
  if (!strcmp(name, "is_int_unsigned")) return scalar_is_int(s) && !scalar_is_signed(s);
  if (!strcmp(name, "is_int")) return scalar_is_int(s);
  if (!strcmp(name, "is_bool")) return s == TY_I1;
  return false;
}

// dtype.get_int_max_value() / get_int_min_value(): integers only (core.py asserts).
static Obj *int_limit(Scalar s, bool max, Loc loc) {
  if (!scalar_is_int(s)) diag_fatal(loc, "get_int_%s_value() of %s: Triton asserts an integer dtype",
                                    max ? "max" : "min", dtype_triton_name(s));
  int bits = scalar_bits(s);
  if (!scalar_is_signed(s)) {
    if (!max) return obj_int(0);
    if (bits == 64) diag_fatal(loc, "get_int_max_value() of uint64 (2**64 - 1) does not fit tl2cu's 64-bit integers");
    return obj_int((int64_t)((UINT64_C(1) << bits) - 1));
  }
  return obj_int(max ? (int64_t)((UINT64_C(1) << (bits - 1)) - 1) : -(int64_t)(UINT64_C(1) << (bits - 1)));
}

Obj *dtype_call(Obj *d, const char *name, int nargs, Loc loc) {
  if (nargs) diag_fatal(loc, "dtype.%s() takes no arguments", name);
  if (!strcmp(name, "is_void")) diag_fatal(loc, "dtype.is_void() raises in Triton (\"Not implemented\")");
  if (!strcmp(name, "is_const") || !strcmp(name, "is_tuple")) return obj_bool(false);
  bool composite = is_block_type(d) || is_pointer(d);
  if (!strcmp(name, "get_int_max_value") || !strcmp(name, "get_int_min_value")) {
    if (composite) no_attribute(d, name, loc);
    return int_limit((Scalar)d->ival, !strcmp(name, "get_int_max_value"), loc);
  }
  return obj_bool(composite ? composite_predicate(d, name) : scalar_predicate((Scalar)d->ival, name));
}

// ---- torch's dtypes and torch.finfo / torch.iinfo, as kernels read them in constexpr
// expressions (Triton calls a plain Python function on compile-time arguments).

// torch.NAME as a dtype, or NULL: torch.float16, torch.half, torch.int, torch.long ...
Obj *torch_dtype(const char *name) {
  static const struct { const char *name; Scalar s; } names[] = {
      {"float16", TY_F16}, {"half", TY_F16}, {"bfloat16", TY_BF16}, {"float32", TY_F32}, {"float", TY_F32},
      {"float64", TY_F64}, {"double", TY_F64}, {"int8", TY_I8}, {"int16", TY_I16}, {"short", TY_I16},
      {"int32", TY_I32}, {"int", TY_I32}, {"int64", TY_I64}, {"long", TY_I64}, {"uint8", TY_U8},
      {"uint16", TY_U16}, {"uint32", TY_U32}, {"uint64", TY_U64}, {"bool", TY_I1},
      {"float8_e4m3fn", TY_F8E4NV}, {"float8_e5m2", TY_F8E5},
  };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(name, names[i].name)) return obj_dtype(names[i].s);
  return NULL;
}

static void put(Obj *d, const char *key, Obj *value) {
  vec_push(&d->items, obj_str(key));
  vec_push(&d->items, value);
}

// torch.finfo(dtype): max, min, eps, tiny (= smallest_normal), resolution, bits.
static Obj *finfo(Scalar s, Loc loc) {
  static const struct { Scalar s; double max, eps, tiny, resolution; } rows[] = {
      {TY_F16, 65504.0, 0x1p-10, 0x1p-14, 1e-3},
      {TY_BF16, 0x1.fep127, 0x1p-7, 0x1p-126, 1e-2},
      {TY_F32, 0x1.fffffep127, 0x1p-23, 0x1p-126, 1e-6},
      {TY_F64, 0x1.fffffffffffffp1023, 0x1p-52, 0x1p-1022, 1e-15},
      {TY_F8E4NV, 448.0, 0x1p-3, 0x1p-6, 1.0},
      {TY_F8E5, 57344.0, 0x1p-2, 0x1p-14, 1.0},
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    if (rows[i].s != s) continue;
    Obj *d = obj_new(OBJ_DICT);
    d->str = "torch.finfo";
    put(d, "max", obj_float(rows[i].max));
    put(d, "min", obj_float(-rows[i].max));
    put(d, "eps", obj_float(rows[i].eps));
    put(d, "tiny", obj_float(rows[i].tiny));
    put(d, "smallest_normal", obj_float(rows[i].tiny));
    put(d, "resolution", obj_float(rows[i].resolution));
    put(d, "bits", obj_int(scalar_bits(s)));
    return d;
  }
  diag_fatal(loc, "torch.finfo() requires a floating point input type, not %s", dtype_triton_name(s));
}

// torch.iinfo(dtype): max, min, bits.
static Obj *iinfo(Scalar s, Loc loc) {
  if (!scalar_is_int(s) || s == TY_I1)
    diag_fatal(loc, "torch.iinfo() requires an integer input type, not %s", dtype_triton_name(s));
  if (s == TY_U64) diag_fatal(loc, "torch.iinfo(torch.uint64).max (2**64 - 1) does not fit tl2cu's 64-bit integers");
  Obj *d = obj_new(OBJ_DICT);
  d->str = "torch.iinfo";
  int bits = scalar_bits(s);
  bool sign = scalar_is_signed(s);
  put(d, "max", obj_int((int64_t)((UINT64_C(1) << (bits - sign)) - 1)));
  put(d, "min", obj_int(sign ? -(int64_t)(UINT64_C(1) << (bits - 1)) : 0));
  put(d, "bits", obj_int(bits));
  return d;
}

// torch.cuda.get_device_properties(): the properties tl2cu knows of the --target (read as
// torch.finfo's fields are): the warp size and the capability; others (the SM count) refused.
Obj *torch_device_properties(void) {
  int major, minor;
  imports_device_capability(&major, &minor);
  Obj *d = obj_new(OBJ_DICT);
  d->str = "torch._CudaDeviceProperties";
  put(d, "warp_size", obj_int(32));
  put(d, "major", obj_int(major));
  put(d, "minor", obj_int(minor));
  return d;
}

Obj *torch_info(Obj *dt, bool floating, Loc loc) {
  if (dt->kind != OBJ_DTYPE || dt->ival == TY_PTR || dt->str)
    diag_fatal(loc, "torch.%s() needs a dtype such as torch.float16, not %s", floating ? "finfo" : "iinfo",
               obj_kind_name(dt));
  return floating ? finfo((Scalar)dt->ival, loc) : iinfo((Scalar)dt->ival, loc);
}

// info.max and the like: a field of torch.finfo / torch.iinfo.
Obj *torch_info_attr(Obj *info, const char *name, Loc loc) {
  for (int i = 0; i + 1 < info->items.len; i += 2)
    if (!strcmp(((Obj *)info->items.items[i])->str, name)) return info->items.items[i + 1];
  diag_fatal(loc, "'%s' object has no attribute '%s' in tl2cu", info->str + 6, name);
}
