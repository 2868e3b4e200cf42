#!/usr/bin/env bash
# `grundy script` throughput: positions explored and solved per second, whole command
# (exploration, retrograde analysis and generalized Sprague–Grundy values), on the rule
# scripts in bench/scripts/, each run twice in the same go: as grundy runs it (its own
# evaluator for rules in Rhai's plain subset) and with --rhai-only (every call through Rhai's
# interpreter, the baseline). Usage: bench/script.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-12s %-10s %10s %8s %12s %10s\n' script evaluator positions seconds positions/s "peak MiB"
for f in bench/scripts/*.rhai; do
    for mode in grundy rhai-only; do
        flag=()
        [ "$mode" = rhai-only ] && flag=(--rhai-only)
        /usr/bin/time -f '%e %M' -o "$tmp/time" \
            target/release/grundy script "$f" --json "${flag[@]}" > "$tmp/out"
        read -r secs kib < "$tmp/time"
        n=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['positions'])" "$tmp/out")
        rate=$(python3 -c "import sys; print(round(int(sys.argv[1]) / max(float(sys.argv[2]), 0.01)))" "$n" "$secs")
        printf '%-12s %-10s %10s %8s %12s %10s\n' "$(basename "$f" .rhai)" "$mode" "$n" "$secs" "$rate" "$((kib / 1024))"
    done
done
