# A package whose __init__ imports its own submodule by the package's name, as FlagGems'
# does (`from flag_gems import runtime`), while the modules under it import the same name:
# Python, finding the name not yet bound in the half-run package, imports the submodule.
from cycpkg import rt
from cycpkg.ops import scaled as scaled_op
