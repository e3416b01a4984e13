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


def draw(
    surface: pygame.Surface, hud: pygame.Rect, view: HudView, palette: Palette, scale: Scale
) -> pygame.Rect:
    """The panel (on the still backdrop) and its words; the rectangle left under them (to
    the panel's bottom)."""
    theme.backed_panel(surface, palette, hud, scale.px(18), alpha=170)
    pad = scale.px(30)
    inner = hud.inflate(-2 * pad, -2 * pad)
    color = palette.of(view.who) if view.who else palette.accent
    big = scale.heading
    y = inner.y + big * 0.65
    x_text = inner.x
    if view.who is not None:
        mark = theme.mark_sprite(view.who, round(big * 1.1), color, palette.glow_strength)
        theme.blit_centered(surface, mark, (inner.x + big * 0.55, y))
        x_text = inner.x + round(big * 1.35)
    room = inner.right - x_text
    words, size = theme.fitted(view.headline, big, room, scale.lead, True)
    lines: tuple[str, ...] = (words,)
    if words != view.headline:
        # Too long for a line even at the lead's size (a long name on a square window's
        # narrow panel): two lines rather than a name cut short.
        lines, size = theme.wrapped(view.headline, scale.lead, room, scale.body, 2, True, True)
    for line in lines:
        words, size = theme.fitted(line, size, room, size, True)
        title = theme.glowing_text(words, size, color, palette.glow_strength // 2)
        surface.blit(title, title.get_rect(midleft=(x_text, round(y))))
        y += theme.font(size, True).get_linesize()
    y = round(y - theme.font(size, True).get_linesize() + big * 0.85)
    body = scale.body
    row = round(body * 1.5)
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
    if view.series:
        # As large as the names: the score of the evening is read from the sofa.
        line = f"Series: {view.series}"
        words, size = theme.fitted(line, body, inner.width, scale.floor + 4, True)
        surface.blit(theme.text(words, size, palette.text, True), (inner.x, y + scale.px(4)))
        y += theme.font(size).get_linesize() + scale.px(4)
    y += scale.px(6)
    words, size = theme.fitted(view.about, scale.hint + 4, inner.width, scale.hint)
    surface.blit(theme.text(words, size, palette.dim), (inner.x, y))
    y += theme.font(size).get_linesize() + scale.px(10)
    box = pygame.Rect(inner.x, y, inner.width, round(theme.font(scale.lead).get_linesize() * 2.2))
    y = prose.draw(surface, [Para(view.now, palette.text, bold=True)], box, scale.lead)
    for note in view.notes:
        words, size = theme.fitted(note, body, inner.width, scale.floor + 4, True)
        surface.blit(theme.text(words, size, palette.accent, True), (inner.x, y + scale.px(6)))
        y += theme.font(size).get_linesize() + scale.px(6)
    y += scale.px(14)
    return pygame.Rect(inner.x, y, inner.width, hud.bottom - y)
