# tree-sitter-python takes any letters before a string's quote; Python 3.13 and before take
# only r, u, f, b and their pairs (t"" is 3.14's template string): a syntax error, as Python's.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.device_print(rb"raw" and Rf"ok", tl.load(x_ptr))
    tl.device_print(t"hex", tl.load(x_ptr))
