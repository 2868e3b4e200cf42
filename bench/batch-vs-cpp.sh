#!/usr/bin/env bash
# `grundy solve nim --batch` against a buffered C++ loop writing the same lines
# (bench/baseline/nim_batch.cpp, built here with g++ -O2), on the same file of small Nim
# positions, in one run: both answers are compared byte for byte, then each program is timed
# (best of 3), grundy also pinned to one core (taskset), and the ratios printed.
# Usage: bench/batch-vs-cpp.sh [lines] [heaps per line] [largest heap]
#        (default 1000000 3 999)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000} k=${2:-3} max=${3:-999}
cargo build --release -q
bin=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -o "$tmp/nim_batch" bench/baseline/nim_batch.cpp
awk -v n="$n" -v k="$k" -v max="$max" 'BEGIN { srand(1); for (i = 0; i < n; i++) {
    line = ""; for (j = 0; j < k; j++) line = line (j ? " " : "") int(rand() * (max + 1));
    print line } }' > "$tmp/in.txt"
"$tmp/nim_batch" < "$tmp/in.txt" > "$tmp/cpp.txt"
"$bin" solve nim --batch < "$tmp/in.txt" > "$tmp/grundy.txt"
cmp "$tmp/cpp.txt" "$tmp/grundy.txt"
echo "$n lines of $k heaps ≤ $max: identical answers ($(wc -c < "$tmp/grundy.txt") bytes)"
best() { # best wall time of three runs, in seconds
    local b=999999 s e t
    for _ in 1 2 3; do
        s=$(date +%s%N); "$@" < "$tmp/in.txt" > /dev/null; e=$(date +%s%N)
        t=$(( (e - s) / 1000 )); [ "$t" -lt "$b" ] && b=$t
    done
    echo "$b"
}
cpp=$(best "$tmp/nim_batch")
both=$(best "$bin" solve nim --batch)
one=$(best taskset -c 0 "$bin" solve nim --batch)
row() { awk -v l="$1" -v us="$2" -v n="$n" -v c="$cpp" \
    'BEGIN { printf "%-34s %8.3f s %12.0f lines/s %6.2f× the C++ time\n", l, us / 1e6, n / (us / 1e6), us / c }'; }
row "C++ loop (g++ -O2, one core)" "$cpp"
row "grundy, both cores" "$both"
row "grundy, one core (taskset -c 0)" "$one"
