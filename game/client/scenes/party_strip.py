"""A party's move clock and scoreboard, under the moves of a couch game played at a party.

A panel owning one rectangle of the play screen's side panel: whose move the
clock runs for and its whole seconds (in the warning colour under five), then
the scoreboard, as the big screen shows them. The clock counts down from the
host's last word (:meth:`PartyStrip.heard`), so drawing it moves nothing.
"""

from __future__ import annotations

import math

import pygame

from game.client import scoreboard, theme
from game.client.at_table import clock_left
from game.client.scene import Context
from game.rules import Player
from net.protocol import Party


class PartyStrip:
    """The clock and the scoreboard of the party at the app's table, if any."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._heard = ctx.time  # when the party's last word (its clock) came

    def heard(self) -> None:
        """The party spoke: its clock counts from now."""
        self._heard = self.ctx.time

    @property
    def party(self) -> Party | None:
        table = self.ctx.table
        return table.party if table is not None else None

    def clock_left(self, party: Party, to_play: Player | None) -> int | None:
        """Whole seconds left on a party's move clock for ``to_play`` (None: no clock runs)."""
        if not party.clock_ms or to_play is None:
            return None
        return math.ceil(clock_left(party, self._heard, self.ctx.time))

    def ticking(self, to_play: Player | None) -> bool:
        """Whether the clock counts seconds on screen."""
        party = self.party
        return (
            party is not None and not party.paused and self.clock_left(party, to_play) is not None
        )

    def key(self, to_play: Player | None) -> tuple[object, ...] | None:
        """What the strip shows: the scoreboard, its page and the clock's seconds."""
        party = self.party
        if party is None:
            return None
        return (party, int(self.ctx.time / scoreboard.PAGE_TIME), self.clock_left(party, to_play))

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, party: Party, to_play: Player | None
    ) -> None:
        """The clock for ``to_play`` at the top of ``area``, the scoreboard under it."""
        palette = self.ctx.palette
        scale = theme.scale(self.ctx.size)
        left = self.clock_left(party, to_play)
        if left is not None and to_play is not None:
            paused = "  (paused)" if party.paused else ""
            color = palette.warning if left < 5 else palette.of(to_play)
            table = self.ctx.table
            who = (table.seat_name(to_play) if table else None) or to_play
            words = f"{who}: {left} s{paused}"
            line = theme.text(
                scoreboard.fit(words, scale.body, area.width, True), scale.body, color, True
            )
            surface.blit(line, area.topleft)
            area = area.copy()
            area.y += line.get_height() + scale.px(8)
            area.height -= line.get_height() + scale.px(8)
        scoreboard.draw(surface, area, party, palette, scale.unit, self.ctx.time, 32)
