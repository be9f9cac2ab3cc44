"""What the arity generators share: writing their files, or checking them (`--check`).

Imported by Scripts/generate-arities.py and Scripts/generate-factory-arities.py, run from
the repository root.
"""

import subprocess
import sys
from pathlib import Path


def formatted(text):
    """`text` as `swift format` (with the repository's `.swift-format`) writes it: the
    generators lay out what they can, and leave long signatures to the formatter."""
    result = subprocess.run(
        ["swift", "format", "--configuration", ".swift-format", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def write_or_check(script, outputs):
    """Writes each of `outputs` (path: text) that differs from the file; with `--check` on
    the command line, writes nothing and exits with status 1 if any differs."""
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit(f"usage: python3 Scripts/{script} [--check]   (from the repository root)")
    if not Path("Package.swift").exists():
        sys.exit("run from the repository root")
    stale = []
    for path, text in outputs().items():
        text = formatted(text)
        file = Path(path)
        if file.exists() and file.read_text() == text:
            continue
        stale.append(path)
        if not check:
            file.write_text(text)
    if check and stale:
        sys.exit(f"out of date (run python3 Scripts/{script}): " + ", ".join(stale))
    for path in stale:
        print(f"wrote {path}")
