#!/bin/sh
# Writes the TCA fixtures in ../tca/: each session's `_printChanges()` log (real swift-custom-dump 1.7.3, Swift 6.3.1
# on Linux) and, beside it, what the app showed after each action; the stack session again as examples/tca-syncups.log.
# Run from anywhere: tca-generator/generate.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
swift build --package-path "$here" >&2
bin=$(swift build --package-path "$here" --show-bin-path)/generate
mkdir -p "$here/../tca"
for session in stack tabs; do
    "$bin" "$session" > "$here/../tca/$session.log" 2> "$here/../tca/$session.expected"
done
# The SyncUps session is also the repository's TCA example (README, docs/formats/tca.md); a test keeps the two equal.
cp "$here/../tca/stack.log" "$here/../../../../examples/tca-syncups.log"
