"""A party's scoreboard: rank, name, points, then games played, won and drawn.

A panel owning one rectangle, for every screen at a party: the big screen
(the TV view and the party screen) beside the board, and a couch game's side
panel under the move list. Rows shrink, down to a size still readable across
a room, to fit everyone; when they still do not fit, the pages take turns, and
with no room for one row it draws nothing (rather than over what is under it).
A name has all the row up to its points (a square window's column is narrow),
and a long one shrinks, never under the least size of a sentence, where that shows it
whole; one too long even then is cut at the row's size.
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
    y = area.y + label.get_height() + round(8 * unit)
    size = round(size_at_1080 * unit)
    rows = max(1, len(party.standings))
    while size > round(30 * unit) and theme.font(size).get_linesize() * rows > area.bottom - y:
        size -= 1
    row_h = theme.font(size).get_linesize()
    fits = (area.bottom - y) // row_h
    if fits < 1:  # no room for a row: a title over nothing, or a row over what is under it
        return
    surface.blit(label, (area.x, area.y))
    for title, edge in COLUMNS:
        words = theme.text(title, head, palette.dim, True)
        surface.blit(words, words.get_rect(topright=(area.x + area.width * edge, area.y)))
    pages = -(-len(party.standings) // fits)
    page = int(time / PAGE_TIME) % pages if pages > 1 else 0
    if pages > 1:
        which = theme.text(f"  {page + 1}/{pages}", head, palette.accent, True)
        surface.blit(which, (area.x + label.get_width(), area.y))
    first = page * fits
    least = min(size, round(theme.LEAST_BODY * unit))  # a long name's, read from the sofa
    for row in party.standings[first : first + fits]:
        _row(surface, area, y, row, party, palette, size, least)
        y += row_h


def _row(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    row: Standing,
    party: Party,
    palette: Palette,
    size: int,
    least: int,
) -> None:
    """One row at ``y`` in type ``size``; a name too long for its room shrinks, down to
    ``least``, where that shows it whole, and is cut at ``size`` where not."""
    playing = row.name in party.playing
    color = palette.accent if playing else palette.text if row.here else palette.dim
    bold = row.rank == 1 and row.played > 0
    values = (points(row.half_points / 2), row.played, row.wins, row.draws)
    left = area.right
    for value, (_, edge) in zip(values, COLUMNS, strict=True):
        words = theme.text(str(value), size, color, bold)
        place = words.get_rect(topright=(area.x + area.width * edge, y))
        surface.blit(words, place)
        left = min(left, place.x)
    # The name has the row up to its points (in a narrow column too), a space short of them.
    # The host's rank, not the row's place: a guest here beyond the best 100 follows them.
    words = f"{row.rank}.  {row.name}"
    room = left - size // 2 - area.x
    name, shrunk = theme.fitted(words, size, room, least, bold)
    if name != words:  # cut even small: cut at the row's size, not small and cut as well
        name, shrunk = theme.fitted(words, size, room, size, bold)
    drop = theme.font(size, bold).get_ascent() - theme.font(shrunk, bold).get_ascent()
    name_color = palette.highlight if bold else color
    surface.blit(theme.text(name, shrunk, name_color, bold), (area.x, y + drop))  # one baseline


def fit(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words``, cut with an ellipsis (:func:`theme.cut`, by halves) if they are wider than
    ``width`` pixels."""
    return theme.fitted(words, size, width, size, bold)[0]
