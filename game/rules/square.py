"""Square boards of n×n cells, numbered 1 to n² left to right, top to bottom."""

from __future__ import annotations

from functools import cached_property

from game.rules.variant import Variant


class SquareBoard(Variant):
    """A variant played on one n×n board whose rows are ``run`` cells in a line."""

    def __init__(self, side: int = 3, run: int = 3) -> None:
        self.side = side
        self.run = run
        self.cell_count = side * side

    @property
    def board_name(self) -> str:
        return f"a {self.side}×{self.side} board"

    def grid(self) -> tuple[tuple[int, ...], ...]:
        n = self.side
        return tuple(tuple(range(r * n, r * n + n)) for r in range(n))

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every horizontal, vertical and diagonal run of ``run`` cells."""
        n, run = self.side, self.run
        found = []
        for r in range(n):
            for c in range(n):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = r + dr * (run - 1), c + dc * (run - 1)
                    if 0 <= end_r < n and 0 <= end_c < n:
                        found.append(tuple((r + dr * i) * n + c + dc * i for i in range(run)))
        return tuple(found)
