#!/usr/bin/env bash
# `grundy graph FILE` (text and --json) against a single-core C++ solver using the same
# algorithms (bench/baseline/graph_solve.cpp, built here with g++ -O2), on the same random
# move graph, in one run: the answers are compared byte for byte, then each program is timed
# (best of 3, with the peak resident memory of that run) and the ratios printed.
# Usage: bench/graph-vs-cpp.sh [positions] [moves]   (default 10000000 50000000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000000} m=${2:-$(( ${1:-10000000} * 5 ))}
cargo build --release -q
bin=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -o "$tmp/graph_solve" bench/baseline/graph_solve.cpp
awk -v n="$n" -v m="$m" 'BEGIN { srand(1); for (i = 0; i < n; i++) print i;
    for (i = 0; i < m; i++) print int(rand() * n), int(rand() * n) }' > "$tmp/g.txt"
for mode in text json; do
    flag=; [ "$mode" = json ] && flag=--json
    "$tmp/graph_solve" "$tmp/g.txt" $flag > "$tmp/cpp.$mode"
    "$bin" graph "$tmp/g.txt" $flag > "$tmp/grundy.$mode"
    cmp "$tmp/cpp.$mode" "$tmp/grundy.$mode"
done
echo "$n positions, $m moves ($(du -h "$tmp/g.txt" | cut -f1)): identical answers, text and JSON"
best() { # best wall time of three runs, and that run's peak memory
    local b=999999 bk=0 s k
    for _ in 1 2 3; do
        /usr/bin/time -f '%e %M' -o "$tmp/time" "$@" > /dev/null
        read -r s k < "$tmp/time"
        if awk -v s="$s" -v b="$b" 'BEGIN { exit !(s < b) }'; then b=$s bk=$k; fi
    done
    echo "$b $bk"
}
printf '%-40s %9s %9s %8s\n' program seconds "peak MiB" ratio
for mode in text json; do
    flag=; [ "$mode" = json ] && flag=--json
    read -r cs ck <<< "$(best "$tmp/graph_solve" "$tmp/g.txt" $flag)"
    read -r gs gk <<< "$(best "$bin" graph "$tmp/g.txt" $flag)"
    read -r os ok <<< "$(best taskset -c 0 "$bin" graph "$tmp/g.txt" $flag)"
    row() { awk -v l="$1" -v s="$2" -v k="$3" -v c="$cs" \
        'BEGIN { printf "%-40s %9.2f %9d %7.2f×\n", l, s, k / 1024, s / c }'; }
    row "C++, one core ($mode)" "$cs" "$ck"
    row "grundy, both cores ($mode)" "$gs" "$gk"
    row "grundy, one core ($mode, taskset -c 0)" "$os" "$ok"
done
