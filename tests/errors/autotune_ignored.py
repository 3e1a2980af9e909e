# What Triton's autotuner runs around its trials, which tl2cu's does not: hooks are warnings
# (status 0); prune_configs_by and reset_to_zero, which leave the results as Triton's, are notes.
import triton
import triton.language as tl


def zero_out(nargs):
    nargs["y_ptr"].zero_()


@triton.autotune(
    configs=[triton.Config({"BLOCK": 128}, num_warps=4, pre_hook=zero_out), triton.Config({"BLOCK": 256}, num_warps=4)],
    key=["n"],
    prune_configs_by={"early_config_prune": None, "perf_model": None, "top_k": 1},
    reset_to_zero=["y_ptr"],
    restore_value=["x_ptr"],
    post_hook=None,
)
@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(y_ptr, tl.sum(tl.load(x_ptr + i, mask=i < n, other=0.0), axis=0))
