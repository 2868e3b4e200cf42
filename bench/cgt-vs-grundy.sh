#!/usr/bin/env bash
# Domineering values, grundy against the Rust peer `cgt` (cgt-tools, from crates.io) in one
# run: empty rectangles, and every 5x5 board with one blocked cell. For each board both
# programs compute the canonical form; cgt's answer is read back by `grundy cgt` and must be
# the same game as grundy's, then the seconds (wall, one process a board, fresh tables) and
# the ratio cgt/grundy are printed. A run past CAP seconds is stopped and shown as >CAP.
# Usage: bench/cgt-vs-grundy.sh [CAP]   (default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
cap=${1:-300}
cargo build --release -q -p grundy-cli
(cd bench/cgt-peer && cargo build --release -q)
grundy=target/release/grundy
peer=bench/cgt-peer/target/release/cgt-peer

board() { # rows cols [blocked cell index]
    local r c s=""
    for ((r = 0; r < $1; r++)); do
        ((r > 0)) && s+="|"
        for ((c = 0; c < $2; c++)); do
            if [ "${3:--1}" = $((r * $2 + c)) ]; then s+="#"; else s+="."; fi
        done
    done
    echo "$s"
}

boards=()
for size in 2x2 3x3 4x4 4x5 5x4 5x5 5x6 6x5 6x6; do
    boards+=("$(board "${size%x*}" "${size#*x}")")
done
for ((i = 0; i < 25; i++)); do boards+=("$(board 5 5 "$i")"); done

seconds() { # command... → prints seconds, or >cap
    local start end
    start=$(date +%s.%N)
    if timeout "$cap" "$@" >/tmp/cgt-vs-grundy.out 2>&1; then
        end=$(date +%s.%N)
        awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
    else
        echo ">$cap"
    fi
}

printf '%-38s %10s %10s %8s  %s\n' board grundy cgt ratio value
total_g=0 total_c=0
for b in "${boards[@]}"; do
    tg=$(seconds "$grundy" value domineering "$b")
    value=$(head -1 /tmp/cgt-vs-grundy.out)
    tc=$(seconds "$peer" "$b")
    check="-"
    if [[ $tc != ">"* ]]; then
        theirs=$(cut -f2 /tmp/cgt-vs-grundy.out)
        mine=$("$grundy" cgt "$theirs" | head -1)
        if [[ $tg != ">"* ]] && [ "$mine" != "$value" ]; then
            echo "DIFFERENT ANSWERS on $b: grundy $value, cgt $theirs ($mine)" >&2
            exit 1
        fi
        check=$mine
    fi
    ratio="-"
    if [[ $tg != ">"* && $tc != ">"* ]]; then
        ratio=$(awk -v c="$tc" -v g="$tg" 'BEGIN { printf "%.1fx", c / (g + 0.0005) }')
        total_g=$(awk -v t="$total_g" -v g="$tg" 'BEGIN { print t + g }')
        total_c=$(awk -v t="$total_c" -v c="$tc" 'BEGIN { print t + c }')
    fi
    printf '%-38s %10s %10s %8s  %s\n' "$b" "$tg" "$tc" "$ratio" "${value:-$check}"
done
echo "boards both finished: grundy $total_g s, cgt $total_c s"
