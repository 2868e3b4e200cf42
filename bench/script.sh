#!/usr/bin/env bash
# `grundy script` throughput: positions explored and solved per second, whole command
# (exploration, retrograde analysis and generalized Sprague–Grundy values), on the rule
# scripts in bench/scripts/. Usage: bench/script.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-12s %10s %8s %12s %10s\n' script positions seconds positions/s "peak MiB"
for f in bench/scripts/*.rhai; do
    /usr/bin/time -f '%e %M' -o "$tmp/time" target/release/grundy script "$f" --json > "$tmp/out"
    read -r secs kib < "$tmp/time"
    n=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['positions'])" "$tmp/out")
    rate=$(python3 -c "import sys; print(round(int(sys.argv[1]) / max(float(sys.argv[2]), 0.01)))" "$n" "$secs")
    printf '%-12s %10s %8s %12s %10s\n' "$(basename "$f" .rhai)" "$n" "$secs" "$rate" "$((kib / 1024))"
done
