from .cyc_a import LOOP
