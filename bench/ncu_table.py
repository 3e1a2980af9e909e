"""Prints the ncu --csv --page raw output (stdin) as one line per kernel.

    python3 bench/ncu_table.py METRIC,METRIC,... < ncu.csv

Only the named metrics' columns (a metric asked for as x.sum is the column x.sum):
ncu's raw page also carries a column for every device attribute."""
import csv
import sys

wanted = sys.argv[1].split(",") if len(sys.argv) > 1 else None
rows = list(csv.reader(sys.stdin))
head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
cols = rows[head]
shown = [k for k in cols if (k in wanted if wanted else "__" in k and not k.startswith("device__attribute"))]
for r in rows[head + 2:]:
    d = dict(zip(cols, r))
    if not d.get("Kernel Name"):
        continue
    fields = " ".join(f"{k.split('.')[0]}{'%' if '.pct_of_' in k else ''}={d[k]}" for k in shown)
    print(d["Kernel Name"][:36].ljust(36), fields)
