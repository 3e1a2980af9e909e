// blockptr.c: block pointers (tl.make_block_ptr, tl.advance, tl.load / tl.store of a
// block pointer) and tensor descriptors made in the kernel (tl.make_tensor_descriptor,
// desc.load / desc.store), built from semantic.c's operations as Triton lowers them
// where it does not use TMA (RewriteTensorPointer.cpp, RewriteTensorDescriptorToPointer.cpp):
// the pointers base + sum over dims i of (offset_i + arange_i) * stride_i in int64, and the
// mask 0 <= offset_i + arange_i < shape_i over the checked dims. A TMA load fills what lies
// outside the tensor with zeros (or NaNs) and a TMA store skips it: the same results.
//
// Both are Objs whose items hold their run-time scalars and compile-time parts (tl2cu.h:
// BP_*, TD_*), so that carry.c can carry them through loops and merge them after `if`s.
#include "tl2cu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------- arguments

static Vec items_of(Obj *o) {  // a tuple or list, or one item standing for itself
  if (o->kind == OBJ_TUPLE) return o->items;
  Vec v = {0};
  vec_push(&v, o);
  return v;
}

// A shape or stride (is64) or an offset, as Triton converts it (_convert_elem_to_ir_value).
static Value *index_scalar(Ctx *c, Obj *o, bool is64, const char *what, Loc loc) {
  if (o->kind == OBJ_INT) {
    if (!is64 && (o->ival < INT32_MIN || o->ival > INT32_MAX))
      diag_fatal(loc, "%s: block pointers only support 32-bit offsets, got %lld", what, (long long)o->ival);
    return sem_const(c, o, is64 ? TY_I64 : TY_I32, loc);
  }
  if (o->kind != OBJ_VALUE || o->val->shape.rank || !scalar_is_int(o->val->ty.kind) || o->val->ty.kind == TY_I1)
    diag_fatal(loc, "%s: expected an integer scalar, got %s", what,
               o->kind == OBJ_VALUE ? (o->val->shape.rank ? "a block" : type_name(o->val->ty)) : obj_kind_name(o));
  Scalar t = o->val->ty.kind;
  if (is64) return sem_cast(c, o->val, TY_I64, loc);
  if (t == TY_I64 || t == TY_U64)
    diag_fatal(loc, "%s: block pointers only support 32-bit offsets: add a `.to(tl.int32)` or use regular indexing "
               "for 64-bit offsets", what);
  if (t != TY_I32 && t != TY_U32)
    diag_fatal(loc, "%s: offsets must be 32-bit integers, got %s: add a `.to(tl.int32)`", what, type_name(o->val->ty));
  return t == TY_U32 ? sem_bitcast(c, o->val, TY_I32, loc) : o->val;  // (the same bits to Triton's MLIR)
}

static Obj *index_tuple(Ctx *c, Obj *o, bool is64, int rank, const char *what, Loc loc) {
  Vec items = items_of(o);
  if (items.len != rank)
    diag_fatal(loc, "%s: expected %d entries (one per dimension of the block), got %d", what, rank, items.len);
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < items.len; i++) vec_push(&t->items, obj_value(index_scalar(c, items.items[i], is64, what, loc)));
  return t;
}

static Obj *const_tuple(Obj *o, const char *what, Loc loc) {
  Vec items = items_of(o);
  Obj *t = obj_new(OBJ_TUPLE);
  for (int i = 0; i < items.len; i++) {
    Obj *x = items.items[i];
    if (x->kind != OBJ_INT) diag_fatal(loc, "%s: expected compile-time integers, got %s", what, obj_kind_name(x));
    vec_push(&t->items, x);
  }
  return t;
}

static Shape block_shape(Obj *dims, Loc loc) {
  Shape s = {dims->items.len, {0}};
  if (s.rank < 1 || s.rank > MAX_RANK)
    diag_fatal(loc, "a block of %d dimensions: tl2cu supports 1 to %d", s.rank, MAX_RANK);
  for (int i = 0; i < s.rank; i++) s.dim[i] = ((Obj *)dims->items.items[i])->ival;
  check_block_shape(s, "block shape", loc);
  return s;
}

static Value *base_pointer(Ctx *c, Obj *base, const char *what, Loc loc) {
  if (base->kind != OBJ_VALUE || base->val->ty.kind != TY_PTR || base->val->shape.rank)
    diag_fatal(loc, "%s: the base must be a pointer (not a block of pointers), got %s", what,
               base->kind == OBJ_VALUE ? type_name(base->val->ty) : obj_kind_name(base));
  Value *p = base->val;
  if (p->ty.pointee == TY_I1) p = sem_cast_pointer(c, p, type_ptr(TY_I8), loc);  // as Triton: int1 is held as int8
  return p;
}

// ---------------------------------------------------------------- block pointers

Obj *blockptr_make(Ctx *c, Node *call, Obj **a) {
  Loc loc = call->loc;
  Obj *bp = obj_new(OBJ_BLOCK_PTR);
  Obj *dims = const_tuple(a[4], "tl.make_block_ptr block_shape", loc);
  Shape s = block_shape(dims, loc);
  Obj *order = const_tuple(a[5], "tl.make_block_ptr order", loc);
  bool seen[MAX_RANK] = {0};
  for (int i = 0; i < order->items.len; i++) {
    int64_t d = ((Obj *)order->items.items[i])->ival;
    if (d < 0 || d >= order->items.len || seen[d])
      diag_fatal(loc, "tl.make_block_ptr: order must be a permutation of (0, 1, ..., %d)", order->items.len - 1);
    seen[d] = true;
  }
  if (order->items.len != s.rank)
    diag_fatal(loc, "tl.make_block_ptr: shape, strides, offsets, block_shape and order must have the same length");
  vec_push(&bp->items, obj_value(base_pointer(c, a[0], "tl.make_block_ptr", loc)));
  vec_push(&bp->items, index_tuple(c, a[1], true, s.rank, "tl.make_block_ptr shape", loc));
  vec_push(&bp->items, index_tuple(c, a[2], true, s.rank, "tl.make_block_ptr strides", loc));
  vec_push(&bp->items, index_tuple(c, a[3], false, s.rank, "tl.make_block_ptr offsets", loc));
  vec_push(&bp->items, dims);
  vec_push(&bp->items, order);
  return bp;
}

Obj *blockptr_advance(Ctx *c, Node *call, Obj **a) {
  if (a[0]->kind != OBJ_BLOCK_PTR) diag_fatal(call->loc, "tl.advance needs a block pointer, got %s", obj_kind_name(a[0]));
  Obj *bp = obj_new(OBJ_BLOCK_PTR);
  *bp = *a[0];
  bp->items = (Vec){0};
  for (int i = 0; i < a[0]->items.len; i++) vec_push(&bp->items, a[0]->items.items[i]);
  Obj *old = a[0]->items.items[BP_OFFSETS];
  Obj *by = index_tuple(c, a[1], false, old->items.len, "tl.advance offsets", call->loc);
  Obj *now = obj_new(OBJ_TUPLE);
  for (int i = 0; i < old->items.len; i++)  // int32 + int32: wraps, as Triton's arith.addi
    vec_push(&now->items, sem_binary(c, OP_ADD, old->items.items[i], by->items.items[i], call->loc));
  bp->items.items[BP_OFFSETS] = now;
  return bp;
}

// offset + arange(0, n) in int64, along dim `dim` of a block of `rank` dims (size 1 elsewhere).
static Value *offset_range(Ctx *c, Obj *offset, int64_t n, int dim, int rank, Loc loc) {
  Value *range = sem_new(c, V_ARANGE, type_scalar(TY_I32), (Shape){1, {n}}, loc);
  Value *sum = sem_binary(c, OP_ADD, obj_value(sem_cast(c, sem_to_value(c, offset, loc), TY_I64, loc)),
                          obj_value(sem_cast(c, range, TY_I64, loc)), loc)->val;
  for (int d = 0; d < rank; d++)
    if (d != dim) sum = sem_expand(c, sum, d, loc);
  return sum;
}

// Where a block starts and which of its elements lie inside the tensor.
typedef struct {
  Value *ptr;   // the block of pointers
  Value *mask;  // NULL: every element
} Access;

// The pointers of the block at `offsets` and the mask of the dims whose bit is in `check`.
static Access block_access(Ctx *c, Obj *base, Obj *shape, Obj *strides, Obj *offsets, Shape s, unsigned check, Loc loc) {
  Obj *ptr = base, *mask = NULL;
  for (int i = 0; i < s.rank; i++) {
    Value *at = offset_range(c, offsets->items.items[i], s.dim[i], i, s.rank, loc);
    Value *stride = ((Obj *)strides->items.items[i])->val;
    bool unit = stride->kind == V_CONST && stride->ival == 1;  // (Triton's AxisInfo sees through * 1 too)
    Obj *step = unit ? obj_value(at) : sem_binary(c, OP_MUL, obj_value(at), obj_value(stride), loc);
    ptr = sem_binary(c, OP_ADD, ptr, step, loc);
    if (!(check >> i & 1)) continue;
    Obj *extent = obj_value(sem_cast(c, ((Obj *)shape->items.items[i])->val, TY_I64, loc));
    Obj *inside = sem_binary(c, OP_AND, sem_binary(c, OP_GE, obj_value(at), obj_int(0), loc),
                             sem_binary(c, OP_LT, obj_value(at), extent, loc), loc);
    mask = mask ? sem_binary(c, OP_AND, mask, inside, loc) : inside;
  }
  return (Access){sem_broadcast_to(c, ptr->val, s, loc), mask ? sem_broadcast_to(c, mask->val, s, loc) : NULL};
}

// Triton's _canonicalize_boundary_check, as a bit per dim.
static unsigned boundary_dims(Obj *o, int rank, Loc loc) {
  if (!o || o->kind == OBJ_NONE) return 0;
  Vec items = items_of(o);
  unsigned dims = 0;
  for (int i = 0; i < items.len; i++) {
    Obj *d = items.items[i];
    if (d->kind != OBJ_INT || d->ival < 0 || d->ival >= rank)
      diag_fatal(loc, "boundary_check: expected dimensions of the block (0 to %d), got %s", rank - 1, obj_repr(d));
    if (dims >> d->ival & 1) diag_fatal(loc, "boundary_check: duplicate dimension %lld", (long long)d->ival);
    dims |= 1u << d->ival;
  }
  return dims;
}

typedef enum { PAD_NONE, PAD_ZERO, PAD_NAN } Padding;

static Padding padding_of(Obj *o, Scalar elem, Loc loc) {
  if (!o || o->kind == OBJ_NONE || (o->kind == OBJ_STR && !*o->str)) return PAD_NONE;
  if (o->kind == OBJ_STR && !strcmp(o->str, "zero")) return PAD_ZERO;
  if (o->kind != OBJ_STR || strcmp(o->str, "nan")) diag_fatal(loc, "padding option %s not supported", obj_repr(o));
  if (!scalar_is_float(elem)) diag_fatal(loc, "padding option 'nan' is not supported for integer blocks");
  return PAD_NAN;
}

static Obj *padding_value(Padding pad) {
  if (pad == PAD_NONE) return NULL;
  return pad == PAD_NAN ? obj_float(NAN) : obj_int(0);
}

// What a TMA load reads outside the tensor with padding_option="nan": measured on the H200
// for fp32 (0x7ff77ff7, not the canonical NaN); other element types not measured yet.
static Obj *tma_padding(Ctx *c, Padding pad, Scalar elem, Loc loc) {
  if (pad != PAD_NAN) return padding_value(pad);
  if (elem != TY_F32)
    diag_fatal(loc, "padding_option='nan' of a tensor descriptor of %s is not supported by tl2cu (the NaN a TMA load "
               "fills in is measured for fp32 only)", scalar_name(elem));
  return obj_value(sem_bitcast(c, sem_const(c, obj_int(0x7ff77ff7), TY_I32, loc), TY_F32, loc));
}

static Shape bp_shape(Obj *bp, Loc loc) { return block_shape(bp->items.items[BP_BLOCK_SHAPE], loc); }

static Access bp_access(Ctx *c, Obj *bp, unsigned check, Loc loc) {
  return block_access(c, bp->items.items[BP_BASE], bp->items.items[BP_SHAPE], bp->items.items[BP_STRIDES],
                      bp->items.items[BP_OFFSETS], bp_shape(bp, loc), check, loc);
}

Value *blockptr_load(Ctx *c, Obj *bp, Obj *mask, Obj *other, Obj *boundary_check, Obj *padding, Loc loc) {
  if ((mask && mask->kind != OBJ_NONE) || (other && other->kind != OBJ_NONE))
    diag_fatal(loc, "tl.load of a block pointer takes no mask or other: use boundary_check and padding_option");
  Shape s = bp_shape(bp, loc);
  Value *base = ((Obj *)bp->items.items[BP_BASE])->val;
  Padding pad = padding_of(padding, base->ty.pointee, loc);
  Access acc = bp_access(c, bp, boundary_dims(boundary_check, s.rank, loc), loc);
  Obj *fill = acc.mask ? padding_value(pad) : NULL;
  return sem_load(c, obj_value(acc.ptr), acc.mask ? obj_value(acc.mask) : NULL, fill, loc);
}

// A value stored at a block: a scalar is broadcast to the block, its type must be the
// element type (semantic.py _store_block_pointer).
static Value *block_value(Ctx *c, Obj *val, Shape s, Scalar elem, bool convert, const char *what, Loc loc) {
  Value *v = sem_to_value(c, val, loc);
  if (!v->shape.rank && !convert) v = sem_broadcast_to(c, v, s, loc);
  if (!shape_eq(v->shape, s))
    diag_fatal(loc, "%s: a value of shape %s does not fit the block %s", what, v->shape.rank ? shape_text(v->shape) : "[]",
               shape_text(s));
  if (convert) return sem_cast(c, v, elem, loc);
  if (v->ty.kind != elem)
    diag_fatal(loc, "%s: block element type %s and value element type %s differ", what, scalar_name(elem),
               type_name(v->ty));
  return v;
}

void blockptr_store(Ctx *c, Obj *bp, Obj *val, Obj *mask, Obj *boundary_check, Loc loc) {
  if (mask && mask->kind != OBJ_NONE) diag_fatal(loc, "tl.store to a block pointer takes no mask: use boundary_check");
  Shape s = bp_shape(bp, loc);
  Value *base = ((Obj *)bp->items.items[BP_BASE])->val;
  Value *v = block_value(c, val, s, base->ty.pointee, false, "tl.store to a block pointer", loc);
  Access acc = bp_access(c, bp, boundary_dims(boundary_check, s.rank, loc), loc);
  sem_store(c, obj_value(acc.ptr), obj_value(v), acc.mask ? obj_value(acc.mask) : NULL, loc);
}

// ---------------------------------------------------------------- tensor descriptors

// A descriptor's block: a block shape whose rows hold at least 16 bytes (TMA's minimum).
static Shape desc_block(Obj *dims, Scalar elem, const char *what, Loc loc) {
  Shape s = block_shape(dims, loc);
  int64_t row_bytes = s.dim[s.rank - 1] * scalar_bits(elem) / 8;
  if (row_bytes < 16)
    diag_fatal(loc, "%s: the block's last dimension must hold at least 16 bytes, got %lld", what, (long long)row_bytes);
  return s;
}

Obj *tensordesc_make(Ctx *c, Node *call, Obj **a) {
  Loc loc = call->loc;
  const char *what = "tl.make_tensor_descriptor";
  Value *base = base_pointer(c, a[0], what, loc);
  Obj *dims = const_tuple(a[3], "tl.make_tensor_descriptor block_shape", loc);
  Shape s = desc_block(dims, base->ty.pointee, what, loc);
  Vec strides = items_of(a[2]);
  if (strides.len != s.rank) diag_fatal(loc, "%s: expected %d strides, got %d", what, s.rank, strides.len);
  Obj *last = strides.items[strides.len - 1];
  if (last->kind != OBJ_INT || last->ival != 1)
    diag_fatal(loc, "%s: the last stride must be the constant 1, got %s (Triton specializes an argument equal to 1; "
               "give it as 1 in the kernel's signature, -s)", what,
               last->kind == OBJ_INT ? obj_repr(last) : obj_kind_name(last));
  Obj *shape = index_tuple(c, a[1], true, s.rank, "tl.make_tensor_descriptor shape", loc);
  for (int i = 0; i < s.rank; i++) {  // int32, as Triton makes it
    Value *d = ((Obj *)shape->items.items[i])->val;
    shape->items.items[i] = obj_value(sem_cast(c, d, TY_I32, loc));
  }
  Obj *pad = a[4] ? a[4] : obj_str("zero");
  padding_of(pad, base->ty.pointee, loc);
  Obj *desc = obj_new(OBJ_TENSOR_DESC);
  vec_push(&desc->items, obj_value(base));
  vec_push(&desc->items, shape);
  vec_push(&desc->items, index_tuple(c, a[2], true, s.rank, "tl.make_tensor_descriptor strides", loc));
  vec_push(&desc->items, dims);
  vec_push(&desc->items, pad);
  return desc;
}

// A signature entry "tensordesc<fp16[64, 64]>", Triton's type of a host TensorDescriptor
// argument (jit.py specialize_impl): its element type and block shape, checked as
// tl.make_tensor_descriptor checks them. NULL where the entry is something else.
DescParam *tensordesc_signature(const char *entry, Loc loc) {
  static const char prefix[] = "tensordesc<";
  if (strncmp(entry, prefix, sizeof prefix - 1)) return NULL;
  const char *type = entry + sizeof prefix - 1, *open = strchr(entry, '['), *close = strrchr(entry, ']');
  if (!open || !close || close < open || strcmp(close, "]>"))
    diag_fatal(loc, "signature entry '%s': expected tensordesc<TYPE[D0, D1, ...]>, as Triton writes it", entry);
  DescParam *d = xmalloc(sizeof(DescParam));
  char *elem = xstrndup(type, (size_t)(open - type));
  if (!scalar_from_name(elem, &d->elem) || fp8_refused(elem))
    diag_fatal(loc, "signature entry '%s': element type '%s' is not supported for tensor descriptors", entry, elem);
  Obj *dims = obj_new(OBJ_TUPLE);
  for (const char *p = open + 1; p < close;) {
    char *end;
    long long n = strtoll(p, &end, 10);
    if (end == p) diag_fatal(loc, "signature entry '%s': the block shape must be integers", entry);
    vec_push(&dims->items, obj_int(n));
    for (p = end; *p == ' ' || *p == ','; p++) continue;
  }
  d->block = desc_block(dims, d->elem, entry, loc);
  return d;
}

// The descriptor a kernel receives from the host, from the values of its parts'
// parameters (in DESC_* order): the padding is known at launch only.
Obj *tensordesc_of_params(Ctx *c, DescParam *d, Value **parts, Loc loc) {
  int rank = d->block.rank, i = 1;
  Obj *shape = obj_new(OBJ_TUPLE), *strides = obj_new(OBJ_TUPLE), *dims = obj_new(OBJ_TUPLE);
  for (int k = 0; k < rank; k++) vec_push(&shape->items, obj_value(parts[i++]));
  for (int k = 0; k + 1 < rank; k++) vec_push(&strides->items, obj_value(parts[i++]));
  vec_push(&strides->items, obj_value(sem_const(c, obj_int(1), TY_I64, loc)));  // the launcher checks it
  for (int k = 0; k < rank; k++) vec_push(&dims->items, obj_int(d->block.dim[k]));
  Obj *desc = obj_new(OBJ_TENSOR_DESC);
  vec_push(&desc->items, obj_value(parts[0]));
  vec_push(&desc->items, shape);
  vec_push(&desc->items, strides);
  vec_push(&desc->items, dims);
  vec_push(&desc->items, obj_value(parts[i]));
  return desc;
}

// What a load reads outside the tensor: the padding option made in the kernel, or a host
// descriptor's, known at launch (NaN only for fp32: the launcher refuses it for others).
static Obj *desc_fill(Ctx *c, Obj *padding, Scalar elem, Loc loc) {
  if (padding->kind != OBJ_VALUE) return tma_padding(c, padding_of(padding, elem, loc), elem, loc);
  if (elem != TY_F32) return obj_int(0);
  Obj *nan = tma_padding(c, PAD_NAN, elem, loc);
  return obj_value(sem_where(c, sem_binary(c, OP_NE, padding, obj_int(0), loc), nan, obj_float(0.0), loc));
}

static Obj *desc_arg(Obj *o, Node *call, const char *what) {
  if (o->kind != OBJ_TENSOR_DESC) diag_fatal(call->loc, "%s needs a tensor descriptor, got %s", what, obj_kind_name(o));
  return o;
}

static Access desc_access(Ctx *c, Obj *desc, Obj *offsets, Loc loc) {
  Shape s = block_shape(desc->items.items[TD_BLOCK_SHAPE], loc);
  Obj *at = index_tuple(c, offsets, false, s.rank, "tensor descriptor offsets", loc);
  return block_access(c, desc->items.items[TD_BASE], desc->items.items[TD_SHAPE], desc->items.items[TD_STRIDES], at, s,
                      (1u << s.rank) - 1, loc);
}

// desc.load(offsets), tl.load_tensor_descriptor(desc, offsets)
Obj *tensordesc_load(Ctx *c, Node *call, Obj **a) {
  Obj *desc = desc_arg(a[0], call, "load");
  Access acc = desc_access(c, desc, a[1], call->loc);
  Value *base = ((Obj *)desc->items.items[TD_BASE])->val;
  Obj *fill = desc_fill(c, desc->items.items[TD_PADDING], base->ty.pointee, call->loc);
  return obj_value(sem_load(c, obj_value(acc.ptr), obj_value(acc.mask), fill, call->loc));
}

// desc.store(offsets, value), tl.store_tensor_descriptor(desc, offsets, value): the
// value takes the descriptor's element type.
Obj *tensordesc_store(Ctx *c, Node *call, Obj **a) {
  Obj *desc = desc_arg(a[0], call, "store");
  Value *base = ((Obj *)desc->items.items[TD_BASE])->val;
  Shape s = block_shape(desc->items.items[TD_BLOCK_SHAPE], call->loc);
  Value *v = block_value(c, a[2], s, base->ty.pointee, true, "tensor descriptor store", call->loc);
  Access acc = desc_access(c, desc, a[1], call->loc);
  sem_store(c, obj_value(acc.ptr), obj_value(v), obj_value(acc.mask), call->loc);
  return obj_none();
}

// desc.atomic_add(offsets, value) and atomic_min, _max, _and, _or, _xor (semantic.py
// descriptor_atomic_*: a TMA reduction into the block, elements outside the tensor left
// alone, nothing returned): one relaxed atomic per element inside, as many as TMA does.
// The value is a block of the descriptor's block shape and element type (not cast, as
// Triton's store-like check wants), of the dtypes Triton accepts for the operation.
// fp16 and bf16 min and max, which Triton does through TMA only, are not supported.
Obj *tensordesc_atomic(Ctx *c, Node *call, Obj **a) {
  const char *op = strrchr(c->callee, '_') + 1;  // "tensor_descriptor.atomic_add" -> "add"
  Obj *desc = desc_arg(a[0], call, xprintf("atomic_%s", op));
  Scalar t = ((Obj *)desc->items.items[TD_BASE])->val->ty.pointee;
  bool add = !strcmp(op, "add"), ordered = !strcmp(op, "min") || !strcmp(op, "max");
  bool allowed = t == TY_U32 || t == TY_I32 || t == TY_U64 || (add ? t == TY_F32 || t == TY_F16 || t == TY_BF16 : t == TY_I64);
  if (ordered && (t == TY_F16 || t == TY_BF16))
    diag_fatal(call->loc, "tensor descriptor atomic_%s of %s is not supported by tl2cu (README, \"Not yet\")", op, scalar_name(t));
  if (!allowed && !(ordered && (t == TY_F16 || t == TY_BF16)))
    diag_fatal(call->loc, "tensor descriptor atomic_%s: unsupported dtype %s (Triton's assertion)", op, scalar_name(t));
  Shape s = block_shape(desc->items.items[TD_BLOCK_SHAPE], call->loc);
  Value *v = block_value(c, a[2], s, t, false, xprintf("tensor descriptor atomic_%s", op), call->loc);
  Access acc = desc_access(c, desc, a[1], call->loc);
  Value *r = sem_atomic_rmw(c, op, obj_value(acc.ptr), obj_value(v), obj_value(acc.mask), SEM_RELAXED | SCOPE_GPU << 4,
                            call->loc);
  lower_materialize(c, r, xprintf("desc_atomic_%s", op));  // (an effect: it happens whether read or not)
  return obj_none();
}

// desc.block_shape, desc.dtype, desc.shape, desc.strides
Obj *tensordesc_attr(Obj *desc, const char *name, Loc loc) {
  if (!strcmp(name, "block_shape")) return desc->items.items[TD_BLOCK_SHAPE];
  if (!strcmp(name, "shape")) return desc->items.items[TD_SHAPE];
  if (!strcmp(name, "strides")) return desc->items.items[TD_STRIDES];
  if (!strcmp(name, "dtype")) return obj_dtype(((Obj *)desc->items.items[TD_BASE])->val->ty.pointee);
  (void)loc;
  return NULL;
}

// p.dtype and p.type of a block pointer: core.py types it pointer_type(block_type(elem,
// block_shape)), its own scalar, so both are that pointer type; .element_ty gives the block type.
Obj *blockptr_attr(Obj *bp, const char *name, Loc loc) {
  if (strcmp(name, "dtype") && strcmp(name, "type"))
    diag_fatal(loc, "a block pointer has no attribute '%s' in tl2cu (it has .dtype, .type and .advance)", name);
  Obj *d = obj_dtype(TY_PTR);
  d->fval = ((Obj *)bp->items.items[BP_BASE])->val->ty.pointee;
  d->str = DTYPE_BLOCK_PTR;
  return d;
}
