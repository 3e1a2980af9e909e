"""Collect the Triton kernels PyTorch Inductor writes for a few small models (on a GPU machine).

Runs torch.compile on models written here (an MLP with GELU, a transformer block with layer
norm, softmax attention and SwiGLU, an RMS-norm residual stack, a conv net's batch-norm and
activation epilogues, a cross-entropy loss with its backward) and copies every generated
kernel file from Inductor's cache into OUT/kernels (one @triton.jit kernel a file, as Inductor
writes them), with OUT/manifest.json naming the model each came from.

    python3 tests/inductor/collect.py OUT
"""
import glob
import json
import os
import shutil
import sys

OUT = None
if __name__ == "__main__":  # (check.py imports the models and sets its own cache)
    OUT = os.path.abspath(sys.argv[1])
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(OUT, "cache")
    os.environ.setdefault("TORCHINDUCTOR_FX_GRAPH_CACHE", "0")
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(512, 2048)
        self.b = nn.Linear(2048, 512)

    def forward(self, x):
        return self.b(F.gelu(self.a(x), approximate="tanh")) + x


class Block(nn.Module):
    def __init__(self, d=256, h=4):
        super().__init__()
        self.h = h
        self.ln1 = nn.LayerNorm(d)
        self.ln2 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.w1 = nn.Linear(d, 4 * d)
        self.w3 = nn.Linear(d, 4 * d)
        self.w2 = nn.Linear(4 * d, d)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(D, dim=-1)
        q = q.view(B, T, self.h, -1).transpose(1, 2)
        k = k.view(B, T, self.h, -1).transpose(1, 2)
        v = v.view(B, T, self.h, -1).transpose(1, 2)
        s = (q @ k.transpose(-1, -2)) * (q.shape[-1] ** -0.5)
        s = s.masked_fill(torch.ones(T, T, device=x.device, dtype=torch.bool).triu(1), float("-inf"))
        y = (s.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D)
        x = x + self.o(y)
        h = self.ln2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class RMSStack(nn.Module):
    def __init__(self, d=1024):
        super().__init__()
        self.w = nn.Parameter(torch.randn(d))
        self.lin = nn.Linear(d, d)

    def forward(self, x):
        for _ in range(2):
            r = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.w
            x = x + torch.tanh(self.lin(r))
        return x


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(3, 32, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(32)
        self.c2 = nn.Conv2d(32, 64, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(64)
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        x = F.relu(self.bn1(self.c1(x)))
        x = F.max_pool2d(x, 2)
        x = F.hardswish(self.bn2(self.c2(x)))
        return self.fc(x.mean((2, 3)))


def loss_step(model, x, target):
    logits = model(x)
    loss = F.cross_entropy(logits, target)
    loss.backward()
    return loss


def kernel_files():
    return set(glob.glob(os.path.join(OUT, "cache", "**", "*.py"), recursive=True))


def model_runs(dev="cuda"):
    """(name, run) for each model: run() compiles the model and runs it once."""
    return [
        ("mlp", lambda: torch.compile(MLP().to(dev))(torch.randn(64, 512, device=dev))),
        ("mlp_fp16", lambda: torch.compile(MLP().to(dev).half())(torch.randn(64, 512, device=dev).half())),
        ("block", lambda: torch.compile(Block().to(dev))(torch.randn(4, 128, 256, device=dev))),
        ("block_bf16", lambda: torch.compile(Block().to(dev).bfloat16())(torch.randn(4, 128, 256, device=dev).bfloat16())),
        ("rms", lambda: torch.compile(RMSStack().to(dev))(torch.randn(32, 1024, device=dev))),
        ("convnet_eval", lambda: torch.compile(ConvNet().to(dev).eval())(torch.randn(8, 3, 32, 32, device=dev))),
        ("convnet_train", lambda: torch.compile(loss_step)(ConvNet().to(dev), torch.randn(8, 3, 32, 32, device=dev),
                                                          torch.randint(0, 10, (8,), device=dev))),
        ("mlp_train", lambda: torch.compile(loss_step)(nn.Sequential(MLP(), nn.Linear(512, 100)).to(dev),
                                                       torch.randn(64, 512, device=dev),
                                                       torch.randint(0, 100, (64,), device=dev))),
    ]


def main():
    manifest = {}
    seen = set()
    runs = model_runs("cuda")
    os.makedirs(os.path.join(OUT, "kernels"), exist_ok=True)
    for name, run in runs:
        try:
            run()
            torch.cuda.synchronize()
        except Exception as e:  # one model failing leaves the others
            print("%s: failed: %s" % (name, e))
        for f in sorted(kernel_files() - seen):
            seen.add(f)
            text = open(f).read()
            if "@triton.jit" not in text:
                continue
            base = "%s_%s" % (name, os.path.basename(f))
            shutil.copy(f, os.path.join(OUT, "kernels", base))
            manifest[base] = {"model": name, "source": os.path.relpath(f, OUT)}
        print("%s: %d kernel files so far" % (name, len(manifest)))
    json.dump(manifest, open(os.path.join(OUT, "manifest.json"), "w"), indent=1)
    shutil.rmtree(os.path.join(OUT, "cache"), ignore_errors=True)
    print("torch %s, triton %s: %d kernel files" % (torch.__version__, __import__("triton").__version__, len(manifest)))


if __name__ == "__main__":
    main()
