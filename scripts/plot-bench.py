#!/usr/bin/env python3
"""Plot a `scanscope bench --format csv` file: time against n (log-log), one line per variant,
with CUB and the device copy of the same bytes; scans and reductions side by side.

    python3 scripts/plot-bench.py bench/results/h100-2026-11-22/run.csv -o plot.png

Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import argparse
import csv
import sys
from collections import defaultdict


def read(path):
    comments, rows = [], []
    with open(path, newline="") as f:
        lines = []
        for line in f:
            (comments if line.startswith("#") else lines).append(line)
    for row in csv.DictReader(lines):
        rows.append(row)
    return comments, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("-o", "--out", required=True, help="PNG to write")
    args = parser.parse_args()
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("plot-bench: matplotlib is missing (apt-get install python3-matplotlib)")

    comments, rows = read(args.csv)
    device = next((c[len("# device: "):].strip() for c in comments if c.startswith("# device: ")), "")
    date = next((c[len("# date: "):].strip() for c in comments if c.startswith("# date: ")), "")
    if not rows:
        sys.exit(f"plot-bench: no rows in {args.csv}")

    # Which panel a row belongs to: reductions move 4 bytes per element, scans 8.
    series = {"scan": defaultdict(list), "reduce": defaultdict(list)}
    for r in rows:
        if r["where"] not in ("gpu", "emulation", "cpu"):
            continue  # the capture rows are another question
        n, ms, bytes_ = int(r["n"]), float(r["median_ms"]), float(r["bytes"])
        panel = "reduce" if abs(bytes_ / n - 4) < 0.5 else "scan"
        name = r["what"] if r["where"] != "emulation" else r["what"] + " (CPU emulation)"
        series[panel][name].append((n, ms))

    fig, axes = plt.subplots(1, 2, figsize=(13, 5.2), dpi=110)
    styles = {"device copy": dict(color="black", linestyle="--"),
              "CUB": dict(color="gray", linestyle="-.")}
    for ax, panel, title in zip(axes, ("scan", "reduce"),
                                ("Scans (8 bytes per element)", "Reductions (4 bytes per element)")):
        for name, points in sorted(series[panel].items()):
            points.sort()
            style = next((s for k, s in styles.items() if name.startswith(k)), {})
            if name.startswith("CPU"):
                style = dict(linestyle=":")
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", markersize=3,
                    label=name, **style)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n (elements)")
        ax.set_ylabel("median time (ms)")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"scanscope bench: {device}  ({date})", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
