# The math library, chosen at import by the device (FlagGems' flag_gems.utils.triton_lang_helper):
# tl2cu does not run the call, and a -D of the name gives it.
import platform

try:
    math_shim = __import__(platform.machine() + "_math").module()
except ImportError:
    import triton

    math_shim = triton.language.math
