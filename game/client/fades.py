"""The vanished halves of a collapse shrinking away where they stood, kept as columns.

Ultimate's biggest collapse fades 72 halves at once: as columns, a step ages them
all at once and a frame sizes and places them all at once, as
:mod:`game.client.flights` does for the marks flying home.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Vec = tuple[float, float]

FADE_TIME = 0.45  # seconds a half takes to vanish, at the quick pace


class Fades:
    """Every vanished half still shrinking, a column of :attr:`table` each: its mark, where it
    stood and how big it was (in board units), its life, its age and its age at the step
    before (a frame draws in between)."""

    MARK, X, Y, SIZE, LIFE, AGE, PREV_AGE = range(7)  # the table's rows

    def __init__(self) -> None:
        self.table = np.zeros((7, 0))

    def clear(self) -> None:
        """None left."""
        self.table = self.table[:, :0]

    def add(
        self, marks: Sequence[int], at: Sequence[Vec], size: Sequence[float], life: float
    ) -> None:
        """Halves of ``marks`` vanishing from now, standing ``at`` with ``size``, for ``life``
        seconds each."""
        n = len(marks)
        x, y = np.reshape(np.array(at, dtype=float), (n, 2)).T
        block = np.array((marks, x, y, size, [life] * n, [0.0] * n, [0.0] * n), dtype=float)
        self.table = np.concatenate((self.table, block), axis=1)

    def __len__(self) -> int:
        return self.table.shape[1]

    def step(self, dt: float) -> None:
        """Each a step older; those whose life is over go."""
        table = self.table
        table[self.PREV_AGE] = table[self.AGE]
        table[self.AGE] += dt
        alive = table[self.AGE] < table[self.LIFE]
        if not alive.all():
            self.table = table.compress(alive, axis=1)

    def left(self, alpha: float) -> np.ndarray:
        """The share of each one's life still to come, ``alpha`` of the way to the next step."""
        _, _, _, _, life, age, before = self.table
        return np.maximum(0.0, 1 - (before + (age - before) * alpha) / life)  # type: ignore[no-any-return]

    def state(self) -> tuple[object, ...]:
        """Which halves are fading and how far, as one comparable value."""
        return (self.table[self.MARK].tobytes(), self.table[self.AGE].tobytes())
