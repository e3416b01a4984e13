"""On a solved game, the actions that keep its value: a searching bot searches only those.

Text 004's shared-win game is solved (:mod:`game.ai.solver`, helped by the openings
tables), and good play draws it. A search alone still loses a game now and then (the
public engine beat ``hard`` once in 12 games as O, in eight plies); searching only the
actions perfect play keeps, it cannot lose a drawn game, and the search still picks among
them the one that gives the other side most chances to go wrong. The solver gets part of
the bot's time. Beyond the openings tables (from the fourth action on) it proves which
actions do not lose, as many as that time allows; where it proves none in time, the bot
searches every action as before. What the solver proved stays for the next answer.

With ``tables_only`` the tables alone restrict the search: a lookup, so the bot keeps all its
time, and beyond them it searches every action (Goff's hard: the solver there would take the
time its search needs, and perfect is the level that plays exactly). With ``side`` only that
player's actions are restricted.
"""

from __future__ import annotations

import contextlib
import math
import time

from game.ai.analysis import ExactJudge
from game.ai.openings import value as opening_value
from game.ai.solver import Interrupted
from game.rules import Action, Player, Position, Variant

DRAW = 0  # the solver's value of a draw (twice X's points minus O's)


class Keeping:
    """The value-keeping actions of one solved game's positions, within a time budget."""

    def __init__(
        self, variant: Variant, tables_only: bool = False, side: Player | None = None
    ) -> None:
        self.variant = variant
        self.tables_only = tables_only
        self.side = side
        self._judge: ExactJudge | None = None  # made on the first answer: it loads the tables

    def actions(self, pos: Position, seconds: float | None) -> list[Action] | None:
        """The actions of ``pos`` a searching bot may play, found within ``seconds`` (None: no
        limit): inside the openings tables every action that keeps the position's value,
        beyond them those proven not to lose, as many as the time proves; None where it
        proved none, or where ``tables_only`` or ``side`` leave it free (the bot then searches
        every action)."""
        if pos.is_over or (self.side is not None and pos.to_play is not self.side):
            return None
        judge = self._judge = self._judge or ExactJudge(self.variant)
        solver = judge.solver
        solver.deadline = math.inf if seconds is None else time.monotonic() + seconds
        try:
            if opening_value(judge.openings, pos) is not None:
                with contextlib.suppress(Interrupted):
                    return list(judge.judge(pos).best)
            if self.tables_only:
                return None
            # Beyond the tables the position's own value costs the most: the actions that do
            # not lose (worth a draw or better to the mover), as many as the time proves. One is
            # enough not to lose a drawn game.
            _, safe = solver.best_actions(pos, DRAW, partial=True)
            return list(safe) or None
        finally:
            solver.deadline = math.inf
