"""The question asked before the window leaves a table it hosts while a game is under way.

Closing the window, the Menu button or Escape twice would otherwise end the game
for the guest at once. The app asks first (:meth:`LeaveQuestion.needed`), over
whatever screen shows: "Keep playing" (also Escape or the B button) or "Leave".
Leaving closes the table; its record keeps both seats, so it can be continued
from the LAN screen's host menu, where this window takes back its seat and the
other is held for its player.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.at_table import AtTable
from game.client.intents import Cancel, Intent
from game.client.question import Question
from game.client.scene import Context
from game.client.widgets import Item
from game.rules import Player
from net.session import NetworkSession


class LeaveQuestion:
    def __init__(self, ctx: Context, table: AtTable, then: Callable[[], None]) -> None:
        self.ctx = ctx
        self.then = then
        self.answered = False
        mine = table.session.local_sides
        other = next((table.seat_name(side) for side in Player if side not in mine), None)
        who = f"{other}'s game" if other else "the game"
        self.words = (
            f"Leave this game? Your table closes and {who} stops here. "
            "You can continue it later: Host a LAN game, then Continue."
        )
        # The focus starts on staying: a stray press must not end anyone's game.
        self.question = Question([Item("Keep playing", self._stay), Item("Leave", self._leave)])

    @staticmethod
    def needed(table: AtTable | None) -> bool:
        """Whether leaving ``table`` now asks first: this window hosts it (a plain table,
        not a party) and a game is under way on it."""
        if table is None or table.host is None or not isinstance(table.session, NetworkSession):
            return False
        snap = table.snapshot
        return snap is not None and bool(snap.moves) and not snap.position.is_over

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel):
            self._stay()
        else:
            self.question.handle(intent, self.ctx.size)

    def _stay(self) -> None:
        self.answered = True

    def _leave(self) -> None:
        self.answered = True
        self.ctx.leave_table()
        self.then()

    def draw(self, surface: pygame.Surface) -> None:
        self.question.draw(surface, self.words, self.ctx.palette, self.ctx.time)
