# tl2cu: -s 'starred_host:*fp32:16, i32, 128'
# Valid Python that tree-sitter-python 0.25 does not parse as written: a starred element outside
# brackets that is not a name, attribute or subscript (FLA's pack.py, an autograd backward's
# `return dx, *[None] * 10`). tl2cu parses such a statement again parenthesized, the same tuple;
# it had refused the whole file as a syntax error. tree-sitter may report the error lines after
# the statement, blank and comment lines between (backward_spaced: refused until they were skipped),
# or at a later one when it recovered from an earlier (backward_after_return: the first such
# statement up to the error is parenthesized then).
import triton
import triton.language as tl


def backward(dx, rest):
    grads = dx, *[None] * 10  # one gradient, then none
    return dx, *[None] * len(rest), grads[0]


def backward_after_return(dx, rest):
    grads = dx, *[None] * 10
    return dx, *[None] * len(rest), grads[0]


    grads = dx, *[None] * 2


def backward_spaced(dx, rest):
    grads = dx, *[None] * 2

    # then the rest
    return dx, *[None] * len(rest), grads[0]


@triton.jit
def starred_host(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
