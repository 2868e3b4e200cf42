"""Property tests (hypothesis, derandomized: the same examples on every run, so CI gives one
verdict a commit): on random positions and values, `import grundy` answers as the command's
JSON does, and values obey the laws of the group of short games."""

import json
import subprocess

import grundy
from hypothesis import given, settings, strategies as st

from test_grundy import BIN

SETTINGS = settings(derandomize=True, max_examples=60, deadline=None)


def cli(*args):
    out = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


# Small enough that the remoteness (a search of every position below, which both add) is quick.
heaps = st.lists(st.integers(min_value=0, max_value=10), min_size=1, max_size=4)


@settings(derandomize=True, max_examples=30, deadline=None)
@given(game=st.sampled_from(["nim", "kayles", "dawson", "lasker", "grundys-game"]), position=heaps)
def test_a_solved_heap_position_is_the_commands_answer(game, position):
    mine = grundy.solve(game, position).to_dict()
    theirs = cli("solve", game, *map(str, position))
    assert mine == theirs


@SETTINGS
@given(a=st.integers(0, 40), b=st.integers(0, 40))
def test_a_wythoff_position_is_the_commands_answer(a, b):
    assert grundy.solve("wythoff", [a, b]).to_dict() == cli("solve", "wythoff", str(a), str(b))


# Short games built from numbers, switches and nimbers: {x|y} for small dyadics, *n, ↑.
atoms = st.sampled_from(
    ["0", "1", "-1", "1/2", "*", "*2", "^", "v", "{1|-1}", "{2|0}", "{0|-1/2}", "{1|*}", "{3|-3}", "+-1"]
)


@st.composite
def values(draw):
    terms = draw(st.lists(atoms, min_size=1, max_size=3))
    return " + ".join(f"({t})" for t in terms)


@SETTINGS
@given(x=values(), y=values())
def test_held_arithmetic_is_the_notations(x, y):
    a, b = grundy.cgt(x), grundy.cgt(y)
    assert a + b == grundy.cgt(f"({x}) + ({y})")
    assert a + b == b + a
    assert (a + b) - b == a
    assert (a - a) == grundy.cgt("0")
    assert str(a + b) == cli("cgt", f"({x}) + ({y})")["canonical"]


@SETTINGS
@given(x=values(), y=values())
def test_comparisons_are_the_partial_order(x, y):
    a, b = grundy.cgt(x), grundy.cgt(y)
    zero = grundy.cgt("0")
    assert (a <= b) == ((b - a) >= zero)
    assert (a == b) == ((a <= b) and (b <= a))
    assert (a < b) == ((a <= b) and not (b <= a))
    assert hash(a) == hash(grundy.cgt(str(a)))
