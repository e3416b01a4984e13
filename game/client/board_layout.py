"""Where a board's cells, mini-boards and spooky marks' slots sit on screen, for every variant.

:func:`layout_board` places the cells of ``variant.grid()`` in a square; a variant whose
labels read ``B.s`` (Squared, Ultimate) gets its nine mini-boards drawn apart, those in play
large. Spooky marks sit in slots of their cell (a 3×3 grid of slots, finer when a cell holds
more than nine), so none overlaps however many a cell holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client import theme
from game.rules import Position, Variant


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where every cell and mini-board sits on screen, for one variant in one area."""

    area: pygame.Rect  # the board panel
    cells: tuple[pygame.Rect, ...]  # by cell index
    boards: tuple[tuple[pygame.Rect, tuple[int, ...]], ...]  # each mini-board and its cells
    # The side of the largest cells (those of the mini-boards in focus): asked for every
    # frame, of Ultimate's 81 cells too.
    cell_size: int = field(init=False)
    # Cells smaller than this give their first four marks big slots: asked for every spooky
    # mark drawn or flown, so the screen's scale is read once, not each time (0.7 ms of a 4K
    # collapse's first frame).
    small_cell: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell_size", max(rect.width for rect in self.cells))
        small = SMALL_CELL * theme.screen_scale().px(theme.REFERENCE_HEIGHT)
        object.__setattr__(self, "small_cell", small)

    def cell_at(self, point: tuple[int, int]) -> int | None:
        for cell, rect in enumerate(self.cells):
            if rect.collidepoint(point):
                return cell
        return None

    def slot_center(self, cell: int, index: int, count: int) -> tuple[float, float]:
        """The centre of slot ``index`` of ``count`` spooky marks in ``cell``.

        Slots fill a square a little smaller than the cell, below its label.
        """
        rect = self.cells[cell]
        size = self.slot_size(count, cell)
        row, col = divmod(index, self._slot_columns(count, rect.width))
        left = rect.x + rect.width * (1 - SLOT_AREA) / 2
        top = rect.y + rect.width * (1 - SLOT_AREA - SLOT_FOOT)  # the strip above: the label
        return left + (col + 0.5) * size, top + (row + 0.5) * size

    def slot_size(self, count: int, cell: int | None = None) -> float:
        """The side of a slot for one of ``count`` marks in ``cell`` (the largest cells')."""
        side = self.cell_size if cell is None else self.cells[cell].width
        return side * SLOT_AREA / self._slot_columns(count, side)

    def _slot_columns(self, count: int, cell_size: int) -> int:
        # Nine slots until a cell holds more, so marks do not move as a cell fills; a cell
        # smaller than a 3×3 board's (n×n, the boards of boards) gives its first four marks
        # bigger slots, so their subscripts stay readable from the sofa.
        if count <= 4 and cell_size < self.small_cell:
            return 2
        return max(3, math.ceil(math.sqrt(count)))

    def spooky_at(self, pos: Position, point: tuple[int, int]) -> tuple[int, int] | None:
        """``(mark, cell)`` of the spooky mark drawn under ``point``, if any."""
        cell = self.cell_at(point)
        if cell is None:
            return None
        marks = pos.spooky_in(cell)
        half = self.slot_size(len(marks), cell) / 2
        for index, mark in enumerate(marks):
            x, y = self.slot_center(cell, index, len(marks))
            if abs(point[0] - x) <= half and abs(point[1] - y) <= half:
                return mark, cell
        return None

    def mark_center(self, pos: Position, mark: int, cell: int) -> tuple[float, float]:
        """Where the half of spooky ``mark`` in ``cell`` is drawn (the cell's centre if none is)."""
        marks = pos.spooky_in(cell)
        if mark in marks:
            return self.slot_center(cell, marks.index(mark), len(marks))
        return self.cells[cell].center


SLOT_AREA = 0.78  # the side of the square of slots, of a cell's side
SLOT_FOOT = 0.03  # under the slots, of a cell's side
LABEL = 0.13  # a cell label's type, of its cell's side (at least the type scale's floor)
SMALL_CELL = 0.2  # of the screen's height: a cell smaller gives its first four marks big slots
TINY_CELL = 28  # pixels: too small to show spooky marks (a preview of a big board)
OUT_OF_FOCUS = 0.36  # a mini-board out of focus, of the side of one in focus


Grid = tuple[tuple[int, ...], ...]  # a variant's cells, row by row, as the board shows them


def grid_place(grid: Grid, cell: int) -> tuple[int, int]:
    """The row and column of ``cell`` in ``grid``."""
    return next((r, row.index(cell)) for r, row in enumerate(grid) if cell in row)


def grid_step(grid: Grid, row: int, col: int, dx: int, dy: int) -> int:
    """The cell a pad's cursor at ``row``, ``col`` moves to: one step, stopping at the board's
    edges rather than wrapping round to the far side."""
    r = min(max(row + dy, 0), len(grid) - 1)
    return grid[r][min(max(col + dx, 0), len(grid[r]) - 1)]


@lru_cache(maxsize=8)
def mini_boards(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The cells of each mini-board of a ``B.s`` board, or one board of every cell."""
    if "." not in variant.label(0):
        return (tuple(range(variant.cell_count)),)
    boards: dict[str, list[int]] = {}
    for cell in range(variant.cell_count):
        boards.setdefault(variant.label(cell).split(".")[0], []).append(cell)
    return tuple(tuple(cells) for cells in boards.values())


@lru_cache(maxsize=8)
def _board_of(variant: Variant) -> dict[int, int]:
    return {cell: b for b, cells in enumerate(mini_boards(variant)) for cell in cells}


def boards_of(variant: Variant, cells: set[int] | frozenset[int]) -> frozenset[int]:
    """The mini-boards holding ``cells`` (none on a board that is not made of mini-boards)."""
    if len(mini_boards(variant)) == 1:
        return frozenset()
    board = _board_of(variant)
    return frozenset(board[c] for c in cells)


def boards_in_play(pos: Position) -> frozenset[int]:
    """The mini-boards a position is about: the cycle awaiting its collapse, the line of won
    mini-boards that ended the game, else the last placement (none on a board that is not
    made of mini-boards)."""
    if pos.is_over and (lines := pos.variant.board_lines(pos)):
        return frozenset(b for _, line in lines for b in line)
    if pos.awaiting_collapse:
        cycle = set(pos.cycle())
        cells = {c for k, a, b in pos.spooky_marks if k in cycle for c in (a, b)}
    else:
        cells = set(pos.last_placement or ())
    return boards_of(pos.variant, cells)


def sent_boards(pos: Position) -> tuple[int, ...]:
    """The mini-boards (from 0) Ultimate sends the next placement to; none while it is free
    (or a collapse is awaited), and none in other variants."""
    sent_to = getattr(pos.variant, "sent_to", None)
    return tuple(sent_to(pos)) if sent_to is not None else ()


def layout_board(
    variant: Variant, area: pygame.Rect, focus: frozenset[int] = frozenset()
) -> BoardLayout:
    """The largest board that fits ``area``, centred in it.

    On a board of mini-boards, ``focus`` names the mini-boards in play (indices into
    :func:`mini_boards`): they are drawn large and the others :data:`OUT_OF_FOCUS` as
    large, so a 9×9 board's marks and subscripts where the game is stay readable from
    the sofa while the whole board stays in view. Every cell stays square.
    """
    grid = variant.grid()
    boards = mini_boards(variant)
    split = math.isqrt(len(boards)) if len(boards) > 1 else 1
    per = len(grid) // split  # cells along one mini-board
    where = {index: (r, c) for r, row in enumerate(grid) for c, index in enumerate(row)}
    band_of = [(where[b[0]][0] // per, where[b[0]][1] // per) for b in boards]
    big_rows = {band_of[b][0] for b in focus}
    big_cols = {band_of[b][1] for b in focus}
    if not focus or (len(big_rows) == split and len(big_cols) == split):
        big_rows = big_cols = set(range(split))
    row_w = [1.0 if r in big_rows else OUT_OF_FOCUS for r in range(split)]
    col_w = [1.0 if c in big_cols else OUT_OF_FOCUS for c in range(split)]
    # In cells of the focus: mini-boards split by gaps of 0.4 cell, a margin of 0.2 around.
    units_w = per * sum(col_w) + (split - 1) * 0.4 + 0.4
    units_h = per * sum(row_w) + (split - 1) * 0.4 + 0.4
    unit = min(area.width / units_w, area.height / units_h)
    gap = round(unit * 0.4) if split > 1 else 0
    margin = round(unit * 0.2)
    bands_w = [int(per * unit * w) for w in col_w]
    bands_h = [int(per * unit * w) for w in row_w]
    panel = pygame.Rect(
        0,
        0,
        sum(bands_w) + (split - 1) * gap + 2 * margin,
        sum(bands_h) + (split - 1) * gap + 2 * margin,
    )
    panel.center = area.center
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * variant.cell_count
    for board, (br, bc) in zip(boards, band_of, strict=True):
        cell = min(bands_w[bc], bands_h[br]) // per
        x0 = panel.x + margin + sum(bands_w[:bc]) + bc * gap + (bands_w[bc] - cell * per) // 2
        y0 = panel.y + margin + sum(bands_h[:br]) + br * gap + (bands_h[br] - cell * per) // 2
        for index in board:
            r, c = where[index]
            rects[index] = pygame.Rect(x0 + (c % per) * cell, y0 + (r % per) * cell, cell, cell)
    cells = tuple(rects)
    board_rects = tuple((cells[b[0]].unionall([cells[i] for i in b]), b) for b in boards)
    return BoardLayout(panel, cells, board_rects)
