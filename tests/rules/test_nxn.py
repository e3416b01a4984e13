"""Text 002's n×n game (variant ``nxn``), pinned sentence by sentence, and our readings of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.commands import replay
from game.records import parse_record, state_report
from game.rules import (
    Collapse,
    IllegalActionError,
    InvalidTokenError,
    Place,
    Player,
    Position,
    RulesError,
    Termination,
    make_variant,
)
from tests.rules.scenario import played


def play(*tokens: str, size: int = 4) -> Position:
    return played(make_variant("nxn", {"size": size}), *tokens)


def report(pos: Position) -> dict[str, object]:
    return state_report(pos)


# -- the board -------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_a_square_board_of_n_rows_initially_empty(size: int) -> None:
    pos = play(size=size)
    assert pos.open_cells() == tuple(range(size * size))
    cells = size * size
    assert pos.spooky_marks == () and len(pos.legal_actions()) == cells * (cells - 1) // 2
    assert pos.variant.grid()[1][0] == size  # numbered row by row


def test_the_board_is_4x4_unless_a_size_is_given() -> None:
    assert make_variant("nxn").options() == {"size": 4}
    assert parse_record('{"variant": "nxn", "moves": []}').variant == make_variant("nxn")


def test_a_size_round_trips_through_a_record() -> None:
    record = parse_record('{"variant": "nxn", "size": 5, "moves": ["1-25"], "player": "Ann"}')
    assert record.variant.options() == {"size": 5} and record.extra == {"player": "Ann"}
    again = parse_record(record.to_json())
    assert again.variant == record.variant and again.final() == record.final()
    assert report(record.final())["size"] == 5


@pytest.mark.parametrize("size", [2, 7, "4", 4.5, True, None])
def test_a_bad_size_is_one_line(size: object) -> None:
    with pytest.raises(RulesError, match=r'^"size" must be a whole number from 3 to 6$'):
        make_variant("nxn", {"size": size})


@pytest.mark.parametrize(
    ("size", "token", "message"),
    [
        (4, "1-17", "there is no cell 17 on a 4×4 board"),
        (5, "1-26", "there is no cell 26 on a 5×5 board"),
        (4, "1.1-2", "there is no cell 1.1 on a 4×4 board"),
        (6, "3@37", "there is no cell 37 on a 6×6 board"),
    ],
)
def test_a_label_of_another_board_is_refused(size: int, token: str, message: str) -> None:
    with pytest.raises(InvalidTokenError, match=message):
        make_variant("nxn", {"size": size}).parse_token(token)


def test_replay_of_a_bad_size_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": "nxn", "size": 9, "moves": []}))
    assert replay.main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == 'record: "size" must be a whole number from 3 to 6\n'


# -- moves and collapses ---------------------------------------------------------


def test_the_first_example_x_on_3_1_and_3_3_then_o_on_0_2_and_0_3() -> None:
    pos = play("14-16", "3-4")  # (row, column) from 0: (3,1) is 14, (0,2) is 3
    assert report(pos)["quantum"] == {"3": ["O2"], "4": ["O2"], "14": ["X1"], "16": ["X1"]}


def test_the_cycle_example_o_chooses_a_cell_of_x_s_closing_move() -> None:
    pos = play("1-2", "2-5", "1-5")  # x1 (0,0)-(0,1), o2 (0,1)-(1,0), x3 (0,0)-(1,0)
    assert pos.awaiting_collapse and pos.to_play is Player.O
    assert pos.legal_actions() == (Collapse(3, 0), Collapse(3, 4))
    # O picks (0,0) for x3: x1 dies there and lands in (0,1), pushing o2 to (1,0).
    assert report(pos.play(Collapse(3, 0)))["classical"] == {"1": "X3", "2": "X1", "5": "O2"}


def test_two_marks_on_one_pair_of_cells_are_a_cycle_as_in_goff() -> None:
    pos = play("1-2", "9-10", "1-2")
    assert pos.awaiting_collapse and pos.cycle() == (1, 3)


def test_both_halves_in_one_cell_only_on_the_last_move_into_the_last_open_cell() -> None:
    with pytest.raises(IllegalActionError, match="only on the last move into the last open cell"):
        play("6-6")
    moves = ("4-7", "1-12", "5-11", "5-8", "11-14", "8-15", "7-16", "2-10", "12-14", "3-16")
    moves += ("5-13", "3-12", "6-11", "2-5", "2-3", "15@2")
    before = play(*moves)
    assert before.move_number == 16 and before.to_play is Player.O
    assert before.legal_actions() == (Place(8, 8),)
    end = before.play(Place(8, 8))
    assert report(end)["classical"]["9"] == "O16"
    assert end.outcome is not None and end.outcome.termination is Termination.FULL_BOARD
    # The full board's bonus: X's diagonal 2-7-12, O's column 1-5-9 and diagonal 5-10-15.
    assert end.scores() == (1 + 10, 2 + 10)


# -- bonus points ----------------------------------------------------------------
# Each player claims two cells at a time: a mark placed twice on one pair is a
# cycle of the player's own marks, so either way it collapses both cells are theirs.


def test_a_2x2_block_of_one_player_is_worth_2() -> None:
    pos = play("1-2", "9-10", "1-2", "3@1", "9-10", "4@9", "5-6", "11-12", "5-6", "7@5")
    assert report(pos)["classical"] == {
        "1": "X3",
        "2": "X1",
        "5": "X7",
        "6": "X5",
        "9": "O4",
        "10": "O2",
    }
    assert not pos.is_over and pos.scores() == (2, 0)  # points so far
    assert report(pos)["scores"] == {"X": 2, "O": 0}
    assert report(pos)["bonus"] == {
        "X": {"threes": 0, "blocks": 1, "fours": 0},
        "O": {"threes": 0, "blocks": 0, "fours": 0},
    }


def test_three_marks_on_a_short_diagonal_are_worth_1_and_do_not_end_the_game() -> None:
    pos = play("2-7", "9-10", "2-7", "3@2", "9-10", "4@9", "12-13", "15-16", "12-13", "7@12")
    assert [c for c, m in report(pos)["classical"].items() if m[0] == "X"] == ["2", "7", "12", "13"]
    assert not pos.is_over and pos.scores() == (1, 0)


def test_a_line_of_four_is_worth_20_and_ends_the_game() -> None:
    pos = play("1-2", "9-10", "1-2", "3@1", "9-10", "4@9", "3-4", "11-12", "3-4", "7@3")
    assert pos.outcome is not None and pos.outcome.termination is Termination.LINE_OF_FOUR
    assert pos.scores() == (20, 0)  # not also two lines of three
    assert state_report(pos)["quantum"] == {"11": ["O6"], "12": ["O6"]}


def test_a_run_of_five_is_one_line_of_four() -> None:
    moves = ("1-2", "9-10", "1-2", "3@1", "9-10", "4@9", "4-5", "11-12", "4-5", "7@4")
    pos = play(*moves, "11-12", "8@11", "3-25", "16-17", "3-25", "11@3", size=5)
    assert [c for c in range(5) if pos.classical(c)] == [0, 1, 2, 3, 4]
    assert pos.outcome is not None and pos.scores() == (20, 0)


# X claims 1-2, O 13-14; then X's marks on 3-4 close a cycle whose stems push
# O's marks into 15 and 16: one collapse gives both players a line of four.
BOTH_FOURS = ("1-2", "13-14", "1-2", "3@1", "13-14", "4@13", "3-4", "3-15")


def test_both_lines_of_four_the_smaller_sum_of_move_numbers_earns_15_the_other_5() -> None:
    pos = play(*BOTH_FOURS, "5-6", "4-16", "3-4", "9@3")
    assert report(pos)["classical"] == {
        "1": "X3",
        "2": "X1",
        "3": "X9",
        "4": "X5",
        "13": "O4",
        "14": "O2",
        "15": "O6",
        "16": "O8",
    }
    assert pos.outcome is not None and pos.outcome.termination is Termination.LINE_OF_FOUR
    assert pos.scores() == (15, 5)  # X 3+1+9+5 = 18, O 4+2+6+8 = 20


def test_both_lines_of_four_o_with_the_smaller_sum() -> None:
    tail = ("5-6", "4-16", "7-8", "9-10", "11-12", "10-11", "3-4", "13@3")
    pos = play(*BOTH_FOURS, *tail)
    assert pos.scores() == (5, 15)  # X 3+1+13+5 = 22, O 20


def test_both_lines_of_four_with_equal_sums_share_20() -> None:
    pos = play(*BOTH_FOURS, "5-6", "4-16", "7-8", "9-10", "3-4", "11@3")
    assert pos.scores() == (10, 10)  # X 3+1+11+5 = 20, O 20


def test_a_full_board_without_a_line_of_four_is_a_draw_worth_10_each_plus_bonus() -> None:
    moves = ("1-2", "4-5", "1-2", "3@1", "4-5", "4@4", "3-7", "6-8", "3-7", "7@3", "6-8", "8@6")
    pos = play(*moves, "9-9", size=3)
    assert pos.outcome is not None and pos.outcome.termination is Termination.FULL_BOARD
    assert pos.scores() == (11, 11)  # X's row 1-2-3 and O's row 4-5-6, then 10 each


def test_a_tie_of_the_bonus_game_is_a_draw_and_the_shared_games_1_1_a_shared_win() -> None:
    from random import Random

    from game.client.prose import result
    from game.client.scenes.results import verdict

    def ending(variant_name: str, fields: dict[str, object], tied: tuple[float, float]) -> Position:
        variant, rng = make_variant(variant_name, fields), Random(7)
        while True:
            pos = Position(variant)
            while not pos.is_over:
                pos = pos.play(pos.random_action(rng))
            if tuple(pos.scores()) == tied:
                return pos

    drawn = ending("nxn", {"size": 3}, (10, 10))  # text 002: no line of four, 10 each
    shared = ending("shared", {}, (1, 1))  # text 004: rows for both at once
    assert drawn.outcome is not None and not drawn.outcome.shared
    assert shared.outcome is not None and shared.outcome.shared
    assert (result(drawn), verdict(drawn)) == ("draw", "A draw")
    assert (result(shared), verdict(shared)) == ("shared win", "Shared win")
