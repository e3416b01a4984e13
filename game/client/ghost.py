"""A suggested action drawn faintly on the board: a hint, or the best move of a replay.

A placement is its mark drawn see-through in the next slot of both cells,
joined by a thin line; a collapse is the outcome it leads to, shown through
the board view's own preview (:attr:`Look.preview`).
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.board_layout import BoardLayout
from game.client.theme import Palette
from game.rules import Action, Collapse, Place, Position

GHOST_RATE = 3.0  # radians a second the ghost breathes at (see theme.rest_after)


def preview_of(pos: Position, action: Action | None) -> tuple[tuple[int, int], ...]:
    """The ``Look.preview`` of a collapse action: each cell it makes classical, with its mark."""
    if not isinstance(action, Collapse):
        return ()
    landing = pos.variant.token(action)
    for choice, cells in pos.collapse_outcomes():
        if pos.variant.token(choice) == landing:
            return tuple(sorted(cells.items()))
    return ()


def draw_ghost(
    surface: pygame.Surface,
    layout: BoardLayout,
    pos: Position,
    action: Action | None,
    palette: Palette,
    time: float,
) -> pygame.Rect | None:
    """A placement's ghost on top of the board (a collapse is shown by :func:`preview_of`);
    the rectangle it covers (None: nothing drawn)."""
    marks, mover = _marks(layout, pos, action, palette), pos.to_play
    if not marks or mover is None:
        return None
    pulse = 0.5 + 0.5 * math.sin(time * GHOST_RATE)
    color = palette.of(mover)
    width = _width(layout)
    drawn: list[pygame.Rect] = []
    for sprite, centre, cell in marks:
        sprite.set_alpha(150 + round(90 * pulse))
        drawn.append(theme.blit_centered(surface, sprite, centre))
        sprite.set_alpha(None)
        edge = layout.cells[cell].inflate(-10, -10)
        drawn.append(pygame.draw.rect(surface, color, edge, width, 10))
    if len(marks) == 2:
        line = theme.mix(palette.board, color, 0.7)
        drawn.append(pygame.draw.line(surface, line, marks[0][1], marks[1][1], width))
    return drawn[0].unionall(drawn[1:])


def ghost_breath(
    layout: BoardLayout, pos: Position, action: Action | None, palette: Palette
) -> list[pygame.Rect]:
    """Where :func:`draw_ghost` changes as it breathes: its marks, whose light comes and
    goes (the cells' edges and the line between them stay as they are)."""
    return [
        s.get_rect(center=(round(c[0]), round(c[1])))
        for s, c, _ in _marks(layout, pos, action, palette)
    ]


def _marks(
    layout: BoardLayout, pos: Position, action: Action | None, palette: Palette
) -> list[tuple[pygame.Surface, tuple[float, float], int]]:
    """A placement's see-through marks: each sprite, its centre and its cell."""
    mover = pos.to_play
    if not isinstance(action, Place) or mover is None:
        return []
    marks = []
    for cell in dict.fromkeys((action.a, action.b)):
        count = len(pos.spooky_in(cell)) + 1
        centre = layout.slot_center(cell, count - 1, count)
        size = max(10, round(layout.slot_size(count) * 0.7))
        sprite = theme.mark_sprite(mover, size, palette.of(mover), palette.glow_strength)
        marks.append((sprite, centre, cell))
    return marks


def _width(layout: BoardLayout) -> int:
    return max(2, layout.cell_size // 70)  # as thick on a TV as on a desk
