"""A toast: a few words in a box over the play screen's panel, for a moment (a pick refused,
a notice from the table, an emote), in the warning colour when something was refused.

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


def draw(
    surface: pygame.Surface,
    room: pygame.Rect,
    top: int,
    toast: Toast,
    palette: Palette,
    scale: Scale,
    rows: int = 0,
) -> pygame.Rect:
    """``toast`` at the top of ``room``, its whole width; where it is. A panel too short for
    it there moves it up, over the words above, no higher than ``top``. ``rows``: the height
    of the lines of a list from the top of ``room`` down (the moves), which the toast then
    covers whole, none of them left cut in half under its edge."""
    size = scale.body
    color = palette.warning if toast.warning else palette.text
    width = round(room.width - size * 1.6)
    # A word alone wider than the panel (a saved game's file name, a name without a
    # space) shrinks to fit, cut short only past the smallest size. A notice of any
    # length (a host's, buggy or hostile) takes LINES at most: never the screen.
    texts = (toast.earlier, toast.text) if toast.earlier else (toast.text,)
    most = LINES if len(texts) == 1 else LINES - 1  # each of two, two lines at most
    lines = [
        theme.text(*theme.fitted(line, size, width, min(size, scale.floor), True), color, True)
        for text in texts
        for line in theme.wrapped(text, size, width, size, most, True)[0]
    ]
    height = sum(line.get_height() for line in lines)
    # Opaque: the move list under it must not show through.
    box = pygame.Rect(room.x, room.top, room.width, height + size * 0.9)
    if rows:
        box.height = min(-(-box.height // rows) * rows, max(box.height, room.height))
    if box.bottom > room.bottom:
        box.bottom = max(room.bottom, top + box.height)
    theme.panel(surface, box, palette.background_bottom, color, size // 4, alpha=255)
    note_cover(surface, box)  # the words under it are hidden
    y = box.centery - height / 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(box.centerx, round(y))))
        y += line.get_height()
    return box
