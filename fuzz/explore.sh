#!/usr/bin/env bash
# Exploratory fuzzing: runs every fuzz target for SECONDS each (default 20), starting from the
# seed corpus in fuzz/corpus/TARGET; inputs the fuzzer finds go to a scratch directory, not into
# the repository. A crash, a panic or an input running more than 10 s is a finding: libFuzzer
# leaves it in fuzz/artifacts/TARGET/; fix it, then copy it into fuzz/corpus/TARGET/ so that
# `cargo test` replays it on every run (crates/grundy-cli/tests/fuzz_replay.rs).
# Needs cargo-fuzz and a nightly toolchain. Prints, per target, how many inputs were run, and
# exits 1 when any target found something (after trying them all). SEED (default: random,
# printed) fixes libFuzzer's seed to repeat a run.
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-20}
seed=${SEED:-$((RANDOM * 32768 + RANDOM + 1))}
echo "fuzz: seed $seed (SEED=$seed fuzz/explore.sh $secs repeats this run)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
found=0
for target in query graph script checkpoint code table play cgt solve; do
    mkdir -p "$scratch/$target"
    log="$scratch/$target.log"
    if ! cargo +nightly fuzz run "$target" "$scratch/$target" "corpus/$target" -- \
        -seed="$seed" -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "fuzz target $target found an input: see fuzz/artifacts/$target/" >&2
        found=1
        continue
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz $target: $runs inputs in ${secs} s, no finding"
done
exit "$found"
