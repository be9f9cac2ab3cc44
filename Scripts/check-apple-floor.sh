#!/usr/bin/env bash
# The Apple floor (Package.swift's `platforms:`: macOS 13, iOS 16, tvOS 16, watchOS 9,
# visionOS 1) on a Linux machine, with no Apple SDK:
#
# 1. no `Synchronization` in the library (`Atomic` and `Mutex` need macOS 15 / iOS 18);
# 2. every library module type-checks for macOS 13 and the iOS 16 simulator, with internal
#    checks off (what users build) and on (what CI's release run builds) — see
#    Scripts/apple-typecheck/README.md for what that check can and cannot see;
# 3. the test targets, which the type-check cannot see, use nothing newer than the floor
#    without a fallback (Scripts/check-test-floor.sh).
#
# The first run builds a stand-in SDK per platform (about 30 s each, cached in /tmp); later
# runs take a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

if grep -rn --include='*.swift' -E '^\s*(@preconcurrency |@_implementationOnly |(package|internal|public) )?import Synchronization' Sources; then
    echo "check-apple-floor: the library imports Synchronization (macOS 15 / iOS 18); use DIRuntime's AtomicWord or Locked" >&2
    exit 1
fi

for target in macosx13.0 ios16.0-simulator; do
    Scripts/apple-typecheck/apple-typecheck --target "$target"
    Scripts/apple-typecheck/apple-typecheck --target "$target" --define TRANQUIL_INTERNAL_CHECKS
done

Scripts/check-test-floor.sh
