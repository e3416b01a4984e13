"""Allan Goff's Quantum Tic-Tac-Toe on 3×3, with his scoring by subscripts."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from game.rules.outcome import Outcome, Player, Row, Scores, Termination
from game.rules.square import SquareBoard

if TYPE_CHECKING:
    from game.rules.position import Position


class Goff(SquareBoard):
    """Goff's game: the first collapse that makes a classical 3-row ends it.

    Each row is dated by its largest subscript; rows of the earliest date
    score 1 each and every later row ½ (texts 001 and 003).
    """

    name: ClassVar[str] = "goff"
    DOUBLE_RULE: ClassVar[str] = "both halves in one cell only on move 9 into the last open cell"

    def __init__(self) -> None:
        super().__init__(side=3, run=3)

    def after_collapse(self, pos: Position) -> Outcome | None:
        rows = classical_rows(pos, self.lines)
        if rows:
            return Outcome(Termination.ROW, self.final_scores(pos, rows), rows)
        return self._stuck(pos)

    def final_scores(self, pos: Position, rows: tuple[Row, ...]) -> Scores:
        if not rows:
            return Scores()
        earliest = min(row.date for row in rows)
        x = o = 0.0
        for row in rows:
            points = 1.0 if row.date == earliest else 0.5
            if row.player is Player.X:
                x += points
            else:
                o += points
        return Scores(x, o)


def classical_rows(pos: Position, lines: tuple[tuple[int, ...], ...]) -> tuple[Row, ...]:
    """Every line filled with one player's classical marks, dated by its largest subscript."""
    cells = pos._cells
    x, o = pos.player_masks()
    rows = []
    for line, mask in zip(lines, _masks(lines), strict=True):
        if x & mask == mask or o & mask == mask:
            marks = [cells[c] for c in line]
            rows.append(Row(Player.of_mark(marks[0]), line, max(marks)))
    return tuple(rows)


@cache
def _masks(lines: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(1 << c for c in line) for line in lines)
