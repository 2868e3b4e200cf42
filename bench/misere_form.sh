#!/usr/bin/env bash
# Misère canonical forms: `grundy sequence GAME --genus` (every heap's form, genus as CGSuite
# writes it) at growing heap bounds, `grundy value GAME --misere` on single positions, and
# `grundy cgt` on nim heaps and their sums (seconds, peak memory; a job refused as too large
# says so). CGSuite (Java) is the peer; it is not installed here, so its column is left for a
# machine that has it.
# Usage: bench/misere_form.sh [GRUNDY_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/grundy}
[ "$bin" = target/release/grundy ] && cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=(
    "sequence kayles --genus --to 40"
    "sequence kayles --genus --to 50"
    "sequence kayles --genus --to 60"
    "sequence dawson --genus --to 80"
    "sequence dawson --genus --to 100"
    "sequence grundys-game --genus --to 40"
    "sequence octal 0.3F --genus --to 40"
    "value grundys-game --misere 22"
    "value grundys-game --misere 30"
    "value kayles --misere 9 10 11"
    "value wythoff --misere 6 9"
    "cgt *[4096]"
    "cgt *[60]+*[60]"
    "cgt *[300]+*[300]"
)
printf '%-40s %-24s %8s %9s\n' job answer seconds 'peak MiB'
for job in "${cases[@]}"; do
    # shellcheck disable=SC2086
    if /usr/bin/time -f '%e %M' -o "$tmp/t" "$bin" $job --json >"$tmp/out" 2>"$tmp/err"; then
        answer=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["genus"][-1] if isinstance(d.get("genus"), list) else d["genus"])' "$tmp/out")
    else
        answer=refused
    fi
    read -r secs kb < <(tail -n 1 "$tmp/t")
    printf '%-40s %-24s %8s %9d\n' "$job" "$answer" "$secs" $((kb / 1024))
done
