#!/usr/bin/env python3
"""Medians of Nsight Compute's per-launch metrics, by kernel, from ncu's plain text output.

Reads what `ncu --metrics A,B,... ./probe` printed (the details page, one block per launch) and
prints, for each kernel (its template arguments kept, so each shape of a probe is a row), the
launches seen and the median of each metric, with its unit. Launches missing a metric are left
out.

    scripts/ncu/launch-metrics.py ncu-2p24.txt [more.txt ...]
"""
import re
import statistics
import sys

LAUNCH = re.compile(r"^\s{2}(\S.*?)\s+\(\d+, \d+, \d+\)x\(\d+, \d+, \d+\)")
METRIC = re.compile(r"^\s+([a-z0-9_]+__[a-z0-9_.]+)\s+(\S+)\s+([\d.,]+)\s*$")


def kernel_name(signature):
    """The kernel's name with its template arguments, without its namespace and parameters."""
    name = re.sub(r"^void ", "", signature)
    name = re.sub(r"\(.*$", "", name)
    return name.split("::")[-1] if "<" not in name else re.sub(r"^.*::(?=[^:<]*<)", "", name)


def read(path):
    launches = []  # (kernel, {metric: (value, unit)})
    with open(path, encoding="utf-8", errors="replace") as text:
        for line in text:
            launch = LAUNCH.match(line)
            if launch:
                launches.append((kernel_name(launch.group(1)), {}))
                continue
            metric = METRIC.match(line)
            if metric and launches:
                value = float(metric.group(3).replace(",", ""))
                launches[-1][1][metric.group(1)] = (value, metric.group(2))
    return launches


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    for path in sys.argv[1:]:
        launches = read(path)
        names = sorted({m for _, metrics in launches for m in metrics})
        print(f"== {path}")
        kernels = list(dict.fromkeys(k for k, _ in launches))
        for kernel in kernels:
            complete = [m for k, m in launches if k == kernel and len(m) == len(names)]
            if not complete:
                continue
            cells = []
            for name in names:
                values = [m[name][0] for m in complete]
                units = {m[name][1] for m in complete}
                unit = units.pop() if len(units) == 1 else "?"
                cells.append(f"{name} {statistics.median(values):.2f} {unit}")
            print(f"{kernel}: {len(complete)} launches; " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
