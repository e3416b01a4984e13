"""A question about a position, out in a worker: a bot's move, a hint, a study.

The search behind it ends early once its stop is set: the position was left (an
undo, a move), or the screen that asked closes. A bot's expert search ran its
4.6 s to the end and held a closed window's process alive that long.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Generic, NamedTuple, TypeVar

from game.rules import Position

T = TypeVar("T")
Worker = Callable[[Callable[[], Any]], Future[Any]]  # runs a call in a worker thread


class Asked(NamedTuple, Generic[T]):
    """About which position, the answer to come, and the event that ends its search early."""

    asked: Position
    answer: Future[T]
    stop: threading.Event

    @staticmethod
    def ask(pos: Position, run: Worker, fn: Callable[[threading.Event], T]) -> Asked[T]:
        """``fn`` asked about ``pos`` in a worker, given the event that stops it."""
        stop = threading.Event()
        return Asked(pos, run(lambda: fn(stop)), stop)

    def cancel(self) -> None:
        """Nobody waits for the answer: not begun, it never begins; begun, its search ends."""
        self.answer.cancel()
        self.stop.set()
