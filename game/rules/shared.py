"""Quantum Tic-Tac-Toe as text 004 states it: shared wins, and cycles of three or more cells."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Place
from game.rules.goff import classical_rows
from game.rules.outcome import Outcome, Player, Row, Scores, Termination
from game.rules.square import SquareBoard

if TYPE_CHECKING:
    from game.rules.position import Position

DISTINCT_CELLS = "a mark's two halves go in two distinct cells"


def already_joined(pos: Position, a: int, b: int) -> str | None:
    """Why ``a-b`` is refused where cycles have three or more cells: a mark already joins them."""
    k = pos.mark_joining(a, b)
    if k is None:
        return None
    label = pos.variant.label
    return f"mark {k} already joins cells {label(min(a, b))} and {label(max(a, b))}"


def win_scores(rows: tuple[Row, ...]) -> Scores:
    """1 to each player with a winning row: 1–0 a win, 1–1 a shared win, 0–0 a draw."""
    players = {row.player for row in rows}
    return Scores(int(Player.X in players), int(Player.O in players))


class SharedWin(SquareBoard):
    """Goff's board with text 004's rules: a classical 3-row wins, both rows share the win.

    Each move puts two halves in two distinct open cells, never one cell, and
    never a pair of cells a spooky mark already joins (a cycle is "of three or
    more squares"). A game with no legal move left is a draw.
    """

    name: ClassVar[str] = "shared"
    DOUBLE_RULE: ClassVar[str] = DISTINCT_CELLS

    def __init__(self) -> None:
        super().__init__(side=3, run=3)

    def allows_double(self, pos: Position) -> bool:
        return False

    def refuse_placement(self, pos: Position, a: int, b: int) -> str | None:
        return already_joined(pos, a, b)

    def placements(self, pos: Position) -> tuple[Place, ...]:
        # One set of the joined pairs instead of asking refuse_placement about every pair.
        joined = {(a, b) for _, a, b in pos._spooky}
        return tuple(p for p in self._pairs(pos._open) if p not in joined)

    def has_placement(self, pos: Position) -> bool:
        # Each spooky mark rules out one pair: more pairs of open cells than marks leave one.
        n = pos._open.bit_count()
        return n * (n - 1) // 2 > len(pos._spooky) or bool(self.placements(pos))

    def after_collapse(self, pos: Position) -> Outcome | None:
        rows = classical_rows(pos, self.lines)
        if rows:
            return Outcome(Termination.ROW, win_scores(rows), rows)
        return self._stuck(pos)
