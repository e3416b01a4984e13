"""The marks on a board: classical marks with their subscripts, spooky marks in their slots, the
curves joining a spooky mark's two halves, the rings of a cycle, a won mini-board's big mark,
and the cells' labels.

Every spooky mark's two halves are joined by a curve in its player's colour, solid for X and
dashed for O: everything that tells the sides apart does it by shape too.
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.board_layout import LABEL, SLOT_AREA, SLOT_FOOT, BoardLayout
from game.client.glass import Glass
from game.client.theme import Color, Palette
from game.rules import Player, Position

Spot = tuple[float, float]  # a point on the layer, between pixels
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


def draw_spooky_cell(
    layer: pygame.Surface,
    layout: BoardLayout,
    off: tuple[int, int],
    pos: Position,
    cell: int,
    palette: Palette,
    lit: frozenset[int],
    dim: bool,
    far: bool = False,
) -> None:
    """The spooky marks in ``cell``, each with its move as a subscript; ``far``: read from
    across a room (the big screen)."""
    marks = pos.spooky_in(cell)
    count = len(marks)
    slot = layout.slot_size(count, cell)
    size = max(6, round(slot * 0.58))
    # A subscript as large as its slot allows, at least the readable floor; none in a slot
    # too small for that (a mini-board out of focus, a preview). From across a room, a
    # fortieth of the screen where half the slot holds it.
    scale = theme.screen_scale()
    sub_size = max(scale.floor, round(slot * 0.42)) if slot * 0.6 >= scale.floor else 0
    if far and sub_size:
        sub_size = max(sub_size, min(scale.px(theme.ACROSS_ROOM), round(slot * 0.5)))
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


def draw_cycle_rings(
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


def draw_curves(
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


def draw_board_winners(
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
