"""The values of every early position, read from a table the solver wrote beforehand.

A game's first plies are where a search from scratch takes longest (every
action of a move-3 position: tens of seconds), yet analysis needs the value
of every action at every ply. ``goff_openings.json`` and
``shared_openings.json`` beside this module (written by
:mod:`game.ai.make_openings`) hold the value of every position reached by at
most 3 actions (Goff: 5,969 positions, about an hour of one core) or 2
(shared: 183), one per class of symmetric positions, as each file's note
says; every action of a position one action shallower is then a lookup.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from game.ai.solver import Rules, position_key
from game.rules import Action, Position

# The depth make_openings writes by default: every position within DEPTH + 1 actions.
DEPTH = 2

Table = dict[int, int]
"""Canonical key -> twice X−O under perfect play."""


def file_name(rules: Rules) -> str:
    return f"{rules.variant}_openings.json"


@cache
def load_openings(rules: Rules) -> Table:
    """The table shipped for ``rules`` (read once, on first use); empty if none ships."""
    path = resources.files("game.ai").joinpath(file_name(rules))
    if not path.is_file():
        return {}
    return parse_openings(path.read_text(encoding="utf-8"))


def parse_openings(text: str) -> Table:
    """``{"entries": [[hex key, value], ...]}`` as a table."""
    return {int(key, 16): value for key, value in json.loads(text)["entries"]}


def format_openings(table: Table, note: str) -> str:
    entries = [[f"{key:x}", value] for key, value in sorted(table.items())]
    return json.dumps({"note": note, "entries": entries}, separators=(",", ":")) + "\n"


def value(table: Table, pos: Position) -> int | None:
    """Twice X−O under perfect play from ``pos``, if it is over or in the table."""
    if pos.is_over:
        scores = pos.scores()
        return round(2 * (scores.x - scores.o))
    return table.get(position_key(pos)[0])


def action_values(table: Table, pos: Position) -> dict[Action, int] | None:
    """Every legal action of ``pos`` with its value, if the table holds every one."""
    found = {}
    for action in pos.legal_actions():
        known = value(table, pos._apply(action))
        if known is None:
            return None
        found[action] = known
    return found
