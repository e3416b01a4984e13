"""Ultimate Quantum Tic-Tac-Toe (text 004): Squared plus the sending rule, sentence by sentence."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from game.commands import replay
from game.records import state_report
from game.rules import IllegalActionError, Player, Position, make_variant
from tests.rules.scenario import played

ULTIMATE = make_variant("ultimate")


play = partial(played, ULTIMATE)


def refusal(pos: Position, token: str) -> str:
    """The message ``token`` is refused with in ``pos``."""
    with pytest.raises(IllegalActionError) as refused:
        pos.play(ULTIMATE.parse_token(token))
    return str(refused.value)


def spanned(pos: Position) -> set[frozenset[int]]:
    """The sets of mini-boards (1-9) the legal placements span."""
    return {frozenset((a // 9 + 1, b // 9 + 1)) for a, b in pos.legal_actions()}


def test_the_first_move_is_free() -> None:
    pos = Position(ULTIMATE)
    assert len(pos.legal_actions()) == 81 * 80 // 2
    assert state_report(pos)["sent_to"] is None


def test_the_squares_of_the_pair_just_played_name_the_next_pair_of_mini_boards() -> None:
    pos = play("5.3-5.7")  # squares 3 and 7 of mini-board 5
    assert state_report(pos)["sent_to"] == ["3", "7"]
    assert spanned(pos) == {frozenset((3, 7))} and len(pos.legal_actions()) == 81
    after = pos.play(ULTIMATE.parse_token("3.1-7.9"))
    assert state_report(after)["sent_to"] == ["1", "9"]
    sent = "the pair 5.3-5.7 sends this move to mini-boards 3 and 7"
    assert refusal(pos, "2.1-8.1") == sent
    assert refusal(pos, "3.1-3.2") == sent  # both halves in one of the two


def test_the_same_square_twice_names_a_single_mini_board() -> None:
    pos = play("4.5-6.5")
    assert state_report(pos)["sent_to"] == ["5"]
    assert spanned(pos) == {frozenset((5,))} and len(pos.legal_actions()) == 36
    assert refusal(pos, "5.1-6.9") == "the pair 4.5-6.5 sends this move to mini-board 5"


def test_with_no_possible_move_under_the_constraint_the_next_player_plays_freely() -> None:
    # X1 joins mini-boards 3 and 7; O2's squares 3 and 7 send X there, where no second
    # entanglement is allowed: X plays anywhere else.
    pos = play("3.1-7.1", "1.3-1.7")
    assert state_report(pos)["sent_to"] is None
    # Every pair but those joining mini-boards 3 and 7, and O2's own pair of cells.
    assert len(pos.legal_actions()) == 81 * 80 // 2 - 81 - 1
    pos.play(ULTIMATE.parse_token("2.1-8.1"))


# X's own marks on 5.1, 5.2 and 5.3 close a cycle: mini-board 5 becomes X's row.
WON_5 = ("5.1-5.2", "1.5-2.5", "5.2-5.3", "2.5-3.5", "5.1-5.3")


def test_the_pair_that_closed_a_cycle_sends_the_move_after_its_collapse() -> None:
    pos = play(*WON_5)
    assert pos.awaiting_collapse and pos.to_play is Player.O
    assert state_report(pos)["sent_to"] is None  # a collapse is awaited, not a move
    after = pos.play(ULTIMATE.parse_token("5@5.1"))
    assert state_report(after)["boards"]["5"] == ["X"]
    assert after.to_play is Player.O and state_report(after)["sent_to"] == ["1", "3"]
    assert spanned(after) == {frozenset((1, 3))}


def test_open_squares_on_a_won_mini_board_stay_open_and_can_be_sent_to() -> None:
    pos = play(*WON_5, "5@5.1", "1.1-3.5")  # squares 1 and 5 send X to mini-boards 1 and 5
    assert state_report(pos)["boards"]["5"] == ["X"]
    assert state_report(pos)["sent_to"] == ["1", "5"]
    assert len(pos.legal_actions()) == 9 * 6  # mini-board 5 keeps six open squares


def test_squared_rules_still_hold_under_the_sending_rule() -> None:
    pos = play("5.1-5.2", "1.5-2.5")  # squares 5 and 5 send X to mini-board 5
    assert refusal(pos, "5.1-5.2") == "mark 1 already joins cells 5.1 and 5.2"
    assert len(pos.legal_actions()) == 36 - 1


def test_replay_of_a_move_outside_the_constraint_names_the_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    moves = ["5.3-5.7", "3.1-7.9", "1.1-9.1", "1.2-1.3", "4.4-6.6"]
    path.write_text(json.dumps({"variant": "ultimate", "moves": moves}))
    assert replay.main([str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == 'token 5 "4.4-6.6": the pair 1.2-1.3 sends this move to mini-boards 2 and 3\n'


def test_a_label_of_a_square_board_is_refused_with_a_numbered_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": "ultimate", "moves": ["5.3-5.7", "3-7"]}))
    assert replay.main([str(path)]) == 2
    assert capsys.readouterr().err == (
        'token 2 "3-7": there is no cell 3 on a board of 3×3 mini-boards'
        " (cells are B.s, from 1.1 to 9.9)\n"
    )
