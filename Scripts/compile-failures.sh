#!/usr/bin/env bash
# Compiles each snippet in Tests/CompileFailures against the built modules and checks the
# compiler's verdict: a snippet whose first line is `// expect: <text>` must fail with a
# diagnostic containing <text>; `// expect: nothing` must compile. These are the misuses
# the Swift 6 checks catch at a registration (issue 18): the test is that they stay caught.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-.build}
swift build --target Tranquil --scratch-path "$scratch" > /dev/null
modules="$scratch/debug/Modules"
# DIRuntime imports the C target CDIRuntime: its module map is beside its build products.
clang_modules=(-Xcc "-fmodule-map-file=$(cd "$scratch/debug" && pwd -P)/CDIRuntime.build/module.modulemap")
failed=0
for snippet in Tests/CompileFailures/*.swift; do
    expected=$(head -1 "$snippet" | sed -n 's|^// expect: ||p')
    if output=$(swiftc -typecheck -swift-version 6 -I "$modules" "${clang_modules[@]}" "$snippet" 2>&1); then
        if [ "$expected" = "nothing (the control: the right spellings of the snippets above compile)" ]; then
            echo "ok    $snippet compiles"
        else
            echo "FAIL  $snippet compiled; expected: $expected"
            failed=1
        fi
    elif [ -n "$expected" ] && grep -qF -- "$expected" <<< "$output"; then
        echo "ok    $snippet: $expected"
    else
        echo "FAIL  $snippet: expected \"$expected\", got:"
        echo "$output" | grep -E 'error:' | head -5
        failed=1
    fi
done
exit $failed
