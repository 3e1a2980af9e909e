#!/bin/sh
# Translate every DIR/batch_*.py with build/tl2cu and build one .so per batch (see build.py).
exec python3 "$(dirname "$0")/build.py" "$@"
