"""The marks of a collapse flying home, kept as columns of numbers.

Ultimate's biggest collapse flies 72 marks at once. Kept as one object each,
every step and every frame asked each of them where it is in Python; as
columns, a step ages them all at once and a frame places them all at once
(:meth:`Flights.place`), as :mod:`game.client.particles` does for sparks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

Vec = tuple[float, float]

SETTLE_TIME = 0.25  # seconds the last mark rests before the flights are over


class Flight(NamedTuple):
    """One mark's flight, as :meth:`Flights.add` takes it (positions and sizes in board units)."""

    mark: int
    cell: int
    start: Vec
    end: Vec
    size_from: float
    size_to: float
    delay: float
    duration: float
    color: int  # index into Effects.colors, for its trail
    sparks: int  # particles in its take-off and landing bursts


class Flights:
    """Every surviving mark on its way from its spooky half to the centre of its cell.

    A mark leaves ``delay`` seconds after the collapse and lands ``duration``
    seconds later; ``age`` counts from the collapse, ``prev_age`` is the age at
    the step before (a frame draws in between). Positions and sizes are in
    board units.
    """

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """No mark in the air."""
        self.mark = np.zeros(0, dtype=np.intp)
        self.cell = np.zeros(0, dtype=np.intp)
        self.color = np.zeros(0, dtype=np.intp)  # index into Effects.colors, for its trail
        self.sparks = np.zeros(0, dtype=np.intp)  # particles in its take-off and landing bursts
        self.start = self.end = np.zeros((0, 2))
        self.size_from = self.size_to = np.zeros(0)
        self.delay = self.duration = np.zeros(0)
        self.age = self.prev_age = np.zeros(0)
        self.touched_down = np.zeros(0, dtype=bool)  # the landing flash has been shown

    def add(self, flights: Sequence[Flight]) -> None:
        """More marks, each leaving ``delay`` seconds from now and growing from ``size_from``
        to ``size_to`` on the way (all in one go: Ultimate's biggest collapse flies 72)."""
        if not flights:
            return
        new = Flight(*zip(*flights, strict=True))

        def more(column: np.ndarray, values: tuple[object, ...]) -> np.ndarray:
            return np.concatenate((column, np.array(values, dtype=column.dtype)))

        self.mark, self.cell = more(self.mark, new.mark), more(self.cell, new.cell)
        self.color, self.sparks = more(self.color, new.color), more(self.sparks, new.sparks)
        self.start, self.end = more(self.start, new.start), more(self.end, new.end)
        self.size_from = more(self.size_from, new.size_from)
        self.size_to = more(self.size_to, new.size_to)
        self.delay, self.duration = more(self.delay, new.delay), more(self.duration, new.duration)
        self.age = more(self.age, (0.0,) * len(flights))
        self.prev_age = more(self.prev_age, (0.0,) * len(flights))
        self.touched_down = more(self.touched_down, (False,) * len(flights))

    def __len__(self) -> int:
        return len(self.mark)

    def step(self, dt: float) -> None:
        self.prev_age = self.age
        self.age = self.age + dt

    @property
    def landed(self) -> np.ndarray:
        """Which marks are home."""
        return self.age >= self.delay + self.duration

    @property
    def settled(self) -> bool:
        """Whether every mark is home and has rested there."""
        return bool((self.age >= self.delay + self.duration + SETTLE_TIME).all())

    def place(self, age: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Where each mark is (x and y) and how big, at ``age`` seconds (one age a mark)."""
        t = np.minimum(1.0, np.maximum(0.0, (age - self.delay) / self.duration))
        e = t * t * (3 - 2 * t)  # smoothstep: leave gently, land gently
        lift = np.sin(np.pi * t) * 0.04  # a small hop on the way
        start, end = self.start, self.end
        x = start[:, 0] + (end[:, 0] - start[:, 0]) * e
        y = start[:, 1] + (end[:, 1] - start[:, 1]) * e - lift
        return x, y, self.size_from + (self.size_to - self.size_from) * e

    def state(self) -> tuple[object, ...]:
        """Which marks fly and how far they are, as one comparable value."""
        return (self.mark.tobytes(), self.age.tobytes())
