// debug.c: tl.device_print and tl.device_assert on the device, as Triton prints and
// checks them (lib/Conversion/TritonGPUToLLVM/PrintOpToLLVM.cpp, AssertOpToLLVM.cpp).
//
// Every thread prints the elements it holds, one printf each, in Triton's format
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>[(operand <n>) ]<value>
// so an element held by several threads (a block smaller than the program, a scalar)
// is printed by each of them, as in Triton; how many times depends on the layout.
#include "emit.h"

#include <string.h>

// A C string literal's contents for text that becomes a printf format: '%' printed as
// itself (Triton passes the prefix into the format unescaped; a '%' there is a bug).
static const char *c_text(const char *s, bool format) {
  Str out = {0};
  str_add(&out, "");
  for (; *s; s++) {
    char ch[3] = {*s, 0, 0};
    switch (*s) {
    case '"': case '\\': ch[0] = '\\', ch[1] = *s; break;
    case '\n': ch[0] = '\\', ch[1] = 'n'; break;
    case '\t': ch[0] = '\\', ch[1] = 't'; break;
    case '\r': ch[0] = '\\', ch[1] = 'r'; break;
    case '\v': ch[0] = '\\', ch[1] = 'v'; break;
    case '\f': ch[0] = '\\', ch[1] = 'f'; break;
    case '%': if (format) ch[1] = '%'; break;
    }
    str_add(&out, ch);
  }
  return out.buf;
}

// Triton's conversion for a value's type (getFormatSubstr), and the value as printf
// receives it (printfPromoteValue: floats as double, narrow integers as 32 bits,
// extended by their signedness; only int8..int64 are signed, bool is not).
static const char *value_format(Type t, bool hex) {
  if (t.kind == TY_PTR) return "%p";
  int bits = t.kind == TY_I1 ? 1 : scalar_bits(t.kind);
  if (hex) return xprintf("0x%%0%d%sx", bits / 4, bits > 32 ? "ll" : "");
  if (scalar_is_float(t.kind)) return "%f";
  bool is_signed = t.kind != TY_I1 && scalar_is_signed(t.kind);
  return xprintf("%%%s%s", bits == 64 ? "ll" : "", is_signed ? "i" : "u");
}

static const char *promoted(Type t, const char *x, bool hex) {
  if (t.kind == TY_PTR) return xprintf("(const void *)%s", x);
  if (t.kind == TY_F64 && hex) return xprintf("(unsigned long long)__double_as_longlong(%s)", x);  // (the same 8 bytes)
  if (t.kind == TY_F64) return xprintf("(double)%s", x);
  if (scalar_is_float(t.kind)) return xprintf("(double)(float)%s", x);
  bool is_signed = t.kind != TY_I1 && scalar_is_signed(t.kind);
  if (t.kind != TY_I1 && scalar_bits(t.kind) == 64) return xprintf("(%s long long)%s", is_signed ? "" : "unsigned", x);
  return xprintf("(%s)%s", is_signed ? "int" : "unsigned", x);
}

// "pid (%u, %u, %u)" and its three arguments.
static const char *pid_args(Em *em, Cx *cx) {
  Str args = {0};
  str_add(&args, "");
  for (int axis = 0; axis < 3; axis++) {
    Value pid = {.kind = V_PROGRAM_ID, .ty = type_scalar(TY_I32), .ival = axis};
    str_add(&args, xprintf(", (unsigned)%s", ex(em, &pid, cx)));
  }
  return args.buf;
}

static int digits_for(int64_t dim) {  // ceil(log10(dim)): the index field's width
  int w = 0;
  for (int64_t p = 1; p < dim; p *= 10) w++;
  return w;
}

static const char *print_call(Em *em, Stmt *s, Cx *cx) {
  const char *prefix = c_text(s->text, true);
  if (!s->v) return xprintf("printf(\"pid (%%u, %%u, %%u)%s\\n\"%s);", prefix, pid_args(em, cx));
  Str fmt = {0}, args = {0};
  str_add(&fmt, "pid (%u, %u, %u) idx (");
  str_add(&args, pid_args(em, cx));
  for (int d = 0; d < s->v->shape.rank; d++) {
    str_add(&fmt, xprintf("%s%%%du", d ? ", " : "", digits_for(s->v->shape.dim[d])));
    str_add(&args, xprintf(", (unsigned)%s", use_crd(cx, d)));
  }
  str_add(&fmt, xprintf(")%s", prefix));
  if (s->operands > 1) str_add(&fmt, xprintf("(operand %d) ", s->operand));
  str_add(&fmt, value_format(s->v->ty, s->hex));
  str_add(&args, xprintf(", %s", promoted(s->v->ty, ex(em, s->v, cx), s->hex)));
  return xprintf("printf(\"%s\\n\"%s);", fmt.buf, args.buf);
}

void emit_print(Em *em, Stmt *s) {
  Layout own;
  const Layout *l = s->v && s->v->shape.rank ? layout_own_space(s->v, em->threads, &own) : NULL;
  elementwise(em, s, l, print_call, "%s", NULL);
}

// Where a condition fails, CUDA's assertion message with what Triton passes to
// __assertfail: the file (here by its name alone, so that the output does not depend on
// where it was translated), the line, and "unknown" for the function (measured), then
// the kernel stops.
static const char *assert_call(Em *em, Stmt *s, Cx *cx) {
  const char *path = diag_file_path(s->loc.file), *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  return xprintf("if (!(%s)) tl2cu_assert_fail(\"%s\", \"%s\", %d, \"unknown\");", ex(em, s->v, cx),
                 c_text(s->text, false), c_text(file, false), s->loc.line);
}

void emit_assert(Em *em, Stmt *s) {
  Layout own;
  const Layout *l = s->v->shape.rank ? layout_own_space(s->v, em->threads, &own) : NULL;
  elementwise(em, s, l, assert_call, "%s", NULL);
}
