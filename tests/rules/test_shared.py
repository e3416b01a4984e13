"""Text 004's Quantum Tic-Tac-Toe (variant ``shared``), pinned sentence by sentence."""

from __future__ import annotations

from functools import partial

import pytest

from game.records import state_report
from game.rules import (
    Collapse,
    IllegalActionError,
    Place,
    Player,
    Position,
    Termination,
    make_variant,
)
from tests.rules.scenario import board, played

SHARED = make_variant("shared")


play = partial(played, SHARED)


def test_played_on_a_3x3_grid_all_initially_open() -> None:
    pos = Position(SHARED)
    assert [SHARED.label(c) for c in pos.open_cells()] == [str(i) for i in range(1, 10)]
    assert len(pos.legal_actions()) == 36


def test_a_square_full_of_spooky_marks_is_still_open() -> None:
    pos = play("1-2", "1-3", "1-4")
    assert pos.spooky_in(0) == (1, 2, 3)
    assert pos.is_open(0)
    assert Place(0, 4) in pos.legal_actions()


def test_x_plays_odd_moves_and_o_even_ones() -> None:
    pos = play("1-2", "3-4")
    assert pos.to_play is Player.X and pos.move_number == 3
    assert state_report(pos)["quantum"] == {"1": ["X1"], "2": ["X1"], "3": ["O2"], "4": ["O2"]}


def test_two_distinct_squares_even_with_one_open_square_left() -> None:
    with pytest.raises(IllegalActionError, match="a mark's two halves go in two distinct cells"):
        play("5-5")
    # One open square and no legal move: the game ends there, a draw (no move-9 exception).
    pos = play("1-9", "4-8", "6-9", "3-5", "5-7", "3-8", "1-5", "4-6", "8@4")
    assert pos.open_cells() == (1,)
    assert pos.is_over and pos.outcome is not None
    assert pos.outcome.termination is Termination.NO_MOVES
    assert pos.scores() == (0, 0) and pos.legal_actions() == ()


def test_a_cycle_has_three_or_more_squares_so_a_pair_is_not_entangled_twice() -> None:
    with pytest.raises(IllegalActionError, match="mark 1 already joins cells 1 and 2"):
        play("1-2", "2-1")
    pos = play("1-2", "2-3", "1-3")
    assert pos.awaiting_collapse and pos.cycle() == (1, 2, 3)


def test_two_open_squares_joined_by_a_mark_leave_no_move_a_draw() -> None:
    pos = play("2-4", "4-6", "3-7", "1-7", "4-7", "5-6", "2-7", "7@7", "8-9")
    assert pos.open_cells() == (7, 8) and pos.spooky_in(7) == (8,)
    assert pos.outcome is not None and pos.outcome.termination is Termination.NO_MOVES


def test_the_player_who_did_not_close_the_cycle_chooses_for_cycle_and_stems() -> None:
    pos = play("1-2", "2-5", "5-9", "1-5")  # O closes 1-2-5; X3 in 5-9 is a stem
    assert pos.to_play is Player.X and pos.awaiting_collapse
    assert pos.legal_actions() == (Collapse(4, 0), Collapse(4, 4))
    assert board(pos.play(Collapse(4, 0))) == {"1": "O4", "2": "X1", "5": "O2", "9": "X3"}
    assert board(pos.play(Collapse(4, 4))) == {"1": "X1", "2": "O2", "5": "O4", "9": "X3"}


def test_a_classical_square_is_closed() -> None:
    pos = play("1-2", "2-3", "1-3", "3@1")
    with pytest.raises(IllegalActionError, match="cell 1 is classical"):
        pos.play(Place(0, 5))
    assert all(0 not in action for action in pos.legal_actions())


def test_three_classical_symbols_in_a_row_win() -> None:
    pos = play("5-8", "7-9", "2-5", "3-6", "2-8", "5@2")
    assert board(pos) == {"2": "X5", "5": "X3", "8": "X1"}
    assert pos.outcome is not None and pos.outcome.termination is Termination.ROW
    assert pos.scores() == (1, 0) and pos.outcome.winner is Player.X
    # O's marks elsewhere stay spooky: the game is over.
    assert state_report(pos)["quantum"] == {"3": ["O4"], "6": ["O4"], "7": ["O2"], "9": ["O2"]}


def test_both_players_with_a_row_is_a_shared_win() -> None:
    pos = play("1-7", "2-5", "4-5", "7-8", "2-7", "5-7", "6@5")
    assert board(pos) == {"1": "X1", "2": "O2", "4": "X3", "5": "O6", "7": "X5", "8": "O4"}
    assert pos.outcome is not None and pos.outcome.termination is Termination.ROW
    assert pos.scores() == (1, 1) and pos.outcome.winner is None
    assert {row.player for row in pos.outcome.rows} == {Player.X, Player.O}


def test_a_full_board_with_no_win_is_a_draw() -> None:
    pos = play("2-6", "2-8", "1-9", "3-7", "7-8", "2-9", "4-5", "3-4", "4-7", "9@7")
    assert pos.open_cells() == ()
    assert pos.outcome is not None and pos.outcome.termination is Termination.FULL_BOARD
    assert pos.scores() == (0, 0)
