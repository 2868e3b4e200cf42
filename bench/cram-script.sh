#!/usr/bin/env bash
# A Cram script that splits its board into regions (examples/cram-regions.rhai, answered by
# the nimber search over its components) against the built-in Cram, on the same boards in one
# run: the script on grundy's own evaluator, the script with every call through Rhai
# (--rhai-only), and `grundy solve cram`. Usage: bench/cram-script.sh [BOARD...]
# (default: 4x5, 5x5, 4x7).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(".....|.....|.....|....." ".....|.....|.....|.....|....." ".......|.......|.......|.......")
printf '%-34s %-16s %7s %9s %9s\n' board run nimber seconds "peak MiB"
for b in "${boards[@]}"; do
    for run in script script-rhai-only built-in; do
        case $run in
            script) cmd=(target/release/grundy script examples/cram-regions.rhai --start "\"$b\"" --json) ;;
            script-rhai-only) cmd=(target/release/grundy script examples/cram-regions.rhai --rhai-only --start "\"$b\"" --json) ;;
            built-in) cmd=(target/release/grundy solve cram "$b" --json) ;;
        esac
        /usr/bin/time -f '%e %M' -o "$tmp/time" "${cmd[@]}" > "$tmp/out"
        read -r secs kib < "$tmp/time"
        g=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['grundy'])" "$tmp/out")
        printf '%-34s %-16s %7s %9s %9s\n' "$b" "$run" "$g" "$secs" "$((kib / 1024))"
    done
done
