"""GPU check of tl.load(..., volatile=True) (tests/golden/volatile_load.py) against Triton.

wait_flag runs two programs: program 1 copies x with a volatile masked block load and then
sets a flag with an atomic; program 0 reads the flag with volatile loads until it is set
(at most 10^7 reads) and stores what it saw. Both Triton and the tl2cu translation must
see 7 and copy x alike. A translation whose flag load is a plain load, read once before
the loop, stores 0. Prints one line per case and "N passed, N failed".
"""
import torch

import gpulib


def wait_flag(lib, mod, tally):
    for trial in range(3):
        x = torch.arange(128, device="cuda", dtype=torch.float32) * 0.5

        def make():
            return [torch.zeros(1, device="cuda", dtype=torch.int32), torch.full((1,), -5, device="cuda", dtype=torch.int32),
                    x.clone(), torch.full((128,), float("nan"), device="cuda")]

        ref, got, err = gpulib.both(lib, mod, "wait_flag", 2, make, (), dict(BLOCK=128))
        want_y = torch.where(torch.arange(128, device="cuda") < 100, x, torch.full_like(x, -1.0))
        gpulib.check(tally, f"wait_flag #{trial}: volatile flag and block loads", ref, got, err,
                     model=[torch.tensor([7], device="cuda", dtype=torch.int32),
                            torch.tensor([7], device="cuda", dtype=torch.int32), x, want_y])


def main():
    lib = gpulib.library("volatile_load")
    mod = gpulib.golden_module("volatile_load")
    tally = gpulib.Tally()
    try:
        wait_flag(lib, mod, tally)
    except Exception as e:  # (Triton may refuse a construct: reported, not hidden)
        tally.case(False, f"wait_flag: {type(e).__name__}: {' / '.join(str(e).splitlines()[-3:]) if str(e) else ''}")
    tally.finish()


if __name__ == "__main__":
    main()
