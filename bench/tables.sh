#!/usr/bin/env bash
# `grundy table` of games with and without a closed form against Nim's at the same size, one
# run each: wall seconds and peak memory. A table of a game with a closed form should cost
# about what Nim's does; the cutting game has no formula (its values are a table computed
# once, growing as W·H·(W + H)).
# Usage: bench/tables.sh [GRUNDY_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/grundy}
[ "$bin" = target/release/grundy ] && cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-32s %9s %9s\n' table seconds 'peak MiB'
for job in "nim --to 300" "wythoff --to 300" "cutting --to 300" \
    "nim --to 999" "wythoff --to 999" "cutting --to 999" "wythoff --to 999 --grundy"; do
    /usr/bin/time -f '%e %M' -o "$tmp/t" sh -c "exec $bin table $job > /dev/null"
    read -r secs kb < "$tmp/t"
    printf '%-32s %9s %9d\n' "$job" "$secs" $((kb / 1024))
done
