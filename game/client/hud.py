"""The side panel beside a board in play: who is to play, the two players, what to do now.

A scene says what to show in a :class:`HudView` (words and numbers only) and
:func:`draw` lays it out on the type scale from the top of the panel: the
headline with its mark, the two players with their names and points, the series
score at a table where games were won, a line about the game (move, rules), what
to do now, and notes (Ultimate's sending, a study's legend). It returns the
rectangle left between them and the buttons, for the move list or the collapse
previews.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import prose, theme
from game.client.prose import Para
from game.client.theme import Palette, Scale
from game.rules import Player


@dataclass(frozen=True, slots=True)
class HudView:
    headline: str
    who: Player | None  # whose colour and mark the headline wears (None: a draw, a shared win)
    players: tuple[tuple[Player, str, str], ...]  # (side, name, points)
    about: str  # "Move 13 · Squared"
    now: str  # what to do now, in a sentence
    # Lines more in the accent colour: where Ultimate sends the next pair, what a study shows.
    notes: tuple[str, ...] = ()
    series: str = ""  # "Ada 2 – 1 Bo" once a game of the series has been won


@dataclass(frozen=True, slots=True)
class Words:
    """Where a :class:`HudView`'s words stand in a panel: what :func:`draw` draws, and where."""

    inner: pygame.Rect  # the panel less its padding
    headline: tuple[str, ...]  # its lines (one, or two for a long name on a narrow panel)
    headline_size: int
    headline_at: tuple[int, float]  # the left of its first line, and that line's middle
    players: int  # the y of the first player's row; each row is ``row`` high
    row: int
    series: tuple[str, int] | None  # the series line and its size, under the players
    about: tuple[str, int, int]  # the line about the game: its words, size and y
    now: pygame.Rect  # what to do now, shrunk to fit this box
    now_end: int  # the y under its lines
    notes: tuple[tuple[str, int, int], ...]  # each note's words, size and y
    bottom: int  # the y under them all

    @property
    def steady(self) -> int:
        """The y under them all were what to do now to fill its box: what stands under them
        stays put as those words change ("The marks fly home…" takes one line of two)."""
        return self.bottom + max(0, self.now.bottom - self.now_end)

    @property
    def under_players(self) -> int:
        """The y under the players' rows (and the series score): the words of the moment
        follow."""
        return self.about[2]


@lru_cache(maxsize=16)  # the panel asks each frame where its words end
def lay_out(hud: tuple[int, int, int, int], view: HudView, scale: Scale) -> Words:
    """Where ``view``'s words stand in the panel ``hud``."""
    pad = scale.px(30)
    inner = pygame.Rect(hud).inflate(-2 * pad, -2 * pad)
    big = scale.heading
    y = inner.y + big * 0.65
    x = inner.x + (round(big * 1.35) if view.who is not None else 0)  # after the mover's mark
    headline_at = (x, y)
    room = inner.right - x
    words, size = theme.fitted(view.headline, big, room, scale.lead, True)
    lines: tuple[str, ...] = (words,)
    if words != view.headline:
        # Too long for a line even at the lead's size (a long name on a square window's
        # narrow panel): two lines rather than a name cut short.
        lines, size = theme.wrapped(view.headline, scale.lead, room, scale.body, 2, True, True)
    y += theme.font(size, True).get_linesize() * (len(lines) - 1)
    y = round(y + big * 0.85)
    body = scale.body
    row = round(body * 1.5)
    players = y
    y += row * len(view.players)
    series = None
    if view.series:
        # As large as the names: the score of the evening is read from the sofa.
        series = theme.fitted(f"Series: {view.series}", body, inner.width, scale.floor + 4, True)
        y += theme.font(series[1]).get_linesize() + scale.px(4)
    y += scale.px(6)
    about = (*theme.fitted(view.about, scale.hint + 4, inner.width, scale.hint), y)
    y += theme.font(about[1]).get_linesize() + scale.px(10)
    now = pygame.Rect(inner.x, y, inner.width, round(theme.font(scale.lead).get_linesize() * 2.2))
    y = now_end = prose.bottom(_now(view, (255, 255, 255)), now, scale.lead)
    notes = []
    for note in view.notes:
        words, small = theme.fitted(note, body, inner.width, scale.floor + 4, True)
        notes.append((words, small, y))
        y += theme.font(small).get_linesize() + scale.px(6)
    return Words(
        inner,
        lines,
        size,
        headline_at,
        players,
        row,
        series,
        about,
        now,
        now_end,
        tuple(notes),
        y + scale.px(14),
    )


def _now(view: HudView, color: theme.Color) -> list[Para]:
    return [Para(view.now, color, bold=True)]


def draw(
    surface: pygame.Surface, hud: pygame.Rect, view: HudView, palette: Palette, scale: Scale
) -> pygame.Rect:
    """The panel (on the still backdrop) and its words; the rectangle left under them (to
    the panel's bottom)."""
    theme.backed_panel(surface, palette, hud, scale.px(18), alpha=170)
    at = lay_out((*hud,), view, scale)
    inner = at.inner
    color = palette.of(view.who) if view.who else palette.accent
    big = scale.heading
    x_text, y = at.headline_at
    if view.who is not None:
        mark = theme.mark_sprite(view.who, round(big * 1.1), color, palette.glow_strength)
        theme.blit_centered(surface, mark, (inner.x + big * 0.55, y))
    room = inner.right - x_text
    for line in at.headline:
        words, size = theme.fitted(line, at.headline_size, room, at.headline_size, True)
        title = theme.glowing_text(words, size, color, palette.glow_strength // 2)
        surface.blit(title, title.get_rect(midleft=(x_text, round(y))))
        y += theme.font(size, True).get_linesize()
    body = scale.body
    row = at.row
    y = at.players
    for side, name, score in view.players:
        mark = theme.mark_sprite(
            side, round(body * 1.1), palette.of(side), palette.glow_strength // 2
        )
        theme.blit_centered(surface, mark, (inner.x + body * 0.6, y + row / 2))
        value = theme.text(score, body, palette.text, True)
        surface.blit(value, value.get_rect(midright=(inner.right, round(y + row / 2))))
        room = inner.width - round(body * 1.6) - value.get_width() - body
        words, size = theme.fitted(name, body, room, scale.floor + 4, True)
        line = theme.text(words, size, palette.of(side), True)
        surface.blit(line, line.get_rect(midleft=(inner.x + round(body * 1.6), round(y + row / 2))))
        y += row
    if at.series is not None:
        words, size = at.series
        surface.blit(theme.text(words, size, palette.text, True), (inner.x, y + scale.px(4)))
    words, size, y = at.about
    surface.blit(theme.text(words, size, palette.dim), (inner.x, y))
    prose.draw(surface, _now(view, palette.text), at.now, scale.lead)
    for words, size, y in at.notes:
        surface.blit(theme.text(words, size, palette.accent, True), (inner.x, y + scale.px(6)))
    return pygame.Rect(inner.x, at.bottom, inner.width, hud.bottom - at.bottom)
