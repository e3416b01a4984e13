"""The perfect player of Goff's game: the opening book, then the exact solver.

The book (``goff_book.json`` beside this module, written by
:mod:`game.ai.make_book`) holds the first moves, where a search from scratch
would take seconds; past it the solver answers in milliseconds, and the
table it keeps makes later moves of the same game cheaper still.
"""

from __future__ import annotations

import json
import threading
from functools import cache
from importlib import resources
from random import Random
from typing import TYPE_CHECKING

from game.ai.solver import Book, Solver
from game.rules import Action, Position

if TYPE_CHECKING:
    from game.ai import Stop

BOOK_FILE = "goff_book.json"


@cache
def load_book() -> Book:
    """The opening book shipped with the package (read once, on first use)."""
    text = resources.files("game.ai").joinpath(BOOK_FILE).read_text(encoding="utf-8")
    return parse_book(text)


def parse_book(text: str) -> Book:
    """A book from its JSON text: ``{"entries": [[hex key, value, a, b], ...]}``."""
    return {int(key, 16): (value, (a, b)) for key, value, a, b in json.loads(text)["entries"]}


def format_book(book: Book, note: str) -> str:
    entries = [[f"{key:x}", value, a, b] for key, (value, (a, b)) in sorted(book.items())]
    return json.dumps({"note": note, "entries": entries}, separators=(",", ":")) + "\n"


class PerfectBot:
    """Plays a value-keeping action; among several, ``rng`` picks (past the book)."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self._solver: Solver | None = None
        self._lock = threading.Lock()

    @property
    def solver(self) -> Solver:
        # Made on first use: choosing a level in a menu must not read the book.
        with self._lock:
            if self._solver is None:
                self._solver = Solver(load_book())
            return self._solver

    def choose(self, pos: Position, stop: Stop | None = None) -> Action:
        return self.solver.best_action(pos, self.rng)  # a look-up: nothing to stop
