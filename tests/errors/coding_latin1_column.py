# -*- coding: latin-1 -*-
import triton
import triton.language as tl

LABEL = "café" + $
