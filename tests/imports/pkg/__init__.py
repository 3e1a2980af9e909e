# A package's __init__ re-exports names of its modules; importing pkg.x never needs the rest.
from .consts import BLOCK_DEFAULT, SCALE
from .ops import twice as double
from .sub.mod import *
