"""The invitation to play from a phone: a QR code of the table's page and its address.

A panel owning one rectangle, for every screen that invites guests: the
big-screen TV view, the hosting player's window while a seat is open, a
party screen. The code comes from :func:`net.phones.qr_matrix`; it is drawn
dark on light with its quiet border (what phone cameras read best), its
modules whole pixels so it stays sharp, and cached by address and size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.client import theme
from game.client.theme import Palette
from net.phones import qr_matrix

# Dark modules on a light square, in every palette: a camera needs the contrast.
_DARK = (14, 10, 36)
_LIGHT = (250, 250, 255)


@lru_cache(maxsize=8)
def qr_surface(url: str, side: int) -> pygame.Surface:
    """The QR code of ``url`` at most ``side`` pixels square, each module a whole number of
    pixels (never smaller than one)."""
    rows = qr_matrix(url)
    n = len(rows)
    small = pygame.Surface((n, n))
    small.fill(_LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x, y), _DARK)
    module = max(1, side // n)
    return pygame.transform.scale(small, (n * module, n * module))


def draw_join(surface: pygame.Surface, area: pygame.Rect, url: str, palette: Palette) -> None:
    """The code at the left of ``area`` (as tall as it), and beside it what to do with it."""
    code = qr_surface(url, area.height)
    rect = code.get_rect(midleft=area.midleft)
    surface.blit(code, rect)
    words = pygame.Rect(rect.right + area.height // 10, area.y, 0, area.height)
    words.width = area.right - words.x
    if words.width < area.height // 2:
        return  # no room for words: the code alone still says it all to a camera
    title_size = max(14, area.height // 6)
    title, size = theme.fitted("Play on your phone", title_size, words.width, 12, bold=True)
    head = theme.text(title, size, palette.text, True)
    y = words.y + area.height // 12
    surface.blit(head, (words.x, y))
    y += head.get_height() + area.height // 20
    hint_size = max(12, area.height // 8)
    for line in theme.wrap("Scan the code, or open:", hint_size, words.width)[:2]:
        hint = theme.text(line, hint_size, palette.dim)
        surface.blit(hint, (words.x, y))
        y += hint.get_height()
    address, size = theme.fitted(
        url.removeprefix("http://").rstrip("/"), title_size, words.width, 12, bold=True
    )
    shown = theme.text(address, size, palette.highlight, True)
    surface.blit(shown, (words.x, y + area.height // 30))
