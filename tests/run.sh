#!/usr/bin/env bash
# tests/run.sh: the tl2cu test suite (no GPU needed). Prints [PASS]/[FAIL] per
# test and ends with "N passed, N failed"; exits 1 if anything failed.
#   tests/run.sh            run everything
#   QUICK=1 tests/run.sh    the loop while editing: no nvcc builds of the goldens, no
#                           sanitizer sweep (make test runs everything)
#   tests/run.sh --update   rewrite the golden .cu and .err files from the
#                           current translator (review with git diff); refuses
#                           when a golden translation fails or writes to stderr
#   JOBS=N tests/run.sh     N checks at a time (default: nproc)
# The checks are independent tasks (the t_* functions below), run JOBS at a time, longest
# first; each writes its lines into its own file, and the files are printed in the order
# the tasks are listed (TASKS), so the output does not depend on the timing.
# A golden .cu that nvcc built without warnings is remembered in TL2CU_TEST_CACHE (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/tl2cu-tests; "off" turns it off), keyed by a hash of the
# .cu, the runtime headers, the nvcc and host compiler versions and the flags: a second run
# builds only what changed.
set -u
cd "$(dirname "$0")/.."
TL2CU=${TL2CU:-build/tl2cu}
UPDATE=0
[ "${1:-}" = "--update" ] && UPDATE=1
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
CACHE=${TL2CU_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tl2cu-tests}
started=${TL2CU_TEST_STARTED:-$(date +%s.%N)}  # (make test: from before its build)
pass=0
fail=0
top=$(mktemp -d)
trap 'rm -rf "$top"' EXIT
trap 'kill $(jobs -p) 2>/dev/null; exit 130' INT TERM
tmp=$top  # each task gets its own $tmp (run_task)

ok() { pass=$((pass + 1)); echo "[PASS] $1"; }
bad() { fail=$((fail + 1)); echo "[FAIL] $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -40; }
skip() { echo "[SKIP] $1"; }

# ---- unit tests of the stages (tests/unit.c, linked with the translator's objects)
t_unit() {
  if make -s build/unit_tests >"$tmp/unit.log" 2>&1 && build/unit_tests >>"$tmp/unit.log" 2>&1; then
    ok "unit: $(tail -1 "$tmp/unit.log")"
  else
    bad "unit tests" "$tmp/unit.log"
  fi
}

# ---- the parser against Python's own on random expressions (tests/parse_check.py)
t_parse() {
  if ! command -v python3 >/dev/null 2>&1; then
    echo "[SKIP] parse check: python3 not found"
  elif python3 tests/parse_check.py build/unit_tests >"$tmp/parse.log" 2>&1; then
    ok "parse: $(head -1 "$tmp/parse.log")"
  else
    bad "parse check" "$tmp/parse.log"
  fi
}

# ---- syntax errors against Python's compile() on a fixed sample of mutated kernels
t_agree() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 tests/fuzz/parse_agree.py --seed 1 --count 1000 --tl2cu "$TL2CU" >"$tmp/agree.log" 2>&1; then
    ok "$(tail -1 "$tmp/agree.log")"
  else
    bad "parse agreement" "$tmp/agree.log"
  fi
}

# compile-time arithmetic as Python evaluates it (tests/constexpr_check.py)
t_constexpr() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 tests/constexpr_check.py "$TL2CU" --seed 1 --count 300 >"$tmp/constexpr.log" 2>&1; then
    ok "$(tail -1 "$tmp/constexpr.log")"
  else
    bad "constexpr arithmetic" "$tmp/constexpr.log"
  fi
}

# host code's str methods (format, split, join, replace; generator expressions) as Python's
t_hoststr() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 tests/host_str_check.py "$TL2CU" --seed 1 --count 400 >"$tmp/hoststr.log" 2>&1; then
    ok "$(tail -1 "$tmp/hoststr.log")"
  else
    bad "host str methods" "$tmp/hoststr.log"
  fi
}

# the translator's folders as layers: no call from a folder to a later one (docs/ARCHITECTURE.md)
t_layers() {
  command -v python3 >/dev/null 2>&1 && command -v nm >/dev/null 2>&1 || return 0
  local obj
  obj="$(dirname "$TL2CU")/obj"
  [ -d "$obj/front" ] || return 0  # (a tl2cu built elsewhere: no objects to read)
  if python3 tests/layers_check.py "$obj" >"$tmp/layers.log" 2>&1; then
    ok "$(tail -1 "$tmp/layers.log")"
  else
    bad "layers" "$tmp/layers.log"
  fi
}

# the differential fuzzer's kernels (docs/FUZZING.md's command): all translated, and the
# mismatches explained in tests/fuzz/known.json still generated as they were replayed
t_fuzz() {
  command -v python3 >/dev/null 2>&1 || return 0
  python3 tests/fuzz/gen.py --seed 1 --count 5400 --per-file 25 --out "$tmp/fuzz" --structured-from 2000 \
    --tuples-from 2300 --helpers-from 2600 --dots-from 2900 --outers-from 3200 --stencils-from 3600 \
    --interior-from 3800 --matmuls-from 4000 --low-precision-from 4200 --real-from 4400 \
    --zero-minmax-from 4800 --products-from 5000 --states-from 5200 >/dev/null
  fuzz_ok=1
  for py in "$tmp"/fuzz/batch_*.py; do
    "$TL2CU" --format=none -o "$tmp/fuzz.cu" "$py" >/dev/null 2>>"$tmp/fuzz.log" || { fuzz_ok=0; echo "in $py" >>"$tmp/fuzz.log"; }
  done
  if [ $fuzz_ok = 1 ]; then ok "fuzz generator: 5,400 kernels (seed 1) translated"; else bad "fuzz kernels translated" "$tmp/fuzz.log"; fi
  if python3 tests/fuzz/known.py --check "$tmp/fuzz" >"$tmp/known.log" 2>&1; then ok "$(tail -1 "$tmp/known.log")"
  else bad "explained fuzz mismatches" "$tmp/known.log"; fi
}

# ---- Python's grammar, with CPython's own files as the oracle (tests/python/cpython_check.py):
# every file of its Lib/ that it compiles translates with a kernel appended, every
# invalid-syntax example of its test_syntax.py is rejected. Needs CPython 3.13 (pyenv's here).
t_cpython() {
  py313=
  for cand in python3.13 $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.13.*/bin/python3.13 2>/dev/null); do
    if "$cand" --version >/dev/null 2>&1; then py313=$cand; break; fi  # (a pyenv shim may not run)
  done
  if [ -z "$py313" ]; then
    echo "[SKIP] CPython grammar check: no python3.13 (pyenv install 3.13)"
  elif "$py313" tests/python/cpython_check.py --tl2cu "$TL2CU" -v >"$tmp/cpython.log" 2>&1; then
    ok "$(tail -1 "$tmp/cpython.log")"
  else
    bad "$(tail -1 "$tmp/cpython.log")" "$tmp/cpython.log"
  fi
}

# ---- wide and long inputs finish: a static_range unrolled 4,000 times (one C name each)
# and a call with 100,000 arguments (each took minutes once)
t_big() {
  big_head='# tl2cu: -s k:*fp32\nimport triton\nimport triton.language as tl\n@triton.jit\ndef k(x_ptr):\n    x = tl.load(x_ptr)\n'
  { printf "$big_head"; printf '    for i in tl.static_range(4000):\n        x = x + 1\n    tl.store(x_ptr, x)\n'; } >"$tmp/unrolled.py"
  { printf "$big_head"; printf '    x = tl.maximum(x'; for i in $(seq 1000); do printf ', x%.0s' $(seq 100); done; printf ')\n'; } >"$tmp/wide.py"
  if timeout 20 "$TL2CU" --format=none "$tmp/unrolled.py" -o "$tmp/unrolled.cu" 2>"$tmp/big.log" &&
     { timeout 20 "$TL2CU" --format=none "$tmp/wide.py" -o /dev/null 2>>"$tmp/big.log"; [ $? = 1 ]; }
  then ok "wide and long inputs finish in time"; else bad "wide and long inputs" "$tmp/big.log"; fi
}

# ---- user names against the emitter's own names (tests/rename_check.py, translator/support/names.c)
t_rename() {
  if ! command -v python3 >/dev/null 2>&1; then
    echo "[SKIP] rename check: python3 not found"
  elif python3 tests/rename_check.py "$TL2CU" >"$tmp/rename.log" 2>&1; then
    ok "rename: $(tail -1 "$tmp/rename.log")"
  else
    bad "rename check" "$tmp/rename.log"
  fi
}

# ---- the runtime's host-and-device helpers, run on the CPU (tests/runtime_host.cu);
# optimized, so that a signed overflow the wrapping helpers let through gets folded away
# The build of tests/runtime_host.cu: from the cache when the same compilers built the same
# source and runtime headers before (the binary is run every time; only nvcc is spared).
runtime_host_built() {
  local flags="-std=c++17 -Xcompiler -O2 -Iruntime" key
  key=$(golden_key tests/runtime_host.cu "$flags -o runtime_host")  # (the goldens' key: compilers, runtime, source, flags)
  if [ -n "$key" ] && [ -x "$CACHE/runtime_host-$key" ]; then cp "$CACHE/runtime_host-$key" "$tmp/runtime_host"; return; fi
  nvcc $flags tests/runtime_host.cu -o "$tmp/runtime_host" >"$tmp/runtime_host.log" 2>&1 || return 1
  [ -n "$key" ] && mkdir -p "$CACHE" 2>/dev/null && cp "$tmp/runtime_host" "$CACHE/runtime_host-$key" 2>/dev/null
  return 0
}
t_runtime_host() {
  if ! command -v nvcc >/dev/null 2>&1; then
    echo "[SKIP] runtime helpers on the CPU: nvcc not found"
  elif runtime_host_built && "$tmp/runtime_host" >>"$tmp/runtime_host.log" 2>&1; then
    ok "runtime helpers on the CPU: $(tail -1 "$tmp/runtime_host.log")"
  else
    bad "runtime helpers on the CPU" "$tmp/runtime_host.log"
  fi
}

# ---- golden files: every sample kernel and every tests/golden/*.py, one task each
golden_inputs() {
  for f in samples/*/kernel.py; do echo "$f tests/golden/$(basename "$(dirname "$f")").cu"; done
  for f in tests/golden/*.py; do echo "$f ${f%.py}.cu"; done
}
t_golden() {  # PY EXPECTED
  local py=$1 expected=$2 name
  name=$(basename "$expected" .cu)
  local out="$tmp/$name.cu"
  if ! "$TL2CU" --format=none "$py" -o "$out" -H "$tmp/$name.h" 2>"$tmp/$name.stderr"; then
    bad "golden $name: translation failed" "$tmp/$name.stderr"
    return
  fi
  if [ $UPDATE = 1 ]; then
    if grep -q "error" "$tmp/$name.stderr"; then bad "golden $name: refusing to bless output with errors" "$tmp/$name.stderr"; return; fi
    cp "$out" "$expected"
  fi
  if diff -u "$expected" "$out" >"$tmp/$name.diff" 2>&1; then ok "golden $name"; else bad "golden $name" "$tmp/$name.diff"; fi
  # determinism: a second run gives the same bytes
  "$TL2CU" --format=none "$py" -o "$tmp/$name.again.cu" 2>/dev/null
  if cmp -s "$out" "$tmp/$name.again.cu"; then ok "deterministic $name"; else bad "deterministic $name"; fi
}

# ---- the goldens build with nvcc (present on these machines, without a GPU). The device stages
# unoptimized: what the check asks (nvcc and ptxas accept the file, without a warning) does not
# depend on -O, which took 2.5x the time (libdevice.cu 24 s, 9 s at -O0); -O3 builds: the README
# recipe, the Makefile and CMake examples, make demo and the GPU runs. Most of a golden's nvcc
# time is the runtime headers and CUDA's (3 of 5 s), so the goldens of one group that the cache
# does not hold build as one translation unit per nvcc flags, each inside a namespace of its own,
# a C name an earlier golden of the unit defines renamed by a macro around it (C linkage
# ignores namespaces); a unit that fails or warns is built again in halves, down to the golden.
NVCC_GROUPS=1
# The device stages' least work (what nvcc accepts does not depend on it): nvcc 12.8's
# fast-compile level, which spares ptxas most of its work (a unit of 18 goldens 25 s -> 16.5 s
# on this machine kind), else cicc and ptxas at -O0
NVCC_FAST="-Xcicc -O0 -Xptxas -O0"
[ -z "${QUICK:-}" ] && nvcc --help 2>/dev/null | grep -q -- '--Ofast-compile' && NVCC_FAST="-Ofc max"
export NVCC_FAST  # (rename_check.py's builds take the same)
golden_arch() {  # CU: the nvcc flags its target asks
  local arch=-arch=sm_90  # (a file on warpgroup MMA, tl2cu --target sm_90a, says so and needs sm_90a)
  grep -q "tl2cu --target sm_90a" "$1" && arch="-gencode arch=compute_90a,code=sm_90a"
  echo "$arch $NVCC_FAST"
}
golden_key() {  # CU FLAGS: the cache's name for "nvcc FLAGS accepts CU without a warning"
  [ "$CACHE" != off ] && { echo "nvcc $2 -Iruntime -c"; cat "$top/compilers" runtime/*.cuh "$1"; } | sha256sum | cut -d' ' -f1
}
c_names() {  # CU: the C-linkage functions it defines (a launcher's name is the kernel's)
  sed -n 's/^extern "C" [^(]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*{.*$/\1/p' "$1"
}
nvcc_alone() {  # CU FLAGS
  local name
  name=$(basename "$1" .cu)
  if nvcc $2 -Iruntime -c "$1" -o "$tmp/$name.o" >"$tmp/$name.nvcc" 2>&1 && ! grep -q "warning" "$tmp/$name.nvcc"; then
    ok "nvcc $name"
    remember_nvcc "$1" "$2"
  else
    bad "nvcc $name" "$tmp/$name.nvcc"
  fi
}
remember_nvcc() {  # CU FLAGS
  local key
  key=$(golden_key "$1" "$2")
  [ -n "$key" ] && mkdir -p "$CACHE" 2>/dev/null && echo "$(basename "$1"): nvcc $2" >"$CACHE/$key" 2>/dev/null
}
nvcc_unit() {  # FLAGS CU...: one translation unit of the files, or its halves when it fails
  local flags=$1 unit=$tmp/unit_$RANDOM.cu f c name taken=" " clash
  shift
  [ $# = 0 ] && return
  [ $# = 1 ] && { nvcc_alone "$1" "$flags"; return; }
  { grep -h '^#include ' "$@" | sort -u
    for f in "$@"; do
      name=$(basename "$f" .cu)
      clash=
      for c in $(c_names "$f"); do
        case "$taken" in *" $c "*) clash="$clash $c" ;; *) taken="$taken$c " ;; esac
      done
      for c in $clash; do echo "#define $c golden_${name}_$c"; done
      echo "namespace golden_$name {"
      grep -v '^#include ' "$f"
      echo "}"
      for c in $clash; do echo "#undef $c"; done
    done; } >"$unit"
  if nvcc $flags -Iruntime -c "$unit" -o "$unit.o" >"$unit.log" 2>&1 && ! grep -q "warning" "$unit.log"; then
    for f in "$@"; do ok "nvcc $(basename "$f" .cu)"; remember_nvcc "$f" "$flags"; done
  else
    echo "[NOTE] nvcc: the unit of $# goldens failed or warned; its halves built apart:"
    sed 's/^/    /' "$unit.log" | head -5
    local half=$(($# / 2))
    nvcc_unit "$flags" "${@:1:half}"
    nvcc_unit "$flags" "${@:half+1}"
  fi
}
t_nvcc() {  # K: goldens K, K + NVCC_GROUPS, ...
  [ -z "${QUICK:-}" ] && command -v nvcc >/dev/null 2>&1 || return 0
  local k=$1 i=-1 py expected name cu flags key
  local -A units=()  # flags -> the files of its unit
  while read -r py expected; do
    i=$((i + 1))
    [ $((i % NVCC_GROUPS)) = "$k" ] || continue
    name=$(basename "$expected" .cu)
    cu=$tmp/$name.cu
    "$TL2CU" --format=none "$py" -o "$cu" 2>/dev/null || continue  # (t_golden reports it)
    flags=$(golden_arch "$cu")
    key=$(golden_key "$cu" "$flags")
    if [ -n "$key" ] && [ -f "$CACHE/$key" ]; then
      ok "nvcc $name"
      echo "$name" >>"$top/cache_hits"
      continue
    fi
    units[$flags]="${units[$flags]:-} $cu"
  done < <(golden_inputs)
  for flags in "${!units[@]}"; do nvcc_unit "$flags" ${units[$flags]}; done
}

# ---- the -H headers of every golden compile as C11 and as C++ (fp16/bf16 through tl2cu_half,
# tl2cu_bfloat16: 16-bit integers in C), against the CUDA toolkit's cuda_runtime.h
# CUDA's include folder as nvcc itself names it (-I...), whatever the toolkit's layout
cuda_includes() {
  : >"$tmp/empty.cpp"
  nvcc --dryrun -c "$tmp/empty.cpp" -o /dev/null 2>&1 | sed -n 's/^#\$ INCLUDES=//p' | tr -d '"'
}

t_headers() {
  local cuda_inc
  cuda_inc=$(command -v nvcc >/dev/null 2>&1 && cuda_includes)
  if [ -n "$cuda_inc" ]; then
    hdr_ok=1
    # cuda_runtime.h parsed once a language (precompiled), not once a header
    printf '#include <cuda_runtime.h>\n#include <stdint.h>\n#include <stdbool.h>\n' >"$tmp/pre_c.h"
    printf '#include <cuda_runtime.h>\n#include <stdint.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n' \
      >"$tmp/pre_cxx.h"
    gcc -std=c11 -Wall -Werror $cuda_inc -x c-header "$tmp/pre_c.h" -o "$tmp/pre_c.h.gch" >>"$tmp/hdr.log" 2>&1
    g++ -Wall -Werror $cuda_inc -x c++-header "$tmp/pre_cxx.h" -o "$tmp/pre_cxx.h.gch" >>"$tmp/hdr.log" 2>&1
    while read -r py expected; do
      h=$tmp/$(basename "$expected" .cu).h
      "$TL2CU" --format=none "$py" -o /dev/null -H "$h" 2>/dev/null || continue  # (t_golden reports it)
      printf '#include "%s"\n' "$h" >"$tmp/hdr.c"
      gcc -std=c11 -Wall -Werror -fsyntax-only $cuda_inc -include "$tmp/pre_c.h" "$tmp/hdr.c" >>"$tmp/hdr.log" 2>&1 &&
        g++ -x c++ -Wall -Werror -fsyntax-only $cuda_inc -include "$tmp/pre_cxx.h" "$tmp/hdr.c" >>"$tmp/hdr.log" 2>&1 ||
        { hdr_ok=0; echo "in $h" >>"$tmp/hdr.log"; }
    done < <(golden_inputs)
    if [ $hdr_ok = 1 ]; then ok "-H headers compile as C11 and C++"; else bad "-H headers compile as C11 and C++" "$tmp/hdr.log"; fi
  else
    echo "[SKIP] -H headers as C: no CUDA toolkit include directory"
  fi
}

# ---- no kernel is emitted twice: a kernel's variants differ (tests/distinct_variants.py)
t_variants() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 tests/distinct_variants.py tests/golden/*.cu >"$tmp/variants.log" 2>&1; then ok "variants distinct in every golden file"
  else bad "variants distinct in every golden file" "$tmp/variants.log"; fi
}

# ---- the IR after a pass (--dump-ir=PASS, the pass named on the .ir file's first line),
# checked by the verifier after every pass on the way
t_ir() {
  for py in tests/ir/*.py; do
    name=$(basename "$py" .py)
    expected=tests/ir/$name.ir
    ir_pass=$(sed -n '1s/^.* after \([a-z]*\)$/\1/p' "$expected" 2>/dev/null)
    "$TL2CU" "$py" --dump-ir="${ir_pass:-layout}" >"$tmp/$name.ir" 2>"$tmp/$name.ir.err"
    [ $UPDATE = 1 ] && cp "$tmp/$name.ir" "$expected"
    if diff -u "$expected" "$tmp/$name.ir" >"$tmp/$name.ir.diff" 2>&1; then ok "IR $name after ${ir_pass:-layout}"
    else cat "$tmp/$name.ir.err" >>"$tmp/$name.ir.diff"; bad "IR $name after ${ir_pass:-layout}" "$tmp/$name.ir.diff"; fi
  done
  # several passes and the CUDA in one run: the IR of each pass and the .cu as separate runs print them
  py=tests/golden/minmax_zero.py
  "$TL2CU" "$py" --dump-ir=trace,contract --format=none -o "$tmp/both.cu" >"$tmp/both.ir" 2>/dev/null
  "$TL2CU" "$py" --format=none -o "$tmp/alone.cu" 2>/dev/null
  { "$TL2CU" "$py" --dump-ir=trace; "$TL2CU" "$py" --dump-ir=contract; } >"$tmp/alone.ir" 2>/dev/null
  if [ -s "$tmp/both.ir" ] && cmp -s "$tmp/both.ir" "$tmp/alone.ir" && cmp -s "$tmp/both.cu" "$tmp/alone.cu" &&
     ! "$TL2CU" "$py" --dump-ir=trace -o - >/dev/null 2>&1
  then ok "--dump-ir=trace,contract -o FILE: both IR dumps and the CUDA, as three runs write them"
  else bad "--dump-ir=trace,contract -o FILE" "$tmp/both.ir"; fi
}

# ---- spellings (tests/spelling, issue 43): one kernel written several ways (operand order,
# parentheses, named or inline values, += or the accumulator argument, a static_range loop or
# its statements) translates to the same CUDA and IR after smem, or to the same optimizations
t_spelling() {
  for dir in tests/spelling/*/; do
    name=$(basename "$dir")
    if ! command -v python3 >/dev/null 2>&1; then echo "[SKIP] spelling $name: python3 not found"; continue; fi
    if python3 tests/spelling/check.py "$TL2CU" "$dir" >"$tmp/spelling_$name.log" 2>&1; then
      ok "spelling $name: $(tail -1 "$tmp/spelling_$name.log" | sed 's/^[^:]*: //')"
    else bad "spelling $name" "$tmp/spelling_$name.log"; fi
  done
}

# ---- host tensor descriptors: the struct a kernel.h declares is the runtime's, text for
# text, and a C++ program including that header builds and links against the kernels
t_desc() {
  if "$TL2CU" --format=none tests/golden/block_ptr.py -o "$tmp/desc.cu" -H "$tmp/desc.h" 2>/dev/null &&
     grep -q "tl2cu_tensordesc x_desc" "$tmp/desc.h" &&
     cmp -s <(sed -n '/^#ifndef TL2CU_TENSORDESC_DEFINED/,/^#endif/p' "$tmp/desc.h") \
            <(sed -n '/^#ifndef TL2CU_TENSORDESC_DEFINED/,/^#endif/p' runtime/tl2cu_launch.cuh); then
    ok "host tensor descriptors: kernel.h declares the runtime's tl2cu_tensordesc"
  else
    bad "host tensor descriptors: kernel.h's tl2cu_tensordesc differs from the runtime's"
  fi
  if command -v nvcc >/dev/null 2>&1; then
    printf '#include "desc.h"\nint main() {\n  static float x[64], out[64];\n  tl2cu_tensordesc d = {x, {4, 16}, {16, 1}, 0};\n  return td_host_rows_grid(0, 1, 1, 1, out, d, 0, 1.0f) != cudaSuccess;\n}\n' >"$tmp/desc_main.cpp"
    if nvcc -arch=sm_90 -Iruntime -I"$tmp" "$tmp/desc_main.cpp" "$tmp/desc.cu" -o "$tmp/desc_main" >"$tmp/desc_main.log" 2>&1; then
      ok "host tensor descriptors: a C++ program builds against the launchers"
    else
      bad "host tensor descriptors: a C++ program builds against the launchers" "$tmp/desc_main.log"
    fi
  fi
}

# ---- the forms the emitter chooses, counted in generated files
t_forms() {
  # ---- vector-access decisions: in the plain variant of tests/golden/alignment.py every
  # load named v_* is a vector load and every s_* is not (the file says why for each)
  if "$TL2CU" tests/golden/alignment.py -o "$tmp/alignment.cu" 2>/dev/null; then
    awk '/_aligned\(/ {exit} {print}' "$tmp/alignment.cu" | grep -E '^ +float [vs]_[a-z0-9_]*\[' >"$tmp/decls"
    { grep 'float v_' "$tmp/decls" | grep -v -- '-byte loads)'; grep 'float s_' "$tmp/decls" | grep -- '-byte loads)'; } >"$tmp/wrong"
    want=$(grep -cE '^ +[vs]_[a-z0-9_]* = tl\.load' tests/golden/alignment.py)
    got=$(wc -l <"$tmp/decls")
    if [ ! -s "$tmp/wrong" ] && [ "$got" -eq "$want" ]; then ok "vector decisions ($got loads)"
    else bad "vector decisions ($got of $want loads found; wrong ones below)" "$tmp/wrong"; fi
  else
    bad "vector decisions: translating tests/golden/alignment.py failed"
  fi

  windows='a run for all\|one decision for the windows'  # a load window's decision, alone or for a run of loads
  # ---- windows: tests/golden/windows.py's stencils get one load and one store window each;
  # no_window (bytes, a gather) gets none
  if "$TL2CU" --format=none tests/golden/windows.py -o "$tmp/windows.cu" 2>/dev/null; then
    count() { awk -v k="$1" '/^__global__/ {on = index($0, " " k "(") > 0} on' "$tmp/windows.cu" | grep -c -e "$2"; }
    got="$(count stencil_fp16 "$windows") $(count stencil_fp16 'runs start') $(count stencil_i64 "$windows")"
    got="$got $(count stencil_i64 'runs start') $(count no_window 'bool _window')"
    if [ "$got" = "1 1 1 1 0" ]; then ok "windows form where they may, not elsewhere"
    else echo "load, store windows of fp16, i64; windows of no_window: $got (want 1 1 1 1 0)" >"$tmp/win"; bad "windows" "$tmp/win"; fi
  else
    bad "windows: translating tests/golden/windows.py failed"
  fi

  # ---- flash attention at head dim 128 (docs/NOTES.md 67): the loop's row vectors, sliced in
  # the [128, 64] space of q @ k, are read in place by the [128, 128] accumulator's space (no
  # conversion through shared memory inside the loop), and p feeds the second dot from registers;
  # (note 70) p @ v's wgmma left running until acc * alpha and after the loop, and no proxy fence
  # after the waits for cp.async copies (only after st.shared stores)
  if "$TL2CU" --format=none samples/flash_attention/kernel.py -D HEAD_DIM=128 -o "$tmp/attn128.cu" 2>/dev/null; then
    got="$(grep -c -e '\(alpha\|qk_max\|m_ij\|l_ij\|l_i_2\) changes layout' "$tmp/attn128.cu") $(grep -c 'tl2cu_wgmma_regs_a<half, 128, 128, 64, 128, false, 1>.*// (dot_input from its registers; left running)' "$tmp/attn128.cu") $(grep -c 'tl2cu_wgmma<half, 128, 64, 128, 128, 128, 0, true>' "$tmp/attn128.cu") $(grep -c "copies, made an iteration ahead" "$tmp/attn128.cu")"
    got="$got $(grep -A1 'L45: acc = acc' "$tmp/attn128.cu" | grep -c "tl2cu_wgmma_wait<128>(acc_1);  // (line 47's wgmma, left running)") $(grep -c "tl2cu_wgmma_wait<128>(acc_1);  // (line 47's wgmma of the last iteration)" "$tmp/attn128.cu") $(grep -A1 "copies, made an iteration ahead" "$tmp/attn128.cu" | grep -c fence_async)"
    if [ "$got" = "0 2 2 4 2 2 0" ]; then ok "flash attention D=128: row vectors read in place across mma spaces, both dots on wgmma (p from registers, k K-major), k and v copied ahead, p @ v left running, no fence after copies"
    else echo "conversions of row vectors in the loop, wgmma dots taking a from registers (left running), q @ k on wgmma with k K-major, dots waiting for copies made ahead, waits at acc * alpha, waits after the loop, fences after the copies' waits: $got (want 0 2 2 4 2 2 0)" >"$tmp/attn"; bad "flash attention D=128 layouts" "$tmp/attn"; fi
  else
    bad "flash attention D=128: translation failed"
  fi

  # ---- packed bytes: tests/golden/packed.py's int8 values are held four to a word (all 12
  # of int8_ops: loads, named values, stored expressions), its byte stencil gets a load
  # and a store window over the words in the aligned variant, and bool_trees computes its 8
  # stored bool expressions of several comparisons as top-bit bytes, each shifted once
  if "$TL2CU" --format=none tests/golden/packed.py -o "$tmp/packed.cu" 2>/dev/null; then
    count() { awk -v k="$1" '/^__global__/ {on = index($0, " " k "(") > 0} on' "$tmp/packed.cu" | grep -c -e "$2"; }
    got="$(count int8_ops 'four to a word') $(count stencil_i8_aligned "$windows") $(count stencil_i8_aligned 'runs start') $(count bool_trees 'tl2cu_msb_bool4')"
    if [ "$got" = "12 1 1 8" ]; then ok "packed bytes: values four to a word, windows over words, bools as top bits"
    else echo "packed values of int8_ops; load, store windows of stencil_i8_aligned; top-bit roots of bool_trees: $got (want 12 1 1 8)" >"$tmp/packed"; bad "packed bytes" "$tmp/packed"; fi
  else
    bad "packed bytes: translating tests/golden/packed.py failed"
  fi

  # ---- the Game of Life as a loop (samples/game_of_life_loop): the group pass (loads.c)
  # names the eight loads the static_range loop traces inside its adds and gathers them with
  # `alive`, so the aligned variant gets the named sample's fast path: one decision for the
  # windows of 9 loads and the store, a store window, the 8 neighbours packed four to a word
  if "$TL2CU" --format=none samples/game_of_life_loop/kernel.py -o "$tmp/gol_loop.cu" 2>/dev/null; then
    count() { awk '/^__global__/ {on = index($0, "_aligned(") > 0} on' "$tmp/gol_loop.cu" | grep -c -e "$1"; }
    got="$(count 'one decision for the windows of the next 9 loads and the stores') $(count 'runs start')"
    got="$got $(count 'uint32_t x_ptr_load[_0-9]*\[4\] = {};  // \[1, 1024\] i8, four to a word')"
    if [ "$got" = "1 1 8" ]; then ok "Game of Life as a loop: windows and packed words as the named form"
    else echo "decisions, store windows, packed neighbour loads: $got (want 1 1 8)" >"$tmp/gol_loop"; bad "Game of Life as a loop" "$tmp/gol_loop"; fi
  else
    bad "Game of Life as a loop: translating samples/game_of_life_loop/kernel.py failed"
  fi
}

# ---- the -H header says where a launcher's grid comes from: the file's launch here, not --grid
t_header_grid() {
  if "$TL2CU" --format=none tests/golden/launch_types.py -o "$tmp/lt.cu" -H "$tmp/lt.h" 2>/dev/null &&
     grep -q "^// Launches scale_add over the grid of the file's launch (line 31)\.$" "$tmp/lt.h"
  then ok "-H header: the grid of the file's launch named so"; else bad "-H header: where the grid comes from" "$tmp/lt.h"; fi
}

# ---- bad inputs: tests/errors/NAME.{py,args,err,status}
t_errors() {
  run_error_case() {  # name -> runs the translator, stderr in $tmp/name.err, prints status
    local name=$1 base=tests/errors/$1 args=""
    [ -f "$base.args" ] && args=$(cat "$base.args")
    local input=""
    [ -f "$base.py" ] && input="$base.py"
    set -f  # signature arguments such as *fp32 are not globs
    eval "\"$TL2CU\" --format=none -o \"$tmp/$name.cu\" $args $input" 2>"$tmp/$name.err" >/dev/null
    local status=$?
    set +f
    return $status
  }
  for f in tests/errors/*.args tests/errors/*.py; do basename "${f%.*}"; done | sort -u | while read -r name; do
    run_error_case "$name"
    status=$?
    want=1
    [ -f "tests/errors/$name.status" ] && want=$(cat "tests/errors/$name.status")
    [ $UPDATE = 1 ] && cp "$tmp/$name.err" "tests/errors/$name.err"
    if [ "$status" != "$want" ]; then
      echo "exit status $status, expected $want" >"$tmp/$name.why"
      cat "$tmp/$name.err" >>"$tmp/$name.why"
      bad "error $name" "$tmp/$name.why"
    elif ! diff -u "tests/errors/$name.err" "$tmp/$name.err" >"$tmp/$name.diff" 2>&1; then
      bad "error $name" "$tmp/$name.diff"
    else
      ok "error $name"
    fi
  done
}
# ---- names imported from the package's other files: tests/imports/.../NAME.py with NAME.cu (a golden)
# or NAME.err (the whole diagnostic, exit status 1), run from here as their paths say; and the depfile
# of from_relative, which names every file read (NAME.deps: its prerequisites but the runtime header)
t_imports() {
  while read -r expected; do
    py=${expected%.*}.py name=imports/${py#tests/imports/}
    if [ "${expected##*.}" = cu ]; then
      if ! "$TL2CU" --format=none "$py" -o "$tmp/import.cu" 2>"$tmp/import.err"; then bad "golden $name: translation failed" "$tmp/import.err"; continue; fi
      [ $UPDATE = 1 ] && cp "$tmp/import.cu" "$expected"
      if diff -u "$expected" "$tmp/import.cu" >"$tmp/import.diff" 2>&1; then ok "golden $name"; else bad "golden $name" "$tmp/import.diff"; fi
    else
      "$TL2CU" --format=none "$py" -o "$tmp/import.cu" 2>"$tmp/import.err"
      status=$?
      [ $UPDATE = 1 ] && cp "$tmp/import.err" "$expected"
      if [ $status = 1 ] && diff -u "$expected" "$tmp/import.err" >"$tmp/import.diff" 2>&1; then ok "error $name"
      else echo "exit status $status" >>"$tmp/import.diff"; bad "error $name" "$tmp/import.diff"; fi
    fi
  done < <(find tests/imports -name '*.cu' -o -name '*.err' | sort)
  deps=tests/imports/pkg/sub/from_relative
  if "$TL2CU" --format=none $deps.py -o "$tmp/from_relative.cu" -MD 2>/dev/null &&
     sed -n 's/^  *\(.*\.py\).*/\1/p; s/^[^ ]*: \([^ ]*\.py\).*/\1/p' "$tmp/from_relative.d" | diff -u $deps.deps - >"$tmp/deps.diff"
  then ok "depfile of imports/from_relative: every file read"; else bad "depfile of imports/from_relative" "$tmp/deps.diff"; fi
}

# ---- build tool: the depfile (-MD/-MF), --print-include-dir, make install/uninstall, the man
# page, and the examples of tests/buildtool built from clean copies as the README quotes them
root=$(pwd -P)
tl2cu_abs=$(cd "$(dirname "$TL2CU")" && pwd -P)/$(basename "$TL2CU")
have_nvcc=$(command -v nvcc || true)

# expect_file NAME FILE EXPECTED_TEXT: FILE, with this tree's runtime/ written RUNTIME, is the text
expect_file() {
  if [ ! -f "$2" ]; then echo "no file $2" >"$tmp/expect.why"; bad "$1" "$tmp/expect.why"; return; fi
  sed "s|$root/runtime|RUNTIME|g" "$2" >"$tmp/expect.got"
  printf '%s' "$3" >"$tmp/expect.want"
  if diff -u "$tmp/expect.want" "$tmp/expect.got" >"$tmp/expect.diff"; then ok "$1"; else bad "$1" "$tmp/expect.diff"; fi
}
# expect_output NAME WANT COMMAND...: the command succeeds and prints WANT
expect_output() {
  local name=$1 want=$2
  shift 2
  local got
  got=$("$@" 2>"$tmp/expect.err")
  if [ $? = 0 ] && [ "$got" = "$want" ]; then ok "$name"; else
    { echo "want: $want"; echo "got:  $got"; cat "$tmp/expect.err"; } >"$tmp/expect.why"
    bad "$name" "$tmp/expect.why"
  fi
}

# the depfile and --print-include-dir
t_bt_dep() {
  mkdir -p "$tmp/dep/sub dir"
  cp tests/buildtool/kernel.py "$tmp/dep/kernel.py"
  (cd "$tmp/dep" && "$tl2cu_abs" --format=none kernel.py -H kernel.h -MD)
  expect_file "depfile: -MD beside the output, .cu and -H header depend on the .py and the runtime headers it includes" \
    "$tmp/dep/kernel.d" 'kernel.cu kernel.h: kernel.py \
  RUNTIME/tl2cu_device.cuh \
  RUNTIME/tl2cu_launch.cuh

RUNTIME/tl2cu_device.cuh:

RUNTIME/tl2cu_launch.cuh:
'
  (cd "$tmp/dep" && "$tl2cu_abs" --format=none kernel.py -o 'sub dir/a b#$1.cu' -MF 'sub dir/deps.d')
  expect_file "depfile: -MF, make quoting of ' ', '#', '\$'" "$tmp/dep/sub dir/deps.d" 'sub\ dir/a\ b\#$$1.cu: kernel.py \
  RUNTIME/tl2cu_device.cuh \
  RUNTIME/tl2cu_launch.cuh

RUNTIME/tl2cu_device.cuh:

RUNTIME/tl2cu_launch.cuh:
'
  { echo "# tl2cu: -MD -MF from_file.d"; cat tests/buildtool/kernel.py; } >"$tmp/dep/opts.py"
  (cd "$tmp/dep" && "$tl2cu_abs" --format=none opts.py)
  expect_file "depfile: -MD -MF on a '# tl2cu:' line" "$tmp/dep/from_file.d" 'opts.cu: opts.py \
  RUNTIME/tl2cu_device.cuh \
  RUNTIME/tl2cu_launch.cuh

RUNTIME/tl2cu_device.cuh:

RUNTIME/tl2cu_launch.cuh:
'
  "$TL2CU" --format=none "$tmp/dep/kernel.py" -o - -MD >/dev/null 2>"$tmp/dep/stdout.err"
  if [ $? = 2 ] && grep -q "need an output file" "$tmp/dep/stdout.err"; then ok "depfile: refused with -o -"; else bad "depfile: refused with -o -" "$tmp/dep/stdout.err"; fi

  expect_output "--print-include-dir: runtime/ beside build/" "$root/runtime" "$TL2CU" --print-include-dir
  mkdir -p "$tmp/link" "$tmp/lone/bin"
  ln -s "$tl2cu_abs" "$tmp/link/tl2cu"
  expect_output "--print-include-dir: through a symlink, the binary's own" "$root/runtime" "$tmp/link/tl2cu" --print-include-dir
  cp "$tl2cu_abs" "$tmp/lone/bin/tl2cu"
  if ! "$tmp/lone/bin/tl2cu" --print-include-dir >/dev/null 2>"$tmp/lone/err" && grep -q "no tl2cu.cuh beside" "$tmp/lone/err"
  then ok "--print-include-dir: an error without a header beside the binary"
  else bad "--print-include-dir: an error without a header beside the binary" "$tmp/lone/err"; fi
  (cd "$tmp/dep" && "$tmp/lone/bin/tl2cu" --format=none kernel.py -o lone.cu -MD)
  expect_file "depfile: only the .py without a header beside the binary" "$tmp/dep/lone.d" 'lone.cu: kernel.py
'
}

# make install into a temporary PREFIX, and into a DESTDIR staging area then make uninstall
t_bt_install() {
  prefix=$tmp/prefix
  installed_headers() { for h in runtime/*.cuh; do cmp -s "$h" "$prefix/include/$(basename "$h")" || return 1; done; }
  if make -s install PREFIX="$prefix" >"$tmp/install.log" 2>&1 && [ -x "$prefix/bin/tl2cu" ] && installed_headers &&
     cmp -s docs/tl2cu.1 "$prefix/share/man/man1/tl2cu.1" && grep -qx "prefix=$prefix" "$prefix/share/pkgconfig/tl2cu.pc"
  then ok "make install PREFIX=...: bin/tl2cu, every runtime/*.cuh in include/, man1/tl2cu.1, pkgconfig/tl2cu.pc"
  else
    find "$prefix" >>"$tmp/install.log" 2>&1
    bad "make install PREFIX=..." "$tmp/install.log"
  fi
  prefix_inc=$(cd "$prefix/include" 2>/dev/null && pwd -P)
  expect_output "installed --print-include-dir: PREFIX/include" "$prefix_inc" "$prefix/bin/tl2cu" --print-include-dir
  if command -v pkg-config >/dev/null; then
    expect_output "pkg-config --cflags tl2cu" "-I$prefix/include" \
      sh -c 'PKG_CONFIG_PATH=$1 pkg-config --cflags tl2cu | xargs' sh "$prefix/share/pkgconfig"
  fi
  if [ -n "$have_nvcc" ]; then
    if "$prefix/bin/tl2cu" tests/buildtool/kernel.py -o "$tmp/inst.cu" -H "$tmp/inst.h" >"$tmp/inst.log" 2>&1 &&
       nvcc -arch=sm_90 -I"$("$prefix/bin/tl2cu" --print-include-dir)" -c "$tmp/inst.cu" -o "$tmp/inst.o" >>"$tmp/inst.log" 2>&1
    then ok "installed tl2cu: translation compiles with nvcc -I\$(tl2cu --print-include-dir)"
    else bad "installed tl2cu: translation compiles" "$tmp/inst.log"; fi
  fi
  stage=$tmp/stage
  if make -s install DESTDIR="$stage" PREFIX=/opt/tl2cu >"$tmp/stage.log" 2>&1 && [ -x "$stage/opt/tl2cu/bin/tl2cu" ] &&
     grep -qx "prefix=/opt/tl2cu" "$stage/opt/tl2cu/share/pkgconfig/tl2cu.pc"
  then ok "make install DESTDIR=... PREFIX=...: staged under DESTDIR, PREFIX in tl2cu.pc"
  else find "$stage" >>"$tmp/stage.log" 2>&1; bad "make install DESTDIR=..." "$tmp/stage.log"; fi
  stage_inc=$(cd "$stage/opt/tl2cu/include" 2>/dev/null && pwd -P)
  expect_output "DESTDIR install, relocated: --print-include-dir follows the binary" "$stage_inc" \
    "$stage/opt/tl2cu/bin/tl2cu" --print-include-dir
  make -s uninstall DESTDIR="$stage" PREFIX=/opt/tl2cu >>"$tmp/stage.log" 2>&1
  if [ -d "$stage/opt/tl2cu/bin" ] && [ -z "$(find "$stage" -type f)" ]
  then ok "make uninstall DESTDIR=... removes every installed file"
  else find "$stage" >>"$tmp/stage.log"; bad "make uninstall" "$tmp/stage.log"; fi
}

# the man page: renders without warnings, has every option of --help, and this version
t_bt_man() {
  if command -v groff >/dev/null; then
    if groff -man -Tascii -ww -z docs/tl2cu.1 >"$tmp/man.log" 2>&1 && [ ! -s "$tmp/man.log" ]; then ok "man page renders without warnings"; else bad "man page renders" "$tmp/man.log"; fi
    groff -man -Tascii -rLL=200n docs/tl2cu.1 2>/dev/null | sed 's/.\x08//g' >"$tmp/man.txt"
    : >"$tmp/man.why"
    for o in $("$TL2CU" --help | grep -oE '(^|[ ,])--?[A-Za-z][-A-Za-z]*' | tr -d ' ,' | sort -u); do
      grep -qF -- "$o" "$tmp/man.txt" || echo "not in docs/tl2cu.1: $o" >>"$tmp/man.why"
    done
    grep -qF "tl2cu $("$TL2CU" --version | cut -d' ' -f2)" "$tmp/man.txt" || echo "version differs from --version" >>"$tmp/man.why"
    if [ ! -s "$tmp/man.why" ]; then ok "man page: every option of --help, and the version"; else bad "man page: options" "$tmp/man.why"; fi
  else
    skip "groff not found: the man page was not rendered"
  fi
}

# The README quotes the examples verbatim.
t_bt_readme() {
  for pair in "make tests/buildtool/Makefile.example" "cmake tests/buildtool/CMakeLists.txt"; do
    set -- $pair
    awk -v fence="\`\`\`$1" '$0 == fence {f = 1; next} /^```$/ {f = 0} f' README.md >"$tmp/quoted"
    if diff -u "$2" "$tmp/quoted" >"$tmp/quoted.diff"; then ok "README quotes $2"; else bad "README quotes $2" "$tmp/quoted.diff"; fi
  done

  # The README's "Translate one file and build it": its command lines, run as printed in a copy of
  # the tree's layout (build/, samples/), then the C++ caller of tests/buildtool against the header.
  recipe=(
    'build/tl2cu samples/vector_add/kernel.py -o vector_add.cu -H vector_add.h'
    'nvcc -O3 -gencode arch=compute_90a,code=sm_90a -I$(build/tl2cu --print-include-dir) -c vector_add.cu'
    'nvcc -O3 -gencode arch=compute_90a,code=sm_90a main.cpp vector_add.o -o app'
  )
  : >"$tmp/recipe.why"
  for cmd in "${recipe[@]}"; do
    grep -qxF "    $cmd" README.md || echo "README lacks the line: $cmd" >>"$tmp/recipe.why"
  done
  if [ -s "$tmp/recipe.why" ]; then bad "README recipe: the command lines" "$tmp/recipe.why"; else ok "README recipe: the command lines"; fi
  if [ -z "$have_nvcc" ]; then
    skip "nvcc not found: the README's recipe was not built"
  else
    mkdir -p "$tmp/recipe/build"
    ln -s "$tl2cu_abs" "$tmp/recipe/build/tl2cu"
    ln -s "$root/samples" "$tmp/recipe/samples"
    cp tests/buildtool/caller.cpp "$tmp/recipe/main.cpp"
    # CUDA's include folder as nvcc itself names it: a toolkit may sit anywhere (a wrapper
    # script on PATH, a Debian layout), so no path is derived from where nvcc is found.
    recipe_inc=$(cuda_includes)
    if (echo "nvcc names CUDA's includes: $recipe_inc" && cd "$tmp/recipe" && for cmd in "${recipe[@]:0:2}"; do eval "$cmd" || exit 1; done &&
        g++ -fsyntax-only $recipe_inc -I. main.cpp && eval "${recipe[2]}") >"$tmp/recipe.log" 2>&1
    then ok "README recipe: translate, nvcc -c, the C++ caller (g++ -fsyntax-only, nvcc link)"
    else bad "README recipe: translate, nvcc -c, the C++ caller" "$tmp/recipe.log"; fi
  fi
}

# Build the examples with the installed tl2cu, whose header may be touched: built once, a
# second build does nothing; touching kernel.py or the runtime header translates again.
# check_build NAME LOG WANT: the build in LOG succeeded (status in LOG.rc) and translated or not
check_build() {
  local translated=0
  grep -q "tl2cu kernel.py" "$2" && translated=1
  if [ "$(cat "$2.rc")" = 0 ] && [ $translated = "$3" ]; then ok "$1"; else bad "$1" "$2"; fi
}
example_make() {  # the Makefile example in $tmp/mk, logging to $1
  make --no-print-directory -C "$tmp/mk" -f Makefile.example TL2CU="$prefix/bin/tl2cu" "${@:2}" >"$1" 2>&1
  echo $? >"$1.rc"
}
# a PREFIX of this task's own, whose headers the examples touch
install_prefix() { prefix=$tmp/prefix; make -s install PREFIX="$prefix" >"$tmp/install.log" 2>&1; }

t_bt_make() {
  if [ -z "$have_nvcc" ]; then
    skip "nvcc not found: the Makefile and CMake examples were not built"
  else
    install_prefix
    cp -r tests/buildtool "$tmp/mk"
    example_make "$tmp/mk1.log"
    check_build "Makefile example: translates and builds from a clean copy" "$tmp/mk1.log" 1
    example_make "$tmp/mk2.log"
    if grep -q "'app' is up to date" "$tmp/mk2.log" && [ "$(wc -l <"$tmp/mk2.log")" = 1 ]; then ok "Makefile example: a second make does nothing"
    else bad "Makefile example: a second make does nothing" "$tmp/mk2.log"; fi
    touch "$tmp/mk/kernel.py"
    example_make "$tmp/mk3.log"
    check_build "Makefile example: touching kernel.py translates and builds again" "$tmp/mk3.log" 1
    touch "$prefix/include/tl2cu_device.cuh"
    example_make "$tmp/mk4.log"
    check_build "Makefile example: touching the runtime header translates again" "$tmp/mk4.log" 1
    mv "$prefix/include/tl2cu_device.cuh" "$tmp/hidden.cuh"
    example_make "$tmp/mk5.log" kernel.cu
    mv "$tmp/hidden.cuh" "$prefix/include/tl2cu_device.cuh"
    if [ "$(cat "$tmp/mk5.log.rc")" = 0 ] && ! grep -q "No rule to make target" "$tmp/mk5.log"; then ok "Makefile example: a deleted runtime header does not stop make (-MP rules)"
    else bad "Makefile example: a deleted runtime header does not stop make" "$tmp/mk5.log"; fi
  fi
}

t_bt_cmake() {
  [ -z "$have_nvcc" ] && return 0  # (t_bt_make says so)
  install_prefix
  # CMake, with each generator present: make for Unix Makefiles, ninja for Ninja
  cmake_build() {  # DIR LOG
    if [ -f "$1/build.ninja" ]; then ninja -C "$1" >"$2" 2>&1; else make --no-print-directory -C "$1" >"$2" 2>&1; fi
    echo $? >"$2.rc"
  }
  if ! command -v cmake >/dev/null; then
    skip "cmake not found: the CMake example was not built"
  else
    cp -r tests/buildtool "$tmp/cm_src"
    for gen in "Unix Makefiles" Ninja; do
      tool=make
      [ "$gen" = Ninja ] && tool=ninja
      if ! command -v $tool >/dev/null; then skip "$tool not found: CMake's $gen generator not tried"; continue; fi
      b="$tmp/cm_$tool"
      if ! cmake -G "$gen" -S "$tmp/cm_src" -B "$b" -DTL2CU="$prefix/bin/tl2cu" >"$b.log" 2>&1; then
        bad "CMake example ($gen): configure" "$b.log"
        continue
      fi
      cmake_build "$b" "$b.1"
      check_build "CMake example ($gen): translates and builds" "$b.1" 1
      cmake_build "$b" "$b.2"
      if [ "$(cat "$b.2.rc")" = 0 ] && ! grep -qE "tl2cu kernel.py|Building|Linking" "$b.2"; then ok "CMake example ($gen): a second build does nothing"
      else bad "CMake example ($gen): a second build does nothing" "$b.2"; fi
      touch "$tmp/cm_src/kernel.py"
      cmake_build "$b" "$b.3"
      check_build "CMake example ($gen): touching kernel.py translates again" "$b.3" 1
      touch "$prefix/include/tl2cu_device.cuh"
      cmake_build "$b" "$b.4"
      check_build "CMake example ($gen): touching the runtime header translates again (DEPFILE)" "$b.4" 1
    done
  fi
}

# ---- every long option takes --opt=VALUE and --opt VALUE alike (as gcc and nvcc do)
t_long_options() {
  "$TL2CU" --format none --signature 'add_kernel:*fp32,*fp32,*fp32,i32' --define BLOCK_SIZE=256 --num-warps 2 --num-stages 2 \
    --target sm_90 --grid 'cdiv(n_elements, BLOCK_SIZE)' --kernel add_kernel --name add2 --header "$tmp/spaced.h" -o "$tmp/spaced.cu" \
    samples/vector_add/kernel.py 2>/dev/null
  "$TL2CU" --format=none --signature='add_kernel:*fp32,*fp32,*fp32,i32' --define=BLOCK_SIZE=256 --num-warps=2 --num-stages=2 \
    --target=sm_90 --grid='cdiv(n_elements, BLOCK_SIZE)' --kernel=add_kernel --name=add2 --header="$tmp/equals.h" -o "$tmp/equals.cu" \
    samples/vector_add/kernel.py 2>/dev/null
  if [ -s "$tmp/spaced.cu" ] && cmp -s "$tmp/spaced.cu" "$tmp/equals.cu" && cmp -s "$tmp/spaced.h" "$tmp/equals.h"; then
    ok "long options: --opt=VALUE and --opt VALUE give the same bytes"
  else
    bad "long options: --opt=VALUE and --opt VALUE give the same bytes"
  fi
}

# ---- options in the kernel file: --format=none there gives the same bytes as on the command line
t_format_line() {
  printf '# tl2cu: --format=none -s k:*fp32\nimport triton\nimport triton.language as tl\n@triton.jit\ndef k(x):\n    tl.store(x + tl.arange(0, 128), 1.0)\n' >"$tmp/fmt.py"
  "$TL2CU" "$tmp/fmt.py" -o "$tmp/fmt_file.cu" 2>/dev/null
  "$TL2CU" --format=none "$tmp/fmt.py" -o "$tmp/fmt_cli.cu" 2>/dev/null
  if cmp -s "$tmp/fmt_file.cu" "$tmp/fmt_cli.cu"; then ok "--format=none in a '# tl2cu:' line"; else bad "--format=none in a '# tl2cu:' line"; fi
  # under clang-format, a '// Lnn:' comment over a #pragma keeps the indentation of its code
  if command -v clang-format >/dev/null 2>&1; then
    "$TL2CU" --format=clang-format tests/golden/user_names.py -o "$tmp/fmt_cf.cu" 2>/dev/null
    if [ -s "$tmp/fmt_cf.cu" ] && grep -q '^  // L' "$tmp/fmt_cf.cu" && ! grep -q '^// L' "$tmp/fmt_cf.cu"; then
      ok "clang-format: source comments over a #pragma stay indented"
    else grep -n '^// L' "$tmp/fmt_cf.cu" >"$tmp/fmt_cf.why"; bad "clang-format: source comments over a #pragma" "$tmp/fmt_cf.why"; fi
  fi
}
# ---- every sample has a benchmark entry (bench/entries.py: samples/Makefile, compare_triton.py and
# bench.py's torch_cases, read as text; make bench stops naming any sample without one)
# ---- the scripts that run only on the GPU machine (checks, fuzzing, the drop-in harness)
# compile here, and the harness's command lines parse: a typo there costs a device call
t_gpu_scripts() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 -m py_compile tests/gpu/*.py tests/gpu/probes/*.py tests/fuzz/*.py tests/realworld/*.py \
       tests/realworld/drivers/*.py bench/*.py samples/*.py >"$tmp/pyc.log" 2>&1 &&
     python3 tests/realworld/corpus.py run --help >/dev/null 2>>"$tmp/pyc.log" &&
     python3 tests/realworld/dropin.py --help >/dev/null 2>>"$tmp/pyc.log"; then
    ok "GPU-side Python scripts compile, the harness's options parse"
  else bad "GPU-side Python scripts compile, the harness's options parse" "$tmp/pyc.log"; fi
  # stubinit.py: a package's __init__.py is not run, its literal constants are there (FLA's
  # `from .. import __version__` stopped every FLA program of the corpus on the GPU machine)
  mkdir -p "$tmp/stub/pkg/sub"
  printf 'raise ImportError("not run")\n__version__ = "1.2"\n' >"$tmp/stub/pkg/__init__.py"
  printf 'from .. import __version__\nprint("version", __version__)\n' >"$tmp/stub/pkg/sub/__init__.py"
  printf 'import pkg.sub\n' >"$tmp/stub/main.py"
  if [ "$(python3 tests/realworld/stubinit.py pkg="$tmp/stub/pkg" -- "$tmp/stub/main.py" 2>&1)" = "version 1.2" ]; then
    ok "stubinit: a stubbed package's __init__.py not run, its literal constants read"
  else bad "stubinit: a stubbed package's literal constants" ; fi
}

t_bench_entries() {
  command -v python3 >/dev/null 2>&1 || return 0
  if python3 bench/entries.py >"$tmp/entries.log" 2>&1; then ok "bench entries: $(tail -1 "$tmp/entries.log")"
  else bad "bench entries: $(tail -1 "$tmp/entries.log")" "$tmp/entries.log"; fi
}

# ---- the translator under AddressSanitizer + UndefinedBehaviorSanitizer
t_asan() {
  if [ -n "${QUICK:-}" ]; then
    echo "[SKIP] asan+ubsan (QUICK=1)"
  elif make -s -j"$JOBS" asan >"$tmp/asan.log" 2>&1; then
    san_ok=1
    # the IR printer too, in the same run (--dump-ir with -o writes both): before any pass's
    # annotations (trace) and with all of them up to the layout's contraction (contract)
    for py in samples/*/kernel.py tests/golden/*.py tests/ir/*.py tests/errors/*.py $(find tests/imports -name '*.py' | sort); do
      args=""
      [ -f "${py%.py}.args" ] && args=$(cat "${py%.py}.args")
      case $py in tests/errors/* | tests/imports/*) ;; *) args="--dump-ir=trace,contract $args" ;; esac
      set -f
      eval "build/asan/tl2cu --format=none -o \"$tmp/asan.cu\" $args \"$py\"" >/dev/null 2>"$tmp/asan.one"
      set +f
      if grep -qE "AddressSanitizer|runtime error|LeakSanitizer" "$tmp/asan.one"; then
        san_ok=0
        echo "== $py $args" >>"$tmp/asan.log"
        cat "$tmp/asan.one" >>"$tmp/asan.log"
      fi
    done
    if [ $san_ok = 1 ]; then ok "asan+ubsan clean over samples, golden, error and import inputs, and their IR dumps"; else bad "asan+ubsan" "$tmp/asan.log"; fi
    # mutants, deep nesting and long lines (tests/fuzz/crash.py; the full runs are in docs/NOTES.md)
    if python3 tests/fuzz/crash.py --seed 1 --count 200 >"$tmp/crash.log" 2>&1; then ok "$(tail -1 "$tmp/crash.log")"
    else bad "crash fuzzing" "$tmp/crash.log"; fi
  else
    bad "asan build" "$tmp/asan.log"
  fi
}

# ---- the driver: every task above, JOBS at a time, the long ones first; then their lines in
# the order of TASKS, and the counts
TASKS=(unit parse agree constexpr hoststr layers fuzz cpython big rename runtime_host)
while read -r py expected; do TASKS+=("golden $py $expected"); done < <(golden_inputs)
for ((k = 0; k < NVCC_GROUPS; k++)); do TASKS+=("nvcc $k"); done
TASKS+=(headers variants ir spelling desc forms header_grid errors imports bt_dep bt_install bt_man bt_readme bt_make bt_cmake long_options
        format_line bench_entries gpu_scripts asan)
# The slowest first (measured: the sanitizer sweep, the rename check, the goldens' nvcc units,
# CMake, the fuzzers), then the others as listed: the last to start are short.
LONG_FIRST=(asan rename 'nvcc *' bt_cmake fuzz cpython bt_make headers runtime_host agree)
if [ -n "${ONLY:-}" ]; then  # ONLY='bt_dep golden*' tests/run.sh: the tasks that match, for a quick look
  kept=()
  for t in "${TASKS[@]}"; do for pat in $ONLY; do case "$t" in $pat) kept+=("$t"); break ;; esac; done; done
  TASKS=("${kept[@]}")
fi
[ $UPDATE = 1 ] && JOBS=1  # (variants reads the goldens that --update rewrites)

run_task() {  # INDEX: TASKS[INDEX] in a $tmp of its own, its lines in $top/out/INDEX
  local i=$1 t0
  t0=$(date +%s.%N)
  tmp=$top/t/$i
  mkdir -p "$tmp"
  set -f
  set -- ${TASKS[$i]}  # (a name, then its arguments: paths without spaces)
  set +f
  "t_$1" "${@:2}" >"$top/out/$i" 2>&1
  echo "$(date +%s.%N) $t0 $1 ${3:-}" | awk '{printf "%7.1f s  %s %s\n", $1 - $2, $3, $4}' >"$top/time/$i"
}

# What two tasks read is built before they start: the unit-test binary (t_unit, t_parse)
make -s build/unit_tests >/dev/null 2>&1  # (a failure: t_unit builds again and reports it)
mkdir -p "$top/out" "$top/time"
: >"$top/cache_hits"
if [ -z "${QUICK:-}" ] && command -v nvcc >/dev/null 2>&1; then  # what a cached nvcc result depends on
  { nvcc --version; gcc --version; g++ --version; } >"$top/compilers" 2>&1
fi
order=()
first=" "
for pat in "${LONG_FIRST[@]}"; do
  for i in "${!TASKS[@]}"; do
    case "${TASKS[$i]}" in $pat) order+=("$i"); first="$first$i " ;; esac
  done
done
for i in "${!TASKS[@]}"; do
  case "$first" in *" $i "*) ;; *) order+=("$i") ;; esac
done
running=0
for i in "${order[@]}"; do
  if [ $running -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
  run_task "$i" &
  running=$((running + 1))
done
wait

for i in "${!TASKS[@]}"; do cat "$top/out/$i"; done
pass=$(cat "$top"/out/* | grep -c '^\[PASS\]')
fail=$(cat "$top"/out/* | grep -c '^\[FAIL\]')
[ -n "${TIMES:-}" ] && cat "$top"/time/* | sort -rn | head -"$TIMES"
elapsed=$(echo "$(date +%s.%N) $started" | awk '{s = $1 - $2; printf "%dm%02ds", s / 60, s % 60}')
hits=$(wc -l <"$top/cache_hits")
from_cache=
[ "$hits" -gt 0 ] && from_cache=", $hits golden nvcc builds from $CACHE"
echo "wall time: $elapsed ($JOBS jobs at a time, nproc $(nproc 2>/dev/null || echo ?)$from_cache)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
