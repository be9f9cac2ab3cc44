#!/usr/bin/env python3
"""Counts the instructions of one operation of each benchmark case with callgrind, for
hand-written code, Tranquil and Swinject, and prints them beside each other with the ratios.

Instruction counts do not move with the machine's load, so they compare two builds where
times cannot. Each variant runs twice under callgrind, N1 and N2 operations, counting only
the operations (`--toggle-collect` on `TranquilBenchmarks.profiled`, or on `BenchCase.timed`
for the cases that time each operation alone); (count(N2) - count(N1)) / (N2 - N1) leaves
out what the first operation pays once (metadata, caches).

Usage: Benchmarks/Scripts/instructions.py [--binary PATH] [--filter TEXT] [--markdown]
(build first: swift build -c release --package-path Benchmarks)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

PROFILED = "$s18TranquilBenchmarksAAO8profiledyys8DurationVSiXE_SitFZ"
TIMED = "$s18TranquilBenchmarks9BenchCaseV5timedyq_q_xXE_xtr0_lFZ"
BUDGET = 200_000_000  # instructions per counted run, roughly: long enough, not slow


def count(binary, name, variant, operations, symbol):
    """The instructions callgrind counts in `operations` runs of one variant of a case."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"--toggle-collect={symbol}",
             binary, "--profile", str(operations), "--filter", name, "--exact", "--variant", variant],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        text = open(out).read()
    match = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
    return int(match.group(1)) if match else 0


def per_operation(binary, name, variant, symbol):
    first = 2
    base = count(binary, name, variant, first, symbol)
    estimate = max(base // first, 1)
    second = first + max(2, min(2000, BUDGET // estimate))
    return (count(binary, name, variant, second, symbol) - base) / (second - first)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="Benchmarks/.build/release/TranquilBenchmarks")
    parser.add_argument("--filter", default="")
    args = parser.parse_args()
    listed = subprocess.run([args.binary, "--list"] + (["--filter", args.filter] if args.filter else []),
                            capture_output=True, text=True, check=True).stdout
    rows = []
    for line in listed.splitlines():
        name, counted, variants = line.split("\t")
        if counted == "none":
            continue  # its operations run on threads callgrind counts apart
        symbol = TIMED if counted == "timed" else PROFILED
        counts = {v: per_operation(args.binary, name, v, symbol) for v in variants.split(",")}
        rows.append((name, counts))
        print(f"counted {name}", file=sys.stderr)

    def number(value):
        return "—" if value is None else f"{round(value):,}"

    def ratio(a, b):
        return "—" if a is None or b is None or b == 0 else f"{a / b:.1f}x"

    print("| case | hand instr | Tranquil instr | Swinject instr | Tranquil÷hand | Swinject÷Tranquil |")
    print("|---|--:|--:|--:|--:|--:|")
    for name, counts in rows:
        hand, tranquil, swinject = counts.get("hand"), counts.get("tranquil"), counts.get("swinject")
        print(f"| {name} | {number(hand)} | {number(tranquil)} | {number(swinject)} | "
              f"{ratio(tranquil, hand)} | {ratio(swinject, tranquil)} |")


if __name__ == "__main__":
    main()
