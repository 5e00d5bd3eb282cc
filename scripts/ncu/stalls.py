#!/usr/bin/env python3
"""Where a kernel's warps wait: Nsight Compute's per-instruction stall samples, summed by reason,
and the instructions that hold the most samples (with the instruction before, to place them).

    ncu --import r.ncu-rep --page source --csv --print-source sass > r.csv
    scripts/ncu/stalls.py r.csv [--top 10]
"""
import argparse
import csv


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    rows = list(csv.reader(open(args.csv)))
    header, data = rows[1], rows[2:]
    samples = header.index("Warp Stall Sampling (All Samples)")
    executed = header.index("Instructions Executed")
    reasons = [i for i, h in enumerate(header) if h.startswith("stall_") and "Not Issued" not in h]
    count = lambda row, i: int(row[i]) if row[i].isdigit() else 0
    total = sum(count(r, samples) for r in data)
    by_reason = {}
    for r in data:
        for i in reasons:
            by_reason[header[i][6:]] = by_reason.get(header[i][6:], 0) + count(r, i)
    print(f"{rows[0][1]}\n{total} samples")
    for reason, n in sorted(by_reason.items(), key=lambda x: -x[1])[:8]:
        print(f"  {reason:20s} {n:8d}  {100.0 * n / max(total, 1):5.1f} %")
    print(f"\ntop {args.top} instructions (samples, executed, main reasons; the instruction before)")
    order = sorted(range(len(data)), key=lambda k: -count(data[k], samples))[: args.top]
    for k in order:
        r = data[k]
        main_reasons = sorted(((header[i][6:], count(r, i)) for i in reasons if count(r, i)),
                              key=lambda x: -x[1])[:2]
        before = data[k - 1][1].strip()[:32] if k else ""
        print(f"  {r[1].strip()[:48]:48s} {count(r, samples):7d} {r[executed]:>8s} "
              f"{main_reasons}  | {before}")


if __name__ == "__main__":
    main()
