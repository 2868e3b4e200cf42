"""Type stubs of `grundy._grundy`, the compiled module (the Rust library through PyO3) that
the `grundy` package re-exports."""

import enum
from fractions import Fraction
from os import PathLike
from typing import Any, Callable, Hashable, Iterable, Sequence as Seq, final

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

class GameError(Exception):
    """Bad input: the message is the `grundy` command's one line."""

class Outcome(enum.StrEnum):
    """Who wins; each member equals its letter (Outcome.N == "N")."""
    N = "N"
    P = "P"
    L = "L"
    R = "R"
    D = "D"
    T = "T"
    NHat = "NHat"
    PCheck = "PCheck"
    PHat = "PHat"
    NCheck = "NCheck"

@final
class Move:
    position: Any
    text: str

@final
class Solution:
    outcome: Outcome
    grundy: int | str | None
    winning_moves: list[Move]
    explanation: str
    def to_dict(self) -> dict[str, Any]: ...

@final
class Value:
    canonical: str
    outcome: Outcome
    mean: Fraction | None
    temperature: Fraction | None
    is_number: bool
    is_integer: bool
    is_nimber: bool
    is_numberish: bool
    is_infinitesimal: bool
    is_all_small: bool
    is_stopper: bool
    is_tame: bool
    left: list[Value]
    right: list[Value]
    @staticmethod
    def parse(text: str) -> Value: ...
    def thermograph(self) -> Thermograph: ...
    def to_dict(self) -> dict[str, Any]: ...
    def left_options(self) -> list[Value]: ...
    def right_options(self) -> list[Value]: ...
    def incentives(self) -> list[Value]: ...
    def __add__(self, other: Value, /) -> Value: ...
    def __radd__(self, other: Value, /) -> Value: ...
    def __sub__(self, other: Value, /) -> Value: ...
    def __rsub__(self, other: Value, /) -> Value: ...
    def __neg__(self) -> Value: ...
    def __lt__(self, other: Value, /) -> bool: ...
    def __le__(self, other: Value, /) -> bool: ...
    def __gt__(self, other: Value, /) -> bool: ...
    def __ge__(self, other: Value, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Thermograph:
    """A short game's thermograph: walls' corners (t, v) from temperature 0 up."""
    mean: Fraction
    temperature: Fraction
    left: list[tuple[Fraction, Fraction]]
    right: list[tuple[Fraction, Fraction]]
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_svg_(self) -> str: ...

def thermograph(value: Value | str) -> Thermograph: ...

@final
class Sequence:
    values: Any
    period: int | None
    preperiod: int | None
    proved: bool
    def to_dict(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...

@final
class Table:
    outcomes: Any
    values: Any | None
    @property
    def axes(self) -> list[str]: ...
    @property
    def from_(self) -> int: ...
    @property
    def to(self) -> int: ...
    @property
    def game(self) -> str: ...
    def to_dict(self) -> dict[str, Any]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any: ...
    def _repr_svg_(self) -> str: ...

@final
class Quotient:
    table: Any
    pretending: Any
    @property
    def order(self) -> int: ...
    @property
    def elements(self) -> list[str]: ...
    @property
    def p_portion(self) -> list[str]: ...
    @property
    def presentation(self) -> str: ...
    @property
    def proved(self) -> bool: ...
    @property
    def to(self) -> int: ...
    def class_of(self, heaps: Seq[int]) -> str | None: ...
    def is_p(self, heaps: Seq[int]) -> bool | None: ...
    def to_dict(self) -> dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

@final
class Picture:
    def svg(self) -> str: ...
    def save(self, path: str | PathLike[str]) -> None: ...
    def _repr_svg_(self) -> str: ...

@final
class ScriptSolution:
    outcome: Outcome
    positions: int
    remoteness: int | None
    @property
    def winning_moves(self) -> list[dict[str, Any]]: ...
    @property
    def grundy(self) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...

@final
class MoveGraph:
    positions: dict[str, dict[str, Any]]
    counts: dict[str, int]
    def to_dict(self) -> dict[str, Any]: ...

@final
class Game:
    def __new__(
        cls,
        start: Hashable | None = None,
        moves: Callable[[Any], Iterable[Hashable]] | None = None,
        *,
        left_moves: Callable[[Any], Iterable[Hashable]] | None = None,
        right_moves: Callable[[Any], Iterable[Hashable]] | None = None,
        misere: bool = False,
    ) -> Game: ...
    def solve(self, position: Hashable | None = None) -> Solution: ...
    def value(self, position: Hashable | None = None) -> Value: ...

def solve(game: str, position: Seq[Any] | str | None = None, *, max_moves: int | None = None, all_moves: bool = False, **options: Any) -> Solution: ...
def sequence(game: str, *, to: int, until_periodic: bool = False, **options: Any) -> Sequence: ...
def table(game: str, *, to: int | None = None, from_: int | None = None, grundy: bool = False, **options: Any) -> Table: ...
def quotient(game: str, *, to: int, **options: Any) -> Quotient: ...
def script(path: str | PathLike[str], *, start: str | None = None, max_positions: int | None = None) -> ScriptSolution: ...
def plot(game: str, position: Seq[Any] | str | None = None, *, size: int | None = None, grundy: bool = False, two_heaps: bool = False, **options: Any) -> Picture: ...
def cgt(expression: str) -> Value: ...
def value(game: str, position: Seq[Any] | str | None = None, **options: Any) -> Value: ...
def graph(edges: Iterable[tuple[Any, Any]], *, misere: bool = False) -> MoveGraph: ...
