"""The shipped puzzles against the live solver, and ``qttt puzzle``."""

from __future__ import annotations

import json
from random import Random

import pytest

from game.ai.puzzles import Puzzle, format_puzzles, load_puzzles, parse_puzzles
from game.ai.solver import Solver, position_key, rules_for
from game.commands import puzzle as puzzle_command
from game.rules import Player

PUZZLES = load_puzzles()
SAMPLE = Random(14).sample(PUZZLES, min(6, len(PUZZLES)))


def check(puzzle: Puzzle) -> None:
    """One best action up to symmetry, as shipped; every other gives up ½ point or more."""
    pos = puzzle.position()
    rules = rules_for(puzzle.variant)
    value, values = Solver(rules=rules).solve(pos)
    assert rules.scores(value) == puzzle.value
    mover = 1 if pos.to_play is Player.X else -1
    keeping = {a for a, v in values.items() if v == value}
    assert {puzzle.variant.token(a) for a in keeping} == set(puzzle.answer)
    # Symmetric spellings of one action lead to one position.
    assert len({position_key(pos.play(a))[0] for a in keeping}) == 1
    # Values are twice X−O: a drop of 1 is ½ point.
    assert all(mover * (value - v) >= 1 for a, v in values.items() if a not in keeping)
    assert any(a not in keeping for a in values)


def test_at_least_100_puzzles_ship_of_both_games_and_every_grade() -> None:
    assert len(PUZZLES) >= 100
    assert {p.variant.name for p in PUZZLES} == {"goff", "shared"}
    assert {p.grade for p in PUZZLES} == {"easy", "medium", "hard"}
    assert parse_puzzles(format_puzzles(list(PUZZLES), "again")) == PUZZLES


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: f"puzzle{p.number}")
def test_a_sample_of_puzzles_agrees_with_the_live_solver(puzzle: Puzzle) -> None:
    check(puzzle)


@pytest.mark.slow
def test_every_puzzle_agrees_with_the_live_solver() -> None:
    for puzzle in PUZZLES:
        check(puzzle)


def test_puzzle_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert puzzle_command.main(["1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["number"] == 1 and found["answer"] == list(PUZZLES[0].answer)
    assert found["to_play"] in ("X", "O") and found["awaiting"] in ("move", "collapse")
    assert puzzle_command.main(["1", "--answer"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Puzzle 1 of ") and f"answer: {PUZZLES[0].answer[0]}" in out
    assert puzzle_command.main([str(len(PUZZLES) + 1)]) == 2
    assert "there are puzzles 1 to" in capsys.readouterr().err
