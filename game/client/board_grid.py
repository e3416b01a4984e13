"""The bare board: a board's panel and the grid of each mini-board, before any game is drawn.

They change with the window and the palette, never with the game, so they are kept here and
every board layer starts as a copy of them (:meth:`game.client.board_view.BoardView.layer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client import theme
from game.client.board_layout import BoardLayout
from game.client.canvas import Canvas
from game.client.theme import Palette

Piece = tuple[pygame.Surface, tuple[int, int]]  # a sprite and where it goes
GridBox = tuple[pygame.Rect, tuple[int, ...], tuple[int, ...]]  # a box, its lines in from it


@dataclass(slots=True)
class BareBoard:
    """The board without a game: what every layer of one layout and palette starts from."""

    panel: Canvas  # the panel alone (a shade goes on it before the grid)
    grid: tuple[Piece, ...]  # each mini-board's lines, their glow and its frame, and where
    _gridded: Canvas | None = field(default=None, init=False)

    @property
    def gridded(self) -> Canvas:
        """The panel with its grid, made when first asked: a layer with shades under its
        grid never asks (Ultimate's, whose layout changes with each move)."""
        if self._gridded is None:
            self._gridded = self.panel.copy()
            self._gridded.blits(self.grid, doreturn=False)
        return self._gridded


# The bare board changes with the window and the palette, not the game. A layer starts as a
# copy of it: a 4K panel takes 4 ms to copy, 6 ms to make and blend. Kept for a few layouts:
# a board and its preview in the side panel are drawn in the same frames.
# (A layout holds Rects, which do not hash: the few kept are compared.)
_bare: list[tuple[tuple[BoardLayout, Palette], BareBoard]] = []


def bare_board(layout: BoardLayout, palette: Palette) -> BareBoard:
    for key, kept in _bare:
        if key == (layout, palette):
            return kept
    area = layout.area
    panel = _bare_panel(area.size, palette, panel_corner(layout))
    bare = BareBoard(panel, grid_pieces(layout, (-area.x, -area.y), palette))
    _bare[:] = [*_bare[-3:], ((layout, palette), bare)]
    return bare


@lru_cache(maxsize=2)  # shared by the layouts of one panel: Ultimate's zoom moves the grid
def _bare_panel(size: tuple[int, int], palette: Palette, corner: int) -> Canvas:
    panel = Canvas(size, pygame.SRCALPHA)
    # Drawn on it rather than blitted from theme.panel's kept layer: opaque, so the same
    # pixels, and each of Ultimate's zoomed sizes no longer keeps a second copy (120 MB at 4K).
    theme.paint_panel(panel, palette.board, palette.grid_glow, corner, 255)
    return panel


def panel_corner(layout: BoardLayout) -> int:
    """The radius of the board panel's rounded corners."""
    return max(6, layout.cell_size // 5)


def grid_pieces(layout: BoardLayout, off: tuple[int, int], palette: Palette) -> tuple[Piece, ...]:
    """The grid as sprites to blend onto the layer, and where: one for each mini-board.

    Blending them one by one leaves the pixels :func:`grid_sheet` would, as long as no
    two touch. Ultimate's zoom gives each move a layout of its own, while its mini-boards
    come in two sizes: a 4K sheet took 10 ms to make, its boards are looked up. A board too
    small for its mini-boards' frames to stay apart (a thumbnail) is one sheet.
    """
    boxes, width, framed = _grid_boxes(layout, off)
    inks = [box.inflate(2 * _FRAME_OUT, 2 * _FRAME_OUT) for box, _, _ in boxes]
    if framed and any(len(ink.collidelistall(inks)) > 1 for ink in inks):
        return ((grid_sheet(layout, off, palette), (0, 0)),)
    pad = _grid_pad(width)
    return tuple(
        (_board_grid(box.size, xs, ys, width, framed, palette), (box.x - pad, box.y - pad))
        for box, xs, ys in boxes
    )


def grid_sheet(layout: BoardLayout, off: tuple[int, int], palette: Palette) -> pygame.Surface:
    """The whole grid on one clear sheet the size of the board's panel."""
    boxes, width, framed = _grid_boxes(layout, off)
    sheet = pygame.Surface(layout.area.size, pygame.SRCALPHA)
    _draw_grids(sheet, boxes, width, framed, palette)
    return sheet


def _grid_boxes(layout: BoardLayout, off: tuple[int, int]) -> tuple[list[GridBox], int, bool]:
    """Each mini-board's box (moved by ``off``) and its lines in from its corner; how wide
    the lines are; whether the mini-boards wear frames (a board made of several)."""
    boxes: list[GridBox] = []
    for rect, board in layout.boards:
        box = rect.move(off)
        xs = sorted({layout.cells[c].x + off[0] - box.x for c in board})[1:]
        ys = sorted({layout.cells[c].y + off[1] - box.y for c in board})[1:]
        boxes.append((box, tuple(xs), tuple(ys)))
    return boxes, max(2, layout.cell_size // 40), len(layout.boards) > 1


_FRAME_OUT = 4  # how far a mini-board's frame reaches out of its box


def _grid_pad(width: int) -> int:
    """The clear margin round a mini-board's grid sprite: wider than its frame reaches."""
    return 2 + _FRAME_OUT + width * 3


# An Ultimate game at one window size asks for 6 or 7 (two zoom sizes, the previews'); a
# 4K Goff board's is 18 MB, and dragging a window's edge makes one for each size it passes.
@lru_cache(maxsize=8)
def _board_grid(
    size: tuple[int, int],
    xs: tuple[int, ...],
    ys: tuple[int, ...],
    width: int,
    framed: bool,
    palette: Palette,
) -> pygame.Surface:
    """A mini-board's grid ``size`` big, its lines ``xs`` and ``ys`` in from its corner,
    with :func:`_grid_pad` clear round it."""
    pad = _grid_pad(width)
    sprite = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    _draw_grids(sprite, [(pygame.Rect((pad, pad), size), xs, ys)], width, framed, palette)
    return sprite


def _draw_grids(
    glass: pygame.Surface, boxes: list[GridBox], width: int, framed: bool, palette: Palette
) -> None:
    """Mini-boards' grids on a clear sheet. Glow and frames are translucent; the lines,
    drawn last, are opaque: blended onto a layer, the sheet leaves the same pixels as
    drawing them there one after the other."""
    lines = []
    for box, xs, ys in boxes:
        lines += [((box.x + x, box.top + 6), (box.x + x, box.bottom - 6)) for x in xs]
        lines += [((box.left + 6, box.y + y), (box.right - 6, box.y + y)) for y in ys]
        if framed:
            frame = box.inflate(2 * _FRAME_OUT, 2 * _FRAME_OUT)
            pygame.draw.rect(glass, (*palette.grid_glow, 200), frame, 2, 8)
    if palette.glow_strength:
        for start, end in lines:
            pygame.draw.line(glass, (*palette.grid_glow, 40), start, end, width * 5)
    for start, end in lines:
        pygame.draw.line(glass, palette.grid, start, end, width)


def forget() -> None:
    """Drop the bare boards and grids kept here (a session ending, a window resized)."""
    _bare.clear()
    _bare_panel.cache_clear()
    _board_grid.cache_clear()
