"""Every spark of one board's effects, kept as columns of numbers and drawn in one call.

A particle is born somewhere with a speed, a life, a look (its colour and size) and
a drag and a gravity. Each fixed step its speed is multiplied by the drag, gravity
is added to its fall and it moves by its speed times the step, so after ``n`` steps
it is at a closed form of ``n`` (:func:`reach`): a step moves nothing, and a frame
computes every particle's place at once with numpy instead of one Python
expression per particle (Ultimate's biggest collapse has 1,400 sparks at once).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygame

Vec = tuple[float, float]
FloatArray = np.ndarray


def reach(
    drag: FloatArray, gravity: FloatArray, n: FloatArray, dt: float
) -> tuple[FloatArray, FloatArray]:
    """``(a, b)`` after ``n`` steps: a particle is at ``x + vx * a, y + vy * a + b``.

    ``a`` is ``dt`` times the sum of ``drag**i`` for ``i`` in ``1..n``; ``b`` is
    gravity's fall, the speed it adds each step carried through the same drag.
    Every drag is below 1.
    """
    moved = drag * (1 - drag**n) / (1 - drag)
    return dt * moved, gravity * dt * dt * (n - moved) / (1 - drag)


class Particles:
    """The live particles, and those born since the last step (joined in when next needed)."""

    _COLUMNS = ("x", "y", "vx", "vy", "ttl", "drag", "gravity")

    def __init__(self) -> None:
        self.steps = 0  # fixed steps taken
        self.dt = 0.0  # the fixed step, as the updates give it
        self.x = self.y = self.vx = self.vy = self.ttl = np.zeros(0)
        self.drag = self.gravity = np.zeros(0)
        self.kind = np.zeros(0, dtype=np.intp)  # the row of the sprite table it draws from
        self.born = np.zeros(0, dtype=np.int64)  # the step it was born at
        self._new: list[np.ndarray] = []  # rows of the columns above and the kind, by birth

    def add(
        self,
        x: FloatArray | float,
        y: FloatArray | float,
        vx: FloatArray | float,
        vy: FloatArray | float,
        ttl: FloatArray | float,
        kind: np.ndarray,
        drag: float,
        gravity: float,
    ) -> None:
        """Particles, one for each item of ``kind``; each of the others is one number for
        them all or one for each (a burst is born at one place, a trail at every mark's)."""
        block = np.empty((len(kind), 8))
        for column, value in enumerate((x, y, vx, vy, ttl, drag, gravity, kind)):
            block[:, column] = value
        self._new.append(block)

    def _join(self) -> None:
        if not self._new:
            return
        new = np.concatenate(self._new)
        self._new.clear()
        for i, name in enumerate(self._COLUMNS):
            setattr(self, name, np.concatenate((getattr(self, name), new[:, i])))
        self.kind = np.concatenate((self.kind, new[:, 7].astype(np.intp)))
        self.born = np.concatenate((self.born, np.full(len(new), self.steps, dtype=np.int64)))

    def step(self, dt: float) -> None:
        """One fixed step: everybody is a step older, and those whose life is over go."""
        self._join()
        self.steps += 1
        self.dt = dt
        alive = self.ttl > (self.steps - self.born) * dt
        if not alive.all():
            for name in (*self._COLUMNS, "kind", "born"):
                setattr(self, name, getattr(self, name)[alive])

    def clear(self) -> None:
        self._new.clear()
        self._join()  # nothing: only to keep the columns' types
        keep = np.zeros(len(self.x), dtype=bool)
        for name in (*self._COLUMNS, "kind", "born"):
            setattr(self, name, getattr(self, name)[keep])

    def __len__(self) -> int:
        """Particles alive now."""
        return len(self.x) + sum(len(block) for block in self._new)

    def state(self) -> tuple[object, ...]:
        """Everything about them, as one comparable value."""
        self._join()
        columns = (*self._COLUMNS, "kind", "born")
        return (self.steps, *(getattr(self, name).tobytes() for name in columns))

    def draw(
        self,
        surface: pygame.Surface,
        sprites: np.ndarray,
        half: np.ndarray,
        shades: int,
        origin: Vec,
        width: float,
        alpha: float,
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """Each particle's sprite, in one additive ``fblits``; where they went (their top-left
        corners, x and y in whole pixels, and their sides less one), None if there is none.

        ``sprites`` (see :func:`objects`) holds ``shades + 1`` sprites for each kind,
        dimmest first (the brightest twice, for a particle whose life is all left); ``half``
        is the offset from a kind's sprite corner to its centre; ``origin`` and ``width`` place the
        board (positions are in board units); ``alpha`` is how far the next step is.
        """
        self._join()
        if not len(self.x):
            return None
        n = self.steps - self.born
        a0, b0 = reach(self.drag, self.gravity, np.maximum(n - 1, 0), self.dt)
        a1, b1 = reach(self.drag, self.gravity, n, self.dt)
        a = a0 + (a1 - a0) * alpha
        h = half[self.kind]
        px = (self.x + self.vx * a) * width + (origin[0] - h)
        py = (self.y + self.vy * a + b0 + (b1 - b0) * alpha) * width + (origin[1] - h)
        shade = ((self.ttl - n * self.dt) * (shades / self.ttl)).astype(np.intp)
        looks = sprites[self.kind * (shades + 1) + shade]
        places = np.column_stack((px, py)).tolist()
        surface.fblits(zip(looks.tolist(), places, strict=True), pygame.BLEND_ADD)
        return np.array((px, py), dtype=np.intp), 2 * h


def objects(items: Sequence[object]) -> np.ndarray:
    """``items`` as a numpy array of objects, to pick many of them by an array of indices.

    Filled one by one: numpy would read a sprite given whole as an array of its pixels.
    """
    out = np.empty(len(items), dtype=object)
    for i, item in enumerate(items):
        out[i] = item
    return out
