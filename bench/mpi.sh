#!/usr/bin/env bash
# What grundy-mpi costs and saves on this machine, recorded in docs/DISTRIBUTED.md:
# start-up, a sweep of the 2-digit octal codes to 2^16 and a tiered Connect Four (4x4) with
# 1, 2 and 4 ranks against the single-process command, wall and CPU time (/usr/bin/time), and
# what crossed between the ranks (--stats). Needs Open MPI; builds grundy and grundy-mpi.
set -euo pipefail
cd "$(dirname "$0")/.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cargo build --release -q
cargo build --release -q -p grundy-mpi
G=target/release/grundy
M=target/release/grundy-mpi
# Ranks unbound (Open MPI binds each to one core by default, which leaves a rank one thread)
# and yielding while they wait (else a waiting rank spins on a core).
R="mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1"
t() { /usr/bin/time -f "  wall %e s, user %U s, system %S s, peak %M KB" "$@"; }
codes=$(for d in 1 2 3 4 5 6 7; do echo 0.$d; done; for a in 0 1 2 3 4 5 6 7; do for b in 1 2 3 4 5 6 7; do echo 0.$a$b; done; done)
echo "start-up: a sweep of the 1-digit codes to 10"
for np in 1 2 4; do echo " -np $np"; t $R -np $np $M sweep --octal-digits 1 --to 10 >/dev/null; done
echo "sweep of the 63 two-digit octal codes to 2^16"
echo " one process, code after code"
t bash -c "for c in $(echo $codes); do $G sequence octal \$c --to 65536 --json; done >/dev/null"
for np in 1 2 4; do
    echo " -np $np"
    t $R -np $np $M --stats sweep --octal-digits 2 --to 2^16 --json >/dev/null
done
board=$(mktemp --suffix .rhai)
sed 's/fn width() { 5 }/fn width() { 4 }/' examples/connect-four.rhai > "$board"
echo "Connect Four 4x4 (161 029 positions)"
echo " grundy script, whole"
t $G script "$board" >/dev/null
dir=$(mktemp -d)
echo " grundy script --tiers"
t $G script "$board" --tiers "$dir/one" >/dev/null
for np in 1 2 4; do
    echo " -np $np"
    t $R -np $np $M --stats tiers "$board" --dir "$dir/np$np" >/dev/null
done
rm -rf "$dir" "$board"
