#!/usr/bin/env python3
"""Fails when a `package` type has `@inlinable` code but is not `@usableFromInline`.

Swift 6.3 serializes the `@inlinable` members of a `package` type for other modules only
when the type itself is `@usableFromInline`; without it, every call from another module
stays a generic call through metadata, and nothing says so (found on `Locked`: each
`withLock` from DICore was one). Usage: Scripts/check-inlinable.py [Sources]
"""
import pathlib
import re
import sys

TOP = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(public|package|internal|fileprivate|private)\s+)?"
                 r"(?:final\s+)?(class|struct|enum|actor|extension)\s+(\w+)")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
    hidden = {}  # `package` types not `@usableFromInline`: name -> where declared
    inlinable = []  # (type or extended type, file, line) of each `@inlinable` member
    for path in sorted(root.rglob("*.swift")):
        lines = path.read_text().split("\n")
        enclosing = None
        for number, line in enumerate(lines, 1):
            match = TOP.match(line)
            if line.startswith("}"):
                enclosing = None
            elif match:
                access, kind, name = match.groups()
                enclosing = name
                attributes = line + " " + (lines[number - 2] if number > 1 else "")
                if kind != "extension" and access == "package" and "@usableFromInline" not in attributes:
                    hidden[name] = f"{path}:{number}"
            elif "@inlinable" in line and enclosing:
                inlinable.append((enclosing, path, number))
    failures = [(name, path, number) for name, path, number in inlinable if name in hidden]
    for name, path, number in failures:
        print(f"{path}:{number}: `@inlinable` in `package` type {name} ({hidden[name]}), "
              f"which is not `@usableFromInline`: other modules call it generically")
    if failures:
        sys.exit(1)
    print(f"ok: {len(inlinable)} `@inlinable` members, none in a hidden `package` type")


if __name__ == "__main__":
    main()
