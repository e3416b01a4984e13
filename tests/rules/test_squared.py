"""Quantum Tic-Tac-Toe Squared (text 004), pinned sentence by sentence."""

from __future__ import annotations

import re
from functools import partial

import pytest

from game.records import parse_record, state_report
from game.rules import (
    IllegalActionError,
    InvalidTokenError,
    Player,
    Position,
    Termination,
    make_variant,
)
from tests.rules.scenario import played

SQUARED = make_variant("squared")


play = partial(played, SQUARED)


def cell(label: str) -> int:
    return SQUARED.parse_cell(label)


def triangle(board: int, squares: tuple[int, int, int]) -> tuple[str, str, str]:
    """Three moves of one player on three squares of a mini-board: the last closes a cycle of
    that player's own marks, so however it collapses the three squares are theirs."""
    a, b, c = (f"{board}.{s}" for s in squares)
    return f"{a}-{b}", f"{b}-{c}", f"{a}-{c}"


def claim(x: tuple[str, ...], o: tuple[str, ...], x_closer: int, o_closer: int) -> list[str]:
    """X's triangle and O's, interleaved, each collapsed by the other player."""
    return [x[0], o[0], x[1], o[1], x[2], f"{x_closer}@{x[2][:3]}", o[2], f"{o_closer}@{o[2][:3]}"]


TOP_ROW = ["1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3"]
LEFT_COLUMN = ["1.1", "1.4", "1.7", "4.1", "4.4", "4.7", "7.1", "7.4", "7.7"]


# -- the board -------------------------------------------------------------------


def test_a_3x3_grid_of_3x3_mini_boards_with_cells_written_b_s() -> None:
    pos = Position(SQUARED)
    assert len(pos.open_cells()) == 81
    assert [SQUARED.label(c) for c in (0, 8, 9, 40, 80)] == ["1.1", "1.9", "2.1", "5.5", "9.9"]
    assert all(SQUARED.parse_cell(SQUARED.label(c)) == c for c in range(81))
    grid = SQUARED.grid()
    assert [SQUARED.label(c) for c in grid[0]] == TOP_ROW
    assert [SQUARED.label(row[0]) for row in grid] == LEFT_COLUMN
    assert SQUARED.label(grid[4][4]) == "5.5"  # the centre of the centre board


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("1-2", "there is no cell 1 on a board of 3×3 mini-boards"),
        ("1.1-10", "there is no cell 10 on a board of 3×3 mini-boards"),
        ("10.1-1.1", "there is no cell 10.1"),
        ("1.1-1.10", "there is no cell 1.10"),
        ("3@5", "there is no cell 5 on a board of 3×3 mini-boards"),
        ("1.0-1.1", "not a move token"),
        ("1.1-01.2", "numbers have no leading zeros"),
    ],
)
def test_labels_of_other_boards_are_refused(token: str, message: str) -> None:
    with pytest.raises(InvalidTokenError, match=re.escape(message)):
        SQUARED.parse_token(token)


# -- entanglement ----------------------------------------------------------------


def test_players_may_entangle_within_a_mini_board_or_across_mini_boards() -> None:
    assert len(Position(SQUARED).legal_actions()) == 81 * 80 // 2
    pos = play("1.1-1.2", "1.1-9.9")
    assert pos.spooky_in(cell("1.1")) == (1, 2)


def test_at_most_one_entanglement_per_pair_of_mini_boards() -> None:
    pos = play("1.5-2.5")
    for token in ("1.9-2.1", "2.1-1.9"):
        with pytest.raises(IllegalActionError, match="mark 1 already joins mini-boards 1 and 2"):
            pos.play(SQUARED.parse_token(token))
    boards = {(a // 9, b // 9) for a, b in pos.legal_actions()}
    assert (0, 1) not in boards and (0, 2) in boards and (0, 0) in boards
    assert len(pos.legal_actions()) == 81 * 80 // 2 - 81


def test_a_pair_of_cells_is_not_entangled_twice_even_inside_one_mini_board() -> None:
    with pytest.raises(IllegalActionError, match=r"mark 1 already joins cells 1\.1 and 1\.2"):
        play("1.1-1.2", "1.2-1.1")


# X1, O2 and X5 close a cycle through mini-boards 1, 2 and 3; X3 hangs off it
# from 2.5 into mini-board 9, and O4 is a group of its own.
ACROSS = ("1.5-2.5", "2.5-3.5", "9.9-2.5", "9.1-9.2", "3.5-1.5")


def test_cycles_and_cascades_span_mini_boards() -> None:
    pos = play(*ACROSS)
    assert pos.awaiting_collapse and pos.to_play is Player.O
    assert pos.cycle() == (1, 2, 5)
    assert pos.entanglement() == (1, 2, 3, 5)
    after = pos.play(SQUARED.parse_token("5@1.5"))
    assert state_report(after)["classical"] == {
        "1.5": "X5",
        "2.5": "X1",
        "3.5": "O2",
        "9.9": "X3",
    }
    assert state_report(after)["quantum"] == {"9.1": ["O4"], "9.2": ["O4"]}


def test_a_pair_of_mini_boards_is_free_again_once_its_mark_is_classical() -> None:
    before = play(*ACROSS[:4])
    with pytest.raises(IllegalActionError, match="mark 1 already joins mini-boards 1 and 2"):
        before.play(SQUARED.parse_token("1.1-2.1"))
    after = play(*ACROSS, "5@1.5")  # X1, which joined 1 and 2, is classical now
    assert after.play(SQUARED.parse_token("1.1-2.1")).spooky_in(cell("2.1")) == (6,)


# -- winning mini-boards and the game ---------------------------------------------

X1, O6 = triangle(1, (1, 2, 3)), triangle(6, (1, 2, 3))
X2, O9 = triangle(2, (1, 2, 3)), triangle(9, (1, 2, 3))
FOUR_BOARDS = (*claim(X1, O6, 5, 6), *claim(X2, O9, 11, 12))


def boards(pos: Position) -> dict[str, list[str]]:
    return state_report(pos)["boards"]  # type: ignore[return-value]


def test_a_classical_row_wins_a_mini_board_and_its_open_squares_stay_open() -> None:
    pos = play(*FOUR_BOARDS)
    assert boards(pos) == {
        "1": ["X"],
        "2": ["X"],
        "3": [],
        "4": [],
        "5": [],
        "6": ["O"],
        "7": [],
        "8": [],
        "9": ["O"],
    }
    assert not pos.is_over and pos.to_play is Player.X
    assert pos.is_open(cell("1.5"))
    pos.play(SQUARED.parse_token("1.5-1.9"))


def test_a_mini_board_won_by_one_player_may_become_a_shared_win() -> None:
    pos = play(*FOUR_BOARDS[:8], "2.1-1.4", "1.4-1.5", "2.2-5.5", "1.5-1.6", "2.3-7.6", "1.4-1.6")
    assert pos.awaiting_collapse and pos.cycle() == (8, 10, 12)  # O's own marks
    after = pos.play(SQUARED.parse_token("12@1.4"))
    assert boards(after)["1"] == ["X", "O"]
    assert not after.is_over


def test_three_won_mini_boards_in_a_row_win_the_game() -> None:
    x3 = triangle(3, (7, 8, 9))
    pos = play(*FOUR_BOARDS, x3[0], "4.1-4.2", x3[1], "4.2-4.3", x3[2], "17@3.7")
    assert pos.outcome is not None and pos.outcome.termination is Termination.BOARDS_IN_ROW
    assert pos.scores() == (1, 0) and pos.outcome.winner is Player.X
    assert boards(pos)["3"] == ["X"]
    assert pos.legal_actions() == ()
    # The line of boards that ended it (boards 0..8), beside the rows inside them.
    assert SQUARED.board_lines(pos) == ((Player.X, (0, 1, 2)),)
    assert len(pos.outcome.rows) == 5  # O's two among them


def test_a_shared_mini_board_counts_for_both_players_a_shared_win() -> None:
    # X's marks 13, 15 and 19 close a cycle on 3.1-3.2-3.3; O's marks hang off it
    # into 3.7, 3.8 and 3.9. One collapse wins mini-board 3 for both players:
    # X's row 1-2-3 and O's column 3-6-9.
    pos = play(
        *FOUR_BOARDS, "3.1-3.2", "3.1-3.7", "3.2-3.3", "3.2-3.8", "4.1-4.2", "3.3-3.9", "3.1-3.3"
    )
    assert pos.entanglement() == (13, 14, 15, 16, 18, 19)
    end = pos.play(SQUARED.parse_token("19@3.1"))
    assert boards(end)["3"] == ["X", "O"]
    assert end.outcome is not None and end.outcome.termination is Termination.BOARDS_IN_ROW
    assert end.scores() == (1, 1) and end.outcome.winner is None
    assert SQUARED.board_lines(end) == ((Player.X, (0, 1, 2)), (Player.O, (2, 5, 8)))
    assert SQUARED.board_lines(pos) == ()  # before it, X holds two boards of a line, O two


def test_a_squared_record_round_trips_with_its_report() -> None:
    record = parse_record('{"variant": "squared", "moves": ["1.5-2.5", "2.5-3.5", "1.5-3.5"]}')
    pos = record.final()
    report = state_report(pos)
    assert report["awaiting"] == "collapse" and report["to_play"] == "O"
    assert report["quantum"] == {"1.5": ["X1", "X3"], "2.5": ["X1", "O2"], "3.5": ["O2", "X3"]}
    assert parse_record(record.to_json()).final() == pos
    assert set(report) == {
        "variant",
        "classical",
        "quantum",
        "to_play",
        "awaiting",
        "over",
        "scores",
        "boards",
    }
