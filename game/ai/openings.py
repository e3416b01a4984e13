"""The values of every early position, read from a table the solver wrote beforehand.

A game's first plies are where a search from scratch takes longest (every
action of a move-3 position: tens of seconds), yet analysis needs the value
of every action at every ply. ``goff_openings.json`` and
``shared_openings.json`` beside this module (written by
:mod:`game.ai.make_openings`) hold the value of every position reached by at
most 3 actions (Goff: 5,969 positions, about an hour of one core) or 2
(shared: 183), one per class of symmetric positions, as each file's note
says; every action of a position one action shallower is then a lookup.
For the deepest of them, whose actions' values the table does not hold, they
also hold every move that keeps the value: the next ply's best actions are a
lookup too (a Goff move-4 position's take up to 1.6 s to find).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from game.ai.solver import Rules, position_key, to_engine
from game.rules import Action, Position

# The depth make_openings writes by default: every position within DEPTH + 1 actions.
DEPTH = 2

Table = dict[int, int]
"""Canonical key -> twice X−O under perfect play."""

Moves = tuple[tuple[int, int], ...]
"""Solver moves (see :data:`game.ai.solver.Book`) in a canonical key's orientation."""


@dataclass(frozen=True)
class Openings:
    """A shipped table: values, and for the deepest positions every move that keeps theirs."""

    values: Table = field(default_factory=dict)
    best: dict[int, Moves] = field(default_factory=dict)


def file_name(rules: Rules) -> str:
    return f"{rules.variant}_openings.json"


@cache
def load_openings(rules: Rules) -> Openings:
    """The table shipped for ``rules`` (read once, on first use); empty if none ships."""
    path = resources.files("game.ai").joinpath(file_name(rules))
    if not path.is_file():
        return Openings()
    return parse_openings(path.read_text(encoding="utf-8"))


def parse_openings(text: str) -> Openings:
    """``{"entries": [[hex key, value], ...], "best": [[hex key, hex moves], ...]}``, the
    moves as a bit set: bit ``9a + b`` for the move ``(a, b)``."""
    found = json.loads(text)
    return Openings(
        {int(key, 16): value for key, value in found["entries"]},
        {int(key, 16): _moves(int(bits, 16)) for key, bits in found.get("best", ())},
    )


def format_openings(openings: Openings, note: str) -> str:
    entries = [[f"{key:x}", value] for key, value in sorted(openings.values.items())]
    best = [
        [f"{key:x}", f"{sum(1 << (9 * a + b) for a, b in moves):x}"]
        for key, moves in sorted(openings.best.items())
    ]
    found = {"note": note, "entries": entries, "best": best}
    return json.dumps(found, separators=(",", ":")) + "\n"


def _moves(bits: int) -> Moves:
    return tuple(divmod(i, 9) for i in range(81) if bits >> i & 1)


def best_actions(openings: Openings, pos: Position) -> tuple[Action, ...] | None:
    """Every legal action keeping the value of ``pos``, in the engine's order, if listed."""
    key, sym = position_key(pos)
    moves = openings.best.get(key)
    if moves is None:
        return None
    keeping = {to_engine(pos, move, sym) for move in moves}
    return tuple(action for action in pos.legal_actions() if action in keeping)


def value(openings: Openings, pos: Position) -> int | None:
    """Twice X−O under perfect play from ``pos``, if it is over or in the table."""
    if pos.is_over:
        scores = pos.scores()
        return round(2 * (scores.x - scores.o))
    return openings.values.get(position_key(pos)[0])


def action_values(openings: Openings, pos: Position) -> dict[Action, int] | None:
    """Every legal action of ``pos`` with its value, if the table holds every one."""
    found = {}
    for action in pos.legal_actions():
        known = value(openings, pos._apply(action))
        if known is None:
            return None
        found[action] = known
    return found
