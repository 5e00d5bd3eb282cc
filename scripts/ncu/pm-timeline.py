#!/usr/bin/env python3
"""DRAM read and write throughput over one launch, from Nsight Compute's PM sampling.

Reads the CSV that `ncu --import R --page raw --csv --print-metric-instances values` writes for a
report profiled with `--section PmSampling`, and prints one line per sample while the DRAM is
busy: time from the first busy sample (us), read and write throughput (% of the DRAM's peak), and
a bar. Then a summary: by when a quarter, half, three quarters and all of the sampled reads and
writes were done, how long the DRAM was busy and its mean over that span, and when the writes
first reach a tenth of the peak. (Writes reach the DRAM when the L2 evicts them, so at sizes near
the L2's they lag the kernel's stores.)

    scripts/ncu/pm-timeline.py pm-staged-raw.csv
"""
import csv
import re
import sys

READ = "dramc__read_throughput.avg.pct_of_peak_sustained_elapsed"
WRITE = "dramc__write_throughput.avg.pct_of_peak_sustained_elapsed"
INTERVAL = "profiler__pmsampler_interval_time"


def samples(cell):
    """The instance values of one metric cell: 'total (v0; v1; ...)'."""
    match = re.search(r"\((.*)\)", cell)
    if not match:
        return []
    return [float(v.replace(",", "")) for v in match.group(1).split(";")]


def when_done(series, fraction):
    """The sample by whose end `fraction` of the series' sum has passed."""
    total, done = sum(series), 0.0
    for i, value in enumerate(series):
        done += value
        if done >= fraction * total:
            return i
    return len(series) - 1


def main(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    header = next((r for r in rows if "Kernel Name" in r), None)
    data = [] if header is None else [
        r for r in rows[rows.index(header) + 1:] if len(r) == len(header) and r[0].isdigit()]
    if not data:
        sys.exit(f"{path}: no profiled launch in the file (did ncu fail?)")
    row = dict(zip(header, data[0]))
    cell = {name: next((v for k, v in row.items() if k.endswith(name)), None)
            for name in (READ, WRITE)}
    if None in cell.values() or INTERVAL not in row:
        sys.exit(f"{path}: no PM sampling in the report (profile it with --section PmSampling)")
    read, write = samples(cell[READ]), samples(cell[WRITE])
    interval_us = float(row[INTERVAL].split()[0])
    busy = [i for i in range(len(read)) if read[i] + write[i] >= 1.0]
    if not busy:
        sys.exit(f"{path}: the DRAM was never busy in the samples")
    first, last = busy[0], busy[-1]
    print(f"# {row['Kernel Name'][:100]}")
    print(f"# block {row['Block Size']}, grid {row['Grid Size']}, duration "
          f"{float(row['gpu__time_duration.sum']):.2f} us, one sample every {interval_us} us")
    print("    t us   read %  write %   total")
    for i in range(first, last + 1):
        total = read[i] + write[i]
        bar = "r" * round(read[i] / 4) + "w" * round(write[i] / 4)
        print(f"{(i - first) * interval_us:8.1f} {read[i]:8.1f} {write[i]:8.1f} {total:7.1f}  {bar}")
    for name, series in (("reads", read), ("writes", write)):
        print(f"# {name}: a quarter, half, three quarters, all of the launch's sampled bytes by "
              + ", ".join(f"{(when_done(series, q) - first) * interval_us:.1f}"
                          for q in (0.25, 0.5, 0.75, 0.999)) + " us")
    span = last - first + 1
    mean = sum(read[i] + write[i] for i in range(first, last + 1)) / span
    writes_from = next((i for i in range(first, last + 1) if write[i] >= 10.0), None)
    writes = ("writes never reach 10 %" if writes_from is None else
              f"writes reach 10 % at {(writes_from - first) * interval_us:.1f} us")
    print(f"# busy for {span} samples ({span * interval_us:.1f} us), mean {mean:.1f} % of peak;"
          f" {writes}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
