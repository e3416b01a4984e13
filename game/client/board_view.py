"""Drawing a position, for every variant: a function of the position and a few view options.

:class:`BoardView` paints a position, in a :class:`~game.client.board_layout.BoardLayout`,
with :class:`Look` (what the player is pointing at, what is previewed, which cells an
effect is drawing instead) and reads nothing else. The board's panel and grid come from
:mod:`game.client.board_grid`, its marks from :mod:`game.client.board_marks`, the lines
through completed rows from :mod:`game.client.row_lines`. While a collapse is awaited,
the marks it will resolve light up and the cycle's brightest.

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

from game.client import board_grid, theme
from game.client.board_grid import bare_board, panel_corner
from game.client.board_layout import TINY_CELL, BoardLayout, layout_board
from game.client.board_marks import (
    cell_label,
    classical_reach,
    draw_board_winners,
    draw_classical,
    draw_curves,
    draw_cycle_rings,
    draw_spooky_cell,
)
from game.client.canvas import Canvas
from game.client.glass import Glass
from game.client.row_lines import draw_rows
from game.client.still import Parts, on_columns_of_16
from game.client.theme import Color, Palette
from game.rules import Place, Player, Position, Row, Variant
from game.rules.squared import Squared


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
    far: bool = False  # read from across a room (the big screen): larger subscripts


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
    far: bool


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


SPARE_LAYERS = 2  # layers of other sizes kept to draw into (BoardView._spare_for)
PULSE_RATE = 5.0  # radians a second the pointer's highlight breathes at (see theme.rest_after)


@dataclass(slots=True)
class BoardView:
    """Paints positions of one variant; keeps only a cache of what it painted last."""

    variant: Variant
    _cache_key: _LayerKey | None = field(default=None, init=False)
    _cache: pygame.Surface | None = field(default=None, init=False)
    # The last layers of other sizes than the one shown, newest first: a zoom on Squared's and
    # Ultimate's boards changes the panel's size from move to move (see _spare_for).
    _others: list[pygame.Surface] = field(default_factory=list, init=False)
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
            look.far,
        )
        old = self._cache_key
        if key != old:
            if self._cache is None or old is None or not self._draw_change(old, key, look):
                spare = self._spare_for(layout.area.size)
                self._cache = _render_static(pos, layout, palette, look, spare=spare)
                self._struck = []  # the board's part holds its rows again
                self.revision += 1
                self.renders += 1
            self._cache_key = key
        assert self._cache is not None
        return self._cache

    def _spare_for(self, size: tuple[int, int]) -> pygame.Surface | None:
        """A layer no longer shown to draw the next one of ``size`` into: the one shown, or
        one of that size shown before it. A new 4K layer's memory costs its first touch
        (4.7 ms of an Ultimate collapse's first frame, whose zoom changes the size); the
        zoom comes in three sizes mostly, and the two kept meet 87% of its changes."""
        shown = self._cache
        if shown is None or shown.get_size() == size:
            return shown
        found = next((layer for layer in self._others if layer.get_size() == size), None)
        self._others = [shown, *(layer for layer in self._others if layer is not found)]
        del self._others[SPARE_LAYERS:]
        return found

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
            self._drawn_alone(layout, palette, draw_rows(self._cache, layout, added, palette))
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
            # Cells of one size reach alike: each size's reach is found once (Ultimate's 81
            # cells come in two sizes, and a zoom gives each move a layout of its own).
            reach: dict[tuple[int, int], pygame.Rect] = {}
            self._cell_parts = []
            for c in layout.cells:
                if c.size not in reach:
                    reach[c.size] = classical_reach(c, palette).move(-c.x, -c.y)
                self._cell_parts.append((_box(reach[c.size].move(c.topleft)), 0))
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
    bare = bare_board(layout, palette)
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
            draw_curves(glass, layout, off, pos, palette, lit, cycle, preview)
            rings = cycle.difference(preview.values())
            draw_cycle_rings(glass, layout, off, pos, palette, rings)

    if lit:  # over the grid and curves, under the marks: dimmed there to their aside colour
        _veil(layer, pos, cells, lit, palette)
    for index, rect in enumerate(cells):
        k = pos.cells[index]
        if k and index not in look.hidden:
            draw_classical(layer, rect, k, palette, round(255 * palette.aside) if lit else 255)
        elif index in preview:
            draw_classical(layer, rect, preview[index], palette, 190)
        elif not k and rect.width >= TINY_CELL:
            draw_spooky_cell(
                layer, layout, off, pos, index, palette, lit, dim=bool(preview), far=look.far
            )
    draw_board_winners(layer, layout, off, won, palette)
    draw_rows(layer, layout, look.rows, palette)
    return layer


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
    pieces = _uncovered(clip, layout.area, panel_corner(layout))
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
    """Drop the bare boards, grids and shades kept (a session ending, a window resized)."""
    board_grid.forget()
    _shade_card.cache_clear()


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return rect.x, rect.y, rect.width, rect.height


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
