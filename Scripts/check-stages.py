#!/usr/bin/env python3
"""Checks the stage order of DICore's folders: a file names only types declared in its own
stage or a lower one. Stages, highest first:

    API → Graph → Resolution → {Selection, Lifetimes, Tracing} → Events → Registry

`DIContainer` is declared in API but every stage extends it (`DIContainer+Candidates` in
Selection, `+TopLevel` in Resolution): it is the facade, not a stage, so naming it is not a
back-reference. There is no list of allowed exceptions: a stage's own piece of a lower
stage's type goes in an extension in the stage's folder (`Lifetimes/DIScope+Clean.swift`).

Usage: Scripts/check-stages.py [Sources/DICore]
"""
import os
import re
import sys

STAGES = {
    "API": 7,
    "Graph": 6,
    "Resolution": 5,
    "Selection": 4,
    "Lifetimes": 4,
    "Tracing": 4,
    "Events": 3,
    "Registry": 2,
}
FACADE = {"DIContainer"}

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*"
    r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z]\w*)",
    re.M,
)


def code(path):
    """The file's text without comments and string literals."""
    text = re.sub(r"//.*", "", open(path).read())
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "Sources/DICore"
    files = {}
    for folder in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, folder)):
            continue
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    files[os.path.join(directory, name)] = folder
    problems = [f"{folder}: a folder with no stage (add it to STAGES)" for folder in set(files.values()) - STAGES.keys()]
    declared = {}
    for path, folder in files.items():
        for match in DECLARATION.finditer(code(path)):
            declared.setdefault(match.group(1), folder)
    found = 0
    for path, folder in sorted(files.items()):
        relative = os.path.relpath(path, root)
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", code(path)))):
            home = declared.get(name)
            if home is None or name in FACADE or STAGES.get(home, 0) <= STAGES.get(folder, 0):
                continue
            found += 1
            problems.append(f"{relative}: {folder} names {name}, declared in {home}, a higher stage")
    for problem in problems:
        print(problem)
    print(f"stages: {len(files)} files, {found} back-references, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
