#!/usr/bin/env bash
# `grundy graph` on random move graphs of growing size (each position has 5 moves on
# average): wall time and peak memory, to show linear growth and the 10^7-position target,
# with the text summary and with the whole --json report (every position) written out.
# Usage: bench/graph.sh [largest positions]   (default 10000000)
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-10000000}
cargo build --release -q
bin=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-12s %-12s %10s %12s %12s %12s\n' positions moves seconds "peak MiB" "json s" "json MiB"
n=$((max / 100))
while [ "$n" -le "$max" ]; do
    m=$((n * 5))
    awk -v n="$n" -v m="$m" 'BEGIN { srand(1); for (i = 0; i < n; i++) print i;
        for (i = 0; i < m; i++) print int(rand() * n), int(rand() * n) }' > "$tmp/g.txt"
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" graph "$tmp/g.txt" > /dev/null
    read -r secs kib < "$tmp/time"
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" graph "$tmp/g.txt" --json > /dev/null
    read -r jsecs jkib < "$tmp/time"
    printf '%-12s %-12s %10s %12s %12s %12s\n' "$n" "$m" "$secs" "$((kib / 1024))" "$jsecs" "$((jkib / 1024))"
    n=$((n * 10))
done
