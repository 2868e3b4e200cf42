#!/usr/bin/env bash
# grundy's nim-sequence engine against ogsolve (crate ogsolve, method rc2, one core) over a
# panel of octal games, each computed to the same heap in one run: ogsolve, grundy on both
# cores, grundy pinned to one core (taskset -c 0), the ratios, and the median ratio. The first
# values of every game are compared between the two programs before timing.
# Usage: bench/ogsolve-panel.sh [N] [seconds at most per run]   (default 2^20, 600)
# (Grundy's game is in the panel of issue 20, but ogsolve has no notation for it: its codes
# are octal, and "4." is a different game, any split into two heaps.)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1048576}
cap=${2:-600}
codes=(0.6 0.354 0.376 0.16 0.56 0.137)
peer=target/peer/bin/ogsolve
[ -x "$peer" ] || cargo install --quiet ogsolve --root target/peer
cargo build --release -q
bin=target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in "${codes[@]}"; do
    "$peer" "$c" -m rc2 -n 5000 -p | sed -n 's/^ nimbers: //p' | tr ' ' '\n' > "$tmp/peer"
    "$bin" sequence octal "$c" --to 5000 --json --values \
        | python3 -c "import json, sys; print('\n'.join(map(str, json.load(sys.stdin)['values'])))" > "$tmp/ours"
    cmp -s "$tmp/peer" "$tmp/ours" || { echo "MISMATCH on $c" >&2; exit 1; }
done
echo "the first 5001 values agree on every code; timing each to heap $n"
secs() { # wall seconds of a run, or the cap (printed with '>') if it had to be stopped
    if /usr/bin/time -f '%e' -o "$tmp/t" timeout "$cap" "$@" > /dev/null 2>&1; then
        cat "$tmp/t"
    else
        echo ">$cap"
    fi
}
printf '%-7s %12s %12s %12s %10s %10s\n' code ogsolve "grundy 2c" "grundy 1c" "ratio 2c" "ratio 1c"
ratios=()
for c in "${codes[@]}"; do
    o=$(secs "$peer" "$c" -m rc2 -n "$n")
    g2=$(secs "$bin" sequence octal "$c" --to "$n")
    g1=$(secs taskset -c 0 "$bin" sequence octal "$c" --to "$n")
    r2=$(awk -v o="${o#>}" -v g="$g2" 'BEGIN { printf "%.2f", o / (g > 0.005 ? g : 0.005) }')
    r1=$(awk -v o="${o#>}" -v g="$g1" 'BEGIN { printf "%.2f", o / (g > 0.005 ? g : 0.005) }')
    [ "${o#>}" != "$o" ] && r2=">$r2" r1=">$r1"
    printf '%-7s %12s %12s %12s %9s× %9s×\n' "$c" "$o" "$g2" "$g1" "$r2" "$r1"
    ratios+=("${r2#>}")
done
printf '%s\n' "${ratios[@]}" | sort -g | awk '{ a[NR] = $1 } END {
    m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    printf "median ratio, both cores: %.2f×\n", m }'
