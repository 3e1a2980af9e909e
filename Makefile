# tl2cu: build, test, demo, install, uninstall.
# `make` builds build/tl2cu; the tree-sitter runtime and the Python grammar are
# pinned in grammar/package.json + package-lock.json and fetched from the npm
# registry the first time (npm ci --ignore-scripts), never at any other time.

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror
# (missing initializers are zeros: a Loc written {line, col, end} is the input file's, file 0)
WARN    += -Wno-missing-field-initializers
TS       = grammar/node_modules/tree-sitter/vendor/tree-sitter/lib
PY       = grammar/node_modules/tree-sitter-python/src
BUILD    = build
# translator/: main.c (the pipeline) and tl2cu.h (the IR and each stage's entry points) over
# support/ (memory, strings, diagnostics), ir/ (the IR's own facts), front/ (Python to IR),
# passes/ (analyses and decisions recorded in the IR) and codegen/ (printing CUDA); each layer
# calls only those before it (tests/layers_check.py).
LAYERS   = support ir front passes codegen
SRCS     = translator/main.c $(foreach d,$(LAYERS),$(wildcard translator/$(d)/*.c))
HDRS     = translator/tl2cu.h $(wildcard translator/*/*.h)
OBJS     = $(SRCS:translator/%.c=$(BUILD)/obj/%.o)
GRAMMAR  = $(BUILD)/obj/ts_lib.o $(BUILD)/obj/ts_parser.o $(BUILD)/obj/ts_scanner.o
PREFIX  ?= /usr/local

all: $(BUILD)/tl2cu

$(PY)/parser.c $(PY)/scanner.c $(TS)/src/lib.c &: grammar/package.json grammar/package-lock.json
	cd grammar && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(PY)/parser.c $(PY)/scanner.c $(TS)/src/lib.c

$(BUILD)/obj/%.o: translator/%.c $(HDRS) $(TS)/src/lib.c | $(BUILD)/obj
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(WARN_EXTRA) -Itranslator -I$(TS)/include -c $< -o $@

# third-party C: its own flags, no -Werror
$(BUILD)/obj/ts_lib.o: $(TS)/src/lib.c | $(BUILD)/obj
	$(CC) $(CFLAGS) -std=c11 -D_DEFAULT_SOURCE -I$(TS)/include -I$(TS)/src -w -c $< -o $@
$(BUILD)/obj/ts_parser.o: $(PY)/parser.c | $(BUILD)/obj
	$(CC) $(CFLAGS) -std=c11 -I$(PY) -w -c $< -o $@
$(BUILD)/obj/ts_scanner.o: $(PY)/scanner.c $(PY)/parser.c | $(BUILD)/obj
	$(CC) $(CFLAGS) -std=c11 -I$(PY) -w -c $< -o $@

$(BUILD)/tl2cu: $(OBJS) $(GRAMMAR)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -lm -o $@

$(BUILD)/obj:
	mkdir -p $@

$(BUILD)/unit_tests: tests/unit.c $(filter-out $(BUILD)/obj/main.o,$(OBJS)) $(GRAMMAR)
	$(CC) $(CFLAGS) -std=c11 -Wall -Wextra -I$(TS)/include $^ -lm -o $@

# The main job: translate every bundled sample (and compile it with nvcc when present).
demo: $(BUILD)/tl2cu
	$(MAKE) -C samples all
	@samples="$$($(MAKE) -s -C samples list)"; \
	echo "demo: $$(echo $$samples | wc -w) samples translated by $(BUILD)/tl2cu into $(BUILD)/samples/NAME/kernel.cu and built:"; \
	for s in $$samples; do d=$(BUILD)/samples/$$s; \
	  printf '  %-24s kernel.cu%s%s\n' $$s "$$([ -x $$d/$$s ] && echo ", host program $$s")" \
	    "$$([ -f $$d/libkernel.so ] && echo ", libkernel.so")"; done; \
	echo "each host program checks its kernel on a GPU: $(BUILD)/samples/vector_add/vector_add"

# The side-by-side benchmark, on a GPU machine (see bench/bench.py): writes docs/PERFORMANCE.md.
bench: $(BUILD)/tl2cu
	$(MAKE) -C samples all
	python3 bench/bench.py --out docs/PERFORMANCE.md

# The inputs of the GPU checks, translated here (a machine without a GPU) so that the GPU
# machine only runs nvcc: build/samples/* and build/gpu/{ops,heuristics,inplace,packed,int_wrap}.cu.
gpu-inputs: $(BUILD)/tl2cu
	$(MAKE) -C samples translate
	@mkdir -p $(BUILD)/gpu
	$(BUILD)/tl2cu tests/golden/ops.py -o $(BUILD)/gpu/ops.cu
	$(BUILD)/tl2cu tests/golden/heuristics.py -o $(BUILD)/gpu/heuristics.cu
	$(BUILD)/tl2cu tests/golden/inplace_autotune.py -o $(BUILD)/gpu/inplace.cu
	$(BUILD)/tl2cu tests/golden/packed.py -o $(BUILD)/gpu/packed.cu
	$(BUILD)/tl2cu tests/golden/int_wrap.py -o $(BUILD)/gpu/int_wrap.cu
	$(BUILD)/tl2cu tests/golden/tuple_assign.py -o $(BUILD)/gpu/tuple_assign.cu
	$(BUILD)/tl2cu tests/golden/tuple_reduce.py -o $(BUILD)/gpu/tuple_reduce.cu
	$(BUILD)/tl2cu tests/golden/returning_if.py -o $(BUILD)/gpu/returning_if.cu
	$(BUILD)/tl2cu tests/golden/map_elementwise.py -o $(BUILD)/gpu/map_elementwise.cu
	$(BUILD)/tl2cu tests/golden/dot.py -o $(BUILD)/gpu/dot.cu
	$(BUILD)/tl2cu tests/golden/staged_store_indices.py -o $(BUILD)/gpu/staged_store_indices.cu
	$(BUILD)/tl2cu tests/golden/fp4_decode.py -o $(BUILD)/gpu/fp4_decode.cu
	$(BUILD)/tl2cu tests/golden/wgmma_reps.py -o $(BUILD)/gpu/wgmma_reps.cu
	$(BUILD)/tl2cu tests/golden/wgmma_reps8.py -o $(BUILD)/gpu/wgmma_reps8.cu
	$(BUILD)/tl2cu tests/golden/dot.py --target sm_90 -o $(BUILD)/gpu/dot_mma.cu
	$(BUILD)/tl2cu tests/golden/mma_reduce.py -o $(BUILD)/gpu/mma_reduce.cu
	$(BUILD)/tl2cu tests/golden/mma_reduce.py --target sm_90 -o $(BUILD)/gpu/mma_reduce_mma.cu
	$(BUILD)/tl2cu tests/golden/one_element_slice.py -o $(BUILD)/gpu/one_element_slice.cu
	$(BUILD)/tl2cu tests/golden/scaled_dot.py -o $(BUILD)/gpu/scaled_dot.cu
	$(BUILD)/tl2cu tests/golden/loaded_scalar_mask.py -o $(BUILD)/gpu/loaded_scalar_mask.cu
	$(BUILD)/tl2cu tests/golden/unit_stride_operand.py -o $(BUILD)/gpu/unit_stride_operand.cu
	for g in assigned_scalars returned_scalars reduce_unit_dim constexpr_value std_softmax std_module constexpr_decorated blockptr_member_advance py_math_constants core_module cast_same_type minmax_zero fma_choice fma_rank dot_carried_transposed dot_store_transposed ifexp_effects; do \
	  $(BUILD)/tl2cu tests/golden/$$g.py -o $(BUILD)/gpu/$$g.cu || exit 1; done
	$(BUILD)/tl2cu tests/golden/one_element_slice.py --target sm_90 -o $(BUILD)/gpu/one_element_slice_mma.cu
	$(BUILD)/tl2cu tests/golden/matmul.py -o $(BUILD)/gpu/matmul.cu
	$(BUILD)/tl2cu tests/golden/matmul.py --target sm_90 -o $(BUILD)/gpu/matmul_mma.cu
	$(BUILD)/tl2cu tests/golden/pipeline.py -o $(BUILD)/gpu/pipeline.cu
	$(BUILD)/tl2cu tests/golden/pipeline.py --num-stages 1 -o $(BUILD)/gpu/pipeline_unpipelined.cu
	$(BUILD)/tl2cu tests/golden/pipeline.py --target sm_90a -o $(BUILD)/gpu/pipeline_wgmma.cu
	$(BUILD)/tl2cu tests/golden/wgmma.py -o $(BUILD)/gpu/wgmma.cu
	$(BUILD)/tl2cu tests/golden/matmul.py -D BLOCK_SIZE_N=256 -D BLOCK_SIZE_K=64 -o $(BUILD)/gpu/matmul_256.cu
	$(BUILD)/tl2cu tests/golden/matmul.py -s 'matmul_kernel:*fp32,*fp32,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32' \
	  -o $(BUILD)/gpu/matmul_tf32.cu
	$(BUILD)/tl2cu tests/golden/matmul.py -s 'matmul_kernel:*fp8e4nv,*fp8e4nv,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32' \
	  -o $(BUILD)/gpu/matmul_fp8.cu
	$(BUILD)/tl2cu samples/matmul_autotune/kernel.py -s 'matmul_kernel:*fp32,*fp32,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32' \
	  -o $(BUILD)/gpu/matmul_autotune_tf32.cu
	for d in 64 128; do \
	  $(BUILD)/tl2cu samples/flash_attention/kernel.py -D HEAD_DIM=$$d -o $(BUILD)/gpu/attention_d$$d.cu || exit 1; \
	  $(BUILD)/tl2cu samples/flash_attention/kernel.py -D HEAD_DIM=$$d -D STAGE=3 -o $(BUILD)/gpu/attention_d$${d}_causal.cu || exit 1; \
	done
	$(BUILD)/tl2cu tests/golden/volatile_load.py -o $(BUILD)/gpu/volatile_load.cu
	$(BUILD)/tl2cu tests/golden/wide_transpose.py -o $(BUILD)/gpu/wide_transpose.cu
	$(BUILD)/tl2cu tests/golden/large_scratch.py -o $(BUILD)/gpu/large_scratch.cu
	for s in softmax rms_norm layer_norm; do $(BUILD)/tl2cu samples/$$s/kernel.py -o $(BUILD)/gpu/sample_$$s.cu || exit 1; done
	$(BUILD)/tl2cu tests/golden/loop_pointers.py -o $(BUILD)/gpu/loop_pointers.cu
	$(BUILD)/tl2cu tests/golden/rolled_reduce.py -o $(BUILD)/gpu/rolled_reduce.cu
	$(BUILD)/tl2cu tests/golden/libdevice.py -o $(BUILD)/gpu/libdevice.cu
	$(BUILD)/tl2cu tests/golden/half_reduce.py -o $(BUILD)/gpu/half_reduce.cu
	$(BUILD)/tl2cu tests/golden/heuristic_pow2.py -o $(BUILD)/gpu/heuristic_pow2.cu
	$(BUILD)/tl2cu tests/golden/heuristics_autotune.py -o $(BUILD)/gpu/heuristics_autotune.cu
	$(BUILD)/tl2cu tests/golden/heuristics_above_autotune.py -o $(BUILD)/gpu/heuristics_above_autotune.cu
	$(BUILD)/tl2cu tests/golden/autotune_forms.py -o $(BUILD)/gpu/autotune_forms.cu
	$(BUILD)/tl2cu tests/golden/half_specials.py -o $(BUILD)/gpu/half_specials.cu
	$(BUILD)/tl2cu tests/golden/int_to_half.py -o $(BUILD)/gpu/int_to_half.cu
	$(BUILD)/tl2cu tests/golden/fuzz_regress.py -o $(BUILD)/gpu/fuzz_regress.cu
	$(BUILD)/tl2cu tests/golden/atomics.py -o $(BUILD)/gpu/atomics.cu
	$(BUILD)/tl2cu tests/golden/fp8_ops.py -o $(BUILD)/gpu/fp8_ops.cu
	$(BUILD)/tl2cu tests/golden/random.py -o $(BUILD)/gpu/random.cu
	$(BUILD)/tl2cu tests/golden/constexpr_kinds.py -o $(BUILD)/gpu/constexpr_kinds.cu
	$(BUILD)/tl2cu tests/golden/debug_print.py -o $(BUILD)/gpu/debug_print.cu
	$(BUILD)/tl2cu tests/golden/pointer_type.py -o $(BUILD)/gpu/pointer_type.cu
	$(BUILD)/tl2cu tests/golden/swizzle.py -o $(BUILD)/gpu/swizzle.cu
	$(BUILD)/tl2cu tests/golden/gather_ops.py -o $(BUILD)/gpu/gather_ops.cu
	$(BUILD)/tl2cu tests/golden/block_ptr.py -o $(BUILD)/gpu/block_ptr.cu
	$(BUILD)/tl2cu tests/golden/dtype_attrs.py -o $(BUILD)/gpu/dtype_attrs.cu
	$(BUILD)/tl2cu tests/golden/sort_ops.py -o $(BUILD)/gpu/sort_ops.cu
	$(BUILD)/tl2cu tests/golden/inline_asm.py -o $(BUILD)/gpu/inline_asm.cu
	for f in tests/spelling/*/*.py; do d=$$(basename $$(dirname $$f)); \
	  $(BUILD)/tl2cu $$f -o $(BUILD)/gpu/spelling_$${d}_$$(basename $$f .py).cu || exit 1; done

# The build runs $(nproc) jobs too (a clean clone's make test starts with it); run.sh's wall
# time counts from here.
test:
	@started=$$(date +%s.%N); $(MAKE) --no-print-directory -j"$$(nproc 2>/dev/null || echo 2)" $(BUILD)/tl2cu && \
	  TL2CU_TEST_STARTED=$$started tests/run.sh

update-golden: $(BUILD)/tl2cu
	tests/run.sh --update

asan:
	$(MAKE) BUILD=$(BUILD)/asan CFLAGS="-O0 -g -fsanitize=address,undefined -fno-omit-frame-pointer" \
	  WARN_EXTRA=-Wno-format-truncation $(BUILD)/asan/tl2cu

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the binary, the runtime header, the man
# page and a pkg-config file. The header goes to PREFIX/include, beside PREFIX/bin, because
# that is where `tl2cu --print-include-dir` and the depfiles look for it (bin/../include):
# hence no separate BINDIR/INCLUDEDIR to set apart.
DEST     = $(DESTDIR)$(PREFIX)
RUNTIME  = $(wildcard runtime/*.cuh)
VERSION  = $(shell sed -n 's/.*TL2CU_VERSION "\(.*\)"/\1/p' translator/tl2cu.h)

install: $(BUILD)/tl2cu
	install -d "$(DEST)/bin" "$(DEST)/include" "$(DEST)/share/man/man1" "$(DEST)/share/pkgconfig"
	install -m 755 $(BUILD)/tl2cu "$(DEST)/bin/tl2cu"
	install -m 644 $(RUNTIME) "$(DEST)/include"
	install -m 644 docs/tl2cu.1 "$(DEST)/share/man/man1/tl2cu.1"
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' docs/tl2cu.pc.in >"$(DEST)/share/pkgconfig/tl2cu.pc"

uninstall:
	rm -f "$(DEST)/bin/tl2cu" $(RUNTIME:runtime/%="$(DEST)/include/%") \
	  "$(DEST)/share/man/man1/tl2cu.1" "$(DEST)/share/pkgconfig/tl2cu.pc"

clean:
	rm -rf $(BUILD)

.PHONY: gpu-inputs all demo bench test update-golden asan install uninstall clean
