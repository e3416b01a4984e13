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
    """The live particles, and those born since the last step (joined in when next needed).

    One array holds them all, a row of it for each of their numbers (x, y, vx, vy, ttl,
    motion, kind, and the step each was born at) and a column for each particle: a step
    drops the dead in one call, and each number is contiguous for the arithmetic. A
    motion is one of the few (drag, gravity) pairs bursts use; how far each has carried
    a particle after ``n`` steps is worked out once for every ``n`` (:class:`Reaches`)
    and looked up, not raised to a power for every particle every frame.
    """

    TTL, BORN = 4, 7  # the table's rows of a particle's life and of the step it was born at

    def __init__(self) -> None:
        self.steps = 0  # fixed steps taken
        self.dt = 0.0  # the fixed step, as the updates give it
        self.table = np.zeros((8, 0))
        self._new: list[np.ndarray] = []  # rows born since the last step, by birth
        self.motions: list[tuple[float, float]] = []  # (drag, gravity) of each motion
        self._reaches: Reaches | None = None

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
        """Particles, one for each item of ``kind`` (the row of the sprite table it draws from);
        each of the others is one number for them all or one for each (a burst is born at one
        place, a trail at every mark's)."""
        if (drag, gravity) not in self.motions:
            self.motions.append((drag, gravity))
        motion = self.motions.index((drag, gravity))
        block = np.empty((8, len(kind)))
        for row, value in enumerate((x, y, vx, vy, ttl, motion, kind)):
            block[row] = value
        self._new.append(block)

    def _join(self) -> None:
        if self._new:
            new = np.concatenate(self._new, axis=1)
            self._new.clear()
            new[self.BORN] = self.steps
            self.table = np.concatenate((self.table, new), axis=1)

    def step(self, dt: float) -> None:
        """One fixed step: everybody is a step older, and those whose life is over go."""
        self._join()
        self.steps += 1
        self.dt = dt
        table = self.table
        alive = table[self.TTL] > (self.steps - table[self.BORN]) * dt
        if not alive.all():
            self.table = table.compress(alive, axis=1)

    def clear(self) -> None:
        self._new.clear()
        self.table = self.table[:, :0]

    def __len__(self) -> int:
        """Particles alive now."""
        return self.table.shape[1] + sum(block.shape[1] for block in self._new)

    def state(self) -> tuple[object, ...]:
        """Everything about them, as one comparable value."""
        self._join()
        return self.steps, tuple(self.motions), self.table.tobytes()

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
        if not self.table.shape[1]:
            return None
        x, y, vx, vy, ttl, motion, kinds, born = self.table
        kind = kinds.astype(np.intp)
        n = self.steps - born
        reaches = self._reaches
        if reaches is None or not reaches.covers(self.motions, self.dt, int(n.max())):
            reaches = self._reaches = Reaches(self.motions, self.dt, int(n.max()) * 2 + 64)
        a, b = reaches.at(motion.astype(np.intp), n.astype(np.intp), alpha)
        h = half[kind]
        px = (x + vx * a) * width + (origin[0] - h)
        py = (y + vy * a + b) * width + (origin[1] - h)
        shade = ((ttl - n * self.dt) * (shades / ttl)).astype(np.intp)
        looks = sprites[kind * (shades + 1) + shade]
        # Places as pairs zipped from two flat lists: no list made for each particle.
        places = zip(px.tolist(), py.tolist(), strict=True)
        surface.fblits(zip(looks.tolist(), places, strict=True), pygame.BLEND_ADD)
        return np.array((px, py), dtype=np.intp), 2 * h


class Reaches:
    """:func:`reach` of each motion after ``0 .. steps - 1`` steps, at the step before
    and at the step itself (a frame draws ``alpha`` of the way between them)."""

    def __init__(self, motions: list[tuple[float, float]], dt: float, steps: int) -> None:
        self.motions, self.dt, self.steps = list(motions), dt, steps
        drag, gravity = np.array(motions, dtype=float).T[:, :, None]  # a row a motion
        n = np.arange(steps, dtype=float)
        now = np.array(reach(drag, gravity, n, dt))  # a and b, each a row a motion
        before = np.concatenate((now[:, :, :1], now[:, :, :-1]), axis=2)  # at max(n - 1, 0)
        self._now, self._before = now.reshape(2, -1), before.reshape(2, -1)

    def covers(self, motions: list[tuple[float, float]], dt: float, steps: int) -> bool:
        return motions == self.motions and dt == self.dt and steps < self.steps

    def at(self, motion: np.ndarray, n: np.ndarray, alpha: float) -> np.ndarray:
        """``a`` and ``b`` of particles of ``motion`` ``n`` steps old, ``alpha`` of a step on."""
        between = self._before + (self._now - self._before) * alpha
        return between.take(motion * self.steps + n, axis=1)  # type: ignore[no-any-return]


def objects(items: Sequence[object]) -> np.ndarray:
    """``items`` as a numpy array of objects, to pick many of them by an array of indices.

    Filled one by one: numpy would read a sprite given whole as an array of its pixels.
    """
    out = np.empty(len(items), dtype=object)
    for i, item in enumerate(items):
        out[i] = item
    return out
