#!/usr/bin/env bash
# Misère quotients and misère sums: `grundy quotient` for published games at growing heap
# bounds (order, seconds, peak memory; a bound refused as too large says so), and
# `grundy solve --misere` on a sum of 10^4 random heaps (seed fixed), decided by the quotient.
# MisereSolver (Java) is the peer for quotients; it is not installed here, so its column is
# left for a machine that has it (set MISERE_JAR to its jar to time it on the same games).
# Usage: bench/quotient.sh [GRUNDY_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/grundy}
[ "$bin" = target/release/grundy ] && cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=(
    "octal 0.75|60|0.75"
    "kayles|16|0.77"
    "kayles|20|0.77"
    "dawson|14|0.07"
    "dawson|24|0.07"
    "dawson|25|0.07"
    "dawson|30|0.07"
    "dawson|33|0.07"
    "dawson|35|0.07"
    "kayles|40|0.77"
    "kayles|80|0.77"
    "octal 0.137|20|0.137"
    "octal 0.137|30|0.137"
    "octal 4.7|30|4.7"
    "grundys-game|16|"
)
printf '%-16s %5s %7s %9s %9s %10s\n' game heaps order seconds 'peak MiB' MisereSolver
for case in "${cases[@]}"; do
    IFS='|' read -r game to code <<<"$case"
    # shellcheck disable=SC2086
    if /usr/bin/time -f '%e %M' -o "$tmp/t" "$bin" quotient $game --to "$to" --json \
        >"$tmp/out" 2>"$tmp/err"; then
        order=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["order"])' "$tmp/out")
    else
        order=refused
    fi
    read -r secs kb < <(tail -n 1 "$tmp/t")
    peer=-
    if [ -n "${MISERE_JAR:-}" ] && [ -n "$code" ]; then
        start=$(date +%s.%N)
        java -jar "$MISERE_JAR" "$code" -maxheap "$to" >/dev/null 2>&1 || true
        peer=$(python3 -c "import time; print(f'{time.time() - $start:.2f}')")
    fi
    printf '%-16s %5s %7s %9s %9d %10s\n' "$game" "$to" "$order" "$secs" $((kb / 1024)) "$peer"
done
heaps=$(python3 -c 'import random; random.seed(29); print(" ".join(str(random.randint(1, 20)) for _ in range(10000)))')
# shellcheck disable=SC2086
/usr/bin/time -f '%e %M' -o "$tmp/t" "$bin" solve dawson --misere --json --max-moves 5 $heaps >"$tmp/out"
read -r secs kb <"$tmp/t"
outcome=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["outcome"])' "$tmp/out")
printf 'solve dawson --misere with 10^4 heaps (1..20): %s in %s s, %d MiB\n' "$outcome" "$secs" $((kb / 1024))
