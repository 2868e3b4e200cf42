#!/usr/bin/env bash
# The same jobs through two builds of grundy in one run, alternating A B A B …: median wall
# seconds of each and the ratio, to show that a change made nothing slower.
# Usage: bench/against.sh BASELINE_BINARY [runs]   (default 5 runs of each job)
#   e.g. git worktree add /tmp/base <commit> && (cd /tmp/base && cargo build --release)
#        bench/against.sh /tmp/base/target/release/grundy
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
runs=${2:-5}
cargo build --release -q
new=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seq 1 1000000 > "$tmp/lines"
awk 'BEGIN { srand(1); n = 2000000; for (i = 0; i < n; i++) print i;
    for (i = 0; i < 5 * n; i++) print int(rand() * n), int(rand() * n) }' > "$tmp/graph"
# A worksheet of CGSuite's notation: short, loopy and misère lines, comparisons, names.
awk 'BEGIN { for (i = 0; i < 5000; i++) { print "{" i%7 "|-" i%5 "} + ^<2> + *" i%8;
    print "a{" i%3 "|a} + on > " i%3; print "*[2] + *[" i%4 "] == *[[2],1]";
    print "g" i%10 " := {" i%9 "||" i%4 "|-1}"; print "(g" i%10 " + {1|-1}).Cool(1/2).Mean" } }' \
    > "$tmp/sheet"
# Sums, one a line, their first component a Kayles position (`solve kayles --batch`).
awk 'BEGIN { for (i = 0; i < 20000; i++)
    print i%30, i%17, "+ wythoff", i%50, i%70, "+ nim", i%9, "+ subtraction --set 1,3,4", i%40 }' \
    > "$tmp/sums"
jobs=(
    "solve nim 3 4 5"
    "solve bash --max 7 --batch < $tmp/lines"
    "solve kayles --batch --json < $tmp/lines"
    "graph $tmp/graph"
    "graph $tmp/graph --json"
    "script bench/scripts/grid.rhai"
    "sequence octal 0.6 --to 2000000"
    "sequence kayles --to 1000000000"
    "cgt < $tmp/sheet"
    "solve kayles --batch < $tmp/sums"
    "solve cutting --misere 5x6"
    "solve --misere kayles 8 + wythoff 10 12 + nim 4"
)
# Wall seconds of one run of `BIN JOB`.
once() {
    /usr/bin/time -f '%e' -o "$tmp/t" sh -c "exec $1 $2 > /dev/null"
    cat "$tmp/t"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-40s %10s %10s %8s\n' job baseline new ratio
for job in "${jobs[@]}"; do
    : > "$tmp/a"
    : > "$tmp/b"
    for _ in $(seq "$runs"); do
        once "$base" "$job" >> "$tmp/a"
        once "$new" "$job" >> "$tmp/b"
    done
    a=$(median < "$tmp/a")
    b=$(median < "$tmp/b")
    label=${job//$tmp\//}
    printf '%-40s %10s %10s %8s\n' "${label:0:40}" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')"
done
