"""A toast: a few words in a box in a place of its own in the play screen's panel, for a
moment (a pick refused, a notice from the table, an emote), in the warning colour when
something was refused.

News that comes together shows together (:func:`said`): a game's result and the other
player's "Good game!" come a moment apart, and the second alone hid the first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.client import theme
from game.client.canvas import note_cover
from game.client.theme import Palette, Scale

LINES = 3  # the most a toast's words take; more end the last line with "…"
TOGETHER = 1.0  # seconds within which a piece of news joins the one before in its toast


@dataclass(frozen=True, slots=True)
class Toast:
    text: str
    until: float  # the time it goes
    warning: bool
    since: float = 0.0  # the time it came
    earlier: str = ""  # news that came just before, shown over it


class Say(Protocol):
    """How a screen's helpers tell the player something: a toast, a warning unless not."""

    def __call__(self, text: str, warning: bool = True) -> None: ...


def said(text: str, now: float, until: float, warning: bool, up: Toast | None) -> Toast:
    """The toast that says ``text`` now, where ``up`` is the one on show: news joins news
    that came within TOGETHER (the one before it only); a warning (the player's own pick
    refused) stands alone, and is not joined."""
    if warning or up is None or up.warning or now - up.since >= TOGETHER:
        return Toast(text, until, warning, now)
    return Toast(text, until, warning, now, up.text)


def height(scale: Scale) -> int:
    """The height of a toast's place: LINES lines at a footer's size, or fewer larger."""
    return LINES * theme.font(scale.hint, True).get_linesize() + round(scale.body * 0.9)


def draw(
    surface: pygame.Surface, place: pygame.Rect, toast: Toast, palette: Palette, scale: Scale
) -> pygame.Rect:
    """``toast`` at the bottom of its ``place`` (:func:`height` high), its whole width, as
    large as its words fit it; where it is."""
    pad = round(scale.body * 0.9)
    color = palette.warning if toast.warning else palette.text
    width = round(place.width - scale.body * 1.6)
    # A word alone wider than the panel (a saved game's file name, a name without a
    # space) shrinks to fit, cut short only past the smallest size. A notice of any
    # length (a host's, buggy or hostile) takes LINES at most: never the screen.
    texts = (toast.earlier, toast.text) if toast.earlier else (toast.text,)
    most = LINES if len(texts) == 1 else LINES - 1  # the earlier news one line, the rest two
    size = scale.body
    while True:
        words = [
            line
            for i, text in enumerate(texts)
            for line in theme.wrapped(
                text, size, width, size, 1 if i < len(texts) - 1 else most, True
            )[0]
        ]
        step = theme.font(size, True).get_linesize()
        if len(words) * step + pad <= place.height or size <= scale.hint:
            break
        size = max(scale.hint, size - max(1, size // 24))
    lines = [
        theme.text(*theme.fitted(line, size, width, min(size, scale.floor), True), color, True)
        for line in words
    ]
    tall = sum(line.get_height() for line in lines)
    # Opaque: nothing under it shows through.
    box = pygame.Rect(place.x, place.bottom - tall - pad, place.width, tall + pad)
    theme.panel(surface, box, palette.background_bottom, color, scale.body // 4, alpha=255)
    note_cover(surface, box)  # the words under it are hidden
    y = box.centery - tall / 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(box.centerx, round(y))))
        y += line.get_height()
    return box
