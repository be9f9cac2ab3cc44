#!/usr/bin/env python3
"""Checks that the key benchmark cases stay within their instruction budgets.

callgrind counts the instructions of one Tranquil operation of each case listed in
Benchmarks/instruction-budgets.tsv, as instructions.py counts them. Instruction counts do not
move with the machine's load, where times do: a change that adds work to a resolve fails
here even on a noisy machine. A budget is the count when it was set plus a margin; lower it
when a change makes a case cheaper, and raise it only with the reason in the commit message.

Usage: Benchmarks/Scripts/check-budgets.py [--binary PATH]
(build first: swift build -c release --package-path Benchmarks)
"""
import argparse
import os
import shutil
import sys

from instructions import PROFILED, per_operation

BUDGETS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "instruction-budgets.tsv")


def budgets():
    """(budget, case) for each line of the budgets file that is not a comment."""
    with open(BUDGETS) as file:
        for line in file:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                budget, case = line.split("\t")
                yield int(budget), case


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="Benchmarks/.build/release/TranquilBenchmarks")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: instruction budgets NOT checked")
        return 0
    over = []
    for budget, case in budgets():
        count = round(per_operation(args.binary, case, "tranquil", PROFILED))
        verdict = "ok" if count <= budget else "OVER"
        print(f"{verdict:4}  {count:>9,} instructions (budget {budget:>9,})  {case}")
        if count > budget:
            over.append(case)
    if over:
        print(f"{len(over)} case(s) over budget: find the change that added the work (callgrind_annotate)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
