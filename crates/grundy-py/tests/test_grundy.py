"""Tests of `import grundy`: answers equal the `grundy` command's JSON, bad input raises
grundy.GameError with the command's message. Run with pytest after
`pip install ./crates/grundy-py`; GRUNDY_BIN (default: target/release/grundy of the
workspace) is the command compared with."""

import json
import os
import pathlib
import subprocess

import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]
BIN = os.environ.get("GRUNDY_BIN", str(ROOT / "target" / "release" / "grundy"))


def cli(*args):
    """The command's JSON answer (skipped where the command is not built)."""
    if not pathlib.Path(BIN).exists():
        pytest.skip(f"{BIN} is not built")
    out = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_readme_example():
    assert grundy.solve("nim", [3, 4, 5]).outcome == "N"


@pytest.mark.parametrize(
    "call, command",
    [
        ((("nim", [3, 4, 5]), {}), ["solve", "nim", "3", "4", "5"]),
        ((("subtraction", [10]), {"set": [1, 3, 4]}), ["solve", "subtraction", "--set", "1,3,4", "10"]),
        ((("bash", [10]), {"max": 3}), ["solve", "bash", "--max", "3", "10"]),
        ((("octal", [10, 7]), {"code": "0.137"}), ["solve", "octal", "0.137", "10", "7"]),
        ((("nim", [3, 4, 5]), {"misere": True}), ["solve", "nim", "--misere", "3", "4", "5"]),
        ((("kayles 5 + nim 3",), {}), ["solve", "kayles", "5", "+", "nim", "3"]),
        ((("wythoff", [3, 5]), {}), ["solve", "wythoff", "3", "5"]),
    ],
)
def test_solutions_are_the_commands_json(call, command):
    args, options = call
    r = grundy.solve(*args, **options)
    expected = cli(*command)
    assert r.to_dict() == expected
    assert r.outcome == expected["outcome"]
    assert r.grundy == expected["grundy"]
    assert [m.text for m in r.winning_moves] == [m["move"] for m in expected["winning_moves"]]
    assert [m.position for m in r.winning_moves] == [m["to"] for m in expected["winning_moves"]]


def test_winning_moves_reach_losing_positions():
    r = grundy.solve("nim", [3, 4, 5])
    assert r.winning_moves
    for m in r.winning_moves:
        assert grundy.solve("nim", m.position).outcome == "P"


def test_a_grundy_value_of_any_size_is_an_int():
    r = grundy.solve("nim", [2**70, 1])
    assert r.grundy == 2**70 + 1


@pytest.mark.parametrize(
    "args, options, message",
    [
        (("nim", [-1]), {}, "heap '-1' is negative"),
        (("nmi", [3]), {}, "unknown game 'nmi'"),
        (("nim", [3]), {"foo": 1}, "nim has no option --foo"),
        (("subtraction", [10]), {}, "--set"),
    ],
)
def test_bad_input_raises_game_error(args, options, message):
    with pytest.raises(grundy.GameError, match=message):
        grundy.solve(*args, **options)


def test_values_are_the_commands_json():
    v = grundy.cgt("{2|-2} + {1|-1}")
    assert v.to_dict() == cli("cgt", "{2|-2} + {1|-1}")
    assert str(v) == v.canonical == "+-{3|1}"
    assert (v.mean, v.temperature, v.outcome) == ("0", "2", "N")
    d = grundy.value("domineering", "....|....|....|....")
    assert d.to_dict() == cli("value", "domineering", "....|....|....|....")


def test_values_add_negate_and_compare():
    up, star, zero = grundy.cgt("^"), grundy.cgt("*"), grundy.cgt("0")
    assert str(up + up) == "^^"
    assert str(-up) == "v"
    assert str(up - up) == "0"
    assert up > zero and zero < up and up >= zero and up != zero
    assert up == grundy.cgt("{0|*}")
    # Confused games: neither <= nor >= holds.
    assert not (up <= star) and not (up >= star) and not (up == star)
    assert str(grundy.cgt("{0|pass}")) == "over"
    assert str(grundy.cgt("a{{|a}|}")) == "1 & 0"


def test_bad_notation_raises_game_error():
    with pytest.raises(grundy.GameError, match="a bracket is not closed"):
        grundy.cgt("{1|")
