"""A party's scoreboard: rank, name, points, then games played, won and drawn.

A panel owning one rectangle, for every screen at a party: the big screen
(the TV view and the party screen) beside the board, and a couch game's side
panel under the move list. Rows shrink, down to a size still readable across
a room, to fit everyone; when they still do not fit, pages take turns, each as full
as the room holds, and with no room for one row it draws nothing (rather than over what
is under it).
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
# (title, right edge as a share of the width): further left where the column to its right
# needs the room (see column_edges)
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
    room = area.bottom - y
    full = size = round(size_at_1080 * unit)
    count = len(party.standings)
    while size > round(30 * unit) and theme.font(size).get_linesize() * max(1, count) > room:
        size -= 1
    fits = room // theme.font(size).get_linesize()
    if fits < 1:  # no room for a row: a title over nothing, or a row over what is under it
        return
    # As few pages as the least size allows, in rows as large as keep them that few, and each
    # page as full as the room holds at that size (the last has the rest): ten rows where
    # five fit are two pages of five, but never five where six fit.
    pages = max(1, -(-count // fits))
    while size < full and room // theme.font(size + 1).get_linesize() * pages >= count:
        size += 1
    fits = room // theme.font(size).get_linesize()
    row_h = theme.font(size).get_linesize()
    surface.blit(label, (area.x, area.y))
    *edges, _ = column_edges(area, COLUMNS, [_values(row) for row in party.standings], size, head)
    for (title, _), edge in zip(COLUMNS, edges, strict=True):
        words = theme.text(title, head, palette.dim, True)
        surface.blit(words, words.get_rect(topright=(edge, area.y)))
    page = int(time / PAGE_TIME) % pages if pages > 1 else 0
    if pages > 1:
        which = theme.text(f"  {page + 1}/{pages}", head, palette.accent, True)
        surface.blit(which, (area.x + label.get_width(), area.y))
    first = page * fits
    least = min(size, round(theme.LEAST_BODY * unit))  # a long name's, read from the sofa
    # Where every name starts: after the widest rank of all rows (the pages keep it), so
    # "9." and "10." stand right-aligned before names in one column.
    indent = max((theme.font(size, True).size(_rank(row))[0] for row in party.standings), default=0)
    for row in party.standings[first : first + fits]:
        _row(surface, area, edges, (indent, y), row, party, palette, size, least)
        y += row_h


def _rank(row: Standing) -> str:
    """What stands before a row's name: the host's rank, not the row's place (a guest here
    beyond the best 100 follows them)."""
    return f"{row.rank}.  "


def _values(row: Standing) -> tuple[str, str, str, str]:
    return (points(row.half_points / 2), str(row.played), str(row.wins), str(row.draws))


def column_edges(
    area: pygame.Rect,
    columns: tuple[tuple[str, float], ...],
    rows: list[tuple[str, ...]],
    size: int,
    head: int,
) -> list[float]:
    """Each column's right edge: where ``columns`` puts it (a share of ``area``'s width), or
    further left where the column to its right is wider than its share (a long evening's
    133½ points over 258 games ran together), half a row's type apart. ``rows`` are every
    row's values, not the page shown: the columns stay put as the pages turn. The last edge
    given is where the names end: the left of the first column, less that gap."""
    edges: list[float] = []
    right: float = area.right
    for i in reversed(range(len(columns))):
        title, share = columns[i]
        edge = min(area.x + area.width * share, right)
        edges.append(edge)
        widths = [theme.font(size, True).size(values[i])[0] for values in rows]
        right = edge - max([theme.font(head, True).size(title)[0], *widths]) - size // 2
    return [*edges[::-1], right]


def _row(
    surface: pygame.Surface,
    area: pygame.Rect,
    edges: list[float],
    at: tuple[int, int],
    row: Standing,
    party: Party,
    palette: Palette,
    size: int,
    least: int,
) -> None:
    """One row in type ``size``, ``at`` (where its name starts from ``area``'s left, and its
    top); a name too long for its room shrinks, down to ``least``, where that shows it
    whole, and is cut at ``size`` where not."""
    indent, y = at
    playing = row.name in party.playing
    color = palette.accent if playing else palette.text if row.here else palette.dim
    bold = row.rank == 1 and row.played > 0
    left = area.right
    for value, edge in zip(_values(row), edges, strict=True):
        words = theme.text(value, size, color, bold)
        place = words.get_rect(topright=(edge, y))
        surface.blit(words, place)
        left = min(left, place.x)
    # The name has the row from where every row's starts up to its points (in a narrow
    # column too), a space short of them; its rank stands before it, at the name's size.
    rank = _rank(row)
    words = rank + row.name
    room = left - size // 2 - area.x - indent
    ranked = theme.font(least, bold).size(rank)[0]  # its narrowest: the name never overruns
    name, shrunk = theme.fitted(words, size, room + ranked, least, bold)
    if name != words:  # cut even small: cut at the row's size, not small and cut as well
        name, shrunk = theme.fitted(
            words, size, room + theme.font(size, bold).size(rank)[0], size, bold
        )
    face = theme.font(shrunk, bold)
    drop = theme.font(size, bold).get_ascent() - face.get_ascent()
    x = area.x + indent - face.size(rank)[0]  # the name where every row's starts
    name_color = palette.highlight if bold else color
    surface.blit(theme.text(name, shrunk, name_color, bold), (x, y + drop))  # one baseline


def fit(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words``, cut with an ellipsis (:func:`theme.cut`, by halves) if they are wider than
    ``width`` pixels."""
    return theme.fitted(words, size, width, size, bold)[0]
