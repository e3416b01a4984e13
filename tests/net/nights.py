"""A party's records written straight to a folder, as its host leaves them: the night's
results read from them without an evening played first."""

from __future__ import annotations

from pathlib import Path

from game.records import Record
from game.rules import make_variant
from net.party import RECORD_FIELD, party_field
from net.party_host import party_record
from tests.rules.scenario import random_game


def x_wins() -> list[str]:
    """The moves of a Goff game that X wins (the first such random game)."""
    goff = make_variant("goff")
    for seed in range(100):
        moves = random_game(goff, seed)
        outcome = Record(goff, moves).final().outcome
        if outcome is not None and outcome.scores.x > outcome.scores.o:
            return moves
    raise AssertionError("X never won")


def party_game(party: str, number: int, x: str, o: str, moves: list[str]) -> Record:
    """The record of game ``number`` of ``party``: ``x`` and ``o`` playing Goff's ``moves``."""
    return Record(make_variant("goff"), moves, {RECORD_FIELD: party_field(party, number, x, o)})


def write_night(save_dir: Path, party: str, games: list[tuple[str, str]], moves: list[str]) -> None:
    """Game n is ``games[n - 1]`` (x, o) playing ``moves``, under the name a host gives it."""
    for number, (x, o) in enumerate(games, start=1):
        record = party_game(party, number, x, o, moves)
        party_record(save_dir, party, number).write_text(record.to_json())
