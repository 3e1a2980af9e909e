# Version checks around kernels as mamba and fla write them: packaging.version.parse /
# Version of triton.__version__ (Triton 3.6's for tl2cu) decide which jit function a kernel calls.
# tl2cu: -s 'k:*fp32:16, 64'
import triton
import triton.language as tl
from packaging import version
from packaging.version import Version

TRITON3 = version.parse(triton.__version__) >= version.parse("3.0.0")
OLD = Version(triton.__version__) < Version("3.6")
SAME = version.parse("3.0") == version.parse("3.0.0")

if TRITON3 and not OLD and SAME:
    @triton.jit
    def softplus(dt):
        return tl.math.log(tl.math.exp(dt) + 1)
else:
    @triton.jit
    def softplus(dt):
        return dt


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    tl.store(x_ptr + o, softplus(tl.load(x_ptr + o)))
