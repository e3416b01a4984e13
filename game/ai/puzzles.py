"""Puzzles: positions of Goff's game and the shared-win game with exactly one best answer.

Each puzzle (``puzzles.json`` beside this module, written by
:mod:`game.ai.make_puzzles` from the solver's values) is a game record to
play out, the answer (every action that keeps the value: one action up to
the board's symmetry, so possibly several spellings of it), the value the
answer keeps and ``depth``: how many plies the game then lasts with
perfect play, the side to act hurrying and the other delaying. Every other
action gives up at least ½ point (or turns a draw into a loss).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from game.records import Record
from game.rules import Action, Position, Scores, Variant, make_variant

PUZZLE_FILE = "puzzles.json"
# Difficulty by depth: the plies left after the answer, at most.
GRADES: tuple[tuple[str, int], ...] = (("easy", 1), ("medium", 3), ("hard", 99))


@dataclass(frozen=True)
class Puzzle:
    number: int  # counted from 1, in the order shipped
    variant: Variant
    moves: tuple[str, ...]
    answer: tuple[str, ...]  # the tokens of the one best action, in each symmetric spelling
    value: Scores
    depth: int

    def position(self) -> Position:
        return Record(self.variant, list(self.moves)).final()

    def solves(self, action: Action) -> bool:
        return self.variant.token(action) in self.answer

    @property
    def grade(self) -> str:
        return next(name for name, most in GRADES if self.depth <= most)

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant.name,
            "moves": list(self.moves),
            "answer": list(self.answer),
            "value": {"X": self.value.x, "O": self.value.o},
            "depth": self.depth,
        }


def parse_puzzles(text: str) -> tuple[Puzzle, ...]:
    found = []
    for number, entry in enumerate(json.loads(text)["puzzles"], start=1):
        value = entry["value"]
        found.append(
            Puzzle(
                number,
                make_variant(entry["variant"], {}),
                tuple(entry["moves"]),
                tuple(entry["answer"]),
                Scores(value["X"], value["O"]),
                entry["depth"],
            )
        )
    return tuple(found)


def format_puzzles(puzzles: list[Puzzle], note: str) -> str:
    entries = ",\n".join(json.dumps(p.to_json(), separators=(",", ":")) for p in puzzles)
    return f'{{"note":{json.dumps(note)},"puzzles":[\n{entries}\n]}}\n'


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles shipped with the package (read once, on first use)."""
    text = resources.files("game.ai").joinpath(PUZZLE_FILE).read_text(encoding="utf-8")
    return parse_puzzles(text)
