import triton
[2Jÿþ binary
