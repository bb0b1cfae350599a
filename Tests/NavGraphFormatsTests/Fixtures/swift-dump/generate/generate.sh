#!/bin/sh
# Writes the router fixtures beside this folder: each session's real `dump()` output (Swift 6.3.1 on Linux,
# Observation from the toolchain, OpenCombine 0.14.0). Run from anywhere: generate/generate.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
swift build --package-path "$here" >&2
bin=$(swift build --package-path "$here" --show-bin-path)/generate
for session in observable published inherited navigation-path; do
    "$bin" "$session" > "$here/../$session-router.txt"
done
