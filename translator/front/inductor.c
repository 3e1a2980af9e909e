// inductor.c: the kernels PyTorch Inductor (torch.compile) writes.
//
// Input: a module's AST, its decorators `@triton_heuristics.pointwise / reduction /
// persistent_reduction / template(...)`, and Inductor's wrapper modules (output_code.py)
// that carry each kernel's file in a string. Output: for each such kernel its signature
// (Func.signature, -s's form, from triton_meta), its launch grid (Func.grid, --grid's
// form, from inductor_meta's grid_type) and the configs Inductor would launch it with
// (Func.autotune_configs: tl2cu autotunes among them as Inductor does); and the
// functions of Inductor's triton_helpers module, written here in Triton (HELPERS),
// that `triton_helpers.NAME` names in a kernel.
//
// The configs follow torch/_inductor/runtime/triton_heuristics.py of torch 2.11.0, the GPU machine's
// (git 70d99e998b4955e0049d13a98d77ae1b14db1f45): pointwise(), reduction()'s _reduction_configs(), persistent_reduction()'s
// _persistent_reduction_configs(), filter_reduction_configs_for_determinism(), template(), with
// triton_config(), triton_config_reduction() and cached_autotune()'s unique_configs() and XBLOCK removal,
// for an NVIDIA GPU outside fbcode (torch.version.hip None, no XPU, CUDA available). inductor_meta entries
// that take other paths tl2cu does not follow (combo kernels, TMA block minimums, RSPLIT_SIZE,
// autotune_hints, native matmul, tiled reductions) are errors. Inductor also scales a reduction
// config's R0_BLOCK down when Triton's compile reports register spills (dynamic_scale_rblock): that
// depends on the compiled binary and is not done here. tests/inductor/configs_check.py runs those
// torch functions on Inductor's kernel files and compares.
#include "tl2cu.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------- reading the decorator's dicts

// dict[key] of a dict literal with string keys, or NULL.
static Node *dict_get(Node *dict, const char *key) {
  if (!dict || dict->kind != ND_DICT) return NULL;
  for (Node *pair = dict->args; pair; pair = pair->next)
    if (pair->a->kind == ND_STR && !strcmp(pair->a->str, key)) return pair->b;
  return NULL;
}

static bool int_literal(Node *e, int64_t *out) {
  if (e && e->kind == ND_INT) return *out = e->ival, true;
  if (e && e->kind == ND_BOOL) return *out = e->ival, true;
  if (e && e->kind == ND_UNARY && e->op == OP_NEG && e->a->kind == ND_INT) return *out = -e->a->ival, true;
  return false;
}

static int64_t meta_int(Node *dict, const char *key, int64_t missing) {
  Node *v = dict_get(dict, key);
  int64_t out;
  return int_literal(v, &out) ? out : missing;
}

// Python's truth of a literal in inductor_meta: set() and None are false.
static bool meta_true(Node *dict, const char *key) {
  Node *v = dict_get(dict, key);
  if (!v || v->kind == ND_NONE) return false;
  if (v->kind == ND_INT || v->kind == ND_BOOL) return v->ival != 0;
  if (v->kind == ND_STR) return v->str[0] != 0;
  if (v->kind == ND_CALL || v->kind == ND_LIST || v->kind == ND_DICT || v->kind == ND_TUPLE) return v->args != NULL;
  return true;
}

// ReductionHint.INNER -> "INNER"; NULL for none (False, None).
static const char *enum_member(Node *e) { return e && e->kind == ND_ATTR ? e->str : NULL; }

// ---------------------------------------------------------------- Inductor's configs

enum { MAX_DIMS = 5, MAX_CONFIGS = 16 };
static const char *const REDUCTION_PREFIX[] = {"r0_", "r1_"};

typedef struct {
  const char *prefix[MAX_DIMS];  // "x", "y", "z", "r0_", "r1_" in the decorator's order
  int64_t numel[MAX_DIMS];
  int n;
  Loc loc;  // the decorator's
} SizeHints;

typedef struct {
  const char *name[MAX_DIMS];  // "XBLOCK", "R0_BLOCK"
  int64_t value[MAX_DIMS];
  int n;
  int num_warps, num_stages;
} Cfg;

typedef struct {
  Cfg items[MAX_CONFIGS];
  int n;
} Cfgs;

static int64_t hint(const SizeHints *sh, const char *prefix) {
  for (int i = 0; i < sh->n; i++)
    if (!strcmp(sh->prefix[i], prefix)) return sh->numel[i];
  return 0;
}

static bool has_hint(const SizeHints *sh, const char *prefix) {
  for (int i = 0; i < sh->n; i++)
    if (!strcmp(sh->prefix[i], prefix)) return true;
  return false;
}

static int64_t all_hints_product(const SizeHints *sh) {
  int64_t p = 1;
  for (int i = 0; i < sh->n; i++) p *= sh->numel[i];
  return p;
}

static int64_t reduction_numel(const SizeHints *sh) {
  int64_t p = 1;
  for (int i = 0; i < sh->n; i++) p *= sh->prefix[i][0] == 'r' ? sh->numel[i] : 1;
  return p;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

// runtime_utils.next_power_of_2 (0 and below give 1)
static int64_t next_power_of_2(int64_t n) {
  int64_t p = 1;
  while (p < n) p *= 2;
  return p;
}


// hints.TRITON_MAX_BLOCK (NVIDIA)
static int64_t max_block(const char *prefix) {
  return !strcmp(prefix, "x") ? 4096 : !strcmp(prefix, "r0_") ? 4096 * 16 : !strcmp(prefix, "r1_") ? 2048 * 16 : 1024;
}

// _num_warps: a power of two clamped to [min, max] (max halved for register-heavy kernels)
static int num_warps_in(int64_t num_warps, int max_warps, int min_warps, bool register_intensive) {
  if (register_intensive) max_warps /= 2;
  return (int)next_power_of_2(min64(max64(num_warps, min_warps), max_warps));
}

// _check_max_grid_x (NVIDIA): XBLOCK doubled while the grid's blocks would pass 2^31 - 1
static int64_t fit_grid_x(const SizeHints *sh, int64_t x) {
  int64_t xnumel = hint(sh, "x"), blocks = (xnumel + x - 1) / x;
  while (blocks > 2147483647 && x < xnumel && x < max_block("x")) x *= 2, blocks /= 2;
  if (blocks > 2147483647) diag_fatal(sh->loc, "Inductor's config exceeds the grid's 2^31 - 1 blocks");
  return x;
}

// check_max_block(): Inductor asserts that no block passes hints.TRITON_MAX_BLOCK ("XBLOCK" -> "x")
static void cfg_set(const SizeHints *sh, Cfg *c, const char *name, int64_t value) {
  char prefix[8] = {0};
  for (int i = 0; name[i] && strcmp(name + i, "BLOCK") && i < 7; i++) prefix[i] = (char)tolower((unsigned char)name[i]);
  if (value > max_block(prefix))
    diag_fatal(sh->loc, "Inductor's heuristics make %s=%lld, past its maximum %lld (Inductor would fail too)", name,
               (long long)value, (long long)max_block(prefix));
  c->name[c->n] = name;
  c->value[c->n++] = value;
}

// triton_config(size_hints, x, y, z, num_elements_per_warp, min_elem_per_thread); 0 is None
static Cfg pointwise_config(const SizeHints *sh, int64_t x, int64_t y, int64_t z, int64_t per_warp, int64_t min_elem) {
  static const int64_t max_grid[3] = {2147483647, 65535, 65535};
  int64_t *dims[3] = {&x, &y, &z};
  const char *prefix[3] = {"x", "y", "z"};
  int64_t target = x * (y ? y : 1) * (z ? z : 1);
  if (all_hints_product(sh) < target) target /= 8;
  for (int d = 0; d < 3; d++)
    if (*dims[d]) *dims[d] = min64(*dims[d], hint(sh, prefix[d]));
  for (int d = 0; d < 3; d++) {
    int64_t numel = hint(sh, prefix[d]);
    while (*dims[d] && *dims[d] < min64(numel, max_block(prefix[d])) &&
           (*dims[d] * max_grid[d] < numel || x * (y ? y : 1) * (z ? z : 1) < target))
      *dims[d] *= 2;
  }
  int64_t block = x * (y ? y : 1) * (z ? z : 1);
  int num_warps = num_warps_in(block / per_warp, 8, 1, false);
  if (block >= 128 && num_warps < 4) num_warps = 4;  // (Inductor: some ptx bugs want 4 warps)
  int64_t wanted = max64(block, min_elem * 32 * num_warps);
  x *= (wanted + block - 1) / block;
  x = min64(fit_grid_x(sh, x), hint(sh, "x"));
  Cfg c = {.num_warps = num_warps, .num_stages = 1};
  cfg_set(sh, &c, "XBLOCK", x);
  if (y) cfg_set(sh, &c, "YBLOCK", y);
  if (z) cfg_set(sh, &c, "ZBLOCK", z);
  return c;
}

static int64_t cfg_product(const int64_t *v, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; i++) p *= v[i];
  return p;
}

// triton_config_reduction()'s optional arguments; num_warps 0 is None
typedef struct {
  int num_warps, min_warps;  // min_warps: _num_warps' floor (2 unless given)
  bool register_intensive;
  bool inner;  // reduction_hint is INNER: warps from r, the contiguous reduction, alone
} RedOpts;

// triton_config_reduction(size_hints, x, r, ...)
static Cfg reduction_config(const SizeHints *sh, int64_t x, int64_t r, RedOpts o) {
  int nr = 0;
  int64_t rn[2] = {1, 1};  // _get_nd_reduction_numels: r spread over r1_, then r0_
  while (nr < 2 && has_hint(sh, REDUCTION_PREFIX[nr])) nr++;
  int64_t remaining = min64(r, reduction_numel(sh));
  for (int i = nr - 1; i >= 0; i--) {
    rn[i] = min64(min64(hint(sh, REDUCTION_PREFIX[i]), max_block(REDUCTION_PREFIX[i])), remaining);
    if (rn[i] <= 0 || remaining % rn[i]) break;
    remaining /= rn[i];
  }
  if (remaining != 1)  // (Inductor asserts that the blocks hold all of r)
    diag_fatal(sh->loc, "Inductor's heuristics cannot split a reduction block of %lld over these size_hints "
                        "(Inductor would fail too)", (long long)min64(r, reduction_numel(sh)));
  x = min64(x, hint(sh, "x"));
  int64_t target = x * cfg_product(rn, nr);
  if (all_hints_product(sh) < target) target /= 8;
  while (x < hint(sh, "x") && x * cfg_product(rn, nr) < target) x *= 2;
  for (int i = 0; i < nr; i++)
    while (rn[i] < hint(sh, REDUCTION_PREFIX[i]) && x * cfg_product(rn, nr) < target) rn[i] *= 2;
  int64_t warps = o.num_warps ? o.num_warps : o.inner ? r / 128 : x * cfg_product(rn, nr) / 128;
  int num_warps = num_warps_in(warps, r <= 8192 ? 16 : 32, o.min_warps ? o.min_warps : 2, o.register_intensive);
  x = fit_grid_x(sh, x);
  for (int i = 0; i < nr; i++)
    while (x * cfg_product(rn, nr) > target && rn[i] != 1) rn[i] /= 2;
  Cfg c = {.num_warps = num_warps, .num_stages = 1};
  cfg_set(sh, &c, "XBLOCK", x);
  for (int i = 0; i < nr; i++) cfg_set(sh, &c, i ? "R1_BLOCK" : "R0_BLOCK", rn[i]);
  return c;
}

static void add_cfg(Cfgs *out, Cfg c) {
  if (out->n < MAX_CONFIGS) out->items[out->n++] = c;
}

typedef struct {
  Func *f;
  Node *decorator;
  SizeHints sh;
  Node *triton_meta, *inductor_meta;
  const char *reduction_hint;  // "INNER", "OUTER", "OUTER_TINY", "DEFAULT" or NULL
} Decor;

// inductor_meta.get(key, True)
static bool meta_true_or_missing(Node *dict, const char *key) {
  return !dict_get(dict, key) || meta_true(dict, key);
}

static bool max_autotune(Decor *d) {
  return meta_true(d->inductor_meta, "max_autotune") || meta_true(d->inductor_meta, "max_autotune_pointwise");
}

// inductor_meta entries that change the configs in ways tl2cu does not follow: an error names them
static void refuse_meta(Decor *d, const char *key, const char *what) {
  Node *v = dict_get(d->inductor_meta, key);
  if (v && meta_true(d->inductor_meta, key))
    diag_fatal(v->loc, "Inductor's inductor_meta['%s'] (%s) is not supported by tl2cu", key, what);
}

static void refuse_unfollowed_meta(Decor *d) {
  refuse_meta(d, "combo_grid_meta", "combo kernels");
  refuse_meta(d, "tma_min_block_sizes", "TMA block minimums");
  refuse_meta(d, "RSPLIT_SIZE", "mix-order reductions");
  refuse_meta(d, "autotune_hints", "extra configs to tune");
  Node *matmul = dict_get(d->triton_meta, "native_matmul");
  if (matmul && meta_true(d->triton_meta, "native_matmul"))
    diag_fatal(matmul->loc, "Inductor's native matmul kernels are not supported by tl2cu");
}

static void pointwise_configs(Decor *d, Cfgs *out) {
  SizeHints *sh = &d->sh;
  Node *tile = call_kwarg(d->decorator, "tile_hint");
  int64_t min_elem = 0;
  int_literal(call_kwarg(d->decorator, "min_elem_per_thread"), &min_elem);
  int64_t bs = max64(256, min64(all_hints_product(sh) / 128, 1024));
  bool tuning_off = !meta_true_or_missing(d->inductor_meta, "autotune_pointwise");
  bool square = enum_member(tile) && !strcmp(enum_member(tile), "SQUARE");
  if (sh->n == 1 && tuning_off && !max_autotune(d)) add_cfg(out, pointwise_config(sh, bs, 0, 0, 256, min_elem));
  else if (sh->n == 1) {
    add_cfg(out, pointwise_config(sh, bs, 0, 0, 256, min_elem));
    add_cfg(out, pointwise_config(sh, bs / 2, 0, 0, 64, min_elem));
  } else if (sh->n == 2 && (tuning_off || square) && !max_autotune(d)) {
    add_cfg(out, pointwise_config(sh, 32, 32, 0, 256, min_elem));
  } else if (sh->n == 2) {
    static const int64_t xy[6][2] = {{32, 32}, {64, 64}, {256, 16}, {16, 256}, {-1, 1}, {1, -1}};  // -1: bs
    for (int i = 0; i < 6; i++)
      add_cfg(out, pointwise_config(sh, xy[i][0] < 0 ? bs : xy[i][0], xy[i][1] < 0 ? bs : xy[i][1], 0, 256, min_elem));
  } else if (sh->n == 3 && !meta_true(d->inductor_meta, "max_autotune_pointwise")) {  // (max_autotune alone: one)
    add_cfg(out, pointwise_config(sh, 16, 16, 16, 256, min_elem));
  } else if (sh->n == 3) {
    static const int64_t xyz[7][3] = {{16, 16, 16}, {64, 8, 8}, {8, 64, 8}, {8, 8, 64},
                                      {-1, 1, 1},   {1, -1, 1}, {1, 1, -1}};
    for (int i = 0; i < 7; i++)
      add_cfg(out, pointwise_config(sh, xyz[i][0] < 0 ? bs : xyz[i][0], xyz[i][1] < 0 ? bs : xyz[i][1],
                                    xyz[i][2] < 0 ? bs : xyz[i][2], 256, min_elem));
  }
}

static _Noreturn void refuse_tiled_reduction(Decor *d) {
  diag_fatal(d->decorator->loc, "Inductor's tiled reductions (size_hints with 'y') are not supported by tl2cu");
}

static bool hint_is(Decor *d, const char *name) { return d->reduction_hint && !strcmp(d->reduction_hint, name); }

static int64_t cfg_value(const Cfg *c, const char *name, int64_t missing) {
  for (int i = 0; i < c->n; i++)
    if (!strcmp(c->name[i], name)) return c->value[i];
  return missing;
}

static bool same_cfg(const Cfg *a, const Cfg *b);

static void unique_cfgs(Cfgs *c) {
  int n = 0;
  for (int i = 0; i < c->n; i++) {
    bool seen = false;
    for (int j = 0; j < n && !seen; j++) seen = same_cfg(&c->items[i], &c->items[j]);
    if (!seen) c->items[n++] = c->items[i];
  }
  c->n = n;
}

typedef int64_t (*CfgKey)(const Cfg *);
static int64_t key_r0_block(const Cfg *c) { return cfg_value(c, "R0_BLOCK", -1); }
static int64_t key_num_warps(const Cfg *c) { return c->num_warps; }
static int64_t key_xblock(const Cfg *c) { return cfg_value(c, "XBLOCK", -1); }

// _pick_second_largest(): a stable sort by key, then only those of the second largest key (where keys differ)
static void keep_second_largest(Cfgs *c, CfgKey key) {
  for (int i = 1; i < c->n; i++)
    for (int j = i; j > 0 && key(&c->items[j - 1]) > key(&c->items[j]); j--) {
      Cfg t = c->items[j];
      c->items[j] = c->items[j - 1], c->items[j - 1] = t;
    }
  int64_t largest = key(&c->items[c->n - 1]);
  if (key(&c->items[0]) == largest) return;
  int second = c->n - 1;
  while (key(&c->items[second]) == largest) second--;
  int n = 0;
  for (int i = 0; i < c->n; i++)
    if (key(&c->items[i]) == key(&c->items[second])) c->items[n++] = c->items[i];
  c->n = n;
}

// filter_reduction_configs_for_determinism(): in deterministic mode one config, picked without timing
static void filter_for_determinism(Decor *d, Cfgs *c) {
  unique_cfgs(c);
  Node *m = d->inductor_meta;
  bool on = meta_true(m, "deterministic") || meta_true(m, "force_filter_reduction_configs") ||
            meta_true(m, "are_deterministic_algorithms_enabled");
  if (!on || c->n <= 1) return;
  Cfgs kept = {0};
  for (int i = 0; i < c->n; i++)  // an R0_BLOCK of 4 or less is likely slow
    if (key_r0_block(&c->items[i]) < 0 || key_r0_block(&c->items[i]) > 4) add_cfg(&kept, c->items[i]);
  if (kept.n) *c = kept;
  kept.n = 0;
  for (int i = 0; i < c->n; i++)  // XBLOCK 1 without a load or store contiguous in r is likely slow
    if (key_xblock(&c->items[i]) != 1 || meta_true_or_missing(m, "has_loadstore_with_contiguous_rdim"))
      add_cfg(&kept, c->items[i]);
  if (kept.n) *c = kept;
  CfgKey keys[3] = {key_r0_block, key_num_warps, key_xblock};
  for (int k = 0; k < 3 && c->n > 1; k++) keep_second_largest(c, keys[k]);
  c->n = 1;
}

// _reduction_configs()'s outer_config_opt() (NVIDIA)
static Cfg outer_reduction_config(Decor *d, int64_t rnumel, int num_dynamic, RedOpts o) {
  int64_t x = hint(&d->sh, "x"), x_block = 64, r_block, load_factor = meta_int(d->inductor_meta, "num_load", 0);
  if (x <= 1024) {
    x_block = max64(min64(x / 128, 8), 2);
    r_block = min64(rnumel, 64);
  } else if (x / 4096 <= 8) {
    x_block = 16;
    r_block = 512 / x_block;
  } else if (num_dynamic > 1) {
    r_block = max64(min64(rnumel / 64, 64), 8);
  } else if (num_dynamic == 1) {
    r_block = load_factor >= 3 ? 1 : min64(next_power_of_2(max64(rnumel, 128) / 128), 8);
  } else {
    x_block = max64(min64(256, next_power_of_2(x / 4096)), x_block);
    if (load_factor < 4 || rnumel <= 128) r_block = 512 / x_block;
    else {  // heavy iterations: a longer R0_BLOCK, fewer of them
      r_block = rnumel >= 2048 ? 64 : 32;
      x_block = min64(x_block, 32);
      o.num_warps = 4;
    }
  }
  return reduction_config(&d->sh, x_block, r_block, o);
}

static int dynamic_sizes(Decor *d) {  // signature entries named ks*: sizes Inductor left symbolic
  int n = 0;
  Node *sig = dict_get(d->triton_meta, "signature");
  for (Node *pair = sig ? sig->args : NULL; pair; pair = pair->next)
    n += pair->a->kind == ND_STR && strstr(pair->a->str, "ks") != NULL;
  return n;
}

// _reduction_configs() (its make_config passes reduction_hint to every config)
static void reduction_configs(Decor *d, Cfgs *out) {
  SizeHints *sh = &d->sh;
  if (has_hint(sh, "y")) refuse_tiled_reduction(d);
  int64_t rnumel = reduction_numel(sh), max_r0 = 2048;
  int64_t loads_and_red = meta_int(d->inductor_meta, "num_load", 0) + meta_int(d->inductor_meta, "num_reduction", 0);
  RedOpts plain = {.inner = hint_is(d, "INNER")}, heavy = plain;
  if (hint(sh, "x") >= 1024 && loads_and_red >= 10) max_r0 = 1024, heavy.register_intensive = true;
  Cfg contiguous = reduction_config(sh, rnumel <= 2048 ? 2 : 1, min64(rnumel, max_r0), heavy);
  Cfg tiny = reduction_config(sh, rnumel <= 256 ? 2 * (256 / rnumel) : 1, min64(rnumel, max_r0), heavy);
  Cfg outer = outer_reduction_config(d, rnumel, dynamic_sizes(d), heavy);
  if (meta_true(d->inductor_meta, "add_persistent_rblock") && loads_and_red <= 8)
    add_cfg(out, reduction_config(sh, max64(4096 / rnumel, 1), min64(rnumel, 32768), heavy));
  if (!max_autotune(d) && hint_is(d, "INNER")) return add_cfg(out, contiguous);
  if (!max_autotune(d) && hint_is(d, "OUTER")) return add_cfg(out, outer);
  if (!max_autotune(d) && hint_is(d, "OUTER_TINY")) return add_cfg(out, tiny);
  add_cfg(out, contiguous);
  add_cfg(out, outer);
  add_cfg(out, tiny);
  add_cfg(out, reduction_config(sh, 64, 64, plain));
  add_cfg(out, reduction_config(sh, 8, 512, plain));
  RedOpts eight_warps = plain;
  eight_warps.num_warps = 8;
  add_cfg(out, reduction_config(sh, 64, 4, eight_warps));
}

// reduction(): _reduction_configs(), then the filter for determinism
static void reduction_kernel_configs(Decor *d, Cfgs *out) {
  reduction_configs(d, out);
  filter_for_determinism(d, out);
}

// _persistent_reduction_configs() (CUDA)
static void persistent_configs(Decor *d, Cfgs *out) {
  SizeHints *sh = &d->sh;
  if (has_hint(sh, "y")) refuse_tiled_reduction(d);
  int64_t xnumel = hint(sh, "x"), rnumel = reduction_numel(sh);
  RedOpts heavy = {.register_intensive = true, .inner = hint_is(d, "INNER")};
  static const int64_t xblocks[] = {1, 8, 32, 128};
  Cfgs all = {0};
  for (int i = 0; i < 4; i++)
    if (xblocks[i] == 1 || (rnumel * xblocks[i] <= 4096 && xblocks[i] <= xnumel))
      add_cfg(&all, reduction_config(sh, xblocks[i], rnumel, heavy));
  if (max_autotune(d)) {  // (no filtering while tuning)
  } else if (hint_is(d, "INNER") && rnumel >= 256 && (rnumel > 1024 || xnumel / 8 < 128)) {
    all.n = 1;
  } else if (hint_is(d, "INNER") && rnumel >= 256) {  // one warp: no shared memory for the reduction
    RedOpts one_warp = heavy;
    one_warp.num_warps = one_warp.min_warps = 1;
    all.items[0] = reduction_config(sh, min64(1024 / rnumel, 8), rnumel, one_warp);
    all.n = 1;
  } else if (hint_is(d, "OUTER")) {
    all.items[0] = all.items[all.n - 1];
    all.n = 1;
  } else if (hint_is(d, "OUTER_TINY")) {
    all.items[0] = reduction_config(sh, rnumel <= 256 ? 2 * (256 / rnumel) : 1, rnumel, (RedOpts){0});
    all.n = 1;
  }
  for (int i = 0; i < all.n; i++) {  // a persistent reduction takes no Rn_BLOCK
    Cfg c = all.items[i], kept = {.num_warps = c.num_warps, .num_stages = c.num_stages};
    for (int j = 0; j < c.n; j++)
      if (c.name[j][0] != 'R') cfg_set(sh, &kept, c.name[j], c.value[j]);
    add_cfg(out, kept);
  }
  filter_for_determinism(d, out);
}

static bool same_cfg(const Cfg *a, const Cfg *b) {
  if (a->n != b->n || a->num_warps != b->num_warps || a->num_stages != b->num_stages) return false;
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->name[i], b->name[i]) || a->value[i] != b->value[i]) return false;
  return true;
}

static bool has_param(Func *f, const char *name) {
  for (Node *p = f->def->a; p; p = p->next)
    if (!strcmp(p->str, name)) return true;
  return false;
}

// cached_autotune(): duplicates go, and XBLOCK where the kernel has no such parameter
static Obj *configs_obj(Func *f, Cfgs *in) {
  Obj *list = obj_new(OBJ_TUPLE);
  for (int i = 0; i < in->n; i++) {
    bool seen = false;
    for (int j = 0; j < i && !seen; j++) seen = same_cfg(&in->items[i], &in->items[j]);
    if (seen) continue;
    Obj *kw = obj_new(OBJ_DICT), *cfg = obj_new(OBJ_CONFIG);
    for (int j = 0; j < in->items[i].n; j++) {
      if (!strcmp(in->items[i].name[j], "XBLOCK") && !has_param(f, "XBLOCK")) continue;
      vec_push(&kw->items, obj_str(in->items[i].name[j]));
      vec_push(&kw->items, obj_int(in->items[i].value[j]));
    }
    vec_push(&cfg->items, kw);
    cfg->ival = in->items[i].num_warps;
    vec_push(&cfg->items, obj_int(in->items[i].num_stages));
    vec_push(&list->items, cfg);
  }
  return list;
}

// ---------------------------------------------------------------- signature and grid

// A constants entry as a signature literal ("1", "True", "None"), or NULL.
static const char *constant_text(Node *v) {
  int64_t i;
  if (v && v->kind == ND_BOOL) return v->ival ? "True" : "False";
  if (int_literal(v, &i)) return xprintf("%lld", (long long)i);
  if (v && v->kind == ND_NONE) return "None";
  if (v && v->kind == ND_FLOAT) return xprintf("%.17g", v->fval);
  return NULL;
}

// triton_meta['configs'][0]: {(index,): [['tt.divisibility', 16]], ...} -> whether index is listed
static bool divisible_by_16(Decor *d, int index) {
  Node *configs = dict_get(d->triton_meta, "configs");
  if (!configs || configs->kind != ND_LIST || !configs->args) return false;
  if (configs->args->next || configs->args->kind != ND_DICT)
    diag_fatal(configs->loc, "triton_meta['configs'] of more than one dict is not supported by tl2cu");
  for (Node *pair = configs->args->args; pair; pair = pair->next) {
    Node *key = pair->a;
    if (key->kind != ND_TUPLE || !key->args || key->args->next || key->args->kind != ND_INT || pair->b->kind != ND_LIST)
      diag_fatal(pair->loc,
                 "unsupported triton_meta['configs'] entry: tl2cu reads {(index,): [['tt.divisibility', 16]]}");
    for (Node *attr = pair->b->args; attr; attr = attr->next) {
      Node *name = attr->kind == ND_LIST ? attr->args : NULL, *value = name ? name->next : NULL;
      if (!name || name->kind != ND_STR || strcmp(name->str, "tt.divisibility") || !value || value->kind != ND_INT ||
          value->ival != 16)
        diag_fatal(attr->loc, "unsupported triton_meta['configs'] attribute: tl2cu reads ['tt.divisibility', 16]");
      if (key->args->ival == index) return true;
    }
  }
  return false;
}

// -s's form from triton_meta's signature and constants: "*fp32:16, i32:16, 1" (a constexpr
// without a value, the config's XBLOCK, ends it).
static const char *signature_text(Decor *d) {
  Node *sig = dict_get(d->triton_meta, "signature"), *constants = dict_get(d->triton_meta, "constants");
  if (!sig || sig->kind != ND_DICT) diag_fatal(d->decorator->loc, "Inductor's triton_meta has no signature dict");
  Str s = {0};
  str_add(&s, "");
  int index = 0;
  const char *open = NULL;  // a constexpr with no value: no entry may follow
  for (Node *p = d->f->def->a; p; p = p->next, index++) {
    Node *entry = dict_get(sig, p->str);
    if (!entry || entry->kind != ND_STR)
      diag_fatal(p->loc, "parameter '%s' has no entry in the decorator's triton_meta['signature']", p->str);
    const char *text = strcmp(entry->str, "constexpr") ? entry->str : constant_text(dict_get(constants, p->str));
    if (!text) {
      open = p->str;
      continue;
    }
    if (open)
      diag_fatal(p->loc, "parameter '%s' follows constexpr '%s', which triton_meta gives no value: "
                         "not supported by tl2cu", p->str, open);
    bool hinted = strcmp(entry->str, "constexpr") && divisible_by_16(d, index);
    str_addf(&s, "%s%s%s", index ? ", " : "", text, hinted ? ":16" : "");
  }
  return s.buf;
}

// GridExpr.from_meta(): Grid1D, Grid2D, Grid3D as --grid text (a block of 1, or none, is the numel)
static const char *grid_text(Decor *d) {
  Node *type = dict_get(d->inductor_meta, "grid_type");
  const char *t = type && type->kind == ND_STR ? type->str : "";
  int dims = !strcmp(t, "Grid1D") ? 1 : !strcmp(t, "Grid2D") ? 2 : !strcmp(t, "Grid3D") ? 3 : 0;
  if (!dims) return NULL;  // (main.c asks for --grid)
  Str s = {0};
  str_add(&s, "");
  for (int i = 0; i < dims; i++) {
    const char *block = xprintf("%cBLOCK", "XYZ"[i]);
    str_addf(&s, i ? ", " : "");
    if (has_param(d->f, block)) str_addf(&s, "cdiv(%cnumel, %s)", "xyz"[i], block);
    else str_addf(&s, "%cnumel", "xyz"[i]);
  }
  return s.buf;
}

// ---------------------------------------------------------------- the decorator

static void read_size_hints(Decor *d) {
  Node *sh = call_kwarg(d->decorator, "size_hints");
  if (!sh || sh->kind != ND_DICT) diag_fatal(d->decorator->loc, "Inductor's decorator needs size_hints={...}");
  for (Node *pair = sh->args; pair; pair = pair->next) {
    int64_t v;
    if (pair->a->kind != ND_STR || !int_literal(pair->b, &v) || d->sh.n == MAX_DIMS)
      diag_fatal(pair->loc, "unsupported size_hints entry: tl2cu reads {'x': 1024, 'r0_': 64}");
    d->sh.prefix[d->sh.n] = pair->a->str;
    d->sh.numel[d->sh.n++] = v;
  }
  d->sh.loc = d->decorator->loc;
}

// template(num_stages, num_warps, ...): one config with no meta-parameters
static void template_configs(Decor *d, Cfgs *out) {
  int64_t stages, warps;
  if (!int_literal(call_kwarg(d->decorator, "num_stages"), &stages) ||
      !int_literal(call_kwarg(d->decorator, "num_warps"), &warps))
    diag_fatal(d->decorator->loc, "@triton_heuristics.template needs num_stages= and num_warps= numbers");
  add_cfg(out, (Cfg){.num_warps = (int)warps, .num_stages = (int)stages});
}

bool inductor_decorator(Func *f, Node *dec) {
  Node *fn = dec->kind == ND_CALL ? dec->a : NULL;
  if (!fn || fn->kind != ND_ATTR || fn->a->kind != ND_NAME || strcmp(fn->a->str, "triton_heuristics")) return false;
  const char *kind = fn->str;
  bool known = !strcmp(kind, "pointwise") || !strcmp(kind, "reduction") || !strcmp(kind, "persistent_reduction");
  if (!known && strcmp(kind, "template"))
    diag_fatal(dec->loc, "Inductor's @triton_heuristics.%s is not supported by tl2cu (pointwise, reduction, "
                         "persistent_reduction and template are)", kind);
  Decor d = {.f = f, .decorator = dec};
  d.triton_meta = call_kwarg(dec, "triton_meta");
  d.inductor_meta = call_kwarg(dec, "inductor_meta");
  d.reduction_hint = enum_member(call_kwarg(dec, "reduction_hint"));
  if (!d.triton_meta || d.triton_meta->kind != ND_DICT)
    diag_fatal(dec->loc, "@triton_heuristics.%s needs triton_meta={...} as a dict literal", kind);
  Cfgs cfgs = {0};
  if (!strcmp(kind, "template")) template_configs(&d, &cfgs);
  else {
    read_size_hints(&d);
    refuse_unfollowed_meta(&d);
    for (int i = 0; i < d.sh.n && strcmp(kind, "pointwise"); i++)  // no_x_dim: size_hints["x"] = 1
      if (!strcmp(d.sh.prefix[i], "x") && meta_true(d.inductor_meta, "no_x_dim")) d.sh.numel[i] = 1;
    if (!strcmp(kind, "pointwise")) pointwise_configs(&d, &cfgs);
    else if (!strcmp(kind, "reduction")) reduction_kernel_configs(&d, &cfgs);
    else persistent_configs(&d, &cfgs);
  }
  if (!cfgs.n) diag_fatal(dec->loc, "no Inductor config for these size_hints");
  f->autotune_configs = configs_obj(f, &cfgs);
  f->autotune_loc = dec;
  f->autotune_keys = obj_new(OBJ_TUPLE);
  f->signature = signature_text(&d);
  f->grid = grid_text(&d);
  return true;
}

// ---------------------------------------------------------------- triton_helpers
// Inductor's torch/_inductor/runtime/triton_helpers.py, its @triton.jit functions written
// again in Triton with the same results. Inductor's maximum and minimum add `a != a` (NaN
// wins) for floats only, under `if is_floating(a)`; here it is added always, as for an
// integer it is false. Helpers call each other as triton_helpers.NAME. Left out (an error
// names them): is_floating (dtype.is_floating()), the bucketize, scan, sort and frexp helpers.
static const char HELPERS[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "def promote_to_tensor(x):\n"
    "    return x + tl.zeros((1,), tl.int1)\n"
    "\n"
    "def div_floor_integer(a, b):\n"  // a // b truncates (C division); this floors
    "    quot = a // b\n"
    "    remainder = a % b\n"
    "    fixed = tl.where(remainder != 0, quot - 1, quot)\n"
    "    return tl.where((a < 0) != (b < 0), fixed, quot)\n"
    "\n"
    "def remainder_integer(a, b):\n"  // a % b has a's sign (C); this has b's
    "    remainder = a % b\n"
    "    return tl.where((remainder != 0) & ((a < 0) != (b < 0)), remainder + b, remainder)\n"
    "\n"
    "def _prod_accumulate(a, b):\n"
    "    return a * b\n"
    "\n"
    "def prod(input, axis):\n"
    "    return tl.reduce(input, axis, triton_helpers._prod_accumulate)\n"
    "\n"
    "def minimum(a, b):\n"
    "    mask = (a < b) | (a != a)\n"
    "    return tl.where(mask, a, b)\n"
    "\n"
    "def maximum(a, b):\n"
    "    mask = (a > b) | (a != a)\n"
    "    return tl.where(mask, a, b)\n"
    "\n"
    "def min2(a, dim):\n"
    "    return tl.reduce(a, dim, triton_helpers.minimum)\n"
    "\n"
    "def max2(a, dim):\n"
    "    return tl.reduce(a, dim, triton_helpers.maximum)\n"
    "\n"
    "def minimum_with_index(a_value, a_index, b_value, b_index):\n"  // NaN first, NaNs equal, then the lower index
    "    a_isnan = a_value != a_value\n"
    "    b_isnan = b_value != b_value\n"
    "    mask = (a_value < b_value) | (a_isnan & (b_value == b_value))\n"
    "    equal = (a_value == b_value) | (a_isnan & b_isnan)\n"
    "    mask = mask | (equal & (a_index < b_index))\n"
    "    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)\n"
    "\n"
    "def maximum_with_index(a_value, a_index, b_value, b_index):\n"
    "    a_isnan = a_value != a_value\n"
    "    b_isnan = b_value != b_value\n"
    "    mask = (a_value > b_value) | (a_isnan & (b_value == b_value))\n"
    "    equal = (a_value == b_value) | (a_isnan & b_isnan)\n"
    "    mask = mask | (equal & (a_index < b_index))\n"
    "    return tl.where(mask, a_value, b_value), tl.where(mask, a_index, b_index)\n"
    "\n"
    "def min_with_index(value, index, dim):\n"
    "    return tl.reduce((value, index), dim, triton_helpers.minimum_with_index)\n"
    "\n"
    "def max_with_index(value, index, dim):\n"
    "    return tl.reduce((value, index), dim, triton_helpers.maximum_with_index)\n"
    "\n"
    "def welford_reduce(value, mean, m2, weight, first_iteration):\n"  // one more value into running sums
    "    if first_iteration:\n"
    "        new_weight = tl.full(weight.shape, 1, weight.dtype)\n"
    "        new_mean = value\n"
    "        new_m2 = tl.zeros_like(m2)\n"
    "    else:\n"
    "        delta = value - mean\n"
    "        new_weight = weight + 1\n"
    "        new_mean = mean + delta / new_weight\n"
    "        new_m2 = m2 + delta * (value - new_mean)\n"
    "    return new_mean, new_m2, new_weight\n"
    "\n"
    "def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):\n"  // Chan et al.'s pairwise update
    "    delta = mean_2 - mean_1\n"
    "    new_weight = weight_1 + weight_2\n"
    "    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)\n"
    "    return (mean_1 + delta * w2_over_w, m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w, new_weight)\n"
    "\n"
    "def welford(mean, m2, weight, dim):\n"
    "    return tl.reduce((mean, m2, weight), dim, triton_helpers.welford_combine)\n"
    "\n"
    "def device_assert_then(cond, msg, r):\n"
    "    tl.device_assert(cond, msg)\n"
    "    return r\n"
    "\n"
    "def randint64(seed, offset, low, high):\n"
    "    r0, r1, r2, r3 = tl.randint4x(seed, offset)\n"
    "    result = r0.to(tl.uint64) | (r1.to(tl.uint64) << 32)\n"
    "    size = high - low\n"
    "    result = result % size.to(tl.uint64)\n"
    "    return result.to(tl.int64) + low\n"
    "\n"
    "def _any_combine(a, b):\n"
    "    return a | b\n"
    "\n"
    "def any(a, dim):\n"
    "    return tl.reduce(a, dim, triton_helpers._any_combine)\n";

static Vec helpers;  // Func*: HELPERS' functions, parsed once a module imports triton_helpers

// A copy of a helper's AST placed at `loc`, its call in the kernel: an error inside the
// helper points there (HELPERS' own lines are no lines of the kernel's file).
static Node *copy_at(Node *n, Loc loc) {
  if (!n) return NULL;
  Node *c = xmalloc(sizeof(Node));
  *c = *n;
  c->loc = loc;
  c->a = copy_at(n->a, loc), c->b = copy_at(n->b, loc), c->c = copy_at(n->c, loc);
  c->body = copy_at(n->body, loc), c->orelse = copy_at(n->orelse, loc), c->args = copy_at(n->args, loc);
  c->next = copy_at(n->next, loc);
  return c;
}

// Called once the module's imports are collected: parses HELPERS where the file imports
// Inductor's triton_helpers (bound as the module "triton_helpers", collect.c).
void inductor_collect(Module *m) {
  bool imported = false;
  for (Binding *b = m->globals; b && !imported; b = b->next)
    imported = b->obj->kind == OBJ_MODULE && !strcmp(b->obj->str, "triton_helpers");
  if (!imported || helpers.len) return;
  if (!lookup(m->globals, "triton_helpers"))  // (HELPERS call each other by this name)
    m->globals = bind(m->globals, "triton_helpers", obj_module("triton_helpers"));
  Node *root = ast_parse(HELPERS, sizeof HELPERS - 1);
  for (Node *s = root; s; s = s->next) {
    if (s->kind != ND_FUNCDEF) continue;
    Func *f = xmalloc(sizeof(Func));
    f->name = s->str;
    f->def = s;
    f->is_jit = true;
    f->called_by_jit = true;
    vec_push(&helpers, f);
  }
}

// triton_helpers.NAME in a kernel: the helper, as a jit function of the file placed at loc.
Obj *inductor_helper(const char *name, Loc loc) {
  for (int i = 0; i < helpers.len; i++) {
    Func *f = helpers.items[i];
    if (!strcmp(f->name, name)) {
      Func *placed = xmalloc(sizeof(Func));
      *placed = *f;
      Node *next = f->def->next;  // (the definition alone)
      f->def->next = NULL;
      placed->def = copy_at(f->def, loc);
      f->def->next = next;
      Obj *o = obj_new(OBJ_FUNC);
      o->fn = placed;
      return o;
    }
  }
  diag_fatal(loc, "Inductor's triton_helpers.%s is not supported by tl2cu", name);
}

// ---------------------------------------------------------------- wrapper modules
// Inductor's output_code.py carries each kernel's file in a module-level string,
//   name = async_compile.triton('name', '''<kernel file>''', device_str='cuda')
// Those strings' lines are kept where they are and every other line is blanked, so the
// kernels translate as if each string were its own file while diagnostics keep the outer
// file's line numbers. Returns NULL for a file without such strings.

static const char *find_kernel_string(const char *p, const char *end, const char **body) {
  static const char marker[] = "async_compile.triton(";
  // (each occurrence of the marker once: a search per line would scan the rest of the file
  // for every line of a file without one, quadratic in its length)
  for (const char *call; p < end && (call = strstr(p, marker)); p = call + 1) {  // (text is NUL-terminated)
    const char *line = call;
    while (line > p && line[-1] != '\n') line--;
    if (*line == ' ' || *line == '\t' || *line == '#') continue;  // module level only
    const char *nl = memchr(call, '\n', (size_t)(end - call));
    const char *line_end = nl ? nl : end;
    const char *quotes = strstr(call, "'''");
    if (!quotes || quotes > line_end) continue;
    *body = quotes + 3;
    return line;
  }
  return NULL;
}

char *inductor_unwrap(const char *text, size_t len) {
  const char *end = text + len, *body;
  if (!find_kernel_string(text, end, &body)) return NULL;
  char *out = xmalloc(len + 1);
  for (size_t i = 0; i < len; i++) out[i] = text[i] == '\n' ? '\n' : ' ';
  out[len] = 0;
  for (const char *p = text; find_kernel_string(p, end, &body);) {
    const char *close = strstr(body, "'''");
    if (!close) close = end;  // (unterminated: the parser says so)
    memcpy(out + (body - text), body, (size_t)(close - body));
    p = close;
  }
  return out;
}
