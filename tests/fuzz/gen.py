"""Random valid Triton kernels for differential fuzzing of tl2cu against Triton.

gen.py --seed S --count N --per-file K --out DIR writes DIR/batch_XXX.py, each a
Triton module of K kernels with their tl2cu signatures on '# tl2cu:' lines, and
DIR/manifest.json describing every kernel: parameters, sizes, grid, how each
output compares (see docs/FUZZING.md). Types follow Triton 3.6's promotion
rules (/work/shared/TRITON_SEMANTICS.md section 2.3) so that every kernel is
valid Triton.
"""
import argparse
import json
import math
import os
import random

FLOATS = ["fp16", "bf16", "fp32", "fp64"]
INTS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "u8": 8, "u16": 16, "u32": 32, "u64": 64,
        "fp16": 16, "bf16": 16, "fp32": 32, "fp64": 64}
TL = {"i1": "tl.int1", "i8": "tl.int8", "i16": "tl.int16", "i32": "tl.int32", "i64": "tl.int64", "u8": "tl.uint8",
      "u16": "tl.uint16", "u32": "tl.uint32", "u64": "tl.uint64", "fp16": "tl.float16", "bf16": "tl.bfloat16",
      "fp32": "tl.float32", "fp64": "tl.float64"}
FP8 = ("fp8e4nv", "fp8e5")  # (only computed in kernels and fed to tl.dot: no fp8 inputs or outputs)
TL8 = {"fp8e4nv": "tl.float8e4nv", "fp8e5": "tl.float8e5"}
# pointer element types of inputs and outputs (unsigned wider than 8 bits are stored through the signed pointer)
POINTER = {"u16": "i16", "u32": "i32", "u64": "i64"}
INPUT_TYPES = ["fp16", "bf16", "fp32", "fp64", "i8", "i16", "i32", "i64", "u8", "i1"]


def is_float(t):
    return t in FLOATS


def is_signed(t):
    return t[0] == "i" and t != "i1"


def promote(a, b, op):
    """Result type of a binary operator on two tensors, or None where Triton refuses it."""
    div = op in ("/", "%")
    if op in ("//", "&", "|", "^", "<<", ">>") and (is_float(a) or is_float(b)):
        return None
    if "fp64" in (a, b):
        return "fp64"
    if "fp32" in (a, b):
        return "fp32"
    if "fp16" in (a, b):
        return "fp32" if div else "fp16"
    if a == "bf16" and b == "bf16":
        return "fp32" if div else "bf16"
    if "bf16" in (a, b):
        return "fp32"
    if op in ("/", "//", "%") and is_signed(a) != is_signed(b):
        return None
    if is_signed(a) == is_signed(b):
        r = a if BITS[a] >= BITS[b] else b
    else:
        u, s = (a, b) if not is_signed(a) else (b, a)
        r = u if BITS[u] >= BITS[s] else s
    return "fp32" if op == "/" else r


def narrowing(src, dst):
    """The tag of a float-to-integer cast, whose out-of-range results LLVM leaves undefined."""
    return {"float_to_int"} if is_float(src) and not is_float(dst) and dst != "i1" else set()


class Val:
    def __init__(self, expr, ty, tame=False, tags=()):
        self.expr, self.ty, self.tame, self.tags = expr, ty, tame, set(tags)


class KernelGen:
    def __init__(self, rng, name, structured=False, tuples=False, helpers=False, dots=False, outers=False,
                 stencils=False, interior=False, matmul=False, low_precision=False, real=False, zero_minmax=False,
                 products=False, states=False):
        self.rng, self.name, self.structured, self.tuples = rng, name, structured, tuples
        self.real, self.zero_minmax, self.products, self.states = real, zero_minmax, products, states
        # choices added after the seed-1 corpus was explained draw from here, so that the
        # kernels of earlier families (and rng's stream) stay as they were
        self.side_rng = random.Random(name)
        self.returning_helpers, self.dots, self.outers, self.stencils = helpers, dots, outers, stencils
        self.interior, self.matmul, self.low_precision = interior, matmul, low_precision
        self.lines, self.helpers, self.params, self.inputs, self.outputs = [], [], [], [], []
        self.pool, self.tags, self.ntemp, self.pending_stores = [], set(), 0, []
        self.two_d = rng.random() < 0.45

    # ---- small helpers
    def temp(self, prefix="t"):
        self.ntemp += 1
        return f"{prefix}{self.ntemp}"

    def emit(self, line, indent=1):
        self.lines.append("    " * indent + line)

    def pick(self, vals=None):
        return self.rng.choice(vals if vals is not None else self.pool)

    def float_lit(self):
        return self.rng.choice(["0.5", "1.5", "2.0", "-3.0", "0.25", "-1.25"])

    # ---- expressions
    def gen(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.25:
            return self.pick()
        choice = r.choices(["arith", "div", "bit", "shift", "unary", "cmp", "where", "cast", "bitcast", "math",
                            "minmax", "fma", "lit", "scalar"],
                           [10, 4, 4, 3, 4, 3, 3, 4, 2, 5, 3, 1, 4, 2])[0]
        return getattr(self, "gen_" + choice)(depth - 1) or self.pick()

    def gen_arith(self, d):
        a, b = self.gen(d), self.gen(d)
        op = self.rng.choice(["+", "-", "*"])
        return Val(f"({a.expr} {op} {b.expr})", promote(a.ty, b.ty, op), a.tame and b.tame and op != "*",
                   a.tags | b.tags)

    def gen_div(self, d):
        a, b = self.gen(d), self.gen(d)
        ints = [v for v in self.pool if not is_float(v.ty) and v.ty != "i1"]
        if ints and self.rng.random() < 0.6:  # promotion makes most values floats: keep integer division common
            a, b = self.pick(ints), self.pick(ints)
        if is_float(a.ty) or is_float(b.ty):
            op = self.rng.choice(["/", "%"])
            return Val(f"({a.expr} {op} {b.expr})", promote(a.ty, b.ty, op), tags=a.tags | b.tags)
        if a.ty == "i1" or b.ty == "i1":
            return None
        if is_signed(a.ty) != is_signed(b.ty):
            b = Val(f"{b.expr}.to({TL[a.ty]})", a.ty, tags=b.tags)
        # a divisor that is never 0 nor -1 (INT_MIN // -1 overflows)
        divisor = f"(({b.expr} & 15) + 2)"
        if is_signed(b.ty) and self.rng.random() < 0.4:
            divisor = f"(-{divisor})"
        op = self.rng.choice(["//", "%", "/"])
        return Val(f"({a.expr} {op} {divisor})", promote(a.ty, b.ty, op), tags=a.tags | b.tags)

    def gen_bit(self, d):
        a, b = self.gen(d), self.gen(d)
        op = self.rng.choice(["&", "|", "^"])
        t = promote(a.ty, b.ty, op)
        return t and Val(f"({a.expr} {op} {b.expr})", t, tags=a.tags | b.tags)

    def gen_shift(self, d):
        a, b = self.gen(d), self.gen(d)
        if a.ty == "i1" or b.ty == "i1":
            return None
        op = self.rng.choice(["<<", ">>"])
        t = promote(a.ty, b.ty, op)
        if t is None:
            return None
        tags = a.tags | b.tags
        amount = f"({b.expr} & {BITS[t] - 1})"
        if self.rng.random() < 0.1:  # amounts past the width: PTX clamps, LLVM calls it poison
            amount, tags = b.expr, tags | {"raw_shift"}
        return Val(f"({a.expr} {op} {amount})", t, tags=tags)

    def gen_unary(self, d):
        a = self.gen(d)
        if a.ty == "i1":
            return Val(f"(~{a.expr})", "i1", tags=a.tags) if self.rng.random() < 0.5 else \
                Val(f"(not {a.expr})" if self.rng.random() < 0.3 else f"({a.expr} ^ True)", "i1", tags=a.tags)
        op = self.rng.choice(["-", "abs", "~"] if not is_float(a.ty) else ["-", "abs"])
        if op == "abs":
            return Val(f"tl.abs({a.expr})", a.ty, a.tame, a.tags)
        return Val(f"({op}{a.expr})", a.ty, a.tame and op == "-", a.tags)

    def gen_cmp(self, d):
        a, b = self.gen(d), self.gen(d)
        op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
        return promote(a.ty, b.ty, op) and Val(f"({a.expr} {op} {b.expr})", "i1", tags=a.tags | b.tags)

    def gen_where(self, d):
        c = self.gen_cmp(d) or self.pick()
        if c.ty != "i1":
            c = Val(f"({c.expr} != 0)", "i1", tags=c.tags)
        a, b = self.gen(d), self.gen(d)
        if self.rng.random() < 0.3:
            lit = self.float_lit() if is_float(a.ty) else "1"
            t = promote(a.ty, a.ty if is_float(a.ty) or a.ty != "i1" else "i32", "+")
            return Val(f"tl.where({c.expr}, {a.expr}, {lit})", t, tags=a.tags | c.tags)
        return Val(f"tl.where({c.expr}, {a.expr}, {b.expr})", promote(a.ty, b.ty, "+"), a.tame and b.tame,
                   a.tags | b.tags | c.tags)

    def gen_cast(self, d):
        a = self.gen(d)
        t = self.rng.choice(FLOATS + INTS + ["i1"])
        tags = a.tags | narrowing(a.ty, t)
        tame = a.tame and is_float(t)
        if self.rng.random() < 0.15:
            return Val(f"tl.cast({a.expr}, {TL[t]})", t, tame, tags)
        return Val(f"{a.expr}.to({TL[t]})", t, tame, tags)

    def gen_bitcast(self, d):
        a = self.gen(d)
        same = [t for t in FLOATS + INTS if BITS[t] == BITS[a.ty] and t != a.ty]
        if not same:
            return None
        t = self.rng.choice(same)
        return Val(f"{a.expr}.to({TL[t]}, bitcast=True)", t, tags=a.tags)

    def as_float(self, a, want=None):
        want = want or ("fp64" if a.ty == "fp64" else "fp32")
        return a if a.ty == want else Val(f"{a.expr}.to({TL[want]})", want, a.tame, a.tags)

    def gen_math(self, d):
        a = self.as_float(self.gen(d))
        fn = self.rng.choice(["exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "sin", "cos", "floor", "ceil",
                              "sigmoid", "abs", "fdiv", "div_rn", "cdiv"])
        if fn in ("sqrt_rn", "sigmoid", "fdiv", "div_rn", "exp2", "log2", "rsqrt") and a.ty != "fp32":
            a = self.as_float(a, "fp32")
        if fn in ("fdiv", "div_rn"):
            b = self.as_float(self.gen(d), "fp32")
            return Val(f"tl.{fn}({a.expr}, {b.expr})", "fp32", tags=a.tags | b.tags)
        if fn == "cdiv":
            b = self.gen(d)
            if is_float(b.ty) or b.ty == "i1":
                return None
            return Val(f"tl.cdiv({b.expr}, {self.rng.randint(2, 9)})", b.ty, tags=b.tags)
        return Val(f"tl.{fn}({a.expr})", a.ty, fn in ("abs",) and a.tame, a.tags)

    def gen_minmax(self, d):
        a, b = self.gen(d), self.gen(d)
        if "i1" in (a.ty, b.ty):
            return None
        ta = "fp32" if a.ty == "bf16" else a.ty
        tb = "fp32" if b.ty == "bf16" else b.ty
        fn = self.rng.choice(["maximum", "minimum"])
        if self.zero_minmax and not is_float(a.ty) and self.side_rng.random() < 0.5:
            # an int against a literal 0, either side (start = tl.maximum(0, row - half):
            # tl2cu had made the operand itself the maximum, liger's and mamba's kernels)
            zero_first = self.side_rng.random() < 0.5
            expr = f"tl.{fn}(0, {a.expr})" if zero_first else f"tl.{fn}({a.expr}, 0)"
            return Val(expr, promote(ta, "i32", "+"), a.tame, a.tags)  # (the 0 is an int32 tensor there, not weak)
        return Val(f"tl.{fn}({a.expr}, {b.expr})", promote(ta, tb, "+"), a.tame and b.tame, a.tags | b.tags)

    def gen_fma(self, d):
        t = self.rng.choice(["fp32", "fp32", "fp64"])
        a, b, c = (self.as_float(self.gen(d), t) for _ in range(3))
        return Val(f"tl.fma({a.expr}, {b.expr}, {c.expr})", t, tags=a.tags | b.tags | c.tags)

    def gen_lit(self, d):
        a = self.gen(d)
        op = self.rng.choice(["+", "-", "*", "<", "=="])
        if is_float(a.ty):
            lit, t = self.float_lit(), a.ty
        elif a.ty == "i1":
            return None
        elif self.rng.random() < 0.2:
            lit, t = self.float_lit(), "fp32"
        else:
            lit, t = str(self.rng.randint(0, 7)), a.ty
        if op in ("<", "=="):
            return Val(f"({a.expr} {op} {lit})", "i1", tags=a.tags)
        expr = f"({lit} {op} {a.expr})" if self.rng.random() < 0.3 else f"({a.expr} {op} {lit})"
        return Val(expr, t, a.tame and t == a.ty, a.tags)

    def gen_scalar(self, d):
        a = self.gen(d)
        name, ty = self.rng.choice(self.scalars)
        op = self.rng.choice(["+", "-", "*"])
        return Val(f"({a.expr} {op} {name})", promote(a.ty, ty, op), tags=a.tags)

    def gen_tame(self, depth=2):
        tame = [v for v in self.pool if v.tame]
        if depth <= 0 or self.rng.random() < 0.3:
            return self.pick(tame)
        a, b = self.gen_tame(depth - 1), self.gen_tame(depth - 1)
        kind = self.rng.choice(["+", "-", "*", "max", "abs", "cast"])
        if kind == "max":
            return Val(f"tl.maximum({a.expr}, {b.expr})", promote(*(("fp32" if t == "bf16" else t) for t in (a.ty, b.ty)), "+"), True)
        if kind == "abs":
            return Val(f"tl.abs({a.expr})", a.ty, True)
        if kind == "cast":
            t = self.rng.choice(FLOATS)
            return Val(f"{a.expr}.to({TL[t]})", t, True)
        return Val(f"({a.expr} {kind} {b.expr})", promote(a.ty, b.ty, kind), True)

    # ---- kernel structure
    def add_input(self, ty, kind="any", shape="full"):
        name = f"x{len(self.inputs)}"
        self.inputs.append({"name": name, "dtype": ty, "kind": kind, "shape": shape})
        return name

    def load_inputs(self):
        r = self.rng
        count = r.randint(1, 4)
        for i in range(count):
            ty = r.choice(INPUT_TYPES)
            shape = "full" if not self.two_d or r.random() < 0.6 else r.choice(["row", "col"])
            self.load(ty, "any", shape)
        # bounded NaN-free floats for the reductions and scans whose order differs
        self.load(r.choice(FLOATS), "tame", "full")
        if r.random() < 0.5:
            self.load(r.choice(FLOATS), "tame", "full")

    def load(self, ty, kind, shape):
        name = self.add_input(ty, kind, shape)
        other = {"i1": self.rng.choice(["False", "True"])}.get(ty, "0.0" if is_float(ty) else str(self.rng.randint(0, 3)))
        var = "v" + name[1:]
        if shape == "full" and self.structured and ty != "i1" and self.rng.random() < 0.5:
            bp = self.block_ptr(name)
            self.emit(f"{var} = tl.load({bp}, boundary_check={self.all_dims()}, padding_option='zero')")
            self.pool.append(Val(var, ty, kind == "tame"))
            return var
        if shape == "full":
            self.emit(f"{var} = tl.load({name} + offs, mask=mask, other={other})")
            self.pool.append(Val(var, ty, kind == "tame"))
            return var
        idx, bound, sub = ("rn", "N", "[None, :]") if shape == "row" else ("rm", "M", "[:, None]")
        self.emit(f"{var} = tl.load({name} + {idx}, mask={idx} < {bound}, other={other})")
        full = self.temp("b")
        how = self.rng.random()
        if how < 0.4:
            self.emit(f"{full} = tl.broadcast_to({var}{sub}, (BM, BN))".replace("BM", str(self.bm)).replace("BN", str(self.bn)))
        elif how < 0.7:
            axis = 0 if shape == "row" else 1
            self.emit(f"{full} = tl.broadcast_to(tl.expand_dims({var}, {axis}), ({self.bm}, {self.bn}))")
        else:
            other_idx = "rm[:, None]" if shape == "row" else "rn[None, :]"
            self.emit(f"{full} = {var}{sub} + tl.zeros_like({other_idx})".replace("tl.zeros_like(", "tl.zeros_like(") )
            ty = promote(ty, "i32", "+")
        self.pool.append(Val(full, ty))
        return full

    def add_output(self, ty, shape, cmp, n_red=1):
        ty = POINTER.get(ty, ty)
        name = f"o{len(self.outputs)}"
        self.outputs.append({"name": name, "dtype": ty, "shape": shape, "cmp": cmp, "n_red": n_red})
        return name

    def store_elem(self, v, cmp="exact", n_red=1):
        o = self.add_output(v.ty, "full", cmp, n_red)
        self.emit(f"tl.store({o} + offs, {v.expr}, mask=mask)")
        self.tags |= v.tags

    def let(self, v):
        name = self.temp()
        self.emit(f"{name} = {v.expr}")
        return self.keep(Val(name, v.ty, v.tame, v.tags))

    def keep(self, v):
        """A new value for the pool; most are stored too, so that they are not dead code that both sides drop."""
        self.pool.append(v)
        if self.rng.random() < 0.7:
            self.pending_stores.append(v)
        return v

    def product_sum(self):
        """A named product and a second product added to it, as real kernels write them (Liger's
        `acc = f * h; acc += xs * w`, rms_norm backward's `dx = r * m; dx += r * (k * x)`): which
        product Triton's LLVM fuses into an fma depends on their uses, so the bits do too."""
        sr = self.side_rng
        floats = [v for v in self.pool if is_float(v.ty)]
        if not floats:
            return
        t = sr.choice(["fp32", "fp32", "fp32", "fp64"])
        a, b, c, d = (self.as_float(sr.choice(floats), t) for _ in range(4))
        p = self.temp("p")
        self.emit(f"{p} = {a.expr} * {b.expr}")
        if sr.random() < 0.35:  # the named product with a second use
            self.store_elem(Val(f"({p} * 0.375)", t, tags=a.tags | b.tags))
        form = sr.choice(["+=", "-=", "first", "second", "static", "twin"])
        if form in ("+=", "-="):
            self.emit(f"{p} {form} {c.expr} * {d.expr}")
        elif form == "first":
            self.emit(f"{p} = {p} + {c.expr} * {d.expr}")
        elif form == "second":
            self.emit(f"{p} = {c.expr} * {d.expr} + {p}")
        elif form == "static":
            self.emit(f"for i in tl.static_range(2):")
            self.emit(f"{p} += ({c.expr} + i) * {d.expr}", 2)
        else:  # the first product written again elsewhere (one multiply after CSE: docs/NOTES.md 82)
            self.emit(f"{p} += {c.expr} * {d.expr}")
            e = self.as_float(sr.choice(floats), t)
            self.store_elem(Val(f"({e.expr} + {a.expr} * {b.expr})", t, tags=a.tags | b.tags | e.tags))
        self.store_elem(Val(p, t, tags=a.tags | b.tags | c.tags | d.tags))

    def prologue_2d(self):
        self.scalars = [("M", "i32"), ("N", "i32"), ("s", "fp32"), ("reps", "i32"), ("pid_m", "i32")]
        self.emit("pid_m = tl.program_id(0)")
        self.emit("pid_n = tl.program_id(1)")
        self.emit(f"rm = pid_m * {self.bm} + tl.arange(0, {self.bm})")
        self.emit(f"rn = pid_n * {self.bn} + tl.arange(0, {self.bn})")
        self.emit("mask = (rm[:, None] < M) & (rn[None, :] < N)")
        self.emit("offs = rm[:, None] * N + rn[None, :]")
        self.block = self.bm * self.bn

    def build(self):
        r = self.rng
        if self.states:
            return self.build_state()
        if self.matmul:
            return self.build_matmul()
        if self.two_d:
            self.bm, self.bn = r.choice([(2, 2), (4, 8), (8, 8), (16, 16), (8, 32), (32, 4), (16, 8), (32, 32), (1, 16)])
            self.prologue_2d()
        else:
            self.b = r.choice([16, 32, 64, 128, 256, 512, 1024])
            self.scalars = [("n", "i32"), ("s", "fp32"), ("reps", "i32"), ("pid", "i32")]
            self.emit("pid = tl.program_id(0)")
            self.emit(f"offs = pid * {self.b} + tl.arange(0, {self.b})")
            self.emit("mask = offs < n")
            self.block = self.b
        self.load_inputs()
        if self.real:  # (drawn only here, as tuples)
            self.assigned_numbers()
        for _ in range(r.randint(1, 4)):
            self.let(self.gen(r.randint(1, 3)))
        if self.products:  # (drawn from side_rng: the main stream stays as it was)
            for _ in range(self.side_rng.randint(1, 2)):
                self.product_sum()
        features = r.sample(["loop", "static_loop", "if", "helper", "shape", "reduce_mid"], r.randint(0, 3))
        if self.structured:  # (drawn only here: the kernels before --structured-from stay as they were)
            features += r.sample(["tuple_loop", "block_ptr_loop"], r.randint(1, 2))
        for f in features:
            getattr(self, "feature_" + f)()
        for v in self.pending_stores:
            self.store_elem(v)
        for _ in range(r.randint(0, 2)):
            self.store_elem(self.gen(r.randint(0, 3)))
        for _ in range(r.randint(0, 3)):
            r.choice([self.out_reduce, self.out_reduce, self.out_scan, self.out_float_reduce])()
        if r.random() < 0.3:
            self.store_elem(Val(f"tl.erf({self.as_float(self.pick(), 'fp32').expr})", "fp32"), "rel", 1)
        if self.tuples:  # (drawn only here: the kernels before --tuples-from stay as they were)
            for _ in range(r.randint(1, 2)):
                r.choice([self.out_tuple_reduce, self.out_tuple_scan])()
        if self.returning_helpers:  # (drawn only here, as tuples)
            for _ in range(r.randint(1, 2)):
                r.choice([self.out_returning_helper, self.out_map])()
        if self.dots:  # (drawn only here, as tuples)
            for _ in range(r.randint(1, 2)):
                self.out_dot()
        if self.outers:  # (drawn only here, as tuples)
            for _ in range(r.randint(1, 2)):
                self.out_outer()
        if self.stencils:  # (drawn only here, as tuples)
            for _ in range(r.randint(1, 2)):
                self.out_stencil()
        if self.real:  # (drawn only here, as tuples)
            for _ in range(r.randint(1, 2)):
                r.choice([self.out_gather, self.out_gather, self.out_unpack, self.out_rotary])()

    def build_matmul(self):
        """A matmul-shaped kernel (tutorial 03's loop, on the fuzzer's M x N inputs): the
        result's tile [BM, BN] holds only loads, elementwise values and the dot, so tl2cu
        keeps it in registers as mma accumulators. C = A[:, :L] @ B[:L, :] with L = min(M, N),
        A and B both M x N inputs (B read by rows), over BK-wide steps masked at L; fp16 or
        bf16 (loaded, or computed from fp32 and cast) into fp32 compared as sums of L terms,
        int8 into int32 exactly, fp32 with input_precision ieee; the accumulator chained
        through the dot or added to it, then an elementwise epilogue. With low_precision: fp8
        (e4m3, e5m2; computed from fp32 and cast) into fp32 or fp16, fp16 into fp16."""
        r = self.rng
        self.two_d = True
        self.bm, self.bn = r.choice([(16, 16), (32, 32), (16, 32), (32, 16), (64, 32), (32, 64), (64, 64), (16, 64)])
        bk = r.choice([16, 32, 64])
        self.prologue_2d()
        ty = r.choice(["fp16", "fp16", "bf16", "i8", "fp32"])
        acc_ty = "i32" if ty == "i8" else "fp32"
        if self.low_precision:  # (drawn only here: the kernels before keep their random stream)
            ty, acc_ty = r.choice([("fp16", "fp16"), ("fp8e4nv", "fp32"), ("fp8e5", "fp32"), ("fp8e4nv", "fp16"),
                                   ("fp8e5", "fp16")])
        if ty in ("i8", "fp8e4nv", "fp8e5"):
            bk = max(bk, 32)  # (Triton: 8-bit dots take K >= 32)
        computed = ty in ("fp16", "bf16") and r.random() < 0.4  # (attention's p.to(tl.float16))
        computed = computed or ty in FP8  # (fp8: no fp8 inputs)
        load_ty = "fp32" if computed else ty
        kind = "any" if ty == "i8" else "tame"
        xa, xb = self.add_input(load_ty, kind), self.add_input(load_ty, kind)
        other = "0" if ty == "i8" else "0.0"
        self.emit(f"rk = tl.arange(0, {bk})")
        self.emit(f"acc = tl.zeros(({self.bm}, {self.bn}), dtype={TL[acc_ty]})")
        loop = r.random() < 0.8
        if loop:
            self.emit(f"for k in range(0, tl.cdiv(N, {bk})):")
        else:
            self.emit("k = 0")
        ind = 2 if loop else 1
        self.emit(f"kk = k * {bk} + rk", ind)
        self.emit(f"a = tl.load({xa} + rm[:, None] * N + kk[None, :], "
                  f"mask=(rm[:, None] < M) & (kk[None, :] < N) & (kk[None, :] < M), other={other})", ind)
        self.emit(f"b = tl.load({xb} + kk[:, None] * N + rn[None, :], "
                  f"mask=(kk[:, None] < M) & (kk[:, None] < N) & (rn[None, :] < N), other={other})", ind)
        if computed:
            self.emit(f"a = (a * {r.choice(['s', '2.0', '0.5'])}).to({TL8.get(ty) or TL[ty]})", ind)
            self.emit(f"b = tl.abs(b).to({TL8.get(ty) or TL[ty]})", ind)
        # (int8: Triton asserts that an accumulator's type is out_dtype, fp32 unless given)
        prec = ", input_precision='ieee'" if ty == "fp32" else ", out_dtype=tl.int32" if ty == "i8" else ""
        if acc_ty == "fp16":
            prec = ", out_dtype=tl.float16"
        if r.random() < 0.7:
            self.emit(f"acc = tl.dot(a, b, acc{prec})", ind)
        else:
            self.emit(f"acc += tl.dot(a, b{prec})", ind)
        out = "acc"
        if ty == "i8":
            out = r.choice(["acc", "acc * 3 + 1", "tl.where(acc > 0, acc, -acc)"])
        else:
            out = r.choice(["acc", "acc * s", "tl.maximum(acc, 0.0)", "tl.where(acc > 0, acc, acc * 0.5)"])
        n_red = max(40, 3 * max(self.bm, self.bn) + 2)  # L's bound (manifest's sizes): the sum tolerance's n
        cmp = "exact" if ty == "i8" else "fp8_sum" if ty in FP8 and acc_ty == "fp32" else "sum"
        self.store_elem(Val(out, acc_ty), cmp, n_red)

    def build_state(self):
        """A state carried through a loop of dots, as linear-attention kernels carry theirs
        (FLA's fused_chunk_bwd_kernel: `b_h = b_h * b_gn + tl.dot(b_v, b_k)` per chunk): the
        state loaded row-major or along its first dim, updated by a dot three ways, stored as it
        is and, square, transposed (a square dot's layout read transposed was held as
        rows-first mma accumulators: docs/NOTES.md 83). fp16 or bf16 operands computed from fp32
        loads; the state fp32, compared as a sum of its terms."""
        r = self.rng
        self.two_d = True
        self.bm, self.bn = r.choice([(16, 16), (32, 32), (64, 64), (64, 64), (32, 64), (64, 32)])
        bt = r.choice([16, 32])
        self.prologue_2d()
        dt = r.choice(["tl.float16", "tl.bfloat16"])
        xh, xa, xb = self.add_input("fp32", "tame"), self.add_input("fp32", "tame"), self.add_input("fp32", "tame")
        square = self.bm == self.bn
        along_rows = r.random() < 0.5  # the state's load contiguous along its first dim
        at = "rn[None, :] * M + rm[:, None]" if along_rows else "offs"
        self.emit(f"h = tl.load({xh} + {at}, mask=mask, other=0.0)")
        self.emit(f"rt = tl.arange(0, {bt})")
        self.emit("for t in range(0, reps):")
        self.emit(f"tt = t * {bt} + rt", 2)
        self.emit(f"a = tl.load({xa} + rm[:, None] * N + tt[None, :], mask=(rm[:, None] < M) & (tt[None, :] < N), "
                  f"other=0.0).to({dt})", 2)
        self.emit(f"b = tl.load({xb} + tt[:, None] * N + rn[None, :], mask=(tt[:, None] < M) & (rn[None, :] < N), "
                  f"other=0.0).to({dt})", 2)
        self.emit(r.choice(["h = h * 0.5 + tl.dot(a, b)", "h += tl.dot(a, b)", "h = tl.dot(a, b, h)"]), 2)
        n_red = max(40, 5 * bt + 2)
        self.store_elem(Val("h", "fp32"), "sum", n_red)
        if square and r.random() < 0.7:
            self.store_elem(Val("tl.trans(h)", "fp32"), "sum", n_red)

    # ---- features
    def feature_loop(self):
        acc = self.pick()
        name = self.temp("acc")
        self.emit(f"{name} = {acc.expr}")
        # every other loop steps by a constant (the translator versions such loops on
        # the bound); chosen by the temporary's number, not the random stream, so that
        # the other kernels of a seed stay as they were
        if self.ntemp % 2:
            self.emit(f"for i in range(1, reps * 3 + 1, 3):")
        else:
            self.emit(f"for i in range(0, reps):")
        saved = self.scalars
        self.scalars = saved + [("i", "i32")]
        self.pool.append(Val(name, acc.ty))
        body = self.carried(Val(name, acc.ty))
        self.scalars = saved
        self.pool.pop()
        expr = body.expr if body.ty == acc.ty else f"({body.expr}).to({TL[acc.ty]})"
        self.emit(f"{name} = {expr}", 2)
        self.keep(Val(name, acc.ty, tags=acc.tags | body.tags | narrowing(body.ty, acc.ty)))

    def feature_static_loop(self):
        acc = self.pick()
        name = self.temp("acc")
        self.emit(f"{name} = {acc.expr}")
        self.emit(f"for j in tl.static_range({self.rng.randint(1, 4)}):")
        self.pool.append(Val(name, acc.ty))
        saved = self.scalars
        self.scalars = saved + [("j", "i32")]
        body = self.carried(Val(name, acc.ty))
        self.scalars = saved
        self.pool.pop()
        expr = body.expr if body.ty == acc.ty else f"({body.expr}).to({TL[acc.ty]})"
        self.emit(f"{name} = {expr}", 2)
        self.keep(Val(name, acc.ty, tags=acc.tags | body.tags | narrowing(body.ty, acc.ty)))

    def block_ptr(self, name, offsets=None):
        """A block pointer over input `name` at the program's block (or at `offsets`)."""
        bp = self.temp("bp")
        if self.two_d:
            at = offsets or f"(pid_m * {self.bm}, pid_n * {self.bn})"
            self.emit(f"{bp} = tl.make_block_ptr({name}, (M, N), (N, 1), {at}, ({self.bm}, {self.bn}), (1, 0))")
        else:
            at = offsets or f"(pid * {self.b},)"
            self.emit(f"{bp} = tl.make_block_ptr({name}, (n,), (1,), {at}, ({self.b},), (0,))")
        return bp

    def all_dims(self):
        return "(0, 1)" if self.two_d else "(0,)"

    def feature_tuple_loop(self):
        """A tuple carried through a loop, its parts swapped and updated (carry.c)."""
        a, b = self.pick(), self.pick()
        name = self.temp("tup")
        second = b.expr if b.ty == a.ty else f"({b.expr}).to({TL[a.ty]})"
        self.emit(f"{name} = ({a.expr}, {second})")
        self.emit("for i in range(0, reps):")
        saved = self.scalars
        self.scalars = saved + [("i", "i32")]
        body = self.carried(Val(f"{name}[1]", a.ty))
        self.scalars = saved
        first = body.expr if body.ty == a.ty else f"({body.expr}).to({TL[a.ty]})"
        self.emit(f"{name} = ({first}, {name}[0])", 2)
        tags = a.tags | b.tags | body.tags | narrowing(body.ty, a.ty) | narrowing(b.ty, a.ty)
        self.keep(Val(f"{name}[0]", a.ty, tags=tags))
        self.keep(Val(f"{name}[1]", a.ty, tags=tags))

    def feature_block_ptr_loop(self):
        """Sums of windows read through a block pointer advanced in a loop (and maybe in an if)."""
        r = self.rng
        ty = r.choice(FLOATS)  # bounded floats: the sums stay exact in both (k2045: ints of any size did not)
        name = self.add_input(ty, "tame", "full")
        bp = self.block_ptr(name)
        acc = self.temp("acc")
        shape = f"({self.bm}, {self.bn})" if self.two_d else f"({self.b},)"
        self.emit(f"{acc} = tl.zeros({shape}, dtype=tl.float32)")
        step = f"(0, {max(self.bn // 2, 1)})" if self.two_d else f"({max(self.b // 2, 1)},)"
        if r.random() < 0.4:
            back = "(-1, 0)" if self.two_d else "(-3,)"
            self.emit("if s > 0:")
            self.emit(f"{bp} = tl.advance({bp}, {back})", 2)
        self.emit("for i in range(0, reps):")
        self.emit(f"{acc} += tl.load({bp}, boundary_check={self.all_dims()}, padding_option='zero').to(tl.float32)", 2)
        self.emit(f"{bp} = tl.advance({bp}, {step})", 2)
        self.keep(Val(acc, "fp32", tame=True))

    def carried(self, acc):
        """A loop body: the carried value combined with another expression."""
        b = self.gen(2)
        op = "^" if acc.ty == "i1" else self.rng.choice(["+", "-", "*"])
        t = promote(acc.ty, b.ty, op) if op != "^" or not is_float(b.ty) else None
        if t is None:
            return Val(f"({acc.expr} ^ ({b.expr} != 0))", "i1", tags=b.tags)
        return Val(f"({acc.expr} {op} {b.expr})", t, tags=b.tags)

    def feature_if(self):
        cond = self.rng.choice(["s > 0", "s < 1.0", "reps % 2 == 0", ("pid_m" if self.two_d else "pid") + " % 2 == 1",
                                ("M" if self.two_d else "n") + " > 100"])
        a, b = self.gen(2), self.gen(2)
        t = a.ty
        name = self.temp()
        self.emit(f"if {cond}:")
        self.emit(f"{name} = {a.expr}", 2)
        self.emit("else:")
        self.emit(f"{name} = {b.expr if b.ty == t else f'({b.expr}).to({TL[t]})'}", 2)
        self.keep(Val(name, t, tags=a.tags | b.tags | narrowing(b.ty, t)))

    def feature_helper(self):
        a, b = self.pick(), self.pick()
        hname = f"{self.name}_helper"
        saved_pool = self.pool
        self.pool = [Val("a", a.ty), Val("b", b.ty)]
        saved_scalars, self.scalars = self.scalars, [("c", "i32")]
        body = self.gen(2)
        self.pool, self.scalars = saved_pool, saved_scalars
        self.helpers.append(f"@triton.jit\ndef {hname}(a, b, c):\n    return {body.expr}\n")
        self.let(Val(f"{hname}({a.expr}, {b.expr}, reps)", body.ty, tags=a.tags | b.tags | body.tags))

    def feature_shape(self):
        v = self.pick()
        r = self.rng
        if self.two_d:
            bm, bn = self.bm, self.bn
            ops = [f"tl.reshape(tl.trans({v.expr}), ({bm}, {bn}))", f"tl.reshape(tl.permute({v.expr}, (1, 0)), ({bm}, {bn}))",
                   f"tl.reshape(tl.reshape({v.expr}, ({bm * bn},)), ({bm}, {bn}))"]
            if bm == bn:
                ops += [f"tl.trans({v.expr})", f"{v.expr}.T", f"tl.permute({v.expr}, (1, 0))"]
            if bn >= 2:
                self.emit(f"{self.temp('p')}, {self.temp('q')} = tl.split(tl.reshape({v.expr}, ({bm}, {bn // 2}, 2)))")
                p, q = f"p{self.ntemp - 1}", f"q{self.ntemp}"
                ops.append(f"tl.reshape(tl.join({q}, {p}), ({bm}, {bn}))")
            if v.ty != "i1":
                ops.append(f"tl.flip({v.expr}, 1)")
        else:
            b = self.b
            self.emit(f"{self.temp('p')}, {self.temp('q')} = tl.split(tl.reshape({v.expr}, ({b // 2}, 2)))")
            p, q = f"p{self.ntemp - 1}", f"q{self.ntemp}"
            ops = [f"tl.reshape(tl.join({q}, {p}), ({b},))", f"tl.ravel(tl.trans(tl.reshape({v.expr}, (2, {b // 2}))))"]
            if v.ty != "i1":
                ops.append(f"tl.flip({v.expr}, 0)")
        self.let(Val(r.choice(ops), v.ty, v.tame, v.tags))

    def feature_reduce_mid(self):
        v = self.pick([p for p in self.pool if not is_float(p.ty) and p.ty != "i1"] or [Val("offs", "i32")])
        fn = self.rng.choice(["max", "min", "sum", "xor_sum"])
        rty = self.reduce_type(fn, v.ty)
        axis = self.rng.choice([0, 1]) if self.two_d else 0
        red = f"tl.{fn}({v.expr}, axis={axis}, keep_dims=True)"
        if self.two_d and self.rng.random() < 0.5:
            red = f"tl.{fn}({v.expr}, axis={axis})" + ("[None, :]" if axis == 0 else "[:, None]")
        self.let(Val(f"({v.expr} - {red})", promote(v.ty, rty, "-"), tags=v.tags))

    @staticmethod
    def reduce_type(fn, t):
        if fn == "sum" or fn == "cumsum":
            if fn == "cumsum" and t == "bf16":
                return "fp32"
            if t == "i1":
                return "u32"
            if not is_float(t) and BITS[t] < 32:
                return "i32" if is_signed(t) else "u32"
            return t
        if fn in ("max", "min"):
            if is_float(t):
                return "fp32" if BITS[t] < 32 else t
            return "i32" if BITS[t] < 32 else t
        if fn in ("argmax", "argmin"):
            return "i32"
        if fn == "cumprod":
            return "fp32" if t == "bf16" else t
        return t

    def store_reduced(self, expr, ty, axis, keep, cmp="exact", n_red=1):
        if not self.two_d:
            o = self.add_output(ty, "program", cmp, n_red)
            target = f"{o} + pid + tl.arange(0, 1)" if keep else f"{o} + pid"
            self.emit(f"tl.store({target}, {expr})")
            return
        if axis is None:
            o = self.add_output(ty, "program", cmp, n_red)
            self.emit(f"tl.store({o} + pid_m * tl.num_programs(1) + pid_n, {expr})")
        elif axis == 1:
            o = self.add_output(ty, "rows", cmp, n_red)
            idx = "rm[:, None]" if keep else "rm"
            self.emit(f"tl.store({o} + pid_n * M + {idx}, {expr}, mask={idx} < M)")
        else:
            o = self.add_output(ty, "cols", cmp, n_red)
            idx = "rn[None, :]" if keep else "rn"
            self.emit(f"tl.store({o} + pid_m * N + {idx}, {expr}, mask={idx} < N)")

    def pick_axis(self):
        r = self.rng
        if self.two_d:
            axis = r.choice([0, 1, 1, None])
        else:
            axis = r.choice([0, None])
        keep = axis is not None and r.random() < 0.3
        return axis, keep

    def out_reduce(self):
        """A reduction whose result does not depend on the order: integers, float max/min, arg of NaN-free values."""
        r = self.rng
        fn = r.choice(["sum", "max", "min", "argmax", "argmin", "xor_sum", "reduce_or", "max_idx"])
        ints = [p for p in self.pool if not is_float(p.ty) and p.ty != "i1"]
        if fn in ("sum", "xor_sum", "reduce_or"):
            if not ints:
                return
            v = self.pick(ints)
        elif fn in ("argmax", "argmin", "max_idx"):
            cand = ints + [p for p in self.pool if p.tame]
            v = self.pick(cand)
        else:
            v = self.pick([p for p in self.pool if p.ty != "i1"] or self.pool)
            if v.ty == "i1":
                return
        axis, keep = self.pick_axis()
        self.tags |= v.tags
        if fn in ("argmax", "argmin", "reduce_or") and axis is None:
            axis = 0 if not self.two_d else 1
        ax = "" if axis is None else f", axis={axis}"
        kd = ", keep_dims=True" if keep else ""
        if fn == "max_idx":
            if axis is None:
                return
            m, i = self.temp("m"), self.temp("i")
            self.emit(f"{m}, {i} = tl.max({v.expr}{ax}, return_indices=True{kd})")
            self.store_reduced(m, "fp32" if v.ty == "bf16" else v.ty, axis, keep)
            self.store_reduced(i, "i32", axis, keep)
            return
        if self.rng.random() < 0.2 and axis is not None and fn in ("sum", "max", "min", "argmax", "argmin"):
            self.store_reduced(f"{v.expr}.{fn}({ax[2:]}{kd})", self.reduce_type(fn, v.ty), axis, keep)
        else:
            self.store_reduced(f"tl.{fn}({v.expr}{ax}{kd})", self.reduce_type(fn, v.ty), axis, keep)

    def out_float_reduce(self):
        v = self.gen_tame()
        axis, keep = self.pick_axis()
        ax = "" if axis is None else f", axis={axis}"
        kd = ", keep_dims=True" if keep else ""
        n_red = self.block if axis is None else (self.bm if axis == 0 else self.bn) if self.two_d else self.b
        self.store_reduced(f"tl.sum({v.expr}{ax}{kd})", v.ty, axis, keep, "sum", n_red)

    def out_scan(self):
        r = self.rng
        fn = r.choice(["cumsum", "cumprod"])
        ints = [p for p in self.pool if not is_float(p.ty) and p.ty != "i1"]
        exact = ints and r.random() < 0.5
        if exact:
            v = self.pick(ints)
        elif fn == "cumprod":
            near = [Val(n, t) for n, t, k in self.near_one]
            if not near:
                name = self.add_input(r.choice(["fp32", "fp64", "fp16", "bf16"]), "near_one", "full")
                self.emit(f"{'v' + name[1:]} = tl.load({name} + offs, mask=mask, other=1.0)")
                self.near_one.append(("v" + name[1:], self.inputs[-1]["dtype"], 0))
                near = [Val(n, t) for n, t, k in self.near_one]
            v = self.pick(near)
        else:
            v = self.gen_tame()
        axis = r.choice([0, 1]) if self.two_d else 0
        n_red = (self.bm if axis == 0 else self.bn) if self.two_d else self.b
        rev = ", reverse=True" if r.random() < 0.3 else ""
        ty = self.reduce_type(fn, v.ty)
        self.tags |= v.tags
        self.store_elem(Val(f"tl.{fn}({v.expr}, axis={axis}{rev})", ty), "exact" if exact else
                        ("sum" if fn == "cumsum" else "prod"), n_red)

    def combine_helper(self, params, body):
        """A combine function for tl.reduce / tl.associative_scan over a tuple."""
        name = f"{self.name}_combine{len(self.helpers)}"
        self.helpers.append(f"@triton.jit\ndef {name}({params}):\n" + "".join(f"    {b}\n" for b in body))
        return name

    def out_tuple_reduce(self):
        """tl.reduce over a tuple: an argmin whose ties go to the lower offset (exact for
        NaN-free values in any order), or a sum of tame floats with a count of the masked-in
        elements (Triton's order, so within rounding at worst)."""
        r = self.rng
        axis, keep = self.pick_axis()
        ax = "None" if axis is None else str(axis)
        kd = ", keep_dims=True" if keep else ""
        n_red = self.block if axis is None else (self.bm if axis == 0 else self.bn) if self.two_d else self.b
        a, b = self.temp("ta"), self.temp("tb")
        if r.random() < 0.5:
            ints = [p for p in self.pool if not is_float(p.ty) and p.ty != "i1"]
            v = self.pick(ints + [p for p in self.pool if p.tame])
            fn = self.combine_helper("va, ia, vb, ib", ["take_b = (vb < va) | ((vb == va) & (ib < ia))",
                                                        "return tl.where(take_b, vb, va), tl.where(take_b, ib, ia)"])
            self.emit(f"{a}, {b} = tl.reduce(({v.expr}, offs), {ax}, {fn}{kd})")
            self.tags |= v.tags
            self.store_reduced(a, v.ty, axis, keep)
            self.store_reduced(b, "i32", axis, keep)
        else:
            v = self.gen_tame()
            fn = self.combine_helper("sa, ca, sb, cb", ["return sa + sb, ca + cb"])
            self.emit(f"{a}, {b} = tl.reduce(({v.expr}, tl.where(mask, 1, 0)), {ax}, {fn}{kd})")
            self.store_reduced(a, v.ty, axis, keep, "sum", n_red)
            self.store_reduced(b, "i32", axis, keep)

    def out_tuple_scan(self):
        """tl.associative_scan over a tuple: sums of integers restarted where a flag is set
        (exact: the combine is associative), forward or reversed."""
        r = self.rng
        ints = [p for p in self.pool if not is_float(p.ty) and p.ty != "i1"]
        if not ints:
            return
        v = self.pick(ints)
        axis = r.choice([0, 1]) if self.two_d else 0
        rev = ", reverse=True" if r.random() < 0.3 else ""
        fn = self.combine_helper("sa, fa, sb, fb", ["return tl.where(fb, sb, sa + sb), fa | fb"])
        a, b = self.temp("sa"), self.temp("sf")
        self.emit(f"{a}, {b} = tl.associative_scan(({v.expr}, (offs % {r.choice([3, 5, 7])}) == 0), {axis}, {fn}{rev})")
        self.tags |= v.tags
        self.store_elem(Val(a, v.ty))
        self.store_elem(Val(b, "i1"))

    def scalar_body(self, params, scalars, depth=2):
        """An expression over a helper's parameters (params: Vals) and scalars."""
        saved_pool, saved_scalars = self.pool, self.scalars
        self.pool, self.scalars = params, scalars
        try:
            return self.gen(depth)
        finally:
            self.pool, self.scalars = saved_pool, saved_scalars

    def returned(self, v, ty):
        """v as a value of type ty (Triton wants one return type on every path); a float made
        an integer tags v (round 23: untagged such casts in map functions differed)."""
        v.tags |= narrowing(v.ty, ty)
        return v.expr if v.ty == ty else f"({v.expr}).to({TL[ty]})"

    def out_returning_helper(self):
        """A helper that returns from inside run-time ifs on a scalar: blocks chosen per program."""
        r = self.rng
        a, b = self.pick(), self.pick()
        ty = a.ty
        pa, pb = Val("a", a.ty), Val("b", b.ty)
        first, second, last = (self.scalar_body([pa, pb], [("c", "i32")]) for _ in range(3))
        name = f"{self.name}_ret{len(self.helpers)}"
        body = [f"if c > {r.choice([0, 1, 2, 3])}:", f"    return {self.returned(first, ty)}",
                f"if c < {r.choice([1, 3, 4])}:", f"    x = {self.returned(second, ty)}",
                f"    if c == {r.choice([0, 2])}:", f"        return x", f"    b = x",
                f"return {self.returned(last, ty)}"]
        if second.ty != ty or b.ty != ty:  # (b takes x's type only where they agree)
            body[6] = "    x = x"
        self.helpers.append(f"@triton.jit\ndef {name}(a, b, c):\n" + "".join(f"    {line}\n" for line in body))
        self.store_elem(Val(f"{name}({a.expr}, {b.expr}, reps)", ty, tags=a.tags | b.tags | first.tags | second.tags | last.tags))

    def out_map(self):
        """tl.map_elementwise of a scalar function that branches on its elements."""
        r = self.rng
        a, b = self.pick(), self.pick()
        ty = a.ty
        pa, pb = Val("a", a.ty), Val("b", b.ty)
        then, other = (self.scalar_body([pa, pb], [("b", b.ty)]) for _ in range(2))
        name = f"{self.name}_map{len(self.helpers)}"
        cond = r.choice(["a > b", "a < b", "a == b", "a != 0"])
        if r.random() < 0.3:  # a function of two pairs (position 0 and 1 may differ)
            parts = []
            for j in range(2):
                pj = [Val(f"a{j}", a.ty), Val(f"b{j}", b.ty)]
                t, o = (self.scalar_body(pj, [(f"b{j}", b.ty)]) for _ in range(2))
                cj = cond.replace("a", f"a{j}").replace("b", f"b{j}")
                parts += [f"r{j} = {self.returned(o, ty)}", f"if {cj}:", f"    r{j} = {self.returned(t, ty)}"]
                then.tags |= t.tags | o.tags
            body = parts + ["return r0, r1"]
            params = "a0, a1, b0, b1"
            # (mapped over four operands, not with pack=2, which tl2cu refuses: docs/NOTES.md 50)
            call = f"tl.map_elementwise({name}, {a.expr}, {a.expr}, {b.expr}, {b.expr})[0]"
        else:
            body = [f"if {cond}:", f"    return {self.returned(then, ty)}", f"return {self.returned(other, ty)}"]
            params, call = "a, b", f"tl.map_elementwise({name}, {a.expr}, {b.expr})"
        self.helpers.append(f"@triton.jit\ndef {name}({params}):\n" + "".join(f"    {line}\n" for line in body))
        self.store_elem(Val(call, ty, tags=a.tags | b.tags | then.tags | other.tags))

    def out_dot(self):
        """tl.dot of two square tiles of tame values (2-D kernels with BM == BN >= 16): fp16 or
        bf16 operands (exact products), or fp32 with input_precision ieee or tf32x3; the
        sum of BN products in another order than Triton's tensor cores: a sum tolerance."""
        if not self.two_d or self.bm != self.bn or self.bn < 16:
            return
        r = self.rng
        a, b = self.gen_tame(), self.gen_tame()
        ty = r.choice(["fp16", "bf16", "fp32", "fp32"])
        prec = "" if ty != "fp32" else r.choice([", input_precision='ieee'", ", input_precision='tf32x3'"])
        expr = f"tl.dot(({a.expr}).to({TL[ty]}), ({b.expr}).to({TL[ty]}){prec})"
        if r.random() < 0.3:  # an accumulator
            c = self.gen_tame()
            expr = f"tl.dot(({a.expr}).to({TL[ty]}), ({b.expr}).to({TL[ty]}), ({c.expr}).to(tl.float32){prec})"
        self.store_elem(Val(expr, "fp32", tags=a.tags | b.tags), "sum", self.bn)

    def out_outer(self):
        """An outer product of two of the program's 1-D blocks (1-D kernels of at most 128
        elements): [B, B] values that no memory access lays out, so Triton keeps its default
        layout for them (runs of 1); reduced along either axis and stored. Sums follow that
        layout's order (compared bit for bit as 'equal' or within a sum tolerance); maxima
        are exact."""
        if self.two_d or self.b > 128:
            return
        r = self.rng
        a, b = self.as_float(self.gen_tame(), "fp32"), self.as_float(self.gen_tame(), "fp32")
        outer = f"(({a.expr})[:, None] * ({b.expr})[None, :])"
        if r.random() < 0.5:
            outer = f"tl.exp2({outer} - 1.0)"
        fn, axis = r.choice(["sum", "sum", "max"]), r.choice([0, 1])
        cmp = "sum" if fn == "sum" else "exact"
        self.store_elem(Val(f"tl.{fn}({outer}, axis={axis})", "fp32", tags=a.tags | b.tags), cmp, self.b)

    def out_stencil(self):
        """A stencil: the sum of loads of one input at its neighbours' offsets (a row of 2R + 1
        in 1-D kernels, the 3 x 3 around each element in 2-D), each masked to the input, as a
        tl.static_range loop whose loads are traced inside the adds (translator/passes/loads.c gathers
        them) or as named loads summed after, with a value computed between two of them. Sums
        in source order on both sides: compared exactly. With `interior` every tap takes one
        named mask, the kernel's & the elements whose neighbours all lie inside (the Game of
        Life's form), which the window decision reads at a run's ends."""
        r = self.rng
        ty = r.choice(["fp16", "bf16", "fp32", "fp64", "i8", "i8", "u8", "i16", "i32", "i64"])
        x = self.add_input(ty, "tame" if is_float(ty) else "any", "full")
        acc_ty = ty if not is_float(ty) or ty == "fp64" else "fp32"
        if self.two_d:
            taps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
            loops = ["for dr in tl.static_range(-1, 2):", "    for dc in tl.static_range(-1, 2):"]
            at = lambda dr, dc: f"{x} + offs + {dr} * N + {dc}"
            inside = lambda dr, dc: (f"((rm[:, None] + {dr}) >= 0) & ((rm[:, None] + {dr}) < M) & "
                                     f"((rn[None, :] + {dc}) >= 0) & ((rn[None, :] + {dc}) < N)")
            shape = f"({self.bm}, {self.bn})"
        else:
            radius = r.randint(1, 3)
            taps = [(0, k) for k in range(-radius, radius + 1)]
            loops = [f"for dc in tl.static_range({-radius}, {radius + 1}):"]
            at = lambda dr, dc: f"{x} + offs + {dc}"
            inside = lambda dr, dc: f"(offs + {dc} >= 0) & (offs + {dc} < n)"
            shape = f"({self.b},)"
        if self.interior:  # one named mask for every tap: the elements whose neighbours all exist
            inner = self.temp("inner")
            if self.two_d:
                self.emit(f"{inner} = mask & (rm[:, None] >= 1) & (rm[:, None] < M - 1) & (rn[None, :] >= 1) & "
                          f"(rn[None, :] < N - 1)")
            else:
                self.emit(f"{inner} = mask & (offs >= {radius}) & (offs < n - {radius})")
            inside = lambda dr, dc: inner
        acc = self.temp("st")
        self.emit(f"{acc} = tl.zeros({shape}, dtype={TL[acc_ty]})")
        if r.random() < 0.5:  # the loop form
            for depth, line in enumerate(loops):
                self.emit(line.strip(), 1 + depth)
            self.emit(f"{acc} += tl.load({at('dr', 'dc')}, mask={inside('dr', 'dc')}, other=0)", 1 + len(loops))
        else:  # named loads, a computed value between two of them, summed after
            names = []
            for i, (dr, dc) in enumerate(taps):
                name = self.temp("tap")
                self.emit(f"{name} = tl.load({at(dr, dc)}, mask={inside(dr, dc)}, other=0)")
                names.append(name)
                if i == len(taps) // 2:
                    self.let(self.gen(1))
            for name in names:
                self.emit(f"{acc} += {name}")
        self.store_elem(Val(acc, acc_ty))

    def assigned_numbers(self):
        """Numbers assigned to names: Triton makes each a scalar tensor of its literal's type
        (i32, fp32, i1), which then promotes as a tensor, not as a weak literal (int8 + an
        assigned 100 is int32)."""
        r = self.rng
        for _ in range(r.randint(1, 2)):
            name = self.temp("c")
            lit, ty = r.choice([(str(r.randint(90, 127)), "i32"), (str(r.randint(-3, 3)), "i32"),
                                (repr(r.choice([0.5, 1e-3, 2.5, -0.25])), "fp32"), ("True", "i1")])
            self.emit(f"{name} = {lit}")
            b = self.pick()
            if ty == "i1":
                self.let(Val(f"(({b.expr} != 0) ^ {name})", "i1", tags=b.tags))
                continue
            op = r.choice(["+", "-", "*"])
            t = promote(b.ty, ty, op)
            if t is not None:  # (a block with the scalar tensor: the scalar's type takes part)
                self.let(Val(f"({b.expr} {op} {name})", t, tags=b.tags | narrowing(b.ty, t)))

    def out_gather(self):
        """A gather through loaded indices, the shape of embedding lookups and paged caches:
        an index input (values inside the gathered input, drawn by run_gpu.py) loaded under
        the kernel's mask, then a load at those indices; in 2-D kernels one index a row,
        the row read whole (x + idx[:, None] * N + rn[None, :])."""
        r = self.rng
        ty = r.choice(["fp16", "bf16", "fp32", "i8", "i32", "i64", "u8"])
        x = self.add_input(ty, "any", "full")
        other = "0.0" if is_float(ty) else "0"
        g = self.temp("g")
        if self.two_d:
            idx = self.add_input(r.choice(["i32", "i64"]), "index", "col")
            self.inputs[-1]["bound"] = "M"
            ri = self.temp("ri")
            self.emit(f"{ri} = tl.load({idx} + rm, mask=rm < M, other=0)")
            self.emit(f"{g} = tl.load({x} + {ri}[:, None] * N + rn[None, :], mask=mask, other={other})")
        else:
            idx = self.add_input(r.choice(["i32", "i64"]), "index", "full")
            self.inputs[-1]["bound"] = "n"
            ri = self.temp("ri")
            self.emit(f"{ri} = tl.load({idx} + offs, mask=mask, other=0)")
            self.emit(f"{g} = tl.load({x} + {ri}, mask=mask, other={other})")
        v = Val(g, ty)
        if r.random() < 0.5:
            b = self.pick()
            t = promote(ty, b.ty, "+")
            if t is not None:
                v = Val(f"({g} + {b.expr})", t, tags=b.tags)
        self.store_elem(v)

    def out_rotary(self):
        """A rotary embedding's pair of outputs (unsloth's and Liger's RoPE, which differed from
        Triton on 12-14% of fp16/bf16 elements in the drop-in harness): q0 * cos - q1 * sin and
        q1 * cos + q0 * sin on 16-bit or fp32 inputs, sin sometimes negated first (the backward
        pass), each stored as computed."""
        r = self.rng
        ty = r.choice(["fp16", "bf16", "fp16", "fp32"])
        q0, q1, c, sin = (self.load(ty, "any", "full") for _ in range(4))
        if r.random() < 0.3:
            ns = self.temp("ns")
            self.emit(f"{ns} = -{sin}")
            sin = ns
        a, b = self.temp("ra"), self.temp("rb")
        self.emit(f"{a} = {q0} * {c} - {q1} * {sin}")
        self.emit(f"{b} = {q1} * {c} + {q0} * {sin}")
        self.store_elem(Val(a, ty))
        self.store_elem(Val(b, ty))

    def out_unpack(self):
        """Bit unpacking as fp4 (e2m1) dequantizers write it (1-D kernels): the nibbles of
        a u8 input split with >> and &, put side by side with tl.interleave, sign, exponent
        and mantissa rebuilt with shifts as fp32 or bf16 bits, tl.where for zero and the
        denormal, a bitcast; or the bf16 bits built in uint16. Stored as 2n values."""
        if self.two_d:
            return
        r = self.rng
        u = self.add_input("u8", "any", "full")
        p, lo, hi, q = self.temp("pk"), self.temp("lo"), self.temp("hi"), self.temp("q")
        self.emit(f"{p} = tl.load({u} + offs, mask=mask, other=0)")
        self.emit(f"{lo} = {p} & 0xF")
        self.emit(f"{hi} = {p} >> 4")
        first, second = (lo, hi) if r.random() < 0.5 else (hi, lo)
        out_ty = r.choice(["bf16", "fp32", "fp16"])
        f = self.temp("f")
        if r.random() < 0.6:  # fp32 bits, then a cast
            sign, mag, bits = self.temp("sg"), self.temp("mag"), self.temp("bits")
            self.emit(f"{q} = tl.interleave({first}, {second})")
            self.emit(f"{sign} = {q} & 0x8")
            self.emit(f"{mag} = {q} ^ {sign}")
            self.emit(f"{bits} = (((({mag} >> 1) - 1 + 127).to(tl.int32)) << 23) | (({mag} & 1).to(tl.int32) << 22)")
            self.emit(f"{bits} = tl.where({mag} == 0, 0, {bits})")
            self.emit(f"{bits} = tl.where({mag} == 1, 0x3F000000, {bits})")
            self.emit(f"{bits} = {bits} | ({sign}.to(tl.int32) << 28)")
            self.emit(f"{f} = {bits}.to(tl.float32, bitcast=True).to({TL[out_ty]})")
        else:  # bf16 bits in uint16, each nibble in place
            e0, x0, x1 = self.temp("em"), self.temp("w"), self.temp("w")
            self.emit(f"{e0} = {first} & 0x7")
            self.emit(f"{x0} = ({e0}.to(tl.uint16) << 2 + 4) | (({first} & 0x8).to(tl.uint16) << 8 + 4)")
            self.emit(f"{x0} = tl.where(({e0} & 0x6) != 0, {x0} + ((127 - 1) << 7), {x0})")
            self.emit(f"{x0} = tl.where({e0} == 0x1, 16128 | ({x0} & 0x8000), {x0})")
            self.emit(f"{x1} = ((({second} & 0x7).to(tl.uint16)) << 6) | ((({second} & 0x8).to(tl.uint16)) << 12)")
            self.emit(f"{f} = tl.interleave({x0}, {x1}).to(tl.bfloat16, bitcast=True).to({TL[out_ty]})")
        o2 = self.temp("o2")
        self.emit(f"{o2} = pid * {2 * self.b} + tl.arange(0, {2 * self.b})")
        o = self.add_output(out_ty, "double", "exact")
        self.emit(f"tl.store({o} + {o2}, {f}, mask={o2} < 2 * n)")

    def source(self):
        ptrs = self.inputs + self.outputs
        scal = ["M", "N", "s", "reps"] if self.two_d else ["n", "s", "reps"]
        sig = ",".join([f"*{p['dtype']}" for p in ptrs] + [{"s": "fp32"}.get(s, "i32") for s in scal])
        params = ", ".join([p["name"] for p in ptrs] + scal)
        head = f"# tl2cu: -s '{self.name}:{sig}'\n"
        body = "\n".join(self.lines)
        return head + "".join(h + "\n\n" for h in self.helpers) + f"@triton.jit\ndef {self.name}({params}):\n{body}\n"

    def manifest(self):
        r = self.rng
        if self.two_d:
            # never 1: Triton makes an integer argument equal to 1 a constexpr, a weak literal
            m = r.choice([r.randint(2, 3 * self.bm + 2), 2 * self.bm, r.randint(2, 40)])
            n = r.choice([r.randint(2, 3 * self.bn + 2), 2 * self.bn, r.randint(2, 40)])
            sizes = {"M": m, "N": n}
            grid = [math.ceil(m / self.bm), math.ceil(n / self.bn), 1]
        else:
            n = r.choice([r.randint(2, 4 * self.b), 3 * self.b, r.randint(2, 100)])
            sizes = {"n": n}
            grid = [math.ceil(n / self.b), 1, 1]
        scalars = {"s": r.choice([-1.5, 0.0, 2.5, 1.0, r.uniform(-4, 4)]), "reps": r.choice([0, 2, 3, 5])}
        shapes = {}
        if self.two_d:
            shapes = {"full": sizes["M"] * sizes["N"], "row": sizes["N"], "col": sizes["M"],
                      "program": grid[0] * grid[1], "rows": sizes["M"] * grid[1], "cols": sizes["N"] * grid[0]}
        else:
            shapes = {"full": sizes["n"], "program": grid[0], "double": 2 * sizes["n"]}
        for p in self.inputs + self.outputs:
            p["numel"] = shapes[p["shape"]]
            if "bound" in p:  # an index input's values lie in [0, bound)
                p["bound"] = sizes[p["bound"]]
        return {"name": self.name, "two_d": self.two_d, "inputs": self.inputs, "outputs": self.outputs,
                "scalars": ["M", "N", "s", "reps"] if self.two_d else ["n", "s", "reps"],
                "sizes": sizes, "values": scalars, "grid": grid, "tags": sorted(self.tags)}


def generate_kernel(rng, name, structured=False, tuples=False, helpers=False, dots=False, outers=False,
                    stencils=False, interior=False, matmul=False, low_precision=False, real=False, zero_minmax=False,
                    products=False, states=False):
    while True:
        state = rng.getstate()
        g = KernelGen(rng, name, structured, tuples, helpers, dots, outers, stencils, interior, matmul, low_precision,
                      real, zero_minmax, products, states)
        g.near_one = []
        try:
            g.build()
        except IndexError:  # a choice from an empty pool: draw again
            rng.setstate(state)
            rng.random()
            continue
        return g.source(), g.manifest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--per-file", type=int, default=20)
    ap.add_argument("--out", required=True)
    ap.add_argument("--structured-from", type=int, default=None,
                    help="kernels from this index on also carry tuples and block pointers through loops")
    ap.add_argument("--tuples-from", type=int, default=None,
                    help="kernels from this index on also reduce and scan tuples of blocks")
    ap.add_argument("--helpers-from", type=int, default=None,
                    help="kernels from this index on also call helpers that return inside run-time ifs, "
                         "and tl.map_elementwise")
    ap.add_argument("--dots-from", type=int, default=None,
                    help="kernels from this index on also store tl.dot of square tiles (2-D kernels)")
    ap.add_argument("--outers-from", type=int, default=None,
                    help="kernels from this index on also reduce outer products of two 1-D blocks, values "
                         "no memory access lays out (1-D kernels of at most 128 elements)")
    ap.add_argument("--stencils-from", type=int, default=None,
                    help="kernels from this index on also store stencils: sums of neighbouring loads, as "
                         "tl.static_range loops or named loads")
    ap.add_argument("--interior-from", type=int, default=None,
                    help="kernels from this index on write their stencils' taps with one named mask, the "
                         "elements whose neighbours all exist")
    ap.add_argument("--matmuls-from", type=int, default=None,
                    help="kernels from this index on are matmul-shaped instead (a loop of tl.dot over BK-wide "
                         "steps into a register-held accumulator, an elementwise epilogue)")
    ap.add_argument("--low-precision-from", type=int, default=None,
                    help="matmul-shaped kernels from this index on take fp8 (e4m3, e5m2) into fp32 or fp16, or "
                         "fp16 into fp16")
    ap.add_argument("--real-from", type=int, default=None,
                    help="kernels from this index on are elementwise-shaped again (not matmuls) and also store "
                         "what real programs broke (issue 42): gathers through loaded indices, fp4-style bit "
                         "unpacking with tl.interleave, rotary embeddings' a*c - b*s pairs")
    ap.add_argument("--zero-minmax-from", type=int, default=None,
                    help="kernels from this index on also take tl.maximum/tl.minimum of an int and a literal 0, "
                         "either side (drawn apart from the main stream: earlier kernels stay as they were)")
    ap.add_argument("--states-from", type=int, default=None,
                    help="kernels from this index on are state-shaped instead: a [BM, BN] state carried through "
                         "a loop of dots, loaded along either dim, stored as it is and transposed")
    ap.add_argument("--products-from", type=int, default=None,
                    help="kernels from this index on also add a product to a named product (acc = a * b; acc += "
                         "c * d, with a second use or a twin of a * b sometimes): which one Triton fuses")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    manifest = {"seed": args.seed, "batches": {}}
    for first in range(0, args.count, args.per_file):
        batch = f"batch_{first // args.per_file:03d}"
        parts, kernels = [], []
        for i in range(first, min(first + args.per_file, args.count)):
            structured = args.structured_from is not None and i >= args.structured_from
            tuples = args.tuples_from is not None and i >= args.tuples_from
            helpers = args.helpers_from is not None and i >= args.helpers_from
            dots = args.dots_from is not None and i >= args.dots_from
            outers = args.outers_from is not None and i >= args.outers_from
            stencils = args.stencils_from is not None and i >= args.stencils_from
            interior = args.interior_from is not None and i >= args.interior_from
            matmul = args.matmuls_from is not None and i >= args.matmuls_from
            low_precision = args.low_precision_from is not None and i >= args.low_precision_from
            real = args.real_from is not None and i >= args.real_from
            matmul = matmul and not real  # (real kernels are elementwise-shaped again)
            zero_minmax = args.zero_minmax_from is not None and i >= args.zero_minmax_from
            products = args.products_from is not None and i >= args.products_from
            states = args.states_from is not None and i >= args.states_from
            src, desc = generate_kernel(rng, f"k{i}", structured, tuples, helpers, dots, outers, stencils, interior,
                                        matmul, low_precision, real, zero_minmax, products, states)
            desc["seed"] = rng.getrandbits(31)
            parts.append(src)
            kernels.append(desc)
        with open(os.path.join(args.out, batch + ".py"), "w") as f:
            f.write(f"# Generated by tests/fuzz/gen.py --seed {args.seed}: random kernels for differential fuzzing.\n")
            f.write("import triton\nimport triton.language as tl\n\n\n" + "\n\n".join(parts))
        manifest["batches"][batch] = kernels
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"{args.count} kernels in {len(manifest['batches'])} files under {args.out}")


if __name__ == "__main__":
    main()
