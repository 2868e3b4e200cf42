#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 20), starting from the seed corpus in
# fuzz/corpus/TARGET; inputs the fuzzer finds go to a scratch directory, not into the repository.
# A crash, a panic or an input running more than 10 s fails the run, and libFuzzer leaves the
# input in fuzz/artifacts/TARGET/ (make it a regression test). Needs cargo-fuzz and a nightly
# toolchain. Prints, per target, how many inputs were run.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-20}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for target in query graph script checkpoint code table play cgt; do
    mkdir -p "$scratch/$target"
    log="$scratch/$target.log"
    if ! cargo +nightly fuzz run "$target" "$scratch/$target" "corpus/$target" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "fuzz target $target failed: see fuzz/artifacts/$target/" >&2
        exit 1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz $target: $runs inputs in ${secs} s, no crash"
done
