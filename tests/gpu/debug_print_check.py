"""GPU conformance of tests/golden/debug_print.py: device_print's lines and device_assert's
failures against Triton's.

Each case runs in a child process per tool (printf output is flushed to stdout at
synchronization, and a failed assertion leaves the CUDA context unusable), on the same
inputs. Lines come from all threads in an order the hardware picks: compared sorted,
as multisets (how often an element is printed is how many threads hold it). Pointer
values (%p) differ between processes and are masked.
Prints one line per case, then "N passed, N failed".
"""
import ctypes
import os
import re
import subprocess
import sys

import gpulib

CASES = {  # name -> (grid, inputs)
    "print_scalars": 2,
    "print_block": 2,
    "print_dtypes": 1,
    "print_2d": 1,
    "checked_ok": 1,
    "checked_fails": 1,
    "unchecked_fails": 1,
    "overflow_ok": 1,
    "overflow_fails": 1,
}


def inputs(case):
    import torch
    dev = "cuda"
    if case == "print_scalars":
        return [torch.arange(16, dtype=torch.int32, device=dev) * 3 - 7], [21]
    if case == "print_block":
        x = torch.arange(32, dtype=torch.int32, device=dev) * 37 - 500
        y = torch.linspace(-2.5, 3.25, 32, dtype=torch.float32, device=dev)
        return [x, y], [27]  # the second program's last elements are masked
    if case == "print_dtypes":
        r = torch.arange(8, device=dev)
        return [(r * 41 - 128).to(torch.int8), (r * 37).to(torch.uint8), r.to(torch.int64) * -123456789012,
                (r.to(torch.float16) / 3 - 1), (r.to(torch.bfloat16) * 1.7 - 3),
                r.to(torch.float64) * 12345.678901 + 1e-9], []  # (fp64 printed through fp32 showed: 12345.678711)
    if case == "print_2d":
        return [(torch.arange(64, dtype=torch.int32, device=dev) * 7919) % 1000], []
    if case.startswith("overflow"):  # x * 1000000 - n in int32: 2147 is the largest x that fits
        x = torch.arange(128, dtype=torch.int32, device=dev) % 2000
        if case == "overflow_fails":
            x[7] = 2148
        return [x], [100]
    x = torch.arange(128, dtype=torch.int32, device=dev) % 90
    if case != "checked_ok":
        x[5] = 150  # fails x < 100 ...
        x[120] = 150  # ... and here, beyond n = 100: masked, not checked
    return [x], [100]


def kernel_of(case):
    return case.split("_")[0] if case.split("_")[0] in ("checked", "unchecked", "overflow") else case


def child(tool, case):
    """Runs one case with one tool; its stdout and stderr are the parent's evidence."""
    import torch
    tensors, scalars = inputs(case)
    name = kernel_of(case)
    grid = CASES[case]
    if tool == "triton":
        getattr(gpulib.golden_module("debug_print"), name)[(grid,)](*tensors, *scalars)
    else:
        lib = ctypes.CDLL(os.path.join(gpulib.ROOT, "build", "gpu", "libdebug_print.so"))
        launcher = getattr(lib, name + "_grid")
        launcher.restype = ctypes.c_int
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        err = launcher(stream, grid, 1, 1, *[ctypes.c_void_p(t.data_ptr()) for t in tensors],
                       *[ctypes.c_int32(v) for v in scalars])
        if err:
            print(f"LAUNCH-ERROR {err}")
    try:
        torch.cuda.synchronize()
        if name in ("checked", "unchecked", "overflow"):
            print("RESULT", tensors[0].tolist())
    except RuntimeError as e:
        print("SYNC-ERROR", "device-side assert" in str(e) or "assert" in str(e).lower())
    sys.stdout.flush()


def run(tool, case):
    p = subprocess.run([sys.executable, __file__, "--child", tool, case], capture_output=True, text=True, timeout=120)
    out = p.stdout + p.stderr
    out = re.sub(r"ptr: (0x[0-9a-f]+|\(nil\))", "ptr: <pointer>", out)
    return out


def assertion_lines(out):
    """CUDA's assertion messages, from the ':LINE: FUNC: block...' part on (the file
    path is how each tool was given the file)."""
    return sorted(re.sub(r"^.*?(:\d+: \w+: block:)", r"\1", l) for l in out.splitlines() if "Assertion" in l)


def main():
    gpulib.library("debug_print")  # built once, loaded by the children
    tally = gpulib.Tally()
    for case in CASES:
        ref, got = run("triton", case), run("tl2cu", case)
        if case.startswith("print"):
            ref_lines = sorted(l for l in ref.splitlines() if l.startswith("pid ("))
            got_lines = sorted(l for l in got.splitlines() if l.startswith("pid ("))
            same = ref_lines == got_lines and len(ref_lines) > 0
            detail = f"{len(got_lines)} lines, Triton {len(ref_lines)}"
            if not same:
                missing = sorted(set(ref_lines) - set(got_lines))[:3]
                extra = sorted(set(got_lines) - set(ref_lines))[:3]
                detail += f"; only Triton's: {missing}; only ours: {extra}"
                if not ref_lines:
                    detail += f"; Triton printed: {ref[-600:]!r}"
            tally.case(same, f"{case}: {detail}")
        else:
            ref_asserts, got_asserts = assertion_lines(ref), assertion_lines(got)
            ref_result = [l for l in ref.splitlines() if l.startswith(("RESULT", "SYNC-ERROR"))]
            got_result = [l for l in got.splitlines() if l.startswith(("RESULT", "SYNC-ERROR"))]
            same = ref_asserts == got_asserts and ref_result == got_result and ref_result
            expect_fail = case in ("checked_fails", "overflow_fails")
            same = same and (bool(got_asserts) == expect_fail)
            tally.case(same, f"{case}: assertions {got_asserts[:2]} (Triton {ref_asserts[:2]}); "
                             f"outcome {[r[:40] for r in got_result]} (Triton {[r[:40] for r in ref_result]})")
    tally.finish()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        main()
