"""Shared by the corpus drivers: each calls a library's own functions with realistic shapes.

A driver is a list of steps; each runs on its own (a library function that fails on this
Triton or this machine is reported and the next step runs), and the exit status is the number
of steps that failed. Ragged sizes (not multiples of any block) are part of every list.
"""
import sys
import traceback

STEPS = []


def step(fn):
    """Registers a step of the driver."""
    STEPS.append(fn)
    return fn


def run_steps():
    import torch
    failed = 0
    for fn in STEPS:
        torch.manual_seed(0)
        try:
            fn()
            torch.cuda.synchronize()
            print('driver: ok     %s' % fn.__name__, flush=True)
        except Exception as e:  # noqa: BLE001 -- one library function failing must not stop the others
            failed += 1
            print('driver: FAILED %s: %s: %s' % (fn.__name__, type(e).__name__, str(e)[:300]), flush=True)
            traceback.print_exc(limit=3)
    print('driver: %d of %d steps failed' % (failed, len(STEPS)), flush=True)
    sys.exit(min(failed, 100))


def close(a, b, what, rtol=2e-2, atol=2e-2):
    """A sanity check against the reference (the drop-in harness does the real comparison)."""
    import torch
    a, b = a.float(), b.float()
    if not torch.allclose(a, b, rtol=rtol, atol=atol):
        raise AssertionError('%s: max difference %.3g' % (what, (a - b).abs().max().item()))
