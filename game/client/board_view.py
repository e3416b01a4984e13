"""Drawing a position, for every variant: a function of the position and a few view options.

:func:`layout_board` places the cells of ``variant.grid()`` in a square; a
variant whose labels read ``B.s`` (Squared, Ultimate) gets its nine
mini-boards drawn apart. :class:`BoardView` paints a position with
:class:`Look` (what the player is pointing at, what is previewed, which
cells an effect is drawing instead) and reads nothing else.

Classical marks are large; spooky marks are small, each with its subscript,
in a slot of their cell (a 3×3 grid of slots, finer when a cell holds more
than nine), so none overlaps however many a cell holds. Every spooky mark's
two halves are joined by a curve in its player's colour, solid for X and
dashed for O: everything that tells the sides apart does it by shape too. While a collapse
is awaited, the marks it will resolve light up and the cycle's brightest.

The parts that change only with the position (the grid, the marks, the
curves) are rendered once into a layer and reused until the position or
the window changes, so a frame costs a blit and a few overlays.

While a collapse is awaited the cycle is singled out: every cell the
entanglement does not touch sits under a dark veil (in that cached layer,
so it costs nothing a frame), and marks off it fade.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.client import theme
from game.client.canvas import Canvas
from game.client.glass import Glass
from game.client.still import Parts, on_columns_of_16
from game.client.theme import Color, Palette
from game.rules import Place, Player, Position, Row, Variant
from game.rules.squared import Squared


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where every cell and mini-board sits on screen, for one variant in one area."""

    area: pygame.Rect  # the board panel
    cells: tuple[pygame.Rect, ...]  # by cell index
    boards: tuple[tuple[pygame.Rect, tuple[int, ...]], ...]  # each mini-board and its cells
    # The side of the largest cells (those of the mini-boards in focus): asked for every
    # frame, of Ultimate's 81 cells too.
    cell_size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell_size", max(rect.width for rect in self.cells))

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
        row, col = divmod(index, _slot_columns(count, rect.width))
        left = rect.x + rect.width * (1 - SLOT_AREA) / 2
        top = rect.y + rect.width * (1 - SLOT_AREA - SLOT_FOOT)  # the strip above: the label
        return left + (col + 0.5) * size, top + (row + 0.5) * size

    def slot_size(self, count: int, cell: int | None = None) -> float:
        """The side of a slot for one of ``count`` marks in ``cell`` (the largest cells')."""
        side = self.cell_size if cell is None else self.cells[cell].width
        return side * SLOT_AREA / _slot_columns(count, side)

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


def _slot_columns(count: int, cell_size: int) -> int:
    # Nine slots until a cell holds more, so marks do not move as a cell fills; a cell
    # smaller than a 3×3 board's (n×n, the boards of boards) gives its first four marks
    # bigger slots, so their subscripts stay readable from the sofa.
    if count <= 4 and cell_size < SMALL_CELL * theme.screen_scale().px(theme.REFERENCE_HEIGHT):
        return 2
    return max(3, math.ceil(math.sqrt(count)))


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
    """The mini-boards a position is about: the cycle awaiting its collapse, else the last
    placement (none on a board that is not made of mini-boards)."""
    if pos.awaiting_collapse:
        cycle = set(pos.cycle())
        cells = {c for k, a, b in pos.spooky_marks if k in cycle for c in (a, b)}
    else:
        cells = set(pos.last_placement or ())
    return boards_of(pos.variant, cells)


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


@dataclass(frozen=True, slots=True)
class Look:
    """What a frame shows beyond the position itself; every field has a quiet default."""

    hover: int | None = None  # the cell under the pointer
    picked: int | None = None  # the first half of a placement in progress
    cursors: tuple[tuple[int, Color], ...] = ()  # keyboard/gamepad cursors: cell and colour
    preview: tuple[tuple[int, int], ...] = ()  # a collapse outcome shown: (cell, mark)
    hidden: frozenset[int] = frozenset()  # classical cells an effect is drawing instead
    # Cells of a collapse still being shown: a mini-board's win shows once they have all landed.
    landing: frozenset[int] = frozenset()
    allowed: frozenset[int] | None = None  # where the next half may go, if not everywhere open
    show_labels: bool = True
    show_last: bool = True  # outline the cells of the last placement
    rows: tuple[Row, ...] = ()  # completed rows to strike through


class _LayerKey(NamedTuple):
    """Everything a board's layer shows (see :meth:`BoardView.layer`)."""

    rows: tuple[Row, ...]
    pos: Position
    layout: BoardLayout
    palette: Palette
    preview: tuple[tuple[int, int], ...]
    hidden: frozenset[int]
    wins: tuple[int, ...]  # the won mini-boards shown
    allowed: frozenset[int] | None
    held: int | None  # the first half picked, lit among the cells ruled out
    show_labels: bool
    show_last: bool


def _added_rows(old: _LayerKey, new: _LayerKey) -> tuple[Row, ...]:
    """The rows ``new`` strikes beyond ``old``'s, if that is all that changed (else none)."""
    if new.rows[: len(old.rows)] != old.rows or new._replace(rows=old.rows) != old:
        return ()
    return new.rows[len(old.rows) :]


def _landed(old: _LayerKey, new: _LayerKey) -> list[int]:
    """The cells whose classical marks an effect handed back to the board since ``old``, if
    that is all that changed and their marks alone are what a re-render would add (else none).

    Not while rows are struck (they go over the marks) or a collapse is awaited (a veil
    does); a mini-board's win that shows now is a change of its own (its tint lies under the
    grid).
    """
    pos, hidden = new.pos, new.hidden
    if new.rows or pos.awaiting_collapse or not hidden < old.hidden:
        return []
    if new._replace(hidden=old.hidden) != old:
        return []
    landed = sorted(old.hidden - hidden)
    if not all(pos.cells[c] for c in landed):
        return []
    return landed


PULSE_RATE = 5.0  # radians a second the pointer's highlight breathes at (see theme.rest_after)


@dataclass(slots=True)
class BoardView:
    """Paints positions of one variant; keeps only a cache of what it painted last."""

    variant: Variant
    _cache_key: _LayerKey | None = field(default=None, init=False)
    _cache: pygame.Surface | None = field(default=None, init=False)
    revision: int = field(default=0, init=False)  # counts the changes of the whole layer
    renders: int = field(default=0, init=False)  # of which drawn from scratch (the rest: rows)
    # Each cell's part of a still picture (see parts()) for _parts_for's layout and palette:
    # where a classical mark reaches, and how many landed marks were drawn there alone.
    _cell_parts: list[tuple[tuple[int, int, int, int], int]] = field(
        default_factory=list, init=False
    )
    _parts_for: tuple[BoardLayout, Palette] | None = field(default=None, init=False)
    # Rows struck (and wins drawn) on the kept layer since it was drawn afresh: where each
    # reaches, as parts.
    _struck: list[tuple[tuple[int, int, int, int], int]] = field(default_factory=list, init=False)
    _wins: tuple[Position | None, dict[int, list[Player]]] = field(default=(None, {}), init=False)
    _pointer: tuple[object, ...] = field(default=(None, None, ()), init=False)
    _pulse_until: float = field(default=0.0, init=False)  # when the pointer's pulse rests

    def pulsing(self, time: float) -> bool:
        """Whether the pointer's highlight drawn last still breathes at ``time``."""
        return self._pointer != (None, None, ()) and time < self._pulse_until

    def layout(self, area: pygame.Rect, focus: frozenset[int] = frozenset()) -> BoardLayout:
        """Where everything sits in ``area``, with the mini-boards ``focus`` large."""
        return _cached_layout(self.variant, tuple(area), focus)

    def draw(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        pos: Position,
        palette: Palette,
        look: Look = Look(),
        time: float = 0.0,
    ) -> None:
        surface.blit(self.layer(layout, pos, palette, look), layout.area)
        self.draw_pointer(surface, layout, pos, palette, look, time)

    def layer(
        self, layout: BoardLayout, pos: Position, palette: Palette, look: Look = Look()
    ) -> pygame.Surface:
        """Everything of the board but the pointer, as a layer the size of the panel.

        It is drawn again only when the position, the window or the look changes, and
        :attr:`revision` then counts up: a picture made with the layer is good while the
        revision is the same. A mark that an effect hands back to the board (it landed) is
        drawn on the kept layer alone, and only its cell's part counts up (:meth:`parts`).
        """
        key = _LayerKey(
            look.rows,
            pos,
            layout,  # the whole layout: a zoom moves the cells within the same panel
            palette,
            look.preview,
            look.hidden,
            tuple(_shown_wins(self._won(pos, layout), layout, look)),
            look.allowed,
            look.picked if look.allowed is not None else None,
            look.show_labels,
            look.show_last,
        )
        old = self._cache_key
        if key != old:
            if self._cache is None or old is None or not self._draw_change(old, key, look):
                self._cache = _render_static(pos, layout, palette, look, spare=self._cache)
                self._struck = []  # the board's part holds its rows again
                self.revision += 1
                self.renders += 1
            self._cache_key = key
        assert self._cache is not None
        return self._cache

    def _draw_change(self, old: _LayerKey, key: _LayerKey, look: Look) -> bool:
        """Draw the change from ``old`` to ``key`` on the kept layer, where that gives a
        re-render's pixels; whether it did."""
        assert self._cache is not None
        layout, palette = key.layout, key.palette
        wins_alone = old._replace(wins=key.wins) == key and set(old.wins) != set(key.wins)
        if wins_alone and isinstance(self._cache, Canvas):
            # A collapse's mini-board wins, shown once its marks have all landed: drawn again
            # round those boards alone (a whole 4K Ultimate board took 13-16 ms).
            off = (-layout.area.x, -layout.area.y)
            boards = [layout.boards[b][0].move(off) for b in set(old.wins) ^ set(key.wins)]
            # A quarter of a board's side round it: its ring, and its winners' big marks
            # with their glow (a shared board's two stand out of its box a little).
            reach = [box.inflate(box.width // 2, box.height // 2) for box in boards]
            clip = reach[0].unionall(reach[1:])
            _render_within(self._cache, clip, key.pos, layout, palette, look)
            self._drawn_alone(layout, palette, [clip])
            return True
        if added := _added_rows(old, key):
            # A win sweep handing its line over: rows are struck last, so striking the new
            # ones on the layer gives the same pixels as a re-render, without a second full
            # re-render in the middle of the burst.
            self._drawn_alone(layout, palette, _draw_rows(self._cache, layout, added, palette))
            return True
        if landed := _landed(old, key):
            # Classical marks are drawn over everything of their cell and of the cells before
            # it (their glow reaches left and up only), and nothing later in the layer covers
            # them: drawing them alone gives a re-render's pixels.
            off = (-layout.area.x, -layout.area.y)
            counted = self._parts_for == (layout, palette)  # else parts() starts afresh
            for cell in landed:
                draw_classical(
                    self._cache, layout.cells[cell].move(off), key.pos.cells[cell], palette
                )
                if counted:
                    reach, drawn = self._cell_parts[cell]
                    self._cell_parts[cell] = (reach, drawn + 1)
            return True
        return False

    def _drawn_alone(self, layout: BoardLayout, palette: Palette, boxes: list[pygame.Rect]) -> None:
        """``boxes`` of the kept layer were drawn on alone: each is a part of a still picture of
        its own, painted again alone rather than the whole board (at 1080p a struck row that
        repainted the board cost its frame 0.5-0.9 ms more)."""
        if self._parts_for == (layout, palette):
            area, n = layout.area, len(self._struck)
            moved = [box.move(area.topleft).clip(area) for box in boxes]
            self._struck += [(_box(box), n + i) for i, box in enumerate(moved)]
        else:
            self.revision += 1

    def parts(self, layout: BoardLayout, palette: Palette) -> Parts:
        """The layer's parts for a still picture (:class:`game.client.still.Still`): the
        panel, good while :attr:`revision` is the same, then each cell where a classical mark
        reaches, good while no landed mark was drawn there alone, then where each row struck
        on the kept layer alone reaches."""
        if self._parts_for != (layout, palette):
            self._parts_for = (layout, palette)
            self._cell_parts = [(_box(classical_reach(c, palette)), 0) for c in layout.cells]
            self._struck = []
        board = (_box(layout.area), (self._cache, self.revision))
        return (board, *self._cell_parts, *self._struck)

    def _won(self, pos: Position, layout: BoardLayout) -> dict[int, list[Player]]:
        """The mini-boards won in ``pos`` (asked each frame: kept for the position shown)."""
        if self._wins[0] is not pos:
            self._wins = (pos, _won_boards(pos, layout))
        return self._wins[1]

    def draw_pointer(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        pos: Position,
        palette: Palette,
        look: Look,
        time: float,
    ) -> list[pygame.Rect]:
        """What the pointer, the cursors and a half-placed mark show, drawn every frame; the
        rectangles each covers (apart: a cursor and the pointer far from it are not one big
        rectangle to put back)."""
        pointer = (look.hover, look.picked, look.cursors)
        if pointer != self._pointer:
            self._pointer, self._pulse_until = pointer, theme.rest_after(time, PULSE_RATE)
        pulse = 0.5 + 0.5 * math.sin(min(time, self._pulse_until) * PULSE_RATE)
        mover = pos.to_play
        drawn: list[pygame.Rect] = []
        if look.hover is not None:
            rect = layout.cells[look.hover].inflate(-4, -4)
            color = palette.of(mover) if mover else palette.dim
            shade = theme.mix(palette.board, color, 0.55 + 0.3 * pulse)
            drawn.append(pygame.draw.rect(surface, shade, rect, 2, 8))
        for cell, color in look.cursors:
            rect = layout.cells[cell].inflate(-6, -6)
            # As thick as a focus ring on this screen, where the cell leaves room for it.
            width = max(3, min(rect.width // 24, surface.get_height() // 140))
            drawn.append(_brackets(surface, rect, color, width + round(pulse * max(1, width / 4))))
            # A side's cursor also wears its mark in the corner: shape, not colour alone.
            side = next((p for p in Player if palette.of(p) == color), None)
            if side is not None:
                size = max(8, rect.width // 6)
                sprite = theme.mark_sprite(side, size, color, 0, 0.2)
                at = sprite.get_rect(topright=rect.topright).move(-2, 2)
                drawn.append(surface.blit(sprite, at))
        if look.picked is not None and mover is not None:
            marks = pos.spooky_in(look.picked)
            count = len(marks) + 1
            center = layout.slot_center(look.picked, len(marks), count)
            size = max(8, round(layout.slot_size(count, look.picked) * 0.62))
            sprite = theme.mark_sprite(mover, size, palette.of(mover), palette.glow_strength)
            sprite.set_alpha(150 + round(105 * pulse))
            drawn.append(theme.blit_centered(surface, sprite, center))
            sprite.set_alpha(None)
            edge = layout.cells[look.picked].inflate(-4, -4)
            drawn.append(pygame.draw.rect(surface, palette.of(mover), edge, 3, 8))
        return drawn


@lru_cache(maxsize=16)
def _cached_layout(
    variant: Variant, area: tuple[int, int, int, int], focus: frozenset[int]
) -> BoardLayout:
    return layout_board(variant, pygame.Rect(area), focus)


def _brackets(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int) -> pygame.Rect:
    """Four corner brackets around ``rect``: a cursor that leaves the cell's marks visible;
    the rectangle they cover."""
    arm = rect.width // 4
    drawn = pygame.Rect(rect.topleft, (0, 0))
    for (cx, cy), (dx, dy) in (
        (rect.topleft, (1, 1)),
        (rect.topright, (-1, 1)),
        (rect.bottomleft, (1, -1)),
        (rect.bottomright, (-1, -1)),
    ):
        drawn.union_ip(pygame.draw.line(surface, color, (cx, cy), (cx + dx * arm, cy), width))
        drawn.union_ip(pygame.draw.line(surface, color, (cx, cy), (cx, cy + dy * arm), width))
    return drawn


Shade = tuple[tuple[int, int, int, int], pygame.Rect, int]  # colour with alpha, where, corner
Piece = tuple[pygame.Surface, tuple[int, int]]  # a sprite and where it goes
GridBox = tuple[pygame.Rect, tuple[int, ...], tuple[int, ...]]  # a box, its lines in from it
Spot = tuple[float, float]  # a point on the layer, between pixels


def _render_within(
    layer: Canvas,
    clip: pygame.Rect,
    pos: Position,
    layout: BoardLayout,
    palette: Palette,
    look: Look,
) -> None:
    """Draw ``layer`` again inside ``clip`` alone, as :func:`_render_static` draws it there:
    each of its steps keeps to the layer's clip (the bare board's copy too, given ``within``),
    and the texts recorded inside it are the render's."""
    kept = [d for d in layer.drawn if not clip.colliderect(d.rect)]
    layer.drawn = kept
    layer.set_clip(clip)
    try:
        _render_static(pos, layout, palette, look, spare=layer, within=clip)
    finally:
        layer.set_clip(None)
    layer.drawn = kept + [d for d in layer.drawn[len(kept) :] if clip.colliderect(d.rect)]


def _render_static(
    pos: Position,
    layout: BoardLayout,
    palette: Palette,
    look: Look,
    spare: pygame.Surface | None = None,
    within: pygame.Rect | None = None,
) -> pygame.Surface:
    """Everything that depends on the position alone, drawn into one layer the size of the panel
    (into ``spare``, a layer no longer shown, where it fits; only ``within`` that rectangle
    of it, if given: see :func:`_render_within`).

    pygame's shapes replace pixels rather than blend them, so translucent
    shapes are drawn on a clear sheet of "glass" that is then blended onto the layer.
    """
    panel = layout.area
    off = (-panel.x, -panel.y)
    cells = [r.move(off) for r in layout.cells]
    cell = layout.cell_size

    lit = frozenset(pos.entanglement()) if pos.awaiting_collapse else frozenset()
    cycle = frozenset(pos.cycle()) if pos.awaiting_collapse else frozenset()
    preview = dict(look.preview)

    # Under the grid: a soft fill where the collapse reaches, a shade where the next half may
    # not go, a tint on won mini-boards: (colour with alpha, rectangle, corner radius).
    shades: list[Shade] = []
    for index, rect in enumerate(cells):
        if lit and any(k in lit for k in pos.spooky_in(index)):
            shades.append(((*palette.accent, 50), rect.inflate(-4, -4), 8))
        # The held first half stays lit among the cells ruled out: its mark is being built.
        ruled_out = look.allowed is not None and index not in look.allowed
        if ruled_out and pos.is_open(index) and index != look.picked:
            shades.append(((0, 0, 0, 90), rect, 0))
    won = _shown_wins(_won_boards(pos, layout), layout, look)
    for b, winners in won.items():
        tint = palette.of(winners[0]) if len(winners) == 1 else palette.accent
        shades.append(((*tint, 40), layout.boards[b][0].move(off), 10))
    bare = _bare_board(layout, palette)
    if shades:
        layer = _copy(bare.panel, spare, within)  # a Canvas: its labels travel with it
        _lay_shades(layer, shades)
        layer.blits(bare.grid, doreturn=False)
    else:
        layer = _copy(bare.gridded, spare, within)

    if look.allowed is not None and len(layout.boards) > 1 and pos.to_play is not None:
        # Ultimate's sending rule: ring the mini-boards the next half may go to.
        for rect, board in layout.boards:
            if look.allowed.intersection(board):
                ring = rect.move(off).inflate(10, 10)
                color = palette.of(pos.to_play)
                pygame.draw.rect(layer, color, ring, max(3, cell // 20), border_radius=10)
                # The mover's mark rides the ring's corner: lit boards say whose by shape too.
                mark = theme.mark_sprite(pos.to_play, max(10, cell // 3), color, 0, 0.18)
                theme.blit_centered(layer, mark, ring.topright)
    for b, winners in won.items():
        tint = palette.of(winners[0]) if len(winners) == 1 else palette.accent
        pygame.draw.rect(
            layer, tint, layout.boards[b][0].move(off).inflate(8, 8), 3, border_radius=10
        )

    if look.show_labels:
        for index, rect in enumerate(cells):
            if (label := cell_label(rect, pos.variant.label(index), palette)) is not None:
                layer.blit(*label)

    with Glass(layer) as glass:
        last = pos.last_placement
        if last is not None and look.show_last and not pos.is_over:
            for c in set(last):
                highlight = (*palette.highlight, 170)
                glass.draw(pygame.draw.rect, highlight, cells[c].inflate(-6, -6), 2, 8)
        if cell >= TINY_CELL:
            _draw_curves(glass, layout, off, pos, palette, lit, cycle, preview)
            rings = cycle.difference(preview.values())
            _draw_cycle_rings(glass, layout, off, pos, palette, rings)

    for index, rect in enumerate(cells):
        k = pos.cells[index]
        if k and index not in look.hidden:
            draw_classical(layer, rect, k, palette)
        elif index in preview:
            draw_classical(layer, rect, preview[index], palette, 190)
        elif not k and rect.width >= TINY_CELL:
            _draw_spooky_cell(layer, layout, off, pos, index, palette, lit, dim=bool(preview))
    _draw_board_winners(layer, layout, off, won, palette)
    if lit:
        _veil(layer, pos, cells, lit, palette)
    _draw_rows(layer, layout, look.rows, palette)
    return layer


def cell_label(
    rect: pygame.Rect, words: str, palette: Palette, color: Color | None = None
) -> tuple[pygame.Surface, tuple[float, float]] | None:
    """A cell's label (in ``color``, else the board's own) and where it goes, in the strip
    above the marks' slots; None where it would not be readable (the cells of a mini-board
    out of focus go without)."""
    size = max(theme.screen_scale().floor, round(rect.width * LABEL))
    if size * 0.75 > rect.width * (1 - SLOT_AREA - SLOT_FOOT):
        return None
    label = theme.text(words, size, color or theme.mix(palette.board, palette.dim, 0.85))
    return label, (rect.x + rect.width * 0.06, rect.y + rect.width * 0.01)


def _copy(
    source: Canvas, spare: pygame.Surface | None, within: pygame.Rect | None = None
) -> Canvas:
    """A copy of ``source``, made in ``spare`` where it has the same size and format: a new
    4K layer's memory costs its first touch (38 ms seen in a collapse's first frame), a copy
    into a layer already made 3 ms. Only ``within`` that rectangle, if given (``spare``
    must fit)."""
    if within is not None and isinstance(spare, Canvas):
        spare.blit(source, within, within)
        return spare
    if not (
        isinstance(spare, Canvas)
        and spare.get_size() == source.get_size()
        and spare.get_pitch() == source.get_pitch()
        and spare.get_bitsize() == source.get_bitsize()
    ):
        return source.copy()
    with memoryview(spare.get_buffer()) as into, memoryview(source.get_buffer()) as pixels:
        into[:] = pixels
    spare.drawn = list(source.drawn)
    return spare


def _veil(
    layer: pygame.Surface,
    pos: Position,
    cells: list[pygame.Rect],
    lit: frozenset[int],
    palette: Palette,
) -> None:
    """Dim every cell no mark of the awaited collapse touches: the cycle is the show."""
    shade = (*palette.background_bottom, 150)
    _lay_shades(
        layer,
        [
            (shade, rect.inflate(-2, -2), 8)
            for index, rect in enumerate(cells)
            if not any(k in lit for k in pos.spooky_in(index))
        ],
    )


def _lay_shades(layer: pygame.Surface, shades: list[Shade]) -> None:
    """Translucent rounded rectangles blended onto ``layer`` as if drawn on one clear sheet,
    a later one replacing an earlier one where they overlap. Where none overlaps (a shade
    for each cell) each is blended alone, and the board between them is not blended for
    nothing: a 4K veil took 5 ms so, 2 ms alone."""
    rects = [rect for _, rect, _ in shades]
    if all(len(rect.collidelistall(rects)) == 1 for rect in rects):
        for color, rect, radius in shades:
            layer.blit(_shade_card(rect.size, color, radius), rect)
        return
    with Glass(layer) as glass:
        for color, rect, radius in shades:
            glass.draw(pygame.draw.rect, color, rect, border_radius=radius)


@lru_cache(maxsize=32)
def _shade_card(
    size: tuple[int, int], color: tuple[int, int, int, int], radius: int
) -> pygame.Surface:
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, color, card.get_rect(), border_radius=radius)
    return card


def _draw_rows(
    layer: pygame.Surface, layout: BoardLayout, rows: tuple[Row, ...], palette: Palette
) -> list[pygame.Rect]:
    """A line through each completed row, from the centre of its first cell to its last; the
    rectangle of the layer each covers."""
    off = (-layout.area.x, -layout.area.y)
    boxes = []
    for row in rows:
        first, last = layout.cells[row.cells[0]], layout.cells[row.cells[-1]]
        start, end = classical_center(first.move(off)), classical_center(last.move(off))
        width = max(3, layout.cell_size // 14)
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
    strips = _strips(box, start, end, width * 2)
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


def _shown_wins(
    won: dict[int, list[Player]], layout: BoardLayout, look: Look
) -> dict[int, list[Player]]:
    """Of the ``won`` mini-boards, those whose win shows: once the collapse being shown has
    landed every mark (a win is not shown before it happened; shown when the last mark of
    its board landed, it would draw the whole board again in the middle of the burst)."""
    waiting = look.hidden | look.landing
    boards = layout.boards
    return {b: winners for b, winners in won.items() if not waiting.intersection(boards[b][1])}


def _won_boards(pos: Position, layout: BoardLayout) -> dict[int, list[Player]]:
    """The mini-boards won so far (Squared, Ultimate), each with its winners (both if shared)."""
    if not isinstance(pos.variant, Squared):
        return {}
    masks = pos.variant.won_boards(pos)
    found = {}
    for b in range(len(layout.boards)):
        winners = [p for p, mask in zip(Player, masks, strict=True) if mask >> b & 1]
        if winners:
            found[b] = winners
    return found


def _draw_cycle_rings(
    glass: Glass,
    layout: BoardLayout,
    off: tuple[int, int],
    pos: Position,
    palette: Palette,
    cycle: frozenset[int],
) -> None:
    """A ring around each half of a mark on the cycle: the marks a chooser may click."""
    width = max(1, layout.cell_size // 90)
    for k, a, b in pos.spooky_marks:
        if k not in cycle:
            continue
        for c in (a, b):
            x, y = layout.mark_center(pos, k, c)
            radius = layout.slot_size(len(pos.spooky_in(c)), c) * 0.46
            center = (x + off[0], y + off[1])
            glass.draw(pygame.draw.circle, (*palette.accent, 60), center, radius)
            glass.draw(pygame.draw.circle, (*palette.accent, 230), center, radius, width)


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


def _bare_board(layout: BoardLayout, palette: Palette) -> BareBoard:
    for key, kept in _bare:
        if key == (layout, palette):
            return kept
    area = layout.area
    panel = _bare_panel(area.size, palette, _corner(layout))
    bare = BareBoard(panel, _grid_pieces(layout, (-area.x, -area.y), palette))
    _bare[:] = [*_bare[-3:], ((layout, palette), bare)]
    return bare


@lru_cache(maxsize=2)  # shared by the layouts of one panel: Ultimate's zoom moves the grid
def _bare_panel(size: tuple[int, int], palette: Palette, corner: int) -> Canvas:
    panel = Canvas(size, pygame.SRCALPHA)
    # Drawn on it rather than blitted from theme.panel's kept layer: opaque, so the same
    # pixels, and each of Ultimate's zoomed sizes no longer keeps a second copy (120 MB at 4K).
    theme.paint_panel(panel, palette.board, palette.grid_glow, corner, 255)
    return panel


def _corner(layout: BoardLayout) -> int:
    """The radius of the board panel's rounded corners."""
    return max(6, layout.cell_size // 5)


def paint_board(
    image: pygame.Surface,
    layer: pygame.Surface,
    layout: BoardLayout,
    palette: Palette,
    panels: tuple[pygame.Rect, ...] = (),
) -> None:
    """The still backdrop and a board's layer (:meth:`BoardView.layer`) over it, within
    ``image``'s clip. Every pixel of a layer's panel is opaque but in its rounded corners,
    so the backdrop goes only where the panel does not cover it: a landed mark's cell is
    painted again without it, and a 4K board without 4 million pixels drawn twice.

    ``panels`` are where the caller paints opaque pictures next, the backdrop within them
    (:func:`theme.backed_panel`): no backdrop goes there either (a 4K side panel painted
    again with each move, 2 ms of backdrop covered at once)."""
    clip = image.get_clip()
    pieces = _uncovered(clip, layout.area, _corner(layout))
    for panel in panels:
        pieces = [rest for piece in pieces for rest in _outside(piece, panel)]
    for piece in pieces:
        # A little wider, within the clip: what is painted over next covers it again.
        image.set_clip(on_columns_of_16(piece).clip(clip))
        theme.backdrop(image, palette, 0.0, drift=False)
    image.set_clip(clip)
    image.blit(layer, layout.area)


def _outside(piece: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``piece`` outside ``hole``: the bands above and below it, then beside it."""
    inside = piece.clip(hole)
    if not inside:
        return [piece]
    bands = (
        pygame.Rect(piece.left, piece.top, piece.width, inside.top - piece.top),
        pygame.Rect(piece.left, inside.bottom, piece.width, piece.bottom - inside.bottom),
        pygame.Rect(piece.left, inside.top, inside.left - piece.left, inside.height),
        pygame.Rect(inside.right, inside.top, piece.right - inside.right, inside.height),
    )
    return [band for band in bands if band.width > 0 and band.height > 0]


def _uncovered(clip: pygame.Rect, area: pygame.Rect, corner: int) -> list[pygame.Rect]:
    """The parts of ``clip`` that a panel filling ``area`` with corners of radius ``corner``
    does not cover: what lies outside it and its four corners."""
    left, top, right, bottom = area.left, area.top, area.right, area.bottom
    corners = (
        pygame.Rect(x, y, corner, corner)
        for x in (left, right - corner)
        for y in (top, bottom - corner)
    )
    return [*_outside(clip, area), *(rect for piece in corners if (rect := clip.clip(piece)))]


def forget() -> None:
    """Drop the bare boards, grids and shades kept here (a session ending, a window
    resized)."""
    _bare.clear()
    _bare_panel.cache_clear()
    _board_grid.cache_clear()
    _shade_card.cache_clear()


def _grid_pieces(layout: BoardLayout, off: tuple[int, int], palette: Palette) -> tuple[Piece, ...]:
    """The grid as sprites to blend onto the layer, and where: one for each mini-board.

    Blending them one by one leaves the pixels :func:`_grid_sheet` would, as long as no
    two touch. Ultimate's zoom gives each move a layout of its own, while its mini-boards
    come in two sizes: a 4K sheet took 10 ms to make, its boards are looked up. A board too
    small for its mini-boards' frames to stay apart (a thumbnail) is one sheet.
    """
    boxes, width, framed = _grid_boxes(layout, off)
    inks = [box.inflate(2 * _FRAME_OUT, 2 * _FRAME_OUT) for box, _, _ in boxes]
    if framed and any(len(ink.collidelistall(inks)) > 1 for ink in inks):
        return ((_grid_sheet(layout, off, palette), (0, 0)),)
    pad = _grid_pad(width)
    return tuple(
        (_board_grid(box.size, xs, ys, width, framed, palette), (box.x - pad, box.y - pad))
        for box, xs, ys in boxes
    )


def _grid_sheet(layout: BoardLayout, off: tuple[int, int], palette: Palette) -> pygame.Surface:
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


CLASSICAL_SIZE = 0.66  # a classical mark's size, of its cell's side


def classical_center(rect: pygame.Rect) -> tuple[float, float]:
    """Where a classical mark sits: a little up and left, to leave its subscript room."""
    return rect.centerx - rect.width * 0.04, rect.centery - rect.height * 0.04


def draw_classical(
    layer: pygame.Surface,
    rect: pygame.Rect,
    k: int,
    palette: Palette,
    alpha: int = 255,
    size: float = 0,
) -> None:
    """Classical mark ``k`` in ``rect``; ``size`` (pixels) overrides its usual size."""
    for image, at in classical_blits(rect, k, palette, alpha, size):
        layer.blit(image, at)  # one by one: a canvas records the subscript's words


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.x, rect.y, rect.width, rect.height


def classical_reach(rect: pygame.Rect, palette: Palette) -> pygame.Rect:
    """Where any classical mark of ``rect``'s cell may draw (its glow reaches past the cell)."""
    reach = rect.copy()
    for k in (1, 2):  # an X and an O
        reach.unionall_ip([at for _, at in classical_blits(rect, k, palette)])
    return reach


def classical_blits(
    rect: pygame.Rect, k: int, palette: Palette, alpha: int = 255, size: float = 0
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """What :func:`draw_classical` blits, and where."""
    player = Player.of_mark(k)
    color = palette.of(player)
    sprite = theme.trimmed_mark(
        player, round(size or rect.width * CLASSICAL_SIZE), color, palette.glow_strength, 0.12
    )
    if alpha < 255:
        sprite = theme.faded(sprite, alpha)
    x, y = classical_center(rect)
    blits = [(sprite, sprite.get_rect(center=(round(x), round(y))))]
    if rect.width // 4 < theme.screen_scale().floor:
        return blits  # a cell out of focus: its subscript would be too small to read
    sub = theme.text(str(k), rect.width // 4, color, True)
    if alpha < 255:
        sub = theme.faded(sub, alpha)
    corner = (rect.right - rect.width // 12, rect.bottom - rect.width // 16)
    return [*blits, (sub, sub.get_rect(bottomright=corner))]


def _draw_spooky_cell(
    layer: pygame.Surface,
    layout: BoardLayout,
    off: tuple[int, int],
    pos: Position,
    cell: int,
    palette: Palette,
    lit: frozenset[int],
    dim: bool,
) -> None:
    marks = pos.spooky_in(cell)
    count = len(marks)
    slot = layout.slot_size(count, cell)
    size = max(6, round(slot * 0.58))
    # A subscript as large as its slot allows, at least the readable floor; none in a slot
    # too small for that (a mini-board out of focus, a preview).
    least = theme.screen_scale().floor
    sub_size = max(least, round(slot * 0.42)) if slot * 0.6 >= least else 0
    for index, k in enumerate(marks):
        x, y = layout.slot_center(cell, index, count)
        x, y = x + off[0], y + off[1]
        player = Player.of_mark(k)
        color = palette.of(player)
        if (lit and k not in lit) or dim:
            color = theme.mix(palette.board, color, palette.aside)
        sprite = theme.trimmed_mark(player, size, color, palette.glow_strength // 2)
        theme.blit_centered(layer, sprite, (x - slot * 0.1, y - slot * 0.06))
        if sub_size:
            sub = theme.text(str(k), sub_size, color, True)
            layer.blit(sub, sub.get_rect(topleft=(x + slot * 0.12, y - slot * 0.08)))


def _curve(
    a: tuple[float, float], b: tuple[float, float], bend: float, steps: int = 14
) -> list[tuple[float, float]]:
    """A quadratic curve from ``a`` to ``b`` bowed sideways by ``bend`` of its length."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    cx, cy = mx - dy * bend, my + dx * bend
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * a[0] + 2 * u * t * cx + t * t * b[0],
                u * u * a[1] + 2 * u * t * cy + t * t * b[1],
            )
        )
    return out


def _draw_curves(
    glass: Glass,
    layout: BoardLayout,
    off: tuple[int, int],
    pos: Position,
    palette: Palette,
    lit: frozenset[int],
    cycle: frozenset[int],
    preview: dict[int, int],
) -> None:
    width = max(1, layout.cell_size // 40)
    for k, a, b in pos.spooky_marks:
        pa, pb = layout.mark_center(pos, k, a), layout.mark_center(pos, k, b)
        # Alternate the bow by subscript so two marks on one pair of cells stay apart.
        points = [(x + off[0], y + off[1]) for x, y in _curve(pa, pb, 0.12 if k % 2 else -0.12)]
        if k in preview.values():
            continue  # the preview shows this mark classical already
        color = palette.of(Player.of_mark(k))
        strong = k in cycle
        faded = lit and k not in lit
        alpha = round(110 * palette.aside) if faded else 230 if strong else 190 if k in lit else 140
        # Shape as well as colour: X's curves are solid, O's dashed (colour-blind players, and
        # a greyscale copy, tell the sides apart by the line itself).
        strokes = [(width * (2 if strong else 1), alpha)]
        if palette.glow_strength and not faded:
            strokes.insert(0, (width * 5, alpha // 4))
        for stroke, shade in strokes:
            if Player.of_mark(k) is Player.X:
                glass.draw(pygame.draw.lines, (*color, shade), False, points, stroke)
            else:
                for start, end in _dashes(points):
                    _dash(glass, (*color, shade), start, end, stroke)


def _dashes(points: list[Spot]) -> list[tuple[Spot, Spot]]:
    """``points`` (a curve of 14 steps) as dashes: every other step, ends included."""
    return [(points[i], points[i + 1]) for i in range(0, len(points) - 1, 2)]


def _dash(glass: Glass, color: tuple[int, ...], start: Spot, end: Spot, width: int) -> None:
    """One dash, ``width`` thick, its ends square across it: pygame's thick lines end flat
    along an axis, which made a slanted dash (and its glow) a broken-looking stub."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = (y1 - y2) / length * width / 2, (x2 - x1) / length * width / 2
    corners = [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]
    glass.draw(pygame.draw.polygon, color, corners)


def _draw_board_winners(
    layer: pygame.Surface,
    layout: BoardLayout,
    off: tuple[int, int],
    won: dict[int, list[Player]],
    palette: Palette,
) -> None:
    """A large faint mark over each won mini-board; both marks, side by side, if shared."""
    for b, winners in won.items():
        box = layout.boards[b][0].move(off)
        size = round(box.width * (0.8 if len(winners) == 1 else 0.48))
        for i, winner in enumerate(winners):
            sprite = theme.faded(theme.mark_sprite(winner, size, palette.of(winner), 0, 0.07), 120)
            dx = 0 if len(winners) == 1 else (i - 0.5) * box.width * 0.5
            theme.blit_centered(layer, sprite, (box.centerx + dx, box.centery))


def allowed_cells(pos: Position, first: int | None = None) -> frozenset[int]:
    """Cells the next half may go to: any legal placement's, or ``first``'s partner's."""
    found: set[int] = set()
    for action in pos.legal_actions():
        if isinstance(action, Place) and (first is None or first in action):
            found.update(action)
    if first is not None and not (len(found) == 1 and first in found):
        found.discard(first)
    return frozenset(found)


def shown_allowed(pos: Position, first: int | None, found: frozenset[int]) -> frozenset[int] | None:
    """What :attr:`Look.allowed` holds of ``found`` (:func:`allowed_cells` of ``pos`` and
    ``first``): None where the rules rule no open cell out but the held ``first`` (on
    Squared every mini-board would be ringed in the mover's colour, as if the mover had
    won them all)."""
    held = {first} if first is not None else set()
    return found if len(found | held) < len(pos.open_cells()) else None
