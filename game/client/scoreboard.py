"""A party's scoreboard: rank, name, points, then games played, won and drawn.

A panel owning one rectangle, for every screen at a party: the big screen
(the TV view and the party screen) beside the board, and a couch game's side
panel under the move list. Rows shrink, down to a size still readable across
a room, to fit everyone; when they still do not fit, the pages take turns.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.theme import Palette
from game.textview import points
from net.protocol import Party, Standing

PAGE_TIME = 8.0  # seconds each page of a long scoreboard stays up
# (title, right edge as a share of the width)
COLUMNS = (("PTS", 0.70), ("P", 0.80), ("W", 0.90), ("D", 1.0))


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    party: Party,
    palette: Palette,
    unit: float,
    time: float,
    size_at_1080: int = 40,
) -> None:
    """The scoreboard in ``area``; ``unit`` is one pixel of a 1080-line screen; the page shown
    is a function of ``time``, so drawing moves nothing."""
    head = round(30 * unit)
    label = theme.text("SCOREBOARD", head, palette.dim, True)
    surface.blit(label, (area.x, area.y))
    for title, edge in COLUMNS:
        words = theme.text(title, head, palette.dim, True)
        surface.blit(words, words.get_rect(topright=(area.x + area.width * edge, area.y)))
    y = area.y + label.get_height() + round(8 * unit)
    size = round(size_at_1080 * unit)
    rows = max(1, len(party.standings))
    while size > round(30 * unit) and theme.font(size).get_linesize() * rows > area.bottom - y:
        size -= 1
    row_h = theme.font(size).get_linesize()
    fits = max(1, (area.bottom - y) // row_h)
    pages = -(-len(party.standings) // fits)
    page = int(time / PAGE_TIME) % pages if pages > 1 else 0
    if pages > 1:
        which = theme.text(f"  {page + 1}/{pages}", head, palette.accent, True)
        surface.blit(which, (area.x + label.get_width(), area.y))
    first = page * fits
    for row in party.standings[first : first + fits]:
        _row(surface, area, y, row, size, party, palette)
        y += row_h


def _row(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    row: Standing,
    size: int,
    party: Party,
    palette: Palette,
) -> None:
    playing = row.name in party.playing
    color = palette.accent if playing else palette.text if row.here else palette.dim
    bold = row.rank == 1 and row.played > 0
    # The host's rank, not the row's place: a guest here beyond the best 100 follows them.
    name = fit(f"{row.rank}.  {row.name}", size, round(area.width * 0.58), bold)
    surface.blit(theme.text(name, size, palette.highlight if bold else color, bold), (area.x, y))
    values = (points(row.half_points / 2), row.played, row.wins, row.draws)
    for value, (_, edge) in zip(values, COLUMNS, strict=True):
        words = theme.text(str(value), size, color, bold)
        surface.blit(words, words.get_rect(topright=(area.x + area.width * edge, y)))


def fit(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words``, cut with an ellipsis if they are wider than ``width`` pixels."""
    face = theme.font(size, bold)
    if face.size(words)[0] <= width:
        return words
    while words and face.size(words + "…")[0] > width:
        words = words[:-1]
    return words + "…"
