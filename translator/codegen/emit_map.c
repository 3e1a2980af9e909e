// emit_map.c: printing a tl.map_elementwise call (map.c builds it): the scalar function,
// a __device__ function emit.c prints, called on each of a thread's elements.
#include "emit.h"

static bool live(Value *r) { return !never_read(r); }

void emit_map(Em *em, Stmt *s) {
  Value *call = s->v;
  Combine *fn = call->combine;
  int nout = call->results.len;
  int nlive = 0;
  for (int i = 0; i < nout; i++) nlive += live(call->results.items[i]);
  if (!nlive) {
    line(em, "// the results of this tl.map_elementwise are never used");
    return;
  }
  const Layout *l = call->shape.rank ? call->layout : NULL;
  int64_t per_thread = l ? l->per_thread : 1;
  for (int i = 0; i < nout; i++) {
    Value *r = call->results.items[i];
    if (live(r)) line(em, "%s", l ? array_decl(r) : xprintf("%s %s;", ctype(r->ty), r->cname));
  }
  line(em, "{  // tl.map_elementwise: one element a call");
  em->indent++;
  emit_call_operands(em, s, l, per_thread);
  if (per_thread > 1) {
    line(em, "#pragma unroll");
    line(em, "for (int _g = 0; _g < %lld; ++_g) {", (long long)per_thread);
    em->indent++;
  }
  const char *k = per_thread == 1 ? "0" : "_g";  // the element's index in the thread's arrays
  Str outs = {0}, ins = {0};
  str_add(&outs, "");
  str_add(&ins, "");
  for (int i = 0; i < nout; i++) {  // into the result arrays; unused results into temporaries
    Value *r = call->results.items[i];
    const char *dst = !live(r) ? xprintf("_unused%d_0", i) : l ? xprintf("%s[%s]", r->cname, k) : r->cname;
    if (!live(r)) line(em, "%s %s;", ctype(r->ty), dst);
    str_addf(&outs, "%s%s", outs.len ? ", " : "", dst);
  }
  int i = 0;
  for (Value *n = call->a; n; n = n->b, i++)
    str_addf(&ins, "%s%s", ins.len ? ", " : "", l ? xprintf("_a%d[%s]", i, k) : xprintf("_a%d", i));
  if (fn->n == 1) line(em, "%s = %s(%s);", outs.buf, fn->name, ins.buf);  // it returns its one result
  else line(em, "%s(%s, %s);", fn->name, outs.buf, ins.buf);
  if (per_thread > 1) {
    em->indent--;
    line(em, "}");
  }
  em->indent--;
  line(em, "}");
}
