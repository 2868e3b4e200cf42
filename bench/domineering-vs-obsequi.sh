#!/usr/bin/env bash
# Who wins Domineering on an empty board, each player first: Obsequi (N. Bullock's solver,
# a binary you built from its source) against `grundy solve domineering`, on the same boards
# in one run: wall seconds and peak memory of each, and their verdicts (which must agree).
# grundy answers both questions (and lists the winning moves, here none: --max-moves 0) in
# one command; Obsequi is run twice, once with each player first, and its times added.
# grundy's table is held to Obsequi's size (2^24 entries of 24 bytes, 384 MiB): the search
# takes half of --max-memory, 0.75 GiB here. grundy's search shares its work among rayon's
# threads (all the cores, here two; Obsequi uses one): it is run on every core and again
# on one (RAYON_NUM_THREADS=1), and both times shown.
# Usage: bench/domineering-vs-obsequi.sh OBSEQUI_BINARY [ROWSxCOLS ...]
#   (default 6x7 8x8 7x9 7x10 8x9; rows are the upright player's direction: Obsequi's V and
#   grundy's Left place upright dominoes)
set -euo pipefail
cd "$(dirname "$0")/.."
obsequi=$(realpath "$1")
shift
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(6x7 8x8 7x9 7x10 8x9)
cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
measure() { /usr/bin/time -f '%e %M' -o "$tmp/t" "$@" > "$tmp/out"; cat "$tmp/t"; }
printf '%-6s %-10s %-10s %12s %8s %10s %8s %14s %8s\n' board "V first" "H first" "Obsequi s" MiB "grundy s" MiB "1 thread s" MiB
for b in "${boards[@]}"; do
    r=${b%x*}
    c=${b#*x}
    board=$(python3 -c "import sys; r, c = int(sys.argv[1]), int(sys.argv[2]); print('|'.join(['.' * c] * r))" "$r" "$c")
    total=0
    peak=0
    for first in V H; do
        read -r s m < <(measure sh -c "echo 'solve rows $r cols $c bits 24 $first' | \"$obsequi\"")
        winner=$(sed -n 's/^winner \([VH]\).*/\1/p' "$tmp/out")
        eval "obsequi_$first=$winner"
        total=$(awk -v a="$total" -v b="$s" 'BEGIN { print a + b }')
        peak=$((m > peak ? m : peak))
    done
    read -r s1 m1 < <(measure env RAYON_NUM_THREADS=1 target/release/grundy solve domineering "$board" --max-moves 0 --json --max-memory 0.75)
    one=$(cat "$tmp/out")
    read -r s m < <(measure target/release/grundy solve domineering "$board" --max-moves 0 --json --max-memory 0.75)
    python3 -c "
import json, sys
a, b = json.loads(sys.argv[1])['outcome'], json.load(open(sys.argv[2]))['outcome']
sys.exit(a != b)" "$one" "$tmp/out" || { echo "$b: one thread and all disagree" >&2; exit 1; }
    read -r left right < <(python3 -c "
import json, sys
o = json.load(open(sys.argv[1]))['outcome']
# Left (V) moving first wins in L and N; Right (H) moving first wins in R and N.
print('V' if o in 'LN' else 'H', 'H' if o in 'RN' else 'V')" "$tmp/out")
    if [ "$left" != "$obsequi_V" ] || [ "$right" != "$obsequi_H" ]; then
        echo "$b: Obsequi says $obsequi_V (V first) $obsequi_H (H first), grundy $left $right" >&2
        exit 1
    fi
    printf '%-6s %-10s %-10s %12s %8s %10s %8s %14s %8s\n' "$b" "$left wins" "$right wins" "$total" "$((peak / 1024))" "$s" "$((m / 1024))" "$s1" "$((m1 / 1024))"
done
