#!/usr/bin/env bash
# grundy's nim-sequence engine against the fastest peer installable here, ogsolve (crate
# ogsolve, method rc2), on the same game and size in one run: both times and the ratio.
# Usage: bench/ogsolve.sh [CODE] [N] [--verify]   (default: 0.6 (Officers), 2^21)
# --verify then runs both again (untimed), printing every value, and compares them.
set -euo pipefail
cd "$(dirname "$0")/.."
code=${1:-0.6}
n=${2:-2097152}
verify=${3:-}
peer_root=target/peer
native_root=target/peer-native
if [ ! -x "$peer_root/bin/ogsolve" ]; then
    cargo install --quiet ogsolve --root "$peer_root"
fi
# ogsolve's README suggests building it for the machine's own CPU: both builds run.
if [ ! -x "$native_root/bin/ogsolve" ]; then
    RUSTFLAGS="-C target-cpu=native" cargo install --quiet ogsolve --root "$native_root"
fi
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
measure() { /usr/bin/time -f '%e %M' -o "$tmp/t" "$@" > /dev/null; cat "$tmp/t"; }
read -r peer_s peer_kib < <(measure "$peer_root/bin/ogsolve" "$code" -m rc2 -n "$n")
read -r native_s native_kib < <(measure "$native_root/bin/ogsolve" "$code" -m rc2 -n "$n")
read -r ours_s ours_kib < <(measure target/release/grundy sequence octal "$code" --to "$n")
printf '%-34s %10s %10s\n' program seconds "peak MiB"
printf '%-34s %10s %10s\n' "ogsolve rc2" "$peer_s" "$((peer_kib / 1024))"
printf '%-34s %10s %10s\n' "ogsolve rc2, target-cpu=native" "$native_s" "$((native_kib / 1024))"
printf '%-34s %10s %10s\n' "grundy sequence (as installed)" "$ours_s" "$((ours_kib / 1024))"
python3 -c "
import sys
a, b, c = map(float, sys.argv[1:])
if c > 0:
    print(f'grundy is {a / c:.2f}x the speed of ogsolve rc2, {b / c:.2f}x its native build')
" "$peer_s" "$native_s" "$ours_s"
if [ "$verify" = --verify ]; then
    "$peer_root/bin/ogsolve" "$code" -m rc2 -n "$n" -p | sed -n 's/^ nimbers: //p' | tr ' ' '\n' > "$tmp/peer"
    target/release/grundy sequence octal "$code" --to "$n" --json --values \
        | python3 -c "import json, sys; print('\n'.join(map(str, json.load(sys.stdin)['values'])))" > "$tmp/ours"
    if cmp -s "$tmp/peer" "$tmp/ours"; then
        echo "verified: both computed the same $(wc -l < "$tmp/ours") values"
    else
        echo "MISMATCH: the two programs disagree" >&2
        exit 1
    fi
fi
