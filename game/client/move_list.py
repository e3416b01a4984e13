"""The moves of a game as lines a player reads, in the words the play screen uses everywhere.

``X5   1.3 & 8.6`` for a spooky mark in two cells and ``O collapses: X3 in 5``
for a collapse choice: the play screen's panel, the replay viewer and the
results all say it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import theme
from game.client.prose import mark_name
from game.client.theme import Color, Palette
from game.rules import Action, Collapse, Place, Player, Variant


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    player: Player  # who made the move
    collapse: bool  # a collapse choice (drawn indented, dimmer)


def describe(variant: Variant, action: Action, mark: int) -> str:
    """``action`` in words; ``mark`` is the number of the mark a placement makes."""
    if isinstance(action, Place):
        return f"{mark_name(mark)}   {action_cells(variant, action)}"
    return f"{Player.of_mark(mark + 1)} collapses: {action_cells(variant, action)}"


def action_cells(variant: Variant, action: Action) -> str:
    """An action as the move list says it, less the mark placed: "1 & 9", "both halves in 7",
    or a collapse's "X5 in 2" (never the record's "1-9" or "5@2", which a player never sees)."""
    label = variant.label
    if isinstance(action, Collapse):
        return f"{mark_name(action.mark)} in {label(action.cell)}"
    if action.a == action.b:
        return f"both halves in {label(action.a)}"
    return f"{label(action.a)} & {label(action.b)}"


@lru_cache(maxsize=8)
def lines(variant: Variant, moves: tuple[str, ...]) -> tuple[Line, ...]:
    """Every token of ``moves`` as a line, first first."""
    out = []
    mark = 0
    for token in moves:
        action = variant.parse_token(token)
        if isinstance(action, Place):
            mark += 1
            out.append(Line(describe(variant, action, mark), Player.of_mark(mark), False))
        else:
            out.append(Line(describe(variant, action, mark), Player.of_mark(mark + 1), True))
    return tuple(out)


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    shown: tuple[Line, ...],
    palette: Palette,
    size: int,
    played: int | None = None,
    signs: dict[int, tuple[str, Color]] | None = None,
) -> None:
    """The last of ``shown`` that fit ``area``, newest last.

    With ``played`` (a replay), the lines from ``played`` on are still to come: they are
    dim, the last one played is bold on a band, and the list scrolls to keep it in view.
    ``signs`` writes a grade after some lines (``?!`` in its colour, by line index).
    """
    step = theme.font(size).get_linesize()
    fits = max(0, area.height // step)
    now = None if played is None else played - 1
    first = max(0, len(shown) - fits)
    if now is not None:
        first = max(0, min(now - fits // 2, len(shown) - fits))
    y = area.y
    for index in range(first, min(len(shown), first + fits)):
        line = shown[index]
        indent = round(size * 1.2) if line.collapse else 0
        color = palette.dim if line.collapse else palette.of(line.player)
        if played is not None and index >= played:
            color = theme.mix(palette.board, palette.dim, 0.7)
        bold = index == now
        if bold:
            band = pygame.Rect(area.x - size // 4, y, area.width + size // 2, step)
            pygame.draw.rect(surface, theme.mix(palette.board, palette.accent, 0.35), band, 0, 6)
        sign = (signs or {}).get(index)
        room = area.width - indent - (3 * size if sign else 0)
        words, _ = theme.fitted(line.text, size, room, size, bold)
        image = theme.text(words, size, color, bold)
        surface.blit(image, (area.x + indent, y))
        if sign is not None:
            mark = theme.text(sign[0], size, sign[1], True)
            surface.blit(mark, (area.x + indent + image.get_width() + size // 2, y))
        y += step
