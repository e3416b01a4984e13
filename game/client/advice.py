"""What the judge says about a game on this screen: a hint, and the study overlay's values.

The judge (:func:`game.ai.analysis.judge_for`) is made on the first question,
since it may load tables, and answers in a worker so a frame never waits for
it. An answer is kept with the position it is for and shown only while that
position stands.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from game.ai.analysis import Judge, judge_for
from game.client.asked import Asked, Worker
from game.rules import Action, Position, Variant

T = TypeVar("T")


class Question(Generic[T]):
    """One kind of question, asked about one position at a time."""

    def __init__(self) -> None:
        self.pending: Asked[T] | None = None
        self.answer: tuple[Position, T] | None = None

    def ask(self, pos: Position, run: Worker, fn: Callable[[threading.Event], T]) -> None:
        """Ask ``fn`` about ``pos`` (given the event that stops it), unless one is out."""
        if self.pending is None:
            self.pending = Asked.ask(pos, run, fn)

    def take(self, pos: Position) -> T | None:
        """A finished answer for ``pos`` (one for a position already left is dropped, and its
        search stopped: the question about the position shown waits for it)."""
        if self.pending is None:
            return None
        if self.pending.asked != pos:
            self.pending.stop.set()
        if not self.pending.answer.done():
            return None
        (asked, future, _), self.pending = self.pending, None
        if future.cancelled() or future.exception() is not None or asked != pos:
            return None
        self.answer = (pos, future.result())
        return self.answer[1]

    def at(self, pos: Position) -> T | None:
        return self.answer[1] if self.answer is not None and self.answer[0] == pos else None

    def asking_about(self, pos: Position) -> bool:
        return self.pending is not None and self.pending.asked == pos

    def cancel(self) -> None:
        """Nobody waits for the answer (the screen closes): its search ends now."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None


class Advice:
    """Hints on request and, while ``studying``, every open cell's best lead for the mover."""

    def __init__(self, variant: Variant, run: Worker) -> None:
        self.variant = variant
        self._run = run
        self._judge: Judge | None = None
        self.hints: Question[Action] = Question()
        self.studies: Question[dict[int, float]] = Question()
        self.studying = False

    @property
    def judge(self) -> Judge:
        if self._judge is None:
            self._judge = judge_for(self.variant)
        return self._judge

    @property
    def exact(self) -> bool:
        return self.judge.exact

    @property
    def busy(self) -> bool:
        """A question is out: its answer comes with no event to wake the window."""
        return self.hints.pending is not None or self.studies.pending is not None

    def ask_hint(self, pos: Position) -> None:
        judge = self.judge
        self.hints.ask(pos, self._run, lambda stop: judge.suggest(pos, stop))

    def study_at(self, pos: Position) -> dict[int, float] | None:
        """What the overlay shows on ``pos``: its study, while studying."""
        return self.studies.at(pos) if self.studying else None

    def update(self, pos: Position, study: bool) -> Action | None:
        """Take finished answers; ask for ``pos``'s study when it is on and wanted here.

        Returns a hint that has just arrived for ``pos``.
        """
        hint = self.hints.take(pos)
        self.studies.take(pos)
        if study and self.studying and self.studies.at(pos) is None:
            judge = self.judge
            self.studies.ask(pos, self._run, lambda stop: judge.study(pos, stop))
        return hint

    def cancel(self) -> None:
        self.hints.cancel()
        self.studies.cancel()
