#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's docc, no plugin needed:
# symbol graphs from `swift package dump-symbol-graph`, then `docc convert --warnings-as-errors`.
# Usage: Scripts/docs.sh [OUTPUT_DIR]   (default .build-docs/Tranquil.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
output=${1:-$scratch/Tranquil.doccarchive}
graphs=$scratch/library-symbol-graphs

# dump-symbol-graph also tries the test modules, which it cannot load and reports as errors:
# those do not matter here; the library's graphs are checked below.
rm -rf "$scratch"/*/symbolgraph
swift package --scratch-path "$scratch" dump-symbol-graph >/dev/null 2>&1 || true
# Keep the library's modules only (the package also has the example app and tests).
rm -rf "$graphs" && mkdir -p "$graphs"
for module in Tranquil DICore DILazy DIParts DILogging DITesting; do
    cp "$scratch"/*/symbolgraph/"$module".symbols.json "$graphs"/
done
cp "$scratch"/*/symbolgraph/DI*@*.symbols.json "$graphs"/ 2>/dev/null || true

# The landing page (Tranquil.md) reaches every public type and free function of the modules:
# one a new declaration is missing from fails here, naming it.
python3 - "$graphs" Sources/Tranquil/Tranquil.docc/Tranquil.md <<'PY'
import glob, json, re, sys
graphs, page = sys.argv[1], open(sys.argv[2]).read()
# An overloaded name is linked with its disambiguation (`by(name:on:)-(_,DIByName<Value>)->…`).
landing = {re.sub(r"-[^()]*$|-\(.*$|->.*$", "", link) for link in re.findall(r"``([^`]+)``", page)}
kinds = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.func"}
missing = []
for path in glob.glob(graphs + "/*.symbols.json"):
    graph = json.load(open(path))
    module = graph["module"]["name"]
    for symbol in graph["symbols"]:
        name = symbol["pathComponents"]
        if symbol["kind"]["identifier"] in kinds and len(name) == 1 and f"{module}/{name[0]}" not in landing:
            missing.append(f"{module}/{name[0]}")
if missing:
    sys.exit("Tranquil.md does not list: " + ", ".join(sorted(missing)))
PY

# DIContainer.md curates the container's members into groups: one missing from it (a new
# method, say) would land in a catch-all "Instance Methods" group, so it fails here.
python3 - "$graphs" Sources/Tranquil/Tranquil.docc/DIContainer.md <<'PY'
import collections, glob, json, re, sys
graphs, page = sys.argv[1], open(sys.argv[2]).read()
linked = collections.Counter(re.sub(r"-[^()]*$|-\(.*$|->.*$", "", link) for link in re.findall(r"``([^`]+)``", page))
members = collections.Counter()
for path in glob.glob(graphs + "/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        name = symbol["pathComponents"]
        if len(name) == 2 and name[0] == "DIContainer":
            members[name[1]] += 1
missing = [f"{name} ({count - linked[name]} of {count})" for name, count in sorted(members.items()) if linked[name] < count]
if missing:
    sys.exit("DIContainer.md does not curate: " + ", ".join(missing))
PY

docc convert Sources/Tranquil/Tranquil.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Tranquil \
    --fallback-bundle-identifier org.tranquil.Tranquil \
    --output-path "$output" \
    --warnings-as-errors
echo "documentation: $output"
