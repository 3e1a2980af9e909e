# -*- coding: ascii -*-
import triton

NAME = "café"
