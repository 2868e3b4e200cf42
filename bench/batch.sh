#!/usr/bin/env bash
# Batch throughput of `grundy solve GAME --batch`: random positions through the real binary,
# one run per game, against a baseline of the same lines through `cat` (the I/O floor).
# Usage: bench/batch.sh [positions]   (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
cargo build --release -q
bin=target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$n" "$tmp" <<'PY'
import random, sys
n, tmp = int(sys.argv[1]), sys.argv[2]
random.seed(1)
def write(name, gen):
    with open(f"{tmp}/{name}", "w") as f:
        for _ in range(n):
            f.write(" ".join(str(x) for x in gen()) + "\n")
write("nim", lambda: [random.randrange(10**9) for _ in range(5)])
write("wythoff", lambda: [random.randrange(10**18), random.randrange(10**18)])
write("fibonacci", lambda: [random.randrange(10**18)])
write("euclid", lambda: [random.randrange(1, 10**18), random.randrange(1, 10**18)])
write("kayles", lambda: [random.randrange(10**6) for _ in range(3)])
write("subtraction", lambda: [random.randrange(10**6) for _ in range(3)])
PY
printf '%-28s %10s %14s\n' game seconds positions/s
run() {
    local label=$1 file=$2; shift 2
    local start end
    start=$(date +%s.%N)
    "$@" < "$tmp/$file" > /dev/null
    end=$(date +%s.%N)
    python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print(f'%-28s %10.3f %14.0f' % (sys.argv[3], s, int(sys.argv[4])/s))" "$start" "$end" "$label" "$n"
}
run "baseline: cat" nim cat
run "nim (5 heaps)" nim "$bin" solve nim --batch --json
run "wythoff (18 digits)" wythoff "$bin" solve wythoff --batch --json
run "fibonacci (18 digits)" fibonacci "$bin" solve fibonacci --batch --json
run "euclid (18 digits)" euclid "$bin" solve euclid --batch --json
run "kayles (3 rows ≤ 10^6)" kayles "$bin" solve kayles --batch --json
run "subtraction 1,3,4 (3 heaps)" subtraction "$bin" solve subtraction --set 1,3,4 --batch --json
