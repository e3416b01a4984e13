"""A suggested action drawn faintly on the board: a hint, or the best move of a replay.

A placement is its mark drawn see-through in the next slot of both cells,
joined by a thin line; a collapse is the outcome it leads to, shown through
the board view's own preview (:attr:`Look.preview`).
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.board_view import BoardLayout
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
    mover = pos.to_play
    if not isinstance(action, Place) or mover is None:
        return None
    pulse = 0.5 + 0.5 * math.sin(time * GHOST_RATE)
    color = palette.of(mover)
    centres = []
    drawn: list[pygame.Rect] = []
    width = max(2, layout.cell_size // 70)  # as thick on a TV as on a desk
    for cell in dict.fromkeys((action.a, action.b)):
        count = len(pos.spooky_in(cell)) + 1
        centre = layout.slot_center(cell, count - 1, count)
        centres.append(centre)
        size = max(10, round(layout.slot_size(count) * 0.7))
        sprite = theme.mark_sprite(mover, size, color, palette.glow_strength)
        sprite.set_alpha(150 + round(90 * pulse))
        drawn.append(theme.blit_centered(surface, sprite, centre))
        sprite.set_alpha(None)
        edge = layout.cells[cell].inflate(-10, -10)
        drawn.append(pygame.draw.rect(surface, color, edge, width, 10))
    if len(centres) == 2:
        line = theme.mix(palette.board, color, 0.7)
        drawn.append(pygame.draw.line(surface, line, *centres, width))
    return drawn[0].unionall(drawn[1:])
