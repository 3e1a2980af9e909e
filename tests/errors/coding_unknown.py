# vim: set fileencoding=klingon :
import triton
