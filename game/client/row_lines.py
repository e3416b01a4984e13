"""A completed row's line: struck on a board's layer, and grown by the win sweep."""

from __future__ import annotations

import math

import pygame

from game.client.board_layout import BoardLayout
from game.client.board_marks import classical_center
from game.client.theme import Color, Palette
from game.rules import Position, Row

# A glow's box up to this many pixels is blended whole: cutting it in bands costs a few
# microseconds of Python a band, more than blending its clear glass (a third of a nanosecond a
# pixel), and Ultimate's win sweeps a dozen small rows in every frame.
WHOLE_GLOW_PIXELS = 256 * 256


def finished_rows(pos: Position) -> tuple[Row, ...]:
    """What the board of a finished game strikes through: its classical rows, then (Squared,
    Ultimate) each line of won mini-boards that ended it, as a row through their centre cells."""
    outcome = pos.outcome
    if outcome is None:
        return ()
    lines = pos.variant.board_lines(pos)
    if not lines:
        return outcome.rows
    per = pos.variant.mini_board_side**2  # a mini-board's cells: board b's centre, b*per + per//2
    ended = max(row.date for row in outcome.rows)  # the last board of the line was won by one
    return outcome.rows + tuple(
        Row(player, tuple(b * per + per // 2 for b in boards), ended) for player, boards in lines
    )


def row_width(layout: BoardLayout, cells: tuple[int, ...]) -> int:
    """A struck row's width: a line of mini-boards twice a row's inside one, to stand out
    over the rows that won them."""
    width = max(3, layout.cell_size // 14)
    inside = any(cells[0] in board and cells[-1] in board for _, board in layout.boards)
    return width if inside else 2 * width


def draw_rows(
    layer: pygame.Surface, layout: BoardLayout, rows: tuple[Row, ...], palette: Palette
) -> list[pygame.Rect]:
    """A line through each completed row, from the centre of its first cell to its last; the
    rectangle of the layer each covers."""
    off = (-layout.area.x, -layout.area.y)
    boxes = []
    for row in rows:
        first, last = layout.cells[row.cells[0]], layout.cells[row.cells[-1]]
        start, end = classical_center(first.move(off)), classical_center(last.move(off))
        width = row_width(layout, row.cells)
        strips = draw_row_line(layer, start, end, palette.of(row.player), width)
        boxes.append(strips[0].unionall(strips[1:]))
    return boxes


def draw_row_line(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    color: Color,
    width: int,
) -> list[pygame.Rect]:
    """A completed row's line with round ends and a soft glow (the win sweep grows the same);
    the rectangles of ``surface`` it covers."""
    # The glow is blended on a sheet just big enough for it: a sheet the size of the panel
    # for each of Ultimate's many rows made re-rendering the board cost milliseconds.
    box = pygame.Rect(start, (0, 0)).union(pygame.Rect(end, (0, 0))).inflate(width * 4, width * 4)
    glass = pygame.Surface(box.size, pygame.SRCALPHA)
    ends = [(p[0] - box.x, p[1] - box.y) for p in (start, end)]
    pygame.draw.line(glass, (*color, 80), *ends, width * 3)
    for p in ends:  # round ends: a wide line is cut square
        pygame.draw.circle(glass, (*color, 80), p, width * 1.5)
    strips = _strips(box, start, end, width * 2) if box.w * box.h > WHOLE_GLOW_PIXELS else [box]
    surface.blits([(glass, strip, strip.move(-box.x, -box.y)) for strip in strips], doreturn=False)
    pygame.draw.line(surface, color, start, end, width)
    for p in (start, end):
        pygame.draw.circle(surface, color, p, width / 2)
    return strips


def _strips(
    box: pygame.Rect, start: tuple[float, float], end: tuple[float, float], reach: float
) -> list[pygame.Rect]:
    """``box`` cut in bands across the line from ``start`` to ``end``, each as wide as the line
    and what lies within ``reach`` of it go across the band: the rest of the box is clear
    glass (a diagonal's box is mostly clear: blending all of it cost a 4K frame 2.5 ms)."""
    along = abs(end[0] - start[0]) >= abs(end[1] - start[1])  # the line runs more across
    a, b = (start, end) if along else (start[::-1], end[::-1])  # x: along the line
    lo, hi = (box.left, box.right) if along else (box.top, box.bottom)
    side = (box.top, box.bottom) if along else (box.left, box.right)
    slope = (b[1] - a[1]) / (b[0] - a[0]) if b[0] != a[0] else 0.0
    # Each band as long as the line takes to move ``reach`` across (one band for a straight
    # row): blending a little more clear glass costs less than many more blits.
    band = max(8, round(reach / abs(slope))) if slope else hi - lo
    first, last = sorted((a[0], b[0]))
    rects = []
    for u in range(lo, hi, band):
        v = u + min(band, hi - u)
        # Across the band the line goes from its height at u - reach to at v + reach.
        ends = [a[1] + slope * (min(max(t, first), last) - a[0]) for t in (u - reach, v + reach)]
        top = max(side[0], math.floor(min(ends) - reach) - 1)
        bottom = min(side[1], math.ceil(max(ends) + reach) + 1)
        if bottom > top:
            rects.append(
                pygame.Rect(u, top, v - u, bottom - top)
                if along
                else pygame.Rect(top, u, bottom - top, v - u)
            )
    return rects
