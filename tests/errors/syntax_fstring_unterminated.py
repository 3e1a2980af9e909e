import triton
import triton.language as tl

NAME = f"{'kernel'!r:>{10}} {"x" + "y"}
