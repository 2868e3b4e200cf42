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


def test_sum_adds_games_and_one_game_is_explored_once_from_every_start():
    calls = []

    def moves(n):
        calls.append(n)
        return sub134(n)

    mine = grundy.Game(start=6, moves=moves, name="sub134")
    total = sum([mine, grundy.game("nim", [2]), mine])
    assert repr(total) == "Game(sub134 6 + nim 2 + sub134 6)"
    assert total.solve().grundy == 2
    assert sorted(calls) == list(range(7))  # each position's moves asked once
    # The sum holds what it explored: asked again, moved in, it asks the function no more.
    total.solve(), total.value(), total.best_move().game.solve()
    assert sorted(calls) == list(range(7))
    assert total.misere().solve().outcome == grundy.solve("subtraction --set 1,3,4 6 + nim 2 + subtraction --set 1,3,4 6", misere=True).outcome
    # Games of the same function and name are one game, from as many starts.
    calls.clear()
    two = grundy.Game(start=6, moves=moves, name="sub134") + grundy.Game(start=5, moves=moves, name="sub134")
    assert two.solve().grundy == 2 ^ 3  # G(6) = 2 and G(5) = 3 for subtraction {1, 3, 4}
    assert sorted(calls) == list(range(7))
    unnamed = grundy.Game(start=6, moves=sub134) + grundy.Game(start=5, moves=sub134)
    assert unnamed.solve().grundy == 2 ^ 3


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


def play_lists(line):
    """The moves `grundy play LINE` lists (its `moves` command): (words, position after)."""
    import re
    import subprocess
    from test_grundy import BIN

    out = subprocess.run([BIN, "play", *line.split()], input="moves\nquit\n",
                         capture_output=True, text=True, check=True).stdout
    return [(m.group(1), m.group(2)) for m in re.finditer(r"#\d+\s+(.+?)  →  (.+)", out)]


@pytest.mark.parametrize("line", ["nim 3 4 5", "kayles 5", "wythoff 2 3", "kayles 3 + nim 2"])
def test_moves_are_the_ones_grundy_play_lists(line):
    game = grundy.game(line)
    mine = [(m.text, " ".join(map(str, m.position))) for m in game.moves()]
    assert mine == play_lists(line)
    # Each move's game is the position it leaves, and play() of its words reaches it too.
    for m in game.moves():
        assert repr(game.play(m.text)) == repr(m.game)
        assert repr(game.play(m)) == repr(m.game)


def test_the_best_move_wins_where_a_move_wins():
    mine = grundy.Game(start=0, moves=sub134, name="sub134")
    for h in range(8):
        for k in range(6):
            for game in [grundy.game("nim", [h, k]), grundy.game("kayles", [h, k]),
                         grundy.Game(start=h, moves=sub134, name="sub134") + grundy.game("kayles", k)]:
                best = game.best_move()
                if game.solve().outcome == "N":
                    assert best.game.solve().outcome == "P", (repr(game), best.text)
                elif best is not None:
                    assert best.game.solve().outcome == "N"
                else:
                    assert game.moves() == []
    assert mine.best_move() is None and mine.moves() == []
    # A whole game played by two perfect players: the first player, in an N-position, wins.
    game, turns = grundy.game("kayles", 9), 0
    while (m := game.best_move()) is not None:
        game, turns = m.game, turns + 1
    assert turns % 2 == 1


def test_partizan_moves_are_a_players_and_bad_moves_are_one_line():
    def left(n):
        return [n - 1] if n >= 1 else []

    def right(n):
        return [n - 2] if n >= 2 else []

    mine = grundy.Game(start=3, left_moves=left, right_moves=right, name="lr")
    assert [m.text for m in mine.moves("Left")] == ["Left moves to 2"]
    assert [m.text for m in mine.moves("right")] == ["Right moves to 1"]
    board = grundy.game("domineering", "...|...")
    best = board.best_move("Left")
    assert best.game.solve().outcome in ("L", "P")  # Left, having moved, wins moving second
    assert repr(board.play("a1-a2", "Left")) == "Game(domineering #..|#..)"
    for make, says in [
        (lambda: board.moves(), "domineering is partizan: say whether Left or Right moves"),
        (lambda: mine.moves(), "lr is partizan: say whether Left or Right moves"),
        (lambda: board.moves("up"), "player 'up': say Left or Right"),
        (lambda: grundy.game("nim", [3]).play("take 9 from heap 1"), "is not a move from 3"),
        (lambda: mine.play(0, "Left"), "'0' is not a move from lr 3"),
    ]:
        with pytest.raises(grundy.GameError) as e:
            make()
        assert says in str(e.value)
