# Python 3.12 / 3.13 syntax that tree-sitter-python misreads or over-rejects, around a kernel:
# every line here is Python (cpython_check.py's files), so tl2cu translates the file.
import sys

import triton
import triton.language as tl


def describe(name, decorator, d):
    # PEP 701: the same quotes and a backslash inside a replacement field, and a field over lines
    head = f'{f' {decorator}\n' if d else ''} def {name}():'
    total = f"{(
        1 +
        2
    )}"
    return head + total + f'{"\N{LEFT CURLY BRACKET}"}'


def typed(a, b: 1, c: 2, d, e: 3 = 4, f=5, *g: 6, **h: int):  # typed *args end the defaults
    return a


def variadic(*args: *tuple[int, str]):  # PEP 646
    return args


def defaults[T = int, *Ts = *tuple[int, str], **P = [int, dict[str, int]]](x: T) -> T:  # PEP 696 (3.13)
    return x


type Pair[K = str, V = int] = dict[K, V]


class Box[T, *Ts, **P]:
    def method(self):
        nonlocal __class__  # a method's implicit __class__ cell
        return __class__


def outer():
    def inner():
        (sys.
    path)  # a line inside brackets left of its block
        (sys.path) += []
    return inner


def hint():
    print >> sys.stderr, "message"  # Python 2's redirection is a tuple in Python 3
    return sorted([3, 1], key=None, \
                  reverse=True)


def captures(v):
    match v:
        case [x, *rest]:
            pass
        case C(k=a, j={"k": b, **c}) if a:
            pass

    def inner():
        nonlocal x, rest, a, b, c  # match patterns bind names too
        return x
    return inner


@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, \
             mask=offs < n)
