"""On a solved game, the actions that keep its value: a searching bot searches only those.

Text 004's shared-win game is solved (:mod:`game.ai.solver`, helped by the openings
tables), and good play draws it. A search alone still loses a game now and then (the
public engine beat ``hard`` once in 12 games as O, in eight plies); searching only the
actions perfect play keeps, it cannot lose a drawn game, and the search still picks among
them the one that gives the other side most chances to go wrong. The solver gets part of
the bot's time: where it cannot finish in it (rare: a few early positions), the bot
searches every action as before, and what the solver proved stays for the next answer.
"""

from __future__ import annotations

import math
import time

from game.ai.analysis import ExactJudge
from game.ai.solver import Interrupted
from game.rules import Action, Position, Variant


class Keeping:
    """The value-keeping actions of one solved game's positions, within a time budget."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._judge: ExactJudge | None = None  # made on the first answer: it loads the tables

    def actions(self, pos: Position, seconds: float | None) -> list[Action] | None:
        """Every action of ``pos`` that keeps its value, found within ``seconds`` (None: no
        limit); None where the solver did not finish in time."""
        if pos.is_over:
            return None
        judge = self._judge = self._judge or ExactJudge(self.variant)
        solver = judge.solver
        solver.deadline = math.inf if seconds is None else time.monotonic() + seconds
        try:
            return list(judge.judge(pos).best)
        except Interrupted:
            return None
        finally:
            solver.deadline = math.inf
