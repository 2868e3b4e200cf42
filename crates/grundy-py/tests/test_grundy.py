"""Tests of `import grundy`: answers equal the `grundy` command's JSON, bad input raises
grundy.GameError with the command's message. Run with pytest after
`pip install ./crates/grundy-py`; GRUNDY_BIN (default: the release build in the
workspace's target directory, wherever cargo puts it) is the command compared with. CI
fails on any skipped test (.ci/run)."""

import json
import os
from fractions import Fraction
import pathlib
import subprocess

import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]


def built_command():
    """Where cargo put the release build of the command: GRUNDY_BIN if set, else the
    workspace's target directory as cargo reports it (CARGO_TARGET_DIR or a config may move
    it), else target/release/grundy."""
    if "GRUNDY_BIN" in os.environ:
        return os.environ["GRUNDY_BIN"]
    try:
        meta = subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        )
        target = pathlib.Path(json.loads(meta.stdout)["target_directory"])
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError):
        target = ROOT / "target"
    return str(target / "release" / "grundy")


BIN = built_command()


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
        ((("kayles 3 + nim 2 2",), {"misere": True}), ["solve", "--misere", "kayles", "3", "+", "nim", "2", "2"]),
        ((("octal",), {"code": "0.137", "misere": True}), ["solve", "octal", "0.137", "--misere"]),
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


def documented_examples():
    """The documented examples with their recorded --json answers (the CLI's JSON contract,
    crates/grundy-cli/tests/golden/json.txt)."""
    import shlex

    text = (ROOT / "crates" / "grundy-cli" / "tests" / "golden" / "json.txt").read_text()
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("$ grundy "):
            words = [w for w in shlex.split(line[len("$ grundy "):]) if w != "--json"]
            yield words, json.loads(lines[i + 1])


def python_answer(words):
    """The answer of `grundy WORDS --json` asked of `import grundy`, or None for a command
    Python answers otherwise (a comparison or a property is `a < b` or a method there; tables,
    quotients and genera are the command's own)."""
    command, rest = words[0], words[1:]
    options = {}
    if "--max-moves" in rest:
        i = rest.index("--max-moves")
        options["max_moves"] = int(rest[i + 1])
        del rest[i : i + 2]
    if rest and rest[0] == "--misere":
        options["misere"] = True
        rest = rest[1:]
    if command == "solve":
        return grundy.solve(" ".join(rest), **options).to_dict()
    if command == "value":
        return grundy.value(" ".join(rest)).to_dict()
    if command == "cgt" and not any(op in rest[0] for op in ["<", ">", "==", "."]):
        return grundy.cgt(rest[0]).to_dict()
    if command == "sequence" and "--genus" not in rest:
        until = "--until-periodic" in rest
        rest = [w for w in rest if w != "--until-periodic"]
        i = rest.index("--to")
        to = int(rest[i + 1])
        del rest[i : i + 2]
        d = grundy.sequence(" ".join(rest), to=to, until_periodic=until).to_dict()
        # The values are the --values object's; the recorded command printed none.
        d.pop("values")
        return d
    return None


def test_every_documented_example_answers_as_the_command():
    answered = 0
    for words, recorded in documented_examples():
        got = python_answer(words)
        if got is not None:
            assert got == recorded, words
            answered += 1
    # 54 of the 69 today: every solve, value, sequence (but --genus) and cgt value.
    assert answered >= 54, answered


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
        (("bash", [10]), {"max": True}, "--max needs a value"),
        (("nim", [3]), {"misere": "yes"}, "--misere takes no value"),
        (("kayles 5 + nim 3",), {"max": 3}, "a sum takes no option but misere"),
    ],
)
def test_bad_input_raises_game_error(args, options, message):
    with pytest.raises(grundy.GameError, match=message):
        grundy.solve(*args, **options)


@pytest.mark.parametrize("to", [-5, 2**70, 1.5, "ten"])
def test_a_bad_whole_number_keyword_raises_game_error(to):
    # Python's OverflowError or TypeError would leave a caller of GameError uncovered.
    with pytest.raises(grundy.GameError, match="to takes a whole number"):
        grundy.sequence("octal", code="0.77", to=to)
    with pytest.raises(grundy.GameError, match="max_moves takes a whole number"):
        grundy.solve("nim", [3, 4, 5], max_moves=to)
    assert len(grundy.solve("nim", [3, 5, 6, 7], max_moves=2).winning_moves) == 2


def test_all_moves_lists_every_winning_move_of_a_searched_board():
    # 5x6 is searched (more than 24 empty cells) and small enough to be listed whole anyway.
    board = "|".join(["......"] * 5)
    every = grundy.solve("domineering", board, all_moves=True)
    usual = grundy.solve("domineering", board)
    assert [m.text for m in every.winning_moves] == [m.text for m in usual.winning_moves]
    assert every.winning_moves and every.to_dict()["winning_moves_partial"] is False


def test_values_are_the_commands_json():
    v = grundy.cgt("{2|-2} + {1|-1}")
    assert v.to_dict() == cli("cgt", "{2|-2} + {1|-1}")
    assert str(v) == v.canonical == "+-{3|1}"
    assert (v.mean, v.temperature, v.outcome) == (Fraction(0), Fraction(2), "N")
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


def test_values_are_the_librarys_values_not_text():
    # Sums and comparisons of values held, against the same written out for the command.
    texts = ["^", "*", "{1|-1}", "1/2", "on", "{0|pass}", "*[2]", "*[1]"]
    for a in texts:
        for b in texts:
            x, y = grundy.cgt(a), grundy.cgt(b)
            try:
                got = (x + y).to_dict()
            except grundy.GameError:
                got = None
            try:
                want = cli("cgt", f"({a}) + ({b})")
            except Exception:
                want = None
            assert got == want, (a, b)
    with pytest.raises(grundy.GameError, match="misère forms meet misère forms only"):
        grundy.cgt("*[2]") + grundy.cgt("^")


def test_values_have_cgsuites_properties():
    g = grundy.cgt("{2,1|-2}")
    assert [str(o) for o in g.left_options()] == ["2"]
    assert [str(o) for o in g.right_options()] == ["-2"]
    # Each answers as the property written out does.
    for text in ["{3|1}", "^", "*2", "{2|-2} + {1|-1}"]:
        v = grundy.cgt(text)
        assert [str(o) for o in v.incentives()] == cli("cgt", f"({text}).Incentives")["values"]
        for name in ["Number", "Integer", "Nimber", "Numberish", "Infinitesimal", "AllSmall"]:
            attribute = "is_" + "".join("_" + c.lower() if c.isupper() else c for c in name)[1:]
            assert getattr(v, attribute) == cli("cgt", f"({text}).Is{name}")["result"], (text, name)
    assert [str(o) for o in grundy.cgt("*[2]").left_options()] == ["*[0]", "*[1]"]
    with pytest.raises(grundy.GameError, match="not a property of a loopy game"):
        grundy.cgt("on").is_number
    assert grundy.cgt("on").is_stopper and not grundy.cgt("dud").is_stopper
    assert grundy.cgt("^").is_stopper
    assert grundy.cgt("*[2] + *[2]").is_tame
    with pytest.raises(grundy.GameError, match="not a property of a misère form"):
        grundy.cgt("*[2]").is_number


def test_values_outlive_a_stopped_computation():
    import os
    import signal
    import threading

    up, g = grundy.cgt("^"), grundy.cgt("{2|-2}")
    # ^1000 + ^<1000> + * takes seconds: the interrupt a quarter of a second in stops it.
    timer = threading.Timer(0.25, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.cgt("^1000 + ^<1000> + *")
    timer.join()
    # Values made before it are read into the worksheet that replaced the stopped one.
    assert str(up + up) == "^^"
    assert str(g + grundy.cgt("{1|-1}")) == "+-{3|1}"
    assert up == grundy.cgt("{0|*}") and up > grundy.cgt("0")


def test_results_are_typed():
    # Outcomes are members of grundy.Outcome that equal their letters; numbers are exact
    # Fractions (the command's JSON writes them as text); values hash by value.
    r = grundy.solve("nim", [3, 4, 5])
    assert r.outcome is grundy.Outcome.N and r.outcome == "N" and str(r.outcome) == "N"
    assert {r.outcome: 1}["N"] == 1
    assert grundy.solve("nim", [1, 1]).outcome is grundy.Outcome.P
    assert grundy.cgt("on + off").outcome is grundy.Outcome.D
    assert grundy.cgt("a{{|a}|}").outcome is grundy.Outcome.PHat
    for text in ["{1|1/2}", "{5/8|-3/16}", "-7/4", "^ + 3"]:
        v, d = grundy.cgt(text), cli("cgt", text)
        assert isinstance(v.mean, Fraction) and isinstance(v.temperature, Fraction)
        assert (v.mean, v.temperature) == (Fraction(d["mean"]), Fraction(d["temperature"]))
        assert v.outcome == d["outcome"]
    assert hash(grundy.cgt("{1|-1}")) == hash(grundy.cgt("+-1"))
    assert hash(grundy.cgt("*2")) == hash(grundy.cgt("*[2]")) and grundy.cgt("*2") == grundy.cgt("*[2]")
    assert len({grundy.cgt("^"), grundy.cgt("{0|*}"), grundy.cgt("*"), grundy.cgt("on")}) == 3
    # == between kinds that cannot be compared is False, not an error; an order raises.
    assert not grundy.cgt("^") == grundy.cgt("*[2]") and grundy.cgt("^") != grundy.cgt("*[2]")
    with pytest.raises(grundy.GameError, match="cannot be compared"):
        grundy.cgt("^") < grundy.cgt("*[2]")


def test_thermographs_are_the_commands_with_exact_corners():
    for text in ["{3|-1}", "{2|-2} + {1|-1}", "{5|{3|1}}", "7/8", "^"]:
        t, d = grundy.thermograph(text), cli("cgt", f"({text}).Thermograph")
        assert t.to_dict() == {**d, "expression": f"({grundy.cgt(text).canonical}).Thermograph"}
        assert (t.mean, t.temperature) == (Fraction(d["mean"]), Fraction(d["temperature"]))
        for mine, theirs in [(t.left, d["left"]), (t.right, d["right"])]:
            assert mine == [(Fraction(a), Fraction(b)) for a, b in theirs]
        assert grundy.cgt(text).thermograph().to_dict() == t.to_dict()
        assert t._repr_svg_().startswith("<svg")
    for text, says in [("on", "loopy games have no thermograph"), ("*[2]", "misère form")]:
        with pytest.raises(grundy.GameError, match=says):
            grundy.thermograph(text)


def test_options_as_properties_and_values_parsed():
    v = grundy.Value.parse("{2,1|-2,*}")
    assert [str(o) for o in v.left] == [str(o) for o in v.left_options()] == ["2"]
    assert [str(o) for o in v.right] == [str(o) for o in v.right_options()]
    assert grundy.Value.parse("^") == grundy.cgt("{0|*}")


def test_every_kind_of_value_reads_its_fields_from_the_answer():
    # A misère form, a loopy stopper and a loopy game with sides: the fields are those of
    # the command's JSON; a comparison is no value.
    for text in ["*[2] + *[2]", "on + 1", "a{{|a}|}"]:
        v = grundy.cgt(text)
        d = cli("cgt", text)
        assert v.to_dict() == d
        assert v.canonical == (d["canonical"] or "")
        assert v.outcome == d["outcome"]
        assert (v.mean, v.temperature) == (d.get("mean"), d.get("temperature"))
    with pytest.raises(grundy.GameError, match="a comparison is true or false"):
        grundy.cgt("^ > 0")


def test_bad_notation_raises_game_error():
    with pytest.raises(grundy.GameError, match="a bracket is not closed"):
        grundy.cgt("{1|")


@pytest.mark.parametrize(
    "call, command",
    [
        (
            (("octal",), {"code": "0.77", "to": 1000}),
            ["sequence", "octal", "0.77", "--to", "1000", "--values"],
        ),
        (
            (("subtraction",), {"set": [1, 2, 5], "to": 500}),
            ["sequence", "subtraction", "--set", "1,2,5", "--to", "500", "--values"],
        ),
    ],
)
def test_sequences_are_the_commands_json(call, command):
    args, options = call
    s = grundy.sequence(*args, **options)
    expected = cli(*command)
    assert s.to_dict() == expected
    assert list(s.values) == expected["values"]
    assert len(s) == options["to"] + 1
    assert (s.period, s.preperiod, s.proved) == (expected["period"], expected["preperiod"], expected["proved"])


def test_a_game_defined_in_python_agrees_with_the_catalog():
    sub = grundy.Game(start=0, moves=lambda n: [n - k for k in (1, 3, 4) if n >= k])
    for n in range(40):
        mine, theirs = sub.solve(n), grundy.solve("subtraction", [n], set=[1, 3, 4])
        assert (mine.outcome, mine.grundy) == (theirs.outcome, theirs.grundy)
        for m in mine.winning_moves:
            assert sub.solve(m.position).outcome == "P"


def test_a_loopy_game_defined_in_python_agrees_with_the_move_graph_solver(tmp_path):
    edges = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": [], "e": ["e", "a"]}
    game = grundy.Game(moves=lambda p: edges[p])
    path = tmp_path / "moves.txt"
    path.write_text("".join(f"{p} {q}\n" for p, qs in edges.items() for q in qs))
    expected = cli("graph", str(path))["positions"]
    for p in edges:
        d = game.solve(p).to_dict()
        assert (d["outcome"], d["grundy"], d["remoteness"]) == (
            expected[p]["outcome"],
            expected[p]["grundy"],
            expected[p]["remoteness"],
        ), p


def test_a_partizan_game_defined_in_python_has_the_catalogs_value():
    game = grundy.Game(
        left_moves=lambda n: [n - k for k in (1, 2) if n >= k],
        right_moves=lambda n: [n - k for k in (2, 3) if n >= k],
    )
    for n in range(12):
        expected = grundy.value("partizan-subtraction", [n], left=[1, 2], right=[2, 3])
        assert str(game.value(n)) == str(expected)
    # Positions that cycle get a loopy value.
    ring = grundy.Game(start=0, left_moves=lambda p: [(p + 1) % 3], right_moves=lambda p: [])
    assert str(ring.value()) == "on"


def test_a_game_needs_its_rules():
    with pytest.raises(grundy.GameError, match="moves=f"):
        grundy.Game(start=0)
    with pytest.raises(ZeroDivisionError):
        grundy.Game(start=0, moves=lambda p: [1 / 0]).solve()


def test_ctrl_c_stops_a_long_computation():
    import signal
    import threading

    # Grundy's game has no known period: its values up to 10^8 take many seconds, so the
    # interrupt a quarter of a second in comes while the library works; the note says the
    # library stopped (not Python, after the whole computation).
    timer = threading.Timer(0.25, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt) as stopped:
        grundy.solve("grundys-game", [10**8])
    timer.join()
    assert "grundy: the computation stopped here" in stopped.value.__notes__
    # The next call is not stopped by the old interrupt.
    assert grundy.solve("nim", [1]).outcome == "N"


@pytest.mark.parametrize("misere", [False, True])
def test_move_graphs_are_the_commands_json(tmp_path, misere):
    edges = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e"), ("e", 1), (1, 2)]
    path = tmp_path / "moves.txt"
    path.write_text("".join(f"{a} {b}\n" for a, b in edges))
    g = grundy.graph(edges, misere=misere)
    expected = cli("graph", str(path), *(["--misere"] if misere else []))
    assert g.to_dict() == expected
    assert g.positions == expected["positions"] and g.counts == expected["counts"]
    with pytest.raises(grundy.GameError, match="without white space"):
        grundy.graph([("a b", "c")])
    # One position, or a sum of tokens (Smith's values), as --position asks them.
    asked = ["a", "e", "2", "a + b", "a + d + d", "e + d", "e + e", "b + 1"]
    for where in asked:
        if misere and "+" in where:
            with pytest.raises(grundy.GameError, match="not decided by the tokens' values"):
                g.position(where)
            continue
        expected = cli("graph", str(path), "--position", where, *(["--misere"] if misere else []))
        assert g.position(where) == expected, where
        assert g.position(where.split(" + ")) == expected, where
    for bad, says in [("x", "no position named 'x'"), ("a + + b", "nothing between two '+'")]:
        with pytest.raises(grundy.GameError) as e:
            g.position(bad)
        assert says in str(e.value)


def test_the_type_stubs_name_what_the_package_exports():
    import ast

    stub = ast.parse((pathlib.Path(__file__).parents[1] / "python/grundy/_grundy.pyi").read_text())
    names = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    import types

    public = {
        n
        for n in dir(grundy)
        if not n.startswith("_") and not isinstance(getattr(grundy, n), types.ModuleType)
    }
    assert names == public == set(grundy.__all__)
    compiled = {n for n in dir(grundy._grundy) if not n.startswith("_")}
    assert compiled == public


def test_jupyter_shows_thermographs_and_sequences():
    svg = grundy.cgt("{2|-2} + {1|-1}")._repr_svg_()
    assert svg.lstrip().startswith("<svg") and "</svg>" in svg
    assert grundy.cgt("{0|pass}")._repr_svg_() is None
    seq = grundy.sequence("octal", code="0.77", to=200)
    assert seq._repr_svg_().lstrip().startswith("<svg")


def test_jupyter_draws_boards_and_their_winning_moves(tmp_path):
    # A board position is drawn as its grid; a solution as the position and the boards its
    # winning moves leave (as grundy plot draws them), each move in its player's colour.
    board = grundy.game("domineering", "...|...|...")
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 1 + 9 * 2
    answer = board.solve()
    out = tmp_path / "d.svg"
    subprocess.run([BIN, "plot", "domineering", "...|...|...", "--out", str(out)], check=True,
                   capture_output=True)
    assert answer._repr_svg_() == out.read_text()
    left, right = 'fill="#3C6EC8"', 'fill="#CD3C37"'
    players = [m.text.split()[0] for m in answer.winning_moves]
    assert answer._repr_svg_().count(left) == 2 * players.count("Left")
    assert answer._repr_svg_().count(right) == 2 * players.count("Right")
    assert grundy.solve("clobber", "xo.|ox.")._repr_svg_().startswith("<svg")
    # No board, no picture: Jupyter shows the text.
    for nothing in [grundy.solve("nim", [3]), grundy.game("kayles", 3),
                    grundy.game("domineering", "..|..") + grundy.game("nim", [1]),
                    (grundy.game("domineering", "..|..") + grundy.game("nim", [1])).solve()]:
        assert nothing._repr_svg_() is None


@pytest.mark.parametrize(
    "script, start, moves",
    [
        # A subtraction game {1, 3, 4}, and the loop with a draw of examples/loopy.rhai.
        (
            "fn start() { 30 }\n"
            "fn moves(n) { let out = []; for s in [1, 3, 4] { if s <= n { out.push(n - s); } } out }\n",
            30,
            lambda n: [n - s for s in (1, 3, 4) if s <= n],
        ),
        (
            None,
            "a",
            lambda p: {"a": ["b", "c"], "b": ["a"], "c": ["d"]}.get(p, []),
        ),
    ],
)
def test_a_game_defined_in_python_agrees_with_the_same_rules_as_a_script(
    tmp_path, script, start, moves
):
    if script is None:
        path = ROOT / "examples" / "loopy.rhai"
    else:
        path = tmp_path / "game.rhai"
        path.write_text(script)
    expected = cli("script", str(path))
    mine = grundy.Game(start=start, moves=moves).solve().to_dict()
    for key in ("outcome", "remoteness", "grundy", "positions"):
        assert mine[key] == expected[key], key
    assert [m["to"] for m in mine["winning_moves"]] == [str(m["to"]) for m in expected["winning_moves"]]


def test_a_partizan_game_defined_in_python_is_solved_as_the_catalog_solves_it():
    game = grundy.Game(
        left_moves=lambda n: [n - k for k in (1, 2) if n >= k],
        right_moves=lambda n: [n - k for k in (2, 3) if n >= k],
    )
    for n in range(15):
        mine = game.solve(n)
        theirs = grundy.solve("partizan-subtraction", [n], left=[1, 2], right=[2, 3])
        assert mine.outcome == theirs.outcome, n
        for m in mine.winning_moves:
            # A winning move leaves a position the mover wins with the other to move.
            after = game.solve(m.position).outcome
            assert after in (("L", "P") if m.text.startswith("Left") else ("R", "P")), (n, m)
    ring = grundy.Game(start=0, left_moves=lambda p: [(p + 1) % 3], right_moves=lambda p: [])
    assert ring.solve().outcome == "L"


def test_sequence_values_are_a_numpy_array_where_numpy_is_installed():
    np = pytest.importorskip("numpy")
    s = grundy.sequence("octal", code="0.77", to=300)
    assert isinstance(s.values, np.ndarray) and s.values.dtype == np.uint32
    assert s.values.tolist() == s.to_dict()["values"]


def test_a_table_is_the_commands_table():
    """`table(..., grundy=True).to_dict()` is `grundy table ... --json`, on a row and a grid."""
    for game, kw, args in [
        ("kayles", {"to": 20}, ["table", "kayles", "--to", "20"]),
        ("wythoff", {"to": 7, "from_": 1}, ["table", "wythoff", "--from", "1", "--to", "7"]),
        ("subtraction", {"set": [1, 3, 4], "to": 25}, ["table", "subtraction", "--set", "1,3,4", "--to", "25"]),
    ]:
        t = grundy.table(game, grundy=True, **kw)
        assert t.to_dict() == cli(*args), game


def test_a_tables_arrays_are_its_cells():
    np = pytest.importorskip("numpy")
    t = grundy.table("wythoff", to=8)
    assert isinstance(t.outcomes, np.ndarray) and t.outcomes.shape == (9, 9)
    assert t.values is None and t.axes == ["heap 1", "heap 2"]
    assert (t.from_, t.to, t.game) == (0, 8, "wythoff")
    # Wythoff's P-positions: (0, 0), (1, 2), (3, 5), (4, 7) and their mirrors.
    p = {(int(r), int(c)) for r, c in zip(*np.nonzero(t.outcomes == "P"))}
    assert p == {(0, 0), (1, 2), (2, 1), (3, 5), (5, 3), (4, 7), (7, 4)}
    k = grundy.table("kayles", to=12, grundy=True)
    assert k.values.dtype == np.int64 and k.values.shape == (13,)
    assert k.values.tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert np.asarray(k).tolist() == k.values.tolist()
    assert "<svg" in k._repr_svg_() and "<svg" in t._repr_svg_()
    assert repr(k) == "Table(kayles: heap 0..12, Grundy values)"


def test_a_bad_table_is_the_commands_one_line():
    for call, message in [
        (lambda: grundy.table("nim", from_=9, to=3), "--to 3 is below the first index 9"),
        (lambda: grundy.table("nim 3"), "table lists positions itself"),
        (lambda: grundy.table("hackenbush"), "has no table"),
        (lambda: grundy.table("wythoff", to=5000), "too large"),
        (lambda: grundy.table("nim", to=-1), "to"),
    ]:
        with pytest.raises(grundy.GameError) as e:
            call()
        assert message in str(e.value)


def test_a_quotient_is_the_commands_quotient():
    """`quotient(...).to_dict()` is `grundy quotient ... --json`."""
    for game, kw, args in [
        ("kayles", {"to": 20}, ["quotient", "kayles", "--to", "20"]),
        ("octal", {"code": "0.75", "to": 30}, ["quotient", "octal", "0.75", "--to", "30"]),
    ]:
        q = grundy.quotient(game, **kw)
        assert q.to_dict() == cli(*args), game


def test_a_quotients_table_decides_misere_sums_as_solve_does():
    np = pytest.importorskip("numpy")
    q = grundy.quotient("kayles", to=12)
    assert isinstance(q.table, np.ndarray) and q.table.shape == (q.order, q.order)
    assert q.elements[0] == "1" and set(q.p_portion) <= set(q.elements)
    assert q.table.tolist() == q.to_dict()["table"]
    for heaps in ([1], [2, 2], [1, 2, 3], [4, 4], [5, 7], [3, 3, 3]):
        won = grundy.solve("kayles", heaps, misere=True).outcome == "N"
        assert q.is_p(heaps) == (not won), heaps
        assert q.class_of(heaps) in q.elements
    assert q.is_p([13]) is None
    assert "<table>" in q._repr_html_() and repr(q).startswith("Quotient(kayles: order=")


def test_a_bad_quotient_is_the_commands_one_line():
    for call, message in [
        (lambda: grundy.quotient("kayles", to=1000), "250 at most"),
        (lambda: grundy.quotient("wythoff", to=5), "wythoff has no nim-sequence"),
        (lambda: grundy.quotient("kayles", to=-2), "to"),
    ]:
        with pytest.raises(grundy.GameError) as e:
            call()
        assert message in str(e.value)


EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def test_a_script_is_solved_as_the_command_solves_it():
    for name, start in [
        ("grid.rhai", None),
        ("euclid.rhai", None),
        ("kayles-sum.rhai", None),
        ("partizan-subtraction.rhai", None),
        ("loopy.rhai", None),
        ("tic-tac-toe.rhai", None),
        ("euclid.rhai", "[7, 12]"),
    ]:
        path = EXAMPLES / name
        r = grundy.script(path, start=start)
        args = ["script", str(path)] + (["--start", start] if start else [])
        theirs = cli(*args)
        assert r.to_dict() == theirs, name
        assert r.outcome == theirs["outcome"] and r.positions == theirs["positions"]
        assert r.winning_moves == theirs["winning_moves"]


def test_a_bad_script_is_the_commands_one_line(tmp_path):
    with pytest.raises(grundy.GameError, match="cannot read"):
        grundy.script(tmp_path / "none.rhai")
    bad = tmp_path / "bad.rhai"
    bad.write_text("fn start() { 3 }\nfn moves(n) { [n - ] }\n")
    with pytest.raises(grundy.GameError, match="bad.rhai"):
        grundy.script(bad)


def test_a_plot_is_the_commands_picture(tmp_path):
    """`plot(...).svg()` is the file `grundy plot ... --out FILE.svg` writes; save() writes it."""
    for game, position, kw, flags in [
        ("wythoff", [3, 5], {"size": 20}, ["--size", "20"]),
        ("kayles", None, {}, []),
        ("subtraction", None, {"set": [1, 3, 4], "grundy": True}, ["--set", "1,3,4", "--grundy"]),
        ("kayles", None, {"two_heaps": True, "size": 30}, ["--two-heaps", "--size", "30"]),
        ("domineering", ["...|...|..."], {}, []),
        ("clobber", ["xo.|ox."], {}, []),
        ("toads-frogs", ["TT..FF"], {}, []),
    ]:
        out = tmp_path / "theirs.svg"
        args = [BIN, "plot", game, *(map(str, position or [])), *flags, "--out", str(out)]
        subprocess.run(args, check=True, capture_output=True)
        p = grundy.plot(game, position, **kw)
        assert p.svg() == out.read_text(), game
        mine = tmp_path / "mine.svg"
        p.save(mine)
        assert mine.read_text() == out.read_text()
        assert p._repr_svg_() == p.svg()
    with pytest.raises(grundy.GameError, match="--size must be between 1 and"):
        grundy.plot("wythoff", size=0)
    with pytest.raises(grundy.GameError):
        grundy.plot("hackenbush", "lr")


@pytest.mark.parametrize("text", ["{3|-1}", "^", "1/2", "+-1", "^*+{2|-2}", "{0|pass}", "on", "*[2]", "*[[2],0]", "-13/16"])
def test_stops_atomic_weight_birthday_and_reduced_form_are_typed_as_the_command_says(text):
    v, d = grundy.cgt(text), cli("cgt", text)

    def stop(s):
        if s is None:
            return None
        try:
            return Fraction(s)
        except ValueError:
            return grundy.cgt(s)

    assert (v.left_stop, v.right_stop) == (stop(d.get("left_stop")), stop(d.get("right_stop")))
    assert v.atomic_weight == (None if d.get("atomic_weight") is None else grundy.cgt(d["atomic_weight"]))
    assert v.birthday == d.get("birthday")
    assert v.reduced == (None if d.get("reduced") is None else grundy.cgt(d["reduced"]))
    assert isinstance(v.left_stop, (Fraction, grundy.Value, type(None)))
    # A misère form's misère outcome and genus; None for games of normal play.
    assert v.misere_outcome == d.get("misere_outcome") and v.genus == d.get("genus")


def test_a_misere_forms_misere_outcome_differs_from_its_normal_one():
    v = grundy.cgt("*[[2],0]")
    assert (v.outcome, v.misere_outcome, v.genus) == ("N", "N", "1^2")
    heap = grundy.cgt("*[1]")                      # one heap of 1: lost moving first in misère
    assert (heap.outcome, heap.misere_outcome) == ("N", "P")
