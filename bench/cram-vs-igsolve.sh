#!/usr/bin/env bash
# The nimber of an empty Cram board: igsolve (P. Beling's solver, crate igsolve, its default
# method: Beling and Rogalski's pruning with aspiration sets) against `grundy value cram`, on
# the same boards in one run, alternating peer and grundy: the median wall seconds and peak
# memory of each, their nimbers (which must agree) and the ratio.
# Usage: bench/cram-vs-igsolve.sh [runs] [ROWSxCOLS ...]
#   (default 3 runs of 5x7 4x9 5x8 4x11; igsolve needs about 8 GB for 4x11)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(5x7 4x9 5x8 4x11)
peer_root=target/peer
if [ ! -x "$peer_root/bin/igsolve" ]; then
    cargo install --quiet igsolve --root "$peer_root"
fi
cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Wall seconds and peak KiB of one run; its output kept in $tmp/out.
measure() { /usr/bin/time -f '%e %M' -o "$tmp/t" "$@" > "$tmp/out"; cat "$tmp/t"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-6s %8s %12s %10s %12s %10s %8s\n' board nimber "igsolve s" "MiB" "grundy s" "MiB" ratio
for b in "${boards[@]}"; do
    r=${b%x*}
    c=${b#*x}
    board=$(python3 -c "import sys; r, c = int(sys.argv[1]), int(sys.argv[2]); print('|'.join(['.' * c] * r))" "$r" "$c")
    : > "$tmp/ps"; : > "$tmp/pm"; : > "$tmp/os"; : > "$tmp/om"
    for _ in $(seq "$runs"); do
        read -r s m < <(measure "$peer_root/bin/igsolve" cram -r "$r" -c "$c")
        echo "$s" >> "$tmp/ps"; echo "$m" >> "$tmp/pm"
        peer=$(sed -n 's/^Nimber of initial position: //p' "$tmp/out")
        read -r s m < <(measure target/release/grundy value cram "$board" --json)
        echo "$s" >> "$tmp/os"; echo "$m" >> "$tmp/om"
        ours=$(python3 -c "import json, sys; c = json.load(open(sys.argv[1]))['canonical']; print(0 if c == '0' else 1 if c == '*' else int(c[1:]))" "$tmp/out")
        if [ "$peer" != "$ours" ]; then
            echo "$b: igsolve says $peer, grundy says $ours" >&2
            exit 1
        fi
    done
    ps=$(median < "$tmp/ps"); pm=$(median < "$tmp/pm"); os=$(median < "$tmp/os"); om=$(median < "$tmp/om")
    printf '%-6s %8s %12s %10s %12s %10s %8s\n' "$b" "$ours" "$ps" "$((pm / 1024))" "$os" "$((om / 1024))" \
        "$(awk -v a="$ps" -v b="$os" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')"
done
echo "ratio: grundy's seconds over igsolve's (below 1: grundy is faster)"
