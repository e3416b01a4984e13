"""The fixed timestep ("Fix Your Timestep!", Glenn Fiedler): real time in, whole steps out.

Each frame the real time since the last frame is added to an accumulator,
clamped so that a stall (a window drag, a breakpoint) cannot make the game
run hundreds of steps to catch up. The simulation then advances in steps of
exactly ``1/rate`` seconds, and drawing interpolates with the fraction of a
step left over. Time is kept in integer nanoseconds and the step count is
computed from the total, never summed from fractions, so the same elapsed
time gives the same number of steps at any frame rate.
"""

from __future__ import annotations

import time
from collections.abc import Callable

NS = 1_000_000_000

RATE = 120
"""Simulation steps per second."""

MAX_FRAME = 0.25
"""The most real time (seconds) one frame may add: a longer stall is dropped, not replayed."""


class FixedTimestep:
    """Counts the whole steps due at each frame, and the fraction of a step left over."""

    def __init__(
        self,
        rate: int = RATE,
        max_frame: float = MAX_FRAME,
        clock: Callable[[], int] = time.perf_counter_ns,
    ) -> None:
        self.rate = rate
        self.dt = 1 / rate
        self._max_ns = int(max_frame * NS)
        self._clock = clock
        self._last = clock()
        self._elapsed_ns = 0  # simulated time so far: clamped real time
        self.steps = 0  # steps taken so far

    def tick(self) -> tuple[int, float]:
        """Read the clock: how many steps to run now, and ``alpha`` in [0, 1) for drawing."""
        now = self._clock()
        self._elapsed_ns += min(max(now - self._last, 0), self._max_ns)
        self._last = now
        due, rest = divmod(self._elapsed_ns * self.rate, NS)
        count = due - self.steps
        self.steps = due
        return count, rest / NS

    @property
    def time(self) -> float:
        """Simulated seconds so far (whole steps only)."""
        return self.steps / self.rate
