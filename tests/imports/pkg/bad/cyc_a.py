from .cyc_b import LOOP
