"""The text board a person reads from ``qttt replay``."""

from __future__ import annotations

from game.records import Record
from game.rules import make_variant
from game.textview import points, render


def test_points_are_written_as_goff_writes_them() -> None:
    assert [points(x) for x in (0, 0.5, 1, 1.5, 2)] == ["0", "½", "1", "1½", "2"]


def test_goff_board_shows_classical_spooky_and_the_awaited_collapse() -> None:
    text = render(Record(make_variant("goff"), ["1-2", "2-5", "5-9", "5-1"]).final())
    assert "x1 o4" in text and "o2 x3" in text  # cell 5 wraps its three marks
    assert text.endswith("Move 5: X chooses the collapse of the cycle X1 O2 O4.")


def test_ultimate_board_says_where_the_next_pair_goes() -> None:
    record = Record(make_variant("ultimate"), ["1.1-1.2", "1.5-2.5", "5.1-5.3"])
    text = render(record.final())
    assert "Mini-boards won: none yet." in text
    assert "The next pair must span mini-boards 1 and 3." in text
    assert "#" in text  # mini-boards are set apart


def test_a_finished_game_says_why_and_the_score() -> None:
    moves = ["4-6", "4-9", "1-3", "8-9", "5-6", "4-7", "4-8", "7@4"]
    text = render(Record(make_variant("goff"), moves).final())
    assert text.endswith("Game over: a classical row. Score X ½, O 1.")


def test_what_perfect_play_keeps_is_said_as_a_pair_but_a_level_shared_game_as_either() -> None:
    from game.rules import Scores
    from game.textview import kept

    assert kept(Scores(1, 0.5), "goff") == "X 1 – O ½"
    assert kept(Scores(0, 0), "goff") == "X 0 – O 0"
    # The solver values the shared game's 1–1 and 0–0 alike: a puzzle kept at 0 may end 1–1.
    assert kept(Scores(0, 0), "shared") == "a draw or a shared win"
    assert kept(Scores(0, 0), "shared", short=True) == "level"
    assert kept(Scores(1, 1), "shared") == "X 1 – O 1"  # a game that ended so
