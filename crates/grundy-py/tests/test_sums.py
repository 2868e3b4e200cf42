"""Games of your own added to the catalog's: a game whose rules are Python functions
(`grundy.Game`) beside catalog games (`grundy.game`), by normal and misère play, answered
exactly as the same sum written with the catalog's own game of the same rules — and, where
every component is the catalog's, exactly as `grundy solve … --json`."""

import pytest

import grundy
from test_grundy import cli


def sub134(n):
    """Subtraction {1, 3, 4}: the catalog's `subtraction --set 1,3,4`."""
    return [n - s for s in (1, 3, 4) if s <= n]


def test_every_small_sum_answers_as_the_catalogs_own_game():
    mine = grundy.Game(start=0, moves=sub134, name="sub134")
    for h in range(0, 13):
        for rest in ["nim 0", "nim 3", "kayles 4", "kayles 2 5", "nim 2 + wythoff 1 2"]:
            ours = grundy.Game(start=h, moves=sub134, name="sub134") + grundy.game(rest)
            words = f"subtraction --set 1,3,4 {h} + {rest}"
            theirs = grundy.solve(words)
            got = ours.solve()
            assert (got.outcome, got.grundy) == (theirs.outcome, theirs.grundy), words
            assert len(got.winning_moves) == len(theirs.winning_moves), words
            # The component's value as the catalog's game has it.
            assert mine.solve(h).grundy == grundy.solve("subtraction", [h], set=[1, 3, 4]).grundy
            misere = ours.misere().solve()
            assert misere.outcome == grundy.solve(words, misere=True).outcome, words


def test_winning_moves_leave_positions_lost_for_the_player_to_move():
    # Subtraction {1, 3, 4} from 9 is worth 0 and Kayles 6 is worth 3: the winning moves
    # bring the heap to 5 (worth 3), or Kayles to a position worth 0.
    game = grundy.Game(start=9, moves=sub134, name="sub134") + grundy.game("kayles", 6)
    answer = game.solve()
    assert (answer.outcome, answer.grundy) == ("N", 3)
    texts = [m.text for m in answer.winning_moves]
    assert texts[0] == "move to 5 in sub134 9"
    # Beside a component worth 0, Kayles' winning moves are its own alone.
    assert texts[1:] == [f"{m.text} in kayles 6" for m in grundy.solve("kayles", [6]).winning_moves]
    after = grundy.Game(start=5, moves=sub134, name="sub134") + grundy.game("kayles", 6)
    assert after.solve().outcome == "P"
    for m in answer.winning_moves[1:]:
        kayles = [h for h in m.position]
        left = grundy.Game(start=9, moves=sub134, name="sub134") + grundy.game("kayles", kayles)
        assert left.solve().outcome == "P", m.text


def test_a_partizan_game_of_your_own_beside_a_board():
    def left(n):
        return [n - 1] if n >= 1 else []

    def right(n):
        return [n - 2] if n >= 2 else []

    board = grundy.game("domineering", "...|...")
    for h in range(0, 8):
        mine = grundy.Game(start=h, left_moves=left, right_moves=right, name="lr")
        catalog = grundy.value("partizan-subtraction", [h], left=1, right=2)
        assert mine.value() == catalog
        total = mine + board
        assert total.value() == catalog + board.value()
        words = f"partizan-subtraction --left 1 --right 2 {h} + domineering ...|..."
        assert total.solve().outcome == grundy.solve(words).outcome, words


def test_a_sum_of_catalog_games_is_the_commands_json():
    total = grundy.game("kayles", 5) + grundy.game("wythoff", [3, 4]) + grundy.game("nim 6")
    assert total.solve().to_dict() == cli("solve", "kayles", "5", "+", "wythoff", "3", "4", "+", "nim", "6")
    # A whole line is a game too, and adds as its components.
    line = grundy.game("kayles 5 + wythoff 3 4") + grundy.game("nim", [6])
    assert line.solve().to_dict() == total.solve().to_dict()
    assert repr(line) == "Game(kayles 5 + wythoff 3 4 + nim 6)"


def test_sum_adds_games_and_one_game_explored_once_from_every_start():
    calls = []

    def moves(n):
        calls.append(n)
        return sub134(n)

    mine = grundy.Game(start=6, moves=moves, name="sub134")
    total = sum([mine, grundy.game("nim", [2]), mine])
    assert repr(total) == "Game(sub134 6 + nim 2 + sub134 6)"
    assert total.solve().grundy == 2
    assert sorted(calls) == list(range(7))  # each position's moves asked once


def test_catalog_games_held_answer_as_solve_and_value():
    kayles = grundy.game("kayles", 5)
    assert kayles.solve().to_dict() == grundy.solve("kayles", [5]).to_dict()
    assert kayles.solve([4, 4]).grundy == 0
    assert kayles.misere().solve([4]).outcome == grundy.solve("kayles", [4], misere=True).outcome
    assert kayles.misere().is_misere and not kayles.is_misere
    board = grundy.game("domineering", "..|..")
    assert board.value() == grundy.value("domineering", "..|..")


def test_bad_sums_raise_game_error_with_one_line():
    mine = grundy.Game(start=3, moves=sub134, name="sub134")
    cases = [
        (lambda: grundy.game("kayles", 5).misere() + mine, "misère play is a convention of the whole sum"),
        (lambda: mine.misere() + grundy.game("nim", [1]), "misère play is a convention of the whole sum"),
        (lambda: (mine + mine).solve([1]), "a sum holds its components' positions"),
        (lambda: (mine + grundy.Game(start=1, moves=lambda n: [n], name="loop")).solve(),
         "the game's positions cycle (1 → 1)"),
        (lambda: (mine + grundy.Game(start=1, moves=lambda n: [], name="sub134")).solve(),
         "two different games are named 'sub134' in one sum"),
        (lambda: grundy.Game(start=1, moves=sub134, name="two words"), "a game's name is one word"),
        (lambda: grundy.game("kayles", -1), "heap '-1' is negative"),
        (lambda: grundy.game("no-such-game", 1), "no-such-game"),
    ]
    for make, message in cases:
        with pytest.raises(grundy.GameError) as e:
            make()
        assert message in str(e.value)
        assert "\n" not in str(e.value)
    with pytest.raises(TypeError):
        mine + 1
