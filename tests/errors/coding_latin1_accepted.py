# -*- coding: latin-1 -*-
# A PEP 263 coding cookie: the file is read as Latin-1 (é is one byte), as Python reads it.
import triton
import triton.language as tl

LABEL = "café"


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
