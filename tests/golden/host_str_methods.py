# str methods in host code (Liger: os.environ.get(NAME, "1").lower() in ("0", "false", "no")):
# lower, upper, strip, lstrip, rstrip, startswith, endswith, isdigit, computed as Python does.
# tl2cu: -s 'k:*fp32, i32'
import os
import triton
import triton.language as tl

_OFF = os.environ.get("TL2CU_TEST_AUTOTUNE", " 1 ").strip().lower() in ("0", "false", "no")
FLAG = "Yes".upper().startswith("YE") and "abc".endswith("bc") and "42".isdigit() and "x ".rstrip() == "x"


@triton.jit
def k(x_ptr, n, OFF: tl.constexpr = _OFF, F: tl.constexpr = FLAG):
    o = tl.arange(0, 128)
    x = tl.load(x_ptr + o, mask=o < n)
    if OFF:
        x = x * 0
    if F:
        x = x + 1
    tl.store(x_ptr + o, x, mask=o < n)
