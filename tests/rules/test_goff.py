"""Goff's 3×3 game, pinned sentence by sentence on concrete positions."""

from __future__ import annotations

from functools import partial

import pytest

from game.records import Record, state_report
from game.rules import (
    Collapse,
    Goff,
    IllegalActionError,
    InvalidTokenError,
    Place,
    Player,
    Position,
    Termination,
)
from tests.rules.scenario import board, played

GOFF = Goff()


play = partial(played, GOFF)


WORKED = ("1-2", "2-5", "5-9", "5-1")


def test_worked_example_closes_a_cycle_and_hands_x_the_choice() -> None:
    pos = play(*WORKED)
    assert pos.awaiting_collapse
    assert pos.to_play is Player.X  # O closed the cycle, so X chooses
    assert pos.pending_mark == 4
    assert pos.cycle() == (1, 2, 4)
    assert pos.entanglement() == (1, 2, 3, 4)  # X3 hangs off the cycle as a stem
    assert pos.legal_actions() == (Collapse(4, 0), Collapse(4, 4))


@pytest.mark.parametrize("spelling", ["4@5", "1@1", "2@2"])
def test_worked_example_every_spelling_gives_one_outcome(spelling: str) -> None:
    pos = play(*WORKED, spelling)
    assert board(pos) == {"1": "X1", "2": "O2", "5": "O4", "9": "X3"}
    assert pos.to_play is Player.X and not pos.awaiting_collapse
    assert pos.move_number == 5


@pytest.mark.parametrize("spelling", ["4@1", "1@2", "2@5"])
def test_worked_example_other_outcome_x3_still_lands_in_9(spelling: str) -> None:
    pos = play(*WORKED, spelling)
    assert board(pos) == {"1": "O4", "2": "X1", "5": "O2", "9": "X3"}


def test_stem_of_a_stem_collapses_with_the_cycle() -> None:
    # X5 hangs off X3, which hangs off the cycle: both fall into place.
    pos = play("1-2", "2-5", "5-9", "9-3", "5-1")
    assert pos.awaiting_collapse and pos.to_play is Player.O
    assert pos.entanglement() == (1, 2, 3, 4, 5)
    after = pos.play(Collapse(5, 0))
    assert board(after) == {"1": "X5", "2": "X1", "3": "O4", "5": "O2", "9": "X3"}


def test_unconnected_spooky_marks_stay_spooky() -> None:
    pos = play("3-6", "1-2", "1-2", "2@2")
    assert board(pos) == {"1": "X3", "2": "O2"}
    assert state_report(pos)["quantum"] == {"3": ["X1"], "6": ["X1"]}


def test_two_marks_on_one_pair_of_cells_are_a_cycle() -> None:
    pos = play("1-2", "1-2")
    assert pos.awaiting_collapse and pos.to_play is Player.X
    assert pos.cycle() == (1, 2)
    left = pos.play(Collapse(2, 0))
    right = pos.play(Collapse(2, 1))
    assert board(left) == {"1": "O2", "2": "X1"}
    assert board(right) == {"1": "X1", "2": "O2"}
    assert pos.play(Collapse(1, 1)) == left  # another spelling of the same outcome


def test_the_chooser_moves_next_after_a_collapse() -> None:
    pos = play("1-2", "1-2", "2@1")
    assert pos.to_play is Player.X and pos.move_number == 3


def test_collapse_outcomes_preview_both_results() -> None:
    outcomes = play(*WORKED).collapse_outcomes()
    assert [action for action, _ in outcomes] == [Collapse(4, 0), Collapse(4, 4)]
    assert outcomes[0][1] == {0: 4, 1: 1, 4: 2, 8: 3}
    assert outcomes[1][1] == {4: 4, 0: 1, 1: 2, 8: 3}


@pytest.mark.parametrize(
    ("moves", "x", "o", "classical"),
    [
        # O's row (O2 O4 O6, dated 6) is earlier than X's (X1 X5 X7, dated 7).
        (
            ("4-6", "4-9", "1-3", "8-9", "5-6", "4-7", "4-8", "7@4"),
            0.5,
            1,
            {"4": "X7", "5": "X5", "6": "X1", "7": "O6", "8": "O4", "9": "O2"},
        ),
        # X's row dated 5 beats O's dated 6.
        (
            ("3-4", "1-6", "2-3", "4-5", "1-5", "4-6", "6@4"),
            1,
            0.5,
            {"1": "X5", "2": "X3", "3": "X1", "4": "O6", "5": "O4", "6": "O2"},
        ),
        # Two X rows sharing their largest mark X9: a stunning 2 points.
        (
            ("8-9", "2-8", "1-4", "5-8", "4-5", "3-7", "2-7", "5-6", "1-3", "9@1"),
            2,
            0,
            {
                "1": "X9",
                "2": "O2",
                "3": "O6",
                "4": "X3",
                "5": "X5",
                "6": "O8",
                "7": "X7",
                "8": "O4",
                "9": "X1",
            },
        ),
        # Two X rows of different dates (7 and 9): 1½.
        (
            ("5-8", "1-4", "2-6", "2-7", "1-9", "3-4", "5-9", "4-6", "6-9", "9@9"),
            1.5,
            0,
            {
                "1": "X5",
                "2": "X3",
                "3": "O6",
                "4": "O2",
                "5": "X7",
                "6": "O8",
                "7": "O4",
                "8": "X1",
                "9": "X9",
            },
        ),
        # A single row.
        (
            ("1-3", "4-7", "2-3", "1-7", "2-3", "5@2"),
            1,
            0,
            {"1": "X1", "2": "X5", "3": "X3", "4": "O2", "7": "O4"},
        ),
    ],
)
def test_scoring_by_largest_subscript(
    moves: tuple[str, ...], x: float, o: float, classical: dict[str, str]
) -> None:
    pos = play(*moves)
    assert board(pos) == classical
    assert pos.is_over and pos.outcome is not None
    assert pos.outcome.termination is Termination.ROW
    assert pos.scores() == (x, o)
    assert pos.legal_actions() == ()
    assert pos.to_play is None


def test_full_board_without_a_row_is_a_draw() -> None:
    pos = play("2-5", "6-9", "5-8", "4-6", "1-3", "2-4", "5-7", "3-6", "6-8", "9@6")
    assert pos.is_over and pos.outcome is not None
    assert pos.outcome.termination is Termination.FULL_BOARD
    assert pos.scores() == (0, 0) and pos.outcome.winner is None


MOVE_9 = ("3-4", "4-8", "5-9", "6-7", "3-9", "1-8", "7-8", "1-3", "8@3")


def test_move_9_exception_both_halves_into_the_last_open_cell() -> None:
    pos = play(*MOVE_9)
    assert pos.move_number == 9 and pos.open_cells() == (1,)
    assert pos.legal_actions() == (Place(1, 1),)
    end = pos.play(Place(1, 1))
    assert board(end)["2"] == "X9"
    assert end.is_over and end.outcome is not None
    assert end.outcome.termination is Termination.FULL_BOARD


def test_a_row_completed_by_the_last_move_is_dated_9() -> None:
    pos = play("7-8", "2-5", "2-7", "4-7", "6-7", "3-7", "1-7", "5-6", "8@5", "9-9")
    assert board(pos)["9"] == "X9"
    assert pos.outcome is not None and pos.outcome.rows[0].date == 9
    assert pos.scores() == (1, 0)


def test_move_9_into_two_open_cells_closes_a_cycle_that_fills_the_board() -> None:
    pos = play("1-2", "1-2", "2@1", "3-4", "3-4", "4@3", "5-6", "5-6", "6@5", "7-8", "8-9")
    assert pos.move_number == 9 and pos.open_cells() == (6, 7, 8)
    for action in pos.legal_actions():
        closed = pos.play(action)
        assert closed.awaiting_collapse
        assert all(closed.play(choice).is_over for choice in closed.legal_actions())


# -- illegal actions: each kind has its own message ------------------------------


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("", "an empty token"),
        ("1 -2", "tokens have no spaces"),
        (" 1-2", "tokens have no spaces"),
        ("X1-2", "tokens have no player letters"),
        ("01-2", "numbers have no leading zeros"),
        ("1-02", "numbers have no leading zeros"),
        ("4@05", "numbers have no leading zeros"),
        ("1_2", "not a move token"),
        ("1-2-3", "not a move token"),
        ("1-2\n", "tokens have no spaces"),
        ("١-٢", "not a move token"),  # non-ASCII digits are not digits here
        ("0-1", "not a move token"),
        ("1-10", "there is no cell 10 on a 3×3 board"),
        ("4@10", "there is no cell 10 on a 3×3 board"),
    ],
)
def test_malformed_tokens(token: str, message: str) -> None:
    with pytest.raises(InvalidTokenError, match=message):
        GOFF.parse_token(token)


@pytest.mark.parametrize(
    ("before", "token", "message"),
    [
        ((), "3-3", "both halves in one cell only on move 9 into the last open cell"),
        (("1-2", "1-2", "2@1"), "1-3", "cell 1 is classical"),
        (("1-2", "1-2", "2@1"), "3-2", "cell 2 is classical"),
        (WORKED, "3-4", "X must choose the collapse first"),
        ((), "1@1", "no cycle is waiting to collapse"),
        (WORKED, "3@9", "mark 3 is not on the cycle"),
        (WORKED, "7@1", "mark 7 is not on the cycle"),
        (("1-2", "3-4", "1-2"), "2@3", "mark 2 is not on the cycle"),  # another group
        (WORKED, "4@2", "mark 4 is in cells 1 and 5, not in 2"),
        (MOVE_9, "2-3", "cell 3 is classical"),
    ],
)
def test_illegal_actions(before: tuple[str, ...], token: str, message: str) -> None:
    pos = play(*before)
    with pytest.raises(IllegalActionError, match=message):
        pos.play(GOFF.parse_token(token))


def test_nothing_is_legal_after_the_game_is_over() -> None:
    pos = play("1-3", "4-7", "2-3", "1-7", "2-3", "5@2")
    with pytest.raises(IllegalActionError, match="the game is over"):
        pos.play(Place(5, 8))


def test_an_illegal_action_leaves_the_position_unchanged() -> None:
    pos = play(*WORKED)
    snapshot = (pos.cells, pos.spooky_marks, pos.move_number)
    with pytest.raises(IllegalActionError):
        pos.play(Place(2, 3))
    assert (pos.cells, pos.spooky_marks, pos.move_number) == snapshot


def test_positions_are_values() -> None:
    assert play("1-2", "5-9") == play("2-1", "9-5")
    assert hash(play("1-2")) == hash(play("2-1"))
    assert play("1-2") != play("1-3")
    before = play("1-2")
    before.play(Place(4, 5))
    assert before == play("1-2")


def test_record_append_writes_canonical_tokens() -> None:
    record = Record(GOFF)
    pos = Position(GOFF)
    for action in (Place(4, 0), Place(1, 4), Place(8, 4), Place(4, 0), Collapse(1, 0)):
        pos = record.append(pos, action)
    assert record.moves == ["1-5", "2-5", "5-9", "1-5", "4@5"]
    assert record.final() == pos
