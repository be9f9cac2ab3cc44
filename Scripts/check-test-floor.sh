#!/usr/bin/env bash
# Fails (with file:line) where the tests or examples use what an iOS 16 simulator build
# lacks. Scripts/check-apple-floor.sh type-checks the library only (it cannot see Testing or
# Foundation), so this grep keeps the test targets buildable at the floor Package.swift
# declares:
#   - `import Synchronization`, `Atomic<…>`, `Mutex<…>` need iOS 18 / macOS 15: use the test
#     target's lock-guarded helper (`LockedValue`, `Counter`, …) instead;
#   - exit tests (`processExitsWith:`) exist only where Swift Testing can start a process:
#     each must sit inside `#if os(macOS) || os(Linux)` (Windows may be added to the list).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! find Tests Examples -name '*.swift' -print0 | sort -z | xargs -0 awk '
    # Whether an `#if`/`#elseif` condition holds only on platforms that have exit tests.
    function exitTestPlatforms(condition) {
        sub(/[ \t]*\/\/.*$/, "", condition)
        gsub(/[ \t]/, "", condition)
        return condition ~ /^os\((macOS|Linux|Windows)\)(\|\|os\((macOS|Linux|Windows)\))*$/
    }
    function report(message) {
        printf "%s:%d: %s\n", FILENAME, FNR, message
        found = 1
    }
    FNR == 1 { depth = 0 }
    {
        line = $0
        sub(/^[ \t]+/, "", line)
    }
    line ~ /^\/\// { next }
    line ~ /^#if[ \t(]/ {
        depth++
        allowed[depth] = exitTestPlatforms(substr(line, 4))
        next
    }
    line ~ /^#elseif[ \t(]/ {
        allowed[depth] = exitTestPlatforms(substr(line, 8))
        next
    }
    line ~ /^#else([ \t]|\/\/|$)/ { allowed[depth] = 0; next }
    line ~ /^#endif([ \t]|\/\/|$)/ { if (depth > 0) depth--; next }
    line ~ /^(@[A-Za-z_]+[ \t]+)*import[ \t]+Synchronization([ \t.]|$)/ {
        report("imports Synchronization (iOS 18 / macOS 15)")
    }
    line ~ /(^|[^A-Za-z0-9_])(Atomic|Mutex)[<(]/ {
        report("uses Synchronization'"'"'s Atomic or Mutex (iOS 18 / macOS 15)")
    }
    line ~ /processExitsWith/ {
        inside = 0
        for (level = 1; level <= depth; level++) if (allowed[level]) inside = 1
        if (!inside) report("exit test outside `#if os(macOS) || os(Linux)`")
    }
    END { exit found }
'; then
    exit 1
fi
echo "ok    Tests, Examples: no Synchronization; every exit test is inside #if os(macOS) || os(Linux)"
