"""The big screen's waiting screen, and its knocking at a table that is not there.

A panel of the TV view (:mod:`game.client.scenes.tv`): before the first game arrives,
the title and whom the screen reaches. A table that went away for good (not started yet,
or closed, a host stopped to be started again) is knocked at again every few seconds for as
long as the screen is on: nobody sits at the big screen to press "Try again". While it
knocks, the waiting screen says why, and that it waits.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.prose import sentence
from game.client.theme import Palette

# Seconds between two knocks at a table that is not there.
KNOCK_TIME = 3.0
TITLE = "Quantum Tic-Tac-Toe"


class Knocking:
    """Why the table went away, and when to knock at it again."""

    def __init__(self) -> None:
        self.gone: str | None = None  # why the table went away, while the screen knocks
        self._at = -1.0  # when to knock again (none due: negative)

    @property
    def knocking(self) -> bool:
        """Whether the screen has lost its table and knocks again until it is back (the link's
        question, "Try again", is not asked: it is done)."""
        return self.gone is not None

    @property
    def due(self) -> bool:
        """Whether a knock is on its way (the screen ticks until it comes)."""
        return self._at >= 0

    def lost(self, why: str, now: float) -> None:
        """The table went away, ``why``: knock again KNOCK_TIME after ``now``."""
        self.gone, self._at = why, now + KNOCK_TIME

    def knock(self, now: float) -> bool:
        """Whether to knock now (once per :meth:`lost`)."""
        if self.due and now >= self._at:
            self._at = -1.0
            return True
        return False

    def back(self) -> None:
        """The table is back."""
        self.gone = None

    def words(self, address: tuple[str, int]) -> list[tuple[str, bool]]:
        """The lines under the waiting screen's title, each with whether it is lit: whom the
        screen reaches at ``address``; or, its table gone, why, and that it waits for it (the
        words stay while the next knock is on its way)."""
        host, port = address
        where = f"{host}:{port}"
        if self.gone is None:
            return [(f"Connecting to {where}…", False)]
        gone = sentence(self.gone)
        return [
            (gone if where in gone else f"{gone} ({where})", True),
            ("Waiting for the table: this screen tries again every few seconds", False),
        ]


def draw_waiting(
    surface: pygame.Surface,
    left: pygame.Rect,
    palette: Palette,
    unit: float,
    lines: list[tuple[str, bool]],
) -> None:
    """The title in ``left``, and under it ``lines`` (each with whether it is lit)."""
    size = round(96 * unit)
    while theme.font(size, True).size(TITLE)[0] > left.width and size > 24:
        size -= 4
    title = theme.glowing_text(TITLE, size, palette.text, 80)
    y = left.centery - round(60 * unit)
    theme.blit_centered(surface, title, (left.centerx, y))
    y += title.get_height() // 2 + round(20 * unit)
    size = round(40 * unit)
    for words, lit in lines:
        for line in theme.wrap(words, size, left.width):
            text = theme.text(line, size, palette.text if lit else palette.dim)
            y += text.get_height()
            theme.blit_centered(surface, text, (left.centerx, y))
