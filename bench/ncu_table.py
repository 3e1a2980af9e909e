"""Prints the ncu --csv --page raw output (stdin) as one line per kernel."""
import csv
import sys

rows = list(csv.reader(sys.stdin))
head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
cols = rows[head]
for r in rows[head + 2:]:
    d = dict(zip(cols, r))
    if not d.get("Kernel Name"):
        continue
    fields = " ".join(f"{k.split('__')[-1][:24]}={d[k]}" for k in cols if "__" in k)
    print(d["Kernel Name"][:36].ljust(36), fields)
