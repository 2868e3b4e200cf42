#!/usr/bin/env bash
# `grundy value domineering BOARD` through two builds of grundy in one run, alternating
# A B A B …: median wall seconds and peak memory (MiB) of each, and that both give the same
# value. Usage: bench/domineering-values.sh BASELINE_BINARY [runs] [BOARD...]
#   (default 3 runs of the empty 5x6 and 6x6 boards)
#   e.g. git worktree add /tmp/base <commit> && (cd /tmp/base && cargo build --release)
#        bench/domineering-values.sh /tmp/base/target/release/grundy
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
runs=${2:-3}
shift $(($# < 2 ? $# : 2))
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=("......|......|......|......|......" "......|......|......|......|......|......")
cargo build --release -q
new=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Appends "seconds KiB" of one run of BIN on BOARD to FILE, and its value to FILE.value.
once() {
    /usr/bin/time -f '%e %M' -o "$tmp/t" "$1" value domineering "$2" > "$tmp/out"
    cat "$tmp/t" >> "$3"
    head -1 "$tmp/out" > "$3.value"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-44s %9s %9s %9s %9s %7s\n' board "base s" "base MiB" "new s" "new MiB" ratio
for b in "${boards[@]}"; do
    : > "$tmp/a"
    : > "$tmp/b"
    for _ in $(seq "$runs"); do
        once "$base" "$b" "$tmp/a"
        once "$new" "$b" "$tmp/b"
    done
    if ! cmp -s "$tmp/a.value" "$tmp/b.value"; then
        echo "$b: the two builds give different values" >&2
        exit 1
    fi
    as=$(cut -d' ' -f1 < "$tmp/a" | median)
    bs=$(cut -d' ' -f1 < "$tmp/b" | median)
    am=$(cut -d' ' -f2 < "$tmp/a" | median)
    bm=$(cut -d' ' -f2 < "$tmp/b" | median)
    printf '%-44s %9s %9s %9s %9s %7s\n' "$b" "$as" "$((am / 1024))" "$bs" "$((bm / 1024))" \
        "$(awk -v a="$as" -v b="$bs" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')"
done
