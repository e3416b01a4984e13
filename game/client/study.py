"""The study overlay: each open cell shaded by the best result a placement using it keeps.

A cell a best placement uses is lit in the mover's colour; the others in the
colour of the grade the replay graph gives a ply that loses that much
(:func:`game.client.value_graph.grade_color`), so a glance shows where the
game is kept and where it is thrown away. Each cell also says its value, since
a colour alone is not enough for everyone: the mover's lead in points on the
solved games ("+½", "0", "–1"), an expected score elsewhere ("64%").
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

import pygame

from game.ai.analysis import label_of
from game.client import theme
from game.client.board_layout import BoardLayout
from game.client.board_marks import cell_label
from game.client.theme import Color, Palette
from game.client.value_graph import grade_color
from game.rules import Position

FILL = 70  # of 255: the marks under the shade stay readable
MINUS = "\u2013"  # an en dash: the game's fonts have no minus sign


def lead_words(lead: float, exact: bool) -> str:
    """A cell's value as it is written on it."""
    if not exact:
        return f"{round(50 * (1 + lead))}%"
    half = Fraction(lead).limit_denominator(2)
    whole, part = divmod(abs(half), 1)
    number = ("" if whole == 0 and part else str(whole)) + ("½" if part else "")
    return "0" if half == 0 else ("+" if half > 0 else MINUS) + number


def draw_study(
    surface: pygame.Surface,
    layout: BoardLayout,
    pos: Position,
    leads: Mapping[int, float],
    exact: bool,
    palette: Palette,
) -> None:
    """Shade and label every cell in ``leads`` (the mover's best lead through it)."""
    mover = pos.to_play
    if not leads or mover is None:
        return
    best = max(leads.values())
    least = theme.screen_scale().floor
    for cell, lead in leads.items():
        rect = layout.cells[cell]
        grade = label_of(best - lead)
        keeps = grade == "best"  # an estimate a hair under the best is as good as it
        # A best cell: the mover's colour under a bright edge; a worse one: its grade's, fainter.
        color = palette.of(mover) if keeps else grade_color(grade, palette)
        edge = palette.text if keeps else color
        inner = rect.inflate(-max(6, rect.width // 14), -max(6, rect.width // 14))
        # A best cell has the thick edge, so the grades differ in grey too, not by hue alone.
        border = max(4, rect.width // 24) if keeps else max(2, rect.width // 70)
        shade = _shade(inner.size, color, edge, FILL if keeps else FILL // 2, border, rect.width)
        surface.blit(shade, inner)
        # The cell's number, over the shade's edge: dark across a best cell's bright one.
        dark = palette.board if keeps else None
        if (label := cell_label(rect, pos.variant.label(cell), palette, dark)) is not None:
            surface.blit(*label)
        size = max(least, round(rect.width * 0.17))
        if size > rect.height * 0.4:
            continue  # a cell too small to say its value still shows its colour
        words = theme.text(lead_words(lead, exact), size, palette.text, bold=True)
        pill = words.get_rect(midbottom=(inner.centerx, inner.bottom - border))
        theme.panel(surface, pill.inflate(size // 2, 2), palette.board, edge, size // 3, 225)
        surface.blit(words, pill)


@lru_cache(maxsize=64)
def _shade(
    size: tuple[int, int], fill: Color, edge: Color, alpha: int, border: int, cell: int
) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, cell // 12)
    pygame.draw.rect(shade, (*fill, alpha), shade.get_rect(), border_radius=radius)
    pygame.draw.rect(shade, (*edge, 230), shade.get_rect(), border, border_radius=radius)
    return shade
