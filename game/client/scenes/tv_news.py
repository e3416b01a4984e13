"""The host's news on the big screen: its last lines along the bottom, under the board.

A panel of the TV view (:mod:`game.client.scenes.tv`, and so of the party
screen): it keeps the newest NEWS_LINES pieces of news, each for NEWS_TIME
seconds, and draws them over the window's bottom edge, or over the side column
on a screen taller than wide. News that comes while a collapse's marks fly (a
game's result comes with its last move) is held, and told once they land.
"""

from __future__ import annotations

from collections import deque

import pygame

from game.client import theme
from game.client.scene import Context
from game.client.scoreboard import fit

NEWS_TIME = 6.0  # seconds a line of news stays
NEWS_LINES = 2  # lines of news on show: the newest news takes both where it needs them
NEWS_SIZE = 36  # the news' type, on a 1080-line screen
# Under the news' last line, on a 1080-line screen: the window's edge, or nearer, the side
# column on a screen taller than wide (the news between it and the board).
NEWS_BELOW, NEWS_OVER_COLUMN = 30, 12


class NewsLine:
    """The news on show (``lines``: each with when it was told, oldest first) and held."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.lines: deque[tuple[str, float]] = deque(maxlen=NEWS_LINES)
        self._held: list[str] = []  # come while a collapse's marks fly: told as they land

    def tell(self, text: str, now: float, hold: bool = False) -> None:
        """Show ``text`` from ``now`` on; or, ``hold``, once nothing flies (:meth:`update`)."""
        if hold:
            self._held.append(text)
        else:
            self.lines.append((text, now))

    def update(self, now: float, flying: bool) -> None:
        """Tell what was held once nothing is ``flying``; let old news go."""
        if self._held and not flying:
            self.lines.extend((text, now) for text in self._held)
            self._held.clear()
        while self.lines and now - self.lines[0][1] > NEWS_TIME:
            self.lines.popleft()

    def draw(
        self,
        surface: pygame.Surface,
        room: pygame.Rect,
        margin: int,
        hidden: list[pygame.Rect] | None = None,
    ) -> list[pygame.Rect]:
        """The latest news along the bottom of ``room`` (under the board), ``margin`` in from
        its sides, newest last, in NEWS_LINES lines at most: broken between words, the
        newest takes what it needs of them and an older one what is left, cut only past
        that; but for the news ``hidden`` (cards over it) would cover, any line of it: the
        end of a sentence alone ("… against Ada (O)") says nothing; where."""
        palette = self.ctx.palette
        u = theme.scale(self.ctx.size).unit
        size = round(NEWS_SIZE * u)
        left, right = room.x + round(36 * u), room.right - margin
        w, h = self.ctx.size
        y = room.bottom - round((NEWS_OVER_COLUMN if h > w else NEWS_BELOW) * u)
        free = NEWS_LINES
        drawn = []
        for text, _ in reversed(self.lines):
            if not free:
                break
            lines = theme.wrapped(text, size, right - left, size, free)[0]
            free -= len(lines)
            shown = []
            for line in reversed(lines):  # a word wider than the line alone is cut
                words = theme.text(fit(line, size, right - left), size, palette.text)
                shown.append((words, words.get_rect(bottomleft=(left, y))))
                y -= words.get_height()
            if all(place.collidelist(hidden or []) < 0 for _, place in shown):
                drawn += [surface.blit(words, place) for words, place in shown]
        return drawn
