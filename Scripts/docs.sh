#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's docc, no plugin needed:
# symbol graphs from a normal build, then `docc convert --warnings-as-errors`.
# Usage: Scripts/docs.sh [OUTPUT_DIR]   (default .build-docs/Tranquil.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
output=${1:-$scratch/Tranquil.doccarchive}
graphs=$scratch/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"

for target in Tranquil DITesting; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
done
# Keep the library's modules only (the build also emits graphs for the example app).
find "$graphs" -name '*.symbols.json' ! -name 'DI*' ! -name 'Tranquil*' -delete

docc convert Sources/Tranquil/Tranquil.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Tranquil \
    --fallback-bundle-identifier org.tranquil.Tranquil \
    --output-path "$output" \
    --warnings-as-errors
echo "documentation: $output"
