#!/usr/bin/env bash
# Closed forms at any size: `grundy solve` on positions whose numbers have 10^3, 10^4 and
# 10^5 decimal digits, every game with a closed form that reads big numbers, one run each
# (the numbers are random but fixed by a seed, so runs compare). Prints seconds, peak memory
# and the growth exponent between each size and the one before, where the smaller took
# 0.02 s or more (1 = linear, 2 = quadratic).
# Usage: bench/bignum.sh [GRUNDY_BINARY] [DIGITS...]; ONLY=euclid times only the games whose
# line starts so.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/grundy}
shift || true
digits=("${@:-1000 10000 100000}")
[ "$bin" = target/release/grundy ] && cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# game | position, where each {n} is a fresh random number of the given size ({s}: sorted)
cases=(
    "nim|{n} {n} {n}"
    "bash --max 1000000007|{n}"
    "wythoff|{n} {n}"
    "fibonacci|{n}"
    "staircase|{n} {n} {n} {n}"
    "euclid|{n} {n}"
    "georgia-bob|{s} {s} {s} {s}"
    "subtraction --set 1,3,4|{n} {n}"
    "all-but --set 1,2|{n} {n}"
    "split-nim|{n} {n}"
    "lasker|{n} {n}"
    "kayles|{n}"
    "circle|{n}"
    "cutting|{n}x{n}"
    "partizan-subtraction --left 1,2 --right 2,3|{n}"
    "parity-split|{n} {n} {n}"
    "thanos|{n} {n} {n} {n}"
    "moore --k 2|{n} {n} {n}"
)
printf '%-44s %8s %9s %9s\n' game digits seconds 'peak MiB'
for case in "${cases[@]}"; do
    [[ $case == "${ONLY:-}"* ]] || continue
    game=${case%%|*}
    template=${case#*|}
    prev=""
    for d in ${digits[*]}; do
        python3 - "$template" "$d" > "$tmp/args" <<'PY'
import random, sys
sys.set_int_max_str_digits(0)
template, d = sys.argv[1], int(sys.argv[2])
rng = random.Random(d * 7919 + len(template))
def big():
    return str(rng.randrange(10 ** (d - 1), 10 ** d))
sorted_ = sorted((int(big()) for _ in range(template.count("{s}"))))
out, k = [], 0
for word in template.split():
    if word == "{s}":
        out.append(str(sorted_[k])); k += 1
    else:
        while "{n}" in word:
            word = word.replace("{n}", big(), 1)
        out.append(word)
print("\n".join(out))
PY
        mapfile -t args < "$tmp/args"
        # shellcheck disable=SC2086
        if /usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" solve $game "${args[@]}" \
            --max-moves 3 > "$tmp/out" 2> "$tmp/err"; then
            read -r secs kib < "$tmp/time"
            shown="$secs"
        else
            read -r secs kib < <(tail -1 "$tmp/time")
            shown="refused"
        fi
        growth=""
        if [ -n "$prev" ] && [ "$shown" != refused ]; then
            growth=$(python3 -c "import math,sys; a,b,m,n=map(float,sys.argv[1:]); print(f'x^{math.log(b/a)/math.log(n/m):.2f}' if a>=0.02 else '')" "$prev" "$secs" "$prev_d" "$d")
        fi
        printf '%-44s %8s %9s %9s %s\n' "$game" "$d" "$shown" "$((kib / 1024))" "$growth"
        [ "$shown" != refused ] && prev=$secs || prev=""
        prev_d=$d
    done
done
