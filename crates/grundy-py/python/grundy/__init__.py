"""grundy: who wins a two-player game with perfect play, and how — the grundy library in
Python.

Every answer comes from the Rust library (compiled as ``grundy._grundy``, which this package
re-exports): ``solve`` a position of a catalog game, the ``sequence`` of a heap game, a
game's ``table`` and ``plot``, a heap game's misère ``quotient``, a Rhai ``script``'s game,
partizan values in CGSuite's notation (``cgt``, ``value``) with their arithmetic and
``thermograph``, a move ``graph``, and ``Game`` for rules written in Python. Bad input
raises ``GameError`` with the ``grundy`` command's one-line message. See docs/PYTHON.md.
"""

from grundy._grundy import (
    Game,
    GameError,
    Move,
    MoveGraph,
    Outcome,
    Picture,
    Quotient,
    ScriptSolution,
    Sequence,
    Solution,
    Table,
    Thermograph,
    Value,
    cgt,
    game,
    graph,
    plot,
    quotient,
    script,
    sequence,
    solve,
    table,
    thermograph,
    value,
)

__all__ = [
    "Game",
    "GameError",
    "Move",
    "MoveGraph",
    "Outcome",
    "Picture",
    "Quotient",
    "ScriptSolution",
    "Sequence",
    "Solution",
    "Table",
    "Thermograph",
    "Value",
    "cgt",
    "game",
    "graph",
    "plot",
    "quotient",
    "script",
    "sequence",
    "solve",
    "table",
    "thermograph",
    "value",
]
