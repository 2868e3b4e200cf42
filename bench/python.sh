#!/usr/bin/env bash
# `import grundy` against the command, in one run: calls of grundy.solve per second; a game
# defined by a Python function against the same game as a Rhai script (positions per
# second), alone and added to a catalog game; and grundy.sequence against `grundy sequence`
# on the same job.
# Usage: bench/python.sh   (builds the command, installs the package into a scratch venv)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=$PWD/target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet ./crates/grundy-py
py=$tmp/venv/bin/python

echo "== grundy.solve('nim', [a, b, c]): calls per second (one core)"
"$py" -m timeit -s "import grundy" "grundy.solve('nim', [3, 4, 5])"

echo "== a + b of two values held (grundy.cgt), then the same sum written out and read"
"$py" -m timeit -s "import grundy; a = grundy.cgt('{2|-2}'); b = grundy.cgt('{1|-1}')" "a + b"
"$py" -m timeit -s "import grundy" "grundy.cgt('({2|-2}) + ({1|-1})')"

echo "== subtraction {1, 3, 4} from a heap of 200000: every position solved"
cat > "$tmp/sub.rhai" <<'RHAI'
fn start() { 200000 }
fn moves(n) {
    let out = [];
    for s in [1, 3, 4] { if s <= n { out.push(n - s); } }
    out
}
RHAI
for _ in 1 2 3; do /usr/bin/time -f "Rhai script (grundy script): %e s" "$bin" script "$tmp/sub.rhai" >/dev/null; done
"$py" - <<'PY'
import time, grundy
g = grundy.Game(start=200000, moves=lambda n: [n - s for s in (1, 3, 4) if s <= n])
for _ in range(3):
    t = time.perf_counter(); g.solve(); dt = time.perf_counter() - t
    print(f"Python function (grundy.Game): {dt:.2f} s, {200001 / dt:,.0f} positions/s")
# The same game added to a catalog game: explored once, then answered by the library's sum.
s = grundy.Game(start=200000, moves=lambda n: [n - s for s in (1, 3, 4) if s <= n],
                name="sub134") + grundy.game("kayles", 50)
for _ in range(3):
    t = time.perf_counter(); s.solve(); dt = time.perf_counter() - t
    print(f"the same + grundy.game('kayles', 50): {dt:.2f} s, {200001 / dt:,.0f} positions/s")
PY

echo "== octal 0.6 to 2^20: the command against grundy.sequence"
for _ in 1 2 3; do /usr/bin/time -f "grundy sequence: %e s" "$bin" sequence octal 0.6 --to 1048576 >/dev/null; done
"$py" - <<'PY'
import time, grundy
for _ in range(3):
    t = time.perf_counter(); grundy.sequence("octal", code="0.6", to=2**20)
    print(f"grundy.sequence: {time.perf_counter() - t:.2f} s")
PY
