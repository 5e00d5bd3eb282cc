#!/usr/bin/env python3
"""Predicted shared-memory figures (scanscope analyze --json) beside Nsight Compute's counters.

For every case in bench/ncu/cases.txt ("variant n block-threads|-"), this reads ncu's counters
for the timed kernels (`scanscope run`), either from CSV files made earlier (--ncu-dir) or by
running ncu (--run-ncu), takes ScanScope's prediction for the same kernels, and writes a
markdown table. Exit status 1 if any figure differs, 77 if ncu is wanted but missing.

  scripts/ncu/compare.py --scanscope build/app/scanscope --run-ncu --out table.md
"""
import argparse
import csv
import io
import json
import os
import shutil
import subprocess
import sys

METRICS = {
    "load_instructions": "smsp__sass_inst_executed_op_shared_ld.sum",
    "store_instructions": "smsp__sass_inst_executed_op_shared_st.sum",
    "load_wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "store_wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "load_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "store_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
}
FIELDS = list(METRICS)


def read_cases(path):
    """(variant, n, block threads or None, shape, fields measured to vary between runs)."""
    cases = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 3 or line.startswith("#"):
                continue
            shape, varies = "teaching", set()
            for extra in parts[3:]:
                if extra == "timed":
                    shape = "timed"
                elif extra.startswith("varies:"):
                    varies = set(extra[len("varies:"):].split(","))
                    if not varies <= set(FIELDS):
                        raise ValueError(f"{path}: unknown fields {sorted(varies - set(FIELDS))}")
                else:
                    raise ValueError(f"{path}: '{extra}': after the threads come 'timed' and varies:FIELD,...")
            cases.append((parts[0], int(parts[1]), None if parts[2] == "-" else int(parts[2]), shape,
                          varies))
    return cases


def case_args(variant, n, threads, shape):
    args = ["--variant", variant, "--n", str(n), "--shape", shape]
    if threads:
        args += ["--block-threads", str(threads)]
    return args


def parse_ncu_csv(text):
    """One dict of our field names per profiled kernel launch, in launch order."""
    lines = [l for l in text.splitlines() if l.startswith('"')]
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    if len(rows) < 3:
        raise ValueError("no kernels in ncu's output")
    header, data = rows[0], rows[2:]  # rows[1] holds the units
    launches = []
    for row in data:
        record = dict(zip(header, row))
        launches.append({field: int(record[m].replace(",", "")) for field, m in METRICS.items()}
                        | {"kernel": record.get("Kernel Name", "?")})
    return launches


def run_ncu(scanscope, args):
    command = ["ncu", "--clock-control", "none", "--metrics", ",".join(METRICS.values()), "--csv",
               "--page", "raw", scanscope, "run", *args, "--device", "gpu"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def predict(scanscope, args):
    out = subprocess.run([scanscope, "analyze", *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scanscope", required=True)
    parser.add_argument("--cases", default=os.path.join(os.path.dirname(__file__), "../../bench/ncu/cases.txt"))
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--ncu-dir", help="CSV files VARIANT-N.csv from an earlier ncu run")
    source.add_argument("--run-ncu", action="store_true", help="run ncu now (needs a GPU)")
    parser.add_argument("--out", help="write the markdown table here")
    parser.add_argument("--device", default="auto", help="where the prediction's trace is captured")
    parser.add_argument("--save-dir", help="with --run-ncu: keep ncu's CSV files here")
    options = parser.parse_args()

    if options.run_ncu:
        if not shutil.which("ncu"):
            print("ncu (Nsight Compute) is not on PATH: skipped", file=sys.stderr)
            return 77
        info = subprocess.run([options.scanscope, "info"], capture_output=True, text=True).stdout
        if "GPU: " not in info:
            print("no GPU to profile: skipped (" + info.strip().splitlines()[-1] + ")", file=sys.stderr)
            return 77
        if options.save_dir:
            os.makedirs(options.save_dir, exist_ok=True)

    rows, mismatches, varied = [], 0, 0
    for variant, n, threads, shape, varies in read_cases(options.cases):
        args = case_args(variant, n, threads, shape)
        name = f"{variant}-{n}" + ("-timed" if shape == "timed" else "")
        label = variant + (" (timed)" if shape == "timed" else "")
        if options.run_ncu:
            text = run_ncu(options.scanscope, args)
            if options.save_dir:
                with open(os.path.join(options.save_dir, name + ".csv"), "w") as f:
                    f.write(text)
            measured = parse_ncu_csv(text)
        else:
            with open(os.path.join(options.ncu_dir, name + ".csv")) as f:
                measured = parse_ncu_csv(f.read())
        predicted = predict(options.scanscope, args + ["--device", options.device])["launches"]
        if len(predicted) != len(measured):
            mismatches += 1
            rows.append(f"| {label} | {n} | launches: {len(predicted)} predicted, {len(measured)} measured | |")
            continue
        for p, m in zip(predicted, measured):
            cells = []
            for field in FIELDS:
                want, got = p["totals"][field], m[field]
                same = want == got
                if field in varies:
                    # Measured to change between runs of the same kernel on the same input: shown,
                    # not held (the case file says where that was measured).
                    varied += not same
                    cells.append(f"{got}" if same else f"_{want} vs {got}_ (varies)")
                    continue
                mismatches += not same
                cells.append(f"{got}" if same else f"**{want} vs {got}**")
            rows.append(f"| {label} | {n} | {p['grid']}x{p['block']} | " + " | ".join(cells) + " |")

    header = ("| variant | n | grid x block | " + " | ".join(f.replace("_", " ") for f in FIELDS) + " |\n"
              "|---|---|---|" + "---|" * len(FIELDS) + "\n")
    table = header + "\n".join(rows) + "\n"
    verdict = ("All figures equal: ScanScope's prediction = Nsight Compute's counters."
               if mismatches == 0 else f"{mismatches} figures differ (bold: predicted vs measured).")
    if varied:
        verdict += (f" {varied} figures that vary from run to run differ in this run (italic; not"
                    " held: see the case file).")
    report = table + "\n" + verdict + "\n"
    print(report)
    if options.out:
        with open(options.out, "w") as f:
            f.write(report)
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
